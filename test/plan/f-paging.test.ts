// f-paging: chat message list-all / list-by-sender / list-mentions with --page-all, as upstream's paged command
// (internal/helpers/paged_command.go:63-445, pagedChatConversationMessagesConfig chat.go:1095@c7521c1c) pages, merges,
// checks and prints them. Commands run as a user types them against the fake MCP server on 127.0.0.1
// (test/plan/output-runs.ts); the merge itself (src/plan/grouped-pages.ts) is checked as a property.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useOutputRuns } from './output-runs.js';
import { countInner, cutGroups, mergeGroups } from '../../src/plan/grouped-pages.js';

const runs = useOutputRuns('dws-f-paging-');

const m = (id: string) => ({ openMessageId: id, content: `text ${id}` });
const page = (more: unknown, next: unknown, groups: unknown[]) => ({ result: { ...(more === undefined ? {} : { hasMore: more }), ...(next === undefined ? {} : { nextCursor: next }), conversationMessagesList: groups } });
const P1 = page(true, 'c2', [{ openConversationId: 'A', title: 'a', messages: [m('1'), m('2')] }, { openConversationId: 'B', messages: [m('3')] }]);
const P2 = page(false, '', [{ openConversationId: 'A', title: 'a again', messages: [m('4')] }, { openConversationId: 'C', messages: [m('5')] }]);

// the five upstream callers of the paged command (search and search-advanced without a conversation scope)
const COMMANDS: { name: string; argv: string[]; rpc: string; projects?: boolean }[] = [
  { name: 'chat message list-all', argv: ['chat', 'message', 'list-all'], rpc: 'chat/search_messages_by_time_range' },
  { name: 'chat message list-by-sender', argv: ['chat', 'message', 'list-by-sender', '--sender-user-id', 'u1'], rpc: 'chat/search_messages_by_sender' },
  { name: 'chat message list-mentions', argv: ['chat', 'message', 'list-mentions'], rpc: 'chat/search_at_me_message' },
  { name: 'chat message search-advanced', argv: ['chat', 'message', 'search-advanced', '--query', 'q'], rpc: 'im/search_messages' },
  { name: 'chat message search', argv: ['chat', 'message', 'search', '--query', 'q'], rpc: 'chat/search_messages_by_keyword', projects: true },
];
const ALL = ['--page-all', '--page-delay', '0'];

type Obj = Record<string, unknown>;
// chat message search prints its answer with the messages projected beside it (upstream pagedProjectedChatSearchConfig
// ProjectResult, chat.go:1107 -> projectChatMessagesPayload: one row per message, its conversation's id and title)
const row = (conversation: Obj, message: { openMessageId: string; content: string }) => ({
  content: message.content, conversationId: conversation.openConversationId, ...(conversation.title === undefined ? {} : { conversationTitle: conversation.title }),
  createTime: null, messageId: message.openMessageId, openConversationId: conversation.openConversationId, openMessageId: message.openMessageId, sender: null, text: message.content,
});
const shown = (projects: boolean | undefined, printed: { result: Obj } & Obj) => (projects
  ? { ...printed, messages: (printed.result.conversationMessagesList as { messages: { openMessageId: string; content: string }[] }[]).flatMap((c) => c.messages.map((msg) => row(c as unknown as Obj, msg))) }
  : printed);

