// Explain: the per-field contributions of the documents a search returned, into their result records. A second pass
// over the query's (term, field) runs in order computes a contribution only for the postings of a returned document,
// with the function its score was made of. Streaming the runs once (one byte lookup per posting) costs less than
// finding each returned document in each run by binary search.
import { ALGORITHM_TFIDF, RECORD_CONTRIBUTIONS } from './boundary';
import { avgLen, numDocs } from './index';
import { weights } from './host';
import { cursor } from './postings';
import { bm25Contribution, bm25Idf } from './bm25';
import { queryNorm, tfidfContribution, tfidfIdf } from './tfidf';
import { out, recordStride, topSlot } from './topk';

/**
 * Adds the contributions of the m query terms at terms (i32 ids) under algorithm, then of the x expansion terms after
 * them (each times its score weight at xscore), to the records writeTop wrote.
 */
export function fieldContributions(algorithm: i32, terms: usize, m: i32, x: i32, xscore: usize): void {
  const n = <f64>numDocs;
  const tfidf = algorithm == ALGORITHM_TFIDF;
  const stride = <usize>recordStride();
  const cur = cursor;
  for (let qi = 0; qi < m + x; qi++) {
    const scale = qi < m ? 1.0 : load<f64>(xscore + (<usize>(qi - m) << 3));
    cur.open(load<i32>(terms + (<usize>qi << 2)));
    while (cur.nextRun()) {
      const f = cur.field;
      const w = load<f64>(weights + (<usize>f << 3));
      if (w == 0) continue;
      const avg = load<f64>(avgLen + (<usize>f << 3));
      const idf = tfidf ? tfidfIdf(cur.df) : bm25Idf(<f64>cur.df, n);
      const qn = tfidf ? queryNorm(f) : 0;
      const wIdf = w * idf;
      const field = out + <usize>RECORD_CONTRIBUTIONS + (<usize>f << 3);
      while (cur.next()) {
        const d = cur.doc;
        const slot = <i32>load<u8>(topSlot + <usize>d);
        if (slot == 0) continue;
        const c = tfidf ? tfidfContribution(f, d, <f64>cur.tf, w, idf, qn) : bm25Contribution(f, d, <f64>cur.tf, wIdf, avg) * scale;
        const fp = field + <usize>(slot - 1) * stride;
        store<f64>(fp, load<f64>(fp) + c);
      }
    }
  }
}
