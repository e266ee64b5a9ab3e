// Runs qrels cases through the engine the CLI uses and turns the responses into per-case records, per-case metric
// values (the unit the summary and the paired bootstrap both read) and the summary tables.
import { DwsError } from '../errors.js';
import type { Engine } from '../engine/engine.js';
import { DEFAULT_RANKING, type RankingOptions } from '../engine/ranking.js';
import { FIELDS } from '../build/fields.js';
import { SLICES, referencedPaths, type EvalCase, type Slice } from './qrels.js';
import {
  aggregateSingle,
  firstGoldRank,
  groupBy,
  macro,
  mean,
  scoreSingle,
  stepsFound,
  worst,
  type Mean,
  type MetricTable,
  type SingleMetric,
  type SingleScores,
} from './metrics.js';
import { identityProbes, identityReport, resolvesTo, type IdentityReport, type SearchResponse } from './identity.js';
import { byCodePoint } from '../text/order.js';

/** Limits the eval README fixes: single-intent cases at 10, workflows at 5, negatives at the CLI default. */
export const LIMITS = { single: 10, workflow: 5 } as const;

export interface EvalConfig {
  algorithm: string;
  /** Ranking overrides as given (weights merged over the defaults before they reach the engine). */
  ranking: Partial<RankingOptions>;
}

/** One response reduced to what the metrics read. */
export interface Answer {
  ranked: string[];
  strategy: string;
  abstained: boolean;
  weak: boolean;
  /** The error reason when the engine refused the request (counted as an empty answer). */
  error?: string;
}

export type CaseResult =
  | { kind: 'single'; id: string; slice: Slice; product: string; answer: Answer; scores: SingleScores; first_gold_rank: number | null }
  | { kind: 'workflow'; id: string; product: string; steps: number; raw: Answer & { found: number }; decomposed: Answer & { found: number } }
  | { kind: 'negative'; id: string; answer: Answer };

export interface Summary {
  single: {
    overall: MetricTable;
    slices: Record<Slice, MetricTable>;
    products: Record<string, MetricTable>;
    macro: MetricTable;
    worst: Partial<Record<SingleMetric, { product: string; value: number }>>;
    /** First gold rank among single-intent cases: "1".."10" and "miss". */
    rank_distribution: Record<string, number>;
  };
  workflows: Record<'complete5_raw' | 'complete5_decomposed' | 'step_recall_raw' | 'step_recall_decomposed', Mean>;
  negatives: { answered: Mean; abstained: Mean; weak: Mean };
  abstention: { false_abstain: Mean; weak_on_positive: Mean };
  identity: IdentityReport;
  errors: number;
}

export interface RunOutput {
  config: EvalConfig;
  summary: Summary;
  cases: CaseResult[];
}

