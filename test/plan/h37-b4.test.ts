// Session 37 second reading, part b4 (issue 32, notes/h37-b4.md): where a drawn command still differed from upstream's
// body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1; waits recorded, not slept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { mcp, timed, answer, answerText } = useOutputRuns('dws-h37b4-');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmptyText = (v: unknown): v is string => typeof v === 'string' && v !== '';

/**
 * upstream's parseUploadInfo (helpers/doc.go:263-280@c7521c1c), as a model: the credentials read inside result when it
 * is an object, else at the top; both must be non-empty texts, or nothing is uploaded.
 */
function uploadInfo(data: Record<string, unknown>): { url: string; key: string } | 'refused' {
  const inner = isObject(data.result) ? data.result : data;
  return nonEmptyText(inner.resourceUrl) && nonEmptyText(inner.uploadKey) ? { url: inner.resourceUrl, key: inner.uploadKey } : 'refused';
}

// the plain upload (runImportUploadFallback import_flow.go:219-290, docSpaceUploadCommitText doc.go:229-260@c7521c1c)
describe('doc +import, plain upload: the credentials are read as parseUploadInfo reads them (doc.go:263-280@c7521c1c)', () => {
  const argv = ['doc', '+import', '--file', 'scan.pdf'];
  const files = { 'scan.pdf': '%PDF' };
  it('an uploadKey at the top beside a result object holding only the URL: refused before the PUT and the commit', async () => {
    answer('doc/get_file_upload_info', { result: { resourceUrl: `${mcp.base}/upload/p1` }, uploadKey: 'K1' });
    answer('doc/commit_uploaded_file', { dentryUuid: 'D1' });
    const r = await timed(argv, files);
    expect(r.outcome.error?.reason).toBe('backend_error');
    expect(r.calls.map(([name]) => name)).toEqual(['get_file_upload_info']);
  });
  it('an uploadKey that is not a text: refused before the PUT', async () => {
    answer('doc/get_file_upload_info', { resourceUrl: `${mcp.base}/upload/p1`, uploadKey: 5 });
    answer('doc/commit_uploaded_file', { dentryUuid: 'D1' });
    const r = await timed(argv, files);
    expect(r.outcome.error?.reason).toBe('backend_error');
    expect(r.calls.map(([name]) => name)).toEqual(['get_file_upload_info']);
  });
  it('the PUT carries the text headers of the same object (result when it is one), others dropped (doc.go:282-289)', async () => {
    answer('doc/get_file_upload_info', { result: { resourceUrl: `${mcp.base}/upload/p3`, uploadKey: 'K3', headers: { 'x-sign': 's', 'x-n': 5 } }, headers: { 'x-top': 't' } });
    answer('doc/commit_uploaded_file', { dentryUuid: 'D1' });
    const r = await timed(argv, files);
    expect(r.outcome.error).toBeUndefined();
    expect(mcp.uploads.at(-1)?.headers['x-sign']).toBe('s');
    expect(mcp.uploads.at(-1)?.headers['x-n']).toBeUndefined();
    expect(mcp.uploads.at(-1)?.headers['x-top']).toBeUndefined();
  });
  it('refused or committed as upstream reads the credentials, for any envelope', async () => {
    const url = fc.constantFrom<unknown>(`${mcp.base}/upload/p2`, '', 5, null);
    const key = fc.constantFrom<unknown>('K2', '', 7, null);
    const creds = fc.record({ resourceUrl: url, uploadKey: key }, { requiredKeys: [] });
    const envelope = fc.record({ resourceUrl: url, uploadKey: key, result: fc.oneof(creds, fc.constantFrom<unknown>('x', null, [])) }, { requiredKeys: [] });
    await fc.assert(fc.asyncProperty(envelope, async (data) => {
      answer('doc/get_file_upload_info', data);
      answer('doc/commit_uploaded_file', { dentryUuid: 'D1' });
      mcp.calls.length = 0;
      const r = await timed(argv, files);
      const expected = uploadInfo(data);
      if (expected === 'refused') {
        expect(r.outcome.error?.reason).toBe('backend_error');
        expect(r.calls.map(([name]) => name)).toEqual(['get_file_upload_info']);
      } else {
        expect(r.outcome.error).toBeUndefined();
        expect(r.calls[1]).toEqual(['commit_uploaded_file', { uploadKey: expected.key, name: 'scan.pdf', fileSize: 4 }]);
      }
    }), { numRuns: 30 });
  });
});

