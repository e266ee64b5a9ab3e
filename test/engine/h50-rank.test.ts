// Session 50 (h50-rank, issue 34). gapTermWords: a known gap's Chinese term with 的 inside (误删的会议) is also said by
// its parts anywhere in the request (误删的那个会议: a demonstrative and a measure word between them); 0, the shipped
// default, reads the catalog's term sets only. And the destructive over-reach probes built from the object lexicon
// (test/engine/overreach-probes.ts): a fixed sample of them, and the violations the start build has. Probes are our
// own requests, ranked as `dws schema search` ranks them (docs/ranking.md, session 50).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_RANKING } from '../../src/engine/ranking.js';
import { derivedSets, GapIndex, gapLines, gapTableOf, matchGap, type Gap } from '../../src/lexicon/gaps.js';
import { fold } from '../../src/text/fold.js';
import { engineFor } from './ranking-runs.js';
import { probesOf, runProbe } from './overreach-probes.js';

const W = DEFAULT_RANKING.gapWordsBetween;
const flagged = (ranking: object, query: string) => {
  const r = JSON.parse(engineFor(ranking).search({ query })) as { weak_match?: boolean; hint?: string };
  return r.weak_match === true ? (r.hint ?? '') : undefined;
};

const gap = (zh: string[][]): Gap => ({ product: 'todo', id: 'restore', note: '删除的待办不能恢复。', note_en: 'Deleted to-dos cannot be restored.', zh, en: [] });

describe('gapTermWords: the shipped default reads the catalog sets only', () => {
  it('is 0', () => {
    expect(DEFAULT_RANKING.gapTermWords).toBe(0);
    expect(flagged({}, '帮我恢复上周误删的那个会议')).toBe(flagged({ gapTermWords: 0 }, '帮我恢复上周误删的那个会议'));
  });
});

describe('gapTermWords 1: a term with 的 inside is said by its parts', () => {
  it('derives the split set, and none for a term without an inner 的', () => {
    expect(derivedSets(gap([['恢复', '误删的待办'], ['找回', '待办'], ['的待办'], ['删掉的']]))).toEqual([
      { english: false, terms: ['恢复', '误删的', '待办'], level: 1 },
    ]);
    // a split that repeats a set the gap has is not derived again
    expect(derivedSets(gap([['恢复', '误删的待办'], ['误删的', '待办', '恢复']]))).toEqual([]);
  });

  it.each([
    // [恢复, 误删的会议] (calendar), [撤回, 别人发的消息] (chat), [恢复, 删除的记录] and [恢复, 删掉的表] (aitable)
    ['帮我恢复上周误删的那个会议', 'calendar'],
    ['撤回别人发的那条消息', 'chat'],
    ['恢复删除的那几条记录', 'aitable'],
    ['把刚才删掉的那张表恢复一下', 'aitable'],
  ])('%s: no known gap at 0, the %s gap at 1', (q, product) => {
    expect(flagged({ gapTermWords: 0 }, q)).toBeUndefined();
    expect(flagged({ gapTermWords: 1 }, q)).toContain(`Known gap (${product})`);
  });

  it.each([
    // a negated part is not said; the parts must all be there; a plain delete asks for what exists
    '别恢复误删的那个会议',
    '恢复那个会议的提醒',
    '删除那个会议',
    '把那几条记录删掉',
  ])('%s: no known gap at 1', (q) => {
    expect(flagged({ gapTermWords: 1 }, q)).toBeUndefined();
  });

  it('GapIndex answers as matchGap does at each level, for any words between the parts', () => {
    const gaps = [gap([['恢复', '误删的待办']]), { ...gap([['撤回', '别人发的消息']]), product: 'chat', id: 'recall' }];
    const lines = gapLines(gaps);
    const indexes = [0, 1].map((level) => new GapIndex(gapTableOf(lines), W, level));
    const part = fc.constantFrom('恢复', '误删的', '待办', '撤回', '别人发的', '消息', '那条', '这个', '不', '的', '我', '昨天');
    fc.assert(fc.property(fc.array(part, { maxLength: 7 }), (words) => {
      const q = fold(words.join(''));
      [0, 1].forEach((level) => expect(indexes[level].match(q)?.id).toBe(matchGap(q, gaps, W, level)?.id));
    }), { numRuns: 300 });
    expect(indexes[0].match(fold('恢复误删的那条待办'))).toBeUndefined();
    expect(indexes[1].match(fold('恢复误删的那条待办'))?.id).toBe('restore');
  });
});

describe('the destructive over-reach probes (object lexicon x destructive commands)', () => {
  const engine = engineFor({});
  const probes = probesOf(engine);

  it('are built for every (inner object, container) pair with a destructive command on each, in both languages', () => {
    expect(probes.length).toBeGreaterThan(200);
    expect(probes).toContainEqual({ inner: 'record', container: 'table', lang: 'zh', q: '把数据表里的记录删掉' });
    expect(probes).toContainEqual({ inner: 'record', container: 'table', lang: 'en', q: 'remove the record from the table' });
  });

  // The three pairs the build still violates (the last test) are left out of the sample.
  const known = new Set(['remove the message from the category', '把文件里的范围删掉', '把文件夹里的范围删掉']);

  it('hold on a fixed sample: no destructive command on a container of the inner thing first', () => {
    const sample = probes.filter((p, i) => i % 9 === 0 && !known.has(p.q));
    expect(sample.length).toBeGreaterThan(25);
    const bad = sample.map((p) => runProbe(engine, p)).filter((r) => r.violated).map((r) => `${r.q} -> ${r.first}`);
    expect(bad).toEqual([]);
  });

  it('find the violations the session-51 build has (docs/ranking.md: the category pair; session 51 names a range 区域 first)', () => {
    const bad = probes.map((p) => runProbe(engine, p)).filter((r) => r.violated).map((r) => `${r.q} -> ${r.first}`);
    expect(bad.map((b) => b.split(' -> ')[0]).every((q) => known.has(q))).toBe(true);
    expect(bad).toEqual([
      'remove the message from the category -> chat.remove_conv_from_categories',
    ]);
  });
});
