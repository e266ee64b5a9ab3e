// Session 50 helper a4, second-reading audit of seed 20261434 (issue 32, notes/h50-a4.md). Two drawn commands differed
// from upstream's body at c7521c1c and were fixed: attendance schedule import and aitable advperm role-create sent a
// negative zero inside their JSON flag as 0, where upstream's json.Unmarshal makes it a float64 -0 that json.Marshal
// writes back as `-0`. The other readings the audit checked that matter most are held here too. Each runs as a user
// types it against the recording backend on 127.0.0.1, so a later change that breaks one of them fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../src/json-number.js';
import { goFloat64s } from '../../src/json-well-formed.js';
import { useOutputRuns } from './output-runs.js';
import { sameSigned, wire } from './signed-zero.js';

const outputs = useOutputRuns('dws-h50a4-');
const { sent, argsOf, mcp } = outputs;

/** The one call's arguments of a run that must have sent exactly one. */
async function oneCall(argv: string[]): Promise<Record<string, unknown>> {
  const run = await sent(argv);
  expect(run.reason).toBeUndefined();
  expect(run.calls).toHaveLength(1);
  return run.calls[0][1] as Record<string, unknown>;
}

/** JSON values as a user might type them inside a JSON flag, negative zeros among the numbers. */
const jsonValue = fc.letrec((tie) => ({
  leaf: fc.oneof(fc.constantFrom(-0, 0, 1.5, -2, 1e21, 5e-7), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string({ maxLength: 4 }), fc.boolean(), fc.constant(null)),
  node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'x'), tie('node'), { maxKeys: 3 })),
})).node;
/** JSON text with each negative zero written `-0`, as a user types it (JSON.stringify writes it `0`). */
const typed = (v: unknown): string => {
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(typed).join(',')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${typed(x)}`).join(',')}}`;
  return JSON.stringify(v);
};

describe('goFloat64s (the go_float64s transform) writes each negative zero as Go marshals a float64 -0', () => {
  it('gives the value itself when it holds no -0; else a copy with every -0 the literal -0, the input unchanged (property)', () => {
    fc.assert(fc.property(jsonValue, (v) => {
      const before = typed(v);
      const out = goFloat64s(v);
      expect(typed(v)).toBe(before);
      expect(sameSigned(wire(out), v)).toBe(true);
      if (!before.includes('-0')) expect(out).toBe(v);
    }), { numRuns: 200, examples: [[-0], [[0, -0]], [{ a: [{ b: -0 }] }]] });
  });
  it('keeps a "__proto__" key a key, and reads a value nested 5,000 levels deep', () => {
    const parsed = JSON.parse('{"__proto__":-0,"k":[-0]}') as unknown;
    const out = goFloat64s(parsed) as Record<string, unknown>;
    expect([Object.keys(out), Object.getPrototypeOf(out) === Object.prototype, wire(out['__proto__'])]).toEqual([['__proto__', 'k'], true, -0]);
    const deep = JSON.parse(`${'['.repeat(5000)}-0${']'.repeat(5000)}`) as unknown;
    let inner = goFloat64s(deep);
    for (let i = 0; i < 5000; i++) inner = (inner as unknown[])[0];
    expect(inner).toEqual(new JsonNumber('-0'));
  });
});

