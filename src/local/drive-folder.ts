// `dws drive status|pull|push|sync` (docs/drive-folder.md): a local folder and a drive folder compared and brought
// in line file by file. The walks, the comparison and the rules are drive-tree.ts; here every backend call and
// transfer goes through the run's effects port (src/plan/effects.ts: journaled; reads may retry, writes are sent
// once; transfers confined to the file root). Nothing is deleted on either side. pull, push and sync print upstream's
// result (`{summary, items}`, sync with `detection` and `diff` first); a run with a failed item prints nothing and
// ends in a typed error whose `details` is that result: `partial_outcome` (exit 7) when some write took effect,
// else `drive_items_failed` (exit 1, upstream's exit code; `outcome_unknown` when an item's outcome is unknown).
import { createHash } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { DwsError, type Reason } from '../errors.js';
import { MAX_DOWNLOAD_BYTES } from '../plan/spec.js';
import { byCodePoint } from '../text/order.js';
import type { ToolSpec } from '../catalog/types.js';
import { confinedJoin, fileRootOf, fsRefusal, inside, realRoot, staleTemp } from '../backend/files.js';
import {
  diffTrees, IF_EXISTS, keptName, nodeId, ON_CONFLICT, pullAction, pushAction, splitRel, walkLocal, walkRemote,
  answerBody, firstString, mirrorConflicts, type Diff, type IfExists, type LocalFile, type LocalTree, type OnConflict, type RemoteFile, type RemoteTree, type WalkBounds,
} from './drive-tree.js';
import type { LocalCommand, LocalContext } from './types.js';
import { isObject } from '../json-object.js';

/** The most one pushed file may hold (docs/drive-folder.md: uploads up to 200 MiB per file). */
const PUSH_FILE_BYTES = 200 * 1024 * 1024;
/** Upstream's PUT client Timeout for a pushed file (drive_push.go:823, httpPutFile doc.go:311@c7521c1c). */
const PUSH_PUT_BOUND_MS = 5 * 60_000;

/**
 * The `action` of an item of upstream's result: what was done to the path (drive_pull.go:72-76, drive_push.go:36-42,
 * drive_sync.go:61-67@c7521c1c). `renamed_local` is sync's keep-both local copy under its conflict name.
 */
type Action = 'downloaded' | 'uploaded' | 'overwritten' | 'folder_created' | 'renamed_local' | 'skipped' | 'failed';
/** sync's `direction` of an item (drive_sync.go:57-59@c7521c1c); pull and push items have none. */
type Direction = 'pull' | 'push' | 'conflict';

/** One item as upstream prints it: drivePullItem, drivePushItem, driveSyncItem (drive_pull.go:79-83, drive_push.go:73-78, drive_sync.go:71-76@c7521c1c). */
export interface Item {
  rel_path: string;
  action: Action;
  direction?: Direction;
  size_bytes?: number;
  error?: string;
}

/** An item and what dws keeps aside for its error message: whether a write took effect, the ids it returned, the failure's reason. */
interface Entry {
  item: Item;
  wrote: boolean;
  ids: Record<string, string>;
  reason?: Reason;
}

/** What an item is before its work runs: the action it gets when the work succeeds, its direction (another on failure for sync's local-wins and keep-both), push's size. */
interface Base {
  rel_path: string;
  action: Action;
  direction?: Direction;
  failDirection?: Direction;
  size_bytes?: number;
}

const WRITES: ReadonlySet<Action> = new Set(['downloaded', 'uploaded', 'overwritten', 'folder_created', 'renamed_local']);
/** Failures that would fail every later item the same way: the run stops at them. */
const FATAL: ReadonlySet<Reason> = new Set(['auth_failed', 'gateway_auth_expired', 'not_authenticated', 'token_expired', 'untrusted_endpoint', 'unknown_server', 'not_configured', 'journal_unwritable']);
const MAX_DEPTH = 64;
const MAX_ITEMS = 10_000;
/** How many ledger lines an error message lists of each kind. */
const LISTED = 20;

interface Run {
  ctx: LocalContext;
  steps: readonly string[];
  space: Record<string, string>;
  remoteId: string;
  local: string;
  entries: Entry[];
  /** sync's keys before `summary` (detection, diff), known once the diff is; pull and push have none. */
  head: Record<string, unknown>;
  /** push's summary.aborted: the whole-batch check stopped the run (drive_push.go:421-427@c7521c1c). */
  aborted: boolean;
}

interface Options {
  local: string;
  remote: string;
  space: Record<string, string>;
  quick: boolean;
  ifExists: IfExists;
  onConflict: OnConflict;
}

