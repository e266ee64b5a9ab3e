// `dws drive status|pull|push|sync` through dispatch against the recording MCP backend (127.0.0.1): a drive tree
// served page by page from canned folders, downloads from its /files/ URLs, uploads recorded at its /upload/ URLs,
// and a real journal. Local folders live in a temporary file root.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { ROOT, dispatchInProcess, runCli, shippedEngine } from '../helpers.js';
import { useMcpServer, recordingEnv } from '../fixtures/mcp/server.js';
import { followedUpstream } from '../../scripts/lib/upstream.mjs';

const mcp = useMcpServer();
let root: string;
let journal: string;


/** Drive folders by id: their entries, served `pageSize` per page with cursors "<folder>:<offset>". */
let folders: Record<string, Record<string, unknown>[]>;
let pageSize: number;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'dws-drive-root-'));
  journal = path.join(mkdtempSync(path.join(tmpdir(), 'dws-drive-journal-')), 'journal.jsonl');
  folders = {};
  pageSize = 50;
  mcp.answers = {
    'drive/list_files': (args) => {
      const all = folders[String(args.parentId)] ?? [];
      const offset = typeof args.nextToken === 'string' ? Number(args.nextToken.split(':')[1]) : 0;
      const end = offset + pageSize;
      return { result: { items: all.slice(offset, end), ...(end < all.length ? { nextToken: `${String(args.parentId)}:${end}`, hasMore: true } : { hasMore: false }) } };
    },
    'drive/download_file': (args) => ({ result: { downloadUrl: `${mcp.base}/files/${String(args.fileId)}` } }),
    'drive/create_folder': (args) => ({ result: { fileId: `new-${String(args.name)}` } }),
    'drive/get_upload_info': (args) => ({ result: { uploadId: `up-${String(args.fileName)}`, resourceUrls: [{ url: `${mcp.base}/upload/${String(args.fileName)}`, headers: { 'x-upload-sign': 'sig' } }] } }),
    'drive/commit_upload': (args) => ({ result: { fileId: `f-${String(args.fileName)}` } }),
  };
});

const md5 = (text: string) => createHash('md5').update(text).digest('base64');
const T0 = 1_700_000_000_000;

/** A drive file entry (its bytes served at /files/<id>) and a folder entry. */
function file(id: string, name: string, text: string, o: { md5?: boolean; mtime?: number } = {}): Record<string, unknown> {
  mcp.files[id] = Buffer.from(text);
  return { type: 'FILE', name, fileId: id, fileSize: text.length, ...(o.md5 === false ? {} : { md5: md5(text) }), modifiedTime: o.mtime ?? T0 };
}
const folder = (id: string, name: string) => ({ type: 'FOLDER', name, fileId: id });

function local(rel: string, text: string, mtime = T0): void {
  const p = path.join(root, 'work', rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, text);
  utimesSync(p, new Date(mtime), new Date(mtime));
}
const read = (rel: string) => readFileSync(path.join(root, 'work', rel), 'utf8');

const env = () => ({ ...recordingEnv(mcp.urlTemplate, 'tok-drive'), DWS_FILE_ROOT: root, DWS_JOURNAL: journal });

/** The parsed output of a run, or its error (with any output printed before it). */
async function run(argv: string[]): Promise<{ out?: unknown; error?: DwsError }> {
  const { out, error } = await dispatchInProcess(argv, env());
  if (error) return { error, ...(out ? { out } : {}) };
  return { out: JSON.parse(out) };
}

/** The flags of a walk: --local-folder as upstream takes it, an absolute path (validateLocalDirAbs), of `work` in the file root. */
const folderArgs = () => ['--local-folder', path.join(root, 'work'), '--remote-folder', 'root'];
const calls = () => mcp.calls.map((c) => `${c.name}${c.name === 'list_files' ? `(${String(c.arguments.parentId)}${c.arguments.nextToken ? ' ' + String(c.arguments.nextToken) : ''})` : ''}`);
/** The answered calls (each call's sent record before it is left out). */
const records = () => readFileSync(journal, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { rpc: string; server: string; step: number; page?: number; outcome: string; canonical_path: string })
  .filter((r) => r.outcome !== 'sent');
/** The stderr envelope of a failed run, parsed: `{details?, error: {category, reason, message, hint?}}`. */
const envelope = (e: DwsError | undefined) => JSON.parse(e!.envelope()) as { details?: unknown; error: { category: string; reason: string; message: string } };
/** An item's `error`: dws's own message (upstream prints its err.Error() text there). */
const text = (pattern: RegExp) => expect.stringMatching(pattern) as unknown as string;

