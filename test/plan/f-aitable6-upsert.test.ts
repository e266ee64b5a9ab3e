// f-aitable6 (session 24): aitable +record-upsert-by-key after a failed write. Upstream reads the key back after a
// create/update call that failed and reports `recovered` when the read-back proves the cells, else its composite
// failure (record_upsert_by_key.go:129-190@c7521c1c). The write is a one-element ledger list (docs/PLANS.md "ledger",
// report list): sent once, never replayed, its failure a value the later steps read. Run as a user types it against
// the fake MCP server on 127.0.0.1.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { BUSY, failedRun, useOutputRuns, type JournalLine } from './output-runs.js';

const { run, answer, answersInTurn, mcp, env } = useOutputRuns('dws-f-aitable6-upsert-');
const argv = ['aitable', '+record-upsert-by-key', '--base-id', 'b', '--table-id', 't', '--key-field-id', 'fK', '--key-value', 'K1', '--cells', '{"fS":"x"}', '--yes'];
const rpcs = () => mcp.calls.map((c) => c.name);

describe('+record-upsert-by-key reads the key back after a failed write, as upstream does', () => {
  it('a failed create whose read-back proves the cells prints the summary with the step recovered and upstream\'s warning', async () => {
    answersInTurn('aitable/query_records', { data: { records: [] } }, { data: { records: [{ recordId: 'r1', cells: { fK: 'K1', fS: 'x' } }] } });
    answer('aitable/create_records', BUSY);
    const printed = await run(argv) as Record<string, unknown>;
    expect(Object.keys(printed)).toEqual(['contractVersion', 'operation', 'status', 'executed', 'retryable', 'requestedCount', 'completedCount', 'resolved', 'plan', 'completedSteps', 'verification', 'knownSideEffects', 'warnings', 'result']);
    expect(printed).toEqual({
      contractVersion: 'aitable.composite.v1', operation: 'record_upsert_by_key', status: 'success', executed: true, retryable: false, requestedCount: 1, completedCount: 1,
      resolved: { action: 'create', baseId: 'b', keyFieldId: 'fK', keyValue: 'K1', matchedCount: 0, tableId: 't' },
      plan: [{ index: 1, name: 'create record', tool: 'create_records', status: 'planned', count: 1, arguments: { baseId: 'b', records: [{ cells: { fK: 'K1', fS: 'x' } }], tableId: 't' } }],
      completedSteps: [{ index: 1, name: 'create record', tool: 'create_records', status: 'recovered', count: 1, error: expect.stringContaining('服务繁忙') }],
      verification: { checkedFields: ['fK', 'fS'], recordId: 'r1', status: 'verified' },
      knownSideEffects: [{ action: 'create', keyFieldId: 'fK', keyValue: 'K1', recordId: 'r1' }],
      warnings: ['write response was an error, but the requested final state was proven by read-back'],
      result: { action: 'create', record: { cells: { fK: 'K1', fS: 'x' }, recordId: 'r1' }, recordId: 'r1' },
    });
    expect(rpcs()).toEqual(['query_records', 'create_records', 'query_records']);
  });
  it('a failed update whose read-back does not prove the cells ends outcome_unknown (exit 1) with upstream\'s failure payload and both errors', async () => {
    answersInTurn('aitable/query_records', { data: { records: [{ recordId: 'r0' }] } }, { data: { records: [{ recordId: 'r0', cells: { fK: 'K1', fS: 'old' } }] } });
    answer('aitable/update_records', BUSY);
    const got = failedRun(await dispatchInProcess(argv, env()));
    expect({ ...got, details: undefined }).toEqual({ exit: 1, reason: 'outcome_unknown', message: expect.stringContaining('cells differ'), details: undefined });
    expect(got.details).toEqual({ result: {
      contractVersion: 'aitable.composite.v1', operation: 'record_upsert_by_key', status: 'unknown', executed: true, retryable: true, requestedCount: 1, failedCount: 1,
      resolved: { action: 'update', baseId: 'b', keyFieldId: 'fK', keyValue: 'K1', matchedCount: 1, tableId: 't' },
      plan: [{ index: 1, name: 'update record', tool: 'update_records', status: 'planned', count: 1, arguments: { baseId: 'b', records: [{ cells: { fK: 'K1', fS: 'x' }, recordId: 'r0' }], tableId: 't' } }],
      completedSteps: [{ index: 1, name: 'update record', tool: 'update_records', status: 'unknown', count: 1, error: expect.stringContaining('服务繁忙') }],
      verification: { error: 'read-back mismatch for field fS: got "old", want "x"', status: 'failed' },
      checkpoint: { keyFieldId: 'fK', keyValue: 'K1', nextStep: 'query the unique key again and verify its cells before retrying' },
      warnings: [expect.stringMatching(/^write call also returned an error: .*服务繁忙/u)],
    } });
    expect(rpcs()).toEqual(['query_records', 'update_records', 'query_records']);
  });
  it('a failed create found by no read-back is outcome_unknown, not retryable, and the create is sent once: one sent record, then its failure', async () => {
    answer('aitable/query_records', { data: { records: [] } });
    answer('aitable/create_records', BUSY);
    const runEnv = env();
    const outcome = await dispatchInProcess(argv, runEnv);
    const got = failedRun(outcome);
    expect([got.exit, got.reason]).toEqual([1, 'outcome_unknown']);
    expect((got.details as { result: { retryable: boolean; verification: unknown } }).result.retryable).toBe(false);
    expect((got.details as { result: { verification: unknown } }).result.verification).toEqual({ error: 'read-back found no record for the unique key', status: 'failed' });
    expect(rpcs()).toEqual(['query_records', 'create_records', 'query_records']);
    const journal = readFileSync(runEnv.DWS_JOURNAL ?? '', 'utf8').trim().split('\n').map((l) => JSON.parse(l) as JournalLine);
    expect(journal.filter((l) => l.rpc === 'create_records' && l.outcome !== undefined).map((l) => l.outcome)).toEqual(['sent', 'failed']);
  });
  it('a write that answered keeps the completed step and a read-back mismatch stays a partial outcome (exit 7)', async () => {
    answersInTurn('aitable/query_records', { data: { records: [] } }, { data: { records: [{ recordId: 'r1', cells: { fK: 'K1', fS: 'y' } }] } });
    answer('aitable/create_records', { success: true, data: { recordIds: ['r1'] } });
    const got = failedRun(await dispatchInProcess(argv, env()));
    expect([got.exit, got.reason]).toEqual([7, 'partial_outcome']);
    expect((got.details as { result: { completedSteps: unknown; warnings?: unknown } }).result.completedSteps).toEqual([{ index: 1, name: 'create record', tool: 'create_records', status: 'completed', count: 1, result: { data: { recordIds: ['r1'] }, success: true } }]);
    expect((got.details as { result: { warnings?: unknown } }).result.warnings).toBeUndefined();
  });
});
