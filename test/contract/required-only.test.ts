// The required-only sweep (issue 32): every one of the 1,125 commands runs in process (dispatchInProcess) against the
// recording MCP backend on 127.0.0.1 (which echoes each call) with ONLY what it requires: its required flags (those
// without a catalog default, which dispatch would otherwise refuse to run without), the
// first flag of each require_one_of group, the partners of a require_together group it touches, its required
// positionals, and --yes when its confirmation is user_required. Values are the parameter's `example` where it fits
// the flag's type, format and plan transforms, else a sample per transform and type (test/plan/sample-values.ts).
//
// Asserted: nothing crashes (every failure is a DwsError whose reason is in the error table, src/errors.ts), and a run
// that exits 0 made at least one backend call unless the command is local (interface mode local, a registered local
// command or a local plan). The commands that exit 0 without a call and are not local are listed and must be none.
// Local commands that would block, signal processes, reach a control service or change the machine (event consume,
// status, stop, dev connect, pat browser-policy, the drive folder walks) run with --dry-run only, and so do plans
// that hand over to a local command (event listen-im streams through event consume); only the audit and event
// catalog readers run for real. One backend, one process, commands in sequence; a polled RPC answers as done at once.
process.env.TZ = 'Asia/Shanghai';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import { REASONS } from '../../src/errors.js';
import { howItRuns } from '../../src/plan/runs.js';
import { anySteps, dispatchInProcess, shippedEngine } from '../helpers.js';
import { startMcpServer, type McpFixture, recordingEnv } from '../fixtures/mcp/server.js';
import { flagUses, positionalValue, valueFor } from '../plan/sample-values.js';

/** Local commands that only read the journal or the event catalog: safe to run for real with a temp state. */
const RUN_FOR_REAL = new Set(['audit.export', 'audit.tail', 'audit.verify', 'event.list', 'event.schema']);

let mcp: McpFixture;
let root: string;
beforeAll(async () => {
  mcp = await startMcpServer();
  // The journal syncs every record to disk (two fsyncs): on a memory file system (Linux /dev/shm) they cost nothing,
  // and a real journal is still written.
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  root = mkdtempSync(path.join(base, 'dws-required-only-'));
  writeFileSync(path.join(root, 'upload.txt'), 'hello upload\n');
  writeFileSync(path.join(root, 'whiteboard.json'), JSON.stringify({ overwrite: false, source: { schemaVersion: '1.0', catalogVersion: 'dml-v1', nodes: [{ id: 'n1' }] } }));
  mkdirSync(path.join(root, 'out'));
  mcp.answers = pollAnswers(shippedEngine().tools());
});

/** A value at a path (`result.sheets[0].sheetId`) inside an otherwise empty object. */
function atPath(p: string, value: unknown): unknown {
  const segments = p.split('.').flatMap((seg) => seg.split(/\[(\d+)\]/u).filter((x) => x !== '').map((x) => (/^\d+$/u.test(x) ? Number(x) : x)));
  return segments.reduceRight<unknown>((inner, seg) => (typeof seg === 'number' ? Object.assign(Array(seg + 1).fill({}), { [seg]: inner }) : { [seg]: inner }), value);
}

