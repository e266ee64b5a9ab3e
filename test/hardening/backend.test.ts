// Attacks on the dispatch path through a faulty backend (test/fixtures/mcp/server.ts on 127.0.0.1): secrets echoed
// back in results, 5xx answers to writes, 200 answers that are not JSON-RPC, JSON-RPC errors whose codes look like
// local failures, and an interrupted write. Each case states what dws must print and how many calls the backend saw.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, errorOf, runCliAsync, shippedEngine, dispatchInProcess, type DispatchOutcome } from '../helpers.js';
import { useMcpServer, recordingEnv } from '../fixtures/mcp/server.js';

const TOKEN = 'tok-hardening-5d1c-never-print-me';
const mcp = useMcpServer();
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dws-hardening-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { ...recordingEnv(mcp.urlTemplate, TOKEN), XDG_STATE_HOME: process.env.XDG_STATE_HOME!, ...extra };
}

function run(argv: string[], extra: Record<string, string> = {}): Promise<DispatchOutcome> {
  return dispatchInProcess(argv, env(extra));
}

const READ = ['chat', 'group', 'list-all', '--limit', '5'];
const rpcOf = (canonical: string) => shippedEngine().tools().find((t) => t.canonical_path === canonical)!.interface_ref!.rpc_name;

describe('secrets never reach the output', () => {
  it('scrubs the token from a result that echoes the Authorization header', async () => {
    mcp.echoAuthorization = true;
    const r = await run(READ);
    expect(r.error).toBeUndefined();
    expect(r.out).not.toContain(TOKEN);
    expect(JSON.parse(r.out).result.echoed).toBe('Bearer ***');
  });

  it('scrubs a per-server token from the config file and the server URL from results, in the built CLI too', async () => {
    mcp.echoAuthorization = true;
    const secret = 'cfg-token-91ab-never-print-me';
    const config = path.join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ url_template: mcp.urlTemplate, servers: { im: { token: secret } } }));
    const r = await runCliAsync(READ, '', { DWS_CONFIG: config, DWS_MCP_URL_TEMPLATE: '', DWS_TOKEN: '', DWS_ALLOW_HTTP_ENDPOINTS: '1' });
    expect(r.status).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(secret);
    expect(JSON.parse(r.stdout).result.echoed).toBe('Bearer ***');
  });
});

// A write the catalog labels idempotent: the label alone must not make dws replay it.
const IDEMPOTENT_WRITE = ['chat', 'clear-all-red-point'];
const RECALL = ['chat', 'message', 'recall', '--conversation-id', 'c', '--msg-id', 'm'];
const brief = (r: DispatchOutcome) => ({ reason: r.error?.reason, exit: r.error?.exitCode, out: r.out });

