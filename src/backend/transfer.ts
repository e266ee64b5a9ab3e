// The `upload`, `download` and `save` steps of a plan (docs/PLANS.md): a local file's bytes (or a plan value's text)
// PUT to a URL an earlier step returned, a URL's bytes GET into a local file (or as text), a plan value written to a
// local file. Local paths are confined to the file root (DWS_FILE_ROOT, else
// the current directory) by their REAL path, so a symlink cannot lead outside it; sizes are bounded; bytes are
// streamed, every stream joined by `pipeline` so a failing body is a typed error. An existing file is replaced only
// with an explicit overwrite, and dws's own state is never a source or a target. Uploads never follow a redirect.
// The dws token is never sent (the URL is the backend's own pre-authorized target).
import { closeSync, constants as fsConstants, createWriteStream, read as readCallback, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { DwsError } from '../errors.js';
import { sleep, type Sleep } from '../sleep.js';
import type { Env } from './config.js';
import { checkRedirect, policyRedirects, policyUrl, type UrlPolicy } from './download-policy.js';
import { confinedJoin, confinedPath, fileRootOf, fsRefusal, inside, openRegular, realRoot, refuseOwnState, safeFilename, staleTemp, tempPathFor } from './files.js';

export interface UploadRequest {
  file: string;
  url: string;
  headers: Record<string, string>;
  maxBytes: number;
  timeoutMs: number;
  /** Statuses answered as `{status, bytes: 0, refused: true}` instead of backend_error (UploadSpec.refused_statuses). */
  refusedStatuses?: number[];
  /** PUT unless POST (upstream's mail attachment upload). */
  method?: 'POST';
  /** The only statuses that count as stored (UploadSpec.ok_statuses); absent: any 2xx. */
  okStatuses?: number[];
  /** Further attempts after a transient failure (UploadSpec.retry); absent: one attempt. */
  retry?: UploadRetry;
}

/** The waits before each further attempt (their count bounds the attempts) and how to wait (tests: instantly). */
export interface UploadRetry {
  delaysMs: number[];
  sleep?: Sleep;
}

type PutOptions = { headers: Record<string, string>; timeoutMs: number; method?: 'POST'; refusedStatuses?: number[]; okStatuses?: number[]; retry?: UploadRetry };
type Put = { status: number; bytes: number; refused?: true; attempts?: number };

const refuse = (message: string, hint?: string): never => {
  throw new DwsError('invalid_parameter', message, hint);
};

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

/** The reasons a download may refuse an existing target with instead of invalid_parameter (DownloadSpec.target_exists). */
export const TARGET_EXISTS_REASONS = ['backend_error', 'internal_error'] as const;
export type TargetExistsReason = typeof TARGET_EXISTS_REASONS[number];

export interface DownloadRequest {
  url: string;
  headers?: Record<string, string>;
  /** Where to write it (a file, or an existing directory / a path ending in `/` that receives the URL's name); absent: the text is the result. */
  file?: string;
  /** true: an existing regular file is replaced; otherwise it is refused. */
  overwrite?: boolean;
  /** The name a directory target gives the file (made safe); absent: the URL's last segment. */
  name?: string;
  /** Instead of `file`: a fresh directory under the system's temporary directory (this its prefix) receives the file. */
  tempDir?: string;
  maxBytes: number;
  timeoutMs: number;
  /** Statuses answered as `{status, bytes: 0, refused: true}`, nothing written, instead of backend_error (DownloadSpec.refused_statuses). */
  refusedStatuses?: number[];
  /** The hosts the URL and every redirect hop may reach (DownloadSpec.url_policy, backend/download-policy.ts); absent: any http/https URL. */
  policy?: UrlPolicy;
  /** The directory of `file` must already exist (DownloadSpec.parent: existing); nothing is made. */
  parentExisting?: boolean;
  /** The reason an existing target left in place is refused with (DownloadSpec.target_exists); absent: invalid_parameter. */
  targetExists?: TargetExistsReason;
}

/** A download's result: the file written (or the text read), or a declared refusal that wrote nothing. */
export type Downloaded = { file: string; bytes: number; status: number } | { content: string; bytes: number; status: number } | { status: number; bytes: 0; refused: true };

/**
 * The absolute target of `file` inside the file root. A relative path is taken from the root; an existing directory
 * (or a path ending in `/`) receives `name`; missing directories are created only after the nearest existing one is
 * checked, by its real path, to lie inside the root. The target itself must not be a symlink or a directory.
 */
async function confinedTarget(file: string, name: string, overwrite: boolean | undefined, env: Env, parentExisting = false,
  targetExists: 'invalid_parameter' | TargetExistsReason = 'invalid_parameter'): Promise<string> {
  try {
    return await confinedTargetOf(file, name, overwrite, env, parentExisting, targetExists);
  } catch (e) {
    return fsRefusal(e, `cannot write "${file}"`);
  }
}

async function confinedTargetOf(file: string, name: string, overwrite: boolean | undefined, env: Env, parentExisting: boolean,
  targetExists: 'invalid_parameter' | TargetExistsReason): Promise<string> {
  const root = realRoot(env);
  let wanted = path.resolve(fileRootOf(env), file);
  const st = await fs.stat(wanted).catch(() => undefined);
  if (st?.isDirectory() || file.endsWith('/')) wanted = path.join(wanted, name);
  let existing = path.dirname(wanted);
  // parentExisting: the file's directory must already be there (upstream sheet export-csv stats filepath.Dir of the
  // output before writing, sheet_export_csv.go:196-201@c7521c1c); nothing is made
  if (parentExisting && !(await fs.stat(existing).catch(() => undefined))?.isDirectory()) {
    return refuse(`the directory of the target "${file}" does not exist, so nothing was written`, 'create the directory first, or give a path in an existing one');
  }
  while (!(await fs.stat(existing).catch(() => undefined)) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  const real = await fs.realpath(existing);
  const dir = path.resolve(real, path.relative(existing, path.dirname(wanted)));
  const dest = path.join(dir, path.basename(wanted));
  if (!inside(root, real) || !inside(root, dest) || dest === root) {
    return refuse(`the target "${file}" is outside the file root`, 'give a path inside the current directory (or set DWS_FILE_ROOT)');
  }
  refuseOwnState(dest, env, `the target "${file}"`);
  const present = await fs.lstat(dest).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? undefined : Promise.reject(e)));
  if (present && !present.isFile()) return refuse(`the target "${file}" exists and is not a regular file`);
  if (present && overwrite !== true) {
    throw new DwsError(targetExists, `the target "${file}" already exists and was left as it is`,
      'choose another path or move the existing file away; where the command has an --overwrite flag, --overwrite replaces it');
  }
  await fs.mkdir(dir, { recursive: true });
  return dest;
}

