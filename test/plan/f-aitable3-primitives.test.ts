// The condition has_entries of branch f-aitable3 (docs/PLANS.md): upstream aitable verifyRecordCells,
// shortcut/aitable/record_upsert_by_key.go:315@c7521c1c (every cell sent is in the read-back, reflect.DeepEqual).
// It runs through the real validator and executor with a fake effects port.
import { describe, expect, it } from 'vitest';
import { CANONICAL, conditionHolds as holds, refuseWhen } from './fake-plan.js';
import { validatePlans } from '../../src/plan/validate.js';
import { shippedEngine } from '../helpers.js';

const entries = (have: unknown, want: unknown) => holds({ has_entries: [{ const: have }, { const: want }] });

describe('the condition has_entries', () => {
  it('holds when every wanted key is there with an equal value; nested values compare whole, key order ignored', async () => {
    const have = { a: 1, b: { c: [1, { x: 1, y: 2 }], d: 'e' }, f: null, g: [] };
    for (const [want, held] of [
      [{}, true], [{ a: 1 }, true], [{ b: { d: 'e', c: [1, { y: 2, x: 1 }] } }, true], [{ f: null }, true], [{ g: [] }, true],
      // object_contains would accept these two: a nested object holding less is not equal
      [{ b: { d: 'e' } }, false], [{ b: {} }, false],
      [{ a: 2 }, false], [{ a: '1' }, false], [{ z: null }, false], [{ b: { c: [{ x: 1, y: 2 }, 1], d: 'e' } }, false], [{ g: {} }, false],
    ] as const) expect(await entries(have, want), JSON.stringify(want)).toBe(held);
  });
  it('does not hold unless both sides are objects', async () => {
    expect(await entries([1], [1])).toBe(false);
    expect(await entries('a', {})).toBe(false);
    expect(await entries({ a: 1 }, [])).toBe(false);
    expect(await holds({ has_entries: [{ flag: 'name', when: { equals: [{ const: 1 }, 2] } }, { const: {} }] })).toBe(false);
  });
  it('is checked at build: two sources', () => {
    const tools = shippedEngine().tools();
    const problems = validatePlans([{ file: 't.yaml', doc: { plans: { [CANONICAL]: refuseWhen({ has_entries: [{ const: {} }] }) } } }], tools).problems;
    expect(problems.join('\n')).toContain('has_entries must be [source, source] (two objects)');
  });
});
