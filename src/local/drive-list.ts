// `dws drive list` with --depth above 1, --pattern, --latest, --type, --start or --end (docs/drive-folder.md "drive
// list walks"): the drive list plan (catalog/plans/multi-step/drive.yaml drive.list_files) refuses the flag
// combinations upstream refuses, then hands over here. Three shapes, as upstream's drive list body
// (internal/helpers/drive.go:401-582@c7521c1c) picks them:
//   - a walk (--depth above 1, or any of --type/--start/--end; with --workspace also --latest): the folder tree
//     breadth-first through walkFolders (drive-tree.ts), every entry collected, then filtered by name, kind and
//     time, then the latest N or the tree order; printed as {items, maxDepth, truncated, errors} (runDriveListDepth,
//     drive_depth.go:199-343). A drive folder is listed by drive list_files, a doc space's (--workspace) by doc
//     list_nodes: the two routes are data (ROUTES, newDrivePanDepthRoute / newDocDepthRoute, drive_depth.go:125-181);
//   - the latest N of one folder (--latest alone): its pages newest first until N files are found
//     (runDriveListLatest, drive_latest.go:125-200), printed as {items};
//   - one page filtered by name (--pattern alone): the plain list_files call, its answer printed with its item list
//     filtered (callDriveListPageWithPattern, drive_list_filter.go:183-232).
// Every call goes through the run's effects port (journaled; reads may retry).
import { DwsError, type Reason } from '../errors.js';
import { byCodePoint } from '../text/order.js';
import { parseLayoutsMs } from '../plan/transforms/time.js';
import { DRIVE_PAGE_KEYS, PAGE_SIZE, remoteTime, walkFolders, type Folder, type PageKeys } from './drive-tree.js';
import type { LocalCommand, LocalContext } from './types.js';
import { isObject } from '../json-object.js';
import { trimSpace } from '../text/space.js';
import { goCase } from '../text/go-case.js';

/** Entries a walk collects in all; the one that reaches it ends the walk, marked truncated (driveDepthMaxItems). */
export const WALK_MAX_ITEMS = 2000;
/** Pages of one folder before the folder counts as failed (a cursor loop): 2000 / 50 + 1 (maxPagesPerFolder). */
export const WALK_FOLDER_PAGES = WALK_MAX_ITEMS / PAGE_SIZE + 1;
/** Entries the one-folder latest scan reads at most, and its pages: 1000 and 1000 / 50 + 1 (driveLatestScanMax). */
export const LATEST_SCAN_MAX = 1000;
export const LATEST_MAX_PAGES = LATEST_SCAN_MAX / PAGE_SIZE + 1;
/** The backend's rate-limit answer code: the folder is listed once more, from the failed page. */
export const RATE_LIMITED = 'invalidRequest.rateLimited';
/** Failures that would fail every later folder the same way: the walk ends with them (driveDepthUnrecoverable). */
const UNRECOVERABLE: ReadonlySet<Reason> = new Set(['auth_failed', 'gateway_auth_expired', 'not_authenticated', 'token_expired', 'untrusted_endpoint',
  'unknown_server', 'not_configured', 'transport_error', 'journal_unwritable', 'agent_scope_required', 'request_cancelled']);

// ── filters ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** --type/--start/--end as the walk applies them; `active` when any of them was given (not blank). */
export interface ListFilter {
  kind?: 'file' | 'folder';
  startMs?: number;
  endMs?: number;
}
export const filterActive = (f: ListFilter) => f.kind !== undefined || f.startMs !== undefined || f.endMs !== undefined;

/** The time layouts --start/--end take after the relative forms (parseISO8601ToMillis, agoal.go:579-597@c7521c1c). */
const LIST_TIME_LAYOUTS = ['2006-01-02T15:04:05Z07:00', '2006-01-02T15:04:05', '2006-01-02 15:04:05', '2006-01-02'] as const;
const UNIT_MS: Record<string, number> = { h: 3600_000, d: 86_400_000, w: 604_800_000 };

