// Session 42 (h42-rank, issue 34): counted words. The tokenizer reads a Han run as unigrams and bigrams, so a numeral
// or demonstrative glued to the character it counts (两行, 那条, 一栏) makes a bigram no command says, and the counted
// character alone weighed half in the coverage mass. The tokenizer now marks each token (tokMarks: a bigram starting on
// a counter, the character after a counter), the tokens themselves unchanged; the query side (assembly/query.ts) gives
// a counted character a word's weight when no command says its counter pair (ranking option countedWords, 1 default).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantiateCore, tokenize, tokenizeMarked, writeInput, type CoreExports } from '../../src/core/core.js';
import { engineFor, paths } from './ranking-runs.js';

const core = instantiateCore();
const marked = (s: string) => tokenizeMarked(core, s);

// The counters as the tokenizer reads them after folding (兩 and 這 fold to 两 and 这).
const COUNTERS = [...'一二两三四五六七八九十百千万几这那哪每'];
const OTHERS = [...'行列条栏笔表删除改名记录数据群人个些里边么天'];
const isCounterAt = (cs: string[], i: number): boolean =>
  COUNTERS.includes(cs[i]) || (cs[i] === '多' && cs[i + 1] === '少') || (cs[i] === '少' && cs[i - 1] === '多');

/** The marks a Han run of simplified characters should carry, by the definition (tokenizer.ts, "Counted words"). */
function expectedMarks(run: string): { token: string; mark: string }[] {
  const cs = [...run];
  const out: { token: string; mark: string }[] = [];
  for (let i = 0; i < cs.length; i++) {
    out.push({ token: cs[i], mark: i > 0 && isCounterAt(cs, i - 1) && !isCounterAt(cs, i) ? 'counted' : 'none' });
    if (i + 1 < cs.length) out.push({ token: cs[i] + cs[i + 1], mark: isCounterAt(cs, i) ? 'counter_pair' : 'none' });
  }
  return out;
}

const hanRun = fc.array(fc.constantFrom(...COUNTERS, ...OTHERS, '多', '少'), { minLength: 1, maxLength: 12 }).map((a) => a.join(''));
const anyText = fc.array(fc.oneof(
  fc.constantFrom(...COUNTERS, ...OTHERS, '多', '少', '兩', '這', ' ', '，', 'a', 'row', '3', '500', 'recordId', '@'),
  fc.string({ maxLength: 3 }),
), { maxLength: 16 }).map((a) => a.join(''));
const withoutCounters = anyText.filter((s) => ![...s].some((c, i, cs) => COUNTERS.includes(c) || c === '兩' || c === '這' || (c === '多' && cs[i + 1] === '少')));

