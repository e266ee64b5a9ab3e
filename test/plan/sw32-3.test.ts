// Session 32 sweep, share 3 (notes/sw32-3.md): the commands that differed from upstream at c7521c1c, run as a user
// types them against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply } from './fake-plan.js';
import { useOutputRuns } from './output-runs.js';

const { sent, answer } = useOutputRuns('dws-sw32-3-');

// aitable base get-primary-doc-id (RunE aitable.go:1132-1141@c7521c1c): validateRequiredFlags(base-id, table-id,
// record-id) refuses an empty --base-id before mustFlagOrFallback(base-id, base) could read the hidden --base
// (registered by registerHiddenAlias :7755-7760), so --base is accepted and never read.
describe('aitable base get-primary-doc-id accepts the hidden --base and ignores it', () => {
  const ARGS = ['--table-id', 't1', '--record-id', 'r1'];

  it('sends --base-id when --base is typed as well', async () => {
    const run = await sent(['aitable', 'base', 'get-primary-doc-id', '--base-id', 'b1', '--base', 'b2', ...ARGS]);
    expect([run.reason, run.calls]).toEqual([undefined, [['aitable/get_base_primary_doc_id', { baseId: 'b1', tableId: 't1', recordId: 'r1' }]]]);
  });

  it('refuses --base alone or after an empty --base-id as a missing --base-id, nothing sent', async () => {
    for (const flags of [['--base', 'b2'], ['--base-id', '', '--base', 'b2']]) {
      const run = await sent(['aitable', 'base', 'get-primary-doc-id', ...flags, ...ARGS]);
      expect([run.reason, run.calls]).toEqual(['missing_parameter', []]);
    }
  });
});

// todo task add-executor and the five other parseExecutorIds callers (todo.go:99, :193, :633, :691, :748, :806;
// parseExecutorIds :1871-1884@c7521c1c): the required check is `v == ""`, so a value of only Go spaces passes it, and
// parseExecutorIds returns Go's nil slice for a value that trims to "" (sent as null) but an empty non-nil slice for
// commas alone (sent as []).
describe('a --executors / --participants of only Go spaces is sent as null, as parseExecutorIds returns nil', () => {
  const cases: [string[], string, string, string][] = [
    [['todo', 'task', 'add-executor', '--task-id', 't1'], 'executors', 'todo/add_task_executors', 'todoExecutorsAddRequest'],
    [['todo', 'task', 'remove-executor', '--task-id', 't1'], 'executors', 'todo/remove_task_executors', 'todoExecutorsRemoveRequest'],
    [['todo', 'task', 'add-participant', '--task-id', 't1'], 'participants', 'todo/add_task_participants', 'todoParticipantsAddRequest'],
    [['todo', 'task', 'remove-participant', '--task-id', 't1'], 'participants', 'todo/remove_task_participants', 'todoParticipantsRemoveRequest'],
  ];

  it('sends null for Go spaces (U+0085, U+3000 included), [] for commas alone, the ids otherwise', async () => {
    for (const [argv, flag, rpc, request] of cases) {
      const ids = flag === 'executors' ? 'executorIds' : 'participantIds';
      const got = [];
      for (const value of [' ', '\u0085\u3000', ',', ' a ,,b', '\ufeff']) {
        const run = await sent([...argv, `--${flag}`, value]);
        expect(run.calls.map((c) => c[0])).toEqual([rpc]);
        got.push((run.calls[0][1] as Record<string, Record<string, unknown>>)[request][ids]);
      }
      expect(got).toEqual([null, null, [], ['a', 'b'], ['\ufeff']]);
    }
  });

  it('task create and create-sub send executorIds null for a blank --executors', async () => {
    const create = await sent(['todo', 'task', 'create', '--title', 'x', '--executors', ' ']);
    expect(create.calls).toEqual([['todo/create_personal_todo', { PersonalTodoCreateVO: { subject: 'x', executorIds: null } }]]);
    const sub = await sent(['todo', 'task', 'create-sub', '--title', 'x', '--executors', '\t', '--parent-id', '12']);
    expect(sub.calls).toEqual([['todo/create_personal_sub_todo', { PersonalTodoCreateVO: { subject: 'x', executorIds: null, parentId: '12' } }]]);
  });
});

