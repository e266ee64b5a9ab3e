// The required-flag sweep (issue 32, notes/sweep-req.md): test/fixtures/sweep-req-upstream.json lists every required
// check upstream makes at c7521c1c (cobra MarkFlagRequired, ValidateRequiredFlags, the alias-aware checks, shortcut
// `Required: true`, hand checks naming the flag, AtLeastOne/ExactlyOne groups), one row per command and flag, made by
// notes/sweep-req.mjs from upstream's source and reviewed. A row with `when` is a conditional check: the run adds
// those flags to reach it. A row with `skip` was read and is not a plain "flag absent" refusal (the reason says why).
//
// Each row runs the command the way a user does, in process against the recording backend on 127.0.0.1, with the
// command's other required flags (example values) and without the row's flag (nor any spelling of it): the run must
// be refused as a validation error whose message or hint names the flag (`--flag`, or a spelling of it dws declares
// as its alias). Most are refused before any call; a few after a read that upstream also makes first (a group name resolved).
process.env.TZ = 'Asia/Shanghai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REASONS } from '../../src/errors.js';
import { dispatchInProcess, shippedEngine } from '../helpers.js';
import { startMcpServer, type McpFixture, recordingEnv } from '../fixtures/mcp/server.js';
import { argvWithout, spellings } from '../plan/sample-values.js';

interface Row { cli_path: string; flag: string; mechanism: string; upstream: string; when?: string[]; without?: string[]; positionals?: string[]; skip?: string; note?: string }
const ROWS = JSON.parse(readFileSync(new URL('../fixtures/sweep-req-upstream.json', import.meta.url), 'utf8')) as Row[];

let mcp: McpFixture;
let root: string;
beforeAll(async () => {
  mcp = await startMcpServer();
  root = mkdtempSync(path.join(tmpdir(), 'dws-sweep-req-'));
  writeFileSync(path.join(root, 'upload.txt'), 'hello upload\n');
});
afterAll(async () => {
  await mcp?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('every flag upstream requires (the sweep table, from upstream source)', () => {
  it('the table is the reviewed one: rows name a command, a flag and an upstream line', () => {
    const tools = new Map(shippedEngine().tools().map((t) => [t.cli_path, t]));
    const bad = ROWS.filter((r) => !tools.has(r.cli_path) || !/^internal\/\S+:\d+@c7521c1c$/u.test(r.upstream) || r.flag === '');
    expect(bad).toEqual([]);
    expect(ROWS.length).toBeGreaterThan(1000);
  });

  it('a run without an upstream-required flag is refused before any call, naming the flag', async () => {
    const tools = new Map(shippedEngine().tools().map((t) => [t.cli_path, t]));
    const wrong: string[] = [];
    const afterRead: string[] = [];
    let checked = 0;
    for (const [i, row] of ROWS.entries()) {
      if (row.skip) continue;
      const t = tools.get(row.cli_path)!;
      const argv = argvWithout(t, row);
      const env = { ...recordingEnv(mcp.urlTemplate, 'tok-sweep-req'), DWS_FILE_ROOT: root, DWS_JOURNAL: path.join(root, `j-${i}.jsonl`), DWS_STATE_DIR: path.join(root, 'state'), HOME: root };
      const before = mcp.calls.length + mcp.uploads.length;
      const outcome = await dispatchInProcess(argv, env, shippedEngine, { now: () => new Date('2026-03-10T10:00:00+08:00'), uuid: () => 'uuid-1', sleep: async () => {} });
      checked++;
      const calls = mcp.calls.length + mcp.uploads.length - before;
      const e = outcome.error;
      if (e && calls > 0) afterRead.push(`${row.cli_path} --${row.flag}`);
      // the refusal (its message or hint) names the flag or one of its spellings on the command (dws's primary may be
      // upstream's alias)
      const said = e ? `${e.message} ${e.hint ?? ''}` : '';
      const names = [...spellings(t, row.flag.split('|'))].some((f) => new RegExp(`--${f}(?![\\w-])`, 'u').test(said));
      if (!e || REASONS[e.reason] !== 'validation' || !names) {
        wrong.push(`${row.cli_path} --${row.flag} (${row.mechanism}, ${row.upstream}): dws ${argv.join(' ')} -> ${e ? `${e.reason}: ${e.message}` : `exit 0 after ${calls} call(s)`}`);
      }
    }
    console.log(`${checked} rows run, ${ROWS.length - checked} skipped by review; refused after a read (${afterRead.length}): ${afterRead.join(', ')}`);
    expect(checked).toBeGreaterThan(1000);
    expect(wrong).toEqual([]);
  }, 300_000);
});
