// Cold processes, the cost an agent pays once per step: `dws schema search` and `dws schema <leaf>` as whole
// processes against bare `node -e ""`, in alternating runs; peak RSS from /usr/bin/time; a phase split and a CPU
// profile of the search process so the remaining start-up cost has a name; memory after load.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wasmBytes } from '../../src/core/core.js';
import { ROOT, type Corpus } from '../corpus.js';
import { median } from '../stats.js';

const BIN = path.join(ROOT, 'bin', 'dws.cjs');
const TIME = '/usr/bin/time';

export interface ProcessRuns {
  label: string;
  argv: string[];
  wall: number[];
  rss: number[];
}

export interface ColdRow {
  command: string;
  wall: number;
  bareWall: number;
  /** Median of the per-pair ratios. */
  ratio: number;
  rss: number;
  bareRss: number;
  pairs: number;
}

export interface ProfileEntry {
  name: string;
  ms: number;
}

export interface ColdResult {
  rows: ColdRow[];
  phases: Record<string, number>;
  profile: { totalMs: number; areas: ProfileEntry[]; functions: ProfileEntry[]; runs: number };
  memory: {
    snapshotBytes: number;
    wasmBytes: number;
    heapAfterLoad: number;
    externalAfterLoad: number;
    heapAfterSearch: number;
    wasmMemory: number;
    peakRss: number | null;
  };
}

/** Wall ms around one spawn of node with argv (nothing in between: this is what the ratio compares). */
function wallOnce(argv: string[]): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, argv, { cwd: ROOT, encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  return wall;
}

/** Peak RSS bytes of one run, from /usr/bin/time (NaN without it). Runs of its own: time's fork and exec would
 * otherwise sit inside both walls and pull the ratio towards 1. */
function rssOnce(argv: string[]): number {
  if (!existsSync(TIME)) return NaN;
  const r = spawnSync(TIME, ['-f', '%M', process.execPath, ...argv], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  return Number(/(\d+)\s*$/.exec(r.stderr.trim())?.[1]) * 1024;
}

/**
 * Alternates the command with bare `node -e ""`, pair by pair (which goes first alternates too), after one unmeasured
 * warm-up of each; then a few runs of each under /usr/bin/time for peak RSS.
 */
export function pairedRuns(command: string, argv: string[], pairs: number): ColdRow {
  const bare = ['-e', ''];
  wallOnce(argv);
  wallOnce(bare);
  const a: number[] = [], b: number[] = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 0) { a.push(wallOnce(argv)); b.push(wallOnce(bare)); } else { b.push(wallOnce(bare)); a.push(wallOnce(argv)); }
  }
  const rssRuns = Math.min(5, pairs);
  return {
    command,
    wall: median(a),
    bareWall: median(b),
    ratio: median(a.map((x, i) => x / b[i])),
    rss: median(Array.from({ length: rssRuns }, () => rssOnce(argv))),
    bareRss: median(Array.from({ length: rssRuns }, () => rssOnce(bare))),
    pairs,
  };
}

function childJson(args: string[]): Record<string, unknown> {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

function area(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : 'native';
  if (url.startsWith('node:')) return 'node internals (bootstrap, ESM loader, fs)';
  if (url.startsWith('wasm://')) return 'wasm core';
  if (url.includes('/node_modules/')) return `node_modules/${url.split('/node_modules/')[1].split('/')[0]}`;
  if (url.includes('/dist/')) return 'dws bundle (dist/)';
  return path.basename(url);
}

/** Self time by area and by function over several CPU-profiled cold search processes. */
export function profileColdSearch(argv: string[], runs: number): ColdResult['profile'] {
  const dir = mkdtempSync(path.join(tmpdir(), 'dws-prof-'));
  try {
    for (let i = 0; i < runs; i++) {
      const r = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-interval', '100', '--cpu-prof-dir', dir, ...argv], { cwd: ROOT, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`profiled run exited ${r.status}: ${r.stderr}`);
    }
    const areas = new Map<string, number>(), fns = new Map<string, number>();
    let total = 0;
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.cpuprofile'))) {
      const prof = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as CpuProfile;
      const byId = new Map(prof.nodes.map((n) => [n.id, n.callFrame]));
      prof.samples.forEach((id, i) => {
        const ms = prof.timeDeltas[i] / 1000;
        const cf = byId.get(id)!;
        const fn = cf.functionName || '(anonymous)';
        const where = cf.url ? `${path.basename(cf.url)}:${cf.lineNumber + 1}` : '';
        total += ms;
        areas.set(area(cf.url, fn), (areas.get(area(cf.url, fn)) ?? 0) + ms);
        const key = where ? `${fn} (${where})` : fn;
        fns.set(key, (fns.get(key) ?? 0) + ms);
      });
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m].map(([name, ms]) => ({ name, ms: ms / runs })).sort((x, y) => y.ms - x.ms || (x.name < y.name ? -1 : 1)).slice(0, n);
    return { totalMs: total / runs, areas: top(areas, 10), functions: top(fns, 15), runs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function coldSuite(c: Corpus, pairs: number): ColdResult {
  const query = c.queries.single[0]?.query ?? 'search';
  const leaf = c.catalog.tools.find((t) => t.canonical_path === 'chat.recall_message')?.canonical_path ?? c.catalog.tools[0].canonical_path;
  const searchArgv = [BIN, 'schema', 'search', '--query', query];
  process.stderr.write('bench: cold processes\n');
  const rows = [
    pairedRuns('dws schema search --query …', searchArgv, pairs),
    pairedRuns(`dws schema ${leaf} --compact`, [BIN, 'schema', leaf, '--compact'], Math.max(5, Math.floor(pairs / 2))),
  ];
  const phaseRuns = Array.from({ length: 5 }, () => childJson([path.join(ROOT, 'bench', 'child', 'phases.mjs'), query]) as Record<string, number>);
  const phases = {
    'node bootstrap': median(phaseRuns.map((r) => r.bootstrap)),
    'import dist/index.mjs': median(phaseRuns.map((r) => r.imported - r.start)),
    'read snapshot file': median(phaseRuns.map((r) => r.read - r.imported)),
    'load engine (decode, checksum, attach)': median(phaseRuns.map((r) => r.loaded - r.read)),
    'first search': median(phaseRuns.map((r) => r.first - r.loaded)),
    'second search': median(phaseRuns.map((r) => r.second - r.first)),
  };
  const m = childJson(['--expose-gc', path.join(ROOT, 'bench', 'child', 'memory.mjs'), query]) as {
    base: NodeJS.MemoryUsage; loaded: NodeJS.MemoryUsage; searched: NodeJS.MemoryUsage; wasmMemory: number; peakRss: number | null;
  };
  return {
    rows,
    phases,
    profile: profileColdSearch(searchArgv, 3),
    memory: {
      snapshotBytes: statSync(c.snapshotPath).size,
      wasmBytes: wasmBytes().length,
      heapAfterLoad: m.loaded.heapUsed - m.base.heapUsed,
      externalAfterLoad: m.loaded.external - m.base.external,
      heapAfterSearch: m.searched.heapUsed - m.base.heapUsed,
      wasmMemory: m.wasmMemory,
      peakRss: m.peakRss,
    },
  };
}
