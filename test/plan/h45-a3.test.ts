// Session 45 second reading, part a3 (issue 32, notes/h45-a3.md; draw seed 20261399): where a drawn command still
// differed from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
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

// Siblings of drive upload's fix: every plan reading a file's extension with the transform file_ext models Go's
// filepath.Ext, where a dotfile is all extension. Before h45-a3, file_ext was Node's extname, which finds none there.
describe('file_ext is Go\'s filepath.Ext without the dot: the bodies that read a local file\'s extension (h45-a3 siblings)', () => {
  const importAnswers = () => {
    outputs.answer('doc/create_import_session', { sessionId: 'S1', uploadUrl: `${mcp.base}/upload/i1` });
    outputs.answer('doc/confirm_import', { taskId: 'T1' });
    outputs.answer('doc/query_import_task', { status: 'completed' });
  };
  it('sheet import create --file .xlsx is an Excel file: create_import_session{suffix: xlsx, fileName: ""} (prepareImportFile import_flow.go:176-189@c7521c1c)', async () => {
    importAnswers();
    const run = await outputs.sent(['sheet', 'import', 'create', '--file', '.xlsx', '--workspace', 'W1'], { '.xlsx': 'PK' });
    expect(run.calls[0]).toEqual(['doc/create_import_session', { fileName: '', suffix: 'xlsx', fileSize: 2, workspaceId: 'W1' }]);
  });
  it('doc +import --file .md converts it (suffix md), where it was announced as not converted and uploaded as it is', async () => {
    importAnswers();
    const run = await outputs.sent(['doc', '+import', '--file', '.md'], { '.md': '# a' });
    expect(run.calls[0]).toEqual(['doc/create_import_session', { fileName: '', suffix: 'md', fileSize: 3 }]);
  });
  it('todo task add-attachment --file-path .env sends fileType env (buildTodoLocalFileMeta todo.go:1916-1919@c7521c1c)', async () => {
    outputs.answer('todo/init_todo_file_upload', { result: { resourceUrl: `${mcp.base}/upload/t1`, uploadKey: 'K' } });
    outputs.answer('todo/commit_todo_file_upload', { result: { dentryId: 7, spaceId: 9 } });
    const run = await outputs.sent(['todo', 'task', 'add-attachment', '--task-id', 'T', '--file-path', '.env'], { '.env': 'x=1' });
    const add = run.calls.find(([tool]) => tool === 'todo/add_todo_attachment')?.[1] as Record<string, { attachmentList: { fileType: string }[] }> | undefined;
    expect(add?.todoAttachmentAddRequest.attachmentList[0].fileType).toBe('env');
  });
  it('for any file name, file_ext is the text after the last dot of the last path element, or "" (property)', async () => {
    const { TRANSFORMS } = await import('../../src/plan/transforms/index.js');
    const fileExt = (TRANSFORMS as Record<string, (v: unknown, where: string, ctx: unknown) => unknown>).file_ext;
    await fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', 'B', '.', '/'), maxLength: 8 }), (p) => {
      const ext = goExt(p);
      expect(fileExt(p, 'x', {})).toBe(ext === '' ? '' : ext.slice(1));
    }), { numRuns: 200 });
  });
});

// A deprecated command's notice comes from upstream's wrapper around the whole body (wrapDocDeprecated,
// helpers/doc.go:4696-4707@c7521c1c), so it is printed before the body refuses a required flag typed blank
// (mustFlagOrFallback, doc.go:3714); before h45-a3 dws refused such a flag before the notice (drawn: doc permission list)
describe('a deprecated command\'s notice is given before a required flag typed blank is refused (doc.go:4696-4707@c7521c1c)', () => {
  const notices = async (argv: string[]) => {
    mcp.calls.length = 0;
    const outcome = await dispatchInProcess(argv, outputs.env());
    return {
      reason: outcome.error?.reason,
      calls: mcp.calls.length,
      notices: outcome.err.split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { warning: { reason: string } }).warning.reason),
    };
  };
  const lines: string[][] = [
    ['doc', 'permission', 'list', '--node', ''],
    ['doc', 'permission', 'remove', '--node', '', '--users', 'u1'],
    ['doc', 'permission', 'list'],
  ];
  for (const argv of lines) {
    it(`${argv.join(' ')}: the deprecated_command notice, then missing_parameter before any call`, async () => {
      expect(await notices(argv)).toEqual({ reason: 'missing_parameter', calls: 0, notices: ['deprecated_command'] });
    });
  }
  it('a command without such a notice still refuses a blank required flag before any call, with no notice', async () => {
    expect(await notices(['mail', 'template', 'get', '--email', '', '--id', 'i'])).toEqual({ reason: 'missing_parameter', calls: 0, notices: [] });
  });
});
