// A plan run through the real validator and executor with a fake effects port, for the executor-primitive tests:
// nothing here touches the network or the clock. Plans are attached to one shipped command (CANONICAL) as a
// multi-step declaration would be.
import { expect } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import { executePlan } from '../../src/plan/executor.js';
import type { BackendCall, Effects } from '../../src/plan/effects.js';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { validatePlans } from '../../src/plan/validate.js';
import type { Transform } from '../../src/plan/spec.js';
import { shippedEngine } from '../helpers.js';

export const CANONICAL = 'contact.shortcut_lookup';
export const tool = (): ToolSpec => shippedEngine().tools().find((t) => t.canonical_path === CANONICAL)!;

/** The build's problems with the plan declared for canonical. */
export function problemsOf(plan: unknown, canonical = CANONICAL): string[] {
  return validatePlans([{ file: 'multi-step/t.yaml', doc: { plans: { [canonical]: plan } } }], shippedEngine().tools()).problems;
}

/** The plan as the build validates it; throws when the build would refuse it. */
export function planOf(plan: unknown) {
  const { plans, problems } = validatePlans([{ file: 'multi-step/t.yaml', doc: { plans: { [CANONICAL]: plan } } }], shippedEngine().tools());
  if (problems.length) throw new Error(`the plan is refused: ${problems.join('; ')}`);
  return plans.get(CANONICAL)!;
}

/** A fake port: answers each call with `answer(call, n)`, records the calls and every wait. */
export function fake(answer: (c: BackendCall, n: number) => unknown) {
  const calls: BackendCall[] = [];
  const waits: number[] = [];
  const effects: Effects = {
    call: async (c) => (calls.push(c), answer(c, calls.length - 1)),
    transfer: async () => ({}),
    handoff: async () => undefined,
  };
  return { calls, waits, effects, sleep: async (ms: number) => void waits.push(ms) };
}

/** Runs the plan (not a dry run) with the flag values in data; extra overrides the execute options. */
export async function run(plan: unknown, data: Record<string, unknown>, answer: (c: BackendCall, n: number) => unknown = () => ({}), extra: Record<string, unknown> = {}) {
  const f = fake(answer);
  const out = await executePlan(tool(), planOf(plan), data, { env: {}, dryRun: false, effects: f.effects, sleep: f.sleep, ...extra });
  return { ...f, result: 'result' in out ? out.result : undefined };
}

/** A plan whose refuse step (message 'held') runs `when` the condition, before its one call. */
export const refuseWhen = (c: unknown) => ({
  facts: 'test plan',
  steps: [{ id: 'check', when: c, refuse: 'held' }, { id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } } }],
});

/** Whether a condition held: refuseWhen's refuse step stopped the run before its one call. */
export async function conditionHolds(c: unknown): Promise<boolean> {
  try {
    await run(refuseWhen(c), { name: 'n' });
    return false;
  } catch (e) {
    expect(e).toMatchObject({ reason: 'invalid_parameter', message: expect.stringContaining('held') as unknown });
    return true;
  }
}

/** The transforms applied to a value as a flag's. */
export const apply = (ts: unknown[], v: unknown) => applyTransforms(ts as Transform[], v, '--x', { env: {} });
