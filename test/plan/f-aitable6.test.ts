// f-aitable6 (issue 32): the aitable JSON flags decode as upstream's Go types decode them, run as a user types the
// commands against the fake MCP server on 127.0.0.1. jsonStringToMap (helpers/attendance.go:21@c7521c1c) sends a JSON
// object decoded, null as null and anything else as the text typed; parseJSONObject (shortcut/aitable/aitable.go:50) and
// resolveWorkflowDSL (helpers/aitable.go:94) refuse anything but an object before any call.
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { run, answer, refusal, mcp, env } = useOutputRuns('dws-f-aitable6-');
const sent = (rpc: string) => mcp.calls.filter((c) => c.name === rpc).map((c) => c.arguments);

describe('the helper commands send --config, --layout, --ai-config and --desc as jsonStringToMap returns them', () => {
  it('chart create sends a list as its text and null as null, where it used to refuse or decode them', async () => {
    answer('aitable/create_chart', { success: true, data: { chartId: 'c1' } });
    await run(['aitable', 'chart', 'create', '--base-id', 'b1', '--dashboard-id', 'd1', '--config', '[{"chartName":"c"}]', '--layout', 'null']);
    expect(sent('create_chart')).toEqual([{ baseId: 'b1', dashboardId: 'd1', config: '[{"chartName":"c"}]', layout: null }]);
  });
  it('field create merges --options into a --config object, and sends a --config text as typed without reading --options', async () => {
    answer('aitable/create_fields', { success: true, data: { fields: [] } });
    await run(['aitable', 'field', 'create', '--base-id', 'b1', '--table-id', 't1', '--name', 'n', '--type', 'singleSelect', '--config', '{"multiple":true}', '--options', '[{"name":"A"}]']);
    await run(['aitable', 'field', 'create', '--base-id', 'b1', '--table-id', 't1', '--name', 'n', '--type', 'singleSelect', '--config', 'multiple', '--options', 'oops', '--ai-config', 'null']);
    expect(sent('create_fields')).toEqual([
      { baseId: 'b1', tableId: 't1', fields: [{ fieldName: 'n', type: 'singleSelect', config: { multiple: true, options: [{ name: 'A' }] } }] },
      { baseId: 'b1', tableId: 't1', fields: [{ fieldName: 'n', type: 'singleSelect', config: 'multiple', aiConfig: null }] },
    ]);
  });
  it('dashboard create drops a --config that is not an object and refuses when nothing is left to set', async () => {
    answer('aitable/create_dashboard', { success: true, data: { dashboardId: 'd1' } });
    await run(['aitable', 'dashboard', 'create', '--base-id', 'b1', '--config', '"theme"', '--name', '周报']);
    expect(sent('create_dashboard')).toEqual([{ baseId: 'b1', config: { name: '周报' } }]);
    expect(await refusal(['aitable', 'dashboard', 'create', '--base-id', 'b1', '--config', '"theme"'])).toEqual({ reason: 'invalid_parameter', out: '' });
    expect(sent('create_dashboard')).toHaveLength(1);
  });
});

describe('view update visible-fields decodes --json as a list of texts', () => {
  it('an empty --json list is refused even beside --field-ids, and nothing is sent', async () => {
    expect(await refusal(['aitable', 'view', 'update', 'visible-fields', '--base-id', 'b1', '--table-id', 't1', '--view-id', 'v1', '--json', '[]', '--field-ids', 'f1'])).toEqual({ reason: 'invalid_parameter', out: '' });
    expect(mcp.calls).toEqual([]);
  });
});

describe('workflow --dsl must decode as a JSON object, inline or from the file after @', () => {
  it('an object in the file is sent decoded', async () => {
    answer('aitable/create_workflow', { success: true, data: { valid: true, flowId: 'w1' } });
    await run(['aitable', 'workflow', 'create', '--base-id', 'b1', '--dsl', '@ wf.json'], { 'wf.json': '{"version":"workflow-dsl/v1","nodes":[]}' });
    expect(sent('create_workflow')).toEqual([{ baseId: 'b1', dsl: { version: 'workflow-dsl/v1', nodes: [] } }]);
  });
  it('a list, null or a blank file is refused before the call', async () => {
    for (const [dsl, files] of [['@wf.json', { 'wf.json': '[{"version":"workflow-dsl/v1"}]' }], ['@wf.json', { 'wf.json': '  \n' }], ['null', {}]] as const) {
      expect(await refusal(['aitable', 'workflow', 'create', '--base-id', 'b1', '--dsl', dsl], files)).toEqual({ reason: 'invalid_parameter', out: '' });
    }
    expect(mcp.calls).toEqual([]);
  });
  it('+workflow-deploy refuses a --dsl that is not JSON before its get_workflow preflight', async () => {
    expect(await refusal(['aitable', '+workflow-deploy', '--base-id', 'b1', '--workflow-id', 'w1', '--dsl', '{"version":"workflow-dsl/v1",', '--yes'])).toEqual({ reason: 'invalid_parameter', out: '' });
    expect(mcp.calls).toEqual([]);
  });
});

