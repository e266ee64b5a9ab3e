// What the composite commands audit-30x-b read send and print where dws differed from upstream's bodies at c7521c1c
// (issue 32, a-x2), run as a user types them against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../src/json-number.js';
import { useOutputRuns } from './output-runs.js';
import { rawText } from '../fixtures/mcp/server.js';

const outputs = useOutputRuns('dws-ax2-');
const { sent } = outputs;

/** A sent number as its decimal text (a JsonNumber literal beyond 2^53 as typed). */
const digits = (v: unknown) => (v instanceof JsonNumber ? v.literal : String(v));

describe('answers that rt.CallMCPData cannot decode into an object stop the run (runner.go:255-271@c7521c1c)', () => {
  const cases: [string, string[], string, string][] = [
    ['oa +list-forms (oa.go:150-156)', ['oa', '+list-forms'], 'oa/list_user_visible_process', 'forms'],
    ['todo +get-my-tasks (todo.go:99-102)', ['todo', '+get-my-tasks'], 'todo/get_user_todos_in_current_org', 'todos'],
  ];
  for (const [name, argv, tool, list] of cases) {
    it(`${name}: a list, number, boolean or text is backend_error after the one call; null and a blank text print none`, async () => {
      const got = [];
      for (const answer of [[{ processCode: 'p', subject: 's' }], 5, true, 'oops', null, rawText(' ')]) {
        outputs.answer(tool, answer);
        const r = await sent(argv);
        got.push([r.reason, r.calls.length, r.printed]);
      }
      const refused = ['backend_error', 1, undefined];
      expect(got).toEqual([refused, refused, refused, refused, [undefined, 1, { count: 0, [list]: [] }], [undefined, 1, { count: 0, [list]: [] }]]);
    });
  }
});

describe('todo +get-my-tasks --priority keeps what strconv.Atoi reads, dropping the rest (todo.go:81-90@c7521c1c)', () => {
  const int64 = (n: bigint) => n >= -(2n ** 63n) && n < 2n ** 63n;
  it('an element beyond int64 is dropped, one within it sent whole (beyond 2^53 too)', async () => {
    const r = await sent(['todo', '+get-my-tasks', '--priority', '9223372036854775807,9223372036854775808,-9223372036854775808,+5,010, 3,x,-1,99999999999999999999,7']);
    expect(r.reason).toBeUndefined();
    const args = r.calls[0][1] as { priorityList: unknown[] };
    expect(args.priorityList.map(digits)).toEqual(['9223372036854775807', '-9223372036854775808', '5', '10', '-1', '7']);
    const none = await sent(['todo', '+get-my-tasks', '--priority', '99999999999999999999']);
    expect(none.calls[0][1]).not.toHaveProperty('priorityList');
  });

  it('holds for any signed, zero-padded whole number around the ends of int64', async () => {
    const near = fc.oneof(fc.bigInt({ min: 2n ** 63n - 3n, max: 2n ** 63n + 3n }), fc.bigInt({ min: -(2n ** 63n) - 3n, max: -(2n ** 63n) + 3n }), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }));
    const spelled = fc.tuple(near, fc.boolean(), fc.nat({ max: 2 })).map(([n, plus, zeros]) => ({
      n, text: `${n < 0n ? '-' : plus ? '+' : ''}${'0'.repeat(zeros)}${n < 0n ? -n : n}`,
    }));
    await fc.assert(fc.asyncProperty(fc.array(spelled, { minLength: 1, maxLength: 4 }), async (items) => {
      const r = await sent(['todo', '+get-my-tasks', '--priority', items.map((i) => i.text).join(',')]);
      const kept = items.filter((i) => int64(i.n)).map((i) => i.n.toString());
      const args = r.calls[0][1] as { priorityList?: unknown[] };
      expect(r.reason).toBeUndefined();
      expect(args.priorityList?.map(digits)).toEqual(kept.length > 0 ? kept : undefined);
    }), { numRuns: 25 });
  });
});

describe('report inbox list and outbox list read the hidden --limit only when above 0 and --size is not typed (report.go:637-640, :666-668@c7521c1c)', () => {
  for (const [words, rpc] of [[['inbox', 'list'], 'get_received_report_list'], [['outbox', 'list'], 'get_send_report_list']] as const) {
    const base = ['report', ...words, '--start', '2026-03-10', '--end', '2026-03-11'];
    it(`report ${words.join(' ')} sends size as upstream picks it from --limit, --size and the default 20`, async () => {
      outputs.answer(`report/${rpc}`, { x: 1 });
      const sizes = [];
      for (const extra of [[], ['--limit', '7'], ['--limit', '0'], ['--limit', '-3'], ['--limit', '7', '--size', '3'], ['--size', '0', '--limit', '9'], ['--limit', '0x10']]) {
        const r = await sent([...base, ...extra]);
        sizes.push([r.reason, (r.calls[0]?.[1] as { size?: unknown } | undefined)?.size]);
      }
      expect(sizes).toEqual([[undefined, 20], [undefined, 7], [undefined, 20], [undefined, 20], [undefined, 3], [undefined, 0], [undefined, 16]]);
    });
  }
});

describe('a list flag with an enum in a +shortcut is checked trimmed and sent as typed (corecmd.go:761-797@c7521c1c)', () => {
  const values = ['OrigContent', 'Summary', 'Analysis', 'Note'];
  const pad = fc.constantFrom('', ' ', '  ', '\t');
  it('minutes +share --sub-resources: padded values pass and reach the call untrimmed; a blank element is not checked (h40-left2: sliceValue drops it, corecmd.go:846-864)', async () => {
    outputs.answer('minutes/add_member_permission', { success: true });
    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(pad, fc.constantFrom(...values), pad).map(([a, v, b]) => `${a}${v}${b}`), { minLength: 1, maxLength: 3 }), async (typed) => {
      const r = await sent(['minutes', '+share', '--ids', 'a', '--member-uids', 'm1', '--permission', 'view', '--sub-resources', typed.join(','), '--yes']);
      expect(r.reason).toBeUndefined();
      expect((r.calls[0][1] as { roleSubResourceIds: unknown }).roleSubResourceIds).toEqual(typed);
    }), { numRuns: 15 });
    const blank = await sent(['minutes', '+share', '--ids', 'a', '--member-uids', 'm1', '--permission', 'view', '--sub-resources', 'Summary, ,Note', '--yes']);
    expect([blank.reason, (blank.calls[0][1] as { roleSubResourceIds: unknown }).roleSubResourceIds]).toEqual([undefined, ['Summary', ' ', 'Note']]);
    for (const bad of [' summary', 'Sum mary']) {
      const r = await sent(['minutes', '+share', '--ids', 'a', '--member-uids', 'm1', '--permission', 'view', '--sub-resources', bad, '--yes']);
      expect([r.reason, r.calls]).toEqual(['invalid_parameter', []]);
    }
  });
});
