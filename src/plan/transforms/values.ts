// Scalar transforms: booleans, numbers, lookups and defaults.
import { readPath } from '../path.js';
import { byCodePoint } from '../../text/order.js';
import { INTEGER, NUMBER, isObj, refuse, type Fn, type Param } from './types.js';
import { JsonNumber, goFloat64, goInt64Json, int64Json, isInt64Literal, parseJsonExact } from '../../json-number.js';
import { goFloat64s } from '../../json-well-formed.js';
import { parseGoBool, parseGoFloat, readGoFloat } from '../../contract/flag-types.js';
import { trimSpace } from '../../text/space.js';
import { goCase } from '../../text/go-case.js';
import { goFloatTextOf, goSprint } from '../../go-fmt.js';

// Go's whitespace (strings.TrimSpace) around the text, as every upstream reader of a loose boolean trims; each use reads
// a bool flag or an answer's boolean today (p-srctrim), so no padded text reaches it from a command.
function toBool(v: unknown, where: string): boolean {
  if (typeof v === 'boolean') return v;
  const t = typeof v === 'string' ? goCase(trimSpace(v), 'lower') : typeof v === 'number' ? String(v) : '';
  if (t === 'true' || t === '1' || t === 'yes') return true;
  if (t === 'false' || t === '0' || t === 'no') return false;
  return refuse(where, v, 'a boolean (true/false)');
}

// Text is read as strconv.ParseInt(strings.TrimSpace(s), 10, 64) (toInt64Slice shortcut/chat/chat.go:67-84@c7521c1c,
// the reader of the csv_to_list uses; the other text uses put Go's `trim` first or check the digits before it): Go's
// spaces around it go (U+0085 included), U+FEFF stays and is refused (p-srctrim; JavaScript's trim did the reverse).
// The int64 is a number up to 2^53 and beyond it the literal of its digits (JsonNumber: `+009007199254740993` is sent
// 9007199254740993, as json.Marshal writes the int64); beyond int64 refused, as ParseInt's range error (h52-left; before,
// text beyond 2^53 was refused). A whole number passes, a kept literal (json_parse_exact) is read as its digits.
const int: Fn = (v, where, ctx) => {
  if (Array.isArray(v)) return v.map((x) => int(x, where, ctx));
  const n = wholeNumber(v);
  if (n !== undefined) return n;
  const digits = v instanceof JsonNumber ? /^-?[0-9]+$/.test(v.literal) : typeof v === 'string' && INTEGER.test(trimSpace(v));
  return refuse(where, v, digits ? 'an integer within int64' : 'an integer');
};

/** A kept literal (JsonNumber) as the double nearest to it (Go's json.Number.Float64()), for arithmetic. */
const asDouble = (v: unknown): unknown => (v instanceof JsonNumber ? Number(v.literal) : v);

// A number text exactly as Go's strconv.ParseFloat(s, 64) reads it (parseGoFloat: nothing trimmed, `1_0` is 10,
// `0x1p4` 16, `1e3` 1000; ` 10 ` and `0x10` refused), the reader of every upstream body this transform stands for (oa's
// ParseFloat flags, helpers/oa.go:100-105, :214, :270, :440-441, :546-547, :628-629, :683-684, :738-739@c7521c1c).
const float: Fn = (v, where, ctx) => {
  if (Array.isArray(v)) return v.map((x) => float(x, where, ctx));
  v = asDouble(v);
  if (typeof v === 'number' && Number.isFinite(v)) return goFloat64(v);
  const go = typeof v === 'string' ? parseGoFloat(v) : undefined;
  if (go !== undefined) return goFloat64(go);
  return refuse(where, v, 'a number');
};

