// Session 46 second reading, part b2 (issue 32, notes/h46-b2.md, seed 20261415): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h46b2-');
const { mcp, sent } = outputs;

// runMarkdownCreate (internal/helpers/markdown.go:290-372@c7521c1c) reads its local source before any call: --file
// through os.Stat (a missing path or a directory refused, :311-317), --content @path through
// resolveMarkdownContentSource (:328, an empty or unreadable path refused, :443-455), then markdownUploadStat (:352);
// only then uploadToDrive / uploadToDocSpace ask for credentials. dws's doc branch (no --space-id) read the file only
// at the PUT, after doc/get_file_upload_info had been called.
describe('markdown create refuses an unreadable local source before any call, on the doc branch too', () => {
  const docAnswer = () => outputs.answer('doc/get_file_upload_info', { resourceUrl: `${mcp.base}/upload/h46b2`, uploadKey: 'k' });
  const cases: [string, string[], Record<string, string>][] = [
    ['a --file that does not exist', ['--file', 'gone.md'], {}],
    ['a --content @path that does not exist', ['--name', 'R.md', '--content', '@gone.txt'], {}],
    ['a --content @ with no path', ['--name', 'R.md', '--content', '@'], {}],
  ];
  for (const [what, flags, files] of cases) {
    for (const route of [[], ['--space-id', 's1']]) {
      it(`${what}${route.length ? ' (drive branch)' : ' (doc branch)'}: refused, nothing called`, async () => {
        docAnswer();
        const run = await sent(['markdown', 'create', ...flags, ...route], files);
        expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
      });
    }
  }
  it('a readable --content @path and a --file still upload on the doc branch, the size read from the file', async () => {
    docAnswer();
    const a = await sent(['markdown', 'create', '--name', 'R.md', '--content', '@body.txt'], { 'body.txt': 'hello' });
    expect(a.calls).toEqual([['doc/get_file_upload_info', {}], ['doc/commit_uploaded_file', { uploadKey: 'k', name: 'R.md', fileSize: 5 }]]);
    const b = await sent(['markdown', 'create', '--file', 'n.md'], { 'n.md': '# t\n' });
    expect(b.calls).toEqual([['doc/get_file_upload_info', {}], ['doc/commit_uploaded_file', { uploadKey: 'k', name: 'n.md', fileSize: 4 }]]);
  });
});

// Sibling: runMarkdownOverwrite (internal/helpers/markdown.go:465-548@c7521c1c) reads the local source right after the
// route is known (resolveMarkdownRoute :497-502: --space-id drive and --workspace doc with no call, else the
// resolveFileDomain probes, drive.go:3902-3913) and before the remote name is read (markdownRemoteName :522-527,
// :543-548): os.Stat of --file (:507-513), resolveMarkdownContentSource of --content @path (:518). dws read it only at
// the upload, after the name read (and, with --space-id or --workspace and no --name, after that read alone).
describe('markdown overwrite refuses an unreadable local source right after the route, before the name is read', () => {
  const ow = ['markdown', 'overwrite', '--node', 'n1', '--yes'];
  it('--workspace or --space-id, no --name: refused before any call', async () => {
    for (const route of [['--workspace', 'w1'], ['--workspace-id', 'w1'], ['--space-id', 's1']]) {
      for (const source of [['--file', 'gone.md'], ['--content', '@gone.txt'], ['--content', '@']]) {
        const run = await sent([...ow, ...route, ...source]);
        expect([route[0], source[1], run.reason, run.calls]).toEqual([route[0], source[1], 'invalid_parameter', []]);
      }
    }
  });
  it('no route flag: refused after the route probe alone (drive found), or both probes (doc found)', async () => {
    outputs.answer('drive/get_file_info', { success: true, result: { fileName: 'R.md' } });
    const drive = await sent([...ow, '--file', 'gone.md']);
    expect([drive.reason, drive.calls]).toEqual(['invalid_parameter', [['drive/get_file_info', { fileId: 'n1' }]]]);
    outputs.answer('drive/get_file_info', { success: false, errorCode: 'NOT_FOUND', errorMsg: 'not a drive file' });
    outputs.answer('doc/get_document_info', { success: true, result: { fileName: 'R.md' } });
    const doc = await sent([...ow, '--content', '@gone.txt']);
    expect([doc.reason, doc.calls.map((c) => c[0])]).toEqual(['invalid_parameter', ['drive/get_file_info', 'doc/get_document_info']]);
  });
  it('a readable source still reads the name and uploads (drive route, no --name)', async () => {
    outputs.answer('drive/get_file_info', { success: true, result: { fileName: 'R.md' } });
    outputs.answer('drive/get_upload_info', { result: { uploadId: 'u1', resourceUrls: [{ url: `${mcp.base}/upload/ow1` }] } });
    const run = await sent([...ow, '--file', 'n.md'], { 'n.md': 'abc' });
    expect(run.calls.map((c) => c[0])).toEqual(['drive/get_file_info', 'drive/get_file_info', 'drive/get_upload_info', 'drive/commit_upload']);
    expect(run.calls[3][1]).toMatchObject({ fileName: 'R.md', fileSize: 3, uploadId: 'u1', overwriteFileId: 'n1' });
  });
});
