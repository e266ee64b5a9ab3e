// Session 46, helper xb (issue 32, notes/h46-xb.md): upstream's cross-product flag spellings on drive, wiki and sheet
// (RegisterCrossProductAliases, internal/helpers/cross_product_aliases.go:37-82@c7521c1c), read as each command body
// reads them. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h46xb-');

/** upstream's flagOrFallback (pkg/cmdutil/flags.go:78-89@c7521c1c): the first spelling, in order, typed non-empty. */
function flagOrFallback(typed: Record<string, string>, order: string[]): string | undefined {
  for (const name of order) if (typed[name] !== undefined && typed[name] !== '') return typed[name];
  return undefined;
}

const argvOf = (typed: Record<string, string>) => Object.entries(typed).map(([k, v]) => `--${k}=${v}`);

// sheet template search reads GetString("query") first and only when it is empty flagOrFallback(keyword, name)
// (internal/helpers/sheet_template.go:82-88@c7521c1c): --query wins over the hidden --keyword / --name
describe('sheet template search: --query is read before the hidden --keyword and --name (sheet_template.go:82-88)', () => {
  const value = fc.constantFrom('', ' ', 'q1', 'q2');
  const typedSet = fc.record({ query: value, keyword: value, name: value }, { requiredKeys: [] });
  it('sends searchName as upstream reads it, or refuses when every spelling is empty', async () => {
    await fc.assert(fc.asyncProperty(typedSet, async (typed) => {
      outputs.answer('sheet/search_sheet_templates', { success: true, result: { templates: [] } });
      const run = await outputs.sent(['sheet', 'template', 'search', ...argvOf(typed)]);
      const want = flagOrFallback(typed, ['query', 'keyword', 'name']);
      if (want === undefined) {
        expect(run.reason).toBe('missing_parameter');
        expect(run.calls).toEqual([]);
      } else {
        expect(run.reason).toBeUndefined();
        expect(run.calls).toEqual([['sheet/search_sheet_templates', { searchName: want }]]);
      }
    }), { numRuns: 40 });
  });
  it('--keyword k --query q sends q', async () => {
    outputs.answer('sheet/search_sheet_templates', { success: true, result: { templates: [] } });
    const run = await outputs.sent(['sheet', 'template', 'search', '--keyword', 'k', '--query', 'q']);
    expect(run.calls).toEqual([['sheet/search_sheet_templates', { searchName: 'q' }]]);
  });
});
