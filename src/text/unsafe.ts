// The characters upstream refuses or strips as unsafe input (pkg/validate/input.go:31-81@c7521c1c): C0 controls
// but tab and newline, DEL, the zero-width space/non-joiner/joiner, the BOM, Bidi embeddings, overrides and
// isolates, and the line and paragraph separators. One definition for the search request check, the transport's
// argument check and the strip_unsafe_chars transform.

/** Whether one code point is unsafe input. */
export function isUnsafeCodePoint(cp: number): boolean {
  return (cp < 0x20 && cp !== 9 && cp !== 10) || cp === 0x7f || (cp >= 0x200b && cp <= 0x200d) || cp === 0xfeff ||
    (cp >= 0x202a && cp <= 0x202e) || cp === 0x2028 || cp === 0x2029 || (cp >= 0x2066 && cp <= 0x2069);
}

/** The same set as one pattern, for a test over a whole text. */
// eslint-disable-next-line no-control-regex
export const UNSAFE_CHAR = /[\u0000-\u0008\u000B-\u001F\u007F\u200B-\u200D\uFEFF\u202A-\u202E\u2066-\u2069\u2028\u2029]/u;

/** The kind of the first unsafe code point of a text (upstream names the two kinds apart), or undefined. */
export function unsafeKind(text: string): 'control' | 'unicode' | undefined {
  const m = UNSAFE_CHAR.exec(text);
  if (!m) return undefined;
  const cp = m[0].codePointAt(0)!;
  return cp < 0x20 || cp === 0x7f ? 'control' : 'unicode';
}
