// How wiki +wiki-new-doc reads a search_wikiSpaces answer into the spaces it chooses among
// (wikiNewDocExtractSpaces and wikiNewDocToCandidates, internal/shortcut/smart/wiki_new_doc.go:188-247@c7521c1c).
import { isObject as isObj } from '../json-object.js';
import { trimSpace } from '../text/space.js';

type Obj = Record<string, unknown>;

/** The keys of the answer a list (or an object holding one) may be under, in the order they are tried (:201). */
const OUTER = ['result', 'data', 'list', 'wikiSpaces', 'spaces', 'items', 'records'];
/** Inside an object at an outer key, the keys tried in order; the first present must hold the list (:206-212). */
const INNER = ['list', 'wikiSpaces', 'spaces', 'items', 'records', 'result'];

/** Why the answer cannot be read: the reason names upstream's own. */
export type WikiSpaceProblem = 'empty_tool_response' | 'remote_failure' | 'malformed_collection' | 'malformed_collection_item' | 'missing_collection';

/** The first of keys holding a text that is not blank, as it is (untrimmed, :227-240); "" when none. */
const firstText = (row: Obj, keys: string[]): string => {
  for (const k of keys) {
    const v = row[k];
    if (typeof v === 'string' && trimSpace(v) !== '') return v;
  }
  return '';
};

/** Every element an object with an id (workspaceId, spaceId, id) and a name (name, spaceName, title), or the problem. */
function toCandidates(list: unknown[]): { candidates: { id: string; name: string }[] } | { problem: WikiSpaceProblem; index: number } {
  const candidates: { id: string; name: string }[] = [];
  for (const [index, row] of list.entries()) {
    if (!isObj(row)) return { problem: 'malformed_collection_item', index };
    const id = firstText(row, ['workspaceId', 'spaceId', 'id']);
    const name = firstText(row, ['name', 'spaceName', 'title']);
    if (id === '' || name === '') return { problem: 'malformed_collection_item', index };
    candidates.push({ id, name });
  }
  return { candidates };
}

/**
 * `wiki_space_candidates`: a search_wikiSpaces answer -> `{candidates: [{id, name}]}` or `{problem, index?}`. A blank
 * text is CallMCPData's empty map (runner.go:263-265@c7521c1c), so missing_collection; any other non-object answer
 * is empty_tool_response; a `success` that is not the boolean true remote_failure; the list is the
 * first outer key holding one, or holding an object whose first present inner key holds one (a present inner key
 * holding anything else is malformed_collection); none found is missing_collection; an element that is not an
 * object or lacks an id or a name is malformed_collection_item (its index given).
 */
export function wikiSpaceCandidates(answer: unknown): Obj {
  if (typeof answer === 'string' && trimSpace(answer) === '') return { problem: 'missing_collection' };
  if (!isObj(answer)) return { problem: 'empty_tool_response' };
  if ('success' in answer && answer.success !== true) return { problem: 'remote_failure' };
  for (const key of OUTER) {
    const v = answer[key];
    if (Array.isArray(v)) return toCandidates(v);
    if (!isObj(v)) continue;
    for (const inner of INNER) {
      if (!(inner in v)) continue;
      const list = v[inner];
      return Array.isArray(list) ? toCandidates(list) : { problem: 'malformed_collection' };
    }
  }
  return { problem: 'missing_collection' };
}
