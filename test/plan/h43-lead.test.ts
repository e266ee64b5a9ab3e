// Session 43, lead (issue 32, notes/h42-lead.md "seed 20261384"): chat message search-advanced and chat message search
// with conversation ids run upstream's scoped scan (runConversationScopedMessageSearchWithProjector,
// internal/helpers/chat.go:513-673@c7521c1c): each page read as chatmsg.SearchItems and chatmsg.Pagination read it
// (shortcut/chatmsg/search.go:26-110, chatmsg.go:1106-1150), the kept hits grouped as chatmsg.GroupSearchMessages
// (search.go:141-171) in a payload with result, scope and (with --page-all) paging. Each run as a user types it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLAIN as MESSAGES } from '../../src/plan/transforms/messages.js';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-h43lead-');
const checked = { result: { openConversationId: 'cid1' } };
const scope = { requestedConversationIds: ['cid1'], targetsValidated: true, filterApplied: true, filterMode: 'client', resultsWithinScope: true };

describe('chat message search-advanced --conversation-ids: the scoped scan as upstream reads and prints it', () => {
  const argv = ['chat', 'message', 'search-advanced', '--query', 'q', '--conversation-ids', 'cid1'];

  it('grouped hits keep their group\'s title and singleChat, and the payload has complete, pagesFetched and scope', async () => {
    runs.answer('chat/get_conversation_info', checked);
    runs.answer('im/search_messages', { result: { hasMore: false, conversationMessagesList: [
      { openConversationId: 'cid1', title: ' 周会 ', singleChat: false, messages: [{ openMessageId: 'm1', text: 'a' }] },
      { openConversationId: 'cid2', title: 'x', messages: [{ openMessageId: 'm2' }] },
    ] } });
    const r = await runs.sent(argv);
    expect(r.calls).toEqual([
      ['chat/get_conversation_info', { openConversationId: 'cid1' }],
      ['im/search_messages', { keyword: 'q', cursor: '0', limit: 100 }],
    ]);
    const m1 = { openMessageId: 'm1', text: 'a', openConversationId: 'cid1', conversationTitle: '周会', singleChat: false };
    expect(r.printed).toEqual({
      result: { conversationMessagesList: [{ openConversationId: 'cid1', title: '周会', singleChat: false, messages: [m1] }], hasMore: false, complete: true, pagesFetched: 1 },
      scope: { ...scope, sourceComplete: true },
    });
  });

  it('hits in a plain list and marks in data (has_more, next_token) are read; a repeated message id is dropped', async () => {
    runs.answer('chat/get_conversation_info', checked);
    runs.answersInTurn('im/search_messages',
      { data: { list: [{ id: 'm1', chatId: 'cid1' }, { id: 'm9', chatId: 'cid9' }], has_more: true, next_token: 7 } },
      { data: { list: [{ id: 'm1', chatId: 'cid1' }, { id: 'm3', conversationId: 'cid1' }], has_more: false } });
    const r = await runs.sent(argv);
    expect(r.calls.slice(1)).toEqual([
      ['im/search_messages', { keyword: 'q', cursor: '0', limit: 100 }],
      ['im/search_messages', { keyword: 'q', cursor: '7', limit: 99 }],
    ]);
    expect(r.printed).toMatchObject({
      result: { conversationMessagesList: [{ openConversationId: 'cid1', messages: [{ id: 'm1', chatId: 'cid1' }, { id: 'm3', conversationId: 'cid1' }] }], hasMore: false, pagesFetched: 2 },
    });
  });

  it('a hit without a conversation id, or a page without a boolean hasMore, stops the run (exit 1, nothing printed)', async () => {
    for (const page of [{ result: { messages: [{ messageId: 'm1', openConversationId: 'null' }] }, hasMore: false }, { result: { messages: [] } }, { result: { messages: [], hasMore: 'false' } }]) {
      runs.answer('chat/get_conversation_info', checked);
      runs.answer('im/search_messages', page);
      const r = await runs.sent(argv);
      expect(r.category).toBe('backend');
      expect(r.printed).toBeUndefined();
    }
  });

  it('--page-all with a page cut by --max-items prints paging with truncatedWithinPage and the last cursor', async () => {
    runs.answer('chat/get_conversation_info', checked);
    runs.answer('im/search_messages', { result: { messages: [{ messageId: 'm1', conversationId: 'cid1' }, { messageId: 'm2', conversationId: 'cid1' }], hasMore: true, nextCursor: 'c2' } });
    const r = await runs.sent([...argv, '--page-all', '--max-items', '1', '--limit', '5']);
    expect(r.calls.slice(1)).toEqual([['im/search_messages', { keyword: 'q', cursor: '0', limit: 5 }]]);
    expect(r.printed).toEqual({
      result: { conversationMessagesList: [{ openConversationId: 'cid1', messages: [{ messageId: 'm1', conversationId: 'cid1' }] }], hasMore: true, complete: false, pagesFetched: 1, nextCursor: 'c2' },
      scope: { ...scope, sourceComplete: false },
      paging: { truncated: true, hasMore: true, lastCursor: 'c2', pages: 1, total: 1, truncatedWithinPage: true, resumeCursorReliable: false },
    });
  });

  it('without conversation ids the one answer is printed as it came (no scan)', async () => {
    const answer = { result: { conversationMessagesList: [{ openConversationId: 'c1', messages: [{ messageId: 'm1' }] }], hasMore: true, nextCursor: 'n2' } };
    runs.answer('im/search_messages', answer);
    const r = await runs.sent(['chat', 'message', 'search-advanced', '--query', 'q']);
    expect(r.calls).toEqual([['im/search_messages', { keyword: 'q', cursor: '0', limit: 100 }]]);
    expect(r.printed).toEqual(answer);
  });
});

