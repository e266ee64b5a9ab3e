// Attacks on `dws serve` as a real process over stdio (the SDK's client): secrets echoed by the backend, huge and
// hostile arguments, inherited keys, hundreds of concurrent calls and the per-session budget. Backend traffic goes
// to the fixture MCP server on 127.0.0.1.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEngine } from '../../src/index.js';
import type { Engine } from '../../src/engine/engine.js';
import { startMcpServer, type McpFixture } from '../fixtures/mcp/server.js';
import { privateSnapshot, reasonOf, serve, type Served } from '../serve/client.js';

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
