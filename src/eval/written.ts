// `npm run eval -- --written [dir]`: the request set written from the commands (src/build/written.ts) through the
// engine the CLI uses, on one side of the split (held out by default). Reports, per language and style slice,
// R@1 / R@5 / MRR@5 (a command's twin counts as a hit), the destructive slice (requests for delete, remove and clear
// commands: a destructive command at rank 1 on another object than the one the request names is an over-reach;
// overReach), workflows per step
// (each step's gold within its own first two and first three slots, decomposed with the steps as subqueries and the
// default limit), the near-miss negatives flagged (abstained or weak_match) against the requests flagged so (the
// price of flagging), and the single answers whose five
// slots hold both twins of a pair. With a second configuration, a paired bootstrap clustered by command.
import type { Engine } from '../engine/engine.js';
import { foldGroups, heldOutGroups, LANGS, STYLES, type WrittenSet } from '../build/written.js';
import { hasWord, queryObjects, toolObject, toolObjectIndex, type ObjectLexicon } from '../lexicon/actions.js';
import { fold } from '../text/fold.js';
import type { TwinReading } from './run.js';
import { pairedClusterBootstrap, type BootstrapOptions, type PairedInterval } from './bootstrap.js';

export type Split = 'heldout' | 'train' | 'valid' | 'all';

interface Ref { canonical_path: string; steps?: number[] }
interface Response { candidates: Ref[]; abstained?: boolean; weak_match?: boolean }

/** Per-unit values (one per request, step or negative) keyed by metric, each with its bootstrap cluster. */
export interface WrittenRun {
  units: Record<string, { cluster: string; value: number }[]>;
  /** over: an over-reach; reading: one only by the gold's object key (another reading of the word said, overReach). */
  misses: { q: string; tool: string; got: string[]; over?: boolean; reading?: boolean }[];
}

const SINGLE_LIMIT = 10;

/**
 * What the engine's catalog says of each tool that the metrics need. `group` reads hits by twin group (TwinReading);
 * the split always reads the snapshot's groups, so every configuration is judged on the same commands.
 */
function catalogFacts(engine: Engine, reading: TwinReading = 'config') {
  const m = engine.meta;
  const doc = new Map<string, number>();
  for (let d = 0; d < m.count; d++) doc.set(m.canonical_path.at(d)!, d);
  const groupBy = (twin: Uint32Array) => (p: string) => {
    const d = doc.get(p);
    return d === undefined ? p : m.canonical_path.at(twin[d])!;
  };
  const group = groupBy(reading === 'calls' ? m.twin : engine.twin);
  const splitGroup = groupBy(m.twin);
  const lex = m.lexicon;
  const bits = ['delete', 'remove'].map((c) => lex.classes.indexOf(c)).filter((i) => i >= 0).reduce((b, i) => b | (1 << i), 0);
  const destructive = (p: string) => {
    const d = doc.get(p);
    return d !== undefined && (m.valueOf('effect', d) === 'destructive' || (m.actions[d] & bits) !== 0);
  };
  /** The object lexicon's index of a tool's object (-1: a noun it does not know). */
  const objectIndex = (p: string) => {
    const d = doc.get(p);
    return d === undefined ? -1 : toolObjectIndex(m.cli_path.at(d)!, lex);
  };
  const object = (p: string) => {
    const d = doc.get(p);
    if (d === undefined) return p;
    // The object lexicon's key when it knows the noun ("devapp +delete" and "dev app delete" both act on an app).
    const known = objectIndex(p);
    return known >= 0 ? lex.objects!.keys[known] : toolObject(m.cli_path.at(d)!, lex);
  };
  return { doc, group, splitGroup, destructive, object, objectIndex, objects: lex.objects };
}

/**
 * Whether the request says one word that names both objects, each a reading the object lexicon gives the word (column:
 * a base's field and a sheet's dimension; 收藏: a chat favorite and a drive star) and both read from the request
 * (queryObjects: a word inside a longer object word said there reads as the longer one). A command on either acts on
 * a thing the request named. Chinese words are said as substrings, English ones as whole words, as the lexicon reads.
 */
export function oneWordNames(folded: string, objects: ObjectLexicon, a: number, b: number): boolean {
  if (a < 0 || b < 0 || a === b) return false;
  const named = queryObjects(folded, objects);
  if (!named.includes(a) || !named.includes(b)) return false;
  return objects.zh[a].some((w) => objects.zh[b].includes(w) && folded.includes(w))
    || objects.en[a].some((w) => objects.en[b].includes(w) && hasWord(folded, w));
}

