// What f-mix7 (issue 32, the leftovers of audit-30m-b) changed, run as a user types the commands against the
// recording backend on 127.0.0.1, compared with what upstream's bodies at c7521c1c print and refuse.
import { describe, expect, it } from 'vitest';
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
    outputs.answer('minutes/list_by_keyword_and_time_range', { errorCode: '403', errorMsg: '无权限', result: { itemList: [] } });
    expect(await outputs.refusal(['minutes', '+latest'])).toEqual({ reason: 'backend_error', out: '' });
    outputs.answer('minutes/list_by_keyword_and_time_range', { result: { itemList: ['t1'] } });
    expect(await outputs.refusal(['minutes', '+latest'])).toEqual({ reason: 'backend_error', out: '' });
    outputs.answer('minutes/list_by_keyword_and_time_range', { errorCode: 0, result: { itemList: [] } });
    expect(await outputs.refusal(['minutes', '+latest'])).toEqual({ reason: 'invalid_parameter', out: '' });
  });
});
