// Session 46 (h46-rank, issue 34): the object guard's two new readings (objectGuardCompounds, objectGuardPeopleRatio),
// 删人 as a word of the chat member removal, and doc folder create's object (a drive folder), searched as a user types
// them (`dws schema search --query ...`). test/engine/h46-rank.test.ts has the rules' properties on fixed hit lists.
import { describe, expect, it } from 'vitest';
import { firstHit, runCliAsync, twinOf } from '../helpers.js';

async function list(query: string, limit: number): Promise<string[]> {
  const run = await runCliAsync(['schema', 'search', '--query', query, '--limit', String(limit)]);
  expect(run.status, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { candidates: { canonical_path: string }[] }).candidates.map((c) => c.canonical_path);
}

describe('session 46: a removal request gets the command on what it names first, not a destructive one on something else', () => {
  it.each([
    // train, objectGuardCompounds: 群成员 names the group around the member, so the group's role delete is another part of it
    ['群成员里删掉小周', 'chat.remove_group_member', 'chat.remove_custom_group_role'],
    // our probe of the same shape
    ['从群成员里删掉王五', 'chat.remove_group_member', 'chat.remove_custom_group_role'],
    // train, 删人 a word of the member removal (as 踢人 is)
    ['群里删人', 'chat.remove_group_member', 'chat.remove_custom_group_role'],
  ])('%s -> %s (not %s)', async (query, tool, before) => {
    const got = await firstHit(query);
    expect(twinOf(got)).toBe(twinOf(tool));
    expect(twinOf(got)).not.toBe(twinOf(before));
  });

  it.each([
    // our probes, objectGuardPeopleRatio: Mark is a word of the mark-read commands, which weakens the member removal
    'take Mark out of the marketing chat',
    'take Mark out of the sales chat',
  ])('%s: the favorite removal (a thing the request does not name) is not first', async (query) => {
    const got = await list(query, 5);
    expect(got[0]).not.toBe('chat.remove_message_favorite');
    expect(got).toContain('chat.remove_group_member');
  });

  it.each([
    // our probes, doc folder create makes a drive folder: the doc product acts on no mail folder
    'delete the old folder in my docs',
    'remove the old folder from my docs',
  ])('%s: no mail folder or chat category command first', async (query) => {
    const got = await list(query, 5);
    expect(got[0]).not.toMatch(/^mail\./u);
    expect(got[0]).not.toBe('chat.remove_conv_from_categories');
  });
});
