// Session 42 (h42-rank, issue 34): counted words (两行, 几层, 这块) and the catalog words they meet (一栏, 一笔),
// searched as a user types them (`dws schema search --query ...`). test/engine/h42-rank.test.ts has the tokenizer's
// marks, their properties and the option off.
import { describe, expect, it } from 'vitest';
import { firstHit, runCliAsync, twinOf } from '../helpers.js';

async function list(query: string, limit: number): Promise<string[]> {
  const run = await runCliAsync(['schema', 'search', '--query', query, '--limit', String(limit)]);
  expect(run.status, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { candidates: { canonical_path: string }[] }).candidates.map((c) => c.canonical_path);
}

describe('session 42: a counted character weighs as a word when no command says its counter pair', () => {
  it.each([
    // train requests: 层 and 块 were half-weight unigrams after 几 / 这; the role list says 层, the range move 块
    ['这个 Base 分了几层权限？把角色和 ID 都给我列一下', 'aitable.shortcut_role_list', 'aitable.advperm_role_update'],
    ['把这块 range cut 到别的位置', 'sheet.range_move_to', 'sheet.range_copy_to'],
  ])('%s -> %s (not %s)', async (query, tool, before) => {
    const got = await firstHit(query);
    expect(twinOf(got)).toBe(twinOf(tool));
    expect(got).not.toBe(before);
  });

  it('表格里多出来的两行删掉: the row delete (it says 行) comes into the first three', async () => {
    expect((await list('表格里多出来的两行删掉', 3)).map(twinOf)).toContain(twinOf('sheet.delete_dimension'));
  });
});

describe('session 42: the field deletes say 一栏 and the record deletes 一笔 (catalog keywords), which the counted reading meets', () => {
  it.each([
    // our probes: 栏 for a base column, 笔 for a record (the Taiwan 筆: its 笔 weighs as a word after 兩, and now a
    // record delete says it)
    ['那一栏不要了删掉', 'aitable.field_delete', 'aitable.advperm_role_delete'],
    ['客户表里那一栏删掉', 'aitable.field_delete', 'doc.delete_document_block'],
    ['把客戶表裡那兩筆測試資料刪掉，表格本身保留', 'aitable.record_delete', 'sheet.delete_sheet'],
  ])('%s -> %s (not %s)', async (query, tool, before) => {
    const got = await firstHit(query);
    expect(twinOf(got)).toBe(twinOf(tool));
    expect(got).not.toBe(before);
  });
});
