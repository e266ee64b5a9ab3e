// Build-time (Node only): reads a catalog directory: the declarations (catalog/<product>.yaml, validated and
// normalized into ToolSpecs) and the lexicons (catalog/lexicon/, catalog/gaps/), with precise errors.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import type { ActionLexicon, ObjectLexicon, ProductLexicon } from '../lexicon/actions.js';
import type { Gap } from '../lexicon/gaps.js';
import { checkQueryTerms, type QueryTermLexicon } from '../lexicon/query-terms.js';
import { validateDeclarations } from '../catalog/validate.js';
import { validateWraps } from './wraps.js';
import { fold } from '../text/fold.js';
import { normalizeCatalog } from './normalize.js';
import type { Catalog } from '../catalog/types.js';
import { attachPlans, attachRecovery, readPlanFiles } from './plans.js';
import { byCodePoint } from '../text/order.js';

export function readDeclarationFiles(dir: string): { file: string; doc: unknown }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort(byCodePoint)
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      try {
        return { file, doc: YAML.parse(text) as unknown };
      } catch (e) {
        throw new Error(`${file}: not valid YAML: ${(e as Error).message}`);
      }
    });
}

/** catalog/<product>.yaml, then the execution plans of catalog/plans/ (docs/PLANS.md) on their tools; then the wraps across products (read on the plans). */
export function loadCatalogDir(dir: string): Catalog {
  const planned = attachPlans(normalizeCatalog(validateDeclarations(readDeclarationFiles(dir))), readPlanFiles(path.join(dir, 'plans')));
  const catalog = attachRecovery(planned, readPlanFiles(path.join(dir, 'verify')));
  validateWraps(catalog.tools);
  return catalog;
}

/** The products of a catalog directory: one catalog/<product>.yaml each. */
export function catalogProductIds(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5));
}

/** catalog/lexicon/actions.yaml: action classes for the rerank (src/lexicon/actions.ts). */
/** Reads catalog/lexicon/<name>.yaml and returns its top-level map of entries. */
function readLexiconFile(dir: string, name: string, key: string): { file: string; entries: [string, Record<string, unknown>][] } {
  const file = path.join(dir, 'lexicon', `${name}.yaml`);
  const doc = YAML.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, Record<string, unknown>> | undefined>;
  return { file, entries: Object.entries(doc[key] ?? {}) };
}

/** A lexicon word list: non-empty, untrimmed-free strings, folded to the form queries are compared in. */
function lexiconWords(file: string, where: string, v: unknown): string[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' && x.trim() === x && x.length > 0)) {
    throw new Error(`${file}: ${where} must be a list of non-empty strings`);
  }
  return (v as string[]).map(fold);
}

function lexiconCount(file: string, where: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new Error(`${file}: ${where} must be a whole number`);
  return v;
}

export function readActionLexicon(dir: string): ActionLexicon {
  const { file, entries } = readLexiconFile(dir, 'actions', 'actions');
  const context = Object.fromEntries(readLexiconFile(dir, 'actions', 'context').entries) as Record<string, unknown>;
  const lex: ActionLexicon = {
    classes: [], names: [], zh: [], en: [], filters: [],
    context: {
      zhAfter: lexiconWords(file, 'context.zh_after', context.zh_after),
      zhBefore: lexiconWords(file, 'context.zh_before', context.zh_before),
      ...(context.zh_noun_at_end === undefined ? {} : { zhNounAtEnd: lexiconWords(file, 'context.zh_noun_at_end', context.zh_noun_at_end) }),
      enBefore: lexiconWords(file, 'context.en_before', context.en_before),
      ...(context.split === undefined ? {} : { split: lexiconWords(file, 'context.split', context.split) }),
      ...(context.permission === undefined ? {} : { permission: lexiconWords(file, 'context.permission', context.permission) }),
    },
  };
  for (const [name, a] of entries) {
    lex.classes.push(name);
    lex.names.push(lexiconWords(file, `${name}.names`, a.names));
    lex.zh.push(lexiconWords(file, `${name}.zh`, a.zh));
    lex.en.push(lexiconWords(file, `${name}.en`, a.en));
    lex.filters.push(a.filters === undefined ? [] : lexiconWords(file, `${name}.filters`, a.filters));
  }
  if (lex.classes.length === 0 || lex.classes.length > 31) throw new Error(`${file}: needs 1 to 31 action classes`);
  if (existsSync(path.join(dir, 'lexicon', 'objects.yaml'))) lex.objects = readObjectLexicon(dir);
  return lex;
}

