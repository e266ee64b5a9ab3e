// Agent test 20h (notes/agent-test-20h.md): the everyday requests, each run with the command lines the agent typed
// (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls asserted are
// written from the upstream command bodies at c7521c1c (the line named at each case), not from dws's output; where
// upstream prints a projection of its own, the printed result is asserted too. Request 9 (marking mails read) is left
// out: dws cannot do it (see the note).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from '../plan/output-runs.js';

const { mcp, act } = useOutputRuns('dws-agent20h-');

const SUMMARY = 'PK-fake-xlsx-q4\n';

describe('agent test 20h: each request sends what upstream sends for the same flags', () => {
  it('1. a group\'s messages about rollback: the group checked, the search read without openConversationId and filtered locally, the next page asking for the messages still wanted; printed as upstream\'s scoped payload with projected messages (helpers/chat.go:513-651, 63-99)', async () => {
    const printed = await act({
      lines: [['chat', 'message', 'search', '--query', 'rollback', '--group', 'cidX3Cd7rUe4WyQbGg==', '--start', '2026-11-30T00:00:00+08:00', '--end', '2026-12-03T23:59:59+08:00']],
      answers: {
        'chat/get_conversation_info': { result: { openConversationId: 'cidX3Cd7rUe4WyQbGg==' } },
        'chat/search_messages_by_keyword': { pages: [
          { result: { conversationMessagesList: [{ openConversationId: 'cidOther11112222==', messages: [{ openMessageId: 'm1', content: 'rollback elsewhere' }] },
            { openConversationId: 'cidX3Cd7rUe4WyQbGg==', messages: [{ openMessageId: 'm2', content: 'rollback started' }] }], hasMore: true, nextCursor: 'c2' } },
          { result: { conversationMessagesList: [{ openConversationId: 'cidX3Cd7rUe4WyQbGg==', messages: [{ openMessageId: 'm2', content: 'rollback started' }, { openMessageId: 'm3', content: 'rollback finished' }] }], hasMore: false } },
        ] },
      },
      calls: [
        ['chat', 'get_conversation_info', { openConversationId: 'cidX3Cd7rUe4WyQbGg==' }],
        ['chat', 'search_messages_by_keyword', { keyword: 'rollback', startTime: Date.UTC(2026, 10, 29, 16), endTime: Date.UTC(2026, 11, 3, 15, 59, 59), limit: 100, cursor: '0' }],
        ['chat', 'search_messages_by_keyword', { keyword: 'rollback', startTime: Date.UTC(2026, 10, 29, 16), endTime: Date.UTC(2026, 11, 3, 15, 59, 59), limit: 99, cursor: 'c2' }],
      ],
    });
    const kept = [{ openMessageId: 'm2', content: 'rollback started', openConversationId: 'cidX3Cd7rUe4WyQbGg==' }, { openMessageId: 'm3', content: 'rollback finished', openConversationId: 'cidX3Cd7rUe4WyQbGg==' }];
    const row = (id: string, text: string) => ({ content: text, conversationId: 'cidX3Cd7rUe4WyQbGg==', createTime: null, messageId: id, openConversationId: 'cidX3Cd7rUe4WyQbGg==', openMessageId: id, sender: null, text });
    expect(printed).toEqual({
      result: { conversationMessagesList: [{ openConversationId: 'cidX3Cd7rUe4WyQbGg==', messages: kept }], hasMore: false, complete: true, pagesFetched: 2 },
      scope: { requestedConversationIds: ['cidX3Cd7rUe4WyQbGg=='], targetsValidated: true, filterApplied: true, filterMode: 'client', resultsWithinScope: true, sourceComplete: true },
      messages: [row('m2', 'rollback started'), row('m3', 'rollback finished')],
    });
  });

  it('1b. without --group the one search call is unchanged, and an answer that is not an object prints as it came (helpers/chat.go:49-60 PrintRaw path)', async () => {
    const printed = await act({
      lines: [['chat', 'message', 'search', '--query', 'rollback', '--start', '2026-11-30T00:00:00+08:00', '--end', '2026-12-03T23:59:59+08:00']],
      answers: { 'chat/search_messages_by_keyword': 'plain answer' },
      calls: [['chat', 'search_messages_by_keyword', { keyword: 'rollback', startTime: Date.UTC(2026, 10, 29, 16), endTime: Date.UTC(2026, 11, 3, 15, 59, 59), limit: 100, cursor: '0' }]],
    });
    expect(printed).toBe('plain answer');
  });

  it('2. a bot posts to two groups: one send_robot_group_message per group, markdown from --text (shortcut/chat/chat_message.go:57-78)', async () => {
    const line = (group: string) => ['chat', '+messages-send-by-bot', '--robot-code', 'dingrobot_ops01', '--group', group, '--title', 'Build alert',
      '--text', 'Nightly build #482 failed on stage test', '--yes'];
    const call = (group: string): [string, string, Record<string, unknown>] => ['bot', 'send_robot_group_message',
      { robotCode: 'dingrobot_ops01', openConversationId: group, title: 'Build alert', markdown: 'Nightly build #482 failed on stage test' }];
    await act({ lines: [line('cidX3Cd7rUe4WyQbGg=='), line('cidY4De8sVf5XzRcHh==')], calls: [call('cidX3Cd7rUe4WyQbGg=='), call('cidY4De8sVf5XzRcHh==')] });
  });

  it('3. one event and its attendees: no calendarId when --calendar-id is not given (helpers/calendar.go:352-367, 828-843)', async () => {
    await act({
      lines: [['calendar', 'event', 'get', '--id', 'evt_5c5c09'], ['calendar', 'attendee', 'list', '--event', 'evt_5c5c09']],
      calls: [['calendar', 'get_calendar_detail', { eventId: 'evt_5c5c09' }], ['calendar', 'get_calendar_participants', { eventId: 'evt_5c5c09' }]],
    });
  });

  it('4. decline an invitation: responseStatus declined (helpers/calendar.go:744-776)', async () => {
    await act({ lines: [['calendar', 'event', 'respond', '--id', 'evt_6d6d10', '--status', 'declined']], calls: [['calendar', 'respond', { eventId: 'evt_6d6d10', responseStatus: 'declined' }]] });
  });

  it('5. finished to-dos, page 2 of 10: one call, page and size as text, executor role by default (helpers/todo.go:261-289, buildListTodoTaskArgs :2059-2077)', async () => {
    await act({
      lines: [['todo', 'task', 'list', '--status', 'true', '--page', '2', '--size', '10']],
      calls: [['todo', 'get_user_todos_in_current_org', { pageNum: '2', pageSize: '10', todoStatus: 'true', roleTypes: ['executor'] }]],
    });
  });

  it('6. a high-priority to-do for three people due Monday noon, its description as a comment (helpers/contact.go:471, todo.go:88-121, :1286-1293)', async () => {
    await act({
      lines: [['contact', 'user', 'get-self'],
        ['todo', 'task', 'create', '--title', 'Review vendor contract', '--executors', '0111222333,0123456789,0987654321', '--due', '2026-12-07 12:00', '--priority', '30'],
        ['todo', 'comment', 'add', '--task-id', 'task_8a8a01', '--content', 'Check clause 7 and the payment terms']],
      answers: { 'contact/get_current_user_profile': { result: [{ orgEmployeeModel: { userId: '0111222333' } }] }, 'todo/create_personal_todo': { result: { taskId: 'task_8a8a01' } } },
      calls: [
        ['contact', 'get_current_user_profile', {}],
        ['todo', 'create_personal_todo', { PersonalTodoCreateVO: { subject: 'Review vendor contract', executorIds: ['0111222333', '0123456789', '0987654321'], dueTime: Date.UTC(2026, 11, 7, 4), priority: 30 } }],
        ['todo', 'add_todo_comment', { taskId: 'task_8a8a01', content: 'Check clause 7 and the payment terms' }],
      ],
    });
  });

  it('7. an approval\'s history (helpers/oa.go:371-381)', async () => {
    await act({ lines: [['oa', 'approval', 'records', '--instance-id', 'proc-inst-9377']], calls: [['oa', 'get_processInstance_records', { processInstanceId: 'proc-inst-9377' }]] });
  });

  it('8. approve without a remark: taskId a number, no remark key (helpers/oa.go:210-222)', async () => {
    await act({
      lines: [['oa', 'approval', 'approve', '--instance-id', 'proc-inst-9401', '--task-id', '7731', '--yes']],
      calls: [['oa', 'approve_processInstance', { processInstanceId: 'proc-inst-9401', taskId: 7731 }]],
    });
  });

  it('10. the newest 30 inbox mails: a folderId:2 query and size as text (helpers/mail.go:387-402)', async () => {
    await act({
      lines: [['mail', 'message', 'list', '--email', 'wang.fang@example.com', '--limit', '30']],
      calls: [['mail', 'search_emails', { email: 'wang.fang@example.com', query: 'folderId:2', size: '30' }]],
    });
  });

  it('11. a doc\'s comments: only nodeId when no filter or page size is typed (helpers/doc.go:3042-3064)', async () => {
    await act({ lines: [['doc', 'comment', 'list', '--node', 'doc_AB34cd']], calls: [['doc-comment', 'list_comments', { nodeId: 'doc_AB34cd' }]] });
  });

  it('12. rename a doc: node info, rename_document with the name as typed, read-back printed as upstream (shortcut/drive/operations.go Rename, helpers/drive.go:40-66)', async () => {
    const printed = await act({
      lines: [['drive', '+rename', '--node', 'doc_CD56ef', '--name', 'Q1 roadmap (final)', '--yes']],
      answers: {
        'drive/get_file_info': { pages: [{ success: true, result: { fileId: 'doc_CD56ef', name: 'Q1 roadmap.adoc', extension: 'adoc', type: 'file' } },
          { success: true, result: { fileId: 'doc_CD56ef', name: 'Q1 roadmap (final).adoc', extension: 'adoc', type: 'file' } }] },
        'doc/rename_document': { success: true },
      },
      calls: [
        ['drive', 'get_file_info', { fileId: 'doc_CD56ef' }],
        ['doc', 'rename_document', { nodeId: 'doc_CD56ef', newName: 'Q1 roadmap (final)' }],
        ['drive', 'get_file_info', { fileId: 'doc_CD56ef' }],
      ],
    });
    expect(printed).toEqual({ success: true, nodeId: 'doc_CD56ef', file: { fileId: 'doc_CD56ef', name: 'Q1 roadmap (final).adoc', extension: 'adoc', type: 'file' } });
  });

  it('13. find text in a sheet: every switch sent as a boolean, matchCase true by default (helpers/sheet_data.go:52-75, flags :117-121)', async () => {
    await act({
      lines: [['sheet', 'find', '--node', 'wb_5Rt2uv', '--sheet-id', 'Tasks', '--query', 'overdue']],
      calls: [['sheet', 'find_cells', { nodeId: 'wb_5Rt2uv', sheetId: 'Tasks', text: 'overdue', matchCase: true, matchEntireCell: false, useRegExp: false, matchFormulaText: false, includeHidden: false }]],
    });
  });

  it('14. two columns before C: position the letter as typed, length a number (helpers/sheet_dimension.go:64-89)', async () => {
    await act({
      lines: [['sheet', 'insert-dimension', '--node', 'wb_5Rt2uv', '--sheet-id', 'Tasks', '--dimension', 'COLUMNS', '--position', 'C', '--length', '2']],
      calls: [['sheet', 'insert_dimension', { nodeId: 'wb_5Rt2uv', sheetId: 'Tasks', dimension: 'COLUMNS', position: 'C', length: 2 }]],
    });
  });

  it('15. minutes about pricing: scope all (noLimit), maxResults 20 a number, title filter, rows projected (shortcut/minutes/alignment.go:222-304, minutesdata/response.go:214-231)', async () => {
    const printed = await act({
      lines: [['minutes', '+search', '--query', 'pricing']],
      answers: { 'minutes/list_by_keyword_and_time_range': { success: true, result: { itemList: [
        { taskUuid: 'mt_44ab12cd', title: 'Pricing review Q1', createTime: 1796000000000 },
        { taskUuid: 'mt_55bc23de', title: 'Weekly sync', createTime: 1796100000000 },
      ], hasMore: false } } },
      calls: [['minutes', 'list_by_keyword_and_time_range', { belongingConditionId: 'noLimit', maxResults: 20, keyword: 'pricing' }]],
    });
    expect(printed).toEqual({ count: 1, scannedCount: 2, minutes: [{ taskUuid: 'mt_44ab12cd', title: 'Pricing review Q1', startTime: 1796000000000 }], pages: 1, complete: true });
  });

  it('16. rename an AI table: newTableName only, since only --name was typed (shortcut/aitable/aitable.go:485-499)', async () => {
    await act({
      lines: [['aitable', '+table-update', '--base-id', 'base_Gh78', '--table-id', 'tbl_Leads', '--name', 'Leads 2027', '--yes']],
      calls: [['aitable', 'update_table', { baseId: 'base_Gh78', tableId: 'tbl_Leads', newTableName: 'Leads 2027' }]],
    });
  });

  it('17. upload into a folder: parentId on both calls, no mimeType when none is typed (helpers/drive.go:69-146, uploadToDrive :3745-3787)', async () => {
    await act({
      lines: [['drive', 'upload', '--file', './q4-summary.xlsx', '--folder', 'fld_5566', '--yes']],
      files: { 'q4-summary.xlsx': SUMMARY },
      answers: {
        'drive/get_upload_info': { get result() { return { resourceUrls: [{ url: `${mcp.base}/upload/q4`, headers: {} }], uploadId: 'up_q4_01' }; } },
        'drive/commit_upload': { result: { dentryUuid: 'dtu_q4summary' } },
      },
      calls: [
        ['drive', 'get_upload_info', { fileName: 'q4-summary.xlsx', fileSize: SUMMARY.length, parentId: 'fld_5566' }],
        ['drive', 'commit_upload', { fileName: 'q4-summary.xlsx', fileSize: SUMMARY.length, uploadId: 'up_q4_01', parentId: 'fld_5566' }],
      ],
    });
    expect(mcp.uploads.map((u) => [u.name, u.method, u.bytes.toString('utf8')])).toEqual([['q4', 'PUT', SUMMARY]]);
  });

  it('18. two editors for a knowledge base: roleId upper-cased, userIds a list (helpers/wiki.go:553-568, doc.go:5118, 5143)', async () => {
    await act({
      lines: [['wiki', 'member', 'add', '--workspace', 'ws_8822', '--users', '0777888999,0666777888', '--role', 'editor']],
      calls: [['wiki', 'add_member', { workspaceId: 'ws_8822', roleId: 'EDITOR', userIds: ['0777888999', '0666777888'] }]],
    });
  });

  it('19. a department\'s details: deptId a number (helpers/contact.go:888-900)', async () => {
    await act({ lines: [['contact', 'dept', 'get-info', '--dept', '12345678']], calls: [['contact', 'get_dept_info_by_dept_id', { deptId: 12345678 }]] });
  });

  it('20. who is on leave: three userIds, the range as typed, leaveNames null when no leave name is given (helpers/attendance.go:3149-3180)', async () => {
    await act({
      lines: [['attendance', 'report', 'query-leave', '--users', '0123456789,0987654321,0555666777', '--start', '2026-12-01 00:00:00', '--end', '2026-12-04 23:59:59']],
      calls: [['attendance-wukong', 'get_leave_time_by_leave_names', { McpLeaveQueryParam: {
        targetUserIds: ['0123456789', '0987654321', '0555666777'], leaveNames: null, fromDate: '2026-12-01 00:00:00', toDate: '2026-12-04 23:59:59',
      } }]],
    });
  });
});
