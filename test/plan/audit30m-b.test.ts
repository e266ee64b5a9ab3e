// What the commands audit-30m-b fixed print (issue 32, a-m2), as upstream's bodies at c7521c1c print them, run as a
// user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-am2-');
const { run } = outputs;

describe('attendance +search-class reads the list as attendanceResolveList and attendanceFirst (attendance/attendance.go:603-666)', () => {
  it('result comes before list among the containers, and a spelling present with null is printed null', async () => {
    const { answer } = outputs;
    answer('attendance-wukong/get_class_list', {
      list: [{ id: 'from-list' }],
      result: { items: [{ shiftVO: { id: 7, name: null, owner: '王' } }, { className: '夜班', id: null }, 'x', { other: 1 }] },
    });
    expect(await run(['attendance', '+search-class'])).toEqual({
      count: 2,
      classes: [{ classId: 7, name: null, ownerName: '王' }, { classId: null, name: '夜班' }],
    });
  });
});
