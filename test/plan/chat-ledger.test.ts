// Branch f-chat4 (issue 32): the chat shortcuts run as users type them against the fake MCP server on 127.0.0.1, and
// what they print and how they end is checked, not only what they send (test/fixtures/calls/chat.yaml has the calls):
// +group-members / +chat-members-list keep upstream's member ledger (collectGroupUserMembers, group_members.go:274 at
// c7521c1c): a read that cannot prove itself complete still exits 0, its failure listed in `paging`; +my-groups /
// +at-me count a next cursor "0" as none (paginationValuePresent); +broadcast sends to a person without an
// openDingTalkId by userId (its per-name ledger is in test/plan/chat-send.test.ts);
// +messages-send --user-query resolves one person with an openDingTalkId.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

function env(): Record<string, string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-chat4-'));
  return privateEnv(mcp.urlTemplate, 'tok-chat4', dir);
}

/** Answers each call of `key` with the next page of the list (the last one again when the list runs out). */
function pages(key: string, list: unknown[]) {
  mcp.answers[key] = (_args, n) => list[Math.min(n, list.length - 1)];
}

async function run(argv: string[]) {
  const { out, error } = await dispatchInProcess(argv, env());
  return { error, printed: out ? (JSON.parse(out) as { result: Record<string, unknown> }).result : undefined, calls: mcp.calls.map((c) => `${c.server}/${c.name}`) };
}

const member = (id: string) => ({ openDingtalkId: id, memberEmpName: `n-${id}` });
const ids = (list: unknown) => (list as { openDingtalkId: string }[]).map((m) => m.openDingtalkId);
const GROUP = ['chat', '+group-members', '--group', '项目冲刺'];

