// Session 44 (h44-rank, issue 34): four object-guard readings, each a ranking option whose 0 reproduces the guard of
// session 43. objectGuardForeign: a destructive command of a product with no command on anything a delete request names
// (the wiki's space delete for 那个测试应用整个删了) is not what it deletes. objectGuardPeopleSiblings: for the people
// rule's person (take Lisa out of the marketing chat), a destructive command on a thing related to nothing named (the
// favorite removal) is not either. objectGuardOwnProducts: the products rule reads the products a request calls by name
// (products.yaml), not a mined request word (身份, mined for chat, inside a wiki request's 成员身份).
// objectGuardProductReadings: a word with several readings (资料夹) means the one a product called by name acts on. The
// rules are read through guardObjects on fixed hit lists whose scores fast-check draws, so each property says exactly
// when a command moves.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hit } from '../../src/engine/hits.js';
import { DEFAULT_RANKING } from '../../src/engine/ranking.js';
import { guardObjects, type GuardScope } from '../../src/engine/stages/object-guard.js';
import { ownProductLexicon, queryActionMask, queryProducts, type ProductLexicon } from '../../src/lexicon/actions.js';
import { fold } from '../../src/text/fold.js';
import { engineFor, paths, docIndex } from './ranking-runs.js';

const engine = engineFor({});
const meta = engine.meta;
const docOf = docIndex(meta);
const hit = (path: string, score: number): Hit => {
  const doc = docOf.get(path);
  if (doc === undefined) throw new Error(`no command ${path}`);
  return { doc, score, sources: ['bm25'], fields: ['title'], strong: true, coverage: 0.3 };
};

/** The guard's scope as the stage builds it with the default options (no twins, no words ranking: fixed lists). */
const scope = (extra: Partial<GuardScope>): GuardScope => ({
  depth: 10, places: 3, siblings: 0, parts: 1, first: 1, siblingRatio: 0.5, containers: 3, clauses: 1, recall: 1,
  products: 1, readings: 1, keepRest: 1, people: 2, ...extra,
});
const guard = (query: string, hits: Hit[], extra: Partial<GuardScope>) => {
  const folded = fold(query);
  return guardObjects(hits, folded, queryActionMask(folded, meta.lexicon, DEFAULT_RANKING.actionContextWords), meta, scope(extra), (d) => engine.text(d))
    .map((h) => meta.canonical_path.at(h.doc)!);
};

const moving = fc.integer({ min: 50, max: 1000 });
const share = fc.double({ min: 0.01, max: 0.99, noNaN: true });
const scored = (m: number, s: number) => Math.round(m * s * 1e6) / 1e6;

describe('objectGuardForeign: a command of a product with no command on anything the request names', () => {
  // train: the app is the target (整个); the wiki has no command on an app, so its space delete is foreign
  const q = '那个测试应用整个删了';
  const list = (m: number, a: number) => [hit('wiki.shortcut_delete_space', m), hit('dev.delete_dev_app', a)];

  it('the space delete goes below the app delete exactly when the app delete scores at least the sibling ratio of it', () => {
    fc.assert(fc.property(moving, share, (m, s) => {
      const a = scored(m, s);
      expect(guard(q, list(m, a), { foreign: 1 })[0]).toBe(a >= 0.5 * m ? 'dev.delete_dev_app' : 'wiki.shortcut_delete_space');
    }), { numRuns: 400 });
  });

  it('off, the guard leaves it where the ranking put it (session 43)', () => {
    fc.assert(fc.property(moving, share, (m, s) => {
      expect(guard(q, list(m, scored(m, s)), {})[0]).toBe('wiki.shortcut_delete_space');
    }), { numRuns: 200 });
  });

  it('a command of a product that acts on a thing the request names is no foreign one (remove member from minutes)', () => {
    // minutes is named (a place), so the minutes removal is of a product the request speaks of; train lost this one
    // when the rule read the targets' products only
    const mq = 'remove member from minutes';
    fc.assert(fc.property(moving, share, (m, s) => {
      const l = [hit('minutes.remove_member_permission', m), hit('devapp.shortcut_member_remove', scored(m, s))];
      expect(guard(mq, l, { foreign: 1 })).toEqual(guard(mq, l, {}));
    }), { numRuns: 200 });
  });
});

