// What drive and sheet commands print when upstream's body reshapes or checks the answer before printing it
// (notes/f-reshape.md), run as a user types them against the recording backend on 127.0.0.1. The calls themselves
// are pinned by test/fixtures/calls/{drive,sheet}.yaml; here the answers vary: normal, odd (wrapped, partial) and
// malformed ones.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, resultOf } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

const env = () => privateEnv(mcp.urlTemplate, 't', mkdtempSync(path.join(os.tmpdir(), 'dws-f-reshape-')));
const run = (argv: string[]) => resultOf(argv, env());
/** A run that must fail: its reason and message, and that it printed nothing. */
async function failure(argv: string[]): Promise<{ reason: string; message: string }> {
  const { out, error } = await dispatchInProcess(argv, env());
  expect(out).toBe('');
  expect(error).toBeDefined();
  return { reason: error!.reason, message: error!.message };
}

// helpers/file_comment.go:330-358 runFileCommentCreate, :432-457 decodeFileCommentPayload, :459-481
// projectFileComment, :483-491 validateFileCommentItem @c7521c1c
describe('drive comment create', () => {
  const argv = ['drive', 'comment', 'create', '--node', 'd1', '--content', '看过了', '--yes'];
  it('prints the node id and the projected comment: listed keys kept (null ones too), the type renamed, the creator grouped', async () => {
    mcp.answers['doc-comment/create_file_comment'] = () => ({
      success: true,
      result: {
        fileId: ' d1 ',
        comment: {
          commentId: 'c1', parentCommentId: null, content: '看过了', createdAt: 1767225600000, updatedAt: 1767225600000,
          options: { emoji: false }, anchor: { scope: 'whole' }, commentCustomType: 'normal',
          creatorId: 'u1', creatorName: '张三', creatorAvatar: 'https://a/u1.png', likes: 3,
        },
        requestId: 'r1',
      },
    });
    expect(await run(argv)).toEqual({
      nodeId: 'd1', commentId: 'c1', parentCommentId: null, content: '看过了', createdAt: 1767225600000, updatedAt: 1767225600000,
      options: { emoji: false }, anchor: { scope: 'whole' }, customType: 'normal',
      creator: { userId: 'u1', name: '张三', avatar: 'https://a/u1.png' },
    });
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ fileId: 'd1', content: '看过了' }]);
  });
  it('unwraps at most two levels of result/data (result first when it is an object) and leaves out a creator it lacks', async () => {
    mcp.answers['doc-comment/create_file_comment'] = () => ({ result: 'text', data: { result: { fileId: 'd2', comment: { commentId: 'c2', anchor: {} } } } });
    expect(await run(argv)).toEqual({ nodeId: 'd2', commentId: 'c2', anchor: {} });
    mcp.answers['doc-comment/create_file_comment'] = () => ({ fileId: 'd3', comment: { commentId: ' c3 ', anchor: { scope: 'partial' }, creatorName: '李四' } });
    expect(await run(argv)).toEqual({ nodeId: 'd3', commentId: ' c3 ', anchor: { scope: 'partial' }, creator: { name: '李四' } });
  });
  it.each([
    ['an answer that is not a JSON object', 'created', 'without a JSON object'],
    ['an empty object', {}, 'without a fileId'],
    ['a blank fileId', { fileId: '  ', comment: { commentId: 'c', anchor: {} } }, 'without a fileId'],
    ['a fileId three levels deep', { result: { data: { result: { fileId: 'd', comment: { commentId: 'c', anchor: {} } } } } }, 'without a fileId'],
    ['a top-level fileId with the comment inside result', { fileId: 'd', result: { comment: { commentId: 'c', anchor: {} } } }, 'without a comment object'],
    ['a comment that is a list', { fileId: 'd', comment: [{ commentId: 'c', anchor: {} }] }, 'without a comment object'],
    ['a blank commentId', { fileId: 'd', comment: { commentId: ' ', anchor: {} } }, 'without a commentId'],
    ['a numeric commentId', { fileId: 'd', comment: { commentId: 7, anchor: {} } }, 'without a commentId'],
    ['a comment without an anchor', { fileId: 'd', comment: { commentId: 'c', anchor: null } }, 'without an anchor object'],
  ])('refuses %s after the write, naming the check (partial_outcome: the comment may exist)', async (_name, answer, check) => {
    mcp.answers['doc-comment/create_file_comment'] = () => answer;
    const { reason, message } = await failure(argv);
    expect(reason).toBe('partial_outcome');
    expect(message).toContain(check);
    expect(mcp.calls).toHaveLength(1);
  });
});

