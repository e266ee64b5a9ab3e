// A general probe for destructive over-reach (issue 34; session 50, docs/ranking.md): from the object lexicon
// (catalog/lexicon/objects.yaml) and the catalog's destructive commands, one request per (inner object, container) pair
// in each language: the inner object has a destructive command of its own, the container has one too, and the request
// asks to remove the inner thing from its container (把<container>里的<object>删掉 / remove the <object> from the
// <container>). The pair is violated when a destructive command on the container (or on any other thing the inner
// object is inside) ranks first. Each object is named by its first word in objects.yaml, the word written for it.
// Run by scripts/overreach-probes.mjs; test/engine/h50-rank.test.ts runs a fixed sample.
// Filing containers (session 53): the lexicon closes `inside` transitively, so a pair may be made by a chain (a message
// inside a group, a group inside a chat category). Most chains are requests people make (把多维表里的表单问题删掉: a
// question in a base; a range in a spreadsheet file). A chain through a container that files its entries by reference
// is not: a chat category lists conversations, removing one from it deletes nothing, and nothing a conversation holds is
// in the category (remove the message from the category asks for what no command does). With the objects.yaml text
// (`written`), a filing container is a probe's container only for the objects written directly inside it. The guard
// still reads the closure: a destructive command on any container of a target is an over-reach there.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { Engine } from '../../src/engine/engine.js';
import { factsOf, objectOf } from '../../src/engine/stages/object-guard.js';

export interface Probe {
  inner: string;
  container: string;
  lang: 'zh' | 'en';
  q: string;
}

export interface ProbeResult extends Probe {
  first: string;
  /** The first hit is a destructive command on a thing the inner object is inside. */
  violated: boolean;
  /** Rank (1-based) of the first destructive command on the inner object among the first 20, 0 if none. */
  innerRank: number;
}

/** Containers that file their entries by reference (a chat category files conversations): what an entry holds is not inside them. */
export const FILING = ['category'];

/** Each object's containers as objects.yaml writes them (before the build's transitive closure). */
export function writtenInside(root: string): Map<string, string[]> {
  const doc = YAML.parse(readFileSync(path.join(root, 'catalog', 'lexicon', 'objects.yaml'), 'utf8')) as { objects: Record<string, { inside?: string[] }> };
  return new Map(Object.entries(doc.objects).map(([k, o]) => [k, o.inside ?? []]));
}

/**
 * The probes of an engine's snapshot, in object-lexicon order (inner, then container, zh before en). With `written`
 * (writtenInside), a FILING container pairs only with the objects written directly inside it.
 */
export function probesOf(engine: Engine, written?: Map<string, string[]>): Probe[] {
  const meta = engine.meta;
  const lex = meta.lexicon.objects!;
  const f = factsOf(meta);
  const destroyed = new Set<number>();
  for (let d = 0; d < meta.count; d++) if (f.destroys[d] === 1) destroyed.add(objectOf(meta, f, d));
  const out: Probe[] = [];
  lex.keys.forEach((inner, i) => {
    if (!destroyed.has(i)) return;
    for (const j of lex.inside[i]) {
      if (!destroyed.has(j)) continue;
      if (written && FILING.includes(lex.keys[j]) && !(written.get(inner) ?? []).includes(lex.keys[j])) continue;
      const [zi, zc, ei, ec] = [lex.zh[i][0], lex.zh[j][0], lex.en[i][0], lex.en[j][0]];
      if (zi && zc) out.push({ inner, container: lex.keys[j], lang: 'zh', q: `把${zc}里的${zi}删掉` });
      if (ei && ec) out.push({ inner, container: lex.keys[j], lang: 'en', q: `remove the ${ei} from the ${ec}` });
    }
  });
  return out;
}

export function runProbe(engine: Engine, p: Probe): ProbeResult {
  const meta = engine.meta;
  const lex = meta.lexicon.objects!;
  const f = factsOf(meta);
  const doc = new Map<string, number>();
  for (let d = 0; d < meta.count; d++) doc.set(meta.canonical_path.at(d)!, d);
  const i = lex.keys.indexOf(p.inner);
  const got = (JSON.parse(engine.search({ query: p.q, limit: 20 })) as { candidates: { canonical_path: string }[] }).candidates.map((c) => doc.get(c.canonical_path)!);
  const first = got[0];
  const violated = first !== undefined && f.destroys[first] === 1 && lex.inside[i].includes(objectOf(meta, f, first));
  const innerRank = got.findIndex((d) => f.destroys[d] === 1 && objectOf(meta, f, d) === i) + 1;
  return { ...p, first: first === undefined ? '' : meta.canonical_path.at(first)!, violated, innerRank };
}

/**
 * Runs every probe on build/snapshot.bin with these ranking options; prints the violations; returns their count. The
 * measure is the probes with filing containers read (writtenInside); the pairs only the closure through a filing
 * container makes are run and counted apart, not in the measure.
 */
export function run(root: string, ranking: object): number {
  const engine = new Engine(readFileSync(path.join(root, 'build', 'snapshot.bin')), { ranking });
  const probes = probesOf(engine, writtenInside(root));
  const kept = new Set(probes.map((p) => `${p.lang}\t${p.q}`));
  const filed = probesOf(engine).filter((p) => !kept.has(`${p.lang}\t${p.q}`));
  const violations = (ps: Probe[], tag: string) => {
    let bad = 0;
    for (const p of ps) {
      const r = runProbe(engine, p);
      if (!r.violated) continue;
      bad++;
      console.log(`${tag}\t${r.inner} in ${r.container}\t${r.q}\tfirst ${r.first}\tinner's delete at ${r.innerRank || '-'}`);
    }
    return bad;
  };
  const bad = violations(probes, 'violation');
  const aside = violations(filed, 'filing chain (not counted)');
  console.log(`probes ${probes.length}, violations ${bad}; pairs only a filing container's closure makes: ${filed.length}, first hit on a container ${aside}`);
  return bad;
}
