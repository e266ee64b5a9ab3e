// How upstream's `doc version revert` reads one list_doc_versions page before it reverts (docVersionExists,
// helpers/doc.go:40-137@c7521c1c): whether the page names the version anywhere, and the cursor of the next page.
// The transform `doc_version_page` gives both, so the plan pages until the version shows or no cursor is left.
// doc +version-revert / +history-revert (executeHistoryRevert, shortcut/doc/history_template_shortcuts.go:151-438)
// read a page their own way (`doc_history_page`: findHistoryVersion :226, containsVersion :398, docPageState
// pagination.go:195) and, after the revert, ask for proof that the target version was restored (`doc_revert_proven`:
// revertResultMatchesVersion :209, currentDocumentMatchesRestoredVersion :219, versionEvidenceMatches :274,
// revertResponseHasExplicitFailure :307).
import { isObject as isObj } from '../json-object.js';
import { trimSpace } from '../text/space.js';
import { docPageState } from './doc-blocks.js';

/** A key upstream reads as a version number: lower-cased and without `_`, one of these (docVersionPayloadContains). */
const VERSION_KEYS = new Set(['version', 'versionnumber', 'versionno', 'docversion', 'revision']);
/** The shortcuts' keys (containsVersion :398): fewer than the helper's. */
const HISTORY_VERSION_KEYS = new Set(['version', 'versionnumber', 'revision']);

/**
 * The whole number a value under a version key stands for (docVersionNumberMatches): a JSON number that is whole, or
 * a text that is a decimal integer once trimmed (Go's strconv.Atoi: an optional sign, then digits); else none.
 */
function versionNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isInteger(v) ? v : undefined;
  if (typeof v !== 'string') return undefined;
  const t = trimSpace(v);
  if (!/^[+-]?[0-9]+$/u.test(t)) return undefined;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Every version number held under a version key anywhere in the value, depth first, in the answer's key order. */
function collectVersions(v: unknown, out: number[], keys: ReadonlySet<string> = VERSION_KEYS): void {
  if (Array.isArray(v)) {
    for (const item of v) collectVersions(item, out, keys);
    return;
  }
  if (!isObj(v)) return;
  for (const [key, item] of Object.entries(v)) {
    if (keys.has(key.replaceAll('_', '').toLowerCase())) {
      const n = versionNumber(item);
      if (n !== undefined) out.push(n);
    }
    collectVersions(item, out, keys);
  }
}

/**
 * The next page's cursor as docVersionNextCursor reads it: an object whose `hasMore` is false has none; else its own
 * non-empty nextCursor / nextToken / cursor text, then what its result, content, data hold, then any of its values;
 * a list element by element. `""` when none. (Go walks a map's values in random order; dws in the answer's order.)
 */
function nextCursor(v: unknown): string {
  if (Array.isArray(v)) {
    for (const item of v) {
      const found = nextCursor(item);
      if (found !== '') return found;
    }
    return '';
  }
  if (!isObj(v)) return '';
  if (v.hasMore === false) return '';
  for (const key of ['nextCursor', 'nextToken', 'cursor']) {
    const here = v[key];
    if (typeof here === 'string' && here !== '') return here;
  }
  for (const key of ['result', 'content', 'data']) {
    const found = nextCursor(v[key]);
    if (found !== '') return found;
  }
  for (const item of Object.values(v)) {
    const found = nextCursor(item);
    if (found !== '') return found;
  }
  return '';
}

/** `doc_version_page`: one list_doc_versions answer -> `{versions, nextCursor}` (the numbers it names, the next cursor). */
export function docVersionPage(answer: unknown): { versions: number[]; nextCursor: string } {
  const versions: number[] = [];
  collectVersions(answer, versions);
  return { versions, nextCursor: nextCursor(answer) };
}

/**
 * Whether an answer is one upstream's CallMCPData decodes (runner.go:255-271@c7521c1c): a JSON object, null (a nil
 * map), or a text that is empty or blank (the empty object). Anything else (a list, a number, a boolean, any other
 * text) fails there to decode into an object.
 */
export function decodesAsObject(answer: unknown): boolean {
  return answer === null || answer === undefined || isObj(answer) || (typeof answer === 'string' && trimSpace(answer) === '');
}

/**
 * `doc_history_page`: one list_doc_versions answer as findHistoryVersion reads it -> `{versions, hasMore, nextCursor,
 * invalid?}`: `versions` every whole number under a version/versionNumber/revision key anywhere (containsVersion);
 * `nextCursor` docPageState's cursor, trimmed; `hasMore` docPageState's boolean when the page gives one, else whether
 * there is a cursor (so a page with neither ends the read, one saying more without a cursor is a broken page, as
 * upstream's missing_next_cursor). An answer CallMCPData cannot decode is `invalid: true` with no more pages.
 */
