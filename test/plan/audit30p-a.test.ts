// The sixteenth audit, part a (seed 20261217, notes/audit-30p-a.md): what its commands print and refuse, run as a
// user types them against the recording backend on 127.0.0.1. The calls themselves are pinned by the `a-p1:` cases
// of test/fixtures/calls/*.yaml.
//
// calendar event instances and calendar event list print their answer through upstream's callSortedCalendarEvents
// (helpers/calendar.go:2899-2958@c7521c1c): attachCalendarSearchRange (:2963-2994) adds searchRange {startTimeISO,
// endTimeISO, hint} (inside `result` when that is an object, else at the top), the events of a `result` object keep
// only objects with an id that is neither null nor "" and are stably sorted by calendarEventSortKey (:2997-3016:
// start.dateTime as RFC 3339, else a numeric created, else updated, else 0), and a non-empty text nextCursor adds
// paginationHint (:2941-2943). Both refuse an end not after the start before any call (ValidateTimeRange,
// pkg/cmdutil/time.go:89).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarEventPage } from '../../src/domain/calendar-events.js';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, answer, env, refusal } = useOutputRuns('dws-audit30p-a-');

/** A run that must succeed, at the clock `now` when given: its printed result. */
async function printed(argv: string[], now?: Date): Promise<Record<string, unknown>> {
  const outcome = await dispatchInProcess(argv, env(), undefined, now ? { now: () => now } : {});
  expect(outcome.error?.envelope()).toBeUndefined();
  return (JSON.parse(outcome.out) as { result: Record<string, unknown> }).result;
}

