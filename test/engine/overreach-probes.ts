// A general probe for destructive over-reach (issue 34; session 50, docs/ranking.md): from the object lexicon
// (catalog/lexicon/objects.yaml) and the catalog's destructive commands, one request per (inner object, container) pair
// in each language: the inner object has a destructive command of its own, the container has one too, and the request
// asks to remove the inner thing from its container (把<container>里的<object>删掉 / remove the <object> from the
// <container>). The pair is violated when a destructive command on the container (or on any other thing the inner
// object is inside) ranks first. Each object is named by its first word in objects.yaml, the word written for it.
// Run by scripts/overreach-probes.mjs; test/engine/h50-rank.test.ts runs a fixed sample.
import { readFileSync } from 'node:fs';
import path from 'node:path';
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

/** The probes of an engine's snapshot, in object-lexicon order (inner, then container, zh before en). */
export function probesOf(engine: Engine): Probe[] {
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

/** Runs every probe on build/snapshot.bin with these ranking options; prints the violations; returns their count. */
export function run(root: string, ranking: object): number {
  const engine = new Engine(readFileSync(path.join(root, 'build', 'snapshot.bin')), { ranking });
  const probes = probesOf(engine);
  let bad = 0;
  for (const p of probes) {
    const r = runProbe(engine, p);
    if (!r.violated) continue;
    bad++;
    console.log(`violation\t${r.inner} in ${r.container}\t${r.q}\tfirst ${r.first}\tinner's delete at ${r.innerRank || '-'}`);
  }
  console.log(`probes ${probes.length}, violations ${bad}`);
  return bad;
}
