// What the attendance search shortcuts print, as upstream's projections print it (issue 32, p-attend): run as a user
// types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pattend-');
const { sent } = outputs;

describe('attendance search shortcuts keep a spelling present with null, as attendanceFirst takes it (attendance.go:659-667)', () => {
  it('+search-group prints {count, groups} with a null name kept and elements giving no field dropped (searchGroupProject :1110-1135)', async () => {
    outputs.answer('attendance-wukong/get_simple_groups', { result: { groupList: [{ id: 1, name: null, groupType: 'FIXED' }, { x: 1 }, 3] } });
    expect(await sent(['attendance', '+search-group', '--query', ' 研发 ', '--type', 'FIXED', '--page', '0', '--limit', '-1'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['attendance-wukong/get_simple_groups', { param: { queryStr: '研发', type: 'FIXED' }, pageQuery: { pageIndex: 1, pageSize: 20 } }]],
      printed: { count: 1, groups: [{ groupId: 1, name: null, type: 'FIXED' }] },
    });
  });

  it('+search-overtime-rule reads inside entityVO and keeps a null name (searchRuleProject :879-905)', async () => {
    outputs.answer('attendance-wukong/get_overtime_rule', { result: { atRuleList: [{ entityVO: { id: 7, name: null } }, { ruleName: '节假日' }] } });
    expect(await sent(['attendance', '+search-overtime-rule', '--query', ' 节假日 '])).toEqual({
      reason: undefined, category: undefined,
      calls: [['attendance-wukong/get_overtime_rule', { ATRuleQueryParam: { name: '节假日', currentPage: 1, pageSize: 20 } }]],
      printed: { count: 2, rules: [{ ruleId: 7, name: null }, { name: '节假日' }] },
    });
  });

  it('+search-adjustment-rule keeps a row whose only spelling holds null (len(row) > 0)', async () => {
    outputs.answer('attendance-wukong/get_adjustment_rule', { data: [{ adjustmentId: null }] });
    expect(await sent(['attendance', '+search-adjustment-rule', '--limit', '0x10'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['attendance-wukong/get_adjustment_rule', { ATRuleQueryParam: { currentPage: 1, pageSize: 16 } }]],
      printed: { count: 1, rules: [{ ruleId: null }] },
    });
  });
});
