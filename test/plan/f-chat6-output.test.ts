// Branch f-chat6 (issue 32): what chat's list readers print, as upstream's bodies at c7521c1c print them, the page
// ledger included: +chat-search (internal/shortcut/chat/chat_group.go:142 executeChatSearch), +chat-list-all
// (chat_group.go:920 executeChatListAll, :950 readAllChatListAll), +conversation-list (chat_conversation.go:350) and
// +flag-list (lark_alignment.go:590). Run as a user types them against the fake MCP server on 127.0.0.1, with canned
// pages (one failing); the calls themselves are pinned by test/fixtures/calls/chat.yaml (`f-chat6:` cases).
import { describe, expect, it } from 'vitest';
import { BUSY, useOutputRuns } from './output-runs.js';

const { paged: run } = useOutputRuns('dws-chat6-');


const LEDGER_HINT = 'the list is not complete: retry, or read on from the cursor in "ledger" with the command\'s own cursor flag';

describe('chat +chat-search prints upstream\'s payload (chat_group.go:142-330)', () => {
  const rpc = 'im/search_groups';
  const page1 = { result: { groups: [{ conversationId: 'g1', title: '项目一', memberCount: 3 }, { openConversationId: 'g2', name: '项目二' }, 'not a group'], hasMore: true, nextCursor: ' c2 ' } };
  const page2 = { data: { chats: [{ openConversationId: 'g2', name: '项目二（重复）' }, { chatId: 'g3', conversationName: '项目三' }], hasMore: false } };

  it('two pages to the end: each group as it came with openConversationId/name filled, a repeat dropped, the whole ledger', async () => {
    const r = await run(['chat', '+chat-search', '项目', '--page-all'], rpc, [page1, page2]);
    expect(r.exit).toBe(0);
    expect(r.sent).toEqual([{ keyword: '项目', limit: 20, cursor: '0' }, { keyword: '项目', limit: 20, cursor: 'c2' }]);
    expect(r.printed).toEqual({
      query: '项目', count: 3,
      chats: [
        { openConversationId: 'g1', name: '项目一', conversationId: 'g1', title: '项目一', memberCount: 3 },
        { openConversationId: 'g2', name: '项目二' },
        { openConversationId: 'g3', name: '项目三', chatId: 'g3', conversationName: '项目三' },
      ],
      pagesFetched: 2, paginationKnown: true, complete: true, hasMore: false, nextCursor: '', stopReason: 'source_complete',
      truncatedByPageLimit: false, failedCount: 0, failures: [], partial: false, requestedPageSize: 20, effectivePageSize: 20,
      completionEvidence: 'backend_has_more_false_short_page',
    });
  });

  it('a later page that fails: its read listed with the cursor it sent, printed in the envelope\'s ledger, exit 1 (:160-:168, :314-:326)', async () => {
    const r = await run(['chat', '+chat-search', '--query', '项目', '--page-all', '--exclude-muted'], rpc, [page1, BUSY]);
    expect(r.exit).toBe(1);
    expect(r.printed).toBeUndefined();
    expect(r.envelope?.error.reason).toBe('pages_incomplete');
    expect(r.envelope?.ledger).toEqual({
      query: '项目', count: 2,
      chats: [
        { openConversationId: 'g1', name: '项目一', conversationId: 'g1', title: '项目一', memberCount: 3 },
        { openConversationId: 'g2', name: '项目二' },
      ],
      pagesFetched: 1, paginationKnown: true, complete: false, hasMore: true, nextCursor: 'c2', stopReason: 'read_failure',
      truncatedByPageLimit: false, failedCount: 1,
      failures: [{ page: 2, stage: 'read', cursor: 'c2', error: 'page 2 failed (business_error: search_groups on the "im" server failed: SYSTEM_ERROR: 服务繁忙)' }],
      partial: true, requestedPageSize: 20, effectivePageSize: 20, filter: { excludeMuted: true },
    });
    expect((r.envelope?.error as { hint?: string }).hint).toBe(LEDGER_HINT);
  });

  it('one page saying more: single_page with the page\'s cursor; a failing first page is the call\'s own error', async () => {
    const one = await run(['chat', '+chat-search', '--query', '项目', '--page-size', '2'], rpc, [page1]);
    expect([one.exit, one.printed?.pagesFetched, one.printed?.complete, one.printed?.hasMore, one.printed?.nextCursor, one.printed?.stopReason,
      one.printed?.completionEvidence, one.printed?.requestedPageSize]).toEqual([0, 1, false, true, 'c2', 'single_page', undefined, 2]);
    const first = await run(['chat', '+chat-search', '--query', '项目', '--page-all'], rpc, [BUSY]);
    expect([first.exit, first.envelope?.error.reason, first.envelope?.ledger]).toEqual([1, 'business_error', undefined]);
  });

  it('hasMore with the cursor already followed is a pagination failure naming that cursor (:271-:278)', async () => {
    const again = { result: { groups: [{ openConversationId: 'g9' }], hasMore: true, nextCursor: 'c2' } };
    const r = await run(['chat', '+chat-search', '--query', '项目', '--page-all'], rpc, [page1, again]);
    expect(r.exit).toBe(1);
    const { chats: _c, failures, ...rest } = r.envelope!.ledger!;
    expect(rest).toEqual({
      query: '项目', count: 3, pagesFetched: 2, paginationKnown: true, complete: false, hasMore: true, nextCursor: 'c2',
      stopReason: 'pagination_error', truncatedByPageLimit: false, failedCount: 1, partial: true, requestedPageSize: 20, effectivePageSize: 20,
    });
    expect(failures).toMatchObject([{ page: 2, stage: 'pagination' }]);
  });

  it('a full first page saying no more: untrusted alone; with --page-all read again from "0" with limit 100 (:232-:262)', async () => {
    const full = { result: { groups: [{ openConversationId: 'g1' }, { openConversationId: 'g2' }], hasMore: false } };
    const wide = { result: { groups: [{ openConversationId: 'g1' }, { openConversationId: 'g2' }, { openConversationId: 'g3' }], hasMore: false } };
    const alone = await run(['chat', '+chat-search', '--query', '项目', '--limit', '2'], rpc, [full]);
    expect([alone.exit, alone.printed?.paginationKnown, alone.printed?.complete, alone.printed?.stopReason, alone.printed?.completionEvidence])
      .toEqual([0, false, false, 'single_page_full_untrusted', undefined]);
    const r = await run(['chat', '+chat-search', '--query', '项目', '--limit', '2', '--page-all'], rpc, [full, wide]);
    expect(r.sent).toEqual([{ keyword: '项目', limit: 2, cursor: '0' }, { keyword: '项目', limit: 100, cursor: '0' }]);
    const { chats, ...rest } = r.printed!;
    expect(chats).toEqual([{ openConversationId: 'g1' }, { openConversationId: 'g2' }, { openConversationId: 'g3' }]);
    expect(rest).toEqual({
      query: '项目', count: 3, pagesFetched: 2, paginationKnown: false, complete: true, hasMore: false, nextCursor: '',
      stopReason: 'max_window_short_page', truncatedByPageLimit: false, failedCount: 0, failures: [], partial: false,
      requestedPageSize: 2, effectivePageSize: 100, completionEvidence: 'max_window_short_page',
    });
    // from another start cursor the full page cannot be re-read: a failure (:263-:268)
    const from = await run(['chat', '+chat-search', '--query', '项目', '--limit', '2', '--page-all', '--cursor', 'c7'], rpc, [full]);
    expect([from.exit, from.envelope?.ledger?.stopReason, from.envelope?.ledger?.paginationKnown, from.envelope?.ledger?.complete]).toEqual([1, 'pagination_error', false, false]);
  });

  it('a page without hasMore: a cursor goes on, a short page ends (legacy_short_page), a full one fails (:203-:228)', async () => {
    const cursorOnly = { groups: [{ openConversationId: 'g1' }], nextCursor: 'c2' };
    const short = { groups: [{ openConversationId: 'g2' }] };
    const r = await run(['chat', '+chat-search', '--query', '项目', '--page-all'], rpc, [cursorOnly, short]);
    const { chats: _c, ...rest } = r.printed!;
    expect(rest).toEqual({
      query: '项目', count: 2, pagesFetched: 2, paginationKnown: false, complete: true, hasMore: false, nextCursor: '',
      stopReason: 'legacy_short_page', truncatedByPageLimit: false, failedCount: 0, failures: [], partial: false,
      requestedPageSize: 20, effectivePageSize: 20,
    });
    const fullUnmarked = await run(['chat', '+chat-search', '--query', '项目', '--limit', '1', '--page-all'], rpc, [short]);
    expect([fullUnmarked.exit, fullUnmarked.envelope?.ledger?.stopReason, fullUnmarked.envelope?.ledger?.paginationKnown, fullUnmarked.envelope?.ledger?.nextCursor])
      .toEqual([1, 'pagination_error', false, '']);
  });

  it('--page-limit bounds the run: page_limit, truncated, the unread page\'s cursor', async () => {
    const r = await run(['chat', '+chat-search', '--query', '项目', '--page-all', '--page-limit', '1'], rpc, [page1]);
    expect([r.exit, r.printed?.stopReason, r.printed?.truncatedByPageLimit, r.printed?.hasMore, r.printed?.nextCursor, r.printed?.complete])
      .toEqual([0, 'page_limit', true, true, 'c2', false]);
  });
});

