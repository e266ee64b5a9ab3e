// The exported WASM entry: fixed scratch buffers the host writes into, and numeric functions over them.
// The host writes UTF-8 into the input buffer, an eligibility byte per document into the mask, field weights into
// the weights buffer, calls search(), and reads fixed-stride result records from the output buffer. No strings
// cross the boundary and nothing is allocated per query.
import { tokenize, tokBytes, tokStarts, TOKENIZER_VERSION } from './tokenizer';
import {
  buildAddField, buildFinish, buildReset, image, imageLen, loadImage, lookupTerm, termLength, termPtr,
  numDocs, numFields, docLen, avgLen, docNorm, termPost, termRuns, runs, postings,
} from './index';
import { bm25Idf, bm25Tf } from './bm25';
export { crc32Update } from './crc32';
import { tfidfIdf, tfidfDocWeight } from './tfidf';

export const MAX_FIELDS: i32 = 32;
export const MAX_QUERY_TERMS: i32 = 1024;
export const MAX_RESULTS: i32 = 128;
const INPUT_CAP: i32 = 1 << 20;

// Fixed scratch buffers live in static memory, not on the heap: an index build resets the heap (index.ts
// buildReset), and these must survive it.
const input: usize = memory.data(INPUT_CAP, 16);
const weights: usize = memory.data(MAX_FIELDS << 3, 16);
const qterms: usize = memory.data(MAX_QUERY_TERMS << 2, 16);
const qtf: usize = memory.data(MAX_QUERY_TERMS << 2, 16);
/** Coverage weight of each query term (single Han characters count less). */
const qweight: usize = memory.data(MAX_QUERY_TERMS << 3, 16);
const qnorm: usize = memory.data(MAX_FIELDS << 3, 16);
let out: usize = 0;
let mask: usize = 0;
let mult: usize = 0;
// One ACC_BYTES record per document, so the scoring loop touches one cache line per posting: {f64 raw score,
// f64 matched idf mass, f64 final score, i32 last query term + 1 that matched it}. Per-field contributions go to
// a dense doc x field array only while it is small enough to stay in cache (DENSE_FIELD_CELLS); beyond that it
// would be the largest thing a query touches, and a second pass over the same runs adds them up for the k
// documents returned only (fieldContributions). Both give the same floats in the same order.
const ACC_BYTES: usize = 32;
const DENSE_FIELD_CELLS: i32 = 1 << 18;
let acc: usize = 0;
let denseFields: bool = false;
let fieldScores: usize = 0; // f64[docs * fields] when denseFields
let topSlot: usize = 0; // u8 per document: its rank + 1 among the returned ones, else 0
// The query's (term, field) runs with a non-zero weight, in accumulation order, with their per-run constants:
// {u32 first posting, u32 end, u32 field, u32 0, f64 w, f64 idf, f64 w * idf, f64 query norm, f64 avg length}.
const QRUN_BYTES: usize = 56;
const qruns: usize = memory.data(<i32>(<usize>(MAX_QUERY_TERMS * MAX_FIELDS) * QRUN_BYTES), 16);
let qrunCount: i32 = 0;
let touched: usize = 0;
let touchedLen: i32 = 0;
const top: usize = memory.data(MAX_RESULTS << 2, 16);
let imageBase: usize = 0;
let k1: f64 = 0.9;
let b: f64 = 0.4;
let demote: f64 = 0.2;
let unigramCoverage: f64 = 1.0;
let coverageExp: f64 = 0.0;
let queryKnown: i32 = 0;
let queryUnknown: i32 = 0;
let queryKnownMass: f64 = 0;
let queryUnknownMass: f64 = 0;

