// Every accepted flag is honoured or refused (issue 32): for every command that runs a plan (a composite command's
// steps, or an atomic command's one-step plan), each visible flag must be read somewhere in the plan: a `{flag}`
// source or condition, a `{given}` condition or a `{positional}` of the same name, directly or through one of its
// alias spellings (src/catalog/aliases.ts). A flag the plan never reads is accepted and then silently dropped. The
// dispatch controls --yes and --dry-run are dispatch's own. Local plans (catalog/plans/local/) run code that reads
// its flags and are not checked here.
//
// test/fixtures/unread-flags.json is the allowlist of today's unread flags, {canonical_path: [flag, ...]}, recorded
// when this test was written (issue 32): each entry is a flag still to be honoured (read by the plan) or refused (a
// `refuse` step `when: {given: flag}`), unless the parameter declares `inherent` (a bool flag that asks for what dws
// always does, with the reason in both languages). The list only shrinks: a flag that is unread and not listed fails, and so
// does a listed flag that the plan now reads (or that no longer exists): remove it from the file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import { flagKey } from '../../src/contract/aliases.js';
import { DISPATCH_READS } from '../../src/contract/control.js';
import { ROOT, shippedEngine } from '../helpers.js';
import { planReferences } from './plan-references.js';

const ALLOWLIST = path.join(ROOT, 'test', 'fixtures', 'unread-flags.json');

/** The flag names (as folded: alias spellings map to the flag they stand for) a plan reads anywhere. */
function readFlags(tool: ToolSpec): Set<string> {
  const { flags, positionals } = planReferences(tool);
  const names = positionals.map((n) => tool.positionals?.find((p) => p.index === n)?.name).filter((name) => name !== undefined);
  return new Set([...flags, ...names].map((name) => flagKey(tool, name)));
}

/** canonical path -> visible flags its plan never reads (sorted), for every command that runs a plan. */
function unreadFlags(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const tool of shippedEngine().tools()) {
    if (!tool.plan || tool.plan.local) continue;
    const read = readFlags(tool);
    const unread = Object.keys(tool.parameters)
      .filter((f) => !DISPATCH_READS.has(f) && !tool.parameters[f].inherent && !read.has(flagKey(tool, f)))
      .sort();
    if (unread.length) out[tool.canonical_path] = unread;
  }
  return out;
}

const allowlist = JSON.parse(readFileSync(ALLOWLIST, 'utf8')) as Record<string, string[]>;

describe('every accepted flag is honoured or refused', () => {
  const unread = unreadFlags();
  const count = (m: Record<string, string[]>) => Object.values(m).reduce((n, fs) => n + fs.length, 0);

  it('has no unread flag outside test/fixtures/unread-flags.json (the list of unread flags is printed)', () => {
    const lines = Object.entries(unread).map(([cp, fs]) => `${cp}: ${fs.map((f) => `--${f}`).join(' ')}`);
    console.log(`${count(unread)} unread flags in ${lines.length} commands (allowlisted: ${count(allowlist)}):\n${lines.join('\n')}`);
    const extra: Record<string, string[]> = {};
    for (const [cp, fs] of Object.entries(unread)) {
      const more = fs.filter((f) => !(allowlist[cp] ?? []).includes(f));
      if (more.length) extra[cp] = more;
    }
    expect(extra, 'read each flag in the plan, or refuse it with a `refuse` step when: {given: flag}').toEqual({});
  });

  it('reads no inherent flag: a flag declared as what dws always does changes nothing, so no plan may read it', () => {
    const both: string[] = [];
    for (const tool of shippedEngine().tools()) {
      if (!tool.plan || tool.plan.local) continue;
      const read = readFlags(tool);
      for (const [f, p] of Object.entries(tool.parameters)) if (p.inherent && read.has(flagKey(tool, f))) both.push(`${tool.canonical_path} --${f}`);
    }
    expect(both).toEqual([]);
  });

  it('has no stale allowlist entry: a listed flag that is now read (or gone) must leave the file, so the list only shrinks', () => {
    const stale: Record<string, string[]> = {};
    for (const [cp, fs] of Object.entries(allowlist)) {
      const gone = fs.filter((f) => !(unread[cp] ?? []).includes(f));
      if (gone.length) stale[cp] = gone;
    }
    expect(stale, 'remove these from test/fixtures/unread-flags.json').toEqual({});
  });

  it('keeps the allowlist sorted, without duplicates or empty entries', () => {
    const keys = Object.keys(allowlist);
    expect(keys).toEqual([...keys].sort());
    for (const [cp, fs] of Object.entries(allowlist)) {
      expect(fs.length, cp).toBeGreaterThan(0);
      expect(fs, cp).toEqual([...new Set(fs)].sort());
    }
  });
});
