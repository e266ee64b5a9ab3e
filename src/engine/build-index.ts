// Builds the lexical index inside the WASM core: every field of every tool is tokenized and posted by the core, so
// documents and queries share one tokenizer. Returns the relocatable index image.
import type { Catalog } from '../catalog/types.js';
import { FIELDS, searchableFields } from '../catalog/fields.js';
import { instantiateCore, writeInput, type CoreExports } from './core.js';

export function buildIndexImage(catalog: Catalog, core: CoreExports = instantiateCore()): Uint8Array {
  const products = new Map(catalog.products.map((p) => [p.id, p]));
  core.indexBuildReset(catalog.tools.length, FIELDS.length);
  catalog.tools.forEach((t, doc) => {
    const fields = searchableFields(t, products.get(t.product_id));
    FIELDS.forEach((name, f) => {
      const text = fields[name];
      if (text) core.indexBuildAdd(doc, f, writeInput(core, text));
    });
  });
  const len = core.indexBuildFinish();
  return new Uint8Array(core.memory.buffer, core.imagePtr(), len).slice();
}
