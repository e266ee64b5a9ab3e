// Session 37, helper left (issue 32 left-overs of the session-36 audits, notes/h37-left.md): each command run as a
// user types it against the recording backend on 127.0.0.1, checked against upstream's body at c7521c1c.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h37left-');

/** Any JSON value as it survives a round trip (no -0, no undefined). */
const jsonValue = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);

// 1. Without --page-all upstream's RunPagedMCPCommand calls the config's Fallback (paged_command.go:72-74@c7521c1c):
// callMCPTool / callMCPToolOnServer for list-all, list-by-sender and search-advanced (pagedChatMessagesConfig
// chat.go:1089-1091, pagedChatConversationMessagesOnServerConfig :1113-1120), which print the answer as it came.
describe('chat message list-all / list-by-sender / search-advanced / list-favorites / list-focused without --page-all print the one answer as it came', () => {
  const plain: { argv: string[]; tool: string; key?: string }[] = [
    { argv: ['chat', 'message', 'list-all', '--start', '2026-03-10 00:00:00', '--end', '2026-03-11 00:00:00'], tool: 'chat/search_messages_by_time_range' },
    { argv: ['chat', 'message', 'list-by-sender', '--sender-user-id', 'u1', '--start', '2026-03-10', '--end', '2026-03-11'], tool: 'chat/search_messages_by_sender' },
    { argv: ['chat', 'message', 'search-advanced', '--query', 'q'], tool: 'im/search_messages' },
    // siblings on the same Fallback: list-favorites (pagedChatMessagesOnServerConfig :1122-1129, its items result.items,
    // :8632-8637) and list-focused (pagedChatMessagesInt64Config :1131-1135, result.messages)
    { argv: ['chat', 'message', 'list-favorites'], tool: 'im/list_message_favorites', key: 'items' },
    { argv: ['chat', 'message', 'list-focused'], tool: 'chat/list_special_focus_messages', key: 'messages' },
  ];
  for (const c of plain) {
    it(`${c.argv.slice(0, 3).join(' ')}: a list key holding null is printed as null, not []`, async () => {
      const answer = { success: true, result: { [c.key ?? 'conversationMessagesList']: null, hasMore: false } };
      const r = await outputs.paged(c.argv, c.tool, [answer]);
      expect(r).toMatchObject({ exit: 0, printed: answer });
      expect(r.sent).toHaveLength(1);
    });
    it(`${c.argv.slice(0, 3).join(' ')}: whatever the list key and hasMore hold, the one page prints as it came`, async () => {
      await fc.assert(fc.asyncProperty(jsonValue, jsonValue, async (held, more) => {
        const answer = { success: true, result: { [c.key ?? 'conversationMessagesList']: held, hasMore: more, nextCursor: '7' } };
        const r = await outputs.paged(c.argv, c.tool, [answer]);
        expect(r).toMatchObject({ exit: 0, printed: answer });
        expect(r.sent).toHaveLength(1);
      }), { numRuns: 25 });
    });
  }
});

// chat message search's Fallback is callProjectedChatMessages (pagedProjectedChatSearchConfig chat.go:1102-1108,
// :31-60@c7521c1c): the decoded answer printed whole with `messages` (projectChatMessagesPayload :63-101) beside it.
describe('chat message search without a group or --page-all prints callProjectedChatMessages\' payload', () => {
  const argv = ['chat', 'message', 'search', '--query', 'q', '--start', '2026-03-10', '--end', '2026-03-11'];
  it('a conversationMessagesList holding null, a text, an object or a number is kept, with messages []', async () => {
    for (const held of [null, 'x', { a: 1 }, 3]) {
      const answer = { success: true, result: { conversationMessagesList: held, hasMore: true, nextCursor: '9' } };
      const r = await outputs.paged(argv, 'chat/search_messages_by_keyword', [answer]);
      expect(r).toMatchObject({ exit: 0, printed: { ...answer, messages: [] } });
      expect(r.sent).toHaveLength(1);
    }
  });
  it('for any held value the answer\'s own keys print as they came', async () => {
    await fc.assert(fc.asyncProperty(jsonValue, async (held) => {
      const answer = { success: true, result: { conversationMessagesList: held, hasMore: false } };
      const r = await outputs.paged(argv, 'chat/search_messages_by_keyword', [answer]);
      expect(r.exit).toBe(0);
      const { messages, ...rest } = r.printed!;
      expect(rest).toEqual(answer);
      expect(Array.isArray(messages)).toBe(true);
    }), { numRuns: 25 });
  });
});

