// The one file-root confinement. Every local path dws reads or writes for a command (a plan's file transforms,
// uploads, downloads, saves, drive folder sync) lies inside the file root (DWS_FILE_ROOT, else the current
// directory), checked by its REAL path so a symlink cannot lead outside it. Files are opened without following a
// swapped-in symlink and must be regular files. Names built from backend data are made one safe path segment.
import { closeSync, constants, fstatSync, openSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { DwsError } from '../errors.js';

export type Env = Record<string, string | undefined>;

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

/** Opens a confined regular file read-only without following a swapped-in symlink; returns its fd and size. */
export function openConfined(file: string, env: Env, what = 'the file'): { fd: number; size: number } {
  const real = confinedPath(file, env, what);
  const fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW);
  const st = fstatSync(fd);
  if (!st.isFile()) {
    closeSync(fd);
    return refuse(`${what} "${file}" is not a regular file`);
  }
  return { fd, size: st.size };
}

/** Text made one safe file name: separators, control and reserved characters become `_`, no leading dots, at most 200 characters. */
export function safeFilename(text: string): string {
  // leading dots and spaces go together: " .." must not become ".."
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a file name must not carry
  const t = text.replace(/[\\/:*?"<>|\u0000-\u001f]/gu, '_').replace(/^[.\s]+/u, '').trim();
  const cut = [...t].slice(0, 200).join('').trimEnd();
  return cut.length ? cut : 'unnamed';
}
