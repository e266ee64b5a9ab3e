// Session 53 (h53-rank, issue 34). Destructive over-reach probes of our own, written from the commands' contracts (dws
// schema <canonical>), in Chinese, English and mixed, colloquial and terse, ranked as `dws schema search` ranks them.
// docs/ranking.md "Session 53 (h53-rank)".
import { describe, expect, it } from 'vitest';
import { queryActionMask } from '../../src/lexicon/actions.js';
import { fold } from '../../src/text/fold.js';
import { engineFor, paths, probeViolations } from './ranking-runs.js';
import { FILING, probesOf, runProbe, writtenInside } from './overreach-probes.js';
import { ROOT } from '../helpers.js';

const first = (q: string) => paths({}, q, 5)[0];

describe('a thing said to be no longer wanted is a removal (actions.yaml delete: 不要了, 用不上了, no longer need)', () => {
  it('the action mask reads the discard phrases as the delete class, and 不要 alone (a negation) as none', () => {
    const lex = engineFor({}).meta.lexicon;
    const del = 1 << lex.classes.indexOf('delete');
    for (const q of ['会议室不要了', '这个标签用不上了', '那几条记录不需要了', '看板视图不想要了', 'we no longer need the tab']) {
      expect(queryActionMask(fold(q), lex, 0) & del, q).not.toBe(0);
    }
    expect(queryActionMask(fold('不要动那张表'), lex, 0) & del).toBe(0);
  });

  // Each failed before (the first hit in brackets is the start build's): the guard did not run, so a destructive command
  // on a container or a sibling, or a read or create command, led.
  it.each([
    ['base 里那张表不要了', 'aitable.table_delete'], // [aitable.shortcut_form_delete: a sibling's delete first]
    ['库存表里那几条记录不需要了', 'aitable.record_delete'], // [aitable.record_get]
    ['数据表的看板视图不想要了', 'aitable.shortcut_view_delete'], // [aitable.view_create]
    ['I no longer need the Q3 tab in the spreadsheet', 'sheet.delete_sheet'], // [sheet.get_all_sheets]
    ['the meeting room is no longer needed for tomorrow\'s sync', 'calendar.delete_meeting_room'], // [calendar.query_available_meeting_room]
    ['那个热词不要了', 'minutes.delete_personal_hotword'], // [minutes.add_personal_hot_word]
    ['邮件模板不要了', 'mail.delete_user_message_template'], // [mail.list_user_message_templates]
  ])('%s -> %s', (q, gold) => {
    expect(first(q)).toBe(gold);
  });
});

describe('the over-reach probe reads a filing container (a chat category) as holding only what is written inside it', () => {
  const engine = engineFor({});
  const written = writtenInside(ROOT);
  const all = probesOf(engine);
  const probes = probesOf(engine, written);

  it('drops exactly the pairs a chain through a filing container makes, and keeps the written ones', () => {
    const key = (p: { inner: string; container: string; lang: string }) => `${p.inner}/${p.container}/${p.lang}`;
    const dropped = all.filter((p) => !probes.some((q) => key(q) === key(p)));
    expect(dropped.length).toBeGreaterThan(0);
    for (const p of dropped) {
      expect(FILING).toContain(p.container);
      expect(written.get(p.inner)).not.toContain(p.container);
    }
    expect(dropped.map((p) => p.q)).toContain('remove the message from the category');
    // a conversation is filed in a category directly: that pair stays, and so does every chain through a real container
    expect(probes).toContainEqual({ inner: 'group', container: 'category', lang: 'en', q: 'remove the group from the category' });
    expect(probes).toContainEqual({ inner: 'question', container: 'base', lang: 'zh', q: '把多维表里的题目删掉' });
  });

  it('every probe holds on this build (the guard reads the closure; no destructive command on a container first)', () => {
    const bad = probes.map((p) => runProbe(engine, p)).filter((r) => r.violated).map((r) => `${r.q} -> ${r.first}`);
    expect(bad).toEqual([]);
  });
});

