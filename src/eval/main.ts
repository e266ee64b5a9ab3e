// `npm run eval -- --qrels <file.jsonl> [...]`: runs qrels through the engine the CLI uses (loadEngine) and
// prints a terminal table, or --json; --out writes report.md, results.json and SVG charts. Errors are DwsError
// envelopes on stderr with the table's exit code, like every dws command.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadEngine } from '../index.js';
import { DwsError } from '../errors.js';
import { DEFAULT_RANKING } from '../engine/ranking.js';
import type { Engine } from '../engine/engine.js';
import { parseQrels, type EvalCase } from './qrels.js';
import { rankingOverrides, requestCount, runCases, runIdentity, summarize, unknownPaths, type EvalConfig, type RunOutput, type TwinReading } from './run.js';
import { compareRuns } from './compare.js';
import { BOOTSTRAP_DEFAULTS } from './bootstrap.js';
import { DOCUMENT_VERSION, configLabel, renderMarkdown, renderTerminal, type EvalDocument } from './report.js';
import { groupedBarSpec, renderSvg, reportCharts } from './charts.js';
import { readWritten } from '../build/written.js';
import { renderWritten, runWritten, type Split } from './written.js';

const USAGE = `usage: npm run eval -- --qrels <file.jsonl> [options]
       npm run eval -- --written <dir> [--split heldout|train|valid|all] [--misses] [options]

  --qrels <file>               relevance judgements, JSON Lines
  --written <dir>              the request set written from the commands (eval/written), instead of --qrels
  --split <side>               written set: heldout (default), train, valid (train's validation fold) or all commands (src/build/written.ts)
  --misses                     written set, train or valid split only: print the requests whose gold is not first (over-reach: a destructive command on another object first; other-reading: on another reading of the word said)
  --json                       print the whole result document as JSON instead of tables
  --out <dir>                  also write <dir>/report.md, results.json and SVG charts
  --algorithm <a>              fielded_bm25_ensemble (default) | fielded_tfidf_cosine
  --ranking '<json>'           ranking overrides, e.g. '{"k1":1.2,"b":0.5,"weights":{"identity":10}}'
  --compare-algorithm <a>      run a second configuration B and compare it with A (default: A's algorithm)
  --compare-ranking '<json>'   ranking overrides of B (B does not inherit --ranking)
  --seed <n>                   bootstrap seed (default ${BOOTSTRAP_DEFAULTS.seed})
  --resamples <n>              bootstrap resamples (default ${BOOTSTRAP_DEFAULTS.resamples})
  --snapshot <file>            catalog snapshot (default: the shipped build/snapshot.bin or DWS_SNAPSHOT)
  --compare-snapshot <file>    run B on this snapshot (a lexicon or catalog change; B's ranking as A's unless
                               --compare-ranking says otherwise), paired with A as --compare-ranking is
  --split-snapshot <file>      written set: draw the split (and its clusters) from this snapshot's twin groups for
                               every configuration (default: each its own snapshot's), so two snapshots whose groups
                               differ are judged on the same requests
  --twin-reading <r>           config (default): hits are read by each configuration's own twin groups; calls: by the
                               snapshot's, same-call twins included, for every configuration (src/build/twins.ts)
`;

interface Options {
  qrels: string;
  written?: string;
  split: Split;
  misses: boolean;
  json: boolean;
  out?: string;
  configs: EvalConfig[];
  seed: number;
  resamples: number;
  snapshot?: string;
  /** B's snapshot (--compare-snapshot), when it differs from A's. */
  compareSnapshot?: string;
  /** The snapshot whose twin groups draw the written split for every configuration (--split-snapshot). */
  splitSnapshot?: string;
  reading: TwinReading;
}

