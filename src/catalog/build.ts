// Build-time (Node only): catalog/*.yaml -> validate -> normalize -> hashes -> index (WASM) -> snapshot bytes.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { validateDeclarations } from './validate.js';
import { normalizeCatalog } from './normalize.js';
import { catalogHashes } from './hash.js';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { encodeSnapshot } from './snapshot-encode.js';
import { FIELDS } from './fields.js';
import type { Catalog } from './types.js';
import { buildIndexImage } from '../engine/build-index.js';
import { coreSha256, instantiateCore } from '../engine/core.js';

export function readDeclarationFiles(dir: string): { file: string; doc: unknown }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      try {
        return { file, doc: YAML.parse(text) as unknown };
      } catch (e) {
        throw new Error(`${file}: not valid YAML: ${(e as Error).message}`);
      }
    });
}

export function loadCatalogDir(dir: string): Catalog {
  return normalizeCatalog(validateDeclarations(readDeclarationFiles(dir)));
}

export function snapshotFromCatalog(catalog: Catalog): Uint8Array {
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
  });
}
