// Which postings of the attached image are in memory. A loader reserves the image's room (indexReserve), copies the
// head there (header, field lengths and dictionary: the bytes before the postings) or the whole image, and attaches
// it (attachImage). An image attached by its head gets its postings in chunks of 1 << shift bytes (chunk c: postings
// bytes [c << shift, (c + 1) << shift), the last one shorter), each copied to its place the first time a query needs
// it: search() first lists the chunks its terms' blocks lie in (every chunk, for the first TF-IDF search: its
// document norms read every block) that are still missing, and when there are any it answers NEED_CHUNKS before it
// scores anything, with the list at neededPtr(). The host copies and checks those chunks, marks each with
// chunkLoaded, and calls search again. A built image, or one attached whole, has every chunk. So a process that
// searches once copies the dictionary and a few dozen chunks of postings, not the whole image: each page of fresh
// memory touched is a page fault.
import { MAX_CHUNK_SHIFT, MAX_FIELDS, MIN_CHUNK_SHIFT } from './boundary';
import { loadImage, numFields, numTerms, postings, postingsEnd } from './index';
import { allocZeroed } from './memory';
import { termFirstPosting } from './postings';

let imageBase: usize = 0;
let chunkShift: u32 = 0;
let chunkCount: i32 = 0;
let chunksMissing: i32 = 0;
let chunkState: usize = 0; // u8 per chunk: 0 missing, 1 resident, 2 missing and already listed by this call
let needed: usize = 0; // u32 chunk numbers
let neededLen: i32 = 0;
let termReady: usize = 0; // u8 per term: 1 once every chunk of its block is resident (one load per term after that)

/** Reserves room for an image of len bytes; the host copies it there (whole, or its head), then attaches it. */
export function indexReserve(len: u32): usize {
  imageBase = heap.alloc(<usize>len);
  return imageBase;
}

/**
 * Points the query side at the image the host copied to indexReserve's address: 0, or the negative code of what is
 * wrong with it. shift 0: the whole image is there. Else only its head, whose headLen bytes must end exactly
 * where the postings start; expectChunks then marks the postings missing.
 */
export function attachImage(len: u32, headLen: u32, shift: u32): i32 {
  const rc = loadImage(imageBase, len);
  if (rc != 0) return rc;
  if (numFields > MAX_FIELDS) return -8;
  if (shift != 0 && (shift < <u32>MIN_CHUNK_SHIFT || shift > <u32>MAX_CHUNK_SHIFT || <usize>headLen != postings - imageBase)) return -10;
  return 0;
}

/** Every chunk is there (a built image, or one attached whole); a fresh index starts so. */
export function resetResidency(): void {
  chunkShift = 0;
  chunkCount = 0;
  chunksMissing = 0;
  neededLen = 0;
}

/** No chunk of the attached postings is there yet. */
export function expectChunks(shift: u32): void {
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

/** Lists the missing chunks the m term ids at terms (i32) need, or (all) every missing chunk; answers how many. */
export function listMissing(terms: usize, m: i32, all: bool): i32 {
  neededLen = 0;
  if (chunksMissing == 0) return 0;
  if (all) {
    for (let c = 0; c < chunkCount; c++) need(c);
  } else {
    const span = <u32>(postingsEnd - postings);
    for (let qi = 0; qi < m; qi++) {
      const t = load<i32>(terms + (<usize>qi << 2));
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

/** The chunk numbers (u32) the last listMissing listed, neededCount() of them. */
export function neededPtr(): usize { return needed; }
export function neededCount(): i32 { return neededLen; }
/** Lists every missing chunk (a host that hands the core out loads them all first); answers how many. */
export function listAllMissing(): i32 { return listMissing(0, 0, true); }

/** Marks chunk c as copied into place (the host checked it). */
export function chunkLoaded(c: i32): void {
  if (c < 0 || c >= chunkCount || load<u8>(chunkState + <usize>c) != 0) return;
  store<u8>(chunkState + <usize>c, 1);
  chunksMissing--;
}
