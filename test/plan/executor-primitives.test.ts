// The executor primitives issue 32 added so that every accepted flag is honoured as upstream honours it (docs/PLANS.md):
// page controls (max_items, delay_ms through the injectable sleep), comparison conditions, the constant null, and the
// transforms unescape_literal, strip_unsafe_chars, split_text, pairs_to_object, length, sort and rename_key. Each runs
// through the real validator and executor with a fake effects port: nothing here touches the network or the clock.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, CANONICAL, fake, planOf, problemsOf, run, tool } from './fake-plan.js';
import { executePlan, type PlanDryRun } from '../../src/plan/executor.js';
import type { BackendCall } from '../../src/plan/effects.js';
import { validatePlans } from '../../src/plan/validate.js';
import { DwsError } from '../../src/errors.js';
import { transformArgProblem } from '../../src/plan/transforms/index.js';
import { shippedEngine } from '../helpers.js';


/** Pages of 3 items each: page n holds items 3n..3n+2, the cursor moves on while n < last. */
const threeEach = (last: number) => (c: BackendCall) => {
  const n = typeof c.args.cursor === 'number' ? c.args.cursor : 0;
  return { items: [3 * n, 3 * n + 1, 3 * n + 2], next: n < last ? n + 1 : null };
};
const paged = (page: Record<string, unknown>) => ({
  facts: 'test plan',
  steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } }, page: { cursor_arg: 'cursor', next: 'next', items: 'items', max_pages: 10, ...page } }],
});

describe('page.max_items (upstream --max-items)', () => {
  it('stops once the cap is reached and cuts the last page to it', async () => {
    const r = await run(paged({ max_items: { const: 7 } }), { name: 'a' }, threeEach(9));
    expect(r.calls.length).toBe(3);
    expect(r.result).toEqual({ items: [0, 1, 2, 3, 4, 5, 6], next: 3 });
  });
  it('a cap that a page boundary meets exactly asks for no further page', async () => {
    const r = await run(paged({ max_items: { const: 6 } }), { name: 'a' }, threeEach(9));
    expect(r.calls.length).toBe(2);
  });
  it('0 or absent means no cap; a negative or fractional cap is refused before any call', async () => {
    expect((await run(paged({ max_items: { const: 0 } }), { name: 'a' }, threeEach(3))).calls.length).toBe(4);
    expect((await run(paged({ max_items: { const: 3, when: { equals: [{ const: 1 }, 2] } } }), { name: 'a' }, threeEach(3))).calls.length).toBe(4);
    for (const bad of [-1, 1.5, 'x']) {
      const f = fake(threeEach(3));
      await expect(executePlan(tool(), planOf(paged({ max_items: { const: bad } })), { name: 'a' }, { env: {}, dryRun: false, effects: f.effects }))
        .rejects.toMatchObject({ reason: 'invalid_parameter' });
      expect(f.calls).toEqual([]);
    }
  });
  it('with size_arg a page asks for no more than the items still wanted (upstream AutoPageRequestSize), keeping the size\'s type', async () => {
    const sized = (size: unknown) => ({
      facts: 'test plan',
      steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' }, limit: { const: size } },
        page: { cursor_arg: 'cursor', next: 'next', items: 'items', max_pages: 10, max_items: { const: 7 }, size_arg: 'limit' } }],
    });
    expect((await run(sized(3), { name: 'a' }, threeEach(9))).calls.map((c) => c.args.limit)).toEqual([3, 3, 1]);
    expect((await run(sized('5'), { name: 'a' }, threeEach(9))).calls.map((c) => c.args.limit)).toEqual(['5', '4', '1']);
  });
  it('never returns more items than the cap, whatever the page sizes (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 9 }), async (cap, last) => {
      const r = await run(paged({ max_items: { const: cap } }), { name: 'a' }, threeEach(last));
      const items = (r.result as { items: number[] }).items;
      expect(items).toEqual(Array.from({ length: Math.min(cap, 3 * (last + 1)) }, (_, i) => i));
    }));
  });
});

describe('page.delay_ms (upstream --page-delay)', () => {
  it('waits the given milliseconds before each page after the first, through the injected sleep', async () => {
    const r = await run(paged({ delay_ms: { const: 250 } }), { name: 'a' }, threeEach(2));
    expect([r.calls.length, r.waits]).toEqual([3, [250, 250]]);
  });
  it('does not wait for a single page, nor with 0', async () => {
    expect((await run(paged({ delay_ms: { const: 250 } }), { name: 'a' }, threeEach(0))).waits).toEqual([]);
    expect((await run(paged({ delay_ms: { const: 0 } }), { name: 'a' }, threeEach(3))).waits).toEqual([]);
  });
  it('shows the controls in the dry run when they are set', async () => {
    const f = fake(() => ({}));
    const out = await executePlan(tool(), planOf(paged({ delay_ms: { const: 5 }, max_items: { const: 9 } })), { name: 'a' }, { env: {}, dryRun: true, effects: f.effects });
    expect((out as { plan: PlanDryRun }).plan.steps[0].page).toEqual({ cursor_arg: 'cursor', pages: 10, max_pages: 10, max_items: 9, delay_ms: 5 });
  });
});

