// Session 52 helper left, item 2 (issue 32, notes/h52-left.md): an id typed beyond 2^53. Upstream reads a string flag's
// id with strconv.ParseInt(s, 10, 64) or strconv.Atoi (64 bits), so every digit up to int64 reaches json.Marshal, which
// writes the int64 whole; a text beyond int64 is ParseInt's range error. The plan transform `int` refused any text
// beyond 2^53 (a JavaScript number keeps 53 bits); it now keeps the int64 as the literal of its digits. Three commands
// read their text otherwise than `int` and are declared so (calendar event create --remind-minutes and todo task list
// --priority skip what Atoi refuses; todo task list --size falls back to 20). Commands run as a user types them against
// the fake server on 127.0.0.1; the server keeps a literal JavaScript would change as a JsonNumber, so digits are seen.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { JsonNumber } from '../../src/json-number.js';
import { DwsError } from '../../src/errors.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-h52left-int-');
const { sent } = runs;

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
/** Go's spaces strings.TrimSpace removes (a sample: ASCII, U+0085, U+00A0, U+3000). */
const SPACES = [' ', '\t', '\n', '\u0085', '\u00a0', '\u3000'];

/** What json.Marshal writes for the int64 strconv.ParseInt(strings.TrimSpace(text), 10, 64) reads, or undefined (an error). */
function goParseInt(text: string): string | undefined {
  const t = text.replace(/^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/gu, '');
  if (!/^[+-]?[0-9]+$/.test(t)) return undefined;
  const n = BigInt(t);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n.toString();
}

/** What dws sends for a value: its JSON text as the transport writes it (a JsonNumber bare). */
const wireText = (v: unknown): string => (v instanceof JsonNumber ? v.literal : JSON.stringify(v));

/** `int` of a text: the JSON text sent, or the refusal. */
function viaInt(text: string): string | 'refused' {
  try {
    return wireText(applyTransforms(['int'], text, '--x', { env: {} }));
  } catch (e) {
    if (e instanceof DwsError && e.reason === 'invalid_parameter') return 'refused';
    throw e;
  }
}

/** Decimal integer texts around the edges: up to 2^53, 2^53 to 2^63, beyond int64, signs, leading zeros, Go's spaces. */
const intText = fc.tuple(
  fc.oneof(
    fc.bigInt({ min: -(2n ** 53n), max: 2n ** 53n }),
    fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
    fc.bigInt({ min: INT64_MIN - 1000n, max: INT64_MIN + 1000n }),
    fc.bigInt({ min: INT64_MAX - 1000n, max: INT64_MAX + 1000n }),
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
  ),
  fc.constantFrom('', '+'), fc.stringMatching(/^0{0,3}$/), fc.constantFrom('', ...SPACES), fc.constantFrom('', ...SPACES),
).map(([n, plus, zeros, before, after]) => `${before}${n < 0n ? '-' : plus}${zeros}${(n < 0n ? -n : n).toString()}${after}`);

describe('h52-left item 2: the int transform reads text as strconv.ParseInt(strings.TrimSpace(s), 10, 64)', () => {
  it('property: every int64 is sent whole (a number to 2^53, its digits beyond), anything beyond int64 refused', () => {
    fc.assert(fc.property(intText, (text) => {
      const go = goParseInt(text);
      expect(viaInt(text)).toBe(go ?? 'refused');
    }), { numRuns: 3000 });
  });
  it('the edges, spelled out', () => {
    expect(viaInt('9007199254740993')).toBe('9007199254740993');
    expect(viaInt(' +009223372036854775807 ')).toBe('9223372036854775807');
    expect(viaInt('-9223372036854775808')).toBe('-9223372036854775808');
    expect(viaInt('9223372036854775808')).toBe('refused');
    expect(viaInt('-0')).toBe('0');
    expect(viaInt('1e3')).toBe('refused');
    expect(viaInt('\ufeff5')).toBe('refused');
  });
});

/** The arguments of the calls a run sends, or its refusal. */
async function argsOf(argv: string[]): Promise<unknown> {
  const run = await sent(argv);
  return run.reason ?? run.calls.map(([tool, args]) => [tool, args]);
}
/** The calls' arguments with each kept literal as its digits (what went on the wire). */
const wire = (v: unknown): unknown => (v instanceof JsonNumber ? `#${v.literal}` : Array.isArray(v) ? v.map(wire) : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, wire(x)])) : v);

