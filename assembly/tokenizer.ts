// The tokenizer: UTF-8 text in, normalized tokens out. The same code splits catalog text at build time and queries
// at search time, so documents and queries can never disagree on how a word is cut.
//
// Normalization (deterministic, no host calls): full-width ASCII and the ideographic space fold to ASCII, ASCII is
// lowercased, traditional Han characters fold to simplified through the table in fold.ts.
// Splitting: identifier runs ([a-z0-9] joined by . _ -) are split on . _ - and camelCase and also kept whole with the
// joiners dropped, so openConversationId, open_conversation_id and open-conversation-id are one word however an agent
// writes it; English parts and the whole get a light plural stemmer ("ids" -> "id": recordIds is a recordId list); Han runs emit unigrams and bigrams; "@" (mention) is a token of its own.
// Everything else separates. No stopwords.
// Counted words (tokMarks, read by the query side only; the tokens themselves do not change): in a Han run, a counter
// (a numeral 一二两三四五六七八九十百千万几, 多少, or a demonstrative 这 那 哪 每; traditional forms fold to these) glued
// to the character after it (两行, 那条, 一栏, 那三条) marks that character's unigram COUNTED and every bigram that starts
// on a counter COUNTER_PAIR. query.ts decides what a mark means (when a command says no such pair, the counted
// character weighs as a word). A number in digits (500 条, 第 3 行) is not a counter: the character after
// it is often no noun (10 到 24, 502 读取), and reading it so lost a train request (docs/ranking.md, session 42).
import { foldHan } from './fold';
import { grow, nextCapacity } from './memory';

export const TOKENIZER_VERSION: i32 = 6;
export const MAX_TOKEN_BYTES: i32 = 64;

/** tokMarks values: a plain token, a counted character, a bigram starting on a counter. */
export const MARK_NONE: u8 = 0;
export const MARK_COUNTED: u8 = 1;
export const MARK_COUNTER_PAIR: u8 = 2;

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
/** u8 per token (tokMarks[i] for token i): its counted-word mark (MARK_*). */
export let tokMarks: usize = 0;
let tokMarksCap: i32 = 0;
/** Counts tokenize() runs (and resets): tokens kept for later (query.ts tokenizeQuery) are still there while it holds. */
export let tokenizeRuns: u32 = 0;


