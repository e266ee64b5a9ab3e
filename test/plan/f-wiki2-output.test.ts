// Branch f-wiki2 (issue 32): what the paged wiki lists print, as upstream's bodies at c7521c1c print them: +space-list
// (internal/shortcut/wiki/wiki.go:31-52), +node-list (nodes.go:14-38) and +feed-list (nodes.go:224-244), each through
// collectWikiPages (common.go:252-314), requireWikiCollection (:103), projectWikiRows (:139) and addWikiPagination
// (:157). Run as a user types them against the fake MCP server on 127.0.0.1, with canned pages (one failing); the calls
// themselves are pinned by test/fixtures/calls/wiki.yaml (`f-wiki2:` cases).
import { describe, expect, it } from 'vitest';
import { BUSY, useOutputRuns } from './output-runs.js';

const { paged: run } = useOutputRuns('dws-wiki2-');


describe('wiki +space-list prints upstream\'s payload (wiki.go:31-52)', () => {
  const rpc = 'wiki/list_wikiSpaces';
  const page1 = { wikiSpaces: [{ spaceId: 's1', title: '产品库', desc: '说明', createdAt: '2026-01-01', url: 'https://a/s1', owner: 'u1' }, { owner: 'u2' }], hasMore: true, nextPageToken: 'p2', totalCount: 3 };
  const page2 = { result: { spaces: [{ workspaceId: 's3', name: null, spaceName: '研发库', spaceUrl: 'https://a/s3' }], hasMore: false } };

  it('one page: rows projected (a row with no known field is {}), the page\'s own evidence, keys sorted', async () => {
    const r = await run(['wiki', '+space-list'], rpc, [page1]);
    expect(r.exit).toBe(0);
    expect(r.sent).toEqual([{ pageSize: 20, wikiSpaceType: 'orgWikiSpace' }]);
    expect(r.printed).toEqual({
      count: 2,
      spaces: [{ workspaceId: 's1', name: '产品库', description: '说明', createTime: '2026-01-01', url: 'https://a/s1' }, {}],
      hasMore: true, nextCursor: 'p2', totalCount: 3,
    });
    expect(Object.keys(r.printed!)).toEqual(['count', 'hasMore', 'nextCursor', 'spaces', 'totalCount']);
  });

  it('--page-all to the end: every page\'s rows, the last page\'s evidence, autoPageComplete and pagesFetched (:296-:299)', async () => {
    const r = await run(['wiki', '+space-list', '--page-all', '--type', 'myWikiSpace'], rpc, [page1, page2]);
    expect(r.exit).toBe(0);
    expect(r.sent).toEqual([{ pageSize: 20, wikiSpaceType: 'myWikiSpace' }, { pageSize: 20, wikiSpaceType: 'myWikiSpace', pageToken: 'p2' }]);
    expect(r.printed).toEqual({
      count: 3,
      spaces: [{ workspaceId: 's1', name: '产品库', description: '说明', createTime: '2026-01-01', url: 'https://a/s1' }, {}, { workspaceId: 's3', name: '研发库', url: 'https://a/s3' }],
      hasMore: false, autoPageComplete: true, pagesFetched: 2,
    });
  });

  it('--max-items: the rows cut to the cap, each page asking for what is left, stopped as max_items (:273-:287)', async () => {
    const r = await run(['wiki', '+space-list', '--page-all', '--max-items', '3', '--limit', '2'], rpc, [page1, { wikiSpaces: [{ id: 's3' }, { id: 's4' }], hasMore: true, nextToken: 'p3' }]);
    expect(r.exit).toBe(0);
    expect(r.sent).toEqual([{ pageSize: 2, wikiSpaceType: 'orgWikiSpace' }, { pageSize: 1, wikiSpaceType: 'orgWikiSpace', pageToken: 'p2' }]);
    expect(r.printed).toEqual({
      count: 3,
      spaces: [{ workspaceId: 's1', name: '产品库', description: '说明', createTime: '2026-01-01', url: 'https://a/s1' }, {}, { workspaceId: 's3' }],
      hasMore: true, nextCursor: 'p3', autoPageComplete: false, autoPageStopReason: 'max_items', pagesFetched: 2,
    });
  });

  it('the cap reached ends the run before the page\'s marks are read: no hasMore, no cursor, still max_items (:282)', async () => {
    const r = await run(['wiki', '+space-list', '--page-all', '--max-items', '2'], rpc, [{ wikiSpaces: [{ id: 's1' }, { id: 's2' }] }]);
    expect(r.exit).toBe(0);
    expect(r.printed).toEqual({ count: 2, spaces: [{ workspaceId: 's1' }, { workspaceId: 's2' }], autoPageComplete: false, autoPageStopReason: 'max_items', pagesFetched: 1 });
  });

  it('a later page that fails: exit 1, pages_incomplete, what was read in the envelope\'s ledger', async () => {
    const r = await run(['wiki', '+space-list', '--page-all'], rpc, [page1, BUSY]);
    expect([r.exit, r.printed, r.envelope?.error.reason]).toEqual([1, undefined, 'pages_incomplete']);
    expect(r.envelope?.ledger?.count).toBe(2);
    expect(r.sent).toHaveLength(2);
  });

  it('--page-all: a page without a boolean hasMore, or a hasMore page without a cursor, is a failure (:288-:304)', async () => {
    const unmarked = await run(['wiki', '+space-list', '--page-all'], rpc, [{ wikiSpaces: [{ id: 's1' }] }]);
    expect([unmarked.exit, unmarked.envelope?.error.reason]).toEqual([1, 'pages_incomplete']);
    const cursorless = await run(['wiki', '+space-list', '--page-all'], rpc, [{ wikiSpaces: [{ id: 's1' }], hasMore: true, nextPageToken: '  ' }]);
    expect([cursorless.exit, cursorless.envelope?.error.reason]).toEqual([1, 'pages_incomplete']);
    // one page reads no marks (:253-:258)
    const single = await run(['wiki', '+space-list'], rpc, [{ wikiSpaces: [{ id: 's1' }] }]);
    expect(single.printed).toEqual({ count: 1, spaces: [{ workspaceId: 's1' }] });
  });

  it('pages left after --page-limit pages is refused (:313), a repeated cursor is a failure (:305)', async () => {
    const limited = await run(['wiki', '+space-list', '--page-all', '--page-limit', '1'], rpc, [page1, page2]);
    expect([limited.exit, limited.envelope?.error.reason, limited.sent.length]).toEqual([1, 'backend_error', 1]);
    const stalled = await run(['wiki', '+space-list', '--page-all', '--cursor', 'p2'], rpc, [page1]);
    expect([stalled.exit, stalled.envelope?.error.reason, stalled.sent.length]).toEqual([1, 'pages_incomplete', 1]);
  });

  it('no list, or a list holding a non-object, is refused as the backend\'s error (requireWikiCollection :118-:136)', async () => {
    for (const answer of [{ hasMore: false }, { wikiSpaces: [{ id: 's1' }, 'not a space'] }, { wikiSpaces: 'none' }]) {
      const r = await run(['wiki', '+space-list'], rpc, [answer]);
      expect([r.exit, r.envelope?.error.reason, r.printed]).toEqual([1, 'backend_error', undefined]);
    }
  });
});

