// The closed set of value transforms of the plan language (docs/PLANS.md "Transforms"). Each is a named primitive
// with one meaning; a value a transform cannot take is refused with invalid_parameter naming where it came from.
import { createHash } from 'node:crypto';
import { closeSync, readFileSync, readSync } from 'node:fs';
import { MAX_READ_BYTES, openConfined as openConfined0 } from '../../backend/files.js';
import path from 'node:path';
import { DwsError } from '../../errors.js';
import { readPath } from '../path.js';
import { sheetStyleOperations } from '../domain/sheet-style.js';
import type { Transform } from '../spec.js';
import { EXTRA_PARAM_TRANSFORMS, EXTRA_TRANSFORMS, extraParamProblem } from './extra.js';

/** A transform's file argument: a path inside the file root (src/backend/files.ts), opened as a regular file. */
function openConfined(v: unknown, where: string, ctx: TransformContext): { fd: number; size: number } {
  if (typeof v !== 'string' || v.trim() === '') return refuse(where, v, 'a file path');
  return openConfined0(v, ctx.env, where);
}

const MIME: Record<string, string> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf', '.txt': 'text/plain', '.md': 'text/markdown', '.csv': 'text/csv', '.json': 'application/json',
  '.mp4': 'video/mp4', '.mp3': 'audio/mpeg', '.zip': 'application/zip',
  '.doc': 'application/msword', '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel', '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint', '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** What a transform may consult besides the value: the environment (DWS_FILE_ROOT for local files). */
export interface TransformContext {
  env: Record<string, string | undefined>;
}

type Fn = (v: unknown, where: string, ctx: TransformContext) => unknown;

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

/** A comma list or a JSON array of strings; each part trimmed of spaces and quotes, empty parts dropped (as upstream's parseCSVValues). */
const csvValues: Fn = (v, where) => {
  const clean = (parts: unknown[]) => parts.map((p) => String(p).trim().replace(/^["']+|["']+$/gu, '')).filter((p) => p !== '');
  if (Array.isArray(v)) return clean(v);
  if (typeof v !== 'string') return refuse(where, v, 'a comma-separated list or a JSON array');
  let raw = v.trim();
  if (raw.startsWith('[') && raw.endsWith(']')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed) && parsed.every((x) => typeof x === 'string')) return clean(parsed);
    } catch { /* not JSON: read it as a bracketed comma list */ }
    raw = raw.slice(1, -1).trim();
  }
  return clean(raw.split(','));
};

