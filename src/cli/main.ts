// The `dws` command line (commander). The root program is configured before any subcommand so that commander's own
// parse errors come out as typed JSON envelopes too. The process entry is bin.ts: it runs plain `dws schema search`
// and `dws schema <path>` invocations itself and imports this module for everything else (help, serve, dispatch,
// unusual flag spellings, errors). Dispatch and serve modules are imported when their commands run.
import { Command, CommanderError, Option } from 'commander';
import { DwsError } from '../errors.js';
import { fail, writeStdout } from './io.js';
import { collect, getEngine, inspectSchema, runSearch, type SchemaFlags, type SearchFlags } from './commands.js';
import { SCHEMA_FLAGS, SEARCH_FLAGS, type FlagSpec } from './flag-table.js';

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

/** Maps a commander parse error to the error table; its "(Did you mean ...?)" line becomes the hint. */
export function fromCommander(err: CommanderError): DwsError {
  const reason = COMMANDER_REASONS[err.code] ?? 'invalid_argument';
  const [first, ...rest] = err.message.replace(/^error: /, '').split('\n');
  const hint = rest.join(' ').trim().replace(/^\((.*)\)$/, '$1');
  return new DwsError(reason, first, hint || 'run `dws --help` for usage');
}

export function configureRoot(cmd: Command): Command {
  return cmd
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({ writeErr: () => {}, outputError: () => {} })
    .enablePositionalOptions()
    .allowExcessArguments(false);
}

async function runSchema(words: string[], flags: SchemaFlags): Promise<void> {
  const json = inspectSchema(words, flags);
  if (flags.jq !== undefined) {
    const { applyJq } = await import('../schema/format.js');
    await writeStdout(await applyJq(json, flags.jq));
  } else if (flags.format === 'table') {
    const { renderTable, terminalIsChinese } = await import('../schema/format.js');
    await writeStdout(renderTable(JSON.parse(json), terminalIsChinese()));
  } else {
    await writeStdout(json + '\n');
  }
}

/** Commander options from the declared flag table (the hot path in bin.ts reads the same table). */
export function optionOf(f: FlagSpec): Option {
  const o = new Option(f.arg ? `${f.flag} ${f.arg}` : f.flag, f.help);
  if (f.kind === 'list') o.argParser(collect);
  return f.hidden ? o.hideHelp() : o;
}

function addFlags(cmd: Command, specs: readonly FlagSpec[]): Command {
  for (const f of specs) cmd.addOption(optionOf(f));
  return cmd;
}

export function buildProgram(): Command {
  const program = configureRoot(new Command('dws'))
    .description('DingTalk workspace commands for agents: search, inspect, dispatch')
    .version('0.1.0', '--version')
    .addHelpText('after', `
Catalog commands: dws <product> <command> [--flags] (run one with --help for its flags and safety facts).
Find a command:   dws schema search --query "撤回我刚发的群消息"
Read its contract: dws schema <canonical path> --compact --expected-source-hash <h> --expected-surface-hash <h>`);
  const schema = configureRoot(program.command('schema'))
    .description('discover commands: search, browse, inspect one contract')
    .argument('[path...]', 'product, "product group", canonical path, CLI path or alias');
  addFlags(schema, SCHEMA_FLAGS)
    .action((words: string[], flags: SchemaFlags) => runSchema(words, flags));
  addFlags(configureRoot(schema.command('search')).description('find commands for a task (tool-search.v1)'), SEARCH_FLAGS)
    .action((flags: SearchFlags) => runSearch(flags));
  configureRoot(program.command('serve'))
    .description('serve schema_search, schema_inspect and execute as MCP tools over stdio')
    .action(async () => {
      const { runServe } = await import('../serve/server.js');
      await runServe();
    });
  return program;
}

/** True when argv names a catalog command (dispatch) rather than a built-in one. */
function isDispatch(argv: string[]): boolean {
  const first = argv[0];
  return first !== undefined && !first.startsWith('-') && first !== 'schema' && first !== 'serve' && first !== 'help';
}

export async function main(argv: string[]): Promise<void> {
  if (isDispatch(argv)) {
    // Catalog commands are generated from the snapshot only when one runs (src/dispatch/).
    const { runDispatch } = await import('../dispatch/cli.js');
    try {
      await runDispatch(argv, getEngine, { write: writeStdout, env: process.env });
    } catch (err) {
      if (err instanceof CommanderError) fail(fromCommander(err));
      fail(err);
    }
    return;
  }
  const program = buildProgram();
  if (argv.length === 0) {
    // `dws` alone: the overview of what it does, on stdout, as a successful answer.
    program.outputHelp();
    return;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') process.exit(0);
      fail(fromCommander(err));
    }
    fail(err);
  }
}

