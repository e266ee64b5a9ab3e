// p-chattrim (issue 32): which chat commands trim the conversation id, and upstream's byte-counting test that tells an
// openConversationId from a group name (targetresolver LooksLikeOpenConversationID, resolver.go:630-633@c7521c1c),
// run as a user types the commands against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { looksLikeOpenConversationId } from '../../src/plan/transforms/ids.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pchattrim-');
const { sent } = outputs;

// A model of the Go function, written apart from the implementation: strings.TrimSpace over unicode.IsSpace,
// len() in UTF-8 bytes, strings.ToLower rune by rune with the simple mapping (U+0130 becomes a plain i), HasPrefix.
const GO_SPACES = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]);
function goLooksLikeOpenConversationId(value: string): boolean {
  const runes = [...value].map((c) => c.codePointAt(0)!);
  let a = 0;
  let b = runes.length;
  while (a < b && GO_SPACES.has(runes[a])) a++;
  while (b > a && GO_SPACES.has(runes[b - 1])) b--;
  const trimmed = String.fromCodePoint(...runes.slice(a, b));
  const lower = runes.slice(a, b).map((r) => (r === 0x130 ? 'i' : String.fromCodePoint(r).toLowerCase())).join('');
  return new TextEncoder().encode(trimmed).length >= 12 && lower.startsWith('cid');
}

const PIECES = ['c', 'C', 'i', 'I', '\u0130', '\u0131', 'd', 'D', 'a', '1', '=', '群', '聊', '😀', ' ', '\n', '\u3000', '\u00a0', '\u0085', '\ufeff', 'é'];

describe('the condition open_conversation_id is upstream\'s LooksLikeOpenConversationID', () => {
  it('agrees with a model of the Go function on texts of ids, names, spaces and multi-byte characters (property)', () => {
    const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 16 }).map((p) => p.join(''));
    const cidLed = fc.tuple(fc.constantFrom('', ' ', '\u3000'), fc.constantFrom('cid', 'CID', 'cİd', 'cıd', 'Cid'), text).map(([s, p, t]) => s + p + t);
    fc.assert(fc.property(fc.oneof(text, cidLed), (v) => looksLikeOpenConversationId(v) === goLooksLikeOpenConversationId(v)), { numRuns: 3000 });
  });

  it('counts bytes, not characters: cid and three Chinese characters is an id, cid and two is a name', () => {
    expect(['cid群聊测', ' cid群聊测 ', 'cid群聊ab', 'cid😀😀', 'cid😀😀a', 'cid\n12345678', 'cİdAAAAAAAAA', 'cıdAAAAAAAAA', 'CID123456789', 'cid\ufeff'.padEnd(12, 'x'), 'xcid123456789'].map(looksLikeOpenConversationId))
      .toEqual([true, true, false, false, true, true, true, false, true, true, false]);
  });

  it('is false for anything but a text', () => {
    expect([undefined, null, 123456789012, ['cid123456789'], { id: 'cid123456789' }].map(looksLikeOpenConversationId)).toEqual([false, false, false, false, false]);
  });
});

describe('a group id of cid and three Chinese characters (12 bytes) is used without a search, as upstream does', () => {
  const id = 'cid群聊测';

  it('+chat-invite-url sends it as openConversationId and cid (ResolveChatTarget, resolver.go:613)', async () => {
    expect((await sent(['chat', '+chat-invite-url', '--group', id, '--yes'])).calls)
      .toEqual([['im/get_group_invite_url', { openConversationId: id, cid: id }]]);
  });

  it('+chat-members-list reads its members and bots with it (ResolveChatTarget, resolver.go:613)', async () => {
    expect((await sent(['chat', '+chat-members-list', '--group', id])).calls)
      .toEqual([['chat/get_group_members', { openconversation_id: id, cursor: '0' }], ['bot/list_group_bots', { openConversationId: id }]]);
  });

  it('+at-me and +chat-messages scope their one read to it', async () => {
    const scoped = async (argv: string[]) => (await sent(argv)).calls.map(([rpc, args]) => [rpc, (args as Record<string, unknown>).openConversationId ?? (args as Record<string, unknown>).openconversation_id]);
    expect(await scoped(['chat', '+at-me', '--group', id])).toEqual([['chat/search_at_me_message', id]]);
    expect(await scoped(['chat', '+chat-messages', '--group', id])).toEqual([['chat/list_conversation_message_v2', id]]);
  });
});

describe('chat +search-msg tells an explicit conversation id by Go\'s lower-cased cid prefix (search_msg.go:426-440)', () => {
  it('takes cİd1 (U+0130 lower-cases to i in Go) and checks it first', async () => {
    expect((await sent(['chat', '+search-msg', '--query', '发布', '--conversation-id', 'cİd1'])).calls[0])
      .toEqual(['chat/get_conversation_info', { openConversationId: 'cİd1' }]);
  });

  it('refuses an id without the prefix before any call', async () => {
    expect(await sent(['chat', '+search-msg', '--query', '发布', '--conversation-id', 'abc1']))
      .toEqual({ reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined });
  });
});

describe('the conversation id is trimmed exactly where upstream trims it (helpers/chat.go:371-397, :449; toolbar_helpers.go:72-74)', () => {
  const firstCall = async (argv: string[]) => (await sent(argv)).calls[0];

  it('trims it for the commands on the migration list and the toolbar commands', async () => {
    expect(await firstCall(['chat', 'group', 'quit', '--conversation-id', ' cid1 ', '--yes'])).toEqual(['im/quit_group', { openConversationId: 'cid1' }]);
    expect(await firstCall(['chat', 'group-role', 'list', '--conversation-id', ' cid1 '])).toEqual(['im/list_custom_group_roles', { openConversationId: 'cid1' }]);
    expect(await firstCall(['chat', 'toolbar', 'list', '--conversation-id', ' cid1 '])).toEqual(['im/list_chat_toolbar_shortcuts', { openConversationId: 'cid1' }]);
  });

  it('trims it inside chmod\'s grantParams (putChatChmodParam, chat.go:2018-2025)', async () => {
    expect(await firstCall(['chat', 'chmod', 'chat.read', '--conversation-id', ' cid1 ', '--yes'])).toEqual(['im/chat_permission_grant', {
      agentCode: 'wukong', scope: 'chat.read', grantType: 'timed', ttl: '24h',
      grantParams: '{"conversationId":"cid1","openCid":"cid1","openConversationId":"cid1"}',
    }]);
  });

  it('sends it as typed for commands on neither list, the message id of the message-id list trimmed', async () => {
    expect(await firstCall(['chat', 'message', 'edit', '--conversation-id', ' cid1 ', '--message-id', ' m1 ', '--text', 'x', '--yes']))
      .toEqual(['im/edit_message', { openConversationId: ' cid1 ', openMessageId: 'm1', content: '{"text":"x","title":"x"}' }]);
    expect(await firstCall(['chat', 'group', 'get-mute-config', '--conversation-id', ' cid1 '])).toEqual(['im/get_group_mute_config', { openConversationId: ' cid1 ' }]);
    expect(await firstCall(['chat', 'message', 'update-text-emotion', '--conversation-id', ' cid1 ', '--message-id', ' m1 ', '--old-emotion-id', 'o', '--emotion-id', 'e', '--emotion-name', 'n', '--text', 't', '--background-id', 'b', '--yes']))
      .toEqual(['im/update_text_emotion', { backgroundId: 'b', emotionId: 'e', emotionName: 'n', oldEmotionId: 'o', openConversationId: ' cid1 ', openMsgId: 'm1', text: 't' }]);
  });
});