function options(ctx: LocalContext): Options {
  // --local-folder, --remote-folder and --space-id as typed, nothing trimmed: upstream reads them with mustGetFlag and
  // checks only for "" (validateRequiredFlags), so `--remote-folder " F "` lists parentId " F " and `--space-id " "`
  // sends spaceId " " (helpers/drive_pull.go:180-186, drive_push.go:112-118, drive_sync.go:121-128, drive_status.go:
  // 113-121; pkg/cmdutil/flags.go:68-74, :112-121@c7521c1c)
  const text = (flag: string) => (typeof ctx.values[flag] === 'string' ? ctx.values[flag] as string : '');
  // --if-exists / --on-conflict as upstream's switch reads them: exact, nothing trimmed (` smart` is refused), "" the
  // default (helpers/drive_pull.go:188-197, drive_push.go:121-130, drive_sync.go:130-139@c7521c1c)
  const choice = <T extends string>(flag: string, allowed: readonly T[]): T => {
    const typed = typeof ctx.values[flag] === 'string' ? (ctx.values[flag] as string) : '';
    const v = typed || String(ctx.tool.parameters[flag]?.default ?? allowed[0]);
    if (!(allowed as readonly string[]).includes(v)) throw new DwsError('invalid_parameter', `--${flag} must be one of ${allowed.join(', ')}, not "${v}"`);
    return v as T;
  };
  for (const flag of ['local-folder', 'remote-folder']) {
    if (text(flag) === '') throw new DwsError('missing_parameter', `--${flag} is required`);
  }
  const o: Options = {
    local: text('local-folder'), remote: text('remote-folder'), space: text('space-id') ? { spaceId: text('space-id') } : {},
    quick: ctx.values.quick === true,
    ifExists: 'if-exists' in ctx.tool.parameters ? choice('if-exists', IF_EXISTS) : 'skip',
    onConflict: 'on-conflict' in ctx.tool.parameters ? choice('on-conflict', ON_CONFLICT) : 'skip',
  };
  // upstream validateLocalDirAbs (helpers/drive_status.go:364-373@c7521c1c), after the choices (drive_pull.go:188-202,
  // drive_push.go:121-134, drive_sync.go:130-150, drive_status.go:642-653): a path that is not absolute is refused,
  // never resolved against the working directory
  if (!path.isAbsolute(o.local)) {
    throw new DwsError('invalid_parameter', `--local-folder must be an absolute path, not "${o.local}"`, 'give the folder\'s absolute path (inside the file root)');
  }
  if (o.onConflict === 'ask') {
    throw new DwsError('invalid_parameter', '--on-conflict ask needs an answer per conflicting file, and dws takes no interactive answers',
      'ask the user, then run with --on-conflict skip, remote-wins, local-wins or keep-both; `dws drive status` lists the conflicting files first');
  }
  return o;
}

const refuse = (message: string, hint?: string): never => {
  throw new DwsError('invalid_parameter', message, hint);
};
const errno = (e: unknown) => (e as NodeJS.ErrnoException).code;

/**
 * The real path of --local-folder (absolute: options refused any other), which must lie inside the file root
 * (DWS_FILE_ROOT, else the current directory) and be a real folder, not a symbolic link. A missing folder is
 * allowed only where it will be created (pull), when its nearest existing ancestor is inside the root.
 */
async function localFolder(env: Record<string, string | undefined>, given: string, mayCreate: boolean): Promise<{ dir: string; exists: boolean }> {
  const root = realRoot(env);
  const hint = 'give a folder inside the current directory (or set DWS_FILE_ROOT)';
  const wanted = path.resolve(fileRootOf(env), given);
  const st = await fs.lstat(wanted).catch((e: unknown) => (errno(e) === 'ENOENT' ? undefined : refuse(`cannot read --local-folder "${given}": ${errno(e) ?? 'unreadable'}`)));
  if (st) {
    if (st.isSymbolicLink()) refuse(`--local-folder "${given}" is a symbolic link`, 'give the real folder it points to');
    if (!st.isDirectory()) refuse(`--local-folder "${given}" is not a folder`);
    const dir = await fs.realpath(wanted);
    if (!inside(root, dir)) refuse(`--local-folder "${given}" is outside the file root`, hint);
    return { dir, exists: true };
  }
  if (!mayCreate) return refuse(`--local-folder "${given}" does not exist`);
  const missing: string[] = [];
  let ancestor = wanted;
  for (;;) {
    missing.unshift(path.basename(ancestor));
    ancestor = path.dirname(ancestor);
    const a = await fs.lstat(ancestor).catch(() => undefined);
    if (a) {
      if (!a.isDirectory() && !a.isSymbolicLink()) refuse(`--local-folder "${given}": "${ancestor}" is not a folder`);
      break;
    }
  }
  const real = await fs.realpath(ancestor);
  if (!inside(root, real)) refuse(`--local-folder "${given}" is outside the file root`, hint);
  return { dir: path.join(real, ...missing), exists: false };
}

/** The walk a command's local plan declares (catalog/plans/local/drive.yaml): its kinds of call and its page bound. */
function walkOf(tool: ToolSpec): { calls: string[]; max_pages: number } {
  const local = tool.plan?.local;
  if (!local?.calls.length || local.max_pages === undefined) {
    throw new DwsError('internal_error', `${tool.canonical_path}: its local plan declares no walk (calls and max_pages)`);
  }
  return { calls: local.calls, max_pages: local.max_pages };
}