describe.each(COMMANDS)('$name --page-all pages as upstream runPagedMCPCommand', ({ argv, rpc, projects }) => {
  it('merges a conversation met on a later page into its first entry and prints the paging record', async () => {
    const r = await runs.paged([...argv, ...ALL], rpc, [P1, P2]);
    expect(r.exit).toBe(0);
    expect(r.sent.map((a) => a.cursor)).toEqual([r.sent[0].cursor, 'c2']);
    expect(r.printed).toEqual(shown(projects, {
      result: {
        hasMore: false, nextCursor: '',
        conversationMessagesList: [
          { openConversationId: 'A', title: 'a', messages: [m('1'), m('2'), m('4')] },
          { openConversationId: 'B', messages: [m('3')] },
          { openConversationId: 'C', messages: [m('5')] },
        ],
      },
      paging: { truncated: false, hasMore: false, lastCursor: '', pages: 2, total: 5 },
    }));
  });

  it('--max-items below a page cuts the messages inside the conversations and keeps the cursor that page was read with', async () => {
    const r = await runs.paged([...argv, ...ALL, '--max-items', '2'], rpc, [P1, P2]);
    expect(r.exit).toBe(0);
    expect(r.sent.length).toBe(1);
    expect(r.printed).toEqual(shown(projects, {
      result: { hasMore: true, nextCursor: r.sent[0].cursor, conversationMessagesList: [{ openConversationId: 'A', title: 'a', messages: [m('1'), m('2')] }] },
      paging: { truncated: true, hasMore: true, lastCursor: r.sent[0].cursor, pages: 1, total: 2, truncatedWithinPage: true, resumeCursorReliable: false },
    }));
  });

  it('--max-items reached exactly on a page that says more ends with the next cursor to resume from', async () => {
    const r = await runs.paged([...argv, ...ALL, '--max-items', '3'], rpc, [P1, P2]);
    expect(r.exit).toBe(0);
    expect(r.sent.length).toBe(1);
    expect(r.printed).toEqual(shown(projects, {
      result: { hasMore: true, nextCursor: 'c2', conversationMessagesList: P1.result.conversationMessagesList },
      paging: { truncated: true, hasMore: true, lastCursor: 'c2', pages: 1, total: 3 },
    }));
  });

  it('--max-items above what the pages hold changes nothing', async () => {
    const r = await runs.paged([...argv, ...ALL, '--max-items', '50'], rpc, [P1, P2]);
    expect(r.exit).toBe(0);
    expect((r.printed!.paging as Record<string, unknown>)).toEqual({ truncated: false, hasMore: false, lastCursor: '', pages: 2, total: 5 });
  });

  it('a later page without a boolean hasMore stops the run: the pages read are kept with the failure and the command exits 1', async () => {
    const r = await runs.paged([...argv, ...ALL], rpc, [P1, page(undefined, '', [{ openConversationId: 'C', messages: [m('5')] }])]);
    expect(r.exit).not.toBe(0);
    expect(r.envelope!.error.reason).toBe('pages_incomplete');
    expect(r.envelope!.ledger).toEqual(shown(projects, {
      result: { hasMore: true, nextCursor: 'c2', conversationMessagesList: P1.result.conversationMessagesList },
      paging: { truncated: true, hasMore: true, lastCursor: 'c2', pages: 1, total: 3, partial: true, failedPage: 2, failedCursor: 'c2', pagesFetched: 1, itemsFetched: 3, error: 'paged response missing result.hasMore' },
    }));
  });

  it('a first page whose hasMore is text fails with nothing printed', async () => {
    const r = await runs.paged([...argv, ...ALL], rpc, [page('true', 'c2', [])]);
    expect(r.exit).not.toBe(0);
    expect(r.printed).toBeUndefined();
    expect(r.envelope!.error.reason).toBe('pages_incomplete');
    expect(r.envelope!.ledger).toBeUndefined();
  });

  it('a last page without the list is an empty page', async () => {
    const r = await runs.paged([...argv, ...ALL], rpc, [P1, { result: { hasMore: false } }]);
    expect(r.exit).toBe(0);
    expect(r.printed).toEqual(shown(projects, {
      result: { hasMore: false, nextCursor: null, conversationMessagesList: P1.result.conversationMessagesList },
      paging: { truncated: false, hasMore: false, lastCursor: null, pages: 2, total: 3 },
    }));
  });

  it('a page whose next cursor repeats an earlier one stops the run', async () => {
    const r = await runs.paged([...argv, ...ALL], rpc, [P1, page(true, 'c2', [{ openConversationId: 'C', messages: [m('5')] }])]);
    expect(r.exit).not.toBe(0);
    expect((r.envelope!.ledger!.paging as Record<string, unknown>)).toEqual({
      truncated: true, hasMore: true, lastCursor: 'c2', pages: 2, total: 4, partial: true, failedPage: 3, failedCursor: 'c2', pagesFetched: 2, itemsFetched: 4, error: 'pagination cursor did not advance: c2',
    });
  });

  it('a conversation without openConversationId stops the run', async () => {
    const r = await runs.paged([...argv, ...ALL], rpc, [P1, page(false, '', [{ messages: [m('5')] }])]);
    expect(r.exit).not.toBe(0);
    expect(((r.envelope!.ledger!.paging as Record<string, unknown>).error)).toBe('paged response conversation item missing openConversationId');
  });

  it('without --page-all one call, its answer printed as it came (no paging record), --max-items not read', async () => {
    const r = await runs.paged([...argv, '--max-items', '1'], rpc, [P1, P2]);
    expect(r.exit).toBe(0);
    expect(r.sent.length).toBe(1);
    expect(r.printed).toEqual(shown(projects, P1));
  });
});

