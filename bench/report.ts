// The Markdown report: environment, targets (issue 9) with their status, one table per suite, and SVG charts.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { SearchResult } from './suites/search.js';
import type { LoadResult } from './suites/load.js';
import type { ScorerResult } from './suites/scorer.js';
import type { PeerRow } from './suites/peers.js';
import type { ScaleRow } from './suites/scale.js';
import type { ColdResult } from './suites/cold.js';
import { barChart, type Bar } from './svg.js';
import { fmtBytes, fmtMs, type Distribution } from './stats.js';

export interface Results {
  startedAt: string;
  /** A --quick run: short budgets, few cold pairs, and the 100,000-tool scale point not run. */
  quick: boolean;
  seconds: number;
  querySource: string;
  singleCount: number;
  workflowCount: number;
  search: SearchResult;
  load: LoadResult;
  scorer: ScorerResult;
  peers: { dwsRecallAt5: number; rows: PeerRow[] };
  scale: ScaleRow[];
  cold: ColdResult;
}

export interface Report {
  markdown: string;
  charts: Record<string, string>;
}

const TINYBENCH_VERSION = (JSON.parse(readFileSync('node_modules/tinybench/package.json', 'utf8')) as { version: string }).version;

const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : 'n/a');
const ratio = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)}x`;
const mib = (b: number | null) => (b === null || !Number.isFinite(b) ? 'n/a' : `${(b / (1 << 20)).toFixed(1)} MiB`);
const ok = (pass: boolean | undefined) => (pass === undefined ? 'not run' : pass ? 'holds' : '**misses**');
const dist = (d: Distribution) => `${fmtMs(d.mean)} | ${fmtMs(d.p50)} | ${fmtMs(d.p95)} | ${fmtMs(d.p99)} | ${d.n}`;

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

export interface Target {
  target: string;
  measured: string;
  /** undefined: the suite that measures it did not run (a --quick run). */
  pass: boolean | undefined;
}

export function targets(r: Results): Target[] {
  const s = r.search.single.dist, w = r.search.workflow.dist;
  const cjkPeers = r.peers.rows.filter((p) => p.tokenizer !== 'default');
  const slowestRatio = Math.min(...cjkPeers.map((p) => p.dist.p50 / p.dws.p50));
  const bestPeerRecall = Math.max(...r.peers.rows.map((p) => p.recallAt5));
  const [search, leaf] = r.cold.rows;
  const big = r.scale.find((x) => x.tools >= 100000);
  return [
    { target: 'warm single query p50 <= 50 µs', measured: fmtMs(s.p50), pass: s.p50 <= 0.05 },
    { target: 'warm single query p99 <= 200 µs', measured: fmtMs(s.p99), pass: s.p99 <= 0.2 },
    { target: 'subquery workflow p50 <= 150 µs', measured: fmtMs(w.p50), pass: w.p50 <= 0.15 },
    { target: '>= 5x faster per query (p50) than every peer with a CJK or dws tokenizer', measured: `slowest margin ${ratio(slowestRatio)}`, pass: slowestRatio >= 5 },
    { target: 'better R@5 than every peer', measured: `dws ${pct(r.peers.dwsRecallAt5)}, best peer ${pct(bestPeerRecall)}`, pass: r.peers.dwsRecallAt5 > bestPeerRecall },
    { target: 'cold search wall <= 1.3x bare node', measured: ratio(search.ratio), pass: search.ratio <= 1.3 },
    { target: 'cold search peak RSS <= 80 MiB', measured: mib(search.rss), pass: search.rss <= 80 * (1 << 20) },
    { target: 'cold leaf inspect wall <= 1.3x bare node', measured: ratio(leaf.ratio), pass: leaf.ratio <= 1.3 },
    { target: 'cold leaf inspect peak RSS <= 80 MiB', measured: mib(leaf.rss), pass: leaf.rss <= 80 * (1 << 20) },
    { target: 'snapshot load <= 5 ms (median of samples)', measured: fmtMs(r.load.load.median), pass: r.load.load.median <= 5 },
    { target: 'full rebuild <= 50 ms (median of samples)', measured: fmtMs(r.load.rebuild.median), pass: r.load.rebuild.median <= 50 },
    { target: '100k tools: warm query p50 <= 3 ms', measured: big ? fmtMs(big.single.p50) : 'not run', pass: big ? big.single.p50 <= 3 : undefined },
  ];
}

export function renderReport(r: Results): Report {
  const s = r.search;
  const ts = targets(r);
  const peersSorted = [...r.peers.rows].sort((a, b) => a.dist.p50 - b.dist.p50);
  const charts: Record<string, string> = {
    'peers-query.svg': barChart('Warm query p50, same corpus and queries', [
      { label: 'dws (whole request)', value: s.single.dist.p50, note: `R@5 ${pct(r.peers.dwsRecallAt5)}`, ours: true },
      ...peersSorted.map((p): Bar => ({ label: p.name, value: p.dist.p50, note: `R@5 ${pct(p.recallAt5)}` })),
    ], fmtMs, true),
    'peers-build.svg': barChart('Index build, same corpus', [
      { label: 'dws (WASM rebuild)', value: r.load.rebuild.mean, ours: true },
      ...[...r.peers.rows].sort((a, b) => a.build - b.build).map((p): Bar => ({ label: p.name, value: p.build })),
    ], fmtMs, true),
    'scale-query.svg': barChart('Warm query p50 vs catalog size', r.scale.flatMap((x): Bar[] => [
      { label: `${x.tools.toLocaleString('en-US')} tools, single`, value: x.single.p50, ours: true },
      { label: `${x.tools.toLocaleString('en-US')} tools, workflow`, value: x.workflow.p50 },
    ]), fmtMs, true),
    'scale-build.svg': barChart('Index rebuild (WASM) vs catalog size', r.scale.map((x): Bar => ({ label: `${x.tools.toLocaleString('en-US')} tools`, value: x.rebuild, ours: true })), fmtMs, true),
  };
  const md: string[] = [];
  md.push('# Performance', '');
  md.push(`Generated by \`npm run bench -- --out docs\` (bench/, tinybench ${TINYBENCH_VERSION}); do not edit by hand.`, '');
  if (r.quick) {
    md.push('**A quick run (`--quick`)**: short time budgets, 4 cold-process pairs, and the 100,000-tool scale point not run (marked "not run"). ' +
      'Its numbers only show that every suite works; the committed report comes from a run without `--quick`.', '');
  }
  md.push(`- run: ${r.startedAt}, ${r.seconds.toFixed(0)} s; Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${os.platform()} ${os.arch()}`);
  md.push(`- queries: ${r.querySource} — ${r.singleCount} single-intent queries, ${r.workflowCount} workflows (2–4 subqueries)`);
  md.push('- times are per call; µs = microseconds. "mean" and "± rme" are tinybench\'s; p50/p95/p99 come from timing every call over all the queries.');
  md.push('- the machine is shared (2 cores, other jobs running), so absolute numbers move between runs; ratios measured in the same run are the stable part.', '');
  md.push('## Targets (issue 9)', '', table(['target', 'measured', 'status'], ts.map((t) => [t.target, t.measured, ok(t.pass)])), '');
  md.push('## Warm search (shipped catalog, whole request JSON -> response bytes)', '');
  md.push(table(['operation', 'tinybench mean', '± rme', 'mean', 'p50', 'p95', 'p99', 'calls'], [
    ['single query', fmtMs(s.single.bench.mean), `${s.single.bench.rme.toFixed(1)}%`, ...dist(s.single.dist).split(' | ')],
    [`workflow (${s.workflow.subqueries} subqueries over ${s.workflow.workflows})`, fmtMs(s.workflow.bench.mean), `${s.workflow.bench.rme.toFixed(1)}%`, ...dist(s.workflow.dist).split(' | ')],
  ]), '');
  md.push('## What WebAssembly buys (ranking call only, same index, mask, weights and tokens)', '');
  md.push(table(['scorer', 'tinybench mean', 'mean', 'p50', 'p95', 'p99', 'calls'], [
    ['WASM core `search()`', fmtMs(r.scorer.wasm.bench.mean), ...dist(r.scorer.wasm.dist).split(' | ')],
    ['plain TypeScript port (bench/ts-scorer.ts)', fmtMs(r.scorer.ts.bench.mean), ...dist(r.scorer.ts.dist).split(' | ')],
  ]), '');
  md.push(`The port gives the same top 10 as the engine on ${r.scorer.checked - r.scorer.mismatches.length} of ${r.scorer.checked} ranked queries` +
    (r.scorer.mismatches.length ? ` (differs on: ${r.scorer.mismatches.map((q) => `\`${q}\``).join(', ')})` : '') +
    `. WASM/TS p50 ratio: ${ratio(r.scorer.ts.dist.p50 / r.scorer.wasm.dist.p50)} in favour of ${r.scorer.wasm.dist.p50 <= r.scorer.ts.dist.p50 ? 'WASM' : 'TypeScript'}.`, '');
  md.push('## Load and rebuild (shipped catalog, in a fresh process)', '');
  md.push(table(['operation', 'tinybench mean', '± rme', 'median of samples', 'samples'], [r.load.load, r.load.loadFromFile, r.load.loadFromPath, r.load.loadAndSearch, r.load.rebuild, r.load.snapshot].map((b) => [b.name, fmtMs(b.mean), `${b.rme.toFixed(1)}%`, fmtMs(b.median), String(b.samples)])), '');
  md.push('The targets are judged on the median (the issue asks for medians): a call that meets a garbage collection of the heap other suites left behind moves the mean, not the median.', '');
  md.push('A load decodes and checks the header and meta and copies the index head (header, field lengths, dictionary) into a fresh core; the postings come in 4 KiB chunks when a search first needs them, so the first search pays for its chunks (the load + first search row).', '');
  md.push('## Cold processes (alternating with bare `node -e ""`, medians)', '');
  md.push(table(['command', 'wall', 'bare node wall', 'ratio (median of pairs)', 'peak RSS', 'bare node RSS', 'pairs'], r.cold.rows.map((c) => [
    `\`${c.command}\``, fmtMs(c.wall), fmtMs(c.bareWall), ratio(c.ratio), mib(c.rss), mib(c.bareRss), String(c.pairs),
  ])), '');
  md.push('Where the time of a cold search goes (library path, medians of 5 processes, ms since process start):', '');
  md.push(table(['phase', 'ms'], Object.entries(r.cold.phases).map(([k, v]) => [k, v.toFixed(1)])), '');
  md.push(`CPU profile of \`dws schema search\` (self time, mean of ${r.cold.profile.runs} profiled processes, ${r.cold.profile.totalMs.toFixed(0)} ms sampled each):`, '');
  md.push(table(['area', 'ms'], r.cold.profile.areas.map((a) => [a.name, a.ms.toFixed(1)])), '');
  md.push(table(['function (file:line)', 'ms'], r.cold.profile.functions.map((a) => [`\`${a.name}\``, a.ms.toFixed(1)])), '');
  const m = r.cold.memory;
  md.push('## Memory', '');
  md.push(table(['item', 'size'], [
    ['snapshot file (build/snapshot.bin)', fmtBytes(m.snapshotBytes)],
    ['wasm core', fmtBytes(m.wasmBytes)],
    ['JS heap after load (delta, after GC)', fmtBytes(m.heapAfterLoad)],
    ['external/ArrayBuffer memory after load (delta)', fmtBytes(m.externalAfterLoad)],
    ['JS heap after first search (delta)', fmtBytes(m.heapAfterSearch)],
    ['wasm linear memory', fmtBytes(m.wasmMemory)],
    ['peak RSS of that process', m.peakRss === null ? 'n/a' : fmtBytes(m.peakRss)],
  ]), '');
  md.push('## Peers (same per-field text, same queries, same run)', '');
  md.push('Per-field text from `src/build/fields.ts`; field weights from `src/engine/ranking.ts` where the library takes them. ' +
    'dws is timed on the whole request (validation, Exact Guard, filters, ranking, JSON response); peers on a bare search call returning 5 ids. ' +
    '"dws faster" divides the peer\'s p50 by the p50 of dws on the same queries timed right after that peer (the machine is shared, so a margin taken from measurements minutes apart moves with the load). ' +
    'R@5 = share of single-intent dev queries with a gold tool in the top 5. ' +
    `Peer builds: median of ${r.peers.rows[0]?.builds ?? 0} timed builds each; dws build = the WASM index rebuild above.`, '');
  md.push(table(['engine', 'tokenizer', 'build', 'query mean', 'p50', 'p95', 'p99', 'R@5', 'dws p50 right after', 'dws faster (p50)'], [
    ['**dws**', 'dws WASM', fmtMs(r.load.rebuild.mean), fmtMs(s.single.dist.mean), fmtMs(s.single.dist.p50), fmtMs(s.single.dist.p95), fmtMs(s.single.dist.p99), `**${pct(r.peers.dwsRecallAt5)}**`, '—', '—'],
    ...r.peers.rows.map((p) => [p.library, p.tokenizerNote, fmtMs(p.build), fmtMs(p.dist.mean), fmtMs(p.dist.p50), fmtMs(p.dist.p95), fmtMs(p.dist.p99), pct(p.recallAt5), fmtMs(p.dws.p50), ratio(p.dist.p50 / p.dws.p50)]),
  ]), '');
  md.push('![peers, query](performance-charts/peers-query.svg)', '', '![peers, build](performance-charts/peers-build.svg)', '');
  md.push('## Scale (synthetic catalogs generated from the real one, `bench/corpus.ts`)', '');
  md.push(table(['tools', 'index rebuild', 'snapshot encode', 'snapshot', 'load', 'single p50', 'single p99', 'workflow p50', 'workflow p99'], [
    ...r.scale.map((x) => [
      x.tools.toLocaleString('en-US'), fmtMs(x.rebuild), fmtMs(x.snapshot), fmtBytes(x.snapshotBytes), fmtMs(x.load), fmtMs(x.single.p50), fmtMs(x.single.p99), fmtMs(x.workflow.p50), fmtMs(x.workflow.p99),
    ]),
    ...(r.scale.some((x) => x.tools >= 100000) ? [] : [['100,000', ...Array<string>(8).fill('not run')]]),
  ]), '');
  md.push('![scale, query](performance-charts/scale-query.svg)', '', '![scale, build](performance-charts/scale-build.svg)', '');
  return { markdown: md.join('\n'), charts };
}
