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

  it('a blank answer is printed as result {}', async () => {
    outputs.answer('doc/query_export_job', '  ');
    expect(await sent(['doc', '+export-get', '--job-id', 'j2'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['doc/query_export_job', { jobId: 'j2' }]],
      printed: { complete: false, contractVersion: 'doc.operation.v1', data: { jobId: 'j2', result: {} }, ok: true, operation: 'doc.export_get', status: 'unknown' },
    });
  });
});
