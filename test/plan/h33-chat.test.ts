// Session 33, h33-chat (issue 32): chat commands whose sends, checks or prints still differed from upstream at
// c7521c1c (notes/sw32-1.md, sw32-2.md, sw32-9.md), each run as a user types it: `node bin/dws.cjs ...` against the
// recording MCP server on 127.0.0.1 (test/fixtures/mcp/server.ts), the calls it received and what it printed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransform } from '../../src/plan/transforms/index.js';
import { stringifyJson } from '../../src/json-number.js';
import { errorOf, runCliAsync } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h33chat-');

/** The real binary run as a user types it: its exit status, the calls the server received, what it printed, its refusal. */
async function cli(argv: string[], files?: Record<string, string>) {
  outputs.mcp.calls.length = 0;
  const r = await runCliAsync(argv, '', outputs.env(files));
  const calls = outputs.mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments]);
  const printed = r.stdout ? (JSON.parse(r.stdout) as { result: unknown }).result : undefined;
  const error = r.status === 0 ? undefined : errorOf(r.stderr);
  return { status: r.status, calls, printed, reason: error?.reason, message: error?.message };
}

describe('chat +chat-list --page-token is chatListCursor\'s strconv.Atoi (lark_alignment.go:1290-1306@c7521c1c)', () => {
  it('`+5`, `007` start at 5 and 7; `-0`, `0` and a blank token send no cursor', async () => {
    const sent: unknown[] = [];
    for (const token of ['+5', '007', '-0', '0', ' ']) {
      const r = await cli(['chat', '+chat-list', '--page-token', token]);
      expect(r.status).toBe(0);
      sent.push((r.calls[0][1] as { cursor?: unknown }).cursor);
    }
    expect(sent).toEqual([5, 7, undefined, undefined, undefined]);
  });
  it('`-1`, `0x10`, `1_0`, `5 5` and an int64 overflow are refused before any call; int64 max is sent whole', async () => {
    for (const token of ['-1', '0x10', '1_0', '5 5', '9223372036854775808']) {
      const r = await cli(['chat', '+chat-list', '--page-token', token]);
      expect([r.status, r.reason, r.calls]).toEqual([3, 'invalid_parameter', []]);
    }
    outputs.mcp.calls.length = 0;
    const max = await outputs.sent(['chat', '+chat-list', '--page-token', '9223372036854775807']);
    expect(stringifyJson(max.calls[0][1])).toContain('"cursor":9223372036854775807');
  });
});

describe('--to names have no cap upstream (broadcast.go:80-96, resolveDocUsers doc_access.go:206-240@c7521c1c)', () => {
  const names = Array.from({ length: 101 }, (_, i) => `p${i}`);
  it('chat +broadcast resolves and sends to all 101 names (before: refused past 100)', async () => {
    outputs.mcp.answers['aisearch/enterprise_person_search'] = (args) => ({ result: [{ name: args.keyword, userId: `u-${String(args.keyword)}` }], hasMore: false });
    outputs.answer('chat/send_personal_message', { success: true });
    const r = await cli(['chat', '+broadcast', '--to', names.join(','), '--text', 'hi', '--yes']);
    expect([r.status, r.calls.length, (r.printed as { sentCount: number }).sentCount]).toEqual([0, 202, 101]);
    expect(r.calls[201]).toEqual(['chat/send_personal_message', { msgType: 'markdown', content: '{"text":"hi","title":"hi"}', receiverUserId: 'u-p100', clawType: 'openClaw' }]);
  });
  it('doc +access-grant grants all 101 people in one add_permission', async () => {
    outputs.mcp.answers['contact/search_contact_by_key_word'] = (args) => ({ result: [{ name: args.keyword, userId: `u-${String(args.keyword)}` }] });
    outputs.answer('doc/add_permission', { success: true });
    const r = await cli(['doc', '+access-grant', '--node', 'D1', '--to', names.join(','), '--yes']);
    expect([r.status, r.calls.length]).toEqual([0, 102]);
    expect(r.calls[101]).toEqual(['doc/add_permission', { nodeId: 'D1', roleId: 'READER', userIds: names.map((n) => `u-${n}`) }]);
  });
});

