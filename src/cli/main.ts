// The `dws` command line (commander). The root program is configured before any subcommand so that commander's own
// parse errors come out as typed JSON envelopes too. The process entry is bin.ts: it runs plain `dws schema search`
// and `dws schema <path>` invocations itself and imports this module for everything else (help, serve, dispatch,
// unusual flag spellings, errors). Dispatch and serve modules are imported when their commands run.
import { Command, CommanderError, Option } from 'commander';
import { DwsError } from '../errors.js';
import { LIMITS } from '../engine/request.js';
import { fail, writeStdout } from './io.js';
import { unconfirmedWrites } from '../dispatch/in-flight.js';
import { checkOptionNames } from '../limits.js';
import { collect, getEngine, inspectSchema, runSearch, type SchemaFlags, type SearchFlags } from './commands.js';

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
    .argument('[path...]', 'product, "product group", canonical path, CLI path or alias')
    .option('--compact', 'whitelist projection (what an agent needs)')
    .option('--all', 'every product with every full leaf')
    .option('--cli-path <path>', 'look a command up by CLI path, e.g. "chat +messages-send"')
    .option('--expected-source-hash <hash>', 'versioned Inspect: refuse if the catalog changed')
    .option('--expected-surface-hash <hash>', 'versioned Inspect: refuse if the command surface changed')
    .option('--jq <expr>', 'filter the JSON output with jq')
    .option('--fields <keys>', 'keep only these keys (of each listed item)')
    .option('--format <format>', 'json (default) or table')
    .action((words: string[], flags: SchemaFlags) => runSchema(words, flags));
  configureRoot(schema.command('search'))
    .description('find commands for a task (tool-search.v1)')
    .option('--query <text>', 'the task in Chinese or English')
    .option('--limit <n>', `references to return (default ${LIMITS.defaultLimit}, max ${LIMITS.maxLimit})`)
    .option('--candidate-limit <n>', `candidates to rank (default ${LIMITS.defaultCandidateLimit}, max ${LIMITS.maxCandidateLimit})`)
    .option('--product <ids>', 'only these products (repeatable, comma-separated)', collect)
    .option('--effect <effects>', 'only read, write or destructive commands (repeatable, comma-separated)', collect)
    .option('--exclude <canonical>', 'never return these canonical paths (repeatable, comma-separated)', collect)
    .option('--explain', 'add a per-field score breakdown (development only)')
    .option('--request-json <stdin>', 'read one JSON request from stdin ("-")')
    .option('--batch', 'JSON Lines: one request per stdin line, one response per stdout line')
    .addOption(new Option('--jq <expr>').hideHelp())
    .addOption(new Option('--fields <keys>').hideHelp())
    .option('--format <format>', 'output format (json only)')
    .action((flags: SearchFlags) => runSearch(flags));
  configureRoot(program.command('serve'))
    .description('serve schema_search, schema_inspect and execute as MCP tools over stdio')
    .option('--max-tools <n>', 'distinct commands one session may be shown (default 64; env DWS_SERVE_MAX_TOOLS)')
    .option('--max-contract-bytes <n>', 'contract bytes one session may read (default 131072; env DWS_SERVE_MAX_CONTRACT_BYTES)')
    .option('--max-contract-bytes-each <n>', 'bytes of one contract without allow_large_contract (default 16384; env DWS_SERVE_MAX_CONTRACT_BYTES_EACH)')
    .action(async (flags: { maxTools?: string; maxContractBytes?: string; maxContractBytesEach?: string }) => {
      const [{ runServe }, { budgetLimits }] = await Promise.all([import('../serve/server.js'), import('../serve/budget.js')]);
      await runServe({ budget: budgetLimits(flags, process.env) });
    });
  return program;
}

/**
 * Ctrl-C (or a kill) during a dispatch: a write already sent may or may not take effect, so the process says so with
 * the outcome_unknown envelope before it exits 128 + the signal number, as a shell expects.
 */
function onInterrupt(): void {
  const stop = (signal: NodeJS.Signals, code: number) => process.once(signal, () => {
    const open = unconfirmedWrites();
    if (open.length) {
      const e = new DwsError('outcome_unknown', `interrupted (${signal}) after ${open.join(', ')} was sent and before it answered; the command may or may not have taken effect`,
        'check its effect before running it again');
      process.getBuiltinModule('node:fs').writeSync(2, e.envelope() + '\n');
    }
    process.exit(code);
  });
  stop('SIGINT', 130);
  stop('SIGTERM', 143);
}

/** True when argv names a catalog command (dispatch) rather than a built-in one. */
function isDispatch(argv: string[]): boolean {
  const first = argv[0];
  return first !== undefined && !first.startsWith('-') && first !== 'schema' && first !== 'serve' && first !== 'help';
}

export async function main(argv: string[]): Promise<void> {
  try {
    checkOptionNames(argv);
  } catch (err) {
    fail(err);
  }
  if (isDispatch(argv)) {
    // Catalog commands are generated from the snapshot only when one runs (src/dispatch/).
    const { runDispatch } = await import('../dispatch/cli.js');
    onInterrupt();
    try {
      await runDispatch(argv, getEngine);
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

