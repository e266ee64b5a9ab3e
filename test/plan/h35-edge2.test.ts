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

// Session 36 (notes/h36-left.md): every other query_records read of aitable pages as queryRecordWindow or
// queryAllRecords (record_query_all.go:32-104, :245-283@c7521c1c) with the same three readers, so records, more and
// the cursor three levels down are read and followed (before: two levels; a page holding them deeper was refused).
describe('the read-backs and the bulk-patch match read records, more and the cursor at any depth (h36-left)', () => {
  /** `x` three envelopes down */
  const deep = (x: object) => ({ data: { result: { data: x } } });
  const answerTurns = (key: string, ...bodies: unknown[]) => {
    mcp.answers[key] = (_args, n) => bodies[Math.min(n, bodies.length - 1)];
  };
  const cursors = () => mcp.calls.filter((c) => c.name === 'query_records').map((c) => c.arguments.cursor ?? null);
  const cell = (items: unknown[]) => ({ records: [{ recordId: 'r1', cells: { F: items } }] });
  const rec = ['--record-id', 'r1', '--field-id', 'F'];

  it('+attachment-remove: both reads of the cell (readAttachmentCell :307-336) follow a deep cursor to a deep record', async () => {
    answerTurns('aitable/query_records',
      deep({ records: [], hasMore: true, nextCursor: ' c2 ' }), deep(cell([{ fileToken: 't1', fileName: 'a.pdf' }, { fileToken: 't2', fileName: 'b.pdf' }])),
      { result: { result: { result: cell([{ fileToken: 't2' }]) } } });
    const r = await sent(['aitable', '+attachment-remove', ...table, ...rec, '--remove-name', 'a.pdf', '--yes']);
    expect(r.reason).toBeUndefined();
    expect(tools(r.calls)).toEqual(['aitable/query_records', 'aitable/query_records', 'aitable/update_records', 'aitable/query_records']);
    expect(r.calls[2][1]).toEqual({ baseId: 'b1', tableId: 't1', records: [{ recordId: 'r1', cells: { F: [{ fileToken: 't2' }] } }] });
    expect(cursors()).toEqual([null, 'c2', null]);
  });

  it('+attachment-put: the deep cell is kept and the deep read-back verifies the new token', async () => {
    answerTurns('aitable/query_records', deep(cell([{ fileToken: 'k1' }])), deep(cell([{ fileToken: 'k1' }, { fileToken: 'k2' }])));
    answer('aitable/prepare_attachment_upload', { data: { uploadUrl: `${mcp.base}/upload/h36`, fileToken: 'k2' } });
    const r = await sent(['aitable', '+attachment-put', ...table, ...rec, '--file', 'a.txt', '--yes'], { 'a.txt': 'hello' });
    expect(r.reason).toBeUndefined();
    expect(r.calls[2]).toEqual(['aitable/update_records', { baseId: 'b1', tableId: 't1', records: [{ recordId: 'r1', cells: { F: [{ fileToken: 'k1' }, { fileToken: 'k2' }] } }] }]);
    expect((r.printed as { verification: unknown }).verification).toMatchObject({ status: 'verified', attachmentCount: 2 });
  });

  it('+record-update / +record-upsert: the read-back (queryRecordsByIDs record_batch.go:305-317) is found deep and verifies', async () => {
    const cells = { f: 'v' };
    answerTurns('aitable/query_records', deep({ records: [], cursor: 'c2' }), deep({ records: [{ recordId: 'r1', cells }] }));
    const upd = await sent(['aitable', '+record-update', ...table, '--records', JSON.stringify([{ recordId: 'r1', cells }]), '--yes']);
    expect([upd.reason, tools(upd.calls), cursors()]).toEqual([undefined, ['aitable/update_records', 'aitable/query_records', 'aitable/query_records'], [null, 'c2']]);
    answer('aitable-helper/record_upsert', { data: { createdRecordIds: ['r1'] } });
    answerTurns('aitable/query_records', { result: { data: { result: { records: [{ recordId: 'r1', cells }] } } } });
    const ups = await sent(['aitable', '+record-upsert', ...table, '--records', JSON.stringify([{ cells }]), '--yes']);
    expect([ups.reason, tools(ups.calls)]).toEqual([undefined, ['aitable-helper/record_upsert', 'aitable/query_records']]);
  });

  it('+record-delete: a deep empty read-back proves the deletion, a deep remaining record does not (record_batch.go:101-104)', async () => {
    const argv = ['aitable', '+record-delete', ...table, '--record-ids', 'r1', '--yes'];
    answerTurns('aitable/query_records', deep({ records: [] }));
    expect((await sent(argv)).reason).toBeUndefined();
    answerTurns('aitable/query_records', deep({ records: [{ recordId: 'r1' }] }));
    expect((await sent(argv)).reason).toBe('partial_outcome');
  });

  it('+record-bulk-patch: the match read (queryAllRecords :245-283) follows a deep cursor and patches every deep record', async () => {
    const patch = { f: 'done' };
    answerTurns('aitable/query_records',
      deep({ records: [{ recordId: 'r1' }], page: { hasMore: true, nextCursor: 'c2' } }), deep({ records: [{ recordId: 'r2' }] }),
      deep({ records: [{ recordId: 'r1', cells: patch }, { recordId: 'r2', cells: patch }] }));
    const r = await sent(['aitable', '+record-bulk-patch', ...table, '--all', '--patch', JSON.stringify(patch), '--yes']);
    expect(r.reason).toBeUndefined();
    expect(r.calls[2]).toEqual(['aitable/update_records', { baseId: 'b1', tableId: 't1', records: [{ recordId: 'r1', cells: patch }, { recordId: 'r2', cells: patch }] }]);
    expect(cursors()).toEqual([null, 'c2', null]);
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
