// `dws recover [<invocation> | --last] [--retry --yes] [--compensate --yes]` (SPEC 6.2b, docs/JOURNAL.md
// "Recovery"): reads the journal records of one invocation, and for each write whose outcome is unknown runs the
// command's reviewed verify plan (ToolSpec.recovery, catalog/verify/) under the catalog the invocation ran with,
// answering done | not_done | still_unknown with the evidence. Verdicts are appended (verified_done,
// verified_not_done) linked to the sent record they judge. --retry --yes re-sends, from its sealed arguments, only a
// write proven not done; --compensate --yes runs the declared reverse calls of the writes that took effect and
// appends `compensated`; without a reviewed reverse it lists what a person must undo, with the ids. One recovery of
// an invocation at a time: a lock file per invocation (and a queue in this process, for `dws serve`).
import { existsSync } from 'node:fs';
import { DwsError } from '../errors.js';
import type { ToolSpec } from '../catalog/types.js';
import { appendRecord, journalPath, lockPath } from '../journal/journal.js';
import { acquireFileLock } from '../journal/lock.js';
import { readRecord, type JournalRecord } from '../journal/record.js';
import { openSealed, type SealedCall } from '../journal/seal.js';
import { readRegularText } from '../backend/files.js';
import { planOf } from '../plan/runs.js';
import type { PlanStep } from '../plan/spec.js';
import { evalArgs } from '../plan/preview.js';
import { describeCondition, evalCondition, rpcCases, type Scope } from '../plan/values.js';
import { INVOCATION, type RecoverySpec } from '../plan/recovery.js';
import type { LocalCommand, LocalContext } from './types.js';

type State = 'done' | 'not_done' | 'still_unknown';

interface Write {
  sent: JournalRecord;
  step: string;
  answer?: JournalRecord;
  verdict?: JournalRecord;
  retry?: { sent: JournalRecord; answer?: JournalRecord };
  compensated?: JournalRecord;
  sealed?: SealedCall;
}

/** A recovery waits this long for another recovery of the same invocation (a verify read may take a timeout or two). */
const LOCK = { staleMs: 10 * 60_000, waitMs: 11 * 60_000 };
const inProcess = new Map<string, Promise<unknown>>();

function readAll(file: string): JournalRecord[] {
  const text = readRegularText(file, `the journal file ${file}`) ?? '';
  return text.split('\n').flatMap((line) => {
    const read = line ? readRecord(line) : undefined;
    return read && 'record' in read ? [read.record] : [];
  });
}

/** The invocation --last names: the latest one with a write whose outcome the journal leaves open. */
function lastOpen(records: JournalRecord[]): string | undefined {
  const answered = new Set(records.filter((r) => r.ref !== undefined && r.outcome !== 'sent' && r.outcome !== 'outcome_unknown').map((r) => r.ref));
  for (let i = records.length - 1; i >= 0; i--) {
    const r = records[i];
    if (r.outcome === 'sent' && r.sealed && r.of === undefined && r.invocation && !answered.has(r.seq)) return r.invocation;
  }
  return undefined;
}

/**
 * A record of a step's declared rollback (the plan's `compensate`, journaled under the failed step's index), not of
 * the step's own call: the step's write is the record with the step's rpc.
 */
function isRollback(step: PlanStep | undefined, r: JournalRecord): boolean {
  return step?.compensate !== undefined && r.rpc === step.compensate.rpc && !(step.kind === 'call' && (r.rpc === step.rpc || rpcCases(step).some((c) => c.rpc === r.rpc)));
}

function writesOf(records: JournalRecord[], id: string, tool: ToolSpec | undefined, file: string): Write[] {
  const plan = tool ? planOf(tool) : undefined;
  const writes: Write[] = [];
  const bySent = new Map<number, Write>();
  const retries = new Map<number, Write>();
  for (const r of records) {
    if (r.invocation === id && r.of === undefined && r.outcome === 'sent') {
      const step = plan?.steps[r.step];
      if (isRollback(step, r)) continue;
      const isWrite = step ? step.kind === 'call' && step.effect === 'write' : r.sealed !== undefined;
      if (!isWrite) continue;
      const w: Write = { sent: r, step: step?.id ?? String(r.step), ...(r.sealed ? { sealed: openSealed(file, id, r.args_sha256, r.sealed) } : {}) };
      writes.push(w);
      bySent.set(r.seq, w);
      continue;
    }
    if (r.ref === undefined) continue;
    const w = bySent.get(r.ref);
    if (w && (r.outcome === 'ok' || r.outcome === 'failed' || r.outcome === 'outcome_unknown') && r.invocation === id) w.answer = r;
    else if (w && r.of === id && (r.outcome === 'verified_done' || r.outcome === 'verified_not_done')) w.verdict = r;
    else if (w && r.of === id && r.outcome === 'compensated') w.compensated = r;
    else if (r.of === id && r.outcome === 'sent') {
      const judged = [...bySent.values()].find((x) => x.verdict?.seq === r.ref);
      if (judged) {
        judged.retry = { sent: r };
        retries.set(r.seq, judged);
      }
    } else if (retries.has(r.ref) && r.outcome !== 'sent') retries.get(r.ref)!.retry!.answer = r;
  }
  return writes;
}

