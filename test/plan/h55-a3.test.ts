// Session 55 helper a3, second-reading audit of seed 20261463 (issue 32, notes/h55-a3.md). One drawn command differed
// from its upstream body at c7521c1c: calendar +agenda without --start/--end sends today's window as
// time.Date(y, m, d, 0, 0, 0, 0, loc) and time.Date(y, m, d, 23, 59, 59, 0, loc) (shortcut/calendar/calendar.go:100-111).
// Go's Date resolves a wall clock that a clock change skips or repeats its own way (time.go Date: the zone's offset
// looked up at the wall clock read as UTC, then again at the instant that gives when it leaves that period): a skipped
// midnight becomes 23:00 of the day before, and a repeated 23:59:59 may be its first pass. dws built these instants
// with JavaScript's Date constructor (a skipped clock an hour later), and wrote 23:59:59 as the next midnight less one
// second (the second pass of a repeated hour). So in a zone whose clock changes at midnight (America/Santiago, Havana,
// Beirut, the Azores) the window was an hour off on the days of the change. The same cause reached every command whose
// plan reads the local clock at a day or month boundary, and calendar +week's transform; each runs here as a user types
// it, with the run's clock pinned, against the recording backend on 127.0.0.1. Expected instants are written from the
// upstream bodies by UTC arithmetic on Chile's offsets (-04:00 winter, -03:00 summer; the 2024 change at
// 2024-09-08T04:00Z, 00:00 -> 01:00; the 2025 one at 2025-04-06T03:00Z, 00:00 -> 23:00), never from dws's output.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, useTimeZone } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { env, mcp, sent } = useOutputRuns('dws-h55a3-');

/** The calls a run sent at the instant `now` ([server/tool, arguments]) and its refusal reason, if any. */
async function sentAt(now: string | number, argv: string[], answers: Record<string, unknown> = {}) {
  mcp.calls.length = 0;
  for (const [k, v] of Object.entries(answers)) mcp.answers[k] = () => v;
  const outcome = await dispatchInProcess(argv, env(), undefined, { now: () => new Date(now), sleep: async () => {} });
  for (const k of Object.keys(answers)) delete mcp.answers[k];
  return { reason: outcome.error?.reason, calls: mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments] as [string, Record<string, unknown>]) };
}

const ms = (iso: string) => Date.parse(iso);

describe('calendar +agenda: the default window is Go\'s time.Date(today 00:00) .. time.Date(today 23:59:59) (calendar.go:100-111@c7521c1c)', () => {
  useTimeZone('America/Santiago');

  it('on the Sunday whose midnight Chile skips (2024-09-08) the start is 23:00 of Saturday at -04:00, as Go resolves 00:00', async () => {
    // Go: 00:00 read as UTC lies before the change (-04:00), 04:00Z lies after it (-03:00): 00:00 at -03:00 = 03:00Z
    expect(await sentAt('2024-09-08T15:00:00Z', ['calendar', '+agenda'])).toEqual({
      reason: undefined,
      calls: [['calendar/list_calendar_events', { startTime: ms('2024-09-08T03:00:00Z'), endTime: ms('2024-09-09T02:59:59Z') }]],
    });
  });

  it('on the Saturday whose last hour Chile repeats (2025-04-05) the end is the first 23:59:59 (-03:00), not the second', async () => {
    // Go: 23:59:59 read as UTC lies before the change (-03:00), and 02:59:59Z too: the first pass
    expect(await sentAt('2025-04-05T15:00:00Z', ['calendar', '+agenda'])).toEqual({
      reason: undefined,
      calls: [['calendar/list_calendar_events', { startTime: ms('2025-04-05T03:00:00Z'), endTime: ms('2025-04-06T02:59:59Z') }]],
    });
  });

  it('a typed --start/--end is sent as typed on those days', async () => {
    expect(await sentAt('2024-09-08T15:00:00Z', ['calendar', '+agenda', '--start', '2024-09-08T01:00:00-03:00', '--end', '2024-09-08T02:00:00-03:00'])).toEqual({
      reason: undefined,
      calls: [['calendar/list_calendar_events', { startTime: ms('2024-09-08T04:00:00Z'), endTime: ms('2024-09-08T05:00:00Z') }]],
    });
  });
});

