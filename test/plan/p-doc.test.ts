// What the doc commands the p-doc pre-audit read print, as upstream's bodies at c7521c1c do, run as a user types them
// against the recording backend on 127.0.0.1 (issue 32). The arguments are pinned by the `p-doc:` recorded-call
// goldens of test/fixtures/calls/doc.yaml.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pdoc-');
const { sent } = outputs;

describe('doc +export-get prints the job answer as CallMCPData decodes it (content_shortcuts.go:1554-1561, runner.go:255-271)', () => {
  it('a null answer is printed as result null, the job id trimmed', async () => {
    outputs.answer('doc/query_export_job', null);
    expect(await sent(['doc', '+export-get', '--job-id', ' j1 '])).toEqual({
      reason: undefined, category: undefined,
      calls: [['doc/query_export_job', { jobId: 'j1' }]],
      printed: { complete: false, contractVersion: 'doc.operation.v1', data: { jobId: 'j1', result: null }, ok: true, operation: 'doc.export_get', status: 'unknown' },
    });
  });

  // h56-wd: through the runner a blank text is the nil map, null (app/tool_caller_adapter.go:141-193@c7521c1c)
  it('a blank answer is printed as result null', async () => {
    outputs.answer('doc/query_export_job', '  ');
    expect(await sent(['doc', '+export-get', '--job-id', 'j2'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['doc/query_export_job', { jobId: 'j2' }]],
      printed: { complete: false, contractVersion: 'doc.operation.v1', data: { jobId: 'j2', result: null }, ok: true, operation: 'doc.export_get', status: 'unknown' },
    });
  });
});

describe('doc +fetch prints doc.content.v1 around the content, naming the document it read (content_shortcuts.go:217-253, docresolver/resolver.go:47-101)', () => {
  it('with --node the target is the trimmed node alone', async () => {
    outputs.answer('doc/get_document_content', { result: { markdown: '# 周报' } });
    expect(await sent(['doc', '+fetch', '--node', ' D1 '])).toEqual({
      reason: undefined, category: undefined,
      calls: [['doc/get_document_content', { nodeId: 'D1', format: 'markdown' }]],
      printed: { complete: true, content: { result: { markdown: '# 周报' }, success: true }, contractVersion: 'doc.content.v1', status: 'success', target: { canonicalId: 'D1', product: 'doc' } },
    });
  });

  it('with --query the target is the candidate found, its fields trimmed and the empty ones left out; a null content is printed null', async () => {
    outputs.answer('doc/search_documents', { result: { documents: [{ nodeId: ' N1 ', name: ' 周报 ', docType: 'ADOC', docUrl: 'https://alidocs.dingtalk.com/i/nodes/N1', folderId: 'F1', webUrl: 'x' }, { nodeId: 'N2', name: '周报（旧）', url: '' }] } });
    outputs.answer('doc/get_document_content', null);
    expect(await sent(['doc', '+fetch', '--query', '周报'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['doc/search_documents', { keyword: '周报', pageSize: 30 }], ['doc/get_document_content', { nodeId: 'N1', format: 'markdown' }]],
      printed: {
        complete: true, content: null, contractVersion: 'doc.content.v1', status: 'success',
        target: { canonicalId: 'N1', name: '周报', product: 'doc', resourceType: 'ADOC', canonicalUrl: 'https://alidocs.dingtalk.com/i/nodes/N1', containerId: 'F1' },
      },
    });
  });

  it('a content answer that is not a JSON object fails after the read, as CallMCPData does', async () => {
    outputs.answer('doc/get_document_content', [1, 2]);
    expect(await sent(['doc', '+fetch', '--node', 'D1'])).toEqual({
      reason: 'backend_error', category: 'backend', calls: [['doc/get_document_content', { nodeId: 'D1', format: 'markdown' }]], printed: undefined,
    });
  });

  it('no candidate at all is not_found, and nothing is read', async () => {
    outputs.answer('doc/search_documents', { documents: [{ name: '无 id' }, 'x'] });
    expect(await sent(['doc', '+fetch', '--query', '周报'])).toEqual({
      reason: 'not_found', category: 'validation', calls: [['doc/search_documents', { keyword: '周报', pageSize: 30 }]], printed: undefined,
    });
  });
});

describe('doc +media-preview reads the URL and the file name anywhere in the answer (downloadResolvedResource, nestedStringDeep media_style_shortcuts.go:315-330, :376-397)', () => {
  it('a blank first key is passed over; the name found deeper names the preview file', async () => {
    outputs.mcp.files = { 'q.png': Buffer.from('QQ') };
    outputs.answer('doc/download_doc_attachment', { result: { downloadUrl: '', meta: { url: `${outputs.mcp.base}/files/q.png`, fileName: ' 封面.png ' } } });
    const r = await sent(['doc', '+media-preview', '--node', 'D1', '--resource-id', 'R1']);
    expect(r.calls).toEqual([['doc/download_doc_attachment', { nodeId: 'D1', resourceId: 'R1' }]]);
    const data = (r.printed as { data: { previewPath: string; sizeBytes: number } }).data;
    expect({ name: data.previewPath.split('/').pop(), sizeBytes: data.sizeBytes }).toEqual({ name: '封面.png', sizeBytes: 2 });
  });
});
