// Well-formed text as Go's JSON decoder gives it: an escaped UTF-16 surrogate without its partner (`"\ud800"`), in a
// text or a key, decodes to U+FFFD (encoding/json decode.go unquote: an invalid surrogate is unicode.ReplacementChar),
// where JSON.parse keeps the lone code unit, which no UTF-8 request, answer or journal can carry. One home for every
// place that decodes JSON where upstream's json.Unmarshal does: a flag's list, a backend answer and its embedded JSON.
import { parseJsonExact } from './json-number.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text with each lone surrogate replaced by U+FFFD. */
export const wellFormed = (t: string): string => t.replace(LONE_SURROGATE, '\uFFFD');

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  x !== null && typeof x === 'object' && !Array.isArray(x);

/**
 * JSON.parse whose texts and keys come out well formed, with `check` run on every decoded value first (it may throw to
 * fail the parse, as Go's decoder fails where JSON.parse does not). Throws SyntaxError as JSON.parse does.
 */
export function parseJsonWellFormed(text: string, check?: (x: unknown) => void): unknown {
  return JSON.parse(text, (_key, x: unknown) => {
    check?.(x);
    if (typeof x === 'string') return wellFormed(x);
    if (isPlainObject(x) && Object.keys(x).some((k) => wellFormed(k) !== k)) {
      const out: Record<string, unknown> = {};
      // defineProperty: a key "__proto__" stays a key, as it is in the decoded object
      for (const [k, v] of Object.entries(x)) Object.defineProperty(out, wellFormed(k), { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    }
    return x;
  });
}

/**
 * A decoded JSON value with every text and key well formed (wellFormed), walked without recursion as
 * parseJsonExact reads: json_parse_exact's texts, as Go's decoder gives them (a JsonNumber is left as it is).
 */
function wellFormedValue(root: unknown): unknown {
  const fix = (x: unknown): unknown => (typeof x === 'string' ? wellFormed(x) : x);
  const pending: unknown[] = [root];
  for (let o = pending.pop(); o !== undefined; o = pending.pop()) {
    if (Array.isArray(o)) {
      for (let i = 0; i < o.length; i++) {
        o[i] = fix(o[i]);
        if (o[i] !== null && typeof o[i] === 'object') pending.push(o[i]);
      }
    } else if (o !== null && typeof o === 'object' && Object.getPrototypeOf(o) === Object.prototype) {
      const obj = o as Record<string, unknown>;
      for (const k of Object.keys(obj)) {
        const v = fix(obj[k]);
        const key = wellFormed(k);
        if (key !== k) delete obj[k];
        Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
        if (v !== null && typeof v === 'object') pending.push(v);
      }
    }
  }
  return fix(root);
}

/** An escape of a UTF-16 surrogate (`\ud800`): the only way a lone surrogate enters a decoded JSON text. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** parseJsonExact (numbers kept as typed, src/json-number.ts) with every text and key well formed. */
export const parseJsonExactWellFormed = (text: string): unknown =>
  SURROGATE_ESCAPE.test(text) ? wellFormedValue(parseJsonExact(text)) : parseJsonExact(text);
