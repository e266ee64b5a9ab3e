// Session 52 helper a1, second-reading audit of seed 20261437 (issue 32, notes/h52-a1.md). One drawn command differed
// from its upstream body at c7521c1c and was fixed: aitable dashboard update sent a -0 inside --config as 0, where
// upstream's jsonStringToMap decodes the object into a map[string]any of float64s, which json.Marshal writes back with
// their sign (helpers/aitable.go:5552-5575, attendance.go:21-27). Its aitable siblings that send a jsonStringToMap value
// (dashboard create, chart create / update, field update, view create) had the same cause and were fixed with it. The
// other readings the audit checked are held here too, each run as a user types it against the recording backend on
// 127.0.0.1, so a later change that breaks one fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyJson } from '../../src/json-number.js';
import { goTrim } from '../go-spaces.js';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';
import { sameSigned, wire } from './signed-zero.js';

const { sent, argsOf, mcp } = useOutputRuns('dws-h52a1-');

type Args = Record<string, unknown>;

/** JSON text with each negative zero written `-0`, as a user types it (JSON.stringify writes it `0`). */
const typed = (v: unknown): string => {
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(typed).join(',')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${typed(x)}`).join(',')}}`;
  return JSON.stringify(v);
};

/** The one call a run made (it must succeed): its arguments with the sign of every zero. */
async function onlyCall(argv: string[], tool: string): Promise<Args> {
  const run = await sent(argv);
  expect(run.reason, `refused: ${run.reason}`).toBeUndefined();
  expect(run.calls.map(([t]) => t)).toEqual([tool]);
  return wire(run.calls[0][1]) as Args;
}

const INNER = '{"z":-0,"l":[-0.0,-0e0,1.50,1e3,0,-1.5]}';
const GO_SENDS = { z: -0, l: [-0, -0, 1.5, 1000, 0, -1.5] };

