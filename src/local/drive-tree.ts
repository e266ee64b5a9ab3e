// The trees behind `dws drive status|pull|push|sync` (drive-folder.ts runs them): the bounded walk of a drive folder
// over paged `list_files` answers, the walk of a local folder, the per-file comparison and the per-file rules of
// --if-exists and --on-conflict. Facts from upstream c7521c1c (internal/helpers/drive_status.go, drive_pull.go,
// drive_push.go, drive_sync.go). Everything here decides; nothing here writes.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DwsError } from '../errors.js';
import { byCodePoint } from '../text/order.js';
import { cutBytes, MAX_NAME_BYTES, tempOwner } from '../backend/files.js';
import { isObject } from '../json-object.js';
import { goDecode } from '../plan/transforms/json.js';
import { goRfc3339 } from '../go-time.js';
import { trimSpace } from '../text/space.js';
import { goCase } from '../text/go-case.js';

export interface WalkBounds {
  /** Folder levels below the root (upstream stops at 64: a deeper tree is taken for a loop). */
  maxDepth: number;
  /** Files and folders on one side, in all. */
  maxItems: number;
  /** list_files calls in all. */
  maxPages: number;
}

/** Entries per list_files page (the backend accepts 1..50). */
export const PAGE_SIZE = 50;

export interface RemoteFile {
  rel: string;
  id: string;
  /** Base64 MD5 as the backend gives it; absent when it gives none. */
  md5?: string;
  size?: number;
  /** Modification time in Unix milliseconds; absent when the backend gives none that reads as one. */
  mtime?: number;
}

export interface Unsafe {
  rel: string;
  reason: string;
}

export interface RemoteTree {
  files: Map<string, RemoteFile>;
  /** Relative path -> folder id; '' is the root folder. */
  folders: Map<string, string>;
  /** Entries whose name cannot be one local path segment (never entered, never transferred). */
  unsafe: Unsafe[];
}

export interface LocalFile {
  rel: string;
  size: number;
  mtime: number;
}

export interface LocalTree {
  files: Map<string, LocalFile>;
  /** Every folder below the root, parents before children. */
  dirs: string[];
  unsafe: Unsafe[];
  /** dws temporary files (`<name>.<pid>.dws-tmp`): never compared or transferred. */
  temps: string[];
}

/** A name usable as one path segment on both sides: not empty, `.` or `..`, no separator, no control character. */
export function safeSegment(name: string): boolean {
  if (name === '' || name === '.' || name === '..') return false;
  for (const ch of name) {
    const c = ch.codePointAt(0)!;
    if (c <= 0x1f || c === 0x7f || ch === '/' || ch === '\\') return false;
  }
  return true;
}

const joinRel = (base: string, name: string) => (base === '' ? name : `${base}/${name}`);

/** Parent path and last segment of a relative path ('' is the root). */
export function splitRel(rel: string): [string, string] {
  const i = rel.lastIndexOf('/');
  return i < 0 ? ['', rel] : [rel.slice(0, i), rel.slice(i + 1)];
}

/** A listing answer a walk cannot go on from; `call` names the listing call in words (drive list_files, doc list_nodes). */
const malformed = (message: string, call = 'drive list_files') => new DwsError('backend_error', `${call} answered in an unexpected shape: ${message}`,
  'nothing was transferred; report it');

/**
 * The entries and the next page token of one list_files answer, read as upstream's parseDriveList
 * (helpers/drive_status.go:291-362@c7521c1c), which the walks of status, pull, push and sync share: the answer is a
 * JSON object holding `result` (:292-299; a bare list, or an object without `result`, stops the walk), `result` is not
 * null (:300-303) and is either a list of entries (:347-356) or an object decoded into `{items, nextToken string,
 * hasMore *bool}` (:321-346: keys matched as Go's json.Unmarshal matches them, ignoring case; a nextToken that is no
 * text or a hasMore that is no boolean fails the decode), whose items are a list (absent or null: refused), and
 * hasMore true needs a nextToken. Every entry is an object whose `type` is a text not blank once trimmed as
 * strings.TrimSpace (toItems :305-318).
 */
