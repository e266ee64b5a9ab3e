// The whole input space of test/engine/stages.test.ts's readings property ("changes the first hit only when it is
// destructive, for any shared word and any kept thing"), enumerated: every word the object lexicon files under two or more
// objects, with every Chinese object word as the kept thing, as 删除这个<word>，<kept>保留, ranked with the readings rule
// on and off (objectGuardKeepRest off in both, as the property runs). A pair violates it when the lists differ in length
// or the first hits differ and the one the rule moved (the first with it off) is not destructive. Run by
// scripts/readings-property.mjs (fast-check samples 120 of the 21,692 pairs in the test; session 48 found 8 violations
// this way, session 49 fixed them: docs/ranking.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Engine } from '../../src/engine/engine.js';
import { factsOf } from '../../src/engine/stages/object-guard.js';
import { readActionLexicon } from '../../src/build/load.js';

export function run(root: string, extra: object): number {
  const snap = readFileSync(path.join(root, 'build', 'snapshot.bin'));
  const on = new Engine(snap, { ranking: { objectGuardKeepRest: 0, ...extra } });
  const off = new Engine(snap, { ranking: { ...extra, objectGuardReadings: 0, objectGuardKeepRest: 0 } });
  const doc = new Map<string, number>();
  for (let d = 0; d < on.meta.count; d++) doc.set(on.meta.canonical_path.at(d)!, d);
  const destroys = factsOf(on.meta).destroys;
  const paths = (e: Engine, q: string) => (JSON.parse(e.search({ query: q, limit: 10 })) as { candidates: { canonical_path: string }[] }).candidates.map((c) => c.canonical_path);
  const lex = readActionLexicon(path.join(root, 'catalog')).objects!;
  const shared = [...new Set(lex.zh.flatMap((ws, i) => ws.filter((w) => lex.zh.some((vs, j) => j !== i && vs.includes(w)))))];
  const kept = [...new Set(lex.zh.flat())];
  let pairs = 0;
  let changed = 0;
  let bad = 0;
  for (const w of shared) {
    for (const k of kept) {
      if (w === k || w.includes(k) || k.includes(w)) continue;
      pairs++;
      const q = `删除这个${w}，${k}保留`;
      const a = paths(on, q);
      const b = paths(off, q);
      if (a[0] !== b[0]) changed++;
      if (a.length !== b.length || (a[0] !== b[0] && destroys[doc.get(b[0])!] !== 1)) {
        bad++;
        console.log(`violation\t${w}|${k}\ton: ${a.slice(0, 3).join(' ')}\toff: ${b.slice(0, 3).join(' ')}`);
      }
    }
  }
  console.log(`pairs ${pairs}, first hit changed ${changed}, violations ${bad}`);
  return bad;
}
