// Which flag a compatibility spelling stands for. A flag's `alias_of` names it (hidden flags such as --group for
// --conversation-id, or visible ones such as --page-token for --cursor); a hidden flag without one stands for the
// visible flag feeding the same RPC property. Dispatch folds an alias's value into that flag before validation, and
// plans read a flag through it, so a plan may name a flag by any of its spellings.
import type { ToolSpec } from '../catalog/types.js';

/** The flag `name` stands for, when it is an alias of another declared flag. */
export function aliasTarget(tool: ToolSpec, name: string): string | undefined {
  const visible = Object.hasOwn(tool.parameters, name) ? tool.parameters[name] : undefined;
  if (visible) return visible.alias_of && Object.hasOwn(tool.parameters, visible.alias_of) ? visible.alias_of : undefined;
  const h = tool.hidden_parameters && Object.hasOwn(tool.hidden_parameters, name) ? tool.hidden_parameters[name] : undefined;
  if (!h) return undefined;
  if (h.alias_of && Object.hasOwn(tool.parameters, h.alias_of)) return h.alias_of;
  if (h.property === null) return undefined;
  return Object.entries(tool.parameters).find(([, p]) => p.property === h.property && !p.alias_of)?.[0];
}

/** The name under which a flag's value is held once aliases are folded. */
export function flagKey(tool: ToolSpec, name: string): string {
  return aliasTarget(tool, name) ?? name;
}
