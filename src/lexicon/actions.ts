// The action and product lexicons (catalog/lexicon/actions.yaml, products.yaml) and how text is matched against them:
// - action: which action classes a tool's own names carry (toolActionMask, computed at build) and which a query
//   says (queryActionMask: search, list, get, create, update, delete, recall, send, ...);
// - product: which products a query names ("多维表", "钉盘", "spreadsheet": queryProducts);
// - their filing (src/text/phrase.ts files words by their rarest unit pair; presetFiling checks a stored filing).
// The engine turns the masks into the core's per-tool multipliers (src/engine/rerank.ts).
import { negatedKeeps, type Negation } from './negation.js';
import { checkOffsets } from '../catalog/string-list.js';
import { escapeRegExp, filePhrases, hasWord, PhraseBuckets, type PhraseFiling } from '../text/phrase.js';

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
  /**
   * Words that say an object is where the deleted thing is, not the thing (从群里, 知识库中, from the group): Chinese
   * right before the object word (`zh_skip` words between: 从这个群) or right after it (an id or a quoted name
   * between), English before it with at most two words between (from the sales group), three when the first is an
   * `enDeterminers` word (off the sprint review invite; session 40); `of` after a `notOf` word (all of the records,
   * deletion of a form) says no place. Absent in older snapshots.
   */
  located?: { zhBefore: string[]; zhSkip: string[]; zhAfter: string[]; enBefore: string[]; notOf: string[]; zhName?: number; zhNameNot?: string[]; modifierNot?: string[]; enDeterminers?: string[] };
  /** CLI path words that are actions the action lexicon does not list (revoke, revert): never a tool's object. */
  verbs?: string[];
  /** Words that say a named object must stay (保留, 别动, keep): objects said only in their clause are not targets. */
  keep?: string[];
  /** Words before an object that make it the thing to delete with all it holds (整个, whole). */
  whole?: string[];
  /** Chinese words right after an object that make it the thing to delete whole (这个 base 整个不要了, 群整个删掉). */
  wholeAfter?: string[];
  /** Words that may stand with an object word in a part a keep clause goes on over (keep the table and its views):
   *  its, the, their. Absent: a keep clause ends at `and` or a comma. */
  keepList?: string[];
  /** A keep said with the object between its two parts (别把行删了, 不要将群解散): a `before` word, then later in the
   *  clause an `after` word. Absent: none (session 40). */
  keepSplit?: { before: string[]; after: string[] };
  /** Words for "the other ones" (其余, other): a keep clause that says one keeps more of the target's kind. */
  others?: string[];
  /** Words that say the request does not ask for what follows (不用, 无需, no need to): read with the ranking's
   *  negatedClauses (src/lexicon/negation.ts). Absent: none (session 51). */
  negation?: Negation;
  /** Per CLI path, the object (index into keys) of a command whose path's last noun is not what it acts on. */
  commands?: Record<string, number>;
  /**
   * Words that say whose access a permission word means (他的权限, 王芳对应用的权限, Tom's access): the object `of`
   * (permission) said so is read as the object `as` (member), the holder's place, not a permission object. Chinese:
   * a `zh` pronoun then 的, or a `zhOf` word (对) with something said before it in the clause and 的 after it; at most
   * four characters between 的 and the word. English: an `en` word right before (one word between at most); `'s`
   * after a word that names no object. Absent in older snapshots.
   */
  holder?: { of: number; as: number; zh: string[]; zhOf: string[]; en: string[]; revoke?: string[] };
  /**
   * A sheet's column named by its letter or a range of letters (D 列, C 到 F 列, column D, columns B:E): the object
   * `as` (index into keys) of the product `product`. Chinese: a `zh` word right after the letters, not followed by a
   * `zhNotNext` character (r 列出 lists); English: an `en` word right before them. Each letter stands alone (one Latin
   * letter, no letter or digit next to it). `numbered`: Chinese words right after 第 and a number or a range of them
   * (第 3 行, 第4至第6列): a whole row or column counted by its place, which only a sheet has. `cells`: the object (index
   * into keys) a range of cells written as two cell references is (A1:D20, b2 : c9). Absent in older snapshots.
   */
  /**
   * The person a removal from a place means when the request names nothing else (把 Tom 从群里移除: a group's member):
   * pairs of a place and the object (indexes into keys). Absent in older snapshots.
   */
  people?: [number, number][];
  /**
   * Object words that are pronouns (HK 佢: him, her or it): one names its object only when no other object word is said
   * before it; after one (嗰個待辦…刪咗佢) it points back to that thing. Absent in older snapshots.
   */
  pronouns?: string[];
  /** Words right after an object that say a thing said before it takes it along (跟着, go with it). Absent: none. */
  includingAfter?: string[];
  /** Object words that are measure words (这条, 那几条): one right before another object word counts that thing and names
   *  nothing of its own. Absent in older snapshots. */
  measures?: string[];
  /** Words that cancel a thing (取消, cancel): no delete word, but said outside a keep clause of a request that keeps
   *  something (会议室取消掉，会议照开) the guard reads them as a removal (objectGuardCancel). Absent: none. */
  cancel?: string[];
  /** Words that name no object though an object word is inside them (列表: a list, not a 表), blanked by the places
   *  reading (queryObjectPlaces); one inside a longer object word (下拉列表) is that word's. Absent: none. */
  none?: string[];
  /** Words that ask whether to do a thing and hold a keep word (能不能把群解散: can you dismiss the group; its 不能把 is
   *  no keep), blanked before the keep words are read (session 56). Absent: none. */
  asks?: string[];
  lettered?: { as: number; product: string; zh: string[]; zhNotNext: string[]; en: string[]; numbered?: string[]; cells?: number };
  /** Chinese words right after 第 and a number that name an object (第五题: a form's question; session 54). */
  ordinals?: [string, number][];
  /** English words that name an object only with an id or a quoted name right after them (移除 user 123: a member;
   *  after user confirmation names none): pairs of the word and the object (session 48). Absent: none. */
  idWords?: [string, number][];
}

/** An id (a token with a digit: 123, u_88, ua-12) or a quoted name, right after an id word. */
const ID_AFTER = '\\s+(?:[a-z_-]*[0-9][a-z0-9_-]*(?![a-z0-9_])|["\u201c\u300c\'])';
const idPatterns = new WeakMap<object, RegExp>();