describe('wiki +node-list and +feed-list print upstream\'s payload (nodes.go:14-38, :224-244)', () => {
  it('+node-list --page-all: items/list keys, node rows, the last page under data', async () => {
    const r = await run(['wiki', '+node-list', '--workspace', 'w1', '--folder', 'f1', '--page-all'], 'doc/list_nodes', [
      { items: [{ dentryUuid: 'n1', title: '方案', docType: 'adoc', contentType: 'alidoc', parentId: 'f1', spaceId: 'w1', webUrl: 'https://a/n1', size: 3 }], hasMore: true, nextCursor: 'c2' },
      { data: { list: [{ nodeId: 'n2', fileName: '表格.xlsx', fileType: 'file' }, { size: 1 }], hasMore: false, nextCursor: '', truncated: false } },
    ]);
    expect(r.exit).toBe(0);
    expect(r.sent).toEqual([{ workspaceId: 'w1', folderId: 'f1', pageSize: 50 }, { workspaceId: 'w1', folderId: 'f1', pageSize: 50, pageToken: 'c2' }]);
    expect(r.printed).toEqual({
      count: 3,
      nodes: [
        { nodeId: 'n1', name: '方案', type: 'adoc', contentType: 'alidoc', folderId: 'f1', workspaceId: 'w1', url: 'https://a/n1' },
        { nodeId: 'n2', name: '表格.xlsx', type: 'file' },
        {},
      ],
      hasMore: false, nextCursor: '', truncated: false, autoPageComplete: true, pagesFetched: 2,
    });
  });

  it('+feed-list one page: feed rows and the page\'s evidence as it gave it', async () => {
    const r = await run(['wiki', '+feed-list', '--workspace', 'w1', '--exclude-file'], 'wiki/list_workspace_feeds', [
      { feeds: [{ feedId: 'f1', action: 'edit', createTime: 100, fileName: '周报', fileId: 'n1' }], hasMore: true, nextToken: 't2', autoPageStopReason: 'server' },
    ]);
    expect(r.exit).toBe(0);
    expect(r.sent).toEqual([{ workspaceId: 'w1', maxResults: 10, excludeFile: true }]);
    expect(r.printed).toEqual({ count: 1, feeds: [{ id: 'f1', type: 'edit', time: 100, name: '周报', nodeId: 'n1' }], hasMore: true, nextCursor: 't2', autoPageStopReason: 'server' });
  });

  it('+feed-list --page-all with a failing second page ends as pages_incomplete', async () => {
    const r = await run(['wiki', '+feed-list', '--workspace', 'w1', '--page-all'], 'wiki/list_workspace_feeds', [{ feeds: [{ id: 'f1' }], hasMore: true, nextToken: 't2' }, BUSY]);
    expect([r.exit, r.envelope?.error.reason, r.envelope?.ledger?.feeds]).toEqual([1, 'pages_incomplete', [{ id: 'f1' }]]);
    expect(r.sent).toEqual([{ workspaceId: 'w1', maxResults: 10 }, { workspaceId: 'w1', maxResults: 10, nextToken: 't2' }]);
  });
});

