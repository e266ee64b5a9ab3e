// The numbers the core and its host agree on, written once. The build (scripts/build.mjs, through
// scripts/lib/boundary-gen.mjs) generates src/core/generated/boundary.ts from this file, and
// test/engine/boundary.test.ts checks that the checked-in copy is the generated one. So this file holds nothing but
// `export const NAME: i32 = <integer expression of literals and earlier names>;`, each with its doc comment.

/** Most fields an index may have: the weights buffer and the field norms are sized by it (indexAttach answers -8). */
export const MAX_FIELDS: i32 = 32;
/** Distinct known terms a query keeps; later ones are dropped. */
export const MAX_QUERY_TERMS: i32 = 1024;
/** Most records one search writes: a larger k is clamped to it. */
export const MAX_RESULTS: i32 = 128;
/** Bytes of the input buffer at inputPtr() (a query, or one field's text at index build); inputCap() returns it. */
export const INPUT_CAP: i32 = 1 << 20;

/** search(): the index turned out to be corrupt (a posting out of bounds); every later search answers it too. */
export const SEARCH_CORRUPT: i32 = -1;
/** search(): postings it reads are not in place yet; neededPtr() lists their chunks (assembly/residency.ts). */
export const NEED_CHUNKS: i32 = -2;
/** The smallest chunk shift indexAttach accepts (0 means the whole image was copied). */
export const MIN_CHUNK_SHIFT: i32 = 8;
/** The largest chunk shift indexAttach accepts. */
export const MAX_CHUNK_SHIFT: i32 = 24;

/** search()'s algorithm: fielded BM25 from the terms' impact lists. */
export const ALGORITHM_BM25: i32 = 0;
/** search()'s algorithm: the TF-IDF cosine shadow ranker. */
export const ALGORITHM_TFIDF: i32 = 1;

/** A mask byte (maskPtr(), one per document): filtered out. */
export const MASK_FILTERED: i32 = 0;
/** A mask byte: eligible. */
export const MASK_ELIGIBLE: i32 = 1;
/** A mask byte: eligible, but its score is multiplied by the avoid_when demotion. */
export const MASK_DEMOTED: i32 = 2;

/** A result record (at outPtr() + r * outStride()): u32 document number. */
export const RECORD_DOC: i32 = 0;
/** A result record: u32 bit set of the fields that matched. */
export const RECORD_FIELD_BITS: i32 = 4;
/** A result record: f64 final score, rounded to 1e-9. */
export const RECORD_SCORE: i32 = 8;
/** A result record: f64 raw score (before coverage, multiplier and demotion). */
export const RECORD_RAW: i32 = 16;
/** A result record: f64 idf mass of the query terms it matched. */
export const RECORD_MASS: i32 = 24;
/** A result record: f64 per field, its contribution (explain only, else 0); outStride() = this + 8 * fieldCount(). */
export const RECORD_CONTRIBUTIONS: i32 = 32;