describe('+record-bulk-patch refuses too many matches wherever the pages read hold them', () => {
  const patch = (max: string) => ['aitable', '+record-bulk-patch', '--base-id', 'b1', '--table-id', 't1', '--patch', '{"f":"done"}', '--all', '--max-matches', max, '--yes'];
  const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ recordId: `r${i + from}` }));
  it('a pagination.hasMore is followed; the page taking the count over --max-matches is a constraint_violation and nothing is written', async () => {
    // p-bulkpatch: queryAllRecords (record_query_all.go:263-276@c7521c1c) reads page 2 after 20 of at most 20 records
    // saying more, and refuses there (40 > 20); before, dws refused after page 1 because it still said more
    answer('aitable/query_records', { records: ids(20), pagination: { hasMore: true, nextCursor: 'c2' } });
    expect(await refusal(patch('20'))).toEqual({ reason: 'constraint_violation', out: '' });
    expect(mcp.calls.map((c) => c.name)).toEqual(['query_records', 'query_records']);
  });
  it('more records than --max-matches across the pages read are refused before any write', async () => {
    mcp.answers['aitable/query_records'] = (args: Record<string, unknown>) => (args.cursor === 'c2'
      ? { page: { hasMore: false }, data: { records: ids(11, 20) } }
      : { page: { hasMore: true, cursor: 'c2' }, data: { records: ids(20) } });
    expect(await refusal(patch('30'))).toEqual({ reason: 'constraint_violation', out: '' });
    expect(mcp.calls.map((c) => c.name)).toEqual(['query_records', 'query_records']);
  });
});

describe('+record-query checks an exact-id answer and the page marks as upstream queryRecordWindow does', () => {
  const query = (...more: string[]) => ['aitable', '+record-query', '--base-id', 'b1', '--table-id', 't1', ...more];
  it('a record not asked for, or one read twice, is a backend_error; the asked ones print as upstream prints them', async () => {
    answer('aitable/query_records', { data: { records: [{ recordId: 'r1' }, { recordId: 'r3' }], hasMore: false } });
    expect(await refusal(query('--record-ids', 'r1,r2'))).toEqual({ reason: 'backend_error', out: '' });
    answer('aitable/query_records', { result: { records: [{ recordId: 'r2' }, { record_id: 'r2' }], hasMore: false } });
    expect(await refusal(query('--record-ids', 'r1,r2'))).toEqual({ reason: 'backend_error', out: '' });
    answer('aitable/query_records', { data: { records: [{ recordId: 'r2' }, { id: 'r1' }], hasMore: true, nextCursor: 'c9' } });
    expect(await run(query('--record-ids', 'r2,r1'))).toEqual({
      data: { hasMore: false, page: 1, records: [{ recordId: 'r2' }, { id: 'r1' }], size: 2 }, status: 'success', success: true,
    });
  });
  it('the explicit empty answer prints no records; an answer without a list or saying more without a cursor is refused', async () => {
    answer('aitable/query_records', { success: true, status: 'success', data: {} });
    expect(await run(query())).toEqual({ data: { hasMore: false, page: 1, records: [], size: 0 }, status: 'success', success: true });
    answer('aitable/query_records', { success: true, status: 'success', data: { rows: [] } });
    expect(await refusal(query())).toEqual({ reason: 'backend_error', out: '' });
    answer('aitable/query_records', { records: [{ recordId: 'r1' }], page: { hasMore: true } });
    expect(await refusal(query())).toEqual({ reason: 'backend_error', out: '' });
  });
});