describe('attendance schedule import sends --scheduleVOS as json.Unmarshal then json.Marshal do (attendance.go:3811-3853@c7521c1c)', () => {
  const entry = { userId: 'u1', workDate: '2026-04-22', classId: 1, isRest: 'N' };
  const importing = (vos: string, group = '5') => ['attendance', 'schedule', 'import', '--groupId', group, '--scheduleVOS', vos, '--yes'];
  it('a -0 anywhere in an entry is the float64 -0 upstream sends (`-0`), not 0; workDate is rewritten, the rest kept', async () => {
    const args = await oneCall(importing('[{"userId":"u1","workDate":"2026-04-22","classId":-0,"isRest":"N","extra":[-0.0,{"y":-0e3}],"z":0}]'));
    const request = wire(args.GenerateTurnScheduleRequest) as { scheduleVOS: Record<string, unknown>[]; groupId: unknown; param: unknown };
    expect(sameSigned(request.scheduleVOS, [{ userId: 'u1', workDate: '2026-04-22 00:00:00', classId: -0, isRest: 'N', extra: [-0, { y: -0 }], z: 0 }])).toBe(true);
    expect([request.groupId, request.param]).toEqual([5, { useHistoryGroupAndShift: false }]);
  });
  it('for any JSON value in an entry, the value sent is the one Go decodes (float64, so 1.50 is 1.5) with each zero signed (property)', async () => {
    await fc.assert(fc.asyncProperty(jsonValue, async (v) => {
      const args = await oneCall(importing(`[${typed({ ...entry, note: '' }).replace('"note":""', () => `"note":${typed(v)}`)}]`));
      const [sentEntry] = (wire(args.GenerateTurnScheduleRequest) as { scheduleVOS: Record<string, unknown>[] }).scheduleVOS;
      expect(sameSigned(sentEntry.note, v)).toBe(true);
    }), { numRuns: 40, examples: [[-0], [[-0, 0]], [{ a: { b: -0 } }], [[{ a: '$`' }]], ['$&$$']] });
  });
  it('--groupId is strconv.ParseInt(text, 10, 64): -0 is 0 (Go int has no -0), +5 is 5; a padded or hex id is refused before any call', async () => {
    for (const [group, want] of [['-0', 0], ['+5', 5], ['010', 10]] as const) {
      const args = await oneCall(importing(JSON.stringify([entry]), group));
      expect(Object.is(wire((args.GenerateTurnScheduleRequest as { groupId: unknown }).groupId), want)).toBe(true);
    }
    for (const bad of [' 5', '0x10', '1_0', '9223372036854775808']) expect(await argsOf(importing(JSON.stringify([entry]), bad))).toBe('invalid_parameter');
  });
  it('a numeric workDate is epoch milliseconds truncated toward zero (int64(v)); null, true and an unreadable text are refused', async () => {
    const sentDate = async (wd: string) => {
      const args = await oneCall(importing(`[{"userId":"u","workDate":${wd},"classId":1,"isRest":"N"}]`));
      return (args.GenerateTurnScheduleRequest as { scheduleVOS: { workDate: string }[] }).scheduleVOS[0].workDate;
    };
    // int64(-999.9) is -999: the last second before 1970 (as -1 is), not the second before that
    expect(await sentDate('-999.9')).toBe(await sentDate('-1'));
    expect(await sentDate('" 2026-04-22  9:00:00.5 "')).toBe('2026-04-22  9:00:00.5');
    for (const bad of ['null', 'true', '"2026-4-22"', '"2026-04-22T09:00:00"', '"2026-04-22 24:00:00"', '""']) {
      expect([bad, await argsOf(importing(`[{"userId":"u","workDate":${bad},"classId":1,"isRest":"N"}]`))]).toEqual([bad, 'invalid_parameter']);
    }
  });
});

describe.each([
  ['advperm role-create', 'helpers/aitable.go:6450-6458', ['aitable', 'advperm', 'role-create', '--base-id', 'b', '--name', 'n'], 'aitable-helper/create_role'],
  ['advperm role-update', 'helpers/aitable.go:6517-6525', ['aitable', 'advperm', 'role-update', '--base-id', 'b', '--role-id', 'r'], 'aitable-helper/patch_role'],
  ['+role-create', 'shortcut/aitable/aitable.go:41-46, :2814-2819', ['aitable', '+role-create', '--base-id', 'b', '--name', 'n', '--yes'], 'aitable-helper/create_role'],
  ['+role-update', 'shortcut/aitable/aitable.go:41-46, :2856-2861', ['aitable', '+role-update', '--base-id', 'b', '--role-id', 'r', '--yes'], 'aitable-helper/patch_role'],
] as const)('aitable %s sends --sub-roles as json.Unmarshal into any then json.Marshal (%s@c7521c1c)', (_name, _where, argv, rpc) => {
  it('each -0 in the list is sent as -0; other numbers as their float64', async () => {
    const run = await sent([...argv, '--sub-roles', '[{"targetId":"s1","targetType":"sheet","authLevel":"read","config":{"w":-0,"v":[1.50,-0.0]}}]']);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([tool]) => tool)).toEqual([rpc]);
    const subRoles = wire((run.calls[0][1] as { subRoles: unknown }).subRoles);
    expect(sameSigned(subRoles, [{ targetId: 's1', targetType: 'sheet', authLevel: 'read', config: { w: -0, v: [1.5, -0] } }])).toBe(true);
  });
});

