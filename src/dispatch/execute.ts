// The one executor of backend commands (docs/PLANS.md): an atomic command is the one-step plan it is, a composite
// command runs its catalog plan (ToolSpec.plan). Dispatch (cli.ts) has already passed every gate (hashes,
// availability, ajv validation, one confirmation for the whole plan). Here: argument sources, conditions, for_each,
// paging, resolution, uploads, the journal record of every call, and `partial_outcome` when a failure follows a
// completed write. `--dry-run` evaluates what it can without calling anything and shows placeholders for values
// from earlier results.
import { randomUUID } from 'node:crypto';
import { DwsError } from '../errors.js';
import type { ToolSpec } from '../catalog/types.js';
import type { Condition, ExpectSpec, MatchSpec, NowSpec, PlanSpec, PlanStep, PollCheck, ResolveSpec, Source } from '../catalog/plan.js';
import { MAX_POLL_ATTEMPTS, sourceKind } from '../catalog/plan.js';
import { readPath, replaceAt } from '../plan/path.js';
import { applyTransforms } from '../plan/transforms.js';
import { mapArguments } from './arguments.js';
import { serverFor, type Env } from './config.js';
import { journalCall, openJournal } from './journal.js';
import { foldInput, hiddenTarget, validateInput } from './validate.js';
import type { CallRecord } from './call-record.js';

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
  o: ExecuteOptions;
  /** The run's clock reading and its named uuids (one value per name per run). */
  at: Date;
  uuids: Map<string, string>;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function flagValue(sc: Scope, name: string): unknown {
  const v = sc.data[name];
  return isEmpty(v) ? undefined : v;
}

function positionalValue(sc: Scope, index: number): unknown {
  const name = sc.tool.positionals?.find((p) => p.index === index)?.name;
  if (name === undefined) return undefined;
  const v = sc.data[name] ?? sc.data[hiddenTarget(sc.tool, name) ?? name];
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
    default:
      v = evalComputed(sc, s);
  }
  if (v === undefined) return s.default;
  if (v instanceof Placeholder || hasPlaceholder(v)) return v;
  return applyTransforms(s.transform, v, label(s), { env: sc.env }) ?? s.default;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Placeholder);

function nowValue(sc: Scope, n: NowSpec): unknown {
  const d = new Date(sc.at.getTime());
  if (n.start_of === 'day' || n.start_of === 'month') d.setHours(0, 0, 0, 0);
  if (n.start_of === 'month') d.setDate(1);
  if (n.add_months) d.setMonth(d.getMonth() + n.add_months);
  if (n.add_days !== undefined) {
    const days = typeof n.add_days === 'number' ? n.add_days : evalSource(sc, n.add_days);
    if (days instanceof Placeholder) return days;
    if (typeof days !== 'number' || !Number.isInteger(days)) {
      throw new DwsError('invalid_parameter', `${sc.tool.canonical_path}: a day offset must be a whole number, not ${JSON.stringify(days)}`);
    }
    d.setDate(d.getDate() + days);
  }
  if (n.format === 'millis') return d.getTime();
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The computed source kinds (docs/PLANS.md "Sources"): now, uuid, difference, entries, merge, get, filter, replace. */
function evalComputed(sc: Scope, s: Source): unknown {
  if ('now' in s) return nowValue(sc, s.now);
  if ('uuid' in s) {
    if (!sc.uuids.has(s.uuid)) sc.uuids.set(s.uuid, (sc.o.uuid ?? randomUUID)());
    return sc.uuids.get(s.uuid);
  }
  if ('difference' in s) {
    const [a, b] = s.difference.map((x) => evalSource(sc, x));
    if (a instanceof Placeholder || b instanceof Placeholder) return new Placeholder('<difference>');
    const drop = new Set(asList(b).map((x) => JSON.stringify(x)));
    const out = asList(a).filter((x) => !drop.has(JSON.stringify(x)));
    return out.length ? out : undefined;
  }
  if ('entries' in s) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of s.entries) {
      const key = evalSource(sc, k);
      const value = evalSource(sc, x);
      if (key === undefined || value === undefined) continue;
      out[key instanceof Placeholder ? key.text : String(key)] = value;
    }
    return Object.keys(out).length ? out : undefined;
  }
  if ('merge' in s) {
    const parts = s.merge.map((x) => evalSource(sc, x)).filter((x) => x !== undefined);
    for (const p of parts) {
      if (!isPlainObject(p) && !(p instanceof Placeholder)) throw new DwsError('invalid_parameter', `${sc.tool.canonical_path}: only objects merge, not ${JSON.stringify(p)}`, 'pass a JSON object');
    }
    if (parts.length === 0) return undefined;
    // in a dry run an earlier result's keys are unknown: the merged object says so with one placeholder key
    const unknown = parts.some((p) => p instanceof Placeholder) ? [{ '<from>': new Placeholder('<merged from an earlier result>') }] : [];
    return Object.assign({}, ...parts.filter(isPlainObject), ...unknown) as Record<string, unknown>;
  }
  if ('get' in s) {
    const obj = evalSource(sc, s.get.in);
    const key = evalSource(sc, s.get.key);
    if (obj instanceof Placeholder || key instanceof Placeholder) {
      return new Placeholder(`<${obj instanceof Placeholder ? obj.text.slice(1, -1) : 'value'}[${key instanceof Placeholder ? 'key' : String(key)}]>`);
    }
    return isPlainObject(obj) && key !== undefined && Object.hasOwn(obj, String(key)) ? obj[String(key)] : undefined;
  }
  if ('filter' in s) {
    const list = evalSource(sc, s.filter.in);
    if (list instanceof Placeholder) return new Placeholder(`<filtered ${list.text}>`);
    if (list === undefined) return undefined;
    const unwanted = evalSource(sc, s.filter.not_equals);
    return asList(list).filter((x) => unwanted === undefined || !equal(readPath(x, s.filter.field), unwanted));
  }
  if ('replace' in s) {
    const text = evalSource(sc, s.replace.in);
    const pattern = evalSource(sc, s.replace.pattern);
    const by = evalSource(sc, s.replace.with) ?? '';
    const regex = s.replace.regex === undefined ? false : evalSource(sc, s.replace.regex) === true;
    if ([text, pattern, by].some((x) => x instanceof Placeholder)) return new Placeholder('<replaced text>');
    if (typeof text !== 'string' || typeof pattern !== 'string' || typeof by !== 'string') return undefined;
    if (!regex) return text.split(pattern).join(by);
    return text.replace(userRegex(sc, pattern, 'gu'), () => by);
  }
  return undefined;
}

