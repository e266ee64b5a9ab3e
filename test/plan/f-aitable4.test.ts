// aitable +record-bulk-patch and +base-bootstrap print upstream's composite summary (composite_output.go,
// record_bulk_patch.go:110-123, record_batch.go:166-260, base_composite.go executeBaseBootstrap@c7521c1c), run as a
// user types them against the fake MCP server on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { run, answer, env, mcp } = useOutputRuns('dws-f-aitable4-');
const failure = async (argv: string[]) => {
  const outcome = await dispatchInProcess(argv, env());
  return { reason: outcome.error?.reason, message: outcome.error?.message ?? '', out: outcome.out };
};
const table = ['--base-id', 'b1', '--table-id', 't1'];
const patch = (...more: string[]) => ['aitable', '+record-bulk-patch', ...table, '--patch', '{"f":"done"}', ...more, '--yes'];

describe('aitable +record-bulk-patch prints executeRecordBatches summary (record_bulk_patch.go:123)', () => {
  it('matched records patched in batches of 100, each verified', async () => {
    const matched = Array.from({ length: 101 }, (_, i) => ({ recordId: `r${String(i).padStart(3, '0')}`, cells: { f: 'x' } }));
    mcp.answers['aitable/query_records'] = (args: Record<string, unknown>) => {
      const ids = args.recordIds as string[] | undefined;
      if (args.keyword) return { data: { records: matched, hasMore: false } };
      return { data: { records: (ids ?? []).map((id) => ({ recordId: id, cells: { f: 'done' } })), hasMore: false } };
    };
    answer('aitable/update_records', { data: {} });
    const out = await run(patch('--query', 'todo')) as Record<string, unknown>;
    const first = matched.slice(0, 100).map((r) => r.recordId);
    expect(out).toEqual({
      contractVersion: 'aitable.composite.v1', operation: 'record_bulk_patch', status: 'success', executed: true, retryable: false,
      requestedCount: 101, completedCount: 101,
      plan: [
        { index: 1, name: 'write record batch', tool: 'update_records', status: 'planned', count: 100 },
        { index: 2, name: 'write record batch', tool: 'update_records', status: 'planned', offset: 100, count: 1 },
      ],
      completedSteps: [
        { index: 1, name: 'write record batch', tool: 'update_records', status: 'completed', count: 100, result: { recordIds: first, status: 'verified' } },
        { index: 2, name: 'write record batch', tool: 'update_records', status: 'completed', offset: 100, count: 1, result: { recordIds: ['r100'], status: 'verified' } },
      ],
      verification: { status: 'verified', verifiedCount: 101 },
      knownSideEffects: [{ count: 100, offset: 0, tool: 'update_records' }, { count: 1, offset: 100, tool: 'update_records' }],
      result: { batchCount: 2, processedCount: 101 },
    });
    expect(Object.keys(out)).toEqual(['contractVersion', 'operation', 'status', 'executed', 'retryable', 'requestedCount',
      'completedCount', 'plan', 'completedSteps', 'verification', 'knownSideEffects', 'result']);
  });
  it('no match: verified_no_matches with matchedCount 0 and no write', async () => {
    answer('aitable/query_records', { data: { records: [], hasMore: false } });
    const out = await run(patch('--all'));
    expect(out).toEqual({
      contractVersion: 'aitable.composite.v1', operation: 'record_bulk_patch', status: 'success', executed: true, retryable: false,
      verification: { status: 'verified_no_matches' }, result: { matchedCount: 0, updatedCount: 0 },
    });
    expect(mcp.calls.map((c) => c.name)).toEqual(['query_records']);
  });
});
