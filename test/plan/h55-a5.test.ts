// Session 55 second reading, helper a5 (issue 32), seed 20261465 (notes/h55-a5.md). One drawn command differed from its
// upstream body at c7521c1c: calendar +today, on a day whose local midnight does not exist (a daylight-saving change at
// 00:00 in the machine's zone). Upstream's window is calendarDayRange (shortcut/smart/calendar_shared.go:24-28@c7521c1c):
// time.Date(today 00:00, time.Local).AddDate(0, 0, n), then .AddDate(0, 0, 1) from that. Go resolves a wall time in a
// gap with the offset after the change, so that day's "midnight" is 23:00 of the day before, and each AddDate keeps the
// 23:00. dws built the window with JavaScript's Date, which resolves the gap the other way (01:00 of the same day). The
// siblings with the same chain are fixed too: +tomorrow (tomorrow.go:76), +conflicts (conflicts.go:84), +free-slots
// (free_slots.go:88, :106-107) and +my-free's default window (my_free.go:100-102). Each run is typed as a user types it,
// against the recording backend on 127.0.0.1, with the run's clock pinned.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { useTimeZone } from '../helpers.js';

const { sent, answer } = useOutputRuns('dws-h55a5-');

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function windowOf(argv: string[], now: number, rpc = 'calendar/list_calendar_events') {
  const run = await sent(argv, undefined, new Date(now));
  expect(run.reason).toBeUndefined();
  const call = run.calls.find(([name]) => name === rpc);
  const args = call?.[1] as { startTime: number; endTime: number };
  return [args.startTime, args.endTime];
}

describe('the day window of calendar +today and its siblings where local midnight falls in a daylight-saving gap', () => {
  describe('Atlantic/Azores (-01:00 to +00:00 at 00:00 on the last Sunday of March: 2026-03-29T01:00Z)', () => {
    useTimeZone('Atlantic/Azores');
    const sunday = Date.UTC(2026, 2, 29, 12);
    const saturday = Date.UTC(2026, 2, 28, 12);

    it('+today on the Sunday of the change: Saturday 23:00 (-01:00) to Sunday 23:00 (+00:00)', async () => {
      // time.Date(2026, 3, 29, 0, ...) is 2026-03-29T00:00Z; AddDate(0, 0, 1) of Saturday 23:00 is Sunday 23:00 at +00:00
      expect(await windowOf(['calendar', '+today'], sunday)).toEqual([Date.UTC(2026, 2, 29, 0), Date.UTC(2026, 2, 29, 23)]);
    });

    it('+tomorrow, +conflicts --in-days 1 and +free-slots --in-days 1 on the Saturday before: the same Sunday window', async () => {
      // Saturday 00:00 (-01:00) AddDate(0, 0, 1) is the Sunday's missing midnight, 2026-03-29T00:00Z; then Sunday 23:00
      const sundayWindow = [Date.UTC(2026, 2, 29, 0), Date.UTC(2026, 2, 29, 23)];
      expect(await windowOf(['calendar', '+tomorrow'], saturday)).toEqual(sundayWindow);
      expect(await windowOf(['calendar', '+conflicts', '--in-days', '1'], saturday)).toEqual(sundayWindow);
      expect(await windowOf(['calendar', '+free-slots', '--in-days', '1'], saturday)).toEqual(sundayWindow);
    });

    it('+my-free without --start/--end on the Sunday of the change: Saturday 23:00 to Sunday 23:00', async () => {
      answer('contact/get_current_user_profile', { result: { userId: 'me1' } });
      expect(await windowOf(['calendar', '+my-free'], sunday, 'calendar/query_busy_status')).toEqual([Date.UTC(2026, 2, 29, 0), Date.UTC(2026, 2, 29, 23)]);
    });

    it('on an ordinary Sunday and on the Monday after the change: local midnight to the next local midnight', async () => {
      expect(await windowOf(['calendar', '+today'], Date.UTC(2026, 2, 22, 12))).toEqual([Date.UTC(2026, 2, 22, 1), Date.UTC(2026, 2, 23, 1)]);
      expect(await windowOf(['calendar', '+today'], Date.UTC(2026, 2, 30, 12))).toEqual([Date.UTC(2026, 2, 30, 0), Date.UTC(2026, 2, 31, 0)]);
    });

    it('+tomorrow on the Sunday of the change keeps the 23:00 that the missing midnight became: Sunday 23:00 to Monday 23:00', async () => {
      // Saturday 23:00 (-01:00) AddDate(0, 0, 1) is Sunday 23:00 (+00:00), not Monday 00:00; AddDate(0, 0, 1) again Monday 23:00
      expect(await windowOf(['calendar', '+tomorrow'], Date.UTC(2026, 2, 29, 12))).toEqual([Date.UTC(2026, 2, 29, 23), Date.UTC(2026, 2, 30, 23)]);
    });
  });

  describe('America/Santiago (-04:00 to -03:00 at 00:00 on the first Sunday of September 2026)', () => {
    useTimeZone('America/Santiago');

    it('+today on the Sunday of the change: Saturday 23:00 at -04:00 to Sunday 23:00 at -03:00', async () => {
      expect(await windowOf(['calendar', '+today'], Date.UTC(2026, 8, 6, 15))).toEqual([Date.UTC(2026, 8, 6, 3), Date.UTC(2026, 8, 7, 2)]);
    });
  });

  describe('Asia/Shanghai (no daylight saving): any instant gives local midnight to the next local midnight', () => {
    useTimeZone('Asia/Shanghai');

    it('property: +today and +conflicts --in-days n from 2027 to 2099', async () => {
      await fc.assert(fc.asyncProperty(fc.integer({ min: Date.UTC(2027, 0, 1), max: Date.UTC(2099, 11, 31) }), fc.integer({ min: -3, max: 3 }), async (now, n) => {
        const day = Math.floor((now + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
        expect(await windowOf(['calendar', '+today'], now)).toEqual([day, day + DAY]);
        expect(await windowOf(['calendar', '+conflicts', '--in-days', String(n)], now)).toEqual([day + n * DAY, day + (n + 1) * DAY]);
      }), { numRuns: 8 });
    });
  });
});