export function listPage(answer: unknown): { items: Record<string, unknown>[]; next?: string } {
  if (!isObject(answer) || !Object.hasOwn(answer, 'result')) throw malformed('the answer is not an object holding result');
  const body = answer.result;
  let items: unknown;
  let next: string | undefined;
  if (Array.isArray(body)) items = body;
  else if (isObject(body)) {
    const page = goDecode({ items: 'any', nextToken: 'string', hasMore: 'bool' }, body);
    if (!page.ok) throw malformed('result holds a nextToken that is no text or a hasMore that is no boolean');
    const { items: list, nextToken, hasMore } = page.value as { items: unknown; nextToken: string; hasMore: boolean };
    items = list;
    next = nextToken !== '' ? nextToken : undefined;
    if (hasMore && next === undefined) throw malformed('hasMore is true without a nextToken (the listing would be cut short)');
  } else throw malformed('result is neither a list nor {items}');
  if (!Array.isArray(items)) throw malformed('items is not a list');
  items.forEach((it, i) => {
    if (!isObject(it) || typeof it.type !== 'string' || trimSpace(it.type) === '') throw malformed(`items[${i}] has no type`);
  });
  return { items: items as Record<string, unknown>[], ...(next !== undefined ? { next } : {}) };
}

const ID_KEYS = ['fileId', 'dentryUuid', 'dentryId', 'id', 'nodeId'];
const TIME_KEYS = ['modifiedTime', 'modifyTime', 'modified_time', 'gmtModified', 'lastModifiedTime', 'updateTime'];

/** The first non-empty string among `keys` of an answer object. */
export function firstString(o: unknown, keys: readonly string[]): string | undefined {
  if (typeof o !== 'object' || o === null) return undefined;
  for (const k of keys) {
    const v = (o as Record<string, unknown>)[k];
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
}

/**
 * The body a drive answer carries: its `result` when that is a JSON object, else the answer itself when it is one
 * (as upstream's `data["result"].(map[string]any)` reads it; a list, `null` or a text `result` leaves the top).
 */
export function answerBody(answer: unknown): Record<string, unknown> | undefined {
  if (!isObject(answer)) return undefined;
  return isObject(answer.result) ? answer.result : answer;
}

/**
 * The id a drive answer names (the folder create_folder made, the file commit_upload kept): in its body only, the
 * first non-empty text of fileId, dentryUuid, dentryId, id, nodeId (helpers/drive_push.go:835-851@c7521c1c: a
 * `result` object without an id names none, whatever the top holds).
 */
export function nodeId(answer: unknown): string | undefined {
  return firstString(answerBody(answer), ID_KEYS);
}

/**
 * The mirror check upstream makes before any write (buildMirrorPreflight, helpers/drive_push.go:544-636@c7521c1c):
 * every path claims itself (a file or a folder) and each of its ancestors (a folder) on its side; paths whose
 * segments fold to one key (lower case, then Unicode NFC) with more than one distinct claim, local and drive
 * together, are ambiguous (`A.txt` and `a.txt`, or a file on one side where the other has a folder). Returns each
 * such path with why. Pull passes the drive files only (drive_pull.go:349-353).
 */
export function mirrorConflicts(local: { dirs: readonly string[]; files: Iterable<string> }, remote: { folders: Iterable<string>; files: Iterable<string> }): Map<string, string> {
  const claims = new Map<string, Map<string, 'file' | 'folder'>>();
  const claim = (rel: string, kind: 'file' | 'folder') => {
    const parts = rel.split('/');
    parts.forEach((_, i) => {
      const at = parts.slice(0, i + 1).join('/');
      const key = parts.slice(0, i + 1).map((p) => p.toLowerCase().normalize('NFC')).join('/');
      const k = i === parts.length - 1 ? kind : 'folder';
      const seen = claims.get(key) ?? new Map<string, 'file' | 'folder'>();
      // a claim is a path and its kind: the same path claimed as a file and as a folder is two claims
      seen.set(`${k}:${at}`, k);
      claims.set(key, seen);
    });
  };
  for (const d of local.dirs) claim(d, 'folder');
  for (const f of local.files) claim(f, 'file');
  for (const d of remote.folders) if (d !== '') claim(d, 'folder');
  for (const f of remote.files) claim(f, 'file');
  const out = new Map<string, string>();
  for (const seen of claims.values()) {
    if (seen.size <= 1) continue;
    for (const [c, kind] of seen) {
      const rel = c.slice(c.indexOf(':') + 1);
      out.set(rel, `the ${kind} path "${rel}" is ambiguous in the mirror: another path differs from it only in letter case or Unicode form, or is a ${kind === 'file' ? 'folder' : 'file'} on the other side`);
    }
  }
  return out;
}

/**
 * Milliseconds as upstream's toMillis reads a time (helpers/drive_latest.go:100-124@c7521c1c): a positive number
 * (truncated); a text trimmed (Go's spaces), then strconv.ParseInt when it gives a positive int64 (a sign allowed),
 * else time.Parse(time.RFC3339) as Go's parser reads it (goLayoutParts: a one-digit hour, a `.`/`,` fraction, offsets
 * up to 24:60; hour 24 and a day the month lacks refused).
 */
export function millis(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) && v > 0 ? Math.trunc(v) : undefined;
  if (typeof v !== 'string') return undefined;
  const s = trimSpace(v);
  if (/^[+-]?\d+$/u.test(s)) {
    const n = BigInt(s);
    if (n > 0n && n < 2n ** 63n) return Number(n);
  }
  return goRfc3339(s)?.ms;
}

