// The nineteenth audit, part a (seed 20261220, notes/audit-30s-a.md): its fixed commands run as a user types them
// against the recording backend on 127.0.0.1. The calls are also pinned by the `a-s1:` cases of
// test/fixtures/calls/{chat,calendar,doc,wiki}.yaml.
//
// chat group create reads the signed-in user first and puts that userId first among the members (getCurrentUserID,
// helpers.go:521-561; chat.go:2563-2575@c7521c1c), and prints the answer's result with openCid moved to
// openConversationId and cid dropped (chat.go:2587-2604).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { answer, sent } = useOutputRuns('dws-audit30s-a-');

const ME_LIST = { result: [{ orgEmployeeModel: { userId: 'me01', name: '我' } }] };

describe('chat group create puts the signed-in user first among the members', () => {
  it('reads the profile, then sends that userId first and the --users list without repeats', async () => {
    answer('contact/get_current_user_profile', ME_LIST);
    answer('im/create_group_conversation', { result: { openCid: 'cid1', cid: '123$', title: 'x' } });
    expect(await sent(['chat', 'group', 'create', '--name', '项目群', '--users', ' u1, me01 ,u1,u2', '--type', 'external', '--thread'])).toEqual({
      reason: undefined,
      category: undefined,
      calls: [
        ['contact/get_current_user_profile', {}],
        ['im/create_group_conversation', { groupName: '项目群', groupMembers: ['me01', 'u1', 'u2'], groupType: 'EXTERNAL', convThreadEnabled: true }],
      ],
      printed: { result: { openConversationId: 'cid1', title: 'x' } },
    });
  });

  it('reads the userId from result[0].orgEmployeeModel, else from a result object, and refuses a profile without one', async () => {
    const outcomes = [];
    for (const profile of [
      ME_LIST,
      { result: { userId: 'me02' } },
      { result: [{ orgEmployeeModel: { userId: '' } }] },
      { result: [{ orgEmployeeModel: { userId: 7 } }] },
      { result: { userId: 7 } },
      { result: [{ userId: 'me03' }] },
      {},
    ]) {
      answer('contact/get_current_user_profile', profile);
      answer('im/create_group_conversation', { result: {} });
      const { reason, calls } = await sent(['chat', 'group', 'create', '--name', 'g', '--users', 'u1']);
      outcomes.push({ reason, members: calls.slice(1).map((c) => (c[1] as { groupMembers: unknown }).groupMembers) });
    }
    expect(outcomes).toEqual([
      { reason: undefined, members: [['me01', 'u1']] },
      { reason: undefined, members: [['me02', 'u1']] },
      { reason: 'invalid_parameter', members: [] },
      { reason: 'invalid_parameter', members: [] },
      { reason: 'invalid_parameter', members: [] },
      { reason: 'invalid_parameter', members: [] },
      { reason: 'invalid_parameter', members: [] },
    ]);
  });

  it('refuses an unknown --type before any call', async () => {
    expect(await sent(['chat', 'group', 'create', '--name', 'g', '--users', 'u1', '--type', 'PUBLIC'])).toMatchObject({ reason: 'invalid_parameter', calls: [] });
  });

  it('prints openCid as openConversationId (a null too, replacing one already there) and drops cid, only in a result object', async () => {
    answer('contact/get_current_user_profile', ME_LIST);
    const printed = [];
    for (const body of [
      { result: { openCid: null, cid: 1, openConversationId: 'old', n: 1 }, success: true },
      { result: { cid: 'c', a: 1 } },
      { result: ['x'], cid: 'top' },
      { openCid: 'top' },
    ]) {
      answer('im/create_group_conversation', body);
      printed.push((await sent(['chat', 'group', 'create', '--name', 'g', '--users', 'u1'])).printed);
    }
    expect(printed).toEqual([
      { result: { openConversationId: null, n: 1 }, success: true },
      { result: { a: 1 } },
      { result: ['x'], cid: 'top' },
      { openCid: 'top' },
    ]);
  });
});