describe('h52-left item 2: ids beyond 2^53 as a user types them', () => {
  it('contact account create --dept-ids: parseCSVIntsStrict (contact.go:2013-2028@c7521c1c) keeps every int64, refuses beyond', async () => {
    const base = ['contact', 'account', 'create', '--org-user-name', 'A', '--login-id', 'a1', '--yes'];
    expect(wire(await argsOf([...base, '--dept-ids', '1, 9007199254740993,+0009223372036854775807,-0']))).toEqual([
      ['contact/exclusive_account_create', { orgUserName: 'A', loginId: 'a1', deptIds: [1, '#9007199254740993', '#9223372036854775807', 0] }],
    ]);
    expect(await argsOf([...base, '--dept-ids', '1,9223372036854775808'])).toBe('invalid_parameter');
  });

  it('chat +flag-list --page-token: TrimSpace then Atoi (lark_alignment.go:569-579@c7521c1c), the cursor sent whole', async () => {
    expect(wire(await argsOf(['chat', '+flag-list', '--page-token', ' 9007199254740993 ']))).toEqual([
      ['im/list_message_favorites', { cursor: '#9007199254740993', size: '20' }],
    ]);
    expect(await argsOf(['chat', '+flag-list', '--page-token', '9223372036854775808'])).toBe('invalid_parameter');
  });

  it('attendance +query-report-data --columns: TrimSpace then ParseInt 64 (attendance.go:1533-1543@c7521c1c)', async () => {
    const argv = ['attendance', '+query-report-data', '--users', 'u1', '--start', '2026-03-01 00:00:00', '--end', '2026-03-31 23:59:59'];
    const [[tool, args]] = await argsOf([...argv, '--columns', '1001, 9007199254740993']) as [string, { McpQueryParam: { columnIds: unknown } }][];
    expect([tool, wire(args.McpQueryParam.columnIds)]).toEqual(['attendance-wukong/get_report_columns_value', [1001, '#9007199254740993']]);
    expect(await argsOf([...argv, '--columns', '9223372036854775808'])).toBe('invalid_parameter');
  });

  it('calendar event create --remind-minutes: buildReminders (calendar.go:3052-3063@c7521c1c) skips what Atoi(TrimSpace) refuses or is not positive', async () => {
    const argv = ['calendar', 'event', 'create', '--title', 't', '--start', '2099-03-10T14:00:00+08:00', '--end', '2099-03-10T15:00:00+08:00'];
    const reminders = async (typed: string) => {
      const calls = await argsOf([...argv, '--remind-minutes', typed]) as [string, { reminders?: unknown }][];
      return wire(calls[0][1].reminders);
    };
    // beyond int64 skipped (before: refused); 2^53 + 1 whole (before: refused); a quoted ' 7' is 7 once its quotes go
    expect(await reminders("5,99999999999999999999,9007199254740993,' 7',-3,0,x")).toEqual([{ minutes: 5 }, { minutes: '#9007199254740993' }, { minutes: 7 }]);
    expect(await reminders('99999999999999999999')).toEqual([]);
  });

  it('todo task list --priority: parseIntList (todo.go:1999-2019@c7521c1c) skips what Atoi refuses; none left sends no list', async () => {
    const list = async (typed: string) => ((await argsOf(['todo', 'task', 'list', '--priority', typed]) as [string, { priorityList?: unknown }][])[0][1].priorityList);
    expect(wire(await list('10, 9007199254740993,99999999999999999999,x'))).toEqual([10, '#9007199254740993']);
    expect(await list('99999999999999999999')).toBeUndefined();
  });

  it('todo task list --size: Atoi fails beyond int64, so the size is 20 and one page is asked with the text as typed (todo.go:268-287@c7521c1c)', async () => {
    const run = await sent(['todo', 'task', 'list', '--size', '99999999999999999999']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([['todo/get_user_todos_in_current_org', { pageNum: '1', pageSize: '99999999999999999999', roleTypes: ['executor'] }]]);
  });

  it('chat message list-favorites --page-all: a text cursor beyond 2^53 is sent whole (normalizeCursorArg paged_command.go:516-521@c7521c1c)', async () => {
    const { answersInTurn } = runs;
    answersInTurn('im/list_message_favorites', { result: { items: [{ id: 'a' }], nextCursor: ' 9007199254740993', hasMore: true } }, { result: { items: [], hasMore: false } });
    const run = await sent(['chat', 'message', 'list-favorites', '--page-all']);
    expect(run.reason).toBeUndefined();
    // before: the nearest double, 9007199254740992
    expect(run.calls.map(([, args]) => wire((args as { cursor: unknown }).cursor))).toEqual([0, '#9007199254740993']);
  });

  it('todo task list --size beyond 2^53 but within int64 pages, as upstream\'s todoListAutoPage (todo.go:1806-1862@c7521c1c)', async () => {
    const run = await sent(['todo', 'task', 'list', '--size', '9007199254740993']);
    expect(run.reason).toBeUndefined();
    // the echo answer holds no cards, which ends the pages after the first
    expect(run.calls).toEqual([['todo/get_user_todos_in_current_org', { pageNum: '1', pageSize: '20', roleTypes: ['executor'] }]]);
  });
});