export function parseOptions(argv: string[]): Options | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        qrels: { type: 'string' },
        written: { type: 'string' },
        split: { type: 'string', default: 'heldout' },
        misses: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        out: { type: 'string' },
        algorithm: { type: 'string' },
        ranking: { type: 'string' },
        'compare-algorithm': { type: 'string' },
        'compare-ranking': { type: 'string' },
        seed: { type: 'string' },
        resamples: { type: 'string' },
        snapshot: { type: 'string' },
        'compare-snapshot': { type: 'string' },
        'split-snapshot': { type: 'string' },
        'twin-reading': { type: 'string', default: 'config' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (e) {
    const unknown = (e as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
    throw new DwsError(unknown ? 'unknown_option' : 'invalid_argument', (e as Error).message, 'see `npm run eval -- --help`');
  }
  if (values.help) return 'help';
  if (!values.qrels && !values.written) throw new DwsError('missing_argument', '--qrels <file.jsonl> or --written <dir> is required', 'see `npm run eval -- --help`');
  const split = values.split as Split;
  if (!['heldout', 'train', 'valid', 'all'].includes(split)) throw new DwsError('invalid_argument', '--split must be heldout, train, valid or all');
  const reading = values['twin-reading'] as TwinReading;
  if (reading !== 'config' && reading !== 'calls') throw new DwsError('invalid_argument', '--twin-reading must be config or calls');
  // Failures are read to tune only where tuning is allowed: the held-out fifth is judged, never read case by case.
  if (values.misses && split !== 'train' && split !== 'valid') throw new DwsError('invalid_argument', '--misses is for --split train or valid only (the held-out commands are judged, not read)');
  const json = (flag: string, text: string | undefined): unknown => {
    if (text === undefined) return {};
    try {
      return JSON.parse(text);
    } catch (e) {
      throw new DwsError('invalid_argument', `${flag}: not valid JSON (${(e as Error).message})`);
    }
  };
  const int = (flag: string, text: string | undefined, fallback: number, min: number): number => {
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) throw new DwsError('invalid_argument', `${flag} must be an integer >= ${min}`);
    return Number(text);
  };
  const a: EvalConfig = { algorithm: values.algorithm ?? DEFAULT_RANKING.algorithm, ranking: rankingOverrides(json('--ranking', values.ranking), '--ranking') };
  const configs = [a];
  if (values['compare-algorithm'] !== undefined || values['compare-ranking'] !== undefined || values['compare-snapshot'] !== undefined) {
    configs.push({
      algorithm: values['compare-algorithm'] ?? a.algorithm,
      ranking: values['compare-ranking'] === undefined && values['compare-snapshot'] !== undefined ? a.ranking
        : rankingOverrides(json('--compare-ranking', values['compare-ranking']), '--compare-ranking'),
    });
  }
  return {
    qrels: values.qrels ?? '',
    written: values.written,
    split,
    misses: values.misses ?? false,
    json: values.json ?? false,
    out: values.out,
    configs,
    seed: int('--seed', values.seed, BOOTSTRAP_DEFAULTS.seed, 0),
    resamples: int('--resamples', values.resamples, BOOTSTRAP_DEFAULTS.resamples, 1),
    snapshot: values.snapshot,
    compareSnapshot: values['compare-snapshot'],
    splitSnapshot: values['split-snapshot'],
    reading,
  };
}

/** The snapshot configuration i runs on: B's own (--compare-snapshot) or the one both share. */
function snapshotOf(options: Options, i: number): string | undefined {
  return i === 1 && options.compareSnapshot !== undefined ? options.compareSnapshot : options.snapshot;
}

/** A progress bar on stderr that appears only once a run has taken more than a second (and only on a terminal). */
function progressBar(total: number): { tick: () => void; stop: () => void } {
  const start = Date.now();
  let done = 0;
  let bar: cliProgress.SingleBar | undefined;
  return {
    tick() {
      done += 1;
      if (!bar && Date.now() - start > 1000 && process.stderr.isTTY) {
        bar = new cliProgress.SingleBar({ stream: process.stderr, clearOnComplete: true, hideCursor: true, format: 'eval [{bar}] {value}/{total} requests' }, cliProgress.Presets.shades_classic);
        bar.start(total, done);
      }
      bar?.update(done);
    },
    stop() {
      bar?.stop();
    },
  };
}

export function evaluate(engine: Engine, config: EvalConfig, cases: readonly EvalCase[], tick: () => void = () => {}, reading: TwinReading = 'config'): RunOutput {
  const results = runCases(engine, cases, tick, reading);
  return { config, summary: summarize(results, runIdentity(engine, tick)), cases: results };
}