describe('comparison conditions (lt, lte, gt, gte)', () => {
  const refuseUnless = (c: unknown) => ({
    facts: 'test plan',
    steps: [{ id: 'order', when: { not: c }, refuse: 'out of order' }, { id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } } }],
  });
  it('compare numbers and decimal texts', async () => {
    for (const [c, holds] of [
      [{ lt: [{ const: 1 }, { const: '2' }] }, true], [{ lt: [{ const: 2 }, { const: 2 }] }, false], [{ lte: [{ const: 2 }, { const: 2 }] }, true],
      [{ gt: [{ const: '10' }, { const: 9 }] }, true], [{ gte: [{ const: 9 }, { const: 10 }] }, false],
    ] as const) {
      const p = run(refuseUnless(c), { name: 'a' });
      if (holds) expect((await p).calls.length).toBe(1);
      else await expect(p).rejects.toMatchObject({ reason: 'invalid_parameter', message: expect.stringContaining('out of order') });
    }
  });
  it('do not hold when a side is absent, and refuse a side that is not a number', async () => {
    await expect(run(refuseUnless({ lt: [{ flag: 'name', when: { equals: [{ const: 1 }, 2] } }, { const: 2 }] }), { name: 'a' })).rejects.toMatchObject({ message: expect.stringContaining('out of order') });
    await expect(run(refuseUnless({ lt: [{ flag: 'name' }, { const: 2 }] }), { name: 'abc' })).rejects.toMatchObject({ reason: 'invalid_parameter', message: expect.stringContaining('not a number to compare') });
  });
  it('are checked at build: two sources', () => {
    const { problems } = validatePlans([{ file: 't.yaml', doc: { plans: { [CANONICAL]: refuseUnless({ lt: [{ const: 1 }] }) } } }], shippedEngine().tools());
    expect(problems.join('\n')).toContain('lt must be [source, source] (two numbers)');
  });
});

describe('the constant null', () => {
  it('is sent as JSON null (a Go nil slice), where any other null stays absent', async () => {
    const plan = { facts: 'test plan', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' }, queries: { first: [{ flag: 'name', when: { equals: [{ const: 1 }, 2] } }, { const: null }] } } }] };
    expect((await run(plan, { name: 'a' })).calls[0].args).toEqual({ keyword: 'a', queries: null });
  });
});

describe('text transforms of upstream\'s doc writers', () => {
  it('unescape_literal reads escapes as Go strconv.Unquote does, and leaves text it cannot unquote as it is', () => {
    expect(apply(['unescape_literal'], '# 标题\\n\\n- a\\tb \\u4e2d \\x41 \\101 \\\\ "q"')).toBe('# 标题\n\n- a\tb 中 A A \\ "q"');
    for (const kept of ['no escapes', 'C:\\path\\q', 'bad \\u12', 'quote \\"x', 'raw\nnewline \\n', 'single \\\'', 'end \\']) expect(apply(['unescape_literal'], kept)).toBe(kept);
  });
  it('unescape_literal gives back any text without a backslash (property)', () => {
    fc.assert(fc.property(fc.string().filter((t) => !t.includes('\\')), (t) => {
      expect(apply(['unescape_literal'], t)).toBe(t);
    }));
  });
  it('strip_unsafe_chars drops C0 controls but tab and newline, DEL, zero-width, BOM, Bidi and separators', () => {
    expect(apply(['strip_unsafe_chars'], 'a\u0000b\tc\nd\re\u007ff\u200bg\ufeffh\u202ei\u2028j\u2066k中')).toBe('ab\tc\ndefghijk中');
  });
  it('split_text cuts pieces of at most n characters after their last newline, and joins back to the text (property)', () => {
    expect(apply([{ split_text: 4 }], 'ab\ncdefg\nh')).toEqual(['ab\n', 'cdef', 'g\nh']);
    expect(apply([{ split_text: 10 }], '短文')).toEqual(['短文']);
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', '中', '\n', '😀'), maxLength: 60 }), fc.integer({ min: 1, max: 9 }), (t, n) => {
      const parts = apply([{ split_text: n }], t) as string[];
      expect(parts.join('')).toBe(t);
      for (const p of parts) expect([...p].length).toBeLessThanOrEqual(n);
    }));
  });
});

