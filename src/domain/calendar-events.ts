// The calendar day shortcuts' local reading of a list_calendar_events answer, as upstream computes it after its one
// call (internal/shortcut/smart@c7521c1c: next_event.go shortcutNextEventList/Start/Project/Pick, calendar_shared.go
// calendarProjectEvents, conflicts.go, free_slots.go). Times are RFC 3339 texts; an event's clock times print in the
// offset the event was written in (Go's time.Parse keeps it), the day's own times in the local zone.
import { isObject } from '../json-object.js';
import { goCivil, goRfc3339, goYearText, localOffsetMs } from '../go-time.js';
import { trimSpace } from '../text/space.js';

type Obj = Record<string, unknown>;

/**
 * An instant and the UTC offset (minutes) it is shown in. `ns` is the part below the millisecond (0-999999): Go's
 * Before/After/Sub compare whole nanoseconds (conflicts.go:110-111, free_slots.go:124-146@c7521c1c), so two times
 * within one millisecond still order.
 */
interface When {
  ms: number;
  ns: number;
  offset: number;
}

/** Negative, zero or positive as `a` is before, at or after `b`, to the nanosecond. */
const cmp = (a: When, b: When) => a.ms - b.ms || a.ns - b.ns;

/** The events of an answer: result.events, else events; elements that are not objects are skipped. */
function eventList(answer: unknown): Obj[] {
  if (!isObject(answer)) return [];
  const inner = isObject(answer.result) && Array.isArray(answer.result.events) ? answer.result.events : undefined;
  const raw = inner ?? (Array.isArray(answer.events) ? answer.events : []);
  return raw.filter(isObject);
}

/**
 * Go's time.Parse(time.RFC3339, v) (next_event.go:158-197, conflicts.go:156@c7521c1c): where the fixed-width fast path
 * fails, Go's general layout parser reads the text, so the hour may have one digit, a fraction may follow the seconds
 * after a period or a comma, and the offset may be up to 24:60 (goLayoutParts reads the layout as Go does).
 */
function parseTime(v: unknown): When | undefined {
  if (typeof v !== 'string') return undefined;
  const t = goRfc3339(v);
  return t && { ms: t.ms, ns: t.subMsNs, offset: t.offsetSec / 60 };
}

/** An event's start: start.dateTime, else a flat startTime or startDateTime text. */
function eventStart(e: Obj): When | undefined {
  if (isObject(e.start)) {
    const t = parseTime(e.start.dateTime);
    if (t) return t;
  }
  return parseTime(e.startTime) ?? parseTime(e.startDateTime);
}

/** An event's end: end.dateTime only. */
function eventEnd(e: Obj): When | undefined {
  return isObject(e.end) ? parseTime(e.end.dateTime) : undefined;
}