const bounds = (tool: ToolSpec): WalkBounds => ({ maxDepth: MAX_DEPTH, maxItems: MAX_ITEMS, maxPages: walkOf(tool).max_pages });

function stepOf(run: Run, name: string): number {
  return run.steps.indexOf(name);
}

function call(run: Run, rpc: string, args: Record<string, unknown>, write: boolean): Promise<unknown> {
  return run.ctx.effects.call({ server: 'drive', rpc, args, replayable: !write, step: stepOf(run, `drive.${rpc}`) });
}


async function start(ctx: LocalContext, mayCreate: boolean): Promise<{ run: Run; opts: Options; exists: boolean }> {
  const opts = options(ctx);
  const { dir, exists } = await localFolder(ctx.env, opts.local, mayCreate);
  const run: Run = {
    ctx, steps: walkOf(ctx.tool).calls,
    space: opts.space, remoteId: opts.remote, local: dir, entries: [], head: {}, aborted: false,
  };
  return { run, opts, exists };
}

function remoteTree(run: Run): Promise<RemoteTree> {
  const tool = run.ctx.tool;
  return walkRemote((args, page) => run.ctx.effects.call({ server: 'drive', rpc: 'list_files', args, replayable: true, step: stepOf(run, 'drive.list_files'), page }),
    run.remoteId, run.space.spaceId, bounds(tool), tool.canonical_path !== 'drive.folder_status');
}

/** The failure of `rel` or of its nearest ancestor in the batch check (mirrorPreflightFailureForRel, drive_pull.go:396-404@c7521c1c). */
function failureFor(rel: string, failures: ReadonlyMap<string, string>): string | undefined {
  for (let at = rel; at !== ''; at = splitRel(at)[0]) {
    const msg = failures.get(at);
    if (msg) return msg;
  }
  return undefined;
}

/**
 * Upstream's whole-batch check before any write (drive_pull.go:232-239, drive_push.go:158-165, drive_sync.go:276-
 * 281@c7521c1c): a path that fails it stops the run with nothing written, whatever the other paths are. The result
 * upstream prints then: pull lists every drive file as failed, each with its own (or its ancestor's) failure or a
 * note that another path failed (drivePullPreflightFailureResult, drive_pull.go:383-394); push and sync list the
 * failed paths in code point order (appendDrivePushPreflightFailures, drive_push.go:421-427, summary.aborted true;
 * sync's with direction `conflict`, drive_sync.go:252-262).
 */
function preflight(run: Run, failures: ReadonlyMap<string, string>, pulled: Iterable<string>): void {
  if (!failures.size) return;
  const failed = (rel: string, error: string, direction?: Direction) =>
    run.entries.push({ item: { rel_path: rel, action: 'failed', ...(direction ? { direction } : {}), error }, wrote: false, ids: {}, reason: 'invalid_parameter' });
  if (run.ctx.tool.canonical_path === 'drive.folder_pull') {
    for (const rel of [...pulled].sort(byCodePoint)) failed(rel, failureFor(rel, failures) ?? 'another path of this batch cannot be mirrored, so nothing was pulled');
  } else {
    run.aborted = true;
    const sync = run.ctx.tool.canonical_path === 'drive.folder_sync';
    for (const rel of [...failures.keys()].sort(byCodePoint)) failed(rel, failures.get(rel)!, sync ? 'conflict' : undefined);
  }
  throw failure(run, undefined, `${failures.size} path(s) cannot be mirrored (see details.items)`);
}

/** The checks of the local targets of drive files (addPinnedLocalTargetPreflightFailures, drive_sync.go:405-434@c7521c1c): each existing ancestor a real folder, an existing target a regular file. */
async function targetFailures(run: Run, rels: Iterable<string>, failures: Map<string, string>): Promise<void> {
  for (const rel of rels) {
    const parts = rel.split('/');
    if (parts.some((_, i) => failures.has(parts.slice(0, i + 1).join('/')))) continue;
    for (let i = 0; i < parts.length; i++) {
      const at = parts.slice(0, i + 1).join('/');
      const st = await fs.lstat(path.join(run.local, ...parts.slice(0, i + 1))).catch((e: unknown) => (errno(e) === 'ENOENT' ? undefined : Promise.reject(e)));
      if (!st) break;
      if (i < parts.length - 1 && !st.isDirectory()) {
        failures.set(rel, `the local path "${at}" above "${rel}" exists and is not a folder`);
        break;
      }
      if (i === parts.length - 1 && !st.isFile()) failures.set(rel, `the local path "${rel}" exists and is not a regular file`);
    }
  }
}

/** Local names that cannot be drive names (mirrorLocalRelError, drive_push.go:552-559@c7521c1c), added to the batch check. */
function localNameFailures(local: LocalTree, failures: Map<string, string>): Map<string, string> {
  for (const u of local.unsafe) failures.set(u.rel, u.reason);
  return failures;
}

const emptyLocal = (): LocalTree => ({ files: new Map(), dirs: [], unsafe: [], temps: [] });

