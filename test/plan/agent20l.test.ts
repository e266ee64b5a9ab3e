// Agent test 20l (notes/agent-test-20l.md, notes/agent-20l.md): the everyday requests, each run with the command lines the
// agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls asserted
// are written from the upstream command bodies at c7521c1c (the line named at each case), not from dws's output; where
// upstream projects or adds to the answer, the printed result is asserted too. Request 6 checks the numeric taskId sent
// as text, request 18 the report link upstream adds to the answer, 4, 13 and 14 the help rewritten in this round.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';
import { BUSY, useOutputRuns } from './output-runs.js';

const { act, sent } = useOutputRuns('dws-agent20l-');

/** The canned answer of a call the printed result shows as it came. */
const ok = (result: unknown) => ({ success: true, result });

const GROUP = 'cidP3Qr7sTu1VwXyZa==';
const REPORT_CONTENTS = JSON.stringify([
  { key: 'Done this week', sort: 0, content: 'Shipped v2.4; closed 12 bugs', type: 1, contentType: 'markdown' },
  { key: 'Next week', sort: 1, content: 'Start billing revamp', type: 1, contentType: 'markdown' },
]);
const SUBMIT = ['report', 'entry', 'submit', '--template-id', 'tpl_weekly_01', '--contents', REPORT_CONTENTS, '--to-user-ids', '0987654321,0777888999', '--yes'];
/** What upstream sends for SUBMIT: sort and type normalized to text, ddFrom dws, toChat false (helpers/report.go:563-607). */
const SUBMIT_CALL: [string, string, Record<string, unknown>] = ['report', 'create_report', {
  templateId: 'tpl_weekly_01',
  contents: [
    { key: 'Done this week', sort: '0', content: 'Shipped v2.4; closed 12 bugs', type: '1', contentType: 'markdown' },
    { key: 'Next week', sort: '1', content: 'Start billing revamp', type: '1', contentType: 'markdown' },
  ],
  ddFrom: 'dws',
  toChat: false,
  toUserIds: ['0987654321', '0777888999'],
}];
const LINK_TEXT = '在钉钉中查看日志';
const LINK_DESCRIPTION = '点击后打开钉钉客户端的日志详情页，可查看或修改刚创建的日志。';

