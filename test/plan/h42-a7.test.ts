// Session 42 second reading, part a7 (issue 32, seed 20261378, notes/h42-a7.md): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the fake MCP server on 127.0.0.1.
import { truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { problemsOf } from './fake-plan.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, env, answer } = useOutputRuns('dws-h42a7-');

const MIB = 1024 * 1024;

/** A run in a private directory holding `name` as a sparse file of `bytes` bytes: its error reason and the calls sent. */
async function withFile(argv: string[], name: string, bytes: number) {
  const runEnv = env();
  const file = path.join(runEnv.DWS_FILE_ROOT, name);
  writeFileSync(file, '');
  truncateSync(file, bytes);
  mcp.calls.length = 0;
  mcp.uploads.length = 0;
  const outcome = await dispatchInProcess(argv, runEnv);
  return {
    reason: outcome.error?.reason,
    calls: mcp.calls.map((c) => c.name),
    uploaded: mcp.uploads.map((u) => u.bytes.length),
  };
}

describe('an upload step may declare max_bytes up to 5 GiB (upstream localio.PutFile defaultUploadLimit), checked at build', () => {
  const upload = (max: number) => ({
    facts: 't',
    steps: [{ id: 'put', upload: { file: { flag: 'name' }, url: { const: 'https://example.invalid/u' }, max_bytes: max } }],
  });
  it('5 GiB is accepted, one byte more is a build problem', () => {
    expect(problemsOf(upload(5 * 1024 * MIB))).toEqual([]);
    expect(problemsOf(upload(5 * 1024 * MIB + 1)).join('\n')).toContain('max_bytes');
  });
});

// performMinutesUpload PUTs through localio.PutFile(ctx, url, file, 0) (minutes/alignment.go:393@c7521c1c), whose 0 is
// defaultUploadLimit, 5 GiB (localio/upload.go:15, :51-53, :63-65): a meeting recording above 200 MiB is uploaded.
describe('minutes +upload and +upload-and-analyze upload a file up to 5 GiB (localio.PutFile defaultUploadLimit)', () => {
  const session = () => {
    answer('minutes/create_upload_session', { result: { sessionId: 's1', presignedUrl: `${mcp.base}/upload/big.mp4` } });
    answer('minutes/complete_upload_session', { result: { taskUuid: 't1' } });
    answer('minutes/get_minutes_basic_info', { result: { taskUuid: 't1' } });
  };
  it('+upload: a 201 MiB recording is PUT whole and completed, not refused and cancelled', async () => {
    session();
    const run = await withFile(['minutes', '+upload', '--file', 'big.mp4', '--yes'], 'big.mp4', 201 * MIB);
    expect(run).toEqual({
      reason: undefined,
      calls: ['create_upload_session', 'complete_upload_session', 'get_minutes_basic_info'],
      uploaded: [201 * MIB],
    });
  }, 60_000);
  it('+upload-and-analyze: the same upload part', async () => {
    session();
    const run = await withFile(['minutes', '+upload-and-analyze', '--file', 'big.mp4', '--artifacts', 'basic', '--yes'], 'big.mp4', 201 * MIB);
    expect(run).toEqual({
      reason: undefined,
      calls: ['create_upload_session', 'complete_upload_session', 'get_minutes_basic_info', 'get_minutes_basic_info'],
      uploaded: [201 * MIB],
    });
  }, 60_000);
});
