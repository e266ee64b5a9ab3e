// Known gaps (catalog/gaps/<product>.yaml): capabilities people ask a product for that the catalog does not have,
// written as catalog data. A query that says every term of one of a gap's term sets is answered with weak_match and a
// hint naming the gap, so an agent reports the capability as unsupported instead of forcing the nearest command.
// Candidates are still returned (a gap never hides an answer); the Exact Guard runs first and is never overridden.

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

const wordCache = new Map<string, RegExp>();

/** An English term as a whole word or phrase; a trailing plural "s"/"es" on its last word also matches. */
function saysWord(text: string, term: string): boolean {
  if (!text.includes(term.slice(0, Math.max(1, term.length - 1)))) return false;
  let re = wordCache.get(term);
  if (!re) {
    re = new RegExp(`(?<![a-z0-9])${term.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}(?:e?s)?(?![a-z0-9])`, 'u');
    wordCache.set(term, re);
  }
  return re.test(text);
}

/** A term without Chinese characters ("mysql", "pat") is a word even in a Chinese set: "pat" is not in "path". */
const LATIN = /^[\x20-\x7e]+$/u;
const NEGATIONS = ['不', '没', '别', '勿', '无法', '不可', '不能', '没有'];

/** A Chinese term said at least once without a negation right before it ("不可恢复" does not ask to restore). */
function saysZh(text: string, term: string): boolean {
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    const before = text.slice(Math.max(0, at - 2), at);
    if (!NEGATIONS.some((n) => before.endsWith(n))) return true;
  }
  return false;
}

/** True when the folded text says every term of the set (Chinese: substring, not negated; English: whole word). */
export function saysAll(folded: string, terms: readonly string[], english: boolean): boolean {
  return terms.every((t) => (english || LATIN.test(t) ? saysWord(folded, t) : saysZh(folded, t)));
}

/** The first gap (catalog order) one of whose term sets the folded query says completely, if any. */
export function matchGap(folded: string, gaps: readonly Gap[]): Gap | undefined {
  return gaps.find((g) => g.zh.some((set) => saysAll(folded, set, false)) || g.en.some((set) => saysAll(folded, set, true)));
}

interface GapSet {
  gap: number;
  terms: string[];
  english: boolean;
}

const WORD = /[a-z0-9]+/gu;

/**
 * matchGap over a bucketed copy of the gaps (the same answer): a set can only match when each of its terms occurs,
 * so every set is filed under one term's first character (Chinese) or first word (Latin), and only the buckets of
 * the query's own characters and words are tried: a few sets per query instead of every set of the catalog.
 */
interface GapList {
  sets: GapSet[];
  /** The last match() call that tried this list (each list is tried once per query). */
  stamp: number;
}

export class GapIndex {
  private readonly byChar = new Map<string, GapList>();
  private readonly byWord = new Map<string, GapList>();
  /** 1 for each UTF-16 unit that starts the first term of some Chinese set. */
  private readonly starts = new Uint8Array(65536);
  private stamp = 0;

  constructor(private readonly gaps: readonly Gap[]) {
    // Each set is keyed by its rarest term (fewest terms of the catalog's sets share its key): the fewer sets a
    // common character such as 删 or 文 wakes up, the fewer sets a query tries.
    const keyOf = (term: string, english: boolean): { latin: boolean; key: string } => {
      const latin = english || LATIN.test(term);
      return { latin, key: latin ? (term.match(WORD) ?? [term])[0] : term[0] };
    };
    const count = new Map<string, number>();
    const all = gaps.flatMap((g, gap) => [...g.zh.map((terms) => ({ gap, terms, english: false })), ...g.en.map((terms) => ({ gap, terms, english: true }))]);
    for (const set of all) {
      for (const t of set.terms) {
        const { latin, key } = keyOf(t, set.english);
        const k = `${latin ? 'w' : 'c'}${key}`;
        count.set(k, (count.get(k) ?? 0) + 1);
      }
    }
    for (const set of all) {
      let best: { latin: boolean; key: string } | undefined;
      let bestCount = Infinity;
      for (const t of set.terms) {
        const k = keyOf(t, set.english);
        const n = count.get(`${k.latin ? 'w' : 'c'}${k.key}`) ?? 0;
        if (n < bestCount) {
          best = k;
          bestCount = n;
        }
      }
      const { latin, key } = best!;
      const map = latin ? this.byWord : this.byChar;
      const list = map.get(key);
      if (list) list.sets.push(set);
      else map.set(key, { sets: [set], stamp: 0 });
      if (!latin) this.starts[key.charCodeAt(0)] = 1;
    }
  }

  match(folded: string): Gap | undefined {
    let best = Infinity;
    const stamp = ++this.stamp;
    const consider = (list: GapList | undefined): void => {
      if (list === undefined || list.stamp === stamp) return;
      list.stamp = stamp;
      for (const s of list.sets) if (s.gap < best && saysAll(folded, s.terms, s.english)) best = s.gap;
    };
    for (let i = 0; i < folded.length; i++) {
      const c = folded.charCodeAt(i);
      if (this.starts[c] === 1) consider(this.byChar.get(folded[i]));
    }
    for (const w of folded.match(WORD) ?? []) {
      consider(this.byWord.get(w));
      // a one-word first term also matches its plural ("meetings" says "meeting")
      if (w.endsWith('s')) consider(this.byWord.get(w.slice(0, -1)));
      if (w.endsWith('es')) consider(this.byWord.get(w.slice(0, -2)));
    }
    return best === Infinity ? undefined : this.gaps[best];
  }
}