describe('chat +messages-send-card with --content (chat_message.go:1636-1667, findCardResponseString :1665-1730, chatmsg/card_ref.go:17-54, card_update.go:73-100@c7521c1c)', () => {
  const group = ['chat', '+messages-send-card', '--group', 'cidGROUP0001', '--content', ' 完成 ', '--yes'];
  it('bizId and atTag: result/data/card/response before other keys, the rest sorted, a JSON text parsed; the receipt plus the update verification printed', async () => {
    const created = { zeta: { bizId: 'stale' }, alpha: '{"bizId":" b1 ","atTag":"<@all> "}', response: { openMessageId: 'm1' } };
    outputs.answer('im/create_and_send_card', created);
    outputs.answer('im/update_streaming_card', { updated: true });
    const r = await cli([...group, '--at-all']);
    expect(r.status).toBe(0);
    expect(r.calls).toEqual([
      ['im/create_and_send_card', { openConversationId: 'cidGROUP0001', atAll: true }],
      ['im/update_streaming_card', { bizId: 'b1', msgContent: '<@all> 完成', flowStatus: 3 }],
    ]);
    expect(r.printed).toEqual({
      contractVersion: 'im.streaming-card.v1', ok: true, referencePairAvailable: false, created,
      cardRef: { bizId: 'b1', openMessageId: 'm1' },
      nextActions: [{ cliPath: 'chat +messages-update-card', arguments: { 'biz-id': 'b1' }, requiredArguments: ['content', 'flow-status'], ready: false }],
      capabilityGap: expect.any(String) as unknown,
      bizId: 'b1', flowStatus: 3, updated: { updated: true, success: true }, updateAccepted: true, updateVerified: true, updateVerificationEvidence: 'updated=true',
    });
  });
  // h55-a1: an update answer object without success gets the runner's success stamp (app/runner.go:779-783@c7521c1c),
  // so `{ok: 1}` is accepted as `{success: true}` is; evidence against still fails the run after both writes
  it('an update only accepted (success true) prints updateWarning; one with evidence against fails after both writes', async () => {
    outputs.answer('im/create_and_send_card', { result: { bizId: 'b2' } });
    outputs.answer('im/update_streaming_card', { success: true });
    const accepted = await cli(['chat', '+messages-send-card', '--receiver-open-dingtalk-id', 'Db3BlbmlkMDMiE', '--content', 'x', '--flow-status', '2', '--yes']);
    expect(accepted.calls[1]).toEqual(['im/update_streaming_card', { bizId: 'b2', msgContent: 'x', flowStatus: 2 }]);
    expect(accepted.printed).toMatchObject({ flowStatus: 2, updateAccepted: true, updateVerified: false, updateVerificationEvidence: 'success=true', updateWarning: expect.any(String) as unknown });
    outputs.answer('im/update_streaming_card', { ok: 1 });
    const stamped = await cli([...group]);
    expect([stamped.status, stamped.printed]).toMatchObject([0, { updated: { ok: 1, success: true }, updateAccepted: true, updateVerified: false }]);
    outputs.answer('im/update_streaming_card', { ok: 1, applied: false });
    const unverified = await cli([...group]);
    expect([unverified.status, unverified.reason, unverified.calls.length, unverified.printed]).toEqual([7, 'partial_outcome', 2, undefined]);
  });
  it('no bizId: refused after the create, no update; @ asked for without an atTag: refused, no update', async () => {
    outputs.answer('im/create_and_send_card', { result: { biz_id: ' ' }, card: 'not json' });
    const noBiz = await cli([...group]);
    expect([noBiz.status, noBiz.reason, noBiz.calls.length]).toEqual([7, 'partial_outcome', 1]);
    outputs.answer('im/create_and_send_card', { data: { bizID: 'b3' } });
    const noTag = await cli([...group, '--at-open-dingtalk-ids', 'Db3BlbmlkMDMiE']);
    expect([noTag.status, noTag.reason, noTag.calls.length]).toEqual([7, 'partial_outcome', 1]);
    outputs.answer('im/update_streaming_card', { updated: true });
    const plain = await cli([...group]);
    expect(plain.calls[1]).toEqual(['im/update_streaming_card', { bizId: 'b3', msgContent: '完成', flowStatus: 3 }]);
  });
});

describe('envelope_text (findCardResponseString, chat_message.go:1673-1730@c7521c1c)', () => {
  const find = (v: unknown) => applyTransform({ envelope_text: { keys: ['bizId'], envelopes: ['result', 'data'] } }, v, 'x');
  it('does not depend on the order the answer wrote its keys (Go walks a sorted map); envelopes before the rest', () => {
    const key = fc.constantFrom('result', 'data', 'a', 'b', 'Z', 'é', '𝒳', 'bizId');
    const leaf = fc.oneof(fc.constantFrom('x', ' ', '', '{"bizId":"j"}', '[{"bizId":"k"}]', '{bad'), fc.integer(), fc.constant(null));
    const tree = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(key, tie('node'), { maxKeys: 4 })),
    })).node;
    fc.assert(fc.property(tree, (v) => {
      const reversed = JSON.parse(JSON.stringify(v), (_k, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).reverse()) : x)) as unknown;
      expect(find(reversed)).toEqual(find(v));
    }));
    expect(find({ b: { bizId: 'late' }, a: { bizId: 'early' } })).toBe('early');
    expect(find({ a: { bizId: 'rest' }, data: { bizId: 'env' } })).toBe('env');
    expect(find({ bizId: { bizId: 'inner' }, z: { bizId: 'z' } })).toBe('z');
    expect(find({ a: ' [ {"bizId":" p "} ] ' })).toBe(' p ');
  });
});