// h36-b1: without --page-all upstream's RunPagedMCPCommand calls the Fallback, callMCPTool (paged_command.go:72-74,
// pagedChatMessagesConfig chat.go:1089-1091@c7521c1c), which prints the answer as it came: a list key holding null or a
// text stays so (before, dws read the one page through its pager and printed []).
describe('chat message list-mentions without --page-all prints the answer as upstream callMCPTool does', () => {
  it.each([null, 'x', { a: 1 }])('a conversationMessagesList holding %j is printed as it came', async (held) => {
    const answer = { success: true, result: { conversationMessagesList: held, hasMore: false } };
    const r = await runs.paged(['chat', 'message', 'list-mentions', '--start', '2026-03-10', '--end', '2026-03-11'], 'chat/search_at_me_message', [answer]);
    expect(r.exit).toBe(0);
    expect(r.sent).toEqual([{ startTime: 1773072000000, endTime: 1773158400000, limit: 50, cursor: '0' }]);
    expect(r.printed).toEqual(answer);
  });

  it('with --page-all such a first page is still refused as upstream pagedCollection refuses it', async () => {
    const r = await runs.paged(['chat', 'message', 'list-mentions', ...ALL], 'chat/search_at_me_message', [{ result: { conversationMessagesList: null, hasMore: false } }]);
    expect(r.exit).toBe(1);
    expect(r.printed).toBeUndefined();
  });
});

// the merge as a property: groups keyed by a small alphabet, each with a list of message ids
const groupArb = fc.record({ openConversationId: fc.constantFrom('A', 'B', 'C', 'D'), messages: fc.array(fc.string({ maxLength: 3 }), { maxLength: 4 }) });
const pagesArb = fc.array(fc.array(groupArb, { maxLength: 5 }), { maxLength: 5 });
const SHAPE = { key: 'openConversationId', list: 'messages' };
type G = { openConversationId: string; messages: string[] };

describe('grouped pages merge as upstream pagedCollection.addConversation', () => {
  it('keeps each conversation once, in first-seen order, with every message in page order', () => {
    fc.assert(fc.property(pagesArb, (pages) => {
      const merged = pages.reduce<unknown[]>((acc, p) => mergeGroups(acc, p, SHAPE), []) as G[];
      const flat = pages.flat();
      expect(merged.map((g) => g.openConversationId)).toEqual([...new Set(flat.map((g) => g.openConversationId))]);
      for (const g of merged) expect(g.messages).toEqual(flat.filter((x) => x.openConversationId === g.openConversationId).flatMap((x) => x.messages));
      expect(countInner(merged, SHAPE)).toBe(flat.reduce((n, g) => n + g.messages.length, 0));
    }));
  });

  it('merging the merged list again with nothing, or a merged list on its own, changes nothing (idempotent)', () => {
    fc.assert(fc.property(pagesArb, (pages) => {
      const merged = pages.reduce<unknown[]>((acc, p) => mergeGroups(acc, p, SHAPE), []);
      expect(mergeGroups(merged, [], SHAPE)).toEqual(merged);
      expect(mergeGroups([], merged, SHAPE)).toEqual(merged);
    }));
  });

  it('cutting to n messages keeps the first n in order and no more', () => {
    fc.assert(fc.property(pagesArb, fc.integer({ min: 1, max: 20 }), (pages, n) => {
      const merged = pages.reduce<unknown[]>((acc, p) => mergeGroups(acc, p, SHAPE), []) as G[];
      const cut = cutGroups(merged, n, SHAPE) as G[];
      const all = merged.flatMap((g) => g.messages);
      expect(cut.flatMap((g) => g.messages)).toEqual(all.slice(0, n));
      expect(countInner(cut, SHAPE)).toBe(Math.min(n, all.length));
    }));
  });
});
