// What the composite commands audit-30w-b read print for the answers upstream's output code tells apart (issue 32,
// a-w2), as upstream's bodies at c7521c1c do, run as a user types them against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodesToObject } from '../../src/plan/executor.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-aw2-');
const { sent } = outputs;

describe('decodesToObject is CallMCPData\'s decode into a map (runner.go:255-271)', () => {
  it('holds exactly for an object, null, absent and a blank text', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      const want = v === null || (typeof v === 'string' && v.trim() === '') || (typeof v === 'object' && !Array.isArray(v));
      expect(decodesToObject(v)).toBe(want);
    }), { numRuns: 200 });
    expect([undefined, '', ' \n\t', {}, null].map(decodesToObject)).toEqual([true, true, true, true, true]);
    expect([[], 0, false, 'x', ' {} '].map(decodesToObject)).toEqual([false, false, false, false, false]);
  });
});

describe('devapp +version-check-approval prints what DevAppCommandResultFromPayload makes of the answer (frameworkUnified, helpers/devapp.go:1922-1943)', () => {
  const argv = ['devapp', '+version-check-approval', '--unified-app-id', ' U ', '--version-id', ' V '];
  const call = ['devapp/publish_dev_app_version', { unifiedAppId: 'U', versionId: 'V', precheckOnly: true }];

  it('unwraps the service result and numbers the approval candidates (normalizeDevAppVersionApproval)', async () => {
    outputs.answer('devapp/publish_dev_app_version', { success: true, result: { needApproval: true, approvalCandidates: [{ userId: 'u1', name: 'A', mainAdmin: true }, 'x'] } });
    expect(await sent(argv)).toEqual({
      reason: undefined, category: undefined, calls: [call],
      printed: {
        needApproval: true, approvalCandidates: [{ userId: 'u1', name: 'A', mainAdmin: true }, 'x'],
        approvalOptions: [{ index: 1, key: 'A', label: 'A（userId: u1）（主管理员）', mainAdmin: true, name: 'A', userId: 'u1' }],
      },
    });
  });

  it('a FAILED status or a success that is no boolean is the command\'s failure, after the one call', async () => {
    const runs = [];
    for (const answer of [{ success: true, result: { status: 'failed' } }, { success: 'yes' }]) {
      outputs.answer('devapp/publish_dev_app_version', answer);
      const r = await sent(argv);
      runs.push({ reason: r.reason, calls: r.calls, printed: r.printed });
    }
    expect(runs).toEqual([{ reason: 'backend_error', calls: [call], printed: undefined }, { reason: 'backend_error', calls: [call], printed: undefined }]);
  });
});

describe('chat +feed-group-query-item reads its one answer with CallMCPData (lark_alignment.go:860-864)', () => {
  const argv = ['chat', '+feed-group-query-item', '--category-id', '5', '--conversation-ids', 'c1'];
  it('refuses a list, a number, a boolean or a text after the call; null and a blank text list c1 as not found', async () => {
    const got = [];
    for (const answer of [[{ openConversationId: 'c1' }], 5, true, 'oops', null, '  ']) {
      outputs.answer('im/list_conversations_by_category', answer);
      const r = await sent(argv);
      got.push([r.reason, r.calls.length, (r.printed as { notFoundConversationIds?: unknown } | undefined)?.notFoundConversationIds]);
    }
    expect(got).toEqual([
      ['backend_error', 1, undefined], ['backend_error', 1, undefined], ['backend_error', 1, undefined], ['backend_error', 1, undefined],
      [undefined, 1, ['c1']], [undefined, 1, ['c1']],
    ]);
  });
});

describe('mail message share-to-chat decodes its first answer with json.Unmarshal into a map (mail.go:2379-2398)', () => {
  const argv = ['mail', 'message', 'share-to-chat', '--email', 'a@b.c', '--id', 'M1', '--yes'];
  const first = ['mail/share_message_to_chat', { email: 'a@b.c', id: 'M1' }];
  it('a blank text, a list or a number stops the command after the first call; null is printed as null', async () => {
    const got = [];
    for (const answer of ['', [{ sign: 'S' }], 1, null]) {
      outputs.answer('mail/share_message_to_chat', answer);
      got.push(await sent(argv));
    }
    const refused = { reason: 'backend_error', category: 'backend', calls: [first], printed: undefined };
    expect(got).toEqual([refused, refused, refused, { reason: undefined, category: undefined, calls: [first], printed: null }]);
  });

  it('a sign inside an object result sends the second call and prints its answer', async () => {
    outputs.answersInTurn('mail/share_message_to_chat', { result: { sign: 'S', riskMessage: 'r' } }, { done: 1 });
    expect(await sent(argv)).toEqual({ reason: undefined, category: undefined, calls: [first, ['mail/share_message_to_chat', { email: 'a@b.c', id: 'M1', sign: 'S' }]], printed: { done: 1 } });
  });
});

