// What the commands audit-30t-b read print and accept (issue 32, a-t2), as upstream's bodies at c7521c1c do, run as a
// user types them against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mailboxAddress, mailInboxFolderId } from '../../src/domain/mail-mailboxes.js';
import { dispatchInProcess } from '../helpers.js';
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
        success: true, // lead-s56: the runner's stamp (app/runner.go:774-783@c7521c1c) is in the map the projection clones
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
      messageRef: { x: 1 }, status: 'PENDING', success: true, contractVersion: 'im.message-send-status.v1', openTaskId: 't1',
      readyForMessageActions: false, nextActions: notReady('t1'),
    });
    outputs.answer('im/query_message_send_status', { openMessageId: 'm', other: { openConversationId: 'c' } });
    expect((await sent(['chat', '+messages-query-send-status', '--open-task-id', 't1'])).printed).toEqual({
      openMessageId: 'm', other: { openConversationId: 'c' }, success: true, contractVersion: 'im.message-send-status.v1', openTaskId: 't1',
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
  it('record-wrap-up reads " todos ,todos" as the todos once, passes a blank element over (h40-left2: sliceValue, corecmd.go:846-864) and refuses another case', async () => {
    outputs.answer('minutes/执行听记指令-发起AI听记录音', { success: true, result: { cmd: 'end', taskUuid: 't1' } });
    outputs.answer('minutes/list_minutes_todos', { success: true, result: { actions: [] } });
    const run = await sent(['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', ' todos ,todos', '--yes']);
    expect({ reason: run.reason, calls: run.calls }).toEqual({
      reason: undefined,
      calls: [['minutes/执行听记指令-发起AI听记录音', { cmd: 'end', uuid: 't1' }], ['minutes/list_minutes_todos', { taskUuid: 't1' }]],
    });
    for (const artifacts of [' Summary', 'todos, Todos']) {
      expect(await sent(['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', artifacts, '--yes'])).toEqual({
        reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined,
      });
    }
    outputs.answer('minutes/get_minutes_ai_summary', { success: true, result: { fullSummary: 's' } });
    const blank = await sent(['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', 'summary, ', '--yes']);
    expect([blank.reason, blank.calls.map(([tool]) => tool)]).toEqual([undefined, ['minutes/执行听记指令-发起AI听记录音', 'minutes/get_minutes_ai_summary']]);
  });
});

describe('the smart mail shortcuts default the mailbox and the inbox as upstream reads them (smart/search_mail.go:151-212, recent_mail.go:162-182)', () => {
  const containers = ['emailAccounts', 'mailboxes', 'list', 'items', 'data', 'result', 'records'];
  const spellings = ['email', 'emailAddress', 'mailbox', 'address', 'account'];

  it('finds an address under any container key and spelling, at the top or one level inside', () => {
    fc.assert(fc.property(
      fc.constantFrom(...containers), fc.constantFrom(...containers), fc.constantFrom(...spellings), fc.string({ minLength: 1 }), fc.boolean(),
      (outer, inner, key, addr, nested) => {
        const answer = nested ? { [outer]: { [inner]: [7, { [key]: addr }] } } : { [outer]: ['', { other: 1 }, { [key]: addr }] };
        return mailboxAddress(answer) === addr;
      },
    ));
  });

  it('takes the first list found even when it gives no address, then the bare texts at the top, under result, under data', () => {
    expect([
      mailboxAddress({ emailAccounts: [], result: { emailAccounts: ['', 'c@x'] } }),
      mailboxAddress({ emailAccounts: [{ email: '' }], mailboxes: [{ email: 'late@x' }] }),
      mailboxAddress({ data: { items: [' '] } }),
      mailboxAddress({ email: 'top@x' }),
      mailboxAddress(['a@x']),
    ]).toEqual(['c@x', undefined, ' ', undefined, undefined]);
  });

  it('an inbox is a folder named exactly 收件箱 or inbox with a non-empty text id; any other name is passed over', () => {
    fc.assert(fc.property(fc.string().filter((s) => s !== '收件箱' && s !== 'inbox'), (name) =>
      mailInboxFolderId({ folders: [{ displayName: name, id: 'x' }] }) === undefined));
    expect([
      mailInboxFolderId({ data: { items: [{ displayName: 'Inbox', id: '1' }, { displayName: 'inbox', id: 5 }, { displayName: '', name: '收件箱', id: '', folderId: '9' }] } }),
      mailInboxFolderId({ result: { folders: [{ folderName: 'inbox', id: ' 3 ' }] } }),
      mailInboxFolderId({ folders: null, list: [{ displayName: '收件箱', folderId: 'f' }] }),
    ]).toEqual(['9', ' 3 ', 'f']);
  });

  it('mail +recent-mail lists the threads of the inbox so found, and refuses a mailbox without one after list_folders', async () => {
    outputs.answer('mail/list_user_mailboxes', { data: { list: [{ email: '', emailAddress: 'b@x' }] } });
    outputs.answer('mail/list_folders', { folders: [{ name: 'inbox', folderId: '7' }] });
    outputs.answer('mail/list_mailbox_threads', { conversations: [{ subject: 's', threadId: 't' }] });
    expect(await sent(['mail', '+recent-mail'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['mail/list_user_mailboxes', {}], ['mail/list_folders', { email: 'b@x' }], ['mail/list_mailbox_threads', { email: 'b@x', folderId: '7', size: 20 }]],
      printed: { count: 1, mails: [{ subject: 's', from: '', date: null, threadId: 't' }] },
    });
    outputs.answer('mail/list_folders', { folders: [{ displayName: 'inbox', id: 5 }] });
    expect(await sent(['mail', '+recent-mail'])).toEqual({
      reason: 'invalid_parameter', category: 'validation', printed: undefined,
      calls: [['mail/list_user_mailboxes', {}], ['mail/list_folders', { email: 'b@x' }]],
    });
  });
});

describe('dev app delete asks for --confirm-name before any call of a real run, not of a dry run (helpers/devapp.go:745-752)', () => {
  it('a real run without it, or with it blank, calls nothing; the dry run previews the reads and the delete', async () => {
    for (const extra of [[], ['--confirm-name', '  ']]) {
      expect(await sent(['dev', 'app', 'delete', '--unified-app-id', 'app1', ...extra, '--yes'])).toEqual({
        reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined,
      });
    }
    outputs.mcp.calls.length = 0;
    const dry = await dispatchInProcess(['dev', 'app', 'delete', '--unified-app-id', ' app1 ', '--dry-run'], outputs.env());
    const steps = (JSON.parse(dry.out) as { steps: { id: string; rpc?: string; arguments?: unknown }[] }).steps
      .filter((st) => st.rpc !== undefined).map((st) => [st.id, st.rpc, st.arguments]);
    expect({ error: dry.error?.reason, calls: outputs.mcp.calls.length, steps }).toEqual({
      error: undefined, calls: 0,
      steps: [['app', 'get_dev_app', { unifiedAppId: 'app1' }], ['delete', 'delete_dev_app', { unifiedAppId: 'app1' }]],
    });
  });
});
