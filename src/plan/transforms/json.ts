// JSON values as a check: text that parses (`--fix-jsonml`: what upstream would have repaired, a plan refuses), and
// the business object an MCP answer must carry before a plan reads or prints it.
import { DwsError } from '../../errors.js';
import { JsonNumber, isInt64Literal } from '../../json-number.js';
import { equalFold } from '../../text/equal-fold.js';
import { trimSpace } from '../../text/space.js';
import { byCodePoint } from '../../text/order.js';
import { isObj, str, type Fn, type Param } from './types.js';

const malformed = (where: string, what: string): never => {
  throw new DwsError('backend_error', `${where}: the answer ${what}, so it proves nothing`, 'read the target to see what it holds now; report the answer shape if it persists');
};

/**
 * Upstream's requireDriveResponse (drive/common.go:79-97 at c7521c1c), the first check of every drive answer: a
 * non-empty object whose `success`, when the key is there (null included), is a boolean, and not false.
 */
function answerEnvelope(v: unknown, where: string): Record<string, unknown> {
  if (!isObj(v) || Object.keys(v).length === 0) return malformed(where, 'is empty');
  if (Object.hasOwn(v, 'success')) {
    if (typeof v.success !== 'boolean') return malformed(where, 'has a success that is not a boolean');
    if (!v.success) {
      // firstString (drive/common.go:198-205@c7521c1c): the first of the keys whose text strings.TrimSpace leaves, trimmed
      const said = ['errorMsg', 'message', 'error'].map((k) => v[k]).find((x) => typeof x === 'string' && trimSpace(x) !== '');
      throw new DwsError('backend_error', `${where}: the backend answered success=false${said !== undefined ? `: ${trimSpace(String(said))}` : ''}`, 'check the target and try again');
    }
  }
  return v;
}

/** The runner's success stamp (app/runner.go:774-783@c7521c1c): an object without `success` gains `success: true`. */
const stamped = (v: unknown): unknown => (isObj(v) && !Object.hasOwn(v, 'success') ? { ...v, success: true } : v);

/**
 * Upstream's requireDriveObject / requireWikiObject (drive/common.go:80-122, wiki/common.go:47-100 at c7521c1c, the
 * same rules), read on the answer as every caller gets it: through the runner, so stamped first. The answer must be a
 * non-empty object whose `success`, when there, is the boolean true; its object is then `result` when that key is
 * there, else `data` when that one is (either must be a non-empty object), else the stamped answer itself, which must
 * hold more than one key: a lone `{success: true}` is no business object, but a raw `{id: x}` is stamped to
 * `{id: x, success: true}` and returned so. An empty answer is refused as empty before the stamp: upstream refuses it
 * too (a blank text is the unstamped `{}`, a JSON `{}` is stamped to a lone `{success: true}`).
 */
export function answerObject(v: unknown, where: string): Record<string, unknown> {
  if (isObj(v) && Object.keys(v).length === 0) return malformed(where, 'is empty');
  const answer = answerEnvelope(stamped(v), where);
  for (const wrapper of ['result', 'data']) {
    if (!Object.hasOwn(answer, wrapper)) continue;
    const inner = answer[wrapper];
    return isObj(inner) && Object.keys(inner).length > 0 ? inner : malformed(where, `has a ${wrapper} that is not a non-empty object`);
  }
  return Object.keys(answer).length === 1 ? malformed(where, 'holds a single key and no result or data object') : answer;
}

/**
 * Upstream's requireDriveCollection (drive/common.go:136-174 at c7521c1c): after the envelope check, a `result` and a
 * `data` key, when there, must hold objects (null is not one: Go sees the key); the list is the first of `keys`
 * present in the answer, then in result, then in data, and it and each of its elements must be a list and objects
 * (a key holding null is present, so refused, as upstream). `{list, page}`: the list and the object holding it (its
 * cursor keys are the page's, upstream addDrivePagination). No list under any key is refused: a missing list is not
 * an empty one.
 */
