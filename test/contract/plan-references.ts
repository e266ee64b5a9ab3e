// What a plan reads by name, walked once for the flag checks of test/contract (flags.test.ts: every visible flag is
// read; upstream-spellings.test.ts: every hidden one is folded, read or refused).
import type { ToolSpec } from '../../src/catalog/types.js';

/** Every flag a plan names anywhere (a `{flag}`, `{typed}` or `{given}` source or condition), as written, and every
 *  positional index it reads (`{positional: n}`). */
export function planReferences(tool: ToolSpec): { flags: string[]; positionals: number[] } {
  const flags: string[] = [];
  const positionals: number[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      v.forEach(walk);
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    const o = v as Record<string, unknown>;
    for (const key of ['flag', 'typed', 'given'] as const) if (typeof o[key] === 'string') flags.push(o[key]);
    if (typeof o.positional === 'number') positionals.push(o.positional);
    Object.values(o).forEach(walk);
  };
  walk(tool.plan);
  return { flags, positionals };
}
