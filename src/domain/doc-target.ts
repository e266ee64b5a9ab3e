// How doc +fetch turns a title (--query) into the one document it reads (docresolver.Resolve,
// internal/shortcut/docresolver/resolver.go:47-285@c7521c1c). `doc_target_page` reads one search_documents page as
// searchAll (:109-147) reads it: its candidates (extractRows :193, extractCandidates :162) and whether more follow
// (extractPage :212, the short-page rule :128-133). `doc_target_select` picks among all the pages' candidates
// (dedupe :182, selectCandidates :149, the type check :85-93) and says why when it cannot.
import { isObject as isObj } from '../json-object.js';
import { equalFold } from '../text/equal-fold.js';
import { trimSpace } from '../text/space.js';
import { decodesAsObject } from './doc-versions.js';

type Obj = Record<string, unknown>;

/** The page size searchAll asks for (:16); a page shorter than it, without markers, is the last. */
export const DOC_TARGET_PAGE_SIZE = 30;

/** A candidate as upstream's Candidate struct prints it: empty optional fields left out (omitempty), in struct order. */
export interface DocTargetCandidate { canonicalId: string; name?: string; product: 'doc'; resourceType?: string; canonicalUrl?: string; containerId?: string }

/** firstString (:262): the first key holding a text that is not blank, trimmed; "" when none. */
function firstString(v: Obj, keys: readonly string[]): string {
  for (const key of keys) {
    const text = v[key];
    if (typeof text === 'string' && trimSpace(text) !== '') return trimSpace(text);
  }
  return '';
}

/**
 * extractRows (:193-210): the first of the keys holding a list or an object decides: a list is the rows, an object is
 * read the same way (to any depth). Go's extractRows never returns nil (an object without rows gives `[]any{}`), so
 * its `rows != nil` (:203) takes whatever the first object gives, [] included, and the later keys are not read
 * (h48-a3; before: an object without rows was passed over for the next key). [] when no key holds either.
 */
function extractRows(v: Obj): unknown[] {
  for (const key of ['documents', 'nodes', 'items', 'list', 'records', 'result', 'data']) {
    if (!Object.hasOwn(v, key)) continue;
    const value = v[key];
    if (Array.isArray(value)) return value;
    if (isObj(value)) return extractRows(value);
  }
  return [];
}

/** extractCandidates (:162): each object row with a canonical id, as a Candidate. */
function extractCandidates(rows: readonly unknown[]): DocTargetCandidate[] {
  const out: DocTargetCandidate[] = [];
  for (const row of rows) {
    if (!isObj(row)) continue;
    const canonicalId = firstString(row, ['nodeId', 'node_id', 'docId', 'doc_id', 'id']);
    if (canonicalId === '') continue;
    const name = firstString(row, ['name', 'title', 'docName', 'fileName']);
    const resourceType = firstString(row, ['docType', 'doc_type', 'extension', 'fileType', 'type']);
    const canonicalUrl = firstString(row, ['url', 'docUrl', 'nodeUrl', 'webUrl']);
    const containerId = firstString(row, ['workspaceId', 'spaceId', 'folderId', 'parentId']);
    out.push({
      canonicalId, ...(name ? { name } : {}), product: 'doc', ...(resourceType ? { resourceType } : {}),
      ...(canonicalUrl ? { canonicalUrl } : {}), ...(containerId ? { containerId } : {}),
    });
  }
  return out;
}

/** extractPage (:212): the first boolean hasMore/has_more and the first cursor text, depth first through result/data/page/pagination. */
function extractPage(v: Obj): { known: boolean; hasMore: boolean; next: string } {
  const state = { known: false, hasMore: false, next: '' };
  const walk = (value: Obj): void => {
    if (!state.known) {
      for (const key of ['hasMore', 'has_more']) {
        if (typeof value[key] === 'boolean') {
          state.known = true;
          state.hasMore = value[key] as boolean;
          break;
        }
      }
    }
    if (state.next === '') state.next = firstString(value, ['nextPageToken', 'nextCursor', 'next_page_token']);
    for (const key of ['result', 'data', 'page', 'pagination']) if (isObj(value[key])) walk(value[key] as Obj);
  };
  walk(v);
  return state;
}

/**
 * `doc_target_page`: one search_documents answer -> `{candidates, hasMore, nextCursor, invalid?}` as searchAll reads
 * it: a boolean hasMore decides; without one a cursor means more; without either a page shorter than 30 rows is the
 * last, and a full one counts as more without a cursor (upstream stops as incomplete, :132-138). An answer
 * CallMCPData cannot decode is `invalid`.
 */
export function docTargetPage(answer: unknown): { candidates: DocTargetCandidate[]; hasMore: boolean; nextCursor: string; invalid?: true } {
  if (!decodesAsObject(answer)) return { candidates: [], hasMore: false, nextCursor: '', invalid: true };
  const page = isObj(answer) ? answer : {};
  const rows = extractRows(page);
  const { known, hasMore, next } = extractPage(page);
  const more = known ? hasMore : next !== '' || rows.length >= DOC_TARGET_PAGE_SIZE;
  return { candidates: extractCandidates(rows), hasMore: more, nextCursor: next };
}

/** normalizeType (:272): lower-cased, trimmed, without a leading dot. */
const normalizeType = (t: string): string => trimSpace(t.replace(/^\./u, '')).toLowerCase();

/**
 * `doc_target_select`: `{candidates, query}` (every page's candidates in order, the trimmed --query) -> `{status,
 * matchedBy?, selected?, candidates}`: the candidates de-duplicated by canonical id; those whose trimmed name equals
 * the query ignoring case (exact_title), else all of them (search_candidate); none is `not_found`, more than one
 * `ambiguous` (candidates: the ones it could be), one whose type is not a text document `type_mismatch`, else
 * `resolved` with `selected`.
 */
export function docTargetSelect(v: Obj): Obj {
  const query = typeof v.query === 'string' ? v.query : '';
  const seen = new Set<string>();
  const all: DocTargetCandidate[] = [];
  for (const c of Array.isArray(v.candidates) ? v.candidates : []) {
    if (!isObj(c) || typeof c.canonicalId !== 'string' || c.canonicalId === '' || seen.has(c.canonicalId)) continue;
    seen.add(c.canonicalId);
    all.push(c as unknown as DocTargetCandidate);
  }
  const exact = all.filter((c) => equalFold(trimSpace(c.name ?? ''), query));
  const [picked, matchedBy] = exact.length > 0 ? [exact, 'exact_title'] : [all, 'search_candidate'];
  if (picked.length === 0) return { status: 'not_found', candidates: all };
  if (picked.length > 1) return { status: 'ambiguous', candidates: picked };
  const selected = picked[0]!;
  const type = normalizeType(selected.resourceType ?? '');
  if (type !== '' && type !== 'adoc' && type !== 'document' && type !== 'doc') return { status: 'type_mismatch', selected, candidates: [] };
  return { status: 'resolved', matchedBy, selected, candidates: [] };
}