/** What the destructive slice needs of a command: its twin group, whether it destroys, its object (key and index). */
export interface OverReachFacts {
  group: (tool: string) => string;
  destructive: (tool: string) => boolean;
  object: (tool: string) => string;
  objectIndex: (tool: string) => number;
  objects?: ObjectLexicon;
}

/**
 * Whether the first hit over-reaches on a request for a destructive gold (issue 34: a destructive command on another
 * object than the one named at rank 1): it is outside the gold's twin group, destroys, and acts on another object
 * than the gold's. byGold (the count until session 30) stops there; else a command on another reading of the word the
 * request names the gold's object with (这列 / column: a base field or a sheet column) acts on the thing named, and is
 * a miss at rank 1 but no over-reach.
 */
export function overReach(q: string, gold: string, first: string | undefined, facts: OverReachFacts, byGold = false): boolean {
  if (first === undefined || facts.group(first) === facts.group(gold) || !facts.destructive(first) || facts.object(first) === facts.object(gold)) return false;
  if (byGold || !facts.objects) return true;
  return !oneWordNames(fold(q), facts.objects, facts.objectIndex(gold), facts.objectIndex(first));
}

export function sideOf(engine: Engine, split: Split): (tool: string) => boolean {
  const { splitGroup: group } = catalogFacts(engine);
  const all: string[] = [];
  for (let d = 0; d < engine.meta.count; d++) all.push(group(engine.meta.canonical_path.at(d)!));
  if (split === 'valid') {
    const valid = foldGroups(all, 1);
    return (tool) => valid.has(group(tool));
  }
  const held = heldOutGroups(all);
  return (tool) => split === 'all' || (split === 'heldout') === held.has(group(tool));
}

/**
 * Whether a workflow or negative naming these commands is on the split's side: held out when one of them is, train
 * when none is, the validation fold when one is in it and none is held out.
 */
function sideHas(split: Split, tools: string[], held: (t: string) => boolean, inSplit: (t: string) => boolean): boolean {
  if (split === 'all') return true;
  if (split === 'valid') return tools.some(inSplit) && !tools.some(held);
  return tools.some(held) === (split === 'heldout');
}

/**
 * One configuration's run over the split's requests. `splitBy` draws the split and its clusters from another
 * snapshot's twin groups (default: the engine's own): two snapshots whose groups differ (a catalog change that merges
 * groups moves commands across the split) are then judged on the same requests, each reading hits by its own groups.
 */
