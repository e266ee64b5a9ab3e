// Session 36 second reading, part a3 (issue 32): where a drawn command still differed from upstream's body at
// c7521c1c, run as a user types it against the recording backend on 127.0.0.1 (notes/h36-a3.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h36a3-');
const { sent } = outputs;

const memberCalls = (r: Awaited<ReturnType<typeof sent>>) =>
  r.calls.filter((c) => c[0] === 'chat/get_group_members').map((c) => c[1]);

// collectGroupUserMembers (shortcut/smart/group_members.go:274-339@c7521c1c): the next page's cursor is
// strings.TrimSpace(fmt.Sprint(page["nextCursor"])) (:323), a text whatever JSON type the answer gave, and the bucket's
// nextCursor is that text (:333). +chat-members-list and +group-members read the users bucket alike.
describe('chat +chat-members-list / +group-members: the next cursor is sent as Go\'s trimmed fmt.Sprint text (group_members.go:323-335@c7521c1c)', () => {
  const pages = (next: unknown) => [
    { result: { list: [{ memberEmpName: 'a', openDingtalkId: 'o1' }], hasMore: true, nextCursor: next } },
    { result: { list: [{ memberEmpName: 'b', openDingtalkId: 'o2' }], hasMore: false } },
  ];
  it.each([
    [5, '5'],
    [1e21, '1e+21'],
    [1.5, '1.5'],
    [' abc ', 'abc'],
    [true, 'true'],
  ])('a nextCursor of %j is sent as %j', async (next, text) => {
    outputs.answersInTurn('chat/get_group_members', ...pages(next));
    const r = await sent(['chat', '+chat-members-list', '--conversation-id', 'c1', '--member-types', 'user']);
    expect(r.reason).toBeUndefined();
    expect(memberCalls(r)).toEqual([{ openconversation_id: 'c1', cursor: '0' }, { openconversation_id: 'c1', cursor: text }]);
  });
  it('a page cut by --page-limit prints the text cursor as the bucket\'s nextCursor', async () => {
    outputs.answersInTurn('chat/get_group_members', ...pages(7));
    const r = await sent(['chat', '+chat-members-list', '--conversation-id', 'c1', '--member-types', 'user', '--page-limit', '1']);
    expect(memberCalls(r)).toHaveLength(1);
    const printed = r.printed as { nextCursor: unknown; buckets: { users: { nextCursor: unknown; stopReason: string } } };
    expect(printed.nextCursor).toBe('7');
    expect(printed.buckets.users).toMatchObject({ nextCursor: '7', stopReason: 'page_limit' });
  });
  it('+group-members sends the same text cursor', async () => {
    outputs.answer('im/search_groups', { result: { groups: [{ openConversationId: 'cidG', title: '项目冲刺' }] }, hasMore: false });
    outputs.answersInTurn('chat/get_group_members', ...pages(42));
    const r = await sent(['chat', '+group-members', '--group', '项目冲刺']);
    expect(r.reason).toBeUndefined();
    expect(memberCalls(r).map((a) => (a as { cursor: unknown }).cursor)).toEqual(['0', '42']);
  });
});

// resolveMemberTypes (shortcut/smart/group_members.go:376-395@c7521c1c) reads each element of pflag's StringSlice as it
// is (ToLower(TrimSpace(value)), blanks skipped): an element is never split again, so a quoted CSV field holding a comma
// ("user,bot") is one value upstream refuses; plain commas and repeated flags are still separate elements.
describe('chat +chat-members-list --member-types: each StringSlice element read whole (group_members.go:376-395@c7521c1c)', () => {
  const buckets = async (...types: string[]) => {
    outputs.answer('chat/get_group_members', { result: { list: [], hasMore: false } });
    outputs.answer('bot/list_group_bots', { result: { bots: [] } });
    const r = await sent(['chat', '+chat-members-list', '--conversation-id', 'c1', ...types.flatMap((t) => ['--member-types', t])]);
    return r.reason ?? r.calls.map((c) => c[0]).sort();
  };
  it('a quoted element holding a comma is refused before any call', async () => {
    expect(await buckets('"user,bot"')).toBe('invalid_parameter');
    expect(await buckets('"user, bot",bot')).toBe('invalid_parameter');
  });
  it('plain commas, padded and repeated elements, case and blanks read as upstream', async () => {
    expect(await buckets('user,bot')).toEqual(['bot/list_group_bots', 'chat/get_group_members']);
    expect(await buckets(' USERS ')).toEqual(['chat/get_group_members']);
    expect(await buckets('bot', 'Users')).toEqual(['bot/list_group_bots', 'chat/get_group_members']);
    expect(await buckets('"bot",')).toEqual(['bot/list_group_bots']);
    expect(await buckets(' , ')).toBe('invalid_parameter');
    expect(await buckets('')).toEqual(['bot/list_group_bots', 'chat/get_group_members']);
  });
  it('property: a single element naming one kind, in any case and padding, reads that bucket alone', async () => {
    await fc.assert(fc.asyncProperty(
      fc.constantFrom('user', 'users', 'bot', 'bots'), fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
      fc.constantFrom('', ' ', '\t'), fc.constantFrom('', ' ', '\u3000'),
      async (kind, upper, left, right) => {
        const typed = [...kind].map((ch, i) => (upper[i % 5] ? ch.toUpperCase() : ch)).join('');
        const want = kind.startsWith('user') ? ['chat/get_group_members'] : ['bot/list_group_bots'];
        expect(await buckets(`"${left}${typed}${right}"`)).toEqual(want);
      }), { numRuns: 12 });
  });
});

