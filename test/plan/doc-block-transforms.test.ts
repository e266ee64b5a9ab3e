// The block read-back transforms of doc +update (src/domain/doc-blocks.ts, upstream content_shortcuts.go@c7521c1c):
// doc_block_page (what readAllDocumentBlocks reads of one page), doc_block_find (findBlock), doc_block_equals
// (blockContentEquals), doc_block_inserted (verifyInsertedBlock), and markdown_readback_matches with format jsonml
// (normalizeJSONMLForVerification). Expected values are worked out from upstream's functions by hand; the properties
// hold for any blocks, texts and JSONML trees fast-check draws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import type { Transform } from '../../src/plan/spec.js';

const apply = (t: Transform, v: unknown) => applyTransforms([t], v, 'a read-back');
const para = (id: string, text: string) => ({ blockId: id, blockType: 'paragraph', paragraph: { text } });
const word = fc.stringMatching(/^[a-z0-9\u4e00-\u4e05]{1,6}$/u);
const ids = fc.uniqueArray(fc.stringMatching(/^b[0-9a-z]{1,4}$/u), { minLength: 1, maxLength: 8 });
/** The wrappers a page's list may sit in (documentBlockEntries: blocks, items, then inside result or data). */
const wrap = fc.constantFrom(
  (l: unknown[]) => ({ blocks: l }), (l: unknown[]) => ({ items: l }), (l: unknown[]) => ({ result: { blocks: l } }), (l: unknown[]) => ({ data: { result: { items: l } } }));

describe('doc_block_page', () => {
  it('reads the list, hasMore, totalCount and the page identity wherever upstream looks for them', () => {
    expect(apply('doc_block_page', { result: { blocks: [para('b1', 'x'), { element: { id: 'b2' } }], pagination: { has_more: true }, total_count: 7 } }))
      .toEqual({ blocks: [para('b1', 'x'), { element: { id: 'b2' } }], hasMore: true, totalCount: 7, pageKey: '["b1","b2"]' });
    // no list: the page is a failed read (no blocks); a block without an id: no identity; a fractional total is none
    expect(apply('doc_block_page', { result: { list: [] }, hasMore: false, totalCount: 1.5 })).toEqual({ hasMore: false });
    expect(apply('doc_block_page', { blocks: [para('b1', 'x'), { text: 'y' }] })).toEqual({ blocks: [para('b1', 'x'), { text: 'y' }] });
    // encoded JSONML: its blocks with an id, nested ones too, in order
    const jsonml = '["root",{},["p",{"uuid":"p1"},["span",{"id":"s1"},"a"]],["p",{},"b"]]';
    expect(apply('doc_block_page', { data: { jsonml } })).toEqual({
      blocks: [['p', { uuid: 'p1' }, ['span', { id: 's1' }, 'a']], ['span', { id: 's1' }, 'a']], pageKey: '["p1","s1"]',
    });
  });
  it('gives back the list as it is under any wrapper, with the ids as the key', () => {
    fc.assert(fc.property(ids, wrap, fc.option(fc.boolean(), { nil: undefined }), (list, w, more) => {
      const blocks = list.map((id) => para(id, id));
      const page = { ...w(blocks), ...(more === undefined ? {} : { hasMore: more }) };
      expect(apply('doc_block_page', page)).toEqual({ blocks, pageKey: JSON.stringify(list), ...(more === undefined ? {} : { hasMore: more }) });
    }));
  });
});

describe('doc_block_find', () => {
  it('finds the block whose own id (blockId, id, uuid, trimmed) is asked for, depth first; a child does not inherit', () => {
    const first = { id: ' b1 ', children: [{ text: 'x' }] };
    const blocks = [{ element: first }, para('b2', 'y')];
    expect(apply('doc_block_find', { blocks, id: 'b1' })).toEqual(first);
    expect(apply('doc_block_find', { blocks, id: 'b3' })).toBeUndefined();
  });
  it('finds every id of the list and none that is not in it', () => {
    fc.assert(fc.property(ids, wrap, fc.string(), (list, w, other) => {
      const blocks = w(list.map((id) => para(id, 't')));
      for (const id of list) expect(apply('doc_block_find', { blocks, id })).toEqual(para(id, 't'));
      fc.pre(!list.includes(other.trim()) && other.trim() !== '');
      expect(apply('doc_block_find', { blocks, id: other })).toBeUndefined();
    }));
  });
});

