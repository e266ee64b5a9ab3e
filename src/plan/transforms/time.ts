// Time transforms: dates and times of the forms upstream accepts, to epoch milliseconds or normalized text, and
// times relative to now. "Now" is the run's one clock reading (TransformContext.now), never a fresh one.
import { INTEGER, refuse, type Fn, type TransformContext } from './types.js';
import { trimSpace } from '../../text/space.js';
import { goInt64 } from '../../json-number.js';
import { goCivil, goLayoutParts, goLocalAddDays, goLocalDateMs, goRfc3339, goRfc3339NanoUtc, goYearText, localOffsetMs, utcMs, zoneWallMs, type GoParts } from '../../go-time.js';

// A local date or date-time as upstream's attendance and contact helpers read one (parseDateToTimestamp,
// helpers/attendance.go:119-136; flexMillis/flexDateTime/dateToMillis, shortcut/attendance/attendance.go:64-101
// @c7521c1c): the text trimmed, then Go's layout 2006-01-02 15:04:05, else 2006-01-02, in time.Local.
const LOCAL_LAYOUTS = ['2006-01-02 15:04:05', '2006-01-02'] as const;

/** A local date or date-time -> its parts (no clock for a bare date), read as Go reads LOCAL_LAYOUTS. */
function dateParts(v: unknown, where: string): GoParts & { bare: boolean } {
  const text = typeof v === 'string' ? trimSpace(v) : undefined;
  for (const layout of LOCAL_LAYOUTS) {
    const p = text === undefined ? undefined : goLayoutParts(layout, text);
    if (p) return { ...p, bare: layout === '2006-01-02' };
  }
  return refuse(where, v, 'a date (YYYY-MM-DD or YYYY-MM-DD HH:mm:ss)');
}

const pad = (n: number) => String(n).padStart(2, '0');

// 400 Gregorian years in milliseconds: the calendar and its weekdays repeat after them, and so does a zone's yearly rule
const CYCLE_MS = 146097 * 86_400_000;
// the instants JavaScript's Date holds (+-8.64e15 ms), a day in from each end so that the wall clock there is one too
const DATE_REACH_MS = 8.64e15 - 86_400_000;

/**
 * The machine zone's UTC offset (seconds) at any instant, as Go's time.Local looks it up. Beyond Date's range (about
 * year +-275,000) the instant is moved by whole 400-year cycles to one inside it: before the zone's first transition
 * every instant has the zone's first offset, and after its last one the zone's yearly rule repeats (Go's tzset of the
 * zone data's footer, as the runtime's own zone data does), so both sides give the offset the far instant has.
 */
function localOffsetSec(ms: bigint): number {
  const reach = BigInt(DATE_REACH_MS);
  const cycle = BigInt(CYCLE_MS);
  let at = ms;
  if (at > reach) at -= ((at - reach) / cycle + 1n) * cycle;
  else if (at < -reach) at += ((-reach - at) / cycle + 1n) * cycle;
  return localOffsetMs(Number(at)) / 1000;
}

/**
 * Go's `time.UnixMilli(ms)` in time.Local: its calendar fields and offset (seconds), for any int64 of milliseconds (the
 * year past Date's +-275,760 too: h55-left; before, the transforms refused beyond 8.64e15 ms)
 */
function localCivil(ms: bigint): ReturnType<typeof goCivil> & { offsetSec: number } {
  const offsetSec = localOffsetSec(ms);
  return { ...goCivil(ms, offsetSec), offsetSec };
}

/** Go's time.Date(parts, time.Local) -> epoch ms (a skipped or repeated wall clock resolved as Go resolves it). */
function localMs(p: GoParts): number {
  return goLocalDateMs(p.y, p.mo, p.d, p.h, p.mi, p.s) + Math.floor(p.ns / 1e6);
}

// a bare date at the end of its day: Go's t.Add(23h59m59s) after its midnight (an elapsed time, not a wall clock)
const END_OF_DAY_MS = (23 * 3600 + 59 * 60 + 59) * 1000;

const dateMs = (end: boolean): Fn => (v, where) => {
  const p = dateParts(v, where);
  return localMs(p) + (p.bare && end ? END_OF_DAY_MS : 0);
};

