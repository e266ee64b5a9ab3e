// The parts of an alidocs URL (https://alidocs.dingtalk.com/i/nodes/<baseId>?sheetId|tableId=&viewId=&recordId=,
// also inside `iframeQuery`), for the AI-table commands that take a link instead of ids (the `url_part` transform).
import { DwsError } from '../errors.js';
import { equalFold } from '../text/equal-fold.js';

export const URL_PARTS = ['baseId', 'tableId', 'viewId', 'recordId', 'kind'] as const;
export type UrlPart = (typeof URL_PARTS)[number];

const refuse = (where: string, v: unknown, what: string): never => {
  throw new DwsError('invalid_parameter', `${where}: ${JSON.stringify(v)} is not ${what}`, 'correct the value and run the command again');
};

/** Go's strings.TrimSpace (the ASCII spaces, U+0085, U+00A0 and Unicode's White_Space). */
const GO_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]';
const GO_TRIM = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, 'gu');
const goTrim = (t: string) => t.replace(GO_TRIM, '');

/** upstream validID (aitabletarget/resolver.go:172-183@c7521c1c): non-blank, at most 512 bytes, no / ? #, no control or space. */
function validId(value: string): boolean {
  const t = goTrim(value);
  if (t === '' || Buffer.byteLength(t, 'utf8') > 512 || /[/?#]/.test(t)) return false;
  for (const ch of t) {
    const c = ch.codePointAt(0)!;
    if (c <= 0x20 || c === 0x7f) return false;
  }
  return true;
}

/** Go's unescape (net/url): every `%` followed by two hex digits is that byte (`+` a space in a query); a bad escape fails. */
function goUnescapeBytes(t: string, query: boolean): Buffer | undefined {
  const src = Buffer.from(t, 'utf8');
  const out: number[] = [];
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === 0x25) {
      const hex = src.subarray(i + 1, i + 3).toString('latin1');
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      out.push(parseInt(hex, 16));
      i += 2;
    } else out.push(query && c === 0x2b ? 0x20 : c);
  }
  return Buffer.from(out);
}

/** A decoded text as Go's string of those bytes reaches the output: invalid UTF-8 as U+FFFD (what json.Marshal writes). */
const utf8 = (b: Buffer) => new TextDecoder('utf-8').decode(b);

/** Go's url.QueryUnescape: `+` is a space, a bad escape fails (undefined). */
function queryUnescape(t: string): string | undefined {
  const b = goUnescapeBytes(t, true);
  return b === undefined ? undefined : utf8(b);
}

