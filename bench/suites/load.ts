// Snapshot load (decode, checksum, attach the index image to a fresh core) and full rebuild of the index in WASM
// (tokenize and post every field of every tool), plus the whole snapshot encode for comparison.
import { readFileSync } from 'node:fs';
import { loadEngine } from '../../src/index.js';
import { buildIndexImage } from '../../src/engine/build-index.js';
import { snapshotFromCatalog } from '../../src/catalog/build.js';
import type { Corpus } from '../corpus.js';
import { runSuite, type BenchResult } from '../stats.js';

export interface LoadResult {
  load: BenchResult;
  loadFromFile: BenchResult;
  rebuild: BenchResult;
  snapshot: BenchResult;
}

export function loadSuite(c: Corpus): LoadResult {
  const [load, loadFromFile] = runSuite('snapshot load', {
    'load from bytes': () => loadEngine({ snapshot: c.snapshot }),
    'read file + load': () => loadEngine({ snapshot: readFileSync(c.snapshotPath) }),
  });
  const [rebuild, snapshot] = runSuite('rebuild', {
    'index rebuild (WASM)': () => buildIndexImage(c.catalog),
    'full snapshot encode': () => snapshotFromCatalog(c.catalog),
  }, 0.5);
  return { load, loadFromFile, rebuild, snapshot };
}