describe('objectGuardPeopleSiblings: the people rule\'s person and a command related to nothing named', () => {
  // train: the chat is the place, so the member is the target; the favorite removal is inside nothing the request names
  const q = 'take Lisa out of the marketing chat';
  const list = (m: number, a: number) => [hit('chat.remove_message_favorite', m), hit('chat.remove_group_member', a)];

  it('the favorite removal goes below the member removal exactly when that scores at least the sibling ratio of it', () => {
    fc.assert(fc.property(moving, share, (m, s) => {
      const a = scored(m, s);
      expect(guard(q, list(m, a), { peopleSiblings: 1 })[0]).toBe(a >= 0.5 * m ? 'chat.remove_group_member' : 'chat.remove_message_favorite');
      expect(guard(q, list(m, a), {})[0]).toBe('chat.remove_message_favorite');
    }), { numRuns: 400 });
  });

  it('a request that names its target itself is not read by the rule (the person is no guess from the place)', () => {
    const named = 'remove the member Lisa from the marketing chat';
    fc.assert(fc.property(moving, share, (m, s) => {
      const l = list(m, scored(m, s));
      expect(guard(named, l, { peopleSiblings: 1 })).toEqual(guard(named, l, {}));
    }), { numRuns: 200 });
  });
});

describe('objectGuardOwnProducts: the products rule reads the products the request calls by name', () => {
  // train: 知识库 names the wiki; 身份 (mined for chat) is inside 成员身份, the member
  const q = '知识库里把实习生的成员身份去掉';
  const list = (m: number, a: number) => [hit('chat.shortcut_chat_role_remove_user', m), hit('wiki.shortcut_member_remove', a)];

  it('the lexicon facts it reads: 身份 names chat only as a mined word', () => {
    const lex = meta.productLexicon;
    expect(queryProducts(fold(q), lex).sort()).toEqual(['chat', 'wiki']);
    expect(queryProducts(fold(q), ownProductLexicon(lex))).toEqual(['wiki']);
  });

  it('the chat role removal goes below the wiki member removal exactly when that scores at least the sibling ratio of it', () => {
    fc.assert(fc.property(moving, share, (m, s) => {
      const a = scored(m, s);
      expect(guard(q, list(m, a), { ownProducts: 1 })[0]).toBe(a >= 0.5 * m ? 'wiki.shortcut_member_remove' : 'chat.shortcut_chat_role_remove_user');
      expect(guard(q, list(m, a), {})[0]).toBe('chat.shortcut_chat_role_remove_user');
    }), { numRuns: 400 });
  });
});

describe('ownProductLexicon: the product names products.yaml lists, the mined words left out', () => {
  const word = fc.string({ minLength: 1, maxLength: 4, unit: fc.constantFrom('云', '盘', '表', '群', '聊', '格', 'a', 'b') });
  const product = fc.record({ zh: fc.array(word, { maxLength: 4 }), en: fc.array(word.map((w) => w.replace(/[^ab]/gu, 'a')), { maxLength: 3 }) });
  const lexicon = fc.array(product, { minLength: 1, maxLength: 4 }).chain((ps) => fc.tuple(
    fc.constant(ps),
    fc.tuple(...ps.map((p) => fc.integer({ min: 0, max: p.zh.length }))),
    fc.tuple(...ps.map((p) => fc.integer({ min: 0, max: p.en.length }))),
  ));

  it('keeps each product\'s first own words, and names a subset of the products the whole lexicon names', () => {
    fc.assert(fc.property(lexicon, fc.string({ maxLength: 8, unit: fc.constantFrom('云', '盘', '表', '群', '聊', '格', 'a', 'b', ' ') }), ([ps, zh, en], text) => {
      const lex: ProductLexicon = { products: ps.map((_, i) => `p${i}`), zh: ps.map((p) => p.zh), en: ps.map((p) => p.en), own: { zh, en } };
      const view = ownProductLexicon(lex);
      expect(view.zh).toEqual(ps.map((p, i) => p.zh.slice(0, zh[i])));
      expect(view.en).toEqual(ps.map((p, i) => p.en.slice(0, en[i])));
      expect(ownProductLexicon(lex)).toBe(view);
      const all = queryProducts(text, lex);
      for (const p of queryProducts(text, view)) expect(all).toContain(p);
    }), { numRuns: 300 });
  });

  it('a lexicon without `own` (a snapshot before session 44) is its own view', () => {
    const lex: ProductLexicon = { products: ['a'], zh: [['云盘']], en: [['drive']] };
    expect(ownProductLexicon(lex)).toBe(lex);
  });

  it('the shipped lexicon keeps products.yaml\'s names first: 云盘 is drive\'s own, 快捷删 a mined aitable word', () => {
    const own = ownProductLexicon(meta.productLexicon);
    const at = (p: string) => meta.productLexicon.products.indexOf(p);
    expect(own.zh[at('drive')]).toContain('云盘');
    expect(own.zh[at('aitable')]).not.toContain('快捷删');
    expect(meta.productLexicon.zh[at('aitable')]).toContain('快捷删');
  });
});

