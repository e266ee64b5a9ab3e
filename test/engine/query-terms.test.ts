// The query-term lexicon (catalog/lexicon/query-terms.yaml, src/build/query-lexicon.ts) and the core's expansion
// terms (assembly/query.ts collectExpansions, assembly/bm25.ts scoreExpansions): the committed file is exactly what
// the miner makes from the train side, a request word the catalog never says finds the commands its terms name, an
// expansion of a term the query already has changes nothing, and every weight is applied in one fixed order.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import path from 'node:path';
import fc from 'fast-check';
import { generate, generateProductWords } from '../../src/build/query-lexicon-main.js';
import { candidateNeighbours, candidateWords } from '../../src/build/product-words.js';
import { readProductLexicon, readQueryTerms } from '../../src/build/load.js';
import { queryProducts } from '../../src/lexicon/actions.js';
import { fold } from '../../src/text/fold.js';
import { Engine } from '../../src/engine/engine.js';
import { expansionEntry, tokenize, writeExpansion, writeInput, type CoreExports } from '../../src/core/core.js';
import { compileQueryTerms, type QueryTermLexicon } from '../../src/lexicon/query-terms.js';
import { FIELDS } from '../../src/build/fields.js';
import { DEFAULT_RANKING, weightVector } from '../../src/engine/ranking.js';
import { readSnapshotBytes, ROOT } from '../helpers.js';

const CATALOG = path.join(ROOT, 'catalog');
const YAML_PRODUCTS = (text: string) => (YAML.parse(text) as { products: Record<string, { zh: string[]; en: string[] }> }).products;
const search = (e: Engine, query: string) => JSON.parse(e.search({ query, limit: 5 })) as { candidates: { canonical_path: string }[] };

describe('the query-term lexicon', () => {
  it('is the miner\'s output over the train side, byte for byte (never edited by hand)', () => {
    const text = generate(CATALOG, path.join(ROOT, 'eval', 'written'), false);
    expect(readFileSync(path.join(CATALOG, 'lexicon', 'query-terms.yaml'), 'utf8')).toBe(text);
    const terms = readQueryTerms(CATALOG);
    expect(Object.keys(terms).length).toBeGreaterThan(500);
    for (const list of Object.values(terms)) expect(list.length).toBeGreaterThan(0);
  }, 600_000); // the miner reads the whole train side: minutes on a busy 2-core machine

  it('lets a request word no command says find the commands its catalog terms name, only with queryTerms on', () => {
    const on = new Engine(readSnapshotBytes());
    const off = new Engine(readSnapshotBytes(), { ranking: { ...DEFAULT_RANKING, queryTerms: 0, queryTermsCoverage: 0 } });
    // 删掉 (colloquial "delete"): the miner learned from the train requests that it asks for 删除.
    expect(readQueryTerms(CATALOG)['删掉']?.map(([t]) => t)).toContain('删除');
    const word = '删掉这个吧';
    const a = search(on, word).candidates.map((c) => c.canonical_path);
    const b = search(off, word).candidates.map((c) => c.canonical_path);
    expect(a).not.toEqual(b);
    const destructive = a.filter((p) => on.meta.valueOf('effect', [...Array(on.meta.count).keys()].find((d) => on.meta.canonical_path.at(d) === p)!) === 'destructive');
    expect(destructive.length).toBeGreaterThanOrEqual(3);
  });
});

