// The one comparison form of free text, for every TypeScript caller that matches words (identities, avoid_when
// phrases, the action/product lexicons, known gaps, step splitting): NFKC, lowercase, and traditional Han characters
// folded to simplified with the core's own table (assembly/fold.ts), so the shell and the core read text alike and
// a lexicon lists each word in one script.
import { FOLD_FROM_HEX, FOLD_TO_HEX } from './fold-table.js';
import { lowerBound } from './order.js';

/** The table's sides as sorted code points, decoded on the first text with a Han character at or above U+3400. */
let table: { from: Uint32Array; to: Uint32Array } | undefined;

function decode(hex: string): Uint32Array {
  const out = new Uint32Array(hex.length / 5);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 5, i * 5 + 5), 16);
  return out;
}

/** Traditional -> simplified for one code point (the identity for every other). */
export function foldHan(c: number): number {
  table ??= { from: decode(FOLD_FROM_HEX), to: decode(FOLD_TO_HEX) };
  const at = lowerBound(table.from, c);
  return at < table.from.length && table.from[at] === c ? table.to[at] : c;
}

/** Any code point the table may map (the core skips the same range: assembly/tokenizer.ts). */
const MAY_FOLD = /[\u3400-\u{2ffff}]/u;

export function fold(text: string): string {
  const lower = text.normalize('NFKC').toLowerCase();
  if (!MAY_FOLD.test(lower)) return lower;
  let out = '';
  for (const ch of lower) {
    const c = ch.codePointAt(0)!;
    out += c >= 0x3400 ? String.fromCodePoint(foldHan(c)) : ch;
  }
  return out;
}
