// The guard of h51-clock: commands that read the clock send what upstream sends on ANY day, not only on the day a
// test was written. Each run pins `now` (dispatchInProcess's clock) to dates drawn over the years ahead, including the
// boundaries where a calendar rule turns (a year's first minutes in Beijing, the 1st of March after February, a leap
// day, a Sunday night before a Monday), and the calls are compared with values written from the upstream bodies
// (@c7521c1c) by plain UTC arithmetic on the Beijing wall clock (UTC+8 all year), never from dws's output.
// The rule this file stands for (DEVELOPERS.md, Testing): a test that types a date into a command that reads the clock
// pins `now`, or types a date far ahead (2099).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, useTimeZone } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { env, mcp } = useOutputRuns('dws-clock-');

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BEIJING = 8 * HOUR;

/** The boundaries named in the brief, as instants: 00:05 on 2027-01-01 in Beijing, 2027-03-01, 2028-02-29, 2031-07-16. */
const BOUNDARIES = [
  Date.UTC(2026, 11, 31, 16, 5), // 2027-01-01 00:05 Beijing
  Date.UTC(2027, 1, 28, 16, 0, 30), // 2027-03-01 00:00:30 Beijing, the day after February's last
  Date.UTC(2028, 1, 28, 17, 59, 59, 999), // 2028-02-29 01:59:59.999 Beijing, a leap day
  Date.UTC(2031, 6, 16, 4), // 2031-07-16 12:00 Beijing
  Date.UTC(2027, 0, 3, 15, 59, 59, 500), // Sunday 2027-01-03 23:59:59.5 Beijing, the last moment of a week
];

/** Any instant from 2027 to 2099, to the millisecond; the named boundaries are tried first. */
const instants = fc.oneof(fc.constantFrom(...BOUNDARIES), fc.integer({ min: Date.UTC(2027, 0, 1), max: Date.UTC(2099, 11, 31) }));

/** A Beijing wall-clock time as RFC 3339 with +08:00, whole seconds (what a user types). */
const rfc3339 = (ms: number) => new Date(ms + BEIJING).toISOString().replace(/\.\d{3}Z$/u, '+08:00');

/** The start of the Beijing day `ms` falls in, as an instant. */
const beijingDay = (ms: number) => Math.floor((ms + BEIJING) / DAY) * DAY - BEIJING;

/** The calls a run sent with the clock at `now` ([server/tool, arguments]), or its refusal reason. */
async function sentAt(now: number, argv: string[]): Promise<{ reason?: string; calls: [string, Record<string, unknown>][] }> {
  mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, env(), undefined, { now: () => new Date(now), sleep: async () => {} });
  return { reason: outcome.error?.reason, calls: mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments]) };
}

const RUNS = { numRuns: 12 };

