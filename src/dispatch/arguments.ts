// Validated flag values -> the RPC arguments of interface_ref.rpc_name. Each flag feeds its parameter's
// `property`; a dotted property (`config.name`) builds nested objects. Where the catalog facts declare no property
// (property: null) the rule is the camelCase of the flag name (`--base-id` -> `baseId`, `--records-file` ->
// `recordsFile`), and the dry-run plan lists those arguments under `derived_arguments` so the guess is visible.
// A flag nesting into another flag's JSON-object text (`--config '{...}' --name X` -> config.name) merges into the
// parsed object. `--yes` and `--dry-run` are dispatch controls and never become arguments unless the catalog names a property.
import { DwsError } from '../errors.js';
import type { ToolSpec } from '../catalog/types.js';

export interface MappedArguments {
  arguments: Record<string, unknown>;
  /** Argument paths that came from the camelCase rule, in flag order. */
  derived: string[];
}

const CONTROL_ONLY = new Set(['yes', 'dry-run']);

export function camelCase(flag: string): string {
  return flag.replace(/[-_]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
}

function propertyOf(tool: ToolSpec, name: string): string | null | undefined {
  if (Object.hasOwn(tool.parameters, name)) return tool.parameters[name].property;
  if (tool.hidden_parameters && Object.hasOwn(tool.hidden_parameters, name)) return tool.hidden_parameters[name].property;
  return null; // an undeclared positional
}

export function mapArguments(tool: ToolSpec, data: Record<string, unknown>): MappedArguments {
  const args: Record<string, unknown> = {};
  const derived: string[] = [];
  const setBy = new Map<string, string>();
  for (const name of Object.keys(data).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const declared = propertyOf(tool, name);
    if (declared === null && CONTROL_ONLY.has(name)) continue;
    const path = declared ?? camelCase(name);
    if (declared === null) derived.push(path);
    const prior = setBy.get(path);
    if (prior !== undefined) {
      throw new DwsError('invalid_parameter', `--${prior} and --${name} both set the argument "${path}"`, 'give only one of them');
    }
    setBy.set(path, name);
    setPath(args, path.split('.'), data[name], name);
  }
  return { arguments: args, derived };
}

/** A JSON object given as flag text (`--config '{...}'`), so that `--name` -> `config.name` can merge into it. */
function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function setPath(target: Record<string, unknown>, keys: string[], value: unknown, flag: string): void {
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (next === undefined) node[key] = {};
    else if (typeof next === 'string' && jsonObject(next)) node[key] = jsonObject(next);
    else if (typeof next !== 'object' || next === null || Array.isArray(next)) {
      throw new DwsError('invalid_parameter', `--${flag} sets "${keys.join('.')}" inside "${key}", which another flag sets to a value`, 'give only one of them');
    }
    node = node[key] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1];
  if (typeof node[last] === 'object' && node[last] !== null) {
    throw new DwsError('invalid_parameter', `--${flag} replaces the object "${keys.join('.')}" that other flags fill`, 'give only one of them');
  }
  node[last] = value;
}