describe('aitable: a -0 inside a JSON object flag decoded into map[string]any (jsonStringToMap attendance.go:21-27, resolveWorkflowDSL aitable.go:94-127@c7521c1c) is sent as Go marshals the float64', () => {
  const cases: [string, string, string[], string, (a: Args) => unknown[]][] = [
    ['dashboard update --config (drawn)', 'helpers/aitable.go:5552-5575', ['aitable', 'dashboard', 'update', '--base-id', 'b', '--dashboard-id', 'd', '--config', `{"w":${INNER}}`],
      'aitable/update_dashboard', (a) => [(a.config as Args).w]],
    ['dashboard update --config with --name laid over it', 'helpers/aitable.go:5552-5566', ['aitable', 'dashboard', 'update', '--base-id', 'b', '--dashboard-id', 'd', '--config', `{"w":${INNER},"name":"old"}`, '--name', 'n'],
      'aitable/update_dashboard', (a) => [(a.config as Args).w, (a.config as Args).name === 'n' ? GO_SENDS : 'name not laid over']],
    ['dashboard create --config', 'helpers/aitable.go:5488-5511', ['aitable', 'dashboard', 'create', '--base-id', 'b', '--config', `{"w":${INNER}}`, '--name', 'n'],
      'aitable/create_dashboard', (a) => [(a.config as Args).w]],
    ['chart create --config --layout', 'helpers/aitable.go:5900-5905', ['aitable', 'chart', 'create', '--base-id', 'b', '--dashboard-id', 'd', '--config', `{"w":${INNER}}`, '--layout', `{"w":${INNER}}`],
      'aitable/create_chart', (a) => [(a.config as Args).w, (a.layout as Args).w]],
    ['chart update --config --layout', 'helpers/aitable.go:5951-5958', ['aitable', 'chart', 'update', '--base-id', 'b', '--dashboard-id', 'd', '--chart-id', 'c', '--config', `{"w":${INNER}}`, '--layout', `{"w":${INNER}}`],
      'aitable/update_chart', (a) => [(a.config as Args).w, (a.layout as Args).w]],
    ['field update --config --ai-config', 'helpers/aitable.go:1964-1969', ['aitable', 'field', 'update', '--base-id', 'b', '--table-id', 't', '--field-id', 'f', '--config', `{"w":${INNER}}`, '--ai-config', `{"w":${INNER}}`, '--yes'],
      'aitable/update_field', (a) => [(a.config as Args).w, (a.aiConfig as Args).w]],
    ['workflow create --dsl (resolveWorkflowDSL\'s map[string]any)', 'helpers/aitable.go:94-127', ['aitable', 'workflow', 'create', '--base-id', 'b', '--dsl', `{"version":"workflow-dsl/v1","w":${INNER}}`],
      'aitable/create_workflow', (a) => [(a.dsl as Args).w]],
    ['workflow update --dsl', 'helpers/aitable.go:94-127', ['aitable', 'workflow', 'update', '--base-id', 'b', '--workflow-id', 'f', '--dsl', `{"version":"workflow-dsl/v1","w":${INNER}}`, '--yes'],
      'aitable/update_workflow', (a) => [(a.dsl as Args).w]],
    ['view create --desc --config', 'helpers/aitable.go:3375-3380', ['aitable', 'view', 'create', '--base-id', 'b', '--table-id', 't', '--view-type', 'Grid', '--desc', `{"w":${INNER}}`, '--config', `{"w":${INNER}}`],
      'aitable/create_view', (a) => [(a.viewDescription as Args).w, (a.config as Args).w]],
  ];
  it.each(cases)('%s (%s@c7521c1c)', async (_name, _where, argv, tool, pick) => {
    for (const v of pick(await onlyCall(argv, tool))) expect(sameSigned(v, GO_SENDS), JSON.stringify(v)).toBe(true);
  });

  it('a value that is not a JSON object is still sent as the text typed, unchanged (jsonStringToMap)', async () => {
    const a = await onlyCall(['aitable', 'chart', 'update', '--base-id', 'b', '--dashboard-id', 'd', '--chart-id', 'c', '--config', '[-0]', '--layout', ' "x" '], 'aitable/update_chart');
    expect(a).toEqual({ baseId: 'b', dashboardId: 'd', chartId: 'c', config: '[-0]', layout: ' "x" ' });
  });

  const jsonValue = fc.letrec((tie) => ({
    leaf: fc.oneof(fc.constantFrom(-0, 0, 1.5, -2, 5e-7), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string({ maxLength: 3 }), fc.boolean(), fc.constant(null)),
    node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'x'), tie('node'), { maxKeys: 3 })),
  })).node;
  it('dashboard update: any --config object is sent as Go decodes and marshals it, --name laid over it (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.dictionary(fc.constantFrom('a', 'b', 'name'), jsonValue, { minKeys: 1, maxKeys: 3 }), fc.boolean(), async (cfg, withName) => {
      const a = await onlyCall(['aitable', 'dashboard', 'update', '--base-id', 'b', '--dashboard-id', 'd', '--config', typed(cfg), ...(withName ? ['--name', 'N'] : [])], 'aitable/update_dashboard');
      const want = withName ? { ...cfg, name: 'N' } : cfg;
      expect(sameSigned(a.config, want), `${typed(cfg)} -> ${JSON.stringify(a.config)}`).toBe(true);
    }), { numRuns: 25, examples: [[{ a: -0 }, false], [{ name: [-0, { x: -0 }] }, true]] });
  });
});