export function answerList(keys: readonly string[], v: unknown, where: string): { list: unknown[]; page: Record<string, unknown> } {
  const answer = answerEnvelope(v, where);
  const holders = [answer];
  for (const wrapper of ['result', 'data']) {
    if (!Object.hasOwn(answer, wrapper)) continue;
    const inner = answer[wrapper];
    if (!isObj(inner)) return malformed(where, `has a ${wrapper} that is not an object`);
    holders.push(inner);
  }
  for (const page of holders) {
    const key = keys.find((k) => Object.hasOwn(page, k));
    if (key === undefined) continue;
    const list = page[key];
    if (!Array.isArray(list)) return malformed(where, `has a ${key} that is not a list`);
    const bad = list.findIndex((x) => !isObj(x));
    if (bad >= 0) return malformed(where, `has a list whose element ${bad + 1} (${key}[${bad}]) is not an object`);
    return { list, page };
  }
  return malformed(where, `has no list under ${keys.join(', ')} (at the top, or inside result or data): a missing list is not an empty one`);
}

/**
 * An answer unwrapped as upstream's decodeFileCommentPayload does (helpers/file_comment.go:432-455@c7521c1c): while
 * the object in hand lacks `key` and at most `depth` times, step into the first of `through` that holds an object; the
 * object reached is the payload (the answer itself when it is not an object). Without `key` it steps in while one of
 * `through` holds an object (Go's `for { r, ok := data["result"].(map[string]any); if !ok { break }; data = r }`:
 * chat +messages-resource-download's resourceDownloadInfo, resource_download.go:239-246@c7521c1c).
 */
export function unwrapUntil(v: unknown, key: string | undefined, through: readonly string[], depth: number): unknown {
  let payload = v;
  for (let level = 0; level < depth && isObj(payload) && (key === undefined || !Object.hasOwn(payload, key)); level++) {
    const inner = through.map((k) => (payload as Record<string, unknown>)[k]).find(isObj);
    if (inner === undefined) break;
    payload = inner;
  }
  return payload;
}

/** `{answer_list: [key, ...]}`: the keys upstream names for the collection, in its order (checked at build). */
/**
 * A Go type a `go_decode` shape names: `bool`, `string`, `int` (int64), `float64`, `any` (interface{}: any JSON value
 * as it is), a struct (`{field: shape}`, the field's JSON name) or a slice (`[shape]`).
 */
export type GoShape = 'bool' | 'string' | 'int' | 'float64' | 'any' | GoShape[] | { [field: string]: GoShape };

/**
 * A `go_decode_json` shape: a GoShape, `raw` (json.RawMessage: the value's text, compacted as json.Compact writes
 * it; JSON null is the text `null`) or `{"*": shape}` (a pointer: JSON null makes it nil, an object decodes into what
 * it points at, so a repeated key's objects merge).
 */
type TextShape = 'bool' | 'string' | 'int' | 'float64' | 'any' | 'raw' | TextShape[] | { [field: string]: TextShape };

const isPointer = (shape: TextShape): shape is { '*': TextShape } => isObj(shape) && Object.keys(shape).length === 1 && Object.hasOwn(shape, '*');

/**
 * The build-time check of a shape: the problem, or undefined. `text`: a go_decode_json shape, which may also hold
 * `raw` and pointers (TextShape).
 */
function shapeProblem(shape: unknown, text = false): string | undefined {
  if (shape === 'bool' || shape === 'string' || shape === 'int' || shape === 'float64' || shape === 'any') return undefined;
  if (text && shape === 'raw') return undefined;
  if (text && isObj(shape) && isPointer(shape as TextShape)) return shapeProblem(shape['*'], text);
  if (Array.isArray(shape)) return shape.length === 1 ? shapeProblem(shape[0], text) : 'a slice shape is a list of one element shape';
  if (isObj(shape)) {
    if (Object.keys(shape).length === 0) return 'a struct shape names at least one field';
    for (const field of Object.values(shape)) {
      const problem = shapeProblem(field, text);
      if (problem) return problem;
    }
    return undefined;
  }
  return `${JSON.stringify(shape)} is not bool, string, int, float64, any, [shape] or {field: shape}`;
}

