// What the commands audit-30l-b fixed print (issue 32, a-l2), as upstream's bodies at c7521c1c print them, run as a
// user types them against the recording backend on 127.0.0.1; the calls are pinned by test/fixtures/calls/*.yaml.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { run, refusal, answer, mcp } = useOutputRuns('dws-al2-');

describe('wiki +node-copy and +node-create print the read-back object requireWikiObject gives (wiki/nodes.go:75-141)', () => {
  it('+node-copy prints {success, sourceNodeId, nodeId, copy}: the id nestedWikiString reads, the read-back unwrapped', async () => {
    answer('doc/copy_document', { success: true, result: { nodeId: ' n2 ' } });
    answer('doc/get_document_info', { success: true, data: { id: 'n2', name: '副本' } });
    expect(await run(['wiki', '+node-copy', '--workspace', 'ws1', '--node', ' n1 ', '--yes'])).toEqual({
      success: true, sourceNodeId: 'n1', nodeId: 'n2', copy: { id: 'n2', name: '副本' },
    });
  });
  it('+node-create prints {success, nodeId, node}, the read-back unwrapped from result', async () => {
    answer('doc/create_file', { success: true, fileId: 'f9' });
    answer('doc/get_document_info', { result: { nodeId: 'f9', name: '表' } });
    expect(await run(['wiki', '+node-create', '--workspace', 'ws1', '--name', '表'])).toEqual({
      success: true, nodeId: 'f9', node: { nodeId: 'f9', name: '表' },
    });
  });
  it('an answer whose success is null (h55: one with no success key is stamped success true by the runner, app/runner.go:779-783), or without a new id, is the write\'s own failure and nothing is read back', async () => {
    answer('doc/copy_document', { success: null, result: { nodeId: 'n2' } });
    expect(await refusal(['wiki', '+node-copy', '--workspace', 'ws1', '--node', 'n1', '--yes'])).toEqual({ reason: 'backend_error', out: '' });
    answer('doc/copy_document', { success: true, data: { nodeId: '  ', fileId: 3 } });
    expect(await refusal(['wiki', '+node-copy', '--workspace', 'ws1', '--node', 'n1', '--yes'])).toEqual({ reason: 'backend_error', out: '' });
    expect(mcp.calls.map((c) => c.name)).toEqual(['copy_document', 'copy_document']);
  });
});

describe('mail +user-search keeps a field whose first spelling holds null (userSearchFirst, mail/mail.go:563)', () => {
  it('a null name stops the probe, and a row of nulls is still a row', async () => {
    answer('mail/search_mail_users', { result: { list: [
      { name: null, userName: '张三', email: 'z@x.com', id: 'u1' },
      { mail: null },
      'not a user',
      { other: 1 },
    ] } });
    expect(await run(['mail', '+user-search', '--keyword', '张'])).toEqual({
      count: 2,
      users: [{ name: null, email: 'z@x.com', userId: 'u1' }, { email: null }],
    });
  });
});

describe('drive +download reads the URL where driveDownloadPayload reads it (drive/version_operations.go:270-291)', () => {
  it('resourceUrls[0] gives the URL, its headers and the name a directory target receives', async () => {
    mcp.files = { 'f.bin': Buffer.from('12345') };
    answer('drive/download_file', { result: { url: ' ', fileName: 'outer.bin', headers: { 'x-outer': '1' }, resourceUrls: [{ resourceUrl: ` ${mcp.base}/files/f.bin `, name: ' 报告.bin ', headers: { 'x-inner': '2' } }] } });
    expect(await run(['drive', '+download', '--node', 'n1', '--output', '.'])).toEqual({
      success: true, nodeId: 'n1', savedPath: '报告.bin', sizeBytes: 5,
    });
    expect(mcp.fetched.map((f) => [f.name, f.headers['x-inner'], f.headers['x-outer']])).toEqual([['f.bin', '2', undefined]]);
  });
  it('a URL outside the object requireDriveObject gives is no URL, and 0 bytes is no download', async () => {
    mcp.files = { 'f.bin': Buffer.from('12345'), 'e.bin': Buffer.alloc(0) };
    answer('drive/download_file', { data: { fileName: 'a.bin', size: 5 }, url: `${mcp.base}/files/f.bin` });
    expect(await refusal(['drive', '+download', '--node', 'n1', '--output', 'a.bin'])).toEqual({ reason: 'backend_error', out: '' });
    expect(mcp.fetched).toEqual([]);
    answer('drive/download_file', { data: { downloadUrl: `${mcp.base}/files/e.bin` } });
    expect(await refusal(['drive', '+download', '--node', 'n1', '--output', 'e.bin'])).toEqual({ reason: 'backend_error', out: '' });
  });
});

