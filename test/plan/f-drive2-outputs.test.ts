// What drive +inspect, +upload and +copy print or refuse once their answers are read as upstream reads them
// (notes/f-drive2.md), run as a user types them against the recording backend on 127.0.0.1. The calls themselves are
// pinned by the `f-drive2:` cases of test/fixtures/calls/drive.yaml.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, resultOf } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';
import type { DwsError } from '../../src/errors.js';

const mcp = useMcpServer();

let dir = '';
const env = () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dws-f-drive2-'));
  return privateEnv(mcp.urlTemplate, 't', dir);
};
const run = (argv: string[]) => resultOf(argv, env());
/** A run that must fail: the error, and that it printed nothing. */
async function failure(argv: string[], e = env()): Promise<DwsError> {
  const { out, error } = await dispatchInProcess(argv, e);
  expect(out).toBe('');
  expect(error).toBeDefined();
  return error!;
}

// shortcut/drive/operations.go:37-89 (+inspect), requireDriveObject common.go:99-122 @c7521c1c
describe('drive +inspect', () => {
  const argv = ['drive', '+inspect', '--node', 'n1', '--include-stats', '--include-publish', '--include-cover'];
  it('prints {complete, data, status, steps}: every object read, each step a success', async () => {
    mcp.answers['drive/get_file_info'] = () => ({ success: true, result: { fileId: 'n1', name: 'a.pdf' } });
    mcp.answers['drive/get_node_stats'] = () => ({ data: { readCount: 3 } });
    mcp.answers['drive/get_file_publish_status'] = () => ({ published: false, fileId: 'n1' });
    mcp.answers['drive/get_cover'] = () => ({ result: { coverUrl: 'https://c/1.png' } });
    const printed = await run(argv);
    expect(printed).toEqual({
      complete: true,
      data: { cover: { coverUrl: 'https://c/1.png' }, file: { fileId: 'n1', name: 'a.pdf' }, publish: { published: false, fileId: 'n1', success: true }, stats: { readCount: 3 } },
      status: 'success',
      steps: [
        { status: 'success', tool: 'get_file_info' }, { status: 'success', tool: 'get_node_stats' },
        { status: 'success', tool: 'get_file_publish_status' }, { status: 'success', tool: 'get_cover' },
      ],
    });
    // upstream's keys in Go's (sorted) order
    expect(Object.keys(printed as object)).toEqual(['complete', 'data', 'status', 'steps']);
    expect(mcp.calls.map((c) => `${c.name} ${JSON.stringify(c.arguments)}`)).toEqual([
      'get_file_info {"fileId":"n1"}', 'get_node_stats {"nodeId":"n1"}', 'get_file_publish_status {"fileId":"n1"}', 'get_cover {"nodeId":"n1"}',
    ]);
  });
  it('reads only the file without an --include flag', async () => {
    mcp.answers['drive/get_file_info'] = () => ({ fileId: 'n1', name: 'a.pdf' });
    expect(await run(['drive', '+inspect', '--node', 'n1'])).toEqual({
      complete: true, data: { file: { fileId: 'n1', name: 'a.pdf', success: true } }, status: 'success', steps: [{ status: 'success', tool: 'get_file_info' }],
    });
  });
  it('goes on after a failed or malformed optional read and ends drive_inspect_partial (exit 1) with what was read in details', async () => {
    mcp.answers['drive/get_file_info'] = () => ({ result: { fileId: 'n1', name: 'a.pdf' } });
    mcp.answers['drive/get_node_stats'] = () => ({ success: false, errorMsg: '无权限' });
    mcp.answers['drive/get_file_publish_status'] = () => ({ result: [] });
    mcp.answers['drive/get_cover'] = () => ({ result: { coverUrl: 'https://c/1.png' } });
    const error = await failure(argv);
    expect(error.reason).toBe('drive_inspect_partial');
    expect(error.exitCode).toBe(1);
    const details = error.payload!.details as { failures: { error: string; tool: string }[] };
    expect(details).toEqual({
      complete: false,
      data: { cover: { coverUrl: 'https://c/1.png' }, file: { fileId: 'n1', name: 'a.pdf' } },
      failures: [{ error: expect.stringContaining('无权限') as string, tool: 'get_node_stats' }, { error: expect.stringContaining('result that is not a non-empty object') as string, tool: 'get_file_publish_status' }],
      status: 'partial_success',
      steps: [
        { status: 'success', tool: 'get_file_info' }, { status: 'failed', tool: 'get_node_stats' },
        { status: 'failed', tool: 'get_file_publish_status' }, { status: 'success', tool: 'get_cover' },
      ],
    });
    expect(mcp.calls).toHaveLength(4);
  });
  it('counts a null optional answer as failed (upstream: an empty response)', async () => {
    mcp.answers['drive/get_file_info'] = () => ({ result: { fileId: 'n1' } });
    mcp.answers['drive/get_cover'] = () => null;
    const error = await failure(['drive', '+inspect', '--node', 'n1', '--include-cover']);
    expect(error.reason).toBe('drive_inspect_partial');
    expect(error.payload!.details).toMatchObject({ data: { file: { fileId: 'n1' } }, failures: [{ tool: 'get_cover' }], steps: [{ status: 'success' }, { status: 'failed', tool: 'get_cover' }] });
  });
  it('stops at a malformed file answer before any optional read (backend_error)', async () => {
    mcp.answers['drive/get_file_info'] = () => ({ success: true });
    const error = await failure(argv);
    expect(error.reason).toBe('backend_error');
    expect(error.message).toContain('single key');
    expect(mcp.calls).toHaveLength(1);
  });
});

