// `drive info`, `drive search` and `drive comment list --scope` as upstream's bodies answer (helpers/drive.go
// driveInfoWithDocFallback and drive search, helpers/file_comment.go filterFileCommentsByScope at c7521c1c): a
// DingTalk doc's drive metadata is merged into its doc info, a search over all targets prints the drive and doc
// answers side by side, and a comment scope keeps the comments anchored so. Run as a user types them, against the recording backend on
// 127.0.0.1; the calls themselves are pinned by test/fixtures/calls/drive.yaml.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultOf } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

const run = (argv: string[]) => resultOf(argv, privateEnv(mcp.urlTemplate, 't', mkdtempSync(path.join(os.tmpdir(), 'dws-drive-doc-'))));

describe('drive info of a DingTalk doc', () => {
  const drive = { result: { fileId: 'N7', message: '钉钉文档', dentryId: 'de1', path: '/a/周报', fileSize: 0, extension: 'adoc', type: 'file', fileName: '周报.adoc' }, success: true };

  it('prints the doc answer with the drive-only fields it lacks (null counts as lacking)', async () => {
    mcp.answers['drive/get_file_info'] = () => drive;
    mcp.answers['doc/get_document_info'] = () => ({ result: { nodeId: 'N7', name: '周报', extension: null, type: 'adoc' }, success: true, requestId: 'r' });
    expect(await run(['drive', 'info', '--node', 'd1'])).toEqual({
      result: { nodeId: 'N7', name: '周报', dentryId: 'de1', path: '/a/周报', fileSize: 0, extension: 'adoc', type: 'adoc' }, success: true, requestId: 'r',
    });
  });
  it('wraps a doc answer without result as {result, success: true}', async () => {
    mcp.answers['drive/get_file_info'] = () => drive;
    mcp.answers['doc/get_document_info'] = () => ({ nodeId: 'N7', name: '周报' });
    expect(await run(['drive', 'info', '--node', 'd1'])).toEqual({
      result: { nodeId: 'N7', name: '周报', dentryId: 'de1', path: '/a/周报', fileSize: 0, extension: 'adoc', type: 'file' }, success: true,
    });
  });
  it('prints the drive answer when the doc read fails or finds an empty document', async () => {
    mcp.answers['drive/get_file_info'] = () => drive;
    mcp.faults.push({ tool: 'get_document_info', rpcError: { code: -32000, message: 'no such doc' }, times: 5 });
    expect(await run(['drive', 'info', '--node', 'd1'])).toEqual(drive);
    mcp.faults.length = 0;
    mcp.answers['doc/get_document_info'] = () => ({ result: {} });
    expect(await run(['drive', 'info', '--node', 'd1'])).toEqual(drive);
  });
});

describe('drive search', () => {
  it('prints {drive_results, doc_results} over all targets, and the drive answer alone for --target file', async () => {
    mcp.answers['drive/search_files'] = () => ({ result: { items: [{ name: 'a.pdf' }] } });
    mcp.answers['doc/search_documents'] = () => ({ result: { documents: [{ name: '合同' }] } });
    expect(await run(['drive', 'search', '--query', '合同'])).toEqual({
      drive_results: { result: { items: [{ name: 'a.pdf' }] } }, doc_results: { result: { documents: [{ name: '合同' }] } },
    });
    expect(await run(['drive', 'search', '--query', '合同', '--target', 'file'])).toEqual({ result: { items: [{ name: 'a.pdf' }] } });
  });
  it('leaves doc_results out when the doc search fails', async () => {
    mcp.answers['drive/search_files'] = () => ({ result: { items: [] } });
    mcp.faults.push({ tool: 'search_documents', rpcError: { code: -32000, message: 'down' }, times: 5 });
    expect(await run(['drive', 'search', '--query', '合同'])).toEqual({ drive_results: { result: { items: [] } } });
  });
});

describe('drive comment list --scope', () => {
  // upstream prints fileCommentListPayload (file_comment.go:508-527@c7521c1c): the scope's comments, counted
  const page = { fileId: 'f1', total: 2, items: [{ commentId: 'c1', anchor: { scope: 'whole' } }, { commentId: 'c2', anchor: { scope: 'partial' } }], hasMore: false };
  const payload = (scope: string, comments: unknown[]) => ({ nodeId: 'f1', total: 2, count: comments.length, hasMore: false, nextCursor: null, complete: true, scope, comments });
  it('keeps the comments whose anchor has that scope, and all of them for all', async () => {
    mcp.answers['doc-comment/list_file_comments'] = () => page;
    expect(await run(['drive', 'comment', 'list', '--node', 'f1', '--scope', 'partial'])).toEqual(payload('partial', [page.items[1]]));
    expect(await run(['drive', 'comment', 'list', '--node', 'f1', '--scope', 'whole'])).toEqual(payload('whole', [page.items[0]]));
    expect(await run(['drive', 'comment', 'list', '--node', 'f1'])).toEqual(payload('all', page.items));
  });
  it('answers an empty list when no comment has the scope', async () => {
    mcp.answers['doc-comment/list_file_comments'] = () => ({ ...page, items: [page.items[0]] });
    expect(await run(['drive', 'comment', 'list', '--node', 'f1', '--scope', 'partial'])).toEqual(payload('partial', []));
  });
});
