// The one executor of backend commands (docs/PLANS.md): an atomic command is the one-step plan it is, a composite
// command runs its catalog plan (ToolSpec.plan). Dispatch (cli.ts) has already passed every gate (hashes,
// availability, ajv validation, one confirmation for the whole plan). Here: argument sources, conditions, for_each,
// paging, resolution, uploads, the journal record of every call, and `partial_outcome` when a failure follows a
// completed write. `--dry-run` evaluates what it can without calling anything and shows placeholders for values
// from earlier results.
import { DwsError } from '../errors.js';
import type { ToolSpec } from '../catalog/types.js';
import type { Condition, PlanSpec, PlanStep, Source } from '../catalog/plan.js';
import { sourceKind } from '../catalog/plan.js';
import { readPath, replaceAt } from '../plan/path.js';
import { applyTransforms } from '../plan/transforms.js';
import { mapArguments } from './arguments.js';
import { serverFor, type Env } from './config.js';
import { journalCall, openJournal } from './journal.js';
import { flagKey } from '../catalog/aliases.js';
import type { CallRecord } from './call-record.js';

export interface ExecuteOptions {
  env: Env;
  timeoutMs: number;
  catalog: { source_hash: string; surface_hash: string };
  dryRun: boolean;
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

export type ExecuteOutcome = { plan: AtomicDryRun | PlanDryRun } | { result: unknown };

/** A value from an earlier result during --dry-run: printed as its placeholder text. */
class Placeholder {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text;
  }
}

type Truth = boolean | 'unknown';

