// Agent test 20s (notes/agent-test-20s.md, notes/agent20s.md): twenty everyday requests, each run with the command lines
// the agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls
// asserted are written from the upstream command bodies at c7521c1c (the lines named at each case), not from dws's
// output; where upstream reads or projects the answer, the printed result is asserted too. Request 20 also checks the
// help and search text rewritten in this round (nothing led the agent from "who is X's manager" to the command whose
// answer carries the manager).
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';
import { beijing, useOutputRuns } from './output-runs.js';

const { act, sent, answer, answersInTurn } = useOutputRuns('dws-agent20s-');

/** A command's compact Inspect entry. */
function inspect(canonical: string): { agent_summary_en: string; agent_summary: string; description_en: string; description: string } {
  const r = runCli(['schema', canonical, '--compact']);
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as ReturnType<typeof inspect>;
}

/** The canonical paths schema search ranks for a query, best first. */
function searched(query: string): string[] {
  const r = runCli(['schema', 'search', '--query', query]);
  expect(r.status).toBe(0);
  return (JSON.parse(r.stdout) as { candidates: { canonical_path: string }[] }).candidates.map((c) => c.canonical_path);
}

const me = { 'contact/get_current_user_profile': { success: true, result: { userId: 'me_01', name: '我' } } };

