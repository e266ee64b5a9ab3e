// One reading of a negated clause, shared by the known-gap reader (src/lexicon/gaps.ts) and the object guard's keep
// clauses (src/lexicon/actions.ts), behind the ranking option negatedClauses (1 on, 0 = the readings before session 51).
// The words are catalog data (catalog/lexicon/objects.yaml `negation`): words that say the request does not ask for
// what follows them (不用恢复, 无需移除, no need to restore, don't remove). The known-gap reader reads a gap term said
// only right after one as not asked for; the object guard reads a clause that says one right before a removal verb as
// a clause that keeps what it names (不需要删那个群, no need to delete the chat), as it reads its listed keep words.

import { escapeRegExp } from '../text/phrase.js';

/** objects.yaml `negation`: Chinese negation words and the filler words that may stand between one and its verb, English
 *  negation phrases (said right before the verb, one word between at most: the, it), and English removal verbs. */
export interface Negation {
  zh: string[];
  zhBetween: string[];
  en: string[];
  enVerbs: string[];
}

/** Whether a word at `at` of text starts an A-not-A question (要不要, 需不需要, 用不用): a negation that asks, not denies. */
function asks(text: string, at: number, word: string): boolean {
  return word.startsWith('不') && at > 0 && text[at - 1] === word[1];
}

/**
 * Whether the Chinese text right before `at` (spaces aside) ends with a negation word of neg, or with one and then one
 * `zhBetween` word (不用帮我恢复): what starts at `at` is what the request says it does not want.
 */
export function negatedAt(text: string, at: number, neg: Negation): boolean {
  const head = text.slice(Math.max(0, at - 12), at).trimEnd();
  const base = at - 12 < 0 ? 0 : at - 12;
  for (const between of ['', ...neg.zhBetween]) {
    if (!head.endsWith(between)) continue;
    const h = head.slice(0, head.length - between.length).trimEnd();
    for (const n of neg.zh) if (h.endsWith(n) && !asks(text, base + h.length - n.length, n)) return true;
  }
  return false;
}

const masks = new WeakMap<Negation, RegExp>();

/** Longest first, so "don't need to" is read before "don't". */
function alternation(words: readonly string[]): string {
  return [...words].sort((a, b) => b.length - a.length).map((w) => escapeRegExp(w).replace(/'/gu, "['\u2019]")).join('|');
}

/**
 * The folded text with each English word said right after a negation phrase (the or it between at most) blanked with #
 * of its length (no need to restore -> no need to #######): a term made of that word is not said there. Positions and
 * Chinese text are unchanged.
 */
export function maskNegatedEnglish(text: string, neg: Negation): string {
  if (neg.en.length === 0 || !/[a-z]/u.test(text)) return text;
  let re = masks.get(neg);
  if (!re) masks.set(neg, re = new RegExp(`(?<![a-z0-9])(?:${alternation(neg.en)})\\s+(?:(?:the|it|this|that|any)\\s+)?([a-z]+)`, 'gu'));
  return text.replace(re, (all: string, verb: string) => all.slice(0, all.length - verb.length) + '#'.repeat(verb.length));
}

/**
 * The keep words a negation makes: each Chinese negation word with each Chinese removal verb (the keep_split `after`
 * words: 不需要删, 无需移除) and each English negation phrase with each English removal verb (no need to delete), the
 * listed keep words first. The object guard reads them as it reads objects.yaml `keep`.
 */
export function negatedKeeps(keep: readonly string[], zhVerbs: readonly string[], neg: Negation): string[] {
  const out = new Set(keep);
  for (const n of neg.zh) for (const v of zhVerbs) out.add(n + v);
  for (const n of neg.en) for (const v of neg.enVerbs) out.add(`${n} ${v}`);
  return [...out];
}
