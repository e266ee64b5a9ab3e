// The identifiers a backend result returns, for the journal: found by key name, never by knowing the command.
// Rule (docs/JOURNAL.md):
//   - an id key is `id`/`ids` (any case), a camelCase name ending in Id, ID, Ids or IDs (messageId, userIDs), or a
//     name ending in _id, _ids, -id or -ids (any case); a key that names a secret (token, secret, password,
//     credential, cookie, session, signature, api/access/private key) never is;
//   - its value is kept when it is a string of 1..128 characters without control characters, or a safe integer
//     (kept as its decimal text; a whole number beyond 2^53 read with its digits too), or a list of those; a value that contains a secret (the token) is dropped;
//   - the walk goes through objects and arrays, and into strings holding JSON (MCP text content), at most 16 levels
//     deep and 10,000 values in all; it keeps the first 32 distinct (key, value) pairs and marks the rest as cut.
// The journal stores only these pairs: no other result value is ever written.
import { REDACTED } from '../backend/secrets.js';
import { JsonNumber } from '../json-number.js';

export const ID_LIMITS = { values: 32, valueLength: 128, keyLength: 64, depth: 16, nodes: 10_000, jsonText: 1 << 20 } as const;

/** `paid` and `valid` end in "id" but are not ids: the camelCase form needs the capital I. */
const ID_KEY = [/^ids?$/i, /[a-z0-9](?:Id|ID|Ids|IDs)$/, /[_-]ids?$/i];
const SECRET_KEY = /token|secret|passw|credential|cookie|session|signature|api_?key|access_?key|private_?key/i;
const CONTROL = /[\u0000-\u001f\u007f]/;

export function isIdKey(key: string): boolean {
  return key.length <= ID_LIMITS.keyLength && !SECRET_KEY.test(key) && ID_KEY.some((r) => r.test(key));
}

export interface ExtractedIds {
  ids: Record<string, string[]>;
  truncated: boolean;
}

export function extractIds(result: unknown, secrets: readonly string[]): ExtractedIds {
  const found = new Map<string, string[]>();
  let count = 0;
  let nodes = 0;
  let truncated = false;
  const usable = secrets.filter((s) => s.length > 0);

  const asId = (v: unknown): string | undefined => {
    // a whole number beyond 2^53 kept from an answer read with UseNumber (JsonNumber) is kept as its digits
    const text = typeof v === 'string' ? v : Number.isSafeInteger(v) ? String(v) : v instanceof JsonNumber && /^-?[0-9]+$/.test(v.literal) ? v.literal : undefined;
    if (text === undefined || text.length === 0 || text.length > ID_LIMITS.valueLength || CONTROL.test(text)) return undefined;
    // A value the transport already scrubbed of a secret (its `***` marker) is no identifier either.
    return usable.some((s) => text.includes(s)) || text.includes(REDACTED) ? undefined : text;
  };
  const keep = (key: string, value: string) => {
    const list = found.get(key) ?? [];
    if (list.includes(value)) return;
    if (count >= ID_LIMITS.values) {
      truncated = true;
      return;
    }
    list.push(value);
    found.set(key, list);
    count++;
  };
  const walk = (v: unknown, depth: number): void => {
    if (++nodes > ID_LIMITS.nodes || depth > ID_LIMITS.depth) {
      truncated = true;
      return;
    }
    if (typeof v === 'string') {
      const t = v.trimStart();
      if ((t.startsWith('{') || t.startsWith('[')) && v.length <= ID_LIMITS.jsonText) {
        let inner: unknown;
        try {
          inner = JSON.parse(v);
        } catch {
          return;
        }
        walk(inner, depth + 1);
      }
      return;
    }
    if (Array.isArray(v)) {
      for (const item of v) walk(item, depth + 1);
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    for (const [key, value] of Object.entries(v)) {
      if (isIdKey(key)) {
        for (const item of Array.isArray(value) ? value : [value]) {
          const id = asId(item);
          if (id !== undefined) keep(key, id);
        }
      }
      if (typeof value === 'object' || typeof value === 'string') walk(value, depth + 1);
    }
  };
  walk(result, 0);
  return { ids: Object.fromEntries(found), truncated };
}
