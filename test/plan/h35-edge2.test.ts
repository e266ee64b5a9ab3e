// Session 35, issue 32 (notes/h35-edge2.md): aitable reads a query_records answer as upstream does, at any depth:
// findRecords (record_upsert_by_key.go:257-284@c7521c1c: a records key ends the search and must hold a list of
// objects; else data, then result), responseHasMore (:286-304) and responseCursor (record_query_all.go:285-301).
// Run as a user types the commands against the fake MCP server on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useOutputRuns } from './output-runs.js';
import { goFindRecords, goResponseCursor, goResponseHasMore } from '../../src/plan/transforms/ids.js';

const { run, sent, mcp, answer } = useOutputRuns('dws-h35-edge2-');
const table = ['--base-id', 'b1', '--table-id', 't1'];
const byKey = ['aitable', '+record-upsert-by-key', ...table, '--key-field-id', 'k', '--key-value', 'K1', '--cells', '{"f":"v"}', '--yes'];
const query = (...more: string[]) => ['aitable', '+record-query', ...table, ...more];
/** query_records answering these bodies in turn (the last one again after them). */
const pages = (...bodies: unknown[]) => {
  mcp.answers['aitable/query_records'] = (_args, n) => bodies[Math.min(n, bodies.length - 1)];
};
const tools = (calls: unknown[][]) => calls.map(([tool]) => tool);
const written = { recordId: 'r9', cells: { f: 'v', k: 'K1' } };

describe('+record-upsert-by-key reads its two queries as findRecords and responseHasMore (record_upsert_by_key.go:207-284@c7521c1c)', () => {
  it('a records list holding a non-object is no collection (:265-272): refused before any write', async () => {
    pages({ records: [{ recordId: 'r1', cells: {} }, 'x'] });
    const r = await sent(byKey);
    expect([r.reason, tools(r.calls)]).toEqual(['backend_error', ['aitable/query_records']]);
  });
  it('records three levels down are found (:275-281): an empty list there creates, and the read-back found as deep verifies', async () => {
    answer('aitable/create_records', { data: {} });
    pages({ data: { result: { data: { records: [] } } } }, { result: { data: { result: { records: [written] } } } });
    const r = await sent(byKey);
    expect(r.reason).toBeUndefined();
    expect(tools(r.calls)).toEqual(['aitable/query_records', 'aitable/create_records', 'aitable/query_records']);
    expect((r.printed as { verification: unknown }).verification).toEqual({ status: 'verified', recordId: 'r9', checkedFields: ['f', 'k'] });
  });
  it('a records key that is no list inside data is none there, and result is read next (:276-279)', async () => {
    answer('aitable/create_records', { data: {} });
    pages({ data: { records: 'x' }, result: { records: [] } }, { records: [written] });
    const r = await sent(byKey);
    expect([r.reason, tools(r.calls)]).toEqual([undefined, ['aitable/query_records', 'aitable/create_records', 'aitable/query_records']]);
  });
  it('more said three levels down (responseHasMore recurses, :297-301) refuses before any write (target_incomplete)', async () => {
    pages({ records: [], data: { page: { pagination: { hasMore: true } } } });
    const r = await sent(byKey);
    expect([r.reason, tools(r.calls)]).toEqual(['backend_error', ['aitable/query_records']]);
    pages({ records: [], result: { data: { result: { cursor: ' c2 ' } } } });
    expect((await sent(byKey)).reason).toBe('backend_error');
  });
});

describe('+record-query reads every page as queryRecordWindow (record_query_all.go:60-99@c7521c1c) at any depth', () => {
  const rec = (id: string) => ({ recordId: id, cells: {} });
  it('records, more and the cursor three levels down are read and followed', async () => {
    pages({ data: { data: { data: { records: [rec('a')], hasMore: true, nextCursor: 'c2' } } } }, { result: { result: { result: { records: [rec('b')] } } } });
    mcp.calls.length = 0;
    const out = await run(query('--limit', '5')) as { data: { records: unknown[]; page: number; hasMore: boolean } };
    expect(out.data.records).toEqual([rec('a'), rec('b')]);
    expect([out.data.page, out.data.hasMore]).toEqual([2, false]);
    expect(mcp.calls.map((c) => c.arguments.cursor ?? null)).toEqual([null, 'c2']);
  });
  it('a page whose records list holds a non-object is refused (findRecords :265-272, queryRecordWindow :64-70)', async () => {
    pages({ records: [rec('a'), 7] });
    const r = await sent(query());
    expect(r.reason).toBe('backend_error');
    expect(r.printed).toBeUndefined();
  });
});

describe('the readers as Go walks (property)', () => {
  it('wrapping an answer in data or result envelopes at any depth changes nothing the readers find', () => {
    const leaf = fc.record({
      records: fc.array(fc.record({ recordId: fc.string() })),
      hasMore: fc.boolean(),
      nextCursor: fc.oneof(fc.constant(' '), fc.string()),
    });
    fc.assert(fc.property(leaf, fc.array(fc.constantFrom('data', 'result'), { maxLength: 6 }), (page, wraps) => {
      const wrapped = wraps.reduce<unknown>((inner, key) => ({ [key]: inner }), page);
      expect(goFindRecords(wrapped)).toEqual(page.records);
      expect(goResponseHasMore(wrapped)).toBe(page.hasMore || page.nextCursor.trim() !== '');
      expect(goResponseCursor(wrapped)).toBe(page.nextCursor.trim() === '' ? undefined : page.nextCursor.trim());
    }));
  });
});