/**
 * Writes a stream (through its transforms) to dest via a temporary file next to it (mode 0600), renamed into place
 * only when complete; a temporary file of dest left by a killed run is removed first.
 */
async function writeThrough(streams: [Readable, ...Transform[]], dest: string): Promise<void> {
  await removeStaleTemps(dest);
  const tmp = tempPathFor(dest);
  try {
    await pipeline([...streams, createWriteStream(tmp, { flags: 'wx', mode: 0o600 })]);
    await fs.rename(tmp, dest);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
}

/** Removes the temporary files of `dest` whose writer is gone. */
async function removeStaleTemps(dest: string): Promise<void> {
  const own = path.basename(tempPathFor(dest)).replace(/\.\d+\.dws-tmp$/u, '.');
  const names = await fs.readdir(path.dirname(dest)).catch(() => [] as string[]);
  for (const n of names) if (n.startsWith(own) && staleTemp(n)) await fs.rm(path.join(path.dirname(dest), n), { force: true });
}

const shown = (root: string, dest: string) => path.relative(root, dest) || path.basename(dest);

/**
 * The name a download into a directory gets: the URL's last path segment, decoded, then the last part of that between
 * `/` and `\` (an escaped `%2F` or `%5C` names a directory, not part of the name), made one safe file name (never
 * `..`). Upstream's two namers agree on this (helpers inferFilename, doc.go:441-460: PathUnescape, `\` -> `/`,
 * filepath.Base; localio SafeFilename, download.go:281-293, and chat resourceDownloadFilename,
 * resource_download.go:454-468: filepath.Base of the decoded URL path, all @c7521c1c).
 */
export function urlFileName(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // a malformed escape stays as it was written
  }
  const base = decoded.split(/[\\/]/u).filter(Boolean).pop() ?? '';
  return base === '' || base === '.' ? 'download' : safeFilename(base);
}

