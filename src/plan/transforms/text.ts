// Text transforms: case, whitespace, JSON, templates and lengths.
import { goCase } from '../../text/go-case.js';
import { isUnsafeCodePoint } from '../../text/unsafe.js';
import { parseJsonExactWellFormed, parseJsonGo } from '../../json-well-formed.js';
import { positive, refuse, str, type Fn, type Param } from './types.js';
import { trimSpace } from '../../contract/values.js';
import { goFloatText, goQuote, goSharpV, goSprint } from '../../go-fmt.js';
import { isObj } from './types.js';
import { JsonNumber, stringifyJson } from '../../json-number.js';

/**
 * upstream devAppContentString (helpers/devapp.go:2650-2659@c7521c1c): null is no text (""); a text trimmed; any other
 * value as Go's fmt.Sprint writes it, trimmed: a number as %v (1e+06), a boolean as true/false, a list as `[a b]`, an
 * object as `map[k:v]` (h33-chat, sw32-9: before, a list or an object was no text and the search went on).
 */
const goContentText = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'string' ? trimSpace(v) : trimSpace(goSprint(v)));

const eachString = (f: (s: string) => unknown): Fn => (v) =>
  Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? f(x) : x)) : typeof v === 'string' ? f(v) : v;

const text = (v: unknown) => (typeof v === 'string' ? v : stringifyJson(v));

const SIMPLE_ESCAPES: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92, '"': 34 };

/**
 * Go's strconv.Unquote of `"` + s + `"` (inner quotes escaped first), as upstream's unescapeLiteralContent: the
 * escapes \n \t \r \\ \" \a \b \f \v, \xHH and \NNN (bytes), \uXXXX and \UXXXXXXXX (runes) become what they
 * stand for; a text Go cannot unquote (an unknown escape, a raw newline, a quote after a backslash) stays as it is.
 */
function unescapeLiteral(s: string): string {
  if (!s.includes('\\')) return s;
  const q = s.split('"').join('\\"');
  const out: number[] = [];
  const hex = (at: number, n: number) => (/^[0-9a-fA-F]+$/u.test(q.slice(at, at + n)) && q.length >= at + n ? parseInt(q.slice(at, at + n), 16) : -1);
  for (let i = 0; i < q.length;) {
    const cp = q.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    if (ch === '\n' || ch === '"') return s;
    if (ch !== '\\') {
      out.push(...Buffer.from(ch, 'utf8'));
      i += ch.length;
      continue;
    }
    const e = q[i + 1];
    if (e === undefined) return s;
    if (Object.hasOwn(SIMPLE_ESCAPES, e)) {
      out.push(SIMPLE_ESCAPES[e]);
      i += 2;
    } else if (e === 'x') {
      const b = hex(i + 2, 2);
      if (b < 0) return s;
      out.push(b);
      i += 4;
    } else if (e >= '0' && e <= '7') {
      const oct = q.slice(i + 1, i + 4);
      if (!/^[0-7]{3}$/u.test(oct) || parseInt(oct, 8) > 255) return s;
      out.push(parseInt(oct, 8));
      i += 4;
    } else if (e === 'u' || e === 'U') {
      const n = e === 'u' ? 4 : 8;
      const r = hex(i + 2, n);
      if (r < 0 || r > 0x10ffff || (r >= 0xd800 && r <= 0xdfff)) return s;
      out.push(...Buffer.from(String.fromCodePoint(r), 'utf8'));
      i += 2 + n;
    } else return s;
  }
  return Buffer.from(out).toString('utf8');
}

/** upstream splitDocMarkdown: pieces of at most n code points, each cut after the last newline inside its window. */
function splitText(s: string, n: number): string[] {
  const cps = [...s];
  if (cps.length <= n) return [s];
  const out: string[] = [];
  for (let start = 0; start < cps.length;) {
    let end = start + n;
    if (end >= cps.length) end = cps.length;
    else {
      for (let cut = end; cut > start; cut--) {
        if (cps[cut - 1] === '\n') {
          end = cut;
          break;
        }
      }
    }
    out.push(cps.slice(start, end).join(''));
    start = end;
  }
  return out;
}

const TITLE_FALLBACK = '消息';

/** upstream truncateTitleToBytes(s, 100, 30): at most 30 code points and 97 UTF-8 bytes, then "..." when cut. */
function truncateTitle(s: string): string {
  const all = [...s];
  const runes = all.slice(0, 30);
  while (Buffer.byteLength(runes.join(''), 'utf8') > 97) runes.pop();
  return runes.length < all.length ? `${runes.join('')}...` : runes.join('');
}

/**
 * upstream sanitizeTitleFromText (helpers/chat.go:1226): a blank text is "消息"; the (trimmed) text before the first
 * https:// (then http://) when there is some; a text starting with a URL or holding a % (escapes the backend may
 * refuse) is "消息"; else the text itself, cut as truncateTitle does.
 */
