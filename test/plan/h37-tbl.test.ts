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

/** A query_records read-back answering every id asked for with these cells (or none, `gone`). */
const readBack = (cells: Record<string, unknown> | 'gone') => (args: Record<string, unknown>) =>
  ({ records: cells === 'gone' ? [] : (args.recordIds as string[]).map((recordId) => ({ recordId, cells })), hasMore: false });

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `r${String(from + i).padStart(3, '0')}`);
const writes = (calls: unknown[][], tool: string) => calls.filter(([t]) => t === tool).length;
type Step = { status: string; error?: string; offset?: number };
type Composite = { completedSteps: Step[]; warnings?: string[]; status: string };

describe('aitable record batch writes: a failed write is read back and can end recovered (executeRecordBatches, record_batch.go:66-131, :164-260@c7521c1c)', () => {
  const base = ['--base-id', 'b', '--table-id', 't', '--yes'];
  const update = (records: unknown[]) => ['aitable', '+record-update', ...base, '--records', JSON.stringify(records)];

  it('+record-update: a batch whose write fails is read back; proven, it is recovered with the write\'s error, a warning names its offset, exit 0', async () => {
    outputs.answer('aitable/update_records', { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' });
    outputs.mcp.answers['aitable/query_records'] = readBack({ f: 'v' });
    const run = await outputs.sent(update([{ recordId: 'r1', cells: { f: 'v' } }]));
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([t]) => t)).toEqual(['aitable/update_records', 'aitable/query_records']);
    const printed = run.printed as Composite;
    expect(printed.status).toBe('success');
    expect(printed.completedSteps[0]).toMatchObject({ status: 'recovered', error: expect.stringContaining('SYSTEM_ERROR') });
    expect(Object.keys(printed.completedSteps[0])).toEqual(['index', 'name', 'tool', 'status', 'count', 'result', 'error']);
    expect(printed.warnings).toHaveLength(1);
    expect(printed.warnings![0]).toContain('offset 0');
  });

  it('+record-update: a failed write the read-back does not prove ends with the write\'s own error, sent once', async () => {
    outputs.answer('aitable/update_records', { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' });
    outputs.mcp.answers['aitable/query_records'] = readBack({ f: 'old' });
    const run = await outputs.sent(update([{ recordId: 'r1', cells: { f: 'v' } }]));
    expect(run.reason).toBe('business_error');
    expect(writes(run.calls, 'aitable/update_records')).toBe(1);
    expect(writes(run.calls, 'aitable/query_records')).toBe(1);
  });

  it('+record-update: a blank write answer is a failure (CallMCPWriteDataStrict), proven by the read-back or outcome_unknown', async () => {
    outputs.mcp.answers['aitable/query_records'] = readBack({ f: 'v' });
    outputs.answerText('update_records', '  ');
    const proven = await outputs.sent(update([{ recordId: 'r1', cells: { f: 'v' } }]));
    expect((proven.printed as Composite).completedSteps[0]).toMatchObject({ status: 'recovered', error: expect.stringContaining('outcome_unknown') });
    outputs.answerText('update_records', '');
    const unproven = await outputs.sent(update([{ recordId: 'r1', cells: { f: 'other' } }]));
    expect(unproven.reason).toBe('outcome_unknown');
  });

  it('+record-update: a write answering a list fails the decode and is read back (callMCPWriteData json.Unmarshal into a map)', async () => {
    outputs.answer('aitable/update_records', [1, 2]);
    outputs.mcp.answers['aitable/query_records'] = readBack({ f: 'v' });
    const run = await outputs.sent(update([{ recordId: 'r1', cells: { f: 'v' } }]));
    expect((run.printed as Composite).completedSteps[0].status).toBe('recovered');
  });

  it('+record-upsert: an update-only batch is recovered; a batch with a record to create is not (no created ids), the write sent once', async () => {
    outputs.answer('aitable-helper/record_upsert', { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' });
    outputs.mcp.answers['aitable/query_records'] = readBack({ f: 'v' });
    const upsert = (records: unknown[]) => ['aitable', '+record-upsert', ...base, '--records', JSON.stringify(records)];
    const updates = await outputs.sent(upsert([{ recordId: 'r1', cells: { f: 'v' } }]));
    expect((updates.printed as Composite).completedSteps[0]).toMatchObject({ status: 'recovered', result: { recordIds: ['r1'], status: 'verified' } });
    const creates = await outputs.sent(upsert([{ recordId: 'r1', cells: { f: 'v' } }, { cells: { f: 'v' } }]));
    expect(creates.reason).toBe('business_error');
    expect(writes(creates.calls, 'aitable-helper/record_upsert')).toBe(1);
  });

  it('+record-bulk-patch (the same executeRecordBatches, record_bulk_patch.go:122): a failed patch proven by the read-back is recovered', async () => {
    outputs.mcp.answers['aitable/query_records'] = (args) => (args.cursor === undefined && (args.recordIds as string[] | undefined)?.length !== 1
      ? { records: [{ recordId: 'r1', cells: {} }], hasMore: false }
      : readBack({ f: 'v' })(args));
    outputs.answer('aitable/update_records', { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' });
    const run = await outputs.sent(['aitable', '+record-bulk-patch', ...base, '--record-ids', 'r1', '--patch', '{"f":"v"}']);
    expect(run.reason).toBeUndefined();
    expect((run.printed as Composite).completedSteps[0].status).toBe('recovered');
    expect(writes(run.calls, 'aitable/update_records')).toBe(1);
  });

  it('+record-delete, any batches: each write sent once; the run ends at the first batch whose records remain, else prints upstream\'s statuses and warnings', async () => {
    const batch = fc.record({ write: fc.constantFrom('ok', 'fail'), gone: fc.boolean() });
    await fc.assert(fc.asyncProperty(fc.array(batch, { minLength: 1, maxLength: 3 }), async (batches) => {
      const all = ids(batches.length * 100 - 50);
      outputs.mcp.answers['aitable/delete_records'] = (_args, n) => (batches[n].write === 'ok' ? { success: true } : { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: 'busy' });
      outputs.mcp.answers['aitable/query_records'] = (args) => {
        const first = all.indexOf((args.recordIds as string[])[0]);
        return readBack(batches[Math.floor(first / 100)].gone ? 'gone' : { f: 'v' })(args);
      };
      const run = await outputs.sent(['aitable', '+record-delete', ...base, '--record-ids', all.join(',')]);
      const stop = batches.findIndex((b) => !b.gone);
      expect(writes(run.calls, 'aitable/delete_records')).toBe(stop === -1 ? batches.length : stop + 1);
      if (stop !== -1) {
        expect(run.reason).toBeDefined();
        return;
      }
      expect(run.reason).toBeUndefined();
      const printed = run.printed as Composite;
      expect(printed.completedSteps.map((s) => s.status)).toEqual(batches.map((b) => (b.write === 'ok' ? 'completed' : 'recovered')));
      const offsets = batches.flatMap((b, i) => (b.write === 'ok' ? [] : [i * 100]));
      if (offsets.length === 0) expect(printed).not.toHaveProperty('warnings');
      else expect(printed.warnings!.map((w) => Number(/offset (\d+)/u.exec(w)![1]))).toEqual(offsets);
    }), { numRuns: 25 });
  });
});
