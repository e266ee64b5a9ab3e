// One ToolSpec -> one commander command: its declared flags (typed values), its hidden compatibility flags
// (accepted, never documented or suggested), its positionals and the dispatch control flags. Values come out
// keyed by flag name, converted to their JSON type where the text is a number or list; anything that does not
// convert is left as text so the ajv validation (validate.ts) reports it against the parameter.
import { Command, CommanderError, Option } from 'commander';
import { DwsError } from '../errors.js';
import type { ToolSpec } from '../catalog/types.js';
import { convert, declaredFlag, flagType, parseGoBool } from '../contract/flag-types.js';
export { parseGoBool };
import { listFlagValue } from '../contract/flag-lists.js';
import { CONTROL_FLAGS, CONTROL_HELP, SHARED_MEANING, type ControlFlag } from '../contract/control.js';
import { commanderSuggestion } from '../catalog/nearest.js';
import { boolLiteral, preParse } from './preparse.js';
import argsTable from '../../catalog/data/positional-args.json' with { type: 'json' };
// upstream's BoolValueHandler reads a bool flag's word with cmdutil.NormalizeBoolLiteral, as the glue rule does
export { boolLiteral };

/** The option's attribute is the flag name itself: `end-time` and a hidden `endTime` must not share a slot. */
class FlagOption extends Option {
  constructor(flags: string, description: string, private readonly key: string) {
    super(flags, description);
  }

  override attributeName(): string {
    return this.key;
  }
}

export interface ParsedArgs {
  /** Declared and hidden flags the user gave, keyed by flag name, values converted (see FlagType). */
  values: Record<string, unknown>;
  /** Positional values keyed by positional name. */
  positionals: Record<string, unknown>;
  control: { yes: boolean; dryRun: boolean; format?: string; timeout?: string; maxAnswerMb?: string; expectedSource?: string; expectedSurface?: string; profile?: string };
}

function typeOf(tool: ToolSpec, name: string): string | undefined {
  return declaredFlag(tool, name)?.type;
}

/**
 * Every bool flag's value as upstream's BoolValueHandler gives it to pflag, in commander's spelling (`--x` / `--no-x`;
 * commander knows no `--x=false`): `--x=<word>` and `-s=<word>` take the word; a bare `--x` (or its shorthand) takes
 * the next argument when that is such a word (`--off false` is false, not true and a stray `false`), else is true.
 * One flag given two different values is refused (BoolValueConflictError, internal/pipeline/phase.go:177-191); `--`
 * ends the reading. A word outside the set after `=` is refused (pflag's ParseBool would refuse it too).
 */
function normalizeBooleans(tool: ToolSpec, argv: string[]): string[] {
  const isBool = (name: string) => typeOf(tool, name) === 'bool' || (!typeOf(tool, name) && (name === 'yes' || name === 'dry-run'));
  const shorthands = new Map(Object.entries(tool.parameters).filter(([, p]) => p.type === 'bool' && p.shorthand).map(([n, p]) => [p.shorthand!, n]));
  // upstream's root persistent -y (internal/app/flags.go:55@c7521c1c), unless the tool declares --yes itself
  if (!typeOf(tool, 'yes') && !shorthands.has('y')) shorthands.set('y', 'yes');
  const out: string[] = [];
  const seen = new Map<string, Set<boolean>>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const long = /^--([^=]+)(?:=(.*))?$/s.exec(arg);
    const short = long ? null : /^-([^-=])(?:=(.*))?$/s.exec(arg);
    const name = long && isBool(long[1]) ? long[1] : short ? shorthands.get(short[1]) : undefined;
    if (name === undefined) {
      out.push(arg);
      continue;
    }
    const inline = (long ?? short)![2];
    let value = true;
    if (inline !== undefined) {
      const v = boolLiteral(inline);
      if (v === undefined) throw new DwsError('invalid_parameter', `--${name} is a boolean flag: use --${name}, --${name}=true or --${name}=false, not "${inline}"`);
      value = v;
    } else if (i + 1 < argv.length && boolLiteral(argv[i + 1]) !== undefined) {
      value = boolLiteral(argv[++i])!;
    }
    const values = seen.get(name) ?? new Set<boolean>();
    seen.set(name, values.add(value));
    if (values.size > 1) throw new DwsError('invalid_parameter', `--${name} is given both true and false`, `give --${name} one value`);
    out.push(value ? `--${name}` : `--no-${name}`);
  }
  return out;
}

function addFlag(cmd: Command, name: string, type: string, hidden: boolean, shorthand?: string, taken?: (flag: string) => boolean): void {
  const t = flagType(type);
  const short = shorthand ? `-${shorthand}, ` : '';
  if (type === 'bool') {
    const on = new FlagOption(`${short}--${name}`, '', name);
    // A flag whose own name starts with no- (--no-header, --no-cover) is a flag like any other, true when given:
    // commander would otherwise read it as the negation of --header and make it true when NOT given.
    on.negate = false;
    cmd.addOption(hidden ? on.hideHelp() : on);
    if (!taken?.(`no-${name}`)) cmd.addOption(new FlagOption(`--no-${name}`, '', name).hideHelp());
    return;
  }
  const opt = new FlagOption(`${short}--${name} <value>`, '', name);
  // a list flag keeps its occurrences as typed; listFlagValue reads them as pflag does once parsing is done
  if (t.list) opt.argParser((v: string, prev: string[] | undefined) => [...(prev ?? []), v]);
  cmd.addOption(hidden ? opt.hideHelp() : opt);
}

