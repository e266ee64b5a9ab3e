// Session 41 (h41-rank, issue 34): the object guard's reach (objectGuardReach), bounded and on by default, searched as
// a user types it (`dws schema search --query ...`). test/engine/h41-rank.test.ts has the bound's property.
import { describe, expect, it } from 'vitest';
import { firstHit, runCliAsync, twinOf } from '../helpers.js';

describe('session 41: a delete request whose command on the target ranks past the guard\'s first ten', () => {
  it.each([
    // the table delete ranks past the first ten core hits (twins take two); the reach brings it to the tenth place and
    // the chart and form deletes (other parts of the kept base) go below it
    ['把多维表中叫“2021 备份”的数据表删除，多维表本身保留', 'aitable.table_delete', 'aitable.chart_delete'],
    ['请删除多维表中的“历史归档”数据表，多维表本身保留', 'aitable.table_delete', 'aitable.shortcut_form_delete'],
  ])('%s -> %s (not %s)', async (query, tool, before) => {
    const got = await firstHit(query);
    expect(twinOf(got)).toBe(twinOf(tool));
    expect(got).not.toBe(before);
  });

  it('answers the same first five at --limit 5 as at --limit 10', async () => {
    const q = '把多维表中叫“2021 备份”的数据表删除，多维表本身保留';
    const list = async (limit: number) => {
      const run = await runCliAsync(['schema', 'search', '--query', q, '--limit', String(limit)]);
      expect(run.status, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as { candidates: { canonical_path: string }[] }).candidates.map((c) => c.canonical_path);
    };
    expect(await list(5)).toEqual((await list(10)).slice(0, 5));
  });
});

describe('session 41: English "entries" for a table\'s records (record delete keywords_en "delete entries", as its zh side says 删除条目)', () => {
  it.each([
    ['delete entries', 'aitable.record_delete', 'aitable.shortcut_form_delete'],
    ['wipe those two entries from the Inventory table', 'aitable.record_delete', 'aitable.shortcut_table_copy'],
  ])('%s -> %s (not %s)', async (query, tool, before) => {
    const got = await firstHit(query);
    expect(twinOf(got)).toBe(twinOf(tool));
    expect(got).not.toBe(before);
  });
});

describe('session 41: 表格 names a spreadsheet (objects.yaml document), so the words around it are read', () => {
  it.each([
    // 表格 was read as 表 (a base table) inside it, so the readings rule took 删列 as the base's field
    ['表格删列', 'sheet.delete_dimension', 'sheet.delete_sheet'],
  ])('%s -> %s (not %s)', async (query, tool, before) => {
    const got = await firstHit(query);
    expect(twinOf(got)).toBe(twinOf(tool));
    expect(got).not.toBe(before);
  });
});
