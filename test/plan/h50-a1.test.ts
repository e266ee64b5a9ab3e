// Session 50 helper a1, second-reading audit of seed 20261431 (issue 32, notes/h50-a1.md). One drawn command differed
// from upstream's body at c7521c1c and was fixed (aitable +workflow-deploy sent a negative zero inside --dsl as 0, where
// json.Marshal of the float64 json.Unmarshal decoded writes -0); the other readings the audit checked are held here too.
// Each runs as a user types it against the recording backend on 127.0.0.1, so a later change that breaks one fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyJson } from '../../src/json-number.js';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h50a1-');
const { sent, argsOf } = outputs;

/** Go's json.Marshal of a value json.Unmarshal decoded into `any`: JSON.stringify, but a negative zero written -0. */
const goMarshal = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) => (Object.is(x, -0) ? '\u0000negzero' : x)).replaceAll('"\\u0000negzero"', '-0');

describe('aitable +workflow-deploy sends --dsl as json.Marshal writes what json.Unmarshal decoded (workflow_deploy.go:46-57, aitable.go:41-60@c7521c1c)', () => {
  const published = () => {
    outputs.mcp.answers['create_workflow'] = () => ({ result: { valid: true, flowId: 'f1' } });
    outputs.mcp.answers['get_workflow'] = () => ({ data: { id: 'f1' } });
  };
  it('a negative zero at any depth, in any spelling, reaches the backend as -0; 0 and the texts as they are', async () => {
    published();
    const run = await sent(['aitable', '+workflow-deploy', '--base-id', ' b ', '--dsl',
      '{"version":"workflow-dsl/v1","x":-0,"y":[-0.0,{"z":-0e3}],"w":"-0","v":0,"u":1.50}', '--yes']);
    expect(run.reason).toBeUndefined();
    const [tool, args] = run.calls[0] as [string, Record<string, unknown>];
    expect(tool).toBe('aitable/create_workflow');
    expect(stringifyJson(args)).toBe('{"baseId":"b","dsl":{"version":"workflow-dsl/v1","x":-0,"y":[-0,{"z":-0}],"w":"-0","v":0,"u":1.5},"locale":"zh-CN"}');
  });
  it('for any object of numbers and texts the dsl sent is Go\'s marshalled float64 value (property)', async () => {
    published();
    const leaf = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-0, 0, '-0', 'x'));
    const tree = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node'), { maxKeys: 3 })),
    })).node;
    await fc.assert(fc.asyncProperty(fc.dictionary(fc.constantFrom('p', 'q', 'r'), tree, { maxKeys: 3 }), async (body) => {
      const dsl = { ...body, version: 'workflow-dsl/v1' };
      const text = goMarshal(dsl);
      const run = await sent(['aitable', '+workflow-deploy', '--base-id', 'b', '--dsl', text, '--yes']);
      expect(run.reason).toBeUndefined();
      expect(stringifyJson((run.calls[0][1] as { dsl: unknown }).dsl)).toBe(goMarshal(JSON.parse(text)));
    }), { numRuns: 25, examples: [[{ p: -0 }], [{ q: [-0, 0, { a: -0 }] }]] });
  });
  it('the version is checked before any call; --workflow-id blank once trimmed creates, a filled one updates after the preflight', async () => {
    published();
    expect(await argsOf(['aitable', '+workflow-deploy', '--base-id', 'b', '--dsl', '{"version":"workflow-dsl/v2"}', '--yes'])).toBe('invalid_parameter');
    expect(await argsOf(['aitable', '+workflow-deploy', '--base-id', 'b', '--dsl', 'null', '--yes'])).toBe('invalid_parameter');
    const created = await sent(['aitable', '+workflow-deploy', '--base-id', 'b', '--dsl', '{"version":"workflow-dsl/v1"}', '--workflow-id', ' ', '--locale', '', '--yes']);
    expect(created.calls.map(([t]) => t)).toEqual(['aitable/create_workflow', 'aitable-helper/get_workflow']);
    expect(created.calls[0][1]).toEqual({ baseId: 'b', dsl: { version: 'workflow-dsl/v1' }, locale: '' });
  });
});

