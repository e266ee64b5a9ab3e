// The journal end to end: `dws` dispatches against the MCP test backend (127.0.0.1) each leave one record, read back
// by `dws audit tail|export|verify`; a tampered journal fails verify (exit 5); the token never reaches the journal,
// even echoed by the backend; a journal that cannot be written stops the call before it is sent; a record that
// cannot be written after the call leaves the result standing with a typed warning; and concurrent writers (10 node
// children through the writer, 10 `dws` processes) leave one unbroken chain holding every record.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as esbuild from 'esbuild';
import { canonicalJson, sha256, verifyJournal, type JournalRecord } from '../../src/journal/record.js';
import { dispatchTool } from '../../src/dispatch/cli.js';
import { DwsError } from '../../src/errors.js';
import { errorOf, ROOT, runCliAsync, shippedEngine } from '../helpers.js';
import { useMcpServer, recordingEnv } from '../fixtures/mcp/server.js';

const TOKEN = 'tok-journal-5d1c-never-record-me';
const mcp = useMcpServer();
let dir: string;
let journal: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dws-audit-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});
let n = 0;
beforeEach(() => {
  journal = path.join(dir, `case-${++n}`, 'journal.jsonl');
});

const env = (extra: Record<string, string> = {}) => ({ ...recordingEnv(mcp.urlTemplate, TOKEN), DWS_JOURNAL: journal, ...extra });
const dws = (args: string[], extra: Record<string, string> = {}) => runCliAsync(args, '', env(extra));
const recall = (msg: string, extra: Record<string, string> = {}) => dws(['chat', 'message', 'recall', '--conversation-id', 'c1', '--msg-id', msg], extra);
const records = (): JournalRecord[] => readFileSync(journal, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const tool = (canonical: string) => shippedEngine().tools().find((t) => t.canonical_path === canonical)!;

describe('a dispatch and the audit commands', () => {
  it('a call leaves a sent record before it and its answer after (no argument values), which tail, export and verify read back', async () => {
    const sent = await recall('m1');
    expect(sent.status).toBe(0);
    const ref = tool('chat.recall_message').interface_ref!;
    const [before, rec, ...more] = records();
    expect(more).toEqual([]);
    const common = {
      v: 1, canonical_path: 'chat.recall_message', catalog: shippedEngine().catalogHashes, step: 0, invocation: before.invocation,
      server: ref.product_id, rpc: ref.rpc_name, args_sha256: sha256(canonicalJson({ openConversationId: 'c1', openMessageId: 'm1' })),
    };
    // a write's sent record carries its arguments sealed (never in plaintext)
    expect(before).toEqual({ ...common, seq: 1, time: before.time, outcome: 'sent', ids: {}, sealed: before.sealed, prev: '0'.repeat(64), hash: before.hash });
    expect(readFileSync(journal, 'utf8')).not.toContain('"m1"}');
    expect(rec).toEqual({ ...common, seq: 2, time: rec.time, ref: 1, outcome: 'ok', ids: { openConversationId: ['c1'], openMessageId: ['m1'] }, prev: before.hash, hash: rec.hash });
    expect(Date.parse(rec.time)).not.toBeNaN();
    expect(statSync(journal).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(journal)).mode & 0o777).toBe(0o700);

    await recall('m2');
    const tail = await dws(['audit', 'tail', '-n', '1']);
    expect(tail.status).toBe(0);
    expect(JSON.parse(tail.stdout)).toEqual({ result: { file: journal, records: [records()[3]] } });
    expect(JSON.parse((await dws(['audit', 'tail'])).stdout).result.records).toEqual(records());

    const exported = await dws(['audit', 'export']);
    expect(exported.status).toBe(0);
    expect(exported.stdout).toBe(readFileSync(journal, 'utf8'));
    const csv = (await dws(['audit', 'export', '--format', 'csv'])).stdout.trim().split('\n');
    expect(csv[0]).toBe('seq,time,canonical_path,step,page,server,rpc,outcome,error_reason,error_message,args_sha256,ids,prev,hash');
    expect(csv.slice(1).map((row) => row.split(',')[0])).toEqual(['1', '2', '3', '4']);
    const none = await dws(['audit', 'export', '--until', '2000-01-01']);
    expect([none.status, none.stdout]).toEqual([0, '']);

    const verified = await dws(['audit', 'verify']);
    expect(verified.status).toBe(0);
    expect(JSON.parse(verified.stdout)).toEqual({ result: { valid: true, file: journal, records: 4, first_seq: 1, last_seq: 4, last_hash: records()[3].hash, anchor: 'matched' } });

    const copy = path.join(dir, `export-${n}.jsonl`);
    writeFileSync(copy, exported.stdout);
    expect(JSON.parse((await dws(['audit', 'verify', '--file', copy])).stdout).result).toMatchObject({ valid: true, records: 4, anchor: 'absent' });
  });

  it('verify fails with exit 5 and journal_broken naming the line of an edited or cut journal', async () => {
    for (const m of ['m1', 'm2', 'm3']) expect((await recall(m)).status).toBe(0);
    const original = readFileSync(journal, 'utf8');
    writeFileSync(journal, original.replace('"openMessageId":["m2"]', '"openMessageId":["m9"]'));
    const edited = await dws(['audit', 'verify']);
    expect(edited.status).toBe(5);
    expect(errorOf(edited.stderr)).toMatchObject({ category: 'internal', reason: 'journal_broken' });
    expect(errorOf(edited.stderr).message).toMatch(/^line 4 /);
    writeFileSync(journal, original.split('\n').slice(0, 4).join('\n') + '\n');
    const cut = await dws(['audit', 'verify']);
    expect([cut.status, errorOf(cut.stderr).reason]).toEqual([5, 'journal_broken']);
    expect(errorOf(cut.stderr).message).toMatch(/^line 5 is missing/);
  });

  it('export takes a time range, and refuses bad bounds and formats with typed errors', async () => {
    await recall('m1');
    const day = records()[0].time.slice(0, 10);
    expect((await dws(['audit', 'export', '--since', day, '--until', day])).stdout).toBe(readFileSync(journal, 'utf8'));
    expect((await dws(['audit', 'export', '--since', `${day}T23:59:59.999Z`, '--until', '2100-01-01'])).stdout).toBe('');
    for (const [args, reason] of [
      [['--since', '2025-02-30'], 'invalid_parameter'],
      [['--until', 'yesterday'], 'invalid_parameter'],
      [['--since', '2025-06-02', '--until', '2025-06-01'], 'invalid_parameter'],
      [['--format', 'xml'], 'unsupported_output_format'],
    ] as const) {
      const r = await dws(['audit', 'export', ...args]);
      expect([r.status, errorOf(r.stderr).reason, r.stdout]).toEqual([3, reason, '']);
    }
    const missing = await dws(['audit', 'verify', '--file', path.join(dir, 'no-such.jsonl')]);
    expect([missing.status, errorOf(missing.stderr).reason]).toEqual([3, 'invalid_parameter']);
  });
});

