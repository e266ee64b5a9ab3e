// h33-fail: a call step's `on_failure` (docs/PLANS.md "Step kinds"), upstream's composite bodies wrapping a failed
// call in their own reason with the payload they print (minutes +prepare-asr's add_failed, workflows.go:466-474@c7521c1c).
// Through the real validator and executor with a fake effects port (test/plan/fake-plan.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fake, planOf, problemsOf, run, tool } from './fake-plan.js';
import { executePlan, type PlanDryRun } from '../../src/plan/executor.js';
import type { BackendCall } from '../../src/plan/effects.js';
import { DwsError } from '../../src/errors.js';

const read = (extra: Record<string, unknown> = {}) => ({ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } }, ...extra });
const plan = (...steps: Record<string, unknown>[]) => ({ facts: 'test plan', steps });
const failing = (reason: ConstructorParameters<typeof DwsError>[0], message = 'the backend said no') => () => {
  throw new DwsError(reason, message);
};

/** The error a run ends with (it must fail). */
async function errorOf(p: unknown, answer: (c: BackendCall, n: number) => unknown, data: Record<string, unknown> = { name: 'k' }): Promise<DwsError> {
  try {
    await run(p, data, answer);
  } catch (e) {
    if (e instanceof DwsError) return e;
    throw e;
  }
  throw new Error('the run did not fail');
}

describe('on_failure: a backend failure of the call ends the run as declared', () => {
  it('with a reason: that reason, the cause named in the message, upstream\'s hint, the details evaluated then (failure_as reads the failure)', async () => {
    const p = plan(read({
      failure_as: 'why',
      on_failure: { reason: 'minutes_transcript_incomplete', details: { object: { cause: { from: 'why', path: 'message' }, was: { from: 'why', path: 'reason' }, name: { flag: 'name' } } } },
    }));
    const e = await errorOf(p, failing('business_error'));
    expect([e.reason, e.exitCode, e.message, e.payload]).toEqual([
      'minutes_transcript_incomplete', 1, `contact.shortcut_lookup: step "a" failed (business_error: the backend said no)`,
      { details: { cause: 'the backend said no', was: 'business_error', name: 'k' } },
    ]);
    expect(e.hint).toBeTruthy();
  });

  it('without a reason: the call\'s own reason, message and hint, with the details', async () => {
    const e = await errorOf(plan(read({ on_failure: { details: { object: { stage: { const: 'create' } } } } })), failing('transport_error', 'connection reset'));
    expect([e.reason, e.message, e.payload]).toEqual(['transport_error', 'connection reset', { details: { stage: 'create' } }]);
  });

  it('an unknown outcome keeps outcome_unknown (SPEC 6) and gets the details', async () => {
    const e = await errorOf(plan(read({ on_failure: { reason: 'minutes_prepare_asr_add_failed', details: { const: { add: [] } } } })), failing('outcome_unknown'));
    expect([e.reason, e.payload]).toEqual(['outcome_unknown', { details: { add: [] } }]);
  });

  it('a failure outside the backend category (auth, a refusal, a cancellation) is the run\'s as it is, no details', async () => {
    for (const reason of ['not_authenticated', 'invalid_parameter', 'request_cancelled'] as const) {
      const e = await errorOf(plan(read({ on_failure: { reason: 'backend_error', details: { const: 1 } } })), failing(reason));
      expect([e.reason, e.payload]).toEqual([reason, undefined]);
    }
  });

  it('with when: only while the condition holds when the call failed; otherwise the call\'s own error, no details', async () => {
    const p = plan(read({ on_failure: { when: { equals: [{ flag: 'name' }, 'wrap'] }, reason: 'backend_error', details: { const: { d: 1 } } } }));
    const wrapped = await errorOf(p, failing('business_error'), { name: 'wrap' });
    const own = await errorOf(p, failing('business_error'), { name: 'other' });
    expect([wrapped.reason, wrapped.payload, own.reason, own.payload]).toEqual(['backend_error', { details: { d: 1 } }, 'business_error', undefined]);
  });

  it('when may read the failure (failure_as): a reason for some failures only', async () => {
    const p = plan(read({ failure_as: 'why', on_failure: { when: { in: [{ from: 'why', path: 'reason' }, ['business_error']] }, reason: 'backend_error' } }));
    expect([(await errorOf(p, failing('business_error'))).reason, (await errorOf(p, failing('transport_error'))).reason]).toEqual(['backend_error', 'transport_error']);
  });

  it('a call that answers runs on as without it (the failure id stays unset)', async () => {
    const p = { ...plan(read({ failure_as: 'why', on_failure: { reason: 'backend_error' } })), output: { object: { a: { from: 'a' }, why: { from: 'why', optional: true } } } };
    expect((await run(p, { name: 'k' }, () => ({ ok: 1 }))).result).toEqual({ a: { ok: 1 } });
  });

  it('after a completed write it is the cause of the partial_outcome (exit 7), its details kept', async () => {
    const p = plan(
      { id: 'w', server: 'contact', rpc: 'w', effect: 'write', args: { keyword: { flag: 'name' } } },
      { id: 'b', server: 'contact', rpc: 'x', effect: 'read', args: {}, on_failure: { reason: 'minutes_prepare_asr_verification_failed', details: { const: { stage: 'verify' } } } },
    );
    const e = await errorOf(p, (c) => (c.rpc === 'w' ? { id: 'w1' } : failing('business_error')()));
    expect([e.reason, e.exitCode, e.message.includes('(minutes_prepare_asr_verification_failed: '), e.payload]).toEqual(['partial_outcome', 7, true, { details: { stage: 'verify' } }]);
  });

  it('a write that fails with it is no completed write: the run\'s own reason (exit 1), nothing after it sent', async () => {
    const p = plan(
      { id: 'w', server: 'contact', rpc: 'w', effect: 'write', args: { keyword: { flag: 'name' } }, on_failure: { reason: 'minutes_prepare_asr_add_failed', details: { const: { complete: false } } } },
      { id: 'b', server: 'contact', rpc: 'x', effect: 'read', args: {} },
    );
    const f = fake(failing('business_error'));
    await expect(executePlan(tool(), planOf(p), { name: 'k' }, { env: {}, dryRun: false, effects: f.effects })).rejects.toMatchObject({ reason: 'minutes_prepare_asr_add_failed', exitCode: 1 });
    expect(f.calls.map((c) => c.rpc)).toEqual(['w']);
  });
});

