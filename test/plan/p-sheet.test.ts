// What the sheet commands the p-sheet pre-audit read print, as upstream's bodies at c7521c1c do, run as a user types
// them against the recording backend on 127.0.0.1 (issue 32). The arguments are pinned by the `p-sheet:` recorded-call
// goldens of test/fixtures/calls/sheet.yaml.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-psheet-');
const { sent, mcp } = outputs;

describe('sheet media-upload prints upstream JSON mode receipt (runSheetMediaUpload, helpers/sheet_media.go:88-127)', () => {
  it('prints success, resourceId, resourceUrl, the final file name and its size after the PUT', async () => {
    outputs.answer('doc/get_doc_attachment_upload_info', { result: { uploadUrl: `${mcp.base}/upload/p1`, resourceId: 'R1', resourceUrl: 'https://x/r1' } });
    expect(await sent(['sheet', 'media-upload', '--node', 'N1', '--file', 'report.pdf', '--name', '月报'], { 'report.pdf': '%PDF-1.4' })).toEqual({
      reason: undefined, category: undefined,
      calls: [['doc/get_doc_attachment_upload_info', { nodeId: 'N1', fileName: '月报.pdf', fileSize: 8, mimeType: 'application/pdf' }]],
      printed: { success: true, resourceId: 'R1', resourceUrl: 'https://x/r1', fileName: '月报.pdf', fileSize: 8 },
    });
  });

  it('reads the top level when result is not an object, and prints an empty resourceUrl when it is not text', async () => {
    outputs.answer('doc/get_doc_attachment_upload_info', { result: 'x', uploadUrl: `${mcp.base}/upload/p2`, resourceId: 'R2', resourceUrl: 7 });
    expect(await sent(['sheet', 'media-upload', '--node', 'N1', '--file', 'a.png'], { 'a.png': 'PNG' })).toEqual({
      reason: undefined, category: undefined,
      calls: [['doc/get_doc_attachment_upload_info', { nodeId: 'N1', fileName: 'a.png', fileSize: 3, mimeType: 'image/png' }]],
      printed: { success: true, resourceId: 'R2', resourceUrl: '', fileName: 'a.png', fileSize: 3 },
    });
    expect(mcp.uploads.map((u) => u.name)).toEqual(['p2']);
  });
});

describe('sheet write-image uploads the image and then writes it (runSheetWriteImage, helpers/sheet_media.go:136-268)', () => {
  it('prints the write_image answer', async () => {
    outputs.answer('doc/get_doc_attachment_upload_info', { uploadUrl: `${mcp.base}/upload/p3`, resourceId: 'R3', resourceUrl: 'https://x/r3' });
    outputs.answer('sheet/write_image', { success: true, result: { rangeAddress: 'A1:A1' } });
    expect(await sent(['sheet', 'write-image', '--node', 'N1', '--sheet-id', 'S1', '--range', 'A1:A1', '--file', 'c.png'], { 'c.png': 'PNG' })).toEqual({
      reason: undefined, category: undefined,
      calls: [
        ['doc/get_doc_attachment_upload_info', { nodeId: 'N1', fileName: 'c.png', fileSize: 3, mimeType: 'image/png' }],
        ['sheet/write_image', { nodeId: 'N1', sheetId: 'S1', rangeAddress: 'A1:A1', resourceId: 'R3', resourceUrl: 'https://x/r3' }],
      ],
      printed: { success: true, result: { rangeAddress: 'A1:A1' } },
    });
  });

  // h36-left (issue 32): upstream returns parseAttachmentUploadInfo's error and httpPutFile's as they are, before
  // anything took effect (sheet_media.go:212-237, :87-112@c7521c1c): the run's own error, not a partial outcome
  it('credentials without a resourceId, or a refused PUT, fail as themselves with nothing written (write-image and media-upload)', async () => {
    const got = [];
    for (const argv of [['sheet', 'write-image', '--node', 'N1', '--sheet-id', 'S1', '--range', 'A1:A1', '--file', 'c.png'], ['sheet', 'media-upload', '--node', 'N1', '--file', 'c.png']]) {
      for (const info of [{ uploadUrl: `${mcp.base}/upload/p4` }, { uploadUrl: `${mcp.base}/upload/p4?status=403`, resourceId: 'R4' }]) {
        outputs.answer('doc/get_doc_attachment_upload_info', info);
        const r = await outputs.failure(argv, { 'c.png': 'PNG' });
        got.push([r.reason, r.out, mcp.calls.map((c) => c.name)]);
        mcp.calls.length = 0;
      }
    }
    expect(got).toEqual(Array.from({ length: 4 }, () => ['backend_error', '', ['get_doc_attachment_upload_info']]));
  });
});