describe('list transforms', () => {
  it('rest drops the first element', () => {
    expect([apply(['rest'], [1, 2, 3]), apply(['rest'], ['a'])]).toEqual([[2, 3], []]);
  });
  it('pairs_to_object: last keeps the last value of a repeated key, once refuses it', () => {
    const pairs = apply([{ split_pairs: '=' }], ['a=1', 'b = x=y', 'a=2']);
    expect(apply([{ pairs_to_object: 'last' }], pairs)).toEqual({ a: '2', b: 'x=y' });
    expect(() => apply([{ pairs_to_object: 'once' }], pairs)).toThrow(/given once/u);
    expect(apply([{ pairs_to_object: 'once' }], [['k', 'v']])).toEqual({ k: 'v' });
  });
  it('sort_keys orders an object\'s keys by code point at every level, as Go marshals a map', () => {
    expect(JSON.stringify(apply(['sort_keys'], { b: 1, a: { z: 1, Y: [{ d: 1, c: 2 }] } }))).toBe('{"a":{"Y":[{"c":2,"d":1}],"z":1},"b":1}');
  });
  it('length counts list elements or characters; sort orders texts by code point and numbers by value', () => {
    expect([apply(['length'], [1, 2, 3]), apply(['length'], '中文😀')]).toEqual([3, 3]);
    expect(apply(['sort'], ['rec_b', 'Rec_a', 'rec_a'])).toEqual(['Rec_a', 'rec_a', 'rec_b']);
    expect(apply(['sort'], [10, 9, 100])).toEqual([9, 10, 100]);
    expect(() => apply(['sort'], ['a', 1])).toThrow(/texts or of numbers/u);
  });
  it('rename_key renames keys of an object or of each object of a list, keeping the others', () => {
    expect(apply([{ rename_key: { order: 'direction' } }], [{ fieldId: 'f', order: 'desc', extra: 1 }, 'x'])).toEqual([{ fieldId: 'f', direction: 'desc', extra: 1 }, 'x']);
  });
  it('rename_key leaves a key alone when its new name is already there (upstream keeps order beside a direction)', () => {
    expect(apply([{ rename_key: { order: 'direction' } }], { order: 'asc', direction: 'desc' })).toEqual({ order: 'asc', direction: 'desc' });
  });
  it('their arguments are checked at build', () => {
    const bad = (t: unknown) => validatePlans([{ file: 't.yaml', doc: { plans: { [CANONICAL]: { facts: 'f', steps: [{ id: 'a', server: 'contact', rpc: 'x', args: { keyword: { flag: 'name', transform: [t] } } }] } } } }], shippedEngine().tools()).problems.join('\n');
    expect(bad({ pairs_to_object: 'first' })).toContain('pairs_to_object is last or once');
    expect(bad({ rename_key: {} })).toContain('rename_key needs a table');
    expect(bad({ split_text: 0 })).toContain('split_text needs a positive integer');
  });
});

describe('the condition has_duplicates', () => {
  const refuseWhen = (c: unknown) => ({
    facts: 'test plan',
    steps: [{ id: 'dup', when: c, refuse: 'repeated' }, { id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } } }],
  });
  it('holds exactly when two elements are equal JSON values', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 0, max: 3 }), fc.constant({ k: 1 })), { maxLength: 6 }), async (xs) => {
      const p = run(refuseWhen({ has_duplicates: { const: xs } }), { name: 'a' });
      const repeated = new Set(xs.map((x) => JSON.stringify(x))).size < xs.length;
      if (repeated) await expect(p).rejects.toMatchObject({ reason: 'invalid_parameter', message: expect.stringContaining('repeated') });
      else expect((await p).calls.length).toBe(1);
    }), { numRuns: 60 });
  });
  it('does not hold for an absent value or a scalar', async () => {
    expect((await run(refuseWhen({ has_duplicates: { flag: 'name', transform: [{ split: ',' }] } }), {})).calls.length).toBe(1);
    expect((await run(refuseWhen({ has_duplicates: { const: 'a' } }), { name: 'a' })).calls.length).toBe(1);
  });
  it('is checked at build: one source', () => {
    const { problems } = validatePlans([{ file: 't.yaml', doc: { plans: { [CANONICAL]: refuseWhen({ has_duplicates: { nope: 1 } }) } } }], shippedEngine().tools());
    expect(problems.join('\n')).toContain('has_duplicates');
  });
});

