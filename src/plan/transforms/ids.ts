// DingTalk identifiers: upstream's classifier of the current openDingTalkId format (targetresolver
// LooksLikeCurrentDOpenDingTalkID, resolver.go:304@c7521c1c), which splits mixed userId/openDingTalkId inputs and
// refuses an explicit --open-dingtalk-id of another form (ValidateExplicitOpenDingTalkID, resolver.go:386).
// A value starting with D is not enough: `Dabc` is a userId to upstream.
import { trimSpace } from '../../contract/values.js';
import { goCase } from '../../text/go-case.js';
import { isObj, refuse, type Fn } from './types.js';

const UNESCAPE: Record<string, string> = { i: 'i', P: '+', S: '/', E: '=' };
const ESCAPE: Record<string, string> = { i: 'ii', '+': 'iP', '/': 'iS', '=': 'iE' };

/** The escaped Base64 after the D back to plain Base64, or undefined for a character or escape upstream refuses. */
function unescapeId(v: string): string | undefined {
  let out = '';
  for (let i = 0; i < v.length; i++) {
    const c = v[i];
    if (c !== 'i') {
      if (!/^[0-9A-Za-z]$/u.test(c)) return undefined;
      out += c;
      continue;
    }
    const m = UNESCAPE[v[++i] ?? ''];
    if (m === undefined) return undefined;
    out += m;
  }
  return out;
}

/**
 * True when the value (trimmed as upstream trims it) is `D` followed by the escaped canonical Base64 of a non-empty
 * whole number of 8-byte blocks: what the current encoder emits. It proves the form, not that the person exists.
 */
export function looksLikeOpenDingTalkId(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const v = trimSpace(value);
  if (v.length < 2 || v[0] !== 'D') return false;
  const encoded = unescapeId(v.slice(1));
  if (encoded === undefined || encoded.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/u.test(encoded)) return false;
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length === 0 || bytes.length % 8 !== 0) return false;
  // only the canonical spelling counts (Go decodes strictly, then upstream compares the re-encoding)
  return bytes.toString('base64').replace(/[i+/=]/gu, (c) => ESCAPE[c]) === v.slice(1);
}

/**
 * The condition `open_dingtalk_id`: a text of the current form (surrounding space allowed, as upstream's classifier
 * trims), or a list whose non-blank elements all are (at least one; blank ones skipped as validateExplicitOpenIDs does).
 */
export function allOpenDingTalkIds(v: unknown): boolean {
  if (!Array.isArray(v)) return looksLikeOpenDingTalkId(v);
  const given = v.filter((x) => !(typeof x === 'string' && trimSpace(x) === ''));
  return given.length > 0 && given.every(looksLikeOpenDingTalkId);
}

/**
 * The condition `open_conversation_id`: upstream's LooksLikeOpenConversationID (targetresolver/resolver.go:630-633
 * @c7521c1c), which tells a group's openConversationId from a group name. The value trimmed as Go's TrimSpace is at
 * least 12 bytes long in UTF-8 (Go's len counts bytes, so `cid` and three Chinese characters pass) and starts with
 * `cid` once Go's strings.ToLower has run: rune by rune with the simple case mapping, under which U+0130 (capital I
 * with a dot) lower-cases to a plain `i`. Anything but a text is not one.
 */
export function looksLikeOpenConversationId(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const v = trimSpace(value);
  return Buffer.byteLength(v, 'utf8') >= 12 && /^[cC][iI\u0130][dD]/u.test(v);
}

/** upstream ValidateExplicitOpenDingTalkID: exactly the current form, no surrounding space. */
const isExplicit = (x: unknown) => typeof x === 'string' && x === trimSpace(x) && looksLikeOpenDingTalkId(x);

const classified = (keep: boolean): Fn => (v) => {
  const kept = (Array.isArray(v) ? v : [v]).filter((x) => typeof x === 'string' && trimSpace(x) !== '' && looksLikeOpenDingTalkId(x) === keep);
  return kept.length ? kept : undefined;
};

/** aitable's recordID (record_upsert_by_key.go:306-313@c7521c1c): the first recordId, record_id or id text not blank, trimmed. */
function recordId(record: Record<string, unknown>): string {
  for (const key of ['recordId', 'record_id', 'id']) {
    const v = record[key];
    if (typeof v === 'string' && trimSpace(v) !== '') return trimSpace(v);
  }
  return '';
}

