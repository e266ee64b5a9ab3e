// Agent test 20j (notes/agent-test-20j.md, notes/agent20j.md): the everyday requests, each run with the command lines the
// agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls asserted
// are written from the upstream command bodies at c7521c1c (the line named at each case), not from dws's output; where
// upstream prints a projection of its own, the printed result is asserted too. Request 7 (urge an approver) has no
// command in dws, and upstream declares none (its helper `oa approval ding-info`, helpers/oa.go:604-621, has no leaf
// contract and is not in the surface dws follows). Requests 11 and 15 also check the help texts rewritten in this round.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, failure, act } = useOutputRuns('dws-agent20j-');

/** The canned answer of a call the printed result shows as it came. */
const ok = (result: unknown) => ({ success: true, result });

describe('agent test 20j: each request sends what upstream sends for the same flags', () => {
  it('1. a Markdown message with a title in a group: one send_personal_message of msgType markdown whose content holds the title and the text, the AI tag on, and the send receipt pointing to the status query of the task id (shortcut/chat/unified_send.go:240-270, :387-396, :486-513; chatmsg/send_status.go:22-60)', async () => {
    const send = ok({ openTaskId: 'otk_5521' });
    const printed = await act({
      lines: [['chat', '+messages-send', '--group', 'cidY4Dd8sVf5XzRcHh==', '--title', 'Weekly KPIs', '--markdown', '**Revenue** 1.2M (+8%)\n**Tickets** 342', '--yes']],
      answers: { 'chat/send_personal_message': send },
      calls: [['chat', 'send_personal_message', {
        msgType: 'markdown', openConversationId: 'cidY4Dd8sVf5XzRcHh==', clawType: 'openClaw',
        content: JSON.stringify({ text: '**Revenue** 1.2M (+8%)\n**Tickets** 342', title: 'Weekly KPIs' }) /* json.Marshal of a map: keys sorted (unified_send.go:502@c7521c1c) */,
      }]],
    });
    expect(printed).toEqual({
      identity: 'user', ok: true, tool: 'send_personal_message', result: send,
      sendReceipt: {
        contractVersion: 'im.message-send-receipt.v1', openTaskId: 'otk_5521', readyForMessageActions: false,
        nextActions: [{ cliPath: 'chat +messages-query-send-status', arguments: { 'open-task-id': 'otk_5521' }, ready: true, when: '需要确认投递结果或取得真实消息 ID 时' }],
      },
    });
  });

  it('2. a group\'s messages in a window typed in New York time: the read starts at the window\'s end in Beijing time and goes back; the messages before the start are dropped (the start reached), the rest sorted newest first, and the range printed with the offsets as typed (smart/chat_messages.go:500-560, :650-688; message_time_range.go:28-146)', async () => {
    const page = ok({
      hasMore: true, nextCursor: '1796263200000',
      messages: [
        { openMessageId: 'msgA2==', senderName: 'Wang Fang', senderUserId: '0123456789', msgType: 'text', content: 'Deploy at 11', createTime: 1796263800000 },
        { openMessageId: 'msgA1==', senderName: 'Li Lei', senderUserId: '0987654321', msgType: 'text', content: 'Build green', createTime: '2026-12-03 10:40:00' },
        { openMessageId: 'msgA0==', senderName: 'Zhou Min', senderUserId: '0777888999', msgType: 'text', content: 'Morning', createTime: '2026-12-03 08:55:00' },
      ],
    });
    const printed = await act({
      lines: [['chat', '+chat-messages', '--group', 'cidY4Dd8sVf5XzRcHh==', '--start', '2026-12-02T20:00:00-05:00', '--end', '2026-12-02T22:00:00-05:00']],
      answers: { 'chat/list_conversation_message_v2': page },
      calls: [['chat', 'list_conversation_message_v2', { openconversation_id: 'cidY4Dd8sVf5XzRcHh==', time: '2026-12-03 11:00:00', forward: false }]],
    });
    expect(printed).toEqual({
      contractVersion: 'im.message-list.v1',
      messages: [
        { sender: 'Li Lei', senderId: '0987654321', text: 'Build green', createTime: '2026-12-03 10:40:00', messageId: 'msgA1==', messageType: 'text' },
        { sender: 'Wang Fang', senderId: '0123456789', text: 'Deploy at 11', createTime: 1796263800000, messageId: 'msgA2==', messageType: 'text' },
      ],
      count: 2, pagesFetched: 1, paginationKnown: true, complete: true, hasMore: false, enrichedCount: 0,
      failedCount: 0, failures: [], partial: false, truncated: false, stopReason: 'range_start',
      queryRange: { order: 'desc', semantics: '[start,end)', startTime: '2026-12-02T20:00:00-05:00', endTime: '2026-12-02T22:00:00-05:00' },
      // h46-a5: attachUnfilteredSenderIdentitySemantics (smart/chat_messages.go:484-498@c7521c1c)
      senderFilter: { requested: false, applied: false, status: 'not_requested' }, identityResult: expect.objectContaining({ status: 'requires_query_check', negativeConclusionAllowed: false }),
    });
  });

  it('3. a day in Tokyo time: the range in epoch milliseconds, no calendar id, and the events projected to id, title, times, status and place (shortcut/calendar/calendar.go:95-200)', async () => {
    const printed = await act({
      lines: [['calendar', '+agenda', '--start', '2026-12-04T09:00:00+09:00', '--end', '2026-12-04T18:00:00+09:00']],
      answers: { 'calendar/list_calendar_events': ok({ events: [
        { id: 'evt_a1', title: 'Vendor call', startTime: '2026-12-04T10:00:00+09:00', endTime: '2026-12-04T10:30:00+09:00', responseStatus: 'accepted', locationName: 'Zoom', organizer: 'x' },
        { eventId: 'evt_a2', summary: 'Lunch', start: { dateTime: '2026-12-04T12:00:00+08:00' }, end: { dateTime: '2026-12-04T13:00:00+08:00' } },
      ] }) },
      calls: [['calendar', 'list_calendar_events', { startTime: Date.UTC(2026, 11, 4, 0, 0), endTime: Date.UTC(2026, 11, 4, 9, 0) }]],
    });
    expect(printed).toEqual({ count: 2, events: [
      { eventId: 'evt_a1', summary: 'Vendor call', start: '2026-12-04T10:00:00+09:00', end: '2026-12-04T10:30:00+09:00', status: 'accepted', location: 'Zoom' },
      { eventId: 'evt_a2', summary: 'Lunch', start: { dateTime: '2026-12-04T12:00:00+08:00' }, end: { dateTime: '2026-12-04T13:00:00+08:00' } },
    ] });
  });

  it('4. find a colleague, then invite her: a keyword search, then the event\'s attendeesToAdd list without calendar id or optional (helpers/contact.go:545-556, helpers/calendar.go:886-905)', async () => {
    const found = ok([{ userId: '0777888999', name: 'Zhou Min', deptName: 'Finance' }]);
    await act({
      lines: [['contact', 'user', 'search', '--query', 'Zhou Min'], ['calendar', 'attendee', 'add', '--event', 'evt_7g7g11', '--attendees', '0777888999']],
      answers: { 'contact/search_contact_by_key_word': found },
      calls: [
        ['contact', 'search_contact_by_key_word', { keyword: 'Zhou Min' }],
        ['calendar', 'add_calendar_participant', { eventId: 'evt_7g7g11', attendeesToAdd: ['0777888999'] }],
      ],
    });
  });

  it('5. three to-dos for me due Friday 18:00 Beijing time: my profile, then one create each with the due time in epoch milliseconds (helpers/contact.go:470-471, helpers/todo.go:87-121; cmdutil/time.go:41-74)', async () => {
    const due = Date.UTC(2026, 11, 11, 10, 0);
    const create = (subject: string): [string, string, Record<string, unknown>] =>
      ['todo', 'create_personal_todo', { PersonalTodoCreateVO: { subject, executorIds: ['0123456789'], dueTime: due } }];
    await act({
      lines: [
        ['contact', 'user', 'get-self'],
        ...['Book venue', 'Send invites', 'Order catering'].map((t) => ['todo', 'task', 'create', '--title', t, '--executors', '0123456789', '--due', '2026-12-11 18:00']),
      ],
      answers: { 'contact/get_current_user_profile': ok({ userId: '0123456789', name: 'Wang Fang' }) },
      calls: [['contact', 'get_current_user_profile', {}], create('Book venue'), create('Send invites'), create('Order catering')],
    });
  });

  it('6. a comment on a to-do: taskId and content as typed (helpers/todo.go:1287-1293)', async () => {
    await act({
      lines: [['todo', 'comment', 'add', '--task-id', 'task_3301', '--content', 'Waiting on legal review']],
      calls: [['todo', 'add_todo_comment', { taskId: 'task_3301', content: 'Waiting on legal review' }]],
    });
  });

  it('7. nudging an approver has no command: `oa approval ding-info` is unknown and nothing is called (upstream declares no leaf for it: helpers/oa.go:604-621 has no DeclareLeafMetadata)', async () => {
    expect(await failure(['oa', 'approval', 'ding-info', '--task-id', '8801'])).toEqual(expect.objectContaining({ reason: 'unknown_command', out: '' }));
    expect(mcp.calls).toEqual([]);
  });

  it('8. an expense claim with text values: the form values object becomes the name/value list, the department -1 by default, no approvers or cc keys (helpers/oa.go:33-43, :1153-1205, :1332)', async () => {
    await act({
      lines: [['oa', 'approval', 'create-instance', '--process-code', 'PROC-EXP-07', '--form-values', '{"Amount":"1280.50","Category":"Travel","Reason":"Client visit Hangzhou"}', '--yes']],
      calls: [['oa', 'start_process_instance', { ProcessInstanceCreationPopRequest: {
        processCode: 'PROC-EXP-07', deptId: -1,
        formComponentValues: [{ name: 'Amount', value: '1280.50' }, { name: 'Category', value: 'Travel' }, { name: 'Reason', value: 'Client visit Hangzhou' }],
      } }]],
    });
  });

  it('8b. an amount typed as a JSON number is refused before any call, as upstream\'s map[string]string decoding fails (helpers/oa.go:33-37, :1174-1177)', async () => {
    const { reason, out } = await failure(['oa', 'approval', 'create-instance', '--process-code', 'PROC-EXP-07', '--form-values', '{"Amount":1280.50}', '--yes']);
    expect({ reason, out }).toEqual({ reason: 'invalid_parameter', out: '' });
    expect(mcp.calls).toEqual([]);
  });

  it('9. a mail search and its second page: the query as typed, size as the text "20", then the cursor of the first answer (helpers/mail.go:316-331)', async () => {
    const query = 'subject:PO-5521 AND date>=2026-11-19T16:00:00Z AND date<2026-11-30T16:00:00Z';
    const second = ok({ messages: [{ messageId: 'm21', subject: 'RE: PO-5521' }], nextCursor: '$' });
    const printed = await act({
      lines: [
        ['mail', 'message', 'search', '--email', 'wang.fang@example.com', '--query', query, '--limit', '20'],
        ['mail', 'message', 'search', '--email', 'wang.fang@example.com', '--query', query, '--limit', '20', '--cursor', 'cur_P2'],
      ],
      answers: { 'mail/search_emails': { pages: [ok({ messages: [{ messageId: 'm1', subject: 'PO-5521 confirm' }], nextCursor: 'cur_P2' }), second] } },
      calls: [
        ['mail', 'search_emails', { email: 'wang.fang@example.com', query, size: '20' }],
        ['mail', 'search_emails', { email: 'wang.fang@example.com', query, size: '20', cursor: 'cur_P2' }],
      ],
    });
    expect(printed).toEqual(second);
  });

  it('10. deleting one mail: the ids as a list, trimmed, blanks dropped (helpers/mail.go:1650-1657, :4202-4212)', async () => {
    await act({
      lines: [['mail', 'message', 'batch-delete', '--email', 'wang.fang@example.com', '--ids', ' msg_GG77hh , ']],
      calls: [['mail', 'batch_delete_message', { email: 'wang.fang@example.com', ids: ['msg_GG77hh'] }]],
    });
  });

  it('11. the 15 docs opened most recently: maxResults only, on the doc server; the help now names the operate-type codes (0 opened, 1 edited) and the creator-type codes (helpers/drive.go:2941-2985)', async () => {
    await act({
      lines: [['drive', 'recent', '--limit', '15']],
      calls: [['doc', 'get_recent_list', { maxResults: 15 }]],
    });
    const help = runCli(['drive', 'recent', '--help']).stdout;
    expect(help).toContain('0 recently opened, edits included (what you get when it is left out), 1 recently edited');
    expect(help).toContain('1 created by me, 2 created by others');
    expect(help).not.toContain('uploaded');
  });

  it('12. deleting a doc: delete_document on the doc server with the node id (helpers/drive.go:1641-1648)', async () => {
    await act({
      lines: [['drive', 'delete', '--node', 'doc_KL12mn', '--yes']],
      calls: [['doc', 'delete_document', { nodeId: 'doc_KL12mn' }]],
    });
  });

  it('13. clearing a range\'s values: node, sheet (a name), range and type as typed (helpers/sheet_range_ops.go:314-326)', async () => {
    await act({
      lines: [['sheet', 'range', 'clear', '--node', 'wb_6Tu9vw', '--sheet-id', 'Inventory', '--range', 'B2:D20', '--type', 'content', '--yes']],
      calls: [['sheet', 'clear_range', { nodeId: 'wb_6Tu9vw', sheetId: 'Inventory', range: 'B2:D20', type: 'content' }]],
    });
  });

  it('14. two records by id: query_records with the record ids as a list, a JSON list and quotes accepted as upstream\'s parseCSVValues takes them (helpers/aitable.go:7329-7347, :2148-2160; helpers/contact.go:20-45)', async () => {
    await act({
      lines: [
        ['aitable', 'record', 'get', '--base-id', 'base_Ab12', '--table-id', 'tbl_Orders', '--record-ids', 'rec_118,rec_119'],
        ['aitable', 'record', 'get', '--base-id', 'base_Ab12', '--table-id', 'tbl_Orders', '--record-ids', '["rec_118", " \'rec_119\' "]'],
      ],
      calls: [
        ['aitable', 'query_records', { baseId: 'base_Ab12', tableId: 'tbl_Orders', recordIds: ['rec_118', 'rec_119'] }],
        ['aitable', 'query_records', { baseId: 'base_Ab12', tableId: 'tbl_Orders', recordIds: ['rec_118', 'rec_119'] }],
      ],
    });
  });

  it('15. a number field with two decimals: the help now names the formatter codes, and the config typed from it goes out as the field\'s config object (helpers/aitable.go:1548-1565, :1856-1903)', async () => {
    const help = runCli(['aitable', 'field', 'create', '--help']).stdout;
    expect(help).toContain('two decimal places {"formatter":"FLOAT_2"} (also INT, FLOAT_1 to FLOAT_4, THOUSAND, THOUSAND_FLOAT, PERCENT, PERCENT_FLOAT)');
    await act({
      lines: [['aitable', 'field', 'create', '--base-id', 'base_Kl34', '--table-id', 'tbl_Items', '--name', 'Unit price', '--type', 'number', '--config', '{"formatter":"FLOAT_2"}']],
      calls: [['aitable', 'create_fields', { baseId: 'base_Kl34', tableId: 'tbl_Items', fields: [{ fieldName: 'Unit price', type: 'number', config: { formatter: 'FLOAT_2' } }] }]],
    });
  });

  it('16. a file\'s detail: get_file_info, and a plain file (not an online doc) printed as it came, with no doc lookup (helpers/drive.go:624-642, :3616-3642)', async () => {
    const info = ok({ fileId: 'file_6677', name: 'Q4 report.pdf', extension: 'pdf', fileSize: 2048576, modifiedTime: '2026-12-01T17:20:00+08:00', type: 'FILE' });
    const printed = await act({
      lines: [['drive', 'info', '--node', 'file_6677']],
      answers: { 'drive/get_file_info': info },
      calls: [['drive', 'get_file_info', { fileId: 'file_6677' }]],
    });
    expect(printed).toEqual(info);
  });

  it('17. a colleague\'s profile (its manager is in the answer, if anywhere): user_id_list as a list (helpers/contact.go:655-669)', async () => {
    await act({
      lines: [['contact', 'user', 'get', '--ids', '0987654321']],
      calls: [['contact', 'get_user_info_by_user_ids', { user_id_list: ['0987654321'] }]],
    });
  });

  it('18. hours worked per day: the report columns, then the chosen column\'s values with its id as a number and the times as typed (helpers/attendance.go:3015-3022; shortcut/attendance/attendance.go:1522-1552)', async () => {
    await act({
      lines: [
        ['attendance', 'report', 'columns'],
        ['attendance', '+query-report-data', '--users', '0123456789', '--columns', '5012', '--start', '2026-11-30 00:00:00', '--end', '2026-12-03 23:59:59'],
      ],
      answers: { 'attendance-wukong/get_report_columns': ok({ columns: [{ id: 5001, name: '出勤天数' }, { id: 5012, name: '工作时长', unit: '小时' }] }) },
      calls: [
        ['attendance-wukong', 'get_report_columns', {}],
        ['attendance-wukong', 'get_report_columns_value', { McpQueryParam: { targetUserIds: ['0123456789'], columnIds: [5012], fromDate: '2026-11-30 00:00:00', toDate: '2026-12-03 23:59:59' } }],
      ],
    });
  });

  it('19. renaming minutes: the title read, written trimmed, read back, and the change printed (shortcut/minutes/alignment.go:416-447)', async () => {
    const printed = await act({
      lines: [['minutes', '+update', '--id', 'mt_77aa88bb', '--title', ' Pricing review 12-02 ', '--yes']],
      answers: {
        'minutes/get_minutes_basic_info': { pages: [ok({ taskUuid: 'mt_77aa88bb', title: '会议 12-02' }), ok({ taskUuid: 'mt_77aa88bb', title: 'Pricing review 12-02' })] },
        'minutes/update_minutes_title': ok(true),
      },
      calls: [
        ['minutes', 'get_minutes_basic_info', { taskUuid: 'mt_77aa88bb' }],
        ['minutes', 'update_minutes_title', { taskUuid: 'mt_77aa88bb', title: 'Pricing review 12-02' }],
        ['minutes', 'get_minutes_basic_info', { taskUuid: 'mt_77aa88bb' }],
      ],
    });
    expect(printed).toEqual({ taskUuid: 'mt_77aa88bb', changed: true, verified: true, before: '会议 12-02', after: 'Pricing review 12-02' });
  });

  it('20. renaming a knowledge-base page: the help now says drive +rename renames knowledge-base pages too; the node read, rename_document on the doc server, the name read back and the node printed (shortcut/drive/operations.go:201-270; a wiki node is a doc node: helpers/wiki.go:1176-1185)', async () => {
    expect(runCli(['drive', '+rename', '--help']).stdout).toContain('or a page or folder in a knowledge base (--node takes its node ID or link)');
    const after = { fileId: 'node_66bc', name: 'Release checklist v2', type: 'FILE', extension: 'adoc' };
    const printed = await act({
      lines: [['drive', '+rename', '--node', 'node_66bc', '--name', 'Release checklist v2', '--yes']],
      answers: {
        'drive/get_file_info': { pages: [ok({ ...after, name: 'Release checklist' }), ok(after)] },
        'doc/rename_document': ok({ nodeId: 'node_66bc' }),
      },
      calls: [
        ['drive', 'get_file_info', { fileId: 'node_66bc' }],
        ['doc', 'rename_document', { nodeId: 'node_66bc', newName: 'Release checklist v2' }],
        ['drive', 'get_file_info', { fileId: 'node_66bc' }],
      ],
    });
    expect(printed).toEqual({ success: true, nodeId: 'node_66bc', file: after });
  });
});
