// Session 55 second reading, helper a4 (issue 32), seed 20261464 (notes/h55-a4.md). One drawn command differed from its
// upstream body at c7521c1c: calendar +week, on a day whose local midnight does not exist (a daylight-saving change at
// 00:00 in the machine's zone). Upstream builds the week from Go's time.Date and AddDate in time.Local
// (shortcut/smart/week.go:84-92@c7521c1c): time.Date resolves a wall time that falls in a gap with the offset in force
// after the change, so that day's "midnight" is 23:00 of the day before; the weekday and both AddDate steps are taken
// from that instant's own local fields. dws built the dates with JavaScript's Date, which resolves a gap with the offset
// before the change (01:00 of the same day). Each run is typed as a user types it, against the recording backend on
// 127.0.0.1, with the run's clock pinned.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { useTimeZone } from '../helpers.js';
import { goLocalDateMs } from '../../src/go-time.js';

const { sent } = useOutputRuns('dws-h55a4-');

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function week(now: number) {
  const run = await sent(['calendar', '+week'], undefined, new Date(now));
  expect(run.reason).toBeUndefined();
  const args = run.calls[0]?.[1] as { startTime: number; endTime: number };
  return [args.startTime, args.endTime];
}

describe('calendar +week in a zone whose clocks jump at midnight: the window upstream computes (week.go:84-92@c7521c1c)', () => {
  describe('Atlantic/Azores (-01:00 to +00:00 at 00:00 on the last Sunday of March)', () => {
    useTimeZone('Atlantic/Azores');

    it('on the Sunday of the change: midnight resolves to Saturday 23:00, so the week runs Monday 23:00 to Monday 23:00', async () => {
      // time.Date(2026, 3, 29, 0, ...) is 2026-03-29T00:00Z (Saturday 23:00 at -01:00): Saturday, five days after a Monday;
      // AddDate(0, 0, -5) is Monday 23 March 23:00 at -01:00, and AddDate(0, 0, 7) Monday 30 March 23:00 at +00:00
      expect(await week(Date.UTC(2026, 2, 29, 12))).toEqual([Date.UTC(2026, 2, 24, 0), Date.UTC(2026, 2, 30, 23)]);
    });

    it('on an ordinary Sunday and on the Monday after the change: local midnight of that week\'s Monday', async () => {
      expect(await week(Date.UTC(2026, 2, 22, 12))).toEqual([Date.UTC(2026, 2, 16, 1), Date.UTC(2026, 2, 23, 1)]);
      expect(await week(Date.UTC(2026, 2, 30, 12))).toEqual([Date.UTC(2026, 2, 30, 0), Date.UTC(2026, 3, 6, 0)]);
    });
  });

  describe('America/Santiago (-04:00 to -03:00 at 00:00 on the first Sunday of September 2026)', () => {
    useTimeZone('America/Santiago');

    it('on the Sunday of the change: Monday 31 August 23:00 at -04:00 to Monday 7 September 23:00 at -03:00', async () => {
      expect(await week(Date.UTC(2026, 8, 6, 15))).toEqual([Date.UTC(2026, 8, 1, 3), Date.UTC(2026, 8, 8, 2)]);
    });
  });

  describe('Asia/Shanghai (no daylight saving): any instant gives Monday 00:00 to the next Monday 00:00', () => {
    useTimeZone('Asia/Shanghai');

    it('property: the week of any instant from 2027 to 2099', async () => {
      await fc.assert(fc.asyncProperty(fc.integer({ min: Date.UTC(2027, 0, 1), max: Date.UTC(2099, 11, 31) }), async (now) => {
        const day = Math.floor((now + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
        const monday = day - ((Math.floor((day + 8 * HOUR) / DAY) + 3) % 7) * DAY;
        expect(await week(now)).toEqual([monday, monday + 7 * DAY]);
      }), { numRuns: 12 });
    });
  });
});

// goLocalDateMs is Go's time.Date in time.Local: the wall fields (overflowing ones normalized) read at the offset in force
// at (wall time as UTC) - (offset in force at the wall time as UTC), as Go's two lookups do (time.go Date).
describe('goLocalDateMs (h55-a3; h55-a4 had a second copy, goLocalDate): Go\'s time.Date in the local zone', () => {
  describe('America/New_York', () => {
    useTimeZone('America/New_York');

    it('a wall time in the spring gap takes the later offset (02:30 on 8 March 2026 is 01:30 EST); in the autumn overlap the first pass', () => {
      expect(goLocalDateMs(2026, 3, 8, 2, 30, 0)).toBe(Date.UTC(2026, 2, 8, 6, 30));
      expect(goLocalDateMs(2026, 11, 1, 1, 30, 0)).toBe(Date.UTC(2026, 10, 1, 5, 30));
    });

    it('property: away from a change it is the wall time at its own offset, as Date reads it (overflowing days included)', () => {
      fc.assert(fc.property(fc.integer({ min: 1971, max: 2099 }), fc.integer({ min: 0, max: 11 }), fc.integer({ min: -40, max: 70 }),
        fc.integer({ min: 4, max: 23 }), fc.integer({ min: 0, max: 59 }), (y, mo, d, h, mi) => {
          expect(goLocalDateMs(y, mo + 1, d, h, mi, 0)).toBe(new Date(y, mo, d, h, mi).getTime());
        }));
    });
  });

  describe('Europe/Berlin (east of UTC)', () => {
    useTimeZone('Europe/Berlin');

    it('a wall time in the autumn overlap takes the second pass (02:30 on 25 October 2026 is 02:30 CET); the spring gap the later offset', () => {
      expect(goLocalDateMs(2026, 10, 25, 2, 30, 0)).toBe(Date.UTC(2026, 9, 25, 1, 30));
      expect(goLocalDateMs(2026, 3, 29, 2, 30, 0)).toBe(Date.UTC(2026, 2, 29, 1, 30));
    });
  });
});
