// Agent test 20p (notes/agent-test-20p.md, notes/agent20p.md): the everyday requests, each run with the command lines the
// agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls asserted
// are written from the upstream command bodies at c7521c1c (the lines named at each case), not from dws's output; where
// upstream projects the answer, the printed result is asserted too. Requests 3, 5, 8, 18 and 20 also check the help and
// search text rewritten in this round (it misled the agent or left it guessing).
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, runCli } from '../helpers.js';
import { beijing, useOutputRuns } from './output-runs.js';

const { mcp, act, sent, env } = useOutputRuns('dws-agent20p-');

/** A command's compact Inspect entry. */
function inspect(canonical: string): {
  description_en: string; description: string; avoid_when_en: string[];
  parameters: Record<string, { description_en?: string; description?: string }>;
} {
  const r = runCli(['schema', canonical, '--compact']);
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as ReturnType<typeof inspect>;
}

/** The search answer's flags for a request as typed (weak_match and its hint). */
function searchFlags(query: string): { weak_match?: boolean; hint?: string } {
  const r = runCli(['schema', 'search', '--query', query]);
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as { weak_match?: boolean; hint?: string };
}

describe('agent test 20p: each request sends what upstream sends for the same flags', () => {
  it('1. append a section to a doc: update_document {nodeId, markdown, mode "append"}, --doc and --text trimmed (rt.Str); confirmation first (shortcut/smart/doc_append.go:83-100; shortcut/runner.go:52-55)', async () => {
    const text = '## Risks\n- vendor delay\n- budget cut';
    const unconfirmed = await sent(['doc', '+doc-append', '--doc', 'doc_Pl88', '--text', text]);
    expect([unconfirmed.reason, unconfirmed.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [['doc', '+doc-append', '--doc', 'doc_Pl88', '--text', text, '--yes'], ['doc', '+doc-append', '--doc', ' doc_Pl88 ', '--text', ' a ', '--yes']],
      calls: [
        ['doc', 'update_document', { nodeId: 'doc_Pl88', markdown: text, mode: 'append' }],
        ['doc', 'update_document', { nodeId: 'doc_Pl88', markdown: 'a', mode: 'append' }],
      ],
    });
  });

  it('2. comment on a doc: doc-comment create_comment {nodeId, content} as typed; mentions trimmed lists, groups de-duplicated (helpers/doc.go:3123-3146, :5053-5063, :5104-5113)', async () => {
    await act({
      lines: [
        ['doc', 'comment', 'create', '--node', 'doc_Pl88', '--content', 'Please double-check these numbers'],
        ['doc', 'comment', 'create', '--node', ' doc_Pl88 ', '--content', ' hi ', '--mention', ' 0111, ,0222 ',
          '--mentioned-open-conversation-id', 'cidA, cidB', '--mentioned-open-conversation-id', 'cidA'],
      ],
      calls: [
        ['doc-comment', 'create_comment', { nodeId: 'doc_Pl88', content: 'Please double-check these numbers' }],
        ['doc-comment', 'create_comment', { nodeId: ' doc_Pl88 ', content: ' hi ', mentionedUserIds: ['0111', '0222'], mentionedOpenConversationIds: ['cidA', 'cidB'] }],
      ],
    });
  });

  it('3. a range of a named sheet: get_cell_infos {nodeId, range, sheetId: the name}; +read prints the answer untouched while sheet range read drops the empty shells, and the help now says so (shortcut/sheet/sheet.go:198-210; helpers/sheet_info.go:135-185)', async () => {
    await act({
      lines: [['sheet', '+read', '--node', 'node_Fin01', '--sheet-id', 'Q4 Budget', '--range', 'B2:E15']],
      calls: [['sheet', 'get_cell_infos', { nodeId: 'node_Fin01', sheetId: 'Q4 Budget', range: 'B2:E15' }]],
    });
    const answer = { cells: [[{ value: 'Q1', dataValidation: { type: null }, hyperlink: null }, { value: 12.5 }]], range: 'B2:C2' };
    mcp.answers['sheet/get_cell_infos'] = () => answer;
    const shortcut = await sent(['sheet', '+read', '--node', 'node_Fin01', '--sheet-id', 'st_1', '--range', 'B2:C2']);
    expect(shortcut.printed).toEqual(answer);
    const atomic = await sent(['sheet', 'range', 'read', '--node', 'node_Fin01', '--sheet-id', 'st_1', '--range', 'B2:C2']);
    expect(atomic.printed).toEqual({ cells: [[{ value: 'Q1' }, { value: 12.5 }]], range: 'B2:C2' });
    expect(atomic.calls).toEqual(shortcut.calls);
    const help = inspect('sheet.shortcut_read');
    expect(help.description_en).not.toMatch(/leaner than the atomic/);
    expect(help.description_en).toMatch(/prints the server's answer untouched/);
    expect(help.avoid_when_en.join(' ')).toMatch(/without the empty validation and hyperlink placeholders, use `dws sheet range read`/);
  });

  it('4. a header row into A1:C1: set_cell_range {nodeId, sheetId, rangeAddress, cells} with the cell objects as typed; bare values and null refused before any call (helpers/sheet_range_ops.go:218-257)', async () => {
    const cells = [[{ type: 'text', text: 'Name' }, { type: 'text', text: 'Owner' }, { type: 'text', text: 'Due' }]];
    await act({
      lines: [['sheet', 'range', 'update', '--node', 'node_Fin01', '--sheet-id', 'st_Q4', '--range', 'A1:C1', '--values', JSON.stringify(cells)]],
      calls: [['sheet', 'set_cell_range', { nodeId: 'node_Fin01', sheetId: 'st_Q4', rangeAddress: 'A1:C1', cells }]],
    });
    for (const bad of ['[["Name","Owner"]]', '[[null]]', '[[{"type":"number","text":"1"}]]']) {
      const run = await sent(['sheet', 'range', 'update', '--node', 'node_Fin01', '--sheet-id', 'st_Q4', '--range', 'A1:B1', '--values', bad]);
      expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
    }
  });

  it('5. row 1 bold on yellow: the style flags expanded over the range shape into cellStyles; a whole-row "1:1" refused as upstream parseA1Range; --font-line takes none, underline or line-through and the help now names exactly those (helpers/sheet_style.go:23-73, :278-404, :525-545)', async () => {
    const styled = { cellStyles: { backgroundColor: '#FFFF00', fontWeight: 'bold' } };
    await act({
      lines: [['sheet', 'range', 'set-style', '--node', 'node_Fin01', '--sheet-id', 'st_Q4', '--range', 'A1:C1', '--font-weight', 'bold', '--bg-color', '#FFFF00']],
      calls: [['sheet', 'set_cell_range', { nodeId: 'node_Fin01', sheetId: 'st_Q4', rangeAddress: 'A1:C1', cells: [[styled, styled, styled]] }]],
    });
    const row = await sent(['sheet', 'range', 'set-style', '--node', 'node_Fin01', '--sheet-id', 'st_Q4', '--range', '1:1', '--font-weight', 'bold']);
    expect([row.reason, row.calls]).toEqual(['invalid_parameter', []]);
    const strike = await sent(['sheet', 'range', 'set-style', '--node', 'node_Fin01', '--sheet-id', 'st_Q4', '--range', 'A1', '--font-line', 'strikethrough']);
    expect([strike.reason, strike.calls]).toEqual(['invalid_parameter', []]);
    const through = await sent(['sheet', 'range', 'set-style', '--node', 'node_Fin01', '--sheet-id', 'st_Q4', '--range', 'A1', '--font-line', 'line-through']);
    expect(through.calls).toEqual([['sheet/set_cell_range', { nodeId: 'node_Fin01', sheetId: 'st_Q4', rangeAddress: 'A1', cells: [[{ cellStyles: { textUnderline: false, textLineThrough: true } }]] }]]);
    for (const canonical of ['sheet.range_set_style', 'sheet.range_batch_set_style']) {
      const line = inspect(canonical).parameters['font-line'].description_en ?? '';
      expect(line).not.toMatch(/such as underline or strikethrough/);
      expect(line).toMatch(/none .*underline or line-through/);
    }
  });

  it('6. rename a field: update_field {baseId, tableId, fieldId, newFieldName} untrimmed; --config through jsonStringToMap (helpers/aitable.go:1944-1977; attendance.go:21-27)', async () => {
    await act({
      lines: [
        ['aitable', 'field', 'update', '--base-id', 'base_CRM', '--table-id', 'tbl_Deals', '--field-id', 'fld_Stg', '--name', 'Pipeline stage', '--yes'],
        ['aitable', 'field', 'update', '--base-id', 'base_CRM', '--table-id', 'tbl_Deals', '--field-id', 'fld_Stg', '--name', ' P ', '--config', 'notjson', '--yes'],
        ['aitable', 'field', 'update', '--base-id', 'base_CRM', '--table-id', 'tbl_Deals', '--field-id', 'fld_Stg', '--config', 'null', '--yes'],
      ],
      calls: [
        ['aitable', 'update_field', { baseId: 'base_CRM', tableId: 'tbl_Deals', fieldId: 'fld_Stg', newFieldName: 'Pipeline stage' }],
        ['aitable', 'update_field', { baseId: 'base_CRM', tableId: 'tbl_Deals', fieldId: 'fld_Stg', newFieldName: ' P ', config: 'notjson' }],
        ['aitable', 'update_field', { baseId: 'base_CRM', tableId: 'tbl_Deals', fieldId: 'fld_Stg', config: null }],
      ],
    });
  });

  it('7. list views, add a grid view (2 steps): get_views {baseId, tableId}, viewIds by parseCSVValues; create_view {baseId, tableId, viewType, viewName} (helpers/aitable.go:3040-3056, :3356-3381; contact.go:20-45)', async () => {
    await act({
      lines: [
        ['aitable', 'view', 'list', '--base-id', 'base_CRM', '--table-id', 'tbl_Deals'],
        ['aitable', 'view', 'list', '--base-id', 'base_CRM', '--table-id', 'tbl_Deals', '--view-ids', ' v1, ,v2,v1 '],
        ['aitable', 'view', 'create', '--base-id', 'base_CRM', '--table-id', 'tbl_Deals', '--view-type', 'Grid', '--name', 'Won this quarter'],
      ],
      calls: [
        ['aitable', 'get_views', { baseId: 'base_CRM', tableId: 'tbl_Deals' }],
        ['aitable', 'get_views', { baseId: 'base_CRM', tableId: 'tbl_Deals', viewIds: ['v1', 'v2', 'v1'] }],
        ['aitable', 'create_view', { baseId: 'base_CRM', tableId: 'tbl_Deals', viewType: 'Grid', viewName: 'Won this quarter' }],
      ],
    });
  });

  it('8. my drafts, delete one (3 steps): folders, then the drafts folder as search_emails {query "folderId:5", size "20"}, then batch_delete_message ids by parseRecipients; the help now names the system folder numbers (helpers/mail.go:368-403, :600-621, :1641-1658, :2105, :4202-4212)', async () => {
    await act({
      lines: [
        ['mail', 'folder', 'list', '--email', 'me@corp.com'],
        ['mail', 'message', 'list', '--email', 'me@corp.com', '--folder-id', '5'],
        ['mail', 'message', 'batch-delete', '--email', 'me@corp.com', '--ids', 'draft_Oo1'],
        ['mail', 'message', 'batch-delete', '--email', 'me@corp.com', '--ids', ' a ; b, ,c,a'],
      ],
      calls: [
        ['mail', 'list_folders', { email: 'me@corp.com' }],
        ['mail', 'search_emails', { email: 'me@corp.com', query: 'folderId:5', size: '20' }],
        ['mail', 'batch_delete_message', { email: 'me@corp.com', ids: ['draft_Oo1'] }],
        ['mail', 'batch_delete_message', { email: 'me@corp.com', ids: ['a ; b', 'c', 'a'] }],
      ],
    });
    const help = inspect('mail.list_emails');
    expect(help.description_en).toMatch(/1 sent, 2 inbox, 3 junk, 5 drafts, 6 deleted/);
    expect(help.parameters['folder-id'].description_en).toMatch(/5 drafts/);
  });

  it('9. a mail folder, move a message into it (2 steps): create_mail_folder {email, name[, folder]} untrimmed; batch_move_message {email, ids, destinationFolderId} (helpers/mail.go:676-687, :1600-1608)', async () => {
    await act({
      lines: [
        ['mail', 'folder', 'create', '--email', 'me@corp.com', '--name', 'Vendors'],
        ['mail', 'folder', 'create', '--email', 'me@corp.com', '--name', ' Vendors ', '--folder', '2'],
        ['mail', 'message', 'batch-move', '--email', 'me@corp.com', '--ids', 'msg_V12', '--folder', 'fld_Vnd01'],
      ],
      calls: [
        ['mail', 'create_mail_folder', { email: 'me@corp.com', name: 'Vendors' }],
        ['mail', 'create_mail_folder', { email: 'me@corp.com', name: ' Vendors ', folder: '2' }],
        ['mail', 'batch_move_message', { email: 'me@corp.com', ids: ['msg_V12'], destinationFolderId: 'fld_Vnd01' }],
      ],
    });
  });

  it('10. a department by name, its members: search_dept_by_keyword {query trimmed}, the one deptId as decimal text; deptId read as upstream deptMembersExtractDepts (float truncated, text parsed, first non-null key, duplicates once) (shortcut/smart/dept_members.go:85-238)', async () => {
    const pages = [
      { result: [{ deptId: 4455001, deptName: '<red>Platform Engineering</red>' }] },
      { result: [{ deptId: '1.5' }, { deptId: 7.9, deptName: 'Seven' }] },
      { deptList: [{ deptId: null, dept_id: 88 }], items: [{ id: 88, name: 'dup' }] },
      { deptId: 99, deptName: 'self' },
      { result: [{ deptId: ' 42 ' }] },
      { result: [{ deptId: true }, { id: 5 }] },
    ];
    const expected = ['4455001', '7', '88', '99', '42', '5'];
    // `sent` clears the call record, so the page is chosen by this test's own count
    let page = 0;
    mcp.answers['contact/search_dept_by_keyword'] = () => pages[page++];
    for (const deptId of expected) {
      const run = await sent(['contact', '+dept-members', '--dept', ' Platform Engineering ']);
      expect(run.calls).toEqual([
        ['contact/search_dept_by_keyword', { query: 'Platform Engineering' }],
        ['contact/get_dept_members_by_deptId', { deptIds: [deptId] }],
      ]);
    }
    mcp.answers['contact/search_dept_by_keyword'] = () => ({ result: [{ deptId: 1, deptName: 'A' }], data: [{ dept_id: '2', name: 'B' }] });
    const two = await sent(['contact', '+dept-members', '--dept', 'Platform Engineering']);
    expect([two.reason, two.calls.length]).toEqual(['ambiguous_match', 1]);
  });

  it('11. a colleague by name: search_contact_by_key_word {keyword trimmed}, then get_user_info_by_user_ids {user_id_list}; two people stay ambiguous even when one has the exact name (shortcut/smart/lookup.go:66-76; targetresolver/resolver.go:101-117, :450-466, :760-800, :860-869)', async () => {
    mcp.answers['contact/search_contact_by_key_word'] = (_args, n) => [
      { result: [{ userId: '0777', name: 'Chen Jing' }], hasMore: false },
      { result: [{ meta: { staffId: ' 0888 ', name: 'Chen Jing' }, userId: '' }] },
    ][n];
    await act({
      lines: [['contact', '+lookup', '--name', ' Chen Jing '], ['contact', '+lookup', '--name', 'Chen Jing']],
      calls: [
        ['contact', 'search_contact_by_key_word', { keyword: 'Chen Jing' }],
        ['contact', 'get_user_info_by_user_ids', { user_id_list: ['0777'] }],
        ['contact', 'search_contact_by_key_word', { keyword: 'Chen Jing' }],
        ['contact', 'get_user_info_by_user_ids', { user_id_list: ['0888'] }],
      ],
    });
    mcp.answers['contact/search_contact_by_key_word'] = () => ({ result: [{ userId: '0777', name: 'Chen Jing' }, { userId: '0778', name: 'Chen Jingyi' }], hasMore: false });
    const two = await sent(['contact', '+lookup', '--name', 'Chen Jing']);
    expect([two.reason, two.calls.length]).toEqual(['ambiguous_match', 1]);
  });

  it('12. my attendance approvals, 30 Nov - 4 Dec: query_user_approve {QueryUserApproveRequest: {userIds, bizTypes numbers, fromDate, toDate "yyyy-MM-dd 00:00:00"}} (helpers/attendance.go:790-807, :843-889)', async () => {
    await act({
      lines: [
        ['attendance', 'approve', 'list', '--users', '0123456', '--types', 'leave,trip,overtime', '--start', '2026-11-30', '--end', '2026-12-04'],
        ['attendance', 'approve', 'list', '--users', ' 0123456 , ,0999', '--types', ' Leave , 外出,leave,,patch', '--start', '2026-11-30', '--end', '2026-12-04'],
      ],
      calls: [
        ['attendance-wukong', 'query_user_approve', { QueryUserApproveRequest: { userIds: ['0123456'], bizTypes: [3, 2, 1], fromDate: '2026-11-30 00:00:00', toDate: '2026-12-04 00:00:00' } }],
        ['attendance-wukong', 'query_user_approve', { QueryUserApproveRequest: { userIds: ['0123456', '0999'], bizTypes: [3, 2, 3, 4], fromDate: '2026-11-30 00:00:00', toDate: '2026-12-04 00:00:00' } }],
      ],
    });
  });

  it('13. who has not read my DING: list_ding_receiver_status {openDingId} trimmed (shortcut/ding/ding.go:102-106)', async () => {
    await act({
      lines: [['ding', '+receiver-status', '--ding-id', ' ding_Rd55 ']],
      calls: [['im', 'list_ding_receiver_status', { openDingId: 'ding_Rd55' }]],
    });
  });

  it('14. a to-do due next Wednesday 18:00 with two subtasks (3 steps): dueTime Beijing epoch ms; create_personal_sub_todo with parentId the numeric text (helpers/todo.go:87-121, :170-216, :1871-1884; pkg/cmdutil/time.go:41-74)', async () => {
    await act({
      lines: [
        ['todo', 'task', 'create', '--title', 'Prepare board deck', '--executors', '0123456', '--due', '2026-12-09 18:00'],
        ['todo', 'task', 'create-sub', '--parent-id', '88001', '--title', 'Collect numbers', '--executors', '0123456'],
        ['todo', 'task', 'create-sub', '--parent-id', '88001', '--title', 'Draft slides', '--executors', ' 0123456, ,0777'],
      ],
      calls: [
        ['todo', 'create_personal_todo', { PersonalTodoCreateVO: { subject: 'Prepare board deck', executorIds: ['0123456'], dueTime: beijing(2026, 12, 9, 18) } }],
        ['todo', 'create_personal_sub_todo', { PersonalTodoCreateVO: { subject: 'Collect numbers', executorIds: ['0123456'], parentId: '88001' } }],
        ['todo', 'create_personal_sub_todo', { PersonalTodoCreateVO: { subject: 'Draft slides', executorIds: ['0123456', '0777'], parentId: '88001' } }],
      ],
    });
    const named = await sent(['todo', 'task', 'create-sub', '--parent-id', 'task_88001', '--title', 'x', '--executors', '0123456']);
    expect([named.reason, named.calls]).toEqual(['invalid_parameter', []]);
  });

  it('15. a reminder on Tuesday 09:30: add_todo_reminder {todoReminderAddRequest: {taskId, baseTime, dueDateOffset null, reminderTimeStamp ms}}; dueTime sends the offset as trimmed text; the help now says a reminder cannot be read back (helpers/todo.go:853-897, :1721-1735)', async () => {
    await act({
      lines: [
        ['todo', 'task', 'add-reminder', '--task-id', 'task_R77', '--base-time', 'customTime', '--reminder-time-stamp', '2026-12-08 09:30'],
        ['todo', 'task', 'add-reminder', '--task-id', 'task_R77', '--base-time', 'dueTime', '--due-date-offset', ' -30 '],
      ],
      calls: [
        ['todo', 'add_todo_reminder', { todoReminderAddRequest: { taskId: 'task_R77', baseTime: 'customTime', dueDateOffset: null, reminderTimeStamp: beijing(2026, 12, 8, 9, 30) } }],
        ['todo', 'add_todo_reminder', { todoReminderAddRequest: { taskId: 'task_R77', baseTime: 'dueTime', dueDateOffset: '-30', reminderTimeStamp: null } }],
      ],
    });
    // upstream's own text (helpers/todo.go:855-859, :1732): no read-back of reminder rules, and dueTime needs a due time
    const help = inspect('todo.add_todo_reminder').description_en;
    expect(help).toMatch(/cannot be read back/);
    expect(help).toMatch(/dueTime needs a due time already set/);
  });

  it('16. a common free hour next Monday afternoon: list_suggested_event_times {start, end as typed, attendeeUserIds, durationMinutes as text} (helpers/calendar.go:684-702)', async () => {
    await act({
      lines: [
        ['calendar', 'event', 'suggest', '--users', '0123456,0111222,0333444', '--duration', '60', '--start', '2026-12-07T13:00:00+08:00', '--end', '2026-12-07T18:00:00+08:00'],
        ['calendar', 'event', 'suggest', '--users', '["0123456", "0111222"]', '--duration', '1h'],
      ],
      calls: [
        ['calendar', 'list_suggested_event_times', { start: '2026-12-07T13:00:00+08:00', end: '2026-12-07T18:00:00+08:00', attendeeUserIds: ['0123456', '0111222', '0333444'], durationMinutes: '60' }],
        ['calendar', 'list_suggested_event_times', { attendeeUserIds: ['0123456', '0111222'], durationMinutes: '1h' }],
      ],
    });
  });

  it('17. free rooms next Tuesday 10-11 London time: query_available_meeting_room {startTime, endTime epoch ms}; the answer gets the availability hint and the searched range (helpers/calendar.go:1072-1132, :2777-2852)', async () => {
    mcp.calls.length = 0;
    mcp.answers['calendar/query_available_meeting_room'] = () => ({ result: { rooms: [{ roomId: 'room_5A', roomName: '5A' }] } });
    // the clock is fixed on the day the request was made, so "next Tuesday" stays in the future
    const outcome = await dispatchInProcess(['calendar', 'room', 'search', '--start', '2026-12-08T10:00:00+00:00', '--end', '2026-12-08T11:00:00+00:00'],
      env(), undefined, { now: () => new Date(Date.UTC(2026, 11, 5, 9)) });
    expect(outcome.error?.envelope()).toBeUndefined();
    expect(mcp.calls.map((c) => [c.server, c.name, c.arguments])).toEqual([
      ['calendar', 'query_available_meeting_room', { startTime: Date.UTC(2026, 11, 8, 10), endTime: Date.UTC(2026, 11, 8, 11) }],
    ]);
    const printed = (JSON.parse(outcome.out) as { result: { result: { rooms: unknown[]; hint: { searchMode: string; searchRange: { startTime: string; endTime: string } } } } }).result;
    expect(printed.result.rooms).toEqual([{ roomId: 'room_5A', roomName: '5A' }]);
    expect(printed.result.hint.searchMode).toBe('availability');
    expect([Date.parse(printed.result.hint.searchRange.startTime), Date.parse(printed.result.hint.searchRange.endTime)]).toEqual([Date.UTC(2026, 11, 8, 10), Date.UTC(2026, 11, 8, 11)]);
  });

  it('18. a "video meeting" at 15:00 Tokyo time: no video-meeting command (upstream\'s conference product is offline and points to calendar event create), so search now flags the gap; the event itself as typed (helpers/conference.go:27-40; helpers/calendar.go:428-483)', async () => {
    for (const query of ['schedule a video meeting with two people', '安排一个视频会议']) {
      const flags = searchFlags(query);
      expect(flags.weak_match).toBe(true);
      expect(flags.hint).toMatch(/Known gap \(calendar\)/);
    }
    await act({
      lines: [['calendar', 'event', 'create', '--title', 'Design review', '--start', '2026-12-09T15:00:00+09:00', '--end', '2026-12-09T15:30:00+09:00', '--timezone', 'Asia/Tokyo', '--attendees', '0223344,0556677']],
      calls: [['calendar', 'create_calendar_event', { summary: 'Design review', startDateTime: '2026-12-09T15:00:00+09:00', endDateTime: '2026-12-09T15:30:00+09:00', timeZone: 'Asia/Tokyo', attendees: ['0223344', '0556677'] }]],
    });
  });

  it('19. a bot DMs one user: batch_send_robot_msg_to_users {robotCode, msgType sampleMarkdownDX, title, markdown, userIds}, text untrimmed (helpers/chat.go:3413-3610)', async () => {
    await act({
      lines: [
        ['chat', 'message', 'send-by-bot', '--robot-code', 'robot_ci01', '--users', '0111222', '--title', 'Deploy done', '--text', '**Deploy done** at 17:05'],
        ['chat', 'message', 'send-by-bot', '--robot-code', ' robot_ci01 ', '--users', ' 0111222, ,0333', '--title', ' T ', '--text', ' **x** '],
      ],
      calls: [
        ['bot', 'batch_send_robot_msg_to_users', { robotCode: 'robot_ci01', msgType: 'sampleMarkdownDX', title: 'Deploy done', markdown: '**Deploy done** at 17:05', userIds: ['0111222'] }],
        ['bot', 'batch_send_robot_msg_to_users', { robotCode: ' robot_ci01 ', msgType: 'sampleMarkdownDX', title: ' T ', markdown: ' **x** ', userIds: ['0111222', '0333'] }],
      ],
    });
  });

  it('20. base by name, table by name, a record (4 steps): search_bases paged by cursor, exact case-insensitive names; get_tables; get_fields; create_records with the cells as typed; the help now gives the value format of each field type (aitabletarget/resolver.go:188-297; smart/resolve_base.go:81-94, resolve_table.go:89-102; helpers/aitable.go:1769-1784, :2248-2322)', async () => {
    const lines = [
      ['aitable', '+resolve-base', '--name', 'Hiring'],
      ['aitable', '+resolve-table', '--base', 'base_HR01', '--name', 'Candidates'],
      ['aitable', 'field', 'list', '--base-id', 'base_HR01', '--table-id', 'tbl_Cand'],
      ['aitable', 'record', 'create', '--base-id', 'base_HR01', '--table-id', 'tbl_Cand', '--records', '[{"cells":{"fld_N":"Zhao Lei","fld_S":"Interview","fld_Sc":4.5}}]'],
    ];
    const printed = await act({
      lines: lines.slice(0, 1),
      answers: {
        'aitable/search_bases': { pages: [
          { bases: [{ baseId: 'base_HRx1', baseName: 'Hiring 2025' }, { baseId: 'base_HR01', baseName: 'hiring' }], nextCursor: 'c2', hasMore: true },
          { bases: [{ baseId: 'base_Ops', baseName: 'Ops' }], hasMore: false },
        ] },
      },
      calls: [['aitable', 'search_bases', { query: 'Hiring' }], ['aitable', 'search_bases', { query: 'Hiring', cursor: 'c2' }]],
    });
    expect(printed).toEqual({ resolved: true, status: 'resolved', matchType: 'exact', baseId: 'base_HR01', name: 'hiring' });
    mcp.calls.length = 0;
    const table = await act({
      lines: lines.slice(1, 2),
      answers: { 'aitable/get_tables': { tables: [{ tableId: 'tbl_Cand', tableName: 'Candidates' }, { tableId: 'tbl_Int', tableName: 'Interviewers' }] } },
      calls: [['aitable', 'get_tables', { baseId: 'base_HR01' }]],
    });
    expect(table).toEqual({ resolved: true, status: 'resolved', matchType: 'exact', tableId: 'tbl_Cand', name: 'Candidates', base: 'base_HR01' });
    mcp.calls.length = 0;
    await act({
      lines: lines.slice(2),
      calls: [
        ['aitable', 'get_fields', { baseId: 'base_HR01', tableId: 'tbl_Cand' }],
        ['aitable', 'create_records', { baseId: 'base_HR01', tableId: 'tbl_Cand', records: [{ cells: { fld_N: 'Zhao Lei', fld_S: 'Interview', fld_Sc: 4.5 } }] }],
      ],
    });
    const help = inspect('aitable.record_create');
    expect(help.description_en).not.toMatch(/need values in their own formats/);
    expect(help.description_en).toMatch(/single select as the option name/);
    expect(help.description_en).toMatch(/At most 100 records per call/);
  });
});
