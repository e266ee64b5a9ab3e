// How upstream's todo shortcuts read one todo card (internal/shortcut/smart/overdue.go shortcutOverdueDueTime and
// shortcutOverdueIsDone, todo_done.go shortcutTodoTaskID @c7521c1c): its due time as epoch milliseconds, whether it
// is finished, and its task id as text. +overdue and +created-todos project their cards with these readings.
import { isObject } from '../json-object.js';
import { trimSpace } from '../text/space.js';

const INT64 = 64;

/** Go's int64 of a JSON number (a float64): truncated toward zero. */
const truncated = (v: number): number => Math.trunc(v);

/**
 * A text of decimal digits read as upstream's hand-written loop does: an optional leading "-" (then refused), any
 * other character refuses; the sum wraps as Go's int64 arithmetic wraps.
 */
function digitsValue(s: string): number | undefined {
  let n = 0n;
  let negative = false;
  for (const [i, c] of [...s].entries()) {
    if (i === 0 && c === '-') {
      negative = true;
      continue;
    }
    if (c < '0' || c > '9') return undefined;
    n = BigInt.asIntN(INT64, n * 10n + BigInt(c.charCodeAt(0) - 48));
  }
  return n > 0n && !negative ? Number(n) : undefined;
}

/** A card's due time in epoch ms: the first of dueTime, planFinishDate, gmtDue that is a positive number or digit text. */
export function todoDueMs(card: unknown): number | undefined {
  if (!isObject(card)) return undefined;
  for (const key of ['dueTime', 'planFinishDate', 'gmtDue']) {
    const v = card[key];
    if (typeof v === 'number' && v > 0) return truncated(v);
    if (typeof v === 'string') {
      const ms = digitsValue(trimSpace(v));
      if (ms !== undefined) return ms;
    }
  }
  return undefined;
}

const FINISHED = new Set(['DONE', 'FINISHED', 'COMPLETED', 'COMPLETE']);

/** Go's strings.ToUpper: rune by rune, a rune whose upper case is several characters (ß, ﬁ) kept as it is. */
const upperGo = (s: string): string => [...s].map((c) => {
  const u = c.toUpperCase();
  return [...u].length === 1 ? u : c;
}).join('');

/** Whether a card is finished: isDone true (or the text "true", any case), done true, or a finished status stage. */
export function todoDone(card: unknown): boolean {
  if (!isObject(card)) return false;
  const isDone = card.isDone;
  if (isDone === true || (typeof isDone === 'string' && upperGo(trimSpace(isDone)) === 'TRUE')) return true;
  if (card.done === true) return true;
  return ['finalStatusStage', 'statusStage', 'status'].some((k) => typeof card[k] === 'string' && FINISHED.has(upperGo(trimSpace(card[k] as string))));
}

/** Go's fmt "%.0f" of a float64: the integer nearest, a tie to the even one, written out in full. */
function formatWhole(v: number): string {
  const floor = Math.floor(v);
  const diff = v - floor;
  const nearest = diff > 0.5 || (diff === 0.5 && floor % 2 !== 0) ? floor + 1 : floor;
  // Go writes the sign of a negative value that rounds to zero ("-0")
  return nearest === 0 && v < 0 ? '-0' : BigInt(nearest).toString();
}

/** A card's taskId as text: a text as it is, a number written whole, anything else "". */
export function todoTaskId(card: unknown): string {
  const v = isObject(card) ? card.taskId : undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatWhole(v);
  return '';
}
