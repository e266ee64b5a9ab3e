// What the pipeline passes between its phases: a ranked hit (before rendering), the outcome of one query text (an
// exact identity, an identity the filters exclude, or the core's ranking), and the room-making rule the stages that
// add hits to a full list share.

/** Per-field contributions of a hit (`--explain`). */
export interface ScoreBreakdown {
  score: number;
  /** Share of the query's idf mass (unknown tokens included) this tool matched. */
  coverage: number;
  fields: Record<string, number>;
  /** The action/product rerank multiplier, when it is not 1. */
  rerank?: number;
  /** The avoid_when demotion multiplier, when it applied. */
  penalty?: number;
}

export type FilterReason = 'excluded' | 'product_mismatch' | 'effect_mismatch' | 'unavailable';

/** One ranked hit before rendering. */
export interface Hit {
  doc: number;
  /** The final score (rounded to 1e-9), or 0 for an identity pinned without one. */
  score: number;
  sources: string[];
  fields: string[];
  strong: boolean;
  coverage: number;
  breakdown?: ScoreBreakdown;
  /** A step's pick in a compound query (stages/step-fill.ts): kept when later additions need room. */
  step?: boolean;
  /** Decomposed responses: the subqueries (0-based) this hit answers (stages/merge.ts). */
  steps?: number[];
}

export type QueryOutcome =
  | { kind: 'exact'; doc: number }
  | { kind: 'filtered'; doc: number; reason: FilterReason }
  /** folded: the text as the lexicons read it; actions: the action classes it says (a bit mask, lexicon order);
   *  written: the text as written, folded, when the regional rewrite changed it (檢視 read as 查看). */
  | { kind: 'ranked'; hits: Hit[]; folded: string; actions: number; written?: string };

export function exactHit(doc: number): Hit {
  return { doc, score: 0, sources: ['exact_guard'], fields: ['identity'], strong: true, coverage: 1 };
}

/**
 * Room for n more hits at the end of a list of at most limit: twins of higher hits go first (the same
 * capability twice), then the last hits, never a step's pick (step-fill) nor the first hit; so the room made can
 * fall short when those fill the list. twin[doc]: the doc's twin group (a catalog fact).
 */
export function makeRoom(hits: Hit[], n: number, limit: number, twin: Uint32Array): Hit[] {
  const out = [...hits];
  let room = out.length + n - limit;
  for (let i = out.length - 1; i > 0 && room > 0; i--) {
    if (out.slice(0, i).some((h) => twin[h.doc] === twin[out[i].doc])) {
      out.splice(i, 1);
      room--;
    }
  }
  for (let i = out.length - 1; i > 0 && room > 0; i--) {
    if (!out[i].step) {
      out.splice(i, 1);
      room--;
    }
  }
  return out;
}
