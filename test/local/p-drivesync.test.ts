// p-drivesync: `dws drive pull|push|sync` read against upstream c7521c1c (helpers/drive_pull.go, drive_push.go,
// drive_sync.go, drive_status.go, drive.go parseDriveDownloadInfo/parseDriveUploadInfo): the folder flags as typed,
// the download and upload answers read as upstream reads them, the commit_upload and create_folder answers checked as
// upstream checks them. Runs as a user types them, against the recording MCP backend on 127.0.0.1.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DwsError } from '../../src/errors.js';
import { dispatchInProcess } from '../helpers.js';
import { useMcpServer, recordingEnv } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();
let root: string;
/** Drive folders by the parentId their list_files call names (one page each). */
let folders: Record<string, Record<string, unknown>[]>;
const T0 = 1_700_000_000_000;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'dws-drivesync-root-'));
  folders = {};
  mcp.answers = {
    'drive/list_files': (args) => ({ result: { items: folders[String(args.parentId)] ?? [], hasMore: false } }),
    'drive/download_file': (args) => ({ result: { downloadUrl: `${mcp.base}/files/${String(args.fileId)}` } }),
    'drive/create_folder': (args) => ({ result: { fileId: `new-${String(args.name)}` } }),
    'drive/get_upload_info': (args) => ({ result: { uploadId: `up-${String(args.fileName)}`, resourceUrls: [{ url: `${mcp.base}/upload/${String(args.fileName)}`, headers: { 'x-upload-sign': 'sig' } }] } }),
    'drive/commit_upload': (args) => ({ result: { fileId: `f-${String(args.fileName)}` } }),
  };
});

function file(id: string, name: string, text: string): Record<string, unknown> {
  mcp.files[id] = Buffer.from(text);
  return { type: 'FILE', name, fileId: id, fileSize: text.length, modifiedTime: T0 };
}
function local(rel: string, text: string): void {
  const p = path.join(root, 'work', rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, text);
  utimesSync(p, new Date(T0), new Date(T0));
}
const read = (rel: string) => readFileSync(path.join(root, 'work', rel), 'utf8');

async function run(argv: string[]): Promise<{ out?: unknown; error?: DwsError }> {
  const { out, error } = await dispatchInProcess(argv, { ...recordingEnv(mcp.urlTemplate, 'tok-drive'), DWS_FILE_ROOT: root });
  if (error) return { error };
  return { out: JSON.parse(out) };
}
const sent = (name: string) => mcp.calls.filter((c) => c.name === name).map((c) => c.arguments);

describe('p-drivesync: the folder flags are sent as typed (mustGetFlag, "" the only missing value)', () => {
  it('drive pull sends a padded --remote-folder and --space-id untrimmed to list_files and download_file', async () => {
    folders[' root '] = [file('f1', 'a.txt', 'drive a')];
    const r = await run(['drive', 'pull', '--local-folder', path.join(root, 'work'), '--remote-folder', ' root ', '--space-id', ' sp1 ', '--yes']);
    expect(r.error).toBeUndefined();
    expect(sent('list_files')).toEqual([{ maxResults: 50, parentId: ' root ', spaceId: ' sp1 ' }]);
    expect(sent('download_file')).toEqual([{ fileId: 'f1', spaceId: ' sp1 ' }]);
    expect(read('a.txt')).toBe('drive a');
  });

  it('drive push sends a blank --space-id as spaceId " " and a blank --remote-folder as parentId " " (p-blankreq: validateRequiredFlags refuses only "", drive_push.go:113-148@c7521c1c)', async () => {
    local('n.txt', 'new');
    const blank = await run(['drive', 'push', '--local-folder', path.join(root, 'work'), '--remote-folder', ' ', '--yes']);
    expect(blank.error).toBeUndefined();
    expect(sent('list_files')).toEqual([{ maxResults: 50, parentId: ' ' }]);
    mcp.calls.length = 0;
    const r = await run(['drive', 'push', '--local-folder', path.join(root, 'work'), '--remote-folder', 'root', '--space-id', ' ', '--yes']);
    expect(r.error).toBeUndefined();
    expect(sent('list_files')).toEqual([{ maxResults: 50, parentId: 'root', spaceId: ' ' }]);
    expect(sent('get_upload_info')).toEqual([{ fileName: 'n.txt', fileSize: 3, spaceId: ' ', parentId: 'root' }]);
    expect(sent('commit_upload')).toEqual([{ fileName: 'n.txt', fileSize: 3, spaceId: ' ', parentId: 'root', uploadId: 'up-n.txt' }]);
  });

  it('drive sync with an empty --remote-folder or --local-folder is refused before any call; --space-id "" sends none', async () => {
    local('x.txt', 'x');
    for (const argv of [['--local-folder', path.join(root, 'work'), '--remote-folder', ''], ['--local-folder', '', '--remote-folder', 'root']]) {
      const r = await run(['drive', 'sync', ...argv, '--yes']);
      expect(r.error?.reason).toBe('missing_parameter');
    }
    expect(mcp.calls).toEqual([]);
    folders.root = [];
    const r = await run(['drive', 'sync', '--local-folder', path.join(root, 'work'), '--remote-folder', 'root', '--space-id', '', '--yes']);
    expect(r.error).toBeUndefined();
    expect(sent('list_files')).toEqual([{ maxResults: 50, parentId: 'root' }]);
  });
});