function messageTitle(text: string): string {
  if (trimSpace(text) === '') return TITLE_FALLBACK;
  for (const prefix of ['https://', 'http://']) {
    const at = text.indexOf(prefix);
    if (at > 0 && trimSpace(text.slice(0, at)) !== '') return truncateTitle(trimSpace(text.slice(0, at)));
  }
  if (text.startsWith('https://') || text.startsWith('http://') || text.includes('%')) return TITLE_FALLBACK;
  return truncateTitle(text);
}

/**
 * Upstream extractNodeIDFromDocURL (helpers/import_flow.go:562@c7521c1c): the last segment of a URL's path, decoded,
 * trailing slashes ignored; '' when the URL has no path (an opaque `mailto:x`, a bare host) or does not parse as Go's
 * url.Parse parses it (a leading colon, a colon in the first segment of a relative path, a bad %-escape).
 */
export function urlPathBase(raw: string): string {
  let rest = raw;
  for (const mark of ['#', '?']) if (rest.includes(mark)) rest = rest.slice(0, rest.indexOf(mark));
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/u.exec(rest);
  if (scheme) {
    rest = rest.slice(scheme[0].length);
    if (!rest.startsWith('/')) return '';
  } else if (rest.split('/')[0].includes(':')) return '';
  if (rest.startsWith('//')) rest = rest.includes('/', 2) ? rest.slice(rest.indexOf('/', 2)) : '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return '';
  }
  const trimmed = decoded.replace(/\/+$/u, '');
  const base = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return base === '.' ? '' : base;
}

/**
 * The whole number Go's `fmt.Sscanf(text, "%d", &n)` reads from the start of a text (fmt/scan.go): fmt's spaces skipped
 * (a newline, or a carriage return before one, ends the scan), an optional sign, then at least one decimal digit; the
 * rest of the text is not read. Absent when no digit comes first or the number is outside Go's int64 (Sscanf's error).
 * A number beyond 2^53 is written as JavaScript's nearest (upstream prints it exactly).
 */
export function scanInt(text: string): number | undefined {
  const m = /^(?:[\t\v\f \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]|\r(?!\n))*([+-]?[0-9]+)/u.exec(text);
  if (!m) return undefined;
  const n = BigInt(m[1]);
  return n > 9223372036854775807n || n < -9223372036854775808n ? undefined : Number(n);
}

/**
 * Go's url.QueryEscape: every UTF-8 byte outside A-Z a-z 0-9 `-_.~` as `%XX` (upper-case hex), a space as `+`.
 */
