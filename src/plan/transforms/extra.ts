// The pure transforms the multi-step plans added to the closed set (docs/PLANS.md "Transforms"): text shaping
// (file names, lengths, first lines, CSV), list shaping (chunks, pairs, filters, projections) and the parts of an
// alidocs URL. Each is a named primitive with one meaning; transforms.ts merges them into the set. A value a
// transform cannot take is refused with invalid_parameter naming where it came from.
import path from 'node:path';
import { DwsError } from '../../errors.js';
import { safeFilename } from '../../backend/files.js';

type Fn = (v: unknown, where: string) => unknown;
type ParamFn = (arg: unknown) => Fn;

const refuse = (where: string, v: unknown, what: string): never => {
  throw new DwsError('invalid_parameter', `${where}: ${JSON.stringify(v)} is not ${what}`, 'correct the value and run the command again');
};

const str = (v: unknown, where: string): string => (typeof v === 'string' ? v : refuse(where, v, 'text'));

const csvCell = (v: unknown): string => {
  const t = v === null || v === undefined ? '' : typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
  return /[",\r\n]/u.test(t) ? `"${t.replace(/"/gu, '""')}"` : t;
};

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Named transforms (no argument). */
export const EXTRA_TRANSFORMS: Record<string, Fn> = {
  /** a path -> its extension without the dot (`report.PDF` -> `PDF`; none -> "") */
  file_ext: (v, where) => path.extname(str(v, where)).replace(/^\./u, ''),
  /** text -> one safe file name: separators, control and reserved characters become `_`; empty -> `unnamed` */
  safe_filename: (v, where) => safeFilename(str(v, where)),
  /** text -> its UTF-8 length in bytes */
  byte_length: (v, where) => Buffer.byteLength(str(v, where), 'utf8'),
  /** text -> its first line, trimmed */
  first_line: (v, where) => str(v, where).split(/\r?\n/u, 1)[0].trim(),
  /** a 2-D array (rows of cells) -> CSV text (RFC 4180 quoting, `\n` line ends) */
  rows_to_csv: (v, where) => {
    if (!Array.isArray(v) || !v.every(Array.isArray)) return refuse(where, v, 'a list of rows (a 2-D array)');
    return (v as unknown[][]).map((row) => row.map(csvCell).join(',')).join('\n');
  },
  /** a list of texts -> one text (joined with nothing) */
  join: (v, where) => (Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('') : str(v, where)),
};

const positive = (name: string) => (n: unknown): number => {
  if (!Number.isInteger(n) || (n as number) < 1) throw new Error(`${name} needs a positive integer`);
  return n as number;
};

const regex = (arg: unknown, name: string): RegExp => {
  if (typeof arg !== 'string') throw new Error(`${name} needs a regular expression text`);
  try {
    return new RegExp(arg, 'u');
  } catch {
    throw new Error(`${name} needs a valid regular expression`);
  }
};

const URL_PARTS = ['baseId', 'tableId', 'viewId', 'recordId'];

/** Transforms with an argument, `{name: arg}`: each checks its argument (throws at build) and returns the transform. */
export const EXTRA_PARAM_TRANSFORMS: Record<string, ParamFn> = {
  /** text -> at most n characters (code points) */
  max_chars: (arg) => {
    const n = positive('max_chars')(arg);
    return (v, where) => [...str(v, where)].slice(0, n).join('');
  },
  /** a list -> lists of at most n elements, in order */
  chunk: (arg) => {
    const n = positive('chunk')(arg);
    return (v, where) => {
      if (!Array.isArray(v)) return refuse(where, v, 'a list');
      const out: unknown[][] = [];
      for (let i = 0; i < v.length; i += n) out.push(v.slice(i, i + n));
      return out;
    };
  },
  /** "left<sep>right" texts -> [left, right] pairs (trimmed); a text without sep or with an empty left is refused */
  split_pairs: (sep) => {
    if (typeof sep !== 'string' || sep.length === 0) throw new Error('split_pairs needs a separator text');
    return (v, where) => (Array.isArray(v) ? v : [v]).map((x) => {
      const t = str(x, where);
      const at = t.indexOf(sep);
      if (at < 0 || t.slice(0, at).trim() === '') return refuse(where, x, `a pair written "left${sep}right"`);
      return [t.slice(0, at).trim(), t.slice(at + sep.length).trim()];
    });
  },
  /** a list of texts -> the elements that match the regular expression */
  keep_matching: (re) => {
    const r = regex(re, 'keep_matching');
    return (v) => (Array.isArray(v) ? v : [v]).filter((x) => typeof x === 'string' && r.test(x));
  },
  /** a list of texts -> the elements that do not match the regular expression */
  reject_matching: (re) => {
    const r = regex(re, 'reject_matching');
    return (v) => (Array.isArray(v) ? v : [v]).filter((x) => !(typeof x === 'string' && r.test(x)));
  },
  /** a list of objects -> each reduced to the listed fields (absent fields left out) */
  project: (fields) => {
    if (!Array.isArray(fields) || fields.length === 0 || !fields.every((f) => typeof f === 'string')) throw new Error('project needs a list of field names');
    return (v, where) => {
      if (!Array.isArray(v)) return refuse(where, v, 'a list of objects');
      return v.map((x) => (isObj(x) ? Object.fromEntries((fields as string[]).filter((f) => Object.hasOwn(x, f)).map((f) => [f, x[f]])) : x));
    };
  },
  /** a list of keys -> an object mapping each key to the literal */
  to_keys: (literal) => (v) => Object.fromEntries((Array.isArray(v) ? v : [v]).map((k) => [String(k), literal])),
  /** an https://alidocs.dingtalk.com/i/nodes/<baseId>?sheetId|tableId=&viewId=&recordId= URL (also inside iframeQuery) -> one part */
  url_part: (part) => {
    if (typeof part !== 'string' || !URL_PARTS.includes(part)) throw new Error(`url_part is one of ${URL_PARTS.join(', ')}`);
    return (v, where) => {
      let u: URL;
      try {
        u = new URL(str(v, where));
      } catch {
        return refuse(where, v, 'a URL');
      }
      const segs = u.pathname.split('/').filter((x) => x.length);
      if (u.protocol !== 'https:' || u.hostname.toLowerCase() !== 'alidocs.dingtalk.com' || segs.length !== 3 || segs[0] !== 'i' || segs[1] !== 'nodes') {
        return refuse(where, v, 'an https://alidocs.dingtalk.com/i/nodes/<id> URL');
      }
      if (part === 'baseId') return decodeURIComponent(segs[2]);
      const nested = new URLSearchParams(u.searchParams.get('iframeQuery') ?? '');
      const keys = part === 'tableId' ? ['sheetId', 'tableId'] : [part];
      for (const q of [u.searchParams, nested]) for (const k of keys) if (q.get(k)) return q.get(k)!;
      return undefined;
    };
  },
};

/** The problem with an extra transform's argument (build time), or undefined. */
export function extraParamProblem(name: string, arg: unknown): string | undefined {
  try {
    EXTRA_PARAM_TRANSFORMS[name](arg);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}
