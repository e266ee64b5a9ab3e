// The per-document accumulators a search adds into, and the top k picked from them. One ACC_BYTES record per
// document, so accumulating touches one cache line per entry: {f64 raw score, f64 matched idf mass, f64 unused, i32
// last query term + 1 that matched it (0 = untouched), u32 bit set of the fields that matched}. Only the records a
// query touched are listed (touched) and reset. The top k is by (rounded score desc, doc asc): documents are numbered
// in canonical-path order, so the tie-break is the document number. Scores are compared as the integers
// round(s * 1e9) (finalUnits): below 2^53 dividing by 1e9 keeps their order and ties, so only the k written out are
// divided.
import {
  MASK_DEMOTED, MAX_RESULTS, RECORD_CONTRIBUTIONS, RECORD_DOC, RECORD_FIELD_BITS, RECORD_MASS, RECORD_RAW, RECORD_SCORE,
} from './boundary';
import { numFields } from './index';
import { allocZeroed } from './memory';
import { coverageExp, demote, mask, mult } from './host';

const ACC_BYTES: usize = 32;
const ACC_RAW: usize = 0;
const ACC_MASS: usize = 8;
const ACC_MARK: usize = 24;
const ACC_BITS: usize = 28;
let acc: usize = 0;
/** u8 per document: its rank + 1 among the returned ones, else 0 (explain reads it). */
export let topSlot: usize = 0;
let touched: usize = 0;
let touchedLen: i32 = 0;
const top: usize = memory.data(MAX_RESULTS << 2, 16);
const topUnits: usize = memory.data(MAX_RESULTS << 3, 16); // finalUnits of top[i]
/** The result records (outPtr()), MAX_RESULTS of recordStride() bytes each. */
export let out: usize = 0;

/** The stride of a result record: the fixed part, then an f64 per field. */
@inline export function recordStride(): i32 { return RECORD_CONTRIBUTIONS + (numFields << 3); }

/** A fresh index's n documents: every record untouched. */
export function allocAccumulators(n: usize): void {
  acc = allocZeroed(n * ACC_BYTES);
  topSlot = allocZeroed(n);
  touched = heap.alloc((n + 1) << 2); // +1: addOnce writes a slot before it knows the document is new
  out = heap.alloc(<usize>MAX_RESULTS * <usize>recordStride());
}

/**
 * Adds score and mass to the record of d, which a query term reaches at most once (so the mass is added each time),
 * and marks the fields of bits. Branch-free first touch: the touched slot is always written, the count only grows
 * for a new document.
 */
@inline export function addOnce(d: usize, score: f64, mass: f64, bits: u32): void {
  addOnceUnmarked(d, score, mass);
  const rec = acc + d * ACC_BYTES;
  store<u32>(rec, load<u32>(rec, ACC_BITS) | bits, ACC_BITS);
}

/** addOnce with no field to mark (an expansion term's list): the field bit set is left as it is. */
@inline export function addOnceUnmarked(d: usize, score: f64, mass: f64): void {
  const rec = acc + d * ACC_BYTES;
  store<u32>(touched + (<usize>touchedLen << 2), <u32>d);
  touchedLen += 1 - load<i32>(rec, ACC_MARK);
  store<i32>(rec, 1, ACC_MARK);
  store<f64>(rec, load<f64>(rec, ACC_RAW) + score, ACC_RAW);
  store<f64>(rec, load<f64>(rec, ACC_MASS) + mass, ACC_MASS);
}

/**
 * Adds score to the record of d for query term mark (its index + 1), which may reach d once per field: the term's
 * mass is added on its first reach only, and the field bit only when score > 0.
 */
@inline export function addPerField(d: i32, score: f64, mass: f64, bit: u32, mark: i32): void {
  const rec = acc + <usize>d * ACC_BYTES;
  const seenBy = load<i32>(rec, ACC_MARK);
  if (seenBy != mark) {
    if (seenBy == 0) store<u32>(touched + (<usize>(touchedLen++) << 2), d);
    store<i32>(rec, mark, ACC_MARK);
    store<f64>(rec, load<f64>(rec, ACC_MASS) + mass, ACC_MASS);
  }
  store<f64>(rec, load<f64>(rec, ACC_RAW) + score, ACC_RAW);
  if (score > 0) store<u32>(rec, load<u32>(rec, ACC_BITS) | bit, ACC_BITS);
}

