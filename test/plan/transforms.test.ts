// The transforms that read the clock read the run's one clock (TransformContext.now), and the parsers of upstream's
// flag forms (csv_values = parseCSVValues, flex_time_ms = ParseISOTimeToMillis) keep their properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRANSFORMS, applyTransforms } from '../../src/plan/transforms/index.js';
import { DwsError } from '../../src/errors.js';
import { goDecode, type GoShape } from '../../src/plan/transforms/json.js';

const at = new Date(2031, 6, 16, 13, 45, 10); // a Wednesday, far from the machine's clock
const ctx = { env: {}, now: at };

describe('the run clock', () => {
  it('week_start_ms and now_plus_ms count from the run clock, not from the machine clock', () => {
    expect(TRANSFORMS.week_start_ms(0, '--w', ctx)).toBe(new Date(2031, 6, 14).getTime());
    expect(TRANSFORMS.week_start_ms('-1', '--w', ctx)).toBe(new Date(2031, 6, 7).getTime());
    expect(TRANSFORMS.now_plus_ms(1000, '--n', ctx)).toBe(at.getTime() + 1000);
  });
});

describe('csv_values (upstream parseCSVValues)', () => {
  const part = fc.stringMatching(/^[A-Za-z0-9_\u4e00-\u4e2f-]{1,8}$/);
  it('reads a comma list and the same parts as a JSON array alike, trimming spaces and quotes', () => {
    fc.assert(fc.property(fc.array(part, { minLength: 1, maxLength: 6 }), (parts) => {
      expect(TRANSFORMS.csv_values(parts.map((p) => ` "${p}" `).join(','), '--x', ctx)).toEqual(parts);
      expect(TRANSFORMS.csv_values(JSON.stringify(parts), '--x', ctx)).toEqual(parts);
      expect(TRANSFORMS.csv_values(`[${parts.join(', ')}]`, '--x', ctx)).toEqual(parts);
    }));
  });
  it('drops empty parts and gives an empty list for blank text', () => {
    expect(TRANSFORMS.csv_values('a,,b, ,', '--x', ctx)).toEqual(['a', 'b']);
    expect(TRANSFORMS.csv_values('  ', '--x', ctx)).toEqual([]);
  });
});

describe('flex_time_ms (upstream ParseISOTimeToMillis)', () => {
  // instants whose epoch seconds have 10 digits, as upstream reads them
  const instant = fc.integer({ min: Date.UTC(2002, 0, 1), max: Date.UTC(2286, 10, 20) }).map((ms) => ms - (ms % 1000));
  const shanghai = (ms: number) => {
    const d = new Date(ms + 8 * 3600 * 1000);
    const p = (n: number) => String(n).padStart(2, '0');
    return { date: `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}`, time: `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}` };
  };
  it('reads the same instant from RFC 3339, zone-less Beijing time, epoch seconds and epoch milliseconds', () => {
    fc.assert(fc.property(instant, (ms) => {
      const { date, time } = shanghai(ms);
      for (const text of [new Date(ms).toISOString().replace('.000Z', 'Z'), `${date}T${time}+08:00`, `${date} ${time}`, `${date}T${time}`,
        `${date.replaceAll('-', '/')} ${time}`, String(ms / 1000), String(ms)]) {
        expect(TRANSFORMS.flex_time_ms(text, '--due', ctx), text).toBe(ms);
      }
    }));
  });
  it('reads a bare date as its Beijing midnight whatever the machine zone', () => {
    expect(TRANSFORMS.flex_time_ms('2026-03-13', '--due', ctx)).toBe(Date.UTC(2026, 2, 12, 16));
    expect(TRANSFORMS.flex_time_ms('20260313', '--due', ctx)).toBe(Date.UTC(2026, 2, 12, 16));
  });
  it('refuses what is not a time, naming the flag', () => {
    fc.assert(fc.property(fc.string({ maxLength: 12 }).filter((s) => !/\d{4}/u.test(s)), (s) => {
      expect(() => TRANSFORMS.flex_time_ms(s, '--due', ctx)).toThrow(DwsError);
    }));
    expect(() => TRANSFORMS.flex_time_ms('2026-02-30', '--due', ctx)).toThrow(/--due/u);
  });
});

describe('object_values / object_keys (a-k2: a loop over a map, sortedMapKeys)', () => {
  it('an object gives its values or keys in key order; anything else is absent', () => {
    expect(TRANSFORMS.object_values({ b: [1], a: 'x' }, '--v', ctx)).toEqual([[1], 'x']);
    expect(TRANSFORMS.object_keys({ b: [1], a: 'x' }, '--v', ctx)).toEqual(['b', 'a']);
    expect(TRANSFORMS.object_values([1, 2], '--v', ctx)).toBeUndefined();
    expect(TRANSFORMS.object_keys('text', '--v', ctx)).toBeUndefined();
  });
});

