// Session 40 helper "left" (issue 32, notes/h40-left.md): differences earlier auditors left alone. A refuse step that
// ends a read with upstream's partial outcome (exit 7), and its use in the dev app leaves' multiProfile reading.
import { describe, expect, it } from 'vitest';
import { planOf, run } from './fake-plan.js';
import { DwsError } from '../../src/errors.js';

/** A plan that reads once and then checks the answer: its `parts` list partly failed is the partial outcome. */
const partlyFailed = (extra: Record<string, unknown> = {}, first: Record<string, unknown> = { effect: 'read' }) => ({
  facts: 'test plan',
  steps: [
    { id: 'a', server: 'contact', rpc: 'x', args: { keyword: { flag: 'name' } }, ...first },
    {
      id: 'check', reason: 'partial_outcome',
      refuse: [{ when: { all: [{ has: [{ from: 'a', path: 'parts' }, 'ok'] }, { has: [{ from: 'a', path: 'parts' }, 'failed'] }] }, message: 'some parts failed' }],
      details: { object: { parts: { from: 'a', path: 'parts' } } },
      ...extra,
    },
  ],
  output: { from: 'a' },
});

async function failure(p: Promise<unknown>): Promise<DwsError> {
  const e = await p.then(() => undefined, (x: unknown) => x);
  expect(e).toBeInstanceOf(DwsError);
  return e as DwsError;
}

describe('NEW MECHANISM: a refuse step with reason partial_outcome ends a run that wrote nothing with exit 7', () => {
  it('the build accepts the reason, also with answer_of (a write whose own answer says it was partly done)', () => {
    expect(() => planOf(partlyFailed())).not.toThrow();
    expect(() => planOf(partlyFailed({ answer_of: 'a' }))).not.toThrow();
  });

  it('a read whose answer is partly failed ends partial_outcome (category partial, exit 7), the channels in details', async () => {
    const e = await failure(run(partlyFailed(), { name: 'n' }, () => ({ parts: ['ok', 'failed'] })));
    expect({ reason: e.reason, category: e.category, exit: e.exitCode, details: e.payload?.details }).toEqual({
      reason: 'partial_outcome', category: 'partial', exit: 7, details: { parts: ['ok', 'failed'] },
    });
    expect(e.message).toContain('some parts failed');
  });

  it('when no case holds the step counts as not run and the answer prints', async () => {
    expect((await run(partlyFailed(), { name: 'n' }, () => ({ parts: ['ok', 'ok'] }))).result).toEqual({ parts: ['ok', 'ok'] });
  });

  it('after a completed write it is the cause of the run\'s partial outcome, its details kept', async () => {
    const plan = partlyFailed();
    const write = { id: 'w', server: 'contact', rpc: 'y', effect: 'write', args: {} };
    const e = await failure(run({ ...plan, steps: [write, ...plan.steps] }, { name: 'n' }, (c) => (c.rpc === 'y' ? { id: 'w1' } : { parts: ['ok', 'failed'] })));
    expect({ reason: e.reason, exit: e.exitCode, details: e.payload?.details }).toEqual({ reason: 'partial_outcome', exit: 7, details: { parts: ['ok', 'failed'] } });
    expect(e.message).toMatch(/completed steps w \(write \{"id":"w1"\}\), a \(read\); step "check" failed \(partial_outcome: .*some parts failed\)/);
  });
});
