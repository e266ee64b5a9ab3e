// Bounds on what a caller may hand dws, applied where input enters (CLI argv, MCP tool arguments), so hostile input
// costs a bounded amount of work and output. No catalog path or flag name comes close to these lengths: the longest
// canonical or CLI path has under 80 characters, the longest flag name under 40.
import { DwsError } from './errors.js';

/** A canonical path, CLI path or alias as given to Inspect, execute or dispatch. */
export const MAX_PATH_CHARS = 256;
/** A flag name (without its value). */
export const MAX_FLAG_NAME_CHARS = 128;
/** execute's `arguments` as JSON text: the values dws would send to a backend. */
export const MAX_ARGUMENT_BYTES = 1024 * 1024;
/**
 * Did-you-mean compares by edit distance, whose cost is the product of the lengths: text longer than this is near
 * nothing in the catalog, so no suggestion is computed for it.
 */
export const MAX_SUGGEST_CHARS = 128;
/** How much of a user's text an error message quotes. */
const MAX_QUOTE_CHARS = 120;

/** The text as an error message quotes it: in double quotes, cut to a readable length. */
export function quoted(text: string): string {
  return `"${text.length > MAX_QUOTE_CHARS ? text.slice(0, MAX_QUOTE_CHARS) + '...' : text}"`;
}

/** Whether a typed text is short enough to look for the nearest catalog names. */
export const suggestible = (text: string): boolean => text.length <= MAX_SUGGEST_CHARS;

/** An option word as a flag is spelled (a value that merely starts with a dash has spaces or other characters). */
const OPTION_WORD = /^--?[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/**
 * Refuses an argv whose option names are longer than any real flag, before a parser computes did-you-mean over it
 * (commander compares an unknown option with every known one by edit distance).
 */
export function checkOptionNames(argv: string[]): void {
  for (const arg of argv) {
    if (arg === '--') return;
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (name.length > MAX_FLAG_NAME_CHARS + 2 && OPTION_WORD.test(name)) {
      throw new DwsError('unknown_option', `unknown option ${quoted(name)} (longer than any flag: ${name.length} characters)`, 'see `dws --help` or the command\'s --help');
    }
  }
}
