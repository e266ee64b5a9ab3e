// Session 43 second reading, part a7 (issue 32, seed 20261378, notes/h43-a7.md): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the fake MCP server on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { dispatchInProcess, useTimeZone } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, env } = useOutputRuns('dws-h43a7-');

const HOUR = 3_600_000;

/** The calls a run sent at the instant `now`, as [tool, arguments]; fails the test when the run failed. */
async function callsAt(argv: string[], now: Date) {
  mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, env(), undefined, { now: () => now });
  expect(outcome.error?.envelope()).toBeUndefined();
  return mcp.calls.map((c) => [c.name, c.arguments] as [string, Record<string, unknown>]);
}

// calendar +next-event (internal/shortcut/smart/next_event.go:78-83@c7521c1c) asks for startTime now and endTime
// now.Add(7 * 24 * time.Hour): seven times 24 hours, whatever the local zone does in between. Before, dws added seven
// calendar days on the local clock, so in a zone that changes its clock within the week the window was 167 or 169 hours.
describe('calendar +next-event: the window ends 7 x 24 hours after now (now.Add(7*24h), next_event.go:80-83)', () => {
  useTimeZone('America/New_York');

  it('across the March clock change in New York the window is 168 hours, not 167', async () => {
    const now = new Date('2026-03-05T17:00:00Z');
    const [[tool, args]] = await callsAt(['calendar', '+next-event'], now);
    expect(tool).toBe('list_calendar_events');
    expect(args).toEqual({ calendarId: 'primary', startTime: now.getTime(), endTime: now.getTime() + 168 * HOUR });
  });

  it('at any instant (any week of the year, either clock change) the end is the start plus 168 hours', async () => {
    // any instant, and as often one in the fortnight around either New York clock change of a year
    const DAY = 24 * HOUR;
    const nearChange = fc.tuple(fc.integer({ min: 2020, max: 2039 }), fc.constantFrom('03-01', '10-25'), fc.integer({ min: 0, max: 14 * DAY }))
      .map(([y, md, off]) => new Date(Date.parse(`${y}-${md}T00:00:00Z`) + off));
    const anyTime = fc.integer({ min: Date.parse('2020-01-01T00:00:00Z'), max: Date.parse('2040-01-01T00:00:00Z') }).map((t) => new Date(t));
    const instant = fc.oneof(anyTime, nearChange);
    await fc.assert(fc.asyncProperty(instant, async (now) => {
      const [[, args]] = await callsAt(['calendar', '+next-event'], now);
      expect(args.startTime).toBe(now.getTime());
      expect(args.endTime).toBe(now.getTime() + 168 * HOUR);
    }), { numRuns: 40 });
  });
});

// report outbox list without --start (helpers/report.go:676@c7521c1c) starts at now.AddDate(0, 0, -20).Truncate(24h):
// twenty calendar days back on the local clock, then cut to a whole UTC day. Before, dws went twenty UTC days back, so
// in a zone that changed its clock within those days the start was a day off in the hour next to UTC midnight.
describe('report outbox list: the default start is now.AddDate(0, 0, -20) on the local clock, cut to a UTC day (report.go:676)', () => {
  useTimeZone('America/New_York');
  const DAY = 24 * HOUR;
  /** upstream's start: the local wall clock moved 20 days back (Go's AddDate), then floored to a multiple of 24 hours */
  const upstreamStart = (now: Date) => {
    const back = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 20, now.getHours(), now.getMinutes(), now.getSeconds(), now.getMilliseconds());
    return Math.floor(back.getTime() / DAY) * DAY;
  };

  it('at 23:30 UTC twelve days after the March clock change the start is 1 March, not 28 February', async () => {
    const now = new Date('2026-03-20T23:30:00Z');
    const [[tool, args]] = await callsAt(['report', 'outbox', 'list'], now);
    expect(tool).toBe('get_send_report_list');
    expect(args.startTime).toBe(Date.parse('2026-03-01T00:00:00Z'));
  });

  it('at any instant the start is upstream\'s', async () => {
    // the days after either clock change, often in the hours next to UTC midnight (where a one-hour shift changes the day)
    const nearChange = fc.tuple(fc.integer({ min: 2020, max: 2039 }), fc.constantFrom('03-08', '11-01'), fc.integer({ min: 0, max: 24 }),
      fc.oneof(fc.constantFrom(23, 0), fc.integer({ min: 0, max: 23 })), fc.integer({ min: 0, max: HOUR - 1 }))
      .map(([y, md, d, h, ms]) => new Date(Date.parse(`${y}-${md}T00:00:00Z`) + d * DAY + h * HOUR + ms));
    const anyTime = fc.integer({ min: Date.parse('2020-01-01T00:00:00Z'), max: Date.parse('2040-01-01T00:00:00Z') }).map((t) => new Date(t));
    await fc.assert(fc.asyncProperty(fc.oneof(anyTime, nearChange), async (now) => {
      const [[, args]] = await callsAt(['report', 'outbox', 'list'], now);
      expect(args.startTime).toBe(upstreamStart(now));
    }), { numRuns: 60 });
  });
});

// NEW MECHANISM utc_day_ms: Go's t.Truncate(24 * time.Hour) on epoch milliseconds. Go cuts to whole multiples of 24
// hours since its zero time (0001-01-01 UTC), which is a whole number of days before 1970, so the cut is a UTC midnight.
describe('transform utc_day_ms: Go Truncate(24h) of an instant', () => {
  const DAY = 24 * HOUR;
  const utcDay = (v: unknown) => applyTransforms(['utc_day_ms'], v, '--x', { env: {} });
  it('is the UTC midnight at or before the instant, for any instant (before 1970 too)', () => {
    fc.assert(fc.property(fc.integer({ min: -(2 ** 45), max: 2 ** 45 }), (ms) => {
      const day = utcDay(ms) as number;
      const iso = new Date(ms).toISOString();
      expect(day).toBe(Date.parse(`${iso.slice(0, iso.indexOf('T'))}T00:00:00Z`));
      expect(ms - day).toBeGreaterThanOrEqual(0);
      expect(ms - day).toBeLessThan(DAY);
    }));
  });
  it('keeps a midnight as it is, and refuses what is not epoch milliseconds', () => {
    expect(utcDay(Date.parse('2026-03-01T00:00:00Z'))).toBe(Date.parse('2026-03-01T00:00:00Z'));
    expect(utcDay(Date.parse('2026-03-01T00:00:00Z') - 1)).toBe(Date.parse('2026-02-28T00:00:00Z'));
    for (const bad of ['1', null, Number.NaN, Infinity]) expect(() => utcDay(bad)).toThrow();
  });
});
