// Build-time (Node only): a loaded catalog and its lexicons -> hashes -> index (WASM) -> snapshot bytes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 as zlibCrc32 } from 'node:zlib';
import type { Catalog } from '../catalog/types.js';
import { catalogHashes } from '../build/hash.js';
import { FIELDS } from '../build/fields.js';
import { buildIndexImage } from '../build/index-image.js';
import { lexiconFor, readLexicons, type Lexicons } from '../build/load.js';
import { coreSha256, instantiateCore, writeInput } from '../core/core.js';
import { compileQueryTerms } from '../lexicon/query-terms.js';
import { encodeSnapshot } from './encode.js';
import { executionCalls } from '../plan/summary.js';
import { validatorSource } from '../contract/standalone.js';

/** Validators made in this process, by schema text: tools (and rebuilds) that share a schema share its code. */
const made = new Map<string, string>();

/** Each tool's precompiled validator; '' for a tool that cannot run in this build (dispatch never validates it). */
function validators(catalog: Catalog): string[] {
  return catalog.tools.map((t) => {
    if (executionCalls(t) === undefined) return '';
    return validatorSource(t, made);
  });
}

const shippedCatalogDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'catalog');

/**
 * options.validators (default true): precompile each runnable tool's validator (ajv standalone code, a few ms per
 * distinct schema); false stores none, and dispatch compiles the schemas with ajv (the benchmarks' synthetic catalogs,
 * whose encode they time).
 */
export function snapshotFromCatalog(catalog: Catalog, lexicons: Lexicons = readLexicons(shippedCatalogDir), options: { validators?: boolean } = {}): Uint8Array {
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
    // Term ids of the index just built (the core still holds it).
    queryLexicon: compileQueryTerms(lexicons.queryTerms ?? {}, (term) => core.termIdOf(writeInput(core, term))),
    gaps: lexicons.gaps.filter((g) => catalog.products.some((p) => p.id === g.product)),
    validators: options.validators === false ? undefined : validators(catalog),
  });
}
