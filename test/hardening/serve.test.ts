// Attacks on `dws serve` as a real process over stdio (the SDK's client): secrets echoed by the backend, huge and
// hostile arguments, inherited keys, hundreds of concurrent calls and the per-session budget. Backend traffic goes
// to the fixture MCP server on 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { renameSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEngine } from '../../src/index.js';
import type { Engine } from '../../src/engine/engine.js';
import { startMcpServer, type McpFixture } from '../fixtures/mcp/server.js';
import { privateSnapshot, reasonOf, serve, until, type Served } from '../serve/client.js';

const TOKEN = 'tok-serve-hardening-77c4-never-print-me';
let mcp: McpFixture;
let snap: ReturnType<typeof privateSnapshot>;
let served: Served;
let engine: Engine;
let env: Record<string, string>;

beforeAll(async () => {
  mcp = await startMcpServer();
  snap = privateSnapshot();
  engine = loadEngine({ snapshot: snap.file });
  env = { DWS_SNAPSHOT: snap.file, DWS_MCP_URL_TEMPLATE: mcp.urlTemplate, DWS_CONFIG: '/nonexistent/dws.json', DWS_TOKEN: TOKEN };
  served = await serve(env);
});
afterAll(async () => {
  await served?.close();
  await mcp?.close();
  snap?.remove();
});
beforeEach(() => {
  mcp.calls.length = 0;
  mcp.faults.length = 0;
  mcp.echoAuthorization = false;
});

const hashes = () => ({ expected_source_hash: engine.catalogHashes.source_hash, expected_surface_hash: engine.catalogHashes.surface_hash });

describe('execute never prints a secret', () => {
  it('scrubs the token from a backend result that echoes the Authorization header', async () => {
    mcp.echoAuthorization = true;
    const a = await served.call('execute', { canonical_path: 'chat.list_my_groups_pagination', arguments: { limit: 3 }, ...hashes() });
    expect(a.isError).toBe(false);
    expect(a.text).not.toContain(TOKEN);
    expect(JSON.parse(a.text).result.echoed).toBe('Bearer ***');
    expect(served.stderr()).not.toContain(TOKEN);
  });
});

describe('the snapshot watcher', () => {
  it('rejects a FIFO renamed over the watched snapshot without blocking, and keeps serving the last generation', async () => {
    const own = privateSnapshot();
    const server = await serve({ ...env, DWS_SNAPSHOT: own.file });
    try {
      const fifo = path.join(own.dir, 'next.fifo');
      expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
      renameSync(fifo, own.file);
      const rejected = await until('catalog_rejected', async () => server.stderr().split('\n').find((l) => l.includes('catalog_rejected')));
      expect(JSON.parse(rejected).dws_serve).toMatchObject({ event: 'catalog_rejected', reason: 'snapshot_missing' });
      const a = await server.call('schema_search', { query: '撤回群消息', limit: 1 });
      expect(a.isError).toBe(false);
      expect(JSON.parse(a.text).catalog).toEqual(engine.catalogHashes);
    } finally {
      await server.close();
      own.remove();
    }
  });
});
