// Agent test 21d (notes/agent-test-21d.md, notes/agent21d.md): twenty everyday requests, each run with the command lines
// the agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls
// asserted are written from the upstream command bodies at c7521c1c (the lines named at each case), not from dws's
// output. "Now" is Monday 2026-12-07 21:00 in Asia/Shanghai; the file runs in that zone. The last cases are the search
// and help text that misled the agent or left it guessing (named at each case): they failed before the catalog text of
// this change.
import { describe, expect, it } from 'vitest';
import { useTimeZone } from '../helpers.js';
import { beijing, helpOf, searched, useOutputRuns } from './output-runs.js';

const { step: act, sent } = useOutputRuns('dws-agent21d-');

/** The moment the requests were typed: Monday 2026-12-07 21:00 Beijing. */
const NOW = new Date(beijing(2026, 12, 7, 21));

describe('agent test 21d: each request sends what upstream sends for the same flags', () => {
  useTimeZone('Asia/Shanghai');

  it('1. three colleagues\' punch results last week, then my attendance group\'s rules: attendance-wukong/query_check_result {QueryCheckResultRequest {userIds list, workDateFrom/To "yyyy-MM-dd HH:mm:ss", offset 0, limit 100}}; query_attendance_group_or_rules {date} (helpers/attendance.go:626-672, :2521-2536)', async () => {
    await act({
      lines: [
        ['attendance', 'check', 'result', '--users', 'u_1101,u_1102,u_1103', '--start', '2026-11-30', '--end', '2026-12-06'],
        ['attendance', 'rules', '--date', '2026-12-07'],
      ],
      calls: [
        ['attendance-wukong', 'query_check_result', { QueryCheckResultRequest: { userIds: ['u_1101', 'u_1102', 'u_1103'], workDateFrom: '2026-11-30 00:00:00', workDateTo: '2026-12-06 00:00:00', offset: 0, limit: 100 } }],
        ['attendance', 'query_attendance_group_or_rules', { date: '2026-12-07 00:00:00' }],
      ],
    });
  });

  it('2. a department found by name and its members, then one member\'s manager: search_dept_by_keyword {query}; get_dept_members_by_deptId {deptIds as strings}; get_user_info_by_user_ids {user_id_list} (smart/dept_members.go:84-115; helpers/contact.go)', async () => {
    await act({
      lines: [
        ['contact', '+dept-members', '--dept', '平台研发部'],
        ['contact', 'user', 'get', '--ids', 'u_1202'],
      ],
      answers: { 'contact/search_dept_by_keyword': { result: [{ deptId: 1201, name: '平台研发部' }] } },
      calls: [
        ['contact', 'search_dept_by_keyword', { query: '平台研发部' }],
        ['contact', 'get_dept_members_by_deptId', { deptIds: ['1201'] }],
        ['contact', 'get_user_info_by_user_ids', { user_id_list: ['u_1202'] }],
      ],
    });
  });

  it('3. reports I sent in the last 7 days, then one\'s read statistics: get_send_report_list {cursor 0, size 20, startTime/endTime ms}; get_report_statistics_by_id {report_id} (shortcut/report/report.go:244-280; helpers/report.go:658)', async () => {
    await act({
      lines: [
        ['report', '+outbox-list', '--start', '2026-11-30T21:00:00+08:00', '--end', '2026-12-07T21:00:00+08:00'],
        ['report', 'entry', 'stats', '--report-id', 'rp_1301'],
      ],
      calls: [
        ['report', 'get_send_report_list', { cursor: 0, size: 20, startTime: beijing(2026, 11, 30, 21), endTime: beijing(2026, 12, 7, 21) }],
        ['report', 'get_report_statistics_by_id', { report_id: 'rp_1301' }],
      ],
    });
  });

  it('4. a drive file shared with two people in two roles, then its permission list: doc/add_permission {nodeId, roleId, userIds list} twice; doc/list_permission {nodeId} (helpers/drive.go:2050-2070, :2201-2221)', async () => {
    await act({
      lines: [
        ['drive', 'permission', 'add', '--node', 'f_1401', '--users', 'u_1402', '--role', 'EDITOR'],
        ['drive', 'permission', 'add', '--node', 'f_1401', '--users', 'u_1403', '--role', 'READER'],
        ['drive', 'permission', 'list', '--node', 'f_1401'],
      ],
      calls: [
        ['doc', 'add_permission', { nodeId: 'f_1401', roleId: 'EDITOR', userIds: ['u_1402'] }],
        ['doc', 'add_permission', { nodeId: 'f_1401', roleId: 'READER', userIds: ['u_1403'] }],
        ['doc', 'list_permission', { nodeId: 'f_1401' }],
      ],
    });
  });

  it('5. a doc created at a knowledge base\'s root, then two editors added: doc/create_file {workspaceId, name, type "adoc" by default}; wiki/add_member {workspaceId, roleId, userIds} (helpers/wiki.go:958-979, :1022, :553-567)', async () => {
    await act({
      lines: [
        ['wiki', 'node', 'create', '--workspace', 'ws_1501', '--name', '值班手册'],
        ['wiki', 'member', 'add', '--workspace', 'ws_1501', '--users', 'u_1502,u_1503', '--role', 'EDITOR'],
      ],
      calls: [
        ['doc', 'create_file', { workspaceId: 'ws_1501', name: '值班手册', type: 'adoc' }],
        ['wiki', 'add_member', { workspaceId: 'ws_1501', roleId: 'EDITOR', userIds: ['u_1502', 'u_1503'] }],
      ],
    });
  });

  it('6. two formulas written as text cells, then read back: set_cell_range {nodeId, sheetId, rangeAddress, cells}; get_cell_infos {nodeId, sheetId, range} (helpers/sheet_range_ops.go:222-256, :66-80)', async () => {
    const cells = [[{ type: 'text', text: '=SUM(B2:B31)' }, { type: 'text', text: '=AVERAGE(C2:C31)' }]];
    await act({
      lines: [
        ['sheet', 'range', 'update', '--node', 'ss_1601', '--sheet-id', '汇总', '--range', 'B32:C32', '--values', JSON.stringify(cells)],
        ['sheet', 'range', 'read', '--node', 'ss_1601', '--sheet-id', '汇总', '--range', 'B32:C32'],
      ],
      calls: [
        ['sheet', 'set_cell_range', { nodeId: 'ss_1601', sheetId: '汇总', rangeAddress: 'B32:C32', cells }],
        ['sheet', 'get_cell_infos', { nodeId: 'ss_1601', sheetId: '汇总', range: 'B32:C32' }],
      ],
    });
  });

  it('7. a worksheet filter on one value, then a sort by a letter column without a header: create_filter {nodeId, sheetId, range, criteria as typed}; sort_range {nodeId, sheetId, range, sortKeys}, no hasHeader when the switch is off (helpers/sheet_filter_view.go:236-249; helpers/sheet_range_ops.go:381-399)', async () => {
    const criteria = [{ column: 2, filterType: 'values', visibleValues: ['华东'] }];
    const sortKeys = [{ column: 'E', ascending: false }];
    await act({
      lines: [
        ['sheet', 'filter', 'create', '--node', 'ss_1701', '--sheet-id', 'Sheet1', '--range', 'A1:E500', '--criteria', JSON.stringify(criteria)],
        ['sheet', 'range', 'sort', '--node', 'ss_1701', '--sheet-id', 'Sheet1', '--range', 'A2:E500', '--sort-keys', JSON.stringify(sortKeys)],
      ],
      calls: [
        ['sheet', 'create_filter', { nodeId: 'ss_1701', sheetId: 'Sheet1', range: 'A1:E500', criteria }],
        ['sheet', 'sort_range', { nodeId: 'ss_1701', sheetId: 'Sheet1', range: 'A2:E500', sortKeys }],
      ],
    });
  });

  it('8. a form view created, then the table\'s views listed: create_view {baseId, tableId, viewName, viewType "FormDesigner"}; get_views {baseId, tableId} (helpers/aitable.go:4446-4461, :3040-3052)', async () => {
    await act({
      lines: [
        ['aitable', 'form', 'create', '--base-id', 'base_1801', '--table-id', 'tbl_1802', '--name', '活动报名'],
        ['aitable', 'view', 'list', '--base-id', 'base_1801', '--table-id', 'tbl_1802'],
      ],
      calls: [
        ['aitable', 'create_view', { baseId: 'base_1801', tableId: 'tbl_1802', viewName: '活动报名', viewType: 'FormDesigner' }],
        ['aitable', 'get_views', { baseId: 'base_1801', tableId: 'tbl_1802' }],
      ],
    });
  });

  it('9. a base\'s sidebar nodes (dashboards among them), then one dashboard: aitable-helper/list_nsheet_nodes {baseId}; get_dashboard {baseId, dashboardId} (helpers/aitable.go:6973-6981, :5445-5454)', async () => {
    await act({
      lines: [
        ['aitable', 'section', 'list-nodes', '--base-id', 'base_1901'],
        ['aitable', 'dashboard', 'get', '--base-id', 'base_1901', '--dashboard-id', 'dsh_1902'],
      ],
      calls: [
        ['aitable-helper', 'list_nsheet_nodes', { baseId: 'base_1901' }],
        ['aitable', 'get_dashboard', { baseId: 'base_1901', dashboardId: 'dsh_1902' }],
      ],
    });
  });

  it('10. minutes searched by keyword over the last 7 days, then one\'s basic info: list_by_keyword_and_time_range {belongingConditionId "noLimit", maxResults 20, keyword, createTimeStart/End ms}; get_minutes_basic_info {taskUuid} (shortcut/minutes/alignment.go:221-253; helpers/minutes.go:188)', async () => {
    await act({
      lines: [
        ['minutes', '+search', '--query', '预算', '--start', '2026-11-30T21:00:00+08:00', '--end', '2026-12-07T21:00:00+08:00'],
        ['minutes', 'get', 'info', '--id', 'mt_2001'],
      ],
      answers: { 'minutes/list_by_keyword_and_time_range': { result: { itemList: [{ taskUuid: 'mt_2001', title: '预算评审' }], hasNext: false } } },
      calls: [
        ['minutes', 'list_by_keyword_and_time_range', { belongingConditionId: 'noLimit', maxResults: 20, keyword: '预算', createTimeStart: beijing(2026, 11, 30, 21), createTimeEnd: beijing(2026, 12, 7, 21) }],
        ['minutes', 'get_minutes_basic_info', { taskUuid: 'mt_2001' }],
      ],
    });
  });

  it('11. my mailbox, then a search by sender, subject and date (tagging the mails is a known gap, see "misled (search, 11)"): list_user_mailboxes; search_emails {email, query as typed, size "20" a string} (helpers/mail.go:137, :324-333)', async () => {
    const query = 'from:boss@example.com AND subject:报价 AND date>=2026-12-04T16:00:00Z';
    await act({
      lines: [
        ['mail', 'mailbox', 'list'],
        ['mail', 'message', 'search', '--email', 'me@example.com', '--query', query],
      ],
      calls: [
        ['mail', 'list_user_mailboxes', {}],
        ['mail', 'search_emails', { email: 'me@example.com', query, size: '20' }],
      ],
    });
  });

  it('12. a to-do due in London time with two executors and priority 30, then my open to-dos due this month: create_personal_todo {PersonalTodoCreateVO {subject, executorIds, dueTime ms, priority number}}; get_user_todos_in_current_org {pageNum "1", pageSize "20", todoStatus "false", roleTypes ["executor"], planFinishDateStart/End ms, a zoneless time read in Beijing} (helpers/todo.go:90-121, :262-283, :2059-2091; pkg/cmdutil/time.go:41-74)', async () => {
    await act({
      lines: [
        ['todo', 'task', 'create', '--title', '提交年终总结', '--executors', 'u_2201,u_2202', '--due', '2026-12-18T18:00:00+00:00', '--priority', '30'],
        ['todo', 'task', 'list', '--status', 'false', '--plan-finish-date-start', '2026-12-01', '--plan-finish-date-end', '2026-12-31 23:59'],
      ],
      calls: [
        ['todo', 'create_personal_todo', { PersonalTodoCreateVO: { subject: '提交年终总结', executorIds: ['u_2201', 'u_2202'], dueTime: Date.UTC(2026, 11, 18, 18, 0), priority: 30 } }],
        ['todo', 'get_user_todos_in_current_org', { pageNum: '1', pageSize: '20', todoStatus: 'false', roleTypes: ['executor'], planFinishDateStart: beijing(2026, 12, 1), planFinishDateEnd: beijing(2026, 12, 31, 23, 59) }],
      ],
    });
  });

  it('13. a group muted, then an announcement posted: im/set_group_mute {openConversationId, mute true}; im/create_group_notice {openConversationId, content}, sticky/sendDing only when switched on (helpers/chat.go:7219-7228, :9795-9809)', async () => {
    await act({
      lines: [
        ['chat', 'group-mute', '--group', 'cid_2301'],
        ['chat', 'group', 'notice', 'create', '--conversation-id', 'cid_2301', '--content', '本周五前请把材料发到群里'],
      ],
      calls: [
        ['im', 'set_group_mute', { openConversationId: 'cid_2301', mute: true }],
        ['im', 'create_group_notice', { openConversationId: 'cid_2301', content: '本周五前请把材料发到群里' }],
      ],
    });
  });

  it('14. the expense form found, its fields read, then an approval started (asked first): search_form {query}; get_process_schema {processCode}; start_process_instance {ProcessInstanceCreationPopRequest {processCode, formComponentValues [{name, value}], deptId -1 a number}} (shortcut/oa/oa.go:279; helpers/oa.go:1061, :1155-1205, :33-43)', async () => {
    const start = ['oa', 'approval', 'create-instance', '--process-code', 'PROC-EXP-01', '--form-values', JSON.stringify({ 金额: '1280.50', 事由: '客户拜访打车' })];
    const asked = await sent(start);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [
        ['oa', '+search-forms', '--query', '报销'],
        ['oa', 'approval', 'form-schema', '--process-code', 'PROC-EXP-01'],
        [...start, '--yes'],
      ],
      answers: { 'oa/search_form': { result: [{ processCode: 'PROC-EXP-01', name: '报销' }] } },
      calls: [
        ['oa', 'search_form', { query: '报销' }],
        ['oa', 'get_process_schema', { processCode: 'PROC-EXP-01' }],
        ['oa', 'start_process_instance', { ProcessInstanceCreationPopRequest: { processCode: 'PROC-EXP-01', formComponentValues: [{ name: '金额', value: '1280.50' }, { name: '事由', value: '客户拜访打车' }], deptId: -1 } }],
      ],
    });
  });

  it('15. my developer apps, then one app\'s details: devapp/list_dev_app {pageSize 20}; devapp/get_dev_app {unifiedAppId} (helpers/devapp.go:410-452, :456-502)', async () => {
    await act({
      lines: [
        ['dev', 'app', 'list'],
        ['dev', 'app', 'get', '--unified-app-id', 'app_2501'],
      ],
      answers: { 'devapp/list_dev_app': { result: { list: [{ unifiedAppId: 'app_2501' }], hasMore: false } } },
      calls: [
        ['devapp', 'list_dev_app', { pageSize: 20 }],
        ['devapp', 'get_dev_app', { unifiedAppId: 'app_2501' }],
      ],
    });
  });

  it('16. a colleague looked up by an address (typed as a directory keyword), his profile, then his department\'s children: search_contact_by_key_word {keyword}; get_user_info_by_user_ids; get_sub_depts_by_dept_id {deptId a number} (helpers/contact.go:553-556, :845-854)', async () => {
    await act({
      lines: [
        ['contact', 'user', 'search', '--query', 'li.ming@example.com'],
        ['contact', 'user', 'get', '--ids', 'u_1601'],
        ['contact', 'dept', 'list-children', '--dept', '1602'],
      ],
      calls: [
        ['contact', 'search_contact_by_key_word', { keyword: 'li.ming@example.com' }],
        ['contact', 'get_user_info_by_user_ids', { user_id_list: ['u_1601'] }],
        ['contact', 'get_sub_depts_by_dept_id', { deptId: 1602 }],
      ],
    });
    // after this change's text the agent starts from the mail directory, whose query takes part of an address
    await act({
      lines: [['mail', '+find-mail-user', '--query', 'li.ming@example.com']],
      answers: { 'mail/search_mail_users': { users: [{ name: '李明', email: 'li.ming@example.com', userId: 'u_1601' }] } },
      calls: [['mail', 'search_mail_users', { keyword: 'li.ming@example.com' }]],
    });
  });

  it('17. two people\'s openDingTalkIds, a group message @-ing them, then its read state: get_user_info_by_user_ids; send_personal_message {markdown, content {title: first 30 runes + "...", text}, atOpenDingTalkIds list}; im/query_msg_read_status {openConversationId, openMessageId} (helpers/chat.go:3340-3359, :1226-1276, :1433-1450, :4528-4542)', async () => {
    const text = '<@odt_2701> <@odt_2702> 明早 9:30 在 3 楼开会';
    await act({
      lines: [
        ['contact', 'user', 'get', '--ids', 'u_2701,u_2702'],
        ['chat', 'message', 'send', '--group', 'cid_2701', '--at-open-dingtalk-ids', 'odt_2701,odt_2702', '--text', text],
        ['chat', 'message', 'read-status', '--conversation-id', 'cid_2701', '--message-id', 'msg_2701'],
      ],
      calls: [
        ['contact', 'get_user_info_by_user_ids', { user_id_list: ['u_2701', 'u_2702'] }],
        ['chat', 'send_personal_message', { msgType: 'markdown', content: JSON.stringify({ text, title: '<@odt_2701> <@odt_2702> 明早 9:3...' }), openConversationId: 'cid_2701', atOpenDingTalkIds: ['odt_2701', 'odt_2702'], clawType: 'openClaw' }],
        ['im', 'query_msg_read_status', { openConversationId: 'cid_2701', openMessageId: 'msg_2701' }],
      ],
    });
  });

  it('18. documents searched by keyword, then one read: search_documents {keyword, pageSize 10 by default}; get_document_content {nodeId} (shortcut/doc/doc.go:87-124)', async () => {
    await act({
      lines: [
        ['doc', '+search', '--query', '周会纪要'],
        ['doc', 'read', '--node', 'doc_2801'],
      ],
      calls: [
        ['doc', 'search_documents', { keyword: '周会纪要', pageSize: 10 }],
        ['doc', 'get_document_content', { nodeId: 'doc_2801' }],
      ],
    });
  });

  it('19. an event in London time with two attendees (the online meeting is a known gap), then tomorrow\'s events: create_calendar_event {summary, startDateTime/endDateTime as typed, attendees list}; list_calendar_events {startTime, endTime ms} (helpers/calendar.go:428-483)', async () => {
    await act({
      now: NOW,
      lines: [
        ['calendar', 'event', 'create', '--title', '与伦敦团队同步', '--start', '2026-12-08T09:30:00+00:00', '--end', '2026-12-08T10:00:00+00:00', '--attendees', 'u_2901,u_2902'],
        ['calendar', 'event', 'list', '--start', '2026-12-08T00:00:00+08:00', '--end', '2026-12-09T00:00:00+08:00'],
      ],
      calls: [
        ['calendar', 'create_calendar_event', { summary: '与伦敦团队同步', startDateTime: '2026-12-08T09:30:00+00:00', endDateTime: '2026-12-08T10:00:00+00:00', attendees: ['u_2901', 'u_2902'] }],
        ['calendar', 'list_calendar_events', { startTime: beijing(2026, 12, 8), endTime: beijing(2026, 12, 9) }],
      ],
    });
  });

  it('20. three records given a checkbox and numbers (asked first: dws is stricter, declared), then a view deleted (asked first): get_fields; update_records {records with true and 100, 250.5, 0 as numbers}; delete_view {baseId, tableId, viewId} (helpers/aitable.go:2384-2400; shortcut/aitable/aitable.go:1350-1355)', async () => {
    const records = [
      { recordId: 'rec_3003', cells: { fld_paid: true, fld_amount: 100 } },
      { recordId: 'rec_3004', cells: { fld_paid: true, fld_amount: 250.5 } },
      { recordId: 'rec_3005', cells: { fld_paid: true, fld_amount: 0 } },
    ];
    const update = ['aitable', 'record', 'update', '--base-id', 'base_3001', '--table-id', 'tbl_3002', '--records', JSON.stringify(records)];
    const del = ['aitable', '+view-delete', '--base-id', 'base_3001', '--table-id', 'tbl_3002', '--view-id', 'viw_3006'];
    for (const line of [update, del]) {
      const asked = await sent(line);
      expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    }
    await act({
      lines: [
        ['aitable', 'field', 'list', '--base-id', 'base_3001', '--table-id', 'tbl_3002'],
        [...update, '--yes'],
        [...del, '--yes'],
      ],
      calls: [
        ['aitable', 'get_fields', { baseId: 'base_3001', tableId: 'tbl_3002' }],
        ['aitable', 'update_records', { baseId: 'base_3001', tableId: 'tbl_3002', records }],
        ['aitable', 'delete_view', { baseId: 'base_3001', tableId: 'tbl_3002', viewId: 'viw_3006' }],
      ],
    });
  });
});

