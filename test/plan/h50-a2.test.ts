// Session 50 helper a2, second-reading audit of seed 20261432 (issue 32, notes/h50-a2.md). One drawn command differed
// from upstream's body at c7521c1c: calendar +conflicts compared event times in whole milliseconds where Go's
// Before/After compare nanoseconds (smart/conflicts.go:110-111), so two events overlapping by less than a millisecond
// were not reported; its sibling +free-slots (free_slots.go:124-146, :168) read the same times the same way. The other
// tests hold readings the audit checked, each run as a user types it against the recording backend on 127.0.0.1, so
// that a later change that breaks one of them fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h50a2-');

/** An RFC 3339 time `ns` nanoseconds after 2026-01-01T10:00:00Z, with all nine fraction digits. */
const at = (ns: number) => `2026-01-01T10:00:${String(Math.floor(ns / 1e9)).padStart(2, '0')}.${String(ns % 1e9).padStart(9, '0')}Z`;

describe('calendar +conflicts compares event times to the nanosecond, as Go\'s time.Time does (smart/conflicts.go:85-123@c7521c1c)', () => {
  it('every pair whose [start, end) overlap by any nanoseconds is reported, in start order (Go sorts n <= 12 stably)', async () => {
    const event = fc.record({ start: fc.integer({ min: 0, max: 1_999_999_999 }), length: fc.oneof(fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 0, max: 2_000_000_000 })) });
    await fc.assert(fc.asyncProperty(fc.array(event, { minLength: 2, maxLength: 5 }), async (evs) => {
      const events = evs.map((e, i) => ({ summary: `E${i}`, start: { dateTime: at(e.start) }, end: { dateTime: at(Math.min(e.start + e.length, 59_999_999_999)) } }));
      outputs.answer('calendar/list_calendar_events', { result: { events } });
      const run = await outputs.sent(['calendar', '+conflicts']);
      // the model: nanoseconds as numbers (below 2^53 here), a stable sort by start, strict overlap
      const model = evs.map((e, i) => ({ i, s: e.start, t: Math.min(e.start + e.length, 59_999_999_999) })).sort((a, b) => a.s - b.s);
      const pairs: [number, number][] = [];
      for (let x = 0; x < model.length; x++) {
        for (let y = x + 1; y < model.length; y++) {
          if (model[x]!.s < model[y]!.t && model[y]!.s < model[x]!.t) pairs.push([model[x]!.i, model[y]!.i]);
        }
      }
      const printed = run.printed as { eventCount: number; conflictCount: number; conflicts: { a: string; b: string }[] };
      expect(printed.eventCount).toBe(evs.length);
      expect(printed.conflictCount).toBe(pairs.length);
      expect(printed.conflicts.map((c) => [c.a.split('（')[0], c.b.split('（')[0]])).toEqual(pairs.map(([a, b]) => [`E${a}`, `E${b}`]));
    }), { numRuns: 40 });
  });

  it('an end 0.4 ms into the millisecond another event starts in (0.1 ms) is an overlap', async () => {
    outputs.answer('calendar/list_calendar_events', { result: { events: [
      { summary: 'A', start: { dateTime: '2026-01-01T10:00:00Z' }, end: { dateTime: '2026-01-01T10:00:00.0005Z' } },
      { summary: 'B', start: { dateTime: '2026-01-01T18:00:00.0001+08:00' }, end: { dateTime: '2026-01-01T11:00:00Z' } },
    ] } });
    const run = await outputs.sent(['calendar', '+conflicts', '--in-days', '0x1']);
    expect(run.calls).toHaveLength(1);
    expect(run.printed).toMatchObject({ eventCount: 2, conflictCount: 1, hasConflict: true,
      conflicts: [{ a: 'A（10:00-10:00）', b: 'B（18:00-11:00）', overlapStart: '18:00', overlapEnd: '10:00' }] });
  });
});

describe('calendar +free-slots reads the same times to the nanosecond (smart/free_slots.go:124-168@c7521c1c)', () => {
  it('a meeting that starts 500 ns after the window opens leaves a free slot of 0 minutes before it', async () => {
    // the clock pinned on the last day of February (the test and the run read one clock; before, each read the wall
    // clock, so a run crossing midnight failed the test): tomorrow is 1 March, local midnight
    const now = new Date(2027, 1, 28, 12);
    const tomorrow = new Date(2027, 2, 1);
    const nine = new Date(tomorrow.getTime() + 9 * 3_600_000).toISOString().replace('.000Z', '.000000500Z');
    const ten = new Date(tomorrow.getTime() + 10 * 3_600_000).toISOString();
    outputs.answer('calendar/list_calendar_events', { result: { events: [{ summary: 'M', start: { dateTime: nine }, end: { dateTime: ten } }] } });
    const run = await outputs.sent(['calendar', '+free-slots', '--in-days', '1', '--from', '9', '--to', '11'], undefined, now);
    const printed = run.printed as { freeSlots: { durationMin: number }[]; slotCount: number };
    expect(printed.slotCount).toBe(2);
    expect(printed.freeSlots.map((s) => s.durationMin)).toEqual([0, 60]);
  });
});

