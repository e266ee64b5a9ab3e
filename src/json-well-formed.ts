// Well-formed text as Go's JSON decoder gives it: an escaped UTF-16 surrogate without its partner (`"\ud800"`), in a
// text or a key, decodes to U+FFFD (encoding/json decode.go unquote: an invalid surrogate is unicode.ReplacementChar),
// where JSON.parse keeps the lone code unit, which no UTF-8 request, answer or journal can carry. One home for every
// place that decodes JSON where upstream's json.Unmarshal does: a flag's list, a backend answer and its embedded JSON.
// The same walk over a decoded value gives `goFloat64s`: a value json.Unmarshal made, as json.Marshal writes it back.
import { goFloat64, parseJsonExact } from './json-number.js';
import { setOwn } from './json-object.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text with each lone surrogate replaced by U+FFFD. */
export const wellFormed = (t: string): string => t.replace(LONE_SURROGATE, '\uFFFD');

/** A lone surrogate anywhere in a text (no global flag: `test` keeps no state). */
const HAS_LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** An escape of a UTF-16 surrogate (`\ud800`): with a raw lone one, the only ways one enters a decoded JSON text. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const mayHoldLone = (text: string): boolean => SURROGATE_ESCAPE.test(text) || HAS_LONE.test(text);

/** JSON.parse's objects (not a list, not a kept JsonNumber). */
const isDecodedObject = (x: unknown): x is Record<string, unknown> =>
  x !== null && typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype;

/**
 * A decoded value with each value in it replaced by what `visit` gives for it: the top first, then every list element
 * and object value in turn. A list or object `visit` gives is walked in its turn and changed in place, so a visit that
 * must leave the value given as it was gives copies. Walked without recursion: a 4,000-deep answer is as readable as
 * JSON.parse reads it (a reviver recurses and overflows the stack).
 */
function mapDecoded(root: unknown, visit: (x: unknown) => unknown): unknown {
  const top = visit(root);
  const pending: unknown[] = [top];
  for (let o = pending.pop(); o !== undefined; o = pending.pop()) {
    if (Array.isArray(o)) {
      for (let i = 0; i < o.length; i++) {
        o[i] = visit(o[i]);
        if (o[i] !== null && typeof o[i] === 'object') pending.push(o[i]);
      }
    } else if (isDecodedObject(o)) {
      for (const k of Object.keys(o)) {
        const v = visit(o[k]);
        if (v !== o[k]) setOwn(o, k, v);
        if (v !== null && typeof v === 'object') pending.push(v);
      }
    }
  }
  return top;
}

/**
 * A decoded value with `check` run on every value (it may throw to fail the parse, as Go's decoder fails where
 * JSON.parse does not) and, when `fix`, every text and key well formed, keys in their order.
 */
function walk(root: unknown, fix: boolean, check?: (x: unknown) => void): unknown {
  return mapDecoded(root, (x) => {
    check?.(x);
    if (!fix) return x;
    if (typeof x === 'string') return wellFormed(x);
    if (isDecodedObject(x) && Object.keys(x).some((k) => HAS_LONE.test(k))) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(x)) setOwn(out, wellFormed(k), v);
      return out;
    }
    return x;
  });
}

/** Whether a decoded value holds a negative zero at any depth (a search that stops at the first). */
function holdsNegativeZero(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const x = pending.pop();
    if (Object.is(x, -0)) return true;
    if (Array.isArray(x) || isDecodedObject(x)) for (const v of Array.isArray(x) ? x : Object.values(x)) pending.push(v);
  }
  return false;
}

/**
 * A decoded JSON value as upstream sends what json.Unmarshal made of it in an `any` (or a map[string]any, []any):
 * every number there is a float64, which json.Marshal writes back with its sign, so each negative zero at any depth
 * becomes the literal `-0` (goFloat64) where JSON.stringify would write `0`. The value comes back as it is when it
 * holds no negative zero; else copied, containers and all (the value given is never changed).
 */
export function goFloat64s(root: unknown): unknown {
  if (!holdsNegativeZero(root)) return root;
  return mapDecoded(root, (x) => {
    if (typeof x === 'number') return goFloat64(x);
    if (Array.isArray(x)) return [...x] as unknown[];
    if (!isDecodedObject(x)) return x;
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) setOwn(copy, k, v);
    return copy;
  });
}

/**
 * JSON.parse whose texts and keys come out well formed, with `check` run on every decoded value (it may throw to fail
 * the parse). Throws SyntaxError as JSON.parse does.
 */
export function parseJsonWellFormed(text: string, check?: (x: unknown) => void): unknown {
  const value: unknown = JSON.parse(text);
  const fix = mayHoldLone(text);
  return fix || check ? walk(value, fix, check) : value;
}

/**
 * Text that may hold a number beyond float64: an exponent of three digits or more, or 309 digits in a row (a whole
 * part of fewer digits is below 1e308). Any other number literal is finite as a double; a match only costs a walk.
 */
const MAY_OVERFLOW = /[eE]\+?[0-9]{3}|[0-9]{309}/;

const refuseInfinite = (x: unknown): void => {
  if (typeof x === 'number' && !Number.isFinite(x)) throw new SyntaxError('a number beyond float64');
};

/**
 * JSON text as Go's json.Unmarshal reads it into an `any`: every text and key well formed, and a number beyond
 * float64 (`1e400`, `-2e308`) a SyntaxError, as Go's decoder fails on it ("cannot unmarshal number ... into Go value
 * of type float64") where JSON.parse reads Infinity, which JSON.stringify writes as null. A number below the smallest
 * double is a zero in both (strconv.ParseFloat rounds an underflow to ±0 without an error). Throws SyntaxError as
 * JSON.parse does. The readers of a backend answer (src/backend/transport.ts) and of a flag's JSON (`json_parse`).
 */
export const parseJsonGo = (text: string): unknown => parseJsonWellFormed(text, MAY_OVERFLOW.test(text) ? refuseInfinite : undefined);

/** parseJsonExact (numbers kept as typed, src/json-number.ts) with every text and key well formed. */
export const parseJsonExactWellFormed = (text: string): unknown =>
  mayHoldLone(text) ? walk(parseJsonExact(text), true) : parseJsonExact(text);