describe('objectGuardProductReadings and the drive folder: 资料夹 with the drive called by name means the drive\'s folder', () => {
  // train: 雲盤 is drive's own name; 資料夾 names a base section, a wiki node, a mail folder and a drive folder
  const q = '將雲盤入面嗰個「舊相」資料夾刪咗';
  const list = (m: number, a: number) => [hit('aitable.shortcut_section_delete', m), hit('drive.delete_document', a)];

  it('the lexicon facts it reads: drive delete acts on a folder, drive +create-folder makes one, mail folder delete stays a mail folder\'s', () => {
    const objects = meta.lexicon.objects!;
    const key = (path: string) => objects.keys[objects.commands![meta.cli_path.at(docOf.get(path)!)!] ?? -1];
    expect(key('drive.delete_document')).toBe('folder');
    expect(key('drive.shortcut_create_folder')).toBe('folder');
    expect(objects.names[objects.keys.indexOf('mailfolder')]).toContain('folder');
    expect(objects.inside[objects.keys.indexOf('file')]).toContain(objects.keys.indexOf('folder'));
  });

  it('on: the section delete goes below the drive delete whatever the scores; off: the ranking\'s order stays', () => {
    fc.assert(fc.property(moving, share, (m, s) => {
      const a = scored(m, s);
      expect(guard(q, list(m, a), { productReadings: 1 })).toEqual(['drive.delete_document', 'aitable.shortcut_section_delete']);
      expect(guard(q, list(m, a), {})).toEqual(['aitable.shortcut_section_delete', 'drive.delete_document']);
    }), { numRuns: 300 });
  });

  it('a mined product word picks no reading (快捷删分组: 快捷删 is mined for aitable; the chat category delete stays)', () => {
    const kq = '快捷删分组';
    fc.assert(fc.property(moving, share, (m, s) => {
      const l = [hit('chat.shortcut_category_delete', m), hit('aitable.shortcut_section_delete', scored(m, s))];
      expect(guard(kq, l, { productReadings: 1 })).toEqual(guard(kq, l, {}));
      expect(guard(kq, l, { productReadings: 1 })[0]).toBe('chat.shortcut_category_delete');
    }), { numRuns: 200 });
  });
});

describe('the options as the engine reads them: 0 is session 43\'s guard', () => {
  it('defaults: the four on', () => {
    expect(DEFAULT_RANKING.objectGuardForeign).toBe(1);
    expect(DEFAULT_RANKING.objectGuardPeopleSiblings).toBe(1);
    expect(DEFAULT_RANKING.objectGuardOwnProducts).toBe(1);
    expect(DEFAULT_RANKING.objectGuardProductReadings).toBe(1);
  });

  const OFF = { objectGuardForeign: 0, objectGuardPeopleSiblings: 0, objectGuardOwnProducts: 0, objectGuardProductReadings: 0 };
  it.each([
    ['那个测试应用整个删了', 'wiki.shortcut_delete_space'],
    ['take Lisa out of the marketing chat', 'chat.remove_message_favorite'],
    ['知识库里把实习生的成员身份去掉', 'chat.shortcut_chat_role_remove_user'],
    ['將雲盤入面嗰個「舊相」資料夾刪咗', 'aitable.shortcut_section_delete'],
  ])('%s: %s first with the four off, not now', (q, before) => {
    expect(paths(OFF, q)[0]).toBe(before);
    expect(engine.twin[docOf.get(paths({}, q)[0])!]).not.toBe(engine.twin[docOf.get(before)!]);
  });
});
