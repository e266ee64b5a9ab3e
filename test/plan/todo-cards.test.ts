// The todo card readings (src/domain/todo-cards.ts) as upstream's smart todo shortcuts read a card: its due time,
// whether it is finished, its task id as text (overdue.go, todo_done.go @c7521c1c).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { todoDone, todoDueMs, todoTaskId } from '../../src/domain/todo-cards.js';

describe('todoDueMs', () => {
  it('takes the first key holding a positive number (truncated) or digit text, in the order dueTime, planFinishDate, gmtDue', () => {
    expect(todoDueMs({ dueTime: 1773072000000.9 })).toBe(1773072000000);
    expect(todoDueMs({ dueTime: 0, planFinishDate: ' 1773072000000 ', gmtDue: 5 })).toBe(1773072000000);
    expect(todoDueMs({ dueTime: '-5', planFinishDate: '12a', gmtDue: '7' })).toBe(7);
    expect(todoDueMs({ dueTime: '', planFinishDate: null, gmtDue: true })).toBeUndefined();
    expect(todoDueMs({ dueTime: -3, planFinishDate: '0', gmtDue: '-' })).toBeUndefined();
    expect(todoDueMs('1773072000000')).toBeUndefined();
  });
  it('reads any positive whole number written as digits as that number', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
      expect(todoDueMs({ gmtDue: ` ${n}` })).toBe(n);
      expect(todoDueMs({ dueTime: n })).toBe(n);
    }));
  });
  it('wraps a digit text beyond int64 as Go does (2^63 is negative, so not a due time)', () => {
    expect(todoDueMs({ dueTime: '9223372036854775808' })).toBeUndefined();
  });
});

describe('todoDone', () => {
  it.each([
    [{ isDone: true }, true], [{ isDone: ' TRUE ' }, true], [{ isDone: false, done: true }, true],
    [{ finalStatusStage: ' done ' }, true], [{ statusStage: 'Finished' }, true], [{ status: 'COMPLETE' }, true],
    [{ isDone: 'yes', done: 'true', status: 'DOING' }, false], [{ finalStatusStage: 1 }, false], [[], false],
    [{ status: '\ufb01nished' }, false], [{ status: '\ufeffdone' }, false], [{ status: 'done\u00a0' }, true],
  ])('%j -> %s', (card, done) => {
    expect(todoDone(card)).toBe(done);
  });
});

describe('todoTaskId', () => {
  it.each([
    [{ taskId: 'T1' }, 'T1'], [{ taskId: 42 }, '42'], [{ taskId: 2.5 }, '2'], [{ taskId: 3.5 }, '4'], [{ taskId: -0.2 }, '-0'],
    [{ taskId: 1e21 }, '1000000000000000000000'], [{ taskId: null }, ''], [{}, ''], ['T1', ''],
  ])('%j -> %s', (card, id) => {
    expect(todoTaskId(card)).toBe(id);
  });
});
