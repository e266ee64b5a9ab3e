// Session 41 second reading, part a5 (issue 32, notes/h41-a5.md, seed 20261364): where a drawn command still read an
// answer differently from upstream's body at c7521c1c. Each run as a user types it against the fake MCP server on
// 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { upstreamWhoami } from './whoami-model.js';

const outputs = useOutputRuns('dws-h41a5-');

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const text = fc.constantFrom<unknown>('', ' ', 'x', 5, null);
const dept = fc.oneof(fc.record({ deptName: text, name: text }, { requiredKeys: [] }), fc.constantFrom<unknown>(5, null, 'd'));
const depts = fc.oneof(fc.array(dept, { maxLength: 3 }), dept);
const employee = fc.record({ name: text, userId: text, orgName: text, depts }, { requiredKeys: [] });
const profile = fc.record({
  result: fc.oneof(fc.array(fc.oneof(employee, fc.record({ orgEmployeeModel: employee }), fc.constant<unknown>(5)), { maxLength: 2 }), employee, fc.record({ orgEmployeeModel: employee })),
  orgEmployeeModel: employee,
  name: text,
  depts,
}, { requiredKeys: [] });

describe('contact +me reads the department as upstream whoamiFirstDept: only from a depts list (whoami.go:138-150@c7521c1c)', () => {
  it('a depts object is no list: no dept is printed (before: its deptName was)', async () => {
    outputs.answer('contact/get_current_user_profile', { result: [{ orgEmployeeModel: { name: 'n', depts: { deptName: 'd' } } }] });
    expect(await outputs.run(['contact', '+me'])).toEqual({ name: 'n' });
  });
  it('a depts list still gives its first named department', async () => {
    outputs.answer('contact/get_current_user_profile', { result: { depts: [5, { deptName: '' }, { name: 'dn' }], nick: 'k' } });
    expect(await outputs.run(['contact', '+me'])).toEqual({ name: 'k', dept: 'dn' });
  });
  it('prints what upstream whoamiProject prints, for any profile shape', async () => {
    await fc.assert(fc.asyncProperty(profile, async (answer) => {
      outputs.answer('contact/get_current_user_profile', answer);
      expect(await outputs.run(['contact', '+me'])).toEqual(upstreamWhoami(answer));
    }), { numRuns: 60 });
  });
});