/** catalog/lexicon/objects.yaml (src/engine/stages/object-guard.ts): `inside` closed transitively here. */
function readObjectLexicon(dir: string): ObjectLexicon {
  const { file, entries } = readLexiconFile(dir, 'objects', 'objects');
  const including = Object.fromEntries(readLexiconFile(dir, 'objects', 'including').entries) as Record<string, unknown>;
  const located = Object.fromEntries(readLexiconFile(dir, 'objects', 'located').entries) as Record<string, unknown>;
  const doc = YAML.parse(readFileSync(file, 'utf8')) as { verbs?: unknown; keep?: unknown; keep_list?: unknown; keep_split?: Record<string, unknown>; negation?: Record<string, unknown>; others?: unknown; whole?: unknown; whole_after?: unknown; pronouns?: unknown; measures?: unknown; including_after?: unknown; cancel?: unknown; none?: unknown; asks?: unknown; id_words?: Record<string, unknown>; ordinals?: Record<string, unknown>; people?: Record<string, unknown>; commands?: Record<string, unknown>; holder?: Record<string, unknown>; lettered?: Record<string, unknown> };
  const keys = entries.map(([k]) => k);
  const commands: Record<string, number> = {};
  for (const [cli, key] of Object.entries(doc.commands ?? {})) {
    if (typeof key !== 'string' || !keys.includes(key)) throw new Error(`${file}: commands.${cli} must name an object of the file`);
    commands[cli] = keys.indexOf(key);
  }
  const lex: ObjectLexicon = {
    keys: entries.map(([k]) => k), names: [], zh: [], en: [], inside: [],
    including: { zh: lexiconWords(file, 'including.zh', including.zh), en: lexiconWords(file, 'including.en', including.en) },
    located: {
      zhBefore: lexiconWords(file, 'located.zh_before', located.zh_before ?? []),
      zhSkip: lexiconWords(file, 'located.zh_skip', located.zh_skip ?? []),
      zhAfter: lexiconWords(file, 'located.zh_after', located.zh_after ?? []),
      enBefore: lexiconWords(file, 'located.en_before', located.en_before ?? []),
      notOf: lexiconWords(file, 'located.not_of', located.not_of ?? []),
      ...(located.modifier_not === undefined ? {} : { modifierNot: lexiconWords(file, 'located.modifier_not', located.modifier_not) }),
      ...(located.en_determiners === undefined ? {} : { enDeterminers: lexiconWords(file, 'located.en_determiners', located.en_determiners) }),
      ...(located.zh_name === undefined ? {} : { zhName: lexiconCount(file, 'located.zh_name', located.zh_name), zhNameNot: lexiconWords(file, 'located.zh_name_not', located.zh_name_not ?? []) }),
    },
    verbs: lexiconWords(file, 'verbs', doc.verbs ?? []),
    keep: lexiconWords(file, 'keep', doc.keep ?? []),
    others: lexiconWords(file, 'others', doc.others ?? []),
    ...(doc.keep_list === undefined ? {} : { keepList: lexiconWords(file, 'keep_list', doc.keep_list) }),
    ...(doc.keep_split === undefined ? {} : { keepSplit: { before: lexiconWords(file, 'keep_split.before', doc.keep_split.before), after: lexiconWords(file, 'keep_split.after', doc.keep_split.after) } }),
    whole: lexiconWords(file, 'whole', doc.whole ?? []),
    wholeAfter: lexiconWords(file, 'whole_after', doc.whole_after ?? []),
    commands,
  };
  if (doc.negation !== undefined) {
    const n = doc.negation;
    lex.negation = { zh: lexiconWords(file, 'negation.zh', n.zh), zhBetween: lexiconWords(file, 'negation.zh_between', n.zh_between ?? []), en: lexiconWords(file, 'negation.en', n.en ?? []), enVerbs: lexiconWords(file, 'negation.en_verbs', n.en_verbs ?? []) };
  }
  if (doc.pronouns !== undefined) lex.pronouns = lexiconWords(file, 'pronouns', doc.pronouns);
  if (doc.measures !== undefined) lex.measures = lexiconWords(file, 'measures', doc.measures);
  if (doc.including_after !== undefined) lex.includingAfter = lexiconWords(file, 'including_after', doc.including_after);
  if (doc.cancel !== undefined) lex.cancel = lexiconWords(file, 'cancel', doc.cancel);
  if (doc.none !== undefined) lex.none = lexiconWords(file, 'none', doc.none);
  if (doc.asks !== undefined) lex.asks = lexiconWords(file, 'asks', doc.asks);
  if (doc.id_words) {
    lex.idWords = Object.entries(doc.id_words).map(([word, key]) => {
      if (!/^[a-z]+$/u.test(word) || typeof key !== 'string' || !keys.includes(key)) throw new Error(`${file}: id_words.${word} must map a lowercase English word to an object of the file`);
      return [word, keys.indexOf(key)];
    });
  }
  if (doc.people) {
    lex.people = Object.entries(doc.people).map(([place, person]) => {
      if (!keys.includes(place) || typeof person !== 'string' || !keys.includes(person)) throw new Error(`${file}: people.${place} must map an object of the file to one`);
      return [keys.indexOf(place), keys.indexOf(person)];
    });
  }
  if (doc.holder) {
    const { of, as } = doc.holder;
    if (typeof of !== 'string' || !keys.includes(of) || typeof as !== 'string' || !keys.includes(as)) throw new Error(`${file}: holder.of and holder.as must name objects of the file`);
    lex.holder = { of: keys.indexOf(of), as: keys.indexOf(as), zh: lexiconWords(file, 'holder.zh', doc.holder.zh ?? []), zhOf: lexiconWords(file, 'holder.zh_of', doc.holder.zh_of ?? []), en: lexiconWords(file, 'holder.en', doc.holder.en ?? []), revoke: lexiconWords(file, 'holder.revoke', doc.holder.revoke ?? []) };
  }
  if (doc.ordinals) {
    lex.ordinals = Object.entries(doc.ordinals).map(([word, key]) => {
      if (!/^\p{Script=Han}+$/u.test(word) || typeof key !== 'string' || !keys.includes(key)) throw new Error(`${file}: ordinals.${word} must map a Chinese word to an object of the file`);
      return [word, keys.indexOf(key)];
    });
  }
  if (doc.lettered) {
    const { as, product } = doc.lettered;
    if (typeof as !== 'string' || !keys.includes(as) || typeof product !== 'string' || product.length === 0) throw new Error(`${file}: lettered.as must name an object of the file and lettered.product a product`);
    lex.lettered = {
      as: keys.indexOf(as), product, zh: lexiconWords(file, 'lettered.zh', doc.lettered.zh ?? []),
      zhNotNext: lexiconWords(file, 'lettered.zh_not_next', doc.lettered.zh_not_next ?? []), en: lexiconWords(file, 'lettered.en', doc.lettered.en ?? []),
      numbered: lexiconWords(file, 'lettered.numbered', doc.lettered.numbered ?? []),
      ...(typeof doc.lettered.cells === 'string' && keys.includes(doc.lettered.cells) ? { cells: keys.indexOf(doc.lettered.cells) } : {}),
    };
  }
  for (const [key, o] of entries) {
    lex.names.push(lexiconWords(file, `${key}.names`, o.names));
    lex.zh.push(lexiconWords(file, `${key}.zh`, o.zh));
    lex.en.push(lexiconWords(file, `${key}.en`, o.en));
    const inside = o.inside === undefined ? [] : (o.inside as unknown[]);
    if (!Array.isArray(inside) || inside.some((x) => typeof x !== 'string' || !lex.keys.includes(x) || x === key)) {
      throw new Error(`${file}: ${key}.inside must list other objects of the file`);
    }
    lex.inside.push((inside as string[]).map((x) => lex.keys.indexOf(x)));
  }
  // Inside is transitive: a record inside a table inside a base is inside the base.
  for (let changed = true; changed;) {
    changed = false;
    for (const list of lex.inside) {
      for (const c of [...list]) for (const d of lex.inside[c]) if (!list.includes(d)) { list.push(d); changed = true; }
    }
  }
  lex.inside = lex.inside.map((l) => [...l].sort((a, b) => a - b));
  return lex;
}

