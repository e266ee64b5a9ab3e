// Agent test 21c (notes/agent-test-21c.md, notes/agent21c.md): twenty everyday requests, each run with the command lines
// the agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls
// asserted are written from the upstream command bodies at c7521c1c (the lines named at each case), not from dws's
// output. "Now" is Monday 2026-12-07 20:00 in Asia/Shanghai; the file runs in that zone. The last cases are the search
// and help text that misled the agent or left it guessing (named at each case): they failed before the catalog text of
// this change.
import { describe, expect, it } from 'vitest';
import { useTimeZone } from '../helpers.js';
import { helpOf, searched, useOutputRuns } from './output-runs.js';

const { step: act, sent } = useOutputRuns('dws-agent21c-');

/** The moment the requests were typed: Monday 2026-12-07 20:00 Beijing. */
const NOW = new Date(Date.UTC(2026, 11, 7, 12, 0));
/** Midnight of a December 2026 day in Beijing, as epoch ms. */
const bjMidnight = (day: number) => Date.UTC(2026, 11, day, 0, 0) - 8 * 3600_000;

describe('agent test 21c: each request sends what upstream sends for the same flags', () => {
  useTimeZone('Asia/Shanghai');

  it('1. approvals I handled (no time flag: paged, picked by date), then one\'s step record: get_done_tasks {pageNumber, pageSize as numbers}; get_processInstance_records {processInstanceId} (helpers/oa.go:622-637, :373-381)', async () => {
    await act({
      now: NOW,
      lines: [
        ['oa', 'approval', 'list-executed', '--limit', '50'],
        ['oa', 'approval', 'records', '--instance-id', 'PI-7301'],
      ],
      calls: [
        ['oa', 'get_done_tasks', { pageNumber: 1, pageSize: 50 }],
        ['oa', 'get_processInstance_records', { processInstanceId: 'PI-7301' }],
      ],
    });
  });

  it('2. a pending approval read, its taskId found, then handed over with a remark: get_processInstance_detail; list_pending_tasks; redirect_task {taskId, toActionerId, remark} asked first (dws is stricter, declared) (helpers/oa.go:158-166, :493-501, :788-806)', async () => {
    const redirect = ['oa', 'approval', 'redirect-task', '--task-id', 't_7302', '--to-actioner-id', 'u_7302', '--remark', '我下周休假，请代为审批'];
    const asked = await sent(redirect);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [
        ['oa', 'approval', 'detail', '--instance-id', 'PI-7302'],
        ['oa', 'approval', 'tasks', '--instance-id', 'PI-7302'],
        [...redirect, '--yes'],
      ],
      calls: [
        ['oa', 'get_processInstance_detail', { processInstanceId: 'PI-7302' }],
        ['oa', 'list_pending_tasks', { processInstanceId: 'PI-7302' }],
        ['oa', 'redirect_task', { taskId: 't_7302', toActionerId: 'u_7302', remark: '我下周休假，请代为审批' }],
      ],
    });
    // sibling: without --remark no remark key is sent (oa.go:802-804)
    await act({
      lines: [['oa', 'approval', 'redirect-task', '--task-id', 't_7302', '--to-actioner-id', 'u_7302', '--yes']],
      calls: [['oa', 'redirect_task', { taskId: 't_7302', toActionerId: 'u_7302' }]],
    });
  });

  it('3. an in-app DING as myself to three people, then its receivers\' read state: profiles by userId for the openDingTalkIds; im/send_personal_ding {receiverOpenDingTalkIds list, content, remindType "app"} asked first; list_ding_receiver_status {openDingId} (helpers/ding.go:221-245; chat.go:1624-1640; shortcut/ding)', async () => {
    await act({
      lines: [['contact', 'user', 'get', '--ids', 'u_7401,u_7402,u_7403']],
      calls: [['contact', 'get_user_info_by_user_ids', { user_id_list: ['u_7401', 'u_7402', 'u_7403'] }]],
    });
    const ding = ['ding', '+send-personal', '--users', 'odt_1,odt_2,odt_3', '--content', '下午 3 点的评审改到 4 点'];
    const asked = await sent(ding);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [[...ding, '--yes'], ['ding', '+receiver-status', '--ding-id', 'ding_7401']],
      calls: [
        ['im', 'send_personal_ding', { receiverOpenDingTalkIds: ['odt_1', 'odt_2', 'odt_3'], content: '下午 3 点的评审改到 4 点', remindType: 'app' }],
        ['im', 'list_ding_receiver_status', { openDingId: 'ding_7401' }],
      ],
    });
  });

  it('4. next week\'s events (filtered by title locally), then one moved to Thursday 16:00-17:00 Sydney time: list_calendar_events {startTime, endTime ms, limit}; update_calendar_event {eventId, startDateTime/endDateTime as typed, +11:00} asked first (helpers/calendar.go:250-312, :542-582)', async () => {
    await act({
      now: NOW,
      lines: [['calendar', 'event', 'list', '--start', '2026-12-14T00:00:00+08:00', '--end', '2026-12-21T00:00:00+08:00', '--limit', '100']],
      calls: [['calendar', 'list_calendar_events', { startTime: bjMidnight(14), endTime: bjMidnight(21), limit: 100 }]],
    });
    const move = ['calendar', 'event', 'update', '--id', 'evt_7501', '--start', '2026-12-17T16:00:00+11:00', '--end', '2026-12-17T17:00:00+11:00'];
    const asked = await sent(move);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [[...move, '--yes']],
      calls: [['calendar', 'update_calendar_event', { eventId: 'evt_7501', startDateTime: '2026-12-17T16:00:00+11:00', endDateTime: '2026-12-17T17:00:00+11:00' }]],
    });
  });

  it('5. mail folders, then a mail moved (marking it read is a known gap): list_folders {email}; batch_move_message {email, ids list, destinationFolderId} (shortcut/mail/mail.go:230-237; helpers/mail.go:1600-1608)', async () => {
    expect(searched('List my mail folders, then move mail msg_7601 into the folder "归档" and mark it as read.').hint).toContain('Known gap (mail)');
    await act({
      lines: [
        ['mail', '+folder-list', '--email', 'me@example.com'],
        ['mail', 'message', 'batch-move', '--email', 'me@example.com', '--ids', 'msg_7601', '--folder', 'fld_archive'],
      ],
      calls: [
        ['mail', 'list_folders', { email: 'me@example.com' }],
        ['mail', 'batch_move_message', { email: 'me@example.com', ids: ['msg_7601'], destinationFolderId: 'fld_archive' }],
      ],
    });
  });

  it('6. my group message recalled, then resent: im/recall_message {openConversationId, openMessageId}; send_personal_message markdown to the group (helpers/chat.go:4362-4372)', async () => {
    await act({
      lines: [
        ['chat', 'message', 'recall', '--conversation-id', 'cid_7701', '--message-id', 'msg_7701', '--yes'],
        ['chat', 'message', 'send', '--group', 'cid_7701', '周五的复盘会改到下午 3 点'],
      ],
      calls: [
        ['im', 'recall_message', { openConversationId: 'cid_7701', openMessageId: 'msg_7701' }],
        ['chat', 'send_personal_message', { msgType: 'markdown', content: JSON.stringify({ text: '周五的复盘会改到下午 3 点', title: '周五的复盘会改到下午 3 点' }), openConversationId: 'cid_7701', clawType: 'openClaw' }],
      ],
    });
  });

  it('7. two admins set, then the owner handed over: update_conv_member_roles {openConversationId, admin true, uids}; transfer_group_owner {openConversationId, cid, newOwnerUid} (shortcut/chat/chat_group.go:1455-1468, :439-450)', async () => {
    await act({
      lines: [
        ['chat', '+chat-set-admin', '--group', 'cid_7801', '--users', 'u_7801,u_7802', '--yes'],
        ['chat', '+chat-transfer-owner', '--group', 'cid_7801', '--new-owner', 'u_7801', '--yes'],
      ],
      calls: [
        ['im', 'update_conv_member_roles', { admin: true, openConversationId: 'cid_7801', uids: ['u_7801', 'u_7802'] }],
        ['im', 'transfer_group_owner', { cid: 'cid_7801', newOwnerUid: 'u_7801', openConversationId: 'cid_7801' }],
      ],
    });
  });

  it('8. a colleague by mobile, then a direct message by userId: search_user_by_mobile {mobile}; get_user_info_by_user_ids {user_id_list} (shortcut/smart/by_mobile.go:76-101); the message\'s userId resolved to an openDingTalkId first (chat.go:1624-1640)', async () => {
    const profile = { result: [{ userId: 'u_7901', name: '李娜', openDingTalkId: 'DAQIDBAUGBwgiE' }] };
    await act({
      lines: [
        ['contact', '+by-mobile', '--mobile', '13800007901'],
        ['chat', 'message', 'send', '--user', 'u_7901', '--text', '明天的材料已经发你邮箱了'],
      ],
      answers: { 'contact/search_user_by_mobile': { result: { userId: 'u_7901' } }, 'contact/get_user_info_by_user_ids': profile },
      calls: [
        ['contact', 'search_user_by_mobile', { mobile: '13800007901' }],
        ['contact', 'get_user_info_by_user_ids', { user_id_list: ['u_7901'] }],
        ['contact', 'get_user_info_by_user_ids', { user_id_list: ['u_7901'] }],
        ['chat', 'send_personal_message', { msgType: 'markdown', content: JSON.stringify({ text: '明天的材料已经发你邮箱了', title: '明天的材料已经发你邮箱了' }), receiverOpenDingTalkId: 'DAQIDBAUGBwgiE', clawType: 'openClaw' }],
      ],
    });
  });

  it('9. a to-do read, then its executors replaced (add two, remove the old one): get_todo_detail {taskId}; add/remove_task_executors {todoExecutors…Request {taskId, executorIds}} (helpers/todo.go:625-640 and its remove twin)', async () => {
    await act({
      lines: [
        ['todo', 'task', 'get', '--task-id', 'td_8001'],
        ['todo', 'task', 'add-executor', '--task-id', 'td_8001', '--executors', 'u_8002,u_8003', '--yes'],
        ['todo', 'task', 'remove-executor', '--task-id', 'td_8001', '--executors', 'u_8001', '--yes'],
      ],
      calls: [
        ['todo', 'get_todo_detail', { taskId: 'td_8001' }],
        ['todo', 'add_task_executors', { todoExecutorsAddRequest: { taskId: 'td_8001', executorIds: ['u_8002', 'u_8003'] } }],
        ['todo', 'remove_task_executors', { todoExecutorsRemoveRequest: { taskId: 'td_8001', executorIds: ['u_8001'] } }],
      ],
    });
  });

  it('10. a doc\'s permissions, then an editor and a reader: doc/list_permission {nodeId}; doc/add_permission {nodeId, roleId, userIds} twice (helpers/drive.go:2200-2221, :2049-2070)', async () => {
    await act({
      lines: [
        ['drive', 'permission', 'list', '--node', 'doc_8101'],
        ['drive', 'permission', 'add', '--node', 'doc_8101', '--users', 'u_8102', '--role', 'EDITOR'],
        ['drive', 'permission', 'add', '--node', 'doc_8101', '--users', 'u_8103', '--role', 'READER'],
      ],
      calls: [
        ['doc', 'list_permission', { nodeId: 'doc_8101' }],
        ['doc', 'add_permission', { nodeId: 'doc_8101', roleId: 'EDITOR', userIds: ['u_8102'] }],
        ['doc', 'add_permission', { nodeId: 'doc_8101', roleId: 'READER', userIds: ['u_8103'] }],
      ],
    });
  });

  it('11. a knowledge-base folder, then a node moved into it: doc/create_file {workspaceId, name, type folder}; doc/move_document {nodeId, workspaceId, targetFolderId} (helpers/wiki.go:958-979, :1106-1125)', async () => {
    await act({
      lines: [
        ['wiki', 'node', 'create', '--workspace', 'ws_8201', '--name', '2027 规划', '--type', 'folder', '--yes'],
        ['wiki', 'node', 'move', '--workspace', 'ws_8201', '--node', 'nd_8202', '--folder', 'fld_new', '--yes'],
      ],
      calls: [
        ['doc', 'create_file', { workspaceId: 'ws_8201', name: '2027 规划', type: 'folder' }],
        ['doc', 'move_document', { nodeId: 'nd_8202', workspaceId: 'ws_8201', targetFolderId: 'fld_new' }],
      ],
    });
  });

  it('12. a new worksheet, its header row, the first row frozen: create_sheet {nodeId, name}; set_cell_range {nodeId, sheetId, rangeAddress, cells}; update_sheet {nodeId, sheetId, frozenRowCount 1 as a number} (helpers/sheet_workbook.go:197-201, :285-322; sheet_range_ops.go:251)', async () => {
    const cells = [['日期', '客户', '金额', '负责人'].map((text) => ({ type: 'text', text }))];
    await act({
      lines: [
        ['sheet', 'new', '--node', 'ss_8301', '--name', '2027Q1', '--yes'],
        ['sheet', 'range', 'update', '--node', 'ss_8301', '--sheet-id', 'st_new', '--range', 'A1:D1', '--values', JSON.stringify(cells)],
        ['sheet', 'update', '--node', 'ss_8301', '--sheet-id', 'st_new', '--frozen-row-count', '1', '--yes'],
      ],
      calls: [
        ['sheet', 'create_sheet', { nodeId: 'ss_8301', name: '2027Q1' }],
        ['sheet', 'set_cell_range', { nodeId: 'ss_8301', sheetId: 'st_new', rangeAddress: 'A1:D1', cells }],
        ['sheet', 'update_sheet', { nodeId: 'ss_8301', sheetId: 'st_new', frozenRowCount: 1 }],
      ],
    });
  });

  it('13. replace whole cells, then read back: replace_all {nodeId, sheetId, text, replaceText, five booleans always sent}; get_cell_infos {nodeId, range, sheetId} (helpers/sheet_data.go:154-174)', async () => {
    await act({
      lines: [
        ['sheet', 'replace', '--node', 'ss_8401', '--sheet-id', 'Sheet1', '--find', '待定', '--replacement', '已确认', '--match-entire-cell', '--yes'],
        ['sheet', 'range', 'read', '--node', 'ss_8401', '--sheet-id', 'Sheet1', '--range', 'A1:B5'],
      ],
      calls: [
        ['sheet', 'replace_all', { nodeId: 'ss_8401', sheetId: 'Sheet1', text: '待定', replaceText: '已确认', matchCase: false, matchEntireCell: true, useRegExp: false, matchFormulaText: false, includeHidden: false }],
        ['sheet', 'get_cell_infos', { nodeId: 'ss_8401', range: 'A1:B5', sheetId: 'Sheet1' }],
      ],
    });
  });

  it('14. records in a date range (not_before + not_after, date strings), then a single-select set and read back: get_fields; query_records {filters as typed, limit}; update_records then query_records {recordIds} (helpers/aitable.go:649-663; shortcut record update)', async () => {
    const filters = { operator: 'and', operands: [{ operator: 'not_before', operands: ['fld_due', '2026-12-01'] }, { operator: 'not_after', operands: ['fld_due', '2026-12-07'] }] };
    const records = [{ recordId: 'rec_8503', cells: { fld_status: '已完成' } }];
    await act({
      lines: [
        ['aitable', 'field', 'list', '--base-id', 'base_8501', '--table-id', 'tbl_8502'],
        ['aitable', 'record', 'query', '--base-id', 'base_8501', '--table-id', 'tbl_8502', '--limit', '50', '--filters', JSON.stringify(filters)],
        ['aitable', '+record-update', '--base-id', 'base_8501', '--table-id', 'tbl_8502', '--records', JSON.stringify(records), '--yes'],
      ],
      answers: {
        'aitable/update_records': { result: { updatedRecordIds: ['rec_8503'] } },
        'aitable/query_records': { pages: [{ result: { records: [] } }, { result: { records } }] },
      },
      calls: [
        ['aitable', 'get_fields', { baseId: 'base_8501', tableId: 'tbl_8502' }],
        ['aitable', 'query_records', { baseId: 'base_8501', tableId: 'tbl_8502', filters, limit: 50 }],
        ['aitable', 'update_records', { baseId: 'base_8501', tableId: 'tbl_8502', records }],
        ['aitable', 'query_records', { baseId: 'base_8501', tableId: 'tbl_8502', recordIds: ['rec_8503'], limit: 1 }],
      ],
    });
  });

  it('15. a single-select field with three options, then an old field deleted (asked first): create_fields {baseId, tableId, fields [{fieldName, type, config}]}; delete_field {baseId, tableId, fieldId} (helpers/aitable.go:1858-1903, :2082)', async () => {
    const del = ['aitable', '+field-delete', '--base-id', 'base_8601', '--table-id', 'tbl_8602', '--field-id', 'fld_old'];
    const asked = await sent(del);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    const config = { options: [{ name: '高' }, { name: '中' }, { name: '低' }] };
    await act({
      lines: [
        ['aitable', 'field', 'create', '--base-id', 'base_8601', '--table-id', 'tbl_8602', '--name', '优先级', '--type', 'singleSelect', '--config', JSON.stringify(config)],
        [...del, '--yes'],
      ],
      calls: [
        ['aitable', 'create_fields', { baseId: 'base_8601', tableId: 'tbl_8602', fields: [{ fieldName: '优先级', type: 'singleSelect', config }] }],
        ['aitable', 'delete_field', { baseId: 'base_8601', fieldId: 'fld_old', tableId: 'tbl_8602' }],
      ],
    });
  });

  it('16-17. an OKR key result\'s progress and a new live stream: known gaps (upstream\'s agoal and live creation are outside the surface), so nothing is called', () => {
    expect(searched('列出我本季度的 OKR 目标和关键结果，把其中 kr_8701 的进度更新为 60%。').hint).toContain('Known gap (report)');
    expect(searched('创建一场直播"2027 新品发布会"，明天 15:00-16:30（北京时间），建好后把直播的详情（观看链接）给我。').hint).toContain('Known gap (live)');
  });

  it('19. a robot\'s direct message to two users, then its recall: bot/batch_send_robot_msg_to_users {robotCode, title, markdown, msgType sampleMarkdownDX, userIds}; batch_recall_robot_users_msg {robotCode, processQueryKeys} (helpers/chat.go:3526-3540, :3592-3610, :3670-3686)', async () => {
    await act({
      lines: [
        ['chat', 'message', 'send-by-bot', '--robot-code', 'robot_9001', '--users', 'u_9001,u_9002', '--title', '维护通知', '--text', '系统将于今晚 23:00 维护', '--yes'],
        ['chat', 'message', 'recall-by-bot', '--robot-code', 'robot_9001', '--keys', 'pqk_9001', '--yes'],
      ],
      calls: [
        ['bot', 'batch_send_robot_msg_to_users', { robotCode: 'robot_9001', msgType: 'sampleMarkdownDX', title: '维护通知', markdown: '系统将于今晚 23:00 维护', userIds: ['u_9001', 'u_9002'] }],
        ['bot', 'batch_recall_robot_users_msg', { robotCode: 'robot_9001', processQueryKeys: ['pqk_9001'] }],
      ],
    });
  });

  it('20. a drive folder listed, then a file copied: drive/list_files {maxResults 20, parentId}; doc/copy_document {nodeId, targetFolderId} (shortcut/drive/drive.go:69-104; helpers/drive.go:1699-1714)', async () => {
    await act({
      lines: [
        ['drive', '+list', '--folder', 'fd_9101'],
        ['drive', 'copy', '--node', 'f_9102', '--folder', 'fd_9103', '--yes'],
      ],
      answers: { 'drive/list_files': { result: { files: [{ fileId: 'f_9102', name: 'a.pdf' }] } } },
      calls: [
        ['drive', 'list_files', { maxResults: 20, parentId: 'fd_9101' }],
        ['doc', 'copy_document', { nodeId: 'f_9102', targetFolderId: 'fd_9103' }],
      ],
    });
  });
});

