// Identity keys for the Exact Guard: canonical path, CLI path, primary CLI path and aliases reduce to one key form
// (NFKC, lowercase, a leading "dws" dropped, ".", "/" and whitespace runs as one space), so `chat.send`,
// `chat send` and `dws chat send` are the same key.
import { fold } from '../text/fold.js';
import { lowerBoundBy, byCodePoint } from '../text/order.js';
import { StringList, type Strings } from './string-list.js';

export function identityKey(text: string): string {
  return identityKeyOfFolded(fold(text));
}

/** identityKey of a text already folded (fold.ts): the query phase folds a query once for every reading. */
export function identityKeyOfFolded(folded: string): string {
  const words = folded.split(/[\s./]+/u).filter((w) => w.length > 0);
  if (words[0] === 'dws') words.shift();
  return words.join(' ');
}

export interface IdentityTool {
  canonical_path: string;
  cli_path: string;
  primary_cli_path: string;
  aliases: string[];
}

/** Every identity key of a tool, deduplicated. */
export function identityKeys(t: IdentityTool): string[] {
  return [...new Set([t.canonical_path, t.cli_path, t.primary_cli_path, ...t.aliases].map(identityKey))];
}

/** Exact Guard lookup: identity key -> document. */
export interface IdentityLookup {
  get(key: string): number | undefined;
  /** True when some identity key starts with prefix. */
  hasPrefix(prefix: string): boolean;
}

/**
 * Identity keys sorted in code point order (order.ts) with their documents, searched by binary search:
 * nothing to build at start-up. The snapshot's keys are a StringList, compared in place (no string per comparison);
 * any other list of strings works too.
 */
export class SortedIdentities implements IdentityLookup {
  /** Key i compared with value: in place for a StringList, as strings otherwise. */
  private readonly compare: (i: number, value: string) => number;

  constructor(private readonly keys: Strings, private readonly docs: Uint32Array) {
    this.compare = keys instanceof StringList
      ? (i, value) => keys.compareAt(i, value)
      : (i, value) => byCodePoint(keys.at(i)!, value);
  }

  get(key: string): number | undefined {
    const at = lowerBoundBy(this.keys.length, (i) => this.compare(i, key));
    return at < this.keys.length && this.compare(at, key) === 0 ? this.docs[at] : undefined;
  }

  hasPrefix(prefix: string): boolean {
    const at = lowerBoundBy(this.keys.length, (i) => this.compare(i, prefix));
    if (at >= this.keys.length) return false;
    return this.keys instanceof StringList ? this.keys.startsWithAt(at, prefix) : this.keys.at(at)!.startsWith(prefix);
  }
}
