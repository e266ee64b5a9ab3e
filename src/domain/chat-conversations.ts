// The next cursor of a chat conversation page as upstream reads it: +conversation-list's conversationPaginationCursor
// (internal/shortcut/chat/chat_conversation.go:486-499@c7521c1c), and +flag-list's / +chat-list's flagListNextCursor /
// chatListNextCursor (lark_alignment.go:789-826, :1237-1274, one body twice), which refuse negatives and fractions.
import { JsonNumber, goInt64Json, int64Json } from '../json-number.js';
import { trimSpace } from '../text/space.js';

const DECIMAL = /^[+-]?[0-9]+$/u;

/**
 * The int64 upstream makes of a next cursor: a number truncated toward zero (Go's `int64(f)` of the float64 the answer
 * decodes to, goInt64: beyond 2^53 its exact digits; outside int64 undefined, where Go's value is the platform's), a text as `strconv.ParseInt(strings.TrimSpace(s), 10, 64)` reads it (a sign, decimal digits, within
 * int64; beyond 2^53 kept as the literal of its digits); undefined where upstream returns an error (any other value).
 */
export function conversationCursor(v: unknown): number | JsonNumber | undefined {
  const n = v instanceof JsonNumber ? Number(v.literal) : v;
  if (typeof n === 'number') return goInt64Json(n);
  if (typeof n !== 'string') return undefined;
  const text = trimSpace(n);
  if (!DECIMAL.test(text)) return undefined;
  return int64Json(BigInt(text));
}

/**
 * The int upstream's flagListNextCursor / chatListNextCursor make of a next cursor: null, a blank text and "0" are 0;
 * a whole number from 0 (beyond int64 a failure); a text, trimmed as Go's TrimSpace, that strconv.Atoi reads (a sign and
 * decimal digits) and that is not negative; undefined where upstream returns an error (a fraction, a negative, any
 * other value).
 */
export function chatListCursor(v: unknown): number | JsonNumber | undefined {
  if (v === null) return 0;
  const n = v instanceof JsonNumber ? Number(v.literal) : v;
  if (typeof n === 'number') return n >= 0 && Number.isInteger(n) ? goInt64Json(n) : undefined;
  if (typeof n !== 'string') return undefined;
  const text = trimSpace(n);
  if (text === '' || text === '0') return 0;
  if (!DECIMAL.test(text)) return undefined;
  const value = BigInt(text);
  return value < 0n ? undefined : int64Json(value);
}
