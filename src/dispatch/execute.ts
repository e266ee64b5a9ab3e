// The one executor of backend commands (docs/PLANS.md): an atomic command is the one-step plan it is, a composite
// command runs its catalog plan (ToolSpec.plan). Dispatch (cli.ts) has already passed every gate (hashes,
// availability, ajv validation, one confirmation for the whole plan). Here: argument sources, conditions, for_each,
// paging, resolution (resolve, pick), checks (expect), polls, uploads, downloads and saves, refusals, the hand-over
// to a local command, the journal record of every call, and `partial_outcome` when a failure follows a completed
// write. `--dry-run` evaluates what it can without calling anything and shows placeholders for values
// from earlier results.
import { randomUUID } from 'node:crypto';
import { DwsError } from '../errors.js';
import type { ToolSpec } from '../catalog/types.js';
import type { PlanSpec, PlanStep, Source } from '../catalog/plan.js';
import { MAX_POLL_ATTEMPTS } from '../catalog/plan.js';
import { readPath, replaceAt } from '../plan/path.js';
import { mapArguments } from './arguments.js';
import { serverFor, type Env } from './config.js';
import { journalCall, openJournal } from './journal.js';
import { foldInput, validateInput } from './validate.js';
import type { CallRecord } from './call-record.js';
import {
  Placeholder, asList, conditionText, describeCondition, equal, evalCondition, evalObject, evalSource, isEmpty, setNested, sourceText, truthy, type Scope, type Truth,
} from './plan-values.js';
import { checkExpect, chooseOne, pollHolds, resolveOne } from './plan-checks.js';

export interface ExecuteOptions {
  env: Env;
  timeoutMs: number;
  catalog: { source_hash: string; surface_hash: string };
  dryRun: boolean;
  /** The clock `{now}` sources read (once per run); default the system clock. */
  now?: () => Date;
  /** The generator of `{uuid}` values; default crypto.randomUUID. */
  uuid?: () => string;
  /** The transport's first retry backoff (tests make it short); default the transport's. */
  backoffMs?: number;
  /** How a poll waits between attempts; default a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** For a handoff to a streaming local command (event consume): JSON Lines out, stopped by the signal. */
  writeLine?: (line: string) => Promise<void>;
  signal?: AbortSignal;
  /** The ToolSpec of another catalog command (a handoff's local command), for its own validation. */
  toolOf?: (canonical: string) => ToolSpec | undefined;
  /** Told of every backend operation (MCP call, upload, download) as it starts; the executor counts a plan's with it. */
  onBackend?: () => void;
}

/** The invocation plan `--dry-run` prints for an atomic command (fixed key order; derived_arguments only when non-empty). */
export interface AtomicDryRun {
  dry_run: true;
  canonical_path: string;
  server: string;
  rpc_name: string;
  arguments: Record<string, unknown>;
  derived_arguments?: string[];
  effect: ToolSpec['effect'];
  confirmation: ToolSpec['confirmation'];
  idempotency: ToolSpec['idempotency'];
}

export interface StepPreview {
  id: string;
  server?: string;
  rpc?: string;
  effect: 'read' | 'write';
  arguments?: Record<string, unknown>;
  upload?: { file: unknown; url: unknown; max_bytes: number };
  download?: { url: unknown; file: unknown; max_bytes: number };
  pick?: { items: unknown; value: string };
  refuse?: string;
  save?: { file: unknown };
  handoff?: { local: string; arguments: Record<string, unknown>; positionals?: Record<string, unknown> };
  poll?: { max_attempts: unknown };
  when?: string;
  for_each?: unknown;
  page?: { cursor_arg: string; pages: number; max_pages: number };
  resolve?: { items: string; value: string };
}

/** What `--dry-run` prints for a composite command. */
export interface PlanDryRun {
  dry_run: true;
  canonical_path: string;
  steps: StepPreview[];
  effect: ToolSpec['effect'];
  confirmation: ToolSpec['confirmation'];
  idempotency: ToolSpec['idempotency'];
}

export type ExecuteOutcome = { plan: AtomicDryRun | PlanDryRun } | { result: unknown } | { streamed: true };

