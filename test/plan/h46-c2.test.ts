// Session 46 round 3, helper c2: second-reading audit of seed 20261419 (issue 32, notes/h46-c2.md). All 30 drawn
// commands sent what upstream's bodies at c7521c1c send; these tests pin readings the audit checked against upstream's
// code, each run as a user types it against the recording backend on 127.0.0.1, so a regression fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h46c2-');

describe('attendance vacation save-balance: quotaNum is int(ParseFloat(--num) * 100) as text (helpers/attendance.go:3653-3664@c7521c1c)', () => {
  const base = ['attendance', 'vacation', 'save-balance', '--target', 'u', '--leave-code', 'L', '--reason', 'r', '--yes'];
  // decimal spellings only: for them JS's Number() and Go's strconv.ParseFloat round the same way
  const decimal = fc.tuple(
    fc.constantFrom('', '+', '-'),
    fc.stringMatching(/^[0-9]{1,6}$/),
    fc.option(fc.stringMatching(/^[0-9]{1,4}$/), { nil: undefined }),
    fc.option(fc.integer({ min: -3, max: 3 }), { nil: undefined }),
  ).map(([sign, whole, frac, exp]) => `${sign}${whole}${frac === undefined ? '' : `.${frac}`}${exp === undefined ? '' : `e${exp}`}`);

  it('any decimal --num sends the truncated hundredfold as text', async () => {
    await fc.assert(fc.asyncProperty(decimal, async (num) => {
      const run = await outputs.sent([...base, '--num', num]);
      const expected = String(Math.trunc(Number(num) * 100));
      expect(run.calls).toEqual([['attendance-wukong/update_leave_balance', {
        McpUpdateLeaveBalanceRequest: { targetUserId: 'u', leaveCode: 'L', quotaNum: expected, reason: 'r' },
      }]]);
    }), { numRuns: 25 });
  });

  it('ParseFloat spellings: 0.29 -> 28 (float product truncated), 0x1p4 -> 1600, 1_0 -> 1000; 0x10, " 8" and 1e400 refused before any call', async () => {
    const quota = async (num: string) => {
      const run = await outputs.sent([...base, '--num', num]);
      if (run.reason) return { refused: run.reason, calls: run.calls.length };
      return (run.calls[0][1] as { McpUpdateLeaveBalanceRequest: { quotaNum: string } }).McpUpdateLeaveBalanceRequest.quotaNum;
    };
    expect(await quota('0.29')).toBe('28');
    expect(await quota('0x1p4')).toBe('1600');
    expect(await quota('1_0')).toBe('1000');
    for (const bad of ['0x10', ' 8', '1e400']) expect(await quota(bad)).toEqual({ refused: 'invalid_parameter', calls: 0 });
  });
});

describe('mail calendar-event list: --start and --end are required by their own names (helpers/mail.go:3773-3785@c7521c1c)', () => {
  it('--start-time/--end-time alone are refused before any call, as validateRequiredFlags checks only start and end', async () => {
    const run = await outputs.sent(['mail', 'calendar-event', 'list', '--email', 'e', '--id', 'F', '--start-time', 'S', '--end-time', 'E']);
    expect(run.reason).toBe('missing_parameter');
    expect(run.calls).toEqual([]);
  });
  it('values are sent as typed (not trimmed), a blank --cursor included; --folder-id fills an empty --id', async () => {
    const run = await outputs.sent(['mail', 'calendar-event', 'list', '--email', ' e ', '--id', '', '--folder-id', ' F ', '--start', ' S ', '--end', 'E', '--cursor', ' ']);
    expect(run.calls).toEqual([['mail/list_mailbox_calendar_events', { email: ' e ', id: ' F ', startTime: ' S ', endTime: 'E', cursor: ' ' }]]);
  });
});

describe('mail message batch-delete: --ids split on commas, trimmed, blanks dropped (parseRecipients helpers/mail.go:4202-4212@c7521c1c)', () => {
  it('for any comma list', async () => {
    const part = fc.constantFrom('a', ' b ', '', '  ', 'c d', '"x"');
    await fc.assert(fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 5 }), async (parts) => {
      const ids = parts.join(',');
      fc.pre(ids !== '');
      const run = await outputs.sent(['mail', 'message', 'batch-delete', '--email', 'e', '--ids', ids]);
      expect(run.calls).toEqual([['mail/batch_delete_message', { email: 'e', ids: parts.map((p) => p.trim()).filter((p) => p !== '') }]]);
    }), { numRuns: 20 });
  });
});

describe('sheet filter-view get-criteria reads get_filter_views as fetchFilterViews + findFilterViewByID (helpers/sheet_filter_view.go:12-59, :118-162@c7521c1c)', () => {
  const argv = (id: string | undefined, column = '0') => [
    'sheet', 'filter-view', 'get-criteria', '--node', 'N', '--sheet-id', 'S', ...(id === undefined ? [] : ['--filter-view-id', id]), '--column', column,
  ];
  it('a view is matched by a text id or a text filterViewId; a numeric id is passed over', async () => {
    outputs.answer('sheet/get_filter_views', { result: { filterViews: [7, { id: 1, filterViewId: 'F1', criteria: { 0: { a: 1 } } }] } });
    expect((await outputs.sent(argv('F1'))).printed).toEqual({ a: 1 });
  });
  it('without --filter-view-id the first view lacking a text id or filterViewId matches the empty id (Go\'s zero string)', async () => {
    outputs.answer('sheet/get_filter_views', { result: { filterViews: [{ id: 'F1', criteria: { 0: 'first' } }, { id: 'F2', filterViewId: 'F2', criteria: { 0: 'second' } }] } });
    const run = await outputs.sent(argv(undefined));
    expect(run.calls).toEqual([['sheet/get_filter_views', { nodeId: 'N', sheetId: 'S' }]]);
    expect(run.printed).toBe('first');
  });
  it('filterViews read at the top when result is not an object; a column key holding null prints null', async () => {
    outputs.answer('sheet/get_filter_views', { result: 'x', filterViews: [{ id: 'F1', criteria: { 2: null } }] });
    expect((await outputs.sent(argv('F1', '2'))).printed).toBeNull();
  });
  it('a negative --column is refused before any call', async () => {
    const run = await outputs.sent(argv('F1', '-1'));
    expect(run.reason).toBe('invalid_parameter');
    expect(run.calls).toEqual([]);
  });
});
