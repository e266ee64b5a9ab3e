// doc +fetch's title resolution (docresolver.Resolve, internal/shortcut/docresolver/resolver.go@c7521c1c):
// how one search page is read and how the one document is picked.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PARAM } from '../../src/plan/transforms/values.js';
import { DOC_TARGET_PAGE_SIZE, docTargetPage, docTargetSelect } from '../../src/domain/doc-target.js';
import { equalFold } from '../../src/text/equal-fold.js';

describe('doc_target_page reads a search page as searchAll does', () => {
  it('a boolean hasMore decides, found depth first through result, data, page, pagination', () => {
    expect(docTargetPage({ result: { nodes: [{ node_id: 'A', title: 't' }], hasMore: true }, data: { has_more: false }, pagination: { next_page_token: ' n ' } }))
      .toEqual({ candidates: [{ canonicalId: 'A', name: 't', product: 'doc' }], hasMore: true, nextCursor: 'n' });
  });

  it('without markers a page shorter than 30 rows is the last and a full one is not', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 60 }), (n) => {
      const rows = Array.from({ length: n }, (_, i) => ({ nodeId: `N${i}` }));
      const page = docTargetPage({ documents: rows });
      expect(page.hasMore).toBe(n >= DOC_TARGET_PAGE_SIZE);
      expect(page.candidates.length).toBe(n);
    }));
  });

  it('an answer CallMCPData cannot decode is invalid; null and blank text are empty pages', () => {
    for (const bad of [[1], 3, true, 'x']) expect(docTargetPage(bad)).toEqual({ candidates: [], hasMore: false, nextCursor: '', invalid: true });
    for (const empty of [null, '  ', {}]) expect(docTargetPage(empty)).toEqual({ candidates: [], hasMore: false, nextCursor: '' });
  });
});

describe('doc_target_select picks one document as selectCandidates and the type check do', () => {
  const cand = (id: string, name?: string, resourceType?: string) => ({ canonicalId: id, ...(name ? { name } : {}), product: 'doc', ...(resourceType ? { resourceType } : {}) });

  it('an exact title, case ignored, wins over other candidates; the same id twice is one candidate', () => {
    expect(docTargetSelect({ query: 'plan', candidates: [cand('A', 'Plan B'), cand('B', ' PLAN '), cand('B', ' PLAN ')] }))
      .toEqual({ status: 'resolved', matchedBy: 'exact_title', selected: cand('B', ' PLAN '), candidates: [] });
  });

  it('without an exact title one candidate is taken, several are ambiguous, none is not found', () => {
    expect(docTargetSelect({ query: 'q', candidates: [cand('A', 'x')] })).toEqual({ status: 'resolved', matchedBy: 'search_candidate', selected: cand('A', 'x'), candidates: [] });
    expect(docTargetSelect({ query: 'q', candidates: [cand('A', 'x'), cand('B', 'y')] })).toEqual({ status: 'ambiguous', candidates: [cand('A', 'x'), cand('B', 'y')] });
    expect(docTargetSelect({ query: 'q', candidates: [] })).toEqual({ status: 'not_found', candidates: [] });
  });

  it('a type other than adoc, document or doc (a leading dot and case ignored) is a type mismatch', () => {
    for (const t of ['.ADOC', ' document ', 'doc']) expect(docTargetSelect({ query: 'q', candidates: [cand('A', 'q', t)] }).status).toBe('resolved');
    expect(docTargetSelect({ query: 'q', candidates: [cand('A', 'q', 'axls')] }).status).toBe('type_mismatch');
  });

  it('equalFold holds between a text and its upper- and lower-cased forms, and never between texts of different lengths', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', 'B', 'ä', '周', 'Z', '1') }), (s) => {
      expect(equalFold(s, s.toUpperCase())).toBe(true);
      expect(equalFold(s, s.toLowerCase())).toBe(true);
      expect(equalFold(s, `${s}x`)).toBe(false);
    }));
  });
});

describe('deep_text reads a text anywhere as nestedStringDeep does (media_style_shortcuts.go:376-397)', () => {
  const deep = (keys: string[]) => PARAM.deep_text(keys) as (v: unknown, where: string) => unknown;

  it('an object\'s own keys come first, in the order given, then its values depth first; blanks are passed over and the text trimmed', () => {
    expect(deep(['imageUrl', 'url'])({ a: { url: 'deep' }, url: '  ', imageUrl: ' top ' }, 'w')).toBe('top');
    expect(deep(['imageUrl', 'url'])({ a: [{ x: 1 }, { url: ' in-list ' }], url: '' }, 'w')).toBe('in-list');
    expect(deep(['imageUrl'])({ a: { imageUrl: 3 } }, 'w')).toBeUndefined();
  });

  it('a text placed at any depth under a key is found, and nothing is found without one', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('result', 'data', 'cover'), { maxLength: 5 }), fc.stringMatching(/^[a-z]{1,8}$/u), (path, text) => {
      const value = path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), { url: ` ${text} ` });
      expect(deep(['url'])(value, 'w')).toBe(text);
      expect(deep(['imageUrl'])(value, 'w')).toBeUndefined();
    }));
  });
});
