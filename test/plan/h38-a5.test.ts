// Session 38 second reading, part a5 (issue 32, notes/h38-a5.md, seed 20261343): where a drawn command differed from
// upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h38a5-');

/**
 * upstream's shortcutString (internal/shortcut/chat/chat_group.go:1661-1677@c7521c1c) as a model: the first key holding a
 * non-blank text (trimmed) or a number (its decimal text); "" when none.
 */
function shortcutString(value: unknown, ...keys: string[]): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '';
  for (const key of keys) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    if (typeof v === 'number') return String(v);
  }
  return '';
}

/** resolveMuteMemberOpenIDs' name table (chat_group.go:1588-1595@c7521c1c): a later employee of a userId overwrites. */
function upstreamName(contacts: { result: unknown[] }, userId: string): string {
  let name = '';
  for (const item of contacts.result) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    const employee = (item as Record<string, unknown>).orgEmployeeModel;
    if (shortcutString(employee, 'orgUserId', 'userId') !== userId) continue;
    name = shortcutString(employee, 'orgUserName', 'name');
  }
  return name;
}

describe('chat +chat-mute-member resolves a userId as resolveMuteMemberOpenIDs does (chat_group.go:1570-1647@c7521c1c)', () => {
  const argv = ['chat', '+chat-mute-member', '--group', 'cidG', '--users', 'u1', '--mute-time', '1000', '--yes'];
  const members = { result: { list: [{ memberEmpName: 'Ann', openDingtalkId: 'odAnn' }, { memberEmpName: 'Bob', openDingtalkId: 'odBob' }], hasMore: false } };

  it('an employee naming its id under userId (no orgUserId) is found: the member of that name is muted', async () => {
    outputs.answer('contact/get_user_info_by_user_ids', { result: [{ orgEmployeeModel: { userId: 'u1', name: 'Ann' } }] });
    outputs.answer('chat/get_group_members', members);
    const run = await outputs.sent(argv);
    expect(run.reason).toBeUndefined();
    expect(run.calls.at(-1)).toEqual(['im/set_group_member_mute_list', { openConversationId: 'cidG', cid: 'cidG', mute: true, openDingTalkIds: ['odAnn'], muteTime: 1000 }]);
  });

  it('the members page naming its next cursor `cursor` is followed to the next page', async () => {
    outputs.answer('contact/get_user_info_by_user_ids', { result: [{ orgEmployeeModel: { orgUserId: 'u1', orgUserName: 'Bob' } }] });
    outputs.answersInTurn('chat/get_group_members', { result: { list: [], hasMore: true, cursor: 'c2' } }, members);
    const run = await outputs.sent(argv);
    expect(run.calls.filter(([tool]) => tool === 'chat/get_group_members').map(([, args]) => args)).toEqual([
      { openconversation_id: 'cidG', cursor: '0' }, { openconversation_id: 'cidG', cursor: 'c2' },
    ]);
    expect(run.calls.at(-1)).toEqual(['im/set_group_member_mute_list', { openConversationId: 'cidG', cid: 'cidG', mute: true, openDingTalkIds: ['odBob'], muteTime: 1000 }]);
  });

  it('for any contact answer, the member muted (or the refusal before any member read) is the one upstream picks', async () => {
    const id = fc.constantFrom<unknown>('u1', ' u1 ', 'u2', '', ' ', 7, null, undefined);
    const name = fc.constantFrom<unknown>('Ann', ' Bob ', '', ' ', 5, null, undefined);
    const employee = fc.record({ orgUserId: id, userId: id, orgUserName: name, name }, { requiredKeys: [] });
    const item = fc.oneof(fc.record({ orgEmployeeModel: fc.oneof(employee, fc.constantFrom<unknown>(null, 'x', [])) }), fc.constantFrom<unknown>(null, 'x'));
    await fc.assert(fc.asyncProperty(fc.array(item, { maxLength: 4 }), async (result) => {
      const contacts = JSON.parse(JSON.stringify({ result })) as { result: unknown[] };
      outputs.answer('contact/get_user_info_by_user_ids', contacts);
      outputs.answer('chat/get_group_members', members);
      const run = await outputs.sent(argv);
      const expected = upstreamName(contacts, 'u1');
      const member = members.result.list.find((m) => m.memberEmpName === expected);
      if (expected === '') {
        expect(run.reason).toBeDefined();
        expect(run.calls.map(([tool]) => tool)).toEqual(['contact/get_user_info_by_user_ids']);
      } else if (member === undefined) {
        expect(run.reason).toBeDefined();
        expect(run.calls.map(([tool]) => tool)).not.toContain('im/set_group_member_mute_list');
      } else {
        expect(run.reason).toBeUndefined();
        expect(run.calls.at(-1)?.[1]).toMatchObject({ openDingTalkIds: [member.openDingtalkId] });
      }
    }), { numRuns: 60 });
  });
});

