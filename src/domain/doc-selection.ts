// Where a comment's quoted text sits in a document (upstream shortcut/doc/review_shortcuts.go: collectBlockText,
// findSelectionMatches, common.go blockIdentity): the blocks answer of list_document_blocks{format: element} is
// walked as a tree; a node's id is its blockId, id or uuid (trimmed), else its parent's, and every node with a
// `text` and an id is a text of that block. Offsets are UTF-16 code units, as the backend counts them.
import { DwsError } from '../errors.js';
import { isObject as isObj } from '../json-object.js';
import { trimSpace } from '../text/space.js';

type Obj = Record<string, unknown>;

/** A node's block id: its blockId, id or uuid (trimmed as Go's TrimSpace), else the inherited one (upstream blockIdentity). */
export function blockIdentity(node: Obj, inherited: string): string {
  for (const key of ['blockId', 'id', 'uuid']) {
    const v = node[key];
    if (typeof v === 'string' && trimSpace(v) !== '') return trimSpace(v);
  }
  return inherited;
}

/** Every (block id, text) of the tree, in walk order (a node before its children). */
function walkTexts(value: unknown, inherited: string, visit: (blockId: string, text: string) => void): void {
  if (Array.isArray(value)) {
    for (const child of value) walkTexts(child, inherited, visit);
  } else if (isObj(value)) {
    const id = blockIdentity(value, inherited);
    if (typeof value.text === 'string' && id !== '') visit(id, value.text);
    for (const child of Object.values(value)) walkTexts(child, id, visit);
  }
}

/** `doc_block_texts`: the answer -> `[{blockId, text}]`, one per text found (collectBlockText's entries). */
export function docBlockTexts(answer: unknown): { blockId: string; text: string }[] {
  const out: { blockId: string; text: string }[] = [];
  walkTexts(answer, '', (blockId, text) => out.push({ blockId, text }));
  return out;
}

export interface SelectionMatch { blockId: string; excerpt: string; selectedText: string; start: number; end: number }

/** Every start of `needle` in `text` (overlapping ones too), as UTF-16 indexes. */
function starts(text: string, needle: string, from = 0): number[] {
  const out: number[] = [];
  for (let at = text.indexOf(needle, from); at >= 0 && at < text.length; at = text.indexOf(needle, at + 1)) out.push(at);
  return out;
}

/**
 * Upstream findSelectionMatches: each place a block's text holds the selection. A selection with `...` is a prefix
 * and a suffix: every prefix start paired with every later suffix end (no suffix: up to the end of the text; no
 * prefix: from the start of the text).
 */
export function selectionMatches(blocks: unknown, selection: string): SelectionMatch[] {
  if (selection === '') return [];
  const cut = selection.indexOf('...');
  const out: SelectionMatch[] = [];
  walkTexts(blocks, '', (blockId, text) => {
    const add = (s: number, e: number) => out.push({ blockId, excerpt: text, selectedText: text.slice(s, e), start: s, end: e });
    if (cut < 0) {
      for (const s of starts(text, selection)) add(s, s + selection.length);
      return;
    }
    const prefix = selection.slice(0, cut);
    const suffix = selection.slice(cut + 3);
    for (const s of prefix === '' ? [0] : starts(text, prefix)) {
      if (suffix === '') {
        if (s < text.length) add(s, text.length);
        continue;
      }
      for (let from = s + prefix.length, at = text.indexOf(suffix, from); at >= 0; at = text.indexOf(suffix, from)) {
        add(s, at + suffix.length);
        from = at + 1;
        if (from > text.length) break;
      }
    }
  });
  return out;
}

/** `doc_selection_matches`: `{blocks, selection}` -> the matches of the selection (a list; none is `[]`). */
export function docSelectionMatches(v: unknown, where: string): SelectionMatch[] {
  if (!isObj(v) || typeof v.selection !== 'string') {
    throw new DwsError('invalid_parameter', `${where}: ${JSON.stringify(v)} is not an object {blocks, selection}`, 'correct the value and run the command again');
  }
  return selectionMatches(v.blocks, v.selection);
}