/**
 * catalog/lexicon/products.yaml: the names people use for each product (src/lexicon/actions.ts). Every entry must
 * name a product of the catalog directory (one catalog/<product>.yaml each).
 */
export function readProductLexicon(dir: string, productIds: readonly string[] = catalogProductIds(dir), learned = true): ProductLexicon {
  const { file, entries } = readLexiconFile(dir, 'products', 'products');
  const lex: ProductLexicon = { products: [], zh: [], en: [] };
  for (const [id, p] of entries) {
    if (!productIds.includes(id)) throw new Error(`${file}: ${id} is not a product of the catalog`);
    lex.products.push(id);
    lex.zh.push(lexiconWords(file, `${id}.zh`, p.zh));
    lex.en.push(lexiconWords(file, `${id}.en`, p.en));
  }
  // The words mined from the train requests (src/build/product-words.ts), after the hand-written ones of each product,
  // whose count each product keeps (`own`: the object guard reads a product's own names apart, session 44).
  if (learned && existsSync(path.join(dir, 'lexicon', 'product-words.yaml'))) {
    lex.own = { zh: lex.zh.map((ws) => ws.length), en: lex.en.map((ws) => ws.length) };
    const mined = readLexiconFile(dir, 'product-words', 'products');
    for (const [id, p] of mined.entries) {
      const i = lex.products.indexOf(id);
      if (i < 0) throw new Error(`${mined.file}: ${id} is not a product of products.yaml`);
      lex.zh[i].push(...lexiconWords(mined.file, `${id}.zh`, p.zh));
      lex.en[i].push(...lexiconWords(mined.file, `${id}.en`, p.en));
    }
  }
  return lex;
}

