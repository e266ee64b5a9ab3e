// What f-mix7 (issue 32, the leftovers of audit-30m-b) changed, run as a user types the commands against the
// recording backend on 127.0.0.1, compared with what upstream's bodies at c7521c1c print and refuse.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transformArgProblem } from '../../src/plan/transforms/index.js';
import { dispatchInProcess } from '../helpers.js';
import { apply } from './fake-plan.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-fmix7-');
const { run } = outputs;

/** The basic info answer upstream's minutesdata.Basic accepts for a task, and what +latest then prints. */
const basicOf = (taskUuid: string) => ({ success: true, result: { taskUuid, title: `会议 ${taskUuid}` } });

describe('minutes +latest reads its list as minutesdata.ParseListPage and LatestTaskUUID do (minutesdata/response.go:30-60, :242-270, :283-329)', () => {
  it('the first row with the greatest comparable time wins; rows without one are passed over; text times count', async () => {
    outputs.answer('minutes/get_minutes_basic_info', basicOf('t3'));
    outputs.answer('minutes/list_by_keyword_and_time_range', { result: { itemList: [
      { taskUuid: 't1', createTime: true, title: 'no time: passed over' },
      { taskUUID: ' t2 ', gmtCreate: ' 5 ' },
      { task_uuid: 't3', createTime: 'soon', startTime: 9 },
      { uuid: 't4', createTimeStart: 9 },
    ] } });
    expect(await run(['minutes', '+latest'])).toEqual({ taskUuid: 't3', title: '会议 t3' });
    outputs.answer('minutes/get_minutes_basic_info', basicOf('t2'));
    outputs.answer('minutes/list_by_keyword_and_time_range', { data: { list: [
      { taskUuid: 't1', createTime: 1_780_000_000_000 },
      { taskUuid: 't2', createTime: '2026-06-01T00:00:00Z' },
    ] } });
    expect(await run(['minutes', '+latest', '--keyword', '周会'])).toEqual({ taskUuid: 't2', title: '会议 t2' });
  });
  it('a list where no row has a comparable time, or a row without a task UUID, is refused before the basic read', async () => {
    outputs.answer('minutes/get_minutes_basic_info', basicOf('t1'));
    outputs.answer('minutes/list_by_keyword_and_time_range', { result: { itemList: [{ taskUuid: 't1', title: 'a' }] } });
    expect(await outputs.failure(['minutes', '+latest'])).toEqual({ reason: 'backend_error', out: '',
      message: expect.stringContaining('no row has a comparable creation or start time') as unknown as string });
    outputs.answer('minutes/list_by_keyword_and_time_range', { result: { itemList: [{ taskUuid: 't1', createTime: 1 }, { title: 'b', createTime: 2 }] } });
    expect(await outputs.failure(['minutes', '+latest'])).toEqual({ reason: 'backend_error', out: '',
      message: expect.stringContaining('item 2 of the minutes list has no task UUID') as unknown as string });
    expect(outputs.mcp.calls.filter((c) => c.name === 'get_minutes_basic_info')).toEqual([]);
  });
  it('an answer without a list, with a backend error code, or with a non-object row is refused; an empty list is no minutes', async () => {
    outputs.answer('minutes/list_by_keyword_and_time_range', { result: { total: 0 } });
    expect(await outputs.refusal(['minutes', '+latest'])).toEqual({ reason: 'backend_error', out: '' });
    // lead-s32: a non-zero errorCode fails on upstream's helper path before the list is read (helpers.go:598-660@c7521c1c)
    outputs.answer('minutes/list_by_keyword_and_time_range', { errorCode: '403', errorMsg: '无权限', result: { itemList: [] } });
    expect(await outputs.refusal(['minutes', '+latest'])).toEqual({ reason: 'business_error', out: '' });
    outputs.answer('minutes/list_by_keyword_and_time_range', { result: { itemList: ['t1'] } });
    expect(await outputs.refusal(['minutes', '+latest'])).toEqual({ reason: 'backend_error', out: '' });
    outputs.answer('minutes/list_by_keyword_and_time_range', { errorCode: 0, result: { itemList: [] } });
    expect(await outputs.refusal(['minutes', '+latest'])).toEqual({ reason: 'invalid_parameter', out: '' });
  });
});

