// The TF-IDF cosine shadow ranker: log-scaled tf times smoothed idf, cosine-normalized per field. Document norms are
// computed once at build (index.ts); the query norm once per query and field.
import { tfidfIdf } from './index';

export { tfidfIdf };

/** Weight of a term that occurs tf times in a field: (1 + ln tf) * idf. */
export function tfidfDocWeight(tf: f64, idf: f64): f64 {
  return (1.0 + Math.log(tf)) * idf;
}