describe('objectGuardSpaced: a terse request that spaces its Chinese words (多维表 删 行) names the object word 删行', () => {
  // On by default since the session 53 lead (held out every row +0.0, docs/ranking.md session 53). At 0 the command on
  // the container leads; at 1 the command on the named thing ranks above it, and the container's is no longer first.
  it.each([
    ['多维表 删 行', 'aitable.record_delete', 'aitable.base_delete'],
    ['多维表 删 列', 'aitable.field_delete', 'aitable.base_delete'],
    ['base 删 行', 'aitable.record_delete', 'aitable.base_delete'],
    ['表格 删 列', 'sheet.delete_dimension', 'sheet.delete_sheet'],
  ])('%s: %s above %s', (q, gold, container) => {
    expect(paths({ objectGuardSpaced: 0 }, q)[0]).toBe(container);
    const on = paths({ objectGuardSpaced: 1 }, q);
    expect(on.indexOf(gold)).toBeGreaterThanOrEqual(0);
    expect(on.indexOf(gold)).toBeLessThan(on.indexOf(container) < 0 ? on.length : on.indexOf(container));
    expect(on[0]).not.toBe(container);
  });
});

// Our 335 removal requests (test/engine/h53-probes.json: [the object key(s) the request names, the request]), written from
// the destructive commands' contracts: a record, row, field, view, member, comment, message, block, attendee, file in a
// folder..., zh, en, mixed, terse and colloquial. A violation: a destructive command on another object than the one
// named ranks first. The list below is what this build still violates (docs/ranking.md session 53 says why); the start
// build had 16 (base 里那张表不要了 fixed by the discard words; 多维表里的备注字段不要了 now led by a destructive
// command where a table update led before; the four spaced terse ones fixed by objectGuardSpaced, on by default; 会议 删 人
// by h53-rank2's L1; meeting 里删掉 Amy by its K1; 把库存表里卖完的那几条拿掉 no longer puts the tab delete first once
// h53-agent2's sheet text was merged: the lead's merged build, 9 left). Session
// 53 h53-rank2: 会议 删 人 fixed by the bare-person words (objects.yaml 删人), meeting 里删掉 Amy by the attendee
// removal's keyword 从会议里删掉某人 (docs/ranking.md "Session 53 (h53-rank2)").
const LEFT = [
  '清掉表里昨天录错的那几条数据 -> sheet.clear_range',
  '把 AI 表格里的那行删了 -> aitable.shortcut_section_delete',
  '那张表里第一条删了吧 -> aitable.shortcut_form_delete',
  'column 不要了，base 里的 -> aitable.form_questions_delete',
  '表格里那个批注去掉 -> doc.delete_document_block',
  '表格里那张图删了 -> doc.delete_document_block',
  '多维表里的备注字段不要了 -> aitable.form_questions_delete',
  '表单 删 题 -> aitable.form_delete',
];
// Session 54 (h54-rank): 文件夹 删 文件 fixed by the joint reading (objectGuardJointReadings; test/engine/h54-rank.test.ts).

const violations = (ranking: object) => probeViolations(ranking, 'h53-probes.json', 335);

describe('a bare person said right after the removal verb names a member or an attendee (objects.yaml: 删人, 踢人; h53-rank2)', () => {
  // Failed before: 人 alone named nothing, so the spaced 会议 删 人 named the event alone and its delete led.
  it('会议 删 人: the attendee removal ranks above the event delete and the room delete', () => {
    const on = paths({}, '会议 删 人');
    const gold = on.indexOf('calendar.remove_calendar_participant');
    expect(gold).toBeGreaterThanOrEqual(0);
    for (const c of ['calendar.delete_calendar_event', 'calendar.delete_meeting_room']) expect(gold).toBeLessThan(on.indexOf(c) < 0 ? on.length : on.indexOf(c));
  });
});

describe('the attendee removal is found when a person is taken out of a meeting with 里删掉 (calendar.yaml keyword; h53-rank2)', () => {
  // Failed before: the attendee removal was not in the first 20, and the chart delete (its title says 里删掉) led.
  it('meeting 里删掉 Amy -> calendar.remove_calendar_participant', () => {
    expect(first('meeting 里删掉 Amy')).toBe('calendar.remove_calendar_participant');
  });
});

describe('our removal probes (test/engine/h53-probes.json)', () => {
  it('this build violates exactly the listed ones', () => {
    expect(violations({})).toEqual(LEFT);
  });
  it('objectGuardSpaced 0 (the default before session 53) adds back the four spaced terse ones, and 会议 删 人 (删人 unsaid), and nothing else', () => {
    const off = violations({ objectGuardSpaced: 0 });
    expect(LEFT.every((v) => off.includes(v))).toBe(true);
    expect(off.filter((v) => !LEFT.includes(v))).toEqual(['多维表 删 行 -> aitable.base_delete', '多维表 删 列 -> aitable.base_delete', '表格 删 列 -> sheet.delete_sheet', '会议 删 人 -> calendar.delete_calendar_event', 'base 删 行 -> aitable.base_delete']);
  });
});
