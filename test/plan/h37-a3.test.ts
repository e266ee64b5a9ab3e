// Session 37 second reading, part a3 (issue 32, notes/h37-a3.md): where a drawn command still differed from upstream's
// body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h37a3-');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * upstream's fetchFilterViews + findFilterViewByID (internal/helpers/sheet_filter_view.go:12-59@c7521c1c), as a model:
 * the view found for `id`, or undefined. Only the list's objects are views (a text, number or null element is skipped).
 */
function upstreamView(answer: unknown, id: string): Record<string, unknown> | undefined {
  if (!isObject(answer)) return undefined;
  const root = isObject(answer.result) ? answer.result : answer;
  if (!Array.isArray(root.filterViews)) return undefined;
  for (const view of root.filterViews.filter(isObject)) {
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    if (text(view.id) === id || text(view.filterViewId) === id) return view;
  }
  return undefined;
}

describe('sheet filter-view list-criteria (drawn) and its siblings info / get-criteria find the view as findFilterViewByID (sheet_filter_view.go:39-56@c7521c1c)', () => {
  it('an element of filterViews that is not an object is no view: without --filter-view-id it is not found', async () => {
    outputs.answer('sheet/get_filter_views', { filterViews: ['x', 7, null] });
    for (const sub of ['list-criteria', 'info', 'get-criteria']) {
      expect((await outputs.sent(['sheet', 'filter-view', sub, '--node', 'n', '--sheet-id', 's'])).reason).toBeDefined();
    }
  });
  it('list-criteria prints the found view\'s criteria object, {} when it has none, and refuses when none is found, for any list', async () => {
    const element = fc.constantFrom<unknown>(null, 'x', 5, [], {}, { id: 'a', criteria: { 1: 2 } }, { id: 5, criteria: { 3: 4 } },
      { filterViewId: 'a', criteria: 'c' }, { id: '', criteria: { 5: 6 } });
    await fc.assert(fc.asyncProperty(fc.array(element, { maxLength: 4 }), fc.boolean(), fc.constantFrom('', 'a'), async (list, wrap, id) => {
      const answer = wrap ? { result: { filterViews: list } } : { filterViews: list };
      outputs.answer('sheet/get_filter_views', answer);
      const run = await outputs.sent(['sheet', 'filter-view', 'list-criteria', '--node', 'n', '--sheet-id', 's', ...(id ? ['--filter-view-id', id] : [])]);
      const view = upstreamView(answer, id);
      if (view === undefined) expect(run.reason).toBeDefined();
      else expect(run.printed).toEqual(isObject(view.criteria) ? view.criteria : {});
    }), { numRuns: 40 });
  });
});
