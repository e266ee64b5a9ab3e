// Go's strings.ToUpper / strings.ToLower, code point by code point: the one case mapping for texts upstream's Go
// code upper- or lower-cases (the plan transforms upper/lower, deep_text's any_case, doc +fetch's keyword hits).

// The Greek letters with iota subscript (U+1F80-1FAF, U+1FB3, U+1FC3, U+1FF3): JavaScript upper-cases them to two
// characters (SpecialCasing), Go's unicode.ToUpper to their one-character simple mapping (the titlecase form).
const GREEK_IOTA_UPPER = (c: number): number | undefined =>
  (c >= 0x1f80 && c <= 0x1faf && (c & 0xf) < 8) ? c + 8 : c === 0x1fb3 ? 0x1fbc : c === 0x1fc3 ? 0x1fcc : c === 0x1ff3 ? 0x1ffc : undefined;

/**
 * Go's strings.ToUpper / strings.ToLower: each code point by itself through its simple case mapping (unicode.ToUpper /
 * unicode.ToLower). JavaScript's toUpperCase / toLowerCase apply the full mapping and context (`ß` -> `SS`, a final
 * `Σ` -> `ς`, `İ` -> `i̇`); here a code point whose JavaScript mapping is more than one code point keeps Go's simple
 * mapping (the Greek iota-subscript letters, `İ` -> `i`), else stays as it is, as in Go (`ß`, `ŉ`, ligatures).
 */
export function goCase(s: string, to: 'upper' | 'lower'): string {
  let out = '';
  for (const ch of s) {
    const mapped = to === 'upper' ? ch.toUpperCase() : ch.toLowerCase();
    if ([...mapped].length === 1) {
      out += mapped;
      continue;
    }
    const c = ch.codePointAt(0)!;
    const simple = to === 'upper' ? GREEK_IOTA_UPPER(c) : c === 0x130 ? 0x69 : undefined;
    out += simple === undefined ? ch : String.fromCodePoint(simple);
  }
  return out;
}
