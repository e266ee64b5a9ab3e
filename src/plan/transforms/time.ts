// Time transforms: dates and times of the forms upstream accepts, to epoch milliseconds or normalized text, and
// times relative to now. "Now" is the run's one clock reading (TransformContext.now), never a fresh one.
import { INTEGER, refuse, type Fn, type TransformContext } from './types.js';
import { trimSpace } from '../../contract/values.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/u;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/u;

/** The one calendar check: the parts name a real day and clock time (no 2026-02-30, no 24:00, no :60). */
function onCalendar(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): boolean {
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

/** A local date or date-time -> its parts, checked to exist on the calendar. */
function dateParts(v: unknown, where: string): { y: number; mo: number; d: number; h?: number; mi?: number; s?: number } {
  const m = typeof v === 'string' ? DATE.exec(v.trim()) : null;
  if (!m) return refuse(where, v, 'a date (YYYY-MM-DD or YYYY-MM-DD HH:mm:ss)');
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const time = m[4] === undefined ? {} : { h: Number(m[4]), mi: Number(m[5]), s: Number(m[6] ?? 0) };
  if (!onCalendar(y, mo, d, time.h, time.mi, time.s)) return refuse(where, v, 'a date (YYYY-MM-DD or YYYY-MM-DD HH:mm:ss)');
  return { y, mo, d, ...time };
}

const pad = (n: number) => String(n).padStart(2, '0');

const dateMs = (end: boolean): Fn => (v, where) => {
  const p = dateParts(v, where);
  const [h, mi, s] = p.h === undefined ? (end ? [23, 59, 59] : [0, 0, 0]) : [p.h, p.mi!, p.s!];
  return new Date(p.y, p.mo - 1, p.d, h, mi, s).getTime();
};

const dateText = (end: boolean): Fn => (v, where) => {
  const p = dateParts(v, where);
  const [h, mi, s] = p.h === undefined ? (end ? [23, 59, 59] : [0, 0, 0]) : [p.h, p.mi!, p.s!];
  return `${p.y}-${pad(p.mo)}-${pad(p.d)} ${pad(h)}:${pad(mi)}:${pad(s)}`;
};

// The time forms upstream accepts for a time flag (ParseISOTimeToMillis, pkg/cmdutil/time.go:23-74@c7521c1c): after
// TrimSpace and the quotes trimmed, 13 digits are epoch ms and 10 digits epoch seconds; else the first of its layouts
// (FlexTimeLayouts) that time.ParseInLocation reads, zone-less ones in Asia/Shanghai (UTC+8, no DST). As Go reads a
// layout: the year is 4 digits, month, day, minute and second 2 digits, the hour (`15`) 1 or 2 digits; a fraction
// (`.5`, `,5`) may follow the seconds of a layout that has seconds; an RFC 3339 offset is Z or +hh:mm up to +24:60;
// month, day, hour (0-23), minute and second are range-checked (no 2026-02-30, no 24:00) (a-q1, audit-30q).
const FRACTION = '(?:[.,](\\d+))?';
const FLEX_TIME: readonly { form: RegExp; zone: boolean }[] = [
  // RFC3339, 2006-01-02T15:04:05Z, 2006-01-02T15:04:05-07:00: an instant with its zone
  { form: new RegExp(`^(\\d{4})-(\\d{2})-(\\d{2})T(\\d{1,2}):(\\d{2}):(\\d{2})${FRACTION}(Z|[+-]\\d{2}:\\d{2})$`, 'u'), zone: true },
  // 2006-01-02T15:04:05, 2006-01-02 15:04:05, 2006-01-02T15:04, 2006-01-02 15:04, 2006-01-02
  { form: new RegExp(`^(\\d{4})-(\\d{2})-(\\d{2})[T ](\\d{1,2}):(\\d{2}):(\\d{2})${FRACTION}()$`, 'u'), zone: false },
  { form: /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})()()()$/u, zone: false },
  { form: /^(\d{4})-(\d{2})-(\d{2})()()()()()$/u, zone: false },
  // 2006/01/02 15:04:05, 2006/01/02, 20060102
  { form: new RegExp(`^(\\d{4})/(\\d{2})/(\\d{2}) (\\d{1,2}):(\\d{2}):(\\d{2})${FRACTION}()$`, 'u'), zone: false },
  { form: /^(\d{4})\/(\d{2})\/(\d{2})()()()()()$/u, zone: false },
  { form: /^(\d{4})(\d{2})(\d{2})()()()()()$/u, zone: false },
];
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/** Date.UTC of the wall clock, for every year 0-9999 (Date.UTC maps years 0-99 to 1900-1999). */
function utcMs(y: number, mo: number, d: number, h: number, mi: number, s: number): number {
  const t = new Date(Date.UTC(2000, mo - 1, d, h, mi, s));
  t.setUTCFullYear(y, mo - 1, d);
  return t.getTime();
}

