// The closed set of value transforms of the plan language (docs/PLANS.md "Transforms"). Each is a named primitive
// with one meaning; a value a transform cannot take is refused with invalid_parameter naming where it came from.
import { DwsError } from '../errors.js';
import type { Transform } from './types.js';

type Fn = (v: unknown, where: string) => unknown;

const refuse = (where: string, v: unknown, what: string): never => {
  throw new DwsError('invalid_parameter', `${where}: ${JSON.stringify(v)} is not ${what}`, 'correct the value and run the command again');
};

const eachString = (f: (s: string) => unknown): Fn => (v) =>
  Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? f(x) : x)) : typeof v === 'string' ? f(v) : v;

const splitList = (sep: RegExp): Fn => (v, where) => {
  const split = (s: string) => s.split(sep).map((x) => x.trim()).filter((x) => x.length > 0);
  if (typeof v === 'string') return split(v);
  if (Array.isArray(v)) return v.flatMap((x) => (typeof x === 'string' ? split(x) : [x]));
  return refuse(where, v, 'text or a list');
};

function toBool(v: unknown, where: string): boolean {
  if (typeof v === 'boolean') return v;
  const t = typeof v === 'string' ? v.trim().toLowerCase() : typeof v === 'number' ? String(v) : '';
  if (t === 'true' || t === '1' || t === 'yes') return true;
  if (t === 'false' || t === '0' || t === 'no') return false;
  return refuse(where, v, 'a boolean (true/false)');
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/u;

/** A local date or date-time -> its parts, checked to exist on the calendar. */
function dateParts(v: unknown, where: string): { y: number; mo: number; d: number; h?: number; mi?: number; s?: number } {
  const m = typeof v === 'string' ? DATE.exec(v.trim()) : null;
  if (!m) return refuse(where, v, 'a date (YYYY-MM-DD or YYYY-MM-DD HH:mm:ss)');
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const time = m[4] === undefined ? {} : { h: Number(m[4]), mi: Number(m[5]), s: Number(m[6] ?? 0) };
  const probe = new Date(Date.UTC(y, mo - 1, d));
  const valid = probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d &&
    (time.h === undefined || (time.h < 24 && time.mi! < 60 && time.s! < 60));
  if (!valid) return refuse(where, v, 'a date (YYYY-MM-DD or YYYY-MM-DD HH:mm:ss)');
  return { y, mo, d, ...time };
}

const pad = (n: number) => String(n).padStart(2, '0');

const dateMs = (end: boolean): Fn => (v, where) => {
  const p = dateParts(v, where);
  const [h, mi, s] = p.h === undefined ? (end ? [23, 59, 59] : [0, 0, 0]) : [p.h, p.mi!, p.s!];
  return new Date(p.y, p.mo - 1, p.d, h, mi, s).getTime();
};

const dateText = (end: boolean): Fn => (v, where) => {
  const p = dateParts(v, where);
  const [h, mi, s] = p.h === undefined ? (end ? [23, 59, 59] : [0, 0, 0]) : [p.h, p.mi!, p.s!];
  return `${p.y}-${pad(p.mo)}-${pad(p.d)} ${pad(h)}:${pad(mi)}:${pad(s)}`;
};

const INTEGER = /^[+-]?\d+$/u;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/u;

/** Named transforms (no argument). */
export const TRANSFORMS: Record<string, Fn> = {
  bool: toBool,
  not: (v, where) => !toBool(v, where),
  int: (v, where) => {
    if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
    if (typeof v === 'string' && INTEGER.test(v.trim()) && Number.isSafeInteger(Number(v))) return Number(v);
    return refuse(where, v, 'an integer');
  },
  float: (v, where) => {
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && NUMBER.test(v.trim())) return Number(v);
    return refuse(where, v, 'a number');
  },
  to_string: (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v),
  upper: eachString((s) => s.toUpperCase()),
  lower: eachString((s) => s.toLowerCase()),
  trim: eachString((s) => s.trim()),
  csv_to_list: splitList(/,/u),
  split_whitespace: splitList(/\s+/u),
  json_parse: (v, where) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return refuse(where, v.length > 80 ? v.slice(0, 80) + '...' : v, 'valid JSON');
    }
  },
  date_ms: dateMs(false),
  date_end_ms: dateMs(true),
  datetime: dateText(false),
  datetime_end: dateText(true),
  to_list: (v) => (Array.isArray(v) ? v : [v]),
  first: (v) => (Array.isArray(v) ? v[0] : v),
};

/** Transform names with an argument: `{format: "tpl %s"}`, `{default: literal}`. */
export const PARAMETRIZED_TRANSFORMS = ['format', 'default'] as const;

const isEmpty = (v: unknown) => v === '' || (Array.isArray(v) && v.length === 0);

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export function applyTransform(t: Transform, v: unknown, where: string): unknown {
  if (typeof t === 'string') return TRANSFORMS[t](v, where);
  if ('format' in t) return t.format.split('%s').join(text(v));
  return isEmpty(v) || v === undefined ? t.default : v;
}

/** Applies transforms left to right; an undefined result (`first` of an empty list) stays undefined. */
export function applyTransforms(ts: readonly Transform[] | undefined, v: unknown, where: string): unknown {
  let out = v;
  for (const t of ts ?? []) {
    if (out === undefined) return undefined;
    out = applyTransform(t, out, where);
  }
  return out;
}

/** The name of a transform as written, for validation messages. */
export function transformName(t: unknown): string | undefined {
  if (typeof t === 'string') return Object.hasOwn(TRANSFORMS, t) ? t : undefined;
  if (typeof t === 'object' && t !== null && !Array.isArray(t)) {
    const keys = Object.keys(t);
    if (keys.length === 1 && (PARAMETRIZED_TRANSFORMS as readonly string[]).includes(keys[0])) return keys[0];
  }
  return undefined;
}
