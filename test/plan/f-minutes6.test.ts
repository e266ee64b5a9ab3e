// What minutes +mindmap, +record-wrap-up, +upload-and-analyze and +export-pack send, check and print (issue 32,
// f-minutes6), as upstream's bodies at c7521c1c do (internal/shortcut/minutes/workflows.go): the mind map's status
// rounds and its three endings (:334-384), and the artifact rounds of the workflows (waitMinutesArtifacts :721-734,
// collectMinutesArtifactsOnce :666-718). Each run as a user types it against the fake MCP server on 127.0.0.1, its
// waits recorded instead of slept; the calls are pinned by test/fixtures/calls/minutes.yaml (cases `f-minutes6`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { failedRun, useOutputRuns } from './output-runs.js';

const { mcp, env, timed, answersInTurn } = useOutputRuns('dws-fminutes6-');



describe('minutes +mindmap (workflows.go:334-384)', () => {
  it('creates once, reads the status every --interval until it is 1 (text "1" too), and prints the payload with attempts', async () => {
    answersInTurn('minutes/create_mind_graph', { success: true });
    answersInTurn('minutes/query_mind_graph_status', { result: { taskStatus: 0 } }, { result: { taskStatus: '0' } }, { result: { taskStatus: ' 1 ', mindGraph: { b: 1, a: 2 } } });
    const { calls, sleeps, result } = await timed(['minutes', '+mindmap', '--id', 't1', '--interval', '5', '--yes']);
    expect(calls).toEqual([
      ['create_mind_graph', { taskUuid: 't1' }],
      ['query_mind_graph_status', { taskUuid: 't1' }],
      ['query_mind_graph_status', { taskUuid: 't1' }],
      ['query_mind_graph_status', { taskUuid: 't1' }],
    ]);
    expect(sleeps).toEqual([5000, 5000]);
    expect(result).toEqual({
      attempts: 3, complete: true, createAcknowledged: true, createAttempted: true, operation: 'minutes.mindmap',
      result: { mindGraph: { a: 2, b: 1 }, taskStatus: ' 1 ' }, taskStatus: 1, taskUuid: 't1', verified: true,
    });
    expect(Object.keys(result as object)).toEqual(['attempts', 'complete', 'createAcknowledged', 'createAttempted', 'operation', 'result', 'taskStatus', 'taskUuid', 'verified']);
  });

  // h56-left: the empty answer is the runner's nil map (JSON null, a blank text); a JSON {} is stamped {success: true}
  // and acknowledged (app/runner.go:774-783@c7521c1c; test/plan/h56-left.test.ts)
  it('an empty create answer is not an acknowledgement, but the status read still proves the result (createAcknowledged false)', async () => {
    answersInTurn('minutes/create_mind_graph', null);
    answersInTurn('minutes/query_mind_graph_status', { result: { taskStatus: 1 } });
    const { result } = await timed(['minutes', '+mindmap', '--id', 't1', '--yes']);
    expect(result).toEqual({
      attempts: 1, complete: true, createAcknowledged: false, createAttempted: true, operation: 'minutes.mindmap',
      result: { taskStatus: 1 }, taskStatus: 1, taskUuid: 't1', verified: true,
    });
  });

  it('--resume reads the status only (createAttempted and createAcknowledged false)', async () => {
    answersInTurn('minutes/query_mind_graph_status', { result: { taskStatus: 1 } });
    const { calls, result } = await timed(['minutes', '+mindmap', '--id', 't1', '--resume', '--yes']);
    expect(calls).toEqual([['query_mind_graph_status', { taskUuid: 't1' }]]);
    expect(result).toMatchObject({ attempts: 1, createAcknowledged: false, createAttempted: false });
  });

  it('status 2 ends minutes_mindmap_failed with the payload in details, inside partial_outcome after the create', async () => {
    answersInTurn('minutes/create_mind_graph', { success: true });
    answersInTurn('minutes/query_mind_graph_status', { result: { taskStatus: 0 } }, { result: { taskStatus: 2, reason: 'short' } });
    const { outcome, calls } = await timed(['minutes', '+mindmap', '--id', 't1', '--yes']);
    const f = failedRun(outcome);
    expect({ exit: f.exit, reason: f.reason }).toEqual({ exit: 7, reason: 'partial_outcome' });
    expect(f.message).toContain('(minutes_mindmap_failed: ');
    expect(f.details).toEqual({
      attempts: 2, complete: false, operation: 'minutes.mindmap',
      recovery: { nextAction: 'inspect source transcript; do not assume an empty mind map', taskUuid: 't1' },
      result: { reason: 'short', taskStatus: 2 }, taskStatus: 2, taskUuid: 't1',
    });
    expect(calls.map(([name]) => name)).toEqual(['create_mind_graph', 'query_mind_graph_status', 'query_mind_graph_status']);
  });

  it('still 0 when one more wait would reach --timeout: minutes_mindmap_timeout (exit 1 with --resume), 3 reads for 9 s every 3 s', async () => {
    answersInTurn('minutes/query_mind_graph_status', { result: { taskStatus: 0 } });
    const { outcome, calls, sleeps } = await timed(['minutes', '+mindmap', '--id', 't1', '--resume', '--timeout', '9', '--yes']);
    expect(calls.length).toBe(3);
    expect(sleeps).toEqual([3000, 3000]);
    expect(failedRun(outcome)).toEqual({
      exit: 1, reason: 'minutes_mindmap_timeout', message: expect.stringContaining('still processing'),
      details: {
        attempts: 3, complete: false, operation: 'minutes.mindmap',
        recovery: { nextAction: 'dws minutes mind-graph status --id <taskUuid>', taskUuid: 't1' }, taskStatus: 0, taskUuid: 't1',
      },
    });
  });

  it('a taskStatus that is not 0, 1 or 2 stops the reads at once as backend_error', async () => {
    answersInTurn('minutes/query_mind_graph_status', { result: { taskStatus: '1.0' } });
    const { outcome, calls } = await timed(['minutes', '+mindmap', '--id', 't1', '--resume', '--yes']);
    expect(calls.length).toBe(1);
    expect(failedRun(outcome)).toMatchObject({ exit: 1, reason: 'backend_error', message: expect.stringContaining('taskStatus is not 0, 1 or 2') });
  });

  it('a status answer without a result object is backend_error after one read', async () => {
    answersInTurn('minutes/query_mind_graph_status', { success: true });
    const { outcome, calls } = await timed(['minutes', '+mindmap', '--id', 't1', '--resume', '--yes']);
    expect(calls.length).toBe(1);
    expect(failedRun(outcome)).toMatchObject({ exit: 1, reason: 'backend_error', message: expect.stringContaining('no result object') });
  });
});

