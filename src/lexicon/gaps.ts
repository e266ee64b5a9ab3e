// Known gaps (catalog/gaps/<product>.yaml): capabilities people ask a product for that the catalog does not have,
// written as catalog data. A query that says every term of one of a gap's term sets is answered with weak_match and a
// hint naming the gap, so an agent reports the capability as unsupported instead of forcing the nearest command.
// Candidates are still returned (a gap never hides an answer); the Exact Guard runs first and is never overridden.

import { lowerBoundBy, byCodePoint } from '../text/order.js';
import { phraseTest, saysPhrase } from '../text/phrase.js';
import { singulars } from '../text/plural.js';
import { maskNegatedEnglish, negatedAt, type Negation } from './negation.js';

export interface Gap {
  product: string;
  id: string;
  /** What is missing and what exists instead, in Chinese and English. */
  note: string;
  note_en: string;
  /** Term sets (folded: NFKC, lowercase): Chinese terms match as substrings, English ones as whole words. */
  zh: string[][];
  en: string[][];
}

/** A term without Chinese characters ("mysql", "pat") is a word even in a Chinese set: "pat" is not in "path". */
const LATIN = /^[\x20-\x7e]+$/u;
const NEGATIONS = ['不', '没', '别', '勿', '无法', '不可', '不能', '没有'];

/** The last UTF-16 unit of every negation: a term whose preceding unit is none of them is not negated. */
const NEGATION_ENDS = new Set(NEGATIONS.map((n) => n.charCodeAt(n.length - 1)));

/**
 * A Chinese term said at least once without a negation right before it ("不可恢复" does not ask to restore); with neg
 * (negatedClauses 1), not after one of its words either (不用恢复, 不需要帮我恢复: src/lexicon/negation.ts).
 */
function saysZh(text: string, term: string, neg?: Negation): boolean {
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    if (neg && negatedAt(text, at, neg)) continue;
    // A negation ends right before the term within its two units (what is read before it: text[at - 2, at)).
    if (at === 0 || !NEGATION_ENDS.has(text.charCodeAt(at - 1))) return true;
    if (!NEGATIONS.some((n) => n.length <= 2 && text.endsWith(n, at))) return true;
  }
  return false;
}

/**
 * True when the folded text says every term of the set (Chinese: substring, not negated; English and Latin: whole
 * words in order, the last plural allowed, a few other words between them: saysPhrase).
 */
export function saysAll(folded: string, terms: readonly string[], english: boolean, between: number, neg?: Negation): boolean {
  const text = neg ? maskNegatedEnglish(folded, neg) : folded;
  return terms.every((t) => saysTerm(text, t, english || LATIN.test(t), between, neg));
}

/** One term: English words in order (saysPhrase) when word, else a Chinese substring not right after a negation. */
function saysTerm(folded: string, term: string, word: boolean, between: number, neg?: Negation): boolean {
  return word ? saysPhrase(folded, term, between) : saysZh(folded, term, neg);
}

/** A parsed set: its terms, and per term whether it is matched as a whole word (English set or Latin term). */
interface ParsedSet {
  gap: number;
  terms: string[];
  words: boolean[];
  /** Per term, its id in GapIndex's term memo (one id per distinct term and way of matching it). */
  ids: number[];
}


/** A term set that a reading of a gap's own sets derives, with the gapTermWords level that reads it. */
export interface DerivedSet {
  english: boolean;
  terms: string[];
  level: number;
}

/** A Chinese term split after each 的 that has text on both sides ("误删的待办" -> "误删的", "待办"). */
function splitAtDe(term: string): string[] {
  if (LATIN.test(term)) return [term];
  const parts: string[] = [];
  let from = 0;
  for (let at = term.indexOf('的'); at >= 0; at = term.indexOf('的', at + 1)) {
    if (at > from && at + 1 < term.length) {
      parts.push(term.slice(from, at + 1));
      from = at + 1;
    }
  }
  parts.push(term.slice(from));
  return parts;
}

/**
 * The term sets the gapTermWords reading derives from a gap's own (never written in its catalog text): at level 1, a
 * Chinese term with 的 inside ("误删的待办") is said by its parts anywhere in the request, each not negated
 * ("误删的那条待办", where a demonstrative and a measure word stand between them). A set the gap has already is not
 * repeated.
 */
