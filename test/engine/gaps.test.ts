// Known gaps (catalog/gaps/): matching rules, the reader's errors, the authoring lint, and what a search answers when
// a query says a gap: weak_match with the gap's note, the same candidates as without the gap, never over an exact hit.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, mkdirSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GapIndex, gapLines, gapTableOf, GapTableError, matchGap, saysAll, type Gap } from '../../src/lexicon/gaps.js';
import { DEFAULT_RANKING } from '../../src/engine/ranking.js';

const W = DEFAULT_RANKING.gapWordsBetween;
import { readGaps, readLexicons } from '../../src/build/load.js';
import { snapshotFromCatalog } from '../../src/snapshot/write.js';
import { fold } from '../../src/text/fold.js';
import { loadEngine } from '../../src/index.js';
import { lintGaps, loadGapFiles } from '../../scripts/lib/gaps-lint.mjs';
import { loadCatalogFiles } from '../../scripts/lib/catalog-lint.mjs';
import { ROOT, realCatalog } from '../helpers.js';

const CATALOG = path.join(ROOT, 'catalog');
let catalogFiles: ReturnType<typeof loadCatalogFiles> | undefined;
/** The catalog's YAML files, parsed once for the lint tests (the lint only reads them). */
const shippedFiles = () => (catalogFiles ??= loadCatalogFiles(CATALOG));

const gap = (over: Partial<Gap> = {}): Gap => ({
  product: 'chat', id: 'restore_cleared', note: '清空的聊天记录无法找回。', note_en: 'Cleared chat history cannot be brought back.',
  zh: [['找回', '聊天记录']], en: [['bring back', 'chat history']], ...over,
});

