// What the commands audit-30n-b fixed send and print (issue 32, a-n2), as upstream's bodies at c7521c1c do, run as a
// user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apply } from './fake-plan.js';
import { useOutputRuns } from './output-runs.js';
import { transformArgProblem } from '../../src/plan/transforms/index.js';

const outputs = useOutputRuns('dws-an2-');
const { mcp, run } = outputs;

/** The arguments of every call the backend received, by tool name. */
const sent = () => mcp.calls.map((c) => [c.name, c.arguments]);

describe('chat +messages-send-by-webhook sends its lists as pflag reads them (shortcut/chat/chat_message.go:158-175)', () => {
  it('each --at-mobiles/--at-users occurrence is one CSV record: elements neither trimmed nor dropped, quotes honoured', async () => {
    await run(['chat', '+messages-send-by-webhook', '--token', ' t ', '--title', '告警', '--text', 'CPU 高',
      '--at-mobiles', ' 138, ,"1,39"', '--at-users', 'u1', '--at-users', ' u2', '--yes']);
    expect(sent()).toEqual([['send_message_by_custom_robot', {
      robotToken: 't', title: '告警', text: 'CPU 高', atMobiles: [' 138', ' ', '1,39'], atUserIds: ['u1', ' u2'],
    }]]);
  });
  it('an empty --at-mobiles adds no element, so no list is sent', async () => {
    await run(['chat', '+messages-send-by-webhook', '--token', 't', '--title', 'x', '--text', 'y', '--at-mobiles', '', '--at-all', '--yes']);
    expect(sent()).toEqual([['send_message_by_custom_robot', { robotToken: 't', title: 'x', text: 'y', isAtAll: true }]]);
  });
});

describe('chat +messages-list-pin sends count only when --size is above 0 (shortcut/chat/chat_message.go:2063-2065)', () => {
  it('--size 0 and a negative --size send no count; --size 5 sends 5', async () => {
    for (const size of ['0', '-3']) {
      mcp.calls.length = 0;
      await run(['chat', '+messages-list-pin', '--open-conversation-id', 'cid1', `--size=${size}`]);
      expect(sent()).toEqual([['list_pin_messages', { openConversationId: 'cid1', cid: 'cid1' }]]);
    }
    mcp.calls.length = 0;
    await run(['chat', '+messages-list-pin', '--open-conversation-id', 'cid1', '--size', '5', '--cursor', ' c2 ']);
    expect(sent()).toEqual([['list_pin_messages', { openConversationId: 'cid1', cid: 'cid1', count: 5, cursor: 'c2' }]]);
  });
});

describe('sheet range batch-clear splits each range at its first "!" and needs a JSON list (helpers/sheet_batch.go:551-575)', () => {
  it('a range holding a further "!" is sent whole after the first one', async () => {
    await run(['sheet', 'range', 'batch-clear', '--node', 'N1', '--ranges', '[" S1 ! A1:S1!B2 ", "S2!C1"]', '--type', 'all', '--yes']);
    expect(sent()).toEqual([['batch_update', { nodeId: 'N1', operations: [
      { toolName: 'clear_range', input: { sheetId: 'S1', range: 'A1:S1!B2', type: 'all' } },
      { toolName: 'clear_range', input: { sheetId: 'S2', range: 'C1', type: 'all' } },
    ] }]]);
  });
  it('a --ranges that is JSON but not a list is refused before any call', async () => {
    expect(await outputs.refusal(['sheet', 'range', 'batch-clear', '--node', 'N1', '--ranges', '"S1!A1"', '--yes']))
      .toEqual({ reason: 'invalid_parameter', out: '' });
    expect(sent()).toEqual([]);
  });
});