/** Go's zero value of a shape: false, "", 0, a nil slice, interface, pointer or RawMessage (null), a struct of zero fields. */
function goZero(shape: TextShape): unknown {
  if (shape === 'any' || shape === 'raw' || isPointer(shape)) return null;
  if (shape === 'bool') return false;
  if (shape === 'string') return '';
  if (shape === 'int' || shape === 'float64') return 0;
  if (Array.isArray(shape)) return null;
  return Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, goZero(s)]));
}

/** A JSON number as a JavaScript number (a kept literal read as float64), or undefined when the value is no number. */
const numberOf = (v: unknown): number | undefined => (typeof v === 'number' ? v : v instanceof JsonNumber ? Number(v.literal) : undefined);

/**
 * Go's decode of a scalar into a Go value of a scalar `shape` that holds `prev` (the value is no JSON null): the value
 * it then holds and whether it decoded. interface{} takes any JSON value as it is (todoListAutoPage's []any cards,
 * helpers/todo.go:1840-1845@c7521c1c); an int takes only a whole-number literal within int64 (a kept literal such as
 * `1.0` or `1e0` fails, as Go's strconv.ParseInt does).
 */
function goDecodeScalar(shape: 'bool' | 'string' | 'int' | 'float64' | 'any', v: unknown, prev: unknown): { value: unknown; ok: boolean } {
  if (shape === 'any') return { value: v, ok: true };
  if (shape === 'bool') return typeof v === 'boolean' ? { value: v, ok: true } : { value: prev, ok: false };
  if (shape === 'string') return typeof v === 'string' ? { value: v, ok: true } : { value: prev, ok: false };
  if (shape === 'float64') {
    const n = numberOf(v);
    return n === undefined ? { value: prev, ok: false } : { value: n, ok: true };
  }
  if (v instanceof JsonNumber) return isInt64Literal(v) ? { value: Number.isSafeInteger(Number(v.literal)) ? Number(v.literal) : v, ok: true } : { value: prev, ok: false };
  return typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? { value: v, ok: true } : { value: prev, ok: false };
}

/**
 * What the decoder reads of a JSON value, one view per form it comes in: a parsed value (`go_decode`) or the
 * JsonNodes of its text (`go_decode_json`, below), so both decode by one walk (goDecodeWalk).
 */
interface DecodeView<N> {
  /** JSON null */
  isNull(n: N): boolean;
  /** an array's elements, or undefined for anything else */
  items(n: N): readonly N[] | undefined;
  /** an object's members in order (a repeated key once per occurrence), or undefined for anything else */
  members(n: N): Iterable<[string, N]> | undefined;
  /** the value as a parsed value (for a scalar shape or interface{}) */
  plain(n: N): unknown;
  /** the value's text compacted as json.Compact writes it (json.RawMessage) */
  raw(n: N): unknown;
}

/**
 * Go's json decode of one value (seen through `view`) into a Go value of `shape` that holds `prev`: the value it then
 * holds and whether every part decoded. As Go, a type mismatch is remembered and the rest still decoded; a JSON null
 * leaves a value as it was (a slice, interface or pointer becomes nil); an object's keys match a struct's fields
 * exactly, else ignoring case (EqualFold), unknown keys ignored (with `strict`, DisallowUnknownFields, they fail the
 * decode), each occurrence of a key decoded in turn into what an earlier one left; a list decodes into a slice element
 * by element, each into what that element held; a pointer decodes into what it points at (a repeated key's objects merge).
 */