describe('doc_block_equals', () => {
  it('compares the block texts joined by newlines, normalized as markdown, with the content', () => {
    const blocks = [{ element: { id: 'b1', blockType: 'paragraph', style: 'left', paragraph: { runs: [{ text: ' 第一 ' }, { text: '第二' }] } } }];
    expect(apply('doc_block_equals', { blocks, id: 'b1', expected: 'left\n第一\n第二\n\n' })).toBe(true);
    expect(apply('doc_block_equals', { blocks, id: 'b1', expected: '第一\n第二' })).toBe(false);
    expect(apply('doc_block_equals', { blocks, id: 'b2', expected: '' })).toBe(false);
  });
  it('holds for a content that differs only in spaces, and not for another word', () => {
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), word, (words, extra) => {
      const blocks = { result: { blocks: [para('b1', words.join(' '))] } };
      expect(apply('doc_block_equals', { blocks, id: 'b1', expected: `  ${words.join('   ')} \n\n` })).toBe(true);
      expect(apply('doc_block_equals', { blocks, id: 'b1', expected: `${words.join(' ')} ${extra}` })).toBe(false);
    }));
  });
  it('compares JSONML blocks as normalized JSONML in the jsonml format', () => {
    const blocks = [['root', {}, ['p', { uuid: 'p1', Block_Id: 'x' }, ['span', { dataType: 'leaf' }, 'a\r\nb']]]];
    expect(apply('doc_block_equals', { blocks, id: 'p1', expected: '["P", {}, "a\\nb"]', format: 'jsonml' })).toBe(true);
    expect(apply('doc_block_equals', { blocks, id: 'p1', expected: '["p", {"align": "left"}, "a\\nb"]', format: 'jsonml' })).toBe(false);
  });
});

describe('doc_block_inserted', () => {
  it('takes the block the answer names, else the block right after the reference', () => {
    const blocks = [para('b1', '前'), para('b2', '新'), para('b3', '后')];
    expect(apply('doc_block_inserted', { blocks, answer: { result: { blockId: 'b3' } }, after: 'b9', expected: '后' })).toBe(true);
    expect(apply('doc_block_inserted', { blocks, answer: {}, after: 'b1', expected: '新' })).toBe(true);
    // the named block does not show it, but the one after the reference does: upstream accepts that too
    expect(apply('doc_block_inserted', { blocks, answer: { id: 'b1' }, after: 'b1', expected: '新' })).toBe(true);
    expect(apply('doc_block_inserted', { blocks, answer: {}, after: 'b3', expected: '新' })).toBe(false);
  });
  it('holds exactly when the block after the reference shows the content (no id in the answer)', () => {
    fc.assert(fc.property(fc.uniqueArray(word, { minLength: 2, maxLength: 8 }), fc.nat(), fc.nat(), (texts, r, c) => {
      const blocks = texts.map((t, i) => para(`b${i}`, t));
      const ref = r % (texts.length - 1);
      const content = texts[c % texts.length];
      expect(apply('doc_block_inserted', { blocks: { blocks }, answer: { success: true }, after: `b${ref}`, expected: content })).toBe(texts[ref + 1] === content);
    }));
  });
});

/** JSONML trees: elements of a tag, optional attributes and children (text or elements). */
const jsonmlTree = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, word, tie('element')),
  element: fc.tuple(fc.constantFrom('p', 'h1', 'a', 'td'), fc.dictionary(fc.constantFrom('href', 'align', 'level'), word, { maxKeys: 2 }),
    fc.array(tie('node'), { maxLength: 3 })).map(([tag, attrs, children]) => [tag, attrs, ...children]),
})).element;

/** The tree as the backend may give it back: ids added, tags upper-cased, each text in a plain span. */
function asReadBack(node: unknown, n: { i: number }): unknown {
  if (typeof node === 'string') return ['span', { dataType: 'text' }, node];
  const [tag, attrs, ...children] = node as [string, Record<string, unknown>, ...unknown[]];
  return [tag.toUpperCase(), { ...attrs, uuid: `u${n.i++}` }, ...children.map((c) => asReadBack(c, n))];
}