/** Go's deptMembersToInt64 (smart/dept_members.go:154-174@c7521c1c) over one JSON value: the id text, or undefined. */
function deptId(v: unknown): string | undefined {
  if (typeof v === 'number') return String(Math.trunc(v) === 0 ? 0 : Math.trunc(v));
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  if (!/^[+-]?\d+$/u.test(t)) return undefined;
  const n = BigInt(t);
  return n >= -(2n ** 63n) && n < 2n ** 63n ? n.toString() : undefined;
}

describe('contact +dept-members reads the department as deptMembersExtractDepts does (smart/dept_members.go:88-152@c7521c1c)', () => {
  it('the one id, under any searched key, a number truncated or decimal text trimmed, is sent as decimal text', async () => {
    const id = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      fc.constantFrom(' 12 ', '+7', '010', '-0', '0x10', '1_0', '1e3', 'abc', '', '9223372036854775807', '9223372036854775808', true, null),
    );
    const key = fc.constantFrom('result', 'data', 'deptList', 'departments', 'list', 'items');
    await fc.assert(fc.asyncProperty(id, key, async (v, k) => {
      outputs.answer('contact/search_dept_by_keyword', { [k]: [{ deptId: v, deptName: '<b>研发</b>' }] });
      const run = await outputs.sent(['contact', '+dept-members', '--dept', ' 研发 ']);
      const want = deptId(v);
      expect(run.calls[0]).toEqual(['contact/search_dept_by_keyword', { query: '研发' }]);
      if (want === undefined) {
        expect(run.reason).toBe('not_found');
        expect(run.calls).toHaveLength(1);
      } else {
        expect(run.calls[1]).toEqual(['contact/get_dept_members_by_deptId', { deptIds: [want] }]);
      }
    }), { numRuns: 60 });
  });

  it('every searched list is read and one id counted once; a non-numeric deptId hides the item\'s id; two ids are ambiguous', async () => {
    outputs.answer('contact/search_dept_by_keyword', { result: [{ deptId: 1.7 }], data: [{ dept_id: '1' }], items: [{ deptId: 'x', id: 9 }] });
    expect(await outputs.argsOf(['contact', '+dept-members', '--dept', 'a'])).toEqual([{ query: 'a' }, { deptIds: ['1'] }]);
    outputs.answer('contact/search_dept_by_keyword', { result: [{ deptId: 2 }], departments: [{ deptId: null, id: ' 3 ' }] });
    expect((await outputs.sent(['contact', '+dept-members', '--dept', 'a'])).reason).toBe('ambiguous_match');
  });
});

describe('oa +list-executed (shortcut/oa/oa.go:345-433@c7521c1c)', () => {
  it('sends page/limit as trimmed text with their defaults, query only when typed; reads the first list it finds', async () => {
    expect(await outputs.argsOf(['oa', '+list-executed'])).toEqual([{ pageNumber: '1', pageSize: '20' }]);
    outputs.answer('oa/get_done_tasks', { list: { a: 1 }, result: { values: 'x', data: [{ title: 't', result: null }, 3, { other: 1 }] } });
    const run = await outputs.sent(['oa', '+list-executed', '--page', ' ', '--limit', ' 0x5 ', '--query', ' ']);
    expect(run.calls).toEqual([['oa/get_done_tasks', { pageNumber: '', pageSize: '0x5', query: '' }]]);
    expect(run.printed).toEqual({ count: 1, instances: [{ title: 't', status: null }] });
  });
});

