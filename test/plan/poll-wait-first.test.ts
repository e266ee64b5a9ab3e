// The poll options sheet export needs (docs/PLANS.md "poll"): `wait_first` puts each wait of a `delays_ms` timetable
// before its read, and `retry_failed` tries a read the backend fails again (upstream pollSheetExportJob,
// internal/helpers/sheet_export.go:162-209@c7521c1c). Through the real validator and executor with a fake port.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run } from './fake-plan.js';
import { DwsError } from '../../src/errors.js';

const plan = (delays: number[], extra: Record<string, unknown>) => ({
  facts: 'test plan',
  steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } }, poll: { until: { path: 'done', equals: true }, delays_ms: delays, ...extra } }],
  output: { from: 'a' },
});
const failure = async (p: Promise<unknown>) => p.then(() => undefined, (e: Error & { reason?: string }) => e.reason);
const busy = () => { throw new DwsError('backend_error', 'busy'); };

describe('poll.wait_first and poll.retry_failed', () => {
  it('waits before each read: n waits, n reads, the run ending at the first done answer (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 12 }), fc.nat(), async (delays, k) => {
      const doneAt = k % (delays.length + 1); // delays.length: never done
      const r = await run(plan(delays, { wait_first: true }), { name: 'a' }, (_c, n) => ({ done: n === doneAt, n })).catch((e: DwsError) => e);
      const reads = Math.min(doneAt + 1, delays.length);
      if (doneAt < delays.length) expect((r as { result: unknown }).result).toEqual({ done: true, n: doneAt });
      else expect((r as DwsError).reason).toBe('outcome_unknown');
      // a wait of 0 is no sleep at all
      expect(doneAt < delays.length ? (r as { waits: number[] }).waits : undefined).toEqual(doneAt < delays.length ? delays.slice(0, reads).filter((d) => d > 0) : undefined);
    }), { numRuns: 60 });
  });

  it('a failed read is tried again at the next time; failures to the end are a task not finished, not the failure', async () => {
    const r = await run(plan([1, 2, 3], { wait_first: true, retry_failed: true }), { name: 'a' }, (_c, n) => (n < 2 ? busy() : { done: true }));
    expect(r.calls).toHaveLength(3);
    expect(r.waits).toEqual([1, 2, 3]);
    expect(r.result).toEqual({ done: true });
    expect(await failure(run(plan([1, 2], { wait_first: true, retry_failed: true }), { name: 'a' }, busy))).toBe('outcome_unknown');
  });

  it('without retry_failed a failed read ends the poll with its own failure, at once', async () => {
    let reads = 0;
    expect(await failure(run(plan([1, 2, 3], { wait_first: true }), { name: 'a' }, () => (reads++, busy())))).toBe('backend_error');
    expect(reads).toBe(1);
  });
});
