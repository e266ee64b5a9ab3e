// Every catalog leaf becomes a working command: flags register without collisions, the ajv schema compiles, help
// renders, and a bare `--dry-run` ends in a plan or a typed refusal, never an internal error. Also pins which tools
// this build can dispatch (MCP-backed, local, or composite with a plan in catalog/plans/) and why the others cannot.
import { describe, expect, it } from 'vitest';
import { runDispatch } from '../../src/dispatch/cli.js';
import { DwsError } from '../../src/errors.js';
import { localCommands } from '../../src/dispatch/local/index.js';
import { ROOT, shippedEngine } from '../helpers.js';
import { singleCallPlanPaths } from './plan-paths.js';
import { LOCAL_COMPOSITES } from '../../src/plan/summary.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';

async function outcome(argv: string[]): Promise<string> {
  let out = '';
  try {
    await runDispatch(argv, shippedEngine, { write: async (t) => void (out += t), env: {} });
  } catch (e) {
    if (e instanceof DwsError) return e.reason;
    throw e;
  }
  return JSON.parse(out).dry_run === true ? 'plan' : 'other';
}

/** The multi-step commands of upstream c7521c1c whose plans wait for branch multi's primitives. */
const PARKED_UPSTREAM = {
  reason: 'issue 26: multi-step plan parked in wip/upstream-multi-step until branch multi lands',
  paths: [
    'wiki.shortcut_delete_space', 'wiki.shortcut_move', 'wiki.shortcut_move_to_drive', 'wiki.shortcut_node_copy',
    'wiki.shortcut_node_create', 'wiki.shortcut_node_delete', 'wiki.shortcut_space_create', 'wiki.shortcut_wiki_new_doc',
  ],
};
/** The commands parked in wip/multi-step (issue 20) and the one the language cannot express yet. */
const parkedMultiStep = (): string[] => readFileSync(path.join(ROOT, 'wip', 'multi-step', 'test', 'fixtures', 'multi-step', 'plans.txt'), 'utf8')
  .split('\n').filter(Boolean).concat('sheet.range_batch_set_style');

describe('every catalog leaf as a command', () => {
  it(`the commands answering not_dispatchable are exactly the parked ones (${PARKED_UPSTREAM.reason})`, async () => {
    const refused: string[] = [];
    for (const t of shippedEngine().tools()) {
      if (await outcome([...t.primary_cli_path.split(' '), '--dry-run']) === 'not_dispatchable') refused.push(t.canonical_path);
    }
    expect(refused.sort()).toEqual([...parkedMultiStep(), ...PARKED_UPSTREAM.paths].sort());
    // Each parked upstream command has its declaration in wip/upstream-multi-step.
    const wip = readFileSync(path.join(ROOT, 'wip', 'upstream-multi-step', 'wiki.yaml'), 'utf8');
    for (const p of PARKED_UPSTREAM.paths) expect(wip, p).toContain(`  ${p}:`);
  });

  it('each of the tools answers --dry-run with a plan or a typed refusal; MCP-backed and planned ones are the dispatchable ones', async () => {
    const tools = shippedEngine().tools();
    const planned = new Set(singleCallPlanPaths());
    const byMode: Record<string, Record<string, number>> = {};
    for (const t of tools) {
      const reason = await outcome([...t.primary_cli_path.split(' '), '--dry-run']);
      expect(reason, t.canonical_path).not.toBe('internal_error');
      // None of this planned commands answers not_dispatchable (a bare --dry-run may lack a required flag).
      if (planned.has(t.canonical_path)) expect(reason, t.canonical_path).not.toBe('not_dispatchable');
      const mode = t.availability === 'available' && ((t.interface_mode === 'mcp' && t.interface_ref) || (t.interface_mode === 'composite' && t.plan) || Object.hasOwn(localCommands, t.canonical_path))
        ? 'dispatchable' : `${t.availability}/${t.interface_mode}`;
      (byMode[mode] ??= {})[reason] = (byMode[mode][reason] ?? 0) + 1;
    }
    // A dispatchable tool never answers not_dispatchable; every other tool always does (or unavailable).
    expect(Object.keys(byMode.dispatchable)).not.toContain('not_dispatchable');
    for (const [mode, reasons] of Object.entries(byMode)) {
      if (mode !== 'dispatchable') expect(Object.keys(reasons), mode).toEqual([mode.startsWith('unavailable') ? 'tool_unavailable' : 'not_dispatchable']);
    }
    const count = (m: string) => Object.values(byMode[m] ?? {}).reduce((a, b) => a + b, 0);
    expect(count('dispatchable') + count('available/composite') + count('available/local') + count('unavailable/mcp')).toBe(tools.length);
  });

  it('the composite commands run locally are exactly the registered local commands the facts do not call local', () => {
    const tools = shippedEngine().tools().filter((t) => Object.hasOwn(localCommands, t.canonical_path) && t.interface_mode !== 'local');
    expect(tools.map((t) => t.canonical_path).sort()).toEqual([...LOCAL_COMPOSITES].sort());
  });

  it('each registered local command runs through dispatch: its bare --dry-run is a local plan or a refusal of its own flags', async () => {
    const tools = shippedEngine().tools().filter((t) => Object.hasOwn(localCommands, t.canonical_path));
    expect(tools.map((t) => t.canonical_path).sort()).toEqual(Object.keys(localCommands).sort());
    const answers: Record<string, string> = {};
    for (const t of tools) answers[t.canonical_path] = await outcome([...t.primary_cli_path.split(' '), '--dry-run']);
    expect(Object.values(answers)).not.toContain('not_dispatchable');
    expect(answers).toMatchObject({
      'dev.connect_restart': 'plan',
      'dev.connect_status': 'constraint_violation',
      'dev.connect_stop': 'constraint_violation',
      'event.consume': 'plan',
      'event.list': 'plan',
      'event.schema': 'missing_parameter',
      'event.status': 'plan',
      'event.stop': 'plan',
      'pat.browser_policy': 'plan',
    });
  });

  it('each of the tools renders help without errors; a command that runs says how, never "Not dispatchable"', async () => {
    const planned = new Set(singleCallPlanPaths());
    for (const t of shippedEngine().tools()) {
      let out = '';
      await runDispatch([...t.primary_cli_path.split(' '), '--help'], shippedEngine, { write: async (s) => void (out += s), env: {} });
      expect(out.startsWith(`dws ${t.primary_cli_path} - `)).toBe(true);
      if (planned.has(t.canonical_path) || t.interface_mode === 'mcp' || Object.hasOwn(localCommands, t.canonical_path)) {
        expect(out, t.canonical_path).not.toContain('Not dispatchable');
        if (t.availability === 'available') expect(out, t.canonical_path).toContain('Executes / 执行方式: ');
      }
    }
  });
});
