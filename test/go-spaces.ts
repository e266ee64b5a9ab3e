// Go's whitespace, written out here (not imported from src) so that tests check the code against an independent
// statement of it: unicode.IsSpace, which strings.TrimSpace trims (the Latin-1 spaces U+0009-U+000D, U+0020, U+0085,
// U+00A0, and Unicode's White_Space), and characters other tools count as blank that Go does not.

/** Every character unicode.IsSpace accepts. */
export const GO_SPACES = ['\t', '\n', '\v', '\f', '\r', ' ', '\u0085', '\u00a0', '\u1680', '\u2000', '\u2001', '\u2002', '\u2003',
  '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000'];

/** Blank to JavaScript's trim (U+FEFF) or to older Unicode (U+180E) or to the eye (U+200B), never to Go. */
export const NOT_GO_SPACES = ['\ufeff', '\u180e', '\u200b'];

/** strings.TrimSpace. */
export function goTrim(s: string): string {
  const cs = [...s];
  while (cs.length > 0 && GO_SPACES.includes(cs[0])) cs.shift();
  while (cs.length > 0 && GO_SPACES.includes(cs[cs.length - 1])) cs.pop();
  return cs.join('');
}
