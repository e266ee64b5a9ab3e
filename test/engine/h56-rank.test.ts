// Session 56 (h56-rank, issue 34). A fourth set of removal probes of our own (test/engine/h56-probes.json), in the styles
// the first three used least, and what its first run showed: an ask that holds a keep word (能不能把…删掉: its 不能把),
// a compound read as two things (开发者应用), a row count with no word of its own (最后三行), and 这个 between an English
// place word and a Chinese object word (from 这个群). Agent test 21f's three ranking cases in test/engine/h56-cases.json.
// docs/ranking.md "Session 56 (h56-rank)".
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readActionLexicon } from '../../src/build/load.js';
import { queryObjectPlaces, queryObjects } from '../../src/lexicon/actions.js';
import { fold } from '../../src/text/fold.js';
import { ROOT } from '../helpers.js';
import { paths, probeViolations } from './ranking-runs.js';

const lex = readActionLexicon('catalog').objects!;
const keys = (xs: number[]) => xs.map((o) => lex.keys[o]).sort();
const named = (q: string, l = lex) => keys(queryObjectPlaces(fold(q), l).named);

describe('objects.yaml asks: a request that asks (能不能把…删掉) holds a keep word but keeps nothing', () => {
  // Before: 能不能把 holds keep_split's 不能把, so the clause was read as keeping what it names; nothing was a target and
  // the guard left the record delete above the dashboard delete.
  it('能不能把 base 里那个测试看板删一下: the base and the dashboard are named (without asks, nothing is)', () => {
    expect(named('能不能把 base 里那个测试看板删一下', { ...lex, asks: undefined })).toEqual([]);
    expect(named('能不能把 base 里那个测试看板删一下')).toEqual(['base', 'dashboard']);
  });
  it.each([
    ['能不能把 base 里那个测试看板删一下', 'aitable.dashboard_delete'],
    ['能不能把群里那两个机器人都移除', 'chat.shortcut_chat_remove_bot'],
    ['能不能把工作表里 C 列删掉', 'sheet.delete_dimension'],
  ])('%s -> %s', (q, first) => {
    expect(paths({}, q)[0]).toBe(first);
  });
  it('for any object word, an ask before it names it; the negation alone (不能把, 不要把, 不用把) still keeps it', () => {
    const words = fc.constantFrom('群', '机器人', '看板', '字段', '评论', '日程', '工作表', '附件');
    const asks = fc.constantFrom(['能不能把', '不能把'], ['要不要把', '不要把'], ['用不用把', '不用把']);
    const verbs = fc.constantFrom('删掉', '删了', '移除', '去掉');
    fc.assert(fc.property(words, asks, verbs, (w, [ask, keep], v) => {
      const obj = keys(queryObjects(fold(w), lex));
      expect(named(`${ask}这个${w}${v}`), `${ask}这个${w}${v}`).toEqual(obj);
      expect(named(`${keep}这个${w}${v}`), `${keep}这个${w}${v}`).toEqual([]);
    }));
  });
});

describe('objects.yaml: 开发者应用 is one thing, and rows and columns counted by three to five (or ten) are named', () => {
  // Before: 开发者 named a member, so the app's member removal led; 三行 named nothing, so 表格 (the document) alone
  // was the target and the worksheet delete led.
  it('开发者应用 names the app only', () => {
    expect(named('把那个开发者应用删掉')).toEqual(['app']);
    expect(paths({}, '因为项目下线了，把那个开发者应用删掉')[0]).toBe('dev.delete_dev_app');
  });
  it('最后三行 names what 两行 names; 表格里最后三行删掉 puts the row delete first', () => {
    expect(named('删掉最后三行')).toEqual(named('删掉最后两行'));
    expect(named('删掉前五列')).toEqual(named('删掉前两列'));
    expect(paths({}, '表格里最后三行删掉')[0]).toBe('sheet.delete_dimension');
  });
});

