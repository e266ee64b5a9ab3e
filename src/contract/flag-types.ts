// What a flag's catalog type means: its JSON type and schema (pflag names -> JSON Schema), whether it is a list, and the
// conversion of typed text to that JSON type. The CLI parser (dispatch/flags.ts), ajv validation (validate.ts) and
// serve's execute arguments read flags through these, so a flag means the same thing on every path.
import type { ToolSpec } from '../catalog/types.js';

export interface FlagType {
  /** JSON Schema of the value (validate.ts). */
  schema: Record<string, unknown>;
  /** Repeatable flag collecting a list; how each occurrence adds elements is pflag's (flag-lists.ts listFlagValue). */
  list?: true;
  /** Text -> JSON value where it converts; otherwise the text itself. */
  convert?: (text: string) => unknown;
}

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const toInteger = (t: string): unknown => (INTEGER.test(t.trim()) && Number.isSafeInteger(Number(t)) ? Number(t) : t);
const toNumber = (t: string): unknown => (NUMBER.test(t.trim()) ? Number(t) : t);

/** Go duration syntax (`90s`, `1m30s`, `500ms`), as the upstream CLI accepts it. */
const DURATION = '^([0-9]+(\\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$';

/** CLI types of the catalog (pflag names) -> JSON types. An unknown type is taken as text. */
export const FLAG_TYPES: Record<string, FlagType> = {
  string: { schema: { type: 'string' } },
  bool: { schema: { type: 'boolean' } },
  int: { schema: { type: 'integer' }, convert: toInteger },
  int64: { schema: { type: 'integer' }, convert: toInteger },
  float64: { schema: { type: 'number' }, convert: toNumber },
  duration: { schema: { type: 'string', pattern: DURATION } },
  stringSlice: { schema: { type: 'array', items: { type: 'string' } }, list: true },
  stringArray: { schema: { type: 'array', items: { type: 'string' } }, list: true },
  intSlice: { schema: { type: 'array', items: { type: 'integer' } }, list: true, convert: toInteger },
};

export function flagType(type: string): FlagType {
  return Object.hasOwn(FLAG_TYPES, type) ? FLAG_TYPES[type] : FLAG_TYPES.string;
}

/**
 * The declared or hidden flag of that name. Own properties only: a name such as "toString", "constructor" or
 * "__proto__" from user input must never find what every object inherits.
 */
export function declaredFlag(tool: ToolSpec, name: string): { type: string } | undefined {
  if (Object.hasOwn(tool.parameters, name)) return tool.parameters[name];
  const hidden = tool.hidden_parameters;
  return hidden && Object.hasOwn(hidden, name) ? hidden[name] : undefined;
}

/** Text (or a list of texts) -> the flag's JSON type where it converts. */
export function convert(type: string, raw: unknown): unknown {
  const t = flagType(type);
  if (!t.convert) return raw;
  return Array.isArray(raw) ? raw.map((v) => t.convert!(String(v))) : typeof raw === 'string' ? t.convert(raw) : raw;
}

