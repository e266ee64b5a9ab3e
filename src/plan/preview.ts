// What `--dry-run` prints: every step the flags alone let run, each with what it would send, values from earlier
// results shown as `<from step.path>` placeholders and a condition that depends on them shown as `when`. One shape
// for every command: an atomic command is the one-step plan it is.
import { DwsError } from '../errors.js';
import type { Effect, Confirmation, Idempotency, ToolSpec } from '../catalog/types.js';
import type { CallStep, PlanStep, Source } from './spec.js';
import { CHAT_SEARCH } from './spec.js';
import { readPath } from './path.js';
import { splitValues } from './open-dingtalk-ids.js';
import { Placeholder, asList, hasPlaceholder, conditionText, evalCondition, evalObject, evalSource, pageStart, pagingApplies, rpcOf, setNested, type Scope, type Truth } from './values.js';
import { JsonNumber, cloneJson, isInt64Literal } from '../json-number.js';

export interface StepPreview {
  id: string;
  server?: string;
  rpc?: string;
  effect: 'read' | 'write';
  arguments?: Record<string, unknown>;
  /** Argument keys guessed as the camelCase of a flag that declares no property (an unreviewed atomic command). */
  derived_arguments?: string[];
  upload?: { file: unknown; url: unknown; max_bytes: number; method?: 'POST' };
  download?: { url: unknown; file: unknown; name?: unknown; temp_dir?: string; max_bytes: number };
  pick?: { items: unknown; value: string };
  refuse?: string | string[];
  /** A refuse step's declared reason (backend_error for an answer check); none: invalid_parameter. */
  reason?: string;
  interleave?: string[];
  repeat?: { steps: string[]; max_rounds: number; rounds_as?: string };
  save?: { file: unknown } | { dir: unknown };
  /** A warn step's notice (emitted on stderr when the step is reached). */
  warn?: string;
  handoff?: { local: string; arguments: Record<string, unknown>; positionals?: Record<string, unknown> };
  poll?: { max_attempts: unknown; delays_ms?: number[]; wait_first?: true; timeout_as?: string };
  /** The reason a failure of this call ends the run with (`on_failure.reason`, upstream's own name for it). */
  on_failure?: string;
  /** The reverse write sent once if this step fails (upstream's rollback). */
  rollback?: { server: string; rpc: string; arguments: Record<string, unknown> };
  /** A for_each call's ledger: whether a failed element lets the next one run (`"unknown"` when a result decides), and `report: result | list` when the failures are the result's. */
  ledger?: { continue: boolean | 'unknown'; report?: 'result' | 'list' };
  when?: string;
  for_each?: unknown;
  page?: { cursor_arg: string; pages: number; max_pages: number; max_items?: number; delay_ms?: number; every_page?: string };
  resolve?: { items: string; value: string };
}

export interface PlanDryRun {
  dry_run: true;
  canonical_path: string;
  steps: StepPreview[];
  effect: Effect;
  confirmation: Confirmation;
  idempotency: Idempotency;
}

export function evalArgs(sc: Scope, step: CallStep): Record<string, unknown> {
  return evalObject(sc, step.args) ?? {};
}

/** A page control's value (max_items, delay_ms): a whole number from 0, 0 when absent. */
export function pageControl(sc: Scope, s: Source | undefined, flagText: string): number {
  if (s === undefined) return 0;
  const v = evalSource(sc, s);
  // absent, or (in a dry run) read from an element or a result not known yet: no cap shown
  if (v === undefined || hasPlaceholder(v)) return 0;
  // an int64 beyond 2^53 (the int transform's JsonNumber, todo task list --size 9007199254740993, upstream's wantSize
  // int): more items than any run reads, so a cap that never binds
  if (v instanceof JsonNumber && isInt64Literal(v) && !v.literal.startsWith('-')) return Number.MAX_SAFE_INTEGER;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
    throw new DwsError('invalid_parameter', `${sc.tool.canonical_path}: ${flagText} must be a whole number from 0, not ${JSON.stringify(v)}`, 'correct the value and run the command again');
  }
  return v;
}

/**
 * upstream AutoPageRequestSize: with a cap, a page asks for the items still wanted when that is fewer than its size
 * (the size keeps its type: a number, or decimal text).
 */
export function askForRemaining(args: Record<string, unknown>, key: string, remaining: number): Record<string, unknown> {
  const size = readPath(args, key);
  const n = typeof size === 'string' && /^\d+$/u.test(size) ? Number(size) : size;
  if (typeof n !== 'number' || remaining <= 0 || remaining >= n) return args;
  const out = cloneJson(args);
  setNested(out, key, typeof size === 'string' ? String(remaining) : remaining);
  return out;
}

/** Pages this run asks for: page.pages (clamped to 1..max_pages), else max_pages. */
export function pageCount(sc: Scope, step: CallStep): number {
  const p = step.page!;
  const wanted = p.pages === undefined ? p.max_pages : Number(evalSource(sc, p.pages) ?? p.max_pages);
  return Math.min(p.max_pages, Math.max(1, Number.isFinite(wanted) ? Math.trunc(wanted) : p.max_pages));
}

