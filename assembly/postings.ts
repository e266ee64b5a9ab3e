// Reading a term's block of postings (the varint layout of assembly/index.ts) through the one cursor, `cursor`:
//
//   const runs = cursor.open(t);            // or openHeaders(t): the run headers only
//   while (cursor.nextRun()) {              // cursor.field, cursor.df
//     while (cursor.next()) { ... }         // cursor.doc, cursor.tf
//   }
//
// The cursor keeps each run's postings with its header: nextRun() first reads past whatever postings of the run before
// were not read, and next() answers false after the run's df postings. A posting that would read past the postings or
// name a document out of range, or a header out of range, marks the index corrupt (cursor.corrupt, sticky: every
// search then answers SEARCH_CORRUPT), and reads as document 0, so no bad value ever addresses memory.
import { numDocs, numFields, postings, postingsEnd, termPost } from './index';

/** Where term t's block starts, in bytes from the first block (the last entry, t = numTerms, is their total length). */
@inline export function termFirstPosting(t: i32): u32 { return load<u32>(termPost + (<usize>t << 2)); }

/** Never constructed: its one instance, cursor, is static memory, all zero until the first open(). */
@final @unmanaged export class Postings {
  /** The next posting's first byte. */
  pos: usize;
  /** The next run header's first byte. */
  hdr: usize;
  /** Runs of the open term after the current one. */
  runsLeft: u32;
  /**
   * Postings of the current run not read yet (0 after openHeaders): positive when they cannot reach the end of the
   * postings, so next() reads them without end checks, negated when they may.
   */
  left: i32;
  /** The current run's field and posting count. */
  field: i32;
  df: u32;
  /** The largest posting count of the open term's runs. */
  maxDf: u32;
  /** The posting next() read. */
  doc: i32;
  tf: u32;
  /** Only the run headers are read (openHeaders). */
  headersOnly: bool;
  /** Sticky: the index is not trusted again. */
  corrupt: bool;

  /**
   * Starts term t's block: walks its run headers (the postings start after them) for maxDf, and answers the run
   * count. A block whose headers run past the blocks marks the index corrupt and reads as no runs.
   */
  open(t: i32): u32 {
    this.pos = postings + <usize>termFirstPosting(t);
    const n = this.varint();
    this.hdr = this.pos;
    this.maxDf = 0;
    for (let r: u32 = 0; r < n && !this.corrupt; r++) {
      if (this.pos >= postingsEnd) { this.corrupt = true; break; }
      this.pos++;
      const df = this.varint();
      if (df > this.maxDf) this.maxDf = df;
    }
    this.runsLeft = this.corrupt ? 0 : n;
    this.left = 0;
    this.headersOnly = false;
    return this.runsLeft;
  }

  /** open(t) for a walk over the run headers alone: next() then reads nothing. */
  openHeaders(t: i32): u32 {
    const n = this.open(t);
    this.headersOnly = true;
    return n;
  }

  /**
   * Moves to the next run (false after the last): its header into field and df, and its postings ready for next().
   * A field out of range or a count of 0 or above the document count marks the index corrupt (the run then reads as
   * field 0 with no postings).
   */
  nextRun(): bool {
    while (this.next()) {} // postings of the run before that the caller did not read
    if (this.runsLeft == 0) return false;
    this.runsLeft--;
    const save = this.pos;
    this.pos = this.hdr;
    let f = <i32>load<u8>(this.pos++); // open() checked that every header lies inside the blocks
    let df = this.varint();
    this.hdr = this.pos;
    this.pos = save;
    if (f >= numFields || df == 0 || df > <u32>numDocs) { this.corrupt = true; f = 0; df = 0; }
    this.field = f;
    this.df = df;
    this.doc = -1;
    // A posting is at most 6 bytes (5 of varint, 1 of tf).
    const fast = <u64>this.pos + <u64>df * 6 <= <u64>postingsEnd;
    this.left = this.headersOnly ? 0 : fast ? <i32>df : -<i32>df;
    return true;
  }

  /** Reads the current run's next posting into doc and tf; false when the run has none left. One load decides both. */
  @inline next(): bool {
    const left = this.left;
    if (left > 0) {
      this.left = left - 1;
      this.readFast();
      return true;
    }
    if (left == 0) return false;
    this.left = left + 1;
    this.readChecked();
    return true;
  }

  /** A checked varint at pos: past the blocks or over 5 bytes marks the index corrupt, and reads 0. */
  private varint(): u32 {
    let v: u32 = 0;
    let shift: u32 = 0;
    while (true) {
      if (this.pos >= postingsEnd || shift > 28) { this.corrupt = true; return 0; }
      const byte = <u32>load<u8>(this.pos++);
      v |= (byte & 0x7f) << shift;
      if (byte < 0x80) return v;
      shift += 7;
    }
  }

  private readChecked(): void {
    const v = this.varint();
    if (this.corrupt) { this.doc = 0; this.tf = 1; return; }
    this.doc += <i32>(v >> 1) + 1;
    this.tf = 1;
    if ((v & 1) != 0) {
      if (this.pos >= postingsEnd) { this.corrupt = true; this.doc = 0; return; }
      this.tf = <u32>load<u8>(this.pos++);
    }
    if (<u32>this.doc >= <u32>numDocs) { this.corrupt = true; this.doc = 0; }
  }

  /** readChecked without the end checks, for a run that cannot reach the end (left > 0). The document is still checked. */
  @inline private readFast(): void {
    let p = this.pos;
    let byte = <u32>load<u8>(p++);
    let v = byte & 0x7f;
    let shift: u32 = 7;
    while (byte >= 0x80 && shift < 35) {
      byte = <u32>load<u8>(p++);
      v |= (byte & 0x7f) << shift;
      shift += 7;
    }
    let doc = this.doc + <i32>(v >> 1) + 1;
    let tf: u32 = 1;
    if ((v & 1) != 0) tf = <u32>load<u8>(p++);
    if (<u32>doc >= <u32>numDocs) { this.corrupt = true; doc = 0; }
    this.pos = p;
    this.doc = doc;
    this.tf = tf;
  }
}

/** The cursor, in static memory (an index build resets the heap). */
export const cursor = changetype<Postings>(memory.data(offsetof<Postings>(), 16));
