// Binary search over the sorted tables the snapshot stores (identity keys, gap keys, phrase bucket keys).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { byCodePoint, lowerBound, lowerBoundBy } from '../../src/text/order.js';
import { joinStrings, StringList } from '../../src/catalog/string-list.js';

describe('lowerBound', () => {
  it('is the first index whose value is not below the one sought, within the range given (numbers)', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 50 })), fc.integer({ min: -1, max: 51 }), fc.nat(), fc.nat(), (xs, v, a, b) => {
      const sorted = Uint32Array.from(xs.sort((x, y) => x - y));
      const lo = Math.min(a, b) % (sorted.length + 1), hi = Math.max(lo, Math.max(a, b) % (sorted.length + 1));
      let expected = lo;
      while (expected < hi && sorted[expected] < v) expected++;
      expect(lowerBound(sorted, v, lo, hi)).toBe(expected);
    }), { numRuns: 500 });
  });
});

/** Code point order from first principles: the arrays of code points compared element by element. */
const points = (s: string) => [...s].map((c) => c.codePointAt(0)!);
function reference(a: string, b: string): number {
  const x = points(a), y = points(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}
// Strings that mix the ranges where UTF-16 order and code point order disagree: astral characters (surrogate
// pairs) against U+E000..U+FFFF, plus ASCII and CJK.
const mixed = fc.array(fc.constantFrom('a', 'z', '中', '\ue000', '\uffef', '\u{1f600}', '\u{20000}', '\ud7ff'), { maxLength: 4 }).map((cs) => cs.join(''));

describe('byCodePoint, the one order', () => {
  it('orders by code point, also where UTF-16 code units would not (astral characters after U+E000..U+FFFF)', () => {
    expect(byCodePoint('\u{1f600}', '\uffef')).toBeGreaterThan(0);
    expect('\u{1f600}' < '\uffef').toBe(true); // what a raw string comparison would say
    fc.assert(fc.property(mixed, mixed, (a, b) => {
      expect(Math.sign(byCodePoint(a, b))).toBe(Math.sign(reference(a, b)));
    }), { numRuns: 1000 });
  });

  it('is the order the string tables are searched in: StringList.compareAt agrees with it', () => {
    fc.assert(fc.property(fc.uniqueArray(mixed, { maxLength: 12 }), mixed, (values, probe) => {
      const sorted = [...values].sort(byCodePoint);
      const { text, starts } = joinStrings(sorted);
      const list = new StringList(text, Uint32Array.from(starts));
      expect(lowerBoundBy(list.length, (i) => list.compareAt(i, probe))).toBe(sorted.filter((x) => byCodePoint(x, probe) < 0).length);
    }), { numRuns: 500 });
  });
});
