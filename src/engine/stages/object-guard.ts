// A request to delete or remove something that names the thing (记录, row, member, comment) never gets a destructive
// command on what contains it (base, table, group, document) above the commands on the thing itself: an agent that
// trusts rank 1 must not wipe a base to delete records. Catalog data decides, no rule per query: each tool's object
// is the last noun of its CLI path, and catalog/lexicon/objects.yaml says how requests name each object and which
// objects contain it (src/lexicon/actions.ts). Per ranked text (the query, or each subquery): when it says a delete or
// remove action, the named objects that contain no other named object are its targets (objects after an `including`
// word, 及其 / with all its, are what the deleted thing takes with it, not targets); a destructive command (effect
// destructive, or a delete/remove command) whose object contains a target moves to just below the last hit on a
// target. Runs before merge, over the first objectGuardDepth hits of each text's ranked list. Option: objectGuard
// (0 off). Moving every destructive command on another object (siblings too) was measured and lost (docs/ranking.md,
// session 12).
import { queryObjects, toolObjectIndex } from '../../lexicon/actions.js';
import type { SnapshotMeta } from '../../snapshot/decode.js';
import type { Hit } from '../hits.js';
import type { Stage } from './types.js';

/** Per catalog: which tools destroy (computed once), and each tool's object index (-2 until first asked, -1: none). */
const facts = new WeakMap<SnapshotMeta, { destroys: Uint8Array; object: Int16Array; removeBits: number }>();

function factsOf(meta: SnapshotMeta) {
  let f = facts.get(meta);
  if (!f) {
    const lex = meta.lexicon;
    const removeBits = ['delete', 'remove'].map((c) => lex.classes.indexOf(c)).filter((i) => i >= 0).reduce((b, i) => b | (1 << i), 0);
    const { values, codes } = meta.codesOf('effect');
    const destructive = values.indexOf('destructive');
    const destroys = new Uint8Array(meta.count);
    for (let d = 0; d < meta.count; d++) destroys[d] = codes[d] === destructive || (meta.actions[d] & removeBits) !== 0 ? 1 : 0;
    f = { destroys, object: new Int16Array(meta.count).fill(-2), removeBits };
    facts.set(meta, f);
  }
  return f;
}

function objectOf(meta: SnapshotMeta, f: { object: Int16Array }, doc: number): number {
  if (f.object[doc] === -2) f.object[doc] = toolObjectIndex(meta.cli_path.at(doc)!, meta.lexicon);
  return f.object[doc];
}

/**
 * The hits with every over-reaching destructive command moved below the last hit on a named target. folded: the
 * ranked text as the lexicons read it; actions: the action classes it says.
 */
export function guardObjects(all: Hit[], folded: string, actions: number, meta: SnapshotMeta, depth: number): Hit[] {
  const objects = meta.lexicon.objects;
  // Only the first depth hits are read and reordered, so the answer does not depend on how deep the core ranked.
  const hits = all.slice(0, depth);
  if (!objects || hits.length < 2) return all;
  const f = factsOf(meta);
  if ((actions & f.removeBits) === 0 || !hits.some((h) => f.destroys[h.doc] === 1)) return all;
  const named = queryObjects(folded, objects);
  const targets = named.filter((o) => !named.some((p) => p !== o && objects.inside[p].includes(o)));
  if (targets.length === 0) return all;
  const onTarget = (h: Hit) => targets.includes(objectOf(meta, f, h.doc));
  const overReach = (h: Hit) => f.destroys[h.doc] === 1 && !onTarget(h) && objectOf(meta, f, h.doc) >= 0 &&
    targets.some((t) => objects.inside[t].includes(objectOf(meta, f, h.doc)));
  let last = -1;
  hits.forEach((h, i) => { if (onTarget(h)) last = i; });
  if (last < 0) return all;
  const moved = hits.slice(0, last + 1).filter(overReach);
  if (moved.length === 0) return all;
  const kept = hits.filter((h) => !moved.includes(h));
  const at = kept.lastIndexOf(hits[last]) + 1;
  return [...kept.slice(0, at), ...moved, ...kept.slice(at), ...all.slice(depth)];
}

export const objectGuard: Stage = {
  name: 'object_guard',
  option: 'objectGuard',
  run(s, env) {
    if (env.ranking.objectGuard === 0) return;
    s.outcomes = s.outcomes.map((o) => {
      if (o.kind !== 'ranked') return o;
      const hits = guardObjects(o.hits, o.folded, o.actions, env.meta, env.ranking.objectGuardDepth);
      return hits === o.hits ? o : { ...o, hits };
    });
  },
};
