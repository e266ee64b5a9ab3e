// How a command runs, the one answer that search (the snapshot's executable bit), dispatch and the tests share:
// unavailable commands never run; a command whose facts call it local, or whose declared plan says local
// (catalog/plans/local/), runs on this machine; every other command runs its plan: the declared one, or for an
// atomic command the one-step plan it is (atomic.ts).
import type { ToolSpec } from '../catalog/types.js';
import type { PlanSpec } from './spec.js';
import { atomicPlan } from './atomic.js';

export type HowItRuns =
  | { kind: 'unavailable'; reason: string }
  | { kind: 'local' }
  | { kind: 'plan'; plan: PlanSpec }
  | { kind: 'none'; reason: string };

/** The plan a command runs: its declared plan, else an atomic command's one-step plan. */
export function planOf(tool: ToolSpec): PlanSpec | undefined {
  if (tool.plan) return tool.plan;
  return tool.interface_mode === 'mcp' && tool.interface_ref ? atomicPlan(tool) : undefined;
}

export function howItRuns(t: ToolSpec): HowItRuns {
  if (t.availability === 'unavailable') return { kind: 'unavailable', reason: t.interface_reason ?? 'no reason given' };
  if (t.interface_mode === 'local' || t.plan?.local !== undefined) return { kind: 'local' };
  const plan = planOf(t);
  if (plan) return { kind: 'plan', plan };
  return { kind: 'none', reason: t.interface_reason ?? 'it has no RPC reference' };
}

/** Whether search may offer the command: it runs, locally or by its plan. */
export const runs = (t: ToolSpec): boolean => {
  const how = howItRuns(t).kind;
  return how === 'local' || how === 'plan';
};
