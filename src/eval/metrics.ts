// Retrieval metrics over one ranked list of canonical paths, and their aggregation (mean, per slice, per product,
// macro, worst product). Pure functions: the harness feeds them engine output, the tests feed them hand-made lists.
import { byCodePoint } from '../text/order.js';

/** Any gold path within the first k results. */
export function hitAt(ranked: readonly string[], gold: readonly string[], k: number): number {
  return ranked.slice(0, k).some((p) => gold.includes(p)) ? 1 : 0;
}

/** 1-based rank of the first gold path, or undefined when none is ranked. */
export function firstGoldRank(ranked: readonly string[], gold: readonly string[]): number | undefined {
  const i = ranked.findIndex((p) => gold.includes(p));
  return i < 0 ? undefined : i + 1;
}

/** Reciprocal rank of the first gold path, 0 when it is not within the first k. */
export function reciprocalRankAt(ranked: readonly string[], gold: readonly string[], k: number): number {
  const r = firstGoldRank(ranked.slice(0, k), gold);
  return r === undefined ? 0 : 1 / r;
}

/** Graded relevance: gold 2, acceptable 1, anything else 0 (gold wins when a path is listed in both). */
export function relevance(path: string, gold: readonly string[], acceptable: readonly string[]): number {
  return gold.includes(path) ? 2 : acceptable.includes(path) ? 1 : 0;
}

const discount = (i: number): number => Math.log2(i + 2);

/**
 * NDCG@k with linear gains (trec_eval convention: gain = relevance, discount log2(rank + 1)). The ideal ranking
 * is every judged path of the qrels sorted by relevance; a list that repeats a path earns its gain once.
 */
export function ndcgAt(ranked: readonly string[], gold: readonly string[], acceptable: readonly string[], k: number): number {
  const seen = new Set<string>();
  let dcg = 0;
  ranked.slice(0, k).forEach((p, i) => {
    if (seen.has(p)) return;
    seen.add(p);
    dcg += relevance(p, gold, acceptable) / discount(i);
  });
  const judged = [...new Set([...gold, ...acceptable])].map((p) => relevance(p, gold, acceptable)).sort((a, b) => b - a);
  const idcg = judged.slice(0, k).reduce((sum, g, i) => sum + g / discount(i), 0);
  return idcg === 0 ? 0 : dcg / idcg;
}

/** Share of workflow steps found in the first k: a step counts when any of its entry points is there. */
export function stepsFound(ranked: readonly string[], steps: readonly (readonly string[])[], k: number): number {
  const top = ranked.slice(0, k);
  return steps.filter((alternatives) => alternatives.some((p) => top.includes(p))).length;
}

export interface SingleScores {
  r1: number;
  r5: number;
  r10: number;
  mrr5: number;
  ndcg5: number;
  /** undefined when the case lists no forbidden tool (it cannot fail these). */
  forbidden1?: number;
  forbidden5?: number;
}

export const SINGLE_METRICS = ['r1', 'r5', 'r10', 'mrr5', 'ndcg5', 'forbidden1', 'forbidden5'] as const;
export type SingleMetric = (typeof SINGLE_METRICS)[number];
export const METRIC_LABELS: Record<string, string> = {
  r1: 'R@1',
  r5: 'R@5',
  r10: 'R@10',
  mrr5: 'MRR@5',
  ndcg5: 'NDCG@5',
  forbidden1: 'Forbidden@1',
  forbidden5: 'Forbidden@5',
  complete5_raw: 'Complete@5 raw',
  complete5_decomposed: 'Complete@5 decomposed',
  step_recall_raw: 'step recall raw',
  step_recall_decomposed: 'step recall decomposed',
  negatives_answered: 'negatives abstain/weak',
  false_abstain: 'false abstain',
};

export function scoreSingle(ranked: readonly string[], c: { gold: readonly string[]; acceptable: readonly string[]; forbidden: readonly string[] }): SingleScores {
  const s: SingleScores = {
    r1: hitAt(ranked, c.gold, 1),
    r5: hitAt(ranked, c.gold, 5),
    r10: hitAt(ranked, c.gold, 10),
    mrr5: reciprocalRankAt(ranked, c.gold, 5),
    ndcg5: ndcgAt(ranked, c.gold, c.acceptable, 5),
  };
  if (c.forbidden.length > 0) {
    s.forbidden1 = hitAt(ranked, c.forbidden, 1);
    s.forbidden5 = hitAt(ranked, c.forbidden, 5);
  }
  return s;
}

/** A mean with its sample size; an empty sample has mean null (shown as "-"), never NaN. */
export interface Mean {
  n: number;
  mean: number | null;
}

export function mean(values: readonly (number | undefined)[]): Mean {
  const xs = values.filter((v): v is number => v !== undefined);
  return { n: xs.length, mean: xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length };
}

export type MetricTable = Record<SingleMetric, Mean>;

export function aggregateSingle(scores: readonly SingleScores[]): MetricTable {
  return Object.fromEntries(SINGLE_METRICS.map((m) => [m, mean(scores.map((s) => s[m]))])) as MetricTable;
}

/** Groups items by a key, keys in code point order. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return new Map([...groups].sort(([a], [b]) => byCodePoint(a, b)));
}

/** Macro average: the mean over groups of each group's mean (groups without a value for the metric are skipped). */
export function macro(tables: readonly MetricTable[]): MetricTable {
  return Object.fromEntries(
    SINGLE_METRICS.map((m) => [m, mean(tables.map((t) => t[m].mean ?? undefined))]),
  ) as MetricTable;
}

/** The group with the lowest value of a metric (ties: the first key in code point order). */
export function worst(groups: ReadonlyMap<string, MetricTable>, metric: SingleMetric): { group: string; value: number } | undefined {
  let found: { group: string; value: number } | undefined;
  for (const [group, t] of groups) {
    const v = t[metric].mean;
    if (v !== null && (found === undefined || v < found.value)) found = { group, value: v };
  }
  return found;
}
