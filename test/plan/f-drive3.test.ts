// drive +upload and +download as upstream's bodies at c7521c1c send them (issue 32, f-drive3), run as a user types
// them against the recording backend on 127.0.0.1; the calls are pinned by test/fixtures/calls/drive.yaml.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { useOutputRuns } from './output-runs.js';
import { dispatchInProcess } from '../helpers.js';

const { run, failure, refusal, env, answer, mcp } = useOutputRuns('dws-fdrive3-');

describe('header values that are not text are dropped (helpers/drive.go:244-250, :271-277; drive/version_operations.go:283-289)', () => {
  it('+download sends only the text headers resourceUrls[0] names', async () => {
    mcp.files['f.bin'] = Buffer.from('bytes');
    answer('drive/download_file', { result: { resourceUrls: [{ url: `${mcp.base}/files/f.bin`, headers: { 'x-text': 'a', 'x-num': 7, 'x-bool': true, 'x-obj': { k: 1 }, 'x-null': null } }] } });
    expect(await run(['drive', '+download', '--node', 'n1', '--output', 'f.bin'])).toEqual({ success: true, nodeId: 'n1', savedPath: 'f.bin', sizeBytes: 5 });
    const sent = mcp.fetched[0]?.headers ?? {};
    expect(['x-text', 'x-num', 'x-bool', 'x-obj', 'x-null'].map((h) => sent[h])).toEqual(['a', undefined, undefined, undefined, undefined]);
  });
  it('+upload sends only the text headers of its credentials (inside result, then at the top)', async () => {
    for (const cred of [
      { result: { uploadId: 'u1', resourceUrls: [{ url: `${mcp.base}/upload/a.txt`, headers: { 'x-text': 'a', 'x-num': 7, 'x-null': null } }] } },
      { uploadId: 'u1', resourceUrl: `${mcp.base}/upload/a.txt`, headers: { 'x-text': 'a', 'x-num': 7, 'x-null': null } },
    ]) {
      mcp.uploads.length = 0;
      answer('drive/get_upload_info', cred);
      answer('drive/commit_upload', { success: true, fileId: 'f1' });
      answer('drive/get_file_info', { fileId: 'f1', name: 'a.txt', size: 3 });
      expect(await run(['drive', '+upload', '--file', 'a.txt', '--yes'], { 'a.txt': 'abc' })).toEqual({
        success: true, nodeId: 'f1', sizeBytes: 3, file: { fileId: 'f1', name: 'a.txt', size: 3, success: true },
      });
      expect(mcp.uploads.map((u) => [u.name, u.bytes.toString(), u.headers['x-text'], u.headers['x-num'], u.headers['x-null']])).toEqual([['a.txt', 'abc', 'a', undefined, undefined]]);
    }
  });
});

describe('drive +upload takes only a path relative to the working directory (resolveDriveUploadInput, drive/catalog_operations.go:510-537)', () => {
  it('an absolute path is refused before any call, and a blank one is the required flag missing', async () => {
    expect(await failure(['drive', '+upload', '--file', '/tmp/x.txt', '--yes'], { 'x.txt': 'abc' })).toEqual({
      reason: 'invalid_parameter', message: 'drive.shortcut_upload: --file takes a file path relative to the working directory (the file root), not an absolute or blank path', out: '',
    });
    expect(await failure(['drive', '+upload', '--file', '  ', '--yes'], { 'x.txt': 'abc' })).toEqual({
      reason: 'missing_parameter', message: 'missing required flag --file (it was given an empty value)', out: '',
    });
    expect(mcp.calls).toEqual([]);
  });
  it('an absolute path naming a file in the working directory is refused too', async () => {
    const runEnv = env({ 'x.txt': 'abc' });
    const outcome = await dispatchInProcess(['drive', '+upload', '--file', path.join(String(runEnv.DWS_FILE_ROOT), 'x.txt'), '--yes'], runEnv);
    expect(outcome.error?.reason).toBe('invalid_parameter');
    expect(mcp.calls).toEqual([]);
  });
  it('a relative path leaving the working directory is refused before any call, and one inside it is uploaded', async () => {
    expect(await failure(['drive', '+upload', '--file', '../x.txt', '--yes'], { 'x.txt': 'abc' })).toMatchObject({ reason: 'invalid_parameter', out: '' });
    expect(mcp.calls).toEqual([]);
    answer('drive/get_upload_info', { result: { uploadId: 'u1', resourceUrl: `${mcp.base}/upload/x.txt` } });
    answer('drive/commit_upload', { success: true, fileId: 'f1' });
    answer('drive/get_file_info', { fileId: 'f1', name: 'x.txt', size: 3 });
    expect(await run(['drive', '+upload', '--file', './x.txt', '--yes'], { 'x.txt': 'abc' })).toEqual({
      success: true, nodeId: 'f1', sizeBytes: 3, file: { fileId: 'f1', name: 'x.txt', size: 3, success: true },
    });
  });
});