function goDecodeWalk<N>(view: DecodeView<N>, shape: TextShape, n: N, prev: unknown, strict: boolean): { value: unknown; ok: boolean } {
  if (shape === 'raw') return { value: view.raw(n), ok: true };
  if (view.isNull(n)) return { value: isPointer(shape) || Array.isArray(shape) || shape === 'any' ? null : prev, ok: true };
  if (isPointer(shape)) return goDecodeWalk(view, shape['*'], n, prev ?? goZero(shape['*']), strict);
  if (typeof shape === 'string') return goDecodeScalar(shape, view.plain(n), prev);
  if (Array.isArray(shape)) {
    const items = view.items(n);
    if (items === undefined) return { value: prev, ok: false };
    const before = Array.isArray(prev) ? prev : [];
    let ok = true;
    const value = items.map((item, i) => {
      const r = goDecodeWalk(view, shape[0], item, i < before.length ? before[i] : goZero(shape[0]), strict);
      ok &&= r.ok;
      return r.value;
    });
    return { value, ok };
  }
  const members = view.members(n);
  if (members === undefined) return { value: prev, ok: false };
  const out: Record<string, unknown> = isObj(prev) ? { ...prev } : (goZero(shape) as Record<string, unknown>);
  const fields = Object.keys(shape);
  let ok = true;
  for (const [key, child] of members) {
    const field = Object.hasOwn(shape, key) ? key : fields.find((f) => equalFold(f, key));
    if (field === undefined) {
      if (strict) ok = false;
      continue;
    }
    const r = goDecodeWalk(view, shape[field]!, child, out[field], strict);
    out[field] = r.value;
    ok &&= r.ok;
  }
  return { value: out, ok };
}

/** A parsed value as the decoder reads it (go_decode's shapes hold no raw, so `raw` is never asked for). */
const VALUE_VIEW: DecodeView<unknown> = {
  isNull: (v) => v === null,
  items: (v) => (Array.isArray(v) ? v : undefined),
  members: (v) => (isObj(v) ? Object.entries(v) : undefined),
  plain: (v) => v,
  raw: (v) => JSON.stringify(v),
};

/** `go_decode`: an answer -> `{ok: true, value}` when Go's json.Unmarshal into `shape` succeeds, else `{ok: false}`. */
export function goDecode(shape: GoShape, v: unknown): { ok: boolean; value?: unknown } {
  const r = goDecodeWalk(VALUE_VIEW, shape, v, goZero(shape), false);
  return r.ok ? { ok: true, value: r.value } : { ok: false };
}

/**
 * How Go's encoding/json writes a value (encode.go at go 1.25, upstream's go.mod): `keys: sorted` for a map (keys in
 * byte order, which is code point order), `declared` for a struct (its fields in declaration order: the object's own
 * order); `html: escape` for json.Marshal and MarshalIndent, `keep` for an Encoder with SetEscapeHTML(false)
 * (upstream marshalJSONRaw, helpers/chat.go:1280@c7521c1c).
 */
export interface GoJsonStyle { keys: 'sorted' | 'declared'; html: 'escape' | 'keep'; indent?: string }

const GO_SHORT_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };
const hex4 = (c: number) => `\\u${c.toString(16).padStart(4, '0')}`;

/**
 * A Go string as encoding/json's appendString writes it: `"` and `\` escaped, \n \r \t \b \f short, other controls
 * below U+0020 as \u00xx, U+2028 and U+2029 always as \u2028/\u2029, `<`, `>`, `&` as \u003c... only with html
 * escape; everything else as it is (DEL and non-ASCII unescaped). A lone surrogate (an answer's `"\ud800"`, which
 * Go's decoder turns into U+FFFD) is written as that U+FFFD.
 */
function goString(s: string, html: boolean): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff) {
      out += ch + s[++i];
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += '\ufffd';
    } else if (Object.hasOwn(GO_SHORT_ESCAPES, ch)) {
      out += GO_SHORT_ESCAPES[ch];
    } else if (c < 0x20 || c === 0x2028 || c === 0x2029 || (html && (ch === '<' || ch === '>' || ch === '&'))) {
      out += hex4(c);
    } else {
      out += ch;
    }
  }
  return `${out}"`;
}

