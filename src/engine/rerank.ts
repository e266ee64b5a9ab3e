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

/**
 * Phrases filed by one pair of adjacent UTF-16 units each (a one-unit phrase by its unit), so a text tries only the
 * phrases one of whose pairs it contains instead of every phrase. A phrase is filed under its rarest pair among all
 * the phrases (many English phrases start with "to", few contain "xq"). Each bucket keeps the order phrases were
 * given.
 */
export class PhraseBuckets<T> {
  private readonly pairs = new Map<number, { phrase: string; value: T }[]>();
  private readonly singles = new Map<number, { phrase: string; value: T }[]>();

  constructor(entries: Iterable<readonly [string, T]>) {
    const list = [...entries].filter(([phrase]) => phrase.length > 0);
    const count = new Map<number, number>();
    for (const [phrase] of list) {
      for (let i = 0; i + 1 < phrase.length; i++) count.set(pairKey(phrase, i), (count.get(pairKey(phrase, i)) ?? 0) + 1);
    }
    for (const [phrase, value] of list) {
      let key = phrase.charCodeAt(0);
      if (phrase.length > 1) {
        key = pairKey(phrase, 0);
        for (let i = 1; i + 1 < phrase.length; i++) if (count.get(pairKey(phrase, i))! < count.get(key)!) key = pairKey(phrase, i);
      }
      const map = phrase.length === 1 ? this.singles : this.pairs;
      const bucket = map.get(key);
      if (bucket) bucket.push({ phrase, value });
      else map.set(key, [{ phrase, value }]);
    }
  }

  /**
   * Calls fn for each phrase whose filing unit or pair occurs in text (a candidate: the caller checks the phrase
   * itself). A phrase whose pair occurs at several positions is offered once per position.
   */
  candidates(text: string, fn: (phrase: string, value: T) => void): void {
    for (let i = 0; i < text.length; i++) {
      if (this.singles.size > 0) {
        const one = this.singles.get(text.charCodeAt(i));
        if (one) for (const e of one) fn(e.phrase, e.value);
      }
      if (i + 1 < text.length) {
        const two = this.pairs.get(pairKey(text, i));
        if (two) for (const e of two) fn(e.phrase, e.value);
      }
    }
  }
}

function pairKey(text: string, at: number): number {
  return ((text.charCodeAt(at) << 16) | text.charCodeAt(at + 1)) | 0;
}

/** A lexicon's words by class: Chinese ones match as substrings, English ones as whole words. */
type LexiconWords = PhraseBuckets<{ cls: number; word: boolean }>;
const lexiconBuckets = new WeakMap<object, LexiconWords>();

function bucketsOf(lex: { zh: string[][]; en: string[][] }): LexiconWords {
  let b = lexiconBuckets.get(lex);
  if (!b) {
    const entries: [string, { cls: number; word: boolean }][] = [];
    lex.zh.forEach((words, cls) => words.forEach((w) => entries.push([w, { cls, word: false }])));
    lex.en.forEach((words, cls) => words.forEach((w) => entries.push([w, { cls, word: true }])));
    b = new PhraseBuckets(entries);
    lexiconBuckets.set(lex, b);
  }
  return b;
}

/** said[i] = 1 when the folded text says a word of class i (Chinese: substring; English: whole word). */
function saidClasses(folded: string, lex: { zh: string[][]; en: string[][] }): Uint8Array {
  const said = new Uint8Array(lex.zh.length);
  bucketsOf(lex).candidates(folded, (phrase, { cls, word }) => {
    if (said[cls] === 0 && (word ? hasWord(folded, phrase) : folded.includes(phrase))) said[cls] = 1;
  });
  return said;
}

/** Bit i set = the query (already folded: NFKC, lowercase) says an action of class i. */
export function queryActionMask(folded: string, lex: ActionLexicon): number {
  let mask = 0;
  saidClasses(folded, lex).forEach((s, i) => {
    if (s) mask |= 1 << i;
  });
  return mask;
}

/** The products a query (already folded) names, in lexicon order. */
export function queryProducts(folded: string, lex: ProductLexicon): string[] {
  const said = saidClasses(folded, lex);
  return lex.products.filter((_, i) => said[i] === 1);
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
