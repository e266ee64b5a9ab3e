// Session 55 (h55-rank, issue 34). A third set of removal probes of our own (test/engine/h55-probes.json), in the styles
// the first two used least, and the guard's readings for two of their causes: an agent's id between two English object
// words (objectGuardIdGap) and a Chinese object word among English words (objectGuardMixedPlaces).
// docs/ranking.md "Session 55 (h55-rank)".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readActionLexicon } from '../../src/build/load.js';
import { queryObjectPlaces } from '../../src/lexicon/actions.js';
import { fold } from '../../src/text/fold.js';
import { paths, probeViolations } from './ranking-runs.js';

const lex = readActionLexicon('catalog').objects!;
const keys = (xs: number[]) => xs.map((o) => lex.keys[o]).sort();
const located = (q: string, idGap: boolean, mixed = false) => keys(queryObjectPlaces(fold(q), lex, true, true, { idGap, mixed }).located);

describe('objectGuardIdGap: an id between two English object words is the first one\'s id, not a name', () => {
  // Before: the modifiers reading (the Members Portal app) took frm_1 for a name, so the form only said which base and
  // the base was the target: its delete led.
  it('delete form frm_1 base bas_2: the form is no modifier of the base (at 0 it is)', () => {
    expect(located('delete form frm_1 base bas_2', false)).toEqual(['form']);
    expect(located('delete form frm_1 base bas_2', true)).toEqual([]);
  });
  it('a name or a year between is still a name (the Members Portal app, the Events 2023 base)', () => {
    expect(located('delete the Members Portal app', true)).toEqual(located('delete the Members Portal app', false));
    expect(located('delete the events 2023 base', true)).toEqual(['event']);
  });
  it('for any English object word inside a container word, with ids after each, the inner one is not located', () => {
    const pairs = fc.constantFrom(['form', 'base'], ['dashboard', 'base'], ['node', 'space'], ['record', 'table'], ['comment', 'doc'], ['member', 'group']);
    const id = fc.tuple(fc.stringMatching(/^[a-z]{1,4}$/u), fc.constantFrom('_', ''), fc.stringMatching(/^[0-9]{1,3}$/u)).map(([a, s, n]) => `${a}${s}${n}`);
    fc.assert(fc.property(pairs, id, id, fc.constantFrom('delete', 'remove', 'rm'), ([inner, outer], a, b, verb) => {
      const q = `${verb} ${inner} ${a} ${outer} ${b}`;
      expect(located(q, true), q).not.toContain(inner);
    }));
  });
  it.each([
    ['delete form frm_1 base bas_2', 'aitable.shortcut_base_delete', 'aitable.shortcut_form_delete'],
    ['delete dashboard dsh_1 base bas_1', 'aitable.shortcut_base_delete', 'aitable.shortcut_dashboard_delete'],
    ['delete wiki node nd_5 space sp_1', 'wiki.shortcut_delete_space', 'wiki.shortcut_node_delete'],
  ])('%s: %s at 0, %s now', (q, off, on) => {
    expect(paths({ objectGuardIdGap: 0 }, q)[0]).toBe(off);
    expect(paths({}, q)[0]).toBe(on);
  });
});

describe('objectGuardMixedPlaces: a Chinese object word among English words is placed by the English place word before it', () => {
  // Before: 知识库 was read only by the Chinese place words (从, 在 ... 里), so the space it names was a target and its
  // delete led over the member removal.
  it('remove 赵六 from the 知识库 space: the space is located (at 0 it is not)', () => {
    expect(located('remove 赵六 from the 知识库 space', false, false)).toEqual([]);
    expect(located('remove 赵六 from the 知识库 space', false, true)).toEqual(['space']);
    expect(paths({ objectGuardMixedPlaces: 0 }, 'remove 赵六 from the 知识库 space')[0]).toBe('wiki.shortcut_delete_space');
    expect(paths({}, 'remove 赵六 from the 知识库 space')[0]).toBe('wiki.remove_member');
  });
  it('a Chinese word after Chinese text, or with no English place word before it, is read as before', () => {
    for (const q of ['从知识库里删掉这篇文档', '删除 知识库 的成员 张三', 'delete the 知识库 space', '把 wiki 里的 知识库 删了']) {
      expect(located(q, false, true), q).toEqual(located(q, false, false));
    }
  });
});

describe('objects.yaml: him and her name a person (a member beside a group, an attendee beside an event)', () => {
  // Before: him named nothing, so the request named the group alone and the guard read it as the target: its dismiss led.
  it('I just added Zhang Wei to the project group, remove him: the member removal leads, the dismiss is below it', () => {
    const q = 'I just added Zhang Wei to the project group, remove him';
    expect(keys(queryObjectPlaces(fold(q), lex).named)).toEqual(['attendee', 'group', 'member']);
    const on = paths({}, q);
    expect(on[0]).toBe('chat.remove_group_member');
    expect(on.indexOf('chat.shortcut_chat_dismiss')).toBeGreaterThan(0);
  });
  it('her as a word of its own only: there, other, here name nothing', () => {
    for (const q of ['move the file there, delete the other one here', 'delete the herbs list, then the other field']) {
      const named = keys(queryObjectPlaces(fold(q), lex).named);
      expect(named, q).not.toContain('member');
      expect(named, q).not.toContain('attendee');
    }
  });
});

// Our third set of removal probes (test/engine/h55-probes.json: [the object key(s) the request names, the request]),
// 292 requests written from the destructive commands' contracts before any run. A violation: a destructive command on
// another object than the one named ranks first. The start build (c8394a9c) had 8: four fixed by the two readings above,
// one by him/her in objects.yaml; causes of the rest in docs/ranking.md.
const LEFT55 = [
  '我在任务表建了个看板视图，那个删掉 -> aitable.dashboard_delete', // 任务表: 任务 read as a to-do (the place), so the base holds nothing named
  '把共享文件夹里的旧版合同删掉，文件夹留着 -> drive.permission_remove', // 合同 names no object; every thing named is a place
  'delete mails msg_1 msg_2 -> mail.delete_mail_folder', // mails is no message word
];

describe('our removal probes, third set (test/engine/h55-probes.json)', () => {
  it('this build violates exactly the listed ones', () => {
    expect(probeViolations({}, 'h55-probes.json', 292)).toEqual(LEFT55);
  });
  it('with both readings off, the four they fix come back, and nothing else', () => {
    const off = probeViolations({ objectGuardIdGap: 0, objectGuardMixedPlaces: 0 }, 'h55-probes.json', 292);
    expect(off.filter((v) => !LEFT55.includes(v)).sort()).toEqual([
      'delete dashboard dsh_1 base bas_1 -> aitable.shortcut_base_delete',
      'delete form frm_1 base bas_2 -> aitable.shortcut_base_delete',
      'delete wiki node nd_5 space sp_1 -> wiki.shortcut_delete_space',
      'remove 赵六 from the 知识库 space -> wiki.shortcut_delete_space',
    ]);
  });
});
