// Session 37 second reading, part a4 (issue 32, notes/h37-a4.md): where a drawn command (seed 20261326) still differed
// from upstream's body at c7521c1c, and the siblings that share the pattern. Each run as a user types it against the
// recording backend on 127.0.0.1.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h37a4-');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * upstream's listUnreadConversationsProject over listUnreadConversationsResolveList (shortcut/chat/chat_message.go:
 * 767-827@c7521c1c), as a model: the first of six keys holding a list (or an object holding one under six inner keys),
 * each object element reduced to four fields, each the first spelling present (a null included), empty rows left out.
 */
function upstreamUnread(data: Record<string, unknown>): Record<string, unknown>[] {
  const inner = ['list', 'items', 'conversations', 'conversationList', 'result', 'data'];
  let raw: unknown[] = [];
  outer: for (const key of ['result', 'data', 'list', 'items', 'conversations', 'conversationList']) {
    if (!(key in data)) continue;
    const v = data[key];
    if (Array.isArray(v)) { raw = v; break; }
    if (isObject(v)) {
      for (const ik of inner) {
        if (Array.isArray(v[ik])) { raw = v[ik] as unknown[]; break outer; }
      }
    }
  }
  const fields: [string, string[]][] = [
    ['conversationId', ['openConversationId', 'conversationId', 'openConvId', 'cid']],
    ['title', ['title', 'conversationTitle', 'name']],
    ['unreadCount', ['unreadCount', 'unread', 'unReadCount', 'count']],
    ['lastMessageTime', ['lastMessageTime', 'lastMsgTime', 'latestMessageTime', 'updateTime']],
  ];
  const rows: Record<string, unknown>[] = [];
  for (const item of raw) {
    if (!isObject(item)) continue;
    const row: Record<string, unknown> = {};
    for (const [name, keys] of fields) {
      const k = keys.find((key) => key in item);
      if (k !== undefined) row[name] = item[k];
    }
    if (Object.keys(row).length > 0) rows.push(row);
  }
  return rows;
}

describe('chat +messages-list-unread-conversations prints {count, conversations} as listUnreadConversationsProject (chat_message.go:747-827@c7521c1c)', () => {
  const argv = ['chat', '+messages-list-unread-conversations'];
  it('a conversation list is reduced to conversationId, title, unreadCount and lastMessageTime', async () => {
    outputs.answer('chat/unread_message_conversation_list', {
      result: { list: [{ cid: 'c1', name: 'n', count: 3, extra: 1 }, { openConversationId: 'c2', title: null, updateTime: 7 }, { other: 1 }, 5] },
    });
    expect((await outputs.sent(argv)).printed).toEqual({
      count: 2,
      conversations: [{ conversationId: 'c1', title: 'n', unreadCount: 3 }, { conversationId: 'c2', title: null, lastMessageTime: 7 }],
    });
  });
  it('an answer without a conversation list prints {count: 0, conversations: []}', async () => {
    outputs.answer('chat/unread_message_conversation_list', { success: true, result: { total: 0 } });
    expect((await outputs.sent(argv)).printed).toEqual({ count: 0, conversations: [] });
  });
  const element = fc.oneof(
    fc.record({ cid: fc.constantFrom('a', null), name: fc.constant('t'), unread: fc.integer({ min: 0, max: 9 }) }, { requiredKeys: [] }),
    fc.record({ openConversationId: fc.constant('o'), conversationId: fc.constant('x'), lastMsgTime: fc.constant(1) }, { requiredKeys: [] }),
    fc.constantFrom<unknown>(null, 3, 'x', []),
  );
  const list = fc.array(element, { maxLength: 3 });
  const holder = fc.oneof(list, fc.record({ list, conversations: list, data: list }, { requiredKeys: [] }), fc.constantFrom<unknown>(null, 'x', 1));
  it('for any answer envelope the printed rows are upstream\'s', async () => {
    await fc.assert(fc.asyncProperty(fc.record({ result: holder, data: holder, items: holder, conversationList: holder }, { requiredKeys: [] }), async (answer) => {
      outputs.answer('chat/unread_message_conversation_list', answer);
      const rows = upstreamUnread(answer);
      expect((await outputs.sent(argv)).printed).toEqual({ count: rows.length, conversations: rows });
    }), { numRuns: 40 });
  });
});

