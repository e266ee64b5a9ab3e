// Constraint groups (a ToolSpec's `constraints`) compared as sets of flag names: a group named in
// `constraints.plan_refuses` is one of the command's require_one_of / mutually_exclusive groups in any order.
import type { Constraints } from './types.js';

/** The two groups hold the same flags (order and repeats aside). */
export function sameGroup(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((f) => sb.has(f));
}

/** The group of that kind is one the plan refuses itself (constraints.plan_refuses), so the contract validator leaves it out. */
export function refusedByPlan(c: Pick<Constraints, 'plan_refuses'>, kind: 'require_one_of' | 'mutually_exclusive', group: readonly string[]): boolean {
  return (c.plan_refuses?.[kind] ?? []).some((g) => sameGroup(g, group));
}

/** A blank flag of this mutually_exclusive group still counts as given (constraints.count_blank: a cobra-checked group). */
export function blankCounts(c: Pick<Constraints, 'count_blank'>, group: readonly string[]): boolean {
  return (c.count_blank?.mutually_exclusive ?? []).some((g) => sameGroup(g, group));
}
