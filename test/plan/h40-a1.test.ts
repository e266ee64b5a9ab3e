// Session 40 second reading, part a1 (issue 32, notes/h40-a1.md, seed 20261351): where a drawn command (or a sibling
// sharing its upstream helper) still differed from upstream's body at c7521c1c. Each run as a user types it against
// the fake MCP server on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h40a1-');

/**
 * upstream's addDrivePagination + findVersion's cursor read (shortcut/drive/common.go:190-196, :198-219,
 * version_operations.go:225@c7521c1c), as a model: the next cursor of a page, "" when the pages end. A key holding
 * null is passed over; the last of nextCursor, nextToken, nextPageToken holding anything else wins, and only a text
 * that is not blank once trimmed is a cursor.
 */
function upstreamNextCursor(page: Record<string, unknown>): string {
  let next: unknown;
  for (const key of ['nextCursor', 'nextToken', 'nextPageToken']) if (page[key] !== undefined && page[key] !== null) next = page[key];
  return typeof next === 'string' ? next.trim() : '';
}

describe('drive +version-get and its siblings page list_file_versions as findVersion (version_operations.go:212-244@c7521c1c)', () => {
  const version = (n: number) => ({ versions: [{ version: n }] });
  it('a nextPageToken holding null is passed over: the nextCursor beside it is the next page', async () => {
    outputs.answersInTurn('drive/list_file_versions', { ...version(1), nextPageToken: null, nextCursor: 'c2' }, version(3));
    const run = await outputs.sent(['drive', '+version-get', '--node', 'n', '--version', '3']);
    expect(run.calls).toEqual([
      ['drive/list_file_versions', { maxResults: 50, nodeId: 'n' }],
      ['drive/list_file_versions', { maxResults: 50, nodeId: 'n', nextCursor: 'c2' }],
    ]);
    expect(run.printed).toEqual({ nodeId: 'n', version: { version: 3 } });
  });
  const cursorValue = fc.constantFrom<unknown>(undefined, null, '', ' ', 'c2', ' c3 ', 5, true, {});
  it('the second page is asked for with upstream\'s cursor, or not at all, for any cursor keys', async () => {
    await fc.assert(fc.asyncProperty(cursorValue, cursorValue, cursorValue, async (nextCursor, nextToken, nextPageToken) => {
      const first: Record<string, unknown> = { ...version(1) };
      for (const [k, v] of Object.entries({ nextCursor, nextToken, nextPageToken })) if (v !== undefined) first[k] = v;
      outputs.answersInTurn('drive/list_file_versions', first, version(3));
      const run = await outputs.sent(['drive', '+version-get', '--node', 'n', '--version', '3']);
      const cursor = upstreamNextCursor(first);
      if (cursor === '') {
        expect(run.calls).toHaveLength(1);
        expect(run.reason).toBe('backend_error');
      } else {
        expect(run.calls.map(([, a]) => a)).toEqual([{ maxResults: 50, nodeId: 'n' }, { maxResults: 50, nodeId: 'n', nextCursor: cursor }]);
        expect(run.reason).toBeUndefined();
      }
    }), { numRuns: 60 });
  });
  for (const argv of [
    ['drive', '+version-download', '--node', 'n', '--version', '3', '--output', 'v3.bin'],
    ['drive', '+version-revert', '--node', 'n', '--version', '3', '--yes'],
  ]) {
    it(`${argv[1]}: its version search passes over a null nextPageToken too`, async () => {
      outputs.answersInTurn('drive/list_file_versions', { ...version(1), nextPageToken: null, nextToken: 'c2' }, version(3));
      const run = await outputs.sent(argv);
      expect(run.calls.slice(0, 2)).toEqual([
        ['drive/list_file_versions', { maxResults: 50, nodeId: 'n' }],
        ['drive/list_file_versions', { maxResults: 50, nodeId: 'n', nextCursor: 'c2' }],
      ]);
    });
  }
});

/**
 * upstream's conversationPaginationCursor (chat_conversation.go:486-499@c7521c1c), as a model: a number truncated toward
 * zero, a text read by strconv.ParseInt(strings.TrimSpace(s), 10, 64), anything else an error (undefined).
 */
