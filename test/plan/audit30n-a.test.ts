// The fourteenth audit, part a (seed 20261215, notes/audit-30n-a.md): what its commands print, run as a user types
// them against the recording backend on 127.0.0.1. The calls themselves are pinned by the `a-n1:` cases of
// test/fixtures/calls/*.yaml.
//
// sheet filter-view list-criteria (runFilterViewListCriteria, sheet_filter_view.go:87-116@c7521c1c) reads
// get_filter_views' answer as fetchFilterViews does (:12-45: the views under `result` when `result` is an object,
// else at the top; a `filterViews` that is not a list is no view), finds the view as findFilterViewByID (:48-58: the
// views in order, each matched by its text `id`, then by its text `filterViewId`) and prints its `criteria` only when
// that is a non-empty object, else `{}`. info (:60-85) prints the found view; get-criteria (:118-161) reads the same view.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseGoBool } from '../../src/dispatch/flags.js';
import { useOutputRuns } from './output-runs.js';

const { run, answer, failure, mcp } = useOutputRuns('dws-audit30n-a-');
const fv = (sub: string, ...more: string[]) => ['sheet', 'filter-view', sub, '--node', 'n1', '--sheet-id', 's1', ...more];

describe('sheet filter-view list-criteria prints the criteria object of the view upstream finds', () => {
  it('prints the view\'s criteria object as it came', async () => {
    answer('sheet/get_filter_views', { filterViews: [{ id: 'fv1', criteria: { 0: { filterType: 'values', visibleValues: ['a'] } } }] });
    expect(await run(fv('list-criteria', '--filter-view-id', 'fv1'))).toEqual({ 0: { filterType: 'values', visibleValues: ['a'] } });
  });

  it('prints {} when the criteria are a list, a text, null or empty (criteria.(map[string]any), :110-113)', async () => {
    for (const criteria of [[{ column: 0 }], 'x', null, {}]) {
      answer('sheet/get_filter_views', { result: { filterViews: [{ id: 'fv1', criteria }] } });
      expect(await run(fv('list-criteria', '--filter-view-id', 'fv1'))).toEqual({});
    }
  });

  it('takes the first view, in list order, whose id or filterViewId is the one given (findFilterViewByID :48-56)', async () => {
    answer('sheet/get_filter_views', { filterViews: [
      { id: 'fvA', filterViewId: 'X', criteria: { from: 'A' } },
      { id: 'X', criteria: { from: 'B' } },
    ] });
    expect(await run(fv('list-criteria', '--filter-view-id', 'X'))).toEqual({ from: 'A' });
  });

  it('reads the views inside result whenever result is an object, never the top-level list beside it (:30-33)', async () => {
    answer('sheet/get_filter_views', { result: { total: 1 }, filterViews: [{ id: 'fv1', criteria: { a: 1 } }] });
    const outcome = await failure(fv('list-criteria', '--filter-view-id', 'fv1'));
    expect({ reason: outcome.reason, out: outcome.out }).toEqual({ reason: 'invalid_parameter', out: '' });
  });

  it('refuses a view whose id is a number, as the text comparison finds none (:49-53)', async () => {
    answer('sheet/get_filter_views', { filterViews: [{ id: 5, criteria: { a: 1 } }] });
    const outcome = await failure(fv('list-criteria', '--filter-view-id', '5'));
    expect({ reason: outcome.reason, out: outcome.out }).toEqual({ reason: 'invalid_parameter', out: '' });
  });
});

describe('sheet filter-view info and get-criteria find the view the same way', () => {
  const views = { filterViews: [
    { id: 'fvA', filterViewId: 'X', criteria: { 2: { from: 'A' } } },
    { id: 'X', criteria: { 2: { from: 'B' } } },
  ] };

  it('info prints the first view in list order matched by id or filterViewId', async () => {
    answer('sheet/get_filter_views', views);
    expect(await run(fv('info', '--filter-view-id', 'X'))).toEqual(views.filterViews[0]);
  });

  it('get-criteria prints the column\'s criterion of that view', async () => {
    answer('sheet/get_filter_views', views);
    expect(await run(fv('get-criteria', '--filter-view-id', 'X', '--column', '2'))).toEqual({ from: 'A' });
  });
});

// strconv.ParseBool (the plan transform's reading, aitable's parseBoolFlag) accepts exactly 1/t/T/TRUE/true/True and
// 0/f/F/FALSE/false/False. A bool flag on the command line is read before pflag by upstream's BoolValueHandler
// (internal/pipeline/handlers/boolvalue.go@c7521c1c), whose words are wider (test/dispatch/bool-value.test.ts): sheet
// replace's five switches and chat message list-unread-conversations --exclude-muted (sheet_data.go:216-220,
// chat.go:4907@c7521c1c) take every ParseBool spelling and more.
describe('a boolean flag reads --flag=<text>', () => {
  const TRUE = ['1', 't', 'T', 'TRUE', 'true', 'True'];
  const FALSE = ['0', 'f', 'F', 'FALSE', 'false', 'False'];

  it('accepts exactly the twelve spellings, each to its value', () => {
    fc.assert(fc.property(fc.oneof(fc.constantFrom(...TRUE, ...FALSE, 'tRUE', 'yes', ' true', 'TRUE ', ''), fc.string()), (text) => {
      const want = TRUE.includes(text) ? true : FALSE.includes(text) ? false : undefined;
      expect(parseGoBool(text)).toBe(want);
    }));
  });

  it('sheet replace sends each switch as its spelling reads', async () => {
    for (const [spelling, value] of [...TRUE.map((t) => [t, true] as const), ...FALSE.map((f) => [f, false] as const)]) {
      mcp.calls.length = 0;
      await run(['sheet', 'replace', '--node', 'n1', '--find', 'a', `--use-regexp=${spelling}`]);
      expect(mcp.calls.map((c) => c.arguments.useRegExp)).toEqual([value]);
    }
  });

  it('refuses a word neither reading knows before a call, printing nothing', async () => {
    for (const spelling of ['maybe', 'truee', '']) {
      mcp.calls.length = 0;
      const outcome = await failure(['chat', 'message', 'list-unread-conversations', `--exclude-muted=${spelling}`]);
      expect({ reason: outcome.reason, out: outcome.out, calls: mcp.calls.length }).toEqual({ reason: 'invalid_parameter', out: '', calls: 0 });
    }
  });
});
