// The calendar day shortcuts' local reading of a list_calendar_events answer (src/domain/calendar-events.ts), as
// upstream's shortcut/smart next_event.go, calendar_shared.go, conflicts.go and free_slots.go compute it at c7521c1c;
// then the commands through dispatch against the recording backend, with the local zone Asia/Shanghai (a user's).
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calendarConflicts, calendarDayEvents, calendarFreeSlots, calendarNextEvent } from '../../src/domain/calendar-events.js';
import { dispatchInProcess } from '../helpers.js';
import { useMcpServer, recordingEnv } from '../fixtures/mcp/server.js';

const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Shanghai';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

// 2026-12-03 00:00 in Shanghai
const DAY = Date.UTC(2026, 11, 2, 16);
const at = (hm: string, zoneText = '+08:00') => `2026-12-03T${hm}:00${zoneText}`;
const ev = (id: string, summary: unknown, start: string, end: string, extra: Record<string, unknown> = {}) =>
  ({ id, summary, start: { dateTime: start }, end: { dateTime: end }, ...extra });

describe('calendar_day_events (+today, +tomorrow, +week)', () => {
  it('projects every event with an id: title (or 无标题), eventId, start and end as YYYY-MM-DD HH:mm in their own offset, location', () => {
    const answer = {
      result: {
        events: [
          ev('e1', '周会', at('10:00'), at('11:00'), { location: '3F' }),
          ev(' ', 'no id', at('12:00'), at('13:00')),
          { id: 'e2', summary: '  ', startTime: '2026-12-03T01:30:00Z', location: ' ' },
          'not an event',
        ],
      },
    };
    expect(calendarDayEvents(answer)).toEqual({
      events: [
        { title: '周会', eventId: 'e1', start: '2026-12-03 10:00', end: '2026-12-03 11:00', location: '3F' },
        { title: '(无标题)', eventId: 'e2', start: '2026-12-03 01:30' },
      ],
    });
  });

  it('reads events at the top when result holds none, and nothing from another shape', () => {
    expect(calendarDayEvents({ events: [ev('a', 'x', at('09:00'), at('09:30'))] }).events).toHaveLength(1);
    expect(calendarDayEvents({ result: [ev('a', 'x', at('09:00'), at('09:30'))] })).toEqual({ events: [] });
  });
});

describe('calendar_next_event (+next-event)', () => {
  const now = Date.parse(at('10:30'));
  it('picks the event with an id that starts first at or after now; an earlier or id-less one does not count', () => {
    const answer = {
      result: {
        events: [
          ev('late', 'B', at('15:00'), at('16:00')),
          ev('past', 'A', at('09:00'), at('11:00')),
          ev('', 'no id', at('10:45'), at('11:00')),
          ev('next', 'C', at('10:30'), at('11:00')),
          ev('bad', 'D', '2026-12-03 10:40', at('11:00')),
        ],
      },
    };
    expect(calendarNextEvent({ answer, now }, 'w')).toEqual({ event: { title: 'C', eventId: 'next', start: '2026-12-03 10:30', end: '2026-12-03 11:00' } });
  });

  it('says so when there is none', () => {
    expect(calendarNextEvent({ answer: { result: { events: [] } }, now }, 'w')).toEqual({ event: null, message: '近 7 天无日程' });
  });
});

describe('calendar_conflicts (+conflicts)', () => {
  it('lists every overlapping pair in start order with the overlap; touching events do not clash; untimed ones are left out', () => {
    const answer = {
      result: {
        events: [
          ev('c', '评审', at('10:30'), at('12:00')),
          ev('a', '周会', at('10:00'), at('11:00')),
          ev('b', '', at('11:00'), at('11:30')),
          { id: 'd', summary: '全天', start: { date: '2026-12-03' }, end: { date: '2026-12-04' } },
        ],
      },
    };
    expect(calendarConflicts({ answer, day: DAY }, 'w')).toEqual({
      date: '2026-12-03', eventCount: 3, conflictCount: 2, hasConflict: true,
      conflicts: [
        { a: '周会（10:00-11:00）', b: '评审（10:30-12:00）', overlapStart: '10:30', overlapEnd: '11:00' },
        { a: '评审（10:30-12:00）', b: '(无标题)（11:00-11:30）', overlapStart: '11:00', overlapEnd: '11:30' },
      ],
    });
  });

  it('compares instants, printing each time in its own offset', () => {
    const answer = { events: [ev('a', 'A', at('10:00'), at('11:00')), ev('b', 'B', '2026-12-03T02:30:00Z', '2026-12-03T03:30:00Z')] };
    expect(calendarConflicts({ answer, day: DAY }, 'w').conflicts).toEqual([{ a: 'A（10:00-11:00）', b: 'B（02:30-03:30）', overlapStart: '02:30', overlapEnd: '11:00' }]);
  });
});

