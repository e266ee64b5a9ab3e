// Session 33 second reading, part a (issue 32): where a drawn command still differed from upstream's body at
// c7521c1c, run as a user types it against the recording backend on 127.0.0.1 (notes/h33-a1.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { problemsOf, run } from './fake-plan.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h33a1-');
const { sent } = outputs;

describe('oa approval oa-cc-noticer: userList is strings.Split(--users, ",") as typed (internal/helpers/oa.go:910-911@c7521c1c)', () => {
  const users = async (value: string, flag = '--users') =>
    ((await sent(['oa', 'approval', 'oa-cc-noticer', '--instance-id', 'i1', flag, value, '--yes'])).calls[0][1] as { userList: unknown }).userList;
  it('padding and empty parts are kept; a blank text is one element', async () => {
    expect(await users(' a, b,,')).toEqual([' a', ' b', '', '']);
    expect(await users(' ')).toEqual([' ']);
    expect(await users('["a","b"]')).toEqual(['["a"', '"b"]']);
    expect(await users('x, y', '--user-list')).toEqual(['x', ' y']);
  });
  it('any text is sent as its comma split (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom('a', ' ', 'b c', '\u3000', ''), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(',')).filter((t) => t !== ''), async (text) => {
      expect(await users(text)).toEqual(text.split(','));
    }), { numRuns: 12 });
  });
});

describe('aitable +record-query: pages read as queryRecordWindow reads them (record_query_all.go:32-101, record_upsert_by_key.go:257-304@c7521c1c)', () => {
  const recs = (n: number, p: string) => Array.from({ length: n }, (_, i) => ({ recordId: `${p}${i}` }));
  const first = { records: recs(20, 'a'), hasMore: true, nextCursor: 'c1' };
  const last = { records: recs(20, 'c'), hasMore: false };
  const run = (second: unknown, limit = '30') => outputs.paged(['aitable', '+record-query', '--base-id', 'b', '--table-id', 't', '--limit', limit], 'aitable/query_records', [first, second, last]);
  const cursors = (r: { sent: Record<string, unknown>[] }) => r.sent.map((a) => a.cursor ?? null);
  it('hasMore false with a cursor still goes on (responseHasMore: a non-blank nextCursor says more)', async () => {
    const r = await run({ records: recs(5, 'b'), hasMore: false, nextCursor: 'c2' });
    expect(cursors(r)).toEqual([null, 'c1', 'c2']);
    expect((r.printed!.data as { size: number }).size).toBe(45);
  });
  it('a cursor two levels down (data.pagination) is found, trimmed, and the page past --limit is kept whole', async () => {
    const r = await run({ data: { records: recs(5, 'b'), pagination: { nextCursor: ' c2 ' } } });
    expect(cursors(r)).toEqual([null, 'c1', 'c2']);
    expect(r.sent.map((a) => a.limit)).toEqual([20, 10, 5]);
    expect(r.printed!.data).toMatchObject({ hasMore: false, page: 3, size: 45 });
  });
  it('the limit reached with more left prints the trimmed next cursor', async () => {
    const r = await run({ data: { records: recs(5, 'b'), pagination: { nextCursor: ' c2 ' } } }, '25');
    expect(r.printed!.data).toMatchObject({ hasMore: true, nextCursor: 'c2', page: 2, size: 25 });
  });
  it('a cursor followed before, or more without a cursor, fails the run (nothing printed)', async () => {
    for (const second of [{ records: recs(5, 'b'), nextCursor: 'c1' }, { records: recs(5, 'b'), hasMore: true }]) {
      const r = await run(second);
      expect([r.printed, r.exit, r.envelope?.error.reason]).toEqual([undefined, 1, 'backend_error']);
      expect(r.sent).toHaveLength(2);
    }
  });
  it('three pages in a row saying more without a record fail (record_query_all.go:77-86); a record between resets the count', async () => {
    const empty = (n: number) => ({ records: [], hasMore: true, nextCursor: `e${n}` });
    const stuck = await outputs.paged(['aitable', '+record-query', '--base-id', 'b', '--table-id', 't', '--limit', '30'], 'aitable/query_records', [first, empty(1), empty(2), empty(3), last]);
    expect([stuck.printed, stuck.envelope?.error.reason, stuck.sent.length]).toEqual([undefined, 'backend_error', 4]);
    const moving = await outputs.paged(['aitable', '+record-query', '--base-id', 'b', '--table-id', 't', '--limit', '30'], 'aitable/query_records', [first, empty(1), empty(2), { records: recs(1, 'y'), hasMore: true, nextCursor: 'y' }, empty(4), { records: recs(1, 'z'), hasMore: false }]);
    expect(moving.printed!.data).toMatchObject({ hasMore: false, page: 6, size: 22 });
  });
  it('a page before the last without its records fails; the explicit empty answer ends the read', async () => {
    const bad = await run({ records: 'x', data: { records: recs(5, 'b') }, hasMore: true, nextCursor: 'c2' });
    expect([bad.printed, bad.envelope?.error.reason, bad.sent.length]).toEqual([undefined, 'backend_error', 2]);
    const empty = await run({ success: true, status: 'success', data: {} });
    expect(empty.printed!.data).toMatchObject({ hasMore: false, page: 2, size: 20 });
    expect(empty.sent).toHaveLength(2);
  });
});