/**
 * upstream's time.Date(wall clock, loc) for a zone given by its offset at an instant (Go time.go Date: offset looked up at
 * the wall clock read as UTC; when the instant that gives falls in another period, the offset there); the offsets come
 * from the runtime's IANA data through Intl, not from dws.
 */
function goDate(zone: string, y: number, mo: number, d: number, h: number, mi: number, s: number): number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const offsetAt = (t: number) => {
    const p = Object.fromEntries(format.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - Math.floor(t / 1000) * 1000;
  };
  const unix = Date.UTC(y, mo - 1, d, h, mi, s);
  const first = offsetAt(unix);
  const second = offsetAt(unix - first);
  return unix - second;
}

describe('calendar +agenda at any instant: start and end are Go\'s time.Date of today\'s wall clock (property)', () => {
  useTimeZone('America/Santiago');

  it('over the years and around each Chilean clock change', async () => {
    const DAY = 86_400_000;
    // Chile changes its clock on the first Sunday from the 2nd of April and of September (tzdata: Apr Sun>=2, Sep
    // Sun>=2): any instant from two days before such a Sunday to two days after
    const sundayFrom2nd = (y: number, mo: number) => {
      const second = Date.UTC(y, mo - 1, 2);
      return second + ((7 - new Date(second).getUTCDay()) % 7) * DAY;
    };
    const nearChange = fc.tuple(fc.integer({ min: 2023, max: 2039 }), fc.constantFrom(4, 9), fc.integer({ min: -2 * DAY, max: 3 * DAY }))
      .map(([y, mo, off]) => sundayFrom2nd(y, mo) + off);
    const anyTime = fc.integer({ min: Date.parse('2022-01-01T00:00:00Z'), max: Date.parse('2039-12-31T00:00:00Z') });
    await fc.assert(fc.asyncProperty(fc.oneof({ arbitrary: nearChange, weight: 4 }, { arbitrary: anyTime, weight: 1 }), async (now) => {
      // today's date on Santiago's clock at `now`
      const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Santiago', year: 'numeric', month: 'numeric', day: 'numeric' })
        .formatToParts(new Date(now)).map((x) => [x.type, Number(x.value)]));
      const run = await sentAt(now, ['calendar', '+agenda']);
      expect(run).toEqual({
        reason: undefined,
        calls: [['calendar/list_calendar_events', {
          startTime: goDate('America/Santiago', p.year, p.month, p.day, 0, 0, 0),
          endTime: goDate('America/Santiago', p.year, p.month, p.day, 23, 59, 59),
        }]],
      });
    }), { numRuns: 40 });
  });
});

