// The read-back of doc +media-insert / doc media insert (upstream helpers/doc.go runMediaInsert :501@c7521c1c): after
// the insert, list_document_blocks is read whole (format jsonml, windows of 50, readAllDocBlocksForVerification :800)
// on the 7-read timetable (verifyInsertedDocMedia :742) until a block shows the uploaded resource
// (findVerifiedMediaBlock :917). A page is read as that reader reads it, which is not doc +update's reader
// (doc-blocks.ts): the answer unwrapped through result/data (nestedDocMap :861), its blocks only at `blocks`, hasMore
// and totalCount only there, a block's identity also from `elementId`.
import { isObject as isObj } from '../json-object.js';
import { trimSpace } from '../text/space.js';
import { blockIdentity } from './doc-selection.js';
import { goSprint } from '../go-fmt.js';
import { parseJsonWellFormed } from '../json-well-formed.js';

type Obj = Record<string, unknown>;

/** Upstream nestedDocMap: the object inside result (else data) while there is one. */
function unwrap(page: Obj): Obj {
  for (const key of ['result', 'data']) if (isObj(page[key])) return unwrap(page[key]);
  return page;
}

/** Upstream directDocBlockIdentity: the first non-blank text of blockId, id, uuid, elementId, trimmed. */
function directIdentity(block: Obj): string {
  for (const key of ['blockId', 'id', 'uuid', 'elementId']) {
    const v = block[key];
    if (typeof v === 'string' && trimSpace(v) !== '') return trimSpace(v);
  }
  return '';
}

/** Upstream docBlockPageIdentity: the blocks' ids as one JSON text; '' when the page is empty or a block has none. */
function pageKey(blocks: unknown[]): string {
  const ids: string[] = [];
  for (const block of blocks) {
    let id = '';
    if (isObj(block)) id = directIdentity(block) || (isObj(block.element) ? directIdentity(block.element) : '');
    else if (Array.isArray(block) && block.length > 1 && isObj(block[1])) id = directIdentity(block[1]);
    if (id === '') return '';
    ids.push(id);
  }
  return ids.length === 0 ? '' : JSON.stringify(ids);
}

/**
 * `doc_media_page`: one list_document_blocks answer -> `{blocks?, hasMore?, totalCount?, pageKey?}` as
 * readAllDocBlocksForVerification (:800-848) reads a page: `blocks` the list at `blocks` of the unwrapped answer
 * (absent: a failed read), `hasMore` a boolean there, `totalCount` a whole non-negative number there (docNumberAsInt
 * :950), `pageKey` the page's identity (absent when a block has no id).
 */
export function docMediaPage(page: unknown): Obj {
  const payload = isObj(page) ? unwrap(page) : {};
  const blocks = Array.isArray(payload.blocks) ? payload.blocks as unknown[] : undefined;
  const total = payload.totalCount;
  const key = blocks ? pageKey(blocks) : '';
  return {
    ...(blocks ? { blocks } : {}),
    ...(typeof payload.hasMore === 'boolean' ? { hasMore: payload.hasMore } : {}),
    ...(typeof total === 'number' && Number.isInteger(total) && total >= 0 ? { totalCount: total } : {}),
    ...(key !== '' ? { pageKey: key } : {}),
  };
}

/** Upstream nestedDocString (:870): the first non-blank text (trimmed) at the keys, else inside the values (keys sorted), depth first. */
function nestedDocString(value: unknown, keys: readonly string[]): string {
  if (Array.isArray(value)) {
    for (const child of value) {
      const found = nestedDocString(child, keys);
      if (found !== '') return found;
    }
  } else if (isObj(value)) {
    for (const key of keys) {
      const v = value[key];
      if (typeof v === 'string' && trimSpace(v) !== '') return trimSpace(v);
    }
    // Go's sort.Strings: byte order, which for these keys is code unit order
    for (const key of Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
      const found = nestedDocString(value[key], keys);
      if (found !== '') return found;
    }
  }
  return '';
}

