// What the shortcuts f-proj left print (issue 32, f-proj2), as upstream's bodies at c7521c1c print them: chat
// +chat-bots {bots, count}, calendar +my-free {busy, free, userId} and +suggest-time {suggestions}, todo +overdue
// {overdue} and +created-todos {created}, contact +resolve-dept. Each is run as a user types it against the recording backend on
// 127.0.0.1 and the whole printed result compared; the calls are pinned by test/fixtures/calls/*.yaml.
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, env, run, refusal, answer } = useOutputRuns('dws-fproj2-');
/** A run at a fixed clock reading; its printed text, parsed. */
const runAt = async (now: string, argv: string[]) => {
  const outcome = await dispatchInProcess(argv, env(), undefined, { now: () => new Date(now) });
  expect(outcome.error?.envelope()).toBeUndefined();
  return (JSON.parse(outcome.out) as { result: unknown }).result;
};

describe('chat +chat-bots (chat_group.go:1341, chatBotsProject :1374)', () => {
  it('prints {bots, count}: openBotId and name from their spellings, a key present with null taken as null, rows with neither left out', async () => {
    answer('bot/list_group_bots', { result: { bots: [
      { robotCode: 'rc1', botName: '助手', description: 'd' },
      { openBotId: null, open_bot_id: 'later', name: '空 id' },
      { description: 'no known field' },
      'not an object',
      { id: 'b3', name: null, nick: 'later' },
    ] } });
    const result = await run(['chat', '+chat-bots', '--group', 'cidAAAAAAAAAAAA']);
    expect(result).toEqual({ bots: [{ openBotId: 'rc1', name: '助手' }, { openBotId: null, name: '空 id' }, { openBotId: 'b3', name: null }], count: 3 });
    expect(Object.keys(result as object)).toEqual(['bots', 'count']);
  });

  it('probes result, data, ... in order, one level inside each (list, items, ..., roles, result, data), and prints none found as empty', async () => {
    answer('bot/list_group_bots', { data: { items: 'not a list', roles: [{ id: 'r1' }] }, bots: [{ id: 'top level comes later' }] });
    expect(await run(['chat', '+chat-bots', '--group', 'cidAAAAAAAAAAAA'])).toEqual({ bots: [{ openBotId: 'r1' }], count: 1 });
    answer('bot/list_group_bots', { result: { total: 0 }, success: true });
    expect(await run(['chat', '+chat-bots', '--group', 'cidAAAAAAAAAAAA'])).toEqual({ bots: [], count: 0 });
  });
});

describe('calendar +my-free (my_free.go:131, freebusySlots freebusy.go:117)', () => {
  it('prints {busy, free, userId}: each schedule item of each entry as {start, end}, read from dateTime, else date, else the value', async () => {
    answer('contact/get_current_user_profile', { result: { userId: 'me1' } });
    answer('calendar/query_busy_status', { result: [
      { userId: 'me1', scheduleItems: [
        { start: { dateTime: '2026-03-10T10:00:00+08:00', timeZone: 'Asia/Shanghai' }, end: { dateTime: null, date: '2026-03-10' }, status: 'BUSY' },
        { start: '2026-03-10T12:00:00+08:00', end: { timeZone: 'Asia/Shanghai' } },
        'not an object',
      ] },
      'not an entry',
      { scheduleItems: { not: 'a list' } },
      { scheduleItems: [{}] },
    ] });
    expect(await run(['calendar', '+my-free'])).toEqual({
      busy: [
        { start: '2026-03-10T10:00:00+08:00', end: '2026-03-10' },
        { start: '2026-03-10T12:00:00+08:00', end: { timeZone: 'Asia/Shanghai' } },
        { start: null, end: null },
      ],
      free: false,
      userId: 'me1',
    });
  });

  it('is free when no entry holds a schedule item', async () => {
    answer('contact/get_current_user_profile', { result: [{ orgEmployeeModel: { userId: 'me2' } }] });
    answer('calendar/query_busy_status', { result: [{ userId: 'me2', scheduleItems: [] }] });
    expect(await run(['calendar', '+my-free'])).toEqual({ busy: [], free: true, userId: 'me2' });
    answer('calendar/query_busy_status', { success: true });
    expect(await run(['calendar', '+my-free'])).toEqual({ busy: [], free: true, userId: 'me2' });
  });
});

