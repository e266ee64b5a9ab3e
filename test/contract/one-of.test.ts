// Every "one of" and "at most one" group the catalog declares (constraints.require_one_of / mutually_exclusive, issue
// 32, notes/f-oneof.md), run the way a user types the command, in process against the recording backend on 127.0.0.1:
// with none of a require_one_of group, and with two flags of a mutually_exclusive group, the run is refused as a
// validation error that names the group's flags, before any call. Groups the plan refuses itself
// (constraints.plan_refuses) are refused by that step, with upstream's wording; the others by the contract validator.
// Inspect (`dws schema <path> --compact`) shows every group a plan refuses, among the SPEC's three kinds (which
// groups the plan refuses itself is how dws runs them, not contract: compact leaves `plan_refuses` out).
process.env.TZ = 'Asia/Shanghai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import { flagKey, readRank } from '../../src/contract/aliases.js';
import { blankCounts } from '../../src/catalog/groups.js';
import { declaredFlag, flagType } from '../../src/contract/flag-types.js';
import { REASONS } from '../../src/errors.js';
import { dispatchInProcess, runCli, shippedEngine } from '../helpers.js';
import { startMcpServer, type McpFixture, recordingEnv } from '../fixtures/mcp/server.js';
import { flagUses, positionalValue, spellings, valueFor } from '../plan/sample-values.js';

