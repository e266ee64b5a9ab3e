// The UTF-16 transforms (src/plan/transforms/utf16.ts: utf16_length, utf16_slice) and the comment selection of a
// document (src/domain/doc-selection.ts: doc_block_texts, doc_selection_matches), as upstream's sliceUTF16Range,
// utf16Length, collectBlockText and findSelectionMatches (shortcut/doc/review_shortcuts.go) compute them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import type { Transform } from '../../src/plan/spec.js';
import { DwsError } from '../../src/errors.js';

const apply = (t: Transform, v: unknown) => applyTransforms([t], v, '--x');
const reason = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof DwsError ? e.reason : String(e);
  }
  return 'no refusal';
};

describe('utf16_length and utf16_slice', () => {
  it('counts a character outside the BMP as two units', () => {
    expect(apply('utf16_length', '计划😀')).toBe(4);
    expect(apply('utf16_length', '')).toBe(0);
  });
  it('cuts [start, end) in UTF-16 units, offsets as numbers or digits', () => {
    expect(apply('utf16_slice', { text: '😀计划', start: 0, end: 3 })).toBe('😀计');
    expect(apply('utf16_slice', { text: '计划下周发布', start: '2', end: '4', expected: '下周' })).toBe('下周');
  });
  it('refuses an empty, negative or outside range, one that splits a surrogate pair, and a differing expected text', () => {
    for (const v of [{ start: 2, end: 2 }, { start: -1, end: 2 }, { start: 0, end: 4 }, { start: 1, end: 3 }, { start: 0, end: 1 }, { start: 0, end: 3, expected: '😀' }]) {
      expect(reason(() => apply('utf16_slice', { text: '😀计', ...v })), JSON.stringify(v)).toBe('invalid_parameter');
    }
    expect(reason(() => apply('utf16_slice', { text: 'ab', start: 'x', end: 1 }))).toBe('invalid_parameter');
  });
  it('gives the JS slice for every range that keeps surrogate pairs whole (property)', () => {
    const unit = fc.constantFrom('a', '中', '😀');
    fc.assert(fc.property(fc.string({ unit, maxLength: 12 }), fc.nat(24), fc.nat(24), (t, a, b) => {
      const splits = (i: number) => i > 0 && i < t.length && /[\ud800-\udbff]/u.test(t[i - 1]) && /[\udc00-\udfff]/u.test(t[i]);
      const ok = a < b && b <= t.length && !splits(a) && !splits(b);
      if (ok) expect(apply('utf16_slice', { text: t, start: a, end: b })).toBe(t.slice(a, b));
      else expect(reason(() => apply('utf16_slice', { text: t, start: a, end: b }))).toBe('invalid_parameter');
    }));
  });
});

describe('doc_block_texts and doc_selection_matches', () => {
  const blocks = { blocks: [{ blockId: 'b1', text: '😀计划下周发布' }, { id: ' b2 ', children: [{ text: '下周复盘' }, { uuid: 'b3', text: '无关' }] }, { text: '无主文字' }] };
  it('walks the tree: a node\'s id is its blockId, id or uuid (trimmed), else its parent\'s; a text without an id is skipped', () => {
    expect(apply('doc_block_texts', blocks)).toEqual([{ blockId: 'b1', text: '😀计划下周发布' }, { blockId: 'b2', text: '下周复盘' }, { blockId: 'b3', text: '无关' }]);
  });
  it('finds every place of the selection with UTF-16 offsets, overlapping ones too', () => {
    expect(apply('doc_selection_matches', { blocks, selection: '下周' })).toEqual([
      { blockId: 'b1', excerpt: '😀计划下周发布', selectedText: '下周', start: 4, end: 6 },
      { blockId: 'b2', excerpt: '下周复盘', selectedText: '下周', start: 0, end: 2 },
    ]);
    expect(apply('doc_selection_matches', { blocks: { blockId: 'x', text: 'aaa' }, selection: 'aa' })).toEqual([
      { blockId: 'x', excerpt: 'aaa', selectedText: 'aa', start: 0, end: 2 }, { blockId: 'x', excerpt: 'aaa', selectedText: 'aa', start: 1, end: 3 },
    ]);
  });
  it('reads `a...b` as a prefix and a suffix: every prefix start with every later suffix end', () => {
    const one = { blockId: 'x', text: '甲乙甲丙乙' };
    expect(apply('doc_selection_matches', { blocks: one, selection: '甲...乙' })).toEqual([
      { blockId: 'x', excerpt: '甲乙甲丙乙', selectedText: '甲乙', start: 0, end: 2 },
      { blockId: 'x', excerpt: '甲乙甲丙乙', selectedText: '甲乙甲丙乙', start: 0, end: 5 },
      { blockId: 'x', excerpt: '甲乙甲丙乙', selectedText: '甲丙乙', start: 2, end: 5 },
    ]);
    expect((apply('doc_selection_matches', { blocks: one, selection: '丙...' }) as { selectedText: string }[]).map((m) => m.selectedText)).toEqual(['丙乙']);
    expect((apply('doc_selection_matches', { blocks: one, selection: '...丙' }) as { selectedText: string }[]).map((m) => m.selectedText)).toEqual(['甲乙甲丙']);
  });
  it('a match is the text at its offsets (property)', () => {
    const unit = fc.constantFrom('a', 'b', '中', '😀');
    fc.assert(fc.property(fc.string({ unit, maxLength: 10 }), fc.string({ unit, minLength: 1, maxLength: 3 }), (t, sel) => {
      const ms = apply('doc_selection_matches', { blocks: { blockId: 'x', text: t }, selection: sel }) as { selectedText: string; start: number; end: number }[];
      let count = 0;
      for (let i = t.indexOf(sel); i >= 0; i = t.indexOf(sel, i + 1)) count++;
      expect(ms).toHaveLength(count);
      for (const m of ms) expect([m.selectedText, t.slice(m.start, m.end)]).toEqual([sel, sel]);
    }));
  });
});