/**
 * Whether a word beyond the command's declared positionals is refused. Cobra checks a command's positional words with
 * its Args validator; a command without one takes any number and never reads the ones it does not use (cobra
 * ValidateArgs: Args nil is ArbitraryArgs), so `dws doc info --node X stray` runs as upstream does and the word is
 * dropped. catalog/data/positional-args.json (scripts/gen-positional-args.mjs) names the commands that have a
 * validator (NoArgs, MaximumNArgs, ExactArgs, a function of their own): their declared positionals are the limit, as
 * for dws's own commands (no `upstream:` line).
 */
export function refusesExtraArgs(tool: ToolSpec): boolean {
  return tool.upstream === undefined || Object.hasOwn(argsTable.commands, tool.canonical_path);
}

/** Builds the command for one tool and parses argv (after the command path). Throws CommanderError on usage errors. */
export function parseToolArgs(tool: ToolSpec, argv: string[]): ParsedArgs {
  // Same settings as the root program (src/cli/main.ts): parse errors become CommanderErrors, never text.
  const cmd = new Command(`dws ${tool.primary_cli_path}`)
    .exitOverride()
    .showSuggestionAfterError(false)
    .configureOutput({ writeErr: () => {}, outputError: () => {} })
    .allowExcessArguments(!refusesExtraArgs(tool))
    .helpOption(false);
  const declares = (f: string) => declaredFlag(tool, f) !== undefined;
  for (const [name, p] of Object.entries(tool.parameters)) addFlag(cmd, name, p.type, false, p.shorthand, declares);
  for (const [name, p] of Object.entries(tool.hidden_parameters ?? {})) addFlag(cmd, name, p.type, true, undefined, declares);
  for (const f of CONTROL_FLAGS) {
    if (declares(f)) continue;
    cmd.addOption(new FlagOption(CONTROL_HELP[f][0].replace(/<[^>]*>/, '<value>'), '', f));
    // pflag's --yes=false also comes as --no-yes (normalizeBooleans)
    if (SHARED_MEANING.has(f)) cmd.addOption(new FlagOption(`--no-${f}`, '', f).hideHelp());
  }
  const positionals = [...(tool.positionals ?? [])].sort((a, b) => a.index - b.index);
  for (const p of positionals) cmd.argument(p.variadic ? `[${p.name}...]` : `[${p.name}]`);
  cmd.action(() => {});
  try {
    // upstream's PreParse handlers (preparse.ts), then its BoolValueHandler, before the parse (internal/app/root.go:2045-2056@c7521c1c)
    cmd.parse(normalizeBooleans(tool, preParse(tool, argv)), { from: 'user' });
  } catch (err) {
    throw usageError(err, tool, cmd);
  }

  const opts = cmd.opts<Record<string, unknown>>();
  const values: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(opts)) {
    if (raw === undefined) continue;
    const type = typeOf(tool, name);
    if (type === undefined) continue; // a control flag the tool does not declare
    values[name] = convert(type, flagType(type).list ? listFlagValue(type, name, raw as string[]) : raw);
  }
  const pos: Record<string, unknown> = {};
  positionals.forEach((p, i) => {
    const raw = cmd.processedArgs[i] as string | string[] | undefined;
    if (raw === undefined || (Array.isArray(raw) && raw.length === 0)) return;
    pos[p.name] = raw;
  });
  const str = (f: ControlFlag) => (declares(f) && !SHARED_MEANING.has(f) ? undefined : (opts[f] as string | undefined));
  return {
    values,
    positionals: pos,
    control: {
      yes: opts.yes === true,
      dryRun: opts['dry-run'] === true,
      format: str('format'),
      timeout: str('timeout'),
      maxAnswerMb: str('max-answer-mb'),
      expectedSource: str('expected-source-hash'),
      expectedSurface: str('expected-surface-hash'),
      profile: str('profile'),
    },
  };
}

const USAGE_REASONS: Record<string, 'unknown_option' | 'missing_argument' | 'invalid_argument'> = {
  'commander.unknownOption': 'unknown_option',
  'commander.optionMissingArgument': 'missing_argument',
  'commander.excessArguments': 'invalid_argument',
};

/** A commander parse error as a usage DwsError (exit 2), with the nearest visible flag as the hint (catalog/nearest.ts). */
function usageError(err: unknown, tool: ToolSpec, cmd: Command): unknown {
  if (!(err instanceof CommanderError)) return err;
  const first = err.message.replace(/^error: /, '').split('\n')[0];
  const visible = cmd.createHelp().visibleOptions(cmd).flatMap((o) => (o.long ? [o.long] : []));
  const suggestion = commanderSuggestion(err.code, first, visible, []);
  return new DwsError(USAGE_REASONS[err.code] ?? 'invalid_argument', first, suggestion || `see \`dws ${tool.primary_cli_path} --help\``);
}
