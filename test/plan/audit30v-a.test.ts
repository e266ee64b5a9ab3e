// The twenty-second audit, part a (seed 20261223, notes/audit-30v-a.md): its fixed command and the output shapes of
// the read ones run as a user types them against the recording backend on 127.0.0.1. The calls are also pinned by the
// `a-v1:` cases of test/fixtures/calls/{aitable,chat,contact,doc,sheet,todo,wiki}.yaml.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../src/json-number.js';
import { useOutputRuns } from './output-runs.js';

const { answer, sent } = useOutputRuns('dws-audit30v-a-');

// contactParseInt64WithAliases (helpers/contact.go:119-133@c7521c1c): TrimSpace, the placeholders refused, then
// strconv.ParseInt(raw, 10, 64), whose int64 is sent as a JSON number.
describe('contact dept list-children reads the department id as strconv.ParseInt(s, 10, 64)', () => {
  const deptOf = async (value: string) => {
    const run = await sent(['contact', 'dept', 'list-children', '--dept', value]);
    return run.reason ?? (run.calls[0][1] as { deptId: unknown }).deptId;
  };

  it('sends every int64 whole and refuses what ParseInt refuses', async () => {
    const got = [];
    for (const v of ['9007199254740993', ' -9223372036854775808 ', '9223372036854775807', '9223372036854775808', '+010', '-0', '0x10', '1_0', 'ROOT', '\u00850\u0085']) {
      got.push(await deptOf(v));
    }
    expect(got).toEqual([
      new JsonNumber('9007199254740993'),
      new JsonNumber('-9223372036854775808'),
      new JsonNumber('9223372036854775807'),
      'invalid_parameter',
      10,
      0,
      'invalid_parameter',
      'invalid_parameter',
      'invalid_parameter',
      'invalid_parameter',
    ]);
  });

  it('gives back any int64 typed in decimal, padded or not', async () => {
    await fc.assert(fc.asyncProperty(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).filter((n) => n !== 0n), fc.boolean(), async (n, pad) => {
      const got = await deptOf(pad ? ` ${n} ` : n.toString());
      expect(got instanceof JsonNumber ? got.literal : String(got)).toBe(n.toString());
    }), { numRuns: 25 });
  });
});

// todo task get (helpers/todo.go:504-535@c7521c1c): the answer is decoded into a map; only a non-empty text appUrl /
// pcUrl under result.todoDetailModel.detailUrl is rewritten; anything that is not an object is printed as it came.
describe('todo task get prints the detail with its links rewritten as upstream does for every shape of answer', () => {
  it('rewrites only non-empty text links and prints other shapes unchanged', async () => {
    const answers: unknown[] = [
      { result: { todoDetailModel: { detailUrl: { appUrl: 'https://a.b/c?d=1&e=中 f', pcUrl: '' }, taskId: 't1' } } },
      { result: { todoDetailModel: { detailUrl: { appUrl: 5, pcUrl: 'x y' } } } },
      { result: { todoDetailModel: { detailUrl: 'x' } } },
      { result: { todoDetailModel: null } },
      { result: 'x' },
      [1, 2],
      {},
    ];
    const printed = [];
    for (const body of answers) {
      answer('todo/get_todo_detail', body);
      const run = await sent(['todo', 'task', 'get', '--task-id', 't1']);
      expect(run.calls).toEqual([['todo/get_todo_detail', { taskId: 't1' }]]);
      printed.push(run.printed);
    }
    const link = 'dingtalk://dingtalkclient/page/link?pc_slide=true&url=';
    expect(printed).toEqual([
      { result: { todoDetailModel: { detailUrl: { appUrl: `${link}https%3A%2F%2Fa.b%2Fc%3Fd%3D1%26e%3D%E4%B8%AD+f`, pcUrl: '' }, taskId: 't1' } } },
      { result: { todoDetailModel: { detailUrl: { appUrl: 5, pcUrl: `${link}x+y` } } } },
      ...answers.slice(2),
    ]);
  });
});
