// Mines product words (catalog/lexicon/product-words.yaml, written by scripts/gen-product-words.mjs; read with
// catalog/lexicon/products.yaml by src/build/load.ts) from the TRAIN side of the request set written from the
// commands (src/build/written.ts): a word that the train requests say almost only when their gold command is of one
// product names that product. A product word generalizes across commands (a held-out command's product has train
// commands too), unlike an indexed request. The held-out commands' requests are never read; with `validation`,
// neither are the validation fold's (fold 1).
import type { Catalog } from '../catalog/types.js';
import type { ProductLexicon } from '../lexicon/actions.js';
import { toMainland } from '../lexicon/regional.js';
import { fold } from '../text/fold.js';
import { byCodePoint } from '../text/order.js';
import { hasWord } from '../text/phrase.js';
import { FIELDS, searchableFields } from './fields.js';
import { twinGroups } from './twins.js';
import { unreadGroups, type WrittenSet } from './written.js';

export interface ProductMineOptions {
  /** A word needs at least this many train requests. */
  minSupport: number;
  /** Of the requests that say the word, at least this share ask for one product's commands. */
  minPrecision: number;
  /** ... for at least this many distinct commands (twin groups) of that product. */
  minGroups: number;
  /** The word is said by the indexed text of at least this many of the product's commands (0: not required). */
  minCatalog: number;
  /** Which indexed fields minCatalog reads: 'all', or 'names' (identity, titles and keywords: what a command is called). */
  catalogFields: 'all' | 'names';
  /**
   * A Han word is a whole word, not a piece of a longer one: no one character stands beside it, on either side, in
   * this share or more of the requests that say it (1: no check). 个多 is nearly always 个多维, 的考 的考勤, 仪表 仪表盘:
   * pieces; 仪表盘 itself is said after 个, 的, 建 and before 里, 的, 删: a word.
   */
  maxNeighbour: number;
  /** Also leave the validation fold out (to choose options on `npm run eval -- --split valid`). */
  validation: boolean;
}

/** Chosen on the validation fold (docs/ranking.md, session 21; maxNeighbour session 22). */
export const PRODUCT_MINE_DEFAULTS: ProductMineOptions = { minSupport: 10, minPrecision: 0.8, minGroups: 3, minCatalog: 1, catalogFields: 'names', maxNeighbour: 0.9, validation: false };

const NAME_FIELDS = new Set<string>(['identity', 'title', 'title_en', 'keywords', 'keywords_en']);
const HAN_RUN = /\p{Script=Han}+/gu;
const EN_WORD = /[a-z][a-z0-9]*(?:-[a-z0-9]+)*/g;

/** The candidate words of a folded request: Han substrings of two to four characters, English words of three letters or more. */
export function candidateWords(folded: string): Set<string> {
  const out = new Set<string>();
  for (const m of folded.matchAll(HAN_RUN)) {
    const run = [...m[0]];
    for (let n = 2; n <= 4; n++) for (let i = 0; i + n <= run.length; i++) out.add(run.slice(i, i + n).join(''));
  }
  for (const m of folded.matchAll(EN_WORD)) if (m[0].length >= 3) out.add(m[0]);
  return out;
}

/**
 * The characters standing beside each Han candidate of a folded request, as `<` or `>` (left, right) and the character;
 * the ends of a Han run stand beside nothing, so they count as no character.
 */
export function candidateNeighbours(folded: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const m of folded.matchAll(HAN_RUN)) {
    const run = [...m[0]];
    for (let n = 2; n <= 4; n++) {
      for (let i = 0; i + n <= run.length; i++) {
        const w = run.slice(i, i + n).join('');
        let set = out.get(w);
        if (!set) out.set(w, (set = new Set()));
        if (i > 0) set.add(`<${run[i - 1]}`);
        if (i + n < run.length) set.add(`>${run[i + n]}`);
      }
    }
  }
  return out;
}

