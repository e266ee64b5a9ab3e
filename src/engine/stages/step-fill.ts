// A compound query ("搜出那条消息，收藏一下，再转发给老板") ranks as one text, so its later steps can fall below the
// limit. Each of its steps (querySteps: split at punctuation and step connectives; two or more) is ranked on its own;
// a step's best hit that is strong and covers enough of the step takes one of the last slots, unless the step is
// already represented. The query's own top hits keep their order; room is made by dropping a twin of a higher hit,
// else the tail. A step that only keeps something (多维表本身保留, keep the base) asks for nothing and adds nothing
// (stepKeep). Options: stepCoverage (above 1 turns it off), singleCoverage, stepKeep.
import { queryActionMask, withoutKept, type ObjectLexicon } from '../../lexicon/actions.js';
import { fold } from '../../text/fold.js';
import { makeRoom, type Hit } from '../hits.js';
import { rankedCompound, type Stage, type StageEnv } from './types.js';

// Built from a string: esbuild escapes non-ASCII characters in strings but not in regex literals, and one of them
// makes V8 keep the whole hot bundle's source as a two-byte string (scripts/build.mjs checks the bundle is ASCII).
const STEP_BREAK = new RegExp('[，,；;。！？!?\\n]|然后|接着|之后|随后|并且|再|(?<![a-z0-9])(?:and then|then|after that|and)(?![a-z0-9])', 'iu');

/** The steps of a compound query: pieces between punctuation and step connectives, at least two characters each. */
export function querySteps(query: string): string[] {
  return query.split(STEP_BREAK).map((s) => s.trim()).filter((s) => [...s].length >= 2);
}

export const stepFill: Stage = {
  name: 'step_fill',
  option: 'stepCoverage',
  run(s, env) {
    const { req, ranked } = s;
    if (!rankedCompound(s, env)) return;
    // One command covering most of the query means one request, whatever its commas say.
    if (ranked.length > 0 && ranked[0].coverage >= env.ranking.singleCoverage) return;
    const twin = env.twin;
    const top = s.hits;
    const picks: Hit[] = [];
    const task = fold(req.query);
    const objects = env.meta.lexicon.objects;
    for (const step of s.steps) {
      if (env.ranking.stepKeep === 1 && objects && keepsOnly(fold(step), objects, env)) continue;
      const depth = env.ranking.stepDepth;
      const o = env.runQuery(step, req, s.explain, task, depth);
      // A step one of whose first stepDepth hits is already shown is represented: nothing to add.
      if (o.kind === 'ranked' && o.hits.slice(0, depth).some((h) => top.some((t) => twin[t.doc] === twin[h.doc]))) continue;
      // The step's first hit (of stepDepth) that covers enough of the step; a hit the whole query also ranks needs
      // less (stepRankedRelief), while a vague step such as "add Stage" should not pull in an unrelated command.
      const best = o.kind !== 'ranked' ? undefined : o.hits.slice(0, depth).find((h) => h.strong &&
        h.coverage * (ranked.some((r) => r.doc === h.doc) ? env.ranking.stepRankedRelief : 1) >= env.ranking.stepCoverage);
      if (!best) continue;
      const group = twin[best.doc];
      if (picks.some((h) => twin[h.doc] === group)) continue;
      picks.push(best);
    }
    const missing = picks.filter((p) => !top.some((h) => twin[h.doc] === twin[p.doc])).slice(0, req.limit - 1);
    if (missing.length === 0) return;
    s.hits = [...makeRoom(top, missing.length, req.limit, twin), ...missing.map((h) => ({ ...h, step: true }))];
  },
};

/** A step whose keep clauses are all it says of an action: what is left of it, read alone, names no action. */
function keepsOnly(step: string, objects: ObjectLexicon, env: StageEnv): boolean {
  const rest = withoutKept(step, objects);
  return rest !== step && queryActionMask(rest, env.meta.lexicon, env.ranking.actionContextWords) === 0;
}
