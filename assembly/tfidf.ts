// The TF-IDF cosine shadow ranker: log-scaled tf times smoothed idf, cosine-normalized per field. A field's query norm
// depends on the whole query, so it scores per (term, field) run, posting by posting, with no impact lists. The
// document norms are not in the image: the first TF-IDF search over an index computes them from the blocks
// (ensureDocNorm); the query norms are computed once per query and field.
import { MASK_FILTERED, MAX_FIELDS } from './boundary';
import { numDocs, numFields, numTerms } from './index';
import { allocZeroed } from './memory';
import { mask, weights } from './host';
import { cursor } from './postings';
import { termMass } from './bm25';
import { addPerField } from './topk';

/** Idf of a run of df postings: ln(N / df) + 1. */
export function tfidfIdf(df: u32): f64 {
  return Math.log(<f64>numDocs / <f64>df) + 1.0;
}

/** Weight of a term that occurs tf times in a field: (1 + ln tf) * idf. */
export function tfidfDocWeight(tf: f64, idf: f64): f64 {
  return (1.0 + Math.log(tf)) * idf;
}

/** f64 per field: the query norm of the last TF-IDF query. */
const qnorm: usize = memory.data(MAX_FIELDS << 3, 16);
// f64[numFields * numDocs], field-major; 0 until computed. BM25 never reads them.
let docNorm: usize = 0;

/** A fresh index has no document norms yet. */
export function forgetDocNorms(): void { docNorm = 0; }
/** The document norms are computed (else the next TF-IDF search reads every block, so needs every chunk). */
export function docNormsReady(): bool { return docNorm != 0; }
/** Field f's query norm (of the last TF-IDF query). */
@inline export function queryNorm(f: i32): f64 { return load<f64>(qnorm + (<usize>f << 3)); }

/** The document norms, accumulated in term order, run by run, with the same floats the build once stored. */
function ensureDocNorm(): void {
  if (docNorm != 0) return;
  const F = numFields, N = numDocs;
  const norms = allocZeroed(<usize>max(F * N, 1) << 3);
  const cur = cursor;
  for (let t = 0; t < numTerms; t++) {
    cur.open(t);
    while (cur.nextRun()) {
      const f = cur.field;
      const idf = tfidfIdf(cur.df);
      while (cur.next()) {
        const x = tfidfDocWeight(<f64>cur.tf, idf);
        const at = norms + (<usize>(f * N + cur.doc) << 3);
        store<f64>(at, load<f64>(at) + x * x);
      }
    }
  }
  for (let j = 0; j < F * N; j++) store<f64>(norms + (<usize>j << 3), Math.sqrt(load<f64>(norms + (<usize>j << 3))));
  docNorm = norms;
}

/**
 * One (term, field, document) contribution: w is the field's weight, idf the run's, qn the field's query norm. The
 * scoring loop and explain both call this, so explain's per-field values are the floats the score was made of.
 */
@inline export function tfidfContribution(f: i32, d: i32, tf: f64, w: f64, idf: f64, qn: f64): f64 {
  const dn = load<f64>(docNorm + (<usize>(f * numDocs + d) << 3));
  return dn > 0 && qn > 0 ? w * (idf * tfidfDocWeight(tf, idf)) / (qn * dn) : 0;
}

/**
 * Scores the m query terms at terms (i32 ids, ascending) per (term, field) run, in that fixed order, into the
 * eligible documents' accumulators; coverage holds each term's coverage weight (f64). Answers the query's matched
 * idf mass.
 */
export function scoreTfidf(terms: usize, coverage: usize, m: i32): f64 {
  const F = numFields;
  const cur = cursor;
  ensureDocNorm();
  memory.fill(qnorm, 0, <usize>F << 3);
  for (let qi = 0; qi < m; qi++) {
    cur.openHeaders(load<i32>(terms + (<usize>qi << 2)));
    while (cur.nextRun()) {
      const idf = tfidfIdf(cur.df);
      const at = qnorm + (<usize>cur.field << 3);
      store<f64>(at, load<f64>(at) + idf * idf);
    }
  }
  for (let f = 0; f < F; f++) store<f64>(qnorm + (<usize>f << 3), Math.sqrt(load<f64>(qnorm + (<usize>f << 3))));
  let known: f64 = 0;
  for (let qi = 0; qi < m; qi++) {
    cur.open(load<i32>(terms + (<usize>qi << 2)));
    const mass = termMass(cur.maxDf) * load<f64>(coverage + (<usize>qi << 3));
    known += mass;
    const mark = qi + 1;
    while (cur.nextRun()) {
      const f = cur.field;
      const w = load<f64>(weights + (<usize>f << 3));
      if (w == 0) continue;
      const idf = tfidfIdf(cur.df), qn = queryNorm(f);
      const bit: u32 = 1 << f;
      while (cur.next()) {
        const d = cur.doc;
        if (load<u8>(mask + <usize>d) == MASK_FILTERED) continue;
        addPerField(d, tfidfContribution(f, d, <f64>cur.tf, w, idf, qn), mass, bit, mark);
      }
    }
  }
  return known;
}