export function derivedSets(g: Pick<Gap, 'zh'>): DerivedSet[] {
  const out: DerivedSet[] = [];
  const seen = new Set(g.zh.map((set) => [...set].sort(byCodePoint).join(TERM)));
  for (const set of g.zh) {
    const terms = [...new Set(set.flatMap(splitAtDe))];
    const key = [...terms].sort(byCodePoint).join(TERM);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ english: false, terms, level: 1 });
  }
  return out;
}

/**
 * The first gap (catalog order) one of whose term sets the folded query says completely, if any; with level > 0 also
 * the sets derivedSets derives up to that level (gapTermWords).
 */
export function matchGap(folded: string, gaps: readonly Gap[], between: number, level = 0, neg?: Negation): Gap | undefined {
  return gaps.find((g) => g.zh.some((set) => saysAll(folded, set, false, between, neg)) || g.en.some((set) => saysAll(folded, set, true, between, neg)) ||
    (level > 0 && derivedSets(g).some((d) => d.level <= level && saysAll(folded, d.terms, d.english, between, neg))));
}

const WORD = /[a-z0-9]+/gu;

/** What a response says about a gap. */
export type GapNote = Pick<Gap, 'product' | 'id' | 'note' | 'note_en'>;

/**
 * Where a term files its set: Latin terms under their first word, Chinese ones under their first two characters
 * (code points; one if the term has one), so a query tries only the sets that can start at one of its positions.
 */
function gapKey(term: string, english: boolean): { latin: boolean; key: string } {
  const latin = english || LATIN.test(term);
  return { latin, key: latin ? (term.match(WORD) ?? [term])[0] : [...term].slice(0, 2).join('') };
}

/** Separators of a stored set or note (never in catalog text: the gap reader rejects control characters). */
const FIELD = '\u0001';
const TERM = '\u0002';

/**
 * The gaps ready for matching, computed once at snapshot build. Every term set is filed under one term: its rarest
 * (the fewer sets a common start such as 删除 wakes up, the fewer sets a query tries), by that term's first two
 * characters (Chinese) or first word (Latin). A set can only match when that term occurs, so a query tries only the
 * sets filed under its own characters, character pairs and words and gets the same answer as matchGap. The snapshot
 * stores the keys as one string and each set and note as its own UTF-8 range (src/snapshot/decode.ts), so a cold
 * process decodes only the keys and the few sets its query offers.
 */
export interface GapTable {
  /** Number of term sets. */
  readonly size: number;
  /** The filing key of set i; the sets are sorted by key (JS string order). */
  key(i: number): string;
  /** key(i) compared with value as JS `<` compares strings: negative, 0 or positive (no string made). */
  compareKey(i: number, value: string): number;
  /** UTF-16 unit k of key(i), or -1 past its end (no string made). */
  unitAt(i: number, k: number): number;
  /** Set i: gap FIELD 0|1 (English) FIELD its terms joined by TERM. */
  set(i: number): string;
  /** Gap g: product FIELD id FIELD note FIELD note_en (undefined when there is no such gap). */
  note(g: number): string | undefined;
}

/** A GapTable as plain lists (built by gapLines; the snapshot encodes these). */
export interface GapLines {
  keys: string[];
  sets: string[];
  notes: string[];
}

export function gapLines(gaps: readonly Gap[]): GapLines {
  const id = (t: string, english: boolean) => {
    const { latin, key } = gapKey(t, english);
    return `${latin ? 'w' : 'c'}${key}`;
  };
  const count = new Map<string, number>();
  const sets: [number, boolean, string[]][] = [];
  gaps.forEach((g, gap) => {
    for (const terms of g.zh) sets.push([gap, false, terms]);
    for (const terms of g.en) sets.push([gap, true, terms]);
  });
  for (const [, en, terms] of sets) for (const t of terms) count.set(id(t, en), (count.get(id(t, en)) ?? 0) + 1);
  const filed = sets.map(([gap, en, terms]) => {
    let best = terms[0];
    for (const t of terms) if ((count.get(id(t, en)) ?? 0) < (count.get(id(best, en)) ?? 0)) best = t;
    return { key: gapKey(best, en).key, set: [String(gap), en ? '1' : '0', terms.join(TERM)].join(FIELD) };
  });
  // Stable: sets with the same key keep catalog order.
  filed.sort((x, y) => byCodePoint(x.key, y.key));
  return {
    keys: filed.map((f) => f.key),
    sets: filed.map((f) => f.set),
    notes: gaps.map((g) => [g.product, g.id, g.note, g.note_en].join(FIELD)),
  };
}

