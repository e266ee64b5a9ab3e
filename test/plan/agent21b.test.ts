// Agent test 21b (notes/agent-test-21b.md, notes/agent21b.md): twenty everyday requests, each run with the command lines
// the agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls
// asserted are written from the upstream command bodies at c7521c1c (the lines named at each case), not from dws's
// output. "Now" is Monday 2026-12-07 19:30 in Asia/Shanghai; the file runs in that zone. The last cases are the search
// and help text that misled the agent or left it guessing (named at each case): they failed before the catalog text of
// this change.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, useTimeZone } from '../helpers.js';
import { helpOf, searched, useOutputRuns } from './output-runs.js';

const { step: act, sent, mcp, env: runEnv } = useOutputRuns('dws-agent21b-');

/** The moment the requests were typed: Monday 2026-12-07 19:30 Beijing. */
const NOW = new Date(Date.UTC(2026, 11, 7, 11, 30));
/** Midnight of a December 2026 day in Beijing, as epoch ms. */
const bjMidnight = (day: number) => Date.UTC(2026, 11, day, 0, 0) - 8 * 3600_000;

describe('agent test 21b: each request sends what upstream sends for the same flags', () => {
  useTimeZone('Asia/Shanghai');

  it('1. my userId, this week\'s shifts, then last month\'s overtime approvals: get_current_user_profile {}; attendance/batch_get_employee_shifts {userIds, fromDateTime/toDateTime local midnights in ms}; attendance-wukong/query_user_approve {QueryUserApproveRequest {userIds, bizTypes [1], fromDate/toDate "YYYY-MM-DD 00:00:00"}} (helpers/attendance.go:1003-1030, :827-889)', async () => {
    await act({
      now: NOW,
      lines: [
        ['contact', 'user', 'get-self'],
        ['attendance', 'shift', 'list', '--users', 'u_me', '--start', '2026-12-07', '--end', '2026-12-13'],
        ['attendance', 'approve', 'list', '--users', 'u_me', '--types', 'overtime', '--start', '2026-11-01', '--end', '2026-11-30'],
      ],
      calls: [
        ['contact', 'get_current_user_profile', {}],
        ['attendance', 'batch_get_employee_shifts', { userIds: ['u_me'], fromDateTime: bjMidnight(7), toDateTime: bjMidnight(13) }],
        ['attendance-wukong', 'query_user_approve', { QueryUserApproveRequest: { userIds: ['u_me'], bizTypes: [1], fromDate: '2026-11-01 00:00:00', toDate: '2026-11-30 00:00:00' } }],
      ],
    });
    // sibling: the Chinese type names map to the same bizTypes (approveTypeMapping, attendance.go:868-876)
    await act({
      lines: [['attendance', 'approve', 'list', '--users', 'u_me', '--types', '加班,补卡', '--start', '2026-11-01', '--end', '2026-11-30']],
      calls: [['attendance-wukong', 'query_user_approve', { QueryUserApproveRequest: { userIds: ['u_me'], bizTypes: [1, 4], fromDate: '2026-11-01 00:00:00', toDate: '2026-11-30 00:00:00' } }]],
    });
  });

  it('2. my OKRs and the OKR weekly-report statistics: upstream\'s goal product (agoal) is outside the surface dws follows, so nothing is called and the search says it is a known gap', () => {
    for (const q of ['列出我本季度的 OKR 目标', '再看一下 OKR 周报的提交统计（谁交了、谁没交）']) {
      const asked = searched(q);
      expect([asked.weak, asked.hint]).toEqual([true, expect.stringContaining('Known gap (report)')]);
    }
  });

  it('3. a video conference reserved, then members invited: a known gap (upstream\'s conference product is a withdrawn fallback, helpers/conference.go:23-67, app/root.go:1245-1247), so nothing is called', () => {
    const asked = searched('Reserve a video conference "项目周会" tomorrow 10:00-11:00 Beijing time, then invite u_2101, u_2102 and u_2103 to it');
    expect([asked.weak, asked.hint]).toEqual([true, expect.stringContaining('Known gap (calendar)')]);
  });

  it('4. the weekly-report template, then last week\'s received reports, each row read for the readable list: get_template_details_by_name {report_template_name}; get_received_report_list {startTime, endTime ms, cursor 0, size 20}; get_report_entry_details {report_id} per row (helpers/report.go:550-557, :619-651, callReportListReadable :795-840)', async () => {
    mcp.answers['report/get_report_entry_details'] = (args) => ({ result: { reportId: args.report_id, url: `https://r.example/${String(args.report_id)}` } });
    await act({
      now: NOW,
      lines: [
        ['report', 'template', 'get', '--name', '周报'],
        ['report', 'inbox', 'list', '--start', '2026-11-30T00:00:00+08:00', '--end', '2026-12-06T23:59:59+08:00'],
      ],
      answers: { 'report/get_received_report_list': { result: { list: [{ reportId: 'rp_31', templateName: '周报', creatorName: '张三', createTime: bjMidnight(4) }] } } },
      calls: [
        ['report', 'get_template_details_by_name', { report_template_name: '周报' }],
        ['report', 'get_received_report_list', { startTime: bjMidnight(1) - 86400_000, endTime: bjMidnight(7) - 1000, cursor: 0, size: 20 }],
        ['report', 'get_report_entry_details', { report_id: 'rp_31' }],
      ],
    });
  });

  it('5. a conditional fill on C2:C200 (greater than 10000), then a named filter view: create_cond_format {nodeId, sheetId, ranges [..], numberCondition spread at the top, cellStyle}; create_filter_view {nodeId, sheetId, name, range} (helpers/sheet_cond_format.go:154-190, sheet_filter_view.go:619-633)', async () => {
    await act({
      lines: [
        ['sheet', 'cond-format', 'create', '--node', 'ss_7101', '--sheet-id', '销售', '--ranges', '["C2:C200"]', '--condition', '{"numberCondition":{"operator":"greater","value1":"10000"}}', '--cell-style', '{"backgroundColor":"#FF0000"}'],
        ['sheet', 'filter-view', 'create', '--node', 'ss_7101', '--sheet-id', '销售', '--name', '大单', '--range', 'A1:F200'],
      ],
      calls: [
        ['sheet', 'create_cond_format', { nodeId: 'ss_7101', sheetId: '销售', ranges: ['C2:C200'], numberCondition: { operator: 'greater', value1: '10000' }, cellStyle: { backgroundColor: '#FF0000' } }],
        ['sheet', 'create_filter_view', { nodeId: 'ss_7101', sheetId: '销售', name: '大单', range: 'A1:F200' }],
      ],
    });
    // sibling: an empty --ranges array is refused before any call (sheet_cond_format.go:160-162)
    const empty = await sent(['sheet', 'cond-format', 'create', '--node', 'ss_7101', '--sheet-id', '销售', '--ranges', '[]', '--condition', '{"numberCondition":{"operator":"greater","value1":"1"}}']);
    expect([empty.reason, empty.calls]).toEqual(['invalid_parameter', []]);
  });

  it('6. three rows inserted below row 5 (before row 6), then A1:C1 cleared of content (asked first, as upstream): insert_dimension {nodeId, sheetId, dimension, position "6" a string, length 3 a number}; clear_range {nodeId, sheetId, range, type} (helpers/sheet_dimension.go:64-89, sheet_range_ops.go:300-333)', async () => {
    await act({
      lines: [['sheet', 'insert-dimension', '--node', 'ss_7102', '--sheet-id', 'Sheet1', '--dimension', 'ROWS', '--position', '6', '--length', '3']],
      calls: [['sheet', 'insert_dimension', { nodeId: 'ss_7102', sheetId: 'Sheet1', dimension: 'ROWS', position: '6', length: 3 }]],
    });
    const clear = ['sheet', 'range', 'clear', '--node', 'ss_7102', '--sheet-id', 'Sheet1', '--range', 'A1:C1', '--type', 'content'];
    const asked = await sent(clear);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [[...clear, '--yes']],
      calls: [['sheet', 'clear_range', { nodeId: 'ss_7102', sheetId: 'Sheet1', range: 'A1:C1', type: 'content' }]],
    });
    // sibling: "3x" is not a length (strconv.Atoi, sheet_dimension.go:72-77)
    const bad = await sent(['sheet', 'insert-dimension', '--node', 'ss_7102', '--sheet-id', 'Sheet1', '--dimension', 'ROWS', '--position', '6', '--length', '3x']);
    expect([bad.reason, bad.calls]).toEqual(['invalid_parameter', []]);
  });

  it('7. a drive file\'s comments, then one added (asked first): doc-comment/list_file_comments {fileId, maxResults 200}, printed {nodeId, total, count, hasMore, nextCursor, complete, scope, comments projected}; create_file_comment {fileId, content}, printed {nodeId, comment projected} (helpers/file_comment.go:262-291, :330-358, projectFileComment :459-481, fileCommentListPayload :508-530)', async () => {
    const listed = await act({
      lines: [['drive', 'comment', 'list', '--node', 'f_8801']],
      answers: { 'doc-comment/list_file_comments': { fileId: 'f_8801', total: 1, hasMore: false, items: [{ commentId: 'c1', content: '请核对', anchor: { scope: 'whole' }, creatorId: 'u_9', creatorName: '赵六', extra: 1 }] } },
      calls: [['doc-comment', 'list_file_comments', { fileId: 'f_8801', maxResults: 200 }]],
    });
    expect(listed).toEqual({
      nodeId: 'f_8801', total: 1, count: 1, hasMore: false, nextCursor: null, complete: true, scope: 'all',
      comments: [{ commentId: 'c1', content: '请核对', anchor: { scope: 'whole' }, creator: { userId: 'u_9', name: '赵六' } }],
    });
    const create = ['drive', 'comment', 'create', '--node', 'f_8801', '--content', '第三页的数据需要按 11 月口径更新'];
    const asked = await sent(create);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    const made = await act({
      lines: [[...create, '--yes']],
      answers: { 'doc-comment/create_file_comment': { result: { fileId: 'f_8801', comment: { commentId: 'c2', content: '第三页的数据需要按 11 月口径更新', anchor: { scope: 'whole' } } } } },
      calls: [['doc-comment', 'create_file_comment', { fileId: 'f_8801', content: '第三页的数据需要按 11 月口径更新' }]],
    });
    expect(made).toEqual({ nodeId: 'f_8801', commentId: 'c2', content: '第三页的数据需要按 11 月口径更新', anchor: { scope: 'whole' } });
  });

  it('8. a weekly event for 8 Mondays with two attendees, then next Monday\'s events: create_calendar_event {summary, startDateTime/endDateTime as typed, attendees, recurrence {pattern {type, interval, daysOfWeek}, range {type numbered, numberOfOccurrences 8}}}; list_calendar_events {startTime, endTime ms} (helpers/calendar.go:430-470, buildRecurrence :3071-3190, :240-312)', async () => {
    await act({
      now: NOW,
      lines: [
        ['calendar', 'event', 'create', '--title', '组周会', '--start', '2026-12-14T10:00:00+08:00', '--end', '2026-12-14T10:30:00+08:00', '--attendees', 'u_2201,u_2202', '--recurrence-type', 'weekly', '--recurrence-interval', '1', '--recurrence-days-of-week', 'monday', '--recurrence-range-type', 'numbered', '--recurrence-count', '8'],
        ['calendar', 'event', 'list', '--start', '2026-12-14T00:00:00+08:00', '--end', '2026-12-15T00:00:00+08:00'],
      ],
      calls: [
        ['calendar', 'create_calendar_event', {
          summary: '组周会', startDateTime: '2026-12-14T10:00:00+08:00', endDateTime: '2026-12-14T10:30:00+08:00', attendees: ['u_2201', 'u_2202'],
          recurrence: { pattern: { type: 'weekly', interval: 1, daysOfWeek: 'monday' }, range: { type: 'numbered', numberOfOccurrences: 8 } },
        }],
        ['calendar', 'list_calendar_events', { startTime: bjMidnight(14), endTime: bjMidnight(15) }],
      ],
    });
    // sibling: a recurrence without --recurrence-interval is refused before any call (buildRecurrence :3086-3092)
    const partial = await sent(['calendar', 'event', 'create', '--title', '组周会', '--start', '2026-12-14T10:00:00+08:00', '--end', '2026-12-14T10:30:00+08:00', '--recurrence-type', 'weekly', '--recurrence-days-of-week', 'monday', '--recurrence-range-type', 'numbered', '--recurrence-count', '8']);
    expect(partial.calls).toEqual([]);
    expect(partial.category).toBe('validation');
  });

  it('9. my mailbox, then a draft saved, not sent: list_user_mailboxes {}; create_draft {from, subject, toRecipients [..], body} (helpers/mail.go:1798-1852)', async () => {
    await act({
      lines: [
        ['mail', 'mailbox', 'list'],
        ['mail', 'draft', 'create', '--from', 'me@example.com', '--to', 'a@example.com,b@example.com', '--subject', '12 月排期', '--content', '附上 12 月排期，请确认'],
      ],
      answers: { 'mail/list_user_mailboxes': { mailboxes: [{ email: 'me@example.com' }] }, 'mail/create_draft': { messageId: 'd_1' } },
      calls: [
        ['mail', 'list_user_mailboxes', {}],
        ['mail', 'create_draft', { from: 'me@example.com', subject: '12 月排期', toRecipients: ['a@example.com', 'b@example.com'], body: '附上 12 月排期，请确认' }],
      ],
    });
  });

  it('10. the open to-dos I created, then one\'s due time moved to Thursday 17:00 Tokyo: get_user_todos_in_current_org {pageNum "1", pageSize "20" strings, todoStatus "false", roleTypes [creator]}; update_todo_task {TodoUpdateRequest {taskId, dueTime ms}} (helpers/todo.go:262-290, buildListTodoTaskArgs :2059-2090, :350-388)', async () => {
    await act({
      now: NOW,
      lines: [
        ['todo', 'task', 'list', '--role-types', 'creator', '--status', 'false'],
        ['todo', 'task', 'update', '--task-id', 'td_4401', '--due', '2026-12-10T17:00:00+09:00'],
      ],
      calls: [
        ['todo', 'get_user_todos_in_current_org', { pageNum: '1', pageSize: '20', todoStatus: 'false', roleTypes: ['creator'] }],
        ['todo', 'update_todo_task', { TodoUpdateRequest: { taskId: 'td_4401', dueTime: Date.UTC(2026, 11, 10, 8, 0) } }],
      ],
    });
  });

  it('11. an AI people search by duty, then the first match\'s profile: aisearch/enterprise_person_search {keyword, dimension [duty]}; get_user_info_by_user_ids {user_id_list} (helpers/aisearch.go:97-108, parseDimensions :434-450; contact.go:654-668)', async () => {
    await act({
      lines: [
        ['aisearch', 'person', '--keyword', 'Kubernetes 迁移', '--dimension', 'duty'],
        ['contact', 'user', 'get', '--ids', 'u_3301'],
      ],
      calls: [
        ['aisearch', 'enterprise_person_search', { keyword: 'Kubernetes 迁移', dimension: ['duty'] }],
        ['contact', 'get_user_info_by_user_ids', { user_id_list: ['u_3301'] }],
      ],
    });
    // sibling: no --dimension sends ["all"] (parseDimensions :435-438)
    await act({
      lines: [['aisearch', 'person', '--keyword', '张三']],
      calls: [['aisearch', 'enterprise_person_search', { keyword: '张三', dimension: ['all'] }]],
    });
  });

  it('12. my groups named with "项目", then one group\'s messages from today\'s midnight on, 30 at most: im/search_groups {keyword, limit 20, cursor "0"}; list_conversation_message_v2 {openconversation_id, time, forward true, limit 30} (helpers/chat.go:1146-1167, :2950-2998)', async () => {
    await act({
      now: NOW,
      lines: [
        ['chat', 'search', '--query', '项目'],
        ['chat', 'message', 'list', '--group', 'cid_9902', '--time', '2026-12-07 00:00:00', '--direction', 'newer', '--limit', '30'],
      ],
      calls: [
        ['im', 'search_groups', { keyword: '项目', limit: 20, cursor: '0' }],
        ['chat', 'list_conversation_message_v2', { openconversation_id: 'cid_9902', time: '2026-12-07 00:00:00', forward: true, limit: 30 }],
      ],
    });
  });

  it('13. a doc exported as docx into ./exports: submit_export_job {nodeId, exportFormat}; query_export_job {jobId} until SUCCESS; the URL fetched and saved as document.docx (shortcut/doc/content_shortcuts.go:1470-1525)', async () => {
    mcp.files['d5501'] = Buffer.from('docx bytes');
    const env = runEnv();
    mkdirSync(path.join(env.DWS_FILE_ROOT, 'exports'));
    mcp.calls.length = 0;
    mcp.answers['doc/submit_export_job'] = () => ({ result: { jobId: 'job_1' } });
    mcp.answers['doc/query_export_job'] = () => ({ result: { status: 'SUCCESS', downloadUrl: `${mcp.base}/files/d5501` } });
    const got = await dispatchInProcess(['doc', '+export', '--node', 'doc_5501', '--export-format', 'docx', '--output', './exports'], env, undefined, { sleep: async () => undefined });
    expect(got.error?.envelope()).toBeUndefined();
    expect(mcp.calls.map((c) => [c.server, c.name, c.arguments])).toEqual([
      ['doc', 'submit_export_job', { nodeId: 'doc_5501', exportFormat: 'docx' }],
      ['doc', 'query_export_job', { jobId: 'job_1' }],
    ]);
    expect(readFileSync(path.join(env.DWS_FILE_ROOT, 'exports', 'document.docx'), 'utf8')).toBe('docx bytes');
  });

  it('14. a table\'s fields, then the table exported to Excel: get_fields {baseId, tableId}; export_data {baseId, scope table, format excel, tableId} (helpers/aitable.go:1769-1784, :6165-6221)', async () => {
    await act({
      lines: [
        ['aitable', 'field', 'list', '--base-id', 'base_6101', '--table-id', 'tbl_6102'],
        ['aitable', 'export', 'data', '--base-id', 'base_6101', '--scope', 'table', '--table-id', 'tbl_6102', '--export-format', 'excel'],
      ],
      calls: [
        ['aitable', 'get_fields', { baseId: 'base_6101', tableId: 'tbl_6102' }],
        ['aitable', 'export_data', { baseId: 'base_6101', scope: 'table', format: 'excel', tableId: 'tbl_6102' }],
      ],
    });
    // sibling: scope table with a view id is refused (aitable.go:6189-6194)
    const view = await sent(['aitable', 'export', 'data', '--base-id', 'base_6101', '--scope', 'table', '--table-id', 'tbl_6102', '--view-id', 'v1', '--export-format', 'excel']);
    expect(view.calls).toEqual([]);
  });

  it('15. a minutes\' AI summary and action items, then its title changed: get_minutes_ai_summary, list_minutes_todos, update_minutes_title, each keyed by taskUuid (helpers/minutes.go:230-236, :395-401, :551-560)', async () => {
    await act({
      lines: [
        ['minutes', 'get', 'summary', '--id', 'mt_9910'],
        ['minutes', 'get', 'todos', '--id', 'mt_9910'],
        ['minutes', 'update', 'title', '--id', 'mt_9910', '--title', '12-07 客户沟通'],
      ],
      calls: [
        ['minutes', 'get_minutes_ai_summary', { taskUuid: 'mt_9910' }],
        ['minutes', 'list_minutes_todos', { taskUuid: 'mt_9910' }],
        ['minutes', 'update_minutes_title', { taskUuid: 'mt_9910', title: '12-07 客户沟通' }],
      ],
    });
  });

  it('16. the open-platform docs searched (no command opens an article: the result\'s link is given): search_open_platform_docs {keyword, page 1, size 10 as numbers} (helpers/devdoc.go:50-68)', async () => {
    await act({
      lines: [['devdoc', 'article', 'search', '--query', '发送互动卡片消息']],
      calls: [['devdoc', 'search_open_platform_docs', { keyword: '发送互动卡片消息', page: 1, size: 10 }]],
    });
  });

  it('17. urging an approver: a known gap whose note names records then a personal DING; get_processInstance_records {processInstanceId}; search_contact_by_key_word {keyword}; im/send_personal_ding {receiverOpenDingTalkIds, content, remindType "app"} asked first, as upstream (helpers/oa.go:373-381; contact.go:545-556; shortcut/ding/ding.go:108-153)', async () => {
    expect(searched('我发起的审批 PI-9902 已经卡了三天了，帮我催一下当前审批人').hint).toContain('Known gap (oa)');
    await act({
      lines: [
        ['oa', 'approval', 'records', '--instance-id', 'PI-9902'],
        ['contact', 'user', 'search', '--query', '李四'],
      ],
      calls: [
        ['oa', 'get_processInstance_records', { processInstanceId: 'PI-9902' }],
        ['contact', 'search_contact_by_key_word', { keyword: '李四' }],
      ],
    });
    const ding = ['ding', '+send-personal', '--users', 'DAQIDBAUGBwgiE', '--content', '审批 PI-9902 已等了三天，麻烦尽快处理'];
    const asked = await sent(ding);
    expect([asked.reason, asked.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [[...ding, '--yes']],
      calls: [['im', 'send_personal_ding', { receiverOpenDingTalkIds: ['DAQIDBAUGBwgiE'], content: '审批 PI-9902 已等了三天，麻烦尽快处理', remindType: 'app' }]],
    });
  });

  it('18. knowledge bases by name, then one\'s root listed: search_wikiSpaces {keyword} (no pageSize unless --limit); doc/list_nodes {workspaceId, pageSize 50} (helpers/wiki.go:373-395; shortcut/doc/doc.go:252-272)', async () => {
    await act({
      lines: [
        ['wiki', 'space', 'search', '--query', '新人入职'],
        ['doc', '+list', '--workspace', 'ws_7701'],
      ],
      answers: { 'doc/list_nodes': { result: { nodes: [], hasMore: false } } },
      calls: [
        ['wiki', 'search_wikiSpaces', { keyword: '新人入职' }],
        ['doc', 'list_nodes', { workspaceId: 'ws_7701', pageSize: 50 }],
      ],
    });
  });

  it('19. an event\'s details, the invitation declined, the reason sent to the organiser (a reply carries no note: a known gap): get_calendar_detail {eventId}; respond {eventId, responseStatus declined}; the organiser\'s userId looked up, then send_personal_message (helpers/calendar.go:353-367, :752-776; chat.go resolveOpenDingTalkIDs :1510-1545)', async () => {
    expect(searched('日程 evt_7701 我去不了，拒绝这个邀请，附言"当天出差，请会后同步结论"').hint).toContain('Known gap (calendar)');
    await act({
      lines: [
        ['calendar', 'event', 'get', '--id', 'evt_7701'],
        ['calendar', 'event', 'respond', '--id', 'evt_7701', '--status', 'declined'],
      ],
      calls: [
        ['calendar', 'get_calendar_detail', { eventId: 'evt_7701' }],
        ['calendar', 'respond', { eventId: 'evt_7701', responseStatus: 'declined' }],
      ],
    });
    const text = 'evt_7701 评审会当天我出差去不了，请会后同步一下结论';
    await act({
      lines: [['chat', 'message', 'send', '--user', 'u_org', '--text', text]],
      answers: { 'contact/get_user_info_by_user_ids': { result: [{ userId: 'u_org', name: '王总', openDingTalkId: 'DAQIDBAUGBwgiE' }] } },
      calls: [
        ['contact', 'get_user_info_by_user_ids', { user_id_list: ['u_org'] }],
        ['chat', 'send_personal_message', { msgType: 'markdown', content: JSON.stringify({ text, title: text }), receiverOpenDingTalkId: 'DAQIDBAUGBwgiE', clawType: 'openClaw' }],
      ],
    });
    // sibling: a status outside the four is refused before any call (calendar.go:761-767)
    const bad = await sent(['calendar', 'event', 'respond', '--id', 'evt_7701', '--status', 'decline']);
    expect(bad.calls).toEqual([]);
  });

  it('20. a base\'s tables, then a table created with four typed fields: get_tables {baseId}; create_table {baseId, tableName, fields as typed} (helpers/aitable.go:1495-1505, :1589-1604, parseFieldsJSON :966-978)', async () => {
    const fields = [
      { fieldName: '名称', type: 'text' }, { fieldName: '联系电话', type: 'telephone' },
      { fieldName: '合作中', type: 'checkbox' }, { fieldName: '年采购额', type: 'number' },
    ];
    await act({
      lines: [
        ['aitable', 'table', 'list', '--base-id', 'base_8101'],
        ['aitable', 'table', 'create', '--base-id', 'base_8101', '--name', '供应商', '--fields', JSON.stringify(fields)],
      ],
      calls: [
        ['aitable', 'get_tables', { baseId: 'base_8101' }],
        ['aitable', 'create_table', { baseId: 'base_8101', tableName: '供应商', fields }],
      ],
    });
    // sibling: without --fields the flag's default "[]" is sent (aitable.go:7098)
    await act({
      lines: [['aitable', 'table', 'create', '--base-id', 'base_8101', '--name', '供应商']],
      calls: [['aitable', 'create_table', { baseId: 'base_8101', tableName: '供应商', fields: [] }]],
    });
  });
});

