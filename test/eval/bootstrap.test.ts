import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pairedClusterBootstrap, quantile, type PairedSample } from '../../src/eval/bootstrap.js';

/** Six products with mixed wins and losses for B (graded values, like NDCG, so resample means rarely tie). */
const SAMPLES: PairedSample[] = ['chat', 'todo', 'drive', 'mail', 'doc', 'oa'].flatMap((cluster, c) =>
  [0, 1, 2, 3].map((i) => ({ cluster, a: ((i * 7 + c * 3) % 10) / 10, b: ((i * 3 + c * 5 + 2) % 11) / 10 })),
);

describe('product-clustered paired bootstrap', () => {
  it('gives the same interval for the same seed and a different one for another seed', () => {
    const first = pairedClusterBootstrap(SAMPLES, { seed: 7, resamples: 500 });
    expect(pairedClusterBootstrap(SAMPLES, { seed: 7, resamples: 500 })).toEqual(first);
    const other = pairedClusterBootstrap(SAMPLES, { seed: 8, resamples: 500 });
    expect([other!.low, other!.high]).not.toEqual([first!.low, first!.high]);
  });

  it('reports the observed difference of means inside its confidence interval', () => {
    const r = pairedClusterBootstrap(SAMPLES)!;
    const a = SAMPLES.reduce((t, s) => t + s.a, 0) / SAMPLES.length;
    const b = SAMPLES.reduce((t, s) => t + s.b, 0) / SAMPLES.length;
    expect(r.delta).toBeCloseTo(b - a, 12);
    expect(r.low).toBeLessThanOrEqual(r.delta);
    expect(r.high).toBeGreaterThanOrEqual(r.delta);
    expect(r.low).toBeLessThan(r.high);
    expect({ n: r.n, clusters: r.clusters }).toEqual({ n: 24, clusters: 6 });
  });

  it('resamples whole clusters: one product gives a zero-width interval however its cases vary', () => {
    const one = SAMPLES.map((s) => ({ ...s, cluster: 'chat' }));
    const r = pairedClusterBootstrap(one)!;
    expect(r.low).toBeCloseTo(r.delta, 12);
    expect(r.high).toBeCloseTo(r.delta, 12);
  });

  it('marks a uniform improvement significant and identical runs not', () => {
    const better = SAMPLES.map((s) => ({ ...s, a: 0, b: 1 }));
    expect(pairedClusterBootstrap(better)).toMatchObject({ delta: 1, low: 1, high: 1, significant: true });
    const same = SAMPLES.map((s) => ({ ...s, b: s.a }));
    expect(pairedClusterBootstrap(same)).toMatchObject({ delta: 0, low: 0, high: 0, significant: false });
  });

  it('does not depend on the order of the samples', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(SAMPLES, { minLength: SAMPLES.length }), (shuffled) => {
        expect(pairedClusterBootstrap(shuffled, { resamples: 200 })).toEqual(pairedClusterBootstrap(SAMPLES, { resamples: 200 }));
      }),
      { numRuns: 20 },
    );
  });

  it('has nothing to say about an empty sample', () => {
    expect(pairedClusterBootstrap([])).toBeUndefined();
  });

  it('interpolates quantiles between order statistics', () => {
    expect(quantile([0, 10, 20, 30, 40], 0.5)).toBe(20);
    expect(quantile([0, 10, 20, 30, 40], 0.1)).toBe(4);
    expect(quantile([5], 0.975)).toBe(5);
  });
});
