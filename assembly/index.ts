// The inverted index: built from tokenized fields, serialized to one relocatable byte image, loaded back by pointer.
// Terms are sorted by bytes, postings are (doc, tf) pairs per (term, field) in doc order, so the image of the same
// input is the same bytes on every run.
//
// Image layout (little endian, offsets are bytes from the image start, every section 8-aligned):
//   u32 magic, u32 version, u32 numDocs, u32 numFields, u32 numTerms, u32 numPostings,
//   u32 offDocLen   (u32[numFields*numDocs], field-major),
//   u32 offAvgLen   (f64[numFields]),
//   u32 offDocNorm  (f64[numFields*numDocs], TF-IDF vector norms),
//   u32 offTermStart(u32[numTerms+1] into the term bytes), u32 offTermBytes,
//   u32 offTermPost (u32[numTerms+1]: a term's first posting), u32 offPostings (u32: doc << 8 | min(tf, 255)),
//   u32 totalLen, u32 numRuns, u32 offTermRuns (u32[numTerms+1] into runs),
//   u32 offRuns (u32: field << 24 | postings in that field): a term's postings are grouped by field in field order,
//   and only the fields that hold the term have a run (a dense term x field table would be mostly zeros).
import { tokenize, tokBytes, tokStarts } from './tokenizer';
import { grow, nextCapacity } from './memory';

export const INDEX_MAGIC: u32 = 0x49535744; // "DWSI"
export const INDEX_VERSION: u32 = 4;
/** Postings pack doc << 8 | tf into one u32: up to 16M documents, tf saturates at 255. */
export const MAX_DOCS: i32 = 1 << 24;
const HEADER_BYTES: u32 = 72;

// ---- loaded image (query side) ----
export let numDocs: i32 = 0;
export let numFields: i32 = 0;
export let numTerms: i32 = 0;
export let docLen: usize = 0;
export let avgLen: usize = 0;
export let docNorm: usize = 0;
let termStart: usize = 0;
let termBytes: usize = 0;
export let termPost: usize = 0;
export let termRuns: usize = 0;
export let runs: usize = 0;
export let postings: usize = 0;

@inline function u32at(base: usize, off: u32): u32 { return load<u32>(base + <usize>off); }

/** Points the query side at an image; returns 0, or a negative code when the image is malformed. */
export function loadImage(base: usize, len: u32): i32 {
  if (len < HEADER_BYTES) return -1;
  if (u32at(base, 0) != INDEX_MAGIC) return -2;
  if (u32at(base, 4) != INDEX_VERSION) return -3;
  const nd = u32at(base, 8), nf = u32at(base, 12), nt = u32at(base, 16), np = u32at(base, 20), nr = u32at(base, 56);
  if (u32at(base, 52) != len) return -4;
  const offs = [u32at(base, 24), u32at(base, 28), u32at(base, 32), u32at(base, 36), u32at(base, 40), u32at(base, 44), u32at(base, 48),
    u32at(base, 60), u32at(base, 64)];
  for (let i = 0; i < offs.length; i++) if (offs[i] > len || (offs[i] & 7) != 0) return -5;
  if (<u64>offs[0] + <u64>nd * nf * 4 > <u64>len) return -6;
  if (<u64>offs[5] + (<u64>nt + 1) * 4 > <u64>len) return -6;
  if (<u64>offs[7] + (<u64>nt + 1) * 4 > <u64>len) return -6;
  if (<u64>offs[8] + <u64>nr * 4 > <u64>len) return -6;
  if (<u64>offs[3] + (<u64>nt + 1) * 4 > <u64>len) return -6;
  if (<u64>offs[6] + <u64>np * 4 > <u64>len) return -6;
  if (nd > <u32>MAX_DOCS || nf > 255) return -9;
  if (u32at(base + <usize>offs[5], nt << 2) != np) return -7;
  if (u32at(base + <usize>offs[7], nt << 2) != nr) return -7;
  if (<u64>offs[4] + <u64>u32at(base + <usize>offs[3], nt << 2) > <u64>len) return -7;
  numDocs = nd; numFields = nf; numTerms = nt;
  docLen = base + <usize>offs[0];
  avgLen = base + <usize>offs[1];
  docNorm = base + <usize>offs[2];
  termStart = base + <usize>offs[3];
  termBytes = base + <usize>offs[4];
  termPost = base + <usize>offs[5];
  postings = base + <usize>offs[6];
  termRuns = base + <usize>offs[7];
  runs = base + <usize>offs[8];
  return 0;
}

