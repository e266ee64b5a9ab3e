// What the commands audit-30o-b fixed send, refuse and read (issue 32, a-o2), as upstream's bodies at c7521c1c do,
// run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, shippedEngine } from '../helpers.js';
import { validatePlans } from '../../src/plan/validate.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-ao2-');
const { mcp } = outputs;

/** A run's refusal reason (undefined when it succeeded) and the calls it sent, as `server/rpc` with their arguments. */
async function sent(argv: string[]) {
  mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, outputs.env());
  return { reason: outcome.error?.reason, calls: mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments]) };
}

const OPEN1 = 'DbWVtYmVyMDEiE';

describe('chat +chat-mute-member refuses what resolveMuteMemberOpenIDs and the mute check refuse (chat/chat_group.go:1533-1645)', () => {
  it('muting without a positive --mute-time is refused before the write (:1560-1564); --off needs none', async () => {
    expect(await sent(['chat', '+chat-mute-member', '--group', 'cid1', '--users', OPEN1, '--yes']))
      .toEqual({ reason: 'invalid_parameter', calls: [] });
    expect(await sent(['chat', '+chat-mute-member', '--group', 'cid1', '--users', OPEN1, '--mute-time', '0', '--yes']))
      .toEqual({ reason: 'invalid_parameter', calls: [] });
    expect(await sent(['chat', '+chat-mute-member', '--group', 'cid1', '--users', OPEN1, '--off', '--yes'])).toEqual({
      reason: undefined,
      calls: [['im/set_group_member_mute_list', { openConversationId: 'cid1', cid: 'cid1', mute: false, openDingTalkIds: [OPEN1] }]],
    });
  });

  it('a contact name that no member of the group carries is refused, even when the group has one member (:1636-1645)', async () => {
    outputs.answer('contact/get_user_info_by_user_ids', { result: [{ orgEmployeeModel: { orgUserId: 'u1', orgUserName: '王五' } }] });
    outputs.answer('chat/get_group_members', { result: { list: [{ memberEmpName: '赵六', openDingtalkId: 'Db3BlbmlkMDMiE' }], hasMore: false } });
    const { reason, calls } = await sent(['chat', '+chat-mute-member', '--group', 'cid1', '--users', 'u1', '--mute-time', '60000', '--yes']);
    expect(reason).toBe('not_found');
    expect(calls.map(([rpc]) => rpc)).toEqual(['contact/get_user_info_by_user_ids', 'chat/get_group_members']);
  });

  it('a requested userId the contact answer gives no name for is refused before the members are read (:1583-1601)', async () => {
    outputs.answer('contact/get_user_info_by_user_ids', { result: [{ orgEmployeeModel: { orgUserId: 'u1', orgUserName: '王五' } }] });
    outputs.answer('chat/get_group_members', { result: { list: [{ memberEmpName: '王五', openDingtalkId: 'Db3BlbmlkMDMiE' }], hasMore: false } });
    expect(await sent(['chat', '+chat-mute-member', '--group', 'cid1', '--users', 'u1,u2', '--mute-time', '60000', '--yes'])).toEqual({
      reason: 'invalid_parameter',
      calls: [['contact/get_user_info_by_user_ids', { user_id_list: ['u1', 'u2'] }]],
    });
  });

  it('members are read under their spellings, trimmed, and two rows of one openDingTalkId are one member (:1604-1621)', async () => {
    outputs.answer('contact/get_user_info_by_user_ids', { result: [{ orgEmployeeModel: { orgUserId: 'u1', name: ' 王五 ' } }] });
    outputs.answer('chat/get_group_members', { result: { list: [
      { name: ' 王五 ', openDingTalkId: 'Db3BlbmlkMDMiE' },
      { empName: '王五', memberDingtalkId: ' Db3BlbmlkMDMiE ' },
      { memberEmpName: '王五' },
    ], hasMore: false } });
    const { reason, calls } = await sent(['chat', '+chat-mute-member', '--group', 'cid1', '--users', 'u1', '--off', '--yes']);
    expect(reason).toBeUndefined();
    expect(calls.at(-1)).toEqual(['im/set_group_member_mute_list', { openConversationId: 'cid1', cid: 'cid1', mute: false, openDingTalkIds: ['Db3BlbmlkMDMiE'] }]);
  });

  it('the resolved ids follow the order of --users, not of the contact answer (:1634-1647)', async () => {
    outputs.answer('contact/get_user_info_by_user_ids', { result: [
      { orgEmployeeModel: { orgUserId: 'u1', orgUserName: '王五' } },
      { orgEmployeeModel: { orgUserId: 'u2', orgUserName: '赵六' } },
    ] });
    outputs.answer('chat/get_group_members', { result: { list: [
      { memberEmpName: '王五', openDingtalkId: 'Db3BlbmlkMDMiE' },
      { memberEmpName: '赵六', openDingtalkId: 'Db3BlbmlkMDQiE' },
    ], hasMore: false } });
    const { reason, calls } = await sent(['chat', '+chat-mute-member', '--group', 'cid1', '--users', `u2,${OPEN1},u1`, '--mute-time', '60000', '--yes']);
    expect(reason).toBeUndefined();
    expect(calls.at(-1)).toEqual(['im/set_group_member_mute_list', {
      openConversationId: 'cid1', cid: 'cid1', mute: true, openDingTalkIds: [OPEN1, 'Db3BlbmlkMDQiE', 'Db3BlbmlkMDMiE'], muteTime: 60000,
    }]);
  });
});

