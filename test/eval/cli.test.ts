// End to end: `node scripts/eval.mjs` on a small qrels fixture written for these tests, checked against what the
// dws CLI itself answers for the same queries.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseQrels, type SingleCase, type WorkflowCase } from '../../src/eval/qrels.js';
import type { EvalDocument } from '../../src/eval/report.js';
import { ROOT, errorOf, runCli, shippedEngine } from '../helpers.js';
import { twinReader } from '../../src/eval/run.js';

const SCRIPT = path.join(ROOT, 'scripts', 'eval.mjs');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'eval', 'small.jsonl');
const cases = parseQrels(readFileSync(FIXTURE, 'utf8'));
const singles = cases.filter((c): c is SingleCase => c.kind === 'single');
const workflows = cases.filter((c): c is WorkflowCase => c.kind === 'workflow');
const tmp = mkdtempSync(path.join(tmpdir(), 'dws-eval-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function evalCli(args: string[]) {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The canonical paths the dws CLI answers for each request, through --batch (one process). */
function cliRanked(requests: object[], env: Record<string, string> = {}): string[][] {
  const input = requests.map((r) => JSON.stringify({ version: 'tool-search.v1', ...r })).join('\n') + '\n';
  const out = runCli(['schema', 'search', '--batch'], { input, env });
  expect(out.status).toBe(0);
  return out.stdout.trim().split('\n').map((line) => JSON.parse(line).candidates.map((c: { canonical_path: string }) => c.canonical_path));
}

describe('npm run eval end to end', () => {
  const out = path.join(tmp, 'report');
  const run = evalCli(['--qrels', FIXTURE, '--json', '--out', out, '--compare-algorithm', 'fielded_tfidf_cosine', '--resamples', '300']);
  const doc = JSON.parse(run.stdout) as EvalDocument;

  it('exits 0 and describes the qrels, the catalog and both configurations', () => {
    expect(run.status).toBe(0);
    expect(doc.version).toBe('dws-eval.v1');
    expect(doc.qrels).toEqual({ file: FIXTURE, cases: 10, single: 6, workflow: 2, negative: 2 });
    expect(doc.unknown_paths).toEqual([]);
    expect(doc.runs.map((r) => r.config)).toEqual([
      { algorithm: 'fielded_bm25_ensemble', ranking: {} },
      { algorithm: 'fielded_tfidf_cosine', ranking: {} },
    ]);
  });

  it('ranks exactly what the dws CLI answers, for both algorithms', () => {
    const requests = [
      ...singles.map((c) => ({ query: c.query, limit: 10 })),
      ...workflows.flatMap((c) => [{ query: c.query, limit: 5 }, { query: c.query, subqueries: c.subqueries, limit: 5 }]),
    ];
    const ranked = (r: EvalDocument['runs'][number]) => r.cases.flatMap((c) => (c.kind === 'single' ? [c.answer.ranked] : c.kind === 'workflow' ? [c.raw.ranked, c.decomposed.ranked] : []));
    expect(ranked(doc.runs[0])).toEqual(cliRanked(requests));
    expect(ranked(doc.runs[1])).toEqual(cliRanked(requests, { DWS_TOOL_SEARCH_ALGORITHM: 'fielded_tfidf_cosine' }));
  });

  it('computes R@5 and Complete@5 from those answers and compares the runs on the same cases', () => {
    // A slot answers for its twin group (SPEC 4.4), so a shown twin of a gold command is a hit.
    const twin = twinReader(shippedEngine());
    const [a, b] = doc.runs.map((r) => {
      const hits = r.cases.flatMap((c, i) => (c.kind === 'single' ? [c.answer.ranked.slice(0, 5).some((p) => twin.list(singles[i].gold).includes(twin.path(p))) ? 1 : 0] : []));
      return hits.reduce((x: number, y) => x + y, 0) / hits.length;
    });
    expect(doc.runs[0].summary.single.overall.r5).toEqual({ n: 6, mean: a });
    expect(doc.runs[1].summary.single.overall.r5).toEqual({ n: 6, mean: b });
    const r5 = doc.comparison!.metrics.find((m) => m.metric === 'r5')!;
    expect({ n: r5.n, clusters: r5.clusters }).toEqual({ n: 6, clusters: 4 });
    expect(r5.delta).toBeCloseTo(b - a, 12);
    expect(r5.low).toBeLessThanOrEqual(r5.delta);
    expect(r5.high).toBeGreaterThanOrEqual(r5.delta);
    const wf = doc.runs[0].cases.filter((c) => c.kind === 'workflow');
    const complete = wf.filter((c) => c.kind === 'workflow' && c.decomposed.found === c.steps).length / wf.length;
    expect(doc.runs[0].summary.workflows.complete5_decomposed).toEqual({ n: 2, mean: complete });
  });

  it('writes the Markdown report, the same JSON document and three SVG charts', () => {
    expect(readdirSync(out).sort()).toEqual(['product-recall.svg', 'rank-distribution.svg', 'report.md', 'results.json', 'slice-recall.svg']);
    expect(JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8'))).toEqual(doc);
    const md = readFileSync(path.join(out, 'report.md'), 'utf8');
    expect(md).toContain('### Single-intent cases (limit 10)');
    expect(md).toContain('### Paired comparison: B - A');
    expect(md).toContain('![Recall by slice](slice-recall.svg)');
    for (const f of ['product-recall.svg', 'rank-distribution.svg', 'slice-recall.svg']) {
      const svg = readFileSync(path.join(out, f), 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('<rect');
    }
    // the report names cases by id; query text stays in the qrels file
    for (const c of cases) expect(md).not.toContain(c.query);
  });

  it('prints readable tables without --json, and the same interval for the same seed', () => {
    const first = evalCli(['--qrels', FIXTURE, '--compare-algorithm', 'fielded_tfidf_cosine', '--seed', '5', '--resamples', '300']);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/Single-intent cases \(limit 10\)/);
    expect(first.stdout).toMatch(/│ overall +│ 6 +│/);
    expect(first.stdout).toMatch(/Paired comparison: B - A, product-clustered bootstrap 95% CI \(300 resamples, seed 5\)/);
    expect(evalCli(['--qrels', FIXTURE, '--compare-algorithm', 'fielded_tfidf_cosine', '--seed', '5', '--resamples', '300']).stdout).toBe(first.stdout);
  });

  it('refuses bad input with an error envelope and a usage exit code', () => {
    const bad = path.join(tmp, 'bad.jsonl');
    writeFileSync(bad, '{"id":"a","slice":"en","query":"q","gold":["chat.recall_message"],"product":"chat"}\n{"id":"b"}\n');
    const r = evalCli(['--qrels', bad]);
    expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 3, stdout: '' });
    expect(errorOf(r.stderr)).toMatchObject({ reason: 'invalid_argument', message: `${bad}:2: "slice" must be a non-empty string` });
    expect(errorOf(evalCli([]).stderr).reason).toBe('missing_argument');
    expect(errorOf(evalCli(['--qrels', FIXTURE, '--algorithm', 'nope']).stderr).reason).toBe('invalid_argument');
  });
});
