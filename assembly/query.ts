// The query's terms: the input tokenized, each token looked up in the dictionary (through a small cache of recent
// lookups), the known term ids kept sorted ascending and deduplicated (the fixed order every score is summed in), each
// with its coverage weight. The tokens the dictionary does not hold are counted, with their idf mass.
import { MAX_QUERY_TERMS } from './boundary';
import { lookupTerm, termLength, termPtr } from './index';
import { tokCount, tokenize, tokenizeRuns, tokBytes, tokStarts } from './tokenizer';
import { input, unigramCoverage } from './host';
import { termMass } from './bm25';

/** i32 term ids: the query's, ascending (queryKnown of them), then its expansions' (queryExpanded), ascending. */
export const qterms: usize = memory.data(MAX_QUERY_TERMS << 2, 16);
/** f64 per term of qterms: its coverage weight (single Han characters count unigramCoverage, the rest 1). */
export const qweight: usize = memory.data(MAX_QUERY_TERMS << 3, 16);
/** The last query's known terms (in qterms) and unknown tokens, and the unknown tokens' idf mass. */
export let queryKnown: i32 = 0;
export let queryUnknown: i32 = 0;
export let queryUnknownMass: f64 = 0;
/** The last query's expansion terms, after its known terms in qterms. */
export let queryExpanded: i32 = 0;
/** f64 per expansion term (index i - queryKnown of qterms): its score weight, and its coverage-mass weight. */
export const xscore: usize = memory.data(MAX_QUERY_TERMS << 3, 16);
export const xmass: usize = memory.data(MAX_QUERY_TERMS << 3, 16);
/**
 * Bytes of expansion entries the host wrote after the query in the input buffer (setExpansion, before each search;
 * 0 = none): each {u8 byte length, the term's bytes as the tokenizer writes them, f64 score weight, f64 mass weight}.
 */
let expansionLen: i32 = 0;
export function setExpansion(len: i32): void { expansionLen = len; }

// Term ids of recent query tokens, direct-mapped by a hash of their bytes (a hit is verified against the term's
// bytes, so a collision only costs the binary search it would have cost anyway).
const LOOKUP_SLOTS: i32 = 4096;
const lookupCache: usize = memory.data(LOOKUP_SLOTS << 2, 16); // term id + 1, 0 = empty
let lookupsUsed: bool = false; // lookupCache holds term ids (of the index attached when they were stored)

/** Drops the term ids a former index left in the cache (static memory: zero until a search has filled it). */
export function forgetLookups(): void {
  if (lookupsUsed) memory.fill(lookupCache, 0, <usize>LOOKUP_SLOTS << 2);
  lookupsUsed = false;
}

function findTerm(p: usize, len: i32): i32 {
  let h: u32 = 2166136261;
  for (let i = 0; i < len; i++) h = (h ^ <u32>load<u8>(p + <usize>i)) * 16777619;
  const slot = lookupCache + (<usize>(h & <u32>(LOOKUP_SLOTS - 1)) << 2);
  const cached = load<i32>(slot) - 1;
  if (cached >= 0 && termLength(cached) == len && memory.compare(termPtr(cached), p, <usize>len) == 0) return cached;
  const id = lookupTerm(p, len);
  if (id >= 0) {
    store<i32>(slot, id + 1);
    lookupsUsed = true;
  }
  return id;
}

/** The len bytes at p are exactly one 3- or 4-byte UTF-8 sequence (one Han character). */
@inline function oneHanCharacter(p: usize, len: u32): bool {
  if (len != 3 && len != 4) return false;
  const b0 = load<u8>(p);
  return len == 3 ? (b0 & 0xf0) == 0xe0 : (b0 & 0xf8) == 0xf0;
}

// The query the host tokenized ahead of its search (tokenizeQuery): its byte length and the tokenize() run that made
// its tokens. The next search of that many bytes takes those tokens while no other text has been tokenized since.
let keptLen: i32 = -1;
let keptRun: u32 = 0;

/**
 * Tokenizes qlen bytes of the input (the query the next search is given: the host reads its words for the query-term
 * lexicon, then writes the same bytes again), keeping the tokens for that search; answers their number.
 */