describe('agent test 21b: the search and help text that misled the agent or left it guessing', () => {
  it('misled (search, 2): "列出我本季度的 OKR 目标" ranked a high-risk wiki node copy first with no weak match and no hint; it is now a known gap naming what is missing (upstream\'s agoal is outside the surface)', () => {
    const asked = searched('列出我本季度的 OKR 目标');
    expect([asked.weak, asked.hint]).toEqual([true, expect.stringContaining('OKR')]);
    expect(searched('list my OKR objectives for this quarter').weak).toBe(true);
    // an ordinary request that only mentions OKR content is not a gap
    expect(searched('最近和 OKR 有关的邮件有哪些').hint).not.toContain('Known gap (report)');
  });

  it('misled (search, 3): "Reserve a video conference … then invite" ranked the minutes lists first with only the generic weak-match hint, since the video-meeting gap knew "book" and "schedule" but not "reserve"; it now names the gap', () => {
    expect(searched('Reserve a video conference "项目周会" tomorrow 10:00-11:00 Beijing time, then invite u_2101, u_2102 and u_2103 to it').hint).toContain('Known gap (calendar)');
    expect(searched('帮我预定一个视频会议，明天上午十点').hint).toContain('Known gap (calendar)');
  });

  it('left guessing (help, 5): cond-format create named neither the fill key nor the comparison operators, so backgroundColor and "greater" were guesses; --cell-style and --condition now name them (upstream\'s create help, helpers/sheet_cond_format.go:92-117)', () => {
    const help = helpOf('sheet', 'cond-format', 'create');
    expect(help).toMatch(/backgroundColor \(the fill/);
    expect(help).toMatch(/greater, greater-equal, less, less-equal, between, not-between/);
    expect(help).toMatch(/“标红”“高亮”一般指填充色 backgroundColor/);
    expect(helpOf('sheet', 'cond-format', 'update')).toMatch(/backgroundColor \(the fill\), fontColor/);
  });

  it('left guessing (help, 20): table create and field create listed no field type names, so a phone column was sent as "phone" (upstream\'s type is telephone) and field create\'s --config said multiSelect for multipleSelect; they now name the types (helpers/aitable.go:1546-1561)', () => {
    const create = helpOf('aitable', 'table', 'create');
    expect(create).toMatch(/telephone \(a phone number; not "phone"\)/);
    expect(create).toMatch(/checkbox（勾选）/);
    const field = helpOf('aitable', 'field', 'create');
    expect(field).toMatch(/singleSelect, multipleSelect, checkbox, telephone/);
    expect(field).not.toMatch(/multiSelect are written/);
  });
});
