// A list of strings stored as one: the strings end to end, and the UTF-16 offset where each starts (n + 1 offsets).
// A process decodes one string and slices the entries it reads, instead of splitting thousands of strings it never
// reads (a cold search allocates less and meets fewer scavenges). Used for the sorted identity keys and gap keys.
import { codePointUnit } from '../text/order.js';

/** A read-only list of strings: its length, the entry at an index and the index of an entry (string[] has all three). */
export interface Strings {
  readonly length: number;
  at(index: number): string | undefined;
  indexOf(value: string): number;
}

/** The strings end to end and the start offset of each (the last offset is the text's length). Build time. */
export function joinStrings(values: readonly string[]): { text: string; starts: number[] } {
  const starts = [0];
  for (const v of values) starts.push(starts[starts.length - 1] + v.length);
  return { text: values.join(''), starts };
}

/**
 * Throws a plain Error unless the offsets cut [0, total) into pieces: they start at 0, end at total, and each is at
 * least minStep past the one before (1 for lines, whose separator is not part of the entry).
 */
export function checkOffsets(starts: ArrayLike<number>, total: number, what: string, minStep = 0): void {
  if (starts.length === 0 || starts[0] !== 0 || starts[starts.length - 1] !== total) throw new Error(`${what} offsets do not cover it`);
  for (let i = 1; i < starts.length; i++) if (starts[i] < starts[i - 1] + minStep) throw new Error(`${what} offsets go backwards`);
}

export class StringList implements Strings {
  readonly length: number;

  /**
   * Entry i is text[starts[i], starts[i + 1] - gap): gap 0 for strings end to end, 1 for separated lines (the last
   * offset is then text.length + 1). Throws a plain Error when the offsets do not cut text into length entries (the
   * snapshot reports it as corrupt).
   */
  constructor(private readonly text: string, private readonly starts: Uint32Array, private readonly gap = 0) {
    checkOffsets(starts, text.length + (starts.length > 1 ? gap : 0), 'string list', gap);
    this.length = starts.length - 1;
  }

  /** The lines of text (split at each \n), found with native indexOf and no string made until one is read. */
  static lines(text: string): StringList {
    let n = 1;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
    const starts = new Uint32Array(n + 1);
    let i = 1;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts[i++] = at + 1;
    starts[n] = text.length + 1;
    return new StringList(text, starts, 1);
  }

  at(index: number): string | undefined {
    return index >= 0 && index < this.length ? this.text.slice(this.starts[index], this.starts[index + 1] - this.gap) : undefined;
  }

  /**
   * entry(index) compared with value in UTF-16 code unit order (JS `<`): negative, 0 or positive, without making the
   * entry's string (a binary search over the identity keys runs a dozen of these per lookup).
   */
  compareAt(index: number, value: string): number {
    const start = this.starts[index];
    const len = this.starts[index + 1] - this.gap - start;
    const n = Math.min(len, value.length);
    for (let k = 0; k < n; k++) {
      const x = this.text.charCodeAt(start + k);
      const y = value.charCodeAt(k);
      if (x !== y) return codePointUnit(x) - codePointUnit(y);
    }
    return len - value.length;
  }

  /** The UTF-16 unit k of entry(index), or -1 past its end (no string made). */
  unitAt(index: number, k: number): number {
    const start = this.starts[index];
    return k >= 0 && start + k < this.starts[index + 1] - this.gap ? this.text.charCodeAt(start + k) : -1;
  }

  /** True when entry(index) starts with prefix (no string made). */
  startsWithAt(index: number, prefix: string): boolean {
    const start = this.starts[index];
    return this.starts[index + 1] - this.gap - start >= prefix.length && this.text.startsWith(prefix, start);
  }

  indexOf(value: string): number {
    for (let i = 0; i < this.length; i++) {
      const start = this.starts[i];
      if (this.starts[i + 1] - this.gap - start === value.length && this.text.startsWith(value, start)) return i;
    }
    return -1;
  }
}
