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
/** A member as upstream prints it (groupMemberProject, group_members.go:440): four texts, "" when none. */
const shown = (id: string) => ({ name: `n-${id}`, nick: '', role: '', openDingtalkId: id });
const GROUP = ['chat', '+group-members', '--group', '项目冲刺'];
/** The ledger keys of upstream's bucketPayload (group_members.go:374) around the members printed. */
const membersPayload = (members: unknown[], ledger: Record<string, unknown>) => ({
  contractVersion: 'im.group-members.v1', conversationId: 'cidP', members, count: members.length, ...ledger,
});

describe('+group-members: upstream member ledger, exit 0 with failures listed (group_members.go:94-99, :274-346@c7521c1c)', () => {
  beforeEach(() => {
    mcp.answers['im/search_groups'] = () => ({ result: [{ title: '项目冲刺', openConversationId: 'cidP' }], hasMore: false });
  });

  it('reads every page until hasMore is false, a member seen earlier dropped; prints the projected members and the ledger', async () => {
    pages('chat/get_group_members', [
      { result: { list: [member('D1'), { ...member('D2'), memberNick: '阿二', memberRoleDesc: '群主', extra: 1 }], hasMore: true, nextCursor: 'c2' } },
      { result: { list: [member('D2'), member('D3')], hasMore: false } },
    ]);
    const { error, printed, calls } = await run(GROUP);
    expect(error).toBeUndefined();
    expect(calls).toEqual(['im/search_groups', 'chat/get_group_members', 'chat/get_group_members']);
    expect(printed).toEqual(membersPayload([shown('D1'), { name: 'n-D2', nick: '阿二', role: '群主', openDingtalkId: 'D2' }, shown('D3')], {
      complete: true, hasMore: false, nextCursor: 'c2', pagesFetched: 2, stopReason: 'source_complete', failedCount: 0, failures: [], partial: false,
    }));
  });

  it('reads hasMore and nextCursor where upstream Pagination finds them: at the top, in result or in data, in its spellings', async () => {
    pages('chat/get_group_members', [
      { members: [member('D1')], has_more: true, next_cursor: 'c2', result: { hasMore: false } },
      { data: { hasMore: true, pageToken: 'c3' }, result: { list: [member('D2')] } },
      { result: { list: [member('D3')], nextToken: '0', has_more: false } },
    ]);
    const { error, printed } = await run(GROUP);
    expect(error).toBeUndefined();
    expect(mcp.calls.filter((c) => c.name === 'get_group_members').map((c) => c.arguments.cursor)).toEqual(['0', 'c2', 'c3']);
    expect(printed).toEqual(membersPayload([shown('D1'), shown('D2'), shown('D3')], {
      complete: true, hasMore: false, nextCursor: 'c3', pagesFetched: 3, stopReason: 'source_complete', failedCount: 0, failures: [], partial: false,
    }));
  });

  it.each([
    // upstream records hasMore before it checks the cursor (group_members.go:326-336)
    ['no boolean hasMore', { result: { list: [member('D1')], hasMore: 'true', nextCursor: 'c2' } }, false, 'page 1 does not say whether more follow (hasMore / has_more is "true")'],
    ['a next cursor "0"', { result: { list: [member('D1')], hasMore: true, nextCursor: '0' } }, true, 'page 1 says more follow but its next cursor (nextCursor / next_cursor / nextToken / next_token / pageToken / page_token) is missing ("0")'],
    ['a blank next cursor', { result: { list: [member('D1')], hasMore: true, nextCursor: '  ' } }, true, 'page 1 says more follow but its next cursor (nextCursor / next_cursor / nextToken / next_token / pageToken / page_token) is missing ("  ")'],
  ])('%s ends the read after that page with exit 0, the failure listed', async (_what, page, hasMore, why) => {
    pages('chat/get_group_members', [page, { result: { list: [member('D9')], hasMore: false } }]);
    const { error, printed, calls } = await run(GROUP);
    expect(error).toBeUndefined();
    expect(calls).toEqual(['im/search_groups', 'chat/get_group_members']);
    expect(printed).toEqual(membersPayload([shown('D1')], {
      complete: false, hasMore, pagesFetched: 1, stopReason: 'pagination_error', failedCount: 1,
      failures: [{ bucket: 'users', page: 1, stage: 'pagination', error: why }], partial: true,
    }));
  });

  it('a repeated cursor and a failed later page are listed with the page they concern', async () => {
    pages('chat/get_group_members', [
      { result: { list: [member('D1')], hasMore: true, nextCursor: 'c2' } },
      { result: { list: [member('D2')], hasMore: true, nextCursor: 'c2' } },
    ]);
    const repeated = await run(GROUP);
    expect(repeated.error).toBeUndefined();
    expect(repeated.printed).toMatchObject({ complete: false, hasMore: true, nextCursor: 'c2', pagesFetched: 2, stopReason: 'pagination_error', failedCount: 1, partial: true, failures: [{ bucket: 'users', page: 2, stage: 'pagination' }] });

    mcp.calls.length = 0;
    pages('chat/get_group_members', [
      { result: { list: [member('D1')], hasMore: true, nextCursor: 'c2' } },
      { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' },
    ]);
    const failed = await run(GROUP);
    expect(failed.error).toBeUndefined();
    expect(failed.printed).toMatchObject({ members: [shown('D1')], complete: false, stopReason: 'read_failure', pagesFetched: 1, failures: [{ bucket: 'users', page: 2, stage: 'read' }] });
  });

  it('the first page failing is the command\'s own error; --page-limit stops with more left and no failure', async () => {
    pages('chat/get_group_members', [{ success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' }]);
    expect((await run(GROUP)).error?.exitCode).toBe(1);

    mcp.calls.length = 0;
    pages('chat/get_group_members', [
      { result: { list: [member('D1')], hasMore: true, nextCursor: 'c2' } },
      { result: { list: [member('D2')], hasMore: true, nextCursor: 'c3' } },
    ]);
    const bounded = await run([...GROUP, '--page-limit', '2']);
    expect(bounded.error).toBeUndefined();
    expect(bounded.calls).toHaveLength(3);
    expect(bounded.printed).toEqual(membersPayload([shown('D1'), shown('D2')], {
      complete: false, hasMore: true, nextCursor: 'c3', pagesFetched: 2, stopReason: 'page_limit', failedCount: 0, failures: [], partial: false,
    }));
  });
});

describe('+chat-members-list: users and bots buckets as upstream prints them (group_members.go:167-249@c7521c1c)', () => {
  const LIST = ['chat', '+chat-members-list', '--conversation-id', 'cid1'];
  const bot = { name: '日报机器人', robotCode: 'rc1', openBotId: 'b1' };
  const shownBot = { name: '日报机器人', openDingtalkId: '', openBotId: 'b1', robotCode: 'rc1' };
  const usersBucket = (ledger: Record<string, unknown>) => ({ count: 1, partial: false, failedCount: 0, failures: [], ...ledger });

  it('both buckets read: users projected with their ledger, bots projected, counts and contractVersion', async () => {
    pages('chat/get_group_members', [{ result: { list: [member('D1')], hasMore: false } }]);
    mcp.answers['bot/list_group_bots'] = () => ({ result: { bots: [bot] } });
    const { error, printed, calls } = await run(LIST);
    expect(error).toBeUndefined();
    expect(calls).toEqual(['chat/get_group_members', 'bot/list_group_bots']);
    expect(printed).toEqual({
      contractVersion: 'im.group-members.v1', conversationId: 'cid1', users: [shown('D1')], bots: [shownBot], partial: false,
      counts: { users: 1, bots: 1, total: 2 },
      buckets: { users: usersBucket({ pagesFetched: 1, complete: true, hasMore: false, stopReason: 'source_complete' }), bots: { complete: true, count: 1 } },
      failedCount: 0, failures: [], complete: true, hasMore: false,
    });
  });

  it('a users page without a boolean hasMore is listed in failures and errors; exit 0 with the bots', async () => {
    pages('chat/get_group_members', [{ result: { list: [member('D1')], nextCursor: 'c2' } }]);
    mcp.answers['bot/list_group_bots'] = () => ({ result: [bot] });
    const { error, printed } = await run(LIST);
    expect(error).toBeUndefined();
    const failure = { bucket: 'users', page: 1, stage: 'pagination', error: 'page 1 does not say whether more follow (hasMore / has_more is absent)' };
    expect(printed).toEqual({
      contractVersion: 'im.group-members.v1', conversationId: 'cid1', users: [shown('D1')], bots: [], errors: [failure], partial: true,
      counts: { users: 1, bots: 0, total: 1 },
      buckets: { users: { count: 1, pagesFetched: 1, complete: false, hasMore: false, partial: true, stopReason: 'pagination_error', failedCount: 1, failures: [failure] }, bots: { complete: true, count: 0 } },
      failedCount: 1, failures: [failure], complete: false, hasMore: false,
    });
  });

  it('one bucket\'s read failing: the other is printed, the failure listed, exit 0; both failing is an error', async () => {
    pages('chat/get_group_members', [{ success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' }]);
    mcp.answers['bot/list_group_bots'] = () => ({ result: { list: [bot] } });
    const users = await run(LIST);
    expect(users.error).toBeUndefined();
    expect(users.calls).toEqual(['chat/get_group_members', 'bot/list_group_bots']);
    const usersFailure = { bucket: 'users', stage: 'read', error: expect.stringContaining('服务繁忙') };
    expect(users.printed).toEqual({
      contractVersion: 'im.group-members.v1', conversationId: 'cid1', users: [], bots: [shownBot], errors: [usersFailure], partial: true,
      counts: { users: 0, bots: 1, total: 1 }, buckets: { bots: { complete: true, count: 1 } },
      failedCount: 1, failures: [usersFailure], complete: false, hasMore: false,
    });

    mcp.calls.length = 0;
    pages('chat/get_group_members', [{ result: { list: [member('D1')], hasMore: false } }]);
    mcp.answers['bot/list_group_bots'] = () => ({ success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '机器人服务繁忙' });
    const bots = await run(LIST);
    expect(bots.error).toBeUndefined();
    const botsFailure = { bucket: 'bots', stage: 'read', error: expect.stringContaining('机器人服务繁忙') };
    expect(bots.printed).toEqual({
      contractVersion: 'im.group-members.v1', conversationId: 'cid1', users: [shown('D1')], bots: [], errors: [botsFailure], partial: true,
      counts: { users: 1, bots: 0, total: 1 },
      buckets: { users: usersBucket({ pagesFetched: 1, complete: true, hasMore: false, stopReason: 'source_complete' }) },
      failedCount: 1, failures: [botsFailure], complete: false, hasMore: false,
    });

    mcp.calls.length = 0;
    pages('chat/get_group_members', [{ success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' }]);
    const both = await run(LIST);
    expect(both.calls).toEqual(['chat/get_group_members', 'bot/list_group_bots']);
    expect(both.printed).toBeUndefined();
    expect([both.error?.exitCode, both.error?.message]).toEqual([1, expect.stringContaining('机器人服务繁忙')]);
  });

  it('with one bucket asked for, its failure is the command\'s own error', async () => {
    pages('chat/get_group_members', [{ success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' }]);
    const { error, calls } = await run([...LIST, '--member-types', 'user']);
    expect(calls).toEqual(['chat/get_group_members']);
    expect(error?.exitCode).toBe(1);
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
    // h36-b3: the payload upstream prints before exiting 1 (my_groups.go:298-315@c7521c1c) is the envelope's ledger
    expect((JSON.parse(error!.envelope()) as { ledger: { groups: unknown[] } }).ledger.groups).toEqual([{ conversationId: 'g1' }]);
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
