// What doc +search and doc +list print (issue 32, f-docs5): upstream's collectDocPages result (doc.list.v1) at
// c7521c1c, run as a user types the commands against the recording backend on 127.0.0.1. The first calls are pinned
// by the `f-docs5:` cases of test/fixtures/calls/doc.yaml.
import { describe, expect, it } from 'vitest';
import { BUSY, useOutputRuns } from './output-runs.js';

const { paged } = useOutputRuns('dws-fdocs5-');

/** upstream's success result (pagination.go:135-147@c7521c1c) for doc +search. */
const found = (documents: unknown[], rest: Record<string, unknown>) => ({
  contractVersion: 'doc.list.v1', status: 'success', count: documents.length, documents, failures: [], ...rest,
});

/** upstream's failure details (docPaginationError, pagination.go:150-176). */
const details = (reason: string, page: number, nextCursor: string, items: unknown[]) => ({
  contractVersion: 'doc.list.v1', status: 'partial_success', complete: false, reason, page, nextCursor, count: items.length, items,
});

describe('doc +search prints collectDocPages\' doc.list.v1 result (doc.go:124, pagination.go:22)', () => {
  it('projects the rows (searchDocsProject), drops repeated ids within a page and keeps rows without one', async () => {
    const r = await paged(['doc', '+search', '--query', '周报'], 'doc/search_documents', [{ result: {
      hasMore: false,
      documents: [
        { docId: 'n1', title: '周报一', type: 'adoc', webUrl: 'u1', creatorUserId: 'c', gmtModified: 5, extra: 1 },
        { nodeId: ' n1 ', name: '重复' },
        { nodeId: 7, name: '数字 id', url: 'u7' },
        { name: '没有 id', creator: null },
        'not an object',
        { other: 1 },
      ],
    } }]);
    expect(r.exit).toBe(0);
    expect(r.printed).toEqual(found([
      { nodeId: 'n1', name: '周报一', docType: 'adoc', url: 'u1', creatorId: 'c', modifiedTime: 5 },
      { nodeId: 7, name: '数字 id', url: 'u7' },
      { name: '没有 id', creatorId: null },
    ], { pagesRead: 1, complete: true, truncated: false, hasMore: false, nextCursor: '', stopReason: '' }));
    expect(Object.keys(r.printed!)).toEqual(['complete', 'contractVersion', 'count', 'documents', 'failures', 'hasMore', 'nextCursor', 'pagesRead', 'status', 'stopReason', 'truncated']);
    expect(r.sent).toEqual([{ keyword: '周报', pageSize: 10 }]);
  });

  it('one page: a full page without marks is pagination_unproven; hasMore without a cursor is just more', async () => {
    const two = [{ nodeId: 'a' }, { nodeId: 'b' }];
    const unproven = await paged(['doc', '+search', '--limit', '2'], 'doc/search_documents', [{ documents: two }]);
    expect(unproven.printed).toEqual(found(two, { pagesRead: 1, complete: false, truncated: false, hasMore: true, nextCursor: '', stopReason: 'pagination_unproven' }));
    const said = await paged(['doc', '+search', '--limit', '2'], 'doc/search_documents', [{ documents: two, pagination: { hasMore: false, nextCursor: ' left ' } }]);
    expect(said.printed).toEqual(found(two, { pagesRead: 1, complete: true, truncated: false, hasMore: false, nextCursor: 'left', stopReason: '' }));
    const short = await paged(['doc', '+search', '--limit', '3'], 'doc/search_documents', [{ documents: two }]);
    expect(short.printed).toEqual(found(two, { pagesRead: 1, complete: true, truncated: false, hasMore: false, nextCursor: '', stopReason: '' }));
    const more = await paged(['doc', '+search', '--limit', '3'], 'doc/search_documents', [{ data: { has_more: true, documents: two } }]);
    expect(more.printed).toEqual(found(two, { pagesRead: 1, complete: false, truncated: false, hasMore: true, nextCursor: '', stopReason: '' }));
    expect(more.sent).toEqual([{ pageSize: 3 }]);
  });

  it('--page-all follows the trimmed cursor, drops items seen on earlier pages; a short last page is complete (hasMore stays true)', async () => {
    const r = await paged(['doc', '+search', '--page-all', '--limit', '3', '--cursor', ' c0 '], 'doc/search_documents', [
      { documents: [{ nodeId: 'a' }, { url: 'ua' }], nextPageToken: ' c1 ' },
      { documents: [{ nodeId: 'a ' }, { nodeId: 'b', url: 'ua' }] },
    ]);
    expect(r.printed).toEqual(found([{ nodeId: 'a' }, { url: 'ua' }, { nodeId: 'b', url: 'ua' }],
      { pagesRead: 2, complete: true, truncated: false, hasMore: true, nextCursor: '', stopReason: '' }));
    expect(r.sent).toEqual([{ pageSize: 3, pageToken: 'c0' }, { pageSize: 3, pageToken: 'c1' }]);
  });

  it('--page-all stops at --max-items (each page asks for what is left) and at --max-pages', async () => {
    const capped = await paged(['doc', '+search', '--page-all', '--limit', '2', '--max-items', '3'], 'doc/search_documents', [
      { documents: [{ nodeId: 'a' }, { nodeId: 'b' }], hasMore: true, nextCursor: 'c1' },
      { documents: [{ nodeId: 'c' }], hasMore: true, nextCursor: 'c2' },
    ]);
    expect(capped.printed).toEqual(found([{ nodeId: 'a' }, { nodeId: 'b' }, { nodeId: 'c' }],
      { pagesRead: 2, complete: false, truncated: true, hasMore: true, nextCursor: 'c2', stopReason: 'max_items' }));
    expect(capped.sent.map((a) => a.pageSize)).toEqual([2, 1]);
    const pages = await paged(['doc', '+search', '--page-all', '--max-pages', '2'], 'doc/search_documents', [
      { documents: [{ nodeId: 'a' }], nextPageToken: 'c1' },
      { documents: [{ nodeId: 'b' }], nextPageToken: 'c2' },
    ]);
    expect(pages.printed).toEqual(found([{ nodeId: 'a' }, { nodeId: 'b' }],
      { pagesRead: 2, complete: false, truncated: true, hasMore: true, nextCursor: 'c2', stopReason: 'max_pages' }));
    expect(pages.sent).toEqual([{ pageSize: 10 }, { pageSize: 10, pageToken: 'c1' }]);
  });

  it('--page-all fails (exit 1) with upstream\'s details: stalled, missing and unproven cursors, a failed read', async () => {
    const stalled = await paged(['doc', '+search', '--page-all'], 'doc/search_documents', [
      { documents: [{ nodeId: 'a' }], nextPageToken: 'c1' },
      { documents: [{ nodeId: 'b' }], nextPageToken: ' c1' },
    ]);
    expect([stalled.exit, stalled.printed, stalled.envelope?.error.reason]).toEqual([1, undefined, 'pages_incomplete']);
    expect(stalled.envelope?.ledger).toEqual(details('stalled_cursor', 2, 'c1', [{ nodeId: 'a' }, { nodeId: 'b' }]));
    const missing = await paged(['doc', '+search', '--page-all', '--cursor', 'k'], 'doc/search_documents', [{ documents: [{ nodeId: 'a' }], hasMore: true }]);
    expect([missing.exit, missing.envelope?.ledger]).toEqual([1, details('missing_next_cursor', 1, 'k', [{ nodeId: 'a' }])]);
    const unproven = await paged(['doc', '+search', '--page-all', '--limit', '1'], 'doc/search_documents', [
      { documents: [{ nodeId: 'a' }], nextCursor: 'c1' },
      { documents: [{ nodeId: 'b' }] },
    ]);
    expect([unproven.exit, unproven.envelope?.ledger]).toEqual([1, details('pagination_unproven', 2, 'c1', [{ nodeId: 'a' }, { nodeId: 'b' }])]);
    const failed = await paged(['doc', '+search', '--page-all'], 'doc/search_documents', [{ documents: [{ nodeId: 'a' }], nextPageToken: 'c1' }, BUSY]);
    expect([failed.exit, failed.envelope?.ledger]).toEqual([1, details('page_read_failed', 2, 'c1', [{ nodeId: 'a' }])]);
  });

  it('without --page-all a failed first read is page_read_failed too; a page over --max-items is refused', async () => {
    const failed = await paged(['doc', '+search', '--query', 'x'], 'doc/search_documents', [BUSY]);
    expect([failed.exit, failed.envelope?.error.reason, failed.envelope?.ledger]).toEqual([1, 'pages_incomplete', details('page_read_failed', 1, '', [])]);
    const over = await paged(['doc', '+search', '--max-items', '2'], 'doc/search_documents', [{ documents: [{ nodeId: 'a' }, { nodeId: 'b' }, { nodeId: 'c' }] }]);
    expect([over.exit, over.printed, over.envelope?.error.reason]).toEqual([1, undefined, 'backend_error']);
    expect((over.envelope?.error as { message?: string } | undefined)?.message).toContain('page_size_exceeded');
    expect(over.sent).toEqual([{ pageSize: 2 }]);
    // a hasMore page repeating the cursor sent is no failure when one page is read
    const again = await paged(['doc', '+search', '--cursor', 'c1'], 'doc/search_documents', [{ documents: [{ nodeId: 'a' }], hasMore: true, nextPageToken: 'c1' }]);
    expect(again.printed).toEqual(found([{ nodeId: 'a' }], { pagesRead: 1, complete: false, truncated: false, hasMore: true, nextCursor: 'c1', stopReason: '' }));
  });
});

describe('doc +list prints the same result with nodes (doc.go:266, listNodesProject)', () => {
  it('projects nodes and pages as +search does, 50 a page by default', async () => {
    const r = await paged(['doc', '+list', '--folder', 'F1', '--page-all'], 'doc/list_nodes', [
      { result: { nodes: [{ id: 'n1', nodeName: '目录', node_type: 'folder', docUrl: 'u1' }], hasMore: true, nextPageToken: 'p2' } },
      { result: { nodes: [{ nodeId: 'n1' }, { nodeId: 'n2', title: '文档', extension: 'adoc' }], hasMore: false } },
    ]);
    expect(r.printed).toEqual({
      contractVersion: 'doc.list.v1', status: 'success', count: 2, failures: [],
      nodes: [{ nodeId: 'n1', name: '目录', nodeType: 'folder', url: 'u1' }, { nodeId: 'n2', name: '文档', nodeType: 'adoc' }],
      pagesRead: 2, complete: true, truncated: false, hasMore: false, nextCursor: '', stopReason: '',
    });
    expect(r.sent).toEqual([{ folderId: 'F1', pageSize: 50 }, { folderId: 'F1', pageSize: 50, pageToken: 'p2' }]);
  });
});
