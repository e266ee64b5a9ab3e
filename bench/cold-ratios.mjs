#!/usr/bin/env node
// The cold-process ratios of issue 36, in one run: each command an agent step runs as a whole process, against a bare
// `node -e 0` timed right next to it. npm run bench:cold [-- options]
//   --rounds <n>       rounds (default 40); a round times every command once, each paired with its own bare node
//   --baseline <dir>   also time another install (a checkout at an earlier commit, built) in the same rounds
//   --doc <file>       write the table into that markdown file, between the cold-ratios markers (docs/performance.md)
//   --json             print the results as JSON instead of the table
// Commands: a dry run of an atomic command (one RPC), a dry run of a composite command (a two-step plan), and a
// search. A pair runs the command and bare node back to back, which one first alternating with the round, so the load
// of a shared machine falls on both alike; the ratio reported is the median of the per-pair ratios, the walls are
// medians too. Needs `npm run build` first (and in the baseline).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '40' }, baseline: { type: 'string' }, doc: { type: 'string' }, json: { type: 'boolean', default: false } } });
const rounds = Number(values.rounds);
if (!(Number.isInteger(rounds) && rounds > 0)) throw new Error('--rounds takes a positive integer');

const COMMANDS = [
  { name: 'execute dry run, atomic', args: ['chat', 'message', 'recall', '--conversation-id', 'cidXyZ123', '--message-id', 'msgAbc456', '--dry-run'] },
  { name: 'execute dry run, composite', args: ['chat', '+dm', '--to', 'X', '--text', 'hi', '--dry-run'] },
  { name: 'search', args: ['schema', 'search', '--query', '撤回我刚发的群消息'] },
];
const BARE = ['-e', '0'];

const installs = [{ label: 'this build', root: ROOT }];
if (values.baseline) installs.unshift({ label: 'baseline', root: path.resolve(values.baseline) });
for (const { root } of installs) {
  if (!existsSync(path.join(root, 'dist', 'dws.cjs'))) throw new Error(`${root} is not built: run \`npm run build\` there`);
}

/** Wall ms of one process; the command must succeed (a dry run prints its plan, exit 0). */
function wall(argv) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, argv, { cwd: ROOT, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`node ${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.round(q * (xs.length - 1))];

const cases = installs.flatMap((inst) => COMMANDS.map((c) => ({ ...c, install: inst.label, argv: [path.join(inst.root, 'bin', 'dws.cjs'), ...c.args], walls: [], bare: [] })));
// One unmeasured run of everything: the files are in the page cache before the first pair.
wall(BARE);
for (const c of cases) wall(c.argv);
const started = Date.now();
for (let i = 0; i < rounds; i++) {
  for (const c of cases) {
    if (i % 2 === 0) {
      c.bare.push(wall(BARE));
      c.walls.push(wall(c.argv));
    } else {
      c.walls.push(wall(c.argv));
      c.bare.push(wall(BARE));
    }
  }
  if (!values.json) process.stderr.write(`\rbench: round ${i + 1}/${rounds}`);
}
if (!values.json) process.stderr.write('\n');

const results = cases.map((c) => {
  const ratios = c.walls.map((w, i) => w / c.bare[i]);
  return {
    install: c.install, command: c.name, args: c.args.join(' '),
    wall: median(c.walls), bare: median(c.bare), ratio: median(ratios), q1: quantile(ratios, 0.25), q3: quantile(ratios, 0.75), pairs: ratios.length,
  };
});
const meta = { date: new Date().toISOString(), node: process.version, cpus: `${cpus().length} × ${cpus()[0]?.model.trim()}`, rounds, seconds: Math.round((Date.now() - started) / 1000) };

if (values.json) {
  process.stdout.write(JSON.stringify({ ...meta, results }, null, 1) + '\n');
} else {
  const ms = (x) => `${x.toFixed(1)} ms`;
  const command = `npm run bench:cold -- --rounds ${rounds}${values.baseline ? ' --baseline <checkout of the earlier commit, built>' : ''}`;
  const lines = [
    `Measured with \`${command}\` (bench/cold-ratios.mjs): ${meta.date}, Node ${meta.node}, ${meta.cpus}, ${rounds} rounds, ${meta.seconds} s.`,
    'Each row: median wall of the command, median wall of the bare `node -e 0` paired with it, and the median (and quartiles) of the per-pair ratios.',
    '',
    `| ${installs.length > 1 ? 'install | ' : ''}command | wall | bare node | ratio (median of pairs) | quartiles | pairs |`,
    `|${installs.length > 1 ? '---|' : ''}---|---|---|---|---|---|`,
    ...results.map((r) => `| ${installs.length > 1 ? `${r.install} | ` : ''}${r.command}: \`dws ${r.args}\` | ${ms(r.wall)} | ${ms(r.bare)} | **${r.ratio.toFixed(2)}x** | ${r.q1.toFixed(2)}–${r.q3.toFixed(2)} | ${r.pairs} |`),
  ];
  const table = lines.join('\n');
  process.stdout.write(table + '\n');
  if (values.doc) {
    const BEGIN = '<!-- cold-ratios:begin -->';
    const END = '<!-- cold-ratios:end -->';
    const doc = readFileSync(values.doc, 'utf8');
    const at = doc.indexOf(BEGIN);
    const end = doc.indexOf(END);
    if (at < 0 || end < at) throw new Error(`${values.doc} has no ${BEGIN} ... ${END} block`);
    writeFileSync(values.doc, doc.slice(0, at + BEGIN.length) + '\n' + table + '\n' + doc.slice(end));
    process.stderr.write(`bench: wrote the table into ${values.doc}\n`);
  }
}