/**
 * A value as Go's encoding/json writes it in `style` (see GoJsonStyle); with `indent`, as MarshalIndent(v, "", indent)
 * lays it out. A number is a float64 as Go writes one (shortest digits; exponent form below 1e-6 and from 1e21, as
 * JavaScript's; -0 as `-0`), a kept literal (JsonNumber) bare as typed; an absent member of an object is left out.
 */
export function goMarshal(v: unknown, style: GoJsonStyle): string | undefined {
  const html = style.html === 'escape';
  const nl = style.indent === undefined ? undefined : '\n';
  const write = (x: unknown, depth: number): string | undefined => {
    if (x === undefined || typeof x === 'function' || typeof x === 'symbol') return undefined;
    if (x === null) return 'null';
    if (x instanceof JsonNumber) return x.literal;
    if (typeof x === 'string') return goString(x, html);
    if (typeof x === 'boolean') return String(x);
    if (typeof x === 'number') return Number.isFinite(x) ? (Object.is(x, -0) ? '-0' : JSON.stringify(x)) : 'null';
    if (typeof x === 'bigint') return x.toString();
    const pad = (d: number) => (nl === undefined ? '' : nl + (style.indent as string).repeat(d));
    const colon = nl === undefined ? ':' : ': ';
    if (Array.isArray(x)) {
      if (x.length === 0) return '[]';
      return `[${x.map((e) => pad(depth + 1) + (write(e, depth + 1) ?? 'null')).join(',')}${pad(depth)}]`;
    }
    const o = x as Record<string, unknown>;
    if (typeof (o as { toJSON?: unknown }).toJSON === 'function') return write((o as { toJSON: () => unknown }).toJSON(), depth);
    const keys = style.keys === 'sorted' ? Object.keys(o).sort(byCodePoint) : Object.keys(o);
    const members = keys.flatMap((k) => {
      const w = write(o[k], depth + 1);
      return w === undefined ? [] : [`${pad(depth + 1)}${goString(k, html)}${colon}${w}`];
    });
    return members.length === 0 ? '{}' : `{${members.join(',')}${pad(depth)}}`;
  };
  return write(v, 0);
}

const JSON_SPACE = new Set([' ', '\t', '\n', '\r']);

/**
 * The raw text of one JSON text's value at `keys` (at each level the last member of that name, as a decoder keeps it),
 * with the whitespace outside strings removed as Go's json.Compact removes it: every other byte as written (escapes,
 * number spellings, key order, repeated keys). Undefined when the text is not JSON or a key is missing on the way.
 */
export function jsonCompactAt(text: string, keys: readonly string[]): string | undefined {
  let i = 0;
  const space = () => {
    while (i < text.length && JSON_SPACE.has(text[i])) i++;
  };
  const fail = (): never => {
    throw new SyntaxError('not JSON');
  };
  const stringEnd = () => {
    if (text[i] !== '"') fail();
    for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    if (i >= text.length) fail();
    i++;
  };
  /** skips one value; at `depth` < keys.length inside an object, returns the span of the wanted member's value */
  const value = (depth: number): [number, number] | undefined => {
    space();
    const start = i;
    let found: [number, number] | undefined;
    if (text[i] === '{') {
      i++;
      space();
      if (text[i] === '}') i++;
      else {
        for (;;) {
          space();
          const k0 = i;
          stringEnd();
          const key = JSON.parse(text.slice(k0, i)) as string;
          space();
          if (text[i++] !== ':') fail();
          const wanted = depth < keys.length && key === keys[depth];
          const inner = value(wanted ? depth + 1 : keys.length + 1);
          if (wanted) found = inner;
          space();
          if (text[i] === ',') i++;
          else if (text[i++] === '}') break;
          else fail();
        }
      }
    } else if (text[i] === '[') {
      i++;
      space();
      if (text[i] === ']') i++;
      else {
        for (;;) {
          value(keys.length + 1);
          space();
          if (text[i] === ',') i++;
          else if (text[i++] === ']') break;
          else fail();
        }
      }
    } else if (text[i] === '"') {
      stringEnd();
    } else {
      const scalar = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null/uy;
      scalar.lastIndex = i;
      if (!scalar.test(text)) fail();
      i = scalar.lastIndex;
    }
    return depth === keys.length ? [start, i] : found;
  };
  let span: [number, number] | undefined;
  try {
    span = value(0);
    space();
    if (i !== text.length) return undefined;
  } catch {
    return undefined;
  }
  if (span === undefined) return undefined;
  let out = '';
  for (let j = span[0]; j < span[1]; j++) {
    const c = text[j];
    if (c === '"') {
      const from = j;
      for (j++; text[j] !== '"'; j++) if (text[j] === '\\') j++;
      out += text.slice(from, j + 1);
    } else if (!JSON_SPACE.has(c)) out += c;
  }
  return out;
}

