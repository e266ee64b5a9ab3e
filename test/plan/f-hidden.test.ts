// Flag spellings upstream registers on a command (branch f-hidden, issue 32), run as a user types them against the
// recording backend on 127.0.0.1: doc +export-get's --output, a local flag of the shortcut at c7521c1c that saves a
// finished export (shortcut/doc/content_shortcuts.go:1540-1579), and the hidden cross-product spellings drive upload
// and drive list register but never read, which dws accepts and ignores as upstream (h34-args). The calls are pinned by
// test/fixtures/calls/{doc,drive}.yaml.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

async function run(argv: string[], prepare: (dir: string) => void = () => {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-f-hidden-'));
  prepare(dir);
  const outcome = await dispatchInProcess(argv, privateEnv(mcp.urlTemplate, 't', dir));
  return { dir, error: outcome.error, sent: mcp.calls.map((c) => c.name), fetched: mcp.fetched.map((f) => f.name) };
}

describe('doc +export-get --output', () => {
  it('saves a finished export into a directory as document, as upstream names it (PreferredName)', async () => {
    mcp.files['e.docx'] = Buffer.from('DOCX');
    mcp.answers['doc/query_export_job'] = () => ({ result: { status: 'success', downloadUrl: `${mcp.base}/files/e.docx` } });
    const r = await run(['doc', '+export-get', '--job-id', 'j1', '--output', 'exports/']);
    expect(r.error).toBeUndefined();
    expect(r.fetched).toEqual(['e.docx']);
    expect(readFileSync(path.join(r.dir, 'exports', 'document'), 'utf8')).toBe('DOCX');
  });

  it('reads the URL inside data too, and resourceUrl when there is no downloadUrl', async () => {
    mcp.files['r.pdf'] = Buffer.from('PDF');
    mcp.answers['doc/query_export_job'] = () => ({ data: { status: 'SUCCESS', resourceUrl: `${mcp.base}/files/r.pdf` } });
    const r = await run(['doc', '+export-get', '--job-id', 'j1', '-o', 'out.pdf']);
    expect(r.error).toBeUndefined();
    expect(readFileSync(path.join(r.dir, 'out.pdf'), 'utf8')).toBe('PDF');
  });

  it('fetches nothing while the job runs, or without --output', async () => {
    mcp.files['e.docx'] = Buffer.from('DOCX');
    mcp.answers['doc/query_export_job'] = () => ({ result: { status: 'PROCESSING', downloadUrl: `${mcp.base}/files/e.docx` } });
    expect((await run(['doc', '+export-get', '--job-id', 'j1', '--output', 'exports/'])).fetched).toEqual([]);
    mcp.answers['doc/query_export_job'] = () => ({ result: { status: 'SUCCESS', downloadUrl: `${mcp.base}/files/e.docx` } });
    const r = await run(['doc', '+export-get', '--job-id', 'j1']);
    expect(r.error).toBeUndefined();
    expect(r.fetched).toEqual([]);
  });

  it('never overwrites an existing file', async () => {
    mcp.files['e.docx'] = Buffer.from('NEW');
    mcp.answers['doc/query_export_job'] = () => ({ result: { status: 'SUCCESS', downloadUrl: `${mcp.base}/files/e.docx` } });
    const r = await run(['doc', '+export-get', '--job-id', 'j1', '--output', 'kept.docx'], (dir) => writeFileSync(path.join(dir, 'kept.docx'), 'OLD'));
    // h44-left: upstream wraps LOCAL_FILE_EXISTS in docExportRecoveryError, an API error (content_shortcuts.go:1571-1575@c7521c1c)
    expect(r.error?.reason).toBe('backend_error');
    expect(readFileSync(path.join(r.dir, 'kept.docx'), 'utf8')).toBe('OLD');
  });
});

describe('hidden spellings upstream registers but never reads', () => {
  it('drive upload ignores --file-path beside --file: it runs as --file alone does, as upstream (runDriveUpload reads --file, drive.go:70@c7521c1c; h34-args, before: refused)', async () => {
    const file = (dir: string) => writeFileSync(path.join(dir, 'a.txt'), 'x');
    const alone = await run(['drive', 'upload', '--file', 'a.txt', '--yes'], file);
    const calls = mcp.calls.map((c) => [c.name, c.arguments]);
    const r = await run(['drive', 'upload', '--file', 'a.txt', '--file-path', 'other.txt', '--yes'], file);
    expect(calls.length).toBeGreaterThan(0);
    expect(mcp.calls.slice(calls.length).map((c) => [c.name, c.arguments])).toEqual(calls);
    expect(r.error?.reason).toBe(alone.error?.reason);
  });

  it('doc media insert ignores --file-path beside --file and asks upload credentials for --file (runMediaInsert doc.go:501-510@c7521c1c)', async () => {
    const r = await run(['doc', 'media', 'insert', '--node', 'n1', '--file-path', 'other.png', '--file', 'y.png'], (dir) => writeFileSync(path.join(dir, 'y.png'), 'xyz'));
    expect(r.sent[0]).toBe('get_doc_attachment_upload_info');
    expect(mcp.calls[0].arguments).toMatchObject({ nodeId: 'n1', fileName: 'y.png', fileSize: 3 });
    const alone = await run(['doc', 'media', 'insert', '--node', 'n1', '--file-path', 'y.png'], (dir) => writeFileSync(path.join(dir, 'y.png'), 'xyz'));
    expect(alone.error?.reason).toBe('missing_parameter');
  });

  it('drive list ignores --page-size and sends its default size, as upstream (the body reads --limit, else --max, drive.go:473-477@c7521c1c; h34-args, before: refused)', async () => {
    const r = await run(['drive', 'list', '--page-size', '5']);
    expect(r.error).toBeUndefined();
    expect(r.sent).toEqual(['list_files']);
    expect(mcp.calls[0].arguments).toEqual({ maxResults: 20 });
  });
});
