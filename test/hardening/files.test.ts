// Issue 33, local files: every path built from backend data stays in the file root, a download never replaces a
// file (or dws's own state) silently, a failing body is a typed error, a FIFO is refused at once, an upload never
// follows a redirect, dws temp files are neither uploaded nor kept after a killed run, and long names are bounded in
// bytes. The backend is the recording MCP fixture plus a file server of this test, both on 127.0.0.1.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { safeFilename } from '../../src/backend/files.js';
import { BIN, dispatchInProcess } from '../helpers.js';
import { useMcpServer, recordingEnv } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();
let files: http.Server;
let filesBase: string;
/** Sockets of bodies that never end, closed after the tests. */
const held: import('node:net').Socket[] = [];

beforeAll(async () => {
  files = http.createServer((req, res) => {
    if (req.url === '/bytes') return void res.end('BACKEND BYTES');
    if (req.url === '/reset') {
      // headers and part of the body, then the connection is reset
      res.writeHead(200, { 'content-length': '1000' });
      res.write('partial');
      return void setImmediate(() => req.socket.destroy());
    }
    if (req.url === '/hang') {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('partial');
      held.push(req.socket);
      return;
    }
    if (req.url === '/redirect' && req.method === 'PUT') {
      req.resume();
      return void res.writeHead(303, { location: '/sink' }).end();
    }
    if (req.url === '/sink') return void res.end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of held) s.destroy();
  await new Promise((resolve) => files.close(resolve));
});

let outer: string;
let root: string;
let journal: string;
let folders: Record<string, Record<string, unknown>[]>;
let downloadUrl: string;
let uploadUrl: string;

beforeEach(() => {
  outer = mkdtempSync(path.join(tmpdir(), 'dws-files-'));
  root = path.join(outer, 'root');
  mkdirSync(root);
  journal = path.join(mkdtempSync(path.join(tmpdir(), 'dws-files-journal-')), 'journal.jsonl');
  folders = {};
  downloadUrl = `${filesBase}/bytes`;
  uploadUrl = `${mcp.base}/upload/any`;
  mcp.answers = {
    'drive/list_files': (args) => ({ result: { items: folders[String(args.parentId)] ?? [], hasMore: false } }),
    'drive/download_file': () => ({ result: { downloadUrl } }),
    'drive/get_upload_info': (args) => ({ result: { uploadId: `up-${String(args.fileName)}`, resourceUrls: [{ url: uploadUrl }] } }),
    'drive/commit_upload': (args) => ({ result: { fileId: `f-${String(args.fileName)}` } }),
  };
});

const env = (extra: Record<string, string> = {}) => ({
  ...recordingEnv(mcp.urlTemplate, 'tok'), DWS_FILE_ROOT: root, DWS_JOURNAL: journal,
  DWS_STATE_DIR: path.join(outer, 'state'), ...extra,
});

async function run(argv: string[], extra: Record<string, string> = {}): Promise<{ out?: unknown; error?: DwsError }> {
  const { out, error } = await dispatchInProcess(argv, env(extra));
  return error ? { error } : { out: JSON.parse(out) };
}

/** The answered calls (each call's sent record before it is left out). */
const records = () => readFileSync(journal, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { rpc: string; outcome: string; error?: { reason: string; message: string } })
  .filter((r) => r.outcome !== 'sent');
const rootFiles = () => readdirSync(root).sort();
const download = (output: string, ...more: string[]) => ['drive', '+download', '--node', 'n1', '--output', output, ...more];
const driveFile = (id: string, name: string) => ({ type: 'FILE', name, fileId: id, fileSize: 13, modifiedTime: 1_700_000_000_000 });

describe('paths built from backend data stay inside the file root', () => {
  it('drive sync keep-both with a file id ending "/../../a" keeps the local copy inside the folder, never in the parent of the file root', async () => {
    writeFileSync(path.join(root, 'c.txt'), 'mine');
    folders.root = [{ ...driveFile('zz/../../a', 'c.txt'), md5: 'AAAAAAAAAAAAAAAAAAAAAA==' }];
    const r = await run(['drive', 'sync', '--local-folder', root, '--remote-folder', 'root', '--on-conflict', 'keep-both', '--yes']);
    expect(readdirSync(outer).sort()).toEqual(['root']);
    // upstream's keep-both items (drive_sync.go:562-566@c7521c1c): the local copy's second name, then the download
    expect((r.out as { result: { items: unknown[] } }).result.items).toEqual([
      { rel_path: 'c.conflict-_______a.txt', action: 'renamed_local', direction: 'conflict' }, { rel_path: 'c.txt', action: 'downloaded', direction: 'pull' },
    ]);
    expect(readFileSync(path.join(root, 'c.conflict-_______a.txt'), 'utf8')).toBe('mine');
    expect(readFileSync(path.join(root, 'c.txt'), 'utf8')).toBe('BACKEND BYTES');
  });
});

describe('a download never replaces a file silently', () => {
  it('drive +download refuses an existing file and leaves it as it was', async () => {
    writeFileSync(path.join(root, '.bashrc'), 'mine');
    const r = await run(download('.bashrc'));
    // h44-left: the reason is upstream's, a bare error (drive.go:209-214, errors.go:364-374@c7521c1c: exit 5)
    expect(r.error?.reason).toBe('internal_error');
    expect(r.error?.message).toMatch(/already exists/u);
    expect(readFileSync(path.join(root, '.bashrc'), 'utf8')).toBe('mine');
  });

  it('markdown fetch replaces only the --output the user named (upstream os.WriteFile, markdown.go:161-168@c7521c1c); a target outside the file root is refused and nothing is written', async () => {
    writeFileSync(path.join(root, 'notes.md'), 'mine');
    mcp.answers['drive/download_file'] = () => ({ result: { resourceUrl: downloadUrl } });
    const r = await run(['markdown', 'fetch', '--node', 'n1', '--output', 'notes.md']);
    expect(r.error).toBeUndefined();
    expect(readFileSync(path.join(root, 'notes.md'), 'utf8')).not.toBe('mine');
    const outside = await run(['markdown', 'fetch', '--node', 'n1', '--output', '../escaped.md']);
    expect(outside.error?.reason).toBe('invalid_parameter');
    expect(existsSync(path.join(root, '..', 'escaped.md'))).toBe(false);
  });

  it("drive +download refuses dws's own state (the state dir) as its target even when nothing is there yet", async () => {
    const r = await run(download('state/journal.jsonl'), { DWS_STATE_DIR: path.join(root, 'state') });
    expect(r.error?.reason).toBe('invalid_parameter');
    expect(r.error?.message).toMatch(/own state/u);
    expect(existsSync(path.join(root, 'state', 'journal.jsonl'))).toBe(false);
  });

  it("drive push does not upload dws's config file from the folder it pushes", async () => {
    writeFileSync(path.join(root, 'dws.json'), '{}');
    const r = await run(['drive', 'push', '--local-folder', root, '--remote-folder', 'root', '--yes'], { DWS_CONFIG: path.join(root, 'dws.json') });
    expect(r.error?.reason).toBe('drive_items_failed');
    expect(r.error?.payload?.details).toEqual({ summary: { uploaded: 0, skipped: 0, failed: 1, aborted: false }, items: [{ rel_path: 'dws.json', action: 'failed', size_bytes: 2, error: expect.stringMatching(/own state/u) }] });
    expect(records().filter((x) => x.rpc === 'PUT').map((x) => x.error?.message)).toEqual([expect.stringMatching(/own state/u)]);
    expect(mcp.uploads).toEqual([]);
  });
});

describe('a failing download body is a typed error', () => {
  it('a connection reset mid-body is transport_error, journaled, with no temporary file left', async () => {
    downloadUrl = `${filesBase}/reset`;
    const r = await run(download('out.txt'));
    expect(r.error?.reason).toBe('transport_error');
    expect(rootFiles()).toEqual([]);
    expect(records().map((x) => [x.rpc, x.outcome, x.error?.reason])).toEqual([['download_file', 'ok', undefined], ['GET', 'failed', 'transport_error']]);
  });

  it('--timeout mid-body (a body that never ends) is transport_error with no temporary file left', async () => {
    downloadUrl = `${filesBase}/hang`;
    const r = await run([...download('out.txt'), '--timeout', '1']);
    expect(r.error?.reason).toBe('transport_error');
    expect(rootFiles()).toEqual([]);
  });

  it('drive pull records a reset body as a failed item of its ledger', async () => {
    downloadUrl = `${filesBase}/reset`;
    folders.root = [driveFile('f1', 'a.txt')];
    const r = await run(['drive', 'pull', '--local-folder', path.join(root, 'work'), '--remote-folder', 'root', '--yes']);
    expect(r.error?.reason).toBe('drive_items_failed');
    expect(r.error?.message).toMatch(/nothing was written/u);
    expect(r.error?.payload?.details).toEqual({ summary: { downloaded: 0, skipped: 0, failed: 1 }, items: [{ rel_path: 'a.txt', action: 'failed', error: expect.stringMatching(/./u) }] });
    expect(readdirSync(path.join(root, 'work'))).toEqual([]);
  });
});

describe('a FIFO where a file is expected is refused at once', () => {
  /** `dws <argv>` in a child process, killed after a bound that only a blocked open reaches. */
  function cli(argv: string[]): Promise<{ status: number | null; signal: NodeJS.Signals | null; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, ...argv], { env: { ...process.env, ...env() }, cwd: root, timeout: 30_000, killSignal: 'SIGKILL' });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.stdout.resume();
      child.on('error', reject);
      child.on('close', (status, signal) => resolve({ status, signal, stderr }));
      child.stdin.end();
    });
  }

  it('a --file read by a plan (read_text, file_size) and `audit verify --file` answer invalid_parameter instead of waiting for a writer', async () => {
    execFileSync('mkfifo', [path.join(root, 'pipe.md')]);
    for (const argv of [['minutes', '+upload', '--file', 'pipe.md', '--yes', '--dry-run'], ['audit', 'verify', '--file', path.join(root, 'pipe.md')]]) {
      const r = await cli(argv);
      expect({ argv, signal: r.signal, status: r.status }).toEqual({ argv, signal: null, status: 3 });
      expect(JSON.parse(r.stderr.trim().split('\n').pop()!).error.message).toMatch(/not a regular file/u);
    }
  }, 300_000);
});

