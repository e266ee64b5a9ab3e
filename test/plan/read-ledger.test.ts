// Branch f-chatmarks (issue 32): a read for_each that goes on past a failed element and lists it, as upstream
// aitable +record-share-links does (smart/record_share_links.go:96-138 at c7521c1c: a batch whose call fails is put in
// `errors` as {recordIds, error} and the next batch is read; the run prints and exits 0 even when every batch failed).
// dws: `ledger: {continue: true, report: list, into: <id>}` (docs/PLANS.md "ledger"). Commands run as typed against
// the fake MCP server; the primitive through the real validator and executor (fake-plan.ts).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';
import { DwsError } from '../../src/errors.js';
import { problemsOf, run as runPlan } from './fake-plan.js';

const mcp = useMcpServer();

async function shareLinks(ids: string[], answer: (batch: string[]) => unknown) {
  mcp.calls.length = 0;
  mcp.answers['aitable-helper/get_record_share_url'] = (args) => answer(args.recordIds as string[]);
  const { out, error } = await dispatchInProcess(['aitable', '+record-share-links', '--base', 'B', '--table', 'T', '--record-ids', ids.join(',')],
    privateEnv(mcp.urlTemplate, 't', mkdtempSync(path.join(os.tmpdir(), 'dws-readledger-'))));
  return { printed: out ? JSON.parse(out) as unknown : undefined, exit: error?.exitCode ?? 0, batches: mcp.calls.map((c) => (c.arguments.recordIds as string[]).length) };
}

