// An atomic command is the one-step plan it is: one call of its RPC (interface_ref), each flag feeding its
// parameter's `property` (dotted = nested). Where the catalog facts declare no property (property: null) the key is
// the camelCase of the flag (`--base-id` -> `baseId`), listed as `derived` so --dry-run shows the guess. An atomic
// command whose upstream body converts its flags declares its own plan instead (catalog/plans/<product>.yaml).
import type { ToolSpec } from '../catalog/types.js';
import { aliasTarget } from '../contract/aliases.js';
import { DISPATCH_READS } from '../contract/control.js';
import { byCodePoint } from '../text/order.js';
import type { PlanSpec, Source } from './spec.js';


export function camelCase(flag: string): string {
  return flag.replace(/[-_]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function atomicPlan(tool: ToolSpec): PlanSpec {
  const ref = tool.interface_ref!;
  const args: Record<string, Source> = {};
  const derived: string[] = [];
  const declared = { ...tool.hidden_parameters, ...tool.parameters };
  const names = new Set([...Object.keys(declared), ...(tool.positionals ?? []).map((p) => p.name)]);
  for (const name of [...names].sort(byCodePoint)) {
    // a compatibility spelling is folded into the flag it stands for before the plan runs
    if (aliasTarget(tool, name) !== undefined) continue;
    const property = Object.hasOwn(declared, name) ? declared[name].property : null;
    if (property === null && DISPATCH_READS.has(name)) continue;
    const key = property ?? camelCase(name);
    if (property === null) derived.push(key);
    // only what the user gave: catalog defaults of an unreviewed atomic command are not sent (a reviewed one
    // declares its plan, defaults included, from upstream's body)
    const source: Source = { flag: name, when: { given: name } };
    args[key] = Object.hasOwn(args, key) ? { first: [args[key], source] } : source;
  }
  return {
    facts: 'atomic: each flag the user gave through its parameter property',
    steps: [{
      kind: 'call', id: 'call', server: ref.product_id, rpc: ref.rpc_name, effect: tool.effect === 'read' ? 'read' : 'write', args,
      ...(derived.length ? { derived } : {}),
    }],
  };
}
