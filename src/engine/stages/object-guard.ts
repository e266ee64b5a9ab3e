// A request to delete or remove something that names the thing (记录, row, member, comment) never gets a destructive
// command on what contains it (base, table, group, document) above the commands on the thing itself: an agent that
// trusts rank 1 must not wipe a base to delete records. Catalog data decides, no rule per query: each tool's object
// is the last noun of its CLI path (or declared per command), and catalog/lexicon/objects.yaml says how requests name
// each object, which objects contain it, and the words around an object that say its role (src/lexicon/actions.ts
// queryObjectPlaces). Per ranked text (the query, or each subquery) that says a delete or remove action:
// - targets: the innermost named objects, leaving out those after an `including` word (及其, with all its: what the
//   deleted thing takes with it), those named only as where the thing is (`located`: 从群里, 知识库中, from the group),
//   and those named only in a clause that keeps them or negates removing them (`keep`: 里面的群别动, 表勿删, don't
//   delete the table); an object named `whole` (整个多维表) is the target by itself; with a delete or remove action in
//   two clauses (删除筛选并清除条件), the innermost things of each clause (objectGuardClauses);
// - places: the located objects that contain others; naming only places, the request acts on what is inside them;
// - a destructive command on a container of a target, on a place or a container of one, on a kept object, or on a
//   part of a target (objectGuardParts: its questions when the form is named) moves just below the first hit on what
//   the request acts on (objectGuardFirst; 0: below the last one); so does one on another part of a container the
//   request names around a target (objectGuardContainers), when that hit nearly matches it. A command named by its
//   identity never moves.
// Runs before merge, over the first objectGuardDepth hits. Options: objectGuard (0 off), objectGuardPlaces (0: the
// session 12 reading, innermost named objects only; 2, the default: also an English object word right before another,
// conversation category, says which kind the second is and is located, session 22; 3, the default since session 36: and
// the place word before such a compound places its last word too, from the engineering wiki space), objectGuardParts, objectGuardSiblings (1/2: a command on an
// object related to no target moves too, below any / a destructive hit on the target; 3: as 1, but a command whose own
// title names a target is no sibling, and objectGuardSiblingRatio: only below a hit on the target scoring at least that
// share of the sibling; measured in sessions 13 and 15 and off: each lost held out, docs/ranking.md), and
// objectGuardContainers (1: a destructive command on another part of a container the request names around its target
// (删除多维表记录: the base's dashboard) moves as a sibling does, the one sibling rule on by default, session 21; 2, the
// default since session 23: also another part of a container the target shares with a kept thing, 分组删掉，表不要动; 3, the
// default since session 36: and with a named place, 库存表里那几条删了: the base's section), and
// objectGuardTwins (1, the default, session 23: a command acts on what any command of its twin group acts on, so
// drive delete, which sends doc delete's call, is a hit on a named document and anchors the move of its parts), and objectGuardRecall (1, the default, session 25: a request that says
// the recall action, 收回 / 撤回 / take back, is read as a removal; objects.yaml `holder` reads someone's access as a member),
// objectGuardProducts (1, the default, session 29: a destructive command of no product the request names, on a thing it
// does not name, moves below the first hit of a named product that acts on the target, when that hit nearly matches
// it), and objectGuardReadings (1, the default, session 29: a word that names two targets, 分组, means the readings
// related to the other things named with one reading, 里面的表; a command on another reading moves as a container's does),
// objectGuardSpaced (1, the default, session 53 lead: neutral on every held-out row, and our removal probes lose 4 of 16
// over-reaches; the request is read with the spaces between Chinese characters taken out, 多维表 删 行 says 删行), objectGuardWritten (1, the default, session 30: the request is read as written too, after its regional rewrite: 檢視
// is a view, its rewrite 查看 no object), and objectGuardKeepRest (1, the default, session 30: a request that keeps
// something besides its target, 资料不要动, moves a destructive command on a thing it does not name below the first hit
// on the target, when that hit nearly matches it), and objectGuardWords (1, the default, session 33: a destructive
// command on a thing the request does not name, which the ranking matches on none of the words the request names its
// target with, moves below the first hit on the target it matches on one, when that hit nearly matches it: its lead
// came from the request's other words, 先确认 or "added by mistake"), and objectGuardRevoke (1, the default, session 33
// rank2: a request that revokes someone's access, objects.yaml holder.revoke, is read as a removal of that membership;
// only a command of no product it names moves, below the first hit of a named product on the target). A sheet column
// named by its letter (D 列, column D; objects.yaml `lettered`) is a dimension and names the spreadsheet product.
import { cancelsWithKeep, withNegatedKeeps, cellRangeSpans, withIdWords, letteredSpans, ownProductLexicon, queryActionMask, revokesHeld, queryObjectPlaces, queryObjects, queryProducts, saysKeep, toolObjectIndex, type ObjectLexicon } from '../../lexicon/actions.js';
import type { SnapshotMeta, ToolText } from '../../snapshot/decode.js';
import { fold } from '../../text/fold.js';
import type { Hit } from '../hits.js';
import { MAX_RESULTS } from '../../core/core.js';
import type { NormalizedRequest } from '../request.js';
import type { Stage, StageEnv } from './types.js';

/** Per catalog: which tools destroy (computed once), and each tool's object index (-2 until first asked, -1: none). */
const facts = new WeakMap<SnapshotMeta, { destroys: Uint8Array; object: Int16Array; removeBits: number; recallBits: number; titled: WeakMap<ObjectLexicon, (number[] | undefined)[]> }>();

export function factsOf(meta: SnapshotMeta) {
  let f = facts.get(meta);
  if (!f) {
    const lex = meta.lexicon;
    const removeBits = ['delete', 'remove'].map((c) => lex.classes.indexOf(c)).filter((i) => i >= 0).reduce((b, i) => b | (1 << i), 0);
    const { values, codes } = meta.codesOf('effect');
    const destructive = values.indexOf('destructive');
    const destroys = new Uint8Array(meta.count);
    for (let d = 0; d < meta.count; d++) destroys[d] = codes[d] === destructive || (meta.actions[d] & removeBits) !== 0 ? 1 : 0;
    const recall = lex.classes.indexOf('recall');
    f = { destroys, object: new Int16Array(meta.count).fill(-2), removeBits, recallBits: recall >= 0 ? 1 << recall : 0, titled: new WeakMap<ObjectLexicon, (number[] | undefined)[]>() };
    facts.set(meta, f);
  }
  return f;
}

export function objectOf(meta: SnapshotMeta, f: { object: Int16Array }, doc: number): number {
  if (f.object[doc] === -2) f.object[doc] = toolObjectIndex(meta.cli_path.at(doc)!, meta.lexicon);
  return f.object[doc];
}

