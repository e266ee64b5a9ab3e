// Timing helpers shared by every suite: benchmark.js for the mean (with its relative margin of error), and a direct
// per-call loop for the latency distribution (benchmark.js samples are means of cycles, not single calls).
import Benchmark from 'benchmark';

export interface Distribution {
  /** Number of timed calls. */
  n: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of an ascending array (p in 0..100). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function distribution(samples: number[]): Distribution {
  const sorted = Float64Array.from(samples).sort();
  let sum = 0;
  for (const s of sorted) sum += s;
  return {
    n: sorted.length,
    mean: sorted.length ? sum / sorted.length : NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}

export function median(values: number[]): number {
  return percentile(Float64Array.from(values).sort(), 50);
}

/** Milliseconds of one call of fn, measured with the monotonic high-resolution clock. */
export function timeOnce(fn: () => unknown): number {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/**
 * Times each input separately, round after round over all inputs, until `budgetMs` of wall time is spent (at least
 * `minRounds` rounds). Returns per-call milliseconds.
 */
export function timeEach<T>(inputs: readonly T[], fn: (input: T) => unknown, budgetMs: number, minRounds = 3): number[] {
  const out: number[] = [];
  const start = performance.now();
  for (let round = 0; round < minRounds || performance.now() - start < budgetMs; round++) {
    for (const input of inputs) {
      const t0 = process.hrtime.bigint();
      fn(input);
      out.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  return out;
}

export interface BenchResult {
  name: string;
  /** Mean milliseconds per operation (benchmark.js). */
  mean: number;
  /** Relative margin of error, percent. */
  rme: number;
  /** Median milliseconds per operation over benchmark.js's samples (each sample the mean of one timed batch). */
  median: number;
  samples: number;
}

/**
 * Runs one benchmark.js suite synchronously. Each fn is one operation; `maxTime` (seconds) bounds each benchmark so
 * the whole run stays inside its time budget.
 */
export function runSuite(title: string, cases: Record<string, () => unknown>, maxTime = 1): BenchResult[] {
  const suite = new Benchmark.Suite(title);
  for (const [name, fn] of Object.entries(cases)) suite.add(name, fn, { maxTime, minSamples: 5 });
  const results: BenchResult[] = [];
  suite.on('cycle', (event: { target: Benchmark }) => {
    const b = event.target;
    if (b.error) throw b.error;
    const sorted = [...b.stats.sample].sort((x, y) => x - y);
    const mid = sorted.length >> 1;
    const median = (sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2) * 1000;
    results.push({ name: b.name ?? '', mean: b.stats.mean * 1000, rme: b.stats.rme, median, samples: b.stats.sample.length });
    process.stderr.write(`bench: ${title} / ${String(b)}\n`);
  });
  suite.run({ async: false });
  return results;
}

/** Cycles through inputs: each call of the returned function handles the next one. */
export function cycling<T>(inputs: readonly T[], fn: (input: T) => unknown): () => unknown {
  let i = 0;
  return () => fn(inputs[i++ % inputs.length]);
}

export const fmtMs = (ms: number): string => {
  if (!Number.isFinite(ms)) return 'n/a';
  if (ms < 1) return `${(ms * 1000).toFixed(ms < 0.1 ? 1 : 0)} µs`;
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
};

export const fmtBytes = (b: number): string =>
  b >= 1 << 20 ? `${(b / (1 << 20)).toFixed(1)} MiB` : b >= 1024 ? `${(b / 1024).toFixed(1)} KiB` : `${b} B`;
