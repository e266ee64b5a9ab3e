// What doc +fetch --scope keyword prints (projectKeywordMatches, internal/shortcut/doc/content_shortcuts.go:1621-1717
// with blockIdentity and stringSliceNonEmpty, doc/common.go:336-356@c7521c1c): every text of the get_document_content
// answer is searched for the first of the --keyword alternatives it holds, ignoring case code point by code point, and
// each hit is printed with up to --context-before / --context-after characters around it.
import { isObject as isObj } from '../json-object.js';
import { trimSpace } from '../text/space.js';
import { goCase } from '../text/go-case.js';
import { parseJsonWellFormed } from '../json-well-formed.js';

type Obj = Record<string, unknown>;

/** The context kept when --context-before / --context-after is not above 0 (:1623-1628). */
export const KEYWORD_CONTEXT_BEFORE = 80;
export const KEYWORD_CONTEXT_AFTER = 120;

/** One hit as upstream prints it (a Go map: its keys in sorted order). */
export interface KeywordMatch { blockId: string; content: string; parentBlockPath: []; topBlockId: string; truncated: boolean }

/** blockIdentity (common.go:349): the first of blockId, id, uuid holding a text that is not blank, trimmed; else the inherited id. */
function blockIdentity(v: Obj, inherited: string): string {
  for (const key of ['blockId', 'id', 'uuid']) {
    const text = v[key];
    if (typeof text === 'string' && trimSpace(text) !== '') return trimSpace(text);
  }
  return inherited;
}

/** Each code point by itself through Go's unicode.ToLower (foldRunes, :1692-1698): as many code points as it was given. */
function foldRunes(points: readonly string[]): string[] {
  return points.map((c) => goCase(c, 'lower'));
}

/** indexRunes (:1700-1717): where `target` first starts in `value`, by code points; -1 when not there or empty. */
function indexRunes(value: readonly string[], target: readonly string[]): number {
  if (target.length === 0 || target.length > value.length) return -1;
  for (let start = 0; start + target.length <= value.length; start++) {
    if (target.every((c, offset) => value[start + offset] === c)) return start;
  }
  return -1;
}

/** A context width as upstream reads it: not above 0 (or not given) is the default; a JSON number otherwise. */
function width(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.trunc(v) : fallback;
}

/**
 * `doc_keyword_matches`: `{content, keyword, before?, after?}` (the get_document_content answer as CallMCPData gives it,
 * the trimmed --keyword, the two context flags) -> `{count, matches}`. The keyword is split at `|` into its trimmed,
 * non-empty alternatives. The answer is walked depth first: in an object every value, a `jsonml` text that decodes as
 * JSON walked as what it decodes to, the block id there taken by blockIdentity; in a list whose first element is a text
 * (a JSONML element: tag, attributes, children) the children from the third on, its id from the attributes object; any
 * other list every element. Each text met is searched for the alternatives in order, ignoring case (Go's
 * unicode.ToLower code point by code point); the first found gives the text's one hit: the text from `before` code
 * points before it to `after` after its end (cut at the text's ends), `truncated` when cut. Deviation: Go walks an
 * object's keys in random order, dws in the answer's key order.
 */
export function docKeywordMatches(v: Obj): { count: number; matches: KeywordMatch[] } {
  const keyword = typeof v.keyword === 'string' ? v.keyword : '';
  const queries = keyword.split('|').map(trimSpace).filter((q) => q !== '').map((q) => foldRunes([...q]));
  const before = width(v.before, KEYWORD_CONTEXT_BEFORE);
  const after = width(v.after, KEYWORD_CONTEXT_AFTER);
  const matches: KeywordMatch[] = [];
  const textMatch = (text: string, blockId: string) => {
    const points = [...text];
    const folded = foldRunes(points);
    for (const query of queries) {
      const index = indexRunes(folded, query);
      if (index < 0) continue;
      const start = Math.max(0, index - before);
      const end = Math.min(points.length, index + query.length + after);
      matches.push({ blockId, content: points.slice(start, end).join(''), parentBlockPath: [], topBlockId: blockId, truncated: start > 0 || end < points.length });
      return;
    }
  };
  const walk = (value: unknown, inherited: string): void => {
    if (isObj(value)) {
      const blockId = blockIdentity(value, inherited);
      for (const [key, child] of Object.entries(value)) {
        if (key === 'jsonml' && typeof child === 'string') {
          let decoded: unknown;
          try {
            decoded = parseJsonWellFormed(child);
          } catch {
            walk(child, blockId);
            continue;
          }
          walk(decoded, blockId);
          continue;
        }
        walk(child, blockId);
      }
    } else if (Array.isArray(value)) {
      let blockId = inherited;
      let start = 0;
      if (value.length >= 2 && typeof value[0] === 'string') {
        start = 2;
        if (isObj(value[1])) blockId = blockIdentity(value[1], blockId);
      }
      for (const child of value.slice(start)) walk(child, blockId);
    } else if (typeof value === 'string') {
      textMatch(value, inherited);
    }
  };
  walk(v.content, '');
  return { count: matches.length, matches };
}
