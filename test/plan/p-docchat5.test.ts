// The four differences from upstream (c7521c1c) issue 32's earlier audits left (notes/p-docchat5.md), run as a user
// types each command against the recording backend on 127.0.0.1 with canned answers. The arguments are pinned by the
// `p-docchat5:` recorded-call goldens of test/fixtures/calls/doc.yaml and chat.yaml.
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goPathClean } from '../../src/plan/transforms/files.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pdocchat5-');
const { mcp } = outputs;

const URL = 'https://alidocs.dingtalk.com/i/nodes/D1';
const PEOPLE: Record<string, Record<string, string>> = {
  张三: { name: '张三', userId: 'u1', openDingTalkId: 'od1' },
  李四: { name: '李四', userId: 'u2', openDingTalkId: 'od2' },
};
const CONTENT = JSON.stringify({ text: `[文档](${URL})`, title: '文档分享' });
const send = (od: string) => ({ receiverOpenDingTalkId: od, msgType: 'markdown', content: CONTENT, clawType: 'openClaw' });

describe('doc +share and +grant-and-share count a send answer that is not a JSON object as a failed recipient (sendDocLinks, smart/doc_access.go:479-533@c7521c1c)', () => {
  const people = () => {
    mcp.answers['contact/search_contact_by_key_word'] = (args) => ({ result: [PEOPLE[String(args.keyword)]] });
  };

  it('+share: the first send answered with a list fails, the second still goes out, and the run ends after that write with both in its ledger', async () => {
    people();
    const r = await outputs.paged(['doc', '+share', '--to', '张三,李四', '--url', URL, '--yes'], 'chat/send_personal_message', [[{ messageId: 'm1' }], { messageId: 'm2' }]);
    expect(r.sent.slice(2)).toEqual([send('od1'), send('od2')]);
    expect({ exit: r.exit, printed: r.printed, reason: r.envelope?.error.reason }).toEqual({ exit: 7, printed: undefined, reason: 'partial_outcome' });
    const item = (who: string) => ({ ...PEOPLE[who], match: 'exact' });
    expect(r.envelope?.ledger).toEqual({
      step: 'share', continue: true,
      done: [{ index: 1, item: item('李四'), ids: { messageId: 'm2' } }],
      failed: [{ index: 0, item: item('张三'), at: 'sent_readable[0]', reason: 'backend_error', message: 'doc.shortcut_share: the answer is not a JSON object, so it cannot be read (upstream fails to decode it)' }],
      unattempted: [],
    });
  });

  it('+grant-and-share: after the grant, every send answered with a number or a text fails and the run ends after the grant', async () => {
    people();
    outputs.answer('doc/list_permission', { result: { members: [] } });
    outputs.answer('doc/add_permission', {});
    const r = await outputs.paged(['doc', '+grant-and-share', '--node', 'D1', '--url', URL, '--to', '张三,李四', '--yes'], 'chat/send_personal_message', [3, 'ok']);
    expect(r.sent.slice(3)).toEqual([{ nodeId: 'D1', roleId: 'READER', userIds: ['u1', 'u2'] }, send('od1'), send('od2')]);
    expect({ exit: r.exit, printed: r.printed, reason: r.envelope?.error.reason }).toEqual({ exit: 7, printed: undefined, reason: 'partial_outcome' });
    const ledger = r.envelope?.ledger as { done: unknown[]; failed: { index: number; at: string; reason: string }[] };
    expect({ done: ledger.done, failed: ledger.failed.map((f) => [f.index, f.at, f.reason]) })
      .toEqual({ done: [], failed: [[0, 'sent_readable[0]', 'backend_error'], [1, 'sent_readable[1]', 'backend_error']] });
  });

  it('+share: a JSON null or a blank answer decodes (Go\'s nil or empty map), so the message counts as sent and is printed', async () => {
    people();
    const r = await outputs.paged(['doc', '+share', '--to', '张三,李四', '--url', URL, '--yes'], 'chat/send_personal_message', [null, '']);
    expect(r.printed).toEqual({
      ok: true, status: 'success', operation: 'doc.share',
      data: {
        requestedCount: 2, succeededCount: 2, failedCount: 0,
        recipients: [
          { name: '张三', userId: 'u1', permission: 'unchanged', message: 'success', result: null },
          { name: '李四', userId: 'u2', permission: 'unchanged', message: 'success', result: {} },
        ],
      },
      warnings: ['权限与消息不构成跨产品事务；消息失败不会自动撤销既有权限'],
    });
  });
});

