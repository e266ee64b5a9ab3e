// Agent test 20z (notes/agent-test-20z.md, notes/agent20z.md): twenty everyday requests, each run with the command lines
// the agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls
// asserted are written from the upstream command bodies at c7521c1c (the lines named at each case), not from dws's
// output; where upstream reads or projects the answer, the printed result is asserted too. "Now" is Monday 2026-12-07
// 18:02 in Asia/Shanghai; the file runs in that zone. The last cases are the search and help text that misled the
// agent or left it guessing (named at each case): they failed before the catalog text of this change.
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, useTimeZone } from '../helpers.js';
import { beijing, helpOf, searched, useOutputRuns } from './output-runs.js';

const { step: act, sent, mcp, runWith, env: runEnv } = useOutputRuns('dws-agent20z-');

/** The moment the requests were typed: Monday 2026-12-07 18:02 Beijing. */
const NOW = new Date(Date.UTC(2026, 11, 7, 10, 2));

/** Epoch milliseconds of a New York wall-clock time in December (EST, UTC-5). */
const newYork = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h + 5, min);

describe('agent test 20z: each request sends what upstream sends for the same flags', () => {
  useTimeZone('Asia/Shanghai');

  it('1. an approval I started withdrawn with a remark (confirmation required, as upstream declares it): revoke_processInstance {processInstanceId, remark when not blank} (helpers/oa.go:318-335, Confirmation user_required :337-341)', async () => {
    const revoke = ['oa', 'approval', 'revoke', '--instance-id', 'PI-5120', '--remark', '供应商报价有误，重新询价后再提'];
    const asked = await sent(revoke);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [[...revoke, '--yes'], ['oa', 'approval', 'revoke', '--instance-id', 'PI-5121', '--remark', '', '--yes']],
      calls: [
        ['oa', 'revoke_processInstance', { processInstanceId: 'PI-5120', remark: '供应商报价有误，重新询价后再提' }],
        ['oa', 'revoke_processInstance', { processInstanceId: 'PI-5121' }],
      ],
    });
  });

  it('2. approvals waiting for me over the last month, my task on one, then approved with a comment (asked first: a declared deviation): list_pending_approvals {starTime, endTime epoch ms as floats; a date alone is Beijing midnight}; list_pending_tasks {processInstanceId}; approve_processInstance {processInstanceId, taskId a number by ParseFloat, remark} (helpers/oa.go:79-112, :492-501, :205-222)', async () => {
    await act({
      lines: [
        ['oa', 'approval', 'list-pending', '--start', '2026-11-07', '--end', '2026-12-07 18:10'],
        ['oa', 'approval', 'tasks', '--instance-id', 'PI-6001'],
      ],
      calls: [
        ['oa', 'list_pending_approvals', { starTime: beijing(2026, 11, 7), endTime: beijing(2026, 12, 7, 18, 10) }],
        ['oa', 'list_pending_tasks', { processInstanceId: 'PI-6001' }],
      ],
    });
    const approve = ['oa', 'approval', 'approve', '--instance-id', 'PI-6001', '--task-id', '60011', '--remark', '同意，按预算执行'];
    const asked = await sent(approve);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [[...approve, '--yes']],
      calls: [['oa', 'approve_processInstance', { processInstanceId: 'PI-6001', taskId: 60011, remark: '同意，按预算执行' }]],
    });
    // sibling: --page and --limit go out as numbers (ParseFloat), a --limit that is no number is left out
    await act({
      lines: [['oa', 'approval', 'list-pending', '--start', '2026-11-07', '--end', '2026-12-07', '--page', '2', '--limit', 'ten']],
      calls: [['oa', 'list_pending_approvals', { starTime: beijing(2026, 11, 7), endTime: beijing(2026, 12, 7), pageNum: 2 }]],
    });
  });

  it('3. an SMS DING to one userId (asked first, declared), then recalled by its openDingId: send_ding_message {robotCode from DINGTALK_DING_ROBOT_CODE, remindType 2 for sms, receiverUserIdList, content}; recall_ding_message {robotCode, openDingId} (helpers/ding.go:55-82, :126-144)', async () => {
    const env = { DINGTALK_DING_ROBOT_CODE: 'dingrobot_ops' };
    const send = ['ding', 'message', 'send', '--users', 'u_1201', '--type', 'sms', '--content', '明早 9 点前请提交周报'];
    mcp.calls.length = 0;
    const asked = await dispatchInProcess(send, { ...runEnv(), ...env });
    expect([asked.error?.reason, mcp.calls]).toEqual(['confirmation_required', []]);
    const sentDing = await runWith([...send, '--yes'], env);
    expect(sentDing.calls).toEqual([['ding', 'send_ding_message', {
      robotCode: 'dingrobot_ops', remindType: 2, receiverUserIdList: ['u_1201'], content: '明早 9 点前请提交周报',
    }]]);
    const recall = await runWith(['ding', 'message', 'recall', '--id', 'ding_7781'], env);
    expect(recall.calls).toEqual([['ding', 'recall_ding_message', { robotCode: 'dingrobot_ops', openDingId: 'ding_7781' }]]);
    // sibling: without a robot code anywhere the recall is refused before any call (ding.go:136-140)
    const bare = await sent(['ding', 'message', 'recall', '--id', 'ding_7781']);
    expect([bare.reason, bare.calls]).toEqual(['invalid_parameter', []]);
  });

  it('4. a live stream\'s details, read from my live streams: get_my_lives with no arguments, the answer printed as it came (helpers/live.go:33-37; no command takes a live id)', async () => {
    const lives = { result: { lives: [{ liveId: 'live_3305', title: '2027 新品发布', startTime: 1796706000000, anchorNickname: '王五', hasPlayback: true }] } };
    const printed = await act({ lines: [['live', 'stream', 'list']], answers: { 'live/get_my_lives': lives }, calls: [['live', 'get_my_lives', {}]] });
    expect(printed).toEqual(lives);
  });

  it('5. my ten newest minutes, then one\'s whole transcript: list_by_keyword_and_time_range {belongingConditionId created, maxResults 10 (float)}; get_minutes_transcription {taskUuid, direction "0", nextToken from the page before} page by page, printed as {complete, direction, duplicateCount, pages, paragraphCount, paragraphList, taskUuid} (helpers/minutes.go:34-42, :2192-2243; smart/transcript.go:100-153; minutesdata/pager.go:26-116, response.go:64-91)', async () => {
    await act({
      lines: [['minutes', 'list', 'mine', '--limit', '10']],
      calls: [['minutes', 'list_by_keyword_and_time_range', { belongingConditionId: 'created', maxResults: 10 }]],
    });
    const pages = [
      { result: { paragraphList: [{ paragraphId: 'p1', speaker: '张三', text: '大家好' }], nextToken: 'c2', hasNext: true } },
      { result: { paragraphList: [{ paragraphId: 'p2', speaker: '李四', text: '开始吧' }, { paragraphId: 'p1', speaker: '张三', text: '大家好' }], hasNext: false } },
    ];
    const printed = await act({
      lines: [['minutes', '+transcript', '--id', 'mt_889']],
      answers: { 'minutes/get_minutes_transcription': { pages } },
      calls: [
        ['minutes', 'get_minutes_transcription', { taskUuid: 'mt_889', direction: '0' }],
        ['minutes', 'get_minutes_transcription', { taskUuid: 'mt_889', direction: '0', nextToken: 'c2' }],
      ],
    });
    expect(printed).toEqual({
      complete: true, direction: '0', duplicateCount: 1, pages: 2, paragraphCount: 2, taskUuid: 'mt_889',
      paragraphList: [{ paragraphId: 'p1', speaker: '张三', text: '大家好' }, { paragraphId: 'p2', speaker: '李四', text: '开始吧' }],
    });
  });

  it('6. a new knowledge base, then one editor and one reader: create_wikiSpace {name}; add_member {workspaceId, roleId upper-cased, userIds} once per role (helpers/wiki.go:171-193, :528-568; normalizePermissionRole doc.go:5118)', async () => {
    await act({
      lines: [
        ['wiki', 'space', 'create', '--name', '2027 产品规划'],
        ['wiki', 'member', 'add', '--workspace', 'ws_2027pp', '--users', 'u_2201', '--role', 'editor'],
        ['wiki', 'member', 'add', '--workspace', 'ws_2027pp', '--users', 'u_2202', '--role', 'reader'],
      ],
      calls: [
        ['wiki', 'create_wikiSpace', { name: '2027 产品规划' }],
        ['wiki', 'add_member', { workspaceId: 'ws_2027pp', roleId: 'EDITOR', userIds: ['u_2201'] }],
        ['wiki', 'add_member', { workspaceId: 'ws_2027pp', roleId: 'READER', userIds: ['u_2202'] }],
      ],
    });
    // sibling: --desc goes out as description (wiki.go:186-188)
    await act({
      lines: [['wiki', 'space', 'create', '--name', 'N', '--desc', '规划归档']],
      calls: [['wiki', 'create_wikiSpace', { name: 'N', description: '规划归档' }]],
    });
  });

  it('7. a doc\'s comments, then a reply to one: doc-comment/list_comments {nodeId} (no pageSize unless --limit is typed); doc-comment/reply_comment {nodeId, content, replyCommentKey} (helpers/doc.go:3024-3064, :3192-3240)', async () => {
    await act({
      lines: [
        ['doc', 'comment', 'list', '--node', 'doc_4410'],
        ['doc', 'comment', 'reply', '--node', 'doc_4410', '--comment-key', 'cm_12', '--content', '已按意见修改，请再看一下'],
      ],
      calls: [
        ['doc-comment', 'list_comments', { nodeId: 'doc_4410' }],
        ['doc-comment', 'reply_comment', { nodeId: 'doc_4410', content: '已按意见修改，请再看一下', replyCommentKey: 'cm_12' }],
      ],
    });
    // sibling: --emoji sends emoji true, --mention a list of userIds (doc.go:3224-3235)
    await act({
      lines: [['doc', 'comment', 'reply', '--node', 'doc_4410', '--comment-key', 'cm_12', '--content', '比心', '--emoji', '--mention', 'u1,u2']],
      calls: [['doc-comment', 'reply_comment', { nodeId: 'doc_4410', content: '比心', replyCommentKey: 'cm_12', emoji: true, mentionedUserIds: ['u1', 'u2'] }]],
    });
  });

  it('8. a level-2 heading then a three-item bulleted list appended to a doc: insert_document_block {nodeId, element {blockType heading, heading {text, level}}}; then one unorderedList element per item with the same listId (buildBlockElement helpers/doc.go:1022-1047, the insert body :2126-2221 and its list examples)', async () => {
    const item = (text: string) => ({ blockType: 'unorderedList', unorderedList: { list: { listId: 'q1-risks' } }, children: [{ text }] });
    await act({
      lines: [
        ['doc', 'block', 'insert', '--node', 'doc_4411', '--heading', 'Q1 Risks', '--level', '2'],
        ...['预算', '人力', '排期'].map((t) => ['doc', 'block', 'insert', '--node', 'doc_4411', '--element', JSON.stringify(item(t))]),
      ],
      calls: [
        ['doc', 'insert_document_block', { nodeId: 'doc_4411', element: { blockType: 'heading', heading: { text: 'Q1 Risks', level: 2 } } }],
        ...['预算', '人力', '排期'].map((t): [string, string, Record<string, unknown>] => ['doc', 'insert_document_block', { nodeId: 'doc_4411', element: item(t) }]),
      ],
    });
  });

  it('9. a drive subfolder, then a local file uploaded into it: create_folder {name, parentId}; drive/get_upload_info {fileName, fileSize as a number, parentId}, the bytes PUT with the answer\'s headers, drive/commit_upload {fileName, fileSize, uploadId, parentId} (helpers/drive.go:1024-1044, :1284 runDriveUpload :69-148, uploadToDrive :3742-3788)', async () => {
    await act({
      lines: [['drive', 'mkdir', '--folder', 'fd_900', '--name', '合同扫描件']],
      calls: [['drive', 'create_folder', { name: '合同扫描件', parentId: 'fd_900' }]],
    });
    mcp.uploads.length = 0;
    const bytes = '%PDF-1.4 fake contract\n';
    await act({
      lines: [['drive', 'upload', '--file', './contract.pdf', '--folder', 'fd_901']],
      files: { 'contract.pdf': bytes },
      answers: {
        'drive/get_upload_info': { result: { uploadId: 'up_1', resourceUrls: [{ url: `${mcp.base}/upload/contract`, headers: { 'x-oss-meta': 'm' } }] } },
        'drive/commit_upload': { result: { fileId: 'file_77', name: 'contract.pdf' } },
      },
      calls: [
        ['drive', 'get_upload_info', { fileName: 'contract.pdf', fileSize: bytes.length, parentId: 'fd_901' }],
        ['drive', 'commit_upload', { fileName: 'contract.pdf', fileSize: bytes.length, uploadId: 'up_1', parentId: 'fd_901' }],
      ],
    });
    expect(mcp.uploads.map((u) => [u.name, u.method, u.bytes.toString(), u.headers['x-oss-meta']])).toEqual([['contract', 'PUT', bytes, 'm']]);
  });

  it('10. a new whiteboard, then its link posted to a group: doc/create_file {name, type adraw} (the deprecation warning is upstream\'s too); send_personal_message {openConversationId, msgType markdown, content {text, title: the text before the link}, clawType} (helpers/doc.go:1809-1847, :4664; chat.go:3134-3360, sanitizeTitleFromText :1226-1258)', async () => {
    const link = 'https://alidocs.dingtalk.com/i/nodes/wb_501';
    await act({
      lines: [
        ['doc', 'file', 'create', '--type', 'adraw', '--name', '架构草图 v2'],
        ['chat', 'message', 'send', '--group', 'cid_7704', '--text', `白板在这里，大家直接画：${link}`],
      ],
      calls: [
        ['doc', 'create_file', { name: '架构草图 v2', type: 'adraw' }],
        ['chat', 'send_personal_message', {
          openConversationId: 'cid_7704', msgType: 'markdown', clawType: 'openClaw',
          content: JSON.stringify({ text: `白板在这里，大家直接画：${link}`, title: '白板在这里，大家直接画：' }),
        }],
      ],
    });
  });

  it('11. a colleague by name, then his roster record with three fields: search_contact_by_key_word {keyword}; hrmregister/list_authorized_roster_fields {}; hrmregister/get_authorized_emp_rosterInfo {staffId, fieldCodeList by parseCSVValues} (helpers/contact.go:545-556, :1019, :1050-1084)', async () => {
    await act({
      lines: [
        ['contact', 'user', 'search', '--query', '张伟'],
        ['contact', 'user', 'profile', 'fields'],
        ['contact', 'user', 'profile', 'get', '--staff-id', 'u_9001', '--fields', 'sys00-confirmJoinTime, sys01-positionLevel,,sys00-dept'],
      ],
      calls: [
        ['contact', 'search_contact_by_key_word', { keyword: '张伟' }],
        ['hrmregister', 'list_authorized_roster_fields', {}],
        ['hrmregister', 'get_authorized_emp_rosterInfo', { staffId: 'u_9001', fieldCodeList: ['sys00-confirmJoinTime', 'sys01-positionLevel', 'sys00-dept'] }],
      ],
    });
  });

  it('12. my userId, a to-do for two with a high priority and a Friday 18:00 Beijing due time, then a reminder an hour before: get_current_user_profile {}; create_personal_todo {PersonalTodoCreateVO {subject, executorIds, dueTime epoch ms, priority 30 by Atoi}}; add_todo_reminder {todoReminderAddRequest {taskId, baseTime dueTime, dueDateOffset "-60" a text, reminderTimeStamp null}} (helpers/todo.go:81-121, :851-899)', async () => {
    await act({
      lines: [
        ['contact', 'user', 'get-self'],
        ['todo', 'task', 'create', '--title', '提交年度总结', '--executors', 'u_me01,u_4401', '--due', '2026-12-11 18:00', '--priority', '30'],
        ['todo', 'task', 'add-reminder', '--task-id', 'task_12', '--base-time', 'dueTime', '--due-date-offset', '-60'],
      ],
      calls: [
        ['contact', 'get_current_user_profile', {}],
        ['todo', 'create_personal_todo', { PersonalTodoCreateVO: { subject: '提交年度总结', executorIds: ['u_me01', 'u_4401'], dueTime: beijing(2026, 12, 11, 18), priority: 30 } }],
        ['todo', 'add_todo_reminder', { todoReminderAddRequest: { taskId: 'task_12', baseTime: 'dueTime', dueDateOffset: '-60', reminderTimeStamp: null } }],
      ],
    });
    // sibling: a custom reminder time is sent as epoch ms and dueDateOffset null (todo.go:874-884)
    await act({
      lines: [['todo', 'task', 'add-reminder', '--task-id', 'task_12', '--base-time', 'customTime', '--reminder-time-stamp', '2026-12-11 17:00']],
      calls: [['todo', 'add_todo_reminder', { todoReminderAddRequest: { taskId: 'task_12', baseTime: 'customTime', dueDateOffset: null, reminderTimeStamp: beijing(2026, 12, 11, 17) } }]],
    });
  });

  it('13. two attendees added to an event and one removed: add_calendar_participant {eventId, attendeesToAdd by parseCSVValues}; remove_calendar_participant {eventId, attendeesToRemove} (helpers/calendar.go:878-907, :947-969)', async () => {
    await act({
      lines: [
        ['calendar', 'attendee', 'add', '--event', 'evt_661', '--attendees', 'u_5501,u_5502'],
        ['calendar', 'attendee', 'delete', '--event', 'evt_661', '--attendees', 'u_5503'],
        ['calendar', 'attendee', 'add', '--event', 'evt_661', '--attendees', ' u_5504 ,', '--optional'],
      ],
      calls: [
        ['calendar', 'add_calendar_participant', { eventId: 'evt_661', attendeesToAdd: ['u_5501', 'u_5502'] }],
        ['calendar', 'remove_calendar_participant', { eventId: 'evt_661', attendeesToRemove: ['u_5503'] }],
        ['calendar', 'add_calendar_participant', { eventId: 'evt_661', attendeesToAdd: ['u_5504'], optional: true }],
      ],
    });
  });

  it('14. a free room next Monday 21:00-22:00 New York time, then the event booked in it: query_available_meeting_room {startTime, endTime epoch ms}, printed with upstream\'s hint {searchMode availability, searchRange in the local zone}; create_calendar_event {summary, startDateTime, endDateTime as typed, roomIds} (helpers/calendar.go:1013-1129, callMeetingRoomSearchResult :2771-2849, :406-483)', async () => {
    const rooms = [{ roomId: 'room_a', roomName: '3F 大会议室', capacity: 16 }, { roomId: 'room_b', roomName: '3F 小会议室', capacity: 6 }];
    const printed = await act({
      now: NOW,
      lines: [['calendar', 'room', 'search', '--start', '2026-12-14T21:00:00-05:00', '--end', '2026-12-14T22:00:00-05:00']],
      answers: { 'calendar/query_available_meeting_room': { result: { rooms } } },
      calls: [['calendar', 'query_available_meeting_room', { startTime: newYork(2026, 12, 14, 21), endTime: newYork(2026, 12, 14, 22) }]],
    });
    expect(printed).toEqual({
      result: {
        rooms,
        hint: {
          searchMode: 'availability',
          hint: '本次为按时间段搜索可用会议室，仅返回指定时间范围内可预定的会议室。',
          searchRange: { startTime: '2026-12-15T10:00:00+08:00', endTime: '2026-12-15T11:00:00+08:00', hint: '本次查询范围由调用方显式指定。' },
        },
      },
    });
    await act({
      lines: [['calendar', 'event', 'create', '--title', '季度复盘', '--start', '2026-12-14T21:00:00-05:00', '--end', '2026-12-14T22:00:00-05:00', '--rooms', 'room_a']],
      calls: [['calendar', 'create_calendar_event', {
        summary: '季度复盘', startDateTime: '2026-12-14T21:00:00-05:00', endDateTime: '2026-12-14T22:00:00-05:00', roomIds: ['room_a'],
      }]],
    });
  });

  it('15. a mail forwarded with a note and a local file (asked first, declared; the cc is a known gap, upstream has no cc on forward): list_user_mailboxes {}, create_forward_draft {from, messageId, toRecipients, body}, create_upload_session {email, messageId the draft id, name, isInline false}, the bytes POSTed, send_draft {email, messageId, saveToSentItems true} (helpers/mail.go:1508-1555, runMailDraftWithAttachment :3921-4000, parseRecipients :4202-4212)', async () => {
    const files = { 'invoice.xlsx': 'item,amount\nA,1200\n' };
    const forward = ['mail', 'message', 'forward', '--from', 'li.ming@corp-example.com', '--id', 'msg_8821', '--to', 'finance@example.com', '--content', '请查收发票明细', '--attachment', './invoice.xlsx'];
    const asked = await sent(forward, files);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    mcp.answers['mail/create_upload_session'] = () => ({ success: true, result: { uploadUrl: `${mcp.base}/upload/inv21` } });
    mcp.uploads.length = 0;
    await act({
      lines: [[...forward, '--yes']],
      files,
      answers: {
        'mail/list_user_mailboxes': { success: true, result: { mailboxes: [{ email: 'li.ming@corp-example.com', accountType: 'ENTERPRISE' }] } },
        'mail/create_forward_draft': { success: true, result: { message: { id: 'DRAFT-21' } } },
        'mail/send_draft': { success: true },
      },
      calls: [
        ['mail', 'list_user_mailboxes', {}],
        ['mail', 'create_forward_draft', { from: 'li.ming@corp-example.com', messageId: 'msg_8821', toRecipients: ['finance@example.com'], body: '请查收发票明细' }],
        ['mail', 'create_upload_session', { email: 'li.ming@corp-example.com', messageId: 'DRAFT-21', name: 'invoice.xlsx', isInline: false }],
        ['mail', 'send_draft', { email: 'li.ming@corp-example.com', messageId: 'DRAFT-21', saveToSentItems: true }],
      ],
    });
    expect(mcp.uploads.map((u) => [u.name, u.method, u.bytes.toString()])).toEqual([['inv21', 'POST', files['invoice.xlsx']]]);
  });

  it('16. a group\'s pinned messages (listing top messages is a known gap), then one taken off the top: im/list_pin_messages {openConversationId, count only when --size is above 0}; im/unset_top_message {openConversationId, openMessageId} (helpers/chat.go:8459-8484, :8519; the unset-top body)', async () => {
    await act({
      lines: [
        ['chat', 'message', 'list-pin-msg', '--open-conversation-id', 'cid_7701'],
        ['chat', 'message', 'unset-top-msg', '--open-conversation-id', 'cid_7701', '--message-id', 'msg_0091'],
        ['chat', 'message', 'list-pin-msg', '--open-conversation-id', 'cid_7701', '--size', '0'],
        ['chat', 'message', 'list-pin-msg', '--open-conversation-id', 'cid_7701', '--size', '50'],
      ],
      calls: [
        ['im', 'list_pin_messages', { openConversationId: 'cid_7701' }],
        ['im', 'unset_top_message', { openConversationId: 'cid_7701', openMessageId: 'msg_0091' }],
        ['im', 'list_pin_messages', { openConversationId: 'cid_7701' }],
        ['im', 'list_pin_messages', { openConversationId: 'cid_7701', count: 50 }],
      ],
    });
  });

  it('17. who has not read my group message, then an in-app DING to them (sent at once, as asked: --yes): im/query_msg_read_status {openConversationId, openMessageId}; send_ding_message {robotCode, remindType 1 (app, the default), receiverUserIdList, content} (helpers/chat.go:4512-4542; ding.go:55-82)', async () => {
    await act({
      lines: [['chat', 'message', 'read-status', '--conversation-id', 'cid_7702', '--message-id', 'msg_3321']],
      calls: [['im', 'query_msg_read_status', { openConversationId: 'cid_7702', openMessageId: 'msg_3321' }]],
    });
    const ding = await runWith(['ding', 'message', 'send', '--users', 'u_7002,u_7003', '--content', '请看一下群里的通知', '--yes'], { DINGTALK_DING_ROBOT_CODE: 'dingrobot_ops' });
    expect(ding.calls).toEqual([['ding', 'send_ding_message', {
      robotCode: 'dingrobot_ops', remindType: 1, receiverUserIdList: ['u_7002', 'u_7003'], content: '请看一下群里的通知',
    }]]);
  });

  it('18. two members added, one removed (after the owner guard), the group renamed: add_group_member {openconversation_id, userId}; get_group_members {openconversation_id, cursor "0"}, the removed userId resolved by contact/get_user_info_by_user_ids {user_id_list} and compared with the owner, remove_group_member {openConversationId, userIdList}; update_group_name {openconversation_id, group_name} (helpers/chat.go:2822-2839, :2874-2891, guardGroupOwnerRemoval :1553-1622, :2775-2784)', async () => {
    await act({
      lines: [
        ['chat', 'group', 'members', 'add', '--id', 'cid_7703', '--users', 'u_6601,u_6602'],
        ['chat', 'group', 'members', 'remove', '--id', 'cid_7703', '--users', 'u_6603'],
        ['chat', 'group', 'rename', '--id', 'cid_7703', '--name', '2027 预算小组'],
      ],
      answers: {
        'chat/get_group_members': { result: { list: [{ memberRoleType: 1, openDingtalkId: 'odt_me' }, { memberRoleType: 3, openDingtalkId: 'odt_6603' }], hasMore: false } },
        'contact/get_user_info_by_user_ids': { result: [{ userId: 'u_6603', openDingTalkId: 'odt_6603', name: '孙八' }] },
      },
      calls: [
        ['chat', 'add_group_member', { openconversation_id: 'cid_7703', userId: ['u_6601', 'u_6602'] }],
        ['chat', 'get_group_members', { openconversation_id: 'cid_7703', cursor: '0' }],
        ['contact', 'get_user_info_by_user_ids', { user_id_list: ['u_6603'] }],
        ['chat', 'remove_group_member', { openConversationId: 'cid_7703', userIdList: ['u_6603'] }],
        ['chat', 'update_group_name', { openconversation_id: 'cid_7703', group_name: '2027 预算小组' }],
      ],
    });
  });

  it('19. the table\'s fields, a kanban view grouped by one, then two records set to a number and a checked box (asked first, declared): get_fields {baseId, tableId}; create_view {baseId, tableId, viewType, viewName, config parsed from JSON}; update_records {baseId, tableId, records as typed} (helpers/aitable.go:7183-7191 field list = field get :1755-1784, :3344-3381, :2346-2400)', async () => {
    await act({
      lines: [
        ['aitable', 'field', 'list', '--base-id', 'base_11', '--table-id', 'tbl_22'],
        ['aitable', 'view', 'create', '--base-id', 'base_11', '--table-id', 'tbl_22', '--view-type', 'Kanban', '--name', '进度看板', '--config', '{"group":[{"fieldId":"fld_status","direction":"asc"}]}'],
      ],
      calls: [
        ['aitable', 'get_fields', { baseId: 'base_11', tableId: 'tbl_22' }],
        ['aitable', 'create_view', { baseId: 'base_11', tableId: 'tbl_22', viewType: 'Kanban', viewName: '进度看板', config: { group: [{ fieldId: 'fld_status', direction: 'asc' }] } }],
      ],
    });
    const records = [{ recordId: 'rec_1', cells: { fld_pct: 100, fld_ok: true } }, { recordId: 'rec_2', cells: { fld_pct: 100, fld_ok: true } }];
    const update = ['aitable', 'record', 'update', '--base-id', 'base_11', '--table-id', 'tbl_22', '--records', JSON.stringify(records)];
    const asked = await sent(update);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({ lines: [[...update, '--yes']], calls: [['aitable', 'update_records', { baseId: 'base_11', tableId: 'tbl_22', records }]] });
  });

  it('20. the workbook\'s sheets, columns A-C 120 px wide, A1:C1 merged, A1 bold on yellow and centred: get_all_sheets {nodeId}; update_dimension {nodeId, sheetId, dimension, startIndex, length by Atoi, pixelSize}; merge_cells {nodeId, sheetId, rangeAddress}; set_cell_range {cells 1x1 cellStyles} (helpers/sheet_dimension.go:516-617, :295-333; sheet_style.go:527-545, :330-370)', async () => {
    await act({
      lines: [
        ['sheet', 'list', '--node', 'ss_31'],
        ['sheet', 'update-dimension', '--node', 'ss_31', '--sheet-id', 'st_a1', '--dimension', 'COLUMNS', '--start-index', 'A', '--length', '3', '--pixel-size', '120'],
        ['sheet', 'merge-cells', '--node', 'ss_31', '--sheet-id', 'st_a1', '--range', 'A1:C1'],
        ['sheet', 'range', 'set-style', '--node', 'ss_31', '--sheet-id', 'st_a1', '--range', 'A1', '--font-weight', 'bold', '--bg-color', '#FFFF00', '--h-align', 'center'],
      ],
      calls: [
        ['sheet', 'get_all_sheets', { nodeId: 'ss_31' }],
        ['sheet', 'update_dimension', { nodeId: 'ss_31', sheetId: 'st_a1', dimension: 'COLUMNS', startIndex: 'A', length: 3, pixelSize: 120 }],
        ['sheet', 'merge_cells', { nodeId: 'ss_31', sheetId: 'st_a1', rangeAddress: 'A1:C1' }],
        ['sheet', 'set_cell_range', { nodeId: 'ss_31', sheetId: 'st_a1', rangeAddress: 'A1', cells: [[{ cellStyles: { backgroundColor: '#FFFF00', fontWeight: 'bold', horizontalAlignment: 'center' } }]] }],
      ],
    });
    // sibling: a column width has no auto size (sheet_dimension.go:576-578), refused before any call
    const auto = await sent(['sheet', 'update-dimension', '--node', 'ss_31', '--sheet-id', 'st_a1', '--dimension', 'COLUMNS', '--start-index', 'A', '--length', '3', '--size-type', 'auto']);
    expect([auto.reason, auto.calls]).toEqual(['invalid_parameter', []]);
  });
});