describe('agent test 21c: the search and help text that misled the agent or left it guessing', () => {
  it('misled (search, 18): "this week\'s video meetings, cancel conf_8901" put `calendar +cancel-event` first with no gap (upstream\'s conference product is withdrawn, helpers/conference.go:23-67); it is now a known gap', () => {
    for (const q of [
      '这周（12 月 7 日到 13 日）我有哪些视频会议？把其中 conf_8901 取消掉，取消前先跟我确认。',
      'cancel video conference conf_8901',
      'list my video meetings this week',
    ]) {
      const asked = searched(q);
      expect([asked.weak, asked.hint]).toEqual([true, expect.stringContaining('Known gap (calendar)')]);
    }
    // an ordinary event cancellation is not a gap
    expect(searched('把明天下午的日程 evt_1 取消掉').hint).not.toContain('Known gap');
  });

  it('left guessing (help, 3): +send-personal said receivers are openDingTalkIds and to search by name, leaving an agent holding userIds with no way there; it now names `contact user get --ids` (upstream resolves userIds the same way, helpers/chat.go:1624-1640)', () => {
    const help = helpOf('ding', '+send-personal');
    expect(help).toMatch(/Holding userIds, fetch the profiles with `dws contact user get --ids/);
    expect(help).toMatch(/手里是 userId 时，先用 `dws contact user get --ids/);
  });

  it('left guessing (help, 14): record query named the date operators but not the value or how to say a range, so "2026-12-01" and not_before + not_after were guesses; it now says them (helpers/aitable.go:657-663)', () => {
    const help = helpOf('aitable', 'record', 'query');
    expect(help).toMatch(/whose value is a date such as "2026-12-01"; a date range is two conditions joined by and, not_before plus not_after/);
    expect(help).toMatch(/一段日期用 not_before 与 not_after 两个条件相与/);
  });
});