export async function main(argv: string[]): Promise<number> {
  const options = parseOptions(argv);
  if (options === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (options.written) return mainWritten(options);
  let text: string;
  try {
    text = readFileSync(options.qrels, 'utf8');
  } catch (e) {
    throw new DwsError('invalid_argument', `cannot read --qrels ${options.qrels}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const cases = parseQrels(text, options.qrels);
  const engines = options.configs.map((c, i) => loadEngine({ snapshot: snapshotOf(options, i), algorithm: c.algorithm, ranking: c.ranking }));
  const missing = unknownPaths(cases, engines[0]);
  if (missing.length) process.stderr.write(`eval: warning: the qrels name ${missing.length} path(s) the catalog lacks: ${missing.join(', ')}\n`);
  const progress = progressBar(engines.reduce((n, e) => n + requestCount(cases, e), 0));
  let runs: RunOutput[];
  try {
    runs = engines.map((engine, i) => evaluate(engine, options.configs[i], cases, progress.tick, options.reading));
  } finally {
    progress.stop();
  }
  const doc: EvalDocument = {
    version: DOCUMENT_VERSION,
    qrels: {
      file: options.qrels,
      cases: cases.length,
      single: cases.filter((c) => c.kind === 'single').length,
      workflow: cases.filter((c) => c.kind === 'workflow').length,
      negative: cases.filter((c) => c.kind === 'negative').length,
    },
    catalog: engines[0].catalogHashes,
    unknown_paths: missing,
    runs,
  };
  if (runs.length === 2) {
    const bootstrap = { resamples: options.resamples, seed: options.seed, confidence: BOOTSTRAP_DEFAULTS.confidence };
    doc.comparison = { a: configLabel(runs[0]), b: configLabel(runs[1]), ...bootstrap, metrics: compareRuns(runs[0].cases, runs[1].cases, bootstrap) };
  }
  process.stdout.write(options.json ? JSON.stringify(doc) + '\n' : renderTerminal(doc) + '\n');
  if (options.out) await writeReport(options.out, doc);
  return 0;
}

function mainWritten(options: Options): number {
  const set = readWritten(options.written!);
  if (set.requests.length === 0) throw new DwsError('invalid_argument', `no written requests under ${options.written}`);
  const engines = options.configs.map((c, i) => loadEngine({ snapshot: snapshotOf(options, i), algorithm: c.algorithm, ranking: c.ranking }));
  const splitBy = options.splitSnapshot === undefined ? undefined : loadEngine({ snapshot: options.splitSnapshot });
  const runs = engines.map((e) => runWritten(e, set, options.split, options.reading, splitBy ?? e));
  const bootstrap = { resamples: options.resamples, seed: options.seed, confidence: BOOTSTRAP_DEFAULTS.confidence };
  process.stdout.write(options.json ? JSON.stringify(runs.map((r) => r.units)) + '\n' : renderWritten(runs, options.split, bootstrap) + '\n');
  if (options.misses) for (const m of runs[0].misses) process.stderr.write(`${m.over ? 'over-reach\t' : m.reading ? 'other-reading\t' : ''}${m.tool}\t${m.q}\t${m.got.join(' ')}\n`);
  return 0;
}

async function writeReport(dir: string, doc: EvalDocument): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const charts = reportCharts(doc.runs);
  for (const { file, chart } of charts) writeFileSync(path.join(dir, file), await renderSvg(groupedBarSpec(chart)));
  writeFileSync(path.join(dir, 'results.json'), JSON.stringify(doc, null, 2) + '\n');
  writeFileSync(path.join(dir, 'report.md'), renderMarkdown(doc, charts.map(({ file, chart }) => ({ file, title: chart.title }))));
  process.stderr.write(`eval: wrote ${path.join(dir, 'report.md')}, results.json and ${charts.length} charts\n`);
}

export async function run(argv: string[]): Promise<void> {
  try {
    process.exitCode = await main(argv);
  } catch (e) {
    const err = e instanceof DwsError ? e : new DwsError('internal_error', (e as Error).stack ?? String(e));
    process.stderr.write(err.envelope() + '\n');
    process.exitCode = err.exitCode;
  }
}