describe('p-drivesync: answers read as upstream reads them', () => {
  it('download_file: a `result` that is not an object leaves the top-level downloadUrl; resourceUrls[0] headers only go with its own URL', async () => {
    folders.root = [file('f1', 'a.txt', 'A'), file('f2', 'b.txt', 'B')];
    mcp.answers['drive/download_file'] = (args) => (args.fileId === 'f1'
      ? { result: null, downloadUrl: `${mcp.base}/files/f1`, headers: { 'x-top': 't' }, resourceUrls: [{ url: `${mcp.base}/files/none`, headers: { 'x-first': 'f' } }] }
      : { result: { headers: { 'x-top': 't' }, resourceUrls: [{ url: `${mcp.base}/files/f2`, headers: { 'x-first': 'f' } }] } });
    const r = await run(['drive', 'pull', '--local-folder', path.join(root, 'work'), '--remote-folder', 'root', '--yes']);
    expect(r.error).toBeUndefined();
    expect(mcp.fetched.map((f) => [f.name, f.headers['x-top'], f.headers['x-first']])).toEqual([['f1', 't', undefined], ['f2', 't', 'f']]);
    expect([read('a.txt'), read('b.txt')]).toEqual(['A', 'B']);
  });

  it('get_upload_info: resourceUrls[0] without headers sends none, the top-level headers only when resourceUrls[0] is not an object', async () => {
    folders.root = [];
    local('a.txt', 'aa');
    local('b.txt', 'bb');
    mcp.answers['drive/get_upload_info'] = (args) => (args.fileName === 'a.txt'
      ? { result: { uploadId: 'u1', headers: { 'x-top': 't' }, resourceUrls: [{ url: `${mcp.base}/upload/a.txt` }] } }
      : { result: { uploadId: 'u2', headers: { 'x-top': 't' }, resourceUrls: ['not an object'], resourceUrl: `${mcp.base}/upload/b.txt` } });
    const r = await run(['drive', 'push', '--local-folder', path.join(root, 'work'), '--remote-folder', 'root', '--yes']);
    expect(r.error).toBeUndefined();
    expect(mcp.uploads.map((u) => [u.name, u.bytes.toString(), u.headers['x-top']])).toEqual([['a.txt', 'aa', undefined], ['b.txt', 'bb', 't']]);
  });

  it('commit_upload answering a list, a number or null leaves the outcome unknown (a failed item), as a blank or {} answer does', async () => {
    for (const answer of [[1], 7, null, {}]) {
      mcp.calls.length = 0;
      folders.root = [];
      local('a.txt', 'aa');
      mcp.answers['drive/commit_upload'] = () => answer;
      const r = await run(['drive', 'push', '--local-folder', path.join(root, 'work'), '--remote-folder', 'root', '--yes']);
      expect(r.error?.reason).toBe('outcome_unknown');
      expect(sent('commit_upload')).toHaveLength(1);
    }
  });

  it('create_folder: a `result` object without an id names no folder even when the top holds one; its files are not uploaded', async () => {
    folders.root = [];
    local('d/in.txt', 'in');
    mcp.answers['drive/create_folder'] = () => ({ result: { name: 'd' }, fileId: 'top-id' });
    const r = await run(['drive', 'push', '--local-folder', path.join(root, 'work'), '--remote-folder', 'root', '--yes']);
    expect(r.error?.reason).toBe('outcome_unknown');
    expect(sent('create_folder')).toEqual([{ name: 'd', parentId: 'root' }]);
    expect(sent('get_upload_info')).toEqual([]);
  });
});

