// A/B of two builds in one process (CPU time, alternating rounds), for a change that must not be slower:
//   node bench/ab.mjs <other checkout> [qrels.jsonl]
// The other checkout (e.g. a clone at an earlier commit, built with `npm run build`) is A; this one is B. Prints the
// median and quartiles of B/A over 21 rounds of warm searches (every dev query, and each workflow with subqueries)
// and over 25 cold `dws schema search` processes. Ratios from one run are the stable part on a shared machine.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [otherArg, qrels = path.join(here, '..', 'shared', 'eval', 'qrels-dev.jsonl')] = process.argv.slice(2);
if (!otherArg) {
  console.error('usage: node bench/ab.mjs <other checkout> [qrels.jsonl]');
  process.exit(2);
}
const other = path.resolve(otherArg);
const load = async (root) => (await import(path.join(root, 'dist', 'index.mjs'))).loadEngine({ snapshot: path.join(root, 'build', 'snapshot.bin') });
const [a, b] = [await load(other), await load(here)];
const cases = readFileSync(qrels, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const requests = cases.flatMap((c) => [{ query: c.query, limit: 10 }, ...(c.subqueries ? [{ query: c.query, subqueries: c.subqueries, limit: 5 }] : [])]);
for (const r of requests) { a.search(r); b.search(r); }
const cpu = (e) => { const t = process.cpuUsage(); for (let i = 0; i < 3; i++) for (const r of requests) e.search(r); const d = process.cpuUsage(t); return d.user + d.system; };
const quartiles = (xs) => { const s = [...xs].sort((x, y) => x - y); const q = (f) => s[Math.floor(f * (s.length - 1))]; return `median ${q(0.5).toFixed(3)}, quartiles ${q(0.25).toFixed(3)}-${q(0.75).toFixed(3)}`; };
const warm = Array.from({ length: 21 }, () => { const ta = cpu(a); return cpu(b) / ta; });
console.log(`warm search B/A CPU (${requests.length} requests x 3, 21 rounds): ${quartiles(warm)}`);
const coldCpu = (root) => {
  const out = execFileSync('bash', ['-c', `TIMEFORMAT='%U %S'; { time node ${path.join(root, 'bin', 'dws.cjs')} schema search --query 撤回我刚发的群消息 >/dev/null; } 2>&1`]).toString().trim();
  return out.split(/\s+/).map(Number).reduce((x, y) => x + y, 0);
};
const cold = Array.from({ length: 25 }, () => { const ta = coldCpu(other); return coldCpu(here) / ta; });
console.log(`cold search B/A CPU (25 process pairs): ${quartiles(cold)}`);
