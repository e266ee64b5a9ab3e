// What the drive commands p-drive read send, refuse and print (issue 32), as upstream's bodies at c7521c1c do, run as
// a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pdrive-');
const { sent, mcp } = outputs;

/** list_file_versions answering the given pages call by call (the last one again after them). */
const versionPages = (...pages: unknown[]) => {
  let n = 0;
  mcp.answers['drive/list_file_versions'] = () => pages[Math.min(n++, pages.length - 1)];
};

describe('drive version shortcuts find a version as findVersion does (version_operations.go:212-267)', () => {
  it('+version-get finds a version listed inside result under versionNumber and prints it projected', async () => {
    versionPages({ result: { versions: [{ versionNumber: 2, size: 5 }], nextToken: 't' } });
    expect(await sent(['drive', '+version-get', '--node', ' n ', '--version', '2'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['drive/list_file_versions', { maxResults: 50, nodeId: 'n' }]],
      printed: { nodeId: 'n', version: { version: 2, fileSize: 5 } },
    });
  });

  it('+version-get pages on the next cursor (trimmed) to a later page holding the version under data.versionList', async () => {
    versionPages({ versions: [{ version: 1 }], hasMore: true, nextCursor: ' c2 ' }, { data: { versionList: [{ versionNum: '3', fileName: 'z', createdTime: 7 }] } });
    expect(await sent(['drive', '+version-get', '--node', 'n', '--version', '3'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['drive/list_file_versions', { maxResults: 50, nodeId: 'n' }], ['drive/list_file_versions', { maxResults: 50, nodeId: 'n', nextCursor: 'c2' }]],
      printed: { nodeId: 'n', version: { version: '3', name: 'z', createTime: 7 } },
    });
  });

  it('+version-get stops at a page that says hasMore false without the version: an api failure, not a validation one', async () => {
    versionPages({ versions: [{ version: 1 }], hasMore: false, nextCursor: 'c2' });
    expect(await sent(['drive', '+version-get', '--node', 'n', '--version', '3'])).toEqual({
      reason: 'backend_error', category: 'backend', printed: undefined,
      calls: [['drive/list_file_versions', { maxResults: 50, nodeId: 'n' }]],
    });
  });

  it('+version-download finds a version listed at the top of the answer before downloading', async () => {
    versionPages({ versions: [{ version: 2 }] });
    mcp.answers['drive/download_file_version'] = () => ({ result: { nothing: 1 } });
    const run = await sent(['drive', '+version-download', '--node', 'n', '--version', '2', '--output', 'v2.bin']);
    expect(run.calls).toEqual([['drive/list_file_versions', { nodeId: 'n', maxResults: 50 }], ['drive/download_file_version', { nodeId: 'n', version: 2 }]]);
  });

  it('+version-revert refuses a revert answer without a boolean success before the read-back (requireDriveWrite :172-177)', async () => {
    versionPages({ result: { items: [{ version: 2 }] } });
    // h55-stamp: {ok: 1} alone is stamped success: true by upstream's runner (app/runner.go:774-783@c7521c1c) and passes
    mcp.answers['drive/revert_file_version'] = () => ({ ok: 1, success: 'yes' });
    expect(await sent(['drive', '+version-revert', '--node', 'n', '--version', '2', '--yes'])).toEqual({
      reason: 'backend_error', category: 'backend', printed: undefined,
      calls: [['drive/list_file_versions', { nodeId: 'n', maxResults: 50 }], ['drive/revert_file_version', { nodeId: 'n', version: 2 }]],
    });
  });

  it('+version-revert with success true reads the file back and prints {success, nodeId, revertedTo, file}', async () => {
    versionPages({ versions: [{ version: ' 2' }] });
    mcp.answers['drive/revert_file_version'] = () => ({ success: true });
    mcp.answers['drive/get_file_info'] = () => ({ result: { name: 'a' } });
    expect(await sent(['drive', '+version-revert', '--node', 'n', '--version', '2', '--yes'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['drive/list_file_versions', { nodeId: 'n', maxResults: 50 }], ['drive/revert_file_version', { nodeId: 'n', version: 2 }], ['drive/get_file_info', { fileId: 'n' }]],
      printed: { success: true, nodeId: 'n', revertedTo: 2, file: { name: 'a' } },
    });
  });
});

