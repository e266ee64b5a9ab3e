// A snapshot swap under a running `dws serve`: the file named by DWS_SNAPSHOT is replaced mid-run by a snapshot
// of the same catalog with one tool's text changed. The server builds the new generation completely and swaps:
// a call in flight finishes on the old one, new searches carry the new hashes, old hashes get catalog_changed.
// A file that does not load leaves the current generation serving. ServedCatalog is also checked in-process.
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../src/index.js';
import { snapshotFromCatalog } from '../../src/snapshot/write.js';
import type { Catalog } from '../../src/catalog/types.js';
import type { Engine } from '../../src/engine/engine.js';
import { ServedCatalog } from '../../src/serve/catalog.js';
import { realCatalog } from '../helpers.js';
import { useMcpServer, recordingEnv } from '../fixtures/mcp/server.js';
import { privateSnapshot, reasonOf, serve, until, type Served } from './client.js';
import { inspect } from '../../src/schema/browse.js';

const CHANGED = 'chat.recall_message';
const MARK = ' (revised wording)';

const mcp = useMcpServer();
let snap: ReturnType<typeof privateSnapshot>;
let before: { bytes: Uint8Array; engine: Engine };
let after: { bytes: Uint8Array; engine: Engine };

function build(edit: (c: Catalog) => void): { bytes: Uint8Array; engine: Engine } {
  const c = realCatalog();
  edit(c);
  const bytes = snapshotFromCatalog(c);
  return { bytes, engine: loadEngine({ snapshot: bytes }) };
}

/** Replaces the snapshot file the way a deploy does: write a sibling, then rename over it. */
function replace(file: string, bytes: Uint8Array): void {
  const next = path.join(path.dirname(file), `next-${Date.now()}.bin`);
  writeFileSync(next, bytes);
  renameSync(next, file);
}

const hashArgs = (e: Engine) => ({ expected_source_hash: e.catalogHashes.source_hash, expected_surface_hash: e.catalogHashes.surface_hash });

beforeAll(async () => {
  snap = privateSnapshot();
  // Both generations from the same catalog sources, so exactly one tool's text differs between them.
  before = build(() => {});
  after = build((c) => {
    const t = c.tools.find((x) => x.canonical_path === CHANGED)!;
    t.agent_summary += MARK;
    t.agent_summary_en += MARK;
  });
});
afterAll(async () => {
  snap?.remove();
});

describe('snapshot swap in a running server', () => {
  let served: Served;
  afterAll(async () => {
    await served?.close();
  });

  it('changes only the source hash for a text edit (the identity surface is the same)', () => {
    expect(after.engine.catalogHashes.source_hash).not.toBe(before.engine.catalogHashes.source_hash);
    expect(after.engine.catalogHashes.surface_hash).toBe(before.engine.catalogHashes.surface_hash);
  });

  it('finishes a call in flight on the old generation, then serves only the new one', async () => {
    writeFileSync(snap.file, before.bytes);
    served = await serve({ DWS_SNAPSHOT: snap.file, ...recordingEnv(mcp.urlTemplate, 't') });
    const query = { query: CHANGED };
    const first = JSON.parse((await served.call('schema_search', query)).text);
    expect(first.catalog).toEqual(before.engine.catalogHashes);

    // An execute bound to the old hashes, held by the backend while the file is replaced.
    const rpc = before.engine.tools().find((t) => t.canonical_path === CHANGED)!.interface_ref!.rpc_name;
    mcp.faults.push({ tool: rpc, delayMs: 2500, times: 1 });
    const inFlight = served.call('execute', { canonical_path: CHANGED, arguments: { 'conversation-id': 'c', 'msg-id': 'in-flight' }, ...hashArgs(before.engine) });
    let settled = false;
    void inFlight.then(() => (settled = true));
    await until('the backend to receive the call', async () => (mcp.calls.length === 1 ? true : undefined));
    replace(snap.file, after.bytes);

    // New search responses carry the new hashes (and the new text) as soon as the swap happened.
    const swapped = await until('the new generation', async () => {
      const a = await served.call('schema_search', query);
      return JSON.parse(a.text).catalog.source_hash === after.engine.catalogHashes.source_hash ? a : undefined;
    });
    expect(settled).toBe(false); // the swap happened while the execute was still running
    expect(swapped.text).toBe(after.engine.search(query));
    expect(JSON.parse(swapped.text).candidates[0].agent_summary).toContain(MARK);

    const done = await inFlight;
    expect(done.isError).toBe(false);
    expect(JSON.parse(done.text).result.arguments.openMessageId).toBe('in-flight');

    // Old hashes: Inspect and execute are refused; execute calls nothing.
    const calls = mcp.calls.length;
    const staleInspect = await served.call('schema_inspect', { canonical_path: CHANGED, ...hashArgs(before.engine) });
    const staleExecute = await served.call('execute', { canonical_path: CHANGED, arguments: { 'conversation-id': 'c', 'msg-id': 'm' }, ...hashArgs(before.engine) });
    expect([reasonOf(staleInspect), reasonOf(staleExecute)]).toEqual(['catalog_changed', 'catalog_changed']);
    expect(mcp.calls.length).toBe(calls);

    // New hashes: the new contract, exactly the bytes of the new engine.
    const fresh = await served.call('schema_inspect', { canonical_path: CHANGED, ...hashArgs(after.engine) });
    expect(fresh).toEqual({
      isError: false,
      text: inspect(after.engine, CHANGED, { compact: true, expectedSourceHash: after.engine.catalogHashes.source_hash, expectedSurfaceHash: after.engine.catalogHashes.surface_hash }),
    });
    expect(fresh.text).toContain(MARK);
    expect(served.stderr()).toContain('"catalog_swapped"');
  });

  it('keeps serving the current generation when the new file does not load', async () => {
    const corrupt = Uint8Array.from(after.bytes);
    corrupt[corrupt.length >> 1] ^= 0xff;
    replace(snap.file, corrupt);
    await until('the rejection to be logged', async () => (served.stderr().includes('"catalog_rejected"') ? true : undefined));
    const a = await served.call('schema_search', { query: CHANGED });
    expect(a.text).toBe(after.engine.search({ query: CHANGED }));
    replace(snap.file, before.bytes);
    await until('the swap back', async () => {
      const b = await served.call('schema_search', { query: CHANGED });
      return JSON.parse(b.text).catalog.source_hash === before.engine.catalogHashes.source_hash ? true : undefined;
    });
  });
});

describe('ServedCatalog', () => {
  it('swaps to a new generation only when the bytes changed and loaded, never for a rewrite of the same bytes', () => {
    writeFileSync(snap.file, before.bytes);
    const events: string[] = [];
    const c = new ServedCatalog(snap.file, (bytes) => loadEngine({ snapshot: bytes }), {
      swapped: (next, prev) => events.push(`swap ${prev.number}->${next.number}`),
      rejected: (e) => events.push(`rejected ${e.reason}`),
    });
    const first = c.current;
    writeFileSync(snap.file, before.bytes);
    expect(c.reload()).toBe(false);
    writeFileSync(snap.file, before.bytes.subarray(0, 1000));
    expect(c.reload()).toBe(false);
    expect(c.current).toBe(first);
    writeFileSync(snap.file, after.bytes);
    expect(c.reload()).toBe(true);
    expect(c.current.engine.catalogHashes).toEqual(after.engine.catalogHashes);
    expect(c.current.number).toBe(2);
    expect(events.length).toBe(2);
    expect(events[0]).toMatch(/^rejected snapshot_(corrupt|incompatible)$/);
    expect(events[1]).toBe('swap 1->2');
  });
});