describe('agent test 20z: the search and help text that misled the agent or left it guessing', () => {
  it('left guessing (search, 5): "my ten newest minutes" did not bring the list of my own minutes into the first five; it now ranks among the first three', () => {
    expect(searched('列出我最近 10 条听记').paths.slice(0, 3)).toContain('minutes.list_by_keyword_and_time_range');
    expect(searched('list my 10 most recent minutes').paths.slice(0, 3)).toContain('minutes.list_by_keyword_and_time_range');
  });

  it('misled (search, 6): "新建一个知识库，名字叫 …" ranked the command that creates a doc in a named knowledge base first; the knowledge base create now leads (the English request with a Chinese name still ranks it third: left, notes/agent20z.md)', () => {
    const spaceCreate = /^wiki\.(create_wikiSpace|shortcut_space_create)$/;
    expect(searched('新建一个知识库，名字叫 2027 产品规划').paths[0]).toMatch(spaceCreate);
    expect(searched('Create a new knowledge base called "Market research 2027"').paths[0]).toMatch(spaceCreate);
    expect(searched('Create a new knowledge base called "2027 产品规划"').paths.slice(0, 3).some((p) => spaceCreate.test(p))).toBe(true);
    expect(searched('在知识库"产品规划"里新建一篇文档').paths[0]).not.toMatch(spaceCreate);
  });

  it('misled (help, 8): doc block insert said --element is written as JSONML, while it is read as an element object unless --content-format jsonml is given, and named no list form; the help now gives the element object form and the one-item-per-call list form (upstream\'s insert help, helpers/doc.go:2130-2157)', () => {
    const help = helpOf('doc', 'block', 'insert');
    expect(help).toContain('"blockType":"unorderedList"');
    expect(help).toContain('--content-format jsonml');
    expect(help).not.toMatch(/Block element written as JSONML/);
    expect(helpOf('doc', 'block', 'update')).not.toMatch(/New content as a JSONML element/);
  });

  it('misled (search, 10): "新建一个白板，标题\'架构草图 v2\'" was answered as the known gap of turning a sketch image into a whiteboard (the title\'s 草图); creating a whiteboard is not flagged, turning a sketch image into one still is', () => {
    const board = searched('新建一个白板，标题"架构草图 v2"，建好后把它的链接发到群里');
    expect(board.hint).not.toContain('Known gap (whiteboard)');
    expect(board.paths.slice(0, 3)).toContain('doc.create_file');
    expect(searched('把这张手绘草图识别成白板').hint).toContain('Known gap (whiteboard)');
    expect(searched('convert this sketch image into a whiteboard').hint).toContain('Known gap (whiteboard)');
  });

  it('left guessing (search, 14): "a room for at least 10 people" found the room search without saying that it cannot filter by size (upstream\'s flags, helpers/calendar.go:2412-2466); it is now a known gap, and a plain free-room search is not flagged', () => {
    const room = searched('Find a meeting room for at least 10 people next Monday 21:00-22:00 New York time, and book it for an event "季度复盘" at that time');
    expect([room.paths.slice(0, 3).includes('calendar.query_available_meeting_room'), room.weak, room.hint]).toEqual([true, true, expect.stringContaining('Known gap (calendar)')]);
    expect(searched('找一个能坐 10 人以上的会议室').hint).toContain('Known gap (calendar)');
    expect(searched('find a free meeting room tomorrow 3pm').weak).toBe(false);
    expect(searched('下周一上午 10 点到 11 点找个空会议室').weak).toBe(false);
  });

  it('left guessing (help, 19): the record update help named the date, number and multi-select cell forms but not a checkbox\'s; it now says true or false (upstream\'s record create help, helpers/aitable.go:2264)', () => {
    const help = helpOf('aitable', 'record', 'update');
    expect(help).toMatch(/a checkbox as true or false/);
    expect(help).toMatch(/复选框写 true 或 false/);
  });
});
