// Ranking parameters, documented in one place. Chosen values and their measurements: docs/ranking.md.
import { FIELDS, type FieldName } from '../build/fields.js';

export type Algorithm = 'fielded_bm25_ensemble' | 'fielded_tfidf_cosine';
export const ALGORITHMS: readonly Algorithm[] = ['fielded_bm25_ensemble', 'fielded_tfidf_cosine'];

export interface RankingOptions {
  algorithm: Algorithm;
  k1: number;
  b: number;
  /** Score multiplier when an avoid_when phrase of the tool occurs verbatim in the query. */
  avoidDemotion: number;
  /** Weight of a single Han character in the query-coverage mass (bigrams and words weigh 1). */
  unigramCoverage: number;
  /** 1: counted words (两行, 一栏: a numeral or demonstrative glued to the character it counts) are read: when no command
   *  says the counter pair, the counted character weighs as a word in the coverage mass, not unigramCoverage
   *  (assembly/tokenizer.ts marks, assembly/query.ts; h42-rank, docs/ranking.md session 42); 0 = off. */
  countedWords: number;
  /** Multiplier for a tool whose own action verb matches an action the query names (1 = off). */
  actionBoost: number;
  /** Multiplier for a tool whose action differs from every action the query names (1 = off). */
  actionPenalty: number;
  /** Multiplier for the tools of a product the query names (catalog/lexicon/products.yaml; 1 = off). */
  productBoost: number;
  /** 1: a request that says a capability a product is known to lack (catalog/gaps/) is flagged weak_match with its note; 0 turns it off. */
  knownGaps: number;
  /** A response whose best candidate covers less of the query than this is flagged weak_match (0 turns it off). */
  weakCoverage: number;
  /** A query whose words say no action of the action lexicon (queryActionMask 0) is flagged weak_match when its best
   *  candidate covers less of it than this (the larger of the two lines applies; 0 = off; h54-neg, docs/ranking.md). */
  weakCoverageUnread: number;
  /** 1 or more: a query that says an action and names an object (src/lexicon/actions.ts) is flagged weak_match when none
   *  of its first this-many candidates declares that action on that object (an undeclared action or object counts as
   *  a match); 0 = off (h54-neg, docs/ranking.md). */
  weakActionObject: number;
  /**
   * A step of a compound query (src/engine/stages/step-fill.ts) adds its best hit to the last slots when that hit
   * covers at least this share of the step (0 adds every strong best hit; above 1 turns step filling off).
   */
  stepCoverage: number;
  /** A compound query whose best hit covers at least this share of it is treated as one request (no step fill). */
  singleCoverage: number;
  /** Step fill: how many of a step's own hits are looked at (shown already -> represented; else its pick among them). */
  stepDepth: number;
  /** Step fill: a step's hit that the whole query also ranks needs only stepCoverage / stepRankedRelief of the step. */
  stepRankedRelief: number;
  /** Step fill: 1 = a step that only keeps something (多维表本身保留, keep the base: a keep clause and no other action)
   *  asks for nothing, so it adds no hit; 0 = every step may add its best hit. */
  stepKeep: number;
  /** Known gaps: words a multi-word English gap term may have between two of its own ("as a reusable template"). */
  gapWordsBetween: number;
  /** Known gaps: 1 = a Chinese gap term with 的 inside is also said by its parts anywhere (误删的那条待办 says 误删的待办;
   *  src/lexicon/gaps.ts derivedSets); 0 = the catalog's term sets only. */
  gapTermWords: number;
  /** 1: objects.yaml `negation` words say what the request does not ask for (src/lexicon/negation.ts): a known-gap term
   *  said only right after one is not said (不用恢复误删的会议, no need to restore), and one right before a removal verb
   *  makes a keep clause for the object guard (不需要删, no need to delete); 0 = neither (h51-rank, docs/ranking.md). */
  negatedClauses: number;
  /** 1: an action word inside a phrase of actions.yaml context `permission` (只读, 仅查看, read-only, edit access) names a
   *  permission level or role, not the request's action (src/lexicon/actions.ts saidClasses); 0 = read as an action. */
  permissionWords: number;
  /** Action words: "before"/"already" this many words before an English action word set it aside (a later or earlier step). */
  actionContextWords: number;
  /** 1: a destructive command on a container of the object a delete request names goes below it (stages/object-guard.ts); 0 off. */
  objectGuard: number;
  /** How many of a text's first hits the object guard reads and reorders (the plain query ranks at least this deep). */
  objectGuardDepth: number;
  /** Object guard: 1 = an object named as where the deleted thing is (从群里, from the group) is a place, not a target;
   *  2 = and an English object word right before another (conversation category) says which kind, not the thing;
   *  3 = and the place word before such a compound places its last word too (from the engineering wiki space). */
  objectGuardPlaces: number;
  /** Object guard: 1 = a destructive command on an object unrelated to every named one moves too (2: only below a
   *  destructive hit on the target; 3: as 1, unless the command's own title names a target). */
  objectGuardSiblings: number;
  /** Object guard, siblings on: a sibling moves only when the hit on the target scores at least this share of it. */
  objectGuardSiblingRatio: number;
  /** Object guard: 1 = a destructive command on another part of a container the request names around its target
   *  (删除多维表记录: the base's dashboard) moves below the target as a sibling does (objectGuardSiblingRatio); 2 = and
   *  another part of a container the target shares with a thing the request keeps (分组删掉，表不要动: the base); 3 = and
   *  with a place the request names (库存表里那几条删了: the table's base holds the section too). */
  objectGuardContainers: number;
  /** Object guard: 1 = a request with a delete or remove action in two clauses (删除筛选并清除条件) has the innermost
   *  things of each clause as targets, not only the innermost of the whole request; 2 = and a request with that action
   *  in one clause among others has the innermost things that clause names as targets, when it names one (a dashboard
   *  with six charts, just delete the dashboard: the charts say which one; h48-rank, docs/ranking.md session 48). */
  objectGuardClauses: number;
  /** Object guard: 1 = a request that says the recall action (收回, 撤回, take back) is read as a removal too, so its
   *  targets are read; with catalog/lexicon/objects.yaml `holder`, someone's access (王芳对应用的权限) is a member
   *  (rank-d7, docs/ranking.md session 25). */
  objectGuardRecall: number;
  /** Object guard: 1 = a command acts on what any command of its twin group acts on (drive delete, doc delete's
   *  same-call twin, acts on the document a request names), so it is a hit on the target and never moved as another. */
  objectGuardTwins: number;
  /** Object guard: 1 = a delete request that names a product and a target that product has a command on: a
   *  destructive command of no named product (nor any of its twins'), on an object the request does not name, moves
   *  below the first hit of a named product on the target, as a sibling does (objectGuardSiblingRatio); rank-guard4,
   *  docs/ranking.md session 29. */
  objectGuardProducts: number;
  /** Object guard: 1 = a word that names two or more targets (分组: a base's section or a chat category) means the
   *  readings related to the other things the request names (里面的表); a destructive command on another reading moves
   *  below the first hit on the target (rank-guard4, docs/ranking.md session 29). */
  objectGuardReadings: number;
  /** Object guard: 1 = the guard reads the request as written (folded), not its regional rewrite: 檢視 names a view,
   *  its mainland rewrite 查看 no object (rank-guard5, docs/ranking.md session 30). */
  objectGuardWritten: number;
  /** Object guard: 1 = the guard reads the request with the spaces between two Chinese characters taken out (a terse
   *  request spaces its words, 多维表 删 行; the object word is 删行) (h53-rank, session 53). */
  objectGuardSpaced: number;
  /** Object guard: 1 = a request that says to keep something besides its target (资料不要动, leave the rest): a
   *  destructive command on an object the request does not name moves below the first hit on the target when that
   *  hit scores at least objectGuardSiblingRatio of it (rank-guard5, docs/ranking.md session 30). */
  objectGuardKeepRest: number;
  /** Object guard, keep-rest rule: the share of the moving command's score the first hit on the target needs (0.5, the
   *  sibling ratio, until session 43): a request that says what it keeps and names its target has said what it deletes,
   *  so a weaker hit on the target still anchors the move (h43-rank, docs/ranking.md session 43). */
  objectGuardRestRatio: number;
  /** Object guard, containers rule (and siblings when on): the share the first hit on the target needs when that hit is
   *  a command the catalog declares destructive (effect destructive); other anchors keep objectGuardSiblingRatio (0.5
   *  for both until session 43; h43-rank, docs/ranking.md session 43). */
  objectGuardDestructiveRatio: number;
  /** Object guard: 1 = a destructive command on a thing a delete request does not name, of a product with no command on
   *  anything it names (nor a twin of such a command), moves below the first hit on the target when that hit scores at
   *  least objectGuardSiblingRatio of it (h44-rank, docs/ranking.md session 44); 0 = off. */
  objectGuardForeign: number;
  /** Object guard, foreign rule: above 0 = the share of the moving command's score the first hit on the target needs
   *  for objectGuardForeign's move (the lower of this and the ratio it had): a product with no command on anything the
   *  request names cannot do what it asks, so a weaker hit on the target anchors (standup 里删掉 attendee u_5) (h48-rank,
   *  docs/ranking.md session 48); 0 = objectGuardSiblingRatio (objectGuardPeopleRatio for the people rule's person). */
  objectGuardForeignRatio: number;
  /** Object guard: 1 = for the people rule's person (objectGuardPeople: take Lisa out of the chat), a destructive command
   *  on a thing related to nothing the request names (the favorite removal) moves below the first hit on the person when
   *  that hit scores at least objectGuardSiblingRatio of it (h44-rank, docs/ranking.md session 44); 0 = off. */
  objectGuardPeopleSiblings: number;
  /** Object guard, readings on: 1 = a word that names two or more targets (资料夹: a base section, a wiki node, a mail
   *  folder, a drive folder) means the readings a product the request names has a command on (云盘里的资料夹: the drive
   *  folder), when that product has one on some of them and not all; a command on another reading moves as the readings
   *  rule moves it (h43-rank's candidate P, measured again in h44-rank, docs/ranking.md session 44); 0 = off. */
  objectGuardProductReadings: number;
  /** Object guard, readings on: 1 = a destructive command on a container of another reading of the target's word (一行
   *  read as a base's record, a kept workflow said with it: the sheet delete holds the sheet row), or (objectGuardParts) on
   *  a part of one (资料夹 read as a mail folder: the form delete, a base section's part), moves as one on that reading
   *  does: with the reading set aside it was related to nothing the request names, and kept its lead; 2 = and a reading
   *  set aside names no product for the foreign rule, and a command of a product acting only on such a reading moves as
   *  a foreign one though the containers rule reads it as a sibling (那几行 with a kept dropdown: the sheet's rows, so the
   *  base's form delete is a foreign product's) (h49-rank, docs/ranking.md session 49); 0 = off. */
  objectGuardReadingKin: number;
  /** Object guard, products rule: 1 = the products a request names are those it calls by name (catalog/lexicon/products.yaml),
   *  not those a word mined from the train requests suggests (product-words.yaml: 身份 for chat, said in a wiki request's
   *  成员身份) (h44-rank, docs/ranking.md session 44); 0 = every product word, mined ones too. */
  objectGuardOwnProducts: number;
  /** Object guard: 1 = a target word made of a container's word and another word of the target (群成员: 群 and 成员; 会话记录,
   *  表格视图) names that container around the target for the containers rule (objectGuardContainers), as 群里的成员 does
   *  (h46-rank, docs/ranking.md session 46); 0 = the compound names the target only. */
  objectGuardCompounds: number;
  /** Object guard: above 0 = the ratio objectGuardPeopleSiblings' move needs (take Mark out of the chat: the favorite
   *  removal, a thing related to nothing named, below the member removal when that scores at least this share of it; the
   *  lower of this and objectGuardSiblingRatio): the anchor is the catalog's removal of a person from the named place,
   *  weaker when the person's name is a word of other commands (mark read) (h46-rank, docs/ranking.md session 46); 0 =
   *  objectGuardSiblingRatio. */
  objectGuardPeopleRatio: number;
  /** Object guard: 1 = the words a delete request names its target with weigh in the guard's decision: a destructive
   *  command on a thing the request does not name, which the ranking matches on none of those words, moves below the
   *  first hit on the target that it matches on one of them, when that hit scores at least objectGuardSiblingRatio of
   *  it (h33-rank, docs/ranking.md session 33). */
  objectGuardWords: number;
  /** Object guard: 1 = a request that revokes someone's access (objects.yaml holder.revoke: revoke Tom's access, 撤销他的
   *  权限) is read as a removal of that membership; only the product rule (objectGuardProducts) moves commands for it
   *  (h33-rank2, docs/ranking.md session 33). */
  objectGuardRevoke: number;
  /** Object guard: 1 = a destructive command on a thing whose name extends a word the request names its target with
   *  (筛选视图 and filter view extend 筛选 and filter; meeting room extends meeting), a thing the request does not name,
   *  moves below the first hit on the target when that hit scores at least objectGuardSiblingRatio of it: the request
   *  said the shorter thing (h34-rank, docs/ranking.md session 34). */
  objectGuardExtension: number;
  /** Object guard: 1 = a removal from a place (a group, a meeting) that names nothing the object lexicon reads besides the
   *  place (把 Tom 从群里移除, boot Dan from the meeting) removes a person: the place's `people` object (objects.yaml) is
   *  its target (h35-rank, docs/ranking.md session 35). 2 = also a removal that names no target and keeps the place or a
   *  thing inside it (take Mark off Friday's review, keep the room: the room is inside a meeting; h38-rank, session 38). */
  objectGuardPeople: number;
  /** Object guard: 1 = a request that says a cancel word (objects.yaml `cancel`: 取消, cancel) outside a keep clause, and
   *  keeps something (会议室取消掉，会议照开), is read as a removal; 取消 alone stays no delete word (session 24, A5 lost
   *  on that) (h38-rank, docs/ranking.md session 38). */
  objectGuardCancel: number;
  /** Object guard: 1 = a thing the request names only to say which one (the Attachments field: an English object word
   *  right before another, or a Chinese one placed by 从 / 在 ... 里) that holds nothing, so is no place, is no target
   *  either: a destructive command on it moves below the first hit on the target, as one on a place does (h38-rank,
   *  docs/ranking.md session 38). */
  objectGuardModifiers: number;
  /** Object guard: 1 = an English word that names an object only with an id or a quoted name right after it
   *  (catalog/lexicon/objects.yaml `id_words`: wiki space 移除 user 123 names a member; after user confirmation names
   *  nothing) is read as that object's word there (h48-rank, docs/ranking.md session 48); 0 = off. */
  objectGuardIdWords: number;
  /** Object guard: when no hit of the first objectGuardDepth acts on the target and a destructive command on it ranks
   *  within this many first hits, that command takes the last of the first objectGuardDepth places and the guard reads
   *  those, the parts rule set aside (0 = depth only; h40-rank, docs/ranking.md session 40; bounded in session 41, h41-rank:
   *  read to twenty, the products rule's moves changed which commands a short list shows, 删除developer里的𠮶行). */
  objectGuardReach: number;
  /** Object guard: 1 = two words of several objects each and no plain word (文件夹 删 文件) mean the readings one inside the
   *  other; the other readings are set aside (h54-rank, docs/ranking.md session 54). */
  objectGuardJointReadings: number;
  /** Object guard: 1 = a named place that holds no target (表里那个批注) names no product for the foreign rule, and the
   *  target's containers are named around it for the containers rule (h54-rank, docs/ranking.md session 54). */
  objectGuardPlaceFit: number;
  /** Object guard: 1 = a hit on the target whose CLI verb removes it anchors the containers rule at
   *  objectGuardDestructiveRatio, as a command declared destructive does (h54-rank, docs/ranking.md session 54). */
  objectGuardRemovingAnchor: number;
  /** Object guard: 1 = an id between two English object words (delete form frm_1 base bas_2) is the first one's id, not a
   *  name saying which one the second is, so the first is no modifier (h55-rank, docs/ranking.md session 55); 0 = off. */
  objectGuardIdGap: number;
  /** Object guard: 1 = a Chinese object word said among English words (remove Zhao from the 知识库 space) is placed by the
   *  English place word before it, as an English object word is (h55-rank, docs/ranking.md session 55); 2 = also with
   *  located.zh_skip words (这个, 我的) between them (remove 小王 from 这个群; h56-rank, session 56); 0 = off. */
  objectGuardMixedPlaces: number;
  /** Object guard: 1 = a destructive command on a part of a named target moves too. */
  objectGuardParts: number;
  /** Object guard: 1 = moved commands go just below the first hit on a target; 0 = below the last. */
  objectGuardFirst: number;
  /** Identities named inside a longer query (stages/pins.ts) are looked for in windows of at most this many words. */
  identityWords: number;
  /** 1 = an identity named inside a longer query runs inside one clause: no clause mark (, ; : ! ? 、 。) between its
   *  words (in the design doc, delete the comment names no `doc delete`; h34-rank, docs/ranking.md session 34). */
  identityClauses: number;
  /** Query-term lexicon (catalog/lexicon/query-terms.yaml): an expansion term's score weight per unit of its precision (0 = off). */
  queryTerms: number;
  /** Query-term lexicon: an expansion term's coverage-mass weight per unit of its precision. */
  queryTermsCoverage: number;
  /**
   * 1: twins (one slot per action, SPEC 4.4) are the snapshot's twin groups, commands that send the same calls
   * included (src/build/twins.ts); 0: a shortcut and the command it wraps only (the evaluation's A configuration).
   */
  sameCallTwins: number;
  /** Score x (matched share of the query's idf mass)^coverageExponent; 0 turns it off. */
  coverageExponent: number;
  weights: Record<FieldName, number>;
  /** Fields whose match makes a candidate a real (not weak) match. */
  strongFields: readonly string[];
}