describe('without a stream (MCP execute)', () => {
  const run = (canonical: string, values: Record<string, unknown>) =>
    dispatchTool(shippedEngine(), { tool: tool(canonical), values, positionals: {}, yes: false, dryRun: false, typedTimeoutMs: 5_000 }, env());

  it('export returns its lines as the result, and tail and verify their usual results', async () => {
    await recall('m1');
    await recall('m2');
    const lines = readFileSync(journal, 'utf8').trim().split('\n');
    expect(await run('audit.export', {})).toEqual({ result: { format: 'jsonl', lines } });
    expect(await run('audit.tail', { lines: 1 })).toEqual({ result: { file: journal, records: [JSON.parse(lines[3])] } });
    expect(await run('audit.verify', {})).toMatchObject({ result: { valid: true, records: 4 } });
    const refused = await run('audit.tail', { lines: 10_001 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DwsError);
    expect((refused as DwsError).reason).toBe('invalid_parameter');
  });
});

describe('secrets and failures', () => {
  it('never records the token: not when the backend echoes it as an id, not from an auth failure that echoes it', async () => {
    const echoed = await recall(TOKEN);
    expect(echoed.status).toBe(0);
    mcp.token = 'another-token';
    const denied = await recall('m1');
    expect([denied.status, errorOf(denied.stderr).reason]).toEqual([2, 'auth_failed']);
    const text = readFileSync(journal, 'utf8');
    expect(text).not.toContain(TOKEN);
    expect(records().map((r) => [r.outcome, r.error?.reason, r.ids])).toEqual([
      ['sent', undefined, {}],
      ['ok', undefined, { openConversationId: ['c1'] }],
      ['sent', undefined, {}],
      ['failed', 'auth_failed', {}],
    ]);
    expect(JSON.parse((await dws(['audit', 'verify'])).stdout).result.records).toBe(4);
  });

  it('records an outcome_unknown call, and a transport failure as failed', async () => {
    const ref = tool('chat.recall_message').interface_ref!;
    mcp.faults.push({ tool: ref.rpc_name, status: 504, times: 1 });
    const unknown = await recall('m1');
    expect([unknown.status, errorOf(unknown.stderr).reason]).toEqual([1, 'outcome_unknown']);
    const down = await recall('m2', { DWS_MCP_URL_TEMPLATE: 'http://127.0.0.1:9/mcp/{product}' });
    expect([down.status, errorOf(down.stderr).reason]).toEqual([1, 'transport_error']);
    expect(records().map((r) => [r.outcome, r.error?.reason, r.ref])).toEqual([
      ['sent', undefined, undefined], ['outcome_unknown', 'outcome_unknown', 1], ['sent', undefined, undefined], ['failed', 'transport_error', 3]]);
  });

  it('a journal that cannot be written stops the call before it is sent (exit 5)', async () => {
    const blocker = path.join(dir, `blocker-${n}`);
    writeFileSync(blocker, '');
    const r = await recall('m1', { DWS_JOURNAL: path.join(blocker, 'journal.jsonl') });
    expect([r.status, errorOf(r.stderr).reason, r.stdout]).toEqual([5, 'journal_unwritable', '']);
    expect(mcp.calls).toEqual([]);
  });

  it('a journal whose anchor cannot be replaced refuses the call before it is sent (exit 5), since its sent record cannot be written', async () => {
    mkdirSync(`${journal}.head`, { recursive: true }); // the anchor cannot be read or replaced
    const r = await recall('m1');
    expect([r.status, errorOf(r.stderr).reason, r.stdout]).toEqual([5, 'journal_unwritable', '']);
    expect(errorOf(r.stderr).hint).toMatch(/^the call was not sent/);
    expect(mcp.calls).toEqual([]);
  });
});

describe('concurrent writers', () => {
  const spawnNode = (args: string[]) => new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? -1));
  });

  it('10 node processes appending 40 records each leave one chain of 400 that verifies', async () => {
    const bundle = path.join(dir, 'append-many.mjs');
    await esbuild.build({ entryPoints: [path.join(ROOT, 'test/fixtures/journal/append-many.ts')], bundle: true, platform: 'node', format: 'esm', outfile: bundle, logLevel: 'silent' });
    const writers = Array.from({ length: 10 }, (_, i) => `w${i}`);
    const codes = await Promise.all(writers.map((w) => spawnNode([bundle, journal, w, '40'])));
    expect(codes).toEqual(writers.map(() => 0));
    const verified = verifyJournal({ text: readFileSync(journal, 'utf8'), anchor: readFileSync(`${journal}.head`, 'utf8'), requireAnchor: true });
    expect(verified).toMatchObject({ records: 400, anchor: 'matched' });
    const seen = records().map((r) => `${r.server}/${r.step}`).sort();
    expect(seen).toEqual(writers.flatMap((w) => Array.from({ length: 40 }, (_, i) => `${w}/${i}`)).sort());
  });

  it('10 dws processes dispatching at once each leave their record in a journal that verifies', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `msg-${i}`);
    const runs = await Promise.all(ids.map((id) => recall(id)));
    expect(runs.map((r) => [r.status, r.status === 0 ? '' : r.stderr])).toEqual(ids.map(() => [0, '']));
    expect(records().filter((r) => r.outcome === 'ok').map((r) => r.ids.openMessageId[0]).sort()).toEqual([...ids].sort());
    const verified = await dws(['audit', 'verify']);
    expect(JSON.parse(verified.stdout).result).toMatchObject({ valid: true, records: 20, anchor: 'matched' });
  });
});
