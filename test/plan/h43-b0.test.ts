// Session 43 second reading, part b0 (issue 32, notes/h43-b0.md): where a drawn command still differed from upstream's
// body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h43b0-');

const RPC = 'doc-comment/list_file_comments';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const INT64_MAX = 9223372036854775807n;

/**
 * upstream's `drive comment list --all` (runFileCommentList, fetchFileCommentPage, validateFileCommentNextCursor,
 * internal/helpers/file_comment.go:267-328, :374-430, :529-546@c7521c1c), as a model over pages answered in turn: the
 * nextToken each call sends, and what it prints or 'refused'. Every page is checked on its own; nodeId and total come
 * from the first page; a page saying more must give an advancing, never-seen numeric cursor; ten pages saying more fail.
 */
function upstreamAll(pages: Record<string, unknown>[]) {
  const sent: (string | undefined)[] = [];
  const seen = new Set<string>();
  let current = '';
  let nodeId = '';
  let total: unknown;
  let count = 0;
  for (let n = 0; n < 10; n++) {
    sent.push(current === '' ? undefined : current);
    const page = pages[Math.min(n, pages.length - 1)];
    const fileId = typeof page.fileId === 'string' ? page.fileId.trim() : '';
    if (fileId === '' || !('total' in page) || typeof page.hasMore !== 'boolean') return { sent, printed: 'refused' as const };
    const token = page.nextToken;
    if (token !== undefined && token !== null && typeof token !== 'string') return { sent, printed: 'refused' as const };
    if (!('items' in page)) return { sent, printed: 'refused' as const };
    const items = page.items === null ? [] : page.items;
    if (!Array.isArray(items)) return { sent, printed: 'refused' as const };
    for (const item of items) {
      if (!isObject(item) || typeof item.commentId !== 'string' || item.commentId.trim() === '' || !isObject(item.anchor)) {
        return { sent, printed: 'refused' as const };
      }
    }
    if (n === 0) {
      nodeId = fileId;
      total = page.total;
    }
    count += items.length;
    if (!page.hasMore) {
      return { sent, printed: { nodeId, total, count, hasMore: false, nextCursor: null, complete: true } };
    }
    const next = typeof token === 'string' ? token.trim() : '';
    if (next === '' || !/^[0-9]+$/.test(next) || BigInt(next) > INT64_MAX || next === current || seen.has(next)) {
      return { sent, printed: 'refused' as const };
    }
    seen.add(next);
    current = next;
  }
  return { sent, printed: 'refused' as const };
}

const comment = fc.record({ commentId: fc.constantFrom('c1', 'c2', 'c3'), anchor: fc.constant({ scope: 'whole' }) });
const page = fc.record({
  fileId: fc.constantFrom<unknown>('f1', ' f2 ', 'f3', '', 7),
  total: fc.constantFrom<unknown>(1, 2, null, 'x'),
  hasMore: fc.constantFrom<unknown>(true, true, false, 'true'),
  nextToken: fc.constantFrom<unknown>('1', '2', ' 3 ', '4', '', null, 5, 'x'),
  items: fc.oneof(fc.array(comment, { maxLength: 2 }), fc.constantFrom<unknown>(null, { a: 1 }, 'x')),
}, { requiredKeys: ['fileId', 'hasMore', 'items'] });

