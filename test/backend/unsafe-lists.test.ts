// The lists the unsafe-text check reads or skips, site by site (notes/h35-lists.md): upstream's validateCallArguments
// (internal/transport/client.go:394-402, :1093-1125@c7521c1c) reads the texts of a `[]any` and the values of a
// `map[string]any`, and nothing of a typed `[]string`, `[]map[string]any` or `map[string]string`. Each command is run
// as a user types it, against the recording backend, with U+FEFF (or U+200B) inside the value: a typed value is sent as
// it is (the step's typed_lists), the text elements of a top-level `[]any` are refused before anything is sent (the
// step's untyped_lists).
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { BUSY, useOutputRuns } from '../plan/output-runs.js';

const runs = useOutputRuns('dws-unsafe-lists-');

/** A run from a clean call record: exit code, reason, message and the calls sent as [tool, arguments]. */
async function run(argv: string[], answers: Record<string, unknown> = {}) {
  runs.mcp.calls.length = 0;
  for (const [key, body] of Object.entries(answers)) runs.mcp.answers[key] = () => body;
  const outcome = await dispatchInProcess(argv, runs.env());
  const calls = runs.mcp.calls.map((c) => [c.name, c.arguments] as [string, Record<string, unknown>]);
  return { exit: outcome.error?.exitCode ?? 0, reason: outcome.error?.reason, message: outcome.error?.message ?? '', calls };
}

/** The arguments of the one call to `tool` the run sent (the run succeeded). */
async function sentTo(tool: string, argv: string[], answers?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = await run(argv, answers);
  expect([r.exit, r.reason, r.message]).toEqual([0, undefined, '']);
  const calls = r.calls.filter(([name]) => name === tool);
  expect(calls).toHaveLength(1);
  return calls[0][1] as Record<string, unknown>;
}

/** A run refused by the transport's check: invalid_argument (exit 3), the message naming `name`, nothing sent. */
async function refused(argv: string[], name: string) {
  const r = await run(argv);
  expect([r.exit, r.reason, r.calls]).toEqual([3, 'invalid_argument', []]);
  expect(r.message.startsWith(`${name} contains invisible`), r.message).toBe(true);
}

const DAY = ['--start', '2026-01-01', '--end', '2026-01-02'];
const TIME = ['--start', '2026-01-01 00:00:00', '--end', '2026-01-02 00:00:00'];

