// npm run bench [-- --out <dir>] [--qrels <file>] [--quick]: runs every suite over one shared corpus, prints the
// report to stdout, and with --out writes <dir>/performance.md and <dir>/performance-charts/*.svg.
import { mkdirSync, writeFileSync } from 'node:fs';
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
  options: { out: { type: 'string' }, qrels: { type: 'string' }, quick: { type: 'boolean', default: false } },
});
const quick = values.quick === true;
const budget = quick ? 200 : 1500;
const started = performance.now();
const corpus = loadCorpus(values.qrels);
process.stderr.write(`bench: ${corpus.docs.length} tools, queries from ${corpus.queries.source}\n`);

const results: Results = {
  startedAt: new Date().toISOString(),
  seconds: 0,
  querySource: corpus.queries.source,
  singleCount: corpus.queries.single.length,
  workflowCount: corpus.queries.workflows.length,
  search: searchSuite(corpus, budget),
  scorer: scorerSuite(corpus, budget),
  load: loadSuite(corpus),
  peers: peersSuite(corpus, quick ? 100 : 600, quick ? 1 : 2),
  scale: scaleSuite(corpus, quick ? [corpus.docs.length, 10_000] : [corpus.docs.length, 10_000, 100_000], quick ? 200 : 1000),
  cold: coldSuite(corpus, quick ? 4 : 20),
};
results.seconds = (performance.now() - started) / 1000;
const report = renderReport(results);
process.stdout.write(report.markdown + '\n');
if (values.out) {
  const dir = path.resolve(values.out);
  mkdirSync(path.join(dir, 'performance-charts'), { recursive: true });
  writeFileSync(path.join(dir, 'performance.md'), report.markdown + '\n');
  for (const [name, svg] of Object.entries(report.charts)) writeFileSync(path.join(dir, 'performance-charts', name), svg);
  writeFileSync(path.join(dir, 'performance-charts', 'results.json'), JSON.stringify(results, null, 1) + '\n');
  process.stderr.write(`bench: wrote ${path.join(dir, 'performance.md')}\n`);
}
