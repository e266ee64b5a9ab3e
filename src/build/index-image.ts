// Builds the lexical index inside the WASM core: every field of every tool is tokenized and posted by the core, so
// documents and queries share one tokenizer. Returns the relocatable index image.
import type { Catalog } from '../catalog/types.js';
import { FIELDS, searchableFields } from './fields.js';
import { instantiateCore, writeInput, type CoreExports } from '../core/core.js';

/**
 * The core builds run on when the caller brings none. A build resets the core's heap, so the next build reuses the
 * memory this one touched: a fresh instance pays for each page of its memory on first touch and leaves the whole
 * memory to the garbage collector afterwards, which cost more than the indexing itself. A core grown past
 * KEEP_BYTES (a very large catalog) is not kept, so its memory is not held for the life of the process.
 */
let buildCore: CoreExports | undefined;
const KEEP_BYTES = 256 * 1024 * 1024;

export function buildIndexImage(catalog: Catalog, core?: CoreExports): Uint8Array {
  const shared = core === undefined;
  const c = core ?? (buildCore ??= instantiateCore());
  const products = new Map(catalog.products.map((p) => [p.id, p]));
  c.indexBuildReset(catalog.tools.length, FIELDS.length);
  catalog.tools.forEach((t, doc) => {
    const fields = searchableFields(t, products.get(t.product_id));
    FIELDS.forEach((name, f) => {
      const text = fields[name];
      if (text) c.indexBuildAdd(doc, f, writeInput(c, text));
    });
  });
  const len = c.indexBuildFinish();
  const image = new Uint8Array(c.memory.buffer, c.imagePtr(), len).slice();
  if (shared && c.memory.buffer.byteLength > KEEP_BYTES) buildCore = undefined;
  return image;
}
