// Branch f-chatmarks (issue 32): where chat's message readers read a page's hasMore/nextCursor and list, and how they
// end, as upstream at c7521c1c: +chat-messages (smart/chat_messages.go:689 collectAllChatMessages), +thread-replies
// (smart/thread_replies.go:365 collectAllThreadReplies), +messages-list-direct (chat/chat_message.go:541
// readAllDirectMessages), all reading the marks with chatmsg.Pagination (chatmsg.go:1106): the first of the answer,
// result, data holding hasMore/has_more or a present nextCursor spelling. Run as typed, against the fake MCP server.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

/** Runs `dws <argv>` with `rpc` answering these pages in turn: what it printed, its error envelope, exit code and the arguments sent. */
async function run(argv: string[], rpc: string, pages: unknown[]) {
  mcp.calls.length = 0;
  mcp.answers[rpc] = (_args, n) => pages[Math.min(n, pages.length - 1)];
  const { out, error } = await dispatchInProcess(argv, privateEnv(mcp.urlTemplate, 't', mkdtempSync(path.join(os.tmpdir(), 'dws-chatmarks-'))));
  return {
    printed: out ? JSON.parse(out) as unknown : undefined,
    envelope: error ? JSON.parse(error.envelope()) as unknown : undefined,
    exit: error?.exitCode ?? 0,
    sent: mcp.calls.map((c) => c.arguments),
  };
}