describe('markdown_readback_matches in the jsonml format', () => {
  const matches = (answer: unknown, expected: string, mode = 'overwrite') => apply('markdown_readback_matches', { answer, expected, mode, format: 'jsonml' });
  it('drops the defaults the backend adds, empty style objects and null children; keeps other attributes', () => {
    const written = '["root",{},["code",{"syntax":"go"},"x"],["hr",{}]]';
    expect(matches({ result: { jsonml: '["root",{"style":{}},["code",{"syntax":"go","theme":"default","wrap":true,"show_line_number":true},"x",null],["hr",{"sz":1}]]' } }, written)).toBe(true);
    expect(matches({ result: { jsonml: '["root",{},["code",{"syntax":"go","theme":"dark"},"x"],["hr",{}]]' } }, written)).toBe(false);
    // a span with another attribute stays; the markdown key is no candidate in the jsonml format
    expect(matches({ jsonml: '["p",{},["span",{"bold":true},"a"]]' }, '["p",{},"a"]')).toBe(false);
    expect(matches({ markdown: '["p",{},"a"]' }, '["p",{},"a"]')).toBe(false);
    // text that is not JSON is compared as markdown
    expect(matches({ content: ' a  b \n\n' }, 'a b')).toBe(true);
  });
  it('accepts any tree read back with ids, other tag case and plain text spans, and not one with a text changed', () => {
    fc.assert(fc.property(jsonmlTree, word, (tree, extra) => {
      const written = JSON.stringify(tree);
      expect(matches({ result: { jsonml: JSON.stringify(asReadBack(tree, { i: 0 })) } }, written)).toBe(true);
      expect(matches({ result: { jsonml: JSON.stringify([...tree, `${extra}!`]) } }, written)).toBe(false);
    }));
  });
});

describe('doc_text_matches (str_replace, executePlainTextReplace :637-669)', () => {
  it('lists every text holding --old, case-sensitively, with its nearest id and its first occurrence replaced', () => {
    const blocks = [para('b1', 'a-x-a'), { id: ' b2 ', children: [{ text: 'A' }, { uuid: 'r3', text: 'xa' }] }, { text: 'a without id' }];
    expect(apply('doc_text_matches', { blocks, old: 'a', new: '$&' })).toEqual([
      { blockId: 'b1', text: 'a-x-a', updated: '$&-x-a' },
      { blockId: 'r3', text: 'xa', updated: 'x$&' },
    ]);
    expect(apply('doc_text_matches', { blocks, old: 'zz', new: '' })).toEqual([]);
  });
  it('the updated text is the text with one occurrence cut out and the new text put in its place', () => {
    fc.assert(fc.property(word, word, word, word, (before, old, after, replacement) => {
      const [m] = apply('doc_text_matches', { blocks: [para('b1', `${before}${old}${after}`)], old, new: replacement }) as { updated: string }[];
      const at = `${before}${old}${after}`.indexOf(old);
      expect(m.updated).toBe(`${before}${old}${after}`.slice(0, at) + replacement + `${before}${old}${after}`.slice(at + old.length));
    }));
  });
});

describe('doc_block_copy (block_copy_insert_after, executeBlockCopy :676-697)', () => {
  it('drops the ids at every depth, keeps the content read before, and says whether a resource is referenced', () => {
    const block = { blockId: 'b1', blockType: 'heading', heading: { id: 'h', children: [{ uuid: 'r', text: ' 小  结 ' }] } };
    expect(apply('doc_block_copy', block)).toEqual({
      element: { blockType: 'heading', heading: { children: [{ text: ' 小  结 ' }] } }, expected: '小 结', resources: false,
    });
    expect(block.heading.children[0].uuid).toBe('r');
    expect((apply('doc_block_copy', { id: 'i', image: { src: '' } }) as { resources: boolean }).resources).toBe(false);
    expect((apply('doc_block_copy', { id: 'i', image: { src: 'u' } }) as { resources: boolean }).resources).toBe(true);
    expect((apply('doc_block_copy', { id: 'i', file: [{ resourceId: null }] }) as { resources: boolean }).resources).toBe(true);
    expect((apply('doc_block_copy', { id: 'i', file: { resourceUrl: 0 } }) as { resources: boolean }).resources).toBe(true);
  });
  it('a copy read back under a new id shows as inserted right after the reference', () => {
    fc.assert(fc.property(word, word, (text, other) => {
      const source = para('b1', text);
      const { element, expected } = apply('doc_block_copy', source) as { element: Record<string, unknown>; expected: string };
      const blocks = [source, para('b2', other), { ...element, blockId: 'n1' }];
      expect(apply('doc_block_inserted', { blocks, answer: {}, after: 'b2', expected })).toBe(true);
    }));
  });
});
