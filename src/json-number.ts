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

  toJSON(): string {
    return this.literal;
  }
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

/** RFC 8259's number grammar, matched at one position (sticky). */
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/** Whether JSON.parse then JSON.stringify gives the literal back unchanged (so it needs no keeping). */
const roundTrips = (literal: string): boolean => JSON.stringify(Number(literal)) === literal;

/**
 * JSON text -> the decoded value, as json.Decoder with UseNumber: a number literal that JSON.stringify would not
 * write back as typed (beyond 2^53, more digits than a double keeps, beyond its range, `1.50`, `1e2`, `-0`) is a
 * JsonNumber holding the literal; every other number is a JavaScript number. Invalid JSON throws SyntaxError, as
 * JSON.parse does.
 */
export function parseJsonExact(text: string): unknown {
  const kept: string[] = [];
  const mark = `\u0000${randomUUID()}:`;
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length;) {
    const c = text[i];
    if (c === '"') {
      // a string: skipped whole, escapes included (an unterminated one is JSON.parse's error)
      for (i++; i < text.length && text[i] !== '"'; i += text[i] === '\\' ? 2 : 1);
      i++;
      continue;
    }
    if (c !== '-' && (c < '0' || c > '9')) {
      i++;
      continue;
    }
    NUMBER.lastIndex = i;
    const literal = NUMBER.exec(text)?.[0];
    if (literal === undefined) {
      i++;
      continue;
    }
    if (!roundTrips(literal)) {
      // written as a marked string for JSON.parse to check the rest of the syntax around it
      out += text.slice(copied, i) + JSON.stringify(`${mark}${kept.length}`);
      kept.push(literal);
      copied = i + literal.length;
    }
    i += literal.length;
  }
  if (kept.length === 0) return JSON.parse(text) as unknown;
  const restore = (v: unknown): unknown => {
    if (typeof v === 'string') return v.startsWith(mark) ? new JsonNumber(kept[Number(v.slice(mark.length))]) : v;
    if (Array.isArray(v)) return v.map(restore);
    if (v === null || typeof v !== 'object') return v;
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      // a number where a key belongs is no JSON: JSON.parse would have refused it
      if (k.startsWith(mark)) throw new SyntaxError(`a number cannot be an object key (${kept[Number(k.slice(mark.length))]})`);
      Object.defineProperty(o, k, { value: restore(x), enumerable: true, writable: true, configurable: true });
    }
    return o;
  };
  return restore(JSON.parse(out + text.slice(copied)));
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
  const kept: string[] = [];
  const mark = `\u0000${randomUUID()}:`;
  const text = JSON.stringify(value, function (this: Record<string, unknown>, key: string, v: unknown) {
    const held = this[key];
    if (!(held instanceof JsonNumber)) return v;
    kept.push(held.literal);
    return `${mark}${kept.length - 1}`;
  }, space);
  if (kept.length === 0) return text;
  const quoted = JSON.stringify(mark).slice(0, -1).replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  return text.replace(new RegExp(`${quoted}(\\d+)"`, 'g'), (_, n: string) => kept[Number(n)]);
}