describe('typed slices inside a request object are not read: the value is sent (typed_lists)', () => {
  it('todo task reset-reminder: reminderRules is a []map[string]any (parseTodoReminderRules todo.go:958-971, :1746@c7521c1c)', async () => {
    const args = await sentTo('reset_todo_reminder', ['todo', 'task', 'reset-reminder', '--task-id', 't1', '--reminder-rules', '[{"baseTime":"dueTime","dueDateOffset":-30,"note":"\ufeffx"}]', '--yes']);
    expect(args).toEqual({ todoReminderUpdateRequest: { taskId: 't1', reminderRules: [{ baseTime: 'dueTime', dueDateOffset: -30, note: '\ufeffx' }] } });
  });

  it('todo +assign, +assign-multi, +remind: executorIds is a []string of the resolved ids (smart/assign.go:79, assign_multi.go:105, :132, remind.go:90@c7521c1c)', async () => {
    const person = { 'contact/search_contact_by_key_word': { result: [{ name: '张三', userId: '\ufeffu1', openDingTalkId: 'od1' }] } };
    const assign = await sentTo('create_personal_todo', ['todo', '+assign', '--to', '张三', '--task', 'T', '--yes'], person);
    expect((assign.PersonalTodoCreateVO as { executorIds: unknown }).executorIds).toEqual(['\ufeffu1']);
    const multi = await sentTo('create_personal_todo', ['todo', '+assign-multi', '--to', '张三', '--task', 'T', '--yes'], person);
    expect((multi.PersonalTodoCreateVO as { executorIds: unknown }).executorIds).toEqual(['\ufeffu1']);
    const remind = await sentTo('create_personal_todo', ['todo', '+remind', '--task', 'T', '--yes'], { 'contact/get_current_user_profile': { result: { userId: '\ufeffu1' } } });
    expect((remind.PersonalTodoCreateVO as { executorIds: unknown }).executorIds).toEqual(['\ufeffu1']);
  });

  it('attendance schedule import: scheduleVOS is a []map[string]any (attendance.go:3811, :3851@c7521c1c)', async () => {
    const args = await sentTo('generateTurnSchedule', ['attendance', 'schedule', 'import', '--groupId', '5', '--scheduleVOS', '[{"userId":"\ufeffu1","workDate":"2026-01-01","classId":1,"isRest":"N"}]', '--user-say-yes']);
    expect((args.GenerateTurnScheduleRequest as { scheduleVOS: unknown }).scheduleVOS).toEqual([{ userId: '\ufeffu1', workDate: '2026-01-01 00:00:00', classId: 1, isRest: 'N' }]);
  });

  it('attendance shortcuts: the --users / --staff-ids lists are rt.StrSlice, a []string (shortcut/attendance/attendance.go:218, :278, :351, :469, :1546, :1901@c7521c1c)', async () => {
    const users = (request: string, key = 'userIds') => (a: Record<string, unknown>) => (a[request] as Record<string, unknown>)[key];
    const cases: [string, string[], (a: Record<string, unknown>) => unknown][] = [
      ['query_check_result', ['attendance', '+check-result', '--users', '\ufeffu1,u2', ...DAY], users('QueryCheckResultRequest')],
      ['query_check_record', ['attendance', '+check-record', '--users', '\ufeffu1,u2', ...DAY], users('QueryCheckRecordRequest')],
      ['query_user_approve', ['attendance', '+list-approve', '--users', '\ufeffu1,u2', '--types', 'leave', ...DAY], users('QueryUserApproveRequest')],
      ['getScheduleByRange', ['attendance', '+get-schedule', '--users', '\ufeffu1,u2', ...DAY], users('GetScheduleByRangeRequest', 'userIdList')],
      ['get_report_columns_value', ['attendance', '+query-report-data', '--users', '\ufeffu1,u2', '--columns', '1', ...TIME], users('McpQueryParam', 'targetUserIds')],
      ['get_checkin_record', ['attendance', '+get-checkin-record', '--staff-ids', '\ufeffu1,u2', '--operator-corp-id', 'c', '--operator-staff-id', 'o', ...TIME], users('QueryMcpUserRecordRequest', 'staffIds')],
    ];
    for (const [tool, argv, pick] of cases) expect(pick(await sentTo(tool, argv)), tool).toEqual(['\ufeffu1', 'u2']);
  });

  it('attendance +my-attendance, +this-month: userIds is []string{userID} (smart/my_attendance.go:105, this_month_attendance.go:105@c7521c1c)', async () => {
    const me = { 'contact/get_current_user_profile': { result: { userId: '\ufeffu1' } }, 'attendance-wukong/query_check_record': {} };
    for (const command of ['+my-attendance', '+this-month']) {
      const args = await sentTo('query_check_record', ['attendance', command], me);
      expect((args.QueryCheckRecordRequest as { userIds: unknown }).userIds, command).toEqual(['\ufeffu1']);
    }
  });
});

describe('typed slices and maps directly under the arguments are not read either: the value is sent (typed_lists)', () => {
  it('calendar attachment add: attachments is a []map[string]any (calendar.go:1466-1484@c7521c1c)', async () => {
    const args = await sentTo('add_attachments', ['calendar', 'attachment', 'add', '--event', 'E1', '--files', 'f1:\ufeffa.pdf', '--yes']);
    expect(args.attachments).toEqual([{ id: 'f1', name: '\ufeffa.pdf' }]);
  });

  it('contact user invite / user update / account update: depts decoded into a []map[string]any (contact.go:100-113, :250-255, :371-376, :1275-1291@c7521c1c)', async () => {
    const depts = '[{"deptId":1,"title":"\u200bx"}]';
    expect((await sentTo('add_employee', ['contact', 'user', 'invite', '--org-user-name', 'A', '--org-user-mobile', '13900139000', '--depts', depts, '--yes'])).depts).toEqual([{ deptId: 1, title: '\u200bx' }]);
    expect((await sentTo('employee_update', ['contact', 'user', 'update', '--user-id', 'u1', '--depts', depts, '--yes'])).depts).toEqual([{ deptId: 1, title: '\u200bx' }]);
    expect((await sentTo('exclusive_account_user_update', ['contact', 'account', 'update', '--user-id', 'u1', '--depts', depts, '--yes'])).depts).toEqual([{ deptId: 1, title: '\u200bx' }]);
  });

  it('chat group user-settings set: items decoded into a []map[string]any (chat.go:10427-10445@c7521c1c)', async () => {
    const args = await sentTo('batch_update_group_chat_settings', ['chat', 'group', 'user-settings', 'set', '--items', '[{"openConversationId":"cid1","remark":"\ufeffr"}]', '--yes']);
    expect(args.items).toEqual([{ openConversationId: 'cid1', remark: '\ufeffr' }]);
  });

  it('sheet set-dropdown: options decoded into a []map[string]any (sheet_dimension.go:855-871@c7521c1c)', async () => {
    const args = await sentTo('set_dropdown_lists', ['sheet', 'set-dropdown', '--node', 'n1', '--sheet-id', 's1', '--range', 'D2:D9', '--options', '[{"value":"\ufeff完成"}]', '--yes']);
    expect(args.options).toEqual([{ value: '\ufeff完成' }]);
  });

  it('aitable import data: fieldMapping decoded into a map[string]string (aitable.go:6696-6701@c7521c1c)', async () => {
    const args = await sentTo('import_data', ['aitable', 'import', 'data', '--import-id', 'imp1', '--field-mapping', '{"名称":"\ufeffName"}', '--yes']);
    expect(args.fieldMapping).toEqual({ 名称: '\ufeffName' });
  });
});

