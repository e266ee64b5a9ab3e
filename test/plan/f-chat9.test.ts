// f-chat9: chat +search-msg prints upstream's payload (smart/search_msg.go:298-330@c7521c1c): the hits merged with their
// details (enrichSearchMessages :735), sorted by createTime (--order/--sort) and projected as
// searchMsgProjectWithReactions (:817, --no-reactions honoured), with pagesFetched, enrichedCount, the failure ledger,
// queryRange (message_time_range.go:218), timeCoverage (:347) and conclusionGuard (:365). Commands run as a user types
// them against the fake MCP server on 127.0.0.1 (test/plan/output-runs.ts).
import { describe, expect, it } from 'vitest';
import { applyTransform } from '../../src/plan/transforms/index.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-f-chat9-');

type Obj = Record<string, unknown>;
const hit = (id: string, content: string, createTime: number, extra: Obj = {}) => ({ openMessageId: id, senderNick: `S${id}`, content, createTime, ...extra });

describe('project_messages wrapped with details merges each message with its detail (search_msg.go:735-805)', () => {
  it('a detail of the same id overwrites the hit\'s keys; a hit without one is kept as it came', () => {
    const rows = applyTransform({ project_messages: { wrapped: true, reader: 'search' } }, {
      answer: [hit('m1', 'short', 1000), hit('m2', 'kept', 2000)],
      details: [{ result: [{ openMessageId: 'm1', content: 'the full text', emotionReplyList: [{ emoji: '赞', count: 2 }] }] }],
      order: 'asc',
    }, 'test') as Obj[];
    expect(rows.map((r) => [r.messageId, r.text, r.time, r.sender])).toEqual([['m1', 'the full text', 1000, 'Sm1'], ['m2', 'kept', 2000, 'Sm2']]);
  });
});

describe('chat +search-msg prints upstream\'s payload (search_msg.go:298-330)', () => {
  const argv = ['chat', '+search-msg', '--query', '周报', '--start', '2026-03-01T00:00:00+08:00', '--end', '2026-03-02T00:00:00+08:00'];

  it('one page: hits enriched, newest first, projected; the record, the range and the guards', async () => {
    runs.answer('im/list_messages_by_ids', { result: [{ openMessageId: 'm1', content: '完整的周报', emotionReplyList: [{ emoji: '赞', count: 1 }] }] });
    const r = await runs.paged(argv, 'im/search_messages', [{ result: { messages: [hit('m1', '周报…', 1772294400000), hit('m2', '周报二', 1772298000000)], hasMore: false } }]);
    expect(r.exit).toBe(0);
    expect(r.printed).toEqual({
      contractVersion: 'im.message-list.v1',
      count: 2,
      messages: [
        { createTime: 1772298000000, messageId: 'm2', sender: 'Sm2', text: '周报二', time: 1772298000000 },
        { createTime: 1772294400000, messageId: 'm1', reactions: { counts: [{ count: 1, emoji: '赞' }], details: [{ emoji: '赞' }] }, sender: 'Sm1', text: '完整的周报', time: 1772294400000 },
      ],
      pagesFetched: 1,
      enrichedCount: 1,
      complete: false,
      hasMore: false,
      nextCursor: '',
      paginationKnown: true,
      failedCount: 1,
      failures: [{ stage: 'message-enrichment', missingMessageIds: ['m2'], error: 'the backend did not return every message asked for' }],
      queryRange: { order: 'desc', semantics: '[start,end)', startTime: '2026-03-01T00:00:00+08:00', endTime: '2026-03-02T00:00:00+08:00' },
      timeCoverage: { source: 'explicit_range', allHistory: false },
      conclusionGuard: { absenceWithinQueryRangeAllowed: false, absenceAcrossAllHistoryAllowed: false, allHistoryCountAllowed: false, requiredActionForAllHistory: 'widen_time_range_or_reuse_complete_message_ledger' },
    });
  });

  it('--order asc and --no-reactions shape the output; --no-enrich makes no detail call and the run is complete', async () => {
    const r = await runs.paged([...argv, '--order', 'asc', '--no-reactions', '--no-enrich'], 'im/search_messages', [
      { result: { messages: [hit('m2', 'b', 2000, { emotionReplyList: [{ emoji: '赞' }] }), hit('m1', 'a', 1000)], hasMore: false } },
    ]);
    expect(r.printed).toMatchObject({ messages: [{ messageId: 'm1' }, { messageId: 'm2' }], complete: true, enrichedCount: 0, failedCount: 0, failures: [], queryRange: { order: 'asc' } });
    expect((r.printed?.messages as Obj[])[1]).not.toHaveProperty('reactions');
    expect(r.sent).toHaveLength(1);
  });

  it('the default 7-day window with no hit: the guard says absence across history is not proven', async () => {
    const r = await runs.paged(['chat', '+search-msg', '--query', 'x'], 'im/search_messages', [{ result: { messages: [], hasMore: false } }]);
    expect(r.printed).toMatchObject({
      count: 0, complete: true, timeCoverage: { source: 'implicit_default', allHistory: false, days: 7 },
      conclusionGuard: { absenceWithinQueryRangeAllowed: true, requiredAction: 'widen_time_range_or_reuse_complete_message_ledger' },
    });
    expect((r.printed?.conclusionGuard as Obj).hint).toEqual(expect.any(String));
    expect((r.printed?.queryRange as Obj).startTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/u);
  });

  it('--page-all that reaches --page-limit with more left: listed, incomplete, the next cursor printed', async () => {
    const r = await runs.paged([...argv, '--page-all', '--page-limit', '2', '--no-enrich'], 'im/search_messages', [
      { result: { messages: [hit('m1', 'a', 1000)], hasMore: true, nextCursor: 'c2' } },
      { result: { messages: [hit('m2', 'b', 2000)], hasMore: true, nextCursor: 'c3' } },
    ]);
    expect(r.printed).toMatchObject({
      count: 2, pagesFetched: 2, hasMore: true, complete: false, nextCursor: 'c3', failedCount: 1,
      failures: [{ stage: 'search-page-limit' }],
    });
  });
});