/** The objects a tool's own title names, in either language (read on first use). */
function titleObjects(objects: ObjectLexicon, text: (doc: number) => ToolText, f: { titled: WeakMap<ObjectLexicon, (number[] | undefined)[]> }, doc: number): number[] {
  let titled = f.titled.get(objects);
  if (!titled) f.titled.set(objects, titled = []);
  let named = titled[doc];
  if (!named) {
    const t = text(doc);
    named = titled[doc] = queryObjects(fold(`${t.title} . ${t.title_en}`), objects);
  }
  return named;
}

/** Which kinds of over-reach the guard moves, besides a container of a target (ranking options objectGuard*). */
export interface GuardScope {
  depth: number;
  /** objectGuardReach: when no hit of the first depth acts on the target and a destructive one on it ranks within the
   *  first reach hits, those are read instead (the parts rule set aside: what the deep hit acts on is the target). */
  reach?: number;
  /** 1: an object named as where the deleted thing is (从群里, from the group) is a place, not a target; 2: and an
   *  English object word right before another (conversation category) says which kind, not the thing; 3: and the
   *  place word before such a compound is read for its last word too (from the engineering wiki space). */
  places: number;
  /** 1: a command on an object unrelated to every named one (neither inside nor containing it) moves too; 2: only
   *  below a destructive hit on the target; 3: as 1, unless the command's own title names a target. */
  siblings: number;
  /** 1: a command on a part of a target (its questions when the form is named) moves too. */
  parts: number;
  /** 1: moved commands go just below the first hit on a target; 0: below the last one. */
  first: number;
  /** A sibling moves only when the hit on the target scores at least this share of it. */
  siblingRatio: number;
  /** The keep-rest rule's ratio (objectGuardRestRatio; siblingRatio when unset). */
  restRatio?: number;
  /** A sibling's ratio when the hit on the target is a command the catalog declares destructive
   *  (objectGuardDestructiveRatio; siblingRatio when unset). */
  destructiveRatio?: number;
  /** 1: a command on another part of a container the request names around its target moves as a sibling does; 2: and
   *  on another part of a container the target shares with a kept thing; 3: and with a named place. */
  containers: number;
  /** 1: a request with a delete or remove action in two clauses has the innermost things of each as targets; 2: and one
   *  with that action in one clause among others, the innermost things that clause names (when it names one, no keep). */
  clauses: number;
  /** 1 (objectGuardForeign): a destructive command on a thing the request does not name, of a product with no command
   *  on anything it names (nor any of its twins'), moves below the first hit on the target when that hit nearly matches it. */
  foreign?: number;
  /** Above 0 (objectGuardForeignRatio): the share of the moving command's score the foreign move's anchor needs (the
   *  lower of this and the ratio it had); unset or 0: siblingRatio (or peopleRatio for the people rule's person). */
  foreignRatio?: number;
  /** 1 (objectGuardPeopleSiblings): for the people rule's person (把 Tom 从群里移除), a destructive command on a thing
   *  related to nothing the request names moves below the first hit on the person when that hit nearly matches it. */
  peopleSiblings?: number;
  /** 1: a request that says the recall action (收回, 撤回, take back) is read as a removal too. */
  recall?: number;
  /** Set: a command acts on what any command of its twin group acts on (twin[doc] names doc's group). */
  twin?: Uint32Array;
  /** 1: a request that names a product with a command on its target: a destructive command of no named product, on
   *  an object the request does not name, moves below the first hit of a named product on the target. */
  products?: number;  /** 1: a word the request says that names two or more targets (分组: a base's section or a chat category) means the
   *  ones related to the other things it names (里面的表: a table, in a base as a section is); a command on another
   *  reading moves below the first hit on the target, as one on a container does. */
  readings?: number;
  /** 1, with readings: a word naming two or more targets means the readings a product the request names has a command
   *  on, when it has one on some of them and not all (云盘里的资料夹: drive's folder, not a base's section) (objectGuardProductReadings). */
  productReadings?: number;
  /** 1, with readings: a destructive command on a container of another reading, or (parts on) on a part of one, moves as
   *  one on that reading does; 2: and a reading set aside names no product for the foreign rule, whose move takes a
   *  sibling of a product acting only on such a reading too (objectGuardReadingKin). */
  readingKin?: number;
  /** 1: the products rule reads the products the request calls by name only (products.yaml's words, none mined) (objectGuardOwnProducts). */
  ownProducts?: number;
  /** 1: a target word made of a container's word and another word of the target (群成员: 群 and 成员) names that container
   *  around the target for the containers rule (objectGuardCompounds). */
  compounds?: number;
  /** Above 0: for the people rule's person, the ratio the move of a command on a thing related to nothing named or of a
   *  product with no command on anything named needs (the lower of this and siblingRatio) (objectGuardPeopleRatio). */
  peopleRatio?: number;
  /** 1: a request that says to keep something (资料不要动, leave the rest) besides its target: a destructive command on
   *  an object the request does not name moves below the first hit on the target, when that hit nearly matches it. */
  keepRest?: number;
  /** 1: a request that revokes someone's access (objects.yaml holder.revoke with a held permission word) is read as a
   *  removal of that membership, and only the product rule moves commands for it. */
  revoke?: number;
  /** 1: a destructive command on a thing the request does not name, whose name extends a word the request names its
   *  target with (筛选视图 extends 筛选: a filter view is not the filter), moves below the first hit on the target, when
   *  that hit nearly matches it (objectGuardExtension). */
  extension?: number;
  /** 1: a removal from a place that names no target has the place's person as its target (objects.yaml `people`); 2: also
   *  a removal that names no target and keeps the place or a thing inside it. */
  people?: number;
  /** 1: a request that says a `cancel` word outside a keep clause and keeps something is read as a removal. */
  cancel?: number;
  /** 1: an English word that names an object only with an id or a quoted name after it (objects.yaml id_words: 移除 user
   *  123) names it there (objectGuardIdWords). */
  idWords?: number;
  /** 1: a clause with a negation word of objects.yaml `negation` right before a removal verb keeps what it names, as a
   *  `keep` word's clause does (negatedClauses; src/lexicon/negation.ts). */
  negated?: number;
  /** 1: a thing the request names only to say which one (located, and no place: it holds nothing) is over-reached. */
  modifiers?: number;
  /** 1: an id between two English object words is the first one's id, not a name (queryObjectPlaces' idGap; session 55). */
  idGap?: number;
  /** 1: a Chinese object word in English words is placed by the English place word before it (mixed; session 55); 2:
   *  with zh_skip words between too (mixedSkip; session 56). */
  mixedPlaces?: number;
  /** 1: two words of several objects each (文件夹, 文件), with no plain word to choose by, mean the readings one inside the
   *  other (a folder and its file); the others are set aside as the readings rule sets them (objectGuardJointReadings). */
  jointReadings?: number;
  /** 1: a place the request names that holds no target (表里的批注: a base table holds no comment) was read wrongly: it
   *  names no product for the foreign rule, and the target's own containers are named around it (objectGuardPlaceFit). */
  placeFit?: number;
  /** 1: a hit on the target whose command removes it (its CLI verb) anchors at destructiveRatio, as one the catalog
   *  declares destructive does (objectGuardRemovingAnchor). */
  removingAnchor?: number;
  /** Set (objectGuardWords): the tools the ranking matches for a text (undefined: too many to list), read for the
   *  words the request names its targets with. A destructive command on another object, matching none of them, moves
   *  below the first hit on the target that matches one, when that hit nearly matches it. */
  matching?: (text: string) => Set<number> | undefined;
}

