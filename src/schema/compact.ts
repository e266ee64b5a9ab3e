// --compact: a positive whitelist projection (SPEC 5). Only listed keys survive, at every level; anything else
// (interface_ref, property, primary_cli_path, provenance, fields added later) drops by default. The English
// siblings of whitelisted text fields are kept too: English-speaking agents read compact contracts as well.
import type { ToolSpec } from '../catalog/types.js';
import { executionSummary } from '../plan/summary.js';

export const COMPACT_LEAF_KEYS = [
  'cli_path', 'canonical_path', 'agent_summary', 'agent_summary_en', 'description', 'description_en', 'effect', 'risk',
  'confirmation', 'idempotency', 'interface_mode', 'availability', 'interface_reason', 'parameters', 'constraints',
  'examples', 'use_when', 'use_when_en', 'avoid_when', 'avoid_when_en', 'execution',
] as const;

export const COMPACT_PARAMETER_KEYS = [
  'type', 'description', 'description_en', 'required', 'cli_required', 'required_when', 'default', 'example', 'format', 'enum',
  'enum_fold', 'enum_blank', 'inherent',
] as const;

/** The SPEC's three constraint kinds; which groups a plan refuses itself (plan_refuses) is how dws runs, not contract. */
export const COMPACT_CONSTRAINT_KEYS = ['require_together', 'require_one_of', 'mutually_exclusive'] as const;

export const COMPACT_NAVIGATION_KEYS = ['kind', 'level', 'count', 'tool_count', 'products', 'product', 'tools', 'id', 'schema_path'] as const;

/** Keys a tool entry keeps inside a navigation list: how to reach it plus the leaf keys a chooser needs. */
const COMPACT_TOOL_ENTRY_KEYS = ['id', 'schema_path', 'cli_path', 'canonical_path', 'agent_summary', 'agent_summary_en', 'effect', 'risk'] as const;

function pick(o: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

export function compactLeaf(t: ToolSpec): Record<string, unknown> {
  const execution = executionSummary(t);
  const out = pick({ ...(t as unknown as Record<string, unknown>), execution }, COMPACT_LEAF_KEYS);
  out.constraints = pick(t.constraints as unknown as Record<string, unknown>, COMPACT_CONSTRAINT_KEYS);
  out.parameters = Object.fromEntries(Object.entries(t.parameters).map(([flag, p]) => [flag, pick(p as unknown as Record<string, unknown>, COMPACT_PARAMETER_KEYS)]));
  return out;
}

export function compactNavigation(body: Record<string, unknown>): Record<string, unknown> {
  const out = pick(body, COMPACT_NAVIGATION_KEYS);
  if (Array.isArray(out.products)) {
    out.products = (out.products as Record<string, unknown>[]).map((p) => {
      const entry = pick(p, COMPACT_NAVIGATION_KEYS);
      if (Array.isArray(p.tools)) entry.tools = (p.tools as ToolSpec[]).map(compactLeaf);
      return entry;
    });
  }
  if (Array.isArray(out.tools)) out.tools = (out.tools as Record<string, unknown>[]).map((t) => pick(t, COMPACT_TOOL_ENTRY_KEYS));
  return out;
}