describe('other readings of the draw that already matched upstream', () => {
  it('chat message forward trims --message-id (and takes --msg-id/--open-message-id) as the id migration does, but a blank one goes as typed; the conversation ids go untrimmed (chat.go:419-456, :7043-7058@c7521c1c)', async () => {
    const base = ['chat', 'message', 'forward', '--src-conversation-id', ' s ', '--dest-conversation-id', ' d'];
    expect(await argsOf([...base, '--message-id', ' m '])).toEqual([{ srcOpenCid: ' s ', srcOpenMessageId: 'm', destOpenCid: ' d' }]);
    expect(await argsOf([...base, '--message-id', ' '])).toEqual([{ srcOpenCid: ' s ', srcOpenMessageId: ' ', destOpenCid: ' d' }]);
    expect(await argsOf([...base, '--open-message-id', ' o ', '--uuid', ' '])).toEqual([{ srcOpenCid: ' s ', srcOpenMessageId: 'o', destOpenCid: ' d', uuid: ' ' }]);
    expect(await argsOf([...base, '--message-id', 'a', '--msg-id', 'b'])).toBe('invalid_parameter');
  });
  it('chat group transfer-owner: an openDingTalkId-looking owner (trimmed for the test) goes as newOwnerOpenDingTalkId untrimmed, anything else as newOwnerUid (chat.go:6560-6586@c7521c1c)', async () => {
    const owner = ' Db3BlbmlkMDIiE ';
    expect(await argsOf(['chat', 'group', 'transfer-owner', '--conversation-id', ' c ', '--new-owner', owner])).toEqual([{ openConversationId: 'c', newOwnerOpenDingTalkId: owner }]);
    expect(await argsOf(['chat', 'group', 'transfer-owner', '--group', ' g ', '--userId', ' u '])).toEqual([{ openConversationId: 'g', newOwnerUid: ' u ' }]);
    expect(await argsOf(['chat', 'group', 'transfer-owner', '--conversation-id', 'c', '--user', 'u', '--new-owner', 'x'])).toBe('constraint_violation');
  });
  it('todo task remove-executor: only-blank --executors is null, only commas [] (parseExecutorIds, todo.go:686-698, :1871-1884@c7521c1c)', async () => {
    const remove = (executors: string) => argsOf(['todo', 'task', 'remove-executor', '--task-id', ' t ', '--executors', executors]);
    expect(await remove(' ')).toEqual([{ todoExecutorsRemoveRequest: { taskId: ' t ', executorIds: null } }]);
    expect(await remove(' ,, ')).toEqual([{ todoExecutorsRemoveRequest: { taskId: ' t ', executorIds: [] } }]);
    expect(await remove(' a ,"b",')).toEqual([{ todoExecutorsRemoveRequest: { taskId: ' t ', executorIds: ['a', '"b"'] } }]);
  });
  it('aitable attachment upload: required means typed (an empty value sent), size is the pflag Int64 (0x10, 010, 1_0, +5); 1e3 and a padded size are refused (aitable.go:2977-2997@c7521c1c)', async () => {
    for (const [size, want] of [['0x10', 16], ['010', 8], ['1_0', 10], ['+5', 5], ['-1', -1]] as const) {
      expect(await argsOf(['aitable', 'attachment', 'upload', '--base-id', '', '--file-name', ' ', '--size', size, '--mime-type', ''])).toEqual([{ baseId: '', fileName: ' ', size: want }]);
    }
    for (const bad of ['1e3', ' 5']) expect(await argsOf(['aitable', 'attachment', 'upload', '--base-id', 'b', '--file-name', 'f', '--size', bad])).toBe('invalid_parameter');
  });
  it('devapp +list reads the app list one level deep only, and copies the first hasMore/nextCursor scope (devapp.go:146-246, :1406-1440@c7521c1c)', async () => {
    mcp.answers['list_dev_app'] = () => ({ result: { list: [{ unified_app_id: 'u', appName: null, name: 'N', clientId: 'k' }, { y: 2 }, 's', { status: null }], hasMore: true, nextCursor: 'n' } });
    const run = await sent(['devapp', '+list', '--cursor', ' c ', '--page-size', '0', '--app-group-id', '0x10']);
    expect(run.calls).toEqual([['devapp/list_dev_app', { cursor: 'c', appGroupId: 16, pageSize: 20 }]]);
    expect(run.printed).toEqual({ count: 2, apps: [{ unifiedAppId: 'u', name: 'N', appKey: 'k' }, { status: null }], hasMore: true, nextCursor: 'n' });
    mcp.answers['list_dev_app'] = () => ({ result: { data: { list: [{ name: 'deep' }] } }, hasMore: false });
    expect((await sent(['devapp', '+list'])).printed).toEqual({ count: 0, apps: [], hasMore: false });
    delete mcp.answers['list_dev_app'];
  });
});
