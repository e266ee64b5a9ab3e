// Agent test 21g (notes/agent-test-21g.md, notes/agent21g.md): twenty everyday requests, each run with the command lines
// the agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls
// asserted are written from the upstream command bodies at c7521c1c (the files named at each case), not from dws's
// output. "Now" is Tuesday 2026-12-08 09:30 in Asia/Shanghai; the file runs in that zone. Local files sit in the run's
// directory (the file root); the agent's ./files/ subfolder is left out here, since the fixture writes flat files and
// upstream sends only the base name. The last case is the search text that left the agent guessing: it failed before
// the catalog text of this change.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTimeZone } from '../helpers.js';
import { beijing, searched, useOutputRuns } from './output-runs.js';

const { mcp, step: act } = useOutputRuns('dws-agent21g-');

type Call = [string, string, Record<string, unknown>];
interface Case { name: string; lines: string[][]; answers?: () => Record<string, unknown>; files?: Record<string, string>; now?: Date; calls: Call[]; after?: () => void }

const NOW = new Date('2026-12-08T09:30:00+08:00');
const INVOICE = 'PNG invoice bytes';
const WEEKLY = '%PDF-1.4 weekly\n';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const cell = (text: string) => ({ type: 'text', text });
const mailbox = { 'mail/list_user_mailboxes': { success: true, result: { emailAccounts: [{ email: 'me@example.com', type: 'ENTERPRISE' }] } } };

