// The inverted index: built from tokenized fields, serialized to one relocatable byte image, loaded back by pointer.
// Terms are sorted by bytes, postings are (doc, tf) pairs per (term, field) in doc order, so the image of the same
// input is the same bytes on every run.
//
// Image layout (little endian, offsets are bytes from the image start, every section 8-aligned):
//   u32 magic, u32 version, u32 numDocs, u32 numFields, u32 numTerms, u32 numPostings,
//   u32 offDocLen   (u16[numFields*numDocs], field-major, saturated at 65535),
//   u32 offAvgLen   (f64[numFields]),
//   u32 offTermStart(u32[numTerms+1] into the term bytes), u32 offTermBytes,
//   u32 offTermPost (u32[numTerms+1]: byte offset of a term's block; the last one is the blocks' total length),
//   u32 offPostings (the blocks), u32 totalLen, u32 numRuns.
// A term's block: the LEB128 varint of its run count; per run (one per field that holds the term, in field order)
// a u8 field and the varint of its posting count (df); then each run's postings, each the varint of
// (doc - previous doc - 1) << 1 | (tf > 1) and one byte min(tf, 255) when tf > 1 (the first posting's previous doc
// is -1). The TF-IDF document norms are not stored: the core computes them from the blocks on first use.
import { tokenize, tokBytes, tokStarts, tokenizerReset } from './tokenizer';
import { allocZeroed, grow, nextCapacity, resetHeap } from './memory';

export const INDEX_MAGIC: u32 = 0x49535744; // "DWSI"
export const INDEX_VERSION: u32 = 6;
/** Postings pack doc << 8 | tf into one u32: up to 16M documents, tf saturates at 255. */
export const MAX_DOCS: i32 = 1 << 24;
const HEADER_BYTES: u32 = 56;

// ---- loaded image (query side) ----
export let numDocs: i32 = 0;
export let numFields: i32 = 0;
export let numTerms: i32 = 0;
export let docLen: usize = 0;
export let avgLen: usize = 0;
let termStart: usize = 0;
let termBytes: usize = 0;
export let termPost: usize = 0;
export let postings: usize = 0;
/** The byte after the last block (decoding never reads at or past it). */
export let postingsEnd: usize = 0;

@inline function u32at(base: usize, off: u32): u32 { return load<u32>(base + <usize>off); }

