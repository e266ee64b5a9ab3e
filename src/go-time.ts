// Go's time.Parse for the layouts upstream's time readers use: one home for every layer that reads a time as Go does
// (the plan's time transforms, the calendar and report answer readers, the drive walks' entry times).

/** The parts Go's time.Parse reads from a value by a layout, or undefined where Go returns an error. */
export interface GoParts { y: number; mo: number; d: number; h: number; mi: number; s: number; ns: number; offsetSec?: number }

/**
 * Go's `time.Parse(layout, value)` for the layout elements upstream's time layouts use (`2006` four digits, `01`
 * and `02` two, `15` one or two, `04` and `05` two; after the seconds a fraction `.ddd` or `,ddd` of any length,
 * nanoseconds kept; `Z07:00` is `Z` or `+hh:mm`, `-07:00` only the latter, offsets up to 24:60; a space in the
 * layout takes one or more spaces; anything else literally). Ranges as Go checks them: month 1-12, hour < 24,
 * minute and second < 60, the day a day of that month.
 */
export function goLayoutParts(layout: string, value: string): GoParts | undefined {
  const p: GoParts = { y: 0, mo: 1, d: 1, h: 0, mi: 0, s: 0, ns: 0 };
  let v = value;
  const two = (fixed: boolean): number | undefined => {
    const m = (fixed ? /^\d\d/u : /^\d\d?/u).exec(v);
    if (!m) return undefined;
    v = v.slice(m[0].length);
    return Number(m[0]);
  };
  for (const tok of layout.match(/2006|Z07:00|-07:00|01|02|15|04|05|./gu) ?? []) {
    let n: number | undefined;
    switch (tok) {
      case '2006': {
        if (!/^\d{4}/u.test(v)) return undefined;
        p.y = Number(v.slice(0, 4));
        v = v.slice(4);
        break;
      }
      case '01': n = two(true); if (n === undefined || n < 1 || n > 12) return undefined; p.mo = n; break;
      case '02': n = two(true); if (n === undefined || n > 31) return undefined; p.d = n; break;
      case '15': n = two(false); if (n === undefined || n >= 24) return undefined; p.h = n; break;
      case '04': n = two(true); if (n === undefined || n >= 60) return undefined; p.mi = n; break;
      case '05': {
        n = two(true);
        if (n === undefined || n >= 60) return undefined;
        p.s = n;
        const f = /^[.,](\d+)/u.exec(v);
        if (f) { p.ns = Number(f[1].slice(0, 9).padEnd(9, '0')); v = v.slice(f[0].length); }
        break;
      }
      case 'Z07:00':
      case '-07:00': {
        if (tok === 'Z07:00' && v.startsWith('Z')) { p.offsetSec = 0; v = v.slice(1); break; }
        const z = /^([+-])(\d\d):(\d\d)/u.exec(v);
        if (!z || Number(z[2]) > 24 || Number(z[3]) > 60) return undefined;
        p.offsetSec = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 3600 + Number(z[3]) * 60);
        v = v.slice(6);
        break;
      }
      case ' ': {
        const sp = /^ +/u.exec(v);
        if (!sp) return undefined;
        v = v.slice(sp[0].length);
        break;
      }
      default:
        if (!v.startsWith(tok)) return undefined;
        v = v.slice(tok.length);
    }
  }
  if (v !== '' || p.d < 1 || p.d > daysIn(p.y, p.mo)) return undefined;
  return p;
}