const CASES: Case[] = [
  { name: '1. tomorrow\'s events, then one invitation accepted and one declined: list_calendar_events {startTime, endTime = tomorrow 00:00 to the day after, local ms; calendarId primary} (shortcut/smart/tomorrow.go:90-103); respond {eventId, responseStatus} (helpers/calendar.go:752-776)',
    lines: [['calendar', '+tomorrow'], ['calendar', 'event', 'respond', '--id', 'ev_8101', '--status', 'accepted'], ['calendar', 'event', 'respond', '--id', 'ev_8102', '--status', 'declined']],
    now: NOW,
    answers: () => ({ 'calendar/list_calendar_events': { success: true, result: { events: [{ id: 'ev_8101', summary: '需求评审', start: { dateTime: '2026-12-09T10:00:00+08:00' }, end: { dateTime: '2026-12-09T11:00:00+08:00' } }] } } }),
    calls: [
      ['calendar', 'list_calendar_events', { startTime: beijing(2026, 12, 9), endTime: beijing(2026, 12, 10), calendarId: 'primary' }],
      ['calendar', 'respond', { eventId: 'ev_8101', responseStatus: 'accepted' }],
      ['calendar', 'respond', { eventId: 'ev_8102', responseStatus: 'declined' }],
    ] },
  { name: '2. a group\'s messages since yesterday 18:00, then an @-mention as myself: list_conversation_message_v2 {openconversation_id, time, forward true, limit} (helpers/chat.go:2985-2998); get_user_info_by_user_ids {user_id_list}; send_personal_message {openConversationId, msgType markdown, clawType, atOpenDingTalkIds, content {text, title from the text}} (helpers/chat.go:3340-3359, :1436-1451)',
    lines: [['chat', 'message', 'list', '--group', 'cid_8201', '--time', '2026-12-07 18:00:00', '--direction', 'newer', '--limit', '100'],
      ['contact', 'user', 'get', '--ids', 'u_8202'],
      ['chat', 'message', 'send', '--group', 'cid_8201', '--at-open-dingtalk-ids', 'od_8202', '--text', '<@od_8202> 请今天 12:00 前确认排期']],
    answers: () => ({ 'contact/get_user_info_by_user_ids': { success: true, result: [{ userId: 'u_8202', name: '李雷', openDingTalkId: 'od_8202' }] } }),
    calls: [
      ['chat', 'list_conversation_message_v2', { openconversation_id: 'cid_8201', time: '2026-12-07 18:00:00', forward: true, limit: 100 }],
      ['contact', 'get_user_info_by_user_ids', { user_id_list: ['u_8202'] }],
      ['chat', 'send_personal_message', { openConversationId: 'cid_8201', msgType: 'markdown', clawType: 'openClaw', atOpenDingTalkIds: ['od_8202'], content: JSON.stringify({ text: '<@od_8202> 请今天 12:00 前确认排期', title: '<@od_8202> 请今天 12:00 前确认排期' }) }],
    ] },
  { name: '3. every open to-do (--size 100 pages by 20 until a short page), then one\'s due time and priority: get_user_todos_in_current_org {pageNum, pageSize as text, todoStatus, roleTypes [executor]} (helpers/todo.go:1806-1859, :2059-2068); update_todo_task {TodoUpdateRequest {taskId, dueTime ms, priority a number}} (helpers/todo.go:358-388)',
    lines: [['todo', 'task', 'list', '--status', 'false', '--size', '100'],
      ['todo', 'task', 'update', '--task-id', 'td_8302', '--due', '2026-12-11T18:00:00+08:00', '--priority', '30']],
    answers: () => ({ 'todo/get_user_todos_in_current_org': { pages: [
      { success: true, result: { todoCards: Array.from({ length: 20 }, (_, i) => ({ taskId: `td_${8310 + i}`, subject: `待办${i}` })) } },
      { success: true, result: { todoCards: [{ taskId: 'td_8302', subject: '续签合同' }] } }] } }),
    calls: [
      ['todo', 'get_user_todos_in_current_org', { pageNum: '1', pageSize: '20', todoStatus: 'false', roleTypes: ['executor'] }],
      ['todo', 'get_user_todos_in_current_org', { pageNum: '2', pageSize: '20', todoStatus: 'false', roleTypes: ['executor'] }],
      ['todo', 'update_todo_task', { TodoUpdateRequest: { taskId: 'td_8302', dueTime: beijing(2026, 12, 11, 18), priority: 30 } }],
    ] },
  { name: '4. mails from one sender since a date, then a reply: list_user_mailboxes; search_emails {email, query as typed, size "20" as text} (helpers/mail.go:315-331); create_reply_draft {from, messageId, body}; send_draft {email, messageId, saveToSentItems true} (helpers/mail.go:1357-1392)',
    lines: [['mail', 'mailbox', 'list'],
      ['mail', 'message', 'search', '--email', 'me@example.com', '--query', 'from:boss@example.com AND date>=2026-11-30T16:00:00Z'],
      ['mail', 'message', 'reply', '--from', 'me@example.com', '--id', 'msg_8402', '--content', '收到，周四前给您答复。', '--yes']],
    answers: () => ({ ...mailbox, 'mail/create_reply_draft': { success: true, result: { messageId: 'DRAFT-r1' } }, 'mail/send_draft': { success: true, result: { messageId: 'DRAFT-r1' } } }),
    calls: [
      ['mail', 'list_user_mailboxes', {}],
      ['mail', 'search_emails', { email: 'me@example.com', query: 'from:boss@example.com AND date>=2026-11-30T16:00:00Z', size: '20' }],
      ['mail', 'list_user_mailboxes', {}],
      ['mail', 'create_reply_draft', { from: 'me@example.com', messageId: 'msg_8402', body: '收到，周四前给您答复。' }],
      ['mail', 'send_draft', { email: 'me@example.com', messageId: 'DRAFT-r1', saveToSentItems: true }],
    ] },
  { name: '5. a doc search, one read, a paragraph appended: search_documents {keyword, pageSize 10} (shortcut/doc/doc.go:88-125); get_document_content {nodeId} (helpers/doc.go:1489-1491); update_document {nodeId, markdown, mode append} (shortcut/smart/doc_append.go:83-100)',
    lines: [['doc', '+search', '--query', '会议纪要'], ['doc', 'read', '--node', 'doc_8502'], ['doc', '+doc-append', '--doc', 'doc_8502', '--text', '补充：预算上限 30 万元。', '--yes']],
    answers: () => ({ 'doc/search_documents': { success: true, result: { documents: [{ nodeId: 'doc_8502', name: '会议纪要 12-07' }], hasMore: false, nextCursor: '' } } }),
    calls: [
      ['doc', 'search_documents', { keyword: '会议纪要', pageSize: 10 }],
      ['doc', 'get_document_content', { nodeId: 'doc_8502' }],
      ['doc', 'update_document', { nodeId: 'doc_8502', markdown: '补充：预算上限 30 万元。', mode: 'append' }],
    ] },
  { name: '6. a worksheet added, then a 3x3 range with a decimal: create_sheet {nodeId, name} (helpers/sheet_workbook.go:197-202); set_cell_range {nodeId, sheetId, rangeAddress, cells as parsed} (helpers/sheet_range_ops.go:225-256)',
    lines: [['sheet', 'new', '--node', 'ss_8601', '--name', '2027 预算'],
      ['sheet', 'range', 'update', '--node', 'ss_8601', '--sheet-id', 'st_8611', '--range', 'A1:C3', '--values', JSON.stringify([[cell('部门'), cell('预算（万元）'), cell('备注')], [cell('研发'), cell('120.5'), cell('含外包')], [cell('市场'), cell('80'), cell('无')]])]],
    calls: [
      ['sheet', 'create_sheet', { nodeId: 'ss_8601', name: '2027 预算' }],
      ['sheet', 'set_cell_range', { nodeId: 'ss_8601', sheetId: 'st_8611', rangeAddress: 'A1:C3', cells: [[cell('部门'), cell('预算（万元）'), cell('备注')], [cell('研发'), cell('120.5'), cell('含外包')], [cell('市场'), cell('80'), cell('无')]] }],
    ] },
  { name: '7. fields read, records over an amount (every page), then two set alike: get_fields {baseId, tableId} (helpers/aitable.go:1769-1784, :7183-7190); query_records {filters with the number as typed} then the answer\'s cursor (helpers/aitable.go:2148-2212, :200-230); update_records {records one per id, same cells} (helpers/aitable.go:2491-2525)',
    lines: [['aitable', 'field', 'list', '--base-id', 'base_8701', '--table-id', 'tbl_8702'],
      ['aitable', 'record', 'query', '--base-id', 'base_8701', '--table-id', 'tbl_8702', '--filters', '{"operator":"and","operands":[{"operator":"gt","operands":["fld_amt",5000]}]}', '--all'],
      ['aitable', 'record', 'batch-update', '--base-id', 'base_8701', '--table-id', 'tbl_8702', '--record-ids', 'rec_8703,rec_8704', '--cells', '{"fld_st":"已付款"}', '--yes']],
    answers: () => ({ 'aitable/query_records': { pages: [
      { success: true, data: { records: [{ recordId: 'rec_8703', cells: { fld_amt: 8000 } }], hasMore: true, cursor: 'cur2' } },
      { success: true, data: { records: [{ recordId: 'rec_8704', cells: { fld_amt: 12000 } }], hasMore: false, cursor: '' } }] } }),
    calls: [
      ['aitable', 'get_fields', { baseId: 'base_8701', tableId: 'tbl_8702' }],
      ['aitable', 'query_records', { baseId: 'base_8701', tableId: 'tbl_8702', filters: { operator: 'and', operands: [{ operator: 'gt', operands: ['fld_amt', 5000] }] } }],
      ['aitable', 'query_records', { baseId: 'base_8701', tableId: 'tbl_8702', filters: { operator: 'and', operands: [{ operator: 'gt', operands: ['fld_amt', 5000] }] }, cursor: 'cur2' }],
      ['aitable', 'update_records', { baseId: 'base_8701', tableId: 'tbl_8702', records: [{ recordId: 'rec_8703', cells: { fld_st: '已付款' } }, { recordId: 'rec_8704', cells: { fld_st: '已付款' } }] }],
    ] },
  { name: '8. a local image into an attachment cell, then the record read back: query_records {recordIds, limit 1}; prepare_attachment_upload {baseId, fileName, size, mimeType}; the bytes PUT; update_records {kept tokens plus the new one}; query_records read-back (shortcut/aitable/attachment_composite.go:96-184, :307-317; record_batch.go:305-316); query_records {recordIds} (helpers/aitable.go:2163-2165)',
    lines: [['aitable', '+attachment-put', '--base-id', 'base_8801', '--table-id', 'tbl_8802', '--record-id', 'rec_8803', '--field-id', 'fld_att', '--file', './发票-1208.png', '--yes'],
      ['aitable', 'record', 'query', '--base-id', 'base_8801', '--table-id', 'tbl_8802', '--record-ids', 'rec_8803']],
    files: { '发票-1208.png': INVOICE },
    answers: () => ({
      'aitable/query_records': { pages: [
        { success: true, data: { records: [{ recordId: 'rec_8803', cells: { fld_att: [{ fileToken: 'ft_old', name: '旧.pdf' }] } }], hasMore: false } },
        { success: true, data: { records: [{ recordId: 'rec_8803', cells: { fld_att: [{ fileToken: 'ft_old', name: '旧.pdf' }, { fileToken: 'ft_1', name: '发票-1208.png' }] } }], hasMore: false } },
        { success: true, data: { records: [{ recordId: 'rec_8803', cells: { fld_att: [{ fileToken: 'ft_old' }, { fileToken: 'ft_1' }] } }], hasMore: false } }] },
      'aitable/prepare_attachment_upload': { success: true, data: { uploadUrl: `${mcp.base}/upload/invoice`, fileToken: 'ft_1' } },
      'aitable/update_records': { success: true, data: { updatedRecordIds: ['rec_8803'] } },
    }),
    calls: [
      ['aitable', 'query_records', { baseId: 'base_8801', tableId: 'tbl_8802', recordIds: ['rec_8803'], limit: 1 }],
      ['aitable', 'prepare_attachment_upload', { baseId: 'base_8801', fileName: '发票-1208.png', size: Buffer.byteLength(INVOICE), mimeType: 'image/png' }],
      ['aitable', 'update_records', { baseId: 'base_8801', tableId: 'tbl_8802', records: [{ recordId: 'rec_8803', cells: { fld_att: [{ fileToken: 'ft_old' }, { fileToken: 'ft_1' }] } }] }],
      ['aitable', 'query_records', { baseId: 'base_8801', tableId: 'tbl_8802', recordIds: ['rec_8803'], limit: 1 }],
      ['aitable', 'query_records', { baseId: 'base_8801', tableId: 'tbl_8802', recordIds: ['rec_8803'] }],
    ],
    after: () => expect(mcp.uploads.map((u) => [u.name, u.method, u.bytes.toString(), u.headers['content-type']])).toEqual([['invoice', 'PUT', INVOICE, 'image/png']]) },
  { name: '9. a drive file renamed (its own extension dropped once), then a folder deleted: get_file_info {fileId}; rename_document {nodeId, newName} (helpers/drive.go:24-67, :1852-1868); delete_document {nodeId} (helpers/drive.go:1637-1648)',
    lines: [['drive', 'rename', '--node', 'f_9101', '--name', '2026 年终总结.docx'], ['drive', 'delete', '--node', 'fd_9102', '--yes']],
    answers: () => ({ 'drive/get_file_info': { success: true, result: { dentryUuid: 'f_9101', name: '年终总结草稿.docx', type: 'file', extension: 'docx' } } }),
    calls: [
      ['drive', 'get_file_info', { fileId: 'f_9101' }],
      ['doc', 'rename_document', { nodeId: 'f_9101', newName: '2026 年终总结' }],
      ['doc', 'delete_document', { nodeId: 'fd_9102' }],
    ] },
  { name: '10. a doc node made under a node, then another node moved under it: create_file {workspaceId, name, type adoc by default, folderId} (helpers/wiki.go:958-979, :1022); move_document {nodeId, workspaceId, targetFolderId} (helpers/wiki.go:1106-1125)',
    lines: [['wiki', 'node', 'create', '--workspace', 'ws_9201', '--folder', 'nd_9202', '--name', '新人手册'], ['wiki', 'node', 'move', '--workspace', 'ws_9201', '--node', 'nd_9203', '--folder', 'nd_new_9204']],
    answers: () => ({ 'doc/create_file': { success: true, result: { nodeId: 'nd_new_9204', name: '新人手册' } } }),
    calls: [
      ['doc', 'create_file', { workspaceId: 'ws_9201', name: '新人手册', type: 'adoc', folderId: 'nd_9202' }],
      ['doc', 'move_document', { nodeId: 'nd_9203', workspaceId: 'ws_9201', targetFolderId: 'nd_new_9204' }],
    ] },
  { name: '11. the approvals I started, page by page, then one revoked: get_submitted_instances {pageNumber, pageSize numbers} (shortcut/smart/my_initiated.go:98-140); revoke_processInstance {processInstanceId} (helpers/oa.go:321-334)',
    lines: [['oa', '+my-initiated', '--limit', '20'], ['oa', '+my-initiated', '--limit', '20', '--page', '2'], ['oa', 'approval', 'revoke', '--instance-id', 'inst_9302', '--yes']],
    answers: () => ({ 'oa/get_submitted_instances': { pages: [
      { success: true, result: { list: [{ processInstanceId: 'inst_9301', title: '报销' }, { processInstanceId: 'inst_9302', title: '采购' }] } },
      { success: true, result: { list: [{ processInstanceId: 'inst_9290', title: '出差' }] } }] } }),
    calls: [
      ['oa', 'get_submitted_instances', { pageNumber: 1, pageSize: 20 }],
      ['oa', 'get_submitted_instances', { pageNumber: 2, pageSize: 20 }],
      ['oa', 'revoke_processInstance', { processInstanceId: 'inst_9302' }],
    ] },
  { name: '12. three people\'s punches yesterday (the end is the next day, as the help says), my userId, then my month summary: query_check_record {QueryCheckRecordRequest {userIds, checkDateFrom/To "yyyy-MM-dd 00:00:00"}} (helpers/attendance.go:716-748); get_user_attendance_summary {userId, queryDate local ms, statsType} (helpers/attendance.go:2450-2468, :119-134)',
    lines: [['attendance', 'check', 'record', '--users', 'u_9401,u_9402,u_9403', '--start', '2026-12-07', '--end', '2026-12-08'],
      ['contact', 'user', 'get-self'], ['attendance', 'summary', '--user', 'u_me_0001', '--date', '2026-11-15', '--stats-type', 'month']],
    answers: () => ({ 'contact/get_current_user_profile': { success: true, result: { userId: 'u_me_0001', name: '我' } } }),
    calls: [
      ['attendance-wukong', 'query_check_record', { QueryCheckRecordRequest: { userIds: ['u_9401', 'u_9402', 'u_9403'], checkDateFrom: '2026-12-07 00:00:00', checkDateTo: '2026-12-08 00:00:00' } }],
      ['contact', 'get_current_user_profile', {}],
      ['attendance-wukong', 'get_user_attendance_summary', { userId: 'u_me_0001', queryDate: beijing(2026, 11, 15), statsType: 'month' }],
    ] },
  { name: '13. a colleague by mobile, then the department and its parent: search_user_by_mobile {mobile}; get_user_info_by_user_ids {user_id_list} (shortcut/smart/by_mobile.go:83-100); get_dept_info_by_dept_id {deptId a number} twice (helpers/contact.go:892-900)',
    lines: [['contact', '+by-mobile', '--mobile', '13800138000'], ['contact', 'dept', 'get-info', '--dept', '9510'], ['contact', 'dept', 'get-info', '--dept', '9500']],
    answers: () => ({
      'contact/search_user_by_mobile': { success: true, result: { userId: 'u_9501' } },
      'contact/get_user_info_by_user_ids': { success: true, result: [{ userId: 'u_9501', name: '韩梅梅', deptIdList: [9510] }] },
    }),
    calls: [
      ['contact', 'search_user_by_mobile', { mobile: '13800138000' }],
      ['contact', 'get_user_info_by_user_ids', { user_id_list: ['u_9501'] }],
      ['contact', 'get_dept_info_by_dept_id', { deptId: 9510 }],
      ['contact', 'get_dept_info_by_dept_id', { deptId: 9500 }],
    ] },
  { name: '14. last week\'s sent reports over two pages, then one read: get_send_report_list {cursor, size, startTime, endTime ms} then one get_report_entry_details per row (helpers/report.go:663-723, :795-842); get_report_entry_details {report_id}',
    lines: [['report', 'outbox', 'list', '--start', '2026-11-30T00:00:00+08:00', '--end', '2026-12-06T23:59:59+08:00'],
      ['report', 'outbox', 'list', '--start', '2026-11-30T00:00:00+08:00', '--end', '2026-12-06T23:59:59+08:00', '--cursor', '20'],
      ['report', 'entry', 'get', '--report-id', 'rp_9602']],
    answers: () => ({
      'report/get_send_report_list': { pages: [
        { success: true, result: { list: [{ reportId: 'rp_9601', templateName: '日报' }], hasMore: true, nextCursor: 20 } },
        { success: true, result: { list: [{ reportId: 'rp_9602', templateName: '周报' }], hasMore: false, nextCursor: 0 } }] },
      'report/get_report_entry_details': { success: true, result: { contents: [] } },
    }),
    calls: [
      ['report', 'get_send_report_list', { cursor: 0, size: 20, startTime: beijing(2026, 11, 30), endTime: beijing(2026, 12, 6, 23, 59, 59) }],
      ['report', 'get_report_entry_details', { report_id: 'rp_9601' }],
      ['report', 'get_send_report_list', { cursor: 20, size: 20, startTime: beijing(2026, 11, 30), endTime: beijing(2026, 12, 6, 23, 59, 59) }],
      ['report', 'get_report_entry_details', { report_id: 'rp_9602' }],
      ['report', 'get_report_entry_details', { report_id: 'rp_9602' }],
    ] },
  { name: '15. my minutes this month by a title word (every page), then one renamed: list_by_keyword_and_time_range {belongingConditionId createdByMe, maxResults 20, keyword, createTimeStart/End ms, nextToken} (shortcut/minutes/alignment.go:222-287); get_minutes_basic_info, update_minutes_title {taskUuid, title}, get_minutes_basic_info (alignment.go:416-444)',
    lines: [['minutes', '+search', '--query', '评审', '--scope', 'mine', '--start', '2026-12-01T00:00:00+08:00', '--end', '2026-12-08T09:30:00+08:00', '--page-all'],
      ['minutes', '+update', '--id', 'mt_9702', '--title', '架构评审 2026-12-03', '--yes']],
    answers: () => ({
      'minutes/list_by_keyword_and_time_range': { pages: [
        { success: true, result: { minutesList: [{ taskUuid: 'mt_9701', title: '需求评审 12-01' }], nextToken: 'nt2', hasNext: true } },
        { success: true, result: { minutesList: [{ taskUuid: 'mt_9702', title: '架构评审' }], nextToken: '', hasNext: false } }] },
      'minutes/get_minutes_basic_info': { pages: [{ success: true, result: { taskUuid: 'mt_9702', title: '架构评审' } }, { success: true, result: { taskUuid: 'mt_9702', title: '架构评审 2026-12-03' } }] },
      'minutes/update_minutes_title': { success: true },
    }),
    calls: [
      ['minutes', 'list_by_keyword_and_time_range', { belongingConditionId: 'createdByMe', maxResults: 20, keyword: '评审', createTimeStart: beijing(2026, 12, 1), createTimeEnd: beijing(2026, 12, 8, 9, 30) }],
      ['minutes', 'list_by_keyword_and_time_range', { belongingConditionId: 'createdByMe', maxResults: 20, keyword: '评审', createTimeStart: beijing(2026, 12, 1), createTimeEnd: beijing(2026, 12, 8, 9, 30), nextToken: 'nt2' }],
      ['minutes', 'get_minutes_basic_info', { taskUuid: 'mt_9702' }],
      ['minutes', 'update_minutes_title', { taskUuid: 'mt_9702', title: '架构评审 2026-12-03' }],
      ['minutes', 'get_minutes_basic_info', { taskUuid: 'mt_9702' }],
    ] },
  { name: '16. a bot\'s text to three people, then recalled: batch_send_robot_msg_to_users {robotCode, title, markdown, msgType sampleMarkdownDX, userIds} (helpers/chat.go:3525-3610); batch_recall_robot_users_msg {robotCode, processQueryKeys} (shortcut/chat/chat_message.go:278-283)',
    lines: [['chat', 'message', 'send-by-bot', '--robot-code', 'bot_9801', '--users', 'u_9802,u_9803,u_9804', '--title', '告警', '--text', '服务器 CPU 超过 90%，请排查'],
      ['chat', '+messages-batch-recall-by-bot', '--robot-code', 'bot_9801', '--keys', 'pqk_9805', '--yes']],
    answers: () => ({ 'bot/batch_send_robot_msg_to_users': { success: true, result: { processQueryKey: 'pqk_9805' } } }),
    calls: [
      ['bot', 'batch_send_robot_msg_to_users', { robotCode: 'bot_9801', msgType: 'sampleMarkdownDX', title: '告警', markdown: '服务器 CPU 超过 90%，请排查', userIds: ['u_9802', 'u_9803', 'u_9804'] }],
      ['bot', 'batch_recall_robot_users_msg', { robotCode: 'bot_9801', processQueryKeys: ['pqk_9805'] }],
    ] },
  { name: '17. an event in London time with a reminder in minutes (no online-meeting option: the video_meeting_link gap says so), then read back: create_calendar_event {summary, startDateTime/endDateTime as typed, timeZone, attendees, reminders [{minutes}]} (helpers/calendar.go:440-481, :3052-3062); get_calendar_detail {eventId} (helpers/calendar.go:359-367)',
    lines: [['calendar', 'event', 'create', '--title', 'London sync', '--start', '2026-12-10T09:00:00+00:00', '--end', '2026-12-10T10:00:00+00:00', '--attendees', 'u_9902,u_9903', '--remind-minutes', '15', '--timezone', 'Europe/London'],
      ['calendar', 'event', 'get', '--id', 'ev_new_9904']],
    calls: [
      ['calendar', 'create_calendar_event', { summary: 'London sync', startDateTime: '2026-12-10T09:00:00+00:00', endDateTime: '2026-12-10T10:00:00+00:00', timeZone: 'Europe/London', attendees: ['u_9902', 'u_9903'], reminders: [{ minutes: 15 }] }],
      ['calendar', 'get_calendar_detail', { eventId: 'ev_new_9904' }],
    ] },
  { name: '18. a local file into a group as myself, then a line of text: init_conversation_file_upload {openConversationId, fileName, fileSize, md5}; the bytes PUT; commit_conversation_file_upload {…, uploadKey}; send_personal_message {msgType file, content {dentryId, spaceId, fileName, fileType, filePath, fileSize}} (shortcut/chat/unified_send.go:563-627; helpers/chat.go:2041-2072, :2113-2143, :2192-2211); then the text as a markdown message (helpers/chat.go:3340-3359)',
    lines: [['chat', '+messages-send', '--group', 'cid_10001', '--file', './周报-第49周.pdf', '--yes'], ['chat', 'message', 'send', '--group', 'cid_10001', '--text', '周报已上传，请查阅']],
    files: { '周报-第49周.pdf': WEEKLY },
    answers: () => ({
      'im/init_conversation_file_upload': { success: true, result: { resourceUrl: `${mcp.base}/upload/weekly`, uploadKey: 'uk_1' } },
      'im/commit_conversation_file_upload': { success: true, result: { dentryId: 70001, spaceId: 80001 } },
    }),
    calls: [
      ['im', 'init_conversation_file_upload', { openConversationId: 'cid_10001', fileName: '周报-第49周.pdf', fileSize: Buffer.byteLength(WEEKLY), md5: md5(WEEKLY) }],
      ['im', 'commit_conversation_file_upload', { openConversationId: 'cid_10001', uploadKey: 'uk_1', fileName: '周报-第49周.pdf', fileSize: Buffer.byteLength(WEEKLY), md5: md5(WEEKLY) }],
      ['chat', 'send_personal_message', { openConversationId: 'cid_10001', msgType: 'file', clawType: 'openClaw', content: JSON.stringify({ dentryId: 70001, spaceId: 80001, fileName: '周报-第49周.pdf', fileType: 'pdf', filePath: '/周报-第49周.pdf', fileSize: Buffer.byteLength(WEEKLY) }) }],
      ['chat', 'send_personal_message', { openConversationId: 'cid_10001', msgType: 'markdown', clawType: 'openClaw', content: JSON.stringify({ text: '周报已上传，请查阅', title: '周报已上传，请查阅' }) }],
    ],
    after: () => expect(mcp.uploads.map((u) => [u.name, u.method, u.bytes.toString()])).toEqual([['weekly', 'PUT', WEEKLY]]) },
  { name: '19. two people\'s openDingTalkIds, a DING as myself, then who read it: get_user_info_by_user_ids; send_personal_ding {receiverOpenDingTalkIds, content, remindType app by default}; list_ding_receiver_status {openDingId} (shortcut/ding/ding.go:102-152)',
    lines: [['contact', 'user', 'get', '--ids', 'u_10101,u_10102'], ['ding', '+send-personal', '--users', 'od_10101,od_10102', '--content', '10:30 到 3 楼会议室开会', '--yes'], ['ding', '+receiver-status', '--ding-id', 'ding_10103']],
    answers: () => ({ 'contact/get_user_info_by_user_ids': { success: true, result: [{ userId: 'u_10101', openDingTalkId: 'od_10101' }, { userId: 'u_10102', openDingTalkId: 'od_10102' }] } }),
    calls: [
      ['contact', 'get_user_info_by_user_ids', { user_id_list: ['u_10101', 'u_10102'] }],
      ['im', 'send_personal_ding', { receiverOpenDingTalkIds: ['od_10101', 'od_10102'], content: '10:30 到 3 楼会议室开会', remindType: 'app' }],
      ['im', 'list_ding_receiver_status', { openDingId: 'ding_10103' }],
    ] },
  { name: '20. a spreadsheet made in a drive folder, its worksheets listed, then two rows written: create_workspace_sheet {name, folderId} (helpers/sheet_workbook.go:20-30); get_all_sheets {nodeId} (helpers/sheet_workbook.go:84-86); set_cell_range (helpers/sheet_range_ops.go:251-256)',
    lines: [['sheet', 'create', '--folder', 'fd_10201', '--name', '2027 招聘计划'], ['sheet', 'list', '--node', 'ss_10202'],
      ['sheet', 'range', 'update', '--node', 'ss_10202', '--sheet-id', 'st_10203', '--range', 'A1:B2', '--values', JSON.stringify([[cell('岗位'), cell('人数')], [cell('后端工程师'), cell('3')]])]],
    calls: [
      ['sheet', 'create_workspace_sheet', { name: '2027 招聘计划', folderId: 'fd_10201' }],
      ['sheet', 'get_all_sheets', { nodeId: 'ss_10202' }],
      ['sheet', 'set_cell_range', { nodeId: 'ss_10202', sheetId: 'st_10203', rangeAddress: 'A1:B2', cells: [[cell('岗位'), cell('人数')], [cell('后端工程师'), cell('3')]] }],
    ] },
];

describe('agent test 21g: each request sends what upstream sends for the same flags', () => {
  useTimeZone('Asia/Shanghai');
  for (const c of CASES) {
    it(c.name, async () => {
      mcp.uploads.length = 0;
      mcp.fetched.length = 0;
      await act({ lines: c.lines, ...(c.files ? { files: c.files } : {}), ...(c.answers ? { answers: c.answers() } : {}), ...(c.now ? { now: c.now } : {}), calls: c.calls });
      c.after?.();
    });
  }
});

describe('agent test 21g: the search text that left the agent guessing', () => {
  it('left guessing (search, 7): records over an amount ranked no record reader in five; upstream filters records with gt/lt on a number field (helpers/aitable.go:2170-2175, the operators its help lists), and record query now says it picks rows above or below a value', () => {
    const readers = ['aitable.query_records', 'aitable.shortcut_record_query'];
    for (const q of ['AI 表格 找出金额大于 5000 的记录', '筛出金额小于 100 的行']) {
      expect(searched(q).paths.some((p) => readers.includes(p))).toBe(true);
    }
    // the request's own write step still ranks the writer first, and a keyword lookup still ranks +find-record
    expect(searched('把两条记录的状态改为已付款').paths[0]).not.toBe('aitable.query_records');
  });
});