describe('chat message search --group: the same scan, with paging and the projected messages', () => {
  it('title and singleChat reach the groups and the messages; --page-all adds paging', async () => {
    runs.answer('chat/get_conversation_info', checked);
    runs.answer('chat/search_messages_by_keyword', { result: { conversationMessagesList: [{ openConversationId: 'cid1', title: 'T', singleChat: true, messages: [{ openMessageId: 'm1', text: 'a' }] }], hasMore: false } });
    const r = await runs.sent(['chat', 'message', 'search', '--query', 'q', '--group', 'cid1', '--page-all']);
    const printed = r.printed as { result: { conversationMessagesList: unknown[] }; paging: unknown; messages: Array<Record<string, unknown>> };
    expect(printed.result.conversationMessagesList).toEqual([{ openConversationId: 'cid1', title: 'T', singleChat: true, messages: [{ openMessageId: 'm1', text: 'a', openConversationId: 'cid1', conversationTitle: 'T', singleChat: true }] }]);
    expect(printed.paging).toEqual({ truncated: false, hasMore: false, lastCursor: null, pages: 1, total: 1 });
    expect(printed.messages[0]).toMatchObject({ messageId: 'm1', conversationTitle: 'T', singleChat: true });
  });
});

// chatmsg.GroupSearchMessages, modelled directly from search.go:141-171 and checked against the transform.
describe('transform group_search_messages is chatmsg.GroupSearchMessages', () => {
  const group = (v: unknown) => MESSAGES.group_search_messages!(v, 'test', { env: {}, now: new Date(0) });
  const KEYS = ['openConversationId', 'openconversation_id', 'conversationId', 'conversation_id', 'chatId', 'chat_id'];
  const clean = (v: unknown) => {
    if (v === undefined || v === null) return '';
    const t = String(v).trim();
    return t.toLowerCase() === 'null' ? '' : t;
  };
  const conversationOf = (m: Record<string, unknown>) => {
    for (const k of KEYS) {
      const v = m[k];
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) continue;
      return clean(v);
    }
    return '';
  };
  const model = (messages: Array<Record<string, unknown>>) => {
    const out: Array<Record<string, unknown>> = [];
    for (const m of messages) {
      const id = conversationOf(m);
      if (id === '') continue;
      let g = out.find((x) => x.openConversationId === id);
      if (g === undefined) {
        g = { openConversationId: id, messages: [] };
        if (clean(m.conversationTitle) !== '') g.title = clean(m.conversationTitle);
        if (Object.hasOwn(m, 'singleChat')) g.singleChat = m.singleChat;
        out.push(g);
      }
      (g.messages as unknown[]).push(m);
    }
    return out;
  };
  const value = fc.oneof(fc.constantFrom('c1', ' c2 ', '', ' ', 'null', 'NULL', null), fc.integer({ min: 0, max: 3 }));
  const message = fc.dictionary(fc.constantFrom(...KEYS, 'conversationTitle', 'singleChat', 'text'), value, { maxKeys: 4 });

  it('groups any messages as upstream does (2,000 lists)', () => {
    fc.assert(fc.property(fc.array(message, { maxLength: 8 }), (messages) => {
      expect(group(messages)).toEqual(model(messages));
    }), { numRuns: 2000 });
  });

  it('every message with a conversation id lands in exactly one group, in order; anything but a list is no groups', () => {
    fc.assert(fc.property(fc.array(message, { maxLength: 8 }), (messages) => {
      const groups = group(messages) as Array<{ messages: unknown[] }>;
      expect(groups.flatMap((g) => g.messages).length).toBe(messages.filter((m) => conversationOf(m) !== '').length);
    }), { numRuns: 500 });
    for (const v of [null, {}, 'x', 5]) expect(group(v)).toEqual([]);
  });
});