describe('the tokenizer marks counted words and leaves the tokens as they were', () => {
  it('那两行: the counter pairs 那两 and 两行, and 行 counted', () => {
    expect(marked('删掉那两行')).toEqual([
      { token: '删', mark: 'none' }, { token: '删掉', mark: 'none' },
      { token: '掉', mark: 'none' }, { token: '掉那', mark: 'none' },
      { token: '那', mark: 'none' }, { token: '那两', mark: 'counter_pair' },
      { token: '两', mark: 'none' }, { token: '两行', mark: 'counter_pair' },
      { token: '行', mark: 'counted' },
    ]);
  });

  it('a traditional counter folds first: 把這兩筆刪掉 is marked as 把这两笔删掉', () => {
    expect(marked('把這兩筆刪掉')).toEqual(marked('把这两笔删掉'));
    expect(marked('把這兩筆刪掉').find((t) => t.token === '笔')?.mark).toBe('counted');
  });

  it('多少 is a counter (多少条: 条 counted); 多 alone is not (多出来)', () => {
    expect(marked('多少条').find((t) => t.token === '条')?.mark).toBe('counted');
    expect(marked('多出来').every((t) => t.mark === 'none')).toBe(true);
  });

  it('a number in digits is no counter (500 条, 10 到 24: reading it so lost a train request)', () => {
    expect(marked('500 条').every((t) => t.mark === 'none')).toBe(true);
    expect(marked('字符 10 到 24 处').every((t) => t.mark === 'none')).toBe(true);
  });

  it('any Han run is marked by the definition: a pair starting on a counter, a non-counter right after one', () => {
    fc.assert(fc.property(hanRun, (run) => { expect(marked(run)).toEqual(expectedMarks(run)); }), { numRuns: 2000 });
  });

  it('tokens are the tokens of tokenize, and the same text gives the same tokens and marks whatever was tokenized before', () => {
    fc.assert(fc.property(anyText, anyText, (a, b) => {
      const first = marked(a);
      expect(first.map((t) => t.token)).toEqual(tokenize(core, a));
      marked(b);
      expect(marked(a)).toEqual(first);
    }), { numRuns: 1000 });
  });

  it('a run is marked the same wherever it stands: a separator ends the reading (no counter reaches across it)', () => {
    fc.assert(fc.property(hanRun, hanRun, (a, b) => {
      const both = marked(`${a}，${b}`);
      expect(both).toEqual([...marked(a), ...marked(b)]);
    }), { numRuns: 1000 });
  });

  it('a text without a counter has no mark at all', () => {
    fc.assert(fc.property(withoutCounters, (s) => { expect(marked(s).every((t) => t.mark === 'none')).toBe(true); }), { numRuns: 1000 });
  });
});

/** The core's known-term mass of a plain search of q (the engine set the mask, weights and parameters before). */
function knownMass(c: CoreExports, q: string, counted: number): number {
  c.setCountedWords(counted);
  c.search(writeInput(c, q), 10, 0, 0, 1);
  const mass = c.knownMass();
  c.setCountedWords(1);
  return mass;
}

describe('the query side: a counted character weighs as a word when no command says its counter pair (countedWords)', () => {
  const e = engineFor({});
  e.search({ query: '删除', limit: 1 });
  const c = e.wasm;

  it('删掉那两行: no command says 两行, so 行 weighs 1 in the mass, not unigramCoverage (0.5): the mass grows by half of 行\'s', () => {
    const on = knownMass(c, '删掉那两行', 1), off = knownMass(c, '删掉那两行', 0);
    const row = knownMass(c, '行', 0) / 0.5; // 行 alone, at unigramCoverage 0.5: its full mass
    expect(on - off).toBeCloseTo(row * 0.5, 9);
    expect(c.unknownTerms()).toBe(0);
  });

  it('这些行 / 每个: a counter pair some command says is a word, and its character keeps the unigram weight', () => {
    for (const q of ['这些行', '每个']) expect(knownMass(c, q, 1)).toBe(knownMass(c, q, 0));
  });

  it('a query without a counter ranks exactly as with the reading off', () => {
    fc.assert(fc.property(withoutCounters, (q) => {
      expect(knownMass(c, q, 1)).toBe(knownMass(c, q, 0));
    }), { numRuns: 500 });
    for (const q of ['delete the rows from the table', '删除多维表记录', '把表格的第 3 行删掉', '取消收藏']) {
      expect(paths({}, q)).toEqual(paths({ countedWords: 0 }, q));
    }
  });

  it('train requests the reading fixes at rank 1 (几层 and 这块: the counted character is the word the command says)', () => {
    const q1 = '这个 Base 分了几层权限？把角色和 ID 都给我列一下';
    expect(paths({}, q1)[0]).toBe('aitable.shortcut_role_list');
    expect(paths({ countedWords: 0 }, q1)[0]).not.toBe('aitable.shortcut_role_list');
    const q2 = '把这块 range cut 到别的位置';
    expect(paths({}, q2)[0]).toBe('sheet.range_move_to');
    expect(paths({ countedWords: 0 }, q2)[0]).not.toBe('sheet.range_move_to');
  });
});