// aitable +base-schema-snapshot (executeBaseSchemaSnapshot shortcut/aitable/base_composite.go:116-168, findNamedObjectList
// :281-317, stringValue :319-326, deepContainsString :361-379, compositeResult composite_output.go:14-53@c7521c1c).
describe('aitable +base-schema-snapshot reads and prints as executeBaseSchemaSnapshot', () => {
  const SNAP = ['aitable', '+base-schema-snapshot', '--base-id', ' b1 '];

  it('reads each table, its fields and its views before the next table and prints the composite summary', async () => {
    answer('aitable/get_base', { result: { baseId: 'b1', info: { Sheets: [{ tableId: 7, sheetId: 't1', name: 'A' }, { id: 't2' }] } } });
    answer('aitable/get_tables', { data: { tables: [{ tableId: 't1' }, { tableId: 't2' }] } });
    answer('aitable/get_fields', { data: { fieldList: [{ fieldId: 'f1' }] } });
    answer('aitable/get_views', { result: { x: { VIEWS: [{ viewId: 'v1' }] } } });
    const run = await sent(SNAP);
    const per = (id: string) => [
      ['aitable/get_tables', { baseId: 'b1', tableIds: [id] }], ['aitable/get_fields', { baseId: 'b1', tableId: id }], ['aitable/get_views', { baseId: 'b1', tableId: id }],
    ];
    expect(run.calls).toEqual([['aitable/get_base', { baseId: 'b1' }], ...per('t1'), ...per('t2')]);
    const detail = { data: { tables: [{ tableId: 't1' }, { tableId: 't2' }] } };
    expect(run.printed).toEqual({
      contractVersion: 'aitable.composite.v1', operation: 'base_schema_snapshot', status: 'success', executed: true, retryable: false,
      requestedCount: 2, completedCount: 2, resolved: { baseId: 'b1' }, verification: { status: 'verified', tableCount: 2 },
      result: {
        base: { result: { baseId: 'b1', info: { Sheets: [{ tableId: 7, sheetId: 't1', name: 'A' }, { id: 't2' }] } } },
        tables: [
          { tableId: 't1', summary: { tableId: 7, sheetId: 't1', name: 'A' }, detail, fields: [{ fieldId: 'f1' }], views: [{ viewId: 'v1' }] },
          { tableId: 't2', summary: { id: 't2' }, detail, fields: [{ fieldId: 'f1' }], views: [{ viewId: 'v1' }] },
        ],
      },
    });
  });

  it('prints no counts and an empty list for a base without tables', async () => {
    answer('aitable/get_base', { data: { baseId: 'b1', tables: [] } });
    const run = await sent(SNAP);
    expect([run.calls.length, run.printed]).toEqual([1, {
      contractVersion: 'aitable.composite.v1', operation: 'base_schema_snapshot', status: 'success', executed: true, retryable: false,
      resolved: { baseId: 'b1' }, verification: { status: 'verified', tableCount: 0 }, result: { base: { data: { baseId: 'b1', tables: [] } }, tables: [] },
    }]);
  });

  it('fails, printing nothing, on the answers upstream refuses', async () => {
    const outcome = async (base: unknown, tables: unknown = { tableId: 't1' }, fields: unknown = { fields: [] }) => {
      answer('aitable/get_base', base);
      answer('aitable/get_tables', tables);
      answer('aitable/get_fields', fields);
      answer('aitable/get_views', { views: [] });
      const run = await sent(SNAP);
      return [run.reason, run.calls.map((c) => c[0]).join(','), run.printed];
    };
    const got = [
      await outcome({ data: { tables: [{ tableId: 't1' }] } }), // the id is no text value anywhere (a key is not)
      await outcome({ b1: 'x', tables: [] }),
      await outcome({ baseId: 'b1', tables: { list: [] } }), // tables not a list
      await outcome({ baseId: 'b1', tables: [{ tableId: 't1' }, 'x'] }), // not only objects
      await outcome({ baseId: 'b1', tables: [{ tableId: '', id: 't1' }] }), // stringValue takes the text "" first
      await outcome({ baseId: 'b1', tables: [{ tableId: 't1' }] }, { tableIds: ['t9'] }),
      await outcome({ baseId: 'b1', tables: [{ tableId: 't1' }] }, { tableId: 't1' }, { data: { fields: null } }),
    ];
    const base = 'aitable/get_base';
    expect(got).toEqual([
      ['backend_error', base, undefined], ['backend_error', base, undefined], ['backend_error', base, undefined],
      ['backend_error', base, undefined], ['backend_error', base, undefined],
      ['backend_error', `${base},aitable/get_tables`, undefined],
      ['backend_error', `${base},aitable/get_tables,aitable/get_fields`, undefined],
    ]);
  });
});

