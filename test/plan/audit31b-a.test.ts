// The twenty-eighth audit, part a (seed 20261229, notes/audit-31b-a.md): its fixed commands run as a user types them
// against the recording backend on 127.0.0.1. The calls are also pinned by the `a-ab1:` cases of
// test/fixtures/calls/{sheet,chat}.yaml.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { GO_SPACES } from '../go-spaces.js';

const { sent, answer } = useOutputRuns('dws-audit31b-a-');


const RANGE = ['--start', '2026-04-01T00:00:00+08:00', '--end', '2026-04-02T00:00:00+08:00'];
const START = 1774972800000;
const END = 1775059200000;

// sheet filter-view info / list-criteria / get-criteria (runFilterViewInfo sheet_filter_view.go:61-85, findFilterViewByID
// :48-59@c7521c1c): --filter-view-id is read with mustGetFlag ("" when absent, never required), and each view's id and
// filterViewId are read with `.(string)`, so a missing or non-text one is "" and matches an empty --filter-view-id.
describe('sheet filter-view info finds the view as findFilterViewByID, a missing or non-text id being ""', () => {
  const views = (list: unknown[]) => answer('sheet/get_filter_views', { result: { filterViews: list } });

  it('prints the first view lacking a text id or filterViewId when --filter-view-id is absent or empty', async () => {
    views([{ id: 'V0', filterViewId: 'F0' }, { id: 'V1' }, { id: 'V2' }]);
    const absent = await sent(['sheet', 'filter-view', 'info', '--node', 'N1', '--sheet-id', 'S1']);
    expect([absent.reason, absent.calls, absent.printed]).toEqual([undefined, [['sheet/get_filter_views', { nodeId: 'N1', sheetId: 'S1' }]], { id: 'V1' }]);
    views([{ id: 5, filterViewId: 'F5' }, { id: 'V6' }]);
    expect((await sent(['sheet', 'filter-view', 'info', '--filter-view-id', ''])).printed).toEqual({ id: 5, filterViewId: 'F5' });
    views([{ id: 'V0', filterViewId: 'F0' }]);
    expect((await sent(['sheet', 'filter-view', 'info'])).reason).toBe('invalid_parameter');
  });

  it('list-criteria and get-criteria read the same view', async () => {
    views([{ id: 'V0', filterViewId: 'F0', criteria: { 0: 'a' } }, { id: 'V1', criteria: { 0: 'b', 2: 'c' } }]);
    expect((await sent(['sheet', 'filter-view', 'list-criteria'])).printed).toEqual({ 0: 'b', 2: 'c' });
    expect((await sent(['sheet', 'filter-view', 'get-criteria', '--column', '2'])).printed).toBe('c');
  });

  it('picks the view upstream picks for any views and any --filter-view-id (property)', async () => {
    const idValue = fc.oneof(fc.constantFrom('a', 'b', ''), fc.integer({ min: 0, max: 2 }), fc.constant(null));
    const view = fc.record({ id: idValue, filterViewId: idValue, n: fc.nat() }, { requiredKeys: ['n'] });
    await fc.assert(fc.asyncProperty(fc.array(view, { maxLength: 4 }), fc.option(fc.constantFrom('a', 'b', '', '0'), { nil: undefined }), async (list, wanted) => {
      views(list);
      const run = await sent(['sheet', 'filter-view', 'info', ...(wanted === undefined ? [] : ['--filter-view-id', wanted])]);
      // findFilterViewByID: per view in order, its id then its filterViewId, each "" unless text
      const text = (v: unknown) => (typeof v === 'string' ? v : '');
      const want = wanted ?? '';
      const found = list.find((v) => text(v.id) === want || text(v.filterViewId) === want);
      expect(found === undefined ? run.reason : run.printed).toEqual(found === undefined ? 'invalid_parameter' : found);
    }), { numRuns: 30 });
  });
});