export function remoteTime(item: Record<string, unknown>): number | undefined {
  for (const k of TIME_KEYS) {
    if (!(k in item)) continue;
    const t = millis(item[k]);
    if (t !== undefined) return t;
  }
  return undefined;
}

const tooLarge = (what: string, bound: number, unit: string) => new DwsError('invalid_parameter',
  `the ${what} has more than ${bound} ${unit}, the bound of one run`, 'run the command on a subfolder; nothing was transferred');

/** A drive folder a walk lists: its id ('' the space root), its path, its level (the root 0), its name, and the page token a resumed listing starts from. */
export interface Folder {
  id: string;
  rel: string;
  depth: number;
  name: string;
  token?: string;
  /** It was queued again once after a failed page (the list walk's rate-limit answer). */
  retried?: boolean;
}

/** How walkFolders lists: the order, the arguments of every page, how a page and an entry are read, the bounds, the failure rule. */
export interface FolderWalk {
  /**
   * `depth`: a subfolder is listed as soon as it is met, before the rest of its parent (upstream walkRemoteDir,
   * drive_status.go:105@c7521c1c); `breadth`: after every folder met before it (runDriveListDepth's queue,
   * drive_depth.go:204-330@c7521c1c).
   */
  order: 'depth' | 'breadth';
  /** Arguments every page carries besides the page size, the folder and the token (spaceId, orderBy, workspaceId, ...). */
  base: Record<string, unknown>;
  /** The argument names of a page (list_files' when absent): list_nodes pages by pageSize, folderId and pageToken. */
  keys?: PageKeys;
  /** The listing call in words, for the walk's own messages (`drive list_files` when absent; `doc list_nodes`). */
  call?: string;
  /**
   * One page answer -> its entries and its next token; throws when the answer cannot be read. `broken`: the folder
   * fails after the page's entries are taken (a page saying hasMore without a token).
   */
  read: (answer: unknown) => { items: Record<string, unknown>[]; next?: string; broken?: Error };
  /** An entry of `folder`: the subfolder to list, undefined, or `stop` to end the walk (its item bound reached). */
  entry: (item: Record<string, unknown>, folder: Folder) => Folder | undefined | 'stop';
  /** list_files calls in all: one more throws (too large). */
  maxPages?: number;
  /** Pages of one folder: one more fails that folder (a cursor that never ends). */
  folderPages?: number;
  /** Asked after each page: false leaves the folder's further pages unlisted (a scan that has found enough). */
  more?: () => boolean;
  /**
   * A folder whose listing failed (its call, its answer, a repeated token, its page bound): `retry` lists it again
   * after the folders queued now, from the failed page (breadth only); `skip` goes on; a throw ends the walk.
   * Absent: the failure ends the walk.
   */
  failed?: (folder: Folder, err: unknown) => 'retry' | 'skip';
}

