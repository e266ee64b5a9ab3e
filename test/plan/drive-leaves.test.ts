// drive upload, drive download and drive download-version read their transfer credentials as upstream's helpers do
// (uploadToDrive helpers/drive.go:3745-3790 with driveUploadPut drive_transfer.go:828-850; uploadToDocSpace :3793 with
// parseUploadInfo doc.go:263-291; parseDriveDownloadInfo drive.go:3984-4022@c7521c1c), run as a user types them
// against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { run, refusal, answer, mcp } = useOutputRuns('dws-drive-leaves-');

describe('drive upload (the leaf) as uploadToDrive and uploadToDocSpace', () => {
  it('a 401 on the first PUT: get_upload_info again, the bytes PUT to the fresh URL with its text headers, the commit with the fresh uploadId', async () => {
    let n = 0;
    mcp.answers['drive/get_upload_info'] = () => (n++ === 0
      ? { result: { uploadId: 'old', resourceUrl: `${mcp.base}/upload/x.txt?status=401` } }
      : { result: { uploadId: 'new', resourceUrls: [{ url: `${mcp.base}/upload/y.txt`, headers: { 'x-fresh': '1', 'x-n': 2 } }] } });
    answer('drive/commit_upload', { success: true, fileId: 'f1' });
    await run(['drive', 'upload', '--file', 'x.txt', '--folder', 'fldA', '--yes'], { 'x.txt': 'abc' });
    expect(mcp.uploads.map((u) => [u.name, u.bytes.toString(), u.headers['x-fresh'], u.headers['x-n']])).toEqual([['x.txt', 'abc', undefined, undefined], ['y.txt', 'abc', '1', undefined]]);
    expect(mcp.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['get_upload_info', { fileName: 'x.txt', fileSize: 3, parentId: 'fldA' }],
      ['get_upload_info', { fileName: 'x.txt', fileSize: 3, parentId: 'fldA' }],
      ['commit_upload', { fileName: 'x.txt', fileSize: 3, uploadId: 'new', parentId: 'fldA' }],
    ]);
  });

  it('credentials inside result are read there only: a URL at the top beside a result object is not used, and nothing is PUT', async () => {
    answer('drive/get_upload_info', { resourceUrl: `${mcp.base}/upload/x.txt`, uploadId: 'u-top', result: { uploadId: 'u1' } });
    expect(await refusal(['drive', 'upload', '--file', 'x.txt', '--yes'], { 'x.txt': 'abc' })).toEqual({ reason: 'backend_error', out: '' });
    expect([mcp.calls.map((c) => c.name), mcp.uploads.length]).toEqual([['get_upload_info'], 0]);
  });

  it('to a knowledge base: credentials at the top when there is no result object, text headers only; none without an uploadKey', async () => {
    answer('doc/get_file_upload_info', { resourceUrl: `${mcp.base}/upload/k.txt`, uploadKey: 'key1', headers: { 'x-text': 'a', 'x-num': 7 } });
    answer('doc/commit_uploaded_file', { success: true, nodeId: 'n1' });
    await run(['drive', 'upload', '--file', 'k.txt', '--workspace', 'ws1', '--yes'], { 'k.txt': 'abcd' });
    expect(mcp.uploads.map((u) => [u.name, u.headers['x-text'], u.headers['x-num']])).toEqual([['k.txt', 'a', undefined]]);
    expect(mcp.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['get_file_upload_info', { workspaceId: 'ws1' }],
      ['commit_uploaded_file', { uploadKey: 'key1', name: 'k.txt', fileSize: 4, workspaceId: 'ws1' }],
    ]);
    mcp.calls.length = 0;
    mcp.uploads.length = 0;
    answer('doc/get_file_upload_info', { result: { resourceUrl: `${mcp.base}/upload/k.txt`, uploadKey: '' } });
    expect(await refusal(['drive', 'upload', '--file', 'k.txt', '--workspace', 'ws1', '--yes'], { 'k.txt': 'abcd' })).toEqual({ reason: 'backend_error', out: '' });
    expect([mcp.calls.map((c) => c.name), mcp.uploads.length]).toEqual([['get_file_upload_info'], 0]);
  });
});

describe('drive download and download-version read the link as parseDriveDownloadInfo', () => {
  const download = ['drive', 'download', '--node', 'n1', '--output', 'f.bin'];
  const version = ['drive', 'download-version', '--node', 'n1', '--version', '2', '--output', 'f.bin'];

  it('the answer\'s text headers, with resourceUrls[0]\'s over them when the link came from there', async () => {
    mcp.files['f.bin'] = Buffer.from('bytes');
    for (const [argv, rpc] of [[download, 'drive/download_file'], [version, 'drive/download_file_version']] as const) {
      mcp.fetched.length = 0;
      answer(rpc, { result: { headers: { 'x-a': 'top', 'x-b': 'top', 'x-n': 1 }, resourceUrls: [{ url: `${mcp.base}/files/f.bin`, headers: { 'x-b': 'first', 'x-m': false } }] } });
      await run(argv);
      const sent = mcp.fetched[0]?.headers ?? {};
      expect([sent['x-a'], sent['x-b'], sent['x-n'], sent['x-m']]).toEqual(['top', 'first', undefined, undefined]);
    }
  });

  it('downloadUrl before resourceUrl, and resourceUrls[0]\'s headers not used then', async () => {
    mcp.files['f.bin'] = Buffer.from('bytes');
    answer('drive/download_file', { downloadUrl: `${mcp.base}/files/f.bin`, resourceUrl: `${mcp.base}/files/none.bin`, resourceUrls: [{ url: `${mcp.base}/files/none.bin`, headers: { 'x-b': 'first' } }] });
    expect(await run(download)).toMatchObject({ success: true, nodeId: 'n1', sizeBytes: 5 });
    expect(mcp.fetched.map((f) => [f.name, f.headers['x-b']])).toEqual([['f.bin', undefined]]);
  });

  it('no link inside a result object is refused before any fetch, even with one at the top', async () => {
    for (const [argv, rpc] of [[download, 'drive/download_file'], [version, 'drive/download_file_version']] as const) {
      mcp.fetched.length = 0;
      answer(rpc, { downloadUrl: `${mcp.base}/files/f.bin`, result: { fileName: 'f.bin' } });
      expect(await refusal(argv)).toEqual({ reason: 'backend_error', out: '' });
      expect(mcp.fetched).toEqual([]);
    }
  });
});