describe('json_object / json_object_or_text (f-aitable6: parseJSONObject, resolveWorkflowDSL, jsonStringToMap)', () => {
  const refusedBy = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return (e as DwsError).reason;
    }
    return 'accepted';
  };
  const notObject = fc.oneof(fc.array(fc.jsonValue(), { maxLength: 3 }), fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
  it('an object written as JSON, padded with JSON whitespace, decodes to the same object under both', () => {
    fc.assert(fc.property(fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), fc.stringMatching(/^[ \t\n\r]{0,3}$/), (o, pad) => {
      const text = pad + JSON.stringify(o) + pad;
      const want = JSON.parse(JSON.stringify(o)) as unknown;
      expect(TRANSFORMS.json_object(text, '--config', ctx)).toEqual(want);
      expect(TRANSFORMS.json_object_or_text(text, '--config', ctx)).toEqual(want);
    }));
  });
  it('json_object refuses every other JSON value, null included, and text that is not JSON', () => {
    fc.assert(fc.property(notObject, (v) => {
      expect(refusedBy(() => TRANSFORMS.json_object(JSON.stringify(v), '--dsl', ctx))).toBe('invalid_parameter');
    }));
    for (const t of ['', '  ', '{', '{"a":1} x', '\u00a0{}', 'nul']) expect(refusedBy(() => TRANSFORMS.json_object(t, '--dsl', ctx))).toBe('invalid_parameter');
  });
  it('json_object_or_text gives null for JSON null and the text as typed for anything else', () => {
    expect(TRANSFORMS.json_object_or_text(' null\n', '--config', ctx)).toBeNull();
    fc.assert(fc.property(notObject.filter((v) => v !== null), (v) => {
      const text = JSON.stringify(v);
      expect(TRANSFORMS.json_object_or_text(text, '--config', ctx)).toBe(text);
    }));
    fc.assert(fc.property(fc.string(), (t) => {
      let decoded: unknown;
      try {
        decoded = JSON.parse(t);
      } catch {
        expect(TRANSFORMS.json_object_or_text(t, '--config', ctx)).toBe(t);
        return;
      }
      const want = decoded === null || (typeof decoded === 'object' && !Array.isArray(decoded)) ? decoded : t;
      expect(TRANSFORMS.json_object_or_text(t, '--config', ctx)).toEqual(want);
    }));
  });
});

// h35-misc: sort_keys prints an object's keys as Go's encoding/json writes a map's (sorted by their bytes, at every
// level): "10" before "9" before "a", though a JavaScript object puts array-index keys first in number order
describe('sort_keys (Go\'s map key order, numeral keys included)', () => {
  const goText = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(goText).join(',')}]`;
    if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o).sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
      return `{${keys.map((k) => `${JSON.stringify(k)}:${goText(o[k])}`).join(',')}}`;
    }
    return JSON.stringify(v);
  };
  const key = fc.oneof(fc.constantFrom('0', '9', '10', '01', '4294967294', '4294967295', '-1', 'a', 'B', '_', '1a', '世'), fc.nat({ max: 200 }).map(String), fc.string({ maxLength: 3 }));
  const value = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string({ maxLength: 3 }), fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(key, tie('node'), { maxKeys: 5 })),
  })).node;
  it('the printed text orders keys as Go does, and the value is unchanged (property)', () => {
    fc.assert(fc.property(value, (v) => {
      const sorted = TRANSFORMS.sort_keys(v, '--x', ctx);
      expect(JSON.stringify(sorted)).toBe(goText(v));
      expect(sorted).toEqual(v);
    }), { numRuns: 300 });
  });
  it('Object.keys after sort_keys gives Go\'s order', () => {
    expect(Object.keys(TRANSFORMS.sort_keys({ 9: 1, a: 2, 10: 3, '': 4 }, '--x', ctx) as object)).toEqual(['', '10', '9', 'a']);
  });
});

// h35-misc: go_decode_json reads a JSON text as Go's json.Decoder into a typed value (whiteboard update's file)
describe('go_decode_json (Go\'s struct decode, read from the text)', () => {
  const decode = (arg: unknown, text: string) => applyTransforms([{ go_decode_json: arg } as never], text, '--x', ctx);
  it('a raw value is the text compacted; a text JSON.parse refuses is no decode (property)', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (v, indent) => {
      expect(decode({ shape: 'raw', unknown: 'refuse' }, JSON.stringify(v, null, indent))).toEqual({ ok: true, value: JSON.stringify(v) });
    }));
    fc.assert(fc.property(fc.string({ maxLength: 8 }), (t) => {
      let valid = true;
      try {
        JSON.parse(t);
      } catch {
        valid = false;
      }
      expect((decode({ shape: 'any', unknown: 'ignore' }, t) as { ok: boolean }).ok).toBe(valid);
    }));
  });
  it('a struct field takes its key in any case; an unknown key fails only when refused (property)', () => {
    fc.assert(fc.property(fc.string(), fc.constantFrom('name', 'NAME', 'Name'), fc.boolean(), (s, key, extra) => {
      const text = JSON.stringify({ [key]: s, ...(extra ? { other: 1 } : {}) });
      expect(decode({ shape: { name: 'string' }, unknown: 'ignore' }, text)).toEqual({ ok: true, value: { name: s } });
      expect(decode({ shape: { name: 'string' }, unknown: 'refuse' }, text)).toEqual(extra ? { ok: false } : { ok: true, value: { name: s } });
    }));
  });
  // h36-left: go_decode (a parsed answer) and go_decode_json (its text) are one decoder over two views of the value
  it('decoding a value and decoding its JSON text give the same result, shapes and values drawn together (property)', () => {
    const shape: fc.Memo<GoShape> = fc.memo((n) => (n <= 1
      ? fc.constantFrom<GoShape>('bool', 'string', 'int', 'float64', 'any')
      : fc.oneof(
        fc.constantFrom<GoShape>('bool', 'string', 'int', 'float64', 'any'),
        shape(n - 1).map((s) => [s]),
        fc.dictionary(fc.constantFrom('a', 'A', 'b', 'list'), shape(n - 1), { minKeys: 1, maxKeys: 3 }),
      )));
    const value = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.boolean(), fc.string({ maxLength: 3 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0)),
        fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'A', 'b', 'B', 'list', 'x'), tie('v'), { maxKeys: 4 })),
    })).v;
    fc.assert(fc.property(shape(3), value, (s, v) => {
      expect(decode({ shape: s, unknown: 'ignore' }, JSON.stringify(v))).toEqual(goDecode(s, v));
    }), { numRuns: 500 });
  });
});