// 2. normalizeMentionUserIDs (shortcut/doc/review_shortcuts.go:164-189@c7521c1c), shared by +comment-create (:121),
// +comment-update (:70) and +comment-reply (doc.go:570): one --mention value starting with `[` is read by
// json.Decoder.Decode, which takes the first JSON value and leaves the text after it unread; strings and numbers (their
// text as written) are kept, trimmed, blanks dropped; anything else, or no id left, is refused.
describe('doc +comment-create / +comment-reply / +comment-update read --mention as normalizeMentionUserIDs does', () => {
  const commands: { argv: string[]; tool: string }[] = [
    { argv: ['doc', '+comment-create', '--node', 'n', '--content', 'c', '--yes'], tool: 'doc-comment/create_comment' },
    { argv: ['doc', '+comment-reply', '--node', 'n', '--content', 'c', '--comment-key', 'k', '--yes'], tool: 'doc-comment/reply_comment' },
    { argv: ['doc', '+comment-update', '--node', 'n', '--content', 'c', '--comment-key', 'k', '--yes'], tool: 'doc-comment/update_comment' },
  ];
  /** A JSON list element as written, and what upstream keeps of it (undefined: the list is refused). */
  const element = fc.oneof(
    fc.stringMatching(/^[ a-z0-9é]{0,4}$/).map((s) => ({ text: JSON.stringify(s), kept: s.trim() as string | undefined })),
    fc.stringMatching(/^-?(0|[1-9][0-9]{0,3})(\.[0-9]{1,2})?$/).map((n) => ({ text: n, kept: n as string | undefined })),
    fc.constantFrom('true', 'null', '{}', '[]').map((t) => ({ text: t, kept: undefined as string | undefined })),
  );
  /** What follows the list: the decoder never reads it. */
  const tail = fc.stringMatching(/^[ a-z0-9\],[]{0,5}$/);
  /** The one --mention value, CSV-quoted as pflag's StringSlice reads a field holding commas and quotes. */
  const csvField = (text: string) => `"${text.replaceAll('"', '""')}"`;
  for (const c of commands) {
    it(`${c.argv.slice(0, 2).join(' ')}: a JSON list followed by other text sends the list ([12] tail sends ["12"])`, async () => {
      const run = await outputs.sent([...c.argv, '--mention', '[12] tail']);
      expect(run.reason).toBeUndefined();
      expect(run.calls).toEqual([[c.tool, expect.objectContaining({ mentionedUserIds: ['12'] })]]);
    });
    it(`${c.argv.slice(0, 2).join(' ')}: for any list and tail, sends or refuses as upstream`, async () => {
      await fc.assert(fc.asyncProperty(fc.array(element, { maxLength: 3 }), tail, fc.constantFrom('', ' ', '\n'), async (list, after, lead) => {
        const text = `${lead}[${list.map((e) => e.text).join(', ')}]${after}`;
        const refused = list.some((e) => e.kept === undefined);
        const ids = list.map((e) => e.kept!).filter((k) => k !== '');
        const run = await outputs.sent([...c.argv, '--mention', csvField(text)]);
        if (refused || ids.length === 0) {
          expect(run).toMatchObject({ category: 'validation', calls: [] });
        } else {
          expect(run.reason).toBeUndefined();
          expect(run.calls).toEqual([[c.tool, expect.objectContaining({ mentionedUserIds: ids })]]);
        }
      }), { numRuns: 40 });
    });
  }
});

// 3. chat +my-groups --type: myGroupsPayload / myGroupsMatchesFilter (shortcut/smart/my_groups.go:154-168, :318-325@c7521c1c)
// compare the type myGroupsProject gives (:368-383), myGroupsStr over groupType, conversationType, type, chatType
// (:384-397): the first non-blank text (trimmed), number or boolean; any other value (an object, a list, null) is skipped.
describe('chat +my-groups --type keeps the groups whose myGroupsStr type equals the filter, ignoring case', () => {
  const spellings = ['groupType', 'conversationType', 'type', 'chatType'] as const;
  const typeValue = fc.constantFrom<unknown>(undefined, null, '', ' ', 'group', ' Group ', 'dept', 1, 2.5, true, { a: 1 }, ['group'], []);
  /** upstream's myGroupsStr over the type spellings. */
  const goType = (row: Record<string, unknown>): string => {
    for (const key of spellings) {
      const v = row[key];
      if (typeof v === 'string' && v.trim() !== '') return v.trim();
      if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    }
    return '';
  };
  it('a groupType holding an object or a list is skipped for the next spelling', async () => {
    outputs.answer('im/list_my_groups_pagination', {
      result: [
        { openConversationId: 'c1', groupType: { a: 1 }, conversationType: 'group' },
        { openConversationId: 'c2', groupType: ['x'], type: 'GROUP' },
        { openConversationId: 'c3', groupType: 'dept' },
      ],
      hasMore: false,
    });
    const run = await outputs.sent(['chat', '+my-groups', '--type', 'group']);
    expect(run.printed).toMatchObject({ count: 2, groups: [{ conversationId: 'c1', type: 'group' }, { conversationId: 'c2', type: 'GROUP' }] });
  });
  it('for any rows and filter, the groups kept are upstream\'s', async () => {
    const row = fc.tuple(typeValue, typeValue, typeValue, typeValue);
    await fc.assert(fc.asyncProperty(fc.array(row, { maxLength: 5 }), fc.constantFrom('group', 'GROUP', ' dept', '1', 'true', '2.5'), async (rows, filter) => {
      const groups = rows.map((values, i) => {
        const g: Record<string, unknown> = { openConversationId: `c${i}` };
        values.forEach((v, k) => { if (v !== undefined) g[spellings[k]] = v; });
        return g;
      });
      outputs.answer('im/list_my_groups_pagination', { result: groups, hasMore: false });
      const run = await outputs.sent(['chat', '+my-groups', '--type', filter]);
      const want = groups.filter((g) => goType(g).toLowerCase() === filter.trim().toLowerCase()).map((g) => g.openConversationId);
      expect((run.printed as { groups: { conversationId: string }[] }).groups.map((g) => g.conversationId)).toEqual(want);
    }), { numRuns: 40 });
  });
});