describe('chat +chat-mute-member reads --users as rt.StrSlice gives it (splitIDs chat.go:39-52, chat_group.go:1534@c7521c1c)', () => {
  it('a quoted element keeps its comma: one userId "u1,u2" is looked up, not two', async () => {
    outputs.answer('contact/get_user_info_by_user_ids', { result: [{ orgEmployeeModel: { orgUserId: 'u1,u2', orgUserName: 'Ann' } }, { orgEmployeeModel: { orgUserId: 'u3', orgUserName: 'Bob' } }] });
    outputs.answer('chat/get_group_members', { result: { list: [{ memberEmpName: 'Ann', openDingtalkId: 'odAnn' }, { memberEmpName: 'Bob', openDingtalkId: 'odBob' }], hasMore: false } });
    const run = await outputs.sent(['chat', '+chat-mute-member', '--group', 'cidG', '--users', '"u1,u2", u3 ,', '--mute-time', '1000', '--yes']);
    expect(run.calls[0]).toEqual(['contact/get_user_info_by_user_ids', { user_id_list: ['u1,u2', 'u3'] }]);
    expect(run.calls.at(-1)).toEqual(['im/set_group_member_mute_list', { openConversationId: 'cidG', cid: 'cidG', mute: true, openDingTalkIds: ['odAnn', 'odBob'], muteTime: 1000 }]);
  });
});

describe('chat +at-me prints items[].conversation as an object (atMeCompatibilityItems, smart/at_me.go:385-405@c7521c1c)', () => {
  it('a message with no conversation title or id has conversation {} in items, null in messages', async () => {
    outputs.answer('chat/search_at_me_message', { result: { messages: [{ openMsgId: 'm1', text: 'a' }], hasMore: false } });
    const run = await outputs.sent(['chat', '+at-me']);
    expect(run.reason).toBeUndefined();
    const out = run.printed as { messages: Record<string, unknown>[]; items: Record<string, unknown>[] };
    expect(out.messages[0]?.conversation).toBeNull();
    expect(out.items[0]?.conversation).toEqual({});
  });

  it('for any title and id, items[].conversation holds name and openConversationId exactly when upstream sets them', async () => {
    const text = fc.constantFrom<unknown>('T', ' T ', '', ' ', 7, null, undefined);
    await fc.assert(fc.asyncProperty(text, text, async (title, cid) => {
      const message: Record<string, unknown> = { openMsgId: 'm1', text: 'a' };
      if (title !== undefined) message.conversationTitle = title;
      if (cid !== undefined) message.openConversationId = cid;
      outputs.answer('chat/search_at_me_message', { result: { messages: [message], hasMore: false } });
      const run = await outputs.sent(['chat', '+at-me']);
      const out = run.printed as { messages: Record<string, unknown>[]; items: Record<string, unknown>[] };
      const row = out.messages[0] ?? {};
      // atMeCompatibilityItems: name = atMeString(row.conversation), openConversationId = atMeString(row.conversationId)
      const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
      const expected: Record<string, unknown> = {};
      if (str(row.conversation) !== '') expected.name = str(row.conversation);
      if (str(row.conversationId) !== '') expected.openConversationId = str(row.conversationId);
      expect(out.items[0]?.conversation).toEqual(expected);
    }), { numRuns: 30 });
  });
});

/** upstream's atMeMessageItems (smart/at_me.go:433-470, atMeFlattenGroups :482-516@c7521c1c) as a model: the message objects. */
function atMeMessageItems(data: unknown): Record<string, unknown>[] {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const objs = (list: unknown[]) => list.filter(isObj);
  if (!isObj(data)) return [];
  for (const root of [data, isObj(data.result) ? data.result : undefined]) {
    if (root === undefined || !Array.isArray(root.conversationMessagesList)) continue;
    const out: Record<string, unknown>[] = [];
    for (const group of root.conversationMessagesList) {
      if (!isObj(group) || !Array.isArray(group.messages)) continue;
      out.push(...objs(group.messages));
    }
    return out;
  }
  for (const key of ['list', 'messages', 'messageList', 'items', 'data', 'records', 'result']) {
    const v = data[key];
    if (Array.isArray(v)) return objs(v);
    if (isObj(v)) {
      for (const k2 of ['list', 'messages', 'messageList', 'items', 'data', 'records']) {
        if (Array.isArray(v[k2])) return objs(v[k2] as unknown[]);
      }
    }
  }
  return [];
}