describe('drive status', () => {
  it('sorts every file into new_local, new_remote, modified, unchanged or unknown, walking subfolders by id and every page', async () => {
    pageSize = 2;
    folders.root = [file('f1', 'same.txt', 'same'), file('f2', 'changed.txt', 'drive side'), folder('d1', 'sub'), file('f3', 'remote-only.txt', 'r'),
      file('f4', 'nomd5.txt', 'x', { md5: false }), { type: 'DOC', name: 'online doc', fileId: 'doc1' }];
    folders.d1 = [file('f5', 'deep.txt', 'deep')];
    local('same.txt', 'same');
    local('changed.txt', 'local side');
    local('local-only.txt', 'l');
    local('nomd5.txt', 'x');
    local('sub/deep.txt', 'deep');
    const r = await run(['drive', 'status', ...folderArgs()]);
    expect(r.out).toEqual({
      result: {
        detection: 'exact',
        new_local: [{ rel_path: 'local-only.txt' }],
        new_remote: [{ rel_path: 'remote-only.txt' }],
        modified: [{ rel_path: 'changed.txt' }],
        unchanged: [{ rel_path: 'same.txt' }, { rel_path: 'sub/deep.txt' }],
        unknown: [{ rel_path: 'nomd5.txt' }],
        refused: [],
      },
    });
    // Three pages of the root (cursors followed), the subfolder entered by its id; arguments as upstream sends them.
    expect(calls()).toEqual(['list_files(root)', 'list_files(root root:2)', 'list_files(d1)', 'list_files(root root:4)']);
    expect(mcp.calls[0].arguments).toEqual({ maxResults: 50, parentId: 'root' });
    expect(records().map((x) => [x.rpc, x.step, x.page, x.outcome])).toEqual([['list_files', 0, 0, 'ok'], ['list_files', 0, 1, 'ok'], ['list_files', 0, 2, 'ok'], ['list_files', 0, 3, 'ok']]);
  });

  it('--quick compares modification times to the millisecond and sends --space-id', async () => {
    folders.root = [file('f1', 'a.txt', 'drive', { mtime: T0 }), file('f2', 'b.txt', 'same', { mtime: T0 + 1 })];
    local('a.txt', 'different bytes', T0);
    local('b.txt', 'same', T0);
    const r = await run(['drive', 'status', ...folderArgs(), '--quick', '--space-id', 'sp1']);
    expect(r.out).toMatchObject({ result: { detection: 'quick', unchanged: [{ rel_path: 'a.txt' }], modified: [{ rel_path: 'b.txt' }], unknown: [] } });
    expect(mcp.calls[0].arguments).toEqual({ maxResults: 50, parentId: 'root', spaceId: 'sp1' });
  });

  it('reports drive names that cannot be local file names as refused, and never enters such a folder', async () => {
    folders.root = [file('f1', '..', 'x'), folder('d1', 'a/b'), file('f2', 'ok.txt', 'ok')];
    folders.d1 = [file('f3', 'inside.txt', 'never listed')];
    mkdirSync(path.join(root, 'work'));
    const r = await run(['drive', 'status', ...folderArgs()]);
    expect((r.out as { result: { refused: { rel_path: string }[]; new_remote: unknown[] } }).result).toMatchObject({
      new_remote: [{ rel_path: 'ok.txt' }], refused: [{ rel_path: '..' }, { rel_path: 'a/b' }],
    });
    expect(calls()).toEqual(['list_files(root)']);
  });

  // p-odds: upstream's validateLocalDirAbs (drive_status.go:364-373@c7521c1c) refuses a path that is not absolute, in
  // pull (drive_pull.go:199), push (drive_push.go:131), sync (drive_sync.go:147) and status (drive_status.go:650)
  it('refuses a relative --local-folder in pull, push, sync and status, before any call, even when it names a folder in the file root', async () => {
    mkdirSync(path.join(root, 'work'));
    for (const command of ['pull', 'push', 'sync', 'status']) {
      for (const given of ['work', './work', '.']) {
        const r = await run(['drive', command, '--local-folder', given, '--remote-folder', 'root', '--yes']);
        expect({ command, given, reason: r.error?.reason, message: r.error?.message }).toEqual({ command, given, reason: 'invalid_parameter', message: `--local-folder must be an absolute path, not "${given}"` });
      }
    }
    expect(mcp.calls).toEqual([]);
  });

  it('refuses a local folder outside the file root, a symbolic link, or a missing one, before any call', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'dws-drive-outside-'));
    symlinkSync(outside, path.join(root, 'link'));
    for (const given of [outside, path.join(root, 'link'), path.join(root, 'missing')]) {
      const r = await run(['drive', 'status', '--local-folder', given, '--remote-folder', 'root']);
      expect(r.error?.reason, given).toBe('invalid_parameter');
    }
    expect(mcp.calls).toEqual([]);
  });
});

