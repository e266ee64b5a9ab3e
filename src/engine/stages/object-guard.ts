// A request to delete or remove something that names the thing (记录, row, member, comment) never gets a destructive
// command on what contains it (base, table, group, document) above the commands on the thing itself: an agent that
// trusts rank 1 must not wipe a base to delete records. Catalog data decides, no rule per query: each tool's object
// is the last noun of its CLI path, and catalog/lexicon/objects.yaml says how requests name each object and which
// objects contain it (src/lexicon/actions.ts). Per ranked text (the query, or each subquery): when it says a delete or
// remove action, the named objects that contain no other named object are its targets (objects after an `including`
// word, 及其 / with all its, are what the deleted thing takes with it, not targets); a destructive command (effect
// destructive, or a delete/remove command) whose object contains a target moves to just below the last hit on a
// target. Runs before merge, over each text's whole ranked list. Option: objectGuard (0 off). Moving every
// destructive command on another object (siblings too) was measured and lost (docs/ranking.md, session 12).
import { queryActionMask, queryObjects, toolObjectIndex } from '../../lexicon/actions.js';
import { toMainland } from '../../lexicon/regional.js';
import { fold } from '../../text/fold.js';
import type { SnapshotMeta } from '../../snapshot/decode.js';
import type { Hit } from '../hits.js';
import type { Stage } from './types.js';

/** Each tool's object index (-1: none) and whether it destroys, computed once per catalog. */
const facts = new WeakMap<SnapshotMeta, { object: Int16Array; destroys: Uint8Array; removeBits: number }>();

function factsOf(meta: SnapshotMeta) {
  let f = facts.get(meta);
  if (!f) {
    const lex = meta.lexicon;
    const removeBits = ['delete', 'remove'].map((c) => lex.classes.indexOf(c)).filter((i) => i >= 0).reduce((b, i) => b | (1 << i), 0);
    const object = new Int16Array(meta.count);
    const destroys = new Uint8Array(meta.count);
    for (let d = 0; d < meta.count; d++) {
      object[d] = toolObjectIndex(meta.cli_path.at(d)!, lex);
      destroys[d] = meta.valueOf('effect', d) === 'destructive' || (meta.actions[d] & removeBits) !== 0 ? 1 : 0;
    }
    f = { object, destroys, removeBits };
    facts.set(meta, f);
  }
  return f;
}

/** The hits with every over-reaching destructive command moved below the last hit on a named target. */
export function guardObjects(hits: Hit[], text: string, meta: SnapshotMeta, contextWords: number): Hit[] {
  const objects = meta.lexicon.objects;
  if (!objects || hits.length < 2) return hits;
  const f = factsOf(meta);
  const folded = fold(toMainland(text));
  if ((queryActionMask(folded, meta.lexicon, contextWords) & f.removeBits) === 0) return hits;
  const named = queryObjects(folded, objects);
  const targets = named.filter((o) => !named.some((p) => p !== o && objects.inside[p].includes(o)));
  if (targets.length === 0) return hits;
  const onTarget = (h: Hit) => targets.includes(f.object[h.doc]);
  const overReach = (h: Hit) => f.destroys[h.doc] === 1 && !onTarget(h) && f.object[h.doc] >= 0 &&
    targets.some((t) => objects.inside[t].includes(f.object[h.doc]));
  let last = -1;
  hits.forEach((h, i) => { if (onTarget(h)) last = i; });
  if (last < 0) return hits;
  const moved = hits.slice(0, last + 1).filter(overReach);
  if (moved.length === 0) return hits;
  const kept = hits.filter((h) => !moved.includes(h));
  const at = kept.lastIndexOf(hits[last]) + 1;
  return [...kept.slice(0, at), ...moved, ...kept.slice(at)];
}

export const objectGuard: Stage = {
  name: 'object_guard',
  option: 'objectGuard',
  run(s, env) {
    if (env.ranking.objectGuard === 0) return;
    const texts = s.req.subqueries ?? [s.req.query];
    s.outcomes = s.outcomes.map((o, i) => (o.kind === 'ranked'
      ? { kind: 'ranked', hits: guardObjects(o.hits, texts[i], env.meta, env.ranking.actionContextWords) } : o));
  },
};
