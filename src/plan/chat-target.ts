// The resolve mode `chat_target` (docs/PLANS.md "resolve"): upstream's ResolveChatTarget/ResolveChat
// (internal/shortcut/targetresolver/resolver.go:588/472@c7521c1c) for one group a user named. An openConversationId
// (the condition open_conversation_id: cid..., any case, 12 UTF-8 bytes or more) is taken without a call; a name is searched page by page until the
// candidate list is provably complete, and only then is one group chosen (an exact title ignoring case preferred).
// A list that cannot be proved complete is refused: a first-page match is never taken as the only one.
import { DwsError } from '../errors.js';
import { candidatesText } from './checks.js';
import { trimSpace } from '../contract/values.js';
import { equalFold } from '../text/equal-fold.js';
import { firstList, nextCursor, scopes, text, type Row } from './answer-rows.js';
import { isObj as isRow } from './transforms/types.js';
import { CHAT_SEARCH } from './spec.js';
import { looksLikeOpenConversationId } from './transforms/ids.js';

export { CHAT_SEARCH };

export interface ChatTarget {
  openConversationId: string;
  title?: string;
  match: 'stable_id' | 'exact' | 'unique';
}


/** The rows of a group search answer. */
const groupRows = (data: Row): unknown[] => firstList(data, ['result', 'items', 'groups', 'list']);


/** upstream extractChatPagination: hasMore (when it is a boolean) and the next cursor, at the top or in result/data. */
function pagination(data: Row): { more?: boolean; next: string } {
  let more: boolean | undefined;
  for (const scope of scopes(data)) {
    if (more === undefined) for (const k of ['hasMore', 'has_more']) if (typeof scope[k] === 'boolean') { more = scope[k] as boolean; break; }
  }
  return { more, next: nextCursor(data) };
}

/** One page asked for: the request's window size and cursor. */
export interface ChatPageRequest { limit: number; cursor: string; page: number }

/**
 * Reads the groups named `query` through `search` (one call per page) and chooses one, as upstream ResolveChat.
 * `where` names the plan and step in refusals; `blankSearches` searches a blank name instead of refusing it.
 */
export async function resolveChatTarget(where: string, value: string, search: (r: ChatPageRequest) => Promise<unknown>,
  opts: { blankSearches?: boolean } = {}): Promise<ChatTarget> {
  const query = trimSpace(value);
  // ResolveChatTarget refuses a blank name (resolver.go:604-612@c7521c1c); ResolveChat searches it (:472-499)
  if (query === '' && !opts.blankSearches) throw new DwsError('invalid_parameter', `${where}: give a group name or an openConversationId`, 'nothing was changed');
  if (looksLikeOpenConversationId(query)) return { openConversationId: query, match: 'stable_id' };
  const incomplete = (why: string, chats: ChatTarget[]) => new DwsError('ambiguous_match',
    `${where}: the group search for ${JSON.stringify(query)} ${why}, so it cannot prove which groups have that name${chats.length ? ` (read so far: ${candidatesText(chats, ['title', 'openConversationId'])})` : ''}`,
    'give the group\'s openConversationId (cid...) or a more precise name; nothing was changed');
  let cursor = '0';
  let limit: number = CHAT_SEARCH.pageSize;
  let probed = false;
  const seen = new Set([cursor]);
  const chats: ChatTarget[] = [];
  let complete = false;
  for (let page = 1; page <= CHAT_SEARCH.maxPages; page++) {
    const answer = await search({ limit, cursor, page: page - 1 });
    const data = isRow(answer) ? answer : {};
    const rows = groupRows(data);
    for (const row of rows.filter(isRow)) {
      const id = text(row, ['openConversationId', 'openconversationId', 'id']);
      if (id) chats.push({ openConversationId: id, ...(text(row, ['title', 'name', 'conversationName']) ? { title: text(row, ['title', 'name', 'conversationName']) } : {}), match: 'unique' });
    }
    const p = pagination(data);
    if (p.more === false) {
      // a full page that says "no more" without a cursor may be the window's edge: ask once for the largest window
      if (rows.length >= limit && p.next === '' && (page === 1 || (probed && page === 2))) {
        if (cursor === '0' && !probed && limit < CHAT_SEARCH.window && page < CHAT_SEARCH.maxPages) {
          limit = CHAT_SEARCH.window;
          probed = true;
          continue;
        }
        throw incomplete('answered a full page with hasMore false and no cursor', dedupe(chats));
      }
      complete = true;
    } else if (p.more === undefined && p.next === '') {
      if (rows.length < limit) complete = true;
      else throw incomplete('answered a full page without hasMore or a cursor', dedupe(chats));
    }
    if (complete) break;
    if (p.next === '' || seen.has(p.next)) throw incomplete(p.next === '' ? 'says more exist but gives no cursor' : `repeats the cursor ${JSON.stringify(p.next)}`, dedupe(chats));
    seen.add(p.next);
    cursor = p.next;
  }
  const all = dedupe(chats);
  if (!complete) throw incomplete(`was not complete after ${CHAT_SEARCH.maxPages} pages`, all);
  // preferExactChats (targetresolver/resolver.go:870-881@c7521c1c): Go's EqualFold of the trimmed title and query
  const exact = all.filter((c) => equalFold(trimSpace(c.title ?? ''), trimSpace(query)));
  const chosen = exact.length ? exact : all;
  if (chosen.length === 0) throw new DwsError('not_found', `${where}: no group matches ${JSON.stringify(query)}`, 'check the name, or give the openConversationId; nothing was changed');
  if (chosen.length > 1) {
    throw new DwsError('ambiguous_match', `${where}: ${chosen.length} candidates match ${JSON.stringify(query)}: ${candidatesText(chosen, ['title', 'openConversationId'])}`,
      'run again with the openConversationId (cid...) of the one you mean; nothing was changed');
  }
  return { ...chosen[0], match: exact.length ? 'exact' : 'unique' };
}

function dedupe(chats: ChatTarget[]): ChatTarget[] {
  const seen = new Set<string>();
  return chats.filter((c) => !seen.has(c.openConversationId) && (seen.add(c.openConversationId), true));
}
