// How upstream's `doc version revert` reads one list_doc_versions page before it reverts (docVersionExists,
// helpers/doc.go:40-137@c7521c1c): whether the page names the version anywhere, and the cursor of the next page.
// The transform `doc_version_page` gives both, so the plan pages until the version shows or no cursor is left.
import { isObject as isObj } from '../json-object.js';
import { trimSpace } from '../text/space.js';

/** A key upstream reads as a version number: lower-cased and without `_`, one of these (docVersionPayloadContains). */
const VERSION_KEYS = new Set(['version', 'versionnumber', 'versionno', 'docversion', 'revision']);

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
function collectVersions(v: unknown, out: number[]): void {
  if (Array.isArray(v)) {
    for (const item of v) collectVersions(item, out);
    return;
  }
  if (!isObj(v)) return;
  for (const [key, item] of Object.entries(v)) {
    if (VERSION_KEYS.has(key.replaceAll('_', '').toLowerCase())) {
      const n = versionNumber(item);
      if (n !== undefined) out.push(n);
    }
    collectVersions(item, out);
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
