// What the host writes before a search: the query text (input), the field weights, one eligibility byte and one rerank
// multiplier per document, and the ranking parameters (setParams). The fixed buffers live in static memory, not on
// the heap: an index build resets the heap (index.ts buildReset), and they must survive it. The per-document ones are
// allocated with each index (allocHostBuffers).
import { INPUT_CAP, MASK_ELIGIBLE, MAX_FIELDS } from './boundary';

export const input: usize = memory.data(INPUT_CAP, 16);
/** f64 per field. */
export const weights: usize = memory.data(MAX_FIELDS << 3, 16);
/** u8 per document: MASK_FILTERED, MASK_ELIGIBLE or MASK_DEMOTED. */
export let mask: usize = 0;
/** f64 per document: the action-aware rerank's multiplier (1 = neutral). */
export let mult: usize = 0;

/** BM25's k1 and b. */
export let k1: f64 = 0.9;
export let b: f64 = 0.4;
/** The multiplier of a demoted (avoid_when) document. */
export let demote: f64 = 0.2;
/** The weight of a single-Han-character term in the coverage mass (bigrams carry the meaning). */
export let unigramCoverage: f64 = 1.0;
/** The exponent of the share of the query's idf mass a document matches (0 = plain BM25 sum). */
export let coverageExp: f64 = 0.0;

/** Counted words (query.ts): the character a counter pair no command says counts (两行: 行) weighs as a word. */
export let countedWords: bool = true;

/** 1 reads counted words (the default), 0 reads a query as tokenizer version 6 did before session 42. */
export function setCountedWords(on: i32): void { countedWords = on != 0; }

export function setParams(nk1: f64, nb: f64, ndemote: f64, nunigram: f64, ncoverage: f64): void {
  k1 = nk1; b = nb; demote = ndemote; unigramCoverage = nunigram; coverageExp = ncoverage;
}

/** A fresh index's n documents: all eligible, all multipliers neutral. */
export function allocHostBuffers(n: usize): void {
  mask = heap.alloc(n);
  memory.fill(mask, <u8>MASK_ELIGIBLE, n);
  mult = heap.alloc(n << 3);
  for (let i: usize = 0; i < n; i++) store<f64>(mult + (i << 3), 1.0);
}
