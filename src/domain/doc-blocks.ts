// The block read-back of doc +update's block writes (upstream shortcut/doc/content_shortcuts.go@c7521c1c): how one
// page of list_document_blocks is read (documentBlockEntries :896, docPageState pagination.go:195,
// nestedNonNegativeInt :926, documentBlockPageIdentity :869), how a block is found in the blocks read
// (findBlock :1738, findJSONMLBlock :1230, orderedDocumentBlocks :1255, orderedJSONMLBlocks :1195) and the three
// checks the read-back polls for: the inserted block shows the content (verifyInsertedBlock :1063), the replaced
// block's content equals it (blockContentEquals :1090), the deleted block is gone (findBlock == nil). A block's
// content is its texts joined by newlines and normalized as markdown, or its JSONML normalized
// (normalizeJSONMLForVerification :1361). str_replace's pick of the one text holding --old (executePlainTextReplace
// :637) and block_copy_insert_after's copy of a block (executeBlockCopy :676) live here too. Go walks an object's
// keys in random order; dws walks them in the answer's order (the same result whenever an object holds at most one
// block or text, as the backend's do).
import { isObject as isObj } from '../json-object.js';
import { trimSpace } from '../text/space.js';
import { blockIdentity, docBlockTexts } from './doc-selection.js';
import { normalizeJsonml, normalizeMarkdown } from './doc-readback.js';
import { parseJsonWellFormed } from '../json-well-formed.js';

type Obj = Record<string, unknown>;

/** Upstream nestedString (common.go:311): the first non-blank text (trimmed) at the keys, then inside result, data, content. */
export function nestedString(data: unknown, keys: readonly string[]): string {
  if (!isObj(data)) return '';
  for (const key of keys) {
    const v = data[key];
    if (typeof v === 'string' && trimSpace(v) !== '') return trimSpace(v);
  }
  for (const wrapper of ['result', 'data', 'content']) {
    const found = nestedString(data[wrapper], keys);
    if (found !== '') return found;
  }
  return '';
}

const parseJson = (text: string): { value: unknown } | undefined => {
  try {
    return { value: parseJsonWellFormed(text) };
  } catch {
    return undefined;
  }
};

/** A JSONML element's block id: its attributes' uuid, blockId, elementId or id (upstream jsonMLBlockIdentity). */
function jsonmlIdentity(element: unknown[]): string {
  return element.length >= 2 && isObj(element[1]) ? nestedString(element[1], ['uuid', 'blockId', 'elementId', 'id']) : '';
}

/** A key holding encoded JSONML (upstream isJSONMLPayloadKey): jsonml or content, case, `_` and `-` ignored. */
const isJsonmlKey = (key: string) => ['jsonml', 'content'].includes(key.replaceAll('_', '').replaceAll('-', '').toLowerCase());

/** Every JSONML element with a block id, depth first, inside encoded JSONML texts too (upstream orderedJSONMLBlocks). */
function jsonmlBlocks(value: unknown): unknown[][] {
  const out: unknown[][] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      if (jsonmlIdentity(v) !== '') out.push(v);
      v.slice(typeof v[0] === 'string' ? 1 : 0).forEach(walk);
    } else if (isObj(v)) {
      for (const [key, child] of Object.entries(v)) {
        if (typeof child === 'string' && isJsonmlKey(key)) {
          const parsed = parseJson(child);
          if (parsed) walk(parsed.value);
        } else walk(child);
      }
    }
  };
  walk(value);
  return out;
}

/** The element-format blocks in order: an object with an id (or its `element` with one), not looking inside it (upstream orderedDocumentBlocks). */
function elementBlocks(value: unknown): Obj[] {
  const out: Obj[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObj(v)) {
      if (isObj(v.element) && blockIdentity(v.element, '') !== '') out.push(v.element);
      else if (blockIdentity(v, '') !== '') out.push(v);
      else Object.values(v).forEach(walk);
    }
  };
  walk(value);
  return out;
}

/** The first object (depth first) whose own id is `id` (upstream findBlock); undefined when none. */
export function findBlock(value: unknown, id: string): Obj | undefined {
  if (Array.isArray(value)) {
    for (const child of value) {
      const found = findBlock(child, id);
      if (found) return found;
    }
  } else if (isObj(value)) {
    if (blockIdentity(value, '') === id) return value;
    for (const child of Object.values(value)) {
      const found = findBlock(child, id);
      if (found) return found;
    }
  }
  return undefined;
}