describe('minutes +action-items and +transcript without --id choose as +latest (latestMinutesTaskUUID: action_items.go:77, transcript.go:98)', () => {
  it('the first row with the greatest time is read; a missing list is refused, not no minutes; --id reads no list', async () => {
    outputs.answer('minutes/list_minutes_todos', { success: true, result: { actions: [{ text: '跟进' }] } });
    outputs.answer('minutes/list_by_keyword_and_time_range', { result: { itemList: [{ taskUuid: 't1' }, { taskUuid: 't2', startTime: '3' }, { taskUuid: 't3', startTime: 2 }] } });
    expect(await run(['minutes', '+action-items'])).toEqual({ actions: [{ text: '跟进' }] });
    expect(outputs.mcp.calls.at(-1)?.arguments).toEqual({ taskUuid: 't2' });
    outputs.answer('minutes/list_by_keyword_and_time_range', { data: { total: 0 } });
    expect(await outputs.refusal(['minutes', '+action-items'])).toEqual({ reason: 'backend_error', out: '' });
    expect(await outputs.refusal(['minutes', '+transcript', '--single-page'])).toEqual({ reason: 'backend_error', out: '' });
    outputs.mcp.calls.length = 0;
    expect(await run(['minutes', '+action-items', '--id', 't9'])).toEqual({ actions: [{ text: '跟进' }] });
    expect(outputs.mcp.calls.map((c) => c.name)).toEqual(['list_minutes_todos']);
  });
});

/** A run that must fail: its reason, exit code, the details its error envelope carries, and what it printed. */
async function refusedWith(argv: string[]) {
  const outcome = await dispatchInProcess(argv, outputs.env());
  const envelope = outcome.error ? JSON.parse(outcome.error.envelope()) as { details?: unknown; error: { reason: string } } : undefined;
  return { reason: envelope?.error.reason, exit: outcome.error?.exitCode, details: envelope?.details, out: outcome.out };
}

