// What the commands audit-30j-b fixed print (issue 32, a-j2), as upstream's bodies at c7521c1c print them, run as a
// user types them against the recording backend on 127.0.0.1; the calls are pinned by test/fixtures/calls/*.yaml.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { run, refusal, answer, mcp } = useOutputRuns('dws-aj2-');

describe('oa lists take the first key present, a null included (oaFormFirst, oa.go:232)', () => {
  it('+list-executed keeps a status holding null and does not read the later spellings', async () => {
    answer('oa/get_done_tasks', { result: { values: [
      { processInstanceId: 'p1', title: '报销', status: null, result: 'AGREE', createTime: 1 },
      { id: 'p2', name: '请假' },
      { other: 1 },
      'not an object',
    ] } });
    expect(await run(['oa', '+list-executed'])).toEqual({ count: 2, instances: [
      { createTime: 1, processInstanceId: 'p1', status: null, title: '报销' },
      { processInstanceId: 'p2', title: '请假' },
    ] });
  });
});

describe('contact member lists: the first key present decides (memberListFirst, contact.go:496)', () => {
  it('+list-role-members leaves out a userId whose first spelling holds null, reading no later one', async () => {
    answer('contact/get_label_members_by_labelId', { result: { labelUserList: [
      { userId: null, id: 'later', name: '张三' },
      { userInfo: { user_id: 'u2', userName: '李四' } },
      { userId: null, name: null },
    ] } });
    expect(await run(['contact', '+list-role-members', '--id', '12'])).toEqual({ count: 2, members: [
      { name: '张三' },
      { name: '李四', userId: 'u2' },
    ] });
  });
});

describe('devapp lists print devAppListProjection (devapp.go:1406)', () => {
  it('+permission-list prints {count, hasMore, nextCursor, permissions} from the first object holding the page marks', async () => {
    answer('devapp/list_dev_app_permissions', { success: true, result: { permissionList: [
      { scopeValue: 'qyapi_get_member', name: '读成员', interfaceName: 'getUser', status: 'AUTHED', scope_type: 'APP', extra: 1 },
      { code: 'c2', scopeName: null },
      { unrelated: true },
    ], hasMore: true, nextCursor: 'n2' } });
    expect(await run(['devapp', '+permission-list', '--unified-app-id', 'app1'])).toEqual({
      count: 2, hasMore: true, nextCursor: 'n2', permissions: [
        { apiName: 'getUser', authStatus: 'AUTHED', scopeName: '读成员', scopeType: 'APP', scopeValue: 'qyapi_get_member' },
        { scopeName: null, scopeValue: 'c2' },
      ] });
  });
  it('the first candidate holding either mark is the only one read; no list prints an empty one', async () => {
    answer('devapp/list_dev_app_permissions', { nextCursor: 'top', result: { hasMore: false } });
    expect(await run(['devapp', '+permission-list', '--unified-app-id', 'app1'])).toEqual({ count: 0, nextCursor: 'top', permissions: [] });
    // the rows are looked for one level deep only (versionListFindList); the marks two levels deep (content.result)
    answer('devapp/list_dev_app_versions', { result: { items: [{ id: 'v1', versionName: '1.0' }] }, content: { result: { hasMore: false } } });
    expect(await run(['devapp', '+version-list', '--unified-app-id', 'app1'])).toEqual({ count: 1, hasMore: false, versions: [{ version: '1.0', versionId: 'v1' }] });
  });
  it('+list and +event-list project their rows the same way', async () => {
    answer('devapp/list_dev_app', { result: { apps: [{ unified_app_id: 'u1', appName: 'Bot', clientId: 'k', agent_id: 9, appStatus: 1, modifyTime: 't' }] } });
    expect(await run(['devapp', '+list'])).toEqual({ count: 1, apps: [{ agentId: 9, appKey: 'k', gmtModified: 't', name: 'Bot', status: 1, unifiedAppId: 'u1' }] });
    answer('devapp/list_dev_app_events', { data: [{ code: 'e1', event_name: '变更', subscribeStatus: 'ON' }] });
    expect(await run(['devapp', '+event-list', '--unified-app-id', 'a'])).toEqual({ count: 1, events: [{ eventCode: 'e1', eventName: '变更', status: 'ON' }] });
  });
});

describe('chat message download-media prints {downloadUrl, output, success} (chat.go:6487)', () => {
  it('reads the URL inside result when result is an object, the first of a resourceUrl list, and prints it', async () => {
    mcp.files['m.bin'] = Buffer.from('BYTES');
    answer('im/get_resource_download_url', { resourceUrl: 'http://127.0.0.1:1/top-level-is-not-read', result: { resourceUrl: [`${mcp.base}/files/m.bin`] } });
    const argv = ['chat', 'message', 'download-media', '--open-conversation-id', 'c', '--msg-id', 'm', '--resource-id', 'r', '--type', 'mediaId', '--output', 'm.bin'];
    expect(await run(argv)).toEqual({ downloadUrl: `${mcp.base}/files/m.bin`, output: 'm.bin', success: true });
  });
  it('an answer without a usable URL downloads nothing and fails', async () => {
    answer('im/get_resource_download_url', { result: { resourceUrl: '', downloadUrl: 7 } });
    const outcome = await refusal(['chat', 'message', 'download-media', '--open-conversation-id', 'c', '--message-id', 'm', '--resource-id', 'r', '--type', 'mediaId', '--output', 'm.bin']);
    expect(outcome).toEqual({ reason: 'backend_error', out: '' });
  });
});
