// What the commands audit-30k-b fixed print (issue 32, a-k2), as upstream's bodies at c7521c1c print them, run as a
// user types them against the recording backend on 127.0.0.1; the calls are pinned by test/fixtures/calls/*.yaml.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { run, refusal, answer, mcp, paged, timed } = useOutputRuns('dws-ak2-');

describe('drive +find-file prints {files: [{dentryId, fileSize, name, type}]} (find_file.go:86-110)', () => {
  it('reads result, trims texts, truncates a number size, keeps a text size, prints "" and null when nothing is found', async () => {
    answer('drive/search_files', { result: { files: [
      { name: ' 合同.pdf ', fileSize: 3.7, dentryUuid: 'd1', dentryId: '  ' },
      'not an object',
      { title: 7, size: ' 12 ', type: '', extension: 'xlsx' },
    ] } });
    expect(await run(['drive', '+find-file', '--query', '合同'])).toEqual({ files: [
      { dentryId: 'd1', fileSize: 3, name: '合同.pdf', type: '' },
      { dentryId: '', fileSize: ' 12 ', name: '', type: 'xlsx' },
    ] });
  });
  it('goes from result into its data, falls back to the first list value, and prints [] without a list', async () => {
    answer('drive/search_files', { result: { items: [{ id: 'outer' }], data: { list: [{ id: 'inner' }] } } });
    expect(await run(['drive', '+find-file', '--query', 'x'])).toEqual({ files: [{ dentryId: 'inner', fileSize: null, name: '', type: '' }] });
    answer('drive/search_files', { result: 5, data: { other: 1, hits: [{ fileId: 'f9', fileSize: '0' }] } });
    expect(await run(['drive', '+find-file', '--query', 'x'])).toEqual({ files: [{ dentryId: 'f9', fileSize: '0', name: '', type: '' }] });
    answer('drive/search_files', { success: true });
    expect(await run(['drive', '+find-file', '--query', 'x'])).toEqual({ files: [] });
  });
});

describe('aitable +record-upsert-by-key (record_upsert_by_key.go:87-190)', () => {
  const argv = ['aitable', '+record-upsert-by-key', '--base-id', 'b', '--table-id', 't', '--key-field-id', 'fK', '--key-value', 'K1', '--cells', '{"fS":"x"}', '--yes'];
  const reads = (pages: unknown[]) => { mcp.answers['aitable/query_records'] = (_a, n) => pages[Math.min(n, pages.length - 1)]; };
  it('creates when nothing matches and prints the composite result, verified by the read-back', async () => {
    reads([{ data: { records: [] } }, { data: { records: [{ recordId: ' r1 ', cells: { fS: 'x', fK: 'K1', z: 1 } }] } }]);
    answer('aitable/create_records', { success: true, data: { recordIds: ['r1'] } });
    expect(await run(argv)).toEqual({
      contractVersion: 'aitable.composite.v1', operation: 'record_upsert_by_key', status: 'success', executed: true, retryable: false,
      requestedCount: 1, completedCount: 1,
      resolved: { action: 'create', baseId: 'b', keyFieldId: 'fK', keyValue: 'K1', matchedCount: 0, tableId: 't' },
      plan: [{ index: 1, name: 'create record', tool: 'create_records', status: 'planned', count: 1, arguments: { baseId: 'b', records: [{ cells: { fK: 'K1', fS: 'x' } }], tableId: 't' } }],
      completedSteps: [{ index: 1, name: 'create record', tool: 'create_records', status: 'completed', count: 1, result: { data: { recordIds: ['r1'] }, success: true } }],
      verification: { checkedFields: ['fK', 'fS'], recordId: 'r1', status: 'verified' },
      knownSideEffects: [{ action: 'create', keyFieldId: 'fK', keyValue: 'K1', recordId: 'r1' }],
      result: { action: 'create', record: { cells: { fK: 'K1', fS: 'x', z: 1 }, recordId: ' r1 ' }, recordId: 'r1' },
    });
  });
  it('updates the one match (its id read as recordID) and leaves out an empty write answer', async () => {
    reads([{ result: { records: [{ id: 'r0' }] } }, { records: [{ recordId: 'r0', cells: { fS: 'x', fK: 'K1' } }] }]);
    answer('aitable/update_records', {});
    const out = await run(argv) as Record<string, unknown>;
    expect(out.resolved).toEqual({ action: 'update', baseId: 'b', keyFieldId: 'fK', keyValue: 'K1', matchedCount: 1, tableId: 't' });
    expect(out.completedSteps).toEqual([{ index: 1, name: 'update record', tool: 'update_records', status: 'completed', count: 1 }]);
    expect(mcp.calls.find((c) => c.name === 'update_records')?.arguments).toEqual({ baseId: 'b', tableId: 't', records: [{ recordId: 'r0', cells: { fS: 'x', fK: 'K1' } }] });
  });
  it('writes nothing when the query says more, has no list, or matches twice; a read-back that differs is a partial outcome', async () => {
    reads([{ data: { records: [], hasMore: true } }]);
    expect(await refusal(argv)).toEqual({ reason: 'backend_error', out: '' });
    reads([{ data: { total: 0 } }]);
    expect(await refusal(argv)).toEqual({ reason: 'backend_error', out: '' });
    reads([{ data: { records: [{ recordId: 'a' }, { recordId: 'b' }] } }]);
    expect(await refusal(argv)).toEqual({ reason: 'invalid_parameter', out: '' });
    expect(mcp.calls.some((c) => c.name !== 'query_records')).toBe(false);
    reads([{ data: { records: [] } }, { data: { records: [{ recordId: 'r1', cells: { fS: 'y', fK: 'K1' } }] } }]);
    expect(await refusal(argv)).toEqual({ reason: 'partial_outcome', out: '' });
  });
  it('refuses a --cells key field value other than the key before any call', async () => {
    const out = await refusal([...argv.slice(0, -3), '--cells', '{"fK":"K2"}', '--yes']);
    expect(out).toEqual({ reason: 'invalid_parameter', out: '' });
    expect(mcp.calls).toEqual([]);
  });
});

