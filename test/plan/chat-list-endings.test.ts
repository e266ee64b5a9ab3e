// Branch f-chatpage (issue 32): how `chat +chat-list` ends when its page ledger cannot prove the list complete, and
// where it reads a page's hasMore/nextCursor, as upstream's executeChatList at c7521c1c
// (internal/shortcut/chat/lark_alignment.go:1000-1200, chatListPagination :1211, chatListNextCursor :1237; chatmsg.go:1106
// Pagination). Upstream prints the ledger and exits 1 (chat_list_incomplete); dws keeps stdout for results (SPEC 4.5):
// the same ledger is the error envelope's `ledger`, reason pages_incomplete, exit 1. Run as a user types the command,
// against the fake MCP server on 127.0.0.1; the calls are pinned by test/fixtures/calls/chat.yaml (f-chatpage: cases).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

/** Runs `chat +chat-list <flags>` over these pages: what it printed (JSON), its error envelope and the arguments sent. */
async function chatList(flags: string[], pages: unknown[]) {
  mcp.calls.length = 0;
  mcp.answers['im/list_all_conversations'] = (_args, n) => pages[Math.min(n, pages.length - 1)];
  const { out, error } = await dispatchInProcess(['chat', '+chat-list', ...flags], privateEnv(mcp.urlTemplate, 't', mkdtempSync(path.join(os.tmpdir(), 'dws-chatpage-'))));
  return {
    printed: out ? JSON.parse(out) as unknown : undefined,
    envelope: error ? JSON.parse(error.envelope()) as unknown : undefined,
    exit: error?.exitCode ?? 0,
    sent: mcp.calls.map((c) => c.arguments),
  };
}

const g = (id: string) => ({ openConversationId: id, singleChat: false });
const row = (id: string) => ({ openConversationId: id, conversationType: 'group', chatMode: 'group' });
const HINT = 'the list is not complete: retry, or read on from the cursor in "ledger" with the command\'s own cursor flag';
/** Upstream's payload (lark_alignment.go:1165-1187) with the keys most runs share. */
const ledger = (over: Record<string, unknown>) => ({
  requestedTypes: ['group'], paginationKnown: true, truncatedByPageLimit: false, requestedPageSize: 20, effectivePageSize: 20, ...over,
});
const failed = (why: string, pages: number, over: Record<string, unknown>) => ({
  ledger: ledger({ complete: false, failedCount: 1, ...over }),
  error: { category: 'backend', reason: 'pages_incomplete', message: `chat.shortcut_chat_list (step "call"): stopped after ${pages} page(s): ${why}; what was read and the failure are in "ledger"`, hint: HINT },
});
const NEXT = 'nextCursor / next_cursor / nextToken / next_token / pageToken / page_token';