describe('+record-delete pages each chunk read-back as upstream queryRecordWindow does', () => {
  const del = ['aitable', '+record-delete', '--base-id', 'b1', '--table-id', 't1', '--record-ids', 'r1,r2', '--yes'];
  it('empty pages that say more are followed by their cursor; all of them empty verify the deletion', async () => {
    answer('aitable/delete_records', { data: {} });
    mcp.answers['aitable/query_records'] = (args: Record<string, unknown>) => (args.cursor === 'c2'
      ? { result: { records: [], hasMore: false } }
      : { result: { records: [], hasMore: true, nextCursor: 'c2' } });
    expect((await run(del) as Record<string, unknown>).verification).toEqual({ status: 'verified_absent', verifiedCount: 2 });
    expect(sent('query_records')).toEqual([
      { baseId: 'b1', tableId: 't1', recordIds: ['r1', 'r2'], limit: 2 },
      { baseId: 'b1', tableId: 't1', recordIds: ['r1', 'r2'], limit: 2, cursor: 'c2' },
    ]);
  });
  it('a deleted record on a later page is found and refused after the write', async () => {
    answer('aitable/delete_records', { data: {} });
    mcp.answers['aitable/query_records'] = (args: Record<string, unknown>) => (args.cursor === 'c2'
      ? { records: [{ recordId: 'r1' }], hasMore: false }
      : { records: [], page: { hasMore: true, cursor: 'c2' } });
    const { reason } = await refusal(del);
    expect(reason).toBe('partial_outcome');
    expect(sent('query_records')).toHaveLength(2);
  });
});

describe('+record-upsert-by-key carries upstream\'s failure payload when the read-back does not prove the write', () => {
  const argv = ['aitable', '+record-upsert-by-key', '--base-id', 'b', '--table-id', 't', '--key-field-id', 'fK', '--key-value', 'K1', '--cells', '{"fS":"x"}', '--yes'];
  const reads = (pages: unknown[]) => { mcp.answers['aitable/query_records'] = (_a: unknown, n: number) => pages[Math.min(n, pages.length - 1)]; };
  const failed = (verification: Record<string, unknown>, action: 'create' | 'update', writeAnswer: Record<string, unknown>) => ({
    result: {
      contractVersion: 'aitable.composite.v1', operation: 'record_upsert_by_key', status: 'unknown', executed: true, retryable: action === 'update',
      requestedCount: 1, failedCount: 1,
      resolved: { action, baseId: 'b', keyFieldId: 'fK', keyValue: 'K1', matchedCount: action === 'update' ? 1 : 0, tableId: 't' },
      plan: [{ index: 1, name: `${action} record`, tool: `${action}_records`, status: 'planned', count: 1, arguments: { baseId: 'b', records: [{ cells: { fK: 'K1', fS: 'x' }, ...(action === 'update' ? { recordId: 'r0' } : {}) }], tableId: 't' } }],
      completedSteps: [{ index: 1, name: `${action} record`, tool: `${action}_records`, status: 'completed', count: 1, result: writeAnswer }],
      verification,
      checkpoint: { keyFieldId: 'fK', keyValue: 'K1', nextStep: 'query the unique key again and verify its cells before retrying' },
    },
  });
  it('a created record read back with other cells: partial outcome whose details hold the composite result (status unknown, not retryable)', async () => {
    reads([{ data: { records: [] } }, { data: { records: [{ recordId: 'r1', cells: { fS: 'y', fK: 'K1' } }] } }]);
    answer('aitable/create_records', { success: true, data: { recordIds: ['r1'] } });
    const outcome = await dispatchInProcess(argv, env());
    expect(outcome.error?.reason).toBe('partial_outcome');
    expect(outcome.error?.payload?.details).toEqual(failed({ error: 'read-back mismatch for field fS: got "y", want "x"', status: 'failed' }, 'create', { data: { recordIds: ['r1'] }, success: true }));
  });
  it('an updated record missing from the read-back: retryable, verification names no record found', async () => {
    reads([{ records: [{ recordId: 'r0' }] }, { records: [] }]);
    answer('aitable/update_records', { success: true });
    const outcome = await dispatchInProcess(argv, env());
    expect(outcome.error?.reason).toBe('partial_outcome');
    expect(outcome.error?.payload?.details).toEqual(failed({ error: 'read-back found no record for the unique key', status: 'failed' }, 'update', { success: true }));
  });
});
