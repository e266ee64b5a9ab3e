// The request set written from the commands (eval/written/<product>.jsonl, .neg.jsonl, .wf.jsonl): requests that
// writers who saw no evaluation set wrote from each command's contract, and the one split of it. A fifth of the
// commands is held out, by command and not by request: a command's twin group (src/build/twins.ts: a shortcut and
// the atomic command it wraps, and commands that send the same calls) is one unit, placed by a seeded hash of its
// name, so a tool and its twins always fall on the same side. Every tuned number is judged on the held-out fifth;
// the other four fifths may be indexed (the `requests` field) and tuned on.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type Lang = 'zh' | 'en' | 'mixed';
export type Style = 'terse' | 'colloquial' | 'agent' | 'sentence' | 'regional';
export const LANGS: readonly Lang[] = ['zh', 'en', 'mixed'];
export const STYLES: readonly Style[] = ['terse', 'colloquial', 'agent', 'sentence', 'regional'];

export interface WrittenRequest { tool: string; q: string; lang: Lang; style: Style; product: string }
export interface WrittenNegative { q: string; lang: string; near: string[]; why: string; product: string }
export interface WrittenWorkflow { q: string; lang: string; steps: { q: string; tool: string }[]; product: string }
export interface WrittenSet { requests: WrittenRequest[]; negatives: WrittenNegative[]; workflows: WrittenWorkflow[] }

/** The seed of the split; changing it draws another held-out fifth (never done to improve a number). */
export const SPLIT_SEED = 'dws-written-split-1';
/** One in this many twin groups is held out. */
export const HELD_OUT_SHARE = 5;

/** FNV-1a, 32 bits, over UTF-16 units (deterministic on every engine). */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * The held-out twin groups among all of them (each named by the canonical path of its atomic command): the fifth
 * (rounded up) with the lowest seeded hashes, ties by path.
 */
export function heldOutGroups(groups: Iterable<string>): Set<string> {
  return foldGroups(groups, 0);
}

/**
 * The twin groups a miner of the train side must not read: the held-out fifth, and with `validation` the validation
 * fold too (a lexicon mined for choosing options on `--split valid`).
 */
export function unreadGroups(groups: Iterable<string>, validation: boolean): Set<string> {
  const all = [...groups];
  const left = heldOutGroups(all);
  if (validation) for (const g of foldGroups(all, 1)) left.add(g);
  return left;
}

/**
 * The fold-th fifth of the twin groups in the same seeded order: fold 0 is the held-out fifth; fold 1, the validation
 * fold, is a fifth of the train side that a choice made on train can be checked on before the held-out fifth is
 * read (a lexicon mined without it, `--split valid`).
 */
export function foldGroups(groups: Iterable<string>, fold: number): Set<string> {
  const all = [...new Set(groups)];
  const ranked = all.map((g) => ({ g, h: fnv1a(`${SPLIT_SEED}\u0000${g}`) }))
    .sort((x, y) => x.h - y.h || (x.g < y.g ? -1 : x.g > y.g ? 1 : 0));
  const size = Math.ceil(all.length / HELD_OUT_SHARE);
  return new Set(ranked.slice(fold * size, (fold + 1) * size).map((x) => x.g));
}

function lines<T>(file: string, product: string): (T & { product: string })[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l, i) => {
    try {
      return { ...(JSON.parse(l) as T), product };
    } catch (e) {
      throw new Error(`${file}:${i + 1}: not valid JSON (${(e as Error).message})`);
    }
  });
}

/** Reads every product's files of a written-set directory (absent directory: an empty set). */
export function readWritten(dir: string): WrittenSet {
  const set: WrittenSet = { requests: [], negatives: [], workflows: [] };
  if (!existsSync(dir)) return set;
  const products = [...new Set(readdirSync(dir).filter((f) => f.endsWith('.jsonl')).map((f) => f.split('.')[0]))].sort();
  for (const p of products) {
    set.requests.push(...lines<WrittenRequest>(path.join(dir, `${p}.jsonl`), p));
    set.negatives.push(...lines<WrittenNegative>(path.join(dir, `${p}.neg.jsonl`), p));
    set.workflows.push(...lines<WrittenWorkflow>(path.join(dir, `${p}.wf.jsonl`), p));
  }
  return set;
}
