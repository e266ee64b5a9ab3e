// Agent test 20q (notes/agent-test-20q.md, notes/agent20q.md): the everyday requests, each run with the command lines the
// agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls asserted
// are written from the upstream command bodies at c7521c1c (the lines named at each case), not from dws's output; where
// upstream projects the answer, the printed result is asserted too. Requests 7 and 12 also check the help text rewritten
// in this round (it misled the agent or left it guessing).
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, act, sent } = useOutputRuns('dws-agent20q-');

/** A command's compact Inspect entry. */
function inspect(canonical: string): {
  description_en: string; description: string; agent_summary_en: string; examples: string[];
  parameters: Record<string, { description_en?: string; description?: string; example?: string }>;
} {
  const r = runCli(['schema', canonical, '--compact']);
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as ReturnType<typeof inspect>;
}

/** The search answer for a request as typed: its candidates' canonical paths and its flags. */
function search(query: string): { paths: string[]; weak_match?: boolean; hint?: string } {
  const r = runCli(['schema', 'search', '--query', query]);
  expect(r.status).toBe(0);
  const answer = JSON.parse(r.stdout) as { candidates: { canonical_path: string }[]; weak_match?: boolean; hint?: string };
  return { paths: answer.candidates.map((c) => c.canonical_path), weak_match: answer.weak_match, hint: answer.hint };
}

const readme = '# App\nversion v1.2\nsee v1.2 notes\n';
const driveInfo = { result: { fileId: 'file_Md01', name: 'README', extension: 'md' } };

