// Every multi-step command run against canned backend answers (test/fixtures/multi-step/backend.ts, answers made by
// support.ts from the plan itself): success with one journal record per backend operation; an ambiguous resolution
// stops with ambiguous_match listing the candidates before any write; a failure right after a write is
// partial_outcome (exit 7) naming the completed steps, with the failed operation journaled; a transient failure of a
// read is retried; a transient failure of a write is never replayed. The clock, uuids and poll waits are injected
// and retries back off 1 ms, so nothing here depends on timing.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallRecord } from '../../../src/journal/call-record.js';
import { DwsError } from '../../../src/errors.js';
import { startCannedBackend, type CannedBackend } from '../../fixtures/multi-step/backend.js';
import { executePlan, returnedIds, type ExecuteOptions, type PlanDryRun } from '../../../src/plan/executor.js';
import { inputsFor, makeFileRoot, multiStepPaths, responderFor, toolOf, type PlanSpec, type SynthContext } from './support.js';
import { anySteps, executeOptions, type AnyStep } from '../../helpers.js';
import { recordingEnv } from '../../fixtures/mcp/server.js';

const journal = vi.hoisted(() => ({ records: [] as CallRecord[] }));
vi.mock('../../../src/journal/journal.js', () => ({
  openJournal: () => {},
  // the sent record before each call is not counted here: these tests count the answered calls
  journalSent: () => ({ seq: 1 }),
  journalCall: (_env: unknown, record: CallRecord) => void journal.records.push(record),
}));

/** Commands whose last step hands over to a local command (tested through dispatch in dispatch.test.ts). */
const HANDOFF = new Set(['event.listen_im']);

let backend: CannedBackend;
beforeAll(async () => {
  backend = await startCannedBackend();
});
afterAll(async () => {
  await backend?.close();
});
beforeEach(() => {
  backend?.reset();
  journal.records.length = 0;
});

interface Run {
  result?: unknown;
  error?: DwsError;
}

/** Flags that make a command reach its resolution (the fixture inputs give an id that skips it). */
const TO_RESOLVE: Record<string, Record<string, unknown>> = {};

function setup(canonical: string, ambiguous?: Set<string>, flags: Record<string, unknown> = {}): { plan: PlanSpec; data: Record<string, unknown>; options: ExecuteOptions } {
  const tool = toolOf(canonical);
  const root = makeFileRoot();
  const data = inputsFor(tool, root);
  for (const [k, v] of Object.entries(flags)) {
    if (v === null) delete data[k];
    else data[k] = v;
  }
  const ctx: SynthContext = { data, blobBase: backend.blobBase, ambiguous };
  backend.respond = responderFor(ctx, tool.plan, canonical);
  backend.blobText = 'draft text with needle inside\n';
  let n = 0;
  const options = executeOptions(tool, {
    env: { ...recordingEnv(backend.urlTemplate, 'tok-never-printed'), DWS_FILE_ROOT: root },
    timeoutMs: 5000, catalog: { source_hash: 'h', surface_hash: 'h' }, dryRun: false,
    now: () => new Date(2026, 2, 10, 9, 30, 15), uuid: () => `uuid-${++n}`, sleep: async () => {}, backoffMs: 1,
  });
  return { plan: tool.plan, data, options };
}

async function run(canonical: string, ambiguous?: Set<string>, faults?: Map<number, number>, flags?: Record<string, unknown>): Promise<Run> {
  const { plan, data, options } = setup(canonical, ambiguous, flags);
  for (const [k, v] of faults ?? []) backend.faults.set(k, v);
  try {
    const outcome = await executePlan(toolOf(canonical), plan, data, options);
    return { result: 'result' in outcome ? outcome.result : undefined };
  } catch (e) {
    if (e instanceof DwsError) return { error: e };
    throw e;
  }
}

const stepOf = (plan: PlanSpec, r: CallRecord) => anySteps(plan)[r.step];
// a staging upload (sheet write-image's PUT, h38-left) changes no document until a later call places the bytes: no write
// of the run is complete after it, so a failure right after it is that failure itself
const isWrite = (plan: PlanSpec, r: CallRecord) => {
  const st = stepOf(plan, r);
  return st.effect === 'write' && !(st.kind === 'upload' && st.upload.staging === true);
};

const baselines = new Map<string, CallRecord[]>();

