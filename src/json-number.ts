// JSON number literals kept as typed, for the flags upstream decodes with json.Decoder.UseNumber: Go keeps each
// number as its literal text (json.Number) and json.Marshal writes that text back unchanged, so
// 12345678901234567890, 1.50 and 1e2 reach the backend as typed. JSON.parse would turn them into JavaScript numbers
// and JSON.stringify would send 12345678901234567000, 1.5 and 100. parseJsonExact keeps every literal that
// JSON.stringify would not write back unchanged as a JsonNumber; stringifyJson (the transport's and the printer's
// serializer) writes a JsonNumber as its literal, bare, and everything else as JSON.stringify does.
import { randomUUID } from 'node:crypto';

/** A JSON number literal kept as typed (Go's json.Number). Any other serializer sees its text as a JSON string. */
export class JsonNumber {
  /** How many were ever made in this process: none, and stringifyJson is JSON.stringify itself. */
  static made = 0;

  constructor(readonly literal: string) {
    JsonNumber.made++;
  }

  /** While stringifyJson runs: the mark its literals are written behind, to be unquoted after (else none). */
  static writing: string | undefined;

  toJSON(): string {
    return JsonNumber.writing === undefined ? this.literal : `${JsonNumber.writing}${this.literal}`;
  }
}

/**
 * A float64 as Go's json.Marshal writes it: negative zero as `-0` (strconv.AppendFloat keeps the sign), which
 * JSON.stringify writes as `0`; every other number as it is. For the values upstream holds as a float64 and marshals
 * (strconv.ParseFloat results, pflag Float64 flags), never for integers (Go's int has no negative zero).
 */
export const goFloat64 = (x: number): number | JsonNumber => (Object.is(x, -0) ? new JsonNumber('-0') : x);

/**
 * An int64 as dws holds and sends it: a number up to 2^53, beyond it the literal of its digits (a JsonNumber, so it goes
 * out whole, as json.Marshal writes Go's int64); undefined outside int64. The one reading of an int64 behind the `int`
 * transform's whole numbers, `trunc`, the executor's int64 page cursor and the chat conversation cursors.
 */
export function int64Json(n: bigint): number | JsonNumber | undefined {
  if (n < -(2n ** 63n) || n >= 2n ** 63n) return undefined;
  const x = Number(n);
  return Number.isSafeInteger(x) ? x : new JsonNumber(n.toString());
}

/**
 * Go's `int64(f)` of a float64 on a 64-bit build: the whole part toward zero, as a bigint (so with no negative zero and,
 * beyond 2^53, the double's exact digits: int64(2^60) is 1152921504606846976, where String(2 ** 60) writes
 * 1152921504606847000). Undefined for a non-finite double and outside [-2^63, 2^63): the Go spec leaves that conversion
 * to the implementation (amd64 gives -2^63 for either side, arm64 saturates), so no value there is upstream's on every
 * platform. The one float-to-int64 reading behind `trunc`, the executor's int64 page cursor and the chat cursors.
 */
export function goInt64(x: number): bigint | undefined {
  if (!Number.isFinite(x) || x < -(2 ** 63) || x >= 2 ** 63) return undefined;
  return BigInt(Math.trunc(x));
}

/** goInt64 as dws sends it (int64Json): a number up to 2^53, beyond it the literal of the exact digits; undefined outside int64. */
export function goInt64Json(x: number): number | JsonNumber | undefined {
  const n = goInt64(x);
  return n === undefined ? undefined : int64Json(n);
}

/**
 * Whether a kept literal is a whole number as Go's strconv.ParseInt(literal, 10, 64) reads a json.Number: decimal
 * digits only (no fraction, no exponent) within int64.
 */
export function isInt64Literal(n: JsonNumber): boolean {
  if (!/^-?(0|[1-9][0-9]*)$/.test(n.literal)) return false;
  const v = BigInt(n.literal);
  return v >= -(2n ** 63n) && v < 2n ** 63n;
}

/**
 * A JSON string token (skipped whole, escapes included) or a number token (RFC 8259's grammar: its integer part, then
 * its fraction and exponent), found by the regular expression engine rather than character by character.
 */
