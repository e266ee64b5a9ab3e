// Same-call twins (src/build/twins.ts) are derived from the plans at build; here the derivation is checked against
// behaviour: for every derived group, each member run with the same values for its matching flags sends the same
// calls, in a dry run and to the recording backend on 127.0.0.1. And plans that fix other values or print another
// part of one answer are not derived, whatever RPC they share.
process.env.TZ = 'Asia/Shanghai';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import { callForm, sameCallGroups, twinGroups } from '../../src/build/twins.js';
import { dispatchInProcess, shippedEngine } from '../helpers.js';
import { useMcpServer, recordingEnv } from '../fixtures/mcp/server.js';
import { flagUses, valueFor } from '../plan/sample-values.js';

const mcp = useMcpServer();
const tools = () => shippedEngine().tools();
const tool = (path: string) => tools().find((t) => t.canonical_path === path)!;

/** One value per input of the group's first member (flags by name, `#n` positionals), given to every member. */
function sharedValues(t: ToolSpec, inputs: string[]): (string | undefined)[] {
  const uses = flagUses(t.plan);
  return inputs.map((n) => {
    if (n.startsWith('#')) return `v-pos-${n.slice(1)}`;
    // a hidden flag the plan reads (doc/drive permission list --max-results) takes a value of its type
    if (!Object.hasOwn(t.parameters, n)) return t.hidden_parameters?.[n]?.type.startsWith('int') ? '7' : `v-${n}`;
    return valueFor(t, n, uses.get(n) ?? []);
  });
}

/**
 * The command line of a member given input i the value values[i] (a bool flag, set when its value is undefined), and
 * any flag it requires that sends nothing (`wiki node delete --workspace`, checked, never sent) with a value of its own.
 */
function argvOf(t: ToolSpec, inputs: string[], values: (string | undefined)[]): string[] {
  const argv = t.primary_cli_path.split(' ');
  inputs.forEach((n, i) => {
    if (n.startsWith('#')) argv.push(values[i]!);
    else argv.push(`--${n}`, ...(values[i] === undefined ? [] : [values[i]!]));
  });
  const uses = flagUses(t.plan);
  for (const [f, p] of Object.entries(t.parameters)) {
    if (!inputs.includes(f) && (p.required || p.cli_required) && p.default === undefined) argv.push(`--${f}`, valueFor(t, f, uses.get(f) ?? []) ?? '');
  }
  if (t.confirmation === 'user_required') argv.push('--yes');
  return argv;
}

const env = () => recordingEnv(mcp.urlTemplate, 'tok-twins');
const now = new Date('2026-03-10T10:00:00+08:00');

/** What a dry run shows a member sending: its calls (server, RPC, arguments, paging, ...), step ids aside. */
async function dryCalls(argv: string[]): Promise<unknown> {
  const outcome = await dispatchInProcess([...argv, '--dry-run'], env(), shippedEngine, { now: () => now, uuid: () => 'uuid-1' });
  if (outcome.error) return { refused: outcome.error.reason };
  const steps = (JSON.parse(outcome.out) as { steps: { id: string; server?: string }[] }).steps;
  return steps.filter((s) => s.server !== undefined).map(({ id: _, ...s }) => s);
}

/** The calls a member really sends to the recording backend. */
async function sentCalls(argv: string[]): Promise<unknown> {
  mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, env(), shippedEngine, { now: () => now, uuid: () => 'uuid-1', sleep: async () => {} });
  return { calls: mcp.calls.map((c) => ({ server: c.server, name: c.name, arguments: c.arguments })), refused: outcome.error?.reason };
}