/** Per catalog: the products with a command on each object (a tool's own object, filed once). */
const objectProducts = new WeakMap<SnapshotMeta, Map<number, Set<string>>>();

function productsOnObject(meta: SnapshotMeta, f: { object: Int16Array }): Map<number, Set<string>> {
  let by = objectProducts.get(meta);
  if (!by) {
    by = new Map();
    for (let d = 0; d < meta.count; d++) {
      const o = objectOf(meta, f, d);
      if (o < 0) continue;
      let ps = by.get(o);
      if (!ps) by.set(o, ps = new Set());
      ps.add(meta.valueOf('product_id', d));
    }
    objectProducts.set(meta, by);
  }
  return by;
}

/** The products of a command: its own, and with twins read, those of every command of its twin group. */
function productsOf(meta: SnapshotMeta, doc: number, twin: Uint32Array | undefined): string[] {
  const own = meta.valueOf('product_id', doc);
  if (!twin) return [own];
  const out = [own];
  for (const d of groupMembers(twin).get(twin[doc]) ?? []) {
    const p = meta.valueOf('product_id', d);
    if (!out.includes(p)) out.push(p);
  }
  return out;
}

function groupMembers(twin: Uint32Array): Map<number, number[]> {
  let groups = members.get(twin);
  if (!groups) {
    groups = new Map();
    for (let d = 0; d < twin.length; d++) {
      const g = groups.get(twin[d]);
      if (g) g.push(d);
      else groups.set(twin[d], [d]);
    }
    members.set(twin, groups);
  }
  return groups;
}

/** Per twin grouping: each group's members (filed once, a pass over the array). */
const members = new WeakMap<Uint32Array, Map<number, number[]>>();

/** The objects a command acts on: its own, and with twins read, those of every command of its twin group. */
function objectsOf(meta: SnapshotMeta, f: { object: Int16Array }, doc: number, twin: Uint32Array | undefined): number[] {
  const own = objectOf(meta, f, doc);
  if (!twin) return own >= 0 ? [own] : [];
  const out = own >= 0 ? [own] : [];
  for (const d of groupMembers(twin).get(twin[doc]) ?? []) {
    const o = objectOf(meta, f, d);
    if (o >= 0 && !out.includes(o)) out.push(o);
  }
  return out;
}

/**
 * The hits with every over-reaching destructive command moved below the hits on what the request acts on. folded:
 * the ranked text as the lexicons read it; actions: the action classes it says.
 */
