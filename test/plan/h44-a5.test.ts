// Session 44 second reading, part a5 (issue 32, notes/h44-a5.md, seed 20261394): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h44a5-');

describe('doc style cover set: --file-path is its own flag to cobra, outside MarkFlagsMutuallyExclusive("image", "file") (helpers/doc_style.go:225, :283-293, cross_product_aliases.go:57-82@c7521c1c)', () => {
  const credentials = () => outputs.answer('doc/get_doc_attachment_upload_info', { uploadUrl: `${outputs.mcp.base}/upload/c.png`, resourceId: 'rid1' });
  it('a typed blank --image beside --file-path uploads the file: cobra sees only --image set, the body sees no image', async () => {
    credentials();
    const run = await outputs.sent(['doc', 'style', 'cover', 'set', '--node', 'd1', '--image', '', '--file-path', 'c.png'], { 'c.png': 'PNG' });
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([
      ['doc/get_doc_attachment_upload_info', { nodeId: 'd1', fileName: 'c.png', fileSize: 3, mimeType: 'image/png' }],
      ['doc/update_document_style', { nodeId: 'd1', cover: { action: 'set', resourceId: 'rid1' } }],
    ]);
  });
  it('a typed blank --image beside --file is still refused before any call (both flags of the cobra group set)', async () => {
    const run = await outputs.sent(['doc', 'style', 'cover', 'set', '--node', 'd1', '--image', '', '--file', 'c.png'], { 'c.png': 'PNG' });
    expect(run.reason).toBe('invalid_parameter');
    expect(run.calls).toEqual([]);
  });
  it('a non-blank --image beside --file-path is refused by the body before any call', async () => {
    const run = await outputs.sent(['doc', 'style', 'cover', 'set', '--node', 'd1', '--image', ' ', '--file-path', 'c.png'], { 'c.png': 'PNG' });
    expect(run.reason).toBeDefined();
    expect(run.calls).toEqual([]);
  });
  it('a typed blank --file yields to --file-path, with no --image typed (flagOrFallback skips the empty --file)', async () => {
    credentials();
    const run = await outputs.sent(['doc', 'style', 'cover', 'set', '--node', 'd1', '--file', '', '--file-path', 'c.png'], { 'c.png': 'PNG' });
    expect(run.reason).toBeUndefined();
    expect(run.calls[0]).toEqual(['doc/get_doc_attachment_upload_info', { nodeId: 'd1', fileName: 'c.png', fileSize: 3, mimeType: 'image/png' }]);
  });
  it('--file wins over --file-path (flagOrFallback("file", "file-path"))', async () => {
    credentials();
    const run = await outputs.sent(['doc', 'style', 'cover', 'set', '--node', 'd1', '--file', 'c.png', '--file-path', 'd.png'], { 'c.png': 'PNG', 'd.png': 'PNGPNG' });
    expect(run.calls[0]).toEqual(['doc/get_doc_attachment_upload_info', { nodeId: 'd1', fileName: 'c.png', fileSize: 3, mimeType: 'image/png' }]);
  });
});