// runImportCommand (helpers/import_flow.go:320-464@c7521c1c): each answer is json.Unmarshal'ed into a map and its ids
// read as Go strings; a missing or non-text one fails the run before the next step
describe('doc +import and sheet import create, conversion: each answer is read as runImportCommand reads it (import_flow.go:356-418, :523-558@c7521c1c)', () => {
  const runs: [string, string[], Record<string, string>][] = [
    ['doc +import', ['doc', '+import', '--file', 'a.md'], { 'a.md': '# a' }],
    ['sheet import create', ['sheet', 'import', 'create', '--file', 'q.xlsx', '--workspace', 'W1'], { 'q.xlsx': 'PK' }],
  ];
  for (const [name, argv, files] of runs) {
    it(`${name}: a session answer without a text sessionId is refused before the PUT (:366-373)`, async () => {
      answer('doc/create_import_session', { sessionId: 5, uploadUrl: `${mcp.base}/upload/i1` });
      answer('doc/confirm_import', { taskId: 'T1' });
      answer('doc/query_import_task', { status: 'completed' });
      const r = await timed(argv, files);
      expect(r.outcome.error).toBeDefined();
      expect(r.calls.map(([n]) => n)).toEqual(['create_import_session']);
    });
    it(`${name}: a blank session answer fails before the PUT (json.Unmarshal of "" fails, :362-365)`, async () => {
      answer('doc/create_import_session', { sessionId: 'S1', uploadUrl: `${mcp.base}/upload/i1` });
      answer('doc/confirm_import', { taskId: 'T1' });
      answerText('create_import_session', ' ');
      const r = await timed(argv, files);
      expect(r.outcome.error).toBeDefined();
      expect(r.calls.map(([n]) => n)).toEqual(['create_import_session']);
    });
    it(`${name}: a confirm answer whose taskId is not a text is refused before any read (:413-418)`, async () => {
      answer('doc/create_import_session', { sessionId: 'S1', uploadUrl: `${mcp.base}/upload/i1` });
      answer('doc/confirm_import', { taskId: 5 });
      answer('doc/query_import_task', { status: 'completed' });
      const r = await timed(argv, files);
      expect(r.outcome.error).toBeDefined();
      expect(r.calls.map(([n]) => n)).toEqual(['create_import_session', 'confirm_import']);
    });
    for (const [what, text] of [['a blank answer', ' '], ['text that is not JSON', 'busy'], ['a list', '[1]']] as const) {
      it(`${name}: ${what} to query_import_task ends the run at that read, not after 30 (pollImportTask :541-544)`, async () => {
        answer('doc/create_import_session', { sessionId: 'S1', uploadUrl: `${mcp.base}/upload/i1` });
        answer('doc/confirm_import', { taskId: 'T1' });
        answer('doc/query_import_task', { status: 'completed' });
        answerText('query_import_task', text);
        const r = await timed(argv, files);
        expect(r.outcome.error).toBeDefined();
        expect(r.calls.filter(([n]) => n === 'query_import_task')).toHaveLength(1);
      });
    }
    it(`${name}: a null answer has no status and is read again, as upstream's nil map (:545-558)`, async () => {
      answer('doc/create_import_session', { sessionId: 'S1', uploadUrl: `${mcp.base}/upload/i1` });
      answer('doc/confirm_import', { taskId: 'T1' });
      answer('doc/query_import_task', { status: 'completed' });
      answerText('query_import_task', 'null');
      const r = await timed(argv, files);
      expect(r.outcome.error).toBeUndefined();
      expect(r.calls.filter(([n]) => n === 'query_import_task')).toHaveLength(2);
    });
  }
});