export const PLAIN: Record<string, Fn> = {
  bool: toBool,
  /** strconv.ParseBool exactly (1, t, T, TRUE, true, True and their false twins; nothing trimmed: put `trim` before it) */
  go_bool: (v, where) => {
    if (typeof v === 'boolean') return v;
    const b = typeof v === 'string' ? parseGoBool(v) : undefined;
    return b ?? refuse(where, v, 'a boolean (1, t, T, TRUE, true, True, 0, f, F, FALSE, false or False)');
  },
  not: (v, where) => !toBool(v, where),
  is_true: (v) => v === true || v === 'true',
  int,
  float,
  /**
   * a decoded JSON value (after json_parse) as upstream sends what json.Unmarshal made of it in an any, a
   * map[string]any or a []any: its numbers are float64s, which json.Marshal writes with their sign, so each negative
   * zero at any depth is the literal -0 (goFloat64s); anything else as it is. For the flags upstream decodes so and
   * sends back (attendance schedule import --scheduleVOS, attendance.go:3811-3853; aitable --sub-roles,
   * aitable.go:6450-6458@c7521c1c); put it where the value is sent, after the checks that read it
   */
  go_float64s: (v) => goFloat64s(v),
  /**
   * `f, _ := strconv.ParseFloat(s, 64)` as json.Marshal then sends f (oa's ParseFloat flags, helpers/oa.go:546-547,
   * :628-629, :683-684, :738-739@c7521c1c): a syntax error leaves 0 (` 5`, `0x10`, `abc`, ""); a text that overflows
   * (`1e400`) or spells Go's infinity or NaN leaves a value json.Marshal fails on, so it is refused; finite numbers pass
   */
  float_or_zero: (v, where) => {
    v = asDouble(v);
    if (typeof v === 'number' && Number.isFinite(v)) return goFloat64(v);
    const go = typeof v === 'string' ? readGoFloat(v) : undefined;
    if (typeof v === 'string' && go === undefined) return 0;
    return go !== undefined && Number.isFinite(go) ? goFloat64(go) : refuse(where, v, 'a number JSON can carry (Go reads it as ±Inf or NaN, which json.Marshal cannot send)');
  },
  /** a text as Go's strconv.ParseFloat(s, 64) reads it (parseGoFloat) -> the number, absent where Go returns an error (syntax or range); a finite number passes: a reader whose ParseFloat error means "try the next reading" (minutesdata timestamp) */
  go_parse_float: (v) => {
    v = asDouble(v);
    if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
    return typeof v === 'string' ? parseGoFloat(v) : undefined;
  },
  /**
   * a list -> the elements `{int: strconv}` reads (decimal integer text Go's strconv.ParseInt(s, 10, 64) accepts, nothing
   * trimmed; whole numbers), as they were; the others dropped: upstream's parse-and-skip loops (parseCSVInts
   * helpers/contact.go:2000-2011@c7521c1c). Put `{int: strconv}` after it for the numbers
   */
  keep_int: (v) => (Array.isArray(v) ? v : [v]).filter((x) => (typeof x !== 'string' || INTEGER.test(x)) && wholeNumber(x) !== undefined),
  // Go's int64(f) / int(f) on a 64-bit build. `+ 0`: Go's int64 has no negative zero (int64(-0.5) is 0), where Math.trunc
  // keeps the sign. Beyond 2^53 the double is a whole number already, kept as the literal of its exact digits, as
  // strconv.Itoa and json.Marshal write the int (1234567890123456768, where String writes 1234567890123456800). At or
  // beyond 2^63 refused: Go's conversion there is implementation-dependent (amd64 gives -9223372036854775808, arm64
  // saturates), so no reading of it is upstream's; dws sends none (h53-left)
  trunc: (v, where) => {
    v = asDouble(v);
    if (typeof v !== 'number' || !Number.isFinite(v)) return refuse(where, v, 'a number');
    return goInt64Json(v) ?? refuse(where, v, 'a number whose whole part is within int64');
  },
  // to_string as upstream's answer readers write a value json.Unmarshal decoded: a number as FormatFloat(x, 'f', -1, 64)
  // writes the float64 (a kept literal read as that float64 first: 1e21 -> "1000000000000000000000",
  // 12345678901234567890 -> "12345678901234567000"), a boolean as strconv.FormatBool; anything else passes
  float_text: (v) => (typeof v === 'number' || v instanceof JsonNumber ? goFloatTextOf(v) : typeof v === 'boolean' ? String(v) : v),
  // a decoded answer value as Go's fmt.Sprint / %v writes it, where upstream formats one so (findMessageSenderOpenDingTalkID
  // shortcut/chat/lark_alignment.go:376-392@c7521c1c): a number as %g shortest (1e6 -> "1e+06", 1e21 -> "1e+21"), a
  // boolean as true/false, a list as [a b], an object as map[k:v] with sorted keys; a text passes unchanged
  sprint_text: (v) => (v === null ? v : goSprint(v)),
  // a kept literal (JsonNumber) is its digits as typed (Go's json.Number.String(), strconv.FormatInt of an int64)
  to_string: (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v instanceof JsonNumber ? v.literal : v),
  // upstream's credential readers keep a header only when its value is text (helpers/drive.go:244-250, :271-277;
  // shortcut/drive/version_operations.go:283-289@c7521c1c); anything but an object gives no headers
  text_values: (v) => (isObj(v) ? Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string')) : {}),
};

const arith = (name: string, op: (a: number, b: number) => number): Param => (arg) => {
  if (typeof arg !== 'number') throw new Error(`${name} needs a number`);
  return (v, where) => {
    // text as Go's TrimSpace leaves it (Number() alone would also drop U+FEFF and keep U+0085)
    const n = typeof v === 'string' && NUMBER.test(trimSpace(v)) ? Number(trimSpace(v)) : asDouble(v);
    return typeof n === 'number' ? op(n, arg) : refuse(where, v, 'a number');
  };
};

/**
 * A JSON scalar read as a whole number the way upstream's int64FromJSONScalar reads it (chat.go:2270@c7521c1c): a
 * whole number, a kept literal that json.Number.Int64() reads (decimal digits within int64), or decimal integer text
 * (strings.TrimSpace, signed, within int64: strconv.ParseInt; chat.go:2279-2281@c7521c1c). Beyond 2^53 the int64 is a JsonNumber of its decimal digits, so
 * it is sent and printed whole (strconv.FormatInt).
 */
function wholeNumber(v: unknown): number | JsonNumber | undefined {
  // `+ 0`: Go's int64 has no negative zero (a -0 read from a float64 answer is 0)
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v + 0 : undefined;
  const text = v instanceof JsonNumber ? v.literal : typeof v === 'string' ? trimSpace(v) : undefined;
  if (text === undefined || !(v instanceof JsonNumber ? isInt64Literal(v) : INTEGER.test(text))) return undefined;
  return int64Json(BigInt(text));
}

/**
 * `{int: atoi}`: the value Go's `n, _ := strconv.Atoi(s)` keeps on a 64-bit build, whose error is ignored: the integer
 * of an optional sign and decimal digits (nothing trimmed); beyond int64 the nearest end of the range (Atoi's range
 * error returns the clamped value); anything else 0 (its syntax error). Beyond 2^53 the int64 is kept as the literal of
 * its digits (JsonNumber). Whole numbers pass through; each element of a list is read so.
 */
const atoi: Fn = (v, where, ctx) => {
  if (Array.isArray(v)) return v.map((x) => atoi(x, where, ctx));
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v + 0;
  if (typeof v !== 'string' || !INTEGER.test(v)) return 0;
  const n = BigInt(v);
  const clamped = n > 2n ** 63n - 1n ? 2n ** 63n - 1n : n < -(2n ** 63n) ? -(2n ** 63n) : n;
  return Number.isSafeInteger(Number(clamped)) ? Number(clamped) : new JsonNumber(clamped.toString());
};

/**
 * The first JSON object or list of a text that starts with `{` or `[`: up to its closing bracket, strings and their
 * escapes skipped, as one json.Decoder.Decode reads it and leaves the rest unread (h54-a12: a commit answer
 * `{"dentryId":7,"spaceId":8} trailing` is read upstream, chat.go:2294-2298, todo.go:1895-1906@c7521c1c). A text whose
 * brackets never close is returned whole, so that decoding it fails as before.
 */
export function leadingValue(text: string): string {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return text.slice(0, i + 1);
    }
  }
  return text;
}