let mcp: McpFixture;
let root: string;
beforeAll(async () => {
  mcp = await startMcpServer();
  root = mkdtempSync(path.join(tmpdir(), 'dws-one-of-'));
  writeFileSync(path.join(root, 'upload.txt'), 'hello upload\n');
  writeFileSync(path.join(root, 'whiteboard.json'), '[{"cells":{"fld1":"v"}}]\n');
});
afterAll(async () => {
  await mcp?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/**
 * The command line a user types: the command's required flags (example values), one flag of each other require_one_of
 * group and the partners of a require_together group it uses, then `extra` (those of `blank` typed `""`); never a flag
 * of `without` (nor its spellings); --yes when the command asks for it.
 */
function argvFor(t: ToolSpec, without: readonly string[], extra: readonly string[], blank: readonly string[] = []): string[] {
  const left = spellings(t, without);
  const uses = flagUses(t.plan);
  const chosen: string[] = [];
  const taken = (f: string) => chosen.includes(f) || extra.includes(f);
  const add = (f: string) => {
    if (!left.has(f) && !taken(f) && Object.hasOwn(t.parameters, f)) chosen.push(f);
  };
  for (const [f, p] of Object.entries(t.parameters)) if ((p.required || p.cli_required) && p.default === undefined) add(f);
  for (const g of t.constraints.require_one_of) {
    if (g.some(taken)) continue;
    // not a flag another group forbids here: one exclusive with a flag typed, or one whose partner is left out
    const exclusive = (f: string) => t.constraints.mutually_exclusive.some((m) => m.includes(f) && m.some((o) => o !== f && taken(o)));
    const partnerLeft = (f: string) => t.constraints.require_together.some((r) => r.includes(f) && r.some((o) => left.has(o)));
    const f = g.find((x) => !left.has(x) && !exclusive(x) && !partnerLeft(x));
    if (f) add(f);
  }
  for (const g of t.constraints.require_together) if (g.some(taken)) g.forEach(add);
  const argv = t.primary_cli_path.split(' ');
  for (const p of [...(t.positionals ?? [])].sort((a, b) => a.index - b.index)) {
    if (!p.required || left.has(p.name)) continue;
    argv.push(positionalValue(t, p, uses));
    const asFlag = chosen.indexOf(p.name);
    if (asFlag >= 0) chosen.splice(asFlag, 1);
  }
  for (const f of [...chosen, ...extra]) {
    // a hidden flag (no declared type): a text value
    const v = blank.includes(f) ? '' : Object.hasOwn(t.parameters, f) ? valueFor(t, f, uses.get(f) ?? []) : `v-${f}`;
    argv.push(`--${f}`, ...(v === undefined ? [] : [v]));
  }
  if (t.confirmation === 'user_required') argv.push('--yes');
  return argv;
}

/**
 * The groups no typed command can reach alone: every run without them (or with the two) meets another declared group
 * first, so the refusal names that group's flags (a flag of this one among them). Keyed `cli path|kind|group`.
 */
const OTHER_GROUP_FIRST: Record<string, string> = {
  'aitable export data|require_one_of|scope,task-id': 'without --scope and --task-id, --export-format alone needs --scope (require_together)',
  'aitable export data|require_one_of|export-format,task-id': 'without --export-format and --task-id, --scope alone needs --export-format (require_together)',
  'aitable export data|mutually_exclusive|task-id,export-format': '--export-format brings --scope (require_together), which --task-id excludes too',
  'oa approval forecast-process|mutually_exclusive|request,dept-id': '--dept-id brings --process-code (require_together), which --request excludes too',
  'oa approval forecast-process|mutually_exclusive|request,form-values': '--form-values brings --process-code (require_together), which --request excludes too',
  'oa approval create-instance|mutually_exclusive|request,form-values': '--form-values brings --process-code (require_together), which --request excludes too',
};

/**
 * Exclusive groups where another check of the command refuses any given member first, whatever the other member holds,
 * naming the group's flags: a blank member beside a given one is refused there, not for the group. Keyed `cli path|group`.
 */
const EXCLUSIVE_REFUSED_FIRST: Record<string, string> = {
  // h37-b1 made the five targets a plan group; with --kind at its default at-me, compileListenIMPlan refuses any target
  // (app/event_listen_im.go:198-201@c7521c1c)
  'event +listen-im|user,open-dingtalk-id,user-query,chat-id,chat-query': '--kind at-me (the default) takes no target at all',
};

interface Case { tool: ToolSpec; kind: 'require_one_of' | 'mutually_exclusive'; group: string[]; argv: string[]; byPlan: boolean }

function cases(): Case[] {
  const out: Case[] = [];
  for (const t of shippedEngine().tools()) {
    if (t.availability !== 'available') continue;
    const byPlan = (kind: Case['kind'], g: string[]) => (t.constraints.plan_refuses?.[kind] ?? []).some((p) => p.length === g.length && p.every((f) => g.includes(f)));
    for (const g of t.constraints.require_one_of) out.push({ tool: t, kind: 'require_one_of', group: g, argv: argvFor(t, g, []), byPlan: byPlan('require_one_of', g) });
    for (const g of t.constraints.mutually_exclusive) {
      const pair = g.slice(0, 2);
      out.push({ tool: t, kind: 'mutually_exclusive', group: g, argv: argvFor(t, g.slice(2), pair), byPlan: byPlan('mutually_exclusive', g) });
    }
  }
  return out;
}

/** Runs one command line in process against the recording backend: its refusal (if any) and how many calls it made. */
async function run(argv: string[], i: string): Promise<{ e: { reason: string; message: string; hint?: string } | undefined; calls: number }> {
  const env = { ...recordingEnv(mcp.urlTemplate, 'tok-one-of'), DWS_FILE_ROOT: root, DWS_JOURNAL: path.join(root, `j-${i}.jsonl`), DWS_STATE_DIR: path.join(root, 'state'), HOME: root };
  const before = mcp.calls.length + mcp.uploads.length;
  const outcome = await dispatchInProcess(argv, env, shippedEngine, { now: () => new Date('2026-03-10T10:00:00+08:00'), uuid: () => 'uuid-1', sleep: async () => {} });
  return { e: outcome.error, calls: mcp.calls.length + mcp.uploads.length - before };
}

/** A flag a user can type blank: text, or a list (`--x ""` is the empty list); a bool or number has no blank. */
function blankable(t: ToolSpec, f: string): boolean {
  const p = declaredFlag(t, f);
  return p !== undefined && (flagType(p.type).list || flagType(p.type).schema.type === 'string') && !(Object.hasOwn(t.parameters, f) && t.parameters[f].enum);
}

/** The refusal names the flag or one of its spellings (alias_of, or a hidden flag folded into the same flag). */
const names = (t: ToolSpec, said: string, f: string) =>
  [...spellings(t, [f]), ...Object.keys({ ...t.parameters, ...t.hidden_parameters }).filter((n) => flagKey(t, n) === flagKey(t, f))].some((n) => new RegExp(`--${n}(?![\\w-])`, 'u').test(said));

/**
 * Groups a plan refuses itself (constraints.plan_refuses) whose upstream hand check counts the flag typed at all
 * (`cmd.Flags().Changed` / `rt.Changed`), so a blank value of it is given there too; keyed `cli path|group|blank flag`.
 * Every other blank counts as not given.
 */
const PLAN_COUNTS_BLANK: Record<string, string> = {
  'aitable export data|task-id,table-id|table-id': 'internal/helpers/aitable.go:6172@c7521c1c: Changed("table-id") against a trimmed --task-id',
  'aitable export data|task-id,view-id|view-id': 'internal/helpers/aitable.go:6172@c7521c1c: Changed("view-id")',
  'aitable +dashboard-update|config,name|name': 'internal/shortcut/aitable/aitable.go:2225@c7521c1c: Changed("name") puts name into the config',
  'aitable +export-data|task-id,scope|task-id': 'internal/shortcut/aitable/aitable.go:2579@c7521c1c: Changed("task-id")',
  'aitable +export-data|task-id,format|task-id': 'internal/shortcut/aitable/aitable.go:2579@c7521c1c: Changed("task-id")',
  ...Object.fromEntries(['name', 'type', 'owner'].map((f) => [`attendance group update|name,type,owner,enable-outside-check,classIds,group-vo|${f}`,
    `internal/helpers/attendance.go:2365-2373@c7521c1c: Changed("${f}")`])),
  ...Object.fromEntries(['name', 'unit', 'paid', 'per-hours', 'when-can-leave', 'visibility-rules'].map((f) => [`attendance vacation update-type|name,unit,paid,per-hours,when-can-leave,visibility-rules|${f}`,
    `internal/helpers/attendance.go:3463-3485@c7521c1c: Changed("${f}") counts toward the one update field it needs (p-attend)`])),
  // p-sheet: the sheet update leaves count a flag typed at all (Changed) and send a typed "" as it is
  ...Object.fromEntries(['name', 'range'].map((f) => [`sheet filter-view update|name,range,criteria|${f}`,
    `internal/helpers/sheet_filter_view.go:700-725@c7521c1c: Changed("${f}") counts toward the one update field it needs (p-sheet)`])),
  ...Object.fromEntries(['src', 'range'].map((f) => [`sheet update-float-image|src,range,width,height,offset-x,offset-y|${f}`,
    `internal/helpers/sheet_float_image.go:233-246@c7521c1c: Changed("${f}") (p-sheet)`])),
  ...Object.fromEntries(['name', 'tab-color'].map((f) => [`sheet update|name,index,hidden,frozen-row-count,frozen-column-count,tab-color|${f}`,
    `internal/helpers/sheet_workbook.go:273-282@c7521c1c: Changed("${f}") (p-sheet)`])),
};

describe('a flag typed blank in a declared group (issue 32, f-valid)', () => {
  // upstream counts a flag for a group only when its value is not blank (internal/corecmd/corecmd.go:1103-1130
  // constraintProvided, internal/shortcut/validate.go:31-54 setFlags@c7521c1c; the hand checks compare with ""),
  // except cobra's MarkFlagsMutuallyExclusive, which counts a flag typed at all (constraints.count_blank)
  it('an exclusive group with one member blank and the other given is not refused for that group, unless the group counts blanks', async () => {
    const wrong: string[] = [];
    let runs = 0;
    for (const c of cases()) {
      if (c.kind !== 'mutually_exclusive') continue;
      const t = c.tool;
      const pair = c.group.slice(0, 2);
      const counted = blankCounts(t.constraints, c.group);
      for (const [k, f] of pair.entries()) {
        if (!blankable(t, f)) continue;
        const other = pair[1 - k];
        const argv = argvFor(t, c.group.slice(2), pair, [f]);
        const { e, calls } = await run(argv, `blank-x-${runs++}`);
        const said = e ? `${e.message} ${e.hint ?? ''}` : '';
        // the validator refuses a group as constraint_violation; a plan group by its refuse step naming both flags
        const refusedForGroup = e !== undefined && (c.byPlan ? e.reason === 'invalid_parameter' : e.reason === 'constraint_violation') && names(t, said, f) && names(t, said, other);
        const refused = e !== undefined && REASONS[e.reason as keyof typeof REASONS] === 'validation' && calls === 0;
        // a counted blank is refused (by this group or, first, by another one it trips: the oa --request groups)
        // another check refusing any member first (EXCLUSIVE_REFUSED_FIRST) refuses the blank-and-given pair too
        const otherFirst = EXCLUSIVE_REFUSED_FIRST[`${t.cli_path}|${c.group.join(',')}`] !== undefined;
        const ok = counted || otherFirst || PLAN_COUNTS_BLANK[`${t.cli_path}|${c.group.join(',')}|${f}`] !== undefined ? refused : !refusedForGroup;
        if (!ok) wrong.push(`${t.cli_path} [${c.group.join(', ')}]${counted ? ' (counts blanks)' : ''}: dws ${argv.join(' ')} -> ${e ? `${e.reason}: ${e.message}` : 'exit 0'} after ${calls} call(s)`);
      }
    }
    console.log(`${runs} exclusive groups run with a blank member`);
    expect(runs).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  }, 300_000);

  it('a one-of group given only as a blank flag is refused before any call, naming the group', async () => {
    const wrong: string[] = [];
    let runs = 0;
    for (const c of cases()) {
      if (c.kind !== 'require_one_of') continue;
      const t = c.tool;
      const otherFirst = OTHER_GROUP_FIRST[`${t.cli_path}|require_one_of|${c.group.join(',')}`] !== undefined;
      for (const f of c.group) {
        if (!blankable(t, f)) continue;
        const argv = argvFor(t, c.group, [f], [f]);
        const { e, calls } = await run(argv, `blank-o-${runs++}`);
        const said = e ? `${e.message} ${e.hint ?? ''}` : '';
        const unnamed = c.group.filter((g) => !names(t, said, g));
        const refused = e !== undefined && REASONS[e.reason as keyof typeof REASONS] === 'validation' && calls === 0;
        // refused naming the group, or refused for the blank value itself (a blank that is no JSON, no enum value)
        const refusedNaming = refused && (otherFirst ? unnamed.length < c.group.length : unnamed.length === 0 || names(t, said, f));
        const ok = PLAN_COUNTS_BLANK[`${t.cli_path}|${c.group.join(',')}|${f}`] !== undefined ? !refused || !c.group.filter((g) => g !== f).every((g) => names(t, said, g)) : refusedNaming;
        if (!ok) wrong.push(`${t.cli_path} [${c.group.join(', ')}]${c.byPlan ? ' (plan)' : ''}: dws ${argv.join(' ')} -> ${e ? `${e.reason}: ${e.message}` : 'exit 0'} after ${calls} call(s)${unnamed.length ? `; unnamed ${unnamed.join(', ')}` : ''}`);
      }
    }
    console.log(`${runs} one-of groups run with only a blank member`);
    expect(runs).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  }, 300_000);
});

describe('every declared "one of" and "at most one" group, run as a user types the command', () => {
  it('none of a one-of group, or two of an exclusive group, is refused before any call, naming the flags', async () => {
    const wrong: string[] = [];
    const all = cases();
    let planned = 0;
    let ranked = 0;
    for (const [i, c] of all.entries()) {
      const env = { ...recordingEnv(mcp.urlTemplate, 'tok-one-of'), DWS_FILE_ROOT: root, DWS_JOURNAL: path.join(root, `j-${i}.jsonl`), DWS_STATE_DIR: path.join(root, 'state'), HOME: root };
      const before = mcp.calls.length + mcp.uploads.length;
      const outcome = await dispatchInProcess(c.argv, env, shippedEngine, { now: () => new Date('2026-03-10T10:00:00+08:00'), uuid: () => 'uuid-1', sleep: async () => {} });
      const calls = mcp.calls.length + mcp.uploads.length - before;
      const e = outcome.error;
      const said = e ? `${e.message} ${e.hint ?? ''}` : '';
      // the refusal names every flag of the group it checks (a flag or one of its spellings); for an exclusive group the two typed
      const checked = c.kind === 'mutually_exclusive' ? c.group.slice(0, 2) : c.group;
      const named = (f: string) => [...spellings(c.tool, [f])].some((n) => new RegExp(`--${n}(?![\\w-])`, 'u').test(said));
      const otherFirst = OTHER_GROUP_FIRST[`${c.tool.cli_path}|${c.kind}|${checked.join(',')}`] !== undefined;
      const unnamed = otherFirst ? (checked.some(named) ? [] : checked) : checked.filter((f) => !named(f));
      // two spellings of one flag (an alias group: dispatch folds them) with two values are refused as one flag given
      // twice, unless the flag's read_order ranks both: then the first in that order is read, as upstream's
      // flagOrFallback does (chat clear-messages etc.: their exclusive group is schema text upstream, never checked at run
      // time, helpers/chat.go:9182@c7521c1c)
      const aliases = c.kind === 'mutually_exclusive' && flagKey(c.tool, checked[0]) === flagKey(c.tool, checked[1]);
      if (aliases && checked.every((f) => readRank(c.tool, flagKey(c.tool, f), f) !== undefined)) {
        if (e !== undefined || calls !== 1) wrong.push(`${c.tool.cli_path} [${checked.join(', ')}]: read by its read_order, yet ${e ? `${e.reason}: ${e.message}` : `${calls} call(s)`}`);
        ranked++;
        continue;
      }
      const expected = aliases ? 'invalid_parameter' : c.byPlan ? 'invalid_parameter' : 'constraint_violation';
      const reasonOk = e !== undefined && e.reason === expected && REASONS[e.reason] === 'validation';
      if (c.byPlan) planned++;
      if (!reasonOk || calls > 0 || unnamed.length > 0) {
        wrong.push(`${c.tool.cli_path} ${c.kind} [${c.group.join(', ')}]${c.byPlan ? ' (plan)' : ''}: dws ${c.argv.join(' ')} -> ${e ? `${e.reason}: ${e.message}` : 'exit 0'} after ${calls} call(s)${unnamed.length ? `; unnamed ${unnamed.join(', ')}` : ''}`);
      }
    }
    console.log(`${all.length} groups run (${planned} refused by their plan, ${ranked} alias groups read by their read_order)`);
    expect(all.length).toBeGreaterThan(150);
    expect(wrong).toEqual([]);
  }, 300_000);

  it('Inspect shows each group a plan refuses, beside the groups the validator refuses, and no plan_refuses key', () => {
    const tools = shippedEngine().tools().filter((t) => t.constraints.plan_refuses !== undefined);
    expect(tools.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const t of tools) {
      const r = runCli(['schema', t.canonical_path, '--compact']);
      const shown = (JSON.parse(r.stdout) as { constraints: ToolSpec['constraints'] }).constraints;
      const want = { require_together: t.constraints.require_together, require_one_of: t.constraints.require_one_of, mutually_exclusive: t.constraints.mutually_exclusive };
      if (r.status !== 0 || JSON.stringify(shown) !== JSON.stringify(want)) missing.push(`${t.cli_path}: ${r.status} ${JSON.stringify(shown)}`);
      for (const [kind, groups] of Object.entries(t.constraints.plan_refuses ?? {})) {
        for (const g of groups) if (!shown[kind as 'require_one_of'].some((s) => JSON.stringify(s) === JSON.stringify(g))) missing.push(`${t.cli_path}: ${kind} [${g.join(', ')}] not shown`);
      }
    }
    expect(missing).toEqual([]);
  }, 300_000);
});