describe('refusal cases with for_each and the condition is (f-rest: upstream parseTodoReminderRules checks rule by rule)', () => {
  const cases = [
    { when: { not: { is: [{ item: true }, 'object'] } }, message: 'element {n} is not an object' },
    { when: { not: { is: [{ item: true, path: 'n' }, 'integer'] } }, message: 'element {n} has no whole n' },
  ];
  const checked = (list: unknown) => ({
    facts: 'test plan',
    steps: [{ id: 'check', for_each: { const: list }, refuse: cases }, { id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } } }],
  });
  it('refuses at the first element a case holds for, naming its position, with the first case that holds', async () => {
    await expect(run(checked([{ n: 1 }, { n: 1.5 }, null]), { name: 'a' })).rejects.toMatchObject({ reason: 'invalid_parameter', message: expect.stringContaining('element 2 has no whole n') });
    await expect(run(checked([{ n: 1 }, null, { n: 'x' }]), { name: 'a' })).rejects.toMatchObject({ message: expect.stringContaining('element 2 is not an object') });
  });
  it('lets the plan go on when no case holds (an empty list included), and the dry run shows nothing of it', async () => {
    expect((await run(checked([{ n: 1 }, { n: -2 }]), { name: 'a' })).calls.length).toBe(1);
    expect((await run(checked([]), { name: 'a' })).calls.length).toBe(1);
    const f = fake(() => ({}));
    const dry = await executePlan(tool(), planOf(checked([{ n: 1 }])), { name: 'a' }, { env: {}, dryRun: true, effects: f.effects });
    expect((dry as { plan: PlanDryRun }).plan.steps.map((s) => s.id)).toEqual(['a']);
    await expect(executePlan(tool(), planOf(checked([{ n: 'x' }])), { name: 'a' }, { env: {}, dryRun: true, effects: f.effects })).rejects.toMatchObject({ reason: 'invalid_parameter' });
  });
  it('is tells the JSON kinds apart; an absent value is none of them', async () => {
    const kinds = ['object', 'list', 'text', 'number', 'integer', 'boolean'] as const;
    const samples: [unknown, string[]][] = [[{}, ['object']], [[1], ['list']], ['1', ['text']], [1.5, ['number']], [2, ['number', 'integer']], [2 ** 53, ['number']], [false, ['boolean']], [null, []]];
    for (const [value, are] of samples) {
      for (const kind of kinds) {
        const plan = { facts: 'f', steps: [{ id: 'k', when: { is: [{ const: value }, kind] }, refuse: 'is' }, { id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } } }] };
        const p = run(plan, { name: 'a' });
        if (are.includes(kind)) await expect(p).rejects.toMatchObject({ reason: 'invalid_parameter' });
        else expect((await p).calls.length).toBe(1);
      }
    }
  });
  it('is checked at build: a known kind, and cases of {when, message}', () => {
    const problems = (steps: unknown[]) => validatePlans([{ file: 't.yaml', doc: { plans: { [CANONICAL]: { facts: 'f', steps: [...steps, { id: 'a', server: 'contact', rpc: 'x', args: { keyword: { flag: 'name' } } }] } } } }], shippedEngine().tools()).problems.join('\n');
    expect(problems([{ id: 'k', when: { is: [{ const: 1 }, 'float'] }, refuse: 'x' }])).toContain('is must be [source, kind]');
    expect(problems([{ id: 'k', refuse: [{ when: { given: 'name' } }] }])).toContain('a case is {when: condition, message: text}');
    expect(problems([{ id: 'k', refuse: [] }])).toContain('non-empty list');
    expect(problems([{ id: 'k', for_each: { const: [1] }, refuse: [{ when: { is: [{ item: true }, 'number'] }, message: 'm' }] }])).toBe('');
  });
});