describe('on_failure on a paged read: failure_as says where the read ended', () => {
  const pagedPlan = plan(read({
    page: { cursor_arg: 'cursor', next: 'next', items: 'items', max_pages: 50 },
    failure_as: 'why',
    on_failure: { reason: 'minutes_transcript_incomplete', details: { object: { page: { from: 'why', path: 'page' }, cursor: { from: 'why', path: 'cursor', optional: true }, pages: { from: 'why', path: 'pages' }, items: { from: 'why', path: 'items' } } } },
  }));
  /** Pages of 3 items (the second repeats one of the first) until page `failAt` (1-based) fails. */
  const pagesFailingAt = (failAt: number) => (c: BackendCall, n: number) => {
    if (n + 1 === failAt) throw new DwsError('business_error', 'busy');
    return { items: [`i${n}`, `j${n}`, n === 1 ? 'i0' : `k${n}`], next: `c${n + 1}` };
  };

  it('the first page failing: page 1, the cursor it was asked with (absent without one), nothing read', async () => {
    const e = await errorOf(pagedPlan, pagesFailingAt(1));
    expect([e.reason, e.payload]).toEqual(['minutes_transcript_incomplete', { details: { page: 1, pages: 0, items: 0 } }]);
  });

  it('page k failing: page k, its cursor, k-1 pages read and every item they held (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 2, max: 12 }), async (k) => {
      const e = await errorOf(pagedPlan, pagesFailingAt(k));
      expect(e.payload).toEqual({ details: { page: k, cursor: `c${k - 1}`, pages: k - 1, items: 3 * (k - 1) } });
    }), { numRuns: 11 });
  });
});

describe('on_failure at build and in the dry run', () => {
  it('is refused where it cannot apply, or without a reason of the closed set or a details source', () => {
    const one = (extra: Record<string, unknown>) => problemsOf(plan(read(extra)));
    expect(one({ on_failure: { reason: 'backend_error' } })).toEqual([]);
    expect(one({ on_failure: {} })).toEqual([expect.stringContaining('at least one of them')]);
    expect(one({ on_failure: { reason: 'no_such_reason' } })).toEqual([expect.stringContaining('on_failure.reason: one of')]);
    expect(one({ on_failure: { reason: 'backend_error', message: 'x' } })).not.toEqual([]);
    expect(one({ on_failure: { reason: 'backend_error' }, tolerate_failure: true })).toEqual([expect.stringContaining('not with tolerate_failure, ledger or compensate')]);
    // details read the failure only by the step's own failure_as
    expect(one({ on_failure: { details: { from: 'why' } } })).toEqual([expect.stringContaining('from "why" is not an earlier step')]);
    expect(one({ failure_as: 'why', on_failure: { details: { from: 'why' } } })).toEqual([]);
    expect(problemsOf(plan(read(), { id: 'r', refuse: 'x', when: { flag: 'name' }, on_failure: { reason: 'backend_error' } }))).toEqual([expect.stringContaining('on_failure: only on an MCP call')]);
  });

  it('the dry run shows the declared reason on the call', async () => {
    const out = await executePlan(tool(), planOf(plan(read({ on_failure: { reason: 'minutes_transcript_incomplete' } }))), { name: 'k' }, { env: {}, dryRun: true, effects: fake(() => ({})).effects });
    expect((out as { plan: PlanDryRun }).plan.steps[0]).toMatchObject({ id: 'a', on_failure: 'minutes_transcript_incomplete' });
    const kept = await executePlan(tool(), planOf(plan(read({ on_failure: { details: { const: 1 } } }))), { name: 'k' }, { env: {}, dryRun: true, effects: fake(() => ({})).effects });
    expect((kept as { plan: PlanDryRun }).plan.steps[0].on_failure).toBeUndefined();
  });
});