describe('chat +messages-resource-download reaches only upstream\'s hosts (resource_download.go:239-348, :526-551@c7521c1c; url_policy dingtalk_resource)', () => {
  const download = ['chat', '+messages-resource-download', '--type', 'fileId', '--resource-id', 'f1', '--output', 'got.bin'];
  it('refuses, before any request, a URL that is not https on a DingTalk / OSS host on the default port without user info', async () => {
    for (const url of ['http://static.dingtalk.com/a', 'https://1.2.3.4/a', 'https://static.dingtalk.com:8443/a', 'https://u@static.dingtalk.com/a',
      'https://dingtalk.com.evil.example/a', 'https://evil.example/?h=.dingtalk.com', 'https://b.oss-cn-hangzhou-internal.aliyuncs.com/a', 'ftp://static.dingtalk.com/a']) {
      outputs.answer('drive/download_file', { result: { downloadUrl: url } });
      const r = await cli(download);
      expect([url, r.status, r.reason, r.message]).toEqual([url, 1, 'backend_error', expect.stringContaining('untrusted download URL') as unknown]);
    }
  });
  it('a loopback link is fetched only under DWS_ALLOW_HTTP_ENDPOINTS=1 (the test backend\'s setting); its headers go to the first host only', async () => {
    outputs.mcp.files = { 'a.bin': Buffer.from('BYTES') };
    outputs.mcp.fetched.length = 0;
    const hop = `${outputs.mcp.base.replace('127.0.0.1', 'localhost')}/files/a.bin`;
    outputs.answer('drive/download_file', { result: { downloadUrl: `${outputs.mcp.base}/files/r.bin?location=${encodeURIComponent(hop)}`, headers: { 'x-sig': 's1' } } });
    const r = await cli(download);
    expect([r.status, r.printed]).toEqual([0, { messageId: '', resourceId: 'f1', resourceType: 'fileId', localPath: 'got.bin', sizeBytes: 5 }]);
    expect(outputs.mcp.fetched.map((f) => [f.name, f.headers['x-sig']])).toEqual([['r.bin', 's1'], ['a.bin', undefined]]);
  });
  it('a redirect to a host the policy refuses is refused before it is requested', async () => {
    outputs.answer('drive/download_file', { result: { downloadUrl: `${outputs.mcp.base}/files/r.bin?location=${encodeURIComponent('http://static.dingtalk.com/a')}` } });
    const r = await cli(download);
    expect([r.status, r.reason, r.message]).toEqual([1, 'backend_error', expect.stringContaining('redirected to an untrusted address') as unknown]);
  });
});

describe('the dingtalk_resource policy without any setting (src/backend/download-policy.ts; resource_download.go:266-348@c7521c1c)', async () => {
  const { policyUrl } = await import('../../src/backend/download-policy.js');
  const verdict = (url: string, env: Record<string, string> = {}) => {
    try {
      return policyUrl(url, env).href;
    } catch (e) {
      return (e as { reason: string }).reason;
    }
  };
  it('takes https DingTalk and OSS hosts, upgrades http OSS, refuses loopback unless DWS_ALLOW_HTTP_ENDPOINTS=1', () => {
    expect(verdict('https://static.dingtalk.com/a?x=1')).toBe('https://static.dingtalk.com/a?x=1');
    expect(verdict('https://DingTalk.com:443/a')).toBe('https://dingtalk.com/a');
    expect(verdict('http://bucket.oss-cn-hangzhou.aliyuncs.com/k?Signature=s')).toBe('https://bucket.oss-cn-hangzhou.aliyuncs.com/k?Signature=s');
    expect(verdict('https://oss.aliyuncs.com/k')).toBe('https://oss.aliyuncs.com/k');
    for (const url of ['http://127.0.0.1:8080/a', 'https://localhost/a', 'https://[::1]/a', 'https://aliyuncs.com/a', 'https://bucket.aliyuncs.com/a', 'http://static.dingtalk.com/a']) {
      expect([url, verdict(url)]).toEqual([url, 'backend_error']);
    }
    expect(verdict('http://127.0.0.1:8080/a', { DWS_ALLOW_HTTP_ENDPOINTS: '1' })).toBe('http://127.0.0.1:8080/a');
    expect(verdict('http://10.0.0.1/a', { DWS_ALLOW_HTTP_ENDPOINTS: '1' })).toBe('backend_error');
  });
  it('whatever the host, an accepted URL is https on a dingtalk.com or aliyuncs.com host (or loopback under the switch)', () => {
    const label = fc.stringMatching(/^[a-z0-9-]{1,8}$/);
    const host = fc.oneof(fc.array(label, { minLength: 1, maxLength: 4 }).map((l) => l.join('.')), fc.tuple(fc.array(label, { maxLength: 3 }), fc.constantFrom('dingtalk.com', 'aliyuncs.com', 'dingtalk.com.x', '127.0.0.1')).map(([l, s]) => [...l, s].join('.')));
    fc.assert(fc.property(fc.constantFrom('http', 'https'), host, fc.constantFrom('', ':443', ':80', ':8443'), (scheme, h, port) => {
      const out = verdict(`${scheme}://${h}${port}/p`);
      if (out !== 'backend_error') expect(new URL(out).protocol === 'https:' && /(^|\.)(dingtalk|aliyuncs)\.com$/u.test(new URL(out).hostname)).toBe(true);
    }));
  });
});

