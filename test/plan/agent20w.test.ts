// Agent test 20w (notes/agent-test-20w.md, notes/agent20w.md): twenty everyday requests, each run with the command lines
// the agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls
// asserted are written from the upstream command bodies at c7521c1c (the lines named at each case), not from dws's
// output; where upstream reads or projects the answer, the printed result is asserted too. "Now" is Monday 2026-12-07
// 08:32 in Asia/Shanghai; the file runs in that zone. The last cases are the search and help text that misled the agent
// (named at each case): they failed before the catalog text of this change.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTimeZone } from '../helpers.js';
import { beijing, helpOf, searched, useOutputRuns } from './output-runs.js';

const { step: act, sent, mcp, runWith } = useOutputRuns('dws-agent20w-');

describe('agent test 20w: each request sends what upstream sends for the same flags', () => {
  useTimeZone('Asia/Shanghai');
  afterEach(() => {
    vi.useRealTimers();
  });

  it('1. a leave approval previewed, then started: --dry-run calls nothing; start_process_instance {ProcessInstanceCreationPopRequest {processCode, formComponentValues [{name, value}] (oaFormValues: every value text), deptId -1 (ParseInt of the flag default)}}; without --yes it is refused, as upstream refuses it (helpers/oa.go:33-43, :1155-1205, :1332)', async () => {
    const form = '{"请假类型":"年假","开始时间":"2026-12-08 09:00","结束时间":"2026-12-09 18:00","天数":"2","事由":"家里有事"}';
    const line = ['oa', 'approval', 'create-instance', '--process-code', 'PROC-LEAVE-01', '--form-values', form];
    const request = {
      ProcessInstanceCreationPopRequest: {
        processCode: 'PROC-LEAVE-01',
        // upstream ranges over a Go map, so its order is unspecified; dws keeps the order typed
        formComponentValues: [
          { name: '请假类型', value: '年假' }, { name: '开始时间', value: '2026-12-08 09:00' }, { name: '结束时间', value: '2026-12-09 18:00' },
          { name: '天数', value: '2' }, { name: '事由', value: '家里有事' },
        ],
        deptId: -1,
      },
    };
    const preview = await sent([...line, '--dry-run']);
    expect(preview.calls).toEqual([]);
    expect(preview.printed).toBeUndefined();
    const asked = await sent(line);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    const printed = await act({
      lines: [[...line, '--yes']],
      answers: { 'oa/start_process_instance': { processInstanceId: 'INST-new-1' } },
      calls: [['oa', 'start_process_instance', request]],
    });
    expect(printed).toEqual({ processInstanceId: 'INST-new-1' });
    // a number among the values fails upstream's json.Unmarshal into map[string]string: refused before any call
    const number = await sent(['oa', 'approval', 'create-instance', '--process-code', 'PROC-LEAVE-01', '--form-values', '{"天数":2}', '--yes']);
    expect([number.reason, number.calls]).toEqual(['invalid_parameter', []]);
  });

  it('2. approve one task and reject another, each with a remark: dws asks first (declared); approve_processInstance and reject_processInstance {processInstanceId, taskId a number (ParseFloat), remark} (helpers/oa.go:200-222, :258-278)', async () => {
    const approve = ['oa', 'approval', 'approve', '--instance-id', 'INST-5521', '--task-id', '80113', '--remark', '同意，注意控制预算'];
    const asked = await sent(approve);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [[...approve, '--yes'], ['oa', 'approval', 'reject', '--instance-id', 'INST-5522', '--task-id', '80114', '--remark', '金额超出额度，请拆单', '--yes']],
      calls: [
        ['oa', 'approve_processInstance', { processInstanceId: 'INST-5521', taskId: 80113, remark: '同意，注意控制预算' }],
        ['oa', 'reject_processInstance', { processInstanceId: 'INST-5522', taskId: 80114, remark: '金额超出额度，请拆单' }],
      ],
    });
  });

  it('3. the state of my approval, then its revoke with a reason: get_processInstance_detail {processInstanceId}; revoke_processInstance {processInstanceId, remark} (helpers/oa.go:155-166, :318-334)', async () => {
    const detail = await act({
      lines: [['oa', 'approval', 'detail', '--instance-id', 'INST-5530']],
      answers: { 'oa/get_processInstance_detail': { processInstanceId: 'INST-5530', status: 'RUNNING' } },
      calls: [['oa', 'get_processInstance_detail', { processInstanceId: 'INST-5530' }]],
    });
    expect(detail).toEqual({ processInstanceId: 'INST-5530', status: 'RUNNING' });
    const line = ['oa', 'approval', 'revoke', '--instance-id', 'INST-5530', '--remark', '信息填错了，重新提交'];
    const asked = await sent(line);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [[...line, '--yes']],
      calls: [['oa', 'revoke_processInstance', { processInstanceId: 'INST-5530', remark: '信息填错了，重新提交' }]],
    });
  });

  it('4. a phone-call DING to three userIds: send_ding_message {robotCode from DINGTALK_DING_ROBOT_CODE, remindType 3 (call), receiverUserIdList, content}; the personal one sends remindType as the text typed (helpers/ding.go:18, :56-86; shortcut/ding/ding.go:139-152)', async () => {
    const robot = await runWith(['ding', 'message', 'send', '--users', 'u_881,u_882,u_883', '--type', 'call', '--content', '10 点的评审会改到 10:30，地点不变', '--yes'], { DINGTALK_DING_ROBOT_CODE: 'dingrobot9' });
    expect(robot.calls).toEqual([['ding', 'send_ding_message', {
      robotCode: 'dingrobot9', remindType: 3, receiverUserIdList: ['u_881', 'u_882', 'u_883'], content: '10 点的评审会改到 10:30，地点不变',
    }]]);
    await act({
      lines: [['ding', '+send-personal', '--users', 'odt_881,odt_882', '--type', 'call', '--content', '改到 10:30', '--yes']],
      calls: [['im', 'send_personal_ding', { receiverOpenDingTalkIds: ['odt_881', 'odt_882'], content: '改到 10:30', remindType: 'call' }]],
    });
  });

  it('5. my live streams with their figures: get_my_lives with no arguments, the answer printed as it came (helpers/live.go:36-37)', async () => {
    const lives = { result: [{ liveId: 'LIVE-778', title: 'Q4 发布会', uv: 321, pv: 890 }] };
    const printed = await act({
      lines: [['live', 'stream', 'list']],
      answers: { 'live/get_my_lives': lives },
      calls: [['live', 'get_my_lives', {}]],
    });
    expect(printed).toEqual(lives);
  });

  it('6. last Friday\'s minutes titled 周会, their summary and action items: list_by_keyword_and_time_range {belongingConditionId noLimit, maxResults 10 (the float default), createTimeStart/End Beijing epoch ms, keyword}; get_minutes_ai_summary {taskUuid}; list_minutes_todos {taskUuid}, its result printed (helpers/minutes.go:126-135, :225-236, :2192-2243; pkg/cmdutil/time.go:41-73; smart/action_items.go:62-98)', async () => {
    await act({
      lines: [
        ['minutes', 'list', 'all', '--query', '周会', '--start', '2026-12-04 00:00', '--end', '2026-12-04 23:59'],
        ['minutes', 'get', 'summary', '--id', 'MIN-w01'],
      ],
      calls: [
        ['minutes', 'list_by_keyword_and_time_range', {
          belongingConditionId: 'noLimit', maxResults: 10, createTimeStart: beijing(2026, 12, 4), createTimeEnd: beijing(2026, 12, 4, 23, 59), keyword: '周会',
        }],
        ['minutes', 'get_minutes_ai_summary', { taskUuid: 'MIN-w01' }],
      ],
    });
    const items = await act({
      lines: [['minutes', '+action-items', '--id', 'MIN-w01']],
      answers: { 'minutes/list_minutes_todos': { result: { actions: [{ content: '周三前提交预算', executor: '张三' }] } } },
      calls: [['minutes', 'list_minutes_todos', { taskUuid: 'MIN-w01' }]],
    });
    expect(items).toEqual({ actions: [{ content: '周三前提交预算', executor: '张三' }] });
    // an answer holding neither actions nor dingtalkTodoList is no empty success upstream (minutesdata/response.go:122-126)
    mcp.answers['minutes/list_minutes_todos'] = () => ({ result: { todoList: [{ content: '周三前提交预算' }] } });
    const other = await sent(['minutes', '+action-items', '--id', 'MIN-w01']);
    expect([other.reason, other.printed]).toEqual(['backend_error', undefined]);
  });

  it('7. two readers added to a wiki space, then its members: add_member {workspaceId, roleId upper-cased, userIds split and trimmed}; list_member {workspaceId} (helpers/wiki.go:552-568; doc.go:5118-5120, :5143-5150)', async () => {
    await act({
      lines: [
        ['wiki', 'member', 'add', '--workspace', 'SPACE-21', '--users', 'u_3001, u_3002', '--role', 'reader'],
        ['wiki', 'member', 'list', '--workspace', 'SPACE-21'],
      ],
      calls: [
        ['wiki', 'add_member', { workspaceId: 'SPACE-21', roleId: 'READER', userIds: ['u_3001', 'u_3002'] }],
        ['wiki', 'list_member', { workspaceId: 'SPACE-21' }],
      ],
    });
  });

  it('8. a block deleted (asked first), then a paragraph appended: delete_document_block {nodeId, blockId}; update_document {nodeId trimmed, markdown, mode append} (helpers/doc.go:2350-2366; smart/doc_append.go:83-100)', async () => {
    const del = ['doc', 'block', 'delete', '--node', 'DOC-77', '--block-id', 'blk_12'];
    const asked = await sent(del);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [[...del, '--yes'], ['doc', '+doc-append', '--doc', ' DOC-77 ', '--text', '本节已于 12 月 7 日废弃，请参考新版方案', '--yes']],
      calls: [
        ['doc', 'delete_document_block', { nodeId: 'DOC-77', blockId: 'blk_12' }],
        ['doc', 'update_document', { nodeId: 'DOC-77', markdown: '本节已于 12 月 7 日废弃，请参考新版方案', mode: 'append' }],
      ],
    });
  });

  it('9. a folder at my drive root, then an editor on it: create_folder {name} (no spaceId, no parentId); doc/add_permission {nodeId, roleId upper-cased, userIds} (helpers/drive.go:1024-1043, :2043-2071)', async () => {
    await act({
      lines: [
        ['drive', 'mkdir', '--name', '2026 年终总结'],
        ['drive', 'permission', 'add', '--node', 'FLD-2026', '--users', 'u_4001', '--role', 'editor'],
      ],
      calls: [
        ['drive', 'create_folder', { name: '2026 年终总结' }],
        ['doc', 'add_permission', { nodeId: 'FLD-2026', roleId: 'EDITOR', userIds: ['u_4001'] }],
      ],
    });
  });

  it('10. a department by name, then its members, then one profile: search_dept_by_keyword {query}; get_dept_members_by_deptId {deptIds as texts (parseCSVValues)}; get_user_info_by_user_ids {user_id_list} (helpers/contact.go:801-811, :940-956)', async () => {
    await act({
      lines: [
        ['contact', 'dept', 'search', '--query', '研发部'],
        ['contact', 'dept', 'list-members', '--depts', '3344'],
        ['contact', 'user', 'get', '--ids', 'u_w1'],
      ],
      calls: [
        ['contact', 'search_dept_by_keyword', { query: '研发部' }],
        ['contact', 'get_dept_members_by_deptId', { deptIds: ['3344'] }],
        ['contact', 'get_user_info_by_user_ids', { user_id_list: ['u_w1'] }],
      ],
    });
  });

  it('11. a to-do for two people due Friday 18:00 London time (UTC+0 in December), priority 30, and a reminder an hour before: create_personal_todo {PersonalTodoCreateVO {subject, executorIds, dueTime epoch ms, priority by Atoi}}; add_todo_reminder {todoReminderAddRequest {taskId, baseTime, dueDateOffset "-60" as text, reminderTimeStamp null}} (helpers/todo.go:88-121, :864-899)', async () => {
    await act({
      lines: [
        ['todo', 'task', 'create', '--title', '提交 Q4 季度报告', '--executors', 'u_5001,u_5002', '--due', '2026-12-11T18:00:00+00:00', '--priority', '30'],
        ['todo', 'task', 'add-reminder', '--task-id', 'T-9901', '--base-time', 'dueTime', '--due-date-offset', '-60'],
      ],
      calls: [
        ['todo', 'create_personal_todo', { PersonalTodoCreateVO: { subject: '提交 Q4 季度报告', executorIds: ['u_5001', 'u_5002'], dueTime: Date.UTC(2026, 11, 11, 18), priority: 30 } }],
        ['todo', 'add_todo_reminder', { todoReminderAddRequest: { taskId: 'T-9901', baseTime: 'dueTime', dueDateOffset: '-60', reminderTimeStamp: null } }],
      ],
    });
  });

  it('12. free rooms tomorrow 14:00-15:00 Beijing, the first booked on the event, one attendee added and one removed: query_available_meeting_room {startTime, endTime epoch ms}, the answer printed with the searchRange hint in the local zone; add_meeting_room {eventId, roomIds}; add_calendar_participant {eventId, attendeesToAdd}; remove_calendar_participant {eventId, attendeesToRemove} (helpers/calendar.go:1060-1125, :2771-2848, :886-905, :950-970, :1183-1198)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T00:32:00Z'));
    const rooms = await act({
      lines: [['calendar', 'room', 'search', '--start', '2026-12-08T14:00:00+08:00', '--end', '2026-12-08T15:00:00+08:00']],
      answers: { 'calendar/query_available_meeting_room': { result: { rooms: [{ roomId: 'ROOM-3F-A', roomName: '3F 大会议室' }] } } },
      calls: [['calendar', 'query_available_meeting_room', { startTime: beijing(2026, 12, 8, 14), endTime: beijing(2026, 12, 8, 15) }]],
    });
    expect(rooms).toEqual({ result: {
      rooms: [{ roomId: 'ROOM-3F-A', roomName: '3F 大会议室' }],
      hint: {
        searchMode: 'availability',
        hint: '本次为按时间段搜索可用会议室，仅返回指定时间范围内可预定的会议室。',
        searchRange: { startTime: '2026-12-08T14:00:00+08:00', endTime: '2026-12-08T15:00:00+08:00', hint: '本次查询范围由调用方显式指定。' },
      },
    } });
    await act({
      lines: [
        ['calendar', 'room', 'add', '--event', 'EVT-888', '--rooms', 'ROOM-3F-A'],
        ['calendar', 'attendee', 'add', '--event', 'EVT-888', '--attendees', 'u_6001'],
        ['calendar', 'attendee', 'delete', '--event', 'EVT-888', '--attendees', 'u_6002'],
      ],
      calls: [
        ['calendar', 'add_meeting_room', { eventId: 'EVT-888', roomIds: ['ROOM-3F-A'] }],
        ['calendar', 'add_calendar_participant', { eventId: 'EVT-888', attendeesToAdd: ['u_6001'] }],
        ['calendar', 'remove_calendar_participant', { eventId: 'EVT-888', attendeesToRemove: ['u_6002'] }],
      ],
    });
  });

  it('13. a reply with a local PDF, then a forward with a note (no cc: a known gap): list_user_mailboxes {}; create_reply_draft {from, messageId, body}; create_upload_session {email, messageId: the draft id, name, isInline false}; the bytes POSTed; send_draft {email, messageId, saveToSentItems true}; create_forward_draft {from, messageId, toRecipients, body} (helpers/mail.go:1348-1394, :1500-1554, :3921-4130)', async () => {
    const files = { 'review.pdf': '%PDF-1.4 review\n' };
    mcp.answers['mail/create_upload_session'] = () => ({ success: true, result: { uploadUrl: `${mcp.base}/upload/att1` } });
    const mailboxes = { success: true, result: { mailboxes: [{ email: 'me@example.com', accountType: 'ENTERPRISE' }] } };
    await act({
      lines: [['mail', 'message', 'reply', '--from', 'me@example.com', '--id', 'MSG-1201', '--content', '收到，周三前给出评审意见', '--attachment', './review.pdf', '--yes']],
      files,
      answers: {
        'mail/list_user_mailboxes': mailboxes,
        'mail/create_reply_draft': { success: true, result: { message: { id: 'DRAFT-w1' } } },
        'mail/send_draft': { success: true },
      },
      calls: [
        ['mail', 'list_user_mailboxes', {}],
        ['mail', 'create_reply_draft', { from: 'me@example.com', messageId: 'MSG-1201', body: '收到，周三前给出评审意见' }],
        ['mail', 'create_upload_session', { email: 'me@example.com', messageId: 'DRAFT-w1', name: 'review.pdf', isInline: false }],
        ['mail', 'send_draft', { email: 'me@example.com', messageId: 'DRAFT-w1', saveToSentItems: true }],
      ],
    });
    expect(mcp.uploads.map((u) => [u.name, u.method, u.headers['content-type'], u.bytes.toString()])).toEqual([['att1', 'POST', 'application/octet-stream', '%PDF-1.4 review\n']]);
    await act({
      lines: [['mail', 'message', 'forward', '--from', 'me@example.com', '--id', 'MSG-1201', '--to', 'finance@example.com', '--content', 'FYI, please check the numbers', '--yes']],
      answers: {
        'mail/list_user_mailboxes': mailboxes,
        'mail/create_forward_draft': { success: true, result: { message: { id: 'DRAFT-w2' } } },
        'mail/send_draft': { success: true },
      },
      calls: [
        ['mail', 'list_user_mailboxes', {}],
        ['mail', 'create_forward_draft', { from: 'me@example.com', messageId: 'MSG-1201', toRecipients: ['finance@example.com'], body: 'FYI, please check the numbers' }],
        ['mail', 'send_draft', { email: 'me@example.com', messageId: 'DRAFT-w2', saveToSentItems: true }],
      ],
    });
    const cc = searched('forward the mail to finance@example.com with cc to boss@example.com');
    expect([cc.weak, cc.hint]).toEqual([true, expect.stringContaining('Known gap (mail)')]);
  });

  it('14. a message put on top, then who read my message: im/set_top_message {openConversationId, openMessageId}; im/query_msg_read_status {openConversationId, openMessageId}, no target ids when none is typed (helpers/chat.go:9318-9328, :4523-4542)', async () => {
    await act({
      lines: [
        ['chat', 'message', 'set-top-msg', '--open-conversation-id', 'CID-abc123', '--message-id', 'MSG-m77'],
        ['chat', 'message', 'read-status', '--conversation-id', 'CID-abc123', '--message-id', 'MSG-m78'],
      ],
      calls: [
        ['im', 'set_top_message', { openConversationId: 'CID-abc123', openMessageId: 'MSG-m77' }],
        ['im', 'query_msg_read_status', { openConversationId: 'CID-abc123', openMessageId: 'MSG-m78' }],
      ],
    });
  });

  it('15. a group\'s members split into people and bots, then two people added: get_group_members {openconversation_id, cursor "0"}, bot/list_group_bots {openConversationId}, members projected to {name, nick, role, openDingtalkId}; add_group_member {openconversation_id, userId list} (smart/group_members.go:170-256, :274-345, :432-470; helpers/chat.go:2704-2720)', async () => {
    const listed = await act({
      lines: [['chat', '+chat-members-list', '--conversation-id', 'CID-abc123']],
      answers: {
        'chat/get_group_members': { result: { list: [
          { memberEmpName: '张三', memberNick: '三哥', memberRoleDesc: '群主', openDingtalkId: 'odt_1' },
          { name: '李四', openDingTalkId: 'odt_2' },
        ], hasMore: false } },
        'bot/list_group_bots': { result: { list: [] } },
      },
      calls: [
        ['chat', 'get_group_members', { openconversation_id: 'CID-abc123', cursor: '0' }],
        ['bot', 'list_group_bots', { openConversationId: 'CID-abc123' }],
      ],
    }) as Record<string, unknown>;
    expect(listed.users).toEqual([
      { name: '张三', nick: '三哥', role: '群主', openDingtalkId: 'odt_1' },
      { name: '李四', nick: '', role: '', openDingtalkId: 'odt_2' },
    ]);
    expect([listed.counts, listed.complete, listed.hasMore, listed.partial]).toEqual([{ users: 2, bots: 0, total: 2 }, true, false, false]);
    await act({
      lines: [['chat', 'group', 'members', 'add', '--id', 'CID-abc123', '--users', 'u_7001,u_7002']],
      calls: [['chat', 'add_group_member', { openconversation_id: 'CID-abc123', userId: ['u_7001', 'u_7002'] }]],
    });
  });

  it('16. a table\'s views, then a new grid view: get_views {baseId, tableId} printed as {count, views [{viewId, viewName, viewType}]}; create_view {baseId, tableId, viewType, viewName} (shortcut/aitable/aitable.go:1191-1250; helpers/aitable.go:3356-3381)', async () => {
    const views = await act({
      lines: [['aitable', '+view-get', '--base-id', 'BASE-7001', '--table-id', 'TBL-22']],
      answers: { 'aitable/get_views': { data: { views: [{ viewId: 'viw_1', name: '全部', type: 'Grid' }, { viewId: 'viw_2', name: '看板', type: 'Kanban' }] } } },
      calls: [['aitable', 'get_views', { baseId: 'BASE-7001', tableId: 'TBL-22' }]],
    });
    expect(views).toEqual({ count: 2, views: [{ viewId: 'viw_1', viewName: '全部', viewType: 'Grid' }, { viewId: 'viw_2', viewName: '看板', viewType: 'Kanban' }] });
    await act({
      lines: [['aitable', 'view', 'create', '--base-id', 'BASE-7001', '--table-id', 'TBL-22', '--view-type', 'Grid', '--name', '本周待办']],
      calls: [['aitable', 'create_view', { baseId: 'BASE-7001', tableId: 'TBL-22', viewType: 'Grid', viewName: '本周待办' }]],
    });
  });

  it('17. a record\'s status, hours (3.5) and checkbox (true) set, then the done ones, at most 20: get_fields {baseId, tableId}; update_records {baseId, tableId, records as typed: 3.5 a number, true a boolean} (dws asks first, declared); query_records {baseId, tableId, filters the parsed object, limit 20}, printed as {success, status, data {records, hasMore, page, size}} (helpers/aitable.go:2345-2400; shortcut/aitable/aitable.go:702-736; record_query_all.go:32-92, :126-192)', async () => {
    await act({
      lines: [['aitable', '+field-get', '--base-id', 'BASE-7001', '--table-id', 'TBL-22']],
      calls: [['aitable', 'get_fields', { baseId: 'BASE-7001', tableId: 'TBL-22' }]],
    });
    const records = '[{"recordId":"REC-301","cells":{"fld_st":"已完成","fld_hr":3.5,"fld_ok":true}}]';
    const update = ['aitable', 'record', 'update', '--base-id', 'BASE-7001', '--table-id', 'TBL-22', '--records', records];
    const asked = await sent(update);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [[...update, '--yes']],
      calls: [['aitable', 'update_records', { baseId: 'BASE-7001', tableId: 'TBL-22', records: [{ recordId: 'REC-301', cells: { fld_st: '已完成', fld_hr: 3.5, fld_ok: true } }] }]],
    });
    const filters = { operator: 'and', operands: [{ operator: 'eq', operands: ['fld_st', '已完成'] }] };
    const done = await act({
      lines: [['aitable', '+record-query', '--base-id', 'BASE-7001', '--table-id', 'TBL-22', '--filters', JSON.stringify(filters), '--limit', '20']],
      answers: { 'aitable/query_records': { data: { records: [{ recordId: 'REC-301', cells: { fld_st: '已完成' } }], hasMore: false } } },
      calls: [['aitable', 'query_records', { baseId: 'BASE-7001', tableId: 'TBL-22', filters, limit: 20 }]],
    });
    expect(done).toEqual({ success: true, status: 'success', data: { records: [{ recordId: 'REC-301', cells: { fld_st: '已完成' } }], hasMore: false, page: 1, size: 1 } });
  });

  it('18. A1:D1 merged, then A1 bold on a yellow background: merge_cells {nodeId, sheetId, rangeAddress} (no mergeType unless typed); set_cell_range {nodeId, sheetId, rangeAddress, cells [[{cellStyles {backgroundColor, fontWeight}}]]} (helpers/sheet_dimension.go:325-333; sheet_style.go:278-400, :524-546)', async () => {
    await act({
      lines: [
        ['sheet', 'merge-cells', '--node', 'SHEET-9', '--sheet-id', 'Sheet1', '--range', 'A1:D1'],
        ['sheet', 'range', 'set-style', '--node', 'SHEET-9', '--sheet-id', 'Sheet1', '--range', 'A1', '--font-weight', 'bold', '--bg-color', '#FFE699'],
      ],
      calls: [
        ['sheet', 'merge_cells', { nodeId: 'SHEET-9', sheetId: 'Sheet1', rangeAddress: 'A1:D1' }],
        ['sheet', 'set_cell_range', { nodeId: 'SHEET-9', sheetId: 'Sheet1', rangeAddress: 'A1', cells: [[{ cellStyles: { backgroundColor: '#FFE699', fontWeight: 'bold' } }]] }],
      ],
    });
  });

  it('19. an employee\'s roster record, then the HR-brain career by employee number: hrmregister/get_authorized_emp_rosterInfo {staffId}; search_employees {currentPage 1, pageSize 20 (the int defaults), keyword}; get_employee_career {workNo} (helpers/contact.go:1073-1084; hrbrain.go:400-412, :503-526)', async () => {
    await act({
      lines: [
        ['contact', 'user', 'profile', 'get', '--staff-id', 'u_2001'],
        ['hrbrain', 'search', 'employees', '--keyword', '王强'],
        ['hrbrain', 'profile', 'career', '--work-no', '074360'],
      ],
      calls: [
        ['hrmregister', 'get_authorized_emp_rosterInfo', { staffId: 'u_2001' }],
        ['hrbrain', 'search_employees', { currentPage: 1, pageSize: 20, keyword: '王强' }],
        ['hrbrain', 'get_employee_career', { workNo: '074360' }],
      ],
    });
  });

  it('20. my org\'s developer apps, then one by its unifiedAppId: devapp/list_dev_app {pageSize 20}, {result: X} printed as X after the runner\'s success stamp; an empty nextCursor with no hasMore is refused; get_dev_app {unifiedAppId} (helpers/devapp.go:410-452, :1866-1906, :2005-2045, :2271-2285)', async () => {
    const list = { list: [{ unifiedAppId: 'app-501', name: '审批助手' }, { unifiedAppId: 'app-502', name: '日报机器人' }], hasMore: false };
    const printed = await act({
      lines: [['dev', 'app', 'list']],
      answers: { 'devapp/list_dev_app': { result: list } },
      calls: [['devapp', 'list_dev_app', { pageSize: 20 }]],
    });
    expect(printed).toEqual(list);
    mcp.answers['devapp/list_dev_app'] = () => ({ result: { list: list.list, nextCursor: '' } });
    const unknown = await sent(['dev', 'app', 'list']);
    expect([unknown.reason, unknown.category, unknown.printed]).toEqual(['backend_error', 'backend', undefined]);
    await act({
      lines: [['dev', 'app', 'get', '--unified-app-id', 'app-501']],
      calls: [['devapp', 'get_dev_app', { unifiedAppId: 'app-501' }]],
    });
  });
});

