// The number sweep (issue 32, notes/sweep-num.md): test/fixtures/sweep-num-upstream.json lists, from upstream's source
// at c7521c1c (notes/sweep-num.mjs --table, reviewed), the places a command refuses a number outside a hand range
// (`limit < 1`, `> 100`, followed by an error) and the places it parses a flag's text with strconv without trimming it
// (so ` 10 ` is no number to Go). Each row runs the command the way a user types it, in process against the recording
// backend on 127.0.0.1, with the command's required flags (example values) and the row's flag set to the row's input:
//   refuse    the run is refused as a validation error before any call (upstream returns the error; `after_read`: after
//             the read upstream also makes first);
//   not_read  upstream drops the parse error of the padded ` 17 ` and falls back (0, a default, the field left out, the
//             text itself): dws either refuses (its declared deviation) or sends no number 17 read from the padded text.
process.env.TZ = 'Asia/Shanghai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import { REASONS } from '../../src/errors.js';
import { dispatchInProcess, shippedEngine } from '../helpers.js';
import { startMcpServer, type McpFixture, recordingEnv } from '../fixtures/mcp/server.js';
import { flagUses, positionalValue, valueFor } from '../plan/sample-values.js';

interface Row { cli_path: string; flag: string; site: string; upstream: string; input: string; expect: 'refuse' | 'not_read'; after_read?: boolean; skip?: string; when?: string[]; note?: string }
const ROWS = JSON.parse(readFileSync(new URL('../fixtures/sweep-num-upstream.json', import.meta.url), 'utf8')) as Row[];

let mcp: McpFixture;
let root: string;
beforeAll(async () => {
  mcp = await startMcpServer();
  root = mkdtempSync(path.join(tmpdir(), 'dws-sweep-num-'));
  writeFileSync(path.join(root, 'upload.txt'), 'hello upload\n');
});
afterAll(async () => {
  await mcp?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The command line: the command's required flags and one flag of each required group (example values), the row's flag typed as the row's input. */
function argvWith(t: ToolSpec, row: Row): string[] {
  const uses = flagUses(t.plan);
  const chosen: string[] = [];
  const add = (f: string) => {
    if (f !== row.flag && !chosen.includes(f) && Object.hasOwn(t.parameters, f) && t.parameters[f].alias_of !== row.flag) chosen.push(f);
  };
  for (const [f, p] of Object.entries(t.parameters)) if ((p.required || p.cli_required) && p.default === undefined) add(f);
  for (const g of t.constraints.require_one_of) if (!g.includes(row.flag) && !g.some((f) => chosen.includes(f))) add(g[0]);
  for (const g of t.constraints.require_together) if (g.some((f) => chosen.includes(f) || f === row.flag)) g.forEach(add);
  const argv = t.primary_cli_path.split(' ');
  for (const p of [...(t.positionals ?? [])].sort((a, b) => a.index - b.index)) {
    if (!p.required) continue;
    if (p.name === row.flag) { argv.push(row.input); continue; }
    argv.push(positionalValue(t, p, uses));
    const asFlag = chosen.indexOf(p.name);
    if (asFlag >= 0) chosen.splice(asFlag, 1);
  }
  for (const f of chosen) {
    const v = valueFor(t, f, uses.get(f) ?? []);
    argv.push(`--${f}`, ...(v === undefined ? [] : [v]));
  }
  if (!(t.positionals ?? []).some((p) => p.required && p.name === row.flag)) argv.push(`--${row.flag}=${row.input}`);
  argv.push(...(row.when ?? []));
  if (t.confirmation === 'user_required') argv.push('--yes');
  return argv;
}

describe('numbers upstream refuses or cannot read (the sweep table, from upstream source)', () => {
  it('the table is the reviewed one: rows name a command, a flag, an input and an upstream line', () => {
    const tools = new Map(shippedEngine().tools().map((t) => [t.cli_path, t]));
    const bad = ROWS.filter((r) => !tools.has(r.cli_path) || !/^internal\/\S+:\d+@c7521c1c$/u.test(r.upstream) || !['refuse', 'not_read'].includes(r.expect));
    expect(bad).toEqual([]);
    expect(ROWS.length).toBeGreaterThan(100);
  });

  it('each row typed as a user types it is refused before any call, or (error dropped upstream) never sends the padded number', async () => {
    const tools = new Map(shippedEngine().tools().map((t) => [t.cli_path, t]));
    const wrong: string[] = [];
    let checked = 0;
    for (const [i, row] of ROWS.entries()) {
      if (row.skip) continue;
      const t = tools.get(row.cli_path)!;
      const argv = argvWith(t, row);
      const env = { ...recordingEnv(mcp.urlTemplate, 'tok-sweep-num'), DWS_FILE_ROOT: root, DWS_JOURNAL: path.join(root, `j-${i}.jsonl`), DWS_STATE_DIR: path.join(root, 'state'), HOME: root };
      const before = mcp.calls.length;
      const outcome = await dispatchInProcess(argv, env, shippedEngine, { now: () => new Date('2026-03-10T10:00:00+08:00'), uuid: () => 'uuid-1', sleep: async () => {} });
      checked++;
      const sent = mcp.calls.slice(before);
      const e = outcome.error;
      const refused = e !== undefined && REASONS[e.reason] === 'validation' && (sent.length === 0 || row.after_read === true);
      const sentNumber = sent.some((c) => /(?<![\w.])17(?![\w.])/u.test(JSON.stringify(c.arguments ?? c).replace(/"[^"]*"/gu, '""')));
      const ok = row.expect === 'refuse' ? refused : refused || (e === undefined && !sentNumber);
      if (!ok) wrong.push(`${row.cli_path} --${row.flag}=${JSON.stringify(row.input)} (${row.site}, ${row.upstream}, expect ${row.expect}): dws ${argv.join(' ')} -> ${e ? `${e.reason}: ${e.message}` : `exit 0 after ${sent.length} call(s): ${JSON.stringify(sent.map((c) => c.arguments ?? c)).slice(0, 300)}`}`);
    }
    console.log(`${checked} rows run, ${ROWS.length - checked} skipped by review`);
    expect(checked).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  }, 300_000);
});
