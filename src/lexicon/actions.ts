// The action and product lexicons (catalog/lexicon/actions.yaml, products.yaml) and how text is matched against them:
// - action: which action classes a tool's own names carry (toolActionMask, computed at build) and which a query
//   says (queryActionMask: search, list, get, create, update, delete, recall, send, ...);
// - product: which products a query names ("多维表", "钉盘", "spreadsheet": queryProducts);
// - their filing (src/text/phrase.ts files words by their rarest unit pair; presetFiling checks a stored filing).
// The engine turns the masks into the core's per-tool multipliers (src/engine/rerank.ts).
import { checkOffsets } from '../catalog/string-list.js';
import { filePhrases, hasWord, PhraseBuckets, type PhraseFiling } from '../text/phrase.js';

export { filePhrases, hasWord, PhraseBuckets, type PhraseFiling };

export interface ActionLexicon {
  classes: string[];
  /** Per class: verbs command names use (canonical path and CLI path words). */
  names: string[][];
  /** Per class: how people say it in Chinese (substrings) and English (whole words or phrases). */
  zh: string[][];
  en: string[][];
  /** Per class: parameters that make a listing command serve this class too (a list filtered by name also finds). */
  filters: string[][];
  /** Where an action word is not the request's own action (queryActionMask). */
  context: ActionContext;
  /** The things commands act on and what contains them (catalog/lexicon/objects.yaml; absent: no object guard). */
  objects?: ObjectLexicon;
}

/** catalog/lexicon/objects.yaml: per object, its CLI nouns, how requests name it, and the objects containing it. */
export interface ObjectLexicon {
  keys: string[];
  names: string[][];
  zh: string[][];
  en: string[][];
  /** Per object, the indexes of the objects it is inside (transitively closed at build). */
  inside: number[][];
  /** Words after which, to the end of the clause, objects are what a deleted thing takes with it. */
  including: { zh: string[]; en: string[] };
}

/** The object of each tool (index into lex.keys, or -1), from its CLI path's last noun (toolObject). */
export function toolObjectIndex(cliPath: string, actions: ActionLexicon): number {
  const lex = actions.objects;
  if (!lex) return -1;
  const noun = toolObject(cliPath, actions);
  return lex.names.findIndex((ns) => ns.includes(noun));
}

const NO_CONTEXT: ActionContext = { zhAfter: [], zhBefore: [], enBefore: [] };

/** Where a clause ends: what an `including` word reaches to. */
// Built from a string: the hot bundle must stay ASCII (see stages/step-fill.ts).
const CLAUSE_END = new RegExp('[\uff0c,\u3002\uff1b;\uff1a:\uff09)\uff01!\uff1f?\\n]', 'u');

/**
 * The objects the folded text names as things to act on (a word inside a longer object word said there reads as the
 * longer one); the objects after an `including` word, to the end of its clause, are left out.
 */
export function queryObjects(folded: string, lex: ObjectLexicon): number[] {
  let text = folded;
  for (const w of [...lex.including.zh, ...lex.including.en]) {
    for (let at = text.indexOf(w); at >= 0; at = text.indexOf(w, at + 1)) {
      const english = /[a-z]/u.test(w);
      if (english && !hasWord(text, w)) break;
      const rest = text.slice(at);
      const end = rest.search(CLAUSE_END);
      text = text.slice(0, at) + ' '.repeat(end < 0 ? rest.length : end) + (end < 0 ? '' : rest.slice(end));
    }
  }
  const said = saidClasses(text, lex, NO_CONTEXT, 0);
  return lex.keys.flatMap((_, i) => (said[i] ? [i] : []));
}

/**
 * The words around an action word that make it describe something else than what the request asks to do: the
 * thing it qualifies (建立的 会话), a past act (发过, 上次跑), a later step (申请之前, before I subscribe) or the
 * record of it (运行记录). Chinese: right after / right before the word; English: before it, one word between at most.
 */