export function guardObjects(all: Hit[], said: string, actions: number, meta: SnapshotMeta, scope: GuardScope, text: (doc: number) => ToolText): Hit[] {
  // negated (session 51): a negation word right before a removal verb (不需要删, no need to delete) says a keep clause.
  const objects = scope.negated === 1 && meta.lexicon.objects ? withNegatedKeeps(meta.lexicon.objects) : meta.lexicon.objects;
  // idWords (session 48): an English word that names an object only before an id (移除 user 123) is read as that object's word there.
  const folded = scope.idWords === 1 && objects ? withIdWords(said, objects) : said;
  // Only the first depth hits are read and reordered (with the reach, the deep hit takes the last of them), so the
  // answer does not depend on how deep the core ranked (search.ts rankPlain keeps at least the reach's hits).
  let hits = all.slice(0, scope.depth);
  if (!objects || hits.length < 2) return all;
  const f = factsOf(meta);
  // recall: a request to take something back (收回, 撤回, take back) is read as a removal too (objectGuardRecall).
  const recall = scope.recall === 1 ? f.recallBits : 0;
  // revoke: a request that revokes someone's access (revoke Tom's access to the wiki) is read as a removal of that
  // membership, and only the product rule acts on it (objectGuardRevoke).
  // cancel: a request that cancels a thing and keeps another (会议室取消掉，会议照开) is read as a removal (objectGuardCancel).
  const removing = (actions & (f.removeBits | recall)) !== 0 || (scope.cancel === 1 && cancelsWithKeep(folded, objects));
  const revoking = scope.revoke === 1 && !removing && revokesHeld(folded, objects);
  if ((!removing && !revoking) || !hits.some((h) => f.destroys[h.doc] === 1)) return all;
  const { named, located, places, stays, whole } = scope.places ? queryObjectPlaces(folded, objects, scope.places >= 2, scope.places >= 3, { idGap: scope.idGap === 1, mixed: (scope.mixedPlaces ?? 0) >= 1, mixedSkip: (scope.mixedPlaces ?? 0) >= 2 })
    : { named: queryObjects(folded, objects), located: [], places: [], stays: [], whole: [] };
  const things = named.filter((o) => !located.includes(o));
  // The innermost things named are the targets, unless one is named whole (整个多维表): then it is, with its contents.
  const innermost = (xs: number[]) => xs.filter((o) => !xs.some((p) => p !== o && objects.inside[p].includes(o)));
  const targets = whole.length > 0 ? whole : scope.clauses >= 1 ? clauseTargets(folded, meta, f.removeBits, things, innermost, scope.clauses >= 2) : innermost(things);
  // people: a removal from a place that names nothing else (把 Tom 从群里移除, boot Dan from the meeting) removes a person.
  // people 2: so does one that keeps the place or a thing inside it (take Mark off Friday's review, keep the room).
  let byPeople = false;
  if (scope.people !== undefined && scope.people >= 1 && targets.length === 0 && objects.people) {
    for (const [p, o] of objects.people) {
      const keptThere = scope.people >= 2 && stays.some((k) => k === p || objects.inside[k].includes(p));
      if ((places.includes(p) || keptThere) && !stays.includes(o)) { targets.push(o); byPeople = true; }
    }
  }
  if (targets.length === 0 && places.length === 0 && stays.length === 0) return all;
  const inside = (o: number, c: number) => objects.inside[o].includes(c);
  // readings: the targets one said word names, narrowed by the other things the request names (objectGuardReadings).
  // Only when a hit acts on a reading left: else nothing would anchor the guard's moves.
  let others = scope.readings === 1 && targets.length > 1 && whole.length === 0 ? otherReadings(folded, objects, targets, [...named, ...stays]) : [];
  // jointReadings (session 54): no plain word chose, and two ambiguous words name a pair one inside the other (文件夹 删 文件).
  if (scope.jointReadings === 1 && others.length === 0 && targets.length > 1 && whole.length === 0) others = jointReadings(folded, objects, targets, named);
  // productReadings (session 44): the readings no product the request names acts on, when a named product acts on
  // another reading of the same word (云盘里的资料夹: drive has a command on a folder, none on a base section or a mail folder).
  if (scope.readings === 1 && scope.productReadings === 1 && targets.length > 1 && whole.length === 0) {
    // The products the request calls by name (products.yaml's own words): a mined word is a request word that is
    // said mostly of one product (快捷删, said of chat's shortcuts too), no name to choose a reading by.
    const said = queryProducts(folded, ownProductLexicon(meta.productLexicon));
    if (said.length > 0) {
      const byObj = productsOnObject(meta, f);
      for (const o of productlessReadings(folded, objects, targets, (r) => said.some((p) => byObj.get(r)?.has(p) === true))) if (!others.includes(o)) others.push(o);
    }
  }
  const left = targets.filter((t) => !others.includes(t));
  if (others.length > 0 && !hits.some((h) => (scope.twin ? objectsOf(meta, f, h.doc, scope.twin) : [objectOf(meta, f, h.doc)]).some((o) => left.includes(o)))) others = [];
  if (others.length > 0) targets.splice(0, targets.length, ...left);
  // compounds (session 46): a target word made of a container's word and another of the target's (群成员) names the
  // container around the target, as 群里的成员 does, for the containers rule below.
  const compound = scope.compounds === 1 && targets.length > 0 ? compoundContainers(folded, objects, targets) : [];
  // placeFit (session 54): a named place that holds no target and sits in none, said only by a Chinese word of one
  // character (表里那个批注: 表, read as a base table, holds no comment), was misread: the target's containers are the
  // place it means, and the misread one names no product. A longer word says its thing (多维表里的子表: the base is
  // right and the 子表 word is the sheet's, so nothing changes there).
  const oneChar = (p: number) => !objects.en[p].some((w) => says(folded, w, true)) && objects.zh[p].some((w) => folded.includes(w)) &&
    objects.zh[p].every((w) => !folded.includes(w) || [...w].length === 1);
  const misfit = scope.placeFit === 1 && targets.length > 0 ? places.filter((p) => oneChar(p) && !targets.some((t) => t === p || inside(t, p) || inside(p, t))) : [];
  const fitting = misfit.length > 0 ? [...new Set(targets.flatMap((t) => objects.inside[t]))] : [];
  const around0 = compound.length > 0 ? [...named, ...compound.filter((c) => !named.includes(c))] : named;
  const aroundNamed = fitting.length > 0 ? [...around0, ...fitting.filter((c) => !around0.includes(c))] : around0;
  // What the request acts on: its targets; naming only places, the things inside them.
  const acted = (o: number) => o >= 0 && (targets.length > 0 ? targets.includes(o) : places.some((p) => inside(o, p)));
  // twins: a command acts on the target when a command of its twin group does (drive delete sends doc delete's call).
  const onTarget = (h: Hit) => scope.twin ? objectsOf(meta, f, h.doc, scope.twin).some(acted) : acted(objectOf(meta, f, h.doc));
  // reach: no hit of the first depth acts on the target, and a destructive command on it ranks within the first reach
  // (订单表里那两笔测试资料删掉: the record delete twelfth, under the sheet and form deletes): the guard reads that far,
  // so it has a hit to move the over-reaching commands below. The parts rule is set aside then: a deep hit is a
  // weaker reading of the target, and a command on a part of it (a filter's criteria) may be what the request means.
  // Bounded (session 41): the deep hit takes the last of the first depth places, the hit there going just below, and the
  // guard reads and reorders those depth hits only. Which commands the first depth hits are is then the reach's doing
  // alone, whatever the other rules move (the products rule moved hits between the tenth and the twentieth in and out of
  // a short answer when the guard read all twenty: 删除developer里的𠮶行).
  const deep = scope.reach !== undefined && scope.reach > hits.length && hits.length === scope.depth && !hits.some(onTarget)
    ? all.findIndex((h, i) => i >= hits.length && i < scope.reach! && onTarget(h) && f.destroys[h.doc] === 1) : -1;
  const reached = deep >= 0;
  let base = all;
  if (reached) {
    hits = [...all.slice(0, scope.depth - 1), all[deep]];
    base = [...hits, ...all.slice(scope.depth - 1, deep), ...all.slice(deep + 1)];
  }
  // products: the products the request names (productBoost's reading) that have a command on a target; a command of
  // one of them (or with a twin in one) is a command of a named product.
  const byObject = scope.products === 1 && targets.length > 0 ? productsOnObject(meta, f) : undefined;
  // A lettered column (D 列, column D) names its product too (objects.yaml `lettered`: a spreadsheet's).
  // ownProducts (session 44): the products the request calls by name (products.yaml's), not those a mined request word
  // suggests (身份, mined for chat, in 成员身份 of a wiki request).
  const saidProducts = byObject ? queryProducts(folded, scope.ownProducts === 1 ? ownProductLexicon(meta.productLexicon) : meta.productLexicon) : [];
  if (byObject && objects.lettered && !saidProducts.includes(objects.lettered.product) && (letteredSpans(folded, objects).length > 0 || cellRangeSpans(folded, objects).length > 0)) saidProducts.push(objects.lettered.product);
  const namedProducts = byObject ? saidProducts.filter((p) => targets.some((t) => byObject.get(t)?.has(p))) : [];
  const ofNamed = (h: Hit) => productsOf(meta, h.doc, scope.twin).some((p) => namedProducts.includes(p));
  /** over: a container of a target, a place or a thing kept (or a part of a target); sibling: related to none;
   *  product: related to none, not named, and of no product the request names (objectGuardProducts). */
  // keepRest: the request says something stays; a destructive command on a thing it does not name is not what it deletes.
  const keepsRest = scope.keepRest === 1 && targets.length > 0 && saysKeep(folded, objects);
  // foreign: the products with a command on some target (filed once per catalog).
  const onTargets = (scope.foreign === 1 || scope.peopleSiblings === 1) && targets.length > 0 ? productsOnObject(meta, f) : undefined;
  // readingKin 2 (session 49): a reading the readings rule set aside names no product either (那几行 with a kept dropdown:
  // the sheet's rows, so the base's form delete is a foreign product's).
  const meant = (scope.readingKin !== undefined && scope.readingKin >= 2 ? named.filter((o) => !others.includes(o)) : named).filter((o) => !misfit.includes(o));
  const targetProducts = onTargets ? new Set([...targets, ...meant, ...stays].flatMap((t) => [...(onTargets.get(t) ?? [])])) : undefined;
  // asProductless: read as the products rule's off would (its `product` command is one the other rules may still move).
  const kind = (h: Hit, asProductless = false): 'over' | 'sibling' | 'product' | 'rest' | 'foreign' | undefined => {
    const o = objectOf(meta, f, h.doc);
    // A command the request names by its identity is never moved.
    if (f.destroys[h.doc] !== 1 || o < 0 || onTarget(h) || h.sources.includes('exact_identity')) return undefined;
    if (targets.some((t) => inside(t, o)) || places.some((p) => p === o || inside(p, o)) || stays.includes(o) || others.includes(o)) return 'over';
    // readingKin (session 49): a container of another reading (一行 read as a base's record: the sheet holds the sheet
    // row), or a part of one (资料夹 read as a mail folder: a base's section holds its forms), is no more what the request
    // deletes than that reading is (objectGuardReadingKin).
    if (scope.readingKin !== undefined && scope.readingKin >= 1 && others.some((r) => inside(r, o) || (scope.parts === 1 && !reached && inside(o, r)))) return 'over';
    if (scope.parts === 1 && !reached && targets.some((t) => inside(o, t))) return 'over';
    // modifiers: a thing that only says which one (the Attachments field: a field named Attachments) and holds nothing,
    // so is no place either, is not what the request deletes: a destructive command on it over-reaches (objectGuardModifiers).
    if (scope.modifiers === 1 && located.includes(o) && !places.includes(o) && !targets.includes(o)) return 'over';
    if (keepsRest && !named.includes(o)) return 'rest';
    const around = targets.length > 0 ? targets : places;
    if (around.some((n) => n === o || inside(o, n) || inside(n, o))) return undefined;
    // containers: another part of a container the request names around its target (多维表记录: the base holds the
    // record; the base's dashboard is not what the request says to delete).
    if (scope.containers >= 1 && aroundNamed.some((c) => !targets.includes(c) && inside(o, c) && targets.some((t) => inside(t, c)))) return 'sibling';
    // containers 2: also a container the target shares with a thing the request keeps (这个分组删掉，表不要动: the
    // section and the table are both in a base, so the base's dashboard is another part of it).
    if (scope.containers >= 2 && objects.inside[o].some((c) => targets.some((t) => inside(t, c)) && stays.some((k) => inside(k, c)))) return 'sibling';
    // containers 3 (session 36): also a container of a place the request names around its target (库存表里那几条: the
    // table is in a base, so the base's section is another part of it, not the records).
    if (scope.containers >= 3 && objects.inside[o].some((c) => targets.some((t) => inside(t, c)) && places.some((p) => inside(p, c)))) return 'sibling';
    // products: the request names a product that acts on its target; a command of another product, on a thing the
    // request does not name, is not what it asks for (delete the whole base: the wiki's space delete). With siblings
    // on, such a command is a sibling already.
    if (scope.siblings === 0) {
      if (!asProductless && namedProducts.length > 0 && !named.includes(o) && !ofNamed(h)) return 'product';
      if (targetProducts && !named.includes(o) && !stays.includes(o)) {
        if (scope.foreign === 1 && !productsOf(meta, h.doc, scope.twin).some((p) => targetProducts.has(p))) return 'foreign';
        if (scope.peopleSiblings === 1 && byPeople && !named.some((n) => n === o || inside(o, n) || inside(n, o))) return 'foreign';
      }
      return undefined;
    }
    // siblings 3: a command whose own title names what the request names is no sibling (its CLI noun may be a word
    // the object lexicon files under another object, or none).
    if (scope.siblings === 3 && titleObjects(objects, text, f, h.doc).some((n) => around.includes(n))) return undefined;
    return 'sibling';
  };
  if (revoking) {
    if (namedProducts.length === 0) return base;
    // A command of no named product, on a thing the request does not name, that another rule would move.
    const foreign = (h: Hit) => kind(h) !== undefined && !ofNamed(h) && !named.includes(objectOf(meta, f, h.doc));
    const moved = moveBelow(hits, (h, anchor) => foreign(h) && anchor.score >= scope.siblingRatio * h.score, (h) => onTarget(h) && ofNamed(h), scope.first === 1);
    return moved === hits ? base : [...moved, ...base.slice(hits.length)];
  }
  // people ratio (session 46): the people rule's anchor is the catalog's removal of a person from the named place; a
  // name that is a word of other commands (take Mark out of the chat: mark read) weakens it, not what it removes.
  const peopleRatio = (ratio: number) => byPeople && scope.peopleRatio !== undefined && scope.peopleRatio > 0 ? Math.min(scope.peopleRatio, ratio) : ratio;
  let out = moveBelow(hits, (h) => kind(h) === 'over', onTarget, scope.first === 1);
  // A sibling moves only below a destructive command on the target (siblings 2) or any command on it (1).
  if (scope.siblings > 0 || scope.containers >= 1) {
    // Only a sibling the hit on the target nearly matches moves (siblingRatio: the target's score at least this share of
    // the sibling's): a request whose own object the lexicon misses names some other object, and its command should
    // not move far below a weak hit on that. A hit the catalog declares destructive on the target is a firmer reading
    // of it (多维表里张三那条删了: the record delete) than a command that only removes in passing (a section delete
    // that moves records out is a write), so it anchors at destructiveRatio (session 43).
    const declared = meta.codesOf('effect');
    const destructive = declared.values.indexOf('destructive');
    // removingAnchor (session 54): a command that removes the target (sheet's comment delete, declared a write) is as firm.
    const firm = (anchor: Hit) => declared.codes[anchor.doc] === destructive || (scope.removingAnchor === 1 && f.destroys[anchor.doc] === 1);
    const ratioOf = (anchor: Hit) => firm(anchor) ? scope.destructiveRatio ?? scope.siblingRatio : scope.siblingRatio;
    out = moveBelow(out, (h, anchor) => kind(h) === 'sibling' && anchor.score >= ratioOf(anchor) * h.score,
      scope.siblings === 2 ? (h) => onTarget(h) && f.destroys[h.doc] === 1 : onTarget, scope.first === 1);
  }
  // products: below the first hit of a named product on the target, when it nearly matches the moving one.
  if (namedProducts.length > 0) {
    out = moveBelow(out, (h, anchor) => kind(h) === 'product' && anchor.score >= scope.siblingRatio * h.score,
      (h) => onTarget(h) && ofNamed(h), scope.first === 1);
  }
  // foreign: a command of a product that cannot act on the target, on a thing the request does not name (那个测试应用整个删了:
  // the wiki's space delete), is not what the request deletes (session 44).
  // A command the products rule reads (a `product` one) is read here as with that rule off: its move needs a hit of a
  // named product on the target, and without one among those read it stays, so the products rule only adds moves.
  // readingKin 2: a command of a product that acts only on a reading set aside (the base's form delete, 那几行 read as the
  // sheet's rows) is foreign though another rule reads it as a sibling (the lexicon's view puts a form inside a sheet).
  const aside = scope.readingKin !== undefined && scope.readingKin >= 2 && others.length > 0 && onTargets && targetProducts
    ? new Set(others.flatMap((o) => [...(onTargets.get(o) ?? [])]).filter((p) => !targetProducts.has(p))) : undefined;
  const ofAside = (h: Hit) => aside !== undefined && aside.size > 0 && productsOf(meta, h.doc, scope.twin).every((p) => aside.has(p));
  const foreignHit = (h: Hit) => { const k = kind(h); return k === 'foreign' || (k === 'product' && kind(h, true) === 'foreign') || (k === 'sibling' && ofAside(h)); };
  // foreignRatio (session 48): a product that cannot act on anything named is firm evidence, so a weaker hit on the
  // target anchors (standup 里删掉 attendee u_5: the chart delete's lead is the Chinese 里删掉 of its title alone).
  const foreignRatio = scope.foreignRatio !== undefined && scope.foreignRatio > 0 ? Math.min(scope.foreignRatio, peopleRatio(scope.siblingRatio)) : peopleRatio(scope.siblingRatio);
  if (targetProducts) out = moveBelow(out, (h, anchor) => foreignHit(h) && anchor.score >= foreignRatio * h.score, onTarget, scope.first === 1);
  // The request said what it keeps and named its target, so a weaker hit on the target still anchors (restRatio).
  if (keepsRest) out = moveBelow(out, (h, anchor) => kind(h) === 'rest' && anchor.score >= (scope.restRatio ?? scope.siblingRatio) * h.score, onTarget, scope.first === 1);
  // extension: a command on a thing whose name extends a word the request names its target with (筛选视图, filter view:
  // 筛选 and filter said alone) acts on another, more specific thing than the one named.
  if (scope.extension === 1 && targets.length > 0) {
    const extended = extendedObjects(folded, objects, targets);
    if (extended.length > 0) {
      out = moveBelow(out, (h, anchor) => {
        const o = objectOf(meta, f, h.doc);
        return f.destroys[h.doc] === 1 && extended.includes(o) && !named.includes(o) && !stays.includes(o) && !onTarget(h) &&
          !h.sources.includes('exact_identity') && anchor.score >= scope.siblingRatio * h.score;
      }, onTarget, scope.first === 1);
    }
  }
  // words: the object words weigh in the guard's decision. A destructive command on a thing the request does not name
  // that the ranking matches on none of the words the request names its target with goes below the first hit on the
  // target that it matches on one of them (its lead came from the request's other words).
  if (scope.matching && targets.length > 0) {
    const firstOn = out.findIndex(onTarget);
    // A command the products rule left in place (no hit of a named product on the target among those read, or one
    // under the ratio) is read here as it would be without that rule: the products rule adds moves, it never keeps one
    // the words would make (session 41).
    const unnamed = (h: Hit) => (kind(h) === undefined || kind(h) === 'product') && f.destroys[h.doc] === 1 && objectOf(meta, f, h.doc) >= 0 && !onTarget(h) &&
      !named.includes(objectOf(meta, f, h.doc)) && !h.sources.includes('exact_identity');
    if (firstOn > 0 && out.slice(0, firstOn).some(unnamed)) {
      const words = targetWords(folded, objects, targets);
      const m = words.length > 0 ? scope.matching(words.join(' ')) : undefined;
      if (m) out = moveBelow(out, (h, anchor) => unnamed(h) && !m.has(h.doc) && anchor.score >= scope.siblingRatio * h.score, (h) => onTarget(h) && m.has(h.doc), scope.first === 1);
    }
  }
  return out === hits ? base : [...out, ...base.slice(hits.length)];
}