const GO_HTML_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * A JSON text as Go's json.MarshalIndent(json.RawMessage(text), "", indent) writes it (encoding/json at go 1.25): the
 * text compacted as the encoder compacts a RawMessage (appendCompact with HTML escaping: whitespace outside strings
 * dropped, `<`, `>`, `&`, U+2028, U+2029 written `\u003c`..., every other character, escape, number spelling, key
 * order and repeated key as written), then laid out as json.Indent lays it out (one member or element a line, `": "`,
 * an empty object or list kept as `{}` / `[]`), without a final newline. Undefined when the text is not one JSON value.
 */
export function goIndentRaw(text: string, indent: string): string | undefined {
  const compact = jsonCompactAt(text, []);
  if (compact === undefined) return undefined;
  const newline = (depth: number) => `\n${indent.repeat(depth)}`;
  let out = '';
  let depth = 0;
  // json.Indent delays the newline after `{` / `[` so that an empty object or list stays on its line
  let needIndent = false;
  for (let i = 0; i < compact.length; i++) {
    const c = compact[i];
    if (needIndent && c !== '}' && c !== ']') {
      needIndent = false;
      out += newline(++depth);
    }
    if (c === '"') {
      let j = i + 1;
      for (; compact[j] !== '"'; j++) if (compact[j] === '\\') j++;
      out += compact.slice(i, j + 1).replace(/[<>&\u2028\u2029]/gu, (ch) => GO_HTML_ESCAPES[ch]);
      i = j;
    } else if (c === '{' || c === '[') {
      needIndent = true;
      out += c;
    } else if (c === ',') {
      out += c + newline(depth);
    } else if (c === ':') {
      out += ': ';
    } else if (c === '}' || c === ']') {
      if (needIndent) needIndent = false;
      else out += newline(--depth);
      out += c;
    } else {
      out += c;
    }
  }
  return out;
}

/** A JSON text as a decoder meets it: an object's members in order, a repeated key kept, each value's own text. */
type JsonNode = { members: [string, JsonNode][]; text: string } | { items: JsonNode[]; text: string } | { scalar: unknown; text: string };

/** Reads one JSON text into JsonNodes (undefined when it is not exactly one JSON value: Go's decoder refuses it). */
function readJsonNodes(text: string): JsonNode | undefined {
  let i = 0;
  const space = () => {
    while (i < text.length && JSON_SPACE.has(text[i])) i++;
  };
  const fail = (): never => {
    throw new SyntaxError('not JSON');
  };
  const stringAt = (): string => {
    const from = i;
    if (text[i] !== '"') fail();
    for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    if (i >= text.length) fail();
    i++;
    return JSON.parse(text.slice(from, i)) as string;
  };
  const node = (): JsonNode => {
    space();
    const start = i;
    if (text[i] === '{') {
      i++;
      const members: [string, JsonNode][] = [];
      space();
      if (text[i] === '}') i++;
      else {
        for (;;) {
          space();
          const key = stringAt();
          space();
          if (text[i++] !== ':') fail();
          members.push([key, node()]);
          space();
          if (text[i] === ',') i++;
          else if (text[i++] === '}') break;
          else fail();
        }
      }
      return { members, text: text.slice(start, i) };
    }
    if (text[i] === '[') {
      i++;
      const items: JsonNode[] = [];
      space();
      if (text[i] === ']') i++;
      else {
        for (;;) {
          items.push(node());
          space();
          if (text[i] === ',') i++;
          else if (text[i++] === ']') break;
          else fail();
        }
      }
      return { items, text: text.slice(start, i) };
    }
    if (text[i] === '"') return { scalar: stringAt(), text: text.slice(start, i) };
    const scalar = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null/uy;
    scalar.lastIndex = i;
    if (!scalar.test(text)) fail();
    i = scalar.lastIndex;
    return { scalar: JSON.parse(text.slice(start, i)) as unknown, text: text.slice(start, i) };
  };
  try {
    const root = node();
    space();
    return i === text.length ? root : undefined;
  } catch {
    return undefined;
  }
}

