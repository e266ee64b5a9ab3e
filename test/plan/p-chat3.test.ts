// What the chat commands p-chat3 pre-audited send (issue 32), as upstream's bodies at c7521c1c do, run as a user
// types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pchat3-');
const { sent } = outputs;

describe('a typed --direction that is blank once trimmed gives the default direction (resolveMessageForward, chat.go:104-131)', () => {
  it('chat message list: --forward is left unread and --time decides (true with a time, false without)', async () => {
    const withTime = await sent(['chat', 'message', 'list', '--group', 'cid1', '--time', '2026-03-01 00:00:00', '--direction', ' ', '--forward', 'false']);
    expect(withTime.calls).toEqual([
      ['chat/list_conversation_message_v2', { openconversation_id: 'cid1', time: '2026-03-01 00:00:00', forward: true }],
    ]);
    const withoutTime = await sent(['chat', 'message', 'list', '--group', 'cid1', '--direction', '', '--forward', 'true']);
    expect(withoutTime.reason).toBeUndefined();
    expect((withoutTime.calls[0][1] as { forward: unknown }).forward).toBe(false);
  });

  it('chat message list-topic-replies: a blank --direction sends forward false whatever --forward says', async () => {
    expect(await sent(['chat', 'message', 'list-topic-replies', '--conversation-id', 'cid1', '--topic-id', 't1', '--direction', '', '--forward', 'true'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['chat/list_topic_replies', { openconversationId: 'cid1', topicId: 't1', pageSize: 50, forward: false }]],
      printed: { server: 'chat', tool: 'list_topic_replies', arguments: { openconversationId: 'cid1', topicId: 't1', pageSize: 50, forward: false } },
    });
  });

  it('a direction that is neither newer nor older is still refused before any call', async () => {
    expect(await sent(['chat', 'message', 'list', '--group', 'cid1', '--direction', 'sideways'])).toEqual({
      reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined,
    });
  });
});

describe('a category title is blank only when Go strings.TrimSpace empties it (validatedConversationCategoryTitle, chat.go:175-185)', () => {
  // a title of U+FEFF is not blank, so it reaches the call, whose title upstream's transport then refuses before
  // sending it (client.go:394-402, :1093-1125@c7521c1c): invalid_argument, not the blank check's refusal
  it('a title of U+FEFF (no Go space) passes the blank check and is refused by the transport; one of U+3000 (a Go space) is blank', async () => {
    expect((await sent(['chat', 'category', 'rename', '--category-id', '5', '--title', 'T'])).calls)
      .toEqual([['im/rename_conv_category', { categoryId: 5, title: 'T' }]]);
    expect(await sent(['chat', 'category', 'rename', '--category-id', '5', '--title', '\uFEFF']))
      .toMatchObject({ reason: 'invalid_argument', calls: [] });
    expect(await sent(['chat', 'category', 'rename', '--category-id', '5', '--title', '\u3000'])).toMatchObject({ reason: 'missing_parameter', calls: [] });
    expect((await sent(['chat', '+category-rename', '--category-id', '5', '--title', ' \u3000 ', '--yes'])).calls).toEqual([]);
  });
});

describe('chat group user-settings query refuses a --groups list naming no conversation (chat.go:10378-10381)', () => {
  it.each([[' , '], ['[]'], ['[" ", ""]']])('refuses %j before any call', async (groups) => {
    expect(await sent(['chat', 'group', 'user-settings', 'query', '--groups', groups])).toEqual({
      reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined,
    });
  });
});
