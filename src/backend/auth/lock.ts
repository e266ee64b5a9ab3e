// The lock every credential change holds: one per config directory, inside the process (a promise chain) and across
// processes (proper-lockfile on <config dir>/.data.lock: an atomic mkdir, refreshed while held and taken over when
// its holder died). A refresh re-reads the credential after taking it, because another process may have refreshed
// while this one waited: a rotating refresh token is then never spent twice.
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { DwsError } from '../../errors.js';
import type { Env } from '../env.js';
import { configDir, ensureDir } from './paths.js';

const inProcess = new Map<string, Promise<unknown>>();

/** The wait for the lock: about 20 s in all, then an error naming the lock. */
const RETRIES = { retries: 200, factor: 1.2, minTimeout: 20, maxTimeout: 150 };

export async function withCredentialLock<T>(env: Env, fn: () => Promise<T>): Promise<T> {
  const dir = ensureDir(configDir(env));
  const file = path.join(dir, '.data.lock');
  const before = inProcess.get(dir) ?? Promise.resolve();
  const run = before.catch(() => {}).then(async () => {
    closeSync(openSync(file, 'a', 0o600));
    let release: () => Promise<void>;
    try {
      release = await lockfile.lock(file, { retries: RETRIES, stale: 15_000, realpath: false });
    } catch {
      throw new DwsError('credential_store_error', `cannot take the credential lock ${file}.lock: another dws process holds it`, 'try again; remove the .lock directory if no dws process is running');
    }
    try {
      return await fn();
    } finally {
      await release().catch(() => {});
    }
  });
  inProcess.set(dir, run);
  try {
    return await run;
  } finally {
    if (inProcess.get(dir) === run) inProcess.delete(dir);
  }
}
