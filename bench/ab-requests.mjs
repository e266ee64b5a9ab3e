// A/B of warm search per request, for a loaded machine: node bench/ab-requests.mjs <other checkout> [--also <third>] [--rounds N]
// The builds are loaded in one process (A: the other checkout, B: this one, C: --also). Each round times every request
// (every dev query at limit 10, each workflow with its subqueries) once per build, in an order that rotates with the
// round, so no build is always first. A request's time is the median of its rounds (a burst of load that preempts one
// search lands in few of them), and a build's time the sum of its requests' medians. Prints µs per request and the
// ratios to A; then the same per half of the rounds, so two halves that disagree show the run was not steady.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const also = option('--also');
const rounds = Number(option('--rounds') ?? 15);
const qrels = option('--qrels') ?? path.join(here, '..', 'shared', 'eval', 'qrels-dev.jsonl');
if (!args[0]) {
  console.error('usage: node bench/ab-requests.mjs <other checkout> [--also <third checkout>] [--rounds N] [--qrels file]');
  process.exit(2);
}
const roots = [args[0], here, ...(also ? [also] : [])].map((r) => path.resolve(r));
const load = async (root) => (await import(path.join(root, 'dist', 'index.mjs'))).loadEngine({ snapshot: path.join(root, 'build', 'snapshot.bin') });
const engines = [];
for (const root of roots) engines.push(await load(root));
const cases = readFileSync(qrels, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const requests = cases.flatMap((c) => [{ query: c.query, limit: 10 }, ...(c.subqueries ? [{ query: c.query, subqueries: c.subqueries, limit: 5 }] : [])]);
for (let i = 0; i < 3; i++) for (const e of engines) for (const r of requests) e.search(r);

// times[build][request][round], in ns
const times = engines.map(() => requests.map(() => new Float64Array(rounds)));
for (let round = 0; round < rounds; round++) {
  for (let q = 0; q < requests.length; q++) {
    for (let j = 0; j < engines.length; j++) {
      const b = (j + round + q) % engines.length;
      const t = process.hrtime.bigint();
      engines[b].search(requests[q]);
      times[b][q][round] = Number(process.hrtime.bigint() - t);
    }
  }
}
const median = (xs) => {
  const s = Array.from(xs).sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const summed = (from, to) => times.map((perRequest) => perRequest.reduce((sum, t) => sum + median(t.subarray(from, to)), 0) / requests.length / 1000);
const report = (label, from, to) => {
  const us = summed(from, to);
  const names = ['A', 'B', 'C'];
  console.log(`${label}: ${us.map((u, i) => `${names[i]} ${u.toFixed(1)}`).join(', ')} µs/request; ` +
    us.slice(1).map((u, i) => `${names[i + 1]}/A ${(u / us[0]).toFixed(3)}`).join(', '));
};
console.log(`warm search, sum of per-request medians (${requests.length} requests, ${rounds} rounds, rotating order)`);
report('all rounds', 0, rounds);
const half = Math.floor(rounds / 2);
report('first half', 0, half);
report('second half', half, rounds);