/** -> `YYYY-MM-DD HH:mm:ss`, Go's t.Format of the local time read (a bare date at 00:00:00, or 23:59:59 for an end) */
const dateText = (end: boolean): Fn => (v, where) => {
  const p = dateParts(v, where);
  if (p.bare && end) return `${String(p.y).padStart(4, '0')}-${pad(p.mo)}-${pad(p.d)} 23:59:59`;
  const d = new Date(localMs(p));
  return `${String(d.getFullYear()).padStart(4, '0')}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

// The time forms upstream accepts for a time flag (ParseISOTimeToMillis, pkg/cmdutil/time.go:24-84@c7521c1c): the
// text trimmed and stripped of quotes; 13 digits are epoch ms, 10 digits epoch seconds; else the first of its layouts
// that Go's time.ParseInLocation accepts, read as Go reads a layout (goLayoutParts); a time without Z or an offset is
// Asia/Shanghai wall time (with that zone's history: LMT before 1901, summer time 1986-1991).
const FLEX_LAYOUTS: readonly string[] = [
  '2006-01-02T15:04:05Z07:00', // time.RFC3339
  '2006-01-02T15:04:05Z',
  '2006-01-02T15:04:05-07:00',
  '2006-01-02T15:04:05',
  '2006-01-02 15:04:05',
  '2006-01-02T15:04',
  '2006-01-02 15:04',
  '2006-01-02',
  '2006/01/02 15:04:05',
  '2006/01/02',
  '20060102',
];
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

let shanghaiFormat: Intl.DateTimeFormat | undefined;
/** Asia/Shanghai's UTC offset (ms, whole seconds) at an instant, from the IANA data the runtime carries. */
function shanghaiOffsetMs(ms: number): number {
  shanghaiFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', hourCycle: 'h23', era: 'short', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const whole = Math.floor(ms / 1000) * 1000;
  const f: Record<string, string> = {};
  for (const part of shanghaiFormat.formatToParts(new Date(whole))) f[part.type] = part.value;
  const year = f.era === 'BC' || f.era === 'B' ? 1 - Number(f.year) : Number(f.year);
  return utcMs(year, Number(f.month), Number(f.day), Number(f.hour), Number(f.minute), Number(f.second)) - whole;
}

/**
 * The first of `layouts` Go's time.ParseInLocation(layout, text, Asia/Shanghai) accepts -> epoch ms (a time without
 * Z or an offset is Shanghai wall time); undefined when none does.
 */
export function parseLayoutsMs(text: string, layouts: readonly string[]): number | undefined {
  for (const layout of layouts) {
    const p = goLayoutParts(layout, text);
    if (!p) continue;
    const wall = utcMs(p.y, p.mo, p.d, p.h, p.mi, p.s);
    const second = p.offsetSec === undefined ? zoneWallMs(wall, shanghaiOffsetMs) : wall - p.offsetSec * 1000;
    return second + Math.floor(p.ns / 1e6);
  }
  return undefined;
}

/** upstream ParseISOTimeToMillis -> epoch ms, or undefined for a text it refuses. */
export function parseFlexTime(v: unknown): number | undefined {
  const text = typeof v === 'string' ? trimSpace(v).replace(/^["']+|["']+$/gu, '') : typeof v === 'number' ? String(v) : '';
  if (/^\d{13}$/u.test(text)) return Number(text);
  if (/^\d{10}$/u.test(text)) return Number(text) * 1000;
  return parseLayoutsMs(text, FLEX_LAYOUTS);
}

const flexTimeMs: Fn = (v, where) =>
  parseFlexTime(v) ?? refuse(where, v, 'a time (2026-03-23T14:00:00+08:00, 2026-03-23 14:00:00, 2026-03-23, or epoch seconds/milliseconds)');

/**
 * epoch ms -> Go's time.UnixMilli(ms).In(time.FixedZone(+08:00)).Format(time.RFC3339): whole seconds at +08:00, the
 * year as Go writes it (10000 and on in full, -0001 below year 0; h54-a1: before, a year outside 0-9999 was refused)
 */
const shanghaiRfc3339: Fn = (v, where) => {
  const ms = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/u.test(trimSpace(v)) ? Number(trimSpace(v)) : NaN;
  if (!Number.isSafeInteger(ms)) return refuse(where, v, 'epoch milliseconds');
  const c = goCivil(ms, SHANGHAI_OFFSET_MS / 1000);
  return `${goYearText(c.y)}-${pad(c.mo)}-${pad(c.d)}T${pad(c.h)}:${pad(c.mi)}:${pad(c.s)}+08:00`;
};

// A message time -> its whole second (epoch ms) and its nine fraction digits ('' when none). Upstream
// parseDingTalkMessageTime (smart/message_time_range.go:149-160@c7521c1c): the text trimmed (by the callers), then Go's
// time.RFC3339, else 2006-01-02 15:04:05 or 2006-01-02 at the fixed +08:00 zone, each read by goLayoutParts (an
// upper-case T and Z only, a one-digit hour, a `.`/`,` fraction kept to nanoseconds, a run of spaces).
const MESSAGE_LAYOUTS = [FLEX_LAYOUTS[0], '2006-01-02 15:04:05', '2006-01-02'] as const;

function messageTime(text: string): { second: number; fraction: string } | undefined {
  for (const layout of MESSAGE_LAYOUTS) {
    const p = goLayoutParts(layout, text);
    if (!p) continue;
    const offsetMs = p.offsetSec === undefined ? SHANGHAI_OFFSET_MS : p.offsetSec * 1000;
    return { second: utcMs(p.y, p.mo, p.d, p.h, p.mi, p.s) - offsetMs, fraction: p.ns ? String(p.ns).padStart(9, '0') : '' };
  }
  return undefined;
}

/** upstream unixMessageTime: a number within +-1e12 counts seconds, any other milliseconds. */
const unixMessageMs = (n: number) => (n > -1e12 && n < 1e12 ? n * 1000 : n);

const nowOf = (ctx: TransformContext) => ctx.now ?? new Date();

// text around which Go's spaces go (strings.TrimSpace: U+0085 is one, U+FEFF is not)
const wholeNumber = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && INTEGER.test(trimSpace(v)) ? Number(trimSpace(v)) : NaN);

export const PLAIN: Record<string, Fn> = {
  date_ms: dateMs(false),
  date_end_ms: dateMs(true),
  datetime: dateText(false),
  datetime_end: dateText(true),
  /**
   * epoch milliseconds (a JSON number, truncated as Go's int64(v)) -> local `YYYY-MM-DD HH:mm:ss` (time.UnixMilli(ms).Format),
   * the year as Go writes it (h54-a1: before, year 1 was `1-01-01`, Go's `0001-01-01`), in any year an int64 reaches
   * (h55-left: before, beyond 8.64e15 ms was refused); a number outside int64 is refused (goInt64: Go's conversion
   * there depends on the platform)
   */
  ms_to_datetime: (v, where) => {
    const ms = typeof v === 'number' ? goInt64(v) : undefined;
    if (ms === undefined) return refuse(where, v, 'epoch milliseconds');
    const c = localCivil(ms);
    return `${goYearText(c.y)}-${pad(c.mo)}-${pad(c.d)} ${pad(c.h)}:${pad(c.mi)}:${pad(c.s)}`;
  },
  /**
   * Go's `time.Parse(time.RFC3339, v).UnixMilli()` (the shortcuts' parseMillis, calendar.go:34@c7521c1c, and its
   * copies): the layout read as goLayoutParts reads it (seconds required, a fraction after them, Z or an offset);
   * the text trimmed first
   */
  iso_ms: (v, where) => {
    const t = typeof v === 'string' ? goRfc3339(trimSpace(v)) : undefined;
    return t ? t.ms : refuse(where, v, 'an ISO-8601 time with an offset (e.g. 2026-03-10T14:00:00+08:00)');
  },
  /**
   * Go's `float64(time.Parse(time.RFC3339Nano, v).UnixNano())` (minutesdata timestamp, response.go:385-412@c7521c1c):
   * the text trimmed and read as iso_ms reads it, the instant in whole nanoseconds rounded to a float64 as Go converts
   * an int64; absent where Go's parse fails (that reader then tries the next key)
   */
  rfc3339_unix_nano: (v) => {
    const t = typeof v === 'string' ? goRfc3339(trimSpace(v)) : undefined;
    return t && Number(BigInt(t.ms) * 1_000_000n + BigInt(t.subMsNs));
  },
  flex_time_ms: flexTimeMs,
  shanghai_rfc3339: shanghaiRfc3339,
  /**
   * a positive whole number of epoch milliseconds (a JSON number or its decimal text) -> Go's
   * `time.UnixMilli(ms).UTC().Format(time.RFC3339Nano)`: the fraction without trailing zeros, none when zero
   * (upstream threadRepliesNextCursorBoundary), any year (h54-a1: before, past 9999 refused); anything else is refused. A text is read as upstream reads it
   * (strconv.ParseInt(strings.TrimSpace(v), 10, 64), thread_replies.go:517-522, chat/chat_message.go:689-694,
   * smart/chat_messages.go:947-952@c7521c1c): Go's spaces trimmed (U+0085 is one, U+FEFF is not), an optional sign
   */
  ms_to_rfc3339: (v, where) => {
    const ms = typeof v === 'number' ? v : typeof v === 'string' && /^[+-]?\d+$/u.test(trimSpace(v)) ? Number(trimSpace(v)) : NaN;
    if (!Number.isSafeInteger(ms) || ms <= 0) return refuse(where, v, 'a positive whole number of epoch milliseconds');
    return goRfc3339NanoUtc(ms);
  },
  /**
   * epoch milliseconds (a JSON number, truncated) -> Go's `time.UnixMilli(ms).In(time.Local).Format(time.RFC3339)`:
   * whole seconds on the process's wall clock with its offset, `Z` when the offset is zero (upstream's room search
   * range, helpers/calendar.go:2845-2846@c7521c1c); anything else is refused
   */
  ms_to_local_rfc3339: (v, where) => {
    const ms = typeof v === 'number' ? goInt64(v) : undefined;
    if (ms === undefined) return refuse(where, v, 'epoch milliseconds');
    const c = localCivil(ms);
    // Go's Z07:00: Z for a zero offset, else its whole minutes cut toward zero (Shanghai's +08:05:43 as +08:05)
    const off = Math.trunc(c.offsetSec / 60);
    const zone = c.offsetSec === 0 ? 'Z' : `${off < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
    return `${goYearText(c.y)}-${pad(c.mo)}-${pad(c.d)}T${pad(c.h)}:${pad(c.mi)}:${pad(c.s)}${zone}`;
  },
  /**
   * a message's time (upstream parseMessageTimestamp: a message time text, whole-number text or a number, seconds
   * within +-1e12, else milliseconds) -> epoch milliseconds; anything else is absent (no refusal: a range run tells
   * a message without a readable time apart with `present`)
   */
  message_time_ms: (v) => {
    if (typeof v === 'number') return Number.isFinite(v) ? unixMessageMs(Math.trunc(v)) : undefined;
    if (typeof v !== 'string') return undefined;
    const t = messageTime(trimSpace(v));
    if (t) return t.second + Number(t.fraction.slice(0, 3).padEnd(3, '0'));
    return /^[+-]?\d{1,18}$/u.test(trimSpace(v)) ? unixMessageMs(Number(trimSpace(v))) : undefined;
  },
  /**
   * a time (a message time text, or epoch milliseconds) -> the text a message list takes as its boundary (upstream
   * formatDingTalkMessageBoundary): at +08:00, RFC 3339 with the fraction (no trailing zeros) when there is one,
   * else `YYYY-MM-DD HH:mm:ss`
   */
  message_boundary: (v, where) => {
    const t = typeof v === 'number' && Number.isSafeInteger(v) ? { second: Math.floor(v / 1000) * 1000, fraction: String(v - Math.floor(v / 1000) * 1000).padStart(3, '0') }
      : typeof v === 'string' ? messageTime(trimSpace(v)) : undefined;
    if (!t) return refuse(where, v, 'a time (YYYY-MM-DD HH:mm:ss, YYYY-MM-DD or RFC 3339)');
    const d = new Date(t.second + SHANGHAI_OFFSET_MS);
    const day = `${goYearText(d.getUTCFullYear())}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    const clock = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
    const fraction = t.fraction.replace(/0+$/u, '');
    return fraction ? `${day}T${clock}.${fraction}+08:00` : `${day} ${clock}`;
  },
  /** epoch milliseconds -> the whole second they fall in (Go's Truncate(time.Second) of a time after 1970) */
  whole_second_ms: (v, where) => (typeof v === 'number' && Number.isFinite(v) ? Math.floor(v / 1000) * 1000 : refuse(where, v, 'epoch milliseconds')),
  /**
   * epoch milliseconds -> the start of the UTC day they fall in: Go's Truncate(24 * time.Hour), which cuts to whole
   * multiples of 24 hours since the zero time, a UTC midnight (upstream report.go:676@c7521c1c after a local AddDate)
   */
  utc_day_ms: (v, where) => {
    if (typeof v !== 'number' || !Number.isSafeInteger(Math.trunc(v))) return refuse(where, v, 'epoch milliseconds');
    const ms = Math.floor(v);
    return ms - (((ms % 86_400_000) + 86_400_000) % 86_400_000);
  },
  /**
   * n weeks after this week's Monday 00:00 on the local clock, as upstream's calendar +week builds it (shortcut/smart/
   * week.go:85-91@c7521c1c): time.Date(today, 00:00), its weekday, .AddDate(0, 0, -sinceMonday), then .AddDate(0, 0, 7)
   * per week; each step resolved as Go's Date does (a skipped midnight reads back as 23:00 of the day before)
   */
  week_start_ms: (v, where, ctx) => {
    const n = wholeNumber(v);
    if (!Number.isSafeInteger(n)) return refuse(where, v, 'a whole number of weeks');
    const now = nowOf(ctx);
    const day = goLocalDateMs(now.getFullYear(), now.getMonth() + 1, now.getDate(), 0, 0, 0);
    let t = goLocalAddDays(day, -((new Date(day).getDay() + 6) % 7));
    for (let i = 0; i < Math.abs(n!); i++) t = goLocalAddDays(t, Math.sign(n!) * 7);
    return t;
  },
  now_plus_ms: (v, where, ctx) => (typeof v === 'number' && Number.isFinite(v) ? nowOf(ctx).getTime() + v : refuse(where, v, 'a number of milliseconds')),
};
