// Agent test 20k (notes/agent-test-20k.md, notes/agent20k.md): the everyday requests, each run with the command lines the
// agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls asserted
// are written from the upstream command bodies at c7521c1c (the line named at each case), not from dws's output; where
// upstream prints a projection or adds to the answer, the printed result is asserted too. Request 9 also checks the
// --criteria help rewritten in this round, request 15 the availability hint room search now prints, request 16 the
// parent-id example.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { runCli } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { failure, act } = useOutputRuns('dws-agent20k-');

/** The canned answer of a call the printed result shows as it came. */
const ok = (result: unknown) => ({ success: true, result });
/** The fake server's echo answer: what a tool answers when no canned answer is set. */
const echo = (server: string, tool: string, args: Record<string, unknown>) => ({ server, tool, arguments: args });

// Room search prints its range on the process's wall clock (upstream time.Now().Location()): pin it for the file.
const savedTz = process.env.TZ;
beforeAll(() => { process.env.TZ = 'Asia/Shanghai'; });
afterAll(() => { if (savedTz === undefined) delete process.env.TZ; else process.env.TZ = savedTz; });

describe('agent test 20k: each request sends what upstream sends for the same flags', () => {
  it('1. a colleague\'s overtime hours in November: the report columns, then the column values of one user with the column id a number and the times as typed (helpers/attendance.go:3015-3022; shortcut/attendance/attendance.go:1522-1552)', async () => {
    await act({
      lines: [
        ['attendance', 'report', 'columns'],
        ['attendance', '+query-report-data', '--users', '0444555666', '--columns', '3001', '--start', '2026-11-01 00:00:00', '--end', '2026-11-30 23:59:59'],
      ],
      answers: { 'attendance-wukong/get_report_columns': ok({ columns: [{ id: 3001, name: '加班时长' }, { id: 3002, name: '出勤天数' }] }) },
      calls: [
        ['attendance-wukong', 'get_report_columns', {}],
        ['attendance-wukong', 'get_report_columns_value', { McpQueryParam: { targetUserIds: ['0444555666'], columnIds: [3001], fromDate: '2026-11-01 00:00:00', toDate: '2026-11-30 23:59:59' } }],
      ],
    });
  });

  it('2. an attendance group\'s members: the group id a number and all four parts named, only members true (helpers/attendance.go:1830-1848)', async () => {
    await act({
      lines: [['attendance', 'group', 'filtered-get', '--group-id', '880011', '--member']],
      calls: [['attendance-wukong', 'get_group_filtered_detail', { groupId: 880011, GroupResultFilter: { includeMember: true, includePosition: false, includeWifi: false, includeBles: false } }]],
    });
  });

  it('3. the reports I sent in November, 10 a page, page 2: two windows under the 20-day cap, cursor and size numbers, the times epoch milliseconds; an answer without report rows printed as it came (helpers/report.go:663-723, :799-823)', async () => {
    const printed = await act({
      lines: [
        ['report', 'outbox', 'list', '--start', '2026-11-01T00:00:00+08:00', '--end', '2026-11-20T23:59:59+08:00', '--size', '10', '--cursor', '10'],
        ['report', 'outbox', 'list', '--start', '2026-11-21T00:00:00+08:00', '--end', '2026-11-30T23:59:59+08:00', '--size', '10'],
      ],
      calls: [
        ['report', 'get_send_report_list', { cursor: 10, size: 10, startTime: Date.UTC(2026, 9, 31, 16), endTime: Date.UTC(2026, 10, 20, 15, 59, 59) }],
        ['report', 'get_send_report_list', { cursor: 0, size: 10, startTime: Date.UTC(2026, 10, 20, 16), endTime: Date.UTC(2026, 10, 30, 15, 59, 59) }],
      ],
    });
    expect(printed).toEqual(echo('report', 'get_send_report_list', { cursor: 0, size: 10, startTime: Date.UTC(2026, 10, 20, 16), endTime: Date.UTC(2026, 10, 30, 15, 59, 59) }));
  });

  it('4. a report template\'s fields: the template name sent as report_template_name (helpers/report.go:550-556)', async () => {
    await act({
      lines: [['report', 'template', 'get', '--name', 'Weekly report']],
      calls: [['report', 'get_template_details_by_name', { report_template_name: 'Weekly report' }]],
    });
  });

  it('5. a knowledge base\'s members and roles: maxResults a number, and each member projected to id, name, role, type and outer from their spellings (shortcut/wiki/wiki.go:200-219, common.go:157-163)', async () => {
    const printed = await act({
      lines: [['wiki', '+member-list', '--workspace', 'ws_9911', '--limit', '50']],
      answers: { 'wiki/list_member': ok({ members: [
        { userId: '0777888999', name: 'Zhou Min', role: 'MANAGER', type: 'USER', avatar: 'x' },
        { id: '0666777888', nick: 'Sun Li', roleId: 'EDITOR', type: 'USER', outer: false },
      ] }) },
      calls: [['wiki', 'list_member', { workspaceId: 'ws_9911', maxResults: 50 }]],
    });
    expect(printed).toEqual({ count: 2, members: [
      { id: '0777888999', name: 'Zhou Min', role: 'MANAGER', type: 'USER' },
      { id: '0666777888', name: 'Sun Li', role: 'EDITOR', type: 'USER', outer: false },
    ] });
  });

  it('6. a folder at the root of a knowledge base, then a doc in it: doc create_file with type folder, then type adoc (the default) and the new folder\'s node id (helpers/wiki.go:960-979, :1022)', async () => {
    await act({
      lines: [
        ['wiki', 'node', 'create', '--workspace', 'ws_9911', '--name', 'Runbooks', '--type', 'folder'],
        ['wiki', 'node', 'create', '--workspace', 'ws_9911', '--name', 'Database failover', '--folder', 'node_rb01'],
      ],
      answers: { 'doc/create_file': { pages: [ok({ nodeId: 'node_rb01', name: 'Runbooks' }), ok({ nodeId: 'node_df02', name: 'Database failover' })] } },
      calls: [
        ['doc', 'create_file', { workspaceId: 'ws_9911', name: 'Runbooks', type: 'folder' }],
        ['doc', 'create_file', { workspaceId: 'ws_9911', name: 'Database failover', type: 'adoc', folderId: 'node_rb01' }],
      ],
    });
  });

  it('7. a colleague\'s departments: the profile by userId, the id in a list (helpers/contact.go:655-669)', async () => {
    await act({
      lines: [['contact', 'user', 'get', '--ids', '0777888999']],
      calls: [['contact', 'get_user_info_by_user_ids', { user_id_list: ['0777888999'] }]],
    });
  });

  it('8. two formulas below a column: one CSV of two lines from C32, no overwrite key unless typed (helpers/sheet_data.go:300-340)', async () => {
    await act({
      lines: [['sheet', 'csv-put', '--node', 'wb_4Fm1ab', '--sheet-id', 'Sales', '--start-cell', 'C32', '--csv', '=AVERAGE(C2:C31)\n=MAX(C2:C31)']],
      calls: [['sheet', 'set_range_from_csv', { nodeId: 'wb_4Fm1ab', sheetId: 'Sales', csv: '=AVERAGE(C2:C31)\n=MAX(C2:C31)', startCell: 'C32' }]],
    });
  });

  it('9. a filter showing only one status: the criteria parsed into a list of per-column objects; the help now names the item shape, the column an offset from 0 (helpers/sheet_filter_view.go:229-249, :343)', async () => {
    await act({
      lines: [['sheet', 'filter', 'create', '--node', 'wb_4Fm1ab', '--sheet-id', 'Orders', '--range', 'A1:F200', '--criteria', '[{"column":3,"filterType":"values","visibleValues":["Open"]}]']],
      calls: [['sheet', 'create_filter', { nodeId: 'wb_4Fm1ab', sheetId: 'Orders', range: 'A1:F200', criteria: [{ column: 3, filterType: 'values', visibleValues: ['Open'] }] }]],
    });
    const help = await runCli(['sheet', 'filter', 'create', '--help']);
    expect(help.stdout).toContain('column is the column offset counted from 0');
    expect(help.stdout).toContain('{"column":3,"filterType":"values","visibleValues":["Done"]}');
    expect(help.stdout).toContain('"filterType":"condition","conditions":[{"operator":"greater","value":"100"}]');
  });

  it('10. a new grid view: view type and name, nothing else (helpers/aitable.go:3358-3381)', async () => {
    await act({
      lines: [['aitable', 'view', 'create', '--base-id', 'base_Ab12', '--table-id', 'tbl_Orders', '--view-type', 'Grid', '--name', 'Unpaid only']],
      calls: [['aitable', 'create_view', { baseId: 'base_Ab12', tableId: 'tbl_Orders', viewType: 'Grid', viewName: 'Unpaid only' }]],
    });
  });

  it('11. a base\'s dashboards: the sidebar tree of the base from the helper server (helpers/aitable.go:6973-6981)', async () => {
    await act({
      lines: [['aitable', 'section', 'list-nodes', '--base-id', 'base_Mn90']],
      calls: [['aitable-helper', 'list_nsheet_nodes', { baseId: 'base_Mn90' }]],
    });
  });

  it('12. my drafts, 20 of them: the folders, then the drafts folder by id as a folderId query with the size as text (helpers/mail.go:610-621, :388-403)', async () => {
    await act({
      lines: [
        ['mail', 'folder', 'list', '--email', 'wang.fang@example.com'],
        ['mail', 'message', 'list', '--email', 'wang.fang@example.com', '--folder-id', '3', '--limit', '20'],
      ],
      answers: { 'mail/list_folders': ok({ folders: [{ id: '2', name: 'Inbox' }, { id: '3', name: 'Drafts' }] }) },
      calls: [
        ['mail', 'list_folders', { email: 'wang.fang@example.com' }],
        ['mail', 'search_emails', { email: 'wang.fang@example.com', query: 'folderId:3', size: '20' }],
      ],
    });
  });

  it('13. a new mail folder at the top level: no parent key (helpers/mail.go:676-687)', async () => {
    await act({
      lines: [['mail', 'folder', 'create', '--email', 'wang.fang@example.com', '--name', 'Vendors']],
      calls: [['mail', 'create_mail_folder', { email: 'wang.fang@example.com', name: 'Vendors' }]],
    });
  });

  it('14. a fortnightly 1:1 until a date: the times as typed, the attendee list, and the recurrence pattern (interval a number, the weekday as text) with the end date in epoch milliseconds of its Beijing midnight (helpers/calendar.go:428-483, buildRecurrence :3071-3185; pkg/cmdutil/time.go:41-74)', async () => {
    await act({
      lines: [['calendar', 'event', 'create', '--title', '1:1 with Li Lei', '--start', '2026-12-09T16:00:00+08:00', '--end', '2026-12-09T16:30:00+08:00', '--attendees', '0987654321',
        '--recurrence-type', 'weekly', '--recurrence-interval', '2', '--recurrence-days-of-week', 'wednesday', '--recurrence-range-type', 'endDate', '--recurrence-end-date', '2027-03-31']],
      calls: [['calendar', 'create_calendar_event', {
        summary: '1:1 with Li Lei', startDateTime: '2026-12-09T16:00:00+08:00', endDateTime: '2026-12-09T16:30:00+08:00', attendees: ['0987654321'],
        recurrence: { pattern: { type: 'weekly', interval: 2, daysOfWeek: 'wednesday' }, range: { type: 'endDate', endDate: Date.UTC(2027, 2, 30, 16) } },
      }]],
    });
  });

  it('15. a free room in a New York hour: the slot in epoch milliseconds, and the answer printed with upstream\'s availability hint, its range on the local clock (helpers/calendar.go:1050-1118, callMeetingRoomSearchResult :2776-2815, attachRoomSearchRange :2821-2850)', async () => {
    const rooms = { rooms: [{ roomId: 'room_7F_b', roomName: '7F Bay', capacity: 8 }], total: 1 };
    const printed = await act({
      lines: [['calendar', 'room', 'search', '--start', '2026-12-10T09:00:00-05:00', '--end', '2026-12-10T10:00:00-05:00']],
      answers: { 'calendar/query_available_meeting_room': ok(rooms) },
      calls: [['calendar', 'query_available_meeting_room', { startTime: Date.UTC(2026, 11, 10, 14), endTime: Date.UTC(2026, 11, 10, 15) }]],
      // a day of the request's week: room search refuses an end in the past and moves a past start to now + 1 minute
      // (helpers/calendar.go:1069-1098@c7521c1c); unpinned, this failed from 2026-12-10 14:00 UTC on
      now: new Date(Date.UTC(2026, 11, 7, 2)),
    });
    expect(printed).toEqual({ success: true, result: { ...rooms, hint: {
      searchMode: 'availability',
      hint: '本次为按时间段搜索可用会议室，仅返回指定时间范围内可预定的会议室。',
      searchRange: { startTime: '2026-12-10T22:00:00+08:00', endTime: '2026-12-10T23:00:00+08:00', hint: '本次查询范围由调用方显式指定。' },
    } } });
  });

  it('15b. an answer without a result object gets the hint at its top; a start left out is now + 1 minute and the hint says so (calendar.go:1077-1078, :2797-2801, :2832-2833)', async () => {
    const printed = await act({
      lines: [['calendar', 'room', 'search', '--end', '2099-01-05T11:00:00+08:00']],
      calls: [['calendar', 'query_available_meeting_room', expect.objectContaining({ endTime: Date.UTC(2099, 0, 5, 3) }) as never]],
    }) as { arguments: { startTime: number }; hint: unknown };
    expect(Math.abs(printed.arguments.startTime - Date.now() - 60_000)).toBeLessThan(30_000);
    expect(printed.hint).toEqual({
      searchMode: 'availability',
      hint: '本次为按时间段搜索可用会议室，仅返回指定时间范围内可预定的会议室。',
      searchRange: { startTime: applyTransforms(['ms_to_local_rfc3339'], printed.arguments.startTime, '--x', { env: {} }), endTime: '2099-01-05T11:00:00+08:00', hint: '未显式指定 --start，已默认使用 当前时间+1分钟（CLI 本地时区）。' },
    });
  });

  it('16. two subtasks of a to-do: my userId first, then one create_personal_sub_todo each with the parent id as text (helpers/contact.go:470-471; helpers/todo.go:176-215)', async () => {
    await act({
      lines: [
        ['contact', 'user', 'get-self'],
        ['todo', 'task', 'create-sub', '--parent-id', '5501', '--title', 'Draft slides', '--executors', '0111222333'],
        ['todo', 'task', 'create-sub', '--parent-id', '5501', '--title', 'Book room', '--executors', '0111222333'],
      ],
      answers: { 'contact/get_current_user_profile': ok({ userId: '0111222333', name: 'Wang Fang' }) },
      calls: [
        ['contact', 'get_current_user_profile', {}],
        ['todo', 'create_personal_sub_todo', { PersonalTodoCreateVO: { subject: 'Draft slides', executorIds: ['0111222333'], parentId: '5501' } }],
        ['todo', 'create_personal_sub_todo', { PersonalTodoCreateVO: { subject: 'Book room', executorIds: ['0111222333'], parentId: '5501' } }],
      ],
    });
  });

  it('16b. a parent id that is not all digits is refused before any call, as upstream; the help\'s example is now digits (helpers/todo.go:183-190)', async () => {
    const { reason, out } = await failure(['todo', 'task', 'create-sub', '--parent-id', 'task_5501', '--title', 'Draft slides', '--executors', '0111222333']);
    expect({ reason, out }).toEqual({ reason: 'invalid_parameter', out: '' });
    const help = await runCli(['todo', 'task', 'create-sub', '--help']);
    expect(help.stdout).toContain('--parent-id <string>  (required; e.g. 10001)');
  });

  it('17. a to-do\'s comments: page and size as text, and each comment projected to commentId, content, creatorId and createTime from their spellings (shortcut/todo/todo.go:432-560)', async () => {
    const printed = await act({
      lines: [['todo', '+list-comment', '--task-id', 'task_5501']],
      answers: { 'todo/list_todo_comment': ok({ list: [
        { commentId: 'cm_1', content: 'Slides v1 uploaded', creatorId: '0111222333', createTime: 1796200000000, likes: 2 },
        { id: 'cm_2', text: 'Room 7F booked', userId: '0987654321' },
      ] }) },
      calls: [['todo', 'list_todo_comment', { taskId: 'task_5501', page: '1', pageSize: '20' }]],
    });
    expect(printed).toEqual({ count: 2, comments: [
      { commentId: 'cm_1', content: 'Slides v1 uploaded', creatorId: '0111222333', createTime: 1796200000000 },
      { commentId: 'cm_2', content: 'Room 7F booked', creatorId: '0987654321' },
    ] });
  });

  it('18. who confirmed my DING: the openDingId on the im server (helpers/ding.go:205-216)', async () => {
    await act({
      lines: [['ding', '+receiver-status', '--ding-id', 'ding_5a5a77']],
      calls: [['im', 'list_ding_receiver_status', { openDingId: 'ding_5a5a77' }]],
    });
  });

  it('19. minutes shared with me, 20 a page, page 2: belonging shared, maxResults a number, the cursor as nextToken; each page printed as count and minutes only, no cursor (shortcut/minutes/minutes.go:162-196, minutesdata/response.go:214-231)', async () => {
    const page = ok({ list: [{ taskUuid: 'mt_21aa', title: 'Vendor sync', creatorName: 'Li Lei', startTime: 1796100000000, shareUrl: 'https://example.invalid/m/21aa', extra: 1 }], nextToken: 'tok_p3', hasMore: true });
    const printed = await act({
      lines: [
        ['minutes', '+list-shared', '--limit', '20'],
        ['minutes', '+list-shared', '--limit', '20', '--cursor', 'tok_p2'],
      ],
      answers: { 'minutes/list_by_keyword_and_time_range': page },
      calls: [
        ['minutes', 'list_by_keyword_and_time_range', { belongingConditionId: 'shared', maxResults: 20 }],
        ['minutes', 'list_by_keyword_and_time_range', { belongingConditionId: 'shared', maxResults: 20, nextToken: 'tok_p2' }],
      ],
    });
    expect(printed).toEqual({ count: 1, minutes: [{ taskUuid: 'mt_21aa', title: 'Vendor sync', creator: 'Li Lei', startTime: 1796100000000, url: 'https://example.invalid/m/21aa' }] });
  });

  it('20. a bot\'s direct message to two people: the bot server\'s batch send with msgType sampleMarkdownDX, title, markdown and the userId list (helpers/chat.go:3591-3610)', async () => {
    await act({
      lines: [['chat', 'message', 'send-by-bot', '--robot-code', 'dingrobot_ops01', '--users', '0123456789,0987654321', '--title', 'VPN certificate', '--text', 'Your VPN certificate expires on 2026-12-15, please renew.']],
      calls: [['bot', 'batch_send_robot_msg_to_users', { robotCode: 'dingrobot_ops01', msgType: 'sampleMarkdownDX', title: 'VPN certificate', markdown: 'Your VPN certificate expires on 2026-12-15, please renew.', userIds: ['0123456789', '0987654321'] }]],
    });
  });
});

describe('transform ms_to_local_rfc3339', () => {
  const apply = (v: unknown) => applyTransforms(['ms_to_local_rfc3339'], v, '--x', { env: {} });

  it('writes whole seconds on the process\'s wall clock with its offset, which parses back to the same second', () => {
    expect(apply(Date.UTC(2026, 11, 10, 14, 0, 0, 999))).toBe('2026-12-10T22:00:00+08:00');
    fc.assert(fc.property(fc.integer({ min: 0, max: 253402128000000 }), (ms) => {
      const text = apply(ms) as string;
      expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/u);
      expect(Date.parse(text)).toBe(Math.floor(ms / 1000) * 1000);
    }));
  });

  it('refuses what is not a number of milliseconds within int64 (h55-left: 9e15 is formatted, as Go does)', () => {
    for (const bad of ['1796911200000', null, Number.NaN, 2 ** 63]) expect(() => apply(bad)).toThrow();
  });
});
