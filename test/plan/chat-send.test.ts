// Branch f-chat5 (issue 32): chat +broadcast and chat +messages-send run as users type them against the fake MCP
// server on 127.0.0.1; what they send, print and how they end is checked against upstream at c7521c1c.
// +broadcast keeps upstream's per-name summary (internal/shortcut/smart/broadcast.go:92-164) through the one ledger
// key (`ledger: {continue: true, report: result, into: outcome}`); +messages-send --user resolves the userId as
// upstream resolveUserOpenDingTalkID (internal/shortcut/chat/unified_send.go:522-561), and validateMessagesSend's
// identity matrix (unified_send.go:166-233) refuses before any call.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { dispatchInProcess, shippedEngine } from '../helpers.js';
import { validatePlans } from '../../src/plan/validate.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

async function run(argv: string[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-chat5-'));
  const { out, error } = await dispatchInProcess(argv, privateEnv(mcp.urlTemplate, 'tok-chat5', dir));
  return {
    error,
    envelope: error ? (JSON.parse(error.envelope()) as Record<string, unknown>) : undefined,
    printed: out ? (JSON.parse(out) as { result: Record<string, unknown> }).result : undefined,
    out: out ? (JSON.parse(out) as Record<string, unknown>) : undefined,
    calls: mcp.calls.map((c) => `${c.server}/${c.name}`),
  };
}

const PEOPLE: Record<string, unknown> = {
  张三: { result: [{ name: '张三', userId: 'u1', openDingTalkId: 'Db3BlbmlkMDMiE' }] },
  李四: { result: [{ name: '李四', userId: 'u2', openDingTalkId: 'Db3BlbmlkMDQiE' }] },
  王五: { result: { items: [{ userId: 'u5' }] }, hasMore: false },
};

describe('chat +broadcast: upstream\'s per-name summary (broadcast.go:92-164)', () => {
  beforeEach(() => {
    mcp.answers['aisearch/enterprise_person_search'] = (args) => PEOPLE[args.keyword as string] ?? { result: [] };
  });

  it('prints sentCount, failedCount and the recipients\' names; no failed key when nothing failed', async () => {
    const r = await run(['chat', '+broadcast', '--to', '张三, 王五', '--text', '上线', '--yes']);
    expect(r.error).toBeUndefined();
    expect(r.calls).toEqual(['aisearch/enterprise_person_search', 'chat/send_personal_message', 'aisearch/enterprise_person_search', 'chat/send_personal_message']);
    // 王五's row has no name: upstream prints the name typed (broadcast.go:112-115)
    expect(r.printed).toEqual({ sentCount: 2, failedCount: 0, sent: ['张三', '王五'] });
  });

  it('a name found by nobody and a failed send are listed as upstream writes them; the others still get the message', async () => {
    mcp.answers['chat/send_personal_message'] = (args) => (args.receiverOpenDingTalkId === 'Db3BlbmlkMDQiE' ? { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' } : { success: true, result: { openTaskId: 't1' } });
    const r = await run(['chat', '+broadcast', '--to', '无名,李四,张三', '--text', '上线', '--yes']);
    expect(r.error).toBeUndefined();
    expect(r.calls).toEqual(['aisearch/enterprise_person_search', 'aisearch/enterprise_person_search', 'chat/send_personal_message', 'aisearch/enterprise_person_search', 'chat/send_personal_message']);
    expect(r.printed).toMatchObject({ sentCount: 1, failedCount: 2, sent: ['张三'] });
    const failed = r.printed!.failed as string[];
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatch(/^无名（chat\.shortcut_broadcast \(step "people"\): .+）$/u);
    expect(failed[0]).not.toContain('发送失败');
    expect(failed[1]).toMatch(/^李四（发送失败：.*服务繁忙.*）$/u);
  });

  it('when nobody got the message the run is a validation error naming every name, the ledger in the envelope; nothing sent twice', async () => {
    mcp.answers['chat/send_personal_message'] = () => ({ success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' });
    const r = await run(['chat', '+broadcast', '--to', '无名,张三', '--text', '上线', '--yes']);
    expect(r.printed).toBeUndefined();
    expect(r.error?.reason).toBe('invalid_parameter');
    expect(r.error?.exitCode).toBe(3);
    expect(r.error?.message).toMatch(/no element of step "people" was done: step "people\[0\]" for "无名" \(not_found: .*step "send\[1\]" for "张三" \(business_error: /u);
    expect(r.envelope?.ledger).toMatchObject({ step: 'people', continue: true, done: [], failed: [{ index: 0, item: '无名', at: 'people[0]', reason: 'not_found' }, { index: 1, item: '张三', at: 'send[1]', reason: 'business_error' }], unattempted: [] });
    expect(r.calls).toEqual(['aisearch/enterprise_person_search', 'aisearch/enterprise_person_search', 'chat/send_personal_message']);
  });

  it('an auth failure is not a name\'s failure: it stops the run at once', async () => {
    mcp.faults.push({ tool: 'enterprise_person_search', times: 1, status: 401 });
    const r = await run(['chat', '+broadcast', '--to', '张三,李四', '--text', '上线', '--yes']);
    expect(r.error?.exitCode).toBe(2);
    expect(r.calls).toEqual(['aisearch/enterprise_person_search']);
  });

  it('--dry-run calls nothing and shows the ledger as a result report', async () => {
    const r = await run(['chat', '+broadcast', '--to', '张三,李四', '--text', '上线', '--dry-run']);
    expect(r.error).toBeUndefined();
    expect(r.calls).toEqual([]);
    expect((r.out as { steps: { id: string; ledger?: unknown }[] }).steps[0]).toMatchObject({ id: 'people', ledger: { continue: true, report: 'result' }, interleave: ['send'] });
  });
});

describe('one ledger key: the build reads ledger {continue, report, into} and refuses the old item_failures', () => {
  const tools = shippedEngine().tools();
  const build = (steps: unknown[]) => validatePlans([{ file: 'multi-step/t.yaml', doc: { plans: { 'chat.shortcut_broadcast': { facts: 't', steps, output: { from: 'send' } } } } }], tools).problems.join('\n');
  const search = { id: 'people', for_each: { flag: 'to' }, interleave: ['send'], server: 'aisearch', rpc: 'enterprise_person_search', effect: 'read', args: { keyword: { item: true } } };
  const send = { id: 'send', server: 'chat', rpc: 'send_personal_message', effect: 'write', args: { content: { flag: 'text' } } };

  it('accepts report result with an into id, and report error (the default) without one', () => {
    expect(build([{ ...search, ledger: { continue: true, report: 'result', into: 'outcome' } }, send])).toBe('');
    expect(build([{ ...search, ledger: { continue: { flag: 'ai-tag' } } }, send])).toBe('');
    expect(build([{ ...search, ledger: { continue: true, report: 'error' } }, send])).toBe('');
  });

  it('refuses the old key, a report without its id, an id already a step\'s, an unknown report and into under report error', () => {
    expect(build([{ ...search, item_failures: 'failed' }, send])).toContain('item_failures: no longer a key: declare ledger: {continue: true, report: result, into: <id>}');
    expect(build([{ ...search, ledger: { continue: true, report: 'result' } }, send])).toContain('ledger.into: with report result');
    expect(build([{ ...search, ledger: { continue: true, report: 'result', into: 'send' } }, send])).toContain('ledger.into: "send" is already a step id');
    expect(build([{ ...search, ledger: { continue: true, report: 'stdout' } }, send])).toContain('ledger.report: must be error, result or list');
    expect(build([{ ...search, ledger: { continue: true, into: 'outcome' } }, send])).toContain('ledger.into: only with report: result');
  });
});

describe('chat +messages-send --user: upstream resolveUserOpenDingTalkID (unified_send.go:522-561)', () => {
  const SEND = ['chat', '+messages-send', '--user', ' u1 ', '--text', 'hi', '--yes'];
  const rows = (...list: unknown[]) => {
    mcp.answers['contact/search_contact_by_key_word'] = () => ({ result: list });
  };
  const sentTo = () => mcp.calls.filter((c) => c.name === 'send_personal_message').map((c) => c.arguments.receiverOpenDingTalkId);

  it('reads userID/openDingtalkId rows, takes two exact rows of one person as one, and prints the send\'s answer with its receipt (f-chat11: unified_send.go:387-396)', async () => {
    rows({ name: '张三', userID: 'u1', openDingtalkId: 'Db3BlbmlkMDMiE' }, { name: '张三', userId: 'u1', openDingTalkId: 'Db3BlbmlkMDMiE' }, { name: '张三丰', userId: 'u10', openDingTalkId: 'Db3BlbmlkMDkiE' });
    mcp.answers['chat/send_personal_message'] = () => ({ success: true, result: { openTaskId: 't9' } });
    const r = await run(SEND);
    expect(r.error).toBeUndefined();
    expect(r.calls).toEqual(['contact/search_contact_by_key_word', 'chat/send_personal_message']);
    expect(mcp.calls[0].arguments).toEqual({ keyword: 'u1' });
    expect(sentTo()).toEqual(['Db3BlbmlkMDMiE']);
    expect(r.printed).toEqual({
      identity: 'user',
      ok: true,
      result: { result: { openTaskId: 't9' }, success: true },
      sendReceipt: {
        contractVersion: 'im.message-send-receipt.v1',
        nextActions: [{ arguments: { 'open-task-id': 't9' }, cliPath: 'chat +messages-query-send-status', ready: true, when: '需要确认投递结果或取得真实消息 ID 时' }],
        openTaskId: 't9',
        readyForMessageActions: false,
      },
      tool: 'send_personal_message',
    });
  });

  it('refuses two different openDingTalkIds for the userId, exact rows without one, and no exact row, sending nothing', async () => {
    rows({ name: '张三', userId: 'u1', openDingTalkId: 'Db3BlbmlkMDMiE' }, { name: '张三', userId: 'u1', openDingTalkId: 'Db3BlbmlkMDkiE' });
    const two = await run(SEND);
    expect(two.error?.reason).toBe('ambiguous_match');
    expect(two.error?.exitCode).toBe(3);
    expect(two.error?.message).toContain('Db3BlbmlkMDkiE');

    rows({ name: '张三', userId: 'u1' });
    const bare = await run(SEND);
    expect(bare.error?.reason).toBe('not_found');
    expect(bare.error?.message).toContain('1 candidate(s) match for "u1" but none carries a "openDingTalkId"');

    rows({ name: '张三丰', userId: 'u10', openDingTalkId: 'Db3BlbmlkMDkiE' });
    const none = await run(SEND);
    expect(none.error?.reason).toBe('not_found');
    expect(none.error?.message).toContain('nothing matches for "u1"');
    expect(sentTo()).toEqual([]);
  });
});

describe('chat +messages-send: validateMessagesSend\'s identity matrix refuses before any call (unified_send.go:166-233)', () => {
  const refused = async (argv: string[], text: string) => {
    const r = await run(['chat', '+messages-send', ...argv, '--yes']);
    expect(r.error?.reason, argv.join(' ')).toBe('invalid_parameter');
    expect(r.error?.exitCode).toBe(3);
    expect(r.error?.message).toContain(text);
    expect(r.calls).toEqual([]);
  };

  it('as yourself: exactly one target', async () => {
    await refused(['--text', 'hi'], 'exactly one target');
    await refused(['--user', 'u1', '--chat-id', 'cidAAAAAAAAAAAA', '--text', 'hi'], 'exactly one target');
    await refused(['--chat-query', '项目群', '--user-query', '张三', '--text', 'hi'], 'exactly one target');
  });

  it('as a bot: its robot code, one kind of target, no user target, no idempotency key, text or markdown only', async () => {
    await refused(['--as', 'bot', '--users', 'u1', '--text', 'hi'], '--as bot needs --robot-code');
    await refused(['--as', 'bot', '--robot-code', 'rc1', '--text', 'hi'], 'exactly one kind of target');
    await refused(['--as', 'bot', '--robot-code', 'rc1', '--groups', 'cidAAAAAAAAAAA1', '--open-dingtalk-ids', 'Db3BlbmlkMDMiE', '--text', 'hi'], 'exactly one kind of target');
    await refused(['--as', 'bot', '--robot-code', 'rc1', '--chat-id', 'cidAAAAAAAAAAAA', '--groups', 'cidAAAAAAAAAAA1', '--text', 'hi'], 'not both');
    await refused(['--as', 'bot', '--robot-code', 'rc1', '--users', 'u1', '--open-dingtalk-id', 'Db3BlbmlkMDMiE', '--text', 'hi'], 'does not take --user, --open-dingtalk-id or --webhook-token');
    await refused(['--as', 'bot', '--robot-code', 'rc1', '--users', 'u1', '--idempotency-key', 'k1', '--text', 'hi'], 'no idempotency key');
    await refused(['--as', 'bot', '--robot-code', 'rc1', '--users', 'u1', '--media-id', '@lAD1'], 'text or markdown only');
  });

  it('as a webhook: its token, no other target or robot code, no idempotency key, text or markdown only', async () => {
    await refused(['--as', 'webhook', '--text', 'hi'], '--as webhook needs --webhook-token');
    await refused(['--as', 'webhook', '--webhook-token', 'tk1', '--users', 'u1', '--text', 'hi'], 'takes no other target');
    await refused(['--identity', 'webhook', '--webhook-token', 'tk1', '--robot-code', 'rc1', '--text', 'hi'], 'takes no other target');
    await refused(['--as', 'webhook', '--webhook-token', 'tk1', '--uuid', 'k1', '--text', 'hi'], 'no idempotency key');
    await refused(['--as', 'webhook', '--webhook-token', 'tk1', '--media-id', '@lAD1'], 'text or markdown only');
  });

  it('a bot and a webhook with their credentials and one target still send', async () => {
    const bot = await run(['chat', '+messages-send', '--as', 'bot', '--robot-code', 'rc1', '--open-dingtalk-ids', 'Db3BlbmlkMDMiE', '--text', 'hi', '--yes']);
    expect(bot.error).toBeUndefined();
    const hook = await run(['chat', '+messages-send', '--as', 'webhook', '--webhook-token', 'tk1', '--markdown', '# hi', '--yes']);
    expect(hook.error).toBeUndefined();
    expect(mcp.calls.map((c) => `${c.server}/${c.name}`)).toEqual(['bot/batch_send_robot_msg_to_users', 'bot/send_message_by_custom_robot']);
  });
});

describe('resolve fields and distinct are checked at build', () => {
  const tools = shippedEngine().tools();
  const build = (resolve: unknown) => validatePlans([{ file: 'multi-step/t.yaml', doc: { plans: { 'chat.shortcut_messages_send': { facts: 't', steps: [
    { id: 'person', server: 'contact', rpc: 'search_contact_by_key_word', effect: 'read', args: { keyword: { flag: 'user' } }, resolve },
    { id: 'send', server: 'chat', rpc: 'send_personal_message', effect: 'write', args: { receiverOpenDingTalkId: { from: 'person', path: 'openDingTalkId' }, content: { flag: 'text' } } },
  ] } } } }], tools).problems.filter((p) => p.includes('resolve')).join('\n');

  it('accepts keys with their paths and distinct: true; refuses an empty map, a key without paths and another distinct', () => {
    expect(build({ items: 'result', value: 'openDingTalkId', fields: { openDingTalkId: ['openDingTalkId', 'openDingtalkId'] }, distinct: true })).toBe('');
    expect(build({ items: 'result', value: 'openDingTalkId', fields: {} })).toContain('resolve.fields: must map each key to the list of paths');
    expect(build({ items: 'result', value: 'openDingTalkId', fields: { openDingTalkId: [] } })).toContain('resolve.fields.openDingTalkId: a key');
    expect(build({ items: 'result', value: 'openDingTalkId', distinct: 'yes' })).toContain('resolve.distinct: must be true');
  });
});
