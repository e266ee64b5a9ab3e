// A chat +conversation-list page's next cursor as upstream reads it: conversationPaginationCursor
// (internal/shortcut/chat/chat_conversation.go:486-499@c7521c1c), which the conversation pages alone use (the other
// chat cursor readers, lark_alignment.go:790-826, refuse negatives and fractions and are not this one).
import { JsonNumber } from '../json-number.js';
import { trimSpace } from '../text/space.js';

const DECIMAL = /^[+-]?[0-9]+$/u;

/**
 * The int64 upstream makes of a next cursor: a number truncated toward zero (Go's `int64(f)` of the float64 the answer
 * decodes to), a text as `strconv.ParseInt(strings.TrimSpace(s), 10, 64)` reads it (a sign, decimal digits, within
 * int64; beyond 2^53 kept as the literal of its digits); undefined where upstream returns an error (any other value).
 */
export function conversationCursor(v: unknown): number | JsonNumber | undefined {
  const n = v instanceof JsonNumber ? Number(v.literal) : v;
  if (typeof n === 'number') return Number.isFinite(n) ? Math.trunc(n) + 0 : undefined;
  if (typeof n !== 'string') return undefined;
  const text = trimSpace(n);
  if (!DECIMAL.test(text)) return undefined;
  const whole = BigInt(text);
  if (whole < -(2n ** 63n) || whole >= 2n ** 63n) return undefined;
  return Number.isSafeInteger(Number(whole)) ? Number(whole) : new JsonNumber(whole.toString());
}
