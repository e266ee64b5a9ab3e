// The rerank multipliers the shell hands the core per query (multPtr):
// - action: which action a query asks for (search, list, get, create, update, delete, recall, send, ...) against the
//   action each tool's own names carry (catalog/lexicon/actions.yaml; tool classes computed at build);
// - product: a query that names a product ("多维表", "钉盘", "spreadsheet") lifts that product's tools
//   (catalog/lexicon/products.yaml).

export interface ActionLexicon {
  classes: string[];
  /** Per class: verbs command names use (canonical path and CLI path words). */
  names: string[][];
  /** Per class: how people say it in Chinese (substrings) and English (whole words or phrases). */
  zh: string[][];
  en: string[][];
  /** Per class: parameters that make a listing command serve this class too (a list filtered by name also finds). */
  filters: string[][];
}

export interface ProductLexicon {
  products: string[];
  zh: string[][];
  en: string[][];
}

/**
 * Bit i set = the tool's canonical name or CLI path contains a verb of class i, or the tool lists (class `list`) and
 * takes one of class i's filter parameters (`app list --name` also finds an app by name).
 */
export function toolActionMask(name: string, cliPath: string, lex: ActionLexicon, params: readonly string[] = []): number {
  const words = new Set([
    ...name.split(/_|(?=[A-Z])/u).map((w) => w.toLowerCase()),
    ...(cliPath.split(' ').pop() ?? '').replace(/^\+/u, '').split('-'),
  ]);
  let mask = 0;
  lex.names.forEach((verbs, i) => {
    if (verbs.some((v) => words.has(v))) mask |= 1 << i;
  });
  const list = lex.classes.indexOf('list');
  if (list >= 0 && (mask & (1 << list)) !== 0) {
    lex.filters.forEach((filters, i) => {
      if (filters.some((f) => params.includes(f))) mask |= 1 << i;
    });
  }
  return mask;
}

const wordRegexCache = new Map<string, RegExp>();

/**
 * True when the folded text has the English word or phrase whole (not inside a longer word); with plural, a trailing
 * "s"/"es" on its last word also counts. Shared by the action/product lexicons and the known gaps (gaps.ts).
 */
export function hasWord(text: string, phrase: string, plural = false): boolean {
  if (!text.includes(phrase)) return false;
  const key = plural ? `${phrase}\u0000s` : phrase;
  let re = wordRegexCache.get(key);
  if (!re) {
    re = new RegExp(`(?<![a-z0-9])${phrase.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}${plural ? '(?:e?s)?' : ''}(?![a-z0-9])`, 'u');
    wordRegexCache.set(key, re);
  }
  return re.test(text);
}

/** Scratch: 1 for each UTF-16 unit of the text being checked (a word whose first unit is absent cannot occur). */
const present = new Uint8Array(65536);

function says(text: string, zh: string[], en: string[]): boolean {
  return zh.some((w) => present[w.charCodeAt(0)] === 1 && text.includes(w)) ||
    en.some((w) => present[w.charCodeAt(0)] === 1 && hasWord(text, w));
}

/**
 * Runs fn with a table marking (1) every UTF-16 unit of text, and clears it afterwards. One shared scratch: callers
 * must not nest.
 */
export function withChars<T>(text: string, fn: (has: Uint8Array) => T): T {
  for (let i = 0; i < text.length; i++) present[text.charCodeAt(i)] = 1;
  try {
    return fn(present);
  } finally {
    for (let i = 0; i < text.length; i++) present[text.charCodeAt(i)] = 0;
  }
}

/** Bit i set = the query (already folded: NFKC, lowercase) says an action of class i. */
export function queryActionMask(folded: string, lex: ActionLexicon): number {
  return withChars(folded, () => {
    let mask = 0;
    for (let i = 0; i < lex.classes.length; i++) if (says(folded, lex.zh[i], lex.en[i])) mask |= 1 << i;
    return mask;
  });
}

/** The products a query (already folded) names, in lexicon order. */
export function queryProducts(folded: string, lex: ProductLexicon): string[] {
  return withChars(folded, () => lex.products.filter((_, i) => says(folded, lex.zh[i], lex.en[i])));
}

/** Per tool: x boost when its action is one the query names, x penalty when it is another action, else 1. */
export function actionMultipliers(queryMask: number, toolMasks: Uint32Array, boost: number, penalty: number): Float64Array {
  return Float64Array.from(toolMasks, (toolMask) =>
    queryMask === 0 || toolMask === 0 ? 1 : (toolMask & queryMask) !== 0 ? boost : penalty);
}

/** Multiplies in x boost for every tool of a product the query names. */
export function applyProductBoost(mult: Float64Array, toolProducts: readonly string[], named: readonly string[], boost: number): Float64Array {
  if (named.length === 0 || boost === 1) return mult;
  toolProducts.forEach((p, doc) => {
    if (named.includes(p)) mult[doc] *= boost;
  });
  return mult;
}
