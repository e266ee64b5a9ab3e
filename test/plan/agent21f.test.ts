// Agent test 21f (notes/agent-test-21f.md, notes/agent21f.md): twenty everyday requests, each run with the command lines
// the agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls
// asserted are written from the upstream command bodies at c7521c1c (the files named at each case), not from dws's
// output. "Now" is Monday 2026-12-07 20:00 in Asia/Shanghai; the file runs in that zone. Local files sit in the run's
// directory (the file root); the agent's ./files/ subfolder is left out here, since the fixture writes flat files and
// upstream sends only the base name. The last case is the search text that left the agent guessing: it failed before
// the gap data of this change.
import { describe, expect, it } from 'vitest';
import { useTimeZone } from '../helpers.js';
import { beijing, searched, useOutputRuns } from './output-runs.js';

const { mcp, step: act } = useOutputRuns('dws-agent21f-');

type Call = [string, string, Record<string, unknown>];
interface Case { name: string; lines: string[][]; answers?: () => Record<string, unknown>; files?: Record<string, string>; calls: Call[]; after?: () => void }

const QUOTE = '%PDF-1.4 quote\n';
const SCAN = '%PDF-1.4 scan\n';
const me = { 'contact/get_current_user_profile': { success: true, result: { userId: 'u_me_0001', name: '我' } } };