function compareBytes(a: usize, alen: i32, b: usize, blen: i32): i32 {
  const n = alen < blen ? alen : blen;
  for (let i = 0; i < n; i++) {
    const x = <i32>load<u8>(a + <usize>i), y = <i32>load<u8>(b + <usize>i);
    if (x != y) return x - y;
  }
  return alen - blen;
}

export function termPtr(t: i32): usize { return termBytes + <usize>load<u32>(termStart + (<usize>t << 2)); }
export function termLength(t: i32): i32 {
  return <i32>(load<u32>(termStart + (<usize>(t + 1) << 2)) - load<u32>(termStart + (<usize>t << 2)));
}

/** Term id of the bytes [p, p+len) in the loaded image, or -1. */
export function lookupTerm(p: usize, len: i32): i32 {
  let lo = 0, hi = numTerms - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const s = load<u32>(termStart + (<usize>mid << 2));
    const e = load<u32>(termStart + (<usize>(mid + 1) << 2));
    const c = compareBytes(termBytes + <usize>s, <i32>(e - s), p, len);
    if (c == 0) return mid;
    if (c < 0) lo = mid + 1; else hi = mid - 1;
  }
  return -1;
}

// ---- build side ----
let bDocs: i32 = 0;
let bFields: i32 = 0;
let bTerms: i32 = 0;
let hashCap: i32 = 0;
let hashSlots: usize = 0; // u32: term id + 1, 0 = empty
let arena: usize = 0; // term bytes in insertion order
let arenaLen: i32 = 0;
let arenaCap: i32 = 0;
let bTermStart: usize = 0; // u32[bTerms+1]
let bTermCap: i32 = 0;
let occ: usize = 0; // u32 triples (term, field, doc)
let occLen: i32 = 0;
let occCap: i32 = 0;
let bFieldLen: usize = 0; // u32[fields*docs]
let lastDoc: i32 = 0;
export let image: usize = 0;
export let imageLen: u32 = 0;

function fnv(p: usize, len: i32): u32 {
  let h: u32 = 0x811c9dc5;
  for (let i = 0; i < len; i++) { h ^= <u32>load<u8>(p + <usize>i); h *= 0x01000193; }
  return h;
}

function growHash(): void {
  const old = hashSlots, oldCap = hashCap;
  hashCap = oldCap > 0 ? oldCap << 1 : 1 << 14;
  hashSlots = heap.alloc(<usize>hashCap << 2);
  memory.fill(hashSlots, 0, <usize>hashCap << 2);
  for (let i = 0; i < oldCap; i++) {
    const v = load<u32>(old + (<usize>i << 2));
    if (v == 0) continue;
    const id = <i32>v - 1;
    const s = load<u32>(bTermStart + (<usize>id << 2));
    const e = load<u32>(bTermStart + (<usize>(id + 1) << 2));
    let slot = fnv(arena + <usize>s, <i32>(e - s)) & <u32>(hashCap - 1);
    while (load<u32>(hashSlots + (<usize>slot << 2)) != 0) slot = (slot + 1) & <u32>(hashCap - 1);
    store<u32>(hashSlots + (<usize>slot << 2), v);
  }
}