// The time forms upstream accepts for a time flag (ParseISOTimeToMillis): 13 digits are epoch ms, 10 digits epoch
// seconds; an ISO time with Z or an offset is that instant; every zone-less form is Asia/Shanghai time (UTC+8, no DST).
const FLEX_TIME: readonly RegExp[] = [
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/u,
  /^(\d{4})-(\d{2})-(\d{2})()()()$/u,
  /^(\d{4})\/(\d{2})\/(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/u,
  /^(\d{4})(\d{2})(\d{2})()()()$/u,
];
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
const flexTimeMs: Fn = (v, where) => {
  const text = typeof v === 'string' ? v.trim().replace(/^["']+|["']+$/gu, '') : typeof v === 'number' ? String(v) : '';
  if (/^\d{13}$/u.test(text)) return Number(text);
  if (/^\d{10}$/u.test(text)) return Number(text) * 1000;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/u.test(text)) {
    const ms = Date.parse(text);
    if (Number.isFinite(ms)) return ms;
  }
  for (const form of FLEX_TIME) {
    const m = form.exec(text);
    if (!m) continue;
    const [y, mo, d, h, mi, s] = m.slice(1, 7).map((x) => (x === undefined || x === '' ? 0 : Number(x)));
    const utc = Date.UTC(y, mo - 1, d, h, mi, s);
    const probe = new Date(utc);
    if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) break;
    return utc - SHANGHAI_OFFSET_MS;
  }
  return refuse(where, v, 'a time (2026-03-23T14:00:00+08:00, 2026-03-23 14:00:00, 2026-03-23, or epoch seconds/milliseconds)');
};

const INTEGER = /^[+-]?\d+$/u;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/u;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/u;

/** Named transforms (no argument). */
export const TRANSFORMS: Record<string, Fn> = {
  bool: toBool,
  not: (v, where) => !toBool(v, where),
  is_true: (v) => v === true || v === 'true',
  int: (v, where, ctx) => {
    if (Array.isArray(v)) return v.map((x) => TRANSFORMS.int(x, where, ctx));
    if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
    if (typeof v === 'string' && INTEGER.test(v.trim()) && Number.isSafeInteger(Number(v))) return Number(v);
    return refuse(where, v, 'an integer');
  },
  float: (v, where, ctx) => {
    if (Array.isArray(v)) return v.map((x) => TRANSFORMS.float(x, where, ctx));
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && NUMBER.test(v.trim())) return Number(v);
    return refuse(where, v, 'a number');
  },
  to_string: (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v),
  upper: eachString((s) => s.toUpperCase()),
  lower: eachString((s) => s.toLowerCase()),
  trim: eachString((s) => s.trim()),
  csv_to_list: splitList(/,/u),
  csv_values: csvValues,
  flex_time_ms: flexTimeMs,
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
  trunc: (v, where) => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : refuse(where, v, 'a number')),
  unique: (v) => (Array.isArray(v) ? v.filter((x, i) => v.findIndex((y) => JSON.stringify(y) === JSON.stringify(x)) === i) : v),
  json_stringify: (v) => JSON.stringify(v),
  iso_ms: (v, where) => {
    const ms = typeof v === 'string' && ISO.test(v.trim()) ? Date.parse(v.trim()) : NaN;
    return Number.isFinite(ms) ? ms : refuse(where, v, 'an ISO-8601 time with an offset (e.g. 2026-03-10T14:00:00+08:00)');
  },
  day_offset_ms: (v, where) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && INTEGER.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n)) return refuse(where, v, 'a whole number of days');
    const now = new Date();
    return new Date(now.getFullYear(), now.getMonth(), now.getDate() + n).getTime();
  },
  read_text: (v, where, ctx) => {
    const { fd, size } = openConfined(v, where, ctx);
    try {
      if (size > MAX_READ_BYTES) throw new DwsError('invalid_parameter', `${where}: "${String(v)}" has ${size} bytes, more than ${MAX_READ_BYTES}`);
      return readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
  },
  // JSON text as it is; otherwise a file path (a leading @ dropped) read like read_text.
  json_or_file: (v, where, ctx) => (typeof v === 'string' && /^\s*[[{]/u.test(v) ? v : TRANSFORMS.read_text(typeof v === 'string' && v.startsWith('@') ? v.slice(1) : v, where, ctx)),
  sheet_style_operations: sheetStyleOperations,
  file_size: (v, where, ctx) => {
    const { fd, size } = openConfined(v, where, ctx);
    closeSync(fd);
    return size;
  },
  file_md5: (v, where, ctx) => {
    // read in 1 MiB pieces: the file may be as large as an upload allows
    const { fd } = openConfined(v, where, ctx);
    const hash = createHash('md5');
    const buf = Buffer.allocUnsafe(1024 * 1024);
    try {
      for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) hash.update(buf.subarray(0, n));
    } finally {
      closeSync(fd);
    }
    return hash.digest('hex');
  },
  basename: (v, where) => (typeof v === 'string' ? path.basename(v) : refuse(where, v, 'a file path')),
  mime_type: (v, where) => (typeof v === 'string' ? MIME[path.extname(v).toLowerCase()] ?? 'application/octet-stream' : refuse(where, v, 'a file name')),
  week_start_ms: (v, where) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && INTEGER.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n)) return refuse(where, v, 'a whole number of weeks');
    const now = new Date();
    const sinceMonday = (now.getDay() + 6) % 7;
    return new Date(now.getFullYear(), now.getMonth(), now.getDate() - sinceMonday + 7 * n).getTime();
  },
  now_plus_ms: (v, where) => (typeof v === 'number' && Number.isFinite(v) ? Date.now() + v : refuse(where, v, 'a number of milliseconds')),
  to_list: (v) => (Array.isArray(v) ? v : [v]),
  first: (v) => (Array.isArray(v) ? v[0] : v),
  ...EXTRA_TRANSFORMS,
};

