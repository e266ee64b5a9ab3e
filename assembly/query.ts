// The query's terms: the input tokenized, each token looked up in the dictionary (through a small cache of recent
// lookups), the known term ids kept sorted ascending and deduplicated (the fixed order every score is summed in), each
// with its coverage weight. The tokens the dictionary does not hold are counted, with their idf mass.
import { MAX_QUERY_TERMS } from './boundary';
import { lookupTerm, termLength, termPtr } from './index';
import { tokenize, tokBytes, tokStarts } from './tokenizer';
import { input, unigramCoverage } from './host';
import { termMass } from './bm25';

/** i32 term ids, ascending. */
export const qterms: usize = memory.data(MAX_QUERY_TERMS << 2, 16);
/** f64 per term of qterms: its coverage weight (single Han characters count unigramCoverage, the rest 1). */
export const qweight: usize = memory.data(MAX_QUERY_TERMS << 3, 16);
/** The last query's known terms (in qterms) and unknown tokens, and the unknown tokens' idf mass. */
export let queryKnown: i32 = 0;
export let queryUnknown: i32 = 0;
export let queryUnknownMass: f64 = 0;

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

/** Tokenizes qlen bytes of the input into qterms and qweight; answers the number of known terms. */
export function collectTerms(qlen: i32): i32 {
  const n = tokenize(input, qlen);
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
  return m;
}
