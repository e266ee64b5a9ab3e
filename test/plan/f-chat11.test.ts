// f-chat11: chat +messages-send prints upstream's payload after one send (chat/unified_send.go:387-396, file sends
// :631-645@c7521c1c): {identity, ok, result, tool} and, sending as yourself, sendReceipt as
// chatmsg.ProjectMessageSendReceipt builds it (send_status.go:22-60, next actions :95-131, ids :133-152). Go marshals
// the maps with sorted keys. Commands run as a user types them against the fake MCP server on 127.0.0.1.
// h56-a1: `result` is the answer as upstream's runner hands it over, with success: true stamped on an object without one
// (app/runner.go:774-783@c7521c1c); the expectations below gained that key.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransform } from '../../src/plan/transforms/index.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-f-chat11-');

/** Every object's keys in code point order, at every depth, as Go's json.Marshal writes a map. */
const goOrdered = (v: unknown): boolean => {
  if (Array.isArray(v)) return v.every(goOrdered);
  if (v === null || typeof v !== 'object') return true;
  const keys = Object.keys(v);
  return keys.every((k, i) => i === 0 || keys[i - 1] < k) && Object.values(v).every(goOrdered);
};
/** A run that must succeed, its printed object checked for Go's key order. */
const sent = async (argv: string[], files?: Record<string, string>) => {
  const printed = await runs.run(argv, files);
  expect(goOrdered(printed)).toBe(true);
  return printed;
};
const SEND = 'chat/send_personal_message';
const inside = ['result', 'data', 'response', 'content', 'message'];

/** The receipt upstream builds when the answer names the message and its conversation (send_status.go:44-46, 95-131). */
const readyReceipt = (task: string, msg: string, conv: string) => ({
  contractVersion: 'im.message-send-receipt.v1',
  messageRef: { openConversationId: conv, openMessageId: msg },
  nextActions: [
    { arguments: { 'conversation-id': conv, 'msg-id': msg }, cliPath: 'chat message recall', ready: true },
    { arguments: { 'conversation-id': conv, 'msg-id': msg }, cliPath: 'chat message edit', ready: false, requiredArguments: ['text 或 content'] },
    { arguments: { 'conversation-id': conv, 'message-id': msg }, cliPath: 'chat message read-status', ready: true },
  ],
  openTaskId: task,
  readyForMessageActions: true,
});

/** The receipt when only the task id came back (send_status.go:47-55). */
const taskReceipt = (task: string) => ({
  contractVersion: 'im.message-send-receipt.v1',
  nextActions: [{ arguments: { 'open-task-id': task }, cliPath: 'chat +messages-query-send-status', ready: true, when: '需要确认投递结果或取得真实消息 ID 时' }],
  openTaskId: task,
  readyForMessageActions: false,
});

describe('dig_text finds a send answer\'s id as upstream firstSendStatusString (send_status.go:133-152)', () => {
  const dig = (keys: string[], v: unknown) => applyTransform({ dig_text: { keys, inside } }, v, 'test');

  it('takes the first key holding a non-blank text, trimmed, before looking inside', () => {
    expect(dig(['openTaskId', 'taskId'], { openTaskId: '  ', taskId: ' t1 ', result: { openTaskId: 't2' } })).toBe('t1');
  });

  it('trims as Go\'s strings.TrimSpace: U+0085 is space, U+FEFF is not', () => {
    expect(dig(['openTaskId'], { openTaskId: '\u0085t1\u0085' })).toBe('t1');
    expect(dig(['openTaskId'], { openTaskId: '\ufefft1' })).toBe('\ufefft1');
    expect(dig(['openTaskId'], { openTaskId: '\u0085', taskId: 'x', result: { openTaskId: 't2' } })).toBe('t2');
  });

  it('looks only inside result, data, response, content and message, lists element by element', () => {
    expect(dig(['openTaskId'], { other: { openTaskId: 'no' }, data: [{ x: 1 }, { response: { openTaskId: 'deep' } }] })).toBe('deep');
    expect(dig(['openTaskId'], { other: { openTaskId: 'no' }, openTaskId: 7 })).toBeUndefined();
  });

  it('any answer wrapped in one of the inside keys, or in a list, gives the same id as the answer itself', () => {
    const answer = fc.dictionary(fc.constantFrom('openTaskId', 'taskId', 'x', ...inside), fc.oneof(fc.string(), fc.integer()), { maxKeys: 4 });
    fc.assert(fc.property(answer, fc.constantFrom(...inside), (a, wrap) => {
      const direct = dig(['openTaskId', 'taskId'], a);
      expect(dig(['openTaskId', 'taskId'], { [wrap]: a })).toBe(direct);
      expect(dig(['openTaskId', 'taskId'], [{}, a])).toBe(direct);
      if (typeof direct === 'string') expect(direct).toBe(direct.trim());
      else expect(direct).toBeUndefined();
    }));
  });
});