describe('the source typed (upstream rt.Changed + rt.Str: a typed blank is sent, an untyped flag is not)', () => {
  const plan = { facts: 'f', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' }, typed: { typed: 'name' } } }] };
  it('sends what was typed, "" included, and nothing when the flag was not given', async () => {
    expect((await run(plan, { name: 'a' })).calls[0].args).toEqual({ keyword: 'a', typed: 'a' });
    expect((await run(plan, { name: '' })).calls[0].args).toEqual({ typed: '' });
    expect((await run(plan, {})).calls[0].args).toEqual({});
  });
});

describe('AI-table filters: check_filters and normalize_filters (upstream validateFiltersStructure, normalizeFilters)', () => {
  const cond = fc.record({ fieldId: fc.constantFrom('f1', 'f2'), operator: fc.constantFrom('eq', 'gt', 'exist'), value: fc.option(fc.oneof(fc.string({ maxLength: 3 }), fc.integer()), { nil: undefined }) }, { requiredKeys: ['fieldId', 'operator'] });
  const group: fc.Arbitrary<Record<string, unknown>> = fc.letrec((tie) => ({
    group: fc.record({ operator: fc.constantFrom('and', 'or', 'AND'), operands: fc.array(fc.oneof({ depthSize: 'small' }, cond, tie('group')), { maxLength: 3 }), extra: fc.constant(1) }),
  })).group as fc.Arbitrary<Record<string, unknown>>;

  /** normalizeFilters written out from the Go source, for comparison. */
  function reference(v: unknown): unknown {
    if (typeof v !== 'object' || v === null || Array.isArray(v) || !Array.isArray((v as { operands?: unknown }).operands)) return v;
    const g = v as { operator?: unknown; operands: unknown[] };
    return {
      operator: g.operator ?? null,
      operands: g.operands.map((c) => {
        if (typeof c !== 'object' || c === null || Array.isArray(c)) return c;
        const o = c as Record<string, unknown>;
        if ('fieldId' in o) return { operator: o.operator ?? null, operands: 'value' in o ? [o.fieldId, o.value] : [o.fieldId] };
        return 'operands' in o ? reference(o) : o;
      }),
    };
  }
  const stripUndefined = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

  it('rewrites every shorthand condition at every depth and keeps only operator and operands of a group', () => {
    fc.assert(fc.property(group, (g) => {
      const input = stripUndefined(g);
      const out = apply(['normalize_filters'], input);
      expect(out).toEqual(reference(input));
      expect(JSON.stringify(out)).not.toContain('fieldId');
      expect(JSON.stringify(out)).not.toContain('extra');
    }));
  });
  it('normalizes a list element by element and leaves anything else as it is', () => {
    fc.assert(fc.property(fc.array(group, { maxLength: 3 }), (gs) => {
      const input = stripUndefined(gs) as unknown[];
      expect(apply(['normalize_filters'], input)).toEqual(input.map(reference));
    }));
    for (const v of ['x', 3, { operator: 'and' }, { operands: 'x' }]) expect(apply(['normalize_filters'], v)).toEqual(v);
  });
  it('passes a well-formed filter unchanged and refuses what upstream refuses', () => {
    // a condition's operator is matched case-sensitively (only the root's and/or is read in any case)
    fc.assert(fc.property(group, (g) => {
      fc.pre(!(g.operands as { operator?: unknown }[]).some((c) => c.operator === 'AND'));
      expect(apply(['check_filters'], g)).toBe(g);
    }));
    expect(() => apply(['check_filters'], { operator: 'AND', operands: [{ operator: 'AND', operands: [] }] })).toThrow(/did you mean "eq"/);
    const refused = (v: unknown) => expect(() => apply(['check_filters'], v)).toThrow(expect.objectContaining({ reason: 'invalid_parameter' }));
    refused([{ operator: 'and', operands: [] }]);
    refused(null);
    refused({ operands: [] });
    refused({ operator: 1, operands: [] });
    refused({ operator: 'eq', operands: ['f1', 'x'] });
    refused({ operator: 'and' });
    refused({ operator: 'and', operands: {} });
    refused({ operator: 'and', operands: [{ operator: 'date_between', operands: ['f1'] }] });
    expect(() => apply(['check_filters'], { operator: 'and', operands: [{ operator: 'equals', operands: ['f1', 'x'] }] })).toThrow(/did you mean "eq"/);
    expect(() => apply(['check_filters'], { operator: 'and', operands: [{ operator: 'like', operands: ['f1', 'x'] }] })).toThrow(/did you mean "contain"/);
    // only the top-level conditions are checked, as upstream does
    expect(apply(['check_filters'], { operator: 'or', operands: [{ operator: 'and', operands: [{ operator: 'nope' }] }, 'x'] })).toBeDefined();
  });
});

describe('index-aligned iteration: the zip source and the flatten transform', () => {
  const zipPlan = (src: unknown) => ({
    facts: 'test plan',
    steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', for_each: src, max_items: 1000, args: { keyword: { item: true, path: '[0]' }, extra: { item: true, path: '[1]' }, who: { flag: 'name' } } }],
  });
  it('pairs the i-th elements of the lists, up to the shortest', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.string({ maxLength: 2 }), { maxLength: 5 }), fc.array(fc.integer(), { maxLength: 5 }), async (a, b) => {
      const n = Math.min(a.length, b.length);
      const p = run(zipPlan({ zip: [{ const: a }, { const: b }] }), { name: 'n' });
      // nothing to pair: no call, so the run is plan_skipped
      if (n === 0) return void (await expect(p).rejects.toMatchObject({ reason: 'plan_skipped' }));
      expect((await p).calls.map((c) => [c.args.keyword, c.args.extra])).toEqual(a.slice(0, n).map((x, i) => [x, b[i]]));
    }), { numRuns: 40 });
  });
  it('repeats a value that is not a list at every index, and with flatten makes one call per (id, batch) pair', async () => {
    const plan = zipPlan({
      each: { zip: [{ const: ['t1', 't2'] }, { const: [['b1', 'b2'], ['b3']] }] },
      to: { zip: [{ item: true, path: '[0]' }, { item: true, path: '[1]' }] },
      transform: ['flatten'],
    });
    const { calls } = await run(plan, { name: 'n' });
    expect(calls.map((c) => [c.args.keyword, c.args.extra])).toEqual([['t1', 'b1'], ['t1', 'b2'], ['t2', 'b3']]);
  });
  it('is absent when a source is absent, and is checked at build: two sources at least', async () => {
    const absent = zipPlan({ zip: [{ flag: 'name' }, { const: [1] }] });
    await expect(run(absent, {})).rejects.toMatchObject({ reason: 'plan_skipped' });
    const { problems } = validatePlans([{ file: 't.yaml', doc: { plans: { [CANONICAL]: zipPlan({ zip: [{ const: [1] }] }) } } }], shippedEngine().tools());
    expect(problems.join('\n')).toContain('zip: must be a list of at least two sources');
  });
  it('flatten concatenates one level and keeps other elements', () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.array(fc.integer(), { maxLength: 3 }), fc.integer()), { maxLength: 5 }), (xs) => {
      expect(apply(['flatten'], xs)).toEqual(xs.flatMap((x) => (Array.isArray(x) ? x : [x])));
    }));
  });
});

