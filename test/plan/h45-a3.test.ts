// Session 45 second reading, part a3 (issue 32, notes/h45-a3.md; draw seed 20261399): where a drawn command still
// differed from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h45a3-');
const { mcp } = outputs;

/** Go's filepath.Ext on Linux: from the last dot of the last path element, the dot included; '' without one. */
function goExt(p: string): string {
  for (let i = p.length - 1; i >= 0 && p[i] !== '/'; i--) if (p[i] === '.') return p.slice(i);
  return '';
}

/**
 * upstream runDriveUploadToDocSpace (helpers/drive.go:83-86, :157-162@c7521c1c) as a model: the name is --file-name,
 * else the file's base name, and takes the local file's extension when filepath.Ext finds none in it.
 */
function upstreamDocName(file: string, fileName: string | undefined): string {
  const name = fileName === undefined || fileName === '' ? file.slice(file.lastIndexOf('/') + 1) : fileName;
  return goExt(name) === '' ? name + goExt(file) : name;
}

describe('drive upload --workspace: the name takes the file\'s extension as filepath.Ext reads both (helpers/drive.go:157-162@c7521c1c)', () => {
  const credentials = () => {
    mcp.uploads.length = 0;
    outputs.answer('doc/get_file_upload_info', { result: { uploadKey: 'K', resourceUrl: `${mcp.base}/upload/p1` } });
  };
  const upload = async (file: string, fileName: string | undefined, more: string[] = []) => {
    credentials();
    const argv = ['drive', 'upload', '--file', file, '--workspace', 'W', ...(fileName === undefined ? [] : ['--file-name', fileName]), ...more];
    return outputs.sent(argv, { [file]: 'hello' });
  };
  const committed = (run: Awaited<ReturnType<typeof upload>>) =>
    (run.calls.find(([tool]) => tool === 'doc/commit_uploaded_file')?.[1] as { name?: string } | undefined)?.name;

  it('a dotfile is all extension: --file .env --file-name Q commits Q.env', async () => {
    expect(committed(await upload('.env', 'Q'))).toBe('Q.env');
  });
  it('a --file-name with a slash has no extension when its last element has none: x.y/z takes .pdf', async () => {
    expect(committed(await upload('r.pdf', 'x.y/z'))).toBe('x.y/z.pdf');
  });
  it('overwriting (--node) sends the same completed name in get_file_upload_info', async () => {
    const run = await upload('.env', 'Q', ['--node', 'N', '--yes']);
    expect(run.calls[0]).toEqual(['doc/get_file_upload_info', { workspaceId: 'W', overwriteNodeId: 'N', name: 'Q.env' }]);
  });
  it('for any file and --file-name, the committed name is upstream\'s', async () => {
    const files = ['r.pdf', '.env', 'noext', 'a.', 'x.tar.gz'];
    const fileName = fc.option(fc.string({ unit: fc.constantFrom('a', 'b', '.', '/'), minLength: 1, maxLength: 5 }), { nil: undefined });
    await fc.assert(fc.asyncProperty(fc.constantFrom(...files), fileName, async (file, name) => {
      expect(committed(await upload(file, name))).toBe(upstreamDocName(file, name));
    }), { numRuns: 40 });
  });
});