describe('drive pull', () => {
  beforeEach(() => {
    folders.root = [file('f1', 'new.txt', 'fresh', { mtime: T0 + 5000 }), file('f2', 'old.txt', 'drive newer', { mtime: T0 + 5000 }), folder('d1', 'sub')];
    folders.d1 = [file('f3', 'deep.txt', 'deep')];
  });

  it('needs --yes; --dry-run calls nothing and lists the steps it would take', async () => {
    const refused = await run(['drive', 'pull', ...folderArgs()]);
    expect(refused.error?.reason).toBe('confirmation_required');
    const dry = await run(['drive', 'pull', ...folderArgs(), '--if-exists', 'smart', '--dry-run']);
    expect(mcp.calls).toEqual([]);
    expect(existsSync(path.join(root, 'work'))).toBe(false);
    const plan = dry.out as { dry_run: boolean; local: boolean; steps: { id: string; server?: string; rpc?: string; effect: string; for_each?: string }[] };
    expect(plan.dry_run).toBe(true);
    expect(plan.steps.map((s) => [s.id, s.effect])).toEqual([['list_files', 'read'], ['download_file', 'read'], ['download', 'write']]);
    expect(plan.steps[1].for_each).toContain('--if-exists smart');
  });

  it('skip (the default) keeps existing local files and downloads the rest into place, folders created, times from the drive', async () => {
    local('old.txt', 'mine');
    const r = await run(['drive', 'pull', ...folderArgs(), '--yes']);
    // drivePullResult (drive_pull.go:79-97@c7521c1c): the drive files in code point order, `downloaded` or `skipped`
    expect(r.out).toEqual({
      result: {
        summary: { downloaded: 2, skipped: 1, failed: 0 },
        items: [{ rel_path: 'new.txt', action: 'downloaded' }, { rel_path: 'old.txt', action: 'skipped' }, { rel_path: 'sub/deep.txt', action: 'downloaded' }],
      },
    });
    expect([read('new.txt'), read('old.txt'), read('sub/deep.txt')]).toEqual(['fresh', 'mine', 'deep']);
    expect(statSync(path.join(root, 'work', 'new.txt')).mtimeMs).toBe(T0 + 5000);
    // Temporary files were renamed into place: none is left next to the targets.
    expect(readdirSync(path.join(root, 'work')).sort()).toEqual(['new.txt', 'old.txt', 'sub']);
    expect(calls()).toEqual(['list_files(root)', 'list_files(d1)', 'download_file', 'download_file']);
    expect(records().map((x) => `${x.server}.${x.rpc} ${x.step}`)).toEqual(['drive.list_files 0', 'drive.list_files 0', 'drive.download_file 1', 'http.GET 2', 'drive.download_file 1', 'http.GET 2']);
  });

  it('smart downloads only where the drive copy is newer; overwrite replaces every existing file', async () => {
    local('old.txt', 'mine, older', T0);
    local('new.txt', 'mine, newer', T0 + 9000);
    const smart = await run(['drive', 'pull', ...folderArgs(), '--if-exists', 'smart', '--yes']);
    expect(smart.out).toEqual({
      result: {
        summary: { downloaded: 2, skipped: 1, failed: 0 },
        items: [{ rel_path: 'new.txt', action: 'skipped' }, { rel_path: 'old.txt', action: 'downloaded' }, { rel_path: 'sub/deep.txt', action: 'downloaded' }],
      },
    });
    expect([read('new.txt'), read('old.txt')]).toEqual(['mine, newer', 'drive newer']);
    const over = await run(['drive', 'pull', ...folderArgs(), '--if-exists', 'overwrite', '--yes']);
    expect(over.out).toEqual({
      result: {
        summary: { downloaded: 3, skipped: 0, failed: 0 },
        items: [{ rel_path: 'new.txt', action: 'downloaded' }, { rel_path: 'old.txt', action: 'downloaded' }, { rel_path: 'sub/deep.txt', action: 'downloaded' }],
      },
    });
    expect(read('new.txt')).toBe('fresh');
  });

  it('p-drivesync: a drive name that would escape the local folder ends the walk with nothing downloaded, as upstream\'s remoteMirrorEntryName (drive_status.go:209-225@c7521c1c)', async () => {
    folders.root.push(file('evil', '..', 'escape'), folder('d2', '../up'));
    const r = await run(['drive', 'pull', ...folderArgs(), '--yes']);
    expect(r.error?.reason).toBe('backend_error');
    expect(r.error?.message).toContain('".."');
    expect(mcp.calls.map((c) => c.name)).not.toContain('download_file');
    expect(existsSync(path.join(root, 'escape'))).toBe(false);
    expect(existsSync(path.join(root, 'work', 'new.txt'))).toBe(false);
  });

  it('p-driveout: a failed download leaves no file behind; nothing written, the run is drive_items_failed (exit 1) carrying upstream\'s result in details, nothing on stdout', async () => {
    folders.root = [file('f1', 'a.txt', 'bytes'), file('f2', 'b.txt', 'bee')];
    local('b.txt', 'mine');
    delete mcp.files.f1;
    const r = await run(['drive', 'pull', ...folderArgs(), '--yes']);
    expect(r.out).toBeUndefined();
    expect(r.error?.exitCode).toBe(1);
    // upstream prints this result and exits 1 (drive_pull.go:246-273: a failed item with its error text)
    expect(envelope(r.error)).toEqual({
      details: { summary: { downloaded: 0, skipped: 1, failed: 1 }, items: [{ rel_path: 'a.txt', action: 'failed', error: text(/HTTP 404|not found|404/u) }, { rel_path: 'b.txt', action: 'skipped' }] },
      error: { category: 'backend', reason: 'drive_items_failed', message: 'drive.folder_pull: 1 item(s) failed (see details.items); nothing was written', hint: 'fix or leave out the failed paths (details.items), then run again' },
    });
    expect(readdirSync(path.join(root, 'work'))).toEqual(['b.txt']);
    expect(records().map((x) => `${x.rpc} ${x.outcome}`)).toEqual(['list_files ok', 'download_file ok', 'GET failed']);
  });

  it('refuses an unknown --if-exists before any call', async () => {
    const r = await run(['drive', 'pull', ...folderArgs(), '--if-exists', 'newest', '--yes']);
    expect(r.error?.reason).toBe('invalid_parameter');
    expect(mcp.calls).toEqual([]);
  });

  it('sweep-num: refuses a padded or other-case choice before any call, as upstream\'s exact switch does (drive_pull.go:188-197, drive_push.go:121-130, drive_sync.go:130-139@c7521c1c)', async () => {
    const outcomes = [];
    for (const argv of [
      ['drive', 'pull', ...folderArgs(), '--if-exists', ' smart', '--yes'],
      ['drive', 'pull', ...folderArgs(), '--if-exists', 'SMART', '--yes'],
      ['drive', 'push', ...folderArgs(), '--if-exists', 'overwrite ', '--yes'],
      ['drive', 'sync', ...folderArgs(), '--on-conflict', ' keep-both', '--yes'],
    ]) outcomes.push((await run(argv)).error?.reason);
    expect(outcomes).toEqual(['invalid_parameter', 'invalid_parameter', 'invalid_parameter', 'invalid_parameter']);
    expect(mcp.calls).toEqual([]);
  });
});

