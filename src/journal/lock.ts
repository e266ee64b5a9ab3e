// An exclusive lock between processes on one machine, synchronous because the journal is written from a
// synchronous seam (journalCall). The lock is a file created with O_CREAT|O_EXCL (`wx`), holding
// "<pid> <host> <nonce>"; it is removed on release only by its holder. A waiter sleeps (Atomics.wait, no busy loop)
// with jittered backoff. A lock is stale when its holder is a process of this host that no longer exists, or when
// it is older than staleMs (a holder keeps it for one append, milliseconds); waitMs is longer than staleMs, so a
// waiter always outlasts a dead holder. waitMs bounds how long one holder keeps the lock, not the whole wait: while
// other processes take and release it in turn, the journal is moving and a waiter keeps its place in the queue
// (ten busy writers on a loaded machine outlasted a 20 s total wait). Breaking a stale lock renames it to a private
// name first and removes it only if it is still the lock judged stale; if a fresh lock was taken instead, it is
// linked back.
import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { DwsError } from '../errors.js';

export interface LockOptions {
  staleMs: number;
  waitMs: number;
}

export const LOCK_DEFAULTS: LockOptions = { staleMs: 10_000, waitMs: 20_000 };

const pause = new Int32Array(new SharedArrayBuffer(4));
const sleepSync = (ms: number): void => void Atomics.wait(pause, 0, 0, ms);

const code = (e: unknown): string | undefined => (e as NodeJS.ErrnoException)?.code;

function readOr(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    if (code(e) === 'ENOENT') return undefined;
    throw e;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return code(e) === 'EPERM';
  }
}

function isStale(owner: string, ageMs: number, o: LockOptions): boolean {
  if (ageMs > o.staleMs) return true;
  const [pid, host] = owner.split(' ');
  const n = Number(pid);
  return host === os.hostname() && Number.isSafeInteger(n) && n > 0 && n !== process.pid && !alive(n);
}

function breakStale(lock: string, owner: string): void {
  const aside = `${lock}.${randomUUID()}.stale`;
  try {
    renameSync(lock, aside);
  } catch (e) {
    if (code(e) === 'ENOENT') return; // someone else broke it
    throw e;
  }
  if (readOr(aside) !== owner) {
    try {
      linkSync(aside, lock); // it was a fresh lock: put it back
    } catch (e) {
      if (code(e) !== 'EEXIST') throw e;
    }
  }
  unlinkSync(aside);
}

function tryCreate(lock: string, owner: string): boolean {
  let fd: number;
  try {
    fd = openSync(lock, 'wx', 0o600);
  } catch (e) {
    if (code(e) === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, owner);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Runs fn holding the lock file; throws journal_unwritable when it cannot be had within waitMs. */
export function withFileLock<T>(lock: string, fn: () => T, o: LockOptions = LOCK_DEFAULTS): T {
  const release = acquireFileLock(lock, o);
  try {
    return fn();
  } finally {
    release();
  }
}

/** Takes the lock file (waiting as withFileLock does) and returns its release, for a holder that awaits. */
export function acquireFileLock(lock: string, o: LockOptions = LOCK_DEFAULTS): () => void {
  const owner = `${process.pid} ${os.hostname()} ${randomUUID()}`;
  let holder: string | undefined; // the holder last seen, and since when
  let since = Date.now();
  for (let round = 0; !tryCreate(lock, owner); round++) {
    let held: { owner: string; ageMs: number } | undefined;
    try {
      held = { owner: readFileSync(lock, 'utf8'), ageMs: Date.now() - statSync(lock).mtimeMs };
    } catch (e) {
      if (code(e) !== 'ENOENT') throw e;
    }
    // An empty lock is one being written right now: it names no process, so only its age can make it stale.
    if (held && isStale(held.owner, held.ageMs, o)) {
      breakStale(lock, held.owner);
      continue;
    }
    if (held && held.owner !== holder) {
      holder = held.owner;
      since = Date.now();
    }
    if (held && Date.now() - since > o.waitMs) {
      throw new DwsError('journal_unwritable', `the journal lock ${lock} has been held by another process for more than ${Math.round(o.waitMs / 1000)} s`,
        'another dws process is stuck while writing the journal; if none is running, remove the lock file');
    }
    if (held) sleepSync(Math.min(2 ** Math.min(round, 5), 25) * (0.5 + Math.random()));
  }
  return () => {
    if (readOr(lock) === owner) unlinkSync(lock);
  };
}
