// The action/product rerank (a query-phase input of the core): every tool's multiplier for the action classes and
// products a query names (src/lexicon/actions.ts says which), with the ranking's factors; the core multiplies each
// tool's score by it. Options: actionBoost, actionPenalty, productBoost (1 turns each off).
import type { SnapshotMeta } from '../snapshot/decode.js';
import type { RankingOptions } from './ranking.js';

/**
 * Every tool's rerank multiplier for the action classes (bit mask) and products a query names, with the ranking's
 * factors; max is the largest of them (the core's early-exit bound). The query phase caches these per key.
 */
export function rerankMultipliers(meta: SnapshotMeta, ranking: RankingOptions, actionMask: number, products: readonly string[]): { mult: Float64Array; max: number } {
  const { values, codes } = meta.codesOf('product_id');
  const named = Uint8Array.from(values, (v) => (ranking.productBoost !== 1 && products.includes(v) ? 1 : 0));
  return toolMultipliers(actionMask, meta.actions, codes, named,
    { boost: ranking.actionBoost, penalty: ranking.actionPenalty, productBoost: ranking.productBoost });
}

/**
 * Every tool's rerank multiplier, with products given as codes: x boost when the tool's action is one the query names,
 * x penalty when it is another (1 when either names none), times productBoost when its product is named (named[c] = 1
 * for a named product code). At most six distinct values exist; they are computed once and each tool picks one,
 * so a cold process (whose interpreter boxes every double it computes) allocates nothing per tool.
 */
export function toolMultipliers(queryMask: number, toolMasks: Uint32Array, productCodes: Uint8Array, named: Uint8Array,
  o: { boost: number; penalty: number; productBoost: number }): { mult: Float64Array; max: number } {
  const action = [1, o.boost, o.penalty];
  const values = [...action, ...action.map((a) => a * o.productBoost)];
  const used = new Uint8Array(values.length);
  const mult = new Float64Array(toolMasks.length);
  for (let doc = 0; doc < toolMasks.length; doc++) {
    const t = toolMasks[doc];
    const a = queryMask === 0 || t === 0 ? 0 : (t & queryMask) !== 0 ? 1 : 2;
    const v = named[productCodes[doc]] === 1 ? a + 3 : a;
    mult[doc] = values[v];
    used[v] = 1;
  }
  // The largest multiplier any tool has (0 for no tools), from the few values used rather than a pass over mult.
  let max = 0;
  values.forEach((x, v) => { if (used[v] && x > max) max = x; });
  return { mult, max };
}
