// What a flag's catalog type means: its JSON type and schema (pflag names -> JSON Schema), whether it is a list, and the
// conversion of typed text to that JSON type. The CLI parser (dispatch/flags.ts), ajv validation (validate.ts) and
// serve's execute arguments read flags through these, so a flag means the same thing on every path.
import type { ToolSpec } from '../catalog/types.js';
import { JsonNumber, goFloat64 } from '../json-number.js';

export interface FlagType {
  /** JSON Schema of the value (validate.ts). */
  schema: Record<string, unknown>;
  /** Repeatable flag collecting a list; how each occurrence adds elements is pflag's (flag-lists.ts listFlagValue). */
  list?: true;
  /** Text -> JSON value where it converts; otherwise the text itself. */
  convert?: (text: string) => unknown;
  /** A JSON number given for the flag (serve's execute arguments) -> the value sent; without it the number is sent as given. */
  number?: (n: number) => unknown;
}

/** strconv.ParseBool: exactly these spellings, nothing trimmed (pflag's Bool flag, aitable's parseBoolFlag after its TrimSpace). */
const GO_BOOL: Record<string, boolean> = {
  1: true, t: true, T: true, TRUE: true, true: true, True: true,
  0: false, f: false, F: false, FALSE: false, false: false, False: false,
};

/** The value strconv.ParseBool reads from the text, or undefined where it refuses it (`yes`, `tRUE`, ` true`, ""). */
export function parseGoBool(text: string): boolean | undefined {
  return Object.hasOwn(GO_BOOL, text) ? GO_BOOL[text] : undefined;
}

const INTEGER = /^[+-]?\d+$/;
/**
 * strconv.Atoi: decimal digits with a sign (pflag's intSlice reads each element so), within int64. Nothing is trimmed:
 * Go's strconv refuses `" 1"`, and so does pflag.
 */
const toInteger = (t: string): unknown => {
  if (!INTEGER.test(t)) return t;
  const n = BigInt(t);
  if (n < -(2n ** 63n) || n >= 2n ** 63n) return t;
  // beyond 2^53 the int (int64 on upstream's 64-bit builds) is kept as the literal of its digits, sent whole
  return Number.isSafeInteger(Number(n)) ? Number(n) : new JsonNumber(n.toString());
};

const DIGIT_OF_BASE: Record<number, RegExp> = { 2: /^[01]$/, 8: /^[0-7]$/, 10: /^[0-9]$/, 16: /^[0-9a-fA-F]$/ };

/** Go's underscoreOK: an underscore only between digits (a base prefix counts as one), never at either end. */
function underscoresOk(s: string): boolean {
  const body = s.startsWith('+') || s.startsWith('-') ? s.slice(1) : s;
  let saw = '^';
  let i = 0;
  let hex = false;
  if (body.length >= 2 && body[0] === '0' && 'box'.includes(body[1].toLowerCase())) {
    i = 2;
    saw = '0';
    hex = body[1].toLowerCase() === 'x';
  }
  for (; i < body.length; i++) {
    const c = body[i];
    if ((c >= '0' && c <= '9') || (hex && /[a-fA-F]/.test(c))) saw = '0';
    else if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
    } else {
      if (saw === '_') return false;
      saw = '!';
    }
  }
  return saw !== '_';
}

/**
 * strconv.ParseInt(s, 0, 64), as pflag reads an Int or Int64 flag: a sign, then `0x`/`0o`/`0b` (hex, octal, binary),
 * a leading `0` (octal: `010` is 8), else decimal; underscores between digits (`1_000`). The number, or undefined when
 * Go refuses the text or it is outside int64. Beyond what a JavaScript number holds exactly (2^53) the int64 is a
 * JsonNumber of its decimal digits, so it reaches the backend whole, as Go's json.Marshal writes an int64.
 */
