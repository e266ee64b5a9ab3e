// Session 35 second reading, part b1 (issue 32, seed 20261310): where a drawn command still differed from upstream's
// body at c7521c1c, run as a user types it against the recording backend on 127.0.0.1 (notes/h35-b1.md).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h35b1-');
const { run, mcp } = outputs;

// drive download / download-version (helpers/drive.go:750-757, :930-935; extractFileNameFromResponse :3717-3729,
// sanitizeFileName :3700-3713; inferFilename doc.go:441-459@c7521c1c): an --output that is an existing directory
// receives the answer's fileName (inside result when that is an object; a non-empty text, `\` read as `/`, its last
// element), else the URL's last segment.
describe('drive download into a directory: the answer\'s fileName names the file (helpers/drive.go:750-757@c7521c1c)', () => {
  it('download: fileName inside result, its last element', async () => {
    mcp.files = { 'a.bin': Buffer.from('hello') };
    outputs.answer('drive/download_file', { success: true, result: { downloadUrl: `${mcp.base}/files/a.bin`, fileName: 'x\\报告.txt', version: 2 } });
    expect(await run(['drive', 'download', '--node', 'n1', '--output', '.'])).toEqual({ success: true, nodeId: 'n1', version: 2, savedPath: '报告.txt', sizeBytes: 5 });
  });
  it('download: a blank-free empty or non-text fileName falls back to the URL\'s last segment', async () => {
    mcp.files = { 'a.bin': Buffer.from('hello') };
    outputs.answer('drive/download_file', { downloadUrl: `${mcp.base}/files/a.bin`, fileName: 7 });
    expect(await run(['drive', 'download', '--node', 'n1', '--output', '.'])).toMatchObject({ savedPath: 'a.bin' });
    outputs.answer('drive/download_file', { downloadUrl: `${mcp.base}/files/a.bin`, fileName: '' });
    expect(await run(['drive', 'download', '--node', 'n1', '--output', '.'])).toMatchObject({ savedPath: 'a.bin' });
  });
  it('download-version: the same name rule; a file target keeps its own name', async () => {
    mcp.files = { 'a.bin': Buffer.from('hello') };
    outputs.answer('drive/download_file_version', { result: { downloadUrl: `${mcp.base}/files/a.bin`, fileName: 'v2.docx' } });
    expect(await run(['drive', 'download-version', '--node', 'n1', '--version', '2', '--output', '.'])).toMatchObject({ savedPath: 'v2.docx', sizeBytes: 5 });
    expect(await run(['drive', 'download-version', '--node', 'n1', '--version', '2', '--output', 'mine.bin'])).toMatchObject({ savedPath: 'mine.bin' });
  });
});

// viewGetProject (shortcut/aitable/aitable.go:1215-1242, viewGetFirst :1254-1261@c7521c1c): every element of the list
// resolveNamedList finds must be an object holding one of viewId/view_id/id (else an error, nothing printed); each field
// is the first spelling present as a key, a null value included.
describe('aitable +view-get prints the views as viewGetProject builds them (shortcut/aitable/aitable.go:1215-1261@c7521c1c)', () => {
  const argv = ['aitable', '+view-get', '--base-id', 'b', '--table-id', 't'];
  it('an element that is not an object, or has no viewId spelling, fails the command', async () => {
    for (const views of [[1], [{ viewId: 'a' }, { name: 'x' }], [{ viewId: 'a' }, null]]) {
      outputs.answer('aitable/get_views', { views });
      expect(await outputs.refusal(argv)).toEqual({ reason: 'backend_error', out: '' });
    }
  });
  it('a spelling present with null is taken (the first present key decides)', async () => {
    outputs.answer('aitable/get_views', { result: { views: [{ viewId: null, id: 'v0', viewName: null, name: 'N', type: 'Grid' }, { id: 'v2' }] } });
    expect(await run(argv)).toEqual({ count: 2, views: [{ viewId: null, viewName: null, viewType: 'Grid' }, { viewId: 'v2' }] });
  });
  it('controls: an empty list prints count 0; no list anywhere is still refused', async () => {
    outputs.answer('aitable/get_views', { data: { views: [] } });
    expect(await run(argv)).toEqual({ count: 0, views: [] });
    outputs.answer('aitable/get_views', { data: { other: 1 } });
    expect(await outputs.refusal(argv)).toEqual({ reason: 'backend_error', out: '' });
  });
});
