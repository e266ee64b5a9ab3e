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