/** Identifier-like fields of a result (`messageId`, `taskIds`, `id`), for partial_outcome messages. */
export function returnedIds(result: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (v: unknown, depth: number) => {
    if (depth > 4 || Object.keys(out).length >= 6) return;
    if (Array.isArray(v)) {
      v.slice(0, 5).forEach((x) => walk(x, depth + 1));
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    for (const [k, x] of Object.entries(v)) {
      if (Object.keys(out).length >= 6) return;
      const scalar = typeof x === 'string' || typeof x === 'number';
      const scalars = Array.isArray(x) && x.length <= 5 && x.every((y) => typeof y === 'string' || typeof y === 'number');
      if (/^(id|ids)$|(Id|Ids|_id|_ids|ID)$/u.test(k) && (scalar || scalars) && !(k in out)) out[k] = x;
      else walk(x, depth + 1);
    }
  };
  walk(result, 0);
  return out;
}

export interface Call {
  server: string;
  rpc: string;
  args: Record<string, unknown>;
  replayable: boolean;
  step: number;
  page?: number;
}

/** Runs one backend call or transfer and reports it to the journal: checked writable before, one record after. */
export async function journaled<T>(o: ExecuteOptions, record: Omit<CallRecord, 'outcome'>, run: () => Promise<T>): Promise<T> {
  openJournal(o.env); // a call the journal cannot record is not sent (journal_unwritable)
  o.onBackend?.();
  let result: T;
  try {
    result = await run();
  } catch (err) {
    const reason = err instanceof DwsError ? err.reason : 'internal_error';
    journalCall(o.env, { ...record, outcome: reason === 'outcome_unknown' ? 'outcome_unknown' : 'failed', error: { reason, message: err instanceof Error ? err.message : String(err) } });
    throw err;
  }
  journalCall(o.env, { ...record, outcome: 'ok', result });
  return result;
}

export async function callBackend(tool: ToolSpec, o: ExecuteOptions, c: Call): Promise<unknown> {
  const server = serverFor(c.server, o.env);
  const record: Omit<CallRecord, 'outcome'> = {
    canonical_path: tool.canonical_path, catalog: o.catalog, step: c.step, ...(c.page !== undefined ? { page: c.page } : {}),
    server: c.server, rpc: c.rpc, arguments: c.args,
  };
  const interrupted = { reason: 'outcome_unknown' as const, message: `interrupted after ${c.rpc} on the "${c.server}" server was sent and before it answered` };
  return journaled(o, record, async () => {
    const { callTool, resultOf } = await import('./transport.js');
    const response = await callTool(server, {
      server: c.server, rpcName: c.rpc, arguments: c.args, replayable: c.replayable, timeoutMs: o.timeoutMs, ...(o.backoffMs !== undefined ? { backoffMs: o.backoffMs } : {}),
      onInterrupted: () => journalCall(o.env, { ...record, outcome: 'outcome_unknown', error: interrupted }),
    });
    return resultOf(response, server, `${c.rpc} on the "${c.server}" server`);
  });
}

/** An atomic command: the one-step plan {server: product_id, rpc: rpc_name, args: flags through their property}. */
export async function executeAtomic(tool: ToolSpec, data: Record<string, unknown>, o: ExecuteOptions): Promise<ExecuteOutcome> {
  const ref = tool.interface_ref!;
  const mapped = mapArguments(tool, data);
  if (o.dryRun) {
    return {
      plan: {
        dry_run: true, canonical_path: tool.canonical_path, server: ref.product_id, rpc_name: ref.rpc_name, arguments: mapped.arguments,
        ...(mapped.derived.length ? { derived_arguments: mapped.derived } : {}),
        effect: tool.effect, confirmation: tool.confirmation, idempotency: tool.idempotency,
      },
    };
  }
  const result = await callBackend(tool, o, {
    server: ref.product_id, rpc: ref.rpc_name, args: mapped.arguments, step: 0,
    // Only reads: a write is retried only when its backend echoes the transport's idempotency key (transport.ts).
    replayable: tool.effect === 'read',
  });
  return { result };
}

function evalArgs(sc: Scope, step: PlanStep): Record<string, unknown> {
  return evalObject(sc, step.args ?? {}) ?? {};
}

function evalHeaders(sc: Scope, s: Source | undefined): Record<string, string> {
  const v = s === undefined ? undefined : evalSource(sc, s);
  if (v === undefined) return {};
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)]));
}

