// The `dws` command line. The root program is configured before any subcommand so that commander's own parse
// errors come out as typed JSON envelopes too. `dws schema search` is the hot path: it loads only the snapshot and
// the core; browse/Inspect and dispatch modules are imported when their commands run.
import { Command, CommanderError, Option } from 'commander';
import { DwsError } from '../errors.js';
import { loadEngine } from '../index.js';
import type { Engine } from '../engine/engine.js';
import { LIMITS, parseRequestJson, type SearchRequest } from '../engine/request.js';
import { fail, readStdin, writeStdout } from './io.js';

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

let engine: Engine | undefined;
function getEngine(): Engine {
  engine ??= loadEngine({ algorithm: process.env.DWS_TOOL_SEARCH_ALGORITHM || undefined });
  return engine;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(',')];

interface SearchFlags {
  query?: string;
  limit?: string;
  candidateLimit?: string;
  product?: string[];
  effect?: string[];
  exclude?: string[];
  explain?: boolean;
  requestJson?: string;
  batch?: boolean;
  jq?: string;
  fields?: string;
  format?: string;
}

function intFlag(v: string | undefined, reason: 'invalid_limit' | 'invalid_candidate_limit', flag: string): number | undefined {
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v.trim())) throw new DwsError(reason, `--${flag} must be an integer, got "${v}"`);
  return Number(v);
}

async function runSearch(flags: SearchFlags): Promise<void> {
  if (flags.jq !== undefined || flags.fields !== undefined) {
    throw new DwsError('unsupported_output_filter', 'schema search output cannot be filtered with --jq or --fields', 'read the JSON response as is');
  }
  if (flags.format !== undefined && flags.format !== 'json') {
    throw new DwsError('unsupported_output_format', `schema search prints JSON only, not "${flags.format}"`);
  }
  const inputFlags = ['query', 'limit', 'candidateLimit', 'product', 'effect', 'exclude'] as const;
  const explain = flags.explain === true;
  if (flags.batch) {
    if (flags.requestJson !== undefined || inputFlags.some((f) => flags[f] !== undefined)) {
      throw new DwsError('ambiguous_input', '--batch reads requests from stdin and takes no other input flags');
    }
    const e = getEngine();
    const text = await readStdin(64 * 1024 * 1024);
    const lines = text.split('\n').filter((l) => l.trim().length > 0);
    const out = lines.map((line) => {
      try {
        return e.searchNormalized(parseRequestJson(line, e.productIds), { explain });
      } catch (err) {
        if (err instanceof DwsError) return err.envelope();
        throw err;
      }
    });
    await writeStdout(out.map((l) => l + '\n').join(''));
    return;
  }
  if (flags.requestJson !== undefined) {
    if (inputFlags.some((f) => flags[f] !== undefined)) {
      throw new DwsError('ambiguous_input', '--request-json takes the whole request; do not combine it with --query or filter flags');
    }
    if (flags.requestJson !== '-') throw new DwsError('invalid_argument', '--request-json takes "-" (read the request from stdin)');
    const e = getEngine();
    const text = await readStdin(LIMITS.maxRequestBytes);
    await writeStdout(e.searchNormalized(parseRequestJson(text, e.productIds), { explain }) + '\n');
    return;
  }
  const request: SearchRequest = {
    query: flags.query ?? '',
    limit: intFlag(flags.limit, 'invalid_limit', 'limit'),
    candidate_limit: intFlag(flags.candidateLimit, 'invalid_candidate_limit', 'candidate-limit'),
    product_ids: flags.product,
    effects: flags.effect,
    exclude_canonical: flags.exclude,
  };
  for (const k of Object.keys(request) as (keyof SearchRequest)[]) if (request[k] === undefined) delete request[k];
  const e = getEngine();
  await writeStdout(e.search(request, { explain }) + '\n');
}

interface SchemaFlags {
  compact?: boolean;
  all?: boolean;
  cliPath?: string;
  expectedSourceHash?: string;
  expectedSurfaceHash?: string;
  jq?: string;
  fields?: string;
  format?: string;
}

async function runSchema(words: string[], flags: SchemaFlags): Promise<void> {
  const format = flags.format ?? 'json';
  if (format !== 'json' && format !== 'table') throw new DwsError('unsupported_output_format', `--format must be json or table, not "${format}"`);
  const versioned = flags.expectedSourceHash !== undefined || flags.expectedSurfaceHash !== undefined;
  if (versioned && flags.jq !== undefined) throw new DwsError('unsupported_output_filter', 'versioned Inspect prints the whole contract; --jq is not allowed');
  if (versioned && format !== 'json') throw new DwsError('unsupported_output_format', 'versioned Inspect prints JSON only');
  if (flags.jq !== undefined && (flags.fields !== undefined || format !== 'json')) {
    throw new DwsError('unsupported_output_filter', '--jq takes the JSON output; do not combine it with --fields or --format table');
  }
  if (flags.cliPath !== undefined && words.length) throw new DwsError('invalid_argument', '--cli-path names the command; do not also pass a path');
  const path = flags.cliPath ?? (words.length ? words.join(' ') : undefined);
  const fields = flags.fields?.split(',').map((f) => f.trim()).filter(Boolean);
  if (flags.fields !== undefined && !fields?.length) throw new DwsError('invalid_fields', '--fields needs at least one key');
  const json = getEngine().inspect(path, {
    compact: flags.compact, all: flags.all, fields,
    expectedSourceHash: flags.expectedSourceHash, expectedSurfaceHash: flags.expectedSurfaceHash,
  });
  if (flags.jq !== undefined) {
    const { applyJq } = await import('../schema/format.js');
    await writeStdout(await applyJq(json, flags.jq));
  } else if (format === 'table') {
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

await main(process.argv.slice(2));