/**
 * The folded text with each id word said before an id or a quoted name (user 123, user "amy") written as its object's
 * first English word (member 123), so the object readings name that object there; said otherwise it stays (ObjectLexicon.idWords).
 */
export function withIdWords(text: string, lex: ObjectLexicon): string {
  const pairs = lex.idWords;
  if (!pairs || !pairs.some(([w]) => text.includes(w))) return text;
  let re = idPatterns.get(pairs);
  if (!re) idPatterns.set(pairs, re = new RegExp(`(?<![a-z0-9_])(${pairs.map(([w]) => w).join('|')})(?=${ID_AFTER})`, 'gu'));
  return text.replace(re, (w) => lex.en[pairs.find(([x]) => x === w)![1]][0] ?? w);
}

/**
 * Letters of a range: one Latin letter, then more joined by a dash, a colon, 到, 至, 和, 、 (spaces optional) or by
 * to, through, and standing alone as words (b to e; "atoa" is one word, no range).
 */
const LETTERS = '(?<![a-z0-9_.-])[a-z](?:(?:\\s*[-~:,\uff5e\uff1a\uff0c\u3001\u5230\u81f3\u548c]\\s*|\\s+(?:to|through|and)\\s+)[a-z])*(?![a-z0-9_])';
/** 第 and a number (digits or Chinese numerals), then more joined by 至, 到, 和, 、, a dash or a tilde (第 optional). */
const NUMBER = '(?:[0-9]+|[\u4e00\u4e8c\u4e24\u4e09\u56db\u4e94\u516d\u4e03\u516b\u4e5d\u5341\u767e]+)';
const ORDINALS = `\u7b2c\\s*${NUMBER}(?:\\s*[-~\uff5e\u2014\u3001\u5230\u81f3\u548c]\\s*\u7b2c?\\s*${NUMBER})*`;
const letteredPatterns = new WeakMap<object, RegExp[]>();

/** Where the folded text names a sheet's column by its letter (ObjectLexicon.lettered): the spans, letters and word. */
export function letteredSpans(text: string, lex: ObjectLexicon): { at: number; end: number }[] {
  const l = lex.lettered;
  // Most requests say no column word and no 第 at all: no pattern is run for them.
  if (!l || (![...l.zh, ...l.en].some((w) => text.includes(w)) && !((l.numbered?.length ?? 0) > 0 && text.includes('\u7b2c')))) return [];
  const numbered = l.numbered ?? [];
  let res = letteredPatterns.get(l);
  if (!res) {
    const not = l.zhNotNext.length > 0 ? `(?![${l.zhNotNext.map(escapeRegExp).join('')}])` : '';
    res = [
      ...l.zh.map((w) => new RegExp(`${LETTERS}\\s*${escapeRegExp(w)}${not}`, 'gu')),
      // English: the letters standing alone, then no other word (column a user added, the column i made are none)
      // unless it is a joining or place word.
      ...l.en.map((w) => new RegExp(`(?<![a-z])${escapeRegExp(w)}\\s+${LETTERS}(?=\\s*$|\\s*[^\\sa-z]|\\s+(?:of|in|on|from|to|and|with|then|entirely|$))`, 'gu')),
      // Numbered: 第, a number or a range of them (第4至第6列, 第 3 到 5 行), then the word.
      ...numbered.map((w) => new RegExp(`${ORDINALS}\\s*${escapeRegExp(w)}`, 'gu')),
    ];
    letteredPatterns.set(l, res);
  }
  const out: { at: number; end: number }[] = [];
  for (const re of res) for (const m of text.matchAll(re)) out.push({ at: m.index, end: m.index + m[0].length });
  return out;
}

const ordinalPatterns = new WeakMap<object, RegExp>();

/** Where the folded text counts a thing by its place (ObjectLexicon.ordinals: 第五题, 第 3 题): the spans and objects. */
export function ordinalSpans(text: string, lex: ObjectLexicon): { at: number; end: number; obj: number }[] {
  const o = lex.ordinals;
  if (!o || o.length === 0 || !text.includes('\u7b2c')) return [];
  let re = ordinalPatterns.get(o);
  if (!re) ordinalPatterns.set(o, re = new RegExp(`${ORDINALS}\\s*(${o.map(([w]) => escapeRegExp(w)).join('|')})`, 'gu'));
  return [...text.matchAll(re)].map((m) => ({ at: m.index, end: m.index + m[0].length, obj: o.find(([w]) => w === m[1])![1] }));
}

/** Two cell references joined by a colon, 到 or 至 (a1:d20, a2 到 d10, as a lettered column range is joined), each
 *  standing alone: one to three letters, then digits. */
const CELL_RANGE = /(?<![a-z0-9_.-])[a-z]{1,3}[0-9]{1,7}\s*(?::|\u5230|\u81f3)\s*[a-z]{1,3}[0-9]{1,7}(?![a-z0-9_])/gu;

/** Where the folded text names a range of cells by its references (ObjectLexicon.lettered.cells: A1:D20). */
export function cellRangeSpans(text: string, lex: ObjectLexicon): { at: number; end: number }[] {
  if (lex.lettered?.cells === undefined || !/[:\u5230\u81f3]/u.test(text)) return [];
  return [...text.matchAll(CELL_RANGE)].map((m) => ({ at: m.index, end: m.index + m[0].length }));
}

/** The text with every lettered column (letteredSpans) and cell range (cellRangeSpans) blanked, and what it had. */
function withoutLettered(text: string, lex: ObjectLexicon): { text: string; lettered: boolean; cells: boolean } {
  const spans = letteredSpans(text, lex);
  const cells = cellRangeSpans(text, lex);
  if (spans.length === 0 && cells.length === 0) return { text, lettered: false, cells: false };
  let out = text;
  for (const s of [...spans, ...cells]) out = out.slice(0, s.at) + ' '.repeat(s.end - s.at) + out.slice(s.end);
  return { text: out, lettered: spans.length > 0, cells: cells.length > 0 };
}

