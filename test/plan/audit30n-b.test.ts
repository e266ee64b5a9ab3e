// What the commands audit-30n-b fixed send and print (issue 32, a-n2), as upstream's bodies at c7521c1c do, run as a
// user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-an2-');
const { mcp, run } = outputs;

/** The arguments of every call the backend received, by tool name. */
const sent = () => mcp.calls.map((c) => [c.name, c.arguments]);

describe('chat +messages-send-by-webhook sends its lists as pflag reads them (shortcut/chat/chat_message.go:158-175)', () => {
  it('each --at-mobiles/--at-users occurrence is one CSV record: elements neither trimmed nor dropped, quotes honoured', async () => {
    await run(['chat', '+messages-send-by-webhook', '--token', ' t ', '--title', '告警', '--text', 'CPU 高',
      '--at-mobiles', ' 138, ,"1,39"', '--at-users', 'u1', '--at-users', ' u2', '--yes']);
    expect(sent()).toEqual([['send_message_by_custom_robot', {
      robotToken: 't', title: '告警', text: 'CPU 高', atMobiles: [' 138', ' ', '1,39'], atUserIds: ['u1', ' u2'],
    }]]);
  });
  it('an empty --at-mobiles adds no element, so no list is sent', async () => {
    await run(['chat', '+messages-send-by-webhook', '--token', 't', '--title', 'x', '--text', 'y', '--at-mobiles', '', '--at-all', '--yes']);
    expect(sent()).toEqual([['send_message_by_custom_robot', { robotToken: 't', title: 'x', text: 'y', isAtAll: true }]]);
  });
});

describe('chat +messages-list-pin sends count only when --size is above 0 (shortcut/chat/chat_message.go:2063-2065)', () => {
  it('--size 0 and a negative --size send no count; --size 5 sends 5', async () => {
    for (const size of ['0', '-3']) {
      mcp.calls.length = 0;
      await run(['chat', '+messages-list-pin', '--open-conversation-id', 'cid1', `--size=${size}`]);
      expect(sent()).toEqual([['list_pin_messages', { openConversationId: 'cid1', cid: 'cid1' }]]);
    }
    mcp.calls.length = 0;
    await run(['chat', '+messages-list-pin', '--open-conversation-id', 'cid1', '--size', '5', '--cursor', ' c2 ']);
    expect(sent()).toEqual([['list_pin_messages', { openConversationId: 'cid1', cid: 'cid1', count: 5, cursor: 'c2' }]]);
  });
});

describe('sheet range batch-clear splits each range at its first "!" and needs a JSON list (helpers/sheet_batch.go:551-575)', () => {
  it('a range holding a further "!" is sent whole after the first one', async () => {
    await run(['sheet', 'range', 'batch-clear', '--node', 'N1', '--ranges', '[" S1 ! A1:S1!B2 ", "S2!C1"]', '--type', 'all', '--yes']);
    expect(sent()).toEqual([['batch_update', { nodeId: 'N1', operations: [
      { toolName: 'clear_range', input: { sheetId: 'S1', range: 'A1:S1!B2', type: 'all' } },
      { toolName: 'clear_range', input: { sheetId: 'S2', range: 'C1', type: 'all' } },
    ] }]]);
  });
  it('a --ranges that is JSON but not a list is refused before any call', async () => {
    expect(await outputs.refusal(['sheet', 'range', 'batch-clear', '--node', 'N1', '--ranges', '"S1!A1"', '--yes']))
      .toEqual({ reason: 'invalid_parameter', out: '' });
    expect(sent()).toEqual([]);
  });
});

describe('chat +messages-list-pin prints listPinProject\'s rows and the page marks (shortcut/chat/chat_message.go:2066-2130, chatmsg.go:960-999)', () => {
  const argv = ['chat', '+messages-list-pin', '--open-conversation-id', 'cid1'];
  it('the first list found, each object a row of the first spelling present (null kept) and threadId when not blank; the marks of the first scope holding any', async () => {
    outputs.answer('im/list_pin_messages', {
      hasMore: 'yes',
      result: {
        pinMessages: [
          { openMsgId: 'm1', messageId: 'ignored', senderUserId: null, pinTime: 1700000000000, topicId: 't1', threadId: '  ' },
          'skip',
          { other: 1 },
          { conversationId: 'c2', threadId: ' ', thread_id: 'th2' },
        ],
        has_more: true, nextCursor: '0', next_token: 'n2',
      },
    });
    expect(await run(argv)).toEqual({
      count: 2,
      pins: [
        { messageId: 'm1', senderId: null, pinTime: 1700000000000, threadId: 't1' },
        { conversationId: 'c2', threadId: 'th2' },
      ],
      hasMore: true, complete: false, nextCursor: 'n2',
    });
  });
  it('no list and no marks: {count: 0, pins: []}; a list at data with hasMore false is complete', async () => {
    outputs.answer('im/list_pin_messages', { success: true, result: 'none' });
    expect(await run(argv)).toEqual({ count: 0, pins: [] });
    outputs.answer('im/list_pin_messages', { data: [{ msgId: 'm3' }], hasMore: false });
    expect(await run(argv)).toEqual({ count: 1, pins: [{ messageId: 'm3' }], hasMore: false, complete: true });
  });
});