describe('drive push', () => {
  it('creates missing folders parents first, each new id the parent of its children, and uploads the bytes', async () => {
    folders.root = [folder('d1', 'have'), file('f1', 'exists.txt', 'drive')];
    folders.d1 = [];
    local('exists.txt', 'mine');
    local('top.txt', 'top bytes');
    local('have/in-existing.txt', 'in existing');
    local('a/b/deep.txt', 'deep bytes');
    const r = await run(['drive', 'push', ...folderArgs(), '--space-id', 'sp1', '--yes']);
    // drivePushResult (drive_push.go:73-91, :172-251@c7521c1c): folders first (no size), then the files in code point
    // order, each with its local size; uploaded counts new and overwritten files, not folders
    expect(r.out).toEqual({
      result: {
        summary: { uploaded: 3, skipped: 1, failed: 0, aborted: false },
        items: [
          { rel_path: 'a', action: 'folder_created' }, { rel_path: 'a/b', action: 'folder_created' },
          { rel_path: 'a/b/deep.txt', action: 'uploaded', size_bytes: 10 }, { rel_path: 'exists.txt', action: 'skipped', size_bytes: 4 },
          { rel_path: 'have/in-existing.txt', action: 'uploaded', size_bytes: 11 }, { rel_path: 'top.txt', action: 'uploaded', size_bytes: 9 },
        ],
      },
    });
    const creates = mcp.calls.filter((c) => c.name === 'create_folder').map((c) => c.arguments);
    expect(creates).toEqual([{ name: 'a', parentId: 'root', spaceId: 'sp1' }, { name: 'b', parentId: 'new-a', spaceId: 'sp1' }]);
    const infos = mcp.calls.filter((c) => c.name === 'get_upload_info').map((c) => c.arguments);
    expect(infos).toEqual([
      { fileName: 'deep.txt', fileSize: 10, spaceId: 'sp1', parentId: 'new-b' },
      { fileName: 'in-existing.txt', fileSize: 11, spaceId: 'sp1', parentId: 'd1' },
      { fileName: 'top.txt', fileSize: 9, spaceId: 'sp1', parentId: 'root' },
    ]);
    expect(mcp.calls.filter((c) => c.name === 'commit_upload').map((c) => c.arguments.uploadId)).toEqual(['up-deep.txt', 'up-in-existing.txt', 'up-top.txt']);
    expect(mcp.uploads.map((u) => [u.name, u.bytes.toString(), u.headers['x-upload-sign']])).toEqual([
      ['deep.txt', 'deep bytes', 'sig'], ['in-existing.txt', 'in existing', 'sig'], ['top.txt', 'top bytes', 'sig'],
    ]);
    // The bytes never pass through the MCP server: the token is not sent to the upload URL.
    expect(mcp.uploads.every((u) => u.headers.authorization === undefined)).toBe(true);
  });

  it('overwrite and smart replace a drive file by its id (overwriteFileId, no parentId)', async () => {
    folders.root = [file('f1', 'a.txt', 'drive', { mtime: T0 }), file('f2', 'b.txt', 'drive', { mtime: T0 + 9000 })];
    local('a.txt', 'newer local', T0 + 1000);
    local('b.txt', 'older local', T0);
    const smart = await run(['drive', 'push', ...folderArgs(), '--if-exists', 'smart', '--yes']);
    expect(smart.out).toEqual({
      result: { summary: { uploaded: 1, skipped: 1, failed: 0, aborted: false }, items: [{ rel_path: 'a.txt', action: 'overwritten', size_bytes: 11 }, { rel_path: 'b.txt', action: 'skipped', size_bytes: 11 }] },
    });
    expect(mcp.calls.find((c) => c.name === 'get_upload_info')?.arguments).toEqual({ fileName: 'a.txt', fileSize: 11, overwriteFileId: 'f1' });
  });

  it('a write that fails is not replayed, its children fail, and the run is a partial outcome carrying the completed items', async () => {
    folders.root = [];
    local('ok.txt', 'ok');
    local('bad/child.txt', 'never sent');
    mcp.faults.push({ tool: 'create_folder', status: 503, times: 5 });
    const r = await run(['drive', 'push', ...folderArgs(), '--yes']);
    expect(r.out).toBeUndefined();
    // upstream's result of this run (drive_push.go:187-198: the folder failed, its child failed with its size, the
    // other file uploaded); a write took effect, so the run is partial_outcome (exit 7) naming it with its id
    const e = envelope(r.error);
    expect(e.details).toEqual({
      summary: { uploaded: 1, skipped: 0, failed: 2, aborted: false },
      items: [
        { rel_path: 'bad', action: 'failed', error: text(/create_folder/u) },
        { rel_path: 'bad/child.txt', action: 'failed', size_bytes: 10, error: 'its parent folder "bad" was not created on the drive' },
        { rel_path: 'ok.txt', action: 'uploaded', size_bytes: 2 },
      ],
    });
    expect([e.error.category, e.error.reason, r.error?.exitCode]).toEqual(['partial', 'partial_outcome', 7]);
    expect(e.error.message).toBe('drive.folder_push: 2 item(s) failed (see details.items); completed writes (1): [{"rel_path":"ok.txt","action":"uploaded","file_id":"f-ok.txt"}]');
    expect(mcp.calls.filter((c) => c.name === 'create_folder')).toHaveLength(1);
    expect(mcp.uploads.map((u) => u.name)).toEqual(['ok.txt']);
    expect(records().map((x) => `${x.rpc} ${x.outcome}`)).toEqual(['list_files ok', 'create_folder outcome_unknown', 'get_upload_info ok', 'PUT ok', 'commit_upload ok']);
  });

  it('a failed upload PUT is not retried and its commit is never sent', async () => {
    folders.root = [];
    local('a.txt', 'bytes');
    mcp.answers['drive/get_upload_info'] = () => ({ result: { uploadId: 'u1', resourceUrls: [{ url: `${mcp.base}/nowhere/a.txt` }] } });
    const r = await run(['drive', 'push', ...folderArgs(), '--yes']);
    expect(envelope(r.error)).toMatchObject({
      details: { summary: { uploaded: 0, skipped: 0, failed: 1, aborted: false }, items: [{ rel_path: 'a.txt', action: 'failed', size_bytes: 5, error: text(/./u) }] },
      error: { category: 'backend', reason: 'drive_items_failed' },
    });
    expect(calls()).toEqual(['list_files(root)', 'get_upload_info']);
    expect(records().map((x) => `${x.rpc} ${x.outcome}`)).toEqual(['list_files ok', 'get_upload_info ok', 'PUT failed']);
  });

  it('a local symbolic link is never followed or uploaded', async () => {
    folders.root = [];
    const outside = mkdtempSync(path.join(tmpdir(), 'dws-drive-outside-'));
    writeFileSync(path.join(outside, 'secret.txt'), 'secret');
    local('real.txt', 'real');
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'work', 'link.txt'));
    symlinkSync(outside, path.join(root, 'work', 'linkdir'));
    const r = await run(['drive', 'push', ...folderArgs(), '--yes']);
    expect(r.out).toEqual({ result: { summary: { uploaded: 1, skipped: 0, failed: 0, aborted: false }, items: [{ rel_path: 'real.txt', action: 'uploaded', size_bytes: 4 }] } });
    expect(mcp.uploads.map((u) => u.bytes.toString())).toEqual(['real']);
  });
});