/** A GapTable over plain lists (tests, and the snapshot's empty table; a stored one is a view over its bytes). */
export function gapTableOf(lines: GapLines): GapTable {
  return {
    size: lines.keys.length,
    key: (i) => lines.keys[i],
    compareKey: (i, value) => byCodePoint(lines.keys[i], value),
    unitAt: (i, k) => (k >= 0 && k < lines.keys[i].length ? lines.keys[i].charCodeAt(k) : -1),
    set: (i) => lines.sets[i],
    note: (g) => lines.notes[g],
  };
}

/** Bits of GapIndex's key filter, and the hash of a key's one or two code points (b = -1 for one) into them. */
const KEY_BITS = 1 << 16;
function keyHash(a: number, b: number): number {
  const h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 1, 0x85ebca6b);
  return (h ^ (h >>> 16)) & (KEY_BITS - 1);
}

/** An open-addressing memo (code point, code point or -1) -> line index or -1; cleared when three quarters full. */
class PairMemo {
  private static readonly SLOTS = 8192;
  private readonly a = new Int32Array(PairMemo.SLOTS).fill(-1);
  private readonly b = new Int32Array(PairMemo.SLOTS);
  private readonly value = new Int32Array(PairMemo.SLOTS);
  private used = 0;

  private slot(a: number, b: number): number {
    let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 1, 0x85ebca6b);
    h = (h ^ (h >>> 15)) & (PairMemo.SLOTS - 1);
    while (this.a[h] !== -1 && (this.a[h] !== a || this.b[h] !== b)) h = (h + 1) & (PairMemo.SLOTS - 1);
    return h;
  }

  get(a: number, b: number): number | undefined {
    const h = this.slot(a, b);
    return this.a[h] === -1 ? undefined : this.value[h];
  }

  set(a: number, b: number, v: number): void {
    if (this.used >= (PairMemo.SLOTS * 3) / 4) {
      this.a.fill(-1);
      this.used = 0;
    }
    const h = this.slot(a, b);
    if (this.a[h] === -1) this.used++;
    this.a[h] = a;
    this.b[h] = b;
    this.value[h] = v;
  }
}

/** Thrown when a stored gap table does not parse (the snapshot layer reports it as a corrupt snapshot). */
export class GapTableError extends Error {}

/** matchGap over a GapTable: only the sets filed under the query's own characters, pairs and words are tried. */
export class GapIndex {
  /** Sets parsed on first use, and the first set of each word key looked up so far (warm queries reuse both). */
  private readonly parsed: (ParsedSet | undefined)[] = [];
  private readonly ranges = new Map<string, number>();
  /** The same memo for Chinese keys (one character or a pair), by code points: no key string per lookup. */
  private readonly pairs = new PairMemo();
  /** The last match() call that tried each set (a set is tried once per query). */
  private readonly tried: Uint32Array;
  /** Per line that starts a key's run: the line after the run (0 until first asked). */
  private readonly ends: Uint32Array;
  private stamp = 0;
  /** Term ids (by word flag and term), and per id the last match() that read it and what it found then. */
  private readonly termIds = new Map<string, number>();
  /** Per term id, its test (saysTerm of that term, made once). */
  private readonly termTests: ((folded: string) => boolean)[] = [];
  private termStamp = new Uint32Array(64);
  private termSaid = new Uint8Array(64);

  /**
   * A bit per hash of (code point, code point or -1): set for every key of one or two code points, so a character or
   * pair of the query whose bit is clear is no key (most are not) and is not looked up.
   */
  private keyBits?: Uint8Array;

  /** The sets derivedSets derives from the table's, in a table of their own (gapTermWords 1; none at 0). */
  private readonly derived?: GapIndex;