/**
 * A --start/--end text (trimmed) -> epoch ms: `<n>h`, `<n>d` or `<n>w` (n a whole number above 0, a sign allowed, as
 * Go's strconv.Atoi reads it) counts back from `now`; else RFC 3339, or `YYYY-MM-DDTHH:mm:ss`, `YYYY-MM-DD HH:mm:ss`
 * or `YYYY-MM-DD` at Asia/Shanghai (parseDriveListTime / parseDriveRelativeTimeAgo, drive_list_filter.go:118-156).
 * Epoch numbers and a minutes unit are not times here. Undefined when the text is none of these.
 */
export function listTimeMs(text: string, now: number): number | undefined {
  const s = trimSpace(text);
  if (s.length >= 2 && Object.hasOwn(UNIT_MS, s[s.length - 1]) && /^[+-]?\d+$/u.test(s.slice(0, -1))) {
    const n = Number(s.slice(0, -1));
    if (n > 0 && n <= Number.MAX_SAFE_INTEGER) return now - n * UNIT_MS[s[s.length - 1]];
  }
  return parseLayoutsMs(s, LIST_TIME_LAYOUTS);
}

/** The filter the flags give; a time that reads as none, or a start after the end, is refused (parseDriveListFilter). */
export function listFilter(values: Record<string, unknown>, now: number): ListFilter {
  // Go's strings.TrimSpace and strings.ToLower (drive_list_filter.go:43-53@c7521c1c): U+0085 is space and U+FEFF is not,
  // and `İ` lowers to `i` alone, so `FİLE` is file (h56-a2; before, JavaScript's trim and lower case refused both)
  const text = (flag: string) => (typeof values[flag] === 'string' ? trimSpace(values[flag] as string) : '');
  const f: ListFilter = {};
  const kind = goCase(text('type'), 'lower');
  if (kind !== '') {
    if (kind !== 'file' && kind !== 'folder') throw new DwsError('invalid_parameter', `--type must be file or folder, not ${JSON.stringify(text('type'))}`);
    f.kind = kind;
  }
  for (const [flag, key] of [['start', 'startMs'], ['end', 'endMs']] as const) {
    if (text(flag) === '') continue;
    const ms = listTimeMs(text(flag), now);
    if (ms === undefined) {
      throw new DwsError('invalid_parameter', `--${flag} ${JSON.stringify(text(flag))} is not a time dws reads here`,
        'give a relative time such as 24h, 7d or 2w, an RFC 3339 time such as 2026-08-01T00:00:00+08:00, 2026-08-01 08:00:00 (Asia/Shanghai) or 2026-08-01; epoch numbers and minutes are not taken');
    }
    f[key] = ms;
  }
  if (f.startMs !== undefined && f.endMs !== undefined && f.startMs > f.endMs) {
    throw new DwsError('invalid_parameter', `--start ${JSON.stringify(text('start'))} is later than --end ${JSON.stringify(text('end'))}`, 'give a start at or before the end');
  }
  return f;
}

/**
 * Go's path/filepath.Match on a POSIX system (`*` any run without `/`, `?` one character but `/`, `[...]` a class
 * with `^` negation and ranges, `\` escaping), or undefined for a malformed pattern (Go's ErrBadPattern, checked
 * over the whole pattern as Go does before answering false).
 */