describe('attendance group filtered-get reads the group id as int64FlagOrFallback (attendance.go:141-156, :1832-1846@c7521c1c)', () => {
  it('a typed 0 gives way to --id; pflag Int64 spellings; 0 everywhere refused; the four filters always sent', async () => {
    const filter = (m: boolean, p: boolean, w: boolean, b: boolean) => ({ includeMember: m, includePosition: p, includeWifi: w, includeBles: b });
    expect(await argsOf(['attendance', 'group', 'filtered-get', '--group-id', '0', '--id', '5', '--wifi']))
      .toEqual([{ groupId: 5, GroupResultFilter: filter(false, false, true, false) }]);
    expect(await argsOf(['attendance', 'group', 'filtered-get', '--id', '7', '--group-id', '0x10', '--member', '--bles']))
      .toEqual([{ groupId: 16, GroupResultFilter: filter(true, false, false, true) }]);
    for (const [text, id] of [['010', 8], ['1_0', 10], ['+5', 5], ['-3', -3]] as const) {
      expect(await argsOf(['attendance', 'group', 'filtered-get', '--group-id', text])).toEqual([{ groupId: id, GroupResultFilter: filter(false, false, false, false) }]);
    }
    for (const bad of [['--group-id', '0'], ['--group-id', '1e3'], ['--group-id', ' 5'], ['--group-id', '9223372036854775808']]) {
      expect(await argsOf(['attendance', 'group', 'filtered-get', ...bad])).toBe('invalid_parameter');
    }
  });
});

describe('todo +get-my-tasks builds its filters as GetMyTasks does (shortcut/todo/todo.go:74-113@c7521c1c)', () => {
  const element = fc.constantFrom('10', ' 20', '+30', '-5', '040', '0x10', '1_0', 'a', '', '9223372036854775808');
  it('priorityList holds the elements strconv.Atoi reads, untrimmed; none readable sends none (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(element, { minLength: 1, maxLength: 4 }), async (parts) => {
      const text = parts.join(',');
      const want = (text === '' ? [] : parts)
        .filter((p) => /^[+-]?[0-9]+$/.test(p) && BigInt(p) >= -(2n ** 63n) && BigInt(p) < 2n ** 63n).map(Number);
      const args = (await argsOf(['todo', '+get-my-tasks', '--priority', text])) as Record<string, unknown>[];
      expect(args).toEqual([{ pageNum: '1', pageSize: '20', roleTypes: ['executor'], ...(want.length > 0 ? { priorityList: want } : {}) }]);
    }), { numRuns: 40, examples: [[[' 40', ' 30']], [['+20', '0x10']]] });
  });
  it('a typed blank --status is refused by the enum check, a padded one trimmed; blank --page sent as ""; blank --role-types is [executor]', async () => {
    expect(await argsOf(['todo', '+get-my-tasks', '--status', ''])).toBe('invalid_parameter');
    expect(await argsOf(['todo', '+get-my-tasks', '--status', ' true ', '--page', '', '--size', ' 5 ', '--role-types', '', '--plan-finish-start', '0x10']))
      .toEqual([{ pageNum: '', pageSize: '5', todoStatus: 'true', roleTypes: ['executor'], planFinishDateStart: 16 }]);
    expect(await argsOf(['todo', '+get-my-tasks', '--role-types', ' creator,participant', '--role-types', 'x']))
      .toEqual([{ pageNum: '1', pageSize: '20', roleTypes: [' creator', 'participant', 'x'] }]);
  });
  it('rows come from result.todoCards (else a top todoCards without a result object), non-objects and key-less rows left out, nulls kept', async () => {
    outputs.mcp.answers['get_user_todos_in_current_org'] = () => ({ result: { todoCards: [{ subject: 'a', x: 1 }, 5, { y: 1 }, { taskId: null }] } });
    expect((await sent(['todo', '+get-my-tasks'])).printed).toEqual({ count: 2, todos: [{ subject: 'a' }, { taskId: null }] });
    outputs.mcp.answers['get_user_todos_in_current_org'] = () => ({ result: { x: 1 }, todoCards: [{ subject: 'top' }] });
    expect((await sent(['todo', '+get-my-tasks'])).printed).toEqual({ count: 0, todos: [] });
    outputs.mcp.answers['get_user_todos_in_current_org'] = () => ({ result: [1], todoCards: [{ subject: 'top' }] });
    expect((await sent(['todo', '+get-my-tasks'])).printed).toEqual({ count: 1, todos: [{ subject: 'top' }] });
  });
});