function upstreamConversationCursor(v: unknown): number | undefined {
  if (typeof v === 'number') return Math.trunc(v) === 0 ? 0 : Math.trunc(v);
  if (typeof v === 'string') return /^[+-]?[0-9]+$/u.test(v.trim()) ? Number(v.trim()) + 0 : undefined;
  return undefined;
}

/** upstream chatmsg paginationValuePresent (chatmsg.go:1138-1156@c7521c1c): whether Pagination takes the cursor at all. */
function cursorPresent(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return v.trim() !== '' && v.trim() !== '0';
  return true;
}

describe('chat +conversation-list reads a page\'s next cursor as conversationPaginationCursor (chat_conversation.go:432-436, :486-499@c7521c1c)', () => {
  const page = (nextCursor: unknown) => ({ conversationList: [{ id: 'c1' }], hasMore: true, nextCursor });
  const ledger = (printed: unknown) => {
    const p = printed as Record<string, unknown>;
    return { nextCursor: p.nextCursor, stopReason: p.stopReason, failedCount: p.failedCount, partial: p.partial };
  };
  it('a fractional number is truncated: one page ends as single_page with nextCursor 8', async () => {
    outputs.answer('im/list_all_conversations', page(8.5));
    expect(ledger((await outputs.sent(['chat', '+conversation-list'])).printed)).toEqual({ nextCursor: 8, stopReason: 'single_page', failedCount: 0, partial: false });
  });
  it('a signed text cursor is read as ParseInt reads it: "+5" is 5, -4 is -4', async () => {
    outputs.answer('im/list_all_conversations', page('+5'));
    expect(ledger((await outputs.sent(['chat', '+conversation-list'])).printed)).toEqual({ nextCursor: 5, stopReason: 'single_page', failedCount: 0, partial: false });
    outputs.answer('im/list_all_conversations', page(-4));
    expect(ledger((await outputs.sent(['chat', '+conversation-list'])).printed)).toEqual({ nextCursor: -4, stopReason: 'single_page', failedCount: 0, partial: false });
  });
  it('--page-all follows a truncated cursor as the number', async () => {
    outputs.answersInTurn('im/list_all_conversations', page(8.5), { conversationList: [{ id: 'c2' }], hasMore: false });
    const run = await outputs.sent(['chat', '+conversation-list', '--page-all']);
    expect(run.calls.map(([, a]) => a)).toEqual([{ limit: 100 }, { limit: 100, cursor: 8 }]);
    expect(ledger(run.printed)).toEqual({ nextCursor: 8, stopReason: 'source_complete', failedCount: 0, partial: false });
  });
  const cursor = fc.constantFrom<unknown>(8.5, -4, 0.5, -0.5, 1e3, '+5', ' 12 ', '007', '00', '-0', 'x', '1_0', '9.0', true, null, '', '0', 0, 7);
  it('one page: the printed cursor and the failure as upstream\'s reading, for any cursor value', async () => {
    await fc.assert(fc.asyncProperty(cursor, async (next) => {
      outputs.answer('im/list_all_conversations', page(next));
      const got = ledger((await outputs.sent(['chat', '+conversation-list'])).printed);
      const value = cursorPresent(next) ? upstreamConversationCursor(next) : undefined;
      const fails = value === undefined || value === 0;
      expect(got).toEqual({ nextCursor: value ?? 0, stopReason: fails ? 'source_complete' : 'single_page', failedCount: fails ? 1 : 0, partial: fails });
    }), { numRuns: 40 });
  });
});

/** A cursor as an answer may hold it: numbers (fractions, negatives), signed digit texts with Go spaces, other texts, booleans, null. */
const scalar = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }),
  fc.integer(),
  fc.tuple(fc.constantFrom('', ' ', '\t'), fc.constantFrom('', '+', '-'), fc.stringMatching(/^[0-9]{1,15}$/u), fc.constantFrom('', ' ', '\n')).map((p) => p.join('')),
  fc.string(),
  fc.boolean(),
  fc.constant(null),
);

