// 500 concurrent MCP calls against a real `dws serve` while its snapshot is replaced by another catalog: every call
// gets exactly the answer one of the two generations gives (never a mix, never a crash), the swap happens, and
// stderr stays clean JSON lines (no MaxListenersExceededWarning from answers waiting on a busy stdout).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../src/index.js';
import { DwsError } from '../../src/errors.js';
import type { Engine } from '../../src/engine/engine.js';
import { ROOT, miniSnapshot } from '../helpers.js';
import { privateSnapshot, serve, until, type Answer, type Served } from '../serve/client.js';
import { inspect } from '../../src/schema/browse.js';

let snap: ReturnType<typeof privateSnapshot>;
let served: Served;
let first: Engine;
let second: Engine;

beforeAll(async () => {
  snap = privateSnapshot();
  first = loadEngine({ snapshot: readFileSync(snap.file) });
  second = loadEngine({ snapshot: miniSnapshot() });
  served = await serve({ DWS_SNAPSHOT: snap.file });
});
afterAll(async () => {
  await served?.close();
  snap?.remove();
});

function answerOf(run: () => string): Answer {
  try {
    return { isError: false, text: run() };
  } catch (e) {
    if (e instanceof DwsError) return { isError: true, text: e.envelope() };
    throw e;
  }
}

const requests = readFileSync(path.join(ROOT, 'test', 'fixtures', 'requests.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);

describe('500 concurrent calls with a snapshot swap', () => {
  it('answers every call as one of the two generations would, swaps, and keeps stderr clean', async () => {
    const hashesOf = (e: Engine) => ({ expected_source_hash: e.catalogHashes.source_hash, expected_surface_hash: e.catalogHashes.surface_hash });
    const jobs = Array.from({ length: 500 }, (_, i) => {
      if (i % 5 === 4) {
        // Malformed: a limit out of range, or an inspect without hashes.
        return i % 2 ? { name: 'schema_search', args: { query: 'x', limit: 1000 + i } } : { name: 'schema_inspect', args: { canonical_path: 'chat.recall_message' } };
      }
      if (i % 5 === 3) return { name: 'schema_inspect', args: { canonical_path: 'chat.recall_message', ...hashesOf(first) } };
      return { name: 'schema_search', args: requests[i % requests.length] };
    });
    const expectedBy = (e: Engine, job: (typeof jobs)[number]): Answer => {
      if (job.name === 'schema_search') return answerOf(() => e.search(JSON.stringify({ version: 'tool-search.v1', ...job.args })));
      const a = job.args as { canonical_path: string; expected_source_hash?: string; expected_surface_hash?: string };
      if (!a.expected_source_hash) return { isError: true, text: new DwsError('incomplete_catalog_version', 'schema_inspect needs both expected_source_hash and expected_surface_hash', 'pass both hashes from the schema_search response\'s "catalog" object').envelope() };
      return answerOf(() => inspect(e, a.canonical_path, { compact: true, expectedSourceHash: a.expected_source_hash, expectedSurfaceHash: a.expected_surface_hash }));
    };
    let answered = 0;
    let swapped = false;
    const answers = await Promise.all(jobs.map((job) => served.call(job.name, job.args).then((a) => {
      if (++answered === 100 && !swapped) {
        swapped = true;
        const next = path.join(snap.dir, 'next.bin');
        writeFileSync(next, miniSnapshot());
        renameSync(next, snap.file);
      }
      return a;
    })));
    answers.forEach((a, i) => {
      expect([expectedBy(first, jobs[i]), expectedBy(second, jobs[i])], `call ${i}`).toContainEqual(a);
    });
    await until('the second generation', async () => {
      const a = await served.call('schema_search', { query: 'todo' });
      return JSON.parse(a.text).catalog.source_hash === second.catalogHashes.source_hash ? true : undefined;
    });
    // stderr is another pipe: its line may arrive after the answers on stdout.
    await until('the swap logged', async () => (served.stderr().includes('catalog_swapped') ? true : undefined));
    const lines = served.stderr().split('\n').filter((l) => l.length > 0);
    for (const line of lines) expect(Object.keys(JSON.parse(line) as object), line).toEqual(['dws_serve']);
    expect(lines.map((l) => JSON.parse(l).dws_serve.event)).toEqual(['serving', 'catalog_swapped']);
  });
});