describe('calendar_free_slots (+free-slots)', () => {
  it('clips the busy times to the working hours, merges them and lists every gap with its minutes', () => {
    const answer = {
      result: {
        events: [
          ev('a', 'A', at('08:00'), at('09:30')),
          ev('b', 'B', at('11:00'), at('12:00')),
          ev('c', 'C', at('11:30'), at('13:15')),
          ev('d', 'D', at('17:30'), at('19:00')),
        ],
      },
    };
    expect(calendarFreeSlots({ answer, day: DAY, from: 9, to: 18 }, 'w')).toEqual({
      date: '2026-12-03', window: '09:00-18:00', slotCount: 2, allBusy: false,
      freeSlots: [{ start: '09:30', end: '11:00', durationMin: 90 }, { start: '13:15', end: '17:30', durationMin: 255 }],
    });
  });

  it('a day without events is one slot; a day covered end to end has none', () => {
    expect(calendarFreeSlots({ answer: {}, day: DAY, from: 0, to: 24 }, 'w')).toMatchObject({ window: '00:00-24:00', freeSlots: [{ start: '00:00', end: '00:00', durationMin: 1440 }] });
    expect(calendarFreeSlots({ answer: { events: [ev('a', 'A', at('08:00'), at('19:00'))] }, day: DAY, from: 9, to: 18 }, 'w')).toMatchObject({ slotCount: 0, freeSlots: [], allBusy: true });
  });

  it('the free minutes and the busy minutes fill the window exactly, slots in order and apart (property)', () => {
    const quarter = fc.integer({ min: 0, max: 96 });
    const event = fc.tuple(quarter, fc.integer({ min: 1, max: 16 })).map(([s, len]) => [s * 15, Math.min(s * 15 + len * 15, 1440)] as const);
    fc.assert(fc.property(fc.array(event, { maxLength: 12 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 24 }), (spans, from, to) => {
      fc.pre(from < to);
      const iso = (min: number) => new Date(DAY + min * 60_000).toISOString().replace('.000Z', 'Z');
      const answer = { events: spans.map(([s, e], i) => ev(`e${i}`, 'x', iso(s), iso(e))) };
      const out = calendarFreeSlots({ answer, day: DAY, from, to }, 'w') as { freeSlots: { durationMin: number }[]; slotCount: number };
      const busy = new Set<number>();
      for (const [s, e] of spans) for (let m = Math.max(s, from * 60); m < Math.min(e, to * 60); m++) busy.add(m);
      expect(out.freeSlots.reduce((n, x) => n + x.durationMin, 0)).toBe((to - from) * 60 - busy.size);
      expect(out.slotCount).toBe(out.freeSlots.length);
      expect(out.freeSlots.every((x) => x.durationMin > 0)).toBe(true);
    }));
  });
});

describe('the calendar day shortcuts through dispatch', () => {
  const mcp = useMcpServer();
  beforeEach(() => {
    mcp.answers = {
      'calendar/list_calendar_events': () => ({ result: { events: [ev('a', '周会', at('10:00'), at('11:00')), ev('b', '评审', at('10:30'), at('12:00'))] } }),
    };
  });
  // 2026-12-02 10:00 in Shanghai: --in-days 1 is 2026-12-03
  const now = () => new Date(Date.UTC(2026, 11, 2, 2));
  const run = (argv: string[]) => dispatchInProcess(argv, recordingEnv(mcp.urlTemplate, 'tok-cal'), undefined, { now });

  it('+free-slots --in-days 1 --from 9 --to 20 sends the day in epoch ms and prints the free windows', async () => {
    const r = await run(['calendar', '+free-slots', '--in-days', '1', '--from', '9', '--to', '20']);
    expect(r.error).toBeUndefined();
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ calendarId: 'primary', startTime: DAY, endTime: DAY + 86_400_000 }]);
    expect(JSON.parse(r.out)).toEqual({
      result: { date: '2026-12-03', window: '09:00-20:00', slotCount: 2, allBusy: false, freeSlots: [{ start: '09:00', end: '10:00', durationMin: 60 }, { start: '12:00', end: '20:00', durationMin: 480 }] },
    });
  });

  it('+free-slots refuses a window upstream refuses, before any call', async () => {
    for (const argv of [['--from', '18', '--to', '9'], ['--from', '24'], ['--to', '0'], ['--to', '25'], ['--from', '-1'], ['--from', '10', '--to', '10']]) {
      const r = await run(['calendar', '+free-slots', ...argv]);
      expect(r.error?.reason, argv.join(' ')).toBe('invalid_parameter');
    }
    expect(mcp.calls).toEqual([]);
  });

  it('+conflicts, +next-event and +today print what upstream prints', async () => {
    expect(JSON.parse((await run(['calendar', '+conflicts', '--in-days', '1'])).out).result).toMatchObject({ date: '2026-12-03', conflictCount: 1 });
    expect(JSON.parse((await run(['calendar', '+next-event'])).out).result).toEqual({ event: { title: '周会', eventId: 'a', start: '2026-12-03 10:00', end: '2026-12-03 11:00' } });
    expect(JSON.parse((await run(['calendar', '+today'])).out).result.events).toHaveLength(2);
    expect(mcp.calls[1].arguments).toEqual({ calendarId: 'primary', startTime: now().getTime(), endTime: now().getTime() + 7 * 86_400_000 });
  });
});
