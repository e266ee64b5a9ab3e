// The list sweep (issue 32, notes/sweep-list.md): test/fixtures/sweep-list-upstream.json lists every call of a named
// upstream list helper (parseCSVValues, parseExecutorIds, parseUserList, parseCSVInt64, ...) on a flag of a command,
// the argument key its list lands in, and, for the sweep's fixed inputs, what the helper gives: a list, Go's nil, or
// its error. notes/sweep-list.mjs makes it from upstream's source (c7521c1c) and the Go models of
// notes/sweep-list-models.mjs; nothing in it comes from dws.
//
// Each row runs, in process against the recording backend on 127.0.0.1 and as a user types it (the command's
// required flags with example values, then `--flag <input>`), every input the helper turns into a non-empty list or
// refuses: a list must reach the call under the row's key, unchanged (or, for the rows of REVIEW, changed as the
// upstream line named there changes it after the helper); a helper error must be a validation refusal that sends no
// such list. What an empty list sends (nothing, [], null) is each call site's and is pinned by the call goldens.
process.env.TZ = 'Asia/Shanghai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REASONS } from '../../src/errors.js';
import { dispatchInProcess, shippedEngine } from '../helpers.js';
import { startMcpServer, type McpFixture, recordingEnv } from '../fixtures/mcp/server.js';
import { argvWithout } from '../plan/sample-values.js';
import type { ModelResult } from '../../notes/sweep-list-models.mjs';

interface Row { cli_path: string; flag: string; helper: string; key: string; upstream: string; cases: Record<string, ModelResult> }
const ROWS = JSON.parse(readFileSync(new URL('../fixtures/sweep-list-upstream.json', import.meta.url), 'utf8')) as Row[];

/**
 * The rows read by hand, keyed `cli path|flag`: `when` adds flags a run needs to reach the call (a valid value of a
 * flag the example does not fill), `without` leaves out a required-group flag that excludes the row's flag,
 * `inputs_skipped` names inputs the upstream line does not hand to the helper (with the line), `then` says how
 * upstream changes the list after the helper (unique: repeats dropped, first kept).
 */
const REVIEW: Record<string, { when?: string[]; without?: string[]; inputs_skipped?: Record<string, string>; then?: 'unique'; skip?: string }> = {
  'chat message send-by-bot|users': { without: ['group', 'open-dingtalk-ids'], when: ['--title', 't', '--text', 'hi'] },
  'chat message send-by-bot|open-dingtalk-ids': { without: ['group', 'users'], when: ['--title', 't', '--text', 'hi'] },
  'chat toolbar sort|unsorted-ids': { inputs_skipped: { '': 'an empty --unsorted-ids is not parsed (toolbar_sort.go:51)' } },
  'hrbrain search employees-structured|order-by': { when: ['--origin-json', '{}'] },
  'report entry submit|to-user-ids': { when: ['--contents', '[{"key":"k","sort":"1","content":"c","type":"1","contentType":"markdown"}]'] },
};

let mcp: McpFixture;
let root: string;
beforeAll(async () => {
  mcp = await startMcpServer();
  root = mkdtempSync(path.join(tmpdir(), 'dws-sweep-list-'));
  writeFileSync(path.join(root, 'upload.txt'), 'hello upload\n');
});
afterAll(async () => {
  await mcp?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Every value held under `key` (its last dotted segment) anywhere in the arguments, depth first. */
function valuesAt(args: unknown, key: string, out: unknown[] = []): unknown[] {
  const last = key.split('.').at(-1)!;
  if (Array.isArray(args)) for (const x of args) valuesAt(x, key, out);
  else if (args && typeof args === 'object') {
    for (const [k, v] of Object.entries(args)) {
      if (k === last) out.push(v);
      valuesAt(v, key, out);
    }
  } else if (typeof args === 'string' && /^[[{]/u.test(args)) {
    try { valuesAt(JSON.parse(args), key, out); } catch { /* a text, not JSON */ }
  }
  return out;
}

const unique = (xs: unknown[]) => xs.filter((x, i) => xs.findIndex((y) => JSON.stringify(y) === JSON.stringify(x)) === i);

describe('every upstream list helper on a flag (the sweep table, from upstream source)', () => {
  it('the table names a command, a flag, a key and an upstream line per row', () => {
    const tools = new Map(shippedEngine().tools().map((t) => [t.cli_path, t]));
    const bad = ROWS.filter((r) => !tools.has(r.cli_path) || !Object.hasOwn(tools.get(r.cli_path)!.parameters, r.flag) || !/^internal\/\S+:\d+@c7521c1c$/u.test(r.upstream) || !r.key);
    expect(bad).toEqual([]);
    expect(ROWS.length).toBeGreaterThan(80);
  });

  it('a list flag typed as a user types it sends what the upstream helper makes of it', async () => {
    const tools = new Map(shippedEngine().tools().map((t) => [t.cli_path, t]));
    const wrong: string[] = [];
    let runs = 0;
    for (const [i, row] of ROWS.entries()) {
      const review = REVIEW[`${row.cli_path}|${row.flag}`] ?? {};
      if (review.skip) continue;
      const t = tools.get(row.cli_path)!;
      for (const [input, want] of Object.entries(row.cases)) {
        if ('sent' in want && !(want.sent && want.sent.length > 0)) continue;
        if (review.inputs_skipped && Object.hasOwn(review.inputs_skipped, input)) continue;
        const argv = [...argvWithout(t, { flag: row.flag, when: review.when, without: review.without }), `--${row.flag}`, input];
        const env = { ...recordingEnv(mcp.urlTemplate, 'tok-sweep-list'), DWS_FILE_ROOT: root, DWS_JOURNAL: path.join(root, `j-${i}.jsonl`), DWS_STATE_DIR: path.join(root, 'state'), HOME: root };
        const before = mcp.calls.length;
        const outcome = await dispatchInProcess(argv, env, shippedEngine, { now: () => new Date('2026-03-10T10:00:00+08:00'), uuid: () => 'uuid-1', sleep: async () => {} });
        runs++;
        const sent = mcp.calls.slice(before).flatMap((c) => valuesAt(c.arguments, row.key));
        const e = outcome.error;
        if ('error' in want) {
          if (!e || REASONS[e.reason] !== 'validation') wrong.push(`${row.cli_path} --${row.flag} ${JSON.stringify(input)}: upstream refuses (${want.error}); dws ${e ? e.reason : 'ran'}, sent ${JSON.stringify(sent)}`);
          continue;
        }
        const list = review.then === 'unique' ? unique(want.sent!) : want.sent;
        if (!sent.some((s) => JSON.stringify(s) === JSON.stringify(list))) {
          wrong.push(`${row.cli_path} --${row.flag} ${JSON.stringify(input)} (${row.helper}, ${row.upstream}): upstream ${row.key}=${JSON.stringify(list)}; dws ${e ? `${e.reason}: ${e.message.slice(0, 80)}` : `sent ${JSON.stringify(sent)}`} (${argv.join(' ')})`);
        }
      }
    }
    console.log(`${runs} runs over ${ROWS.length} rows`);
    expect(runs).toBeGreaterThan(500);
    expect(wrong).toEqual([]);
  }, 300_000);
});