describe('drive comment list --all reads every page as runFileCommentList does (file_comment.go:267-328@c7521c1c)', () => {
  it('a page giving back the cursor it was asked with fails the run, after that page, as upstream', async () => {
    const pages = [
      { fileId: 'f1', total: 1, hasMore: true, nextToken: '5', items: [] },
      { fileId: 'f2', total: 2, hasMore: true, nextToken: '5', items: [] },
    ];
    const run = await outputs.paged(['drive', 'comment', 'list', '--node', 'n', '--all'], RPC, pages);
    expect(run.sent).toEqual([{ fileId: 'n', maxResults: 200 }, { fileId: 'n', maxResults: 200, nextToken: '5' }]);
    expect(run.printed).toBeUndefined();
    expect(run.envelope?.error.reason).toBe('backend_error');
  });
  it('a cursor cycle (5 -> 7 -> 5) fails after the third page, as upstream\'s seenCursors', async () => {
    const pages = [
      { fileId: 'f1', total: 1, hasMore: true, nextToken: '5', items: [] },
      { fileId: 'f1', total: 1, hasMore: true, nextToken: '7', items: [] },
      { fileId: 'f1', total: 1, hasMore: true, nextToken: '5', items: [] },
    ];
    const run = await outputs.paged(['drive', 'comment', 'list', '--node', 'n', '--all'], RPC, pages);
    expect(run.sent.map((a) => (a as { nextToken?: string }).nextToken)).toEqual([undefined, '5', '7']);
    expect(run.envelope?.error.reason).toBe('backend_error');
  });
  it('nodeId and total are the first page\'s, not the last page\'s', async () => {
    const pages = [
      { fileId: ' f1 ', total: 1, hasMore: true, nextToken: '5', items: [{ commentId: 'a', anchor: {} }] },
      { fileId: 'f3', total: 3, hasMore: false, nextToken: null, items: null },
    ];
    const run = await outputs.paged(['drive', 'comment', 'list', '--node', 'n', '--all'], RPC, pages);
    expect(run.printed).toMatchObject({ nodeId: 'f1', total: 1, count: 1, hasMore: false, complete: true });
  });
  it('a middle page without a fileId, or whose items are not a list, fails the run as fetchFileCommentPage does', async () => {
    const first = { fileId: 'f1', total: 1, hasMore: true, nextToken: '5', items: [] };
    const last = { fileId: 'f1', total: 1, hasMore: false, items: [] };
    for (const middle of [{ total: 1, hasMore: true, nextToken: '6', items: [] }, { fileId: 'f1', total: 1, hasMore: true, nextToken: '6', items: { a: 1 } }]) {
      const run = await outputs.paged(['drive', 'comment', 'list', '--node', 'n', '--all'], RPC, [first, middle, last]);
      expect(run.sent).toHaveLength(2);
      expect(run.envelope?.error.reason).toBe('backend_error');
    }
  });
  it('one page (no --all) whose items are present but not a list is refused, as fetchFileCommentPage (:410-416) refuses it', async () => {
    for (const items of [{ a: 1 }, 'x', 3, true]) {
      const run = await outputs.paged(['drive', 'comment', 'list', '--node', 'n'], RPC, [{ fileId: 'f', total: 1, hasMore: false, items }]);
      expect(run.printed).toBeUndefined();
      expect(run.envelope?.error.reason).toBe('backend_error');
    }
    const ok = await outputs.paged(['drive', 'comment', 'list', '--node', 'n'], RPC, [{ fileId: 'f', total: 1, hasMore: false, items: null }]);
    expect(ok.printed).toMatchObject({ nodeId: 'f', count: 0, comments: [] });
  });
  it('ten pages that all say more fail the run, as upstream\'s page bound does', async () => {
    const pages = Array.from({ length: 12 }, (_, n) => ({ fileId: 'f', total: 0, hasMore: true, nextToken: String(n + 1), items: [] }));
    const run = await outputs.paged(['drive', 'comment', 'list', '--node', 'n', '--all'], RPC, pages);
    expect(run.sent).toHaveLength(10);
    expect(run.envelope?.error.reason).toBe('backend_error');
  });
  it('calls, refusal and printed marks match upstream\'s model for any run of pages', async () => {
    await fc.assert(fc.asyncProperty(fc.array(page, { minLength: 1, maxLength: 5 }), async (pages) => {
      const want = upstreamAll(pages);
      const run = await outputs.paged(['drive', 'comment', 'list', '--node', 'n', '--all'], RPC, pages);
      expect(run.sent.map((a) => (a as { nextToken?: string }).nextToken)).toEqual(want.sent);
      if (want.printed === 'refused') {
        expect(run.printed).toBeUndefined();
        expect(run.exit).not.toBe(0);
      } else {
        expect(run.printed).toMatchObject(want.printed);
      }
    }), { numRuns: 60 });
  });
});
