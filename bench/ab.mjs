// A/B of two builds in one process (CPU time, alternating rounds, each build first in every other round), for a change that must not be slower:
//   node bench/ab.mjs <other checkout> [qrels.jsonl] [--also <third checkout>]
// --also times a third build in the same rounds (e.g. this one before a change) and prints its ratios to A too.
// The other checkout (e.g. a clone at an earlier commit, built with `npm run build`) is A; this one is B. Prints the
// median and quartiles of B/A over 21 rounds of warm searches (every dev query, and each workflow with subqueries)
// and over 25 cold `dws schema search` processes. Ratios from one run are the stable part on a shared machine.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const alsoAt = args.indexOf('--also');
const also = alsoAt >= 0 ? path.resolve(args.splice(alsoAt, 2)[1]) : undefined;
const [otherArg, qrels = path.join(here, '..', 'shared', 'eval', 'qrels-dev.jsonl')] = args;
if (!otherArg) {
  console.error('usage: node bench/ab.mjs <other checkout> [qrels.jsonl]');
  process.exit(2);
}
const other = path.resolve(otherArg);
const load = async (root) => (await import(path.join(root, 'dist', 'index.mjs'))).loadEngine({ snapshot: path.join(root, 'build', 'snapshot.bin') });
const [a, b] = [await load(other), await load(here)];
const c = also ? await load(also) : undefined;
const cases = readFileSync(qrels, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const requests = cases.flatMap((c) => [{ query: c.query, limit: 10 }, ...(c.subqueries ? [{ query: c.query, subqueries: c.subqueries, limit: 5 }] : [])]);
for (const r of requests) { a.search(r); b.search(r); c?.search(r); }
const cpu = (e) => { const t = process.cpuUsage(); for (let i = 0; i < 3; i++) for (const r of requests) e.search(r); const d = process.cpuUsage(t); return d.user + d.system; };
const quartiles = (xs) => { const s = [...xs].sort((x, y) => x - y); const q = (f) => s[Math.floor(f * (s.length - 1))]; return `median ${q(0.5).toFixed(3)}, quartiles ${q(0.25).toFixed(3)}-${q(0.75).toFixed(3)}`; };
const warmC = [];
// The build timed first in a round measured a few percent slower in session 15 (an A/A run gave 0.95), so A and B
// take turns going first. (Two builds loaded in one process answer exactly as each alone: session 16 compared the
// response bytes of 2,100 requests, docs/performance.md.)
const warm = Array.from({ length: 21 }, (_, i) => {
  let ta;
  let tb;
  if (i % 2 === 0) {
    ta = cpu(a);
    tb = cpu(b);
  } else {
    tb = cpu(b);
    ta = cpu(a);
  }
  if (c) warmC.push(cpu(c) / ta);
  return tb / ta;
});
console.log(`warm search B/A CPU (${requests.length} requests x 3, 21 rounds): ${quartiles(warm)}`);
if (c) console.log(`warm search C/A CPU (C: ${also}, same rounds): ${quartiles(warmC)}`);
const coldCpu = (root) => {
  const out = execFileSync('bash', ['-c', `TIMEFORMAT='%U %S'; { time node ${path.join(root, 'bin', 'dws.cjs')} schema search --query 撤回我刚发的群消息 >/dev/null; } 2>&1`]).toString().trim();
  return out.split(/\s+/).map(Number).reduce((x, y) => x + y, 0);
};
const coldC = [];
const cold = Array.from({ length: 25 }, () => { const ta = coldCpu(other); const tb = coldCpu(here); if (also) coldC.push(coldCpu(also) / ta); return tb / ta; });
console.log(`cold search B/A CPU (25 process pairs): ${quartiles(cold)}`);
if (also) console.log(`cold search C/A CPU (C: ${also}): ${quartiles(coldC)}`);
