// The tool-search.v1 pipeline (SPEC 4.3), one request -> one response line:
//   1. the query phase (first-phase.ts), once per query text (the query, or each subquery): Exact Guard, hard
//      filters, avoid_when demotion and the action/product rerank multipliers as the core's inputs, the WASM core's
//      ranking (assembly/: tokenizer, BM25 or TF-IDF, coverage, multipliers, top k), identities named in the text
//      pinned first;
//   2. the stages of stages/index.ts, in order: merge (round-robin or cut to limit), step_fill (a compound
//      query), known_gaps, confidence (abstained / weak_match);
//   3. render.ts: references, hints, the 8 KiB budget.
// The core computes every score and order; the stages after it only choose which hits take the slots. Scores are
// never shown.
import { GapIndex } from '../lexicon/gaps.js';
import type { ToolText } from '../snapshot/decode.js';
import { QueryPhase, type QueryPhaseContext } from './first-phase.js';
import { References, ResponseJson } from './render.js';
import { SEARCH_VERSION, type NormalizedRequest } from './request.js';
import { fold } from '../text/fold.js';
import { STAGES } from './stages/index.js';
import { querySteps } from './stages/step-fill.js';
import type { SearchState, StageEnv } from './stages/types.js';
import type { QueryOutcome } from './hits.js';

export type { ScoreBreakdown } from './hits.js';
export { HINTS, type ToolReference } from './render.js';
export { roundRobin } from './stages/merge.js';
export { querySteps } from './stages/step-fill.js';

const HAN = /\p{Script=Han}/u;

/** The query phase's context, and what rendering needs besides: each tool's reference text, the catalog hashes. */
export interface SearchContext extends QueryPhaseContext {
  /** The twin groups: one slot per group (stages/merge.ts), its other members named in `twins`. */
  twin: Uint32Array;
  text: (doc: number) => ToolText;
  catalog: { source_hash: string; surface_hash: string };
}

export class Searcher {
  private readonly phase: QueryPhase;
  private readonly references: References;
  private readonly env: StageEnv;
  /** Every response's JSON up to its query: `{"version":...,"catalog":{...},"query":`. */
  private readonly head: string;
  /** Known gaps, filed by key (built on the first ranked query that checks them). */
  private gaps?: GapIndex;

  constructor(private readonly ctx: SearchContext) {
    this.head = `${JSON.stringify({ version: SEARCH_VERSION, catalog: { source_hash: ctx.catalog.source_hash, surface_hash: ctx.catalog.surface_hash } }).slice(0, -1)},"query":`;
    this.phase = new QueryPhase(ctx);
    this.references = new References(ctx.meta, ctx.twin, ctx.text);
    this.env = {
      meta: ctx.meta,
      twin: ctx.twin,
      ranking: ctx.ranking,
      text: ctx.text,
      runQuery: (q, req, explain, task, k) => this.phase.run(q, req, explain, task, k),
      mask: (req) => this.phase.mask(req),
      gapIndex: () => (this.gaps ??= new GapIndex(ctx.meta.gaps, ctx.ranking.gapWordsBetween, ctx.ranking.gapTermWords,
        ctx.ranking.negatedClauses === 1 ? ctx.meta.lexicon.objects?.negation : undefined)),
    };
  }

  /** The core's buffers may be written by someone else from now on (see QueryPhase.ownsCore). */
  shareCore(): void {
    this.phase.shareCore();
  }

  search(req: NormalizedRequest, explain: boolean): string {
    const english = !HAN.test([req.query, ...(req.subqueries ?? [])].join(' '));
    const { ranking } = this.ctx;
    let steps: string[] = [];
    let outcomes;
    if (req.subqueries) {
      // Products the whole task names also steer each step ("在钉盘找到…，下载下来" downloads from drive).
      const task = fold(req.query);
      outcomes = req.subqueries.map((q) => this.phase.run(q, req, explain, task));
    } else {
      // A compound query's steps check what the whole query ranks.
      steps = ranking.stepCoverage <= 1 && req.limit >= 2 ? querySteps(req.query) : [];
      if (steps.length < 2) steps = [];
      outcomes = [this.rankPlain(req, explain, steps.length > 0)];
    }
    const state: SearchState = { req, explain, english, outcomes, steps, strategy: '', ranked: [], hits: [] };
    for (const stage of STAGES) stage.run(state, this.env);
    return this.render(state);
  }

  /**
   * A plain query's ranking. Twins share a slot (stages/merge.ts), so the list looks past the limit for the distinct
   * commands that fill it: three past the limit (and at least what the object guard reads, its reach included), and candidate_limit deep when
   * that is not enough or the query is compound (its steps check what the whole query ranks). Either way the first
   * limit distinct commands are the same: the core's top k is a prefix of its top k + 1. One core ranking answers
   * both (QueryPhase.runFirst ranks candidate_limit deep and keeps the shallow prefix when it holds enough).
   */
  private rankPlain(req: NormalizedRequest, explain: boolean, compound: boolean): QueryOutcome {
    const deep = req.candidate_limit;
    const k = compound ? deep : Math.min(deep, Math.max(req.limit + 3, this.ctx.ranking.objectGuardDepth, this.ctx.ranking.objectGuardReach));
    const twin = this.ctx.twin;
    return this.phase.runFirst(req.query, req, explain, '', k, deep, (hits) => new Set(hits.map((h) => twin[h.doc])).size >= req.limit);
  }

  private render(s: SearchState): string {
    // Keys in the contract's order (SPEC 4.4): version, catalog, query, subqueries?, strategy, candidates,
    // exact_filtered?, abstained?, weak_match?, hint?, truncated?.
    let before = `${this.head}${JSON.stringify(s.req.query)}`;
    if (s.req.subqueries) before += `,"subqueries":${JSON.stringify(s.req.subqueries)}`;
    const json = new ResponseJson(`${before},"strategy":${JSON.stringify(s.strategy)},"candidates":`);
    for (let i = 0; i < s.hits.length; i++) this.references.write(json, s.hits[i], i + 1, s.english, s.explain);
    if (s.filtered) json.after += `,"exact_filtered":${JSON.stringify(s.filtered)}`;
    if (s.abstained) json.after += ',"abstained":true';
    if (s.weak) json.after += ',"weak_match":true';
    if (s.hint) json.after += `,"hint":${JSON.stringify(s.hint)}`;
    return json.finish();
  }
}