describe('p-drivesync: the whole-batch check before any write (buildMirrorPreflight, drive_push.go:565-636@c7521c1c)', () => {
  it('drive pull: two drive files differing only in letter case stop the run with nothing downloaded', async () => {
    folders.root = [file('f1', 'A.txt', 'A'), file('f2', 'a.txt', 'a'), file('f3', 'ok.txt', 'ok')];
    const r = await run(['drive', 'pull', '--local-folder', path.join(root, 'work'), '--remote-folder', 'root', '--yes']);
    // drivePullPreflightFailureResult (drive_pull.go:383-394@c7521c1c): every drive file failed, the others with a
    // note that another path failed; printed by upstream with exit 1, here the error's details (drive_items_failed)
    expect(r.error?.reason).toBe('drive_items_failed');
    expect(r.error?.payload?.details).toEqual({
      summary: { downloaded: 0, skipped: 0, failed: 3 },
      items: [
        { rel_path: 'A.txt', action: 'failed', error: expect.stringMatching(/"A.txt" is ambiguous/u) },
        { rel_path: 'a.txt', action: 'failed', error: expect.stringMatching(/"a.txt" is ambiguous/u) },
        { rel_path: 'ok.txt', action: 'failed', error: 'another path of this batch cannot be mirrored, so nothing was pulled' },
      ],
    });
    expect(sent('download_file')).toEqual([]);
  });

  it('drive pull: a local folder where a drive file goes stops the run (addPinnedLocalTargetPreflightFailures)', async () => {
    folders.root = [file('f1', 'x', 'X'), file('f3', 'ok.txt', 'ok')];
    mkdirSync(path.join(root, 'work', 'x'), { recursive: true });
    const r = await run(['drive', 'pull', '--local-folder', path.join(root, 'work'), '--remote-folder', 'root', '--yes']);
    expect(r.error?.reason).toBe('drive_items_failed');
    expect(r.error?.payload?.details).toEqual({
      summary: { downloaded: 0, skipped: 0, failed: 2 },
      items: [
        { rel_path: 'ok.txt', action: 'failed', error: 'another path of this batch cannot be mirrored, so nothing was pulled' },
        { rel_path: 'x', action: 'failed', error: 'the local path "x" exists and is not a regular file' },
      ],
    });
    expect(sent('download_file')).toEqual([]);
  });

  it('drive push: a local file and a drive file whose names fold to one (NFC) stop the run with nothing created or uploaded', async () => {
    folders.root = [file('f1', 'caf\u00e9.txt', 'drive')];
    local('cafe\u0301.txt', 'local');
    local('d/new.txt', 'new');
    const r = await run(['drive', 'push', '--local-folder', path.join(root, 'work'), '--remote-folder', 'root', '--yes']);
    // appendDrivePushPreflightFailures (drive_push.go:421-427@c7521c1c): only the failed paths, sorted, aborted
    expect(r.error?.reason).toBe('drive_items_failed');
    expect(r.error?.payload?.details).toEqual({
      summary: { uploaded: 0, skipped: 0, failed: 2, aborted: true },
      items: [
        { rel_path: 'cafe\u0301.txt', action: 'failed', error: expect.stringMatching(/ambiguous/u) },
        { rel_path: 'caf\u00e9.txt', action: 'failed', error: expect.stringMatching(/ambiguous/u) },
      ],
    });
    expect(mcp.calls.map((c) => c.name)).toEqual(['list_files']);
  });

  it('drive push: a drive name that cannot be a local name ends the walk before any write', async () => {
    folders.root = [file('f1', 'a\\b', 'x')];
    local('n.txt', 'n');
    const r = await run(['drive', 'push', '--local-folder', path.join(root, 'work'), '--remote-folder', 'root', '--yes']);
    expect(r.error?.reason).toBe('backend_error');
    expect(mcp.calls.map((c) => c.name)).toEqual(['list_files']);
  });
});