describe('gap term sets', () => {
  it('match Chinese terms as substrings and English terms as whole words, plural allowed', () => {
    expect(saysAll(fold('帮我找回昨天的聊天记录'), ['找回', '聊天记录'], false, W)).toBe(true);
    expect(saysAll(fold('找回文件'), ['找回', '聊天记录'], false, W)).toBe(false);
    // a Latin term in a Chinese set is a whole word: "pat" is not in "path"
    expect(saysAll(fold('给 MySQL 库同步数据'), ['mysql', '同步'], false, W)).toBe(true);
    expect(saysAll(fold('这个 path 的令牌'), ['pat', '令牌'], false, W)).toBe(false);
    // a negated term is not asked for; a later plain mention still is
    expect(saysAll(fold('清空聊天记录，不可恢复也没关系'), ['恢复', '聊天记录'], false, W)).toBe(false);
    expect(saysAll(fold('不能恢复？那就恢复聊天记录试试'), ['恢复', '聊天记录'], false, W)).toBe(true);
    expect(saysAll(fold('Bring back my chat history'), ['bring back', 'chat history'], true, W)).toBe(true);
    expect(saysAll(fold('restore the deleted messages and boxes'), ['restore', 'message', 'box'], true, W)).toBe(true);
    expect(saysAll(fold('restore the messaging'), ['restore', 'message'], true, W)).toBe(false);
    expect(saysAll(fold('chat historyless'), ['chat history'], true, W)).toBe(false);
    expect(saysAll(fold('bringback chat history'), ['bring back', 'chat history'], true, W)).toBe(false);
  });

  it('match a multi-word English term with up to two other words between its words, in order, never inside a word', () => {
    expect(saysAll(fold('bring it all right back from the chat history'), ['bring back', 'chat history'], true, W)).toBe(false);
    expect(saysAll(fold('bring it all back from the chat history'), ['bring back', 'chat history'], true, W)).toBe(true);
    expect(saysAll(fold('bring it back from the chat history'), ['bring back', 'chat history'], true, W)).toBe(true);
    expect(saysAll(fold('bring them right back, chat history too'), ['bring back', 'chat history'], true, W)).toBe(true);
    expect(saysAll(fold('back to bring the chat history'), ['bring back', 'chat history'], true, W)).toBe(false);
    expect(saysAll(fold('bring the backlog, chat history'), ['bring back', 'chat history'], true, W)).toBe(false);
    expect(saysAll(fold('bring it back: chat and group messages'), ['bring back', 'chat message'], true, W)).toBe(true);
  });

  it('the first gap in catalog order wins, and a set needs every term', () => {
    const a = gap({ id: 'a', zh: [['聊天记录', '找回']] });
    const b = gap({ id: 'b', zh: [['聊天记录']] });
    expect(matchGap(fold('找回聊天记录'), [a, b], W)?.id).toBe('a');
    expect(new GapIndex(gapTableOf(gapLines([a, b])), W).match(fold('找回聊天记录'))?.id).toBe('a');
    expect(matchGap(fold('导出聊天记录'), [a, b], W)?.id).toBe('b');
    expect(matchGap(fold('导出文件'), [a, b], W)).toBeUndefined();
  });

  it('the gap table (each set filed under its rarest term) gives the same gap as the plain scan (property)', () => {
    const gaps = readGaps(CATALOG);
    const index = new GapIndex(gapTableOf(gapLines(gaps)), W);
    const words = [...new Set(gaps.flatMap((g) => [...g.zh.flat(), ...g.en.flat()]))];
    const filler = ['帮我', '把这个', ' please ', '，然后', ' the ', '不', ''];
    fc.assert(fc.property(fc.array(fc.constantFrom(...words, ...filler), { maxLength: 6 }), (parts) => {
      const q = fold(parts.join(' '));
      expect(index.match(q)?.id).toBe(matchGap(q, gaps, W)?.id);
    }), { numRuns: 500 });
  });

  it('a table with astral, one-character, Latin-pair and shared terms gives the plain scan\'s gap, negations and repeats included (property)', () => {
    // perf-s16: the key filter (one or two code points), the per-match term memo and the negation check by last unit.
    const gaps: Gap[] = [
      { product: 'p', id: 'astral', note: 'a', note_en: 'a', zh: [['\u{20000}\u{20001}', '记录'], ['\u{20000}']], en: [['ab']] },
      { product: 'p', id: 'shared', note: 'b', note_en: 'b', zh: [['恢复', '记录'], ['恢复', '群'], ['表']], en: [['ab cd'], ['restore', 'chat log']] },
      { product: 'p', id: 'latin', note: 'c', note_en: 'c', zh: [['ab', '日历'], ['可恢复']], en: [['x'], ['ab', 'records']] },
    ];
    // A negation is read in the two units before a term: 不可 and 没有 end in units (可, 有) that negate nothing alone.
    for (const [text, says] of [['不可恢复', false], ['可恢复', true], ['无法恢复', false], ['法恢复', true], ['没有恢复', false],
      ['有恢复', true], ['别恢复', false], ['恢复，不可恢复', true]] as const) expect(saysAll(text, ['恢复'], false, W)).toBe(says);
    const index = new GapIndex(gapTableOf(gapLines(gaps)), W);
    const parts = ['\u{20000}', '\u{20001}', '记录', '恢复', '群', '表', '日历', 'ab', 'cd', 'x', 'restore', 'chat logs', 'records', '不', '无法', '不可', '没有', '可', '不可恢复', '无法恢复', '没恢复', ' ', '，'];
    fc.assert(fc.property(fc.array(fc.constantFrom(...parts), { maxLength: 8 }), (ps) => {
      const q = fold(ps.join(''));
      expect(index.match(q)?.id).toBe(matchGap(q, gaps, W)?.id);
      expect(index.match(q)?.id).toBe(matchGap(q, gaps, W)?.id);
    }), { numRuns: 1000 });
  });

  it('a malformed stored table is reported, not guessed at', () => {
    expect(() => new GapIndex(gapTableOf({ keys: ['找'], sets: ['x\u00010\u0001找回'], notes: [] }), W).match('找回')).toThrow(GapTableError);
    expect(() => new GapIndex(gapTableOf({ keys: ['找'], sets: ['0\u00010\u0001找回'], notes: [] }), W).match('找回')).toThrow(/gap 0 has no note/u);
    expect(new GapIndex(gapTableOf({ keys: [], sets: [], notes: [] }), W).match('找回')).toBeUndefined();
  });

  it('a set of Chinese terms the query contains, none right after a negation, always matches (property)', () => {
    const han = fc.constantFrom(...'恢复聊天记录审批加签日历邮件表格文档');
    const term = fc.array(han, { minLength: 1, maxLength: 4 }).map((cs) => cs.join(''));
    fc.assert(fc.property(fc.array(term, { minLength: 1, maxLength: 3 }), fc.constantFrom('', '的', '，然后', ' '), (terms, glue) =>
      saysAll(terms.join(glue), terms, false, W)));
  });
});

