// Build-time (Node only): a loaded catalog and its lexicons -> hashes -> index (WASM) -> snapshot bytes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 as zlibCrc32 } from 'node:zlib';
import type { Catalog } from '../catalog/types.js';
import { catalogHashes } from '../build/hash.js';
import { FIELDS } from '../build/fields.js';
import { buildIndexImage } from '../build/index-image.js';
import { lexiconFor, readLexicons, type Lexicons } from '../build/load.js';
import { coreSha256, instantiateCore } from '../core/core.js';
import { encodeSnapshot } from './encode.js';

const shippedCatalogDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'catalog');

export function snapshotFromCatalog(catalog: Catalog, lexicons: Lexicons = readLexicons(shippedCatalogDir)): Uint8Array {
  const core = instantiateCore();
  const index = buildIndexImage(catalog, core);
  return encodeSnapshot({
    catalog,
    hashes: catalogHashes(catalog),
    tokenizerVersion: core.tokenizerVersion(),
    wasmSha256: coreSha256(),
    fields: FIELDS,
    index,
    crc32: (bytes) => zlibCrc32(bytes) >>> 0,
    lexicon: lexicons.actions,
    productLexicon: lexiconFor(lexicons.products, catalog),
    gaps: lexicons.gaps.filter((g) => catalog.products.some((p) => p.id === g.product)),
  });
}
