// The one test for "a JSON object" (not null, not an array) that every layer reading parsed JSON or YAML uses, and the
// one JSON equality over parsed values. A number literal kept as typed (JsonNumber, src/json-number.ts) is a number
// here, never an object, and equals a kept literal written the same way.
import { JsonNumber } from './json-number.js';

/** Whether a parsed JSON value is an object: not null and not an array. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof JsonNumber);

/** Sets an own key as JSON.parse makes one: a key named "__proto__" stays a key (Go's map keeps it), never the prototype. */
export const setOwn = (o: Record<string, unknown>, k: string, v: unknown): void => {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
};

/** JSON equality regardless of the order of object keys (Go's reflect.DeepEqual over decoded values). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a instanceof JsonNumber || b instanceof JsonNumber) return a instanceof JsonNumber && b instanceof JsonNumber && a.literal === b.literal;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isObject(a) || isObject(b)) {
    if (!isObject(a) || !isObject(b)) return false;
    const [ka, kb] = [Object.keys(a), Object.keys(b)];
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
  }
  return a === b;
}
