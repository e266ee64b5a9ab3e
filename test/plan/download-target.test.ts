// The download step's target naming and temporary directory (docs/PLANS.md "download": `name`, `temp_dir`), run as a
// user types the commands that use them against the recording backend on 127.0.0.1: a directory target is named
// after the answer's preferred name (upstream localio.openDownloadTarget + SafeFilename), and doc +media-preview
// fetches into a fresh directory under the system's temporary directory (upstream MkdirTemp), removed on failure.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useMcpServer, recordingEnv } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

async function run(argv: string[], root = mkdtempSync(path.join(os.tmpdir(), 'dws-dl-'))) {
  const outcome = await dispatchInProcess(argv, {
    ...recordingEnv(mcp.urlTemplate, 't'),
    DWS_FILE_ROOT: root, DWS_JOURNAL: path.join(root, 'journal.jsonl'), DWS_STATE_DIR: path.join(root, 'state'),
  });
  return { root, outcome };
}
const previews = () => new Set(readdirSync(os.tmpdir()).filter((n) => n.startsWith('dws-doc-preview-')));

describe('a directory target named after the answer', () => {
  it.each([['.'], ['out/'], ['out']])('--output %s receives the answer\'s file name, made safe', async (output) => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dws-dl-'));
    mkdirSync(path.join(root, 'out'));
    mcp.files['r.bin'] = Buffer.from('DATA');
    mcp.answers['doc/download_doc_attachment'] = () => ({ result: { downloadUrl: `${mcp.base}/files/r.bin`, fileName: '../季度/报告.pdf' } });
    const { outcome } = await run(['doc', '+media-download', '--node', 'D1', '--resource-id', 'R1', '--output', output], root);
    expect(outcome.error?.envelope()).toBeUndefined();
    const dir = output === '.' ? root : path.join(root, 'out');
    const written = readdirSync(dir).filter((n) => n.endsWith('.pdf'));
    expect(written).toHaveLength(1);
    expect(written[0]).not.toContain('/');
    expect(readFileSync(path.join(dir, written[0]), 'utf8')).toBe('DATA');
  });
  it('falls back to the URL\'s name when the answer names none', async () => {
    mcp.files['r2.bin'] = Buffer.from('D2');
    mcp.answers['doc/download_doc_attachment'] = () => ({ result: { downloadUrl: `${mcp.base}/files/r2.bin` } });
    const { root, outcome } = await run(['doc', '+media-download', '--node', 'D1', '--resource-id', 'R1']);
    expect(outcome.error?.envelope()).toBeUndefined();
    expect(readFileSync(path.join(root, 'r2.bin'), 'utf8')).toBe('D2');
  });
});

describe('doc +media-preview', () => {
  it('downloads into a fresh temporary directory outside the file root and prints its absolute path', async () => {
    mcp.files['p.png'] = Buffer.from('PNGDATA');
    mcp.answers['doc/download_doc_attachment'] = () => ({ result: { downloadUrl: `${mcp.base}/files/p.png`, fileName: '图.png' } });
    const { root, outcome } = await run(['doc', '+media-preview', '--node', 'D1', '--resource-id', 'R1']);
    expect(outcome.error?.envelope()).toBeUndefined();
    const { result: { data: result } } = JSON.parse(outcome.out) as { result: { data: { previewPath: string; sizeBytes: number } } };
    expect(result).toEqual({ nodeId: 'D1', resourceId: 'R1', previewPath: result.previewPath, sizeBytes: 7, verified: true });
    expect(path.isAbsolute(result.previewPath)).toBe(true);
    expect(path.basename(result.previewPath)).toBe('图.png');
    expect(path.basename(path.dirname(result.previewPath))).toMatch(/^dws-doc-preview-/u);
    expect(result.previewPath.startsWith(root)).toBe(false);
    expect(readFileSync(result.previewPath, 'utf8')).toBe('PNGDATA');
  });
  it('leaves no directory behind when the attachment is empty or cannot be fetched', async () => {
    const before = previews();
    mcp.files['e.bin'] = Buffer.alloc(0);
    mcp.answers['doc/download_doc_attachment'] = () => ({ result: { downloadUrl: `${mcp.base}/files/e.bin` } });
    expect((await run(['doc', '+media-preview', '--node', 'D1', '--resource-id', 'R1'])).outcome.error?.reason).toBe('backend_error');
    mcp.answers['doc/download_doc_attachment'] = () => ({ result: { downloadUrl: `${mcp.base}/files/missing.bin` } });
    expect((await run(['doc', '+media-preview', '--node', 'D1', '--resource-id', 'R1'])).outcome.error?.reason).toBe('backend_error');
    const left = [...previews()].filter((n) => !before.has(n));
    expect(left.filter((n) => existsSync(path.join(os.tmpdir(), n)))).toEqual([]);
  });
});
