// p-bulkpatch (issue 32): the page option `every_page` (docs/PLANS.md "page"), a check every page's answer must pass,
// and aitable +record-bulk-patch reading its matches as upstream queryAllRecords does (record_query_all.go:245-283@c7521c1c):
// pages of 20 follow the next cursor until a page says no more or more than --max-matches records came back, and a
// page of any number without the records list (:259-262) is refused before any write. The command runs as a user
// types it against the fake MCP server on 127.0.0.1; the option through the real validator and executor.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { problemsOf, run } from './fake-plan.js';
import { useOutputRuns } from './output-runs.js';

const paged = (page: Record<string, unknown> = {}) => ({
  facts: 'test plan',
  steps: [{
    id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } },
    page: { cursor_arg: 'cursor', next: 'next', items: ['list', 'data.list'], more: 'more', max_pages: 50, every_page: { holds: { is: [{ first: [{ item: true, path: 'list', optional: true }, { item: true, path: 'data.list', optional: true }] }, 'list'] }, message: 'no list' }, ...page },
  }],
});
/** Page k (0-based) answers pages[k]; its cursor is "c<k+1>" while a later page exists. */
const chain = (pages: unknown[]) => (_c: unknown, n: number) => pages[n];
const failure = async (p: Promise<unknown>) => p.then(() => undefined, (e: Error & { reason?: string }) => `${e.reason}: ${e.message}`);

describe('page.every_page: a check each page must pass', () => {
  it('refuses the first page that fails it with its reason, naming the page, and asks for no page after it', async () => {
    const pages = [{ list: [1], more: true, next: 'c1' }, { data: { list: [2] }, more: true, next: 'c2' }, { other: [], more: true, next: 'c3' }, { list: [4], more: false }];
    const r = run(paged(), { name: 'n' }, chain(pages));
    expect(await failure(r)).toBe('backend_error: contact.shortcut_lookup (step "a"): page 3: no list');
    const calls: unknown[] = [];
    await run(paged(), { name: 'n' }, (c, n) => (calls.push(c.args.cursor), pages[n])).catch(() => undefined);
    expect(calls).toEqual([undefined, 'c1', 'c2']);
  });
  it('passes every page that holds: the pages are read as without it', async () => {
    const r = await run(paged({ every_page: { holds: { is: [{ item: true, path: 'list' }, 'list'] }, reason: 'constraint_violation', message: 'x' } }), { name: 'n' }, chain([{ list: [1], more: true, next: 'c1' }, { list: [2], more: false }]));
    expect(r.result).toEqual({ list: [1, 2], more: false });
    expect(await failure(run(paged({ every_page: { holds: { is: [{ item: true, path: 'list' }, 'list'] }, reason: 'constraint_violation', message: 'x' } }), { name: 'n' }, chain([{ list: null }])))).toMatch(/^constraint_violation: .*page 1: x$/u);
  });
  it('property: the step fails exactly when some page read lacks the list, at the first such page, after that many calls', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), async (hasList) => {
      const pages = hasList.map((ok, k) => ({ ...(ok ? { list: [k] } : { list: 'not a list' }), more: k + 1 < hasList.length, next: `c${k + 1}` }));
      let calls = 0;
      const outcome = await failure(run(paged(), { name: 'n' }, (_c, n) => (calls++, pages[n])));
      const bad = hasList.indexOf(false);
      if (bad < 0) expect({ outcome, calls }).toEqual({ outcome: undefined, calls: hasList.length });
      else expect({ outcome, calls }).toEqual({ outcome: `backend_error: contact.shortcut_lookup (step "a"): page ${bad + 1}: no list`, calls: bad + 1 });
    }), { numRuns: 40 });
  });
  it('is checked at build', () => {
    expect(problemsOf(paged())).toEqual([]);
    expect(problemsOf(paged({ every_page: { holds: { is: [{ item: true }, 'object'] } } }))).toEqual([expect.stringContaining('every_page: needs holds')]);
    expect(problemsOf(paged({ every_page: { message: 'm' } }))).toEqual([expect.stringContaining('every_page: needs holds')]);
    expect(problemsOf(paged({ every_page: { holds: { is: [{ item: true }, 'object'] }, message: 'm', reason: 'nope' } }))).toEqual([expect.stringContaining('every_page.reason: one of backend_error')]);
    expect(problemsOf(paged({ every_page: { holds: { is: [{ item: true }, 'object'] }, message: 'm', extra: 1 } }))).toEqual([expect.stringContaining('extra')]);
    expect(problemsOf(paged({ paged_command: {} }))).toEqual([expect.stringContaining('every_page: does not combine with paged_command or fetch_all')]);
  });
});