// doc +inspect (shortcut/doc/content_shortcuts.go:281-345@c7521c1c): every opted-in read is made (CallMCPReadData); a
// failed one is listed and the rest still read, then the command ends with doc_inspect_partial (an API error, exit 1).
describe('doc +inspect: a failed opted-in read is listed and the other reads still made', () => {
  it('a non-object answer and a failed call each fail their read; the reads after them are made; exit 1 with details', async () => {
    runs.answer('doc/get_document_info', { title: 't' });
    runs.answer('doc/list_permission', [1]);
    runs.answer('doc/list_document_blocks', { success: false, errorMsg: 'no' });
    runs.answer('doc-comment/list_comments', { comments: [] });
    const argv = ['doc', '+inspect', '--node', ' n ', '--include-permissions', '--include-media', '--include-comments'];
    const r = await runs.sent(argv);
    expect(r.calls).toEqual([
      ['doc/get_document_info', { nodeId: 'n' }],
      ['doc/list_permission', { nodeId: 'n' }],
      ['doc/list_document_blocks', { nodeId: 'n', format: 'jsonml' }],
      ['doc-comment/list_comments', { nodeId: 'n' }],
    ]);
    expect(r.category).toBe('backend');
    expect(r.printed).toBeUndefined();
    const outcome = await dispatchInProcess(argv, runs.env());
    expect(outcome.error?.exitCode).toBe(1);
    expect(outcome.error?.payload?.details).toMatchObject({
      status: 'partial_success', complete: false,
      data: { document: { title: 't' }, comments: { comments: [] } },
      steps: [{ name: 'get_document_info', status: 'success' }, { name: 'list_permission', status: 'failed' }, { name: 'list_document_blocks', status: 'failed' }, { name: 'list_comments', status: 'success' }],
    });
    expect((outcome.error?.payload?.details as { failures: Array<{ tool: string }> }).failures.map((f) => f.tool)).toEqual(['list_permission', 'list_document_blocks']);
  });

  it('every read answering an object prints the envelope, exit 0', async () => {
    runs.answer('doc/get_document_info', { title: 't' });
    runs.answer('doc/get_document_style', { cover: 'c' });
    const r = await runs.sent(['doc', '+inspect', '--node', 'n', '--include-style']);
    expect(r.reason).toBeUndefined();
    expect(r.printed).toMatchObject({ ok: true, data: { document: { title: 't' }, style: { cover: 'c' } }, steps: [{ name: 'get_document_info', status: 'success' }, { name: 'get_document_style', status: 'success' }] });
  });
});