/** Upstream insertedDocBlockID (:901): blockId or elementId of the insert's answer, else inside result, data, content. */
function insertedBlockId(answer: unknown): string {
  if (!isObj(answer)) return '';
  for (const key of ['blockId', 'elementId']) {
    const v = answer[key];
    if (typeof v === 'string' && trimSpace(v) !== '') return trimSpace(v);
  }
  for (const wrapper of ['result', 'data', 'content']) {
    const found = insertedBlockId(answer[wrapper]);
    if (found !== '') return found;
  }
  return '';
}

/** Upstream docMediaReadbackValue (:935): a block's encoded `jsonml` text decoded, else the block. */
function mediaValue(block: unknown): unknown {
  if (!isObj(block) || typeof block.jsonml !== 'string' || trimSpace(block.jsonml) === '') return block;
  try {
    return parseJsonWellFormed(block.jsonml);
  } catch {
    return block;
  }
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * `doc_media_block`: `{blocks, answer, resourceId, resourceUrl}` -> the id of the first block that shows the uploaded
 * media, absent when none (upstream findVerifiedMediaBlock :917 with insertedDocBlockID of the insert's answer): a
 * block's id is the first blockId/id/uuid text inside it; when the answer names the inserted block only that block
 * counts; it shows the media when a resourceId inside it (its decoded jsonml) is `resourceId`, or a resourceUrl/src
 * is `resourceUrl` (an empty one never matches). Upstream prints this id as the inserted block's.
 */
export function docMediaBlock(v: Obj): string | undefined {
  const wanted = insertedBlockId(v.answer);
  const resourceId = text(v.resourceId);
  const resourceUrl = text(v.resourceUrl);
  for (const block of Array.isArray(v.blocks) ? v.blocks as unknown[] : []) {
    const id = nestedDocString(block, ['blockId', 'id', 'uuid']);
    if (id === '' || (wanted !== '' && id !== wanted)) continue;
    const media = mediaValue(block);
    if (resourceId !== '' && nestedDocString(media, ['resourceId']) === resourceId) return id;
    if (resourceUrl !== '' && nestedDocString(media, ['resourceUrl', 'src']) === resourceUrl) return id;
  }
  return undefined;
}

/**
 * fmt.Sprint of a resourceId as collectMediaItems reads it (a list or an object in Go's `[a b]` / `map[k:v]` syntax,
 * p-misc); undefined for none (absent or null: Go's "<nil>").
 */
function sprintResource(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  return goSprint(v);
}

/**
 * `doc_media_items`: a list_document_blocks answer -> the media rows doc +media-list prints (upstream
 * collectMediaItems, shortcut/doc/media_style_shortcuts.go:333-374@c7521c1c), `[]` when none (upstream's nil slice,
 * printed null: the plan prints null for an empty list):
 * every object, node before children, that has a resourceId other than "" (fmt.Sprint of it; null counts as none) or
 * a non-empty text at resourceUrl/src/imageUrl/downloadUrl (the first), gives `{blockId (its own blockId/id/uuid,
 * trimmed, else the nearest parent's, else ""), resourceId?, resourceUrl?, name?, type?, mimeType?, viewType?}`, the
 * last four when the key is there (null kept). Deviation: Go walks an object's values in random order; dws walks them
 * in the answer's key order, so rows under different keys of one object come in that order.
 */
export function docMediaItems(answer: unknown): Obj[] {
  const out: Obj[] = [];
  const walk = (v: unknown, inherited: string): void => {
    if (Array.isArray(v)) {
      for (const child of v) walk(child, inherited);
      return;
    }
    if (!isObj(v)) return;
    const blockId = blockIdentity(v, inherited);
    const resourceId = sprintResource(v.resourceId);
    const url = ['resourceUrl', 'src', 'imageUrl', 'downloadUrl'].map((k) => v[k]).find((x): x is string => typeof x === 'string' && x !== '');
    const hasId = resourceId !== undefined && resourceId !== '';
    if (hasId || url !== undefined) {
      const row: Obj = { blockId };
      if (hasId) row.resourceId = resourceId;
      if (url !== undefined) row.resourceUrl = url;
      for (const key of ['name', 'type', 'mimeType', 'viewType']) if (Object.hasOwn(v, key)) row[key] = v[key];
      // Go prints a map's keys sorted
      out.push(Object.fromEntries(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
    }
    for (const child of Object.values(v)) walk(child, blockId);
  };
  walk(answer, '');
  return out;
}