/** One successful run, to learn each command's sequence of operations (answers are deterministic: run once). */
async function baseline(canonical: string): Promise<{ plan: PlanSpec; records: CallRecord[] }> {
  const plan = planOf(canonical);
  const known = baselines.get(canonical);
  if (known) return { plan, records: known };
  const r = await run(canonical);
  expect(r.error, `${canonical}: ${r.error?.message}`).toBeUndefined();
  baselines.set(canonical, [...journal.records]);
  return { plan, records: [...journal.records] };
}

const ALL = multiStepPaths();
const RUNNABLE = ALL.filter((c) => !HANDOFF.has(c));
/** A step that stops with ambiguous_match on two candidates. */
// the openDingTalkId lookup (resolve open_dingtalk_ids) refuses an unknown userId but never has candidates to choose from
const mustFindOne = (s: AnyStep) => s.pick !== undefined || (s.resolve !== undefined && !s.resolve.take && !s.resolve.allow_none && s.resolve.open_dingtalk_ids === undefined);
/** The plan of a command in the built catalog. */
const planOf = (c: string): PlanSpec => toolOf(c).plan;
const withPlans = (list: string[], keep: (p: PlanSpec) => boolean) => list.filter((c) => keep(planOf(c)));
const RESOLVING = withPlans(RUNNABLE, (p) => anySteps(p).some(mustFindOne));

