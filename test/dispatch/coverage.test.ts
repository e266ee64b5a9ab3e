// Every catalog leaf becomes a working command: flags register without collisions, the ajv schema compiles, help
// renders, and a bare `--dry-run` ends in a plan or a typed refusal, never an internal error. No command of the
// catalog answers not_dispatchable (each is MCP-backed, local, or composite with a plan in catalog/plans/), neither
// with a bare --dry-run nor with its required flags filled.
import { describe, expect, it } from 'vitest';
import { runDispatch } from '../../src/dispatch/cli.js';
import { DwsError } from '../../src/errors.js';
import { runs } from '../../src/plan/runs.js';
import { localCommands } from '../../src/local/index.js';
import type { ToolSpec } from '../../src/catalog/types.js';
import { shippedEngine } from '../helpers.js';

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

/** A value of the flag's type, format or enum (what an agent fills in from Inspect); undefined for a boolean. */
function sampleValue(t: ToolSpec, flag: string): string | undefined {
  const p = t.parameters[flag];
  if (p.type === 'bool') return undefined;
  if (p.enum?.length) return String(p.enum[0]);
  if (p.example !== undefined && p.example !== null && p.example !== '') return String(p.example);
  if (p.type === 'int' || p.type === 'int64' || p.format === 'numeric-id' || p.format === 'positive-integer') return '2';
  if (p.type === 'float64') return '1.5';
  if (p.type === 'intSlice') return '1,2';
  if (p.format === 'date') return '2026-04-01';
  if (p.format === 'date-time') return '2026-04-01T09:00:00+08:00';
  if (p.format === 'json') return '{}';
  return `v-${flag}`;
}

/** The command line with every required flag and positional filled, and one flag of each require_one_of group. */
function requiredArgv(t: ToolSpec): string[] {
  const flags = Object.entries(t.parameters).filter(([, p]) => p.required || p.cli_required).map(([f]) => f);
  for (const g of t.constraints.require_one_of) if (!g.some((f) => flags.includes(f))) flags.push(g[0]);
  for (const g of t.constraints.require_together) if (g.some((f) => flags.includes(f))) for (const f of g) if (!flags.includes(f)) flags.push(f);
  const argv = [...t.primary_cli_path.split(' ')];
  for (const p of [...(t.positionals ?? [])].sort((a, b) => a.index - b.index)) if (p.required) argv.push(`v-${p.name}`);
  for (const f of flags) {
    const v = sampleValue(t, f);
    argv.push(`--${f}`, ...(v === undefined ? [] : [v]));
  }
  return [...argv, '--dry-run'];
}


describe('every catalog leaf as a command', () => {
  it('no tool answers not_dispatchable to a bare --dry-run (a plan or another typed refusal, never an internal error)', async () => {
    const refused: string[] = [];
    for (const t of shippedEngine().tools()) {
      const reason = await outcome([...t.primary_cli_path.split(' '), '--dry-run']);
      expect(reason, t.canonical_path).not.toBe('internal_error');
      if (reason === 'not_dispatchable') refused.push(t.canonical_path);
      // only an unavailable tool is refused for its availability; every other one has a way to run
      expect(reason === 'tool_unavailable', t.canonical_path).toBe(t.availability === 'unavailable');
      if (t.availability === 'available') expect(runs(t), t.canonical_path).toBe(true);
    }
    expect(refused).toEqual([]);
  });

  it('with its required flags filled, no tool answers not_dispatchable or fails inside, and most print their plan', async () => {
    const answers: Record<string, string[]> = {};
    for (const t of shippedEngine().tools()) {
      const reason = await outcome(requiredArgv(t));
      (answers[reason] ??= []).push(t.canonical_path);
    }
    expect(answers.not_dispatchable ?? []).toEqual([]);
    expect(answers.internal_error ?? []).toEqual([]);
    // the rest print a plan, or refuse a sample value their own validation rejects (a format, a constraint)
    const plans = (answers.plan ?? []).length;
    expect(plans, JSON.stringify(Object.fromEntries(Object.entries(answers).filter(([k]) => k !== 'plan')))).toBeGreaterThan(1000);
  });

  it('the composite commands whose plan is local (catalog/plans/local/) are exactly the registered local commands the facts do not call local', () => {
    const registered = shippedEngine().tools().filter((t) => Object.hasOwn(localCommands, t.canonical_path) && t.interface_mode !== 'local');
    const declared = shippedEngine().tools().filter((t) => t.plan?.local !== undefined);
    expect(declared.map((t) => t.canonical_path).sort()).toEqual(registered.map((t) => t.canonical_path).sort());
    expect(declared.length).toBe(9);
  });

  it('each registered local command runs through dispatch: its bare --dry-run is a local plan or a refusal of its own flags', async () => {
    const tools = shippedEngine().tools().filter((t) => Object.hasOwn(localCommands, t.canonical_path));
    // a hand-over routine (drive list's walks) is no catalog leaf: a plan's handoff step runs it under its own command
    const routines = Object.keys(localCommands).filter((k) => localCommands[k].routine);
    expect(routines).toEqual(['drive.list_walk']);
    expect(tools.map((t) => t.canonical_path).sort()).toEqual(Object.keys(localCommands).filter((k) => !routines.includes(k)).sort());
    const answers: Record<string, string> = {};
    for (const t of tools) answers[t.canonical_path] = await outcome([...t.primary_cli_path.split(' '), '--dry-run']);
    expect(Object.values(answers)).not.toContain('not_dispatchable');
    expect(answers).toMatchObject({
      'dev.connect_restart': 'plan',
      'dev.connect_status': 'constraint_violation',
      'dev.connect_stop': 'constraint_violation',
      // sw32-10: a bare dry run refuses as upstream's does (BuildRuleParam of no key, event_personal_command.go:331@c7521c1c)
      'event.consume': 'missing_parameter',
      'event.list': 'plan',
      'event.schema': 'missing_parameter',
      'event.status': 'plan',
      // upstream checks subscribe_id/--all before its dry run too (event_command.go:1253)
      'event.stop': 'missing_parameter',
      'pat.browser_policy': 'plan',
    });
  });

  it('each of the tools renders help without errors; a command that runs says how, never "Not dispatchable"', async () => {
    for (const t of shippedEngine().tools()) {
      let out = '';
      await runDispatch([...t.primary_cli_path.split(' '), '--help'], shippedEngine, { write: async (s) => void (out += s), env: {} });
      expect(out.startsWith(`dws ${t.primary_cli_path} - `)).toBe(true);
      expect(out, t.canonical_path).not.toContain('Not dispatchable');
      if (t.availability === 'available') expect(out, t.canonical_path).toContain('Executes / 执行方式: ');
    }
  });
});
