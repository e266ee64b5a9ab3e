// page.keep (branch f-chat2, docs/PLANS.md "page"): the items of each page for which a condition holds, `{item: true}`
// being the item; the others never reach the answer and are not counted by max_items (upstream +my-groups --type,
// myGroupsMatchesFilter). Runs through the real validator and executor with a fake effects port.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { executePlan } from '../../src/plan/executor.js';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { fake, planOf, problemsOf, tool } from './fake-plan.js';

// `equals` compares with a literal; two sources compare with `subset` (a scalar is a one-element list), guarded by `present`.
const kind = { item: true, path: 'kind', transform: ['lower'] };
const keepKind = { all: [{ present: kind }, { subset: [kind, { flag: 'name', transform: ['trim', 'lower'] }] }] };
function plan(extra: Record<string, unknown> = {}) {
  return {
    facts: 't',
    steps: [{
      id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { size: { const: 3 } },
      page: { cursor_arg: 'cursor', next: 'next', items: 'rows', max_pages: 10, keep: keepKind, ...extra },
    }],
  };
}

async function run(p: unknown, name: string, pages: unknown[][]) {
  const { calls, effects } = fake((_c, n) => ({ rows: pages[n] ?? [], ...(n + 1 < pages.length ? { next: `c${n + 1}` } : {}) }));
  const out = await executePlan(tool(), planOf(p), { name }, { env: {}, dryRun: false, effects });
  return { calls, result: ('result' in out ? out.result : undefined) as { rows: unknown[] } };
}

describe('page.stop (branch f-lookup)', () => {
  // the page's whole answer is {item: true}: stop after the page that holds a row of kind "owner"
  const stop = { present: { pick: { item: true, path: 'rows' }, field: 'kind', in: { const: ['owner'] } } };
  const p = { facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { q: { flag: 'name' } }, page: { cursor_arg: 'cursor', next: 'next', items: 'rows', max_pages: 10, stop } }] };

  it('asks for no page after the one for which the condition holds', async () => {
    const { calls, result } = await run(p, 'x', [[{ kind: 'member' }], [{ kind: 'owner' }], [{ kind: 'member' }]]);
    expect(calls.map((c) => c.args.cursor)).toEqual([undefined, 'c1']);
    expect(result.rows).toEqual([{ kind: 'member' }, { kind: 'owner' }]);
  });

  it('pages on as usual while it does not hold', async () => {
    const { calls } = await run(p, 'x', [[{ kind: 'member' }], [{ kind: 'member' }], [{ kind: 'member' }]]);
    expect(calls).toHaveLength(3);
  });
});

describe('page.keep', () => {
  it('keeps only the items for which the condition holds, over every page', async () => {
    const { calls, result } = await run(plan(), ' Group ', [[{ id: 1, kind: 'group' }, { id: 2, kind: 'dept' }], [{ id: 3, kind: 'GROUP' }]]);
    expect(calls.length).toBe(2);
    expect(result.rows).toEqual([{ id: 1, kind: 'group' }, { id: 3, kind: 'GROUP' }]);
  });

  it('counts only kept items against max_items, and asks each page for the kept items still wanted', async () => {
    const p = plan({ max_items: { const: 2 }, size_arg: 'size' });
    const { calls, result } = await run(p, 'group', [[{ id: 1, kind: 'group' }, { id: 2, kind: 'dept' }], [{ id: 3, kind: 'dept' }], [{ id: 4, kind: 'group' }], [{ id: 5, kind: 'group' }]]);
    expect(calls.map((c) => c.args.size)).toEqual([2, 1, 1]);
    expect(result.rows.map((r) => (r as { id: number }).id)).toEqual([1, 4]);
  });

  it('is a filter: the kept items are exactly those the condition accepts, in order (property)', async () => {
    const kinds = fc.array(fc.array(fc.constantFrom('group', 'Group', 'dept', 'x'), { maxLength: 4 }), { minLength: 1, maxLength: 4 });
    await fc.assert(fc.asyncProperty(kinds, async (pages) => {
      let id = 0;
      const rows = pages.map((ks) => ks.map((kind) => ({ id: id++, kind })));
      const { result } = await run(plan(), 'group', rows);
      expect(result.rows).toEqual(rows.flat().filter((r) => r.kind.toLowerCase() === 'group'));
    }), { numRuns: 40 });
  });

  it('reads {item: true} only inside keep: outside it the build refuses it', () => {
    const bad = { facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { size: { item: true } }, page: { cursor_arg: 'cursor', next: 'next', items: 'rows', max_pages: 2 } }] };
    expect(problemsOf(bad).join('\n')).toContain('{item: true} is only meaningful inside a for_each step');
  });
});

// page.next_transform and the transform ms_to_rfc3339 (branch f-chat2): upstream +thread-replies sends each page's
// millisecond nextCursor back as startTime, time.UnixMilli(ms).UTC().Format(time.RFC3339Nano).
describe('transform ms_to_rfc3339', () => {
  const apply = (v: unknown) => applyTransforms(['ms_to_rfc3339'], v, '--x', { env: {} });
  it('writes the UTC time with the fraction Go keeps (trailing zeros dropped, none when zero)', () => {
    expect(apply(1786022919361)).toBe('2026-08-06T13:28:39.361Z');
    expect(apply('1786022919300')).toBe('2026-08-06T13:28:39.3Z');
    expect(apply(1786022919000)).toBe('2026-08-06T13:28:39Z');
    expect(apply(1)).toBe('1970-01-01T00:00:00.001Z');
  });
  it('refuses what is not a positive whole number of milliseconds', () => {
    for (const bad of [0, -5, 1.5, 'abc', '', null, true, Number.NaN]) expect(() => apply(bad)).toThrow(/milliseconds/u);
  });
  it('reads back to the same instant, its fraction never ending in 0 (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 253402300799999 }), (ms) => {
      const text = apply(ms) as string;
      expect(Date.parse(text)).toBe(ms);
      expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{0,2}[1-9])?Z$/u);
    }));
  });
});

describe('page.next_transform', () => {
  it('sends the transformed cursor, and stops on a repeated raw cursor', async () => {
    const answers = [{ rows: [1], next: 1786022919361 }, { rows: [2], next: 1786022919361 }];
    const { calls, effects } = fake((_c, n) => answers[n]);
    const p = { facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { q: { flag: 'name' } }, page: { cursor_arg: 'startTime', next: 'next', next_transform: ['ms_to_rfc3339'], items: 'rows', max_pages: 5 } }] };
    expect(problemsOf(p)).toEqual([]);
    const out = await executePlan(tool(), planOf(p), { name: 'n' }, { env: {}, dryRun: false, effects });
    expect(calls.map((c) => c.args.startTime)).toEqual([undefined, '2026-08-06T13:28:39.361Z']);
    expect(('result' in out ? out.result : undefined)).toEqual({ rows: [1, 2], next: 1786022919361 });
  });
  it('is checked at build like any transform list', () => {
    const p = { facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { q: { flag: 'name' } }, page: { cursor_arg: 'c', next: 'next', next_transform: ['no_such'], items: 'rows', max_pages: 5 } }] };
    expect(problemsOf(p).join('\n')).toContain('no_such');
  });
});
