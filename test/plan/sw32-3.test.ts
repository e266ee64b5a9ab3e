// Session 32 sweep, share 3 (notes/sw32-3.md): the commands that differed from upstream at c7521c1c, run as a user
// types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { sent } = useOutputRuns('dws-sw32-3-');

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
