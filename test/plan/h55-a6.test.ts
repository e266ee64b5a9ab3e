// Session 55 helper a6, second reading of seed 20261466 (issue 32, notes/h55-a6.md). All 30 drawn commands sent what
// their upstream bodies at c7521c1c send, so nothing here is a fix: these are regression pins for edges this reading
// checked by hand (the chat conversation-id migration's trim, wiki node list's pflag Int and ignored cursor spellings,
// the category title's rune count, parseCSVValues and parseCSVIntsStrict lists, oa +list-pending's list probe order,
// drive star list's StringSlice flags, dev app delete's name reading, +chat-members-get's open-id check). Each runs
// against the recording backend on 127.0.0.1 and would fail if the behaviour moved away from upstream's.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { mcp, sent } = useOutputRuns('dws-h55a6-');

// A current-format openDingTalkId: "D" and the escaped Base64 of 8 zero bytes (targetresolver/resolver.go:304-323).
const OPEN_ID = 'DAAAAAAAAAAAiE';

describe('chat group-role update (helpers/chat.go:7602-7655; migration :240-262, :419-470@c7521c1c)', () => {
  it('sends a padded --conversation-id trimmed (the migration sets the trimmed value), the others as typed', async () => {
    const run = await sent(['chat', 'group-role', 'update', '--conversation-id', ' c ', '--role-id', ' r', '--name', ' n ']);
    expect(run.calls).toEqual([['im/update_custom_group_role', { openConversationId: 'c', openRoleId: ' r', name: ' n ' }]]);
  });

  it('a blank --conversation-id is filled from --group; alone it is sent as typed (the required check reads the raw text)', async () => {
    const folded = await sent(['chat', 'group-role', 'update', '--conversation-id', ' ', '--group', ' g ', '--role-id', 'r', '--name', 'n']);
    expect(folded.calls).toEqual([['im/update_custom_group_role', { openConversationId: 'g', openRoleId: 'r', name: 'n' }]]);
    const alone = await sent(['chat', 'group-role', 'update', '--conversation-id', ' ', '--role-id', 'r', '--name', 'n']);
    expect(alone.calls).toEqual([['im/update_custom_group_role', { openConversationId: ' ', openRoleId: 'r', name: 'n' }]]);
  });
});

describe('wiki node list (helpers/wiki.go:862-938, :1304-1309; cross_product_aliases.go:44-82@c7521c1c)', () => {
  it.each([
    ['0x10', 16],
    ['010', 8],
    ['1_0', 10],
  ])('--limit %j is read as pflag Int reads it (%j)', async (typed, pageSize) => {
    const run = await sent(['wiki', 'node', 'list', '--workspace', 'w', '--limit', typed]);
    expect(run.calls).toEqual([['doc/list_nodes', { workspaceId: 'w', pageSize }]]);
  });

  it('--next-token is accepted and not read; --page-token is; the parent aliases fold, untrimmed', async () => {
    const run = await sent(['wiki', 'node', 'list', '--workspace-id', ' w ', '--parent-folder', ' f ', '--next-token', 'n']);
    expect(run.calls).toEqual([['doc/list_nodes', { workspaceId: ' w ', folderId: ' f ' }]]);
    const paged = await sent(['wiki', 'node', 'list', '--workspace', 'w', '--page-token', ' p']);
    expect(paged.calls).toEqual([['doc/list_nodes', { workspaceId: 'w', pageToken: ' p' }]]);
  });
});

describe('chat category create (helpers/chat.go:171-185, :5277-5294@c7521c1c)', () => {
  it('counts runes, not UTF-16 units or graphemes: 15 emoji pass, 8 e+U+0301 pairs (16 runes) are refused', async () => {
    const emoji = '😀'.repeat(15);
    const ok = await sent(['chat', 'category', 'create', '--title', emoji]);
    expect(ok.calls).toEqual([['im/create_conv_category', { title: emoji }]]);
    const combining = await sent(['chat', 'category', 'create', '--title', 'e\u0301'.repeat(8)]);
    expect(combining.calls).toEqual([]);
    expect(combining.reason).toBeDefined();
  });
});

describe('chat category create-smart (helpers/chat.go:10174-10242; parseCSVValues contact.go:20-45@c7521c1c)', () => {
  it('reads both lists with parseCSVValues (quotes stripped, a non-text JSON list split as text)', async () => {
    const run = await sent(['chat', 'category', 'create-smart', '--name', ' n\u0085', '--keywords', ' "a", b ,', '--members', '["x", 1]']);
    expect(run.calls).toEqual([['im/create_smart_conv_category', { categoryName: 'n', groupNameKeywords: ['a', 'b'], memberOpenDingTalkIds: ['x', '1'] }]]);
  });

  it('refuses a given list with no value in it', async () => {
    const run = await sent(['chat', 'category', 'create-smart', '--name', 'n', '--keywords', ' , ']);
    expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
  });
});