describe('reading gap files', () => {
  const withGapFile = (name: string, body: string): string => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dws-gaps-'));
    cpSync(path.join(CATALOG, 'lexicon'), path.join(dir, 'lexicon'), { recursive: true });
    writeFileSync(path.join(dir, 'chat.yaml'), 'product: {}\n');
    mkdirSync(path.join(dir, 'gaps'));
    writeFileSync(path.join(dir, 'gaps', name), body);
    return dir;
  };

  it('names the file and the gap on bad input', () => {
    expect(() => readGaps(withGapFile('nosuch.yaml', 'gaps: []\n'))).toThrow(/nosuch is not a product/u);
    expect(() => readGaps(withGapFile('chat.yaml', 'other: 1\n'))).toThrow(/chat\.yaml: needs a top-level "gaps" list/u);
    expect(() => readGaps(withGapFile('chat.yaml', 'gaps:\n  - id: x\n    note_en: y\n    when: [[a]]\n    when_en: [[b]]\n'))).toThrow(/x\.note must be/u);
    expect(() => readGaps(withGapFile('chat.yaml', 'gaps:\n  - id: x\n    note: a\n    note_en: y\n    when: [[a]]\n'))).toThrow(/x needs term sets in both/u);
    expect(() => readGaps(withGapFile('chat.yaml', 'gaps:\n  - id: x\n    note: a\n    note_en: y\n    when: [["", b]]\n    when_en: [[b]]\n'))).toThrow(/x\.when\[0\] must be a list of non-empty strings/u);
  });

  it('reads the shipped gaps: every product file is a catalog product and passes the authoring lint', () => {
    const products = realCatalog().products.map((p) => p.id);
    for (const g of readGaps(CATALOG)) expect(products).toContain(g.product);
    expect(lintGaps(shippedFiles(), loadGapFiles(CATALOG))).toEqual([]);
  });

  it('the lint rejects a term set that a tool of the catalog says about itself', () => {
    const files = [{ file: 'chat.yaml', product: 'chat', doc: { gaps: [{ id: 'recall', note: 'a', note_en: 'b', when: [['撤回', '消息']], when_en: [['recall', 'message']] }] } }];
    const problems = lintGaps(shippedFiles(), files);
    expect(problems.some((p) => p.includes('[撤回, 消息] is said by chat.'))).toBe(true);
    expect(problems.some((p) => p.includes('[recall, message] is said by'))).toBe(true);
  });
});

describe('search with a known gap', () => {
  const lexicons = readLexicons(CATALOG);
  const withGap = loadEngine({ snapshot: snapshotFromCatalog(realCatalog(), { ...lexicons, gaps: [gap()] }) });
  const without = loadEngine({ snapshot: snapshotFromCatalog(realCatalog(), { ...lexicons, gaps: [] }) });
  const run = (e: typeof withGap, req: object) => JSON.parse(e.search({ version: 'tool-search.v1', limit: 5, ...req }));

  it('flags weak_match with the note in the query language and keeps the same candidates', () => {
    for (const [query, note] of [['帮我找回被清空的聊天记录', '清空的聊天记录无法找回。'], ['bring back the chat history I cleared', 'Cleared chat history cannot be brought back.']]) {
      const a = run(withGap, { query });
      const b = run(without, { query });
      expect(a.weak_match).toBe(true);
      expect(a.hint).toContain(`Known gap (chat): ${note}`);
      expect(a.candidates).toEqual(b.candidates);
    }
  });

  it('checks each subquery, and leaves queries that do not say the gap alone', () => {
    const a = run(withGap, { query: 'task', subqueries: ['撤回消息', '找回聊天记录'] });
    expect(a.strategy).toBe('decomposed_round_robin');
    expect(a.hint).toContain('Known gap (chat)');
    const plain = run(withGap, { query: '撤回我刚发的群消息' });
    expect(plain).toEqual(run(without, { query: '撤回我刚发的群消息' }));
  });

  it('never overrides an exact identity hit', () => {
    const a = run(withGap, { query: 'chat.clear_conversation_messages' });
    expect(a.strategy).toBe('exact_guard');
    expect(a.weak_match).toBeUndefined();
  });
});