/** The product names of the products this catalog has (a test or synthetic catalog may have fewer). */
export function lexiconFor(lex: ProductLexicon, catalog: Catalog): ProductLexicon {
  const keep = lex.products.map((p) => catalog.products.some((q) => q.id === p));
  const out: ProductLexicon = { products: lex.products.filter((_, i) => keep[i]), zh: lex.zh.filter((_, i) => keep[i]), en: lex.en.filter((_, i) => keep[i]) };
  if (lex.own) out.own = { zh: lex.own.zh.filter((_, i) => keep[i]), en: lex.own.en.filter((_, i) => keep[i]) };
  return out;
}

/**
 * catalog/gaps/<product>.yaml: capabilities the product does not have (src/lexicon/gaps.ts). The file name is the
 * product; each gap has an id, a note in both languages and term sets (`when` Chinese, `when_en` English).
 */
export function readGaps(dir: string, productIds: readonly string[] = catalogProductIds(dir)): Gap[] {
  const gapDir = path.join(dir, 'gaps');
  if (!existsSync(gapDir)) return [];
  const gaps: Gap[] = [];
  for (const name of readdirSync(gapDir).filter((f) => f.endsWith('.yaml')).sort(byCodePoint)) {
    const file = path.join(gapDir, name);
    const product = name.slice(0, -5);
    if (!productIds.includes(product)) throw new Error(`${file}: ${product} is not a product of the catalog`);
    const doc = YAML.parse(readFileSync(file, 'utf8')) as { gaps?: unknown } | null;
    if (!doc || !Array.isArray(doc.gaps)) throw new Error(`${file}: needs a top-level "gaps" list`);
    const ids = new Set<string>();
    doc.gaps.forEach((g: Record<string, unknown>, i) => {
      const where = `gaps[${i}]`;
      if (typeof g?.id !== 'string' || !/^[a-z][a-z0-9_]*$/u.test(g.id) || ids.has(g.id)) throw new Error(`${file}: ${where}.id must be a unique snake_case id`);
      ids.add(g.id);
      for (const k of ['note', 'note_en'] as const) {
        if (typeof g[k] !== 'string' || (g[k] as string).trim().length === 0) throw new Error(`${file}: ${g.id}.${k} must be a non-empty string`);
      }
      const sets = (k: 'when' | 'when_en'): string[][] => {
        const v = g[k] ?? [];
        if (!Array.isArray(v)) throw new Error(`${file}: ${g.id}.${k} must be a list of term lists`);
        return v.map((set, j) => lexiconWords(file, `${g.id}.${k}[${j}]`, set));
      };
      const zh = sets('when');
      const en = sets('when_en');
      // The stored gap table separates fields and terms with control characters (src/lexicon/gaps.ts).
      if ([g.id, g.note, g.note_en, ...zh.flat(), ...en.flat()].some((x) => /[\u0000-\u001f]/u.test(x as string))) {
        throw new Error(`${file}: ${g.id} has a control character`);
      }
      if (zh.length === 0 || en.length === 0) throw new Error(`${file}: ${g.id} needs term sets in both when and when_en`);
      gaps.push({ product, id: g.id, note: g.note as string, note_en: g.note_en as string, zh, en });
    });
  }
  return gaps;
}

export interface Lexicons {
  actions: ActionLexicon;
  products: ProductLexicon;
  gaps: Gap[];
  /** catalog/lexicon/query-terms.yaml (generated), empty when absent. */
  queryTerms?: QueryTermLexicon;
}

/** catalog/lexicon/query-terms.yaml's `terms` (scripts/gen-query-lexicon.mjs), {} when the file is absent. */
export function readQueryTerms(dir: string): QueryTermLexicon {
  const file = path.join(dir, 'lexicon', 'query-terms.yaml');
  if (!existsSync(file)) return {};
  const doc = YAML.parse(readFileSync(file, 'utf8')) as { terms?: unknown } | null;
  return checkQueryTerms(doc?.terms ?? {}, file);
}

export function readLexicons(dir: string): Lexicons {
  const productIds = catalogProductIds(dir);
  return {
    actions: readActionLexicon(dir), products: readProductLexicon(dir, productIds), gaps: readGaps(dir, productIds), queryTerms: readQueryTerms(dir),
  };
}