function previewStep(sc: Scope, step: PlanStep, when: Truth): StepPreview {
  const base: StepPreview = step.server !== undefined ? { id: step.id, server: step.server, rpc: step.rpc, effect: step.effect } : { id: step.id, effect: step.effect };
  if (when === 'unknown') base.when = conditionText(step.when!);
  if (step.for_each) {
    const list = evalSource(sc, step.for_each);
    base.for_each = list instanceof Placeholder ? list : asList(list);
    sc.item = { value: new Placeholder('<item>') };
  }
  if (step.upload) {
    const u = step.upload;
    const file = u.file ? evalSource(sc, u.file) : evalSource(sc, u.content!) === undefined ? undefined : '<text>';
    base.upload = { file: file ?? null, url: evalSource(sc, u.url) ?? null, max_bytes: u.max_bytes };
  } else if (step.download) {
    const d = step.download;
    base.download = { url: evalSource(sc, d.url) ?? null, file: d.file ? evalSource(sc, d.file) ?? null : null, max_bytes: d.max_bytes };
  } else if (step.pick) {
    base.pick = { items: evalSource(sc, step.pick.items) ?? null, value: step.pick.value };
  } else if (step.refuse !== undefined) {
    base.refuse = step.refuse;
  } else if (step.save) {
    base.save = { file: evalSource(sc, step.save.file) ?? null };
  } else if (step.handoff) {
    const h = step.handoff;
    base.handoff = { local: h.local, arguments: evalObject(sc, h.args) ?? {}, ...(h.positionals ? { positionals: evalObject(sc, h.positionals) ?? {} } : {}) };
  } else {
    base.arguments = evalArgs(sc, step);
    // The first page's number is an argument like the others (later pages count up from it).
    if (step.page?.number_arg) setNested(base.arguments, step.page.number_arg, step.page.number_text ? String(step.page.number_start) : step.page.number_start);
  }
  sc.item = undefined;
  if (step.page) base.page = { cursor_arg: step.page.number_arg ?? step.page.cursor_arg, pages: pageCount(sc, step), max_pages: step.page.max_pages };
  if (step.resolve) base.resolve = { items: step.resolve.items.join(' | '), value: step.resolve.value };
  if (step.poll) base.poll = { max_attempts: typeof step.poll.max_attempts === 'number' ? step.poll.max_attempts : evalSource(sc, step.poll.max_attempts) ?? null };
  return base;
}

/** Pages this run asks for: page.pages (clamped to 1..max_pages), else max_pages. */
function pageCount(sc: Scope, step: PlanStep): number {
  const p = step.page!;
  const wanted = p.pages === undefined ? p.max_pages : Number(evalSource(sc, p.pages) ?? p.max_pages);
  return Math.min(p.max_pages, Math.max(1, Number.isFinite(wanted) ? Math.trunc(wanted) : p.max_pages));
}

function sameCursor(a: unknown, b: unknown): boolean {
  return a !== undefined && equal(a, b);
}

async function runPaged(sc: Scope, step: PlanStep, index: number, o: ExecuteOptions): Promise<unknown> {
  const p = step.page!;
  let args = evalArgs(sc, step);
  const number = (n: number) => (p.number_text ? String(p.number_start! + n) : p.number_start! + n);
  if (p.number_arg) setNested(args, p.number_arg, number(0));
  const items: unknown[] = [];
  let last: unknown;
  let sent = p.number_arg ? undefined : readPath(args, p.cursor_arg);
  const pages = pageCount(sc, step);
  for (let page = 0; page < pages; page++) {
    last = await callBackend(sc.tool, o, { server: step.server!, rpc: step.rpc!, args, replayable: step.effect === 'read', step: index, page });
    const got = readPath(last, p.items);
    const count = Array.isArray(got) ? got.length : 0;
    if (Array.isArray(got)) items.push(...got);
    const more = p.more === undefined ? undefined : readPath(last, p.more);
    if (more === false || (p.page_size !== undefined && count < p.page_size)) break;
    args = structuredClone(args);
    if (p.number_arg) {
      if (count === 0) break;
      setNested(args, p.number_arg, number(page + 1));
      continue;
    }
    const next = readPath(last, p.next);
    if (isEmpty(next) || sameCursor(next, sent)) break;
    setNested(args, p.cursor_arg, next);
    sent = next;
  }
  return readPath(last, p.items) === undefined && items.length === 0 ? last : replaceAt(last, p.items, items);
}