describe('uploads never follow redirects', () => {
  it('a PUT answered 303 fails the item and commit_upload is never sent', async () => {
    uploadUrl = `${filesBase}/redirect`;
    writeFileSync(path.join(root, 'a.txt'), 'local bytes');
    const r = await run(['drive', 'push', '--local-folder', root, '--remote-folder', 'root', '--yes']);
    expect(r.error?.reason).toBe('outcome_unknown');
    expect(records().filter((x) => x.rpc === 'PUT').map((x) => x.error?.message)).toEqual([expect.stringMatching(/redirect \(HTTP 303\)/u)]);
    expect(mcp.calls.map((c) => c.name)).toEqual(['list_files', 'get_upload_info']);
  });
});

describe('dws temporary files', () => {
  it('drive push skips a temporary file a killed run left and removes it (its pid is gone)', async () => {
    writeFileSync(path.join(root, 'a.txt'), 'local bytes');
    const stale = 'a.txt.2147483646.dws-tmp';
    writeFileSync(path.join(root, stale), 'half');
    const r = await run(['drive', 'push', '--local-folder', root, '--remote-folder', 'root', '--yes']);
    expect(r.error).toBeUndefined();
    expect(mcp.calls.filter((c) => c.name === 'get_upload_info').map((c) => c.arguments.fileName)).toEqual(['a.txt']);
    expect(rootFiles()).toEqual(['a.txt']);
  });

  it('a download removes a stale temporary file of its target', async () => {
    writeFileSync(path.join(root, 'out.txt.2147483646.dws-tmp'), 'half');
    const r = await run(download('out.txt'));
    expect(r.error).toBeUndefined();
    expect(rootFiles()).toEqual(['out.txt']);
  });
});

describe('long names', () => {
  it('safeFilename bounds a name in UTF-8 bytes, never cutting a character', () => {
    const subject = '关于'.repeat(60);
    const name = safeFilename(subject);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
    expect(name).toBe('关于'.repeat(33));
  });

  it('drive pull takes a legal 250-byte drive name (the temporary suffix does not push it past 255 bytes)', async () => {
    const name = 'a'.repeat(246) + '.txt';
    folders.root = [driveFile('f1', name)];
    const r = await run(['drive', 'pull', '--local-folder', path.join(root, 'work'), '--remote-folder', 'root', '--yes']);
    expect(r.error).toBeUndefined();
    expect(readFileSync(path.join(root, 'work', name), 'utf8')).toBe('BACKEND BYTES');
  });

  it('a name longer than the file system allows is name_too_long, not internal_error', async () => {
    const r = await run(download('x'.repeat(300)));
    expect(r.error?.reason).toBe('name_too_long');
    expect(rootFiles()).toEqual([]);
  });
});
