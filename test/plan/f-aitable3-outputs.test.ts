// The read-back checks of aitable +record-update and +record-upsert (upstream verifyUpdateBatch, record_batch.go:248,
// verifyRecordCells, record_upsert_by_key.go:315, matchCreatedCells, record_batch.go:387@c7521c1c), run as a user
// types them against the fake MCP server on 127.0.0.1. A check that fails after the write ends as partial_outcome.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { run, answer, failure, mcp } = useOutputRuns('dws-f-aitable3-');
const table = ['--base-id', 'b1', '--table-id', 't1'];
const update = (records: unknown[]) => ['aitable', '+record-update', ...table, '--records', JSON.stringify(records), '--yes'];
const upsert = (records: unknown[]) => ['aitable', '+record-upsert', ...table, '--records', JSON.stringify(records), '--yes'];
const readBack = (records: unknown[]) => answer('aitable/query_records', { data: { records, hasMore: false } });

describe('aitable +record-update checks its read-back (verifyUpdateBatch, record_batch.go:248)', () => {
  it('cells read back equal (extra fields and key order do not matter) verify the batch', async () => {
    answer('aitable/update_records', { data: {} });
    readBack([{ recordId: 'r2', cells: { f: { b: 2, a: [1] }, g: 'x' } }, { id: ' r1 ', cells: { f: 1 } }]);
    const out = await run(update([{ recordId: 'r1', cells: { f: 1 } }, { record_id: 'r2', cells: { f: { a: [1], b: 2 } } }])) as Record<string, unknown>;
    expect(out.verification).toEqual({ status: 'verified', verifiedCount: 2 });
  });
  it('a record missing from the read-back is refused after the write', async () => {
    answer('aitable/update_records', { data: {} });
    readBack([{ recordId: 'r1', cells: { f: 1 } }]);
    const outcome = await failure(update([{ recordId: 'r1', cells: { f: 1 } }, { recordId: 'r2', cells: { f: 2 } }]));
    expect(outcome.reason).toBe('partial_outcome');
    expect(outcome.message).toContain('missing updated record 2');
    expect(outcome.out).toBe('');
    expect(mcp.calls.map((c) => c.name)).toEqual(['update_records', 'query_records']);
  });
  it('a read-back record without cells, or with a cell that differs, is refused', async () => {
    answer('aitable/update_records', { data: {} });
    readBack([{ recordId: 'r1' }]);
    expect((await failure(update([{ recordId: 'r1', cells: { f: 1 } }]))).message).toContain('has no cells');
    // a nested object must be equal, not merely contain the value sent (reflect.DeepEqual)
    readBack([{ recordId: 'r1', cells: { f: { a: 1, extra: true } } }]);
    const outcome = await failure(update([{ recordId: 'r1', cells: { f: { a: 1 } } }]));
    expect(outcome.reason).toBe('partial_outcome');
    expect(outcome.message).toContain('differs from its cells');
    readBack([{ recordId: 'r1', cells: { g: 1 } }]);
    expect((await failure(update([{ recordId: 'r1', cells: { f: 1 } }]))).message).toContain('differs from its cells');
  });
  it('the first batch that fails its check stops the run before the next batch is written', async () => {
    answer('aitable/update_records', { data: {} });
    readBack([]);
    const records = Array.from({ length: 101 }, (_, i) => ({ recordId: `r${i}`, cells: { f: i } }));
    const outcome = await failure(update(records));
    expect(outcome.reason).toBe('partial_outcome');
    expect(mcp.calls.filter((c) => c.name === 'update_records')).toHaveLength(1);
  });
});

describe('aitable +record-upsert checks the updated and the created records it reads back (verifyUpsertBatch)', () => {
  it('updates compared by id, creates matched by their cells', async () => {
    answer('aitable-helper/record_upsert', { data: { createdRecordIds: ['r8', 'r9'] } });
    mcp.answers['aitable/query_records'] = (args: Record<string, unknown>) => ({
      data: {
        hasMore: false,
        records: (args.recordIds as string[])[0] === 'r1'
          ? [{ recordId: 'r1', cells: { f: 'u' } }]
          : [{ recordId: 'r9', cells: { f: 'b', g: 0 } }, { recordId: 'r8', cells: { f: 'a' } }],
      },
    });
    const out = await run(upsert([{ cells: { f: 'a' } }, { recordId: 'r1', cells: { f: 'u' } }, { cells: { f: 'b' } }])) as Record<string, unknown>;
    expect(out.verification).toEqual({ status: 'verified', verifiedCount: 3 });
    expect(mcp.calls.map((c) => c.name)).toEqual(['record_upsert', 'query_records', 'query_records']);
  });
  it('an updated record that reads back other cells is refused before the created ones are read', async () => {
    answer('aitable-helper/record_upsert', { data: { createdRecordIds: ['r9'] } });
    readBack([{ recordId: 'r1', cells: { f: 'old' } }]);
    const outcome = await failure(upsert([{ recordId: 'r1', cells: { f: 'u' } }, { cells: { f: 'a' } }]));
    expect(outcome.reason).toBe('partial_outcome');
    expect(outcome.message).toContain('differs from its cells');
    expect(mcp.calls.map((c) => c.name)).toEqual(['record_upsert', 'query_records']);
  });
  it('created records read back in another number, or without the cells sent, are refused', async () => {
    answer('aitable-helper/record_upsert', { data: { createdRecordIds: ['r8', 'r9'] } });
    readBack([{ recordId: 'r8', cells: { f: 'a' } }]);
    expect((await failure(upsert([{ cells: { f: 'a' } }, { cells: { f: 'b' } }]))).message).toContain('differs from the records created');
    readBack([{ recordId: 'r8', cells: { f: 'a' } }, { recordId: 'r9', cells: { f: 'c' } }]);
    const outcome = await failure(upsert([{ cells: { f: 'a' } }, { cells: { f: 'b' } }]));
    expect(outcome.reason).toBe('partial_outcome');
    expect(outcome.message).toContain('holds the cells of record 2 to create');
  });
});
