// Validation with the validator the snapshot carries precompiled (ajv standalone code made at build by standalone.ts):
// a dispatch checks its parameters without loading ajv or compiling a schema, the larger part of a cold execute
// process. The code is used only when the schema it was made from is, text for text, the one this dws makes from the
// ToolSpec (schema.ts schemaOf); otherwise, or when the snapshot has none, the schema is compiled with ajv
// (validate.ts). Either way the refusal is the same (schema.ts toError).
import type { ErrorObject } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { ToolSpec } from '../catalog/types.js';
import { catalogFormatDefs, checkedView, schemaOf, STANDARD_FORMATS, toError, type Compiled } from './schema.js';

/** The one module precompiled code may require: the formats, as the ajv that made it had them (validate.ts newAjv). */
export const PRECOMPILED_FORMATS = 'dws:formats';

let formats: Record<string, unknown> | undefined;
function requireFormats(name: string): unknown {
  if (name !== PRECOMPILED_FORMATS) throw new Error(`a precompiled validator needs ${name}`);
  formats ??= { ...Object.fromEntries(STANDARD_FORMATS.map((f) => [f, fullFormats[f]])), ...catalogFormatDefs() };
  return formats;
}

/** What ajv standalone code exports: the validate function, which leaves its errors on itself. */
type Standalone = { (data: unknown): boolean; errors?: ErrorObject[] | null };

/** The precompiled validator of the tool, or undefined when source is empty or was made from another schema. */
export function precompiledValidator(tool: ToolSpec, source: string): Compiled | undefined {
  const nl = source.indexOf('\n');
  if (nl < 0) return undefined;
  const { schema, groups } = schemaOf(tool);
  if (source.slice(0, nl) !== JSON.stringify(schema)) return undefined;
  const module = { exports: {} as unknown };
  // The code is a CommonJS module (ajv standalone output) from the checked snapshot, run in its own function scope.
  new Function('module', 'exports', 'require', source.slice(nl + 1))(module, module.exports, requireFormats);
  const validate = module.exports as Standalone;
  return { validate: (d) => validate(d), errors: () => validate.errors, groups };
}

/**
 * Throws the first violation as a DwsError naming the flag, as validate.ts validateInput does. source: the tool's
 * precompiled validator from the snapshot ('' or undefined: none), used when it fits; else ajv compiles the schema.
 */
export async function checkInput(tool: ToolSpec, data: Record<string, unknown>, source: string | undefined): Promise<void> {
  const c = source ? precompiledValidator(tool, source) : undefined;
  if (!c) {
    const { validateInput } = await import('./validate.js');
    validateInput(tool, data);
    return;
  }
  if (c.validate(checkedView(data, tool))) return;
  throw toError(tool, c, c.errors()![0], data);
}