describe('drive sync', () => {
  beforeEach(() => {
    folders.root = [file('f1', 'both.txt', 'drive version', { mtime: T0 }), file('f2', 'remote.txt', 'from drive'), file('f3', 'same.txt', 'same'), file('r9abcdefgh', 'nomd5.txt', 'n', { md5: false })];
    local('both.txt', 'local version');
    local('mine.txt', 'from local');
    local('same.txt', 'same');
    local('nomd5.txt', 'n');
    local('newdir/inner.txt', 'inner');
  });
  const syncOut = async (mode: string) => {
    const r = await run(['drive', 'sync', ...folderArgs(), '--on-conflict', mode, '--yes']);
    if (r.error) throw r.error;
    return r.out;
  };
  /** The diff of this tree (driveSyncDiff, drive_sync.go:87-93@c7521c1c), the same for every --on-conflict. */
  const diff = {
    new_local: [{ rel_path: 'mine.txt' }, { rel_path: 'newdir/inner.txt' }], new_remote: [{ rel_path: 'remote.txt' }],
    modified: [{ rel_path: 'both.txt' }], unchanged: [{ rel_path: 'same.txt' }], unknown: [{ rel_path: 'nomd5.txt' }],
  };
  /** The items before the modified file's (drive_sync.go:283-368@c7521c1c): the undecidable file, the folder, the one-sided files. */
  const before = [
    { rel_path: 'nomd5.txt', action: 'skipped', direction: 'conflict', error: text(/no MD5/u) },
    { rel_path: 'newdir', action: 'folder_created', direction: 'push' },
    { rel_path: 'remote.txt', action: 'downloaded', direction: 'pull' },
    { rel_path: 'mine.txt', action: 'uploaded', direction: 'push' },
    { rel_path: 'newdir/inner.txt', action: 'uploaded', direction: 'push' },
  ];

  it('skip (the default): one-sided files move, folders are created first, conflicts and undecidable files are left alone', async () => {
    expect(await syncOut('skip')).toEqual({
      result: { detection: 'exact', diff, summary: { pulled: 1, pushed: 3, skipped: 2, failed: 0 }, items: [...before, { rel_path: 'both.txt', action: 'skipped', direction: 'conflict' }] },
    });
    expect(read('remote.txt')).toBe('from drive');
    expect(read('both.txt')).toBe('local version');
    expect(mcp.calls.find((c) => c.name === 'get_upload_info' && c.arguments.fileName === 'inner.txt')?.arguments.parentId).toBe('new-newdir');
  });

  it('remote-wins downloads the drive copy over the local one', async () => {
    expect(await syncOut('remote-wins')).toEqual({
      result: { detection: 'exact', diff, summary: { pulled: 2, pushed: 3, skipped: 1, failed: 0 }, items: [...before, { rel_path: 'both.txt', action: 'downloaded', direction: 'pull' }] },
    });
    expect(read('both.txt')).toBe('drive version');
  });

  it('local-wins uploads the local copy over the drive one, by its id', async () => {
    expect(await syncOut('local-wins')).toEqual({
      result: { detection: 'exact', diff, summary: { pulled: 1, pushed: 4, skipped: 1, failed: 0 }, items: [...before, { rel_path: 'both.txt', action: 'overwritten', direction: 'conflict' }] },
    });
    expect(mcp.uploads.find((u) => u.name === 'both.txt')?.bytes.toString()).toBe('local version');
    expect(mcp.calls.find((c) => c.name === 'get_upload_info' && c.arguments.fileName === 'both.txt')?.arguments).toEqual({ fileName: 'both.txt', fileSize: 13, overwriteFileId: 'f1' });
  });

  it('keep-both keeps the local copy under a conflict name and downloads the drive copy to the path', async () => {
    local('both.conflict-f1.txt', 'taken already');
    const out = await syncOut('keep-both');
    // syncKeepBothPinned (drive_sync.go:562-566@c7521c1c): the second local name, then the download; pulled counts one
    expect(out).toEqual({
      result: {
        detection: 'exact', diff: { ...diff, new_local: [{ rel_path: 'both.conflict-f1.txt' }, ...diff.new_local] },
        summary: { pulled: 2, pushed: 4, skipped: 1, failed: 0 },
        items: [
          before[0], before[1], before[2], { rel_path: 'both.conflict-f1.txt', action: 'uploaded', direction: 'push' }, before[3], before[4],
          { rel_path: 'both.conflict-f1.1.txt', action: 'renamed_local', direction: 'conflict' }, { rel_path: 'both.txt', action: 'downloaded', direction: 'pull' },
        ],
      },
    });
    expect([read('both.txt'), read('both.conflict-f1.1.txt'), read('both.conflict-f1.txt')]).toEqual(['drive version', 'local version', 'taken already']);
  });

  it('ask is refused with a typed error before any call: dws takes no interactive answers', async () => {
    const r = await run(['drive', 'sync', ...folderArgs(), '--on-conflict', 'ask', '--yes']);
    expect(r.error?.reason).toBe('invalid_parameter');
    expect(r.error?.hint).toContain('--on-conflict skip');
    expect(mcp.calls).toEqual([]);
  });

  it('p-drivesync: a path that is a file on one side and a folder on the other stops the whole run before any write (buildMirrorPreflight, drive_push.go:565-636@c7521c1c)', async () => {
    folders.root.push(folder('dx', 'clash'));
    folders.dx = [file('f8', 'under.txt', 'under')];
    local('clash', 'a local file');
    const r = await run(['drive', 'sync', ...folderArgs(), '--yes']);
    expect(r.out).toBeUndefined();
    // upstream prints the diff without the clashing path and its descendants, and the clash as a failed conflict item
    // (drive_sync.go:175-281@c7521c1c), then exits 1
    expect(envelope(r.error)).toEqual({
      details: {
        detection: 'exact', diff,
        summary: { pulled: 0, pushed: 0, skipped: 0, failed: 1 },
        items: [{ rel_path: 'clash', action: 'failed', direction: 'conflict', error: text(/"clash" is ambiguous/u) }],
      },
      error: { category: 'backend', reason: 'drive_items_failed', message: 'drive.folder_sync: 1 path(s) cannot be mirrored (see details.items); nothing was written', hint: 'fix or leave out the failed paths (details.items), then run again' },
    });
    expect(mcp.calls.map((c) => c.name).filter((n) => n !== 'list_files')).toEqual([]);
    expect(existsSync(path.join(root, 'work', 'clash', 'under.txt'))).toBe(false);
    expect(read('clash')).toBe('a local file');
  });

  it('nothing is deleted on either side', async () => {
    await syncOut('remote-wins');
    expect(mcp.calls.map((c) => c.name).filter((n) => /delete|remove|trash/.test(n))).toEqual([]);
    for (const rel of ['mine.txt', 'same.txt', 'nomd5.txt', 'newdir/inner.txt']) expect(existsSync(path.join(root, 'work', rel)), rel).toBe(true);
  });
});