/**
 * The containers a target word the folded text says is made with: the word is a word of a container of the target
 * followed by another word of the target (群成员 is 群, a group, and 成员; mailbox folder is mailbox and folder), so it
 * names that container too. A word whose rest is no word of the target (表单: 表 and 单) names none.
 */
export function compoundContainers(folded: string, objects: ObjectLexicon, targets: number[]): number[] {
  const out: number[] = [];
  for (const t of targets) {
    for (const [w, c] of compoundsOf(objects, t)) {
      if (!out.includes(c) && says(folded, w, /[a-z]/u.test(w))) out.push(c);
    }
  }
  return out.sort((a, b) => a - b);
}

/** Per object lexicon: each object's compound words, with the container each names (filed on first ask). */
const compoundFiling = new WeakMap<ObjectLexicon, Map<number, [string, number][]>>();

function compoundsOf(objects: ObjectLexicon, t: number): [string, number][] {
  let byObject = compoundFiling.get(objects);
  if (!byObject) compoundFiling.set(objects, byObject = new Map());
  let out = byObject.get(t);
  if (!out) {
    out = [];
    for (const [own, english] of [[objects.zh[t], false], [objects.en[t], true]] as const) {
      for (const w of own) {
        for (const c of objects.inside[t]) {
          for (const cw of english ? objects.en[c] : objects.zh[c]) {
            const head = english ? `${cw} ` : cw;
            if (w.length > head.length && w.startsWith(head) && own.includes(w.slice(head.length)) && !out.some(([x, y]) => x === w && y === c)) out.push([w, c]);
          }
        }
      }
    }
    byObject.set(t, out);
  }
  return out;
}

