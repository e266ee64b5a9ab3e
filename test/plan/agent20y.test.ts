// Agent test 20y (notes/agent-test-20y.md, notes/agent20y.md): twenty everyday requests, each run with the command lines
// the agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls
// asserted are written from the upstream command bodies at c7521c1c (the lines named at each case), not from dws's
// output; where upstream reads or projects the answer, the printed result is asserted too. "Now" is Monday 2026-12-07
// 14:57 in Asia/Shanghai; the file runs in that zone. The last cases are the search and help text that misled the
// agent or left it guessing (named at each case): they failed before the catalog text of this change.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTimeZone } from '../helpers.js';
import { beijing, helpOf, searched, useOutputRuns } from './output-runs.js';

const { step: act, sent, mcp, runWith } = useOutputRuns('dws-agent20y-');

/** Epoch milliseconds of a Tokyo wall-clock time (UTC+9, no daylight saving). */
const tokyo = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h - 9, min);

describe('agent test 20y: each request sends what upstream sends for the same flags', () => {
  useTimeZone('Asia/Shanghai');
  afterEach(() => {
    vi.useRealTimers();
  });

  it('1. an approval\'s details and my task on it, then a rejection with a remark (asked first, declared): get_processInstance_detail {processInstanceId}; list_pending_tasks {processInstanceId}; reject_processInstance {processInstanceId, taskId a number by ParseFloat, remark} (helpers/oa.go:155-166, :492-501, :266-279)', async () => {
    await act({
      lines: [['oa', 'approval', 'detail', '--instance-id', 'PI-8802'], ['oa', 'approval', 'tasks', '--instance-id', 'PI-8802']],
      calls: [
        ['oa', 'get_processInstance_detail', { processInstanceId: 'PI-8802' }],
        ['oa', 'list_pending_tasks', { processInstanceId: 'PI-8802' }],
      ],
    });
    const reject = ['oa', 'approval', 'reject', '--instance-id', 'PI-8802', '--task-id', '88021', '--remark', '差旅标准超了，请改成经济舱后重新提交'];
    const asked = await sent(reject);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [[...reject, '--yes']],
      calls: [['oa', 'reject_processInstance', { processInstanceId: 'PI-8802', taskId: 88021, remark: '差旅标准超了，请改成经济舱后重新提交' }]],
    });
    // sibling: a task id ParseFloat refuses is sent as 0 (its error ignored), an exponent is read as a number
    await act({
      lines: [
        ['oa', 'approval', 'reject', '--instance-id', 'I', '--task-id', 'abc', '--yes'],
        ['oa', 'approval', 'reject', '--instance-id', 'I', '--task-id', '1e3', '--yes'],
      ],
      calls: [
        ['oa', 'reject_processInstance', { processInstanceId: 'I', taskId: 0 }],
        ['oa', 'reject_processInstance', { processInstanceId: 'I', taskId: 1000 }],
      ],
    });
  });

  it('2. a form\'s fields, then a new approval on it (asked first, as upstream): get_process_schema {processCode}; start_process_instance {ProcessInstanceCreationPopRequest {processCode, formComponentValues [{name, value}] (a Go map, so in no set order), deptId -1 from the text default by ParseInt}} (helpers/oa.go:1054-1062, :1165-1205, oaFormValues :33-43, :1332)', async () => {
    await act({
      lines: [['oa', 'approval', 'form-schema', '--process-code', 'PROC-LEAVE-02']],
      calls: [['oa', 'get_process_schema', { processCode: 'PROC-LEAVE-02' }]],
    });
    const start = ['oa', 'approval', 'create-instance', '--process-code', 'PROC-LEAVE-02', '--form-values', '{"请假类型":"年假","开始日期":"2026-12-10","天数":"1.5","事由":"家里有事"}'];
    const asked = await sent(start);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    mcp.calls.length = 0;
    const run = await sent([...start, '--yes']);
    expect(run.reason).toBeUndefined();
    const [[tool, args]] = run.calls as [string, { ProcessInstanceCreationPopRequest: { formComponentValues: { name: string }[] } }][];
    expect(tool).toBe('oa/start_process_instance');
    const request = args.ProcessInstanceCreationPopRequest;
    const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);
    expect({ ...request, formComponentValues: [...request.formComponentValues].sort(byName) }).toEqual({
      processCode: 'PROC-LEAVE-02',
      formComponentValues: [
        { name: '事由', value: '家里有事' }, { name: '天数', value: '1.5' }, { name: '开始日期', value: '2026-12-10' }, { name: '请假类型', value: '年假' },
      ].sort(byName),
      deptId: -1,
    });
  });

  it('3. a phone DING to two userIds, sent at once as asked (--yes): send_ding_message {robotCode from DINGTALK_DING_ROBOT_CODE, remindType 3 for call, receiverUserIdList, content}; a --type upstream\'s map does not hold (CALL, phone) falls back to 1 (helpers/ding.go:55-82, :18)', async () => {
    const env = { DINGTALK_DING_ROBOT_CODE: 'dingrobot_ops' };
    const send = await runWith(['ding', 'message', 'send', '--users', 'u_3301,u_3302', '--type', 'call', '--content', '机房温度告警，请马上看值班群', '--yes'], env);
    expect(send.calls).toEqual([['ding', 'send_ding_message', {
      robotCode: 'dingrobot_ops', remindType: 3, receiverUserIdList: ['u_3301', 'u_3302'], content: '机房温度告警，请马上看值班群',
    }]]);
    const odd = await runWith(['ding', 'message', 'send', '--users', 'u1, ,u2', '--type', 'CALL', '--content', 'x', '--yes'], env);
    expect(odd.calls).toEqual([['ding', 'send_ding_message', { robotCode: 'dingrobot_ops', remindType: 1, receiverUserIdList: ['u1', 'u2'], content: 'x' }]]);
  });

  it('4. my live streams: get_my_lives with no arguments, the answer printed as it came (the first five and the first one\'s details are read from it; helpers/live.go:24-37)', async () => {
    const lives = { result: { lives: [{ liveId: 'lv_01', title: 'Q4 产品发布会', playbackUrl: 'https://live.example/pb/lv_01' }] } };
    const printed = await act({ lines: [['live', 'stream', 'list']], answers: { 'live/get_my_lives': lives }, calls: [['live', 'get_my_lives', {}]] });
    expect(printed).toEqual(lives);
  });

  it('5. minutes by keyword from last Monday 09:00 to last Friday 18:00 Beijing, then one\'s summary and to-dos: list_by_keyword_and_time_range {belongingConditionId noLimit, maxResults 10 (the float default), createTimeStart/End epoch ms, keyword}; get_minutes_ai_summary and list_minutes_todos {taskUuid}, printed as the bundle {taskUuid, summary, todos, complete, failureCount} (helpers/minutes.go:126-139, :2192-2243, :600; smart/minutes_detail.go:126-245; minutesdata/response.go:97-128)', async () => {
    await act({
      lines: [['minutes', 'list', 'all', '--query', '季度复盘', '--start', '2026-11-30 09:00', '--end', '2026-12-04 18:00']],
      calls: [['minutes', 'list_by_keyword_and_time_range', {
        belongingConditionId: 'noLimit', maxResults: 10, createTimeStart: beijing(2026, 11, 30, 9), createTimeEnd: beijing(2026, 12, 4, 18), keyword: '季度复盘',
      }]],
    });
    const summary = { result: { fullSummary: '收入达成 96%，渠道成本偏高' } };
    const todos = { result: { actions: [{ content: '补充渠道数据' }] } };
    const printed = await act({
      lines: [['minutes', '+detail', '--id', 'MIN-4402', '--artifacts', 'summary,todos']],
      answers: { 'minutes/get_minutes_ai_summary': summary, 'minutes/list_minutes_todos': todos },
      calls: [['minutes', 'get_minutes_ai_summary', { taskUuid: 'MIN-4402' }], ['minutes', 'list_minutes_todos', { taskUuid: 'MIN-4402' }]],
    });
    expect(printed).toEqual({ taskUuid: 'MIN-4402', summary, todos, complete: true, failureCount: 0 });
  });

  it('6. a knowledge base\'s members, one made a reader, another removed: list_member {workspaceId} (no maxResults unless --limit is typed); update_member {workspaceId, roleId upper-cased and trimmed, userIds}; remove_member {workspaceId, userIds} (helpers/wiki.go:706-728, :636-651, :789-798; doc.go:5118-5150)', async () => {
    await act({
      lines: [
        ['wiki', 'member', 'list', '--workspace', 'WS-5521'],
        ['wiki', 'member', 'update', '--workspace', 'WS-5521', '--users', 'u_8801', '--role', 'reader'],
        ['wiki', 'member', 'remove', '--workspace', 'WS-5521', '--users', 'u_8802'],
        ['wiki', 'member', 'update', '--workspace', 'WS-5521', '--users', 'u_8801', '--role', ' Editor '],
      ],
      calls: [
        ['wiki', 'list_member', { workspaceId: 'WS-5521' }],
        ['wiki', 'update_member', { workspaceId: 'WS-5521', roleId: 'READER', userIds: ['u_8801'] }],
        ['wiki', 'remove_member', { workspaceId: 'WS-5521', userIds: ['u_8802'] }],
        ['wiki', 'update_member', { workspaceId: 'WS-5521', roleId: 'EDITOR', userIds: ['u_8801'] }],
      ],
    });
  });

  it('7. a doc\'s blocks, one rewritten, one deleted (asked first): list_document_blocks {nodeId}; update_document_block {nodeId, blockId, element {blockType paragraph, paragraph {text}}}; delete_document_block {nodeId, blockId} (helpers/doc.go:2058-2085, :2272-2312, buildBlockElement :1022-1046, :2357-2366)', async () => {
    await act({
      lines: [
        ['doc', 'block', 'list', '--node', 'DOC-7710'],
        ['doc', 'block', 'update', '--node', 'DOC-7710', '--block-id', 'blk_5', '--text', '第二阶段：12 月 20 日前完成联调'],
      ],
      calls: [
        ['doc', 'list_document_blocks', { nodeId: 'DOC-7710' }],
        ['doc', 'update_document_block', { nodeId: 'DOC-7710', blockId: 'blk_5', element: { blockType: 'paragraph', paragraph: { text: '第二阶段：12 月 20 日前完成联调' } } }],
      ],
    });
    const del = ['doc', 'block', 'delete', '--node', 'DOC-7710', '--block-id', 'blk_9'];
    const asked = await sent(del);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({ lines: [[...del, '--yes']], calls: [['doc', 'delete_document_block', { nodeId: 'DOC-7710', blockId: 'blk_9' }]] });
  });

  it('8. a comment on a doc, then its comments: doc-comment/create_comment {nodeId, content}; doc-comment/list_comments {nodeId} (no pageSize unless --limit is typed, 0 included) (helpers/doc.go:3128-3145, :3043-3064)', async () => {
    await act({
      lines: [
        ['doc', 'comment', 'create', '--node', 'DOC-7720', '--content', '这里的数据来源请补充一下 / please cite the data source'],
        ['doc', 'comment', 'list', '--node', 'DOC-7720'],
        ['doc', 'comment', 'list', '--node', 'DOC-7720', '--limit', '0'],
      ],
      calls: [
        ['doc-comment', 'create_comment', { nodeId: 'DOC-7720', content: '这里的数据来源请补充一下 / please cite the data source' }],
        ['doc-comment', 'list_comments', { nodeId: 'DOC-7720' }],
        ['doc-comment', 'list_comments', { nodeId: 'DOC-7720', pageSize: 0 }],
      ],
    });
  });

  it('9. a drive folder\'s files, then two files moved into another folder: list_files {maxResults 20 (float), parentId}, a --limit over 50 sent as 50; doc/move_document {nodeId, targetFolderId} once per file (helpers/drive.go:538-581, :1778-1791)', async () => {
    await act({
      lines: [
        ['drive', 'list', '--folder', 'FD-3300'],
        ['drive', 'move', '--node', 'F-3301', '--folder', 'FD-3399'],
        ['drive', 'move', '--node', 'F-3302', '--folder', 'FD-3399'],
        ['drive', 'list', '--folder', 'FD-3300', '--limit', '100'],
      ],
      calls: [
        ['drive', 'list_files', { maxResults: 20, parentId: 'FD-3300' }],
        ['doc', 'move_document', { nodeId: 'F-3301', targetFolderId: 'FD-3399' }],
        ['doc', 'move_document', { nodeId: 'F-3302', targetFolderId: 'FD-3399' }],
        ['drive', 'list_files', { maxResults: 50, parentId: 'FD-3300' }],
      ],
    });
  });

  it('10. who can reach a drive folder, one removed, one made an editor: doc/list_permission {nodeId}; doc/remove_permission {nodeId, userIds}; doc/update_permission {nodeId, roleId upper-cased, userIds} (helpers/drive.go:2198-2221, :2121-2147; doc.go:3795-3814)', async () => {
    await act({
      lines: [
        ['drive', 'permission', 'list', '--node', 'FD-3400'],
        ['drive', 'permission', 'remove', '--node', 'FD-3400', '--users', 'u_3410'],
        ['drive', 'permission', 'update', '--node', 'FD-3400', '--users', 'u_3411', '--role', 'editor'],
      ],
      calls: [
        ['doc', 'list_permission', { nodeId: 'FD-3400' }],
        ['doc', 'remove_permission', { nodeId: 'FD-3400', userIds: ['u_3410'] }],
        ['doc', 'update_permission', { nodeId: 'FD-3400', roleId: 'EDITOR', userIds: ['u_3411'] }],
      ],
    });
  });

  it('11. a department by name, then its members: search_dept_by_keyword {query}; get_dept_members_by_deptId {deptIds the trimmed comma list as texts} (helpers/contact.go:801-811, :934-956)', async () => {
    await act({
      lines: [['contact', 'dept', 'search', '--query', '华东销售部'], ['contact', 'dept', 'list-members', '--depts', '58120'], ['contact', 'dept', 'list-members', '--depts', '58120, 58121']],
      calls: [
        ['contact', 'search_dept_by_keyword', { query: '华东销售部' }],
        ['contact', 'get_dept_members_by_deptId', { deptIds: ['58120'] }],
        ['contact', 'get_dept_members_by_deptId', { deptIds: ['58120', '58121'] }],
      ],
    });
  });

  it('12. a to-do made low priority and due this Friday 17:30 Beijing, then its details: update_todo_task {TodoUpdateRequest {taskId, dueTime epoch ms, priority 10 by Atoi}}; get_todo_detail {taskId}, printed with the detail links as dingtalk:// links (helpers/todo.go:350-389, :503-535)', async () => {
    await act({
      lines: [['todo', 'task', 'update', '--task-id', 'T-5510', '--priority', '10', '--due', '2026-12-11 17:30']],
      calls: [['todo', 'update_todo_task', { TodoUpdateRequest: { taskId: 'T-5510', dueTime: beijing(2026, 12, 11, 17, 30), priority: 10 } }]],
    });
    const detail = { result: { todoDetailModel: { taskId: 'T-5510', priority: 10, detailUrl: { appUrl: 'https://todo.example/app?id=T-5510&x=1', pcUrl: '' } } } };
    const printed = await act({ lines: [['todo', 'task', 'get', '--task-id', 'T-5510']], answers: { 'todo/get_todo_detail': detail }, calls: [['todo', 'get_todo_detail', { taskId: 'T-5510' }]] });
    expect(printed).toEqual({ result: { todoDetailModel: { taskId: 'T-5510', priority: 10, detailUrl: {
      appUrl: 'dingtalk://dingtalkclient/page/link?pc_slide=true&url=https%3A%2F%2Ftodo.example%2Fapp%3Fid%3DT-5510%26x%3D1', pcUrl: '',
    } } } });
  });

  it('13. two people\'s free/busy tomorrow 14:00-18:00 Tokyo time, then a meeting with them and a room at 16:00 Tokyo time: query_busy_status {startTime, endTime epoch ms, userIds}, printed without the schedule items whose status is null or empty; create_calendar_event {summary, startDateTime and endDateTime as typed, timeZone, attendees, roomIds} (helpers/calendar.go:1376-1404, callFilteredBusyStatus :2851-2880, :430-483)', async () => {
    const busy = { result: [{ userId: 'u_7701', scheduleItems: [{ status: 'BUSY', start: { dateTime: '2026-12-08T14:00:00+09:00' } }, { status: null }, { status: '' }] }, { userId: 'u_7702', scheduleItems: [] }] };
    const printed = await act({
      lines: [['calendar', 'busy', 'search', '--users', 'u_7701,u_7702', '--start', '2026-12-08T14:00:00+09:00', '--end', '2026-12-08T18:00:00+09:00']],
      answers: { 'calendar/query_busy_status': busy },
      calls: [['calendar', 'query_busy_status', { startTime: tokyo(2026, 12, 8, 14), endTime: tokyo(2026, 12, 8, 18), userIds: ['u_7701', 'u_7702'] }]],
    });
    expect(printed).toEqual({ result: [{ userId: 'u_7701', scheduleItems: [{ status: 'BUSY', start: { dateTime: '2026-12-08T14:00:00+09:00' } }] }, { userId: 'u_7702', scheduleItems: [] }] });
    await act({
      lines: [['calendar', 'event', 'create', '--title', 'Japan launch sync', '--start', '2026-12-08T16:00:00+09:00', '--end', '2026-12-08T16:30:00+09:00', '--attendees', 'u_7701,u_7702', '--rooms', 'R-1201', '--timezone', 'Asia/Tokyo']],
      calls: [['calendar', 'create_calendar_event', {
        summary: 'Japan launch sync', startDateTime: '2026-12-08T16:00:00+09:00', endDateTime: '2026-12-08T16:30:00+09:00', timeZone: 'Asia/Tokyo', attendees: ['u_7701', 'u_7702'], roomIds: ['R-1201'],
      }]],
    });
  });

  it('14. an invitation declined: respond {eventId, responseStatus declined}; upstream has no note (helpers/calendar.go:744-777)', async () => {
    await act({ lines: [['calendar', 'event', 'respond', '--id', 'EV-9091', '--status', 'declined']], calls: [['calendar', 'respond', { eventId: 'EV-9091', responseStatus: 'declined' }]] });
  });

  it('15. my mailbox, the mails from one sender since last Friday, then a sender-only reply with a local file (asked first, declared): list_user_mailboxes {}; search_emails {email, query, size "20" a text}; list_user_mailboxes, create_reply_draft {from, messageId, body}, create_upload_session {email, messageId the draft id, name, isInline false}, the bytes POSTed, send_draft {email, messageId, saveToSentItems true} (helpers/mail.go:315-331, :1348-1392, :4166-4212)', async () => {
    const mailboxes = { success: true, result: { mailboxes: [{ email: 'wang.fang@corp-example.com', accountType: 'ENTERPRISE' }] } };
    await act({
      lines: [
        ['mail', 'mailbox', 'list'],
        ['mail', 'message', 'search', '--email', 'wang.fang@corp-example.com', '--query', 'from:finance@corp-example.com AND date>=2026-12-03T16:00:00Z'],
      ],
      answers: { 'mail/list_user_mailboxes': mailboxes },
      calls: [
        ['mail', 'list_user_mailboxes', {}],
        ['mail', 'search_emails', { email: 'wang.fang@corp-example.com', query: 'from:finance@corp-example.com AND date>=2026-12-03T16:00:00Z', size: '20' }],
      ],
    });
    const files = { 'invoice-2026-12.xlsx': 'inv,amt\nA,100\n' };
    const reply = ['mail', 'message', 'reply', '--from', 'wang.fang@corp-example.com', '--id', 'msg_fin_3', '--content', '已收到，周三前处理完', '--attachment', './invoice-2026-12.xlsx'];
    const asked = await sent(reply, files);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    mcp.answers['mail/create_upload_session'] = () => ({ success: true, result: { uploadUrl: `${mcp.base}/upload/inv1` } });
    mcp.uploads.length = 0;
    await act({
      lines: [[...reply, '--yes']],
      files,
      answers: {
        'mail/list_user_mailboxes': mailboxes,
        'mail/create_reply_draft': { success: true, result: { message: { id: 'DRAFT-15' } } },
        'mail/send_draft': { success: true },
      },
      calls: [
        ['mail', 'list_user_mailboxes', {}],
        ['mail', 'create_reply_draft', { from: 'wang.fang@corp-example.com', messageId: 'msg_fin_3', body: '已收到，周三前处理完' }],
        ['mail', 'create_upload_session', { email: 'wang.fang@corp-example.com', messageId: 'DRAFT-15', name: 'invoice-2026-12.xlsx', isInline: false }],
        ['mail', 'send_draft', { email: 'wang.fang@corp-example.com', messageId: 'DRAFT-15', saveToSentItems: true }],
      ],
    });
    expect(mcp.uploads.map((u) => [u.name, u.method, u.bytes.toString()])).toEqual([['inv1', 'POST', 'inv,amt\nA,100\n']]);
  });

  it('16. who has read my message, then the message pinned: im/query_msg_read_status {openConversationId, openMessageId}; im/set_pin_message {openConversationId, openMessageId}; upstream takes no end time (helpers/chat.go:4523-4542, :8354-8364)', async () => {
    await act({
      lines: [
        ['chat', 'message', 'read-status', '--conversation-id', 'cid_A1B2', '--message-id', 'msg_9001'],
        ['chat', 'message', 'set-pin-msg', '--open-conversation-id', 'cid_A1B2', '--message-id', 'msg_9001'],
      ],
      calls: [
        ['im', 'query_msg_read_status', { openConversationId: 'cid_A1B2', openMessageId: 'msg_9001' }],
        ['im', 'set_pin_message', { openConversationId: 'cid_A1B2', openMessageId: 'msg_9001' }],
      ],
    });
  });

  it('17. a new group with three members, then one made an admin: get_current_user_profile, then create_group_conversation {groupName, groupMembers with me first, groupType INTERNAL}, printed with openCid renamed openConversationId and cid dropped; update_conv_member_roles {openConversationId, admin true, uids} (helpers/chat.go:2546-2605, helpers.go:521-560, :7384-7403)', async () => {
    const printed = await act({
      lines: [['chat', 'group', 'create', '--name', 'Q1 预算小组', '--users', 'u_1701,u_1702,u_1703']],
      answers: {
        'contact/get_current_user_profile': { result: { userId: 'u_1700' } },
        'im/create_group_conversation': { result: { openCid: 'cid_Q1B', cid: '12345:67890', title: 'Q1 预算小组' } },
      },
      calls: [
        ['contact', 'get_current_user_profile', {}],
        ['im', 'create_group_conversation', { groupName: 'Q1 预算小组', groupMembers: ['u_1700', 'u_1701', 'u_1702', 'u_1703'], groupType: 'INTERNAL' }],
      ],
    });
    expect(printed).toEqual({ result: { openConversationId: 'cid_Q1B', title: 'Q1 预算小组' } });
    await act({
      lines: [['chat', 'group', 'set-admin', '--conversation-id', 'cid_Q1B', '--users', 'u_1702']],
      calls: [['im', 'update_conv_member_roles', { openConversationId: 'cid_Q1B', admin: true, uids: ['u_1702'] }]],
    });
  });

  it('18. a grid view, the fields, one record\'s date, number and multi-select set, then two records deleted (each write asked first): create_view {baseId, tableId, viewType, viewName}; get_fields {baseId, tableId}; update_records {baseId, tableId, records as typed, 12800.5 a number}; delete_records {baseId, tableId, recordIds} (helpers/aitable.go:3361-3381, :1770-1784, :2345-2400, :2427-2446)', async () => {
    await act({
      lines: [
        ['aitable', 'view', 'create', '--base-id', 'BASE-18', '--table-id', 'TBL-3', '--view-type', 'Grid', '--name', '本周跟进'],
        ['aitable', 'field', 'list', '--base-id', 'BASE-18', '--table-id', 'TBL-3'],
      ],
      calls: [
        ['aitable', 'create_view', { baseId: 'BASE-18', tableId: 'TBL-3', viewType: 'Grid', viewName: '本周跟进' }],
        ['aitable', 'get_fields', { baseId: 'BASE-18', tableId: 'TBL-3' }],
      ],
    });
    const records = '[{"recordId":"rec_9","cells":{"fld_date":"2026-12-14","fld_amt":12800.5,"fld_tags":["紧急","外部"]}}]';
    const update = ['aitable', 'record', 'update', '--base-id', 'BASE-18', '--table-id', 'TBL-3', '--records', records];
    const del = ['aitable', 'record', 'delete', '--base-id', 'BASE-18', '--table-id', 'TBL-3', '--record-ids', 'rec_10,rec_11'];
    for (const write of [update, del]) {
      const asked = await sent(write);
      expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    }
    await act({
      lines: [[...update, '--yes'], [...del, '--yes']],
      calls: [
        ['aitable', 'update_records', { baseId: 'BASE-18', tableId: 'TBL-3', records: [{ recordId: 'rec_9', cells: { fld_date: '2026-12-14', fld_amt: 12800.5, fld_tags: ['紧急', '外部'] } }] }],
        ['aitable', 'delete_records', { baseId: 'BASE-18', tableId: 'TBL-3', recordIds: ['rec_10', 'rec_11'] }],
      ],
    });
  });

  it('19. a header row styled on a named sheet, a row merged, the first row frozen: set_cell_range {nodeId, sheetId (a name as typed), rangeAddress, cells: one row of six {cellStyles {backgroundColor, fontSize a number, fontWeight}}}; merge_cells {nodeId, sheetId, rangeAddress} (no mergeType unless typed); update_sheet {nodeId, sheetId, frozenRowCount 1} (helpers/sheet_style.go:527-545; sheet_dimension.go:325-333; sheet_workbook.go:284-322)', async () => {
    const style = { cellStyles: { backgroundColor: '#FFF2CC', fontSize: 12, fontWeight: 'bold' } };
    await act({
      lines: [
        ['sheet', 'range', 'set-style', '--node', 'SH-1901', '--sheet-id', '汇总', '--range', 'A1:F1', '--font-weight', 'bold', '--font-size', '12', '--bg-color', '#FFF2CC'],
        ['sheet', 'merge-cells', '--node', 'SH-1901', '--sheet-id', '汇总', '--range', 'A10:F10'],
        ['sheet', 'update', '--node', 'SH-1901', '--sheet-id', '汇总', '--frozen-row-count', '1'],
      ],
      calls: [
        ['sheet', 'set_cell_range', { nodeId: 'SH-1901', sheetId: '汇总', rangeAddress: 'A1:F1', cells: [[style, style, style, style, style, style]] }],
        ['sheet', 'merge_cells', { nodeId: 'SH-1901', sheetId: '汇总', rangeAddress: 'A10:F10' }],
        ['sheet', 'update_sheet', { nodeId: 'SH-1901', sheetId: '汇总', frozenRowCount: 1 }],
      ],
    });
    const negative = await sent(['sheet', 'update', '--node', 'SH-1901', '--sheet-id', '汇总', '--frozen-row-count', '-1']);
    expect([negative.reason, negative.calls]).toEqual(['invalid_parameter', []]);
  });

  it('20. a new internal app (asked first, as upstream\'s guard-first confirmation), then my apps by its name: devapp/create_dev_app {name, desc}; devapp/list_dev_app {name, pageSize 20} (helpers/devapp.go:512-520, :410-452)', async () => {
    const create = ['dev', 'app', 'create', '--name', 'Q1 报表助手', '--desc', '自动汇总各部门季度报表'];
    const asked = await sent(create);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [[...create, '--yes'], ['dev', 'app', 'list', '--name', 'Q1 报表助手']],
      answers: {
        'devapp/create_dev_app': { success: true, result: { unifiedAppId: 'ua_q1rep' } },
        'devapp/list_dev_app': { success: true, result: { list: [{ unifiedAppId: 'ua_q1rep' }], hasMore: false } },
      },
      calls: [
        ['devapp', 'create_dev_app', { name: 'Q1 报表助手', desc: '自动汇总各部门季度报表' }],
        ['devapp', 'list_dev_app', { name: 'Q1 报表助手', pageSize: 20 }],
      ],
    });
  });
});