function previewCall(sc: Scope, step: CallStep, base: StepPreview): void {
  base.arguments = evalArgs(sc, step);
  // The first page's number is an argument like the others (later pages count up from it).
  const p = pagingApplies(sc, step) ? step.page : undefined;
  const start = pageStart(sc, p?.number_start);
  if (p?.number_arg) setNested(base.arguments, p.number_arg, p.number_text && !(start instanceof Placeholder) ? String(start) : start);
  if (p?.offset_arg) {
    setNested(base.arguments, p.offset_arg, 0);
    if (p.end_arg) setNested(base.arguments, p.end_arg, p.page_size! - 1);
  }
  const derived = step.derived?.filter((k) => readTop(base.arguments!, k) !== undefined);
  if (derived?.length) base.derived_arguments = derived;
  if (p) {
    const maxItems = pageControl(sc, p.max_items, 'the item cap');
    const delay = pageControl(sc, p.delay_ms, 'the wait between pages');
    if (maxItems > 0 && p.size_arg !== undefined && (p.size_when === undefined || evalCondition(sc, p.size_when) === true)) base.arguments = askForRemaining(base.arguments, p.size_arg, maxItems);
    base.page = { cursor_arg: p.offset_arg ?? p.number_arg ?? p.cursor_arg, pages: pageCount(sc, step), max_pages: p.max_pages, ...(maxItems ? { max_items: maxItems } : {}), ...(delay ? { delay_ms: delay } : {}), ...(p.every_page ? { every_page: p.every_page.message } : {}) };
  }
  if (step.resolve?.chat_target) {
    // the group target's first page; later pages follow the answer's cursor (src/plan/chat-target.ts)
    base.arguments = { ...base.arguments, limit: CHAT_SEARCH.pageSize, cursor: '0' };
    base.page = { cursor_arg: 'cursor', pages: CHAT_SEARCH.maxPages, max_pages: CHAT_SEARCH.maxPages };
  }
  if (step.resolve?.open_dingtalk_ids) {
    // the chain's first call: the distinct userIds among the values (src/plan/open-dingtalk-ids.ts); the others follow its answer
    const values = evalSource(sc, step.resolve.open_dingtalk_ids);
    base.arguments = { user_id_list: values instanceof Placeholder ? values : splitValues(asList(values)).userIds };
  }
  if (step.resolve) base.resolve = { items: step.resolve.items.join(' | '), value: step.resolve.value };
  if (step.poll) {
    const p = step.poll;
    base.poll = p.delays_ms ? { max_attempts: p.delays_ms.length + (p.wait_first ? 0 : 1), delays_ms: p.delays_ms, ...(p.wait_first ? { wait_first: true } : {}) }
      : { max_attempts: typeof p.max_attempts === 'number' ? p.max_attempts : evalSource(sc, p.max_attempts!) ?? null };
    if (p.timeout_as !== undefined) base.poll.timeout_as = p.timeout_as;
  }
}

function readTop(args: Record<string, unknown>, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((v, k) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[k] : undefined), args);
}

const orNull = (sc: Scope, s: Source | undefined) => (s === undefined ? null : evalSource(sc, s) ?? null);

export function previewStep(sc: Scope, step: PlanStep, when: Truth): StepPreview {
  const base: StepPreview = step.kind === 'call' ? { id: step.id, server: step.server, rpc: rpcOf(sc, step), effect: step.effect } : { id: step.id, effect: step.effect };
  if (when === 'unknown') base.when = conditionText(step.when!);
  if ((step.kind === 'call' || step.kind === 'pick' || step.kind === 'refuse' || step.kind === 'warn') && step.for_each) {
    const list = evalSource(sc, step.for_each);
    base.for_each = list instanceof Placeholder ? list : asList(list);
    sc.item = { value: new Placeholder('<item>') };
  }
  switch (step.kind) {
    case 'call':
      previewCall(sc, step, base);
      if (step.interleave) base.interleave = step.interleave;
      if (step.repeat) base.repeat = { steps: step.repeat.steps, max_rounds: step.repeat.max_rounds, ...(step.repeat.rounds_as ? { rounds_as: step.repeat.rounds_as } : {}) };
      if (step.on_failure?.reason) base.on_failure = step.on_failure.reason;
      if (step.ledger) base.ledger = { continue: evalCondition(sc, step.ledger.continue), ...(step.ledger.report !== 'error' ? { report: step.ledger.report } : {}) };
      break;
    case 'upload': {
      const u = step.upload;
      const file = u.file ? evalSource(sc, u.file) : evalSource(sc, u.content!) === undefined ? undefined : '<text>';
      base.upload = { file: file ?? null, url: orNull(sc, u.url), max_bytes: u.max_bytes, ...(u.method ? { method: u.method } : {}) };
      break;
    }
    case 'download':
      base.download = {
        url: orNull(sc, step.download.url), file: orNull(sc, step.download.file),
        ...(step.download.name ? { name: orNull(sc, step.download.name) } : {}), ...(step.download.temp_dir ? { temp_dir: step.download.temp_dir } : {}),
        max_bytes: step.download.max_bytes,
      };
      break;
    case 'pick':
      base.pick = { items: orNull(sc, step.pick.items), value: step.pick.value };
      break;
    case 'refuse':
      base.refuse = typeof step.refuse === 'string' ? step.refuse : step.refuse.map((c) => c.message);
      if (step.reason) base.reason = step.reason;
      break;
    case 'warn':
      base.warn = step.warn.message;
      break;
    case 'save':
      base.save = step.save.dir ? { dir: orNull(sc, step.save.dir) } : { file: orNull(sc, step.save.file) };
      break;
    case 'handoff': {
      const h = step.handoff;
      base.handoff = { local: h.local, arguments: evalObject(sc, h.args) ?? {}, ...(h.positionals ? { positionals: evalObject(sc, h.positionals) ?? {} } : {}) };
      break;
    }
  }
  if (step.compensate) base.rollback = { server: step.compensate.server, rpc: step.compensate.rpc, arguments: evalObject(sc, step.compensate.args) ?? {} };
  sc.item = undefined;
  return base;
}

export function dryRun(tool: ToolSpec, steps: StepPreview[]): PlanDryRun {
  return { dry_run: true, canonical_path: tool.canonical_path, steps, effect: tool.effect, confirmation: tool.confirmation, idempotency: tool.idempotency };
}
