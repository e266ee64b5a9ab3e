// What the chat commands p-chat pre-audited print (issue 32), as upstream's bodies at c7521c1c do, run as a user
// types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pchat-');
const { sent } = outputs;

describe('chat +chat-create prints the created conversation as normalizeCreatedConversation leaves it', () => {
  it('renames result.openCid to openConversationId and drops cid (lark_alignment.go:124-127, :161-171)', async () => {
    outputs.answer('contact/get_current_user_profile', { result: { orgEmployeeModel: { userId: 'me1' } } });
    outputs.answer('im/create_group_conversation', { result: { openCid: 'cidN', cid: '123', title: '项目' } });
    expect(await sent(['chat', '+chat-create', '--name', '项目', '--users', 'u1', '--yes'])).toEqual({
      reason: undefined, category: undefined,
      calls: [
        ['contact/get_current_user_profile', {}],
        ['im/create_group_conversation', { groupName: '项目', groupMembers: ['me1', 'u1'], groupType: 'INTERNAL' }],
      ],
      printed: { result: { openConversationId: 'cidN', title: '项目' }, success: true }, // h56-wd: the runner's stamp (app/runner.go:774-783@c7521c1c)
    });
  });

  it('prints an answer whose result is not an object as it came (normalizeCreatedConversation returns early)', async () => {
    outputs.answer('im/create_group_conversation', { result: 'ok', success: true });
    expect((await sent(['chat', '+chat-create', '--name', '项目', '--users', 'u1', '--owner-open-dingtalk-id', 'Db3BlbmlkMDEiE', '--yes'])).printed)
      .toEqual({ result: 'ok', success: true });
  });

  it('refuses --users holding only blanks before any call, as AtLeastOne counts no blank list (corecmd.go:1107-1121)', async () => {
    // the validator's one-of group refuses first (f-valid: a list of blanks is not given)
    expect(await sent(['chat', '+chat-create', '--name', '项目', '--users', ',', '--yes'])).toEqual({
      reason: 'constraint_violation', category: 'validation', calls: [], printed: undefined,
    });
  });
});
