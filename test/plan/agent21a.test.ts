// Agent test 21a (notes/agent-test-21a.md, notes/agent21a.md): twenty everyday requests, each run with the command lines
// the agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls
// asserted are written from the upstream command bodies at c7521c1c (the lines named at each case), not from dws's
// output; where upstream reads or projects the answer, the printed result is asserted too. "Now" is Monday 2026-12-07
// 18:30 in Asia/Shanghai; the file runs in that zone. The last cases are the search and help text that misled the
// agent or left it guessing (named at each case): they failed before the catalog text of this change.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, useTimeZone } from '../helpers.js';
import { beijing, helpOf, searched, useOutputRuns } from './output-runs.js';

const { step: act, sent, mcp, env: runEnv } = useOutputRuns('dws-agent21a-');

/** The moment the requests were typed: Monday 2026-12-07 18:30 Beijing. */
const NOW = new Date(Date.UTC(2026, 11, 7, 10, 30));

/** A canonical openDingTalkId (D + base64 of 8 bytes, '=' escaped as iE: targetresolver/resolver.go:304-350). */
const ODT = 'DAQIDBAUGBwgiE';

describe('agent test 21a: each request sends what upstream sends for the same flags', () => {
  useTimeZone('Asia/Shanghai');

  it('1. my userId, last week\'s punch results (late days), the leave types, then my annual-leave balance: get_current_user_profile {}; attendance-wukong/query_check_result {QueryCheckResultRequest {userIds, workDateFrom/To "YYYY-MM-DD 00:00:00", offset 0, limit 100}}; get_leave_types {McpLeaveTypeRequest {}}; get_leave_balance_quota {McpLeaveBalanceRequest {targetUserIds, leaveCode}} (helpers/contact.go:471; attendance.go:617-673, :3237-3249, :3284-3312)', async () => {
    await act({
      lines: [
        ['contact', 'user', 'get-self'],
        ['attendance', 'check', 'result', '--users', 'u_me', '--start', '2026-11-30', '--end', '2026-12-06'],
        ['attendance', 'vacation', 'types'],
        ['attendance', 'vacation', 'balance', '--users', 'u_me', '--leave-code', 'lc_annual'],
      ],
      calls: [
        ['contact', 'get_current_user_profile', {}],
        ['attendance-wukong', 'query_check_result', { QueryCheckResultRequest: { userIds: ['u_me'], workDateFrom: '2026-11-30 00:00:00', workDateTo: '2026-12-06 00:00:00', offset: 0, limit: 100 } }],
        ['attendance-wukong', 'get_leave_types', { McpLeaveTypeRequest: {} }],
        ['attendance-wukong', 'get_leave_balance_quota', { McpLeaveBalanceRequest: { targetUserIds: ['u_me'], leaveCode: 'lc_annual' } }],
      ],
    });
    // sibling: a limit outside 1-1000 is refused before any call (attendance.go:660-663); without --leave-code no key (:3304-3306)
    const wide = await sent(['attendance', 'check', 'result', '--users', 'u_me', '--start', '2026-11-30', '--end', '2026-12-06', '--limit', '2000']);
    expect([wide.reason, wide.calls]).toEqual(['invalid_parameter', []]);
    await act({
      lines: [['attendance', 'vacation', 'balance', '--users', 'u_me, u_2']],
      calls: [['attendance-wukong', 'get_leave_balance_quota', { McpLeaveBalanceRequest: { targetUserIds: ['u_me', 'u_2'] } }]],
    });
  });

  it('2. the daily-report template, then the report submitted to two people (asked first: declared, stricter than upstream): get_template_details_by_name {report_template_name}; create_report {templateId, contents normalised (sort a text, type "1", contentType markdown), ddFrom "dws", toChat false, toUserIds}; then get_report_entry_details {report_id} for the link, printed with it (helpers/report.go:551-557, :560-607, :1497-1628, validateAndNormalizeReportContents :1818-1937)', async () => {
    await act({
      lines: [['report', 'template', 'get', '--name', '日报']],
      calls: [['report', 'get_template_details_by_name', { report_template_name: '日报' }]],
    });
    const contents = JSON.stringify([
      { key: '今日完成', sort: '0', content: '完成接口联调', type: '1', contentType: 'markdown' },
      { key: '明日计划', sort: '1', content: '写测试用例', type: '1', contentType: 'markdown' },
    ]);
    const submit = ['report', 'entry', 'submit', '--template-id', 'tmpl_daily', '--contents', contents, '--to-user-ids', 'u_7101,u_7102'];
    const asked = await sent(submit);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    const url = 'https://landray.dingtalk.com/report/rp_1';
    const printed = await act({
      lines: [[...submit, '--yes']],
      answers: { 'report/create_report': { result: { reportId: 'rp_1' } }, 'report/get_report_entry_details': { result: { reportId: 'rp_1', url } } },
      calls: [
        ['report', 'create_report', { templateId: 'tmpl_daily', contents: JSON.parse(contents) as unknown, ddFrom: 'dws', toChat: false, toUserIds: ['u_7101', 'u_7102'] }],
        ['report', 'get_report_entry_details', { report_id: 'rp_1' }],
      ],
    }) as Record<string, unknown>;
    expect([printed.url, printed.dingtalkOpenUrl, printed.dingtalkOpenMarkdownLink, (printed.result as Record<string, unknown>).url])
      .toEqual([url, url, `[在钉钉中查看日志](${url})`, url]);
    // sibling: a number sort and the aliases text/text are normalised as upstream does before sending (:1881-1937)
    await act({
      lines: [['report', 'entry', 'submit', '--template-id', 'tmpl_daily', '--contents', '[{"key":"今日完成","sort":0,"content":"完成接口联调","type":"text","contentType":"text"}]', '--yes']],
      answers: { 'report/create_report': { result: { reportId: 'rp_2', url } } },
      calls: [['report', 'create_report', { templateId: 'tmpl_daily', contents: [{ key: '今日完成', sort: '0', content: '完成接口联调', type: '1', contentType: 'markdown' }], ddFrom: 'dws', toChat: false }]],
    });
  });

  it('3. reports sent to me last week, then one opened: get_received_report_list {startTime, endTime epoch ms, cursor 0, size 20}, then get_report_entry_details per row, newest first, printed as upstream\'s readable table; get_report_entry_details {report_id} (helpers/report.go:619-651, callReportListReadable :795-880, reportReadableRow :1253-1269)', async () => {
    mcp.answers['report/get_report_entry_details'] = (args) => ({ result: { reportId: args.report_id, url: `https://r.example/${String(args.report_id)}` } });
    const printed = await act({
      lines: [['report', 'inbox', 'list', '--start', '2026-11-30T00:00:00+08:00', '--end', '2026-12-06T23:59:59+08:00']],
      answers: {
        'report/get_received_report_list': { success: true, result: { list: [
          { reportId: 'report_5521', templateName: '日报', creatorName: '李四', createTime: beijing(2026, 12, 4, 20) },
          { reportId: 'report_5522', templateName: '周报', creatorName: '赵六', createTime: beijing(2026, 12, 5, 12) },
        ], hasMore: false } },
      },
      calls: [
        ['report', 'get_received_report_list', { startTime: beijing(2026, 11, 30), endTime: beijing(2026, 12, 6, 23, 59, 59), cursor: 0, size: 20 }],
        ['report', 'get_report_entry_details', { report_id: 'report_5522' }],
        ['report', 'get_report_entry_details', { report_id: 'report_5521' }],
      ],
    }) as Record<string, unknown>;
    expect([printed.count, printed.result, printed.hasMore]).toEqual([2, [
      { 日期: '2026-12-05 12:00', 标题: '周报', 发送人: '赵六', 状态: '', 钉钉链接: '[在钉钉中查看日志](https://r.example/report_5522)' },
      { 日期: '2026-12-04 20:00', 标题: '日报', 发送人: '李四', 状态: '', 钉钉链接: '[在钉钉中查看日志](https://r.example/report_5521)' },
    ], false]);
    await act({
      lines: [['report', 'entry', 'get', '--report-id', 'report_5521']],
      calls: [['report', 'get_report_entry_details', { report_id: 'report_5521' }]],
    });
  });

  it('4. a robot\'s markdown message to a group: bot/send_robot_group_message {robotCode, openConversationId, msgKey sampleMarkdownDX, title, markdown} (helpers/chat.go:3524-3589)', async () => {
    await act({
      lines: [['chat', 'message', 'send-by-bot', '--robot-code', 'robot_abc', '--group', 'cid_8801', '--title', '发版通知', '--text', '**今晚 22:00** 发版，请留意']],
      calls: [['bot', 'send_robot_group_message', { robotCode: 'robot_abc', openConversationId: 'cid_8801', msgKey: 'sampleMarkdownDX', title: '发版通知', markdown: '**今晚 22:00** 发版，请留意' }]],
    });
    // sibling: --at-all is sent as the text "true" (chat.go:3585-3587)
    await act({
      lines: [['chat', 'message', 'send-by-bot', '--robot-code', 'robot_abc', '--group', 'cid_8801', '--title', 't', '--text', '@all 看一下', '--at-all']],
      calls: [['bot', 'send_robot_group_message', { robotCode: 'robot_abc', openConversationId: 'cid_8801', msgKey: 'sampleMarkdownDX', title: 't', markdown: '@all 看一下', isAtAll: 'true' }]],
    });
  });

  it('5. a department\'s sub-departments, then one\'s members: get_sub_depts_by_dept_id {deptId a number by ParseInt}; get_dept_members_by_deptId {deptIds as texts by parseCSVValues} (helpers/contact.go:842-855, :940-957)', async () => {
    await act({
      lines: [['contact', 'dept', 'list-children', '--dept', '100'], ['contact', 'dept', 'list-members', '--depts', '202']],
      calls: [
        ['contact', 'get_sub_depts_by_dept_id', { deptId: 100 }],
        ['contact', 'get_dept_members_by_deptId', { deptIds: ['202'] }],
      ],
    });
  });

  it('6. my mailbox, mails from one sender over the last 7 days, then the newest read in full: list_user_mailboxes; search_emails {email, query as typed, size "20" a text}; get_email_by_message_id {email, messageId} (helpers/mail.go:137, :316-331, :456-461)', async () => {
    await act({
      lines: [
        ['mail', 'mailbox', 'list'],
        ['mail', 'message', 'search', '--email', 'me@corp.example.com', '--query', 'from:hr@example.com AND date>=2026-11-30T10:30:00Z'],
        ['mail', 'message', 'get', '--email', 'me@corp.example.com', '--id', 'm_2'],
      ],
      calls: [
        ['mail', 'list_user_mailboxes', {}],
        ['mail', 'search_emails', { email: 'me@corp.example.com', query: 'from:hr@example.com AND date>=2026-11-30T10:30:00Z', size: '20' }],
        ['mail', 'get_email_by_message_id', { email: 'me@corp.example.com', messageId: 'm_2' }],
      ],
    });
  });

  it('7. my open to-dos, then two marked done: get_user_todos_in_current_org {pageNum "1", pageSize "20", todoStatus "false", roleTypes [executor]}; per task get_todo_detail {taskId} (the existence check) then update_todo_done_status {taskId, isDone "true"} (helpers/todo.go:262-285, buildListTodoTaskArgs :2059-2094, :432-452, ensureTodoTaskExists :30-55)', async () => {
    mcp.answers['todo/get_todo_detail'] = (args) => ({ result: { todoDetailModel: { taskId: args.taskId } } });
    await act({
      lines: [
        ['todo', 'task', 'list', '--status', 'false'],
        ['todo', 'task', 'done', '--task-id', 'td_301', '--status', 'true'],
        ['todo', 'task', 'done', '--task-id', 'td_302', '--status', 'true'],
      ],
      calls: [
        ['todo', 'get_user_todos_in_current_org', { pageNum: '1', pageSize: '20', todoStatus: 'false', roleTypes: ['executor'] }],
        ['todo', 'get_todo_detail', { taskId: 'td_301' }],
        ['todo', 'update_todo_done_status', { taskId: 'td_301', isDone: 'true' }],
        ['todo', 'get_todo_detail', { taskId: 'td_302' }],
        ['todo', 'update_todo_done_status', { taskId: 'td_302', isDone: 'true' }],
      ],
    });
    // sibling: a detail naming another task stops before the update (todo.go:50-53)
    mcp.answers['todo/get_todo_detail'] = () => ({ result: { todoDetailModel: { taskId: 'td_999' } } });
    const other = await sent(['todo', 'task', 'done', '--task-id', 'td_303', '--status', 'true']);
    expect(other.calls).toEqual([['todo/get_todo_detail', { taskId: 'td_303' }]]);
    expect(other.reason).toBeDefined();
  });

  it('8. drive files named like "预算", then one renamed: search_files {keyword, searchTarget file}; drive/get_file_info {fileId}, doc/rename_document {nodeId, newName without the file\'s own extension}, drive/get_file_info read back, printed {success, nodeId, file} (helpers/drive.go:1456-1513; shortcut/drive/operations.go:201-272)', async () => {
    await act({
      lines: [['drive', 'search', '--query', '预算', '--target', 'file']],
      calls: [['drive', 'search_files', { keyword: '预算', searchTarget: 'file' }]],
    });
    const after = { fileId: 'f_7781', name: '2027 预算（终版）.xlsx', extension: 'xlsx', type: 'file' };
    const printed = await act({
      lines: [['drive', '+rename', '--node', 'f_7781', '--name', '2027 预算（终版）.xlsx', '--yes']],
      answers: {
        'drive/get_file_info': { pages: [{ result: { fileId: 'f_7781', name: '2027 预算.xlsx', extension: 'xlsx', type: 'file' } }, { result: after }] },
        'doc/rename_document': { success: true },
      },
      calls: [
        ['drive', 'get_file_info', { fileId: 'f_7781' }],
        ['doc', 'rename_document', { nodeId: 'f_7781', newName: '2027 预算（终版）' }],
        ['drive', 'get_file_info', { fileId: 'f_7781' }],
      ],
    });
    expect(printed).toEqual({ success: true, nodeId: 'f_7781', file: after });
  });

  it('9. a drive file downloaded into an existing local folder (it keeps its drive name), then deleted (confirmed): drive/download_file {fileId}, the URL fetched, printed {success, nodeId, savedPath, sizeBytes}; doc/delete_document {nodeId} (shortcut/drive/drive.go:166-220, localio/download.go:225-260; helpers/drive.go:1637-1648)', async () => {
    mcp.files['f7790'] = Buffer.from('quarterly numbers');
    const env = runEnv();
    mkdirSync(path.join(env.DWS_FILE_ROOT, 'downloads'));
    mcp.calls.length = 0;
    mcp.answers['drive/download_file'] = () => ({ result: { downloadUrl: `${mcp.base}/files/f7790`, fileName: '季度报表.xlsx' } });
    const got = await dispatchInProcess(['drive', '+download', '--node', 'f_7790', '--output', './downloads'], env);
    expect(got.error?.envelope()).toBeUndefined();
    expect(JSON.parse(got.out)).toEqual({ result: { success: true, nodeId: 'f_7790', savedPath: 'downloads/季度报表.xlsx', sizeBytes: 17 } });
    expect(readFileSync(path.join(env.DWS_FILE_ROOT, 'downloads', '季度报表.xlsx'), 'utf8')).toBe('quarterly numbers');
    expect(mcp.calls.map((c) => [c.server, c.name, c.arguments])).toEqual([['drive', 'download_file', { fileId: 'f_7790' }]]);
    const asked = await sent(['drive', 'delete', '--node', 'f_7790']);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [['drive', 'delete', '--node', 'f_7790', '--yes']],
      calls: [['doc', 'delete_document', { nodeId: 'f_7790' }]],
    });
  });

  it('10. tomorrow\'s events, then one cancelled after asking: list_calendar_events {startTime, endTime tomorrow 00:00 to the day after in the local zone, calendarId primary}, printed {events [{title, eventId, start, end}]}; get_calendar_detail {eventId}, its title printed as about_to_cancel, then delete_calendar_event {eventId} (smart/tomorrow.go:75-91, calendar_shared.go:24-44, next_event.go:132-202; smart/cancel_event.go:80-113)', async () => {
    const printed = await act({
      now: NOW,
      lines: [['calendar', '+tomorrow']],
      answers: { 'calendar/list_calendar_events': { result: { events: [
        { id: 'evt_902', summary: '供应商沟通', start: { dateTime: '2026-12-08T10:00:00+08:00' }, end: { dateTime: '2026-12-08T11:00:00+08:00' } },
        { id: 'evt_903', summary: '周会', start: { dateTime: '2026-12-08T15:00:00+08:00' }, end: { dateTime: '2026-12-08T16:00:00+08:00' }, location: '3F' },
        { summary: '没有 ID 的条目', start: { dateTime: '2026-12-08T17:00:00+08:00' } },
      ] } } },
      calls: [['calendar', 'list_calendar_events', { startTime: beijing(2026, 12, 8), endTime: beijing(2026, 12, 9), calendarId: 'primary' }]],
    });
    expect(printed).toEqual({ events: [
      { title: '供应商沟通', eventId: 'evt_902', start: '2026-12-08 10:00', end: '2026-12-08 11:00' },
      { title: '周会', eventId: 'evt_903', start: '2026-12-08 15:00', end: '2026-12-08 16:00', location: '3F' },
    ] });
    const asked = await sent(['calendar', '+cancel-event', '--event', 'evt_902']);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    mcp.calls.length = 0;
    mcp.answers['calendar/get_calendar_detail'] = () => ({ result: { id: 'evt_902', summary: '供应商沟通' } });
    mcp.answers['calendar/delete_calendar_event'] = () => ({ success: true });
    const done = await dispatchInProcess(['calendar', '+cancel-event', '--event', 'evt_902', '--yes'], runEnv());
    expect(done.error?.envelope()).toBeUndefined();
    expect(done.out.trim().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual([
      { result: { eventId: 'evt_902', title: '供应商沟通', action: 'about_to_cancel' } },
      { result: { success: true } },
    ]);
    expect(mcp.calls.map((c) => [c.server, c.name, c.arguments])).toEqual([
      ['calendar', 'get_calendar_detail', { eventId: 'evt_902' }],
      ['calendar', 'delete_calendar_event', { eventId: 'evt_902' }],
    ]);
  });

  it('11. two colleagues\' free/busy on Wednesday morning London time, then an event with both and a 15-minute reminder: query_busy_status {startTime, endTime epoch ms, userIds}; create_calendar_event {summary, startDateTime, endDateTime as typed, timeZone, attendees, reminders [{minutes 15}]} (helpers/calendar.go:1365-1403, :406-483, buildReminders :3052-3063)', async () => {
    await act({
      lines: [
        ['calendar', 'busy', 'search', '--users', 'u_8801,u_8802', '--start', '2026-12-09T09:00:00+00:00', '--end', '2026-12-09T12:00:00+00:00'],
        ['calendar', 'event', 'create', '--title', 'Design review', '--start', '2026-12-09T10:00:00+00:00', '--end', '2026-12-09T11:00:00+00:00', '--attendees', 'u_8801,u_8802', '--remind-minutes', '15', '--timezone', 'Europe/London'],
      ],
      calls: [
        ['calendar', 'query_busy_status', { startTime: Date.UTC(2026, 11, 9, 9), endTime: Date.UTC(2026, 11, 9, 12), userIds: ['u_8801', 'u_8802'] }],
        ['calendar', 'create_calendar_event', {
          summary: 'Design review', startDateTime: '2026-12-09T10:00:00+00:00', endDateTime: '2026-12-09T11:00:00+00:00',
          timeZone: 'Europe/London', attendees: ['u_8801', 'u_8802'], reminders: [{ minutes: 15 }],
        }],
      ],
    });
    // sibling: reminder offsets that are not positive whole numbers are dropped (buildReminders)
    await act({
      lines: [['calendar', 'event', 'create', '--title', 'x', '--start', '2026-12-09T10:00:00+00:00', '--end', '2026-12-09T11:00:00+00:00', '--remind-minutes', '15,0,abc,30']],
      calls: [['calendar', 'create_calendar_event', { summary: 'x', startDateTime: '2026-12-09T10:00:00+00:00', endDateTime: '2026-12-09T11:00:00+00:00', reminders: [{ minutes: 15 }, { minutes: 30 }] }]],
    });
  });

  it('12. a doc created in a knowledge base with Markdown content: create_document {name, workspaceId, markdown}, printed as upstream\'s write result {success, nodeId (read from the top level only), chunksWritten 1, serverResponse} (helpers/doc.go:1556-1624; doc_write_pipeline.go:71-136, extractNodeIDFromResult :260-269)', async () => {
    const markdown = '## 决议\n\n- 上线时间定为 12/15\n- 预算追加 5 万';
    const answer = { nodeId: 'doc_n1', url: 'https://alidocs.dingtalk.com/i/nodes/doc_n1' };
    const printed = await act({
      lines: [['doc', 'create', '--name', '周会纪要 12-07', '--workspace', 'ws_55', '--content', markdown, '--content-format', 'markdown']],
      answers: { 'doc/create_document': answer },
      calls: [['doc', 'create_document', { name: '周会纪要 12-07', workspaceId: 'ws_55', markdown }]],
    });
    expect(printed).toEqual({ success: true, nodeId: 'doc_n1', chunksWritten: 1, serverResponse: answer });
  });

  it('13. a date field added to an AI table, its field ids, then two records with Friday and next Monday: create_fields {baseId, tableId, fields [{fieldName, type}]}; get_fields {baseId, tableId}; create_records {baseId, tableId, records as typed} (helpers/aitable.go:1834-1903, :1769-1784, :2284-2322)', async () => {
    const records = [{ cells: { fld_task: '接口联调', fld_due: '2026-12-11' } }, { cells: { fld_task: '压测', fld_due: '2026-12-14' } }];
    await act({
      lines: [
        ['aitable', 'field', 'create', '--base-id', 'base_31', '--table-id', 'tbl_41', '--name', '截止日期', '--type', 'date'],
        ['aitable', 'field', 'list', '--base-id', 'base_31', '--table-id', 'tbl_41'],
        ['aitable', 'record', 'create', '--base-id', 'base_31', '--table-id', 'tbl_41', '--records', JSON.stringify(records)],
      ],
      calls: [
        ['aitable', 'create_fields', { baseId: 'base_31', tableId: 'tbl_41', fields: [{ fieldName: '截止日期', type: 'date' }] }],
        ['aitable', 'get_fields', { baseId: 'base_31', tableId: 'tbl_41' }],
        ['aitable', 'create_records', { baseId: 'base_31', tableId: 'tbl_41', records }],
      ],
    });
  });

  it('14. records filtered by a single-select, then two deleted (confirmed): get_fields; query_records {baseId, tableId, filters as parsed, limit 20}; delete_records {baseId, tableId, recordIds} (helpers/aitable.go:2140-2210, :2432-2446, destructive :2449-2450)', async () => {
    const filters = { operator: 'and', operands: [{ operator: 'eq', operands: ['fld_st', '进行中'] }] };
    await act({
      lines: [
        ['aitable', 'field', 'list', '--base-id', 'base_32', '--table-id', 'tbl_42'],
        ['aitable', 'record', 'query', '--base-id', 'base_32', '--table-id', 'tbl_42', '--filters', JSON.stringify(filters), '--limit', '20'],
      ],
      calls: [
        ['aitable', 'get_fields', { baseId: 'base_32', tableId: 'tbl_42' }],
        ['aitable', 'query_records', { baseId: 'base_32', tableId: 'tbl_42', filters, limit: 20 }],
      ],
    });
    const del = ['aitable', 'record', 'delete', '--base-id', 'base_32', '--table-id', 'tbl_42', '--record-ids', 'rec_7,rec_8'];
    const asked = await sent(del);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({ lines: [[...del, '--yes']], calls: [['aitable', 'delete_records', { baseId: 'base_32', tableId: 'tbl_42', recordIds: ['rec_7', 'rec_8'] }]] });
  });

  it('15. a sheet range read, then three cells written (numbers as text, which the server reads as numbers): get_cell_infos {nodeId, sheetId, range}; set_cell_range {nodeId, sheetId, rangeAddress, cells}; a bare number as text is refused before any call (helpers/sheet_range_ops.go:68-82, :226-255; sheet_validate.go:135-142)', async () => {
    await act({
      lines: [['sheet', 'range', 'read', '--node', 'ss_51', '--sheet-id', 'Sheet1', '--range', 'A1:D10']],
      calls: [['sheet', 'get_cell_infos', { nodeId: 'ss_51', sheetId: 'Sheet1', range: 'A1:D10' }]],
    });
    const numberText = await sent(['sheet', 'range', 'update', '--node', 'ss_51', '--sheet-id', 'Sheet1', '--range', 'E1:E3', '--values', '[[{"type":"text","text":"合计"}],[{"type":"text","text":1200}],[{"type":"text","text":3400}]]']);
    expect([numberText.reason, numberText.calls]).toEqual(['invalid_parameter', []]);
    const cells = [[{ type: 'text', text: '合计' }], [{ type: 'text', text: '1200' }], [{ type: 'text', text: '3400' }]];
    await act({
      lines: [['sheet', 'range', 'update', '--node', 'ss_51', '--sheet-id', 'Sheet1', '--range', 'E1:E3', '--values', JSON.stringify(cells)]],
      calls: [['sheet', 'set_cell_range', { nodeId: 'ss_51', sheetId: 'Sheet1', rangeAddress: 'E1:E3', cells }]],
    });
  });

  it('16. a keyword search in one group over the last 3 days, then a quoted reply: chat/get_conversation_info {openConversationId} (the scope check), im/search_messages {limit 100, keyword, startTime now-3 days, endTime now, cursor "0"} (no conversation filter sent: kept client-side), im/list_messages_by_ids; send_personal_message {openConversationId, msgType reply, clawType, content {content, referenceOpenMessageId, replyMsgType text, srcMsgSendOpenDingTalkId}} (smart/search_msg.go:150-200, searchMsgParams :462-555, :613-625; helpers/chat.go:6933-6975)', async () => {
    const hit = { openMessageId: 'msg_7781', openConversationId: 'cid_8802', senderOpenDingTalkId: ODT, senderName: '李雷', content: '今晚 22:00 发版', createTime: beijing(2026, 12, 6, 20) };
    const printed = await act({
      now: NOW,
      lines: [['chat', '+search-msg', '--query', '发版', '--group', 'cid_8802', '--days', '3']],
      answers: {
        'chat/get_conversation_info': { result: { openConversationId: 'cid_8802', title: '发布群' } },
        'im/search_messages': { result: { messages: [hit], hasMore: false } },
        'im/list_messages_by_ids': { result: { messages: [hit] } },
      },
      calls: [
        ['chat', 'get_conversation_info', { openConversationId: 'cid_8802' }],
        ['im', 'search_messages', { limit: 100, keyword: '发版', startTime: NOW.getTime() - 3 * 86400000, endTime: NOW.getTime(), cursor: '0' }],
        ['im', 'list_messages_by_ids', { openMsgIds: ['msg_7781'] }],
      ],
    }) as { messages: { messageId: string; senderId: string }[] };
    expect(printed.messages.map((m) => [m.messageId, m.senderId])).toEqual([['msg_7781', ODT]]);
    await act({
      lines: [['chat', 'message', 'reply', '--conversation-id', 'cid_8802', '--ref-msg-id', 'msg_7781', '--ref-sender', ODT, '--text', '已确认，按时发']],
      calls: [['chat', 'send_personal_message', {
        openConversationId: 'cid_8802', msgType: 'reply', clawType: 'openClaw',
        content: JSON.stringify({ content: '已确认，按时发', referenceOpenMessageId: 'msg_7781', replyMsgType: 'text', srcMsgSendOpenDingTalkId: ODT }),
      }]],
    });
  });

  it('17. a new group of three (I join as owner), then a message @everyone: get_current_user_profile {}; im/create_group_conversation {groupName, groupMembers me first, groupType INTERNAL}; send_personal_message {openConversationId, msgType markdown, atAll true, content {text, title}} (helpers/chat.go:2546-2600, getCurrentUserID; :3332-3358, applyCurrentUserGroupMentions :1435-1451)', async () => {
    await act({
      lines: [
        ['chat', 'group', 'create', '--name', '2027 春招面试官', '--users', 'u_9101,u_9102,u_9103'],
        ['chat', 'message', 'send', '--group', 'cid_new1', '--at-all', '--text', '<@all> 请大家周三前填好面试时间'],
      ],
      answers: { 'contact/get_current_user_profile': { result: { userId: 'u_me', name: '王五' } } },
      calls: [
        ['contact', 'get_current_user_profile', {}],
        ['im', 'create_group_conversation', { groupName: '2027 春招面试官', groupMembers: ['u_me', 'u_9101', 'u_9102', 'u_9103'], groupType: 'INTERNAL' }],
        ['chat', 'send_personal_message', {
          openConversationId: 'cid_new1', msgType: 'markdown', clawType: 'openClaw', atAll: true,
          content: JSON.stringify({ text: '<@all> 请大家周三前填好面试时间', title: '<@all> 请大家周三前填好面试时间' }),
        }],
      ],
    });
    // sibling: --at-all without the placeholder puts "<@all> " before the text (chat.go:1440-1442)
    await act({
      lines: [['chat', 'message', 'send', '--group', 'cid_new1', '--at-all', '--text', '周三前填好', '--title', '提醒']],
      calls: [['chat', 'send_personal_message', {
        openConversationId: 'cid_new1', msgType: 'markdown', clawType: 'openClaw', atAll: true,
        content: JSON.stringify({ text: '<@all> 周三前填好', title: '提醒' }),
      }]],
    });
  });

  it('18. the forms I can start, the expense ones by name, then one\'s fields: list_user_visible_process {cursor 0, pageSize 100 as numbers}; search_form {query}, printed {count, forms [{name, processCode}]}; get_process_schema {processCode} (helpers/oa.go:541-552, :1055-1061; shortcut/oa/oa.go:278-306)', async () => {
    await act({
      lines: [['oa', 'approval', 'list-forms']],
      calls: [['oa', 'list_user_visible_process', { cursor: 0, pageSize: 100 }]],
    });
    const printed = await act({
      lines: [['oa', '+search-forms', '--query', '报销']],
      answers: { 'oa/search_form': { result: { list: [{ processCode: 'PROC-EXP-01', name: '费用报销' }, { processCode: 'PROC-TRIP', name: '差旅报销' }] } } },
      calls: [['oa', 'search_form', { query: '报销' }]],
    });
    expect(printed).toEqual({ count: 2, forms: [{ name: '费用报销', processCode: 'PROC-EXP-01' }, { name: '差旅报销', processCode: 'PROC-TRIP' }] });
    await act({
      lines: [['oa', 'approval', 'form-schema', '--process-code', 'PROC-EXP-01']],
      calls: [['oa', 'get_process_schema', { processCode: 'PROC-EXP-01' }]],
    });
  });

  it('19. a video meeting with a link: a known gap (upstream\'s conference product is withdrawn and points to calendar event create, helpers/conference.go:29-49), so nothing is called', () => {
    const asked = searched('Book a video meeting tomorrow 15:00-16:00 Beijing time titled "候选人终面", invite u_9301 and u_9302, and give me the meeting link');
    expect([asked.weak, asked.hint]).toEqual([true, expect.stringContaining('Known gap (calendar)')]);
  });

  it('20. a colleague\'s profile, then his department\'s record: get_user_info_by_user_ids {user_id_list}; get_dept_info_by_dept_id {deptId a number} (helpers/contact.go:654-668, :888-900)', async () => {
    await act({
      lines: [['contact', 'user', 'get', '--ids', 'u_9401'], ['contact', 'dept', 'get-info', '--dept', '3301']],
      calls: [
        ['contact', 'get_user_info_by_user_ids', { user_id_list: ['u_9401'] }],
        ['contact', 'get_dept_info_by_dept_id', { deptId: 3301 }],
      ],
    });
    // sibling: a placeholder such as "me" is refused before any call (contact.go:659-664)
    const me = await sent(['contact', 'user', 'get', '--ids', 'me']);
    expect([me.reason, me.calls]).toEqual(['invalid_parameter', []]);
  });
});