describe('same-call twins', () => {
  it('are derived from the plans: the doc, drive and wiki moves are one group, with their shortcuts', () => {
    const groups = sameCallGroups(tools()).map((g) => g.paths);
    expect(groups).toContainEqual(['doc.move_document', 'drive.move_document', 'wiki.node_move']);
    const named = twinGroups(tools());
    for (const p of ['drive.move_document', 'wiki.node_move', 'drive.shortcut_move', 'wiki.shortcut_move']) expect(named.get(p)).toBe('doc.move_document');
    // without same-call twins, a shortcut and the command it wraps only
    expect(twinGroups(tools(), false).get('drive.shortcut_move')).toBe('drive.move_document');
  });

  it('are not derived for plans that fix other values or print another part of one answer', () => {
    // one RPC each pair, but enable vs disable, another belonging filter, a view's filter vs its sort
    for (const [a, b] of [['aitable.advperm_enable', 'aitable.advperm_disable'], ['minutes.list_shared_minutes', 'minutes.list_accessible_minutes'],
      ['aitable.view_get_filter', 'aitable.view_get_sort']]) {
      expect(tool(a).interface_ref).toEqual(tool(b).interface_ref);
      expect(callForm(tool(a))!.key).not.toBe(callForm(tool(b))!.key);
      expect(twinGroups(tools()).get(a)).not.toBe(twinGroups(tools()).get(b));
    }
  });

  /**
   * Each member of the group run with one set of values: the same calls in a dry run and at the backend, and with
   * `answers` the same outcome of the backend's echo too (a member that checks the answer may refuse what another prints).
   */
  async function expectSameCalls(groups: { paths: string[]; inputs: string[][] }[], answers = true): Promise<void> {
    let sent = 0;
    for (const g of groups) {
      const members = g.paths.map(tool);
      const values = sharedValues(members[0], g.inputs[0]);
      const dry = await Promise.all(members.map((t, i) => dryCalls(argvOf(t, g.inputs[i], values))));
      for (let i = 1; i < members.length; i++) expect(dry[i], `${g.paths[i]} vs ${g.paths[0]} (dry run)`).toEqual(dry[0]);
      expect(dry[0], g.paths[0]).not.toHaveProperty('refused');
      const real = [];
      for (const [i, t] of members.entries()) {
        const { calls, refused } = (await sentCalls(argvOf(t, g.inputs[i], values))) as { calls: unknown[]; refused: unknown };
        real.push(answers ? { calls, refused } : { calls });
      }
      for (let i = 1; i < members.length; i++) expect(real[i], `${g.paths[i]} vs ${g.paths[0]} (sent)`).toEqual(real[0]);
      if ((real[0] as { calls: unknown[] }).calls.length > 0) sent++;
    }
    expect(sent).toBe(groups.length);
  }

  it('send the same calls for the same values: every derived group, in a dry run and to the backend', async () => {
    const groups = sameCallGroups(tools());
    expect(groups.length).toBeGreaterThanOrEqual(20);
    await expectSameCalls(groups);
  });

  it('include a devapp shortcut and the dev app command it wraps, which send the same calls and print the answer each its way', async () => {
    const across = tools().filter((t) => t.wraps !== undefined && !t.wraps.startsWith(`${t.product_id}.`));
    expect(across.length).toBe(9);
    const named = twinGroups(tools());
    const sameGroups = sameCallGroups(tools()).map((g) => g.paths);
    const printedAlike: string[] = [];
    const pairs = across.map((s) => {
      const target = tool(s.wraps!);
      // one group, named by the dev command
      expect(named.get(s.canonical_path), s.canonical_path).toBe(target.canonical_path);
      if (callForm(s)!.key === callForm(target)!.key) {
        // a shortcut upstream runs through the dev command's own result handling prints alike: a same-call group
        printedAlike.push(s.primary_cli_path);
        expect(sameGroups.some((g) => g.includes(s.canonical_path) && g.includes(target.canonical_path)), s.canonical_path).toBe(true);
      }
      return { paths: [target.canonical_path, s.canonical_path], inputs: [callForm(target, false)!.inputs, callForm(s, false)!.inputs] };
    });
    // none prints alike (h38-a1, h39-dev): the five shortcuts registered frameworkUnified (shortcut/devapp/devapp.go:1699-1735@c7521c1c)
    // read the answer through rt.CallMCP's unified branch (CallMCPToolDataOnServer, helpers.go:257-273: a blank answer is {})
    // and DevAppCommandResultFromPayload (helpers/devapp.go:1922-1929: an answer object holding `content` is read as that
    // value), where their dev app commands read the runner's response, the whole answer (helpers/devapp.go:1841-1862,
    // app/runner.go:774-790); they stay twins by `wraps` (the group above). The other four print the answer each its way
    // (+disable, +enable, +member-list: dual-validate, legacy bytes; +version-list: its list projection)
    expect(printedAlike).toEqual([]);
    // dev app version list refuses the echo's answer (its list check), devapp +version-list prints it: calls only
    await expectSameCalls(pairs, false);
  });

  it('print the answer each its way: devapp +disable prints the service answer whole, dev app disable its result', async () => {
    const answer = { success: true, result: { unifiedAppId: 'app-1', status: 'DISABLED' } };
    mcp.answers['devapp/disable_dev_app'] = () => answer;
    const run = (argv: string[]) => dispatchInProcess(argv, env(), shippedEngine, { now: () => now, uuid: () => 'uuid-1' });
    const shortcut = await run(['devapp', '+disable', '--unified-app-id', 'app-1', '--yes']);
    const atomic = await run(['dev', 'app', 'disable', '--unified-app-id', 'app-1', '--yes']);
    // dispatch prints {result: <what the command prints>}
    expect(JSON.parse(shortcut.out)).toEqual({ result: answer });
    expect(JSON.parse(atomic.out)).toEqual({ result: { disabled: true, unifiedAppId: 'app-1', status: 'DISABLED' } });
  });
});