describe('drive +upload asks for fresh credentials once when its PUT is refused for authorization (driveUploadPut, helpers/drive_transfer.go:828-850)', () => {
  const read = { fileId: 'f1', name: 'x.txt', size: 3 };
  it('a 403 on the first PUT: get_upload_info again, the bytes PUT to the fresh URL with its headers, the commit with the fresh uploadId', async () => {
    let n = 0;
    mcp.answers['drive/get_upload_info'] = () => (n++ === 0
      ? { result: { uploadId: 'old', resourceUrl: `${mcp.base}/upload/x.txt?status=403` } }
      : { result: { uploadId: 'new', resourceUrls: [{ url: `${mcp.base}/upload/y.txt`, headers: { 'x-fresh': '1', 'x-n': 2 } }] } });
    answer('drive/commit_upload', { success: true, fileId: 'f1' });
    answer('drive/get_file_info', read);
    expect(await run(['drive', '+upload', '--file', 'x.txt', '--yes'], { 'x.txt': 'abc' })).toEqual({ success: true, nodeId: 'f1', sizeBytes: 3, file: { ...read, success: true } });
    expect(mcp.uploads.map((u) => [u.name, u.bytes.toString(), u.headers['x-fresh'], u.headers['x-n']])).toEqual([['x.txt', 'abc', undefined, undefined], ['y.txt', 'abc', '1', undefined]]);
    expect(mcp.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['get_upload_info', { fileName: 'x.txt', fileSize: 3 }],
      ['get_upload_info', { fileName: 'x.txt', fileSize: 3 }],
      ['commit_upload', { fileName: 'x.txt', fileSize: 3, uploadId: 'new' }],
      ['get_file_info', { fileId: 'f1' }],
    ]);
  });
  it('fresh credentials without an uploadId end the run before any commit; a second refusal is backend_error; other statuses are not retried', async () => {
    let n = 0;
    mcp.answers['drive/get_upload_info'] = () => (n++ === 0 ? { uploadId: 'old', uploadUrl: `${mcp.base}/upload/x.txt?status=401` } : { uploadUrl: `${mcp.base}/upload/y.txt` });
    expect(await refusal(['drive', '+upload', '--file', 'x.txt', '--yes'], { 'x.txt': 'abc' })).toEqual({ reason: 'backend_error', out: '' });
    expect(mcp.calls.map((c) => c.name)).toEqual(['get_upload_info', 'get_upload_info']);
    expect(mcp.uploads.map((u) => u.name)).toEqual(['x.txt']);
    mcp.calls.length = 0;
    mcp.uploads.length = 0;
    answer('drive/get_upload_info', { uploadId: 'u', uploadUrl: `${mcp.base}/upload/x.txt?status=403` });
    expect(await refusal(['drive', '+upload', '--file', 'x.txt', '--yes'], { 'x.txt': 'abc' })).toEqual({ reason: 'backend_error', out: '' });
    expect([mcp.calls.map((c) => c.name), mcp.uploads.length]).toEqual([['get_upload_info', 'get_upload_info'], 2]);
    mcp.calls.length = 0;
    mcp.uploads.length = 0;
    answer('drive/get_upload_info', { uploadId: 'u', uploadUrl: `${mcp.base}/upload/x.txt?status=500` });
    expect(await refusal(['drive', '+upload', '--file', 'x.txt', '--yes'], { 'x.txt': 'abc' })).toEqual({ reason: 'backend_error', out: '' });
    expect([mcp.calls.map((c) => c.name), mcp.uploads.length]).toEqual([['get_upload_info'], 1]);
  });
});
