// Lookups a command needs first (catalog/lexicon/inputs.yaml): values an agent cannot make up and has to find with
// another command, such as a group's id, an app's unifiedAppId or the requester's own userId. A compound request's
// first hit that takes such a value, when no shown command yields it and the request names the thing, gets the
// command that finds it in its last slot (src/engine/search.ts withLookups).
import { hasWord } from './actions.js';

/** catalog/lexicon/inputs.yaml as read (words folded), before it is resolved against a catalog. */
export interface InputLexicon {
  kinds: {
    name: string;
    /** product id -> the parameters (flag names) that take the value. */
    params: Record<string, string[]>;
    /** Canonical paths: the finders (the first is the one added) and the other commands whose output carries it. */
    finders: string[];
    yields: string[];
    zh: string[];
    en: string[];
    /** The command that gives the requester's own value, and the parameters (by product) the requester can fill. */
    self?: { command: string; params: Record<string, string[]>; zh: string[]; en: string[]; not: string[] };
  }[];
}

/** One kind resolved to documents of a catalog. */
export interface InputKind {
  name: string;
  /** The finder the search adds, and every doc whose output carries the value (finders and yields). */
  finder: number;
  carriers: number[];
  zh: string[];
  en: string[];
  self?: { doc: number; zh: string[]; en: string[]; not: string[] };
}

/** The lookups of a catalog, as the meta section stores them (UTF-8 JSON). */
export interface InputTable {
  kinds: InputKind[];
  /** doc -> flat [kind, flags] pairs (flags: REQUIRED, SELF); only tools that take a looked-up value appear. */
  needs: Record<string, number[]>;
}

export const REQUIRED = 1;
export const SELF = 2;

/**
 * The lexicon resolved against a catalog: canonical paths become docs, parameters become per-tool needs. A kind
 * whose finder (or self command) the catalog lacks is left out, and so is a carrier it lacks: a test catalog holds a
 * few tools. strict (the shipped catalog's build) instead rejects every command the catalog lacks and every
 * parameter name no tool of its product has, so a renamed tool or flag cannot silently disable a lookup.
 */
export function resolveInputs(lex: InputLexicon, tools: readonly { canonical_path: string; product_id: string; parameters: Record<string, { required: boolean }> }[], strict = false): InputTable {
  const docOf = new Map(tools.map((t, doc) => [t.canonical_path, doc]));
  const problems: string[] = [];
  const kinds: InputKind[] = [];
  const needs: Record<string, number[]> = {};
  for (const k of lex.kinds) {
    const named = [...k.finders, ...k.yields, ...(k.self ? [k.self.command] : [])];
    for (const c of named) if (!docOf.has(c)) problems.push(`${k.name} names ${c}, which the catalog does not have`);
    for (const [product, names] of [...Object.entries(k.params), ...Object.entries(k.self?.params ?? {})]) {
      for (const name of names) {
        if (!tools.some((t) => t.product_id === product && name in t.parameters)) problems.push(`${k.name}: no ${product} tool has --${name}`);
      }
    }
    const finder = docOf.get(k.finders[0]);
    const self = k.self && docOf.get(k.self.command);
    if (finder === undefined || (k.self && self === undefined)) continue;
    const at = kinds.length;
    kinds.push({
      name: k.name,
      finder,
      carriers: [...k.finders, ...k.yields].flatMap((c) => (docOf.has(c) ? [docOf.get(c)!] : [])),
      zh: k.zh,
      en: k.en,
      ...(k.self ? { self: { doc: self!, zh: k.self.zh, en: k.self.en, not: k.self.not } } : {}),
    });
    tools.forEach((t, d) => {
      const names = k.params[t.product_id] ?? [];
      for (const [name, p] of Object.entries(t.parameters)) {
        if (!names.includes(name)) continue;
        const flags = (p.required ? REQUIRED : 0) | (k.self?.params[t.product_id]?.includes(name) ? SELF : 0);
        (needs[d] ??= []).push(at, flags);
      }
    });
  }
  if (strict && problems.length > 0) throw new Error(`catalog/lexicon/inputs.yaml: ${problems.join('; ')}`);
  return { kinds, needs };
}

/** A stored table checked against the catalog's size; throws on anything malformed (the caller fails closed). */
export function checkInputTable(t: unknown, count: number): InputTable {
  const table = t as InputTable;
  const isDoc = (d: unknown) => Number.isInteger(d) && (d as number) >= 0 && (d as number) < count;
  const isWords = (w: unknown) => Array.isArray(w) && w.every((x) => typeof x === 'string' && x.length > 0);
  if (!table || !Array.isArray(table.kinds) || typeof table.needs !== 'object' || table.needs === null) throw new Error('inputs are not an input table');
  for (const k of table.kinds) {
    if (typeof k?.name !== 'string' || !isDoc(k.finder) || !Array.isArray(k.carriers) || !k.carriers.every(isDoc) || !isWords(k.zh) || !isWords(k.en)) {
      throw new Error('an input kind is malformed');
    }
    if (k.self !== undefined && (!isDoc(k.self.doc) || !isWords(k.self.zh) || !isWords(k.self.en) || !isWords(k.self.not))) throw new Error('an input kind is malformed');
  }
  for (const [doc, pairs] of Object.entries(table.needs)) {
    if (!isDoc(Number(doc)) || !Array.isArray(pairs) || pairs.length % 2 !== 0) throw new Error('input needs are malformed');
    for (let i = 0; i < pairs.length; i += 2) {
      if (!Number.isInteger(pairs[i]) || pairs[i] < 0 || pairs[i] >= table.kinds.length || !Number.isInteger(pairs[i + 1])) throw new Error('input needs are malformed');
    }
  }
  return table;
}

/** True when the folded text says one of the words (Chinese: substring; Latin: whole word, plural allowed). */
function says(text: string, zh: readonly string[], en: readonly string[]): boolean {
  return zh.some((w) => text.includes(w)) || en.some((w) => hasWord(text, w, true));
}

/** True when the folded text refers to its own sender: a self word outside the frames where 我 is only addressed. */
function saysSelf(text: string, self: NonNullable<InputKind['self']>): boolean {
  if (self.en.some((w) => hasWord(text, w))) return true;
  let rest = text;
  for (const frame of self.not) rest = rest.split(frame).join('\n');
  return self.zh.some((w) => rest.includes(w));
}

/**
 * The finders doc's lookups call for, in its parameter order, for the folded request text. carried(docs): whether a
 * shown command (or its twin) is one of docs. A value the requester is (a SELF parameter, and the request says
 * 我/my) comes from the kind's self command; any other value only for a required parameter whose thing the request
 * names. Nothing is added twice, and nothing a shown command already yields.
 */
export function lookupsFor(table: InputTable, doc: number, text: string, carried: (docs: readonly number[]) => boolean): number[] {
  const pairs = table.needs[doc];
  if (!pairs) return [];
  const out: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const kind = table.kinds[pairs[i]];
    const flags = pairs[i + 1];
    if (carried(kind.carriers)) continue;
    let add: number | undefined;
    if (kind.self && flags & SELF && saysSelf(text, kind.self)) add = carried([kind.self.doc]) ? undefined : kind.self.doc;
    else if (flags & REQUIRED && says(text, kind.zh, kind.en)) add = kind.finder;
    if (add !== undefined && !out.includes(add)) out.push(add);
  }
  return out;
}
