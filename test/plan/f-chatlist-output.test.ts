// What `chat +chat-list` prints, as upstream's body at c7521c1c prints it (internal/shortcut/chat/lark_alignment.go:1000
// executeChatList): each conversation projected to openConversationId/name/conversationType/chatMode/ownerUserId
// (:1331 chatListProject, chat_conversation.go:682 conversationListTopType), repeats across pages dropped (:1053-1061),
// then the --types filter, groups only by default (:1164, :1364 chatListFilterTypes). Run as a user types it, against the
// recording backend on 127.0.0.1; the calls themselves are pinned by test/fixtures/calls/chat.yaml (f-chatlist: cases).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultOf } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

const run = (argv: string[]) => resultOf(argv, privateEnv(mcp.urlTemplate, 't', mkdtempSync(path.join(os.tmpdir(), 'dws-chatlist-')))) as Promise<Record<string, unknown>>;

const page1 = {
  result: {
    conversationList: [
      { openConversationId: 'g1', conversationName: '项目群', singleChat: false, ownerUserId: 'u1', unread: 3 },
      { openConversationId: 'd1', title: '张三', singleChat: true },
      { conversationId: 'g2', name: '周会', conversationType: 'GroupChat', ownerId: 'u2' },
      { id: 'x1', name: '未知类型' },
    ],
    hasMore: true,
    nextCursor: 5,
  },
};
const page2 = {
  result: {
    conversationList: [
      { openConversationId: 'g1', conversationName: '项目群（重复）', singleChat: 'false' },
      { openConversationId: 'd2', name: '李四', singleChat: 1 },
      { openConversationId: 'g3', name: '新群', type: 'group' },
    ],
    hasMore: false,
  },
};

describe('chat +chat-list', () => {
  it('prints only groups by default, each reduced to five fields, and drops a group a later page repeats', async () => {
    let n = 0;
    mcp.answers['im/list_all_conversations'] = () => (n++ === 0 ? page1 : page2);
    const out = await run(['chat', '+chat-list', '--page-all']);
    expect(out.chats).toEqual([
      { openConversationId: 'g1', name: '项目群', conversationType: 'group', chatMode: 'group', ownerUserId: 'u1' },
      { openConversationId: 'g2', name: '周会', conversationType: 'group', chatMode: 'group', ownerUserId: 'u2' },
      { openConversationId: 'g3', name: '新群', conversationType: 'group', chatMode: 'group' },
    ]);
    expect(out.count).toBe(3);
    expect(out.requestedTypes).toEqual(['group']);
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ limit: 20 }, { limit: 20, cursor: 5 }]);
  });
  it('--types p2p keeps the direct chats as chatMode p2p; --types group,p2p both; a row of no known type never', async () => {
    mcp.answers['im/list_all_conversations'] = () => page1;
    const p2p = await run(['chat', '+chat-list', '--types', 'P2P']);
    expect(p2p.chats).toEqual([{ openConversationId: 'd1', name: '张三', conversationType: 'direct', chatMode: 'p2p' }]);
    expect(p2p.requestedTypes).toEqual(['p2p']);
    const both = await run(['chat', '+chat-list', '--types', 'group,p2p', '--exclude-muted']);
    expect((both.chats as { openConversationId: string }[]).map((c) => c.openConversationId)).toEqual(['g1', 'd1', 'g2']);
    expect(both.filter).toEqual({ excludeMuted: true });
  });
  it('prints the page ledger: two pages read to the end', async () => {
    let n = 0;
    mcp.answers['im/list_all_conversations'] = () => (n++ === 0 ? page1 : page2);
    const out = await run(['chat', '+chat-list', '--page-all']);
    const { chats: _chats, ...ledger } = out;
    expect(ledger).toEqual({
      count: 3, requestedTypes: ['group'], pagesFetched: 2, paginationKnown: true, complete: true, hasMore: false, nextCursor: 0,
      stopReason: 'source_complete', truncatedByPageLimit: false, failedCount: 0, failures: [], partial: false,
      requestedPageSize: 20, effectivePageSize: 20, completionEvidence: 'backend_has_more_false_short_page',
    });
  });
  it('one page of several: hasMore with its cursor, single_page, not complete', async () => {
    mcp.answers['im/list_all_conversations'] = () => page1;
    const out = await run(['chat', '+chat-list', '--limit', '4']);
    expect([out.pagesFetched, out.complete, out.hasMore, out.nextCursor, out.stopReason, out.truncatedByPageLimit, out.completionEvidence])
      .toEqual([1, false, true, 5, 'single_page', false, undefined]);
  });
  it('a full page saying no more: untrusted on one page; with --page-all read again once with limit 100 (lark_alignment.go:1101-1129)', async () => {
    const full = { result: { conversationList: [{ openConversationId: 'g1', singleChat: false }, { openConversationId: 'g2', singleChat: false }], hasMore: false } };
    mcp.answers['im/list_all_conversations'] = () => full;
    const one = await run(['chat', '+chat-list', '--limit', '2']);
    expect([one.complete, one.paginationKnown, one.stopReason]).toEqual([false, false, 'single_page_full_untrusted']);
    mcp.calls.length = 0;
    let n = 0;
    mcp.answers['im/list_all_conversations'] = () => (n++ === 0 ? full : { result: { conversationList: [...full.result.conversationList, { openConversationId: 'g3', singleChat: false }], hasMore: false } });
    const all = await run(['chat', '+chat-list', '--limit', '2', '--page-all']);
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ limit: 2 }, { limit: 100 }]);
    expect(all).toMatchObject({
      count: 3, pagesFetched: 2, complete: true, paginationKnown: false, stopReason: 'max_window_short_page',
      completionEvidence: 'max_window_short_page', requestedPageSize: 2, effectivePageSize: 100,
    });
    expect((all.chats as { openConversationId: string }[]).map((c) => c.openConversationId)).toEqual(['g1', 'g2', 'g3']);
  });
  it('with --page-limit 1 a full page saying no more ends as page_limit, not re-read', async () => {
    mcp.answers['im/list_all_conversations'] = () => ({ result: { conversationList: [{ openConversationId: 'g1', singleChat: false }], hasMore: false } });
    const out = await run(['chat', '+chat-list', '--limit', '1', '--page-all', '--page-limit', '1']);
    expect(mcp.calls).toHaveLength(1);
    expect([out.complete, out.stopReason, out.truncatedByPageLimit]).toEqual([false, 'page_limit', true]);
  });
});