describe('agent test 21a: the search and help text that misled the agent or left it guessing', () => {
  it('left guessing (help, 15): range update showed only text and formula cells, so the numbers 1200 and 3400 were first sent as JSON numbers (refused); the help now says numbers and true/false go as text that the server reads as such (upstream\'s update help, helpers/sheet_range_ops.go:129-131)', () => {
    const help = helpOf('sheet', 'range', 'update');
    expect(help).toMatch(/\{"type":"text","text":"1200"\}/);
    expect(help).toMatch(/数字和 true\/false 也写成文本/);
  });

  it('misled (search, 15): "读一下表格 … A1:D10 的内容" ranked the document reader first; the sheet range read now leads', () => {
    expect(searched('读一下表格 ss_51 的 Sheet1 里 A1:D10 的内容，然后在 E1:E3 依次写入 "合计"、1200、3400').paths[0]).toBe('sheet.range_read');
    expect(searched('读一下表格里 B2:C20 的数据').paths[0]).toBe('sheet.range_read');
    expect(searched('读一下这篇文档讲了什么').paths[0]).toBe('doc.get_document_content');
  });

  it('left guessing (search, 11): the request\'s first question, "Are u_8801 and u_8802 free this Wednesday 09:00-12:00 London time?", was a weak match ("report the capability as unsupported") without the free/busy query among the five; it now leads and is not weak (the whole two-step request still ranks the event create first: left, notes/agent21a.md)', () => {
    const only = searched('Are u_8801 and u_8802 free this Wednesday 09:00-12:00 London time?');
    expect([only.paths[0], only.weak]).toEqual(['calendar.query_busy_status', false]);
    expect(searched('u_8801 和 u_8802 这周三上午 9 点到 12 点（伦敦时间）有空吗').paths.slice(0, 3)).toContain('calendar.shortcut_free');
  });

  it('left guessing (help, 16): reply\'s --ref-sender said only "openDingTalkId … from the message list", and the search printed the sender as senderId (an openDingTalkId or a userId, chatmsg.SenderID chatmsg.go:306-318); the flag now names that field and says a userId is looked up first (chat.go:6944-6951, resolveOpenDingTalkIDs :1510-1530)', () => {
    const help = helpOf('chat', 'message', 'reply');
    expect(help).toMatch(/senderId in `dws chat \+search-msg`/);
    expect(help).toMatch(/给的是 userId 时 dws 先查出对应的 openDingTalkId/);
  });

  it('left guessing (help, 9): +download said only "local path", so saving into a folder was a guess; it now says a folder keeps the drive file\'s name (upstream\'s download target, localio/download.go:225-260)', () => {
    const help = helpOf('drive', '+download');
    expect(help).toMatch(/keeps the file's drive name/);
    expect(help).toMatch(/沿用钉盘上的文件名/);
  });
});
