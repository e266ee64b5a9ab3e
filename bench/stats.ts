// Timing helpers shared by every suite: tinybench for the mean (with its relative margin of error) and the median of
// its samples, and a direct per-call loop over many inputs for the latency distribution.
import { Bench } from 'tinybench';

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
  /** Mean milliseconds per operation (tinybench). */
  mean: number;
  /** Relative margin of error, percent. */
  rme: number;
  /** Median milliseconds per operation over tinybench's samples (one sample per call). */
  median: number;
  samples: number;
}

/**
 * Runs one tinybench suite synchronously. Each fn is one operation; `maxTime` (seconds) bounds each task after at
 * least 5 calls, so the whole run stays inside its time budget.
 */
export function runSuite(title: string, cases: Record<string, () => unknown>, maxTime = 1): BenchResult[] {
  const bench = new Bench({ name: title, time: maxTime * 1000, iterations: 5 });
  for (const [name, fn] of Object.entries(cases)) bench.add(name, fn);
  return bench.runSync().map((task) => {
    const r = task.result;
    if (r.state === 'errored') throw r.error;
    if (r.state !== 'completed') throw new Error(`bench: ${title} / ${task.name}: ${r.state}`);
    const l = r.latency;
    process.stderr.write(`bench: ${title} / ${task.name}: mean ${fmtMs(l.mean)} ±${l.rme.toFixed(2)}% (${l.samplesCount} samples)\n`);
    return { name: task.name, mean: l.mean, rme: l.rme, median: l.p50, samples: l.samplesCount };
  });
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