/** The names of a listing call's page size, folder and token arguments. */
export interface PageKeys {
  size: string;
  folder: string;
  token: string;
}
/** list_files' (newDrivePanDepthRoute.buildArgs, helpers/drive_depth.go:125-151@c7521c1c). */
export const DRIVE_PAGE_KEYS: PageKeys = { size: 'maxResults', folder: 'parentId', token: 'nextToken' };

/** The arguments of one page: 50 entries, the walk's own arguments, the folder (none for the space root), the token. */
export function pageArgs(base: Record<string, unknown>, folderId: string, token: string | undefined, keys: PageKeys = DRIVE_PAGE_KEYS): Record<string, unknown> {
  return { [keys.size]: PAGE_SIZE, ...base, ...(folderId ? { [keys.folder]: folderId } : {}), ...(token ? { [keys.token]: token } : {}) };
}

/**
 * The one walk of a drive folder tree, one list_files call per page (`list(args, page)`, page counting every call
 * of the walk), in the order and under the rules `w` gives. Returns whether an entry stopped it.
 */
export async function walkFolders(list: (args: Record<string, unknown>, page: number) => Promise<unknown>, root: Folder, w: FolderWalk): Promise<{ stopped: boolean }> {
  let pages = 0;
  let stopped = false;
  const queue: Folder[] = [root];
  const visit = async (folder: Folder): Promise<void> => {
    const tokens = new Set<string>();
    let token = folder.token;
    let own = 0;
    try {
      do {
        if (w.maxPages !== undefined && pages >= w.maxPages) throw tooLarge('drive folder', w.maxPages * PAGE_SIZE, 'entries to list (pages of 50)');
        if (w.folderPages !== undefined && own++ >= w.folderPages) {
          throw malformed(`the folder "${folder.rel || folder.id || '(root)'}" has more than ${w.folderPages} pages with a next token (a cursor loop is suspected)`, w.call);
        }
        const page = w.read(await list(pageArgs(w.base, folder.id, token, w.keys), pages++));
        for (const item of page.items) {
          const sub = w.entry(item, folder);
          if (sub === 'stop') {
            stopped = true;
            return;
          }
          if (sub === undefined) continue;
          if (w.order === 'depth') await visit(sub);
          else queue.push(sub);
          if (stopped) return;
        }
        if (page.broken) throw page.broken;
        if (w.more && !w.more()) break;
        const next = page.next;
        if (next !== undefined) {
          if (tokens.has(next)) throw malformed(`the page token of "${folder.rel || '(root)'}" repeats`, w.call);
          tokens.add(next);
        }
        token = next;
      } while (token !== undefined);
    } catch (e) {
      if (w.order === 'depth' || !w.failed) throw e;
      // `token` is still the failed page's: a retry lists the folder again from there (its earlier pages are taken)
      if (w.failed(folder, e) === 'retry') queue.push({ ...folder, retried: true, ...(token !== undefined ? { token } : {}) });
    }
  };
  while (queue.length && !stopped) await visit(queue.shift()!);
  return { stopped };
}

/**
 * Walks a drive folder depth-first (walkFolders), entering each folder by its id. Only FILE and FOLDER entries count
 * (online docs, shortcuts are skipped). A name that cannot be a local file name is recorded in `unsafe`, or with
 * `unsafeStops` ends the walk. A path met twice, a repeated page token or an entry without an id stop the
 * walk: the tree would not say which entry a path means.
 */
