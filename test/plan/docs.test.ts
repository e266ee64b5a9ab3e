// docs/PLANS.md is the reference of the plan language: every source kind, condition kind, transform and step kind
// the validator accepts is named there (in backticks, or as a key of an example), so a primitive cannot be added
// without its documentation.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONDITION_KINDS, SOURCE_KINDS } from '../../src/plan/spec.js';
import { PARAMETRIZED_TRANSFORMS, TRANSFORMS } from '../../src/plan/transforms/index.js';
import { STEP_KEYS } from '../../src/plan/validate.js';
import { ROOT } from '../helpers.js';

const DOC = readFileSync(path.join(ROOT, 'docs', 'PLANS.md'), 'utf8');

const undocumented = (names: readonly string[], written: (n: string) => RegExp) => names.filter((n) => !written(n).test(DOC));
const esc = (n: string) => n.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

describe('docs/PLANS.md', () => {
  it('names every source and condition kind as {kind: ...}', () => {
    expect(undocumented(SOURCE_KINDS, (n) => new RegExp(`\`\\{${esc(n)}:`, 'u'))).toEqual([]);
    expect(undocumented(CONDITION_KINDS, (n) => new RegExp(`\`\\{${esc(n)}:`, 'u'))).toEqual([]);
  });

  it('names every transform of the closed set', () => {
    expect(undocumented(Object.keys(TRANSFORMS), (n) => new RegExp(`^\\|[^\\n]*\`${esc(n)}\``, 'mu'))).toEqual([]);
    expect(undocumented(PARAMETRIZED_TRANSFORMS, (n) => new RegExp(`\`\\{?${esc(n)}:`, 'u'))).toEqual([]);
  });

  it('names every key a step may carry (its kinds and modifiers)', () => {
    expect(undocumented(STEP_KEYS, (n) => new RegExp(`\`${esc(n)}[:\`]|^\\s*(- )?${esc(n)}:`, 'mu'))).toEqual([]);
  });
});
