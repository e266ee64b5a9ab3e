// Paired comparison of two configurations: a cluster bootstrap of the difference of means (B - A). Cases are
// clustered by product, because cases of one product share catalog text and succeed or fail together; resampling
// single cases would make the interval too narrow. The PRNG is seeded (pure-rand xoroshiro128+), so the same
// input and seed give the same interval on every run and machine.
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

export interface PairedSample {
  cluster: string;
  a: number;
  b: number;
}

export interface BootstrapOptions {
  resamples?: number;
  seed?: number;
  /** Two-sided confidence level, default 0.95. */
  confidence?: number;
}

export interface PairedInterval {
  n: number;
  clusters: number;
  a: number;
  b: number;
  /** Observed difference of means, b - a. */
  delta: number;
  low: number;
  high: number;
  /** The interval excludes zero. */
  significant: boolean;
}

export const BOOTSTRAP_DEFAULTS = { resamples: 2000, seed: 20240607, confidence: 0.95 } as const;

export function pairedClusterBootstrap(samples: readonly PairedSample[], options: BootstrapOptions = {}): PairedInterval | undefined {
  const { resamples, seed, confidence } = { ...BOOTSTRAP_DEFAULTS, ...options };
  if (samples.length === 0) return undefined;
  // Samples sorted by (cluster, a, b) first: cluster draws and floating-point sums never depend on input order.
  const sorted = [...samples].sort((x, y) => (x.cluster < y.cluster ? -1 : x.cluster > y.cluster ? 1 : x.a - y.a || x.b - y.b));
  const byCluster = new Map<string, { a: number; b: number; n: number }>();
  for (const s of sorted) {
    const c = byCluster.get(s.cluster) ?? { a: 0, b: 0, n: 0 };
    c.a += s.a;
    c.b += s.b;
    c.n += 1;
    byCluster.set(s.cluster, c);
  }
  const clusters = [...byCluster.values()];
  const a = sorted.reduce((t, s) => t + s.a, 0) / sorted.length;
  const b = sorted.reduce((t, s) => t + s.b, 0) / sorted.length;
  const rng = xoroshiro128plus(seed);
  const deltas = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let diff = 0;
    let n = 0;
    for (let i = 0; i < clusters.length; i++) {
      const c = clusters[uniformInt(rng, 0, clusters.length - 1)];
      diff += c.b - c.a;
      n += c.n;
    }
    deltas[r] = diff / n;
  }
  deltas.sort();
  const tail = (1 - confidence) / 2;
  const low = quantile(deltas, tail);
  const high = quantile(deltas, 1 - tail);
  return { n: samples.length, clusters: clusters.length, a, b, delta: b - a, low, high, significant: low > 0 || high < 0 };
}

/** Linear interpolation between order statistics (type 7, the R and NumPy default) of a sorted array. */
export function quantile(sorted: Float64Array | readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}
