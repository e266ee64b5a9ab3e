// Branch f-mix8 (issue 32): drive download and drive download-version ask for the download link once more when the
// file's GET is answered 401 or 403 (an expired link), as upstream's downloadSingleWithAuthRetry
// (helpers/drive_transfer.go:318-330, isAuthStatusError :87-97; fetchCred drive.go:764-774, :935-945@c7521c1c): the
// download step's `refused_statuses`, the same mechanism as drive upload's PUT. Run as typed against the fake MCP
// server on 127.0.0.1, the file served by a second local server on 127.0.0.1 answering a scripted status per GET.
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { BUSY, failedRun, useOutputRuns } from './output-runs.js';
import { privateEnv } from '../fixtures/mcp/server.js';

const { mcp, answersInTurn } = useOutputRuns('dws-mix8-dl-');

/** The file server: each GET answers the next scripted status (the last one again after them); 200 serves BYTES. */
const BYTES = 'file bytes';
let statuses: number[] = [];
let gets: { path: string; sig: string | undefined }[] = [];
let fileBase = '';
const files = http.createServer((req, res) => {
  gets.push({ path: req.url ?? '', sig: req.headers['x-sig'] as string | undefined });
  const status = statuses[Math.min(gets.length - 1, statuses.length - 1)];
  if (status === 200) res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(BYTES);
  else res.writeHead(status, { 'content-type': 'text/plain' }).end('AccessDenied: the link has expired');
});
beforeAll(async () => {
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  fileBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => files.close(() => resolve()));
});
beforeEach(() => {
  gets = [];
  mcp.calls.length = 0;
});

/** Runs `dws <argv>` in a fresh directory: its outcome and the directory's files (name -> text; the journal and state left out). */
async function run(argv: string[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-mix8-dl-'));
  const outcome = await dispatchInProcess(argv, privateEnv(mcp.urlTemplate, 't', dir));
  const saved = Object.fromEntries(readdirSync(dir).filter((f) => !f.startsWith('journal.jsonl') && f !== 'state').map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
  return { outcome, saved, calls: mcp.calls.map((c) => [c.name, c.arguments]), gets, dir };
}

/** A download answer naming the file server's link with a signature header (resourceUrls[0], as upstream parseDriveDownloadInfo reads it). */
const link = (sig: string) => ({ result: { resourceUrls: [{ url: `${fileBase}/f.bin`, headers: { 'x-sig': sig } }] } });

const commands = [
  { name: 'drive download', argv: ['drive', 'download', '--node', 'n1', '--output', 'f.bin'], rpc: 'drive/download_file', args: { fileId: 'n1' } },
  { name: 'drive download-version', argv: ['drive', 'download-version', '--node', 'n1', '--version', '2', '--output', 'f.bin'], rpc: 'drive/download_file_version', args: { nodeId: 'n1', version: 2 } },
];

for (const c of commands) {
  const tool = c.rpc.split('/')[1];
  describe(`${c.name} asks for a fresh link once after a 401/403 (downloadSingleWithAuthRetry, drive_transfer.go:318-330)`, () => {
    it('403 then 200: the link is read again with the same arguments and its fresh headers fetch the file', async () => {
      statuses = [403, 200];
      answersInTurn(c.rpc, link('old'), link('fresh'));
      const r = await run(c.argv);
      expect(r.outcome.error?.envelope()).toBeUndefined();
      expect(JSON.parse(r.outcome.out).result).toMatchObject({ success: true, nodeId: 'n1', savedPath: 'f.bin', sizeBytes: BYTES.length });
      expect(r.saved).toEqual({ 'f.bin': BYTES });
      expect(r.calls).toEqual([[tool, c.args], [tool, c.args]]);
      expect(r.gets).toEqual([{ path: '/f.bin', sig: 'old' }, { path: '/f.bin', sig: 'fresh' }]);
    });

    it('401 then 200 is the same; a 200 at once reads the link once', async () => {
      statuses = [401, 200];
      answersInTurn(c.rpc, link('old'), link('fresh'));
      expect((await run(c.argv)).saved).toEqual({ 'f.bin': BYTES });
      gets = [];
      mcp.calls.length = 0;
      statuses = [200];
      answersInTurn(c.rpc, link('only'));
      const once = await run(c.argv);
      expect([once.saved, once.calls.length, once.gets]).toEqual([{ 'f.bin': BYTES }, 1, [{ path: '/f.bin', sig: 'only' }]]);
    });

    it('403 twice: the second GET\'s refusal ends the run (backend_error, exit 1), nothing saved, no third read', async () => {
      statuses = [403, 403];
      answersInTurn(c.rpc, link('old'), link('fresh'));
      const r = await run(c.argv);
      expect(failedRun(r.outcome)).toMatchObject({ exit: 1, reason: 'backend_error', message: 'the download to "f.bin" was refused: HTTP 403' });
      expect([r.saved, r.calls.length, r.gets.length]).toEqual([{}, 2, 2]);
      expect(existsSync(path.join(r.dir, 'f.bin'))).toBe(false);
    });

    it('a fresh read naming no link, or failing, ends the run with the first refusal; a 404 is not retried', async () => {
      statuses = [403];
      answersInTurn(c.rpc, link('old'), { result: { fileName: 'f.bin' } });
      const none = await run(c.argv);
      expect(failedRun(none.outcome)).toMatchObject({ exit: 1, reason: 'backend_error', message: expect.stringContaining('refused for authorization (HTTP 401 or 403)') });
      expect([none.saved, none.calls.length, none.gets.length]).toEqual([{}, 2, 1]);
      gets = [];
      mcp.calls.length = 0;
      answersInTurn(c.rpc, link('old'), BUSY);
      const failed = await run(c.argv);
      expect(failedRun(failed.outcome)).toMatchObject({ exit: 1, reason: 'backend_error', message: expect.stringContaining('refused for authorization (HTTP 401 or 403)') });
      expect([failed.saved, failed.calls.length, failed.gets.length]).toEqual([{}, 2, 1]);
      gets = [];
      mcp.calls.length = 0;
      statuses = [404];
      answersInTurn(c.rpc, link('old'));
      const missing = await run(c.argv);
      expect(failedRun(missing.outcome)).toMatchObject({ exit: 1, reason: 'backend_error', message: 'the download to "f.bin" was refused: HTTP 404' });
      expect([missing.calls.length, missing.gets.length]).toEqual([1, 1]);
    });
  });
}