/** The blocks of one page (upstream documentBlockEntries): blocks or items, encoded JSONML, else inside result, data. */
function pageBlocks(page: unknown): unknown[] | undefined {
  if (!isObj(page)) return undefined;
  for (const key of ['blocks', 'items']) if (Array.isArray(page[key])) return page[key] as unknown[];
  if (typeof page.jsonml === 'string') {
    const parsed = parseJson(page.jsonml);
    if (parsed) return jsonmlBlocks(parsed.value);
  }
  for (const key of ['result', 'data']) {
    if (!Object.hasOwn(page, key)) continue;
    const found = pageBlocks(page[key]);
    if (found) return found;
  }
  return undefined;
}

/** The first boolean hasMore/has_more, at the top, then inside result, data, page, pagination (upstream docPageState). */
function pageMore(page: unknown): boolean | undefined {
  if (!isObj(page)) return undefined;
  for (const key of ['hasMore', 'has_more']) if (typeof page[key] === 'boolean') return page[key] as boolean;
  for (const key of ['result', 'data', 'page', 'pagination']) {
    const found = pageMore(page[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The first nextPageToken/nextCursor/next_page_token key present (its text; a key holding anything else gives ""
 * and the walk goes on), at the top, then inside result, data, page, pagination (upstream docPageState).
 */
function pageCursor(page: unknown): string {
  if (!isObj(page)) return '';
  const key = ['nextPageToken', 'nextCursor', 'next_page_token'].find((k) => Object.hasOwn(page, k));
  const here = key !== undefined && typeof page[key] === 'string' ? page[key] as string : '';
  if (here !== '') return here;
  for (const nested of ['result', 'data', 'page', 'pagination']) {
    const found = pageCursor(page[nested]);
    if (found !== '') return found;
  }
  return '';
}

/**
 * `doc_page_state`: a doc list answer -> `{hasMore?, nextCursor}` as upstream docPageState (pagination.go:195@c7521c1c)
 * reads it: hasMore absent when no boolean says it; nextCursor "" when none, as found (not trimmed).
 */
export function docPageState(answer: unknown): Obj {
  const hasMore = pageMore(answer);
  return { ...(hasMore === undefined ? {} : { hasMore }), nextCursor: pageCursor(answer) };
}

/** A whole non-negative totalCount/total_count, at the top, then inside result, data (upstream nestedNonNegativeInt). */
function pageTotal(page: unknown): number | undefined {
  if (!isObj(page)) return undefined;
  for (const key of ['totalCount', 'total_count']) {
    const v = page[key];
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  }
  for (const key of ['result', 'data']) {
    const found = pageTotal(page[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The ids of a page's blocks as one text; '' when the page is empty or a block has none (upstream documentBlockPageIdentity). */
function pageKey(blocks: unknown[]): string {
  const ids: string[] = [];
  for (const block of blocks) {
    const id = Array.isArray(block) ? jsonmlIdentity(block)
      : isObj(block) ? blockIdentity(block, '') || (isObj(block.element) ? blockIdentity(block.element, '') : '') : '';
    if (id === '') return '';
    ids.push(id);
  }
  return ids.length === 0 ? '' : JSON.stringify(ids);
}

/**
 * `doc_block_page`: one list_document_blocks answer -> `{blocks?, hasMore?, totalCount?, pageKey?}`, what readAllDocumentBlocks
 * (:827) reads of a page: its blocks (absent: the page holds none, a failed read), whether more follow (absent: not
 * said), the total count (absent: not said) and the page's identity (absent: not every block has an id).
 */
export function docBlockPage(page: unknown): Obj {
  const blocks = pageBlocks(page);
  const key = blocks ? pageKey(blocks) : '';
  return {
    ...(blocks ? { blocks } : {}),
    ...(pageMore(page) !== undefined ? { hasMore: pageMore(page) } : {}),
    ...(pageTotal(page) !== undefined ? { totalCount: pageTotal(page) } : {}),
    ...(key !== '' ? { pageKey: key } : {}),
  };
}

/** Upstream normalizeDocumentContentForVerification: JSONML for jsonml, markdown for every other format. */
export const normalizeContent = (raw: string, format: string): string => (format === 'jsonml' ? normalizeJsonml(raw) : normalizeMarkdown(raw));

/** A block's content as upstream canonicalBlockContent reads it: its texts, or its JSONML, normalized. */
export function blockContent(block: unknown, format: string): string {
  const value = isObj(block) && isObj(block.element) ? block.element : block;
  if (format === 'jsonml') {
    if (isObj(value) && typeof value.jsonml === 'string') return normalizeJsonml(value.jsonml);
    return normalizeJsonml(typeof value === 'string' ? value : JSON.stringify(value) ?? 'null');
  }
  const texts: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) v.slice(typeof v[0] === 'string' ? 1 : 0).forEach(walk);
    else if (isObj(v)) {
      if (typeof v.text === 'string') texts.push(v.text);
      else for (const [key, child] of Object.entries(v)) if (!['id', 'blockId', 'uuid', 'blockType'].includes(key)) walk(child);
    }
  };
  walk(value);
  return normalizeMarkdown(texts.join('\n'));
}

/** The block with that id in the format's reading of the blocks (upstream findCanonicalBlock). */
const findIn = (blocks: unknown, id: string, format: string): unknown =>
  (format === 'jsonml' ? jsonmlBlocks(blocks).find((b) => jsonmlIdentity(b) === id) : findBlock(blocks, id));

/** Upstream blockContentEquals: the block `id` is among the blocks and its content is `expected`'s, both normalized. */
export function blockContentEquals(blocks: unknown, id: string, expected: string, format: string): boolean {
  const block = findIn(blocks, id, format);
  return block !== undefined && blockContent(block, format) === normalizeContent(expected, format);
}

/**
 * Upstream verifyInsertedBlock: the block the insert's answer names (blockId, elementId or id, nestedString) shows
 * the content, or else the block right after the first `after` block that has one does. Upstream normalizes the
 * expected content once here and again inside blockContentEquals; so does this.
 */
export function insertedBlockShows(blocks: unknown, answer: unknown, after: string, expected: string, format: string): boolean {
  const want = normalizeContent(expected, format);
  const inserted = nestedString(answer, ['blockId', 'elementId', 'id']);
  if (inserted !== '' && blockContentEquals(blocks, inserted, want, format)) return true;
  const ordered: unknown[] = format === 'jsonml' ? jsonmlBlocks(blocks) : elementBlocks(blocks);
  const idOf = (b: unknown) => (format === 'jsonml' ? (Array.isArray(b) ? jsonmlIdentity(b) : '') : isObj(b) ? blockIdentity(b, '') : '');
  const at = ordered.findIndex((b, i) => idOf(b) === after && i + 1 < ordered.length);
  return at >= 0 && blockContent(ordered[at + 1], format) === want;
}

/**
 * `doc_text_matches`: `{blocks, old, new}` -> every text of a block holding `old` (case and all), as
 * `{blockId, text, updated}` with `updated` the text with its first `old` replaced by `new`. Upstream
 * executePlainTextReplace (:637-669): the tree walked as collectBlockText walks it (a node's id its own or its
 * parent's, every `text` with an id is one match, so a block with two such texts counts twice); a str_replace writes
 * only when there is exactly one, with strings.Replace(text, old, new, 1).
 */
export function docTextMatches(v: Obj, old: string, replacement: string): { blockId: string; text: string; updated: string }[] {
  if (old === '') return [];
  return docBlockTexts(v.blocks)
    .filter((t) => t.text.includes(old))
    .map((t) => ({ ...t, updated: t.text.replace(old, () => replacement) }));
}

/** Upstream containsResourceReference (:1763): a resourceId, resourceUrl or src key anywhere whose value prints as non-empty (anything but ""). */
function holdsResource(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsResource);
  if (!isObj(value)) return false;
  return Object.entries(value).some(([key, child]) => (['resourceId', 'resourceUrl', 'src'].includes(key) && child !== '') || holdsResource(child));
}

/** Upstream stripBlockIDs (:1784), on a copy: blockId, id and uuid removed at every depth. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (!isObj(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !['blockId', 'id', 'uuid'].includes(key)).map(([key, child]) => [key, withoutIds(child)]));
}

/**
 * `doc_block_copy`: a block (as doc_block_find gives it) -> `{element, expected, resources}`, what upstream
 * executeBlockCopy (:676-697) makes of the block it copies: the element written (the block without its ids), the
 * content its read-back must show (canonicalBlockContent in markdown, taken before the ids go) and whether it holds a
 * resource reference (then the copy is refused before any write).
 */
export function docBlockCopy(block: unknown): Obj {
  return { element: withoutIds(block), expected: blockContent(block, 'markdown'), resources: holdsResource(block) };
}
