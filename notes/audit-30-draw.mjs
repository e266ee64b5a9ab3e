// Reproducible draw for the 30-command audit (issue 32). Run from the repo root after `npm run build`:
//   node notes/audit-30-draw.mjs
// Lists every canonical path with its interface mode, sorts by code point, splits into atomic (interface_mode mcp)
// and non-atomic (composite or local, which includes every +shortcut) pools, and draws 15 from each with a seeded
// mulberry32 PRNG (seed 20261202) by a partial Fisher-Yates shuffle. Nothing drawn is skipped.
import { execFileSync } from 'node:child_process';
const out = execFileSync('node', ['bin/dws.cjs', 'schema', '--all', '--jq',
  '.products[].tools[] | [.canonical_path, .interface_mode, .cli_path] | @tsv'], { encoding: 'utf8', maxBuffer: 1 << 26 });
const rows = out.trim().split('\n').map((l) => l.split('\t'));
const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0); // code point order (all paths are ASCII)
rows.sort((a, b) => cmp(a[0], b[0]));
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(20261202);
function draw(pool, n) {
  const a = pool.slice();
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rand() * (a.length - i));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, n);
}
const atomic = rows.filter((r) => r[1] === 'mcp');
const other = rows.filter((r) => r[1] !== 'mcp');
console.log(`total ${rows.length}, atomic ${atomic.length}, composite/local ${other.length}`);
for (const [label, pool] of [['atomic', atomic], ['composite', other]]) {
  for (const r of draw(pool, 15)) console.log([label, ...r].join('\t'));
}