/**
 * Whether the folded text revokes someone's access (revoke Tom's access, 撤销他的权限): it says a `holder.revoke` word
 * (Chinese anywhere, English whole) and a permission word that is held (heldAt).
 */
export function revokesHeld(folded: string, lex: ObjectLexicon): boolean {
  const h = lex.holder;
  if (!h?.revoke || !h.revoke.some((w) => (/[a-z]/u.test(w) ? hasWord(folded, w) : folded.includes(w)))) return false;
  for (const w of objectWordsIn(folded, lex)) {
    if (w.obj !== h.of) continue;
    for (let a = folded.indexOf(w.word); a >= 0; a = folded.indexOf(w.word, a + 1)) {
      if (w.english && (/[a-z0-9]/u.test(folded[a - 1] ?? '') || /[a-z0-9]/u.test(folded[a + w.word.length] ?? ''))) continue;
      if (heldAt(folded, a, lex)) return true;
    }
  }
  return false;
}

/** Whether the object word at `at` in text says whose access it is (ObjectLexicon.holder). */
export function heldAt(text: string, at: number, lex: ObjectLexicon): boolean {
  const h = lex.holder;
  if (!h) return false;
  let start = at;
  while (start > 0 && !CLAUSE_END.test(text[start - 1])) start--;
  const head = text.slice(start, at).trimEnd();
  // Chinese: 他的(管理)权限; 王芳对应用的(管理)权限.
  const de = /\u7684[^\s\u7684]{0,4}$/u.exec(head);
  if (de) {
    const before = head.slice(0, de.index).trimEnd();
    if (h.zh.some((w) => before.endsWith(w))) return true;
    for (const w of h.zhOf) {
      const o = before.lastIndexOf(w);
      if (o > 0 && before.slice(0, o).trim().length > 0) return true;
    }
  }
  // English: his access, their edit access, Tom's (developer) access; not the app's access. The word right before,
  // or the one before that with one word between.
  const words = head.split(/\s+/u).slice(-2).reverse();
  for (const w of words) {
    const m = /^([a-z][a-z0-9_-]*)('s)?$/u.exec(w);
    if (!m) break;
    if (m[2] === undefined ? h.en.includes(m[1]) : h.en.includes("'s") && !lex.keys.some((_, i) => lex.en[i].includes(m[1]) || lex.names[i].includes(m[1]))) return true;
  }
  return false;
}

/** The object of each tool (index into lex.keys, or -1), from its CLI path's last noun (toolObject). */
export function toolObjectIndex(cliPath: string, actions: ActionLexicon): number {
  const lex = actions.objects;
  if (!lex) return -1;
  const declared = lex.commands?.[cliPath];
  if (declared !== undefined) return declared;
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
  // A lettered column (D 列, column D) is the lettered object, its column word no other object's reading.
  const { text, lettered, cells } = withoutLettered(withoutIncluded(folded, lex), lex);
  const said = saidClasses(text, lex, NO_CONTEXT, 0);
  if (lettered) said[lex.lettered!.as] = 1;
  if (cells) said[lex.lettered!.cells!] = 1;
  for (const o of ordinalSpans(text, lex)) said[o.obj] = 1;
  const h = lex.holder;
  // A permission word said only as someone's access names the holder's membership (ObjectLexicon.holder).
  if (h && said[h.of]) {
    const at = objectWordsIn(text, lex).filter((w) => w.obj === h.of).flatMap((w) => {
      const out: number[] = [];
      for (let a = text.indexOf(w.word); a >= 0; a = text.indexOf(w.word, a + 1)) out.push(a);
      return out;
    });
    if (at.length > 0 && at.every((a) => heldAt(text, a, lex))) { said[h.of] = 0; said[h.as] = 1; }
  }
  return lex.keys.flatMap((_, i) => (said[i] ? [i] : []));
}

/**
 * The text with each `none` word (列表: a list, no table) blanked, so neither it nor an object word inside it (表) names
 * anything, and a place word after it still reads (会话列表里); one inside a longer object word (下拉列表) is kept.
 */
function withoutNone(text: string, lex: ObjectLexicon): string {
  const words = (lex.none ?? []).filter((w) => text.includes(w));
  if (words.length === 0) return text;
  const longer = objectWordsIn(text, lex).filter((o) => words.some((w) => o.word.length > w.length && o.word.includes(w)));
  let out = text;
  for (const w of words) {
    for (let a = text.indexOf(w); a >= 0; a = text.indexOf(w, a + 1)) {
      const held = longer.some((o) => {
        for (let b = text.indexOf(o.word); b >= 0 && b <= a; b = text.indexOf(o.word, b + 1)) if (a + w.length <= b + o.word.length) return true;
        return false;
      });
      if (!held) out = out.slice(0, a) + ' '.repeat(w.length) + out.slice(a + w.length);
    }
  }
  return out;
}

/** The text with each `including` word's reach (to the end of its clause) blanked. */
function withoutIncluded(folded: string, lex: ObjectLexicon): string {
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
  return text;
}

/** A Han character (the short Chinese names read between a place word and its object). */
const HAN = /\p{Script=Han}/u;

/**
 * The English `whole` words' test (the whole base, with up to two words between) and the English `wholeAfter` words'
 * (the base entirely), compiled once per lexicon as the other filings here: queryObjectPlaces asks them per request.
 */
const wholeTestFiling = new WeakMap<ObjectLexicon, { before: Map<string, RegExp>; after: Map<string, RegExp> }>();

function wholeTests(lex: ObjectLexicon): { before: Map<string, RegExp>; after: Map<string, RegExp> } {
  let tests = wholeTestFiling.get(lex);
  if (!tests) {
    const english = (words: string[]) => words.filter((w) => /[a-z]/u.test(w));
    tests = {
      before: new Map(english(lex.whole ?? []).map((w) => [w, new RegExp(`(?<![a-z])${w}(?: [a-z0-9_"-]+){0,2}$`, 'u')])),
      after: new Map(english(lex.wholeAfter ?? []).map((w) => [w, new RegExp(`^ +${w}(?![a-z0-9])`, 'u')])),
    };
    wholeTestFiling.set(lex, tests);
  }
  return tests;
}

/** Ids, quoted names and spaces between an object word and a Chinese place word after it (群 cid_1 里, 表“旧数据”中). */
const NAME_RUN = /^(?:\s|[a-z0-9_.-]+|\u201c[^\u201d]*\u201d|"[^"]*"|\u300c[^\u300d]*\u300d|\u300a[^\u300b]*\u300b)*/u;

/** A quoted name once blanked (one word for the English place words' count). */
const BLANK_QUOTE = /["\u201c\u300c\u300a]\s*["\u201d\u300d\u300b]/gu;
const QUOTED = /\u201c[^\u201d]*\u201d|"[^"]*"|\u300c[^\u300d]*\u300d|\u300a[^\u300b]*\u300b/gu;

