// Session 42 second reading, part a6 (issue 32, notes/h42-a6.md, seed 20261376): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h42a6-');

/**
 * upstream chat +messages-recall with --conversation-id given (internal/shortcut/chat/chat_message.go:196-243@c7521c1c),
 * as a model: corecmd's ExactlyOne over msg-id, message-id, message-ids (corecmd.go:1103-1130: a text counts when not
 * blank once trimmed, a list when one element is), then the Validate hook's uniqueShortcutStrings over
 * [StrFirst(msg-id, message-id)] + the message-ids elements (trimmed, blanks dropped, repeats once) must hold one id.
 * The recall_message arguments, or 'refused'.
 */
function upstreamRecall(msgId: string | undefined, messageId: string | undefined, messageIds: string[] | undefined) {
  const nonBlank = (v: string | undefined) => v !== undefined && v.trim() !== '';
  const provided = [nonBlank(msgId), nonBlank(messageId), (messageIds ?? []).some(nonBlank)].filter(Boolean).length;
  if (provided !== 1) return 'refused';
  const first = [msgId, messageId].map((v) => (v ?? '').trim()).find((v) => v !== '') ?? '';
  const ids = [...new Set([first, ...(messageIds ?? [])].map((v) => v.trim()).filter((v) => v !== ''))];
  if (ids.length !== 1) return 'refused';
  return { openConversationId: 'c1', openMessageId: ids[0] };
}

describe('chat +messages-recall: the one-id check reads --msg-id/--message-id together with --message-ids (chat_message.go:204-213@c7521c1c)', () => {
  const argv = (flags: string[]) => ['chat', '+messages-recall', '--conversation-id', 'c1', ...flags, '--yes'];
  it('a --message-ids of only blank elements beside a --msg-id recalls the --msg-id message', async () => {
    expect(await outputs.argsOf(argv(['--msg-id', 'm1', '--message-ids', ' , ']))).toEqual([{ openConversationId: 'c1', openMessageId: 'm1' }]);
  });
  it('an empty --message-ids beside a --message-id recalls the --message-id message', async () => {
    expect(await outputs.argsOf(argv(['--message-id', 'm2', '--message-ids', '']))).toEqual([{ openConversationId: 'c1', openMessageId: 'm2' }]);
  });
  it('a --message-ids of two ids alone is still refused before any call', async () => {
    expect(await outputs.argsOf(argv(['--message-ids', 'm1,m2']))).toBe('invalid_parameter');
  });
  it('refuses or recalls as upstream does, for any spelling of the three flags', async () => {
    const text = fc.option(fc.constantFrom('m1', ' m1 ', 'm2', ' ', ''), { nil: undefined });
    const list = fc.option(fc.array(fc.constantFrom('m1', ' m1', 'm2', ' ', ''), { minLength: 1, maxLength: 3 }), { nil: undefined });
    await fc.assert(fc.asyncProperty(text, text, list, async (msgId, messageId, messageIds) => {
      const flags = [
        ...(msgId === undefined ? [] : ['--msg-id', msgId]),
        ...(messageId === undefined ? [] : ['--message-id', messageId]),
        ...(messageIds === undefined ? [] : ['--message-ids', messageIds.join(',')]),
      ];
      // pflag reads "" as the empty list and " " as one blank element (csv of one field)
      const parsed = messageIds === undefined ? undefined : messageIds.join(',') === '' ? [] : messageIds.join(',').split(',');
      const expected = upstreamRecall(msgId, messageId, parsed);
      const got = await outputs.argsOf(argv(flags));
      if (expected === 'refused') expect(typeof got).toBe('string');
      else expect(got).toEqual([expected]);
    }), { numRuns: 60 });
  });
});

describe('chat group create: the owner is read as getCurrentUserID reads the profile, through Go typed structs (helpers.go:521-561@c7521c1c)', () => {
  const argv = ['chat', 'group', 'create', '--name', 'n', '--users', 'a'];
  const membersOf = async (profile: unknown) => {
    outputs.answer('contact/get_current_user_profile', profile);
    const run = await outputs.sent(argv);
    return run.reason ?? (run.calls.find(([tool]) => tool === 'im/create_group_conversation')?.[1] as { groupMembers: string[] }).groupMembers;
  };
  it('keys spelled in another letter case still name the owner (encoding/json matches struct fields ignoring case)', async () => {
    expect(await membersOf({ Result: { UserID: 'me' } })).toEqual(['me', 'a']);
    expect(await membersOf({ RESULT: [{ OrgEmployeeModel: { USERID: 'me' } }] })).toEqual(['me', 'a']);
  });
  it('of two spellings of userId in result the later one is the owner (each key decoded in turn into the field)', async () => {
    expect(await membersOf({ result: { userId: 'u1', UserID: 'u2' } })).toEqual(['u2', 'a']);
  });
  it('a result object holding only orgEmployeeModel.userId names no owner: refused before the create', async () => {
    expect(await membersOf({ result: { orgEmployeeModel: { userId: 'me' } } })).toBe('invalid_parameter');
  });
  it('for any letter case of the keys, a list or an object result names the owner as upstream does', async () => {
    const spell = (k: string) => fc.constantFrom(k, k.toUpperCase(), k.toLowerCase(), k[0]!.toUpperCase() + k.slice(1));
    await fc.assert(fc.asyncProperty(spell('result'), spell('orgEmployeeModel'), spell('userId'), fc.boolean(), async (r, o, u, asList) => {
      const profile = asList ? { [r]: [{ [o]: { [u]: 'me' } }] } : { [r]: { [u]: 'me' } };
      expect(await membersOf(profile)).toEqual(['me', 'a']);
    }), { numRuns: 30 });
  });
});