describe('agent test 20s: each request sends what upstream sends for the same flags', () => {
  it('1. members of 产品研发部: search_dept_by_keyword {query: trimmed --dept}, exactly one department, then get_dept_members_by_deptId {deptIds: [the id as decimal text]}; the members answer printed as it came (shortcut/smart/dept_members.go:86-118, :132-160)', async () => {
    const members = { success: true, result: [{ userId: 'u_11', name: '张三' }, { userId: 'u_12', name: '李四' }] };
    const printed = await act({
      lines: [['contact', '+dept-members', '--dept', ' 产品研发部 ']],
      answers: {
        'contact/search_dept_by_keyword': { success: true, result: [{ deptId: 123, deptName: '<red>产品研发部</red>' }, { deptId: 123 }] },
        'contact/get_dept_members_by_deptId': members,
      },
      calls: [
        ['contact', 'search_dept_by_keyword', { query: '产品研发部' }],
        ['contact', 'get_dept_members_by_deptId', { deptIds: ['123'] }],
      ],
    });
    expect(printed).toEqual(members);
  });

  it('1b. a name matching two departments is not guessed: only the search is sent (dept_members.go:102-111)', async () => {
    answer('contact/search_dept_by_keyword', { success: true, data: [{ dept_id: '1', name: '产品一部' }, { id: 2, deptName: '产品二部' }] });
    const twice = await sent(['contact', '+dept-members', '--dept', '产品']);
    expect([twice.reason, twice.calls]).toEqual(['ambiguous_match', [['contact/search_dept_by_keyword', { query: '产品' }]]]);
  });

  it('2. who has mobile 13800138000: search_user_by_mobile {mobile}, the userId probed as byMobileExtractUserID does (a number truncated to its decimal text), then get_user_info_by_user_ids {user_id_list: [it]} (shortcut/smart/by_mobile.go:73-100, :108-154)', async () => {
    await act({
      lines: [['contact', '+by-mobile', '--mobile', '13800138000']],
      answers: { 'contact/search_user_by_mobile': { success: true, result: { userid: 90125.7 } } },
      calls: [
        ['contact', 'search_user_by_mobile', { mobile: '13800138000' }],
        ['contact', 'get_user_info_by_user_ids', { user_id_list: ['90125'] }],
      ],
    });
  });

  it('3. a leave request with a form, shown before it is sent: without --yes nothing is sent; then start_process_instance {ProcessInstanceCreationPopRequest: {processCode, formComponentValues [{name, value}], deptId -1 (the default "-1" through ParseInt)}} (helpers/oa.go:33-43, :1152-1205)', async () => {
    const form = { 请假类型: '年假', 开始时间: '2026-12-07 09:00', 结束时间: '2026-12-08 18:00', 事由: '家里有事' };
    const unconfirmed = await sent(['oa', 'approval', 'create-instance', '--process-code', 'PROC-LEAVE-7F2A', '--form-values', JSON.stringify(form)]);
    expect([unconfirmed.reason, unconfirmed.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [['oa', 'approval', 'create-instance', '--process-code', 'PROC-LEAVE-7F2A', '--form-values', JSON.stringify(form), '--yes']],
      // upstream ranges over a Go map, so its order is random; dws keeps the object's order
      calls: [['oa', 'start_process_instance', { ProcessInstanceCreationPopRequest: {
        processCode: 'PROC-LEAVE-7F2A',
        formComponentValues: Object.entries(form).map(([name, value]) => ({ name, value })),
        deptId: -1,
      } }]],
    });
    const numeric = await sent(['oa', 'approval', 'create-instance', '--process-code', 'P', '--form-values', '{"天数":2}', '--yes']);
    expect([numeric.reason, numeric.calls]).toEqual(['invalid_parameter', []]);
  });

  it('4. leave requests of one form over the last 7 days: list_initiated_instances {processCode, startTime, endTime as Beijing epoch ms, nextToken 0, maxResults 20} (helpers/oa.go:421-449; pkg/cmdutil/time.go:41-74)', async () => {
    await act({
      lines: [['oa', 'approval', 'list-initiated', '--process-code', 'PROC-LEAVE-7F2A', '--start', '2026-11-29', '--end', '2026-12-06 08:00']],
      calls: [['oa', 'list_initiated_instances', {
        processCode: 'PROC-LEAVE-7F2A', startTime: beijing(2026, 11, 29), endTime: beijing(2026, 12, 6, 8), nextToken: 0, maxResults: 20,
      }]],
    });
  });

  it('5. two rows into A1:C2: set_cell_range {nodeId, sheetId, rangeAddress, cells as typed}; a bare number or null cell is refused before any call (helpers/sheet_range_ops.go:222-255)', async () => {
    const cells = [
      [{ type: 'text', text: '项目' }, { type: 'text', text: '预算' }, { type: 'text', text: '实际' }],
      [{ type: 'text', text: '官网改版' }, { type: 'text', text: '12000' }, { type: 'text', text: '9800' }],
    ];
    await act({
      lines: [['sheet', 'range', 'update', '--node', 'sheetdoc_91ab', '--sheet-id', 'Sheet1', '--range', 'A1:C2', '--values', JSON.stringify(cells)]],
      calls: [['sheet', 'set_cell_range', { nodeId: 'sheetdoc_91ab', sheetId: 'Sheet1', rangeAddress: 'A1:C2', cells }]],
    });
    for (const bad of ['[[{"type":"text","text":"项目"},12000]]', '[[null]]']) {
      const run = await sent(['sheet', 'range', 'update', '--node', 'sheetdoc_91ab', '--sheet-id', 'Sheet1', '--range', 'A1:B1', '--values', bad]);
      expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
    }
  });

  it('6. a formula in D2, then A1:D2 read back: set_cell_range; get_cell_infos {nodeId, sheetId, range}; the print drops an all-null dataValidation and, only beside one, an all-null hyperlink (helpers/sheet_range_ops.go:66-75; sheet_info.go:134-200)', async () => {
    const printed = await act({
      lines: [
        ['sheet', 'range', 'update', '--node', 'sheetdoc_91ab', '--sheet-id', 'Sheet1', '--range', 'D2', '--values', '[[{"type":"text","text":"=C2/B2"}]]'],
        ['sheet', 'range', 'read', '--node', 'sheetdoc_91ab', '--sheet-id', 'Sheet1', '--range', 'A1:D2'],
      ],
      answers: { 'sheet/get_cell_infos': { cells: [
        [{ value: '项目', dataValidation: { type: null }, hyperlink: { link: null } }, { value: '比例', hyperlink: { link: null } }],
        [{ value: '官网改版', dataValidation: { type: 'list' } }, { value: '0.8167', dataValidation: null }],
      ], hasMore: false } },
      calls: [
        ['sheet', 'set_cell_range', { nodeId: 'sheetdoc_91ab', sheetId: 'Sheet1', rangeAddress: 'D2', cells: [[{ type: 'text', text: '=C2/B2' }]] }],
        ['sheet', 'get_cell_infos', { nodeId: 'sheetdoc_91ab', sheetId: 'Sheet1', range: 'A1:D2' }],
      ],
    });
    expect(printed).toEqual({ cells: [
      [{ value: '项目' }, { value: '比例', hyperlink: { link: null } }],
      [{ value: '官网改版', dataValidation: { type: 'list' } }, { value: '0.8167' }],
    ], hasMore: false });
  });

  it('7. the first 20 records whose status is 进行中: get_fields {baseId, tableId}; query_records {baseId, tableId, filters parsed, limit 20}; the window is full after one page, so no second call, and the next cursor is printed (shortcut/aitable/aitable.go:702-738; record_query_all.go:32-101, :126-192)', async () => {
    const filters = { operator: 'and', operands: [{ operator: 'eq', operands: ['fld_status', '进行中'] }] };
    const records = Array.from({ length: 20 }, (_, i) => ({ recordId: `rec_${i}`, cells: { fld_status: '进行中' } }));
    const printed = await act({
      lines: [
        ['aitable', '+field-get', '--base-id', 'base_77k', '--table-id', 'tbl_task'],
        ['aitable', '+record-query', '--base-id', 'base_77k', '--table-id', 'tbl_task', '--filters', JSON.stringify(filters), '--limit', '20'],
      ],
      answers: { 'aitable/query_records': { success: true, data: { records, hasMore: true, nextCursor: 'cur_2' } } },
      calls: [
        ['aitable', 'get_fields', { baseId: 'base_77k', tableId: 'tbl_task' }],
        ['aitable', 'query_records', { baseId: 'base_77k', tableId: 'tbl_task', filters, limit: 20 }],
      ],
    });
    expect(printed).toEqual({ success: true, status: 'success', data: { records, hasMore: true, page: 1, size: 20, nextCursor: 'cur_2' } });
  });

  it('7b. 30 records read as 20 then 10 from the cursor; a page that echoes its own cursor is a cycle and the run fails (record_query_all.go:46-101; record_upsert_by_key.go:286-304)', async () => {
    const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ recordId: `rec_${from + i}` }));
    const printed = await act({
      lines: [['aitable', '+record-query', '--base-id', 'base_77k', '--table-id', 'tbl_task', '--limit', '30']],
      answers: { 'aitable/query_records': { pages: [
        { success: true, data: { records: page(0, 20), hasMore: true, nextCursor: 'cur_2' } },
        { success: true, data: { records: page(20, 10), hasMore: false } },
      ] } },
      calls: [
        ['aitable', 'query_records', { baseId: 'base_77k', tableId: 'tbl_task', limit: 20 }],
        ['aitable', 'query_records', { baseId: 'base_77k', tableId: 'tbl_task', limit: 10, cursor: 'cur_2' }],
      ],
    }) as { data: { size: number; page: number; hasMore: boolean; nextCursor?: string } };
    expect([printed.data.size, printed.data.page, printed.data.hasMore, printed.data.nextCursor]).toEqual([30, 2, false, undefined]);
    answersInTurn('aitable/query_records',
      { success: true, data: { records: page(0, 20), hasMore: true, nextCursor: 'cur_2' } },
      { success: true, data: { records: page(20, 10), hasMore: false, cursor: 'cur_2' } });
    const cycle = await sent(['aitable', '+record-query', '--base-id', 'base_77k', '--table-id', 'tbl_task', '--limit', '30']);
    expect([cycle.category, cycle.calls.length, cycle.printed]).toEqual(['backend', 2, undefined]);
  });

  it('8. a date field 截止日期: create_fields {baseId, tableId, fields: [{fieldName, type}]}, config only when given (helpers/aitable.go:1835-1903)', async () => {
    await act({
      lines: [
        ['aitable', 'field', 'create', '--base-id', 'base_77k', '--table-id', 'tbl_task', '--name', '截止日期', '--type', 'date'],
        ['aitable', 'field', 'create', '--base-id', 'base_77k', '--table-id', 'tbl_task', '--name', '截止日期', '--type', 'date', '--config', '{"formatter":"YYYY-MM-DD"}'],
      ],
      calls: [
        ['aitable', 'create_fields', { baseId: 'base_77k', tableId: 'tbl_task', fields: [{ fieldName: '截止日期', type: 'date' }] }],
        ['aitable', 'create_fields', { baseId: 'base_77k', tableId: 'tbl_task', fields: [{ fieldName: '截止日期', type: 'date', config: { formatter: 'YYYY-MM-DD' } }] }],
      ],
    });
  });

  it('9. read-only access for two people: add_permission on the doc server {nodeId, roleId upper-cased and trimmed, userIds split, trimmed, blanks dropped} (helpers/drive.go:2042-2071; doc.go:5118-5150)', async () => {
    await act({
      lines: [['drive', 'permission', 'add', '--node', 'file_5521', '--users', 'u_301, u_302,', '--role', ' reader']],
      calls: [['doc', 'add_permission', { nodeId: 'file_5521', roleId: 'READER', userIds: ['u_301', 'u_302'] }]],
    });
  });

  it('10. free/busy of two colleagues and me tomorrow 14-18 Beijing: get_current_user_profile {}; query_busy_status {startTime, endTime epoch ms, userIds}; the print keeps only schedule items with a status (helpers/calendar.go:1376-1404, :2850-2890)', async () => {
    const printed = await act({
      lines: [
        ['contact', '+me'],
        ['calendar', 'busy', 'search', '--users', 'u_401,u_402,me_01', '--start', '2026-12-07T14:00:00+08:00', '--end', '2026-12-07 18:00'],
      ],
      answers: {
        ...me,
        'calendar/query_busy_status': { result: [
          { userId: 'u_401', scheduleItems: [{ status: 'BUSY', start: { dateTime: '2026-12-07T15:00:00+08:00' } }, { status: null }, { status: '' }, { start: {} }] },
          { userId: 'u_402', scheduleItems: [] },
        ] },
      },
      calls: [
        ['contact', 'get_current_user_profile', {}],
        ['calendar', 'query_busy_status', { startTime: beijing(2026, 12, 7, 14), endTime: beijing(2026, 12, 7, 18), userIds: ['u_401', 'u_402', 'me_01'] }],
      ],
    });
    expect(printed).toEqual({ result: [
      { userId: 'u_401', scheduleItems: [{ status: 'BUSY', start: { dateTime: '2026-12-07T15:00:00+08:00' } }] },
      { userId: 'u_402', scheduleItems: [] },
    ] });
  });

  it('11. a weekly meeting, 8 Mondays: create_calendar_event {summary, start/end as typed, timeZone, attendees, recurrence {pattern {type, interval, daysOfWeek as typed}, range {type numbered, numberOfOccurrences}}} (helpers/calendar.go:428-483, :3052-3190)', async () => {
    await act({
      lines: [['calendar', 'event', 'create', '--title', '产品周会', '--start', '2026-12-07T10:00:00+08:00', '--end', '2026-12-07T10:30:00+08:00',
        '--attendees', 'u_401,u_402', '--timezone', 'Asia/Shanghai', '--recurrence-type', 'weekly', '--recurrence-interval', '1',
        '--recurrence-days-of-week', 'monday', '--recurrence-range-type', 'numbered', '--recurrence-count', '8', '--remind-minutes', '15, 0,x,+5']],
      calls: [['calendar', 'create_calendar_event', {
        summary: '产品周会', startDateTime: '2026-12-07T10:00:00+08:00', endDateTime: '2026-12-07T10:30:00+08:00', timeZone: 'Asia/Shanghai',
        attendees: ['u_401', 'u_402'],
        recurrence: { pattern: { type: 'weekly', interval: 1, daysOfWeek: 'monday' }, range: { type: 'numbered', numberOfOccurrences: 8 } },
        reminders: [{ minutes: 15 }, { minutes: 5 }],
      }]],
    });
    const noDays = await sent(['calendar', 'event', 'create', '--title', 'x', '--start', '2026-12-07T10:00:00+08:00', '--end', '2026-12-07T10:30:00+08:00',
      '--recurrence-type', 'weekly', '--recurrence-interval', '1', '--recurrence-range-type', 'noEnd']);
    expect(noDays.calls).toEqual([]);
    expect(noDays.reason).toBeDefined();
  });

  it('12. 9am New York on 2026-12-09 for 45 minutes: the times go as typed with their offset and the zone as timeZone; an end date for the series is Beijing epoch ms (helpers/calendar.go:449-460, :3160-3172)', async () => {
    await act({
      lines: [
        ['calendar', 'event', 'create', '--title', 'US sync', '--start', '2026-12-09T09:00:00-05:00', '--end', '2026-12-09T09:45:00-05:00', '--attendees', 'u_501', '--timezone', 'America/New_York'],
        ['calendar', 'event', 'create', '--title', 'US sync', '--start', '2026-12-09T09:00:00-05:00', '--end', '2026-12-09T09:45:00-05:00',
          '--recurrence-type', 'weekly', '--recurrence-interval', '2', '--recurrence-days-of-week', 'wednesday', '--recurrence-range-type', 'endDate', '--recurrence-end-date', '2027-01-31'],
      ],
      calls: [
        ['calendar', 'create_calendar_event', { summary: 'US sync', startDateTime: '2026-12-09T09:00:00-05:00', endDateTime: '2026-12-09T09:45:00-05:00', timeZone: 'America/New_York', attendees: ['u_501'] }],
        ['calendar', 'create_calendar_event', { summary: 'US sync', startDateTime: '2026-12-09T09:00:00-05:00', endDateTime: '2026-12-09T09:45:00-05:00',
          recurrence: { pattern: { type: 'weekly', interval: 2, daysOfWeek: 'wednesday' }, range: { type: 'endDate', endDate: beijing(2027, 1, 31) } } }],
      ],
    });
  });

  it('13. two sub-tasks due Friday 18:00: create_personal_sub_todo {PersonalTodoCreateVO: {subject, executorIds, parentId as typed text, dueTime Beijing epoch ms}}; a parent id that is not digits is refused before any call (helpers/todo.go:165-216, :1871-1884)', async () => {
    const bad = await sent(['todo', 'task', 'create-sub', '--parent-id', 'todo_6610', '--title', '写初稿', '--executors', 'me_01']);
    expect([bad.reason, bad.calls]).toEqual(['invalid_parameter', []]);
    await act({
      lines: [
        ['contact', '+me'],
        ['todo', 'task', 'create-sub', '--parent-id', '6610', '--title', '写初稿', '--executors', 'me_01', '--due', '2026-12-11 18:00'],
        ['todo', 'task', 'create-sub', '--parent-id', '6610', '--title', '找人评审', '--executors', ' me_01, ', '--due', '2026-12-11T18:00:00+08:00'],
      ],
      answers: me,
      calls: [
        ['contact', 'get_current_user_profile', {}],
        ['todo', 'create_personal_sub_todo', { PersonalTodoCreateVO: { subject: '写初稿', executorIds: ['me_01'], parentId: '6610', dueTime: beijing(2026, 12, 11, 18) } }],
        ['todo', 'create_personal_sub_todo', { PersonalTodoCreateVO: { subject: '找人评审', executorIds: ['me_01'], parentId: '6610', dueTime: beijing(2026, 12, 11, 18) } }],
      ],
    });
  });

  it('14. done, then my open to-dos: get_todo_detail {taskId} must name the task, update_todo_done_status {taskId, isDone "true"}; get_user_todos_in_current_org {pageNum "1", pageSize "20", todoStatus "false", roleTypes [executor]} printed as {count, todos} of six kept keys (helpers/todo.go:30-60; shortcut/todo/todo.go:73-136)', async () => {
    const printed = await act({
      lines: [
        ['todo', 'task', 'done', '--task-id', '6610', '--status', 'true'],
        ['todo', '+get-my-tasks', '--status', 'false', '--priority', 'x,40'],
      ],
      answers: {
        'todo/get_todo_detail': { success: true, result: { todoDetailModel: { taskId: 6610, subject: '周报' } } },
        'todo/get_user_todos_in_current_org': { success: true, result: { todoCards: [
          { taskId: '7001', subject: '准备评审', dueTime: beijing(2026, 12, 8, 18), priority: 40, isDone: false, bizTag: 'x' },
          'not a card',
          { other: 1 },
        ] } },
      },
      calls: [
        ['todo', 'get_todo_detail', { taskId: '6610' }],
        ['todo', 'update_todo_done_status', { taskId: '6610', isDone: 'true' }],
        ['todo', 'get_user_todos_in_current_org', { pageNum: '1', pageSize: '20', todoStatus: 'false', priorityList: [40], roleTypes: ['executor'] }],
      ],
    });
    expect(printed).toEqual({ count: 1, todos: [{ taskId: '7001', subject: '准备评审', dueTime: beijing(2026, 12, 8, 18), priority: 40 }] });
  });

  it('15. rename the group, then add two people: update_group_name {openconversation_id, group_name}; add_group_member {openconversation_id, userId} (ids trimmed, blanks dropped, openDingTalkIds apart) (helpers/chat.go:2774-2788, :2827-2840, :1355-1386)', async () => {
    await act({
      lines: [
        ['chat', 'group', 'rename', '--id', 'cid_88aa', '--name', '2027 Q1 项目组'],
        ['chat', 'group', 'members', 'add', '--id', 'cid_88aa', '--users', 'u_601, u_602,,DAAAAAAAAAAAiE'],
      ],
      calls: [
        ['chat', 'update_group_name', { openconversation_id: 'cid_88aa', group_name: '2027 Q1 项目组' }],
        ['chat', 'add_group_member', { openconversation_id: 'cid_88aa', userId: ['u_601', 'u_602'], openDingtalkIds: ['DAAAAAAAAAAAiE'] }],
      ],
    });
  });

  it('16. the group bot posts Markdown: needs the user\'s confirmation; send_robot_group_message {robotCode, openConversationId, title, markdown} on the bot server (shortcut/chat/chat_message.go:58-78)', async () => {
    const text = '## 部署完成\n版本 v2.3.1 已上线';
    const argv = ['chat', '+messages-send-by-bot', '--robot-code', 'ding_bot_3', '--group', 'cid_88aa', '--title', '部署完成', '--text', text];
    const unconfirmed = await sent(argv);
    expect([unconfirmed.reason, unconfirmed.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [[...argv, '--yes']],
      calls: [['bot', 'send_robot_group_message', { robotCode: 'ding_bot_3', openConversationId: 'cid_88aa', title: '部署完成', markdown: text }]],
    });
  });

  it('17. a draft to alice, cc bob, saved not sent: list_user_mailboxes {} for the sending address; create_draft {from, subject, toRecipients, ccRecipients, body} (helpers/mail.go:1813-1852, :4202-4212)', async () => {
    await act({
      lines: [
        ['mail', 'mailbox', 'list'],
        ['mail', 'draft', 'create', '--from', 'me@corp.example', '--to', 'alice@example.com', '--cc', ' bob@example.com ,', '--subject', '本周进展', '--content', '见附件清单'],
      ],
      answers: { 'mail/list_user_mailboxes': { success: true, result: [{ email: 'me@corp.example' }] } },
      calls: [
        ['mail', 'list_user_mailboxes', {}],
        ['mail', 'create_draft', { from: 'me@corp.example', subject: '本周进展', toRecipients: ['alice@example.com'], ccRecipients: ['bob@example.com'], body: '见附件清单' }],
      ],
    });
  });

  it('18. my folders, then the 10 newest in 客户: list_folders {email}; search_emails {email, query "folderId:<id>", size "10" as text} (helpers/mail.go:387-403, :612-621)', async () => {
    await act({
      lines: [
        ['mail', 'folder', 'list', '--email', 'me@corp.example'],
        ['mail', 'message', 'list', '--email', 'me@corp.example', '--folder-id', '1001', '--limit', '10'],
      ],
      answers: { 'mail/list_folders': { success: true, result: [{ id: '1001', displayName: '客户' }] } },
      calls: [
        ['mail', 'list_folders', { email: 'me@corp.example' }],
        ['mail', 'search_emails', { email: 'me@corp.example', query: 'folderId:1001', size: '10' }],
      ],
    });
  });

  it('19. no Teambition command (upstream has none in its static tree either), so a to-do instead: create_personal_todo {PersonalTodoCreateVO: {subject, executorIds, dueTime Beijing epoch ms}} (helpers/todo.go:95-123)', async () => {
    await act({
      lines: [['todo', 'task', 'create', '--title', '修复登录页 bug', '--executors', 'u_701', '--due', '2026-12-10 18:00']],
      calls: [['todo', 'create_personal_todo', { PersonalTodoCreateVO: { subject: '修复登录页 bug', executorIds: ['u_701'], dueTime: beijing(2026, 12, 10, 18) } }]],
    });
  });

  it('20. u_801\'s direct manager, then a direct message to him: get_user_info_by_user_ids {user_id_list}; the message finds the manager\'s openDingTalkId by an exact userId match in search_contact_by_key_word {keyword}, then send_personal_message {msgType markdown, content {text, title: the first line} as JSON text, receiverOpenDingTalkId, clawType} (helpers/contact.go:635-667; shortcut/chat/unified_send.go:237-272, :480-560, :716-723)', async () => {
    const text = '明天的评审改到下午 3 点';
    await act({
      lines: [
        ['contact', 'user', 'get', '--ids', 'u_801'],
        ['chat', '+messages-send', '--user', 'u_900', '--text', text, '--yes'],
      ],
      answers: {
        'contact/get_user_info_by_user_ids': { success: true, result: [{ isAdmin: false, orgEmployeeModel: { orgUserId: 'u_801', orgMasterUserId: 'u_900', orgMasterDisplayName: '赵六' } }] },
        'contact/search_contact_by_key_word': { success: true, result: [
          { userId: 'u_9001', openDingTalkId: 'DBBBBBBBBBBBiE' },
          { userId: 'u_900', openDingTalkId: 'DAAAAAAAAAAAiE', name: '赵六' },
        ] },
      },
      calls: [
        ['contact', 'get_user_info_by_user_ids', { user_id_list: ['u_801'] }],
        ['contact', 'search_contact_by_key_word', { keyword: 'u_900' }],
        ['chat', 'send_personal_message', {
          msgType: 'markdown', content: JSON.stringify({ text, title: text }), receiverOpenDingTalkId: 'DAAAAAAAAAAAiE', clawType: 'openClaw',
        }],
      ],
    });
  });

  it('20 (help). the answer of `contact user get` carries the direct manager (upstream documents orgEmployeeModel.orgMasterUserId / orgMasterDisplayName, helpers/contact.go:638-650); before, neither its help nor search said so, and a manager question ranked it nowhere', () => {
    for (const canonical of ['contact.get_user_info_by_user_ids', 'contact.shortcut_lookup']) {
      const help = inspect(canonical);
      expect(help.description_en).toMatch(/direct manager/);
      expect(help.description_en).toMatch(/orgMasterUserId/);
      expect(help.description).toMatch(/直属主管/);
    }
    expect(inspect('contact.get_user_info_by_user_ids').agent_summary_en).toMatch(/direct manager/);
    // either command whose answer holds the manager: by userId, or by name (+lookup prints the same profile)
    const answering = ['contact.get_user_info_by_user_ids', 'contact.shortcut_lookup'];
    for (const query of ['同事的直属主管是谁', '查上级领导', "who is this person's manager", "find a colleague's direct manager"]) {
      expect(searched(query).slice(0, 3).filter((c) => answering.includes(c))).not.toEqual([]);
    }
  });
});
