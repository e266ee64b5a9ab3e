// What the import flow prints or refuses after its writes, as upstream's runImportCommand / runImportUploadFallback
// (helpers/import_flow.go@c7521c1c) end: doc +import's plain upload fails closed on a commit answer that names no
// stored file (parseUploadCommitResult :299-318), doc +import's poll that runs out ends naming `dws doc import get`
// (:445), sheet import create prints {success, taskId, documentUrl, documentName, documentType, nodeId} (:448-464) or,
// when its poll runs out, the timeout record (timeoutAsResult :433-443) and exits 0. Run as a user types the command
// against the fake MCP server on 127.0.0.1; the waits are recorded, not slept. The calls are pinned by
// test/fixtures/calls/{doc,sheet}.yaml (f-docs4:).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { mcp, timed, answer } = useOutputRuns('dws-docs4-');

/** The 30 waits of upstream's defaultImportPollPolicy, each before its read (:77-94, pollImportTask :528-536): 2 s, 5 s, 10 s, 15 s. */
const IMPORT_WAITS = [...Array(5).fill(2000), ...Array(5).fill(5000), ...Array(10).fill(10000), ...Array(10).fill(15000)];

describe('doc +import: the plain upload fails closed on a commit answer without a file id (f-docs4)', () => {
  const upload = (commit: unknown) => {
    answer('doc/get_file_upload_info', { result: { resourceUrl: `${mcp.base}/upload/p1`, uploadKey: 'K1' } });
    answer('doc/commit_uploaded_file', commit);
    return timed(['doc', '+import', '--file', 'scan.pdf'], { 'scan.pdf': '%PDF' });
  };
  for (const [what, commit] of [
    ['an empty answer', ''],
    ['an answer that is not JSON', 'ok'],
    ['ids that are blank or not text', { result: { dentryUuid: '  ', fileId: 42 }, id: 'top' }],
    ['an object without any id key', { success: true }],
  ] as const) {
    it(`${what}: partial_outcome (exit 7) naming the completed commit, nothing printed`, async () => {
      const r = await upload(commit);
      expect(r.outcome.out).toBe('');
      expect(r.outcome.error?.reason).toBe('partial_outcome');
      expect(r.outcome.error?.exitCode).toBe(7);
      expect(r.outcome.error?.message).toMatch(/completed steps credentials \(read\), plain_put \(write\), commit \(write[ )]/u);
      expect(r.outcome.error?.message).toContain('backend_error: doc.shortcut_import: doc +import: commit_uploaded_file\'s answer names no stored file');
      expect(r.calls.map(([name]) => name)).toEqual(['get_file_upload_info', 'commit_uploaded_file']);
    });
  }

  it('a text id at the top level is enough when result is not an object (the check and the record read the same id)', async () => {
    const r = await upload({ result: 'done', nodeId: ' N7 ' });
    expect(r.outcome.error).toBeUndefined();
    expect(r.result).toMatchObject({ dentry_id: ' N7 ', result: { result: 'done', nodeId: ' N7 ' } });
  });
});

describe('doc +import: a conversion still processing after 30 reads (f-docs4)', () => {
  it('ends as partial_outcome whose cause is outcome_unknown naming `dws doc import get --task-id`, after upstream\'s 30 waits', async () => {
    answer('doc/create_import_session', { sessionId: 'S1', uploadUrl: `${mcp.base}/upload/i1` });
    answer('doc/confirm_import', { taskId: 'T1' });
    answer('doc/query_import_task', { status: 'Processing' });
    const r = await timed(['doc', '+import', '--file', 'a.md'], { 'a.md': '# a' });
    expect(r.calls.filter(([name]) => name === 'query_import_task')).toHaveLength(30);
    expect(r.sleeps).toEqual(IMPORT_WAITS);
    expect(r.outcome.error?.reason).toBe('partial_outcome');
    expect(r.outcome.error?.message).toContain('confirm (write {"taskId":"T1"}); step "task_timeout"');
    expect(r.outcome.error?.message).toContain('outcome_unknown: doc.shortcut_import: doc +import: the import task was still processing after 30 checks; read it later with `dws doc import get --task-id');
  });
});

