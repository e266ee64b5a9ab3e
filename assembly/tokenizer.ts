// The tokenizer: UTF-8 text in, normalized tokens out. The same code splits catalog text at build time and queries
// at search time, so documents and queries can never disagree on how a word is cut.
//
// Normalization (deterministic, no host calls): full-width ASCII and the ideographic space fold to ASCII, ASCII is
// lowercased, traditional Han characters fold to simplified through the table in fold.ts.
// Splitting: identifier runs ([a-z0-9] joined by . _ -) are kept whole and also split on . _ - and camelCase, English
// parts get a light plural stemmer; Han runs emit unigrams and bigrams; "@" (mention) is a token of its own.
// Everything else separates. No stopwords.
import { foldHan } from './fold';
import { grow, nextCapacity } from './memory';

export const TOKENIZER_VERSION: i32 = 5;
export const MAX_TOKEN_BYTES: i32 = 64;

// Decoded code points of the current text (case kept for camelCase), grown on demand.
let cps: usize = 0;
let cpsCap: i32 = 0;
let cpsLen: i32 = 0;

// Token output: bytes plus start offsets (tokStarts[i]..tokStarts[i+1]).
export let tokBytes: usize = 0;
let tokBytesCap: i32 = 0;
export let tokStarts: usize = 0;
let tokStartsCap: i32 = 0;
export let tokCount: i32 = 0;
let tokEnd: i32 = 0;

// A scratch word for one identifier part while it is lowercased and stemmed.
const WORD_CAP: i32 = 256;
const word: usize = memory.data(WORD_CAP, 16); // static: survives the heap reset of an index build

/** Forgets the growable buffers (their memory is gone after a heap reset); they are allocated again on use. */
export function tokenizerReset(): void {
  cps = 0; cpsCap = 0; cpsLen = 0;
  tokBytes = 0; tokBytesCap = 0;
  tokStarts = 0; tokStartsCap = 0;
  tokCount = 0; tokEnd = 0;
}

function ensureCps(n: i32): void {
  if (n <= cpsCap) return;
  cpsCap = nextCapacity(cpsCap, n, 1024);
  cps = grow(cps, <usize>cpsCap << 2);
}

function ensureTokBytes(n: i32): void {
  if (n <= tokBytesCap) return;
  tokBytesCap = nextCapacity(tokBytesCap, n, 4096);
  tokBytes = grow(tokBytes, <usize>tokBytesCap);
}

function ensureTokStarts(n: i32): void {
  if (n <= tokStartsCap) return;
  tokStartsCap = nextCapacity(tokStartsCap, n, 1024);
  tokStarts = grow(tokStarts, <usize>tokStartsCap << 2);
}

@inline function cpAt(i: i32): u32 {
  return load<u32>(cps + (<usize>i << 2));
}

function fold(c: u32): u32 {
  if (c >= 0xff01 && c <= 0xff5e) return c - 0xfee0; // full-width ASCII
  if (c == 0x3000) return 0x20; // ideographic space
  if (c >= 0x3400) return foldHan(c);
  return c;
}