describe('chat +search-msg lists a later page\'s failure (search_msg.go:176-185)', () => {
  it('the hits of the first page are printed, the failed page listed with its cursor, exit 0', async () => {
    const r = await runs.paged(['chat', '+search-msg', '--query', 'x', '--page-all', '--no-enrich'], 'im/search_messages', [
      { result: { messages: [hit('m1', 'a', 1000)], hasMore: true, nextCursor: 'c2' } },
      { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' },
    ]);
    expect(r.exit).toBe(0);
    expect(r.printed).toMatchObject({ count: 1, pagesFetched: 1, complete: false, failedCount: 1, failures: [{ stage: 'search-page', cursor: 'c2' }] });
  });
});

describe('chat +at-me prints upstream\'s payload (at_me.go:160-191, atMeProjectWithReactions :508)', () => {
  const grouped = (hasMore: unknown, messages: Obj[], extra: Obj = {}) => ({ result: { conversationMessagesList: [{ openConversationId: 'cidG1', title: '项目群', messages }], hasMore, ...extra } });
  const at = (id: string, text: string, time: number, extra: Obj = {}) => ({ openMessageId: id, senderNick: ` S${id} `, content: text, createTime: time, ...extra });

  it('one page: rows with sender, time, text and the group title as conversation; items with conversation {name, openConversationId}', async () => {
    const r = await runs.paged(['chat', '+at-me'], 'chat/search_at_me_message', [grouped(true, [at('m1', ' 看一下 ', 1000, { emotionReplyList: [{ emoji: '赞', count: 1 }] })], { nextCursor: 'c2' })]);
    expect(r.exit).toBe(0);
    const message = { conversation: '项目群', conversationId: 'cidG1', messageId: 'm1', reactions: { counts: [{ count: 1, emoji: '赞' }], details: [{ emoji: '赞' }] }, sender: 'Sm1', text: '看一下', time: 1000 };
    expect(r.printed).toEqual({
      contractVersion: 'im.message-list.v1', count: 1, messages: [message],
      items: [{ ...message, conversation: { name: '项目群', openConversationId: 'cidG1' } }],
      pagesFetched: 1, paginationKnown: false, complete: false, hasMore: true, nextCursor: 'c2', stopReason: 'single_page',
      failedCount: 0, failures: [], partial: false, truncated: false,
    });
  });

  it('--no-reactions leaves reactions out; a page saying no more is source_complete; no messages print empty lists', async () => {
    let r = await runs.paged(['chat', '+at-me', '--no-reactions'], 'chat/search_at_me_message', [grouped(false, [at('m1', 'x', 1000, { emotionReplyList: [{ emoji: '赞' }] })])]);
    expect((r.printed?.messages as Obj[])[0]).not.toHaveProperty('reactions');
    expect(r.printed).toMatchObject({ complete: true, hasMore: false, stopReason: 'source_complete' });
    r = await runs.paged(['chat', '+at-me'], 'chat/search_at_me_message', [{ result: { conversationMessagesList: [], hasMore: false } }]);
    expect(r.printed).toMatchObject({ count: 0, messages: [], items: [] });
  });

  it('--page-all: the record as readAllAtMePages prints it', async () => {
    const r = await runs.paged(['chat', '+at-me', '--page-all'], 'chat/search_at_me_message', [
      grouped(true, [at('m1', 'a', 1000)], { nextCursor: 'c2' }),
      grouped(false, [at('m2', 'b', 2000), at('m1', 'a', 1000)]),
    ]);
    expect(r.printed).toMatchObject({
      count: 2, pagesFetched: 2, paginationKnown: true, complete: true, hasMore: false, stopReason: 'source_complete',
      truncated: false, truncatedByPageLimit: false, truncatedByResultLimit: false, failedCount: 0, failures: [], partial: false,
    });
    expect((r.printed?.messages as Obj[]).map((m) => m.messageId)).toEqual(['m1', 'm2']);
  });
});

describe('project_messages reader at_me and page_marks, called directly', () => {
  const atMe = (v: unknown) => applyTransform({ project_messages: { reader: 'at_me' } }, v, 'test') as Obj[];
  it('text: a flat key trimmed (a number as its digits), else a nested object\'s; conversation: a title, else the id; no createTime/senderId', () => {
    expect(atMe([
      { text: ' ', content: { richText: ' 富文本 ' }, chatTitle: '', openConversationId: 'cid9', senderId: 'u1', createTime: 5 },
      { msgContent: 42, groupName: '群', sender: { nick: 'N' }, gmtCreate: 7 },
      { body: 'b' },
    ])).toEqual([
      { conversation: 'cid9', conversationId: 'cid9', sender: 'u1', text: '富文本', time: 5 },
      { conversation: '群', sender: 'N', text: '42', time: 7 },
      { conversation: null, sender: null, text: 'b', time: null },
    ]);
  });

  it('page_marks: the first scope holding a boolean hasMore or a cursor that is not 0; {} when none', () => {
    const marks = (v: unknown) => applyTransform('page_marks', v, 'test');
    expect(marks({ result: { hasMore: true, nextCursor: 'c2' } })).toEqual({ hasMore: true, complete: false, nextCursor: 'c2' });
    expect(marks({ nextCursor: '0', data: { has_more: false } })).toEqual({ hasMore: false, complete: true });
    expect(marks({ result: { messages: [] } })).toEqual({});
    expect(marks([])).toEqual({});
  });
});

describe('chat +search-msg on one page says more without a cursor: incomplete, nothing listed (search_msg.go:225-228)', () => {
  it('hasMore true, no next cursor: complete false, no failure, nextCursor ""', async () => {
    const r = await runs.paged(['chat', '+search-msg', '--query', 'x', '--no-enrich'], 'im/search_messages', [{ result: { messages: [hit('m1', 'a', 1000)], hasMore: true } }]);
    expect(r.printed).toMatchObject({ count: 1, pagesFetched: 1, complete: false, hasMore: true, nextCursor: '', failedCount: 0, failures: [] });
  });
});
