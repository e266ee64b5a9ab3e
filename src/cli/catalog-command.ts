// A catalog command (`dws <cli path> --flags`) run as a process's one command: shared by the one-file execute entry
// (exec.ts, dist/exec.cjs) and the commander program (main.ts, which routes `dws help <command>` here too). It imports
// neither commander's program nor the schema and serve commands, so an execute's cold process loads only dispatch.
import { CommanderError } from 'commander';
import { fail, readStdinSync, readerGone, unwrittenStdout, watchStdinEof, writeStderrLine, writeStdout, writeStream } from './io.js';
import { getEngine } from './commands.js';
import { runDispatch } from '../dispatch/cli.js';
import { helpPath } from '../dispatch/resolve.js';
import { fromCommander } from './route.js';

/** Runs a catalog command (argv already passed checkOptionNames); errors end the process with their envelope. */
export async function runCatalogCommand(argv: string[]): Promise<void> {
  try {
    // A closed stdout rejects the write instead of ending the process, so a streaming local command (event
    // consume) cancels its subscription first; then the process ends quietly, as for any answer.
    await runDispatch(argv, getEngine, { write: (text) => writeStdout(text, 'throw'), writeStream, env: process.env, stdin: readStdinSync, watchStdinEof, warn: writeStderrLine });
    // Lines a stalled reader never took would hold the process open after its stream ended (its subscriptions
    // are cancelled by then): they are dropped.
    if (unwrittenStdout() > 0) process.exit(process.exitCode ?? 0);
  } catch (err) {
    if (readerGone(err)) process.exit(0);
    if (err instanceof CommanderError) fail(fromCommander(err));
    fail(err);
  }
}

/** `dws help <words>`: the words of the command or group whose help upstream prints (helpPath), or undefined for the root's. */
export function helpWords(words: string[]): string[] | undefined {
  return helpPath(words, getEngine());
}