/** upstream shortcutTodoFindCards (smart/todo_done.go:155-170@c7521c1c): the first todoCards list, depth first through result/data objects, four levels down. */
function upstreamCards(m: Obj, depth = 0): unknown[] | undefined {
  if (depth > 4) return undefined;
  if (Array.isArray(m.todoCards)) return m.todoCards;
  for (const k of ['result', 'data']) {
    const child = m[k];
    if (isObject(child)) {
      const found = upstreamCards(child, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

const card = (taskId: string) => ({ subject: `周报 ${taskId}`, taskId });
const cards = fc.oneof(fc.constantFrom<unknown>(null, 'x', 5, {}, []), fc.constantFrom<unknown>([card('t1')], [card('t2'), 7]));
const wrapper: fc.Memo<unknown> = fc.memo((n) => (n <= 1
  ? fc.record({ todoCards: cards }, { requiredKeys: [] })
  : fc.record({ todoCards: cards, result: fc.oneof(wrapper(n - 1), fc.constant<unknown>(null)), data: wrapper(n - 1) }, { requiredKeys: [] })));

describe('todo +todo-done reads each page\'s cards as upstream shortcutTodoFindCards: the first todoCards that is a list (todo_done.go:148-170, todo_shared.go:49-57@c7521c1c)', () => {
  const argv = ['todo', '+todo-done', '--task', '周报', '--yes'];
  it('a todoCards holding null at the top is passed over for the list under result (before: no match, not_found)', async () => {
    outputs.answer('todo/get_user_todos_in_current_org', { todoCards: null, result: { todoCards: [card('t7')] } });
    const run = await outputs.sent(argv);
    expect(run.calls.at(-1)).toEqual(['todo/update_todo_done_status', { taskId: 't7', isDone: 'true' }]);
  });
  it('a todoCards text under result is passed over for result.data.todoCards (before: not_found)', async () => {
    outputs.answer('todo/get_user_todos_in_current_org', { result: { todoCards: 'x', data: { todoCards: [card('t8')] } } });
    const run = await outputs.sent(argv);
    expect(run.calls.at(-1)).toEqual(['todo/update_todo_done_status', { taskId: 't8', isDone: 'true' }]);
  });
  it('an empty todoCards list found first ends the search, as upstream (nothing matches)', async () => {
    outputs.answer('todo/get_user_todos_in_current_org', { todoCards: [], result: { todoCards: [card('t9')] } });
    expect((await outputs.sent(argv)).reason).toBe('not_found');
  });
  it('marks done the one card upstream finds, or refuses where upstream finds none, for any wrapping', async () => {
    await fc.assert(fc.asyncProperty(wrapper(4), async (answer) => {
      outputs.answer('todo/get_user_todos_in_current_org', answer);
      const found = (upstreamCards(answer as Obj) ?? []).filter((c) => isObject(c) && typeof c.taskId === 'string' && c.taskId !== '');
      const run = await outputs.sent(argv);
      if (found.length === 1) expect(run.calls.at(-1)).toEqual(['todo/update_todo_done_status', { taskId: (found[0] as Obj).taskId, isDone: 'true' }]);
      else expect(run.reason).toBe(found.length === 0 ? 'not_found' : 'ambiguous_match');
    }), { numRuns: 80 });
  });
});

/** upstream firstMessageValue + threadRepliesString (chatmsg.go:430-442, thread_replies.go:300-309@c7521c1c). */
function messageValue(m: Obj, keys: string[]): string {
  for (const k of keys) {
    const v = m[k];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) continue;
    return typeof v === 'string' ? v.trim() : String(v);
  }
  return '';
}
/** upstream threadReplyItems (thread_replies.go:556-582@c7521c1c): the first list with an object, at the top, in result, in data. */
function replyItems(data: Obj): Obj[] {
  const scopes = [data, ...['result', 'data'].map((k) => data[k]).filter(isObject)];
  for (const scope of scopes) {
    for (const key of ['replies', 'list', 'items', 'messages', 'records', 'data', 'result']) {
      const raw = scope[key];
      if (!Array.isArray(raw)) continue;
      const out = raw.filter(isObject);
      if (out.length > 0) return out;
    }
  }
  return [];
}
const ID_KEYS = ['openMessageId', 'openMsgId', 'messageId', 'message_id', 'msgId', 'msg_id', 'id'];
const CONV_KEYS = ['openConversationId', 'openconversation_id', 'conversationId', 'conversation_id', 'chatId', 'chat_id'];
const THREAD_KEYS = ['openConvThreadId', 'openConversationThreadId', 'threadId', 'thread_id', 'topicId', 'topic_id'];

describe('chat +thread-replies --message-id finds the root as upstream resolveThreadRepliesTarget (thread_replies.go:212-261@c7521c1c)', () => {
  const argv = ['chat', '+thread-replies', '--message-id', ' m1 '];
  const replies = { hasMore: false, replies: [] };
  it('a numeric threadId is the thread, in its decimal text (fmt.Sprint; before: thread_context_missing)', async () => {
    outputs.answer('im/list_messages_by_ids', { result: { messages: [{ openMessageId: 'm1', openConversationId: 'cid', threadId: 5 }] } });
    outputs.answer('chat/list_topic_replies', replies);
    const run = await outputs.sent(argv);
    expect(run.calls[1]).toEqual(['chat/list_topic_replies', { openconversationId: 'cid', topicId: '5', forward: false }]);
  });
  it('the first id key present decides, a number included: {openMessageId: 7, messageId: m1} is message 7, not m1 (before: m1)', async () => {
    outputs.answer('im/list_messages_by_ids', { result: [{ openMessageId: 7, messageId: 'm1', openConversationId: 'cid', threadId: 't' }] });
    outputs.answer('chat/list_topic_replies', replies);
    expect((await outputs.sent(argv)).calls).toHaveLength(1);
  });
  it('a message outside the lists upstream reads is not the root: a list without objects, then an object elsewhere (before: found at any depth)', async () => {
    outputs.answer('im/list_messages_by_ids', { replies: [5], deep: { x: { openMessageId: 'm1', openConversationId: 'c', threadId: 't' } } });
    outputs.answer('chat/list_topic_replies', replies);
    expect((await outputs.sent(argv)).calls).toHaveLength(1);
  });
  const idValue = fc.constantFrom<unknown>('m1', ' m1 ', 'm2', 5, null, '', undefined);
  const other = fc.constantFrom<unknown>('cid', 't', 9, 1.5, true, null, ' ', undefined);
  const message = fc.record({ openMessageId: idValue, messageId: idValue, openConversationId: other, chatId: other, threadId: other, topicId: other }, { requiredKeys: [] });
  const list = fc.oneof(fc.array(fc.oneof(message, fc.constant<unknown>(3)), { maxLength: 3 }), fc.constantFrom<unknown>(null, 'x', {}));
  const answer = fc.record({ replies: list, messages: list, result: fc.oneof(fc.record({ list, data: list }, { requiredKeys: [] }), list), data: fc.record({ items: list }, { requiredKeys: [] }) }, { requiredKeys: [] });
  it('calls list_topic_replies with the conversation and thread upstream reads, or stops where upstream stops, for any answer', async () => {
    await fc.assert(fc.asyncProperty(answer, async (a) => {
      outputs.answer('im/list_messages_by_ids', a);
      outputs.answer('chat/list_topic_replies', replies);
      const matched = replyItems(a as Obj).find((m) => messageValue(m, ID_KEYS) === 'm1');
      const conv = matched && messageValue(matched, CONV_KEYS);
      const thread = matched && messageValue(matched, THREAD_KEYS);
      const run = await outputs.sent(argv);
      if (conv && thread) expect(run.calls[1]).toEqual(['chat/list_topic_replies', { openconversationId: conv, topicId: thread, forward: false }]);
      else expect(run.calls).toHaveLength(1);
    }), { numRuns: 80 });
  });
});

describe('chat +thread-replies --page-all reads each page\'s replies as threadReplyItems: the first list holding an object (thread_replies.go:380-398, :556-582@c7521c1c)', () => {
  const argv = ['chat', '+thread-replies', '--group', 'g', '--thread-id', 't', '--page-all'];
  it('a replies list without objects is passed over for result.replies (before: the page read as empty)', async () => {
    outputs.answer('chat/list_topic_replies', { replies: [5], hasMore: false, result: { replies: [{ openMessageId: 'r1' }] } });
    const printed = await outputs.run(argv) as { count: number; replies: { messageId: string }[] };
    expect([printed.count, printed.replies.map((r) => r.messageId)]).toEqual([1, ['r1']]);
  });
  it('reads each page as upstream threadReplyItems, with and without --page-all, for any wrapping of one page', async () => {
    const reply = fc.constantFrom<unknown>({ openMessageId: 'r1' }, { msgId: 'r2' }, { openMessageId: '', msgId: 'r2' }, { openMessageId: ' ', id: 'r1' }, { text: 'no id' }, 4, 'x');
    const list = fc.oneof(fc.array(reply, { maxLength: 3 }), fc.constantFrom<unknown>(null, {}, 'x'));
    const page = fc.record({ replies: list, items: list, result: fc.oneof(fc.record({ messages: list, data: list }, { requiredKeys: [] }), list), data: fc.record({ list }, { requiredKeys: [] }) }, { requiredKeys: [] });
    await fc.assert(fc.asyncProperty(page, async (p) => {
      // collectAllThreadReplies drops a repeated StableMessageID (thread_replies.go:381-391); one page keeps every reply
      const seen = new Set<string>();
      const expected = replyItems(p as Obj).map((m) => messageValue(m, ID_KEYS)).filter((id) => id === '' || (!seen.has(id) && Boolean(seen.add(id))));
      outputs.answer('chat/list_topic_replies', { ...(p as Obj), hasMore: false });
      for (const line of [argv, argv.slice(0, -1)]) {
        const printed = await outputs.run(line) as { replies: { messageId?: string | null }[] };
        expect(printed.replies.map((r) => r.messageId ?? '')).toEqual(line === argv ? expected : replyItems(p as Obj).map((m) => messageValue(m, ID_KEYS)));
      }
    }), { numRuns: 60 });
  });
});

describe('todo +todo-done matches the keyword as upstream shortcutTodoMatch: both lowered by Go\'s strings.ToLower (todo_done.go:124-133@c7521c1c)', () => {
  const done = async (task: string, subject: string) => {
    outputs.answer('todo/get_user_todos_in_current_org', { todoCards: [{ subject, taskId: 't1' }] });
    const run = await outputs.sent(['todo', '+todo-done', '--task', task, '--yes']);
    return run.reason ?? run.calls.at(-1);
  };
  it('a final capital sigma lowers to σ, not ς, so ΑΣ contains Σ (before: not_found)', async () => {
    expect(await done('Σ', 'ΑΣ')).toEqual(['todo/update_todo_done_status', { taskId: 't1', isDone: 'true' }]);
  });
  it('İ lowers to i, so İstanbul contains istanbul (before: not_found)', async () => {
    expect(await done('istanbul', 'İstanbul 周报')).toEqual(['todo/update_todo_done_status', { taskId: 't1', isDone: 'true' }]);
  });
  it('ß stays ß: STRASSE does not contain straße, as in Go', async () => {
    expect(await done('straße', 'STRASSE')).toBe('not_found');
  });
});

describe('the message pagers drop a repeated chatmsg.StableMessageID: the first id key not null or blank decides (chatmsg.go:183-189, :430-442@c7521c1c)', () => {
  const twice = { hasMore: false, list: [{ openMessageId: '', msgId: 'a', content: 'x' }, { openMessageId: ' ', msgId: 'a', content: 'y' }] };
  it('chat +at-me --page-all keeps one of two messages whose blank openMessageId gives way to the same msgId (at_me.go:279-286; before: both)', async () => {
    outputs.answer('chat/search_at_me_message', twice);
    expect((await outputs.run(['chat', '+at-me', '--page-all']) as { count: number }).count).toBe(1);
  });
  it('two messages whose first id keys differ only in kind are one message: openMessageId 7 and msgId "7" after a null openMessageId', async () => {
    outputs.answer('chat/search_at_me_message', { hasMore: false, list: [{ openMessageId: 7, content: 'x' }, { openMessageId: null, msgId: ' 7 ', content: 'y' }] });
    expect((await outputs.run(['chat', '+at-me', '--page-all']) as { count: number }).count).toBe(1);
  });
});

describe('chat +chat-messages keeps one page as it came: only --page-all drops repeats (collectOneChatMessagesPage chat_messages.go:650-687, collectAllChatMessages :742-748@c7521c1c)', () => {
  const page = { hasMore: false, messages: [{ openMessageId: 'a', content: 'x' }, { openMessageId: 'a', content: 'y' }] };
  it('one page holding a message twice prints both (before: one)', async () => {
    outputs.answer('chat/list_conversation_message_v2', page);
    expect((await outputs.run(['chat', '+chat-messages', '--group', 'cid1234567890']) as { count: number }).count).toBe(2);
  });
  it('--page-all prints it once', async () => {
    outputs.answer('chat/list_conversation_message_v2', page);
    expect((await outputs.run(['chat', '+chat-messages', '--group', 'cid1234567890', '--page-all']) as { count: number }).count).toBe(1);
  });
});

describe('chat +chat-messages --page-all reads each page as chatmsg.ListMessageItems: the first list holding an object (chatmsg.go:142-163, chat_messages.go:740@c7521c1c)', () => {
  it('a messages list without objects is passed over for result.messages, as the single page reads it (before: --page-all read none)', async () => {
    outputs.answer('chat/list_conversation_message_v2', { hasMore: false, messages: [5], result: { messages: [{ openMessageId: 'a', content: 'x' }] } });
    const counts = [];
    for (const extra of [[], ['--page-all']]) counts.push((await outputs.run(['chat', '+chat-messages', '--group', 'cid1234567890', ...extra]) as { count: number }).count);
    expect(counts).toEqual([1, 1]);
  });
});