describe('chat +messages-reply reads the original sender as resolveReplySender does (chat/lark_alignment.go:309-392)', () => {
  const reply = ['chat', '+messages-reply', '--conversation-id', 'cid1', '--message-id', 'm1', '--text', '收到', '--yes'];

  it('a looked-up message that gives no sender is refused before the reply is sent (:336)', async () => {
    outputs.answer('im/list_messages_by_ids', { result: [{ openMessageId: 'm1', content: 'hi' }] });
    expect(await sent(reply)).toEqual({
      reason: 'invalid_parameter',
      calls: [['im/list_messages_by_ids', { openMsgIds: ['m1'] }]],
    });
  });

  it('the sender may be spelled senderOpenDingtalkId or senderOpenId, trimmed (findMessageSenderOpenDingTalkID :376-392)', async () => {
    outputs.answer('im/list_messages_by_ids', { result: [{ openMessageId: 'm1', senderOpenDingTalkId: ' ', senderOpenId: ' Dsender ' }] });
    const { reason, calls } = await sent(reply);
    expect(reason).toBeUndefined();
    expect(JSON.parse((calls.at(-1)![1] as { content: string }).content)).toEqual({
      referenceOpenMessageId: 'm1', srcMsgSendOpenDingTalkId: 'Dsender', replyMsgType: 'text', content: '收到',
    });
  });

  it('the messages are the first list under result/data/messages/list/items/records (top, then inside result, data); another message\'s row is passed over; a sender object is read (:320-421)', async () => {
    outputs.answer('im/list_messages_by_ids', { result: { total: 2 }, data: { messages: [
      { openMessageId: 'm0', senderOpenDingTalkId: 'Dwrong' },
      'not a message',
      { msgId: ' m1 ', sender: { name: '甲', openDingtalkId: ' Dnested ' } },
    ] } });
    const { reason, calls } = await sent(reply);
    expect(reason).toBeUndefined();
    expect(JSON.parse((calls.at(-1)![1] as { content: string }).content)).toEqual({
      referenceOpenMessageId: 'm1', srcMsgSendOpenDingTalkId: 'Dnested', replyMsgType: 'text', content: '收到',
    });
  });

  it('a --ref-sender userId is compared trimmed with userId or userID, and two rows of one openDingTalkId are one (unified_send.go:522-561)', async () => {
    const argv = ['chat', '+messages-reply', '--conversation-id', 'cid1', '--ref-msg-id', 'm1', '--ref-sender', ' u1 ', '--text', 'ok', '--yes'];
    const senderOf = (calls: unknown[][]) => (JSON.parse((calls.at(-1)![1] as { content: string }).content) as Record<string, unknown>).srcMsgSendOpenDingTalkId;
    outputs.answer('contact/search_contact_by_key_word', { result: [{ userID: 'u1', openDingtalkId: ' Dperson ' }, { userId: 'u10', openDingTalkId: 'Dother' }] });
    const spelled = await sent(argv);
    expect(spelled.reason).toBeUndefined();
    expect(spelled.calls[0]).toEqual(['contact/search_contact_by_key_word', { keyword: 'u1' }]);
    expect(senderOf(spelled.calls)).toBe('Dperson');
    outputs.answer('contact/search_contact_by_key_word', { result: [{ userId: 'u1', openDingTalkId: 'Dperson', name: '甲' }, { userId: 'u1', openDingTalkId: 'Dperson', name: '甲(兼职)' }] });
    const twice = await sent(argv);
    expect(twice.reason).toBeUndefined();
    expect(senderOf(twice.calls)).toBe('Dperson');
  });
});

