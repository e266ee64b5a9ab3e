// f-chat8: chat message readers print messages as upstream projects them (chatmsg.ProjectMessageV1 and its wrappers,
// chatmsg.go:338@c7521c1c), run as a user types them against the fake MCP server on 127.0.0.1 (test/plan/output-runs.ts).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-f-chat8-');

describe('chat +messages-list', () => {
  it('prints the projected rows and one page of completeness', async () => {
    const r = await runs.paged(['chat', '+messages-list', '--group', 'cid1', '--time', '2026-03-01 00:00:00'], 'chat/list_conversation_message_v2', [
      { result: { messages: [{ openMessageId: 'm1', sender: '张三', content: 'hi', createTime: 1772323200000, msgType: 'text', extra: 1 }], hasMore: true, nextCursor: 1772323200000 } },
    ]);
    expect(r.printed).toEqual({});
  });
});

describe('chat +chat-messages', () => {
  it('one page: sorted, projected rows and the page payload', async () => {
    const r = await runs.paged(['chat', '+chat-messages', '--conversation-id', 'cidAAAAAAAAAA', '--no-reactions'], 'chat/list_conversation_message_v2', [
      { result: { messages: [
        { openMessageId: 'm1', sender: 'A', content: 'old', createTime: 1000, emotionReplyList: [{ emoji: '赞', count: 1 }] },
        { openMessageId: 'm2', sender: 'B', content: 'new', createTime: 2000 },
      ], hasMore: false } },
    ]);
    expect(r.printed).toEqual({});
  });
  it('--page-all: projected rows', async () => {
    const r = await runs.paged(['chat', '+chat-messages', '--conversation-id', 'cidAAAAAAAAAA', '--page-all'], 'chat/list_conversation_message_v2', [
      { result: { messages: [
        { openMessageId: 'm1', sender: 'A', content: 'old', createTime: 1000, emotionReplyList: [{ emoji: '赞', count: 1 }] },
      ], hasMore: false } },
    ]);
    expect(r.printed).toEqual({});
  });
});

describe('chat +thread-replies', () => {
  it('one page', async () => {
    const r = await runs.paged(['chat', '+thread-replies', '--group', 'cid1', '--thread-id', 't1'], 'chat/list_topic_replies', [
      { result: { replies: [{ openMessageId: 'r1', sender: 'A', content: 'x', createTime: 1000 }], hasMore: true, nextCursor: 'bad' } },
    ]);
    expect(r.printed).toEqual({});
  });
  it('page-all', async () => {
    const r = await runs.paged(['chat', '+thread-replies', '--group', 'cid1', '--thread-id', 't1', '--page-all'], 'chat/list_topic_replies', [
      { result: { replies: [{ openMessageId: 'r1', sender: 'A', content: 'x', createTime: 1000 }], hasMore: false } },
    ]);
    expect(r.printed).toEqual({});
  });
});

describe('probe', () => {
  it('direct one', async () => {
    const r = await runs.paged(['chat', '+messages-list-direct', '--user', 'u1', '--time', '2026-03-01 00:00:00'], 'chat/list_individual_chat_message', [
      { result: [{ openMessageId: 'm1', sender: 'A', content: 'x', createTime: 1000 }, {}], hasMore: false },
    ]);
    expect(r.printed).toEqual({});
  });
  it('direct all', async () => {
    const r = await runs.paged(['chat', '+messages-list-direct', '--user', 'u1', '--time', '2026-03-01 00:00:00', '--page-all'], 'chat/list_individual_chat_message', [
      { result: [{ openMessageId: 'm1', sender: 'A', content: 'x', createTime: 1000 }, { foo: 1 }], hasMore: true, nextCursor: 1772323200000 },
      { result: [{ openMessageId: 'm2' }], hasMore: 'x' },
    ]);
    expect(r.envelope).toEqual({});
  });
  it('mget', async () => {
    runs.answer('im/list_messages_by_ids', { result: [{ openMessageId: 'm1', sender: 'A', content: 'x', createTime: 1000 }] });
    const r = await runs.run(['chat', '+messages-mget', '--msg-ids', 'm1, m2,m1']);
    expect(r).toEqual({});
  });
});
