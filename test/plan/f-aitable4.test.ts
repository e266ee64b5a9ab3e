// aitable +record-bulk-patch and +base-bootstrap print upstream's composite summary (composite_output.go,
// record_bulk_patch.go:110-123, record_batch.go:166-260, base_composite.go executeBaseBootstrap@c7521c1c), run as a
// user types them against the fake MCP server on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { run, answer, failure, mcp } = useOutputRuns('dws-f-aitable4-');
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

const bootstrap = (tables: unknown) => ['aitable', '+base-bootstrap', '--name', 'P', '--tables', JSON.stringify(tables), '--yes'];
const fieldsOf = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ fieldName: `F${from + i}`, type: 'text' }));

describe('aitable +base-bootstrap (base_composite.go executeBaseBootstrap@c7521c1c)', () => {
  const backend = (tableFields: Record<string, unknown[]>) => {
    answer('aitable/create_base', { data: { baseId: 'B1' } });
    answer('aitable/get_base', { data: { baseId: 'B1', tables: [] } });
    let n = 0;
    mcp.answers['aitable/create_table'] = () => ({ data: { tableId: `T${++n}` } });
    answer('aitable/create_fields', { data: {} });
    mcp.answers['aitable/get_tables'] = (args: Record<string, unknown>) => ({ data: { tables: [{ tableId: (args.tableIds as string[])[0] }] } });
    mcp.answers['aitable/get_fields'] = (args: Record<string, unknown>) => ({ data: { fields: tableFields[args.tableId as string] ?? [] } });
  };
  it('prints the composite summary, one table finished before the next', async () => {
    const first = fieldsOf(16);
    backend({ T1: first, T2: [] });
    const out = await run(bootstrap([{ name: ' Tasks ', fields: first }, { name: 'Empty' }])) as Record<string, unknown>;
    expect(out).toEqual({
      contractVersion: 'aitable.composite.v1', operation: 'base_bootstrap', status: 'success', executed: true, retryable: false,
      requestedCount: 2, completedCount: 2, resolved: { baseId: 'B1' },
      plan: [
        { index: 1, name: 'create base', tool: 'create_base', status: 'planned' },
        { index: 2, name: 'create and verify table', tool: 'create_table', status: 'planned', count: 16, arguments: { name: 'Tasks' } },
        { index: 3, name: 'create and verify table', tool: 'create_table', status: 'planned', arguments: { name: 'Empty' } },
      ],
      completedSteps: [
        { index: 1, name: 'create base', tool: 'create_base', status: 'completed', result: { data: { baseId: 'B1' } } },
        { index: 2, name: 'create and verify table', tool: 'create_table', status: 'completed', count: 16, result: { fieldCount: 16, tableId: 'T1' } },
        { index: 3, name: 'create and verify table', tool: 'create_table', status: 'completed', result: { fieldCount: 0, tableId: 'T2' } },
      ],
      verification: { baseId: 'B1', status: 'verified', tableCount: 2 },
      knownSideEffects: [
        { baseId: 'B1', tool: 'create_base' },
        { baseId: 'B1', name: 'Tasks', tableId: 'T1', tool: 'create_table' },
        { baseId: 'B1', name: 'Empty', tableId: 'T2', tool: 'create_table' },
      ],
      result: { baseId: 'B1', tables: [{ fieldCount: 16, name: 'Tasks', tableId: 'T1' }, { fieldCount: 0, name: 'Empty', tableId: 'T2' }] },
    });
    expect(Object.keys(out)).toEqual(['contractVersion', 'operation', 'status', 'executed', 'retryable', 'requestedCount',
      'completedCount', 'resolved', 'plan', 'completedSteps', 'verification', 'knownSideEffects', 'result']);
    expect(mcp.calls.map((c) => c.name)).toEqual(['create_base', 'get_base', 'create_table', 'create_fields', 'get_tables',
      'get_fields', 'create_table', 'get_tables', 'get_fields']);
    expect(mcp.calls[2].arguments).toEqual({ baseId: 'B1', tableName: 'Tasks', fields: first.slice(0, 15) });
    expect(mcp.calls[3].arguments).toEqual({ baseId: 'B1', tableId: 'T1', fields: first.slice(15) });
    expect(mcp.calls[6].arguments).toEqual({ baseId: 'B1', tableName: 'Empty', fields: [] });
  });
  it('refuses --tables elements as parseBootstrapTables does, before any call', async () => {
    for (const tables of [
      [{ name: 'A' }, 'x'],
      [{ name: 'A' }, { name: ' ' }],
      [{ name: 'A', fields: null }],
      [{ name: 'A', fields: { fieldName: 'x', type: 'text' } }],
      [{ name: 'A', fields: [{ fieldName: 'x' }] }],
      [{ name: 'A', fields: [{ fieldName: ' ', name: 'x', type: 'text' }] }],
      [{ name: 'A', fields: ['x'] }],
      [{ name: 'A' }, { name: ' A' }],
    ]) {
      expect((await failure(bootstrap(tables))).reason, JSON.stringify(tables)).toBe('invalid_parameter');
    }
    expect(mcp.calls).toEqual([]);
    // name instead of fieldName is taken, as stringValue(object, "fieldName", "name")
    backend({ T1: [{ name: 'x' }] });
    expect(((await run(bootstrap([{ name: 'A', fields: [{ name: 'x', type: 'text' }] }]))) as Record<string, unknown>).status).toBe('success');
  });
  it('a read-back that does not name the table, or lacks a declared field, ends the run after the writes', async () => {
    backend({ T1: [{ fieldName: 'F0' }] });
    answer('aitable/get_tables', { data: { tables: [] } });
    let outcome = await failure(bootstrap([{ name: 'A', fields: fieldsOf(1) }, { name: 'B' }]));
    expect(outcome.reason).toBe('partial_outcome');
    expect(outcome.message).toContain('does not name the created table');
    backend({ T1: [{ fieldName: 'F0' }] });
    mcp.calls.length = 0;
    outcome = await failure(bootstrap([{ name: 'A', fields: fieldsOf(2) }, { name: 'B' }]));
    expect(outcome.reason).toBe('partial_outcome');
    expect(outcome.message).toContain('do not hold every declared field name');
    // table A failed its check: table B is never created (upstream returns at the first table that fails)
    expect(mcp.calls.filter((c) => c.name === 'create_table')).toHaveLength(1);
    backend({});
    answer('aitable/get_fields', { data: {} });
    expect((await failure(bootstrap([{ name: 'A' }]))).message).toContain('without the fields list');
    backend({});
    answer('aitable/get_base', { data: { baseId: 'other' } });
    expect((await failure(bootstrap([{ name: 'A' }]))).message).toContain('does not name the created base');
  });
});
