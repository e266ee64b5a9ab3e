// The local journal of backend calls (SPEC 6.2, docs/JOURNAL.md): where it lives, the check dispatch makes before
// sending a call (openJournal), and the append of one sealed record per call (journalCall) under the journal lock.
//   file:   DWS_JOURNAL, else journal.jsonl in the dws state dir: DWS_STATE_DIR, else $XDG_STATE_HOME/dws (absolute
//           only, as XDG says), else ~/.local/state/dws
//           (directory created 0700, file 0600); next to it <file>.head (the anchor) and <file>.lock.
//   append: under the lock, read the anchor and the last line, chain the new record to them, append it in one
//           write, sync it, then replace the anchor (write to a private name, sync, rename).
// A call is never sent unrecorded on purpose: openJournal refuses it (journal_unwritable, exit 5) when the journal
// cannot be written. If the append still fails after the call (disk full, lock stuck), the outcome stands: the
// result or error is reported as usual and a typed warning line goes to stderr.
import { accessSync, closeSync, constants, fchmodSync, fstatSync, fsyncSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, writeSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { DwsError } from '../errors.js';
import type { CallRecord } from './call-record.js';
import { serverFor, type Env } from '../backend/config.js';
import { extractIds } from './ids.js';
import { withFileLock, type LockOptions } from './lock.js';
import { GENESIS, RECORD_VERSION, anchorText, canonicalJson, readAnchor, readRecord, seal, sha256, type JournalRecord } from './record.js';
import { redactSecrets } from '../backend/secrets.js';
import { sealCall, type SealedCall } from './seal.js';

/** An error message kept in a record is cut here (transport messages are already at most ~500 characters). */
const MESSAGE_LIMIT = 500;

export function journalPath(env: Env): string {
  if (env.DWS_JOURNAL) return path.resolve(env.DWS_JOURNAL);
  if (env.DWS_STATE_DIR) return path.resolve(env.DWS_STATE_DIR, 'journal.jsonl');
  const state = env.XDG_STATE_HOME && path.isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : path.join(env.HOME || os.homedir(), '.local', 'state');
  return path.join(state, 'dws', 'journal.jsonl');
}

export const anchorPath = (file: string): string => `${file}.head`;
export const lockPath = (file: string): string => `${file}.lock`;

const errno = (e: unknown): string => (e as NodeJS.ErrnoException)?.code ?? (e instanceof Error ? e.message : String(e));

function unwritable(file: string, e: unknown): DwsError {
  if (errno(e) === 'ELOOP') {
    return new DwsError('journal_symlink', `the journal ${file} is a symbolic link; dws does not write through one`,
      'the call was not sent; point DWS_JOURNAL at the real file (or a new path), not at a link');
  }
  return new DwsError('journal_unwritable', `cannot write the journal ${file}: ${errno(e)}`,
    'the call was not sent; make the journal writable or point DWS_JOURNAL at a writable file');
}

/** Opens the journal for appending, creating it (and its directory) with private modes; a symlink is refused. */
function openForAppend(file: string): number {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // O_NOFOLLOW: a symlink planted at the journal's path would send the records (and the 0600 chmod) to its target.
  const fd = openSync(file, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o600); // read too: the last line
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTFILE' });
    if ((st.mode & 0o077) !== 0) fchmodSync(fd, 0o600);
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  return fd;
}

/**
 * Dispatch calls this before sending a backend call: the journal file exists (0600), can be appended to, and its
 * directory takes the anchor's replacement. Returns the journal's path.
 */
export function openJournal(env: Env): string {
  const file = journalPath(env);
  try {
    closeSync(openForAppend(file));
    accessSync(path.dirname(file), constants.W_OK);
  } catch (e) {
    throw unwritable(file, e);
  }
  return file;
}

/** The last `n` lines of a file (without newlines), and whether its last line lacks its newline (torn). */
export function readLastLines(file: string, n: number): { lines: string[]; torn: boolean } {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { lines: [], torn: false };
    throw e;
  }
  try {
    return lastLinesOf(fd, n);
  } finally {
    closeSync(fd);
  }
}

function lastLinesOf(fd: number, n: number): { lines: string[]; torn: boolean } {
  const size = fstatSync(fd).size;
  if (size === 0 || n <= 0) return { lines: [], torn: false };
  // Read backwards in chunks until they hold more than n newlines (n lines and the end of the one before), or the
  // file's start.
  const chunks: Buffer[] = [];
  let start = size;
  let newlines = 0;
  while (start > 0 && newlines <= n) {
    const len = Math.min(64 * 1024, start);
    start -= len;
    const chunk = Buffer.alloc(len);
    for (let got = 0; got < len; ) got += readSync(fd, chunk, got, len - got, start + got);
    for (const b of chunk) if (b === 0x0a) newlines++;
    chunks.unshift(chunk);
  }
  const buf = Buffer.concat(chunks);
  const torn = buf[buf.length - 1] !== 0x0a;
  const parts = buf.toString('utf8').split('\n');
  if (!torn) parts.pop();
  if (start > 0) parts.shift(); // a partial line cut by the chunk boundary
  return { lines: parts.slice(-n), torn };
}

type Entry = Omit<JournalRecord, 'v' | 'seq' | 'time' | 'prev' | 'hash'>;