describe('NEW MECHANISM conversation_cursor (src/domain/chat-conversations.ts) reads a cursor as conversationPaginationCursor', () => {
  it('value: the int64 upstream keeps, 0 where its reading fails', () => {
    fc.assert(fc.property(scalar, (v) => {
      expect(applyTransforms([{ conversation_cursor: 'value' }], v, 'test')).toBe(upstreamConversationCursor(v) ?? 0);
    }), { numRuns: 400 });
  });
  it('follow: the cursor the next page is asked with, refused where the reading fails or gives 0', () => {
    fc.assert(fc.property(scalar, (v) => {
      const want = upstreamConversationCursor(v);
      const follow = () => applyTransforms([{ conversation_cursor: 'follow' }], v, 'test');
      if (want === undefined || want === 0) expect(follow).toThrow(/whole number other than 0/u);
      else expect(follow()).toBe(want);
    }), { numRuns: 400 });
  });
});

/**
 * upstream's flagListNextCursor / chatListNextCursor (lark_alignment.go:789-826, :1237-1274@c7521c1c), as a model: null,
 * "" and "0" are 0; a whole number from 0; a trimmed text strconv.Atoi reads, from 0; anything else an error (undefined).
 */
function upstreamChatListCursor(v: unknown): number | undefined {
  if (v === null) return 0;
  if (typeof v === 'number') return v >= 0 && Math.trunc(v) === v ? v + 0 : undefined;
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  if (t === '' || t === '0') return 0;
  return /^[+-]?[0-9]+$/u.test(t) && Number(t) >= 0 ? Number(t) + 0 : undefined;
}

describe('NEW MECHANISM chat_list_cursor (src/domain/chat-conversations.ts) reads a cursor as flagListNextCursor / chatListNextCursor', () => {
  it('value: the int upstream keeps, 0 where its reading fails', () => {
    fc.assert(fc.property(scalar, (v) => {
      expect(applyTransforms([{ chat_list_cursor: 'value' }], v, 'test')).toBe(upstreamChatListCursor(v) ?? 0);
    }), { numRuns: 400 });
  });
  it('follow: the cursor the next page is asked with, refused where the reading fails or is not above 0', () => {
    fc.assert(fc.property(scalar, (v) => {
      const want = upstreamChatListCursor(v);
      const follow = () => applyTransforms([{ chat_list_cursor: 'follow' }], v, 'test');
      if (want === undefined || want === 0) expect(follow).toThrow(/whole number above 0/u);
      else expect(follow()).toBe(want);
    }), { numRuns: 400 });
  });
});

describe('chat +flag-list and +chat-list read a page\'s next cursor as flagListNextCursor / chatListNextCursor (lark_alignment.go:654, :693, :1074, :1143@c7521c1c)', () => {
  const cases = [
    { argv: ['chat', '+flag-list'], tool: 'im/list_message_favorites', page: (c: unknown) => ({ items: [{ openMessageId: 'm1' }], hasMore: true, nextCursor: c }) },
    { argv: ['chat', '+chat-list'], tool: 'im/list_all_conversations', page: (c: unknown) => ({ conversationList: [{ openConversationId: 'c1', conversationType: 'group' }], hasMore: true, nextCursor: c }) },
  ];
  const cursor = fc.constantFrom<unknown>('+5', ' 7 ', '-3', -4, 8.5, 1e3, '007', 'x', true, 12);
  for (const c of cases) {
    it(`${c.argv[1]}: one page prints upstream's cursor, or ends on its pagination failure, for any cursor value`, async () => {
      await fc.assert(fc.asyncProperty(cursor, async (next) => {
        const run = await outputs.paged(c.argv, c.tool, [c.page(next)]);
        const value = upstreamChatListCursor(next);
        // a run that ended on a listed failure carries its ledger in the envelope (exit 1)
        const ledger = (run.printed ?? run.envelope?.ledger) as Record<string, unknown>;
        if (value === undefined || value === 0) {
          expect(run.exit).not.toBe(0);
          expect(ledger).toMatchObject({ stopReason: 'pagination_error', failedCount: 1, nextCursor: 0 });
        } else {
          expect(run.exit).toBe(0);
          expect(ledger).toMatchObject({ stopReason: 'single_page', failedCount: 0, nextCursor: value });
        }
      }), { numRuns: 30 });
    });
  }
});
