// BM25 impact lists: where each term's list lives, the scratch one is gathered in, and dropping them all when the
// parameters change. Under BM25 a term's contribution to a document does not depend on the rest of the query, so each
// term is scored against the index once, the first time a query uses it (bm25.ts impactList), into a list of
// IMPACT_BYTES entries {u32 doc, u32 field bits, f64 impact} (one per document that holds the term in a weighted
// field, in first-posting order), and every later query adds the list up (bm25.ts scoreBm25): one entry per (term,
// document) instead of one posting per (term, field, document), with no arithmetic but an add.
// The lists depend on k1, b and the field weights; when any of them changes, every list is dropped (the blocks are
// kept and refilled). Lists live in blocks of at least numDocs entries, so any list fits an empty block.
import { MAX_FIELDS } from './boundary';
import { numDocs, numFields, numTerms } from './index';
import { allocZeroed } from './memory';
import { b, k1, weights } from './host';

export const IMPACT_BYTES: usize = 16;
export const IMPACT_BITS: usize = 4;
export const IMPACT_SCORE: usize = 8;
const MAX_BLOCKS: i32 = 1 << 16;
const blocks: usize = memory.data(MAX_BLOCKS << 2, 16); // u32 block addresses, allocated on demand and reused
let blockCount: i32 = 0; // blocks allocated
let blockAt: i32 = -1; // block being filled
let blockUsed: i32 = 0; // entries used in it
let blockEntries: i32 = 0;
let listAt: usize = 0; // u32[numTerms]: address of a term's list, 0 = not computed yet
let listLen: usize = 0; // u32[numTerms]
let listMasses: usize = 0; // f64[numTerms]: the term's coverage mass (bm25.ts termMass), computed with its list
let termSum: usize = 0; // f64[numDocs] scratch of one list build
let termBits: usize = 0; // u32[numDocs]
let termDocs: usize = 0; // u32[numDocs]
const listWeights: usize = memory.data(MAX_FIELDS << 3, 16);
let listK1: f64 = -1;
let listB: f64 = -1;
let listsValid: bool = false;
let listAtClear: bool = false; // listAt holds no list yet (so dropping every list needs no clearing)

/** A fresh index of n documents (the heap was reset by a build, or this is a new image) starts with no list. */
export function resetImpactLists(n: usize): void {
  const t = <usize>max(numTerms, 1);
  listAt = allocZeroed(t << 2);
  listAtClear = true;
  listLen = heap.alloc(t << 2);
  listMasses = heap.alloc(t << 3);
  termSum = allocZeroed(n << 3);
  termBits = allocZeroed(n << 2);
  termDocs = heap.alloc(n << 2);
  blockCount = 0;
  blockAt = -1;
  blockUsed = 0;
  blockEntries = max(numDocs, 1 << 16);
  listsValid = false;
}

/** Drops every impact list (benchmarks time the first-use cost with it). */
export function clearImpactLists(): void { listsValid = false; }

/** Drops every impact list unless k1, b and the field weights are the ones they were computed with. */
export function checkLists(): void {
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

/** Term t's list, or 0 when it is not computed yet. */
@inline export function listOf(t: i32): usize { return <usize>load<u32>(listAt + (<usize>t << 2)); }
/** The number of entries of term t's list. */
@inline export function listLength(t: i32): usize { return <usize>load<u32>(listLen + (<usize>t << 2)); }
/** Term t's coverage mass, stored with its list. */
@inline export function listMass(t: i32): f64 { return load<f64>(listMasses + (<usize>t << 3)); }

/**
 * Adds contribution c of the fields of bits to document d in the list being gathered, of count documents so far;
 * answers the new count.
 */
@inline export function gather(count: i32, d: usize, bits: u32, c: f64): i32 {
  const had = load<u32>(termBits + (d << 2));
  if (had == 0) store<u32>(termDocs + (<usize>(count++) << 2), <u32>d);
  store<u32>(termBits + (d << 2), had | bits);
  store<f64>(termSum + (d << 3), load<f64>(termSum + (d << 3)) + c);
  return count;
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

/** Stores the count documents gathered as term t's list, with its coverage mass, and clears the scratch; its address. */
export function storeList(t: i32, count: i32, mass: f64): usize {
  const list = listRoom(max(count, 1));
  for (let j = 0; j < count; j++) {
    const d = <usize>load<u32>(termDocs + (<usize>j << 2));
    const at = list + <usize>j * IMPACT_BYTES;
    store<u32>(at, <u32>d);
    store<u32>(at, load<u32>(termBits + (d << 2)), IMPACT_BITS);
    store<f64>(at, load<f64>(termSum + (d << 3)), IMPACT_SCORE);
    store<u32>(termBits + (d << 2), 0);
    store<f64>(termSum + (d << 3), 0);
  }
  store<u32>(listAt + (<usize>t << 2), <u32>list);
  store<u32>(listLen + (<usize>t << 2), <u32>count);
  store<f64>(listMasses + (<usize>t << 3), mass);
  return list;
}