describe('contact account create (helpers/contact.go:1663-1694, parseCSVIntsStrict :2013-2028@c7521c1c)', () => {
  it('reads --dept-ids as base-10 integers with a sign; 010 is 10', async () => {
    const run = await sent(['contact', 'account', 'create', '--org-user-name', ' a ', '--login-id', 'b', '--dept-ids', '010, +2,-3', '--yes']);
    expect(run.calls).toEqual([['contact/exclusive_account_create', { orgUserName: 'a', loginId: 'b', deptIds: [10, 2, -3] }]]);
  });

  it.each(['0x1', '1_0', '1,,2'])('refuses --dept-ids %j before any call', async (typed) => {
    const run = await sent(['contact', 'account', 'create', '--org-user-name', 'a', '--login-id', 'b', '--dept-ids', typed, '--yes']);
    expect(run.calls).toEqual([]);
    expect(run.reason).toBeDefined();
  });
});

describe('oa +list-pending (shortcut/oa/oa.go:24-99, oaInstanceResolveList :390-416, oaInstanceProjectItem :421-436@c7521c1c)', () => {
  it('takes result.values before result.data, skips non-objects and empty rows, keeps a null field', async () => {
    mcp.answers['oa/list_pending_approvals'] = () => ({
      result: { data: [{ id: 1 }], values: [{ processInstanceId: 'p', name: 'n', result: 'agree', gmtCreate: null, x: 1 }, 7, {}] },
    });
    const run = await sent(['oa', '+list-pending', '--start', '0x10', '--end', '010', '--page', ' 1', '--limit', '', '--query', ' q ']);
    expect(run.calls).toEqual([['oa/list_pending_approvals', { starTime: 16, endTime: 8, pageNum: '1', pageSize: '', query: 'q' }]]);
    expect(run.printed).toEqual({ count: 1, instances: [{ processInstanceId: 'p', title: 'n', status: 'agree', createTime: null }] });
  });

  it('a result that is neither a list nor an object falls through to data', async () => {
    mcp.answers['oa/list_pending_approvals'] = () => ({ result: 'x', data: { tasks: [{ title: 't' }] } });
    const run = await sent(['oa', '+list-pending', '--start', '1', '--end', '2']);
    expect(run.printed).toEqual({ count: 1, instances: [{ title: 't' }] });
  });
});

describe('drive star list (helpers/drive.go:3121-3185, :3292-3300@c7521c1c)', () => {
  it('sends the StringSlice flags as pflag splits them (untrimmed, CSV quotes), --limit only when > 0', async () => {
    const run = await sent(['drive', 'star', 'list', '--limit', '0x10', '--cursor', ' ', '--order-by', ' c', '--sort', '',
      '--resource-types', ' DENTRY, ,TEAM', '--content-types', '"doc,x",sheet']);
    expect(run.calls).toEqual([['drive/get_star_list', {
      limit: 16, cursor: ' ', orderBy: ' c', supportResourceTypes: [' DENTRY', ' ', 'TEAM'], contentTypes: ['doc,x', 'sheet'],
    }]]);
  });

  it('an empty slice is left out, a lone comma is two empty texts; --page-size and --page-token are not read', async () => {
    const run = await sent(['drive', 'star', 'list', '--limit', '-1', '--content-types', '', '--resource-types', ',', '--page-size', '5', '--page-token', 'p']);
    expect(run.calls).toEqual([['drive/get_star_list', { supportResourceTypes: ['', ''] }]]);
  });
});

describe('dev app delete (helpers/devapp.go:706-808@c7521c1c)', () => {
  it('compares the trimmed --confirm-name with the name as answered (untrimmed)', async () => {
    mcp.answers['devapp/get_dev_app'] = () => ({ result: { name: ' App' } });
    const run = await sent(['dev', 'app', 'delete', '--unified-app-id', 'u', '--confirm-name', ' App ', '--yes']);
    expect(run.calls).toEqual([['devapp/get_dev_app', { unifiedAppId: 'u' }]]);
    expect(run.reason).toBe('invalid_parameter');
  });

  it('a name that is not a text falls back to appName', async () => {
    mcp.answers['devapp/get_dev_app'] = () => ({ result: { name: 5, appName: 'A' } });
    const run = await sent(['dev', 'app', 'delete', '--unified-app-id', ' u ', '--confirm-name', 'A', '--yes']);
    expect(run.calls).toEqual([['devapp/get_dev_app', { unifiedAppId: 'u' }], ['devapp/delete_dev_app', { unifiedAppId: 'u' }]]);
  });
});

describe('chat +chat-members-get (shortcut/chat/chat_group.go:399-421; chat.go:54-64@c7521c1c)', () => {
  it('sends the pflag slice as split (an empty part kept), the id trimmed into both keys', async () => {
    const run = await sent(['chat', '+chat-members-get', '--id', ' c ', '--users', `${OPEN_ID},,${OPEN_ID}`]);
    expect(run.calls).toEqual([['im/list_group_member_by_ids', { openConversationId: 'c', cid: 'c', memberOpenDingTalkIds: [OPEN_ID, '', OPEN_ID] }]]);
  });

  it.each([` ${OPEN_ID}`, 'DAAAAAAAAAAA=', ','])('refuses --users %j before any call', async (typed) => {
    const run = await sent(['chat', '+chat-members-get', '--id', 'c', '--users', typed]);
    expect(run.calls).toEqual([]);
    expect(run.reason).toBeDefined();
  });
});