export function tokenizerVersion(): i32 { return TOKENIZER_VERSION; }
export function inputPtr(): usize { return input; }
export function inputCap(): i32 { return INPUT_CAP; }
export function weightsPtr(): usize { return weights; }
export function maskPtr(): usize { return mask; }
/** Per-document score multipliers (f64, 1 = neutral) the host sets per query: the action-aware rerank. */
export function multPtr(): usize { return mult; }
export function outPtr(): usize { return out; }
export function outStride(): i32 { return 32 + (numFields << 3); }
export function docCount(): i32 { return numDocs; }
export function fieldCount(): i32 { return numFields; }
export function knownTerms(): i32 { return queryKnown; }
export function unknownTerms(): i32 { return queryUnknown; }
export function knownMass(): f64 { return queryKnownMass; }
/** The idf mass of the query tokens the catalog has never seen (each weighs as a term of document frequency 0). */
export function unknownMass(): f64 { return queryUnknownMass; }

/**
 * k1, b: BM25; ndemote: avoid_when multiplier; nunigram: weight of a single-Han-character term in the coverage mass
 * (bigrams carry the meaning, lone characters match almost anything); ncoverage: exponent of the share of the
 * query's idf mass a document matches (0 = plain BM25 sum).
 */
export function setParams(nk1: f64, nb: f64, ndemote: f64, nunigram: f64, ncoverage: f64): void {
  k1 = nk1; b = nb; demote = ndemote; unigramCoverage = nunigram; coverageExp = ncoverage;
}

/** A term whose bytes are exactly one 3- or 4-byte UTF-8 sequence (one Han character). */
function isSingleHan(t: i32): bool {
  const len = termLength(t);
  if (len != 3 && len != 4) return false;
  const b0 = load<u8>(termPtr(t));
  return len == 3 ? (b0 & 0xf0) == 0xe0 : (b0 & 0xf8) == 0xf0;
}

/** Tokenizes len bytes of the input buffer; tokens are readable through tokenBytesPtr/tokenStartsPtr. */
export function tokenizeInput(len: i32): i32 { return tokenize(input, len); }
export function tokenBytesPtr(): usize { return tokBytes; }
export function tokenStartsPtr(): usize { return tokStarts; }

// ---- index build ----
export function indexBuildReset(docs: i32, fields: i32): void { buildReset(docs, fields); }
export function indexBuildAdd(doc: i32, field: i32, len: i32): i32 { return buildAddField(doc, field, input, len); }
export function indexBuildFinish(): u32 {
  const n = buildFinish();
  allocAccumulators();
  return n;
}
export function imagePtr(): usize { return image; }
export function imageLength(): u32 { return imageLen; }

// ---- index load ----
/** Reserves room for an image of len bytes; the host copies it there, then calls indexAttach. */
export function indexReserve(len: u32): usize {
  imageBase = heap.alloc(<usize>len);
  return imageBase;
}

export function indexAttach(len: u32): i32 {
  const rc = loadImage(imageBase, len);
  if (rc != 0) return rc;
  if (numFields > MAX_FIELDS) return -8;
  allocAccumulators();
  return 0;
}

function allocAccumulators(): void {
  const n = <usize>max(numDocs, 1);
  mask = heap.alloc(n);
  memory.fill(mask, 1, n);
  mult = heap.alloc(n << 3);
  for (let i: usize = 0; i < n; i++) store<f64>(mult + (i << 3), 1.0);
  acc = heap.alloc(n * ACC_BYTES);
  memory.fill(acc, 0, n * ACC_BYTES);
  denseFields = <i64>numDocs * numFields <= <i64>DENSE_FIELD_CELLS;
  if (denseFields) {
    fieldScores = heap.alloc(n * <usize>numFields << 3);
    memory.fill(fieldScores, 0, n * <usize>numFields << 3);
  }
  topSlot = heap.alloc(n);
  memory.fill(topSlot, 0, n);
  touched = heap.alloc(n << 2);
  out = heap.alloc(<usize>MAX_RESULTS * <usize>(32 + (numFields << 3)));
}

@inline function termFirstPosting(t: i32): u32 { return load<u32>(termPost + (<usize>t << 2)); }
@inline function termFirstRun(t: i32): u32 { return load<u32>(termRuns + (<usize>t << 2)); }
@inline function runAt(r: u32): u32 { return load<u32>(runs + (<usize>r << 2)); }