// generous per-test bounds for a busy machine; nothing asserts on time
describe('multi-step plans with canned backend answers', { timeout: 300_000 }, () => {
  it('covers all 143 multi-step commands', () => {
    expect(ALL).toHaveLength(143);
  });

  it.each(RUNNABLE)('%s: succeeds, one journal record per backend operation, in plan order, none failed', async (canonical) => {
    baselines.delete(canonical);
    const { plan, records } = await baseline(canonical);
    expect(records.length).toBeGreaterThan(0);
    expect(records.map((r) => r.outcome)).toEqual(records.map(() => 'ok'));
    expect(backend.log).toHaveLength(records.length);
    const steps = records.map((r) => r.step);
    // an interleave (docs/PLANS.md) runs its lead and the steps it names element by element: a step number goes back
    // only to the lead, from a step of its group, when the next element starts
    const group = new Map(anySteps(plan).flatMap((st, i) => (st.interleave ? [[i, new Set([i, ...st.interleave.map((id) => anySteps(plan).findIndex((x) => x.id === id))])] as const] : [])));
    const backwards = steps.flatMap((st, k) => (k > 0 && st < steps[k - 1] && !group.get(st)?.has(steps[k - 1]) ? [`${steps[k - 1]} -> ${st}`] : []));
    expect(backwards).toEqual([]);
    for (const [i, r] of records.entries()) {
      const op = backend.log[i];
      if (op.kind === 'call') expect({ server: op.server, rpc: op.name, args: op.arguments }).toEqual({ server: r.server, rpc: r.rpc, args: r.arguments });
      else expect(stepOf(plan, r).upload ?? stepOf(plan, r).download).toBeDefined();
    }
    expect(JSON.stringify(records)).not.toContain('tok-never-printed');
  });

  // f-doc8: doc +version-revert/+history-revert no longer resolve the version (upstream pages until a page names it);
  // p-drive: drive +recycle-restore, +version-download and +version-revert take the first match (allow_none, then an
  // api refusal when none), as upstream's findDriveRecycleItem/findVersion do (42 before both); p-doc: doc +fetch picks
  // its document as docresolver does (a value step over the pages, doc_target_select), no longer a resolve step
  it('resolves a name in 36 of them (with event +listen-im, 37: a resolve that must find one, or a pick); the others take identifiers', () => {
    expect(RESOLVING.length).toBe(36);
  });

  it.each(RESOLVING)(
    '%s: two candidates for a resolution -> ambiguous_match listing them, and no write was sent', async (canonical) => {
      const plan = planOf(canonical);
      const flags = TO_RESOLVE[canonical];
      const { data, options } = setup(canonical, undefined, flags);
      // the steps this run reaches: its dry run lists every step whose condition the flags do not rule out
      const dry = await executePlan(toolOf(canonical), plan, data, { ...options, dryRun: true });
      const reached = new Set(('plan' in dry ? (dry.plan as PlanDryRun).steps : []).map((x) => x.id));
      const target = anySteps(plan).findIndex((st) => mustFindOne(st) && reached.has(st.id));
      expect(target, 'a resolution this run reaches').toBeGreaterThanOrEqual(0);
      const r = await run(canonical, new Set([anySteps(plan)[target].id]), undefined, flags);
      // a ledger reported as a result lists each element's ambiguity; nobody done is upstream's validation error
      const listed = anySteps(plan)[target].ledger?.report === 'result';
      expect(r.error?.reason, r.error?.message).toBe(listed ? 'invalid_parameter' : 'ambiguous_match');
      if (listed) expect(r.error!.message).toContain('(ambiguous_match: ');
      expect(r.error!.exitCode).toBe(3);
      expect(r.error!.message).toContain('2 candidates');
      expect(r.error!.message).toContain(`-2`);
      const firstWrite = anySteps(plan).findIndex((s) => s.effect === 'write');
      if (firstWrite >= 0 && firstWrite > target) expect(journal.records.filter((x) => isWrite(plan, x))).toEqual([]);
    });

  it.each(RUNNABLE)('%s: a failure right after a write is partial_outcome (exit 7), or rolled_back where the step declares its rollback, and journaled; a failing first write is not partial', async (canonical) => {
    const { plan, records } = await baseline(canonical);
    const w = records.findIndex((r) => isWrite(plan, r));
    if (w < 0) {
      // a read-only run: a failing read is reported as itself (a tolerated probe is skipped instead)
      const hard = records.findIndex((x) => !stepOf(plan, x).tolerate_failure);
      backend.reset();
      journal.records.length = 0;
      const r = await run(canonical, undefined, new Map([[hard, 400]]));
      // the failed read ends the run; only a ledger that lets the next element run (upstream resolving every name
      // before it reports, calendar +suggest-time) sends that step's later elements after it
      const failed = journal.records.findIndex((x) => x.outcome === 'failed');
      const step = stepOf(plan, journal.records[failed]);
      // a ledger that lists its failures (report: list) lets the plan end with the reason its refuse step declares
      // (minutes +detail: minutes_detail_incomplete, f-minutes2)
      const declared = step.ledger?.report === 'list' ? anySteps(plan).map((st) => (st as { reason?: string }).reason).find((x) => x !== undefined) : undefined;
      expect(r.error?.reason).toBe(declared ?? 'backend_error');
      const after = journal.records.slice(failed + 1).map((x) => stepOf(plan, x).id);
      expect({ failed: failed >= 0, after }).toEqual({ failed: true, after: step.ledger ? after.map(() => step.id) : [] });
      return;
    }
    backend.reset();
    journal.records.length = 0;
    const first = await run(canonical, undefined, new Map([[w, 400]]));
    if (records.slice(0, w).some((r) => isWrite(plan, r))) expect(first.error?.reason).toBe('partial_outcome');
    else expect(first.error?.reason).not.toBe('partial_outcome');
    if (w + 1 >= records.length) return;
    backend.reset();
    journal.records.length = 0;
    const r = await run(canonical, undefined, new Map([[w + 1, 400]]));
    const failing = anySteps(plan)[records[w + 1].step];
    if (failing.compensate) {
      // upstream's rollback: the failed step's reverse write is sent once, and the run reports it instead
      expect(r.error?.reason, r.error?.message).toBe('rolled_back');
      expect(r.error!.exitCode).toBe(1);
      expect(journal.records[w + 1]).toMatchObject({ step: records[w + 1].step, outcome: 'failed' });
      expect(journal.records[w + 2]).toMatchObject({ step: records[w + 1].step, rpc: failing.compensate.rpc, outcome: 'ok' });
      expect(journal.records).toHaveLength(w + 3);
      return;
    }
    // a step keeping upstream's per-item ledger as a result (ledger report: result, chat +broadcast) lists a failing element and goes on
    // with the next: the run ends without an error, every call journaled, the failed one as failed
    if (anySteps(plan).some((st) => st.ledger?.report === 'result')) {
      expect(r.error, r.error?.message).toBeUndefined();
      expect(journal.records[w + 1]).toMatchObject({ step: records[w + 1].step, outcome: 'failed' });
      expect(journal.records.length).toBeLessThanOrEqual(records.length);
      return;
    }
    if (failing.repeat && failing.ledger?.report === 'list') {
      // a repeated round that lists its failed reads (upstream waitMinutesArtifacts, minutes +record-wrap-up) reads the
      // whole round again after a wait: the failed read is journaled and the next round succeeds
      expect(r.error, r.error?.message).toBeUndefined();
      expect(journal.records[w + 1]).toMatchObject({ step: records[w + 1].step, outcome: 'failed' });
      return;
    }
    if (failing.tolerate_failure && failing.failure_as && failing.repeat) {
      // a read whose failure is kept as a value (failure_as) and read in rounds (minutes +speaker-insights, upstream
      // runMinutesSpeakerInsights): a failure that does not say pending ends the run through the refuse step that reads
      // it, after the write (partial_outcome), naming that refusal
      expect(r.error?.reason, r.error?.message).toBe('partial_outcome');
      expect(journal.records[w + 1]).toMatchObject({ step: records[w + 1].step, outcome: 'failed' });
      const readers = anySteps(plan).filter((st) => st.kind === 'refuse' && JSON.stringify(st).includes(`"${failing.repeat!.steps[0]}"`)).map((st) => st.id);
      expect(readers.some((id) => r.error!.message.includes(`step "${id}"`)), r.error!.message).toBe(true);
      return;
    }
    if (failing.poll?.verify) {
      // a write's timetabled read-back (upstream readDocVerification) tries a failed read again at its next time
      expect(r.error, r.error?.message).toBeUndefined();
      expect(journal.records[w + 1]).toMatchObject({ step: records[w + 1].step, outcome: 'failed' });
      return;
    }
    expect(r.error?.reason, r.error?.message).toBe('partial_outcome');
    expect(r.error!.exitCode).toBe(7);
    const writeStep = anySteps(plan)[records[w].step].id;
    const failedStep = anySteps(plan)[records[w + 1].step].id;
    expect(r.error!.message).toContain(writeStep);
    // the failed step, with its element for a for_each step (`send[1]`); a step of an interleave group whose lead lists
    // its failures (ledger report: list, minutes +replace-batch, f-minutes5) ends with the reason its refuse step declares
    const listed = anySteps(plan).find((st) => st.ledger?.report === 'list' && (st.id === failedStep || (st.interleave ?? []).includes(failedStep)));
    const declared = listed && anySteps(plan).map((st) => (st as { reason?: string }).reason).filter((x) => x !== undefined && x !== 'backend_error').pop();
    if (declared) expect(r.error!.message).toContain(`(${declared}: `);
    else expect(r.error!.message).toMatch(new RegExp(`step "${failedStep}(\\[\\d+\\])*"`, 'u'));
    // the completed writes are listed with the identifiers their results returned
    for (const done of journal.records.slice(0, w + 1).filter((x) => isWrite(plan, x))) {
      const ids = returnedIds(done.result);
      if (Object.keys(ids).length) expect(r.error!.message).toContain(JSON.stringify(ids));
    }
    expect(journal.records.slice(0, w + 1).map((x) => x.outcome)).toEqual(records.slice(0, w + 1).map(() => 'ok'));
    expect(journal.records[w + 1]).toMatchObject({ step: records[w + 1].step, outcome: 'failed' });
    expect(journal.records).toHaveLength(w + 2);
  });

  it.each(withPlans(RUNNABLE, (p) => anySteps(p).some((s) => s.effect === 'read' && s.server !== undefined)))(
    '%s: a transient failure of a read is retried and the run succeeds', async (canonical) => {
      const { plan, records } = await baseline(canonical);
      const read = records.findIndex((r) => !isWrite(plan, r) && backend.log[records.indexOf(r)]?.kind === 'call' && !stepOf(plan, r).tolerate_failure);
      if (read < 0) return;
      backend.reset();
      journal.records.length = 0;
      const r = await run(canonical, undefined, new Map([[read, 503]]));
      expect(r.error, r.error?.message).toBeUndefined();
      expect(backend.log).toHaveLength(records.length + 1);
      expect(backend.log[read]).toEqual(backend.log[read + 1]);
      expect(journal.records).toHaveLength(records.length);
    });

  it.each(withPlans(RUNNABLE, (p) => anySteps(p).some((s) => s.effect === 'write' && s.server !== undefined)))(
    '%s: a transient failure of a write is never replayed', async (canonical) => {
      const { plan, records } = await baseline(canonical);
      const w = records.findIndex((r, i) => isWrite(plan, r) && backend.log[i]?.kind === 'call');
      if (w < 0) return;
      backend.reset();
      journal.records.length = 0;
      const r = await run(canonical, undefined, new Map([[w, 503]]));
      if (anySteps(plan).some((st) => st.ledger?.report === 'result')) {
        // a per-item ledger lists the unknown write and goes on with the next element, never sending that one again
        expect(r.error, r.error?.message).toBeUndefined();
        expect(backend.log).toHaveLength(records.length); // one call per element and step: nothing sent twice
        expect(journal.records.find((x) => x.step === records[w].step)).toMatchObject({ outcome: 'outcome_unknown' });
        return;
      }
      expect(['outcome_unknown', 'partial_outcome']).toContain(r.error?.reason);
      expect(backend.log).toHaveLength(w + 1);
      expect(journal.records.at(-1)).toMatchObject({ step: records[w].step, outcome: 'outcome_unknown' });
    });
});
