// The values of a plan run (docs/PLANS.md "Sources", "Conditions"): what a source evaluates to from the flags,
// constants, positionals, earlier results, the clock and the run's uuids, with its transforms; whether a condition
// holds. In a dry run a value from an earlier result is a Placeholder, printed as its text, and a condition that
// depends on one is 'unknown'.
import { DwsError, type Warning } from '../errors.js';
import { equalFold } from '../text/equal-fold.js';
import { trimSpace } from '../text/space.js';
import type { ToolSpec } from '../catalog/types.js';
import type { Condition, NowSpec, RpcCase, Source, Transform, ValueKind } from './spec.js';
import { COMPARISONS, sourceKind, type Comparison } from './spec.js';
import { readPath } from './path.js';
import { applyTransforms } from './transforms/index.js';
import { allOpenDingTalkIds, looksLikeOpenConversationId } from './transforms/ids.js';
import type { Env } from '../backend/config.js';
import { flagKey } from '../contract/aliases.js';
import { sameJson, setOwn } from '../json-object.js';
import { goCivil, goLocalAddDays, goLocalDateMs, goYearText, localClock, utcMs } from '../go-time.js';
import { JsonNumber, isInt64Literal, stringifyJson } from '../json-number.js';

/** A value from an earlier result during --dry-run: printed as its placeholder text. */
export class Placeholder {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text;
  }
}

export type Truth = boolean | 'unknown';

export interface Scope {
  tool: ToolSpec;
  env: Env;
  data: Record<string, unknown>;
  dry: boolean;
  /**
   * With dry: the check pass dispatch makes ahead of the confirmation gate (executor.ts checkBeforeConfirmation): no
   * answer is known yet, as in a dry run, but the run it stands for is a real one (`dry_run` does not hold, the
   * standard input is read, a refusal carries its details when the flags decide them).
   */
  ahead?: true;
  results: Map<string, unknown>;
  /** Steps that ran (or, in a dry run, that may run). */
  ran: Set<string>;
  /**
   * In a dry run, the value steps whose value the flags alone decide (no earlier call's answer): later steps read their
   * value as a real run would, so the plan shows the list a `for_each` goes over rather than a placeholder.
   */
  known?: Set<string>;
  item?: { value: unknown };
  /** The run's clock reading, its uuid generator and its named uuids (one value per name per run). */
  at: Date;
  uuid: () => string;
  uuids: Map<string, string>;
  /**
   * The standard input's reader (ExecuteOptions.stdin; the CLI's, absent where stdin carries the protocol) and its
   * text once read: a `{stdin}` source reads it at most once per run.
   */
  stdin?: (maxBytes: number) => string;
  stdinText?: string;
  /** While an interleave group runs: each step's results for the elements done so far (`{elements_done}`). */
  done?: Map<string, unknown[]>;
  /** Why a paged step with `record: {failures: end}` stopped short: the run ends so once its answer is built. */
  unfinished?: string;
  /**
   * The run's notice channel (src/errors.ts WARNINGS): the plan's `warnings:` and the transforms emit into it; each
   * distinct notice is handed on once per run (a value evaluated twice warns once). Absent: notices are dropped.
   */
  warn?: (w: Warning) => void;
}

export const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * A flag's value; a plan may name it by an alias (the value was folded into the flag it stands for). A flag the user
 * did not give has its catalog default as its value, as upstream's flag reads do (`{given: name}` tells them apart).
 */
function flagValue(sc: Scope, name: string): unknown {
  const key = flagKey(sc.tool, name);
  const v = Object.hasOwn(sc.data, key) ? sc.data[key] : Object.hasOwn(sc.tool.parameters, key) ? sc.tool.parameters[key].default : undefined;
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
  if (sc.dry && !sc.known?.has(id)) return new Placeholder(`<from ${id}${path ? '.' + path : ''}>`);
  const v = readPath(sc.results.get(id), path);
  if (v === undefined && !optional) {
    throw new DwsError('backend_error', `${sc.tool.canonical_path}: the result of step "${id}" has no ${path ? `"${path}"` : 'value'}`,
      'the backend answered in an unexpected shape; report it');
  }
  return v;
}

