// Agent test 20r (notes/agent-test-20r.md, notes/agent20r.md): twenty everyday requests, each run with the command lines
// the agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls
// asserted are written from the upstream command bodies at c7521c1c (the lines named at each case), not from dws's
// output; where upstream projects the answer, the printed result is asserted too. Requests 18, 19 and 20 also check the
// help text rewritten in this round (it misled the agent or left it guessing).
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';
import { beijing, shellWords, useOutputRuns } from './output-runs.js';

const { act, sent, answer } = useOutputRuns('dws-agent20r-');

/** A command's compact Inspect entry. */
function inspect(canonical: string): {
  description_en: string; description: string; examples?: string[];
  parameters: Record<string, { description_en?: string; description?: string; required?: boolean }>;
} {
  const r = runCli(['schema', canonical, '--compact']);
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as ReturnType<typeof inspect>;
}

/** Epoch milliseconds of a wall-clock time in the machine's zone (Go's time.Local, as upstream's attendance parsers use). */
const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s).getTime();

describe('agent test 20r: each request sends what upstream sends for the same flags', () => {
  it('1. my punches Mon-today: query_check_record {QueryCheckRecordRequest: {userIds, checkDateFrom, checkDateTo}} as "yyyy-MM-dd 00:00:00" (dayDateTime); users a pflag string slice, untrimmed (shortcut/attendance/attendance.go:56-62, :264-279; shortcut/runner.go:94-97)', async () => {
    await act({
      lines: [
        ['attendance', '+check-record', '--users', 'manager4021', '--start', '2026-11-30', '--end', '2026-12-07'],
        ['attendance', '+check-record', '--users', 'manager4021, u2', '--start', ' 2026-11-30 ', '--end', '2026-12-07'],
      ],
      calls: [
        ['attendance-wukong', 'query_check_record', { QueryCheckRecordRequest: { userIds: ['manager4021'], checkDateFrom: '2026-11-30 00:00:00', checkDateTo: '2026-12-07 00:00:00' } }],
        ['attendance-wukong', 'query_check_record', { QueryCheckRecordRequest: { userIds: ['manager4021', ' u2'], checkDateFrom: '2026-11-30 00:00:00', checkDateTo: '2026-12-07 00:00:00' } }],
      ],
    });
    const bad = await sent(['attendance', '+check-record', '--users', 'm', '--start', '2026/11/30', '--end', '2026-12-07']);
    expect([bad.reason, bad.calls]).toEqual(['invalid_parameter', []]);
  });

  it('2. three people\'s schedule next Monday: getScheduleByRange {GetScheduleByRangeRequest: {userIdList, workDateBegin, workDateEnd}} local epoch ms, a bare end date at 23:59:59, a date-time as typed (shortcut/attendance/attendance.go:90-102, :458-474)', async () => {
    await act({
      lines: [
        ['attendance', '+get-schedule', '--users', 'u_1001,u_1002,u_1003', '--start', '2026-12-07', '--end', '2026-12-07'],
        ['attendance', '+get-schedule', '--users', 'u_1001', '--start', '2026-12-07 09:00:00', '--end', ' 2026-12-07 18:30:00 '],
      ],
      calls: [
        ['attendance-wukong', 'getScheduleByRange', { GetScheduleByRangeRequest: { userIdList: ['u_1001', 'u_1002', 'u_1003'], workDateBegin: local(2026, 12, 7), workDateEnd: local(2026, 12, 7, 23, 59, 59) } }],
        ['attendance-wukong', 'getScheduleByRange', { GetScheduleByRangeRequest: { userIdList: ['u_1001'], workDateBegin: local(2026, 12, 7, 9), workDateEnd: local(2026, 12, 7, 18, 30) } }],
      ],
    });
  });

  it('3. reports I received last week: get_received_report_list {startTime, endTime, cursor 0, size 20} as numbers, then one get_report_entry_details per reportId, newest first, into the readable table (helpers/report.go:615-650, :795-880, :1214-1251)', async () => {
    const printed = await act({
      lines: [['report', 'inbox', 'list', '--start', '2026-11-23', '--end', '2026-11-29T23:59:59+08:00']],
      answers: {
        'report/get_received_report_list': { success: true, result: { list: [
          { reportId: 'r1', templateName: '日报', createTime: beijing(2026, 11, 24, 10), creatorName: '王五' },
          { reportId: 'r2', templateName: '周报', createTime: beijing(2026, 11, 27, 18), creatorName: '赵六' },
        ], hasMore: false, nextCursor: 0 } },
        'report/get_report_entry_details': { success: true, result: { url: 'https://r/x' } },
      },
      calls: [
        ['report', 'get_received_report_list', { startTime: beijing(2026, 11, 23), endTime: beijing(2026, 11, 29, 23, 59, 59), cursor: 0, size: 20 }],
        ['report', 'get_report_entry_details', { report_id: 'r2' }],
        ['report', 'get_report_entry_details', { report_id: 'r1' }],
      ],
    }) as { count: number; result: Record<string, string>[]; hasMore: boolean; _internalDetailCommands: { command: string }[] };
    expect(printed.count).toBe(2);
    expect(printed.result.map((r) => [r['标题'], r['发送人']])).toEqual([['周报', '赵六'], ['日报', '王五']]);
    expect(printed._internalDetailCommands.map((c) => c.command)).toEqual([
      'dws report entry get --report-id r2 --format json', 'dws report entry get --report-id r1 --format json']);
    expect(printed.hasMore).toBe(false);
  });

  it('4. weekly report to two people: confirmation first; create_report {templateId, contents normalized (sort/type as text, contentType markdown), ddFrom "dws", toChat false, toUserIds trimmed}, then the detail read for its link (helpers/report.go:555-607, :783-793, :1494-1550, :1818-1960)', async () => {
    const contents = '[{"key":"本周完成","sort":0,"content":"接口联调","type":1,"contentType":"markdown"},{"key":"下周计划","sort":1,"content":"压测","type":"text","contentType":"Text"}]';
    const unconfirmed = await sent(['report', 'entry', 'submit', '--template-id', 'tpl_week_88', '--contents', contents, '--to-user-ids', 'u_2001,u_2002']);
    expect([unconfirmed.reason, unconfirmed.calls]).toEqual(['confirmation_required', []]);
    const printed = await act({
      lines: [['report', 'entry', 'submit', '--template-id', 'tpl_week_88', '--contents', contents, '--to-user-ids', 'u_2001, ,u_2002', '--yes']],
      answers: {
        'report/create_report': { success: true, result: { reportId: 'rep_9' } },
        'report/get_report_entry_details': { success: true, result: { url: 'https://r/9' } },
      },
      calls: [
        ['report', 'create_report', {
          templateId: 'tpl_week_88',
          contents: [
            { key: '本周完成', sort: '0', content: '接口联调', type: '1', contentType: 'markdown' },
            { key: '下周计划', sort: '1', content: '压测', type: '1', contentType: 'markdown' },
          ],
          ddFrom: 'dws', toChat: false, toUserIds: ['u_2001', 'u_2002'],
        }],
        ['report', 'get_report_entry_details', { report_id: 'rep_9' }],
      ],
    }) as { url?: string };
    expect(printed.url).toBe('https://r/9');
  });

  it('5. yesterday afternoon\'s minutes, then summary and action items: list_by_keyword_and_time_range {belongingConditionId noLimit, maxResults 20, createTimeStart/End epoch ms}; +detail --artifacts summary,todos reads those two only (shortcut/minutes/alignment.go:222-305, :542-565)', async () => {
    const found = await act({
      lines: [['minutes', '+search', '--start', '2026-12-05T12:00:00+08:00', '--end', '2026-12-05T18:00:00+08:00']],
      answers: { 'minutes/list_by_keyword_and_time_range': { success: true, result: { itemList: [{ uuid: 'tu_1', title: '周会', startTime: 1 }], hasNext: false } } },
      calls: [['minutes', 'list_by_keyword_and_time_range', { belongingConditionId: 'noLimit', maxResults: 20, createTimeStart: beijing(2026, 12, 5, 12), createTimeEnd: beijing(2026, 12, 5, 18) }]],
    });
    expect(found).toEqual({ count: 1, scannedCount: 1, minutes: [{ taskUuid: 'tu_1', title: '周会', startTime: 1 }], pages: 1, complete: true });
    const bare = await sent(['minutes', '+search', '--start', '2026-12-05', '--end', '2026-12-05T18:00:00+08:00']);
    expect([bare.reason, bare.calls]).toEqual(['invalid_parameter', []]);
  });

  it('5b. the minutes detail: get_minutes_ai_summary and list_minutes_todos, each {taskUuid}', async () => {
    await act({
      lines: [['minutes', '+detail', '--id', 'tu_1', '--artifacts', 'summary,todos']],
      answers: {
        'minutes/get_minutes_ai_summary': { success: true, result: { fullSummary: '讨论了 Q1' } },
        'minutes/list_minutes_todos': { success: true, result: { actions: [{ content: '写方案' }] } },
      },
      calls: [['minutes', 'get_minutes_ai_summary', { taskUuid: 'tu_1' }], ['minutes', 'list_minutes_todos', { taskUuid: 'tu_1' }]],
    });
  });

  it('6. Open Platform docs: search_open_platform_docs {keyword untrimmed, page, size} with strconv.Atoi and the floors 1 / 10 (helpers/devdoc.go:49-69)', async () => {
    await act({
      lines: [
        ['devdoc', 'article', 'search', '--query', '事件订阅 回调加密'],
        ['devdoc', 'article', 'search', ' q ', '--page', 'abc', '--size', '0'],
        ['devdoc', 'article', 'search', '--query', 'q', '--page', '+3', '--size', '007'],
        ['devdoc', 'article', 'search', '--query', 'q', '--page', ' 2', '--size', '2.0'],
      ],
      calls: [
        ['devdoc', 'search_open_platform_docs', { keyword: '事件订阅 回调加密', page: 1, size: 10 }],
        ['devdoc', 'search_open_platform_docs', { keyword: ' q ', page: 1, size: 10 }],
        ['devdoc', 'search_open_platform_docs', { keyword: 'q', page: 3, size: 7 }],
        ['devdoc', 'search_open_platform_docs', { keyword: 'q', page: 1, size: 10 }],
      ],
    });
  });

  it('7. my live streams: get_my_lives with no arguments (helpers/live.go:36-38)', async () => {
    await act({ lines: [['live', 'stream', 'list']], calls: [['live', 'get_my_lives', {}]] });
  });

  it('8. a whiteboard in My Docs: create_file {name, type "adraw"} (helpers/doc.go:1826-1847)', async () => {
    await act({
      lines: [['doc', 'file', 'create', '--type', 'adraw', '--name', 'Q1 路线图脑暴']],
      calls: [['doc', 'create_file', { name: 'Q1 路线图脑暴', type: 'adraw' }]],
    });
  });

  it('9. a drive folder, then list its parent: create_folder {name, parentId}; list_files {maxResults 20, parentId} (helpers/drive.go:1023-1043, :541-581)', async () => {
    await act({
      lines: [['drive', 'mkdir', '--name', '2027 合同', '--folder', 'fld_3001'], ['drive', 'list', '--folder', 'fld_3001'], ['drive', 'list', '--folder', 'fld_3001', '--limit', '80']],
      calls: [
        ['drive', 'create_folder', { name: '2027 合同', parentId: 'fld_3001' }],
        ['drive', 'list_files', { maxResults: 20, parentId: 'fld_3001' }],
        ['drive', 'list_files', { maxResults: 50, parentId: 'fld_3001' }],
      ],
    });
  });

  it('10. my knowledge bases, then a doc in one: list_wikiSpaces {wikiSpaceType orgWikiSpace, pageSize 20} projected; create_file {workspaceId, name, type adoc} read back by get_document_info (shortcut/wiki/wiki.go:34-53; wiki/nodes.go:77-105)', async () => {
    const spaces = await act({
      lines: [['wiki', '+space-list']],
      answers: { 'wiki/list_wikiSpaces': { success: true, result: { wikiSpaces: [{ workspaceId: 'ws_5501', name: '运维', spaceUrl: 'https://w/5501' }], hasMore: false } } },
      calls: [['wiki', 'list_wikiSpaces', { wikiSpaceType: 'orgWikiSpace', pageSize: 20 }]],
    });
    expect(spaces).toEqual({ count: 1, hasMore: false, spaces: [{ workspaceId: 'ws_5501', name: '运维', url: 'https://w/5501' }] });
    answer('wiki/list_wikiSpaces', { success: true, result: { items: [{ workspaceId: 'ws_5501' }] } });
    const noList = await sent(['wiki', '+space-list']);
    expect([noList.reason, noList.calls.length]).toEqual(['backend_error', 1]);
  });

  it('10b. the doc in ws_5501: create_file then get_document_info {nodeId}', async () => {
    await act({
      lines: [['wiki', '+node-create', '--workspace', 'ws_5501', '--name', '值班手册']],
      answers: {
        'doc/create_file': { success: true, result: { nodeId: 'nd_1', url: 'https://d/1' } },
        'doc/get_document_info': { success: true, result: { nodeId: 'nd_1', name: '值班手册' } },
      },
      calls: [['doc', 'create_file', { workspaceId: 'ws_5501', name: '值班手册', type: 'adoc' }], ['doc', 'get_document_info', { nodeId: 'nd_1' }]],
    });
  });

  it('11. DING two people by phone as myself: confirmation first; im send_personal_ding {receiverOpenDingTalkIds untrimmed slice, content trimmed, remindType} (shortcut/ding/ding.go:137-153)', async () => {
    const unconfirmed = await sent(['ding', '+send-personal', '--users', 'odt_3001,odt_3002', '--content', '服务器告警，请立即查看', '--type', 'call']);
    expect([unconfirmed.reason, unconfirmed.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [
        ['ding', '+send-personal', '--users', 'odt_3001,odt_3002', '--content', '服务器告警，请立即查看', '--type', 'call', '--yes'],
        ['ding', '+send-personal', '--users', 'odt_3001, odt_3002', '--content', ' x ', '--yes'],
      ],
      calls: [
        ['im', 'send_personal_ding', { receiverOpenDingTalkIds: ['odt_3001', 'odt_3002'], content: '服务器告警，请立即查看', remindType: 'call' }],
        ['im', 'send_personal_ding', { receiverOpenDingTalkIds: ['odt_3001', ' odt_3002'], content: 'x', remindType: 'app' }],
      ],
    });
  });

  it('12. enterprise AI search: search_enterprise {queries by parseCSVValues (nil when empty -> null), searchTypes normalized, default ["all"], timeRange when given} (helpers/aisearch.go:113-128, :159-170; contact.go:20-45)', async () => {
    await act({
      lines: [
        ['aisearch', 'enterprise', '--queries', '差旅报销标准', '--time-range', '2026'],
        ['aisearch', 'enterprise', '--time-range', '本周'],
        ['aisearch', 'enterprise', '--queries', ' , ', '--types', ' '],
        ['aisearch', 'enterprise', '--queries', '["a"," b ","\'c\'"]', '--types', 'Document, IM,doc'],
      ],
      calls: [
        ['aisearch', 'search_enterprise', { queries: ['差旅报销标准'], searchTypes: ['all'], timeRange: '2026' }],
        ['aisearch', 'search_enterprise', { queries: null, searchTypes: ['all'], timeRange: '本周' }],
        ['aisearch', 'search_enterprise', { queries: [], searchTypes: ['all'] }],
        ['aisearch', 'search_enterprise', { queries: ['a', 'b', 'c'], searchTypes: ['document', 'IM', 'document'] }],
      ],
    });
  });

  it('13. a free room tomorrow 14:00-15:30, an event, the room on it: query_available_meeting_room epoch ms; create_calendar_event; add_meeting_room {eventId, roomIds} (helpers/calendar.go:1072-1132, :428-483, :1182-1198)', async () => {
    await act({
      lines: [
        ['calendar', 'room', 'search', '--start', '2026-12-07T14:00:00+08:00', '--end', '2026-12-07T15:30:00+08:00'],
        ['calendar', 'event', 'create', '--title', '架构评审', '--start', '2026-12-07T14:00:00+08:00', '--end', '2026-12-07T15:30:00+08:00'],
        ['calendar', 'room', 'add', '--event', 'evt_77', '--rooms', 'room_10a, room_10b'],
      ],
      calls: [
        ['calendar', 'query_available_meeting_room', { startTime: beijing(2026, 12, 7, 14), endTime: beijing(2026, 12, 7, 15, 30) }],
        ['calendar', 'create_calendar_event', { summary: '架构评审', startDateTime: '2026-12-07T14:00:00+08:00', endDateTime: '2026-12-07T15:30:00+08:00' }],
        ['calendar', 'add_meeting_room', { eventId: 'evt_77', roomIds: ['room_10a', 'room_10b'] }],
      ],
      // the day before, as the agent asked: room search reads the clock (a start in the past moves to now + 1 minute,
      // an end in the past is refused, helpers/calendar.go:1069-1098@c7521c1c), so without the pin this failed from
      // 2026-12-07 14:00 Beijing on
      now: new Date(beijing(2026, 12, 6, 10)),
    });
  });

  it('14. approvals waiting for me, the task, approve with a remark: list_pending_approvals {starTime, endTime}; list_pending_tasks; approve_processInstance {taskId ParseFloat number, remark} after confirmation (helpers/oa.go:84-112, :207-222, :499)', async () => {
    const unconfirmed = await sent(['oa', 'approval', 'approve', '--instance-id', 'proc_inst_9001', '--task-id', '70001', '--remark', '同意，按预算执行']);
    expect([unconfirmed.reason, unconfirmed.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [
        ['oa', 'approval', 'list-pending', '--start', '2026-11-06', '--end', '2026-12-06 23:59'],
        ['oa', 'approval', 'tasks', '--instance-id', 'proc_inst_9001'],
        ['oa', 'approval', 'approve', '--instance-id', 'proc_inst_9001', '--task-id', '70001', '--remark', '同意，按预算执行', '--yes'],
        ['oa', 'approval', 'approve', '--instance-id', 'proc_inst_9001', '--task-id', '7e3', '--yes'],
      ],
      calls: [
        ['oa', 'list_pending_approvals', { starTime: beijing(2026, 11, 6), endTime: beijing(2026, 12, 6, 23, 59) }],
        ['oa', 'list_pending_tasks', { processInstanceId: 'proc_inst_9001' }],
        ['oa', 'approve_processInstance', { processInstanceId: 'proc_inst_9001', taskId: 70001, remark: '同意，按预算执行' }],
        ['oa', 'approve_processInstance', { processInstanceId: 'proc_inst_9001', taskId: 7000 }],
      ],
    });
  });

  it('15. a leave approval: refused without --yes; start_process_instance {ProcessInstanceCreationPopRequest: {processCode, formComponentValues name/value, deptId -1}}; a number value refused (helpers/oa.go:33-43, :1155-1205)', async () => {
    const fv = '{"请假类型":"年假","开始时间":"2026-12-10","结束时间":"2026-12-11","请假事由":"家中有事"}';
    const unconfirmed = await sent(['oa', 'approval', 'create-instance', '--process-code', 'PROC-LEAVE-01', '--form-values', fv]);
    expect([unconfirmed.reason, unconfirmed.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [['oa', 'approval', 'create-instance', '--process-code', 'PROC-LEAVE-01', '--form-values', fv, '--yes']],
      calls: [['oa', 'start_process_instance', { ProcessInstanceCreationPopRequest: {
        processCode: 'PROC-LEAVE-01',
        formComponentValues: [{ name: '请假类型', value: '年假' }, { name: '开始时间', value: '2026-12-10' }, { name: '结束时间', value: '2026-12-11' }, { name: '请假事由', value: '家中有事' }],
        deptId: -1,
      } }]],
    });
    const numeric = await sent(['oa', 'approval', 'create-instance', '--process-code', 'P', '--form-values', '{"天数":2}', '--yes']);
    expect([numeric.reason, numeric.calls]).toEqual(['invalid_parameter', []]);
  });

  it('16. header row bold on light grey: set_cell_range cells of cellStyles over the range shape (helpers/sheet_style.go:278-404, :525-545)', async () => {
    const styled = { cellStyles: { backgroundColor: '#D9D9D9', fontWeight: 'bold' } };
    await act({
      lines: [['sheet', 'range', 'set-style', '--node', 'sheet_book_44', '--sheet-id', 'Sheet1', '--range', 'A1:F1', '--font-weight', 'bold', '--bg-color', '#D9D9D9']],
      calls: [['sheet', 'set_cell_range', { nodeId: 'sheet_book_44', sheetId: 'Sheet1', rangeAddress: 'A1:F1', cells: [Array(6).fill(styled)] }]],
    });
  });

  it('17. a date format on B2:B50 and the first row frozen: set_cell_range numberFormat per cell; update_sheet {nodeId, sheetId, frozenRowCount} (sheet_style.go:375; helpers/sheet_workbook.go:272-318)', async () => {
    const cell = { cellStyles: { numberFormat: 'yyyy-mm-dd' } };
    await act({
      lines: [
        ['sheet', 'range', 'set-style', '--node', 'sheet_book_44', '--sheet-id', 'Sheet1', '--range', 'B2:B50', '--number-format', 'yyyy-mm-dd'],
        ['sheet', 'update', '--node', 'sheet_book_44', '--sheet-id', 'Sheet1', '--frozen-row-count', '1'],
      ],
      calls: [
        ['sheet', 'set_cell_range', { nodeId: 'sheet_book_44', sheetId: 'Sheet1', rangeAddress: 'B2:B50', cells: Array.from({ length: 49 }, () => [cell]) }],
        ['sheet', 'update_sheet', { nodeId: 'sheet_book_44', sheetId: 'Sheet1', frozenRowCount: 1 }],
      ],
    });
    const negative = await sent(['sheet', 'update', '--node', 'sheet_book_44', '--sheet-id', 'Sheet1', '--frozen-row-count', '-1']);
    expect([negative.reason, negative.calls]).toEqual(['invalid_parameter', []]);
  });

  it('18. a kanban grouped by a field: create_view {baseId, tableId, viewType Kanban, viewName, config as typed via jsonStringToMap}; the --config help names the view config keys, group among them (helpers/aitable.go:3356-3381, :556-567)', async () => {
    await act({
      lines: [['aitable', 'view', 'create', '--base-id', 'base_661', '--table-id', 'tbl_01', '--view-type', 'Kanban', '--name', '按状态看板',
        '--config', '{"group":[{"fieldId":"fld_St","direction":"asc"}]}']],
      calls: [['aitable', 'create_view', { baseId: 'base_661', tableId: 'tbl_01', viewType: 'Kanban', viewName: '按状态看板', config: { group: [{ fieldId: 'fld_St', direction: 'asc' }] } }]],
    });
    const config = inspect('aitable.view_create').parameters.config;
    expect(config.description_en).toMatch(/group \(a list of \{fieldId, direction\}/);
    expect(config.description_en).toMatch(/kanbanCard/);
    expect(config.description).toMatch(/group（\{fieldId, direction\} 的数组/);
  });

  it('19. a collection form, then its link opened: create_view {viewName, viewType FormDesigner}; update_share_form {enabled as text}; the help no longer offers --description at create, which dws refuses (helpers/aitable.go:4446-4460, :4905-4918)', async () => {
    await act({
      lines: [
        ['aitable', 'form', 'create', '--base-id', 'base_661', '--table-id', 'tbl_01', '--name', '需求收集'],
        ['aitable', 'form', 'share', 'update', '--base-id', 'base_661', '--table-id', 'tbl_01', '--view-id', 'viw_F1', '--enabled', 'true'],
      ],
      calls: [
        ['aitable', 'create_view', { baseId: 'base_661', tableId: 'tbl_01', viewName: '需求收集', viewType: 'FormDesigner' }],
        ['aitable-helper', 'update_share_form', { baseId: 'base_661', tableId: 'tbl_01', viewId: 'viw_F1', enabled: 'true' }],
      ],
    });
    const described = await sent(['aitable', 'form', 'create', '--base-id', 'base_661', '--table-id', 'tbl_01', '--name', '需求收集', '--description', '请填写']);
    expect([described.reason, described.calls]).toEqual(['invalid_parameter', []]);
    const help = inspect('aitable.form_create');
    expect(help.description_en).not.toMatch(/--description as filling instructions/);
    expect(help.description_en).toMatch(/form update --description/);
    expect((help.examples ?? []).join(' ')).not.toMatch(/--description/);
    expect(help.parameters.description.description_en).toMatch(/^Refused here/);
  });

  it('20. a bar chart on a dashboard: create_chart {baseId, dashboardId, config, layout} both via jsonStringToMap; --layout is required and its help no longer says it may be left out (helpers/aitable.go:5880-5905, :7643)', async () => {
    const config = { chartName: '负责人分布', chartType: 'bar', tableId: 'tbl_01' };
    await act({
      lines: [['aitable', 'chart', 'create', '--base-id', 'base_661', '--dashboard-id', 'dash_9', '--config', JSON.stringify(config), '--layout', '{"x":0,"y":0,"w":6,"h":4}']],
      calls: [['aitable', 'create_chart', { baseId: 'base_661', dashboardId: 'dash_9', config, layout: { x: 0, y: 0, w: 6, h: 4 } }]],
    });
    const noLayout = await sent(['aitable', 'chart', 'create', '--base-id', 'base_661', '--dashboard-id', 'dash_9', '--config', JSON.stringify(config)]);
    expect([noLayout.reason, noLayout.calls]).toEqual(['missing_parameter', []]);
    const layout = inspect('aitable.chart_create').parameters.layout;
    expect(layout.description_en).not.toMatch(/placed automatically/);
    expect(layout.description).not.toMatch(/自动摆放/);
    expect(layout.description_en).toMatch(/12-column grid/);
  });

  it('probe (sibling of 17). sheet create-with-data --styles is JSON only, as upstream reads it (json.Unmarshal of the text typed, checked before the create): an @file or a bare path is refused before any call, and inline JSON after a blank is read (helpers/sheet_create_with_data.go:197-210, :957-961)', async () => {
    const files = { 'styles.json': '{"styles":[{"name":"S","cell_styles":[{"range":"A1","font_weight":"bold"}]}]}' };
    for (const styles of ['@styles.json', 'styles.json']) {
      const run = await sent(['sheet', 'create-with-data', '--name', '名单', '--values', '[["姓名"],["张三"]]', '--styles', styles], files);
      expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
    }
    const inline = await sent(['sheet', 'create-with-data', '--name', '名单', '--values', '[["姓名"],["张三"]]', '--styles', ' {"styles":[{"cell_styles":[{"range":"A1","font_weight":"bold"}]}]}']);
    expect(inline.calls[0]).toEqual(['sheet/create_workspace_sheet', { name: '名单' }]);
  });

  it('probe (siblings of 19 and 20). every example these commands print passes dws\'s own checks: before, each used a flag value dws (and mostly upstream) refuses - a missing required flag, @file where only JSON text is read, a refused flag, a value out of range', async () => {
    const commands = [
      'aitable.chart_create', 'aitable.record_primary_doc_create', 'aitable.shortcut_table_copy', 'aitable.form_create', 'aitable.view_create',
      'chat.list_message_favorites', 'chat.shortcut_messages_mget', 'chat.shortcut_search_msg', 'contact.add_employee',
      'doc.create_inline_comment', 'doc.get_document_content', 'doc.shortcut_comment_create', 'drive.apply_permission', 'event.consume',
      'hrbrain.search_employees_structured', 'mail.create_download_session', 'minutes.shortcut_search', 'sheet.batch_update',
      'sheet.create_with_data', 'sheet.group_dimension', 'sheet.update_filter', 'wiki.list_member',
    ];
    const refused: string[] = [];
    for (const canonical of commands) {
      const examples = inspect(canonical).examples ?? [];
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) {
        const run = await sent([...shellWords(example), '--dry-run', '--yes']);
        if (run.reason !== undefined) refused.push(`${example} -> ${run.reason}`);
        expect(run.calls).toEqual([]);
      }
    }
    expect(refused).toEqual([]);
    const flagText = (canonical: string, flag: string) => inspect(canonical).parameters[flag].description_en ?? '';
    for (const [canonical, flag] of [['sheet.batch_update', 'operations'], ['sheet.create_with_data', 'sheets'], ['sheet.create_with_data', 'styles'], ['sheet.update_filter', 'criteria']]) {
      expect(flagText(canonical, flag)).toMatch(/not an @file/);
    }
    expect(flagText('doc.create_inline_comment', 'selected-text')).toMatch(/does not replace the selection/);
    expect(flagText('doc.shortcut_comment_create', 'selection')).toMatch(/exactly one place/);
    expect(flagText('drive.apply_permission', 'users')).toMatch(/at least one/);
    // h44-left: doc read --output is now offered with --content-format jsonml (helpers/doc.go:4782-4796@c7521c1c)
    expect(flagText('doc.get_document_content', 'output')).toMatch(/^Only with --content-format jsonml/);
    expect(flagText('event.consume', 'output-dir')).toMatch(/^Not offered by dws/);
  });
});