function intern(p: usize, len: i32): i32 {
  if ((bTerms + 1) * 2 > hashCap) growHash();
  let slot = fnv(p, len) & <u32>(hashCap - 1);
  while (true) {
    const v = load<u32>(hashSlots + (<usize>slot << 2));
    if (v == 0) break;
    const id = <i32>v - 1;
    const s = load<u32>(bTermStart + (<usize>id << 2));
    const e = load<u32>(bTermStart + (<usize>(id + 1) << 2));
    if (compareBytes(arena + <usize>s, <i32>(e - s), p, len) == 0) return id;
    slot = (slot + 1) & <u32>(hashCap - 1);
  }
  if (arenaLen + len > arenaCap) {
    arenaCap = nextCapacity(arenaCap, arenaLen + len, 1 << 16);
    arena = grow(arena, <usize>arenaCap);
  }
  if (bTerms + 2 > bTermCap) {
    bTermCap = bTermCap > 0 ? bTermCap << 1 : 1 << 14;
    bTermStart = grow(bTermStart, <usize>bTermCap << 2);
  }
  memory.copy(arena + <usize>arenaLen, p, <usize>len);
  arenaLen += len;
  const id = bTerms++;
  store<u32>(bTermStart + (<usize>id << 2), arenaLen - len);
  store<u32>(bTermStart + (<usize>bTerms << 2), arenaLen);
  store<u32>(hashSlots + (<usize>slot << 2), <u32>id + 1);
  return id;
}

export function buildReset(docs: i32, fields: i32): void {
  if (docs > MAX_DOCS) abort('too many documents for the index format');
  bDocs = docs; bFields = fields; bTerms = 0; arenaLen = 0; occLen = 0; lastDoc = 0;
  hashCap = 0;
  growHash();
  bFieldLen = heap.alloc(<usize>docs * fields * 4);
  memory.fill(bFieldLen, 0, <usize>docs * fields * 4);
}

/** Tokenizes one field text of one document (documents must be added in increasing doc order). */
export function buildAddField(doc: i32, field: i32, src: usize, len: i32): i32 {
  if (doc < lastDoc || doc >= bDocs || field < 0 || field >= bFields) return -1;
  lastDoc = doc;
  const n = tokenize(src, len);
  if (occLen + n > occCap) {
    occCap = nextCapacity(occCap, occLen + n, 1 << 16);
    occ = grow(occ, <usize>occCap * 12);
  }
  for (let i = 0; i < n; i++) {
    const s = load<u32>(tokStarts + (<usize>i << 2));
    const e = load<u32>(tokStarts + (<usize>(i + 1) << 2));
    const id = intern(tokBytes + <usize>s, <i32>(e - s));
    const at = occ + <usize>(occLen + i) * 12;
    store<u32>(at, id);
    store<u32>(at + 4, field);
    store<u32>(at + 8, doc);
  }
  occLen += n;
  const fl = bFieldLen + (<usize>(field * bDocs + doc) << 2);
  store<u32>(fl, load<u32>(fl) + <u32>n);
  return n;
}

// Sorts the u32 array `ids` (term ids) by term bytes with a bottom-up merge sort (stable, no recursion).
function sortTermIds(ids: usize, n: i32): void {
  let src = ids;
  let dst = heap.alloc(<usize>n << 2);
  const tmp0 = dst;
  for (let width = 1; width < n; width <<= 1) {
    for (let lo = 0; lo < n; lo += width << 1) {
      const mid = min(lo + width, n), hi = min(lo + (width << 1), n);
      let i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        const a = load<u32>(src + (<usize>i << 2)), b = load<u32>(src + (<usize>j << 2));
        const as = load<u32>(bTermStart + (<usize>a << 2)), ae = load<u32>(bTermStart + (<usize>(a + 1) << 2));
        const bs = load<u32>(bTermStart + (<usize>b << 2)), be = load<u32>(bTermStart + (<usize>(b + 1) << 2));
        if (compareBytes(arena + <usize>bs, <i32>(be - bs), arena + <usize>as, <i32>(ae - as)) < 0) {
          store<u32>(dst + (<usize>(k++) << 2), b); j++;
        } else {
          store<u32>(dst + (<usize>(k++) << 2), a); i++;
        }
      }
      while (i < mid) store<u32>(dst + (<usize>(k++) << 2), load<u32>(src + (<usize>(i++) << 2)));
      while (j < hi) store<u32>(dst + (<usize>(k++) << 2), load<u32>(src + (<usize>(j++) << 2)));
    }
    const t = src; src = dst; dst = t;
  }
  if (src != ids) memory.copy(ids, src, <usize>n << 2);
  heap.free(tmp0);
}