/** A regular expression given by the user (a flag): a malformed one is the user's error, not a crash. */
function userRegex(sc: Scope, pattern: string, flags: string): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch {
    throw new DwsError('invalid_parameter', `${sc.tool.canonical_path}: ${JSON.stringify(pattern)} is not a valid regular expression`);
  }
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
  if ('given' in c) return Object.hasOwn(sc.data, c.given);
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
  if ('present' in c) {
    const v = evalSource(sc, c.present);
    return hasPlaceholder(v) ? 'unknown' : truthy(v);
  }
  if ('matches' in c) {
    const v = evalSource(sc, c.matches[0]);
    if (hasPlaceholder(v)) return 'unknown';
    return typeof v === 'string' && new RegExp(c.matches[1], 'u').test(v);
  }
  if ('has' in c) {
    const v = evalSource(sc, c.has[0]);
    if (hasPlaceholder(v)) return 'unknown';
    return asList(v).some((x) => equal(x, c.has[1]));
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

interface Call {
  server: string;
  rpc: string;
  args: Record<string, unknown>;
  replayable: boolean;
  step: number;
  page?: number;
}

async function callBackend(tool: ToolSpec, o: ExecuteOptions, c: Call): Promise<unknown> {
  const server = serverFor(c.server, o.env);
  openJournal(o.env); // a call the journal cannot record is not sent (journal_unwritable)
  const { callTool, resultOf } = await import('./transport.js');
  const record: Omit<CallRecord, 'outcome'> = {
    canonical_path: tool.canonical_path, catalog: o.catalog, step: c.step, ...(c.page !== undefined ? { page: c.page } : {}),
    server: c.server, rpc: c.rpc, arguments: c.args,
  };
  let result: unknown;
  try {
    const response = await callTool(server, {
      server: c.server, rpcName: c.rpc, arguments: c.args, replayable: c.replayable, timeoutMs: o.timeoutMs, ...(o.backoffMs !== undefined ? { backoffMs: o.backoffMs } : {}),
    });
    result = resultOf(response, server, `${c.rpc} on the "${c.server}" server`);
  } catch (err) {
    const reason = err instanceof DwsError ? err.reason : 'internal_error';
    journalCall(o.env, { ...record, outcome: reason === 'outcome_unknown' ? 'outcome_unknown' : 'failed', error: { reason, message: err instanceof Error ? err.message : String(err) } });
    throw err;
  }
  journalCall(o.env, { ...record, outcome: 'ok', result });
  return result;
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

/**
 * The candidates a match selects: equals (exactly, or as the same text: a flag "3" matches a version 3; when none
 * does and contains_when holds, those containing the text), contains (case-insensitive text) or one_of. With
 * `prefer`, a match that finds nothing keeps every candidate; a match whose `when` does not hold keeps them all.
 */
function matchCandidates(sc: Scope, all: unknown[], m: MatchSpec | undefined): { cands: unknown[]; wanted: string } {
  if (m === undefined || (m.when !== undefined && evalCondition(sc, m.when) !== true)) return { cands: all, wanted: '' };
  let test: (x: unknown) => boolean;
  let wanted: string;
  if (m.equals !== undefined) {
    const want = evalSource(sc, m.equals);
    if (want === undefined) return { cands: all, wanted: '' };
    wanted = ` for ${JSON.stringify(want)}`;
    test = (x) => {
      const f = readPath(x, m.field);
      return equal(f, want) || (f !== undefined && f !== null && typeof f !== 'object' && String(f) === String(want));
    };
    if (!all.some(test) && m.contains_when !== undefined && evalCondition(sc, m.contains_when) === true && typeof want === 'string') {
      test = (x) => String(readPath(x, m.field) ?? '').includes(want);
    }
  } else if (m.contains !== undefined) {
    const want = evalSource(sc, m.contains);
    if (typeof want !== 'string') return { cands: all, wanted: '' };
    wanted = ` containing ${JSON.stringify(want)}`;
    test = (x) => {
      const f = readPath(x, m.field);
      return typeof f === 'string' && f.toLowerCase().includes(want.toLowerCase());
    };
  } else {
    wanted = ` among ${JSON.stringify(m.one_of)}`;
    test = (x) => m.one_of!.some((w) => equal(readPath(x, m.field), w));
  }
  const hit = all.filter(test);
  return { cands: hit.length || !m.prefer ? hit : all, wanted };
}

type ChooseSpec = Pick<ResolveSpec, 'value' | 'label' | 'match' | 'take' | 'allow_none'>;

/** Exactly one candidate, or a typed refusal listing them (never a guess); `take` / `allow_none` relax it as declared. */
function chooseOne(sc: Scope, step: PlanStep, all: unknown[], r: ChooseSpec): unknown {
  const { cands, wanted } = matchCandidates(sc, all, r.match);
  const where = `${sc.tool.canonical_path} (step "${step.id}")`;
  if (cands.length === 0) {
    if (r.allow_none) return undefined;
    throw new DwsError('not_found', `${where}: nothing matches${wanted}`, 'check the value (a name, an id) and try again; nothing was changed');
  }
  let chosen: unknown;
  if (cands.length === 1 || r.take === 'first') chosen = cands[0];
  else if (r.take !== undefined) {
    const key = r.take.max;
    const num = (x: unknown) => {
      const v = readPath(x, key);
      return typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : -Infinity;
    };
    chosen = cands.reduce((a, b) => (num(b) > num(a) ? b : a));
  } else {
    throw new DwsError('ambiguous_match', `${where}: ${cands.length} candidates match${wanted}: ${candidatesText(cands, r.label)}`,
      `run again with a value that names exactly one of them (e.g. its ${r.value}); nothing was changed`);
  }
  if (readPath(chosen, r.value) === undefined) {
    throw new DwsError('backend_error', `${where}: the matching candidate has no "${r.value}"`, 'the backend answered in an unexpected shape; report it');
  }
  return chosen;
}

function resolveOne(sc: Scope, step: PlanStep, result: unknown): unknown {
  const r = step.resolve!;
  return chooseOne(sc, step, asList(r.items.map((p) => readPath(result, p)).find((x) => x !== undefined)), r);
}

/** A failed expectation stops the plan before the next step (constraint_violation: nothing further is sent). */
function checkExpect(sc: Scope, step: PlanStep, e: ExpectSpec, result: unknown): void {
  const v = readPath(result, e.path);
  if (e.when_present && v === undefined) return;
  const fail = (what: string): never => {
    throw new DwsError('constraint_violation', `${sc.tool.canonical_path} (step "${step.id}"): ${e.path} is ${JSON.stringify(v ?? null)}, ${what}`,
      'check the target (an id, a name, a type) and run the command again');
  };
  if (e.equals !== undefined) {
    const want = evalSource(sc, e.equals);
    if (!(equal(v, want) || (v !== undefined && want !== undefined && typeof v !== 'object' && String(v) === String(want)))) fail(`expected ${JSON.stringify(want ?? null)}`);
  } else if (e.one_of !== undefined) {
    if (!e.one_of.some((w) => equal(v, w))) fail(`expected one of ${JSON.stringify(e.one_of)}`);
  } else if (e.contains_all !== undefined) {
    const have = new Set(asList(v).map((x) => JSON.stringify(x)));
    const missing = asList(evalSource(sc, e.contains_all)).filter((x) => !have.has(JSON.stringify(x)));
    if (missing.length) fail(`missing ${JSON.stringify(missing)}`);
  } else if (e.matches !== undefined) {
    const pattern = evalSource(sc, e.matches);
    const regex = e.regex !== undefined && evalSource(sc, e.regex) === true;
    const found = typeof v === 'string' && typeof pattern === 'string' && (regex ? userRegex(sc, pattern, 'u').test(v) : v.includes(pattern));
    if (!found) fail(`expected to contain ${JSON.stringify(pattern ?? null)}`);
  } else if (e.present && v === undefined) fail('expected a value');
}

function pollHolds(check: PollCheck | undefined, result: unknown): boolean {
  if (check === undefined) return false;
  const v = readPath(result, check.path);
  if (check.present) return v !== undefined && v !== null && v !== '';
  if (check.one_of !== undefined) return check.one_of.some((w) => equal(v, w));
  return equal(v, check.equals);
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

/** Runs one HTTP transfer or local file write and reports it to the journal like a backend call (server "http"). */
async function journaled<T>(o: ExecuteOptions, record: Omit<CallRecord, 'outcome'>, run: () => Promise<T>): Promise<T> {
  openJournal(o.env); // a transfer the journal cannot record is not made (journal_unwritable)
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
  return run({ tool: target, values, positionals, env: o.env, catalog: o.catalog, signal: o.signal, writeLine: o.writeLine });
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

/** The calls of one MCP step: one, one per for_each element (each resolved on its own answer), pages or polls. */
async function runCalls(sc: Scope, step: PlanStep, index: number, o: ExecuteOptions, done: Completed[]): Promise<unknown> {
  const tool = sc.tool;
  if (step.for_each) {
    const list = asList(evalSource(sc, step.for_each));
    if (list.length > step.max_items!) {
      throw new DwsError('invalid_parameter', `${tool.canonical_path}: step "${step.id}" would make ${list.length} calls, more than its bound of ${step.max_items}`, 'split the request into smaller runs');
    }
    const results: unknown[] = [];
    for (const item of list) {
      sc.item = { value: item };
      const args = evalArgs(sc, step);
      const result = await callBackend(tool, o, { server: step.server!, rpc: step.rpc!, args, replayable: step.effect === 'read', step: index });
      results.push(step.resolve ? resolveOne(sc, step, result) : result);
      sc.item = undefined;
      if (step.effect === 'write') done.push({ id: `${step.id}[${results.length - 1}]`, effect: 'write', ids: returnedIds(result) });
    }
    return results;
  }
  const result = step.page ? await runPaged(sc, step, index, o) : step.poll ? await runPolled(sc, step, index, o)
    : await callBackend(tool, o, { server: step.server!, rpc: step.rpc!, args: evalArgs(sc, step), replayable: step.effect === 'read', step: index });
  return step.resolve ? resolveOne(sc, step, result) : result;
}

/** Runs one step; undefined means it counts as not run (a resolve or pick that allows none found nothing). */
async function runStep(sc: Scope, step: PlanStep, index: number, o: ExecuteOptions, done: Completed[]): Promise<unknown> {
  if (step.refuse !== undefined) throw new DwsError('invalid_parameter', `${sc.tool.canonical_path}: ${step.refuse}`, 'nothing was changed');
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
  return runCalls(sc, step, index, o, done);
}

export async function executePlan(tool: ToolSpec, plan: PlanSpec, data: Record<string, unknown>, o: ExecuteOptions): Promise<ExecuteOutcome> {
  const sc: Scope = { tool, env: o.env, data, dry: o.dryRun, results: new Map(), ran: new Set(), o, at: (o.now ?? (() => new Date()))(), uuids: new Map() };
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
  let streamed = false;
  for (const [index, step] of plan.steps.entries()) {
    try {
      if (step.when !== undefined && evalCondition(sc, step.when) !== true) continue;
      let result: unknown;
      try {
        result = await runStep(sc, step, index, o, done);
      } catch (err) {
        // a tolerated probe that failed counts as not run; its failure is in the journal
        if (step.tolerate_failure && !(err instanceof DwsError && err.reason === 'journal_unwritable')) continue;
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
      if (done.some((d) => d.effect === 'write')) throw partial(tool, done, step.id, err);
      throw err;
    }
  }
  if (streamed) return { streamed: true };
  return { result: plan.output === undefined ? last : evalSource(sc, plan.output) ?? null };
}
