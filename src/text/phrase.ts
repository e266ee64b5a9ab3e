// The one phrase matcher of the shell, for everything that looks for catalog words in a request: the action and
// product lexicons (src/lexicon/actions.ts), the known gaps' terms (src/lexicon/gaps.ts) and the avoid_when
// demotion (src/engine/first-phase.ts). All of them read folded text (fold.ts):
// - hasWord: an English word or phrase said whole; saysPhrase: a multi-word term with a few words between its own;
// - filePhrases / PhraseBuckets: phrases filed by their rarest pair of units, so a text tries only the phrases whose
//   key it contains (the snapshot stores the filings of the avoid phrases and the lexicons).
import { lowerBound } from './order.js';
import { PLURAL_ENDING } from './plural.js';

const wordRegexCache = new Map<string, RegExp>();

/**
 * True when the folded text has the English word or phrase whole (not inside a longer word); with plural, its last
 * word may carry the plural ending (plural.ts). The action/product lexicons' words and one-word gap terms.
 */
export function hasWord(text: string, phrase: string, plural = false): boolean {
  return text.includes(phrase) && wordRegex(phrase, plural).test(text);
}

/** A text as a regular expression that matches it literally. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

function wordRegex(phrase: string, plural: boolean): RegExp {
  const key = plural ? `${phrase}\u0000s` : phrase;
  let re = wordRegexCache.get(key);
  if (!re) {
    re = new RegExp(`(?<![a-z0-9])${escapeRegExp(phrase)}${plural ? PLURAL_ENDING : ''}(?![a-z0-9])`, 'u');
    wordRegexCache.set(key, re);
  }
  return re;
}

/**
 * Phrases filed by one key each, so a text tries only the phrases whose key it contains instead of every phrase. A
 * phrase's key is one of its pairs of adjacent UTF-16 units, the rarest among all the phrases (many English phrases
 * start with "to", few contain "xq"); a one-unit phrase's key is that unit. Keys are u32: a pair (a, b) is
 * a << 16 | b (at least 65536, since a phrase never contains U+0000), a single unit is its code.
 */
export interface PhraseFiling {
  /** The phrases' indexes in filing order: by key, then in the order given. */
  order: number[];
  /** The distinct keys, ascending. */
  keys: number[];
  /** Bucket i is order[starts[i] .. starts[i + 1]). */
  starts: number[];
}

/** Files phrases by their rarest pair (done once at snapshot build for the avoid phrases, at first use for lexicons). */
export function filePhrases(phrases: readonly string[]): PhraseFiling {
  const count = new Map<number, number>();
  for (const p of phrases) {
    if (p.length === 0 || p.includes('\u0000')) throw new Error(`a filed phrase must be non-empty text without U+0000: ${JSON.stringify(p)}`);
    for (let i = 0; i + 1 < p.length; i++) count.set(pairKey(p, i), (count.get(pairKey(p, i)) ?? 0) + 1);
  }
  const keyOf = phrases.map((p) => {
    if (p.length === 1) return p.charCodeAt(0);
    let key = pairKey(p, 0);
    for (let i = 1; i + 1 < p.length; i++) if (count.get(pairKey(p, i))! < count.get(key)!) key = pairKey(p, i);
    return key;
  });
  const order = phrases.map((_, i) => i).sort((x, y) => keyOf[x] - keyOf[y] || x - y);
  const keys: number[] = [];
  const starts: number[] = [];
  order.forEach((i, at) => {
    if (keys.length === 0 || keys[keys.length - 1] !== keyOf[i]) {
      keys.push(keyOf[i]);
      starts.push(at);
    }
  });
  starts.push(order.length);
  return { order, keys, starts };
}

/** The filing key of the pair of units at text[at], text[at + 1]. */
function pairKey(text: string, at: number): number {
  return ((text.charCodeAt(at) << 16) | text.charCodeAt(at + 1)) >>> 0;
}

/**
 * A filing ready to be searched: sorted keys and bucket bounds (typed arrays, as the snapshot stores them) over
 * entries 0..n-1 in filing order; phrase(e) and the caller's own arrays give each entry's text and value.
 */
export class PhraseBuckets {
  /** Keys below this index are single units (below 65536), the rest unit pairs: each lookup searches its own part. */
  private readonly firstPair: number;
  /** One bit per UTF-16 unit that starts some key: a text position whose unit starts none is skipped unsearched. */
  private readonly starters = new Uint8Array(0x10000 >> 3);

  constructor(private readonly keys: Uint32Array, private readonly starts: Uint32Array, private readonly phrase: (entry: number) => string) {
    this.firstPair = lowerBound(keys, 0x10000);
    for (let j = 0; j < keys.length; j++) {
      const unit = keys[j] < 0x10000 ? keys[j] : keys[j] >>> 16;
      this.starters[unit >> 3] |= 1 << (unit & 7);
    }
  }

  /** The bucket of key among keys[lo, hi), or -1. */
  private bucket(key: number, lo: number, hi: number): number {
    const at = lowerBound(this.keys, key, lo, hi);
    return at < hi && this.keys[at] === key ? at : -1;
  }

  /**
   * Calls fn for each entry whose key occurs in text (a candidate: the caller checks the phrase itself). An entry
   * whose pair occurs at several positions is offered once per position.
   */
  candidates(text: string, fn: (phrase: string, entry: number) => void): void {
    const pairs = this.firstPair;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if ((this.starters[unit >> 3] & (1 << (unit & 7))) === 0) continue;
      const one = pairs > 0 ? this.bucket(unit, 0, pairs) : -1;
      if (one >= 0) for (let e = this.starts[one]; e < this.starts[one + 1]; e++) fn(this.phrase(e), e);
      if (i + 1 < text.length) {
        const two = this.bucket(pairKey(text, i), pairs, this.keys.length);
        if (two >= 0) for (let e = this.starts[two]; e < this.starts[two + 1]; e++) fn(this.phrase(e), e);
      }
    }
  }
}

/** Compiled terms, per number of words allowed between (one such number is in use per engine). */
const phraseCache = new Map<number, Map<string, RegExp>>();

/**
 * An English term said in the folded text: its words in order, whole (the last may be plural), with at most
 * between other words between two of them ("as a reusable template", "the public web"); a one-word term is hasWord.
 */
export function saysPhrase(folded: string, term: string, between: number): boolean {
  return phraseTest(term, between)(folded);
}

/**
 * saysPhrase(folded, term, between) as a function of folded, made once per term (a caller that reads the same terms
 * in every request keeps it: no split, cache lookup or regular expression made per call).
 */
export function phraseTest(term: string, between: number): (folded: string) => boolean {
  const words = term.split(' ');
  if (words.length === 1) {
    const re = wordRegex(term, true);
    return (folded) => folded.includes(term) && re.test(folded);
  }
  let cache = phraseCache.get(between);
  if (!cache) phraseCache.set(between, (cache = new Map()));
  let re = cache.get(term);
  if (!re) {
    const esc = words.map(escapeRegExp);
    const gap = `(?:[^a-z0-9]+[a-z0-9]+){0,${between}}[^a-z0-9]+`;
    re = new RegExp(`(?<![a-z0-9])${esc.join(gap)}${PLURAL_ENDING}(?![a-z0-9])`, 'u');
    cache.set(term, re);
  }
  const phrase = re;
  return (folded) => words.every((w) => folded.includes(w)) && phrase.test(folded);
}