describe('walk bounds and answers', () => {
  it('a repeated page token stops the walk with backend_error before anything is written', async () => {
    mcp.answers['drive/list_files'] = () => ({ result: { items: [file('f1', 'a.txt', 'a')], nextToken: 'same', hasMore: true } });
    mkdirSync(path.join(root, 'work'));
    const r = await run(['drive', 'pull', ...folderArgs(), '--yes']);
    expect(r.error?.reason).toBe('backend_error');
    expect(calls()).toEqual(['list_files(root)', 'list_files(root same)']);
    expect(readdirSync(path.join(root, 'work'))).toEqual([]);
  });

  it('hasMore without a nextToken is refused (the listing would be cut short)', async () => {
    mcp.answers['drive/list_files'] = () => ({ result: { items: [], hasMore: true } });
    mkdirSync(path.join(root, 'work'));
    const r = await run(['drive', 'status', ...folderArgs()]);
    expect(r.error?.reason).toBe('backend_error');
  });

  // h36-a4 (issue 32): parseDriveList (helpers/drive_status.go:291-362@c7521c1c), shared by the walks of status,
  // pull, push and sync, reads only an object holding `result` (:292-299) and decodes an object result into {items,
  // nextToken string, hasMore *bool} as json.Unmarshal does (:321-330, keys ignoring case); before, dws also read a
  // bare list or an object without `result`, and took a nextToken that is no text as none, then pushed the files.
  it.each<[string, unknown]>([
    ['an object without result', { items: [] }],
    ['a bare list', []],
    ['a hasMore that is no boolean', { result: { items: [], hasMore: 'false' } }],
    ['a nextToken that is no text', { result: { items: [], nextToken: 5 } }],
    ['a null result', { result: null }],
  ])('push: a listing answer with %s stops the walk with backend_error before any write', async (_, answer) => {
    mcp.answers['drive/list_files'] = () => answer;
    local('a.txt', 'a');
    const r = await run(['drive', 'push', ...folderArgs(), '--yes']);
    expect(r.error?.reason).toBe('backend_error');
    expect(r.out).toBeUndefined();
    expect(calls()).toEqual(['list_files(root)']);
    expect(mcp.uploads).toEqual([]);
  });

  it('push and status read result.items under any case of its keys (Items, NEXTTOKEN) as Go\'s decoder does, and a null hasMore or nextToken as none', async () => {
    mcp.answers['drive/list_files'] = () => ({ result: { Items: [file('f1', 'a.txt', 'a')], NEXTTOKEN: null, hasMore: null } });
    local('a.txt', 'a');
    const pushed = await run(['drive', 'push', ...folderArgs(), '--yes']);
    expect(pushed.out).toEqual({ result: { summary: { uploaded: 0, skipped: 1, failed: 0, aborted: false }, items: [{ rel_path: 'a.txt', action: 'skipped', size_bytes: 1 }] } });
    expect(calls()).toEqual(['list_files(root)']);
    const status = await run(['drive', 'status', ...folderArgs()]);
    expect(status.out).toMatchObject({ result: { unchanged: [{ rel_path: 'a.txt' }] } });
    mcp.answers['drive/list_files'] = () => [file('f1', 'a.txt', 'a')];
    expect((await run(['drive', 'status', ...folderArgs()])).error?.reason).toBe('backend_error');
  });

  it('a folder tree deeper than 64 levels (a loop) stops with invalid_parameter', async () => {
    mcp.answers['drive/list_files'] = (args) => ({ result: { items: [folder(`${String(args.parentId)}x`, 'again')] } });
    mkdirSync(path.join(root, 'work'));
    const r = await run(['drive', 'status', ...folderArgs()]);
    expect(r.error?.reason).toBe('invalid_parameter');
    expect(mcp.calls).toHaveLength(65);
  });
});

