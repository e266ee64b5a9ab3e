// Go's strings.EqualFold, for every layer that compares text ignoring case as upstream does. Go folds code point by
// code point within the orbits of unicode.SimpleFold, which its tables build from the common and simple (C and S)
// mappings of Unicode's CaseFolding.txt. A JavaScript regular expression with the `i` and `u` flags canonicalizes a
// character by exactly those mappings (ECMAScript Canonicalize), so one character matches another under `iu` exactly
// when both fold alike. JavaScript's toLowerCase/toUpperCase do not: `ı` upper-cases to `I` and `İ` lower-cases to
// two code points, while Go keeps both in orbits of their own; `ß` upper-cases to `SS`.

const SYNTAX = /[\^$\\.*+?()[\]{}|/]/u;
const patterns = new Map<string, RegExp>();

/** Whether two code points fold alike (one SimpleFold orbit). */
function sameFold(a: string, b: string): boolean {
  let re = patterns.get(a);
  if (re === undefined) {
    re = new RegExp(`^${SYNTAX.test(a) ? `\\${a}` : a}$`, 'iu');
    patterns.set(a, re);
  }
  return re.test(b);
}

/** Go's `strings.EqualFold(a, b)`: as many code points, each equal to or folding alike with its counterpart. */
export function equalFold(a: string, b: string): boolean {
  if (a === b) return true;
  const x = [...a];
  const y = [...b];
  if (x.length !== y.length) return false;
  return x.every((c, i) => c === y[i] || sameFold(c, y[i]!));
}