describe('aitable dashboard update reads as upstream (helpers/aitable.go:5548-5575@c7521c1c)', () => {
  const update = (...flags: string[]) => sent(['aitable', 'dashboard', 'update', '--base-id', ' b ', '--dashboard-id', ' d ', ...flags]);
  it('ids untrimmed; a non-empty --name (a blank one too) laid over the object; a non-object --config dropped', async () => {
    expect((await update('--config', '{"a":1}', '--name', ' ')).calls).toEqual([['aitable/update_dashboard', { baseId: ' b ', dashboardId: ' d ', config: { a: 1, name: ' ' } }]]);
    expect((await update('--config', '[1]', '--name', 'n')).calls).toEqual([['aitable/update_dashboard', { baseId: ' b ', dashboardId: ' d ', config: { name: 'n' } }]]);
    expect((await update('--config', '{"a":1} x', '--name', 'n')).calls).toEqual([['aitable/update_dashboard', { baseId: ' b ', dashboardId: ' d ', config: { name: 'n' } }]]);
  });
  it('nothing to set (an empty object, JSON null, a non-object without --name, an empty --name) is refused before any call', async () => {
    for (const flags of [['--config', '{}'], ['--config', 'null'], ['--config', '[1]'], ['--name', ''], ['--config', 'null', '--name', 'n']]) {
      const run = await update(...flags);
      expect(run.reason, flags.join(' ')).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }
  });
});

describe('attendance vacation save-balance (helpers/attendance.go:3647-3690, :119-137@c7521c1c)', () => {
  const save = (...flags: string[]) => sent(['attendance', 'vacation', 'save-balance', '--target', ' u ', '--leave-code', 'c', '--reason', 'r', '--yes', ...flags]);
  const quota = async (num: string) => {
    const run = await save('--num', num);
    return run.reason ?? ((run.calls[0][1] as Args).McpUpdateLeaveBalanceRequest as Args).quotaNum;
  };
  it('quotaNum is strconv.ParseFloat(--num) times 100, truncated to int, as text; nothing trimmed', async () => {
    const table: [string, string][] = [['8', '800'], ['7.5', '750'], ['0.29', '28'], ['1_0', '1000'], ['0x1p3', '800'], ['+5', '500'],
      ['-0', '0'], ['1e3', '100000'], ['-0.5', '-50'], [' 8', 'invalid_parameter'], ['0x10', 'invalid_parameter'], ['8 ', 'invalid_parameter'], ['', 'missing_parameter']];
    for (const [num, want] of table) expect(await quota(num), num).toBe(want);
  });
  it('--start/--end: trimmed, `YYYY-MM-DD HH:mm:ss` or a date in the machine zone, a bare end date at 23:59:59; a blank one is refused', async () => {
    const run = await save('--num', '1', '--start', ' 2025-01-01 ', '--end', '2025-12-31');
    expect(run.calls).toEqual([['attendance-wukong/update_leave_balance', { McpUpdateLeaveBalanceRequest: {
      targetUserId: ' u ', leaveCode: 'c', quotaNum: '100', reason: 'r', startTime: new Date(2025, 0, 1).getTime(), endTime: new Date(2025, 11, 31).getTime() + 86399000 } }]]);
    const clock = await save('--num', '1', '--end', '2025-12-31 10:00:00');
    expect(((clock.calls[0][1] as Args).McpUpdateLeaveBalanceRequest as Args).endTime).toBe(new Date(2025, 11, 31, 10).getTime());
    for (const bad of [' ', '2025-1-1', '2025-01-01T00:00:00Z', '1735689600']) expect((await save('--num', '1', '--start', bad)).reason, bad).toBe('invalid_parameter');
    expect((await save('--num', '1', '--start', '')).calls).toHaveLength(1);
  });
});

describe('attendance schedule get (helpers/attendance.go:3903-3950, parseUserList :106-115@c7521c1c)', () => {
  const part = fc.constantFrom('', ' ', 'a', ' b ', '"c"', '[d', '\u0085e', '\ufefff');
  it('userIdList is the comma split, each part TrimSpace\'d, blanks dropped (property); --users first, then --userIdList', async () => {
    await fc.assert(fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 4 }).filter((p) => p.join(',') !== ''), async (parts) => {
      const text = parts.join(',');
      const [args] = (await argsOf(['attendance', 'schedule', 'get', '--users', text, '--start', '2025-06-01', '--end', '2025-06-30'])) as Args[];
      expect((args.GetScheduleByRangeRequest as Args).userIdList).toEqual(text.split(',').map(goTrim).filter((s) => s !== ''));
    }), { numRuns: 30, examples: [[[' ']], [[' ', '']], [['a', '"c"']]] });
    const [alias] = (await argsOf(['attendance', 'schedule', 'get', '--users', '', '--userIdList', 'x', '--workDateBegin', '2025-06-01', '--workDateEnd', '2025-06-02 08:00:00'])) as Args[];
    expect(alias).toEqual({ GetScheduleByRangeRequest: { userIdList: ['x'], workDateBegin: new Date(2025, 5, 1).getTime(), workDateEnd: new Date(2025, 5, 2, 8).getTime() } });
  });
});

