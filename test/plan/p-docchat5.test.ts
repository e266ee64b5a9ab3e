// The four differences from upstream (c7521c1c) issue 32's earlier audits left (notes/p-docchat5.md), run as a user
// types each command against the recording backend on 127.0.0.1 with canned answers. The arguments are pinned by the
// `p-docchat5:` recorded-call goldens of test/fixtures/calls/doc.yaml and chat.yaml.
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goPathClean } from '../../src/plan/transforms/files.js';
import { goDecode, type GoShape } from '../../src/plan/transforms/json.js';
import { JsonNumber } from '../../src/json-number.js';
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
      failed: [{ index: 0, item: item('张三'), at: 'sent_readable[0]', reason: 'backend_error', message: 'doc.shortcut_share: the answer is not a JSON object, so it cannot be read (the upstream runner reads it as null)' }],
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

describe('doc +fetch --scope keyword prints {count, matches} (projectKeywordMatches, content_shortcuts.go:247-250, :1621-1717@c7521c1c)', () => {
  const fetch = async (answer: unknown, ...flags: string[]) => {
    outputs.answer('doc/get_document_content', answer);
    return outputs.sent(['doc', '+fetch', '--node', 'D1', '--scope', 'keyword', ...flags]);
  };
  const hit = (blockId: string, content: string, truncated = false) => ({ blockId, content, parentBlockPath: [], topBlockId: blockId, truncated });

  it('walks the decoded jsonml and the answer\'s other texts; each text gives the hit of the first alternative it holds, case ignored', async () => {
    const jsonml = JSON.stringify(['root', { blockId: 'r' }, ['p', { blockId: 'b1' }, '项目风险较高，需要关注'], ['p', { id: 'b2' }, ['span', {}, 'Risk is LOW']], ['p', { blockId: 'b3' }, '无关'], ['p', 'a risk the skipped second element holds', 'risk here']]);
    const r = await fetch({ jsonml, title: '风险评估' }, '--keyword', ' 风险 | |RISK ');
    expect(r).toEqual({
      reason: undefined, category: undefined,
      calls: [['doc/get_document_content', { nodeId: 'D1', format: 'jsonml' }]],
      printed: {
        complete: true,
        content: { count: 4, matches: [hit('b1', '项目风险较高，需要关注'), hit('b2', 'Risk is LOW'), hit('r', 'risk here'), hit('', '风险评估')] },
        contractVersion: 'doc.content.v1',
        status: 'success',
        target: { canonicalId: 'D1', product: 'doc' },
      },
    });
  });

  it('keeps --context-before code points before the hit and --context-after after it, and says when it cut', async () => {
    const text = '0123456789关键词abcdefghij';
    const r = await fetch({ result: { blocks: [{ blockId: ' b1 ', text }] } }, '--keyword', '关键词', '--context-before', '2', '--context-after', '3');
    expect((r.printed as { content: unknown }).content).toEqual({ count: 1, matches: [hit('b1', '89关键词abc', true)] });
  });

  it('reads a context not above 0 as the defaults 80 and 120', async () => {
    const text = `${'前'.repeat(100)}KEY${'后'.repeat(130)}`;
    const r = await fetch({ text }, '--keyword', 'key', '--context-before', '0', '--context-after', '-5');
    expect((r.printed as { content: unknown }).content).toEqual({ count: 1, matches: [hit('', `${'前'.repeat(80)}KEY${'后'.repeat(120)}`, true)] });
  });

  it('folds case code point by code point as Go\'s unicode.ToLower (İ is i), one hit per text even when several alternatives are in it', async () => {
    const r = await fetch({ a: '去 İSTANBUL 旅行', b: '风险 and risk' }, '--keyword', 'istanbul|risk|风险');
    expect((r.printed as { content: unknown }).content).toEqual({ count: 2, matches: [hit('', '去 İSTANBUL 旅行'), hit('', '风险 and risk')] });
  });

  it('prints no match for a JSON null answer, and the whole content when the scope is not keyword', async () => {
    expect(((await fetch(null, '--keyword', 'x')).printed as { content: unknown }).content).toEqual({ count: 0, matches: [] });
    outputs.answer('doc/get_document_content', { markdown: '风险' });
    const r = await outputs.sent(['doc', '+fetch', '--node', 'D1', '--keyword', '风险', '--context-before', '3']);
    expect({ calls: r.calls, content: (r.printed as { content: unknown }).content })
      .toEqual({ calls: [['doc/get_document_content', { nodeId: 'D1', format: 'markdown' }]], content: { markdown: '风险', success: true } }); // h56-wd: stamped
  });
});

