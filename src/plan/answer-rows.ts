// Reading a directory or group search answer as upstream's target resolvers read it (targetresolver, resolver.go
// @c7521c1c): the answer itself, then its `result` and `data` objects, are the places a list or a cursor may be; a
// row's field is its first non-blank text among several spellings. Shared by the resolve modes user_target and
// chat_target.
import { trimSpace } from '../contract/values.js';
import { goSprint } from '../go-fmt.js';
import { isObj } from './transforms/types.js';

export type Row = Record<string, unknown>;

/** upstream's result|data wrappers: the answer itself, then its `result` and `data` objects. */
export const scopes = (data: Row): Row[] => [data, ...['result', 'data'].map((k) => data[k]).filter(isObj)];

/** The first list under one of keys, in the answer's scopes in order; [] when there is none. */
export function firstList(data: Row, keys: readonly string[]): unknown[] {
  for (const scope of scopes(data)) for (const k of keys) if (Array.isArray(scope[k])) return scope[k] as unknown[];
  return [];
}

/** The row's first non-blank text among keys, trimmed; "" when none. */
export function text(row: Row, keys: readonly string[]): string {
  for (const k of keys) if (typeof row[k] === 'string' && trimSpace(row[k] as string) !== '') return trimSpace(row[k] as string);
  return '';
}

/**
 * The next cursor the answer names (nextCursor and its spellings), as upstream's paginationString writes it
 * (resolver.go:673-683@c7521c1c): fmt.Sprint trimmed, so a number is `%v` of the float64 json.Unmarshal gave
 * (1000000 is `1e+06`; h46-a4, before: its JSON text); "" when none.
 */
export function nextCursor(data: Row): string {
  for (const scope of scopes(data)) {
    for (const k of ['nextCursor', 'next_cursor', 'nextToken', 'next_token']) {
      const v = scope[k];
      const t = v === undefined || v === null ? '' : trimSpace(goSprint(v));
      if (t !== '') return t;
    }
  }
  return '';
}