/** Every polled RPC answers as done on its first check (the echo never meets `until`: the poll would run out its attempts). */
function pollAnswers(tools: readonly ToolSpec[]): McpFixture['answers'] {
  const answers: McpFixture['answers'] = {};
  for (const t of tools) {
    for (const step of t.plan ? anySteps(t.plan) : []) {
      // a read-back checked by a condition (`holds`) cannot be answered as done here: it runs out its timetable
      if (!step.poll || step.poll.until.path === undefined) continue;
      const u = step.poll.until;
      const done = atPath(u.path!, u.equals ?? u.one_of?.[0] ?? 'done');
      answers[`${step.server}/${step.rpc}`] = () => done;
    }
  }
  return answers;
}
afterAll(async () => {
  await mcp?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const isLocal = (t: ToolSpec) => howItRuns(t).kind === 'local';
const handsOver = (t: ToolSpec) => t.plan?.steps.some((s) => s.kind === 'handoff') ?? false;
const dryOnly = (t: ToolSpec) => (isLocal(t) && !RUN_FOR_REAL.has(t.canonical_path)) || handsOver(t);

/** The command line with only what the command requires. */
function requiredArgv(t: ToolSpec): string[] {
  const uses = flagUses(t.plan);
  const chosen: string[] = [];
  const add = (f: string) => {
    if (!chosen.includes(f) && Object.hasOwn(t.parameters, f)) chosen.push(f);
  };
  for (const [f, p] of Object.entries(t.parameters)) if ((p.required || p.cli_required) && p.default === undefined) add(f);
  for (const g of t.constraints.require_one_of) if (!g.some((f) => chosen.includes(f))) add(g[0]);
  for (const g of t.constraints.require_together) if (g.some((f) => chosen.includes(f))) g.forEach(add);
  const argv = t.primary_cli_path.split(' ');
  for (const p of [...(t.positionals ?? [])].sort((a, b) => a.index - b.index)) {
    if (!p.required) continue;
    argv.push(positionalValue(t, p, uses));
    // a positional that is also a flag is given once, as the positional
    const asFlag = chosen.indexOf(p.name);
    if (asFlag >= 0) chosen.splice(asFlag, 1);
  }
  for (const f of chosen) {
    const v = valueFor(t, f, uses.get(f) ?? []);
    argv.push(`--${f}`, ...(v === undefined ? [] : [v]));
  }
  if (t.confirmation === 'user_required' && !argv.includes('--yes')) argv.push('--yes');
  if (dryOnly(t)) argv.push('--dry-run');
  return argv;
}

describe('every command with only its required flags', () => {
  it('never crashes, and exits 0 only after a backend call unless it is local', async () => {
    const tools = [...shippedEngine().tools()].sort((a, b) => (a.canonical_path < b.canonical_path ? -1 : 1));
    expect(tools.length).toBe(1125);
    const crashes: string[] = [];
    const unknownReasons: string[] = [];
    const silent: string[] = [];
    const reasons: Record<string, number> = {};
    const refusedBeforeCall: string[] = [];
    let ok = 0;
    let dry = 0;
    const now = new Date('2026-03-10T10:00:00+08:00');
    const started = Date.now();
    const cpu = process.cpuUsage();
    for (const [i, t] of tools.entries()) {
      const argv = requiredArgv(t);
      const env = {
        ...recordingEnv(mcp.urlTemplate, 'tok-sweep'), DWS_FILE_ROOT: root,
        DWS_JOURNAL: path.join(root, `journal-${i}.jsonl`), DWS_STATE_DIR: path.join(root, 'state'), XDG_STATE_HOME: path.join(root, 'xdg-state'),
        HOME: root,
      };
      const before = mcp.calls.length + mcp.uploads.length;
      let uuid = 0;
      let outcome;
      try {
        outcome = await dispatchInProcess(argv, env, shippedEngine, { now: () => now, uuid: () => `uuid-${++uuid}`, sleep: async () => {} });
      } catch (e) {
        crashes.push(`${t.canonical_path}: dws ${argv.join(' ')}: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
        continue;
      }
      const calls = mcp.calls.length + mcp.uploads.length - before;
      if (outcome.error) {
        const reason = outcome.error.reason;
        if (!Object.hasOwn(REASONS, reason)) unknownReasons.push(`${t.canonical_path}: ${reason}`);
        reasons[reason] = (reasons[reason] ?? 0) + 1;
        if (calls === 0 && REASONS[reason] === 'validation') refusedBeforeCall.push(`${t.canonical_path}: ${reason}: ${outcome.error.message}`);
        continue;
      }
      if (argv.includes('--dry-run')) {
        dry++;
        expect(calls, `${t.canonical_path}: a dry run calls nothing`).toBe(0);
        continue;
      }
      ok++;
      // a plan that declares its local answer (a link parsed into its ids, as upstream does) answers without a call
      if (calls === 0 && !isLocal(t) && !t.plan?.local_answer) silent.push(`${t.canonical_path}: dws ${argv.join(' ')}`);
    }
    const seconds = (Date.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    console.log([
      `${tools.length} commands in ${seconds.toFixed(1)} s (${cpuSeconds.toFixed(1)} s of CPU): ${ok} exit 0 for real, ${dry} dry runs (local), ${tools.length - ok - dry - crashes.length} refused ${JSON.stringify(reasons)}`,
      `refused before any call with only the required flags (${refusedBeforeCall.length}):`, ...refusedBeforeCall,
      `exit 0 without a backend call and not local (${silent.length}):`, ...silent,
    ].join('\n'));
    expect(crashes).toEqual([]);
    expect(unknownReasons).toEqual([]);
    expect(silent).toEqual([]);
    // About 14 s of CPU when this was written (wall time is that on an idle 2-core machine, more when it is shared):
    // a regression guard that does not depend on how busy the machine is.
    expect(cpuSeconds).toBeLessThan(40);
  }, 300_000);
});