describe('the product words (rank-r1)', () => {
  it('are the miner\'s output over the train side, byte for byte, and each names one product the hand list did not', () => {
    const text = generateProductWords(CATALOG, path.join(ROOT, 'eval', 'written'), false);
    expect(readFileSync(path.join(CATALOG, 'lexicon', 'product-words.yaml'), 'utf8')).toBe(text);
    const hand = readProductLexicon(CATALOG, undefined, false);
    const all = readProductLexicon(CATALOG);
    expect(all.products).toEqual(hand.products);
    const added = all.zh.reduce((n, list, i) => n + list.length - hand.zh[i].length + all.en[i].length - hand.en[i].length, 0);
    expect(added).toBeGreaterThan(50);
    for (const [i, list] of all.en.entries()) for (const w of list.slice(hand.en[i].length)) expect(hand.en.flat()).not.toContain(w);
  }, 600_000); // the miner reads the whole train side: minutes on a busy 2-core machine

  it('hold none of the pieces the miner took before the neighbour rule (个多, 的考, 仪表), and keep the whole words (rank-r2)', () => {
    const mined = YAML_PRODUCTS(readFileSync(path.join(CATALOG, 'lexicon', 'product-words.yaml'), 'utf8'));
    const zh = Object.values(mined).flatMap((p) => p.zh);
    // pieces the miner took before the rule: 个多 (个多维表), 的考 (的考勤), 仪表 (仪表盘); the whole words stay
    for (const piece of ['个多', '的考', '仪表', '表盘', '议室']) expect(zh).not.toContain(piece);
    for (const word of ['仪表盘', '会议室', '单元格']) expect(zh).toContain(word);
  }, 300_000);

  it('see beside each Han candidate the characters around it in its run, and nothing at a run\'s ends', () => {
    expect([...candidateNeighbours('删掉仪表盘 ok')].filter(([w]) => w === '仪表' || w === '仪表盘')).toEqual([
      ['仪表', new Set(['<掉', '>盘'])],
      ['仪表盘', new Set(['<掉'])],
    ]);
    const han = fc.constantFrom(...'把这个仪表盘删掉的多维表'.split(''), ' ', 'a');
    fc.assert(fc.property(fc.array(han, { maxLength: 16 }), (cs) => {
      const text = cs.join('');
      const words = candidateWords(text);
      const beside = candidateNeighbours(text);
      // the same candidates (Han ones), and a neighbour is one character on one side
      expect(new Set(beside.keys())).toEqual(new Set([...words].filter((w) => /^\p{Script=Han}+$/u.test(w))));
      for (const [w, set] of beside) for (const c of set) expect(text).toContain(c[0] === '<' ? c.slice(1) + w : w + c.slice(1));
    }));
  });

  it('let a request name a product by a word only the mined list has', () => {
    const hand = readProductLexicon(CATALOG, undefined, false);
    const all = readProductLexicon(CATALOG);
    // 仪表盘 (a dashboard) is an AI-table object, and no hand-written product name says it.
    const q = fold('把这个仪表盘删掉');
    expect(queryProducts(q, hand)).toEqual([]);
    expect(queryProducts(q, all)).toEqual(['aitable']);
  });
});

describe('expansion terms in the core', () => {
  const run = (c: CoreExports, query: string, entries: Uint8Array[]) => {
    const n = c.docCount();
    new Uint8Array(c.memory.buffer, c.maskPtr(), n).fill(1);
    new Float64Array(c.memory.buffer, c.weightsPtr(), FIELDS.length).set(weightVector(DEFAULT_RANKING));
    new Float64Array(c.memory.buffer, c.multPtr(), n).fill(1);
    const qlen = writeInput(c, query);
    c.setExpansion(writeExpansion(c, qlen, entries));
    const count = c.search(qlen, 10, 0, 0, Infinity);
    c.setExpansion(0);
    const stride = c.outStride();
    const out = new DataView(c.memory.buffer, c.outPtr(), count * stride);
    return Array.from({ length: count }, (_, i) => [out.getUint32(i * stride, true), out.getFloat64(i * stride + 8, true)]);
  };

  it('ignores an expansion of a query term and an unknown term, and keeps a term given twice at its largest weights', () => {
    const c = new Engine(readSnapshotBytes()).wasm;
    const plain = run(c, '撤回 消息', []);
    expect(run(c, '撤回 消息', [expansionEntry('撤回', 5, 5)!, expansionEntry('zzqxvnotaterm', 5, 5)!])).toEqual(plain);
    const once = run(c, '撤回 消息', [expansionEntry('robot', 0.5, 0.3)!]);
    expect(once).not.toEqual(plain);
    expect(run(c, '撤回 消息', [expansionEntry('robot', 0.2, 0.1)!, expansionEntry('robot', 0.5, 0.3)!])).toEqual(once);
    // Entry order does not matter: the core scores expansion terms in term-id order.
    const ab = run(c, '撤回 消息', [expansionEntry('robot', 0.5, 0.3)!, expansionEntry('删除', 0.4, 0.2)!]);
    expect(run(c, '撤回 消息', [expansionEntry('删除', 0.4, 0.2)!, expansionEntry('robot', 0.5, 0.3)!])).toEqual(ab);
  });
});