function stateOf(w: Write): { state: State; by: string } {
  if (w.answer?.outcome === 'ok') return { state: 'done', by: 'its answer (ok)' };
  if (w.answer?.outcome === 'failed') return { state: 'not_done', by: `its answer (failed: ${w.answer.error?.reason ?? 'error'})` };
  if (w.retry?.answer?.outcome === 'ok') return { state: 'done', by: `the retry (record ${w.retry.sent.seq}) answered ok` };
  if (w.retry) return { state: 'still_unknown', by: `the retry (record ${w.retry.sent.seq}) ${w.retry.answer ? `ended ${w.retry.answer.outcome}` : 'has no answer'}` };
  if (w.verdict) return { state: w.verdict.outcome === 'verified_done' ? 'done' : 'not_done', by: `verification (record ${w.verdict.seq})` };
  return { state: 'still_unknown', by: w.answer ? 'its answer (outcome_unknown)' : 'no answer was recorded' };
}

/** The invocation as the verify sources read it: when it started and, per step, the arguments sent and ids returned. */
function invocationValue(records: JournalRecord[], id: string, tool: ToolSpec, writes: Write[]): Record<string, unknown> {
  const plan = planOf(tool)!;
  const steps: Record<string, { args?: unknown; ids: Record<string, string[]> }> = {};
  for (const r of records) {
    if (r.invocation !== id || r.of !== undefined) continue;
    if (isRollback(plan.steps[r.step], r)) continue;
    const name = plan.steps[r.step]?.id ?? String(r.step);
    const entry = (steps[name] ??= { ids: {} });
    if (r.outcome === 'ok') for (const [k, v] of Object.entries(r.ids)) entry.ids[k] = [...(entry.ids[k] ?? []), ...v];
  }
  for (const w of writes) if (w.sealed) (steps[w.step] ??= { ids: {} }).args = w.sealed.args;
  const first = records.find((r) => r.invocation === id && r.of === undefined);
  return { time_ms: first ? Date.parse(first.time) : 0, steps };
}

interface Verification {
  state: State;
  evidence: Record<string, unknown>;
}

/** Runs the verify reads once for all writes; each write's condition then decides, or the failure leaves it unknown. */
async function verifyAll(ctx: LocalContext, tool: ToolSpec, spec: RecoverySpec, records: JournalRecord[], id: string, writes: Write[]): Promise<Map<Write, Verification>> {
  const out = new Map<Write, Verification>();
  const open = writes.filter((w) => stateOf(w).state === 'still_unknown' && !w.retry);
  if (!open.length) return out;
  const flags = writes.find((w) => w.sealed)?.sealed?.flags;
  if (!flags) {
    for (const w of open) out.set(w, { state: 'still_unknown', evidence: { reason: 'the sealed values of this invocation cannot be opened (no journal key, or too large to keep), so nothing can be checked' } });
    return out;
  }
  const invocation = invocationValue(records, id, tool, writes);
  const sc: Scope = { tool, env: ctx.env, data: flags, dry: false, results: new Map([[INVOCATION, invocation]]), ran: new Set([INVOCATION]),
    at: new Date(invocation.time_ms as number), uuid: () => '', uuids: new Map() };
  const reads: { step: string; rpc: string; outcome: string }[] = [];
  if (spec.unknown_when !== undefined && evalCondition(sc, spec.unknown_when) === true) {
    for (const w of open) out.set(w, { state: 'still_unknown', evidence: { reads, reason: `no read can establish this invocation's effect (${describeCondition(spec.unknown_when)}): ${spec.facts}` } });
    return out;
  }
  try {
    for (const [index, step] of spec.steps.entries()) {
      if (step.when !== undefined && evalCondition(sc, step.when) !== true) continue;
      const result = await ctx.effects.call({ server: step.server, rpc: step.rpc, args: evalArgs(sc, step), replayable: true, step: index, recovery: { of: id } });
      reads.push({ step: step.id, rpc: `${step.server}.${step.rpc}`, outcome: 'ok' });
      sc.results.set(step.id, result);
      sc.ran.add(step.id);
    }
  } catch (err) {
    const e = err instanceof DwsError ? err : new DwsError('internal_error', String(err));
    for (const w of open) out.set(w, { state: 'still_unknown', evidence: { reads, failed: { reason: e.reason, message: e.message } } });
    return out;
  }
  for (const w of open) {
    const done = spec.done[w.step];
    if (!done) {
      out.set(w, { state: 'still_unknown', evidence: { reads, reason: `no reviewed check for step "${w.step}"` } });
      continue;
    }
    const holds = evalCondition(sc, done);
    out.set(w, { state: holds === true ? 'done' : 'not_done', evidence: { reads, check: describeCondition(done), holds: holds === true } });
  }
  return out;
}

