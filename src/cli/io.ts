// Process I/O for the CLI: reading stdin with a size cap, writing one result, and rendering errors with exit codes.
import { DwsError, asDwsError } from '../errors.js';

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

/** Writes the whole result at once and waits for it to drain, so a large answer is never cut by exit. */
export function writeStdout(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (err) => (err ? reject(err) : resolve()));
  });
}

export function fail(err: unknown): never {
  const e = asDwsError(err);
  process.stderr.write(e.envelope() + '\n');
  process.exit(e.exitCode);
}