// callSearchRoomsByName (calendar.go:2731-2769@c7521c1c): the name-only answer with its hint.
describe('calendar room search by name alone', () => {
  const HINT = { searchMode: 'name-only', hint: '本次为按名称搜索，未检查会议室可用性。如需查询指定时间段内的可用会议室，请添加 --start/--end 参数。' };
  it('prints search_rooms\' answer with the name-only hint, in result when that is an object, else at the top of an object', async () => {
    const printed = [];
    for (const body of [{ result: { rooms: [{ roomId: 'r1' }] }, success: true }, { result: [{ roomId: 'r1' }] }, { rooms: [] }, [{ roomId: 'r1' }]]) {
      answer('calendar/search_rooms', body);
      const out = await sent(['calendar', 'room', 'search', '--room-name', ' 星河 ']);
      expect(out.calls).toEqual([['calendar/search_rooms', { roomName: '星河' }]]);
      printed.push(out.printed);
    }
    expect(printed).toEqual([
      { result: { rooms: [{ roomId: 'r1' }], hint: HINT }, success: true },
      { result: [{ roomId: 'r1' }], hint: HINT },
      { rooms: [], hint: HINT },
      [{ roomId: 'r1' }],
    ]);
  });

  it('searches free rooms, with the availability hint, once a time is given', async () => {
    answer('calendar/query_available_meeting_room', { result: { rooms: [] } });
    const out = await sent(['calendar', 'room', 'search', '--room-name', '星河', '--start', '2099-01-05T10:00:00+08:00', '--end', '2099-01-05T11:00:00+08:00']);
    expect(out.calls).toEqual([['calendar/query_available_meeting_room', { startTime: 4071261600000, endTime: 4071265200000, roomName: '星河' }]]);
    expect((out.printed as { result: { hint: { searchMode: string } } }).result.hint.searchMode).toBe('availability');
  });
});

// runAitableViewGetAttr (aitable.go:995-1022), getViewRaw :748-783, walkViewPath :815-828, printViewSubBlock :833-843.
describe('aitable view get field-widths prints the Grid view\'s custom.widthMap in upstream\'s envelope', () => {
  const argv = ['aitable', 'view', 'get', 'field-widths', '--base', 'b1', '--table-id', 't1', '--view-id', 'v1'];
  it('prints the map, and {} for a null or missing map or a custom that is not an object', async () => {
    const outcomes = [];
    for (const custom of [{ widthMap: { f1: 200 } }, { widthMap: null }, {}, 'x', undefined]) {
      answer('aitable/get_views', { data: { views: [{ viewId: 'v1', viewType: 'Grid', ...(custom === undefined ? {} : { custom }) }] } });
      const { reason, calls, printed } = await sent(argv);
      outcomes.push({ reason, calls, printed });
    }
    const call = [['aitable/get_views', { baseId: 'b1', tableId: 't1', viewIds: ['v1'] }]];
    expect(outcomes).toEqual([
      { reason: undefined, calls: call, printed: { status: 'success', data: { f1: 200 }, error: {} } },
      ...[1, 2, 3, 4].map(() => ({ reason: undefined, calls: call, printed: { status: 'success', data: {}, error: {} } })),
    ]);
  });

  it('refuses a view that is not a Grid, a missing viewType and an empty view list', async () => {
    const reasons = [];
    for (const views of [[{ viewType: 'Kanban' }], [{ viewId: 'v1' }], [], ['x']]) {
      answer('aitable/get_views', { data: { views } });
      const { reason, printed } = await sent(argv);
      reasons.push([reason === undefined ? 'printed' : 'refused', printed]);
    }
    expect(reasons).toEqual([['refused', undefined], ['refused', undefined], ['refused', undefined], ['refused', undefined]]);
  });
});
