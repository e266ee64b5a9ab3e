// Session 33, h33-chat (issue 32): chat commands whose sends, checks or prints still differed from upstream at
// c7521c1c (notes/sw32-1.md, sw32-2.md, sw32-9.md), each run as a user types it: `node bin/dws.cjs ...` against the
// recording MCP server on 127.0.0.1 (test/fixtures/mcp/server.ts), the calls it received and what it printed.
import { describe, expect, it } from 'vitest';
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
