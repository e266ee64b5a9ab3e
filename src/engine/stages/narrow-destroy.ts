// A delete or remove request whose best hit destroys a thing while a destructive command on something inside that
// thing nearly matches it as well has not made clear it means the whole (删除多维表记录 ranked `base delete` first): an
// agent that trusts rank 1 must not wipe a base to delete records, so the narrower command leads. "Inside" is read from
// the commands' own contracts, not from a word list: a command whose required ids (src/build/contract-ids.ts, the object
// lexicon's `requires`) are a strict superset of the first hit's acts on a part of it (record delete: base, table,
// record; base delete: base). The request keeps the order when its words name the first hit's object whole (整个多维表)
// or name it and not the narrower command's (catalog/lexicon/objects.yaml, read as the object guard reads it). Runs
// after object_guard over its first objectGuardDepth hits; option destructiveNarrow: the narrower command counts when
// it scores at least this share of the first hit (0 off).
import { queryObjectPlaces } from '../../lexicon/actions.js';
import type { SnapshotMeta } from '../../snapshot/decode.js';
import type { Hit } from '../hits.js';
import { factsOf, objectOf } from './object-guard.js';
import type { Stage } from './types.js';

/** a's ids strictly contain b's (b non-empty). */
function narrower(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return !!a && !!b && b.length > 0 && a.length > b.length && b.every((id) => a.includes(id));
}

/** The hits with the best narrower destructive command first, when the first hit may destroy more than asked. */
export function narrowDestroy(hits: Hit[], folded: string, actions: number, meta: SnapshotMeta, ratio: number, depth: number): Hit[] {
  const f = factsOf(meta);
  const first = hits[0];
  const objects = meta.lexicon.objects;
  const requires = objects?.requires;
  if (!first || !objects || !requires || (actions & f.removeBits) === 0 || f.destroys[first.doc] !== 1 || first.sources.includes('exact_identity')) return hits;
  const own = requires[meta.cli_path.at(first.doc)!];
  if (!own) return hits;
  const lead = hits.slice(1, depth).find((h) => f.destroys[h.doc] === 1 && meta.twin[h.doc] !== meta.twin[first.doc] &&
    h.score >= ratio * first.score && narrower(requires[meta.cli_path.at(h.doc)!], own));
  if (!lead) return hits;
  const { named, whole } = queryObjectPlaces(folded, objects);
  const o = objectOf(meta, f, first.doc);
  const n = objectOf(meta, f, lead.doc);
  if (o >= 0 && (whole.includes(o) || (named.includes(o) && !named.includes(n)))) return hits;
  return [lead, ...hits.filter((h) => h !== lead)];
}

export const destructiveNarrow: Stage = {
  name: 'narrow_destroy',
  option: 'destructiveNarrow',
  run(s, env) {
    const r = env.ranking;
    if (r.destructiveNarrow === 0) return;
    s.outcomes = s.outcomes.map((o) => {
      if (o.kind !== 'ranked') return o;
      const hits = narrowDestroy(o.hits, o.folded, o.actions, env.meta, r.destructiveNarrow, r.objectGuardDepth);
      return hits === o.hits ? o : { ...o, hits };
    });
  },
};
