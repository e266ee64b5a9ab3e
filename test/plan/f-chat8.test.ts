// f-chat8: chat message readers print messages as upstream projects them (chatmsg.ProjectMessageV1 and its four
// wrappers, chatmsg.go:338@c7521c1c; helpers/chat.go:63, chat/chat_message.go:368, smart/chat_messages.go:979,
// smart/search_msg.go:817) and print upstream's one-page payloads (chatmsg.ApplyMessagePagination, chatmsg.go:1005).
// The transforms are tested directly (rows, finders, page fields, properties); the commands are run as a user types
// them against the fake MCP server on 127.0.0.1 (test/plan/output-runs.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransform } from '../../src/plan/transforms/index.js';
import { JsonNumber } from '../../src/json-number.js';
import { transformArgProblem } from '../../src/plan/transforms/index.js';
import { BUSY, useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-f-chat8-');

type Obj = Record<string, unknown>;
const project = (value: unknown, spec: Obj = {}) => applyTransform({ project_messages: spec }, value, 'test') as Obj[];
const page = (answer: unknown, direction?: string, spec: Obj = {}) => applyTransform({ message_page: spec }, { answer, direction }, 'test') as Obj;
/** The row of a message holding only what is named (ProjectMessageV1 always writes sender, text and createTime). */
const row = (extra: Obj) => ({ createTime: null, sender: null, text: null, ...extra });

describe('project_messages reads each field from upstream\'s spellings in upstream\'s order (chatmsg.go:198-330)', () => {
  it('sender: "null" and blank skipped, a nested sender object gives its name, a number is taken as it is', () => {
    expect(project([
      { sender: 'null', senderName: '', senderNick: '张三' },
      { sender: { id: 'u1', nick: ' 李四 ' } },
      { sender: { id: 'u1' }, senderId: 42 },
    ]).map((r) => r.sender)).toEqual(['张三', '李四', 42]);
  });

  it('ids: the first non-blank spelling; senderId from a nested sender first; senderType only when published', () => {
    expect(project([{ openMessageId: ' ', msgId: 'm1', conversationId: 'c1', topicId: 't1', sender: { userId: 'u9', type: 'bot' }, senderUserId: 'u1', type: 'text' }])).toEqual([
      row({ messageId: 'm1', conversationId: 'c1', threadId: 't1', senderId: 'u9', senderType: 'bot', messageType: 'text' }),
    ]);
  });

  it('text: the first non-empty text spelling, one level inside an object; a card\'s item texts; ciphertext marked; other JSON kept', () => {
    const card = '{"title":"自动回复","previewUrl":"x"}\n{"items":[{"data":{"text":"我在休假"}},{"data":{"text":" "}}]}\nempty';
    const cipher = `${'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo='.repeat(2)}||2||1||196`;
    expect(project([
      { text: '', content: { richText: 'rich' } },
      { content: card },
      { msgContent: cipher },
      { content: 'look {"approved":false}' },
    ]).map((r) => r.text)).toEqual(['rich', '我在休假', '[加密消息，无法解码]', 'look {"approved":false}']);
  });

  it('createTime and updateTime: the first present spelling; an updateTime equal to createTime is left out', () => {
    expect(project([{ sendTime: 5, gmtModified: 5 }, { timestamp: 5, editTime: 6 }])).toEqual([row({ createTime: 5 }), row({ createTime: 5, updateTime: 6 })]);
  });

  it('reactions: counts and details from emotionReplyList; an entry with nothing is skipped; reactions: false leaves them out', () => {
    const m = { openMessageId: 'm1', emotionReplyList: [{ emotionName: '赞', replyUsers: ['u1', 'u2'] }, { foo: 1 }, { emoji: 'OK', count: '3' }, { count: 0 }] };
    expect(project([m])).toEqual([row({ messageId: 'm1', reactions: {
      counts: [{ count: 2, emoji: '赞' }, { count: '3', emoji: 'OK' }, { count: 0 }],
      details: [{ emoji: '赞', replyUsers: ['u1', 'u2'] }, { emoji: 'OK' }],
    } })]);
    expect(project([m], { reactions: false })).toEqual([row({ messageId: 'm1' })]);
  });

  it('quotedMessage: one level, only what is there; forwarded messages projected the same way, recursively', () => {
    const m = { openMessageId: 'm1', replyMessage: { msgId: 'q1', senderNick: 'A', content: 'orig', quoted: { openMessageId: 'deeper' } },
      forwardMessages: [{ sender: 'null', senderName: 'B', content: 'f1', forwardMessages: [{ content: 'f2' }] }, 'not a message'] };
    expect(project([m])).toEqual([row({
      messageId: 'm1',
      quotedMessage: { messageId: 'q1', sender: 'A', text: 'orig' },
      forwarded: [row({ sender: 'B', text: 'f1', forwarded: [row({ text: 'f2' })] })],
    })]);
  });

  it('resourceRefs: media and file ids of the message and of its nested messages, with the download arguments and what is missing', () => {
    const m = { openMessageId: 'm1', content: '[文件] 报告.pdf fileId: f1\n注意：如需下载使用dws drive download命令下载',
      images: [{ mediaId: 'md2', fileName: 'a.png' }], quotedMessage: { openMessageId: 'q1', content: 'mediaId=md9' } };
    const [r] = project([{ ...m, openConversationId: 'c1' }]);
    expect(r.text).toBe('[文件] 报告.pdf fileId: f1');
    const media = (id: string, msg: string, extra: Obj = {}) => ({ ...extra, resourceId: id, type: 'mediaId',
      download: { arguments: { 'message-id': msg, 'open-conversation-id': 'c1', 'resource-id': id, type: 'mediaId' }, missing: [], ready: true, shortcut: '+messages-resource-download' } });
    const file = { name: '报告.pdf', resourceId: 'f1', type: 'fileId', download: { arguments: { 'resource-id': 'f1', type: 'fileId' }, missing: [], ready: true, shortcut: '+messages-resource-download' } };
    // the quoted message's own resource carries its own id and the enclosing conversation (ResourcesDeep)
    expect(r.resourceRefs).toEqual([media('md2', 'm1', { name: 'a.png' }), file, media('md9', 'q1')]);
    expect((r.quotedMessage as Obj).resourceRefs).toEqual([{ ...media('md9', 'q1'), download: { arguments: { 'message-id': 'q1', 'resource-id': 'md9', type: 'mediaId' }, missing: ['open-conversation-id'], ready: false, shortcut: '+messages-resource-download' } }]);
  });
});

describe('project_messages: the wrappers as options', () => {
  const m = { openMessageId: 'm1', msgType: 'text', content: 'hi', senderStaffName: 'S', createTime: 7, extra: true };

  it('omit_null and aliases (chat_message.go:368): null sender/text/createTime left out, msgType beside messageType, an empty row dropped or kept', () => {
    const spec = { omit_null: ['sender', 'text', 'createTime'], aliases: { msgType: 'messageType' } };
    expect(project([m, { foo: 1 }], spec)).toEqual([{ createTime: 7, messageId: 'm1', messageType: 'text', msgType: 'text', sender: 'S', text: 'hi' }]);
    expect(project([{ foo: 1 }], { ...spec, keep_empty: true })).toEqual([{}]);
  });

  it('reader: search (search_msg.go:835, :866): sender from the name spellings, then nested, then ids; time always written', () => {
    expect(project([{ senderNick: 'N', sender: 'raw', msgTime: 9 }, { sender: { displayName: 'D' } }, { senderId: 12 }], { reader: 'search' }).map((r) => [r.sender, r.time]))
      .toEqual([['N', 9], ['D', null], ['12', null]]);
  });

  it('reader search / at_me write a numeric sender, text or conversation as FormatFloat f writes the float64 (searchMsgString search_msg.go:884-897, atMeString at_me.go:644-657)', () => {
    const rows = [{ senderId: 1e21, text: 1e-7, conversationId: new JsonNumber('12345678901234567890') }, { senderId: new JsonNumber('1e21'), content: -0 }];
    expect(project(rows, { reader: 'search' }).map((r) => r.sender)).toEqual(['1000000000000000000000', '1000000000000000000000']);
    expect(project(rows, { reader: 'at_me' }).map((r) => [r.sender, r.text, r.conversation])).toEqual([
      ['1000000000000000000000', '0.0000001', '12345678901234567000'],
      ['1000000000000000000000', '-0', null],
    ]);
  });

  it('merge (helpers/chat.go:63): the message\'s own keys kept, messageId and text written, openMessageId and content kept or filled', () => {
    expect(project({ result: { messages: [{ msgId: 'x', sender: null, text: 'raw', body: 'b' }, m] } }, { items: 'list', merge: true })).toEqual([
      { body: 'b', content: 'raw', createTime: null, messageId: 'x', msgId: 'x', openMessageId: 'x', sender: null, text: 'raw' },
      { ...m, messageId: 'm1', messageType: 'text', sender: 'S', text: 'hi' },
    ]);
  });

  it('wrapped: the flags beside the answer; order sorts by createTime, an unreadable time last', () => {
    const list = [{ openMessageId: 'a', createTime: '2026-03-01 10:00:00' }, { openMessageId: 'b' }, { openMessageId: 'c', createTime: 1772400000000 }];
    const ids = (order?: string) => project({ answer: list, order, reactions: false }, { wrapped: true }).map((r) => r.messageId);
    expect([ids('desc'), ids(' ASC '), ids()]).toEqual([['c', 'a', 'b'], ['a', 'c', 'b'], ['a', 'b', 'c']]);
  });
});

describe('project_messages finds the messages as upstream\'s finders do', () => {
  const msg = { openMessageId: 'm' };
  it('list: a list without an object is passed over; result and data objects after the answer', () => {
    expect(project({ messages: [1], result: { list: [msg] } }, { items: 'list' })).toEqual([row({ messageId: 'm' })]);
  });
  it('{keys}: the same walk at the keys given', () => {
    expect(project({ messages: [msg], data: { replies: [{ openMessageId: 'r' }] } }, { items: { keys: ['replies'] } })).toEqual([row({ messageId: 'r' })]);
  });
  it('search: grouped hits flattened, each taking its group\'s conversation, title and singleChat unless it has them', () => {
    const answer = { result: { conversationMessagesList: [{ openConversationId: 'c1', title: 'T', singleChat: false, messages: [msg, { openMessageId: 'n', conversationTitle: 'own' }] }] } };
    expect(project(answer, { items: 'search', merge: true }).map((r) => [r.conversationId, r.conversationTitle, r.singleChat])).toEqual([['c1', 'T', false], ['c1', 'own', false]]);
  });
  it('resolve: the first list at result/data/list/..., even an empty one, or inside one of them', () => {
    expect(project({ result: [], messages: [msg] }, { items: 'resolve' })).toEqual([]);
    expect(project({ data: { records: [msg] } }, { items: 'resolve' })).toEqual([row({ messageId: 'm' })]);
  });
  it('refuses a bad spec at build and a value that is no list without items', () => {
    // specs as a plan file may write them (the type does not allow them)
    const written = (spec: unknown) => transformArgProblem({ project_messages: spec as Obj });
    expect(written({ items: 'x' })).toMatch(/items is one of/u);
    expect(written({ keep_empty: true })).toMatch(/keep_empty/u);
    expect(written({ sort: 1 })).toMatch(/no option "sort"/u);
    expect(() => project({ a: 1 })).toThrow(/a list of messages/u);
  });
});

describe('message_page: one page\'s completeness (chatmsg.ApplyMessagePagination)', () => {
  const base = { contractVersion: 'im.message-list.v1', pagesFetched: 1, enrichedCount: 0 };
  const failed = (hasMore: boolean, paginationKnown: boolean, error: string) => ({ ...base, complete: false, hasMore, paginationKnown, failedCount: 1, failures: [{ stage: 'pagination', error }] });
  it('more with a millisecond cursor: nextPage with the direction, the time in RFC 3339 UTC and the cursor', () => {
    expect(page({ result: { hasMore: true, nextCursor: '1773028800456', messages: [{}] } }, 'older', { items: 'list' })).toEqual({
      ...base, complete: false, hasMore: true, paginationKnown: true, failedCount: 0, failures: [],
      nextPage: { direction: 'older', nextCursor: '1773028800456', time: '2026-03-09T04:00:00.456Z' },
    });
  });
  it('the end: complete, no nextPage', () => {
    expect(page({ has_more: false }, 'newer')).toEqual({ ...base, complete: true, hasMore: false, paginationKnown: true, failedCount: 0, failures: [] });
  });
  it('no boolean hasMore (a cursor alone, or nothing), more with no message, a cursor that is no millisecond count: one failure', () => {
    const noMarks = 'the page does not say whether more follow (no boolean hasMore), so it cannot show the list is complete';
    expect(page({ nextCursor: 5, result: { hasMore: true } })).toEqual(failed(false, false, noMarks));
    expect(page({})).toEqual(failed(false, false, noMarks));
    expect(page({ hasMore: true, nextCursor: 5, messages: [] }, 'older', { items: 'list' })).toEqual(failed(true, true, 'the page says more follow but holds no message'));
    expect(page({ hasMore: true, nextCursor: 1.5 })).toEqual(failed(true, true, 'the page says more follow but its next cursor is not a positive whole number of milliseconds'));
  });
});

// ---- properties ----

const KNOWN = ['openMessageId', 'msgId', 'messageId', 'id', 'sender', 'senderName', 'senderId', 'content', 'text', 'createTime', 'sendTime',
  'updateTime', 'msgType', 'type', 'openConversationId', 'threadId', 'emotionReplyList', 'quotedMessage', 'forwardMessages'];
const ROW_KEYS = new Set(['sender', 'text', 'createTime', 'messageId', 'conversationId', 'threadId', 'senderId', 'senderType', 'messageType', 'updateTime',
  'reactions', 'quotedMessage', 'resourceRefs', 'forwarded']);
const scalar = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.constant(null), fc.boolean());
const unknownKey = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !KNOWN.includes(k) && !/media|file|resource/iu.test(k) && k !== '__proto__');
const message: fc.Arbitrary<Obj> = fc.letrec((tie) => ({
  msg: fc.record({
    known: fc.dictionary(fc.constantFrom(...KNOWN.filter((k) => !['emotionReplyList', 'quotedMessage', 'forwardMessages'].includes(k))), scalar),
    unknown: fc.dictionary(unknownKey, scalar),
    forwarded: fc.option(fc.array(tie('msg'), { maxLength: 2 }), { nil: undefined, depthSize: 'small' }),
    reactions: fc.option(fc.array(fc.record({ emoji: scalar, count: scalar }), { maxLength: 2 }), { nil: undefined }),
  }).map(({ known, unknown, forwarded, reactions }) => ({
    ...unknown, ...known, ...(forwarded ? { forwardMessages: forwarded } : {}), ...(reactions ? { emotionReplyList: reactions } : {}),
  })),
})).msg as fc.Arbitrary<Obj>;

