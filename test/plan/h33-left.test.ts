// Session 33, h33-left (notes/h33-left.md): differences earlier reviews left open, run as a user types the commands
// against the recording backend on 127.0.0.1 (waits recorded, never slept).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { paged } = useOutputRuns('dws-h33-left-');

// todo +overdue, +created-todos, +todo-done (shortcutListAllTodoCards todo_shared.go:39-60; shortcutTodoCards and
// shortcutTodoToMaps todo_done.go:148-180@c7521c1c): only the object cards are kept before len(cards) < 20 ends the
// read, so a page of 20 elements holding one text is short and no second page is asked for.
describe('the todo shortcuts stop after a page with fewer than 20 object cards', () => {
  const TODOS = 'todo/get_user_todos_in_current_org';
  const cards = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ taskId: String(from + i + 1), subject: `task ${from + i + 1}`, dueTime: 1000 }));

  it('reads one page when 19 of its 20 elements are objects (+overdue, +created-todos)', async () => {
    for (const argv of [['todo', '+overdue'], ['todo', '+created-todos']]) {
      const run = await paged(argv, TODOS, [{ result: { todoCards: [...cards(19), 'not a card'] } }, { result: { todoCards: cards(1, 19) } }]);
      expect(run.exit).toBe(0);
      expect(run.sent.map((a) => a.pageNum)).toEqual(['1']);
    }
  });

  it('reads on after 20 object cards, a text element besides them not counted against the page', async () => {
    const run = await paged(['todo', '+overdue'], TODOS, [{ data: { todoCards: [...cards(20), 7] } }, { data: { todoCards: cards(3, 20) } }]);
    expect(run.sent).toEqual([{ pageNum: '1', pageSize: '20', roleTypes: ['executor'] }, { pageNum: '2', pageSize: '20', roleTypes: ['executor'] }]);
    expect((run.printed as { overdue: unknown[] }).overdue).toHaveLength(23);
  });

  it('+todo-done counts a card without a usable taskId against the page, though it is no candidate', async () => {
    // page 1: 19 objects (one with taskId "") and a null: short upstream, so "task 25" on page 2 is never seen
    const first = [...cards(18), { taskId: '', subject: 'blank' }, null];
    const run = await paged(['todo', '+todo-done', '--task', 'task 25', '--yes'], TODOS, [{ result: { todoCards: first } }, { result: { todoCards: cards(20, 20) } }]);
    expect([run.envelope?.error.reason, run.sent.map((a) => a.pageNum)]).toEqual(['not_found', ['1']]);
    // 20 objects, one of them with taskId "": a full page, so page 2 is read and the card found there is done
    const full = [...cards(19), { taskId: '', subject: 'blank' }];
    const run2 = await paged(['todo', '+todo-done', '--task', 'task 25', '--yes'], TODOS, [{ result: { todoCards: full } }, { result: { todoCards: cards(10, 20) } }]);
    expect(run2.exit).toBe(0);
    expect(run2.sent).toEqual([
      { pageNum: '1', pageSize: '20', roleTypes: ['executor'] }, { pageNum: '2', pageSize: '20', roleTypes: ['executor'] }, { taskId: '25', isDone: 'true' },
    ]);
  });
});