describe('calendar +suggest-time (suggestTimeSlots, suggest_time.go:138)', () => {
  const argv = ['calendar', '+suggest-time', '--with', '张三', '--start', '2026-03-12T14:00:00+08:00', '--end', '2026-03-12T18:00:00+08:00'];

  it('prints {suggestions}: each slot of result.recommendEventTimes as {start, end} (null when missing), conflicts only when a non-null one is listed', async () => {
    answer('contact/search_contact_by_key_word', { result: [{ name: '张三', userId: 'u1' }] });
    answer('calendar/list_suggested_event_times', { result: { recommendEventTimes: [
      { startTime: '2026-03-12T14:00:00+08:00', endTime: '2026-03-12T15:00:00+08:00', timeConflictAttendees: [null, null] },
      { startTime: '2026-03-12T16:00:00+08:00', timeConflictAttendees: ['u2', null, 'u3'] },
      'not an object',
      {},
    ] }, recommendEventTimes: [{ startTime: 'not read: result is an object' }] });
    expect(await run(argv)).toEqual({ suggestions: [
      { start: '2026-03-12T14:00:00+08:00', end: '2026-03-12T15:00:00+08:00' },
      { start: '2026-03-12T16:00:00+08:00', end: null, conflicts: ['u2', 'u3'] },
      { start: null, end: null },
    ] });
  });

  it('reads the answer itself when result is no object, and nothing else when result is an object without the list', async () => {
    answer('contact/search_contact_by_key_word', { result: [{ name: '张三', userId: 'u1' }] });
    answer('calendar/list_suggested_event_times', { result: 'text', recommendEventTimes: [{ startTime: 'a', endTime: 'b', timeConflictAttendees: 'u9' }] });
    expect(await run(argv)).toEqual({ suggestions: [{ start: 'a', end: 'b' }] });
    answer('calendar/list_suggested_event_times', { result: { total: 0 }, recommendEventTimes: [{ startTime: 'a' }] });
    expect(await run(argv)).toEqual({ suggestions: [] });
  });
});

describe('todo +overdue and +created-todos (overdue.go:114, created_todos.go:113)', () => {
  const NOW = '2026-03-10T12:00:00+08:00'; // 1773115200000
  const cards = [
    { subject: '过期', taskId: 't1', dueTime: 1773072000000 },
    { subject: '已完成', taskId: 't2', dueTime: 1773072000000, isDone: true },
    { subject: '未到期', taskId: 't3', dueTime: 1773200000000 },
    { subject: 7, taskId: 42, dueTime: '-1', planFinishDate: ' 1773000000000 ', finalStatusStage: 'doing' },
    { subject: '无截止', taskId: 't5', dueTime: 0 },
    { taskId: 't6', gmtDue: '1773100000000', status: ' Done ' },
    'not a card',
  ];

  it('+overdue prints {overdue}: the cards due before now and not finished, as {dueTime, subject, taskId}', async () => {
    answer('todo/get_user_todos_in_current_org', { result: { todoCards: cards } });
    expect(await runAt(NOW, ['todo', '+overdue'])).toEqual({ overdue: [
      { dueTime: 1773072000000, subject: '过期', taskId: 't1' },
      { dueTime: 1773000000000, subject: '', taskId: '42' },
    ] });
    answer('todo/get_user_todos_in_current_org', { result: { todoCards: [] } });
    expect(await runAt(NOW, ['todo', '+overdue'])).toEqual({ overdue: [] });
  });

  it('+created-todos prints {created}: every card of every page, its due time only when it has one', async () => {
    const full = Array.from({ length: 20 }, (_, i) => ({ subject: `s${i}`, taskId: `p${i}` }));
    mcp.answers['todo/get_user_todos_in_current_org'] = (_args, n) => (n === 0 ? { data: { todoCards: full } } : { data: { todoCards: cards } });
    const result = await runAt(NOW, ['todo', '+created-todos']) as { created: unknown[] };
    expect(result.created.slice(0, 2)).toEqual([{ subject: 's0', taskId: 'p0' }, { subject: 's1', taskId: 'p1' }]);
    expect(result).toEqual({ created: [
      ...full,
      { dueTime: 1773072000000, subject: '过期', taskId: 't1' },
      { dueTime: 1773072000000, subject: '已完成', taskId: 't2' },
      { dueTime: 1773200000000, subject: '未到期', taskId: 't3' },
      { dueTime: 1773000000000, subject: '', taskId: '42' },
      { subject: '无截止', taskId: 't5' },
      { dueTime: 1773100000000, subject: '', taskId: 't6' },
    ] });
  });
});

describe('contact +resolve-dept (resolve_dept.go:86)', () => {
  it('prints the one department found as {deptId, name, resolved: true}, the id as text and the highlight tags stripped', async () => {
    answer('contact/search_dept_by_keyword', { success: true, deptList: [{ deptId: 42, name: '<red>技术</red>部', parentId: 1 }] });
    expect(await run(['contact', '+resolve-dept', '--name', '技术'])).toEqual({ deptId: '42', name: '技术部', resolved: true });
  });

  it('prints several as {candidates, count, resolved: false}, searching a nested object at any depth', async () => {
    answer('contact/search_dept_by_keyword', { result: { data: { list: [] }, items: { depts: [
      { dept_id: '', departmentId: '7', deptName: '<b>研发</b>一部', name: '' }, { id: 8.9, title: '研发二部' }, 'not an object', {},
    ] } } });
    expect(await run(['contact', '+resolve-dept', '--name', '研发'])).toEqual({ candidates: [
      { deptId: '7', name: '研发一部' }, { deptId: '8', name: '研发二部' }, { deptId: '', name: '' },
    ], count: 3, resolved: false });
  });

  it('refuses an answer without a department, as upstream\'s validation error (exit 3), printing nothing', async () => {
    answer('contact/search_dept_by_keyword', { deptList: ['not an object'], result: [{ deptId: 1 }] });
    expect(await refusal(['contact', '+resolve-dept', '--name', '不存在'])).toEqual({ reason: 'invalid_parameter', out: '' });
    answer('contact/search_dept_by_keyword', { success: true });
    expect(await refusal(['contact', '+resolve-dept', '--name', '不存在'])).toEqual({ reason: 'invalid_parameter', out: '' });
  });
});
