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
