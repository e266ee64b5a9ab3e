// npm run bench [-- --out <dir>] [--qrels <file>] [--quick]: runs every suite over one shared corpus, prints the
// report to stdout, and with --out writes <dir>/performance.md and <dir>/performance-charts/*.svg.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadCorpus } from './corpus.js';
import { searchSuite } from './suites/search.js';
import { loadSuite } from './suites/load.js';
import { scorerSuite } from './suites/scorer.js';
import { peersSuite } from './suites/peers.js';
import { scaleSuite } from './suites/scale.js';
import { coldSuite } from './suites/cold.js';
import { renderReport, type Results } from './report.js';

const { values } = parseArgs({
  options: {
    out: { type: 'string' }, qrels: { type: 'string' }, quick: { type: 'boolean', default: false },
    // Internal: run only the load suite and print its JSON (see loadInFreshProcess).
    'load-suite': { type: 'boolean', default: false },
  },
});
const quick = values.quick === true;
if (values['load-suite']) {
  process.stdout.write(JSON.stringify(loadSuite(loadCorpus(values.qrels))) + '\n');
  process.exit(0);
}

/**
 * The load suite in a process of its own: load and rebuild allocate megabytes per call, and in this process they
 * would also pay for collecting the heaps the search and scorer suites left behind.
 */
function loadInFreshProcess(): ReturnType<typeof loadSuite> {
  const args = [process.argv[1], '--load-suite', ...(values.qrels ? ['--qrels', values.qrels] : [])];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`load suite exited ${r.status}`);
  return JSON.parse(r.stdout) as ReturnType<typeof loadSuite>;
}

const budget = quick ? 200 : 1500;
const started = performance.now();
const corpus = loadCorpus(values.qrels);
process.stderr.write(`bench: ${corpus.docs.length} tools, queries from ${corpus.queries.source}\n`);

const results: Results = {
  startedAt: new Date().toISOString(),
  quick,
  seconds: 0,
  querySource: corpus.queries.source,
  singleCount: corpus.queries.single.length,
  workflowCount: corpus.queries.workflows.length,
  search: searchSuite(corpus, budget),
  scorer: scorerSuite(corpus, budget),
  load: loadInFreshProcess(),
  peers: peersSuite(corpus, quick ? 100 : 600, quick ? 1 : 2),
  scale: scaleSuite(corpus, quick ? [corpus.docs.length, 10_000] : [corpus.docs.length, 10_000, 100_000], quick ? 200 : 1000),
  cold: coldSuite(corpus, quick ? 4 : 40),
};
results.seconds = (performance.now() - started) / 1000;
const report = renderReport(results);
process.stdout.write(report.markdown + '\n');
if (values.out) {
  const dir = path.resolve(values.out);
  mkdirSync(path.join(dir, 'performance-charts'), { recursive: true });
  // The cold-ratios section (bench/cold-ratios.mjs, npm run bench:cold) is written by that bench: kept as it is.
  const doc = path.join(dir, 'performance.md');
  const kept = existsSync(doc) ? /\n## Cold execute path[\s\S]*<!-- cold-ratios:end -->\n/.exec(readFileSync(doc, 'utf8'))?.[0] : undefined;
  writeFileSync(doc, report.markdown + '\n' + (kept ?? ''));
  for (const [name, svg] of Object.entries(report.charts)) writeFileSync(path.join(dir, 'performance-charts', name), svg);
  writeFileSync(path.join(dir, 'performance-charts', 'results.json'), JSON.stringify(results, null, 1) + '\n');
  process.stderr.write(`bench: wrote ${path.join(dir, 'performance.md')}\n`);
}
