// The read-backs of aitable +record-update, +record-upsert, +record-delete and +record-bulk-patch find the records
// where upstream findRecords looks (record_upsert_by_key.go:257@c7521c1c: `records` at the top, then inside `data`,
// then inside `result`), through queryRecordWindow (record_query_all.go:32). Run as a user types the commands against
// the fake MCP server on 127.0.0.1; the answers put the records at the top level or under `result`.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { run, answer, failure, mcp } = useOutputRuns('dws-f-aitable5-');
const table = ['--base-id', 'b1', '--table-id', 't1'];
const update = (records: unknown[]) => ['aitable', '+record-update', ...table, '--records', JSON.stringify(records), '--yes'];
const upsert = (records: unknown[]) => ['aitable', '+record-upsert', ...table, '--records', JSON.stringify(records), '--yes'];
const del = (ids: string) => ['aitable', '+record-delete', ...table, '--record-ids', ids, '--yes'];
const patch = (...more: string[]) => ['aitable', '+record-bulk-patch', ...table, '--patch', '{"f":"done"}', ...more, '--yes'];
const top = (records: unknown[]) => ({ records, hasMore: false });
const underResult = (records: unknown[]) => ({ result: { records, hasMore: false } });

describe('+record-update reads its read-back at the top level and under result', () => {
  it('records at the top level verify the batch', async () => {
    answer('aitable/update_records', { data: {} });
    answer('aitable/query_records', top([{ recordId: 'r1', cells: { f: 1 } }]));
    const out = await run(update([{ recordId: 'r1', cells: { f: 1 } }])) as Record<string, unknown>;
    expect(out.verification).toEqual({ status: 'verified', verifiedCount: 1 });
  });
  it('records under result are checked too: other cells there are refused after the write', async () => {
    answer('aitable/update_records', { data: {} });
    answer('aitable/query_records', underResult([{ recordId: 'r1', cells: { f: 2 } }]));
    const outcome = await failure(update([{ recordId: 'r1', cells: { f: 1 } }]));
    expect(outcome.reason).toBe('partial_outcome');
    expect(outcome.message).toContain('differs from its cells');
    answer('aitable/query_records', underResult([{ recordId: 'r1', cells: { f: 1 } }]));
    const out = await run(update([{ recordId: 'r1', cells: { f: 1 } }])) as Record<string, unknown>;
    expect(out.verification).toEqual({ status: 'verified', verifiedCount: 1 });
  });
  it('a read-back under result pages by result.nextCursor while result.hasMore', async () => {
    answer('aitable/update_records', { data: {} });
    mcp.answers['aitable/query_records'] = (args: Record<string, unknown>) => (args.cursor === 'c2'
      ? { result: { records: [{ recordId: 'r2', cells: { f: 2 } }], hasMore: false } }
      : { result: { records: [{ recordId: 'r1', cells: { f: 1 } }], hasMore: true, nextCursor: 'c2' } });
    const out = await run(update([{ recordId: 'r1', cells: { f: 1 } }, { recordId: 'r2', cells: { f: 2 } }])) as Record<string, unknown>;
    expect(out.verification).toEqual({ status: 'verified', verifiedCount: 2 });
    const reads = mcp.calls.filter((c) => c.name === 'query_records').map((c) => c.arguments);
    expect(reads).toEqual([
      { baseId: 'b1', tableId: 't1', recordIds: ['r1', 'r2'], limit: 2 },
      { baseId: 'b1', tableId: 't1', recordIds: ['r1', 'r2'], limit: 1, cursor: 'c2' },
    ]);
  });
});

describe('+record-upsert reads the updated and the created records at the top level and under result', () => {
  it('updates at the top level, creates under result, both verified', async () => {
    answer('aitable-helper/record_upsert', { result: { createdRecordIds: ['r9'] } });
    mcp.answers['aitable/query_records'] = (args: Record<string, unknown>) => ((args.recordIds as string[])[0] === 'r1'
      ? top([{ recordId: 'r1', cells: { f: 'u' } }])
      : underResult([{ recordId: 'r9', cells: { f: 'a' } }]));
    const out = await run(upsert([{ recordId: 'r1', cells: { f: 'u' } }, { cells: { f: 'a' } }])) as Record<string, unknown>;
    expect(out.verification).toEqual({ status: 'verified', verifiedCount: 2 });
  });
  it('a created record read back under result with other cells is refused', async () => {
    answer('aitable-helper/record_upsert', { createdRecordIds: ['r9'] });
    answer('aitable/query_records', underResult([{ recordId: 'r9', cells: { f: 'other' } }]));
    const outcome = await failure(upsert([{ cells: { f: 'a' } }]));
    expect(outcome.reason).toBe('partial_outcome');
    expect(outcome.message).toContain('holds the cells of record 1 to create');
  });
});

