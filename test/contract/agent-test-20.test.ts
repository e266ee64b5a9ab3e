// Agent test 20 (notes/agent-test-20.md), request 17: `drive +download --output <directory>/` names the local file
// as upstream does (shortcut/drive/drive.go Download -> localio openDownloadTarget with PreferredName): the answer's
// fileName (or name), made one safe file name, inside the directory; the URL's last segment only when the answer
// names none. The recorded-call golden (test/fixtures/calls/drive.yaml) pins the MCP call; this pins the file.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { startMcpServer, type McpFixture } from '../fixtures/mcp/server.js';

let mcp: McpFixture;
beforeAll(async () => {
  mcp = await startMcpServer();
});
afterAll(async () => {
  await mcp.close();
});

function env(dir: string): Record<string, string> {
  return {
    DWS_MCP_URL_TEMPLATE: mcp.urlTemplate, DWS_ALLOW_HTTP_ENDPOINTS: '1', DWS_CONFIG: '/nonexistent/dws.json', DWS_TOKEN: 'tok-agent-20',
    DWS_FILE_ROOT: dir, DWS_JOURNAL: path.join(dir, 'journal.jsonl'), DWS_STATE_DIR: path.join(dir, 'state'),
  };
}

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
