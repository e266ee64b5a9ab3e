// The core's entry: its exports and nothing else, each one call into the module that owns it (src/core/core.ts
// lists them in CoreExports; the numbers both sides agree on are in boundary.ts). The host writes UTF-8 into the input
// buffer, an eligibility byte per document into the mask, field weights and per-document multipliers, calls search(),
// and reads fixed-stride result records from the output buffer. No strings cross the boundary and nothing is
// allocated per query once the query's terms have impact lists.
//
//   boundary.ts   the shared constants (the TypeScript copy is generated from it)
//   host.ts       the buffers and parameters the host writes
//   query.ts      the query's terms (tokens looked up, sorted, deduplicated), its unknown tokens and its expansion
//                 terms (the query-term lexicon attached by the host)
//   residency.ts  which postings chunks are in memory (indexReserve, attach, NEED_CHUNKS, chunkLoaded)
//   postings.ts   the cursor that reads a term's postings
//   bm25.ts       fielded BM25: its formulas, the impact-list build and the scoring loop
//   impact.ts     where impact lists live, and dropping them when the parameters change
//   tfidf.ts      the TF-IDF cosine shadow ranker and its document norms
//   topk.ts       the accumulators, the top k and the result records (scores rounded to 1e-9)
//   explain.ts    the per-field contributions of the returned documents
//   search.ts     one search, and the state each index starts with
//   index.ts      the index build, its image layout, and term lookup; tokenizer.ts, fold.ts, crc32.ts, memory.ts
import { INPUT_CAP } from './boundary';
import { buildAddField, buildReset, image, imageLen, numDocs, numFields } from './index';
import { tokenize, tokBytes, tokMarks, tokStarts, TOKENIZER_VERSION } from './tokenizer';
import { input, mask, mult, weights } from './host';
import { queryKnown, queryUnknown, queryUnknownMass } from './query';
import { out, recordStride } from './topk';
import { attachIndex, finishBuild, knownMass as searchKnownMass } from './search';

export function tokenizerVersion(): i32 { return TOKENIZER_VERSION; }

// ---- the buffers the host writes and reads ----
export function inputPtr(): usize { return input; }
export function inputCap(): i32 { return INPUT_CAP; }
export function weightsPtr(): usize { return weights; }
export function maskPtr(): usize { return mask; }
/** Per-document score multipliers (f64, 1 = neutral) the host sets per query: the action-aware rerank. */
export function multPtr(): usize { return mult; }
export function outPtr(): usize { return out; }
export function outStride(): i32 { return recordStride(); }
export function docCount(): i32 { return numDocs; }
export function fieldCount(): i32 { return numFields; }
/** k1, b: BM25; then the avoid_when multiplier, a single Han character's coverage weight, the coverage exponent. */
export { setParams } from './host';
/** 1 (default) reads the query's counted words (query.ts), 0 does not. */
export { setCountedWords } from './host';

// ---- the last search's query ----
export function knownTerms(): i32 { return queryKnown; }
export function unknownTerms(): i32 { return queryUnknown; }
export function knownMass(): f64 { return searchKnownMass; }
/** The idf mass of the query tokens the catalog has never seen (each weighs as a term of document frequency 0). */
export function unknownMass(): f64 { return queryUnknownMass; }

/** Tokenizes len bytes of the input buffer; tokens are readable through tokenBytesPtr/tokenStartsPtr. */
export function tokenizeInput(len: i32): i32 { return tokenize(input, len); }
/** tokenizeInput for the query the next search is given, which takes these tokens (query.ts tokenizeQuery). */
export { tokenizeQuery } from './query';
export function tokenBytesPtr(): usize { return tokBytes; }
export function tokenStartsPtr(): usize { return tokStarts; }
/** u8 per token: its counted-word mark (tokenizer.ts MARK_*; the query side reads them, the index build does not). */
export function tokenMarksPtr(): usize { return tokMarks; }

// ---- index build ----
export function indexBuildReset(docs: i32, fields: i32): void { buildReset(docs, fields); }
export function indexBuildAdd(doc: i32, field: i32, len: i32): i32 { return buildAddField(doc, field, input, len); }
export function indexBuildFinish(): u32 { return finishBuild(); }
export function imagePtr(): usize { return image; }
export function imageLength(): u32 { return imageLen; }

// ---- index load and postings residency ----
export { indexReserve, neededPtr, neededCount, listAllMissing, chunkLoaded } from './residency';
export function indexAttach(len: u32, headLen: u32, chunkShift: u32): i32 { return attachIndex(len, headLen, chunkShift); }

// ---- search ----
export { search } from './search';
/** Bytes of expansion entries after the next search's query in the input buffer (query.ts; 0 = none). */
export { setExpansion } from './query';
/** The query-term lexicon: copied to lexiconReserve's address, checked and filed by lexiconAttach (query.ts). */
export { lexiconReserve, lexiconAttach, queryTermsNext, termIdOf } from './query';
export { clearImpactLists } from './impact';

export { crc32Update } from './crc32';