/** Points the query side at an image; returns 0, or a negative code when the image is malformed. */
export function loadImage(base: usize, len: u32): i32 {
  if (len < HEADER_BYTES) return -1;
  if (u32at(base, 0) != INDEX_MAGIC) return -2;
  if (u32at(base, 4) != INDEX_VERSION) return -3;
  const nd = u32at(base, 8), nf = u32at(base, 12), nt = u32at(base, 16);
  if (u32at(base, 48) != len) return -4;
  const offs = [u32at(base, 24), u32at(base, 28), u32at(base, 32), u32at(base, 36), u32at(base, 40), u32at(base, 44)];
  for (let i = 0; i < offs.length; i++) if (offs[i] > len || (offs[i] & 7) != 0) return -5;
  if (nd > <u32>MAX_DOCS || nf > 255) return -9;
  if (<u64>offs[0] + <u64>nd * nf * 2 > <u64>len) return -6;
  if (<u64>offs[1] + <u64>nf * 8 > <u64>len) return -6;
  if (<u64>offs[2] + (<u64>nt + 1) * 4 > <u64>len) return -6;
  if (<u64>offs[4] + (<u64>nt + 1) * 4 > <u64>len) return -6;
  const pb = u32at(base + <usize>offs[4], nt << 2);
  if (<u64>offs[5] + <u64>pb > <u64>len) return -7;
  if (<u64>offs[3] + <u64>u32at(base + <usize>offs[2], nt << 2) > <u64>len) return -7;
  numDocs = nd; numFields = nf; numTerms = nt;
  docLen = base + <usize>offs[0];
  avgLen = base + <usize>offs[1];
  termStart = base + <usize>offs[2];
  termBytes = base + <usize>offs[3];
  termPost = base + <usize>offs[4];
  postings = base + <usize>offs[5];
  postingsEnd = postings + <usize>pb;
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
// Everything lives in linear memory, with no managed objects, and the per-token path touches few cache lines (the
// build is bound by memory latency; a fresh core's memory is also paid for page by page on first touch, so nothing
// is copied around):
//
// - Terms are interned in an open-addressing hash table whose slots hold {hash, term id + 1}; ids are given in
//   first-seen order and sorted by bytes once, at the end. A term record (24 bytes) carries the term's first 8
//   bytes, so a token of up to 8 bytes (most: words, Han unigrams and bigrams) is matched without its bytes.
// - Each (doc, field) text is one call. A term remembers the last call that posted it, so a repeated word raises
//   that posting's tf instead of adding one.
// - Postings are appended as (term, doc << 8 | tf) entries in fixed-size blocks (growing never copies them), and
//   the calls' fields are kept aside. The finish groups them by term rank (counting sort), then each term's
//   entries by field (stable, so docs stay ascending), straight into the image.
let bDocs: i32 = 0;
let bFields: i32 = 0;
let lastKey: i64 = -1; // doc * fields + field of the last call
let bFieldLen: usize = 0; // u32[fields*docs]
// Terms.
let bTerms: i32 = 0;
let termCap: i32 = 0;
let termSlots: usize = 0; // {u32 hash, u32 term id + 1}, 0 = empty
let arena: usize = 0; // term bytes in first-seen order
let arenaLen: i32 = 0;
let arenaCap: i32 = 0;
// Term records of TERM_BYTES: {u64 first 8 bytes (little endian, zero-padded), u32 arena offset, u32 length,
// u32 last call + 1, u32 that call's entry, u64 mask of the fields that hold the term}.
const TERM_BYTES: usize = 32;
/** The build tracks a term's fields in a u64 mask (the query side takes at most 32 fields anyway). */
const MAX_BUILD_FIELDS: i32 = 64;
let bTermRecs: usize = 0;
let bTermCap: i32 = 0;
// Calls: u32 field and u32 first entry of each buildAddField call.
let calls: usize = 0;
let callCount: i32 = 0;
let callCap: i32 = 0;
// Posting entries, 8 bytes each ({u32 term, u32 doc << 8 | tf}), in blocks of BLOCK_ENTRIES.
const BLOCK_SHIFT: i32 = 16;
const BLOCK_ENTRIES: i32 = 1 << BLOCK_SHIFT;
let blocks: usize = 0; // usize[] of block pointers
let blockCap: i32 = 0;
let entryCount: i32 = 0;
export let image: usize = 0;
export let imageLen: u32 = 0;

/** A slot index from an FNV hash: its low bits only mix the bytes' low bits, so fold the high half in. */
@inline function slotOf(h: u32, m: u32): u32 { return (h ^ (h >>> 15)) & m; }

@inline function sameBytes(a: usize, b: usize, len: i32): bool {
  let i = 0;
  for (; i + 8 <= len; i += 8) if (load<u64>(a + <usize>i) != load<u64>(b + <usize>i)) return false;
  for (; i < len; i++) if (load<u8>(a + <usize>i) != load<u8>(b + <usize>i)) return false;
  return true;
}

/** A zeroed table of cap {hash, value} slots. */
@inline function newSlots(cap: i32): usize { return allocZeroed(<usize>cap << 3); }

/** Doubles the term table; the old one is garbage (the stub allocator never frees; growth is geometric). */
function growTermSlots(): void {
  const old = termSlots, oldCap = termCap;
  termCap = oldCap << 1;
  termSlots = newSlots(termCap);
  const m = <u32>(termCap - 1);
  for (let i = 0; i < oldCap; i++) {
    const at = old + (<usize>i << 3);
    const v = load<u32>(at, 4);
    if (v == 0) continue;
    const h = load<u32>(at);
    let slot = slotOf(h, m);
    while (load<u32>(termSlots + (<usize>slot << 3), 4) != 0) slot = (slot + 1) & m;
    store<u32>(termSlots + (<usize>slot << 3), h);
    store<u32>(termSlots + (<usize>slot << 3), v, 4);
  }
}

@inline function termRec(id: i32): usize { return bTermRecs + <usize>id * TERM_BYTES; }
@inline function termStartOf(id: i32): u32 { return load<u32>(termRec(id), 8); }
@inline function termLenOf(id: i32): i32 { return <i32>load<u32>(termRec(id), 12); }

/**
 * Term id of the token [p, p+len), added when new. The token's first 8 bytes are read as one word (tokenize leaves
 * room past the last token), the rest byte by byte, and mixed by multiplication: only the table's layout depends on
 * the hash, never the image.
 */
function intern(p: usize, len: i32): i32 {
  if ((bTerms + 1) * 2 > termCap) growTermSlots();
  let key = load<u64>(p);
  if (len < 8) key &= (<u64>1 << (<u64>len << 3)) - 1;
  let x: u64 = key ^ (<u64>len << 59);
  for (let i = 8; i < len; i++) x = (x ^ <u64>load<u8>(p + <usize>i)) * 0x100000001b3;
  const h = <u32>((x * 0x9e3779b97f4a7c15) >> 32);
  const m = <u32>(termCap - 1);
  let slot = slotOf(h, m);
  while (true) {
    const at = termSlots + (<usize>slot << 3);
    const v = load<u32>(at, 4);
    if (v == 0) break;
    if (load<u32>(at) == h) {
      const rec = termRec(<i32>v - 1);
      if (load<u64>(rec) == key && <i32>load<u32>(rec, 12) == len &&
        (len <= 8 || sameBytes(arena + <usize>load<u32>(rec, 8) + 8, p + 8, len - 8))) return <i32>v - 1;
    }
    slot = (slot + 1) & m;
  }
  if (arenaLen + len > arenaCap) {
    arenaCap = nextCapacity(arenaCap, arenaLen + len, 1 << 16);
    arena = grow(arena, <usize>arenaCap);
  }
  if (bTerms == bTermCap) {
    bTermCap = bTermCap > 0 ? bTermCap << 1 : 1 << 14;
    bTermRecs = grow(bTermRecs, <usize>bTermCap * TERM_BYTES);
  }
  memory.copy(arena + <usize>arenaLen, p, <usize>len);
  const id = bTerms++;
  const rec = termRec(id);
  store<u64>(rec, key);
  store<u32>(rec, arenaLen, 8);
  store<u32>(rec, len, 12);
  store<u32>(rec, 0, 16);
  store<u32>(rec, 0, 20);
  store<u64>(rec, 0, 24);
  arenaLen += len;
  store<u32>(termSlots + (<usize>slot << 3), h);
  store<u32>(termSlots + (<usize>slot << 3), <u32>id + 1, 4);
  return id;
}

@inline function entryAt(i: i32): usize {
  return load<usize>(blocks + (<usize>(i >>> BLOCK_SHIFT) << alignof<usize>())) + (<usize>(i & (BLOCK_ENTRIES - 1)) << 3);
}

/**
 * Starts a build. The whole heap is reset first: a build replaces whatever index the core had (the host copies an
 * image out before the next build), and a core that builds again reuses the memory it already touched instead of
 * growing into fresh pages. Fixed buffers are static memory (memory.data), so they survive.
 */
export function buildReset(docs: i32, fields: i32): void {
  if (docs > MAX_DOCS) abort('too many documents for the index format');
  if (fields < 1 || fields > MAX_BUILD_FIELDS) abort('the index build takes 1 to 64 fields');
  resetHeap();
  tokenizerReset();
  numDocs = 0; numFields = 0; numTerms = 0; image = 0; imageLen = 0;
  arena = 0; arenaCap = 0; bTermRecs = 0; bTermCap = 0; calls = 0; callCap = 0; blocks = 0; blockCap = 0;
  bDocs = docs; bFields = fields; bTerms = 0; arenaLen = 0; lastKey = -1; callCount = 0; entryCount = 0;
  termCap = 1 << 14; termSlots = newSlots(termCap);
  bFieldLen = allocZeroed(<usize>docs * fields * 4);
}

/**
 * Tokenizes one field text of one document. Calls come in increasing (doc, field) order, each pair at most once
 * (returns -1 otherwise); the postings of a (term, field) then come out in increasing doc order.
 */
export function buildAddField(doc: i32, field: i32, src: usize, len: i32): i32 {
  if (doc < 0 || doc >= bDocs || field < 0 || field >= bFields) return -1;
  const k = <i64>doc * bFields + field;
  if (k <= lastKey) return -1;
  lastKey = k;
  const n = tokenize(src, len);
  if (callCount == callCap) {
    callCap = callCap > 0 ? callCap << 1 : 1 << 12;
    calls = grow(calls, <usize>callCap << 3);
  }
  store<u32>(calls + (<usize>callCount << 3), field);
  store<u32>(calls + (<usize>callCount << 3), entryCount, 4);
  const mark = <u32>++callCount;
  const posting = (<u32>doc << 8) | 1;
  for (let i = 0; i < n; i++) {
    const s = load<u32>(tokStarts + (<usize>i << 2));
    const e = load<u32>(tokStarts + (<usize>(i + 1) << 2));
    const t = intern(tokBytes + <usize>s, <i32>(e - s));
    const rec = termRec(t);
    if (load<u32>(rec, 16) == mark) {
      // The word again in this text: tf + 1, saturating at 255.
      const ent = entryAt(<i32>load<u32>(rec, 20));
      const v = load<u32>(ent, 4);
      if ((v & 0xff) < 255) store<u32>(ent, v + 1, 4);
      continue;
    }
    const idx = entryCount++;
    if ((idx & (BLOCK_ENTRIES - 1)) == 0) newBlock(idx >>> BLOCK_SHIFT);
    const ent = entryAt(idx);
    store<u32>(ent, <u32>t);
    store<u32>(ent, posting, 4);
    store<u32>(rec, mark, 16);
    store<u32>(rec, <u32>idx, 20);
    store<u64>(rec, load<u64>(rec, 24) | (<u64>1 << <u64>field), 24);
  }
  const fl = bFieldLen + (<usize>(field * bDocs + doc) << 2);
  store<u32>(fl, load<u32>(fl) + <u32>n);
  return n;
}

function newBlock(b: i32): void {
  if (b >= blockCap) {
    blockCap = blockCap > 0 ? blockCap << 1 : 64;
    blocks = grow(blocks, <usize>blockCap << alignof<usize>());
  }
  store<usize>(blocks + (<usize>b << alignof<usize>()), heap.alloc(<usize>BLOCK_ENTRIES << 3));
}

/** The first 8 bytes of a term, big-endian and zero-padded: comparing keys compares those bytes. */
@inline function termKey(id: i32): u64 { return bswap<u64>(load<u64>(termRec(id))); }

@inline function termLess(a: u32, ka: u64, b: u32, kb: u64): bool {
  if (ka != kb) return ka < kb;
  return compareBytes(arena + <usize>termStartOf(a), termLenOf(a), arena + <usize>termStartOf(b), termLenOf(b)) < 0;
}

// Sorts term ids by their bytes: a bottom-up merge sort (no recursion) of (key, id) pairs that compares the
// 8-byte prefix keys and reads the term bytes only when two prefixes are equal. Terms are distinct, so no ties.
function sortTermIds(ids: usize, n: i32): void {
  let srcK = heap.alloc(<usize>max(n, 1) << 3), dstK = heap.alloc(<usize>max(n, 1) << 3);
  let src = ids, dst = heap.alloc(<usize>max(n, 1) << 2);
  for (let i = 0; i < n; i++) store<u64>(srcK + (<usize>i << 3), termKey(<i32>load<u32>(ids + (<usize>i << 2))));
  for (let width = 1; width < n; width <<= 1) {
    for (let lo = 0; lo < n; lo += width << 1) {
      const mid = min(lo + width, n), hi = min(lo + (width << 1), n);
      let i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        const a = load<u32>(src + (<usize>i << 2)), b = load<u32>(src + (<usize>j << 2));
        const ka = load<u64>(srcK + (<usize>i << 3)), kb = load<u64>(srcK + (<usize>j << 3));
        if (termLess(b, kb, a, ka)) {
          store<u32>(dst + (<usize>k << 2), b); store<u64>(dstK + (<usize>k << 3), kb); j++;
        } else {
          store<u32>(dst + (<usize>k << 2), a); store<u64>(dstK + (<usize>k << 3), ka); i++;
        }
        k++;
      }
      if (i < mid) {
        memory.copy(dst + (<usize>k << 2), src + (<usize>i << 2), <usize>(mid - i) << 2);
        memory.copy(dstK + (<usize>k << 3), srcK + (<usize>i << 3), <usize>(mid - i) << 3);
      } else if (j < hi) {
        memory.copy(dst + (<usize>k << 2), src + (<usize>j << 2), <usize>(hi - j) << 2);
        memory.copy(dstK + (<usize>k << 3), srcK + (<usize>j << 3), <usize>(hi - j) << 3);
      }
    }
    let t = src; src = dst; dst = t;
    t = srcK; srcK = dstK; dstK = t;
  }
  if (src != ids) memory.copy(ids, src, <usize>n << 2);
}