// Go's time.Parse(time.RFC3339, v) (smart/remind.go:116-123, smart/search_msg.go:536-542@c7521c1c): when the fast
// RFC 3339 reader fails, Go's general layout parser runs, which also takes a one-digit hour and a comma before the
// fraction of a second; a month, day or hour out of range, a lower-case t or z, or no zone are refused.
const goAccepts: [string, number][] = [
  ['2026-03-10T18:00:00+08:00', Date.UTC(2026, 2, 10, 10)],
  ['2026-03-10T8:00:00+08:00', Date.UTC(2026, 2, 10, 0)],
  ['2026-03-10T18:00:00,5Z', Date.UTC(2026, 2, 10, 18, 0, 0, 500)],
  ['2026-03-10T18:00:00.123456789Z', Date.UTC(2026, 2, 10, 18, 0, 0, 123)],
  ['2026-03-10T18:00:00+24:00', Date.UTC(2026, 2, 9, 18)],
];
const goRefuses = ['2026-13-10T18:00:00Z', '2026-02-30T18:00:00Z', '2026-03-10T24:00:00Z', '2026-03-10t18:00:00Z', '2026-03-10T18:00:00z', '2026-03-10T18:00:00', '2026-03-10 18:00:00+08:00', ''];

describe('todo +remind --at is read as Go time.Parse(time.RFC3339) reads it (smart/remind.go:96-123@c7521c1c)', () => {
  const remind = (at: string) => ['todo', '+remind', '--task', 't', '--at', at, '--yes'];
  it('the forms Go accepts give the due time in epoch milliseconds', async () => {
    outputs.answer('contact/get_current_user_profile', { result: { userId: 'u1' } });
    for (const [at, ms] of goAccepts) {
      const run = await outputs.sent(remind(at));
      expect([at, run.reason, run.calls.at(-1)]).toEqual([at, undefined, ['todo/create_personal_todo', { PersonalTodoCreateVO: { subject: 't', executorIds: ['u1'], dueTime: ms } }]]);
    }
  });
  it('the forms Go refuses are refused after the profile read, before the write', async () => {
    outputs.answer('contact/get_current_user_profile', { result: { userId: 'u1' } });
    for (const at of goRefuses) {
      const run = await outputs.sent(remind(at));
      expect([at, run.reason, run.calls.map(([tool]) => tool)]).toEqual([at, 'invalid_parameter', ['contact/get_current_user_profile']]);
    }
  });
  it('any hour of one or two digits and a fraction after a point or a comma are read as Go reads them', async () => {
    outputs.answer('contact/get_current_user_profile', { result: { userId: 'u1' } });
    await fc.assert(fc.asyncProperty(fc.integer({ min: 0, max: 23 }), fc.boolean(), fc.constantFrom('.', ','), fc.integer({ min: 0, max: 999 }), async (h, pad, sep, frac) => {
      const hour = pad ? String(h).padStart(2, '0') : String(h);
      const at = `2026-05-01T${hour}:30:15${sep}${String(frac).padStart(3, '0')}-02:00`;
      const run = await outputs.sent(remind(at));
      expect(run.calls.at(-1)).toEqual(['todo/create_personal_todo', { PersonalTodoCreateVO: { subject: 't', executorIds: ['u1'], dueTime: Date.UTC(2026, 4, 1, h + 2, 30, 15, frac) } }]);
    }), { numRuns: 25 });
  });
});

describe('chat +search-msg --start/--end are read as Go time.Parse(time.RFC3339) reads them (smart/search_msg.go:530-545@c7521c1c)', () => {
  const search = (start: string, end: string) => ['chat', '+search-msg', '--query', 'q', '--start', start, '--end', end];
  it('a one-digit hour and a comma fraction are accepted and sent as the epoch milliseconds Go reads', async () => {
    outputs.answer('im/search_messages', { result: { messages: [], hasMore: false } });
    const run = await outputs.sent(search('2026-03-10T8:00:00+08:00', '2026-03-10T18:00:00,5Z'));
    expect(run.reason).toBeUndefined();
    expect(JSON.stringify(run.calls)).toContain(String(Date.UTC(2026, 2, 10, 0)));
    expect(JSON.stringify(run.calls)).toContain(String(Date.UTC(2026, 2, 10, 18, 0, 0, 500)));
  });
  it('the forms Go refuses are refused before the search', async () => {
    for (const start of goRefuses.filter((s) => s !== '')) {
      expect(await outputs.sent(search(start, '2026-03-11T18:00:00Z'))).toMatchObject({ reason: 'invalid_parameter', calls: [] });
    }
  });
  it('the times are parsed after the group lookup (searchMsgParams), so a group name is looked up before a bad --start is refused', async () => {
    outputs.answer('im/search_groups', { result: [{ openConversationId: 'cid1234567890', title: 'G' }], hasMore: false });
    const run = await outputs.sent(['chat', '+search-msg', '--group', 'G', '--start', 'yesterday', '--end', '2026-03-11T18:00:00Z']);
    expect([run.reason, run.calls.map(([tool]) => tool)]).toEqual(['invalid_parameter', ['im/search_groups']]);
  });
  it('a --start typed with a blank --end is never parsed: the --days window is searched', async () => {
    outputs.answer('im/search_messages', { result: { messages: [], hasMore: false } });
    const run = await outputs.sent(['chat', '+search-msg', '--query', 'q', '--start', 'yesterday', '--end', ' ']);
    expect([run.reason, run.calls.map(([tool]) => tool)]).toEqual([undefined, ['im/search_messages']]);
  });
});