describe('the source walk (f-misc: upstream bulkPatchFilterConstrictsScope checks every condition of a filter tree)', () => {
  // the nodes a walk gives are sent as one argument, so each test reads them off the call
  const walked = (descend?: unknown) => ({
    facts: 'f',
    steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' },
      nodes: { walk: { in: { flag: 'name', transform: ['json_parse'] }, children: 'kids', ...(descend ? { descend } : {}) } } } }],
  });
  const tree = { id: 1, kids: [{ id: 2, kids: [{ id: 3 }, 'leaf'] }, { id: 4, stop: true, kids: [{ id: 5 }] }, null] };
  it('gives the root and then every node depth first, each before its children', async () => {
    const ids = ((await run(walked(), { name: JSON.stringify(tree) })).calls[0].args.nodes as unknown[]).map((n) => (n as { id?: number } | null)?.id ?? n);
    expect(ids).toEqual([1, 2, 3, 'leaf', 4, 5, null]);
  });
  it('looks into a node\'s children only where descend holds for it ({item: true} being the node)', async () => {
    const nodes = (await run(walked({ not: { present: { item: true, path: 'stop' } } }), { name: JSON.stringify(tree) })).calls[0].args.nodes as { id?: number }[];
    expect(nodes.map((n) => n?.id ?? n)).toEqual([1, 2, 3, 'leaf', 4, null]);
  });
  it('is the root alone for a value without children, and absent for an absent value', async () => {
    expect((await run(walked(), { name: '"x"' })).calls[0].args.nodes).toEqual(['x']);
    expect((await run(walked(), {})).calls[0].args).toEqual({});
  });
  it('is checked at build: in and children, and descend a condition', () => {
    const problems = (walk: unknown) => problemsOf({ facts: 'f', steps: [{ id: 'a', server: 'contact', rpc: 'x', args: { keyword: { flag: 'name' }, n: { walk } } }] }).join('\n');
    expect(problems({ in: { flag: 'name' } })).toContain('walk: needs in and children');
    expect(problems({ in: { flag: 'name' }, children: 'k', depth: 2 })).toContain('unknown key "depth"');
    expect(problems({ in: { flag: 'name' }, children: 'k', descend: { nope: 1 } })).toContain('a condition is exactly one of');
    expect(problems({ in: { flag: 'name' }, children: 'k', descend: { present: { item: true } } })).toBe('');
  });
});

describe('the transform find_int (f-misc: upstream findInt64Field reads an id anywhere in an answer)', () => {
  const find = (v: unknown) => apply([{ find_int: ['dentryId', 'dentryID'] }], v);
  it('takes the first key that holds a whole number, before looking into the object\'s values', () => {
    expect(find({ result: { dentryId: 9 }, dentryID: '7' })).toBe(7);
    expect(find({ dentryId: 1, dentryID: 2 })).toBe(1);
  });
  it('looks into nested objects, lists in order and JSON texts, passing over values that are not whole numbers', () => {
    expect(find({ a: [{ b: 1 }, { dentryId: ' -3 ' }], c: { dentryId: 4 } })).toBe(-3);
    expect(find({ dentryId: 'x', r: '{"dentryID": 5}' })).toBe(5);
    expect(find({ dentryId: 2.5, r: '[{"dentryId": "6"}]' })).toBe(6);
  });
  it('is absent when no key holds one, and 0 is a value (the plan refuses it)', () => {
    expect(find({ a: { b: 'dentryId' }, dentryId: null })).toBeUndefined();
    expect(find('not json {')).toBeUndefined();
    expect(find({ dentryId: 0 })).toBe(0);
  });
  it('its keys are checked at build', () => {
    expect(transformArgProblem({ find_int: [] })).toContain('find_int needs');
    expect(transformArgProblem({ find_int: 'dentryId' } as never)).toContain('find_int needs');
  });
});

describe('the transforms find_texts and find_records (f-enum: upstream collectPermissionUserIDs / collectPermissionRoles)', () => {
  const ids = (v: unknown) => apply([{ find_texts: ['userId', 'id'] }], v);
  const roles = (v: unknown) => apply([{ find_records: { userId: ['userId', 'uid', 'id'], roleId: ['roleId', 'role'] } }], v);
  it('find_texts collects every non-blank text under the keys at any depth, trimmed, once each, in the order found', () => {
    expect(ids({ result: { members: [{ userId: ' u1 ' }, { id: 'u2', userId: 'u1' }] }, owner: { id: 'u3' } })).toEqual(['u1', 'u2', 'u3']);
  });
  it('find_texts passes over blanks, numbers and other keys, and is absent when nothing is found', () => {
    expect(ids({ userId: '  ', id: 7, userID: 'u9', list: [[{ id: 'u4' }]] })).toEqual(['u4']);
    expect(ids({ a: 'userId' })).toBeUndefined();
  });
  it('find_records gives each object holding a text for every field, the first of its keys that has one, depth first', () => {
    expect(roles({ a: { userId: '', uid: ' u1 ', roleId: ' ', role: 'reader', inner: { id: 'u2', roleId: 'EDITOR' } }, b: [{ userId: 'u3' }] }))
      .toEqual([{ userId: 'u1', roleId: 'reader' }, { userId: 'u2', roleId: 'EDITOR' }]);
    expect(roles({ userId: 'u1' })).toBeUndefined();
  });
  it('their keys are checked at build', () => {
    expect(transformArgProblem({ find_texts: [] })).toContain('find_texts needs');
    expect(transformArgProblem({ find_records: { userId: [] } } as never)).toContain('find_records needs');
    expect(transformArgProblem({ find_records: {} } as never)).toContain('find_records needs');
  });
});