describe('objectGuardMixedPlaces 2: 这个 / 我的 between an English place word and a Chinese object word', () => {
  // Before (at 1): from 这个群 placed nothing (这个 stood between), so the group was the target and the conversation's
  // removal from its categories led.
  const located = (q: string, mixedSkip: boolean) => keys(queryObjectPlaces(fold(q), lex, true, true, { idGap: true, mixed: true, mixedSkip }).located);
  it('请 remove 小王 from 这个群: the group is located at 2, not at 1', () => {
    expect(located('请 remove 小王 from 这个群', false)).toEqual([]);
    expect(located('请 remove 小王 from 这个群', true)).toEqual(['group']);
    expect(paths({ objectGuardMixedPlaces: 1 }, '请 remove 小王 from 这个群')[0]).toBe('chat.remove_conv_from_categories');
    const on = paths({}, '请 remove 小王 from 这个群');
    expect(on.slice(0, 2)).toContain('chat.remove_group_member');
    expect(on.indexOf('chat.remove_conv_from_categories')).not.toBe(0);
  });
  it('with no English place word before, or Chinese text before, the reading is that of 1', () => {
    for (const q of ['remove 这个群', '把小王从这个群里移除', 'delete 我的 知识库', '从这个群 remove 小王']) {
      expect(located(q, true), q).toEqual(located(q, false));
    }
  });
});

// Our fourth set of removal probes (test/engine/h56-probes.json: [the object key(s) the request names, the request]),
// 293 requests written from the destructive commands' contracts and committed before any run. The start build
// (d3a682d4) had 10, 9 once the four document deletions were labelled as drive +delete's contract reads (it deletes a
// document too); three fixed by asks, two by the objects.yaml words, one by objectGuardMixedPlaces 2. Causes of the
// rest in docs/ranking.md.
const LEFT56 = [
  '如果那条记录的状态是已作废，就把它从多维表里删了 -> aitable.shortcut_form_delete', // 那条记录的状态: the record is read as a place (its 的)
  'undo adding Bob to the design group, remove him -> chat.remove_text_emotion', // the emotion removal leads with the guard off too; the member removal's score is under the sibling ratio
  '如果这条批注已经处理了，就从表格里删掉 -> aitable.shortcut_section_delete', // the base's section delete leads with the guard off too; no rule moves a command on an unnamed thing of an unnamed product here
];

describe('our removal probes, fourth set (test/engine/h56-probes.json)', () => {
  it('this build violates exactly the listed ones', () => {
    expect(probeViolations({}, 'h56-probes.json', 293)).toEqual(LEFT56);
  });
  it('with objectGuardMixedPlaces at 1, the one it fixes comes back, and nothing else', () => {
    const off = probeViolations({ objectGuardMixedPlaces: 1 }, 'h56-probes.json', 293);
    expect(off.filter((v) => !LEFT56.includes(v))).toEqual(['请 remove 小王 from 这个群 -> chat.remove_conv_from_categories']);
  });
});

// Agent test 21f's three cases (notes/agent21f.md), 12 requests of our own each ([the commands a right first hit may be,
// the request]). The ones whose first hit is none of them, pinned: a regression adds to the list, a fix empties it.
const CASES_LEFT = [
  '找到名叫"周五复盘会"的群，然后把里面的人都列出来 -> chat.search_common_groups',
  'which people are in the group chat titled 供应链周报 — find the group first -> chat.search_common_groups',
  'move the event ev_4420 to 2026-12-15 09:00-10:00 +08:00 and add u_4421 as an attendee -> todo.add_todo_reminder',
  "change event ev_2202's time to 2026-12-10 13:00-14:00, then add u_2203 and drop u_2204 from it -> todo.add_todo_reminder",
  'shift ev_1234 to next Tuesday 11:00-12:00 and include u_1235 in the invite -> attendance.class_create',
  '把 ev_7070 这个日程调到 12 月 11 日下午三点，并邀请 u_7071 参加 -> calendar.respond',
  'postpone ev_3030 to Monday 09:30-10:30, add u_3031, remove u_3032 -> todo.create_personal_todo',
];

describe("agent test 21f's ranking cases, our own requests (test/engine/h56-cases.json)", () => {
  it('the requests whose first hit is none of the right commands are exactly the listed ones', () => {
    const cases = JSON.parse(readFileSync(path.join(ROOT, 'test', 'engine', 'h56-cases.json'), 'utf8')) as [string, string][];
    expect(cases.length).toBe(36);
    const wrong = cases.flatMap(([right, q]) => {
      const first = paths({}, q, 1)[0];
      return right.split('|').includes(first) ? [] : [`${q} -> ${first}`];
    });
    expect(wrong).toEqual(CASES_LEFT);
  });
});
