// Which flag a compatibility spelling stands for. A flag's `alias_of` names it (hidden flags such as --group for
// --conversation-id, or visible ones such as --page-token for --cursor); a hidden flag without one stands for the
// visible flag feeding the same RPC property. Dispatch folds an alias's value into that flag before validation, and
// plans read a flag through it, so a plan may name a flag by any of its spellings.
import type { ReadSkips, ToolSpec } from '../catalog/types.js';
import { JsonNumber } from '../json-number.js';

/** The flag `name` stands for, when it is an alias of another declared flag. */
export function aliasTarget(tool: ToolSpec, name: string): string | undefined {
  const visible = Object.hasOwn(tool.parameters, name) ? tool.parameters[name] : undefined;
  if (visible) return visible.alias_of && Object.hasOwn(tool.parameters, visible.alias_of) ? visible.alias_of : undefined;
  const h = tool.hidden_parameters && Object.hasOwn(tool.hidden_parameters, name) ? tool.hidden_parameters[name] : undefined;
  if (!h) return undefined;
  if (h.alias_of && Object.hasOwn(tool.parameters, h.alias_of)) return h.alias_of;
  if (h.property === null) return undefined;
  return Object.entries(tool.parameters).find(([, p]) => p.property === h.property && !p.alias_of)?.[0];
}

/** The name under which a flag's value is held once aliases are folded. */
export function flagKey(tool: ToolSpec, name: string): string {
  return aliasTarget(tool, name) ?? name;
}

/**
 * Where spelling `name` of flag `key` stands in the order upstream reads the flag's spellings: its place in the flag's
 * `read_order` (upstream's flagOrFallback / mustFlagOrFallback / corecmd alias chain, the first non-blank taken).
 * Undefined when the flag declares no order or does not list the spelling: such a spelling is read only when no
 * ranked one gives a value, and two such spellings with different values are refused.
 */
export function readRank(tool: ToolSpec, key: string, name: string): number | undefined {
  const order = Object.hasOwn(tool.parameters, key) ? tool.parameters[key].read_order : undefined;
  const at = order ? order.indexOf(name) : -1;
  return at < 0 ? undefined : at;
}

/**
 * Whether a typed value is passed over when the flag's spellings are read in order, as not given (the flag's
 * `read_skips`): by default a blank text or empty list (`blank`, as the caller judges it); `zero` also an int 0
 * (upstream's intFlagOrFallback / int64FlagOrFallback, `v != 0`, helpers/attendance.go:141-176@c7521c1c);
 * `not_positive` also an int of 0 or less (`if v := GetInt(a); v > 0 {...} else if v := GetInt(b); v > 0`,
 * helpers/calendar.go:299-311@c7521c1c); `nothing` no value at all: the first spelling typed in the order is read even
 * when blank (cobra `Changed` chains, helpers/chat.go:6397-6410@c7521c1c); `empty` only an empty text or list, a
 * whitespace text being read (corecmd's rawValue without Trim, corecmd.go:1009-1034@c7521c1c: the alias chain the
 * shortcut ValidateRequired checks, :683-705, so `doc +update --node " " --doc D` is refused as missing; h48-a3).
 */
export function readSkipped(skips: ReadSkips | undefined, value: unknown, blank: boolean): boolean {
  if (skips === 'nothing') return false;
  if (skips === 'empty') return value === '' || (Array.isArray(value) && value.length === 0);
  if (blank || skips === undefined) return blank;
  // an int beyond 2^53 is a JsonNumber literal (flag-types.ts): never 0, negative when it has a sign
  const n = typeof value === 'number' ? value : value instanceof JsonNumber ? (value.literal.startsWith('-') ? -1 : 1) : undefined;
  return n !== undefined && (skips === 'zero' ? n === 0 : n <= 0);
}

/** One typed spelling of a flag: its value and its readRank. */
export interface TypedSpelling<V> { value: V; rank: number | undefined }

/**
 * The spelling upstream reads among those typed (in typed order): the non-blank one of lowest rank (an unranked one
 * after every ranked one), the earliest typed among equals; none non-blank: the one of lowest rank likewise (the chain's
 * last resort is its primary's own value: intFlagOrFallback's `GetInt(primary)`). Two non-blank spellings of that same
 * rank with different values are a conflict (dws does not guess which one upstream would take).
 */
export function readSpelling<V>(typed: readonly TypedSpelling<V>[], blank: (v: V) => boolean, same: (a: V, b: V) => boolean): { read: number } | { conflict: [number, number] } {
  const key = (r: number | undefined) => r ?? Number.POSITIVE_INFINITY;
  let read = -1;
  let lowest = 0;
  for (let i = 0; i < typed.length; i++) {
    if (key(typed[i].rank) < key(typed[lowest].rank)) lowest = i;
    if (blank(typed[i].value)) continue;
    if (read < 0 || key(typed[i].rank) < key(typed[read].rank)) read = i;
  }
  if (read < 0) return { read: lowest };
  for (let i = 0; i < typed.length; i++) {
    if (i !== read && !blank(typed[i].value) && key(typed[i].rank) === key(typed[read].rank) && !same(typed[i].value, typed[read].value)) {
      return { conflict: i < read ? [i, read] : [read, i] };
    }
  }
  return { read };
}
