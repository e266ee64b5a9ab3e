import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  aggregateSingle,
  firstGoldRank,
  groupBy,
  hitAt,
  macro,
  mean,
  ndcgAt,
  reciprocalRankAt,
  scoreSingle,
  stepsFound,
  worst,
} from '../../src/eval/metrics.js';

const L2_3 = Math.log2(3);

describe('single-intent metrics', () => {
  it('counts a hit only when a gold path is within the first k results', () => {
    const ranked = ['x', 'y', 'g'];
    expect([1, 2, 3, 10].map((k) => hitAt(ranked, ['g', 'h'], k))).toEqual([0, 0, 1, 1]);
    expect(hitAt(ranked, ['z'], 10)).toBe(0);
    expect(hitAt([], ['g'], 5)).toBe(0);
  });

  it('takes the reciprocal rank of the first gold path and zero past k', () => {
    expect(reciprocalRankAt(['x', 'g2', 'g1'], ['g1', 'g2'], 5)).toBe(1 / 2);
    expect(reciprocalRankAt(['a', 'b', 'c', 'd', 'e', 'g'], ['g'], 5)).toBe(0);
    expect(firstGoldRank(['a', 'b', 'c', 'd', 'e', 'g'], ['g'])).toBe(6);
    expect(firstGoldRank(['a'], ['g'])).toBeUndefined();
  });

  it('computes graded NDCG@5 with gold 2 and acceptable 1 against the ideal from the qrels', () => {
    // DCG = 0 + 2/log2(3) + 1/log2(4); ideal = 2/log2(2) + 2/log2(3) + 1/log2(4)
    const expected = (2 / L2_3 + 1 / 2) / (2 + 2 / L2_3 + 1 / 2);
    expect(ndcgAt(['x', 'g1', 'a1'], ['g1', 'g2'], ['a1'], 5)).toBeCloseTo(expected, 12);
    expect(ndcgAt(['g2', 'g1', 'a1', 'x'], ['g1', 'g2'], ['a1'], 5)).toBe(1);
    expect(ndcgAt(['a1', 'x'], ['g1'], ['a1'], 5)).toBeCloseTo(1 / (2 + 1 / L2_3), 12);
  });

  it('gives a repeated path its gain once and a path listed as gold and acceptable the gold grade', () => {
    expect(ndcgAt(['g', 'g'], ['g', 'h'], [], 5)).toBeCloseTo(2 / (2 + 2 / L2_3), 12);
    expect(ndcgAt(['g'], ['g'], ['g'], 5)).toBe(1);
  });

  it('cuts the ideal ranking at k', () => {
    const gold = ['g1', 'g2', 'g3', 'g4', 'g5', 'g6'];
    expect(ndcgAt(gold.slice(0, 5), gold, [], 5)).toBe(1);
  });

  it('scores forbidden tools only for cases that list one', () => {
    expect(scoreSingle(['f', 'g'], { gold: ['g'], acceptable: [], forbidden: ['f'] })).toEqual({
      r1: 0, r5: 1, r10: 1, mrr5: 0.5, ndcg5: (2 / L2_3) / 2, forbidden1: 1, forbidden5: 1,
    });
    expect(scoreSingle(['g'], { gold: ['g'], acceptable: [], forbidden: [] })).toEqual({ r1: 1, r5: 1, r10: 1, mrr5: 1, ndcg5: 1 });
  });

  it('keeps every metric within [0, 1] and recall monotone in k', () => {
    const path = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
    fc.assert(
      fc.property(fc.array(path, { maxLength: 12 }), fc.array(path, { minLength: 1, maxLength: 3 }), fc.array(path, { maxLength: 3 }), (ranked, gold, acceptable) => {
        const n = ndcgAt(ranked, gold, acceptable, 5);
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThanOrEqual(1 + 1e-12);
        expect(hitAt(ranked, gold, 1)).toBeLessThanOrEqual(hitAt(ranked, gold, 5));
        expect(hitAt(ranked, gold, 5)).toBeLessThanOrEqual(hitAt(ranked, gold, 10));
        expect(reciprocalRankAt(ranked, gold, 5) > 0).toBe(hitAt(ranked, gold, 5) === 1);
      }),
    );
  });
});

describe('workflow steps', () => {
  it('counts a step as found when any of its entry points is in the first k', () => {
    const steps = [['s1', 's1+'], ['s2'], ['s3', 's3+']];
    expect(stepsFound(['x', 's1+', 's3'], steps, 5)).toBe(2);
    expect(stepsFound(['x', 's3+'], steps, 5)).toBe(1);
    expect(stepsFound(['x', 's1+', 's3+', 's2'], steps, 5)).toBe(3);
    expect(stepsFound(['a', 'b', 'c', 'd', 'e', 's2'], steps, 5)).toBe(0);
  });
});

describe('aggregation', () => {
  it('reports an empty sample as null, never NaN', () => {
    expect(mean([])).toEqual({ n: 0, mean: null });
    expect(mean([1, undefined, 0, 1])).toEqual({ n: 3, mean: 2 / 3 });
  });

  it('macro-averages per-product means and names the worst product', () => {
    const chat = aggregateSingle([scoreSingle(['g'], { gold: ['g'], acceptable: [], forbidden: [] }), scoreSingle(['x'], { gold: ['g'], acceptable: [], forbidden: [] })]);
    const todo = aggregateSingle([scoreSingle(['x', 'g'], { gold: ['g'], acceptable: [], forbidden: ['x'] })]);
    expect(chat.r1).toEqual({ n: 2, mean: 0.5 });
    const m = macro([chat, todo]);
    expect(m.r1).toEqual({ n: 2, mean: 0.25 });
    expect(m.r5).toEqual({ n: 2, mean: 0.75 });
    expect(m.forbidden1).toEqual({ n: 1, mean: 1 });
    expect(worst(new Map([['chat', chat], ['todo', todo]]), 'r5')).toEqual({ group: 'chat', value: 0.5 });
    expect(worst(new Map([['chat', chat], ['todo', todo]]), 'r1')).toEqual({ group: 'todo', value: 0 });
  });

  it('groups by key in code point order', () => {
    expect([...groupBy(['b1', 'a1', 'B1', 'b2'], (s) => s[0]).entries()]).toEqual([['B', ['B1']], ['a', ['a1']], ['b', ['b1', 'b2']]]);
  });
});