describe('chat category add-conv (helpers/chat.go:5444-5459, parseCSVInt64 :1295-1314@c7521c1c)', () => {
  const int64s = (text: string): string[] | 'refused' => {
    const out: string[] = [];
    for (const raw of text.split(',')) {
      const v = goTrim(raw);
      if (v === '') continue;
      if (!/^[+-]?[0-9]+$/.test(v) || BigInt(v) < -(2n ** 63n) || BigInt(v) >= 2n ** 63n) return 'refused';
      out.push(BigInt(v).toString());
    }
    return out.length ? out : 'refused';
  };
  it('each part trimmed, blanks skipped, ParseInt base 10 within int64, none left refused; the conversation id as typed (property)', async () => {
    const element = fc.constantFrom('1', ' +5', '010', '-0', '9007199254740993', '', ' ', '"1"', '[1', '0x10', '1_0', '\u00857', '\ufeff8');
    await fc.assert(fc.asyncProperty(fc.array(element, { minLength: 1, maxLength: 4 }).filter((p) => p.join(',') !== ''), async (parts) => {
      const text = parts.join(',');
      const want = int64s(text);
      const run = await sent(['chat', 'category', 'add-conv', '--group', ' g ', '--category-ids', text]);
      if (want === 'refused') expect(run.calls).toEqual([]);
      else expect(run.calls.map(([t, a]) => [t, stringifyJson(a)])).toEqual([['im/add_conv_to_categories', `{"openConversationId":" g ","categoryIds":[${want.join(',')}]}`]]);
    }), { numRuns: 30, examples: [[[' ', '']], [['"1"']], [['-0']]] });
  });
});

describe('parseCSVValues readers (helpers/contact.go:20-45@c7521c1c): blank-only is nil, sent as null', () => {
  const part = fc.constantFrom('', ' ', 'a', ' b ', '"c"', "'d'", '\u0085e', '[', ']');
  const lists: [string, (text: string) => string[], (a: Args) => unknown][] = [
    ['calendar attendee add --attendees (calendar.go:886-904)', (t) => ['calendar', 'attendee', 'add', '--event', ' e ', '--attendees', t], (a) => a.attendeesToAdd],
    ['minutes hot-word add --words (minutes.go:1255-1261)', (t) => ['minutes', 'hot-word', 'add', '--words', t], (a) => a.hotWordList],
  ];
  it.each(lists)('%s (property)', async (_name, argv, pick) => {
    await fc.assert(fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 4 }), fc.boolean(), async (parts, bracket) => {
      const text = bracket ? `[${parts.join(',')}]` : parts.join(',');
      if (text === '') return;
      const [args] = (await argsOf(argv(text))) as Args[];
      expect(pick(args)).toEqual(parseCSVValues(text));
    }), { numRuns: 30, examples: [[[' '], false], [[',', ''], false], [['a', ' b '], true]] });
  });
});