// shortcut/drive/catalog_operations.go:452-507 (+upload); requireDriveWrite common.go:124-134, nestedString :207,
// driveReadbackNameMatches :220-227, firstInt64 :229-260 @c7521c1c
describe('drive +upload', () => {
  const answerUpload = (readback: unknown) => {
    mcp.answers['drive/get_upload_info'] = () => ({ result: { resourceUrls: [{ url: `${mcp.base}/upload/a.pdf` }], uploadId: 'up1' } });
    mcp.answers['drive/commit_upload'] = () => ({ success: true, data: { dentryUuid: ' f1 ' } });
    mcp.answers['drive/get_file_info'] = () => readback;
  };
  const upload = async (readback: unknown): Promise<ReturnType<typeof dispatchInProcess>> => {
    answerUpload(readback);
    const e = env();
    writeFileSync(path.join(dir, 'a.pdf'), '%PDF-1');
    return dispatchInProcess(['drive', '+upload', '--file', 'a.pdf', '--yes'], e);
  };
  it('prints {success, nodeId, sizeBytes, file} after the read-back matches id, name and size', async () => {
    const { out, error } = await upload({ result: { dentryUuid: 'f1', fileName: 'a.pdf', fileSize: 6, spaceId: 's1' } });
    expect(error).toBeUndefined();
    expect(JSON.parse(out).result).toEqual({ success: true, nodeId: 'f1', sizeBytes: 6, file: { dentryUuid: 'f1', fileName: 'a.pdf', fileSize: 6, spaceId: 's1' } });
    expect(mcp.uploads.map((u) => u.bytes.toString())).toEqual(['%PDF-1']);
    expect(mcp.calls.map((c) => c.name)).toEqual(['get_upload_info', 'commit_upload', 'get_file_info']);
    expect(mcp.calls[2].arguments).toEqual({ fileId: 'f1' });
  });
  it.each([
    ['another id', { result: { fileId: 'f2', name: 'a.pdf', fileSize: 6 } }, 'names another file'],
    ['no id', { result: { name: 'a.pdf', fileSize: 6, spaceId: 's1' } }, 'has no file id'],
    ['another name', { result: { fileId: 'f1', name: 'a', extension: 'doc', fileSize: 6 } }, 'another name'],
    ['a size that is not a whole number', { result: { fileId: 'f1', name: 'a.pdf', fileSize: '6KB' } }, 'no whole file size'],
    ['another size', { result: { fileId: 'f1', name: 'a.pdf', size: '7' } }, 'another size'],
    ['a read-back that is no object', { result: {} }, 'result that is not a non-empty object'],
  ])('ends partial_outcome after the commit when the read-back has %s, its cause backend_error', async (_name, readback, check) => {
    const { out, error } = await upload(readback);
    expect(out).toBe('');
    expect(error?.reason).toBe('partial_outcome');
    expect(error?.message).toContain('commit (write');
    expect(error?.message).toContain('(backend_error: ');
    expect(error?.message).toContain(check);
  });
});