/** The words of the targets the folded text says (an English word whole, a Chinese one anywhere), each once. */
function targetWords(folded: string, objects: ObjectLexicon, targets: number[]): string[] {
  const out: string[] = [];
  for (const t of targets) {
    for (const [words, english] of [[objects.zh[t], false], [objects.en[t], true]] as const) {
      for (const w of words) if (!out.includes(w) && says(folded, w, english)) out.push(w);
    }
  }
  return out;
}

/**
 * The objects whose names extend a word the folded text names a target with: an object with a word that holds the
 * said word (筛选视图 holds 筛选; filter view holds filter as a whole word) and no word equal to it (a thing that shares
 * the word is another reading of it, otherReadings), and none of whose words the text says. A Chinese word of one
 * character (表) is too short to say which thing a longer word extends (表格 is said, not 表).
 */
export function extendedObjects(folded: string, objects: ObjectLexicon, targets: number[]): number[] {
  const out: number[] = [];
  for (const w of targetWords(folded, objects, targets)) {
    if (!/[a-z]/u.test(w) && [...w].length < 2) continue;
    for (const o of extendersOf(objects, w)) {
      if (targets.includes(o) || out.includes(o)) continue;
      if (objects.zh[o].some((x) => folded.includes(x)) || objects.en[o].some((x) => says(folded, x, true))) continue;
      out.push(o);
    }
  }
  return out.sort((a, b) => a - b);
}