describe('chat +messages-reply prints the answer enriched as enrichReplyResult does (chat/lark_alignment.go:259-307)', () => {
  it('the reply identity is set over the answer; messageId, threadId and deliveryStatus are the first non-null, non-blank spelling, top level then result then data', async () => {
    outputs.answer('im/list_messages_by_ids', { result: [{ openMessageId: 'm1', senderOpenDingTalkId: 'Dsender' }] });
    outputs.answer('chat/send_personal_message', { success: true, contractVersion: 'old', result: { openMessageId: 'om1', status: ' ', threadId: null }, data: { sendStatus: 'SENT', topicId: 12 } });
    expect(await outputs.run(['chat', '+messages-reply', '--conversation-id', ' cid1 ', '--message-id', 'm1', '--text', '收到', '--yes'])).toEqual({
      success: true,
      result: { openMessageId: 'om1', status: ' ', threadId: null },
      data: { sendStatus: 'SENT', topicId: 12 },
      contractVersion: 'im.message-reply.v1',
      conversationId: 'cid1',
      referencedMessage: { messageId: 'm1', senderOpenDingTalkId: 'Dsender', resolutionSource: 'message_lookup' },
      messageId: 'om1',
      threadId: 12,
      deliveryStatus: 'SENT',
      deliveryStatusKnown: true,
    });
  });
  it('an answer naming no status says so; an explicit sender and the idempotency key are printed', async () => {
    outputs.answer('chat/send_personal_message', { success: true });
    expect(await outputs.run(['chat', '+messages-reply', '--conversation-id', 'cid1', '--ref-msg-id', 'm1', '--ref-sender', 'Db3BlbmlkMDIiE', '--text', 'ok', '--idempotency-key', 'k9', '--yes'])).toEqual({
      success: true,
      contractVersion: 'im.message-reply.v1',
      conversationId: 'cid1',
      referencedMessage: { messageId: 'm1', senderOpenDingTalkId: 'Db3BlbmlkMDIiE', resolutionSource: 'explicit' },
      idempotencyKey: 'k9',
      deliveryStatus: 'unknown',
      deliveryStatusKnown: false,
    });
  });
});

describe('a pick step takes a resolve\'s fields and distinct, checked at build as a resolve\'s', () => {
  const tools = shippedEngine().tools();
  const build = (pick: unknown) => validatePlans([{ file: 'multi-step/t.yaml', doc: { plans: { 'chat.shortcut_chat_mute_member': { facts: 't', steps: [
    { id: 'members', server: 'chat', rpc: 'get_group_members', effect: 'read', args: { openconversation_id: { flag: 'group' } } },
    { id: 'matched', pick },
    { id: 'mute', server: 'im', rpc: 'set_group_member_mute_list', effect: 'write', args: { openDingTalkIds: { from: 'matched', path: 'openDingtalkId' } } },
  ] } } } }], tools).problems.filter((p) => p.includes('pick')).join('\n');

  it('accepts keys with their paths and distinct: true; refuses an empty map, a key without paths and another distinct', () => {
    const items = { from: 'members', path: 'result.list' };
    expect(build({ items, value: 'openDingtalkId', fields: { openDingtalkId: ['openDingtalkId', 'openDingTalkId'] }, distinct: true })).toBe('');
    expect(build({ items, value: 'openDingtalkId', fields: {} })).toContain('pick.fields: must map each key to the list of paths');
    expect(build({ items, value: 'openDingtalkId', fields: { openDingtalkId: [] } })).toContain('pick.fields.openDingtalkId: a key');
    expect(build({ items, value: 'openDingtalkId', distinct: 'yes' })).toContain('pick.distinct: must be true');
  });
});
