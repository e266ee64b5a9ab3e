// How Go's fmt prints decoded JSON values (%v / fmt.Sprint): the text upstream builds from an answer's or a flag's
// value wherever it formats one (sheet batch-update's batchStr, chat message fields, doc +media-list's resource ids).
import { isObject } from './json-object.js';
import { JsonNumber } from './json-number.js';

/**
 * A number as Go's %v prints a float64 (JSON numbers decode to float64): %g with the shortest digits, in exponent
 * form when the decimal exponent is below -4 or at least 6 (strconv uses precision 6 for that decision when the
 * precision is the shortest): 1e6 -> "1e+06", 123456 -> "123456", 0.00001 -> "1e-05"; a negative zero keeps its sign,
 * "-0" (strconv's %g writes the sign bit: fmt.Sprint(math.Copysign(0, -1)) is "-0").
 */
export function goNumberText(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
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

/** Go's strconv.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space (U+00AD and other spaces not). */
const GO_PRINT = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
const GO_SHORT: Record<string, string> = { '\u0007': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v' };

/**
 * A text as Go's strconv.Quote (fmt's %q) writes it: `"` and `\` escaped, printable characters as they are, \a \b \f
 * \n \r \t \v short, other controls and DEL as \xhh, other unprintable characters as \uhhhh or \Uhhhhhhhh; a lone
 * surrogate as U+FFFD (the character Go's decoder puts in its place, printable)
 */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (c >= 0xd800 && c <= 0xdfff) out += '\ufffd';
    else if (GO_PRINT.test(ch)) out += ch;
    else if (Object.hasOwn(GO_SHORT, ch)) out += GO_SHORT[ch];
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else if (c < 0x10000) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += `\\U${c.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}

/** Go's order of two texts as strings.Compare / `<` sees them: by UTF-8 bytes, the order of their code points. */
export function goStringCompare(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * A decoded JSON value held in an `any` as Go's %#v writes it (fmt's Go syntax, upstream's `got %#v, want %#v`,
 * aitable record_upsert_by_key.go:323@c7521c1c): nil `<nil>` (inside a map or list `interface {}(nil)`), a text
 * strconv.Quote'd, a float64 as %v writes it (goNumberText), a json.Number (a kept JsonNumber, a string
 * kind) its literal quoted, a list `[]interface {}{a, b}`, an object `map[string]interface {}{"k":v, ...}` with its keys
 * in Go's order (goStringCompare).
 */
export function goSharpV(v: unknown, nested = false): string {
  if (v === null || v === undefined) return nested ? 'interface {}(nil)' : '<nil>';
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number') return goNumberText(v);
  if (v instanceof JsonNumber) return goQuote(v.literal);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map((x) => goSharpV(x, true)).join(', ')}}`;
  if (isObject(v)) {
    const keys = Object.keys(v).sort(goStringCompare);
    return `map[string]interface {}{${keys.map((k) => `${goQuote(k)}:${goSharpV(v[k], true)}`).join(', ')}}`;
  }
  return String(v);
}
