// Session 46 (h46-rank, issue 34): two object-guard readings, each a ranking option whose 0 reproduces the guard of
// session 44. objectGuardCompounds: a target word made of a container's word and another word of the target (群成员: 群,
// a group, and 成员) names that container around the target, as 群里的成员 does, so the containers rule reads it.
// objectGuardPeopleRatio: for the people rule's person (take Mark out of the marketing chat), the foreign and
// people-siblings moves anchor at a lower share of the moving command's score. The rules are read through guardObjects
// on fixed hit lists whose scores fast-check draws, so each property says exactly when a command moves.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hit } from '../../src/engine/hits.js';
import { DEFAULT_RANKING } from '../../src/engine/ranking.js';
import { compoundContainers, guardObjects, type GuardScope } from '../../src/engine/stages/object-guard.js';
import { queryActionMask } from '../../src/lexicon/actions.js';
import { fold } from '../../src/text/fold.js';
import { engineFor, paths, objectKey, docIndex } from './ranking-runs.js';

const engine = engineFor({});
const meta = engine.meta;
const objects = meta.lexicon.objects!;
const key = objectKey(objects);
const docOf = docIndex(meta);
const hit = (path: string, score: number): Hit => {
  const doc = docOf.get(path);
  if (doc === undefined) throw new Error(`no command ${path}`);
  return { doc, score, sources: ['bm25'], fields: ['title'], strong: true, coverage: 0.3 };
};

/** The guard's scope as the stage builds it with the default options (no twins, no words ranking: fixed lists). */
const scope = (extra: Partial<GuardScope>): GuardScope => ({
  depth: 10, places: 3, siblings: 0, parts: 1, first: 1, siblingRatio: 0.5, destructiveRatio: 0.35, restRatio: 0.3,
  containers: 3, clauses: 1, recall: 1, products: 1, readings: 1, keepRest: 1, people: 2, ...extra,
});
const guard = (query: string, hits: Hit[], extra: Partial<GuardScope>) => {
  const folded = fold(query);
  return guardObjects(hits, folded, queryActionMask(folded, meta.lexicon, DEFAULT_RANKING.actionContextWords), meta, scope(extra), (d) => engine.text(d))
    .map((h) => meta.canonical_path.at(h.doc)!);
};

const moving = fc.integer({ min: 50, max: 1000 });
const share = fc.double({ min: 0.01, max: 0.99, noNaN: true });
const scored = (m: number, s: number) => Math.round(m * s * 1e6) / 1e6;

describe('compoundContainers: a target word made of a container\'s word and another of the target\'s', () => {
  it('the lexicon facts it reads: 群成员 is a group\'s member, 表单 and 会议室 name nothing more', () => {
    expect(compoundContainers(fold('群成员里删掉小周'), objects, [key('member')])).toEqual([key('group')]);
    expect(compoundContainers(fold('会话记录清一下'), objects, [key('message')])).toEqual([key('group')]);
    expect(compoundContainers(fold('delete the mailbox folder'), objects, [key('mailfolder')])).toEqual([key('mailbox')]);
    // 表单 is 表 and 单, 单 no form word; 会议室 is 会议 and 室, 室 no room word
    expect(compoundContainers(fold('删掉这个表单'), objects, [key('form')])).toEqual([]);
    expect(compoundContainers(fold('把会议室删掉'), objects, [key('room')])).toEqual([]);
    // the bare word names the target only
    expect(compoundContainers(fold('把成员小周删掉'), objects, [key('member')])).toEqual([]);
  });

  // Every (object, word) of the shipped lexicon: a container is named exactly when the word is one of that container's
  // words followed by another word of the object (English: with a space between).
  const pairs = objects.keys.flatMap((_, t) => [...objects.zh[t], ...objects.en[t]].map((w) => [t, w] as const));
  it('over the shipped lexicon: a word names container c exactly when it is c\'s word then the target\'s', () => {
    fc.assert(fc.property(fc.constantFrom(...pairs), ([t, w]) => {
      const english = /[a-z]/u.test(w);
      const own = english ? objects.en[t] : objects.zh[t];
      const expected = objects.inside[t].filter((c) => (english ? objects.en[c] : objects.zh[c])
        .some((cw) => { const head = english ? `${cw} ` : cw; return w.length > head.length && w.startsWith(head) && own.includes(w.slice(head.length)); }))
        .sort((a, b) => a - b);
      // said alone, between spaces: the word is all the text says
      expect(compoundContainers(` ${w} `, objects, [t])).toEqual([...new Set(expected)]);
    }), { numRuns: 600 });
  });

  it('a word the text does not say names nothing, whatever the targets', () => {
    fc.assert(fc.property(fc.subarray(objects.keys.map((_, i) => i), { minLength: 1, maxLength: 4 }), (targets) => {
      expect(compoundContainers('nothing said here 12345', objects, targets)).toEqual([]);
    }), { numRuns: 200 });
  });
});

