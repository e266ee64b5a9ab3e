// Session 43 (h43-rank, issue 34): the object guard's ratios per rule (objectGuardRestRatio 0.3 for the keep-rest rule,
// objectGuardDestructiveRatio 0.35 for the containers rule under a declared destructive anchor), searched as a user types
// them (`dws schema search --query ...`). test/engine/h43-rank.test.ts has the rules' properties on fixed hit lists.
import { describe, expect, it } from 'vitest';
import { firstHit, runCliAsync, twinOf } from '../helpers.js';

async function list(query: string, limit: number): Promise<string[]> {
  const run = await runCliAsync(['schema', 'search', '--query', query, '--limit', String(limit)]);
  expect(run.status, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { candidates: { canonical_path: string }[] }).candidates.map((c) => c.canonical_path);
}

describe('session 43: a delete request that keeps the rest, or has a declared destructive hit on its target, puts that hit first', () => {
  it.each([
    // train: the record delete scored 0.41 of the section delete (多维表 a named container around the record)
    ['多维表里张三那条删了', 'aitable.record_delete', 'aitable.shortcut_section_delete'],
    // our probes of the same shapes: the keep-rest rule (表本身保留) and the containers rule (多维表里)
    ['把订单表里那三条数据删掉，表本身保留', 'aitable.record_delete', 'aitable.shortcut_form_delete'],
    ['多维表里李四那条删了', 'aitable.record_delete', 'aitable.shortcut_section_delete'],
    // our probe: the member removal (keep-rest: 群别解散) over the role delete
    ['把那两个外部的人从群里删掉，群别解散', 'chat.remove_group_member', 'chat.remove_custom_group_role'],
  ])('%s -> %s (not %s)', async (query, tool, before) => {
    const got = await firstHit(query);
    expect(twinOf(got)).toBe(twinOf(tool));
    expect(twinOf(got)).not.toBe(twinOf(before));
  });

  it('请删除订单多维表中状态为已取消的那三条数据，表本身保留 (train): the record delete above the form delete, no destructive command first', async () => {
    const got = await list('请删除订单多维表中状态为已取消的那三条数据，表本身保留', 5);
    const record = got.findIndex((p) => twinOf(p) === twinOf('aitable.record_delete'));
    const form = got.findIndex((p) => twinOf(p) === twinOf('aitable.form_delete'));
    expect(record).toBeGreaterThanOrEqual(0);
    expect(form < 0 || record < form).toBe(true);
    expect(twinOf(got[0])).not.toBe(twinOf('aitable.form_delete'));
  });
});
