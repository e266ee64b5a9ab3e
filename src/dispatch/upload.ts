// The `upload` step of a plan (docs/PLANS.md "upload"): a local file's bytes PUT to a URL an earlier step returned.
// The file is confined to the upload root (DWS_FILE_ROOT, else the current directory) by its REAL path, so a
// symlink cannot lead outside it; it must be a regular file within the size bound; the bytes are streamed. The
// dws token is never sent (the URL is the backend's own pre-authorized target).
import { constants, createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DwsError } from '../errors.js';
import type { Env } from './config.js';

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

/** The real path of `file` if it lies inside the upload root; refuses otherwise (no file is opened). */
export async function confinedPath(file: string, env: Env): Promise<string> {
  const rootText = env.DWS_FILE_ROOT || process.cwd();
  let root: string;
  try {
    root = await fs.realpath(rootText);
  } catch {
    return refuse(`the upload root ${env.DWS_FILE_ROOT ? 'DWS_FILE_ROOT' : '(current directory)'} does not exist`);
  }
  let real: string;
  try {
    real = await fs.realpath(path.resolve(process.cwd(), file));
  } catch (e) {
    return refuse(`cannot read the file to upload "${file}": ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  if (real !== root && !real.startsWith(root.endsWith(path.sep) ? root : root + path.sep)) {
    return refuse(`the file to upload "${file}" is outside the upload root`, 'give a file inside the current directory (or set DWS_FILE_ROOT)');
  }
  return real;
}

export async function uploadFile(r: UploadRequest, env: Env): Promise<{ status: number; bytes: number }> {
  let target: URL;
  try {
    target = new URL(r.url);
  } catch {
    throw new DwsError('backend_error', 'the upload URL the backend returned is not a valid URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new DwsError('backend_error', 'the upload URL the backend returned is not http or https');
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