describe('a []any directly under the arguments is read, its texts too: refused before anything is sent (untyped_lists)', () => {
  it('hrbrain profile query --data-queries and search employees-structured --fields: json.Unmarshal into []any (hrbrain.go:299-309, :601-613@c7521c1c)', async () => {
    await refused(['hrbrain', 'profile', 'query', '--work-no', '074360', '--data-queries', '["\ufeffbasic"]'], 'dataQueries[0]');
    await refused(['hrbrain', 'search', 'employees-structured', '--origin-json', '{}', '--fields', '["name","\u200bdept"]'], 'fields[1]');
    // the same lists without the character are sent as they are
    expect((await sentTo('search_employees_structured', ['hrbrain', 'search', 'employees-structured', '--origin-json', '{}', '--fields', '["name","dept"]'])).fields).toEqual(['name', 'dept']);
  });

  it('sheet range sort --sort-keys: json.Unmarshal into []any (sheet_range_ops.go:391-395@c7521c1c)', async () => {
    await refused(['sheet', 'range', 'sort', '--node', 'n1', '--sheet-id', 's1', '--range', 'A1:B9', '--sort-keys', '["\ufeffA"]'], 'sortKeys[0]');
  });

  it('aitable --sub-roles (advperm role-create/update, +role-create/+role-update) and conditionalFormats: JSON decoded into any (aitable.go:4240-4252, :6450-6458, :6517-6525; shortcut/aitable/aitable.go:41-46, :1598-1606, :2814-2819, :2856-2861@c7521c1c)', async () => {
    const roles = ['--sub-roles', '["\ufefft1"]'];
    await refused(['aitable', 'advperm', 'role-create', '--base-id', 'b1', '--name', 'R', ...roles, '--yes'], 'subRoles[0]');
    await refused(['aitable', 'advperm', 'role-update', '--base-id', 'b1', '--role-id', 'r1', ...roles, '--yes'], 'subRoles[0]');
    await refused(['aitable', '+role-create', '--base-id', 'b1', '--name', 'R', ...roles, '--yes'], 'subRoles[0]');
    await refused(['aitable', '+role-update', '--base-id', 'b1', '--role-id', 'r1', ...roles, '--yes'], 'subRoles[0]');
    const view = ['--base-id', 'b1', '--table-id', 't1', '--view-id', 'v1', '--json', '["\ufeffx"]', '--yes'];
    await refused(['aitable', 'view', 'update', 'fill-color-rule', ...view], 'conditionalFormats[0]');
    await refused(['aitable', '+view-set-fill-color-rule', ...view], 'conditionalFormats[0]');
  });
});

