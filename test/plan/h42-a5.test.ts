// Session 42 second reading, part a5 (issue 32, notes/h42-a5.md, seed 20261375): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms, transformArgProblem } from '../../src/plan/transforms/index.js';
import { problemsOf } from './fake-plan.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h42a5-');

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * upstream's chatmsg.SearchItems (internal/shortcut/chatmsg/search.go:26-52, :61-110@c7521c1c), as a model: the
 * messages a search page holds (grouped hits flattened, else the first list at a key or one level inside it).
 */
function upstreamSearchItems(data: Obj): Obj[] {
  const maps = (v: unknown) => (Array.isArray(v) ? v.filter(isObj) : undefined);
  for (const root of [data, isObj(data.result) ? data.result : undefined]) {
    const groups = root === undefined ? undefined : maps(root.conversationMessagesList);
    if (groups !== undefined) return groups.flatMap((g) => maps(g.messages) ?? []);
  }
  for (const key of ['list', 'messages', 'messageList', 'items', 'data', 'records', 'result']) {
    const direct = maps(data[key]);
    if (direct !== undefined) return direct;
    const inner = data[key];
    if (isObj(inner)) {
      for (const k of ['list', 'messages', 'messageList', 'items', 'data', 'records']) {
        const found = maps(inner[k]);
        if (found !== undefined) return found;
      }
    }
  }
  return [];
}

describe('NEW MECHANISM message_items: an answer -> its messages as a finder finds them, unprojected', () => {
  it('search finds grouped hits (each taking its group conversation id) and lists under any of the reader keys', () => {
    const grouped = { result: { conversationMessagesList: [{ openConversationId: 'cid1', messages: [{ messageId: 'm1' }, 5] }] } };
    expect(applyTransforms([{ message_items: 'search' }], grouped, 't')).toEqual([{ messageId: 'm1', openConversationId: 'cid1' }]);
    expect(applyTransforms([{ message_items: 'search' }], { data: { records: [{ messageId: 'm2' }] } }, 't')).toEqual([{ messageId: 'm2' }]);
    expect(applyTransforms([{ message_items: { keys: ['replies'] } }], { result: { replies: [{ id: 'r' }] } }, 't')).toEqual([{ id: 'r' }]);
  });
  it('a value that is no object has no messages', () => {
    for (const v of [null, [], [{ messageId: 'm' }], 'x', 3]) expect(applyTransforms([{ message_items: 'search' }], v, 't')).toEqual([]);
  });
  it('the build refuses a finder it does not know', () => {
    expect(transformArgProblem({ message_items: 'nowhere' } as unknown as Parameters<typeof transformArgProblem>[0])).toContain('message_items needs a finder');
    expect(transformArgProblem({ message_items: { keys: [] } })).toContain('message_items needs a finder');
    expect(transformArgProblem({ message_items: 'list' })).toBeUndefined();
  });
});

