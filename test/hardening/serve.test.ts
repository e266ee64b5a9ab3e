// Attacks on `dws serve` as a real process over stdio (the SDK's client): secrets echoed by the backend, huge and
// hostile arguments, inherited keys, hundreds of concurrent calls and the per-session budget. Backend traffic goes
// to the fixture MCP server on 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { renameSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { REASONS } from '../../src/errors.js';
import type { Engine } from '../../src/engine/engine.js';
import { errorOf, runCliAsync } from '../helpers.js';
import type { McpFixture } from '../fixtures/mcp/server.js';
import { privateSnapshot, reasonOf, serve, until, useServedBackend, expectedHashes, type Served } from '../serve/client.js';
import { inspect } from '../../src/schema/browse.js';

const TOKEN = 'tok-serve-hardening-77c4-never-print-me';
let mcp: McpFixture;
let served: Served;
let engine: Engine;
let env: Record<string, string>;

useServedBackend(TOKEN, (b) => ({ mcp, engine, env, served } = b));

const hashes = () => expectedHashes(engine);

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

describe('inherited keys are never flags or fields', () => {
  const INHERITED = ['toString', 'constructor', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf'];
  /** A JSON object text with one extra own key (JSON.parse makes "__proto__" an own key, as the MCP message has it). */
  const withKey = (base: Record<string, unknown>, key: string, value: unknown) =>
    JSON.stringify(base).slice(0, -1) + `${Object.keys(base).length ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(value)}}`;

  /** Sends one raw tools/call whose JSON text carries the key, as a hostile client would. */
  async function rawCall(name: string, argsText: string): Promise<{ isError: boolean; text: string }> {
    const r = await served.client.request({ method: 'tools/call', params: { name, arguments: JSON.parse(argsText) } } as never, (await import('@modelcontextprotocol/sdk/types.js')).CallToolResultSchema);
    return { isError: r.isError === true, text: (r.content[0] as { text: string }).text };
  }

  it('refuses each as an unknown field of schema_search exactly as --request-json does', async () => {
    for (const key of INHERITED) {
      const text = withKey({ version: 'tool-search.v1', query: '撤回群消息' }, key, 'x');
      const cli = await runCliAsync(['schema', 'search', '--request-json', '-'], text, env);
      expect(cli.status).toBe(3);
      const a = await rawCall('schema_search', text);
      expect({ key, isError: a.isError, text: a.text }).toEqual({ key, isError: true, text: cli.stderr.trim() });
      expect(reasonOf(a)).toBe('invalid_request_json');
    }
  });

  it('refuses each as a flag of execute with unknown_option and as a field of inspect and execute, calling nothing', async () => {
    for (const key of INHERITED) {
      const args = JSON.parse(withKey({}, key, 'x'));
      const a = await served.call('execute', { canonical_path: 'chat.list_my_groups_pagination', arguments: args, ...hashes() });
      expect({ key, reason: reasonOf(a) }).toEqual({ key, reason: 'unknown_option' });
      for (const tool of ['schema_inspect', 'execute']) {
        const b = await rawCall(tool, withKey({ canonical_path: 'chat.list_my_groups_pagination', ...hashes() }, key, 'x'));
        expect({ key, tool, reason: reasonOf(b) }).toEqual({ key, tool, reason: 'invalid_argument' });
      }
    }
    expect(mcp.calls).toEqual([]);
  });

  it('refuses each as a CLI flag with unknown_option (exit 3)', async () => {
    for (const key of INHERITED) {
      const r = await runCliAsync(['chat', 'group', 'list-all', `--${key}`, 'x', '--dry-run'], '', env);
      expect({ key, status: r.status, reason: errorOf(r.stderr).reason }).toEqual({ key, status: 3, reason: 'unknown_option' });
    }
  });
});

describe('hostile message sizes', () => {
  it('answers a message over 10 MiB with a typed error under its id and keeps serving', async () => {
    const huge = 'x'.repeat(11 * 1024 * 1024);
    const err = await served.client.callTool({ name: 'schema_search', arguments: { query: huge } }).then(() => undefined, (e: unknown) => e);
    expect(err).toMatchObject({ code: -32600, data: { error: { reason: 'request_too_large' } } });
    const a = await served.call('schema_search', { query: '撤回群消息', limit: 1 });
    expect(a.isError).toBe(false);
  });
});

describe('hostile string lengths', () => {
  const MB = 'p'.repeat(1024 * 1024);

  it('refuses a 1 MB canonical_path or hash at the schema, while a concurrent search answers', async () => {
    const [inspect, execute, hash, search] = await Promise.all([
      served.call('schema_inspect', { canonical_path: MB, ...hashes() }),
      served.call('execute', { canonical_path: MB, ...hashes(), dry_run: true }),
      served.call('schema_inspect', { canonical_path: 'chat.recall_message', ...hashes(), expected_source_hash: MB }),
      served.call('schema_search', { query: '撤回群消息', limit: 1 }),
    ]);
    expect([reasonOf(inspect), reasonOf(execute), reasonOf(hash), search.isError]).toEqual(['invalid_argument', 'invalid_argument', 'invalid_argument', false]);
    for (const a of [inspect, execute, hash]) expect(a.text.length).toBeLessThan(2000);
  });

  it('refuses a 1 MB flag name and more than 1 MiB of argument values, calling nothing', async () => {
    const name = await served.call('execute', { canonical_path: 'chat.list_my_groups_pagination', arguments: { [MB]: 1 }, ...hashes() });
    const value = await served.call('execute', { canonical_path: 'chat.recall_message', arguments: { 'conversation-id': 'c', 'msg-id': MB + MB }, ...hashes() });
    expect([reasonOf(name), reasonOf(value)]).toEqual(['invalid_argument', 'invalid_argument']);
    expect(name.text.length + value.text.length).toBeLessThan(4000);
    expect(mcp.calls).toEqual([]);
  });
});

describe('the per-session budget', () => {
  it('states in the search and inspect descriptions that they never authorize anything', async () => {
    const { tools } = await served.client.listTools();
    for (const t of tools.filter((x) => x.name !== 'execute')) expect(t.description).toMatch(/never authorize anything/);
  });

  it('counts distinct commands shown and refuses the search that would pass the cap, with a hint; shown ones still answer', async () => {
    const own = await serve({ ...env, DWS_SERVE_MAX_TOOLS: '8' });
    try {
      const first = await own.call('schema_search', { query: '撤回群消息', limit: 5 });
      expect(first.isError).toBe(false);
      const again = await own.call('schema_search', { query: '撤回群消息', limit: 5 });
      expect(again).toEqual(first);
      const more = await own.call('schema_search', { query: '创建待办', limit: 5 });
      expect(reasonOf(more)).toBe('session_budget_exceeded');
      const e = JSON.parse(more.text).error;
      expect(e.message).toContain('5 of at most 8');
      expect(e.hint).toMatch(/at most 3 more fit/);
      expect(e.hint).toMatch(/--max-tools/);
      const fits = await own.call('schema_search', { query: '创建待办', limit: 3 });
      expect(fits.isError).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('counts contract bytes inspected, and refuses one contract over the per-command cap unless asked for', async () => {
    const big = 'chat.shortcut_search_msg';
    const bytesOf = (p: string) => Buffer.byteLength(inspect(engine, p, { compact: true, expectedSourceHash: hashes().expected_source_hash, expectedSurfaceHash: hashes().expected_surface_hash }));
    const size = bytesOf(big);
    const own = await serve({ ...env }, ['--max-contract-bytes-each', String(size - 1), '--max-contract-bytes', String(size + bytesOf('chat.recall_message'))]);
    try {
      const refused = await own.call('schema_inspect', { canonical_path: big, ...hashes() });
      expect(reasonOf(refused)).toBe('contract_too_large');
      expect(JSON.parse(refused.text).error.hint).toContain('allow_large_contract');
      const asked = await own.call('schema_inspect', { canonical_path: big, ...hashes(), allow_large_contract: true });
      expect(asked.isError).toBe(false);
      expect(Buffer.byteLength(asked.text)).toBe(size);
      expect((await own.call('schema_inspect', { canonical_path: 'chat.recall_message', ...hashes() })).isError).toBe(false);
      const over = await own.call('schema_inspect', { canonical_path: 'chat.forward_message', ...hashes() });
      expect(reasonOf(over)).toBe('session_budget_exceeded');
    } finally {
      await own.close();
    }
  });

  it('refuses a cap that is not a positive integer at start (exit 3)', async () => {
    const r = await runCliAsync(['serve'], '', { DWS_SERVE_MAX_TOOLS: 'lots' });
    expect({ status: r.status, reason: errorOf(r.stderr).reason }).toEqual({ status: 3, reason: 'invalid_argument' });
  });
});

describe('malformed requests', () => {
  it('answers any arguments to any tool with a result or a typed tool error, and keeps serving', async () => {
    const valid = { canonical_path: 'chat.recall_message', ...hashes() };
    const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('chat.recall_message', 'x'.repeat(300), '__proto__', -1, 1e308, '\u202e'));
    const args = fc.oneof(
      fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('query', 'limit', 'canonical_path', 'arguments', 'dry_run', 'subqueries', 'constructor')), value, { maxKeys: 5 }),
      fc.record({ key: fc.constantFrom(...Object.keys(valid), 'arguments', 'dry_run', 'confirmed'), v: value }).map(({ key, v }) => ({ ...valid, [key]: v, dry_run: true })),
    );
    await fc.assert(fc.asyncProperty(fc.constantFrom('schema_search', 'schema_inspect', 'execute', 'nope'), args, async (name, a) => {
      const r = await served.call(name, a as Record<string, unknown>);
      if (r.isError) expect(Object.keys(REASONS)).toContain(reasonOf(r));
      else expect(() => JSON.parse(r.text)).not.toThrow();
    }), { numRuns: 150 });
    expect(mcp.calls).toEqual([]);
    expect((await served.call('schema_search', { query: '撤回群消息', limit: 1 })).isError).toBe(false);
    expect(served.stderr()).not.toMatch(/internal_error/);
  });
});

describe('a cancelled execute', () => {
  it('chat +dm cancelled during its lookup never sends the message (notifications/cancelled stops the plan before its next step)', { timeout: 300_000 }, async () => {
    mcp.answers.search_contact_by_key_word = () => ({ result: [{ name: '张三', openDingTalkId: 'od_cancel' }] });
    mcp.faults.push({ tool: 'search_contact_by_key_word', hold: true, times: 1 });
    try {
      const cancel = new AbortController();
      const call = served.client.callTool({ name: 'execute', arguments: { canonical_path: 'chat.shortcut_dm', arguments: { to: '张三', text: 'cancel me' }, confirmed: true, ...hashes() } },
        undefined, { signal: cancel.signal }).catch((e: unknown) => e);
      await until('the lookup to arrive', async () => (mcp.calls.some((c) => c.name === 'search_contact_by_key_word') ? true : undefined));
      cancel.abort();
      await call;
      // Messages are read in order: once the ping is answered, the server has seen the cancellation.
      await served.client.ping();
      mcp.release();
      const line = await until('the cancelled log line', async () => served.stderr().split('\n').find((l) => l.includes('"event":"cancelled"')));
      expect(JSON.parse(line).dws_serve).toMatchObject({ event: 'cancelled', tool: 'execute', reason: 'request_cancelled' });
      expect(mcp.calls.map((c) => c.name)).toEqual(['search_contact_by_key_word']);
    } finally {
      delete mcp.answers.search_contact_by_key_word;
      mcp.release();
    }
  });
});
