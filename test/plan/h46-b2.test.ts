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
