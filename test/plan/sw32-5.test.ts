// What the session 32 sweep, share 5 (attendance, hrbrain, report, oa, mail; issue 32) found differing from upstream's
// bodies at c7521c1c, run as a user types the commands against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { rawText } from '../fixtures/mcp/server.js';

const outputs = useOutputRuns('dws-sw32-5-');
const { sent } = outputs;

describe('attendance approve templates / +get-approve-template: a type the lower-cased table lacks is upper-cased and taken when it names one of the five (helpers/attendance.go:943-952, shortcut/attendance/attendance.go:393-401@c7521c1c)', () => {
  const call = (type: string) => [['attendance-wukong/query_at_approve_template', { approveType: type }]];

  it('a dotless ı upper-cases to I: overtıme sends OVERTIME, repaır_check REPAIR_CHECK (both spellings of the command)', async () => {
    const a = await sent(['attendance', 'approve', 'templates', '--type', 'overtıme']);
    const b = await sent(['attendance', '+get-approve-template', '--type', ' Repaır_Check ']);
    expect([a.calls, b.calls]).toEqual([call('OVERTIME'), call('REPAIR_CHECK')]);
  });

  it('the table and the five names still map; anything else is refused before any call', async () => {
    const mapped = [];
    for (const t of ['Business-Trip', '外出', 'LEAVE', 'repair_chec\u212a']) mapped.push((await sent(['attendance', 'approve', 'templates', '--type', t])).calls);
    expect(mapped).toEqual([call('OUT'), call('TRAVEL'), call('LEAVE'), call('REPAIR_CHECK')]);
    const refused = [];
    for (const t of ['bogus', '\ufeffleave', 'leſave']) refused.push(await sent(['attendance', '+get-approve-template', '--type', t]));
    expect(refused.map((r) => [r.reason, r.calls])).toEqual(Array(3).fill(['invalid_parameter', []]));
  });
});

describe('attendance checkin records / +get-checkin-record: endT.Before(startT) compares Go times to the nanosecond (helpers/attendance.go:4257-4271, shortcut/attendance/attendance.go:1884-1896@c7521c1c)', () => {
  const argv = (cmd: string[], start: string, end: string) => ['attendance', ...cmd, '--operator-corp-id', 'c1', '--operator-staff-id', 's1', '--staff-ids', 'u1', '--start', start, '--end', end];
  const commands = [['checkin', 'records'], ['+get-checkin-record']];

  it('an --end earlier than the --start within one millisecond is refused before any call', async () => {
    for (const cmd of commands) {
      for (const [start, end] of [['2026-04-01 09:00:00.0002', '2026-04-01 09:00:00.0001'], ['2026-04-01 09:00:00,0009', '2026-04-01 09:00:00'], ['2026-04-01 09:00:00.1234567891', '2026-04-01 09:00:00.123456788']]) {
        const r = await sent(argv(cmd, start, end));
        expect([cmd, start, r.reason, r.calls]).toEqual([cmd, start, 'invalid_parameter', []]);
      }
    }
  });

  it('an equal time (Go keeps nine fraction digits) and a later one are sent as typed', async () => {
    for (const cmd of commands) {
      for (const [start, end] of [['2026-04-01 09:00:00,1', '2026-04-01 09:00:00.10'], ['2026-04-01 09:00:00.1234567891', '2026-04-01 09:00:00.1234567890'], ['2026-04-01 09:00:00.5', '2026-04-01 09:00:00.6']]) {
        const r = await sent(argv(cmd, start, end));
        expect(r.calls).toEqual([['attendance-wukong/get_checkin_record', { QueryMcpUserRecordRequest: { operatorCorpId: 'c1', operatorStaffId: 's1', staffIds: ['u1'], startTime: start, endTime: end } }]]);
      }
    }
  });
});

describe('attendance +list-approve: each element of pflag\'s --types list is trimmed and looked up whole (shortcut/attendance/attendance.go:336-347@c7521c1c)', () => {
  const argv = (...types: string[]) => ['attendance', '+list-approve', '--users', 'u1', ...types.flatMap((t) => ['--types', t]), '--start', '2026-04-01', '--end', '2026-04-30'];
  const call = (bizTypes: number[]) => [['attendance-wukong/query_user_approve', { QueryUserApproveRequest: { userIds: ['u1'], bizTypes, fromDate: '2026-04-01 00:00:00', toDate: '2026-04-30 00:00:00' } }]];

  it('a quoted "leave,overtime" is one unknown type: refused before any call', async () => {
    const r = await sent(argv('"leave,overtime"'));
    expect([r.reason, r.calls]).toEqual(['invalid_parameter', []]);
  });

  it('padded, repeated and blank-separated items still map in order', async () => {
    expect((await sent(argv(' Leave , ,加班', '" patch "'))).calls).toEqual(call([3, 1, 4]));
  });
});

// lead-s56: a blank answer reaches the shortcut as the text null (app/tool_caller_adapter.go:141-193@c7521c1c), and an
// object comes stamped success: true (app/runner.go:774-783)
describe('attendance +this-month: a blank query_check_record answer is callMCPData\'s nil map, printed null (smart/this_month_attendance.go:103-112@c7521c1c)', () => {
  it('prints null for a blank answer and for null, the object stamped otherwise', async () => {
    outputs.answer('contact/get_current_user_profile', { result: { userId: 'u1' } });
    const printed = [];
    for (const answer of [rawText(' '), null, { result: [{ checkTime: 1 }] }]) {
      outputs.answer('attendance-wukong/query_check_record', answer);
      const r = await sent(['attendance', '+this-month']);
      expect(r.calls.map((c) => c[0])).toEqual(['contact/get_current_user_profile', 'attendance-wukong/query_check_record']);
      printed.push(r.printed);
    }
    expect(printed).toEqual([null, null, { result: [{ checkTime: 1 }], success: true }]);
  });
});