const m = (id: string) => ({ openMessageId: id });
/** A message of `m` as upstream's readers print it (f-chat8: chatmsg.ProjectMessageV1, chatmsg.go:338@c7521c1c). */
const pv = (id: string) => ({ createTime: null, messageId: id, sender: null, text: null });
const BUSY = { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' };

const NEXT = 'nextCursor / next_cursor / nextToken / next_token / pageToken / page_token';
const busy = (rpc: string) => `(business_error: ${rpc} on the "chat" server failed: SYSTEM_ERROR: 服务繁忙)`;

describe('chat +thread-replies --page-all reads the marks where chatmsg.Pagination does (thread_replies.go:401)', () => {
  const argv = ['chat', '+thread-replies', '--group', 'cid', '--thread-id', 'thread', '--page-all'];
  const first = { openconversationId: 'cid', topicId: 'thread', forward: false };
  const second = { ...first, startTime: '2026-08-06T13:28:39.361Z' };

  it('follows marks in data, then ends on a top-level has_more false; the replies of both pages are printed', async () => {
    const r = await run(argv, 'chat/list_topic_replies', [
      { data: { replies: [m('m3'), m('m2')], hasMore: true, nextCursor: 1786022919361 } },
      { replies: [m('m2'), m('m1')], has_more: false },
    ]);
    expect(r).toMatchObject({ envelope: undefined, exit: 0, sent: [first, second] });
    // upstream's payload (f-chat7): the replies of both pages, the ledger
    expect(r.printed).toMatchObject({ result: { replies: [pv('m3'), pv('m2'), pv('m1')], count: 3, pagesFetched: 2, complete: true, hasMore: false, stopReason: 'source_complete', failedCount: 0 } });
  });

  it('a later page whose read fails ends the run incomplete with the replies read (thread_replies.go:380-386)', async () => {
    const page = { result: { messages: [m('m2')], has_more: true, next_cursor: '1786022919361' } };
    const r = await run(argv, 'chat/list_topic_replies', [page, BUSY]);
    expect(r).toMatchObject({ printed: undefined, exit: 1, sent: [first, second], envelope: { error: { reason: 'pages_incomplete' } } });
    // the payload is the envelope's ledger (f-chat7), the failed read listed
    expect(r.envelope).toMatchObject({ ledger: { replies: [pv('m2')], count: 1, pagesFetched: 1, hasMore: true, stopReason: 'read_failure', partial: true,
      failures: [{ page: 2, stage: 'read', error: `page 2 failed ${busy('list_topic_replies')}` }] } });
  });

  it('a top-level hasMore is the place: a nextCursor only inside result is not read, the run ends incomplete', async () => {
    const page = { hasMore: true, result: { messages: [m('m2')], nextCursor: 1786022919361 } };
    const r = await run(argv, 'chat/list_topic_replies', [page]);
    expect(r).toMatchObject({ printed: undefined, exit: 1, sent: [first], envelope: { error: { reason: 'pages_incomplete' } } });
    expect(r.envelope).toMatchObject({ ledger: { replies: [pv('m2')], count: 1, stopReason: 'pagination_error', partial: true,
      failures: [{ page: 1, stage: 'pagination', error: `page 1 says more follow but its next cursor (${NEXT}) is missing` }] } });
  });
});

describe('chat +chat-messages --page-all reads the marks where chatmsg.Pagination does (chat_messages.go:772)', () => {
  const argv = ['chat', '+chat-messages', '--user', 'u1', '--time', '2026-03-01 00:00:00', '--page-all'];
  const first = { userId: 'u1', time: '2026-03-01 00:00:00', forward: false, limit: 100 };

  it('reads snake marks at the top and the messages in result, then a page whose messages and hasMore are in data', async () => {
    const r = await run(argv, 'chat/list_individual_chat_message', [
      { has_more: true, next_cursor: 1772294399123, result: { messages: [m('m5'), m('m4')] } },
      { data: { messages: [m('m3')], hasMore: false } },
    ]);
    expect(r).toMatchObject({ envelope: undefined, exit: 0, sent: [first, { ...first, time: '2026-02-28T15:59:59.123Z' }] });
    expect(r.printed).toMatchObject({ result: { messages: [pv('m5'), pv('m4'), pv('m3')], count: 3, pagesFetched: 2, complete: true, stopReason: 'source_complete' } });
  });

  it('a top-level nextCursor "0" is no mark: the marks in result are read and followed', async () => {
    const r = await run(argv, 'chat/list_individual_chat_message', [
      { nextCursor: '0', result: { hasMore: true, nextCursor: 1772290000000, messages: [m('m2')] } },
      { result: { hasMore: false, messages: [m('m1')] } },
    ]);
    expect(r).toMatchObject({ envelope: undefined, exit: 0, sent: [first, { ...first, time: '2026-02-28T14:46:40Z' }] });
    expect(r.printed).toMatchObject({ result: { messages: [pv('m2'), pv('m1')], count: 2, complete: true } });
  });

  it('a top-level nextCursor is the place: hasMore only inside result is unknown, the run ends incomplete', async () => {
    const page = { nextCursor: 1772290000000, result: { hasMore: true, messages: [m('m2')] } };
    const r = await run(argv, 'chat/list_individual_chat_message', [page]);
    expect(r).toMatchObject({ printed: undefined, exit: 1, sent: [first], envelope: { error: { reason: 'pages_incomplete' } } });
    expect(r.envelope).toMatchObject({ ledger: { messages: [pv('m2')], paginationKnown: false, stopReason: 'pagination_error',
      failures: [{ page: 1, stage: 'pagination', error: 'page 1 does not say whether more follow (hasMore / has_more is absent)' }] } });
  });

  it('a later page whose read fails ends the run incomplete with the messages read (chat_messages.go:727-735)', async () => {
    const page = { result: { hasMore: true, nextCursor: 1772294399123, messages: [m('m5')] } };
    const r = await run(argv, 'chat/list_individual_chat_message', [page, BUSY]);
    expect(r).toMatchObject({ printed: undefined, exit: 1, sent: [first, { ...first, time: '2026-02-28T15:59:59.123Z' }], envelope: { error: { reason: 'pages_incomplete' } } });
    expect(r.envelope).toMatchObject({ ledger: { messages: [pv('m5')], pagesFetched: 1, hasMore: true, stopReason: 'read_failure', partial: true,
      failures: [{ page: 2, stage: 'read', error: `page 2 failed ${busy('list_individual_chat_message')}` }] } });
  });
});

describe('chat +messages-list-direct --page-all reads the marks where chatmsg.Pagination does (chat_message.go:583)', () => {
  const argv = ['chat', '+messages-list-direct', '--user', 'u1', '--time', '2026-03-01 00:00:00', '--page-all'];
  const first = { time: '2026-03-01 00:00:00', forward: true, userId: 'u1' };

  it('reads top-level marks and a result list, then messageList inside data with has_more false', async () => {
    const r = await run(argv, 'chat/list_individual_chat_message', [
      { result: [m('m1')], hasMore: true, nextCursor: 1772200000500 },
      { data: { messageList: [m('m2')], has_more: false } },
    ]);
    // f-chat8: readAllDirectMessages' payload (chat_message.go:636-660@c7521c1c), each message projected (listMessageProjectOneWithReactions)
    expect(r).toEqual({
      printed: { result: { complete: true, contractVersion: 'im.message-list.v1', count: 2, failedCount: 0, failures: [], hasMore: false,
        messages: [{ messageId: 'm1' }, { messageId: 'm2' }], pagesFetched: 2, paginationKnown: true, partial: false, stopReason: 'source_complete',
        truncated: false, truncatedByPageLimit: false } },
      envelope: undefined, exit: 0, sent: [first, { ...first, time: '2026-02-27T13:46:40.5Z' }],
    });
  });

  it('a hasMore page whose nextCursor is "0" has no cursor: the run ends incomplete', async () => {
    const page = { data: { messages: [m('m1')], hasMore: true, nextCursor: '0' } };
    const r = await run(argv, 'chat/list_individual_chat_message', [page]);
    expect(r).toMatchObject({ printed: undefined, exit: 1, sent: [first], envelope: { error: { reason: 'pages_incomplete' } } });
    expect(r.envelope).toMatchObject({ ledger: { messages: [{ messageId: 'm1' }], count: 1, complete: false, hasMore: true, stopReason: 'pagination_error', partial: true,
      failures: [{ page: 1, stage: 'pagination', error: `page 1 says more follow but its next cursor (${NEXT}) is missing ("0")` }] } });
  });

  it('a later page whose read fails ends the run incomplete; a failing first page is its own error', async () => {
    const page = { data: { messages: [m('m1')], pageToken: '1772294399123', hasMore: true } };
    const later = await run(argv, 'chat/list_individual_chat_message', [page, BUSY]);
    expect(later).toMatchObject({ printed: undefined, exit: 1, sent: [first, { ...first, time: '2026-02-28T15:59:59.123Z' }], envelope: { error: { reason: 'pages_incomplete' } } });
    expect(later.envelope).toMatchObject({ ledger: { messages: [{ messageId: 'm1' }], pagesFetched: 1, stopReason: 'read_failure', partial: true, failedCount: 1,
      failures: [{ page: 2, stage: 'read', error: `page 2 failed ${busy('list_individual_chat_message')}` }] } });
    const firstFails = await run(argv, 'chat/list_individual_chat_message', [BUSY]);
    expect({ exit: firstFails.exit, reason: (firstFails.envelope as { error: { reason: string } }).error.reason, sent: firstFails.sent.length }).toEqual({ exit: 1, reason: 'business_error', sent: 1 });
  });
});

describe('the chat list readers follow marks where chatmsg.Pagination finds them and read their lists as upstream does', () => {
  it('+chat-search: top-level has_more/next_cursor, then hasMore false in data; both pages\' groups printed (chat_group.go:200, :334)', async () => {
    const r = await run(['chat', '+chat-search', '--query', '项目', '--page-all'], 'im/search_groups', [
      { result: { groups: [{ openConversationId: 'g1' }] }, has_more: true, next_cursor: 'c2' },
      { data: { groups: [{ openConversationId: 'g2' }], hasMore: false } },
    ]);
    expect(r).toEqual({
      // upstream's payload (f-chat6, chat_group.go:290-312)
      printed: { result: {
        query: '项目', count: 2, chats: [{ openConversationId: 'g1' }, { openConversationId: 'g2' }], pagesFetched: 2, paginationKnown: true, complete: true,
        hasMore: false, nextCursor: '', stopReason: 'source_complete', truncatedByPageLimit: false, failedCount: 0, failures: [], partial: false,
        requestedPageSize: 20, effectivePageSize: 20, completionEvidence: 'backend_has_more_false_short_page',
      } }, envelope: undefined, exit: 0,
      sent: [{ keyword: '项目', limit: 20, cursor: '0' }, { keyword: '项目', limit: 20, cursor: 'c2' }],
    });
  });

  it('+chat-list-all: a nextToken in data, then a top-level has_more false (chat_group.go:1018, :1137)', async () => {
    const r = await run(['chat', '+chat-list-all', '--page-all'], 'im/list_my_groups_pagination', [
      { data: { groups: [{ openConversationId: 'g1' }], hasMore: true, nextToken: 'n2' } },
      { result: { groups: [{ openConversationId: 'g2' }] }, has_more: false },
    ]);
    expect(r).toEqual({
      // upstream's --page-all payload (f-chat6, chat_group.go:1058-1071)
      printed: { result: {
        count: 2, groups: [{ openConversationId: 'g1' }, { openConversationId: 'g2' }], pagesFetched: 2, paginationKnown: true, complete: true, hasMore: false,
        stopReason: 'source_complete', truncatedByPageLimit: false, truncatedByResultLimit: false, failedCount: 0, failures: [], partial: false, truncated: false,
      } }, envelope: undefined, exit: 0,
      sent: [{ limit: 100 }, { limit: 100, cursor: 'n2' }],
    });
  });

  it('+conversation-list: a top-level hasMore/pageToken, then has_more false in data (chat_conversation.go:408, :533)', async () => {
    const r = await run(['chat', '+conversation-list', '--page-all'], 'im/list_all_conversations', [
      { result: { conversationList: [{ openConversationId: 'c1' }] }, hasMore: true, pageToken: 5 },
      { data: { conversationList: [{ openConversationId: 'c2' }], has_more: false } },
    ]);
    expect(r).toEqual({
      // upstream's payload (f-chat6, chat_conversation.go:454-469): complete keeps the cursor it followed
      printed: { result: {
        count: 2, conversations: [{ openConversationId: 'c1' }, { openConversationId: 'c2' }], pagesFetched: 2, complete: true, hasMore: false, nextCursor: 5,
        paginationKnown: true, stopReason: 'source_complete', truncatedByPageLimit: false, truncatedByResultLimit: false, failedCount: 0, failures: [], partial: false, truncated: false,
      } }, envelope: undefined, exit: 0,
      sent: [{ limit: 100 }, { limit: 100, cursor: 5 }],
    });
  });

  it('+flag-list: marks in data when result holds none; a later failing page is listed in the payload (f-chat6: as upstream, exit 1)', async () => {
    const r = await run(['chat', '+flag-list', '--page-all'], 'im/list_message_favorites', [{ result: { items: [m('m1')] }, data: { hasMore: true, nextCursor: 8 } }, BUSY]);
    const envelope = r.envelope as { error: { reason: string }; ledger: { items: unknown; failures: unknown } };
    expect({ exit: r.exit, printed: r.printed, reason: envelope.error.reason, items: envelope.ledger.items, failures: envelope.ledger.failures, sent: r.sent }).toMatchObject({
      exit: 1, printed: undefined, reason: 'pages_incomplete', items: [m('m1')], failures: [{ page: 2, stage: 'read', cursor: 8 }], sent: [{ cursor: 0, size: '20' }, { cursor: 8, size: '20' }],
    });
  });
});