describe('the single-call wiki lists keep a row with no known field and refuse a non-object (common.go:128-155)', () => {
  it('+space-search prints {} for a space with none of the fields', async () => {
    const r = await run(['wiki', '+space-search', '--query', '产品'], 'wiki/search_wikiSpaces', [{ wikiSpaces: [{ spaceId: 's1' }, { owner: 'u1' }], hasMore: false }]);
    expect(r.printed).toEqual({ count: 2, spaces: [{ workspaceId: 's1' }, {}], hasMore: false });
  });
  it('+space-search and +member-list refuse a list holding a non-object', async () => {
    const spaces = await run(['wiki', '+space-search', '--query', '产品'], 'wiki/search_wikiSpaces', [{ result: { spaces: [{ spaceId: 's1' }, 7] } }]);
    expect([spaces.exit, spaces.envelope?.error.reason, spaces.printed]).toEqual([1, 'backend_error', undefined]);
    const members = await run(['wiki', '+member-list', '--workspace', 'ws1'], 'wiki/list_member', [{ members: [{ userId: 'u1' }, null] }]);
    expect([members.exit, members.envelope?.error.reason, members.printed]).toEqual([1, 'backend_error', undefined]);
    const kept = await run(['wiki', '+member-list', '--workspace', 'ws1'], 'wiki/list_member', [{ members: [{ userId: 'u1' }, { avatar: 'a' }] }]);
    expect(kept.printed).toEqual({ count: 2, members: [{ id: 'u1' }, {}] });
  });
});

describe('wiki +node-search and +node-get print what upstream prints (nodes.go:40-91)', () => {
  it('+node-search: nodes projected from the first of documents/docs/nodes/items/list, the evidence of the object holding them', async () => {
    const r = await run(['wiki', '+node-search', '--workspace', 'w1', '--query', '方案'], 'doc/search_documents', [
      { result: { docs: [{ dentryUuid: 'n1', name: '方案', url: 'https://a/n1', extensions: 'adoc' }, { score: 1 }], hasMore: true, nextPageToken: 'p2', pageToken: 'p3' }, hasMore: false },
    ]);
    expect(r.exit).toBe(0);
    expect(r.printed).toEqual({ count: 2, nodes: [{ nodeId: 'n1', name: '方案', url: 'https://a/n1' }, {}], hasMore: true, nextCursor: 'p3' });
    for (const answer of [{ total: 0 }, { documents: [{ nodeId: 'n1' }, 'x'] }]) {
      const bad = await run(['wiki', '+node-search', '--workspace', 'w1', '--query', '方案'], 'doc/search_documents', [answer]);
      expect([bad.exit, bad.envelope?.error.reason]).toEqual([1, 'backend_error']);
    }
  });

  it('+node-get: the node object (result, else data, else the answer) printed as it is', async () => {
    const node = { nodeId: 'n1', name: '方案', extension: 'adoc' };
    const cases: [unknown, unknown][] = [[{ result: node, success: true }, node], [{ data: node }, node], [{ ...node, success: true }, { ...node, success: true }]];
    for (const [answer, printed] of cases) {
      const r = await run(['wiki', '+node-get', '--node', 'n1'], 'doc/get_document_info', [answer]);
      expect([r.exit, r.printed]).toEqual([0, printed]);
    }
    const byFileId = await run(['wiki', '+node-get', '--node', 'n1'], 'doc/get_document_info', [{ result: { fileId: 'f1' } }]);
    expect(byFileId.printed).toEqual({ fileId: 'f1' });
  });

  it('+node-get refuses an answer without a node id, a wrapper that is not an object, a success that is not a boolean (common.go:52-101, nodes.go:49)', async () => {
    for (const answer of [{ result: { nodeId: '  ', name: 'x' } }, { result: 'n1', nodeId: 'n1' }, { nodeId: 'n1', name: 'x', success: 'yes' }, { result: { id: 7 } }]) {
      const r = await run(['wiki', '+node-get', '--node', 'n1'], 'doc/get_document_info', [answer]);
      expect([r.exit, r.envelope?.error.reason, r.printed]).toEqual([1, 'backend_error', undefined]);
    }
  });
});
