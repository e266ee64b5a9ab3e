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
      bizId: 'b1', flowStatus: 3, updated: { updated: true }, updateAccepted: true, updateVerified: true, updateVerificationEvidence: 'updated=true',
    });
  });
  it('an update only accepted (success true) prints updateWarning; one without evidence fails after both writes', async () => {
    outputs.answer('im/create_and_send_card', { result: { bizId: 'b2' } });
    outputs.answer('im/update_streaming_card', { success: true });
    const accepted = await cli(['chat', '+messages-send-card', '--receiver-open-dingtalk-id', 'Db3BlbmlkMDMiE', '--content', 'x', '--flow-status', '2', '--yes']);
    expect(accepted.calls[1]).toEqual(['im/update_streaming_card', { bizId: 'b2', msgContent: 'x', flowStatus: 2 }]);
    expect(accepted.printed).toMatchObject({ flowStatus: 2, updateAccepted: true, updateVerified: false, updateVerificationEvidence: 'success=true', updateWarning: expect.any(String) as unknown });
    outputs.answer('im/update_streaming_card', { ok: 1 });
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
