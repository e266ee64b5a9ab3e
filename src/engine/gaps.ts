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

/** True when the folded text says every term of the set (Chinese: substring; English: whole word). */
export function saysAll(folded: string, terms: readonly string[], english: boolean): boolean {
  return terms.every((t) => (english ? saysWord(folded, t) : folded.includes(t)));
}

/** The first gap (catalog order) one of whose term sets the folded query says completely, if any. */
export function matchGap(folded: string, gaps: readonly Gap[]): Gap | undefined {
  return gaps.find((g) => g.zh.some((set) => saysAll(folded, set, false)) || g.en.some((set) => saysAll(folded, set, true)));
}
