// Issue 32 (h55-dst): every plan that moves the clock builds its local dates as upstream's Go does. Upstream takes
// today's (or this month's) midnight, or today's 23:59:59, with time.Date(..., time.Local) and moves it with AddDate,
// each AddDate reading the previous instant's own local fields (calendar_shared.go:24-28, free_slots.go:88, :107,
// my_free.go:100-102, my_attendance.go:96-97, this_month_attendance.go:96-97, calendar.go:101, :110,
// helpers/calendar.go:273, :287, :2113, :2126, helpers/report.go:676-677, at_me.go:139, search_msg.go:551@c7521c1c).
// Go resolves a wall time in a daylight-saving gap with the offset after the change (a midnight that does not exist is
// 23:00 of the day before) and an overlap east of UTC with its second pass; JavaScript's Date, which dws used, takes the
// offset before the change and the first pass. Each run is typed as a user types it against the recording backend on
// 127.0.0.1, with the run's clock pinned; the zone is the process's (useTimeZone).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { useTimeZone } from '../helpers.js';

const { sent, mcp } = useOutputRuns('dws-h55dst-');

const HOUR = 3_600_000;
const utc = (mo: number, d: number, h = 0, mi = 0, s = 0, y = 2026) => Date.UTC(y, mo - 1, d, h, mi, s);

/** The first call's arguments that carry `key` (the time window of the command). */
async function window(argv: string[], now: number, keys: [string, string] = ['startTime', 'endTime']) {
  // +my-free and +my-attendance first read who is signed in
  mcp.answers['contact/get_current_user_profile'] = () => ({ success: true, result: { userId: 'u1' } });
  const run = await sent(argv, undefined, new Date(now));
  expect(run.reason).toBeUndefined();
  const call = run.calls.find(([, a]) => JSON.stringify(a).includes(`"${keys[0]}"`));
  expect(call).toBeDefined();
  const find = (o: unknown, k: string): unknown => {
    if (o === null || typeof o !== 'object') return undefined;
    if (Object.hasOwn(o, k)) return (o as Record<string, unknown>)[k];
    for (const v of Object.values(o)) { const r = find(v, k); if (r !== undefined) return r; }
    return undefined;
  };
  return [find(call![1], keys[0]), find(call![1], keys[1])];
}

// America/Santiago: -04:00 to -03:00 at 00:00 on Sunday 6 September 2026 (Saturday 5 September is the day before).
// Go's time.Date(2026, 9, 6, 0, 0, 0, 0, Local) is 2026-09-06T03:00Z (Saturday 23:00 at -04:00).
const GAP_SUNDAY = utc(9, 6, 15); // 12:00 at -03:00
const GAP_SATURDAY = utc(9, 5, 15); // 11:00 at -04:00
const ORDINARY_SUNDAY = utc(9, 13, 15); // a week later, -03:00 all day
const GO_MIDNIGHT = utc(9, 6, 3); // time.Date of the missing midnight
const SUNDAY_2300 = utc(9, 7, 2); // AddDate(0, 0, 1) from Saturday 23:00: Sunday 23:00 at -03:00

