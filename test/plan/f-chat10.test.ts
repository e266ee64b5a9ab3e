// f-chat10: the chat message readers' remaining payload parts, as upstream's bodies print them at c7521c1c.
// +search-msg (smart/search_msg.go): the sender scope (filterSearchSenderScope :646, searchUnverifiedSenderInputs :678,
// the senderScope payload :325), resolvedFilters (:322, :416), the scope payload (:337, :632), enrichment failures per
// chunk of 50 (enrichSearchMessages :735-805) and hits deduplicated by message id across pages (:190-199).
// Commands run as a user types them against the fake MCP server on 127.0.0.1 (test/plan/output-runs.ts).
import { describe, expect, it } from 'vitest';
import { BUSY, useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-f-chat10-');

type Obj = Record<string, unknown>;
const hit = (id: string, senderId: string | undefined, createTime: number, extra: Obj = {}) =>
  ({ openMessageId: id, senderNick: `S${id}`, content: `text ${id}`, createTime, ...(senderId === undefined ? {} : { senderId }), ...extra });
const RANGE = ['--start', '2026-03-01T00:00:00+08:00', '--end', '2026-03-02T00:00:00+08:00'];
const QUERY_RANGE = { order: 'desc', semantics: '[start,end)', startTime: '2026-03-01T00:00:00+08:00', endTime: '2026-03-02T00:00:00+08:00' };
const TIME_COVERAGE = { source: 'explicit_range', allHistory: false };
const guard = (complete: boolean) => ({
  absenceWithinQueryRangeAllowed: complete, absenceAcrossAllHistoryAllowed: false, allHistoryCountAllowed: false,
  requiredActionForAllHistory: 'widen_time_range_or_reuse_complete_message_ledger',
});
const row = (id: string, senderId: string | undefined, createTime: number) => ({
  createTime, messageId: id, sender: `S${id}`, text: `text ${id}`, time: createTime, ...(senderId === undefined ? {} : { senderId }),
});

describe('chat +search-msg keeps only the messages of the senders asked for (search_msg.go:646-676, :325-336)', () => {
  it('a name resolved in the directory: sent as its openDingTalkId, other senders dropped, resolvedFilters and senderScope printed', async () => {
    runs.answer('contact/search_contact_by_key_word', { result: [{ name: '王五', userId: 'u5', openDingTalkId: 'od5' }], hasMore: false });
    const r = await runs.paged(['chat', '+search-msg', '--senders', '王五', '--no-enrich', ...RANGE], 'im/search_messages', [
      { result: { messages: [hit('m1', 'od5', 1000), hit('m2', 'u9', 2000), hit('m3', 'u5', 3000)], hasMore: false } },
    ]);
    expect(r.exit).toBe(0);
    expect(r.sent[1]).toMatchObject({ senderOpenDingTakIds: ['od5'] });
    expect(r.sent[1]).not.toHaveProperty('senderUserIds');
    expect(r.printed).toEqual({
      contractVersion: 'im.message-list.v1',
      count: 2,
      messages: [row('m3', 'u5', 3000), row('m1', 'od5', 1000)],
      pagesFetched: 1, enrichedCount: 0, complete: true, hasMore: false, nextCursor: '', paginationKnown: true,
      failedCount: 0, failures: [],
      queryRange: QUERY_RANGE, timeCoverage: TIME_COVERAGE, conclusionGuard: guard(true),
      resolvedFilters: {
        senders: [{ status: 'resolved', entityType: 'user', query: '王五', matchType: 'exact', selected: { userId: 'u5', openDingTalkId: 'od5', name: '王五' } }],
      },
      senderScope: { targetsResolved: true, filterApplied: true, filterMode: 'server_and_client', resultsWithinScope: true },
    });
  });

  it('a value the directory cannot classify is searched as an exact userId, listed as unverified, and the run is not complete', async () => {
    runs.answer('contact/search_contact_by_key_word', { result: [], hasMore: false });
    const r = await runs.paged(['chat', '+search-msg', '--sender', 'u404', '--no-enrich', ...RANGE], 'im/search_messages', [
      { result: { messages: [hit('m1', 'u404', 1000)], hasMore: false } },
    ]);
    expect(r.exit).toBe(0);
    expect(r.sent[1]).toMatchObject({ senderUserIds: ['u404'] });
    expect(r.printed).toMatchObject({
      count: 1,
      complete: false,
      failedCount: 1,
      failures: [{ stage: 'sender_identity_verification', inputs: ['u404'], error: expect.any(String) }],
      conclusionGuard: guard(false),
      resolvedFilters: { senders: [{ status: 'resolved', entityType: 'user', query: 'u404', matchType: 'unverified_user_id', selected: { userId: 'u404' } }] },
      senderScope: {
        targetsResolved: false, filterApplied: true, filterMode: 'server_and_client', resultsWithinScope: true,
        status: 'identity_unverified', unverifiedInputs: ['u404'],
      },
    });
  });

  it('a hit without a sender id under a sender filter stops the run with nothing printed (search_sender_scope_unverified)', async () => {
    runs.answer('contact/search_contact_by_key_word', { result: [{ name: '王五', userId: 'u5' }], hasMore: false });
    const r = await runs.paged(['chat', '+search-msg', '--senders', '王五', '--no-enrich', ...RANGE], 'im/search_messages', [
      { result: { messages: [hit('m1', 'u5', 1000), hit('m2', undefined, 2000)], hasMore: false } },
    ]);
    expect(r.printed).toBeUndefined();
    expect(r.exit).not.toBe(0);
    expect(r.envelope?.error.reason).toBe('backend_error');
    expect((r.envelope as Obj | undefined)?.details).toEqual({ requestedSenders: ['王五'], unverifiableMessageIds: ['m2'] });
  });

  it('without a sender filter a hit without a sender id is printed as it came', async () => {
    const r = await runs.paged(['chat', '+search-msg', '--query', 'x', '--no-enrich', ...RANGE], 'im/search_messages', [
      { result: { messages: [hit('m2', undefined, 2000)], hasMore: false } },
    ]);
    expect(r.printed).toMatchObject({ count: 1, messages: [row('m2', undefined, 2000)] });
    expect(r.printed).not.toHaveProperty('senderScope');
    expect(r.printed).not.toHaveProperty('resolvedFilters');
  });
});

describe('chat +search-msg prints the groups it resolved and the conversation scope (search_msg.go:322, :337, :632)', () => {
  it('a group name: resolvedFilters.chats names the group chosen; scope lists the ids and says whether the scan was complete', async () => {
    runs.answer('im/search_groups', { result: [{ title: '项目群', openConversationId: 'cidPROJECT0001' }], hasMore: false });
    runs.answer('chat/get_conversation_info', { result: { openConversationId: 'cidPROJECT0001' } });
    const r = await runs.paged(['chat', '+search-msg', '--group', '项目群', '--no-enrich', ...RANGE], 'im/search_messages', [
      { result: { messages: [hit('m1', 'u1', 1000, { openConversationId: 'cidPROJECT0001' }), hit('m2', 'u2', 2000, { openConversationId: 'cidOTHER000001' })], hasMore: false } },
    ]);
    expect(r.exit).toBe(0);
    expect(r.printed).toMatchObject({
      count: 1,
      resolvedFilters: { chats: [{ status: 'resolved', entityType: 'chat', query: '项目群', matchType: 'exact', selected: { openConversationId: 'cidPROJECT0001', name: '项目群' } }] },
      scope: { requestedConversationIds: ['cidPROJECT0001'], targetsValidated: true, filterApplied: true, filterMode: 'client', resultsWithinScope: true, sourceComplete: true },
    });
    expect(r.printed).not.toHaveProperty('senderScope');
  });

  it('a group given by its id: no resolvedFilters; a scan left with more pages says sourceComplete false', async () => {
    runs.answer('chat/get_conversation_info', { result: { openConversationId: 'cidPROJECT0001' } });
    const r = await runs.paged(['chat', '+search-msg', '--group', 'cidPROJECT0001', '--page-limit', '1', '--no-enrich', ...RANGE], 'im/search_messages', [
      { result: { messages: [hit('m1', 'u1', 1000, { openConversationId: 'cidPROJECT0001' })], hasMore: true, nextCursor: 'c2' } },
    ]);
    expect(r.printed).not.toHaveProperty('resolvedFilters');
    expect(r.printed).toMatchObject({ count: 1, hasMore: true, complete: false, scope: { requestedConversationIds: ['cidPROJECT0001'], sourceComplete: false } });
  });
});

describe('chat +search-msg enriches in chunks of 50 and lists each chunk\'s failure (search_msg.go:735-785)', () => {
  const many = Array.from({ length: 52 }, (_, i) => hit(`m${String(i + 1).padStart(2, '0')}`, 'u1', 1000 + i));
  const ids = many.map((m) => m.openMessageId);

  it('a failed chunk is listed with its ids and the next chunk is read; its missing ids are listed for it', async () => {
    runs.mcp.answers['im/list_messages_by_ids'] = (_args, n) => (n === 0 ? BUSY : { result: [{ openMessageId: 'm51', content: '完整' }] });
    const r = await runs.paged(['chat', '+search-msg', '--query', 'x', ...RANGE], 'im/search_messages', [{ result: { messages: many, hasMore: false } }]);
    expect(r.exit).toBe(0);
    expect(r.sent.slice(1)).toEqual([{ openMsgIds: ids.slice(0, 50) }, { openMsgIds: ids.slice(50) }]);
    expect(r.printed).toMatchObject({ count: 52, enrichedCount: 1, complete: false, failedCount: 2 });
    expect(r.printed?.failures).toEqual([
      { stage: 'message-enrichment', messageIds: ids.slice(0, 50), error: expect.stringContaining('服务繁忙') },
      { stage: 'message-enrichment', missingMessageIds: ['m52'], error: 'the backend did not return every message asked for' },
    ]);
    expect((r.printed?.messages as Obj[]).find((m) => m.messageId === 'm51')).toMatchObject({ text: '完整' });
  });

  it('every chunk answered in full: no failure, every hit enriched', async () => {
    runs.mcp.answers['im/list_messages_by_ids'] = (args) => ({ result: (args.openMsgIds as string[]).map((id) => ({ openMessageId: id })) });
    const r = await runs.paged(['chat', '+search-msg', '--query', 'x', ...RANGE], 'im/search_messages', [{ result: { messages: many, hasMore: false } }]);
    expect(r.printed).toMatchObject({ count: 52, enrichedCount: 52, complete: true, failedCount: 0, failures: [] });
  });
});

describe('chat +search-msg drops a message id repeated on a later page (search_msg.go:190-199)', () => {
  it('--page-all: a hit seen on page 1 is not printed again, nor asked for twice', async () => {
    runs.mcp.answers['im/list_messages_by_ids'] = (args) => ({ result: (args.openMsgIds as string[]).map((id) => ({ openMessageId: id })) });
    const r = await runs.paged(['chat', '+search-msg', '--query', 'x', '--page-all', ...RANGE], 'im/search_messages', [
      { result: { messages: [hit('m1', 'u1', 1000), hit('m2', 'u1', 2000)], hasMore: true, nextCursor: 'c2' } },
      { result: { messages: [hit('m2', 'u1', 2000), { ...hit('x', 'u1', 3000), openMessageId: undefined, msgId: 'm3' }], hasMore: false } },
    ]);
    expect((r.printed?.messages as Obj[]).map((m) => m.messageId)).toEqual(['m3', 'm2', 'm1']);
    expect(r.printed).toMatchObject({ count: 3, pagesFetched: 2, enrichedCount: 3, complete: true });
    expect(r.sent.at(-1)).toEqual({ openMsgIds: ['m1', 'm2', 'm3'] });
  });
});

// --page-all payloads print the next page the run accepted while more follow: chat_messages.go:811-815, :854-858,
// :883-885; thread_replies.go:447-451, :470-472; chat_message.go:626-628, :651-653 (readAllDirectMessages).
const msg = (id: string, createTime: number) => ({ openMessageId: id, senderNick: `S${id}`, content: `text ${id}`, createTime });
const MS2 = 1772330000000;
const MS3 = 1772320000000;
const T3 = '2026-02-28T23:06:40Z';

describe('the --page-all message readers print nextPage while more follow', () => {
  it('+chat-messages: the page limit reached with more left gives the next page to read, its direction and time', async () => {
    const r = await runs.paged(['chat', '+chat-messages', '--conversation-id', 'cid1', '--page-all', '--page-limit', '2'], 'chat/list_conversation_message_v2', [
      { result: { messages: [msg('m1', 1772340000000)], hasMore: true, nextCursor: MS2 } },
      { result: { messages: [msg('m2', MS2)], hasMore: true, nextCursor: String(MS3) } },
    ]);
    expect(r.exit).toBe(0);
    expect(r.printed).toMatchObject({ count: 2, hasMore: true, complete: false, stopReason: 'page_limit', truncatedByPageLimit: true, truncated: true });
    expect(r.printed?.nextPage).toEqual({ direction: 'older', nextCursor: String(MS3), time: T3 });
    expect(r.sent[1]).toMatchObject({ time: '2026-03-01T01:53:20Z' });
  });

  it('+chat-messages: --direction newer is the next page\'s direction; a run that read to the end has no nextPage', async () => {
    const more = await runs.paged(['chat', '+chat-messages', '--conversation-id', 'cid1', '--direction', 'newer', '--page-all', '--page-limit', '1'], 'chat/list_conversation_message_v2', [
      { result: { messages: [msg('m1', 1000)], hasMore: true, nextCursor: MS3 } },
    ]);
    expect(more.printed?.nextPage).toEqual({ direction: 'newer', nextCursor: MS3, time: T3 });
    const done = await runs.paged(['chat', '+chat-messages', '--conversation-id', 'cid1', '--page-all'], 'chat/list_conversation_message_v2', [
      { result: { messages: [msg('m1', 1000)], hasMore: true, nextCursor: MS3 } },
      { result: { messages: [msg('m2', 900)], hasMore: false } },
    ]);
    expect(done.printed).toMatchObject({ count: 2, complete: true, hasMore: false, stopReason: 'source_complete' });
    expect(done.printed).not.toHaveProperty('nextPage');
  });

  it('+thread-replies: a later failing read keeps the next page to retry in the ledger (direction older)', async () => {
    const r = await runs.paged(['chat', '+thread-replies', '--group', 'cid1', '--thread-id', 't1', '--page-all'], 'chat/list_topic_replies', [
      { result: { replies: [msg('r1', 1000)], hasMore: true, nextCursor: MS3 } }, BUSY,
    ]);
    expect(r.envelope?.error.reason).toBe('pages_incomplete');
    expect(r.envelope?.ledger).toMatchObject({ count: 1, hasMore: true, stopReason: 'read_failure', nextPage: { direction: 'older', nextCursor: MS3, time: T3 } });
  });

  it('+thread-replies: the page limit reached prints nextPage; one complete page does not', async () => {
    const more = await runs.paged(['chat', '+thread-replies', '--group', 'cid1', '--thread-id', 't1', '--page-all', '--page-limit', '1'], 'chat/list_topic_replies', [
      { result: { replies: [msg('r1', 1000)], hasMore: true, nextCursor: MS3 } },
    ]);
    expect(more.printed).toMatchObject({ count: 1, hasMore: true, stopReason: 'page_limit', nextPage: { direction: 'older', nextCursor: MS3, time: T3 } });
    const done = await runs.paged(['chat', '+thread-replies', '--group', 'cid1', '--thread-id', 't1', '--page-all'], 'chat/list_topic_replies', [
      { result: { replies: [msg('r1', 1000)], hasMore: false } },
    ]);
    expect(done.printed).not.toHaveProperty('nextPage');
  });

  it('+messages-list-direct: the next page reads newer messages by default (--forward) and older ones with --forward=false', async () => {
    const r = await runs.paged(['chat', '+messages-list-direct', '--user', 'u1', '--time', '2026-03-01 00:00:00', '--forward', '--page-all', '--page-limit', '1'], 'chat/list_individual_chat_message', [
      { result: [msg('m1', 1000)], hasMore: true, nextCursor: MS3 },
    ]);
    expect(r.exit).toBe(0);
    expect(r.printed).toMatchObject({ count: 1, hasMore: true, complete: false, stopReason: 'page_limit', nextPage: { direction: 'newer', nextCursor: MS3, time: T3 } });
    const older = await runs.paged(['chat', '+messages-list-direct', '--user', 'u1', '--time', '2026-03-01 00:00:00', '--forward=false', '--page-all', '--page-limit', '1'], 'chat/list_individual_chat_message', [
      { result: [msg('m1', 1000)], hasMore: true, nextCursor: MS3 },
    ]);
    expect(older.printed?.nextPage).toEqual({ direction: 'older', nextCursor: MS3, time: T3 });
  });
});

// +chat-messages' queryRange (chatMessageTimeRange.metadata, message_time_range.go:92-107; chat_messages.go:661-663, :869-871)
describe('chat +chat-messages prints the range it was asked for (queryRange)', () => {
  const cid = ['chat', '+chat-messages', '--conversation-id', 'cid1'];
  const page = [{ result: { messages: [], hasMore: false } }];

  it('--start and --end as RFC 3339 keep their offset; the fraction loses its trailing zeros, +00:00 is Z', async () => {
    const r = await runs.paged([...cid, '--start', '2026-03-01T00:00:00.500+09:00', '--end', '2026-03-02T00:00:00.000+00:00'], 'chat/list_conversation_message_v2', page);
    expect(r.printed?.queryRange).toEqual({ order: 'desc', semantics: '[start,end)', startTime: '2026-03-01T00:00:00.5+09:00', endTime: '2026-03-02T00:00:00Z' });
  });

  it('a time without an offset is at +08:00; --order asc is printed; --page-all prints it too', async () => {
    const r = await runs.paged([...cid, '--start', '2026-03-01', '--end', '2026-03-02 12:30:00', '--order', 'asc', '--page-all'], 'chat/list_conversation_message_v2', page);
    expect(r.printed?.queryRange).toEqual({ order: 'asc', semantics: '[start,end)', startTime: '2026-03-01T00:00:00+08:00', endTime: '2026-03-02T12:30:00+08:00' });
  });

  it('a start alone ends now; --order alone prints only the order; no range flag prints no queryRange', async () => {
    const start = await runs.paged([...cid, '--start', '2026-03-01 08:00:00'], 'chat/list_conversation_message_v2', page);
    const range = start.printed?.queryRange as Obj;
    expect(range).toMatchObject({ order: 'desc', semantics: '[start,end)', startTime: '2026-03-01T08:00:00+08:00' });
    expect(range.endTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+08:00$/u);
    const order = await runs.paged([...cid, '--order', 'desc'], 'chat/list_conversation_message_v2', page);
    expect(order.printed?.queryRange).toEqual({ order: 'desc', semantics: '[start,end)' });
    const none = await runs.paged([...cid, '--page-all'], 'chat/list_conversation_message_v2', page);
    expect(none.printed).not.toHaveProperty('queryRange');
  });
});

describe('chat +search-msg proves its conversation scope (chatmsg.FilterConversationScope; search_msg.go:195-200, :275-284)', () => {
  const scoped = ['chat', '+search-msg', '--group', 'cidPROJECT0001', ...RANGE];

  it('a hit read by any conversation id spelling is kept when in scope; a hit without one stops the run, nothing printed', async () => {
    runs.answer('chat/get_conversation_info', { result: { openConversationId: 'cidPROJECT0001' } });
    const kept = await runs.paged([...scoped, '--no-enrich'], 'im/search_messages', [
      { result: { messages: [hit('m1', 'u1', 1000, { conversationId: 'cidPROJECT0001' }), hit('m2', 'u1', 2000, { chat_id: 'cidOTHER000001' })], hasMore: false } },
    ]);
    expect(kept.printed).toMatchObject({ count: 1, messages: [{ messageId: 'm1', conversationId: 'cidPROJECT0001' }] });
    const r = await runs.paged([...scoped, '--no-enrich'], 'im/search_messages', [
      { result: { messages: [hit('m1', 'u1', 1000, { openConversationId: 'cidPROJECT0001' }), hit('m2', 'u1', 2000, { openConversationId: 'null' })], hasMore: false } },
    ]);
    expect(r.printed).toBeUndefined();
    expect(r.envelope?.error.reason).toBe('backend_error');
    expect((r.envelope as Obj | undefined)?.details).toEqual({ requestedConversationIds: ['cidPROJECT0001'], unverifiableMessageIds: ['m2'] });
    expect(r.sent).toHaveLength(2);
  });

  it('a detail that puts a hit in another conversation stops the run (search_conversation_scope_violation)', async () => {
    runs.answer('chat/get_conversation_info', { result: { openConversationId: 'cidPROJECT0001' } });
    runs.answer('im/list_messages_by_ids', { result: [{ openMessageId: 'm1', openConversationId: 'cidOTHER000001' }] });
    const r = await runs.paged(scoped, 'im/search_messages', [{ result: { messages: [hit('m1', 'u1', 1000, { openConversationId: 'cidPROJECT0001' })], hasMore: false } }]);
    expect(r.printed).toBeUndefined();
    expect(r.envelope?.error.reason).toBe('backend_error');
    expect((r.envelope as Obj | undefined)?.details).toEqual({ requestedConversationIds: ['cidPROJECT0001'], observedConversationIds: ['cidOTHER000001'] });
  });
});

describe('chat +search-msg compares sender ids as text (fmt.Sprint, search_msg.go:662)', () => {
  it('a numeric senderId matches the resolved userId written as digits', async () => {
    runs.answer('contact/search_contact_by_key_word', { result: [{ name: '王五', userId: '123' }], hasMore: false });
    const r = await runs.paged(['chat', '+search-msg', '--senders', '王五', '--no-enrich', ...RANGE], 'im/search_messages', [
      { result: { messages: [{ ...hit('m1', undefined, 1000), senderId: 123 }, hit('m2', '1234', 2000)], hasMore: false } },
    ]);
    expect((r.printed?.messages as Obj[]).map((m) => [m.messageId, m.senderId])).toEqual([['m1', 123]]);
  });
});
