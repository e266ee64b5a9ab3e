// Action words that also name a thing (catalog/lexicon/actions.yaml context.zh_noun_at_end; docs/ranking.md session 16).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import path from 'node:path';
import { readActionLexicon } from '../../src/build/load.js';
import { queryActionMask } from '../../src/lexicon/actions.js';
import { fold } from '../../src/text/fold.js';

const lex = readActionLexicon(path.join(__dirname, '..', '..', 'catalog'));
const says = (q: string, cls: string) => (queryActionMask(fold(q), lex, 2) & (1 << lex.classes.indexOf(cls))) !== 0;

describe('设置 / 设定 at the end of a clause', () => {
  it('name the settings there, not the action "set"', () => {
    expect(says('甘特图的时间条设置', 'update')).toBe(false);
    expect(says('幫我看這個檢視的分組設定？', 'update')).toBe(false);
  });

  it('are still "set" with more of the clause after them', () => {
    expect(says('把时间条设置成按周显示', 'update')).toBe(true);
    expect(says('设置行高为 56，然后保存', 'update')).toBe(true);
  });
});

// rank-d8 (docs/ranking.md session 26): an action word right before 了 and a question word asks what was done (a
// past act, as 发过哪些), and one right before 前 says a later step (修改前先读一下, as 之前).
describe('an action word asked about or said as a later step', () => {
  it('is not the request\'s action when 了 and a question word follow it', () => {
    expect(says('查一下这个视图设置了什么筛选', 'update')).toBe(false);
    expect(says('这个应用订阅了哪些事件', 'subscribe')).toBe(false);
    expect(says('这张表删除了多少行', 'delete')).toBe(false);
    expect(says('這個檢視設置了什麼篩選', 'update')).toBe(false);
  });

  it('is not the request\'s action when 前 follows it', () => {
    expect(says('修改前先把配置读出来', 'update')).toBe(false);
    expect(says('修改前先把配置读出来', 'get')).toBe(true);
  });

  it('is still the action when it is said as one', () => {
    expect(says('把这一行删了', 'delete')).toBe(true);
    expect(says('设置一下筛选，只看华东', 'update')).toBe(true);
    expect(says('订阅这个应用的事件', 'subscribe')).toBe(true);
  });

  it('holds for every question word after 了, and the same verb said as a request is still the action', () => {
    const questions = ['什么', '什麼', '啥', '哪些', '哪个', '几列', '幾欄', '多少'];
    const verbs: [string, string][] = [['设置', 'update'], ['删除', 'delete'], ['订阅', 'subscribe'], ['修改', 'update']];
    fc.assert(fc.property(fc.constantFrom(...questions), fc.constantFrom(...verbs), (q, [verb, cls]) => {
      expect(says(`这个视图${verb}了${q}`, cls)).toBe(false);
      expect(says(`这个视图${verb}一下，顺便看看${q}`, cls)).toBe(true);
    }));
  });
});

// rank-d8 (docs/ranking.md session 26): the look-up words say get and list alike, as 查看 does.
describe('查一下 / 查下 / 查询 / 快查 / 查查', () => {
  it('say a read (get and list), not a search, a write or a create', () => {
    for (const q of ['查一下这个视图的行高', '查下全公司的打卡提醒', '查询应用的管理后台地址', '冻结列快查', '帮我查查这个群的公告']) {
      expect([says(q, 'get'), says(q, 'list'), says(q, 'update'), says(q, 'create')]).toEqual([true, true, false, false]);
    }
  });

  it('leave a write said beside them as the write', () => {
    expect(says('查一下行高，然后改成 40', 'update')).toBe(true);
  });

  it('are not read inside 查找, which stays a search', () => {
    expect([says('查找这个文件', 'search'), says('查找这个文件', 'get')]).toEqual([true, false]);
  });
});