// chat message search (RunE chat.go:4179-4187, chatMessageSearchArgs :869-900, runConversationScopedPagedMessageSearch
// :471-494, uniqueNonEmptyStrings :1017-1031, cleanSearchCursor :1056-1065@c7521c1c).
describe('chat message search sends a blank group as typed and reads a scoped cursor as cleanSearchCursor', () => {
  it('a group of only Go spaces is no scope (no check, one call) and is sent as openConversationId as typed', async () => {
    const got = [];
    for (const flags of [['--group', ' '], ['--conversation-id', '\u3000'], ['--conversation-id', '', '--chat', '\u0085'], ['--group', '']]) {
      got.push((await sent(['chat', 'message', 'search', '--query', 'q', ...flags, ...RANGE])).calls);
    }
    const call = (extra: Record<string, unknown>) => [['chat/search_messages_by_keyword', { keyword: 'q', startTime: START, endTime: END, limit: 100, cursor: '0', ...extra }]];
    expect(got).toEqual([call({ openConversationId: ' ' }), call({ openConversationId: '\u3000' }), call({ openConversationId: '\u0085' }), call({})]);
  });

  // Go's spaces \v, \f, \r, U+2028 and U+2029 are also unsafe input (pkg/validate/input.go:31-81@c7521c1c): a group
  // holding one goes as typed into the call, which upstream's transport then refuses before sending it
  // (client.go:394-402, :1093-1125): invalid_argument, nothing sent.
  it('sends any run of Go spaces as the group, unscoped, unless the transport refuses one of them (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom(...GO_SPACES), { minLength: 1, maxLength: 3 }), async (spaces) => {
      const run = await sent(['chat', 'message', 'search', '--query', 'q', '--group', spaces.join(''), ...RANGE]);
      if (spaces.some((c) => ['\v', '\f', '\r', '\u2028', '\u2029'].includes(c))) expect([run.reason, run.calls]).toEqual(['invalid_argument', []]);
      else expect(run.calls).toEqual([['chat/search_messages_by_keyword', { keyword: 'q', startTime: START, endTime: END, limit: 100, cursor: '0', openConversationId: spaces.join('') }]]);
    }), { numRuns: 15 });
  });

  it('with a group, a cursor that trims to null in any case is sent as "", any other trimmed; without one as typed', async () => {
    answer('chat/search_messages_by_keyword', { result: { hasMore: false, conversationMessagesList: [] } });
    const cursorOf = async (cursor: string, group = ['--group', 'cidA']) => {
      const run = await sent(['chat', 'message', 'search', '--query', 'q', ...group, '--cursor', cursor, ...RANGE]);
      return (run.calls.at(-1)![1] as { cursor: unknown }).cursor;
    };
    const got = [];
    for (const cursor of ['null', ' NULL ', 'Null\u3000', 'nulls', ' c2 ']) got.push(await cursorOf(cursor));
    got.push(await cursorOf('null', []));
    expect(got).toEqual(['', '', '', 'nulls', 'c2', 'null']);
  });

  it('search-advanced reads a scoped cursor the same way (swept: the same scan, chat.go:4243-4250)', async () => {
    answer('im/search_messages', { result: { hasMore: false, conversationMessagesList: [] } });
    const got = [];
    for (const [cursor, scope] of [['null', true], ['\u0085NULL ', true], ['nul', true], ['null', false]] as const) {
      const run = await sent(['chat', 'message', 'search-advanced', '--query', 'q', ...(scope ? ['--conversation-ids', 'cidA'] : []), '--cursor', cursor]);
      got.push((run.calls.at(-1)![1] as { cursor: unknown }).cursor);
    }
    expect(got).toEqual(['', '', 'nul', 'null']);
  });

  it('reads every casing of null padded with Go spaces as "" under a group (property)', async () => {
    answer('chat/search_messages_by_keyword', { result: { hasMore: false, conversationMessagesList: [] } });
    const pad = fc.array(fc.constantFrom(...GO_SPACES), { maxLength: 2 }).map((a) => a.join(''));
    const word = fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }).map((up) => [...'null'].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(''));
    await fc.assert(fc.asyncProperty(pad, word, pad, async (lead, w, tail) => {
      const run = await sent(['chat', 'message', 'search', '--query', 'q', '--group', 'cidA', '--cursor', `${lead}${w}${tail}`, ...RANGE]);
      expect(run.calls.at(-1)).toEqual(['chat/search_messages_by_keyword', { keyword: 'q', startTime: START, endTime: END, limit: 100, cursor: '' }]);
    }), { numRuns: 15 });
  });
});
