// todo task done / list-attachment check that the task exists (ensureTodoTaskExists, helpers/todo.go:30-55@c7521c1c):
// the detail is decoded with plain json.Unmarshal, so a numeric taskId is a float64, and stringFromJSONScalar
// (helpers/chat.go:1815-1816) writes it with FormatFloat(x, 'f', -1, 64) before comparing it with --task-id.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../src/json-number.js';
import { useOutputRuns } from './output-runs.js';

const { answer, sent } = useOutputRuns('dws-go-float-text-');

const detail = (taskId: unknown) => ({ result: { todoDetailModel: { taskId } } });
const done = (taskId: string) => sent(['todo', 'task', 'done', '--task-id', taskId, '--status', 'true']);

describe('todo task done compares a numeric taskId as the float64 Go decoded, in FormatFloat f text', () => {
  it('finds the task whose id the answer writes in exponent form, and refuses the digits the float64 lost', async () => {
    const got = [];
    for (const [answered, typed] of [
      [new JsonNumber('1e21'), '1000000000000000000000'],
      [new JsonNumber('1e21'), '1e21'],
      [new JsonNumber('12345678901234567890'), '12345678901234567890'],
      [new JsonNumber('12345678901234567890'), '12345678901234567000'],
      [new JsonNumber('1.0'), '1'],
      [42, '42'],
    ] as const) {
      answer('todo/get_todo_detail', detail(answered));
      const run = await done(typed);
      got.push(run.reason ?? run.calls.map(([tool]) => tool));
    }
    const both = ['todo/get_todo_detail', 'todo/update_todo_done_status'];
    expect(got).toEqual([both, 'constraint_violation', 'constraint_violation', both, both, both]);
  });

  it('finds any whole task id below 2^53 that the answer gives as a number (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), async (n) => {
      answer('todo/get_todo_detail', detail(n));
      const run = await done(String(n));
      expect(run.reason).toBeUndefined();
      expect(run.calls.at(-1)).toEqual(['todo/update_todo_done_status', { taskId: String(n), isDone: 'true' }]);
    }), { numRuns: 15 });
  });
});