/** Collects the query's known term ids, sorted ascending and deduplicated (the fixed accumulation order). */
function collectTerms(qlen: i32): i32 {
  const n = tokenize(input, qlen);
  let m = 0;
  queryUnknown = 0;
  queryUnknownMass = 0;
  for (let i = 0; i < n; i++) {
    const s = load<u32>(tokStarts + (<usize>i << 2)), e = load<u32>(tokStarts + (<usize>(i + 1) << 2));
    const id = lookupTerm(tokBytes + <usize>s, <i32>(e - s));
    if (id < 0) {
      queryUnknown++;
      const len = e - s;
      const b0 = load<u8>(tokBytes + <usize>s);
      const han = (len == 3 && (b0 & 0xf0) == 0xe0) || (len == 4 && (b0 & 0xf8) == 0xf0);
      queryUnknownMass += bm25Idf(0, <f64>numDocs) * (han ? unigramCoverage : 1.0);
      continue;
    }
    if (m >= MAX_QUERY_TERMS) continue;
    // insertion into the sorted unique list
    let j = m - 1;
    while (j >= 0 && load<i32>(qterms + (<usize>j << 2)) > id) j--;
    if (j >= 0 && load<i32>(qterms + (<usize>j << 2)) == id) {
      store<u32>(qtf + (<usize>j << 2), load<u32>(qtf + (<usize>j << 2)) + 1);
      continue;
    }
    for (let k = m; k > j + 1; k--) {
      store<i32>(qterms + (<usize>k << 2), load<i32>(qterms + (<usize>(k - 1) << 2)));
      store<u32>(qtf + (<usize>k << 2), load<u32>(qtf + (<usize>(k - 1) << 2)));
    }
    store<i32>(qterms + (<usize>(j + 1) << 2), id);
    store<u32>(qtf + (<usize>(j + 1) << 2), 1);
    m++;
  }
  queryKnown = m;
  for (let i = 0; i < m; i++) {
    store<f64>(qweight + (<usize>i << 3), isSingleHan(load<i32>(qterms + (<usize>i << 2))) ? unigramCoverage : 1.0);
  }
  return m;
}

/** Document-level weight of a term for coverage: BM25 idf of its largest per-field document frequency. */
function termMass(t: i32): f64 {
  let df: u32 = 0;
  const r1 = termFirstRun(t + 1);
  for (let r = termFirstRun(t); r < r1; r++) {
    const d = runAt(r) & 0xffffff;
    if (d > df) df = d;
  }
  return bm25Idf(<f64>df, <f64>numDocs);
}

/**
 * One (term, field, doc) contribution. The hot loop and fieldContributions both call this, so a document's per-field
 * sums are the same floats in the same order as its score. wIdf is w * idf (BM25) and qn the field's query norm
 * (TF-IDF), both fixed per run.
 */
@inline function contribution(algorithm: i32, f: i32, d: i32, tf: f64, w: f64, idf: f64, wIdf: f64, qn: f64, avg: f64): f64 {
  if (algorithm == 1) {
    const dn = load<f64>(docNorm + (<usize>(f * numDocs + d) << 3));
    return dn > 0 && qn > 0 ? w * (idf * tfidfDocWeight(tf, idf)) / (qn * dn) : 0;
  }
  const len = <f64>load<u32>(docLen + (<usize>(f * numDocs + d) << 2));
  return wIdf * bm25Tf(tf, len, avg, k1, b);
}

/**
 * Scores every eligible document (mask byte 1 = eligible, 2 = eligible but demoted, 0 = filtered out) and writes
 * the best k as records {u32 doc, u32 0, f64 score (rounded to 1e-9), f64 raw score, f64 matched mass,
 * f64[fields] contributions}. algorithm 0 = fielded BM25, 1 = TF-IDF cosine. Returns the number of records.
 * Allocation-free: everything lives in the buffers allocAccumulators made, and only the touched records are reset.
 */
