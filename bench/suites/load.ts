// Snapshot load (decode, checksum, attach the index image to a fresh core) and full rebuild of the index in WASM
// (tokenize and post every field of every tool), plus the whole snapshot encode for comparison.
import { readFileSync } from 'node:fs';
import { loadEngine } from '../../src/index.js';
import { buildIndexImage } from '../../src/build/index-image.js';
import { snapshotFromCatalog } from '../../src/snapshot/write.js';
import type { Corpus } from '../corpus.js';
import { runSuite, type BenchResult } from '../stats.js';

export interface LoadResult {
  load: BenchResult;
  loadFromFile: BenchResult;
  /** loadEngine with the file path: header, meta and index head read by range (what the CLI and a host do). */
  loadFromPath: BenchResult;
  /** A load and its first search (the postings chunks that search needs come in then). */
  loadAndSearch: BenchResult;
  rebuild: BenchResult;
  snapshot: BenchResult;
}

export function loadSuite(c: Corpus): LoadResult {
  const query = c.queries.single[0]?.query ?? 'search';
  const [load, loadFromFile, loadFromPath, loadAndSearch] = runSuite('snapshot load', {
    'load from bytes': () => loadEngine({ snapshot: c.snapshot }),
    'read file + load': () => loadEngine({ snapshot: readFileSync(c.snapshotPath) }),
    'load from file path (byte ranges)': () => loadEngine({ snapshot: c.snapshotPath }),
    'load from bytes + first search': () => loadEngine({ snapshot: c.snapshot }).search({ query }),
  });
  const [rebuild, snapshot] = runSuite('rebuild', {
    'index rebuild (WASM)': () => buildIndexImage(c.catalog),
    // without precompiled validators (ajv code generation), as in the scale suite
    'full snapshot encode': () => snapshotFromCatalog(c.catalog, undefined, { validators: false }),
  }, 0.5);
  return { load, loadFromFile, loadFromPath, loadAndSearch, rebuild, snapshot };
}