/** A search starts with no record touched. */
export function startAccumulating(): void { touchedLen = 0; }

/** Zeroes the records this query touched. */
export function resetTouched(): void {
  for (let i = 0; i < touchedLen; i++) {
    const rec = acc + <usize>load<u32>(touched + (<usize>i << 2)) * ACC_BYTES;
    store<u64>(rec, 0); store<u64>(rec, 0, 8); store<u64>(rec, 0, 16); store<u64>(rec, 0, 24);
  }
}

@inline function better(sa: f64, da: i32, sb: f64, db: i32): bool {
  return sa > sb || (sa == sb && da < db);
}

/**
 * The ranking score in units of 1e-9: round(raw score x coverage^exp x the host's multiplier x the demotion when the
 * mask says so, times 1e9). The score itself is this divided by 1e9 (rounded to 1e-9). knownMass: the query's idf
 * mass over its known terms.
 */
@inline function finalUnits(d: i32, knownMass: f64): f64 {
  const rec = acc + <usize>d * ACC_BYTES;
  let s = load<f64>(rec, ACC_RAW);
  if (coverageExp != 0 && knownMass > 0) {
    // Expansion terms' mass (a query word said in the catalog's words) can lift the share past 1: it counts as 1.
    const share = min(load<f64>(rec, ACC_MASS) / knownMass, 1.0);
    s *= coverageExp == 1.0 ? share : Math.pow(share, coverageExp);
  }
  s *= load<f64>(mult + (<usize>d << 3));
  if (load<u8>(mask + <usize>d) == MASK_DEMOTED) s *= demote;
  return Math.floor(s * 1e9 + 0.5);
}

/**
 * Picks the best k (at most MAX_RESULTS) of the touched records and writes them out as result records (contributions
 * zero; explain fills them), marking each one's topSlot; answers how many. The list is kept sorted by insertion, and a
 * document that does not beat the current k-th is rejected with one comparison. multMax bounds the host's
 * multipliers from above: once k are held, a document whose raw score times multMax cannot reach the k-th is skipped
 * before its exact score (coverage and demotion only shrink a score, and rounding is monotonic, so its exact units
 * would be lower too).
 */
export function writeTop(k: i32, multMax: f64, knownMass: f64): i32 {
  let count = 0;
  for (let i = 0; i < touchedLen; i++) {
    const d = <i32>load<u32>(touched + (<usize>i << 2));
    // floor(y) < u for the integer u exactly when y < u: the bound needs no rounding.
    if (count == k && load<f64>(acc + <usize>d * ACC_BYTES, ACC_RAW) * multMax * 1e9 + 0.5 < load<f64>(topUnits + (<usize>(k - 1) << 3))) continue;
    const u = finalUnits(d, knownMass);
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
  const stride = <usize>recordStride();
  for (let r = 0; r < count; r++) {
    const d = load<i32>(top + (<usize>r << 2));
    const rec = acc + <usize>d * ACC_BYTES;
    const at = out + <usize>r * stride;
    store<u32>(at + RECORD_DOC, d);
    store<u32>(at + RECORD_FIELD_BITS, load<u32>(rec, ACC_BITS));
    store<f64>(at + RECORD_SCORE, load<f64>(topUnits + (<usize>r << 3)) / 1e9);
    store<f64>(at + RECORD_RAW, load<f64>(rec, ACC_RAW));
    store<f64>(at + RECORD_MASS, load<f64>(rec, ACC_MASS));
    memory.fill(at + RECORD_CONTRIBUTIONS, 0, <usize>numFields << 3);
    store<u8>(topSlot + <usize>d, <u8>(r + 1));
  }
  return count;
}

/** Clears the topSlot marks of the count records written, and the touched records: the next search starts clean. */
export function finishTop(count: i32): void {
  for (let r = 0; r < count; r++) store<u8>(topSlot + <usize>load<i32>(top + (<usize>r << 2)), 0);
  resetTouched();
}