@inline function align8(x: u32): u32 { return (x + 7) & ~7; }

/** Idf used by the TF-IDF shadow: ln(N / df) + 1. */
export function tfidfIdf(df: u32): f64 {
  return Math.log(<f64>numDocs / <f64>df) + 1.0;
}

/** Finishes the build: sorted dictionary, postings, statistics; writes the image and loads it. Returns its length. */
export function buildFinish(): u32 {
  const T = bTerms, F = bFields, N = bDocs;
  const order = heap.alloc(<usize>max(T, 1) << 2);
  for (let i = 0; i < T; i++) store<u32>(order + (<usize>i << 2), i);
  sortTermIds(order, T);
  const rank = heap.alloc(<usize>max(T, 1) << 2);
  for (let i = 0; i < T; i++) store<u32>(rank + (<usize>load<u32>(order + (<usize>i << 2)) << 2), i);

  // Counting sort of occurrences by key = rank*F + field; docs stay in insertion (= increasing) order.
  const K = T * F;
  const keyStart = heap.alloc(<usize>(K + 1) << 2);
  memory.fill(keyStart, 0, <usize>(K + 1) << 2);
  for (let i = 0; i < occLen; i++) {
    const at = occ + <usize>i * 12;
    const key = <i32>load<u32>(rank + (<usize>load<u32>(at) << 2)) * F + <i32>load<u32>(at + 4);
    const p = keyStart + (<usize>(key + 1) << 2);
    store<u32>(p, load<u32>(p) + 1);
  }
  for (let k = 0; k < K; k++) {
    const p = keyStart + (<usize>(k + 1) << 2);
    store<u32>(p, load<u32>(p) + load<u32>(p - 4));
  }
  const fill = heap.alloc(<usize>max(K, 1) << 2);
  memory.copy(fill, keyStart, <usize>K << 2);
  const docsByKey = heap.alloc(<usize>max(occLen, 1) << 2);
  for (let i = 0; i < occLen; i++) {
    const at = occ + <usize>i * 12;
    const key = <i32>load<u32>(rank + (<usize>load<u32>(at) << 2)) * F + <i32>load<u32>(at + 4);
    const p = fill + (<usize>key << 2);
    const slot = load<u32>(p);
    store<u32>(docsByKey + (<usize>slot << 2), load<u32>(at + 8));
    store<u32>(p, slot + 1);
  }
  // Run-length: (doc, tf) pairs. Count first to size the image.
  let P: u32 = 0;
  for (let k = 0; k < K; k++) {
    const s = load<u32>(keyStart + (<usize>k << 2)), e = load<u32>(keyStart + (<usize>(k + 1) << 2));
    let prev: i64 = -1;
    for (let i = s; i < e; i++) {
      const d = <i64>load<u32>(docsByKey + (<usize>i << 2));
      if (d != prev) { P++; prev = d; }
    }
  }
  let R: u32 = 0;
  for (let k = 0; k < K; k++) if (load<u32>(keyStart + (<usize>(k + 1) << 2)) > load<u32>(keyStart + (<usize>k << 2))) R++;
  const offDocLen = HEADER_BYTES;
  const offAvgLen = align8(offDocLen + <u32>(F * N) * 4);
  const offDocNorm = align8(offAvgLen + <u32>F * 8);
  const offTermStart = align8(offDocNorm + <u32>(F * N) * 8);
  const offTermBytes = align8(offTermStart + <u32>(T + 1) * 4);
  const offTermPost = align8(offTermBytes + <u32>arenaLen);
  const offPostings = align8(offTermPost + <u32>(T + 1) * 4);
  const offTermRuns = align8(offPostings + P * 4);
  const offRuns = align8(offTermRuns + <u32>(T + 1) * 4);
  const total = align8(offRuns + R * 4);
  const img = heap.alloc(<usize>total);
  memory.fill(img, 0, <usize>total);
  const hdr: u32[] = [INDEX_MAGIC, INDEX_VERSION, <u32>N, <u32>F, <u32>T, P, offDocLen, offAvgLen, offDocNorm,
    offTermStart, offTermBytes, offTermPost, offPostings, total, R, offTermRuns, offRuns];
  for (let i = 0; i < hdr.length; i++) store<u32>(img + (<usize>i << 2), hdr[i]);
  memory.copy(img + <usize>offDocLen, bFieldLen, <usize>(F * N) * 4);
  for (let f = 0; f < F; f++) {
    let sum: f64 = 0;
    for (let d = 0; d < N; d++) sum += <f64>load<u32>(bFieldLen + (<usize>(f * N + d) << 2));
    store<f64>(img + <usize>offAvgLen + (<usize>f << 3), N > 0 ? sum / <f64>N : 0);
  }
  // Sorted dictionary.
  let tb: u32 = 0;
  for (let r = 0; r < T; r++) {
    const id = load<u32>(order + (<usize>r << 2));
    const s = load<u32>(bTermStart + (<usize>id << 2)), e = load<u32>(bTermStart + (<usize>(id + 1) << 2));
    store<u32>(img + <usize>offTermStart + (<usize>r << 2), tb);
    memory.copy(img + <usize>offTermBytes + <usize>tb, arena + <usize>s, <usize>(e - s));
    tb += e - s;
  }
  store<u32>(img + <usize>offTermStart + (<usize>T << 2), tb);
  // Postings, grouped by term then field; one run per (term, field) that has postings.
  let pi: u32 = 0;
  let ri: u32 = 0;
  for (let k = 0; k < K; k++) {
    if (k % F == 0) {
      store<u32>(img + <usize>offTermPost + (<usize>(k / F) << 2), pi);
      store<u32>(img + <usize>offTermRuns + (<usize>(k / F) << 2), ri);
    }
    const s = load<u32>(keyStart + (<usize>k << 2)), e = load<u32>(keyStart + (<usize>(k + 1) << 2));
    const first = pi;
    let i = s;
    while (i < e) {
      const d = load<u32>(docsByKey + (<usize>i << 2));
      let j = i + 1;
      while (j < e && load<u32>(docsByKey + (<usize>j << 2)) == d) j++;
      const tf = j - i;
      store<u32>(img + <usize>offPostings + (<usize>pi << 2), (d << 8) | (tf > 255 ? 255 : tf));
      pi++;
      i = j;
    }
    if (pi > first) store<u32>(img + <usize>offRuns + (<usize>(ri++) << 2), (<u32>(k % F) << 24) | (pi - first));
  }
  store<u32>(img + <usize>offTermPost + (<usize>T << 2), pi);
  store<u32>(img + <usize>offTermRuns + (<usize>T << 2), ri);
  loadImage(img, total);
  // TF-IDF document norms per field, accumulated in term order.
  for (let t = 0; t < T; t++) {
    let s = load<u32>(termPost + (<usize>t << 2));
    const r1 = load<u32>(termRuns + (<usize>(t + 1) << 2));
    for (let r = load<u32>(termRuns + (<usize>t << 2)); r < r1; r++) {
      const run = load<u32>(runs + (<usize>r << 2));
      const f = <i32>(run >>> 24);
      const e = s + (run & 0xffffff);
      const idf = tfidfIdf(e - s);
      for (let i = s; i < e; i++) {
        const v = load<u32>(postings + (<usize>i << 2));
        const w = (1.0 + Math.log(<f64>(v & 0xff))) * idf;
        const np = docNorm + (<usize>(f * N + <i32>(v >> 8)) << 3);
        store<f64>(np, load<f64>(np) + w * w);
      }
      s = e;
    }
  }
  for (let i = 0; i < F * N; i++) {
    const np = docNorm + (<usize>i << 3);
    store<f64>(np, Math.sqrt(load<f64>(np)));
  }
  image = img;
  imageLen = total;
  return total;
}