describe('chat +flag-list prints upstream\'s payload (lark_alignment.go:590-750)', () => {
  const rpc = 'im/list_message_favorites';
  const page1 = { result: { items: [{ openMessageId: 'm1', text: 'a' }, { messageId: 'm2' }, 7], hasMore: true, nextCursor: '5' } };
  const page2 = { data: { favorites: [{ openMessageId: ' ', messageId: 'm2', text: 'again' }, { itemId: 'm3' }], hasMore: false, nextCursor: 9 } };

  it('two pages to the end: the objects of each page\'s list, a repeat (first non-blank id) dropped, the cursor sent as a number', async () => {
    const r = await run(['chat', '+flag-list', '--page-all', '--page-size', '3'], rpc, [page1, page2]);
    expect(r.exit).toBe(0);
    expect(r.sent).toEqual([{ cursor: 0, size: '3' }, { cursor: 5, size: '3' }]);
    expect(r.printed).toEqual({
      count: 3, items: [{ openMessageId: 'm1', text: 'a' }, { messageId: 'm2' }, { itemId: 'm3' }],
      pagesFetched: 2, paginationKnown: true, complete: true, hasMore: false, nextCursor: 0, stopReason: 'source_complete',
      truncatedByPageLimit: false, truncatedByResultLimit: false, failedCount: 0, failures: [], partial: false, truncated: false,
    });
  });

  it('a later page that fails: listed with the cursor it sent, the payload in the envelope\'s ledger, exit 1 (:620-:628, :739-:749)', async () => {
    const r = await run(['chat', '+flag-list', '--page-all'], rpc, [page1, BUSY]);
    expect(r.exit).toBe(1);
    expect(r.envelope?.error.reason).toBe('pages_incomplete');
    expect(r.envelope?.ledger).toEqual({
      count: 2, items: [{ openMessageId: 'm1', text: 'a' }, { messageId: 'm2' }],
      pagesFetched: 1, paginationKnown: true, complete: false, hasMore: true, nextCursor: 5, stopReason: 'read_failure',
      truncatedByPageLimit: false, truncatedByResultLimit: false, failedCount: 1,
      failures: [{ page: 2, stage: 'read', cursor: 5, error: 'page 2 failed (business_error: list_message_favorites on the "im" server failed: SYSTEM_ERROR: 服务繁忙)' }],
      partial: true, truncated: false,
    });
  });

  it('one page saying more is single_page with its cursor; --page-limit 1 is page_limit, truncated', async () => {
    const one = await run(['chat', '+flag-list'], rpc, [page1]);
    expect([one.exit, one.printed?.stopReason, one.printed?.hasMore, one.printed?.nextCursor, one.printed?.truncatedByPageLimit, one.printed?.truncated])
      .toEqual([0, 'single_page', true, 5, false, false]);
    const bounded = await run(['chat', '+flag-list', '--page-all', '--page-limit', '1'], rpc, [page1]);
    expect([bounded.exit, bounded.printed?.stopReason, bounded.printed?.hasMore, bounded.printed?.nextCursor, bounded.printed?.truncatedByPageLimit, bounded.printed?.truncated])
      .toEqual([0, 'page_limit', true, 5, true, true]);
  });

  it('--max-items: the cap reached stops at result_limit; a page over it is a failure saying more, cursor 0 (:640-:688)', async () => {
    const capped = await run(['chat', '+flag-list', '--page-all', '--max-items', '2'], rpc, [{ items: [{ id: 'a' }, { id: 'b' }], hasMore: true, nextCursor: 4 }]);
    expect(capped.sent).toEqual([{ cursor: 0, size: '2' }]);
    expect([capped.exit, capped.printed?.stopReason, capped.printed?.truncatedByResultLimit, capped.printed?.truncated, capped.printed?.nextCursor, capped.printed?.count])
      .toEqual([0, 'result_limit', true, true, 4, 2]);
    const over = await run(['chat', '+flag-list', '--page-all', '--max-items', '2'], rpc, [{ items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], hasMore: false }]);
    expect(over.exit).toBe(1);
    const { failures, ...rest } = over.envelope!.ledger!;
    expect(rest).toEqual({
      count: 2, items: [{ id: 'a' }, { id: 'b' }], pagesFetched: 1, paginationKnown: true, complete: false, hasMore: true, nextCursor: 0,
      stopReason: 'pagination_error', truncatedByPageLimit: false, truncatedByResultLimit: true, failedCount: 1, partial: true, truncated: true,
    });
    expect(failures).toMatchObject([{ page: 1, stage: 'pagination' }]);
  });

  it('a page without hasMore: a short one ends (legacy_short_page, pagination unknown); a full one fails (:659-:677)', async () => {
    const short = await run(['chat', '+flag-list', '--page-all'], rpc, [{ items: [{ id: 'a' }] }]);
    expect([short.exit, short.printed?.stopReason, short.printed?.paginationKnown, short.printed?.complete, short.printed?.hasMore, short.printed?.nextCursor])
      .toEqual([0, 'legacy_short_page', false, true, false, 0]);
    const full = await run(['chat', '+flag-list', '--page-all', '--size', '1'], rpc, [{ items: [{ id: 'a' }] }]);
    expect([full.exit, full.envelope?.ledger?.stopReason, full.envelope?.ledger?.paginationKnown, full.envelope?.ledger?.complete, full.envelope?.ledger?.nextCursor])
      .toEqual([1, 'pagination_error', false, false, 0]);
  });
});