export function parseGoInt(text: string): number | JsonNumber | undefined {
  let s = text;
  let negative = false;
  if (s.startsWith('+') || s.startsWith('-')) {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '') return undefined;
  let base = 10;
  if (s[0] === '0') {
    const p = s.length >= 3 ? s[1].toLowerCase() : '';
    if (p === 'b') [base, s] = [2, s.slice(2)];
    else if (p === 'o') [base, s] = [8, s.slice(2)];
    else if (p === 'x') [base, s] = [16, s.slice(2)];
    else [base, s] = [8, s.slice(1)];
  }
  let n = 0n;
  let underscores = false;
  for (const c of s) {
    if (c === '_') {
      underscores = true;
      continue;
    }
    if (!DIGIT_OF_BASE[base].test(c)) return undefined;
    n = n * BigInt(base) + BigInt(parseInt(c, 16));
  }
  if (underscores && !underscoresOk(text)) return undefined;
  if (negative ? n > 2n ** 63n : n >= 2n ** 63n) return undefined;
  const value = negative ? -n : n;
  return Number.isSafeInteger(Number(value)) ? Number(value) : new JsonNumber(value.toString());
}

/**
 * strconv.ParseFloat(s, 64), as pflag reads a Float64 flag: a sign, then a decimal literal (`1.5`, `.5`, `5.`, `1e-3`)
 * or a hexadecimal one with its binary exponent (`0x1.8p1` is 3), underscores between digits as Go allows them
 * (`1_000.5`). Nothing is trimmed. The number, or undefined when Go refuses the text, when it overflows (Go's ErrRange)
 * and for Go's `inf`/`infinity`/`nan`, which pflag accepts but no JSON number can carry (upstream's json.Marshal then
 * fails). A value too small for a float64 is 0, as in Go.
 */
export function parseGoFloat(text: string): number | undefined {
  const value = readGoFloat(text);
  return value !== undefined && Number.isFinite(value) ? value : undefined;
}

/**
 * The float64 strconv.ParseFloat(s, 64) returns, its error aside: undefined only for a syntax error; ±Infinity where
 * the text overflows (Go's ErrRange result) or spells Go's infinity (`inf`, `+Infinity`, any case), NaN for `nan`
 * (any case, no sign). parseGoFloat is its finite part.
 */
export function readGoFloat(text: string): number | undefined {
  const special = /^([+-]?)(inf|infinity)$/i.exec(text);
  if (special) return special[1] === '-' ? -Infinity : Infinity;
  if (/^nan$/i.test(text)) return NaN;
  let i = 0;
  let negative = false;
  if (text[0] === '+' || text[0] === '-') {
    negative = text[0] === '-';
    i = 1;
  }
  const hex = i + 2 < text.length && text[i] === '0' && (text[i + 1] === 'x' || text[i + 1] === 'X');
  if (hex) i += 2;
  const digit = hex ? /^[0-9a-fA-F]$/ : /^[0-9]$/;
  let mantissa = '';
  let point = -1;
  let underscores = false;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '_') underscores = true;
    else if (c === '.') {
      if (point >= 0) break;
      point = mantissa.length;
    } else if (digit.test(c)) mantissa += c;
    else break;
  }
  if (mantissa === '') return undefined;
  const fraction = point < 0 ? 0 : mantissa.length - point;
  let exponent = 0;
  const mark = hex ? 'p' : 'e';
  if (i < text.length && text[i].toLowerCase() === mark) {
    i++;
    let sign = 1;
    if (text[i] === '+' || text[i] === '-') sign = text[i++] === '-' ? -1 : 1;
    if (!/^[0-9]$/.test(text[i] ?? '')) return undefined;
    let e = 0;
    for (; i < text.length && /^[0-9_]$/.test(text[i]); i++) {
      if (text[i] === '_') underscores = true;
      else if (e < 100000) e = e * 10 + Number(text[i]);
    }
    exponent = sign * e;
  } else if (hex) return undefined; // a hexadecimal float needs its p exponent
  if (i !== text.length) return undefined;
  if (underscores && !underscoresOk(text)) return undefined;
  const value = hex
    ? binaryFloat(BigInt(`0x${mantissa}`), exponent - 4 * fraction)
    : Number(`${mantissa.slice(0, mantissa.length - fraction) || '0'}.${mantissa.slice(mantissa.length - fraction)}e${exponent}`);
  return negative ? -value : value;
}

