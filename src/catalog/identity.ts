// Identity keys for the Exact Guard: canonical path, CLI path, primary CLI path and aliases reduce to one key form
// (NFKC, lowercase, a leading "dws" dropped, ".", "/" and whitespace runs as one space), so `chat.send`,
// `chat send` and `dws chat send` are the same key.
import { lowerBoundOf } from './order.js';
import { StringList, type Strings } from './string-list.js';

/** The one comparison form of free text: NFKC, then lowercase (identities, avoid_when phrases, lexicon words). */
export function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export function identityKey(text: string): string {
  const words = fold(text).split(/[\s./]+/u).filter((w) => w.length > 0);
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
 * Identity keys sorted in UTF-16 code unit order (JS string order) with their documents, searched by binary search:
 * nothing to build at start-up. The snapshot's keys are a StringList, compared in place (no string per comparison);
 * any other list of strings works too.
 */
export class SortedIdentities implements IdentityLookup {
  private readonly list?: StringList;

  constructor(private readonly keys: Strings, private readonly docs: Uint32Array) {
    if (keys instanceof StringList) this.list = keys;
  }

  /** The first index whose key is not below value. */
  private lowerBound(value: string): number {
    const list = this.list;
    if (!list) return lowerBoundOf(this.keys, value);
    let lo = 0, hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list.compareAt(mid, value) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  get(key: string): number | undefined {
    const at = this.lowerBound(key);
    if (at >= this.keys.length) return undefined;
    const same = this.list ? this.list.compareAt(at, key) === 0 : this.keys.at(at) === key;
    return same ? this.docs[at] : undefined;
  }

  hasPrefix(prefix: string): boolean {
    const at = this.lowerBound(prefix);
    if (at >= this.keys.length) return false;
    return this.list ? this.list.startsWithAt(at, prefix) : this.keys.at(at)!.startsWith(prefix);
  }
}