describe('attendance checkin records and +check-record read times by Go\'s layouts (helpers/attendance.go:4244-4283, shortcut/attendance/attendance.go:56-62, :265-281@c7521c1c)', () => {
  it('checkin records sends the times as typed once Go\'s 2006-01-02 15:04:05 reads them, an earlier end refused', async () => {
    const base = ['attendance', 'checkin', 'records', '--operator-corp-id', ' c ', '--operator-staff-id', 'o', '--staff-ids', ' a,,b '];
    expect(await outputs.argsOf([...base, '--start', '2026-04-01 9:00:00', '--end', '2026-04-01  09:00:00,5'])).toEqual([{ QueryMcpUserRecordRequest: {
      operatorCorpId: ' c ', operatorStaffId: 'o', staffIds: ['a', 'b'], startTime: '2026-04-01 9:00:00', endTime: '2026-04-01  09:00:00,5' } }]);
    for (const [start, end] of [['2026-02-29 00:00:00', '2026-03-01 00:00:00'], ['2026-04-01 24:00:00', '2026-04-02 00:00:00'], ['2026-04-02 00:00:00', '2026-04-01 23:59:59.999999999']]) {
      expect(await outputs.argsOf([...base, '--start', start!, '--end', end!])).toBe('invalid_parameter');
    }
  });

  it('+check-record sends the trimmed dates at midnight and --users as pflag\'s CSV list, untrimmed', async () => {
    expect(await outputs.argsOf(['attendance', '+check-record', '--users', 'a, b', '--users', '"c,d",e', '--start', ' 2026-04-01 ', '--end', '2024-02-29']))
      .toEqual([{ QueryCheckRecordRequest: { userIds: ['a', ' b', 'c,d', 'e'], checkDateFrom: '2026-04-01 00:00:00', checkDateTo: '2024-02-29 00:00:00' } }]);
    expect(await outputs.argsOf(['attendance', '+check-record', '--users', 'a', '--start', '2026-4-01', '--end', '2026-04-30'])).toBe('invalid_parameter');
    expect(await outputs.argsOf(['attendance', '+check-record', '--users', ' , ', '--start', '2026-04-01', '--end', '2026-04-30'])).toBe('missing_parameter');
  });
});

describe('sheet delete-dimension --length is strconv.Atoi, 1 to 5000 (helpers/sheet_dimension.go:451-477@c7521c1c)', () => {
  it('a sign and leading zeros are read; Go spellings Atoi refuses are refused before the call', async () => {
    const length = fc.oneof(fc.integer({ min: -10, max: 6000 }).map(String), fc.constantFrom('+5', '00005', '-0', '+0', '0x10', '1_0', ' 5', '1e3', '5.0', ''));
    await fc.assert(fc.asyncProperty(length, async (l) => {
      const args = await outputs.argsOf(['sheet', 'delete-dimension', '--node', 'n', '--sheet-id', 's', '--dimension', 'ROWS', '--position', '3', '--length', l, '--yes']);
      const n = /^[+-]?\d+$/u.test(l) ? Number(l) : NaN;
      if (l === '') expect(args).toBe('missing_parameter');
      else if (n >= 1 && n <= 5000) expect(args).toEqual([{ nodeId: 'n', sheetId: 's', dimension: 'ROWS', position: '3', length: n }]);
      else expect(args).toBe('invalid_parameter');
    }), { numRuns: 50 });
  });
});

describe('chat search-common (helpers/chat.go:187-196, runChatSearchCommon@c7521c1c)', () => {
  it('nicks is parseCSVValues of --nicks; a typed --size wins over --limit; cursor and match mode as typed', async () => {
    const nicks = fc.oneof(fc.constantFrom(' ', ',', ' a, "b" ', '["x"," y"]', "a,'b',,"), fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !s.startsWith('-')));
    await fc.assert(fc.asyncProperty(nicks, async (v) => {
      const args = await outputs.argsOf(['chat', 'search-common', '--nicks', v, '--limit', '0x10', '--size', '010', '--match-mode', 'or', '--cursor', ' ']);
      expect(args).toEqual([{ nicks: parseCSVValues(v), matchMode: 'or', limit: 8, cursor: ' ' }]);
    }), { numRuns: 30 });
    expect(await outputs.argsOf(['chat', 'search-common', '--nicks', 'a', '--exclude-muted'])).toEqual([{ nicks: ['a'], matchMode: 'AND', limit: 20, cursor: '0', excludeMuted: true }]);
  });
});