/**
 * The objects the folded text names (queryObjects); among them the located ones, named only where a `located` word
 * says the deleted thing is in them (从群里, 知识库中, 文档的, from the group, of app ua_1), and the places: the located
 * ones that contain other objects; stays: the objects said only in a clause with a `keep` word (群留着, keep the
 * chats), which are left out of the others; whole: those said right after a `whole` word (整个多维表, the whole base).
 * compoundHeads: the place word before a compound is read for its last word too (from the engineering wiki space).
 * compounds: an English object word right before another (conversation category) is located too: it says which kind
 * the second one is.
 */
/**
 * Readings of queryObjectPlaces that the ranking options turn on (session 55). idGap: an id between two English object
 * words (form frm_1 base bas_2: an underscore, or letters and digits both) is the first one's id, not a name saying which
 * one the second is (objectGuardIdGap). mixed: a Chinese object word in English words (from the 知识库 space) is placed
 * by the English place word before it, as an English one is (objectGuardMixedPlaces).
 */
export interface PlaceReadings {
  idGap?: boolean;
  mixed?: boolean;
  /** mixed, and the words a place word may stand before the object with (located.zh_skip: 这个, 我的) read away first
   *  (remove 小王 from 这个群; objectGuardMixedPlaces 2, session 56). */
  mixedSkip?: boolean;
}

/** An agent's id (rec_1, tbl_x, frm1): an underscore, or letters and digits both; a name or a year (Events 2023) is none. */
const ID_WORD = /_|[a-z][0-9]|[0-9][a-z]/u;

