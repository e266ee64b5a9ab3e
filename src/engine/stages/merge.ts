// The outcomes become the candidate list and the strategy (SPEC 4.3 steps 2 and 5). Subqueries: any step that names
// an excluded identity blocks the whole response (decomposed_exact_filtered); otherwise round-robin by rank over
// the steps, twins counting as one. A plain query: its exact identity, its exact_filtered, or the
// core's ranking cut to limit (a compound query keeps its whole list for step-fill). Twins share one slot (SPEC 4.4):
// the twin the request's words rank higher leads (the entry point that fits what it says: by name or by id, one
// step or the whole job) and names its partner in `twins`; the partner takes no slot. Required by the SPEC: no option
// (ranking sameCallTwins only chooses the groups, Engine.twin: src/build/twins.ts).
import { exactHit, type Hit } from '../hits.js';
import type { Stage } from './types.js';

/**
 * Round-robin by rank over the subqueries' lists, skipping duplicates, up to limit. Twins (twin[doc], a catalog fact:
 * a shortcut and the command it wraps, commands that send the same calls) are one capability: each step's list counts it once (oneSlotPerTwin), so round
 * r gives every step its r-th distinct command, and one already in (another step's pick) is not shown twice. The
 * default limit of a decomposed request (src/engine/request.ts) is three rounds: every step's best, runner-up and
 * third, the 8 KiB budget dropping the third round first.
 */
export function roundRobin(lists: Hit[][], limit: number, twin?: Uint32Array): Hit[] {
  const distinct = twin ? lists.map((l) => oneSlotPerTwin(l, twin)) : lists;
  const out: Hit[] = [];
  const seen = new Set<number>();
  const longest = Math.max(0, ...distinct.map((l) => l.length));
  for (let r = 0; r < longest && out.length < limit; r++) {
    for (const list of distinct) {
      const h = list[r];
      const group = h ? (twin ? twin[h.doc] : h.doc) : -1;
      if (!h || seen.has(group)) continue;
      seen.add(group);
      out.push(h);
      if (out.length === limit) break;
    }
  }
  return out;
}

/**
 * How deep in a step's own list another step's hit still answers it: its best and runner-up. A step's third hit (the
 * default limit's third round) answers its own step only, so the references answering a step keep its best two first.
 */
export const STEP_ANSWER_DEPTH = 2;

/**
 * Each hit with the steps it answers: the subqueries whose own list (a twin counted once) has it or its twin within
 * the depth the round-robin gives every step (ceil(limit / steps), at least 1, at most maxDepth), or as high as in the list it ranks
 * highest in (a hit taken deeper, after duplicates, still answers its own step). Every step's first hit answers it.
 */
export function withSteps(hits: Hit[], lists: Hit[][], limit: number, twin: Uint32Array, maxDepth = Infinity): Hit[] {
  const depth = Math.max(1, Math.min(maxDepth, Math.ceil(limit / Math.max(1, lists.length))));
  const distinct = lists.map((l) => oneSlotPerTwin(l, twin));
  return hits.map((h) => {
    const at = distinct.map((list) => list.findIndex((x) => twin[x.doc] === twin[h.doc]));
    const reach = Math.max(depth - 1, Math.min(...at.filter((i) => i >= 0)));
    const steps = at.flatMap((i, step) => (i >= 0 && i <= reach ? [step] : []));
    return steps.length ? { ...h, steps } : h;
  });
}

/** The hits with every twin group's first hit only (a catalog fact: twin[doc] is the doc's group), in order. */
export function oneSlotPerTwin(hits: readonly Hit[], twin: Uint32Array): Hit[] {
  const seen = new Set<number>();
  return hits.filter((h) => !seen.has(twin[h.doc]) && seen.add(twin[h.doc]) !== undefined);
}

export const merge: Stage = {
  name: 'merge',
  option: null,
  run(s, env) {
    const { req } = s;
    const at = (doc: number) => env.meta.canonical_path.at(doc)!;
    if (req.subqueries) {
      const blocked = s.outcomes.find((o) => o.kind === 'filtered');
      if (blocked && blocked.kind === 'filtered') {
        s.strategy = 'decomposed_exact_filtered';
        s.filtered = { canonical_path: at(blocked.doc), reason: blocked.reason };
        return;
      }
      s.strategy = 'decomposed_round_robin';
      const lists = s.outcomes.map((o) => (o.kind === 'exact' ? [exactHit(o.doc)] : o.kind === 'ranked' ? o.hits : []));
      s.hits = withSteps(roundRobin(lists, req.limit, env.twin), lists, req.limit, env.twin, STEP_ANSWER_DEPTH);
      return;
    }
    const o = s.outcomes[0];
    if (o.kind === 'exact') {
      s.strategy = 'exact_guard';
      s.hits = [exactHit(o.doc)].slice(0, req.limit);
    } else if (o.kind === 'filtered') {
      s.strategy = 'exact_filtered';
      s.filtered = { canonical_path: at(o.doc), reason: o.reason };
    } else {
      s.strategy = env.ranking.algorithm;
      const hits = oneSlotPerTwin(o.hits, env.twin);
      if (s.steps.length >= 2) s.ranked = hits;
      s.hits = hits.slice(0, req.limit);
    }
  },
};
