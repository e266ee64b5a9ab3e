// Scale: synthetic catalogs made deterministically from the real one (bench/corpus.ts syntheticCatalog), built into
// snapshots with the same build code as the shipped one, then loaded and queried with the same requests.
import { loadEngine } from '../../src/index.js';
import { buildIndexImage } from '../../src/build/index-image.js';
import { snapshotFromCatalog } from '../../src/snapshot/write.js';
import { syntheticCatalog, type Corpus } from '../corpus.js';
import { distribution, median, timeEach, timeOnce, type Distribution } from '../stats.js';
import { singleRequests, workflowRequests } from './search.js';

export interface ScaleRow {
  tools: number;
  /** Median of `builds` full index rebuilds in WASM (ms). */
  rebuild: number;
  /** One snapshotFromCatalog run: validate-free encode of catalog + index (ms). */
  snapshot: number;
  snapshotBytes: number;
  /** Load of that snapshot (ms). */
  load: number;
  single: Distribution;
  workflow: Distribution;
}

export function scaleRow(c: Corpus, size: number, budgetMs: number, builds: number): ScaleRow {
  const catalog = size === c.catalog.tools.length ? c.catalog : syntheticCatalog(c.catalog, size);
  const rebuilds: number[] = [];
  for (let i = 0; i < builds; i++) rebuilds.push(timeOnce(() => buildIndexImage(catalog)));
  let bytes: Uint8Array = new Uint8Array();
  // Without precompiled validators (ajv code generation, per distinct schema): the encode of catalog and index.
  const snapshot = timeOnce(() => { bytes = snapshotFromCatalog(catalog, undefined, { validators: false }); });
  let engine = loadEngine({ snapshot: bytes });
  const load = timeOnce(() => { engine = loadEngine({ snapshot: bytes }); });
  const single = singleRequests(c), workflow = workflowRequests(c);
  const search = (r: string) => engine.search(r);
  for (const r of [...single, ...workflow]) search(r);
  return {
    tools: size,
    rebuild: median(rebuilds),
    snapshot,
    snapshotBytes: bytes.length,
    load,
    single: distribution(timeEach(single, search, budgetMs, 1)),
    workflow: distribution(timeEach(workflow, search, budgetMs, 1)),
  };
}

export function scaleSuite(c: Corpus, sizes: number[], budgetMs: number): ScaleRow[] {
  return sizes.map((size) => {
    process.stderr.write(`bench: scale ${size} tools\n`);
    return scaleRow(c, size, budgetMs, size > 20000 ? 1 : 3);
  });
}
