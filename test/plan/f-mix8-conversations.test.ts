// Branch f-mix8 (issue 32): what chat +conversation-list-top and chat +category-list-conversations print, as upstream's
// bodies at c7521c1c print them: a projection of the answer's conversations and the page marks chatmsg.ApplyPagination
// copies from it (chat_conversation.go:621-761, :952-1027; chatmsg.go:995-999, :1106-1156). Run as a user types them
// against the fake MCP server on 127.0.0.1 with canned answers; the calls are pinned by test/fixtures/calls/chat.yaml
// (`f-mix8:` cases).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { paged: run } = useOutputRuns('dws-mix8-conv-');

describe('chat +conversation-list-top prints {count, requestedType, conversations} and the page marks (chat_conversation.go:621-652)', () => {
  const rpc = 'chat/list_top_conversations';
  const answer = {
    result: {
      conversationList: [
        { openConversationId: 'c1', conversationName: '项目群', singleChat: false, unread: 3 },
        { conversationId: 'c2', name: '张三', singleChat: true },
        { id: 'c3', title: '旧群', singleChat: ' TRUE ' },
        { openConversationId: 'c4', single_chat: 0 },
        { openConversationId: 'c5', isSingleChat: 1 },
        { openConversationId: 'c6', singleChat: 'maybe', conversationType: ' GroupChat ' },
        { openConversationId: 'c7', singleChat: null, type: 'p2p' },
        { openConversationId: 'c8', conversationType: 'robot' },
        { openConversationId: null, conversationName: '无 id', singleChat: '0' },
        { singleChat: 'maybe' },
        'not a conversation',
      ],
      hasMore: true,
      nextCursor: 7,
    },
  };
  const rows = [
    { conversationName: '项目群', conversationType: 'group', openConversationId: 'c1' },
    { conversationName: '张三', conversationType: 'direct', openConversationId: 'c2' },
    { conversationName: '旧群', conversationType: 'direct', openConversationId: 'c3' },
    { conversationType: 'group', openConversationId: 'c4' },
    { conversationType: 'direct', openConversationId: 'c5' },
    { conversationType: 'group', openConversationId: 'c6' },
    { conversationType: 'direct', openConversationId: 'c7' },
    { openConversationId: 'c8' },
    { conversationName: '无 id', conversationType: 'group', openConversationId: null },
  ];

  it('without --type: every conversation, its type read from singleChat then conversationType/type, the marks of result', async () => {
    const r = await run(['chat', '+conversation-list-top'], rpc, [answer]);
    expect(r).toEqual({
      printed: { count: 9, requestedType: 'all', conversations: rows, hasMore: true, complete: false, nextCursor: 7 },
      envelope: undefined, exit: 0, sent: [{}],
    });
  });

  it('--type group keeps the group rows of the page; --type direct the direct ones; a row without a type neither', async () => {
    const group = await run(['chat', '+conversation-list-top', '--type', 'group', '--limit', '20'], rpc, [answer]);
    expect(group.sent).toEqual([{ limit: 20 }]);
    expect(group.printed).toEqual({
      count: 4, requestedType: 'group', conversations: [rows[0], rows[3], rows[5], rows[8]], hasMore: true, complete: false, nextCursor: 7,
    });
    const direct = await run(['chat', '+conversation-list-top', '--type', 'direct', '--cursor', '7'], rpc, [answer]);
    expect(direct.sent).toEqual([{ cursor: 7 }]);
    expect(direct.printed).toEqual({
      count: 4, requestedType: 'direct', conversations: [rows[1], rows[2], rows[4], rows[6]], hasMore: true, complete: false, nextCursor: 7,
    });
  });

  it('a gateway tuple [list, cursor, more] is read as its list; marks at the top win over data; a "0" cursor is no cursor', async () => {
    const r = await run(['chat', '+conversation-list-top', '--type', 'all'], rpc, [
      { topConversations: [[{ openConversationId: 'c1', singleChat: true }], 0, false], has_more: false, next_cursor: '0', data: { hasMore: true, nextCursor: 'x' } },
    ]);
    expect(r.printed).toEqual({
      count: 1, requestedType: 'all', conversations: [{ conversationType: 'direct', openConversationId: 'c1' }], hasMore: false, complete: true,
    });
  });

  it('an answer without a list or marks prints an empty list and no marks', async () => {
    const r = await run(['chat', '+conversation-list-top', '--type', 'direct'], rpc, [{ result: { total: 0 } }]);
    expect(r.printed).toEqual({ count: 0, requestedType: 'direct', conversations: [] });
  });

  it('a --type outside all, group, direct is refused before any call', async () => {
    const r = await run(['chat', '+conversation-list-top', '--type', 'robot'], rpc, [answer]);
    expect([r.exit, r.envelope?.error.reason, r.sent]).toEqual([3, 'invalid_parameter', []]);
  });
});

describe('chat +category-list-conversations prints {count, conversations} and the page marks (chat_conversation.go:952-1027)', () => {
  const rpc = 'im/list_conversations_by_category';

  it('the first list among the containers, each row its first spellings (a null kept), the marks of data', async () => {
    const r = await run(['chat', '+category-list-conversations', '--category-id', '42', '--exclude-muted'], rpc, [{
      data: {
        list: [
          { conversationId: 'c1', title: '群一', type: 2, singleChat: true },
          { openConversationId: 'c2', conversationId: 'x', conversationName: null },
          { unrelated: 1 },
        ],
        hasMore: false,
        pageToken: 'p2',
      },
    }]);
    expect(r).toEqual({
      printed: {
        count: 2,
        conversations: [
          { conversationName: '群一', conversationType: 2, openConversationId: 'c1' },
          { conversationName: null, openConversationId: 'c2' },
        ],
        hasMore: false, complete: true, nextCursor: 'p2',
      },
      envelope: undefined, exit: 0, sent: [{ categoryId: 42, excludeMuted: true }],
    });
  });

  it('a list whose first element is a list is not a tuple here: the rows are its objects (none), the count 0', async () => {
    const r = await run(['chat', '+category-list-conversations', '--category-id', '1'], rpc, [{ result: [[{ openConversationId: 'c1' }], 5, true] }]);
    expect(r.printed).toEqual({ count: 0, conversations: [] });
    expect(r.sent).toEqual([{ categoryId: 1 }]);
  });
});