export function search(qlen: i32, k: i32, algorithm: i32): i32 {
  if (k > MAX_RESULTS) k = MAX_RESULTS;
  const m = collectTerms(qlen);
  const F = numFields;
  const n = <f64>numDocs;
  touchedLen = 0;
  qrunCount = 0;
  queryKnownMass = 0;
  if (algorithm == 1) {
    // Per field, the sum over query terms (in term order) of idf^2, then its square root.
    memory.fill(qnorm, 0, <usize>F << 3);
    for (let qi = 0; qi < m; qi++) {
      const t = load<i32>(qterms + (<usize>qi << 2));
      const r1 = termFirstRun(t + 1);
      for (let r = termFirstRun(t); r < r1; r++) {
        const run = runAt(r);
        const idf = tfidfIdf(run & 0xffffff);
        const at = qnorm + (<usize>(run >>> 24) << 3);
        store<f64>(at, load<f64>(at) + idf * idf);
      }
    }
    for (let f = 0; f < F; f++) store<f64>(qnorm + (<usize>f << 3), Math.sqrt(load<f64>(qnorm + (<usize>f << 3))));
  }
  for (let qi = 0; qi < m; qi++) {
    const t = load<i32>(qterms + (<usize>qi << 2));
    // Coverage counts single Han characters at unigramCoverage (they match almost anything); scoring does not.
    const mass = termMass(t) * load<f64>(qweight + (<usize>qi << 3));
    queryKnownMass += mass;
    const mark = qi + 1;
    // The term's runs, one per field that holds it, in field order: the fixed (term, field) accumulation order.
    let next = termFirstPosting(t);
    const r1 = termFirstRun(t + 1);
    for (let r = termFirstRun(t); r < r1; r++) {
      const run = runAt(r);
      const f = <i32>(run >>> 24);
      const s = next, e = next + (run & 0xffffff);
      next = e;
      const w = load<f64>(weights + (<usize>f << 3));
      if (w == 0) continue;
      const avg = load<f64>(avgLen + (<usize>f << 3));
      let idf: f64 = 0, qn: f64 = 0;
      if (algorithm == 1) { idf = tfidfIdf(e - s); qn = load<f64>(qnorm + (<usize>f << 3)); } else idf = bm25Idf(<f64>(e - s), n);
      const wIdf = w * idf;
      if (!denseFields) {
        const qr = qruns + <usize>(qrunCount++) * QRUN_BYTES;
        store<u32>(qr, s); store<u32>(qr, e, 4); store<u32>(qr, f, 8); store<u32>(qr, 0, 12);
        store<f64>(qr, w, 16); store<f64>(qr, idf, 24); store<f64>(qr, wIdf, 32); store<f64>(qr, qn, 40); store<f64>(qr, avg, 48);
      }
      for (let i = s; i < e; i++) {
        const v = load<u32>(postings + (<usize>i << 2));
        const d = <i32>(v >> 8);
        if (load<u8>(mask + <usize>d) == 0) continue;
        const c = contribution(algorithm, f, d, <f64>(v & 0xff), w, idf, wIdf, qn, avg);
        const rec = acc + <usize>d * ACC_BYTES;
        const seenBy = load<i32>(rec, 24);
        if (seenBy != mark) {
          if (seenBy == 0) store<u32>(touched + (<usize>(touchedLen++) << 2), d);
          store<i32>(rec, mark, 24);
          store<f64>(rec, load<f64>(rec, 8) + mass, 8);
        }
        store<f64>(rec, load<f64>(rec) + c);
        if (denseFields) {
          const fp = fieldScores + (<usize>(d * F + f) << 3);
          store<f64>(fp, load<f64>(fp) + c);
        }
      }
    }
  }
  // Final scores once per touched document, then top k by (rounded score desc, doc asc); docs are numbered in
  // canonical-path order, so the tie-break is the doc number. The list is kept sorted by insertion; a document
  // that does not beat the current k-th is rejected with one comparison.
  let count = 0;
  for (let i = 0; i < touchedLen; i++) {
    const d = <i32>load<u32>(touched + (<usize>i << 2));
    const sc = finalScore(d);
    store<f64>(acc + <usize>d * ACC_BYTES, sc, 16);
    if (sc <= 0) continue;
    if (count == k) {
      const last = load<i32>(top + (<usize>(count - 1) << 2));
      if (!better(sc, d, finalOf(last), last)) continue;
    }
    let j = count < k ? count : k - 1;
    while (j > 0) {
      const o = load<i32>(top + (<usize>(j - 1) << 2));
      if (!better(sc, d, finalOf(o), o)) break;
      store<i32>(top + (<usize>j << 2), o);
      j--;
    }
    store<i32>(top + (<usize>j << 2), d);
    if (count < k) count++;
  }
  const stride = <usize>(32 + (F << 3));
  for (let r = 0; r < count; r++) {
    const d = load<i32>(top + (<usize>r << 2));
    const rec = acc + <usize>d * ACC_BYTES;
    const at = out + <usize>r * stride;
    store<u32>(at, d);
    store<u32>(at + 4, 0);
    store<f64>(at + 8, finalOf(d));
    store<f64>(at + 16, load<f64>(rec));
    store<f64>(at + 24, load<f64>(rec, 8));
    if (denseFields) {
      memory.copy(at + 32, fieldScores + (<usize>(d * F) << 3), <usize>F << 3);
    } else {
      memory.fill(at + 32, 0, <usize>F << 3);
      store<u8>(topSlot + <usize>d, <u8>(r + 1));
    }
  }
  if (count > 0 && !denseFields) fieldContributions(algorithm, stride);
  // Reset only what this query touched.
  if (!denseFields) for (let r = 0; r < count; r++) store<u8>(topSlot + <usize>load<i32>(top + (<usize>r << 2)), 0);
  if (denseFields) {
    for (let i = 0; i < touchedLen; i++) memory.fill(fieldScores + (<usize>(<i32>load<u32>(touched + (<usize>i << 2)) * F) << 3), 0, <usize>F << 3);
  }
  for (let i = 0; i < touchedLen; i++) memory.fill(acc + <usize>load<u32>(touched + (<usize>i << 2)) * ACC_BYTES, 0, ACC_BYTES);
  return count;
}

