// Session 36 second reading, part a5 (issue 32): where a drawn command still differed from upstream's body at
// c7521c1c, run as a user types it against the recording backend on 127.0.0.1 (notes/h36-a5.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { problemsOf } from './fake-plan.js';

const outputs = useOutputRuns('dws-h36a5-');
const { sent, answerText } = outputs;

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

// writeMCPURLResult (app/mcp_url_command.go:120-140@c7521c1c): the first text block that is not blank is
// json.Unmarshal'd into any and printed; none is "MCP 元服务返回空结果" and text that is not JSON an invalid-JSON error.
describe('mcp url get: the answer must be one JSON text (app/mcp_url_command.go:120-140@c7521c1c; step key answer_json)', () => {
  it('a blank answer text fails the command, nothing printed', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom(' ', '\n', '\t', '\r'), { maxLength: 4 }).map((p) => p.join('')), async (blank) => {
      answerText('get_mcp_server_url', blank);
      const r = await sent(['mcp', 'url', 'get', '10043']);
      expect(r.calls).toEqual([['mcp-meta/get_mcp_server_url', { mcpId: '10043' }]]);
      expect(r.reason).toBe('backend_error');
      expect(r.printed).toBeUndefined();
    }), { numRuns: 6 });
  });
  it('text that is not JSON fails the command; any JSON value is printed as it decodes', async () => {
    await fc.assert(fc.asyncProperty(fc.string({ minLength: 1 }).filter((t) => t.trim() !== '' && (() => {
      try { JSON.parse(t); return false; } catch { return true; }
    })()), async (text) => {
      answerText('get_mcp_server_url', text);
      const r = await sent(['mcp', 'url', 'get', ' 7 ']);
      expect(r.reason).toBe('backend_error');
      expect(r.printed).toBeUndefined();
    }), { numRuns: 8 });
    for (const [text, value] of [['null', null], ['[1,2]', [1, 2]], ['"s"', 's'], [' {"mcpURL":"https://x?a=1&b=2"} ', { mcpURL: 'https://x?a=1&b=2' }]] as const) {
      answerText('get_mcp_server_url', text);
      const r = await sent(['mcp', 'url', 'get', '7']);
      expect(r.reason).toBeUndefined();
      expect(r.printed).toEqual(value);
    }
  });
  it('the build takes answer_json only as true on an MCP call', () => {
    const step = { id: 'call', server: 'contact', rpc: 'search_user', effect: 'read', args: { keyword: { flag: 'name' } } };
    expect(problemsOf({ facts: 't', steps: [{ ...step, answer_json: true }] })).toEqual([]);
    expect(problemsOf({ facts: 't', steps: [{ ...step, answer_json: 1 }] }).join()).toContain('answer_json: true');
    expect(problemsOf({ facts: 't', steps: [step, { id: 'v', value: { const: 1 }, answer_json: true }] }).join()).toContain('answer_json: only on an MCP call');
  });
});

// chat group bots (helpers/chat.go:7917-7923, :158-167@c7521c1c): validateRequiredFlags takes a blank --group, and
// resolveNativeChatTarget hands the trimmed "" to targetresolver.ResolveChat (resolver.go:472-499), which has no blank
// check: the group search is sent with keyword "" and one group found (or one with a blank title) is the target.
// The shortcuts' ResolveChatTarget (resolver.go:604-612) still refuses a blank name before any call.
describe('chat group bots --group <blank>: searched as "" (helpers/chat.go:158-167; resolver.go:472-499@c7521c1c; resolve blank: search)', () => {
  it('a blank --group searches keyword "" and lists the bots of the one group found', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom(' ', '\t', '\u3000', '\u0085'), { minLength: 1, maxLength: 3 }).map((p) => p.join('')), async (blank) => {
      outputs.answer('im/search_groups', { result: [{ openConversationId: 'cidAAAAAAAAAAA', title: '唯一的群' }], hasMore: false });
      outputs.answer('bot/list_group_bots', { bots: [{ name: 'b' }] });
      const r = await sent(['chat', 'group', 'bots', '--group', blank]);
      expect(r.reason).toBeUndefined();
      expect(r.calls).toEqual([
        ['im/search_groups', { keyword: '', limit: 10, cursor: '0' }],
        ['bot/list_group_bots', { openConversationId: 'cidAAAAAAAAAAA' }],
      ]);
      expect(r.printed).toEqual({ bots: [{ name: 'b' }] });
    }), { numRuns: 5 });
  });
  it('a group with a blank title is the exact match of a blank name; several others are ambiguous, none not found', async () => {
    outputs.answer('im/search_groups', { result: [{ openConversationId: 'cidA', title: 'a' }, { openConversationId: 'cidB' }], hasMore: false });
    expect((await sent(['chat', 'group', 'bots', '--group', ' '])).calls[1]).toEqual(['bot/list_group_bots', { openConversationId: 'cidB' }]);
    outputs.answer('im/search_groups', { result: [{ openConversationId: 'cidA', title: 'a' }, { openConversationId: 'cidB', title: 'b' }], hasMore: false });
    const two = await sent(['chat', 'group', 'bots', '--group', ' ']);
    expect(two.reason).toBe('ambiguous_match');
    expect(two.calls.map((c) => c[0])).toEqual(['im/search_groups']);
    outputs.answer('im/search_groups', { result: [], hasMore: false });
    expect((await sent(['chat', 'group', 'bots', '--group', ' '])).reason).toBe('not_found');
  });
  it('an empty --group is still refused, and so is a blank --group of chat +chat-bots (ResolveChatTarget)', async () => {
    const empty = await sent(['chat', 'group', 'bots', '--group', '']);
    expect(empty.reason).toBe('missing_parameter');
    expect(empty.calls).toEqual([]);
    const shortcut = await sent(['chat', '+chat-bots', '--group', ' ']);
    expect(shortcut.reason).toBe('invalid_parameter');
    expect(shortcut.calls).toEqual([]);
  });
  it('the build takes blank only as search beside chat_target', () => {
    const step = (resolve: unknown) => ({ facts: 't', steps: [{ id: 'g', server: 'im', rpc: 'search_groups', effect: 'read', args: { keyword: { flag: 'name' } }, resolve }] });
    expect(problemsOf(step({ chat_target: { flag: 'name' }, blank: 'search' }))).toEqual([]);
    expect(problemsOf(step({ chat_target: { flag: 'name' }, blank: true })).join()).toContain('blank: search');
  });
});