/**
 * GET the URL (the backend's headers, if it gave any), at most maxBytes, streamed: into a confined file
 * (`{file, bytes, status}`), or without a file as UTF-8 text (`{content, bytes, status}`).
 */
export async function downloadUrl(r: DownloadRequest, env: Env): Promise<Downloaded> {
  const target = r.policy === undefined ? checkedUrl(r.url) : policyUrl(r.url, env, r.policy);
  const name = r.name !== undefined && r.name !== '' ? safeFilename(r.name) : urlFileName(target);
  if (r.tempDir !== undefined) return downloadToTempDir(r, target, name, env);
  const what = r.file === undefined ? 'the download' : `the download to "${r.file}"`;
  const dest = r.file === undefined ? undefined : await confinedTarget(r.file, name, r.overwrite, env, r.parentExisting === true, r.targetExists);
  return fetchInto(r, target, what, dest, realRoot(env), env);
}

/**
 * The GET of a download. Under a URL policy redirects are followed here, at most 10 hops (dingtalk_download: 5), each hop checked by the policy
 * before it is requested, and the backend's headers dropped from the first hop that leaves the original host on
 * (upstream downloadResourceAtomically, resource_download.go:526-551@c7521c1c); otherwise fetch follows them.
 */
async function getFollowing(r: DownloadRequest, target: URL, env: Env): Promise<Response> {
  const signal = AbortSignal.timeout(r.timeoutMs);
  if (r.policy === undefined) return fetch(target, { headers: r.headers ?? {}, signal });
  const host = target.hostname.toLowerCase();
  let current = target;
  let headers = r.headers ?? {};
  for (let hop = 0; ; hop++) {
    const response = await fetch(current, { headers, signal, redirect: 'manual' });
    const location = response.headers.get('location');
    if (![301, 302, 303, 307, 308].includes(response.status) || !location) return response;
    await response.body?.cancel().catch(() => {});
    const next = new URL(location, current);
    checkRedirect(next, env, r.policy);
    if (hop + 1 >= policyRedirects(r.policy)) throw new DwsError('backend_error', 'the download was redirected too many times');
    if (next.hostname.toLowerCase() !== host) headers = {};
    current = next;
  }
}

/**
 * A download into a fresh directory under the system's temporary directory (upstream +media-preview's MkdirTemp):
 * outside the file root by design, so nothing the user owns is touched; the result names the file by its absolute
 * path. The directory is removed again when the download fails or brings no bytes.
 */
async function downloadToTempDir(r: DownloadRequest, target: URL, name: string, env: Env): Promise<Downloaded> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `${r.tempDir}-`));
  try {
    const got = await fetchInto(r, target, 'the download', path.join(dir, name), dir, env);
    if ('refused' in got) {
      await fs.rm(dir, { recursive: true, force: true });
      return got;
    }
    const done = got as { file: string; bytes: number; status: number };
    if (done.bytes === 0) throw new DwsError('backend_error', 'the download is empty', 'check the attachment in DingTalk');
    return { ...done, file: path.join(dir, name) };
  } catch (e) {
    await fs.rm(dir, { recursive: true, force: true });
    throw e;
  }
}