describe('named_object_list walks as findNamedObjectList; all_texts lists the text values', () => {
  const find = (v: unknown) => apply([{ named_object_list: ['tables', 'tableList'] }], v);

  it('matches keys ignoring case, ends an object at its first named key, enters objects but not lists', () => {
    expect(find({ TableLIST: [{ a: 1 }] })).toEqual([{ a: 1 }]);
    expect(find({ 'tableL\u0130st': [{ a: 2 }] })).toEqual([{ a: 2 }]); // Go lowers U+0130 to a plain i
    expect(find({ x: { tables: 'no' }, y: { z: { tables: [{ a: 3 }] } } })).toEqual([{ a: 3 }]);
    expect(find({ tables: 'no', y: { tables: [{ a: 4 }] } })).toBeUndefined();
    expect(find({ tables: [{ a: 5 }, 1] })).toBeUndefined();
    expect(find({ list: [{ tables: [{ a: 6 }] }] })).toBeUndefined();
    expect(find({ tables: [] })).toEqual([]);
  });

  it('finds a list of objects nested under other keys at any depth (property)', () => {
    const key = fc.string({ minLength: 1, maxLength: 4 }).filter((k) => !['tables', 'tablelist'].includes(k.toLowerCase()));
    fc.assert(fc.property(fc.array(key, { maxLength: 4 }), fc.array(fc.dictionary(key, fc.integer()), { maxLength: 3 }), (path, list) => {
      const nested = path.reduceRight<unknown>((inner, k) => ({ [k]: inner }), { tables: list });
      expect(find(nested)).toEqual(list);
      expect(apply(['all_texts'], nested)).toEqual([]);
    }), { numRuns: 50 });
  });

  it('all_texts gives every text value, depth first, keys left out', () => {
    expect(apply(['all_texts'], { a: 'x', b: [1, 'y', { c: ['z'] }], d: null, e: true })).toEqual(['x', 'y', 'z']);
  });
});

// todo +todo-done (shortcutTodoMatch smart/todo_done.go:124-142, shortcutTodoTaskID :184-192@c7521c1c): a card whose
// taskId is neither a text nor a number, or is "", is skipped, so it is never a candidate.
describe('todo +todo-done skips the cards without a usable taskId, as shortcutTodoMatch', () => {
  it('marks the one card with an id done where cards without one also match', async () => {
    answer('todo/get_user_todos_in_current_org', { result: { todoCards: [
      { taskId: '', subject: 'weekly' }, { taskId: true, subject: 'Weekly 2' }, { subject: 'weekly 3' }, { taskId: '7', subject: 'WEEKLY 4' },
    ] } });
    const run = await sent(['todo', '+todo-done', '--task', 'weekly', '--yes']);
    expect([run.reason, run.calls.at(-1)]).toEqual([undefined, ['todo/update_todo_done_status', { taskId: '7', isDone: 'true' }]]);
  });

  it('finds nothing when only cards without an id match', async () => {
    answer('todo/get_user_todos_in_current_org', { result: { todoCards: [{ taskId: null, subject: 'weekly' }, { taskId: '8', subject: 'other' }] } });
    const run = await sent(['todo', '+todo-done', '--task', 'weekly', '--yes']);
    expect([run.reason, run.calls.map((c) => c[0])]).toEqual(['not_found', ['todo/get_user_todos_in_current_org']]);
  });
});