export function docHistoryPage(answer: unknown): { versions: number[]; hasMore: boolean; nextCursor: string; invalid?: true } {
  if (!decodesAsObject(answer)) return { versions: [], hasMore: false, nextCursor: '', invalid: true };
  const versions: number[] = [];
  collectVersions(answer, versions, HISTORY_VERSION_KEYS);
  const state = docPageState(answer);
  const nextCursor = trimSpace(typeof state.nextCursor === 'string' ? state.nextCursor : '');
  const hasMore = typeof state.hasMore === 'boolean' ? state.hasMore : nextCursor !== '';
  return { versions, hasMore, nextCursor };
}

/** A key as versionEvidenceMatches compares it: without `_` and `-`, lower-cased. */
const evidenceKey = (key: string): string => key.replace(/[_-]/gu, '').toLowerCase();

/** Keys that echo the request and are never read as evidence (versionEvidenceRequestEchoKeys :302). */
const ECHO_KEYS = new Set(['args', 'arguments', 'input', 'inputs', 'params', 'parameters', 'request', 'requestbody', 'requestparams', 'toolargs', 'toolarguments']);
const REVERT_RESULT_KEYS = new Set(['targetversion', 'appliedversion', 'restoredversion', 'revertedversion', 'revertedtoversion', 'sourceversion']);
const CURRENT_DOCUMENT_KEYS = new Set(['restoredfromversion', 'revertedfromversion', 'sourceversion', 'appliedversion', 'targetversion']);
const FAILED_STATUSES = new Set(['fail', 'failed', 'failure', 'error', 'errored', 'reject', 'rejected', 'deny', 'denied', 'cancel', 'cancelled', 'canceled', 'abort', 'aborted']);

/** Whether a number under an accepted key is the target (versionNumberMatches :382). */
const isTarget = (v: unknown, target: number): boolean => versionNumber(v) === target;

/** versionEvidenceMatches: an accepted key anywhere (echo keys skipped) holding the target. */
function evidence(v: unknown, target: number, keys: ReadonlySet<string>): boolean {
  if (Array.isArray(v)) return v.some((item) => evidence(item, target, keys));
  if (!isObj(v)) return false;
  return Object.entries(v).some(([key, child]) => {
    const k = evidenceKey(key);
    if (ECHO_KEYS.has(k)) return false;
    return (keys.has(k) && isTarget(child, target)) || evidence(child, target, keys);
  });
}

/** revertErrorCodeIsFailure :358: a code other than 0 and outside 200-299, or a text that is no number nor an ok word. */
function codeFails(v: unknown): boolean {
  if (typeof v === 'number') return v !== 0 && (v < 200 || v >= 300);
  if (typeof v !== 'string') return false;
  const t = trimSpace(v).toLowerCase();
  if (['', 'ok', 'success', 'succeed', 'succeeded'].includes(t)) return false;
  if (!/^[+-]?[0-9]+$/u.test(t)) return true;
  const n = BigInt(t);
  // Go's strconv.Atoi fails beyond int64, and such a code is then a failure
  if (n > 9223372036854775807n || n < -9223372036854775808n) return true;
  return n !== 0n && (n < 200n || n >= 300n);
}

/** revertResponseHasExplicitFailure :307: success/ok false (or the text false), a failed status/state, a failing code. */
function explicitFailure(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(explicitFailure);
  if (!isObj(v)) return false;
  return Object.entries(v).some(([key, child]) => {
    const k = evidenceKey(key);
    if (ECHO_KEYS.has(k)) return false;
    if ((k === 'success' || k === 'ok') && (child === false || (typeof child === 'string' && trimSpace(child).toLowerCase() === 'false'))) return true;
    if ((k === 'status' || k === 'state') && typeof child === 'string' && FAILED_STATUSES.has(trimSpace(child).toLowerCase())) return true;
    if ((k === 'errorcode' || k === 'code') && codeFails(child)) return true;
    return explicitFailure(child);
  });
}

/**
 * `doc_revert_proven`: `{revert, current, version}` -> whether executeHistoryRevert (:182-183) takes the revert as
 * proven: the revert answer shows no explicit failure and names the target under a revert-result key, or the
 * get_document_info answer names it under a restored-from key.
 */
export function docRevertProven(v: Record<string, unknown>): boolean {
  const target = typeof v.version === 'number' ? v.version : Number(v.version);
  if (!Number.isInteger(target)) return false;
  if (explicitFailure(v.revert)) return false;
  return evidence(v.revert, target, REVERT_RESULT_KEYS) || evidence(v.current, target, CURRENT_DOCUMENT_KEYS);
}
