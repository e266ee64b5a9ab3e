// doc shortcuts that upstream prints inside its doc.operation.v1 envelope (docEnvelope, doc/common.go:145-157@c7521c1c;
// issue 32, f-docwrap), run as a user types them against the recording backend on 127.0.0.1.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useMcpServer, recordingEnv } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

async function run(argv: string[]) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dws-docwrap-'));
  const outcome = await dispatchInProcess(argv, {
    ...recordingEnv(mcp.urlTemplate, 't'),
    DWS_FILE_ROOT: root, DWS_JOURNAL: path.join(root, 'journal.jsonl'), DWS_STATE_DIR: path.join(root, 'state'),
  });
  mcp.calls.length = 0;
  return { root, reason: outcome.error?.reason, printed: outcome.out ? (JSON.parse(outcome.out) as { result: Record<string, unknown> }).result : undefined };
}
const envelope = (operation: string, data: unknown) => ({
  compensation: { available: false, reason: '' }, complete: true, contractVersion: 'doc.operation.v1',
  data, ok: true, operation, status: 'success', steps: null, warnings: [],
});

describe('doc media shortcuts print docEnvelope without steps (media_style_shortcuts.go@c7521c1c)', () => {
  it('doc +media-download prints {nodeId, resourceId, localPath, sizeBytes, verified} in the envelope (:256)', async () => {
    mcp.files['m.bin'] = Buffer.from('DATA');
    mcp.answers['doc/download_doc_attachment'] = () => ({ result: { downloadUrl: `${mcp.base}/files/m.bin`, fileName: '报告.pdf' } });
    const { root, reason, printed } = await run(['doc', '+media-download', '--node', 'D1', '--resource-id', 'R1']);
    expect({ reason, printed }).toEqual({
      reason: undefined,
      printed: envelope('doc.media_download', { nodeId: 'D1', resourceId: 'R1', localPath: '报告.pdf', sizeBytes: 4, verified: true }),
    });
    expect(readFileSync(path.join(root, '报告.pdf'), 'utf8')).toBe('DATA');
  });

  it('doc +media-preview prints the preview in the envelope (:117)', async () => {
    mcp.files['p.png'] = Buffer.from('PNGDATA');
    mcp.answers['doc/download_doc_attachment'] = () => ({ result: { downloadUrl: `${mcp.base}/files/p.png`, fileName: '图.png' } });
    const { reason, printed } = await run(['doc', '+media-preview', '--node', 'D1', '--resource-id', 'R1']);
    const previewPath = (printed?.data as { previewPath: string } | undefined)?.previewPath ?? '';
    expect({ reason, printed }).toEqual({
      reason: undefined,
      printed: envelope('doc.media_preview', { nodeId: 'D1', resourceId: 'R1', previewPath, sizeBytes: 7, verified: true }),
    });
    expect(path.isAbsolute(previewPath)).toBe(true);
    expect(readFileSync(previewPath, 'utf8')).toBe('PNGDATA');
  });

  it('doc +resource-download prints {localPath, sizeBytes} in the envelope (:312)', async () => {
    mcp.files['c.png'] = Buffer.from('COVER');
    mcp.answers['doc/get_document_style'] = () => ({ result: { cover: { resourceId: 'RC1' } } });
    mcp.answers['doc/download_doc_attachment'] = () => ({ result: { downloadUrl: `${mcp.base}/files/c.png` } });
    const { root, reason, printed } = await run(['doc', '+resource-download', '--node', 'D1', '--output', 'cover.png']);
    expect({ reason, printed }).toEqual({ reason: undefined, printed: envelope('doc.resource_download', { localPath: 'cover.png', sizeBytes: 5 }) });
    expect(readFileSync(path.join(root, 'cover.png'), 'utf8')).toBe('COVER');
  });
});

describe('doc +checkpoint-update prints docEnvelope with its three steps (content_shortcuts.go:436-461@c7521c1c)', () => {
  it('wraps {nodeId, verification: the read that held, verified} with steps checkpoint, update, verify', async () => {
    mcp.answers['doc/save_doc_version'] = () => ({ result: { version: 3 } });
    mcp.answers['doc/update_document'] = () => ({ success: true });
    mcp.answers['doc/get_document_content'] = () => ({ result: { markdown: '旧的\n\n补充' } });
    const { reason, printed } = await run(['doc', '+checkpoint-update', '--node', 'D1', '--content', '补充', '--yes']);
    expect({ reason, printed }).toEqual({
      reason: undefined,
      printed: {
        ...envelope('doc.checkpoint_update', { nodeId: 'D1', verification: { result: { markdown: '旧的\n\n补充' } }, verified: true }),
        steps: [{ name: 'checkpoint', status: 'success' }, { name: 'update', status: 'success' }, { name: 'verify', status: 'success' }],
      },
    });
  });
});

describe('doc +export prints docEnvelope with the steps submit, poll, download (content_shortcuts.go:1526-1527@c7521c1c)', () => {
  it('wraps {jobId, localPath, sizeBytes} of the saved export', async () => {
    mcp.files['e.md'] = Buffer.from('# 标题');
    mcp.answers['doc/submit_export_job'] = () => ({ result: { jobId: 'J1' } });
    mcp.answers['doc/query_export_job'] = () => ({ result: { status: 'SUCCESS', downloadUrl: `${mcp.base}/files/e.md` } });
    const { root, reason, printed } = await run(['doc', '+export', '--node', 'D1', '--export-format', 'markdown', '--yes']);
    expect({ reason, printed }).toEqual({
      reason: undefined,
      printed: {
        ...envelope('doc.export', { jobId: 'J1', localPath: 'document.md', sizeBytes: 8 }),
        steps: [{ name: 'submit', status: 'success' }, { name: 'poll', status: 'success' }, { name: 'download', status: 'success' }],
      },
    });
    expect(readFileSync(path.join(root, 'document.md'), 'utf8')).toBe('# 标题');
  });
});