/** Go's Time.In(time.Local).Format(time.RFC3339) of epoch ms, written independently of dws: whole seconds, Z at offset 0. */
function localIso(ms: number): string {
  const offset = -new Date(ms).getTimezoneOffset();
  const shifted = new Date(Math.floor(ms / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  if (offset === 0) return `${shifted}Z`;
  const abs = Math.abs(offset);
  return `${shifted}${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const EXPLICIT = '本次查询范围由调用方显式指定。';
const BOTH_DEFAULT = '未显式指定 --start/--end，已默认查询当天 00:00:00 ~ 23:59:59（CLI 本地时区）。如需其它区间请显式传入 --start 和 --end。';
const START_DEFAULT = '未显式指定 --start，已默认使用当天 00:00:00（CLI 本地时区）。';
const END_DEFAULT = '未显式指定 --end，已默认使用当天 23:59:59（CLI 本地时区）。';

// 2026-03-10T00:00:00Z and 2026-03-10T12:00:00Z as epoch ms (13 digits: read as milliseconds whatever the zone)
const START = 1773100800000;
const END = 1773144000000;

describe('calendar event instances prints its answer as callSortedCalendarEvents', () => {
  it('keeps the events with an id, sorted by start, else created, else updated, else 0, and adds searchRange and paginationHint', async () => {
    const events = [
      { id: 'b', start: { dateTime: '2026-03-10T11:00:00+08:00' } },
      { id: 'a', start: { dateTime: '2026-03-10T09:00:00+08:00' } },
      { id: '', start: { dateTime: '2026-03-10T08:00:00+08:00' } },
      { id: null, created: 1 },
      { summary: 'no id' },
      'not an event',
      { id: 'c', created: 1773100000000.7 },
      { id: 0, updated: 5 },
      { id: 'd' },
      { id: 'e', start: { dateTime: 'tomorrow' }, created: 7 },
      { id: 'f', created: 1773100000000 },
    ];
    answer('calendar/list_event_instances', { success: true, result: { events, nextCursor: 'n1', total: 11 } });
    const out = await printed(['calendar', 'event', 'instances', '--id', 'ev1', '--start', String(START), '--end', String(END)]);
    expect(out).toEqual({
      success: true,
      result: {
        events: [events[8], events[7], events[9], events[6], events[10], events[1], events[0]],
        nextCursor: 'n1',
        total: 11,
        searchRange: { startTimeISO: localIso(START), endTimeISO: localIso(END), hint: EXPLICIT },
        paginationHint: '还有更多日程，使用 --cursor "n1" 获取下一页',
      },
    });
  });

  it('puts searchRange at the top when result is not an object, and leaves the events there as they came', async () => {
    const body = { events: [{ id: 'b', created: 2 }, { id: '', created: 1 }], result: 'ok' };
    answer('calendar/list_event_instances', body);
    const out = await printed(['calendar', 'event', 'instances', '--id', 'ev1', '--start', String(START), '--end', String(END)]);
    expect(out).toEqual({ ...body, searchRange: { startTimeISO: localIso(START), endTimeISO: localIso(END), hint: EXPLICIT } });
  });

  it('adds no paginationHint for an empty or non-text nextCursor, and leaves a non-list events as it is', async () => {
    for (const nextCursor of ['', 7, null]) {
      answer('calendar/list_event_instances', { result: { events: { id: 'x' }, nextCursor } });
      const out = await printed(['calendar', 'event', 'instances', '--id', 'ev1', '--start', String(START), '--end', String(END)]);
      expect(out).toEqual({ result: { events: { id: 'x' }, nextCursor, searchRange: { startTimeISO: localIso(START), endTimeISO: localIso(END), hint: EXPLICIT } } });
    }
  });

  it('names in the hint which side took today\'s default, and the ISO times are the epoch ms sent', async () => {
    const now = new Date('2026-03-10T02:00:00Z');
    const cases: [string[], string][] = [
      [[], BOTH_DEFAULT],
      [['--start', String(START)], END_DEFAULT],
      [['--time-min', String(START)], END_DEFAULT],
      [['--end', String(END)], START_DEFAULT],
      [['--start', String(START), '--endTime', String(END)], EXPLICIT],
    ];
    for (const [flags, hint] of cases) {
      answer('calendar/list_event_instances', { result: { events: [] } });
      mcp.calls.length = 0;
      const out = await printed(['calendar', 'event', 'instances', '--id', 'ev1', ...flags], now);
      const sent = mcp.calls[0].arguments as { startTime: number; endTime: number };
      expect(out).toEqual({ result: { events: [], searchRange: { startTimeISO: localIso(sent.startTime), endTimeISO: localIso(sent.endTime), hint } } });
      expect(Date.parse((out.result as { searchRange: { startTimeISO: string } }).searchRange.startTimeISO)).toBe(sent.startTime);
    }
  });

  it('refuses an end not after the start before any call, a default end included', async () => {
    for (const flags of [['--start', String(END), '--end', String(START)], ['--start', String(START), '--end', String(START)], ['--start', '2099-01-01']]) {
      mcp.calls.length = 0;
      expect(await refusal(['calendar', 'event', 'instances', '--id', 'ev1', ...flags])).toEqual({ reason: 'invalid_parameter', out: '' });
      expect(mcp.calls).toEqual([]);
    }
  });
});

describe('the calendar_event_page transform', () => {
  it('returns an answer that is not an object as it came (upstream prints the raw text)', () => {
    for (const answer of [[{ id: 'b' }, { id: 'a' }], 'text', 7, null]) {
      expect(calendarEventPage({ answer, start: START, end: END, hint: EXPLICIT }, 'calendar_event_page')).toEqual(answer);
    }
  });

  it('never changes the answer it was given', () => {
    const answer = { result: { events: [{ id: 'b', created: 2 }, { id: 'a', created: 1 }] } };
    const copy = structuredClone(answer);
    calendarEventPage({ answer, start: START, end: END, hint: EXPLICIT, pagination: 'p' }, 'calendar_event_page');
    expect(answer).toEqual(copy);
  });

  it('is a plan error without numeric start and end or a text hint', () => {
    expect(() => calendarEventPage({ answer: {}, start: '1', end: END, hint: EXPLICIT }, 'calendar_event_page')).toThrow(/start and end numbers/u);
    expect(() => calendarEventPage({ answer: {}, start: START, end: END }, 'calendar_event_page')).toThrow(/start and end numbers/u);
  });
});

describe('calendar event list prints through the same helper', () => {
  it('sorts and filters the events and adds searchRange', async () => {
    const events = [{ id: 'late', start: { dateTime: '2026-03-10T20:00:00Z' } }, { id: 'early', start: { dateTime: '2026-03-10T01:00:00Z' } }, { nope: 1 }];
    answer('calendar/list_calendar_events', { result: { events } });
    const out = await printed(['calendar', 'event', 'list', '--start', String(START), '--end', String(END)]);
    expect(out).toEqual({ result: { events: [events[1], events[0]], searchRange: { startTimeISO: localIso(START), endTimeISO: localIso(END), hint: EXPLICIT } } });
  });

  it('refuses an end before the start before any call', async () => {
    mcp.calls.length = 0;
    expect(await refusal(['calendar', 'event', 'list', '--start', String(END), '--end', String(START)])).toEqual({ reason: 'invalid_parameter', out: '' });
    expect(mcp.calls).toEqual([]);
  });
});

// attendance rules reads --date with time.ParseInLocation (attendance.go:2527-2533@c7521c1c): layout
// "2006-01-02 15:04:05" (its hour may have one digit; a fraction after the seconds is read) else "2006-01-02", nothing
// trimmed, and sends t.Format("2006-01-02 15:04:05").
describe('attendance rules reads --date as Go\'s ParseInLocation and writes it back whole', () => {
  const pad = (n: number) => String(n).padStart(2, '0');
  it('sends every date-time it accepts zero-padded, without its fraction', async () => {
    await fc.assert(fc.asyncProperty(
      fc.record({ d: fc.integer({ min: 1, max: 28 }), h: fc.integer({ min: 0, max: 23 }), mi: fc.integer({ min: 0, max: 59 }), s: fc.integer({ min: 0, max: 59 }),
        oneDigit: fc.boolean(), fraction: fc.constantFrom('', '.5', ',25', '.123456789') }),
      async ({ d, h, mi, s, oneDigit, fraction }) => {
        const hour = oneDigit && h < 10 ? String(h) : pad(h);
        mcp.calls.length = 0;
        await printed(['attendance', 'rules', '--date', `2026-02-${pad(d)} ${hour}:${pad(mi)}:${pad(s)}${fraction}`]);
        expect(mcp.calls.map((c) => c.arguments)).toEqual([{ date: `2026-02-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}` }]);
      }), { numRuns: 25 });
  });

  // sweep-time: '2026-03-14  9:00:00' left this list: a space in a Go layout takes a run of spaces (time/format.go
  // skip + cutspace), so Go reads it (the recorded-call golden `sweep-time: a run of spaces ...` sends it)
  it('refuses what the two layouts do not read, before any call', async () => {
    for (const date of [' 2026-03-14', '2026-03-14 ', '2026-03-14 09:00', '2026-03-14T09:00:00', '2026-03-14 09:0:00', '2026-02-30', '2026-03-14 24:00:00']) {
      mcp.calls.length = 0;
      expect({ date, ...(await refusal(['attendance', 'rules', '--date', date])) }).toEqual({ date, reason: 'invalid_parameter', out: '' });
      expect(mcp.calls).toEqual([]);
    }
  });
});

// oa approval reject reads --task-id with strconv.ParseFloat (oa.go:270@c7521c1c): Go's spellings of a number.
describe('oa approval reject sends --task-id as strconv.ParseFloat reads it', () => {
  it('reads a whole number written with underscores between its digits as that number', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 999_999_999 }), fc.integer({ min: 1, max: 8 }), async (n, at) => {
      const digits = String(n);
      const cut = Math.min(at, digits.length - 1);
      const spelled = cut > 0 ? `${digits.slice(0, cut)}_${digits.slice(cut)}` : digits;
      mcp.calls.length = 0;
      await printed(['oa', 'approval', 'reject', '--instance-id', 'i1', '--task-id', spelled, '--yes']);
      expect(mcp.calls.map((c) => c.arguments)).toEqual([{ processInstanceId: 'i1', taskId: n }]);
    }), { numRuns: 20 });
  });

  // h43-c3: what ParseFloat refuses is sent as 0, since upstream drops the error (oa.go:270@c7521c1c); before, dws refused it
  it('reads a hexadecimal float with its p exponent, and sends 0 for what Go refuses', async () => {
    mcp.calls.length = 0;
    await printed(['oa', 'approval', 'reject', '--instance-id', 'i1', '--task-id', '0x1.8p1', '--yes']);
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ processInstanceId: 'i1', taskId: 3 }]);
    for (const text of ['0x10', '1__0', '_10', '10_', 'abc']) {
      mcp.calls.length = 0;
      await printed(['oa', 'approval', 'reject', '--instance-id', 'i1', '--task-id', text, '--yes']);
      expect([text, mcp.calls.map((c) => c.arguments)]).toEqual([text, [{ processInstanceId: 'i1', taskId: 0 }]]);
    }
  });
});