describe('chat +chat-list: failures end with the ledger in the envelope, exit 1 (lark_alignment.go:1188-1199)', () => {
  it('a later page whose read fails: read_failure, the rows read kept, the cursor it was read from', async () => {
    const r = await chatList(['--page-all'], [{ result: { conversationList: [g('g1')], hasMore: true, nextCursor: 5 } }, { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' }]);
    const why = 'page 2 failed (business_error: list_all_conversations on the "im" server failed: SYSTEM_ERROR: 服务繁忙)';
    expect(r).toEqual({
      printed: undefined, exit: 1, sent: [{ limit: 20 }, { limit: 20, cursor: 5 }],
      envelope: failed(why, 1, {
        count: 1, chats: [row('g1')], pagesFetched: 1, hasMore: true, nextCursor: 5, stopReason: 'read_failure',
        // the failed read names the cursor it sent (lark_alignment.go:1044@c7521c1c; f-chat6)
        failures: [{ page: 2, stage: 'read', cursor: 5, error: why }], partial: true,
      }),
    });
  });

  it('without --page-all a hasMore page whose next cursor is "0" is a pagination failure, not a single page', async () => {
    const r = await chatList([], [{ result: { conversationList: [g('g1')], hasMore: true, nextCursor: '0' } }]);
    const why = `page 1 says more follow but its next cursor (${NEXT}) is missing ("0")`;
    expect(r).toEqual({
      printed: undefined, exit: 1, sent: [{ limit: 20 }],
      envelope: failed(why, 1, {
        count: 1, chats: [row('g1')], pagesFetched: 1, hasMore: true, nextCursor: 0, stopReason: 'pagination_error',
        failures: [{ page: 1, stage: 'pagination', error: why }], partial: true,
      }),
    });
  });

  it('a cursor that is not a whole number is refused; one already followed is a failure', async () => {
    const text = await chatList([], [{ result: { conversationList: [g('g1')], hasMore: true, nextCursor: 'abc' } }]);
    const why = 'page 1 gave a next cursor the next call cannot take (call: the next cursor: "abc" is not a whole number above 0)';
    expect(text.envelope).toEqual(failed(why, 1, {
      count: 1, chats: [row('g1')], pagesFetched: 1, hasMore: true, nextCursor: 0, stopReason: 'pagination_error',
      failures: [{ page: 1, stage: 'pagination', error: why }], partial: true,
    }));
    const again = await chatList(['--page-all', '--cursor', '4'], [
      { result: { conversationList: [g('g1')], hasMore: true, nextCursor: 6 } },
      { result: { conversationList: [g('g2')], hasMore: true, nextCursor: 6 } },
    ]);
    const repeated = `page 2 says more follow but its next cursor (${NEXT}) is 6, already followed`;
    expect(again).toEqual({
      printed: undefined, exit: 1, sent: [{ limit: 20, cursor: 4 }, { limit: 20, cursor: 6 }],
      envelope: failed(repeated, 2, {
        count: 2, chats: [row('g1'), row('g2')], pagesFetched: 2, hasMore: true, nextCursor: 6, stopReason: 'pagination_error',
        failures: [{ page: 2, stage: 'pagination', error: repeated }], partial: true,
      }),
    });
  });

  it('a page without hasMore: followed by a positive cursor, ends when short (legacy_short_page), fails when full', async () => {
    const followed = await chatList(['--page-all', '--limit', '1'], [{ result: { conversationList: [g('g1')], nextCursor: 3 } }, { result: { conversationList: [], hasMore: false } }]);
    expect(followed.sent).toEqual([{ limit: 1 }, { limit: 1, cursor: 3 }]);
    expect(followed.printed).toEqual({ result: ledger({
      count: 1, chats: [row('g1')], pagesFetched: 2, complete: true, hasMore: false, nextCursor: 0, stopReason: 'source_complete',
      failedCount: 0, failures: [], partial: false, requestedPageSize: 1, effectivePageSize: 1, completionEvidence: 'backend_has_more_false_short_page',
    }) });
    const short = await chatList([], [{ data: { list: [g('g1')] } }]);
    expect(short.printed).toEqual({ result: ledger({
      count: 1, chats: [row('g1')], pagesFetched: 1, paginationKnown: false, complete: true, hasMore: false, nextCursor: 0,
      stopReason: 'legacy_short_page', failedCount: 0, failures: [], partial: false,
    }) });
    const full = await chatList(['--limit', '1'], [{ result: { conversationList: [g('g1')] } }]);
    const why = 'page 1 came back full (1 items) without saying whether more follow (hasMore / has_more) or a next cursor';
    expect(full).toEqual({
      printed: undefined, exit: 1, sent: [{ limit: 1 }],
      envelope: failed(why, 1, {
        count: 1, chats: [row('g1')], pagesFetched: 1, paginationKnown: false, hasMore: false, nextCursor: 0, stopReason: 'pagination_error',
        failures: [{ page: 1, stage: 'pagination', error: why }], partial: true, requestedPageSize: 1, effectivePageSize: 1,
      }),
    });
  });

  it('a full end at the widest window is a failure with the ledger (lark_alignment.go:1117-1129)', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => g(`g${i}`));
    const r = await chatList(['--page-all', '--limit', '2'], [{ result: { conversationList: many(2), hasMore: false } }, { result: { conversationList: many(100), hasMore: false } }]);
    const why = 'page 2 came back full (100 items) saying no more follow, so the list may hold more than was read';
    expect(r.sent).toEqual([{ limit: 2 }, { limit: 100 }]);
    expect(r.exit).toBe(1);
    const { ledger: printed, error } = r.envelope as { ledger: Record<string, unknown>; error: unknown };
    expect({ ...printed, chats: (printed.chats as unknown[]).length }).toEqual(ledger({
      count: 100, chats: 100, pagesFetched: 2, paginationKnown: false, complete: false, hasMore: false, nextCursor: 0, stopReason: 'pagination_error',
      failedCount: 1, failures: [{ page: 2, stage: 'pagination', error: why }], partial: true, requestedPageSize: 2, effectivePageSize: 100,
    }));
    expect(error).toEqual(failed(why, 2, {}).error);
  });
});

describe('chat +chat-list: where a page says whether more follow (chatListPagination, chatmsg.Pagination)', () => {
  it('the gateway tuple result:[list, nextCursor, hasMore]: its list is the rows, its cursor followed, its hasMore the end', async () => {
    const r = await chatList(['--page-all'], [{ result: [[g('g1')], 7, true] }, { result: [[g('g2')], 0, false] }]);
    expect(r).toEqual({
      printed: { result: ledger({
        count: 2, chats: [row('g1'), row('g2')], pagesFetched: 2, complete: true, hasMore: false, nextCursor: 0, stopReason: 'source_complete',
        failedCount: 0, failures: [], partial: false, completionEvidence: 'backend_has_more_false_short_page',
      }) },
      envelope: undefined, exit: 0, sent: [{ limit: 20 }, { limit: 20, cursor: 7 }],
    });
  });

  it('a tuple without its hasMore is a pagination failure', async () => {
    const r = await chatList([], [{ result: [[g('g1')], 7] }]);
    const why = 'page 1: its result is a tuple without [items, next cursor, more]';
    expect(r.envelope).toEqual(failed(why, 1, {
      count: 1, chats: [row('g1')], pagesFetched: 1, paginationKnown: false, hasMore: false, nextCursor: 0, stopReason: 'pagination_error',
      failures: [{ page: 1, stage: 'pagination', error: why }], partial: true,
    }));
  });

  it('marks at the top level win over result (the first place holding either), in snake spellings; a text cursor is sent as a number', async () => {
    const r = await chatList(['--page-all'], [
      { conversationList: [g('g1')], has_more: true, next_cursor: '8', result: { hasMore: false } },
      { data: { list: [g('g2')], hasMore: false, nextToken: 'ignored' } },
    ]);
    expect(r.sent).toEqual([{ limit: 20 }, { limit: 20, cursor: 8 }]);
    expect(r.printed).toEqual({ result: ledger({
      count: 2, chats: [row('g1'), row('g2')], pagesFetched: 2, complete: true, hasMore: false, nextCursor: 0, stopReason: 'source_complete',
      failedCount: 0, failures: [], partial: false, completionEvidence: 'backend_has_more_false_short_page',
    }) });
  });
});