  /**
   * between: words a multi-word English term may have between two of its own (the ranking's gapWordsBetween); level:
   * the ranking's gapTermWords (0 reads the stored sets only; 1 also the sets derived from them, filed on construction);
   * neg: the lexicon's negation words when the ranking's negatedClauses is 1 (a term said only right after one is not
   * said; src/lexicon/negation.ts), else undefined.
   */
  constructor(private readonly table: GapTable, private readonly between: number, level = 0, private readonly neg?: Negation) {
    this.tried = new Uint32Array(table.size);
    this.ends = new Uint32Array(table.size);
    if (level > 0) this.derived = new GapIndex(derivedTable(table), between, 0, neg);
  }

  /**
   * The key filter, built by the second match (a cold process that matches one query never pays for it; without it
   * every character and pair is looked up, with the same answer).
   */
  private keyFilter(): Uint8Array | undefined {
    if (this.keyBits || this.stamp < 2) return this.keyBits;
    const table = this.table;
    const keyBits = new Uint8Array(KEY_BITS >> 3);
    for (let i = 0; i < table.size; i++) {
      const cps: number[] = [];
      for (let k = 0; cps.length < 3;) {
        const u = table.unitAt(i, k);
        if (u < 0) break;
        const low = u >= 0xd800 && u < 0xdc00 ? table.unitAt(i, k + 1) : -1;
        const paired = low >= 0xdc00 && low < 0xe000;
        cps.push(paired ? (u - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000 : u);
        k += paired ? 2 : 1;
      }
      if (cps.length === 1 || cps.length === 2) {
        const h = keyHash(cps[0], cps.length === 2 ? cps[1] : -1);
        keyBits[h >> 3] |= 1 << (h & 7);
      }
    }
    return (this.keyBits = keyBits);
  }

  /** Index of the first line filed under key, or -1 (memoized per key). */
  private first(key: string): number {
    let at = this.ranges.get(key);
    if (at === undefined) {
      at = this.search(key);
      if (this.ranges.size > 4096) this.ranges.clear();
      this.ranges.set(key, at);
    }
    return at;
  }

  private search(key: string): number {
    const at = lowerBoundBy(this.table.size, (i) => this.table.compareKey(i, key));
    return at < this.table.size && this.table.compareKey(at, key) === 0 ? at : -1;
  }

  private parse(i: number): ParsedSet {
    const [gapText, en, terms] = this.table.set(i).split(FIELD);
    const gap = Number(gapText);
    if (terms === undefined || !Number.isInteger(gap)) throw new GapTableError(`gap set line ${i} is malformed`);
    const list = terms.split(TERM);
    const words = list.map((t) => en === '1' || LATIN.test(t));
    return (this.parsed[i] = { gap, terms: list, words, ids: list.map((t, j) => this.termId(t, words[j])) });
  }

  private termId(term: string, word: boolean): number {
    const key = (word ? 'w' : 'c') + term;
    let id = this.termIds.get(key);
    if (id === undefined) {
      id = this.termIds.size;
      this.termIds.set(key, id);
      const neg = this.neg;
      this.termTests.push(word ? phraseTest(term, this.between) : (folded) => saysZh(folded, term, neg));
      if (id >= this.termStamp.length) {
        // Grown keeping both (a set parsed during a match joins the terms that match has read).
        const stamp = new Uint32Array(this.termStamp.length * 2);
        const said = new Uint8Array(stamp.length);
        stamp.set(this.termStamp);
        said.set(this.termSaid);
        this.termStamp = stamp;
        this.termSaid = said;
      }
    }
    return id;
  }

  /** saysAll over a parsed set (the word/substring choice made once, when it was parsed); each term read once per match. */
  private saysSet(folded: string, set: ParsedSet, stamp: number): boolean {
    for (let i = 0; i < set.terms.length; i++) {
      const id = set.ids[i];
      if (this.termStamp[id] !== stamp) {
        this.termStamp[id] = stamp;
        this.termSaid[id] = this.termTests[id](folded) ? 1 : 0;
      }
      if (this.termSaid[id] === 0) return false;
    }
    return true;
  }

  /**
   * consider() for the Chinese key folded[start, end): one character (code point a, b = -1) or a pair (a, b); the key
   * string is only built when the memo misses.
   */
  private considerAt(a: number, b: number, start: number, end: number, folded: string, stamp: number, best: number): number {
    let at = this.pairs.get(a, b);
    if (at === undefined) {
      at = this.search(folded.slice(start, end));
      this.pairs.set(a, b, at);
    }
    return at < 0 ? best : this.tryFrom(at, folded, stamp, best);
  }

  /** Tries the sets filed under key that this match has not tried yet; returns the lowest gap that matches. */
  private consider(key: string, folded: string, stamp: number, best: number): number {
    const at = this.first(key);
    return at < 0 ? best : this.tryFrom(at, folded, stamp, best);
  }

  /** The line after the run of lines that share line at's key (found on first use: the key is never made again). */
  private runEnd(at: number): number {
    let end = this.ends[at];
    if (end === 0) {
      const key = this.table.key(at);
      for (end = at + 1; end < this.table.size && this.table.compareKey(end, key) === 0;) end++;
      this.ends[at] = end;
    }
    return end;
  }

  /** Tries the sets from line at on that share its key. */
  private tryFrom(at: number, folded: string, stamp: number, best: number): number {
    const end = this.runEnd(at);
    for (let i = at; i < end; i++) {
      if (this.tried[i] === stamp) continue;
      this.tried[i] = stamp;
      const set = this.parsed[i] ?? this.parse(i);
      if (set.gap < best && this.saysSet(folded, set, stamp)) best = set.gap;
    }
    return best;
  }

  match(said: string): GapNote | undefined {
    // An English word right after a negation phrase is blanked (no need to ####### the meeting), positions kept.
    const folded = this.neg ? maskNegatedEnglish(said, this.neg) : said;
    let best = this.matchGapIndex(folded);
    if (this.derived) best = Math.min(best, this.derived.matchGapIndex(folded));
    if (best === Infinity) return undefined;
    const [product, id, note, note_en] = (this.table.note(best) ?? '').split(FIELD);
    if (note_en === undefined) throw new GapTableError(`gap ${best} has no note`);
    return { product, id, note, note_en };
  }

  /** The lowest gap one of whose sets the folded query says, or Infinity. */
  private matchGapIndex(folded: string): number {
    const stamp = ++this.stamp;
    let best = Infinity;
    // Every character and every pair of adjacent characters of the query (a set is tried once per match).
    // Only the characters and pairs whose bit is set (keyBits) are looked up.
    const bits = this.keyFilter();
    let prev = -1;
    let prevAt = 0;
    for (let i = 0; i < folded.length;) {
      const cp = folded.codePointAt(i)!;
      const next = i + (cp > 0xffff ? 2 : 1);
      let h = keyHash(cp, -1);
      if (!bits || bits[h >> 3] & (1 << (h & 7))) best = this.considerAt(cp, -1, i, next, folded, stamp, best);
      if (prev >= 0) {
        h = keyHash(prev, cp);
        if (!bits || bits[h >> 3] & (1 << (h & 7))) best = this.considerAt(prev, cp, prevAt, next, folded, stamp, best);
      }
      prev = cp;
      prevAt = i;
      i = next;
    }
    for (const w of folded.match(WORD) ?? []) {
      // a one-word filing term also matches its plural ("meetings" says "meeting")
      for (const form of singulars(w)) best = this.consider(form, folded, stamp, best);
    }
    return best;
  }
}

/**
 * The sets derivedSets derives from a stored table's Chinese sets, as a table of their own (gap numbers kept; each
 * filed under its first term, which a query must say for the set to match; notes from the stored table).
 */
function derivedTable(table: GapTable): GapTable {
  const zh = new Map<number, string[][]>();
  for (let i = 0; i < table.size; i++) {
    const [gapText, en, terms] = table.set(i).split(FIELD);
    const gap = Number(gapText);
    if (terms === undefined || !Number.isInteger(gap)) throw new GapTableError(`gap set line ${i} is malformed`);
    if (en !== '0') continue;
    const sets = zh.get(gap) ?? [];
    zh.set(gap, sets);
    sets.push(terms.split(TERM));
  }
  const filed: { key: string; set: string }[] = [];
  for (const [gap, sets] of zh) {
    for (const d of derivedSets({ zh: sets })) filed.push({ key: gapKey(d.terms[0], false).key, set: [String(gap), '0', d.terms.join(TERM)].join(FIELD) });
  }
  filed.sort((x, y) => byCodePoint(x.key, y.key));
  const lines = gapTableOf({ keys: filed.map((f) => f.key), sets: filed.map((f) => f.set), notes: [] });
  return { ...lines, note: (g) => table.note(g) };
}
