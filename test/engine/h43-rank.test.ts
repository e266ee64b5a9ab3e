// Session 43 (h43-rank, issue 34): the object guard's ratios per rule. The keep-rest rule anchors at
// objectGuardRestRatio (0.3) of the moving command's score, and the containers rule at objectGuardDestructiveRatio
// (0.35) when its anchor is a command the catalog declares destructive; every other move keeps objectGuardSiblingRatio
// (0.5), and 0.5 for both reproduces the guard as it was. The rules are read through guardObjects on fixed hit lists
// whose scores fast-check draws, so each property says exactly when a command moves.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hit } from '../../src/engine/hits.js';
import { DEFAULT_RANKING } from '../../src/engine/ranking.js';
import { guardObjects, type GuardScope } from '../../src/engine/stages/object-guard.js';
import { queryActionMask } from '../../src/lexicon/actions.js';
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
const effectOf = (path: string) => meta.valueOf('effect', docOf.get(path)!);

/** The guard's scope as the stage builds it with the default options (no twins, no words ranking: fixed lists). */
const scope = (extra: Partial<GuardScope>): GuardScope => ({
  depth: 10, places: 3, siblings: 0, parts: 1, first: 1, siblingRatio: 0.5, containers: 3, clauses: 1, recall: 1,
  readings: 1, keepRest: 1, ...extra,
});
const guard = (query: string, hits: Hit[], extra: Partial<GuardScope>) => {
  const folded = fold(query);
  return guardObjects(hits, folded, queryActionMask(folded, meta.lexicon, DEFAULT_RANKING.actionContextWords), meta, scope(extra), (d) => engine.text(d))
    .map((h) => meta.canonical_path.at(h.doc)!);
};

const moving = fc.integer({ min: 50, max: 1000 });
const share = fc.double({ min: 0.01, max: 0.99, noNaN: true });
const ratio = fc.double({ min: 0, max: 1, noNaN: true });

describe('objectGuardRestRatio: a request that keeps something and names its target anchors the keep-rest rule', () => {
  // our wording: the records are the target, the table is kept, and the form delete is on a thing the request does not name
  const q = '把订单表里那三条数据删掉，表本身保留';
  const list = (m: number, a: number) => [hit('aitable.shortcut_form_delete', m), hit('aitable.shortcut_record_delete', a)];

  it('the form delete goes below the record delete exactly when the record delete scores at least restRatio of it', () => {
    fc.assert(fc.property(moving, share, ratio, (m, s, r) => {
      const a = Math.round(m * s * 1e6) / 1e6;
      const out = guard(q, list(m, a), { restRatio: r });
      expect(out[0]).toBe(a >= r * m ? 'aitable.shortcut_record_delete' : 'aitable.shortcut_form_delete');
    }), { numRuns: 500 });
  });

  it('without restRatio the rule reads the sibling ratio, as it did before session 43', () => {
    fc.assert(fc.property(moving, share, ratio, (m, s, r) => {
      const a = Math.round(m * s * 1e6) / 1e6;
      expect(guard(q, list(m, a), { siblingRatio: r })).toEqual(guard(q, list(m, a), { siblingRatio: r, restRatio: r }));
    }), { numRuns: 300 });
  });

  it('at 0.44 of the form delete (the score share of the train request with 那三条数据) the record delete leads at 0.3, not at 0.5', () => {
    expect(guard(q, list(359, 159), { restRatio: 0.3 })[0]).toBe('aitable.shortcut_record_delete');
    expect(guard(q, list(359, 159), { restRatio: 0.5 })[0]).toBe('aitable.shortcut_form_delete');
  });

  it('a request that keeps nothing is not read by the keep-rest rule, whatever its ratio', () => {
    // no keep clause: the form delete is no `rest` command, and the sibling ratio (0.5) decides as before
    const plain = '把订单表里那三条数据删掉';
    expect(guard(plain, list(359, 159), { restRatio: 0 })).toEqual(guard(plain, list(359, 159), {}));
  });
});

describe('objectGuardDestructiveRatio: a declared destructive hit on the target anchors the containers rule', () => {
  // our wording: 多维表 is a named container around the record, and the base's section is another part of it
  const q = '多维表里李四那条删了';

  it('the catalog facts the rule reads: the record and section shortcuts are declared destructive, aitable section delete a write', () => {
    expect(effectOf('aitable.shortcut_record_delete')).toBe('destructive');
    expect(effectOf('aitable.shortcut_section_delete')).toBe('destructive');
    expect(effectOf('aitable.section_delete')).toBe('write');
  });

  it('under a declared destructive anchor, the section delete moves exactly when the anchor scores at least destructiveRatio of it', () => {
    fc.assert(fc.property(moving, share, ratio, (m, s, r) => {
      const a = Math.round(m * s * 1e6) / 1e6;
      const out = guard(q, [hit('aitable.shortcut_section_delete', m), hit('aitable.shortcut_record_delete', a)], { destructiveRatio: r });
      expect(out[0]).toBe(a >= r * m ? 'aitable.shortcut_record_delete' : 'aitable.shortcut_section_delete');
    }), { numRuns: 500 });
  });

  it('under an anchor the catalog declares a write, the sibling ratio decides, whatever destructiveRatio is', () => {
    // 分组 as the target (the base's section), the dashboard delete another part of the named base; the anchor is the
    // section delete that is a write
    const sq = '多维表里那个分组删了';
    fc.assert(fc.property(moving, share, ratio, (m, s, r) => {
      const a = Math.round(m * s * 1e6) / 1e6;
      const list = [hit('aitable.dashboard_delete', m), hit('aitable.section_delete', a)];
      expect(guard(sq, list, { destructiveRatio: r })).toEqual(guard(sq, list, {}));
      expect(guard(sq, list, {})[0]).toBe(a >= 0.5 * m ? 'aitable.section_delete' : 'aitable.dashboard_delete');
    }), { numRuns: 300 });
  });
});

describe('the options as the engine reads them', () => {
  it('defaults: 0.3 and 0.35; the sibling ratio stays 0.5', () => {
    expect(DEFAULT_RANKING.objectGuardRestRatio).toBe(0.3);
    expect(DEFAULT_RANKING.objectGuardDestructiveRatio).toBe(0.35);
    expect(DEFAULT_RANKING.objectGuardSiblingRatio).toBe(0.5);
  });

  const OLD = { objectGuardRestRatio: 0.5, objectGuardDestructiveRatio: 0.5 };
  it.each([
    // the two train requests whose over-reach the session fixed, and our probes of the same shapes
    ['请删除订单多维表中状态为已取消的那三条数据，表本身保留', 'aitable.shortcut_form_delete', 'aitable.shortcut_form_field_hide'],
    ['多维表里张三那条删了', 'aitable.shortcut_section_delete', 'aitable.record_delete'],
    ['把订单表里那三条数据删掉，表本身保留', 'aitable.shortcut_form_delete', 'aitable.record_delete'],
    ['多维表里李四那条删了', 'aitable.shortcut_section_delete', 'aitable.record_delete'],
  ])('%s: %s first at 0.5, %s first now', (q, before, now) => {
    expect(paths(OLD, q)[0]).toBe(before);
    // a record delete and its shortcut are one twin slot; the first hit is read by its twin group
    const first = paths({}, q)[0];
    expect(engine.twin[docOf.get(first)!]).toBe(engine.twin[docOf.get(now)!]);
  });
});
