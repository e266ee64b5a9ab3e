// Traditional -> simplified folding for single Han code points. The table is generated data (fold-table.ts),
// searched by binary search over sorted pairs, so the mapping is identical in every engine.
import { FOLD_FROM, FOLD_TO } from './fold-table';

export function foldHan(c: u32): u32 {
  let lo = 0;
  let hi = FOLD_FROM.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = unchecked(FOLD_FROM[mid]);
    if (v == c) return unchecked(FOLD_TO[mid]);
    if (v < c) lo = mid + 1; else hi = mid - 1;
  }
  return c;
}