describe('chat +search-msg reads each page as upstream does: chatmsg.SearchItems and chatmsg.Pagination (search_msg.go:183-249@c7521c1c)', () => {
  const argv = (...more: string[]) => ['chat', '+search-msg', '--query', 'q', ...more];
  const message = fc.record({ messageId: fc.constantFrom('m1', 'm2', 'm3'), createTime: fc.constantFrom(1, 2) }, { requiredKeys: ['messageId'] });
  const list = fc.array(fc.oneof(message, fc.constantFrom<unknown>(5, 'x', null)), { maxLength: 3 });
  const key = fc.constantFrom('list', 'messages', 'messageList', 'items', 'data', 'records', 'result');
  const page = fc.oneof(
    fc.tuple(key, list).map(([k, l]) => ({ [k]: l })),
    fc.tuple(key, fc.constantFrom('list', 'messages', 'messageList', 'items', 'data', 'records'), list).map(([k, i, l]) => ({ [k]: { [i]: l } })),
    fc.tuple(fc.boolean(), list).map(([inResult, l]) => {
      const groups = { conversationMessagesList: [{ openConversationId: 'cid9', messages: l }] };
      return inResult ? { result: groups } : groups;
    }),
  );

  it('the hits printed and the ids enriched are the messages SearchItems finds, wherever the page holds them', async () => {
    await fc.assert(fc.asyncProperty(page, async (answer) => {
      const marked = { ...answer, hasMore: false };
      outputs.answer('im/search_messages', marked);
      outputs.answer('im/list_messages_by_ids', { result: { messages: [] } });
      const run = await outputs.sent(argv());
      const hits = upstreamSearchItems(marked);
      const ids = [...new Set(hits.map((m) => String(m.messageId)))];
      expect(run.reason).toBeUndefined();
      expect((run.printed as Obj).count).toBe(ids.length);
      expect(run.calls.filter(([tool]) => tool === 'im/list_messages_by_ids')).toEqual(ids.length === 0 ? [] : [['im/list_messages_by_ids', { openMsgIds: ids }]]);
    }), { numRuns: 40 });
  });

  it('with --page-all a top-level hasMore and nextCursor (and has_more, next_cursor) carry the read on to the next page', async () => {
    outputs.answersInTurn('im/search_messages',
      { result: { messages: [{ messageId: 'm1' }] }, hasMore: true, nextCursor: 'c2' },
      { result: { messages: [{ messageId: 'm2' }], has_more: true, next_cursor: 'c3' } },
      { data: { hasMore: false }, messages: [{ messageId: 'm3' }] });
    const run = await outputs.sent(argv('--page-all', '--no-enrich'));
    expect(run.calls.map(([, args]) => (args as Obj).cursor)).toEqual(['0', 'c2', 'c3']);
    expect(run.printed).toMatchObject({ count: 3, complete: true, pagesFetched: 3, failedCount: 0 });
  });

  it('a cursor "0" is no cursor (paginationValuePresent): a page saying more follow with it is a pagination failure', async () => {
    outputs.answersInTurn('im/search_messages', { result: { messages: [{ messageId: 'm1' }], hasMore: true, nextCursor: '0' } });
    const run = await outputs.sent(argv('--page-all', '--no-enrich'));
    expect(run.calls).toHaveLength(1);
    expect(run.printed).toMatchObject({ count: 1, complete: false, failedCount: 1, failures: [{ stage: 'search-pagination' }] });
  });
});

describe('doc version revert reads a repeated next cursor again, up to 20 pages (docVersionExists, helpers/doc.go:40-66@c7521c1c)', () => {
  const argv = ['doc', 'version', 'revert', '--node', 'n1', '--version', '3', '--yes'];
  it('a list that never moves on is read 20 times before the version is refused as unknown', async () => {
    outputs.answer('doc/list_doc_versions', { result: { versions: [{ version: 1 }] }, nextCursor: 'c2' });
    const run = await outputs.sent(argv);
    expect(run.reason).toBe('not_found');
    expect(run.calls).toEqual([['doc/list_doc_versions', { nodeId: 'n1' }], ...Array(19).fill(['doc/list_doc_versions', { nodeId: 'n1', nextCursor: 'c2' }])]);
  });
  it('the version on the third page, after a repeated cursor, is found and reverted', async () => {
    outputs.answersInTurn('doc/list_doc_versions', { nextCursor: 'c2' }, { nextCursor: 'c2' }, { result: [{ version: 3 }] });
    const run = await outputs.sent(argv);
    expect(run.calls.map(([tool]) => tool)).toEqual(['doc/list_doc_versions', 'doc/list_doc_versions', 'doc/list_doc_versions', 'doc/revert_doc_version']);
    expect(run.calls.at(-1)).toEqual(['doc/revert_doc_version', { nodeId: 'n1', version: 3 }]);
  });
});