/** GET into `dest` (a checked absolute path; shown relative to `shownFrom`), or as text without one. */
async function fetchInto(r: DownloadRequest, target: URL, what: string, dest: string | undefined, shownFrom: string, env: Env): Promise<Downloaded> {
  let response: Response;
  try {
    response = await getFollowing(r, target, env);
  } catch (e) {
    if (e instanceof DwsError) throw e;
    throw new DwsError('transport_error', `${what} failed: ${(e as Error).message}`);
  }
  // a declared refusal (an expired link) wrote nothing: the plan asks for a fresh link and fetches again
  if (r.refusedStatuses?.includes(response.status)) {
    await response.body?.cancel().catch(() => {});
    return { status: response.status, bytes: 0, refused: true };
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw new DwsError('backend_error', `${what} was refused: HTTP ${response.status}`);
  }
  let bytes = 0;
  const chunks: Buffer[] = [];
  const bound = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > r.maxBytes) done(new DwsError('backend_error', `${what} is larger than the ${r.maxBytes} bytes this command accepts`));
      else {
        if (dest === undefined) chunks.push(chunk);
        done(null, chunk);
      }
    },
  });
  // The body read as an async iterable, not through Readable.fromWeb: on Node 20 a reset mid-body makes fromWeb's
  // stream emit a second 'error' after pipeline has settled, an uncaught exception that ends the process.
  const body = Readable.from(response.body as import('node:stream/web').ReadableStream<Uint8Array>, { objectMode: false });
  try {
    if (dest === undefined) {
      await pipeline(body, bound, new Writable({ write: (_chunk, _enc, done) => done() }));
    } else {
      await writeThrough([body, bound], dest);
    }
  } catch (e) {
    if (e instanceof DwsError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENAMETOOLONG') fsRefusal(e, what);
    throw new DwsError('transport_error', `${what} failed: ${(e as Error).message}${code ? ` (${code})` : ''}`);
  }
  if (dest === undefined) return { content: Buffer.concat(chunks).toString('utf8'), bytes, status: response.status };
  return { file: shown(shownFrom, dest), bytes, status: response.status };
}

/**
 * Writes a plan value to a confined file (text as is, anything else as indented JSON); never replaces one unless
 * overwrite. A directory target receives `name` made one safe file name (default `saved.json`).
 */
export async function saveValue(r: { file: string; content: unknown; overwrite: boolean; name?: string; parentExisting?: boolean; targetExists?: TargetExistsReason },
  env: Env): Promise<{ file: string; bytes: number }> {
  const dest = await confinedTarget(r.file, r.name !== undefined && r.name !== '' ? safeFilename(r.name) : 'saved.json', r.overwrite, env, r.parentExisting === true, r.targetExists);
  const bytes = Buffer.from(typeof r.content === 'string' ? r.content : JSON.stringify(r.content, null, 2) + '\n', 'utf8');
  try {
    await writeThrough([Readable.from([bytes])], dest);
  } catch (e) {
    fsRefusal(e, `cannot write "${r.file}"`);
  }
  return { file: shown(realRoot(env), dest), bytes: bytes.byteLength };
}

/** A file of a published directory: a relative path inside it and its text, or a temporary download moved in. */
export type PublishedFile = { name: string; text: string } | { name: string; file: string };

/**
 * Publishes a new directory at once (upstream minutes +export-pack: prepareExportTarget, MkdirTemp, Rename,
 * workflows.go:521-575, :795-847@c7521c1c): `dir` is a relative path inside the file root (no absolute path, no `..`
 * segment) that does not exist yet; its missing parents are made (each one that exists must be a real directory,
 * not a link). The files are written into a temporary directory next to it (mode 0600), each `name` a relative path
 * that stays inside it: a text as it is, or a file a `temp_dir` download left under the system's temporary
 * directory, copied in and removed. Then the temporary directory is renamed to `dir`; on any failure it is removed
 * and nothing is published. The result: the directory relative to the file root, and each file's size.
 */