describe('chat +chat-create prints the create answer as CallMCPWriteData and normalizeCreatedConversation leave it (lark_alignment.go:118-123, :152-162)', () => {
  const argv = ['chat', '+chat-create', '--name', 'G', '--users', 'u1', '--yes'];
  const calls = [['contact/get_current_user_profile', {}], ['im/create_group_conversation', { groupName: 'G', groupMembers: ['me1', 'u1'], groupType: 'INTERNAL' }]];
  it('null prints null, a blank text {}, an object result renamed; a list is refused after the write', async () => {
    outputs.answer('contact/get_current_user_profile', { userId: 'me1' });
    const got = [];
    for (const answer of [null, ' ', { result: { openCid: 'x', cid: 'c', n: 1 }, ok: true }, [1]]) {
      outputs.answer('im/create_group_conversation', answer);
      const r = await sent(argv);
      got.push([r.reason, r.printed]);
      expect(r.calls).toEqual(calls);
    }
    // h56-wd: through the runner a blank text is the nil map too (null), and an object is stamped (app/runner.go:774-783,
    // app/tool_caller_adapter.go:141-193@c7521c1c)
    expect(got).toEqual([[undefined, null], [undefined, null], [undefined, { ok: true, result: { openConversationId: 'x', n: 1 }, success: true }], ['backend_error', undefined]]);
  });

  it('the current user is read as currentProfileUserID: candidates in order, orgEmployeeModel first, blanks skipped, texts trimmed', async () => {
    const profiles = [
      { result: [{ x: 1 }, { userId: ' a ' }, { orgEmployeeModel: { userId: 'b' } }] },
      { userId: ' ', orgEmployeeModel: { staffId: 's1' }, result: { userId: 'r' } },
      { result: { orgEmployeeModel: { userid: '' }, orgUserId: 7 } },
    ];
    const members = [];
    for (const p of profiles) {
      outputs.answer('contact/get_current_user_profile', p);
      outputs.answer('im/create_group_conversation', {});
      members.push(((await sent(argv)).calls[1][1] as { groupMembers: unknown }).groupMembers);
    }
    expect(members).toEqual([['a', 'u1'], ['s1', 'u1'], ['7', 'u1']]);
  });

  it('a profile with no userId anywhere is refused before the create; a profile answer that is a list too', async () => {
    const got = [];
    for (const p of [{ result: [{ name: 'x' }] }, [{ userId: 'me1' }]]) {
      outputs.answer('contact/get_current_user_profile', p);
      const r = await sent(argv);
      got.push([r.reason, r.calls.map((c) => c[0])]);
    }
    expect(got).toEqual([['invalid_parameter', ['contact/get_current_user_profile']], ['backend_error', ['contact/get_current_user_profile']]]);
  });
});

describe('chat +chat-members-list reads each bucket with CallMCPData (group_members.go:187-233, :285-301)', () => {
  const group = 'cidAAAAAAAAAAAA';
  it('a later users page that does not decode ends the users bucket with a read failure, as upstream\'s ledger', async () => {
    outputs.answersInTurn('chat/get_group_members', { result: { members: [{ name: 'a', openDingtalkId: 'D1' }] }, hasMore: true, nextCursor: '2' }, [1]);
    const r = await sent(['chat', '+chat-members-list', '--conversation-id', group, '--member-types', 'user']);
    const failure = { bucket: 'users', page: 2, stage: 'read', error: `page 2 failed (backend_error: chat.shortcut_chat_members_list: the answer of chat/get_group_members is not a JSON object, so it cannot be read (the upstream runner reads it as null))` };
    expect(r.printed).toEqual({
      contractVersion: 'im.group-members.v1', conversationId: group, users: [{ name: 'a', nick: '', role: '', openDingtalkId: 'D1' }], bots: [],
      errors: [failure], partial: true, counts: { users: 1, bots: 0, total: 1 },
      buckets: { users: { count: 1, pagesFetched: 1, complete: false, hasMore: true, partial: true, stopReason: 'read_failure', failedCount: 1, failures: [failure], nextCursor: '2' } },
      failedCount: 1, failures: [failure], complete: false, hasMore: true, nextCursor: '2',
    });
  });

  it('with both buckets, a first users page that does not decode is listed and the bots printed; bots alone failing is the error', async () => {
    outputs.answer('chat/get_group_members', 'oops');
    outputs.answer('bot/list_group_bots', { bots: [{ name: 'b', robotCode: 'r' }] });
    const both = await sent(['chat', '+chat-members-list', '--conversation-id', group]);
    const error = 'chat.shortcut_chat_members_list: the answer of chat/get_group_members is not a JSON object, so it cannot be read (the upstream runner reads it as null)';
    expect(both.printed).toEqual({
      contractVersion: 'im.group-members.v1', conversationId: group, users: [], bots: [{ name: 'b', openDingtalkId: '', openBotId: '', robotCode: 'r' }],
      errors: [{ bucket: 'users', stage: 'read', error }], partial: true, counts: { users: 0, bots: 1, total: 1 },
      buckets: { bots: { complete: true, count: 1 } }, failedCount: 1, failures: [{ bucket: 'users', stage: 'read', error }], complete: false, hasMore: false,
    });
    outputs.answer('bot/list_group_bots', [1]);
    const bots = await sent(['chat', '+chat-members-list', '--conversation-id', group, '--member-types', 'bot']);
    expect([bots.reason, bots.calls, bots.printed]).toEqual(['backend_error', [['bot/list_group_bots', { openConversationId: group }]], undefined]);
  });
});

