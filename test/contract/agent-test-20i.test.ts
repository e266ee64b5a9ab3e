// Agent test 20i (notes/agent-test-20i.md): the everyday requests, each run with the command lines the agent typed
// (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls asserted are
// written from the upstream command bodies at c7521c1c (the line named at each case), not from dws's output; where
// upstream prints a projection of its own, the printed result is asserted too. Requests 19 (a comment on a report) and
// 20 (a new live stream) have no command in dws or upstream and are left out (see the note).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from '../plan/output-runs.js';

const { mcp, failure, act } = useOutputRuns('dws-agent20i-');

const RETRO = '# Retro 2026-12\n\n- went well: release\n';

const cards = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ taskId: `t${from + i}` }));

describe('agent test 20i: each request sends what upstream sends for the same flags', () => {
  it('1. a quote-reply: the quoted message read for its sender, the reply sent, and the answer printed enriched with the reference and the delivery status found under result (shortcut/chat/lark_alignment.go:197-285)', async () => {
    const send = { success: true, result: { openMessageId: 'msgR9xQ==', status: 'sent' } };
    const printed = await act({
      lines: [['chat', '+messages-reply', '--conversation-id', 'cidZ5Ef9tWg6YaSdJj==', '--message-id', 'msgM4cc1Zd9Sb==', '--text', 'Done, deployed at 14:20', '--yes']],
      answers: { 'im/list_messages_by_ids': { result: [{ openMessageId: 'msgM4cc1Zd9Sb==', senderOpenDingTalkId: 'odtWangFang01' }] }, 'chat/send_personal_message': send },
      calls: [
        ['im', 'list_messages_by_ids', { openMsgIds: ['msgM4cc1Zd9Sb=='] }],
        ['chat', 'send_personal_message', { openConversationId: 'cidZ5Ef9tWg6YaSdJj==', msgType: 'reply', clawType: 'openClaw',
          content: JSON.stringify({ content: 'Done, deployed at 14:20', referenceOpenMessageId: 'msgM4cc1Zd9Sb==', replyMsgType: 'text', srcMsgSendOpenDingTalkId: 'odtWangFang01' }) }],
      ],
    });
    expect(printed).toEqual({
      ...send,
      contractVersion: 'im.message-reply.v1',
      conversationId: 'cidZ5Ef9tWg6YaSdJj==',
      referencedMessage: { messageId: 'msgM4cc1Zd9Sb==', senderOpenDingTalkId: 'odtWangFang01', resolutionSource: 'message_lookup' },
      messageId: 'msgR9xQ==',
      deliveryStatus: 'sent',
      deliveryStatusKnown: true,
    });
  });

  it('1b. with an openDingTalkId as --ref-sender no lookup is made; the key is echoed, a blank messageId is passed over for msgId, and no status prints "unknown" (lark_alignment.go:240-268, :270-285)', async () => {
    const send = { messageId: '  ', msgId: 'msgS2==', threadId: 'thr_1' };
    const printed = await act({
      lines: [['chat', '+messages-reply', '--conversation-id', 'cidZ5Ef9tWg6YaSdJj==', '--ref-msg-id', 'msgM4cc1Zd9Sb==', '--ref-sender', 'Db3BlbmlkMDEiE',
        '--text', 'ok', '--uuid', 'k-20i', '--ai-tag=false', '--yes']],
      answers: { 'chat/send_personal_message': send },
      calls: [['chat', 'send_personal_message', { openConversationId: 'cidZ5Ef9tWg6YaSdJj==', msgType: 'reply', uuid: 'k-20i',
        content: JSON.stringify({ content: 'ok', referenceOpenMessageId: 'msgM4cc1Zd9Sb==', replyMsgType: 'text', srcMsgSendOpenDingTalkId: 'Db3BlbmlkMDEiE' }) }]],
    });
    expect(printed).toEqual({
      messageId: 'msgS2==', msgId: 'msgS2==', threadId: 'thr_1', success: true, // h56-wd: the runner's stamp (app/runner.go:774-783@c7521c1c)
      contractVersion: 'im.message-reply.v1',
      conversationId: 'cidZ5Ef9tWg6YaSdJj==',
      referencedMessage: { messageId: 'msgM4cc1Zd9Sb==', senderOpenDingTalkId: 'Db3BlbmlkMDEiE', resolutionSource: 'explicit' },
      idempotencyKey: 'k-20i',
      deliveryStatus: 'unknown',
      deliveryStatusKnown: false,
    });
  });

  it('1c. the looked-up sender is read as upstream: the first message list (here inside result), a message naming another id skipped, the sender\'s openDingTalkId one level inside sender, trimmed (lark_alignment.go:300-337, :376-421)', async () => {
    await act({
      lines: [['chat', '+messages-reply', '--conversation-id', 'cidZ5Ef9tWg6YaSdJj==', '--message-id', 'msgM4cc1Zd9Sb==', '--text', 'ok', '--yes']],
      answers: { 'im/list_messages_by_ids': { result: { messages: [{ openMessageId: 'msgOther==', senderOpenDingTalkId: 'odtOther' }, { msgId: 'msgM4cc1Zd9Sb==', sender: { openDingTalkId: ' odtWangFang01 ' } }] } } },
      calls: [
        ['im', 'list_messages_by_ids', { openMsgIds: ['msgM4cc1Zd9Sb=='] }],
        ['chat', 'send_personal_message', { openConversationId: 'cidZ5Ef9tWg6YaSdJj==', msgType: 'reply', clawType: 'openClaw',
          content: JSON.stringify({ content: 'ok', referenceOpenMessageId: 'msgM4cc1Zd9Sb==', replyMsgType: 'text', srcMsgSendOpenDingTalkId: 'odtWangFang01' }) }],
      ],
    });
  });

  it('1d. a quoted message whose answer names no sender is refused as invalid input asking for --ref-sender, and nothing is sent (lark_alignment.go:336)', async () => {
    mcp.answers['im/list_messages_by_ids'] = () => ({ result: [{ openMessageId: 'msgM4cc1Zd9Sb==', senderNick: 'Wang Fang' }] });
    const { reason, message, out } = await failure(['chat', '+messages-reply', '--conversation-id', 'cidZ5Ef9tWg6YaSdJj==', '--message-id', 'msgM4cc1Zd9Sb==', '--text', 'ok', '--yes']);
    expect({ reason, asks: message.includes('--ref-sender'), out }).toEqual({ reason: 'invalid_parameter', asks: true, out: '' });
    expect(mcp.calls.map((c) => c.name)).toEqual(['list_messages_by_ids']);
  });

  it('2. a direct-message history from a time, 50 at most: forward true by default, limit a number (shortcut/chat/chat_message.go:482-512)', async () => {
    await act({
      lines: [['chat', '+messages-list-direct', '--user', '0987654321', '--time', '2026-12-01 00:00:00', '--limit', '50']],
      calls: [['chat', 'list_individual_chat_message', { time: '2026-12-01 00:00:00', forward: true, userId: '0987654321', limit: 50 }]],
    });
  });

  it('3. a meeting in London time: times as typed, timeZone, attendees a list (helpers/calendar.go:428-452)', async () => {
    await act({
      lines: [['calendar', 'event', 'create', '--title', 'Sync with London office', '--start', '2026-12-08T09:00:00+00:00', '--end', '2026-12-08T10:00:00+00:00',
        '--timezone', 'Europe/London', '--attendees', '0123456789,0987654321']],
      calls: [['calendar', 'create_calendar_event', { summary: 'Sync with London office', startDateTime: '2026-12-08T09:00:00+00:00', endDateTime: '2026-12-08T10:00:00+00:00',
        timeZone: 'Europe/London', attendees: ['0123456789', '0987654321'] }]],
    });
  });

  it('4. a shared calendar\'s week: epoch milliseconds and the calendarId (helpers/calendar.go:262-297)', async () => {
    await act({
      lines: [['calendar', 'event', 'list', '--calendar-id', 'cal_team42', '--start', '2026-12-07T00:00:00+08:00', '--end', '2026-12-14T00:00:00+08:00']],
      calls: [['calendar', 'list_calendar_events', { startTime: Date.UTC(2026, 11, 6, 16), endTime: Date.UTC(2026, 11, 13, 16), calendarId: 'cal_team42' }]],
    });
  });

  it('5. 30 open to-dos I take part in: pages of "20" until 30 or a short page, printed as only {result: {todoCards}} (helpers/todo.go:289, todoListAutoPage :1806-1862)', async () => {
    const printed = await act({
      lines: [['todo', 'task', 'list', '--role-types', 'participant', '--status', 'false', '--size', '30']],
      answers: { 'todo/get_user_todos_in_current_org': { pages: [{ result: { todoCards: cards(0, 20), totalCount: 25 } }, { result: { todoCards: cards(20, 25), totalCount: 25 } }] } },
      calls: [
        ['todo', 'get_user_todos_in_current_org', { pageNum: '1', pageSize: '20', todoStatus: 'false', roleTypes: ['participant'] }],
        ['todo', 'get_user_todos_in_current_org', { pageNum: '2', pageSize: '20', todoStatus: 'false', roleTypes: ['participant'] }],
      ],
    });
    expect(printed).toEqual({ result: { todoCards: cards(0, 25) } });
  });

  it('5b. a paged list whose first page is empty prints todoCards null (a nil slice, todo.go:1826-1862); one page prints the answer as it came (todo.go:274-288)', async () => {
    const empty = await act({
      lines: [['todo', 'task', 'list', '--role-types', 'participant', '--size', '30']],
      answers: { 'todo/get_user_todos_in_current_org': { result: { todoCards: [], totalCount: 0 } } },
      calls: [['todo', 'get_user_todos_in_current_org', { pageNum: '1', pageSize: '20', roleTypes: ['participant'] }]],
    });
    expect(empty).toEqual({ result: { todoCards: null } });
    mcp.reset();
    const one = await act({
      lines: [['todo', 'task', 'list', '--role-types', 'participant', '--size', '20']],
      answers: { 'todo/get_user_todos_in_current_org': { result: { todoCards: cards(0, 2), totalCount: 2 } } },
      calls: [['todo', 'get_user_todos_in_current_org', { pageNum: '1', pageSize: '20', roleTypes: ['participant'] }]],
    });
    expect(one).toEqual({ result: { todoCards: cards(0, 2), totalCount: 2 } });
  });

  it('6. hand a to-do to someone else and move it: detail, add and remove an executor, dueTime in epoch ms (helpers/todo.go:507, :634-641, :692-697, :365-388)', async () => {
    await act({
      lines: [['todo', 'task', 'get', '--task-id', 'task_2207'],
        ['todo', 'task', 'add-executor', '--task-id', 'task_2207', '--executors', '0777888999'],
        ['todo', 'task', 'remove-executor', '--task-id', 'task_2207', '--executors', '0123456789'],
        ['todo', 'task', 'update', '--task-id', 'task_2207', '--due', '2026-12-09 10:00']],
      answers: { 'todo/get_todo_detail': { result: { todoDetailModel: { taskId: 'task_2207', executorIds: ['0123456789'] } } } },
      calls: [
        ['todo', 'get_todo_detail', { taskId: 'task_2207' }],
        ['todo', 'add_task_executors', { todoExecutorsAddRequest: { taskId: 'task_2207', executorIds: ['0777888999'] } }],
        ['todo', 'remove_task_executors', { todoExecutorsRemoveRequest: { taskId: 'task_2207', executorIds: ['0123456789'] } }],
        ['todo', 'update_todo_task', { TodoUpdateRequest: { taskId: 'task_2207', dueTime: Date.UTC(2026, 11, 9, 2) } }],
      ],
    });
  });

  it('7. approve two tasks: one call each, taskId a number (helpers/oa.go approve)', async () => {
    const line = (inst: string, task: string) => ['oa', 'approval', 'approve', '--instance-id', inst, '--task-id', task, '--remark', 'Approved in batch', '--yes'];
    await act({
      lines: [line('proc-inst-9501', '8801'), line('proc-inst-9502', '8802')],
      calls: [['oa', 'approve_processInstance', { processInstanceId: 'proc-inst-9501', taskId: 8801, remark: 'Approved in batch' }],
        ['oa', 'approve_processInstance', { processInstanceId: 'proc-inst-9502', taskId: 8802, remark: 'Approved in batch' }]],
    });
  });

  it('8. reply to all adding a recipient: mailboxes, the reply-all draft, then its sending (helpers/mail.go:1439-1470, runMailDraftWithAttachment :3921)', async () => {
    await act({
      lines: [['mail', 'message', 'reply-all', '--from', 'wang.fang@example.com', '--id', 'msg_HH44ff', '--content', 'Approved on my side.', '--to', 'audit@example.com', '--yes']],
      answers: { 'mail/create_replyall_draft': { result: { messageId: 'draft_RA01' } } },
      calls: [
        ['mail', 'list_user_mailboxes', {}],
        ['mail', 'create_replyall_draft', { from: 'wang.fang@example.com', messageId: 'msg_HH44ff', toRecipients: ['audit@example.com'], body: 'Approved on my side.' }],
        ['mail', 'send_draft', { email: 'wang.fang@example.com', messageId: 'draft_RA01', saveToSentItems: true }],
      ],
    });
  });

  it('9. a mailbox\'s folders: printed as {count, folders[{id, name, parentId}]} (shortcut/mail/mail.go:215-255)', async () => {
    const printed = await act({
      lines: [['mail', '+folder-list', '--email', 'wang.fang@example.com']],
      answers: { 'mail/list_folders': { result: [{ folderId: '2', folderName: 'Inbox', unread: 4 }, { id: 'f9', displayName: 'Invoices', parentFolderId: '2' }] } },
      calls: [['mail', 'list_folders', { email: 'wang.fang@example.com' }]],
    });
    expect(printed).toEqual({ count: 2, folders: [{ id: '2', name: 'Inbox' }, { id: 'f9', name: 'Invoices', parentId: '2' }] });
  });

  it('10. a doc from a markdown file in a folder: the heading equal to the title dropped (helpers/doc.go:1565-1620, stripDuplicateTitle :5008)', async () => {
    await act({
      lines: [['doc', 'create', '--name', 'Retro 2026-12', '--content-file', './retro-2026-12.md', '--content-format', 'markdown', '--folder', 'fold_22bb33']],
      files: { 'retro-2026-12.md': RETRO },
      calls: [['doc', 'create_document', { name: 'Retro 2026-12', folderId: 'fold_22bb33', markdown: '- went well: release\n' }]],
    });
  });

  it('11-13. who has access, a merge, a minutes\' basic info (helpers/drive.go:2200-2221, sheet_dimension.go:324-333, minutes.go:184-190)', async () => {
    await act({
      lines: [['drive', 'permission', 'list', '--node', 'doc_EF78gh'], ['sheet', 'merge-cells', '--node', 'wb_8Kp4rs', '--sheet-id', 'Summary', '--range', 'A1:D1'],
        ['minutes', 'get', 'info', '--id', 'mt_66ff77gg']],
      calls: [['doc', 'list_permission', { nodeId: 'doc_EF78gh' }], ['sheet', 'merge_cells', { nodeId: 'wb_8Kp4rs', sheetId: 'Summary', rangeAddress: 'A1:D1' }],
        ['minutes', 'get_minutes_basic_info', { taskUuid: 'mt_66ff77gg' }]],
    });
  });

  it('14. the next 100 records from a cursor: pages of 20 following nextCursor until hasMore is false (shortcut/aitable/record_query_all.go:32-109, :171-191)', async () => {
    const printed = await act({
      lines: [['aitable', '+record-query', '--base-id', 'base_Ab12', '--table-id', 'tbl_Orders', '--cursor', 'cur_Zx81', '--limit', '100']],
      answers: { 'aitable/query_records': { pages: [{ result: { records: [{ recordId: 'rec_101' }], hasMore: true, cursor: 'cur_Zx82' } }, { result: { records: [{ recordId: 'rec_102' }], hasMore: false } }] } },
      calls: [['aitable', 'query_records', { baseId: 'base_Ab12', tableId: 'tbl_Orders', limit: 20, cursor: 'cur_Zx81' }],
        ['aitable', 'query_records', { baseId: 'base_Ab12', tableId: 'tbl_Orders', limit: 20, cursor: 'cur_Zx82' }]],
    });
    expect(printed).toEqual({ success: true, status: 'success', data: { records: [{ recordId: 'rec_101' }, { recordId: 'rec_102' }], hasMore: false, page: 2, size: 2 } });
  });

  it('16-18. move a wiki page, a person by e-mail, a colleague\'s clock results (helpers/wiki.go:1106-1125, contact.go:545-556, shortcut/attendance/attendance.go +check-result)', async () => {
    await act({
      lines: [['wiki', 'node', 'move', '--workspace', 'ws_9911', '--node', 'node_88de', '--folder', 'node_99ef'], ['contact', 'user', 'search', '--query', 'zhou.min@example.com'],
        ['attendance', '+check-result', '--users', '0666777888', '--start', '2026-11-16', '--end', '2026-11-27']],
      calls: [['doc', 'move_document', { nodeId: 'node_88de', workspaceId: 'ws_9911', targetFolderId: 'node_99ef' }], ['contact', 'search_contact_by_key_word', { keyword: 'zhou.min@example.com' }],
        ['attendance-wukong', 'query_check_result', { QueryCheckResultRequest: { userIds: ['0666777888'], workDateFrom: '2026-11-16 00:00:00', workDateTo: '2026-11-27 00:00:00', offset: 0, limit: 100 } }]],
    });
  });
});