describe('the transforms joined_texts and count_substring (f-minutes5: upstream minutesReplaceTranscriptText / strings.Count)', () => {
  const text = (v: unknown) => apply([{ joined_texts: ['paragraph', 'text'] }], v);
  const count = (t: unknown, part: unknown) => apply(['count_substring'], { text: t, part });
  it('joined_texts joins every non-empty text directly under the keys, as it is and repeats kept, depth first', () => {
    expect(text([{ paragraph: ' a ', words: [{ text: 'b' }, { text: 'b' }] }, { text: '' }])).toBe(' a \nb\nb');
  });
  it('joined_texts does not search inside a matched key, passes over non-texts, and is absent when nothing is found', () => {
    expect(text({ paragraph: { text: 'x' }, other: { text: 7 } })).toBeUndefined();
    expect(text({ paragraph: { text: 'x' }, list: [{ text: 'y' }] })).toBe('y');
  });
  it('count_substring counts non-overlapping occurrences left to right, as Go strings.Count', () => {
    expect(count('aaaa', 'aa')).toBe(2);
    expect(count('张三说张三', '张三')).toBe(2);
    expect(count('abc', 'x')).toBe(0);
    expect(count('日本', '')).toBe(3);
    expect(() => count(7, 'a')).toThrow();
  });
  it('joined_texts needs a list of keys', () => {
    expect(transformArgProblem({ joined_texts: [] })).toContain('joined_texts needs');
  });
});