const leapYear = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const daysIn = (y: number, mo: number) => (mo === 2 ? (leapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(mo) ? 30 : 31);

/** The wall-clock fields read as UTC -> epoch milliseconds (any year 0-9999: Date.UTC would read 0-99 as 19xx). */
export function utcMs(y: number, mo: number, d: number, h: number, mi: number, s: number): number {
  const t = new Date(0);
  t.setUTCFullYear(y, mo - 1, d);
  t.setUTCHours(h, mi, s, 0);
  const v = t.getTime();
  if (!Number.isNaN(v) || ![y, mo, d, h, mi, s].every(Number.isFinite)) return v;
  // past Date's range (±8.64e15 ms), which Go's time.Date is not bound by: the same reading in whole days, months
  // past 12 carried into the year (h56-a2)
  const years = y + Math.floor((mo - 1) / 12);
  const month = (((mo - 1) % 12) + 12) % 12 + 1;
  return (daysFromCivil(years, month, 1) + d - 1) * DAY_MS + ((h * 60 + mi) * 60 + s) * 1000;
}

const DAY_MS = 86_400_000;
/** 400 Gregorian years: the calendar, its weekdays and a zone's yearly rules repeat after them. */
const CYCLE_MS = 146_097 * DAY_MS;
/** How far JavaScript's Date reaches either side of 1970, less two days of any zone's offset. */
const DATE_REACH_MS = 8.64e15 - 2 * DAY_MS;
const YEAR_2400_MS = Date.UTC(2400, 0, 1);

/** Days from 1970-01-01 to a proleptic Gregorian date (month 1-12) of any year (H. Hinnant's days_from_civil). */
function daysFromCivil(y: number, mo: number, d: number): number {
  const yy = mo <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * ((mo + 9) % 12) + 2) / 5) + d - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

/**
 * An instant past Date's range moved by whole 400-year cycles to one Date reaches, where the machine zone keeps the
 * same offset: after year 2400 (its yearly rule by then, as Go's extend rule and the zone data's final rule), or just
 * inside the far past (before the zone's first transition, its local mean time).
 */
function withinDateReach(ms: number): number {
  if (Math.abs(ms) <= DATE_REACH_MS) return ms;
  const cycles = ms > 0 ? Math.floor((ms - YEAR_2400_MS) / CYCLE_MS) : Math.floor((ms + DATE_REACH_MS) / CYCLE_MS);
  return ms - cycles * CYCLE_MS;
}

/**
 * Go's time.Date(wall clock, zone) -> epoch ms: the zone's offset guessed at the wall clock read as UTC, looked up
 * again at the instant that gives when that falls in another period (a skipped or repeated hour), as Go's Date does
 * (time.go Date: lookup(unix), then lookup(unix - offset) when that leaves the period found). A skipped wall clock so
 * takes the later offset (an instant before the jump: 00:00 of a day whose midnight is skipped is 23:00 of the day
 * before), where JavaScript's Date constructor takes the earlier one (an instant after it).
 */
export function zoneWallMs(wall: number, offsetAt: (ms: number) => number): number {
  const guess = offsetAt(wall);
  const again = offsetAt(wall - guess);
  return wall - (again === guess ? guess : again);
}

/**
 * The machine zone's UTC offset (ms) at an instant (Go's time.Local), to the second as the zone data holds it (a local
 * mean time such as Shanghai's +08:05:43 before 1901): the local wall clock read back as UTC, minus the instant.
 * getTimezoneOffset would cut it to whole minutes.
 */
export function localOffsetMs(ms: number): number {
  const at = withinDateReach(ms);
  const d = new Date(at);
  return utcMs(d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()) + d.getMilliseconds() - at;
}

/**
 * The machine zone's wall clock at an instant (Go's t.In(time.Local) fields; month 1-12), in any year a double's whole
 * milliseconds reach: Date's getters where Date reaches, else goCivil at the zone's offset (h56-a2).
 */
export function localClock(ms: number): { y: number; mo: number; d: number; h: number; mi: number; s: number; ms: number } {
  const t = new Date(ms);
  if (!Number.isNaN(t.getTime())) {
    return { y: t.getFullYear(), mo: t.getMonth() + 1, d: t.getDate(), h: t.getHours(), mi: t.getMinutes(), s: t.getSeconds(), ms: t.getMilliseconds() };
  }
  return { ...goCivil(ms + localOffsetMs(ms), 0), ms: ms - Math.floor(ms / 1000) * 1000 };
}

/**
 * Go's time.Date(y, mo, d, h, mi, s, 0, time.Local) -> epoch ms (month 1-12; fields past their range carry over as
 * Go's Date normalizes them: day 0 is the month's eve, month 13 next January).
 */
