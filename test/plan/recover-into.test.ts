// recover_into and answer_object: write (branch h37-tbl, docs/PLANS.md "interleave" and "Step kinds"): a write lead whose
// call fails still runs its interleaved read-back and, proven, is listed as recovered (upstream executeRecordBatches,
// aitable record_batch.go:195-241@c7521c1c); a blank write answer fails (CallMCPWriteDataStrict, runner.go:291-313).
// Through the real validator and executor with a fake effects port.
import { describe, expect, it } from 'vitest';
import { DwsError, type Warning } from '../../src/errors.js';
import type { BackendCall } from '../../src/plan/effects.js';
import { problemsOf, run } from './fake-plan.js';

/** Writes each element of ['a', 'b', 'c'], then reads it back; the check refuses an element the read-back does not show. */
function plan(lead: Record<string, unknown> = { recover_into: 'recovered' }) {
  return {
    facts: 't',
    steps: [
      { id: 'write', for_each: { const: ['a', 'b', 'c'] }, server: 'contact', rpc: 'w', effect: 'write', interleave: ['read', 'check'], args: { v: { item: true }, q: { flag: 'name' } }, ...lead },
      { id: 'read', server: 'contact', rpc: 'r', effect: 'read', args: { v: { item: true } } },
      { id: 'check', when: { not: { equals: [{ from: 'read', path: 'shows' }, true] } }, refuse: 'not shown', reason: 'backend_error' },
    ],
    output: { object: { recovered: { from: 'recovered' }, writes: { from: 'write' } } },
  };
}

const busy = () => new DwsError('business_error', 'w failed: busy');
/** The fake backend: the write of `failing` elements fails (or answers `blank`), the read-back shows the `shown` ones. */
const backend = (failing: Record<string, 'busy' | 'blank'>, shown: string[]) => (c: BackendCall) => {
  const v = c.args.v as string;
  if (c.rpc === 'r') return { shows: shown.includes(v) };
  if (failing[v] === 'busy') throw busy();
  return failing[v] === 'blank' ? '  ' : { ok: v };
};

describe('recover_into', () => {
  it('a failed write the read-back proves is listed {n, error}, a notice is emitted and the next element runs; the write is sent once', async () => {
    const warnings: Warning[] = [];
    const r = await run(plan(), { name: 'x' }, backend({ b: 'busy' }, ['a', 'b', 'c']), { warn: (w: Warning) => void warnings.push(w) });
    expect(r.calls.map((c) => `${c.rpc}:${String(c.args.v)}`)).toEqual(['w:a', 'r:a', 'w:b', 'r:b', 'w:c', 'r:c']);
    expect(r.result).toEqual({ recovered: [{ n: 2, error: 'business_error: w failed: busy' }], writes: [{ ok: 'a' }, null, { ok: 'c' }] });
    expect(warnings.map((w) => w.reason)).toEqual(['write_recovered']);
  });
  it('a failed write the read-back does not prove ends the run with the call\'s own error, after the read-back', async () => {
    const err = await run(plan(), { name: 'x' }, backend({ b: 'busy' }, ['a', 'c'])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DwsError);
    expect(err).toMatchObject({ reason: 'partial_outcome' });
    expect((err as DwsError).message).toContain('busy');
  });
  it('nothing recovered: the list is empty; without the key a failed write ends the run before its read-back', async () => {
    expect((await run(plan(), { name: 'x' }, backend({}, ['a', 'b', 'c']))).result).toMatchObject({ recovered: [] });
    const calls: string[] = [];
    await run({ ...plan({}), output: { from: 'write' } }, { name: 'x' }, (c) => (calls.push(`${c.rpc}:${String(c.args.v)}`), backend({ a: 'busy' }, ['a'])(c))).catch(() => undefined);
    expect(calls).toEqual(['w:a']);
  });
  it('answer_object: write fails a blank answer as outcome_unknown, which the read-back may then prove', async () => {
    const strict = plan({ recover_into: 'recovered', answer_object: 'write' });
    const r = await run(strict, { name: 'x' }, backend({ a: 'blank' }, ['a', 'b', 'c']));
    expect((r.result as { recovered: { n: number; error: string }[] }).recovered.map((x) => [x.n, x.error.split(':')[0]])).toEqual([[1, 'outcome_unknown']]);
    // without `write`, a blank answer is an empty acknowledgement (CallMCPWriteData)
    const plain = await run(plan({ recover_into: 'recovered', answer_object: true }), { name: 'x' }, backend({ a: 'blank' }, ['a', 'b', 'c']));
    expect(plain.result).toMatchObject({ recovered: [] });
  });
  it('is refused at build on a read, without interleave, with a ledger, or under an id a step has', () => {
    const lead = (extra: Record<string, unknown>) => problemsOf(plan({ recover_into: 'recovered', ...extra })).join('\n');
    expect(lead({ effect: 'read' })).toMatch(/recover_into/u);
    expect(lead({ ledger: { continue: true } })).toMatch(/recover_into/u);
    expect(problemsOf(plan({ recover_into: 'read' })).join('\n')).toMatch(/already a step id/u);
    expect(problemsOf(plan({ recover_into: 'Bad id' })).join('\n')).toMatch(/recover_into/u);
    expect(problemsOf(plan({ answer_object: 'strict' })).join('\n')).toMatch(/answer_object/u);
    expect(problemsOf(plan({})).join('\n')).toMatch(/recovered/u);
  });
});