describe('the query-term lexicon compiled for the core', () => {
  const attach = (c: CoreExports, bytes: Uint8Array) => {
    new Uint8Array(c.memory.buffer, c.lexiconReserve(bytes.length), bytes.length).set(bytes);
    return c.lexiconAttach(bytes.length);
  };
  const compile = (c: CoreExports, lex: QueryTermLexicon) => compileQueryTerms(lex, (t) => c.termIdOf(writeInput(c, t)));
  const search = (c: CoreExports, query: string, entries: Uint8Array[] | 'lexicon') => {
    const n = c.docCount();
    new Uint8Array(c.memory.buffer, c.maskPtr(), n).fill(1);
    new Float64Array(c.memory.buffer, c.weightsPtr(), FIELDS.length).set(weightVector(DEFAULT_RANKING));
    new Float64Array(c.memory.buffer, c.multPtr(), n).fill(1);
    const qlen = writeInput(c, query);
    if (entries === 'lexicon') c.queryTermsNext(DEFAULT_RANKING.queryTerms, DEFAULT_RANKING.queryTermsCoverage);
    else c.setExpansion(writeExpansion(c, qlen, entries));
    const count = c.search(qlen, 20, 0, 0, Infinity);
    const stride = c.outStride();
    const out = new DataView(c.memory.buffer, c.outPtr(), count * stride);
    return Array.from({ length: count }, (_, i) => [out.getUint32(i * stride, true), out.getFloat64(i * stride + 8, true), out.getFloat64(i * stride + 24, true)]);
  };

  it('gives a search the terms, weights and order the host wrote as entries before, for the next search only', () => {
    const c = new Engine(readSnapshotBytes()).wasm;
    const lex = readQueryTerms(CATALOG);
    expect(attach(c, compile(c, lex))).toBe(0);
    const { queryTerms, queryTermsCoverage } = DEFAULT_RANKING;
    for (const query of ['删掉这个吧', '帮我把群里那条消息撤了', '关掉这个机器人', 'kick him out of the group', '建个日程 下周一 10 点']) {
      // The entries of each word of two UTF-16 units or more, in token order (what the host wrote in session 13).
      const entries = tokenize(c, query).filter((w) => w.length >= 2).flatMap((w) => (lex[w] ?? []).map(([t, p]) => expansionEntry(t, queryTerms * p, queryTermsCoverage * p)!));
      expect(entries.length).toBeGreaterThan(0);
      const plain = search(c, query, []);
      const viaLexicon = search(c, query, 'lexicon');
      expect(viaLexicon).toEqual(search(c, query, entries));
      expect(viaLexicon).not.toEqual(plain);
      // queryTermsNext asked for one search: the next one has no expansion terms.
      expect(search(c, query, [])).toEqual(plain);
    }
  });

  it('is refused when a term id is out of the index, a precision out of (0, 1] or a word given twice', () => {
    const c = new Engine(readSnapshotBytes()).wasm;
    const ok = compile(c, { 删掉: [['删除', 0.5]], 关掉: [['关闭', 0.4]] });
    expect(attach(c, ok)).toBe(0);
    const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
    // [W 2, E 2, word starts (3), entry starts (3), term ids (2)], padding to 8, then the precisions.
    const badId = ok.slice();
    view(badId).setUint32(8 * 4, 0x7fffffff, true);
    expect(attach(c, badId)).toBe(-3);
    const badP = ok.slice();
    view(badP).setFloat64(40, 1.5, true);
    expect(attach(c, badP)).toBe(-4);
    // The words' bytes end the layout: 删掉 then 关掉, six bytes each; the second made the first again.
    const twice = ok.slice();
    twice.copyWithin(twice.length - 6, twice.length - 12, twice.length - 6);
    expect(attach(c, twice)).toBe(-5);
    expect(attach(c, ok.subarray(0, 12))).toBe(-1);
  });
});

