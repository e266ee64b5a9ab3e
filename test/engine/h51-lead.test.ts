// stepKeep (session 51): a step of a compound query that only keeps something (多维表本身保留, keep the base) asks for
// nothing, so step fill adds no command for it. Before, such a step pulled its best hit (the base's update) into the
// last slot at small limits only, so the first five at limit 5 were not the first five at limit 10 (the CI of b1d1c7d0
// failed test/engine/h40-rank.test.ts on 把多维表中叫“测试”的数据表删除，多维表本身保留).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readActionLexicon } from '../../src/build/load.js';
import { withoutKept } from '../../src/lexicon/actions.js';
import { fold } from '../../src/text/fold.js';
import { Engine } from '../../src/engine/engine.js';
import { readSnapshotBytes } from '../helpers.js';

const lexicon = readActionLexicon('catalog').objects!;
const engines = new Map<number, Engine>();
function paths(stepKeep: number, query: string, limit: number): string[] {
  let e = engines.get(stepKeep);
  if (!e) engines.set(stepKeep, e = new Engine(readSnapshotBytes(), { ranking: { stepKeep } }));
  return (JSON.parse(e.search({ query, limit })) as { candidates: { canonical_path: string }[] }).candidates.map((c) => c.canonical_path);
}

// Our own requests: delete one thing, keep its container, the keep said as a clause of its own.
const NAMES = ['2021 备份', '旧数据', '草稿', '历史归档', '测试', 'Q3 存档', '临时', 'demo'];
const SHAPES = [
  '把多维表中叫“{}”的数据表删除，多维表本身保留',
  '请删除多维表中的“{}”数据表，多维表本身保留',
  '删掉多维表里名为“{}”的数据表，多维表要保留',
  'remove the "{}" table from the base, keep the base',
  '把群里“{}”那条消息撤回，群保留',
  '删除知识库里的“{}”文档，知识库保留',
];

describe('stepKeep: a step that only keeps something adds no command', () => {
  // (At limits below 5 a step whose own first hits are not shown still takes the last slot, by design: a step's
  // ranking alone is not the whole query's, so the tail may differ there.)
  it('the first n at limit n (5 to 9) are the first n at limit 10, for every name and shape (exhaustive)', () => {
    for (const n of NAMES) {
      for (const s of SHAPES) {
        const q = s.replace('{}', n);
        const ten = paths(1, q, 10);
        for (let limit = 5; limit <= 9; limit++) expect(paths(1, q, limit), `${q} @${limit}`).toEqual(ten.slice(0, limit));
      }
    }
  });

  it('with stepKeep 0 the keep step pulls a command into the last slot (the behaviour before)', () => {
    const q = '把多维表中叫“测试”的数据表删除，多维表本身保留';
    const before = paths(0, q, 5);
    // the keep step's best hit, an update of the base the request keeps, in the last slot at limit 5 only
    expect(before.at(-1)).toBe('aitable.base_update');
    expect(paths(0, q, 10).slice(0, 5)).not.toEqual(before);
    expect(paths(1, q, 5)).toEqual(paths(1, q, 10).slice(0, 5));
    expect(paths(1, q, 10)).not.toContain('aitable.base_update');
  });

  it('a step that asks for something besides a keep still fills (删除记录但保留表 is a removal)', () => {
    const lex = lexicon;
    expect(withoutKept(fold('多维表本身保留'), lex).trim()).toBe('');
    expect(withoutKept(fold('把记录删掉'), lex)).toBe(fold('把记录删掉'));
    // a compound request whose second step is an action keeps its step pick at every limit it fits in
    const q = '搜一下项目周报那篇文档，然后把它发到产品群里';
    expect(paths(1, q, 5)).toEqual(paths(0, q, 5));
  });

  it('withoutKept leaves text with no keep word as it is, and never grows it (fast-check)', () => {
    const lex = lexicon;
    fc.assert(fc.property(fc.array(fc.constantFrom('删除', '保留', '表', '，', '群', '不要动', 'keep', ' the ', 'base', '记录', '别删', '。'), { maxLength: 12 }), (parts) => {
      const t = fold(parts.join(''));
      const out = withoutKept(t, lex);
      expect(out.length).toBeLessThanOrEqual(t.length);
      if (!(lex.keep ?? []).some((w) => t.includes(w))) expect(out).toBe(t);
    }), { numRuns: 300 });
  });
});
