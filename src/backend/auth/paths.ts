// Where dws keeps login state, and the one way it writes a file there. Two directories, both created 0700 on first
// use (they may not exist yet):
//   config dir   DWS_CONFIG_DIR, else ~/.dws: profiles.json (non-secret profile metadata), .data.lock (the
//                cross-process lock of every credential change), identity.json (the install id sent as x-dws-agent-id)
//   keychain dir DWS_KEYCHAIN_DIR, else $XDG_DATA_HOME/dws-cli (~/.local/share/dws-cli): the encrypted slots
//                (<slot>.enc) and, where no OS keychain is reachable, the data key (dek)
// Every write goes to a temporary file in the same directory (0600) and is renamed over the target, so a reader
// never sees half a file and a crash leaves the old one.
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Env } from '../env.js';

const home = (env: Env): string => env.HOME || os.homedir();

export function configDir(env: Env): string {
  return path.resolve(env.DWS_CONFIG_DIR || path.join(home(env), '.dws'));
}

export function keychainDir(env: Env): string {
  return path.resolve(env.DWS_KEYCHAIN_DIR || path.join(env.XDG_DATA_HOME || path.join(home(env), '.local', 'share'), 'dws-cli'));
}

/** The directory, created with its parents if missing, and held at 0700 (a directory dws made or owns). */
export function ensureDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}

/** Writes data to file through a temporary file and a rename; the file ends 0600. */
export function writeAtomic(file: string, data: string | Uint8Array): void {
  ensureDir(path.dirname(file));
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, data, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