describe('agent test 21d: the search and help text that misled the agent or left it guessing', () => {
  it('misled (search and help, 9): "which dashboards does this base have" found no listing command, and base get spoke of tables only though upstream\'s get_base lists the dashboards too (helpers/aitable.go:1257-1259); base get now says so and ranks', () => {
    for (const q of [
      'Which dashboards does AI table base_1901 have? Then show me the details of dashboard dsh_1902.',
      'Which dashboards does an AI table base have',
    ]) {
      expect(searched(q).paths.slice(0, 3)).toContain('aitable.base_get');
    }
    const help = helpOf('aitable', 'base', 'get');
    expect(help).toMatch(/a summary of each table and each dashboard in it/);
    expect(help).toMatch(/其下每张数据表和每个仪表盘的概要/);
    expect(helpOf('aitable', 'dashboard', 'get')).toMatch(/Dashboard ID, from `dws aitable base get`/);
  });

  it('left guessing (help, 16): +find-mail-user said "by name" only, so an address went to the directory keyword search as a guess; upstream\'s query takes part of an address (smart/find_mail_user.go:90), and the text now says so and ranks it first', () => {
    const help = helpOf('mail', '+find-mail-user');
    expect(help).toMatch(/a name, a nickname or part of an email address/);
    expect(help).toMatch(/姓名、花名或邮箱地址的一部分/);
    expect(searched('邮箱是 li.ming@example.com 的同事是谁？查到后列出他所在部门下面的子部门。').paths[0]).toBe('mail.shortcut_find_mail_user');
    expect(searched('find a colleague by email address').paths[0]).toBe('mail.shortcut_find_mail_user');
  });

  it('misled (search, 11): the whole request put "打上…标签" apart from 邮件 and got no hint, though tagging a mail is a known gap (upstream keeps its tag writes out of the surface, cli/schema_command_exclusions.go:121-123); it is now heard', () => {
    for (const q of [
      '搜一下最近 3 天（12 月 5 日到现在）boss@example.com 发给我的、主题带"报价"的邮件，然后给 msg_2101 和 msg_2102 打上"客户"标签。',
      'Search mails from boss, then label the emails 客户',
    ]) {
      expect(searched(q).hint).toContain('Known gap (mail)');
    }
    // listing the tags is no gap
    expect(searched('列出我的邮件标签').hint).not.toContain('Known gap');
  });

  it('misled (search, 19): "create an event ... with an online meeting" said nothing of the gap (no calendar command makes a meeting link; helpers/calendar.go:428-483 sends none); it is now heard as the known gap', () => {
    for (const q of [
      'Create an event "与伦敦团队同步" tomorrow 09:30-10:00 London time with u_2901 and u_2902, with an online meeting; then list tomorrow\'s events to check it.',
      'Create an event tomorrow with two attendees and an online meeting',
      '创建一个明天的日程，带上线上会议',
    ]) {
      const asked = searched(q);
      expect([asked.weak, asked.hint]).toEqual([true, expect.stringContaining('Known gap (calendar)')]);
    }
    // an ordinary event is not a gap
    expect(searched('Create an event tomorrow 10:00 with u_1 and u_2').hint).not.toContain('Known gap');
  });
});
