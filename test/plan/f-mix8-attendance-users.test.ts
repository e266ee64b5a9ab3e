// Branch f-mix8 (issue 32): the attendance leaves whose upstream body collects --users into a Go slice declared nil and
// appended to (helpers/attendance.go:646 check result, :736 check record, :864 approve list, :3077 report query-data,
// :3161 report query-leave, :3295 vacation balance @c7521c1c) send JSON null when no id is left after splitting on
// commas and trimming, and the ids otherwise; the two built with parseUserList's make (:106, shift list and schedule
// get) send []. Run as typed against the fake MCP server on 127.0.0.1; the fixed cases are in
// test/fixtures/calls/attendance.yaml (`f-mix8:` cases).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { paged: run } = useOutputRuns('dws-mix8-att-');

/** A --users text: ids (letters and digits) and blanks between commas, at least one comma so the flag is never blank. */
const usersText = fc.array(fc.oneof(fc.stringMatching(/^[a-z0-9]{1,5}$/u), fc.constantFrom('', ' ', '  ')), { minLength: 2, maxLength: 6 }).map((parts) => parts.join(','));
/** What upstream's loop leaves: the trimmed non-empty parts, or nil (null on the wire) when none. */
const upstreamIds = (text: string) => {
  const ids = text.split(',').map((p) => p.trim()).filter((p) => p !== '');
  return ids.length > 0 ? ids : null;
};

const DAYS = ['--start', '2026-04-01', '--end', '2026-04-30'];
const TIMES = ['--start', '2026-03-01 00:00:00', '--end', '2026-03-31 23:59:59'];
const leaves: [string, string[], string, (ids: unknown) => unknown][] = [
  ['check result', ['attendance', 'check', 'result', ...DAYS], 'attendance-wukong/query_check_result',
    (ids) => ({ QueryCheckResultRequest: { userIds: ids, workDateFrom: '2026-04-01 00:00:00', workDateTo: '2026-04-30 00:00:00', offset: 0, limit: 100 } })],
  ['check record', ['attendance', 'check', 'record', ...DAYS], 'attendance-wukong/query_check_record',
    (ids) => ({ QueryCheckRecordRequest: { userIds: ids, checkDateFrom: '2026-04-01 00:00:00', checkDateTo: '2026-04-30 00:00:00' } })],
  ['approve list', ['attendance', 'approve', 'list', '--types', 'leave', ...DAYS], 'attendance-wukong/query_user_approve',
    (ids) => ({ QueryUserApproveRequest: { userIds: ids, bizTypes: [3], fromDate: '2026-04-01 00:00:00', toDate: '2026-04-30 00:00:00' } })],
  ['report query-data', ['attendance', 'report', 'query-data', '--columns', '7', ...TIMES], 'attendance-wukong/get_report_columns_value',
    (ids) => ({ McpQueryParam: { targetUserIds: ids, columnIds: [7], fromDate: '2026-03-01 00:00:00', toDate: '2026-03-31 23:59:59' } })],
  ['report query-leave', ['attendance', 'report', 'query-leave', ...TIMES], 'attendance-wukong/get_leave_time_by_leave_names',
    (ids) => ({ McpLeaveQueryParam: { targetUserIds: ids, leaveNames: null, fromDate: '2026-03-01 00:00:00', toDate: '2026-03-31 23:59:59' } })],
  ['vacation balance', ['attendance', 'vacation', 'balance'], 'attendance-wukong/get_leave_balance_quota',
    (ids) => ({ McpLeaveBalanceRequest: { targetUserIds: ids } })],
];

describe('attendance leaves send --users as upstream\'s nil-declared slice: the ids, or null when none is left', () => {
  for (const [name, argv, rpc, args] of leaves) {
    it(`${name}: any comma list of ids and blanks is sent as the trimmed ids, or null`, async () => {
      await fc.assert(fc.asyncProperty(usersText, async (users) => {
        const r = await run([...argv, '--users', users], rpc, [{}]);
        expect(r).toMatchObject({ exit: 0, sent: [args(upstreamIds(users))] });
      }), { numRuns: 15 });
    });

    it(`${name}: a missing or empty --users is refused before any call`, async () => {
      for (const extra of [[], ['--users', '']]) {
        const r = await run([...argv, ...extra], rpc, [{}]);
        expect([r.exit, r.envelope?.error.reason, r.sent]).toEqual([3, 'missing_parameter', []]);
      }
    });
  }

  it('approve list --types and report query-data --columns of only commas are null too (attendance.go:873-881, :3083-3094)', async () => {
    const approve = await run(['attendance', 'approve', 'list', '--users', 'u1', '--types', ' ,,', ...DAYS], 'attendance-wukong/query_user_approve', [{}]);
    expect(approve.sent).toEqual([{ QueryUserApproveRequest: { userIds: ['u1'], bizTypes: null, fromDate: '2026-04-01 00:00:00', toDate: '2026-04-30 00:00:00' } }]);
    const data = await run(['attendance', 'report', 'query-data', '--users', 'u1', '--columns', ',', ...TIMES], 'attendance-wukong/get_report_columns_value', [{}]);
    expect(data.sent).toEqual([{ McpQueryParam: { targetUserIds: ['u1'], columnIds: null, fromDate: '2026-03-01 00:00:00', toDate: '2026-03-31 23:59:59' } }]);
  });

  it('shift list and schedule get build their list with make (parseUserList, attendance.go:106-115): only commas is []', async () => {
    const shifts = await run(['attendance', 'shift', 'list', '--users', ',,', '--start', '2026-03-03', '--end', '2026-03-07'], 'attendance/batch_get_employee_shifts', [{}]);
    expect(shifts.sent).toEqual([{ userIds: [], fromDateTime: new Date(2026, 2, 3).getTime(), toDateTime: new Date(2026, 2, 7).getTime() }]);
    const schedule = await run(['attendance', 'schedule', 'get', '--users', ' , ', ...DAYS], 'attendance-wukong/getScheduleByRange', [{}]);
    expect(schedule.sent).toEqual([{ GetScheduleByRangeRequest: { userIdList: [], workDateBegin: new Date(2026, 3, 1).getTime(), workDateEnd: new Date(2026, 3, 30, 23, 59, 59).getTime() } }]);
  });
});