function verdict(file: string, ctx: LocalContext, id: string, w: Write, outcome: 'verified_done' | 'verified_not_done' | 'compensated'): JournalRecord {
  const s = w.sent;
  return appendRecord(file, {
    canonical_path: s.canonical_path, catalog: s.catalog, step: s.step, server: s.server, rpc: s.rpc, args_sha256: s.args_sha256, outcome,
    ...(ctx.invocation ? { invocation: ctx.invocation } : {}), of: id, ref: s.seq, ids: {},
  });
}

function withLocks<T>(file: string, id: string, run: () => Promise<T>): Promise<T> {
  const before = inProcess.get(id) ?? Promise.resolve();
  const mine = before.catch(() => {}).then(async () => {
    const release = acquireFileLock(`${lockPath(file)}.recover-${id}`, LOCK);
    try {
      return await run();
    } finally {
      release();
    }
  });
  inProcess.set(id, mine);
  void mine.finally(() => {
    if (inProcess.get(id) === mine) inProcess.delete(id);
  }).catch(() => {});
  return mine;
}

const recover: LocalCommand = async (ctx) => {
  const retry = ctx.values.retry === true;
  const compensate = ctx.values.compensate === true;
  if ((retry || compensate) && !ctx.yes) {
    throw new DwsError('confirmation_required', `recover --${retry ? 'retry' : 'compensate'} sends writes and needs the user's confirmation`,
      'run `dws recover <id>` first to see what it would do, ask the user, then add --yes');
  }
  const file = journalPath(ctx.env);
  if (!existsSync(file)) throw new DwsError('invalid_parameter', `there is no journal at ${file}`, 'recover reads the journal of the calls dws made');
  const given = typeof ctx.positionals.invocation === 'string' ? ctx.positionals.invocation.trim() : undefined;
  if (given && ctx.values.last === true) throw new DwsError('invalid_parameter', 'give an invocation id or --last, not both');
  const id = given || (ctx.values.last === true ? lastOpen(readAll(file)) : undefined);
  if (!id) {
    throw new DwsError('invalid_parameter', given === undefined && ctx.values.last !== true ? 'give the invocation id (the `invocation` of the error) or --last' : 'no invocation with an open write outcome in the journal',
      'the ids are in `dws audit tail` (field invocation)');
  }
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new DwsError('invalid_parameter', 'an invocation id is letters, digits and dashes (at most 64)');
  return withLocks(file, id, () => recoverOne(ctx, file, id, retry, compensate));
};

async function recoverOne(ctx: LocalContext, file: string, id: string, retry: boolean, compensate: boolean): Promise<unknown> {
  // read under the lock: a recovery that ran before this one is in the records
  const records = readAll(file);
  const first = records.find((r) => r.invocation === id && r.of === undefined);
  if (!first) throw new DwsError('invalid_parameter', `no invocation ${id} in the journal ${file}`, 'the ids are in `dws audit tail` (field invocation)');
  const tool = ctx.toolOf?.(first.canonical_path);
  const moved = first.catalog.source_hash !== ctx.catalog.source_hash || first.catalog.surface_hash !== ctx.catalog.surface_hash || !tool;
  const writes = writesOf(records, id, moved ? undefined : tool, file);
  const head = { invocation: id, command: first.canonical_path, ...(tool ? { cli_path: tool.cli_path } : {}), catalog: first.catalog };
  if (moved) {
    // A different catalog may verify (or send) differently: audit only, from the journal's own records.
    if (retry || compensate) throw new DwsError('catalog_changed', `${first.canonical_path} ran with another catalog (source ${first.catalog.source_hash}); recover only audits it`, 'check the result in DingTalk by hand');
    return { ...head, catalog_moved: true, note: 'the catalog changed since this invocation ran: audit only, from the journal; nothing was verified or sent',
      answer: overall(writes.map((w) => stateOf(w).state)), writes: writes.map((w) => describe(w, stateOf(w))) };
  }
  const spec = tool!.recovery;
  const checked = spec ? await verifyAll(ctx, tool!, spec, records, id, writes) : new Map<Write, Verification>();
  for (const [w, v] of checked) {
    if (v.state !== 'still_unknown') w.verdict = verdict(file, ctx, id, w, v.state === 'done' ? 'verified_done' : 'verified_not_done');
  }
  const states = writes.map((w) => ({ w, ...stateOf(w), ...(checked.has(w) && checked.get(w)!.state === 'still_unknown' ? { state: 'still_unknown' as State } : {}) }));
  const result: Record<string, unknown> = {
    ...head, ...(spec ? {} : { note: `${first.canonical_path} has no reviewed verify plan: its unknown writes stay unknown; check them in DingTalk` }),
    answer: overall(states.map((s) => s.state)),
    writes: states.map((s) => ({ ...describe(s.w, s), ...(checked.has(s.w) ? { evidence: checked.get(s.w)!.evidence } : {}) })),
  };
  if (retry) result.retried = await retryNotDone(ctx, id, states);
  if (compensate) Object.assign(result, await compensateDone(ctx, file, id, tool!, records, writes, states));
  return result;
}