/** m * 2^e rounded once to the nearest float64 (ties to even), as Go's atofHex; Infinity when it overflows. */
function binaryFloat(m: bigint, e: number): number {
  if (m === 0n) return 0;
  const bits = m.toString(2).length;
  // keep 53 significant bits, or fewer where the result is subnormal (its last bit weighs 2^-1074)
  const drop = Math.max(bits - 53, -1074 - e);
  if (drop > 0) {
    const half = 1n << BigInt(drop - 1);
    const rest = m & ((1n << BigInt(drop)) - 1n);
    m >>= BigInt(drop);
    if (rest > half || (rest === half && (m & 1n) === 1n)) m += 1n;
    e += drop;
  }
  return Number(m) * 2 ** e; // exact: m has at most 53 bits and e >= -1074 (Infinity past the float64 range)
}

/** pflag's Int/Int64 text (parseGoInt); the text itself (refused by validation) when Go would refuse it. */
const toGoInteger = (t: string): unknown => parseGoInt(t) ?? t;
/**
 * pflag's Float64 text (parseGoFloat) as json.Marshal writes the float64 (goFloat64: a negative zero stays `-0`, where
 * JSON.stringify would write 0); the text itself (refused by validation) when Go would refuse it. Every body that puts a
 * Float64 flag in its map sends it so (helpers/minutes.go:2022, :2199-2205, doc_style.go:296-301@c7521c1c).
 */
const toGoFloat = (t: string): unknown => {
  const n = parseGoFloat(t);
  return n === undefined ? t : goFloat64(n);
};

/**
 * Go duration syntax as pflag's DurationVar reads it (time.ParseDuration): an optional sign, then `0` alone or numbers
 * (`1`, `1.5`, `.5`, `1.`) each with its unit (`90s`, `1m30s`, `-1s`, `500ms`, `2µs` with U+00B5 or U+03BC).
 * Beyond about 292 years Go refuses the value; that bound is not checked here.
 */
const DURATION = '^[-+]?(0|(([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(ns|us|\u00b5s|\u03bcs|ms|s|m|h))+)$';

/** CLI types of the catalog (pflag names) -> JSON types. An unknown type is taken as text. */
export const FLAG_TYPES: Record<string, FlagType> = {
  string: { schema: { type: 'string' } },
  bool: { schema: { type: 'boolean' } },
  int: { schema: { type: 'integer' }, convert: toGoInteger },
  int64: { schema: { type: 'integer' }, convert: toGoInteger },
  float64: { schema: { type: 'number' }, convert: toGoFloat, number: goFloat64 },
  duration: { schema: { type: 'string', pattern: DURATION } },
  stringSlice: { schema: { type: 'array', items: { type: 'string' } }, list: true },
  stringArray: { schema: { type: 'array', items: { type: 'string' } }, list: true },
  intSlice: { schema: { type: 'array', items: { type: 'integer' } }, list: true, convert: toInteger },
};

export function flagType(type: string): FlagType {
  return Object.hasOwn(FLAG_TYPES, type) ? FLAG_TYPES[type] : FLAG_TYPES.string;
}

/**
 * The declared or hidden flag of that name. Own properties only: a name such as "toString", "constructor" or
 * "__proto__" from user input must never find what every object inherits.
 */
export function declaredFlag(tool: ToolSpec, name: string): { type: string } | undefined {
  if (Object.hasOwn(tool.parameters, name)) return tool.parameters[name];
  const hidden = tool.hidden_parameters;
  return hidden && Object.hasOwn(hidden, name) ? hidden[name] : undefined;
}

/** Text (or a list of texts) -> the flag's JSON type where it converts. */
export function convert(type: string, raw: unknown): unknown {
  const t = flagType(type);
  if (typeof raw === 'number' && t.number) return t.number(raw);
  if (!t.convert) return raw;
  return Array.isArray(raw) ? raw.map((v) => t.convert!(String(v))) : typeof raw === 'string' ? t.convert(raw) : raw;
}