describe('oa approval oa-cc-noticer and list-cc (helpers/oa.go:905-918, :737-748@c7521c1c)', () => {
  it('userList is strings.Split of --users (else --user-list) as typed; the confirmation is dws\'s declared addition', async () => {
    const part = fc.constantFrom('', ' ', 'a', ' b ', '"c"');
    await fc.assert(fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 4 }).filter((p) => p.join(',') !== ''), async (parts) => {
      const text = parts.join(',');
      const [args] = (await argsOf(['oa', 'approval', 'oa-cc-noticer', '--instance-id', ' i ', '--users', text, '--yes'])) as Args[];
      expect(args).toEqual({ processInstanceId: ' i ', userList: text.split(',') });
    }), { numRuns: 20 });
    expect((await sent(['oa', 'approval', 'oa-cc-noticer', '--instance-id', 'i', '--users', 'a'])).reason).toBe('confirmation_required');
  });
  it('list-cc: page and limit through ParseFloat with its error ignored (0), numbers sent; ±Inf/NaN refused', async () => {
    const cc = (...flags: string[]) => argsOf(['oa', 'approval', 'list-cc', ...flags]);
    expect(await cc()).toEqual([{ pageNumber: 1, pageSize: 20 }]);
    expect(await cc('--limit', ' 5', '--page', '1_0', '--query', ' q ')).toEqual([{ pageNumber: 10, pageSize: 0, query: ' q ' }]);
    expect(await cc('--limit', '0x1p3', '--page', '', '--query', '')).toEqual([{ pageNumber: 0, pageSize: 8 }]);
    expect(await cc('--limit', '1e400')).toBe('invalid_parameter');
  });
});

describe('chat conversation / message id migrations (helpers/chat.go:198-215, :371-470@c7521c1c)', () => {
  it('group notice edit: --conversation-id trimmed by the PreRunE (a blank one kept as typed), its aliases folded, a conflict refused', async () => {
    const edit = (...flags: string[]) => argsOf(['chat', 'group', 'notice', 'edit', ...flags, '--notice-id', ' n ', '--content', ' c ', '--sticky', '--send-ding=false']);
    const body = (id: string) => [{ openConversationId: id, dataId: ' n ', content: ' c ', sticky: true }];
    expect(await edit('--conversation-id', ' c ')).toEqual(body('c'));
    expect(await edit('--conversation-id', ' ')).toEqual(body(' '));
    expect(await edit('--conversation-id', ' ', '--open-conversation-id', ' x ')).toEqual(body('x'));
    expect(await edit('--conversation-id', 'a', '--chat', ' a ')).toEqual(body('a'));
    expect(await edit('--conversation-id', 'a', '--group', 'b')).toBe('invalid_parameter');
  });
  it('message recall: --message-id trimmed by the PreRunE, --conversation-id (not migrated) as typed', async () => {
    const recall = (...flags: string[]) => argsOf(['chat', 'message', 'recall', ...flags]);
    expect(await recall('--conversation-id', ' c ', '--message-id', ' m ')).toEqual([{ openConversationId: ' c ', openMessageId: 'm' }]);
    expect(await recall('--conversation-id', '', '--chat', ' h ', '--message-id', ' ')).toEqual([{ openConversationId: ' h ', openMessageId: ' ' }]);
    expect(await recall('--group', 'g', '--open-message-id', ' x ')).toEqual([{ openConversationId: 'g', openMessageId: 'x' }]);
    expect(await recall('--group', 'g', '--message-id', 'a', '--msg-id', ' b')).toBe('invalid_parameter');
  });
});

describe('wiki +member-add users (shortcut/wiki/wiki.go:159-194, common.go:200-211, corecmd.go:846-864@c7521c1c)', () => {
  const add = (...flags: string[]) => sent(['wiki', '+member-add', '--workspace', ' w ', '--role', 'EDITOR', ...flags]);
  it('--users when typed (its StringSlice as typed, a blank part kept), else --user; none, more than 30 or a lower-case role refused', async () => {
    mcp.answers['wiki/add_member'] = () => ({ success: true });
    expect((await add('--users', ' ', '--user', 'x')).calls).toEqual([['wiki/add_member', { roleId: 'EDITOR', userIds: [' '], workspaceId: 'w' }]]);
    expect((await add('--user', 'a, b')).calls).toEqual([['wiki/add_member', { roleId: 'EDITOR', userIds: ['a', ' b'], workspaceId: 'w' }]]);
    for (const flags of [['--users', '', '--user', 'x'], ['--users', ' '], ['--users', Array.from({ length: 31 }, (_, i) => `u${i}`).join(',')], ['--users', 'a', '--role', 'reader']]) {
      const run = await add(...flags);
      expect(run.calls, flags.join(' ')).toEqual([]);
    }
    mcp.answers['wiki/add_member'] = () => ({ success: 'true' });
    expect((await add('--users', 'a')).reason).toBe('backend_error');
  });
});