export function runWritten(engine: Engine, set: WrittenSet, split: Split, reading: TwinReading = 'config', splitBy: Engine = engine): WrittenRun {
  const facts = { ...catalogFacts(engine, reading), splitGroup: catalogFacts(splitBy, 'calls').splitGroup };
  const inSplit = sideOf(splitBy, split);
  const held = sideOf(splitBy, 'heldout');
  const units: WrittenRun['units'] = {};
  const misses: WrittenRun['misses'] = [];
  const add = (metric: string, cluster: string, value: number) => (units[metric] ??= []).push({ cluster, value });
  const search = (req: object): Response => JSON.parse(engine.search(req)) as Response;

  for (const r of set.requests) {
    if (!facts.doc.has(r.tool) || !inSplit(r.tool)) continue;
    const res = search({ query: r.q, limit: SINGLE_LIMIT });
    const got = res.candidates.map((c) => c.canonical_path);
    const gold = facts.group(r.tool);
    const rank = got.findIndex((p) => facts.group(p) === gold) + 1;
    // clustered by the split's unit (the same for every configuration and reading)
    const cluster = facts.splitGroup(r.tool);
    for (const slice of ['overall', `lang:${r.lang}`, `style:${r.style}`]) {
      add(`R@1 ${slice}`, cluster, rank === 1 ? 1 : 0);
      add(`R@5 ${slice}`, cluster, rank >= 1 && rank <= 5 ? 1 : 0);
      add(`MRR@5 ${slice}`, cluster, rank >= 1 && rank <= 5 ? 1 / rank : 0);
    }
    add('weak_match on requests', cluster, res.weak_match || res.abstained ? 1 : 0);
    const top5 = got.slice(0, 5).map(facts.group);
    add('twins in two slots', cluster, new Set(top5).size < top5.length ? 1 : 0);
    let over = false;
    let reading = false;
    if (facts.destructive(r.tool)) {
      over = overReach(r.q, r.tool, got[0], facts);
      // The count until session 30: any other object key than the gold's, another reading of the word said included.
      const byKey = overReach(r.q, r.tool, got[0], facts, true);
      reading = byKey && !over;
      add('destructive over-reach@1', cluster, over ? 1 : 0);
      add('over-reach@1 by gold key', cluster, byKey ? 1 : 0);
      add('destructive R@1', cluster, rank === 1 ? 1 : 0);
    }
    if (rank !== 1) misses.push({ q: r.q, tool: r.tool, got: got.slice(0, 3), ...(over ? { over } : {}), ...(reading ? { reading } : {}) });
  }

  for (const w of set.workflows) {
    const steps = w.steps.filter((s) => facts.doc.has(s.tool));
    // A workflow is held out when one of its steps' commands is (its other steps may be indexed: the held-out
    // step is what is judged), and trained on when none is.
    if (steps.length < 2 || steps.length > 8 || !sideHas(split, steps.map((s) => s.tool), held, inSplit)) continue;
    const res = search({ query: w.q, subqueries: steps.map((s) => s.q) });
    steps.forEach((s, i) => {
      const mine = res.candidates.filter((c) => c.steps?.includes(i)).map((c) => facts.group(c.canonical_path));
      const at = mine.indexOf(facts.group(s.tool)) + 1;
      add('step gold in its first 2', facts.splitGroup(s.tool), at >= 1 && at <= 2 ? 1 : 0);
      add('step gold in its first 3', facts.splitGroup(s.tool), at >= 1 && at <= 3 ? 1 : 0);
    });
    const shown = res.candidates.map((c) => facts.group(c.canonical_path));
    add('workflow complete', facts.splitGroup(steps[0].tool), steps.every((s) => shown.includes(facts.group(s.tool))) ? 1 : 0);
  }

  for (const n of set.negatives) {
    // A near-miss negative is held out when one of the commands it is near is (the threshold set on the others).
    const near = n.near.filter((p) => facts.doc.has(p));
    if (!sideHas(split, near, held, inSplit)) continue;
    const res = search({ query: n.q });
    add('negatives flagged', near[0] ?? n.product, res.abstained || res.weak_match ? 1 : 0);
  }
  return { units, misses };
}

export const METRIC_ORDER = [
  'R@1 overall', 'R@5 overall', 'MRR@5 overall',
  ...LANGS.flatMap((l) => [`R@1 lang:${l}`, `R@5 lang:${l}`]),
  ...STYLES.flatMap((s) => [`R@1 style:${s}`, `R@5 style:${s}`]),
  'destructive R@1', 'destructive over-reach@1', 'over-reach@1 by gold key', 'twins in two slots',
  'step gold in its first 2', 'step gold in its first 3', 'workflow complete', 'negatives flagged', 'weak_match on requests',
];

const mean = (xs: { value: number }[]) => xs.reduce((s, x) => s + x.value, 0) / Math.max(1, xs.length);
const pct = (x: number) => (100 * x).toFixed(1);

export function renderWritten(runs: WrittenRun[], split: Split, bootstrap: BootstrapOptions): string {
  const [a, b] = runs;
  const out = [`written-from-commands set, ${split} commands${b ? ' (A vs B, paired bootstrap clustered by command)' : ''}`];
  for (const metric of METRIC_ORDER) {
    const ua = a.units[metric];
    if (!ua) continue;
    if (!b) {
      out.push(`${metric.padEnd(28)} ${pct(mean(ua)).padStart(6)}  (n=${ua.length})`);
      continue;
    }
    const ub = b.units[metric] ?? [];
    const ci: PairedInterval | undefined = pairedClusterBootstrap(ua.map((x, i) => ({ cluster: x.cluster, a: x.value, b: ub[i]?.value ?? 0 })), bootstrap);
    const delta = ci ? `${ci.delta >= 0 ? '+' : ''}${pct(ci.delta)} [${pct(ci.low)}, ${pct(ci.high)}]${ci.significant ? ' *' : ''}` : '';
    out.push(`${metric.padEnd(28)} ${pct(mean(ua)).padStart(6)} ${pct(mean(ub)).padStart(6)}  ${delta}  (n=${ua.length})`);
  }
  return out.join('\n');
}
