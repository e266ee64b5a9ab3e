// Subqueries of one task tend to stay in its products: in a step whose best hit is outside the product that the best
// hits of all (two or more) other steps share, that product's tools score x siblingBoost and the step's hits are
// sorted again ("create a chat folder", "find the groups", "file them under it": the third step's words alone say
// documents). The boost multiplies final scores, as the core's multipliers do, so sorting the step's candidates
// again is the ranking the core would give them with that multiplier. Option: siblingBoost (1 turns it off).
import type { Hit } from '../hits.js';
import type { Stage } from './types.js';

/** A step's hits with the tools of product scored x boost, sorted again (score desc, doc asc); pinned identities stay first. */
export function lift(hits: Hit[], isProduct: (doc: number) => boolean, boost: number): Hit[] {
  const round = (x: number) => Math.round(x * boost * 1e9) / 1e9;
  const pinned = hits.filter((h) => h.sources[0] === 'exact_identity');
  const rest = hits.filter((h) => h.sources[0] !== 'exact_identity').map((h) => (!isProduct(h.doc) ? h
    : { ...h, score: round(h.score), breakdown: h.breakdown && { ...h.breakdown, score: round(h.breakdown.score) } }));
  rest.sort((a, b) => b.score - a.score || a.doc - b.doc);
  return [...pinned, ...rest];
}

export const siblingLift: Stage = {
  name: 'sibling_lift',
  option: 'siblingBoost',
  run(s, env) {
    const boost = env.ranking.siblingBoost;
    if (!s.req.subqueries || boost === 1 || s.outcomes.length < 3) return;
    const best = s.outcomes.map((o) => (o.kind === 'ranked' ? o.hits[0]?.doc : o.doc));
    const productOf = (doc: number | undefined) => (doc === undefined ? undefined : env.meta.valueOf('product_id', doc));
    s.outcomes = s.outcomes.map((o, i) => {
      if (o.kind !== 'ranked') return o;
      const others = best.filter((_, j) => j !== i).map(productOf);
      const shared = others.length >= 2 && others[0] !== undefined && others.every((p) => p === others[0]) ? others[0] : undefined;
      return shared !== undefined && productOf(best[i]) !== shared
        ? { kind: 'ranked', hits: lift(o.hits, (doc) => env.meta.valueOf('product_id', doc) === shared, boost) } : o;
    });
  },
};