describe('go_path_clean is Go\'s path.Clean (src/plan/transforms/files.ts goPathClean)', () => {
  it('cleans the forms upstream\'s resourcePathEscapesBase meets', () => {
    const cases: [string, string][] = [
      ['', '.'], ['.', '.'], ['./', '.'], ['a/../../b', '../b'], ['a/..', '.'], ['../a/', '../a'], ['/../x', '/x'],
      ['//a//b/', '/a/b'], ['a/./b/../c', 'a/c'], ['../../x/..', '../..'], ['..a/b', '..a/b'], ['/', '/'],
    ];
    expect(cases.map(([p]) => [p, goPathClean(p)])).toEqual(cases);
  });

  it('agrees with the POSIX normalization without its trailing slash, and cleaning twice changes nothing', () => {
    const text = fc.array(fc.constantFrom('a', 'b', '.', '/', '..'), { maxLength: 12 }).map((parts) => parts.join(''));
    fc.assert(fc.property(text, (p) => {
      const normalized = path.posix.normalize(p);
      const expected = normalized.length > 1 ? normalized.replace(/\/$/u, '') : normalized;
      expect(goPathClean(p)).toBe(expected);
      expect(goPathClean(goPathClean(p))).toBe(goPathClean(p));
    }), { numRuns: 2000 });
  });
});

describe('chat +messages-resource-download checks --output before any call (Validate, resource_download.go:89-92, :203-237@c7521c1c)', () => {
  const typed = ['chat', '+messages-resource-download', '--open-conversation-id', 'cid1', '--message-id', 'm1', '--resource-id', 'r1'];

  it('refuses an absolute, backslash-rooted, drive-letter or escaping --output with no call', async () => {
    const outcomes = [];
    for (const output of ['/etc/x.png', ' \\\\srv\\\\x.png', 'd:x.png', '..', 'a/../../b.png', 'a\\\\..\\\\..\\\\b.png', ' ../x ']) {
      const r = await outputs.sent([...typed, '--output', output]);
      outcomes.push([output, r.reason, r.calls.length]);
    }
    expect(outcomes).toEqual([
      ['/etc/x.png', 'invalid_parameter', 0], [' \\\\srv\\\\x.png', 'invalid_parameter', 0], ['d:x.png', 'invalid_parameter', 0],
      ['..', 'invalid_parameter', 0], ['a/../../b.png', 'invalid_parameter', 0], ['a\\\\..\\\\..\\\\b.png', 'invalid_parameter', 0], [' ../x ', 'invalid_parameter', 0],
    ]);
  });

  it('the absolute check comes before the mediaId context check, as in Validate', async () => {
    const r = await outputs.failure(['chat', '+messages-resource-download', '--resource-id', 'r1', '--output', '/x.png']);
    expect({ reason: r.reason, absolute: r.message.includes('not an absolute one'), out: r.out }).toEqual({ reason: 'invalid_parameter', absolute: true, out: '' });
  });

  it('a .. that stays inside the directory downloads into the cleaned place', async () => {
    mcp.files = { 'r.png': Buffer.from('PNG') };
    outputs.answer('im/get_resource_download_url', { result: { resourceUrl: `${mcp.base}/files/r.png` } });
    const r = await outputs.sent([...typed, '--output', 'a/../b.png']);
    expect(r).toEqual({
      reason: undefined, category: undefined,
      calls: [['im/get_resource_download_url', { resourceType: 'mediaId', resourceId: 'r1', openMessageId: 'm1', openConversationId: 'cid1' }]],
      printed: { messageId: 'm1', resourceId: 'r1', resourceType: 'mediaId', localPath: 'b.png', sizeBytes: 3 },
    });
  });
});