export function goPathMatch(pattern: string, name: string): boolean | undefined {
  let pat = [...pattern];
  let s = [...name];
  const scanChunk = (p: string[]): [boolean, string[], string[]] => {
    let star = false;
    while (p.length && p[0] === '*') {
      p = p.slice(1);
      star = true;
    }
    let inRange = false;
    let i = 0;
    for (; i < p.length; i++) {
      if (p[i] === '\\') {
        if (i + 1 < p.length) i++;
      } else if (p[i] === '[') inRange = true;
      else if (p[i] === ']') inRange = false;
      else if (p[i] === '*' && !inRange) break;
    }
    return [star, p.slice(0, i), p.slice(i)];
  };
  const BAD = Symbol('bad');
  const getEsc = (c: string[]): [string, string[]] | typeof BAD => {
    if (!c.length || c[0] === '-' || c[0] === ']') return BAD;
    if (c[0] === '\\') {
      c = c.slice(1);
      if (!c.length) return BAD;
    }
    const rest = c.slice(1);
    return rest.length ? [c[0], rest] : BAD;
  };
  /** matchChunk: the rest of `str` after the chunk, false when it does not match, BAD when the chunk is malformed. */
  const matchChunk = (chunk: string[], str: string[]): string[] | false | typeof BAD => {
    let failed = false;
    while (chunk.length) {
      if (!failed && !str.length) failed = true;
      const c = chunk[0];
      if (c === '[') {
        let r = -1;
        if (!failed) {
          r = str[0].codePointAt(0)!;
          str = str.slice(1);
        }
        chunk = chunk.slice(1);
        let negated = false;
        if (chunk.length && chunk[0] === '^') {
          negated = true;
          chunk = chunk.slice(1);
        }
        let match = false;
        let ranges = 0;
        for (;;) {
          if (chunk.length && chunk[0] === ']' && ranges > 0) {
            chunk = chunk.slice(1);
            break;
          }
          const lo = getEsc(chunk);
          if (lo === BAD) return BAD;
          let hi = lo[0];
          chunk = lo[1];
          if (chunk[0] === '-') {
            const h = getEsc(chunk.slice(1));
            if (h === BAD) return BAD;
            hi = h[0];
            chunk = h[1];
          }
          if (lo[0].codePointAt(0)! <= r && r <= hi.codePointAt(0)!) match = true;
          ranges++;
        }
        if (match === negated) failed = true;
      } else if (c === '?') {
        if (!failed) {
          if (str[0] === '/') failed = true;
          str = str.slice(1);
        }
        chunk = chunk.slice(1);
      } else {
        if (c === '\\') {
          chunk = chunk.slice(1);
          if (!chunk.length) return BAD;
        }
        if (!failed) {
          if (chunk[0] !== str[0]) failed = true;
          str = str.slice(1);
        }
        chunk = chunk.slice(1);
      }
    }
    return failed ? false : str;
  };
  const restValid = (p: string[]): boolean => {
    while (p.length) {
      const [, chunk, rest] = scanChunk(p);
      p = rest;
      if (matchChunk(chunk, []) === BAD) return false;
    }
    return true;
  };
  outer: while (pat.length) {
    const [star, chunk, rest] = scanChunk(pat);
    pat = rest;
    if (star && !chunk.length) return !s.includes('/');
    const t = matchChunk(chunk, s);
    if (t !== false && t !== BAD && (t.length === 0 || pat.length > 0)) {
      s = t;
      continue;
    }
    if (t === BAD) return undefined;
    if (star) {
      for (let i = 0; i < s.length && s[i] !== '/'; i++) {
        const u = matchChunk(chunk, s.slice(i + 1));
        if (u !== false && u !== BAD) {
          if (pat.length === 0 && u.length > 0) continue;
          s = u;
          continue outer;
        }
        if (u === BAD) return undefined;
      }
    }
    return restValid(pat) ? false : undefined;
  }
  return s.length === 0;
}

/**
 * Whether an entry name matches --pattern (matchDriveNamePattern, drive_depth.go:690-703): a pattern without `*`, `?`
 * or `[` matches as `*<pattern>*`; a malformed one falls back to "the name contains the pattern".
 */
