// What the commands audit-30t-b read print and accept (issue 32, a-t2), as upstream's bodies at c7521c1c do, run as a
// user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-at2-');
const { sent } = outputs;

const notReady = (task: string) => [{
  arguments: { 'open-task-id': task }, cliPath: 'chat message query-send-status', ready: false,
  when: '投递任务尚未返回 openMessageId 和 openConversationId 时稍后重查',
}];

describe('chat +messages-query-send-status prints upstream ProjectMessageSendStatus (chatmsg/send_status.go:61-154)', () => {
  it('keeps the answer and adds the task, the message reference and the three message actions when both ids are found', async () => {
    outputs.answer('im/query_message_send_status', {
      status: 'SENT',
      result: { taskId: ' T9 ', messageRef: 1, data: [{ msgId: '  ' }, { openMessageId: ' m1 ' }], openCid: 'c1' },
    });
    expect(await sent(['chat', '+messages-query-send-status', '--open-task-id', ' t1 '])).toEqual({
      reason: undefined, category: undefined,
      calls: [['im/query_message_send_status', { openTaskId: 't1' }]],
      printed: {
        status: 'SENT',
        result: { taskId: ' T9 ', messageRef: 1, data: [{ msgId: '  ' }, { openMessageId: ' m1 ' }], openCid: 'c1' },
        contractVersion: 'im.message-send-status.v1',
        openTaskId: 'T9',
        messageRef: { openMessageId: 'm1', openConversationId: 'c1' },
        readyForMessageActions: true,
        nextActions: [
          { arguments: { 'conversation-id': 'c1', 'msg-id': 'm1' }, cliPath: 'chat message recall', ready: true },
          { arguments: { 'conversation-id': 'c1', 'msg-id': 'm1' }, cliPath: 'chat message edit', ready: false, requiredArguments: ['text 或 content'] },
          { arguments: { 'conversation-id': 'c1', 'message-id': 'm1' }, cliPath: 'chat message read-status', ready: true },
        ],
      },
    });
  });

  it('with one id missing, takes the typed task, leaves a messageRef of the answer alone and offers the retry', async () => {
    outputs.answer('im/query_message_send_status', { messageRef: { x: 1 }, openTaskId: 5, status: 'PENDING' });
    expect((await sent(['chat', '+messages-query-send-status', '--open-task-id', 't1'])).printed).toEqual({
      messageRef: { x: 1 }, status: 'PENDING', contractVersion: 'im.message-send-status.v1', openTaskId: 't1',
      readyForMessageActions: false, nextActions: notReady('t1'),
    });
    outputs.answer('im/query_message_send_status', { openMessageId: 'm', other: { openConversationId: 'c' } });
    expect((await sent(['chat', '+messages-query-send-status', '--open-task-id', 't1'])).printed).toEqual({
      openMessageId: 'm', other: { openConversationId: 'c' }, contractVersion: 'im.message-send-status.v1', openTaskId: 't1',
      messageRef: { openMessageId: 'm' }, readyForMessageActions: false, nextActions: notReady('t1'),
    });
  });

  it('an answer of null prints the projection alone (a nil map cloned empty)', async () => {
    outputs.answer('im/query_message_send_status', null);
    expect((await sent(['chat', '+messages-query-send-status', '--open-task-id', 't1'])).printed).toEqual({
      contractVersion: 'im.message-send-status.v1', openTaskId: 't1', readyForMessageActions: false, nextActions: notReady('t1'),
    });
  });
});

describe('minutes workflow --artifacts are checked and read trimmed (corecmd.go:761-797; workflows.go:251-257, :765-778)', () => {
  it('record-wrap-up reads " todos ,todos" as the todos once, and refuses a blank element and another case', async () => {
    outputs.answer('minutes/执行听记指令-发起AI听记录音', { success: true, result: { cmd: 'end', taskUuid: 't1' } });
    outputs.answer('minutes/list_minutes_todos', { success: true, result: { actions: [] } });
    const run = await sent(['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', ' todos ,todos', '--yes']);
    expect({ reason: run.reason, calls: run.calls }).toEqual({
      reason: undefined,
      calls: [['minutes/执行听记指令-发起AI听记录音', { cmd: 'end', uuid: 't1' }], ['minutes/list_minutes_todos', { taskUuid: 't1' }]],
    });
    for (const artifacts of ['summary, ', ' Summary']) {
      expect(await sent(['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', artifacts, '--yes'])).toEqual({
        reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined,
      });
    }
  });
});
