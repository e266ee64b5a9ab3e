// Session 50 lead: markdown patch uploads its patched text through uploadToDrive / uploadToDocSpace
// (helpers/markdown.go:715-735@c7521c1c), whose httpPutFile checks no size (helpers/doc.go:294-325@c7521c1c). dws's
// three upload steps of the plan kept the upload step's 20 MiB default, so a document of more than 20 MiB was downloaded,
// patched and then refused before its PUT. They now take the upload step's most, 5 GiB, as the other uploads do since
// session 49 (test/plan/h49-lead.test.ts).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h50lead-');
const { mcp } = outputs;
const OVER_20_MIB = 20 * 1024 * 1024 + 1;
/** A current document of more than 20 MiB holding one `old` to replace. */
const bigCurrent = () => Buffer.concat([Buffer.from('old '), Buffer.alloc(OVER_20_MIB, 'y')]);

describe('markdown patch uploads a patched document above 20 MiB, as httpPutFile does (markdown.go:715-735, doc.go:294-325@c7521c1c)', () => {
  it('on the drive route: the download, the credentials, the PUT of every patched byte, the commit', async () => {
    mcp.files['cur.md'] = bigCurrent();
    mcp.uploads.length = 0;
    outputs.answer('drive/get_file_info', { result: { fileName: 'R.md' } });
    outputs.answer('drive/download_file', { result: { downloadUrl: `${mcp.base}/files/cur.md` } });
    outputs.answer('drive/get_upload_info', { result: { uploadId: 'up1', resourceUrl: `${mcp.base}/upload/p1` } });
    outputs.answer('drive/commit_upload', { result: { fileId: 'n1' } });
    const r = await outputs.sent(['markdown', 'patch', '--node', 'n1', '--space-id', 's1', '--pattern', 'old', '--content', 'new', '--yes']);
    const put = mcp.uploads.at(-1);
    expect([r.reason, r.calls.map(([tool]) => tool), put?.bytes.length, put?.bytes.subarray(0, 4).toString()]).toEqual([
      undefined, ['drive/get_file_info', 'drive/download_file', 'drive/get_upload_info', 'drive/commit_upload'], OVER_20_MIB + 4, 'new ']);
    expect(r.calls.at(-1)).toEqual(['drive/commit_upload', { fileName: 'R.md', fileSize: OVER_20_MIB + 4, uploadId: 'up1', spaceId: 's1', overwriteFileId: 'n1' }]);
    mcp.uploads.length = 0;
  });
});
