// A delete or remove request whose best hit is a destructive command, while another destructive command on another
// object nearly matches it as well, has not said which thing to destroy (删掉这一列: a base's field or a sheet's
// column; delete the folder: a drive folder, a mail folder or a base section). An agent that trusts rank 1 must not
// destroy the wrong thing, so the best non-destructive hit leads and the destructive ones follow it. The request
// settles the doubt when its words name the first hit's object and none of the rivals' (catalog/lexicon/objects.yaml,
// read as the object guard reads it). Runs after object_guard over its first objectGuardDepth hits; option
// destructiveDoubt: a rival counts when it scores at least this share of the first hit (0 off).
import { queryObjects, toolObject } from '../../lexicon/actions.js';
import type { SnapshotMeta } from '../../snapshot/decode.js';
import type { Hit } from '../hits.js';
import { factsOf, objectOf } from './object-guard.js';
import type { Stage } from './types.js';

/** A tool's object as the over-reach measure reads it: its object lexicon key, else its CLI path's last noun. */
function objectKey(meta: SnapshotMeta, f: ReturnType<typeof factsOf>, doc: number): string {
  const o = objectOf(meta, f, doc);
  return o >= 0 ? meta.lexicon.objects!.keys[o] : toolObject(meta.cli_path.at(doc)!, meta.lexicon);
}

/** The hits with the best non-destructive one first, when the first hit's object is in doubt; else the same list. */
export function doubtDestructive(hits: Hit[], folded: string, actions: number, meta: SnapshotMeta, ratio: number, depth: number): Hit[] {
  const f = factsOf(meta);
  const first = hits[0];
  if (!first || (actions & f.removeBits) === 0 || f.destroys[first.doc] !== 1 || first.sources.includes('exact_identity')) return hits;
  const window = hits.slice(1, depth);
  const own = objectKey(meta, f, first.doc);
  const rivals = window.filter((h) => f.destroys[h.doc] === 1 && meta.twin[h.doc] !== meta.twin[first.doc] &&
    h.score >= ratio * first.score && objectKey(meta, f, h.doc) !== own);
  if (rivals.length === 0) return hits;
  const objects = meta.lexicon.objects;
  if (objects) {
    const named = new Set(queryObjects(folded, objects).map((o) => objects.keys[o]));
    if (named.has(own) && !rivals.some((h) => named.has(objectKey(meta, f, h.doc)))) return hits;
  }
  const lead = window.find((h) => f.destroys[h.doc] !== 1);
  if (!lead) return hits;
  return [lead, ...hits.filter((h) => h !== lead)];
}

export const destructiveDoubt: Stage = {
  name: 'destructive_doubt',
  option: 'destructiveDoubt',
  run(s, env) {
    const r = env.ranking;
    if (r.destructiveDoubt === 0) return;
    s.outcomes = s.outcomes.map((o) => {
      if (o.kind !== 'ranked') return o;
      const hits = doubtDestructive(o.hits, o.folded, o.actions, env.meta, r.destructiveDoubt, r.objectGuardDepth);
      return hits === o.hits ? o : { ...o, hits };
    });
  },
};
