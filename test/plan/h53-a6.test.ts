// Session 53 helper a6, second-reading audit of seed 20261445 (issue 32, notes/h53-a6.md). None of the 30 drawn
// commands differed from its upstream body at c7521c1c beyond the deviations already declared, so this file fixes
// nothing: it holds the subtler readings the audit checked, each run as a user types it against the recording backend
// on 127.0.0.1, so that a later change that breaks one of them fails here.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { sent, argsOf, mcp } = useOutputRuns('dws-h53a6-');

const DAY = 86_400_000;

describe('chat message search (chatMessageSearchArgs, defaultChatMessageTimeRange chat.go:869-918@c7521c1c)', () => {
  it('with --end and no --start, the start is --end less 7 days formatted as RFC 3339 (whole seconds) and parsed back', async () => {
    mcp.answers['chat/search_messages_by_keyword'] = () => ({ result: { conversationMessagesList: [] } });
    const [args] = (await argsOf(['chat', 'message', 'search', '--query', 'q', '--end', '1775000000123'])) as Record<string, unknown>[];
    expect(args).toEqual({ keyword: 'q', startTime: Math.floor((1775000000123 - 7 * DAY) / 1000) * 1000, endTime: 1775000000123, limit: 100, cursor: '0' });
  });
  it('--size typed wins over --limit (chatIntFlagOrFallback chat.go:187-196); equal --start and --end refused (ValidateTimeRange)', async () => {
    mcp.answers['chat/search_messages_by_keyword'] = () => ({ result: { conversationMessagesList: [] } });
    const [args] = (await argsOf(['chat', 'message', 'search', '--keyword', 'k', '--start', '2026-04-01', '--end', '2026-04-02 10:00', '--limit', '9', '--size', '5', '--cursor', ''])) as Record<string, unknown>[];
    expect(args).toEqual({ keyword: 'k', startTime: Date.UTC(2026, 2, 31, 16), endTime: Date.UTC(2026, 3, 2, 2), limit: 5, cursor: '' });
    expect(await argsOf(['chat', 'message', 'search', '--query', 'q', '--start', '2026-04-01', '--end', '2026-04-01'])).toBe('invalid_parameter');
  });
});

describe('drive +star-list (shortcut/drive/catalog_operations.go:284-308, common.go:136-196@c7521c1c)', () => {
  it('the last present of nextCursor/nextToken/nextPageToken is printed as nextCursor; each row field the first non-null spelling; --content-types as pflag splits it', async () => {
    mcp.answers['drive/get_star_list'] = () => ({ result: { starList: [{ fileId: 'f', dentryUuid: 'd', title: 't', name: null, starTime: 1, contentType: 'doc' }], nextCursor: 'a', nextToken: 'b', nextPageToken: 'c', hasMore: true } });
    const run = await sent(['drive', '+star-list', '--cursor', ' x ', '--content-types', ' a,b ,', '--limit', '0x10']);
    expect(run.calls).toEqual([['drive/get_star_list', { contentTypes: [' a', 'b ', ''], cursor: 'x', limit: 16 }]]);
    expect(run.printed).toEqual({ count: 1, items: [{ nodeId: 'f', name: 't', type: 'doc', createTime: 1 }], nextCursor: 'c', hasMore: true });
  });
  it('the top container is searched first: a top starList that is not a list is refused though data holds one', async () => {
    mcp.answers['drive/get_star_list'] = () => ({ result: { x: 1 }, data: { starList: [] }, starList: 'bad' });
    expect((await sent(['drive', '+star-list'])).reason).toBe('backend_error');
  });
});

describe('sheet filter-view list-criteria (runFilterViewListCriteria, fetchFilterViews sheet_filter_view.go:12-111@c7521c1c)', () => {
  const criteria = (answer: unknown) => {
    mcp.answers['sheet/get_filter_views'] = () => answer;
    return sent(['sheet', 'filter-view', 'list-criteria', '--node', 'n', '--sheet-id', 's', '--filter-view-id', 'f']);
  };
  it('result, when an object, is the only root read (the top filterViews then ignored); a non-object result leaves the top', async () => {
    expect((await criteria({ filterViews: [{ id: 'f', criteria: { a: 1 } }], result: { x: 1 } })).reason).toBe('invalid_parameter');
    expect((await criteria({ filterViews: [{ id: 'f', criteria: { a: 1 } }], result: 'str' })).printed).toEqual({ a: 1 });
  });
  it('a view matches by id, else by filterViewId; null or empty criteria print {}', async () => {
    expect((await criteria({ result: { filterViews: [{ id: 5, filterViewId: 'f', criteria: { a: 1 } }, { id: 'f', criteria: { b: 2 } }] } })).printed).toEqual({ a: 1 });
    expect((await criteria({ result: { filterViews: [{ id: 'f', criteria: null }] } })).printed).toEqual({});
  });
});

describe('chat mark-read (chat.go:9251-9264, requireChatFlagOrAlias :217-226@c7521c1c)', () => {
  it('--message-id trimmed (a blank one passes the untrimmed required check and is sent as ""); --conversation-id as typed', async () => {
    const mark = (...flags: string[]) => argsOf(['chat', 'mark-read', ...flags]);
    expect(await mark('--conversation-id', ' c ', '--message-id', ' m ')).toEqual([{ openConversationId: ' c ', openMessageId: 'm' }]);
    expect(await mark('--chat', 'c', '--message-id', '  ')).toEqual([{ openConversationId: 'c', openMessageId: '' }]);
    expect(await mark('--conversation-id', 'a', '--id', 'b', '--message-id', 'm')).toEqual([{ openConversationId: 'a', openMessageId: 'm' }]);
  });
});