describe('agent test 20l: each request sends what upstream sends for the same flags', () => {
  it('1. my 10 most recent conversations: limit a number (helpers/chat.go:9106-9130)', async () => {
    await act({
      lines: [['chat', 'list-all-conversations', '--limit', '10']],
      calls: [['im', 'list_all_conversations', { limit: 10 }]],
    });
  });

  it('2. a notice to everyone in a group as myself: markdown whose title is the text and whose body starts with <@all>, atAll true (shortcut/chat/unified_send.go:240-272, :490-518; helpers/chat.go:1418-1431)', async () => {
    await act({
      lines: [['chat', '+messages-send', '--group', GROUP, '--text', 'Office closes at 15:00 this Friday', '--at-all', '--yes']],
      calls: [['chat', 'send_personal_message', {
        msgType: 'markdown',
        // json.Marshal of a map (unified_send.go:502@c7521c1c): keys sorted, < and > written \u003c, \u003e
        content: '{"text":"\\u003c@all\\u003e Office closes at 15:00 this Friday","title":"Office closes at 15:00 this Friday"}',
        openConversationId: GROUP,
        atAll: true,
        clawType: 'openClaw',
      }]],
    });
  });

  it('3. a colleague\'s busy time, then a meeting in the first free half hour: epoch ms range, items without a status dropped from the print, then the event with its times as typed (helpers/calendar.go:1366-1404, :2851-2883, :428-445)', async () => {
    const busy = { userId: '0987654321', scheduleItems: [
      { start: { dateTime: '2026-12-07T14:00:00+08:00' }, end: { dateTime: '2026-12-07T15:00:00+08:00' }, status: 'BUSY' },
      { start: { dateTime: '2026-12-07T16:00:00+08:00' }, end: { dateTime: '2026-12-07T16:30:00+08:00' }, status: null },
    ] };
    const printed = await act({
      lines: [
        ['calendar', 'busy', 'search', '--users', '0987654321', '--start', '2026-12-07T14:00:00+08:00', '--end', '2026-12-07T18:00:00+08:00'],
      ],
      answers: { 'calendar/query_busy_status': ok([busy]) },
      calls: [['calendar', 'query_busy_status', { startTime: Date.UTC(2026, 11, 7, 6), endTime: Date.UTC(2026, 11, 7, 10), userIds: ['0987654321'] }]],
    });
    expect(printed).toEqual(ok([{ userId: '0987654321', scheduleItems: [busy.scheduleItems[0]] }]));
    const second = await sent(['calendar', 'event', 'create', '--title', 'Quick sync', '--start', '2026-12-07T15:00:00+08:00', '--end', '2026-12-07T15:30:00+08:00', '--attendees', '0987654321']);
    expect(second.calls).toEqual([['calendar/create_calendar_event', { summary: 'Quick sync', startDateTime: '2026-12-07T15:00:00+08:00', endDateTime: '2026-12-07T15:30:00+08:00', attendees: ['0987654321'] }]]);
  });

  it('4. a new location: only eventId and location (helpers/calendar.go:542-582); the help says reminders cannot be changed here, as upstream has no such flag', async () => {
    await act({
      lines: [['calendar', 'event', 'update', '--id', 'evt_7a7a11', '--location', 'Room 5B', '--yes']],
      calls: [['calendar', 'update_calendar_event', { eventId: 'evt_7a7a11', location: 'Room 5B' }]],
    });
    const help = await runCli(['calendar', 'event', 'update', '--help']);
    expect(help.stdout).toContain('Reminders are set only when the event is created (`calendar event create --remind-minutes`); this command has no flag to change them.');
  });

  it('5. a daily to-do due Monday 09:00: dueTime epoch ms of Beijing time, the rule as typed (helpers/todo.go:88-121; pkg/cmdutil/time.go:41-74)', async () => {
    await act({
      lines: [['todo', 'task', 'create', '--title', 'Check on-call alerts', '--executors', '0123456789', '--due', '2026-12-07 09:00', '--recurrence', 'DTSTART:20261207T010000Z\\nRRULE:FREQ=DAILY;INTERVAL=1']],
      calls: [['todo', 'create_personal_todo', { PersonalTodoCreateVO: { subject: 'Check on-call alerts', executorIds: ['0123456789'], dueTime: Date.UTC(2026, 11, 7, 1), recurrence: 'DTSTART:20261207T010000Z\\nRRULE:FREQ=DAILY;INTERVAL=1' } }]],
    });
  });

  it('6. find a to-do by title and finish it: a numeric taskId is sent as its whole-number text (shortcut/smart/todo_done.go:88-118, :182-192; todo_shared.go:39-60)', async () => {
    await act({
      lines: [['todo', '+todo-done', '--task', 'okrs', '--yes']],
      answers: { 'todo/get_user_todos_in_current_org': ok({ todoCards: [{ taskId: 'task_8801', subject: 'Renew SSL certificate' }, { taskId: 90210, subject: 'Prepare Q1 OKRs' }] }) },
      calls: [
        ['todo', 'get_user_todos_in_current_org', { roleTypes: ['executor'], pageSize: '20', pageNum: '1' }],
        ['todo', 'update_todo_done_status', { taskId: '90210', isDone: 'true' }],
      ],
    });
  });

  it('7. my task on an instance, then approve it: the task id a number (helpers/oa.go:490-501, :205-221)', async () => {
    await act({
      lines: [
        ['oa', 'approval', 'tasks', '--instance-id', 'proc-inst-9803'],
        ['oa', 'approval', 'approve', '--instance-id', 'proc-inst-9803', '--task-id', '7745120033', '--remark', 'Approved, thanks', '--yes'],
      ],
      answers: { 'oa/list_pending_tasks': ok({ tasks: [{ taskId: 7745120033, userId: '0123456789' }] }) },
      calls: [
        ['oa', 'list_pending_tasks', { processInstanceId: 'proc-inst-9803' }],
        ['oa', 'approve_processInstance', { processInstanceId: 'proc-inst-9803', taskId: 7745120033, remark: 'Approved, thanks' }],
      ],
    });
  });

  it('8. rename a mail folder (helpers/mail.go:787-795)', async () => {
    await act({
      lines: [['mail', 'folder', 'update', '--email', 'wang.fang@example.com', '--id', 'fld_vend01', '--name', 'Suppliers']],
      calls: [['mail', 'update_mail_folder', { email: 'wang.fang@example.com', id: 'fld_vend01', name: 'Suppliers' }]],
    });
  });

  it('9. find a mail by sender and subject, then forward it: size text, then mailboxes, the forward draft and its sending (helpers/mail.go:315-331, :1521-1556)', async () => {
    await act({
      lines: [
        ['mail', 'message', 'search', '--email', 'wang.fang@example.com', '--query', 'from:zhao.qiang@example.com AND subject:Invoice', '--limit', '5'],
        ['mail', 'message', 'forward', '--from', 'wang.fang@example.com', '--id', 'msg_JJ55kk', '--to', 'finance@example.com', '--content', 'Please pay by Dec 10', '--yes'],
      ],
      answers: {
        'mail/create_forward_draft': ok({ messageId: 'draft_FW77' }),
        'mail/list_user_mailboxes': ok([{ email: 'wang.fang@example.com' }]),
      },
      calls: [
        ['mail', 'search_emails', { email: 'wang.fang@example.com', query: 'from:zhao.qiang@example.com AND subject:Invoice', size: '5' }],
        ['mail', 'list_user_mailboxes', {}],
        ['mail', 'create_forward_draft', { from: 'wang.fang@example.com', messageId: 'msg_JJ55kk', toRecipients: ['finance@example.com'], body: 'Please pay by Dec 10' }],
        ['mail', 'send_draft', { email: 'wang.fang@example.com', messageId: 'draft_FW77', saveToSentItems: true }],
      ],
    });
  });

  it('11. three numbers into B2:B4 as CSV from B2, overwrite allowed (helpers/sheet_data.go:311-340)', async () => {
    await act({
      lines: [['sheet', 'csv-put', '--node', 'wb_2Cd5ef', '--sheet-id', 'Budget', '--start-cell', 'B2', '--csv', '1500\n2300.75\n980', '--allow-overwrite']],
      calls: [['sheet', 'set_range_from_csv', { nodeId: 'wb_2Cd5ef', sheetId: 'Budget', csv: '1500\n2300.75\n980', startCell: 'B2', allowOverwrite: true }]],
    });
  });

  it('12. sort a range by column C, largest first: the sort keys parsed (helpers/sheet_range_ops.go:383-399)', async () => {
    await act({
      lines: [['sheet', 'range', 'sort', '--node', 'wb_2Cd5ef', '--sheet-id', 'Budget', '--range', 'A2:D50', '--sort-keys', '[{"column":"C","ascending":false}]']],
      calls: [['sheet', 'sort_range', { nodeId: 'wb_2Cd5ef', sheetId: 'Budget', range: 'A2:D50', sortKeys: [{ column: 'C', ascending: false }] }]],
    });
  });

  it('13. records over 1000, largest first, 50: pages of 20, 20 and 10 with the cursors, printed as upstream\'s window (shortcut/aitable/aitable.go:701-736; record_query_all.go:31-105, :126-191); the help names the comparisons', async () => {
    const page = (from: number, n: number, cursor: string) => ({ success: true, status: 'success', data: {
      records: Array.from({ length: n }, (_, k) => ({ recordId: `rec_${from + k}`, cells: { fld_Amount: 5000 - from - k } })),
      hasMore: true, nextCursor: cursor, totalCount: 57,
    } });
    const filters = { operator: 'and', operands: [{ operator: 'gt', operands: ['fld_Amount', 1000] }] };
    const sort = [{ fieldId: 'fld_Amount', direction: 'desc' }];
    const base = { baseId: 'base_Ab12', tableId: 'tbl_Orders', filters, sort };
    const printed = await act({
      lines: [['aitable', '+record-query', '--base-id', 'base_Ab12', '--table-id', 'tbl_Orders', '--filters', JSON.stringify(filters), '--sort', JSON.stringify(sort), '--limit', '50']],
      answers: { 'aitable/query_records': { pages: [page(0, 20, 'c1'), page(20, 20, 'c2'), page(40, 10, 'c3')] } },
      calls: [
        ['aitable', 'query_records', { ...base, limit: 20 }],
        ['aitable', 'query_records', { ...base, limit: 20, cursor: 'c1' }],
        ['aitable', 'query_records', { ...base, limit: 10, cursor: 'c2' }],
      ],
    });
    expect(printed).toEqual({ success: true, status: 'success', data: {
      records: Array.from({ length: 50 }, (_, k) => ({ recordId: `rec_${k}`, cells: { fld_Amount: 5000 - k } })),
      hasMore: true, page: 3, size: 50, nextCursor: 'c3', totalCount: 57,
    } });
    const help = await runCli(['aitable', '+record-query', '--help']);
    expect(help.stdout).toContain('comparisons are eq, ne, gt, lt, gte, lte, contain, exclusive, exist, un_exist, any_of, all_of, none_of, and for date fields date_eq, before, after, not_before, not_after');
  });

  it('14. the 20 files changed last: orderBy modifyTime as upstream documents it, maxResults a number (helpers/drive.go:542-580, flag text :1222); the help\'s examples now run', async () => {
    await act({
      lines: [['drive', 'list', '--order-by', 'modifyTime', '--order', 'desc', '--limit', '20']],
      calls: [['drive', 'list_files', { maxResults: 20, orderBy: 'modifyTime', order: 'desc' }]],
    });
    const help = await runCli(['drive', 'list', '--help']);
    expect(help.stdout).toContain('--order-by <string>  (e.g. modifyTime)');
    expect(help.stdout).toContain('createTime (created), modifyTime (last modified) or name');
    expect(help.stdout).not.toContain('--latest 5');
    const example = await sent(['drive', 'list', '--space-id', '26817291', '--order-by', 'modifyTime', '--order', 'desc']);
    expect(example).toEqual({ reason: undefined, category: undefined, calls: [['drive/list_files', { maxResults: 20, spaceId: '26817291', orderBy: 'modifyTime', order: 'desc' }]], printed: { server: 'drive', tool: 'list_files', arguments: { maxResults: 20, spaceId: '26817291', orderBy: 'modifyTime', order: 'desc' } } });
    const star = await runCli(['drive', 'star', 'list', '--help']);
    expect(star.stdout).toContain('--order-by <string>  (e.g. createTime)');
  });

  it('15. a member becomes a reader: the role upper-cased, the ids a list (helpers/wiki.go:635-651)', async () => {
    await act({
      lines: [['wiki', 'member', 'update', '--workspace', 'ws_9911', '--users', '0666777888', '--role', 'reader']],
      calls: [['wiki', 'update_member', { workspaceId: 'ws_9911', roleId: 'READER', userIds: ['0666777888'] }]],
    });
  });

  it('16. three names, one search each (helpers/contact.go:550-556)', async () => {
    await act({
      lines: [['contact', 'user', 'search', '--query', 'Zhou Min'], ['contact', 'user', 'search', '--query', 'Sun Li'], ['contact', 'user', 'search', '--query', 'Chen Jing']],
      calls: [
        ['contact', 'search_contact_by_key_word', { keyword: 'Zhou Min' }],
        ['contact', 'search_contact_by_key_word', { keyword: 'Sun Li' }],
        ['contact', 'search_contact_by_key_word', { keyword: 'Chen Jing' }],
      ],
    });
  });

  it('17. two people\'s punches on one day: the day and the next as 00:00:00 texts (shortcut/attendance/attendance.go:267-283)', async () => {
    await act({
      lines: [['attendance', '+check-record', '--users', '0777888999,0666777888', '--start', '2026-12-02', '--end', '2026-12-03']],
      calls: [['attendance-wukong', 'query_check_record', { QueryCheckRecordRequest: { userIds: ['0777888999', '0666777888'], checkDateFrom: '2026-12-02 00:00:00', checkDateTo: '2026-12-03 00:00:00' } }]],
    });
  });

  it('18. a weekly report to two people: the create call, then the detail read for the link, printed with the link fields at the top and inside result (helpers/report.go:1494-1547, attachReportURL :1615-1628)', async () => {
    const url = 'https://example.com/r/rep_n1o2p3';
    const link = { url, dingtalkOpenUrl: url, dingtalkOpenLinkText: LINK_TEXT, dingtalkOpenMarkdownLink: `[${LINK_TEXT}](${url})`, dingtalkOpenLink: { title: LINK_TEXT, url, description: LINK_DESCRIPTION } };
    const printed = await act({
      lines: [SUBMIT],
      answers: { 'report/create_report': ok({ reportId: 'rep_n1o2p3' }), 'report/get_report_entry_details': ok({ url }) },
      calls: [SUBMIT_CALL, ['report', 'get_report_entry_details', { report_id: 'rep_n1o2p3' }]],
    });
    expect(printed).toEqual({ success: true, result: { reportId: 'rep_n1o2p3', ...link }, ...link });
  });

  it('18b. a report whose detail has no link: urlLookupError says so (helpers/report.go:1543-1546)', async () => {
    const printed = await act({
      lines: [SUBMIT],
      answers: { 'report/create_report': ok({ reportId: 'rep_n1o2p3' }), 'report/get_report_entry_details': ok({ title: 'weekly' }) },
      calls: [SUBMIT_CALL, ['report', 'get_report_entry_details', { report_id: 'rep_n1o2p3' }]],
    });
    expect(printed).toEqual({ success: true, result: { reportId: 'rep_n1o2p3' }, urlLookupError: 'detail response did not include result.url' });
  });

  it('18c. a create answer without a report id: no detail read, urlLookupError says so (helpers/report.go:1524-1528)', async () => {
    const printed = await act({
      lines: [SUBMIT],
      answers: { 'report/create_report': ok({ done: true }) },
      calls: [SUBMIT_CALL],
    });
    expect(printed).toEqual({ success: true, result: { done: true }, urlLookupError: 'create response did not include reportId' });
  });

  it('18d. a failed detail read is not fatal: the answer printed with the failure as urlLookupError (helpers/report.go:1532-1535)', async () => {
    const out = await act({
      lines: [SUBMIT],
      answers: { 'report/create_report': ok({ reportId: 'rep_n1o2p3' }), 'report/get_report_entry_details': BUSY },
      calls: [SUBMIT_CALL, ['report', 'get_report_entry_details', { report_id: 'rep_n1o2p3' }]],
    }) as Record<string, unknown>;
    expect(Object.keys(out).sort()).toEqual(['result', 'success', 'urlLookupError']);
    expect(out.result).toEqual({ reportId: 'rep_n1o2p3' });
    expect(out.urlLookupError).toEqual(expect.stringContaining('服务繁忙'));
  });

  it('18e. a link already in the create answer: no detail read, the link fields added (helpers/report.go:1521-1523)', async () => {
    const url = 'https://example.com/r/rep_q9';
    const link = { url, dingtalkOpenUrl: url, dingtalkOpenLinkText: LINK_TEXT, dingtalkOpenMarkdownLink: `[${LINK_TEXT}](${url})`, dingtalkOpenLink: { title: LINK_TEXT, url, description: LINK_DESCRIPTION } };
    const printed = await act({
      lines: [SUBMIT],
      answers: { 'report/create_report': ok({ reportId: 'rep_q9', dingtalkOpenUrl: ` ${url} ` }) },
      calls: [SUBMIT_CALL],
    });
    expect(printed).toEqual({ success: true, result: { reportId: 'rep_q9', ...link }, ...link });
  });

  it('19. my live streams: no arguments (helpers/live.go:37)', async () => {
    await act({
      lines: [['live', 'stream', 'list']],
      calls: [['live', 'get_my_lives', {}]],
    });
  });

  it('20. a bot\'s markdown post in a group (shortcut/chat/chat_message.go:58-78)', async () => {
    await act({
      lines: [['chat', '+messages-send-by-bot', '--robot-code', 'dingrobot_ops01', '--group', GROUP, '--title', 'Deploy done', '--text', '**v2.4** deployed to prod at 14:05', '--yes']],
      calls: [['bot', 'send_robot_group_message', { robotCode: 'dingrobot_ops01', openConversationId: GROUP, title: 'Deploy done', markdown: '**v2.4** deployed to prod at 14:05' }]],
    });
  });
});