describe('commands that read the clock send what upstream sends on any date (Beijing clock)', () => {
  useTimeZone('Asia/Shanghai');

  it('room search: a future slot is sent as typed; a past start becomes now + 1 minute in whole seconds; a past end is refused (helpers/calendar.go:1069-1098)', async () => {
    await fc.assert(fc.asyncProperty(instants, fc.integer({ min: 1, max: 90 * 24 * 60 }), fc.integer({ min: 1, max: 8 * 60 }), async (now, aheadMin, lengthMin) => {
      // whole seconds, as typed: a start strictly after now stays
      const start = Math.floor(now / SECOND) * SECOND + aheadMin * MINUTE;
      const end = start + lengthMin * MINUTE;
      expect(await sentAt(now, ['calendar', 'room', 'search', '--start', rfc3339(start), '--end', rfc3339(end)])).toEqual({
        reason: undefined, calls: [['calendar/query_available_meeting_room', { startTime: start, endTime: end }]],
      });
      // a start not after now: now.Add(time.Minute).Format(time.RFC3339), read back (the fraction dropped)
      const pastStart = Math.floor(now / SECOND) * SECOND - aheadMin * MINUTE;
      const laterEnd = Math.floor(now / SECOND) * SECOND + 2 * HOUR + lengthMin * MINUTE;
      expect(await sentAt(now, ['calendar', 'room', 'search', '--start', rfc3339(pastStart), '--end', rfc3339(laterEnd)])).toEqual({
        reason: undefined, calls: [['calendar/query_available_meeting_room', { startTime: Math.floor((now + MINUTE) / SECOND) * SECOND, endTime: laterEnd }]],
      });
      // an end not after now is refused before any call
      const pastEnd = Math.floor(now / SECOND) * SECOND - (lengthMin - 1) * MINUTE;
      expect(await sentAt(now, ['calendar', 'room', 'search', '--start', rfc3339(pastStart), '--end', rfc3339(pastEnd)])).toEqual({ reason: 'invalid_parameter', calls: [] });
      // neither given: now + 1 minute to now + 1 hour, each in whole seconds
      expect(await sentAt(now, ['calendar', 'room', 'search'])).toEqual({
        reason: undefined,
        calls: [['calendar/query_available_meeting_room', { startTime: Math.floor((now + MINUTE) / SECOND) * SECOND, endTime: Math.floor((now + HOUR) / SECOND) * SECOND }]],
      });
    }), RUNS);
  });

  it('+today, +tomorrow and +week read the local day and the Monday that starts its week (shortcut/smart/calendar_shared.go:24-28, week.go:84-92)', async () => {
    await fc.assert(fc.asyncProperty(instants, async (now) => {
      const today = beijingDay(now);
      // 1970-01-01 was a Thursday: (days since then + 3) % 7 is the days since Monday
      const sinceMonday = (Math.floor((today + BEIJING) / DAY) + 3) % 7;
      const monday = today - sinceMonday * DAY;
      const [t, m, w] = [await sentAt(now, ['calendar', '+today']), await sentAt(now, ['calendar', '+tomorrow']), await sentAt(now, ['calendar', '+week'])];
      expect([t.reason, m.reason, w.reason]).toEqual([undefined, undefined, undefined]);
      expect([t.calls[0]?.[1], m.calls[0]?.[1], w.calls[0]?.[1]]).toEqual([
        expect.objectContaining({ startTime: today, endTime: today + DAY }),
        expect.objectContaining({ startTime: today + DAY, endTime: today + 2 * DAY }),
        expect.objectContaining({ startTime: monday, endTime: monday + 7 * DAY }),
      ]);
    }), RUNS);
  });

  it('chat message search without a range: the 7 x 24 hours before now, in whole seconds (helpers/chat.go:869-887, :901-918)', async () => {
    await fc.assert(fc.asyncProperty(instants, async (now) => {
      const end = Math.floor(now / SECOND) * SECOND;
      const run = await sentAt(now, ['chat', 'message', 'search', '--query', '周报']);
      expect(run.reason).toBeUndefined();
      expect(run.calls[0]?.[1]).toEqual(expect.objectContaining({ keyword: '周报', startTime: end - 7 * DAY, endTime: end }));
    }), RUNS);
  });

  it('report outbox list without a range: 20 days back cut to a UTC midnight, to today 23:59:59 (helpers/report.go:670-677)', async () => {
    await fc.assert(fc.asyncProperty(instants, async (now) => {
      const run = await sentAt(now, ['report', 'outbox', 'list']);
      expect(run.reason).toBeUndefined();
      // Beijing keeps no summer time, so AddDate(0, 0, -20) is 20 x 24 hours; Truncate(24h) cuts at a UTC midnight
      expect(run.calls[0]?.[1]).toEqual(expect.objectContaining({
        startTime: Math.floor((now - 20 * DAY) / DAY) * DAY, endTime: beijingDay(now) + DAY - SECOND,
      }));
    }), RUNS);
  });
});

describe('a clock read in a zone with summer time (New York)', () => {
  useTimeZone('America/New_York');

  it('room search in the repeated hour of 2027-11-07 (01:30 EST, the second pass) defaults from that instant, not the first pass an hour earlier (helpers/calendar.go:1069, :1087-1094)', async () => {
    const now = Date.UTC(2027, 10, 7, 6, 30, 0, 250); // 01:30:00.250 EST
    expect(await sentAt(now, ['calendar', 'room', 'search'])).toEqual({
      reason: undefined,
      calls: [['calendar/query_available_meeting_room', { startTime: Date.UTC(2027, 10, 7, 6, 31), endTime: Date.UTC(2027, 10, 7, 7, 30) }]],
    });
    // an end 30 minutes ago (01:00 EST, after the first pass's 01:30 EDT) is past: refused
    expect(await sentAt(now, ['calendar', 'room', 'search', '--end', '2027-11-07T01:00:00-05:00'])).toEqual({ reason: 'invalid_parameter', calls: [] });
  });
});