describe('aitable +view-get (shortcut/aitable/aitable.go:1191-1258, resolveNamedList :67-105@c7521c1c)', () => {
  it('viewIds the StringSlice when typed ([] for ""); the first list under the containers; a null viewId kept; a missing list or id refused', async () => {
    const get = async (answer: unknown, ...flags: string[]) => {
      mcp.answers['aitable/get_views'] = () => answer;
      return sent(['aitable', '+view-get', '--base-id', ' b ', '--table-id', 't', ...flags]);
    };
    expect((await get({ views: [] }, '--view-ids', '')).calls).toEqual([['aitable/get_views', { baseId: 'b', tableId: 't', viewIds: [] }]]);
    expect((await get({ views: [] }, '--view-ids', ' a, ,b')).calls[0][1]).toEqual({ baseId: 'b', tableId: 't', viewIds: [' a', ' ', 'b'] });
    expect((await get({ views: null, data: [{ viewId: null, name: 'n', type: 'grid' }] })).printed).toEqual({ count: 1, views: [{ viewId: null, viewName: 'n', viewType: 'grid' }] });
    expect((await get({ result: { views: 'x', list: [{ id: 'v1', title: 't' }] } })).printed).toEqual({ count: 1, views: [{ viewId: 'v1', viewName: 't' }] });
    for (const bad of [{ result: { foo: 1 } }, { views: [5] }, { views: [{ name: 'x' }] }]) expect((await get(bad)).reason, JSON.stringify(bad)).toBe('backend_error');
  });
});

describe('calendar +room-search (shortcut/calendar/calendar.go:372-450@c7521c1c)', () => {
  it('roomName trimmed; the first list of the containers (one level in); each field the first non-null spelling; empty rows dropped', async () => {
    mcp.answers['calendar/search_rooms'] = () => ({ result: 'x', data: { foo: 1 }, list: { z: 2, rooms: [{ id: 1, roomName: null, name: 'N', seats: 0, floor: false }, 5, { x: 1 }, { summary: null }] } });
    const run = await sent(['calendar', '+room-search', '--room-name', ' 长城 ']);
    expect(run.calls).toEqual([['calendar/search_rooms', { roomName: '长城' }]]);
    expect(run.printed).toEqual({ count: 1, rooms: [{ capacity: 0, location: false, roomId: 1, roomName: 'N' }] });
  });
});

describe('doc template search (helpers/doc.go:4497-4518@c7521c1c)', () => {
  it('query (else keyword, name) untrimmed; maxResults only for a pflag Int above 0; cursor (else page-token, next-token)', async () => {
    const search = (...flags: string[]) => argsOf(['doc', 'template', 'search', ...flags]);
    expect(await search('--query', ' 周报 ', '--limit', '0x10', '--source', ' MY ', '--cursor', ' c ')).toEqual([{ maxResults: 16, nextCursor: ' c ', searchName: ' 周报 ', templateSource: ' MY ' }]);
    expect(await search('--query', '', '--keyword', 'k', '--limit', '010', '--page-token', 'p')).toEqual([{ maxResults: 8, nextCursor: 'p', searchName: 'k' }]);
    expect(await search('--query', '', '--name', 'n', '--limit', '-5', '--next-token', 't', '--cursor', '')).toEqual([{ nextCursor: 't', searchName: 'n' }]);
    expect(await search('--query', 'q', '--limit', ' 5')).toBe('invalid_parameter');
  });
});
