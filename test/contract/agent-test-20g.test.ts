// Agent test 20g (notes/agent-test-20g.md): the 20 everyday requests, each run with the command lines the agent typed
// (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls asserted are
// written from the upstream command bodies at c7521c1c (the line named at each case), not from dws's output; where
// upstream prints a projection of its own, the printed result is asserted too.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from '../plan/output-runs.js';

const { mcp, env, act } = useOutputRuns('dws-agent20g-');

const AGENDA = '%PDF-1.4 agenda\n';
const CHART = 'PNG-bytes-of-a-chart';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('agent test 20g: each request sends what upstream sends for the same flags', () => {
  it('1. the members of a group: get_group_members from cursor "0", list_group_bots, printed as upstream\'s two buckets (smart/group_members.go:173-242, 271-315)', async () => {
    const printed = await act({
      lines: [['chat', '+chat-members-list', '--conversation-id', 'cidW2Bc6qTd3VxPaFf==']],
      answers: {
        'chat/get_group_members': { result: { list: [{ memberEmpName: 'Wang Fang', memberNick: 'Fang', memberRoleDesc: 'owner', openDingtalkId: 'odt_wf' }, { memberEmpName: 'Li Lei', openDingtalkId: 'odt_ll' }], hasMore: false } },
        'bot/list_group_bots': { result: { bots: [{ robotName: 'CI bot', botOpenDingTalkId: 'odt_bot', openBotId: 'ob_1', robotCode: 'dingci01' }] } },
      },
      calls: [
        ['chat', 'get_group_members', { openconversation_id: 'cidW2Bc6qTd3VxPaFf==', cursor: '0' }],
        ['bot', 'list_group_bots', { openConversationId: 'cidW2Bc6qTd3VxPaFf==' }],
      ],
    });
    expect(printed).toEqual({
      contractVersion: 'im.group-members.v1', conversationId: 'cidW2Bc6qTd3VxPaFf==',
      users: [{ name: 'Wang Fang', nick: 'Fang', role: 'owner', openDingtalkId: 'odt_wf' }, { name: 'Li Lei', nick: '', role: '', openDingtalkId: 'odt_ll' }],
      bots: [{ name: 'CI bot', openDingtalkId: 'odt_bot', openBotId: 'ob_1', robotCode: 'dingci01' }],
      partial: false, counts: { users: 2, bots: 1, total: 3 },
      buckets: { users: { count: 2, pagesFetched: 1, complete: true, hasMore: false, partial: false, stopReason: 'source_complete', failedCount: 0, failures: [] }, bots: { complete: true, count: 1 } },
      failedCount: 0, failures: [], complete: true, hasMore: false,
    });
  });

  it('2. a file to a group: init, PUT, commit, then a file message whose content has the numeric ids, filePath and size (helpers/chat.go:2085-2233, chat/unified_send.go:567-628)', async () => {
    await act({
      lines: [['chat', '+messages-send', '--group', 'cidW2Bc6qTd3VxPaFf==', '--file', './agenda-q1.pdf', '--yes']],
      files: { 'agenda-q1.pdf': AGENDA },
      answers: {
        'im/init_conversation_file_upload': { get result() { return { resourceUrl: `${mcp.base}/upload/agenda`, uploadKey: 'upk_77aa' }; } },
        'im/commit_conversation_file_upload': { result: { dentryId: 90017788, spaceId: '5566' } },
      },
      calls: [
        ['im', 'init_conversation_file_upload', { openConversationId: 'cidW2Bc6qTd3VxPaFf==', fileName: 'agenda-q1.pdf', fileSize: AGENDA.length, md5: md5(AGENDA) }],
        ['im', 'commit_conversation_file_upload', { openConversationId: 'cidW2Bc6qTd3VxPaFf==', uploadKey: 'upk_77aa', fileName: 'agenda-q1.pdf', fileSize: AGENDA.length, md5: md5(AGENDA) }],
        ['chat', 'send_personal_message', {
          msgType: 'file',
          content: JSON.stringify({ dentryId: 90017788, spaceId: 5566, fileName: 'agenda-q1.pdf', fileType: 'pdf', filePath: '/agenda-q1.pdf', fileSize: AGENDA.length }),
          openConversationId: 'cidW2Bc6qTd3VxPaFf==', clawType: 'openClaw',
        }],
      ],
    });
    expect(mcp.uploads.map((u) => [u.name, u.method, u.bytes.toString('utf8')])).toEqual([['agenda', 'PUT', AGENDA]]);
  });

  it('3. a meeting with three invitees, a description and two reminders (helpers/calendar.go:428-483, buildReminders :3052)', async () => {
    await act({
      lines: [['calendar', 'event', 'create', '--title', 'Quarterly planning', '--start', '2026-12-15T09:00:00+08:00', '--end', '2026-12-15T12:00:00+08:00',
        '--desc', 'Bring Q1 OKR drafts', '--attendees', '0123456789,0987654321,0555666777', '--remind-minutes', '30,10']],
      calls: [['calendar', 'create_calendar_event', {
        summary: 'Quarterly planning', startDateTime: '2026-12-15T09:00:00+08:00', endDateTime: '2026-12-15T12:00:00+08:00', description: 'Bring Q1 OKR drafts',
        attendees: ['0123456789', '0987654321', '0555666777'], reminders: [{ minutes: 30 }, { minutes: 10 }],
      }]],
    });
  });

  it('4. open to-dos I created, 50 wanted: pages of 20 as text until a short page (helpers/todo.go:266-290, todoListAutoPage :1806-1858, buildListTodoTaskArgs :2059)', async () => {
    const cards = (p: number, n: number) => Array.from({ length: n }, (_, i) => ({ taskId: `t${p}_${i}` }));
    const page = (n: number) => ['todo', 'get_user_todos_in_current_org', { pageNum: String(n), pageSize: '20', todoStatus: 'false', roleTypes: ['creator'] }] as [string, string, Record<string, unknown>];
    const printed = await act({
      lines: [['todo', 'task', 'list', '--role-types', 'creator', '--status', 'false', '--size', '50']],
      answers: { 'todo/get_user_todos_in_current_org': { pages: [{ result: { todoCards: cards(1, 20) } }, { result: { todoCards: cards(2, 20) } }, { result: { todoCards: cards(3, 5) } }] } },
      calls: [page(1), page(2), page(3)],
    });
    expect((printed as { result: { todoCards: unknown[] } }).result.todoCards).toEqual([...cards(1, 20), ...cards(2, 20), ...cards(3, 5)]);
  });

  it('5. one form\'s instances since Nov 1: Beijing-time epoch ms, nextToken and maxResults as numbers (helpers/oa.go:425-449, cmdutil/time.go:41)', async () => {
    await act({
      lines: [['oa', 'approval', 'list-initiated', '--process-code', 'PROC-EXP-07', '--start', '2026-11-01', '--end', '2026-12-03 23:59']],
      calls: [['oa', 'list_initiated_instances', { processCode: 'PROC-EXP-07', startTime: Date.UTC(2026, 9, 31, 16), endTime: Date.UTC(2026, 11, 3, 15, 59), nextToken: 0, maxResults: 20 }]],
    });
  });

  it('6. a form\'s fields (helpers/oa.go:1061)', async () => {
    await act({ lines: [['oa', 'approval', 'form-schema', '--process-code', 'PROC-TRIP-03']], calls: [['oa', 'get_process_schema', { processCode: 'PROC-TRIP-03' }]] });
  });

  it('7. a draft, not sent: create_draft, and its answer is what prints (helpers/mail.go:1815-1852)', async () => {
    const printed = await act({
      lines: [['mail', 'mailbox', 'list'],
        ['mail', 'draft', 'create', '--from', 'wang.fang@example.com', '--to', 'liu.yang@example.com', '--subject', 'Offer letter', '--content', 'Dear Liu, please find the offer details below.']],
      answers: { 'mail/list_user_mailboxes': { result: { mailboxes: [{ email: 'wang.fang@example.com' }] } }, 'mail/create_draft': { result: { messageId: 'draft_ABC1' } } },
      calls: [
        ['mail', 'list_user_mailboxes', {}],
        ['mail', 'create_draft', { from: 'wang.fang@example.com', subject: 'Offer letter', toRecipients: ['liu.yang@example.com'], body: 'Dear Liu, please find the offer details below.' }],
      ],
    });
    expect(printed).toEqual({ result: { messageId: 'draft_ABC1' } });
  });

  it('8. two mails to the Archive folder (helpers/mail.go folder list, batch-move :1600-1608)', async () => {
    await act({
      lines: [['mail', 'folder', 'list', '--email', 'wang.fang@example.com'],
        ['mail', 'message', 'batch-move', '--email', 'wang.fang@example.com', '--ids', 'msg_EE01aa,msg_EE02bb', '--folder', 'fld_archive']],
      calls: [
        ['mail', 'list_folders', { email: 'wang.fang@example.com' }],
        ['mail', 'batch_move_message', { email: 'wang.fang@example.com', ids: ['msg_EE01aa', 'msg_EE02bb'], destinationFolderId: 'fld_archive' }],
      ],
    });
  });

  it('9. a docs folder\'s nodes: one page of 50, printed as doc.list.v1 (shortcut/doc/doc.go:254-306, pagination.go:22-150)', async () => {
    const node = { nodeId: 'n1', name: 'Q4 plan', nodeType: 'doc', url: 'https://alidocs.dingtalk.com/i/nodes/n1' };
    const printed = await act({
      lines: [['doc', '+list', '--folder', 'fold_11aa22']],
      answers: { 'doc/list_nodes': { result: { nodes: [{ ...node, creator: 'x' }], hasMore: false } } },
      calls: [['doc', 'list_nodes', { folderId: 'fold_11aa22', pageSize: 50 }]],
    });
    expect(printed).toEqual({
      contractVersion: 'doc.list.v1', status: 'success', count: 1, nodes: [node], pagesRead: 1, complete: true, truncated: false, hasMore: false, nextCursor: '', stopReason: '', failures: [],
    });
  });

  it('10. an image into a doc: upload info, PUT with its type, an inline image block, the read-back, upstream\'s envelope (helpers/doc.go:501-706, 734-800)', async () => {
    const printed = await act({
      lines: [['doc', '+media-insert', '--node', 'doc_YZ12ab', '--file', './chart-q4.png', '--yes']],
      files: { 'chart-q4.png': CHART },
      answers: {
        'doc/get_doc_attachment_upload_info': { get result() { return { uploadUrl: `${mcp.base}/upload/chart`, resourceId: 'res_77', resourceUrl: 'https://static.example.com/res_chart_q4' }; } },
        'doc/insert_document_block': { result: { blockId: 'blk_new1' } },
        'doc/list_document_blocks': { result: { blocks: [{ blockId: 'blk_0' }, { blockId: 'blk_new1', jsonml: '["p",{},["img",{"src":"https://static.example.com/res_chart_q4"}]]' }], hasMore: false } },
      },
      calls: [
        ['doc', 'get_doc_attachment_upload_info', { nodeId: 'doc_YZ12ab', fileName: 'chart-q4.png', fileSize: CHART.length, mimeType: 'image/png' }],
        ['doc', 'insert_document_block', { nodeId: 'doc_YZ12ab', element: { blockType: 'paragraph', paragraph: { text: '' }, children: [{ elementType: 'image', properties: { src: 'https://static.example.com/res_chart_q4' } }] } }],
        ['doc', 'list_document_blocks', { nodeId: 'doc_YZ12ab', format: 'jsonml', startIndex: 0, endIndex: 49 }],
      ],
    });
    expect(mcp.uploads.map((u) => [u.name, u.method, u.headers['content-type'], u.bytes.toString('utf8')])).toEqual([['chart', 'PUT', 'image/png', CHART]]);
    expect(printed).toEqual({
      contractVersion: 'doc.operation.v1', ok: true, status: 'success', complete: true, operation: 'doc.media_insert',
      data: { nodeId: 'doc_YZ12ab', resourceId: 'res_77', resourceUrl: 'https://static.example.com/res_chart_q4', blockId: 'blk_new1', fileName: 'chart-q4.png', mimeType: 'image/png', sizeBytes: CHART.length, inserted: true, verified: true },
      steps: ['resolve_upload', 'upload_oss', 'insert_block', 'verify'].map((name) => ({ name, status: 'success' })),
    });
  });

  it('11. rows 5 to 7: position the 1-based row as text, length a number (helpers/sheet_dimension.go:453-477)', async () => {
    await act({
      lines: [['sheet', 'delete-dimension', '--node', 'wb_3Mn8pq', '--sheet-id', 'Scores', '--dimension', 'ROWS', '--position', '5', '--length', '3', '--yes']],
      calls: [['sheet', 'delete_dimension', { nodeId: 'wb_3Mn8pq', sheetId: 'Scores', dimension: 'ROWS', position: '5', length: 3 }]],
    });
  });

  it('12. a minutes record\'s action items: list_minutes_todos, its result printed (smart/action_items.go:61-97)', async () => {
    const printed = await act({
      lines: [['minutes', '+action-items', '--id', 'mt_33ee44ff']],
      answers: { 'minutes/list_minutes_todos': { success: true, result: { actions: [{ content: 'Wang Fang: draft Q1 OKRs' }] } } },
      calls: [['minutes', 'list_minutes_todos', { taskUuid: 'mt_33ee44ff' }]],
    });
    expect(printed).toEqual({ actions: [{ content: 'Wang Fang: draft Q1 OKRs' }] });
  });

  it('13. two records\' Amount: one update_records batch, the exact-id read-back, the composite record (shortcut/aitable/record_batch.go:50-55, 165-265, record_query_all.go:32-60)', async () => {
    const records = [{ recordId: 'rec_010', cells: { fld_Amount: 500 } }, { recordId: 'rec_011', cells: { fld_Amount: 750 } }];
    const printed = await act({
      lines: [['aitable', '+record-update', '--base-id', 'base_Ab12', '--table-id', 'tbl_Orders', '--records', JSON.stringify(records), '--yes']],
      answers: { 'aitable/update_records': { result: { success: true } }, 'aitable/query_records': { result: { records, hasMore: false } } },
      calls: [
        ['aitable', 'update_records', { baseId: 'base_Ab12', tableId: 'tbl_Orders', records }],
        ['aitable', 'query_records', { baseId: 'base_Ab12', tableId: 'tbl_Orders', recordIds: ['rec_010', 'rec_011'], limit: 2 }],
      ],
    });
    expect(printed).toEqual({
      contractVersion: 'aitable.composite.v1', operation: 'record_update', status: 'success', executed: true, retryable: false, requestedCount: 2, completedCount: 2,
      plan: [{ index: 1, name: 'write record batch', tool: 'update_records', status: 'planned', count: 2 }],
      completedSteps: [{ index: 1, name: 'write record batch', tool: 'update_records', status: 'completed', count: 2, result: { status: 'verified', recordIds: ['rec_010', 'rec_011'] } }],
      verification: { status: 'verified', verifiedCount: 2 }, knownSideEffects: [{ tool: 'update_records', offset: 0, count: 2 }], result: { processedCount: 2, batchCount: 1 },
    });
  });

  it('14. a new base by name only (helpers/aitable.go:1300-1313)', async () => {
    await act({ lines: [['aitable', 'base', 'create', '--name', 'Vendor tracking 2027']], calls: [['aitable', 'create_base', { baseName: 'Vendor tracking 2027' }]] });
  });

  it('15. two drive files, one +delete each, each answer proving success=true (shortcut/drive/operations.go:289-299, common.go:124)', async () => {
    const printed = await act({
      lines: [['drive', '+delete', '--node', 'file_9901', '--yes'], ['drive', '+delete', '--node', 'file_9902', '--yes']],
      answers: { 'doc/delete_document': { success: true } },
      calls: [['doc', 'delete_document', { nodeId: 'file_9901' }], ['doc', 'delete_document', { nodeId: 'file_9902' }]],
    });
    expect(printed).toEqual({ success: true, nodeId: 'file_9902', result: { success: true } });
  });

  it('16. a knowledge base by name (helpers/wiki.go:180-193)', async () => {
    await act({ lines: [['wiki', 'space', 'create', '--name', 'Platform team handbook']], calls: [['wiki', 'create_wikiSpace', { name: 'Platform team handbook' }]] });
  });

  it('17. a department by name (helpers/contact.go:805-811)', async () => {
    await act({ lines: [['contact', 'dept', 'search', '--query', 'Finance']], calls: [['contact', 'search_dept_by_keyword', { query: 'Finance' }]] });
  });

  it('18. my annual leave: my userId, the leave types, the balance request wrapped as upstream (helpers/contact.go:471, attendance.go:3245, 3290-3310)', async () => {
    await act({
      lines: [['contact', 'user', 'get-self'], ['attendance', 'vacation', 'types'], ['attendance', 'vacation', 'balance', '--users', '0123456789', '--leave-code', 'lc_annual_01']],
      calls: [
        ['contact', 'get_current_user_profile', {}],
        ['attendance-wukong', 'get_leave_types', { McpLeaveTypeRequest: {} }],
        ['attendance-wukong', 'get_leave_balance_quota', { McpLeaveBalanceRequest: { targetUserIds: ['0123456789'], leaveCode: 'lc_annual_01' } }],
      ],
    });
  });

  it('19. one report (helpers/report.go:610-616)', async () => {
    await act({ lines: [['report', 'entry', 'get', '--report-id', 'rep_e5f6g7h8']], calls: [['report', 'get_report_entry_details', { report_id: 'rep_e5f6g7h8' }]] });
  });

  it('20. a DING to three people as myself: their openDingTalkIds, then send_personal_ding in the app (shortcut/ding/ding.go:143-153)', async () => {
    await act({
      lines: [['contact', 'user', 'get', '--ids', '0123456789,0987654321,0555666777'],
        ['ding', '+send-personal', '--users', 'odt_wf,odt_ll,odt_zq', '--content', 'All-hands moved to 15:00 today', '--type', 'app', '--yes']],
      answers: { 'contact/get_user_info_by_user_ids': { result: [{ userId: '0123456789', openDingTalkId: 'odt_wf' }, { userId: '0987654321', openDingTalkId: 'odt_ll' }, { userId: '0555666777', openDingTalkId: 'odt_zq' }] } },
      calls: [
        ['contact', 'get_user_info_by_user_ids', { user_id_list: ['0123456789', '0987654321', '0555666777'] }],
        ['im', 'send_personal_ding', { receiverOpenDingTalkIds: ['odt_wf', 'odt_ll', 'odt_zq'], content: 'All-hands moved to 15:00 today', remindType: 'app' }],
      ],
    });
  });
});

