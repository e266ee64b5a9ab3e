// SPEC 4.3 step 6: no candidates -> abstained with a hint (also for exact_filtered and limit 0); a known gap -> weak_match with
// its note; candidates that matched only weak fields, or whose best covers less of the query than weakCoverage ->
// weak_match with a hint. Option: weakCoverage (0 leaves only the weak-field rule).
import { HINTS } from '../render.js';
import type { Stage } from './types.js';

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
    } else if (s.hits.length > 0 && (!s.hits.some((h) => h.strong) || s.hits[0].coverage < env.ranking.weakCoverage)) {
      s.weak = true;
      s.hint = HINTS.weak;
    }
  },
};