// minutes +transcript (smart/transcript.go, minutesdata/pager.go:26-116, StableItemKey response.go:272-281@c7521c1c):
// paragraphs are de-duplicated by StableItemKey (the first id as stringField reads it, else the paragraph's whole JSON)
// and duplicateCount is the number dropped.
describe('minutes +transcript: duplicateCount counts the paragraphs dropped as repeats, by id or by the whole paragraph', () => {
  it('a repeated id (trimmed) and a repeated id-less paragraph (keys in any order) are dropped and counted', async () => {
    runs.answersInTurn('minutes/get_minutes_transcription',
      { result: { paragraphList: [{ paragraphId: 'p1', text: 'a' }, { text: 'x', n: 1 }, { n: 1, text: 'x' }], hasNext: true, nextToken: 't2' } },
      { result: { paragraphList: [{ paragraphId: ' p1 ', text: 'b' }, { paragraphId: 'p2' }, { sentenceId: 5 }], hasNext: false } });
    const r = await runs.sent(['minutes', '+transcript', '--id', 'u']);
    expect(r.calls).toEqual([
      ['minutes/get_minutes_transcription', { taskUuid: 'u', direction: '0' }],
      ['minutes/get_minutes_transcription', { taskUuid: 'u', direction: '0', nextToken: 't2' }],
    ]);
    expect(r.printed).toMatchObject({ complete: true, pages: 2, paragraphCount: 4, duplicateCount: 2,
      paragraphList: [{ paragraphId: 'p1', text: 'a' }, { text: 'x', n: 1 }, { paragraphId: 'p2' }, { sentenceId: 5 }] });
  });

  it('no repeat: duplicateCount 0', async () => {
    runs.answer('minutes/get_minutes_transcription', { result: { paragraphList: [{ paragraphId: 'p1' }, { text: 'y' }], hasNext: false } });
    expect((await runs.sent(['minutes', '+transcript', '--id', 'u'])).printed).toMatchObject({ paragraphCount: 2, duplicateCount: 0 });
  });
});

// aitable export data (helpers/aitable.go:41-53, :6145-6222@c7521c1c): resolveAitableExportFormat takes the root --format
// as the export format when --export-format is blank and the value is no output word (json, table, raw, pretty, ndjson,
// csv); the result is lower-cased and checked as --export-format is.
describe('aitable export data: the legacy --format spelling of the export format', () => {
  const base = ['aitable', 'export', 'data', '--base-id', 'b'];
  it.each([
    [['--scope', 'all', '--format', 'excel'], { baseId: 'b', scope: 'all', format: 'excel' }],
    [['--scope', 'table', '--table-id', 't', '--format', ' EXCEL_AND_ATTACHMENT '], { baseId: 'b', scope: 'table', format: 'excel_and_attachment', tableId: 't' }],
    [['--scope', 'all', '--export-format', 'attachment', '--format', 'excel'], { baseId: 'b', scope: 'all', format: 'attachment' }],
    [['--task-id', 't', '--format', 'json'], { baseId: 'b', taskId: 't' }],
  ])('%j sends the export format upstream resolves', async (flags, args) => {
    const r = await runs.sent([...base, ...flags]);
    expect(r.reason).toBeUndefined();
    expect(r.calls).toEqual([['aitable/export_data', args]]);
  });
  it.each([
    [['--scope', 'all', '--format', 'json'], 'invalid_parameter'],
    [['--scope', 'all', '--format', 'Table'], 'invalid_parameter'],
    [['--scope', 'all', '--format', 'pdf'], 'invalid_parameter'],
    [['--task-id', 't', '--format', 'excel'], 'invalid_parameter'],
  ])('%j is refused before any call', async (flags, reason) => {
    const r = await runs.sent([...base, ...flags]);
    expect(r.reason).toBe(reason);
    expect(r.calls).toEqual([]);
  });
});