function overall(states: State[]): State {
  if (states.includes('still_unknown')) return 'still_unknown';
  return states.length > 0 && states.every((s) => s === 'done') ? 'done' : 'not_done';
}

function describe(w: Write, s: { state: State; by: string }): Record<string, unknown> {
  const ids = { ...(w.answer?.outcome === 'ok' ? w.answer.ids : {}), ...(w.retry?.answer?.outcome === 'ok' ? w.retry.answer.ids : {}) };
  return { step: w.step, rpc: `${w.sent.server}.${w.sent.rpc}`, sent_record: w.sent.seq, state: s.state, by: s.by, ...(Object.keys(ids).length ? { ids } : {}),
    ...(w.compensated ? { compensated: w.compensated.seq } : {}) };
}

/** Re-sends, from its sealed arguments, each write verification proved not done (never one only failed or unknown). */
async function retryNotDone(ctx: LocalContext, id: string, states: { w: Write; state: State }[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const { w } of states) {
    if (w.verdict?.outcome !== 'verified_not_done' || w.retry) continue;
    if (!w.sealed) {
      out.push({ step: w.step, sent: false, reason: 'its sealed arguments cannot be opened; send it again by hand' });
      continue;
    }
    const result = await ctx.effects.call({ server: w.sent.server, rpc: w.sent.rpc, args: w.sealed.args, replayable: false, step: w.sent.step, recovery: { of: id, retryOf: w.verdict.seq } });
    out.push({ step: w.step, sent: true, result });
  }
  return out;
}

/** Runs the reviewed reverse calls of the writes that took effect in a half-done invocation; lists the others. */
async function compensateDone(ctx: LocalContext, file: string, id: string, tool: ToolSpec, records: JournalRecord[], writes: Write[], states: { w: Write; state: State }[]): Promise<Record<string, unknown>> {
  if (states.some((s) => s.state === 'still_unknown')) {
    throw new DwsError('outcome_unknown', `${tool.canonical_path} (${id}): a write's outcome is still unknown, so what to undo is not known`, 'run `dws recover` again once the verification reads answer');
  }
  if (states.every((s) => s.state === 'done')) return { compensated: [], note: 'every write took effect: nothing is half done, nothing was undone' };
  const spec = tool.recovery;
  const compensated: unknown[] = [];
  const manual: unknown[] = [];
  const invocation = invocationValue(records, id, tool, writes);
  const flags = writes.find((w) => w.sealed)?.sealed?.flags ?? {};
  for (const { w, state } of states) {
    if (state !== 'done' || w.compensated) continue;
    const reverse = spec?.compensate?.[w.step];
    const ids = { ...(w.answer?.ids ?? {}), ...(w.retry?.answer?.ids ?? {}) };
    if (!reverse) {
      manual.push({ step: w.step, rpc: `${w.sent.server}.${w.sent.rpc}`, ids, undo: 'no reviewed reverse step: undo it by hand in DingTalk' });
      continue;
    }
    const sc: Scope = { tool, env: ctx.env, data: flags, dry: false, results: new Map([[INVOCATION, invocation]]), ran: new Set([INVOCATION]),
      at: new Date(invocation.time_ms as number), uuid: () => '', uuids: new Map() };
    for (const [index, step] of reverse.entries()) {
      const args = evalArgs(sc, step);
      await ctx.effects.call({ server: step.server, rpc: step.rpc, args, replayable: false, step: index, recovery: { of: id } });
    }
    w.compensated = verdict(file, ctx, id, w, 'compensated');
    compensated.push({ step: w.step, ids, by: reverse.map((s) => `${s.server}.${s.rpc}`), record: w.compensated.seq });
  }
  return { compensated, ...(manual.length ? { manual } : {}) };
}

export const recoverCommands: Record<string, LocalCommand> = { 'audit.recover': recover };
