// Answer numbers written as text the way upstream's reader writes the value its decode made (issue 32, p-fmt). The
// readers here take an answer rt.CallMCPData decoded with json.Unmarshal into `any` (shortcut/runner.go:255-271
// @c7521c1c), so a number is a float64 and is written by strconv.FormatFloat(x, 'f', -1, 64): never in exponent form,
// and a literal beyond 2^53 as the float64's digits. Run as a user types them against the recording backend.
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../src/json-number.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, answer, run, paged } = useOutputRuns('dws-p-fmt-');
const calls = () => mcp.calls.map((c) => [c.name, c.arguments]);

const LIST = 'minutes/list_by_keyword_and_time_range';

describe('minutes: a numeric task UUID is minutesdata stringField\'s FormatFloat text (minutesdata/response.go:361-375, TaskUUID :236)', () => {
  it('+list-mine prints 1e21 in all its digits, 1e-7 without an exponent and a literal beyond 2^53 as its float64', async () => {
    answer(LIST, { result: { itemList: [
      { taskUuid: new JsonNumber('1e21'), title: 'a' },
      { taskUUID: 1e-7, title: 'b' },
      { uuid: new JsonNumber('12345678901234567890'), title: 'c' },
    ] } });
    const out = await run(['minutes', '+list-mine']) as { minutes: { taskUuid: string }[] };
    expect(out.minutes.map((m) => m.taskUuid)).toEqual(['1000000000000000000000', '0.0000001', '12345678901234567000']);
  });

  it('+latest reads the basic info of the FormatFloat text of the newest numeric task UUID', async () => {
    answer(LIST, { result: { itemList: [{ taskUuid: 'old', createTime: 1 }, { taskUuid: new JsonNumber('1e21'), createTime: 5 }] } });
    answer('minutes/get_minutes_basic_info', { success: true, result: { taskUuid: '1000000000000000000000', title: '周会' } });
    expect(await run(['minutes', '+latest'])).toEqual({ taskUuid: '1000000000000000000000', title: '周会' });
    expect(calls()).toEqual([
      ['list_by_keyword_and_time_range', { belongingConditionId: 'created', maxResults: 20 }],
      ['get_minutes_basic_info', { taskUuid: '1000000000000000000000' }],
    ]);
  });
});

describe('minutes +search: a numeric nextToken is ParseListPage\'s stringField text (minutesdata/response.go:47-52, alignment.go:274-286)', () => {
  it('prints it in FormatFloat f text and, with --page-all, sends that text as the next nextToken', async () => {
    const page = (id: string, more: boolean, next?: unknown) => ({ success: true, result: { itemList: [{ taskUuid: id, title: '周会' }], hasMore: more, ...(next === undefined ? {} : { nextToken: next }) } });
    const one = await paged(['minutes', '+search', '--query', '周会'], LIST, [page('a', true, new JsonNumber('1e21'))]);
    expect(one.printed).toMatchObject({ complete: false, nextToken: '1000000000000000000000' });
    const all = await paged(['minutes', '+search', '--query', '周会', '--page-all'], LIST, [page('a', true, 1e-7), page('b', false)]);
    expect(all.sent.map((a) => (a as { nextToken?: unknown }).nextToken)).toEqual([undefined, '0.0000001']);
    expect(all.printed).toMatchObject({ complete: true, count: 2, pages: 2 });
  });
});

describe('chat +messages-reply: the original message\'s id and sender are fmt.Sprint text (resolveReplySender, findMessageSenderOpenDingTalkID, chat/lark_alignment.go:320-392)', () => {
  it('a numeric id 1234567 is the message 1.234567e+06 and a numeric sender 1000000 is sent as 1e+06', async () => {
    answer('im/list_messages_by_ids', { result: [
      { openMessageId: 7, senderOpenDingTalkId: 'Dother' },
      { openMessageId: 1234567, senderOpenDingTalkId: 1e6 },
    ] });
    await run(['chat', '+messages-reply', '--conversation-id', 'cid1', '--message-id', '1.234567e+06', '--text', '收到', '--yes']);
    const sent = calls();
    expect(sent[0]).toEqual(['list_messages_by_ids', { openMsgIds: ['1.234567e+06'] }]);
    expect(JSON.parse((sent.at(-1)![1] as { content: string }).content)).toMatchObject({ referenceOpenMessageId: '1.234567e+06', srcMsgSendOpenDingTalkId: '1e+06' });
  });
});