// helpers/sheet_range_ops.go:67-80 (the call), helpers/sheet_info.go:135-217 callMCPToolCellInfos,
// isEmptyDataValidation, isEmptyHyperlink @c7521c1c
describe('sheet range read', () => {
  const argv = ['sheet', 'range', 'read', '--node', 'N1', '--sheet-id', 'S1', '--range', 'A1:C2'];
  it('drops the empty dataValidation and hyperlink shells of the cells, keeping filled ones and the completion fields', async () => {
    mcp.answers['sheet/get_cell_infos'] = () => ({
      cells: [
        [
          { value: '名称', dataValidation: null, hyperlink: { path: null, sheet: null, range: null } },
          { value: '状态', dataValidation: { type: 'list', options: ['进行中', '完成'], enableMultiSelect: null } },
          { value: 'https://x', dataValidation: {}, hyperlink: { path: 'https://x', sheet: null, range: null } },
        ],
        [{ value: 3 }, { value: '完成', dataValidation: { type: null } }, { value: null, dataValidation: null, hyperlink: null }],
      ],
      rowIndices: [0, 1],
      colIndices: [0, 1, 2],
      hasMore: false,
      returnedRange: 'A1:C2',
    });
    expect(await run(argv)).toEqual({
      cells: [
        [
          { value: '名称' },
          { value: '状态', dataValidation: { type: 'list', options: ['进行中', '完成'], enableMultiSelect: null } },
          { value: 'https://x', hyperlink: { path: 'https://x', sheet: null, range: null } },
        ],
        [{ value: 3 }, { value: '完成' }, { value: null }],
      ],
      rowIndices: [0, 1],
      colIndices: [0, 1, 2],
      hasMore: false,
      returnedRange: 'A1:C2',
    });
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ nodeId: 'N1', sheetId: 'S1', range: 'A1:C2' }]);
  });
  it('keeps an empty hyperlink in a cell without a dataValidation key, and rows or cells of another shape, as upstream', async () => {
    mcp.answers['sheet/get_cell_infos'] = () => ({
      cells: [[{ value: 1, hyperlink: null }, 'x', null], 'not a row', [{ value: 2, dataValidation: 'none', hyperlink: {} }]],
      hasMore: true,
      truncationReasons: ['max_cells'],
    });
    expect(await run(argv)).toEqual({
      cells: [[{ value: 1, hyperlink: null }, 'x', null], 'not a row', [{ value: 2, dataValidation: 'none' }]],
      hasMore: true,
      truncationReasons: ['max_cells'],
    });
  });
  it('prints an answer without a cells list, or that is not an object, as it came', async () => {
    mcp.answers['sheet/get_cell_infos'] = () => ({ cells: { A1: { dataValidation: null } } });
    expect(await run(argv)).toEqual({ cells: { A1: { dataValidation: null } } });
    mcp.answers['sheet/get_cell_infos'] = () => [[{ value: 1, dataValidation: null }]];
    expect(await run(argv)).toEqual([[{ value: 1, dataValidation: null }]]);
    mcp.answers['sheet/get_cell_infos'] = () => 'plain text';
    expect(await run(argv)).toEqual('plain text');
  });
  it('refuses a null answer as upstream\'s MCP tool error (backend_error)', async () => {
    mcp.answers['sheet/get_cell_infos'] = () => null;
    const { reason, message } = await failure(argv);
    expect(reason).toBe('backend_error');
    expect(message).toContain('get_cell_infos answered null');
  });
});