describe('objectGuardCompounds: 群成员 names the group around the member for the containers rule', () => {
  // train: the role delete is another part of the group; the member removal (a write) anchors at the sibling ratio
  const q = '群成员里删掉小周';
  const list = (m: number, a: number) => [hit('chat.remove_custom_group_role', m), hit('chat.remove_group_member', a)];

  it('on: the role delete goes below the member removal exactly when that scores at least the sibling ratio of it', () => {
    fc.assert(fc.property(moving, share, (m, s) => {
      const a = scored(m, s);
      expect(guard(q, list(m, a), { compounds: 1 })[0]).toBe(a >= 0.5 * m ? 'chat.remove_group_member' : 'chat.remove_custom_group_role');
    }), { numRuns: 400 });
  });

  it('off, the guard leaves it where the ranking put it (session 44)', () => {
    fc.assert(fc.property(moving, share, (m, s) => {
      expect(guard(q, list(m, scored(m, s)), {})[0]).toBe('chat.remove_custom_group_role');
    }), { numRuns: 200 });
  });

  it('the same request with the container said apart (群里的成员) moves as the compound now does', () => {
    fc.assert(fc.property(moving, share, (m, s) => {
      const l = list(m, scored(m, s));
      expect(guard('群里的成员小周删掉', l, {})).toEqual(guard(q, l, { compounds: 1 }));
    }), { numRuns: 200 });
  });
});

describe('objectGuardPeopleRatio: the people rule\'s person anchors at a lower share', () => {
  // our probe: the chat is the place, its member the target; the favorite removal is inside nothing named
  const q = 'take Mark out of the marketing chat';
  const list = (m: number, a: number) => [hit('chat.remove_message_favorite', m), hit('chat.remove_group_member', a)];

  it('the favorite removal goes below the member removal exactly when that scores at least the people ratio of it', () => {
    fc.assert(fc.property(moving, share, fc.double({ min: 0.05, max: 0.5, noNaN: true }), (m, s, r) => {
      const a = scored(m, s);
      expect(guard(q, list(m, a), { peopleSiblings: 1, peopleRatio: r })[0]).toBe(a >= r * m ? 'chat.remove_group_member' : 'chat.remove_message_favorite');
    }), { numRuns: 400 });
  });

  it('unset, the sibling ratio (session 44); above it, still the sibling ratio (the lower of the two)', () => {
    fc.assert(fc.property(moving, share, (m, s) => {
      const a = scored(m, s);
      const at = (x: Partial<GuardScope>) => guard(q, list(m, a), { peopleSiblings: 1, ...x })[0];
      expect(at({})).toBe(a >= 0.5 * m ? 'chat.remove_group_member' : 'chat.remove_message_favorite');
      expect(at({ peopleRatio: 0.9 })).toBe(at({}));
    }), { numRuns: 300 });
  });

  it('a request that names its target is no people reading: the foreign rule keeps the sibling ratio', () => {
    const aq = '那个测试应用整个删了';
    fc.assert(fc.property(moving, share, (m, s) => {
      const l = [hit('wiki.shortcut_delete_space', m), hit('dev.delete_dev_app', scored(m, s))];
      expect(guard(aq, l, { foreign: 1, peopleRatio: 0.1 })).toEqual(guard(aq, l, { foreign: 1 }));
    }), { numRuns: 300 });
  });
});

describe('the options as the engine reads them', () => {
  it('0 is session 44\'s guard: the train requests rank as before', () => {
    const off = { objectGuardCompounds: 0, objectGuardPeopleRatio: 0, objectGuardClauses: 1, objectGuardIdWords: 0, objectGuardForeignRatio: 0 };
    expect(paths(off, '群成员里删掉小周', 2)[0]).toBe('chat.remove_custom_group_role');
    expect(paths(off, 'take Mark out of the marketing chat', 2)[0]).toBe('chat.remove_message_favorite');
  });

  it('on, the member removal leads 群成员里删掉小周 and the favorite removal leaves the first place', () => {
    const on = { objectGuardCompounds: 1, objectGuardPeopleRatio: 0.3 };
    expect(paths(on, '群成员里删掉小周', 2)[0]).toBe('chat.remove_group_member');
    expect(paths(on, 'take Mark out of the marketing chat', 2)[0]).not.toBe('chat.remove_message_favorite');
  });
});