@inline function align8(x: u32): u32 { return (x + 7) & ~7; }

/** Bytes of x as a LEB128 varint (7 bits per byte, low first). */
@inline function varintLength(x: u32): u32 { return x < 0x80 ? 1 : x < 0x4000 ? 2 : x < 0x200000 ? 3 : x < 0x10000000 ? 4 : 5; }

/** Writes x as a LEB128 varint at w; returns the byte after it. */
function putVarint(w: usize, x: u32): usize {
  while (x >= 0x80) {
    store<u8>(w++, <u8>(x | 0x80));
    x >>= 7;
  }
  store<u8>(w++, <u8>x);
  return w;
}

/** Writes x as a varint at w when write, else only counts its bytes; returns the byte after it either way. */
@inline function emitVarint(w: usize, x: u32, write: bool): usize {
  return write ? putVarint(w, x) : w + <usize>varintLength(x);
}

/**
 * Every term's block, in rank order: the varint of its run count, each run's header (u8 field, varint df), then each
 * run's postings, per doc the varint of (gap to the previous doc - 1) << 1 | (tf > 1) and the tf byte when tf > 1.
 * write: the bytes go to w; else only counted (w = 0 gives the total), with each block's offset stored in termPost.
 * Returns the byte after the last block. Inlined, so each call's `write` is a constant the optimizer folds away.
 */