describe('+group-members: upstream member ledger, exit 0 with failures listed', () => {
  beforeEach(() => {
    mcp.answers['im/search_groups'] = () => ({ result: [{ title: '项目冲刺', openConversationId: 'cidP' }], hasMore: false });
  });

  it('reads every page until hasMore is false, a member seen earlier dropped; the ledger says complete', async () => {
    pages('chat/get_group_members', [
      { result: { list: [member('D1'), member('D2')], hasMore: true, nextCursor: 'c2' } },
      { result: { list: [member('D2'), member('D3')], hasMore: false } },
    ]);
    const { error, printed, calls } = await run(GROUP);
    expect(error).toBeUndefined();
    expect(calls).toEqual(['im/search_groups', 'chat/get_group_members', 'chat/get_group_members']);
    expect(ids((printed!.result as { list: unknown }).list)).toEqual(['D1', 'D2', 'D3']);
    expect(printed!.paging).toEqual({ complete: true, hasMore: false, nextCursor: 'c2', pagesFetched: 2, stopReason: 'source_complete', failedCount: 0, failures: [] });
  });

  it.each([
    ['no boolean hasMore', { result: { list: [member('D1')], hasMore: 'true', nextCursor: 'c2' } }, /does not say whether more follow/u],
    ['a next cursor "0"', { result: { list: [member('D1')], hasMore: true, nextCursor: '0' } }, /next cursor .* is missing/u],
    ['a blank next cursor', { result: { list: [member('D1')], hasMore: true, nextCursor: '  ' } }, /next cursor .* is missing/u],
  ])('%s ends the read after that page with exit 0, the failure listed', async (_what, page, why) => {
    pages('chat/get_group_members', [page, { result: { list: [member('D9')], hasMore: false } }]);
    const { error, printed, calls } = await run(GROUP);
    expect(error).toBeUndefined();
    expect(calls).toEqual(['im/search_groups', 'chat/get_group_members']);
    expect(ids((printed!.result as { list: unknown }).list)).toEqual(['D1']);
    const paging = printed!.paging as { complete: boolean; stopReason: string; failedCount: number; failures: { page: number; stage: string; error: string }[] };
    expect(paging).toMatchObject({ complete: false, stopReason: 'pagination_error', failedCount: 1, pagesFetched: 1 });
    expect(paging.failures[0]).toMatchObject({ page: 1, stage: 'pagination' });
    expect(paging.failures[0].error).toMatch(why);
  });

  it('a repeated cursor and a failed later page are listed with the page they concern', async () => {
    pages('chat/get_group_members', [
      { result: { list: [member('D1')], hasMore: true, nextCursor: 'c2' } },
      { result: { list: [member('D2')], hasMore: true, nextCursor: 'c2' } },
    ]);
    const repeated = await run(GROUP);
    expect(repeated.error).toBeUndefined();
    expect(repeated.printed!.paging).toMatchObject({ complete: false, hasMore: true, nextCursor: 'c2', pagesFetched: 2, stopReason: 'pagination_error', failures: [{ page: 2, stage: 'pagination' }] });

    mcp.calls.length = 0;
    pages('chat/get_group_members', [
      { result: { list: [member('D1')], hasMore: true, nextCursor: 'c2' } },
      { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' },
    ]);
    const failed = await run(GROUP);
    expect(failed.error).toBeUndefined();
    expect(ids((failed.printed!.result as { list: unknown }).list)).toEqual(['D1']);
    expect(failed.printed!.paging).toMatchObject({ complete: false, stopReason: 'read_failure', pagesFetched: 1, failures: [{ page: 2, stage: 'read' }] });
  });

  it('the first page failing is the command\'s own error; --page-limit stops with more left and no failure', async () => {
    pages('chat/get_group_members', [{ success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' }]);
    expect((await run(GROUP)).error?.exitCode).not.toBe(0);

    mcp.calls.length = 0;
    pages('chat/get_group_members', [
      { result: { list: [member('D1')], hasMore: true, nextCursor: 'c2' } },
      { result: { list: [member('D2')], hasMore: true, nextCursor: 'c3' } },
    ]);
    const bounded = await run([...GROUP, '--page-limit', '2']);
    expect(bounded.error).toBeUndefined();
    expect(bounded.calls).toHaveLength(3);
    expect(bounded.printed!.paging).toEqual({ complete: false, hasMore: true, nextCursor: 'c3', pagesFetched: 2, stopReason: 'page_limit', failedCount: 0, failures: [] });
  });
});

describe('+chat-members-list: the users bucket keeps the ledger, the bots are still read', () => {
  it('a users page without a boolean hasMore is listed under users.paging; exit 0 with the bots', async () => {
    pages('chat/get_group_members', [{ result: { list: [member('D1')], nextCursor: 'c2' } }]);
    mcp.answers['bot/list_group_bots'] = () => ({ result: [{ name: '日报机器人', robotCode: 'rc1' }] });
    const { error, printed, calls } = await run(['chat', '+chat-members-list', '--conversation-id', 'cid1']);
    expect(error).toBeUndefined();
    expect(calls).toEqual(['chat/get_group_members', 'bot/list_group_bots']);
    const users = printed!.users as { result: { list: unknown }; paging: { stopReason: string; failures: unknown[] } };
    expect(ids(users.result.list)).toEqual(['D1']);
    expect(users.paging.stopReason).toBe('pagination_error');
    expect(users.paging.failures).toHaveLength(1);
    expect((printed!.bots as { result: unknown[] }).result).toHaveLength(1);
  });
});

describe('a next cursor "0" is no cursor (+my-groups, +at-me --page-all)', () => {
  it('+my-groups --page-all from --cursor c5: a hasMore page whose next cursor is "0" ends incomplete (exit 1, groups in partial)', async () => {
    pages('im/list_my_groups_pagination', [{ result: { groups: [{ openConversationId: 'g1' }], hasMore: true, nextCursor: '0' } }]);
    const { error, calls } = await run(['chat', '+my-groups', '--page-all', '--cursor', 'c5']);
    expect(calls).toEqual(['im/list_my_groups_pagination']);
    expect(error?.reason).toBe('pages_incomplete');
    expect(error?.exitCode).toBe(1);
    expect(error?.message).toMatch(/is missing \("0"\)/u);
    expect(((error?.payload?.partial as { result: { groups: unknown[] } }).result.groups)).toHaveLength(1);
  });

  it('+at-me without --page-all reads one page whatever its cursor; with it, "0" ends incomplete', async () => {
    pages('chat/search_at_me_message', [{ result: { messages: [{ openMessageId: 'm1' }], hasMore: true, nextCursor: '0' } }]);
    const one = await run(['chat', '+at-me']);
    expect(one.error).toBeUndefined();
    expect(one.calls).toHaveLength(1);
    mcp.calls.length = 0;
    const all = await run(['chat', '+at-me', '--page-all', '--cursor', 'c5']);
    expect(all.calls).toHaveLength(1);
    expect(all.error?.reason).toBe('pages_incomplete');
  });
});

describe('+broadcast and +messages-send --user-query resolve people as upstream', () => {
  it('+broadcast: search then send per name; a person with a userId only gets receiverUserId', async () => {
    mcp.answers['aisearch/enterprise_person_search'] = (args) => (args.keyword === '张三'
      ? { result: [{ name: '张三', userId: 'u1', openDingTalkId: 'Db3BlbmlkMDMiE' }] }
      : { result: { items: [{ name: '王五', userId: 'u5' }] }, hasMore: false });
    const { error, calls } = await run(['chat', '+broadcast', '--to', '张三,王五', '--text', '上线', '--yes']);
    expect(error).toBeUndefined();
    expect(calls).toEqual(['aisearch/enterprise_person_search', 'chat/send_personal_message', 'aisearch/enterprise_person_search', 'chat/send_personal_message']);
    const sends = mcp.calls.filter((c) => c.name === 'send_personal_message').map((c) => c.arguments);
    expect(sends[0]).toMatchObject({ receiverOpenDingTalkId: 'Db3BlbmlkMDMiE' });
    expect(sends[0]).not.toHaveProperty('receiverUserId');
    expect(sends[1]).toMatchObject({ receiverUserId: 'u5' });
    expect(sends[1]).not.toHaveProperty('receiverOpenDingTalkId');
  });

  it('+messages-send --user-query: the one person with an openDingTalkId is the receiver; 20 rows without an end mark are refused', async () => {
    mcp.answers['contact/search_contact_by_key_word'] = () => ({ result: [{ name: '张三', userId: 'u1', openDingTalkId: 'Db3BlbmlkMDMiE' }, { name: '张三', userId: 'u2' }] });
    const sent = await run(['chat', '+messages-send', '--user-query', '张三', '--text', 'hi', '--yes']);
    expect(sent.error).toBeUndefined();
    expect(mcp.calls.map((c) => c.arguments)[1]).toMatchObject({ receiverOpenDingTalkId: 'Db3BlbmlkMDMiE' });

    mcp.calls.length = 0;
    mcp.answers['contact/search_contact_by_key_word'] = () => ({ result: Array.from({ length: 20 }, (_, i) => ({ name: `张三${i}`, userId: `u${i}`, openDingTalkId: `Dopen${i}` })) });
    const full = await run(['chat', '+messages-send', '--user-query', '张三', '--text', 'hi', '--yes']);
    expect(full.error?.reason).toBe('ambiguous_match');
    expect(full.calls).toEqual(['contact/search_contact_by_key_word']);
  });
});