describe('page.more_when and page.keep_overflow (docs/PLANS.md "page"), through the real validator and executor', () => {
  const paged = (page: Record<string, unknown> = {}) => ({
    facts: 'test plan',
    steps: [{
      id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' }, size: { const: 3 } },
      page: { cursor_arg: 'cursor', next: ['next', 'inner.next'], items: 'list', more_when: { any: [{ equals: [{ item: true, path: 'more', optional: true }, true] }, { matches: [{ item: true, path: 'next', optional: true }, '\\P{White_Space}'] }] }, max_pages: 20, ...page },
    }],
  });
  it('more follows exactly when the condition holds on the page (property over more flags and cursors)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.record({ more: fc.boolean(), next: fc.constantFrom('', 'n') }), { minLength: 1, maxLength: 6 }), async (marks) => {
      const pages = [...marks.map((m, k) => ({ list: [k], more: m.more, next: m.next === 'n' ? `c${k + 1}` : '' })), { list: [], more: false, next: '' }];
      const calls: unknown[] = [];
      await run(paged(), { name: 'n' }, (c, n) => (calls.push(c.args.cursor), pages[n])).catch(() => undefined);
      // upstream: more when hasMore is true or the cursor is non-blank; the run goes on while more and a cursor is left
      const goesOn = marks.findIndex((m) => m.next !== 'n');
      expect(calls).toHaveLength(goesOn < 0 ? marks.length + 1 : goesOn + 1);
    }), { numRuns: 40 });
  });
  it('keep_overflow keeps the page past the cap whole and asks for no further page; without it the page is cut', async () => {
    const pages = [{ list: [1, 2], more: true, next: 'c1' }, { list: [3, 4, 5], more: true, next: 'c2' }, { list: [6], more: false }];
    const kept = await run(paged({ max_items: { const: 3 }, size_arg: 'size', keep_overflow: true }), { name: 'n' }, (_c, n) => pages[n]);
    expect((kept.result as { list: unknown[] }).list).toEqual([1, 2, 3, 4, 5]);
    const cut = await run(paged({ max_items: { const: 3 }, size_arg: 'size' }), { name: 'n' }, (_c, n) => pages[n]);
    expect((cut.result as { list: unknown[] }).list).toEqual([1, 2, 3]);
  });
  it('empty_more_fails: n fails at the n-th page in a row that says more with no item (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 3 }), async (empties, n) => {
      const pages = [...empties.map((e, k) => ({ list: e ? [] : [k], more: true, next: `c${k + 1}` })), { list: [], more: false, next: '' }];
      let calls = 0;
      const outcome = await run(paged({ strict: true, empty_more_fails: n }), { name: 'n' }, (_c, k) => (calls++, pages[k])).then(() => 'ok', (e: Error & { reason?: string }) => e.reason);
      let runLength = 0;
      const failsAt = empties.findIndex((e) => (runLength = e ? runLength + 1 : 0) >= n);
      expect({ outcome, calls }).toEqual(failsAt < 0 ? { outcome: 'ok', calls: empties.length + 1 } : { outcome: 'pages_incomplete', calls: failsAt + 1 });
    }), { numRuns: 40 });
  });
  it('is checked at build', () => {
    expect(problemsOf(paged())).toEqual([]);
    expect(problemsOf(paged({ more: ['more'] }))).toEqual([expect.stringContaining('more_when: replaces more')]);
    expect(problemsOf(paged({ keep_overflow: true }))).toEqual([expect.stringContaining('keep_overflow: true, only with max_items')]);
    expect(problemsOf(paged({ strict: true }))).toEqual([]);
    expect(problemsOf(paged({ strict: true, empty_more_fails: 0 }))).toEqual([expect.stringContaining('empty_more_fails: true, a whole number')]);
  });
});