// shortcut/drive/drive.go:89-106 (+list), :646-664 (+recent), version_operations.go:192-210 (+version-history);
// requireDriveResponse/requireDriveCollection/projectDriveRows/addDrivePagination common.go:79-97, :136-196 @c7521c1c
describe('drive list shortcuts', () => {
  it('+list prints {count, files, nextCursor, hasMore}: each file from the first non-null of its keys, the cursor of the object holding the list', async () => {
    mcp.answers['drive/list_files'] = () => ({
      success: true,
      result: {
        files: [
          { fileName: '合同.pdf', name: null, fileId: 'f1', dentryUuid: 'u1', dentryId: 9, size: 1024, spaceId: 's1' },
          { dentryName: '资料', dentryType: 'folder', id: 'f2' },
          { unrelated: true },
        ],
        nextToken: 'n2',
        nextCursor: 'n1',
        hasMore: true,
      },
      nextPageToken: 'top-level cursor is not the list page',
    });
    expect(await run(['drive', '+list', '--folder', 'fld1'])).toEqual({
      count: 3,
      files: [
        { name: '合同.pdf', nodeId: 'f1', dentryId: 9, fileSize: 1024 },
        { name: '资料', type: 'folder', nodeId: 'f2' },
        {},
      ],
      nextCursor: 'n2',
      hasMore: true,
    });
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ maxResults: 20, parentId: 'fld1' }]);
  });
  it('+list takes the top-level list first, and an empty list is an answer of zero files without pagination keys', async () => {
    mcp.answers['drive/list_files'] = () => ({ items: [], result: { items: [{ name: 'x' }] }, hasMore: null });
    expect(await run(['drive', '+list'])).toEqual({ count: 0, files: [] });
  });
  it('+recent and +version-history project their own fields from their own lists', async () => {
    mcp.answers['doc/get_recent_list'] = () => ({ data: { recentItems: [{ name: '周报', nodeId: 'n1', nodeType: 'doc', docUrl: 'https://d/n1', extra: 1 }], nextToken: 't2' } });
    expect(await run(['drive', '+recent'])).toEqual({ count: 1, items: [{ name: '周报', nodeId: 'n1', nodeType: 'doc', docUrl: 'https://d/n1' }], nextCursor: 't2' });
    mcp.answers['drive/list_file_versions'] = () => ({ result: { versionList: [{ versionNum: 3, createdTime: 1, operatorId: 'u1', size: 5, fileName: 'a.pdf' }], hasMore: false } });
    expect(await run(['drive', '+version-history', '--node', 'n1'])).toEqual({
      count: 1, versions: [{ version: 3, createTime: 1, creatorId: 'u1', fileSize: 5, name: 'a.pdf' }], hasMore: false,
    });
  });
  it.each([
    ['an empty answer', {}, 'the answer is empty'],
    ['an answer that is not an object', 'ok', 'the answer is empty'],
    ['a null answer', null, 'answered nothing'],
    ['a success that is not a boolean', { success: 'true', items: [] }, 'has a success that is not a boolean'],
    ['a success that is null', { success: null, items: [] }, 'has a success that is not a boolean'],
    ['a result that is not an object', { result: [{ name: 'x' }] }, 'has a result that is not an object'],
    ['a result that is null, though the list is at the top', { result: null, items: [] }, 'has a result that is not an object'],
    ['a data that is text', { data: 'x', items: [] }, 'has a data that is not an object'],
    ['no list at all', { success: true, result: { total: 0 } }, 'has no list under items, files, dentries, entries, nodes, list'],
    ['a list three levels deep', { result: { data: { items: [] } } }, 'has no list under'],
    ['a list that is an object', { result: { files: { a: 1 } } }, 'has a files that is not a list'],
    ['a list that is null, though a later key holds one', { items: null, files: [] }, 'has a items that is not a list'],
    ['an element that is not an object', { items: [{ name: 'a' }, 'b'] }, 'element 2 (items[1]) is not an object'],
  ])('+list refuses %s instead of printing it as a list (backend_error, as upstream\'s API error)', async (_name, answer, check) => {
    mcp.answers['drive/list_files'] = () => answer;
    const { reason, message } = await failure(['drive', '+list']);
    expect(reason).toBe('backend_error');
    expect(message).toContain(check);
  });
});

// shortcut/drive/drive.go:146-161 (+info), catalog_operations.go:353-362 (+publish-get), operations.go:302-332
// (+stats, +cover); requireDriveObject common.go:79-122 @c7521c1c
describe('drive object shortcuts', () => {
  it('+info prints the result object, else the data object, else the whole answer', async () => {
    mcp.answers['drive/get_file_info'] = () => ({ success: true, result: { fileId: 'n1', name: 'a.pdf' }, data: { ignored: true } });
    expect(await run(['drive', '+info', '--node', 'n1'])).toEqual({ fileId: 'n1', name: 'a.pdf' });
    mcp.answers['drive/get_file_info'] = () => ({ data: { fileId: 'n2' } });
    expect(await run(['drive', '+info', '--node', 'n2'])).toEqual({ fileId: 'n2' });
    mcp.answers['drive/get_file_info'] = () => ({ fileId: 'n3', name: 'b.pdf' });
    // the whole answer as upstream's runner stamped it (app/runner.go:774-783@c7521c1c; h55-stamp2)
    expect(await run(['drive', '+info', '--node', 'n3'])).toEqual({ fileId: 'n3', name: 'b.pdf', success: true });
  });
  it('+cover and +stats unwrap the same way', async () => {
    mcp.answers['drive/get_cover'] = () => ({ success: true, result: { coverUrl: 'https://c/1.png' } });
    expect(await run(['drive', '+cover', '--node', 'n1'])).toEqual({ coverUrl: 'https://c/1.png' });
    mcp.answers['drive/get_node_stats'] = () => ({ data: { viewCount: 3, likeCount: 0 } });
    expect(await run(['drive', '+stats', '--node', 'n1'])).toEqual({ viewCount: 3, likeCount: 0 });
  });
  // the one shared answer check (answer_object, f-views): upstream raises these as API errors, so backend_error
  it.each([
    ['an empty answer', {}],
    ['a success that is text', { success: 'yes', result: { a: 1 } }],
    ['an empty result', { success: true, result: {} }],
    ['a result that is a list', { result: [{ a: 1 }] }],
    ['a data that is text', { data: 'x', fileId: 'n' }],
    ['a bare success', { success: true }],
  ])('+publish-get refuses %s', async (_name, answer) => {
    mcp.answers['drive/get_file_publish_status'] = () => answer;
    const { reason } = await failure(['drive', '+publish-get', '--node', 'n1']);
    expect(reason).toBe('backend_error');
  });
});