export const DEFAULT_RANKING: RankingOptions = {
  algorithm: 'fielded_bm25_ensemble',
  k1: 0.9,
  b: 0.6,
  avoidDemotion: 0.2,
  unigramCoverage: 0.5,
  countedWords: 1,
  weakCoverage: 0.18,
  weakCoverageUnread: 0,
  weakActionObject: 0,
  productBoost: 1.4,
  knownGaps: 1,
  actionBoost: 1.2,
  actionPenalty: 0.7,
  coverageExponent: 1,
  stepCoverage: 0.3,
  singleCoverage: 0.5,
  stepDepth: 3,
  stepRankedRelief: 1.5,
  stepKeep: 1,
  gapWordsBetween: 2,
  gapTermWords: 0,
  negatedClauses: 0,
  permissionWords: 1,
  actionContextWords: 2,
  identityWords: 6,
  identityClauses: 1,
  objectGuard: 1,
  objectGuardDepth: 10,
  queryTerms: 0.5,
  queryTermsCoverage: 0.3,
  objectGuardPlaces: 3,
  objectGuardSiblings: 0,
  objectGuardSiblingRatio: 0.5,
  objectGuardContainers: 3,
  objectGuardClauses: 2,
  objectGuardRecall: 1,
  objectGuardTwins: 1,
  objectGuardProducts: 1,
  objectGuardReadings: 1,
  objectGuardWritten: 1,
  objectGuardSpaced: 1,
  objectGuardKeepRest: 1,
  objectGuardRestRatio: 0.3,
  objectGuardDestructiveRatio: 0.35,
  objectGuardForeign: 1,
  objectGuardPeopleSiblings: 1,
  objectGuardProductReadings: 1,
  objectGuardReadingKin: 2,
  objectGuardOwnProducts: 1,
  objectGuardCompounds: 1,
  objectGuardPeopleRatio: 0.3,
  objectGuardWords: 1,
  objectGuardRevoke: 1,
  objectGuardExtension: 1,
  objectGuardPeople: 2,
  objectGuardCancel: 1,
  objectGuardModifiers: 1,
  objectGuardIdWords: 1,
  objectGuardForeignRatio: 0.3,
  objectGuardReach: 20,
  objectGuardJointReadings: 1,
  objectGuardPlaceFit: 1,
  objectGuardRemovingAnchor: 0,
  objectGuardIdGap: 1,
  objectGuardMixedPlaces: 2,
  objectGuardParts: 1,
  objectGuardFirst: 1,
  sameCallTwins: 1,
  weights: {
    identity: 8,
    title: 5,
    title_en: 5,
    summary: 5,
    summary_en: 5,
    description: 2,
    description_en: 2,
    use_when: 3,
    use_when_en: 3,
    parameters: 2,
    parameters_en: 2,
    keywords: 4,
    keywords_en: 4,
  },
  strongFields: ['identity', 'title', 'summary', 'keywords'],
};

export function weightVector(opts: RankingOptions): Float64Array {
  return Float64Array.from(FIELDS.map((f) => opts.weights[f]));
}