export async function publishDir(r: { dir: string; files: PublishedFile[] }, env: Env): Promise<{ dir: string; files: { name: string; bytes: number }[] }> {
  const shownDir = r.dir.trim();
  const portable = shownDir.replaceAll('\\', '/');
  if (path.isAbsolute(shownDir) || portable.startsWith('/') || /^[A-Za-z]:/u.test(portable) || portable.split('/').includes('..')) {
    return refuse(`the directory "${r.dir}" must be a relative path inside the file root, without ".."`, 'give a new directory inside the current directory (or set DWS_FILE_ROOT)');
  }
  const root = realRoot(env);
  const target = path.resolve(root, portable);
  if (target === root || !inside(root, target)) return refuse(`the directory "${r.dir}" is outside the file root`, 'give a new directory inside the current directory (or set DWS_FILE_ROOT)');
  refuseOwnState(target, env, `the directory "${r.dir}"`);
  try {
    let current = root;
    for (const part of path.relative(root, path.dirname(target)).split(path.sep).filter(Boolean)) {
      current = path.join(current, part);
      const st = await fs.lstat(current).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? undefined : Promise.reject(e)));
      if (st === undefined) await fs.mkdir(current, { mode: 0o700 });
      else if (st.isSymbolicLink() || !st.isDirectory()) return refuse(`"${path.relative(root, current)}" on the way to "${r.dir}" is not a directory`);
    }
    if (await fs.lstat(target).catch(() => undefined)) {
      return refuse(`the directory "${r.dir}" already exists and was left as it is`, 'choose a new output directory');
    }
  } catch (e) {
    if (e instanceof DwsError) throw e;
    return fsRefusal(e, `cannot prepare "${r.dir}"`);
  }
  const temp = await fs.mkdtemp(path.join(path.dirname(target), `.${path.basename(target)}.dws-tmp-`));
  const tmpRoot = await fs.realpath(os.tmpdir());
  const written: { name: string; bytes: number }[] = [];
  try {
    for (const f of r.files) {
      const dest = confinedJoin(temp, f.name, 'the file');
      await fs.mkdir(path.dirname(dest), { recursive: true, mode: 0o700 });
      if ('text' in f) await fs.writeFile(dest, f.text, { flag: 'wx', mode: 0o600 });
      else {
        const source = await fs.realpath(f.file);
        if (!inside(tmpRoot, source) || source === tmpRoot || !(await fs.lstat(source)).isFile()) return refuse(`"${f.file}" is not a file a download left in the temporary directory`);
        await fs.copyFile(source, dest, fsConstants.COPYFILE_EXCL);
        await fs.chmod(dest, 0o600);
        await fs.rm(source, { force: true });
      }
      written.push({ name: f.name, bytes: (await fs.stat(dest)).size });
    }
    await fs.rename(temp, target);
  } catch (e) {
    await fs.rm(temp, { recursive: true, force: true });
    if (e instanceof DwsError) throw e;
    return fsRefusal(e, `cannot publish "${r.dir}"`);
  }
  return { dir: path.relative(root, target).split(path.sep).join('/'), files: written };
}

/**
 * PUT a text (a plan value) to a URL an earlier step returned. A status among `refusedStatuses` is answered as
 * `{status, bytes: 0, refused: true}` (the plan asks for fresh credentials), as uploadFile does (a-z2: markdown create's
 * inline content, driveUploadPut drive_transfer.go:828-850@c7521c1c).
 */
export async function uploadText(r: { text: string; url: string; headers: Record<string, string>; maxBytes: number; timeoutMs: number; method?: 'POST'; refusedStatuses?: number[]; okStatuses?: number[]; retry?: UploadRetry }): Promise<Put> {
  const target = checkedUrl(r.url);
  const body = Buffer.from(r.text, 'utf8');
  if (body.byteLength > r.maxBytes) refuse(`the text to upload has ${body.byteLength} bytes, more than the ${r.maxBytes} this command accepts`);
  return put(target, () => body, body.byteLength, r, 'the text upload');
}

/** What upstream's localio.PutFile sends again (upload.go:85-90@c7521c1c): no answer, or 5xx, 408 or 429. */
const transient = (status: number): boolean => status >= 500 || status === 408 || status === 429;

const readAt = promisify(readCallback);
const CHUNK_BYTES = 1 << 16;

/**
 * The PUT of a body (`body()` gives each attempt the same bytes afresh). Without `retry` it is sent once: a failure
 * after sending is outcome_unknown (an upload is a write, never replayed). With `retry` a send that got no answer, or
 * an answer 5xx/408/429, is sent again after the next wait, as upstream's minutes upload does: a PUT of the same bytes
 * to the same pre-signed URL stores the same object, so the repeat cannot store anything twice; the last attempt's
 * failure is the step's. A redirect is never followed (fetch would turn a 303 into a GET that carries no bytes): any
 * 3xx is a failure, never sent again.
 */