describe('minutes +search reads its times with time.Parse(RFC3339) (alignment.go:542-565, :222-250@c7521c1c)', () => {
  it('only an RFC 3339 time is read (trimmed by rt.Str); the epoch itself counts as not given; --query trimmed', async () => {
    outputs.mcp.answers['list_by_keyword_and_time_range'] = () => ({ result: { itemList: [{ taskUuid: 'u1', title: 'Weekly' }], hasMore: false } });
    for (const bad of ['2026-08-01', '2026-08-01 10:00', '1785000000000', '2026-08-01t00:00:00z', '2026-02-30T00:00:00Z', '2026-08-01T24:00:00Z']) {
      expect(await argsOf(['minutes', '+search', '--start', bad])).toBe('invalid_parameter');
    }
    expect(await argsOf(['minutes', '+search', '--start', ' 2026-08-01T00:00:00.5+08:00 ', '--end', '1970-01-01T00:00:00Z', '--query', ' we ']))
      .toEqual([{ belongingConditionId: 'noLimit', createTimeStart: Date.UTC(2026, 6, 31, 16, 0, 0, 500), keyword: 'we', maxResults: 20 }]);
    expect(await argsOf(['minutes', '+search', '--query', ' '])).toBe('constraint_violation');
  });
});

describe('chat message combine-forward reads --msg-ids as parseCSVValues (chat.go:8218-8230, contact.go:20-45@c7521c1c)', () => {
  const parts = fc.array(fc.constantFrom('a', ' b ', '', '"c"', "'d'", ',', '[', ']', 'x,y'), { maxLength: 6 }).map((p) => p.join(''));
  const listOrJson = fc.oneof(parts, fc.array(fc.oneof(fc.constantFrom('a', ' b ', ''), fc.constant(null), fc.constant(1)), { maxLength: 4 }).map((a) => JSON.stringify(a)));
  it('srcOpenMessageIds for any comma or JSON list as the model, ids untrimmed, uuid only when non-empty (property)', async () => {
    await fc.assert(fc.asyncProperty(listOrJson, fc.constantFrom('', ' ', 'k'), async (ids, uuid) => {
      fc.pre(ids !== '');
      expect(await argsOf(['chat', 'message', 'combine-forward', '--src-conversation-id', ' s ', '--msg-ids', ids, '--dest-conversation-id', 'd', '--uuid', uuid]))
        .toEqual([{ srcOpenCid: ' s ', srcOpenMessageIds: parseCSVValues(ids), destOpenCid: 'd', ...(uuid !== '' ? { uuid } : {}) }]);
    }), { numRuns: 40, examples: [[' , ', ''], [' ', ' '], ['[1,"a"]', 'k']] });
  });
});

describe('sheet insert-dimension reads --length with strconv.Atoi, 1 to 5000 (sheet_dimension.go:65-89@c7521c1c)', () => {
  const text = fc.oneof(fc.integer({ min: -3, max: 5003 }).map(String), fc.constantFrom('+5', '010', '0x10', ' 5', '1_0', '1e3', '00000000000000000000007', '9223372036854775808', ''));
  it('sent as the number Atoi reads when within range; anything else refused before any call (property)', async () => {
    await fc.assert(fc.asyncProperty(text, async (length) => {
      const got = await argsOf(['sheet', 'insert-dimension', '--node', ' n ', '--sheet-id', 's', '--dimension', 'ROWS', '--position', ' 3 ', '--length', length]);
      const ok = /^[+-]?[0-9]+$/.test(length) && BigInt(length) >= 1n && BigInt(length) <= 5000n;
      if (ok) expect(got).toEqual([{ nodeId: ' n ', sheetId: 's', dimension: 'ROWS', position: ' 3 ', length: Number(length) }]);
      else expect(typeof got).toBe('string');
    }), { numRuns: 40, examples: [['5000'], ['5001'], ['0'], ['+5']] });
  });
});