export const goLocalDateMs = (y: number, mo: number, d: number, h: number, mi: number, s: number): number =>
  zoneWallMs(utcMs(y, mo, d, h, mi, s), localOffsetMs);

/**
 * Go's t.AddDate(0, 0, days) in time.Local on epoch ms: the wall clock the instant reads, moved by whole days, resolved
 * again as time.Date does (so a chain of AddDate calls is a chain of these, each from the clock the last one reads).
 */
export function goLocalAddDays(ms: number, days: number): number {
  const t = localClock(ms);
  return goLocalDateMs(t.y, t.mo, t.d + days, t.h, t.mi, t.s) + t.ms;
}

/**
 * Go's calendar fields of `time.UnixMilli(ms)` seen at a fixed UTC offset (seconds): whole seconds (the milliseconds
 * floored, as UnixMilli normalizes a negative remainder), in any year an int64 of milliseconds reaches (proleptic
 * Gregorian, year 0 included, as Go counts), by whole-day arithmetic rather than Date, whose range ends at year 275760.
 * The instant is a whole number of milliseconds; the split into days and seconds is exact in bigint (beyond 2^53 a
 * double's quotient by 1000 would round).
 */
export function goCivil(ms: number | bigint, offsetSec: number): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const whole = BigInt(ms);
  const secs = (whole - (((whole % 1000n) + 1000n) % 1000n)) / 1000n + BigInt(offsetSec);
  const sod = Number(((secs % 86400n) + 86400n) % 86400n);
  const days = Number((secs - BigInt(sod)) / 86400n);
  // days since 1970-01-01 -> civil date (H. Hinnant's civil_from_days, eras of 400 years from 0000-03-01)
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const mo = mp < 10 ? mp + 3 : mp - 9;
  return {
    y: yoe + era * 400 + (mo <= 2 ? 1 : 0), mo, d: doy - Math.floor((153 * mp + 2) / 5) + 1,
    h: Math.floor(sod / 3600), mi: Math.floor((sod % 3600) / 60), s: sod % 60,
  };
}

/** Go's `2006` layout element when formatting: at least four digits, a minus sign before a year below 0 (appendInt(year, 4)). */
export const goYearText = (y: number) => `${y < 0 ? '-' : ''}${String(Math.abs(y)).padStart(4, '0')}`;

/** Go's `time.UnixMilli(ms).UTC().Format(time.RFC3339Nano)`: the fraction without trailing zeros (none when zero), any year. */
export function goRfc3339NanoUtc(ms: number): string {
  const c = goCivil(ms, 0);
  const frac = ms - Math.floor(ms / 1000) * 1000;
  const two = (n: number) => String(n).padStart(2, '0');
  const fraction = frac === 0 ? '' : `.${String(frac).padStart(3, '0').replace(/0+$/u, '')}`;
  return `${goYearText(c.y)}-${two(c.mo)}-${two(c.d)}T${two(c.h)}:${two(c.mi)}:${two(c.s)}${fraction}Z`;
}

/** Go's time.RFC3339 layout. */
export const RFC3339 = '2006-01-02T15:04:05Z07:00';

/**
 * Go's `time.Parse(time.RFC3339, s)`: the instant in epoch milliseconds (the fraction cut to whole milliseconds, as
 * UnixMilli), the nanoseconds past that millisecond (0-999999, for comparing instants as Go's Before/After do) and the
 * offset it was written with, in seconds; undefined where Go returns an error.
 */
export function goRfc3339(s: string): { ms: number; subMsNs: number; offsetSec: number } | undefined {
  const p = goLayoutParts(RFC3339, s);
  if (!p || p.offsetSec === undefined) return undefined;
  const ms = utcMs(p.y, p.mo, p.d, p.h, p.mi, p.s) - p.offsetSec * 1000 + Math.floor(p.ns / 1e6);
  return { ms, subMsNs: p.ns % 1e6, offsetSec: p.offsetSec };
}