/** A JsonNode as the decoder reads it: a repeated key is met once per occurrence, a value keeps its own text. */
const NODE_VIEW: DecodeView<JsonNode> = {
  isNull: (n) => 'scalar' in n && n.scalar === null,
  items: (n) => ('items' in n ? n.items : undefined),
  members: (n) => ('members' in n ? n.members : undefined),
  plain: (n) => ('scalar' in n ? n.scalar : JSON.parse(n.text)),
  raw: (n) => jsonCompactAt(n.text, []),
};

const GO_JSON_OPTIONS: Record<string, readonly string[]> = { keys: ['sorted', 'declared'], html: ['escape', 'keep'] };

export const PARAM: Record<string, Param> = {
  /**
   * `{json_compact_at: [key, ...]}`: JSON text -> the text of the value at the keys as written, compacted as Go's
   * json.Compact (jsonCompactAt; `[]`: the whole text); absent when the text is not JSON or has no such member
   */
  json_compact_at: (arg) => {
    if (!Array.isArray(arg) || !arg.every((k) => typeof k === 'string' && k !== '')) throw new Error('json_compact_at needs a list of keys (may be empty)');
    const keys = [...arg] as string[];
    return (v, where) => jsonCompactAt(str(v, where), keys);
  },
  /**
   * `{go_json: {keys: sorted|declared, html: escape|keep}}`: the value as upstream's Go code writes it (goMarshal);
   * each option defaults to the plain `go_json`'s (sorted, escape)
   */
  go_json: (arg) => {
    if (!isObj(arg) || Object.keys(arg).length === 0
      || !Object.entries(arg).every(([k, x]) => Object.hasOwn(GO_JSON_OPTIONS, k) && GO_JSON_OPTIONS[k].includes(x as string))) {
      throw new Error('go_json takes {keys: sorted|declared, html: escape|keep} (one or both)');
    }
    const style = { keys: 'sorted', html: 'escape', ...arg } as GoJsonStyle;
    return (v) => goMarshal(v, style);
  },
  /**
   * `{go_decode: shape}`: an answer -> `{ok: true, value}` as Go's json.Unmarshal into the typed struct the shape
   * names fills it (zero values for what is missing), or `{ok: false}` when it fails (see goDecodeWalk)
   */
  go_decode: (arg) => {
    const problem = shapeProblem(arg);
    if (problem) throw new Error(`go_decode needs a Go shape: ${problem}`);
    return (v) => goDecode(arg as GoShape, v);
  },
  /**
   * `{go_decode_json: {shape, unknown: refuse|ignore}}`: JSON text -> `{ok: true, value}` as a json.Decoder (with
   * DisallowUnknownFields for `refuse`) decodes it into the typed value the shape names, read from the text so a
   * repeated key is decoded in turn (a pointer's objects merge, a later scalar wins) and a key matches its field
   * ignoring case; `{ok: false}` when that fails or the text is not one JSON value (readJsonNodes, goDecodeWalk over NODE_VIEW; h35-misc,
   * whiteboard update's file, whiteboard.go:220-226@c7521c1c)
   */
  go_decode_json: (arg) => {
    const a = arg as { shape?: unknown; unknown?: unknown } | null;
    if (!isObj(a) || Object.keys(a).some((k) => k !== 'shape' && k !== 'unknown') || (a.unknown !== 'refuse' && a.unknown !== 'ignore')) {
      throw new Error('go_decode_json needs {shape, unknown: refuse|ignore}');
    }
    const problem = shapeProblem(a.shape, true);
    if (problem) throw new Error(`go_decode_json needs a Go shape: ${problem}`);
    const shape = a.shape as TextShape;
    const strict = a.unknown === 'refuse';
    return (v, where) => {
      const root = readJsonNodes(str(v, where));
      if (root === undefined) return { ok: false };
      const r = goDecodeWalk(NODE_VIEW, shape, root, goZero(shape), strict);
      return r.ok ? { ok: true, value: r.value } : { ok: false };
    };
  },
  /** `{unwrap_until: {key, through: [...], depth}}`: see unwrapUntil (checked at build) */
  unwrap_until: (arg) => {
    const a = arg as { key?: unknown; through?: unknown; depth?: unknown } | null;
    if (!isObj(a) || (a.key !== undefined && (typeof a.key !== 'string' || a.key === '')) || !Array.isArray(a.through) || a.through.length === 0
      || !a.through.every((k) => typeof k === 'string' && k !== '') || !Number.isInteger(a.depth) || (a.depth as number) < 1) {
      throw new Error('unwrap_until needs {key?: <text>, through: [<key>, ...], depth: <whole number above 0>}');
    }
    const { key, through, depth } = a as { key?: string; through: string[]; depth: number };
    return (v) => unwrapUntil(v, key, through, depth);
  },
  answer_list: (arg) => {
    if (!Array.isArray(arg) || arg.length === 0 || !arg.every((k) => typeof k === 'string' && k !== '')) throw new Error('answer_list needs the list of keys the collection may be under');
    const keys = [...arg] as string[];
    return (v, where) => answerList(keys, v, where);
  },
};

