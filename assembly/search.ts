// One search, and the state each index starts with. A search collects the query's terms (query.ts), answers
// NEED_CHUNKS while postings they need are missing (residency.ts), scores the eligible documents into the
// accumulators with the algorithm's loop (bm25.ts, tfidf.ts), writes the top k out (topk.ts) and, for explain, their
// per-field contributions (explain.ts). Allocation-free once the query's terms have impact lists: only the touched
// accumulator records are reset.
import { ALGORITHM_TFIDF, MAX_RESULTS, NEED_CHUNKS, SEARCH_CORRUPT } from './boundary';
import { buildFinish, numDocs } from './index';
import { allocHostBuffers } from './host';
import { collectTerms, forgetLexicon, forgetLookups, qterms, queryExpanded, qweight, xmass, xscore } from './query';
import { attachImage, expectChunks, listMissing, resetResidency } from './residency';
import { cursor } from './postings';
import { resetImpactLists } from './impact';
import { scoreBm25, scoreExpansions } from './bm25';
import { docNormsReady, forgetDocNorms, scoreTfidf } from './tfidf';
import { allocAccumulators, finishTop, resetTouched, startAccumulating, writeTop } from './topk';
import { fieldContributions } from './explain';

/** The last search's matched idf mass over its known terms. */
export let knownMass: f64 = 0;

/** Every per-index buffer, fresh: the heap was reset by a build, or this is a new image. */
function startIndex(): void {
  const n = <usize>max(numDocs, 1);
  allocHostBuffers(n);
  allocAccumulators(n);
  forgetLookups();
  forgetLexicon();
  resetImpactLists(n);
  forgetDocNorms();
  resetResidency();
}

/** Finishes an index build (index.ts) and points the query side at it; answers the image's length. */
export function finishBuild(): u32 {
  const n = buildFinish();
  startIndex();
  return n;
}

/** Attaches the image the host copied (residency.ts attachImage); chunkShift != 0: its postings follow by chunks. */
export function attachIndex(len: u32, headLen: u32, chunkShift: u32): i32 {
  const rc = attachImage(len, headLen, chunkShift);
  if (rc != 0) return rc;
  startIndex();
  if (chunkShift != 0) expectChunks(chunkShift);
  return 0;
}

/**
 * Scores every eligible document and writes the best k as result records (boundary.ts RECORD_*; the contributions
 * only when explain != 0, else zeros). algorithm: ALGORITHM_BM25 (from the terms' impact lists) or ALGORITHM_TFIDF
 * (per posting: its query norm depends on the whole query). multMax bounds the host's multipliers from above
 * (Infinity when unknown); it only lets documents that cannot reach the k-th be skipped early, never changes the
 * result. Answers the number of records, SEARCH_CORRUPT when the index turned out to be corrupt, or NEED_CHUNKS when
 * postings it reads are not there yet.
 */
export function search(qlen: i32, k: i32, algorithm: i32, explain: i32, multMax: f64): i32 {
  if (k > MAX_RESULTS) k = MAX_RESULTS;
  const m = collectTerms(qlen);
  const tfidf = algorithm == ALGORITHM_TFIDF;
  // Expansion terms (setExpansion) are scored by BM25 only.
  const x = tfidf ? 0 : queryExpanded;
  if (listMissing(qterms, m + x, tfidf && !docNormsReady()) > 0) return NEED_CHUNKS;
  startAccumulating();
  knownMass = tfidf ? scoreTfidf(qterms, qweight, m) : scoreBm25(qterms, qweight, m);
  if (x > 0) scoreExpansions(qterms, m, x, xscore, xmass);
  if (cursor.corrupt) { resetTouched(); return SEARCH_CORRUPT; }
  const count = writeTop(k, multMax, knownMass);
  if (count > 0 && explain != 0) fieldContributions(algorithm, qterms, m, x, xscore);
  finishTop(count);
  return count;
}