/**
 * The record ids an aitable write answer names as created, as upstream's createdRecordIDs finds them
 * (record_batch.go:343-378@c7521c1c): below any key whose lower-cased name holds `created`, at any depth, each object's
 * recordID and each non-blank text element of a list (trimmed), each id once, in the answer's key order (Go's map
 * order is unspecified). Absent when there is none.
 */
export function createdRecordIds(answer: unknown): string[] | undefined {
  const seen = new Set<string>();
  const walk = (v: unknown, created: boolean): void => {
    if (Array.isArray(v)) {
      for (const child of v) {
        if (created && typeof child === 'string' && trimSpace(child) !== '' && !seen.has(trimSpace(child))) seen.add(trimSpace(child));
        else walk(child, created);
      }
    } else if (isObj(v)) {
      const id = created ? recordId(v) : '';
      if (id !== '') seen.add(id);
      for (const [key, child] of Object.entries(v)) walk(child, created || goCase(key, 'lower').includes('created'));
    }
  };
  walk(answer, false);
  return seen.size > 0 ? [...seen] : undefined;
}

/**
 * upstream findRecords (aitable record_upsert_by_key.go:257-284@c7521c1c): an object's `records` key ends the search
 * there (its value must be a list whose every element is an object, else nothing is found), else its `data` object,
 * then its `result` object, searched the same way at any depth. The list (an empty one included), or absent.
 */
export function goFindRecords(v: unknown): unknown[] | undefined {
  if (!isObj(v)) return undefined;
  if (Object.hasOwn(v, 'records')) return Array.isArray(v.records) && v.records.every(isObj) ? v.records : undefined;
  for (const key of ['data', 'result']) {
    const found = goFindRecords(v[key]);
    if (found) return found;
  }
  return undefined;
}

const MARK_ENVELOPES = ['data', 'result', 'pagination', 'page'];
const filled = (v: unknown): v is string => typeof v === 'string' && trimSpace(v) !== '';

/**
 * upstream responseHasMore (record_upsert_by_key.go:286-304@c7521c1c): a true `hasMore`, or a non-blank `nextCursor`
 * or `cursor` text, in the object or inside its data/result/pagination/page objects at any depth.
 */
export function goResponseHasMore(v: unknown): boolean {
  if (!isObj(v)) return false;
  if (v.hasMore === true || filled(v.nextCursor) || filled(v.cursor)) return true;
  return MARK_ENVELOPES.some((key) => goResponseHasMore(v[key]));
}

/**
 * upstream responseCursor (record_query_all.go:285-301@c7521c1c): the first non-blank `nextCursor`, `next_cursor` or
 * `cursor` text of the object, trimmed, else the first found inside its data/result/pagination/page objects, depth
 * first at any depth; absent when none.
 */
export function goResponseCursor(v: unknown): string | undefined {
  if (!isObj(v)) return undefined;
  const own = [v.nextCursor, v.next_cursor, v.cursor].find(filled);
  if (own !== undefined) return trimSpace(own);
  for (const key of MARK_ENVELOPES) {
    const found = goResponseCursor(v[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

export const PLAIN: Record<string, Fn> = {
  /** the ids an aitable write answer names as created (createdRecordIds above); absent when none */
  created_record_ids: (v) => createdRecordIds(v),
  /** a query_records answer -> its records as upstream findRecords finds them (goFindRecords above); absent when none */
  go_find_records: (v) => goFindRecords(v),
  /** a query_records answer -> whether it says more follow, as upstream responseHasMore (goResponseHasMore above) */
  go_response_has_more: (v) => goResponseHasMore(v),
  /** a query_records answer -> its next cursor as upstream responseCursor (goResponseCursor above); absent when none */
  go_response_cursor: (v) => goResponseCursor(v),
  /**
   * an explicit openDingTalkId flag: the value (each non-blank text of a list: a blank element is skipped, as
   * validateExplicitOpenIDs does, chat.go:54-64@c7521c1c) passes when it has the current form; else refused
   */
  open_dingtalk_id: (v, where) => {
    for (const x of Array.isArray(v) ? v.filter((e) => !(typeof e === 'string' && trimSpace(e) === '')) : [v]) {
      if (!isExplicit(x)) refuse(where, x, 'an openDingTalkId of the current form (D followed by the id as a contact or message answer returns it); give a userId or a name to the flag that takes one');
    }
    return v;
  },
  /** the elements of a mixed list that are openDingTalkIds (absent when none) */
  only_open_dingtalk_ids: classified(true),
  /** the elements of a mixed list that are not (userIds; blanks dropped; absent when none) */
  except_open_dingtalk_ids: classified(false),
};
