// Session 36 second reading, part a5 (issue 32): where a drawn command still differed from upstream's body at
// c7521c1c, run as a user types it against the recording backend on 127.0.0.1 (notes/h36-a5.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h36a5-');
const { sent } = outputs;

// groupMemberProject and groupBotProject (shortcut/smart/group_members.go:452-456, :416-420@c7521c1c) skip a list
// element that is not an object; every object becomes a row, its fields "" when absent.
describe('chat +chat-members-list / +group-members: a list element that is not an object is no row (group_members.go:416-420, :452-456@c7521c1c)', () => {
  const junk = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }));
  it('users and bots keep their objects only, in order', async () => {
    await fc.assert(fc.asyncProperty(fc.array(junk, { maxLength: 3 }), fc.array(junk, { maxLength: 3 }), async (userJunk, botJunk) => {
      outputs.answer('chat/get_group_members', { result: { list: [...userJunk, { name: 'A', openDingtalkId: 'o1' }, ...userJunk, { nick: 'n' }] }, hasMore: false });
      outputs.answer('bot/list_group_bots', { bots: [...botJunk, { robotName: 'r', botId: 'b1' }, ...botJunk] });
      const r = await sent(['chat', '+chat-members-list', '--conversation-id', 'cid123456789a']);
      expect(r.reason).toBeUndefined();
      const printed = r.printed as { users: unknown[]; bots: unknown[]; counts: Record<string, number> };
      expect(printed.users).toEqual([
        { name: 'A', nick: '', role: '', openDingtalkId: 'o1' },
        { name: '', nick: 'n', role: '', openDingtalkId: '' },
      ]);
      expect(printed.bots).toEqual([{ name: 'r', openDingtalkId: '', openBotId: 'b1', robotCode: '' }]);
      expect(printed.counts).toEqual({ users: 2, bots: 1, total: 3 });
    }), { numRuns: 6 });
  });
  it('+group-members reads its pages the same way', async () => {
    outputs.answer('im/search_groups', { result: [{ openConversationId: 'cidAAAAAAAAAAA', title: '项目群' }], hasMore: false });
    outputs.answer('chat/get_group_members', { members: [7, 'x', { name: 'B' }, null], hasMore: false });
    const r = await sent(['chat', '+group-members', '--group', '项目群']);
    expect(r.reason).toBeUndefined();
    expect((r.printed as { members: unknown[]; count: number })).toMatchObject({ members: [{ name: 'B', nick: '', role: '', openDingtalkId: '' }], count: 1 });
  });
});