export function goQueryEscape(text: string): string {
  let out = '';
  for (const b of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/u.test(c)) out += c;
    else if (b === 0x20) out += '+';
    else out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** A typed text as a refusal quotes it: at most 80 characters. */
const clip = (s: string): string => (s.length > 80 ? s.slice(0, 80) + '...' : s);

export const PLAIN: Record<string, Fn> = {
  /** a text as Go's strconv.Quote / fmt %q writes it (goQuote), e.g. a field name in an upstream warning */
  go_quote: (v, where) => goQuote(str(v, where)),
  /** any decoded JSON value as Go's %#v of it held in an `any` writes it (goSharpV), e.g. a read-back cell in an upstream error */
  go_sharp_v: (v) => goSharpV(v),
  url_path_base: (v, where) => urlPathBase(str(v, where)),
  /** text -> Go's url.QueryEscape of it (todo task get's dingtalk:// links, helpers/todo.go:523-531@c7521c1c) */
  query_escape: (v, where) => goQueryEscape(str(v, where)),
  /** upstream's fmt.Sscanf(text, "%d") of a text (doc read's revision) */
  scan_int: (v, where) => scanInt(str(v, where)),
  /** upstream sanitizeTitleFromText: a Markdown message's title from its text */
  message_title: (v, where) => messageTitle(str(v, where)),
  upper: eachString((s) => goCase(s, 'upper')),
  lower: eachString((s) => goCase(s, 'lower')),
  trim: eachString(trimSpace),
  /**
   * text -> trimmed, unless trimming leaves nothing: then as typed. Upstream's chat id migration PreRunE sets the flag
   * to its trimmed value only when that is not empty (helpers/chat.go:449-456@c7521c1c), so a blank value reaches the
   * body untouched (issue 32)
   */
  trim_nonblank: eachString((s) => (trimSpace(s) === '' ? s : trimSpace(s))),
  json_parse: (v, where) => {
    if (typeof v !== 'string') return v;
    try {
      return parseJsonGo(v);
    } catch {
      return refuse(where, clip(v), 'valid JSON');
    }
  },
  /**
   * json_parse as upstream's json.Decoder with UseNumber decodes (src/json-number.ts): a number literal that a
   * JavaScript number would not send back as typed (beyond 2^53, 1.50, 1e2) is kept as written and sent as written
   */
  json_parse_exact: (v, where) => {
    if (typeof v !== 'string') return v;
    try {
      // an escaped lone surrogate decodes to U+FFFD, as Go's decoder makes it (as json_parse, a-w1)
      return parseJsonExactWellFormed(v);
    } catch {
      return refuse(where, clip(v), 'valid JSON');
    }
  },
  /**
   * JSON text -> the decoded object; invalid JSON and every other JSON value (a list, text, a number, a boolean, null)
   * are refused: upstream's decoding into a map that must not come out nil (aitable parseJSONObject, resolveWorkflowDSL)
   */
  json_object: (v, where) => {
    const s = str(v, where);
    let parsed: unknown;
    try {
      parsed = parseJsonGo(s);
    } catch {
      return refuse(where, clip(s), 'a JSON object (invalid JSON)');
    }
    return isObj(parsed) ? parsed : refuse(where, clip(s), 'a JSON object');
  },
  /**
   * upstream's jsonStringToMap (helpers/attendance.go:21): text that decodes as a JSON object -> the object; JSON null
   * -> null (a source reads it as absent: a plan sends upstream's null with `{const: null}` before it); anything else
   * (a list, a quoted text, a number, a boolean, text that is not JSON, or JSON holding a number beyond float64, which
   * Go's decoder fails on) -> the text as it is, never refused
   */
  json_object_or_text: (v) => {
    if (typeof v !== 'string') return v;
    try {
      const parsed = parseJsonGo(v);
      return parsed === null || isObj(parsed) ? parsed : v;
    } catch {
      return v;
    }
  },
  // a kept literal (JsonNumber) is written bare as typed, as Go marshals a json.Number
  json_stringify: (v) => stringifyJson(v),
  /** `{text, part}` -> how many non-overlapping times part occurs in text, left to right (Go strings.Count; an empty part counts code points + 1) */
  count_substring: (v, where) => {
    const o = (v ?? {}) as { text?: unknown; part?: unknown };
    const text = str(o.text, where);
    const part = str(o.part, where);
    return part === '' ? [...text].length + 1 : text.split(part).length - 1;
  },
  /** text -> its UTF-8 length in bytes */
  byte_length: (v, where) => Buffer.byteLength(str(v, where), 'utf8'),
  /** text -> its first line (up to the first LF), trimmed as Go's strings.TrimSpace (shortcutMessageTitle chat/unified_send.go:716-717@c7521c1c) */
  first_line: (v, where) => trimSpace(str(v, where).split('\n', 1)[0]),
  /** escapes typed in a literal (`\\n`, `\\t`, `\\u4e2d`) -> the characters, as Go's strconv.Unquote; else unchanged */
  unescape_literal: (v, where) => unescapeLiteral(str(v, where)),
  /** text without the characters the backend refuses (upstream stripInputUnsafeChars) */
  strip_unsafe_chars: (v, where) => [...str(v, where)].filter((c) => !isUnsafeCodePoint(c.codePointAt(0)!)).join(''),
};

/** A transform over an object's keys in order: the first key whose value `read` turns into text (absent: none, or not an object). */
function firstOfKeys(name: string, keys: unknown, read: (x: unknown) => string | undefined): (v: unknown) => string | undefined {
  if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === 'string' && k !== '')) throw new Error(`${name} needs a non-empty list of keys`);
  const names = [...keys] as string[];
  return (v) => {
    if (!isObj(v)) return undefined;
    for (const k of names) {
      const t = read(v[k]);
      if (t !== undefined) return t;
    }
    return undefined;
  };
}

export const PARAM: Record<string, Param> = {
  /**
   * an object -> the first of its keys holding a value that is not null and not a blank text, as Go's fmt.Sprint writes
   * it, trimmed (a number, boolean, list or object as %v); absent when none or when the value is not an object
   * (upstream devAppFirstContentString, helpers/devapp.go:2641-2659; chatmsg firstMessageValue + fmt.Sprint,
   * chatmsg/chatmsg.go:430-442, smart/search_msg.go:740@c7521c1c)
   */
  first_text: (keys) => firstOfKeys('first_text', keys, (x) => {
    const t = goContentText(x);
    return t !== '' ? t : undefined;
  }),
  /**
   * an object -> minutesdata stringField's text of its keys (internal/shortcut/minutesdata/response.go:361-383@c7521c1c):
   * per key in order, a text not blank once Go-trimmed, trimmed; a number as FormatFloat 'f' text of the float64
   * json.Unmarshal made (a kept literal as json.Number's digits); null, a blank text, a boolean, a list or an object
   * passes to the next key; absent when none or when the value is not an object
   */
  string_field: (keys) => firstOfKeys('string_field', keys, (x) => {
    if (typeof x === 'string' && trimSpace(x) !== '') return trimSpace(x);
    if (typeof x === 'number') return goFloatText(x);
    return x instanceof JsonNumber ? x.literal : undefined;
  }),
  /** `%s` replaced by the value's text (each `%s`) */
  format: (tpl) => {
    if (typeof tpl !== 'string') throw new Error('format needs a template string');
    return (v) => tpl.split('%s').join(text(v));
  },
  /** text -> at most n characters (code points) */
  max_chars: (arg) => {
    const n = positive('max_chars')(arg);
    return (v, where) => [...str(v, where)].slice(0, n).join('');
  },
  /** text -> pieces of at most n characters, each cut after its last newline (upstream splitDocMarkdown) */
  split_text: (arg) => {
    const n = positive('split_text')(arg);
    return (v, where) => splitText(str(v, where), n);
  },
};