// ChatMembersList.Execute (shortcut/smart/group_members.go:170-178@c7521c1c) hands --group and --chat-query to
// targetresolver.ResolveChatTarget (resolver.go:588-624@c7521c1c), which takes a trimmed --chat-query that looks like an
// openConversationId (`cid` and at least 12 bytes) as the group itself, as it does --group: no search, that id sent.
describe('chat +chat-members-list --chat-query <openConversationId>: the id is the group (resolver.go:588-624@c7521c1c)', () => {
  it('both buckets are read for the typed id, trimmed, without a search', async () => {
    outputs.answer('chat/get_group_members', { result: { list: [], hasMore: false } });
    outputs.answer('bot/list_group_bots', { result: { bots: [] } });
    const r = await sent(['chat', '+chat-members-list', '--chat-query', ' cid123456789AB ']);
    expect(r.reason).toBeUndefined();
    expect(r.calls).toEqual([
      ['chat/get_group_members', { openconversation_id: 'cid123456789AB', cursor: '0' }],
      ['bot/list_group_bots', { openConversationId: 'cid123456789AB' }],
    ]);
    expect((r.printed as { conversationId: unknown }).conversationId).toBe('cid123456789AB');
  });
  it('a --chat-query that does not look like an id is still searched by name', async () => {
    outputs.answer('im/search_groups', { result: { groups: [{ openConversationId: 'cidQ', title: '项目' }] }, hasMore: false });
    outputs.answer('bot/list_group_bots', { result: { bots: [] } });
    const r = await sent(['chat', '+chat-members-list', '--chat-query', ' 项目 ', '--member-types', 'bot']);
    expect(r.calls.map((c) => c[0])).toEqual(['im/search_groups', 'bot/list_group_bots']);
    expect(r.calls[1][1]).toEqual({ openConversationId: 'cidQ' });
  });
});

// normalizeChatListTypes (shortcut/chat/lark_alignment.go:1308-1329@c7521c1c, from validateChatList :979 and
// executeChatList :1000) reads each StringSlice element whole, TrimSpace(ToLower(value)): an empty element is refused,
// and so is a quoted field holding a comma; a sibling of #19's --member-types (same csv_to_list re-split).
describe('chat +chat-list --types: each StringSlice element read whole, a blank one refused (lark_alignment.go:1308-1329@c7521c1c)', () => {
  const page = { result: { conversationList: [{ openConversationId: 'c1', name: 'g', singleChat: false }, { openConversationId: 'c2', name: 'p', singleChat: true }], hasMore: false } };
  it.each([['group,'], [' '], ['"group,p2p"'], [',p2p']])('--types %j is refused before any call', async (types) => {
    const r = await sent(['chat', '+chat-list', '--types', types]);
    expect(r.reason).toBe('invalid_parameter');
    expect(r.calls).toEqual([]);
  });
  it('cased, padded and repeated elements keep their kinds; a typed "" is the default (groups)', async () => {
    outputs.answer('im/list_all_conversations', page);
    const both = await sent(['chat', '+chat-list', '--types', 'GROUP', '--types', ' P2p ', '--types', 'group']);
    expect(both.reason).toBeUndefined();
    expect((both.printed as { requestedTypes: string[]; count: number })).toMatchObject({ requestedTypes: ['group', 'p2p'], count: 2 });
    const dflt = await sent(['chat', '+chat-list', '--types', '']);
    expect((dflt.printed as { requestedTypes: string[]; count: number })).toMatchObject({ requestedTypes: ['group'], count: 1 });
  });
});

// callWhiteboardTool (helpers/whiteboard.go:303-342@c7521c1c) decodes a non-blank resultJson text with a json.Decoder
// using UseNumber (:326-333) and prints it: every number literal is kept as written, one beyond float64 included
// (json.Number holds the literal; the encoder writes it back). Whiteboard query and update share the step.
describe('whiteboard query: resultJson numbers printed as written (whiteboard.go:326-341@c7521c1c)', () => {
  const { answerText } = outputs;
  const printedText = async (resultJson: string) => {
    answerText('read_whiteboard_content', JSON.stringify({ resultJson }));
    const outcome = await sent(['whiteboard', 'query', '--node', 'n', '--part-id', 'p']);
    return outcome;
  };
  it('a literal beyond float64, a 1.0 and a long integer inside resultJson are printed as written, exit 0', async () => {
    answerText('read_whiteboard_content', JSON.stringify({ resultJson: '{"a":1e400,"b":1.0,"c":12345678901234567890,"d":[1.50]}' }));
    const { dispatchInProcess } = await import('../helpers.js');
    const out = await dispatchInProcess(['whiteboard', 'query', '--node', 'n', '--part-id', 'p'], outputs.env());
    expect(out.error).toBeUndefined();
    expect(out.out).toContain('"resultJson":{"a":1e400,"b":1.0,"c":12345678901234567890,"d":[1.50]}');
  });
  it('a resultJson that is only a number beyond float64 prints it; one that is not JSON still fails the command', async () => {
    expect((await printedText('1e400')).reason).toBeUndefined();
    const bad = await printedText('{"a":');
    expect(bad.reason).toBe('backend_error');
    expect(bad.printed).toBeUndefined();
  });
});