describe('repeat (a round of reads read again until a condition holds: upstream waitMinutesArtifacts, f-minutes6)', () => {
  /** A round: each name read (ledger: a failed read is listed), a value listing the names not ready, then `until` none is left. */
  const round = (repeat: Record<string, unknown> = {}) => ({
    facts: 'test plan',
    steps: [
      { id: 'reads', for_each: { flag: 'name', transform: ['csv_to_list'] }, server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { item: true } },
        ledger: { continue: true, report: 'list', into: 'read_ledger' },
        repeat: { steps: ['pending'], until: { not: { present: { from: 'pending' } } }, interval_seconds: { const: 3 }, timeout_seconds: { const: 30 }, max_rounds: 10, rounds_as: 'rounds', ...repeat } },
      { id: 'pending', value: { filter: { in: { from: 'reads' }, field: 'ready', not_equals: { const: true } } } },
    ],
    output: { object: { rounds: { from: 'rounds' }, reads: { from: 'reads' }, pending: { first: [{ from: 'pending' }, { const: [] }] } } },
  });
  /** `a` is ready from the first read on, `b` from its n-th (1-based); a read of `b` before that fails when `failing`. */
  const readyAt = (n: number, failing = false) => {
    let b = 0;
    return (c: BackendCall) => {
      if (c.args.keyword === 'a') return { name: 'a', ready: true };
      b++;
      if (b < n && failing) throw Object.assign(new Error('busy'), {});
      return { name: 'b', ready: b >= n };
    };
  };

  it('reads the whole round again after each wait until the condition holds; each step keeps the last round\'s result', async () => {
    const r = await run(round(), { name: 'a,b' }, readyAt(3));
    expect(r.calls.map((c) => c.args.keyword)).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(r.waits).toEqual([3000, 3000]);
    expect(r.result).toEqual({ rounds: 3, reads: [{ name: 'a', ready: true }, { name: 'b', ready: true }], pending: [] });
  });

  it('never fails by itself: when one more wait would reach timeout_seconds the last round stands (9 s every 3 s: three rounds)', async () => {
    const r = await run(round({ timeout_seconds: { const: 9 } }), { name: 'a,b' }, readyAt(100));
    expect(r.waits).toEqual([3000, 3000]);
    expect(r.result).toEqual({ rounds: 3, reads: [{ name: 'a', ready: true }, { name: 'b', ready: false }], pending: [{ name: 'b', ready: false }] });
  });

  it('reads at most max_rounds rounds, and as many as the time allows (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 12 }), async (interval, timeout, max) => {
      const r = await run(round({ interval_seconds: { const: interval }, timeout_seconds: { const: timeout }, max_rounds: max }), { name: 'a,b' }, readyAt(1000));
      const rounds = Math.min(max, Math.max(1, Math.ceil(timeout / interval)));
      expect((r.result as { rounds: number }).rounds).toBe(rounds);
      expect(r.waits).toEqual(Array(rounds - 1).fill(interval * 1000));
    }));
  });

  it('a step the round skips holds no result of an earlier round', async () => {
    const plan = round({ steps: ['pending', 'late'], until: { not: { present: { from: 'pending' } } } });
    plan.steps.push({ id: 'late', when: { present: { from: 'pending' } }, value: { const: 'still waiting' } } as never);
    (plan.output.object as Record<string, unknown>).late = { first: [{ from: 'late', optional: true }, { const: 'none' }] };
    const r = await run(plan, { name: 'a,b' }, readyAt(2));
    expect(r.result).toMatchObject({ rounds: 2, late: 'none' });
  });

  it('a tolerated failure of the lead goes on with the round: until sees it (failure_as), and the next round starts without it (f-minutes7)', async () => {
    // upstream speakerSummaryPending (minutes/workflows.go:409-426@c7521c1c): a failure saying "processing" is read again
    const plan = {
      facts: 'test plan',
      steps: [
        { id: 'read', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } }, tolerate_failure: true, failure_as: 'read_failure',
          repeat: { steps: ['error'], until: { not: { matches: [{ from: 'error', optional: true }, 'processing'] } }, interval_seconds: { const: 2 }, timeout_seconds: { const: 60 }, max_rounds: 10, rounds_as: 'rounds' } },
        { id: 'error', value: { from: 'read_failure', path: 'message', optional: true } },
      ],
      output: { object: { rounds: { from: 'rounds' }, read: { from: 'read', optional: true }, error: { from: 'error', optional: true }, failure: { from: 'read_failure', path: 'reason', optional: true } } },
    };
    const failingWith = (...texts: string[]) => {
      let n = 0;
      return () => {
        const text = texts[n++];
        if (text === undefined) return { done: true };
        throw new DwsError('business_error', text);
      };
    };
    const ready = await run(plan, { name: 'k' }, failingWith('still processing', 'processing'));
    expect(ready.waits).toEqual([2000, 2000]);
    expect(ready.result).toEqual({ rounds: 3, read: { done: true } });
    const refused = await run(plan, { name: 'k' }, failingWith('processing', 'no permission'));
    expect(refused.calls.length).toBe(2);
    expect(refused.result).toEqual({ rounds: 2, error: 'no permission', failure: 'business_error' });
  });

  it('the dry run shows the round on its first read', async () => {
    const out = await executePlan(tool(), planOf(round()), { name: 'a,b' }, { env: {}, dryRun: true, effects: fake(() => ({})).effects });
    expect((out as { plan: PlanDryRun }).plan.steps[0]).toMatchObject({ id: 'reads', repeat: { steps: ['pending'], max_rounds: 10, rounds_as: 'rounds' } });
  });

  it('is checked at build: a read lead, the steps right after it, no write in the round, until reading only the round and before', () => {
    const base = round();
    const withLead = (lead: Record<string, unknown>) => ({ ...base, steps: [{ ...base.steps[0], ...lead }, base.steps[1]] });
    expect(problemsOf(withLead({ effect: 'write' }))).toEqual([expect.stringContaining('repeat: only on a read call')]);
    expect(problemsOf(withLead({ repeat: { ...base.steps[0].repeat, max_rounds: undefined } }))).toEqual(expect.arrayContaining([expect.stringContaining('needs until, interval_seconds, timeout_seconds and max_rounds')]));
    expect(problemsOf({ ...base, steps: [base.steps[0], { id: 'other', value: { const: 1 } }, base.steps[1]] })).toEqual(expect.arrayContaining([expect.stringContaining('the repeat before names "pending" next')]));
    expect(problemsOf({ ...base, steps: [base.steps[0], { id: 'pending', server: 'contact', rpc: 'y', effect: 'write', args: {} }] }))
      .toEqual(expect.arrayContaining([expect.stringContaining('a step of a repeated round is a value, pick or refuse step or a read')]));
    expect(problemsOf(withLead({ repeat: { ...base.steps[0].repeat, until: { present: { from: 'later' } } } }))).not.toEqual([]);
  });
});

describe('go_json_indent (Go json.MarshalIndent, upstream writeJSONFile)', () => {
  it('writes keys in code point order at every level, two-space indents, Go\'s HTML escapes and a final newline', () => {
    expect(apply(['go_json_indent'], { b: [1, { y: '<&>', x: null }], a: {}, c: [] })).toBe(
      '{\n  "a": {},\n  "b": [\n    1,\n    {\n      "x": null,\n      "y": "\\u003c\\u0026\\u003e"\n    }\n  ],\n  "c": []\n}\n');
  });
  it('reads back as the same value, with no raw <, > or & (property)', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      const text = apply(['go_json_indent'], v) as string;
      expect(text.endsWith('\n')).toBe(true);
      expect(/[<>&\u2028\u2029]/u.test(text)).toBe(false);
      // the value itself, not JSON.stringify's reading of it: Go writes a negative zero as -0 (strconv 'f', -1), which
      // reads back as -0, where JSON.stringify writes 0
      expect(JSON.parse(text)).toEqual(v);
    }));
  });
});
