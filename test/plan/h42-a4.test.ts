// Session 42 second reading, part a4 (issue 32, notes/h42-a4.md): where a drawn command still differed from upstream's
// body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-h42a4-');

const RPC = 'chat/list_conversation_message_v2';
const hourText = (h: number) => `2025-03-01 ${String(h).padStart(2, '0')}:00:00`;
const message = (h: number) => ({ openMessageId: `m${h}`, createTime: hourText(h) });
// the range every run below asks for: [06:00, 18:00) at +08:00
const RANGE = ['--start', hourText(6), '--end', hourText(18)];

/**
 * upstream chatMessageTimeRange.filter and sortMessagesByCreateTimeStable (smart/message_time_range.go:112-146,
 * :197-216@c7521c1c), as a model: the ids of the messages a range run prints, in the order it prints them.
 */
function upstreamRange(hours: number[], order: 'asc' | 'desc'): string[] {
  const kept = hours.filter((h) => h >= 6 && h < 18);
  const sorted = kept.map((h, i) => ({ h, i })).sort((a, b) => (a.h === b.h ? a.i - b.i : order === 'asc' ? a.h - b.h : b.h - a.h));
  return sorted.map(({ h }) => `m${h}`);
}

const idsOf = (payload: Record<string, unknown> | undefined) => ((payload?.messages ?? []) as { messageId?: string }[]).map((m) => m.messageId);

describe('chat +chat-messages prints only the messages inside --start/--end (message_time_range.go:112-146, chat_messages.go:650-687@c7521c1c)', () => {
  it('one page whose messages all fall outside the range prints none, not the page as it came', async () => {
    const r = await runs.paged(['chat', '+chat-messages', '--conversation-id', 'cid1', ...RANGE], RPC, [
      { result: { messages: [message(20), message(21)], hasMore: false } },
    ]);
    expect(r.exit).toBe(0);
    expect(r.printed).toMatchObject({ count: 0, messages: [], complete: true, stopReason: 'source_complete' });
  });

  it('ascending, the page past the end is the range end: complete, no messages', async () => {
    const r = await runs.paged(['chat', '+chat-messages', '--conversation-id', 'cid1', ...RANGE, '--order', 'asc'], RPC, [
      { result: { messages: [message(19), message(22)], hasMore: true, nextCursor: 1740790000000 } },
    ]);
    expect(r.exit).toBe(0);
    expect(r.printed).toMatchObject({ count: 0, messages: [], complete: true, hasMore: false, stopReason: 'range_end' });
  });

  it('--page-all: a run that kept no message prints an empty list', async () => {
    const r = await runs.paged(['chat', '+chat-messages', '--conversation-id', 'cid1', ...RANGE, '--page-all'], RPC, [
      { result: { messages: [message(3)], hasMore: false } },
    ]);
    expect(r.exit).toBe(0);
    expect(r.printed).toMatchObject({ count: 0, messages: [], stopReason: 'range_start' });
  });

  it('one page saying more whose messages all fall outside the range still gives its next page (rawItems, chatmsg.go:1005-1063)', async () => {
    // ApplyMessagePagination reads the page's own messages, before the range filter (chat_messages.go:660@c7521c1c)
    for (const page of [
      { messages: [message(20)], hasMore: true, nextCursor: 1740790000123 },
      { result: { messages: [message(20)] }, hasMore: true, nextCursor: 1740790000123 },
    ]) {
      const r = await runs.paged(['chat', '+chat-messages', '--conversation-id', 'cid1', ...RANGE], RPC, [page]);
      expect(r.exit).toBe(0);
      expect(r.printed).toMatchObject({
        count: 0, messages: [], failedCount: 0, failures: [], hasMore: true, complete: false, stopReason: 'single_page',
        nextPage: { direction: 'older', nextCursor: 1740790000123, time: '2025-03-01T00:46:40.123Z' },
      });
    }
  });

  it('for any page of message times, wherever the list is, one page and --page-all print upstream\'s messages in its order', async () => {
    await fc.assert(fc.asyncProperty(
      fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { maxLength: 6 }),
      fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
      fc.constantFrom('top', 'result', 'data'),
      fc.boolean(),
      async (hours, order, where, all) => {
        const list = hours.map(message);
        const page = where === 'top' ? { messages: list, hasMore: false } : { [where]: { messages: list }, hasMore: false };
        const argv = ['chat', '+chat-messages', '--conversation-id', 'cid1', ...RANGE, '--order', order, ...(all ? ['--page-all'] : [])];
        const r = await runs.paged(argv, RPC, [page]);
        expect(r.exit).toBe(0);
        expect(idsOf(r.printed)).toEqual(upstreamRange(hours, order));
        expect(r.printed?.count).toBe(upstreamRange(hours, order).length);
      },
    ), { numRuns: 40 });
  });
});

/** The answer texts upstream's transport turns into no content (transport/client.go:159-205@c7521c1c): not one JSON object. */
const notAnObject = fc.oneof(
  fc.constantFrom('', '  ', 'null', 'ok', '[1]', '[]', '5', 'true', '"x"', '{"a":1} {}', '{'),
  fc.jsonValue().filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)).map((v) => JSON.stringify(v)),
);

describe('dev app leaves: an answer that is not one JSON object prints null (runDevAppTool, devapp.go:1841-1864, :1986-1995@c7521c1c)', () => {
  // the runner's ToolCallResult keeps no content for such a text (transport/client.go:180-205), app/runner.go:779-787
  // hands the nil map on, and devAppEnvelopeData prints it as the data: null
  const leaves: { argv: string[]; tool: string }[] = [
    { argv: ['dev', 'app', 'permission', 'add', '--unified-app-id', 'u', '--scope-values', 'a', '--yes'], tool: 'apply_dev_app_permissions' },
    { argv: ['dev', 'app', 'permission', 'remove', '--unified-app-id', 'u', '--scope-values', 'a', '--yes'], tool: 'remove_dev_app_permissions' },
    { argv: ['dev', 'app', 'get', '--unified-app-id', 'u'], tool: 'get_dev_app' },
  ];
  for (const leaf of leaves) {
    it(`${leaf.argv.slice(0, 4).join(' ')}: a blank, text, list or number answer prints null`, async () => {
      for (const text of ['', 'ok', '[1]', '5']) {
        runs.answerText(leaf.tool, text);
        const r = await runs.sent(leaf.argv);
        expect(r.reason).toBeUndefined();
        expect(r.printed).toBeNull();
      }
    });
  }

  it('for any answer text that is not one JSON object, permission add prints null; an object still prints as before', async () => {
    await fc.assert(fc.asyncProperty(notAnObject, async (text) => {
      runs.answerText('apply_dev_app_permissions', text);
      const r = await runs.sent(leaves[0].argv);
      expect(r.reason).toBeUndefined();
      expect(r.printed).toBeNull();
    }), { numRuns: 30 });
    runs.answerText('apply_dev_app_permissions', '{"granted":["a"]}');
    expect((await runs.sent(leaves[0].argv)).printed).toEqual({ granted: ['a'], success: true });
  });

  it('dev app delete (multi-step) reads its delete answer so too', async () => {
    runs.answer('devapp/get_dev_app', { success: true, result: { name: 'N' } });
    runs.answerText('delete_dev_app', 'done');
    const r = await runs.sent(['dev', 'app', 'delete', '--unified-app-id', 'u', '--confirm-name', 'N', '--yes']);
    expect(r.reason).toBeUndefined();
    expect(r.printed).toBeNull();
  });
});