describe('chat +messages-send as yourself prints {identity, ok, result, sendReceipt, tool} (unified_send.go:387-396)', () => {
  it('a text to a group whose answer names the message and conversation: a ready receipt with recall, edit and read-status', async () => {
    runs.answer(SEND, { result: { openTaskId: 'task1', openMessageId: 'msg1', openConversationId: 'cidG1==' } });
    expect(await sent(['chat', '+messages-send', '--group', 'cidG1==', '--text', '周会改到三点', '--yes'])).toEqual({
      identity: 'user',
      ok: true,
      result: { result: { openConversationId: 'cidG1==', openMessageId: 'msg1', openTaskId: 'task1' }, success: true },
      sendReceipt: readyReceipt('task1', 'msg1', 'cidG1=='),
      tool: 'send_personal_message',
    });
  });

  it('markdown to a person whose answer has only a task id: a receipt pointing at the send-status query', async () => {
    runs.answer(SEND, { result: { openTaskId: 'task2' } });
    expect(await sent(['chat', '+messages-send', '--open-dingtalk-id', 'Db3BlbmlkMDEiE', '--markdown', '## 纪要', '--yes'])).toEqual({
      identity: 'user',
      ok: true,
      result: { result: { openTaskId: 'task2' }, success: true },
      sendReceipt: taskReceipt('task2'),
      tool: 'send_personal_message',
    });
  });

  it('an image whose answer names neither a task nor a message: an empty openTaskId, no next action and the capability gap', async () => {
    runs.answer(SEND, { result: { accepted: true } });
    expect(await sent(['chat', '+messages-send', '--group', 'cidG1==', '--media-id', '@lAD123', '--yes'])).toEqual({
      identity: 'user',
      ok: true,
      result: { result: { accepted: true }, success: true },
      sendReceipt: {
        capabilityGap: '下层发送响应未返回 openTaskId 或完整 messageRef，CLI 无法生成后续状态查询',
        contractVersion: 'im.message-send-receipt.v1',
        nextActions: [],
        openTaskId: '',
        readyForMessageActions: false,
      },
      tool: 'send_personal_message',
    });
  });

  it('a message id without its conversation is a messageRef of one key and not ready (send_status.go:33-41)', async () => {
    runs.answer(SEND, { data: { taskId: 'task3', messageId: 'msg3' } });
    expect(await sent(['chat', '+messages-send', '--group', 'cidG1==', '--text', 'hi', '--yes'])).toEqual({
      identity: 'user',
      ok: true,
      result: { data: { messageId: 'msg3', taskId: 'task3' }, success: true },
      sendReceipt: { ...taskReceipt('task3'), messageRef: { openMessageId: 'msg3' } },
      tool: 'send_personal_message',
    });
  });

  it('a local file adds requestedMessageType, effectiveMessageType and the file (unified_send.go:631-645)', async () => {
    runs.answer('im/init_conversation_file_upload', { result: { resourceUrl: `${runs.mcp.base}/upload/f11`, uploadKey: 'k1' } });
    runs.answer('im/commit_conversation_file_upload', { result: { dentryId: 12, spaceId: 34 } });
    runs.answer(SEND, { result: { openTaskId: 'task4', openMessageId: 'msg4', openConversationId: 'cidG1==' } });
    expect(await sent(['chat', '+messages-send', '--group', 'cidG1==', '--file', 'agenda.txt', '--msg-type', 'video', '--yes'], { 'agenda.txt': 'hello' })).toEqual({
      effectiveMessageType: 'file',
      file: { name: 'agenda.txt', path: 'agenda.txt', sizeBytes: 5 },
      identity: 'user',
      ok: true,
      requestedMessageType: 'video',
      result: { result: { openConversationId: 'cidG1==', openMessageId: 'msg4', openTaskId: 'task4' }, success: true },
      sendReceipt: readyReceipt('task4', 'msg4', 'cidG1=='),
      tool: 'send_personal_message',
    });
  });
});

describe('chat +messages-send as a bot or webhook prints {identity, ok, result, tool} without a receipt (unified_send.go:387-393)', () => {
  it('a bot to one group', async () => {
    runs.answer('bot/send_robot_group_message', { result: { processQueryKey: 'pq1' } });
    expect(await sent(['chat', '+messages-send', '--as', 'bot', '--robot-code', 'rb1', '--group', 'cidG1==', '--text', 'hi', '--yes'])).toEqual({
      identity: 'bot', ok: true, result: { result: { processQueryKey: 'pq1' }, success: true }, tool: 'send_robot_group_message',
    });
  });

  it('a bot to people', async () => {
    runs.answer('bot/batch_send_robot_msg_to_users', { result: { processQueryKey: 'pq2' } });
    expect(await sent(['chat', '+messages-send', '--as', 'bot', '--robot-code', 'rb1', '--users', 'u1,u2', '--text', 'hi', '--yes'])).toEqual({
      identity: 'bot', ok: true, result: { result: { processQueryKey: 'pq2' }, success: true }, tool: 'batch_send_robot_msg_to_users',
    });
  });

  it('a webhook', async () => {
    runs.answer('bot/send_message_by_custom_robot', { result: { ok: 1 } });
    expect(await sent(['chat', '+messages-send', '--as', 'webhook', '--webhook-token', 'tok', '--text', 'hi', '--yes'])).toEqual({
      identity: 'webhook', ok: true, result: { result: { ok: 1 }, success: true }, tool: 'send_message_by_custom_robot',
    });
  });
});
