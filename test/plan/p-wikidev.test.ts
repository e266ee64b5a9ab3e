// What the wiki and dev commands the p-wikidev pre-audit read print, as upstream's bodies at c7521c1c do, run as a user
// types them against the recording backend on 127.0.0.1 (issue 32). The arguments are pinned by the `p-wikidev:`
// recorded-call goldens of test/fixtures/calls/{wiki,dev}.yaml.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pwikidev-');
const { sent } = outputs;
const ok = { reason: undefined, category: undefined };

describe('wiki shortcuts print the business object, not the answer (requireWikiObject, internal/shortcut/wiki/common.go:83-101)', () => {
  it('wiki +space-get prints the result object when its id is a padded text', async () => {
    outputs.answer('wiki/get_wikiSpace', { success: true, data: { id: ' ws1 ', name: '产品文档库' } });
    expect(await sent(['wiki', '+space-get', '--workspace', ' ws1 '])).toEqual({
      ...ok, calls: [['wiki/get_wikiSpace', { workspaceId: 'ws1' }]], printed: { id: ' ws1 ', name: '产品文档库' },
    });
  });

  it('wiki +space-create reads the new id trimmed, reads it back and prints the read-back object as space', async () => {
    outputs.answer('wiki/create_wikiSpace', { success: true, result: { workspaceId: ' ws9 ' } });
    outputs.answer('wiki/get_wikiSpace', { result: { workspaceId: 'ws9', name: '产品文档库' } });
    expect(await sent(['wiki', '+space-create', '--name', ' 产品文档库 ', '--desc', ''])).toEqual({
      ...ok,
      calls: [['wiki/create_wikiSpace', { name: '产品文档库', description: '' }], ['wiki/get_wikiSpace', { workspaceId: 'ws9' }]],
      printed: { success: true, workspaceId: 'ws9', space: { workspaceId: 'ws9', name: '产品文档库' } },
    });
  });

  it('wiki +move-to-drive prints the read-back object once its workspace changed and its folder is --folder', async () => {
    outputs.answersInTurn('doc/get_document_info', { result: { nodeId: 'n1', spaceId: 'ws1' } }, { data: { nodeId: 'n1', workspaceId: 'my1', parentId: 'f9' } });
    outputs.answer('doc/move_document', { success: true });
    expect(await sent(['wiki', '+move-to-drive', '--node', 'n1', '--folder', 'f9', '--yes'])).toEqual({
      ...ok,
      calls: [['doc/get_document_info', { nodeId: 'n1' }], ['doc/move_document', { nodeId: 'n1', targetFolderId: 'f9' }], ['doc/get_document_info', { nodeId: 'n1' }]],
      printed: { success: true, nodeId: 'n1', node: { nodeId: 'n1', workspaceId: 'my1', parentId: 'f9' } },
    });
  });

  it('wiki +move-to-drive with a typed blank --folder accepts a read-back that names no folder', async () => {
    outputs.answersInTurn('doc/get_document_info', { nodeId: 'n1', workspaceId: 'ws1' }, { nodeId: 'n1', workspaceId: 'my1' });
    outputs.answer('doc/move_document', { success: true });
    expect((await sent(['wiki', '+move-to-drive', '--node', 'n1', '--folder', '', '--yes'])).printed).toEqual({ success: true, nodeId: 'n1', node: { nodeId: 'n1', workspaceId: 'my1', success: true } });
  });
});

describe('wiki member shortcuts print the write summary (memberWrite, internal/shortcut/wiki/wiki.go:159-194)', () => {
  it('wiki +member-add prints success, the trimmed workspace, the user count and the verification note', async () => {
    outputs.answer('wiki/add_member', { success: true, result: { x: 1 } });
    expect(await sent(['wiki', '+member-add', '--workspace', ' ws1 ', '--users', 'u1, u2', '--role', 'READER'])).toEqual({
      ...ok,
      calls: [['wiki/add_member', { workspaceId: 'ws1', userIds: ['u1', ' u2'], roleId: 'READER' }]],
      printed: {
        success: true, workspaceId: 'ws1', userCount: 2, operation: 'add_member', verifiedBy: 'write_terminal_success',
        verification: { status: 'terminal_response_only', readbackAvailable: false, reason: 'member_list_is_capped_and_has_no_cursor' },
      },
    });
  });

  it('wiki +member-remove through the --user alias names remove_member', async () => {
    outputs.answer('wiki/remove_member', { success: true });
    expect((await sent(['wiki', '+member-remove', '--workspace', 'ws1', '--user', 'u1'])).printed).toEqual({
      success: true, workspaceId: 'ws1', userCount: 1, operation: 'remove_member', verifiedBy: 'write_terminal_success',
      verification: { status: 'terminal_response_only', readbackAvailable: false, reason: 'member_list_is_capped_and_has_no_cursor' },
    });
  });
});

describe('dev app leaves read a multiProfile answer first (devAppMultiProfileResult, internal/helpers/devapp.go:2065-2156)', () => {
  it('dev app credentials get refuses an answer whose only profile failed, printing nothing', async () => {
    outputs.answer('devapp/get_dev_app_credentials', { success: true, result: { multiProfile: true, profiles: [{ selector: 'p1', ok: false }] } });
    expect(await sent(['dev', 'app', 'credentials', 'get', '--unified-app-id', ' app1 '])).toEqual({
      reason: 'backend_error', category: 'backend', calls: [['devapp/get_dev_app_credentials', { unifiedAppId: 'app1' }]], printed: undefined,
    });
  });

  it('dev app webapp get prints an answer whose profile succeeded as it came, unwrapped', async () => {
    outputs.answer('devapp/get_extension_webapp_config', { success: true, result: { multiProfile: true, profiles: [{ selector: 'p1', ok: true }] } });
    expect(await sent(['dev', 'app', 'webapp', 'get', '--unified-app-id', 'app1'])).toEqual({
      ...ok, calls: [['devapp/get_extension_webapp_config', { unifiedAppId: 'app1' }]], printed: { multiProfile: true, profiles: [{ selector: 'p1', ok: true }] },
    });
  });
});