describe('the second sweep (h35): sort, table specs', () => {
  it('aitable record query --sort: decoded into a typed []map[string]any, sent (aitable.go:2177-2189@c7521c1c); +record-query --sort: parseJSONAny, a []any whose texts are read (shortcut/aitable/aitable.go:720-725@c7521c1c)', async () => {
    const args = await sentTo('query_records', ['aitable', 'record', 'query', '--base-id', 'b1', '--table-id', 't1', '--sort', '[{"fieldId":"\ufefff","direction":"asc"}]']);
    expect(args.sort).toEqual([{ fieldId: '\ufefff', direction: 'asc' }]);
    await refused(['aitable', '+record-query', '--base-id', 'b1', '--table-id', 't1', '--sort', '["\ufefff"]'], 'sort[0]');
  });

  it('sheet table-put --sheets: parseTablePutSheets, a []any whose texts are read (sheet_table.go:195-218@c7521c1c)', async () => {
    await refused(['sheet', 'table-put', '--node', 'n1', '--sheets', '["\ufeffx"]'], 'sheets[0]');
  });

  it('sheet create-with-data --sheets: table_put gets the specs as a typed []map[string]any, sent (sheet_create_with_data.go:367, :278-281@c7521c1c)', async () => {
    const answers = { 'sheet/create_workspace_sheet': { result: { nodeId: 'n1' } }, 'sheet/get_all_sheets': { result: { sheets: [{ sheetId: 's0', name: 'S1' }] } },
      'sheet/get_range_as_csv': { result: { csv: 'a\n', hasMore: false }, success: true } };
    const args = await sentTo('table_put', ['sheet', 'create-with-data', '--name', 'N', '--sheets', '[{"name":"S1","columns":["\ufeffc"],"data":[["a"]]}]', '--yes'], answers);
    expect(args.sheets).toEqual([{ name: 'S1', columns: ['\ufeffc'], data: [['a']] }]);
  });

  it('aitable --records (record create/update/upsert) and --fields (table create, field create, form questions create): JSON decoded into []any, its texts read (aitable.go:966-977, :1594-1603, :1838-1899, :2310-2318, :2388-2396, :2765-2782, :4660@c7521c1c)', async () => {
    const at = ['--base-id', 'b1', '--table-id', 't1'];
    await refused(['aitable', 'record', 'create', ...at, '--records', '["\ufeffx"]', '--yes'], 'records[0]');
    await refused(['aitable', 'record', 'update', ...at, '--records', '["\ufeffx"]', '--yes'], 'records[0]');
    await refused(['aitable', 'record', 'upsert', ...at, '--records', '["\ufeffx"]', '--yes'], 'records[0]');
    await refused(['aitable', 'table', 'create', '--base-id', 'b1', '--name', 'N', '--fields', '["\u200bx"]', '--yes'], 'fields[0]');
    await refused(['aitable', 'field', 'create', ...at, '--fields', '["\u200bx"]', '--yes'], 'fields[0]');
    await refused(['aitable', 'form', 'questions', 'create', ...at, '--fields', '["\u200bx"]', '--yes'], 'fields[0]');
  });
});

describe('partial_outcome names what became of the step it stopped at (src/plan/executor.ts partial)', () => {
  // aitable +base-bootstrap: create_base and get_base, then create_table (base_composite.go:196-227@c7521c1c)
  const bootstrap = ['aitable', '+base-bootstrap', '--name', 'B', '--yes', '--tables'];
  // the created base named in create_base's answer and read back by get_base (an answer without one stops the run
  // after create_base, h45-a4's no_base_id)
  const base = { 'aitable/create_base': { result: { baseId: 'b1' } }, 'aitable/get_base': { result: { baseId: 'b1' } } };

  it('a call the transport refused before sending: "was refused and changed nothing"', async () => {
    const r = await run([...bootstrap, '[{"name":"T\ufeff"}]'], base);
    expect([r.exit, r.reason, r.calls.map(([tool]) => tool)]).toEqual([7, 'partial_outcome', ['create_base', 'get_base']]);
    expect(r.message).toContain('step "tables[0]" was refused and changed nothing (invalid_argument: ');
  });

  it('a call the backend answered with a failure: "failed", not "refused"', async () => {
    const r = await run([...bootstrap, '[{"name":"T"}]'], { ...base, 'aitable/create_table': BUSY });
    expect([r.exit, r.reason, r.calls.map(([tool]) => tool)]).toEqual([7, 'partial_outcome', ['create_base', 'get_base', 'create_table']]);
    expect(r.message).toMatch(/step "tables\[0\]" failed \((?!invalid_argument)[a-z_]+: /u);
    expect(r.message).not.toContain('refused');
  });
});
