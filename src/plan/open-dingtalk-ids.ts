// The resolve mode `open_dingtalk_ids` (docs/PLANS.md "resolve"): upstream's resolveOpenDingTalkIDs and
// lookupOpenDingTalkIDsByUserID (internal/helpers/chat.go:1510/1624@c7521c1c), which turn the staff userIds among
// some values into openDingTalkIds before a chat command sends them. A value that already is a current-format
// openDingTalkId is kept; the distinct userIds go through a chain that stops as soon as every one is known:
//   1. contact get_user_info_by_user_ids{user_id_list}: one call for all; a failure is passed over;
//   2. aisearch enterprise_person_search{keyword: name, dimension: [all]} for each userId still unknown whose name
//      step 1 gave; a failure is passed over;
//   3. contact search_contact_by_key_word{keyword} for each userId still unknown, with its name and then the userId
//      itself (each keyword once), until it is known; a failure here stops the lookup.
// Every answer is read whole (any depth): an object that names a userId and an openDingTalkId pairs them, one that
// names a userId and a name gives the name step 2 and 3 search with. A userId still unknown at the end is a failure.
import { DwsError } from '../errors.js';
import { trimSpace } from '../contract/values.js';
import { looksLikeOpenDingTalkId } from './transforms/ids.js';
import type { Row } from './answer-rows.js';
import { isObj } from './transforms/types.js';

/** upstream's key sets (chatUserIDJSONKeys, chatOpenDingTalkIDJSONKeys, chatUserNameJSONKeys), compared in lower case. */
const USER_ID_KEYS = new Set(['userid', 'user_id', 'orguserid', 'org_user_id', 'uid', 'staffid', 'staff_id']);
const OPEN_ID_KEYS = new Set(['opendingtalkid', 'opendingtalk_id', 'open_dingtalk_id', 'opendingid']);
const NAME_KEYS = new Set(['name', 'username', 'user_name', 'orgusername', 'org_user_name', 'displayname', 'display_name', 'nick']);
/** upstream chatContactNestedUserKeys: where a row keeps its person when the row itself does not name one. */
const NESTED = ['orgEmployeeModel', 'employee', 'user', 'profile', 'staff'];

/** The calls of the chain, in order (the step itself declares the first, contact.get_user_info_by_user_ids). */
export const LOOKUP_CALLS = [
  { server: 'contact', rpc: 'get_user_info_by_user_ids' },
  { server: 'aisearch', rpc: 'enterprise_person_search' },
  { server: 'contact', rpc: 'search_contact_by_key_word' },
] as const;
const [BY_IDS, PERSON_SEARCH, CONTACT_SEARCH] = LOOKUP_CALLS;

/** At most this many distinct userIds are looked up in one run (each may take up to three calls). */
export const MAX_LOOKUP_USER_IDS = 100;