/** Validates ranking overrides (from --ranking JSON) and merges field weights over the defaults. */
export function rankingOverrides(value: unknown, flag = '--ranking'): Partial<RankingOptions> {
  const bad = (msg: string) => new DwsError('invalid_argument', `${flag}: ${msg}`, `e.g. ${flag} '{"k1":1.2,"b":0.5,"weights":{"identity":10}}'`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad('must be a JSON object');
  const o = value as Record<string, unknown>;
  const out: Partial<RankingOptions> = {};
  for (const [key, v] of Object.entries(o)) {
    if (typeof (DEFAULT_RANKING as unknown as Record<string, unknown>)[key] === 'number') {
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw bad(`"${key}" must be a non-negative number`);
      (out as Record<string, number>)[key] = v;
    } else if (key === 'weights') {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad('"weights" must be an object of field -> number');
      const weights = { ...DEFAULT_RANKING.weights };
      for (const [field, w] of Object.entries(v)) {
        if (!(FIELDS as readonly string[]).includes(field)) throw bad(`unknown field "${field}" (fields: ${FIELDS.join(', ')})`);
        if (typeof w !== 'number' || !Number.isFinite(w) || w < 0) throw bad(`weight of "${field}" must be a non-negative number`);
        weights[field as keyof typeof weights] = w;
      }
      out.weights = weights;
    } else if (key === 'strongFields') {
      if (!Array.isArray(v) || v.some((f) => typeof f !== 'string')) throw bad('"strongFields" must be an array of field names');
      out.strongFields = v as string[];
    } else {
      const numeric = Object.keys(DEFAULT_RANKING).filter((k) => typeof (DEFAULT_RANKING as unknown as Record<string, unknown>)[k] === 'number');
      throw bad(`unknown parameter "${key}" (${[...numeric, 'weights', 'strongFields'].join(', ')})`);
    }
  }
  return out;
}

export function answerIn(engine: Engine, request: { query: string; subqueries?: string[]; limit?: number }): Answer {
  let response: SearchResponse;
  try {
    response = JSON.parse(engine.search(request)) as SearchResponse;
  } catch (e) {
    if (e instanceof DwsError) return { ranked: [], strategy: 'error', abstained: false, weak: false, error: e.reason };
    throw e;
  }
  return {
    ranked: response.candidates.map((c) => c.canonical_path),
    strategy: response.strategy,
    abstained: response.abstained === true,
    weak: response.weak_match === true,
  };
}

/** Requests one run sends: one per single-intent and negative case, two per workflow, one per identity probe. */
export function requestCount(cases: readonly EvalCase[], engine: Engine): number {
  return cases.reduce((n, c) => n + (c.kind === 'workflow' ? 2 : 1), 0) + identityProbes(engine.refs).length;
}

/**
 * How a run reads twins: `config`, by the twin groups its engine searches with (Engine.twin: with ranking
 * sameCallTwins 0, a shortcut and the command it wraps only); `calls`, by the snapshot's groups, same-call twins
 * included, whatever the configuration (two configurations then count the same answers as hits).
 */
export type TwinReading = 'config' | 'calls';

/**
 * Twins share one slot (SPEC 4.4: the partner is named in the slot's `twins`), so a slot answers for its whole twin
 * group: every path, in answers and in judgements alike, is read as the command that names its group
 * (src/build/twins.ts), and a judgement list keeps each group once.
 */
export function twinReader(engine: Engine, reading: TwinReading = 'config'): { path: (p: string) => string; list: (ps: readonly string[]) => string[] } {
  const m = engine.meta;
  const twin = reading === 'calls' ? m.twin : engine.twin;
  const lead = new Map<string, string>();
  for (let d = 0; d < m.count; d++) lead.set(m.canonical_path.at(d)!, m.canonical_path.at(twin[d])!);
  const path = (p: string) => lead.get(p) ?? p;
  return { path, list: (ps) => [...new Set(ps.map(path))] };
}

export function runCases(engine: Engine, raw: readonly EvalCase[], progress: () => void = () => {}, reading: TwinReading = 'config'): CaseResult[] {
  const twin = twinReader(engine, reading);
  const cases = raw.map((c): EvalCase => c.kind === 'single'
    // A judgement that names a gold command's twin acceptable or forbidden is read as the gold (one action).
    ? { ...c, gold: twin.list(c.gold), acceptable: twin.list(c.acceptable).filter((p) => !twin.list(c.gold).includes(p)), forbidden: twin.list(c.forbidden).filter((p) => !twin.list(c.gold).includes(p)) }
    : c.kind === 'workflow' ? { ...c, steps: c.steps.map(twin.list) } : c);
  // The answer is kept as the engine gave it; its paths are read as their twin groups only to be scored.
  const read = (a: Answer) => a.ranked.map(twin.path);
  return cases.map((c): CaseResult => {
    if (c.kind === 'single') {
      const answer = answerIn(engine, { query: c.query, limit: LIMITS.single });
      progress();
      const rank = firstGoldRank(read(answer), c.gold);
      return { kind: 'single', id: c.id, slice: c.slice, product: c.product, answer, scores: scoreSingle(read(answer), c), first_gold_rank: rank ?? null };
    }
    if (c.kind === 'workflow') {
      const raw = answerIn(engine, { query: c.query, limit: LIMITS.workflow });
      progress();
      const decomposed = answerIn(engine, { query: c.query, subqueries: c.subqueries, limit: LIMITS.workflow });
      progress();
      return {
        kind: 'workflow',
        id: c.id,
        product: c.product,
        steps: c.steps.length,
        raw: { ...raw, found: stepsFound(read(raw), c.steps, LIMITS.workflow) },
        decomposed: { ...decomposed, found: stepsFound(read(decomposed), c.steps, LIMITS.workflow) },
      };
    }
    const answer = answerIn(engine, { query: c.query });
    progress();
    return { kind: 'negative', id: c.id, answer };
  });
}

export function runIdentity(engine: Engine, progress: () => void = () => {}): IdentityReport {
  return identityReport(
    identityProbes(engine.refs).map((probe) => {
      let hit = false;
      try {
        hit = resolvesTo(JSON.parse(engine.search({ query: probe.query })) as SearchResponse, probe.tool);
      } catch (e) {
        if (!(e instanceof DwsError)) throw e;
      }
      progress();
      return { probe, hit };
    }),
  );
}

/** One metric value of one case: the unit both the summary means and the paired bootstrap use. */
export interface CaseValue {
  id: string;
  /** Bootstrap cluster: the case's product (negatives have none and are their own cluster). */
  cluster: string;
  value: number;
}

export const COMPARED_METRICS = [
  'r1', 'r5', 'r10', 'mrr5', 'ndcg5', 'forbidden1',
  'complete5_decomposed', 'complete5_raw', 'step_recall_decomposed', 'step_recall_raw',
  'negatives_answered', 'false_abstain',
] as const;
export type ComparedMetric = (typeof COMPARED_METRICS)[number];

export function caseValues(results: readonly CaseResult[]): Record<ComparedMetric, CaseValue[]> {
  const out = Object.fromEntries(COMPARED_METRICS.map((m) => [m, []])) as unknown as Record<ComparedMetric, CaseValue[]>;
  const flag = (b: boolean) => (b ? 1 : 0);
  for (const r of results) {
    if (r.kind === 'single') {
      for (const m of ['r1', 'r5', 'r10', 'mrr5', 'ndcg5', 'forbidden1'] as const) {
        const value = r.scores[m];
        if (value !== undefined) out[m].push({ id: r.id, cluster: r.product, value });
      }
      out.false_abstain.push({ id: r.id, cluster: r.product, value: flag(r.answer.abstained) });
    } else if (r.kind === 'workflow') {
      const cluster = r.product;
      out.complete5_raw.push({ id: r.id, cluster, value: flag(r.raw.found === r.steps) });
      out.complete5_decomposed.push({ id: r.id, cluster, value: flag(r.decomposed.found === r.steps) });
      out.step_recall_raw.push({ id: r.id, cluster, value: r.raw.found / r.steps });
      out.step_recall_decomposed.push({ id: r.id, cluster, value: r.decomposed.found / r.steps });
      out.false_abstain.push({ id: `${r.id}#raw`, cluster, value: flag(r.raw.abstained) });
      out.false_abstain.push({ id: `${r.id}#decomposed`, cluster, value: flag(r.decomposed.abstained) });
    } else {
      out.negatives_answered.push({ id: r.id, cluster: `negative:${r.id}`, value: flag(r.answer.abstained || r.answer.weak) });
    }
  }
  return out;
}

export function summarize(results: readonly CaseResult[], identity: IdentityReport): Summary {
  const singles = results.filter((r) => r.kind === 'single');
  const workflows = results.filter((r) => r.kind === 'workflow');
  const negatives = results.filter((r) => r.kind === 'negative');
  const values = caseValues(results);
  const meanOf = (m: ComparedMetric) => mean(values[m].map((v) => v.value));
  const byProduct = new Map([...groupBy(singles, (r) => r.product)].map(([p, rs]) => [p, aggregateSingle(rs.map((r) => r.scores))]));
  const worstOf: Summary['single']['worst'] = {};
  for (const m of ['r1', 'r5', 'r10', 'mrr5', 'ndcg5'] as const) {
    const w = worst(byProduct, m);
    if (w) worstOf[m] = { product: w.group, value: w.value };
  }
  const distribution: Record<string, number> = {};
  for (let k = 1; k <= LIMITS.single; k++) distribution[String(k)] = 0;
  distribution.miss = 0;
  for (const r of singles) distribution[r.first_gold_rank === null ? 'miss' : String(r.first_gold_rank)] += 1;
  const positives = [...singles.map((r) => r.answer), ...workflows.flatMap((r) => [r.raw, r.decomposed])];
  const all = [...positives, ...negatives.map((r) => r.answer)];
  return {
    single: {
      overall: aggregateSingle(singles.map((r) => r.scores)),
      slices: Object.fromEntries(SLICES.map((s) => [s, aggregateSingle(singles.filter((r) => r.slice === s).map((r) => r.scores))])) as Record<Slice, MetricTable>,
      products: Object.fromEntries(byProduct),
      macro: macro([...byProduct.values()]),
      worst: worstOf,
      rank_distribution: distribution,
    },
    workflows: {
      complete5_raw: meanOf('complete5_raw'),
      complete5_decomposed: meanOf('complete5_decomposed'),
      step_recall_raw: meanOf('step_recall_raw'),
      step_recall_decomposed: meanOf('step_recall_decomposed'),
    },
    negatives: {
      answered: meanOf('negatives_answered'),
      abstained: mean(negatives.map((r) => (r.answer.abstained ? 1 : 0))),
      weak: mean(negatives.map((r) => (r.answer.weak ? 1 : 0))),
    },
    abstention: {
      false_abstain: meanOf('false_abstain'),
      weak_on_positive: mean(positives.map((a) => (a.weak ? 1 : 0))),
    },
    identity,
    errors: all.filter((a) => a.error !== undefined).length,
  };
}

/** Canonical paths the qrels name that the catalog does not have (reported, never silently scored). */
export function unknownPaths(cases: readonly EvalCase[], engine: Engine): string[] {
  const known = new Set(engine.refs.map((r) => r.canonical_path));
  const products = engine.productIds;
  const missing = new Set<string>();
  for (const c of cases) {
    for (const p of referencedPaths(c)) if (!known.has(p)) missing.add(p);
    if (c.kind === 'single' && !products.has(c.product)) missing.add(`${c.product} (product)`);
  }
  return [...missing].sort(byCodePoint);
}