/**
 * The local folder's tree; dws temporary files a killed run left there are removed on the way. `namesAsIs`: status
 * lists every local name (h54-a6), see walkLocal.
 */
async function localTree(run: Run, exists: boolean, namesAsIs = false): Promise<LocalTree> {
  if (!exists) return emptyLocal();
  const tree = await walkLocal(run.local, bounds(run.ctx.tool), namesAsIs);
  for (const rel of tree.temps) if (staleTemp(splitRel(rel)[1])) await fs.rm(absOf(run, rel), { force: true });
  return tree;
}

/** The local path of a relative path (from the walks: drive names are backend data), confined to the local folder. */
const absOf = (run: Run, rel: string) => confinedJoin(run.local, rel, 'the local path');

function md5Of(run: Run) {
  return async (rel: string): Promise<string> => {
    const h = createHash('md5');
    for await (const chunk of createReadStream(absOf(run, rel))) h.update(chunk as Buffer);
    return h.digest('base64');
  };
}

function itemError(e: unknown): DwsError {
  if (e instanceof DwsError) return e;
  if (errno(e)) {
    try {
      fsRefusal(e, 'the local file system refused');
    } catch (typed) {
      return typed as DwsError;
    }
  }
  return new DwsError('internal_error', `internal error: ${e instanceof Error ? e.message : String(e)}`);
}

const brief = (e: Entry) => ({ rel_path: e.item.rel_path, action: e.item.action, ...e.ids });

function listed(entries: Entry[]): string {
  return JSON.stringify(entries.slice(0, LISTED).map(brief)) + (entries.length > LISTED ? ` and ${entries.length - LISTED} more` : '');
}

/**
 * The result upstream prints, from the items so far: pull `{summary: {downloaded, skipped, failed}, items}`
 * (drive_pull.go:86-97), push `{summary: {uploaded (new and overwritten files), skipped, failed, aborted}, items}`
 * (drive_push.go:81-91), sync `{detection, diff, summary: {pulled, pushed (folders made too), skipped, failed},
 * items}` (drive_sync.go:80-101; counted at :285, :355, :382, :458, :484, :562@c7521c1c).
 */
function result(run: Run): Record<string, unknown> {
  const count = (...actions: Action[]) => run.entries.filter((e) => actions.includes(e.item.action)).length;
  const skipped = count('skipped');
  const failed = count('failed');
  const items = run.entries.map((e) => e.item);
  switch (run.ctx.tool.canonical_path) {
    case 'drive.folder_pull':
      return { summary: { downloaded: count('downloaded'), skipped, failed }, items };
    case 'drive.folder_push':
      return { summary: { uploaded: count('uploaded', 'overwritten'), skipped, failed, aborted: run.aborted }, items };
    default:
      return { ...run.head, summary: { pulled: count('downloaded'), pushed: count('uploaded', 'overwritten', 'folder_created'), skipped, failed }, items };
  }
}

/**
 * The error a run ends with when an item failed (or a failure stopped it), its `details` upstream's result so far:
 * partial_outcome after a write that took effect, naming the completed writes with their ids; else the stopping
 * failure itself, outcome_unknown when an item's outcome is unknown, or drive_items_failed (exit 1, as upstream's
 * drivePartialFailure, drivePushFailure and driveSyncFailure: drive_pull.go:109-116, drive_push.go:104-111,
 * drive_sync.go:113-120@c7521c1c).
 */
function failure(run: Run, cause?: DwsError, what?: string): DwsError {
  const tool = run.ctx.tool.canonical_path;
  const failed = run.entries.filter((e) => e.item.action === 'failed');
  const done = run.entries.filter((e) => e.wrote);
  const details = { details: result(run) };
  const why = what ?? (cause ? `stopped at ${cause.reason} (${cause.message})` : `${failed.length} item(s) failed (see details.items)`);
  if (done.length) {
    return new DwsError('partial_outcome', `${tool}: ${why}; completed writes (${done.length}): ${listed(done)}`,
      'do not run it blindly again: the completed items took effect; `dws drive status` shows where both folders stand now', details);
  }
  if (cause) return new DwsError(cause.reason, cause.message, cause.hint, { ...cause.payload, ...details });
  const unknown = failed.some((e) => e.reason === 'outcome_unknown');
  return new DwsError(unknown ? 'outcome_unknown' : 'drive_items_failed', `${tool}: ${why}; nothing was written`,
    unknown ? 'check the drive folder (`dws drive status`) before running again: an upload may have been kept' : 'fix or leave out the failed paths (details.items), then run again', details);
}

function record(run: Run, base: Base, wrote: boolean, ids: Record<string, string> = {}): void {
  const { rel_path, action, direction, size_bytes } = base;
  run.entries.push({ item: { rel_path, action, ...(direction ? { direction } : {}), ...(size_bytes !== undefined ? { size_bytes } : {}) }, wrote, ids });
}

