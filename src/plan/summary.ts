// How a command executes, in the two short forms discovery shows (docs/PLANS.md "Discovery"): the compact Inspect
// key `execution` and the search reference's `calls`. Computed from the ToolSpec alone (build time and Inspect): a
// composite command that runs locally says so in its plan (`local`, catalog/plans/local/).
import type { ToolSpec } from '../catalog/types.js';
import { planSummary, type ExecutionSummary } from './spec.js';

/** undefined: the command has no way to run in this build (a composite command without a plan, or unavailable). */
export function executionSummary(t: ToolSpec): ExecutionSummary | undefined {
  if (t.availability === 'unavailable') return undefined;
  if (t.interface_mode === 'mcp') return t.interface_ref ? (t.plan ? planSummary(t.plan) : { steps: 1 }) : undefined;
  if (t.interface_mode === 'local') return { local: true };
  return t.plan ? planSummary(t.plan) : undefined;
}

/** The number of backend steps (1 for atomic commands, 0 for local ones that call no backend); undefined when it cannot run. */
export function executionCalls(t: ToolSpec): number | undefined {
  const s = executionSummary(t);
  return s === undefined ? undefined : s.steps ?? 0;
}