describe('drive +upload reads its credentials as parseDriveUploadInfo (helpers/drive.go:227-280)', () => {
  it('top-level credentials: uploadUrl after an empty resourceUrls[0].url, that element\'s headers; prints {success, nodeId, sizeBytes, file}', async () => {
    answer('drive/get_upload_info', { uploadId: 'up3', uploadUrl: `${mcp.base}/upload/a.pdf`, headers: { 'x-outer': '1' }, resourceUrls: [{ url: '', headers: { 'x-inner': '2' } }] });
    answer('drive/commit_upload', { success: true, data: { dentryUuid: 'd1' } });
    answer('drive/get_file_info', { result: { dentryUuid: 'd1', name: 'a.pdf', fileSize: 6 } });
    expect(await run(['drive', '+upload', '--file', 'a.pdf', '--yes'], { 'a.pdf': '%PDF-1' })).toEqual({
      success: true, nodeId: 'd1', sizeBytes: 6, file: { dentryUuid: 'd1', name: 'a.pdf', fileSize: 6 },
    });
    expect(mcp.uploads.map((u) => [u.name, u.headers['x-inner'], u.headers['x-outer']])).toEqual([['a.pdf', '2', undefined]]);
    expect(mcp.calls.find((c) => c.name === 'commit_upload')?.arguments).toEqual({ fileName: 'a.pdf', fileSize: 6, uploadId: 'up3' });
  });
});

describe('minutes +list-mine (and +list-shared, +list-all, +minutes-search) read the page as ParseListPage and ProjectList (minutesdata/response.go:30-60, :214-231)', () => {
  const rpc = 'minutes/list_by_keyword_and_time_range';
  it('the first container holding a collection key decides; an explicit [] is an empty success', async () => {
    answer(rpc, { result: { minutesList: [{ taskUUID: ' a ', name: '周会', creator: null, creatorNick: '张三', state: 1 }], hasNext: true, pageToken: 7 } });
    expect(await run(['minutes', '+list-mine'])).toEqual({ count: 1, minutes: [{ taskUuid: 'a', title: '周会', creator: '张三', status: 1 }] });
    answer(rpc, { data: { items: [] }, result: { note: 'no list here' } });
    expect(await run(['minutes', '+list-mine'])).toEqual({ count: 0, minutes: [] });
  });
  it('refuses an element without a task UUID or not an object, a null collection, more without a token, and an error code', async () => {
    for (const bad of [
      { result: { itemList: [{ taskUuid: 't1' }, { taskUuid: '  ', title: 'x' }] } },
      { result: { itemList: [{ taskUuid: 't1' }, 'x'] } },
      { result: { itemList: null, items: [{ taskUuid: 't1' }] } },
      { hasMore: true, result: { itemList: [{ taskUuid: 't1' }], nextToken: ' ' } },
      { dingOpenErrcode: 88, result: { itemList: [] } },
    ]) {
      answer(rpc, bad);
      expect(await refusal(['minutes', '+list-mine'])).toEqual({ reason: 'backend_error', out: '' });
    }
  });
  it('the three other readers of the same page refuse the same way', async () => {
    answer(rpc, { result: { itemList: [{ title: 'no uuid' }] } });
    for (const argv of [['minutes', '+list-shared'], ['minutes', '+list-all'], ['minutes', '+minutes-search', '--query', '周会']]) {
      expect(await refusal(argv)).toEqual({ reason: 'backend_error', out: '' });
    }
  });
});