// shortcut/drive/drive.go:445-455 (+copy's preflight), isOnlineDriveObject :733-741 @c7521c1c
describe('drive +copy preflight', () => {
  it('refuses an ordinary file as upstream\'s API error (backend_error), nothing written', async () => {
    mcp.answers['doc/get_document_info'] = () => ({ result: { extension: 'pdf', contentType: 'FILE' } });
    const error = await failure(['drive', '+copy', '--node', 'n1', '--yes']);
    expect(error.reason).toBe('backend_error');
    expect(error.message).toContain('only an online document');
    expect(mcp.calls.map((c) => c.name)).toEqual(['get_document_info']);
  });
  it('reads a malformed preflight as malformed before looking at its extension', async () => {
    mcp.answers['doc/get_document_info'] = () => ({ data: 'adoc', extension: 'pdf' });
    const error = await failure(['drive', '+copy', '--node', 'n1', '--yes']);
    expect(error.reason).toBe('backend_error');
    expect(error.message).toContain('data that is not a non-empty object');
  });
});

// A key holding null is there for upstream (Go's `_, ok := m[key]`): the plans read it with has_key.
describe('null answer fields read as upstream reads them', () => {
  // shortcut/sheet/sheet.go:81-113 listSheetsProject, :142-149 listSheetsFirst @c7521c1c
  it('sheet +list-sheets takes the first key present, a null included, and keeps a row of nulls', async () => {
    mcp.answers['sheet/get_all_sheets'] = () => ({ sheets: [{ sheetId: null, id: 'w1', title: 'A', index: 0 }, { name: null }, { other: 1 }] });
    expect(await run(['sheet', '+list-sheets', '--node', 'N1'])).toEqual({ count: 2, sheets: [{ sheetId: null, title: 'A', index: 0 }, { title: null }] });
  });
  // helpers/file_comment.go:374-430 fetchFileCommentPage (total: present, any value) @c7521c1c
  it('drive comment list accepts a total that is null and prints it, and still refuses one that is missing', async () => {
    mcp.answers['doc-comment/list_file_comments'] = () => ({ fileId: 'd1', total: null, hasMore: false, items: [] });
    expect(await run(['drive', 'comment', 'list', '--node', 'd1'])).toEqual({
      nodeId: 'd1', total: null, count: 0, hasMore: false, nextCursor: null, complete: true, scope: 'all', comments: [],
    });
    mcp.answers['doc-comment/list_file_comments'] = () => ({ fileId: 'd1', hasMore: false, items: [] });
    const error = await failure(['drive', 'comment', 'list', '--node', 'd1']);
    expect(error.reason).toBe('backend_error');
    expect(error.message).toContain('without a total');
  });
  // helpers/file_comment.go:432-457 decodeFileCommentPayload: the unwrap stops at a level that has a fileId key @c7521c1c
  it('drive comment create stops unwrapping at a null fileId and refuses it after the write', async () => {
    mcp.answers['doc-comment/create_file_comment'] = () => ({ fileId: null, result: { fileId: 'd1', comment: { commentId: 'c1', anchor: {} } } });
    const error = await failure(['drive', 'comment', 'create', '--node', 'd1', '--content', '好', '--yes']);
    expect(error.reason).toBe('partial_outcome');
    expect(error.message).toContain('(backend_error: ');
    expect(error.message).toContain('without a fileId');
  });
  // requireDriveCollection common.go:136-174 @c7521c1c
  it('drive +recent refuses a null recentItems inside data (a present key that is not a list)', async () => {
    mcp.answers['doc/get_recent_list'] = () => ({ data: { recentItems: null } });
    const error = await failure(['drive', '+recent']);
    expect(error.reason).toBe('backend_error');
    expect(error.message).toContain('has a recentItems that is not a list');
  });
});
