// How a command runs is answered once (src/plan/runs.ts): the snapshot's executable bit, which search filters on, is
// that answer for every shipped tool, and dispatch refuses exactly the commands it says do not run.
import { describe, expect, it } from 'vitest';
import { howItRuns, runs } from '../../src/plan/runs.js';
import type { ToolSpec } from '../../src/catalog/types.js';
import { shippedEngine } from '../helpers.js';

describe('howItRuns', () => {
  it('is what the shipped snapshot says search may offer, tool by tool', () => {
    const e = shippedEngine();
    for (let doc = 0; doc < e.meta.count; doc++) expect(e.meta.executableAt(doc), e.meta.canonical_path.at(doc)).toBe(runs(e.spec(doc)));
  });

  it('never runs an unavailable command, runs a local one locally and an atomic one as its one-step plan', () => {
    const base = shippedEngine().tools().find((t) => t.interface_mode === 'mcp' && !t.plan)!;
    expect(howItRuns({ ...base, availability: 'unavailable', interface_reason: 'gone' })).toEqual({ kind: 'unavailable', reason: 'gone' });
    expect(howItRuns({ ...base, interface_mode: 'local', interface_ref: undefined } as ToolSpec)).toEqual({ kind: 'local' });
    const how = howItRuns(base);
    expect(how.kind === 'plan' && how.plan.steps.map((s) => s.kind)).toEqual(['call']);
    expect(howItRuns({ ...base, interface_mode: 'composite', interface_ref: undefined } as ToolSpec).kind).toBe('none');
  });
});