// shortcut/drive/catalog_operations.go:312-336 (+star-add/-remove), operations.go:289-299 (+delete),
// version_operations.go:70-77 (+version-get), :134 (+version-download), :175-183 (+version-revert),
// catalog_operations.go:405-413 (+publish-set/-unset) @c7521c1c
describe('drive write and version shortcuts', () => {
  it('+star-add and +delete print {success, nodeId, result: the answer}', async () => {
    mcp.answers['drive/mark_star'] = () => ({ success: true, result: { starred: true } });
    expect(await run(['drive', '+star-add', '--node', ' n1 '])).toEqual({ success: true, nodeId: 'n1', result: { success: true, result: { starred: true } } });
    mcp.answers['doc/delete_document'] = () => ({ success: true });
    expect(await run(['drive', '+delete', '--node', 'n2', '--yes'])).toEqual({ success: true, nodeId: 'n2', result: { success: true } });
  });
  it('+version-get prints {nodeId, version} with the version found projected as upstream versionPage', async () => {
    mcp.answers['drive/list_file_versions'] = () => ({ versions: [
      { version: 2, createTime: 1, creatorId: 'u1', fileSize: 10, name: 'a.pdf', downloadUrl: 'https://x' },
      { version: 3, createdTime: 2, operatorId: 'u2', size: 11, fileName: 'a.pdf' },
    ], hasMore: false });
    expect(await run(['drive', '+version-get', '--node', 'n1', '--version', '3'])).toEqual({
      nodeId: 'n1', version: { version: 3, createTime: 2, creatorId: 'u2', fileSize: 11, name: 'a.pdf' },
    });
  });
  it('+publish-set prints {success, nodeId, publish: the read-back unwrapped}', async () => {
    mcp.answers['drive/set_file_publish'] = () => ({ success: true });
    mcp.answers['drive/get_file_publish_status'] = () => ({ success: true, result: { published: true, publishPermission: 'READER' } });
    expect(await run(['drive', '+publish-set', '--node', 'n1', '--permission', 'READER', '--yes'])).toEqual({
      success: true, nodeId: 'n1', publish: { published: true, publishPermission: 'READER' },
    });
  });
  it('+version-revert prints {success, nodeId, revertedTo, file} and +version-download {success, nodeId, version, savedPath, sizeBytes}', async () => {
    mcp.answers['drive/list_file_versions'] = () => ({ result: { versions: [{ version: 2 }], hasMore: false } });
    mcp.answers['drive/revert_file_version'] = () => ({ success: true });
    mcp.answers['drive/get_file_info'] = () => ({ success: true, result: { fileId: 'n1', version: 4 } });
    expect(await run(['drive', '+version-revert', '--node', 'n1', '--version', '2', '--yes'])).toEqual({
      success: true, nodeId: 'n1', revertedTo: 2, file: { fileId: 'n1', version: 4 },
    });
    mcp.files = { 'v2.bin': Buffer.from('12345') };
    mcp.answers['drive/download_file_version'] = () => ({ success: true, result: { downloadUrl: `${mcp.base}/files/v2.bin` } });
    expect(await run(['drive', '+version-download', '--node', 'n1', '--version', '2', '--output', 'v2.bin'])).toEqual({
      success: true, nodeId: 'n1', version: 2, savedPath: 'v2.bin', sizeBytes: 5,
    });
  });
});

