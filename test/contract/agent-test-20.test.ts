// Agent test 20 (notes/agent-test-20.md), request 17: `drive +download --output <directory>/` names the local file
// as upstream does (shortcut/drive/drive.go Download -> localio openDownloadTarget with PreferredName): the answer's
// fileName (or name), made one safe file name, inside the directory; the URL's last segment only when the answer
// names none. The recorded-call golden (test/fixtures/calls/drive.yaml) pins the MCP call; this pins the file.
// Request 16: `drive upload` takes the upload URL and id from the answer where upstream's driveUploadPut does
// (helpers/drive.go: the answer, or its result; resourceUrls[0].url, else resourceUrl, else uploadUrl).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

const env = (dir: string): Record<string, string> => privateEnv(mcp.urlTemplate, 'tok-agent-20', dir);

async function download(output: string, answer: Record<string, unknown>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-agent20-'));
  mcp.files['blob-7f3a'] = Buffer.from('%PDF-1.4');
  mcp.answers = { 'drive/download_file': () => answer };
  const outcome = await dispatchInProcess(['drive', '+download', '--node', 'file_5566', '--output', output], env(dir));
  return { dir, outcome };
}

describe('drive +download into a directory (agent test 20, request 17)', () => {
  it('a trailing slash: the answer\'s fileName inside that directory', async () => {
    const { dir, outcome } = await download('downloads/', { result: { downloadUrl: `${mcp.base}/files/blob-7f3a`, fileName: 'Q4 report.pdf' } });
    expect(outcome.error).toBeUndefined();
    expect(JSON.parse(outcome.out)).toEqual({ result: { success: true, nodeId: 'file_5566', savedPath: path.join('downloads', 'Q4 report.pdf'), sizeBytes: 8 } });
    expect(readFileSync(path.join(dir, 'downloads', 'Q4 report.pdf'), 'utf8')).toBe('%PDF-1.4');
  });

  it('".": the answer\'s name (data wrapper) in the file root, made safe', async () => {
    const { dir, outcome } = await download('.', { data: { url: `${mcp.base}/files/blob-7f3a`, name: '../plan.pdf' } });
    expect(outcome.error).toBeUndefined();
    const saved = (JSON.parse(outcome.out) as { result: { savedPath: string } }).result.savedPath;
    expect(saved).not.toContain('/');
    expect(saved).toMatch(/plan\.pdf$/);
    expect(readFileSync(path.join(dir, saved), 'utf8')).toBe('%PDF-1.4');
  });

  it('no name in the answer: the URL\'s last segment, as before', async () => {
    const { dir, outcome } = await download('downloads/', { result: { downloadUrl: `${mcp.base}/files/blob-7f3a` } });
    expect(outcome.error).toBeUndefined();
    expect(existsSync(path.join(dir, 'downloads', 'blob-7f3a'))).toBe(true);
  });

  it('a file path is used as given', async () => {
    const { dir, outcome } = await download('downloads/mine.pdf', { result: { downloadUrl: `${mcp.base}/files/blob-7f3a`, fileName: 'Q4 report.pdf' } });
    expect(outcome.error).toBeUndefined();
    expect(existsSync(path.join(dir, 'downloads', 'mine.pdf'))).toBe(true);
  });
});

describe('drive upload reads the credentials where upstream does (agent test 20, request 16)', () => {
  async function upload(answer: (base: string) => Record<string, unknown>) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-agent20-'));
    writeFileSync(path.join(dir, 'report.pdf'), '%PDF-1.4 test\n');
    mcp.calls.length = 0;
    mcp.uploads.length = 0;
    mcp.answers = { 'drive/get_upload_info': () => answer(mcp.base), 'drive/commit_upload': () => ({ result: { dentryUuid: 'd1' } }) };
    const outcome = await dispatchInProcess(['drive', 'upload', '--file', 'report.pdf', '--yes'], env(dir));
    return { outcome, calls: mcp.calls.map((c) => ({ rpc: c.name, arguments: c.arguments })), uploads: mcp.uploads.map((u) => u.name) };
  }

  it('resourceUrls[0].url inside result (the usual answer)', async () => {
    const { outcome, calls, uploads } = await upload((b) => ({ result: { resourceUrls: [{ url: `${b}/upload/u1`, headers: {} }], uploadId: 'up1' } }));
    expect(outcome.error).toBeUndefined();
    expect(uploads).toEqual(['u1']);
    expect(calls).toEqual([
      { rpc: 'get_upload_info', arguments: { fileName: 'report.pdf', fileSize: 14 } },
      { rpc: 'commit_upload', arguments: { fileName: 'report.pdf', fileSize: 14, uploadId: 'up1' } },
    ]);
  });

  it('a flat uploadUrl without the result wrapper', async () => {
    const { outcome, calls, uploads } = await upload((b) => ({ uploadUrl: `${b}/upload/u2`, uploadId: 'up2' }));
    expect(outcome.error).toBeUndefined();
    expect(uploads).toEqual(['u2']);
    expect(calls[1]).toEqual({ rpc: 'commit_upload', arguments: { fileName: 'report.pdf', fileSize: 14, uploadId: 'up2' } });
  });

  it('no URL: stops before the PUT and sends no commit', async () => {
    const { outcome, calls, uploads } = await upload(() => ({ result: { uploadId: 'up3' } }));
    // parseDriveUploadInfo's error (helpers/drive.go:227-280@c7521c1c) is the answer's fault, not the flags': backend_error,
    // as drive +upload reports it (session 23)
    expect(outcome.error?.reason).toBe('backend_error');
    expect(uploads).toEqual([]);
    expect(calls.map((c) => c.rpc)).toEqual(['get_upload_info']);
  });
});

