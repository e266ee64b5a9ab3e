// SPEC 4.3 step 6: no candidates -> abstained with a hint (also for exact_filtered and limit 0); a known gap -> weak_match with
// its note; candidates that matched only weak fields, or whose best covers less of the query than weakCoverage ->
// weak_match with a hint. Options: weakCoverage (0 leaves only the weak-field rule); weakCoverageUnread and
// weakActionObject (h54-neg, off by default: docs/ranking.md "Session 54 (h54-neg)").
import { queryObjects, toolObjectIndex } from '../../lexicon/actions.js';
import { HINTS } from '../render.js';
import type { SearchState, Stage, StageEnv } from './types.js';

/** The one ranked outcome of a query without subqueries (the readings below read one text). */
function plainOutcome(s: SearchState) {
  const o = s.outcomes.length === 1 ? s.outcomes[0] : undefined;
  return o?.kind === 'ranked' ? o : undefined;
}

/** The coverage line: weakCoverage, or weakCoverageUnread when it is larger and the query says no lexicon action. */
function coverageLine(s: SearchState, env: StageEnv): number {
  const { weakCoverage, weakCoverageUnread } = env.ranking;
  if (weakCoverageUnread <= weakCoverage) return weakCoverage;
  return plainOutcome(s)?.actions === 0 ? weakCoverageUnread : weakCoverage;
}

/**
 * Whether the query says an action and names an object, and none of the first weakActionObject hits declares that
 * action on one of those objects (a hit with no declared action, or an object the lexicon does not know, matches).
 */
function noActionOnObject(s: SearchState, env: StageEnv): boolean {
  const k = env.ranking.weakActionObject;
  const o = plainOutcome(s);
  const lex = env.meta.lexicon;
  if (k < 1 || !o || o.actions === 0 || !lex.objects) return false;
  const named = queryObjects(o.folded, lex.objects);
  if (named.length === 0) return false;
  return !s.hits.slice(0, k).some((h) => {
    const acts = env.meta.actions[h.doc];
    const obj = toolObjectIndex(env.meta.cli_path.at(h.doc)!, lex);
    return (acts === 0 || (acts & o.actions) !== 0) && (obj < 0 || named.includes(obj));
  });
}

export const confidence: Stage = {
  name: 'confidence',
  option: 'weakCoverage',
  run(s, env) {
    const english = s.english;
    if (s.hits.length === 0) {
      // limit 0 is a valid request (SPEC 4.2) that is answered, like any answer without candidates, as abstained.
      s.abstained = true;
      s.hint = s.filtered ? (s.filtered.reason === 'unavailable' ? HINTS.exactUnavailable : HINTS.exactFiltered)
        : s.req.limit === 0 ? HINTS.limitZero : HINTS.abstained;
    } else if (s.hits.length > 0 && s.gap) {
      s.weak = true;
      s.hint = `Known gap (${s.gap.product}): ${english ? s.gap.note_en : s.gap.note} ${HINTS.gap}`;
    } else if (s.hits.length > 0 && (!s.hits.some((h) => h.strong) || s.hits[0].coverage < env.ranking.weakCoverage
      // Both readings off (the default): no other work on the answer's path.
      || (env.ranking.weakCoverageUnread > env.ranking.weakCoverage && s.hits[0].coverage < coverageLine(s, env))
      || (env.ranking.weakActionObject >= 1 && noActionOnObject(s, env)))) {
      s.weak = true;
      s.hint = HINTS.weak;
    }
  },
};