/** Forgets the growable buffers (their memory is gone after a heap reset); they are allocated again on use. */
export function tokenizerReset(): void {
  cps = 0; cpsCap = 0; cpsLen = 0;
  tokBytes = 0; tokBytesCap = 0;
  tokStarts = 0; tokStartsCap = 0;
  tokMarks = 0; tokMarksCap = 0;
  tokCount = 0; tokEnd = 0;
  tokenizeRuns++;
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

function ensureTokMarks(n: i32): void {
  if (n <= tokMarksCap) return;
  tokMarksCap = nextCapacity(tokMarksCap, n, 1024);
  tokMarks = grow(tokMarks, <usize>tokMarksCap);
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
    if (b0 < 0x80) { // ASCII folds to itself
      store<u32>(cps + (<usize>n << 2), b0);
      n++;
      i++;
      continue;
    }
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

/** The next token's bytes go here (tokenize reserved room for the most tokens and bytes its text can make). */
@inline function beginToken(): usize {
  return tokBytes + <usize>tokEnd;
}

function endToken(len: i32): void {
  endMarkedToken(len, MARK_NONE);
}

function endMarkedToken(len: i32, mark: u8): void {
  if (len <= 0) return;
  store<u8>(tokMarks + <usize>tokCount, mark);
  tokEnd += len;
  tokCount++;
  store<u32>(tokStarts + (<usize>tokCount << 2), tokEnd);
}

/** A numeral or demonstrative character (folded: 兩 and 這 are 两 and 这 here). */
function isCounterChar(c: u32): bool {
  switch (c) {
    case 0x4e00: case 0x4e8c: case 0x4e24: case 0x4e09: case 0x56db: case 0x4e94: case 0x516d: case 0x4e03: // 一二两三四五六七
    case 0x516b: case 0x4e5d: case 0x5341: case 0x767e: case 0x5343: case 0x4e07: case 0x51e0: case 0x5169: // 八九十百千万几兩
    case 0x8fd9: case 0x9019: case 0x90a3: case 0x54ea: case 0x6bcf: // 这這那哪每
      return true;
  }
  return false;
}

/** Code point i of the Han run [from, to) is a counter: a numeral, a demonstrative, or either half of 多少. */
function counterAt(i: i32, from: i32, to: i32): bool {
  const c = cpAt(i);
  if (isCounterChar(c)) return true;
  if (c == 0x591a) return i + 1 < to && cpAt(i + 1) == 0x5c11; // 多 of 多少
  if (c == 0x5c11) return i > from && cpAt(i - 1) == 0x591a; // 少 of 多少
  return false;
}

/**
 * Emits code points [from, to) lowercased and plural-stemmed, as one token (ASCII only: identifier runs), leaving the
 * joiners (. _ -) out: a whole run is one word in every naming convention.
 */
function emitAscii(from: i32, to: i32): void {
  if (to <= from) return;
  const at = beginToken();
  let n = 0;
  let lower = true; // every unit a lowercase letter (the stemmer's precondition)
  for (let i = from; i < to && n < MAX_TOKEN_BYTES; i++) {
    let c = cpAt(i);
    if (isJoiner(c)) continue;
    if (isUpper(c)) c += 32;
    else if (!isLower(c)) lower = false;
    store<u8>(at + <usize>n, <u8>c);
    n++;
  }
  if (lower) n = stemPlural(at, n);
  endToken(n);
}

/**
 * Harman's S-stemmer on the n lowercase ASCII letters at w (only words at least 4 long, and "ids", the plural of the
 * commonest identifier word); returns the new length.
 */
function stemPlural(w: usize, n: i32): i32 {
  if (n == 3 && load<u8>(w) == 0x69 && load<u8>(w + 1) == 0x64 && load<u8>(w + 2) == 0x73) return 2; // "ids"
  if (n < 4) return n;
  const last = <u32>load<u8>(w + <usize>(n - 1));
  if (last != 0x73) return n; // 's'
  const p1 = <u32>load<u8>(w + <usize>(n - 2));
  const p2 = <u32>load<u8>(w + <usize>(n - 3));
  if (p2 == 0x69 && p1 == 0x65) { // "ies" -> "y" unless "eies"/"aies"
    const p3 = <u32>load<u8>(w + <usize>(n - 4));
    if (p3 != 0x65 && p3 != 0x61) { store<u8>(w + <usize>(n - 3), 0x79); return n - 2; }
    return n;
  }
  if (p1 == 0x65) { // "es" -> "e" unless "aes"/"ees"/"oes"
    if (p2 != 0x61 && p2 != 0x65 && p2 != 0x6f) return n - 1;
    return n;
  }
  if (p1 == 0x75 || p1 == 0x73) return n; // "us", "ss"
  return n - 1;
}

/** A Han run [from, to): every character and every adjacent pair, with their counted-word marks. */
function emitHan(from: i32, to: i32): void {
  let prevCounter = false;
  for (let i = from; i < to; i++) {
    const c = cpAt(i);
    const counter = counterAt(i, from, to);
    let at = beginToken();
    endMarkedToken(putUtf8(at, c), prevCounter && !counter ? MARK_COUNTED : MARK_NONE);
    if (i + 1 < to) {
      const d = cpAt(i + 1);
      at = beginToken();
      const n = putUtf8(at, c);
      endMarkedToken(n + putUtf8(at + <usize>n, d), counter ? MARK_COUNTER_PAIR : MARK_NONE);
    }
    prevCounter = counter;
  }
}


/** Tokenizes len UTF-8 bytes at src; the tokens are left in tokBytes/tokStarts, their number in tokCount. */
export function tokenize(src: usize, len: i32): i32 {
  tokenizeRuns++;
  decode(src, len);
  tokCount = 0;
  tokEnd = 0;
  // Room for every token the text can make, once: a code point makes at most two tokens (a Han unigram and bigram;
  // an identifier part and its share of the whole run) of at most 12 bytes together. The 16 spare bytes let a reader
  // load 8 bytes at any token start (the index build reads a token's first 8 bytes as one word).
  ensureTokBytes(cpsLen * 12 + 16);
  ensureTokStarts(cpsLen * 2 + 2);
  ensureTokMarks(cpsLen * 2 + 2);
  store<u32>(tokStarts, 0);
  let i = 0;
  const n = cpsLen;
  while (i < n) {
    const c = cpAt(i);
    if (isWord(c)) {
      // An identifier run ([a-z0-9] joined by . _ -), split into parts as it is scanned: at a joiner (dropped), at
      // camelCase (a lower/digit followed by an upper) and before the last upper of an upper run followed by a
      // lower ("HTMLParser"). Each part is a token; a run of several parts is also one whole (joiners dropped).
      let start = i;
      let parts = 0;
      let j = i + 1;
      while (j < n) {
        const d = cpAt(j);
        if (isWord(d)) {
          if (j > start && isUpper(d)) {
            const p = cpAt(j - 1);
            if (isLower(p) || isDigit(p) || (isUpper(p) && j + 1 < n && isLower(cpAt(j + 1)))) {
              emitAscii(start, j);
              parts++;
              start = j;
            }
          }
          j++;
          continue;
        }
        if (isJoiner(d) && j + 1 < n && isWord(cpAt(j + 1))) {
          emitAscii(start, j);
          parts++;
          start = j + 1;
          j += 2; // the word character after the joiner starts the next part
          continue;
        }
        break;
      }
      emitAscii(start, j);
      parts++;
      if (parts > 1) emitAscii(i, j);
      i = j;
    } else if (isHan(c)) {
      let j = i + 1;
      while (j < n && isHan(cpAt(j))) j++;
      emitHan(i, j);
      i = j;
    } else if (c == 0x40) {
      // "@" is how people say "mention" (@我, @所有人, @ someone): a token of its own.
      endToken(putUtf8(beginToken(), c));
      i++;
    } else {
      i++;
    }
  }
  return tokCount;
}