describe('mail attachment download picks the download host as parseMailAccountType / mailUploadBaseURL do (helpers/mail.go:4126-4159, :4330-4368@c7521c1c)', () => {
  afterEach(() => { vi.restoreAllMocks(); });
  /** The host a relative downloadUrl was fetched from, for this list_user_mailboxes answer. */
  const hostFor = async (mailboxes: unknown, email: string) => {
    const real = globalThis.fetch;
    const fetched: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof URL ? input.href : typeof input === 'string' ? input : input.url;
      if (url.includes('.aliyuncs.com/')) {
        fetched.push(new URL(url).host);
        return new Response('bytes');
      }
      return real(input, init);
    });
    outputs.answer('mail/list_user_mailboxes', mailboxes);
    outputs.answer('mail/create_download_session', { result: { downloadUrl: '/v2/stream/abc' } });
    const run = await outputs.sent(['mail', 'attachment', 'download', '--email', email, '--message-id', 'm', '--attachment-id', 'a', '--name', 'x.bin']);
    expect(run.reason).toBeUndefined();
    return fetched;
  };
  it('an object result is where the accounts are read; the answer\'s own emailAccounts are not read then', async () => {
    expect(await hostFor({ result: {}, emailAccounts: [{ email: 'me@x.com', type: 'PERSONAL' }] }, 'me@x.com')).toEqual(['alimail-cn.aliyuncs.com']);
  });
  it('an account whose type is not text is passed over for the next one with the same address', async () => {
    expect(await hostFor({ result: { emailAccounts: [{ email: 'ME@x.com', type: 7 }, { email: 'me@X.com', type: 'personal' }] } }, 'me@x.com')).toEqual(['alimail-personal.aliyuncs.com']);
  });
  it('a PERSONAL account at the top level, without a result object, takes the personal host', async () => {
    expect(await hostFor({ emailAccounts: [{ email: 'me@x.com', type: 'PERSONAL' }] }, 'me@x.com')).toEqual(['alimail-personal.aliyuncs.com']);
  });
});

describe('chat +chat-messages refuses --time/--direction typed with a range flag, as validateChatMessages asks rt.Changed (smart/chat_messages.go:173-180@c7521c1c)', () => {
  const base = ['chat', '+chat-messages', '--group', 'cidABCDEFGHIJKL'];
  const mode = fc.constantFrom<[string, string]>(['--time', '2026-03-10'], ['--time', ''], ['--time', ' '], ['--direction', 'older']);
  const range = fc.constantFrom('--start', '--start-time', '--end', '--end-time');
  it('any of them typed together, a blank value included, is refused before any call', async () => {
    await fc.assert(fc.asyncProperty(mode, range, async ([flag, value], other) => {
      expect(await outputs.sent([...base, flag, value, other, ''])).toMatchObject({ reason: 'invalid_parameter', calls: [] });
    }), { numRuns: 16 });
  });
  it('--time alone, and a range alone, still read the messages', async () => {
    outputs.answer('chat/list_conversation_message_v2', { result: { messages: [], hasMore: false } });
    for (const extra of [['--time', '2026-03-10'], ['--start', '2026-03-10']]) {
      const run = await outputs.sent([...base, ...extra]);
      expect([extra[0], run.reason, run.calls.length > 0]).toEqual([extra[0], undefined, true]);
    }
  });
});
