// h33-fail: the source `{elements_done: <step>}` (docs/PLANS.md "Sources"): inside an interleave group, that step's
// results for the earlier elements that completed, in order; a failed element (listed by the ledger) left none.
// Upstream's loops carry a value from one element to the next (minutes +replace-batch's currentText,
// smart/replace_batch.go:171-184@c7521c1c). Through the real validator and executor with a fake effects port.
import { describe, expect, it } from 'vitest';
import { problemsOf, run } from './fake-plan.js';
import { DwsError } from '../../src/errors.js';

const group = {
  facts: 'test plan',
  steps: [
    { id: 'w', for_each: { flag: 'name', transform: ['csv_to_list'] }, interleave: ['seen'], ledger: { continue: true, report: 'list', into: 'ledger' },
      server: 'contact', rpc: 'w', effect: 'read', args: { keyword: { item: true } } },
    { id: 'seen', value: { object: { me: { item: true }, before: { first: [{ elements_done: 'w' }, { const: 'none' }] } } } },
  ],
  output: { from: 'seen' },
};

describe('elements_done', () => {
  it('reads the results of the earlier elements that completed, in order; a failed one is not among them', async () => {
    const r = await run(group, { name: 'a,b,c,d' }, (c) => {
      if (c.args.keyword === 'b') throw new DwsError('business_error', 'no');
      return { got: c.args.keyword };
    });
    expect(r.result).toEqual([
      { me: 'a', before: 'none' },
      { me: 'c', before: [{ got: 'a' }] },
      { me: 'd', before: [{ got: 'a' }, { got: 'c' }] },
    ]);
  });

  it('is absent outside the group\'s run, and names an earlier step at build', async () => {
    const after = { ...group, steps: [...group.steps, { id: 'later', value: { first: [{ elements_done: 'w' }, { const: 'outside' }] } }], output: { from: 'later' } };
    expect((await run(after, { name: 'a' }, () => ({}))).result).toBe('outside');
    expect(problemsOf({ ...group, steps: [group.steps[0], { id: 'seen', value: { elements_done: 'nope' } }] })).toEqual([expect.stringContaining('"nope" is not an earlier step')]);
  });
});