const CASES: Case[] = [
  { name: '1. an all-day event (no all-day flag upstream: 00:00 to 00:00, see "left guessing (search, 1)"), then an event deleted: create_calendar_event {summary, startDateTime/endDateTime as typed, attendees list}; delete_calendar_event {eventId} (helpers/calendar.go:407-483, :628-641)',
    lines: [['calendar', 'event', 'create', '--title', '公司年会', '--start', '2026-12-18T00:00:00+08:00', '--end', '2026-12-19T00:00:00+08:00', '--attendees', 'u_5101,u_5102,u_5103'],
      ['calendar', 'event', 'delete', '--id', 'ev_5104', '--yes']],
    calls: [
      ['calendar', 'create_calendar_event', { summary: '公司年会', startDateTime: '2026-12-18T00:00:00+08:00', endDateTime: '2026-12-19T00:00:00+08:00', attendees: ['u_5101', 'u_5102', 'u_5103'] }],
      ['calendar', 'delete_calendar_event', { eventId: 'ev_5104' }],
    ] },
  { name: '2. a group by name (all pages), then all its members: search_groups {keyword, limit 20, cursor "0"} (shortcut/chat/chat_group.go:134-176); get_group_members {openconversation_id, cursor} page by page, then list_group_bots (shortcut/smart/group_members.go:200-345)',
    lines: [['chat', '+chat-search', '--query', '产品周会', '--page-all'], ['chat', '+chat-members-list', '--conversation-id', 'cidProdWeekly0001']],
    answers: () => ({
      'im/search_groups': { result: { groups: [{ openConversationId: 'cidProdWeekly0001', title: '产品周会' }], nextCursor: '', hasMore: false } },
      'chat/get_group_members': { pages: [{ result: { list: [{ openDingtalkId: 'od_1', memberEmpName: '甲' }], nextCursor: 'c2', hasMore: true } }, { result: { list: [{ openDingtalkId: 'od_2', memberEmpName: '乙' }], nextCursor: '', hasMore: false } }] },
      'bot/list_group_bots': { result: { list: [] } },
    }),
    calls: [
      ['im', 'search_groups', { keyword: '产品周会', limit: 20, cursor: '0' }],
      ['chat', 'get_group_members', { openconversation_id: 'cidProdWeekly0001', cursor: '0' }],
      ['chat', 'get_group_members', { openconversation_id: 'cidProdWeekly0001', cursor: 'c2' }],
      ['bot', 'list_group_bots', { openConversationId: 'cidProdWeekly0001' }],
    ] },
  { name: '3. my userId, a to-do due at the end of a day, then a to-do deleted: get_current_user_profile; create_personal_todo {PersonalTodoCreateVO {subject, executorIds, dueTime Beijing ms, priority an integer}}; delete_todo {taskId} (helpers/todo.go:81-121, :575-589)',
    lines: [['contact', 'user', 'get-self'], ['todo', 'task', 'create', '--title', '续签房屋合同', '--executors', 'u_me_0001', '--due', '2026-12-20 23:59', '--priority', '20'],
      ['todo', 'task', 'delete', '--task-id', 'td_5302', '--yes']],
    answers: () => me,
    calls: [
      ['contact', 'get_current_user_profile', {}],
      ['todo', 'create_personal_todo', { PersonalTodoCreateVO: { subject: '续签房屋合同', executorIds: ['u_me_0001'], dueTime: beijing(2026, 12, 20, 23, 59), priority: 20 } }],
      ['todo', 'delete_todo', { taskId: 'td_5302' }],
    ] },
  { name: '4. a mail with two recipients, a cc and an attachment, then a mail deleted: list_user_mailboxes; create_draft {from, subject, body, toRecipients, ccRecipients}; create_upload_session {email, messageId, name, isInline false}, the bytes POSTed; send_draft {email, messageId, saveToSentItems true}; batch_delete_message {email, ids list} (helpers/mail.go:495-552, :3975-4050, :4070-4095, :1642-1657)',
    lines: [['mail', 'mailbox', 'list'],
      ['mail', 'message', 'send', '--from', 'me@example.com', '--to', 'alice@example.com,bob@example.com', '--cc', 'carol@example.com', '--subject', '12 月报价单', '--content', '附件是报价单，请查收。', '--attachment', './quote.pdf', '--yes'],
      ['mail', 'message', 'batch-delete', '--email', 'me@example.com', '--ids', 'msg_5402', '--yes']],
    files: { 'quote.pdf': QUOTE },
    answers: () => ({
      'mail/list_user_mailboxes': { success: true, result: { emailAccounts: [{ email: 'me@example.com', type: 'ENTERPRISE' }] } },
      'mail/create_draft': { success: true, result: { messageId: 'DRAFT-q1' } },
      'mail/create_upload_session': { success: true, result: { uploadUrl: `${mcp.base}/upload/quote` } },
      'mail/send_draft': { success: true, result: { messageId: 'DRAFT-q1' } },
    }),
    calls: [
      ['mail', 'list_user_mailboxes', {}],
      ['mail', 'list_user_mailboxes', {}],
      ['mail', 'create_draft', { from: 'me@example.com', subject: '12 月报价单', body: '附件是报价单，请查收。', toRecipients: ['alice@example.com', 'bob@example.com'], ccRecipients: ['carol@example.com'] }],
      ['mail', 'create_upload_session', { email: 'me@example.com', messageId: 'DRAFT-q1', name: 'quote.pdf', isInline: false }],
      ['mail', 'send_draft', { email: 'me@example.com', messageId: 'DRAFT-q1', saveToSentItems: true }],
      ['mail', 'batch_delete_message', { email: 'me@example.com', ids: ['msg_5402'] }],
    ],
    after: () => expect(mcp.uploads.map((u) => [u.name, u.method, u.bytes.toString()])).toEqual([['quote', 'POST', QUOTE]]) },
  { name: '5. a doc exported as PDF into ./exports/: submit_export_job {nodeId, exportFormat}; query_export_job {jobId}; the link fetched (shortcut/doc/content_shortcuts.go:1470-1529)',
    lines: [['doc', '+export', '--node', 'doc_5501', '--export-format', 'pdf', '--output', './exports/']],
    answers: () => {
      mcp.files['doc_5501.pdf'] = Buffer.from('%PDF-1.4 exported\n');
      return { 'doc/submit_export_job': { jobId: 'job_5501' }, 'doc/query_export_job': { status: 'SUCCESS', downloadUrl: `${mcp.base}/files/doc_5501.pdf` } };
    },
    calls: [
      ['doc', 'submit_export_job', { nodeId: 'doc_5501', exportFormat: 'pdf' }],
      ['doc', 'query_export_job', { jobId: 'job_5501' }],
    ],
    after: () => expect(mcp.fetched.map((f) => f.name)).toEqual(['doc_5501.pdf']) },
  { name: '6. two rows appended, then the cells holding a word: append_rows {nodeId, sheetId, values 2-D with numbers}; find_cells {text, matchCase true and the other four switches false} (helpers/sheet_data.go:228-252, :53-75)',
    lines: [['sheet', 'append', '--node', 'ss_5601', '--sheet-id', '流水', '--values', '[["2026-12-07","差旅",1280.50],["2026-12-07","餐费",96]]'],
      ['sheet', 'find', '--node', 'ss_5601', '--sheet-id', '流水', '--query', '逾期']],
    calls: [
      ['sheet', 'append_rows', { nodeId: 'ss_5601', sheetId: '流水', values: [['2026-12-07', '差旅', 1280.5], ['2026-12-07', '餐费', 96]] }],
      ['sheet', 'find_cells', { nodeId: 'ss_5601', sheetId: '流水', text: '逾期', matchCase: true, matchEntireCell: false, useRegExp: false, matchFormulaText: false, includeHidden: false }],
    ] },
  { name: '7. three records deleted, then every record read (--all): delete_records {baseId, tableId, recordIds list}; query_records {baseId, tableId} then with the answer\'s cursor (helpers/aitable.go:2431-2446, :2150-2212, :200-230)',
    lines: [['aitable', 'record', 'delete', '--base-id', 'base_5701', '--table-id', 'tbl_5702', '--record-ids', 'rec_5703,rec_5704,rec_5705', '--yes'],
      ['aitable', 'record', 'query', '--base-id', 'base_5701', '--table-id', 'tbl_5702', '--all']],
    answers: () => ({ 'aitable/query_records': { pages: [
      { success: true, data: { records: [{ recordId: 'rec_1', cells: {} }], hasMore: true, cursor: 'cur_2' } },
      { success: true, data: { records: [{ recordId: 'rec_2', cells: {} }], hasMore: false, cursor: '' } }] } }),
    calls: [
      ['aitable', 'delete_records', { baseId: 'base_5701', tableId: 'tbl_5702', recordIds: ['rec_5703', 'rec_5704', 'rec_5705'] }],
      ['aitable', 'query_records', { baseId: 'base_5701', tableId: 'tbl_5702' }],
      ['aitable', 'query_records', { baseId: 'base_5701', tableId: 'tbl_5702', cursor: 'cur_2' }],
    ] },
  { name: '8. a number field with two decimals, then one record set: create_fields {fields [{fieldName, type, config as parsed}]}; update_records {records as typed} (helpers/aitable.go:1861-1903, :2378-2400)',
    lines: [['aitable', 'field', 'create', '--base-id', 'base_5801', '--table-id', 'tbl_5802', '--name', '预算（万元）', '--type', 'number', '--config', '{"formatter":"FLOAT_2"}'],
      ['aitable', 'record', 'update', '--base-id', 'base_5801', '--table-id', 'tbl_5802', '--records', '[{"recordId":"rec_5803","cells":{"fld_budget":12.5}}]', '--yes']],
    calls: [
      ['aitable', 'create_fields', { baseId: 'base_5801', tableId: 'tbl_5802', fields: [{ fieldName: '预算（万元）', type: 'number', config: { formatter: 'FLOAT_2' } }] }],
      ['aitable', 'update_records', { baseId: 'base_5801', tableId: 'tbl_5802', records: [{ recordId: 'rec_5803', cells: { fld_budget: 12.5 } }] }],
    ] },
  { name: '9. a local file uploaded into a folder, then every file of the folder (--type file reads all pages): get_upload_info {fileName, fileSize, parentId} (no mimeType), the bytes PUT, commit_upload; list_files {maxResults 50, parentId, nextToken} (helpers/drive.go:69-146, :3745-3788; drive_depth.go:125-150, :638-669)',
    lines: [['drive', 'upload', '--file', './合同扫描件.pdf', '--folder', 'fd_5901'], ['drive', 'list', '--folder', 'fd_5901', '--type', 'file']],
    files: { '合同扫描件.pdf': SCAN },
    answers: () => ({
      'drive/get_upload_info': { uploadId: 'up_9001', resourceUrls: [{ url: `${mcp.base}/upload/scan`, headers: {} }] },
      'drive/commit_upload': { dentryUuid: 'f_new_9', name: '合同扫描件.pdf' },
      'drive/list_files': { pages: [
        { items: [{ fileId: 'f_a', name: 'a.pdf', type: 'FILE' }, { fileId: 'fd_sub', name: '子目录', type: 'FOLDER' }], nextToken: 'nt_2' },
        { items: [{ fileId: 'f_new_9', name: '合同扫描件.pdf', type: 'FILE' }], nextToken: '' }] },
    }),
    calls: [
      ['drive', 'get_upload_info', { fileName: '合同扫描件.pdf', fileSize: Buffer.byteLength(SCAN), parentId: 'fd_5901' }],
      ['drive', 'commit_upload', { fileName: '合同扫描件.pdf', fileSize: Buffer.byteLength(SCAN), uploadId: 'up_9001', parentId: 'fd_5901' }],
      ['drive', 'list_files', { maxResults: 50, parentId: 'fd_5901' }],
      ['drive', 'list_files', { maxResults: 50, parentId: 'fd_5901', nextToken: 'nt_2' }],
    ],
    after: () => expect(mcp.uploads.map((u) => [u.name, u.method, u.bytes.toString()])).toEqual([['scan', 'PUT', SCAN]]) },
  { name: '10. a drive search for files only, then one downloaded into ./downloads/: search_files {keyword, searchTarget file}; download_file {fileId}, the link fetched (helpers/drive.go:1456-1514; shortcut/drive/drive.go:188-218)',
    lines: [['drive', 'search', '--query', '发票', '--target', 'file'], ['drive', '+download', '--node', 'f_6002', '--output', './downloads/']],
    answers: () => {
      mcp.files['inv.pdf'] = Buffer.from('%PDF-1.4 invoice\n');
      return { 'drive/download_file': { downloadUrl: `${mcp.base}/files/inv.pdf`, fileName: '发票-客户A.pdf', headers: {} } };
    },
    calls: [
      ['drive', 'search_files', { keyword: '发票', searchTarget: 'file' }],
      ['drive', 'download_file', { fileId: 'f_6002' }],
    ],
    after: () => expect(mcp.fetched.map((f) => f.name)).toEqual(['inv.pdf']) },
  { name: '11. every root node of a knowledge base (--page-all), then one deleted after its space is checked: list_nodes {workspaceId, pageSize 50, pageToken}; get_document_info {nodeId}; delete_document {nodeId} (shortcut/wiki/nodes.go:14-35, :201-222; common.go:280-305)',
    lines: [['wiki', '+node-list', '--workspace', 'ws_6101', '--page-all'], ['wiki', '+node-delete', '--workspace', 'ws_6101', '--node', 'nd_6102', '--yes']],
    answers: () => ({
      'doc/list_nodes': { pages: [
        { nodes: [{ nodeId: 'nd_a', name: '入职指南' }, { nodeId: 'nd_6102', name: '旧版制度' }], hasMore: true, nextPageToken: 'pt_2' },
        { nodes: [{ nodeId: 'nd_c', name: '报销流程' }], hasMore: false }] },
      'doc/get_document_info': { nodeId: 'nd_6102', name: '旧版制度', workspaceId: 'ws_6101' },
      'doc/delete_document': { success: true },
    }),
    calls: [
      ['doc', 'list_nodes', { workspaceId: 'ws_6101', pageSize: 50 }],
      ['doc', 'list_nodes', { workspaceId: 'ws_6101', pageSize: 50, pageToken: 'pt_2' }],
      ['doc', 'get_document_info', { nodeId: 'nd_6102' }],
      ['doc', 'delete_document', { nodeId: 'nd_6102' }],
    ] },
  { name: '12. pending approvals page by page, then one approved and one rejected: list_pending_approvals {starTime, endTime Beijing ms, pageNum, pageSize numbers}; list_pending_tasks {processInstanceId}; approve/reject_processInstance {processInstanceId, taskId a number, remark} (helpers/oa.go:79-112, :204-222, :261-278, :490-503)',
    lines: [['oa', 'approval', 'list-pending', '--start', '2026-09-01', '--end', '2026-12-07 20:00', '--limit', '20', '--page', '1'],
      ['oa', 'approval', 'list-pending', '--start', '2026-09-01', '--end', '2026-12-07 20:00', '--limit', '20', '--page', '2'],
      ['oa', 'approval', 'tasks', '--instance-id', 'inst_6202'],
      ['oa', 'approval', 'approve', '--instance-id', 'inst_6202', '--task-id', '98765001', '--remark', '同意', '--yes'],
      ['oa', 'approval', 'tasks', '--instance-id', 'inst_6203'],
      ['oa', 'approval', 'reject', '--instance-id', 'inst_6203', '--task-id', '98765002', '--remark', '预算超标，请重提', '--yes']],
    calls: [
      ['oa', 'list_pending_approvals', { starTime: beijing(2026, 9, 1), endTime: beijing(2026, 12, 7, 20), pageNum: 1, pageSize: 20 }],
      ['oa', 'list_pending_approvals', { starTime: beijing(2026, 9, 1), endTime: beijing(2026, 12, 7, 20), pageNum: 2, pageSize: 20 }],
      ['oa', 'list_pending_tasks', { processInstanceId: 'inst_6202' }],
      ['oa', 'approve_processInstance', { processInstanceId: 'inst_6202', taskId: 98765001, remark: '同意' }],
      ['oa', 'list_pending_tasks', { processInstanceId: 'inst_6203' }],
      ['oa', 'reject_processInstance', { processInstanceId: 'inst_6203', taskId: 98765002, remark: '预算超标，请重提' }],
    ] },
  { name: '13. three people\'s leave approvals, then their leave hours: query_user_approve {userIds, bizTypes [3], fromDate/toDate "yyyy-MM-dd 00:00:00"}; get_leave_time_by_leave_names {targetUserIds, leaveNames null, fromDate/toDate as typed} (helpers/attendance.go:827-888, :3140-3181)',
    lines: [['attendance', 'approve', 'list', '--users', 'u_6301,u_6302,u_6303', '--types', 'leave', '--start', '2026-12-01', '--end', '2026-12-07'],
      ['attendance', 'report', 'query-leave', '--users', 'u_6301,u_6302,u_6303', '--start', '2026-12-01 00:00:00', '--end', '2026-12-06 23:59:59']],
    calls: [
      ['attendance-wukong', 'query_user_approve', { QueryUserApproveRequest: { userIds: ['u_6301', 'u_6302', 'u_6303'], bizTypes: [3], fromDate: '2026-12-01 00:00:00', toDate: '2026-12-07 00:00:00' } }],
      ['attendance-wukong', 'get_leave_time_by_leave_names', { McpLeaveQueryParam: { targetUserIds: ['u_6301', 'u_6302', 'u_6303'], leaveNames: null, fromDate: '2026-12-01 00:00:00', toDate: '2026-12-06 23:59:59' } }],
    ] },
  { name: '14. sub-departments level by level, then one\'s members: get_sub_depts_by_dept_id {deptId an integer}; get_dept_members_by_deptId {deptIds a list of text} (helpers/contact.go:842-856, :934-956)',
    lines: [['contact', 'dept', 'list-children', '--dept', '6401'], ['contact', 'dept', 'list-children', '--dept', '6402'], ['contact', 'dept', 'list-members', '--depts', '6402']],
    calls: [
      ['contact', 'get_sub_depts_by_dept_id', { deptId: 6401 }],
      ['contact', 'get_sub_depts_by_dept_id', { deptId: 6402 }],
      ['contact', 'get_dept_members_by_deptId', { deptIds: ['6402'] }],
    ] },
  { name: '15. a report\'s read statistics, then this week\'s received reports page by page (+inbox-list prints no cursor; the atomic list keeps nextCursor): get_report_statistics_by_id {report_id}; get_received_report_list {startTime, endTime ms, cursor, size} with get_report_entry_details per item (helpers/report.go:610-660, :795-880)',
    lines: [['report', 'entry', 'stats', '--report-id', 'rp_6501'],
      ['report', 'inbox', 'list', '--start', '2026-12-07', '--end', '2026-12-07 20:00'],
      ['report', 'inbox', 'list', '--start', '2026-12-07', '--end', '2026-12-07 20:00', '--cursor', '20']],
    answers: () => ({
      'report/get_received_report_list': { pages: [
        { result: { report_list: [{ report_id: 'rp_a', template_name: '日报' }], hasMore: true, nextCursor: 20 } },
        { result: { report_list: [{ report_id: 'rp_b', template_name: '周报' }], hasMore: false, nextCursor: 0 } }] },
      'report/get_report_entry_details': { result: { template_name: '日报' } },
    }),
    calls: [
      ['report', 'get_report_statistics_by_id', { report_id: 'rp_6501' }],
      ['report', 'get_received_report_list', { startTime: beijing(2026, 12, 7), endTime: beijing(2026, 12, 7, 20), cursor: 0, size: 20 }],
      ['report', 'get_report_entry_details', { report_id: 'rp_a' }],
      ['report', 'get_received_report_list', { startTime: beijing(2026, 12, 7), endTime: beijing(2026, 12, 7, 20), cursor: 20, size: 20 }],
      ['report', 'get_report_entry_details', { report_id: 'rp_b' }],
    ] },
  { name: '16. minutes in a two-hour window with an offset, then one\'s whole transcript: list_by_keyword_and_time_range {belongingConditionId noLimit, maxResults 10, createTimeStart/End ms}; get_minutes_transcription {taskUuid, direction "0", nextToken} (helpers/minutes.go:2194-2240; shortcut/smart/transcript.go:80-132, minutesdata/response.go:64-92)',
    lines: [['minutes', 'list', 'all', '--start', '2026-12-04T14:00:00+08:00', '--end', '2026-12-04T16:00:00+08:00'], ['minutes', '+transcript', '--id', 'mt_6602']],
    answers: () => ({ 'minutes/get_minutes_transcription': { pages: [
      { result: { paragraphList: [{ paragraphId: 'p1', text: '大家好' }], hasNext: true, nextToken: 'nt2' } },
      { result: { paragraphList: [{ paragraphId: 'p2', text: '开始吧' }], hasNext: false, nextToken: '' } }] } }),
    calls: [
      ['minutes', 'list_by_keyword_and_time_range', { belongingConditionId: 'noLimit', maxResults: 10, createTimeStart: beijing(2026, 12, 4, 14), createTimeEnd: beijing(2026, 12, 4, 16) }],
      ['minutes', 'get_minutes_transcription', { taskUuid: 'mt_6602', direction: '0' }],
      ['minutes', 'get_minutes_transcription', { taskUuid: 'mt_6602', direction: '0', nextToken: 'nt2' }],
    ] },
  { name: '17. a bot\'s Markdown to a group, then to two people: send_robot_group_message {robotCode, title, markdown, msgKey sampleMarkdownDX, openConversationId}; batch_send_robot_msg_to_users {robotCode, title, markdown, msgType sampleMarkdownDX, userIds} (helpers/chat.go:3440-3611)',
    lines: [['chat', 'message', 'send-by-bot', '--robot-code', 'bot_6701', '--group', 'cid_6702', '--title', '发版通知', '--text', '**今晚 22:00 发版**，请值班同学在线'],
      ['chat', 'message', 'send-by-bot', '--robot-code', 'bot_6701', '--users', 'u_6703,u_6704', '--title', '发版通知', '--text', '**今晚 22:00 发版**，请值班同学在线']],
    calls: [
      ['bot', 'send_robot_group_message', { robotCode: 'bot_6701', openConversationId: 'cid_6702', msgKey: 'sampleMarkdownDX', title: '发版通知', markdown: '**今晚 22:00 发版**，请值班同学在线' }],
      ['bot', 'batch_send_robot_msg_to_users', { robotCode: 'bot_6701', msgType: 'sampleMarkdownDX', title: '发版通知', markdown: '**今晚 22:00 发版**，请值班同学在线', userIds: ['u_6703', 'u_6704'] }],
    ] },
  { name: '18. three people\'s free/busy in Tokyo time, then an event in the first common hour: query_busy_status {startTime, endTime ms from the +09:00 times, userIds}; create_calendar_event {…, timeZone Asia/Tokyo} (helpers/calendar.go:1356-1405, :407-483)',
    lines: [['calendar', 'busy', 'search', '--users', 'u_6801,u_6802,u_6803', '--start', '2026-12-08T14:00:00+09:00', '--end', '2026-12-08T18:00:00+09:00'],
      ['calendar', 'event', 'create', '--title', '东京对接会', '--start', '2026-12-08T15:30:00+09:00', '--end', '2026-12-08T16:30:00+09:00', '--attendees', 'u_6801,u_6802,u_6803', '--timezone', 'Asia/Tokyo']],
    calls: [
      ['calendar', 'query_busy_status', { startTime: Date.UTC(2026, 11, 8, 5), endTime: Date.UTC(2026, 11, 8, 9), userIds: ['u_6801', 'u_6802', 'u_6803'] }],
      ['calendar', 'create_calendar_event', { summary: '东京对接会', startDateTime: '2026-12-08T15:30:00+09:00', endDateTime: '2026-12-08T16:30:00+09:00', timeZone: 'Asia/Tokyo', attendees: ['u_6801', 'u_6802', 'u_6803'] }],
    ] },
  { name: '19. an event moved, one attendee added and one removed: update_calendar_event {eventId, startDateTime, endDateTime}; add_calendar_participant {eventId, attendeesToAdd}; remove_calendar_participant {eventId, attendeesToRemove} (helpers/calendar.go:540-582, :886-905, :955-970)',
    lines: [['calendar', 'event', 'update', '--id', 'ev_6901', '--start', '2026-12-09T15:30:00+08:00', '--end', '2026-12-09T16:30:00+08:00', '--yes'],
      ['calendar', 'attendee', 'add', '--event', 'ev_6901', '--attendees', 'u_6902'], ['calendar', 'attendee', 'delete', '--event', 'ev_6901', '--attendees', 'u_6903']],
    calls: [
      ['calendar', 'update_calendar_event', { eventId: 'ev_6901', startDateTime: '2026-12-09T15:30:00+08:00', endDateTime: '2026-12-09T16:30:00+08:00' }],
      ['calendar', 'add_calendar_participant', { eventId: 'ev_6901', attendeesToAdd: ['u_6902'] }],
      ['calendar', 'remove_calendar_participant', { eventId: 'ev_6901', attendeesToRemove: ['u_6903'] }],
    ] },
  { name: '20. a group made with three people, then a message in it: get_current_user_profile, create_group_conversation {groupName, groupMembers me first, groupType INTERNAL}; send_personal_message {openConversationId, msgType markdown, content {text, title}, clawType} (helpers/chat.go:2546-2592, :3332-3359)',
    lines: [['chat', 'group', 'create', '--name', '年会筹备组', '--users', 'u_7001,u_7002,u_7003'], ['chat', 'message', 'send', '--group', 'cidNewGroup7000', '--text', '大家好，年会筹备从今天开始']],
    answers: () => ({ ...me, 'im/create_group_conversation': { result: { openConversationId: 'cidNewGroup7000' } } }),
    calls: [
      ['contact', 'get_current_user_profile', {}],
      ['im', 'create_group_conversation', { groupName: '年会筹备组', groupMembers: ['u_me_0001', 'u_7001', 'u_7002', 'u_7003'], groupType: 'INTERNAL' }],
      ['chat', 'send_personal_message', { openConversationId: 'cidNewGroup7000', msgType: 'markdown', clawType: 'openClaw', content: JSON.stringify({ text: '大家好，年会筹备从今天开始', title: '大家好，年会筹备从今天开始' }) }],
    ] },
];