describe('first_text reads a list or an object as fmt.Sprint writes it (devAppContentString devapp.go:2650-2659, firstMessageValue chatmsg.go:430-442@c7521c1c)', () => {
  it('dev app webapp get: a status ["FAILED"] is the text [FAILED], no failure, and stops the search (taskStatus failed not read)', async () => {
    const result = { status: ['FAILED'], taskStatus: 'failed', homepageUrl: 'h' };
    outputs.answer('devapp/get_extension_webapp_config', { success: true, result });
    const r = await cli(['dev', 'app', 'webapp', 'get', '--unified-app-id', 'A1']);
    expect([r.status, r.printed]).toEqual([0, result]);
    outputs.answer('devapp/get_extension_webapp_config', { success: true, result: { status: null, taskStatus: ' failed ' } });
    expect((await cli(['dev', 'app', 'webapp', 'get', '--unified-app-id', 'A1'])).reason).toBe('backend_error');
  });
  it('the transform: null and blank texts are passed over; numbers, booleans, lists and objects are Go\'s %v text', () => {
    const first = (v: unknown) => applyTransform({ first_text: ['a', 'b'] }, v, 'x');
    expect([first({ a: null, b: ' x ' }), first({ a: ' ', b: [1, 'y'] }), first({ a: { k: 1e6, j: true } }), first({ a: 1e21 }), first({ a: false }), first({ c: 1 })])
      .toEqual(['x', '[1 y]', 'map[j:true k:1e+06]', '1e+21', 'false', undefined]);
  });
});

describe('string_field where upstream reads only texts and numbers (shortcutString chat_group.go:1661-1677, firstStringField helpers/chat.go:2330-2339@c7521c1c)', () => {
  it('chat +chat-create: a boolean or list userId of the profile is passed over for the next key; a float is FormatFloat \'f\' text', async () => {
    outputs.answer('im/create_group_conversation', { result: { openCid: 'cidNEW' } });
    for (const [profile, me] of [[{ result: { userId: true, userid: ['x'], orgUserId: 1e21 } }, '1000000000000000000000'], [{ result: { userId: [], staffId: 's1' } }, 's1']] as const) {
      outputs.answer('contact/get_current_user_profile', profile);
      const r = await cli(['chat', '+chat-create', '--name', 'g', '--users', 'u9', '--yes']);
      expect(r.calls.at(-1)).toEqual(['im/create_group_conversation', { groupName: 'g', groupMembers: [me, 'u9'], groupType: 'INTERNAL' }]);
    }
  });
});

describe('message contents are json.Marshal of a map: keys sorted, <, >, & escaped (unified_send.go:502, lark_alignment.go:222-227, doc_access.go:481@c7521c1c)', () => {
  it('chat +messages-send to a group and doc +share send Go\'s bytes', async () => {
    outputs.answer('chat/send_personal_message', { success: true });
    const send = await cli(['chat', '+messages-send', '--group', 'cidAAAAAAAAAAAA', '--text', 'a<b> & c', '--title', 't', '--yes']);
    expect((send.calls[0][1] as { content: string }).content).toBe('{"text":"a\\u003cb\\u003e \\u0026 c","title":"t"}');
    outputs.mcp.answers['contact/search_contact_by_key_word'] = () => ({ result: [{ name: '张三', userId: 'u1', openDingTalkId: 'Db3BlbmlkMDMiE' }] });
    const share = await cli(['doc', '+share', '--to', '张三', '--url', 'https://alidocs.dingtalk.com/i/nodes/x?a=1&b=2', '--yes']);
    expect((share.calls.at(-1)![1] as { content: string }).content).toBe('{"text":"[文档](https://alidocs.dingtalk.com/i/nodes/x?a=1\\u0026b=2)","title":"文档分享"}');
  });
});
