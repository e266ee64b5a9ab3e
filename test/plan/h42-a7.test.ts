// Session 42 second reading, part a7 (issue 32, seed 20261378, notes/h42-a7.md): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the fake MCP server on 127.0.0.1.
import { truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, shippedEngine } from '../helpers.js';
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
  }, 300_000);
  it('+upload-and-analyze: the same upload part', async () => {
    session();
    const run = await withFile(['minutes', '+upload-and-analyze', '--file', 'big.mp4', '--artifacts', 'basic', '--yes'], 'big.mp4', 201 * MIB);
    expect(run).toEqual({
      reason: undefined,
      calls: ['create_upload_session', 'complete_upload_session', 'get_minutes_basic_info', 'get_minutes_basic_info'],
      uploaded: [201 * MIB],
    });
  }, 300_000);
});

// localio.Download reads at most maxDownloadBytes, 512 MiB (localio/download.go:27, :72-78, :105-121@c7521c1c); every
// shortcut fetching through it (doc content_shortcuts.go:1523, :1571, media_style_shortcuts.go:330; minutes
// alignment.go:331, workflows.go:562; drive drive.go:209, version_operations.go:127) saves a file above 200 MiB.
describe('the shortcuts that download through localio.Download save a file of up to 512 MiB', () => {
  const BIG = 201 * MIB;
  async function fetched(argv: string[]) {
    mcp.calls.length = 0;
    mcp.fetched.length = 0;
    const outcome = await dispatchInProcess(argv, env());
    return { reason: outcome.error?.reason, printed: outcome.out ? (JSON.parse(outcome.out) as { result: unknown }).result : undefined };
  }
  it('doc +export-get --output: a finished 201 MiB export is saved whole', async () => {
    mcp.files['big.docx'] = Buffer.alloc(BIG);
    answer('doc/query_export_job', { result: { status: 'SUCCESS', downloadUrl: `${mcp.base}/files/big.docx` } });
    const run = await fetched(['doc', '+export-get', '--job-id', 'j1', '--output', 'out.docx']);
    expect(run.reason).toBeUndefined();
    expect((run.printed as { data: unknown }).data).toEqual({ jobId: 'j1', localPath: 'out.docx', sizeBytes: BIG, verified: true });
  }, 300_000);
  it('minutes +download --id: a 201 MiB recording is saved whole', async () => {
    mcp.files['rec.mp4'] = Buffer.alloc(BIG);
    answer('minutes/query_minutes_audio_url', { success: true, result: { videoUrl: `${mcp.base}/files/rec.mp4` } });
    const run = await fetched(['minutes', '+download', '--id', 'u1']);
    expect(run).toEqual({ reason: undefined, printed: { failed: 0, ok: true, requested: 1, results: [{ path: 'minutes-downloads/u1.mp4', sizeBytes: BIG, taskUuid: 'u1' }], succeeded: 1 } });
  }, 300_000);
  it('drive +download --output: a 201 MiB file is saved whole', async () => {
    mcp.files['f.bin'] = Buffer.alloc(BIG);
    answer('drive/download_file', { result: { url: `${mcp.base}/files/f.bin`, fileName: 'f.bin' } });
    const run = await fetched(['drive', '+download', '--node', 'n1', '--output', 'f.bin']);
    expect(run).toEqual({ reason: undefined, printed: { success: true, nodeId: 'n1', savedPath: 'f.bin', sizeBytes: BIG } });
  }, 300_000);
});

describe('every sibling fetching through localio.Download declares its 512 MiB bound on the download step', () => {
  const siblings = [
    'doc.shortcut_export', 'doc.shortcut_export_get', 'doc.shortcut_media_download', 'doc.shortcut_media_preview', 'doc.shortcut_resource_download',
    'minutes.shortcut_download', 'minutes.shortcut_export_pack', 'drive.shortcut_download', 'drive.shortcut_version_download',
  ];
  it('the download steps of doc +export/+export-get/+media-download/+media-preview/+resource-download, minutes +download/+export-pack, drive +download/+version-download', () => {
    const tools = shippedEngine().tools();
    const bounds = siblings.map((c) => {
      const steps = (tools.find((t) => t.canonical_path === c)?.plan?.steps ?? []) as { kind: string; download?: { max_bytes: number } }[];
      return [c, steps.filter((st) => st.kind === 'download').map((st) => st.download!.max_bytes)];
    });
    expect(bounds).toEqual(siblings.map((c) => [c, [512 * MIB]]));
  });
});
