// "Did you mean": the names nearest to what was typed, for an unknown schema path and an unknown command. Only names
// within a few edits are offered (a third of what was typed, at least 2), nearest first, ties in code point order;
// when nothing is that near, nothing is offered rather than a list of unrelated names.
import { distance } from 'fastest-levenshtein';
import { byCodePoint } from '../text/order.js';

/** At most `n` of `names` within reach of `typed` (compared as given: callers pass normalized forms). */
export function nearestNames(typed: string, names: Iterable<string>, n = 3, key: (name: string) => string = (s) => s): string[] {
  if (!typed) return [];
  const reach = Math.max(2, Math.floor([...typed].length / 3));
  const scored: { name: string; d: number }[] = [];
  for (const name of new Set(names)) {
    const d = distance(typed, key(name));
    if (d <= reach) scored.push({ name, d });
  }
  return scored.sort((a, b) => a.d - b.d || byCodePoint(a.name, b.name)).slice(0, n).map((s) => s.name);
}
