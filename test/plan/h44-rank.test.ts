// Session 44 (h44-rank, issue 34): the object guard's four new readings (objectGuardForeign, objectGuardPeopleSiblings,
// objectGuardOwnProducts, objectGuardProductReadings) and two object words (a drive `folder`; a note is a comment),
// searched as a user types them (`dws schema search --query ...`). test/engine/h44-rank.test.ts has the rules'
// properties on fixed hit lists.
import { describe, expect, it } from 'vitest';
import { firstHit, runCliAsync, twinOf } from '../helpers.js';

async function list(query: string, limit: number): Promise<string[]> {
  const run = await runCliAsync(['schema', 'search', '--query', query, '--limit', String(limit)]);
  expect(run.status, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { candidates: { canonical_path: string }[] }).candidates.map((c) => c.canonical_path);
}

describe('session 44: a delete request gets a command on what it names first, not a destructive one on something else', () => {
  it.each([
    // train, objectGuardForeign: the wiki has no command on an app; our probe of the same shape
    ['那个测试应用整个删了', 'dev.delete_dev_app', 'wiki.shortcut_delete_space'],
    ['把那个演示应用整个删掉', 'dev.delete_dev_app', 'wiki.shortcut_delete_space'],
    // train, objectGuardPeopleSiblings: the chat is the place, its member the target; our probe
    ['take Lisa out of the marketing chat', 'chat.remove_group_member', 'chat.remove_message_favorite'],
    ['take Lisa out of the sales chat', 'chat.remove_group_member', 'chat.remove_message_favorite'],
    // train, objectGuardOwnProducts: 知识库 names the wiki; 身份 (a mined chat word) is inside 成员身份
    ['知识库里把实习生的成员身份去掉', 'wiki.remove_member', 'chat.shortcut_chat_role_remove_user'],
    // train, the drive folder and objectGuardProductReadings: 雲盤 names the drive, whose delete acts on a folder; our probe
    ['將雲盤入面嗰個「舊相」資料夾刪咗', 'drive.shortcut_delete', 'aitable.shortcut_section_delete'],
    ['把云盘里那个“旧照片”文件夹删了', 'drive.shortcut_delete', 'aitable.shortcut_section_delete'],
  ])('%s -> %s (not %s)', async (query, tool, before) => {
    const got = await firstHit(query);
    expect(twinOf(got)).toBe(twinOf(tool));
    expect(twinOf(got)).not.toBe(twinOf(before));
  });

  it('remove the last note I left on that task (train): a note is a comment, so no participant or executor removal leads', async () => {
    const got = await list('remove the last note I left on that task', 5);
    expect(got[0]).not.toBe('todo.remove_task_participants');
    expect(got[0]).not.toBe('todo.remove_task_executors');
  });

  it('快捷删分组 (train): 快捷删, a mined aitable word and no product name, does not pick the base section reading of 分组', async () => {
    expect(twinOf(await firstHit('快捷删分组'))).toBe(twinOf('chat.shortcut_category_delete'));
  });
});