describe('aitable +resolve-table matches as aitabletarget.ResolveTableName (aitabletarget/resolver.go:238-296, smart/resolve_table.go:89-103)', () => {
  const tables = { result: { tables: [
    { tableId: 'tb1', name: '任务 Tasks' },
    { table_id: ' tb2 ', title: ' 任务 tasks ' },
    { id: 'tb3', tableName: '项目', name: 'ignored' },
    { tableId: 'tb1', name: 'a repeated id counts once' },
  ] } };
  it('the name is compared ignoring case, read from tableName, name or title; the output carries status and matchType', async () => {
    outputs.answer('aitable/get_tables', tables);
    expect(await run(['aitable', '+resolve-table', '--base', ' B1 ', '--name', '项目'])).toEqual({
      base: 'B1', matchType: 'exact', name: '项目', resolved: true, status: 'resolved', tableId: 'tb3',
    });
    expect(outputs.mcp.calls.at(-1)?.arguments).toEqual({ baseId: 'B1' });
    outputs.answer('aitable/get_tables', { data: { list: [{ tableId: 'tb9', name: 'Sales 2026' }, { tableId: 'tb8', name: 'sales' }] } });
    expect(await run(['aitable', '+resolve-table', '--base', 'B1', '--name', 'SALES'])).toEqual({
      base: 'B1', matchType: 'exact', name: 'sales', resolved: true, status: 'resolved', tableId: 'tb8',
    });
    expect(await run(['aitable', '+resolve-table', '--base', 'B1', '--name', '2026', '--fuzzy'])).toEqual({
      base: 'B1', matchType: 'fuzzy', name: 'Sales 2026', resolved: true, status: 'resolved', tableId: 'tb9',
    });
  });
  it('two tables matching are ambiguous_match and none is not_found, the candidates in details (resolutionError)', async () => {
    outputs.answer('aitable/get_tables', tables);
    expect(await refusedWith(['aitable', '+resolve-table', '--base', 'B1', '--name', '任务 TASKS'])).toEqual({
      reason: 'ambiguous_match', exit: 3, out: '',
      details: { status: 'ambiguous', entityType: 'table', query: '任务 TASKS', candidates: [{ id: 'tb1', name: '任务 Tasks' }, { id: 'tb2', name: '任务 tasks' }] },
    });
    expect(await refusedWith(['aitable', '+resolve-table', '--base', 'B1', '--name', '任务'])).toEqual({
      reason: 'not_found', exit: 3, out: '',
      details: { status: 'not_found', entityType: 'table', query: '任务', candidates: [
        { id: 'tb1', name: '任务 Tasks' }, { id: 'tb2', name: '任务 tasks' }, { id: 'tb3', name: '项目' },
      ] },
    });
    expect((await refusedWith(['aitable', '+resolve-table', '--base', 'B1', '--name', '任务', '--fuzzy'])).reason).toBe('ambiguous_match');
  });
  it('an answer without a list, a table that is not an object or has no id or name, and an unusable --base are refused', async () => {
    outputs.answer('aitable/get_tables', { result: { total: 0 } });
    expect(await outputs.refusal(['aitable', '+resolve-table', '--base', 'B1', '--name', 'x'])).toEqual({ reason: 'backend_error', out: '' });
    outputs.answer('aitable/get_tables', { tables: [{ tableId: 'tb1', name: 'x' }, 'tb2'] });
    expect(await outputs.refusal(['aitable', '+resolve-table', '--base', 'B1', '--name', 'x'])).toEqual({ reason: 'backend_error', out: '' });
    outputs.answer('aitable/get_tables', { tables: [{ tableId: 'tb1', name: 'x' }, { tableId: 7, name: 'y' }] });
    expect(await outputs.refusal(['aitable', '+resolve-table', '--base', 'B1', '--name', 'x'])).toEqual({ reason: 'backend_error', out: '' });
    outputs.mcp.calls.length = 0;
    expect(await outputs.refusal(['aitable', '+resolve-table', '--base', 'a/b', '--name', 'x'])).toEqual({ reason: 'invalid_parameter', out: '' });
    expect(outputs.mcp.calls).toEqual([]);
  });
});

describe('object_list finds a list as upstream findObjectList (aitabletarget/resolver.go:298-338)', () => {
  const keys = ['tables', 'items', 'list', 'result', 'records'];
  it('keys in order, an object under a key searched first, then data, result, response; a wrong kind where nothing was found stops the search', () => {
    expect(apply([{ object_list: keys }], { items: { records: [1] }, tables: 'x', list: [2] })).toEqual([1]);
    expect(apply([{ object_list: keys }], { response: { list: [3] }, data: { other: [] } })).toEqual([3]);
    expect(apply([{ object_list: keys }], { result: { items: null }, data: { tables: [4] } })).toBeUndefined();
    expect(apply([{ object_list: keys }], { tables: null, data: { tables: [5] } })).toEqual([5]);
    expect(apply([{ object_list: keys }], ['not an object'])).toBeUndefined();
    expect(transformArgProblem({ object_list: [] })).toContain('object_list needs');
  });
  it('an answer wrapped in a data envelope finds what the answer finds', () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    const answer = fc.dictionary(fc.constantFrom(...keys, 'data', 'response', 'other'), json, { maxKeys: 5 });
    fc.assert(fc.property(answer, (a) => {
      expect(apply([{ object_list: keys }], { data: a })).toEqual(apply([{ object_list: keys }], a));
    }));
  });
});