/** A JSON object given as flag text (`--config '{...}'`), so that `--name` -> `config.name` can merge into it. */
function jsonObject(v: unknown): Record<string, unknown> | undefined {
  if (typeof v !== 'string' || !v.trimStart().startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(v);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Sets a dotted key; a nested key merges into an object already there, or into a JSON-object text given for its parent. */
export function setNested(target: Record<string, unknown>, key: string, value: unknown): void {
  const keys = key.split('.');
  let node = target;
  for (const k of keys.slice(0, -1)) {
    const text = jsonObject(node[k]);
    if (text) node[k] = text;
    else if (typeof node[k] !== 'object' || node[k] === null || Array.isArray(node[k])) node[k] = {};
    node = node[k] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

/**
 * The argument key whose source is an object spread into the arguments at its place, every key of it (a null value
 * included) set as it is and replacing an earlier one, a later key replacing it in turn: upstream's
 * `for key, val := range condition { toolArgs[key] = val }` (sheet cond-format, sheet_cond_format.go:173@c7521c1c).
 */
export const SPREAD_KEY = '...';

export function evalObject(sc: Scope, entries: Record<string, Source>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  let any = false;
  for (const [key, s] of Object.entries(entries)) {
    const v = evalSource(sc, s);
    if (v === undefined) continue;
    if (key === SPREAD_KEY && !(v instanceof Placeholder)) {
      // JSON null decodes into a nil map: nothing to spread
      if (v === null) continue;
      if (!isPlainObject(v)) throw new DwsError('invalid_parameter', `${sc.tool.canonical_path}: only a JSON object spreads into the arguments, not ${JSON.stringify(v)}`, 'pass a JSON object');
      for (const [k, x] of Object.entries(v)) {
        delete out[k];
        setOwn(out, k, x);
        any = true;
      }
      continue;
    }
    // a key set after a spread replaces the spread's value (Go's map assignment after the loop)
    if (!key.includes('.')) delete out[key];
    setNested(out, key, v);
    any = true;
  }
  return any ? out : undefined;
}

function label(s: Source): string {
  if ('flag' in s) return `--${s.flag}`;
  if ('typed' in s) return `--${s.typed}`;
  if ('positional' in s) return `positional ${s.positional}`;
  if ('from' in s) return `the result of step "${s.from}"${s.path ? ` at ${s.path}` : ''}`;
  if ('item' in s) return 'the for_each element';
  return 'a plan value';
}

export function evalSource(sc: Scope, s: Source): unknown {
  if (s.when !== undefined && evalCondition(sc, s.when) === false) return undefined;
  let v: unknown;
  switch (sourceKind(s)) {
    case 'flag':
      v = flagValue(sc, (s as { flag: string }).flag);
      break;
    case 'typed': {
      // upstream `if rt.Changed(x) { p[k] = rt.Str(x) }`: what the user typed, a blank ("") included; no default
      const key = flagKey(sc.tool, (s as { typed: string }).typed);
      v = Object.hasOwn(sc.data, key) ? sc.data[key] : undefined;
      break;
    }
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
    case 'elements_done': {
      // the results of the group's earlier elements that completed (a failed element left none), in order
      const list = sc.done?.get((s as { elements_done: string }).elements_done);
      v = list?.length ? [...list] : undefined;
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
      // in order, stopping at the first present value: a later alternative (a required path) is read only when needed
      for (const x of (s as { first: Source[] }).first) {
        v = evalSource(sc, x);
        if (v !== undefined) break;
      }
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
        const keys = new Set(asList(wanted).map((x) => stringifyJson(x)));
        v = asList(list).filter((x) => keys.has(stringifyJson(readPath(x, p.field))));
      }
      break;
    }
    default:
      v = evalComputed(sc, s);
  }
  // a null in a result is absent; the constant null is a value (upstream sends a JSON null there: a Go nil slice)
  // (unless the source keeps it: upstream copies `m[k]` as it is, so the key is printed holding null)
  if (v === null && (Object.hasOwn(s, 'from') || Object.hasOwn(s, 'item') || Object.hasOwn(s, 'get'))) {
    if (s.keep_null === true) return null;
    v = undefined;
  }
  // a default is a value: it goes through the same transforms as one the user typed
  if (v === undefined) v = s.default;
  if (v === undefined) return v;
  if (hasPlaceholder(v)) return s.transform?.length ? pendingThrough(v, s.transform) : v;
  return applyTransforms(s.transform, v, label(s), { env: sc.env, now: sc.at, ...(sc.warn ? { warn: sc.warn } : {}) });
}

/**
 * A dry run's value that an earlier step's result decides, once the source's transforms would apply: one placeholder
 * naming its input and the transforms in order, never the half-built input with the transforms left out. The input is
 * the earlier value (`<from find.userId | trim>`), or the value holding it sketched with its known parts
 * (`<{blocks: <from scan.blocks>, old: 6月30日} | doc_text_matches | first | get blockId>`).
 */
function pendingThrough(v: unknown, transforms: Transform[]): Placeholder {
  const input = v instanceof Placeholder && v.text.startsWith('<') && v.text.endsWith('>') ? v.text.slice(1, -1) : sketch(v);
  return new Placeholder(`<${input} | ${transforms.map(transformText).join(' | ')}>`);
}

/** A value as a dry run's placeholder shows it: lists and objects in brackets, texts bare, placeholders as their text. */
function sketch(v: unknown): string {
  if (v instanceof Placeholder) return v.text;
  if (Array.isArray(v)) return `[${v.map(sketch).join(', ')}]`;
  if (typeof v === 'object' && v !== null) return `{${Object.entries(v).map(([k, x]) => `${k}: ${sketch(x)}`).join(', ')}}`;
  return typeof v === 'string' ? v : JSON.stringify(v) ?? String(v);
}

/** A transform as a dry run names it: its name, with its argument when that is one word or number (`get blockId`, `max_chars 30`). */
function transformText(t: Transform): string {
  if (typeof t === 'string') return t;
  const [name, arg] = Object.entries(t)[0] as [string, unknown];
  return (typeof arg === 'string' && !/\s/u.test(arg)) || typeof arg === 'number' ? `${name} ${arg}` : name;
}


const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Placeholder);

/** The zones a `now` source reads its wall clock in, by their offset from UTC; the local zone has none fixed. */
const ZONE_OFFSET_MS = { shanghai: 8 * 3600 * 1000, utc: 0 } as const;

/** A Date's calendar fields on the process's clock, or on the UTC clock (for an instant already shifted to its zone). */
function clockFields(d: Date, utc: boolean) {
  return utc
    ? { y: d.getUTCFullYear(), mo: d.getUTCMonth(), d: d.getUTCDate(), h: d.getUTCHours(), mi: d.getUTCMinutes(), s: d.getUTCSeconds(), ms: d.getUTCMilliseconds() }
    : { y: d.getFullYear(), mo: d.getMonth(), d: d.getDate(), h: d.getHours(), mi: d.getMinutes(), s: d.getSeconds(), ms: d.getMilliseconds() };
}

function nowValue(sc: Scope, n: NowSpec): unknown {
  // The clock's fields in the zone, moved by the spec, then read back as an instant: a fixed-offset zone is UTC
  // arithmetic on the shifted instant; the local zone resolves a wall clock as Go's time.Date does (goLocalDateMs),
  // stage by stage as upstream writes it: time.Date(y, m, d or 1, 0, 0, 0, 0, loc) for start_of, or (..., 23, 59, 59,
  // 0, loc) for end_of, then .AddDate on the wall clock that instant reads back (a skipped midnight reads back as 23:00
  // of the day before, which the days are added to). JavaScript's Date constructor would take a skipped wall clock an
  // hour later and a repeated one at its first pass, where Go may take the second.
  const shift = n.zone === undefined ? undefined : ZONE_OFFSET_MS[n.zone];
  const utc = shift !== undefined;
  const c = clockFields(new Date(sc.at.getTime() + (shift ?? 0)), utc);
  const resolve = () => (utc ? utcMs(c.y, c.mo + 1, c.d, c.h, c.mi, c.s) + c.ms : goLocalDateMs(c.y, c.mo + 1, c.d, c.h, c.mi, c.s) + c.ms);
  let at: number | undefined;
  if (n.start_of === 'day' || n.start_of === 'month') Object.assign(c, { h: 0, mi: 0, s: 0, ms: 0 });
  if (n.start_of === 'month') c.d = 1;
  if (n.end_of === 'day') Object.assign(c, { h: 23, mi: 59, s: 59, ms: 0 });
  if (n.start_of !== undefined || n.end_of !== undefined) {
    at = resolve();
    if (!utc) Object.assign(c, clockFields(new Date(at), false));
  }
  if (n.add_months) c.mo += n.add_months;
  if (n.add_days !== undefined) {
    const days = typeof n.add_days === 'number' ? n.add_days : evalSource(sc, n.add_days);
    if (days instanceof Placeholder) return days;
    if (typeof days !== 'number' || !Number.isInteger(days)) {
      throw new DwsError('invalid_parameter', `${sc.tool.canonical_path}: a day offset must be a whole number, not ${JSON.stringify(days)}`);
    }
    c.d += days;
  }
  // fields past their range (day 0, month 13) carry over, as in Go's Date. An unmoved clock is the instant itself: read
  // back from local fields, the repeated hour of a clock change backwards could be the wrong pass (calendar
  // +next-event's startTime at 01:30 EST in New York)
  if (n.add_months || n.add_days !== undefined) at = resolve();
  // a further .AddDate(0, 0, n) on the instant just built (calendar +tomorrow's end: start.AddDate(0, 0, 1))
  if (n.then_add_days !== undefined) at = utc ? (at ?? resolve()) + n.then_add_days * 86_400_000 : goLocalAddDays(at ?? resolve(), n.then_add_days);
  // the instant itself, in any year (a day offset may carry it past JavaScript's Date, which Go's AddDate is not bound
  // by: h56-a2, calendar +conflicts --in-days 100000000; before, NaN), its fields read as Go's time.Format does
  const instant = at ?? sc.at.getTime() + (shift ?? 0);
  if (n.format === 'millis') return instant - (shift ?? 0);
  const f = utc ? goCivil(instant, 0) : localClock(instant);
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${goYearText(f.y)}-${pad(f.mo)}-${pad(f.d)} ${pad(f.h)}:${pad(f.mi)}:${pad(f.s)}`;
}

/**
 * The standard input's text, read once per run and bounded; a dry run reads nothing (a placeholder). The check pass
 * ahead of the gate reads it, as upstream's body reads `-` before it checks --yes: that run stops at the gate, so no
 * later read of this process needs it.
 */
function stdinValue(sc: Scope, maxBytes: number): unknown {
  if (sc.dry && !sc.ahead) return new Placeholder('<standard input>');
  if (sc.stdinText === undefined) {
    if (sc.stdin === undefined) {
      throw new DwsError('invalid_parameter', `${sc.tool.canonical_path}: standard input ("-") is not available here`, 'pass the text itself, or @<file> for a file\'s text');
    }
    sc.stdinText = sc.stdin(maxBytes);
  }
  if (Buffer.byteLength(sc.stdinText) > maxBytes) {
    throw new DwsError('invalid_parameter', `${sc.tool.canonical_path}: standard input is larger than ${maxBytes} bytes`, 'pass a smaller text');
  }
  return sc.stdinText;
}

/**
 * upstream normalizeAtPlaceholders(text, ids, true) (internal/helpers/chat.go:1392@c7521c1c): for each id in order, a
 * bare @id becomes <@id> and an <@id> stays as it is (shielded by a sentinel while the bare ones are wrapped).
 */
function wrapMentions(text: string, ids: string[]): string {
  return ids.reduce((t, id) => {
    const sentinel = `\u0000DWS_AT_WRAPPED_${id}\u0000`;
    return t.split(`<@${id}>`).join(sentinel).split(`@${id}`).join(`<@${id}>`).split(sentinel).join(`<@${id}>`);
  }, text);
}

/**
 * upstream addMissingCurrentUserMentionPlaceholders (chat.go:1453): every id whose <@id> the text lacks is put before
 * it, in order and once, separated by spaces; after a leading "<@all> " when the text starts with one.
 */
function addMissingMentions(text: string, ids: string[]): string {
  const missing: string[] = [];
  let probe = text;
  for (const id of ids) {
    const placeholder = `<@${id}>`;
    if (probe.includes(placeholder)) continue;
    missing.push(placeholder);
    probe += placeholder;
  }
  if (missing.length === 0) return text;
  const prefix = missing.join(' ');
  return text.startsWith('<@all> ') ? `<@all> ${prefix} ${text.slice('<@all> '.length)}` : `${prefix} ${text}`;
}

/** The computed source kinds (docs/PLANS.md "Sources"): now, uuid, env, difference, zip, entries, merge, get, filter, replace, walk, stdin, join, unwrap_mentions, wrap_mentions. */
function evalComputed(sc: Scope, s: Source): unknown {
  if ('stdin' in s) return stdinValue(sc, s.stdin.max_bytes);
  if ('unwrap_mentions' in s) {
    // upstream normalizeAtPlaceholders(text, ids, false): for each id in order (strings.TrimSpace'd), every <@id> becomes @id
    const text = evalSource(sc, s.unwrap_mentions.in);
    const ids = evalSource(sc, s.unwrap_mentions.ids);
    if (text instanceof Placeholder || hasPlaceholder(ids)) return text instanceof Placeholder ? text : new Placeholder('<text with mentions unwrapped>');
    if (typeof text !== 'string') return text;
    return asList(ids).reduce<string>((t, raw) => {
      const id = typeof raw === 'string' ? trimSpace(raw) : '';
      return id === '' ? t : t.split(`<@${id}>`).join(`@${id}`);
    }, text);
  }
  if ('wrap_mentions' in s) {
    const text = evalSource(sc, s.wrap_mentions.in);
    const ids = evalSource(sc, s.wrap_mentions.ids);
    const missingIds = s.wrap_mentions.missing_ids === undefined ? ids : evalSource(sc, s.wrap_mentions.missing_ids);
    if (text instanceof Placeholder || hasPlaceholder(ids) || hasPlaceholder(missingIds)) {
      return text instanceof Placeholder ? text : new Placeholder('<text with mentions wrapped>');
    }
    if (typeof text !== 'string') return text;
    // each id strings.TrimSpace'd, as normalizeAtPlaceholders (helpers/chat.go:1395-1399@c7521c1c)
    const trimmed = (list: unknown) => asList(list).map((raw) => (typeof raw === 'string' ? trimSpace(raw) : '')).filter((id) => id !== '');
    const wrapped = wrapMentions(text, trimmed(ids));
    return s.wrap_mentions.add_missing ? addMissingMentions(wrapped, trimmed(missingIds)) : wrapped;
  }
  if ('join' in s) {
    const parts = s.join.map((x) => evalSource(sc, x));
    if (parts.some((x) => x === undefined)) return undefined;
    if (parts.some((x) => x instanceof Placeholder)) return new Placeholder(parts.map((x) => (x instanceof Placeholder ? x.text : String(x))).join(''));
    const joinable = (x: unknown) => typeof x === 'string' || typeof x === 'number' || x instanceof JsonNumber;
    if (!parts.every(joinable)) {
      throw new DwsError('invalid_parameter', `${sc.tool.canonical_path}: only texts and numbers join, not ${JSON.stringify(parts.find((x) => !joinable(x)))}`);
    }
    // a kept literal joins as its digits
    return parts.map((x) => (x instanceof JsonNumber ? x.literal : x)).join('');
  }
  if ('now' in s) return nowValue(sc, s.now);
  // the build admits only the names of ENV_SOURCES; an unset or empty variable is absent
  if ('env' in s) return sc.env[s.env] || undefined;
  if ('uuid' in s) {
    if (!sc.uuids.has(s.uuid)) sc.uuids.set(s.uuid, sc.uuid());
    return sc.uuids.get(s.uuid);
  }
  if ('zip' in s) {
    // index-aligned: the i-th element of every list together; a value that is not a list stands at every index
    const parts = s.zip.map((x) => evalSource(sc, x));
    if (parts.some((x) => x === undefined)) return undefined;
    if (parts.some((x) => hasPlaceholder(x))) return new Placeholder('<zip>');
    const lists = parts.filter(Array.isArray);
    if (lists.length === 0) return undefined;
    const n = Math.min(...lists.map((l) => l.length));
    const out = Array.from({ length: n }, (_, i) => parts.map((x) => (Array.isArray(x) ? x[i] : x)));
    return out.length ? out : undefined;
  }
  if ('difference' in s) {
    const [a, b] = s.difference.map((x) => evalSource(sc, x));
    if (a instanceof Placeholder || b instanceof Placeholder) return new Placeholder('<difference>');
    const drop = new Set(asList(b).map((x) => stringifyJson(x)));
    const out = asList(a).filter((x) => !drop.has(stringifyJson(x)));
    return out.length ? out : undefined;
  }
  if ('entries' in s) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of s.entries) {
      const key = evalSource(sc, k);
      const value = evalSource(sc, x);
      if (key === undefined || value === undefined) continue;
      setOwn(out, key instanceof Placeholder ? key.text : String(key), value);
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
    // h47-a1: each key set as an own key, so a "__proto__" key of a --config object is sent as Go's map sends it
    // (Object.assign's [[Set]] made it the prototype and dropped it)
    const out: Record<string, unknown> = {};
    for (const p of [...parts.filter(isPlainObject), ...unknown]) for (const [k, v] of Object.entries(p)) setOwn(out, k, v);
    return out;
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
  if ('walk' in s) {
    const root = evalSource(sc, s.walk.in);
    if (root === undefined || hasPlaceholder(root)) return root === undefined ? undefined : new Placeholder('<nodes>');
    return walkNodes(sc, root, s.walk.children, s.walk.descend);
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

/**
 * A tree's nodes, depth first, each before its children (upstream's recursive checks visit them in this order): the
 * root, then for each node where `descend` holds (`{item: true}` the node) the elements of the list at `children`.
 */
function walkNodes(sc: Scope, root: unknown, children: string, descend: Condition | undefined): unknown[] {
  const out: unknown[] = [];
  const stack: unknown[] = [root];
  const outer = sc.item;
  try {
    while (stack.length > 0) {
      const node = stack.pop();
      out.push(node);
      sc.item = { value: node };
      if (descend !== undefined && evalCondition(sc, descend) !== true) continue;
      const kids = readPath(node, children);
      if (Array.isArray(kids)) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  } finally {
    sc.item = outer;
  }
  return out;
}

/** The text holds the pattern: literally, or as a regular expression (both texts; anything else holds nothing). */
export function textFinds(sc: Scope, text: unknown, pattern: unknown, regex: boolean): boolean {
  if (typeof text !== 'string' || typeof pattern !== 'string') return false;
  return regex ? userRegex(sc, pattern, 'u').test(text) : text.includes(pattern);
}

/** A regular expression given by the user (a flag): a malformed one is the user's error, not a crash. */
export function userRegex(sc: Scope, pattern: string, flags: string): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch {
    throw new DwsError('invalid_parameter', `${sc.tool.canonical_path}: ${JSON.stringify(pattern)} is not a valid regular expression`);
  }
}

/** The RPC a call step makes: its first `rpc_if` case whose condition holds (per for_each element), else its rpc. */
export function rpcOf(sc: Scope, step: { rpc: string; rpc_if?: RpcCase | RpcCase[] }): string {
  return rpcCases(step).find((c) => evalCondition(sc, c.when) === true)?.rpc ?? step.rpc;
}

/** A call step's `rpc_if` as a list of cases (one for a declared pair). */
export function rpcCases(step: { rpc_if?: RpcCase | RpcCase[] }): RpcCase[] {
  return step.rpc_if === undefined ? [] : Array.isArray(step.rpc_if) ? step.rpc_if : [step.rpc_if];
}

/**
 * The first page number of page-number paging: a literal as declared; a source read as Go's strconv.Atoi (a whole
 * number, or its decimal text with an optional sign), anything else or a number below 1 starting at 1 (upstream
 * todoListAutoPage). A value from an earlier result in a dry run is its placeholder.
 */
export function pageStart(sc: Scope, start: number | Source | undefined): number | Placeholder {
  if (start === undefined) return 1;
  if (typeof start === 'number') return start;
  const v = evalSource(sc, start);
  if (v instanceof Placeholder) return v;
  const n = typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^[+-]?\d{1,15}$/u.test(v) ? Number(v) : 0;
  return n < 1 ? 1 : n;
}

/** Whether a paged step pages (its page.when holds, or it has none); in a dry run an unknown condition counts as paging. */
export function pagingApplies(sc: Scope, step: { page?: { when?: Condition } }): boolean {
  return step.page !== undefined && (step.page.when === undefined || evalCondition(sc, step.page.when) !== false);
}

export const truthy = (v: unknown) => !isEmpty(v) && v !== false;

export function equal(a: unknown, b: unknown): boolean {
  // stringifyJson: a kept literal (JsonNumber) is a number, never the text of its digits
  return stringifyJson(a) === stringifyJson(b);
}

export function hasPlaceholder(v: unknown): boolean {
  if (v instanceof Placeholder) return true;
  if (Array.isArray(v)) return v.some(hasPlaceholder);
  if (typeof v === 'object' && v !== null) return Object.values(v).some(hasPlaceholder);
  return false;
}

/** A comparison operand: a number, or decimal text read as one (a flag's text, a millisecond time). */
function operand(sc: Scope, s: Source): number | undefined | Placeholder {
  const v = evalSource(sc, s);
  if (v === undefined || v instanceof Placeholder) return v;
  // a dry run's value built from an earlier result (a list of placeholders) is not known yet
  if (hasPlaceholder(v)) return new Placeholder('<compared value>');
  // a kept literal (JsonNumber) compares as the double nearest to it, as Go compares a json.Number's Float64()
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v instanceof JsonNumber ? Number(v.literal) : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) {
    throw new DwsError('invalid_parameter', `${sc.tool.canonical_path}: ${label(s)} is ${JSON.stringify(v)}, not a number to compare`, 'correct the value and run the command again');
  }
  return n;
}

export function evalCondition(sc: Scope, c: Condition): Truth {
  const cmp = (Object.keys(COMPARISONS) as Comparison[]).find((k) => k in c);
  if (cmp !== undefined) {
    // both sides present and numbers; an absent side makes the comparison not hold
    const [a, b] = (c as Record<Comparison, [Source, Source]>)[cmp].map((x) => operand(sc, x));
    if (a instanceof Placeholder || b instanceof Placeholder) return 'unknown';
    return a !== undefined && b !== undefined && COMPARISONS[cmp](a, b);
  }
  if ('flag' in c) return truthy(flagValue(sc, c.flag));
  if ('given' in c) return Object.hasOwn(sc.data, flagKey(sc.tool, c.given));
  if ('dry_run' in c) return sc.dry === true && sc.ahead !== true;
  if ('from' in c) {
    if (!sc.ran.has(c.from)) return false;
    return sc.dry && !sc.known?.has(c.from) ? 'unknown' : truthy(readPath(sc.results.get(c.from), c.path));
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
  if ('finds' in c) {
    const text = evalSource(sc, c.finds.in);
    const pattern = evalSource(sc, c.finds.pattern);
    const regex = c.finds.regex === undefined ? undefined : evalSource(sc, c.finds.regex);
    if ([text, pattern, regex].some((x) => hasPlaceholder(x))) return 'unknown';
    return textFinds(sc, text, pattern, regex === true);
  }
  if ('has_duplicates' in c) {
    // two elements of the list are the same JSON value (a repeated record id, upstream's "seen" set)
    const v = evalSource(sc, c.has_duplicates);
    if (hasPlaceholder(v)) return 'unknown';
    const seen = asList(v).map((x) => stringifyJson(x));
    return new Set(seen).size < seen.length;
  }
  if ('open_dingtalk_id' in c) {
    const v = evalSource(sc, c.open_dingtalk_id);
    return hasPlaceholder(v) ? 'unknown' : allOpenDingTalkIds(v);
  }
  if ('open_conversation_id' in c) {
    const v = evalSource(sc, c.open_conversation_id);
    return hasPlaceholder(v) ? 'unknown' : looksLikeOpenConversationId(v);
  }
  if ('is' in c) {
    const v = evalSource(sc, c.is[0]);
    return hasPlaceholder(v) ? 'unknown' : isKind(v, c.is[1]);
  }
  if ('matches' in c) {
    const v = evalSource(sc, c.matches[0]);
    if (hasPlaceholder(v)) return 'unknown';
    return typeof v === 'string' && new RegExp(c.matches[1], 'u').test(v);
  }
  if ('has_key' in c) {
    // a key holding null is there (Go sees it), where every source reads that null as absent
    const v = evalSource(sc, c.has_key[0]);
    if (hasPlaceholder(v)) return 'unknown';
    return isPlainObject(v) && Object.hasOwn(v, c.has_key[1]);
  }
  if ('has' in c) {
    const v = evalSource(sc, c.has[0]);
    if (hasPlaceholder(v)) return 'unknown';
    return asList(v).some((x) => equal(x, c.has[1]));
  }
  if ('subset' in c) {
    const [a, b] = c.subset.map((x) => evalSource(sc, x));
    if (hasPlaceholder(a) || hasPlaceholder(b)) return 'unknown';
    const have = new Set(asList(b).map((x) => stringifyJson(x)));
    return asList(a).every((x) => have.has(stringifyJson(x)));
  }
  if ('equal_fold' in c) {
    const [a, b] = c.equal_fold.map((x) => evalSource(sc, x));
    if (hasPlaceholder(a) || hasPlaceholder(b)) return 'unknown';
    return typeof a === 'string' && typeof b === 'string' && equalFold(a, b);
  }
  if ('object_contains' in c) {
    const [a, b] = c.object_contains.map((x) => evalSource(sc, x));
    if (hasPlaceholder(a) || hasPlaceholder(b)) return 'unknown';
    return isKind(a, 'object') && isKind(b, 'object') && objectContains(a as Record<string, unknown>, b as Record<string, unknown>);
  }
  if ('has_entries' in c) {
    const [a, b] = c.has_entries.map((x) => evalSource(sc, x));
    if (hasPlaceholder(a) || hasPlaceholder(b)) return 'unknown';
    return isKind(a, 'object') && isKind(b, 'object') && hasEntries(a as Record<string, unknown>, b as Record<string, unknown>);
  }
  // Left to right, as Go's && and || read: `all` stops at its first definite false and `any` at its first definite
  // true, so a later part (a transform that refuses its text) is not read when an earlier guard already decides. An
  // unknown part (a dry run's placeholder) does not decide: the parts after it are still read (Kleene's logic).
  const all = 'all' in c;
  let unknown = false;
  for (const part of all ? c.all : (c as { any: Condition[] }).any) {
    const t = evalCondition(sc, part);
    if (t === 'unknown') unknown = true;
    else if (t !== all) return t;
  }
  return unknown ? 'unknown' : all;
}

/**
 * The condition `object_contains` (upstream aitable mapContains, view_preset.go:160): every key of `want` is in
 * `have`; where the wanted value is an object the value there must be one containing it in turn, any other wanted
 * value must be the same JSON value (key order ignored, as Go's reflect.DeepEqual of decoded maps).
 */
export function objectContains(have: Record<string, unknown>, want: Record<string, unknown>): boolean {
  return Object.entries(want).every(([k, w]) => {
    if (!Object.hasOwn(have, k)) return false;
    const h = have[k];
    if (isKind(w, 'object')) return isKind(h, 'object') && objectContains(h as Record<string, unknown>, w as Record<string, unknown>);
    return sameJson(h, w);
  });
}

/**
 * The condition `has_entries` (upstream aitable verifyRecordCells, record_upsert_by_key.go:315): every key of `want`
 * is in `have` holding the same JSON value, a nested object or list equal as a whole (reflect.DeepEqual), where
 * `object_contains` lets a nested object hold more keys.
 */
export function hasEntries(have: Record<string, unknown>, want: Record<string, unknown>): boolean {
  return Object.entries(want).every(([k, w]) => Object.hasOwn(have, k) && sameJson(have[k], w));
}

/** The condition `is`: a value's JSON kind (an absent value is none of them). */
function isKind(v: unknown, kind: ValueKind): boolean {
  switch (kind) {
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof JsonNumber);
    case 'list':
      return Array.isArray(v);
    case 'text':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' || v instanceof JsonNumber;
    case 'integer':
      // a literal kept as typed (json_parse_exact) is whole as Go's ParseInt(n.String(), 10, 64) reads it
      return Number.isSafeInteger(v) || (v instanceof JsonNumber && isInt64Literal(v));
    case 'boolean':
      return typeof v === 'boolean';
  }
}

export function conditionText(c: Condition): string {
  if ('from' in c) return `<from ${c.from}${c.path ? '.' + c.path : ''}>`;
  return `<depends on an earlier step: ${JSON.stringify(c)}>`;
}

/** A source in words, for messages: `--due`, `positional 0`, `"file"`, `step "find" at result.id`. */
export function sourceText(s: Source): string {
  const kind = sourceKind(s);
  if (kind === 'flag') return `--${(s as { flag: string }).flag}`;
  if (kind === 'typed') return `--${(s as { typed: string }).typed}`;
  if (kind === 'positional') return `positional ${(s as { positional: number }).positional}`;
  if (kind === 'const') return JSON.stringify((s as { const: unknown }).const);
  if (kind === 'from') {
    const f = s as { from: string; path?: string };
    return `the result of step "${f.from}"${f.path ? ` at ${f.path}` : ''}`;
  }
  if (kind === 'first') return `the first of ${(s as { first: Source[] }).first.map(sourceText).join(', ')}`;
  return 'a computed value';
}

/** A condition in words, for the message of a run that did nothing (plan_skipped). */
export function describeCondition(c: Condition): string {
  if ('flag' in c) return `--${c.flag} is set`;
  if ('given' in c) return `--${c.given} is given`;
  if ('dry_run' in c) return 'the run is a dry run';
  if ('from' in c) return `step "${c.from}" returned ${c.path ? `a value at ${c.path}` : 'a value'}`;
  if ('equals' in c) return `${sourceText(c.equals[0])} is ${JSON.stringify(c.equals[1])}`;
  if ('in' in c) return `${sourceText(c.in[0])} is one of ${c.in[1].map((x) => JSON.stringify(x)).join(', ')}`;
  if ('not' in c) return `not (${describeCondition(c.not)})`;
  if ('matches' in c) return `${sourceText(c.matches[0])} matches /${c.matches[1]}/`;
  if ('has' in c) return `${sourceText(c.has[0])} includes ${JSON.stringify(c.has[1])}`;
  if ('has_key' in c) return `${sourceText(c.has_key[0])} has the key ${JSON.stringify(c.has_key[1])}`;
  if ('present' in c) return `${sourceText(c.present)} is present`;
  if ('has_duplicates' in c) return `${sourceText(c.has_duplicates)} repeats an element`;
  if ('finds' in c) return `${sourceText(c.finds.in)} holds ${sourceText(c.finds.pattern)}`;
  if ('open_dingtalk_id' in c) return `${sourceText(c.open_dingtalk_id)} is an openDingTalkId`;
  if ('open_conversation_id' in c) return `${sourceText(c.open_conversation_id)} is an openConversationId`;
  if ('is' in c) return `${sourceText(c.is[0])} is ${c.is[1] === 'integer' || c.is[1] === 'object' ? 'an' : 'a'} ${c.is[1]}`;
  if ('equal_fold' in c) return `${sourceText(c.equal_fold[0])} equals ${sourceText(c.equal_fold[1])} ignoring case`;
  if ('subset' in c) return `every element of ${sourceText(c.subset[0])} is in ${sourceText(c.subset[1])}`;
  if ('object_contains' in c) return `${sourceText(c.object_contains[0])} holds ${sourceText(c.object_contains[1])}`;
  if ('has_entries' in c) return `${sourceText(c.has_entries[0])} has every entry of ${sourceText(c.has_entries[1])}`;
  const cmp = (Object.keys(COMPARISONS) as Comparison[]).find((k) => k in c);
  if (cmp !== undefined) {
    const [a, b] = (c as Record<Comparison, [Source, Source]>)[cmp];
    return `${sourceText(a)} ${{ lt: '<', lte: '<=', gt: '>', gte: '>=' }[cmp]} ${sourceText(b)}`;
  }
  const [parts, joint] = 'all' in c ? [c.all, ' and '] : [(c as { any: Condition[] }).any, ' or '];
  return parts.length === 1 ? describeCondition(parts[0]) : `(${parts.map(describeCondition).join(joint)})`;
}

export function asList(v: unknown): unknown[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}