/** The parts name a real day and clock time, as Go's parse checks them (the year 0 included). */
function goOnCalendar(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  if (mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59 || d < 1) return false;
  const probe = new Date(utcMs(y, mo, 1, 0, 0, 0));
  probe.setUTCDate(d);
  return probe.getUTCMonth() === mo - 1;
}

const flexTimeMs: Fn = (v, where) => {
  const text = typeof v === 'string' ? trimSpace(v).replace(/^["']+|["']+$/gu, '') : typeof v === 'number' ? String(v) : '';
  if (/^\d{13}$/u.test(text)) return Number(text);
  if (/^\d{10}$/u.test(text)) return Number(text) * 1000;
  for (const { form, zone } of FLEX_TIME) {
    const m = form.exec(text);
    if (!m) continue;
    const [y, mo, d, h, mi, s] = m.slice(1, 7).map((x) => (x === undefined || x === '' ? 0 : Number(x)));
    if (!goOnCalendar(y, mo, d, h, mi, s)) continue;
    // Go keeps 9 fraction digits (parseNanoseconds); UnixMilli drops what is below a millisecond
    const fractionMs = m[7] ? Math.floor(Number(`0.${m[7].slice(0, 9)}`) * 1000) : 0;
    let offsetMs = SHANGHAI_OFFSET_MS;
    if (zone) {
      const z = m[8];
      if (z === 'Z') offsetMs = 0;
      else {
        const [hr, mn] = [Number(z.slice(1, 3)), Number(z.slice(4, 6))];
        if (hr > 24 || mn > 60) continue;
        offsetMs = (z[0] === '-' ? -1 : 1) * (hr * 60 + mn) * 60000;
      }
    }
    return utcMs(y, mo, d, h, mi, s) + fractionMs - offsetMs;
  }
  return refuse(where, v, 'a time (2026-03-23T14:00:00+08:00, 2026-03-23 14:00:00, 2026-03-23, or epoch seconds/milliseconds)');
};

// A message time (upstream parseDingTalkMessageTime): RFC 3339 (a fraction allowed, kept to nanoseconds as Go
// does), else YYYY-MM-DD HH:mm:ss or YYYY-MM-DD at +08:00 -> its whole second (epoch ms) and its fraction digits.
const MESSAGE_RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|([+-])(\d{2}):(\d{2}))$/u;
const MESSAGE_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/u;

function messageTime(text: string): { second: number; fraction: string } | undefined {
  const iso = MESSAGE_RFC3339.exec(text);
  const local = iso ? null : MESSAGE_LOCAL.exec(text);
  const m = iso ?? local;
  if (!m) return undefined;
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map((x) => (x === undefined ? 0 : Number(x)));
  if (!onCalendar(y, mo, d, h, mi, sec)) return undefined;
  const offsetMs = !iso ? SHANGHAI_OFFSET_MS : iso[9] === undefined ? 0 : (iso[9] === '-' ? -1 : 1) * (Number(iso[10]) * 60 + Number(iso[11])) * 60000;
  return { second: Date.UTC(y, mo - 1, d, h, mi, sec) - offsetMs, fraction: iso?.[7] ?? '' };
}

/** upstream unixMessageTime: a number within +-1e12 counts seconds, any other milliseconds. */
const unixMessageMs = (n: number) => (n > -1e12 && n < 1e12 ? n * 1000 : n);

const nowOf = (ctx: TransformContext) => ctx.now ?? new Date();

const wholeNumber = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && INTEGER.test(v.trim()) ? Number(v) : NaN);

