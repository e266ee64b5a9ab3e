// Session 47, lead (issue 32): two deviations kept from upstream at c7521c1c, each now declared with its reason in the
// plan's facts, held here as a user types the commands against the recording backend on 127.0.0.1.
// - todo task create / create-sub / update: a --priority that strconv.Atoi cannot read is refused before any call,
//   where upstream (helpers/todo.go:114, :209, :379@c7521c1c) sends the write without a priority and reports success.
// - sheet import (the group): the six hidden spellings upstream registers on the group and never reads
//   (cross_product_aliases.go:57-82, sheet.go:247@c7521c1c) are refused as unknown options, not silently dropped.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../src/json-number.js';
import { useOutputRuns } from './output-runs.js';

const { sent } = useOutputRuns('dws-h47lead-');

/** Go's strconv.Atoi on a 64-bit machine: an optional sign and decimal digits, nothing else, within int64. */
function atoi(text: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(text)) return undefined;
  const n = BigInt(text);
  return n >= -(2n ** 63n) && n < 2n ** 63n ? n : undefined;
}

const writes: [string, string[], (args: Record<string, unknown>) => unknown][] = [
  ['todo task create', ['todo', 'task', 'create', '--title', 't', '--executors', 'u1', '--yes'],
    (a) => (a.PersonalTodoCreateVO as Record<string, unknown>).priority],
  ['todo task create-sub', ['todo', 'task', 'create-sub', '--title', 't', '--executors', 'u1', '--parent-id', '42', '--yes'],
    (a) => (a.PersonalTodoCreateVO as Record<string, unknown>).priority],
  ['todo task update', ['todo', 'task', 'update', '--task-id', 'task_1', '--yes'],
    (a) => (a.TodoUpdateRequest as Record<string, unknown>).priority],
];

/** Priority texts: small integers with signs and padding, Go's other number spellings, and words. */
const priorityText = fc.oneof(
  fc.integer({ min: -100, max: 100 }).map(String),
  fc.tuple(fc.constantFrom('', '+', '-', ' ', '0', '00'), fc.integer({ min: 0, max: 99 }), fc.constantFrom('', ' ', '_0', '.0', 'e1'))
    .map(([a, n, b]) => `${a}${n}${b}`),
  fc.constantFrom('0x10', '010', '1_0', '1e3', 'high', '\u0085 10', '9223372036854775807', '9223372036854775808'),
);

describe('todo --priority: an integer Atoi reads is sent as a number, anything else refused before any call', () => {
  for (const [name, argv, priorityOf] of writes) {
    it(name, async () => {
      await fc.assert(fc.asyncProperty(priorityText, async (text) => {
        const run = await sent([...argv, `--priority=${text}`]);
        const n = atoi(text);
        if (n === undefined) {
          expect(run.reason).toBe('invalid_parameter');
          expect(run.calls).toEqual([]);
        } else {
          expect(run.reason).toBeUndefined();
          expect(run.calls).toHaveLength(1);
          const sentPriority = priorityOf(run.calls[0][1] as Record<string, unknown>);
          // a number on the wire: a JSON number, or (beyond 2^53) the exact literal kept as a JsonNumber
          const literal = sentPriority instanceof JsonNumber ? sentPriority.literal : sentPriority;
          expect(typeof literal === 'number' || (sentPriority instanceof JsonNumber && /^-?[0-9]+$/.test(literal as string))).toBe(true);
          expect(BigInt(literal as number | string)).toBe(n);
        }
      }), { numRuns: 40 });
    });
  }
});

describe('sheet import: the group\'s never-read hidden spellings are refused, not dropped', () => {
  for (const flag of ['--file-path', '--parent-id', '--parent-folder', '--parent-node-id', '--parent-folder-id', '--workspace-id']) {
    it(flag, async () => {
      const run = await sent(['sheet', 'import', '--file', 'book.xlsx', '--workspace', 'ws1', flag, 'X', '--yes'], { 'book.xlsx': 'xlsx bytes' });
      expect(run.reason).toBe('unknown_option');
      expect(run.calls).toEqual([]);
    });
  }
  it('without them the import starts in the workspace named', async () => {
    const run = await sent(['sheet', 'import', '--file', 'book.xlsx', '--workspace', 'ws1', '--yes'], { 'book.xlsx': 'xlsx bytes' });
    expect(run.calls[0]?.[0]).toBe('doc/create_import_session');
    expect(run.calls[0]?.[1]).toMatchObject({ fileName: 'book', suffix: 'xlsx', workspaceId: 'ws1' });
  });
});