/** upstream stringFromJSONScalar: a text trimmed, a number as its decimal text; anything else is no value. */
function scalar(v: unknown): string {
  if (typeof v === 'string') return trimSpace(v);
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/** The first non-empty value among the object's keys in the set (key case ignored), in key order. */
function field(row: Row, keys: Set<string>): string {
  for (const [k, v] of Object.entries(row)) if (keys.has(k.toLowerCase()) && scalar(v) !== '') return scalar(v);
  return '';
}

/** The field of the row, else of its first nested person object that names it. */
function fieldOrNested(row: Row, keys: Set<string>): string {
  const own = field(row, keys);
  if (own) return own;
  for (const k of NESTED) {
    const nested = row[k];
    if (isObj(nested) && field(nested, keys)) return field(nested, keys);
  }
  return '';
}

/** upstream collectContactUserMappings: every object at any depth that pairs a userId with an openDingTalkId or a name. */
export function collectMappings(value: unknown, open: Map<string, string>, names: Map<string, string>): void {
  if (Array.isArray(value)) {
    for (const v of value) collectMappings(v, open, names);
    return;
  }
  if (!isObj(value)) return;
  const userId = fieldOrNested(value, USER_ID_KEYS);
  const openId = fieldOrNested(value, OPEN_ID_KEYS);
  const name = fieldOrNested(value, NAME_KEYS);
  if (userId && openId) open.set(userId, openId);
  if (userId && name) names.set(userId, name);
  for (const v of Object.values(value)) collectMappings(v, open, names);
}

/** One call of the chain; `page` counts the calls of the step (each one journal record). */
export type LookupCall = (server: string, rpc: string, args: Record<string, unknown>, page: number) => Promise<unknown>;

/** The trimmed non-blank values split as upstream splitChatIDValues: openDingTalkIds kept, the distinct userIds to look up. */
export function splitValues(values: unknown[]): { values: string[]; userIds: string[] } {
  const kept = values.map((v) => (typeof v === 'string' ? trimSpace(v) : scalar(v))).filter((v) => v !== '');
  return { values: kept, userIds: [...new Set(kept.filter((v) => !looksLikeOpenDingTalkId(v)))] };
}

const unparsable = (where: string, rpc: string) => new DwsError('backend_error', `${where}: the ${rpc} answer is not JSON, so no openDingTalkId can be read from it`);
const passedOver = (e: unknown): boolean => e instanceof DwsError && e.category === 'backend';

/**
 * The values with every userId replaced by its openDingTalkId, in order (blank values dropped; none left is refused).
 * A userId no step maps is refused (`not_found`); a failed step 3 call, or an answer of step 1 or 3 that is not JSON,
 * is thrown.
 */
export async function resolveOpenDingTalkIds(where: string, input: unknown[], call: LookupCall): Promise<string[]> {
  const { values, userIds } = splitValues(input);
  // upstream resolveOpenDingTalkID: "empty user identifier"
  if (values.length === 0) throw new DwsError('invalid_parameter', `${where}: give a userId or an openDingTalkId (the value is blank)`, 'nothing was changed');
  if (userIds.length === 0) return values;
  if (userIds.length > MAX_LOOKUP_USER_IDS) {
    throw new DwsError('invalid_parameter', `${where}: ${userIds.length} userIds to look up, more than ${MAX_LOOKUP_USER_IDS} in one run`, 'split the request into smaller runs');
  }
  const open = new Map<string, string>();
  const names = new Map<string, string>();
  const allKnown = () => userIds.every((u) => open.has(u));
  let page = 0;
  let answer: unknown;
  let failed = false;
  try {
    answer = await call(BY_IDS.server, BY_IDS.rpc, { user_id_list: userIds }, page++);
  } catch (e) {
    if (!passedOver(e)) throw e;
    failed = true;
  }
  if (!failed) {
    if (typeof answer === 'string') throw unparsable(where, 'get_user_info_by_user_ids');
    collectMappings(answer, open, names);
  }
  for (const userId of userIds) {
    if (allKnown()) break;
    const name = names.get(userId);
    if (open.has(userId) || !name) continue;
    try {
      collectMappings(await call(PERSON_SEARCH.server, PERSON_SEARCH.rpc, { keyword: name, dimension: ['all'] }, page++), open, names);
    } catch (e) {
      if (!passedOver(e)) throw e;
    }
  }
  for (const userId of userIds) {
    if (allKnown()) break;
    if (open.has(userId)) continue;
    for (const keyword of [...new Set([names.get(userId) ?? '', userId])].filter((k) => k !== '')) {
      const found = await call(CONTACT_SEARCH.server, CONTACT_SEARCH.rpc, { keyword }, page++);
      if (typeof found === 'string') throw unparsable(where, 'search_contact_by_key_word');
      collectMappings(found, open, names);
      if (open.has(userId)) break;
    }
  }
  const missing = userIds.find((u) => !open.has(u));
  if (missing !== undefined) {
    throw new DwsError('not_found', `${where}: cannot turn the userId ${JSON.stringify(missing)} into an openDingTalkId (neither the contact nor the enterprise search knows it)`,
      'find the person with `dws contact user search --keyword <name>` and give the openDingTalkId it returns; nothing was changed');
  }
  return values.map((v) => (looksLikeOpenDingTalkId(v) ? v : open.get(v)!));
}
