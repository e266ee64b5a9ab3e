// An MCP client (the SDK's own) connected over stdio to a real `dws serve` process, plus a private copy of the
// snapshot so that a rebuild of build/snapshot.bin by someone else cannot swap the catalog under a running test.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { loadEngine } from '../../src/index.js';
import type { Engine } from '../../src/engine/engine.js';
import { BIN, ROOT } from '../helpers.js';
import { startMcpServer, type McpFixture, recordingEnv } from '../fixtures/mcp/server.js';

export interface Served {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** One tools/call: the text content and whether it is a tool error. */
  call(name: string, args?: Record<string, unknown>): Promise<Answer>;
  close(): Promise<void>;
}

export interface Answer {
  isError: boolean;
  text: string;
  /** The run's notices, one JSON line each (what the CLI writes on stderr); absent when there were none. */
  notices?: string;
}

/**
 * Tests that are not about the per-session budget run many searches and inspects in one session: their server gets
 * caps no test reaches, unless the test sets its own (env, or flags in args).
 */
const NO_BUDGET = { DWS_SERVE_MAX_TOOLS: '1000000', DWS_SERVE_MAX_CONTRACT_BYTES: '1000000000' };

export async function serve(env: Record<string, string>, args: string[] = []): Promise<Served> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'serve', ...args],
    env: { ...(process.env as Record<string, string>), ...NO_BUDGET, ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const client = new Client({ name: 'dws-serve-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    async call(name, args = {}) {
      const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
      // the answer, then (only when the run gave any) its notices as the CLI's stderr lines
      if (r.content.length < 1 || r.content.length > 2 || r.content.some((c) => c.type !== 'text')) throw new Error(`unexpected content ${JSON.stringify(r.content)}`);
      const [answer, notices] = r.content as { type: 'text'; text: string }[];
      return { isError: r.isError === true, text: answer.text, ...(notices ? { notices: notices.text } : {}) };
    },
    close: () => client.close(),
  };
}

/** A temp dir holding a copy of the shipped snapshot; remove() deletes it. */
export function privateSnapshot(): { dir: string; file: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-serve-'));
  const file = path.join(dir, 'snapshot.bin');
  copyFileSync(path.join(ROOT, 'build', 'snapshot.bin'), file);
  return { dir, file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A `dws serve` on a private snapshot against the recording MCP backend (127.0.0.1), with the snapshot's engine. */
export interface ServedBackend {
  mcp: McpFixture;
  engine: Engine;
  /** The env the server runs with: its snapshot, the backend's URL template, no config file, the token. */
  env: Record<string, string>;
  served: Served;
  /** Closes the server and the backend and removes the snapshot copy. */
  close(): Promise<void>;
}

export async function startServedBackend(token: string): Promise<ServedBackend> {
  const mcp = await startMcpServer();
  const snap = privateSnapshot();
  try {
    const engine = loadEngine({ snapshot: snap.file });
    const env = { DWS_SNAPSHOT: snap.file, ...recordingEnv(mcp.urlTemplate, token) };
    const served = await serve(env);
    return {
      mcp, engine, env, served,
      close: async () => {
        await served.close();
        await mcp.close();
        snap.remove();
      },
    };
  } catch (e) {
    await mcp.close();
    snap.remove();
    throw e;
  }
}

/**
 * One served backend for a whole test file: started before its first test (`take` receives it), closed after its
 * last, and before every test the recording backend forgets the calls, faults, canned answers and echo setting an
 * earlier test left behind.
 */
export function useServedBackend(token: string, take: (backend: ServedBackend) => void): void {
  let backend: ServedBackend | undefined;
  beforeAll(async () => {
    backend = await startServedBackend(token);
    take(backend);
  });
  afterAll(() => backend?.close());
  beforeEach(() => {
    if (!backend) return;
    const { mcp } = backend;
    mcp.calls.length = 0;
    mcp.faults.length = 0;
    mcp.answers = {};
    mcp.echoAuthorization = false;
  });
}

/** The catalog hashes an Inspect or execute call must name, read from the served snapshot's engine. */
export const expectedHashes = (engine: Engine) => ({
  expected_source_hash: engine.catalogHashes.source_hash,
  expected_surface_hash: engine.catalogHashes.surface_hash,
});

export const reasonOf = (a: Answer): string | undefined => (a.isError ? (JSON.parse(a.text) as { error: { reason: string } }).error.reason : undefined);

export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
