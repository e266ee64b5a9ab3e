// The primitives of branch f-devapp (docs/PLANS.md): the transforms first_text (upstream devAppFirstContentString,
// helpers/devapp.go:2641 at c7521c1c) and numbered, the source modifier keep_null (upstream's `m[k]` copied as it is)
// and a refuse step's answer_of (a write failed by its own answer is no partial outcome). Each runs through the real
// validator and executor with a fake effects port.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, problemsOf, run } from './fake-plan.js';

describe('the transform first_text', () => {
  const first = (v: unknown) => apply([{ first_text: ['status', 'taskStatus'] }], v);
  it('gives the first key holding a non-blank text, trimmed; numbers and booleans as Go prints them', () => {
    expect(first({ status: '  ', taskStatus: ' FAIL ' })).toBe('FAIL');
    expect(first({ status: null, taskStatus: 1e6 })).toBe('1e+06');
    expect(first({ status: false })).toBe('false');
    expect(first({ status: 12, taskStatus: 'x' })).toBe('12');
  });
  // h33-chat (devAppContentString devapp.go:2650-2659@c7521c1c): a list or an object is fmt.Sprint's text (sw32-9);
  // before, this test held them absent
  it('gives a list or an object as fmt.Sprint writes it; absent for no key, nulls, or a value that is not an object', () => {
    expect([first({ status: [], taskStatus: 'x' }), first({ status: { a: 1 } }), first({ status: ['FAILED'], taskStatus: 'FAIL' })]).toEqual(['[]', 'map[a:1]', '[FAILED]']);
    for (const v of [{}, { taskStatus: null }, 'FAIL', ['FAIL'], 3]) expect(first(v)).toBeUndefined();
  });
  it('agrees with a plain reading of the definition', () => {
    const scalar = fc.oneof(fc.string(), fc.integer({ min: -99999, max: 99999 }), fc.boolean(), fc.constant(null), fc.constant(' '));
    fc.assert(fc.property(fc.record({ status: scalar, taskStatus: scalar }, { requiredKeys: [] }), (o) => {
      const texts = ['status', 'taskStatus'].map((k) => {
        const v = (o as Record<string, unknown>)[k];
        return typeof v === 'string' ? v.trim() : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
      }).filter((t) => t !== '');
      // integers below 1e6 print the same in Go and JS; fast-check's strings may hold Unicode spaces Go does not trim
      const plain = Object.values(o).some((v) => typeof v === 'string' && /[^\S \t\n\r\v\f]/u.test(v));
      if (!plain) expect(first(o)).toBe(texts[0]);
    }));
  });
  it('is refused at build without a list of keys', () => {
    const plan = { facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', args: { k: { flag: 'name', transform: [{ first_text: [] }] } } }] };
    expect(problemsOf(plan).join('\n')).toContain('first_text needs a non-empty list of keys');
  });
});

describe('the transform numbered', () => {
  it('pairs each element with its 1-based position, non-objects included', () => {
    expect(apply(['numbered'], ['a', { x: 1 }, null])).toEqual([{ n: 1, item: 'a' }, { n: 2, item: { x: 1 } }, { n: 3, item: null }]);
    expect(apply(['numbered'], [])).toEqual([]);
  });
  it('refuses a value that is not a list', () => {
    expect(() => apply(['numbered'], { a: 1 })).toThrow(/is not a list/u);
  });
});

describe('the source modifier keep_null', () => {
  const plan = (row: Record<string, unknown>) => ({
    facts: 't',
    steps: [{ id: 'a', server: 'contact', rpc: 'x', args: { keyword: { flag: 'name' } } }],
    output: { object: { ok: { const: 1 }, title: row, name: { from: 'a', path: 'name', optional: true } } },
  });
  it('prints a key the answer holds with null, where a plain read leaves it out', async () => {
    const answer = () => ({ title: null, name: null });
    expect((await run(plan({ from: 'a', path: 'title', keep_null: true }), { name: 'n' }, answer)).result).toEqual({ ok: 1, title: null });
    expect((await run(plan({ from: 'a', path: 'title' }), { name: 'n' }, answer)).result).toEqual({ ok: 1 });
  });
  it('keeps a missing key absent, and stops a first at the null (upstream m[k]; ok)', async () => {
    const first = { first: [{ from: 'a', path: 'title', optional: true, keep_null: true }, { from: 'a', path: 'id', keep_null: true }] };
    expect((await run(plan(first), { name: 'n' }, () => ({ title: null, id: 'i' }))).result).toEqual({ ok: 1, title: null });
    expect((await run(plan(first), { name: 'n' }, () => ({ id: 'i' }))).result).toEqual({ ok: 1, title: 'i' });
  });
  it('is refused at build on a source that reads no answer, or with another value than true', () => {
    const at = (s: unknown) => problemsOf({ facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', args: { k: s } }] }).join('\n');
    expect(at({ flag: 'name', keep_null: true })).toContain('keep_null only on a from, item or get source');
    expect(at({ const: 1, keep_null: false })).toContain('keep_null must be true');
  });
});

describe('a refuse step\'s answer_of', () => {
  const plan = (answerOf?: string) => ({
    facts: 't',
    steps: [
      { id: 'first', server: 'contact', rpc: 'w1', effect: 'write', args: { keyword: { flag: 'name' } } },
      { id: 'call', server: 'contact', rpc: 'w2', effect: 'write', args: { keyword: { flag: 'name' } } },
      { id: 'check', reason: 'backend_error', ...(answerOf ? { answer_of: answerOf } : {}), when: { equals: [{ from: 'call', path: 'status' }, 'FAIL'] }, refuse: 'failed' },
    ],
  });
  const failed = () => ({ status: 'FAIL' });
  it('a write refused by its own answer is not a completed write of the partial outcome', async () => {
    const single = { ...plan('call'), steps: plan('call').steps.slice(1) };
    await expect(run(single, { name: 'n' }, failed)).rejects.toMatchObject({ reason: 'backend_error' });
    await expect(run({ ...plan(), steps: plan().steps.slice(1) }, { name: 'n' }, failed)).rejects.toMatchObject({ reason: 'partial_outcome' });
  });
  it('another write before it still makes a partial outcome, which no longer lists the failed one as completed', async () => {
    const e = await run(plan('call'), { name: 'n' }, failed).catch((x: unknown) => x) as Error & { reason: string };
    expect(e.reason).toBe('partial_outcome');
    expect(e.message).toContain('completed steps first (write)');
    expect(e.message).not.toContain('call (write');
  });
  it('is refused at build unless it names an earlier step, with reason backend_error', () => {
    const p = plan('later');
    expect(problemsOf(p).join('\n')).toContain('answer_of: the id of an earlier step');
    const q = plan('call');
    delete (q.steps[2] as Record<string, unknown>).reason;
    expect(problemsOf(q).join('\n')).toContain('answer_of: only with reason backend_error');
  });
});