describe('sheet info prints the answer through normalizeSheetInfoCoordinatesForAgent (sheet_info.go:10-115@c7521c1c)', () => {
  it('an own nonEmptyRange of four valid fields keeps only those; else built from the zero-based legacy pair; else null', async () => {
    const printed = async (answer: unknown) => {
      outputs.mcp.answers['get_sheet'] = () => answer;
      return (await sent(['sheet', 'info', '--node', 'n'])).printed;
    };
    expect(await printed({ nonEmptyRange: { range: 'A1:B2', lastCell: 'B2', lastRow: 2.0, lastColumn: 'B', x: 1 }, lastNonEmptyRow: 3, a: 1 }))
      .toEqual({ nonEmptyRange: { range: 'A1:B2', lastCell: 'B2', lastRow: 2, lastColumn: 'B' }, a: 1 });
    expect(await printed({ nonEmptyRange: { range: 'A1:B2' }, lastNonEmptyRow: 3, lastNonEmptyColumn: 27 }))
      .toEqual({ nonEmptyRange: { range: 'A1:AB4', lastCell: 'AB4', lastRow: 4, lastColumn: 'AB' } });
    expect(await printed({ nonEmptyRange: 5, lastNonEmptyRow: -1, lastNonEmptyColumn: 2 })).toEqual({ nonEmptyRange: null });
    expect(await printed([1, 2])).toEqual([1, 2]);
  });
  it('nodeId always sent, even empty; --include as pflag reads it (untrimmed; a typed empty one sends none)', async () => {
    expect(await argsOf(['sheet', 'info'])).toEqual([{ nodeId: '' }]);
    expect(await argsOf(['sheet', 'info', '--node', ' n ', '--sheet-id', ' ', '--include', ''])).toEqual([{ nodeId: ' n ', sheetId: ' ' }]);
    expect(await argsOf(['sheet', 'info', '--node', 'n', '--include', ' a,"b,c"', '--include', 'd'])).toEqual([{ nodeId: 'n', include: [' a', 'b,c', 'd'] }]);
  });
});

describe('drive comment create reads its answer as runFileCommentCreate (file_comment.go:330-358, :432-481@c7521c1c)', () => {
  it('unwrapped through data then result to the level holding fileId; the comment projected, customType and creator renamed, nulls kept', async () => {
    outputs.mcp.answers['create_file_comment'] = () => ({ data: { result: { fileId: ' f ', comment: { commentId: 'c', anchor: {}, creatorId: null, commentCustomType: 1, content: null, zzz: 2 } } } });
    const run = await sent(['drive', 'comment', 'create', '--node', ' n ', '--content', ' x ', '--yes']);
    expect(run.calls).toEqual([['doc-comment/create_file_comment', { fileId: 'n', content: ' x ' }]]);
    expect(run.printed).toEqual({ nodeId: 'f', commentId: 'c', content: null, anchor: {}, customType: 1, creator: { userId: null } });
    expect(await argsOf(['drive', 'comment', 'create', '--node', ' 123 ', '--space-id', ' ', '--content', 'x', '--yes'])).toBe('invalid_parameter');
  });
});

describe('untrimmed ids where upstream reads them with GetString (sheet_comment.go:199-214, sheet_dimension.go:680-697@c7521c1c)', () => {
  it('sheet comment update and sheet group-dimension send what was typed; group-state "" is expand, other spellings refused', async () => {
    expect(await argsOf(['sheet', 'comment', 'update', '--node', ' n ', '--comment-key', ' k ', '--content', ' c ']))
      .toEqual([{ commentKey: ' k ', content: ' c ', nodeId: ' n ' }]);
    expect(await argsOf(['sheet', 'group-dimension', '--node', ' n ', '--sheet-id', ' ', '--range', ' 3:7 ', '--group-state', '']))
      .toEqual([{ groupState: 'expand', nodeId: ' n ', range: ' 3:7 ', sheetId: ' ' }]);
    for (const state of [' fold', 'FOLD']) {
      expect(await argsOf(['sheet', 'group-dimension', '--node', 'n', '--sheet-id', 's', '--range', 'r', '--group-state', state])).toBe('invalid_parameter');
    }
  });
});
