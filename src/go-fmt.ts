// How Go's fmt prints decoded JSON values (%v / fmt.Sprint): the text upstream builds from an answer's or a flag's
// value wherever it formats one (sheet batch-update's batchStr, chat message fields, doc +media-list's resource ids).
import { isObject } from './json-object.js';
import { JsonNumber } from './json-number.js';

/**
 * A number as Go's %v prints a float64 (JSON numbers decode to float64): %g with the shortest digits, in exponent
 * form when the decimal exponent is below -4 or at least 6 (strconv uses precision 6 for that decision when the
 * precision is the shortest): 1e6 -> "1e+06", 123456 -> "123456", 0.00001 -> "1e-05".
 */
export function goNumberText(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN';
  if (n === 0) return '0';
  const [mantissa, exp] = n.toExponential().split('e');
  const e = Number(exp);
  if (e < -4 || e >= 6) return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  return String(n);
}

/**
 * A float64 as Go's strconv.FormatFloat(x, 'f', -1, 64) writes it: the shortest digits that read back as x, never in
 * exponent form (1e21 -> "1000000000000000000000", 1e-7 -> "0.0000001", -0 -> "-0"); the text upstream compares or
 * prints where it formats a decoded JSON number (stringFromJSONScalar helpers/chat.go:1809-1827, the report list's
 * display text helpers/report.go:1180@c7521c1c).
 */
export function goFloatText(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : x < 0 ? '-Inf' : 'NaN';
  if (Object.is(x, -0)) return '-0';
  const s = String(x);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/u.exec(s);
  if (!m) return s;
  const digits = m[2] + (m[3] ?? '');
  const point = 1 + Number(m[4]);
  if (point <= 0) return `${m[1]}0.${'0'.repeat(-point)}${digits}`;
  return m[1] + (point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`);
}

/** A decoded JSON number (a kept literal read as the float64 Go's json.Unmarshal makes of it) as goFloatText. */
export const goFloatTextOf = (v: number | JsonNumber): string => goFloatText(typeof v === 'number' ? v : Number(v.literal));

/**
 * A decoded JSON value as Go's fmt.Sprint / %v prints it (json.Unmarshal into `any`: numbers are float64; a json.Number kept by UseNumber prints its literal): nil as
 * `<nil>`, a text as it is, a number as goNumberText, a list as `[a b]`, an object as `map[k:v ...]` with its keys in
 * code point order (fmt sorts map keys), nested values the same way.
 */
export function goSprint(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return goNumberText(v);
  if (v instanceof JsonNumber) return v.literal;
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(goSprint).join(' ')}]`;
  if (isObject(v)) {
    const keys = Object.keys(v).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${keys.map((k) => `${k}:${goSprint(v[k])}`).join(' ')}]`;
  }
  return String(v);
}