describe('chat +my-groups prints upstream\'s projected groups (smart/my_groups.go:141-170, :298-411@c7521c1c; h36-b3)', () => {
  const rpc = 'im/list_my_groups_pagination';
  // myGroupsExtract takes the first list (result.list here), objects only; myGroupsStr reads a non-blank text trimmed,
  // a number or a boolean as text; myGroupsInt a number truncated or a decimal text
  const page1 = { result: { list: [
    { openConversationId: ' c1 ', name: ' 一群 ', owner: 5, memberCount: 3.7, groupType: 'Group' },
    { openConversationId: ' ', cid: true, title: '', groupName: '二群', memberNum: ' 12 ', type: 'direct' },
    'not a group',
  ] }, hasMore: true, nextCursor: 'n2' };

  it('one page: {count, groups, hasMore, complete, nextCursor, pagesFetched, stopReason}; --type keeps its groups ignoring case', async () => {
    const r = await run(['chat', '+my-groups'], rpc, [page1]);
    expect(r.sent).toEqual([{ limit: 200 }]);
    expect(r.printed).toEqual({
      count: 2,
      groups: [
        { conversationId: 'c1', name: '一群', owner: '5', memberCount: 3, type: 'Group' },
        { conversationId: 'true', name: '二群', memberCount: 12, type: 'direct' },
      ],
      hasMore: true, complete: false, nextCursor: 'n2', pagesFetched: 1, stopReason: 'single_page',
    });
    const typed = await run(['chat', '+my-groups', '--type', ' GROUP '], rpc, [page1]);
    expect(typed.printed).toMatchObject({ count: 1, groups: [{ conversationId: 'c1' }] });
    // a list at an earlier container decides, even empty; an answer with no list prints no group
    const empty = await run(['chat', '+my-groups'], rpc, [{ result: [], list: [{ id: 'x' }], hasMore: false }]);
    expect(empty.printed).toEqual({ count: 0, groups: [], hasMore: false, complete: true, pagesFetched: 1, stopReason: 'source_complete' });
  });

  it('an answer that is not a JSON object fails the read (rt.CallMCPData)', async () => {
    const r = await run(['chat', '+my-groups'], rpc, [[{ id: 'x' }]]);
    expect(r.exit).toBe(1);
    expect(r.envelope?.error.reason).toBe('backend_error');
  });

  it('--page-all: repeats dropped, the page-limit ledger (:298-315)', async () => {
    const r = await run(['chat', '+my-groups', '--page-all', '--page-limit', '2'], rpc, [page1, { list: [{ id: 'c1' }, { id: 'c3' }], hasMore: true, nextCursor: 'n3' }]);
    expect(r.sent).toEqual([{ limit: 200 }, { limit: 200, cursor: 'n2' }]);
    expect(r.printed).toEqual({
      count: 3,
      groups: [
        { conversationId: 'c1', name: '一群', owner: '5', memberCount: 3, type: 'Group' },
        { conversationId: 'true', name: '二群', memberCount: 12, type: 'direct' },
        { conversationId: 'c3' },
      ],
      pagesFetched: 2, paginationKnown: true, complete: false, hasMore: true, stopReason: 'page_limit', truncatedByPageLimit: true,
      truncatedByResultLimit: false, failedCount: 0, failures: [], partial: false, truncated: true, nextCursor: 'n3',
    });
  });
});

