// The query's terms: the input tokenized, each token looked up in the dictionary (through a small cache of recent
// lookups), the known term ids kept sorted ascending and deduplicated (the fixed order every score is summed in), each
// with its coverage weight. The tokens the dictionary does not hold are counted, with their idf mass.
import { MAX_QUERY_TERMS } from './boundary';
import { lookupTerm, numTerms, termLength, termPtr } from './index';
import { MARK_COUNTED, MARK_COUNTER_PAIR, MARK_NONE, tokCount, tokenize, tokenizeRuns, tokBytes, tokMarks, tokStarts } from './tokenizer';
import { countedWords, input, unigramCoverage } from './host';
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
 * Bytes of expansion entries the host wrote after the query in the input buffer for the next search (setExpansion;
 * 0 = none): each {u8 byte length, the term's bytes as the tokenizer writes them, f64 score weight, f64 mass weight}.
 */
let expansionLen: i32 = 0;
export function setExpansion(len: i32): void { expansionLen = len; }

// The query-term lexicon (src/lexicon/query-terms.ts compileQueryTerms, the snapshot's query_lexicon section), copied
// by the host to lexiconReserve's address and checked by lexiconAttach: u32 LE words [W words, E entries, word byte
// starts (W + 1), entry starts (W + 1), entry term ids (E)], zero padding to 8 bytes, f64 precision per entry (E),
// then the words' UTF-8 bytes end to end. A word is a token of two UTF-16 units or more; its entries are its catalog
// terms that the index holds, in the lexicon's order. The words are found through a hash table built at attach.
let lexWords: i32 = 0; // words attached (0: none)
let lexBase: usize = 0;
let lexWordStarts: usize = 0;
let lexEntryStarts: usize = 0;
let lexTerms: usize = 0;
let lexPrecision: usize = 0;
let lexBytes: usize = 0;
let lexSlots: usize = 0; // u32 per slot: word index + 1, 0 = empty
let lexSlotMask: u32 = 0;
/** The next search's expansion weights per unit of precision (queryTermsNext; one search only, 0 = none). */
let lexScore: f64 = 0;
let lexMass: f64 = 0;

/** Room for a lexicon of len bytes (8-aligned); any lexicon attached before is dropped. */
export function lexiconReserve(len: u32): usize {
  lexWords = 0;
  lexBase = heap.alloc(max<usize>(<usize>len, 8));
  return lexBase;
}

/** Drops the attached lexicon (its term ids name the terms of the index it was attached with). */
export function forgetLexicon(): void { lexWords = 0; }

@inline function fnv(p: usize, len: i32): u32 {
  let h: u32 = 2166136261;
  for (let i = 0; i < len; i++) h = (h ^ <u32>load<u8>(p + <usize>i)) * 16777619;
  return h;
}

/** The index of the lexicon word of the len bytes at p (hash h), or -1. */
function lexiconWord(p: usize, len: i32, h: u32): i32 {
  let i = h & lexSlotMask;
  while (true) {
    const v = load<u32>(lexSlots + (<usize>i << 2));
    if (v == 0) return -1;
    const w = <i32>v - 1;
    const s = load<u32>(lexWordStarts + (<usize>w << 2));
    if (<i32>(load<u32>(lexWordStarts + (<usize>(w + 1) << 2)) - s) == len && memory.compare(lexBytes + <usize>s, p, <usize>len) == 0) return w;
    i = (i + 1) & lexSlotMask;
  }
  return -1;
}

/**
 * Checks the len bytes at lexiconReserve's address against the layout and the attached index, and files the words:
 * 0, or a negative code (-1 lengths, -2 offsets, -3 a term id, -4 a precision, -5 a word twice).
 */
export function lexiconAttach(len: u32): i32 {
  lexWords = 0;
  const base = lexBase;
  if (len < 16) return -1;
  const w = load<u32>(base), e = load<u32>(base, 4);
  const words = <u64>2 + 2 * (<u64>w + 1) + <u64>e;
  const pAt = (words * 4 + 7) & ~(<u64>7);
  const bytesAt = pAt + <u64>e * 8;
  if (w >= (1 << 24) || e >= (1 << 24) || bytesAt > <u64>len) return -1;
  const starts = base + 8, entries = starts + (<usize>(w + 1) << 2), terms = entries + (<usize>(w + 1) << 2);
  const byteLen = <u32>(<u64>len - bytesAt);
  if (load<u32>(starts) != 0 || load<u32>(entries) != 0 || load<u32>(starts + (<usize>w << 2)) != byteLen || load<u32>(entries + (<usize>w << 2)) != e) return -2;
  for (let i: u32 = 0; i < w; i++) {
    const at = <usize>i << 2;
    if (load<u32>(starts + at, 4) <= load<u32>(starts + at) || load<u32>(entries + at, 4) <= load<u32>(entries + at)) return -2;
  }
  for (let i: u32 = 0; i < e; i++) {
    const t = load<i32>(terms + (<usize>i << 2));
    if (t < 0 || t >= numTerms) return -3;
    const p = load<f64>(base + <usize>pAt + (<usize>i << 3));
    if (!(p > 0 && p <= 1)) return -4;
  }
  let slots: u32 = 16;
  while (slots < w * 2) slots <<= 1;
  const table = heap.alloc(<usize>slots << 2);
  memory.fill(table, 0, <usize>slots << 2);
  lexWordStarts = starts;
  lexEntryStarts = entries;
  lexTerms = terms;
  lexPrecision = base + <usize>pAt;
  lexBytes = base + <usize>bytesAt;
  lexSlots = table;
  lexSlotMask = slots - 1;
  for (let i: u32 = 0; i < w; i++) {
    const s = load<u32>(starts + (<usize>i << 2));
    const n = <i32>(load<u32>(starts + (<usize>(i + 1) << 2)) - s);
    let at = fnv(lexBytes + <usize>s, n) & lexSlotMask;
    while (load<u32>(table + (<usize>at << 2)) != 0) {
      const o = <i32>load<u32>(table + (<usize>at << 2)) - 1;
      const os = load<u32>(starts + (<usize>o << 2));
      if (<i32>(load<u32>(starts + (<usize>(o + 1) << 2)) - os) == n && memory.compare(lexBytes + <usize>os, lexBytes + <usize>s, <usize>n) == 0) return -5;
      at = (at + 1) & lexSlotMask;
    }
    store<u32>(table + (<usize>at << 2), i + 1);
  }
  lexWords = <i32>w;
  return 0;
}

/**
 * The next search (only) adds the lexicon's terms of its query's words as expansion terms, each at score x its
 * precision and mass x its precision; score 0 (or no lexicon attached): none.
 */
export function queryTermsNext(score: f64, mass: f64): void {
  lexScore = score;
  lexMass = mass;
}

/** Term id of the len bytes of the input (the attached index), or -1: the build resolves the lexicon's terms with it. */
export function termIdOf(len: i32): i32 { return lookupTerm(input, len); }

// Term ids of recent query tokens, direct-mapped by a hash of their bytes (a hit is verified against the term's
// bytes, so a collision only costs the binary search it would have cost anyway).
const LOOKUP_SLOTS: i32 = 4096;
const lookupCache: usize = memory.data(LOOKUP_SLOTS << 2, 16); // term id + 1, 0 = empty
let lookupsUsed: bool = false; // lookupCache holds term ids (of the index attached when they were stored)

/** The hashes (fnv) of the query's first HASHED_TOKENS tokens, computed once for both lookups (collectTerms). */
const HASHED_TOKENS: i32 = 2048;
const tokHashes: usize = memory.data(HASHED_TOKENS << 2, 16);

// Recent query tokens the dictionary does not hold (a request says many: 我刚, 刚发), direct-mapped by the same hash:
// a slot is {u8 byte length (0 = empty), the token's bytes}, so a hit is verified byte for byte and a token the index
// lacks costs its binary search once, not once per search. Longer tokens are not kept.
const MISS_SLOTS: i32 = 2048;
const MISS_BYTES: i32 = 32;
const missCache: usize = memory.data(MISS_SLOTS * MISS_BYTES, 16);

/** Drops the term ids a former index left in the cache (static memory: zero until a search has filled it). */
export function forgetLookups(): void {
  if (lookupsUsed) {
    memory.fill(lookupCache, 0, <usize>LOOKUP_SLOTS << 2);
    memory.fill(missCache, 0, <usize>(MISS_SLOTS * MISS_BYTES));
  }
  lookupsUsed = false;
}

/** The id of the len bytes at p, whose hash (fnv) is h, or -1. */
function findTerm(p: usize, len: i32, h: u32): i32 {
  const slot = lookupCache + (<usize>(h & <u32>(LOOKUP_SLOTS - 1)) << 2);
  const cached = load<i32>(slot) - 1;
  if (cached >= 0 && termLength(cached) == len && memory.compare(termPtr(cached), p, <usize>len) == 0) return cached;
  const miss = missCache + <usize>(h & <u32>(MISS_SLOTS - 1)) * <usize>MISS_BYTES;
  if (<i32>load<u8>(miss) == len && memory.compare(miss + 1, p, <usize>len) == 0) return -1;
  const id = lookupTerm(p, len);
  if (id >= 0) {
    store<i32>(slot, id + 1);
    lookupsUsed = true;
  } else if (len > 0 && len < MISS_BYTES) {
    store<u8>(miss, <u8>len);
    memory.copy(miss + 1, p, <usize>len);
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

// Counted words (the tokenizer's tokMarks): when a bigram that starts on a counter (两行, 那三) is one no command says,
// the character it counts (行, 条) weighs as a word in the coverage mass (1, not unigramCoverage); a counter pair a
// command says (一键, 这些, 每天, 那条) is a word, and its character stays a unigram. The unknown pair itself stays an
// unknown token (leaving it out changed no train ranking and only raised the coverage a weak_match reads: session 42).
// Off (host.ts setCountedWords(0)): the marks are not read.
const MAX_COUNTED: i32 = 64;
const countedIds: usize = memory.data(MAX_COUNTED << 2, 16);
let countedCount: i32 = 0;

/** Term id is a counted character of the last query. */
function isCounted(id: i32): bool {
  for (let i = 0; i < countedCount; i++) if (load<i32>(countedIds + (<usize>i << 2)) == id) return true;
  return false;
}

/** Tokenizes qlen bytes of the input into qterms and qweight (or takes tokenizeQuery's tokens); answers the number of known terms. */
export function collectTerms(qlen: i32): i32 {
  const n = keptLen == qlen && keptRun == tokenizeRuns ? tokCount : tokenize(input, qlen);
  keptLen = -1;
  let m = 0;
  queryUnknown = 0;
  queryUnknownMass = 0;
  countedCount = 0;
  let unsaidPair = false; // the token before was a counter pair no command says
  for (let i = 0; i < n; i++) {
    const s = load<u32>(tokStarts + (<usize>i << 2)), e = load<u32>(tokStarts + (<usize>(i + 1) << 2));
    const h = fnv(tokBytes + <usize>s, <i32>(e - s));
    if (i < HASHED_TOKENS) store<u32>(tokHashes + (<usize>i << 2), h);
    const id = findTerm(tokBytes + <usize>s, <i32>(e - s), h);
    const mark = countedWords ? load<u8>(tokMarks + <usize>i) : MARK_NONE;
    const pairBefore = unsaidPair;
    unsaidPair = mark == MARK_COUNTER_PAIR && id < 0;
    if (id >= 0 && countedCount < MAX_COUNTED && mark == MARK_COUNTED && pairBefore) {
      store<i32>(countedIds + (<usize>countedCount << 2), id);
      countedCount++;
    }
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
    store<f64>(qweight + (<usize>i << 3), oneHanCharacter(termPtr(t), <u32>termLength(t)) && !isCounted(t) ? unigramCoverage : 1.0);
  }
  let x = collectExpansions(qlen, m);
  expansionLen = 0;
  if (lexScore > 0 && lexWords > 0) x = lexiconExpansions(n, m, x);
  lexScore = 0;
  lexMass = 0;
  queryExpanded = x;
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
 * Files expansion term id (of the given weights) after the m query terms and the x expansion terms so far, unless it
 * is a query term or the list is full; a term filed before keeps its largest weights. Answers the new x.
 */
function addExpansion(id: i32, score: f64, mass: f64, m: i32, x: i32): i32 {
  if (id < 0 || indexOf(qterms, m, id) >= 0 || m + x >= MAX_QUERY_TERMS) return x;
  const base = qterms + (<usize>m << 2);
  let j = x - 1;
  while (j >= 0 && load<i32>(base + (<usize>j << 2)) > id) j--;
  if (j >= 0 && load<i32>(base + (<usize>j << 2)) == id) {
    const e = <usize>j << 3;
    store<f64>(xscore + e, max(load<f64>(xscore + e), score));
    store<f64>(xmass + e, max(load<f64>(xmass + e), mass));
    return x;
  }
  for (let k = x; k > j + 1; k--) {
    store<i32>(base + (<usize>k << 2), load<i32>(base + (<usize>(k - 1) << 2)));
    store<f64>(xscore + (<usize>k << 3), load<f64>(xscore + (<usize>(k - 1) << 3)));
    store<f64>(xmass + (<usize>k << 3), load<f64>(xmass + (<usize>(k - 1) << 3)));
  }
  store<i32>(base + (<usize>(j + 1) << 2), id);
  store<f64>(xscore + (<usize>(j + 1) << 3), score);
  store<f64>(xmass + (<usize>(j + 1) << 3), mass);
  return x + 1;
}

/**
 * The expansion entries after the query (setExpansion): each known term that is not a query term, once (its largest
 * weights when listed twice), ascending after the m query terms in qterms. Answers their number.
 */
function collectExpansions(qlen: i32, m: i32): i32 {
  let x = 0;
  let at = qlen;
  const end = qlen + expansionLen;
  while (at < end) {
    const len = <i32>load<u8>(input + <usize>at);
    const p = input + <usize>at + 1;
    const score = load<f64>(p + <usize>len);
    const mass = load<f64>(p + <usize>len, 8);
    at += 1 + len + 16;
    x = addExpansion(findTerm(p, len, fnv(p, len)), score, mass, m, x);
  }
  return x;
}

/**
 * The lexicon's terms of the n query tokens (in token order, each word's terms in the lexicon's order) filed as
 * expansion terms after the x so far, at lexScore and lexMass x their precision. Answers the new x.
 */
function lexiconExpansions(n: i32, m: i32, x: i32): i32 {
  for (let i = 0; i < n; i++) {
    const s = load<u32>(tokStarts + (<usize>i << 2)), e = load<u32>(tokStarts + (<usize>(i + 1) << 2));
    const p = tokBytes + <usize>s;
    const len = <i32>(e - s);
    // A word has two UTF-16 units or more: two bytes or more.
    if (len < 2) continue;
    const w = lexiconWord(p, len, i < HASHED_TOKENS ? load<u32>(tokHashes + (<usize>i << 2)) : fnv(p, len));
    if (w < 0) continue;
    const to = load<u32>(lexEntryStarts + (<usize>(w + 1) << 2));
    for (let j = load<u32>(lexEntryStarts + (<usize>w << 2)); j < to; j++) {
      const prec = load<f64>(lexPrecision + (<usize>j << 3));
      x = addExpansion(load<i32>(lexTerms + (<usize>j << 2)), lexScore * prec, lexMass * prec, m, x);
    }
  }
  return x;
}