export function queryObjectPlaces(folded: string, lex: ObjectLexicon, compounds = true, compoundHeads = true, readings: PlaceReadings = {}): { named: number[]; located: number[]; places: number[]; stays: number[]; whole: number[] } {
  // A quoted name is a name, not the thing it sounds like (the "Calendar" view, 把“测试表”删掉).
  // A word that names no object (列表: a list) is blanked with the object words inside it (its 表).
  const quoted = withoutNone(withoutIncluded(folded, lex), lex).replace(QUOTED, (q) => q[0] + ' '.repeat(q.length - 2) + q[q.length - 1]);
  // A lettered column (D 列, column D) is the lettered object, read where it is said.
  const lettered = letteredSpans(quoted, lex);
  const { text } = withoutLettered(quoted, lex);
  const at: { at: number; end: number; obj: number; english: boolean }[] = lettered.map((s) => ({ ...s, obj: lex.lettered!.as, english: false }));
  for (const s of cellRangeSpans(quoted, lex)) at.push({ ...s, obj: lex.lettered!.cells!, english: false });
  for (const s of ordinalSpans(quoted, lex)) at.push({ ...s, english: false });
  // Every object word (per object: its Chinese words, then its English ones) that the text may say, in that order.
  for (const { word: w, obj: i, english } of objectWordsIn(text, lex)) {
    for (let a = text.indexOf(w); a >= 0; a = text.indexOf(w, a + 1)) {
      const e = a + w.length;
      // A whole word, and not a part of a dotted or underscored identifier (Calendar.Event.Write names no event)
      // (an identifier's part is no word either: qyapi_get_member names no member)
      if (english && (/[a-z0-9_]/u.test(text[a - 1] ?? '') || /[a-z0-9_]/u.test(text[e] ?? '') ||
        /[a-z0-9]\./u.test(text.slice(Math.max(0, a - 2), a)) || /^\.[a-z0-9]/u.test(text.slice(e, e + 2)))) continue;
      at.push({ at: a, end: e, obj: i, english });
    }
  }
  const widest = at.filter((f) => !at.some((g) => g.at <= f.at && f.end <= g.end && g.end - g.at > f.end - f.at));
  // A pronoun (佢) after another object word points back to that thing (嗰個待辦…刪咗佢: the to-do), so it names nothing.
  const pronouns = (lex.pronouns ?? []).filter((w) => text.includes(w));
  const pronoun = (f: (typeof at)[number]) => !f.english && pronouns.includes(text.slice(f.at, f.end));
  const pointing = pronouns.length === 0 ? widest : widest.filter((f) => !pronoun(f) || !widest.some((g) => g.at < f.at && !pronoun(g)));
  // A measure word right before another object word (这条评论, 那几条 rec_1 记录) counts that thing and names nothing of its
  // own; said alone (那几条删了) it names its objects.
  const measures = (lex.measures ?? []).filter((w) => text.includes(w));
  const counted = measures.length === 0 ? pointing : pointing.filter((f) => {
    if (f.english || !measures.includes(text.slice(f.at, f.end))) return true;
    const next = f.end + (NAME_RUN.exec(text.slice(f.end))?.[0].length ?? 0);
    return !pointing.some((g) => g !== f && g.at >= f.end && g.at <= next);
  });
  // An object said right before an `including_after` word (图表跟着删, its comments go with it), inside a thing said before
  // it, is what that thing takes with it: no object to act on, as after an `including` word.
  const carriedWords = (lex.includingAfter ?? []).filter((w) => text.includes(w));
  const said = carriedWords.length === 0 ? counted : counted.filter((f) => {
    const rest = text.slice(f.end).replace(/^ +/u, '');
    const carried = carriedWords.some((w) => rest.startsWith(w) && !(/[a-z]/u.test(w) && /[a-z0-9]/u.test(rest[w.length] ?? '')));
    return !carried || !counted.some((g) => g.at < f.at && lex.inside[f.obj].includes(g.obj));
  });
  // Someone's access (他的权限, Tom's access) is the holder's membership, not a permission object.
  const held = lex.holder;
  if (held) for (const f of said) if (f.obj === held.of && heldAt(text, f.at, lex)) f.obj = held.as;
  // An object said only in a clause that keeps something (里面的群别动, keep the chats) is what must stay.
  const keepClause = keptClauses(text, lex);
  const inKept = said.map((f) => keepClause.some(([a, b]) => a <= f.at && f.end <= b));
  const kept = said.filter((_, i) => !inKept[i]);
  const stays = [...new Set(said.filter((_, i) => inKept[i]).map((f) => f.obj))].filter((o) => !kept.some((f) => f.obj === o));
  const named = [...new Set(kept.map((f) => f.obj))].sort((a, b) => a - b);
  const loc = lex.located;
  if (!loc) return { named, located: [], places: [], stays, whole: [] };
  const containers = containersOf(lex);
  /** The head of the text with words like 这个 / 我的 at its end cut off, and with `names` an id, an English word or a
   *  quoted name too (从这个 wiki space, 从我的「重要」分组). */
  const skipped = (h: string, names = true) => {
    let head = h;
    for (let cut = true; cut;) {
      const w = loc.zhSkip.find((x) => head.endsWith(x)) ?? (names ? /(?:[a-z0-9_.-]+|["\u201c\u300c\u300a]\s*["\u201d\u300d\u300b])$/u.exec(head)?.[0] : undefined);
      cut = w !== undefined;
      if (w) head = head.slice(0, head.length - w.length).trimEnd();
    }
    return head;
  };
  /** An English place word within two words before `start` (three when the first of them is a determiner). */
  const placedBy = (t: string, start: number) => {
    const before = t.slice(0, start).replace(BLANK_QUOTE, ' _q ').split(/[^a-z0-9_'\u201c\u201d"-]+/u).filter(Boolean).reverse();
    // Two words between at most; three when the first of them is a determiner (off the sprint review invite).
    for (let i = 0; i < Math.min(before.length, 4); i++) {
      if (i === 3 && !(loc.enDeterminers ?? []).includes(before[2])) break;
      if (loc.enBefore.includes(before[i])) return !(before[i] === 'of' && loc.notOf.includes(before[i + 1] ?? ''));
    }
    return false;
  };
  const placed = (f: (typeof kept)[number]) => {
    // Chinese place words read around every object word (从这个 file 上), English ones around English words.
    const head = skipped(text.slice(0, f.at).trimEnd());
    if (loc.zhBefore.some((w) => head.endsWith(w))) return true;
    // A short Chinese name between (从项目群, 喺客戶表): at most zhName characters, none of them a word that ends a name
    // (zhNameNot: 把, 和, a place word after) and no object word among them.
    for (let k = 1; k <= (loc.zhName ?? 0) && k <= head.length; k++) {
      const c = head[head.length - k];
      const name = head.slice(head.length - k);
      if (!HAN.test(c) || loc.zhAfter.some((w) => name.includes(w)) || loc.zhNameNot?.some((w) => name.includes(w))) break;
      // (head is a prefix of the text: the name starts at head.length - k)
      if (at.some((g) => g.at < f.at && g.end > head.length - k)) break;
      const rest = skipped(head.slice(0, head.length - k).trimEnd());
      if (loc.zhBefore.some((w) => rest.endsWith(w))) return true;
    }
    const after = text.slice(f.end).replace(NAME_RUN, '');
    if (loc.zhAfter.some((w) => after.startsWith(w))) return true;
    // mixed (session 55): in English words, the English place word before it places a Chinese object word too.
    // mixedSkip (session 56): with 这个 / 我的 between them (from 这个群).
    if (!f.english) {
      const head = readings.mixedSkip === true ? skipped(text.slice(0, f.at).trimEnd(), false) : text.slice(0, f.at).trimEnd();
      return readings.mixed === true && /[a-z0-9]$/u.test(head) && placedBy(text, head.length);
    }

    if (text.startsWith("'s", f.end)) return true;
    // An English object word right before another says which kind the second is (conversation category, table
    // records): the thing is the second one, the first where or what it belongs to.
    if (compounds && kept.some((g) => g.english && g.at > f.end && /^ +$/u.test(text.slice(f.end, g.at)))) return true;
    // compoundHeads: the place word of a compound is read before its first word (from the engineering wiki space;
    // session 36, objectGuardPlaces 3).
    let start = f.at;
    for (let g = compounds && compoundHeads ? kept.find((x) => x.english && x.end < start && /^ +$/u.test(text.slice(x.end, start))) : undefined; g;
      g = kept.find((x) => x.english && x.end < start && /^ +$/u.test(text.slice(x.end, start)))) start = g.at;
    return placedBy(text, start);
  };
  // A placed word that names a container reads as a place for every object it names ("from folder": a chat category
  // or a base section); an object said only in such words is located, and a located container is a place.
  // An object said right after a `whole` word (整个多维表, the whole base) is the thing to delete, contents and all.
  // Or right before a `wholeAfter` word, with only an id or a quoted name between (这个 base 整个不要了).
  const wholeWords = lex.whole ?? [];
  const wholeAfter = lex.wholeAfter ?? [];
  const tests = wholeTests(lex);
  const whole = [...new Set(kept.filter((f) => wholeWords.some((w) => {
    const head = text.slice(0, f.at).trimEnd();
    const re = tests.before.get(w);
    return re ? re.test(head.replace(BLANK_QUOTE, ' _q ').trimEnd()) : head.endsWith(w);
  }) || (wholeAfter.length > 0 && wholeAfter.some((w) => {
    // An English one right after the object word (the base entirely): NAME_RUN would take it for a name.
    const re = tests.after.get(w);
    return re ? re.test(text.slice(f.end)) : text.slice(f.end).replace(NAME_RUN, '').startsWith(w);
  }))).map((f) => f.obj))];
  const placeSpan = kept.map((f) => placed(f) && kept.some((g) => g.at === f.at && g.end === f.end && containers.has(g.obj)));
  // modifiers (session 36): an English object word before another with a name or a number between (the Members Portal
  // app, the Events 2023 base), or a plural right before it (the Attachments field), says which one: it is no target,
  // whether or not it holds things; one that holds things is a place.
  const notBetween = loc.modifierNot;
  const modifies = (f: (typeof kept)[number]) => compounds && notBetween !== undefined && f.english && kept.some((g) => {
    if (!g.english || g.at <= f.end) return false;
    const gap = /^ +(?:([a-z0-9_-]+) +)?$/u.exec(text.slice(f.end, g.at));
    // Right before it, a plural says a name (the Members page; an admin role is a kind of role, said as such).
    return gap !== null && (gap[1] === undefined ? /[^s]s$/u.test(text.slice(f.at, f.end)) : !notBetween.includes(gap[1]) && !(readings.idGap === true && ID_WORD.test(gap[1])));
  });
  const modSpan = kept.map((f) => modifies(f));
  const located = named.filter((o) => kept.every((f, i) => f.obj !== o || placeSpan[i] || modSpan[i]));
  return { named, located, places: located.filter((o) => containers.has(o)), stays, whole };
}

/** Per object lexicon: the objects that contain another (filed once: the guard reads it for every removal request). */
const containerSets = new WeakMap<ObjectLexicon, Set<number>>();

function containersOf(lex: ObjectLexicon): Set<number> {
  let out = containerSets.get(lex);
  if (!out) containerSets.set(lex, out = new Set(lex.inside.flat()));
  return out;
}

interface ObjectWord {
  word: string;
  obj: number;
  english: boolean;
  /** Its place in the order the words are read: by object, its Chinese words, then its English ones. */
  seq: number;
}

/**
 * Per object lexicon: its words filed by their first two UTF-16 units (a one-unit word by its unit), built once per
 * process. A pair key is a << 16 | b (at least 65536: a word never starts with U+0000), a unit key the unit.
 */
const objectWordFiling = new WeakMap<ObjectLexicon, Map<number, ObjectWord[]>>();

/**
 * The object words whose first two UTF-16 units (or one unit) the text has (a word that does not start at any position
 * of it cannot occur in it), in reading order: every word the text says, in the order a loop over every object's words
 * would find them.
 */
function objectWordsIn(text: string, lex: ObjectLexicon): ObjectWord[] {
  let filing = objectWordFiling.get(lex);
  if (!filing) {
    filing = new Map();
    let seq = 0;
    for (let i = 0; i < lex.keys.length; i++) {
      for (const [words, english] of [[lex.zh[i], false], [lex.en[i], true]] as const) {
        for (const word of words) {
          const entry = { word, obj: i, english, seq: seq++ };
          if (word.length === 0) continue;
          const key = word.length === 1 ? word.charCodeAt(0) : ((word.charCodeAt(0) << 16) | word.charCodeAt(1)) >>> 0;
          const list = filing.get(key);
          if (list) list.push(entry);
          else filing.set(key, [entry]);
        }
      }
    }
    objectWordFiling.set(lex, filing);
  }
  const seen = new Set<number>();
  const out: ObjectWord[] = [];
  const offer = (key: number) => {
    if (seen.has(key)) return;
    seen.add(key);
    const list = filing.get(key);
    if (list) for (const w of list) out.push(w);
  };
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    offer(c);
    if (k + 1 < text.length) offer(((c << 16) | text.charCodeAt(k + 1)) >>> 0);
  }
  return out.sort((a, b) => a.seq - b.seq);
}

/** Where a clause ends for a `keep` word: punctuation, or a word that starts another clause (但, but, and, without). */
const KEEP_CLAUSE_END = new RegExp('[\uff0c,\u3002\uff1b;\uff1a:\uff09)\uff01!\uff1f?\\n]|\u4f46|(?<![a-z])(?:but|and|while|without)(?![a-z])', 'gu');

const negatedLexicons = new WeakMap<ObjectLexicon, ObjectLexicon>();

/**
 * The lexicon with the keep words its `negation` makes added to `keep` (negatedClauses 1: 不需要删, 无需移除, no need to
 * delete are keep words as 不用删 and don't delete are; src/lexicon/negation.ts negatedKeeps), made once per lexicon;
 * the lexicon itself when it has no `negation`.
 */
export function withNegatedKeeps(lex: ObjectLexicon): ObjectLexicon {
  if (!lex.negation) return lex;
  let out = negatedLexicons.get(lex);
  if (!out) negatedLexicons.set(lex, out = { ...lex, keep: negatedKeeps(lex.keep ?? [], lex.keepSplit?.after ?? [], lex.negation) });
  return out;
}

/** Whether the folded text has a clause that says a `keep` word (资料不要动, keep the rest), whatever it names. */
export function saysKeep(folded: string, lex: ObjectLexicon): boolean {
  return keptClauses(folded, lex).length > 0;
}

/**
 * The folded request says a `cancel` word (取消, cancel; an English one as a whole word) outside every keep clause, and
 * says a keep clause: 会议室取消掉，会议照开 cancels the room and keeps the meeting (a 取消 inside 不要取消 is the keep).
 */
export function cancelsWithKeep(folded: string, lex: ObjectLexicon): boolean {
  const words = (lex.cancel ?? []).filter((w) => folded.includes(w));
  if (words.length === 0) return false;
  const spans = keptClauses(folded, lex);
  if (spans.length === 0) return false;
  for (const w of words) {
    for (let a = folded.indexOf(w); a >= 0; a = folded.indexOf(w, a + 1)) {
      if (/[a-z]/u.test(w) && (/[a-z0-9]/u.test(folded[a - 1] ?? '') || /[a-z0-9]/u.test(folded[a + w.length] ?? ''))) continue;
      if (!spans.some(([x, y]) => x <= a && a < y)) return true;
    }
  }
  return false;
}

/** The folded text without its keep clauses (what is left asks for something, or for nothing). */
export function withoutKept(folded: string, lex: ObjectLexicon): string {
  let out = '';
  let at = 0;
  for (const [a, b] of keptClauses(folded, lex)) {
    out += folded.slice(at, a);
    at = b;
  }
  return out + folded.slice(at);
}

/** The [start, end) spans of the clauses that say a `keep` word. */
function keptClauses(said: string, lex: ObjectLexicon): [number, number][] {
  // An ask (能不能把…删掉) holds a keep word (不能把) but asks for the removal: blanked, the places kept.
  const text = lex.asks === undefined ? said : lex.asks.reduce((t, w) => t.replaceAll(w, ' '.repeat(w.length)), said);
  const words = lex.keep;
  const split = lex.keepSplit;
  // A keep said with the object between (别把行删了): a `before` word, then an `after` word later in the clause.
  const saysSplit = (clause: string) => split !== undefined && split.before.some((w) => {
    const a = clause.indexOf(w);
    return a >= 0 && split.after.some((x) => clause.indexOf(x, a + w.length) >= 0);
  });
  // A clause says a keep word only where the text has it.
  if (!words || (!words.some((w) => text.includes(w)) && !saysSplit(text))) return [];
  const cuts = [0, ...[...text.matchAll(KEEP_CLAUSE_END)].map((m) => m.index), text.length];
  const spans: [number, number][] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const clause = text.slice(cuts[i], cuts[i + 1]);
    const says = (ws: string[]) => ws.some((w) => (/[a-z]/u.test(w) ? hasWord(clause, w) : clause.includes(w)));
    // Keeping "the other ones" (保留其余身份, keep the other files) keeps more of the same kind, not another object.
    if ((!says(words) && !saysSplit(clause)) || says(lex.others ?? [])) continue;
    // keepList: a keep clause goes on over a cut (and, a comma) before a part that only names things (keep the
    // table and its views; keep the group, its bots and its messages).
    let end = i + 1;
    while (lex.keepList && end + 1 < cuts.length && namesOnly(text.slice(cuts[end], cuts[end + 1]), lex)) end++;
    spans.push([cuts[i], cuts[end]]);
    i = end - 1;
  }
  return spans;
}