/** Words already in the hand-written lexicon (any product) or containing one of them are left out. */
export function mineProductWords(catalog: Catalog, set: WrittenSet, known: ProductLexicon, o: ProductMineOptions = PRODUCT_MINE_DEFAULTS): Record<string, { zh: string[]; en: string[] }> {
  const groupOf = twinGroups(catalog.tools);
  const productOf = new Map(catalog.tools.map((t) => [t.canonical_path, t.product_id]));
  const left = unreadGroups(groupOf.values(), o.validation);
  const products = new Map(catalog.products.map((p) => [p.id, p]));
  const textOf = new Map<string, string[]>();
  for (const t of catalog.tools) {
    const f = searchableFields(t, products.get(t.product_id));
    const fields = o.catalogFields === 'names' ? FIELDS.filter((n) => NAME_FIELDS.has(n)) : FIELDS;
    const text = fold(fields.map((name) => f[name] ?? '').join('\n'));
    let list = textOf.get(t.product_id);
    if (!list) textOf.set(t.product_id, (list = []));
    list.push(text);
  }
  const inCatalog = (w: string, p: string, en: boolean) => (textOf.get(p) ?? []).filter((t) => (en ? hasWord(t, w) : t.includes(w))).length;
  const n = new Map<string, number>();
  const byProduct = new Map<string, Map<string, { n: number; groups: Set<string> }>>();
  const beside = new Map<string, Map<string, number>>();
  for (const r of set.requests) {
    const group = groupOf.get(r.tool);
    const product = productOf.get(r.tool);
    if (group === undefined || product === undefined || left.has(group)) continue;
    const folded = fold(toMainland(r.q));
    if (o.maxNeighbour < 1) {
      for (const [w, set] of candidateNeighbours(folded)) {
        let m = beside.get(w);
        if (!m) beside.set(w, (m = new Map()));
        for (const c of set) m.set(c, (m.get(c) ?? 0) + 1);
      }
    }
    for (const w of candidateWords(folded)) {
      n.set(w, (n.get(w) ?? 0) + 1);
      let m = byProduct.get(w);
      if (!m) byProduct.set(w, (m = new Map()));
      let e = m.get(product);
      if (!e) m.set(product, (e = { n: 0, groups: new Set() }));
      e.n++;
      e.groups.add(group);
    }
  }
  const knownZh = known.zh.flat();
  const knownEn = new Set(known.en.flat());
  const kept: { w: string; p: string; en: boolean }[] = [];
  // Shorter words first: a longer word containing a kept one of its product adds nothing.
  const words = [...n.keys()].sort((a, b) => [...a].length - [...b].length || byCodePoint(a, b));
  for (const w of words) {
    const s = n.get(w)!;
    if (s < o.minSupport) continue;
    const en = /^[a-z]/.test(w);
    if (en ? knownEn.has(w) : knownZh.some((k) => w.includes(k))) continue;
    const [p, e] = [...byProduct.get(w)!].sort((a, b) => b[1].n - a[1].n || byCodePoint(a[0], b[0]))[0];
    if (e.n / s < o.minPrecision || e.groups.size < o.minGroups) continue;
    if (o.minCatalog > 0 && inCatalog(w, p, en) < o.minCatalog) continue;
    if (!en && o.maxNeighbour < 1 && Math.max(0, ...(beside.get(w)?.values() ?? [])) >= o.maxNeighbour * s) continue;
    if (!en && kept.some((k) => !k.en && k.p === p && w.includes(k.w))) continue;
    kept.push({ w, p, en });
  }
  const out: Record<string, { zh: string[]; en: string[] }> = {};
  for (const id of [...new Set(kept.map((k) => k.p))].sort(byCodePoint)) {
    out[id] = {
      zh: kept.filter((k) => k.p === id && !k.en).map((k) => k.w).sort(byCodePoint),
      en: kept.filter((k) => k.p === id && k.en).map((k) => k.w).sort(byCodePoint),
    };
  }
  return out;
}
