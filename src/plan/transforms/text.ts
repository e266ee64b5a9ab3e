// Text transforms: case, whitespace, JSON, templates and lengths.
import { positive, refuse, str, type Fn, type Param } from './types.js';

const eachString = (f: (s: string) => unknown): Fn => (v) =>
  Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? f(x) : x)) : typeof v === 'string' ? f(v) : v;

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export const PLAIN: Record<string, Fn> = {
  upper: eachString((s) => s.toUpperCase()),
  lower: eachString((s) => s.toLowerCase()),
  trim: eachString((s) => s.trim()),
  json_parse: (v, where) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return refuse(where, v.length > 80 ? v.slice(0, 80) + '...' : v, 'valid JSON');
    }
  },
  json_stringify: (v) => JSON.stringify(v),
  /** text -> its UTF-8 length in bytes */
  byte_length: (v, where) => Buffer.byteLength(str(v, where), 'utf8'),
  /** text -> its first line, trimmed */
  first_line: (v, where) => str(v, where).split(/\r?\n/u, 1)[0].trim(),
};

export const PARAM: Record<string, Param> = {
  /** `%s` replaced by the value's text (each `%s`) */
  format: (tpl) => {
    if (typeof tpl !== 'string') throw new Error('format needs a template string');
    return (v) => tpl.split('%s').join(text(v));
  },
  /** text -> at most n characters (code points) */
  max_chars: (arg) => {
    const n = positive('max_chars')(arg);
    return (v, where) => [...str(v, where)].slice(0, n).join('');
  },
};
