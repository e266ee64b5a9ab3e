// sweep-time: the time parsers read what upstream's Go layouts read (ParseISOTimeToMillis, time.Parse(RFC3339),
// the attendance/contact ParseInLocation pairs) whatever the machine's time zone, and refuse what Go refuses.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { TRANSFORMS } from '../../src/plan/transforms/index.js';
import { DwsError } from '../../src/errors.js';

const ctx = { env: {} };
const ZONES = ['UTC', 'Asia/Shanghai', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Europe/London'];
const savedTz = process.env.TZ;
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});
const inZones = (zones: readonly string[], body: (zone: string) => void) => {
  for (const zone of zones) {
    process.env.TZ = zone;
    body(zone);
  }
};
const run = (name: string, v: unknown) => {
  try {
    return TRANSFORMS[name](v, '--t', ctx);
  } catch (e) {
    if (e instanceof DwsError) return 'refused';
    throw e;
  }
};
const p2 = (n: number) => String(n).padStart(2, '0');

// a wall clock of years 1992-2199 (Beijing has kept UTC+8 all year since 1992), with a fraction of 0-12 digits
const wall = fc.record({
  y: fc.integer({ min: 1992, max: 2199 }), mo: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }),
  h: fc.integer({ min: 0, max: 23 }), mi: fc.integer({ min: 0, max: 59 }), s: fc.integer({ min: 0, max: 59 }),
  frac: fc.stringMatching(/^\d{0,12}$/), comma: fc.boolean(), shortHour: fc.boolean(), spaces: fc.integer({ min: 1, max: 3 }),
});
type Wall = typeof wall extends fc.Arbitrary<infer T> ? T : never;
const fracMs = (w: Wall) => Number(w.frac.slice(0, 3).padEnd(3, '0'));
const fracText = (w: Wall) => (w.frac ? `${w.comma ? ',' : '.'}${w.frac}` : '');
const hourText = (w: Wall) => (w.shortHour && w.h < 10 ? String(w.h) : p2(w.h));
const date = (w: Wall) => `${w.y}-${p2(w.mo)}-${p2(w.d)}`;
const clock = (w: Wall) => `${hourText(w)}:${p2(w.mi)}:${p2(w.s)}${fracText(w)}`;

describe('flex_time_ms reads upstream ParseISOTimeToMillis layouts as Go does', () => {
  it('a zone-less time with a fraction, a one-digit hour or a run of spaces is its Beijing instant, the fraction cut to milliseconds, in every machine zone', () => {
    inZones(ZONES, () => {
      fc.assert(fc.property(wall, (w) => {
        const expected = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - 8 * 3600e3 + fracMs(w);
        expect(run('flex_time_ms', `${date(w)}${' '.repeat(w.spaces)}${clock(w)}`)).toBe(expected);
        expect(run('flex_time_ms', `${date(w)}T${clock(w)}`)).toBe(expected);
        expect(run('flex_time_ms', `${date(w).replaceAll('-', '/')}${' '.repeat(w.spaces)}${clock(w)}`)).toBe(expected);
      }), { numRuns: 150 });
    });
  });

  it('an RFC 3339 time with Z or an offset of up to 24:60 is that instant, whatever the machine zone', () => {
    const offset = fc.record({ sign: fc.constantFrom('+', '-'), hh: fc.integer({ min: 0, max: 24 }), mm: fc.integer({ min: 0, max: 60 }), zulu: fc.boolean() });
    inZones(ZONES, () => {
      fc.assert(fc.property(wall, offset, (w, o) => {
        const zone = o.zulu ? 'Z' : `${o.sign}${p2(o.hh)}:${p2(o.mm)}`;
        const shift = o.zulu ? 0 : (o.sign === '-' ? -1 : 1) * (o.hh * 3600e3 + o.mm * 60e3);
        const expected = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - shift + fracMs(w);
        expect(run('flex_time_ms', `${date(w)}T${clock(w)}${zone}`)).toBe(expected);
        expect(run('iso_ms', `${date(w)}T${clock(w)}${zone}`)).toBe(expected);
      }), { numRuns: 150 });
    });
  });

  it('the same text gives the same instant in every machine zone', () => {
    fc.assert(fc.property(wall, fc.constantFrom('', 'T', 'date', 'minutes'), (w, form) => {
      const text = form === 'date' ? date(w) : form === 'minutes' ? `${date(w)} ${p2(w.h)}:${p2(w.mi)}` : `${date(w)}${form || ' '}${clock(w)}`;
      const seen = new Set<unknown>();
      inZones(ZONES, () => seen.add(run('flex_time_ms', text)));
      expect(seen.size).toBe(1);
      expect([...seen][0]).not.toBe('refused');
    }), { numRuns: 60 });
  });

  it('Beijing wall time keeps the zone history: summer time 1986-1991 and local mean time before 1901', () => {
    inZones(['UTC', 'America/New_York'], () => {
      expect(run('flex_time_ms', '1988-07-01 12:00:00')).toBe(Date.UTC(1988, 6, 1, 3));
      expect(run('flex_time_ms', '1988-01-01 12:00:00')).toBe(Date.UTC(1988, 0, 1, 4));
      expect(run('flex_time_ms', '1890-01-01')).toBe(Date.UTC(1889, 11, 31, 15, 54, 17));
    });
  });

  it('refuses what Go refuses: no seconds before a zone, hour 24, minute or second 60, a day the month lacks, a lower-case z, an offset hour over 24, a padded date part', () => {
    inZones(['UTC', 'Asia/Shanghai'], () => {
      for (const text of ['2026-03-23T14:00+08:00', '2026-03-23 24:00:00', '2026-03-23 14:60', '2026-03-23 14:00:60', '2026-02-29', '2026-04-31 10:00:00',
        '2026-03-23T14:00:00z', '2026-03-23T14:00:00+25:00', '2026-3-23', '2026-03-23T14:00:00.', '2026/03/23 14:00', 'yesterday', '']) {
        expect(run('flex_time_ms', text), text).toBe('refused');
      }
    });
  });

  it('keeps epoch seconds (10 digits) and milliseconds (13 digits), quotes stripped', () => {
    fc.assert(fc.property(fc.integer({ min: 1e12, max: 9999999999999 }), (ms) => {
      expect(run('flex_time_ms', `"${ms}"`)).toBe(ms);
      expect(run('flex_time_ms', ` '${Math.floor(ms / 1000)}' `)).toBe(Math.floor(ms / 1000) * 1000);
    }));
  });
});

