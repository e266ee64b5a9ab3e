// Alias flags (alias_of) dispatch exactly as the flag they stand for: for every such alias in the catalog,
// `--dry-run` with the alias gives the same plan (or the same refusal) as with the flag it stands for (a flag declared
// `own_spelling_required`, doc download's --node, refuses its alias alone and reads it beside a typed blank). And the
// upstream move from 6406c93e to c7521c1c (the chat flag migration: `--conversation-id` for `--group`,
// `--message-id` for `--msg-id`, ...): on each of the 57 commands it changed, every flag name of the older facts
// still works, on the CLI and through MCP `execute`, with the same plan as the name it now stands for.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runDispatch } from '../../src/dispatch/cli.js';
import { DwsError } from '../../src/errors.js';
import type { ToolSpec } from '../../src/catalog/types.js';
import { ROOT, shippedEngine } from '../helpers.js';
import { flagKey } from '../../src/contract/aliases.js';
import { runTool } from '../../src/serve/tools.js';
import { diffSurface, factsRecords, type FactRecord } from '../../scripts/lib/surface-diff.mjs';

// Two runs compared must see the same clock: plans with a default time window read it (the run's one reading).
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T10:00:00+08:00'));
});
afterAll(() => {
  vi.useRealTimers();
});

async function outcome(argv: string[]): Promise<unknown> {
  let out = '';
  try {
    // each run numbers its generated ids from 1, so two runs that send the same thing print the same thing
    let n = 0;
    await runDispatch(argv, shippedEngine, { write: async (t) => void (out += t), env: {}, uuid: () => `uuid-${++n}` });
  } catch (e) {
    if (e instanceof DwsError) return { refused: e.reason };
    throw e;
  }
  // a plan's {uuid: name} values are random per run (e.g. doc whiteboard insert): compare them as one placeholder
  return JSON.parse(out.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>'));
}

/** A value a flag of this type accepts. */
function sample(p: ToolSpec['parameters'][string]): string[] {
  if (p.type === 'bool') return [];
  if (p.enum?.length) return [String(p.enum[0])];
  if (p.example !== undefined) return [p.example];
  if (/int/.test(p.type)) return ['1'];
  return [`v-${p.type}`];
}

/** The flags a run needs besides `target`: every required flag, one flag of each require_one_of group, with sample values. */
function requiredArgs(t: ToolSpec, target: string): string[] {
  const given = new Set(Object.entries(t.parameters)
    .filter(([n, p]) => n !== target && (p.required || p.cli_required) && p.default === undefined).map(([n]) => n));
  for (const group of t.constraints.require_one_of) {
    if (!group.includes(target) && !group.some((n) => given.has(n))) given.add(group[0]);
  }
  for (const group of t.constraints.require_together) {
    if (group.includes(target)) for (const n of group) if (n !== target) given.add(n);
  }
  return [...given].flatMap((n) => [`--${n}`, ...sample(t.parameters[n])]);
}

const aliases = shippedEngine().tools().flatMap((t) => [...Object.entries(t.hidden_parameters ?? {}), ...Object.entries(t.parameters)]
  .filter(([, h]) => h.alias_of && t.parameters[h.alias_of])
  .map(([alias, h]) => ({ t, alias, target: h.alias_of! })));

describe('hidden alias flags', () => {
  it('the chat flag migration spellings are accepted on the chat group and message commands', () => {
    const chat = aliases.filter((a) => a.t.product_id === 'chat').map((a) => `${a.t.canonical_path} --${a.alias}=--${a.target}`);
    // Upstream c7521c1c made --conversation-id / --message-id the names; the old ones fold into them ...
    expect(chat.filter((a) => a.endsWith('--group=--conversation-id')).length).toBeGreaterThanOrEqual(33);
    expect(chat.filter((a) => a.endsWith('--msg-id=--message-id')).length).toBeGreaterThanOrEqual(8);
    expect(chat).toContain('chat.dismiss_group --group=--conversation-id');
    expect(chat).toContain('chat.recall_message --msg-id=--message-id');
    // ... and where the facts keep the old name required, the new one folds into it.
    expect(chat).toContain('chat.set_group_mute --conversation-id=--group');
    expect(chat).toContain('chat.add_emoji_reaction --message-id=--msg-id');
  });

  it('each alias gives the same --dry-run outcome as the flag it stands for; MCP-backed chat ones give a plan', async () => {
    expect(aliases.length).toBeGreaterThan(36);
    let planned = 0;
    for (const { t, alias, target } of aliases) {
      const p = t.parameters[target];
      const value = p.type === 'bool' ? [] : p.enum?.length ? [String(p.enum[0])] : p.example !== undefined ? [p.example] : [/int/.test(p.type) ? '7' : 'alias-check-7'];
      const base = [...t.primary_cli_path.split(' '), '--dry-run', ...requiredArgs(t, target)];
      const viaTarget = await outcome([...base, `--${target}`, ...value]);
      const viaAlias = await outcome([...base, `--${alias}`, ...value]);
      if (p.own_spelling_required) {
        // cobra's MarkFlagRequired with no PreRunE copying the alias in (doc download --node, doc.go:2737@c7521c1c,
        // a-w1): the alias alone is refused, and beside a typed blank flag it is read as that flag
        expect(viaAlias, `${t.canonical_path} --${alias}`).toEqual({ refused: 'missing_parameter' });
        expect(await outcome([...base, `--${target}`, '', `--${alias}`, ...value]), `${t.canonical_path} --${target} "" --${alias}`).toEqual(viaTarget);
        continue;
      }
      expect(viaAlias, `${t.canonical_path} --${alias}`).toEqual(viaTarget);
      // a reviewed plan may refuse what only its required flags leave open (e.g. --mute-time when muting): the alias
      // must then be refused the same way, which the equality above checks
      if (t.product_id === 'chat' && t.interface_mode === 'mcp' && !(viaTarget as { refused?: string }).refused) {
        expect(viaTarget, `${t.canonical_path} --${target}`).toMatchObject({ dry_run: true });
        planned++;
      }
    }
    expect(planned).toBeGreaterThanOrEqual(33);
  });
});

/** What MCP `execute` answers for a dry run of these arguments: its plan, or the refusal's reason. */
async function executeOutcome(t: ToolSpec, args: Record<string, unknown>): Promise<unknown> {
  const e = shippedEngine();
  try {
    const text = await runTool('execute', {
      canonical_path: t.canonical_path, arguments: args, dry_run: true, confirmed: true,
      expected_source_hash: e.catalogHashes.source_hash, expected_surface_hash: e.catalogHashes.surface_hash,
    }, { engine: e, env: {} });
    return JSON.parse(text);
  } catch (err) {
    if (err instanceof DwsError) return { refused: err.reason };
    throw err;
  }
}

const UPSTREAM = path.join(ROOT, '..', 'shared', 'upstream');
const OLDER = path.join(UPSTREAM, 'dws-surface.json');
const NEWER = path.join(UPSTREAM, 'c7521c1c', 'dws-surface.json');
const records = (file: string): FactRecord[] => factsRecords(JSON.parse(readFileSync(file, 'utf8')));

describe.runIf(existsSync(OLDER) && existsSync(NEWER))('the flag names of the older upstream on the commands c7521c1c changed', () => {
  it('every old flag name of the 57 changed commands gives, on the CLI and through MCP execute, the dry run of the flag it stands for', async () => {
    const older = records(OLDER);
    const changed = diffSurface(older, records(NEWER)).changed.map((c) => c.canonical_path);
    expect(changed.length).toBe(57);
    const byPath = new Map(shippedEngine().tools().map((t) => [t.canonical_path, t]));
    const oldFlags = new Map(older.map((r) => [r.canonical_path, Object.keys(r.flags)]));
    let aliased = 0;
    let planned = 0;
    for (const cp of changed) {
      const t = byPath.get(cp)!;
      for (const old of oldFlags.get(cp)!) {
        const key = flagKey(t, old);
        const p = t.parameters[key] ?? t.hidden_parameters?.[key];
        expect(p, `${cp} --${old}`).toBeDefined();
        const value = p!.type === 'bool' ? [] : t.parameters[key]?.enum?.length ? [String(t.parameters[key].enum![0])] : [/int/.test(p!.type) ? '7' : 'alias-check-7'];
        const base = [...t.primary_cli_path.split(' '), '--dry-run', '--yes', ...requiredArgs(t, key)];
        const viaOld = await outcome([...base, `--${old}`, ...value]);
        expect(viaOld, `${cp} --${old}`).not.toEqual({ refused: 'unknown_option' });
        if (key === old) continue;
        aliased++;
        const viaNew = await outcome([...base, `--${key}`, ...value]);
        expect(viaOld, `${cp} --${old} vs --${key}`).toEqual(viaNew);
        if ((viaNew as { dry_run?: boolean }).dry_run) planned++;
        // MCP execute: the arguments by flag name, the old name and the new one.
        const json = p!.type === 'bool' ? true : value[0];
        const rest = Object.fromEntries(chunkPairs(requiredArgs(t, key)));
        expect(await executeOutcome(t, { ...rest, [old]: json }), `execute ${cp} ${old}`).toEqual(await executeOutcome(t, { ...rest, [key]: json }));
      }
    }
    // The renamed and re-pointed spellings: --group, --msg-id, --chat, --id, ... on the migrated chat commands.
    expect(aliased).toBeGreaterThanOrEqual(92);
    expect(planned).toBeGreaterThanOrEqual(86);
  }, 300_000);
});

/** `--flag value` argv words -> [flag, value] pairs (a bool flag without a value is true). */
function chunkPairs(argv: string[]): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].slice(2);
    if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) out.push([name, argv[++i]]);
    else out.push([name, true]);
  }
  return out;
}