describe('aitable import data --field-mapping decodes as json.Unmarshal into map[string]string (helpers/aitable.go:6696-6701@c7521c1c)', () => {
  const argv = (mapping: string) => ['aitable', 'import', 'data', '--import-id', 'i1', '--field-mapping', mapping, '--yes'];
  it('a null value is stored as Go\'s zero string and sent as ""; a later repeat of a key wins', async () => {
    expect(await outputs.argsOf(argv(' {"a":"b","c":null,"a":"z"} '))).toEqual([{ importId: 'i1', fieldMapping: { a: 'z', c: '' } }]);
  });
  it('for any object of text, null and other values: sent with nulls as "", or refused before any call when a value is no text or null', async () => {
    const value = fc.oneof(fc.constantFrom('x', ' ', ''), fc.constant(null), fc.constantFrom<unknown>(1, true, [], {}));
    await fc.assert(fc.asyncProperty(fc.dictionary(fc.constantFrom('a', 'b', 'c'), value, { maxKeys: 3 }), async (mapping) => {
      const run = await outputs.sent(argv(JSON.stringify(mapping)));
      const refused = Object.values(mapping).some((v) => v !== null && typeof v !== 'string');
      if (refused) expect(run).toMatchObject({ reason: 'invalid_parameter', calls: [] });
      else expect(run.calls).toEqual([['aitable/import_data', { importId: 'i1', fieldMapping: Object.fromEntries(Object.entries(mapping).map(([k, v]) => [k, v ?? ''])) }]]);
    }), { numRuns: 40 });
  });
  it('null alone is a nil map, sent as null; an empty object is sent as {}', async () => {
    expect(await outputs.argsOf(argv(' null '))).toEqual([{ importId: 'i1', fieldMapping: null }]);
    expect(await outputs.argsOf(argv('{}'))).toEqual([{ importId: 'i1', fieldMapping: {} }]);
  });
});

describe('drive search (aggregated) leaves out a failed drive search and prints the doc results (helpers/drive.go:1518-1556@c7521c1c)', () => {
  const failed = { success: false, errorCode: 'X', errorMsg: 'bad' };
  it('a drive search that fails is left out; the doc results are printed', async () => {
    outputs.answer('drive/search_files', failed);
    outputs.answer('doc/search_documents', { result: { documents: [] } });
    const run = await outputs.sent(['drive', 'search', '--query', 'q']);
    expect([run.reason, run.printed]).toEqual([undefined, { doc_results: { result: { documents: [] } } }]);
  });
  it('both failing, or the drive search failing with --target file, is an error', async () => {
    outputs.answer('drive/search_files', failed);
    outputs.answer('doc/search_documents', failed);
    expect((await outputs.sent(['drive', 'search', '--query', 'q'])).reason).toBe('business_error');
    expect((await outputs.sent(['drive', 'search', '--query', 'q', '--target', 'file'])).reason).toBe('business_error');
  });
  it('a doc search that fails is left out beside a drive answer', async () => {
    outputs.answer('drive/search_files', { result: { files: [] } });
    outputs.answer('doc/search_documents', failed);
    expect((await outputs.sent(['drive', 'search', '--query', 'q'])).printed).toEqual({ drive_results: { result: { files: [] } } });
  });
});

describe('NEW MECHANISM page more_from_cursor: cursor (chat +search-msg, smart/search_msg.go:217-231@c7521c1c)', () => {
  const argv = ['chat', '+search-msg', '--query', 'q', '--page-all', '--no-enrich'];
  it('a page without a boolean hasMore goes on by its next cursor', async () => {
    outputs.answersInTurn('im/search_messages',
      { result: { messages: [{ messageId: 'm1' }], nextCursor: 'c2' } },
      { result: { messages: [{ messageId: 'm2' }], hasMore: false } });
    const run = await outputs.sent(argv);
    expect(run.calls.map(([, args]) => (args as Obj).cursor)).toEqual(['0', 'c2']);
    expect(run.printed).toMatchObject({ count: 2, complete: true, paginationKnown: true, failedCount: 0 });
  });
  it('a page with neither a boolean hasMore nor a cursor is a search-pagination failure, short or not', async () => {
    outputs.answersInTurn('im/search_messages', { result: { messages: [{ messageId: 'm1' }] } });
    const run = await outputs.sent(argv);
    expect(run.calls).toHaveLength(1);
    expect(run.printed).toMatchObject({ count: 1, complete: false, paginationKnown: false, failedCount: 1, failures: [{ stage: 'search-pagination' }] });
  });
  it('the build refuses it without strict', () => {
    const plan = (page: Obj) => ({ facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: {}, page: { cursor_arg: 'c', next: 'n', items: 'r', more: 'm', max_pages: 2, ...page } }] });
    const problems = (p: unknown) => problemsOf(p).filter((x) => !x.includes('is not used by any step'));
    expect(problems(plan({ more_from_cursor: 'cursor' })).join('\n')).toContain('more_from_cursor: cursor goes with strict');
    expect(problems(plan({ more_from_cursor: 'cursor', strict: true }))).toEqual([]);
    expect(problems(plan({ more_from_cursor: 'always', strict: true })).join('\n')).toContain('more_from_cursor: true, cursor or absent');
  });
});
