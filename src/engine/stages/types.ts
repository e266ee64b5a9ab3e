// What a response stage sees and changes. The query phase (first-phase.ts) has produced one outcome per query text;
// the stages of index.ts then run in order over one SearchState, each reading its own ranking option.
import type { GapIndex, GapNote } from '../../lexicon/gaps.js';
import type { SnapshotMeta, ToolText } from '../../snapshot/decode.js';
import type { FilterReason, Hit, QueryOutcome } from '../hits.js';
import type { RankingOptions } from '../ranking.js';
import type { NormalizedRequest } from '../request.js';

export interface SearchState {
  readonly req: NormalizedRequest;
  readonly explain: boolean;
  /** The request has no Han character: references and hints use the English text. */
  readonly english: boolean;
  /** One per subquery, or one for the query. */
  outcomes: QueryOutcome[];
  /** A query without subqueries: its steps (querySteps) when it is compound (two or more), else empty. */
  readonly steps: readonly string[];
  /** Set by merge. */
  strategy: string;
  filtered?: { canonical_path: string; reason: FilterReason };
  /** A compound query's whole ranked list (candidate_limit deep), which step-fill reads; else empty. */
  ranked: Hit[];
  /** The candidates, in order, at most limit. */
  hits: Hit[];
  gap?: GapNote;
  abstained?: true;
  weak?: true;
  hint?: string;
}

export interface StageEnv {
  readonly meta: SnapshotMeta;
  /** The twin groups the search reads (Engine.twin): twin[doc] names doc's group. */
  readonly twin: Uint32Array;
  readonly ranking: RankingOptions;
  /** A tool's reference text (title and summary in both languages), decoded on first use. */
  text(doc: number): ToolText;
  /** The query phase for one text (Exact Guard, filters, core, pins); k defaults to candidate_limit. */
  runQuery(query: string, req: NormalizedRequest, explain: boolean, task?: string, k?: number): QueryOutcome;
  /** The eligibility mask of the request's filters (1 eligible, 0 filtered). */
  mask(req: NormalizedRequest): Uint8Array;
  /** The known-gap table, filed on first use. */
  gapIndex(): GapIndex;
}

export interface Stage {
  readonly name: string;
  /** The ranking option that tunes or switches it (docs/ranking.md has its measurement); null: the SPEC requires it. */
  readonly option: keyof RankingOptions | null;
  run(state: SearchState, env: StageEnv): void;
}

/** A query without subqueries that is compound (two or more steps) and was ranked: what step_fill serves. */
export function rankedCompound(s: SearchState, env: StageEnv): boolean {
  return s.steps.length >= 2 && s.strategy === env.ranking.algorithm;
}