/** Per object lexicon: for a word, the objects with a longer word that holds it and no word equal to it (filed on
 *  first ask, one pass over the objects: the guard asks for few words, and each request's targets repeat them). */
const extenders = new WeakMap<ObjectLexicon, Map<string, number[]>>();

function extendersOf(objects: ObjectLexicon, w: string): number[] {
  let byWord = extenders.get(objects);
  if (!byWord) extenders.set(objects, byWord = new Map());
  let out = byWord.get(w);
  if (!out) {
    // English: the word whole inside the longer one (filter in filter view, not in filters).
    const holds = /[a-z]/u.test(w) ? (long: string) => long !== w && ` ${long} `.includes(` ${w} `) : (long: string) => long !== w && long.includes(w);
    out = [];
    for (let o = 0; o < objects.keys.length; o++) {
      const own = [...objects.zh[o], ...objects.en[o]];
      if (!own.includes(w) && own.some(holds)) out.push(o);
    }
    byWord.set(w, out);
  }
  return out;
}

/** Whether the folded text says the word (an English word whole, a Chinese one anywhere). */
function says(folded: string, w: string, english: boolean): boolean {
  if (!english) return folded.includes(w);
  for (let a = folded.indexOf(w); a >= 0; a = folded.indexOf(w, a + 1)) {
    if (!/[a-z0-9]/u.test(folded[a - 1] ?? '') && !/[a-z0-9]/u.test(folded[a + w.length] ?? '')) return true;
  }
  return false;
}

/**
 * The targets that are another reading of a word the request says: when one said word names two or more targets (分组:
 * section and category; rows: record and dimension), the readings related to the most of the other things the request
 * names with one reading only (inside one, holding one, or in a container with one; 里面的表: the table shares a base
 * with the section) are what it means, the others not. Nothing when those things relate to every reading or to none
 * (rows or columns: the columns are a base's field or a sheet's dimension, so they say nothing of the rows).
 */
function otherReadings(folded: string, objects: ObjectLexicon, targets: number[], said: number[]): number[] {
  const related = (a: number, b: number) => objects.inside[a].includes(b) || objects.inside[b].includes(a) || objects.inside[a].some((c) => objects.inside[b].includes(c));
  /** The said objects that share a word the text says with another said object: with two readings, no evidence. */
  const readingsOf = (among: number[], o: number) => {
    const out: number[][] = [];
    for (const [words, english] of [[objects.zh[o], false], [objects.en[o], true]] as const) {
      for (const w of words) {
        // the text is asked first: most of an object's words are not in it (the lists are filtered only for those)
        if (!says(folded, w, english)) continue;
        const readings = among.filter((u) => (english ? objects.en[u] : objects.zh[u]).includes(w));
        if (readings.length > 1) out.push(readings);
      }
    }
    return out;
  };
  const plain = said.filter((k) => readingsOf(said, k).length === 0);
  const out = new Set<number>();
  for (const t of targets) {
    for (const readings of readingsOf(targets, t)) {
      const evidence = plain.filter((k) => !readings.includes(k));
      const support = readings.map((r) => evidence.filter((k) => related(r, k)).length);
      const best = Math.max(...support);
      if (best > 0) readings.forEach((r, i) => { if (support[i] < best) out.add(r); });
    }
  }
  return [...out];
}

/**
 * The targets set aside by a joint reading: every object word the text says names two or more of the named things, so
 * none is plain evidence, and the readings of two different words that pair one inside the other (文件夹 删 文件: a
 * folder and the file in it) are what it means; the other readings of those words are set aside. Nothing when no pair, or
 * every reading is in one.
 */
function jointReadings(folded: string, objects: ObjectLexicon, targets: number[], named: number[]): number[] {
  const words: number[][] = [];
  for (const o of named) {
    for (const [list, english] of [[objects.zh[o], false], [objects.en[o], true]] as const) {
      for (const w of list) {
        if (!says(folded, w, english)) continue;
        const readings = named.filter((u) => (english ? objects.en[u] : objects.zh[u]).includes(w));
        if (readings.length < 2) return [];
        if (!words.some((x) => x.length === readings.length && x.every((r) => readings.includes(r)))) words.push(readings);
      }
    }
  }
  const paired = new Set<number>();
  for (const a of words) {
    for (const b of words) {
      if (a === b) continue;
      for (const x of a) for (const y of b) if (x !== y && objects.inside[y].includes(x)) { paired.add(x); paired.add(y); }
    }
  }
  if (paired.size === 0) return [];
  const out = targets.filter((t) => !paired.has(t));
  return out.length === targets.length ? [] : out;
}

/**
 * The targets that are another reading of a word the request says (one said word names two or more targets) and on
 * which no product the request names acts, when a named product acts on another reading of that word (acted).
 */
function productlessReadings(folded: string, objects: ObjectLexicon, targets: number[], acted: (o: number) => boolean): number[] {
  const out = new Set<number>();
  for (const t of targets) {
    for (const [words, english] of [[objects.zh[t], false], [objects.en[t], true]] as const) {
      for (const w of words) {
        if (!says(folded, w, english)) continue;
        const readings = targets.filter((u) => (english ? objects.en[u] : objects.zh[u]).includes(w));
        if (readings.length < 2) continue;
        const on = readings.filter(acted);
        if (on.length > 0 && on.length < readings.length) for (const r of readings) if (!on.includes(r)) out.add(r);
      }
    }
  }
  return [...out];
}

/** Where a request says its next action: punctuation, or a word that joins two actions (并, 然后, and then). */
const ACTION_CLAUSE = /[\uff0c,\u3002\uff1b;\n]|\u5e76|\u7136\u540e|\u518d|\u540c\u65f6|(?<![a-z])(?:and|then)(?![a-z])/u;

/**
 * The targets of a request with a delete or remove action in each of two or more clauses (删除筛选并清除条件): the
 * innermost things of each such clause, so a thing one action deletes is a target even when another action's thing is
 * inside it; with one such clause, the innermost things of the whole request. own (objectGuardClauses 2, session 48):
 * with one such clause among others, the innermost things that clause names, when it names one and keeps nothing
 * (there's a dashboard with six charts, just delete the dashboard: the charts only say which dashboard).
 */
