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
      query: 'x', source: '', count: 0, candidates: [], complete: false, hasMore: true, nextCursor: 'n2',
      selection: { status: 'selection_required', templateId: '', nextAction: 'continue_search' },
    }));
  });

  it('nothing found on a complete first page is not_found: stop', async () => {
    answer('doc/search_doc_templates', { result: { templates: [], pagination: { has_more: false, nextCursor: 'ignored' } } });
    expect(await run(['doc', '+template-search', '--query', '无'])).toEqual(envelope({
      query: '无', source: '', count: 0, candidates: [], complete: true, hasMore: false, nextCursor: 'ignored',
      selection: { status: 'not_found', templateId: '', nextAction: 'stop' },
    }));
  });
});