describe('agent test 20y: the search and help text that misled the agent or left it guessing', () => {
  it('misled (search, 1): rejecting an approval with a remark (驳回 … 意见) ranked the approve command first; the reject command now comes first, and approving with a remark still ranks approve first', () => {
    expect(searched('驳回审批单 PI-8802，意见写差旅标准超了，请改成经济舱后重新提交').paths[0]).toBe('oa.reject_processInstance');
    expect(searched('同意审批单 PI-8802，意见写预算已核对').paths[0]).toBe('oa.approve_processInstance');
  });

  it('misled (search, 2): "file a leave request" was flagged as the drive\'s known gap of file requests; a file request for a folder is still flagged', () => {
    const leave = searched('I want to file a leave request with the approval form whose process code is PROC-LEAVE-02. First show me which fields that form has, then start it');
    expect(leave.hint).not.toContain('Known gap (drive)');
    expect(leave.paths.slice(0, 3)).toContain('oa.start_process_instance');
    const files = searched('set up a file request so clients can upload their contracts into our folder');
    expect([files.weak, files.hint]).toEqual([true, expect.stringContaining('Known gap (drive)')]);
  });

  it('misled (search, 10): taking a colleague\'s access to a drive folder away ranked the local-folder push and pull first; the permission removal now comes first', () => {
    expect(searched("Take away u_3410's access to drive folder FD-3400").paths[0]).toBe('drive.permission_remove');
  });

  it('misled (search, 13): whether two colleagues are free tomorrow (Tokyo time) ranked my own free slots first and led the free/busy group by my own free/busy; the free/busy of people by userId now leads', () => {
    const free = searched('Check whether u_7701 and u_7702 are free tomorrow between 14:00 and 18:00 Tokyo time');
    expect(free.paths[0]).toMatch(/^calendar\.(query_busy_status|shortcut_freebusy)$/);
    expect(searched('Am I busy tomorrow morning').paths[0]).toMatch(/^calendar\.shortcut_(my_free|free_slots)$/);
  });

  it('left guessing (search, 14): declining an invitation with a note found the respond command without saying that no note can go with it; it is now a known gap', () => {
    const decline = searched('日程 EV-9091（本周三那个评审会）我去不了，帮我回复拒绝，备注与客户会冲突，会后看纪要');
    expect([decline.paths[0], decline.weak, decline.hint]).toEqual(['calendar.respond', true, expect.stringContaining('Known gap (calendar)')]);
    expect(searched('decline the meeting invite EV-9091 with a note to the organizer').hint).toContain('Known gap (calendar)');
    expect(searched('帮我接受日程 EV-9091 的邀请').weak).toBe(false);
  });

  it('left guessing (search, 16): pinning a message until a given time found the pin command without saying that it takes no end time; it is now a known gap', () => {
    const pin = searched('pin message msg_9001 in group cid_A1B2 until this Friday 18:00 Beijing time');
    expect([pin.paths[0], pin.hint]).toEqual(['chat.set_pin_message', expect.stringContaining('Known gap (chat)')]);
    expect(searched('把这条群消息置顶到周五晚上 6 点，到期自动取消').hint).toContain('Known gap (chat)');
    expect(searched('pin message msg_9001 in group cid_A1B2').weak).toBe(false);
  });

  it('left guessing (text, 18): the record update help did not say how cell values are written (a date, a number, a multi-select); it now points to the formats of `dws aitable record create` (upstream: "cells 的写入格式与 record create 相同", helpers/aitable.go:2351)', () => {
    const help = helpOf('aitable', 'record', 'update');
    expect(help).toMatch(/Cell values are written as for `dws aitable record create`/);
    expect(help).toMatch(/单元格值的写法与 `dws aitable record create` 相同/);
  });
});