describe('drive comment commands read a blank --space-id as Go strings.TrimSpace does (file_comment.go:230-242)', () => {
  it('a numeric --node with --space-id of U+0085 alone is refused before any call', async () => {
    expect(await sent(['drive', 'comment', 'list', '--node', '123', '--space-id', '\u0085'])).toEqual({ reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined });
  });

  // Go does not trim U+FEFF, so the space id is not blank and goes into the call; upstream's transport then refuses
  // the call before sending it (client.go:394-402, :1093-1125@c7521c1c): invalid_argument, not the blank refusal
  it('a numeric --node with --space-id of U+FEFF passes the blank check and is refused by the transport', async () => {
    const run = await sent(['drive', 'comment', 'create', '--node', '123', '--space-id', '\uFEFF', '--content', 'hi', '--yes']);
    expect([run.reason, run.calls]).toEqual(['invalid_argument', []]);
    const plain = await sent(['drive', 'comment', 'create', '--node', '123', '--space-id', 'sp', '--content', 'hi', '--yes']);
    expect(plain.calls).toEqual([['doc-comment/create_file_comment', { fileId: '123', spaceId: 'sp', content: 'hi' }]]);
  });
});

describe('drive +recycle-restore finds the item as findDriveRecycleItem does (catalog_operations.go:128-152)', () => {
  it('pages on the nextToken of a top-level page and matches an item whose id is blank-padded under id', async () => {
    let n = 0;
    const pages = [{ recycleItems: [{ recycleItemId: 'r1' }], nextToken: ' t2 ' }, { data: { recycleItems: [{ id: ' r9 ', originalName: 'a.pdf' }] } }];
    mcp.answers['drive/list_recycle_items'] = () => pages[Math.min(n++, 1)];
    mcp.answers['drive/restore_recycle_item'] = () => ({ success: true, result: { fileId: ' f9 ' } });
    mcp.answers['drive/get_file_info'] = () => ({ result: { name: 'a.pdf' } });
    expect(await sent(['drive', '+recycle-restore', '--id', ' r9 ', '--yes'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['drive/list_recycle_items', { maxResults: 50 }], ['drive/list_recycle_items', { maxResults: 50, nextCursor: 't2' }], ['drive/restore_recycle_item', { recycleItemId: 'r9' }], ['drive/get_file_info', { fileId: 'f9' }]],
      printed: { success: true, nodeId: 'f9', file: { name: 'a.pdf' } },
    });
  });

  it('an item not in the bin is an api failure before any write', async () => {
    mcp.answers['drive/list_recycle_items'] = () => ({ result: { recycleItems: [{ recycleItemId: 'r1' }], hasMore: false, nextCursor: 'c' } });
    expect(await sent(['drive', '+recycle-restore', '--id', 'r9', '--yes'])).toEqual({
      reason: 'backend_error', category: 'backend', printed: undefined,
      calls: [['drive/list_recycle_items', { maxResults: 50 }]],
    });
  });
});

describe('drive +publish-set/+publish-unset read the published state as boolField does (catalog_operations.go:409-425)', () => {
  it('+publish-set takes isPublished true when published holds a text', async () => {
    mcp.answers['drive/set_file_publish'] = () => ({ success: true });
    mcp.answers['drive/get_file_publish_status'] = () => ({ result: { published: 'no', isPublished: true } });
    expect(await sent(['drive', '+publish-set', '--node', ' n ', '--permission', ' READER ', '--yes'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['drive/set_file_publish', { fileId: 'n', published: true, publishPermission: 'READER' }], ['drive/get_file_publish_status', { fileId: 'n' }]],
      printed: { success: true, nodeId: 'n', publish: { published: 'no', isPublished: true } },
    });
  });

  it('+publish-unset takes isPublished false when published holds a number', async () => {
    mcp.answers['drive/set_file_publish'] = () => ({ success: true });
    mcp.answers['drive/get_file_publish_status'] = () => ({ result: { published: 1, isPublished: false } });
    expect(await sent(['drive', '+publish-unset', '--node', 'n', '--yes'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['drive/set_file_publish', { fileId: 'n', published: false }], ['drive/get_file_publish_status', { fileId: 'n' }]],
      printed: { success: true, nodeId: 'n', publish: { published: 1, isPublished: false } },
    });
  });
});
