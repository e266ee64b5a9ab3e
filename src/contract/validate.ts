// Parameter validation before any I/O, compiled with ajv from the same ToolSpec Inspect shows (the schema and the
// refusals: schema.ts). A dispatch first tries the validator the snapshot carries precompiled (precompiled.ts), which
// needs no ajv; this compile is for a schema without one, and for callers that validate directly.
// A long-running `dws serve` validates every execute: each tool's schema is compiled once and kept, keyed by the
// schema's own text (so a new catalog generation reuses what did not change and recompiles what did), in a bounded
// cache that removes an evicted schema from ajv too (ajv keeps every schema object it compiled).
import { Ajv, type Code } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { ToolSpec } from '../catalog/types.js';
import { catalogFormatDefs, checkedView, schemaOf, STANDARD_FORMATS, toError, type Compiled } from './schema.js';

export { CATALOG_FORMATS, foldInput } from './schema.js';

// ajv-formats is CommonJS with a default export; under NodeNext the namespace arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv, formats: readonly string[]) => Ajv;

/**
 * The ajv every validator is compiled with, here and at build (standalone.ts). code: options for standalone code,
 * which reads the formats from the module "dws:formats" (precompiled.ts hands it the same format objects).
 */
export function newAjv(code?: { source: true; formats: Code }, validateSchema = true): Ajv {
  // strictRequired/strictTypes would reject the constraint subschemas (`{required: [flag]}` inside anyOf/not).
  const a = new Ajv({ allErrors: false, strict: true, strictRequired: false, strictTypes: false, coerceTypes: false, validateFormats: true, validateSchema, ...(code ? { code } : {}) });
  addFormats(a, STANDARD_FORMATS);
  for (const [name, format] of Object.entries(catalogFormatDefs())) a.addFormat(name, format);
  return a;
}

let ajv: Ajv | undefined;
function getAjv(): Ajv {
  ajv ??= newAjv();
  return ajv;
}

/** Schemas kept compiled: more than the 465 dispatchable tools, so one generation never evicts its own. */
export const VALIDATOR_CACHE_SIZE = 512;
const compiledBySchema = new Map<string, Compiled & { schema: object }>();
let compilations = 0;

/** How many schemas were compiled so far, how many are kept, and how many ajv itself holds (tests, benchmarks). */
export function validatorStats(): { compilations: number; cached: number; ajvSchemas: number } {
  const held = (ajv as unknown as { _cache?: Map<unknown, unknown> } | undefined)?._cache?.size ?? 0;
  return { compilations, cached: compiledBySchema.size, ajvSchemas: held };
}

function compile(tool: ToolSpec): Compiled {
  const { schema, groups } = schemaOf(tool);
  const key = JSON.stringify(schema);
  const hit = compiledBySchema.get(key);
  if (hit) {
    // Least recently used last: delete and set again.
    compiledBySchema.delete(key);
    compiledBySchema.set(key, hit);
    return hit;
  }
  const validate = getAjv().compile(schema);
  compilations++;
  const entry = { validate: (d: unknown) => validate(d) as boolean, errors: () => validate.errors, groups, schema };
  compiledBySchema.set(key, entry);
  if (compiledBySchema.size > VALIDATOR_CACHE_SIZE) {
    const [oldKey, old] = compiledBySchema.entries().next().value!;
    compiledBySchema.delete(oldKey);
    getAjv().removeSchema(old.schema);
  }
  return entry;
}

/** Throws the first violation as a DwsError naming the flag; returns nothing when the input is valid. */
export function validateInput(tool: ToolSpec, data: Record<string, unknown>): void {
  const c = compile(tool);
  if (c.validate(checkedView(data, tool))) return;
  throw toError(tool, c, c.errors()![0], data);
}
