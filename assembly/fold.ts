// Traditional -> simplified folding for single Han code points. The table is generated data (fold-table.ts),
// searched by binary search over sorted pairs, so the mapping is identical in every engine.
import { FOLD_FROM, FOLD_TO } from './fold-table';

// One bit per BMP code point: set when the code point is in FOLD_FROM. Most Han text is already simplified, so a
// clear bit answers without the binary search (the tokenizer folds every Han character it decodes). Static
// memory, filled once from the table at start.
const BMP_BITS: usize = memory.data(0x10000 >> 3, 16);
for (let i = 0; i < FOLD_FROM.length; i++) {
  const c = unchecked(FOLD_FROM[i]);
  if (c < 0x10000) store<u8>(BMP_BITS + <usize>(c >> 3), load<u8>(BMP_BITS + <usize>(c >> 3)) | <u8>(<u32>1 << (c & 7)));
}

export function foldHan(c: u32): u32 {
  if (c < 0x10000 && (load<u8>(BMP_BITS + <usize>(c >> 3)) & <u8>(<u32>1 << (c & 7))) == 0) return c;
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
