// Session 44 second reading, part a2 (issue 32, notes/h44-a2.md; seed 20261391): where a drawn command (or a sibling)
// still differed from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h44a2-');
const { sent, mcp } = outputs;

describe('markdown overwrite: with --workspace and --name upstream reads nothing before the upload (resolveMarkdownRoute markdown.go:790-803, runMarkdownOverwrite :522-548@c7521c1c)', () => {
  const credentials = () => outputs.answer('doc/get_file_upload_info', { result: { resourceUrl: `${mcp.base}/upload/h44`, uploadKey: 'k1' } });

  for (const spelling of ['--workspace', '--workspace-id']) {
    it(`${spelling} w1 --name R.md: get_file_upload_info, PUT, commit_uploaded_file; no get_document_info`, async () => {
      credentials();
      outputs.answer('doc/get_document_info', { success: false, errorCode: 'FORBIDDEN', errorMsg: 'no access' });
      const r = await sent(['markdown', 'overwrite', '--node', 'n1', '--content', '# x', spelling, 'w1', '--name', 'd/R.md', '--yes']);
      expect(r.reason).toBeUndefined();
      expect(r.calls).toEqual([
        ['doc/get_file_upload_info', { workspaceId: 'w1', overwriteNodeId: 'n1', name: 'R.md' }],
        ['doc/commit_uploaded_file', { uploadKey: 'k1', name: 'R.md', fileSize: 3, workspaceId: 'w1', overwriteNodeId: 'n1' }],
      ]);
    });
  }

  it('--workspace w1 without --name still reads the remote name once (markdownRemoteName on the doc route)', async () => {
    credentials();
    outputs.answer('doc/get_document_info', { result: { name: 'R', extension: 'md' } });
    const r = await sent(['markdown', 'overwrite', '--node', 'n1', '--content', '# x', '--workspace', 'w1', '--yes']);
    expect(r.reason).toBeUndefined();
    expect(r.calls.map((c) => c[0])).toEqual(['doc/get_document_info', 'doc/get_file_upload_info', 'doc/commit_uploaded_file']);
    expect(r.calls[2][1]).toMatchObject({ name: 'R.md', workspaceId: 'w1' });
  });

  it('--workspace w1 --name R.txt is refused before any call (the name check needs no read)', async () => {
    const r = await sent(['markdown', 'overwrite', '--node', 'n1', '--content', '# x', '--workspace', 'w1', '--name', 'R.txt', '--yes']);
    expect([r.reason, r.calls]).toEqual(['invalid_parameter', []]);
  });
});