export const PLAIN: Record<string, Fn> = {
  date_ms: dateMs(false),
  date_end_ms: dateMs(true),
  datetime: dateText(false),
  datetime_end: dateText(true),
  /** epoch milliseconds (a JSON number, truncated as Go's int64(v)) -> local `YYYY-MM-DD HH:mm:ss` (time.UnixMilli(ms).Format) */
  ms_to_datetime: (v, where) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > 8.64e15) return refuse(where, v, 'epoch milliseconds');
    const d = new Date(Math.trunc(v));
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  },
  iso_ms: (v, where) => {
    const ms = typeof v === 'string' && ISO.test(v.trim()) ? Date.parse(v.trim()) : NaN;
    return Number.isFinite(ms) ? ms : refuse(where, v, 'an ISO-8601 time with an offset (e.g. 2026-03-10T14:00:00+08:00)');
  },
  flex_time_ms: flexTimeMs,
  /**
   * a positive whole number of epoch milliseconds (a JSON number or its decimal text) -> Go's
   * `time.UnixMilli(ms).UTC().Format(time.RFC3339Nano)`: the fraction without trailing zeros, none when zero
   * (upstream threadRepliesNextCursorBoundary); anything else is refused
   */
  ms_to_rfc3339: (v, where) => {
    const ms = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/u.test(v) ? Number(v.trim()) : NaN;
    if (!Number.isSafeInteger(ms) || ms <= 0 || ms > 253402300799999) return refuse(where, v, 'a positive whole number of epoch milliseconds');
    const iso = new Date(ms).toISOString();
    return iso.replace(/\.(\d{3})Z$/u, (_, f: string) => (/^0+$/u.test(f) ? 'Z' : `.${f.replace(/0+$/u, '')}Z`));
  },
  /**
   * a message's time (upstream parseMessageTimestamp: a message time text, whole-number text or a number, seconds
   * within +-1e12, else milliseconds) -> epoch milliseconds; anything else is absent (no refusal: a range run tells
   * a message without a readable time apart with `present`)
   */
  message_time_ms: (v) => {
    if (typeof v === 'number') return Number.isFinite(v) ? unixMessageMs(Math.trunc(v)) : undefined;
    if (typeof v !== 'string') return undefined;
    const t = messageTime(v.trim());
    if (t) return t.second + Number(t.fraction.slice(0, 3).padEnd(3, '0'));
    return /^[+-]?\d{1,18}$/u.test(v.trim()) ? unixMessageMs(Number(v.trim())) : undefined;
  },
  /**
   * a time (a message time text, or epoch milliseconds) -> the text a message list takes as its boundary (upstream
   * formatDingTalkMessageBoundary): at +08:00, RFC 3339 with the fraction (no trailing zeros) when there is one,
   * else `YYYY-MM-DD HH:mm:ss`
   */
  message_boundary: (v, where) => {
    const t = typeof v === 'number' && Number.isSafeInteger(v) ? { second: Math.floor(v / 1000) * 1000, fraction: String(v - Math.floor(v / 1000) * 1000).padStart(3, '0') }
      : typeof v === 'string' ? messageTime(v.trim()) : undefined;
    if (!t) return refuse(where, v, 'a time (YYYY-MM-DD HH:mm:ss, YYYY-MM-DD or RFC 3339)');
    const d = new Date(t.second + SHANGHAI_OFFSET_MS);
    const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    const clock = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
    const fraction = t.fraction.replace(/0+$/u, '');
    return fraction ? `${day}T${clock}.${fraction}+08:00` : `${day} ${clock}`;
  },
  /** epoch milliseconds -> the whole second they fall in (Go's Truncate(time.Second) of a time after 1970) */
  whole_second_ms: (v, where) => (typeof v === 'number' && Number.isFinite(v) ? Math.floor(v / 1000) * 1000 : refuse(where, v, 'epoch milliseconds')),
  day_offset_ms: (v, where, ctx) => {
    const n = wholeNumber(v);
    if (!Number.isSafeInteger(n)) return refuse(where, v, 'a whole number of days');
    const now = nowOf(ctx);
    return new Date(now.getFullYear(), now.getMonth(), now.getDate() + n).getTime();
  },
  week_start_ms: (v, where, ctx) => {
    const n = wholeNumber(v);
    if (!Number.isSafeInteger(n)) return refuse(where, v, 'a whole number of weeks');
    const now = nowOf(ctx);
    const sinceMonday = (now.getDay() + 6) % 7;
    return new Date(now.getFullYear(), now.getMonth(), now.getDate() - sinceMonday + 7 * n).getTime();
  },
  now_plus_ms: (v, where, ctx) => (typeof v === 'number' && Number.isFinite(v) ? nowOf(ctx).getTime() + v : refuse(where, v, 'a number of milliseconds')),
};