describe('aitable +url-resolve (aitabletarget/resolver.go:57-175@c7521c1c)', () => {
  const H = 'https://alidocs.dingtalk.com';
  const resolve = (url: string) => sent(['aitable', '+url-resolve', '--url', url]);
  it('a query pair holding ";" is dropped as Go\'s ParseQuery drops it, so its recordId has no table', async () => {
    expect((await resolve(`${H}/i/nodes/b1?sheetId=t1;x=1&recordId=r`)).reason).toBe('invalid_parameter');
  });
  it('iframeQuery decoded at most twice; a port is allowed (Hostname), a fragment is part of the path', async () => {
    expect(((await resolve(`${H}/i/nodes/b1?iframeQuery=sheetId%25253Dt1`)).printed as { target: unknown }).target).toEqual({ schemaVersion: 'aitable.target.v1', source: 'url', kind: 'table', baseId: 'b1', tableId: 't1' });
    expect(((await resolve(`${H}/i/nodes/b1?iframeQuery=sheetId%2525253Dt1`)).printed as { target: { kind: string } }).target.kind).toBe('base');
    expect(((await resolve('https://alidocs.dingtalk.com:8443/i/nodes/b1')).printed as { target: { baseId: string } }).target.baseId).toBe('b1');
    expect((await resolve(`${H}/i/nodes/b1#x`)).reason).toBe('invalid_parameter');
  });
});

describe('sheet update and drive list-spaces: pflag Int spellings and Changed', () => {
  it('sheet update (sheet_workbook.go:273-322@c7521c1c): 010 is octal, -0 is 0, --name "" sends title ""', async () => {
    const update = (...flags: string[]) => argsOf(['sheet', 'update', '--node', 'n', '--sheet-id', 's', ...flags, '--yes']);
    expect(await update('--index', '0x10', '--frozen-column-count', '010', '--frozen-row-count', '-0')).toEqual([{ nodeId: 'n', sheetId: 's', index: 16, frozenRowCount: 0, frozenColumnCount: 8 }]);
    expect(await update('--title', 't', '--name', '')).toEqual([{ nodeId: 'n', sheetId: 's', title: 't' }]);
    expect(await update('--name', '')).toEqual([{ nodeId: 'n', sheetId: 's', title: '' }]);
  });
  it('drive list-spaces (drive.go:1371-1389@c7521c1c): --max only when --limit is not typed and above 0; --limit 0 sends no maxResults', async () => {
    const list = (...flags: string[]) => argsOf(['drive', 'list-spaces', ...flags]);
    expect(await list('--max', '5')).toEqual([{ maxResults: 5 }]);
    expect(await list('--max', '-2')).toEqual([{ maxResults: 20 }]);
    expect(await list('--limit', '7', '--max', '5')).toEqual([{ maxResults: 7 }]);
    expect(await list('--limit', '0', '--cursor', '', '--next-token', 'n')).toEqual([{ nextToken: 'n' }]);
  });
});

describe('attendance globalsetting save (attendance.go:2943-2962, :402-423, :464-492@c7521c1c)', () => {
  it('--scope trimmed, --setting-scene not; a field of another scene refused; ints sent as typed', async () => {
    const save = (...flags: string[]) => argsOf(['attendance', 'globalsetting', 'save', ...flags, '--yes']);
    expect(await save('--scope', ' 企业 ', '--setting-scene', 'checkRemind', '--check-remind-corp=true', '--check-remind-pc-corp=0'))
      .toEqual([{ RuleMcpSaveGlobalSettingRequest: { settingScene: 'checkRemind', checkRemindCorp: true, checkRemindPcCorp: false } }]);
    expect(await save('--scope', '企业', '--setting-scene', ' checkRemind', '--check-remind-corp')).toBe('invalid_parameter');
    expect(await save('--scope', '企业', '--setting-scene', 'lackRemind', '--lack-remind-corp=false', '--fast-check-corp')).toBe('invalid_parameter');
    expect(await save('--scope', '所有人', '--setting-scene', 'bossAttendStatNotify', '--boss-daily-report-type', '-5', '--boss-weekly-report-type', '0x3'))
      .toEqual([{ RuleMcpSaveGlobalSettingRequest: { settingScene: 'bossAttendStatNotify', bossDailyReportType: -5, bossWeeklyReportType: 3 } }]);
  });
});

describe('chat +messages-mget (shortcut/chat/chat_message.go:875-925, listMessagesResolveList :391-410@c7521c1c)', () => {
  const mget = (answer: unknown, ids: string) => {
    mcp.answers['im/list_messages_by_ids'] = () => answer;
    return sent(['chat', '+messages-mget', '--msg-ids', ids]);
  };
  it('the list: the first top key holding a list, or a map holding one (inner keys in their order); a map without one passed over', async () => {
    const found = async (answer: unknown, ids = 'a') => {
      const run = await mget(answer, ids);
      const printed = run.printed as { messages: { messageId: unknown }[]; notFoundMessageIds: string[] };
      return [printed.messages.map((m) => m.messageId), printed.notFoundMessageIds];
    };
    expect(await found({ result: { x: 1 }, messages: [{ openMsgId: 'a', content: 't' }] })).toEqual([['a'], []]);
    expect(await found({ result: { data: { messages: [{ openMsgId: 'a' }] } } })).toEqual([[], ['a']]);
    expect(await found({ result: { records: [{ msgId: 'a' }], list: [{ openMsgId: 'z' }] } })).toEqual([['z'], ['a']]);
    expect(await found({ result: [{ openMsgId: 123 }, { openMsgId: ' b ' }] }, ' 123, b,123')).toEqual([[123, ' b '], []]);
  });
});