export function nameMatches(name: string, pattern: string): boolean {
  if (pattern === '') return true;
  const glob = /[*?[]/u.test(pattern) ? pattern : `*${pattern}*`;
  return goPathMatch(glob, name) ?? name.includes(pattern);
}

// ── entries ─────────────────────────────────────────────────────────────────────────────────────────────────────

type Entry = Record<string, unknown>;

/** A drive folder entry: its type or dentryType is FOLDER in any case (isDriveDepthFolder). */
const isFolder = (e: Entry) => ['type', 'dentryType'].some((k) => typeof e[k] === 'string' && (e[k] as string).toUpperCase() === 'FOLDER');
/** A doc space folder entry: its nodeType is folder in any case (isDocDepthFolder, drive_depth.go:713-716@c7521c1c). */
const isDocFolder = (e: Entry) => typeof e.nodeType === 'string' && e.nodeType.toLowerCase() === 'folder';
const entryName = (e: Entry) => (typeof e.name === 'string' && e.name !== '' ? e.name : typeof e.fileName === 'string' ? e.fileName : '');
const entryId = (e: Entry) => ['fileId', 'nodeId'].map((k) => e[k]).find((v): v is string => typeof v === 'string' && v !== '') ?? '';

/**
 * One list_files answer read as upstream's walk reads it (parseDriveDepthPage, drive_depth.go:651-678): the list
 * under `items` or `dentryList`, at the top or under `result`; its objects; nextToken; hasMore only when true. An
 * answer that is not an object holds no entries. An answer naming an errorCode without a list failed (the backend's
 * rate-limit answer comes as such a body).
 */
export function walkPage(answer: unknown): { items: Entry[]; next?: string; hasMore: boolean; list?: Entry } {
  const obj = (v: unknown): Entry | undefined => (isObject(v) ? v : undefined);
  const body = obj(answer);
  if (!body) return { items: [], hasMore: false };
  const keyOf = (m: Entry) => ['items', 'dentryList'].find((k) => Array.isArray(m[k]));
  const inner = obj(body.result);
  const target = inner && keyOf(inner) ? inner : body;
  const key = keyOf(target);
  if (!key) {
    const code = ['errorCode', 'error_code', 'code'].map((k) => body[k]).find((v): v is string => typeof v === 'string' && v !== '');
    if (code) throw new DwsError('business_error', `list_files on the "drive" server failed: ${code}: ${String(body.errorMsg ?? body.message ?? 'no message')}`);
    return { items: [], hasMore: false };
  }
  const items = (target[key] as unknown[]).filter((x): x is Entry => obj(x) !== undefined);
  const next = typeof target.nextToken === 'string' && target.nextToken !== '' ? target.nextToken : undefined;
  return { items, ...(next !== undefined ? { next } : {}), hasMore: target.hasMore === true, list: target };
}

/**
 * One doc list_nodes answer read as upstream's walk reads it (parseDocDepthPage, drive_depth.go:695-711@c7521c1c):
 * the objects of the top-level `nodes`, nextPageToken, hasMore only when true. An answer without a `nodes` list
 * naming an errorCode failed (as walkPage reads a list_files one); any other holds no entries.
 */
export function docPage(answer: unknown): { items: Entry[]; next?: string; hasMore: boolean } {
  if (!isObject(answer)) return { items: [], hasMore: false };
  const body = answer;
  if (!Array.isArray(body.nodes)) {
    const code = ['errorCode', 'error_code', 'code'].map((k) => body[k]).find((v): v is string => typeof v === 'string' && v !== '');
    if (code) throw new DwsError('business_error', `list_nodes on the "doc" server failed: ${code}: ${String(body.errorMsg ?? body.message ?? 'no message')}`);
    return { items: [], hasMore: false };
  }
  const items = (body.nodes as unknown[]).filter((x): x is Entry => isObject(x));
  const next = typeof body.nextPageToken === 'string' && body.nextPageToken !== '' ? body.nextPageToken : undefined;
  return { items, ...(next !== undefined ? { next } : {}), hasMore: body.hasMore === true };
}

/**
 * How a walk lists one folder page of its route (driveDepthRoute, drive_depth.go:105-181@c7521c1c): the call, its
 * argument names, how a page is read, whether `hasMore: false` ends the folder even with a token (list_nodes says
 * so; list_files does not), which entries are folders to enter and the id they are entered by.
 */
interface Route {
  server: string;
  rpc: string;
  keys: PageKeys;
  page: (answer: unknown) => { items: Entry[]; next?: string; hasMore: boolean };
  hasMoreEnds: boolean;
  isFolder: (e: Entry) => boolean;
  id: (e: Entry) => string;
}
const textOf = (e: Entry, key: string) => (typeof e[key] === 'string' ? e[key] as string : '');
const ROUTES: Record<'drive' | 'doc', Route> = {
  drive: { server: 'drive', rpc: 'list_files', keys: DRIVE_PAGE_KEYS, page: walkPage, hasMoreEnds: false, isFolder, id: (e) => textOf(e, 'fileId') },
  doc: { server: 'doc', rpc: 'list_nodes', keys: { size: 'pageSize', folder: 'folderId', token: 'pageToken' }, page: docPage, hasMoreEnds: true, isFolder: isDocFolder, id: (e) => textOf(e, 'nodeId') },
};

/** A walk's failed folder as printed in `errors` (driveDepthError). */
export interface WalkError {
  depth: number;
  folderId: string;
  folderName: string;
  reason: 'rate_limited' | 'permission_denied' | 'api_error';
  message: string;
}

/** The backend code a failure names: the rate-limit code, else a forbidden.* code (classifyDriveDepthReason's order). */
function walkReason(err: unknown): WalkError['reason'] {
  const text = err instanceof Error ? err.message : String(err);
  if (text.includes(RATE_LIMITED)) return 'rate_limited';
  if (/(^|[^\w.])forbidden\.[\w.-]+/u.test(text)) return 'permission_denied';
  return 'api_error';
}

// ── the three shapes ────────────────────────────────────────────────────────────────────────────────────────────

interface Options {
  /** --workspace: the walk lists that doc space through list_nodes (drive.go:459-474@c7521c1c). */
  workspace: string;
  folder: string;
  base: Record<string, unknown>;
  depth: number;
  pattern: string;
  latest: number;
  filter: ListFilter;
}

function options(ctx: LocalContext): Options {
  const v = ctx.values;
  const str = (flag: string) => (typeof v[flag] === 'string' ? (v[flag] as string) : '');
  const now = ctx.now?.().getTime() ?? Date.now();
  const base: Record<string, unknown> = {
    ...(str('space-id') ? { spaceId: str('space-id') } : {}),
    ...(str('order-by') ? { orderBy: str('order-by') } : {}),
    ...(str('order') ? { order: str('order') } : {}),
    ...(v.thumbnail === true ? { withThumbnail: true } : {}),
  };
  return {
    workspace: str('workspace'), folder: str('folder'), base, depth: typeof v.depth === 'number' ? v.depth : 1, pattern: str('pattern'),
    latest: typeof v.latest === 'number' ? v.latest : 0, filter: listFilter(v, now),
  };
}

const list = (ctx: LocalContext, route: Route = ROUTES.drive) => (args: Record<string, unknown>, page: number) =>
  ctx.effects.call({ server: route.server, rpc: route.rpc, args, replayable: true, step: 0, page });

/**
 * The walk: every folder down to --depth levels breadth-first, then filtered, ordered and printed (runDriveListDepth).
 * A drive folder's pages carry the sort and space flags; a doc space's only its workspaceId (drive.go:463-474: the
 * others have no list_nodes counterpart and are not sent).
 */
async function walk(ctx: LocalContext, o: Options): Promise<unknown> {
  const route = o.workspace ? ROUTES.doc : ROUTES.drive;
  const collected: Entry[] = [];
  const errors: WalkError[] = [];
  const visited = new Set<string>(o.folder ? [o.folder] : []);
  let fatal: DwsError | undefined;
  const walked = walkFolders(list(ctx, route), { id: o.folder, rel: '', depth: 0, name: '' }, {
    order: 'breadth',
    base: o.workspace ? { workspaceId: o.workspace } : o.base,
    keys: route.keys,
    // the walk's own messages name the call it really makes (doc list_nodes on the --workspace route)
    call: `${route.server} ${route.rpc}`,
    folderPages: WALK_FOLDER_PAGES,
    read: (answer) => {
      const page = route.page(answer);
      if (page.hasMore && page.next === undefined) {
        // the entries of the page are taken; the folder then counts as failed (it may hold more)
        return { items: page.items, broken: new DwsError('backend_error', `${route.rpc} said hasMore without a next page token: the folder may hold more entries`) };
      }
      // list_nodes' hasMore is the last word: false ends the folder whatever the token (hasMoreAuthoritative)
      return route.hasMoreEnds && !page.hasMore ? { items: page.items } : page;
    },
    entry: (item, at) => {
      const name = typeof item.name === 'string' ? item.name : '';
      const rel = at.rel === '' ? name : `${at.rel}/${name}`;
      Object.assign(item, { depth: at.depth + 1, parentId: at.id, rel_path: rel });
      collected.push(item);
      if (collected.length >= WALK_MAX_ITEMS) return 'stop';
      const id = route.id(item);
      if (!route.isFolder(item) || at.depth + 1 >= o.depth || id === '' || visited.has(id)) return undefined;
      visited.add(id);
      return { id, rel, depth: at.depth + 1, name };
    },
    failed: (folder: Folder, err) => {
      const reason = walkReason(err);
      const record = () => errors.push({ depth: folder.depth, folderId: folder.id, folderName: folder.name, reason, message: err instanceof Error ? err.message : String(err) });
      if (err instanceof DwsError && UNRECOVERABLE.has(err.reason)) {
        // the walk ends; without --latest what was collected is kept, this folder in errors (drive_depth.go:300-313)
        if (o.latest === 0) {
          record();
          fatal = err;
        }
        throw err;
      }
      if (reason === 'rate_limited' && !folder.retried) return 'retry';
      if (folder.depth === 0 && collected.length === 0) throw err;
      record();
      return 'skip';
    },
  });
  const stopped = await walked.then((w) => w.stopped, (e: unknown) => {
    if (!fatal) throw e;
    // upstream prints the partial listing on stdout, then exits with the failure; here nothing is printed and the
    // failure carries that listing in its `details` (SPEC 4.5)
    throw new DwsError(fatal.reason, `${fatal.message} (the walk stopped; what it listed is in details)`, fatal.hint, { ...fatal.payload, details: listing(o, route, collected, errors, false) });
  });
  if (o.latest > 0 && (stopped || errors.length)) throw incomplete(o, stopped, errors);
  return listing(o, route, collected, errors, stopped);
}

/** What a walk prints (emitDriveDepthResult, drive_depth.go:549-609@c7521c1c): name, kind and time filters, the latest N or the tree order, {items, maxDepth, truncated, errors}. */
function listing(o: Options, route: Route, collected: Entry[], errors: WalkError[], stopped: boolean): unknown {
  let items = collected.filter((e) => nameMatches(entryName(e), o.pattern));
  items = items.filter((e) => kept(e, o.filter, route));
  if (o.latest > 0) items = newest(items, o.latest, o.filter.kind === 'folder');
  else items.sort((a, b) => byCodePoint(String(a.rel_path), String(b.rel_path)) || byCodePoint(entryId(a), entryId(b)));
  const maxDepth = items.reduce((m, e) => Math.max(m, e.depth as number), 0);
  const shown = items.map((e) => {
    if (o.depth > 1) return e;
    const { depth: _d, parentId: _p, rel_path: _r, ...rest } = e;
    return rest;
  });
  return { items: shown, maxDepth, truncated: stopped, errors };
}

/** Whether an entry passes --type (the route's folder test) and --start/--end (applyDriveListFilter): an entry without a time fails a time bound. */
function kept(e: Entry, f: ListFilter, route: Route): boolean {
  if (f.kind !== undefined && (f.kind === 'folder') !== route.isFolder(e)) return false;
  if (f.startMs === undefined && f.endMs === undefined) return true;
  const t = remoteTime(e);
  if (t === undefined) return false;
  return (f.startMs === undefined || t >= f.startMs) && (f.endMs === undefined || t <= f.endMs);
}

/**
 * The latest N files (or folders, with --type folder): newest first, then by path, then by id (applyDriveListLatest,
 * drive_latest.go:52-77); an entry without a time counts as oldest. A folder of either route counts as a folder.
 */
export function newest(items: Entry[], n: number, folders: boolean): Entry[] {
  const time = (e: Entry) => remoteTime(e) ?? 0;
  return items.filter((e) => (isFolder(e) || isDocFolder(e)) === folders)
    .sort((a, b) => time(b) - time(a) || byCodePoint(String(a.rel_path ?? ''), String(b.rel_path ?? '')) || byCodePoint(entryId(a), entryId(b)))
    .slice(0, n);
}

/** A latest N the walk cannot stand behind: a folder failed, or the entry bound cut it (driveLatestIncompleteError). */
function incomplete(o: Options, truncated: boolean, errors: WalkError[]): DwsError {
  const causes: string[] = [];
  if (errors.length) {
    const e = errors[0];
    causes.push(`${errors.length} folder(s) could not be read in full (first: ${JSON.stringify(e.folderName || e.folderId || '<root>')} at depth ${e.depth}, ${e.reason}: ${e.message})`);
  }
  if (truncated) causes.push(`the walk stopped at its bound of ${WALK_MAX_ITEMS} entries`);
  return new DwsError('pages_incomplete', `drive list --latest ${o.latest}: ${causes.join('; and ')}; entries not read may be newer, so no latest ${o.latest} is printed`,
    errors.length && o.depth > 1
      ? `check the folder's permission and run again, list a readable subfolder with --folder, or drop --latest to get the partial listing with its errors (--depth ${o.depth})`
      : 'list a subfolder with --folder, or a smaller --depth, and run again');
}

/** The latest N files of one folder: its pages newest first until N are found (runDriveListLatest). */
async function latestOfFolder(ctx: LocalContext, o: Options): Promise<unknown> {
  const found: Entry[] = [];
  let scanned = 0;
  let pages = 0;
  const base: Record<string, unknown> = { orderBy: 'modifyTime', order: 'desc', ...(o.base.spaceId ? { spaceId: o.base.spaceId } : {}), ...(o.base.withThumbnail ? { withThumbnail: true } : {}) };
  await walkFolders(list(ctx), { id: o.folder, rel: '', depth: 0, name: '' }, {
    order: 'breadth',
    base,
    read: (answer) => {
      pages++;
      const page = walkPage(answer);
      return { items: page.items, ...(page.next !== undefined ? { next: page.next } : {}) };
    },
    entry: (item) => {
      scanned++;
      if (found.length >= o.latest || isFolder(item) || !nameMatches(entryName(item), o.pattern)) return undefined;
      found.push(item);
      return undefined;
    },
    more: () => found.length < o.latest && scanned < LATEST_SCAN_MAX && pages < LATEST_MAX_PAGES,
  });
  return { items: found };
}

/** One page filtered by --pattern: the answer as it came, its item list (items or dentryList) keeping matching entries. */
async function patternPage(ctx: LocalContext, o: Options): Promise<unknown> {
  const v = ctx.values;
  const args: Record<string, unknown> = {
    maxResults: v.limit, ...(o.base.spaceId ? { spaceId: o.base.spaceId } : {}), ...(o.folder ? { parentId: o.folder } : {}),
    ...(typeof v.cursor === 'string' && v.cursor !== '' ? { nextToken: v.cursor } : {}),
    ...(o.base.orderBy ? { orderBy: o.base.orderBy } : {}), ...(o.base.order ? { order: o.base.order } : {}), ...(o.base.withThumbnail ? { withThumbnail: true } : {}),
  };
  const answer = await ctx.effects.call({ server: 'drive', rpc: 'list_files', args, replayable: true, step: 0 });
  const { list: target } = (() => {
    try {
      return walkPage(answer);
    } catch {
      return { list: undefined };
    }
  })();
  if (target) {
    const key = Array.isArray(target.items) ? 'items' : 'dentryList';
    target[key] = (target[key] as unknown[]).filter((x) => typeof x !== 'object' || x === null || Array.isArray(x) || nameMatches(entryName(x as Entry), o.pattern));
  }
  return answer;
}

const driveList: LocalCommand = async (ctx) => {
  const o = options(ctx);
  // drive.go:465, :500@c7521c1c: with --workspace, --latest alone also takes the walk (the drive's newest-first scan is the drive branch's only)
  if (o.depth > 1 || filterActive(o.filter) || (o.workspace !== '' && o.latest > 0)) return walk(ctx, o);
  if (o.latest > 0) return latestOfFolder(ctx, o);
  return patternPage(ctx, o);
};
/** Runs under drive list's own ToolSpec (a hand-over routine, not a catalog leaf). */
driveList.routine = true;

export const driveListCommands: Record<string, LocalCommand> = {
  'drive.list_walk': driveList,
};