const TOKEN = /"[^"\\]*(?:\\[\s\S][^"\\]*)*"|(-?(?:0|[1-9][0-9]*))((?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)/g;

/** Whether JSON.parse then JSON.stringify gives the literal back unchanged (so it needs no keeping). */
const roundTrips = (literal: string): boolean => JSON.stringify(Number(literal)) === literal;

/**
 * Text that may hold a number literal JSON.stringify would not write back. A number token follows none of
 * `[A-Za-z0-9_.-]` (it follows `[`, `,`, `:`, a space or nothing), so the test reads only such starts, strings
 * included (it errs only towards the full scan): 16 digits and points in a row (more digits than a double keeps,
 * beyond 2^53), a fraction ending in 0, a fraction starting with six zeros (below 1e-6, written with an exponent), an
 * exponent, or -0. Any other literal is a whole number of at most 15 digits, or a fraction of at most 15 digits in
 * [1e-6, 1e21) without trailing zeros, which a double holds and JSON.stringify writes as typed.
 */
const SUSPECT = /(?<![\w.-])-?(?:[0-9][0-9.]{15}|[0-9]+(?:\.[0-9]*0(?![0-9])|\.0{6}|(?:\.[0-9]+)?[eE][+-]?[0-9]))|(?<![\w.-])-0(?![0-9.eE])/;

/**
 * JSON text -> the decoded value, as json.Decoder with UseNumber: a number literal that JSON.stringify would not
 * write back as typed (beyond 2^53, more digits than a double keeps, beyond its range, `1.50`, `1e2`, `-0`) is a
 * JsonNumber holding the literal; every other number is a JavaScript number. Invalid JSON throws SyntaxError, as
 * JSON.parse does. Each literal to keep is swapped for a marked string (with a random nonce) for JSON.parse to check
 * the syntax around it, and the marks are then replaced in the parsed value, in place. Text without a literal to
 * keep costs one regular expression test more than JSON.parse (bench/answer-decode.mjs).
 */
export function parseJsonExact(text: string): unknown {
  if (!SUSPECT.test(text)) return JSON.parse(text) as unknown;
  const kept: string[] = [];
  const mark = `\u0000${randomUUID()}:`;
  const quoted = JSON.stringify(mark).slice(0, -1);
  const parts: string[] = [];
  let copied = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m !== null; m = TOKEN.exec(text)) {
    const whole = m[1];
    // a string, or a whole number of at most 15 digits other than -0: JSON.stringify writes it back as typed
    if (whole === undefined || (m[2] === '' && whole.length <= (whole[0] === '-' ? 16 : 15) && whole !== '-0')) continue;
    const literal = m[0];
    if (roundTrips(literal)) continue;
    parts.push(text.slice(copied, m.index), quoted, String(kept.length), '"');
    kept.push(literal);
    copied = m.index + literal.length;
  }
  if (kept.length === 0) return JSON.parse(text) as unknown;
  parts.push(text.slice(copied));
  const root: unknown = JSON.parse(parts.join(''));
  const held = (v: unknown): JsonNumber | undefined => (typeof v === 'string' && v.startsWith(mark) ? new JsonNumber(kept[Number(v.slice(mark.length))]) : undefined);
  const top = held(root);
  if (top) return top;
  // iterative, so that an answer nested thousands of levels deep is read as JSON.parse reads it
  const pending: object[] = root !== null && typeof root === 'object' ? [root] : [];
  for (let o = pending.pop(); o !== undefined; o = pending.pop()) {
    if (Array.isArray(o)) {
      for (let i = 0; i < o.length; i++) {
        const x: unknown = o[i];
        if (x !== null && typeof x === 'object') pending.push(x);
        else if (typeof x === 'string') o[i] = held(x) ?? x;
      }
      continue;
    }
    const rec = o as Record<string, unknown>;
    for (const k of Object.keys(rec)) {
      // a number where a key belongs is no JSON: JSON.parse would have refused it
      if (k.startsWith(mark)) throw new SyntaxError(`a number cannot be an object key (${kept[Number(k.slice(mark.length))]})`);
      const x = rec[k];
      if (x !== null && typeof x === 'object') pending.push(x);
      else if (typeof x === 'string') {
        const n = held(x);
        // defineProperty: a key such as __proto__ stays an own property, as JSON.parse made it
        if (n) Object.defineProperty(rec, k, { value: n, enumerable: true, writable: true, configurable: true });
      }
    }
  }
  return root;
}

/**
 * A deep copy of a JSON value (call arguments) that keeps each JsonNumber as it is: structuredClone would turn one
 * into a plain `{literal}` object, which would then be sent as an object.
 */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  if (value === null || typeof value !== 'object' || value instanceof JsonNumber) return value;
  const o: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(value)) Object.defineProperty(o, k, { value: cloneJson(x), enumerable: true, writable: true, configurable: true });
  return o as T;
}

/** JSON.stringify, except that a JsonNumber is written as its literal, bare (Go's json.Marshal of a json.Number). */
export function stringifyJson(value: unknown, space?: number): string {
  if (JsonNumber.made === 0) return JSON.stringify(value, null, space);
  // JSON.stringify without a replacer (the fast native path): each JsonNumber writes its literal behind a random mark
  // as a JSON string, and the marked strings are then unquoted
  const mark = `\u0000${randomUUID()}:`;
  let text: string;
  const before = JsonNumber.writing;
  JsonNumber.writing = mark;
  try {
    text = JSON.stringify(value, null, space);
  } finally {
    JsonNumber.writing = before;
  }
  const quoted = JSON.stringify(mark).slice(0, -1);
  // (undefined for a value JSON cannot write, as JSON.stringify answers)
  if (typeof text !== 'string' || !text.includes(quoted)) return text;
  return text.replace(new RegExp(`${quoted.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}([-+.eE0-9]+)"`, 'g'), '$1');
}
