// Hidden alias flags (alias_of) dispatch exactly as the flag they stand for: for every such alias in the catalog,
// `--dry-run` with the alias gives the same plan (or the same refusal) as with the visible flag. This covers the
// newer upstream spellings of the chat flag migration (`--conversation-id` for `--group`, `--message-id` for
// `--msg-id`) that the catalog accepts ahead of importing that upstream.
import { describe, expect, it } from 'vitest';
import { runDispatch } from '../../src/dispatch/cli.js';
import { DwsError } from '../../src/errors.js';
import type { ToolSpec } from '../../src/catalog/types.js';
import { shippedEngine } from '../helpers.js';

async function outcome(argv: string[]): Promise<unknown> {
  let out = '';
  try {
    await runDispatch(argv, shippedEngine, { write: async (t) => void (out += t), env: {} });
  } catch (e) {
    if (e instanceof DwsError) return { refused: e.reason };
    throw e;
  }
  return JSON.parse(out);
}

/** A value a flag of this type accepts. */
function sample(p: ToolSpec['parameters'][string]): string[] {
  if (p.type === 'bool') return [];
  if (p.enum?.length) return [String(p.enum[0])];
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

const aliases = shippedEngine().tools().flatMap((t) => Object.entries(t.hidden_parameters ?? {})
  .filter(([, h]) => h.alias_of && t.parameters[h.alias_of])
  .map(([alias, h]) => ({ t, alias, target: h.alias_of! })));

describe('hidden alias flags', () => {
  it('the chat flag migration spellings are accepted on the chat group and message commands', () => {
    const chat = aliases.filter((a) => a.t.product_id === 'chat').map((a) => `${a.t.canonical_path} --${a.alias}=--${a.target}`);
    expect(chat.filter((a) => a.endsWith('--conversation-id=--group')).length).toBeGreaterThanOrEqual(24);
    expect(chat.filter((a) => a.endsWith('--message-id=--msg-id')).length).toBeGreaterThanOrEqual(12);
    expect(chat).toContain('chat.dismiss_group --conversation-id=--group');
    expect(chat).toContain('chat.recall_message --message-id=--msg-id');
  });

  it('each alias gives the same --dry-run outcome as its visible flag; MCP-backed chat ones give a plan', async () => {
    expect(aliases.length).toBeGreaterThan(36);
    let planned = 0;
    for (const { t, alias, target } of aliases) {
      const p = t.parameters[target];
      const value = p.type === 'bool' ? [] : p.enum?.length ? [String(p.enum[0])] : [/int/.test(p.type) ? '7' : 'alias-check-7'];
      const base = [...t.primary_cli_path.split(' '), '--dry-run', ...requiredArgs(t, target)];
      const viaTarget = await outcome([...base, `--${target}`, ...value]);
      const viaAlias = await outcome([...base, `--${alias}`, ...value]);
      expect(viaAlias, `${t.canonical_path} --${alias}`).toEqual(viaTarget);
      if (t.product_id === 'chat' && t.interface_mode === 'mcp') {
        expect(viaTarget, `${t.canonical_path} --${target}`).toMatchObject({ dry_run: true });
        planned++;
      }
    }
    expect(planned).toBeGreaterThanOrEqual(33);
  });
});
