// Session 42, lead (issue 32, notes/h42-lead.md): where a drawn command still differed from upstream's body at
// c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h42lead-');

// runAitableViewGetAttr (internal/helpers/aitable.go:995-1023@c7521c1c) reads the view with getViewRaw (:748-784) and
// checks its type with requireViewType (:786-800) or dispatchCardKey (:802-811): each failure is a CLIError of code
// MCP_TOOL_ERROR, whose exit code is ExitAPI (errors.go:64-86), after the one get_views call.
describe('aitable view get field-widths|card|timebar|aggregate: a missing, malformed or wrong-typed view is an API failure (exit 1)', () => {
  const commands: Array<[string, string, unknown]> = [
    ['field-widths', 'Grid', { custom: { widthMap: { f1: 120 } } }],
    ['aggregate', 'Grid', { aggregate: { f1: 'SUM' } }],
    ['timebar', 'Gantt', { ganttTimebar: { startField: 's' } }],
    ['card', 'Kanban', { kanbanCard: { coverMode: 'FIT' } }],
  ];
  const run = async (attr: string, answer: unknown) => {
    outputs.answer('aitable/get_views', answer);
    const argv = ['aitable', 'view', 'get', attr, '--base-id', 'b1', '--table-id', 't1', '--view-id', 'v1'];
    outputs.mcp.calls.length = 0;
    const outcome = await dispatchInProcess(argv, outputs.env());
    return {
      exit: outcome.error?.exitCode ?? 0,
      reason: outcome.error?.reason,
      calls: outputs.mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments]),
      out: outcome.out,
    };
  };
  const sentOnce = [['aitable/get_views', { baseId: 'b1', tableId: 't1', viewIds: ['v1'] }]];

  for (const [attr, type, block] of commands) {
    it(`${attr}: a view of another type is refused after the read, exit 1`, async () => {
      const other = type === 'Grid' ? 'Gallery' : 'Grid';
      const r = await run(attr, { data: { views: [{ viewType: other, ...(block as object) }] } });
      expect(r).toMatchObject({ exit: 1, reason: 'backend_error', calls: sentOnce, out: '' });
    });
    it(`${attr}: no view listed (an empty list, no list, no data) is refused, exit 1`, async () => {
      for (const answer of [{ data: { views: [] } }, { data: { views: 'v1' } }, { data: 5 }, { views: [{ viewType: type }] }]) {
        expect(await run(attr, answer)).toMatchObject({ exit: 1, reason: 'backend_error', calls: sentOnce });
      }
    });
    it(`${attr}: a first view that is not an object, or whose viewType is not text, is refused, exit 1`, async () => {
      for (const answer of [{ data: { views: [5] } }, { data: { views: [null] } }, { data: { views: [{ viewType: [type] }] } }]) {
        expect(await run(attr, answer)).toMatchObject({ exit: 1, reason: 'backend_error' });
      }
    });
    it(`${attr}: a ${type} view still prints its block, exit 0`, async () => {
      const r = await run(attr, { data: { views: [{ viewType: type, ...(block as object) }] } });
      expect(r.exit).toBe(0);
      const printed = (JSON.parse(r.out) as { result: { data: unknown } }).result;
      const inner = Object.values(block as Record<string, unknown>)[0];
      expect(printed).toEqual({ status: 'success', data: attr === 'field-widths' ? (inner as { widthMap: unknown }).widthMap : inner, error: {} });
    });
  }

  it('card: a Gallery view prints its galleryCard', async () => {
    const r = await run('card', { data: { views: [{ viewType: 'Gallery', galleryCard: { coverMode: 'FILL' }, kanbanCard: { x: 1 } }] } });
    expect(r.exit).toBe(0);
    expect((JSON.parse(r.out) as { result: unknown }).result).toEqual({ status: 'success', data: { coverMode: 'FILL' }, error: {} });
  });
});

// getCurrentUserID (internal/helpers/helpers.go:521-561@c7521c1c), read by chat group create (chat.go:2563-2575): the
// profile is json.Unmarshal-ed into two typed structs (keys matched exactly, else ignoring case; one mistyped field fails
// the whole decode), then read as a map with exact keys; the first non-empty userId is the owner, put first.
describe('chat group create finds the signed-in user as getCurrentUserID decodes the profile', () => {
  const argv = ['chat', 'group', 'create', '--name', 'G', '--users', 'u1,u2', '--yes'];
  const membersFor = async (profile: unknown) => {
    outputs.answer('contact/get_current_user_profile', profile);
    const run = await outputs.sent(argv);
    return run.reason ?? run.calls.find(([rpc]) => rpc === 'im/create_group_conversation')?.[1];
  };
  it('keys in another letter case are matched, as Go decodes into a struct', async () => {
    expect(await membersFor({ Result: [{ OrgEmployeeModel: { UserID: 'me1' } }] })).toMatchObject({ groupMembers: ['me1', 'u1', 'u2'] });
    expect(await membersFor({ RESULT: { userid: 'me2' } })).toMatchObject({ groupMembers: ['me2', 'u1', 'u2'] });
  });
  it('a blank userId is a userId (only "" is none); exact keys still read', async () => {
    expect(await membersFor({ result: [{ orgEmployeeModel: { userId: ' ' } }] })).toMatchObject({ groupMembers: [' ', 'u1', 'u2'] });
    expect(await membersFor({ result: [{ orgEmployeeModel: { userId: 'u2' } }] })).toMatchObject({ groupMembers: ['u2', 'u1'] });
  });
  it('a mistyped later element fails the struct decode; the exact-key map read still finds result[0], a folded key does not', async () => {
    expect(await membersFor({ result: [{ orgEmployeeModel: { userId: 'me4' } }, { orgEmployeeModel: 'x' }] })).toMatchObject({ groupMembers: ['me4', 'u1', 'u2'] });
    expect(await membersFor({ Result: [{ OrgEmployeeModel: { UserID: 'me5' } }, { orgEmployeeModel: 'x' }] })).toBe('invalid_parameter');
  });
  it('no userId at all (a number, an empty list, "") creates nothing', async () => {
    for (const profile of [{ result: [{ orgEmployeeModel: { userId: 5 } }] }, { result: [] }, { result: { userId: '' } }, {}]) {
      outputs.answer('contact/get_current_user_profile', profile);
      const run = await outputs.sent(argv);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls.map(([rpc]) => rpc)).toEqual(['contact/get_current_user_profile']);
    }
  });
});