/** Whether an English part of a clause only names things: an object word, with `and`, a comma and keepList words
 *  (its, the) around it (", its bots", " and its meeting room."). */
function namesOnly(part: string, lex: ObjectLexicon): boolean {
  const words = part.replace(/[\uff0c,\u3002\uff1b;\uff1a:\uff09)\uff01!\uff1f?.]/gu, ' ').split(/\s+/u).filter(Boolean);
  const rest = words.filter((w, i) => !(i === 0 && w === 'and') && !lex.keepList!.includes(w)).join(' ');
  return rest.length > 0 && /^[a-z -]+$/u.test(rest) && lex.en.some((ws) => ws.includes(rest));
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
  /** Action words that name a thing (设置: the settings) when their clause ends right after them. Absent: none. */
  zhNounAtEnd?: string[];
  /** Phrases that name a permission level or role (只读, 仅查看, read-only, edit access): an action word inside one names
   *  the level, not the request's action (read with the ranking's permissionWords; session 51). Absent: none. */
  permission?: string[];
  /** English verbs whose object of up to three words may stand before "out of" or "off the" (take Lisa out of the
   *  chat): read as the two-word verb (queryActionMask). Absent: none. */
  split?: string[];
}

export interface ProductLexicon {
  products: string[];
  zh: string[][];
  en: string[][];
  /**
   * Per product, how many of its first zh / en words are catalog/lexicon/products.yaml's own names; the rest were mined
   * from the train requests (product-words.yaml). Absent (snapshots before session 44): every word is the product's own.
   */
  own?: { zh: number[]; en: number[] };
}