/** Where the next record chains from: the anchor, unless the journal holds one record past it that links to it. */
function chainBase(file: string, fd: number): { seq: number; hash: string; torn: boolean; tornLine?: string } {
  const { lines, torn } = lastLinesOf(fd, 1);
  const tornLine = torn ? lines[0] : undefined;
  const read = lines.length && !torn ? readRecord(lines[0]) : undefined;
  const last = read && 'record' in read ? read.record : undefined;
  let anchor;
  try {
    anchor = readAnchor(readFileSync(anchorPath(file), 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  // With an anchor, a cut or rewritten tail stays visible to verify because new records keep chaining from it.
  if (anchor && !(last && last.seq === anchor.seq + 1 && last.prev === anchor.hash)) return { seq: anchor.seq, hash: anchor.hash, torn, tornLine };
  return last ? { seq: last.seq, hash: last.hash, torn } : { seq: 0, hash: GENESIS, torn, tornLine };
}

function writeAll(fd: number, buf: Buffer): void {
  for (let off = 0; off < buf.length; ) off += writeSync(fd, buf, off);
}

function replaceAnchor(file: string, seq: number, hash: string): void {
  const target = anchorPath(file);
  const temp = `${target}.${randomUUID()}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeAll(fd, Buffer.from(anchorText(seq, hash)));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, target);
}

/** Appends one record under the journal lock and returns it. Throws on any failure (nothing half-written stays). */
export function appendRecord(file: string, entry: Entry, lock?: LockOptions): JournalRecord {
  let fd = openForAppend(file);
  try {
    return withFileLock(lockPath(file), () => {
      // `dws audit prune` replaces the file under the lock: append to the file that is there now.
      if (fstatSync(fd).ino !== statSync(file).ino) {
        closeSync(fd);
        fd = openForAppend(file);
      }
      const base = chainBase(file, fd);
      // A torn last line is closed and named by this record (its sha256 and size), so verify can tell the repair.
      const repaired = base.tornLine !== undefined ? { repaired: { sha256: sha256(base.tornLine), bytes: Buffer.byteLength(base.tornLine) } } : {};
      const { record, line } = seal({ v: RECORD_VERSION, seq: base.seq + 1, time: new Date().toISOString(), ...entry, ...repaired, prev: base.hash });
      // A torn last line (a writer killed mid-write) is closed first so the new record starts on its own line.
      writeAll(fd, Buffer.from((base.torn ? '\n' : '') + line + '\n'));
      fsyncSync(fd);
      replaceAnchor(file, record.seq, record.hash);
      return record;
    }, lock);
  } finally {
    closeSync(fd);
  }
}

/** The secrets a record must never hold: the token sent to this server (env or config). */
function secretsFor(env: Env, server: string): string[] {
  const secrets = env.DWS_TOKEN ? [env.DWS_TOKEN] : [];
  try {
    const token = serverFor(server, env).token;
    if (token) secrets.push(token);
  } catch {
    // not configured: nothing was sent with a token from the config
  }
  return secrets;
}

function scrub(text: string, secrets: string[]): string {
  const out = redactSecrets(text, secrets);
  return out.length > MESSAGE_LIMIT ? out.slice(0, MESSAGE_LIMIT) + '...' : out;
}

/** The journal entry for a call: digests and identifiers only, never argument or result values. */
export function entryOf(record: CallRecord, secrets: string[]): Entry {
  const found = record.outcome === 'ok' ? extractIds(record.result, secrets) : { ids: {}, truncated: false };
  return {
    ...(record.invocation !== undefined ? { invocation: record.invocation } : {}),
    ...(record.of !== undefined ? { of: record.of } : {}),
    ...(record.ref !== undefined ? { ref: record.ref } : {}),
    ...(record.sealed !== undefined ? { sealed: record.sealed } : {}),
    canonical_path: record.canonical_path,
    catalog: { source_hash: record.catalog.source_hash, surface_hash: record.catalog.surface_hash },
    step: record.step,
    ...(record.page !== undefined ? { page: record.page } : {}),
    server: record.server,
    rpc: record.rpc,
    args_sha256: sha256(canonicalJson(record.arguments)),
    outcome: record.outcome,
    ...(record.error ? { error: { reason: record.error.reason, message: scrub(record.error.message, secrets) } } : {}),
    ids: found.ids,
    ...(found.truncated ? { ids_truncated: true as const } : {}),
  };
}

/**
 * Records a call before it is sent and returns that record (its seq links the answer to it). Throws (the call must
 * not be sent) when the journal cannot take it: journal_unwritable or journal_symlink, exit 5. A write's arguments
 * and the invocation's flag values go in sealed (seal.ts), so that `dws recover` can check and re-send them.
 */
export function journalSent(env: Env, record: Omit<CallRecord, 'outcome' | 'result' | 'error' | 'sealed'>, seal?: SealedCall): JournalRecord {
  const file = openJournal(env); // the directory (0700) and file (0600) exist before the sealing key is made
  try {
    const sealed = seal && record.invocation ? sealCall(file, record.invocation, seal) : undefined;
    return appendRecord(file, entryOf({ ...record, outcome: 'sent', ...(sealed ? { sealed } : {}) }, secretsFor(env, record.server)));
  } catch (e) {
    if (e instanceof DwsError) throw new DwsError(e.reason, e.message, 'the call was not sent; ' + (e.hint ?? 'make the journal writable'));
    throw unwritable(file, e);
  }
}

/** Records one backend call. Never throws: a failure to record is a typed warning on stderr, the outcome stands. */
export function journalCall(env: Env, record: CallRecord): void {
  const file = journalPath(env);
  try {
    appendRecord(file, entryOf(record, secretsFor(env, record.server)));
  } catch (e) {
    const why = e instanceof DwsError ? e.message : `cannot write the journal ${file}: ${errno(e)}`;
    const warning = { category: 'internal', reason: 'journal_write_failed', message: `${record.canonical_path} (${record.outcome}) was not recorded: ${why}` };
    process.stderr.write(JSON.stringify({ warning }) + '\n');
  }
}