const { sent, mcp } = useOutputRuns('dws-p-bulkpatch-');
const patch = (...more: string[]) => ['aitable', '+record-bulk-patch', '--base-id', 'b1', '--table-id', 't1', '--patch', '{"f":"done"}', '--all', ...more, '--yes'];
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ recordId: `r${i + from}` }));
/** The match pages in turn (a call without recordIds); a read-back (with recordIds) finds each id asked for patched. */
function backend(pages: unknown[]) {
  let n = 0;
  mcp.answers['aitable/query_records'] = (args: Record<string, unknown>) => (Array.isArray(args.recordIds)
    ? { data: { records: (args.recordIds as string[]).map((id) => ({ recordId: id, cells: { f: 'done' } })), hasMore: false } }
    : pages[n++]);
  mcp.answers['aitable/update_records'] = () => ({ success: true, data: {} });
}
const names = (calls: unknown[][]) => calls.map((c) => c[0]);
const matchCalls = (calls: unknown[][]) => calls.filter((c) => c[0] === 'aitable/query_records' && !Array.isArray((c[1] as Record<string, unknown>).recordIds)).map((c) => c[1]);
const written = (calls: unknown[][]) => calls.filter((c) => c[0] === 'aitable/update_records').flatMap((c) => ((c[1] as { records: { recordId: string }[] }).records).map((r) => r.recordId));

describe('aitable +record-bulk-patch reads its matches as queryAllRecords (record_query_all.go:245-283@c7521c1c)', () => {
  it('follows the pages to the one that says no more, then patches every record read', async () => {
    backend([
      { data: { records: ids(20), hasMore: true, nextCursor: 'c2' } },
      { records: ids(20, 20), pagination: { hasMore: true, cursor: 'c3' } },
      { result: { records: ids(5, 40), hasMore: false } },
    ]);
    const r = await sent(patch());
    expect(r.reason).toBeUndefined();
    expect(matchCalls(r.calls)).toEqual([
      { baseId: 'b1', tableId: 't1', limit: 20 },
      { baseId: 'b1', tableId: 't1', limit: 20, cursor: 'c2' },
      { baseId: 'b1', tableId: 't1', limit: 20, cursor: 'c3' },
    ]);
    expect(written(r.calls)).toEqual(ids(45).map((x) => x.recordId));
    expect(r.printed).toMatchObject({ operation: 'record_bulk_patch', status: 'success', requestedCount: 45, completedCount: 45 });
  });
  it('refuses more than --max-matches as soon as a page takes the count over it, before any write', async () => {
    backend([{ records: ids(2), hasMore: true, nextCursor: 'c2' }, { records: ids(2, 2), hasMore: true, nextCursor: 'c3' }, { records: ids(1, 4) }]);
    const r = await sent(patch('--max-matches', '3'));
    expect({ reason: r.reason, calls: names(r.calls) }).toEqual({ reason: 'constraint_violation', calls: ['aitable/query_records', 'aitable/query_records'] });
  });
  it('patches exactly --max-matches records read over several pages (upstream refuses only above it: len(all) > maxRecords)', async () => {
    backend([{ records: ids(2), hasMore: true, nextCursor: 'c2' }, { records: ids(1, 2), hasMore: false }]);
    const r = await sent(patch('--max-matches', '3'));
    expect({ reason: r.reason, written: written(r.calls) }).toEqual({ reason: undefined, written: ['r0', 'r1', 'r2'] });
    backend([{ records: ids(2), hasMore: true, nextCursor: 'c2' }, { records: ids(2, 2), hasMore: false }]);
    const over = await sent(patch('--max-matches', '3'));
    expect({ reason: over.reason, written: written(over.calls) }).toEqual({ reason: 'constraint_violation', written: [] });
  });
  it('refuses a middle page without the records list before any write, though later pages hold records', async () => {
    for (const middle of [{ data: {}, hasMore: true, nextCursor: 'c3' }, { records: null, nextCursor: 'c3' }, {}]) {
      backend([{ records: ids(3), hasMore: true, nextCursor: 'c2' }, middle, { records: ids(3, 3), hasMore: false }]);
      const r = await sent(patch());
      expect({ reason: r.reason, calls: names(r.calls) }).toEqual({ reason: 'backend_error', calls: ['aitable/query_records', 'aitable/query_records'] });
    }
  });
  it('property: patches when the pages hold at most --max-matches records, else refuses after the page that went over, never writing then', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 40 }), async (sizes, max) => {
      let from = 0;
      backend(sizes.map((size, k) => {
        const page = { records: ids(size, from), hasMore: k + 1 < sizes.length, ...(k + 1 < sizes.length ? { nextCursor: `c${k + 2}` } : {}) };
        from += size;
        return page;
      }));
      const r = await sent(patch('--max-matches', String(max)));
      const totals = sizes.map((_, k) => sizes.slice(0, k + 1).reduce((a, b) => a + b, 0));
      const over = totals.findIndex((t) => t > max);
      if (over < 0) expect({ reason: r.reason, pages: matchCalls(r.calls).length, written: written(r.calls).length }).toEqual({ reason: undefined, pages: sizes.length, written: from });
      else expect({ reason: r.reason, pages: matchCalls(r.calls).length, written: written(r.calls).length }).toEqual({ reason: 'constraint_violation', pages: over + 1, written: 0 });
    }), { numRuns: 12 });
  });
  it('refuses a last page that says more without a next cursor (upstream: more data but no next cursor), writing nothing', async () => {
    backend([{ records: ids(2), hasMore: true, nextCursor: 'c2' }, { records: ids(1, 2), hasMore: true }]);
    const r = await sent(patch());
    expect({ reason: r.reason, calls: names(r.calls) }).toEqual({ reason: 'backend_error', calls: ['aitable/query_records', 'aitable/query_records'] });
  });
});