export async function walkRemote(list: (args: Record<string, unknown>, page: number) => Promise<unknown>, rootId: string, spaceId: string | undefined,
  bounds: WalkBounds, unsafeStops = false): Promise<RemoteTree> {
  const tree: RemoteTree = { files: new Map(), folders: new Map([['', rootId]]), unsafe: [] };
  let items = 0;
  const entry = (item: Record<string, unknown>, at: Folder): Folder | undefined => {
    // Go's strings.ToUpper (isFile/isFolder, helpers/drive_status.go:268-274@c7521c1c): code point by code point, so a
    // ligature stays itself and `ﬁle` is neither a file nor a folder (h56-a2; before, JavaScript's upper case made it FILE)
    const type = goCase(String(item.type), 'upper');
    if (type !== 'FILE' && type !== 'FOLDER') return undefined;
    const name = typeof item.name === 'string' ? item.name : '';
    const rel = joinRel(at.rel, name);
    if (!safeSegment(name)) {
      // pull, push and sync: the tree cannot be mirrored, the walk ends here (remoteMirrorEntryName,
      // helpers/drive_status.go:209-225@c7521c1c); status lists it under `refused`
      if (unsafeStops) throw new DwsError('backend_error', `the drive ${type === 'FILE' ? 'file' : 'folder'} name ${JSON.stringify(name)} under "${at.rel}" cannot be a local file name; nothing was transferred`, 'rename it on the drive, or run on a folder without it');
      tree.unsafe.push({ rel, reason: `the drive ${type === 'FILE' ? 'file' : 'folder'} name ${JSON.stringify(name)} cannot be a local file name` });
      return undefined;
    }
    if (tree.files.has(rel) || tree.folders.has(rel)) throw malformed(`two entries at "${rel}"`);
    if (++items > bounds.maxItems) throw tooLarge('drive folder', bounds.maxItems, 'files and folders');
    const id = firstString(item, ID_KEYS);
    if (id === undefined) throw malformed(`the entry at "${rel}" has no id`);
    if (type === 'FOLDER') {
      tree.folders.set(rel, id);
      if (at.depth + 1 > bounds.maxDepth) throw tooLarge('drive folder', bounds.maxDepth, 'levels of folders');
      return { id, rel, depth: at.depth + 1, name };
    }
    const md5 = firstString(item, ['md5']);
    const size = typeof item.fileSize === 'number' ? item.fileSize : undefined;
    const mtime = remoteTime(item);
    tree.files.set(rel, { rel, id, ...(md5 ? { md5 } : {}), ...(size !== undefined ? { size } : {}), ...(mtime !== undefined ? { mtime } : {}) });
    return undefined;
  };
  await walkFolders(list, { id: rootId, rel: '', depth: 0, name: '' }, { order: 'depth', base: spaceId ? { spaceId } : {}, read: listPage, entry, maxPages: bounds.maxPages });
  return tree;
}

/**
 * Walks a local folder: its regular files and folders (symbolic links and special files are left out, so nothing
 * outside the folder is read), in code point order, parents before children. A name that cannot be a drive file
 * name is recorded in `unsafe` (push and sync refuse it before any write); with `namesAsIs` (status) it is walked
 * like any other, as upstream's walkLocalTree checks no local name (helpers/drive_status.go:483-542@c7521c1c).
 */
export async function walkLocal(root: string, bounds: WalkBounds, namesAsIs = false): Promise<LocalTree> {
  const tree: LocalTree = { files: new Map(), dirs: [], unsafe: [], temps: [] };
  let items = 0;
  const walk = async (base: string, depth: number): Promise<void> => {
    if (depth > bounds.maxDepth) throw tooLarge('local folder', bounds.maxDepth, 'levels of folders');
    const entries = (await fs.readdir(path.join(root, ...base.split('/').filter(Boolean)), { withFileTypes: true }))
      .sort((a, b) => byCodePoint(a.name, b.name));
    for (const e of entries) {
      if (!e.isDirectory() && !e.isFile()) continue;
      const rel = joinRel(base, e.name);
      if (e.isFile() && tempOwner(e.name) !== undefined) {
        tree.temps.push(rel);
        continue;
      }
      if (!namesAsIs && !safeSegment(e.name)) {
        tree.unsafe.push({ rel, reason: `the local name ${JSON.stringify(e.name)} cannot be a drive file name` });
        continue;
      }
      if (++items > bounds.maxItems) throw tooLarge('local folder', bounds.maxItems, 'files and folders');
      if (e.isDirectory()) {
        tree.dirs.push(rel);
        await walk(rel, depth + 1);
        continue;
      }
      const st = await fs.lstat(path.join(root, ...rel.split('/')));
      tree.files.set(rel, { rel, size: st.size, mtime: Math.trunc(st.mtimeMs) });
    }
  };
  await walk('', 0);
  tree.dirs.sort(byCodePoint);
  return tree;
}

