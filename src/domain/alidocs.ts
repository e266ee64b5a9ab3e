// The parts of an alidocs URL (https://alidocs.dingtalk.com/i/nodes/<baseId>?sheetId|tableId=&viewId=&recordId=,
// also inside `iframeQuery`), for the AI-table commands that take a link instead of ids (the `url_part` transform).
import { DwsError } from '../errors.js';

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

/** Go's url.QueryUnescape: `+` is a space, a bad escape fails (undefined). */
function queryUnescape(t: string): string | undefined {
  try {
    return decodeURIComponent(t.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** upstream parseIframeQuery (:127-147): unescaped at most twice while it holds no `=`, then read as a query. */
function iframeQuery(raw: string, where: string, v: unknown): URLSearchParams {
  if (goTrim(raw) === '') return new URLSearchParams();
  let value = raw;
  for (let attempt = 0; attempt < 2 && !value.includes('='); attempt++) {
    const decoded = queryUnescape(value);
    if (decoded === undefined) return refuse(where, v, 'an AI-table URL whose iframeQuery decodes');
    if (decoded === value) break;
    value = decoded;
  }
  if (value.includes(';') || value.split('&').some((kv) => kv.split('=').some((x) => queryUnescape(x) === undefined))) {
    return refuse(where, v, 'an AI-table URL whose iframeQuery is a valid query');
  }
  return new URLSearchParams(value);
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
 * table. Deviation: the URL is parsed by the WHATWG parser, not Go's url.ParseRequestURI.
 */
export function alidocsUrlPart(part: UrlPart, v: unknown, where: string): string | undefined {
  const raw = goTrim(typeof v === 'string' ? v : refuse(where, v, 'text'));
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return refuse(where, v, 'a URL');
  }
  if (u.protocol !== 'https:' || u.hostname.toLowerCase() !== 'alidocs.dingtalk.com' || u.username !== '' || u.password !== '' || /^https:\/\/[^/]*@/i.test(raw)) {
    return refuse(where, v, 'an https://alidocs.dingtalk.com URL without credentials');
  }
  const segs = u.pathname.replace(/^\/+|\/+$/g, '').split('/');
  if (segs.length !== 3 || segs[0] !== 'i' || segs[1] !== 'nodes') return refuse(where, v, 'an https://alidocs.dingtalk.com/i/nodes/<baseId> URL');
  let baseId: string;
  try {
    baseId = decodeURIComponent(segs[2]);
  } catch {
    return refuse(where, v, 'an AI-table URL with a valid baseId');
  }
  if (!validId(baseId)) return refuse(where, v, 'an AI-table URL with a valid baseId');
  const nested = iframeQuery(u.searchParams.get('iframeQuery') ?? '', where, v);
  const all = (k: string) => [u.searchParams.getAll(k), nested.getAll(k)];
  const tableId = uniqueId([...all('sheetId'), ...all('tableId')], where, v, 'sheetId/tableId');
  const viewId = uniqueId(all('viewId'), where, v, 'viewId');
  const recordId = uniqueId(all('recordId'), where, v, 'recordId');
  if ((viewId !== undefined || recordId !== undefined) && tableId === undefined) return refuse(where, v, 'an AI-table URL naming the table of its view or record');
  const kind = recordId !== undefined ? 'record' : viewId !== undefined ? 'view' : tableId !== undefined ? 'table' : 'base';
  return { baseId: goTrim(baseId), tableId, viewId, recordId, kind }[part];
}