describe('chat +chat-list-all prints upstream\'s payloads (chat_group.go:920-1095)', () => {
  const rpc = 'im/list_my_groups_pagination';
  const page1 = { data: { groups: [{ openConversationId: 'g1', name: '一群', memberCount: 9 }, { conversationId: 'g2', groupName: '二群' }, { other: 1 }], hasMore: true, nextToken: 'n2' } };
  const page2 = { result: { list: [{ openConversationId: 'g2', title: '二群（重复）' }, { id: 'g3', name: null }] }, has_more: false };

  it('one page: {count, groups, hasMore, complete, nextCursor, pagesFetched, stopReason} from the page\'s marks (:932-:945)', async () => {
    const r = await run(['chat', '+chat-list-all'], rpc, [page1]);
    expect(r.sent).toEqual([{ limit: 100 }]);
    expect(r.printed).toEqual({
      count: 2, groups: [{ openConversationId: 'g1', name: '一群' }, { openConversationId: 'g2', name: '二群' }],
      hasMore: true, complete: false, nextCursor: 'n2', pagesFetched: 1, stopReason: 'single_page',
    });
    const bare = await run(['chat', '+chat-list-all', '--cursor', 'c5'], rpc, [{ result: [{ id: 'g9' }] }]);
    expect(bare.sent).toEqual([{ limit: 100, cursor: 'c5' }]);
    expect(bare.printed).toEqual({ count: 1, groups: [{ openConversationId: 'g9' }], pagesFetched: 1, stopReason: 'single_page' });
    const done = await run(['chat', '+chat-list-all'], rpc, [page2]);
    expect(done.printed).toEqual({ count: 2, groups: [{ openConversationId: 'g2', name: '二群（重复）' }, { openConversationId: 'g3', name: null }], hasMore: false, complete: true, pagesFetched: 1, stopReason: 'source_complete' });
  });

  it('--page-all to the end: repeats dropped, the ledger (:1058-:1071)', async () => {
    const r = await run(['chat', '+chat-list-all', '--page-all', '--limit', '3'], rpc, [page1, page2]);
    expect(r.sent).toEqual([{ limit: 3 }, { limit: 3, cursor: 'n2' }]);
    expect(r.printed).toEqual({
      count: 3, groups: [{ openConversationId: 'g1', name: '一群' }, { openConversationId: 'g2', name: '二群' }, { openConversationId: 'g3', name: null }],
      pagesFetched: 2, paginationKnown: true, complete: true, hasMore: false, stopReason: 'source_complete', truncatedByPageLimit: false,
      truncatedByResultLimit: false, failedCount: 0, failures: [], partial: false, truncated: false,
    });
  });

  it('--page-all with a later page failing: listed with its cursor, the payload in the envelope\'s ledger, exit 1 (:983-:991, :1076-:1086)', async () => {
    const r = await run(['chat', '+chat-list-all', '--page-all'], rpc, [page1, BUSY]);
    expect(r.exit).toBe(1);
    expect(r.envelope?.error.reason).toBe('pages_incomplete');
    expect(r.envelope?.ledger).toEqual({
      count: 2, groups: [{ openConversationId: 'g1', name: '一群' }, { openConversationId: 'g2', name: '二群' }],
      pagesFetched: 1, paginationKnown: true, complete: false, hasMore: true, stopReason: 'read_failure', truncatedByPageLimit: false,
      truncatedByResultLimit: false, failedCount: 1,
      failures: [{ page: 2, stage: 'read', cursor: 'n2', error: 'page 2 failed (business_error: list_my_groups_pagination on the "im" server failed: SYSTEM_ERROR: 服务繁忙)' }],
      partial: true, truncated: false, nextCursor: 'n2',
    });
  });

  it('--page-all: a page without hasMore is a failure keeping the cursor before; a page over --max-items says more without a cursor', async () => {
    const unmarked = await run(['chat', '+chat-list-all', '--page-all'], rpc, [page1, { groups: [{ id: 'g7' }], nextCursor: 'n3' }]);
    const { groups: _g, failures, ...rest } = unmarked.envelope!.ledger!;
    expect(rest).toEqual({
      count: 3, pagesFetched: 2, paginationKnown: true, complete: false, hasMore: true, stopReason: 'pagination_error', truncatedByPageLimit: false,
      truncatedByResultLimit: false, failedCount: 1, partial: true, truncated: false, nextCursor: 'n2',
    });
    expect(failures).toMatchObject([{ page: 2, stage: 'pagination' }]);
    const over = await run(['chat', '+chat-list-all', '--page-all', '--max-items', '1'], rpc, [page1]);
    expect(over.sent).toEqual([{ limit: 1 }]);
    const { failures: f2, ...o } = over.envelope!.ledger!;
    expect(o).toEqual({
      count: 1, groups: [{ openConversationId: 'g1', name: '一群' }], pagesFetched: 1, paginationKnown: true, complete: false, hasMore: true,
      stopReason: 'pagination_error', truncatedByPageLimit: false, truncatedByResultLimit: true, failedCount: 1, partial: true, truncated: true,
    });
    expect(f2).toMatchObject([{ page: 1, stage: 'pagination' }]);
    const bounded = await run(['chat', '+chat-list-all', '--page-all', '--page-limit', '1'], rpc, [page1]);
    expect([bounded.exit, bounded.printed?.stopReason, bounded.printed?.truncatedByPageLimit, bounded.printed?.truncated, bounded.printed?.nextCursor]).toEqual([0, 'page_limit', true, true, 'n2']);
  });
});