export interface ActionContext {
  zhAfter: string[];
  zhBefore: string[];
  enBefore: string[];
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

/** Words of a CLI path that name neither an action nor the thing acted on ("to", "by", "batch" ...). */
const NOT_OBJECT = new Set(['to', 'by', 'batch', 'bulk', 'all', 'my', 'custom', 'external', 'personal']);

/**
 * The thing a tool acts on, from its CLI path: the last word of its command words (after the product) that is no
 * action verb of the lexicon ("aitable record delete" -> record, "chat +chat-remove-bot" -> bot, "doc +comment-delete"
 * -> comment); the product itself when no such word is left ("doc delete" -> doc).
 */
export function toolObject(cliPath: string, lex: ActionLexicon): string {
  const [product, ...rest] = cliPath.split(' ');
  const verbs = new Set(lex.names.flat());
  const words = rest.join('-').replace(/\+/gu, '').split('-').filter((w) => w && !verbs.has(w) && !NOT_OBJECT.has(w));
  return words.at(-1) ?? product;
}

/** A lexicon's words filed for lookup, with each entry's class and whether it is an English (whole) word. */
interface LexiconWords {
  buckets: PhraseBuckets;
  cls: Uint8Array;
  word: Uint8Array;
}
const lexiconBuckets = new WeakMap<object, LexiconWords>();

type Lexicon = { zh: string[][]; en: string[][] };

/** A lexicon's words in filing input order (every Chinese class, then every English class), with class and language. */
function lexiconWords(lex: Lexicon): { words: string[]; cls: number[]; english: number[] } {
  const words: string[] = [];
  const cls: number[] = [];
  const english: number[] = [];
  lex.zh.forEach((ws, c) => ws.forEach((w) => { words.push(w); cls.push(c); english.push(0); }));
  lex.en.forEach((ws, c) => ws.forEach((w) => { words.push(w); cls.push(c); english.push(1); }));
  return { words, cls, english };
}

/** The filing of a lexicon's words (the snapshot stores it, so a search never files them). */
export function fileLexicon(lex: Lexicon): PhraseFiling {
  return filePhrases(lexiconWords(lex).words);
}

function lexiconBucketsFrom({ words, cls, english }: ReturnType<typeof lexiconWords>, keys: Uint32Array, starts: Uint32Array,
  order: ArrayLike<number>): LexiconWords {
  const sorted = Array.from(order, (i) => words[i]);
  return {
    buckets: new PhraseBuckets(keys, starts, (e) => sorted[e]),
    cls: Uint8Array.from(order, (i) => cls[i]),
    word: Uint8Array.from(order, (i) => english[i]),
  };
}

/**
 * Uses a stored filing for lex. Throws a plain Error unless it files each of lex's words exactly once under a key
 * the word contains (then a text's candidates include every word it says, as with a filing made here).
 */
export function presetFiling(lex: Lexicon, filing: { keys: Uint32Array; starts: Uint32Array; order: Uint32Array }): void {
  const lw = lexiconWords(lex);
  const { words } = lw;
  const { keys, starts, order } = filing;
  if (order.length !== words.length || starts.length !== keys.length + 1) throw new Error('lexicon filing does not match the lexicon');
  checkOffsets(starts, order.length, 'lexicon filing');
  const seen = new Uint8Array(words.length);
  for (let j = 0; j < keys.length; j++) {
    if (j > 0 && keys[j] <= keys[j - 1]) throw new Error('lexicon filing is out of order');
    const key = keys[j] < 0x10000 ? String.fromCharCode(keys[j]) : String.fromCharCode(keys[j] >>> 16, keys[j] & 0xffff);
    for (let e = starts[j]; e < starts[j + 1]; e++) {
      const w = order[e];
      if (w >= words.length || seen[w] || !words[w].includes(key)) throw new Error('lexicon filing does not match the lexicon');
      seen[w] = 1;
    }
  }
  lexiconBuckets.set(lex, lexiconBucketsFrom(lw, keys, starts, order));
}

/** The lexicon's filed words: preset from the snapshot, else filed on first use (tests, hand-made lexicons). */
function bucketsOf(lex: Lexicon): LexiconWords {
  let b = lexiconBuckets.get(lex);
  if (!b) {
    const lw = lexiconWords(lex);
    const filing = filePhrases(lw.words);
    b = lexiconBucketsFrom(lw, Uint32Array.from(filing.keys), Uint32Array.from(filing.starts), filing.order);
    lexiconBuckets.set(lex, b);
  }
  return b;
}

/**
 * said[i] = 1 when the folded text says a word of class i (Chinese: substring; English: whole word); with context,
 * only an occurrence that its context does not set aside counts, and a word inside a longer one said there is read as
 * that longer word (发给 in 转发给 is forwarding, get in "get rid of" is removing, 删 in 删除记录 is set aside with it).
 */
function saidClasses(folded: string, lex: { zh: string[][]; en: string[][] }, context?: ActionContext, contextWords = 0): Uint8Array {
  const said = new Uint8Array(lex.zh.length);
  const { buckets, cls, word } = bucketsOf(lex);
  const found: { at: number; end: number; cls: number; aside: boolean }[] = [];
  buckets.candidates(folded, (phrase, e) => {
    if (!context) {
      if (said[cls[e]] === 0 && (word[e] ? hasWord(folded, phrase) : folded.includes(phrase))) said[cls[e]] = 1;
      return;
    }
    for (let at = folded.indexOf(phrase); at >= 0; at = folded.indexOf(phrase, at + 1)) {
      const end = at + phrase.length;
      if (word[e] && (/[a-z0-9]/u.test(folded[at - 1] ?? '') || /[a-z0-9]/u.test(folded[end] ?? ''))) continue;
      if (!found.some((f) => f.at === at && f.end === end && f.cls === cls[e])) {
        found.push({ at, end, cls: cls[e], aside: setAside(folded, at, end, word[e] === 1, context, contextWords) });
      }
    }
  });
  for (const f of found) {
    if (!f.aside && !found.some((g) => g.at <= f.at && f.end <= g.end && g.end - g.at > f.end - f.at)) said[f.cls] = 1;
  }
  return said;
}

/**
 * True when the action word at [at, end) of the folded text describes something else than the request's action;
 * English: one of c.enBefore among the words words before it.
 */
function setAside(folded: string, at: number, end: number, english: boolean, c: ActionContext, words: number): boolean {
  if (english) {
    const before = folded.slice(0, at).split(/[^a-z0-9']+/u).filter(Boolean).slice(-words);
    return before.some((w) => c.enBefore.includes(w));
  }
  return c.zhAfter.some((w) => folded.startsWith(w, end)) || c.zhBefore.some((w) => folded.endsWith(w, at));
}

/**
 * An English phrasal verb split by its object pronoun ("take him off", "turn it on") joined again ("take off him"),
 * so the lexicon's two-word verbs are heard however the object is placed.
 */
const SPLIT_PHRASAL = /(?<![a-z0-9])([a-z]+) (it|him|her|them|me|us|this|that|these|those) (off|on|up|out|down|over|back|in|away)(?![a-z0-9])/gu;

/**
 * Bit i set = the query (already folded: src/text/fold.ts) says an action of class i, as its own action; contextWords:
 * how far before an English action word its context is looked for (the ranking's actionContextWords).
 */
export function queryActionMask(folded: string, lex: ActionLexicon, contextWords: number): number {
  let mask = 0;
  saidClasses(folded.replace(SPLIT_PHRASAL, '$1 $3 $2'), lex, lex.context, contextWords).forEach((s, i) => {
    if (s) mask |= 1 << i;
  });
  return mask;
}

/** The products a query (already folded) names, in lexicon order. */
export function queryProducts(folded: string, lex: ProductLexicon): string[] {
  const said = saidClasses(folded, lex);
  return lex.products.filter((_, i) => said[i] === 1);
}