describe('agent test 20q: each request sends what upstream sends for the same flags', () => {
  it('1. a markdown file on drive: the drive probe get_file_info {fileId}, download_file {fileId}, the link fetched; prints {content, file_name, node_id, saved_to, source} (helpers/markdown.go:129-185, drive.go:3836-3868, :3902-3921)', async () => {
    mcp.files['r.md'] = Buffer.from(readme);
    const printed = await act({
      lines: [['markdown', 'fetch', '--node', 'file_Md01']],
      answers: { 'drive/get_file_info': driveInfo, 'drive/download_file': { downloadUrl: `${mcp.base}/files/r.md`, fileName: 'README.md' } },
      calls: [['drive', 'get_file_info', { fileId: 'file_Md01' }], ['drive', 'download_file', { fileId: 'file_Md01' }]],
    });
    expect(printed).toEqual({ content: readme, file_name: 'README.md', node_id: 'file_Md01', saved_to: '', source: 'drive' });
  });

  it('2. change v1.2 to v1.3 in it: confirmation first; every literal match replaced; the remote name read again after the download (markdownRemoteNameWithContext), name + extension, and the new byte size in get_upload_info/commit_upload with overwriteFileId and mimeType text/markdown; the new bytes PUT (helpers/markdown.go:640-746, drive.go:3745-3791, :3923-3956)', async () => {
    mcp.files['r.md'] = Buffer.from(readme);
    const argv = ['markdown', 'patch', '--node', 'file_Md01', '--pattern', 'v1.2', '--content', 'v1.3'];
    const unconfirmed = await sent(argv);
    expect([unconfirmed.reason, unconfirmed.calls]).toEqual(['confirmation_required', []]);
    const patched = readme.split('v1.2').join('v1.3');
    await act({
      lines: [[...argv, '--yes']],
      answers: {
        'drive/get_file_info': driveInfo,
        'drive/download_file': { downloadUrl: `${mcp.base}/files/r.md`, fileName: 'other.md' },
        'drive/get_upload_info': { result: { resourceUrl: `${mcp.base}/upload/r.md`, uploadId: 'up_1' } },
      },
      calls: [
        ['drive', 'get_file_info', { fileId: 'file_Md01' }],
        ['drive', 'download_file', { fileId: 'file_Md01' }],
        ['drive', 'get_file_info', { fileId: 'file_Md01' }],
        ['drive', 'get_upload_info', { fileName: 'README.md', fileSize: Buffer.byteLength(patched), mimeType: 'text/markdown', overwriteFileId: 'file_Md01' }],
        ['drive', 'commit_upload', { fileName: 'README.md', fileSize: Buffer.byteLength(patched), uploadId: 'up_1', overwriteFileId: 'file_Md01' }],
      ],
    });
    expect(mcp.uploads.map((u) => [u.name, u.bytes.toString()])).toEqual([['r.md', patched]]);
    // no match: nothing written and no name read (markdown.go:690-700)
    const none = await sent(['markdown', 'patch', '--node', 'file_Md01', '--pattern', 'v9', '--content', 'v1.3', '--yes']);
    expect(none.calls).toEqual([['drive/get_file_info', { fileId: 'file_Md01' }], ['drive/download_file', { fileId: 'file_Md01' }]]);
    expect(none.printed).toEqual({ changed: false, match_count: 0, node_id: 'file_Md01' });
  });

  it('3. replace a markdown file whole: confirmation first; the remote fileName read again after the route probe (markdownRemoteName), the new text\'s bytes, overwriteFileId (helpers/markdown.go:465-575, :805-824, drive.go:3745-3791)', async () => {
    const text = '# Changelog\n- 1.3: bug fixes';
    const argv = ['markdown', 'overwrite', '--node', 'file_Md02', '--content', text];
    const unconfirmed = await sent(argv);
    expect([unconfirmed.reason, unconfirmed.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [[...argv, '--yes']],
      answers: {
        'drive/get_file_info': { result: { fileId: 'file_Md02', fileName: 'CHANGELOG.md' } },
        'drive/get_upload_info': { result: { resourceUrl: `${mcp.base}/upload/c.md`, uploadId: 'up_2' } },
      },
      calls: [
        ['drive', 'get_file_info', { fileId: 'file_Md02' }],
        ['drive', 'get_file_info', { fileId: 'file_Md02' }],
        ['drive', 'get_upload_info', { fileName: 'CHANGELOG.md', fileSize: Buffer.byteLength(text), mimeType: 'text/markdown', overwriteFileId: 'file_Md02' }],
        ['drive', 'commit_upload', { fileName: 'CHANGELOG.md', fileSize: Buffer.byteLength(text), uploadId: 'up_2', overwriteFileId: 'file_Md02' }],
      ],
    });
    expect(mcp.uploads.map((u) => u.bytes.toString())).toEqual([text]);
    // with --name the probe is the only read (markdown.go:523-529, :555-561)
    const named = await sent([...argv, '--name', 'CHANGELOG.md', '--yes']);
    expect(named.calls.map(([tool]) => tool)).toEqual(['drive/get_file_info', 'drive/get_upload_info', 'drive/commit_upload']);
  });

  it('4. versions, then revert (2 steps): list_doc_versions {nodeId}; revert confirmed, the version looked up page by page first (docVersionExists), then revert_doc_version {nodeId, version: integer}; a missing version refused (helpers/doc.go:39-137, :4291-4383)', async () => {
    const versions = { result: { versions: [{ version: 7, createTime: 1796893200000 }, { version: 6, createTime: 1796871600000 }, { version: 5, createTime: 1796727600000 }], hasMore: false } };
    await act({
      lines: [['doc', 'version', 'list', '--node', 'doc_Vr21'], ['doc', 'version', 'revert', '--node', 'doc_Vr21', '--version', '5', '--yes']],
      answers: { 'doc/list_doc_versions': versions },
      calls: [
        ['doc', 'list_doc_versions', { nodeId: 'doc_Vr21' }],
        ['doc', 'list_doc_versions', { nodeId: 'doc_Vr21' }],
        ['doc', 'revert_doc_version', { nodeId: 'doc_Vr21', version: 5 }],
      ],
    });
    const unconfirmed = await sent(['doc', 'version', 'revert', '--node', 'doc_Vr21', '--version', '5']);
    expect([unconfirmed.reason, unconfirmed.calls]).toEqual(['confirmation_required', []]);
    const missing = await sent(['doc', 'version', 'revert', '--node', 'doc_Vr21', '--version', '4', '--yes']);
    expect([missing.reason, missing.calls]).toEqual(['not_found', [['doc/list_doc_versions', { nodeId: 'doc_Vr21' }]]]);
    // pflag's base-0 integers: "010" is 8 (strconv.ParseInt(s, 0, 64)); the next page by nextCursor, the number as text
    mcp.answers['doc/list_doc_versions'] = (_args, n) => [{ result: { versions: [{ version: 7 }], nextCursor: 'c2' } }, { data: { items: [{ versionNo: '8' }] } }][n];
    const octal = await sent(['doc', 'version', 'revert', '--node', 'doc_Vr21', '--version', '010', '--yes']);
    expect(octal.calls).toEqual([
      ['doc/list_doc_versions', { nodeId: 'doc_Vr21' }],
      ['doc/list_doc_versions', { nodeId: 'doc_Vr21', nextCursor: 'c2' }],
      ['doc/revert_doc_version', { nodeId: 'doc_Vr21', version: 8 }],
    ]);
  });

  it('5. resolve a doc comment: no command (upstream has only the --resolve-status filter of comment list, helpers/doc.go:3112); search says so', () => {
    const answer = search('resolve a doc comment');
    expect(answer.weak_match).toBe(true);
    expect(answer.hint).toMatch(/^Known gap \(doc\)/);
  });

  it('6. a knowledge base, then its top level (2 steps): wiki get_wikiSpace {workspaceId}; doc list_nodes {workspaceId} without folderId or pageSize (helpers/wiki.go:241-249, :862-893)', async () => {
    await act({
      lines: [['wiki', 'space', 'get', '--workspace', 'ws_Eng02'], ['wiki', 'node', 'list', '--workspace', 'ws_Eng02'], ['wiki', 'node', 'list', '--workspace', ' ws_Eng02 ', '--limit', '60', '--cursor', 'p2']],
      calls: [
        ['wiki', 'get_wikiSpace', { workspaceId: 'ws_Eng02' }],
        ['doc', 'list_nodes', { workspaceId: 'ws_Eng02' }],
        ['doc', 'list_nodes', { workspaceId: ' ws_Eng02 ', pageSize: 60, pageToken: 'p2' }],
      ],
    });
  });

  it('7. forms and the first one\'s link (2 steps): list_form_views projected to {count, forms[{viewId, viewName, viewType}]}; get_share_form_config {baseId, tableId, viewId} printed as it comes; the help no longer promises a link it does not return (shortcut/aitable/aitable.go:1654-1700; helpers/aitable.go:4855-4875)', async () => {
    const printed = await act({
      lines: [['aitable', '+form-list', '--base-id', 'base_Mkt', '--table-id', 'tbl_Leads']],
      answers: { 'aitable-helper/list_form_views': { result: { views: [{ viewId: 'viw_F1', name: 'Lead intake', title: 'Tell us', createdAt: 1 }] } } },
      calls: [['aitable-helper', 'list_form_views', { baseId: 'base_Mkt', tableId: 'tbl_Leads' }]],
    });
    expect(printed).toEqual({ count: 1, forms: [{ viewId: 'viw_F1', viewName: 'Lead intake' }] });
    const share = { enabled: true, status: 1, shareFormUuid: 'uuid-77', formName: 'Lead intake' };
    mcp.answers['aitable-helper/get_share_form_config'] = () => share;
    const run = await sent(['aitable', 'form', 'share', 'get', '--base-id', 'base_Mkt', '--table-id', 'tbl_Leads', '--view-id', 'viw_F1']);
    expect(run.calls).toEqual([['aitable-helper/get_share_form_config', { baseId: 'base_Mkt', tableId: 'tbl_Leads', viewId: 'viw_F1' }]]);
    expect(run.printed).toEqual(share);
    const help = inspect('aitable.form_share_get');
    expect(help.description_en).not.toMatch(/sharing state and fill-in link/);
    expect(help.description_en).toMatch(/shareFormUuid/);
    expect(help.description_en).toMatch(/no full URL/);
    expect(help.description).toMatch(/不给出完整网址/);
  });

  it('8. a dashboard\'s charts: aitable get_dashboard {baseId, dashboardId} (helpers/aitable.go:5436-5455)', async () => {
    await act({
      lines: [['aitable', 'dashboard', 'get', '--base-id', 'base_Mkt', '--dashboard-id', 'dsh_07']],
      calls: [['aitable', 'get_dashboard', { baseId: 'base_Mkt', dashboardId: 'dsh_07' }]],
    });
  });

  it('9. rename a view: update_view {baseId, tableId, viewId, newViewName}, all untrimmed; an empty --name refused (helpers/aitable.go:3873-3890, :914-926; pkg/cmdutil/flags.go:68-121)', async () => {
    await act({
      lines: [
        ['aitable', 'view', 'update', 'name', '--base-id', 'base_Mkt', '--table-id', 'tbl_Leads', '--view-id', 'viw_G2', '--name', 'Hot leads'],
        ['aitable', 'view', 'update', 'name', '--base-id', ' base_Mkt ', '--table-id', ' tbl_Leads ', '--view-id', ' viw_G2 ', '--name', ' Hot leads '],
      ],
      calls: [
        ['aitable', 'update_view', { baseId: 'base_Mkt', tableId: 'tbl_Leads', viewId: 'viw_G2', newViewName: 'Hot leads' }],
        ['aitable', 'update_view', { baseId: ' base_Mkt ', tableId: ' tbl_Leads ', viewId: ' viw_G2 ', newViewName: ' Hot leads ' }],
      ],
    });
    const empty = await sent(['aitable', 'view', 'update', 'name', '--base-id', 'base_Mkt', '--table-id', 'tbl_Leads', '--view-id', 'viw_G2', '--name', '']);
    expect([empty.reason, empty.calls]).toEqual(['missing_parameter', []]);
  });

  it('10. topic replies since last Monday: list_topic_replies {openconversationId, topicId, startTime as typed, pageSize 50 by default, forward true for newer} (helpers/chat.go:3817-3846, :104-131, :4853-4861)', async () => {
    await act({
      lines: [
        ['chat', 'message', 'list-topic-replies', '--conversation-id', 'cidTop01xYz9Ab==', '--topic-id', 'msg_T88', '--time', '2026-11-30 00:00:00', '--direction', 'newer'],
        ['chat', 'message', 'list-topic-replies', '--conversation-id', 'cidTop01xYz9Ab==', '--topic-id', ' msg_T88 ', '--direction', ' NEWER ', '--limit', '0'],
        ['chat', 'message', 'list-topic-replies', '--conversation-id', 'cidTop01xYz9Ab==', '--topic-id', 'msg_T88', '--direction', ''],
      ],
      calls: [
        ['chat', 'list_topic_replies', { openconversationId: 'cidTop01xYz9Ab==', topicId: 'msg_T88', startTime: '2026-11-30 00:00:00', pageSize: 50, forward: true }],
        ['chat', 'list_topic_replies', { openconversationId: 'cidTop01xYz9Ab==', topicId: ' msg_T88 ', forward: true }],
        ['chat', 'list_topic_replies', { openconversationId: 'cidTop01xYz9Ab==', topicId: 'msg_T88', pageSize: 50, forward: false }],
      ],
    });
    const sideways = await sent(['chat', 'message', 'list-topic-replies', '--conversation-id', 'cidTop01xYz9Ab==', '--topic-id', 'msg_T88', '--direction', 'sideways']);
    expect([sideways.reason, sideways.calls]).toEqual(['invalid_parameter', []]);
  });

  it('11. who has not read my message: im query_msg_read_status {openConversationId, openMessageId}; --users by parseCSVValues, not de-duplicated (helpers/chat.go:4519-4543, :1355-1386; contact.go:20-34)', async () => {
    await act({
      lines: [
        ['chat', 'message', 'read-status', '--conversation-id', 'cidRd02xYz9Ab==', '--message-id', 'msg_R55'],
        ['chat', 'message', 'read-status', '--conversation-id', 'cidRd02xYz9Ab==', '--message-id', 'msg_R55', '--users', '0111, 0222,,0111'],
      ],
      calls: [
        ['im', 'query_msg_read_status', { openConversationId: 'cidRd02xYz9Ab==', openMessageId: 'msg_R55' }],
        ['im', 'query_msg_read_status', { openConversationId: 'cidRd02xYz9Ab==', openMessageId: 'msg_R55', targetUserIds: ['0111', '0222', '0111'] }],
      ],
    });
  });

  it('12. the group\'s bots, then remove one (2 steps): list_group_bots {openConversationId}; a value under 12 bytes searched as a group name, as the help now says; +chat-remove-bot confirmed, remove_robot_in_group {openConversationId, openBotId} (helpers/chat.go:158-167, :7916-7975; targetresolver/resolver.go:630-633)', async () => {
    const bots = { result: [{ name: 'Old deploy bot', robotCode: 'robot_old7', openBotId: 'obot_91' }, { name: 'CI', robotCode: 'robot_ci01', openBotId: 'obot_12' }] };
    const listed = await act({
      lines: [['chat', 'group', 'bots', '--group', 'cidBot3xYz12Qa==']],
      answers: { 'bot/list_group_bots': bots },
      calls: [['bot', 'list_group_bots', { openConversationId: 'cidBot3xYz12Qa==' }]],
    });
    expect(listed).toEqual(bots);
    const unconfirmed = await sent(['chat', '+chat-remove-bot', '--id', 'cidBot3xYz12Qa==', '--bot-id', 'obot_91']);
    expect([unconfirmed.reason, unconfirmed.calls]).toEqual(['confirmation_required', []]);
    const removed = await sent(['chat', '+chat-remove-bot', '--id', 'cidBot3xYz12Qa==', '--bot-id', 'obot_91', '--yes']);
    expect(removed.calls).toEqual([['bot/remove_robot_in_group', { openConversationId: 'cidBot3xYz12Qa==', openBotId: 'obot_91' }]]);
    const short = await sent(['chat', 'group', 'bots', '--group', 'cidBot3==']);
    expect([short.reason, short.calls]).toEqual(['not_found', [['im/search_groups', { keyword: 'cidBot3==', limit: 10, cursor: '0' }]]]);
    const help = inspect('chat.list_group_bots');
    expect(help.parameters.group.description_en).toMatch(/group name matching exactly one group/);
    expect(help.parameters.group.description_en).toMatch(/shorter than 12 characters is searched as a name/);
    expect((help.parameters.group.example ?? '').length).toBeGreaterThanOrEqual(12);
    expect(help.examples.join(' ')).toContain('--group cidXyZ1234AbCd==');
  });

  it('13. shifts of two people next Mon-Wed: batch_get_employee_shifts {userIds, fromDateTime, toDateTime} as epoch ms of local midnights; the dates untrimmed, the 7-day bound not checked (helpers/attendance.go:1004-1030, :106-115)', async () => {
    const midnight = (d: number) => new Date(2026, 11, d).getTime();
    await act({
      lines: [
        ['attendance', 'shift', 'list', '--users', '0111222,0333444', '--start', '2026-12-07', '--end', '2026-12-09'],
        ['attendance', 'shift', 'list', '--users', ' 0111222 , ,0333444,0111222 ', '--start', '2026-12-07', '--end', '2026-12-20'],
      ],
      calls: [
        ['attendance', 'batch_get_employee_shifts', { userIds: ['0111222', '0333444'], fromDateTime: midnight(7), toDateTime: midnight(9) }],
        ['attendance', 'batch_get_employee_shifts', { userIds: ['0111222', '0333444', '0111222'], fromDateTime: midnight(7), toDateTime: midnight(20) }],
      ],
    });
    const padded = await sent(['attendance', 'shift', 'list', '--users', '0111222', '--start', ' 2026-12-07 ', '--end', '2026-12-09']);
    expect([padded.reason, padded.calls]).toEqual(['invalid_parameter', []]);
  });

  it('14. a department\'s parent, then the parent\'s children (2 steps): get_dept_info_by_dept_id {deptId: integer} printed as it comes; +list-sub-depts get_sub_depts_by_dept_id {deptId} projected to {count, depts[{deptId, deptName}]} (helpers/contact.go:119-134, :889-900; shortcut/contact/contact.go:505-600)', async () => {
    const info = { result: { deptId: 33445566, name: 'Backend', parentId: 33440000 } };
    const printed = await act({
      lines: [['contact', 'dept', 'get-info', '--dept', ' 33445566 ']],
      answers: { 'contact/get_dept_info_by_dept_id': info },
      calls: [['contact', 'get_dept_info_by_dept_id', { deptId: 33445566 }]],
    });
    expect(printed).toEqual(info);
    mcp.answers['contact/get_sub_depts_by_dept_id'] = () => ({ result: [{ deptId: 33445566, name: 'Backend', parentId: 33440000 }, { deptId: 33445577, name: 'Frontend' }] });
    const subs = await sent(['contact', '+list-sub-depts', '--dept', '33440000']);
    expect(subs.calls).toEqual([['contact/get_sub_depts_by_dept_id', { deptId: 33440000 }]]);
    expect(subs.printed).toEqual({ count: 2, depts: [{ deptId: 33445566, deptName: 'Backend' }, { deptId: 33445577, deptName: 'Frontend' }] });
    const bad = await sent(['contact', 'dept', 'get-info', '--dept', '3344x']);
    expect([bad.reason, bad.calls]).toEqual(['invalid_parameter', []]);
  });

  it('15. my developer apps, then one (2 steps): list_dev_app {name trimmed, pageSize 20}, {success, result} unwrapped, a list without hasMore/nextCursor refused; get_dev_app {unifiedAppId} (helpers/devapp.go:409-503, :1841-1862, :2005-2046; devapp_cursor.go)', async () => {
    const apps = { items: [{ unifiedAppId: 'uapp_55', name: 'Expense helper', appKey: 'dingk55' }], hasMore: false, nextCursor: '' };
    const app = { unifiedAppId: 'uapp_55', name: 'Expense helper', appKey: 'dingk55', status: 1 };
    mcp.answers['devapp/list_dev_app'] = () => ({ success: true, result: apps });
    const listed = await sent(['dev', 'app', 'list', '--name', ' Expense helper ']);
    expect(listed.calls).toEqual([['devapp/list_dev_app', { name: 'Expense helper', pageSize: 20 }]]);
    expect(listed.printed).toEqual(apps);
    mcp.answers['devapp/get_dev_app'] = () => ({ success: true, result: app });
    const got = await sent(['dev', 'app', 'get', '--unified-app-id', 'uapp_55']);
    expect(got.calls).toEqual([['devapp/get_dev_app', { unifiedAppId: 'uapp_55' }]]);
    expect(got.printed).toEqual(app);
    mcp.answers['devapp/list_dev_app'] = () => ({ items: [] });
    const unpaged = await sent(['dev', 'app', 'list', '--page-size', '0']);
    expect([unpaged.reason, unpaged.calls]).toEqual(['backend_error', [['devapp/list_dev_app', { pageSize: 20 }]]]);
  });
});