// 4. chat +messages-resource-download: resourceDownloadInfo (shortcut/chat/resource_download.go:284-291@c7521c1c) keeps a
// header only when its value is text and its name is not blank after strings.TrimSpace.
describe('chat +messages-resource-download sends the answer\'s text headers whose names are not blank', () => {
  const { mcp } = outputs;
  const argv = ['chat', '+messages-resource-download', '--open-conversation-id', 'cid1', '--message-id', 'm1', '--resource-id', 'r1', '--output', 'c.bin'];
  it('a blank-named header is dropped and the download goes on with the others', async () => {
    mcp.files['h.bin'] = Buffer.from('one\n');
    mcp.fetched.length = 0;
    outputs.answer('im/get_resource_download_url', { result: { resourceUrl: `${mcp.base}/files/h.bin`, headers: { '': 'blank', ' \t': 'spaces', 'x-a': 'one', 'x-n': 5 } } });
    const r = await outputs.sent(argv);
    const got = mcp.fetched[0]?.headers ?? {};
    expect([r.reason, mcp.fetched.length, got['x-a'], got['x-n']]).toEqual([undefined, 1, 'one', undefined]);
  });
});

// 4. todo task add-attachment: parseTodoFileUploadInfo (helpers/todo.go:1936-1966@c7521c1c) reads the credentials in
// `result` when that is an object, else at the top, and sends the headers of both `headers` and `ossHeaders` (the
// latter last), each value as stringFromJSONScalar writes it (chat.go:1809-1828: a text trimmed, a number as its
// text; anything else, or a blank, dropped).
describe('todo task add-attachment PUTs with the headers parseTodoFileUploadInfo reads', () => {
  const { mcp } = outputs;
  it('headers and ossHeaders merged, texts trimmed, numbers as text, other values and the top level ignored', async () => {
    mcp.uploads.length = 0;
    outputs.answer('todo/init_todo_file_upload', {
      headers: { 'x-t': 'top' },
      result: {
        resourceUrl: `${mcp.base}/upload/a.txt`, uploadKey: 'k1',
        headers: { 'x-a': ' one ', 'x-n': 5, 'x-b': true, 'x-o': { k: 1 }, 'x-e': '  ' },
        ossHeaders: { 'x-c': 'three', 'x-a': 'over' },
      },
    });
    outputs.answer('todo/commit_todo_file_upload', { result: { dentryId: 7, spaceId: 8 } });
    const r = await outputs.sent(['todo', 'task', 'add-attachment', '--task-id', '100', '--file-path', 'a.txt'], { 'a.txt': 'hello' });
    expect(r.reason).toBeUndefined();
    const h = mcp.uploads[0]?.headers ?? {};
    expect({ a: h['x-a'], n: h['x-n'], b: h['x-b'], o: h['x-o'], e: h['x-e'], c: h['x-c'], t: h['x-t'] })
      .toEqual({ a: 'over', n: '5', b: undefined, o: undefined, e: undefined, c: 'three', t: undefined });
  });
});

// doc upload: parseUploadInfo (helpers/doc.go:262-292@c7521c1c) keeps the headers of the credentials object (`result`
// when that is an object, else the answer) whose values are text.
describe('doc upload PUTs only the text-valued headers parseUploadInfo reads', () => {
  const { mcp } = outputs;
  it('a number, boolean or object header value is dropped', async () => {
    mcp.uploads.length = 0;
    outputs.answer('doc/get_file_upload_info', { result: { resourceUrl: `${mcp.base}/upload/u.txt`, uploadKey: 'k', headers: { 'x-a': 'one', 'x-n': 5, 'x-b': true, 'x-o': { k: 1 } } } });
    const r = await outputs.sent(['doc', 'upload', '--file', 'u.txt', '--yes'], { 'u.txt': 'hello' });
    expect(r.reason).toBeUndefined();
    const h = mcp.uploads[0]?.headers ?? {};
    expect({ a: h['x-a'], n: h['x-n'], b: h['x-b'], o: h['x-o'] }).toEqual({ a: 'one', n: undefined, b: undefined, o: undefined });
  });
});
