// The local record of running `event consume` processes: one entry per subscription a consumer holds, in
// <state dir>/events/personal_subscriptions.json (0600), so `event status` can show the consumers on this machine and
// `event stop` can find the ones to stop. Writers take <file>.lock (created exclusively, stale after 10 s) so two
// consumers starting at once do not lose each other's entry.
import { closeSync, openSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { DwsError } from '../errors.js';
import type { Env } from '../backend/config.js';
import { ensureDir, processAlive, processStartTicks, readJsonFile, stateDir, writeJsonFile } from '../backend/state.js';

export interface RunState {
  subscribe_id: string;
  event_key: string;
  rule_type: string;
  client_id: string;
  source_id: string;
  /** The consume process holding the subscription. */
  pid: number;
  /** That process's start (processStartTicks): `event stop` signals the pid only while it still matches. */
  pid_start?: string;
  /** Whether that process cancels the subscription when it exits (it created it, or --ephemeral). */
  owned: boolean;
  created_at: string;
}

const LOCK_WAIT_MS = 5000;
const LOCK_STALE_MS = 10_000;

export function runsFile(env: Env): string {
  return path.join(stateDir(env), 'events', 'personal_subscriptions.json');
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

function withLock<T>(env: Env, fn: () => T): T {
  const file = runsFile(env);
  ensureDir(path.dirname(file));
  const lock = `${file}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx', 0o600));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      try {
        if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { force: true });
      } catch {
        // the holder released it meanwhile
      }
      if (Date.now() > deadline) throw new DwsError('internal_error', `${lock} is held by another dws process`);
      Atomics.wait(sleeper, 0, 0, 25);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

export function loadRuns(env: Env): RunState[] {
  const runs = readJsonFile<unknown>(runsFile(env)) ?? [];
  if (!Array.isArray(runs)) throw new DwsError('local_state_corrupt', `${runsFile(env)} does not hold a list`);
  return (runs as RunState[]).slice().sort((a, b) => (a.subscribe_id < b.subscribe_id ? -1 : a.subscribe_id > b.subscribe_id ? 1 : 0));
}

export function upsertRuns(env: Env, add: RunState[]): void {
  withLock(env, () => {
    const ids = new Set(add.map((r) => r.subscribe_id));
    writeJsonFile(runsFile(env), [...loadRuns(env).filter((r) => !ids.has(r.subscribe_id)), ...add]);
  });
}

/** Drops the entries of these subscriptions (only those of `pid` when given: a consumer removes its own). */
export function removeRuns(env: Env, subscribeIds: string[], pid?: number): void {
  const ids = new Set(subscribeIds);
  withLock(env, () => {
    writeJsonFile(runsFile(env), loadRuns(env).filter((r) => !(ids.has(r.subscribe_id) && (pid === undefined || r.pid === pid))));
  });
}

/** For display: alive, unless its recorded start shows the pid now belongs to another process. */
export function withAlive(r: RunState): RunState & { alive: boolean } {
  return { ...r, alive: processAlive(r.pid) && (r.pid_start === undefined || processStartTicks(r.pid) === r.pid_start) };
}

/**
 * Whether the record's pid is still the consumer that wrote it: alive and started when recorded. A record without a
 * start (or a system without /proc) cannot be checked, so it is never taken for a live consumer to signal.
 */
export function isRecordedProcess(r: Pick<RunState, 'pid' | 'pid_start'>): boolean {
  if (!processAlive(r.pid)) return false;
  const now = processStartTicks(r.pid);
  return r.pid_start !== undefined && now !== undefined && now === r.pid_start;
}
