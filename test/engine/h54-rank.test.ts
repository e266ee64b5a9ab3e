// Session 54 (h54-rank, issue 34). Removal probes of our own, a second set (test/engine/h54-probes.json), and two guard
// mechanisms for the causes session 53 left: the joint reading of two ambiguous words (objectGuardJointReadings) and a
// one-character place that holds no target (objectGuardPlaceFit). docs/ranking.md "Session 54 (h54-rank)".
import { describe, expect, it } from 'vitest';
import { engineFor, paths, probeViolations } from './ranking-runs.js';
import { queryObjects } from '../../src/lexicon/actions.js';
import { fold } from '../../src/text/fold.js';

const violations = probeViolations;

const OFF = { objectGuardJointReadings: 0, objectGuardPlaceFit: 0 };

describe('objectGuardJointReadings: two ambiguous words mean the pair of readings one inside the other', () => {
  // 文件夹 names a base section, a wiki node, a drive folder and a mail folder; 文件 an attachment, a document, a node and a
  // drive file. No plain word chooses, so the readings rule set nothing aside and the mail folder delete led. Only the
  // drive folder holds one of 文件's readings (the file): that pair is what the request means.
  it('文件夹 删 文件: the drive file delete leads, the mail folder delete is below it (at 0 it leads)', () => {
    expect(paths({ objectGuardJointReadings: 0 }, '文件夹 删 文件')[0]).toBe('mail.delete_mail_folder');
    const on = paths({}, '文件夹 删 文件');
    expect(on[0]).toBe('drive.shortcut_delete');
    expect(on.indexOf('mail.delete_mail_folder')).toBeGreaterThan(0);
  });
  it('a request that already names its place plainly is read as before (文件夹里的文件删掉)', () => {
    expect(paths({}, '文件夹里的文件删掉')).toEqual(paths({ objectGuardJointReadings: 0 }, '文件夹里的文件删掉'));
  });
});

describe('objects.yaml ordinals: a question counted by its place (第五题) is named', () => {
  // Failed before: a bare 题 named nothing, so 把表单第五题删了 named the form alone and its delete led.
  it('queryObjects reads 第五题 and 第 3 题 as a question, and a 题 with no 第 before it as nothing', () => {
    const lex = engineFor({}).meta.lexicon.objects!;
    const question = lex.keys.indexOf('question');
    expect(queryObjects(fold('把表单第五题删了'), lex)).toContain(question);
    expect(queryObjects(fold('问卷第 3 题去掉'), lex)).toContain(question);
    expect(queryObjects(fold('把题图删了'), lex)).not.toContain(question);
  });
  it('把表单第五题删了 -> aitable.form_questions_delete', () => {
    expect(paths({}, '把表单第五题删了')[0]).toBe('aitable.form_questions_delete');
  });
});

describe('objectGuardPlaceFit: a one-character place that holds no target was misread', () => {
  // 表 is read as a base table, which holds no comment: the base's section and form deletes were no sibling and their
  // product (aitable) counted as one acting on something named. Read as misplaced, the comment's containers (document,
  // task, sheet) are named around it and aitable acts on nothing named.
  it('表里那个批注删了: the sheet comment delete leads (at 0 the base section delete does)', () => {
    expect(paths({ objectGuardPlaceFit: 0 }, '表里那个批注删了')[0]).toBe('aitable.shortcut_section_delete');
    expect(paths({}, '表里那个批注删了')[0]).toBe('sheet.delete_sheet_comment');
  });
  // A first version read every place that holds no target as misread: 把多维表里的子表删掉 (子表, a sheet word, meant as a
  // base's table) then put the base's chart delete first. A place said by a longer word (多维表) says its thing.
  it('a place said by a longer word is kept: 把多维表里的子表删掉 still leads with the table delete', () => {
    expect(paths({}, '把多维表里的子表删掉')[0]).toBe('aitable.table_delete');
  });
});

// Our second set of removal probes (test/engine/h54-probes.json: [the object key(s) the request names, the request]),
// written from the destructive commands' contracts with each object's container named: 249 requests, zh, en, mixed, terse,
// colloquial and TW/HK. A violation: a destructive command on another object than the one named ranks first. The start
// build (d8a3eef3) had 5; 表里那个批注删了 is fixed by objectGuardPlaceFit, 把表单第五题删了 by objects.yaml `ordinals`.
// Causes of the rest in docs/ranking.md.
const LEFT54 = [
  '删除数据表里的备注列 -> aitable.shortcut_view_delete', // 备注列: a bare 列 is no field word (列表, 列出)
  '工作表里 A1 的批注去掉 -> sheet.delete_filter', // the sheet comment delete is not in the first 20 (retrieval)
  '多维表 删 数据 -> aitable.base_delete', // 数据 names no object (删除数据表 holds 删除数据)
];

describe('our removal probes, second set (test/engine/h54-probes.json)', () => {
  it('this build violates exactly the listed ones', () => {
    expect(violations({}, 'h54-probes.json', 249)).toEqual(LEFT54);
  });
  it('with both mechanisms off, 表里那个批注删了 comes back, and nothing else', () => {
    const off = violations(OFF, 'h54-probes.json', 249);
    expect(off.filter((v) => !LEFT54.includes(v))).toEqual(['表里那个批注删了 -> aitable.shortcut_section_delete']);
    expect(LEFT54.every((v) => off.includes(v))).toBe(true);
  });
  it('on the first set (h53-probes.json), both off add back exactly 文件夹 删 文件', () => {
    const on = violations({}, 'h53-probes.json', 335);
    const off = violations(OFF, 'h53-probes.json', 335);
    expect(off.filter((v) => !on.includes(v))).toEqual(['文件夹 删 文件 -> mail.delete_mail_folder']);
    expect(on.filter((v) => !off.includes(v))).toEqual([]);
  });
});
