// A list of strings stored as one: the strings end to end, and the UTF-16 offset where each starts (n + 1 offsets).
// A process decodes one string and slices the entries it reads, instead of splitting thousands of strings it never
// reads (a cold search allocates less and meets fewer scavenges). Used for the sorted identity keys and gap keys.

/** What a binary search needs of a list: its length and the entry at an index (string[] has both). */
export interface Strings {
  readonly length: number;
  at(index: number): string | undefined;
}

/** The strings end to end and the start offset of each (the last offset is the text's length). Build time. */
export function joinStrings(values: readonly string[]): { text: string; starts: number[] } {
  const starts = [0];
  for (const v of values) starts.push(starts[starts.length - 1] + v.length);
  return { text: values.join(''), starts };
}

export class StringList implements Strings {
  readonly length: number;

  /** Throws a plain Error when the offsets do not cut text into length entries (the snapshot reports it as corrupt). */
  constructor(private readonly text: string, private readonly starts: Uint32Array) {
    if (starts.length === 0 || starts[0] !== 0 || starts[starts.length - 1] !== text.length) throw new Error('string list offsets do not cover the text');
    for (let i = 1; i < starts.length; i++) if (starts[i] < starts[i - 1]) throw new Error('string list offsets go backwards');
    this.length = starts.length - 1;
  }

  at(index: number): string | undefined {
    return index >= 0 && index < this.length ? this.text.slice(this.starts[index], this.starts[index + 1]) : undefined;
  }
}
