// Every flag spelling a user can type on an upstream command is accepted by dws and does what upstream does with it
// (branch f-hidden, issue 32).
//
// test/fixtures/upstream-flag-spellings.json is the output of `node scripts/scan-upstream-flags.mjs --pin` over the
// upstream tree at c7521c1c: for each command, the spellings upstream registers on it (its cobra baseline, a
// shortcut's Flags and their Aliases, a helper command's registrations, alias loops and RegisterCrossProductAliases)
// that the catalog declares. Each must stay a parameter of the command (visible or hidden): removing one would turn
// a spelling upstream accepts into an unknown option.
//
// A hidden parameter of a command that runs its own plan must be folded into the flag it stands for (alias_of, or
// the visible flag with the same property), read by the plan, or refused by a `refuse` step; otherwise it is
// accepted and silently dropped. test/fixtures/ignored-hidden-flags.json lists the ones upstream also registers and
// never reads, with the upstream lines that show it (accepted and ignored as upstream); the list must match exactly.
// Local commands (their code reads their flags) and the dispatch controls (--yes, --dry-run) are not checked here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import { aliasTarget } from '../../src/contract/aliases.js';
import { DISPATCH_READS } from '../../src/contract/control.js';
import { ROOT, shippedEngine } from '../helpers.js';
import { planReferences } from './plan-references.js';

const fixture = (name: string) => JSON.parse(readFileSync(path.join(ROOT, 'test', 'fixtures', name), 'utf8')) as unknown;
const spellings = fixture('upstream-flag-spellings.json') as Record<string, string[]>;
const ignored = fixture('ignored-hidden-flags.json') as Record<string, Record<string, string>>;

/** The flag names a plan names anywhere (a source, a condition, a refusal), as written. */
const namedFlags = (tool: ToolSpec): Set<string> => new Set(planReferences(tool).flags);

describe('flag spellings upstream registers', () => {
  const tools = new Map(shippedEngine().tools().map((t) => [t.cli_path, t]));

  it('are all parameters of their command (test/fixtures/upstream-flag-spellings.json)', () => {
    const lost: string[] = [];
    for (const [cli, names] of Object.entries(spellings)) {
      const tool = tools.get(cli);
      for (const name of names) {
        if (!tool || !(Object.hasOwn(tool.parameters, name) || Object.hasOwn(tool.hidden_parameters ?? {}, name))) lost.push(`${cli} --${name}`);
      }
    }
    expect(lost).toEqual([]);
    expect(Object.values(spellings).reduce((n, s) => n + s.length, 0)).toBeGreaterThan(5000);
  });

  it('that are hidden are folded, read or refused by the plan, or ignored as upstream (test/fixtures/ignored-hidden-flags.json)', () => {
    const idle: Record<string, string[]> = {};
    for (const tool of shippedEngine().tools()) {
      if (!tool.plan || tool.plan.local || tool.interface_mode === 'local') continue;
      const named = namedFlags(tool);
      const left = Object.keys(tool.hidden_parameters ?? {})
        .filter((f) => !DISPATCH_READS.has(f) && aliasTarget(tool, f) === undefined && !named.has(f))
        .sort();
      if (left.length) idle[tool.canonical_path] = left;
    }
    expect(idle).toEqual(Object.fromEntries(Object.entries(ignored).map(([cp, fs]) => [cp, Object.keys(fs).sort()])));
  });
});
