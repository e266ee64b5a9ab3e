// Code-point ordering, the only ordering used for lists that are not ranked (never localeCompare, and not UTF-16
// code units either: they order astral characters differently).

export function byCodePoint(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

export function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(byCodePoint);
}

/**
 * The first index in [lo, hi) of an ascending array whose value is not below value (hi when there is none). Ascending
 * by `<`: numbers, or strings in UTF-16 code unit order (the order the snapshot's sorted string tables are built in).
 */
export function lowerBound<T extends string | number>(sorted: ArrayLike<T>, value: T, lo = 0, hi = sorted.length): number {
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
