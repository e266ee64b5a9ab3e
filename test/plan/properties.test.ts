// Property tests of the plan language's primitives: the transforms of the closed set and the path reader.
process.env.TZ = 'Asia/Shanghai';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyTransform, applyTransforms, TRANSFORMS } from '../../src/plan/transforms/index.js';
import { parsePath, readPath, replaceAt } from '../../src/plan/path.js';
import { DwsError } from '../../src/errors.js';

const where = '--x';
const word = fc.stringMatching(/^[a-zA-Z0-9_]{1,8}$/);

describe('transforms', () => {
  it('csv_to_list: joining trimmed non-empty parts with commas and splitting again is the identity', () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[^,\s]([^,]*[^,\s])?$/), { maxLength: 8 }), (parts) => {
      expect(TRANSFORMS.csv_to_list(parts.join(' , '), where, { env: {} })).toEqual(parts);
    }));
  });

  it('split_whitespace drops empty parts and never returns whitespace', () => {
    fc.assert(fc.property(fc.string(), (s) => {
      const out = TRANSFORMS.split_whitespace(s, where, { env: {} }) as string[];
      expect(out.every((p) => p.length > 0 && !/\s/u.test(p))).toBe(true);
      expect(out.join('')).toBe(s.replace(/\s+/gu, ''));
    }));
  });

  it('int accepts exactly the safe integer texts; to_string inverts it', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => {
      expect(applyTransforms(['int'], String(n), where)).toBe(n);
      expect(applyTransforms(['int', 'to_string'], String(n), where)).toBe(String(n));
    }));
    fc.assert(fc.property(fc.string().filter((s) => !/^\s*[+-]?\d+\s*$/u.test(s)), (s) => {
      expect(() => applyTransforms(['int'], s, where)).toThrow(DwsError);
    }));
  });

  it('upper and lower are idempotent and do not change the length of ASCII text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme-ascii' }), (s) => {
      const up = applyTransforms(['upper'], s, where) as string;
      expect(applyTransforms(['upper'], up, where)).toBe(up);
      expect((applyTransforms(['lower'], s, where) as string).length).toBe(s.length);
    }));
  });

  it('bool and not: the accepted spellings map to booleans, not negates, anything else is refused', () => {
    fc.assert(fc.property(fc.constantFrom('true', 'TRUE', '1', 'yes', 'false', '0', 'no', true, false), (v) => {
      const b = applyTransforms(['bool'], v, where) as boolean;
      expect(applyTransforms(['not'], v, where)).toBe(!b);
    }));
    expect(() => applyTransforms(['bool'], 'maybe', where)).toThrow(/--x: "maybe" is not a boolean/);
  });

  it('json_parse inverts json_stringify', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      expect(applyTransforms(['json_stringify', 'json_parse'], v, where)).toEqual(JSON.parse(JSON.stringify(v)));
    }));
  });

  it('format replaces every %s; default only fills empty values', () => {
    fc.assert(fc.property(word, (v) => {
      expect(applyTransform({ format: 'a:%s:%s' }, v, where)).toBe(`a:${v}:${v}`);
      expect(applyTransform({ default: 'D' }, v, where)).toBe(v);
    }));
    expect(applyTransform({ default: 'D' }, '', where)).toBe('D');
    expect(applyTransform({ default: 'D' }, [], where)).toBe('D');
  });

  it('map looks up each value and refuses one outside the table, naming its keys', () => {
    const t = { map: { a: 1, b: 2 } };
    expect(applyTransform(t, ['a', 'b'], where)).toEqual([1, 2]);
    expect(() => applyTransform(t, 'c', where)).toThrow('--x: "c" is not one of a, b');
  });

  it('dates: date_ms and datetime agree, a bare date starts at 00:00:00 and date_end_ms ends at 23:59:59', () => {
    fc.assert(fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
      const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      const start = applyTransforms(['date_ms'], day, where) as number;
      expect(applyTransforms(['date_end_ms'], day, where)).toBe(start + (23 * 3600 + 59 * 60 + 59) * 1000);
      expect(applyTransforms(['datetime'], day, where)).toBe(`${day} 00:00:00`);
      expect(applyTransforms(['date_ms'], `${day} 00:00:00`, where)).toBe(start);
      expect(new Date(start).getHours()).toBe(0);
    }));
    expect(() => applyTransforms(['date_ms'], '2026-02-30', where)).toThrow(/not a date/);
    expect(applyTransforms(['date_ms'], '2026-04-01', where)).toBe(Date.parse('2026-04-01T00:00:00+08:00'));
    expect(applyTransforms(['iso_ms'], '2026-03-10T14:00:00+08:00', where)).toBe(Date.parse('2026-03-10T06:00:00Z'));
  });

  it('multiply, add, trunc and unique', () => {
    expect(applyTransforms([{ multiply: 100 }, 'trunc', 'to_string'], '7.5', where)).toBe('750');
    expect(applyTransforms([{ add: 1 }], 2, where)).toBe(3);
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 5 })), (xs) => {
      const u = applyTransforms(['unique'], xs, where) as number[];
      expect(u).toEqual([...new Set(xs)]);
    }));
  });
});

/** A JSON-ish tree and every (path, value) pair in it, with keys that need no quoting. */
const tree = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, fc.integer(), word, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(word, tie('node'), { maxKeys: 3 })),
})).node;

function pathsOf(v: unknown, prefix = ''): [string, unknown][] {
  const out: [string, unknown][] = prefix ? [[prefix, v]] : [];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pathsOf(x, `${prefix}[${i}]`)));
  else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) out.push(...pathsOf(x, prefix ? `${prefix}.${k}` : k));
  return out;
}

describe('paths', () => {
  it('every path of a tree reads back its value; a missing key reads undefined', () => {
    fc.assert(fc.property(tree, (t) => {
      for (const [p, v] of pathsOf(t)) {
        expect(readPath(t, p)).toEqual(v);
        expect(readPath(t, `${p}.zz_missing`)).toBeUndefined();
      }
    }));
  });

  it('[*] collects the rest of the path from every element', () => {
    fc.assert(fc.property(fc.array(fc.record({ id: word, n: fc.integer() })), (xs) => {
      expect(readPath({ items: xs }, 'items[*].id')).toEqual(xs.map((x) => x.id));
    }));
  });

  it('replaceAt then readPath gives the replacement and leaves the original untouched', () => {
    fc.assert(fc.property(tree, fc.integer(), (t, r) => {
      const before = JSON.stringify(t);
      for (const [p] of pathsOf(t)) expect(readPath(replaceAt(t, p, r), p)).toBe(r);
      expect(JSON.stringify(t)).toBe(before);
    }));
  });

  it('parsePath rejects empty segments and stray brackets', () => {
    for (const bad of ['', 'a..b', 'a.', '.a', 'a[', 'a]', 'a[x]']) expect(() => parsePath(bad), bad).toThrow();
    expect(parsePath('[0].a[*]')).toEqual([{ index: 0 }, { key: 'a' }, { each: true }]);
  });
});