@inline function finalOf(d: i32): f64 { return load<f64>(acc + <usize>d * ACC_BYTES, 16); }

/**
 * Per-field contributions of the returned documents, into their output records: the query runs again in the same
 * (term, field) order, computing a contribution only for the postings of a returned document, so each per-field
 * sum is the same floats in the same order as the scoring loop would have added them. Streaming the runs once
 * (one byte lookup per posting) costs less than finding each returned document in each run by binary search.
 */
function fieldContributions(algorithm: i32, stride: usize): void {
  for (let q = 0; q < qrunCount; q++) {
    const qr = qruns + <usize>q * QRUN_BYTES;
    const s = load<u32>(qr), e = load<u32>(qr, 4);
    const f = <i32>load<u32>(qr, 8);
    const w = load<f64>(qr, 16), idf = load<f64>(qr, 24), wIdf = load<f64>(qr, 32), qn = load<f64>(qr, 40), avg = load<f64>(qr, 48);
    for (let i = s; i < e; i++) {
      const v = load<u32>(postings + (<usize>i << 2));
      const d = <i32>(v >> 8);
      const slot = <i32>load<u8>(topSlot + <usize>d);
      if (slot == 0) continue;
      const c = contribution(algorithm, f, d, <f64>(v & 0xff), w, idf, wIdf, qn, avg);
      const fp = out + <usize>(slot - 1) * stride + 32 + (<usize>f << 3);
      store<f64>(fp, load<f64>(fp) + c);
    }
  }
}

@inline function better(sa: f64, da: i32, sb: f64, db: i32): bool {
  return sa > sb || (sa == sb && da < db);
}

/** The ranking score: raw score x coverage^exp x the host's multiplier, demoted when the mask says so, rounded to 1e-9. */
function finalScore(d: i32): f64 {
  const rec = acc + <usize>d * ACC_BYTES;
  let s = load<f64>(rec);
  if (coverageExp != 0 && queryKnownMass > 0) {
    const share = load<f64>(rec, 8) / queryKnownMass;
    s *= coverageExp == 1.0 ? share : Math.pow(share, coverageExp);
  }
  s *= load<f64>(mult + (<usize>d << 3));
  if (load<u8>(mask + <usize>d) == 2) s *= demote;
  return Math.floor(s * 1e9 + 0.5) / 1e9;
}