/** A failed item (its error upstream's text: the failure's message); a failure that would fail every item stops the run. */
function fail(run: Run, base: Base, err: DwsError, wrote = false): void {
  if (FATAL.has(err.reason)) throw failure(run, err);
  const { rel_path, direction, failDirection, size_bytes } = base;
  const dir = failDirection ?? direction;
  run.entries.push({
    item: { rel_path, action: 'failed', ...(dir ? { direction: dir } : {}), ...(size_bytes !== undefined ? { size_bytes } : {}), error: err.message },
    wrote, ids: {}, reason: err.reason,
  });
}

/** Runs one item's work; a failure is recorded as a failed item (and stops the run only when it would fail every item). */
async function attempt(run: Run, base: Base, work: () => Promise<Record<string, string>>): Promise<void> {
  let ids: Record<string, string>;
  try {
    ids = await work();
  } catch (e) {
    return fail(run, base, itemError(e));
  }
  record(run, base, WRITES.has(base.action), ids);
}

function skip(run: Run, base: Omit<Base, 'action'>, error?: string): void {
  record(run, { ...base, action: 'skipped' }, false);
  if (error) run.entries[run.entries.length - 1].item.error = error;
}

function finish(run: Run): Record<string, unknown> {
  if (run.entries.some((e) => e.item.action === 'failed')) throw failure(run);
  return result(run);
}

/**
 * The URL (and its headers) download_file answers with, read in its body (answerBody): downloadUrl, else resourceUrl,
 * else resourceUrls[0].url; the body's headers, and resourceUrls[0]'s added only when the URL is its
 * (helpers/drive.go:3984-4024 parseDriveDownloadInfo@c7521c1c).
 */
function downloadInfo(answer: unknown): { url: string; headers: Record<string, string> } {
  const body = answerBody(answer);
  const headers = strings(body?.headers);
  const top = firstString(body, ['downloadUrl', 'resourceUrl']);
  if (top) return { url: top, headers };
  const first = Array.isArray(body?.resourceUrls) ? body.resourceUrls[0] as unknown : undefined;
  const url = firstString(first, ['url']);
  if (!url) throw new DwsError('backend_error', 'download_file answered without a download URL');
  return { url, headers: { ...headers, ...strings((first as Record<string, unknown>).headers) } };
}

/**
 * The upload target get_upload_info answers with, read in its body (answerBody): resourceUrls[0].url, else resourceUrl,
 * else uploadUrl, and uploadId, both non-empty texts. The headers are resourceUrls[0]'s whenever it is an object (none
 * when it has none), the body's only when it is not (helpers/drive.go:227-281 parseDriveUploadInfo@c7521c1c).
 */
function uploadInfo(answer: unknown): { url: string; uploadId: string; headers: Record<string, string> } {
  const body = answerBody(answer);
  const first = Array.isArray(body?.resourceUrls) ? body.resourceUrls[0] as unknown : undefined;
  const firstIsObject = isObject(first);
  const url = firstString(first, ['url']) ?? firstString(body, ['resourceUrl', 'uploadUrl']);
  const uploadId = firstString(body, ['uploadId']);
  if (!url || !uploadId) throw new DwsError('backend_error', 'get_upload_info answered without an upload URL and uploadId; nothing was uploaded');
  return { url, uploadId, headers: firstIsObject ? strings((first as Record<string, unknown>).headers) : strings(body?.headers) };
}

