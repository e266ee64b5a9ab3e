// Session 49 (h49-rank, issue 34): objectGuardReadingKin, the readings rule's set-aside reading read with its kin. When
// a word names two targets (一行: a base's record or a sheet's row) and the other things named settle one reading (a kept
// workflow is a base's), the readings rule sets the other aside. Before, only a command on the set-aside reading itself
// moved: a command on its container (the sheet delete holds the sheet row) or its part (a base section holds forms)
// became related to nothing named and kept its lead (test/engine/stages.test.ts's readings property failed on 8 pairs).
// 1: such a command moves as one on the reading does; 2: and a product acting only on a set-aside reading is foreign for
// the foreign rule, sibling or not (the base's form delete, 那几行 read as sheet rows). Probes are our own requests,
// ranked as `dws schema search` ranks them, with objectGuardKeepRest off as the readings property runs (keep-rest moves
// the same commands in the shipped build, so with it on these probes lead alike at every level).
import { describe, expect, it } from 'vitest';
import { DEFAULT_RANKING } from '../../src/engine/ranking.js';
import { factsOf } from '../../src/engine/stages/object-guard.js';
import { twinOf } from '../helpers.js';
import { docIndex, engineFor, paths } from './ranking-runs.js';

const noRest = { objectGuardKeepRest: 0 };
const first = (ranking: object, query: string) => twinOf(paths({ ...noRest, ...ranking }, query, 5)[0]);
const meta = engineFor({}).meta;
const doc = docIndex(meta);
const destroys = factsOf(meta).destroys;
const isDestructive = (p: string) => destroys[doc.get(p)!] === 1;

describe('objectGuardReadingKin: the shipped default is 2', () => {
  it('reads both levels with no option given', () => {
    expect(DEFAULT_RANKING.objectGuardReadingKin).toBe(2);
    expect(first({}, '删除这一行，工作流保留')).toBe(first({ objectGuardReadingKin: 2 }, '删除这一行，工作流保留'));
  });
});

describe('objectGuardReadingKin 1: a container or a part of a set-aside reading moves as that reading does', () => {
  it.each([
    // 一行 with a kept workflow: the base's record; the sheet (which holds the sheet's rows) is not what it deletes
    ['删除这一行，工作流保留', 'sheet.delete_sheet'],
    ['删除这些行，工作流保留', 'sheet.delete_sheet'],
    // 资料夹 with a kept inbox: the mail folder; a base section's form is not what it deletes
    ['删除这个资料夹，收件箱保留', 'aitable.shortcut_form_delete'],
  ])('%s: %s first at 0, below a command on the kept reading at 1', (q, over) => {
    expect(first({ objectGuardReadingKin: 0 }, q)).toBe(twinOf(over));
    const on = first({ objectGuardReadingKin: 1 }, q);
    expect(on).not.toBe(twinOf(over));
    expect(isDestructive(on), on).toBe(false);
    // the first hit is then the one the readings rule off gives: the rule changed only a destructive first hit
    expect(on).toBe(first({ objectGuardReadings: 0 }, q));
  });

  it('moves nothing where the readings rule sets nothing aside (one reading, or none settled)', () => {
    for (const q of ['删除这一行', 'delete the row, keep the workflow', '删除这个分组，群保留', '删掉这个文件夹，邮箱别动']) {
      expect(paths({ ...noRest, objectGuardReadingKin: 1 }, q), q).toEqual(paths({ ...noRest, objectGuardReadingKin: 0 }, q));
    }
  });
});

describe('objectGuardReadingKin 2: a product acting only on a set-aside reading is foreign', () => {
  it.each([
    '删除这个那几行，下拉菜单保留',
    '删除这个那些行，下拉列表保留',
  ])('%s: the base form delete first at 1 (a sibling under the ratio), below the sheet row delete at 2', (q) => {
    expect(first({ objectGuardReadingKin: 1 }, q)).toBe(twinOf('aitable.shortcut_form_delete'));
    const on = paths({ ...noRest, objectGuardReadingKin: 2 }, q, 10);
    expect(isDestructive(on[0]), on[0]).toBe(false);
    expect(on.indexOf('aitable.shortcut_form_delete')).toBeGreaterThan(on.indexOf('sheet.delete_dimension'));
  });

  it('leaves a request alone whose set-aside reading shares its product with the kept one', () => {
    // 分组 with a kept table: the base's section; the chat category set aside is chat's, and no chat command is read
    // as a sibling here, so level 2 adds nothing to level 1
    const q = '这个分组删除，但表保留';
    expect(paths({ ...noRest, objectGuardReadingKin: 2 }, q)).toEqual(paths({ ...noRest, objectGuardReadingKin: 1 }, q));
  });
});
