// The one comparison form of free text, for every TypeScript caller that matches words (identities, avoid_when
// phrases, the action/product lexicons, known gaps, step splitting): NFKC, lowercase, and traditional Han characters
// folded to simplified with the core's own table (assembly/fold.ts), so the shell and the core read text alike and
// a lexicon lists each word in one script.
import { FOLD_FROM_HEX, FOLD_TO_HEX } from './fold-table.js';
import { lowerBound } from './order.js';

/**
 * The table's sides as sorted code points, and one bit per BMP code point that the table maps (most Han text is
 * already simplified: a clear bit answers without the binary search, as in assembly/fold.ts); decoded on the first
 * text with a character at or above U+3400.
 */
let table: { from: Uint32Array; to: Uint32Array; bmp: Uint8Array } | undefined;

function decode(hex: string): Uint32Array {
  const out = new Uint32Array(hex.length / 5);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 5, i * 5 + 5), 16);
  return out;
}

function loadTable(): NonNullable<typeof table> {
  const from = decode(FOLD_FROM_HEX);
  const bmp = new Uint8Array(0x10000 >> 3);
  for (const c of from) if (c < 0x10000) bmp[c >> 3] |= 1 << (c & 7);
  return { from, to: decode(FOLD_TO_HEX), bmp };
}

/** Traditional -> simplified for one code point (the identity for every other). */
export function foldHan(c: number): number {
  const t = (table ??= loadTable());
  if (c < 0x10000 && (t.bmp[c >> 3] & (1 << (c & 7))) === 0) return c;
  const at = lowerBound(t.from, c);
  return at < t.from.length && t.from[at] === c ? t.to[at] : c;
}

/** Any code point the table may map (the core skips the same range: assembly/tokenizer.ts). */
const MAY_FOLD = /[\u3400-\u{2ffff}]/u;

export function fold(text: string): string {
  const lower = text.normalize('NFKC').toLowerCase();
  if (!MAY_FOLD.test(lower)) return lower;
  // Only a text with a traditional character is rebuilt (one pass finds the first).
  let i = 0;
  for (; i < lower.length; i++) {
    const c = lower.codePointAt(i)!;
    if (c >= 0x3400 && foldHan(c) !== c) break;
    if (c > 0xffff) i++;
  }
  if (i === lower.length) return lower;
  let out = lower.slice(0, i);
  for (const ch of lower.slice(i)) {
    const c = ch.codePointAt(0)!;
    out += c >= 0x3400 ? String.fromCodePoint(foldHan(c)) : ch;
  }
  return out;
}