describe('drive +version-download into a directory names the file as upstream does', () => {
  it('the answer\'s fileName inside the directory', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-agent20-'));
    mcp.files['blob-v2'] = Buffer.from('v2 bytes');
    mcp.answers = {
      'drive/list_file_versions': () => ({ result: { versions: [{ version: 1 }, { version: 2 }], hasMore: false } }),
      // the name is read beside the URL: with resourceUrls, in its first element (driveDownloadPayload,
      // version_operations.go:270-291@c7521c1c; sw32-7)
      'drive/download_file_version': () => ({ result: { resourceUrls: [{ url: `${mcp.base}/files/blob-v2`, headers: {}, fileName: 'report-v2.pdf' }] } }),
    };
    const outcome = await dispatchInProcess(['drive', '+version-download', '--node', 'n1', '--version', '2', '--output', 'old/'], env(dir));
    expect(outcome.error).toBeUndefined();
    expect(readFileSync(path.join(dir, 'old', 'report-v2.pdf'), 'utf8')).toBe('v2 bytes');
  });
});

describe('doc +export names the saved file as upstream does (document.<ext> in a directory output)', () => {
  async function exportTo(argv: string[]) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-agent20-'));
    mcp.files['oss-9f1c2e'] = Buffer.from('docx bytes');
    mcp.answers = {
      'doc/submit_export_job': () => ({ result: { jobId: 'j1' } }),
      'doc/query_export_job': () => ({ result: { status: 'SUCCESS', downloadUrl: `${mcp.base}/files/oss-9f1c2e` } }),
    };
    const outcome = await dispatchInProcess(['doc', '+export', '--node', 'n1', ...argv], env(dir), undefined, { sleep: async () => {} });
    return { dir, outcome };
  }

  it('the default output "." saves document.docx', async () => {
    const { dir, outcome } = await exportTo([]);
    expect(outcome.error).toBeUndefined();
    expect(readFileSync(path.join(dir, 'document.docx'), 'utf8')).toBe('docx bytes');
  });

  it('a directory with a trailing slash saves document.pdf there', async () => {
    const { dir, outcome } = await exportTo(['--export-format', 'pdf', '--output', 'exports/']);
    expect(outcome.error).toBeUndefined();
    expect(existsSync(path.join(dir, 'exports', 'document.pdf'))).toBe(true);
  });
});

describe('doc +media-download names the saved file after the answer in a directory output', () => {
  it('the default output "." saves the attachment under its fileName', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-agent20-'));
    mcp.files['att-77'] = Buffer.from('png bytes');
    mcp.answers = { 'doc/download_doc_attachment': () => ({ result: { downloadUrl: `${mcp.base}/files/att-77`, fileName: 'diagram.png' } }) };
    const outcome = await dispatchInProcess(['doc', '+media-download', '--node', 'n1', '--resource-id', 'r1'], env(dir));
    expect(outcome.error).toBeUndefined();
    expect(readFileSync(path.join(dir, 'diagram.png'), 'utf8')).toBe('png bytes');
  });
});

describe('chat +messages-resource-download names the saved file after the answer in a directory output', () => {
  it('the default output "." saves the media under its fileName', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-agent20-'));
    mcp.files['media-5'] = Buffer.from('jpg bytes');
    mcp.answers = { 'im/get_resource_download_url': () => ({ result: { resourceUrl: `${mcp.base}/files/media-5`, fileName: 'photo.jpg' } }) };
    const outcome = await dispatchInProcess(['chat', '+messages-resource-download', '--resource-id', '@media5', '--message-id', 'm1', '--open-conversation-id', 'cid1'], env(dir));
    expect(outcome.error).toBeUndefined();
    expect(readFileSync(path.join(dir, 'photo.jpg'), 'utf8')).toBe('jpg bytes');
  });
});