interface Scope {
  tool: ToolSpec;
  env: Env;
  data: Record<string, unknown>;
  dry: boolean;
  results: Map<string, unknown>;
  /** Steps that ran (or, in a dry run, that may run). */
  ran: Set<string>;
  item?: { value: unknown };
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A flag's value; a plan may name it by an alias (the value was folded into the flag it stands for). */
function flagValue(sc: Scope, name: string): unknown {
  const v = sc.data[flagKey(sc.tool, name)];
  return isEmpty(v) ? undefined : v;
}

function positionalValue(sc: Scope, index: number): unknown {
  const name = sc.tool.positionals?.find((p) => p.index === index)?.name;
  if (name === undefined) return undefined;
  const v = sc.data[name] ?? sc.data[flagKey(sc.tool, name)];
  return isEmpty(v) ? undefined : v;
}

function fromValue(sc: Scope, id: string, path: string | undefined, optional: boolean): unknown {
  if (!sc.ran.has(id)) return undefined;
  if (sc.dry) return new Placeholder(`<from ${id}${path ? '.' + path : ''}>`);
  const v = readPath(sc.results.get(id), path);
  if (v === undefined && !optional) {
    throw new DwsError('backend_error', `${sc.tool.canonical_path}: the result of step "${id}" has no ${path ? `"${path}"` : 'value'}`,
      'the backend answered in an unexpected shape; report it');
  }
  return v;
}

function setNested(target: Record<string, unknown>, key: string, value: unknown): void {
  const keys = key.split('.');
  let node = target;
  for (const k of keys.slice(0, -1)) {
    if (typeof node[k] !== 'object' || node[k] === null || Array.isArray(node[k])) node[k] = {};
    node = node[k] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

function evalObject(sc: Scope, entries: Record<string, Source>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  let any = false;
  for (const [key, s] of Object.entries(entries)) {
    const v = evalSource(sc, s);
    if (v === undefined) continue;
    setNested(out, key, v);
    any = true;
  }
  return any ? out : undefined;
}

function label(s: Source): string {
  if ('flag' in s) return `--${s.flag}`;
  if ('positional' in s) return `positional ${s.positional}`;
  if ('from' in s) return `the result of step "${s.from}"${s.path ? ` at ${s.path}` : ''}`;
  if ('item' in s) return 'the for_each element';
  return 'a plan value';
}

function evalSource(sc: Scope, s: Source): unknown {
  if (s.when !== undefined && evalCondition(sc, s.when) === false) return undefined;
  let v: unknown;
  switch (sourceKind(s)) {
    case 'flag':
      v = flagValue(sc, (s as { flag: string }).flag);
      break;
    case 'const':
      v = (s as { const: unknown }).const;
      break;
    case 'positional':
      v = positionalValue(sc, (s as { positional: number }).positional);
      break;
    case 'from': {
      const f = s as { from: string; path?: string };
      v = fromValue(sc, f.from, f.path, s.optional === true);
      break;
    }
    case 'item': {
      const it = sc.item?.value;
      const path = (s as { path?: string }).path;
      v = it instanceof Placeholder ? new Placeholder(`<item${path ? '.' + path : ''}>`) : readPath(it, path);
      break;
    }
    case 'object':
      v = evalObject(sc, (s as { object: Record<string, Source> }).object);
      break;
    case 'list': {
      const list = (s as { list: Source[] }).list.map((x) => evalSource(sc, x)).filter((x) => x !== undefined);
      v = list.length ? list : undefined;
      break;
    }
    case 'concat': {
      const list = (s as { concat: Source[] }).concat.map((x) => evalSource(sc, x)).filter((x) => x !== undefined).flatMap((x) => (Array.isArray(x) ? x : [x]));
      v = list.length ? list : undefined;
      break;
    }
    case 'first':
      v = (s as { first: Source[] }).first.map((x) => evalSource(sc, x)).find((x) => x !== undefined);
      break;
    case 'each': {
      const e = s as { each: Source; to: Source };
      const list = evalSource(sc, e.each);
      const outer = sc.item;
      if (list instanceof Placeholder) {
        sc.item = { value: new Placeholder('<item>') };
        v = [evalSource(sc, e.to)];
      } else {
        v = asList(list).map((item) => {
          sc.item = { value: item };
          return evalSource(sc, e.to);
        }).filter((x) => x !== undefined);
      }
      sc.item = outer;
      break;
    }
    case 'pick': {
      const p = s as { pick: Source; field: string; in: Source };
      const list = evalSource(sc, p.pick);
      const wanted = evalSource(sc, p.in);
      if (list instanceof Placeholder || wanted instanceof Placeholder) v = list;
      else {
        const keys = new Set(asList(wanted).map((x) => JSON.stringify(x)));
        v = asList(list).filter((x) => keys.has(JSON.stringify(readPath(x, p.field))));
      }
      break;
    }
  }
  if (v === undefined) return s.default;
  if (v instanceof Placeholder) return v;
  return applyTransforms(s.transform, v, label(s), { env: sc.env }) ?? s.default;
}

const truthy = (v: unknown) => !isEmpty(v) && v !== false;

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function hasPlaceholder(v: unknown): boolean {
  if (v instanceof Placeholder) return true;
  if (Array.isArray(v)) return v.some(hasPlaceholder);
  if (typeof v === 'object' && v !== null) return Object.values(v).some(hasPlaceholder);
  return false;
}

function evalCondition(sc: Scope, c: Condition): Truth {
  if ('flag' in c) return truthy(flagValue(sc, c.flag));
  if ('given' in c) return Object.hasOwn(sc.data, flagKey(sc.tool, c.given));
  if ('from' in c) {
    if (!sc.ran.has(c.from)) return false;
    return sc.dry ? 'unknown' : truthy(readPath(sc.results.get(c.from), c.path));
  }
  if ('equals' in c || 'in' in c) {
    const [src, want] = 'equals' in c ? [c.equals[0], [c.equals[1]]] : [c.in[0], c.in[1]];
    const v = evalSource(sc, src);
    if (hasPlaceholder(v)) return 'unknown';
    return want.some((w) => equal(v, w));
  }
  if ('not' in c) {
    const t = evalCondition(sc, c.not);
    return t === 'unknown' ? t : !t;
  }
  const parts = ('all' in c ? c.all : c.any).map((x) => evalCondition(sc, x));
  if ('all' in c) return parts.includes(false) ? false : parts.includes('unknown') ? 'unknown' : true;
  return parts.includes(true) ? true : parts.includes('unknown') ? 'unknown' : false;
}

function conditionText(c: Condition): string {
  if ('from' in c) return `<from ${c.from}${c.path ? '.' + c.path : ''}>`;
  return `<depends on an earlier step: ${JSON.stringify(c)}>`;
}

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
  return journaled(o, record, async () => {
    const { callTool, resultOf } = await import('./transport.js');
    const response = await callTool(server, { server: c.server, rpcName: c.rpc, arguments: c.args, replayable: c.replayable, timeoutMs: o.timeoutMs });
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

function asList(v: unknown): unknown[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

function candidatesText(cands: unknown[], fields: string[]): string {
  return cands.slice(0, 10).map((c) => JSON.stringify(Object.fromEntries(fields.map((f) => [f, readPath(c, f) ?? null])))).join(', ') +
    (cands.length > 10 ? `, ... ${cands.length - 10} more` : '');
}

function resolveOne(sc: Scope, step: PlanStep, result: unknown): unknown {
  const r = step.resolve!;
  const all = asList(r.items.map((p) => readPath(result, p)).find((x) => x !== undefined));
  let cands = all;
  let wanted = '';
  if (r.match) {
    const m = r.match;
    const want = evalSource(sc, m.equals);
    wanted = want === undefined ? '' : ` for ${JSON.stringify(want)}`;
    cands = all.filter((c) => equal(readPath(c, m.field), want));
    if (cands.length === 0 && m.contains_when !== undefined && evalCondition(sc, m.contains_when) === true && typeof want === 'string') {
      cands = all.filter((c) => String(readPath(c, m.field) ?? '').includes(want));
    }
  }
  const where = `${sc.tool.canonical_path} (step "${step.id}")`;
  if (cands.length === 0) {
    throw new DwsError('not_found', `${where}: nothing matches${wanted}`, 'check the value (a name, an id) and try again; nothing was changed');
  }
  if (cands.length > 1) {
    throw new DwsError('ambiguous_match', `${where}: ${cands.length} candidates match${wanted}: ${candidatesText(cands, r.label)}`,
      `run again with a value that names exactly one of them (e.g. its ${r.value}); nothing was changed`);
  }
  if (readPath(cands[0], r.value) === undefined) {
    throw new DwsError('backend_error', `${where}: the matching candidate has no "${r.value}"`, 'the backend answered in an unexpected shape; report it');
  }
  return cands[0];
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
  const base: StepPreview = step.upload || step.download ? { id: step.id, effect: step.effect } : { id: step.id, server: step.server, rpc: step.rpc, effect: step.effect };
  if (step.upload) {
    const u = step.upload;
    base.upload = { file: evalSource(sc, u.file) ?? null, url: evalSource(sc, u.url) ?? null, max_bytes: u.max_bytes };
  } else if (step.download) {
    const d = step.download;
    base.download = { url: evalSource(sc, d.url) ?? null, file: evalSource(sc, d.file) ?? null, max_bytes: d.max_bytes };
  }
  if (when === 'unknown') base.when = conditionText(step.when!);
  if (step.for_each) {
    const list = evalSource(sc, step.for_each);
    base.for_each = list instanceof Placeholder ? list : asList(list);
    sc.item = { value: new Placeholder('<item>') };
  }
  if (!step.upload && !step.download) base.arguments = evalArgs(sc, step);
  // The first page's number is an argument like the others (later pages count up from it).
  if (step.page?.number_arg) setNested(base.arguments!, step.page.number_arg, step.page.number_text ? String(step.page.number_start) : step.page.number_start);
  sc.item = undefined;
  if (step.page) base.page = { cursor_arg: step.page.number_arg ?? step.page.cursor_arg, pages: pageCount(sc, step), max_pages: step.page.max_pages };
  if (step.resolve) base.resolve = { items: step.resolve.items.join(' | '), value: step.resolve.value };
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

/** An upload or download step: one HTTP transfer, reported to the journal like a backend call (server "http"). */
async function runTransfer(sc: Scope, step: PlanStep, index: number, o: ExecuteOptions): Promise<unknown> {
  const { downloadFile, uploadFile } = await import('./transfer.js');
  const spec = step.upload ?? step.download!;
  const file = evalSource(sc, spec.file);
  const url = evalSource(sc, spec.url);
  const what = step.upload ? 'upload' : 'download';
  if (typeof file !== 'string') throw new DwsError('missing_parameter', `${sc.tool.canonical_path}: the ${what} of step "${step.id}" needs a local file path`);
  if (typeof url !== 'string') throw new DwsError('backend_error', `${sc.tool.canonical_path}: step "${step.id}" has no ${what} URL from the backend`);
  const record = { canonical_path: sc.tool.canonical_path, catalog: o.catalog, step: index, server: 'http', rpc: step.upload ? 'PUT' : 'GET', arguments: { file } };
  return journaled(o, record, () => (step.upload
    ? uploadFile({ file, url, headers: evalHeaders(sc, step.upload.headers), maxBytes: spec.max_bytes, timeoutMs: o.timeoutMs }, o.env)
    : downloadFile({ file, url, maxBytes: spec.max_bytes, timeoutMs: o.timeoutMs }, o.env)));
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

export async function executePlan(tool: ToolSpec, plan: PlanSpec, data: Record<string, unknown>, o: ExecuteOptions): Promise<ExecuteOutcome> {
  const sc: Scope = { tool, env: o.env, data, dry: o.dryRun, results: new Map(), ran: new Set() };
  if (o.dryRun) {
    const steps: StepPreview[] = [];
    for (const step of plan.steps) {
      const when = step.when === undefined ? true : evalCondition(sc, step.when);
      if (when === false) continue;
      steps.push(previewStep(sc, step, when));
      sc.ran.add(step.id);
    }
    return { plan: { dry_run: true, canonical_path: tool.canonical_path, steps, effect: tool.effect, confirmation: tool.confirmation, idempotency: tool.idempotency } };
  }
  const done: Completed[] = [];
  let last: unknown = null;
  for (const [index, step] of plan.steps.entries()) {
    try {
      if (step.when !== undefined && evalCondition(sc, step.when) !== true) continue;
      let result: unknown;
      if (step.upload || step.download) {
        result = await runTransfer(sc, step, index, o);
      } else if (step.for_each) {
        const list = asList(evalSource(sc, step.for_each));
        if (list.length > step.max_items!) {
          throw new DwsError('invalid_parameter', `${tool.canonical_path}: step "${step.id}" would make ${list.length} calls, more than its bound of ${step.max_items}`, 'split the request into smaller runs');
        }
        const results: unknown[] = [];
        for (const item of list) {
          sc.item = { value: item };
          const args = evalArgs(sc, step);
          sc.item = undefined;
          results.push(await callBackend(tool, o, { server: step.server!, rpc: step.rpc!, args, replayable: step.effect === 'read', step: index }));
          if (step.effect === 'write') done.push({ id: `${step.id}[${results.length - 1}]`, effect: 'write', ids: returnedIds(results[results.length - 1]) });
        }
        result = results;
      } else if (step.page) {
        result = await runPaged(sc, step, index, o);
      } else {
        result = await callBackend(tool, o, { server: step.server!, rpc: step.rpc!, args: evalArgs(sc, step), replayable: step.effect === 'read', step: index });
      }
      if (step.resolve) result = resolveOne(sc, step, result);
      sc.results.set(step.id, result);
      sc.ran.add(step.id);
      if (!(step.for_each && step.effect === 'write')) done.push({ id: step.id, effect: step.effect, ids: returnedIds(result) });
      last = result;
    } catch (err) {
      if (done.some((d) => d.effect === 'write')) throw partial(tool, done, step.id, err);
      throw err;
    }
  }
  return { result: plan.output === undefined ? last : evalSource(sc, plan.output) ?? null };
}
