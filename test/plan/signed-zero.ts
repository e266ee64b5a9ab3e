// Reading a recorded argument with the sign of every zero, for the -0 tests (h50-a4, h51-neg0a, h51-neg0b): the fake
// server keeps a number literal JavaScript would change (-0) as a JsonNumber, so the sign Go's json.Marshal writes is seen.
import { JsonNumber } from '../../src/json-number.js';

/** A recorded argument with each kept literal as the number it writes (-0 stays -0), for Object.is checks. */
export const wire = (v: unknown): unknown => {
  if (v instanceof JsonNumber) return Number(v.literal);
  if (Array.isArray(v)) return v.map(wire);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, wire(x)]));
  return v;
};

/** Whether two decoded values are equal with the sign of every zero (Go's json.Marshal keeps a float64's). */
export const sameSigned = (a: unknown, b: unknown): boolean => {
  if (typeof a === 'number' || typeof b === 'number') return Object.is(a, b);
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameSigned(x, b[i]));
  if (a !== null && typeof a === 'object' && b !== null && typeof b === 'object') {
    const [ka, kb] = [Object.keys(a).sort(), Object.keys(b).sort()];
    return ka.join('\u0000') === kb.join('\u0000') && ka.every((k) => sameSigned((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
};