/** An upload (a file's bytes or a plan value's text) or a download (to a file, or as the result's text). */
async function runTransfer(sc: Scope, step: PlanStep, index: number, o: ExecuteOptions): Promise<unknown> {
  const { downloadUrl, uploadFile, uploadText } = await import('./transfer.js');
  const tool = sc.tool;
  const record = (rpc: string, args: Record<string, unknown>): Omit<CallRecord, 'outcome'> =>
    ({ canonical_path: tool.canonical_path, catalog: o.catalog, step: index, server: 'http', rpc, arguments: args });
  const spec = step.upload ?? step.download!;
  const url = evalSource(sc, spec.url);
  const what = step.upload ? 'upload' : 'download';
  if (typeof url !== 'string') throw new DwsError('backend_error', `${tool.canonical_path}: step "${step.id}" has no ${what} URL from the backend`);
  const headers = evalHeaders(sc, spec.headers);
  if (step.upload) {
    const u = step.upload;
    const file = u.file ? evalSource(sc, u.file) : undefined;
    if (typeof file === 'string') {
      return journaled(o, record('PUT', { file }), () => uploadFile({ file, url, headers, maxBytes: u.max_bytes, timeoutMs: o.timeoutMs }, o.env));
    }
    const text = u.content ? evalSource(sc, u.content) : undefined;
    if (typeof text !== 'string') throw new DwsError('missing_parameter', `${tool.canonical_path}: the upload of step "${step.id}" needs a local file path${u.content ? ' or a text' : ''}`);
    return journaled(o, record('PUT', { bytes: Buffer.byteLength(text) }), () => uploadText({ text, url, headers, maxBytes: u.max_bytes, timeoutMs: o.timeoutMs }));
  }
  const d = step.download!;
  // no file (not declared, or its flag not given): the downloaded text is the step's result
  const file = d.file ? evalSource(sc, d.file) : undefined;
  if (file !== undefined && typeof file !== 'string') throw new DwsError('invalid_parameter', `${tool.canonical_path}: the download target of step "${step.id}" is not a file path`);
  const overwrite = d.overwrite === undefined ? undefined : truthy(evalSource(sc, d.overwrite));
  return journaled(o, record('GET', file === undefined ? {} : { file }), () =>
    downloadUrl({ url, headers, file: file as string | undefined, overwrite, maxBytes: d.max_bytes, timeoutMs: o.timeoutMs }, o.env));
}

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

function positiveNumber(sc: Scope, s: Source | number | undefined, what: string, fallback: number): number {
  const v = s === undefined ? fallback : typeof s === 'number' ? s : evalSource(sc, s);
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new DwsError('invalid_parameter', `${sc.tool.canonical_path}: ${what} must be a positive number, not ${JSON.stringify(v)}`);
  return v;
}

/** One read repeated until `until` holds (or `fail` does), at most max_attempts times within timeout_seconds. */
async function runPolled(sc: Scope, step: PlanStep, index: number, o: ExecuteOptions): Promise<unknown> {
  const p = step.poll!;
  const attempts = Math.min(Math.floor(positiveNumber(sc, p.max_attempts, 'the number of checks', 1)), MAX_POLL_ATTEMPTS);
  const intervalMs = positiveNumber(sc, p.interval_seconds, 'the wait between checks', 1) * 1000;
  const budgetMs = p.timeout_seconds === undefined ? Infinity : positiveNumber(sc, p.timeout_seconds, 'the wait timeout', 1) * 1000;
  const sleep = o.sleep ?? wait;
  const args = evalArgs(sc, step);
  let waited = 0;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const last = await callBackend(sc.tool, o, { server: step.server!, rpc: step.rpc!, args, replayable: true, step: index, page: attempt });
    if (pollHolds(p.fail, last)) {
      throw new DwsError('backend_error', `${sc.tool.canonical_path} (step "${step.id}"): the task failed: ${JSON.stringify(readPath(last, p.fail!.path))}`,
        'look at the task before starting it again');
    }
    if (pollHolds(p.until, last)) return last;
    if (attempt + 1 >= attempts || waited + intervalMs > budgetMs) break;
    await sleep(intervalMs);
    waited += intervalMs;
  }
  throw new DwsError('outcome_unknown', `${sc.tool.canonical_path} (step "${step.id}"): not finished after the checks this command allows; the task may still complete`,
    'check it again later with the read command; do not start the task again');
}

/** A pick: resolve over values already at hand (one per for_each element), no call. */
function runPick(sc: Scope, step: PlanStep): unknown {
  const pick = step.pick!;
  const list = step.for_each ? asList(evalSource(sc, step.for_each)) : [undefined];
  const picked = list.map((item) => {
    sc.item = step.for_each ? { value: item } : undefined;
    try {
      return chooseOne(sc, step, asList(evalSource(sc, pick.items)), pick);
    } finally {
      sc.item = undefined;
    }
  });
  return step.for_each ? picked : picked[0];
}