describe('America/Santiago, a midnight in a daylight-saving gap', () => {
  useTimeZone('America/Santiago');

  describe('today 00:00 to today 23:59:59 (calendar +agenda calendar.go:101, :110; event list helpers/calendar.go:273, :287; event instances :2113, :2126)', () => {
    const commands = [['calendar', '+agenda'], ['calendar', 'event', 'list'], ['calendar', 'event', 'instances', '--id', 'ev1']];
    it.each(commands)('%s %s on the day of the change: Saturday 23:00 at -04:00 to Sunday 23:59:59 at -03:00', async (...argv) => {
      expect(await window(argv, GAP_SUNDAY)).toEqual([GO_MIDNIGHT, utc(9, 7, 2, 59, 59)]);
    });
    it.each(commands)('%s %s the day before (whose 23:59:59 is one second before the gap) and on an ordinary day', async (...argv) => {
      expect(await window(argv, GAP_SATURDAY)).toEqual([utc(9, 5, 4), utc(9, 6, 3, 59, 59)]);
      expect(await window(argv, ORDINARY_SUNDAY)).toEqual([utc(9, 13, 3), utc(9, 14, 2, 59, 59)]);
    });
  });

  describe('today 00:00 and AddDate(0, 0, 1) (calendar +today calendar_shared.go:24-28, calendar +my-free my_free.go:100-102)', () => {
    const commands = [['calendar', '+today'], ['calendar', '+my-free']];
    it.each(commands)('%s %s on the day of the change: Saturday 23:00 to Sunday 23:00', async (...argv) => {
      expect(await window(argv, GAP_SUNDAY)).toEqual([GO_MIDNIGHT, SUNDAY_2300]);
    });
    it.each(commands)('%s %s on the day before: its end is the missing midnight, Saturday 23:00', async (...argv) => {
      expect(await window(argv, GAP_SATURDAY)).toEqual([utc(9, 5, 4), GO_MIDNIGHT]);
    });
    it.each(commands)('%s %s on an ordinary day: local midnights', async (...argv) => {
      expect(await window(argv, ORDINARY_SUNDAY)).toEqual([utc(9, 13, 3), utc(9, 14, 3)]);
    });
  });

  describe('today 00:00, AddDate(0, 0, n), then AddDate(0, 0, 1) (+tomorrow, +conflicts and +free-slots --in-days 1: calendar_shared.go:24-28, free_slots.go:88, :107)', () => {
    const commands = [['calendar', '+tomorrow'], ['calendar', '+conflicts', '--in-days', '1'], ['calendar', '+free-slots', '--in-days', '1']];
    it.each(commands)('%s %s on the day before the change: the missing midnight, then Sunday 23:00 (not Monday 00:00)', async (...argv) => {
      expect(await window(argv, GAP_SATURDAY)).toEqual([GO_MIDNIGHT, SUNDAY_2300]);
    });
    it.each(commands)('%s %s on the day of the change: Sunday 23:00 to Monday 23:00', async (...argv) => {
      expect(await window(argv, GAP_SUNDAY)).toEqual([SUNDAY_2300, utc(9, 8, 2)]);
    });
    it.each(commands)('%s %s on an ordinary day: local midnights', async (...argv) => {
      expect(await window(argv, ORDINARY_SUNDAY)).toEqual([utc(9, 14, 3), utc(9, 15, 3)]);
    });
  });

  describe('attendance +my-attendance: today 00:00 and AddDate(0, 0, 1) as local text (my_attendance.go:96-97)', () => {
    const keys: [string, string] = ['checkDateFrom', 'checkDateTo'];
    it('on the day of the change: "2026-09-05 23:00:00" to "2026-09-06 23:00:00"', async () => {
      expect(await window(['attendance', '+my-attendance'], GAP_SUNDAY, keys)).toEqual(['2026-09-05 23:00:00', '2026-09-06 23:00:00']);
    });
    it('on the day before: the end is the missing midnight, "2026-09-05 23:00:00"', async () => {
      expect(await window(['attendance', '+my-attendance'], GAP_SATURDAY, keys)).toEqual(['2026-09-05 00:00:00', '2026-09-05 23:00:00']);
    });
    it('on an ordinary day', async () => {
      expect(await window(['attendance', '+my-attendance'], ORDINARY_SUNDAY, keys)).toEqual(['2026-09-13 00:00:00', '2026-09-14 00:00:00']);
    });
  });

  describe('report outbox list: today 23:59:59 and now.AddDate(0, 0, -20) cut to a UTC day (report.go:676-677)', () => {
    it('on the day of the change and on an ordinary day', async () => {
      expect(await window(['report', 'outbox', 'list'], GAP_SUNDAY)).toEqual([utc(8, 17), utc(9, 7, 2, 59, 59)]);
      expect(await window(['report', 'outbox', 'list'], GAP_SATURDAY)).toEqual([utc(8, 16), utc(9, 6, 3, 59, 59)]);
      expect(await window(['report', 'outbox', 'list'], ORDINARY_SUNDAY)).toEqual([utc(8, 24), utc(9, 14, 2, 59, 59)]);
    });
  });

  describe('now.AddDate(0, 0, -days) at the clock time (chat +at-me at_me.go:139, chat +search-msg search_msg.go:551)', () => {
    const commands = [['chat', '+at-me', '--days', '1'], ['chat', '+search-msg', '--query', 'q', '--days', '1']];
    it.each(commands)('%s %s on Monday 00:30: Sunday 00:30 does not exist, Go reads it at -03:00 (Saturday 23:30 at -04:00)', async (...argv) => {
      const now = utc(9, 7, 3, 30);
      expect(await window(argv, now)).toEqual([utc(9, 6, 3, 30), now]);
    });
    it.each(commands)('%s %s on an ordinary day: 24 hours back', async (...argv) => {
      const now = utc(9, 14, 3, 30);
      expect(await window(argv, now)).toEqual([now - 24 * HOUR, now]);
    });
  });
});

