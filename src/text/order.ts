// Code-point ordering, the one ordering of every list that is not ranked and of every sorted table the snapshot
// searches (never localeCompare, and never raw UTF-16 code units: they put astral characters before U+E000..U+FFFF).

/**
 * A UTF-16 code unit moved so that comparing units compares code points: surrogates (U+D800..U+DFFF, the units of
 * astral characters) go above U+FFFF's place, U+E000..U+FFFF move down to where the surrogates were.
 */
export function codePointUnit(c: number): number {
  return c >= 0xe000 ? c - 0x800 : c >= 0xd800 ? c + 0x2000 : c;
}

export function byCodePoint(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointUnit(x) - codePointUnit(y);
  }
  return a.length - b.length;
}

export function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(byCodePoint);
}

/** The first index in [lo, hi) of an ascending array of numbers whose value is not below value (hi when there is none). */
export function lowerBound(sorted: ArrayLike<number>, value: number, lo = 0, hi = sorted.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * lowerBound over n entries read through compare(i): the sought value compared with entry i's (negative when the
 * entry is below it), for tables compared in place (StringList.compareAt, GapTable.compareKey).
 */
export function lowerBoundBy(n: number, compare: (index: number) => number): number {
  let lo = 0, hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(mid) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