export const PLAIN: Record<string, Fn> = {
  /**
   * the value as Go's json.Marshal writes a map (h33-chat; e.g. broadcast.go:85, unified_send.go:502@c7521c1c): compact,
   * object keys in code point order at every level, <, >, &, U+2028, U+2029 escaped (goMarshal)
   */
  go_json: (v) => goMarshal(v, { keys: 'sorted', html: 'escape' }),
  /**
   * the value as Go's json.MarshalIndent(v, "", "  ") writes a map, then a newline (upstream writeJSONFile,
   * minutes/workflows.go:849@c7521c1c)
   */
  go_json_indent: (v) => `${goMarshal(v, { keys: 'sorted', html: 'escape', indent: '  ' })}\n`,
  /**
   * a JSON text as Go's json.MarshalIndent(json.RawMessage(text), "", "  ") writes it (goIndentRaw: compacted with
   * HTML escaping, then indented; everything else as written); absent when the text is not one JSON value
   */
  go_indent_raw: (v, where) => goIndentRaw(str(v, where), '  '),
  /** text -> true when it parses as JSON (any value), else false */
  is_json: (v, where) => {
    try {
      JSON.parse(str(v, where));
      return true;
    } catch {
      return false;
    }
  },
  /**
   * an MCP answer -> the object upstream's shortcuts and helpers read after its runner's success stamp
   * (app/runner.go:774-783, tool_caller_adapter.go:160-193, shortcut/runner.go:255-271@c7521c1c): an object without a
   * `success` key gains `success: true` (a copy, its keys kept), any other object is as it came; an answer that is not
   * one JSON object (a list, null, other text) is null, the nil map the runner hands on
   */
  runner_stamp: (v) => (isObj(v) ? stamped(v) : null),
  /** an MCP answer -> its business object (upstream requireDriveObject/requireWikiObject), or backend_error */
  answer_object: answerObject,
  /** an MCP answer -> absent when answer_object accepts it, else the message it refuses it with (a read that may fail) */
  answer_object_error: (v, where) => {
    try {
      answerObject(v, where);
      return undefined;
    } catch (e) {
      if (e instanceof DwsError) return e.message;
      throw e;
    }
  },
};
