// The smart readers that write a value of an answer json.Unmarshal decoded (numbers are float64) as text: a number
// as strconv.FormatFloat(x, 'f', -1, 64), never in exponent form, and a JSON number beyond 2^53 as the float64's
// digits. chat +unread-chats (unreadChatString, shortcut/smart/unread_chats.go:230-243), chat +my-groups (myGroupsStr,
// my_groups.go:390-405), oa +my-initiated (my_initiated.go:224-243@c7521c1c). Run as a user types them against the
// recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../src/json-number.js';
import { useOutputRuns } from './output-runs.js';

const { answer, run } = useOutputRuns('dws-go-float-readers-');

describe('numeric fields of an answer are written in FormatFloat f text', () => {
  it('chat +unread-chats: a conversation id of 1e21 in all its digits, one beyond 2^53 as its float64', async () => {
    answer('chat/unread_message_conversation_list', { result: { conversations: [
      { openConversationId: new JsonNumber('1e21'), title: 'a', unread: 1 },
      { openConversationId: new JsonNumber('12345678901234567890'), title: 1e-7, unread: 2 },
    ] } });
    expect(await run(['chat', '+unread-chats'])).toEqual({ conversations: [
      { conversationId: '1000000000000000000000', name: 'a', unread: 1 },
      { conversationId: '12345678901234567000', name: '0.0000001', unread: 2 },
    ] });
  });

  it('oa +my-initiated: a numeric business id or instance id, and a boolean status as true', async () => {
    answer('oa/get_submitted_instances', { success: true, result: { list: [
      { title: 'x', businessId: new JsonNumber('2e21'), status: true, processInstanceId: 5e-7 },
    ] } });
    expect(await run(['oa', '+my-initiated'])).toEqual({ initiated: [
      { title: 'x', businessId: '2000000000000000000000', status: 'true', processInstanceId: '0.0000005' },
    ] });
  });
});