describe('sheet import create: what it prints (f-docs4)', () => {
  const importing = (task: unknown) => {
    answer('doc/create_import_session', { sessionId: 'S1', uploadUrl: `${mcp.base}/upload/x1` });
    answer('doc/confirm_import', { taskId: 'T9' });
    answer('doc/query_import_task', task);
    return timed(['sheet', 'import', 'create', '--file', 'q.xlsx', '--workspace', 'W1'], { 'q.xlsx': 'PK' });
  };

  it('a completed task: upstream\'s record with nodeId the last segment of the document URL\'s path', async () => {
    const r = await importing({ status: 'COMPLETED', documentUrl: 'https://alidocs.dingtalk.com/i/nodes/N%20a/?x=1#h', documentName: '季度表', documentType: 7 });
    expect(r.outcome.error).toBeUndefined();
    // upstream waits 2 s before its first read (pollImportTask :528-536@c7521c1c)
    expect(r.sleeps).toEqual([2000]);
    expect(r.result).toEqual({
      success: true, taskId: 'T9', documentUrl: 'https://alidocs.dingtalk.com/i/nodes/N%20a/?x=1#h', documentName: '季度表', documentType: '', nodeId: 'N a',
    });
  });

  it('a completed task without a URL: every text "" and nodeId ""', async () => {
    const r = await importing({ status: 'completed' });
    expect(r.result).toEqual({ success: true, taskId: 'T9', documentUrl: '', documentName: '', documentType: '', nodeId: '' });
  });

  it('still processing after 30 reads: the timeout record, exit 0 (timeoutAsResult)', async () => {
    const r = await importing({ status: 'processing' });
    expect(r.outcome.error).toBeUndefined();
    expect(r.sleeps).toEqual(IMPORT_WAITS);
    expect(r.result).toEqual({ success: false, timed_out: true, taskId: 'T9', status: 'processing', next_command: 'dws sheet import get --task-id T9' });
  });

  it('a failed task is still an error (only the timeout is an answer)', async () => {
    const r = await importing({ status: 'failed', message: 'bad sheet' });
    expect(r.outcome.error?.reason).toBe('partial_outcome');
    expect(r.outcome.error?.message).toContain('the task failed');
    expect(r.sleeps).toEqual([2000]);
  });
});

/** upstream runMediaInsert's printed success: the doc.operation.v1 envelope around the data (doc.go:689-706@c7521c1c) */
function mediaEnvelope(data: Record<string, unknown>) {
  return {
    contractVersion: 'doc.operation.v1', ok: true, status: 'success', complete: true, operation: 'doc.media_insert', data,
    steps: ['resolve_upload', 'upload_oss', 'insert_block', 'verify'].map((name) => ({ name, status: 'success' })),
  };
}

describe('doc +media-insert: the read-back and what it prints (f-docs4, runMediaInsert doc.go:640-700@c7521c1c)', () => {
  it('reads the blocks again after 250 ms until the resource shows, then prints upstream\'s envelope with the block found (doc.go:689-706; agent20g)', async () => {
    let reads = 0;
    answer('doc/get_doc_attachment_upload_info', { result: { uploadUrl: `${mcp.base}/upload/m1`, resourceId: 'R1', resourceUrl: 'https://res/r1.png' } });
    answer('doc/insert_document_block', { success: true });
    mcp.answers['doc/list_document_blocks'] = () => ({
      result: { blocks: ++reads < 2 ? [] : [{ blockId: 'b1', jsonml: '["p",{"uuid":"b1"},["img",{"src":"https://res/r1.png"}]]' }], hasMore: false },
    });
    const r = await timed(['doc', '+media-insert', '--node', 'D1', '--file', 'shot.png', '--yes'], { 'shot.png': 'PNG' });
    expect(r.outcome.error).toBeUndefined();
    expect(r.sleeps).toEqual([250]);
    expect(r.result).toEqual(mediaEnvelope({
      nodeId: 'D1', resourceId: 'R1', resourceUrl: 'https://res/r1.png', blockId: 'b1', fileName: 'shot.png', mimeType: 'image/png', sizeBytes: 3, inserted: true, verified: true,
    }));
  });

  it('doc media insert prints the same record, resourceUrl "" when the upload answer has none', async () => {
    answer('doc/get_doc_attachment_upload_info', { uploadUrl: `${mcp.base}/upload/m2`, resourceId: 'R2' });
    answer('doc/insert_document_block', { result: { elementId: 'e2' } });
    answer('doc/list_document_blocks', { blocks: [{ blockId: 'e2', attachment: { resourceId: 'R2' } }] });
    const r = await timed(['doc', 'media', 'insert', '--node', 'D1', '--file', 'a.pdf', '--name', '合同', '--yes'], { 'a.pdf': '%PDF' });
    expect(r.result).toEqual(mediaEnvelope({
      nodeId: 'D1', resourceId: 'R2', resourceUrl: '', blockId: 'e2', fileName: '合同.pdf', mimeType: 'application/pdf', sizeBytes: 4, inserted: true, verified: true,
    }));
  });
});
