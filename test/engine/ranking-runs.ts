// Searches under given ranking options, shared by the ranking stage tests: one engine per options object (a snapshot
// load is the slow part), and the object guard's products-rule check that test/engine/stages.test.ts runs as a
// property and test/engine/h41-rank.test.ts on fixed inputs with the reach on.
import { expect } from 'vitest';
import { Engine } from '../../src/engine/engine.js';
import { queryProducts } from '../../src/lexicon/actions.js';
import { factsOf, objectOf } from '../../src/engine/stages/object-guard.js';
import { fold } from '../../src/text/fold.js';
import { ROOT, readSnapshotBytes } from '../helpers.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SnapshotMeta } from '../../src/snapshot/decode.js';
import type { ObjectLexicon } from '../../src/lexicon/actions.js';

/** Each canonical path's document number in the snapshot. */
export function docIndex(meta: SnapshotMeta): Map<string, number> {
  const doc = new Map<string, number>();
  for (let d = 0; d < meta.count; d++) doc.set(meta.canonical_path.at(d)!, d);
  return doc;
}

/** The object lexicon's index of an object key; an unknown key is the test's own mistake. */
export function objectKey(objects: ObjectLexicon): (k: string) => number {
  return (k) => {
    const i = objects.keys.indexOf(k);
    if (i < 0) throw new Error(`no object ${k}`);
    return i;
  };
}

const engines = new Map<string, Engine>();
/** The engine for these ranking options, built once per test file. */
export function engineFor(ranking: object): Engine {
  const key = JSON.stringify(ranking);
  let e = engines.get(key);
  if (!e) engines.set(key, e = new Engine(readSnapshotBytes(), { ranking }));
  return e;
}

/** The canonical paths of a search's first `limit` candidates under these ranking options. */
export function paths(ranking: object, query: string, limit = 10): string[] {
  return (JSON.parse(engineFor(ranking).search({ query, limit })) as { candidates: { canonical_path: string }[] }).candidates.map((c) => c.canonical_path);
}

/**
 * The object guard's products rule only reorders: `query` ranked under `ranking` and with the rule off
 * (objectGuardProducts 0) lists the same commands (a twin pair compared as one slot), and where the first hit differs,
 * the one the rule moved is destructive and now sits below a command of a product the query names (itself or through a
 * same-call twin).
 */
export function expectProductsRuleOnlyReorders(ranking: object, query: string): void {
  const e = engineFor(ranking);
  const meta = e.meta;
  const doc = docIndex(meta);
  const destroys = factsOf(meta).destroys;
  const groups = (list: string[]) => list.map((c) => e.twin[doc.get(c)!]).sort((a, b) => a - b);
  const on = paths(ranking, query);
  const off = paths({ ...ranking, objectGuardProducts: 0 }, query);
  expect(groups(on), query).toEqual(groups(off));
  if (on[0] === off[0]) return;
  expect(destroys[doc.get(off[0])!], query).toBe(1);
  const ofNamed = (p: string) => {
    const group = e.twin[doc.get(p)!];
    return [...doc.values()].some((d) => e.twin[d] === group && queryProducts(fold(query), meta.productLexicon).includes(meta.valueOf('product_id', d)));
  };
  expect(on.slice(0, on.indexOf(off[0])).some(ofNamed), query).toBe(true);
}

/**
 * A removal probe file's requests (test/engine/<file>: [named object keys joined by |, request] pairs) whose first hit
 * is a destructive command on another object than the one(s) named: issue 34's over-reach, on our own probes.
 */
export function probeViolations(ranking: object, file: string, count: number): string[] {
  const meta = engineFor(ranking).meta;
  const lex = meta.lexicon.objects!;
  const f = factsOf(meta);
  const doc = docIndex(meta);
  const probes = JSON.parse(readFileSync(path.join(ROOT, 'test', 'engine', file), 'utf8')) as [string, string][];
  expect(probes.length).toBe(count);
  const bad: string[] = [];
  for (const [named, q] of probes) {
    const top = paths(ranking, q, 1)[0];
    const d = doc.get(top)!;
    const o = objectOf(meta, f, d);
    if (f.destroys[d] === 1 && !named.split('|').includes(o >= 0 ? lex.keys[o] : '?')) bad.push(`${q} -> ${top}`);
  }
  return bad;
}