describe('America/Asuncion: -04:00 to -03:00 at 00:00 on Sunday 1 October 2023 (attendance +this-month this_month_attendance.go:96-97)', () => {
  useTimeZone('America/Asuncion');
  const keys: [string, string] = ['checkDateFrom', 'checkDateTo'];

  it('in October: the month starts at "2023-09-30 23:00:00" and AddDate(0, 1, 0) keeps 23:00', async () => {
    expect(await window(['attendance', '+this-month'], Date.UTC(2023, 9, 15, 15), keys)).toEqual(['2023-09-30 23:00:00', '2023-10-30 23:00:00']);
  });
  it('in September: the month ends at the missing midnight, "2023-09-30 23:00:00"', async () => {
    expect(await window(['attendance', '+this-month'], Date.UTC(2023, 8, 15, 15), keys)).toEqual(['2023-09-01 00:00:00', '2023-09-30 23:00:00']);
  });
  it('in November (ordinary): first day to first day', async () => {
    expect(await window(['attendance', '+this-month'], Date.UTC(2023, 10, 15, 15), keys)).toEqual(['2023-11-01 00:00:00', '2023-12-01 00:00:00']);
  });
});

describe('Europe/Berlin: the repeated hour 02:00-03:00 on Sunday 25 October 2026 (east of UTC: Go takes its second pass)', () => {
  useTimeZone('Europe/Berlin');
  const commands = [['chat', '+at-me', '--days', '1'], ['chat', '+search-msg', '--query', 'q', '--days', '1']];

  it.each(commands)('%s %s on Monday 02:30: Sunday 02:30 is read as 02:30 CET', async (...argv) => {
    const now = utc(10, 26, 1, 30);
    expect(await window(argv, now)).toEqual([utc(10, 25, 1, 30), now]);
  });
  it.each(commands)('%s %s on Monday 04:30: Sunday 04:30 CET, 25 hours back', async (...argv) => {
    const now = utc(10, 26, 3, 30);
    expect(await window(argv, now)).toEqual([now - 24 * HOUR, now]);
  });
  it('calendar +agenda on the day of the change: midnight at +02:00 to 23:59:59 at +01:00', async () => {
    expect(await window(['calendar', '+agenda'], utc(10, 25, 12))).toEqual([utc(10, 24, 22), utc(10, 25, 22, 59, 59)]);
  });
});

