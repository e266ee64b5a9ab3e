// Session 37, helper h37-tbl (issue 32 / 34, notes/h37-tbl.md): aitable left-overs where dws read an answer other than
// upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h37tbl-');

/**
 * upstream's responseTotalCount (shortcut/aitable/record_query_all.go:194-205@c7521c1c), as a model: the totalCount key
 * of the answer, else of its data object, and so on down the data chain; `found` false when the chain ends without one.
 */
function upstreamTotalCount(data: unknown): { found: boolean; value?: unknown } {
  let at = data;
  for (;;) {
    if (typeof at !== 'object' || at === null || Array.isArray(at)) return { found: false };
    const obj = at as Record<string, unknown>;
    if (Object.hasOwn(obj, 'totalCount')) return { found: true, value: obj.totalCount };
    at = obj.data;
  }
}

/** queryRecordWindow's totalCount (record_query_all.go:58-60): the first page that has one gives it. */
const firstTotal = (pages: unknown[]) => pages.map(upstreamTotalCount).find((t) => t.found);

/** A page of one record; `more` pages carry a next cursor; `total` wraps a totalCount `depth` data objects down. */
function page(n: number, more: boolean, total?: { depth: number; value: unknown }): Record<string, unknown> {
  const out: Record<string, unknown> = { records: [{ recordId: `r${n}` }], hasMore: more, ...(more ? { nextCursor: `c${n}` } : {}) };
  if (total === undefined) return out;
  let inner: Record<string, unknown> = { totalCount: total.value };
  for (let d = 0; d < total.depth; d++) inner = { data: inner };
  return { ...out, ...inner };
}

const query = ['aitable', '+record-query', '--base-id', 'b', '--table-id', 't'];

describe('aitable +record-query prints the totalCount of the first page that has one, at any depth of the data chain (record_query_all.go:58-60, :194-205@c7521c1c)', () => {
  it('a count three data objects down on page 1 is printed, not page 2\'s count at the top', async () => {
    const run = await outputs.paged(query, 'aitable/query_records', [page(1, true, { depth: 3, value: 41 }), page(2, false, { depth: 0, value: 99 })]);
    expect(run.exit).toBe(0);
    expect((run.printed!.data as Record<string, unknown>).totalCount).toBe(41);
  });
  it('page 1 without a count, page 2 with one: page 2\'s, even when page 3 has another', async () => {
    const run = await outputs.paged(query, 'aitable/query_records', [page(1, true), page(2, true, { depth: 1, value: 7 }), page(3, false, { depth: 0, value: 8 })]);
    expect((run.printed!.data as Record<string, unknown>).totalCount).toBe(7);
  });
  it('a count holding null on page 1 is printed as null (upstream found the key)', async () => {
    const run = await outputs.paged(query, 'aitable/query_records', [page(1, true, { depth: 2, value: null }), page(2, false, { depth: 0, value: 5 })]);
    expect(run.printed!.data).toHaveProperty('totalCount', null);
  });
  it('no page with a count prints no totalCount key', async () => {
    const run = await outputs.paged(query, 'aitable/query_records', [page(1, true), page(2, false)]);
    expect(run.printed!.data).not.toHaveProperty('totalCount');
  });
  it('any pages: the printed totalCount is upstream\'s', async () => {
    const total = fc.option(fc.record({ depth: fc.integer({ min: 0, max: 5 }), value: fc.constantFrom<unknown>(0, 3, null, '12', { n: 1 }) }), { nil: undefined });
    await fc.assert(fc.asyncProperty(fc.array(total, { minLength: 1, maxLength: 4 }), async (totals) => {
      const pages = totals.map((t, i) => page(i + 1, i + 1 < totals.length, t ?? undefined));
      const run = await outputs.paged(query, 'aitable/query_records', pages);
      expect(run.exit).toBe(0);
      const want = firstTotal(pages);
      const data = run.printed!.data as Record<string, unknown>;
      if (want === undefined) expect(data).not.toHaveProperty('totalCount');
      else expect(data).toHaveProperty('totalCount', want.value);
    }), { numRuns: 40 });
  });
});
