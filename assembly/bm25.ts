// Fielded BM25: the idf and term-frequency saturation of one (term, field) pair. The caller adds the per-field
// contributions in a fixed order (per term its fields in field order, then the terms in id order; see impactList in
// assembly/main.ts), so a score is the same sum of the same floats on every engine.

/** Robertson-Sparck Jones idf with the +1 inside the log, so it never goes negative: ln(1 + (N - df + .5) / (df + .5)). */
export function bm25Idf(df: f64, n: f64): f64 {
  return Math.log(1.0 + (n - df + 0.5) / (df + 0.5));
}

/** Saturated term frequency: tf (k1 + 1) / (tf + k1 (1 - b + b len / avgLen)). */
export function bm25Tf(tf: f64, len: f64, avgLen: f64, k1: f64, b: f64): f64 {
  const norm = avgLen > 0 ? 1.0 - b + b * (len / avgLen) : 1.0;
  return (tf * (k1 + 1.0)) / (tf + k1 * norm);
}
