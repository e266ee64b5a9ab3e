// doc +export-get prints what upstream's executeExportGet prints (shortcut/doc/content_shortcuts.go:1540-1579@c7521c1c):
// the job's answer inside a doc.operation.v1 map, a saved export as the docEnvelope (common.go:145), and a FAILED or
// CANCELLED job refused. Run as a user types the command against the fake MCP server on 127.0.0.1.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultOf } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { run, failure, answer, mcp, env } = useOutputRuns('dws-doc-export-get-');

describe('doc +export-get prints the job inside upstream doc.operation.v1 map', () => {
  it('a running job: status lower-cased, not complete, the answer under data.result', async () => {
    answer('doc/query_export_job', { result: { status: ' Processing ', progress: 40 } });
    expect(await run(['doc', '+export-get', '--job-id', 'j1'])).toEqual({
      complete: false, contractVersion: 'doc.operation.v1',
      data: { jobId: 'j1', result: { result: { status: ' Processing ', progress: 40 }, success: true } }, // h56-wd: stamped (app/runner.go:774-783@c7521c1c)
      ok: true, operation: 'doc.export_get', status: 'processing',
    });
  });
  it('a finished job without --output is complete and fetches nothing', async () => {
    answer('doc/query_export_job', { data: { status: 'success', downloadUrl: 'https://x.invalid/e.docx' } });
    const out = await run(['doc', '+export-get', '--job-id', 'j1']) as Record<string, unknown>;
    expect([out.complete, out.status]).toEqual([true, 'success']);
    expect(mcp.fetched).toEqual([]);
  });
  it('an answer naming no status is unknown', async () => {
    answer('doc/query_export_job', { jobId: 'j1' });
    const out = await run(['doc', '+export-get', '--job-id', 'j1']) as Record<string, unknown>;
    expect([out.complete, out.status]).toEqual([false, 'unknown']);
  });
});

describe('doc +export-get --output prints the docEnvelope of the saved file', () => {
  it('names the file relative to the file root, its size, verified, and both steps', async () => {
    mcp.files['e.docx'] = Buffer.from('DOCX');
    answer('doc/query_export_job', { result: { status: 'SUCCESS', downloadUrl: `${mcp.base}/files/e.docx` } });
    const runEnv = env();
    expect(await resultOf(['doc', '+export-get', '--job-id', 'j1', '--output', 'exports/'], runEnv)).toEqual({
      compensation: { available: false, reason: '' }, complete: true, contractVersion: 'doc.operation.v1',
      data: { jobId: 'j1', localPath: path.join('exports', 'document'), sizeBytes: 4, verified: true },
      ok: true, operation: 'doc.export_get', status: 'success',
      steps: [{ name: 'query', status: 'success' }, { name: 'download', status: 'success' }], warnings: [],
    });
    expect(readFileSync(path.join(runEnv.DWS_FILE_ROOT as string, 'exports', 'document'), 'utf8')).toBe('DOCX');
  });
});

describe('doc +export-get refuses a failed or cancelled job (doc_export_job_failed)', () => {
  for (const status of ['failed', 'CANCELLED']) {
    it(`status ${status}: an API error naming it, nothing fetched, nothing printed`, async () => {
      mcp.files['e.docx'] = Buffer.from('DOCX');
      answer('doc/query_export_job', { result: { status, downloadUrl: `${mcp.base}/files/e.docx`, message: 'boom' } });
      const outcome = await failure(['doc', '+export-get', '--job-id', 'j1', '--output', 'exports/']);
      expect(outcome.reason).toBe('backend_error');
      expect(outcome.message).toContain(`status is ${status.toUpperCase()}`);
      expect(outcome.out).toBe('');
      expect(mcp.fetched).toEqual([]);
    });
  }
});