describe('aitable +record-query prints {data: {hasMore, nextCursor, page, records, size, totalCount}, status, success} (record_query_all.go:171-191)', () => {
  const q = ['aitable', '+record-query', '--base-id', 'b', '--table-id', 't'];
  it('one complete page', async () => {
    const r = await paged(q, 'aitable/query_records', [{ success: true, status: 'success', data: { records: [{ recordId: 'r1', cells: {} }], hasMore: false, totalCount: 1 } }]);
    expect(r.printed).toEqual({ data: { hasMore: false, page: 1, records: [{ recordId: 'r1', cells: {} }], size: 1, totalCount: 1 }, status: 'success', success: true });
  });
  it('the limit reached with more left: hasMore and the last page\'s next cursor', async () => {
    const r20 = Array.from({ length: 20 }, (_, i) => ({ recordId: `r${i}` }));
    const r = await paged([...q, '--limit', '30'], 'aitable/query_records', [{ data: { records: r20, hasMore: true, nextCursor: 'c2' } }, { data: { records: r20.slice(0, 10), hasMore: true, nextCursor: 'c3' } }]);
    expect({ ...(r.printed?.data as Record<string, unknown>), records: undefined }).toEqual({ hasMore: true, nextCursor: 'c3', page: 2, size: 30, records: undefined });
    expect(r.sent.map((a) => [a.limit, a.cursor])).toEqual([[20, undefined], [10, 'c2']]);
  });
  it('--record-ids all found is complete whatever the page says', async () => {
    const r = await paged([...q, '--record-ids', 'r2,r1'], 'aitable/query_records', [{ result: { records: [{ recordId: 'r1' }, { recordId: 'r2' }], hasMore: true, nextCursor: 'x' } }]);
    expect(r.printed).toEqual({ data: { hasMore: false, page: 1, records: [{ recordId: 'r1' }, { recordId: 'r2' }], size: 2 }, status: 'success', success: true });
  });
});

describe('doc +create (content_shortcuts.go:79-167)', () => {
  it('reads back until the content shows, on readDocVerification\'s timetable, and prints the doc.operation.v1 envelope', async () => {
    answer('doc/create_document', { success: true, result: { nodeId: 'N1', url: 'u' } });
    let n = 0;
    mcp.answers['doc/get_document_content'] = () => (n++ === 0 ? { result: { content: 'old' } } : { result: { content: '# 周报\n进展' } });
    const t = await timed(['doc', '+create', '--name', '周报', '--content', '# 周报\n进展']);
    expect(t.sleeps).toEqual([250]);
    expect(t.result).toEqual({
      compensation: { available: false, reason: '' }, complete: true, contractVersion: 'doc.operation.v1',
      data: { nodeId: 'N1', result: { result: { nodeId: 'N1', url: 'u' }, success: true }, verification: { result: { content: '# 周报\n进展' } }, verified: true },
      ok: true, operation: 'doc.create', status: 'success',
      steps: [{ name: 'create_document', status: 'success' }, { name: 'verify', status: 'success' }], warnings: [],
    });
  });
  it('a read-back that never shows the content fails after the last read; JSONML that is not one element is refused', async () => {
    answer('doc/create_document', { result: { nodeId: 'N1' } });
    answer('doc/get_document_content', { result: { content: 'other' } });
    const t = await timed(['doc', '+create', '--name', 'n', '--content', 'x']);
    expect(t.outcome.error?.reason).toBe('partial_outcome');
    expect(t.sleeps).toEqual([250, 500, 1000, 2000, 4000, 8000]);
    expect(await refusal(['doc', '+create', '--name', 'n', '--doc-format', 'jsonml', '--content', '[["p"]]'])).toEqual({ reason: 'invalid_parameter', out: '' });
  });
  it('jsonml and several markdown pieces are named in steps', async () => {
    answer('doc/create_document', { result: { nodeId: 'N2' } });
    answer('doc/update_document', { success: true });
    answer('doc/get_document_content', { result: { content: '["p",{},"x"]' } });
    const out = await run(['doc', '+create', '--name', 'n', '--doc-format', 'jsonml', '--content', '["p", {}, "x"]']) as { steps: unknown };
    expect(out.steps).toEqual([{ name: 'create_document', status: 'success' }, { name: 'write_jsonml', status: 'success' }, { name: 'verify', status: 'success' }]);
    const long = `${'a'.repeat(9999)}\n${'b'.repeat(20)}`;
    answer('doc/get_document_content', { result: { markdown: long } });
    const md = await run(['doc', '+create', '--name', 'n', '--content', long]) as { steps: unknown };
    expect(md.steps).toEqual([{ name: 'create_document', status: 'success' }, { name: 'append_chunk_2', status: 'success' }, { name: 'verify', status: 'success' }]);
  });
});

describe('sheet create-with-data refuses values it cannot write before creating anything (sheet_create_with_data.go:176-195)', () => {
  it('no non-empty cell, or a cell that is an object, is refused with no call', async () => {
    expect(await refusal(['sheet', 'create-with-data', '--name', 'n', '--values', '[["", null]]'])).toEqual({ reason: 'invalid_parameter', out: '' });
    expect(await refusal(['sheet', 'create-with-data', '--name', 'n', '--values', '[["a", {"x": 1}]]'])).toEqual({ reason: 'invalid_parameter', out: '' });
    expect(mcp.calls).toEqual([]);
  });
});