/** A hand-over to a local command: its flags come from the plan and pass that command's own validation. */
async function runHandoff(sc: Scope, step: PlanStep, o: ExecuteOptions): Promise<unknown> {
  const h = step.handoff!;
  const { localCommands } = await import('./local/index.js');
  const target = o.toolOf?.(h.local);
  const run = localCommands[h.local];
  if (!run || !target) throw new DwsError('not_dispatchable', `${sc.tool.canonical_path}: the local command ${h.local} it hands over to is not available in this build`);
  const values = evalObject(sc, h.args) ?? {};
  const positionals = evalObject(sc, h.positionals ?? {}) ?? {};
  validateInput(target, foldInput(target, values, positionals));
  return run({ tool: target, values, positionals, env: o.env, catalog: o.catalog, signal: o.signal, writeLine: o.writeLine, timeoutMs: o.timeoutMs });
}

interface Completed {
  id: string;
  effect: 'read' | 'write';
  ids: Record<string, unknown>;
}

function partial(tool: ToolSpec, done: Completed[], failed: string, err: unknown): DwsError {
  const cause = err instanceof DwsError ? `${err.reason}: ${err.message}` : String(err);
  const list = done.map((d) => `${d.id} (${d.effect}${Object.keys(d.ids).length ? ` ${JSON.stringify(d.ids)}` : ''})`).join(', ');
  return new DwsError('partial_outcome',
    `${tool.canonical_path} stopped after a write: completed steps ${list}; step "${failed}" failed or its outcome is unknown (${cause})`,
    `do not run the whole command again: the completed writes took effect; check step "${failed}" and finish it with the atomic command`);
}

/** Where a run is: the step (and for_each element, `send[2]`) a failure is reported at. */
interface Cursor {
  label: string;
}

/** The calls of one MCP step: one, one per for_each element (each resolved on its own answer), pages or polls. */
async function runCalls(sc: Scope, step: PlanStep, index: number, o: ExecuteOptions, done: Completed[], at: Cursor): Promise<unknown> {
  const tool = sc.tool;
  if (step.for_each) {
    const list = asList(evalSource(sc, step.for_each));
    if (list.length > step.max_items!) {
      throw new DwsError('invalid_parameter', `${tool.canonical_path}: step "${step.id}" would make ${list.length} calls, more than its bound of ${step.max_items}`, 'split the request into smaller runs');
    }
    const results: unknown[] = [];
    for (const [i, item] of list.entries()) {
      at.label = `${step.id}[${i}]`;
      sc.item = { value: item };
      const args = evalArgs(sc, step);
      const result = await callBackend(tool, o, { server: step.server!, rpc: step.rpc!, args, replayable: step.effect === 'read', step: index });
      results.push(step.resolve ? resolveOne(sc, step, result) : result);
      sc.item = undefined;
      if (step.effect === 'write') done.push({ id: at.label, effect: 'write', ids: returnedIds(result) });
    }
    return results;
  }
  const result = step.page ? await runPaged(sc, step, index, o) : step.poll ? await runPolled(sc, step, index, o)
    : await callBackend(tool, o, { server: step.server!, rpc: step.rpc!, args: evalArgs(sc, step), replayable: step.effect === 'read', step: index });
  return step.resolve ? resolveOne(sc, step, result) : result;
}

const refusal = (sc: Scope, message: string) => new DwsError('invalid_parameter', `${sc.tool.canonical_path}: ${message}`, 'nothing was changed');

/** Runs one step; undefined means it counts as not run (a resolve or pick that allows none found nothing). */
async function runStep(sc: Scope, step: PlanStep, index: number, o: ExecuteOptions, done: Completed[], at: Cursor): Promise<unknown> {
  if (step.refuse !== undefined) throw refusal(sc, step.refuse);
  if (step.pick) return runPick(sc, step);
  if (step.upload || step.download) return runTransfer(sc, step, index, o);
  if (step.save) {
    const file = evalSource(sc, step.save.file);
    if (typeof file !== 'string') throw new DwsError('missing_parameter', `${sc.tool.canonical_path}: step "${step.id}" needs a file to save to`);
    const content = evalSource(sc, step.save.content);
    if (content === undefined) throw new DwsError('backend_error', `${sc.tool.canonical_path}: step "${step.id}" has nothing to save`);
    const overwrite = step.save.overwrite ? truthy(evalSource(sc, step.save.overwrite)) : false;
    const { saveValue } = await import('./transfer.js');
    return saveValue({ file, content, overwrite }, o.env);
  }
  if (step.handoff) return runHandoff(sc, step, o);
  return runCalls(sc, step, index, o, done, at);
}