export function tokenizeQuery(qlen: i32): i32 {
  const n = tokenize(input, qlen);
  keptLen = qlen;
  keptRun = tokenizeRuns;
  return n;
}

/** Tokenizes qlen bytes of the input into qterms and qweight (or takes tokenizeQuery's tokens); answers the number of known terms. */
export function collectTerms(qlen: i32): i32 {
  const n = keptLen == qlen && keptRun == tokenizeRuns ? tokCount : tokenize(input, qlen);
  keptLen = -1;
  let m = 0;
  queryUnknown = 0;
  queryUnknownMass = 0;
  for (let i = 0; i < n; i++) {
    const s = load<u32>(tokStarts + (<usize>i << 2)), e = load<u32>(tokStarts + (<usize>(i + 1) << 2));
    const id = findTerm(tokBytes + <usize>s, <i32>(e - s));
    if (id < 0) {
      // An unknown token weighs as a term of document frequency 0.
      queryUnknown++;
      queryUnknownMass += termMass(0) * (oneHanCharacter(tokBytes + <usize>s, e - s) ? unigramCoverage : 1.0);
      continue;
    }
    if (m >= MAX_QUERY_TERMS) continue;
    // insertion into the sorted unique list
    let j = m - 1;
    while (j >= 0 && load<i32>(qterms + (<usize>j << 2)) > id) j--;
    if (j >= 0 && load<i32>(qterms + (<usize>j << 2)) == id) continue;
    for (let k = m; k > j + 1; k--) store<i32>(qterms + (<usize>k << 2), load<i32>(qterms + (<usize>(k - 1) << 2)));
    store<i32>(qterms + (<usize>(j + 1) << 2), id);
    m++;
  }
  queryKnown = m;
  for (let i = 0; i < m; i++) {
    const t = load<i32>(qterms + (<usize>i << 2));
    store<f64>(qweight + (<usize>i << 3), oneHanCharacter(termPtr(t), <u32>termLength(t)) ? unigramCoverage : 1.0);
  }
  queryExpanded = collectExpansions(qlen, m);
  return m;
}

/** The index of term id among the n ascending ids at list, or -1. */
function indexOf(list: usize, n: i32, id: i32): i32 {
  let lo = 0, hi = n - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = load<i32>(list + (<usize>mid << 2));
    if (v == id) return mid;
    if (v < id) lo = mid + 1; else hi = mid - 1;
  }
  return -1;
}

/**
 * The expansion entries after the query (setExpansion): each known term that is not a query term, once (its largest
 * weights when listed twice), ascending after the m query terms in qterms. Answers their number.
 */
function collectExpansions(qlen: i32, m: i32): i32 {
  const base = qterms + (<usize>m << 2);
  let x = 0;
  let at = qlen;
  const end = qlen + expansionLen;
  while (at < end) {
    const len = <i32>load<u8>(input + <usize>at);
    const p = input + <usize>at + 1;
    const score = load<f64>(p + <usize>len);
    const mass = load<f64>(p + <usize>len, 8);
    at += 1 + len + 16;
    const id = findTerm(p, len);
    if (id < 0 || indexOf(qterms, m, id) >= 0 || m + x >= MAX_QUERY_TERMS) continue;
    let j = x - 1;
    while (j >= 0 && load<i32>(base + (<usize>j << 2)) > id) j--;
    if (j >= 0 && load<i32>(base + (<usize>j << 2)) == id) {
      const e = <usize>j << 3;
      store<f64>(xscore + e, max(load<f64>(xscore + e), score));
      store<f64>(xmass + e, max(load<f64>(xmass + e), mass));
      continue;
    }
    for (let k = x; k > j + 1; k--) {
      store<i32>(base + (<usize>k << 2), load<i32>(base + (<usize>(k - 1) << 2)));
      store<f64>(xscore + (<usize>k << 3), load<f64>(xscore + (<usize>(k - 1) << 3)));
      store<f64>(xmass + (<usize>k << 3), load<f64>(xmass + (<usize>(k - 1) << 3)));
    }
    store<i32>(base + (<usize>(j + 1) << 2), id);
    store<f64>(xscore + (<usize>(j + 1) << 3), score);
    store<f64>(xmass + (<usize>(j + 1) << 3), mass);
    x++;
  }
  return x;
}