describe('a write is sent once unless its backend accepts the idempotency key', () => {
  it('sends a write labelled idempotent exactly once on 503 and reports outcome_unknown (exit 1)', async () => {
    const t = shippedEngine().tools().find((x) => x.canonical_path === 'chat.clear_all_red_point')!;
    expect([t.effect, t.idempotency]).toEqual(['write', 'idempotent']);
    mcp.faults.push({ tool: rpcOf('chat.clear_all_red_point'), status: 503, times: 5 });
    const r = await run(IDEMPOTENT_WRITE);
    expect(brief(r)).toEqual({ reason: 'outcome_unknown', exit: 1, out: '' });
    expect(mcp.calls.length).toBe(1);
  });

  it('retries a write with the same idempotency key when the backend echoes the key back', async () => {
    mcp.acceptIdempotencyKey = true;
    mcp.faults.push({ tool: rpcOf('chat.clear_all_red_point'), status: 503, times: 1 });
    const r = await run(IDEMPOTENT_WRITE);
    expect(r.error).toBeUndefined();
    expect(mcp.calls.length).toBe(2);
    expect(mcp.calls[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(mcp.calls[1].idempotencyKey).toBe(mcp.calls[0].idempotencyKey);
  });

  it('ends a write whose accepted-key retries all failed as outcome_unknown, never transport_error', async () => {
    mcp.acceptIdempotencyKey = true;
    mcp.faults.push({ tool: rpcOf('chat.recall_message'), status: 503, times: 10 });
    const r = await run(RECALL);
    expect(brief(r)).toEqual({ reason: 'outcome_unknown', exit: 1, out: '' });
    expect(mcp.calls.length).toBe(3);
    expect(new Set(mcp.calls.map((c) => c.idempotencyKey)).size).toBe(1);
  });
});

describe("a server's own answer is reported, never replayed", () => {
  const HTML = { contentType: 'text/html', text: '<html><body>gateway says hello</body></html>' };
  const READ_RPC = () => rpcOf('chat.list_my_groups_pagination');

  it('reports a write answered by HTTP 200 with an HTML body as outcome_unknown (exit 1): it arrived', async () => {
    mcp.faults.push({ tool: rpcOf('chat.recall_message'), body: HTML, times: 5 });
    const r = await run(RECALL);
    expect(brief(r)).toEqual({ reason: 'outcome_unknown', exit: 1, out: '' });
    expect(r.error!.message).toContain('HTTP 200');
    expect(mcp.calls.length).toBe(1);
  });

  it('does not replay a read answered by HTTP 200 with an HTML body', async () => {
    mcp.faults.push({ tool: READ_RPC(), body: HTML, times: 5 });
    const r = await run(READ);
    expect(brief(r)).toEqual({ reason: 'backend_error', exit: 1, out: '' });
    expect(mcp.calls.length).toBe(1);
  });

  for (const code of [-32000, -32001, -32603]) {
    it(`reports JSON-RPC error ${code} from the server with its own code and message, for a read and a write, without replay`, async () => {
      const message = `backend quota exhausted (${code})`;
      mcp.faults.push({ tool: READ_RPC(), rpcError: { code, message }, times: 5 }, { tool: rpcOf('chat.recall_message'), rpcError: { code, message }, times: 5 });
      for (const argv of [READ, RECALL]) {
        mcp.calls.length = 0;
        const r = await run(argv);
        expect(brief(r)).toEqual({ reason: 'backend_error', exit: 1, out: '' });
        expect(r.error!.message).toContain(`JSON-RPC error ${code}: ${message}`);
        expect(mcp.calls.length).toBe(1);
      }
    });
  }
});

describe('an interrupted write', () => {
  /** Starts the built CLI, waits until the backend holds its call, then sends SIGINT. */
  async function interrupt(argv: string[], extra: Record<string, string> = {}): Promise<{ status: number | null; signal: string | null; stdout: string; stderr: string }> {
    const child = spawn(process.execPath, [BIN, ...argv], { env: { ...process.env, ...env(extra) } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const closed = new Promise<{ status: number | null; signal: string | null }>((resolve) => child.on('close', (status, signal) => resolve({ status, signal })));
    child.stdin.end();
    while (mcp.calls.length === 0) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    const { status, signal } = await closed;
    mcp.release();
    return { status, signal, stdout, stderr };
  }

  it('prints the outcome_unknown envelope, journals the open write and exits 130 when Ctrl-C arrives after the write was sent', async () => {
    const journal = path.join(dir, `interrupted-${process.pid}.jsonl`);
    mcp.faults.push({ tool: rpcOf('chat.recall_message'), hold: true, times: 1 });
    const r = await interrupt(RECALL, { DWS_JOURNAL: journal });
    expect({ status: r.status, stdout: r.stdout, reason: errorOf(r.stderr).reason }).toEqual({ status: 130, stdout: '', reason: 'outcome_unknown' });
    expect(errorOf(r.stderr).message).toContain(rpcOf('chat.recall_message'));
    const records = readFileSync(journal, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(records.map((x) => ({ path: x.canonical_path, rpc: x.rpc, outcome: x.outcome, reason: x.error?.reason, ref: x.ref })))
      .toEqual([{ path: 'chat.recall_message', rpc: rpcOf('chat.recall_message'), outcome: 'sent', reason: undefined, ref: undefined },
        { path: 'chat.recall_message', rpc: rpcOf('chat.recall_message'), outcome: 'outcome_unknown', reason: 'outcome_unknown', ref: 1 }]);
    expect(readFileSync(journal, 'utf8')).not.toContain(TOKEN);
    expect(spawnSync(process.execPath, [BIN, 'audit', 'verify'], { env: { ...process.env, ...env({ DWS_JOURNAL: journal }) } }).status).toBe(0);
  });

  it('exits 130 without an outcome envelope when Ctrl-C interrupts a read', async () => {
    mcp.faults.push({ tool: rpcOf('chat.list_my_groups_pagination'), hold: true, times: 1 });
    const r = await interrupt(READ);
    expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ status: 130, stdout: '', stderr: '' });
  });
});

describe('a config path that is not a regular file', () => {
  it('is refused with not_configured (exit 3) without blocking, for a FIFO and a directory', async () => {
    const fifo = path.join(dir, 'config.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    for (const file of [fifo, dir]) {
      const r = await run(READ, { DWS_CONFIG: file, DWS_MCP_URL_TEMPLATE: '' });
      expect({ file, reason: r.error?.reason, exit: r.error?.exitCode }).toEqual({ file, reason: 'not_configured', exit: 3 });
    }
    expect(mcp.calls).toEqual([]);
  });
});

describe('a retried write whose retry is refused', () => {
  it('stays outcome_unknown when the retry after an accepted-key 503 gets a JSON-RPC error', async () => {
    mcp.acceptIdempotencyKey = true;
    mcp.faults.push({ tool: rpcOf('chat.recall_message'), status: 503, times: 1 }, { tool: rpcOf('chat.recall_message'), rpcError: { code: -32000, message: 'duplicate' }, times: 1 });
    const r = await run(RECALL);
    expect(brief(r)).toEqual({ reason: 'outcome_unknown', exit: 1, out: '' });
    expect(mcp.calls.length).toBe(2);
  });
});