const FACTS = followedUpstream(ROOT).composition;

describe.skipIf(!existsSync(FACTS))('against dws-composition.json of the upstream commit the catalog follows', () => {
  it('the backend steps of each command are the facts\' calls in order, and every argument key sent is one the facts name', async () => {
    const facts = (JSON.parse(readFileSync(FACTS, 'utf8')) as { commands: Record<string, { calls: { server: string; rpc: string; args?: Record<string, unknown> }[] }> }).commands;
    const walks = shippedEngine().tools().filter((t) => t.canonical_path.startsWith('drive.folder_'));
    expect(walks).toHaveLength(4);
    for (const t of walks) {
      expect(t.plan!.local!.calls.filter((s) => s.includes('.')), t.canonical_path).toEqual(facts[t.canonical_path].calls.map((c) => `${c.server}.${c.rpc}`));
    }
    folders.root = [file('f1', 'both.txt', 'drive version'), file('f2', 'remote.txt', 'from drive')];
    local('both.txt', 'local version');
    local('dir/mine.txt', 'from local');
    await run(['drive', 'sync', ...folderArgs(), '--space-id', 'sp1', '--on-conflict', 'local-wins', '--yes']);
    const allowed = Object.fromEntries(facts['drive.folder_sync'].calls.map((c) => [c.rpc, Object.keys(c.args ?? {})]));
    expect(new Set(mcp.calls.map((c) => c.name))).toEqual(new Set(Object.keys(allowed)));
    for (const c of mcp.calls) for (const k of Object.keys(c.arguments)) expect(allowed[c.name], `${c.name}.${k}`).toContain(k);
  });
});