// The reference: Go's time.Date and AddDate written from civil-day arithmetic (days from a civil date and back, H.
// Hinnant's algorithms) and the zone's offsets as Intl reports them, independent of Date's local arithmetic and of
// src/go-time.ts. time.Date reads the wall time as UTC, takes the offset in force there (none when it is 0), and, where
// the instant that gives falls in another period, the offset in force at that instant (Go's src/time/time.go Date).
const DAY = 24 * HOUR;
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetMs(zone: string, ms: number): number {
  let f = offsetFormats.get(zone);
  if (!f) offsetFormats.set(zone, f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }));
  const m = /GMT(?:([+-])(\d\d):(\d\d))?/u.exec(f.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')!.value)!;
  return m[1] === undefined ? 0 : (m[1] === '-' ? -1 : 1) * (Number(m[2]) * HOUR + Number(m[3]) * 60_000);
}
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}
function civilFromDays(z0: number): [number, number, number] {
  const z = z0 + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, doy - Math.floor((153 * mp + 2) / 5) + 1];
}
/** the local fields of an instant: [y, month 1-12, d, ms into the day] */
function fieldsOf(zone: string, t: number): [number, number, number, number] {
  const local = t + offsetMs(zone, t);
  const days = Math.floor(local / DAY);
  return [...civilFromDays(days), local - days * DAY];
}
function goDate(zone: string, y: number, m: number, d: number, msOfDay: number): number {
  const months = y * 12 + (m - 1);
  const ny = Math.floor(months / 12);
  const wall = (daysFromCivil(ny, months - ny * 12 + 1, 1) + d - 1) * DAY + msOfDay;
  const first = offsetMs(zone, wall);
  return first === 0 ? wall : wall - offsetMs(zone, wall - first);
}
const addDate = (zone: string, t: number, days: number) => {
  const [y, m, d, ms] = fieldsOf(zone, t);
  return goDate(zone, y, m, d + days, ms);
};
/** the days 2024-2030 on which the zone's offset changes (found at noon UTC), for instants near a change */
function changeDays(zone: string): number[] {
  const out: number[] = [];
  for (let t = Date.UTC(2024, 0, 1, 12); t < Date.UTC(2031, 0, 1); t += DAY) if (offsetMs(zone, t) !== offsetMs(zone, t - DAY)) out.push(t - DAY);
  return out;
}

describe('property: the windows equal Go\'s time.Date/AddDate built from civil days and the zone\'s offsets, near every clock change 2024-2030', () => {
  for (const zone of ['America/Santiago', 'America/Havana', 'Africa/Cairo', 'Europe/Berlin']) {
    describe(zone, () => {
      useTimeZone(zone);
      const days = changeDays(zone);
      // an instant within two days either side of a change day, at any minute
      const instant = fc.tuple(fc.integer({ min: 0, max: days.length - 1 }), fc.integer({ min: -2 * DAY, max: 3 * DAY - 1 }))
        .map(([i, off]) => days[i] + Math.floor(off / 60_000) * 60_000);

      it('calendar +conflicts --in-days n: today 00:00, AddDate(0, 0, n), then AddDate(0, 0, 1)', async () => {
        expect(days.length).toBeGreaterThan(5);
        await fc.assert(fc.asyncProperty(instant, fc.integer({ min: -3, max: 3 }), async (now, n) => {
          const [y, m, d] = fieldsOf(zone, now);
          const start = addDate(zone, goDate(zone, y, m, d, 0), n);
          expect(await window(['calendar', '+conflicts', '--in-days', String(n)], now)).toEqual([start, addDate(zone, start, 1)]);
        }), { numRuns: 20 });
      });

      it('calendar +agenda: today 00:00 and today 23:59:59', async () => {
        await fc.assert(fc.asyncProperty(instant, async (now) => {
          const [y, m, d] = fieldsOf(zone, now);
          expect(await window(['calendar', '+agenda'], now)).toEqual([goDate(zone, y, m, d, 0), goDate(zone, y, m, d, DAY - 1000)]);
        }), { numRuns: 15 });
      });

      it('chat +at-me --days n: now.AddDate(0, 0, -n) at the clock time', async () => {
        await fc.assert(fc.asyncProperty(instant, fc.integer({ min: 1, max: 3 }), async (now, n) => {
          expect(await window(['chat', '+at-me', '--days', String(n)], now)).toEqual([addDate(zone, now, -n), now]);
        }), { numRuns: 15 });
      });
    });
  }
});
