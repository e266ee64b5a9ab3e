// The one file-root confinement. Every local path dws reads or writes for a command (a plan's file transforms,
// uploads, downloads, saves, drive folder sync) lies inside the file root (DWS_FILE_ROOT, else the current
// directory), checked by its REAL path so a symlink cannot lead outside it. Files are opened without following a
// swapped-in symlink, without waiting on a FIFO, and must be regular files. dws's own state (journal, config,
// credentials) is never a transfer's source or target. Names built from backend data are made one safe path
// segment of bounded bytes; dws's temporary files (`<name>.<pid>.dws-tmp`) are recognized here.
import { closeSync, constants, fstatSync, openSync, readFileSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DwsError } from '../errors.js';
import { processAlive } from './state.js';

import type { Env } from './env.js';

/** Local files a plan reads (read_text, file_size) are bounded like uploads. */
export const MAX_READ_BYTES = 10 * 1024 * 1024;

/** The file root: DWS_FILE_ROOT, else the current directory; relative paths are relative to it. */
export function fileRootOf(env: Env): string {
  return env.DWS_FILE_ROOT || process.cwd();
}

/** Whether p (a real path) is the root or lies under it. */
export const inside = (root: string, p: string): boolean => p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

const refuse = (message: string, hint?: string): never => {
  throw new DwsError('invalid_parameter', message, hint);
};

const ROOT_HINT = 'give a path inside the current directory (or set DWS_FILE_ROOT)';

/** The real path of the file root; refuses when it does not exist. */
export function realRoot(env: Env): string {
  try {
    return realpathSync(fileRootOf(env));
  } catch {
    return refuse(`the file root ${env.DWS_FILE_ROOT ? 'DWS_FILE_ROOT' : '(current directory)'} does not exist`);
  }
}

/** The real path of an existing `file` (relative to the file root) if it lies inside the root; refuses otherwise. */
export function confinedPath(file: string, env: Env, what = 'the file'): string {
  const root = realRoot(env);
  let real: string;
  try {
    real = realpathSync(path.resolve(fileRootOf(env), file));
  } catch (e) {
    return refuse(`cannot read ${what} "${file}": ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  if (!inside(root, real)) return refuse(`${what} "${file}" is outside the file root`, ROOT_HINT);
  return real;
}

/**
 * dws's own state: the journal (with its anchor and lock), the config file, the state, config and credential
 * directories, as the environment names them or by their defaults under the home directory. Absolute paths, real
 * where they exist.
 */
function ownState(env: Env): { files: string[]; dirs: string[] } {
  const home = env.HOME || os.homedir();
  const stateDir = env.DWS_STATE_DIR || path.join(env.XDG_STATE_HOME && path.isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : path.join(home, '.local', 'state'), 'dws');
  const configDir = env.DWS_CONFIG_DIR || path.join(home, '.config', 'dws');
  const journal = env.DWS_JOURNAL || path.join(stateDir, 'journal.jsonl');
  const real = (p: string) => {
    const abs = path.resolve(p);
    try {
      return realpathSync(abs);
    } catch {
      try {
        return path.join(realpathSync(path.dirname(abs)), path.basename(abs));
      } catch {
        return abs;
      }
    }
  };
  const files = [journal, `${journal}.head`, `${journal}.lock`, env.DWS_CONFIG || path.join(home, '.config', 'dws', 'config.json')];
  const dirs = [stateDir, configDir, ...(env.DWS_KEYCHAIN_DIR ? [env.DWS_KEYCHAIN_DIR] : [])];
  return { files: files.map(real), dirs: dirs.map(real) };
}

/** Refuses `real` (an absolute real path) when it is one of dws's own state files or lies in one of its state directories. */
export function refuseOwnState(real: string, env: Env, what: string): void {
  const own = ownState(env);
  if (own.files.includes(real) || own.dirs.some((d) => inside(d, real))) {
    refuse(`${what} is dws's own state (its journal, config or credentials), which no command reads for a backend or replaces`,
      'give another path');
  }
}

/**
 * Opens an existing file read-only as a regular file: O_NONBLOCK so a FIFO is refused at once instead of waited
 * on (it changes nothing for a regular file), O_NOFOLLOW (optional) so a swapped-in symlink is not followed, and
 * the check made on the descriptor. ENOENT is rethrown as it is; other failures are typed.
 */
