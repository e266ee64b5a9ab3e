#!/usr/bin/env node
// node scripts/eval-compare-results.mjs <A/results.json> <B/results.json> [--seed n] [--resamples n]
// Paired comparison of two saved eval runs (`npm run eval -- --out <dir>` writes <dir>/results.json) over the same
// qrels, e.g. the catalog before and after a text change: `--compare-*` options only vary ranking on one snapshot.
// It runs the harness's own compareRuns (src/eval/compare.ts, product-clustered bootstrap of B - A), then lists the
// cases whose R@1, R@5 or Complete@5 changed so a regression can be traced to its query.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { bundleEntry } from './lib/bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const files = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const option = (name) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : Number(args[i + 1]);
};
if (files.length !== 2) {
  console.error('usage: node scripts/eval-compare-results.mjs <A/results.json> <B/results.json> [--seed n] [--resamples n]');
  process.exit(2);
}
const [a, b] = files.map((f) => JSON.parse(readFileSync(f, 'utf8')));
if (a.qrels.file !== b.qrels.file || a.qrels.cases !== b.qrels.cases) console.error('warning: the two runs used different qrels');
const outfile = await bundleEntry(path.join(root, 'src', 'eval', 'compare.ts'), path.join(root, 'build', 'tools', 'eval-compare.mjs'));
const { compareRuns } = await import(pathToFileURL(outfile).href);
const [ca, cb] = [a.runs[0].cases, b.runs[0].cases];
const options = { seed: option('--seed'), resamples: option('--resamples') };
const pct = (v) => `${(v * 100).toFixed(1)}`;
console.log(`A: ${files[0]} (catalog ${a.catalog.source_hash})\nB: ${files[1]} (catalog ${b.catalog.source_hash})\n`);
console.log('metric                     A       B       B-A     95% CI (paired, product clusters)');
for (const c of compareRuns(ca, cb, Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)))) {
  const ci = `[${pct(c.low)}, ${pct(c.high)}]${c.significant ? ' *' : ''}`;
  console.log(`${c.metric.padEnd(26)} ${pct(c.a).padStart(6)}  ${pct(c.b).padStart(6)}  ${pct(c.delta).padStart(6)}   ${ci}  n=${c.n}`);
}
const byId = new Map(cb.map((r) => [r.id, r]));
const changed = [];
for (const r of ca) {
  const s = byId.get(r.id);
  if (!s) continue;
  if (r.kind === 'single' && (r.scores.r1 !== s.scores.r1 || r.scores.r5 !== s.scores.r5)) {
    changed.push(`${r.id}: R@1 ${r.scores.r1} -> ${s.scores.r1}, R@5 ${r.scores.r5} -> ${s.scores.r5}, first gold ${r.first_gold_rank} -> ${s.first_gold_rank}`);
  } else if (r.kind === 'workflow') {
    for (const run of ['raw', 'decomposed']) {
      if (r[run].found !== s[run].found) changed.push(`${r.id} (${run}): steps found ${r[run].found} -> ${s[run].found} of ${r.steps}`);
    }
  } else if (r.kind === 'negative') {
    const flag = (x) => x.answer.abstained || x.answer.weak;
    if (flag(r) !== flag(s)) changed.push(`${r.id} (negative): answered with abstain/weak ${flag(r)} -> ${flag(s)}`);
  }
}
console.log(`\n${changed.length} case(s) changed${changed.length ? ':' : ''}`);
for (const line of changed) console.log(`  ${line}`);
