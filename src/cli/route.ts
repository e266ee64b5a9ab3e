// Which program runs an argv, and how commander's parse errors become typed errors: shared by the process entry
// (bin/dws.cjs routes a catalog command to dist/exec.cjs by the same rule), the commander program (main.ts) and the
// execute entry (exec.ts). Nothing here loads commander: CommanderError is only a type.
import type { Command, CommanderError } from 'commander';
import { DwsError } from '../errors.js';
import { commanderSuggestion } from '../catalog/nearest.js';

const COMMANDER_REASONS: Record<string, DwsError['reason']> = {
  'commander.unknownCommand': 'unknown_command',
  'commander.unknownOption': 'unknown_option',
  'commander.missingArgument': 'missing_argument',
  'commander.optionMissingArgument': 'missing_argument',
  'commander.missingMandatoryOptionValue': 'missing_argument',
  'commander.invalidArgument': 'invalid_argument',
  'commander.excessArguments': 'invalid_argument',
  'commander.conflictingOption': 'invalid_argument',
};

/** The command a parse error came from ("dws schema search"), so the hint names that command's own help. */
export const failedCommand = new WeakMap<CommanderError, Command>();

function commandLine(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** Maps a commander parse error to the error table; the nearest option or subcommand (catalog/nearest.ts) leads the hint. */
export function fromCommander(err: CommanderError): DwsError {
  const reason = COMMANDER_REASONS[err.code] ?? 'invalid_argument';
  const first = err.message.replace(/^error: /, '').split('\n')[0];
  const cmd = failedCommand.get(err);
  const shown = cmd?.createHelp();
  const suggestion = cmd && shown ? commanderSuggestion(err.code, first, shown.visibleOptions(cmd).flatMap((o) => (o.long ? [o.long] : [])),
    shown.visibleCommands(cmd).map((c) => c.name())) : '';
  const help = `\`${cmd ? commandLine(cmd) : 'dws'} --help\``;
  return new DwsError(reason, first, suggestion ? `${suggestion} See ${help}.` : `run ${help} for usage`);
}

/** The built-in commands; any other first word is a catalog command. */
export const BUILT_IN = new Set(['schema', 'serve', 'help', 'auth', 'profile', 'doctor']);

/** True when argv names a catalog command (dispatch) rather than a built-in one. */
export function isDispatch(argv: string[]): boolean {
  const first = argv[0];
  return first !== undefined && !first.startsWith('-') && !BUILT_IN.has(first);
}

