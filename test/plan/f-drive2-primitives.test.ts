// The primitives of branch f-drive2 (docs/PLANS.md): the transform answer_list (upstream requireDriveCollection,
// shortcut/drive/common.go:136-174 at c7521c1c), the transform answer_object_error, the condition has_key (Go's
// `_, ok := m[key]`) and a refuse step's `reason`/`details`. Each runs through the real validator and executor with a
// fake effects port.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUSE_REASONS } from '../../src/plan/spec.js';
import { apply, conditionHolds as holds, problemsOf, run } from './fake-plan.js';

const call = { id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } } };
const plan = (steps: unknown[]) => ({ facts: 'test plan', steps });

describe('the condition has_key', () => {
  it('holds for a key that is there, a null included, and not for a missing key or a value that is no object', async () => {
    for (const [value, key, held] of [
      [{ total: null }, 'total', true], [{ total: 0 }, 'total', true], [{ total: [] }, 'total', true],
      [{ other: 1 }, 'total', false], [{}, 'total', false], [[{ total: 1 }], 'total', false], ['total', 'total', false],
    ] as const) expect(await holds({ has_key: [{ const: value }, key] }), JSON.stringify(value)).toBe(held);
  });
  it('sees a null in an answer that every source reads as absent', async () => {
    const answered = await run(plan([call, { id: 'check', when: { all: [{ has_key: [{ from: 'a' }, 'total'] }, { not: { present: { from: 'a', path: 'total', optional: true } } }] }, refuse: 'null total' }]),
      { name: 'n' }, () => ({ total: 1 })).catch((e: unknown) => e);
    expect(answered).toHaveProperty('result');
    await expect(run(plan([call, { id: 'check', when: { all: [{ has_key: [{ from: 'a' }, 'total'] }, { not: { present: { from: 'a', path: 'total', optional: true } } }] }, refuse: 'null total' }]),
      { name: 'n' }, () => ({ total: null }))).rejects.toMatchObject({ message: expect.stringContaining('null total') as unknown });
  });
  it('is checked at build: a source and a key', () => {
    expect(problemsOf(plan([{ id: 'check', when: { has_key: [{ const: {} }, 3] }, refuse: 'x' }, call])).join('\n')).toContain('has_key needs [source, key]');
  });
});

describe('the transform answer_list', () => {
  const list = (keys: string[], v: unknown) => apply([{ answer_list: keys }], v);
  it('gives the list under the first key present, at the top, then in result, then in data, with the object holding it', () => {
    expect(list(['items', 'files'], { files: [{ a: 1 }], items: [] })).toEqual({ list: [], page: { files: [{ a: 1 }], items: [] } });
    expect(list(['items', 'files'], { success: true, result: { files: [{ a: 1 }], nextToken: 't' }, data: { items: [] } }))
      .toEqual({ list: [{ a: 1 }], page: { files: [{ a: 1 }], nextToken: 't' } });
    expect(list(['items'], { data: { items: [{ b: 2 }], hasMore: true } })).toEqual({ list: [{ b: 2 }], page: { items: [{ b: 2 }], hasMore: true } });
  });
  it('refuses what requireDriveCollection refuses, null values included (backend_error)', () => {
    for (const [answer, said] of [
      [{}, 'is empty'], [null, 'is empty'], [[{ a: 1 }], 'is empty'], [{ success: 'yes', items: [] }, 'success that is not a boolean'],
      [{ success: null, items: [] }, 'success that is not a boolean'], [{ success: false, message: '没有权限', items: [] }, 'success=false: 没有权限'],
      [{ items: [], result: null }, 'result that is not an object'], [{ items: [], data: [] }, 'data that is not an object'],
      [{ items: null, files: [] }, 'has a items that is not a list'], [{ result: { items: 'x' } }, 'has a items that is not a list'],
      [{ items: [{}, null] }, 'element 2 (items[1]) is not an object'], [{ total: 0 }, 'has no list under items'],
      [{ result: { data: { items: [] } } }, 'has no list under items'],
    ] as const) expect(() => list(['items', 'files'], answer), JSON.stringify(answer)).toThrow(expect.objectContaining({ reason: 'backend_error', message: expect.stringContaining(said) as unknown }) as Error);
  });
  it('is checked at build: a non-empty list of keys', () => {
    expect(problemsOf(plan([call, { id: 'b', when: { present: { from: 'a', transform: [{ answer_list: [] }] } }, refuse: 'x' }])).join('\n')).toContain('answer_list needs the list of keys');
  });
  it('finds a list of objects wherever upstream would, unchanged (property)', () => {
    const obj = fc.dictionary(fc.constantFrom('x', 'y'), fc.oneof(fc.integer(), fc.string({ maxLength: 2 }), fc.constant(null)), { maxKeys: 2 });
    fc.assert(fc.property(fc.array(obj, { maxLength: 4 }), fc.constantFrom('top', 'result', 'data'), fc.constantFrom('items', 'files'), (rows, where, key) => {
      const holder = { [key]: rows, hasMore: false };
      const answer = where === 'top' ? holder : { [where]: holder };
      expect(list(['items', 'files'], answer)).toEqual({ list: rows, page: holder });
    }), { numRuns: 60 });
  });
});

describe('the transform answer_object_error', () => {
  it('is absent for an answer answer_object accepts, else the message of its refusal', () => {
    expect(apply(['answer_object_error'], { result: { id: 'n' } })).toBeUndefined();
    expect(apply(['answer_object_error'], { success: true })).toContain('single key');
    expect(apply(['answer_object_error'], { success: false, errorMsg: '无权限' })).toContain('success=false: 无权限');
    expect(apply(['answer_object_error'], null)).toContain('is empty');
  });
});

describe('a refuse step\'s reason and details', () => {
  it('refuses as backend_error when it declares so, invalid_parameter otherwise', async () => {
    const answer = () => ({ n: 1 });
    await expect(run(plan([call, { id: 'check', reason: 'backend_error', when: { from: 'a', path: 'n' }, refuse: 'bad answer' }]), { name: 'n' }, answer))
      .rejects.toMatchObject({ reason: 'backend_error', exitCode: 1, message: expect.stringContaining('bad answer') as unknown });
    await expect(run(plan([call, { id: 'check', when: { from: 'a', path: 'n' }, refuse: 'bad flags' }]), { name: 'n' }, answer))
      .rejects.toMatchObject({ reason: 'invalid_parameter', exitCode: 3 });
  });
  it('carries its details in the error envelope', async () => {
    const err = await run(plan([call, { id: 'partial', reason: 'drive_inspect_partial', details: { object: { read: { from: 'a' } } }, when: { from: 'a', path: 'n' }, refuse: 'partial' }]),
      { name: 'n' }, () => ({ n: 1 })).catch((e: unknown) => e) as { reason: string; envelope(): string };
    expect(err.reason).toBe('drive_inspect_partial');
    expect(JSON.parse(err.envelope())).toMatchObject({ details: { read: { n: 1 } }, error: { category: 'backend', reason: 'drive_inspect_partial' } });
  });
  it('is checked at build: a known reason, and reason/details only on a refuse step', () => {
    expect(problemsOf(plan([{ id: 'check', reason: 'no_such_reason', when: { flag: 'name' }, refuse: 'x' }, call])).join('\n')).toContain(`reason: one of ${REFUSE_REASONS.join(', ')} (`);
    const p = problemsOf(plan([{ ...call, reason: 'backend_error', details: { const: 1 } }])).join('\n');
    expect(p).toContain('.reason: only on a refuse step');
    expect(p).toContain('.details: only on a refuse step');
  });
});
