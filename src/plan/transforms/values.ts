// Scalar transforms: booleans, numbers, lookups and defaults.
import { readPath } from '../path.js';
import { INTEGER, NUMBER, isObj, refuse, type Fn, type Param } from './types.js';

function toBool(v: unknown, where: string): boolean {
  if (typeof v === 'boolean') return v;
  const t = typeof v === 'string' ? v.trim().toLowerCase() : typeof v === 'number' ? String(v) : '';
  if (t === 'true' || t === '1' || t === 'yes') return true;
  if (t === 'false' || t === '0' || t === 'no') return false;
  return refuse(where, v, 'a boolean (true/false)');
}

const int: Fn = (v, where, ctx) => {
  if (Array.isArray(v)) return v.map((x) => int(x, where, ctx));
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && INTEGER.test(v.trim()) && Number.isSafeInteger(Number(v))) return Number(v);
  return refuse(where, v, 'an integer');
};

const float: Fn = (v, where, ctx) => {
  if (Array.isArray(v)) return v.map((x) => float(x, where, ctx));
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && NUMBER.test(v.trim())) return Number(v);
  return refuse(where, v, 'a number');
};

export const PLAIN: Record<string, Fn> = {
  bool: toBool,
  not: (v, where) => !toBool(v, where),
  is_true: (v) => v === true || v === 'true',
  int,
  float,
  trunc: (v, where) => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : refuse(where, v, 'a number')),
  to_string: (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v),
};

const arith = (name: string, op: (a: number, b: number) => number): Param => (arg) => {
  if (typeof arg !== 'number') throw new Error(`${name} needs a number`);
  return (v, where) => {
    const n = typeof v === 'string' && NUMBER.test(v.trim()) ? Number(v) : v;
    return typeof n === 'number' ? op(n, arg) : refuse(where, v, 'a number');
  };
};

const isEmpty = (v: unknown) => v === '' || (Array.isArray(v) && v.length === 0);

export const PARAM: Record<string, Param> = {
  /** the value (each element of a list) looked up in a table; a value not in it is refused, naming the keys */
  map: (table) => {
    if (!isObj(table)) throw new Error('map needs a table of values');
    const one = (v: unknown, where: string) => {
      const key = typeof v === 'string' ? v : JSON.stringify(v);
      return Object.hasOwn(table, key) ? table[key] : refuse(where, v, `one of ${Object.keys(table).join(', ')}`);
    };
    return (v, where) => (Array.isArray(v) ? v.map((x) => one(x, where)) : one(v, where));
  },
  multiply: arith('multiply', (a, b) => a * b),
  add: arith('add', (a, b) => a + b),
  /** an empty value ("" or []) becomes the literal */
  default: (literal) => (v) => (isEmpty(v) || v === undefined ? literal : v),
  /** the value at a path inside the value */
  get: (p) => {
    if (typeof p !== 'string') throw new Error('get needs a path');
    return (v) => readPath(v, p);
  },
};
