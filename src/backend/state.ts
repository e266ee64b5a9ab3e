// Where local commands keep files, and how they write them. State (run records of event consumers, connector
// daemon records) lives in the user's state dir; settings (the PAT browser policy) in the dws config dir.
//   state dir:  DWS_STATE_DIR, else $XDG_STATE_HOME/dws, else ~/.local/state/dws
//   config dir: DWS_CONFIG_DIR, else ~/.config/dws
// Directories are created 0700 and files written 0600 through a temp file and a rename, so a reader never sees a
// half-written file and nobody else on the machine can read subscription ids or pids.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DwsError } from '../errors.js';
import type { Env } from './config.js';

const home = (env: Env): string => env.HOME || os.homedir();

export function stateDir(env: Env): string {
  if (env.DWS_STATE_DIR) return env.DWS_STATE_DIR;
  if (env.XDG_STATE_HOME) return path.join(env.XDG_STATE_HOME, 'dws');
  return path.join(home(env), '.local', 'state', 'dws');
}

export function configDir(env: Env): string {
  return env.DWS_CONFIG_DIR || path.join(home(env), '.config', 'dws');
}

export function ensureDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** The parsed JSON of a state file; undefined when it does not exist; a corrupt file is a typed error. */
export function readJsonFile<T>(file: string): T | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new DwsError('internal_error', `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new DwsError('local_state_corrupt', `${file} is not valid JSON`, 'inspect or remove the file, then run the command again');
  }
}

let tmpSeq = 0;
export function writeJsonFile(file: string, value: unknown): void {
  ensureDir(path.dirname(file));
  const tmp = `${file}.${process.pid}.${++tmpSeq}.tmp`;
  writeFileSync(tmp, JSON.stringify(value, null, 2) + '\n', { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

/** Whether a process with this pid exists (signal 0 checks without sending anything). */
export function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process with this pid started, as Linux reports it (/proc/<pid>/stat field 22, clock ticks since boot):
 * the same pid with another start is another process. undefined when it cannot be read (gone, or no /proc).
 */
export function processStartTicks(pid: number): string | undefined {
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields after it follow the last ")".
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** The process's start as Unix seconds (boot time + ticks at 100 Hz, Linux's USER_HZ), or undefined. */
export function processStartUnix(pid: number): number | undefined {
  const ticks = processStartTicks(pid);
  if (ticks === undefined) return undefined;
  try {
    const btime = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    return btime ? Number(btime[1]) + Number(ticks) / 100 : undefined;
  } catch {
    return undefined;
  }
}
