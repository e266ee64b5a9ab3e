// Attacks on the dispatch path through a faulty backend (test/fixtures/mcp/server.ts on 127.0.0.1): secrets echoed
// back in results, 5xx answers to writes, 200 answers that are not JSON-RPC, JSON-RPC errors whose codes look like
// local failures, and an interrupted write. Each case states what dws must print and how many calls the backend saw.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDispatch } from '../../src/dispatch/cli.js';
import { DwsError } from '../../src/errors.js';
import { runCliAsync, shippedEngine } from '../helpers.js';
import { startMcpServer, type McpFixture } from '../fixtures/mcp/server.js';

const TOKEN = 'tok-hardening-5d1c-never-print-me';
let mcp: McpFixture;
let dir: string;

beforeAll(async () => {
  mcp = await startMcpServer();
  dir = mkdtempSync(path.join(os.tmpdir(), 'dws-hardening-'));
});
afterAll(async () => {
  await mcp.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  mcp.calls.length = 0;
  mcp.faults.length = 0;
  mcp.token = undefined;
  mcp.echoAuthorization = false;
  mcp.acceptIdempotencyKey = false;
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { DWS_MCP_URL_TEMPLATE: mcp.urlTemplate, DWS_CONFIG: '/nonexistent/dws.json', DWS_TOKEN: TOKEN, ...extra };
}

interface Outcome {
  out: string;
  error?: DwsError;
}

async function run(argv: string[], extra: Record<string, string> = {}): Promise<Outcome> {
  let out = '';
  try {
    await runDispatch(argv, shippedEngine, { write: async (t) => void (out += t), env: env(extra) });
  } catch (e) {
    if (e instanceof DwsError) return { out, error: e };
    throw e;
  }
  return { out };
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
    const r = await runCliAsync(READ, '', { DWS_CONFIG: config, DWS_MCP_URL_TEMPLATE: '', DWS_TOKEN: '' });
    expect(r.status).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(secret);
    expect(JSON.parse(r.stdout).result.echoed).toBe('Bearer ***');
  });
});
