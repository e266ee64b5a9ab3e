// Which catalog command an argv names. The leading words are matched against the identity index the Exact Guard
// uses (canonical path, CLI paths, aliases, shortcut paths), longest prefix first, so only the invoked tool is
// ever turned into a command. Cobra-style command aliases (ToolSpec.command_aliases: another last word for the
// same leaf) and group prefixes need the full specs and are looked up only when the fast path finds nothing.
import { DwsError } from '../errors.js';
import type { Engine } from '../engine/engine.js';
import type { ToolSpec } from '../catalog/types.js';
import { identityKey } from '../catalog/identity.js';
import { GROUP_RUNS, GROUPS_NOT_RUN } from '../catalog/group-runs.js';
import { nearestNames } from '../catalog/nearest.js';
import { quoted } from '../limits.js';
import fallbackTable from '../../catalog/data/command-path-fallbacks.json' with { type: 'json' };

/** The deepest CLI path in the catalog has 4 words; a little headroom costs nothing. */
const MAX_PATH_WORDS = 6;

export type Resolution =
  /** `path`: the words that named the command as typed (its CLI path, or an alias of it). */
  | { kind: 'tool'; tool: ToolSpec; rest: string[]; path: string }
  /** `body`: the group's own body (ToolSpec.group_body), which its words run when typed with arguments. */
  | { kind: 'group'; prefix: string; tools: ToolSpec[]; rest: string[]; body?: ToolSpec };

/**
 * The words before the first flag: the command path candidates (positionals may follow the path). A word the identity
 * key reads as nothing (blank, `.`, `/`) names no command, so it and the words after it are arguments: cobra matches
 * path words by name, so `dws dev doc search " "` gives the positional " " (before: the word was swallowed into the
 * path and the keyword went missing; h44-a4).
 */
function leadingWords(argv: string[]): string[] {
  const words: string[] = [];
  for (const a of argv) {
    if (a.startsWith('-') || identityKey(a) === '') break;
    words.push(a);
  }
  return words;
}

function commandAliasPaths(t: ToolSpec): string[] {
  const parent = t.cli_path.split(' ').slice(0, -1);
  return (t.command_aliases ?? []).map((a) => [...parent, a].join(' '));
}

/** Top-level words that stand for a longer CLI path (`dws recover` is `dws audit recover`). */
const SHORTHANDS: Readonly<Record<string, string[]>> = { recover: ['audit', 'recover'] };

/**
 * Cobra aliases of upstream's group commands: an alias of a group reaches every command under it. Tried only when the
 * words as typed name no command (`dws calendar participant list` is `dws calendar attendee list`).
 */
const GROUP_ALIASES: readonly (readonly [alias: string[], group: string[]])[] = [
  [['calendar', 'participant'], ['calendar', 'attendee']], // internal/helpers/calendar.go:819-821@c7521c1c
  [['doc', 'perm'], ['doc', 'permission']], // internal/helpers/doc.go:3522-3524@c7521c1c
  [['im'], ['chat']], // internal/helpers/chat.go:2360-2362@c7521c1c
  [['drive', 'perm'], ['drive', 'permission']], // internal/helpers/drive.go:2033-2035@c7521c1c
  [['log'], ['report']], // internal/helpers/report.go:67-69@c7521c1c
];

/**
 * Cobra aliases of upstream leaves that the upstream interface facts do not list (their `cobra_aliases` lack them), so
 * they cannot be catalog `command_aliases` without the sync check (test/catalog/sync.test.ts) failing. Same rule:
 * tried only when the typed words name no command.
 */
const LEAF_ALIASES: readonly (readonly [alias: string[], command: string[]])[] = [
  [['doc', 'permission', 'ls'], ['doc', 'permission', 'list']], // internal/helpers/doc.go:3702-3704@c7521c1c
  [['doc', 'permission', 'rm'], ['doc', 'permission', 'remove']], // internal/helpers/doc.go:3780-3782@c7521c1c
];

