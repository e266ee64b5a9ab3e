// The exported WASM entry: fixed scratch buffers the host writes into, and numeric functions over them.
// The host writes UTF-8 into the input buffer, an eligibility byte per document into the mask, field weights into
// the weights buffer, calls search(), and reads fixed-stride result records from the output buffer. No strings
// cross the boundary and nothing is allocated per query.
import { tokenize, tokBytes, tokStarts, TOKENIZER_VERSION } from './tokenizer';
import { allocZeroed } from './memory';
import {
  buildAddField, buildFinish, buildReset, image, imageLen, loadImage, lookupTerm, termLength, termPtr,
  numDocs, numFields, numTerms, docLen, avgLen, termPost, postings, postingsEnd,
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
// One ACC_BYTES record per document, so accumulating touches one cache line per entry: {f64 raw score, f64 matched
// idf mass, f64 unused, i32 last query term + 1 that matched it (0 = untouched), u32 bit set of the fields
// that matched}. Per-field contributions are only computed for explain, by a second pass over the query's
// (term, field) runs for the k documents returned (fieldContributions).
const ACC_BYTES: usize = 32;
let acc: usize = 0;
let topSlot: usize = 0; // u8 per document: its rank + 1 among the returned ones, else 0
let touched: usize = 0;
let touchedLen: i32 = 0;
const top: usize = memory.data(MAX_RESULTS << 2, 16);
const topUnits: usize = memory.data(MAX_RESULTS << 3, 16); // finalUnits of top[i]

// ---- BM25 impact lists ----
// Under BM25 a term's contribution to a document does not depend on the rest of the query: it is the sum over the
// term's fields, in field order, of w_f * idf_f * tf-saturation. So each term is scored against the index once, the
// first time a query uses it, into an impact list of IMPACT_BYTES entries {u32 doc, u32 field bits, f64 impact}
// (one per document that holds the term in a weighted field, in first-posting order), and every later query adds
// the list up: one entry per (term, document) instead of one posting per (term, field, document), with no
// arithmetic but an add. A document's score is the sum over the query's terms, in term-id order, of its impacts.
// The lists depend on k1, b and the field weights; when any of them changes, every list is dropped (the blocks are
// kept and refilled). Lists live in blocks of at least numDocs entries, so any list fits an empty block.
const IMPACT_BYTES: usize = 16;
const MAX_BLOCKS: i32 = 1 << 16;
const blocks: usize = memory.data(MAX_BLOCKS << 2, 16); // u32 block addresses, allocated on demand and reused
let blockCount: i32 = 0; // blocks allocated
let blockAt: i32 = -1; // block being filled
let blockUsed: i32 = 0; // entries used in it
let blockEntries: i32 = 0;
let listAt: usize = 0; // u32[numTerms]: address of a term's list, 0 = not computed yet
let listLen: usize = 0; // u32[numTerms]
let listMass: usize = 0; // f64[numTerms]: the term's termMass(), computed with its list
let termSum: usize = 0; // f64[numDocs] scratch of one list build
let termBits: usize = 0; // u32[numDocs]
let termDocs: usize = 0; // u32[numDocs]
const listWeights: usize = memory.data(MAX_FIELDS << 3, 16);
let listK1: f64 = -1;
let listB: f64 = -1;
let listsValid: bool = false;
let listAtClear: bool = false; // listAt holds no list yet (so dropping every list needs no clearing)
let lookupsUsed: bool = false; // lookupCache holds term ids (of the index attached when they were stored)
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
/** Reserves room for an image of len bytes; the host copies it there (whole, or its head), then calls indexAttach. */
export function indexReserve(len: u32): usize {
  imageBase = heap.alloc(<usize>len);
  return imageBase;
}

/**
 * Points the query side at the image the host copied to indexReserve's address. chunkShift 0: the whole image is
 * there. Else only its head (header, field lengths and dictionary: the first headLen bytes, which must be exactly
 * where the postings start) and the postings follow chunk by chunk, on demand (see "postings residency").
 */
export function indexAttach(len: u32, headLen: u32, chunkShift: u32): i32 {
  const rc = loadImage(imageBase, len);
  if (rc != 0) return rc;
  if (numFields > MAX_FIELDS) return -8;
  if (chunkShift != 0 && (chunkShift < MIN_CHUNK_SHIFT || chunkShift > MAX_CHUNK_SHIFT || <usize>headLen != postings - imageBase)) return -10;
  allocAccumulators();
  if (chunkShift != 0) expectChunks(chunkShift);
  return 0;
}

// ---- postings residency ----
// An image attached by its head gets its postings in chunks of 1 << shift bytes (chunk c: postings bytes
// [c << shift, (c + 1) << shift), the last one shorter), each copied to its place in the image the first time a
// query needs it. search() first lists the chunks its terms' blocks lie in (every chunk, for the first TF-IDF
// search: its document norms read every block) that are still missing; when there are any, it returns NEED_CHUNKS
// before it scores anything, with the list at neededPtr(). The host copies and checks those chunks, marks each with
// chunkLoaded, and calls search again. A built image, or one attached whole, has every chunk. So a process that
// searches once copies the dictionary and a few dozen chunks of postings, not the whole image: each page of fresh
// memory touched is a page fault.
/** Also in src/engine/core.ts. */
const NEED_CHUNKS: i32 = -2;
const MIN_CHUNK_SHIFT: u32 = 8;
const MAX_CHUNK_SHIFT: u32 = 24;
let chunkShift: u32 = 0;
let chunkCount: i32 = 0;
let chunksMissing: i32 = 0;
let chunkState: usize = 0; // u8 per chunk: 0 missing, 1 resident, 2 missing and already listed by this call
let needed: usize = 0; // u32 chunk numbers
let neededLen: i32 = 0;
let termReady: usize = 0; // u8 per term: 1 once every chunk of its block is resident (one load per term after that)

/** No chunk of the attached postings is there yet. */
function expectChunks(shift: u32): void {
  chunkShift = shift;
  const span = <u32>(postingsEnd - postings);
  chunkCount = <i32>((span + (1 << shift) - 1) >> shift);
  chunksMissing = chunkCount;
  chunkState = allocZeroed(<usize>max(chunkCount, 1));
  needed = heap.alloc(<usize>max(chunkCount, 1) << 2);
  termReady = allocZeroed(<usize>max(numTerms, 1));
}

/** Lists chunk c when it is missing and not listed yet. */
@inline function need(c: i32): void {
  if (load<u8>(chunkState + <usize>c) != 0) return;
  store<u8>(chunkState + <usize>c, 2);
  store<u32>(needed + (<usize>(neededLen++) << 2), <u32>c);
}

/** Lists the missing chunks the query's m terms need (all = every missing chunk); returns how many. */
function listMissing(m: i32, all: bool): i32 {
  neededLen = 0;
  if (chunksMissing == 0) return 0;
  if (all) {
    for (let c = 0; c < chunkCount; c++) need(c);
  } else {
    const span = <u32>(postingsEnd - postings);
    for (let qi = 0; qi < m; qi++) {
      const t = load<i32>(qterms + (<usize>qi << 2));
      if (load<u8>(termReady + <usize>t) != 0) continue;
      const from = termFirstPosting(t);
      let to = termFirstPosting(t + 1);
      if (to > span) to = span;
      // A block that does not fit the postings is caught by its reader (the index is then corrupt).
      let ready = true;
      if (from < to) {
        for (let c = <i32>(from >> chunkShift); c <= <i32>((to - 1) >> chunkShift); c++) {
          if (load<u8>(chunkState + <usize>c) == 1) continue;
          ready = false;
          need(c);
        }
      }
      if (ready) store<u8>(termReady + <usize>t, 1);
    }
  }
  for (let i = 0; i < neededLen; i++) store<u8>(chunkState + <usize>load<u32>(needed + (<usize>i << 2)), 0);
  return neededLen;
}

/** The chunk numbers the last NEED_CHUNKS listed (neededCount of them, u32), or every missing one after listAllMissing. */
export function neededPtr(): usize { return needed; }
export function neededCount(): i32 { return neededLen; }
/** Lists every missing chunk (a host that hands the core out loads them all first); returns how many. */
export function listAllMissing(): i32 { return listMissing(0, true); }
/** Marks chunk c as copied into place (the host checked it). */
export function chunkLoaded(c: i32): void {
  if (c < 0 || c >= chunkCount || load<u8>(chunkState + <usize>c) != 0) return;
  store<u8>(chunkState + <usize>c, 1);
  chunksMissing--;
}

function allocAccumulators(): void {
  const n = <usize>max(numDocs, 1);
  mask = heap.alloc(n);
  memory.fill(mask, 1, n);
  mult = heap.alloc(n << 3);
  for (let i: usize = 0; i < n; i++) store<f64>(mult + (i << 3), 1.0);
  acc = allocZeroed(n * ACC_BYTES);
  topSlot = allocZeroed(n);
  touched = heap.alloc((n + 1) << 2); // +1: scoreBm25 writes a slot before it knows the document is new
  out = heap.alloc(<usize>MAX_RESULTS * <usize>(32 + (numFields << 3)));
  // The term lookups of a former index (static memory: zero until a search has filled it).
  if (lookupsUsed) memory.fill(lookupCache, 0, <usize>LOOKUP_SLOTS << 2);
  lookupsUsed = false;
  // Impact lists: a fresh index (the heap was reset by a build, or this is a new image) starts with none.
  const t = <usize>max(numTerms, 1);
  listAt = allocZeroed(t << 2);
  listAtClear = true;
  listLen = heap.alloc(t << 2);
  listMass = heap.alloc(t << 3);
  termSum = allocZeroed(n << 3);
  termBits = allocZeroed(n << 2);
  termDocs = heap.alloc(n << 2);
  blockCount = 0;
  blockAt = -1;
  blockUsed = 0;
  blockEntries = max(numDocs, 1 << 16);
  listsValid = false;
  docNorm = 0;
  // Every chunk is there unless the host attaches the head only (expectChunks).
  chunkShift = 0;
  chunkCount = 0;
  chunksMissing = 0;
  neededLen = 0;
}

/** Drops every impact list unless k1, b and the field weights are the ones they were computed with. */
function checkLists(): void {
  let same = listsValid && listK1 == k1 && listB == b;
  for (let f = 0; same && f < numFields; f++) {
    if (load<f64>(listWeights + (<usize>f << 3)) != load<f64>(weights + (<usize>f << 3))) same = false;
  }
  if (same) return;
  if (!listAtClear) memory.fill(listAt, 0, <usize>max(numTerms, 1) << 2);
  listAtClear = false;
  memory.copy(listWeights, weights, <usize>numFields << 3);
  listK1 = k1;
  listB = b;
  blockAt = -1;
  blockUsed = 0;
  listsValid = true;
}

/** Room for n entries: the current block if they fit, else the next block (reused, or allocated once). */
function listRoom(n: i32): usize {
  if (blockAt < 0 || blockUsed + n > blockEntries) {
    blockAt++;
    if (blockAt == blockCount) {
      if (blockCount == MAX_BLOCKS) unreachable();
      store<u32>(blocks + (<usize>blockCount << 2), <u32>heap.alloc(<usize>blockEntries * IMPACT_BYTES));
      blockCount++;
    }
    blockUsed = 0;
  }
  const at = <usize>load<u32>(blocks + (<usize>blockAt << 2)) + <usize>blockUsed * IMPACT_BYTES;
  blockUsed += n;
  return at;
}

/** Term t's impact list (computed on first use): its address; the length is in listLen. */
function impactList(t: i32): usize {
  const known = <usize>load<u32>(listAt + (<usize>t << 2));
  if (known != 0) return known;
  const n = <f64>numDocs;
  let count = 0;
  const runCount = readTerm(t);
  const mass = termMass();
  for (let r: u32 = 0; r < runCount; r++) {
    if (!openRun()) continue;
    const f = runField, df = runDf, w = runW;
    const avg = load<f64>(avgLen + (<usize>f << 3));
    const wIdf = w * bm25Idf(<f64>df, n);
    const bit: u32 = 1 << f;
    const fast = startRun();
    for (let i: u32 = 0; i < df; i++) {
      nextPosting(fast);
      const d = <usize>rdDoc;
      const c = contribution(0, f, <i32>d, <f64>rdTf, w, 0, wIdf, 0, avg);
      const bits = load<u32>(termBits + (d << 2));
      if (bits == 0) store<u32>(termDocs + (<usize>(count++) << 2), <u32>d);
      store<u32>(termBits + (d << 2), bits | bit);
      store<f64>(termSum + (d << 3), load<f64>(termSum + (d << 3)) + c);
    }
  }
  const list = listRoom(max(count, 1));
  for (let j = 0; j < count; j++) {
    const d = <usize>load<u32>(termDocs + (<usize>j << 2));
    const at = list + <usize>j * IMPACT_BYTES;
    store<u32>(at, <u32>d);
    store<u32>(at, load<u32>(termBits + (d << 2)), 4);
    store<f64>(at, load<f64>(termSum + (d << 3)), 8);
    store<u32>(termBits + (d << 2), 0);
    store<f64>(termSum + (d << 3), 0);
  }
  store<u32>(listAt + (<usize>t << 2), <u32>list);
  store<u32>(listLen + (<usize>t << 2), <u32>count);
  store<f64>(listMass + (<usize>t << 3), mass);
  return list;
}

/** Drops every impact list (benchmarks time the first-use cost with it). */
export function clearImpactLists(): void { listsValid = false; }

@inline function termFirstPosting(t: i32): u32 { return load<u32>(termPost + (<usize>t << 2)); }

// ---- postings reader (the varint layout of assembly/index.ts) ----
// A term's postings are read from readTerm on, run by run (openRun, then startRun and runDf nextPosting calls):
// each leaves the next (doc, tf) in rdDoc, rdTf. A posting that would read past the postings or name a document out
// of range marks the index corrupt (sticky; every search then returns -1) and reads as document 0, so no bad value
// ever addresses memory.
let rdPos: usize = 0;
let rdDoc: i32 = -1;
let rdTf: u32 = 1;
let indexCorrupt: bool = false;

/** A checked varint at rdPos (for run headers): past the blocks or over 5 bytes marks the index corrupt, reads 0. */
function readVarint(): u32 {
  let v: u32 = 0;
  let shift: u32 = 0;
  while (true) {
    if (rdPos >= postingsEnd || shift > 28) { indexCorrupt = true; return 0; }
    const byte = <u32>load<u8>(rdPos++);
    v |= (byte & 0x7f) << shift;
    if (byte < 0x80) return v;
    shift += 7;
  }
}

// The run headers of the term being read: the next one at hdrPos. termMaxDf: its largest run's posting count.
let hdrPos: usize = 0;
let termMaxDf: u32 = 0;

/**
 * Starts reading term t's block: returns its run count, leaves the postings at rdPos, the first run header at hdrPos
 * and the largest posting count of its runs in termMaxDf (the headers are walked here to find the postings anyway).
 * A block whose headers run past the blocks marks the index corrupt and reads as no runs.
 */
function readTerm(t: i32): u32 {
  rdPos = postings + <usize>termFirstPosting(t);
  const n = readVarint();
  hdrPos = rdPos;
  termMaxDf = 0;
  for (let r: u32 = 0; r < n && !indexCorrupt; r++) {
    if (rdPos >= postingsEnd) { indexCorrupt = true; break; }
    rdPos++;
    const df = readVarint();
    if (df > termMaxDf) termMaxDf = df;
  }
  return indexCorrupt ? 0 : n;
}

/** Document-level weight of the term readTerm opened, for coverage: BM25 idf of its largest per-field df. */
@inline function termMass(): f64 { return bm25Idf(<f64>termMaxDf, <f64>numDocs); }

function readPosting(): void {
  const v = readVarint();
  if (indexCorrupt) { rdDoc = 0; rdTf = 1; return; }
  rdDoc += <i32>(v >> 1) + 1;
  rdTf = 1;
  if ((v & 1) != 0) {
    if (rdPos >= postingsEnd) { indexCorrupt = true; rdDoc = 0; return; }
    rdTf = <u32>load<u8>(rdPos++);
  }
  if (<u32>rdDoc >= <u32>numDocs) { indexCorrupt = true; rdDoc = 0; }
}

/**
 * readPosting without the end checks, for a run that cannot reach the end of the postings (see fits): a posting is
 * at most 6 bytes (5 of varint, 1 of tf). The document range is still checked.
 */
@inline function readPostingFast(): void {
  let byte = <u32>load<u8>(rdPos++);
  let v = byte & 0x7f;
  let shift: u32 = 7;
  while (byte >= 0x80 && shift < 35) {
    byte = <u32>load<u8>(rdPos++);
    v |= (byte & 0x7f) << shift;
    shift += 7;
  }
  rdDoc += <i32>(v >> 1) + 1;
  rdTf = 1;
  if ((v & 1) != 0) rdTf = <u32>load<u8>(rdPos++);
  if (<u32>rdDoc >= <u32>numDocs) { indexCorrupt = true; rdDoc = 0; }
}

/** True when df postings from the read position cannot run past the postings (readPostingFast is safe). */
@inline function fits(df: u32): bool { return <u64>rdPos + <u64>df * 6 <= <u64>postingsEnd; }

/** The next posting of the open run, checked or not (fast: what startRun returned). */
@inline function nextPosting(fast: bool): void {
  if (fast) readPostingFast(); else readPosting();
}

// The run openRun opened: its field, its number of postings and the field's weight.
let runField: i32 = 0;
let runDf: u32 = 0;
let runW: f64 = 0;

/**
 * Reads the next run header of the term being read (readTerm, then one call per run, in order) into runField and
 * runDf. A field out of range or a count of 0 or above the document count marks the index corrupt.
 */
function nextHeader(): void {
  const save = rdPos;
  rdPos = hdrPos;
  runField = <i32>load<u8>(rdPos++); // readTerm checked that every header lies inside the blocks
  runDf = readVarint();
  hdrPos = rdPos;
  rdPos = save;
  if (runField >= numFields || runDf == 0 || runDf > <u32>numDocs) { indexCorrupt = true; runField = 0; runDf = 0; }
}

/**
 * Opens the next run of the term being read. A run whose field has weight 0 is read past and false returned; else
 * true, and the caller reads its runDf postings after startRun.
 */
function openRun(): bool {
  nextHeader();
  runW = load<f64>(weights + (<usize>runField << 3));
  if (runW != 0) return true;
  const fast = startRun();
  for (let i: u32 = 0; i < runDf; i++) nextPosting(fast);
  return false;
}

/** Starts the postings of the open run (their docs count from -1); true when nextPosting may skip end checks. */
@inline function startRun(): bool {
  rdDoc = -1;
  return fits(runDf);
}

// Term ids of recent query tokens, direct-mapped by a hash of their bytes (a hit is verified against the term's
// bytes, so a collision only costs the binary search it would have cost anyway).
const LOOKUP_SLOTS: i32 = 4096;
const lookupCache: usize = memory.data(LOOKUP_SLOTS << 2, 16); // term id + 1, 0 = empty

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

/** Collects the query's known term ids, sorted ascending and deduplicated (the fixed accumulation order). */
function collectTerms(qlen: i32): i32 {
  const n = tokenize(input, qlen);
  let m = 0;
  queryUnknown = 0;
  queryUnknownMass = 0;
  for (let i = 0; i < n; i++) {
    const s = load<u32>(tokStarts + (<usize>i << 2)), e = load<u32>(tokStarts + (<usize>(i + 1) << 2));
    const id = findTerm(tokBytes + <usize>s, <i32>(e - s));
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

// TF-IDF document norms (f64[numFields * numDocs], field-major), computed from the blocks on the first TF-IDF search
// over an attached index: the image does not carry them, and BM25 never reads them. Accumulated in term order, run
// by run, with the same floats the build used to store.
let docNorm: usize = 0;

function ensureDocNorm(): void {
  if (docNorm != 0) return;
  const F = numFields, N = numDocs;
  const norms = allocZeroed(<usize>max(F * N, 1) << 3);
  for (let t = 0; t < numTerms; t++) {
    const runCount = readTerm(t);
    for (let r: u32 = 0; r < runCount; r++) {
      nextHeader();
      const f = runField, df = runDf;
      const idf = tfidfIdf(df);
      const fast = startRun();
      for (let i: u32 = 0; i < df; i++) {
        nextPosting(fast);
        const x = tfidfDocWeight(<f64>rdTf, idf);
        const at = norms + (<usize>(f * N + rdDoc) << 3);
        store<f64>(at, load<f64>(at) + x * x);
      }
    }
  }
  for (let j = 0; j < F * N; j++) store<f64>(norms + (<usize>j << 3), Math.sqrt(load<f64>(norms + (<usize>j << 3))));
  docNorm = norms;
}

/**
 * One (term, field, doc) contribution: impactList, the TF-IDF loop and fieldContributions all call this, so explain's
 * per-field values are the floats the score was made of. wIdf is w * idf (BM25) and qn the field's query norm
 * (TF-IDF), both fixed per run.
 */
@inline function contribution(algorithm: i32, f: i32, d: i32, tf: f64, w: f64, idf: f64, wIdf: f64, qn: f64, avg: f64): f64 {
  if (algorithm == 1) {
    const dn = load<f64>(docNorm + (<usize>(f * numDocs + d) << 3));
    return dn > 0 && qn > 0 ? w * (idf * tfidfDocWeight(tf, idf)) / (qn * dn) : 0;
  }
  const len = <f64>load<u16>(docLen + (<usize>(f * numDocs + d) << 1));
  return wIdf * bm25Tf(tf, len, avg, k1, b);
}

/**
 * Scores every eligible document (mask byte 1 = eligible, 2 = eligible but demoted, 0 = filtered out) and writes
 * the best k as records {u32 doc, u32 bit set of matched fields, f64 score (rounded to 1e-9), f64 raw score, f64
 * matched mass, f64[fields] per-field contributions (explain != 0 only, else zeros)}. algorithm 0 = fielded BM25
 * (from the terms' impact lists), 1 = TF-IDF cosine (per posting: its query norm depends on the whole query).
 * multMax bounds the host's multipliers from above (Infinity when unknown); it only lets documents that cannot
 * reach the k-th be skipped early, never changes the result. Returns the number of records, -1 when the index
 * turned out to be corrupt (a posting out of bounds), or NEED_CHUNKS when postings it reads are not there yet.
 * Allocation-free once the query's terms have impact lists: only the touched accumulator records are reset.
 */
export function search(qlen: i32, k: i32, algorithm: i32, explain: i32, multMax: f64): i32 {
  if (k > MAX_RESULTS) k = MAX_RESULTS;
  const m = collectTerms(qlen);
  if (listMissing(m, algorithm == 1 && docNorm == 0) > 0) return NEED_CHUNKS;
  const F = numFields;
  touchedLen = 0;
  queryKnownMass = 0;
  if (algorithm == 1) scoreTfidf(m); else scoreBm25(m);
  if (indexCorrupt) { resetTouched(); return -1; }
  // Final scores once per touched document, then top k by (rounded score desc, doc asc); docs are numbered in
  // canonical-path order, so the tie-break is the doc number. The list is kept sorted by insertion; a document
  // that does not beat the current k-th is rejected with one comparison. Scores are compared as the integers
  // round(s * 1e9) (finalUnits): below 2^53 dividing by 1e9 keeps their order and ties, so the division is left to
  // the k written out.
  let count = 0;
  for (let i = 0; i < touchedLen; i++) {
    const d = <i32>load<u32>(touched + (<usize>i << 2));
    // Once k are held, a document whose raw score times the largest multiplier cannot reach the k-th is skipped:
    // coverage and demotion only shrink a score, and rounding is monotonic, so its exact units would be lower too.
    if (count == k && Math.floor(load<f64>(acc + <usize>d * ACC_BYTES) * multMax * 1e9 + 0.5) < load<f64>(topUnits + (<usize>(k - 1) << 3))) continue;
    const u = finalUnits(d);
    if (u <= 0) continue;
    if (count == k && !better(u, d, load<f64>(topUnits + (<usize>(count - 1) << 3)), load<i32>(top + (<usize>(count - 1) << 2)))) continue;
    let j = count < k ? count : k - 1;
    while (j > 0) {
      const o = load<i32>(top + (<usize>(j - 1) << 2));
      const ou = load<f64>(topUnits + (<usize>(j - 1) << 3));
      if (!better(u, d, ou, o)) break;
      store<i32>(top + (<usize>j << 2), o);
      store<f64>(topUnits + (<usize>j << 3), ou);
      j--;
    }
    store<i32>(top + (<usize>j << 2), d);
    store<f64>(topUnits + (<usize>j << 3), u);
    if (count < k) count++;
  }
  const stride = <usize>(32 + (F << 3));
  for (let r = 0; r < count; r++) {
    const d = load<i32>(top + (<usize>r << 2));
    const rec = acc + <usize>d * ACC_BYTES;
    const at = out + <usize>r * stride;
    store<u32>(at, d);
    store<u32>(at + 4, load<u32>(rec, 28));
    store<f64>(at + 8, load<f64>(topUnits + (<usize>r << 3)) / 1e9);
    store<f64>(at + 16, load<f64>(rec));
    store<f64>(at + 24, load<f64>(rec, 8));
    memory.fill(at + 32, 0, <usize>F << 3);
    store<u8>(topSlot + <usize>d, <u8>(r + 1));
  }
  if (count > 0 && explain != 0) fieldContributions(algorithm, m, stride);
  // Reset only what this query touched.
  for (let r = 0; r < count; r++) store<u8>(topSlot + <usize>load<i32>(top + (<usize>r << 2)), 0);
  resetTouched();
  return count;
}

/** Zeroes the accumulator records this query touched. */
function resetTouched(): void {
  for (let i = 0; i < touchedLen; i++) {
    const rec = acc + <usize>load<u32>(touched + (<usize>i << 2)) * ACC_BYTES;
    store<u64>(rec, 0); store<u64>(rec, 0, 8); store<u64>(rec, 0, 16); store<u64>(rec, 0, 24);
  }
}

/** Fielded BM25: each query term's impact list, in term-id order, added into the eligible documents' records. */
function scoreBm25(m: i32): void {
  checkLists();
  for (let qi = 0; qi < m; qi++) {
    const t = load<i32>(qterms + (<usize>qi << 2));
    const list = impactList(t);
    // Coverage counts single Han characters at unigramCoverage (they match almost anything); scoring does not.
    const mass = load<f64>(listMass + (<usize>t << 3)) * load<f64>(qweight + (<usize>qi << 3));
    queryKnownMass += mass;
    const len = <usize>load<u32>(listLen + (<usize>t << 2));
    for (let j: usize = 0; j < len; j++) {
      const at = list + j * IMPACT_BYTES;
      const d = <usize>load<u32>(at);
      if (load<u8>(mask + d) == 0) continue;
      const rec = acc + d * ACC_BYTES;
      // Branch-free first touch: the slot is always written, the length only grows for a new document.
      store<u32>(touched + (<usize>touchedLen << 2), <u32>d);
      touchedLen += 1 - load<i32>(rec, 24);
      store<i32>(rec, 1, 24);
      store<f64>(rec, load<f64>(rec) + load<f64>(at, 8));
      store<f64>(rec, load<f64>(rec, 8) + mass, 8);
      store<u32>(rec, load<u32>(rec, 28) | load<u32>(at, 4), 28);
    }
  }
}

/** TF-IDF cosine, per (term, field) run in that fixed order: a field's query norm depends on the whole query. */
function scoreTfidf(m: i32): void {
  const F = numFields;
  ensureDocNorm();
  memory.fill(qnorm, 0, <usize>F << 3);
  for (let qi = 0; qi < m; qi++) {
    const t = load<i32>(qterms + (<usize>qi << 2));
    const runCount = readTerm(t);
    for (let r: u32 = 0; r < runCount; r++) {
      nextHeader();
      const idf = tfidfIdf(runDf);
      const at = qnorm + (<usize>runField << 3);
      store<f64>(at, load<f64>(at) + idf * idf);
    }
  }
  for (let f = 0; f < F; f++) store<f64>(qnorm + (<usize>f << 3), Math.sqrt(load<f64>(qnorm + (<usize>f << 3))));
  for (let qi = 0; qi < m; qi++) {
    const t = load<i32>(qterms + (<usize>qi << 2));
    const runCount = readTerm(t);
    const mass = termMass() * load<f64>(qweight + (<usize>qi << 3));
    queryKnownMass += mass;
    const mark = qi + 1;
    for (let r: u32 = 0; r < runCount; r++) {
      if (!openRun()) continue;
      const f = runField, df = runDf, w = runW;
      const idf = tfidfIdf(df), qn = load<f64>(qnorm + (<usize>f << 3));
      const bit: u32 = 1 << f;
      const fast = startRun();
      for (let i: u32 = 0; i < df; i++) {
        nextPosting(fast);
        const d = rdDoc;
        if (load<u8>(mask + <usize>d) == 0) continue;
        const c = contribution(1, f, d, <f64>rdTf, w, idf, 0, qn, 0);
        const rec = acc + <usize>d * ACC_BYTES;
        const seenBy = load<i32>(rec, 24);
        if (seenBy != mark) {
          if (seenBy == 0) store<u32>(touched + (<usize>(touchedLen++) << 2), d);
          store<i32>(rec, mark, 24);
          store<f64>(rec, load<f64>(rec, 8) + mass, 8);
        }
        store<f64>(rec, load<f64>(rec) + c);
        if (c > 0) store<u32>(rec, load<u32>(rec, 28) | bit, 28);
      }
    }
  }
}


/**
 * Per-field contributions of the returned documents (explain), into their output records: the query's (term,
 * field) runs in order, a contribution computed only for the postings of a returned document. Streaming the runs
 * once (one byte lookup per posting) costs less than finding each returned document in each run by binary search.
 */
function fieldContributions(algorithm: i32, m: i32, stride: usize): void {
  const n = <f64>numDocs;
  for (let qi = 0; qi < m; qi++) {
    const t = load<i32>(qterms + (<usize>qi << 2));
    const runCount = readTerm(t);
    for (let r: u32 = 0; r < runCount; r++) {
      if (!openRun()) continue;
      const f = runField, df = runDf, w = runW;
      const avg = load<f64>(avgLen + (<usize>f << 3));
      const idf = algorithm == 1 ? tfidfIdf(df) : bm25Idf(<f64>df, n);
      const qn = algorithm == 1 ? load<f64>(qnorm + (<usize>f << 3)) : 0;
      const wIdf = w * idf;
      const fast = startRun();
      for (let i: u32 = 0; i < df; i++) {
        nextPosting(fast);
        const d = rdDoc;
        const slot = <i32>load<u8>(topSlot + <usize>d);
        if (slot == 0) continue;
        const c = contribution(algorithm, f, d, <f64>rdTf, w, idf, wIdf, qn, avg);
        const fp = out + <usize>(slot - 1) * stride + 32 + (<usize>f << 3);
        store<f64>(fp, load<f64>(fp) + c);
      }
    }
  }
}

@inline function better(sa: f64, da: i32, sb: f64, db: i32): bool {
  return sa > sb || (sa == sb && da < db);
}

/**
 * The ranking score in units of 1e-9: round(raw score x coverage^exp x the host's multiplier x the demotion when the
 * mask says so, times 1e9). The score itself is this divided by 1e9 (rounded to 1e-9).
 */
@inline function finalUnits(d: i32): f64 {
  const rec = acc + <usize>d * ACC_BYTES;
  let s = load<f64>(rec);
  if (coverageExp != 0 && queryKnownMass > 0) {
    const share = load<f64>(rec, 8) / queryKnownMass;
    s *= coverageExp == 1.0 ? share : Math.pow(share, coverageExp);
  }
  s *= load<f64>(mult + (<usize>d << 3));
  if (load<u8>(mask + <usize>d) == 2) s *= demote;
  return Math.floor(s * 1e9 + 0.5);
}