/** Go's url.ParseQuery into its values, in order: pairs split on `&`; a pair holding `;` or a bad escape is an error (ok false) and left out. */
function goParseQuery(raw: string): { values: Map<string, string[]>; ok: boolean } {
  const values = new Map<string, string[]>();
  let ok = true;
  for (const part of raw === '' ? [] : raw.split('&')) {
    if (part.includes(';')) {
      ok = false;
      continue;
    }
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = queryUnescape(eq < 0 ? part : part.slice(0, eq));
    const value = queryUnescape(eq < 0 ? '' : part.slice(eq + 1));
    if (key === undefined || value === undefined) {
      ok = false;
      continue;
    }
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  return { values, ok };
}

/** upstream parseIframeQuery (:127-147): unescaped at most twice while it holds no `=`, then read as a query (url.ParseQuery, which must not fail). */
function iframeQuery(raw: string, where: string, v: unknown): Map<string, string[]> {
  if (goTrim(raw) === '') return new Map();
  let value = raw;
  for (let attempt = 0; attempt < 2 && !value.includes('='); attempt++) {
    const decoded = queryUnescape(value);
    if (decoded === undefined) return refuse(where, v, 'an AI-table URL whose iframeQuery decodes');
    if (decoded === value) break;
    value = decoded;
  }
  const parsed = goParseQuery(value);
  if (!parsed.ok) return refuse(where, v, 'an AI-table URL whose iframeQuery is a valid query');
  return parsed.values;
}

// net/url's shouldEscape for a path (encodePath): unreserved characters and $ & + , / : ; = @ stay as they are
const PATH_KEEP = /[A-Za-z0-9\-_.~$&+,/:;=@]/;
// net/url's validEncoded for a path: those, the sub-delimiters ! ' ( ) *, [ ] and % (an escape)
const PATH_VALID_ENCODED = /^[A-Za-z0-9\-_.~$&+,/:;=@!'()*[\]%]*$/;

/** Go's escape(path, encodePath) of the decoded path's bytes. */
function goEscapePath(b: Buffer): string {
  let out = '';
  for (const c of b) {
    const ch = String.fromCharCode(c);
    out += c < 0x80 && PATH_KEEP.test(ch) ? ch : `%${c.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * The parts of `raw` that ParseURL reads after Go's url.ParseRequestURI (net/url parse with viaRequest): the scheme, whether
 * user info is given, the host name (port cut), the escaped path (EscapedPath) and the raw query; undefined where Go
 * refuses the text. A request URI has no fragment: a `#` stays in the path or the query. The query is cut at the first
 * `?`; a text that is not `//authority/...` after the scheme has no host; a path with a bad escape is refused.
 */
function goRequestUri(raw: string): { scheme: string; user: boolean; hostname: string; escapedPath: string; rawQuery: string } | undefined {
  // eslint-disable-next-line no-control-regex -- stringContainsCTLByte: Go refuses a URL holding an ASCII control byte
  if (raw === '' || /[\u0000-\u001f\u007f]/u.test(raw)) return undefined;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(raw);
  if (raw.startsWith(':')) return undefined;
  let rest = scheme ? raw.slice(scheme[0].length) : raw;
  let rawQuery = '';
  if (rest.endsWith('?') && rest.split('?').length === 2) rest = rest.slice(0, -1);
  else if (rest.includes('?')) {
    rawQuery = rest.slice(rest.indexOf('?') + 1);
    rest = rest.slice(0, rest.indexOf('?'));
  }
  let user = false;
  let hostname = '';
  if (rest.startsWith('//') && scheme) {
    const slash = rest.indexOf('/', 2);
    let authority = slash < 0 ? rest.slice(2) : rest.slice(2, slash);
    rest = slash < 0 ? '' : rest.slice(slash);
    const at = authority.lastIndexOf('@');
    if (at >= 0) {
      user = true;
      authority = authority.slice(at + 1);
    }
    // parseHost: a port must be digits; an escape in a host must stand for a byte from 0x80
    const colon = authority.startsWith('[') ? -1 : authority.lastIndexOf(':');
    if (colon >= 0 && !/^[0-9]*$/.test(authority.slice(colon + 1))) return undefined;
    const host = colon >= 0 ? authority.slice(0, colon) : authority;
    if (/%(?![89A-Fa-f][0-9A-Fa-f])/.test(host)) return undefined;
    const decoded = goUnescapeBytes(host, false);
    if (decoded === undefined) return undefined;
    hostname = utf8(decoded);
  } else if (scheme && !rest.startsWith('/')) return { scheme: scheme[1]!, user, hostname, escapedPath: '', rawQuery };
  const path = goUnescapeBytes(rest, false);
  if (path === undefined) return undefined;
  return { scheme: scheme?.[1] ?? '', user, hostname, escapedPath: PATH_VALID_ENCODED.test(rest) ? rest : goEscapePath(path), rawQuery };
}

/** upstream uniqueQueryID (:149-170): the non-blank values of the keys, trimmed, each a valid id, at most one distinct. */
function uniqueId(lists: string[][], where: string, v: unknown, keys: string): string | undefined {
  const seen = new Set<string>();
  for (const list of lists) {
    for (const raw of list) {
      const t = goTrim(raw);
      if (t === '') continue;
      if (!validId(t)) return refuse(where, v, `an AI-table URL with a valid ${keys}`);
      seen.add(t);
    }
  }
  if (seen.size > 1) return refuse(where, v, `an AI-table URL with one ${keys} (it holds several)`);
  return [...seen][0];
}

/**
 * One part of the URL as upstream aitabletarget.ParseURL (resolver.go:57-125@c7521c1c) reads it, undefined when the
 * URL does not carry it; `kind` is record, view, table or base (the deepest part given). A value that is not such a
 * URL is refused: not https, another host, user info, a path other than /i/nodes/<baseId>, an invalid id (validID),
 * two different values for one part (also across sheetId/tableId and the iframeQuery), a view or record without its
 * table. h37-b1: the URL is read as Go's url.ParseRequestURI and url.Values read it (goRequestUri, goParseQuery): a `#`
 * is no fragment, dot segments are kept, a query pair holding `;` or a bad escape is dropped (before: the WHATWG
 * parser, which cut a fragment, folded `..` and kept such pairs).
 */
export function alidocsUrlPart(part: UrlPart, v: unknown, where: string): string | undefined {
  const raw = goTrim(typeof v === 'string' ? v : refuse(where, v, 'text'));
  const u = goRequestUri(raw);
  if (u === undefined) return refuse(where, v, 'a URL');
  if (!equalFold(u.scheme, 'https') || !equalFold(u.hostname, 'alidocs.dingtalk.com') || u.user) {
    return refuse(where, v, 'an https://alidocs.dingtalk.com URL without credentials');
  }
  const segs = u.escapedPath.replace(/^\/+|\/+$/g, '').split('/');
  if (segs.length !== 3 || segs[0] !== 'i' || segs[1] !== 'nodes') return refuse(where, v, 'an https://alidocs.dingtalk.com/i/nodes/<baseId> URL');
  const baseBytes = goUnescapeBytes(segs[2]!, false);
  if (baseBytes === undefined) return refuse(where, v, 'an AI-table URL with a valid baseId');
  const baseId = utf8(baseBytes);
  if (!validId(baseId)) return refuse(where, v, 'an AI-table URL with a valid baseId');
  const top = goParseQuery(u.rawQuery).values;
  const nested = iframeQuery(top.get('iframeQuery')?.[0] ?? '', where, v);
  const all = (k: string) => [top.get(k) ?? [], nested.get(k) ?? []];
  const tableId = uniqueId([...all('sheetId'), ...all('tableId')], where, v, 'sheetId/tableId');
  const viewId = uniqueId(all('viewId'), where, v, 'viewId');
  const recordId = uniqueId(all('recordId'), where, v, 'recordId');
  if ((viewId !== undefined || recordId !== undefined) && tableId === undefined) return refuse(where, v, 'an AI-table URL naming the table of its view or record');
  const kind = recordId !== undefined ? 'record' : viewId !== undefined ? 'view' : tableId !== undefined ? 'table' : 'base';
  return { baseId: goTrim(baseId), tableId, viewId, recordId, kind }[part];
}