/** The local zone's offset at an instant (the process's time zone, as Go's time.Local). */
function localAt(ms: number): When {
  return { ms, ns: 0, offset: localOffsetMs(ms) / 60_000 };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall clock of an instant at its offset, in any year (a far --in-days day lies past JavaScript's Date: h56-a2). */
const fieldsOf = (w: When) => goCivil(Math.floor(w.ms), Math.round(w.offset * 60));

/** Go's "15:04". */
function clock(w: When): string {
  const d = fieldsOf(w);
  return `${pad(d.h)}:${pad(d.mi)}`;
}

/** Go's "2006-01-02". */
function date(w: When): string {
  const d = fieldsOf(w);
  return `${goYearText(d.y)}-${pad(d.mo)}-${pad(d.d)}`;
}

// blank as strings.TrimSpace sees it (conflicts.go:118-121, next_event.go:180-198, calendar_shared.go:37@c7521c1c): U+0085
// is blank and U+FEFF is not, unlike JavaScript's trim (h52-a3)
function titleOf(e: Obj): string {
  return typeof e.summary === 'string' && trimSpace(e.summary) !== '' ? e.summary : '(无标题)';
}

function idOf(e: Obj): string | undefined {
  return typeof e.id === 'string' && trimSpace(e.id) !== '' ? e.id : undefined;
}

/** One event as upstream's shortcutNextEventProject shows it: title, eventId, start, end, location. */
function project(e: Obj): Obj {
  const item: Obj = { title: titleOf(e) };
  const id = idOf(e);
  if (id) item.eventId = id;
  const start = eventStart(e);
  if (start) item.start = `${date(start)} ${clock(start)}`;
  const end = eventEnd(e);
  if (end) item.end = `${date(end)} ${clock(end)}`;
  if (typeof e.location === 'string' && trimSpace(e.location) !== '') item.location = e.location;
  return item;
}

/** +today / +tomorrow / +week: `{events}`, every event with an id, projected (calendarProjectEvents). */
export function calendarDayEvents(answer: unknown): Obj {
  return { events: eventList(answer).filter((e) => idOf(e) !== undefined).map(project) };
}

function inputs(v: unknown, where: string, keys: readonly string[]): Obj {
  if (!isObject(v) || !keys.every((k) => typeof v[k] === 'number' && Number.isFinite(v[k]))) {
    throw new Error(`${where}: needs {answer, ${keys.join(', ')}} with numbers`);
  }
  return v;
}

/**
 * +next-event (shortcutNextEventPick): of the events with an id and a start at or after `now` (epoch ms), the one
 * that starts first (the earlier in the answer on a tie); `{event: null, message}` when there is none.
 */
export function calendarNextEvent(v: unknown, where: string): Obj {
  const { answer, now } = inputs(v, where, ['now']) as { answer: unknown; now: number };
  let best: { e: Obj; start: number } | undefined;
  for (const e of eventList(answer)) {
    const start = idOf(e) === undefined ? undefined : eventStart(e);
    if (!start || start.ms < now) continue;
    if (!best || start.ms < best.start) best = { e, start: start.ms };
  }
  return best ? { event: project(best.e) } : { event: null, message: '近 7 天无日程' };
}

/** The events that carry a start and an end, by start (a stable order where upstream's sort.Slice leaves ties open). */
function timedEvents(answer: unknown): { title: string; start: When; end: When }[] {
  const out: { title: string; start: When; end: When }[] = [];
  for (const e of eventList(answer)) {
    const start = eventStart(e);
    const end = start && eventEnd(e);
    if (start && end) out.push({ title: titleOf(e), start, end });
  }
  return out.sort((a, b) => cmp(a.start, b.start));
}

const later = (a: When, b: When) => (cmp(a, b) > 0 ? a : b);
const earlier = (a: When, b: When) => (cmp(a, b) < 0 ? a : b);

/** +conflicts: every overlapping pair of the day's timed events ([s1,e1) and [s2,e2) overlap when s1 < e2 and s2 < e1). */
export function calendarConflicts(v: unknown, where: string): Obj {
  const { answer, day } = inputs(v, where, ['day']) as { answer: unknown; day: number };
  const evs = timedEvents(answer);
  const label = (x: (typeof evs)[number]) => `${x.title}（${clock(x.start)}-${clock(x.end)}）`;
  const conflicts: Obj[] = [];
  for (let i = 0; i < evs.length; i++) {
    for (let j = i + 1; j < evs.length; j++) {
      const [a, b] = [evs[i], evs[j]];
      if (cmp(a.start, b.end) < 0 && cmp(b.start, a.end) < 0) {
        conflicts.push({ a: label(a), b: label(b), overlapStart: clock(later(a.start, b.start)), overlapEnd: clock(earlier(a.end, b.end)) });
      }
    }
  }
  return { date: date(localAt(day)), eventCount: evs.length, conflictCount: conflicts.length, hasConflict: conflicts.length > 0, conflicts };
}

/**
 * +free-slots: the day's busy intervals clipped to the working hours [from, to) (whole hours after the local
 * midnight `day`), swept in start order; every gap is a free slot with its minutes.
 */
export function calendarFreeSlots(v: unknown, where: string): Obj {
  const { answer, day, from, to } = inputs(v, where, ['day', 'from', 'to']) as { answer: unknown; day: number; from: number; to: number };
  const workStart = localAt(day + from * 3_600_000);
  const workEnd = localAt(day + to * 3_600_000);
  const busy = timedEvents(answer).filter((x) => cmp(x.end, workStart) > 0 && cmp(x.start, workEnd) < 0)
    .map((x) => ({ start: cmp(x.start, workStart) < 0 ? workStart : x.start, end: cmp(x.end, workEnd) > 0 ? workEnd : x.end }))
    .sort((a, b) => cmp(a.start, b.start));
  // int(end.Sub(start).Minutes()) (free_slots.go:168@c7521c1c): the nanoseconds between, in whole minutes toward zero
  const slot = (s: When, e: When) => ({ start: clock(s), end: clock(e), durationMin: Math.trunc(((e.ms - s.ms) * 1e6 + (e.ns - s.ns)) / 6e10) });
  const free: Obj[] = [];
  let cursor = workStart;
  for (const b of busy) {
    if (cmp(b.start, cursor) > 0) free.push(slot(cursor, b.start));
    if (cmp(b.end, cursor) > 0) cursor = b.end;
  }
  if (cmp(cursor, workEnd) < 0) free.push(slot(cursor, workEnd));
  return { date: date(localAt(day)), window: `${pad(from)}:00-${pad(to)}:00`, slotCount: free.length, freeSlots: free, allBusy: free.length === 0 };
}

/** Go's time.Time.Format(time.RFC3339) of an instant in the local zone: whole seconds, `Z` at offset 0. */
function localRfc3339(ms: number): string {
  const w = localAt(Math.floor(ms / 1000) * 1000);
  const d = fieldsOf(w);
  // Go writes the offset's whole minutes (a local mean time's seconds are cut: +08:05:43 is +08:05)
  const seconds = Math.round(w.offset * 60);
  const minutes = Math.trunc(seconds / 60);
  const zone = seconds === 0 ? 'Z' : `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
  return `${goYearText(d.y)}-${pad(d.mo)}-${pad(d.d)}T${pad(d.h)}:${pad(d.mi)}:${pad(d.s)}${zone}`;
}

/**
 * An event's sort key (upstream calendarEventSortKey, helpers/calendar.go:2997@c7521c1c): its start.dateTime read as
 * RFC 3339 (epoch ms), else a numeric `created`, else a numeric `updated` (each truncated to a whole number), else 0.
 */
function sortKey(e: Obj): number {
  if (isObject(e.start) && typeof e.start.dateTime === 'string' && e.start.dateTime !== '') {
    const t = parseTime(e.start.dateTime);
    if (t) return t.ms;
  }
  if (typeof e.created === 'number') return Math.trunc(e.created);
  if (typeof e.updated === 'number') return Math.trunc(e.updated);
  return 0;
}

/**
 * `calendar event list` and `calendar event instances` print their answer as upstream's callSortedCalendarEvents
 * (helpers/calendar.go:2899-2958@c7521c1c): `{answer, start, end, hint, pagination?}` (start and end the epoch ms
 * sent; hint and pagination the plan's texts) -> a copy of the answer with `searchRange: {startTimeISO, endTimeISO
 * (RFC 3339 in the local zone), hint}` inside `result` when that is an object, else at the top
 * (attachCalendarSearchRange :2963); inside a `result` object, an `events` list keeps only the objects holding an `id`
 * that is neither null nor "" (:2926-2934), stably sorted by sortKey, and `pagination` (given when the answer's
 * result.nextCursor is a non-empty text) becomes `paginationHint` (:2941). An answer that is not an object is
 * returned as it came (upstream prints its raw text).
 */
export function calendarEventPage(v: unknown, where: string): unknown {
  if (!isObject(v) || typeof v.start !== 'number' || typeof v.end !== 'number' || typeof v.hint !== 'string') {
    throw new Error(`${where}: needs {answer, start, end, hint} with start and end numbers`);
  }
  const answer = v.answer;
  if (!isObject(answer)) return answer;
  const out: Obj = { ...answer };
  const searchRange = { startTimeISO: localRfc3339(v.start), endTimeISO: localRfc3339(v.end), hint: v.hint };
  if (!isObject(out.result)) {
    out.searchRange = searchRange;
    return out;
  }
  const result: Obj = { ...out.result, searchRange };
  out.result = result;
  if (Array.isArray(result.events)) {
    const kept = result.events.filter((e): e is Obj => isObject(e) && Object.hasOwn(e, 'id') && e.id !== null && e.id !== '');
    result.events = kept.map((e, i) => ({ e, i, key: sortKey(e) })).sort((a, b) => a.key - b.key || a.i - b.i).map((x) => x.e);
  }
  if (typeof v.pagination === 'string') result.paginationHint = v.pagination;
  return out;
}