async function put(target: URL, body: () => BodyInit, size: number, r: PutOptions, what: string): Promise<Put> {
  const delays = r.retry?.delaysMs ?? [];
  for (let attempt = 1; ; attempt++) {
    const last = attempt > delays.length;
    const counted = (m: string) => (r.retry ? `${m} (attempt ${attempt} of ${delays.length + 1})` : m);
    let response: Response | undefined;
    let failure: DwsError | undefined;
    try {
      response = await fetch(target, {
        method: r.method ?? 'PUT', body: body(), headers: { ...r.headers, 'content-length': String(size) }, signal: AbortSignal.timeout(r.timeoutMs), duplex: 'half', redirect: 'manual',
      } as RequestInit);
    } catch (e) {
      failure = new DwsError('outcome_unknown', counted(`${what} failed: ${(e as Error).message}; it may or may not have arrived`),
        `it was not ${r.retry ? 'sent again' : 'retried'} (an upload is a write): check the target before running the command again`);
    }
    if (response) {
      await response.body?.cancel().catch(() => {});
      if (response.status >= 300 && response.status < 400) {
        throw new DwsError('outcome_unknown', `${what} was answered with a redirect (HTTP ${response.status}), which an upload does not follow; the bytes may or may not have been kept`,
          'it was not retried (an upload is a write): check the target before running the command again');
      }
      // a declared refusal (an expired credential) kept no bytes: the plan asks for fresh credentials and PUTs again
      if (r.refusedStatuses?.includes(response.status)) return { status: response.status, bytes: 0, refused: true, ...(r.retry ? { attempts: attempt } : {}) };
      if (!response.ok) {
        failure = new DwsError('backend_error', counted(`${what} was refused: HTTP ${response.status}`));
        if (!(r.retry && transient(response.status))) throw failure;
      }
    }
    if (failure) {
      if (last) throw failure;
      await (r.retry?.sleep ?? sleep)(delays[attempt - 1]);
      continue;
    }
    const status = response!.status;
    // ok_statuses: a 2xx the plan's upstream does not take as stored fails the step (the message says so)
    if (r.okStatuses && !r.okStatuses.includes(status)) {
      throw new DwsError('backend_error', `${what} was answered HTTP ${status} where the storage answers ${r.okStatuses.join(' or ')}: it is not taken as stored`);
    }
    return { status, bytes: size, ...(r.retry ? { attempts: attempt } : {}) };
  }
}

export async function uploadFile(r: UploadRequest, env: Env): Promise<Put> {
  const target = checkedUrl(r.url);
  const real = confinedPath(r.file, env, 'the file to upload');
  refuseOwnState(real, env, `the file to upload "${r.file}"`);
  // O_NOFOLLOW: the checked path cannot be swapped for a symlink between the check and the open; O_NONBLOCK: a FIFO
  // is refused, not waited on.
  let opened: { fd: number; size: number };
  try {
    opened = openRegular(real, `the file to upload "${r.file}"`, { noFollow: true });
  } catch (e) {
    return fsRefusal(e, `cannot open the file to upload "${r.file}"`);
  }
  // every attempt reads the opened file from its start, its first `size` bytes, by position (upstream's
  // io.NewSectionReader over the one verified open file, localio/upload.go:72@c7521c1c): a path replaced meanwhile
  // cannot change what is sent, and no attempt's end closes the file for the next one. The file is closed once, after
  // the last read in flight.
  let reading: Promise<unknown> = Promise.resolve();
  const body = (): BodyInit => {
    let position = 0;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        const left = opened.size - position;
        if (left <= 0) return controller.close();
        const read = readAt(opened.fd, Buffer.allocUnsafe(Math.min(left, CHUNK_BYTES)), 0, Math.min(left, CHUNK_BYTES), position);
        reading = read.catch(() => undefined);
        const { bytesRead, buffer } = await read;
        if (bytesRead === 0) return controller.error(new Error(`the file to upload "${r.file}" became shorter while it was sent`));
        position += bytesRead;
        controller.enqueue(buffer.subarray(0, bytesRead));
      },
    });
  };
  try {
    if (opened.size > r.maxBytes) refuse(`the file to upload "${r.file}" has ${opened.size} bytes, more than the ${r.maxBytes} this command accepts`);
    return await put(target, body, opened.size, r, `the upload of "${r.file}"`);
  } finally {
    await reading;
    closeSync(opened.fd);
  }
}