describe('mail message share-to-chat and reply-all read their answers as upstream does (helpers/mail.go:2345-2398, :1439-1472, :4085-4104@c7521c1c)', () => {
  it('share-to-chat sends again with a non-empty sign (inside result when that is an object), else prints the answer', async () => {
    outputs.answersInTurn('mail/share_message_to_chat', { result: 'x', sign: 's3' }, { done: 1 });
    const run = await outputs.sent(['mail', 'message', 'share-to-chat', '--email', ' e ', '--id', 'i', '--uids', ' a, ,b ', '--yes']);
    expect(run.calls).toEqual([
      ['mail/share_message_to_chat', { email: ' e ', id: 'i', uids: ['a', 'b'] }],
      ['mail/share_message_to_chat', { email: ' e ', id: 'i', uids: ['a', 'b'], sign: 's3' }],
    ]);
    outputs.answer('mail/share_message_to_chat', { result: { sign: 5, a: 1 } });
    expect((await outputs.sent(['mail', 'message', 'share-to-chat', '--email', 'e', '--id', 'i', '--yes'])).printed).toEqual({ sign: 5, a: 1 });
  });

  it('reply-all takes the draft id from result.message.id, else messageId, and sends it with the untrimmed --sender', async () => {
    outputs.answer('mail/create_replyall_draft', { result: 'x', messageId: 'm3' });
    const run = await outputs.sent(['mail', 'message', 'reply-all', '--sender', ' a@x ', '--id', ' i1 ', '--to', ' b@x, ,"c@x" ,', '--subject', ' ', '--body', ' hi ', '--yes']);
    expect(run.calls.map(([tool]) => tool)).toEqual(['mail/list_user_mailboxes', 'mail/create_replyall_draft', 'mail/send_draft']);
    expect(run.calls[1]![1]).toEqual({ from: ' a@x ', messageId: ' i1 ', toRecipients: ['b@x', '"c@x"'], subject: ' ', body: ' hi ' });
    expect(run.calls[2]![1]).toEqual({ email: ' a@x ', messageId: 'm3', saveToSentItems: true });
    outputs.answer('mail/create_replyall_draft', { result: { message: { id: 5 } }, messageId: 'm4' });
    const refused = await outputs.sent(['mail', 'message', 'reply-all', '--from', 'a', '--id', 'i', '--yes']);
    expect(refused.calls.map(([tool]) => tool)).toEqual(['mail/list_user_mailboxes', 'mail/create_replyall_draft']);
    expect(refused.reason).toBeDefined();
  });
});

describe('minutes permission apply --policy is pflag Int, 2 to 4, sent as a number (helpers/minutes.go:1882-1899@c7521c1c)', () => {
  it('Go integer spellings are read, then range-checked; the id is the first non-empty spelling, untrimmed', async () => {
    expect(await outputs.argsOf(['minutes', 'permission', 'apply', '--id', ' t ', '--policy', '0x3'])).toEqual([{ taskUuid: ' t ', policyId: 3 }]);
    expect(await outputs.argsOf(['minutes', 'permission', 'apply', '--url', 'u', '--task-uuid', 'v', '--policy', '+2'])).toEqual([{ taskUuid: 'u', policyId: 2 }]);
    expect(await outputs.argsOf(['minutes', 'permission', 'apply', '--uuid', 't', '--policy', '010'])).toBe('invalid_parameter');
    expect(await outputs.argsOf(['minutes', 'permission', 'apply', '--id', 't'])).toBe('missing_parameter');
  });
});

describe('minutes +action-items/+latest choose the newest row by Go\'s float64(UnixNano()) of an RFC 3339 time (minutesdata/response.go:242-268, :385-412@c7521c1c)', () => {
  const newest = async (argv: string[], rows: unknown[]) => {
    outputs.answer('minutes/list_by_keyword_and_time_range', { result: { itemList: rows } });
    outputs.answer('minutes/list_minutes_todos', { result: { actions: [] } });
    const run = await outputs.sent(argv);
    // the call after the list names the chosen minutes (what the later read of the echo answer does is not asked here)
    return (run.calls[1]?.[1] as { taskUuid: string } | undefined)?.taskUuid ?? run.reason;
  };

  it('two rows within one millisecond: the later by whole nanoseconds (as float64s) wins; equal floats keep the first', async () => {
    // float64(1704067200000000100) = 1704067200000000000 and float64(1704067200000000200) = 1704067200000000256: b is newer
    const rows = [{ taskUuid: 'a', createTime: '2024-01-01T00:00:00.0000001Z' }, { taskUuid: 'b', createTime: '2024-01-01T00:00:00.0000002Z' }];
    expect(await newest(['minutes', '+action-items'], rows)).toBe('b');
    expect(await newest(['minutes', '+latest'], rows)).toBe('b');
    expect(await newest(['minutes', '+transcript'], rows)).toBe('b');
    // 1704067200000000010 and ...020 round to the same float64: the first row stays
    const tied = [{ taskUuid: 'a', createTime: '2024-01-01T00:00:00.00000001Z' }, { taskUuid: 'b', createTime: '2024-01-01T00:00:00.00000002Z' }];
    expect(await newest(['minutes', '+action-items'], tied)).toBe('a');
  });

  it('a text Go\'s layout reads counts (one-digit hour, comma fraction); one it fails on falls to the next key', async () => {
    expect(await newest(['minutes', '+action-items'], [{ taskUuid: 'a', createTime: '2024-01-01T9:00:00,5+08:00' }, { taskUuid: 'b', createTime: '1704067200000' }])).toBe('a');
    expect(await newest(['minutes', '+action-items'], [{ taskUuid: 'a', createTime: '2024-02-30T00:00:00Z', gmtCreate: 5 }, { taskUuid: 'b', createTime: '4' }])).toBe('a');
  });
});
