// The `upload` and `download` steps of a plan (docs/PLANS.md): a local file's bytes PUT to a URL an earlier step
// returned, or a URL's bytes GET into a local file. Local paths are confined to the file root (DWS_FILE_ROOT, else
// the current directory) by their REAL path, so a symlink cannot lead outside it; sizes are bounded; bytes are
// streamed. The dws token is never sent (the URL is the backend's own pre-authorized target).
import { constants, createReadStream, createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DwsError } from '../errors.js';
import type { Env } from './config.js';
import { fileRootOf } from '../plan/transforms.js';

export interface UploadRequest {
  file: string;
  url: string;
  headers: Record<string, string>;
  maxBytes: number;
  timeoutMs: number;
}

const refuse = (message: string, hint?: string): never => {
  throw new DwsError('invalid_parameter', message, hint);
};

/** The real path of `file` if it lies inside the file root; refuses otherwise (no file is opened). */
export async function confinedPath(file: string, env: Env): Promise<string> {
  const root = await fileRoot(env);
  let real: string;
  try {
    real = await fs.realpath(path.resolve(fileRootOf(env), file));
  } catch (e) {
    return refuse(`cannot read the file to upload "${file}": ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  if (!inside(root, real)) {
    return refuse(`the file to upload "${file}" is outside the file root`, 'give a file inside the current directory (or set DWS_FILE_ROOT)');
  }
  return real;
}

function checkedUrl(text: string): URL {
  let target: URL;
  try {
    target = new URL(text);
  } catch {
    throw new DwsError('backend_error', 'the transfer URL the backend returned is not a valid URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new DwsError('backend_error', 'the transfer URL the backend returned is not http or https');
  return target;
}

async function fileRoot(env: Env): Promise<string> {
  try {
    return await fs.realpath(fileRootOf(env));
  } catch {
    return refuse(`the file root ${env.DWS_FILE_ROOT ? 'DWS_FILE_ROOT' : '(current directory)'} does not exist`);
  }
}

const inside = (root: string, p: string) => p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

export interface DownloadRequest {
  url: string;
  /** Headers the backend returned with the URL (e.g. a token of the file's own), sent as given. */
  headers?: Record<string, string>;
  file: string;
  maxBytes: number;
  timeoutMs: number;
}

/**
 * GET the URL into `file`: its directory's real path must be inside the file root, the file itself must not be a
 * symlink; the bytes go to a temporary file next to it, renamed into place only when complete and within the bound.
 */
export async function downloadFile(r: DownloadRequest, env: Env): Promise<{ file: string; bytes: number; status: number }> {
  const target = checkedUrl(r.url);
  const root = await fileRoot(env);
  const wanted = path.resolve(fileRootOf(env), r.file);
  let dir: string;
  try {
    dir = await fs.realpath(path.dirname(wanted));
  } catch {
    return refuse(`the directory of the download target "${r.file}" does not exist`);
  }
  const dest = path.join(dir, path.basename(wanted));
  if (!inside(root, dest) || dest === root) return refuse(`the download target "${r.file}" is outside the file root`, 'give a path inside the current directory (or set DWS_FILE_ROOT)');
  const existing = await fs.lstat(dest).catch(() => undefined);
  if (existing && !existing.isFile()) return refuse(`the download target "${r.file}" exists and is not a regular file`);
  let response: Response;
  try {
    response = await fetch(target, { headers: r.headers ?? {}, signal: AbortSignal.timeout(r.timeoutMs) });
  } catch (e) {
    throw new DwsError('transport_error', `the download to "${r.file}" failed: ${(e as Error).message}`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw new DwsError('backend_error', `the download to "${r.file}" was refused: HTTP ${response.status}`);
  }
  const tmp = `${dest}.${process.pid}.dws-tmp`;
  let bytes = 0;
  const bound = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > r.maxBytes) done(new DwsError('backend_error', `the download to "${r.file}" is larger than the ${r.maxBytes} bytes this command accepts`));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), bound, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
    await fs.rename(tmp, dest);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    if (e instanceof DwsError) throw e;
    throw new DwsError('transport_error', `the download to "${r.file}" failed: ${(e as Error).message}`);
  }
  return { file: r.file, bytes, status: response.status };
}

export async function uploadFile(r: UploadRequest, env: Env): Promise<{ status: number; bytes: number }> {
  const target = checkedUrl(r.url);
  const real = await confinedPath(r.file, env);
  // O_NOFOLLOW: the checked path cannot be swapped for a symlink between the check and the open.
  const handle = await fs.open(real, constants.O_RDONLY | constants.O_NOFOLLOW).catch((e: NodeJS.ErrnoException) =>
    refuse(`cannot open the file to upload "${r.file}": ${e.code ?? 'unreadable'}`));
  try {
    const st = await handle.stat();
    if (!st.isFile()) refuse(`the file to upload "${r.file}" is not a regular file`);
    if (st.size > r.maxBytes) refuse(`the file to upload "${r.file}" has ${st.size} bytes, more than the ${r.maxBytes} this command accepts`);
    const body = Readable.toWeb(createReadStream('', { fd: handle.fd, autoClose: false })) as ReadableStream<Uint8Array>;
    let response: Response;
    try {
      response = await fetch(target, {
        method: 'PUT',
        body,
        headers: { ...r.headers, 'content-length': String(st.size) },
        signal: AbortSignal.timeout(r.timeoutMs),
        duplex: 'half',
      } as RequestInit);
    } catch (e) {
      throw new DwsError('outcome_unknown', `the upload of "${r.file}" failed: ${(e as Error).message}; it may or may not have arrived`,
        'it was not retried (an upload is a write): check the target before running the command again');
    }
    await response.body?.cancel().catch(() => {});
    if (!response.ok) throw new DwsError('backend_error', `the upload of "${r.file}" was refused: HTTP ${response.status}`);
    return { status: response.status, bytes: st.size };
  } finally {
    await handle.close().catch(() => {});
  }
}