describe('agent test 21f: each request sends what upstream sends for the same flags', () => {
  useTimeZone('Asia/Shanghai');
  for (const c of CASES) {
    it(c.name, async () => {
      mcp.uploads.length = 0;
      mcp.fetched.length = 0;
      await act({ lines: c.lines, ...(c.files ? { files: c.files } : {}), ...(c.answers ? { answers: c.answers() } : {}), calls: c.calls });
      c.after?.();
    });
  }
});

describe('agent test 21f: the search text that left the agent guessing', () => {
  it('left guessing (search, 1): an all-day event got no hint, and the request ranked no create command; upstream\'s event create has no all-day field (helpers/calendar.go:407-483 sends summary, startDateTime, endDateTime as typed), and the all_day_event gap now says so', () => {
    for (const q of ['建一个全天日程"公司年会"，日期 2026 年 12 月 18 日（全天），邀请 u_5101、u_5102、u_5103；然后把日程 ev_5104 删掉（我确认删除）。', 'create an all-day event on December 18', '把这个日程改成全天']) {
      expect(searched(q).hint).toContain('Known gap (calendar)');
    }
    for (const q of ['看看我明天全天的日程', '建一个日程，明天 10 点到 11 点', 'create an event tomorrow from 10:00 to 11:00', '新建一个全天班次']) {
      expect(searched(q).hint ?? '').not.toContain('Known gap');
    }
  });
});