/**
 * upstream findInt64Field (internal/helpers/chat.go:2235@c7521c1c): in an object the keys in order, a key whose value
 * reads as a whole number giving it; else each of its values in turn (Go walks a map in no fixed order: dws in the
 * object's key order); a list element by element; a text holding a JSON object or list is parsed and searched.
 */
function findWhole(v: unknown, keys: readonly string[]): number | JsonNumber | undefined {
  if (Array.isArray(v)) {
    for (const x of v) {
      const n = findWhole(x, keys);
      if (n !== undefined) return n;
    }
    return undefined;
  }
  if (isObj(v)) {
    for (const k of keys) {
      const n = Object.hasOwn(v, k) ? wholeNumber(v[k]) : undefined;
      if (n !== undefined) return n;
    }
    return findWhole(Object.values(v), keys);
  }
  // the text TrimSpace'd, then decoded when it starts with { or [ (chat.go:2256-2262@c7521c1c)
  if (typeof v === 'string' && /^[[{]/u.test(trimSpace(v))) {
    try {
      // decoded with UseNumber, as upstream's findInt64Field decodes a nested text (chat.go:2260@c7521c1c), by one
      // json.Decoder.Decode (unmarshalJSONUseNumber chat.go:2294-2298): what follows the first value is not read
      return findWhole(parseJsonExact(leadingValue(trimSpace(v))), keys);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A non-blank text, trimmed (Go `strings.TrimSpace(v) != ""` on a `.(string)` value); anything else undefined. */
const filledText = (v: unknown): string | undefined => (typeof v === 'string' && trimSpace(v) !== '' ? trimSpace(v) : undefined);

/**
 * Every object inside a value, depth first, each before what it holds: object values in key order, or, with
 * `sorted`, in code point order of their keys (a Go walk that sorts a map's keys first).
 */
function* nodesOf(v: unknown, sorted = false): Generator<unknown> {
  if (Array.isArray(v)) {
    for (const x of v) yield* nodesOf(x, sorted);
  } else if (isObj(v)) {
    yield v;
    const keys = sorted ? Object.keys(v).sort(byCodePoint) : Object.keys(v);
    for (const k of keys) yield* nodesOf(v[k], sorted);
  }
}

/**
 * upstream collectPermissionUserIDs (internal/shortcut/smart/doc_access.go:288@c7521c1c): every non-blank text held
 * under one of the keys, at any depth, trimmed and without repeats (a Go set), in the order found.
 */
/**
 * The first non-blank text (trimmed as Go's strings.TrimSpace) under one of the keys: at an object its keys in order, then the same search
 * inside the values of the `inside` keys in order (`every`: all its values, in the answer's key order); at a list
 * element by element. Upstream firstSendStatusString (chatmsg/send_status.go:133-152@c7521c1c). Absent when none.
 */
/**
 * The first non-blank text under one of `keys` (see dig_text / deep_text). `lowered` (upstream findStringByKeys,
 * shortcut/aitable/base_composite.go:328-358@c7521c1c: the keys put through Go's strings.ToLower once) matches an
 * object's keys whose ToLower is in it, in the object's own key order, instead of looking the keys up in the order given.
 */
function digText(v: unknown, keys: readonly string[], inside: readonly string[] | 'every', lowered?: ReadonlySet<string>): string | undefined {
  if (Array.isArray(v)) {
    for (const x of v) {
      const t = digText(x, keys, inside, lowered);
      if (t !== undefined) return t;
    }
  } else if (isObj(v)) {
    const own = lowered ? Object.keys(v).filter((k) => lowered.has(goCase(k, 'lower'))) : keys;
    for (const k of own) {
      const x = v[k];
      if (typeof x === 'string' && trimSpace(x) !== '') return trimSpace(x);
    }
    for (const x of inside === 'every' ? Object.values(v) : inside.map((k) => v[k])) {
      const t = digText(x, keys, inside, lowered);
      if (t !== undefined) return t;
    }
  }
  return undefined;
}

/**
 * upstream findCardResponseString (internal/shortcut/chat/chat_message.go:1673-1730@c7521c1c): at an object the first
 * of `keys` holding a text that is not blank, returned as it is (untrimmed); else the same search inside each of the
 * `envelopes` keys in order, then inside the object's other keys (neither `keys` nor `envelopes`) in code point order
 * (Go's sort.Strings); at a list element by element; a text that starts with `{` or `[` once trimmed and parses as
 * JSON is searched as that value. Absent when none.
 */
function envelopeText(v: unknown, keys: readonly string[], envelopes: readonly string[]): string | undefined {
  if (Array.isArray(v)) {
    for (const x of v) {
      const t = envelopeText(x, keys, envelopes);
      if (t !== undefined) return t;
    }
  } else if (isObj(v)) {
    for (const k of keys) {
      const x = Object.hasOwn(v, k) ? v[k] : undefined;
      if (typeof x === 'string' && trimSpace(x) !== '') return x;
    }
    const rest = Object.keys(v).filter((k) => !keys.includes(k) && !envelopes.includes(k)).sort(byCodePoint);
    for (const k of [...envelopes, ...rest]) {
      const t = Object.hasOwn(v, k) ? envelopeText(v[k], keys, envelopes) : undefined;
      if (t !== undefined) return t;
    }
  } else if (typeof v === 'string') {
    const t = trimSpace(v);
    if (t.startsWith('{') || t.startsWith('[')) {
      let nested: unknown;
      try {
        nested = parseJsonExact(t);
      } catch {
        return undefined;
      }
      return envelopeText(nested, keys, envelopes);
    }
  }
  return undefined;
}

function findTexts(v: unknown, keys: readonly string[]): string[] | undefined {
  const found = new Set<string>();
  for (const node of nodesOf(v)) {
    for (const [k, x] of Object.entries(node as Record<string, unknown>)) {
      const t = keys.includes(k) ? filledText(x) : undefined;
      if (t !== undefined) found.add(t);
    }
  }
  return found.size ? [...found] : undefined;
}

/**
 * upstream minutesReplaceTranscriptText (internal/shortcut/smart/replace_batch.go:349-385@c7521c1c): every non-empty
 * text held directly under one of the keys, at any depth (a matched key's value is not searched further), as it is
 * (not trimmed, repeats kept), depth first in key order, joined with newlines; absent when none.
 */
function joinedTexts(v: unknown, keys: readonly string[]): string | undefined {
  const parts: string[] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (isObj(x)) {
      for (const [k, child] of Object.entries(x)) {
        if (!keys.includes(k)) walk(child);
        else if (typeof child === 'string' && child !== '') parts.push(child);
      }
    }
  };
  walk(v);
  return parts.length ? parts.join('\n') : undefined;
}

/** find_records' argument: the fields (output key -> its keys), those a record may lack, and the walk's key order. */
interface RecordsSpec { fields: Record<string, string[]>; optional: string[]; sorted: boolean }

/**
 * upstream collectPermissionRoles (doc_access.go:337@c7521c1c): every object, at any depth, that holds a non-blank
 * text for each field (the first of the field's keys that does, as firstPermissionString), as `{field: text}`. An
 * optional field is left out of a record when no key gives it (collectTemplateCandidates, history_template_shortcuts.go:581).
 */
function findRecords(v: unknown, spec: RecordsSpec): Record<string, string>[] | undefined {
  const out: Record<string, string>[] = [];
  for (const node of nodesOf(v, spec.sorted)) {
    const o = node as Record<string, unknown>;
    const rec: Record<string, string> = {};
    let whole = true;
    for (const [field, keys] of Object.entries(spec.fields)) {
      const t = keys.map((k) => (Object.hasOwn(o, k) ? filledText(o[k]) : undefined)).find((x) => x !== undefined);
      if (t !== undefined) rec[field] = t;
      else if (!spec.optional.includes(field)) whole = false;
    }
    if (whole && Object.keys(rec).length > 0) out.push(rec);
  }
  return out.length ? out : undefined;
}

/** The plain form `{field: [keys]}`, or `{fields: {field: [keys]}, optional?: [field], sorted?: true}`. */
function recordsSpec(arg: unknown): RecordsSpec {
  const bad = () => new Error('find_records needs fields, each a non-empty list of keys (optional: a list of those fields; sorted: true)');
  if (!isObj(arg)) throw bad();
  const long = isObj(arg.fields);
  const fields = long ? arg.fields : arg;
  if (!isObj(fields) || Object.keys(fields).length === 0 || !Object.values(fields).every(keyList)) throw bad();
  if (long && Object.keys(arg).some((k) => !['fields', 'optional', 'sorted'].includes(k))) throw bad();
  const optional = long && arg.optional !== undefined ? arg.optional : [];
  if (!Array.isArray(optional) || !optional.every((f) => typeof f === 'string' && Object.hasOwn(fields, f))) throw bad();
  if (optional.length === Object.keys(fields).length) throw bad();
  if (long && arg.sorted !== undefined && arg.sorted !== true) throw bad();
  return { fields: fields as Record<string, string[]>, optional: optional as string[], sorted: long && arg.sorted === true };
}

/** upstream firstString (review_shortcuts.go:378@c7521c1c): the first of the keys holding a text, as it is (a blank one included); "" when none. */
function firstString(v: unknown, keys: readonly string[]): string {
  if (!isObj(v)) return '';
  const key = keys.find((k) => typeof v[k] === 'string');
  return key === undefined ? '' : v[key] as string;
}

/**
 * upstream projectReviewComments' walk (review_shortcuts.go:308@c7521c1c): every object, depth first (object values
 * in key order), whose firstString over the keys is not empty; a found object's insides are not searched, unless
 * `nested` (upstream findFormViewByID, helpers/aitable.go:848@c7521c1c: a found object that is not the one wanted is
 * searched further, so every object is listed, each before the objects inside it).
 */
function findObjects(v: unknown, keys: readonly string[], nested: boolean, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(v)) {
    for (const x of v) findObjects(x, keys, nested, out);
  } else if (isObj(v)) {
    const found = firstString(v, keys) !== '';
    if (found) out.push(v);
    if (!found || nested) for (const x of Object.values(v)) findObjects(x, keys, nested, out);
  }
  return out;
}

/** The plain form `[key, ...]`, or `{keys: [key, ...], nested?: true}`. */
function objectsSpec(arg: unknown): { keys: string[]; nested: boolean } {
  if (keyList(arg)) return { keys: arg, nested: false };
  const long = isObj(arg) && keyList(arg.keys) && Object.keys(arg).every((k) => k === 'keys' || k === 'nested') && (arg.nested === undefined || arg.nested === true);
  if (!long) throw new Error('find_objects needs a non-empty list of keys, or {keys: [key, ...], nested: true}');
  return { keys: arg.keys as string[], nested: arg.nested === true };
}

const keyList = (keys: unknown): keys is string[] => Array.isArray(keys) && keys.length > 0 && keys.every((k) => typeof k === 'string' && k.length > 0);

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
  /**
   * `{int: strconv}`: the text exactly as Go's strconv.Atoi / strconv.ParseInt(s, 10, 64) reads it: nothing trimmed
   * (` 10` refused), an optional sign, decimal digits (`010` is 10; `0x10`, `1_0`, `1e3`, `3.5` refused), within int64;
   * beyond 2^53 the int64 is kept as the literal of its digits (JsonNumber), so it is sent whole. Numbers pass through
   * when whole. For the bodies that parse a string flag without TrimSpace (upstream lines in each plan's facts).
   */
  int: (arg) => {
    if (arg !== 'strconv' && arg !== 'atoi') throw new Error('int takes the option strconv or atoi');
    if (arg === 'atoi') return atoi;
    const exact: Fn = (v, where, ctx) => {
      if (Array.isArray(v)) return v.map((x) => exact(x, where, ctx));
      if (typeof v === 'string' && !INTEGER.test(v)) return refuse(where, v, 'a decimal integer');
      const n = wholeNumber(v);
      return n ?? refuse(where, v, 'an integer within int64');
    };
    return exact;
  },
  multiply: arith('multiply', (a, b) => a * b),
  add: arith('add', (a, b) => a + b),
  /** an empty value ("" or []) becomes the literal */
  default: (literal) => (v) => (isEmpty(v) || v === undefined ? literal : v),
  /** the first whole number under one of the keys, anywhere in the value (upstream findInt64Field); absent when none */
  find_int: (keys) => {
    if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === 'string' && k.length > 0)) throw new Error('find_int needs a non-empty list of keys');
    return (v) => findWhole(v, keys as string[]);
  },
  /** the first non-blank text under one of `keys`, looking inside the `inside` keys only (upstream firstSendStatusString); absent when none */
  dig_text: (arg) => {
    if (!isObj(arg) || !keyList(arg.keys) || !keyList(arg.inside) || Object.keys(arg).some((k) => k !== 'keys' && k !== 'inside')) throw new Error('dig_text needs {keys: [key, ...], inside: [key, ...]}');
    const keys = [...arg.keys];
    const inside = [...arg.inside];
    return (v) => digText(v, keys, inside);
  },
  /**
   * the first non-blank text under one of the keys, an object's own keys first, then inside every one of its values
   * (upstream nestedStringDeep, shortcut/doc/media_style_shortcuts.go:376-397@c7521c1c: doc +resource-download /
   * +media-preview); dig_text's search entering every value. Deviation: Go walks a map's values in random order, dws
   * in the answer's key order. Absent when none
   */
  deep_text: (arg) => {
    const long = isObj(arg) && Object.keys(arg).every((k) => k === 'keys' || k === 'any_case') && keyList(arg.keys) && (arg.any_case === undefined || typeof arg.any_case === 'boolean');
    if (!keyList(arg) && !long) throw new Error('deep_text needs a non-empty list of keys, or {keys: [key, ...], any_case: true}');
    const names = keyList(arg) ? [...arg] : [...(arg as { keys: string[] }).keys];
    const lowered = !keyList(arg) && (arg as { any_case?: boolean }).any_case === true ? new Set(names.map((k) => goCase(k, 'lower'))) : undefined;
    return (v) => digText(v, names, 'every', lowered);
  },
  /**
   * the first boolean held under one of `keys` (compared ignoring case: Go's strings.ToLower), at any depth: at an
   * object its matching keys in the object's own order (a value that is no boolean passed over), then the same search
   * inside each of its values; at a list element by element (upstream findBoolByKeys, shortcut/aitable/
   * workflow_deploy.go:186-211@c7521c1c: aitable +workflow-deploy reads a listed workflow's enabled/isEnabled so).
   * Deviation: Go walks a map in random order, dws in the answer's key order. Absent when none
   */
  deep_bool: (arg) => {
    if (!isObj(arg) || Object.keys(arg).some((k) => k !== 'keys') || !keyList(arg.keys)) throw new Error('deep_bool needs {keys: [key, ...]}');
    const lowered = new Set((arg.keys as string[]).map((k) => goCase(k, 'lower')));
    const find = (v: unknown): boolean | undefined => {
      if (Array.isArray(v)) {
        for (const x of v) {
          const b = find(x);
          if (b !== undefined) return b;
        }
      } else if (isObj(v)) {
        for (const [k, x] of Object.entries(v)) if (lowered.has(goCase(k, 'lower')) && typeof x === 'boolean') return x;
        for (const x of Object.values(v)) {
          const b = find(x);
          if (b !== undefined) return b;
        }
      }
      return undefined;
    };
    return (v) => find(v);
  },
  /** the first non-blank text under one of `keys`, envelopes first, then the other keys sorted, JSON texts parsed (upstream findCardResponseString); untrimmed; absent when none */
  envelope_text: (arg) => {
    if (!isObj(arg) || !keyList(arg.keys) || !keyList(arg.envelopes) || Object.keys(arg).some((k) => k !== 'keys' && k !== 'envelopes')) throw new Error('envelope_text needs {keys: [key, ...], envelopes: [key, ...]}');
    const keys = [...arg.keys];
    const envelopes = [...arg.envelopes];
    return (v) => envelopeText(v, keys, envelopes);
  },
  /** every non-blank text under one of the keys anywhere in the value (upstream collectPermissionUserIDs); absent when none */
  find_texts: (keys) => {
    if (!keyList(keys)) throw new Error('find_texts needs a non-empty list of keys');
    return (v) => findTexts(v, keys);
  },
  /** every non-empty text directly under one of the keys anywhere in the value, joined with newlines (upstream minutesReplaceTranscriptText); absent when none */
  joined_texts: (keys) => {
    if (!keyList(keys)) throw new Error('joined_texts needs a non-empty list of keys');
    return (v) => joinedTexts(v, keys);
  },
  /** every object anywhere in the value holding a text for each field, as {field: text} (upstream collectPermissionRoles); absent when none */
  find_records: (arg) => {
    const spec = recordsSpec(arg);
    return (v) => findRecords(v, spec);
  },
  /** an object -> the first of the keys holding a text, blank included (Go firstString); "" when none or not an object */
  first_string: (keys) => {
    if (!keyList(keys)) throw new Error('first_string needs a non-empty list of keys');
    return (v) => firstString(v, keys);
  },
  /** every object anywhere in the value whose first_string over the keys is not empty, not searched inside (unless nested); absent when none */
  find_objects: (arg) => {
    const { keys, nested } = objectsSpec(arg);
    return (v) => {
      const found = findObjects(v, keys, nested);
      return found.length ? found : undefined;
    };
  },
  /** the value at a path inside the value */
  get: (p) => {
    if (typeof p !== 'string') throw new Error('get needs a path');
    return (v) => readPath(v, p);
  },
};