const STOPPED = { success: true, result: { cmd: 'end', taskUuid: 't1' } };

describe('minutes +record-wrap-up (workflows.go:259-282, :666-734)', () => {
  it('stops, reads the set in rounds until every artifact passes, and prints the payload with the artifacts that passed', async () => {
    answersInTurn('minutes/执行听记指令-发起AI听记录音', STOPPED);
    answersInTurn('minutes/get_minutes_basic_info', { result: { taskUuid: 't1', title: '周会' } });
    answersInTurn('minutes/get_minutes_ai_summary', { result: { fullSummary: '' } }, { result: { fullSummary: '纪要' } });
    answersInTurn('minutes/get_minutes_transcription', { result: { paragraphList: [{ paragraphId: 'p1', text: '你好' }], hasNext: false } });
    const { calls, sleeps, result } = await timed(['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', 'basic,summary,transcript', '--yes']);
    expect(calls.map(([name]) => name)).toEqual(['执行听记指令-发起AI听记录音',
      'get_minutes_basic_info', 'get_minutes_ai_summary', 'get_minutes_transcription',
      'get_minutes_basic_info', 'get_minutes_ai_summary', 'get_minutes_transcription']);
    expect(sleeps).toEqual([3000]);
    expect(result).toEqual({
      artifacts: {
        basic: { taskUuid: 't1', title: '周会' },
        summary: '纪要',
        transcript: { complete: true, direction: '0', duplicateCount: 0, pages: 1, paragraphCount: 1, paragraphList: [{ paragraphId: 'p1', text: '你好' }], taskUuid: 't1' },
      },
      complete: true, failures: [], operation: 'minutes.record_wrap_up',
      stages: [{ complete: true, name: 'record.stop' }, { attempts: 2, complete: true, name: 'artifacts.wait' }],
      taskUuid: 't1',
    });
    expect(Object.keys(result as object)).toEqual(['artifacts', 'complete', 'failures', 'operation', 'stages', 'taskUuid']);
  });

  it('an artifact still failing at --wait-timeout ends minutes_record_wrap_up_incomplete inside partial_outcome, the payload in details with recovery', async () => {
    answersInTurn('minutes/执行听记指令-发起AI听记录音', STOPPED);
    answersInTurn('minutes/list_minutes_todos', { result: { actions: [{ text: '跟进' }] } });
    answersInTurn('minutes/get_minutes_transcription', { result: { paragraphList: [], hasNext: false } });
    const { outcome, calls, sleeps } = await timed(['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', 'todos,transcript', '--wait-timeout', '9', '--yes']);
    expect(calls.length).toBe(1 + 3 * 2);
    expect(sleeps).toEqual([3000, 3000]);
    const f = failedRun(outcome);
    expect({ exit: f.exit, reason: f.reason }).toEqual({ exit: 7, reason: 'partial_outcome' });
    expect(f.message).toContain('(minutes_record_wrap_up_incomplete: ');
    expect(f.details).toEqual({
      artifacts: { todos: { actions: [{ text: '跟进' }] } },
      complete: false,
      failures: [{ artifact: 'transcript', error: 'the transcript is empty: the analysis is not ready' }],
      operation: 'minutes.record_wrap_up',
      recovery: { nextAction: 'dws minutes +detail --id <taskUuid>', taskUuid: 't1' },
      stages: [{ complete: true, name: 'record.stop' }, { attempts: 3, complete: false, name: 'artifacts.wait' }],
      taskUuid: 't1',
    });
  });

  it('a failed artifact read is listed and the others are read on; the basic info must name --id', async () => {
    answersInTurn('minutes/执行听记指令-发起AI听记录音', STOPPED);
    answersInTurn('minutes/get_minutes_keywords', { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' });
    answersInTurn('minutes/get_minutes_basic_info', { result: { taskUuid: 't2' } });
    const { outcome } = await timed(['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', 'keywords,basic', '--wait-timeout', '3', '--yes']);
    const details = failedRun(outcome).details as { failures: { artifact: string; error: string }[]; artifacts: unknown };
    expect(details.artifacts).toEqual({});
    expect(details.failures.map((x) => x.artifact)).toEqual(['keywords', 'basic']);
    expect(details.failures[0].error).toContain('服务繁忙');
    expect(details.failures[1].error).toBe('the minutes basic info answer names another taskUuid');
  });
});

describe('minutes +upload-and-analyze (workflows.go:284-332)', () => {
  it('--resume-id: reads the artifacts in rounds, runs the mind map, and prints the stages with the resumed upload', async () => {
    answersInTurn('minutes/get_minutes_keywords', { result: { keywords: [] } }, { result: { keywords: ['周会'] } });
    answersInTurn('minutes/create_mind_graph', {});
    answersInTurn('minutes/query_mind_graph_status', { result: { taskStatus: 0 } }, { result: { taskStatus: 1, url: 'u' } });
    const { calls, sleeps, result } = await timed(['minutes', '+upload-and-analyze', '--resume-id', 't1', '--artifacts', 'keywords', '--mindmap', '--poll-interval', '2', '--yes']);
    expect(calls.map(([name]) => name)).toEqual(['get_minutes_keywords', 'create_mind_graph', 'query_mind_graph_status', 'query_mind_graph_status']);
    // an empty keywords list passes ValidateArtifact: one round; the mind map waits once
    expect(sleeps).toEqual([2000]);
    expect(result).toEqual({
      artifacts: { keywords: { keywords: [] } },
      complete: true, failures: [], operation: 'minutes.upload_and_analyze',
      stages: [
        { complete: true, name: 'upload', result: { complete: true, operation: 'minutes.upload', resumed: true, taskUuid: 't1', verified: true } },
        { attempts: 1, complete: true, name: 'artifacts.wait' },
        { complete: true, name: 'mindmap', result: {
          // h56-left: the create's {} is stamped {success: true} by upstream's runner, so it acknowledges the create
          attempts: 2, complete: true, createAcknowledged: true, createAttempted: true, operation: 'minutes.mindmap',
          result: { taskStatus: 1, url: 'u' }, taskStatus: 1, taskUuid: 't1', verified: true,
        } },
      ],
      taskUuid: 't1',
    });
  });

  it('uploads, reads the artifacts of the new minutes and prints the +upload payload as the upload stage', async () => {
    answersInTurn('minutes/create_upload_session', { result: { sessionId: 's1', presignedUrl: `${mcp.base}/upload/a.mp4` } });
    answersInTurn('minutes/complete_upload_session', { result: { taskUuid: 't9' } });
    answersInTurn('minutes/get_minutes_basic_info', { result: { taskUuid: 't9' } });
    answersInTurn('minutes/list_minutes_todos', { result: { dingtalkTodoList: [{ id: 1 }] } });
    const { result } = await timed(['minutes', '+upload-and-analyze', '--file', 'a.mp4', '--artifacts', 'todos', '--yes'], { 'a.mp4': 'MP4!' });
    expect(result).toEqual({
      artifacts: { todos: { dingtalkTodoList: [{ id: 1 }] } },
      complete: true, failures: [], operation: 'minutes.upload_and_analyze',
      stages: [
        { complete: true, name: 'upload', result: { complete: true, completeAttempts: 1, operation: 'minutes.upload', sessionId: 's1', sizeBytes: 4, taskUuid: 't9', uploadAttempts: 1, verified: true } },
        { attempts: 1, complete: true, name: 'artifacts.wait' },
      ],
      taskUuid: 't9',
    });
  });

  it('a mind map status read that fails is the stage\'s failure: minutes_upload_analysis_incomplete inside partial_outcome, with recovery', async () => {
    answersInTurn('minutes/get_minutes_ai_summary', { result: { fullSummary: '纪要' } });
    answersInTurn('minutes/create_mind_graph', { success: true });
    answersInTurn('minutes/query_mind_graph_status', { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' });
    const { outcome } = await timed(['minutes', '+upload-and-analyze', '--resume-id', 't1', '--artifacts', 'summary', '--mindmap', '--yes']);
    const f = failedRun(outcome);
    expect({ exit: f.exit, reason: f.reason }).toEqual({ exit: 7, reason: 'partial_outcome' });
    expect(f.message).toContain('(minutes_upload_analysis_incomplete: ');
    const details = f.details as { complete: boolean; failures: { artifact: string; error: string }[]; recovery: unknown; stages: { name: string; complete: boolean; error?: string; result: unknown }[] };
    expect(details.complete).toBe(false);
    expect(details.failures).toEqual([{ artifact: 'mindmap', error: expect.stringContaining('服务繁忙') }]);
    expect(details.recovery).toEqual({ nextAction: 'resume analysis with +detail/+mindmap/+speaker-insights; do not upload again', taskUuid: 't1' });
    expect(details.stages[2]).toEqual({
      complete: false, error: details.failures[0].error, name: 'mindmap',
      result: { attempts: 1, complete: false, operation: 'minutes.mindmap', recovery: { nextAction: 'dws minutes mind-graph status --id <taskUuid>', taskUuid: 't1' }, stage: 'poll', taskUuid: 't1' },
    });
  });
});

describe('minutes +export-pack (workflows.go:513-577, :795-856)', () => {
  const NOW = new Date('2026-03-10T10:00:00.250+08:00');
  /** A run in a fresh file root holding `files`; what it printed, its error, and the root. */
  async function exportRun(argv: string[], files?: Record<string, string>) {
    const runEnv = env(files);
    const outcome = await dispatchInProcess(argv, runEnv, undefined, { now: () => NOW, sleep: async () => {} });
    return { outcome, root: runEnv.DWS_FILE_ROOT, result: outcome.error ? undefined : (JSON.parse(outcome.out) as { result: unknown }).result };
  }
  const read = (root: string, name: string) => readFileSync(path.join(root, name), 'utf8');
  const entries = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

  it('reads each artifact once, writes one file each and the manifest into a new directory, and prints where', async () => {
    answersInTurn('minutes/get_minutes_basic_info', { result: { title: 'a<b>&c', taskUuid: 't1' } });
    answersInTurn('minutes/get_minutes_ai_summary', { result: { fullSummary: '# 纪要\n' } });
    answersInTurn('minutes/get_minutes_transcription', { result: { paragraphList: [{ paragraphId: 'p1', text: '你好' }], hasNext: false } });
    const { outcome, root, result } = await exportRun(['minutes', '+export-pack', '--id', 't1', '--output', 'out/pack', '--artifacts', 'summary,basic,transcript']);
    expect(outcome.error).toBeUndefined();
    expect(mcp.calls.map((c) => c.name)).toEqual(['get_minutes_ai_summary', 'get_minutes_basic_info', 'get_minutes_transcription']);
    const basic = '{\n  "taskUuid": "t1",\n  "title": "a\\u003cb\\u003e\\u0026c"\n}\n';
    const transcript = `${JSON.stringify({ complete: true, direction: '0', duplicateCount: 0, pages: 1, paragraphCount: 1, paragraphList: [{ paragraphId: 'p1', text: '你好' }], taskUuid: 't1' }, null, 2)}\n`;
    const files = {
      basic: { complete: true, file: 'basic.json', sizeBytes: Buffer.byteLength(basic) },
      summary: { complete: true, file: 'summary.md', sizeBytes: Buffer.byteLength('# 纪要\n') },
      transcript: { complete: true, file: 'transcript.json', sizeBytes: Buffer.byteLength(transcript) },
    };
    expect(result).toEqual({ complete: true, files, manifest: 'out/pack/manifest.json', operation: 'minutes.export_pack', path: 'out/pack', published: true, taskUuid: 't1' });
    expect(entries(path.join(root, 'out'))).toEqual(['pack', 'pack/basic.json', 'pack/manifest.json', 'pack/summary.md', 'pack/transcript.json']);
    expect(read(root, 'out/pack/basic.json')).toBe(basic);
    expect(read(root, 'out/pack/summary.md')).toBe('# 纪要\n');
    expect(read(root, 'out/pack/transcript.json')).toBe(transcript);
    expect(JSON.parse(read(root, 'out/pack/manifest.json'))).toEqual({ complete: true, files, generatedAt: '2026-03-10T02:00:00Z', operation: 'minutes.export_pack', taskUuid: 't1', version: 1 });
  });

  it('--include-media downloads the media into media/<taskUuid><extension> of the same directory', async () => {
    answersInTurn('minutes/list_minutes_todos', { result: { actions: [] } });
    answersInTurn('minutes/query_minutes_audio_url', { result: { audioUrl: ' ', videoUrl: `${mcp.base}/files/rec.MP4` } });
    mcp.files = { 'rec.MP4': Buffer.from('VIDEO') };
    const { result, root } = await exportRun(['minutes', '+export-pack', '--id', 't1', '--output', 'pack', '--artifacts', 'todos', '--include-media']);
    expect(result).toMatchObject({ path: 'pack', files: { media: { complete: true, file: 'media/t1.mp4', sizeBytes: 5 }, todos: { complete: true, file: 'todos.json', sizeBytes: 20 } } });
    expect(read(root, 'pack/media/t1.mp4')).toBe('VIDEO');
    expect(read(root, 'pack/todos.json')).toBe('{\n  "actions": []\n}\n');
  });

  it('an artifact that fails its check ends minutes_export_pack_incomplete before anything is written', async () => {
    answersInTurn('minutes/get_minutes_keywords', { result: { keywords: 'x' } });
    const { outcome, root } = await exportRun(['minutes', '+export-pack', '--id', 't1', '--output', 'pack', '--artifacts', 'keywords']);
    expect(failedRun(outcome)).toEqual({
      exit: 1, reason: 'minutes_export_pack_incomplete', message: expect.stringContaining('nothing was written'),
      details: { complete: false, failures: [{ artifact: 'keywords', error: 'the minutes keywords answer has no keywords list' }], operation: 'minutes.export_pack', published: false, taskUuid: 't1' },
    });
    expect(existsSync(path.join(root, 'pack'))).toBe(false);
  });

  it('an existing --output is left as it is, and an absolute or escaping one is refused before any call', async () => {
    answersInTurn('minutes/list_minutes_todos', { result: { actions: [] } });
    const { outcome, root } = await exportRun(['minutes', '+export-pack', '--id', 't1', '--output', 'pack', '--artifacts', 'todos'], { keep: 'x' });
    expect(outcome.error).toBeUndefined();
    const again = await dispatchInProcess(['minutes', '+export-pack', '--id', 't1', '--output', 'pack', '--artifacts', 'todos'], { ...env(), DWS_FILE_ROOT: root });
    expect(again.error?.reason).toBe('invalid_parameter');
    expect(again.error?.message).toContain('already exists');
    expect(readdirSync(root).filter((n) => n.includes('dws-tmp'))).toEqual([]);
    mcp.calls.length = 0;
    for (const output of ['/tmp/pack', '../pack', 'a/../../pack']) {
      const refused = await exportRun(['minutes', '+export-pack', '--id', 't1', '--output', output]);
      expect(refused.outcome.error?.reason).toBe('invalid_parameter');
    }
    expect(mcp.calls).toEqual([]);
  });
});