describe('agent test 20w: the search and help text that misled the agent', () => {
  it('misled (search, 1): a request to start a leave approval with its form fields ranked the list of approvals I started first; creating the approval now comes first', () => {
    expect(searched('发起一个请假审批，流程code PROC-LEAVE-01，表单填请假类型、开始时间、结束时间、天数、事由').paths[0]).toBe('oa.start_process_instance');
    expect(searched('列出我这个月发起的请假审批').paths.slice(0, 2)).toContain('oa.list_initiated_instances');
  });

  it('misled (search, 10): finding a department by name in the directory ranked the person-to-department shortcut first; the department search now comes first', () => {
    expect(searched('在通讯录里找一下研发部这个部门').paths[0]).toBe('contact.search_dept_by_keyword');
    expect(searched('张三是哪个部门的').paths[0]).toBe('contact.shortcut_org');
  });

  it('misled (search, 12): booking a room onto an event ranked the room release first; the booking now comes first', () => {
    expect(searched('把会议室订到日程上').paths[0]).toBe('calendar.add_meeting_room');
    expect(searched('把日程的会议室退掉').paths[0]).toBe('calendar.delete_meeting_room');
  });

  it('misled (search, 15): adding two userIds to a group chat ranked adding a bot first; adding people now comes first', () => {
    expect(searched('add u_7001 and u_7002 to the group chat').paths[0]).toBe('chat.add_group_member');
    expect(searched('add my bot to the group chat').paths[0]).toMatch(/^chat\.(add_robot_to_group|shortcut_chat_add_bot)$/);
  });

  it('misled (search, 17): AI-table records filtered by a status ranked my to-do list first; the record query now comes first', () => {
    expect(searched('list the AI table records whose 状态 is 已完成, at most 20').paths[0]).toBe('aitable.shortcut_record_query');
    expect(searched('看看我还有哪些没完成的待办').paths[0]).toBe('todo.get_user_todos_in_current_org');
  });

  it('misled (text, 19): the roster record\'s help did not say the direct manager is not in it; it now names `dws contact user get` for department, manager and admin flag, as upstream\'s help does (helpers/contact.go:1066-1069)', () => {
    const help = helpOf('contact', 'user', 'profile', 'get');
    expect(help).toMatch(/直属主管[^\n]*`dws contact user get`/);
    expect(help).toMatch(/direct manager[^\n]*`dws contact user get`/);
  });
});
