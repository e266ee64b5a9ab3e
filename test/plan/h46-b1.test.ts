// Session 46 second reading, part b1 (issue 32, notes/h46-b1.md; seed 20261414): where a drawn command (or a sibling in
// its product) still differed from upstream's body at c7521c1c. Each run as a user types it against the recording
// backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h46b1-');
const { sent, mcp } = outputs;

/**
 * runMarkdownOverwrite (internal/helpers/markdown.go:465-548@c7521c1c) as a model of the calls sent before it checks the
 * local bytes: the route probe runs first (resolveMarkdownRoute :790-803: drive get_file_info, then doc get_document_info
 * when the drive probe fails; none with --space-id or --workspace), then --file is stat'ed (missing or a directory
 * refused) and must end in .md, or --content @path is read (a bare @ or an unreadable path refused) (:505-518,
 * resolveMarkdownContentSource :375-396); only after that is the remote name read (markdownRemoteName :522-527, :541-546).
 */
function upstreamCallsBeforeLocalRefusal(route: 'probe-drive' | 'probe-doc' | 'space' | 'workspace'): string[] {
  if (route === 'probe-drive') return ['drive/get_file_info'];
  if (route === 'probe-doc') return ['drive/get_file_info', 'doc/get_document_info'];
  return [];
}

describe('markdown overwrite checks the local file after the route probe and before the remote name read (markdown.go:497-527@c7521c1c)', () => {
  const routes = ['probe-drive', 'probe-doc', 'space', 'workspace'] as const;
  const routeFlags = (route: (typeof routes)[number]) =>
    route === 'space' ? ['--space-id', 's1'] : route === 'workspace' ? ['--workspace', 'w1'] : [];
  const answers = (route: (typeof routes)[number]) => {
    if (route === 'probe-doc') outputs.answer('drive/get_file_info', { success: false, errorCode: 'NOT_FOUND', errorMsg: 'no such file' });
    else outputs.answer('drive/get_file_info', { result: { fileName: 'R.md' } });
    outputs.answer('doc/get_document_info', { result: { fileName: 'R.md' } });
  };
  const locals: { name: string; argv: string[]; files?: Record<string, string> }[] = [
    { name: '--file of a missing path', argv: ['--file', 'nope.md'] },
    { name: '--file not ending in .md', argv: ['--file', 'a.txt'], files: { 'a.txt': '# a' } },
    { name: '--content @ of a missing path', argv: ['--content', '@nope.md'] },
    { name: '--content of a bare @', argv: ['--content', '@'] },
  ];

  for (const route of routes) {
    for (const local of locals) {
      it(`${route}: ${local.name} is refused after ${JSON.stringify(upstreamCallsBeforeLocalRefusal(route))} and before any name read`, async () => {
        answers(route);
        const r = await sent(['markdown', 'overwrite', '--node', 'n1', ...local.argv, ...routeFlags(route), '--yes'], local.files);
        expect(r.reason).toBe('invalid_parameter');
        expect(r.calls.map((c) => c[0])).toEqual(upstreamCallsBeforeLocalRefusal(route));
      });
    }
  }

  it('a readable .md file still goes through: probe, name read, credentials, PUT, commit (unchanged)', async () => {
    answers('probe-drive');
    outputs.answer('drive/get_upload_info', { result: { uploadUrl: `${mcp.base}/upload/h46b1`, uploadId: 'U1' } });
    const r = await sent(['markdown', 'overwrite', '--node', 'n1', '--file', 'a.md', '--yes'], { 'a.md': '# a' });
    expect(r.reason).toBeUndefined();
    expect(r.calls.map((c) => c[0])).toEqual(['drive/get_file_info', 'drive/get_file_info', 'drive/get_upload_info', 'drive/commit_upload']);
    expect(r.calls[3][1]).toEqual({ fileName: 'R.md', fileSize: 3, uploadId: 'U1', overwriteFileId: 'n1' });
  });

  it('property: for any route and any present/missing file, the calls before a refusal are the route probe alone', async () => {
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(...routes), fc.constantFrom('a.md', 'a.txt', 'b.md', '@a.md', '@b.md', '@'), fc.boolean(),
      async (route, target, withName) => {
        answers(route);
        outputs.answer('drive/get_upload_info', { result: { uploadUrl: `${mcp.base}/upload/h46b1`, uploadId: 'U1' } });
        outputs.answer('doc/get_file_upload_info', { result: { resourceUrl: `${mcp.base}/upload/h46b1`, uploadKey: 'k1' } });
        const local = target.startsWith('@') ? ['--content', target] : ['--file', target];
        const name = withName ? ['--name', 'N.md'] : [];
        const r = await sent(['markdown', 'overwrite', '--node', 'n1', ...local, ...routeFlags(route), ...name, '--yes'], { 'a.md': '# a', 'a.txt': '# a' });
        const path = target.replace(/^@/, '');
        const upstreamRefuses = path === '' || path === 'b.md' || (!target.startsWith('@') && !path.endsWith('.md'));
        if (upstreamRefuses) {
          expect(r.reason).toBe('invalid_parameter');
          expect(r.calls.map((c) => c[0])).toEqual(upstreamCallsBeforeLocalRefusal(route));
        } else {
          expect(r.reason).toBeUndefined();
        }
      },
    ), { numRuns: 40 });
  });
});

describe('sibling markdown create: an unreadable local file is refused before any call, as runMarkdownCreate (markdown.go:290-352@c7521c1c)', () => {
  // upstream stats --file (missing or a directory refused, markdown.go:309-316) or reads --content @path
  // (resolveMarkdownContentSource :375-396: a bare @ or an unreadable path refused) before the name check and long
  // before uploadToDrive / uploadToDocSpace send their first call (:361-365)
  const routes: string[][] = [[], ['--space-id', 's1'], ['--workspace', 'w1']];
  const locals: string[][] = [['--file', 'nope.md'], ['--content', '@', '--name', 'a.md'], ['--content', '@nope.md', '--name', 'a.md'], ['--file-path', 'nope.md']];
  for (const route of routes) {
    for (const local of locals) {
      it(`${[...local, ...route].join(' ')}: refused, no call`, async () => {
        outputs.answer('doc/get_file_upload_info', { result: { resourceUrl: `${mcp.base}/upload/h46b1c`, uploadKey: 'k1' } });
        outputs.answer('drive/get_upload_info', { result: { uploadUrl: `${mcp.base}/upload/h46b1c`, uploadId: 'U1' } });
        const r = await sent(['markdown', 'create', ...local, ...route, '--yes']);
        expect([r.reason, r.calls]).toEqual(['invalid_parameter', []]);
      });
    }
  }
  it('a readable @file still uploads (credentials, PUT, commit) with its size', async () => {
    outputs.answer('doc/get_file_upload_info', { result: { resourceUrl: `${mcp.base}/upload/h46b1c`, uploadKey: 'k1' } });
    const r = await sent(['markdown', 'create', '--content', '@a.md', '--name', 'N.md', '--yes'], { 'a.md': '# abc' });
    expect(r.reason).toBeUndefined();
    expect(r.calls.map((c) => c[0])).toEqual(['doc/get_file_upload_info', 'doc/commit_uploaded_file']);
    expect(r.calls[1][1]).toMatchObject({ name: 'N.md', fileSize: 5 });
  });
});
