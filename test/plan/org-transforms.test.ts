// The transforms name_value_list (upstream oaFormValues: oa forecast-process / create-instance --form-values) and
// ms_to_datetime (upstream normalizeWorkDate: attendance schedule import's numeric workDate). The commands against
// the recording backend are pinned by test/fixtures/calls/oa.yaml and attendance.yaml.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import type { Transform } from '../../src/plan/spec.js';

const apply = (t: Transform, v: unknown) => applyTransforms([t], v, '--x', { env: {} });

describe('name_value_list', () => {
  it('turns an object of text values into name/value pairs in key order', () => {
    expect(apply('name_value_list', { 金额: '100', 事由: '', b: 'x' })).toEqual([{ name: '金额', value: '100' }, { name: '事由', value: '' }, { name: 'b', value: 'x' }]);
    expect(apply('name_value_list', {})).toEqual([]);
  });

  it('keeps every key and value of any object of texts', () => {
    fc.assert(fc.property(fc.dictionary(fc.string(), fc.string()), (o) => {
      const out = apply('name_value_list', o) as { name: string; value: string }[];
      expect(Object.fromEntries(out.map((p) => [p.name, p.value]))).toEqual(o);
      expect(out.map((p) => p.name)).toEqual(Object.keys(o));
    }));
  });

  it('refuses what upstream cannot read as map[string]string', () => {
    for (const v of [[{ name: 'a', value: 'b' }], 'a', null, { a: 1 }, { a: null }, { a: ['x'] }]) expect(() => apply('name_value_list', v)).toThrow(/--x/u);
  });
});

describe('null_values_empty', () => {
  it('turns the null values of an object into empty texts, as Go decodes null into a map[string]string value', () => {
    expect(apply('null_values_empty', { a: null, b: 'x', c: 1 })).toEqual({ a: '', b: 'x', c: 1 });
    expect(applyTransforms(['null_values_empty', 'name_value_list'], { a: null }, '--x', { env: {} })).toEqual([{ name: 'a', value: '' }]);
  });

  it('passes anything that is not an object through unchanged', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.option(fc.string()))), (v) => {
      expect(apply('null_values_empty', v)).toEqual(v);
    }));
  });

  it('keeps the keys and their order, and every value other than null', () => {
    fc.assert(fc.property(fc.dictionary(fc.string(), fc.option(fc.string())), (o) => {
      const out = apply('null_values_empty', o) as Record<string, string>;
      expect(Object.keys(out)).toEqual(Object.keys(o));
      for (const k of Object.keys(o)) expect(out[k]).toBe(o[k] ?? '');
    }));
  });
});

describe('ms_to_datetime', () => {
  it('prints epoch milliseconds as local date-time text, truncating a fraction', () => {
    const tz = process.env.TZ;
    process.env.TZ = 'Asia/Shanghai';
    try {
      expect(apply('ms_to_datetime', 1776848400000.9)).toBe('2026-04-22 17:00:00');
      expect(apply('ms_to_datetime', 0)).toBe('1970-01-01 08:00:00');
    } finally {
      process.env.TZ = tz;
      if (tz === undefined) delete process.env.TZ;
    }
  });

  it('gives back the second it was given, in local time', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
      const text = apply('ms_to_datetime', ms) as string;
      const [d, t] = text.split(' ');
      const [y, mo, day] = d.split('-').map(Number);
      const [h, mi, s] = t.split(':').map(Number);
      expect(new Date(y, mo - 1, day, h, mi, s).getTime()).toBe(Math.floor(ms / 1000) * 1000);
    }));
  });

  it('refuses text, booleans and numbers outside int64 (h55-left: Go formats any int64, 1e17 included)', () => {
    for (const v of ['1776848400000', true, null, Number.NaN, Infinity, 1e19]) expect(() => apply('ms_to_datetime', v)).toThrow(/epoch milliseconds/u);
  });
});
