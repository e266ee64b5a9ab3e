// Mines the query-term lexicon (catalog/lexicon/query-terms.yaml, written by scripts/gen-query-lexicon.mjs; read by
// src/lexicon/query-terms.ts) from the TRAIN side of the request set written from the commands (src/build/written.ts):
// which catalog terms the commands that requests ask for with a word tend to say. For a request word w (a token of
// the core tokenizer, two characters or more) take the train requests that say w while their gold command's text does
// not (the vocabulary gap); a catalog term c of the gold's text is w's term when, over those requests, c is in the
// gold's text often (precision), far more often than in a command's text at random (lift), for at least two distinct
// commands (twin groups). The held-out commands' requests are never read; with `validation`, neither are fold 1's.
import type { Catalog } from '../catalog/types.js';
import { type CoreExports, tokenize } from '../core/core.js';
import type { QueryTermLexicon } from '../lexicon/query-terms.js';
import { toMainland } from '../lexicon/regional.js';
import { byCodePoint } from '../text/order.js';
import { FIELDS, searchableFields } from './fields.js';
import { unreadGroups, type WrittenSet } from './written.js';
import { twinGroups } from './twins.js';

export interface MineOptions {
  /** A (word, term) pair needs at least this many distinct train commands (twin groups) behind it. */
  minGroups: number;
  /** P(term in the gold's text | the request says the word and the gold's text does not) at least this. */
  minPrecision: number;
  /** That probability over the term's share of all commands' texts at least this. */
  minLift: number;
  /** A word needs at least this many such requests. */
  minSupport: number;
  /** At most this many terms per word (by precision x ln lift). */
  perWord: number;
  /** Also leave the validation fold (fold 1) out, to choose options on it (`npm run eval -- --split valid`). */
  validation: boolean;
}

/** Chosen on the validation fold (docs/ranking.md, session 13). */
export const MINE_DEFAULTS: MineOptions = { minGroups: 2, minPrecision: 0.15, minLift: 3, minSupport: 5, perWord: 3, validation: false };

const HAN1 = /^\p{Script=Han}$/u;
/** A single Han character is too ambiguous to carry a translation either way. */
const usable = (t: string) => t.length >= 2 && !HAN1.test(t);

export function mineQueryTerms(catalog: Catalog, set: WrittenSet, core: CoreExports, o: MineOptions = MINE_DEFAULTS): QueryTermLexicon {
  const products = new Map(catalog.products.map((p) => [p.id, p]));
  const groupOf = twinGroups(catalog.tools);
  const left = unreadGroups(groupOf.values(), o.validation);
  const docTerms = new Map<string, Set<string>>();
  const df = new Map<string, number>();
  for (const t of catalog.tools) {
    const f = searchableFields(t, products.get(t.product_id));
    const terms = new Set<string>();
    for (const name of FIELDS) if (f[name]) for (const tok of tokenize(core, f[name])) if (usable(tok)) terms.add(tok);
    docTerms.set(t.canonical_path, terms);
    for (const c of terms) df.set(c, (df.get(c) ?? 0) + 1);
  }
  const nDocs = docTerms.size;

  const support = new Map<string, number>();
  const pairs = new Map<string, Map<string, { n: number; groups: Set<string> }>>();
  for (const r of set.requests) {
    const group = groupOf.get(r.tool);
    const gold = docTerms.get(r.tool);
    if (group === undefined || gold === undefined || left.has(group)) continue;
    for (const w of new Set(tokenize(core, toMainland(r.q)).filter(usable))) {
      if (gold.has(w)) continue;
      support.set(w, (support.get(w) ?? 0) + 1);
      let m = pairs.get(w);
      if (!m) pairs.set(w, (m = new Map()));
      for (const c of gold) {
        let e = m.get(c);
        if (!e) m.set(c, (e = { n: 0, groups: new Set() }));
        e.n++;
        e.groups.add(group);
      }
    }
  }
  const out: QueryTermLexicon = {};
  for (const w of [...pairs.keys()].sort(byCodePoint)) {
    const s = support.get(w)!;
    if (s < o.minSupport) continue;
    const terms = [...pairs.get(w)!].map(([c, e]) => ({ c, p: e.n / s, lift: e.n / s / (df.get(c)! / nDocs), groups: e.groups.size }))
      .filter((x) => x.groups >= o.minGroups && x.p >= o.minPrecision && x.lift >= o.minLift)
      .map((x) => ({ ...x, rank: x.p * Math.log(x.lift) }))
      .sort((a, b) => b.rank - a.rank || byCodePoint(a.c, b.c))
      .slice(0, o.perWord);
    // Precision to two decimals: the file is stable and a search multiplies by what it says.
    if (terms.length) out[w] = terms.map((x): [string, number] => [x.c, Math.round(x.p * 100) / 100]);
  }
  return out;
}
