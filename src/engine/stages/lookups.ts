// A compound request's first hit may take a value the agent has to look up first (catalog/lexicon/inputs.yaml): the
// group to file, the app to subscribe, the requester's own userId. When no shown command yields that value and the
// request names the thing ("the customer groups", "这个应用", "我的年假"), the command that finds it takes the last
// slot (rank_sources ["input_lookup"]): the step the request implies without saying it. Option: lookups (0 off).
import { fold } from '../../catalog/identity.js';
import { lookupsFor } from '../../lexicon/inputs.js';
import { makeRoom, type Hit } from '../hits.js';
import { rankedCompound, type Stage } from './types.js';

/** The rank_sources of a command added as a lookup. */
const LOOKUP_SOURCES = ['input_lookup'];
/** A lookup matched no field of the request (its matched_fields). */
const NO_FIELDS: string[] = [];

export const lookups: Stage = {
  name: 'lookups',
  option: 'lookups',
  run(s, env) {
    const { req, hits } = s;
    if (!rankedCompound(s, env)) return;
    if (hits.length === 0 || req.limit < 2 || env.ranking.lookups === 0) return;
    const twin = env.meta.twin;
    const mask = env.mask(req);
    const carried = (docs: readonly number[]) => hits.some((h) => docs.some((d) => twin[d] === twin[h.doc]));
    // lookupsFor adds nothing already shown; filters still apply.
    const adds = lookupsFor(env.meta.inputs, hits[0].doc, fold(req.query), carried)
      .filter((d) => mask[d] !== 0)
      .slice(0, req.limit - 1);
    if (adds.length === 0) return;
    // A lookup never displaces a step's pick: with no other room (a tiny limit), fewer lookups are shown.
    const kept = makeRoom(hits, adds.length, req.limit, twin);
    s.hits = [...kept, ...adds.slice(0, req.limit - kept.length).map((doc): Hit => ({ doc, score: 0, sources: LOOKUP_SOURCES, fields: NO_FIELDS, strong: false, coverage: 0 }))];
  },
};
