// The resolve mode `user_target` (docs/PLANS.md "resolve"): upstream's ResolveSenderTarget
// (internal/shortcut/targetresolver/resolver.go:167@c7521c1c) for one mixed value a user typed (a name, a userId or an
// openDingTalkId). A current-format openDingTalkId is taken as it is, with no call; anything else is looked up in the
// directory, and the candidates are matched first by stable id (userId or openDingTalkId equal to the value), then by
// name ignoring case; two matches are ambiguous_match; no match, a failed search or an answer that cannot prove it is
// complete keeps the value as an unverified userId (a valid id is never blocked by the directory).
import { DwsError } from '../errors.js';
import { trimSpace } from '../contract/values.js';
import { equalFold } from '../text/equal-fold.js';
import { firstList, scopes, text, nextCursor, type Row } from './answer-rows.js';
import { isObj as isRow } from './transforms/types.js';
import { looksLikeOpenDingTalkId } from './transforms/ids.js';
import { candidatesText } from './checks.js';

/**
 * One resolved person and how the value was matched; `send` is the one id a filter sends for it: the openDingTalkId
 * when known, else the userId (upstream appendResolvedSearchActorIDs), so `[*].send.openDingTalkId` and
 * `[*].send.userId` split a list of people as upstream does.
 */
export interface UserTarget {
  userId?: string;
  openDingTalkId?: string;
  name?: string;
  match: 'stable_id' | 'exact' | 'unverified_user_id';
  send?: { openDingTalkId: string } | { userId: string };
}

const withSend = (u: UserTarget): UserTarget => ({ ...u, send: u.openDingTalkId ? { openDingTalkId: u.openDingTalkId } : { userId: u.userId ?? '' } });

/** upstream ExtractUsers + dedupeUsers: the people of a directory answer, each with a userId or an openDingTalkId. */
export function extractUsers(data: Row): UserTarget[] {
  const out: UserTarget[] = [];
  const seenUser = new Set<string>();
  const seenOpen = new Set<string>();
  for (const row of firstList(data, ['result', 'items', 'users', 'list']).filter(isRow)) {
    let userId = text(row, ['userId', 'orgUserId']);
    let openDingTalkId = text(row, ['openDingTalkId', 'openDingtalkId']);
    let name = text(row, ['name', 'nick', 'showName', 'flowerName', 'staffName', 'userName', 'author', 'title']);
    if (isRow(row.meta)) {
      userId ||= text(row.meta, ['userId', 'orgUserId', 'staffId']);
      openDingTalkId ||= text(row.meta, ['openDingTalkId', 'openDingtalkId']);
      name = text(row.meta, ['name', 'nick']) || name;
    }
    if (!userId && !openDingTalkId) continue;
    if ((userId && seenUser.has(userId)) || (openDingTalkId && seenOpen.has(openDingTalkId))) continue;
    if (userId) seenUser.add(userId);
    if (openDingTalkId) seenOpen.add(openDingTalkId);
    out.push({ ...(userId ? { userId } : {}), ...(openDingTalkId ? { openDingTalkId } : {}), ...(name ? { name } : {}), match: 'exact' });
  }
  return out;
}

const DIRECTORY_PAGE = 20;

/** upstream incompleteUserSearchCause: more is said to exist (hasMore, a next cursor) or a full page has no end mark. */
export function searchIncomplete(data: Row): boolean {
  for (const scope of scopes(data)) {
    const more = scope.hasMore ?? scope.has_more;
    if (typeof more === 'boolean') return more;
  }
  if (nextCursor(data) !== '') return true;
  return firstList(data, ['result', 'items', 'users', 'list']).length >= DIRECTORY_PAGE;
}

/** The value kept as it is: an openDingTalkId of the current form (no call), or an unverified userId. */
export function userTargetWithoutSearch(value: string): UserTarget | undefined {
  return looksLikeOpenDingTalkId(value) ? withSend({ openDingTalkId: value, match: 'stable_id' }) : undefined;
}

export const unverifiedUser = (value: string): UserTarget => withSend({ userId: value, match: 'unverified_user_id' });