describe('the same cause in the other commands that read the local clock at a day boundary', () => {
  useTimeZone('America/Santiago');

  it('calendar event list: today 00:00 .. 23:59:59 as Go\'s Date resolves them (helpers/calendar.go:273, :287)', async () => {
    const run = await sentAt('2025-04-05T15:00:00Z', ['calendar', 'event', 'list']);
    expect(run.reason).toBeUndefined();
    expect(run.calls[0][1]).toMatchObject({ startTime: ms('2025-04-05T03:00:00Z'), endTime: ms('2025-04-06T02:59:59Z') });
  });

  it('report outbox list: the default end is time.Date(today 23:59:59) (report.go:677), the first pass of a repeated hour', async () => {
    const run = await sentAt('2025-04-05T15:00:00Z', ['report', 'outbox', 'list']);
    expect(run.reason).toBeUndefined();
    expect(run.calls[0][1]).toMatchObject({ endTime: ms('2025-04-06T02:59:59Z') });
  });

  it('calendar +tomorrow the day before a skipped midnight: start Date(today 00:00).AddDate(0,0,1), end start.AddDate(0,0,1) (calendar_shared.go:24-28)', async () => {
    // today 2024-09-07 00:00 -04:00 = 04:00Z; +1 day is 2024-09-08 00:00, skipped: 23:00 Saturday (03:00Z);
    // the end adds a day to that clock (Saturday 23:00): Sunday 23:00 at -03:00 = 2024-09-09T02:00Z
    const run = await sentAt('2024-09-07T15:00:00Z', ['calendar', '+tomorrow']);
    expect(run.reason).toBeUndefined();
    expect(run.calls[0][1]).toMatchObject({ startTime: ms('2024-09-08T03:00:00Z'), endTime: ms('2024-09-09T02:00:00Z') });
  });

  it('calendar +conflicts --in-days 1 the day before a skipped midnight: the same window (conflicts.go:84)', async () => {
    const run = await sentAt('2024-09-07T15:00:00Z', ['calendar', '+conflicts', '--in-days', '1']);
    expect(run.reason).toBeUndefined();
    expect(run.calls[0][1]).toMatchObject({ startTime: ms('2024-09-08T03:00:00Z'), endTime: ms('2024-09-09T02:00:00Z') });
  });

  it('calendar +week on the Sunday whose midnight is skipped: Monday found from the resolved start\'s weekday (week.go:85-91)', async () => {
    // startOfDay = 23:00 Saturday 2024-09-07 (-04:00), a Saturday: back 5 days to Monday 2024-09-02 23:00 -04:00
    // (03:00Z on the 3rd); next week 7 days on from that clock: Monday 2024-09-09 23:00 -03:00 (02:00Z on the 10th)
    const run = await sentAt('2024-09-08T15:00:00Z', ['calendar', '+week']);
    expect(run.reason).toBeUndefined();
    expect(run.calls[0][1]).toMatchObject({ startTime: ms('2024-09-03T03:00:00Z'), endTime: ms('2024-09-10T02:00:00Z') });
  });

  it('on an ordinary day nothing moves: +today is local midnight to the next, +week Monday to Monday', async () => {
    // Wednesday 2024-10-16 12:00 -03:00
    const today = await sentAt('2024-10-16T15:00:00Z', ['calendar', '+today']);
    expect(today.calls[0][1]).toMatchObject({ startTime: ms('2024-10-16T03:00:00Z'), endTime: ms('2024-10-17T03:00:00Z') });
    const week = await sentAt('2024-10-16T15:00:00Z', ['calendar', '+week']);
    expect(week.calls[0][1]).toMatchObject({ startTime: ms('2024-10-14T03:00:00Z'), endTime: ms('2024-10-21T03:00:00Z') });
  });
});

// The same cause in the report lists' answer reader: a createTime text "2006-01-02 15:04" is
// time.ParseInLocation(layout, s, time.Local) (reportTimeValueToMillis internal/helpers/report.go:1346-1348@c7521c1c),
// which ends in time.Date(..., time.Local); the 日期 column is that instant on the local clock (:1302-1318).
describe('report outbox list: a createTime "YYYY-MM-DD HH:mm" in a skipped hour is read as Go\'s ParseInLocation reads it', () => {
  useTimeZone('America/Santiago');

  it.each([
    // 00:30 on the Sunday Chile skips: Go takes -03:00, 03:30Z, which is 23:30 on Saturday at -04:00
    ['2024-09-08 00:30', '2024-09-07 23:30'],
    // an ordinary time stays as written
    ['2024-10-16 09:15', '2024-10-16 09:15'],
  ])('createTime %s prints 日期 %s', async (createTime, text) => {
    mcp.answers['report/get_send_report_list'] = () => ({ result: [{ createTime, title: 't', reportId: 'r1' }] });
    const run = await sent(['report', 'outbox', 'list', '--start', '2024-10-01', '--end', '2024-10-19']);
    delete mcp.answers['report/get_send_report_list'];
    expect(run.reason).toBeUndefined();
    expect((run.printed as { result: { 日期: string }[] }).result.map((row) => row.日期)).toEqual([text]);
  });
});