const BUSY = { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' };
const FAILED = 'get_record_share_url on the "aitable-helper" server failed: SYSTEM_ERROR: 服务繁忙';
const link = (id: string) => ({ recordId: id, shareUrl: `https://s/${id}` });

describe('aitable +record-share-links goes on past a failed batch and lists it (record_share_links.go:114-121)', () => {
  const ids = Array.from({ length: 41 }, (_, i) => `r${i}`);

  it('the batches after a failed one are read; the failed batch is in errors with its ids', async () => {
    const r = await shareLinks(ids, (batch) => (batch[0] === 'r20' ? BUSY : { items: [link(batch[0])] }));
    expect(r).toEqual({
      exit: 0, batches: [20, 20, 1],
      printed: { result: { base: 'B', table: 'T', total: 41, batches: 3, items: [link('r0'), link('r40')], errors: [{ recordIds: ids.slice(20, 40), error: FAILED }] } },
    });
  });

  it('every batch failing still prints, with no item and every batch in errors, exit 0', async () => {
    const r = await shareLinks(['r1', 'r2'], () => BUSY);
    expect(r).toEqual({
      exit: 0, batches: [2],
      printed: { result: { base: 'B', table: 'T', total: 2, batches: 1, items: [], errors: [{ recordIds: ['r1', 'r2'], error: FAILED }] } },
    });
  });

  it('no failure prints no errors key', async () => {
    const r = await shareLinks(['r1'], () => ({ data: { items: [link('r1')] } }));
    expect(r).toEqual({ exit: 0, batches: [1], printed: { result: { base: 'B', table: 'T', total: 1, batches: 1, items: [link('r1')] } } });
  });
});

/** Runs `dws <argv>` with contact search answering per keyword: what it printed, the error envelope, exit and the calls. */
async function resolving(argv: string[], people: Record<string, unknown[]>) {
  mcp.calls.length = 0;
  mcp.answers['contact/search_contact_by_key_word'] = (args) => ({ result: people[args.keyword as string] ?? [] });
  const { out, error } = await dispatchInProcess(argv, privateEnv(mcp.urlTemplate, 't', mkdtempSync(path.join(os.tmpdir(), 'dws-readledger-'))));
  return { out, envelope: error ? JSON.parse(error.envelope()) as { error: { reason: string; message: string } } : undefined, exit: error?.exitCode ?? 0, calls: mcp.calls.map((c) => `${c.name}:${String(c.arguments.keyword ?? '')}`) };
}

describe('names resolved one by one go on past a name that fails, then the run stops before the call that needs them all', () => {
  it('calendar +suggest-time searches every name and names each that failed; no suggestion is asked for (suggest_time.go:90-105)', async () => {
    const r = await resolving(['calendar', '+suggest-time', '--with', '王五,李四,赵六', '--start', '2026-03-12T14:00:00+08:00', '--end', '2026-03-12T15:00:00+08:00'],
      { 李四: [{ name: '李四', userId: 'u2' }] });
    expect({ out: r.out, exit: r.exit, reason: r.envelope?.error.reason, calls: r.calls }).toEqual({
      out: '', exit: 3, reason: 'not_found', calls: ['search_contact_by_key_word:王五', 'search_contact_by_key_word:李四', 'search_contact_by_key_word:赵六'],
    });
    expect(r.envelope?.error.message).toMatch(/2 element\(s\) of step "attendees" failed and none was written: step "attendees\[0\]" \(not_found: .*王五.*\); step "attendees\[2\]" \(not_found: .*赵六.*\)$/);
  });

  it('todo +assign-multi searches every name though the first is ambiguous; no to-do is created (assign_multi.go:109-121)', async () => {
    const r = await resolving(['todo', '+assign-multi', '--to', '张三,李四', '--task', '写周报', '--yes'],
      { 张三: [{ name: '张三', userId: 'u1' }, { name: '张三', userId: 'u3' }], 李四: [{ name: '李四', userId: 'u2' }] });
    expect({ out: r.out, exit: r.exit, reason: r.envelope?.error.reason, calls: r.calls }).toEqual({
      out: '', exit: 3, reason: 'ambiguous_match', calls: ['search_contact_by_key_word:张三', 'search_contact_by_key_word:李四'],
    });
  });
});

describe('ledger report list: the failures are a value and never end the run', () => {
  const each = (ledger: unknown) => ({
    facts: 't',
    steps: [
      { id: 'read', server: 'contact', rpc: 'x', effect: 'read', for_each: { flag: 'name', transform: ['csv_to_list'] }, args: { q: { item: true } }, ledger },
    ],
    output: { object: { got: { from: 'read' }, failures: { from: 'misses' } } },
  });
  it('a run where no element was done ends well with every element in failed', async () => {
    const r = await runPlan(each({ continue: true, report: 'list', into: 'misses' }), { name: 'a,b' }, () => {
      throw new DwsError('business_error', 'busy', 'retry');
    });
    expect({ calls: r.calls.length, result: r.result }).toEqual({
      calls: 2,
      result: { got: [], failures: { step: 'read', continue: true, done: [], unattempted: [], failed: [
        { index: 0, item: 'a', at: 'read[0]', reason: 'business_error', message: 'busy' },
        { index: 1, item: 'b', at: 'read[1]', reason: 'business_error', message: 'busy' },
      ] } },
    });
  });

  it('the build refuses report list without into, and an unknown report', () => {
    expect(problemsOf(each({ continue: true, report: 'list' })).join('; ')).toContain('ledger.into: with report list, the id later steps read the ledger by');
    expect(problemsOf(each({ continue: true, report: 'stdout', into: 'misses' })).join('; ')).toContain('ledger.report: must be error, result or list');
  });
});

// f-aitable6 (session 24): a write over a one-element list with `ledger: {report: list}` is upstream's write whose
// failure the body keeps and reads back (aitable +record-upsert-by-key, record_upsert_by_key.go:129-190@c7521c1c).
describe('ledger report list on a one-element write: the failure is a value, the write is sent once and never counts as completed', () => {
  const plan = (refuseReason: string) => ({
    facts: 't',
    steps: [
      { id: 'write', server: 'contact', rpc: 'w', effect: 'write', for_each: { list: [{ const: 'one' }] }, args: { q: { flag: 'name' } }, ledger: { continue: true, report: 'list', into: 'write_failure' } },
      { id: 'failure', value: { from: 'write_failure', path: 'failed[0].message', optional: true } },
      { id: 'readback', server: 'contact', rpc: 'r', effect: 'read', args: { q: { flag: 'name' } } },
      { id: 'check', when: { not: { equals: [{ from: 'readback', path: 'ok', optional: true }, true] } }, reason: refuseReason, refuse: 'not proven' },
    ],
    output: { object: { answer: { from: 'write', path: '[0]', optional: true }, failure: { from: 'failure', optional: true } } },
  });
  const answers = (write: () => unknown, readback: unknown) => (c: { rpc: string }) => (c.rpc === 'w' ? write() : readback);
  const busy = () => {
    throw new DwsError('business_error', 'busy', 'retry');
  };

  it('a failed write is sent once (not replayable), the read-back still runs, and a proven state ends well with the failure readable', async () => {
    const r = await runPlan(plan('backend_error'), { name: 'n' }, answers(busy, { ok: true }));
    expect(r.calls.map((c) => [c.rpc, c.replayable])).toEqual([['w', false], ['r', true]]);
    expect(r.result).toEqual({ failure: 'busy' });
  });
  it('a failed write then a refusal is the refusal as itself: no write of the run is known to have taken effect', async () => {
    await expect(runPlan(plan('outcome_unknown'), { name: 'n' }, answers(busy, { ok: false }))).rejects.toMatchObject({ reason: 'outcome_unknown', message: expect.stringContaining('not proven') as unknown });
    const unknown = () => {
      throw new DwsError('outcome_unknown', 'timed out', 'check');
    };
    const r = runPlan(plan('outcome_unknown'), { name: 'n' }, answers(unknown, {}));
    await expect(r).rejects.toMatchObject({ reason: 'outcome_unknown', message: expect.stringContaining('not proven') as unknown });
  });
  it('a write that answered is a completed write: the same refusal after it is a partial outcome', async () => {
    await expect(runPlan(plan('backend_error'), { name: 'n' }, answers(() => ({ id: 'x' }), { ok: false }))).rejects.toMatchObject({ reason: 'partial_outcome' });
  });
  it('a failure that is not the backend\'s (an auth failure) still stops the run at the write', async () => {
    const auth = () => {
      throw new DwsError('not_authenticated', 'no token', 'login');
    };
    const r = runPlan(plan('backend_error'), { name: 'n' }, answers(auth, { ok: true }));
    await expect(r).rejects.toMatchObject({ reason: 'not_authenticated' });
  });
});