describe('chat +search-msg: a numeric nextCursor is TrimSpace(fmt.Sprint(...)) text (search_msg.go:217-245, :334)', () => {
  const hit = (id: string) => ({ openMessageId: id, senderNick: 'S', content: 'x', createTime: 1000 });
  it('prints 1000000 as 1e+06 and, with --page-all, sends 1e+06 as the next cursor', async () => {
    const one = await paged(['chat', '+search-msg', '--query', 'x', '--no-enrich'], 'im/search_messages', [{ result: { messages: [hit('m1')], hasMore: true, nextCursor: 1e6 } }]);
    expect(one.printed).toMatchObject({ hasMore: true, nextCursor: '1e+06' });
    const all = await paged(['chat', '+search-msg', '--query', 'x', '--page-all', '--no-enrich'], 'im/search_messages', [
      { result: { messages: [hit('m1')], hasMore: true, nextCursor: 1e6 } },
      { result: { messages: [hit('m2')], hasMore: false } },
    ]);
    expect(all.sent.map((a) => (a as { cursor?: unknown }).cursor)).toEqual(['0', '1e+06']);
    expect(all.printed).toMatchObject({ count: 2, pagesFetched: 2, complete: true });
  });
});

describe('chat +chat-search: a numeric nextCursor is chatSearchCursorString\'s TrimSpace(fmt.Sprint(...)) (chat_group.go:202, :386-395)', () => {
  it('with --page-all sends 1000000 as the cursor 1e+06; without it prints 1e+06 as the next cursor', async () => {
    const page1 = { result: { groups: [{ openConversationId: 'g1', name: 'a' }], hasMore: true, nextCursor: 1e6 } };
    const page2 = { result: { groups: [{ openConversationId: 'g2', name: 'b' }], hasMore: false } };
    const all = await paged(['chat', '+chat-search', '--query', '项目', '--page-all'], 'im/search_groups', [page1, page2]);
    expect(all.sent).toEqual([{ keyword: '项目', limit: 20, cursor: '0' }, { keyword: '项目', limit: 20, cursor: '1e+06' }]);
    const one = await paged(['chat', '+chat-search', '--query', '项目'], 'im/search_groups', [page1]);
    expect(one.printed).toMatchObject({ hasMore: true, nextCursor: '1e+06' });
  });
});

describe('chat repeats dropped by their fmt.Sprint id: +chat-search seenChats (chat_group.go:190), +flag-list seenMessages (lark_alignment.go:637, :829-837)', () => {
  it('+chat-search: a group numbered 1000000 and one named "1e+06" are the same group', async () => {
    const r = await paged(['chat', '+chat-search', '--query', '项目'], 'im/search_groups', [
      { result: { groups: [{ openConversationId: 1e6, name: 'a' }, { openConversationId: ' 1e+06 ', name: 'b' }, { openConversationId: 1234567, name: 'c' }], hasMore: false } },
    ]);
    expect((r.printed as { chats: { name: string }[] }).chats.map((c) => c.name)).toEqual(['a', 'c']);
  });

  it('+flag-list: a favorite whose openMessageId is 1000000 and one whose messageId is "1e+06" are one message', async () => {
    const r = await paged(['chat', '+flag-list'], 'im/list_message_favorites', [
      { result: { items: [{ openMessageId: 1e6, n: 1 }, { messageId: '1e+06', n: 2 }, { itemId: 12, n: 3 }] }, hasMore: false },
    ]);
    expect((r.printed as { items: { n: number }[] }).items.map((i) => i.n)).toEqual([1, 3]);
  });
});

describe('chat +chat-list / +chat-list-all drop a repeat by its fmt.Sprint id (lark_alignment.go:1053-1056, chat_group.go:999)', () => {
  it('+chat-list: a group numbered 1000000 and one numbered "1e+06" are one group', async () => {
    const r = await paged(['chat', '+chat-list'], 'im/list_all_conversations', [
      { result: { conversations: [{ openConversationId: 1e6, singleChat: false, name: 'a' }, { openConversationId: '1e+06', singleChat: false, name: 'b' }], hasMore: false } },
    ]);
    expect(JSON.stringify(r.printed)).toContain('"a"');
    expect(JSON.stringify(r.printed)).not.toContain('"b"');
  });

  it('+chat-list-all: the same for the groups read', async () => {
    const r = await paged(['chat', '+chat-list-all'], 'im/list_my_groups_pagination', [
      { result: { groups: [{ openConversationId: 1e6, name: 'a' }, { openConversationId: ' 1e+06 ', name: 'b' }, { openConversationId: 'g3', name: 'c' }] }, hasMore: false },
    ]);
    expect((r.printed as { groups: { name: string }[] }).groups.map((g) => g.name)).toEqual(['a', 'c']);
  });
});

describe('chat +conversation-list drops a repeat by its fmt.Sprint id (seenConversations, chat_conversation.go:393-399)', () => {
  it('a conversation numbered 1000000 and one numbered "1e+06" are one conversation', async () => {
    const r = await paged(['chat', '+conversation-list'], 'im/list_all_conversations', [
      { result: { conversations: [{ openConversationId: 1e6, title: 'a' }, { openConversationId: '1e+06', title: 'b' }, { openConversationId: 'c3', title: 'c' }], hasMore: false } },
    ]);
    expect(JSON.stringify(r.printed)).toContain('"a"');
    expect(JSON.stringify(r.printed)).toContain('"c"');
    expect(JSON.stringify(r.printed)).not.toContain('"b"');
  });
});
