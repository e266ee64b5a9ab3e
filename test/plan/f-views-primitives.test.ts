// The two primitives of branch f-views (docs/PLANS.md): the condition object_contains (upstream aitable mapContains,
// shortcut/aitable/view_preset.go:160-179 at c7521c1c) and the transform answer_object (upstream requireDriveObject,
// shortcut/drive/common.go:80-122, and requireWikiObject, shortcut/wiki/common.go:47-100, which apply the same rules).
// Each runs through the real validator and executor with a fake effects port.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, CANONICAL, conditionHolds as holds, refuseWhen } from './fake-plan.js';
import { validatePlans } from '../../src/plan/validate.js';
import { shippedEngine } from '../helpers.js';

const contains = (have: unknown, want: unknown) => holds({ object_contains: [{ const: have }, { const: want }] });

describe('the condition object_contains', () => {
  it('holds when every wanted key is there, objects compared key by key inside, other values equal whatever the key order', async () => {
    const have = { a: 1, b: { c: [1, { x: 1, y: 2 }], d: 'e', f: null }, g: [] };
    for (const [want, held] of [
      [{}, true], [{ a: 1 }, true], [{ b: { d: 'e' } }, true], [{ b: {} }, true], [{ b: { c: [1, { y: 2, x: 1 }] } }, true], [{ b: { f: null } }, true],
      [{ a: 2 }, false], [{ a: '1' }, false], [{ z: null }, false], [{ b: { c: [{ x: 1, y: 2 }, 1] } }, false], [{ b: { c: [1] } }, false],
      [{ a: {} }, false], [{ g: {} }, false], [{ b: { d: 'e', h: 1 } }, false],
    ] as const) expect(await contains(have, want), JSON.stringify(want)).toBe(held);
  });
  it('does not hold unless both sides are objects (an absent config, a list, a text)', async () => {
    expect(await contains([1], [1])).toBe(false);
    expect(await contains('a', {})).toBe(false);
    expect(await contains({ a: 1 }, [])).toBe(false);
    expect(await holds({ object_contains: [{ flag: 'name', when: { equals: [{ const: 1 }, 2] } }, { const: {} }] })).toBe(false);
  });
  it('every object contains itself and each of its parts with keys dropped (property)', async () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string({ maxLength: 3 }), fc.boolean(), fc.constant(null), fc.array(tie('value'), { maxLength: 3 }), tie('object')),
      object: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { maxKeys: 3 }),
    }));
    const drop = (o: unknown, k: number): unknown => (typeof o === 'object' && o !== null && !Array.isArray(o)
      ? Object.fromEntries(Object.entries(o).filter((_, i) => (i + k) % 2 === 0).map(([key, v]) => [key, drop(v, k)])) : o);
    await fc.assert(fc.asyncProperty(json.object, fc.nat(3), async (o, k) => {
      expect(await contains(o, o)).toBe(true);
      expect(await contains(o, drop(o, k))).toBe(true);
    }), { numRuns: 40 });
  });
  it('is checked at build: two sources', () => {
    const tools = shippedEngine().tools();
    const problems = validatePlans([{ file: 't.yaml', doc: { plans: { [CANONICAL]: refuseWhen({ object_contains: [{ const: {} }] }) } } }], tools).problems;
    expect(problems.join('\n')).toContain('object_contains must be [source, source] (two objects)');
  });
});

describe('the transform answer_object', () => {
  const object = (v: unknown) => apply(['answer_object'], v);
  it('gives result, else data, else the answer itself when it holds more than one key', () => {
    expect(object({ success: true, result: { id: 'n1' } })).toEqual({ id: 'n1' });
    expect(object({ success: true, data: { id: 'n2' } })).toEqual({ id: 'n2' });
    expect(object({ success: true, id: 'n3' })).toEqual({ success: true, id: 'n3' });
    expect(object({ result: { id: 'r' }, data: {} })).toEqual({ id: 'r' });
  });
  it('takes a raw one-key answer as the runner stamps it: {id} is {id, success: true}, two keys (common.go:116-118, app/runner.go:774-783@c7521c1c)', () => {
    expect(object({ id: 'n' })).toEqual({ id: 'n', success: true });
  });
  it('refuses an empty answer, a non-boolean or false success, a malformed wrapper and a lone success (backend_error)', () => {
    for (const [answer, said] of [
      [{}, 'is empty'], [null, 'is empty'], ['text', 'is empty'], [[{ id: 1 }], 'is empty'],
      [{ success: 'true', id: 'n' }, 'success that is not a boolean'], [{ success: false, errorMsg: ' gone ', id: 'n' }, 'success=false: gone'],
      [{ success: true, result: [] }, 'result that is not'], [{ success: true, result: {} }, 'result that is not'],
      [{ result: null, data: { id: 'n' } }, 'result that is not'], [{ success: true, data: 'bad' }, 'data that is not'], [{ data: {} }, 'data that is not'],
      [{ success: true }, 'single key'],
    ] as const) expect(() => object(answer), JSON.stringify(answer)).toThrow(expect.objectContaining({ reason: 'backend_error', message: expect.stringContaining(said) as unknown }) as Error);
  });
});