describe('chat +conversation-list prints upstream\'s payload (chat_conversation.go:350-482)', () => {
  const rpc = 'im/list_all_conversations';
  const page1 = { result: [[{ openConversationId: 'c1', name: '项目群', conversationType: 'group', unread: 2 }, { conversationId: 'c2', title: '张三', type: 'single' }], 7, true], hasMore: true, nextCursor: '7' };
  const page2 = { data: { conversations: [{ openConversationId: 'c2', conversationName: '张三（重复）' }, { id: 'c3', conversationName: null }], hasMore: false } };

  it('the gateway tuple\'s list is read (unwrapConversationTuple), rows reduced to three fields, repeats dropped; complete keeps the cursor before (:433)', async () => {
    const r = await run(['chat', '+conversation-list', '--page-all', '--limit', '2'], rpc, [page1, page2]);
    expect(r.exit).toBe(0);
    expect(r.sent).toEqual([{ limit: 2 }, { limit: 2, cursor: 7 }]);
    expect(r.printed).toEqual({
      count: 3,
      conversations: [
        { openConversationId: 'c1', conversationName: '项目群', conversationType: 'group' },
        { openConversationId: 'c2', conversationName: '张三', conversationType: 'single' },
        { openConversationId: 'c3', conversationName: null },
      ],
      pagesFetched: 2, complete: true, hasMore: false, nextCursor: 7, paginationKnown: true, stopReason: 'source_complete',
      truncatedByPageLimit: false, truncatedByResultLimit: false, failedCount: 0, failures: [], partial: false, truncated: false,
    });
  });

  it('a later page that fails is listed ({stage: conversation-page, cursor, error}) and the run exits 0, stopReason left source_complete', async () => {
    const r = await run(['chat', '+conversation-list', '--page-all'], rpc, [page1, BUSY]);
    expect(r.exit).toBe(0);
    expect(r.printed).toEqual({
      count: 2,
      conversations: [
        { openConversationId: 'c1', conversationName: '项目群', conversationType: 'group' },
        { openConversationId: 'c2', conversationName: '张三', conversationType: 'single' },
      ],
      pagesFetched: 1, complete: false, hasMore: true, nextCursor: 7, paginationKnown: true, stopReason: 'source_complete',
      truncatedByPageLimit: false, truncatedByResultLimit: false, failedCount: 1,
      failures: [{ stage: 'conversation-page', cursor: 7, error: 'page 2 failed (business_error: list_all_conversations on the "im" server failed: SYSTEM_ERROR: 服务繁忙)' }],
      partial: true, truncated: false,
    });
  });

  it('a page without hasMore (the tuple\'s marks are not read): listed, hasMore false, pagination unknown, exit 0 (:408-:417)', async () => {
    const r = await run(['chat', '+conversation-list'], rpc, [{ result: [[{ id: 'c9' }], 3, true] }]);
    expect(r.exit).toBe(0);
    const { failures, ...rest } = r.printed!;
    expect(rest).toEqual({
      count: 1, conversations: [{ openConversationId: 'c9' }], pagesFetched: 1, complete: false, hasMore: false, nextCursor: 0,
      paginationKnown: false, stopReason: 'source_complete', truncatedByPageLimit: false, truncatedByResultLimit: false, failedCount: 1,
      partial: true, truncated: false,
    });
    expect(failures).toEqual([{ stage: 'conversation-pagination', error: expect.any(String) as string }]);
  });

  it('one page saying more is single_page; --page-limit 1 page_limit; a missing cursor on the last page is listed and still page_limit', async () => {
    const one = await run(['chat', '+conversation-list', '--exclude-muted'], rpc, [page1]);
    expect(one.sent).toEqual([{ limit: 100, excludeMuted: true }]);
    expect([one.exit, one.printed?.stopReason, one.printed?.nextCursor, one.printed?.hasMore]).toEqual([0, 'single_page', 7, true]);
    const bounded = await run(['chat', '+conversation-list', '--page-all', '--page-limit', '1'], rpc, [page1]);
    expect([bounded.printed?.stopReason, bounded.printed?.truncatedByPageLimit, bounded.printed?.truncated, bounded.printed?.nextCursor]).toEqual(['page_limit', true, true, 7]);
    const lost = await run(['chat', '+conversation-list', '--page-all', '--page-limit', '1'], rpc, [{ conversations: [{ id: 'c1' }], hasMore: true }]);
    expect([lost.exit, lost.printed?.stopReason, lost.printed?.failedCount, lost.printed?.nextCursor, lost.printed?.paginationKnown]).toEqual([0, 'page_limit', 1, 0, true]);
  });

  it('a page over --max-items ends the command: pagination_error, the payload in the envelope\'s ledger, exit 1 (:400-:431, :472)', async () => {
    const r = await run(['chat', '+conversation-list', '--page-all', '--max-items', '1'], rpc, [page1]);
    expect(r.sent).toEqual([{ limit: 1 }]);
    expect(r.exit).toBe(1);
    expect(r.envelope?.error.reason).toBe('pages_incomplete');
    const { failures, ...rest } = r.envelope!.ledger!;
    expect(rest).toEqual({
      count: 1, conversations: [{ openConversationId: 'c1', conversationName: '项目群', conversationType: 'group' }], pagesFetched: 1, complete: false,
      hasMore: true, nextCursor: 0, paginationKnown: true, stopReason: 'pagination_error', truncatedByPageLimit: false, truncatedByResultLimit: true,
      failedCount: 1, partial: true, truncated: true,
    });
    expect(failures).toEqual([{ stage: 'conversation-pagination', error: expect.any(String) as string }]);
  });
});