/** Transform names with an argument: `{format: "tpl %s"}`, `{default: literal}`, `{map: {...}}`, `{multiply: n}`. */
export const PARAMETRIZED_TRANSFORMS: readonly string[] = ['format', 'default', 'map', 'multiply', 'add', 'get', 'split', 'only_starting', 'except_starting', ...Object.keys(EXTRA_PARAM_TRANSFORMS)];

const isEmpty = (v: unknown) => v === '' || (Array.isArray(v) && v.length === 0);

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function mapValue(table: Record<string, unknown>, v: unknown, where: string): unknown {
  const key = typeof v === 'string' ? v : JSON.stringify(v);
  if (Object.hasOwn(table, key)) return table[key];
  return refuse(where, v, `one of ${Object.keys(table).join(', ')}`);
}

const PROCESS: TransformContext = { env: process.env };

export function applyTransform(t: Transform, v: unknown, where: string, ctx: TransformContext = PROCESS): unknown {
  if (typeof t === 'string') return TRANSFORMS[t](v, where, ctx);
  if ('format' in t) return t.format.split('%s').join(text(v));
  if ('get' in t) return readPath(v, t.get);
  if ('only_starting' in t || 'except_starting' in t) {
    const chars = 'only_starting' in t ? t.only_starting : t.except_starting;
    const keep = 'only_starting' in t;
    const kept = (Array.isArray(v) ? v : [v]).filter((x) => typeof x === 'string' && chars.includes(x.trim().charAt(0)) === keep && x.trim() !== '');
    return kept.length ? kept : undefined;
  }
  if ('split' in t) {
    if (typeof v !== 'string') return Array.isArray(v) ? v : refuse(where, v, 'text');
    const seps = [...t.split];
    return seps.reduce<string[]>((parts, sep) => parts.flatMap((x) => x.split(sep)), [v]).map((x) => x.trim()).filter((x) => x.length > 0);
  }
  if ('map' in t) return Array.isArray(v) ? v.map((x) => mapValue(t.map, x, where)) : mapValue(t.map, v, where);
  if ('multiply' in t || 'add' in t) {
    const n = typeof v === 'string' && NUMBER.test(v.trim()) ? Number(v) : v;
    if (typeof n !== 'number') return refuse(where, v, 'a number');
    return 'multiply' in t ? n * t.multiply : n + t.add;
  }
  if ('default' in t) return isEmpty(v) || v === undefined ? t.default : v;
  const [name, arg] = Object.entries(t)[0];
  return EXTRA_PARAM_TRANSFORMS[name](arg)(v, where);
}

/** Applies transforms left to right; an undefined result (`first` of an empty list) stays undefined. */
export function applyTransforms(ts: readonly Transform[] | undefined, v: unknown, where: string, ctx: TransformContext = PROCESS): unknown {
  let out = v;
  for (const t of ts ?? []) {
    if (out === undefined) return undefined;
    out = applyTransform(t, out, where, ctx);
  }
  return out;
}

/** The name of a transform as written, for validation messages. */
export function transformName(t: unknown): string | undefined {
  if (typeof t === 'string') return Object.hasOwn(TRANSFORMS, t) ? t : undefined;
  if (typeof t === 'object' && t !== null && !Array.isArray(t)) {
    const keys = Object.keys(t);
    if (keys.length === 1 && PARAMETRIZED_TRANSFORMS.includes(keys[0])) return keys[0];
  }
  return undefined;
}

/** The problem with a parametrized transform's argument (build time), or undefined. */
export function transformArgProblem(t: Transform): string | undefined {
  if (typeof t === 'string') return undefined;
  const [name, arg] = Object.entries(t)[0];
  if (name === 'format') return typeof arg === 'string' ? undefined : 'format needs a template string';
  if (name === 'map') return typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? undefined : 'map needs a table of values';
  if (name === 'multiply' || name === 'add') return typeof arg === 'number' ? undefined : `${name} needs a number`;
  if (name === 'split' || name === 'only_starting' || name === 'except_starting') return typeof arg === 'string' && arg.length > 0 ? undefined : `${name} needs a string of characters`;
  if (Object.hasOwn(EXTRA_PARAM_TRANSFORMS, name)) return extraParamProblem(name, arg);
  return undefined;
}
