// A request for a capability a product is known to lack (catalog/gaps/) is flagged, never silently answered: what
// was ranked (the query, or each subquery; never after an exact hit) is matched against the gap term sets, and the
// first gap found becomes the weak_match hint (confidence.ts). Option: knownGaps (0 turns it off).
import { fold } from '../../text/fold.js';
import { DwsError } from '../../errors.js';
import { GapTableError } from '../../lexicon/gaps.js';
import type { Stage } from './types.js';

export const knownGaps: Stage = {
  name: 'known_gaps',
  option: 'knownGaps',
  run(s, env) {
    const ranked = s.strategy === env.ranking.algorithm || s.strategy === 'decomposed_round_robin';
    if (!ranked || env.ranking.knownGaps === 0 || env.meta.gaps.size === 0) return;
    try {
      const index = env.gapIndex();
      for (const t of s.req.subqueries ?? [s.req.query]) {
        const gap = index.match(fold(t));
        if (gap) {
          s.gap = gap;
          return;
        }
      }
    } catch (e) {
      if (e instanceof GapTableError) {
        throw new DwsError('snapshot_corrupt', `the catalog snapshot is corrupt: meta is malformed (${e.message})`, 'rebuild it with `npm run build`');
      }
      throw e;
    }
  },
};
