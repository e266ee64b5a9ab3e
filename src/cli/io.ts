// Process I/O for the CLI: reading stdin with a size cap, writing one result, and rendering errors with exit codes.
import { DwsError, asDwsError } from '../errors.js';

// Not `import from 'node:fs'` (see src/index.ts: the ESM facade loads fs streams).
const { writeSync } = process.getBuiltinModule('node:fs');

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
 * rest goes through process.stdout, which waits for it to drain.
 */
export async function writeStdout(text: string): Promise<void> {
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(1, bytes, done, bytes.length - done);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
    const rest = bytes.subarray(done);
    await new Promise<void>((resolve, reject) => {
      process.stdout.write(rest, (err) => (err ? reject(err) : resolve()));
    });
  }
}

export function fail(err: unknown): never {
  const e = asDwsError(err);
  process.stderr.write(e.envelope() + '\n');
  process.exit(e.exitCode);
}
