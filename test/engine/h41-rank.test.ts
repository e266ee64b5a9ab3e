// Session 41 (h41-rank, issue 34): the object guard's reach (objectGuardReach) bounded so that it only reorders: the
// deep hit on the target takes the last of the guard's first places and the guard reorders those only, so which
// commands a short answer holds is the reach's doing alone, whatever the guard's other rules move.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../../src/text/fold.js';
import { engineFor, expectProductsRuleOnlyReorders, paths } from './ranking-runs.js';

const REACH = { objectGuardReach: 20 };

describe('objectGuardReach, bounded: the products rule only reorders a short answer with the reach on', () => {
  const meta = engineFor(REACH).meta;
  const objects = meta.lexicon.objects!;
  const product = meta.productLexicon;
  const check = (q: string) => expectProductsRuleOnlyReorders(REACH, q);

  it('删除developer里的𠮶行 (the input CI found: read to twenty, the products rule listed the base delete)', () => {
    check('删除developer里的𠮶行');
  });

  it('delete the version history in 快捷删 (the products rule left the dev app delete first, which the words rule moves)', () => {
    // 快捷删 names aitable, which has a command on a version (aitable workflow history: its CLI noun reads as one), so the
    // dev app delete, of no named product, is the products rule's; no aitable hit on the target is among the ten the
    // guard reads, so that rule moved nothing; the words rule, which moves it with that rule off, must move it with the
    // rule on too
    check('delete the version history in 快捷删');
    expect(paths(REACH, 'delete the version history in 快捷删')[0]).toBe('doc.shortcut_history_revert');
  });

  it('holds for any object word in any named product, in either language', () => {
    const thing = fc.oneof(
      fc.constantFrom(...objects.zh.flat()).map((w) => ({ w, zh: true })),
      fc.constantFrom(...objects.en.flat()).map((w) => ({ w, zh: false })));
    const named = fc.oneof(fc.constantFrom(...product.zh.flat()), fc.constantFrom(...product.en.flat()));
    fc.assert(fc.property(thing, named, ({ w, zh }, p) => check(zh ? `删除${p}里的${w}` : `delete the ${w} in ${p}`)), { numRuns: 3000 });
  }, 600_000);
});

describe('a range of two cell references joined by 到 or 至 (objects.yaml lettered.cells), as a colon joins them', () => {
  it('any pair of cell references joined by a colon, 到 or 至, spaces or none, is one range; another joiner is none', async () => {
    const { readActionLexicon } = await import('../../src/build/load.js');
    const { cellRangeSpans } = await import('../../src/lexicon/actions.js');
    const lex = readActionLexicon('catalog').objects!;
    const ref = fc.tuple(fc.stringMatching(/^[a-z]{1,3}$/), fc.integer({ min: 1, max: 99999 })).map(([a, n]) => `${a}${n}`);
    fc.assert(fc.property(ref, ref, fc.constantFrom(':', '到', '至'), fc.boolean(), fc.constantFrom('表格 ', '把 ', '清空 '), (x, y, j, space, head) => {
      const s = space ? ' ' : '';
      const q = fold(`${head}${x}${s}${j}${s}${y} 的内容清掉`);
      const spans = cellRangeSpans(q, lex);
      expect(spans, q).toHaveLength(1);
      expect(q.slice(spans[0].at, spans[0].end).replace(/\s/gu, ''), q).toBe(`${x}${j}${y}`);
    }), { numRuns: 500 });
    // a word between, or a joiner no range takes (和 lists two cells; 10 到 20 are no references)
    for (const q of ['a2 和 d10 清掉', '从 10 到 20 删掉', '第 3 到第 5 行', 'rec_1 到 rec_2']) expect(cellRangeSpans(fold(q), lex), q).toEqual([]);
  });

  it('表格 A2 到 D10: the range is the target, so its clear stays first when 表格 names the spreadsheet (objects.yaml document)', async () => {
    const { readActionLexicon } = await import('../../src/build/load.js');
    const { queryObjectPlaces } = await import('../../src/lexicon/actions.js');
    const lex = readActionLexicon('catalog').objects!;
    const r = queryObjectPlaces(fold('表格 A2 到 D10 的内容清掉'), lex, true, true);
    expect(r.named.map((o) => lex.keys[o]).sort()).toEqual(['document', 'range']);
    expect(paths({}, '表格 A2 到 D10 的内容清掉')[0]).toBe('sheet.clear_range');
  });
});
