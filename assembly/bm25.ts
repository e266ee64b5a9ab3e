// Fielded BM25: the idf and term-frequency saturation of one (term, field) pair, and its two loops. impactList scores
// a term against the index once, into its impact list (assembly/impact.ts): per document, the sum over the term's
// fields, in field order, of w * idf * saturation. scoreBm25 adds the query's lists into the accumulators, in term-id
// order. So a score is the same sum of the same floats on every engine.
import { MASK_FILTERED } from './boundary';
import { avgLen, docLen, numDocs } from './index';
import { b, k1, mask, weights } from './host';
import { cursor } from './postings';
import { checkLists, gather, IMPACT_BITS, IMPACT_BYTES, IMPACT_SCORE, listLength, listMass, listOf, storeList } from './impact';
import { addOnce, addOnceUnmarked } from './topk';

/** Robertson-Sparck Jones idf with the +1 inside the log, so it never goes negative: ln(1 + (N - df + .5) / (df + .5)). */
export function bm25Idf(df: f64, n: f64): f64 {
  return Math.log(1.0 + (n - df + 0.5) / (df + 0.5));
}

/** Saturated term frequency: tf (k1 + 1) / (tf + k1 (1 - b + b len / avgLen)). */
export function bm25Tf(tf: f64, len: f64, avgLen: f64, k1: f64, b: f64): f64 {
  const norm = avgLen > 0 ? 1.0 - b + b * (len / avgLen) : 1.0;
  return (tf * (k1 + 1.0)) / (tf + k1 * norm);
}

/** A term's weight in the coverage mass: the BM25 idf of its largest per-field document frequency. */
@inline export function termMass(maxDf: u32): f64 { return bm25Idf(<f64>maxDf, <f64>numDocs); }

/**
 * One (term, field, document) contribution; wIdf is the field's weight times the run's idf, avg the field's average
 * length. impactList and explain both call this, so explain's per-field values are the floats the score was made of.
 */
@inline export function bm25Contribution(f: i32, d: i32, tf: f64, wIdf: f64, avg: f64): f64 {
  const len = <f64>load<u16>(docLen + (<usize>(f * numDocs + d) << 1));
  return wIdf * bm25Tf(tf, len, avg, k1, b);
}

/** Term t's impact list, computed on first use from its postings (the weighted fields' runs); its address. */
function impactList(t: i32): usize {
  const known = listOf(t);
  if (known != 0) return known;
  const n = <f64>numDocs;
  const cur = cursor;
  let count = 0;
  cur.open(t);
  const mass = termMass(cur.maxDf);
  while (cur.nextRun()) {
    const f = cur.field;
    const w = load<f64>(weights + (<usize>f << 3));
    if (w == 0) continue;
    const avg = load<f64>(avgLen + (<usize>f << 3));
    const wIdf = w * bm25Idf(<f64>cur.df, n);
    const bit: u32 = 1 << f;
    while (cur.next()) {
      const d = cur.doc;
      count = gather(count, <usize>d, bit, bm25Contribution(f, d, <f64>cur.tf, wIdf, avg));
    }
  }
  return storeList(t, count, mass);
}

/**
 * Adds the impact lists of the m query terms at terms (i32 ids, ascending), in that order, into the eligible
 * documents' accumulators; coverage holds each term's coverage weight (f64). Answers the query's matched idf mass.
 */
export function scoreBm25(terms: usize, coverage: usize, m: i32): f64 {
  checkLists();
  let known: f64 = 0;
  for (let qi = 0; qi < m; qi++) {
    const t = load<i32>(terms + (<usize>qi << 2));
    const list = impactList(t);
    // Coverage counts single Han characters at their coverage weight (they match almost anything); scoring does not.
    const mass = listMass(t) * load<f64>(coverage + (<usize>qi << 3));
    known += mass;
    const len = listLength(t);
    for (let j: usize = 0; j < len; j++) {
      const at = list + j * IMPACT_BYTES;
      const d = <usize>load<u32>(at);
      if (load<u8>(mask + d) == MASK_FILTERED) continue;
      addOnce(d, load<f64>(at, IMPACT_SCORE), mass, load<u32>(at, IMPACT_BITS));
    }
  }
  return known;
}

/**
 * Adds the x expansion terms after the m query terms at terms (their weights at score and massWeight, f64 each), in
 * that order: each list's impacts times its score weight, and its coverage mass times its mass weight (a query word
 * said in the catalog's words). They mark no matched field and add nothing to the query's own mass.
 */
export function scoreExpansions(terms: usize, m: i32, x: i32, score: usize, massWeight: usize): void {
  for (let xi = 0; xi < x; xi++) {
    const t = load<i32>(terms + (<usize>(m + xi) << 2));
    const list = impactList(t);
    const w = load<f64>(score + (<usize>xi << 3));
    const mass = listMass(t) * load<f64>(massWeight + (<usize>xi << 3));
    const len = listLength(t);
    for (let j: usize = 0; j < len; j++) {
      const at = list + j * IMPACT_BYTES;
      const d = <usize>load<u32>(at);
      if (load<u8>(mask + d) == MASK_FILTERED) continue;
      addOnceUnmarked(d, load<f64>(at, IMPACT_SCORE) * w, mass);
    }
  }
}