export type Verdict = 'unchanged' | 'modified' | 'unknown';

/**
 * Both sides hold the file. --quick: unchanged only when the drive gives a time equal to the local one to the
 * millisecond. Exact: the base64 MD5s; without a drive MD5 the file is `unknown` (neither side can be trusted).
 */
export function verdict(quick: boolean, local: { mtime: number; md5?: string }, remote: RemoteFile): Verdict {
  if (quick) return remote.mtime !== undefined && remote.mtime === local.mtime ? 'unchanged' : 'modified';
  if (!remote.md5) return 'unknown';
  return local.md5 === remote.md5 ? 'unchanged' : 'modified';
}

export interface Diff {
  new_local: string[];
  new_remote: string[];
  modified: string[];
  unchanged: string[];
  unknown: string[];
}

/** Sorts every file into one class; `md5Of` is asked only for files on both sides in exact mode with a drive MD5. */
export async function diffTrees(local: ReadonlyMap<string, LocalFile>, remote: ReadonlyMap<string, RemoteFile>, quick: boolean,
  md5Of: (rel: string) => Promise<string>): Promise<Diff> {
  const d: Diff = { new_local: [], new_remote: [], modified: [], unchanged: [], unknown: [] };
  for (const rel of [...local.keys()].sort(byCodePoint)) {
    const r = remote.get(rel);
    if (!r) {
      d.new_local.push(rel);
      continue;
    }
    const l = local.get(rel)!;
    const md5 = !quick && r.md5 ? await md5Of(rel) : undefined;
    d[verdict(quick, { mtime: l.mtime, ...(md5 ? { md5 } : {}) }, r)].push(rel);
  }
  d.new_remote = [...remote.keys()].filter((rel) => !local.has(rel)).sort(byCodePoint);
  return d;
}

export const IF_EXISTS = ['skip', 'smart', 'overwrite'] as const;
export type IfExists = (typeof IF_EXISTS)[number];

/** drive pull: a local file already there is kept (skip), kept unless the drive copy is newer (smart), or replaced. */
export function pullAction(rule: IfExists, local: LocalFile | undefined, remote: RemoteFile): 'download' | 'skip' {
  if (!local || rule === 'overwrite') return 'download';
  if (rule === 'skip') return 'skip';
  return remote.mtime !== undefined && local.mtime >= remote.mtime ? 'skip' : 'download';
}

/** drive push: a drive file already there is kept (skip), kept unless the local copy is newer (smart), or replaced. */
export function pushAction(rule: IfExists, local: LocalFile, remote: RemoteFile | undefined): 'upload' | 'overwrite' | 'skip' {
  if (!remote) return 'upload';
  if (rule === 'skip') return 'skip';
  if (rule === 'smart' && remote.mtime !== undefined && remote.mtime >= local.mtime) return 'skip';
  return 'overwrite';
}

export const ON_CONFLICT = ['skip', 'remote-wins', 'local-wins', 'keep-both', 'ask'] as const;
export type OnConflict = (typeof ON_CONFLICT)[number];

/**
 * The name keep-both gives the local copy: `<stem>.conflict-<last 8 of the drive id>[.n]<ext>` in the same folder.
 * The id is backend data: only its letters, digits, `-` and `_` are kept, and the stem is cut so the name stays
 * within MAX_NAME_BYTES.
 */
export function keptName(rel: string, remoteId: string, n: number): string {
  const [dir, base] = splitRel(rel);
  const dot = base.lastIndexOf('.');
  // the extension from the last `.`, a leading one too, as Go's filepath.Ext (syncKeepBothCandidate, drive_sync.go:577-597@c7521c1c)
  const [stem, ext] = dot >= 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
  const tail = `.conflict-${[...remoteId].slice(-8).join('').replace(/[^\p{L}\p{N}_-]/gu, '_')}${n > 0 ? `.${n}` : ''}${ext}`;
  return joinRel(dir, cutBytes(stem, Math.max(1, MAX_NAME_BYTES - Buffer.byteLength(tail))) + tail);
}
