// What the doc and calendar commands of the session 32 sweep (share 6, issue 32) send and print where dws differed
// from upstream's bodies at c7521c1c, run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-sw326-');
const { sent } = outputs;

describe('doc --to of the permission shortcuts is a pflag StringSlice: each CSV field is one name, trimmed, blanks skipped, never split again (resolveDocUsers smart/doc_access.go:206-213, permissionFlags :196-204@c7521c1c)', () => {
  const person = { result: [{ userId: 'u1', name: '张三', openDingTalkId: 'o1' }] };
  const keywords = (calls: unknown[][]) => calls.filter((c) => c[0] === 'contact/search_contact_by_key_word').map((c) => (c[1] as { keyword: string }).keyword);

  it.each([
    ['+access-grant', {}],
    ['+access-change', { 'doc/list_permission': { result: { members: [{ userId: 'u1', roleId: 'READER' }] } } }],
    ['+access-revoke', { 'doc/list_permission': { result: { members: [{ userId: 'u1', roleId: 'READER' }] } } }],
    ['+grant-and-share', { 'doc/list_permission': { result: { members: [{ userId: 'u1', roleId: 'READER' }] } } }],
  ])('%s: a quoted field with a comma is searched whole; padded and blank fields trimmed or skipped', async (command, answers) => {
    outputs.answer('contact/search_contact_by_key_word', person);
    for (const [key, body] of Object.entries(answers)) outputs.answer(key, body);
    const extra = command === '+grant-and-share' ? ['--url', 'https://alidocs.dingtalk.com/i/nodes/d1'] : [];
    const r = await sent(['doc', command, '--node', 'd1', '--to', '"张三, 研发", ,李四 ', '--to', '王五', ...extra, '--yes']);
    expect(keywords(r.calls)).toEqual(['张三, 研发', '李四', '王五']);
  });
});