describe('aitable form get finds the form anywhere in the answer, as findFormViewByID (helpers/aitable.go:848-867, :4491-4523)', () => {
  it('the first object, depth first, whose viewId is --view-id is printed in the view envelope, at any depth and nesting', async () => {
    const argv = ['aitable', 'form', 'get', '--base-id', 'B', '--table-id', 'T', '--view-id', 'v1'];
    outputs.answer('aitable-helper/list_form_views', { data: { views: [{ viewId: 'v0' }, { viewId: 'v1', title: '报名表' }] } });
    expect(await run(argv)).toEqual({ status: 'success', data: { viewId: 'v1', title: '报名表' }, error: {} });
    outputs.answer('aitable-helper/list_form_views', { success: true, result: { forms: [{ viewId: 'v0', children: [{ viewId: 'v1', n: 1 }] }, { viewId: 'v1', n: 2 }] } });
    expect(await run(argv)).toEqual({ status: 'success', data: { viewId: 'v1', n: 1 }, error: {} });
  });
  it('no text viewId equal to --view-id (a number, a padded one) is a backend error', async () => {
    outputs.answer('aitable-helper/list_form_views', { data: [{ viewId: ' v1' }, { viewId: 1 }] });
    expect(await outputs.refusal(['aitable', 'form', 'get', '--base-id', 'B', '--table-id', 'T', '--view-id', 'v1']))
      .toEqual({ reason: 'backend_error', out: '' });
  });
});

describe('find_objects {keys, nested: true} lists every object holding a key text, each before those inside it', () => {
  it('a found object is searched further; the plain form still stops at it', () => {
    const v = { a: [{ viewId: 'p', kids: [{ viewId: 'c' }] }, { viewId: '' , x: { viewId: 'd' } }], b: { viewId: 3 } };
    expect(apply([{ find_objects: { keys: ['viewId'], nested: true } }], v)).toEqual([v.a[0], { viewId: 'c' }, { viewId: 'd' }]);
    expect(apply([{ find_objects: ['viewId'] }], v)).toEqual([v.a[0], { viewId: 'd' }]);
    expect(apply([{ find_objects: { keys: ['viewId'], nested: true } }], { a: 1 })).toBeUndefined();
  });
  it('a malformed long form is refused when the plan is built', () => {
    const problem = (arg: unknown) => transformArgProblem({ find_objects: arg } as never);
    expect(problem({ keys: ['viewId'], nested: false })).toContain('find_objects needs');
    expect(problem({ keys: [], nested: true })).toContain('find_objects needs');
    expect(problem({ keys: ['viewId'], deep: true })).toContain('find_objects needs');
  });
  it('nested lists a superset of the plain form, in the same relative order (property)', () => {
    const tree: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.constantFrom('a', '', 1, null), fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('k', 'x', 'y'), tie('node'), { maxKeys: 3 })),
    })).node;
    fc.assert(fc.property(tree, (v) => {
      const plain = (apply([{ find_objects: ['k'] }], v) as unknown[] | undefined) ?? [];
      const nested = (apply([{ find_objects: { keys: ['k'], nested: true } }], v) as unknown[] | undefined) ?? [];
      let at = 0;
      for (const o of plain) {
        while (at < nested.length && nested[at] !== o) at++;
        expect(at).toBeLessThan(nested.length);
      }
      expect(nested.every((o) => typeof (o as Record<string, unknown>).k === 'string' && (o as Record<string, unknown>).k !== '')).toBe(true);
    }));
  });
});

