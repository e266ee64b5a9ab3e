// The argument key `...` (docs/PLANS.md "Arguments"): an object spread into a call's arguments at its place, as
// upstream's `for key, val := range condition { toolArgs[key] = val }` (sheet_cond_format.go:173@c7521c1c): its keys
// replace the ones set before it, the ones set after it replace its keys, a null value is sent as null, JSON null
// spreads nothing and anything but an object is refused. Through the real validator and executor with a fake port.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { problemsOf, run } from './fake-plan.js';

const plan = (spread: unknown) => ({
  facts: 'test plan',
  steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { x: { const: 1 }, '...': { const: spread }, y: { const: 2 }, keyword: { flag: 'name' } } }],
});
const failure = async (p: Promise<unknown>) => p.then(() => undefined, (e: Error & { reason?: string }) => e.reason);

describe('args: the spread key', () => {
  it('sets every key of the object, between the keys before and after it (property)', async () => {
    const key = fc.constantFrom('x', 'y', 'z', 'w', 'cellStyle');
    const value = fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }));
    await fc.assert(fc.asyncProperty(fc.dictionary(key, value), async (d) => {
      const r = await run(plan(d), { name: 'k' });
      expect(r.calls[0].args).toEqual({ ...{ x: 1 }, ...d, y: 2, keyword: 'k' });
    }), { numRuns: 80 });
  });

  it('JSON null spreads nothing; a list or a text is refused before any call', async () => {
    expect((await run(plan(null), { name: 'k' })).calls[0].args).toEqual({ x: 1, y: 2, keyword: 'k' });
    for (const bad of [[1], 'text', 3]) {
      expect(await failure(run(plan(bad), { name: 'k' }))).toBe('invalid_parameter');
    }
  });

  it('the build accepts `...` as an argument key and still refuses a key with an empty part', () => {
    expect(problemsOf(plan({ a: 1 }))).toEqual([]);
    expect(problemsOf({ facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { 'a..b': { const: 1 }, keyword: { flag: 'name' } } }] }).join()).toContain('has an empty part');
  });
});