function strings(v: unknown): Record<string, string> {
  if (typeof v !== 'object' || v === null) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The local path for a drive file: its folders created inside the local folder, none of them a link or a file. */
async function prepareTarget(run: Run, rel: string): Promise<string> {
  const [dir] = splitRel(rel);
  let cur = run.local;
  for (const seg of dir === '' ? [] : dir.split('/')) {
    cur = path.join(cur, seg);
    const st = await fs.lstat(cur).catch((e: unknown) => (errno(e) === 'ENOENT' ? undefined : Promise.reject(e)));
    if (!st) await fs.mkdir(cur);
    else if (st.isSymbolicLink() || !st.isDirectory()) refuse(`the local path "${path.relative(run.local, cur)}" exists and is not a folder`);
  }
  const target = absOf(run, rel);
  const st = await fs.lstat(target).catch(() => undefined);
  if (st && !st.isFile()) refuse(`the local path "${rel}" exists and is not a regular file`);
  return target;
}

/** download_file, then the GET of its URL into a temporary file renamed into place; the drive's time becomes the file's. */
async function pullFile(run: Run, r: RemoteFile): Promise<Record<string, string>> {
  const target = await prepareTarget(run, r.rel);
  const { url, headers } = downloadInfo(await call(run, 'download_file', { fileId: r.id, ...run.space }, false));
  // overwrite: the run's own rules (--if-exists, --on-conflict) decided this file is to be replaced
  await run.ctx.effects.transfer({ kind: 'download', step: stepOf(run, 'download'), url, headers, file: target, overwrite: true, maxBytes: MAX_DOWNLOAD_BYTES,
    label: r.rel });
  if (r.mtime !== undefined) await fs.utimes(target, new Date(r.mtime), new Date(r.mtime));
  return { file_id: r.id };
}

/** get_upload_info, the PUT of the bytes, commit_upload; a new file goes under its parent, a replaced one by its id. */
async function pushFile(run: Run, l: LocalFile, parentId: string, overwriteId: string | undefined): Promise<Record<string, string>> {
  const abs = absOf(run, l.rel);
  const st = await fs.lstat(abs);
  if (!st.isFile() || st.size !== l.size || Math.trunc(st.mtimeMs) !== l.mtime) refuse(`the local file "${l.rel}" changed after the walk; nothing was uploaded`, 'run the command again');
  if (l.size > PUSH_FILE_BYTES) refuse(`the local file "${l.rel}" has ${l.size} bytes, more than the ${PUSH_FILE_BYTES} one upload accepts`);
  const args = { fileName: splitRel(l.rel)[1], fileSize: l.size, ...run.space, ...(overwriteId ? { overwriteFileId: overwriteId } : { parentId }) };
  const { url, uploadId, headers } = uploadInfo(await call(run, 'get_upload_info', args, true));
  // only HTTP 200 counts as stored, as upstream's PUT (httpPutFile helpers/doc.go:318, defaultPushPutOpenedFile
  // drive_push.go:828@c7521c1c): another 2xx fails the file before its commit_upload; both clients allow the PUT 5
  // minutes (doc.go:311, drive_push.go:823), the bound unless --timeout is typed (h49-left)
  await run.ctx.effects.transfer({ kind: 'upload', step: stepOf(run, 'upload'), url, headers, file: abs, maxBytes: PUSH_FILE_BYTES, label: l.rel, okStatuses: [200], boundMs: PUSH_PUT_BOUND_MS });
  const committed = await call(run, 'commit_upload', { ...args, uploadId }, true);
  // a JSON object with at least one key, as upstream decodes it (drive_push.go:793-806@c7521c1c): a blank answer,
  // `null`, `{}`, a list, a number or a text leaves the outcome unknown
  if (typeof committed !== 'object' || committed === null || Array.isArray(committed) || Object.keys(committed).length === 0) {
    throw new DwsError('outcome_unknown', `commit_upload of "${l.rel}" answered with ${committed === undefined || committed === '' ? 'nothing' : 'no JSON object naming its outcome'}; whether the drive kept the file is unknown`, 'check the drive folder before running again');
  }
  const id = nodeId(committed) ?? overwriteId;
  return id ? { file_id: id } : {};
}

const sideOf = (run: Run, direction: Direction): { direction?: Direction } => (run.ctx.tool.canonical_path === 'drive.folder_sync' ? { direction } : {});

/**
 * Every local folder missing on the drive, parents first: each new folder's id becomes its children's parent
 * (drive_push.go:172-199, drive_sync.go:329-357@c7521c1c: `folder_created`, or `failed` with the children failing).
 */
async function createFolders(run: Run, local: LocalTree, remote: RemoteTree): Promise<void> {
  for (const dir of local.dirs) {
    if (remote.folders.has(dir)) continue;
    const base: Base = { rel_path: dir, action: 'folder_created', ...sideOf(run, 'push') };
    if (remote.files.has(dir)) {
      fail(run, base, new DwsError('invalid_parameter', `the drive holds a file at "${dir}", where the local side has a folder`));
      continue;
    }
    const parent = splitRel(dir)[0];
    const parentId = remote.folders.get(parent);
    if (!parentId) {
      fail(run, base, new DwsError('not_found', `its parent folder "${parent}" was not created on the drive`));
      continue;
    }
    await attempt(run, base, async () => {
      const id = nodeId(await call(run, 'create_folder', { name: splitRel(dir)[1], parentId, ...run.space }, true));
      if (!id) throw new DwsError('outcome_unknown', `create_folder of "${dir}" answered without the new folder's id; whether it was made is unknown`);
      remote.folders.set(dir, id);
      return { folder_id: id };
    });
  }
}

/**
 * Uploads one local file (new, or replacing `overwriteId`); a file whose parent is missing on the drive fails. push's
 * items carry the local size, skipped and failed too (drive_push.go:201-251); sync's a replaced file is `overwritten`
 * in direction `conflict`, any failure in direction `push` (syncPushFile, drive_sync.go:471-506@c7521c1c).
 */
async function upload(run: Run, l: LocalFile, remote: RemoteTree, overwriteId: string | undefined): Promise<void> {
  const sync = run.ctx.tool.canonical_path === 'drive.folder_sync';
  const base: Base = {
    rel_path: l.rel, action: overwriteId ? 'overwritten' : 'uploaded',
    ...(sync ? { direction: overwriteId ? 'conflict' : 'push', failDirection: 'push' } : { size_bytes: l.size }),
  };
  if (remote.folders.has(l.rel)) return fail(run, base, new DwsError('invalid_parameter', `the drive holds a folder at "${l.rel}", where the local side has a file`));
  const parent = splitRel(l.rel)[0];
  const parentId = remote.folders.get(parent);
  if (!parentId) return fail(run, base, new DwsError('not_found', `its parent folder "${parent}" was not created on the drive`));
  await attempt(run, base, () => pushFile(run, l, parentId, overwriteId));
}

const entries = (rels: string[]) => rels.map((rel_path) => ({ rel_path }));
const diffOut = (d: Diff) => ({ new_local: entries(d.new_local), new_remote: entries(d.new_remote), modified: entries(d.modified), unchanged: entries(d.unchanged), unknown: entries(d.unknown) });

const status: LocalCommand = async (ctx) => {
  const { run, opts } = await start(ctx, false);
  const local = await localTree(run, true, true);
  const remote = await remoteTree(run);
  const d = await diffTrees(local.files, remote.files, opts.quick, md5Of(run));
  const refused = [...remote.unsafe, ...local.unsafe].map((u) => ({ rel_path: u.rel, reason: u.reason }));
  return { detection: opts.quick ? 'quick' : 'exact', ...diffOut(d), refused };
};

/** drive pull (runDrivePull, drive_pull.go:179-276@c7521c1c): each drive file in code point order, `downloaded`, `skipped` or `failed`. */
const pull: LocalCommand = async (ctx) => {
  const { run, opts, exists } = await start(ctx, true);
  const remote = await remoteTree(run);
  const local = await localTree(run, exists);
  const checks = mirrorConflicts({ dirs: [], files: [] }, { folders: [], files: remote.files.keys() });
  if (exists) await targetFailures(run, remote.files.keys(), checks);
  preflight(run, checks, remote.files.keys());
  if (!exists) await fs.mkdir(run.local, { recursive: true });
  for (const rel of [...remote.files.keys()].sort(byCodePoint)) {
    const r = remote.files.get(rel)!;
    const base: Base = { rel_path: rel, action: 'downloaded' };
    if (pullAction(opts.ifExists, local.files.get(rel), r) === 'skip') skip(run, base);
    else await attempt(run, base, () => pullFile(run, r));
  }
  return finish(run);
};

/** drive push (runDrivePush, drive_push.go:112-258@c7521c1c): the missing folders, then each local file in code point order. */
const push: LocalCommand = async (ctx) => {
  const { run, opts } = await start(ctx, false);
  const local = await localTree(run, true);
  const remote = await remoteTree(run);
  preflight(run, localNameFailures(local, mirrorConflicts({ dirs: local.dirs, files: local.files.keys() }, { folders: remote.folders.keys(), files: remote.files.keys() })), []);
  await createFolders(run, local, remote);
  for (const rel of [...local.files.keys()].sort(byCodePoint)) {
    const l = local.files.get(rel)!;
    const r = remote.files.get(rel);
    const action = pushAction(opts.ifExists, l, r);
    if (action === 'skip') skip(run, { rel_path: rel, size_bytes: l.size });
    else await upload(run, l, remote, action === 'overwrite' ? r!.id : undefined);
  }
  return finish(run);
};

/**
 * keep-both (syncKeepBothPinned, drive_sync.go:508-567@c7521c1c): the local copy gets a second name (a hard link, so it
 * is never lost), then the drive copy is downloaded over the first. Done: `renamed_local` (the second name, direction
 * `conflict`) then `downloaded` (direction `pull`); failed: one `failed` item in direction `conflict`.
 */
async function keepBoth(run: Run, r: RemoteFile, taken: Set<string>): Promise<void> {
  const base: Base = { rel_path: r.rel, action: 'downloaded', direction: 'pull', failDirection: 'conflict' };
  let kept: string | undefined;
  try {
    for (let n = 0; n < 100 && kept === undefined; n++) {
      const name = keptName(r.rel, r.id, n);
      if (taken.has(name)) continue;
      taken.add(name);
      await fs.link(absOf(run, r.rel), absOf(run, name)).then(() => (kept = name), (e: unknown) => (errno(e) === 'EEXIST' ? undefined : Promise.reject(e)));
    }
    if (kept === undefined) refuse(`no free name to keep the local copy of "${r.rel}"`);
  } catch (e) {
    return fail(run, base, itemError(e));
  }
  let ids: Record<string, string>;
  try {
    ids = await pullFile(run, r);
  } catch (e) {
    const err = itemError(e);
    // the second name was made (a local write), so a later stop reports a partial outcome
    return fail(run, base, new DwsError(err.reason, `${err.message} (the local copy is also at "${kept}")`, err.hint), true);
  }
  record(run, { rel_path: kept!, action: 'renamed_local', direction: 'conflict' }, true);
  record(run, base, true, ids);
}

/** `rel` or one of its ancestors is in the batch check's failures (syncPathBlockedByTypeConflict, drive_sync.go:399-407@c7521c1c). */
const blocked = (failures: ReadonlyMap<string, string>) => (rel: string) => failureFor(rel, failures) !== undefined;

function without<V>(m: ReadonlyMap<string, V>, out: (rel: string) => boolean): Map<string, V> {
  return new Map([...m].filter(([rel]) => !out(rel)));
}

/**
 * drive sync (runDriveSync, drive_sync.go:121-392@c7521c1c): the diff (paths the batch check failed, and their
 * descendants, left out of it), then the undecidable files (`skipped`, `conflict`, with a note), the missing folders,
 * new_remote downloads, new_local uploads, and the modified files by --on-conflict.
 */
const sync: LocalCommand = async (ctx) => {
  const { run, opts } = await start(ctx, false);
  const local = await localTree(run, true);
  const remote = await remoteTree(run);
  const checks = localNameFailures(local, mirrorConflicts({ dirs: local.dirs, files: local.files.keys() }, { folders: remote.folders.keys(), files: remote.files.keys() }));
  await targetFailures(run, remote.files.keys(), checks);
  const out = blocked(checks);
  const d = await diffTrees(without(local.files, out), without(remote.files, out), opts.quick, md5Of(run));
  run.head = { detection: opts.quick ? 'quick' : 'exact', diff: diffOut(d) };
  preflight(run, checks, []);
  for (const rel of d.unknown) skip(run, { rel_path: rel, direction: 'conflict' }, 'the drive gives no MD5 to compare with, so the file was left alone; --quick compares modification times');
  await createFolders(run, local, remote);
  for (const rel of d.new_remote) await attempt(run, { rel_path: rel, action: 'downloaded', direction: 'pull' }, () => pullFile(run, remote.files.get(rel)!));
  for (const rel of d.new_local) await upload(run, local.files.get(rel)!, remote, undefined);
  const taken = new Set([...local.files.keys(), ...local.dirs, ...remote.files.keys(), ...remote.folders.keys()]);
  for (const rel of d.modified) {
    const r = remote.files.get(rel)!;
    switch (opts.onConflict) {
      case 'remote-wins':
        await attempt(run, { rel_path: rel, action: 'downloaded', direction: 'pull' }, () => pullFile(run, r));
        break;
      case 'local-wins':
        await upload(run, local.files.get(rel)!, remote, r.id);
        break;
      case 'keep-both':
        await keepBoth(run, r, taken);
        break;
      default:
        skip(run, { rel_path: rel, direction: 'conflict' });
    }
  }
  return finish(run);
};

/** What each step would send, for --dry-run (nothing is called; the walks' own answers decide the rest). */
function previewSteps(ctx: LocalContext): unknown[] {
  const o = options(ctx);
  const tool = ctx.tool.canonical_path;
  const each = (what: string) => `<${what}>`;
  const rule = tool === 'drive.folder_sync' ? `--on-conflict ${o.onConflict}${o.quick ? ', --quick' : ''}` : `--if-exists ${o.ifExists}`;
  const known: Record<string, Record<string, unknown>> = {
    'drive.list_files': {
      effect: 'read', arguments: { maxResults: 50, parentId: o.remote, ...o.space },
      for_each: each(`each folder from --remote-folder down, at most ${MAX_DEPTH} levels and ${MAX_ITEMS} entries`),
      page: { cursor_arg: 'nextToken', max_pages: walkOf(ctx.tool).max_pages },
    },
    'drive.download_file': { effect: 'read', for_each: each(`each drive file to download (${rule})`), arguments: { fileId: '<item.id>', ...o.space } },
    download: { effect: 'write', download: { url: '<from download_file>', file: `${o.local}/<item.rel_path>`, max_bytes: MAX_DOWNLOAD_BYTES, temporary_then_rename: true } },
    'drive.create_folder': { effect: 'write', for_each: each('each local folder missing on the drive, parents first'), arguments: { name: '<item.name>', parentId: '<the parent folder id>', ...o.space } },
    'drive.get_upload_info': {
      effect: 'write', for_each: each(`each local file to upload (${rule})`),
      arguments: { fileName: '<item.name>', fileSize: '<item.size>', ...o.space, parentId: '<the parent folder id, or overwriteFileId: the drive file replaced>' },
    },
    upload: { effect: 'write', upload: { file: `${o.local}/<item.rel_path>`, url: '<from get_upload_info>', max_bytes: PUSH_FILE_BYTES } },
    'drive.commit_upload': { effect: 'write', arguments: { fileName: '<item.name>', fileSize: '<item.size>', ...o.space, uploadId: '<from get_upload_info>' } },
  };
  return walkOf(ctx.tool).calls.map((name) => {
    const [server, rpc] = name.includes('.') ? name.split('.') : [undefined, undefined];
    return { id: rpc ?? name, ...(server ? { server, rpc } : {}), ...known[name] };
  });
}

function withPreview(run: LocalCommand): LocalCommand {
  const cmd: LocalCommand = (ctx) => run(ctx);
  cmd.preview = previewSteps;
  return cmd;
}

export const driveFolderCommands: Record<string, LocalCommand> = {
  'drive.folder_status': withPreview(status),
  'drive.folder_pull': withPreview(pull),
  'drive.folder_push': withPreview(push),
  'drive.folder_sync': withPreview(sync),
};