// shortcut/sheet/sheet.go:67-72 Execute, listSheetsProject :81-113, listSheetsResolveList :118-139 @c7521c1c
describe('sheet +list-sheets', () => {
  it('prints {count, sheets}: each sheet from its first present key, elements without any left out', async () => {
    mcp.answers['sheet/get_all_sheets'] = () => ({ success: true, result: { sheets: [
      { sheetId: 's1', name: '一月', index: 0, hidden: false, rowCount: 100, colCount: 26, extra: 'x' },
      { id: 's2', sheetName: '二月', sheetIndex: 1 },
      'not an object',
      { unrelated: 1 },
    ] } });
    expect(await run(['sheet', '+list-sheets', '--node', 'N1'])).toEqual({
      count: 2,
      sheets: [
        { sheetId: 's1', title: '一月', index: 0, visibility: false, rowCount: 100, columnCount: 26 },
        { sheetId: 's2', title: '二月', index: 1 },
      ],
    });
  });
  it('takes a top-level list before a wrapped one, and prints no sheets when it finds no list', async () => {
    mcp.answers['sheet/get_all_sheets'] = () => ({ result: 'x', data: [{ sheet_id: 'd1' }], sheets: { list: [{ sheetId: 'w1' }] } });
    expect(await run(['sheet', '+list-sheets', '--node', 'N1'])).toEqual({ count: 1, sheets: [{ sheetId: 'w1' }] });
    mcp.answers['sheet/get_all_sheets'] = () => ({ result: { total: 0 } });
    expect(await run(['sheet', '+list-sheets', '--node', 'N1'])).toEqual({ count: 0, sheets: [] });
  });
});

// helpers/file_comment.go:267-320 runFileCommentList, :374-430 fetchFileCommentPage, :493-527 scope filter and
// fileCommentListPayload @c7521c1c
describe('drive comment list', () => {
  const item = (id: string, scope: string, more: Record<string, unknown> = {}) => ({ commentId: id, content: `c${id}`, anchor: { scope }, creatorId: 'u1', ...more });
  it('prints upstream\'s payload: node, total, count, hasMore, nextCursor, complete, scope and the projected comments', async () => {
    mcp.answers['doc-comment/list_file_comments'] = () => ({ fileId: ' d1 ', total: 3, hasMore: true, nextToken: ' 200 ', items: [item('1', 'whole', { commentCustomType: 'x', extra: 1 }), item('2', 'partial')] });
    expect(await run(['drive', 'comment', 'list', '--node', 'd1', '--limit', '2'])).toEqual({
      nodeId: 'd1', total: 3, count: 2, hasMore: true, nextCursor: '200', complete: false, scope: 'all',
      comments: [
        { commentId: '1', content: 'c1', anchor: { scope: 'whole' }, customType: 'x', creator: { userId: 'u1' } },
        { commentId: '2', content: 'c2', anchor: { scope: 'partial' }, creator: { userId: 'u1' } },
      ],
    });
  });
  it('keeps the comments of --scope, counts them, and prints a null cursor on the last page', async () => {
    mcp.answers['doc-comment/list_file_comments'] = () => ({ fileId: 'd1', total: 2, hasMore: false, nextToken: null, items: [item('1', 'whole'), { commentId: '2', anchor: {} }] });
    expect(await run(['drive', 'comment', 'list', '--node', 'd1', '--scope', 'partial'])).toEqual({
      nodeId: 'd1', total: 2, count: 0, hasMore: false, nextCursor: null, complete: true, scope: 'partial', comments: [],
    });
  });
  it.each([
    ['no fileId', { total: 0, hasMore: false, items: [] }, 'without a fileId'],
    ['no total', { fileId: 'd1', hasMore: false, items: [] }, 'without a total'],
    ['a hasMore that is text', { fileId: 'd1', total: 0, hasMore: 'false', items: [] }, 'boolean hasMore'],
    ['a numeric nextToken', { fileId: 'd1', total: 0, hasMore: true, nextToken: 200, items: [] }, 'nextToken that is not text'],
    ['no items', { fileId: 'd1', total: 0, hasMore: false }, 'without an items list'],
    ['an item without an anchor', { fileId: 'd1', total: 1, hasMore: false, items: [{ commentId: 'c' }] }, 'item 1 without an anchor object'],
  ])('refuses an answer with %s (backend_error: upstream\'s MCP tool error)', async (_name, answer, check) => {
    mcp.answers['doc-comment/list_file_comments'] = () => answer;
    const { reason, message } = await failure(['drive', 'comment', 'list', '--node', 'd1']);
    expect(reason).toBe('backend_error');
    expect(message).toContain(check);
  });
});