const dropReactions = (r: Obj): Obj => {
  const { reactions: _r, ...rest } = r;
  return Array.isArray(rest.forwarded) ? { ...rest, forwarded: (rest.forwarded as Obj[]).map(dropReactions) } : rest;
};

describe('project_messages properties', () => {
  it('a key the message carries that is no spelling never reaches a row, at any depth', () => {
    const keysOk = (r: Obj): boolean => Object.keys(r).every((k) => ROW_KEYS.has(k)) && ((r.forwarded as Obj[] | undefined) ?? []).every(keysOk);
    fc.assert(fc.property(fc.array(message, { maxLength: 4 }), (ms) => project(ms).every(keysOk)));
  });

  it('every object gives one row (ProjectMessageV1 drops none), and the messages are left as they were', () => {
    fc.assert(fc.property(fc.array(fc.oneof(message, scalar), { maxLength: 5 }), (ms) => {
      const before = structuredClone(ms);
      const rows = project(ms);
      return rows.length === ms.filter((x) => typeof x === 'object' && x !== null).length && JSON.stringify(ms) === JSON.stringify(before);
    }));
  });

  it('reactions: false is the same rows without reactions, in forwarded messages too', () => {
    fc.assert(fc.property(fc.array(message, { maxLength: 4 }), (ms) => {
      expect(project(ms, { reactions: false })).toEqual(project(ms).map(dropReactions));
    }));
  });

  it('is idempotent on plain messages (ids, a sender name, text without JSON, times), as upstream\'s is', () => {
    const text = fc.string({ maxLength: 12 }).filter((s) => !/[{[|]|id/iu.test(s));
    const plain = fc.record({ openMessageId: fc.string({ minLength: 1, maxLength: 5 }), sender: text, content: text, createTime: fc.nat(), updateTime: fc.nat(), msgType: fc.constantFrom('text', 'markdown') }, { requiredKeys: [] });
    fc.assert(fc.property(fc.array(plain, { maxLength: 4 }), (ms) => {
      const once = project(ms);
      expect(project(once)).toEqual(once);
    }));
  });

  it('the keys of each row are in code point order, as Go writes a map', () => {
    fc.assert(fc.property(fc.array(message, { maxLength: 3 }), (ms) => project(ms).every((r) => {
      const keys = Object.keys(r);
      return keys.join('\u0000') === [...keys].sort().join('\u0000');
    })));
  });
});

// ---- the commands, as typed ----

const item = (id: string, content: string, createTime: number, extra: Obj = {}) => ({ openMessageId: id, sender: `S${id}`, content, createTime, ...extra });
const shown = (id: string, content: string, createTime: number, extra: Obj = {}) => ({ createTime, messageId: id, sender: `S${id}`, text: content, ...extra });
const onePage = { contractVersion: 'im.message-list.v1', pagesFetched: 1, enrichedCount: 0, failedCount: 0, failures: [] };

describe('chat message list prints the answer with projected messages (helpers/chat.go:31-101)', () => {
  it('a group: every answer key kept, messages at the top, each message\'s own keys kept beside the projection', async () => {
    const answer = { result: { messages: [item('m1', 'hi', 1, { msgType: 'text', extra: 1 })], hasMore: false }, success: true };
    const r = await runs.paged(['chat', 'message', 'list', '--conversation-id', 'cid1', '--time', '2026-03-01 00:00:00'], 'chat/list_conversation_message_v2', [answer]);
    expect(r.printed).toEqual({ ...answer, messages: [{ ...item('m1', 'hi', 1, { msgType: 'text', extra: 1 }), messageId: 'm1', messageType: 'text', text: 'hi' }] });
  });

  it('an answer without messages gets an empty list', async () => {
    const r = await runs.paged(['chat', 'message', 'list', '--user', 'u1'], 'chat/list_individual_chat_message', [{ result: { hasMore: false } }]);
    expect(r.printed).toEqual({ result: { hasMore: false }, messages: [] });
  });
});

describe('chat message search prints the answer with the grouped hits flattened and projected (helpers/chat.go:1102)', () => {
  it('one page', async () => {
    const answer = { result: { conversationMessagesList: [{ openConversationId: 'c1', title: 'T', messages: [{ openMsgId: 'm1', content: 'x' }] }], hasMore: false } };
    const r = await runs.paged(['chat', 'message', 'search', '--query', 'x'], 'chat/search_messages_by_keyword', [answer]);
    expect(r.printed).toEqual({ ...answer, messages: [{ openMsgId: 'm1', content: 'x', openConversationId: 'c1', conversationTitle: 'T', conversationId: 'c1',
      createTime: null, messageId: 'm1', openMessageId: 'm1', sender: null, text: 'x' }] });
  });
});

describe('chat +messages-list and +messages-list-direct print {count, messages} and one page\'s completeness (chat_message.go:307-329, :501-539)', () => {
  it('+messages-list: more follow: nextPage newer (--forward defaults to true), --no-reactions honoured', async () => {
    const r = await runs.paged(['chat', '+messages-list', '--group', 'cid1', '--time', '2026-03-01 00:00:00', '--no-reactions'], 'chat/list_conversation_message_v2', [
      { result: { messages: [item('m1', 'hi', 1, { msgType: 'text', emotionReplyList: [{ emoji: 'A' }] }), { foo: 1 }], hasMore: true, nextCursor: 1772323200000 } },
    ]);
    expect(r.printed).toEqual({ ...onePage, count: 1, messages: [shown('m1', 'hi', 1, { messageType: 'text', msgType: 'text' })], hasMore: true, complete: false,
      paginationKnown: true, nextPage: { direction: 'newer', nextCursor: 1772323200000, time: '2026-03-01T00:00:00Z' } });
  });

  it('+messages-list-direct: one complete page ends source_complete; a page without hasMore lists the failure, single_page', async () => {
    const argv = ['chat', '+messages-list-direct', '--user', 'u1', '--time', '2026-03-01 00:00:00', '--forward=false'];
    const done = await runs.paged(argv, 'chat/list_individual_chat_message', [{ result: [item('m1', 'a', 1)], hasMore: false }]);
    expect(done.printed).toEqual({ ...onePage, count: 1, messages: [shown('m1', 'a', 1)], hasMore: false, complete: true, paginationKnown: true, stopReason: 'source_complete' });
    const unknown = await runs.paged(argv, 'chat/list_individual_chat_message', [{ result: [item('m1', 'a', 1)] }]);
    expect(unknown.printed).toMatchObject({ count: 1, hasMore: false, complete: false, paginationKnown: false, failedCount: 1, stopReason: 'single_page' });
    expect(unknown.exit).toBe(0);
  });
});

describe('chat +messages-mget prints which ids came back (chat_message.go:883-922)', () => {
  it('the found messages projected, the missing ids listed as failures', async () => {
    runs.answer('im/list_messages_by_ids', { result: [item('m1', 'x', 1)] });
    expect(await runs.run(['chat', '+messages-mget', '--msg-ids', 'm1, m2,m1'])).toEqual({
      contractVersion: 'im.message-list.v1', messages: [shown('m1', 'x', 1)], requestedCount: 2, foundCount: 1, notFoundCount: 1, notFoundMessageIds: ['m2'],
      complete: false, hasMore: false, nextCursor: '', paginationKnown: true, pagesFetched: 1, enrichedCount: 0, failedCount: 1,
      failures: [{ stage: 'mget', messageId: 'm2', error: 'the backend did not return this message' }],
    });
  });
});

describe('chat +chat-messages one page (chat_messages.go:650-687)', () => {
  const argv = ['chat', '+chat-messages', '--conversation-id', 'cid1', '--time', '2026-03-01 00:00:00'];
  it('newest first, projected, the page payload; --no-reactions honoured', async () => {
    const r = await runs.paged([...argv, '--no-reactions'], 'chat/list_conversation_message_v2', [
      { result: { messages: [item('m1', 'old', 1000, { emotionReplyList: [{ emoji: '赞' }] }), item('m2', 'new', 2000)], hasMore: false } },
    ]);
    expect(r.printed).toEqual({ ...onePage, count: 2, messages: [shown('m2', 'new', 2000), shown('m1', 'old', 1000)], hasMore: false, complete: true,
      paginationKnown: true, partial: false, truncated: false, stopReason: 'source_complete',
      // h46-a5: attachUnfilteredSenderIdentitySemantics (smart/chat_messages.go:484-498@c7521c1c)
      senderFilter: { requested: false, applied: false, status: 'not_requested' }, identityResult: expect.objectContaining({ status: 'requires_query_check', negativeConclusionAllowed: false }) });
  });

  it('a range run that reaches its start on the page: complete, range_start, no nextPage', async () => {
    const r = await runs.paged(['chat', '+chat-messages', '--conversation-id', 'cid1', '--start', '2026-03-01 00:00:00', '--end', '2026-03-02 00:00:00'], 'chat/list_conversation_message_v2', [
      { result: { messages: [item('m2', 'in', 1772330000000), item('m1', 'before', 1772200000000)], hasMore: true, nextCursor: 1772200000000 } },
    ]);
    expect(r.printed).toMatchObject({ count: 1, messages: [shown('m2', 'in', 1772330000000)], complete: true, hasMore: false, stopReason: 'range_start' });
    expect(r.printed).not.toHaveProperty('nextPage');
  });
});

describe('chat +thread-replies one page (thread_replies.go:311-361) and the result contract', () => {
  it('a next cursor that is not milliseconds: listed, pagination unknown, pagination_error, exit 0', async () => {
    const r = await runs.paged(['chat', '+thread-replies', '--group', 'cid1', '--thread-id', 't1'], 'chat/list_topic_replies', [
      { result: { replies: [item('r1', 'x', 1000)], hasMore: true, nextCursor: 'bad' } },
    ]);
    expect(r.exit).toBe(0);
    expect(r.printed).toEqual({ contractVersion: 'im.message-list.v1', replies: [shown('r1', 'x', 1000)], count: 1, pagesFetched: 1, paginationKnown: false,
      complete: false, hasMore: true, failedCount: 1, failures: [{ stage: 'pagination', error: 'the page says more follow but its next cursor is not a whole number of milliseconds' }],
      partial: false, stopReason: 'pagination_error', order: 'desc', orderScope: 'fetched_pages', conversationId: 'cid1', threadId: 't1' });
  });

  it('from the root message: the resolved conversation and thread, and resolvedFromMessageId', async () => {
    runs.answer('im/list_messages_by_ids', { result: [{ openMessageId: 'root', openConversationId: 'cidR', threadId: 'tR' }] });
    const r = await runs.paged(['chat', '+thread-replies', '--message-id', 'root'], 'chat/list_topic_replies', [{ replies: [], hasMore: false }]);
    expect(r.printed).toMatchObject({ count: 0, complete: true, stopReason: 'source_complete', orderScope: 'complete_result', conversationId: 'cidR', threadId: 'tR', resolvedFromMessageId: 'root' });
  });

  it('--page-all: a later failing read lists the projected replies read in the ledger', async () => {
    const r = await runs.paged(['chat', '+thread-replies', '--group', 'cid1', '--thread-id', 't1', '--page-all', '--no-reactions'], 'chat/list_topic_replies', [
      { result: { replies: [item('r1', 'x', 1000, { emotionReplyList: [{ emoji: 'A' }] })], hasMore: true, nextCursor: 1773028800000 } }, BUSY,
    ]);
    expect(r.envelope?.error.reason).toBe('pages_incomplete');
    expect(r.envelope?.ledger).toMatchObject({ replies: [shown('r1', 'x', 1000)], count: 1, partial: true, orderScope: 'fetched_pages', conversationId: 'cid1' });
  });
});