describe('+record-delete checks that its read-back holds none of the deleted records', () => {
  it('an empty list at the top level or under result is verified absent', async () => {
    answer('aitable/delete_records', { data: {} });
    answer('aitable/query_records', top([]));
    expect((await run(del('r1,r2')) as Record<string, unknown>).verification).toEqual({ status: 'verified_absent', verifiedCount: 2 });
    answer('aitable/query_records', underResult([]));
    expect((await run(del('r1')) as Record<string, unknown>).verification).toEqual({ status: 'verified_absent', verifiedCount: 1 });
  });
  it('a deleted record still read back, at the top level or under result, is refused after the write', async () => {
    answer('aitable/delete_records', { data: {} });
    answer('aitable/query_records', underResult([{ recordId: 'r2' }]));
    let outcome = await failure(del('r1,r2'));
    expect(outcome.reason).toBe('partial_outcome');
    expect(outcome.message).toContain('still holds deleted records');
    expect(outcome.out).toBe('');
    answer('aitable/query_records', top([{ recordId: 'r1' }]));
    outcome = await failure(del('r1'));
    expect(outcome.message).toContain('still holds deleted records');
  });
  it('a read-back without a records list is refused, unless it is the explicit empty answer', async () => {
    answer('aitable/delete_records', { data: {} });
    answer('aitable/query_records', { data: { total: 0 } });
    const outcome = await failure(del('r1'));
    expect(outcome.reason).toBe('partial_outcome');
    expect(outcome.message).toContain('answered no records collection');
    // upstream explicitEmptyRecordQuery (record_query_all.go:109): success, status success, an empty data object
    answer('aitable/query_records', { success: true, status: 'success', data: {} });
    expect((await run(del('r1')) as Record<string, unknown>).verification).toEqual({ status: 'verified_absent', verifiedCount: 1 });
  });
  it('a batch whose read-back fails stops the run before the next batch is deleted', async () => {
    answer('aitable/delete_records', { data: {} });
    answer('aitable/query_records', top([{ recordId: 'r000' }]));
    const ids = Array.from({ length: 101 }, (_, i) => `r${String(i).padStart(3, '0')}`).join(',');
    const outcome = await failure(del(ids));
    expect(outcome.reason).toBe('partial_outcome');
    expect(mcp.calls.filter((c) => c.name === 'delete_records')).toHaveLength(1);
  });
});

describe('+record-bulk-patch reads its matches and its read-back at the top level and under result', () => {
  it('matches at the top level, read-back under result: verified', async () => {
    mcp.answers['aitable/query_records'] = (args: Record<string, unknown>) => (args.keyword
      ? top([{ recordId: 'r1', cells: { f: 'x' } }, { id: 'r2', cells: { f: 'y' } }])
      : underResult((args.recordIds as string[]).map((id) => ({ recordId: id, cells: { f: 'done' } }))));
    answer('aitable/update_records', { data: {} });
    const out = await run(patch('--query', 'todo')) as Record<string, unknown>;
    expect(out.verification).toEqual({ status: 'verified', verifiedCount: 2 });
    expect(out.result).toEqual({ batchCount: 1, processedCount: 2 });
    const write = mcp.calls.find((c) => c.name === 'update_records');
    expect(write?.arguments).toEqual({ baseId: 'b1', tableId: 't1', records: [{ recordId: 'r1', cells: { f: 'done' } }, { recordId: 'r2', cells: { f: 'done' } }] });
  });
  it('a read-back under result that misses a patched record is refused after the write', async () => {
    mcp.answers['aitable/query_records'] = (args: Record<string, unknown>) => (args.keyword
      ? underResult([{ recordId: 'r1' }, { recordId: 'r2' }])
      : underResult([{ recordId: 'r1', cells: { f: 'done' } }]));
    answer('aitable/update_records', { data: {} });
    const outcome = await failure(patch('--query', 'todo'));
    expect(outcome.reason).toBe('partial_outcome');
    expect(outcome.message).toContain('missing updated record 2');
  });
});