export async function executePlan(tool: ToolSpec, plan: PlanSpec, data: Record<string, unknown>, o: ExecuteOptions): Promise<ExecuteOutcome> {
  const sc: Scope = {
    tool, env: o.env, data, dry: o.dryRun, results: new Map(), ran: new Set(), at: (o.now ?? (() => new Date()))(), uuid: o.uuid ?? randomUUID, uuids: new Map(),
  };
  if (o.dryRun) {
    const steps: StepPreview[] = [];
    for (const step of plan.steps) {
      const when = step.when === undefined ? true : evalCondition(sc, step.when);
      if (when === false) continue;
      // A refusal the flags alone decide is the dry run's answer too: the real run would stop there.
      if (when === true && step.refuse !== undefined) throw refusal(sc, step.refuse);
      steps.push(previewStep(sc, step, when));
      sc.ran.add(step.id);
    }
    return { plan: { dry_run: true, canonical_path: tool.canonical_path, steps, effect: tool.effect, confirmation: tool.confirmation, idempotency: tool.idempotency } };
  }
  const done: Completed[] = [];
  let last: unknown = null;
  let streamed = false;
  // No silent no-op: a run that reaches no backend (every call, upload and download skipped, no hand-over to a local
  // command) is refused, naming why each step did nothing.
  let backend = 0;
  let handedOver = false;
  const idle: string[] = [];
  const run: ExecuteOptions = { ...o, onBackend: () => { backend++; o.onBackend?.(); } };
  for (const [index, step] of plan.steps.entries()) {
    const at: Cursor = { label: step.id };
    try {
      if (step.when !== undefined && evalCondition(sc, step.when) !== true) {
        if (reachesBackend(step)) idle.push(`step "${step.id}" (${stepWhat(step)}) runs only when ${describeCondition(step.when)}`);
        continue;
      }
      if (step.handoff) handedOver = true;
      let result: unknown;
      try {
        result = await runStep(sc, step, index, run, done, at);
        if (step.for_each && step.server !== undefined && Array.isArray(result) && result.length === 0) {
          idle.push(`step "${step.id}" (${stepWhat(step)}) has no element to call it for (${sourceText(step.for_each)} is empty)`);
        }
      } catch (err) {
        // a tolerated probe whose call failed counts as not run (its failure is in the journal); a refusal of dws
        // itself (ambiguous_match, not_found, journal_unwritable, ...) is never swallowed
        if (step.tolerate_failure && err instanceof DwsError && err.category === 'backend') continue;
        throw err;
      }
      if (step.expect) checkExpect(sc, step, step.expect, result);
      if (result === undefined) {
        // a streaming hand-over wrote its own lines; otherwise the step found nothing and counts as not run
        if (step.handoff && o.writeLine) streamed = true;
        continue;
      }
      sc.results.set(step.id, result);
      sc.ran.add(step.id);
      if (!(step.for_each && step.effect === 'write')) done.push({ id: step.id, effect: step.effect, ids: returnedIds(result) });
      last = result;
    } catch (err) {
      if (done.some((d) => d.effect === 'write')) throw partial(tool, done, at.label, err);
      throw err;
    }
  }
  if (streamed) return { streamed: true };
  if (backend === 0 && !handedOver) {
    throw new DwsError('plan_skipped', `${tool.canonical_path}: nothing was sent: ${idle.length ? idle.join('; ') : 'no step reaches the backend'}`,
      'nothing was changed; give the flags the step you want needs (see the command\'s --help) and run it again');
  }
  return { result: plan.output === undefined ? last : evalSource(sc, plan.output) ?? null };
}

/** A step that makes backend operations or hands over to a local command (not a pick, refusal or save). */
function reachesBackend(step: PlanStep): boolean {
  return step.server !== undefined || step.upload !== undefined || step.download !== undefined || step.handoff !== undefined;
}

function stepWhat(step: PlanStep): string {
  if (step.server !== undefined) return `${step.server}.${step.rpc}`;
  if (step.handoff) return `hand-over to ${step.handoff.local}`;
  return step.upload ? 'upload' : 'download';
}