@inline function writeBlocks(w: usize, write: bool, T: i32, termFirst: usize, termRuns: usize, runs: usize, raw: usize, termPost: usize): usize {
  for (let r = 0; r < T; r++) {
    if (!write) store<u32>(termPost + (<usize>r << 2), <u32>w);
    let i = load<u32>(termFirst + (<usize>r << 2));
    const q0 = load<u32>(termRuns + (<usize>r << 2)), q1 = load<u32>(termRuns + (<usize>(r + 1) << 2));
    w = emitVarint(w, q1 - q0, write);
    for (let q = q0; q < q1; q++) {
      const run = load<u32>(runs + (<usize>q << 2));
      if (write) store<u8>(w, <u8>(run >>> 24));
      w = emitVarint(w + 1, run & 0xffffff, write);
    }
    for (let q = q0; q < q1; q++) {
      const e = i + (load<u32>(runs + (<usize>q << 2)) & 0xffffff);
      let prev: i32 = -1;
      for (; i < e; i++) {
        const v = load<u32>(raw + (<usize>i << 2));
        const d = <i32>(v >> 8);
        const tf = v & 0xff;
        w = emitVarint(w, (<u32>(d - prev - 1) << 1) | (tf > 1 ? 1 : 0), write);
        if (tf > 1) {
          if (write) store<u8>(w, <u8>tf);
          w++;
        }
        prev = d;
      }
    }
  }
  if (!write) store<u32>(termPost + (<usize>T << 2), <u32>w);
  return w;
}

