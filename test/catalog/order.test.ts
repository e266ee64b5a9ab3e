// Binary search over the sorted tables the snapshot stores (identity keys, gap keys, phrase bucket keys).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lowerBound } from '../../src/catalog/order.js';

describe('lowerBound', () => {
  it('is the first index whose value is not below the one sought, within the range given (numbers and strings)', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 50 })), fc.integer({ min: -1, max: 51 }), fc.nat(), fc.nat(), (xs, v, a, b) => {
      const sorted = Uint32Array.from(xs.sort((x, y) => x - y));
      const lo = Math.min(a, b) % (sorted.length + 1), hi = Math.max(lo, Math.max(a, b) % (sorted.length + 1));
      let expected = lo;
      while (expected < hi && sorted[expected] < v) expected++;
      expect(lowerBound(sorted, v, lo, hi)).toBe(expected);
    }), { numRuns: 500 });
    fc.assert(fc.property(fc.array(fc.string({ maxLength: 3 })), fc.string({ maxLength: 3 }), (xs, v) => {
      const sorted = [...xs].sort();
      expect(lowerBound(sorted, v)).toBe(sorted.filter((x) => x < v).length);
    }), { numRuns: 500 });
  });
});