function clauseTargets(folded: string, meta: SnapshotMeta, removeBits: number, things: number[], innermost: (xs: number[]) => number[], own = false): number[] {
  const objects = meta.lexicon.objects!;
  const clauses = folded.split(ACTION_CLAUSE);
  const acting = clauses.filter((c) => (queryActionMask(c, meta.lexicon, 2) & removeBits) !== 0);
  // A clause that keeps something (文件唔好刪: don't delete the file) says no removal of its own.
  if (own && acting.length === 1 && clauses.length > 1 && !saysKeep(acting[0], objects)) {
    const mine = innermost(queryObjects(acting[0], objects).filter((x) => things.includes(x)));
    if (mine.length > 0) return mine;
  }
  if (acting.length < 2) return innermost(things);
  const out = new Set<number>();
  for (const c of acting) for (const o of innermost(queryObjects(c, objects).filter((x) => things.includes(x)))) out.add(o);
  return out.size > 0 ? [...out] : innermost(things);
}

/** The list with the moving hits above the anchor (the first or last anchor hit) placed just below it. */
function moveBelow(list: Hit[], moving: (h: Hit, anchor: Hit) => boolean, isAnchor: (h: Hit) => boolean, first: boolean): Hit[] {
  let anchor = -1;
  for (let i = 0; i < list.length; i++) {
    if (!isAnchor(list[i])) continue;
    anchor = i;
    if (first) break;
  }
  if (anchor < 0) return list;
  const moved = list.slice(0, anchor + 1).filter((h) => moving(h, list[anchor]));
  if (moved.length === 0) return list;
  const kept = list.filter((h) => !moved.includes(h));
  const at = kept.indexOf(list[anchor]) + 1;
  return [...kept.slice(0, at), ...moved, ...kept.slice(at)];
}

/** The tools the ranking matches for text (every hit of its own ranking), or undefined when they may be more than one
 *  ranking lists (MAX_RESULTS) or the text is an identity. */
function matchingTools(text: string, req: NormalizedRequest, env: StageEnv): Set<number> | undefined {
  const o = env.runQuery(text, req, false, '', MAX_RESULTS);
  if (o.kind !== 'ranked' || o.hits.length >= MAX_RESULTS) return undefined;
  return new Set(o.hits.filter((h) => h.score > 0).map((h) => h.doc));
}

/** Spaces between two Han characters (objectGuardSpaced). */
const SPACED = /(?<=\p{Script=Han})[ \t]+(?=\p{Script=Han})/gu;

export const objectGuard: Stage = {
  name: 'object_guard',
  option: 'objectGuard',
  run(s, env) {
    if (env.ranking.objectGuard === 0) return;
    const r = env.ranking;
    s.outcomes = s.outcomes.map((o) => {
      if (o.kind !== 'ranked') return o;
      // written: the objects are read in the request as written too (檢視 is a view; its mainland rewrite 查看 says a
      // read; 紀錄 is no word, its rewrite 记录 is), a line of its own after the rewrite.
      const read = r.objectGuardWritten === 1 && o.written !== undefined ? `${o.folded}\n${o.written}` : o.folded;
      // spaced (session 53): Chinese needs no spaces between words, so one a terse request types there (多维表 删 行) is
      // read away: the object word 删行 is said. Not a line of its own: the spaced line would name the base alone as
      // the target of its clause. No object word has a space between two Chinese characters.
      const folded = r.objectGuardSpaced === 1 ? read.replace(SPACED, '') : read;
      const hits = guardObjects(o.hits, folded, o.actions, env.meta, {
        depth: r.objectGuardDepth, ...(r.objectGuardReach > 0 ? { reach: r.objectGuardReach } : {}), places: r.objectGuardPlaces, siblings: r.objectGuardSiblings, parts: r.objectGuardParts, first: r.objectGuardFirst,
        siblingRatio: r.objectGuardSiblingRatio, restRatio: r.objectGuardRestRatio, destructiveRatio: r.objectGuardDestructiveRatio,
        ...(r.objectGuardForeign === 1 ? { foreign: 1 } : {}),
        ...(r.objectGuardProductReadings === 1 ? { productReadings: 1 } : {}),
        ...(r.objectGuardOwnProducts === 1 ? { ownProducts: 1 } : {}),
        ...(r.objectGuardCompounds === 1 ? { compounds: 1 } : {}),
        ...(r.objectGuardPeopleRatio > 0 ? { peopleRatio: r.objectGuardPeopleRatio } : {}),
        ...(r.objectGuardPeopleSiblings === 1 ? { peopleSiblings: 1 } : {}), containers: r.objectGuardContainers, clauses: r.objectGuardClauses, recall: r.objectGuardRecall,
        ...(r.objectGuardTwins === 1 ? { twin: env.twin } : {}),
        ...(r.objectGuardProducts === 1 ? { products: 1 } : {}),
        ...(r.objectGuardReadings === 1 ? { readings: 1 } : {}),
        ...(r.objectGuardReadingKin >= 1 ? { readingKin: r.objectGuardReadingKin } : {}),
        ...(r.objectGuardKeepRest === 1 ? { keepRest: 1 } : {}),
        ...(r.objectGuardRevoke === 1 ? { revoke: 1 } : {}),
        ...(r.objectGuardExtension === 1 ? { extension: 1 } : {}),
        ...(r.objectGuardPeople >= 1 ? { people: r.objectGuardPeople } : {}),
        ...(r.objectGuardCancel === 1 ? { cancel: 1 } : {}),
        ...(r.objectGuardModifiers === 1 ? { modifiers: 1 } : {}),
        ...(r.objectGuardIdGap === 1 ? { idGap: 1 } : {}),
        ...(r.objectGuardMixedPlaces >= 1 ? { mixedPlaces: r.objectGuardMixedPlaces } : {}),
        ...(r.objectGuardIdWords === 1 ? { idWords: 1 } : {}),
        ...(r.objectGuardJointReadings === 1 ? { jointReadings: 1 } : {}),
        ...(r.objectGuardPlaceFit === 1 ? { placeFit: 1 } : {}),
        ...(r.objectGuardRemovingAnchor === 1 ? { removingAnchor: 1 } : {}),
        ...(r.negatedClauses === 1 ? { negated: 1 } : {}),
        ...(r.objectGuardForeignRatio > 0 ? { foreignRatio: r.objectGuardForeignRatio } : {}),
        ...(r.objectGuardWords === 1 ? { matching: (q: string) => matchingTools(q, s.req, env) } : {}),
      }, (d) => env.text(d));
      return hits === o.hits ? o : { ...o, hits };
    });
  },
};
