// Process I/O for the CLI: reading stdin with a size cap, writing one result, and rendering errors with exit codes.
import { DwsError, asDwsError } from '../errors.js';

// Not `import from 'node:fs'` (see src/index.ts: the ESM facade loads fs streams).
const { fstatSync, readSync, writeSync } = process.getBuiltinModule('node:fs');

/**
 * The whole standard input, read synchronously (a plan's `{stdin}` source is evaluated inside a synchronous
 * expression), at most maxBytes + 1 bytes: a larger input is refused by the source. A non-blocking stdin that has
 * nothing yet is waited for.
 */
export function readStdinSync(maxBytes: number): string {
  const chunks: Buffer[] = [];
  let size = 0;
  const buf = Buffer.alloc(64 * 1024);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, Math.min(buf.length, maxBytes + 1 - size), null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if (code === 'EOF') break;
      throw new DwsError('invalid_parameter', `standard input cannot be read (${code ?? String(e)})`, 'pass the text itself, or @<file>');
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buf.subarray(0, n)));
    size += n;
    if (size > maxBytes) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * upstream's stdin-EOF stop for an unbounded event consume (shouldWatchStdinEOF internal/app/event_command.go:1441-1458,
 * watchStdinEOF internal/event/consume/run.go:474-500@c7521c1c): armed only when stdin is something a parent holds and
 * can close (a pipe, a socket or a file), never a terminal or /dev/null (character devices) nor a closed stdin; its
 * bytes are read and dropped, and its end or a read error calls onEof once. The disarm stops reading (the run ended
 * for another reason) so stdin holds the process no longer.
 */
export function watchStdinEof(onEof: () => void): (() => void) | undefined {
  try {
    if (fstatSync(0).isCharacterDevice()) return undefined;
  } catch {
    return undefined;
  }
  const stdin = process.stdin;
  let armed = true;
  const drop = () => undefined;
  const fire = () => {
    if (!armed) return;
    armed = false;
    onEof();
  };
  stdin.on('data', drop);
  stdin.on('end', fire);
  stdin.on('error', fire);
  stdin.resume();
  return () => {
    armed = false;
    stdin.off('data', drop);
    stdin.off('end', fire);
    stdin.off('error', fire);
    stdin.destroy();
  };
}

/** Reads all of stdin; more than maxBytes -> the given reason. */
export async function readStdin(maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > maxBytes) throw new DwsError('request_too_large', `stdin is larger than ${maxBytes} bytes`);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The reader of stdout went away (`dws ... | head -c 10`, `| true`): the answer is not wanted, nothing went wrong. */
export const readerGone = (e: unknown) => (e as NodeJS.ErrnoException | null)?.code === 'EPIPE';

/**
 * stdin as lines, read as they arrive (JSON Lines, `--batch`): each chunk read yields the lines it completed (the
 * last one at the end of input), so memory holds one chunk and one partial line at a time. A line longer than
 * maxBytes is not kept: its bytes are skipped up to the newline and it comes as `undefined`, for the caller to refuse.
 */
export async function* stdinLines(maxBytes: number): AsyncGenerator<(string | undefined)[]> {
  let parts: Buffer[] = [];
  let size = 0;
  let tooLong = false;
  const take = (part: Buffer) => {
    if (tooLong || part.length === 0) return;
    size += part.length;
    if (size > maxBytes) {
      tooLong = true;
      parts = [];
    } else {
      parts.push(part);
    }
  };
  const line = (): string | undefined => {
    const text = tooLong ? undefined : Buffer.concat(parts).toString('utf8');
    parts = [];
    size = 0;
    tooLong = false;
    return text;
  };
  for await (const chunk of process.stdin) {
    const b = chunk as Buffer;
    const lines: (string | undefined)[] = [];
    let start = 0;
    for (let nl = b.indexOf(10); nl >= 0; nl = b.indexOf(10, start)) {
      take(b.subarray(start, nl));
      lines.push(line());
      start = nl + 1;
    }
    // Copied: the rest of the line waits for the next chunk, and this one's memory may be reused.
    if (start < b.length) take(Buffer.from(b.subarray(start)));
    if (lines.length) yield lines;
  }
  if (size > 0 || tooLong) yield [line()];
}

/**
 * Writes the whole result and resolves when all of it is written, so a large answer is never cut by exit. It is
 * written to fd 1 synchronously: process.stdout is then never created, and its stream setup (net, tty and pipe
 * modules) is a few milliseconds of a cold process. Should fd 1 be a non-blocking pipe that is full (EAGAIN), the
 * rest goes through process.stdout, which waits for it to drain. A closed pipe (EPIPE) ends the process quietly with
 * exit 0, as a pipeline's earlier command does when a later one has read what it needs.
 */
/**
 * closed: what a closed stdout (EPIPE) does: 'exit' ends the process quietly (a one-shot answer); 'throw' rejects
 * with the EPIPE error, so a streaming command (event consume) can end cleanly (cancel what it opened) first.
 */
export async function writeStdout(text: string, closed: 'exit' | 'throw' = 'exit'): Promise<void> {
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(1, bytes, done, bytes.length - done);
  } catch (e) {
    if (readerGone(e) && closed === 'exit') process.exit(0);
    if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
    const rest = bytes.subarray(done);
    stdoutStream = true;
    await new Promise<void>((resolve, reject) => {
      process.stdout.write(rest, (err) => (readerGone(err) && closed === 'exit' ? process.exit(0) : err ? reject(err) : resolve()));
    });
  }
}

/** Whether output went through process.stdout (see unwrittenStdout). */
let stdoutStream = false;

/**
 * Bytes written through process.stdout that the reader has not taken yet; 0 when nothing here wrote through it. Asking
 * process.stdout creates the stream (for a pipe: the net and stream modules), which an answer written to fd 1 never
 * needed.
 */
export function unwrittenStdout(): number {
  return stdoutStream ? process.stdout.writableLength : 0;
}

/**
 * A streaming command's line, written through process.stdout: the event loop stays free while a reader is slow or
 * stalled (timers and signals still run), and the promise settles when the line is handed to the OS: back-pressure.
 * A closed stdout rejects with its EPIPE error.
 */
let streamErrorsSeen = false;
export function writeStream(text: string): Promise<void> {
  // The write's callback gets each error (EPIPE: the reader went away); the stream's 'error' event is then no crash.
  stdoutStream = true;
  if (!streamErrorsSeen) {
    streamErrorsSeen = true;
    process.stdout.on('error', () => undefined);
  }
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (err) => (err ? reject(err) : resolve()));
  });
}

/** For output written through process.stdout (commander's help): a closed pipe ends the process quietly too. */
export function quietOnClosedPipe(): void {
  stdoutStream = true;
  process.stdout.on('error', (e) => {
    if (readerGone(e)) process.exit(0);
    throw e;
  });
}

/** One notice line on stderr (a run's `[WARN]` / `[FIX]` JSON line), written at once so it precedes the answer. */
export function writeStderrLine(line: string): void {
  const bytes = Buffer.from(line + '\n', 'utf8');
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(2, bytes, done, bytes.length - done);
  } catch {
    // a closed or full stderr loses the notice; the run and its answer stand
  }
}

export function fail(err: unknown): never {
  const e = asDwsError(err);
  process.stderr.write(e.envelope() + '\n');
  process.exit(e.exitCode);
}