describe('agent test 20g: the differences found, now as upstream', () => {
  it('mail send, draft create and draft update with no file print the call\'s answer, not an empty list (helpers/mail.go:537-552, 1842-1852, 1932-1942)', async () => {
    mcp.answers['mail/send_email'] = () => ({ result: { messageId: 'm1' } });
    mcp.answers['mail/update_draft'] = () => ({ result: { messageId: 'd1' } });
    const printed = async (argv: string[]) => (JSON.parse((await dispatchInProcess(argv, env())).out) as { result: unknown }).result;
    expect(await printed(['mail', 'message', 'send', '--from', 'a@example.com', '--to', 'b@example.com', '--subject', 's', '--content', 'c', '--yes'])).toEqual({ result: { messageId: 'm1' } });
    expect(await printed(['mail', 'draft', 'update', '--from', 'a@example.com', '--id', 'd1', '--subject', 's', '--yes'])).toEqual({ result: { messageId: 'd1' } });
  });

  it('doc create prints the create answer with no content and upstream\'s write record with content, not an empty list (doc.go:1624, doc_write_pipeline.go:112-121, 260-269)', async () => {
    mcp.answers['doc/create_document'] = () => ({ nodeId: 'n_new', url: 'https://alidocs.dingtalk.com/i/nodes/n_new' });
    const printed = async (argv: string[]) => (JSON.parse((await dispatchInProcess(argv, env())).out) as { result: unknown }).result;
    expect(await printed(['doc', 'create', '--name', 'Plan'])).toEqual({ nodeId: 'n_new', url: 'https://alidocs.dingtalk.com/i/nodes/n_new' });
    expect(await printed(['doc', 'create', '--name', 'Plan', '--content', 'hello'])).toEqual({
      success: true, nodeId: 'n_new', chunksWritten: 1, serverResponse: { nodeId: 'n_new', url: 'https://alidocs.dingtalk.com/i/nodes/n_new' },
    });
    expect(mcp.calls.map((c) => [c.name, c.arguments])).toEqual([['create_document', { name: 'Plan' }], ['create_document', { name: 'Plan', markdown: 'hello' }]]);
  });

  it('a file sent to a person names the upload target receiverOpenDingTalkId, as the send does (unified_send.go:662-668)', async () => {
    mcp.answers['im/init_conversation_file_upload'] = () => ({ result: { resourceUrl: `${mcp.base}/upload/f`, uploadKey: 'k1' } });
    mcp.answers['im/commit_conversation_file_upload'] = () => ({ data: { file: { dentryId: '12', spaceId: 34 } } });
    const outcome = await dispatchInProcess(['chat', '+messages-send', '--open-dingtalk-id', 'Db3BlbmlkMDEiE', '--file', 'a.txt', '--yes'], env({ 'a.txt': 'hello' }));
    expect(outcome.error?.envelope()).toBeUndefined();
    const target = { receiverOpenDingTalkId: 'Db3BlbmlkMDEiE' };
    expect(mcp.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['init_conversation_file_upload', { ...target, fileName: 'a.txt', fileSize: 5, md5: md5('hello') }],
      ['commit_conversation_file_upload', { ...target, uploadKey: 'k1', fileName: 'a.txt', fileSize: 5, md5: md5('hello') }],
      ['send_personal_message', { msgType: 'file', content: JSON.stringify({ dentryId: 12, spaceId: 34, fileName: 'a.txt', fileType: 'txt', filePath: '/a.txt', fileSize: 5 }), receiverOpenDingTalkId: 'Db3BlbmlkMDEiE', clawType: 'openClaw' }],
    ]);
  });

  it('a commit answer without a non-zero dentryId stops before the message is sent (chat.go:2222-2233)', async () => {
    mcp.answers['im/init_conversation_file_upload'] = () => ({ result: { resourceUrl: `${mcp.base}/upload/f`, uploadKey: 'k1' } });
    mcp.answers['im/commit_conversation_file_upload'] = () => ({ result: { dentryId: 0, spaceId: 34 } });
    const outcome = await dispatchInProcess(['chat', '+messages-send', '--group', 'cidA==', '--file', 'a.txt', '--yes'], env({ 'a.txt': 'hello' }));
    expect(outcome.error?.reason).toBe('partial_outcome');
    expect(outcome.error?.message).toContain('no dentryId or no spaceId');
    expect(mcp.calls.map((c) => c.name)).toEqual(['init_conversation_file_upload', 'commit_conversation_file_upload']);
  });

  it('upload info without a resourceId stops +media-insert before the upload (helpers/doc.go:963-981)', async () => {
    mcp.answers['doc/get_doc_attachment_upload_info'] = () => ({ result: { uploadUrl: `${mcp.base}/upload/c`, resourceUrl: 'https://static.example.com/x' } });
    const outcome = await dispatchInProcess(['doc', '+media-insert', '--node', 'D1', '--file', 'c.png', '--yes'], env({ 'c.png': 'PNG' }));
    expect(outcome.error?.reason).toBe('backend_error');
    expect(mcp.calls.map((c) => c.name)).toEqual(['get_doc_attachment_upload_info']);
    expect(mcp.uploads).toEqual([]);
  });
});