describe('chat +at-me finds the messages where atMeMessageItems finds them (smart/at_me.go:433-470@c7521c1c)', () => {
  const msgs = (tag: string) => [{ openMsgId: `${tag}-1`, text: 'a' }, 5, { openMsgId: `${tag}-2`, text: 'b' }];
  const groups = (tag: string) => [{ title: 'T', openConversationId: 'cidT', messages: msgs(tag) }, 'x', { messages: 'no list' }];

  it('a top-level messages list (no result) is read: both message objects are printed', async () => {
    outputs.answer('chat/search_at_me_message', { messages: msgs('top'), hasMore: false });
    const run = await outputs.sent(['chat', '+at-me']);
    expect(run.reason).toBeUndefined();
    expect((run.printed as { messages: { messageId: string }[] }).messages.map((m) => m.messageId)).toEqual(['top-1', 'top-2']);
  });

  it('for answers holding lists in several places, the messages printed (and their order) are upstream\'s', async () => {
    const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    const answer = fc.record({
      list: opt(fc.constantFrom<unknown>(msgs('list'), { messages: msgs('list.messages') }, { other: 1 })),
      messages: opt(fc.constantFrom<unknown>(msgs('messages'), 'text')),
      data: opt(fc.constantFrom<unknown>({ items: msgs('data.items') }, msgs('data'), {})),
      records: opt(fc.constantFrom<unknown>({ data: msgs('records.data') }, null)),
      result: opt(fc.constantFrom<unknown>({ list: msgs('result.list') }, { messages: msgs('result.messages') }, { conversationMessagesList: groups('result.groups') }, msgs('result'), { conversationMessagesList: {} })),
      conversationMessagesList: opt(fc.constantFrom<unknown>(groups('groups'), {}, [])),
    }, { requiredKeys: [] });
    await fc.assert(fc.asyncProperty(answer, async (a) => {
      const body = JSON.parse(JSON.stringify({ ...a, hasMore: false })) as Record<string, unknown>;
      outputs.answer('chat/search_at_me_message', body);
      const run = await outputs.sent(['chat', '+at-me']);
      expect(run.reason).toBeUndefined();
      const printed = run.printed as { messages: { messageId: string }[]; count: number };
      const expected = atMeMessageItems(body).map((m) => m.openMsgId);
      expect(printed.messages.map((m) => m.messageId)).toEqual(expected);
      expect(printed.count).toBe(expected.length);
    }), { numRuns: 80 });
  });
});

describe('chat +chat-mute-member refuses a member walk it cannot finish (chat_group.go:1608-1633@c7521c1c)', () => {
  const argv = ['chat', '+chat-mute-member', '--group', 'cidG', '--users', 'u1', '--mute-time', '1000', '--yes'];
  const ann = { memberEmpName: 'Ann', openDingtalkId: 'odAnn' };
  const tools = (calls: unknown[][]) => calls.map((call) => call[0]);

  it.each([
    ['no next cursor', { result: { list: [ann], hasMore: true } }],
    ['the cursor just sent ("0")', { result: { list: [ann], hasMore: true, nextCursor: '0' } }],
    ['a blank cursor', { result: { list: [ann], hasMore: true, cursor: ' ' } }],
  ])('a page saying hasMore with %s is refused before the mute', async (_name, page) => {
    outputs.answer('contact/get_user_info_by_user_ids', { result: [{ orgEmployeeModel: { orgUserId: 'u1', orgUserName: 'Ann' } }] });
    outputs.answer('chat/get_group_members', page);
    const run = await outputs.sent(argv);
    expect(run.reason).toBeDefined();
    expect(tools(run.calls)).toEqual(['contact/get_user_info_by_user_ids', 'chat/get_group_members']);
  });

  it('50 pages that all say hasMore are refused after the 50th read, nothing muted', async () => {
    outputs.answer('contact/get_user_info_by_user_ids', { result: [{ orgEmployeeModel: { orgUserId: 'u1', orgUserName: 'Ann' } }] });
    const pages = Array.from({ length: 60 }, (_, i) => ({ result: { list: [ann], hasMore: true, nextCursor: `c${i + 1}` } }));
    outputs.answersInTurn('chat/get_group_members', ...pages);
    const run = await outputs.sent(argv);
    expect(run.reason).toBeDefined();
    expect(tools(run.calls).filter((t) => t === 'chat/get_group_members')).toHaveLength(50);
    expect(tools(run.calls)).not.toContain('im/set_group_member_mute_list');
  });

  it('a last page saying hasMore false after a cursor walk mutes', async () => {
    outputs.answer('contact/get_user_info_by_user_ids', { result: [{ orgEmployeeModel: { orgUserId: 'u1', orgUserName: 'Ann' } }] });
    outputs.answersInTurn('chat/get_group_members', { result: { list: [], hasMore: true, nextCursor: 'c1' } }, { result: { list: [ann], hasMore: false } });
    const run = await outputs.sent(argv);
    expect(run.reason).toBeUndefined();
    expect(run.calls.at(-1)?.[0]).toBe('im/set_group_member_mute_list');
  });
});
