// What the chat commands p-chat4 pre-audited print (issue 32), as upstream's bodies at c7521c1c do, run as a user
// types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pchat4-');
const { sent } = outputs;

describe('chat +chat-role-list prints {count, roles} as chatRoleListProject (chat_group.go:1727-1755, :1137-1174)', () => {
  const roles = async (answer: unknown) => {
    outputs.answer('im/list_custom_group_roles', answer);
    return sent(['chat', '+chat-role-list', '--group', ' cid1 ']);
  };

  it('reduces each object row to openRoleId and name by their first present spelling, a null kept, and drops the rest', async () => {
    expect(await roles({ result: { roles: [{ openRoleId: 'r1', name: '班长', x: 1 }, { roleId: 'r2', roleName: '值日' }, { id: null }, 'str', { zzz: 1 }] } })).toEqual({
      reason: undefined, category: undefined,
      calls: [['im/list_custom_group_roles', { openConversationId: 'cid1' }]],
      printed: { count: 3, roles: [{ openRoleId: 'r1', name: '班长' }, { openRoleId: 'r2', name: '值日' }, { openRoleId: null }] },
    });
  });

  it('takes the first container holding a list, passing over one that holds none', async () => {
    expect((await roles({ result: { x: 1 }, data: { list: [{ title: 't', open_role_id: 'o' }] } })).printed)
      .toEqual({ count: 1, roles: [{ openRoleId: 'o', name: 't' }] });
    expect((await roles({ result: 'text', roles: [{ open_role_id: 'o2', title: null }] })).printed)
      .toEqual({ count: 1, roles: [{ openRoleId: 'o2', name: null }] });
  });

  it('prints no roles for an answer without a list', async () => {
    expect((await roles({ success: true })).printed).toEqual({ count: 0, roles: [] });
    expect((await roles({ result: [] })).printed).toEqual({ count: 0, roles: [] });
  });
});
