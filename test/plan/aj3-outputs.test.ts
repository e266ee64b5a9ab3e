// What the doc shortcuts a-j3 finished print (issue 32, tenth audit's leftovers), as upstream's bodies at c7521c1c
// print them, run as a user types them against the recording backend on 127.0.0.1; the calls are pinned by
// test/fixtures/calls/doc.yaml.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { run, answer, mcp } = useOutputRuns('dws-aj3-');

/** upstream docEnvelope (common.go:145@c7521c1c) around a template search's data. */
const envelope = (data: unknown) => ({
  contractVersion: 'doc.operation.v1', ok: true, status: 'success', complete: true, operation: 'doc.template_search',
  steps: null, data, warnings: [], compensation: { available: false, reason: '' },
});

describe('doc +template-search prints the selection payload (doc.go:935-981)', () => {
  it('walks the answer for candidates, one per templateId, sorted by name then id; a complete search asks the user', async () => {
    answer('doc/search_doc_templates', { result: {
      hasMore: false,
      templates: [
        { templateId: ' t2 ', templateName: '周报', source: 'MY', summary: '每周' },
        { template_id: 't1', title: ' 周报 ', description: ' ', summary: '简版' },
        { templateId: 't2', templateName: '别的名字' },
        { templateId: '  ', name: '空 id' },
        { nested: { items: [{ templateId: 't0', templateSource: 'PUBLIC' }] } },
      ],
    } });
    expect(await run(['doc', '+template-search', '--query', ' 周报 '])).toEqual(envelope({
      query: '周报', source: '', count: 3,
      candidates: [
        { templateId: 't0', source: 'PUBLIC' },
        { templateId: 't1', name: '周报', description: '简版' },
        { templateId: 't2', name: '周报', source: 'MY', description: '每周' },
      ],
      complete: true, hasMore: false, nextCursor: '',
      selection: { status: 'selection_required', templateId: '', nextAction: 'ask_user' },
    }));
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ searchName: '周报', maxResults: 50 }]);
  });

  it('one candidate with no page marks and fewer than the page size is resolved; a cursor keeps it a selection', async () => {
    answer('doc/search_doc_templates', { data: { list: [{ templateId: 'only', name: '合同' }] } });
    const one = { templateId: 'only', name: '合同' };
    expect(await run(['doc', '+template-search', '--query', '合同', '--source', 'PUBLIC'])).toEqual(envelope({
      query: '合同', source: 'PUBLIC', count: 1, candidates: [one], complete: true, hasMore: false, nextCursor: '',
      selection: { status: 'resolved', templateId: 'only', nextAction: 'create_once' },
    }));
    // a later page is never the whole search (globalComplete needs no --cursor)
    expect(await run(['doc', '+template-search', '--query', '合同', '--cursor', 'c1'])).toEqual(envelope({
      query: '合同', source: '', count: 1, candidates: [one], complete: true, hasMore: false, nextCursor: '',
      selection: { status: 'selection_required', templateId: '', nextAction: 'ask_user' },
    }));
  });

  it('a page as long as --limit without marks, or a cursor, is incomplete: continue_search', async () => {
    answer('doc/search_doc_templates', { items: [{ templateId: 'a' }, { templateId: 'b' }] });
    expect(await run(['doc', '+template-search', '--query', 'x', '--limit', '2'])).toEqual(envelope({
      query: 'x', source: '', count: 2, candidates: [{ templateId: 'a' }, { templateId: 'b' }],
      complete: false, hasMore: true, nextCursor: '',
      selection: { status: 'selection_required', templateId: '', nextAction: 'continue_search' },
    }));
    // the first cursor key present decides at its level; a non-text one is passed over and the walk goes inside
    answer('doc/search_doc_templates', { nextCursor: 7, page: { nextPageToken: ' n2 ' } });
    expect(await run(['doc', '+template-search', '--query', 'x'])).toEqual(envelope({
      // h36-b3: no candidate leaves collectTemplateCandidates' slice nil (history_template_shortcuts.go:581-583, :566-567
      // append to a nil slice@c7521c1c), which prints null, as the envelope's steps
      query: 'x', source: '', count: 0, candidates: null, complete: false, hasMore: true, nextCursor: 'n2',
      selection: { status: 'selection_required', templateId: '', nextAction: 'continue_search' },
    }));
  });

  it('nothing found on a complete first page is not_found: stop', async () => {
    answer('doc/search_doc_templates', { result: { templates: [], pagination: { has_more: false, nextCursor: 'ignored' } } });
    expect(await run(['doc', '+template-search', '--query', '无'])).toEqual(envelope({
      query: '无', source: '', count: 0, candidates: null, complete: true, hasMore: false, nextCursor: 'ignored',
      selection: { status: 'not_found', templateId: '', nextAction: 'stop' },
    }));
  });
});

describe('doc +review prints the projected comments (review_shortcuts.go:28-47, projectReviewComments :308)', () => {
  const blocks = { result: { blocks: [
    { blockId: 'b1', element: { text: '第一段：预算需要复核' } },
    { blockId: 'b2', children: [{ text: '第二段：预算' }, { id: 'b3', text: '第三段' }] },
  ] } };
  it('places an inline comment by its quote when it matches once, keeps its own blockId, and counts both kinds', async () => {
    answer('doc/list_document_blocks', blocks);
    answer('doc-comment/list_comments', { result: { list: [
      { commentKey: 'c1', content: '请复核', quote: '需要复核', replies: [{ content: '好' }], isGlobal: false },
      { commentId: 'c2', text: '全文意见', selectedText: '' },
      { commentKey: 'c3', content: '两处都有', selectedText: '预算' },
      { commentKey: '', commentId: 'ignored', inner: { commentKey: 'c4', blockId: 'b3', content: 7, text: '第三段的意见', replies: null } },
      { commentKey: ' ', content: '空白键也算', nested: { commentKey: 'never read' } },
    ] } });
    expect(await run(['doc', '+review', '--node', 'D1'])).toEqual({
      status: 'unresolved',
      counts: { total: 5, global: 3, inline: 2 },
      comments: [
        { commentKey: 'c1', content: '请复核', selectedText: '需要复核', blockId: 'b1', context: '第一段：预算需要复核', replies: [{ content: '好' }] },
        { commentKey: 'c2', content: '全文意见', selectedText: '', blockId: '', context: '', replies: null },
        { commentKey: 'c3', content: '两处都有', selectedText: '预算', blockId: '', context: '', replies: null },
        { commentKey: 'c4', content: '第三段的意见', selectedText: '', blockId: 'b3', context: '第三段', replies: null },
        { commentKey: ' ', content: '空白键也算', selectedText: '', blockId: '', context: '', replies: null },
      ],
    });
    expect(mcp.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['list_comments', { nodeId: 'D1', resolveStatus: 'unresolved' }],
      ['list_document_blocks', { nodeId: 'D1', format: 'element' }],
    ]);
  });
  it('no comment prints comments null and zero counts', async () => {
    answer('doc/list_document_blocks', blocks);
    answer('doc-comment/list_comments', { result: { list: [] } });
    expect(await run(['doc', '+review', '--node', 'D1'])).toEqual({ status: 'unresolved', counts: { total: 0, global: 0, inline: 0 }, comments: null });
  });
});