/** Chooses the person a directory answer gives for the value (see the module comment), or refuses an ambiguity. */
export function chooseUserTarget(where: string, value: string, answer: unknown): UserTarget {
  const data = isRow(answer) ? answer : {};
  const users = extractUsers(data);
  const ambiguous = (cands: UserTarget[]) => new DwsError('ambiguous_match',
    `${where}: ${cands.length} candidates match ${JSON.stringify(value)}: ${candidatesText(cands, ['name', 'userId', 'openDingTalkId'])}`,
    'run again with the userId or openDingTalkId of the one you mean; nothing was changed');
  const stable = users.filter((u) => u.userId === value || u.openDingTalkId === value);
  if (stable.length > 1) throw ambiguous(stable);
  if (stable.length === 1) return withSend({ ...stable[0], match: 'stable_id' });
  if (searchIncomplete(data)) return unverifiedUser(value);
  // strings.EqualFold(strings.TrimSpace(user.Name), value) (targetresolver/resolver.go:209-213@c7521c1c)
  const named = users.filter((u) => equalFold(trimSpace(u.name ?? ''), value));
  if (named.length > 1) throw ambiguous(named);
  return named.length === 1 ? withSend({ ...named[0], match: 'exact' }) : unverifiedUser(value);
}

/** Which ids the downstream call takes (upstream IdentityRequirement): a person without one is not a candidate. */
export type UserIdentity = 'user_id' | 'open_dingtalk_id' | 'any';
export const USER_IDENTITIES: readonly UserIdentity[] = ['user_id', 'open_dingtalk_id', 'any'];

/** One person a name resolves to: `exact` when the one candidate's name is the query (case ignored), else `unique`. */
export interface ResolvedUser {
  userId?: string;
  openDingTalkId?: string;
  name?: string;
  match: 'exact' | 'unique';
}

const LABEL = ['name', 'userId', 'openDingTalkId'];

/**
 * The resolve mode `user` (upstream ResolveUser, resolver.go:101@c7521c1c): a name looked up in the directory must
 * come back as exactly one person. An answer that cannot prove it is complete is refused whatever it holds; then the
 * people (every list shape, duplicates dropped) that carry the id `identity` asks for are the candidates: none is
 * not_found, several ambiguous_match (no name preference: two people are two people), one is the person.
 */
export function chooseUser(where: string, query: string, answer: unknown, identity: UserIdentity): ResolvedUser {
  const data = isRow(answer) ? answer : {};
  const read = extractUsers(data).map(({ match: _m, ...u }) => u);
  const shown = JSON.stringify(query);
  if (searchIncomplete(data)) {
    throw new DwsError('ambiguous_match',
      `${where}: the directory search for ${shown} did not give all its candidates (more were announced, or a full page came without an end mark), so it cannot prove which person is meant${read.length ? ` (read: ${candidatesText(read, LABEL)})` : ''}`,
      'run again with a fuller name, or give the userId or openDingTalkId; nothing was changed');
  }
  const users = read.filter((u) => identity === 'any' || (identity === 'user_id' ? u.userId : u.openDingTalkId));
  if (users.length === 0) {
    const idName = identity === 'user_id' ? 'a userId' : identity === 'open_dingtalk_id' ? 'an openDingTalkId' : 'an id';
    throw new DwsError('not_found', `${where}: no person with ${idName} matches ${shown}${read.length ? ` (found without one: ${candidatesText(read, LABEL)})` : ''}`,
      'check the name, or give the id itself; nothing was changed');
  }
  if (users.length > 1) {
    throw new DwsError('ambiguous_match', `${where}: ${users.length} candidates match ${shown}: ${candidatesText(users, LABEL)}`,
      'run again with a more precise name, or the userId or openDingTalkId of the one you mean; nothing was changed');
  }
  // selectUsers (resolver.go:860-868@c7521c1c): Go's EqualFold of the trimmed name and query
  const exact = equalFold(trimSpace(users[0].name ?? ''), trimSpace(query));
  return { ...users[0], match: exact ? 'exact' : 'unique' };
}
