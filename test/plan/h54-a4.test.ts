// Session 54 second reading, helper a4 (issue 32, notes/h54-a4.md; draw seed 20261449): where a drawn command still
// differed from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h54a4-');
const { mcp } = outputs;

/** A run in a private directory holding a.txt ("hello") and the symlink link.txt -> a.txt: its refusal and calls. */
async function runWithLink(argv: string[]) {
  const env = outputs.env({ 'a.txt': 'hello' });
  symlinkSync('a.txt', path.join(env.DWS_FILE_ROOT, 'link.txt'));
  mcp.calls.length = 0;
  mcp.uploads.length = 0;
  const outcome = await dispatchInProcess(argv, env);
  return { reason: outcome.error?.reason, calls: mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments]), puts: mcp.uploads.length };
}

describe('drive upload: the default name is filepath.Base of --file as typed, a symlink\'s own name (runDriveUpload helpers/drive.go:83-86, uploadToDrive :3745-3790@c7521c1c)', () => {
  const driveAnswers = () => {
    outputs.answer('drive/get_upload_info', { result: { uploadId: 'up_1', resourceUrl: `${mcp.base}/upload/d1` } });
    outputs.answer('drive/commit_upload', { success: true, result: { fileId: 'f1' } });
  };

  it('--file link.txt sends fileName link.txt to get_upload_info and to commit_upload (drive +upload\'s real-name rule is not this body\'s)', async () => {
    driveAnswers();
    const run = await runWithLink(['drive', 'upload', '--file', 'link.txt']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([
      ['drive/get_upload_info', { fileName: 'link.txt', fileSize: 5 }],
      ['drive/commit_upload', { fileName: 'link.txt', fileSize: 5, uploadId: 'up_1' }],
    ]);
    expect(run.puts).toBe(1);
  });

  it('a PUT refused with 403 asks get_upload_info again with the same fileName (driveUploadPut drive_transfer.go:828-850@c7521c1c)', async () => {
    outputs.answer('drive/commit_upload', { success: true });
    mcp.answers['drive/get_upload_info'] = (() => {
      let n = 0;
      return () => ({ result: { uploadId: `up_${++n}`, resourceUrl: `${mcp.base}/upload/d${n}${n === 1 ? '?status=403' : ''}` } });
    })();
    const run = await runWithLink(['drive', 'upload', '--file', 'link.txt', '--space-id', 's1']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([
      ['drive/get_upload_info', { fileName: 'link.txt', fileSize: 5, spaceId: 's1' }],
      ['drive/get_upload_info', { fileName: 'link.txt', fileSize: 5, spaceId: 's1' }],
      ['drive/commit_upload', { fileName: 'link.txt', fileSize: 5, uploadId: 'up_2', spaceId: 's1' }],
    ]);
  });

  it('--file-name still wins, as typed (flagOrFallback: untrimmed), and the --workspace route already used the link\'s name', async () => {
    driveAnswers();
    const named = await runWithLink(['drive', 'upload', '--file', 'link.txt', '--file-name', ' given.txt ']);
    expect(named.calls[0]).toEqual(['drive/get_upload_info', { fileName: ' given.txt ', fileSize: 5 }]);
    outputs.answer('doc/get_file_upload_info', { result: { uploadKey: 'K', resourceUrl: `${mcp.base}/upload/w1` } });
    const doc = await runWithLink(['drive', 'upload', '--file', 'link.txt', '--workspace', 'W']);
    expect(doc.calls.map(([tool, args]) => [tool, (args as { name?: string }).name])).toEqual([
      ['doc/get_file_upload_info', undefined],
      ['doc/commit_uploaded_file', 'link.txt'],
    ]);
  });

  it('a plain file is unchanged: its own base name', async () => {
    driveAnswers();
    const run = await runWithLink(['drive', 'upload', '--file', 'a.txt']);
    expect(run.calls[0]).toEqual(['drive/get_upload_info', { fileName: 'a.txt', fileSize: 5 }]);
  });
});
