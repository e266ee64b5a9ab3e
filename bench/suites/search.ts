// Warm search over the shipped catalog: one tool-search.v1 request (JSON text in, response bytes out) per call, for
// the dev-set single queries and the 2-4-subquery workflows.
import type { Corpus } from '../corpus.js';
import { cycling, distribution, runSuite, timeEach, type BenchResult, type Distribution } from '../stats.js';

export interface SearchResult {
  single: { bench: BenchResult; dist: Distribution; queries: number };
  workflow: { bench: BenchResult; dist: Distribution; workflows: number; subqueries: number };
}

export function singleRequests(c: Corpus): string[] {
  return c.queries.single.map((q) => JSON.stringify({ version: 'tool-search.v1', query: q.query }));
}

export function workflowRequests(c: Corpus): string[] {
  return c.queries.workflows.map((w) => JSON.stringify({ version: 'tool-search.v1', query: w.query, subqueries: w.subqueries }));
}

export function searchSuite(c: Corpus, budgetMs: number): SearchResult {
  const single = singleRequests(c);
  const workflow = workflowRequests(c);
  const search = (r: string) => c.engine.search(r);
  // Warm the JIT on every request once before anything is timed.
  for (const r of [...single, ...workflow]) search(r);
  const [s, w] = runSuite('warm search', {
    'single query': cycling(single, search),
    'subquery workflow': cycling(workflow, search),
  });
  return {
    single: { bench: s, dist: distribution(timeEach(single, search, budgetMs)), queries: single.length },
    workflow: {
      bench: w,
      dist: distribution(timeEach(workflow, search, budgetMs)),
      workflows: workflow.length,
      subqueries: c.queries.workflows.reduce((n, x) => n + x.subqueries.length, 0),
    },
  };
}