const PATH_ALIASES = [...GROUP_ALIASES, ...LEAF_ALIASES];

/** The arguments after a command's words ask for its help: --help or -h, before a `--`. */
export function wantsHelp(rest: string[]): boolean {
  const end = rest.indexOf('--');
  return (end < 0 ? rest : rest.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/**
 * Upstream's reviewed table of mistyped command paths (catalog/data/command-path-fallbacks.json, generated from
 * internal/cli/command_path_fallbacks.json@c7521c1c): a path that stands for one real command, or one that could mean
 * several and is refused naming them.
 */
export const PATH_FALLBACKS: Readonly<Record<string, { to?: string; candidates?: string[] }>> = fallbackTable.paths;

/**
 * The longest run of the typed words (as typed: exact, case kept, internal/cli/command_path_fallbacks_lookup.go:24-31)
 * that the table names, and how many words it took (internal/pipeline/command_fallback.go:97-112@c7521c1c).
 */
function pathFallback(words: string[]): { n: number; entry: { to?: string; candidates?: string[] } } | undefined {
  for (let n = words.length; n >= 1; n--) {
    const key = words.slice(0, n).join(' ');
    if (Object.hasOwn(PATH_FALLBACKS, key)) return { n, entry: PATH_FALLBACKS[key] };
  }
  return undefined;
}

/**
 * How a runnable group's own body (ToolSpec.group_body) is reached: `typed`, the CLI's argv, runs it only when its
 * words come with arguments and no --help (bare, they name the group); `run`, an MCP execute naming the command by its
 * path (its arguments are given apart), always runs it.
 */
export type GroupBodies = 'typed' | 'run';

/**
 * `typed`: the argv is the user's own, so upstream's path fallbacks apply; not to words an alias or shorthand produced
 * (upstream looks the raw words up, before Cobra's aliases: `dws im +members` stays unknown).
 */
export function resolveCommand(argv: string[], engine: Engine, typed = true, bodies: GroupBodies = 'typed'): Resolution {
  if (argv.length && Object.hasOwn(SHORTHANDS, argv[0])) return resolveCommand([...SHORTHANDS[argv[0]], ...argv.slice(1)], engine, false, bodies);
  const words = leadingWords(argv).slice(0, MAX_PATH_WORDS);
  for (let n = words.length; n >= 1; n--) {
    const path = words.slice(0, n).join(' ');
    const doc = engine.identities.get(identityKey(path));
    if (doc === undefined) continue;
    const tool = engine.spec(doc);
    const rest = argv.slice(n);
    // a runnable group's own body runs only when its words come with arguments (cobra runs the group's RunE then);
    // bare or with --help the words name the group, whose commands are listed
    if (tool.group_body && bodies === 'typed' && (rest.length === 0 || wantsHelp(rest))) {
      return { kind: 'group', prefix: tool.cli_path, tools: engine.tools().filter((t) => t.cli_path.startsWith(tool.cli_path + ' ')), rest, body: tool };
    }
    return { kind: 'tool', tool, rest, path };
  }
  const tools = engine.tools();
  for (let n = words.length; n >= 1; n--) {
    const key = identityKey(words.slice(0, n).join(' '));
    const tool = tools.find((t) => commandAliasPaths(t).some((p) => identityKey(p) === key));
    if (tool) return { kind: 'tool', tool, rest: argv.slice(n), path: words.slice(0, n).join(' ') };
  }
  // Upstream's reviewed fallbacks, only when the typed words name no command (an exact command or Cobra alias wins,
  // command_fallback.go:30-38) and before any other recovery (cobra.go:52, ahead of traversal). A rewrite is silent
  // (slog.Debug only, cobra.go:114-122) and the run continues as the real command typed: its flags, its help, no
  // alias notice. An ambiguous path is refused, naming the commands it could mean (command_fallback.go:139-158).
  const fallback = typed ? pathFallback(words) : undefined;
  if (fallback?.entry.to !== undefined) return resolveCommand([...fallback.entry.to.split(' '), ...argv.slice(fallback.n)], engine, false, bodies);
  if (fallback?.entry.candidates) {
    const from = words.slice(0, fallback.n).join(' ');
    const paths = fallback.entry.candidates.map((c) => `\`dws ${c}\``);
    throw new DwsError('ambiguous_command', `command path ${quoted(`dws ${from}`)} is ambiguous: it could mean ${paths.join(', ')}`,
      `choose the one the task asks for; see what each does with \`dws <path> --help\``);
  }
  const alias = PATH_ALIASES.find(([from]) => from.every((w, i) => words[i] === w));
  if (alias) {
    const [from, to] = alias;
    const r = resolveCommand([...to, ...argv.slice(from.length)], engine, false, bodies);
    return r.kind === 'tool' ? { ...r, path: [...from, ...r.path.split(' ').slice(to.length)].join(' ') } : r;
  }
  // A group only when every leading word belongs to it: `dws chat messag recall` is a typo, not the chat group.
  const prefix = words.join(' ');
  // Hidden commands are listed too (marked), so a group's count is the one `dws schema "<group>"` gives.
  const under = tools.filter((t) => t.cli_path.startsWith(prefix + ' '));
  if (prefix && under.length > 0) {
    const rest = argv.slice(words.length);
    const run = GROUP_RUNS.find(([group]) => group.join(' ') === prefix);
    if (run && rest.length > 0 && !wantsHelp(rest)) {
      const r = resolveCommand([...run[1], ...rest], engine, false, bodies);
      return r.kind === 'tool' ? { ...r, path: prefix } : r;
    }
    const notRun = GROUPS_NOT_RUN.find(([group]) => group.join(' ') === prefix);
    if (notRun && rest[0]?.startsWith('-') && !wantsHelp(rest) && bodies === 'typed') {
      throw new DwsError('not_dispatchable', `\`dws ${prefix}\` typed with flags is upstream's own command (${notRun[1]}): it ${notRun[2]}`,
        `${notRun[3]}; list the group's commands with \`dws ${prefix} --help\``);
    }
    return { kind: 'group', prefix, tools: under, rest };
  }
  throw new DwsError('unknown_command', `unknown command ${quoted(words.join(' ') || argv[0])}`,
    `${nearest(words.join(' '), tools)}find commands with \`dws schema search --query "<task>"\``);
}

/** "did you mean" for an unknown command: the nearest built-in commands, products, groups and visible CLI paths. */
function nearest(typed: string, tools: ToolSpec[]): string {
  const names = ['schema', 'serve'];
  for (const t of tools) {
    if (t.visibility !== 'visible') continue;
    const words = t.cli_path.split(' ');
    for (let i = 1; i <= words.length; i++) names.push(words.slice(0, i).join(' '));
  }
  const near = nearestNames(typed, names);
  return near.length ? `did you mean ${near.map((p) => `\`dws ${p}\``).join(', ')}? ` : '';
}

/**
 * The words of the deepest command or group the typed words name, as upstream's help command finds it
 * (app/root_help.go:31-44@c7521c1c: Root().Find(args) walks the words through the commands and their Cobra aliases,
 * no path fallback, and stops at the first word that names nothing; a leaf takes the rest as its arguments).
 * Undefined when the first word names nothing (upstream then prints the root's help; dws refuses it as unknown_command
 * with the nearest names). h35-misc.
 */
export function helpPath(argv: string[], engine: Engine): string[] | undefined {
  const words = leadingWords(argv).slice(0, MAX_PATH_WORDS);
  for (let n = words.length; n >= 1; n--) {
    let r: Resolution;
    try {
      r = resolveCommand(words.slice(0, n), engine, false);
    } catch {
      continue;
    }
    return r.kind === 'tool' ? r.path.split(' ') : r.prefix.split(' ');
  }
  return undefined;
}