describe('doc +share-doc and doc +share send every message and print sendDocLinks\' payload (smart/doc_access.go:52-71, :395-403, :479-533)', () => {
  const people = (n: number) => [{ result: [{ name: '张三', userId: 'u1', openDingTalkId: 'od1' }] }, { result: [{ name: '李四', openDingTalkId: 'od2' }] }][n];
  it('every message sent: {ok, status, operation doc.share, data {counts, recipients}, warnings}, each recipient with the send\'s answer', async () => {
    for (const command of ['+share-doc', '+share']) {
      mcp.answers['contact/search_contact_by_key_word'] = (_a, n) => people(n % 2);
      mcp.answers['chat/send_personal_message'] = (a) => ({ success: true, result: { to: a.receiverOpenDingTalkId } });
      expect(await run(['doc', command, '--to', '张三,李四', '--url', 'https://alidocs.dingtalk.com/i/nodes/D1', '--yes'])).toEqual({
        ok: true, status: 'success', operation: 'doc.share',
        data: { requestedCount: 2, succeededCount: 2, failedCount: 0, recipients: [
          { name: '张三', userId: 'u1', permission: 'unchanged', message: 'success', result: { success: true, result: { to: 'od1' } } },
          { name: '李四', userId: '', permission: 'unchanged', message: 'success', result: { success: true, result: { to: 'od2' } } },
        ] },
        warnings: ['权限与消息不构成跨产品事务；消息失败不会自动撤销既有权限'],
      });
    }
  });
  it('a failed message does not stop the next person\'s; the run then fails, partial_outcome since one went out', async () => {
    mcp.answers['contact/search_contact_by_key_word'] = (_a, n) => people(n);
    mcp.answers['chat/send_personal_message'] = (_a, n) => (n === 0 ? { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' } : { success: true });
    expect(await outputs.refusal(['doc', '+share-doc', '--to', '张三,李四', '--url', 'https://x/d', '--yes'])).toEqual({ reason: 'partial_outcome', out: '' });
    expect(mcp.calls.filter((c) => c.name === 'send_personal_message').map((c) => c.arguments.receiverOpenDingTalkId)).toEqual(['od1', 'od2']);
  });
});

describe('doc comment update sends mentionedUserIds whenever --mention is not "" (helpers/doc.go:3311-3313, parseCommentMentionIds)', () => {
  it('a --mention of commas and blanks sends an empty list; an empty --mention sends none', async () => {
    await run(['doc', 'comment', 'update', '--node', 'N1', '--comment-key', 'k1', '--content', '已修正', '--mention', ' , ']);
    await run(['doc', 'comment', 'update', '--node', 'N1', '--comment-key', 'k1', '--content', '已修正', '--mention', '']);
    await run(['doc', 'comment', 'update', '--node', 'N1', '--comment-key', 'k1', '--content', '已修正', '--mention', ' u1, ,u2 ']);
    expect(sent()).toEqual([
      ['update_comment', { nodeId: 'N1', commentKey: 'k1', content: '已修正', mentionedUserIds: [] }],
      ['update_comment', { nodeId: 'N1', commentKey: 'k1', content: '已修正' }],
      ['update_comment', { nodeId: 'N1', commentKey: 'k1', content: '已修正', mentionedUserIds: ['u1', 'u2'] }],
    ]);
  });
});

describe('chat +messages-list-pin prints listPinProject\'s rows and the page marks (shortcut/chat/chat_message.go:2066-2130, chatmsg.go:960-999)', () => {
  const argv = ['chat', '+messages-list-pin', '--open-conversation-id', 'cid1'];
  it('the first list found, each object a row of the first spelling present (null kept) and threadId when not blank; the marks of the first scope holding any', async () => {
    outputs.answer('im/list_pin_messages', {
      hasMore: 'yes',
      result: {
        pinMessages: [
          { openMsgId: 'm1', messageId: 'ignored', senderUserId: null, pinTime: 1700000000000, topicId: 't1', threadId: '  ' },
          'skip',
          { other: 1 },
          { conversationId: 'c2', threadId: ' ', thread_id: 'th2' },
        ],
        has_more: true, nextCursor: '0', next_token: 'n2',
      },
    });
    expect(await run(argv)).toEqual({
      count: 2,
      pins: [
        { messageId: 'm1', senderId: null, pinTime: 1700000000000, threadId: 't1' },
        { conversationId: 'c2', threadId: 'th2' },
      ],
      hasMore: true, complete: false, nextCursor: 'n2',
    });
  });
  it('no list and no marks: {count: 0, pins: []}; a list at data with hasMore false is complete', async () => {
    outputs.answer('im/list_pin_messages', { success: true, result: 'none' });
    expect(await run(argv)).toEqual({ count: 0, pins: [] });
    outputs.answer('im/list_pin_messages', { data: [{ msgId: 'm3' }], hasMore: false });
    expect(await run(argv)).toEqual({ count: 1, pins: [{ messageId: 'm3' }], hasMore: false, complete: true });
  });
});

describe('markdown fetch reads the link as parseDownloadInfo and prints upstream\'s payload (helpers/markdown.go:129-185, drive.go:3836-3900, doc.go:396)', () => {
  it('drive\'s downloadUrl at the top is fetched; the payload names the answer\'s file name, the node as typed and the route', async () => {
    mcp.files['n1.md'] = Buffer.from('# 周报\n正文\n');
    outputs.answer('drive/get_file_info', { result: { fileId: 'n1' } });
    outputs.answer('drive/download_file', { downloadUrl: `${mcp.base}/files/n1.md`, fileName: 'dir/周报.md' });
    expect(await run(['markdown', 'fetch', '--node', 'n1'])).toEqual({
      content: '# 周报\n正文\n', file_name: '周报.md', node_id: 'n1', saved_to: '', source: 'drive',
    });
  });
  it('the document space route: the first resourceUrl inside result, the URL\'s last segment as the name; --output saves it and the content is still printed', async () => {
    mcp.files['k.md'] = Buffer.from('内容');
    outputs.answer('doc/download_file', { resourceUrl: 'http://127.0.0.1:1/not-read', result: { resourceUrl: [`${mcp.base}/files/k.md?sig=1`] } });
    expect(await run(['markdown', 'fetch', '--node', 'k1', '--workspace', 'W1', '--output', 'out.md'])).toEqual({
      content: '内容', file_name: 'k.md', node_id: 'k1', saved_to: 'out.md', source: 'doc',
    });
  });
  it('an answer without resourceUrl or downloadUrl fetches nothing and is a backend error', async () => {
    outputs.answer('doc/download_file', { result: { url: 'x' } });
    expect(await outputs.refusal(['markdown', 'fetch', '--node', 'k1', '--workspace', 'W1'])).toEqual({ reason: 'backend_error', out: '' });
    expect(mcp.fetched).toEqual([]);
  });
});

describe('doc +grant-and-share ends with sendDocLinks too: every message sent, each person\'s permission status printed (smart/doc_access.go:406-476, :479-533)', () => {
  const argv = ['doc', '+grant-and-share', '--node', 'D1', '--url', 'https://alidocs.dingtalk.com/i/nodes/D1', '--to', '张三,李四,王五', '--role', 'EDITOR', '--yes'];
  const people = [
    { result: [{ name: '张三', userId: 'u1', openDingTalkId: 'od1' }] },
    { result: [{ name: '李四', userId: 'u2', openDingTalkId: 'od2' }] },
    { result: [{ name: '王五', userId: 'u3', openDingTalkId: 'od3' }] },
  ];
  const backend = (failFirstSend: boolean) => {
    mcp.answers['contact/search_contact_by_key_word'] = (_a, n) => people[n];
    outputs.answer('doc/list_permission', { data: { collaborators: [{ userId: 'u2', permissionRole: 'READER' }, { userId: 'u3', roleId: 'MANAGER' }] } });
    mcp.answers['chat/send_personal_message'] = (a, n) => (failFirstSend && n === 0 ? { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' } : { success: true, to: a.receiverOpenDingTalkId });
  };
  it('granted for the person added, upgraded for the one raised, unchanged for the one already above', async () => {
    backend(false);
    const row = (name: string, userId: string, permission: string, to: string) => ({ name, userId, permission, message: 'success', result: { success: true, to } });
    expect(await run(argv)).toEqual({
      ok: true, status: 'success', operation: 'doc.grant_and_share',
      data: { requestedCount: 3, succeededCount: 3, failedCount: 0, recipients: [
        row('张三', 'u1', 'granted', 'od1'), row('李四', 'u2', 'upgraded', 'od2'), row('王五', 'u3', 'unchanged', 'od3'),
      ] },
      warnings: ['权限与消息不构成跨产品事务；消息失败不会自动撤销既有权限'],
    });
  });
  it('a failed message does not stop the others; the run then fails as partial_outcome (the grant is written)', async () => {
    backend(true);
    expect(await outputs.refusal(argv)).toEqual({ reason: 'partial_outcome', out: '' });
    expect(mcp.calls.filter((c) => c.name === 'send_personal_message').map((c) => c.arguments.receiverOpenDingTalkId)).toEqual(['od1', 'od2', 'od3']);
  });
});