/** Decodes UTF-8 at src into folded code points. Malformed sequences become U+FFFD (a separator). */
function decode(src: usize, len: i32): void {
  ensureCps(len + 1);
  let n = 0;
  let i = 0;
  while (i < len) {
    const b0 = <u32>load<u8>(src + <usize>i);
    let c: u32 = 0xfffd;
    let size = 1;
    if (b0 < 0x80) {
      c = b0;
    } else if (b0 >= 0xc2 && b0 < 0xe0 && i + 1 < len) {
      const b1 = <u32>load<u8>(src + <usize>i + 1);
      if ((b1 & 0xc0) == 0x80) { c = ((b0 & 0x1f) << 6) | (b1 & 0x3f); size = 2; }
    } else if (b0 >= 0xe0 && b0 < 0xf0 && i + 2 < len) {
      const b1 = <u32>load<u8>(src + <usize>i + 1);
      const b2 = <u32>load<u8>(src + <usize>i + 2);
      if ((b1 & 0xc0) == 0x80 && (b2 & 0xc0) == 0x80) {
        const v = ((b0 & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
        if (v >= 0x800 && (v < 0xd800 || v > 0xdfff)) { c = v; size = 3; }
      }
    } else if (b0 >= 0xf0 && b0 < 0xf5 && i + 3 < len) {
      const b1 = <u32>load<u8>(src + <usize>i + 1);
      const b2 = <u32>load<u8>(src + <usize>i + 2);
      const b3 = <u32>load<u8>(src + <usize>i + 3);
      if ((b1 & 0xc0) == 0x80 && (b2 & 0xc0) == 0x80 && (b3 & 0xc0) == 0x80) {
        const v = ((b0 & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f);
        if (v >= 0x10000 && v <= 0x10ffff) { c = v; size = 4; }
      }
    }
    store<u32>(cps + (<usize>n << 2), fold(c));
    n++;
    i += size;
  }
  cpsLen = n;
}

@inline function isUpper(c: u32): bool { return c >= 0x41 && c <= 0x5a; }
@inline function isLower(c: u32): bool { return c >= 0x61 && c <= 0x7a; }
@inline function isDigit(c: u32): bool { return c >= 0x30 && c <= 0x39; }
@inline function isWord(c: u32): bool { return isLower(c) || isUpper(c) || isDigit(c); }
@inline function isJoiner(c: u32): bool { return c == 0x2e || c == 0x5f || c == 0x2d; }

/** Han ideographs, kana and hangul: indexed as unigrams + bigrams. */
function isHan(c: u32): bool {
  return (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0x20000 && c <= 0x2ffff) || (c >= 0x3040 && c <= 0x30ff) || (c >= 0xac00 && c <= 0xd7af);
}

function putUtf8(at: usize, c: u32): i32 {
  if (c < 0x80) { store<u8>(at, <u8>c); return 1; }
  if (c < 0x800) {
    store<u8>(at, <u8>(0xc0 | (c >> 6)));
    store<u8>(at + 1, <u8>(0x80 | (c & 0x3f)));
    return 2;
  }
  if (c < 0x10000) {
    store<u8>(at, <u8>(0xe0 | (c >> 12)));
    store<u8>(at + 1, <u8>(0x80 | ((c >> 6) & 0x3f)));
    store<u8>(at + 2, <u8>(0x80 | (c & 0x3f)));
    return 3;
  }
  store<u8>(at, <u8>(0xf0 | (c >> 18)));
  store<u8>(at + 1, <u8>(0x80 | ((c >> 12) & 0x3f)));
  store<u8>(at + 2, <u8>(0x80 | ((c >> 6) & 0x3f)));
  store<u8>(at + 3, <u8>(0x80 | (c & 0x3f)));
  return 4;
}

function beginToken(maxBytes: i32): usize {
  ensureTokBytes(tokEnd + maxBytes);
  ensureTokStarts(tokCount + 2);
  store<u32>(tokStarts + (<usize>tokCount << 2), tokEnd);
  return tokBytes + <usize>tokEnd;
}

function endToken(len: i32): void {
  if (len <= 0) return;
  tokEnd += len;
  tokCount++;
  store<u32>(tokStarts + (<usize>tokCount << 2), tokEnd);
}

/** Emits code points [from, to) lowercased, as one token (ASCII only: identifier runs). */
function emitAscii(from: i32, to: i32, stem: bool): void {
  let n = to - from;
  if (n <= 0) return;
  if (n > MAX_TOKEN_BYTES) n = MAX_TOKEN_BYTES;
  for (let i = 0; i < n; i++) {
    let c = cpAt(from + i);
    if (isUpper(c)) c += 32;
    store<u8>(word + <usize>i, <u8>c);
  }
  if (stem) n = stemPlural(n);
  const at = beginToken(n);
  memory.copy(at, word, <usize>n);
  endToken(n);
}

@inline function wordAt(i: i32): u32 { return <u32>load<u8>(word + <usize>i); }

/** Harman's S-stemmer on the scratch word (lowercase ASCII letters only, at least 4 long). */
function stemPlural(n: i32): i32 {
  if (n < 4) return n;
  for (let i = 0; i < n; i++) if (!isLower(wordAt(i))) return n;
  const last = wordAt(n - 1);
  if (last != 0x73) return n; // 's'
  const p1 = wordAt(n - 2);
  const p2 = wordAt(n - 3);
  if (p2 == 0x69 && p1 == 0x65) { // "ies" -> "y" unless "eies"/"aies"
    const p3 = wordAt(n - 4);
    if (p3 != 0x65 && p3 != 0x61) { store<u8>(word + <usize>(n - 3), 0x79); return n - 2; }
    return n;
  }
  if (p1 == 0x65) { // "es" -> "e" unless "aes"/"ees"/"oes"
    if (p2 != 0x61 && p2 != 0x65 && p2 != 0x6f) return n - 1;
    return n;
  }
  if (p1 == 0x75 || p1 == 0x73) return n; // "us", "ss"
  return n - 1;
}

/** An identifier run [from, to): the whole run (when it has several parts) and each part. */
function emitIdentifier(from: i32, to: i32): void {
  let parts = 0;
  let start = from;
  for (let i = from; i <= to; i++) {
    let boundary = i == to;
    let skip = false;
    if (!boundary) {
      const c = cpAt(i);
      if (isJoiner(c)) { boundary = true; skip = true; } else if (i > start) {
        const p = cpAt(i - 1);
        // camelCase: a lower/digit followed by an upper; "HTMLParser": an upper followed by upper+lower
        if (isUpper(c) && (isLower(p) || isDigit(p))) boundary = true;
        else if (isUpper(c) && isUpper(p) && i + 1 < to && isLower(cpAt(i + 1))) boundary = true;
      }
    }
    if (boundary) {
      if (i > start) { emitAscii(start, i, true); parts++; }
      start = skip ? i + 1 : i;
    }
  }
  if (parts > 1) emitAscii(from, to, false);
}

/** A Han run [from, to): every character and every adjacent pair. */
function emitHan(from: i32, to: i32): void {
  for (let i = from; i < to; i++) {
    const c = cpAt(i);
    let at = beginToken(4);
    endToken(putUtf8(at, c));
    if (i + 1 < to) {
      const d = cpAt(i + 1);
      at = beginToken(8);
      const n = putUtf8(at, c);
      endToken(n + putUtf8(at + <usize>n, d));
    }
  }
}

/** Tokenizes len UTF-8 bytes at src; the tokens are left in tokBytes/tokStarts, their number in tokCount. */
export function tokenize(src: usize, len: i32): i32 {
  decode(src, len);
  tokCount = 0;
  tokEnd = 0;
  ensureTokStarts(2);
  store<u32>(tokStarts, 0);
  let i = 0;
  const n = cpsLen;
  while (i < n) {
    const c = cpAt(i);
    if (isWord(c)) {
      let j = i + 1;
      while (j < n) {
        const d = cpAt(j);
        if (isWord(d)) { j++; continue; }
        if (isJoiner(d) && j + 1 < n && isWord(cpAt(j + 1))) { j++; continue; }
        break;
      }
      emitIdentifier(i, j);
      i = j;
    } else if (isHan(c)) {
      let j = i + 1;
      while (j < n && isHan(cpAt(j))) j++;
      emitHan(i, j);
      i = j;
    } else if (c == 0x40) {
      // "@" is how people say "mention" (@我, @所有人, @ someone): a token of its own.
      endToken(putUtf8(beginToken(1), c));
      i++;
    } else {
      i++;
    }
  }
  return tokCount;
}