export function openRegular(file: string, what: string, o: { noFollow?: boolean } = {}): { fd: number; size: number } {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | (o.noFollow ? constants.O_NOFOLLOW : 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw e;
    return fsRefusal(e, `cannot open ${what}`);
  }
  const st = fstatSync(fd);
  if (!st.isFile()) {
    closeSync(fd);
    return refuse(`${what} is not a regular file`);
  }
  return { fd, size: st.size };
}

/** The text of a regular file (see openRegular); undefined when it does not exist. */
export function readRegularText(file: string, what: string): string | undefined {
  let opened: { fd: number };
  try {
    opened = openRegular(file, what);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  try {
    return readFileSync(opened.fd, 'utf8');
  } finally {
    closeSync(opened.fd);
  }
}

/** Opens a confined regular file read-only without following a swapped-in symlink; returns its fd and size. */
export function openConfined(file: string, env: Env, what = 'the file'): { fd: number; size: number } {
  const real = confinedPath(file, env, what);
  refuseOwnState(real, env, `${what} "${file}"`);
  try {
    return openRegular(real, `${what} "${file}"`, { noFollow: true });
  } catch (e) {
    return fsRefusal(e, `cannot read ${what} "${file}"`);
  }
}

/** A file-system failure as a typed error: a name longer than the file system allows has its own reason. */
export function fsRefusal(e: unknown, what: string): never {
  if (e instanceof DwsError) throw e;
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENAMETOOLONG') {
    throw new DwsError('name_too_long', `${what}: a file name is longer than the file system allows (255 bytes)`, 'give a shorter name');
  }
  throw new DwsError('invalid_parameter', `${what}: ${code ?? (e instanceof Error ? e.message : String(e))}`);
}

/** The most bytes (UTF-8) a name made by safeFilename has: room is left for an extension and dws's temporary suffix. */
export const MAX_NAME_BYTES = 200;

/** `text` cut to at most `max` UTF-8 bytes, never inside a character. */
export function cutBytes(text: string, max: number): string {
  let out = '';
  let used = 0;
  for (const ch of text) {
    used += Buffer.byteLength(ch, 'utf8');
    if (used > max) break;
    out += ch;
  }
  return out;
}

/** Text made one safe file name: separators, control and reserved characters become `_`, no leading dots, at most 200 bytes. */
export function safeFilename(text: string): string {
  // leading dots and spaces go together: " .." must not become ".."
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a file name must not carry
  const t = text.replace(/[\\/:*?"<>|\u0000-\u001f]/gu, '_').replace(/^[.\s]+/u, '').trim();
  const cut = cutBytes(t, MAX_NAME_BYTES).trimEnd();
  return cut.length ? cut : 'unnamed';
}

/** dws's temporary files: `<name>.<pid>.dws-tmp`, written next to a download's target and renamed into place. */
const TEMP = /\.(\d+)\.dws-tmp$/u;

/** The temporary name for `dest` by this process, its name part cut so the whole stays within 255 bytes. */
export function tempPathFor(dest: string): string {
  const suffix = `.${process.pid}.dws-tmp`;
  return path.join(path.dirname(dest), cutBytes(path.basename(dest), 255 - Buffer.byteLength(suffix)) + suffix);
}

/** The pid in a dws temporary file's name; undefined for any other name. */
export function tempOwner(name: string): number | undefined {
  const m = TEMP.exec(name);
  return m ? Number(m[1]) : undefined;
}

/** Whether a dws temporary file was left by a process that is gone (a killed run): it can be removed. */
export const staleTemp = (name: string): boolean => {
  const pid = tempOwner(name);
  return pid !== undefined && pid !== process.pid && !processAlive(pid);
};

/**
 * `rel` (a relative path built from backend data) joined to `dir`, refused unless it stays inside `dir`: a name
 * with `..` or separators cannot lead anywhere else.
 */
export function confinedJoin(dir: string, rel: string, what: string): string {
  const p = path.resolve(dir, ...rel.split('/'));
  if (p === dir || !inside(dir, p)) return refuse(`${what} "${rel}" would lie outside the folder "${dir}"`);
  return p;
}
