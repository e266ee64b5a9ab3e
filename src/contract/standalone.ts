// Build time only: each tool's parameter validator as ajv standalone code, stored in the snapshot (the validators
// section) so a dispatch validates without loading or running ajv (precompiled.ts). The code comes from the ajv that
// dispatch would otherwise compile with (validate.ts newAjv), a fresh one per schema, so a tool's code is a function
// of its schema alone: test/contract/precompiled.test.ts regenerates the shipped snapshot's validators and compares,
// and checks that they refuse and accept exactly as the compiled ones do. (The fresh ajv skips checking each schema
// against the JSON Schema meta-schema, which only costs time: the code is the same but for its counters' numbers.)
import { _, type Ajv, type AnySchema, type ValidateFunction } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import type { ToolSpec } from '../catalog/types.js';
import { schemaOf } from './schema.js';
import { newAjv } from './validate.js';
import { PRECOMPILED_FORMATS } from './precompiled.js';

// ajv/dist/standalone is CommonJS with a default export; under NodeNext the namespace arrives as the module object.
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ?? standaloneModule) as (ajv: Ajv, validate: ValidateFunction<AnySchema>) => string;

/**
 * A tool's validator: the schema's JSON text (what it was made from), a newline, then the standalone module code;
 * '' when the code would need a module other than the formats (precompiled.ts provides nothing else), so dispatch
 * compiles that schema with ajv. made: code already made in this process, by schema text.
 */
export function validatorSource(tool: ToolSpec, made?: Map<string, string>): string {
  const { schema } = schemaOf(tool);
  const key = JSON.stringify(schema);
  let source = made?.get(key);
  if (source === undefined) {
    const ajv = newAjv({ source: true, formats: _`require(${PRECOMPILED_FORMATS})` }, false);
    const code = standaloneCode(ajv, ajv.compile(schema) as ValidateFunction<AnySchema>);
    const modules = [...code.matchAll(/require\(("[^"]*")\)/gu)].map((m) => JSON.parse(m[1]) as string);
    source = modules.every((m) => m === PRECOMPILED_FORMATS) ? `${key}\n${code}` : '';
    made?.set(key, source);
  }
  return source;
}