/** Finishes the build: sorted dictionary, postings, statistics; writes the image and loads it. Returns its length. */
export function buildFinish(): u32 {
  const T = bTerms, F = bFields, N = bDocs, E = entryCount, C = callCount;
  const order = heap.alloc(<usize>max(T, 1) << 2);
  for (let i = 0; i < T; i++) store<u32>(order + (<usize>i << 2), i);
  sortTermIds(order, T);
  const rank = heap.alloc(<usize>max(T, 1) << 2);
  for (let r = 0; r < T; r++) store<u32>(rank + (<usize>load<u32>(order + (<usize>r << 2)) << 2), r);

  // Every entry is one posting (a term is posted once per call, and a (doc, field) is one call); every field bit
  // of a term is one run.
  const P = <u32>E;
  let R: u32 = 0;
  for (let t = 0; t < T; t++) R += <u32>popcnt(load<u64>(termRec(t), 24));
  // A term's postings start where the entries of the terms before it (by rank) end.
  const termFirst = allocZeroed(<usize>(T + 1) << 2);
  for (let i = 0; i < E; i++) {
    const at = termFirst + (<usize>(load<u32>(rank + (<usize>load<u32>(entryAt(i)) << 2)) + 1) << 2);
    store<u32>(at, load<u32>(at) + 1);
  }
  for (let r = 0; r < T; r++) {
    const at = termFirst + (<usize>(r + 1) << 2);
    store<u32>(at, load<u32>(at) + load<u32>(at - 4));
  }

  // Scatter the entries, call by call (so in doc order), to their term's postings, with each one's field aside.
  const raw = heap.alloc(<usize>max(E, 1) << 2); // u32 doc << 8 | tf, grouped by term rank
  const entryField = heap.alloc(<usize>max(E, 1));
  const fill = heap.alloc(<usize>max(T, 1) << 2);
  memory.copy(fill, termFirst, <usize>T << 2);
  for (let c = 0; c < C; c++) {
    const f = <u8>load<u32>(calls + (<usize>c << 3));
    const e1 = c + 1 < C ? <i32>load<u32>(calls + (<usize>(c + 1) << 3), 4) : E;
    for (let i = <i32>load<u32>(calls + (<usize>c << 3), 4); i < e1; i++) {
      const ent = entryAt(i);
      const fp = fill + (<usize>load<u32>(rank + (<usize>load<u32>(ent) << 2)) << 2);
      const slot = load<u32>(fp);
      store<u32>(fp, slot + 1);
      store<u32>(raw + (<usize>slot << 2), load<u32>(ent, 4));
      store<u8>(entryField + <usize>slot, f);
    }
  }

  // Each term's postings grouped by field (stable, so docs stay ascending within a run), its runs in field order.
  const tRuns = heap.alloc(<usize>max(R, 1) << 2);
  const tTermRuns = heap.alloc(<usize>(T + 1) << 2);
  const fieldAt = allocZeroed(<usize>MAX_BUILD_FIELDS << 2);
  const tmp = heap.alloc(<usize>max(E, 1) << 2);
  let ri: u32 = 0;
  for (let r = 0; r < T; r++) {
    const id = <i32>load<u32>(order + (<usize>r << 2));
    const b0 = load<u32>(termFirst + (<usize>r << 2)), b1 = load<u32>(termFirst + (<usize>(r + 1) << 2));
    store<u32>(tTermRuns + (<usize>r << 2), ri);
    let mask = load<u64>(termRec(id), 24);
    if (popcnt(mask) == 1) {
      store<u32>(tRuns + (<usize>(ri++) << 2), (<u32>ctz(mask) << 24) | (b1 - b0));
      continue;
    }
    // Several fields: counting sort of [b0, b1) by field.
    for (let i = b0; i < b1; i++) {
      const fa = fieldAt + (<usize>load<u8>(entryField + <usize>i) << 2);
      store<u32>(fa, load<u32>(fa) + 1);
    }
    let at = b0;
    while (mask != 0) {
      const f = <u32>ctz(mask);
      mask &= mask - 1;
      const fa = fieldAt + (<usize>f << 2);
      const count = load<u32>(fa);
      store<u32>(tRuns + (<usize>(ri++) << 2), (f << 24) | count);
      store<u32>(fa, at - b0);
      at += count;
    }
    memory.copy(tmp, raw + (<usize>b0 << 2), <usize>(b1 - b0) << 2);
    for (let i = b0; i < b1; i++) {
      const fa = fieldAt + (<usize>load<u8>(entryField + <usize>i) << 2);
      const slot = load<u32>(fa);
      store<u32>(fa, slot + 1);
      store<u32>(raw + (<usize>(b0 + slot) << 2), load<u32>(tmp + (<usize>(i - b0) << 2)));
    }
    // fieldAt back to zeros for the next term
    mask = load<u64>(termRec(id), 24);
    while (mask != 0) { store<u32>(fieldAt + (<usize>ctz(mask) << 2), 0); mask &= mask - 1; }
  }
  store<u32>(tTermRuns + (<usize>T << 2), ri);

  // The blocks' size first (writeBlocks counting only), which also gives each term's block offset.
  const tTermPost = heap.alloc(<usize>(T + 1) << 2);
  const pb = <u32>writeBlocks(0, false, T, termFirst, tTermRuns, tRuns, raw, tTermPost);

  const offDocLen = HEADER_BYTES;
  const offAvgLen = align8(offDocLen + <u32>(F * N) * 2);
  const offTermStart = align8(offAvgLen + <u32>F * 8);
  const offTermBytes = align8(offTermStart + <u32>(T + 1) * 4);
  const offTermPost = align8(offTermBytes + <u32>arenaLen);
  const offPostings = align8(offTermPost + <u32>(T + 1) * 4);
  const total = align8(offPostings + pb);
  const img = allocZeroed(<usize>total);
  const hdr: u32[] = [INDEX_MAGIC, INDEX_VERSION, <u32>N, <u32>F, <u32>T, P, offDocLen, offAvgLen,
    offTermStart, offTermBytes, offTermPost, offPostings, total, R];
  for (let i = 0; i < hdr.length; i++) store<u32>(img + (<usize>i << 2), hdr[i]);
  // Field lengths as u16 (saturated: BM25 treats a field of 65535 tokens or more as that long), the averages from
  // the same values.
  for (let j = 0; j < F * N; j++) {
    const len = load<u32>(bFieldLen + (<usize>j << 2));
    store<u16>(img + <usize>offDocLen + (<usize>j << 1), <u16>(len > 0xffff ? 0xffff : len));
  }
  for (let f = 0; f < F; f++) {
    let sum: f64 = 0;
    for (let d = 0; d < N; d++) sum += <f64>load<u16>(img + <usize>offDocLen + (<usize>(f * N + d) << 1));
    store<f64>(img + <usize>offAvgLen + (<usize>f << 3), N > 0 ? sum / <f64>N : 0);
  }
  // Sorted dictionary, then each term's block.
  const iTermStart = img + <usize>offTermStart;
  let tb: u32 = 0;
  for (let r = 0; r < T; r++) {
    const id = <i32>load<u32>(order + (<usize>r << 2));
    const len = <u32>termLenOf(id);
    store<u32>(iTermStart + (<usize>r << 2), tb);
    memory.copy(img + <usize>offTermBytes + <usize>tb, arena + <usize>termStartOf(id), <usize>len);
    tb += len;
  }
  store<u32>(iTermStart + (<usize>T << 2), tb);
  memory.copy(img + <usize>offTermPost, tTermPost, <usize>(T + 1) << 2);
  writeBlocks(img + <usize>offPostings, true, T, termFirst, tTermRuns, tRuns, raw, 0);
  loadImage(img, total);
  image = img;
  imageLen = total;
  return total;
}
