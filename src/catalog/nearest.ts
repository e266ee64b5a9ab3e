// "Did you mean", the one place: the names nearest to what was typed, for an unknown schema path, command, flag (CLI
// and `dws serve`) and event key. Only names within a few edits are offered (a third of what was typed, at least 2),
// nearest first, ties in code point order; when nothing is that near, nothing is offered rather than a list of
// unrelated names. Text longer than any catalog name (limits.ts) is near nothing and costs no comparison.
import { distance } from 'fastest-levenshtein';
import { suggestible } from '../limits.js';
import { byCodePoint } from '../text/order.js';

/** At most `n` of `names` within reach of `typed` (compared as given: callers pass normalized forms). */
export function nearestNames(typed: string, names: Iterable<string>, n = 3, key: (name: string) => string = (s) => s): string[] {
  if (!typed || !suggestible(typed)) return [];
  const reach = Math.max(2, Math.floor([...typed].length / 3));
  const scored: { name: string; d: number }[] = [];
  for (const name of new Set(names)) {
    const d = distance(typed, key(name));
    if (d <= reach) scored.push({ name, d });
  }
  return scored.sort((a, b) => a.d - b.d || byCodePoint(a.name, b.name)).slice(0, n).map((s) => s.name);
}

/**
 * The suggestion for a parse error of a commander command (commander's own is switched off, so one rule answers
 * everywhere): the nearest visible long option to an unknown `--flag`, or the nearest subcommand to an unknown one.
 */
export function commanderSuggestion(code: string, message: string, options: Iterable<string>, commands: Iterable<string>): string {
  const typed = /'([^']*)'/.exec(message)?.[1];
  if (typed === undefined) return '';
  const names = code === 'commander.unknownOption' ? options : code === 'commander.unknownCommand' ? commands : [];
  const bare = typed.replace(/=.*$/s, '');
  // a flag cut short (--desc for --description) names the one option it begins, before any option a few edits away:
  // the nearest by edits can be an unrelated short one (--desc is two edits from --yes, which would confirm a write)
  const begun = code === 'commander.unknownOption' && bare.length > 3 ? [...new Set(options)].filter((o) => o.startsWith(bare)) : [];
  const [near] = begun.length === 1 ? begun : nearestNames(bare, names, 1);
  return near ? `Did you mean ${near}?` : '';
}