describe('go_decode is json.Unmarshal into a typed Go value (src/plan/transforms/json.ts goDecode)', () => {
  const SHAPE: GoShape = { result: { hasMore: 'bool', nextCursor: 'string', cursor: 'string', list: [{ memberRoleType: 'int', openDingtalkId: 'string' }] } };

  it('fills what is missing with zero values, matches keys ignoring case, keeps a JSON null as it was and a null list nil', () => {
    expect(goDecode(SHAPE, { Result: { HASMORE: true, list: [{ memberroletype: 1 }, null], extra: 'x' } })).toEqual({
      ok: true, value: { result: { hasMore: true, nextCursor: '', cursor: '', list: [{ memberRoleType: 1, openDingtalkId: '' }, { memberRoleType: 0, openDingtalkId: '' }] } },
    });
    expect(goDecode(SHAPE, null)).toEqual({ ok: true, value: { result: { hasMore: false, nextCursor: '', cursor: '', list: null } } });
    expect(goDecode(SHAPE, { result: { list: null, cursor: null } })).toEqual({ ok: true, value: { result: { hasMore: false, nextCursor: '', cursor: '', list: null } } });
  });

  it('fails on a value of another kind anywhere, a non-integer or out-of-range int literal, or an answer that is not an object', () => {
    const failing = [
      { result: { hasMore: 'false' } }, { result: { nextCursor: 5 } }, { result: [] }, { result: { list: {} } },
      { result: { list: [{ openDingtalkId: 42 }] } }, { result: { list: [{ memberRoleType: 1.5 }] } }, { result: { list: [{ memberRoleType: new JsonNumber('1.0') }] } },
      { result: { list: [{ memberRoleType: new JsonNumber('9223372036854775808') }] } }, { result: { list: [3] } }, [], 'not json', 7,
    ];
    expect(failing.map((v) => goDecode(SHAPE, v))).toEqual(failing.map(() => ({ ok: false })));
    expect(goDecode(SHAPE, { result: { list: [{ memberRoleType: new JsonNumber('9223372036854775807') }] } }).ok).toBe(true);
  });

  it('decodes every value of the shape\'s own types back to itself', () => {
    const member = fc.record({ memberRoleType: fc.integer({ min: -5, max: 5 }), openDingtalkId: fc.string() });
    const page = fc.record({ result: fc.record({ hasMore: fc.boolean(), nextCursor: fc.string(), cursor: fc.string(), list: fc.array(member, { maxLength: 4 }) }) });
    fc.assert(fc.property(page, (p) => {
      expect(goDecode(SHAPE, p)).toEqual({ ok: true, value: p });
    }), { numRuns: 300 });
  });
});

describe('chat group members remove: the owner guard reads each members page as upstream decodes it (groupOwnerOpenDingTalkID, helpers/chat.go:1553-1622@c7521c1c)', () => {
  const remove = async (pages: unknown[], users = 'Db3BlbmlkMDQiE') => {
    const r = await outputs.paged(['chat', 'group', 'members', 'remove', '--id', 'cid1', '--users', users], 'chat/get_group_members', pages);
    return { exit: r.exit, reason: r.envelope?.error.reason, sent: r.sent };
  };
  const removed = { openConversationId: 'cid1', userIdList: ['Db3BlbmlkMDQiE'] };
  const first = { openconversation_id: 'cid1', cursor: '0' };

  it('a page that does not decode lets the remove through, even with the owner on it', async () => {
    expect(await remove([{ result: { hasMore: 'false', list: [{ memberRoleType: 1, openDingtalkId: 'Db3BlbmlkMDQiE' }] } }]))
      .toEqual({ exit: 0, reason: undefined, sent: [first, removed] });
    expect(await remove([{ result: { hasMore: false, list: [{ memberRoleType: new JsonNumber('1.0'), openDingtalkId: 'Db3BlbmlkMDQiE' }] } }]))
      .toEqual({ exit: 0, reason: undefined, sent: [first, removed] });
  });

  it('finds the owner under keys in another case, and follows cursor when nextCursor is empty', async () => {
    expect(await remove([{ RESULT: { hasmore: false, List: [{ MemberRoleType: 1, OpenDingTalkId: 'Db3BlbmlkMDQiE' }] } }]))
      .toEqual({ exit: 3, reason: 'invalid_parameter', sent: [first] });
    expect(await remove([{ result: { hasMore: true, nextCursor: '', cursor: 'c9', list: [] } }, { result: { hasMore: false, list: [{ memberRoleType: 1, openDingtalkId: 'Db3BlbmlkMDQiE' }] } }]))
      .toEqual({ exit: 3, reason: 'invalid_parameter', sent: [first, { openconversation_id: 'cid1', cursor: 'c9' }] });
  });

  it('an owner with an empty openDingtalkId passes the guard, as upstream\'s "" owner does', async () => {
    expect(await remove([{ result: { hasMore: false, list: [{ memberRoleType: 1 }, { memberRoleType: 1, openDingtalkId: 'Db3BlbmlkMDQiE' }] } }]))
      .toEqual({ exit: 0, reason: undefined, sent: [first, removed] });
  });
});