/** Per product lexicon: the view with its own names only (the words products.yaml lists, none mined), filed once. */
const ownViews = new WeakMap<ProductLexicon, ProductLexicon>();

/** The product names products.yaml lists (what the product is called), without the words mined from requests. */
export function ownProductLexicon(lex: ProductLexicon): ProductLexicon {
  const own = lex.own;
  if (!own) return lex;
  let view = ownViews.get(lex);
  if (!view) {
    view = { products: lex.products, zh: lex.zh.map((ws, i) => ws.slice(0, own.zh[i])), en: lex.en.map((ws, i) => ws.slice(0, own.en[i])) };
    ownViews.set(lex, view);
  }
  return view;
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
/** Per action lexicon: its action words and the object lexicon's verbs, never a tool's object (filed once). */
const verbSets = new WeakMap<ActionLexicon, Set<string>>();

export function toolObject(cliPath: string, lex: ActionLexicon): string {
  const [product, ...rest] = cliPath.split(' ');
  let verbs = verbSets.get(lex);
  if (!verbs) verbSets.set(lex, verbs = new Set([...lex.names.flat(), ...(lex.objects?.verbs ?? [])]));
  const words = rest.join('-').replace(/\+/gu, '').split('-').filter((w) => w && !verbs.has(w) && !NOT_OBJECT.has(w));
  return words.at(-1) ?? product;
}

/** A lexicon's words filed for lookup, with each entry's class and whether it is an English (whole) word. */
interface LexiconWords {
  buckets: PhraseBuckets;
  cls: Uint8Array;
  word: Uint8Array;
  /** Per entry, the last saidClasses call that read it (an entry offered at several positions is read once). */
  seen: Uint32Array;
  calls: number;
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
    seen: new Uint32Array(order.length),
    calls: 0,
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
function saidClasses(folded: string, lex: { zh: string[][]; en: string[][] }, context?: ActionContext, contextWords = 0, permission = 0): Uint8Array {
  const said = new Uint8Array(lex.zh.length);
  const lw = bucketsOf(lex);
  const { buckets, cls, word, seen } = lw;
  if (lw.calls === 0xffffffff) {
    lw.seen.fill(0);
    lw.calls = 0;
  }
  const call = ++lw.calls;
  const found: { at: number; end: number; cls: number; aside: boolean }[] = [];
  buckets.candidates(folded, (phrase, e) => {
    // Every occurrence of the phrase is read the first time it is offered.
    if (seen[e] === call) return;
    seen[e] = call;
    if (!context) {
      if (said[cls[e]] === 0 && (word[e] ? hasWord(folded, phrase) : folded.includes(phrase))) said[cls[e]] = 1;
      return;
    }
    for (let at = folded.indexOf(phrase); at >= 0; at = folded.indexOf(phrase, at + 1)) {
      const end = at + phrase.length;
      if (word[e] && (isWordUnit(folded.charCodeAt(at - 1)) || isWordUnit(folded.charCodeAt(end)))) continue;
      if (!found.some((f) => f.at === at && f.end === end && f.cls === cls[e])) {
        found.push({ at, end, cls: cls[e], aside: setAside(folded, at, end, word[e] === 1, context, contextWords) });
      }
    }
  });
  // permission (session 51): an action word inside a phrase naming a permission level (read-only, 仅查看) is aside.
  // Only the phrases filed under a found word are tried, where that word stands (session 52: no scan of the text).
  const levels = permission === 1 && context?.permission ? permissionFiling(context.permission, lex) : undefined;
  for (const f of found) {
    if (levels && inPermissionPhrase(folded, f.at, f.end, levels)) continue;
    if (!f.aside && !found.some((g) => g.at <= f.at && f.end <= g.end && g.end - g.at > f.end - f.at)) said[f.cls] = 1;
  }
  return said;
}

/** A permission phrase as filed under one action word it contains: the word starts at `offset` in the phrase. */
export interface PermissionEntry { phrase: string; offset: number; english: boolean }
const permissionFilings = new WeakMap<readonly string[], Map<string, PermissionEntry[]>>();

/**
 * The permission phrases filed under every action word of lex each contains, at each place it does (read-only under
 * read, 仅查看 under 查看 and 看), built on first use. A found action word then tries only the phrases filed under it.
 */
export function permissionFiling(phrases: readonly string[], lex: { zh: string[][]; en: string[][] }): Map<string, PermissionEntry[]> {
  let filing = permissionFilings.get(phrases);
  if (filing) return filing;
  filing = new Map();
  const words = new Set([...lex.zh.flat(), ...lex.en.flat()]);
  for (const phrase of phrases) {
    const english = /[a-z]/u.test(phrase);
    for (const w of words) {
      for (let k = phrase.indexOf(w); k >= 0; k = phrase.indexOf(w, k + 1)) {
        const list = filing.get(w) ?? [];
        list.push({ phrase, offset: k, english });
        filing.set(w, list);
      }
    }
  }
  permissionFilings.set(phrases, filing);
  return filing;
}

/** Whether the action word at [at, end) of the folded text stands inside a permission phrase said there (an English
 *  phrase as whole words). */
export function inPermissionPhrase(folded: string, at: number, end: number, filing: Map<string, PermissionEntry[]>): boolean {
  const entries = filing.get(folded.slice(at, end));
  if (!entries) return false;
  return entries.some(({ phrase, offset, english }) => {
    const start = at - offset;
    return start >= 0 && folded.startsWith(phrase, start) &&
      (!english || (!isWordUnit(folded.charCodeAt(start - 1)) && !isWordUnit(folded.charCodeAt(start + phrase.length))));
  });
}

/** True for the UTF-16 unit of [a-z0-9] (false for NaN: a position outside the text). */
function isWordUnit(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
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
  return c.zhAfter.some((w) => folded.startsWith(w, end)) || c.zhBefore.some((w) => folded.endsWith(w, at)) ||
    (c.zhNounAtEnd?.includes(folded.slice(at, end)) === true && CLAUSE_ENDS_AT.test(folded.slice(end, end + 1)));
}

/** The end of the text or a clause-ending mark, as the first character after a word (or none). */
// Built from a string: the hot bundle must stay ASCII (see stages/step-fill.ts).
const CLAUSE_ENDS_AT = new RegExp('^(?:$|[\uff0c,\u3002\uff1b;\uff1a:\uff01!\uff1f?])', 'u');

/**
 * An English phrasal verb split by its object pronoun ("take him off", "turn it on") joined again ("take off him"),
 * so the lexicon's two-word verbs are heard however the object is placed.
 */
const SPLIT_PHRASAL = /(?<![a-z0-9])([a-z]+) (it|him|her|them|me|us|this|that|these|those) (off|on|up|out|down|over|back|in|away)(?![a-z0-9])/gu;

/**
 * A verb of ActionContext.split with its object of up to three words before "out of", or before "off" and the thing
 * it comes off ("take Lisa out of the chat", "take Jenny off the attendee list"; session 36), joined again (take out of
 * lisa), as SPLIT_PHRASAL does for a pronoun. A bare "off" at the end (take Friday off) is left: time off, no removal.
 */
const splitPatterns = new WeakMap<ActionContext, RegExp | undefined>();

function splitPattern(c: ActionContext): RegExp | undefined {
  if (splitPatterns.has(c)) return splitPatterns.get(c);
  const verbs = c.split ?? [];
  const re = verbs.length === 0 ? undefined : new RegExp(`(?<![a-z0-9])(${verbs.join('|')}) ((?:[a-z0-9_.'-]+ ){1,3}?)(out of|off(?= (?:the|my|our|this|that|these|those|his|her|their|its|[a-z0-9_-]+'s)(?![a-z0-9])))`, 'gu');
  splitPatterns.set(c, re);
  return re;
}

/**
 * Bit i set = the query (already folded: src/text/fold.ts) says an action of class i, as its own action; contextWords:
 * how far before an English action word its context is looked for (the ranking's actionContextWords).
 */
export function queryActionMask(folded: string, lex: ActionLexicon, contextWords: number, permission = 0): number {
  let mask = 0;
  // The split verbs' reach first: a pronoun ending their object (take me out of the chat, take Ann and him off the list)
  // would otherwise be joined with "out" or "off" by SPLIT_PHRASAL (take out me of the chat) and the "out of" lost.
  // (Only a text that says one of the split verbs is rewritten: most say none.)
  let text = folded;
  const split = lex.context.split?.some((v) => text.includes(v)) ? splitPattern(lex.context) : undefined;
  if (split && text.includes(' ')) text = text.replace(split, '$1 $3 $2');
  // (A split phrasal verb has spaces: a text without one has none to join.)
  if (text.includes(' ')) text = text.replace(SPLIT_PHRASAL, '$1 $3 $2');
  saidClasses(text, lex, lex.context, contextWords, permission).forEach((s, i) => {
    if (s) mask |= 1 << i;
  });
  return mask;
}

/** The products a query (already folded) names, in lexicon order. */
export function queryProducts(folded: string, lex: ProductLexicon): string[] {
  const said = saidClasses(folded, lex);
  return lex.products.filter((_, i) => said[i] === 1);
}