describe('iso_ms reads time.Parse(time.RFC3339) as Go does', () => {
  it('refuses a zone-less time and an RFC 3339 time without seconds', () => {
    for (const text of ['2026-03-10T14:00:00', '2026-03-10T14:00+08:00', '2026-03-10 14:00:00+08:00', '2026-03-10']) expect(run('iso_ms', text), text).toBe('refused');
  });
});

describe('shanghai_rfc3339 writes Go RFC 3339 at +08:00 in whole seconds', () => {
  it('reads back through flex_time_ms as the whole second the milliseconds fall in', () => {
    inZones(['UTC', 'America/New_York'], () => {
      fc.assert(fc.property(fc.integer({ min: Date.UTC(1992, 0, 1), max: Date.UTC(2199, 0, 1) }), (ms) => {
        const text = run('shanghai_rfc3339', ms) as string;
        expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/u);
        expect(run('flex_time_ms', text)).toBe(Math.floor(ms / 1000) * 1000);
      }), { numRuns: 100 });
    });
  });
});

describe('date_ms, date_end_ms and datetime read the attendance layouts (2006-01-02 15:04:05, else 2006-01-02) in the machine zone', () => {
  it('a date-time with a fraction, a one-digit hour or a run of spaces is that local time, the fraction cut to milliseconds', () => {
    inZones(['UTC', 'Asia/Shanghai', 'Asia/Kolkata'], () => {
      fc.assert(fc.property(wall, (w) => {
        const text = `${date(w)}${' '.repeat(w.spaces)}${clock(w)}`;
        const local = new Date(w.y, w.mo - 1, w.d, w.h, w.mi, w.s).getTime();
        expect(run('date_ms', text)).toBe(local + fracMs(w));
        expect(run('date_end_ms', text)).toBe(local + fracMs(w));
        expect(run('datetime', text)).toBe(`${date(w)} ${p2(w.h)}:${p2(w.mi)}:${p2(w.s)}`);
      }), { numRuns: 100 });
    });
  });

  it('a bare date is its local midnight, and for an end 23:59:59 of elapsed time after it (Go t.Add), also across a clock change', () => {
    inZones(['America/New_York'], () => {
      expect(run('date_ms', ' 2026-03-08 ')).toBe(Date.UTC(2026, 2, 8, 5));
      expect(run('date_end_ms', '2026-03-08')).toBe(Date.UTC(2026, 2, 8, 5) + 86399000);
      // a wall clock the spring change skips is read as Go's time.Date reads it: with the offset before the change
      expect(run('date_ms', '2026-03-08 02:30:00')).toBe(Date.UTC(2026, 2, 8, 6, 30));
    });
  });

  it('refuses the T separator and a clock without seconds, which Go layouts do not take', () => {
    inZones(['UTC'], () => {
      for (const text of ['2026-03-14T09:00:00', '2026-03-14 09:00', '2026/03/14', '2026-02-30']) {
        expect(run('date_ms', text), text).toBe('refused');
        expect(run('datetime', text), text).toBe('refused');
      }
    });
  });
});

describe('message_boundary and message_time_ms read parseDingTalkMessageTime as Go does (RFC 3339, else the +08:00 layouts)', () => {
  it('a one-digit hour, a comma fraction or a run of spaces is read; the fraction is kept to nanoseconds without trailing zeros', () => {
    inZones(['UTC', 'America/New_York'], () => {
      fc.assert(fc.property(wall, fc.boolean(), (w, iso) => {
        const text = iso ? `${date(w)}T${clock(w)}+08:00` : `${date(w)}${' '.repeat(w.spaces)}${clock(w)}`;
        const nine = w.frac.slice(0, 9).padEnd(9, '0').replace(/0+$/u, '');
        const whole = `${date(w)} ${p2(w.h)}:${p2(w.mi)}:${p2(w.s)}`;
        expect(run('message_boundary', text)).toBe(nine ? `${whole.replace(' ', 'T')}.${nine}+08:00` : whole);
        expect(run('message_time_ms', text)).toBe(Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - 8 * 3600e3 + fracMs(w));
      }), { numRuns: 100 });
    });
  });

  it('a lower-case t or z is not RFC 3339 to Go: refused as a boundary, absent as a message time', () => {
    for (const text of ['2026-03-09t08:30:00+08:00', '2026-03-09T08:30:00z']) {
      expect(run('message_boundary', text), text).toBe('refused');
      expect(run('message_time_ms', text), text).toBeUndefined();
    }
  });
});
