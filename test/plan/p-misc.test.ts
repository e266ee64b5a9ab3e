// What the doc, ding, live, attendance and drive commands the p-misc pre-audit read print, as upstream's bodies at
// c7521c1c do, run as a user types them against the recording backend on 127.0.0.1 (issue 32). The arguments are
// pinned by the `p-misc:` recorded-call goldens of test/fixtures/calls/*.yaml.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pmisc-');
const { sent, mcp } = outputs;

describe('doc media upload prints upstream receipt (runDocMediaUpload, helpers/doc_media_upload.go:74-81@c7521c1c)', () => {
  it('prints nodeId as typed, resourceId, resourceUrl, the final file name, its type and size after the PUT', async () => {
    outputs.answer('doc/get_doc_attachment_upload_info', { result: { uploadUrl: `${mcp.base}/upload/u1`, resourceId: 'R1', resourceUrl: 'https://x/r1' } });
    expect(await sent(['doc', 'media', 'upload', '--node', ' D1 ', '--file', 'chart.png', '--name', '销售图', '--yes'], { 'chart.png': 'PNG' })).toEqual({
      reason: undefined, category: undefined,
      calls: [['doc/get_doc_attachment_upload_info', { fileName: '销售图.png', fileSize: 3, mimeType: 'image/png', nodeId: ' D1 ' }]],
      printed: { nodeId: ' D1 ', resourceId: 'R1', resourceUrl: 'https://x/r1', fileName: '销售图.png', mimeType: 'image/png', size: 3 },
    });
    expect(mcp.uploads.map((u) => u.name)).toEqual(['u1']);
  });

  it('reads the credentials at the top level when result is not an object', async () => {
    mcp.uploads.length = 0;
    outputs.answer('doc/get_doc_attachment_upload_info', { result: 'x', uploadUrl: `${mcp.base}/upload/u2`, resourceId: 'R2', resourceUrl: 'https://x/r2' });
    const r = await sent(['doc', 'media', 'upload', '--node', 'D1', '--file', 'a.bin', '--mime-type', 'application/x-demo', '--yes'], { 'a.bin': 'abcd' });
    expect(r.printed).toEqual({ nodeId: 'D1', resourceId: 'R2', resourceUrl: 'https://x/r2', fileName: 'a.bin', mimeType: 'application/x-demo', size: 4 });
    expect(mcp.uploads.map((u) => u.name)).toEqual(['u2']);
  });
});

describe('doc +media-list prints a resourceId as fmt.Sprint writes it (collectMediaItems media_style_shortcuts.go:340@c7521c1c)', () => {
  it('a list or an object resourceId is printed in Go syntax; null and "" make no row', async () => {
    outputs.answer('doc/list_document_blocks', { result: { blocks: [{ blockId: 'B1', resourceId: [1, 'a'] }, { blockId: 'B2', resourceId: { k: 2, a: null } }, { blockId: 'B3', resourceId: null }, { blockId: 'B4', resourceId: '' }] } });
    const r = await sent(['doc', '+media-list', '--node', 'D1']);
    expect((r.printed as { data: unknown }).data).toEqual({
      count: 2, nodeId: 'D1',
      media: [{ blockId: 'B1', resourceId: '[1 a]' }, { blockId: 'B2', resourceId: 'map[a:<nil> k:2]' }],
    });
  });
});

describe('drive download prints the file version parseDownloadFileVersion reads (drive.go:766, :797-803; drive_transfer.go:198-214@c7521c1c)', () => {
  const run = async (answer: Record<string, unknown>) => {
    mcp.files = { 'f.bin': Buffer.from('FILE') };
    outputs.answer('drive/download_file', answer);
    return (await sent(['drive', 'download', '--node', ' d1 ', '--output', 'out.bin'])).printed;
  };

  it('a number inside result is truncated toward zero; the node as typed, the path as given', async () => {
    expect(await run({ result: { downloadUrl: `${mcp.base}/files/f.bin`, version: 3.9 } })).toEqual({ success: true, nodeId: ' d1 ', version: 3, savedPath: 'out.bin', sizeBytes: 4 });
    expect(await run({ result: { downloadUrl: `${mcp.base}/files/f.bin`, version: -2.5 } })).toEqual({ success: true, nodeId: ' d1 ', version: -2, savedPath: 'out.bin', sizeBytes: 4 });
  });

  it('a text is read as strconv.Atoi reads it, anything else is 0; the top level is read when result is not an object', async () => {
    expect((await run({ result: 'x', resourceUrl: `${mcp.base}/files/f.bin`, version: '+7' }) as { version: number }).version).toBe(7);
    expect((await run({ result: { resourceUrl: `${mcp.base}/files/f.bin`, version: '7x' } }) as { version: number }).version).toBe(0);
    expect((await run({ result: { resourceUrl: `${mcp.base}/files/f.bin`, version: [1] } }) as { version: number }).version).toBe(0);
    expect((await run({ result: { resourceUrl: `${mcp.base}/files/f.bin` }, version: 5 }) as { version: number }).version).toBe(0);
  });
});
