// The process entry (dist/dws.cjs, one CommonJS file). An agent pays a whole process per step, and most steps are
// `dws schema search --query ...` or `dws schema <path> [--compact]`, so those run from here without commander, the
// dispatch and serve modules or any further file to load. Everything else goes to the commander program (main.ts,
// dist/cli.mjs) untouched. The argument reader below accepts only spellings for which commander would produce exactly
// the same flags object (`--flag value`, `--flag=value`, repeatable list flags, booleans, path words); on anything
// else (help, unknown or misplaced options, a missing value, `--`) it declines and commander parses the argv and
// reports the error, so outputs, errors and exit codes are the commander program's in every case.
import { setFlagsFromString } from 'node:v8';
import { fail, writeStdout } from './io.js';
import { collect, inspectSchema, runSearch, shapesOutput, type SchemaFlags, type SearchFlags } from './commands.js';
import { SCHEMA_FLAGS, SEARCH_FLAGS, type FlagSpec } from './flag-table.js';

type Flags = Record<string, string | string[] | boolean>;

interface FlagTable {
  /** Option name -> flags key; value options take the next argument (or `=value`), as commander's required ones do. */
  values: Record<string, string>;
  /** Comma-split repeatable options (commander's `collect` argument parser). */
  lists: Record<string, string>;
  booleans: Record<string, string>;
}

/** The lookup the reader below needs, from the one declared table (flag-table.ts) commander is built from too. */
function tableOf(specs: readonly FlagSpec[]): FlagTable {
  const t: FlagTable = { values: {}, lists: {}, booleans: {} };
  for (const f of specs) (f.kind === 'value' ? t.values : f.kind === 'list' ? t.lists : t.booleans)[f.flag] = f.key;
  return t;
}

const SEARCH = tableOf(SEARCH_FLAGS);
const SCHEMA = tableOf(SCHEMA_FLAGS);

/** Flags and path words as commander would parse them, or undefined to let commander handle the argv. */
function readArgs(args: string[], table: FlagTable, words: string[] | undefined): Flags | undefined {
  const flags: Flags = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('-')) {
      if (!words) return undefined; // `schema search` takes no operands
      words.push(arg);
      continue;
    }
    if (Object.hasOwn(table.booleans, arg)) {
      flags[table.booleans[arg]] = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const list = Object.hasOwn(table.lists, name);
    if (!list && !Object.hasOwn(table.values, name)) return undefined;
    let value: string | undefined;
    if (eq > 0) value = arg.slice(eq + 1);
    else value = args[++i];
    if (value === undefined) return undefined; // commander: missing argument
    if (list) {
      const key = table.lists[name];
      flags[key] = collect(value, flags[key] as string[] | undefined);
    } else {
      flags[table.values[name]] = value; // the last occurrence wins, as in commander
    }
  }
  return flags;
}

/** Runs the hot commands; false when commander has to parse this argv. */
async function runHot(argv: string[]): Promise<boolean> {
  if (argv[0] !== 'schema' || argv.length < 2) return false;
  if (argv[1] === 'search') {
    const flags = readArgs(argv.slice(2), SEARCH, undefined) as SearchFlags | undefined;
    // --jq, --fields and --format table need jq-wasm and cli-table3: the commander program shapes those answers.
    if (!flags || shapesOutput(flags)) return false;
    await run(() => runSearch(flags));
    return true;
  }
  // `schema <path...>`: the first word must be a path, not an option, the `search` subcommand or `help`.
  if (argv[1].startsWith('-') || argv[1] === 'help') return false;
  const words: string[] = [];
  const flags = readArgs(argv.slice(1), SCHEMA, words) as SchemaFlags | undefined;
  // --jq and --format table need jq-wasm and cli-table3: the commander program prints those.
  if (!flags || flags.jq !== undefined || flags.format === 'table') return false;
  await run(async () => writeStdout(inspectSchema(words, flags) + '\n'));
  return true;
}

/** Errors as the commander program reports an action's errors: the envelope on stderr and the exit code. */
async function run(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (err) {
    fail(err);
  }
}

/**
 * Runs one command.
 *
 * A one-shot process (every command but `dws serve`, which lives on) keeps the WebAssembly core at its first (Liftoff)
 * code: it exits within milliseconds of its search, before optimized code would pay off. V8 compiles that optimized
 * code ("tier-up") on a platform worker thread, and Node 20 can deadlock when the process exits while such a job runs
 * (nodejs/node#54918: the exiting main thread joins the workers, which wait on it). Measured on the session-33 build
 * under load: 16 of 300 `dws schema search --limit 0` processes hung at exit with tier-up, 0 of 300 without. The flag
 * is set before the core is compiled (core.ts compiles it on first use) and put back once the command's work is done
 * (no core call follows, so no tier-up job can start): V8's code cache is tagged with the flags, and the build writes
 * the bundles' cache after running commands here (scripts/lib/write-code-cache.cjs), so it must see the defaults. The bundle (dist/dws.cjs) does not run itself: bin/dws.cjs compiles it from V8's code cache and
 * calls this with the argv and a loader of the commander program (dist/cli.mjs). The dynamic import lives in
 * bin/dws.cjs because code run through vm.Script has no module loader of its own.
 */
export async function start(argv: string[], loadMain: () => Promise<typeof import('./main.js')>): Promise<void> {
  const oneShot = argv[0] !== 'serve';
  if (oneShot) setFlagsFromString('--no-wasm-tier-up');
  try {
    if (await runHot(argv)) {
      if (oneShot) setFlagsFromString('--wasm-tier-up');
      // The answer is written (writeStdout resolves once every byte is out) and nothing else is pending, so the
      // process ends now rather than after the event loop drains: V8 queues a GC task there that costs a cold
      // process several milliseconds and changes nothing.
      process.exit(0);
    }
    await (await loadMain()).main(argv);
    if (oneShot) setFlagsFromString('--wasm-tier-up');
  } catch (err) {
    fail(err);
  }
}