describe('discovery tells how they run: locally, with backend calls', () => {
  it('compact Inspect\'s execution, the search reference\'s calls and the help line name the backend steps', () => {
    const want: Record<string, [string, unknown]> = {
      'drive status': ['drive.list_files', { local: true, steps: 1, max_pages: 500, for_each: true }],
      'drive pull': ['drive.list_files -> drive.download_file -> download', { local: true, steps: 3, max_pages: 500, for_each: true, download: true }],
      'drive push': ['drive.list_files -> drive.create_folder -> drive.get_upload_info -> upload -> drive.commit_upload', { local: true, steps: 5, max_pages: 500, for_each: true, upload: true }],
      'drive sync': [
        'drive.list_files -> drive.create_folder -> drive.download_file -> download -> drive.get_upload_info -> upload -> drive.commit_upload',
        { local: true, steps: 7, max_pages: 500, for_each: true, upload: true, download: true },
      ],
    };
    for (const [cli, [chain, execution]] of Object.entries(want)) {
      expect(JSON.parse(runCli(['schema', cli, '--compact']).stdout).execution, cli).toEqual(execution);
      const ref = JSON.parse(runCli(['schema', 'search', '--query', cli]).stdout).candidates[0];
      expect([ref.primary_cli_path, ref.calls]).toEqual([cli, (execution as { steps: number }).steps]);
      expect(runCli([...cli.split(' '), '--help']).stdout).toContain(`Executes / 执行方式: locally, walking both folders: ${chain};`);
    }
  });
});
