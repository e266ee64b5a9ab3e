// What minutes +upload-and-analyze --speaker-insights sends, checks and prints (issue 32, f-minutes7), as upstream's
// runMinutesSpeakerInsights does inside executeMinutesUploadAndAnalyze (internal/shortcut/minutes/workflows.go:318-326,
// :397-442@c7521c1c; minutesdata/workflow.go:132-173): the create answer checked (SpeakerSummaryTask), the summary
// read in rounds while its failure text says pending, attempts counted, and any failure listed as the stage's while
// the run goes on. Each run as a user types it against the fake MCP server on 127.0.0.1, its waits recorded.
import { describe, expect, it } from 'vitest';
import { failedRun, useOutputRuns } from './output-runs.js';

const { timed, answersInTurn } = useOutputRuns('dws-fminutes7-');



type Details = { complete: boolean; failures: { artifact: string; error: string }[]; stages: { name: string }[] };
const speakerStage = (d: Details) => d.stages.find((s) => s.name === 'speaker-insights');
const run = ['minutes', '+upload-and-analyze', '--resume-id', 't1', '--artifacts', 'keywords', '--speaker-insights', '--yes'];

describe('minutes +upload-and-analyze --speaker-insights (workflows.go:318-326, :397-442)', () => {
  it('reads the summary again while the backend says it is processing, then prints the stage with taskId, createStatus and attempts', async () => {
    answersInTurn('minutes/get_minutes_keywords', { result: { keywords: ['周会'] } });
    answersInTurn('minutes/create_speaker_summary', { success: true, result: { taskId: ' k9 ', status: 'RUNNING' } });
    answersInTurn('minutes/get_speaker_summary',
      { success: false, errorCode: '500', errorMsg: 'Summary is PROCESSING' },
      { result: {} },
      { result: { speakers: [{ name: '甲' }] } });
    const { calls, sleeps, result } = await timed([...run, '--poll-interval', '4']);
    expect(calls).toEqual([
      ['get_minutes_keywords', { taskUuid: 't1' }],
      ['create_speaker_summary', { uuids: ['t1'] }],
      ['get_speaker_summary', { uuids: ['t1'] }],
      ['get_speaker_summary', { uuids: ['t1'] }],
      ['get_speaker_summary', { uuids: ['t1'] }],
    ]);
    expect(sleeps).toEqual([4000, 4000]);
    expect(result).toEqual({
      artifacts: { keywords: { keywords: ['周会'] } },
      complete: true, failures: [], operation: 'minutes.upload_and_analyze',
      stages: [
        { complete: true, name: 'upload', result: { complete: true, operation: 'minutes.upload', resumed: true, taskUuid: 't1', verified: true } },
        { attempts: 1, complete: true, name: 'artifacts.wait' },
        { complete: true, name: 'speaker-insights', result: {
          attempts: 3, complete: true, createStatus: 'running', operation: 'minutes.speaker_insights',
          result: { speakers: [{ name: '甲' }] }, taskId: 'k9', taskUuid: 't1',
        } },
      ],
      taskUuid: 't1',
    });
  });

  it('a create answer without a status prints createStatus "" and an empty list result is ready', async () => {
    answersInTurn('minutes/get_minutes_keywords', { result: { keywords: [] } });
    answersInTurn('minutes/create_speaker_summary', { result: { taskID: 'k1' } });
    answersInTurn('minutes/get_speaker_summary', { result: [] });
    const { result } = await timed(run);
    expect(speakerStage(result as Details)).toEqual({ complete: true, name: 'speaker-insights', result: {
      attempts: 1, complete: true, createStatus: '', operation: 'minutes.speaker_insights', result: [], taskId: 'k1', taskUuid: 't1',
    } });
  });

  it('still pending when one more wait would reach --wait-timeout: the stage fails with attempts and recovery, the run ends minutes_upload_analysis_incomplete', async () => {
    answersInTurn('minutes/get_minutes_keywords', { result: { keywords: [] } });
    answersInTurn('minutes/create_speaker_summary', { success: true, result: { taskId: 'k9' } });
    answersInTurn('minutes/get_speaker_summary', { errorCode: 7, errorMsg: '暂无结果' });
    const { outcome, calls, sleeps } = await timed([...run, '--wait-timeout', '9', '--poll-interval', '3']);
    expect(calls.filter(([name]) => name === 'get_speaker_summary').length).toBe(3);
    expect(sleeps).toEqual([3000, 3000]);
    const f = failedRun(outcome);
    expect({ exit: f.exit, reason: f.reason }).toEqual({ exit: 7, reason: 'partial_outcome' });
    expect(f.message).toContain('(minutes_upload_analysis_incomplete: ');
    const d = f.details as Details;
    const error = 'the speaker summary was still pending when --wait-timeout ran out';
    expect(d.failures).toEqual([{ artifact: 'speaker-insights', error }]);
    expect(speakerStage(d)).toEqual({ complete: false, error, name: 'speaker-insights', result: {
      attempts: 3, complete: false, operation: 'minutes.speaker_insights',
      recovery: { nextAction: 'dws minutes speaker summary get --ids <taskUuid>', taskId: 'k9', taskUuid: 't1' },
      stage: 'poll', taskId: 'k9', taskUuid: 't1',
    } });
  });

  it('a read failing with a text that is not pending ends the stage at once, the error listed as it came', async () => {
    answersInTurn('minutes/get_minutes_keywords', { result: { keywords: [] } });
    answersInTurn('minutes/create_speaker_summary', { success: true, result: { taskId: 'k9' } });
    answersInTurn('minutes/get_speaker_summary', { success: false, errorCode: 'NO_AUTH', errorMsg: '无权限' });
    const { outcome, calls, sleeps } = await timed(run);
    expect(calls.filter(([name]) => name === 'get_speaker_summary').length).toBe(1);
    expect(sleeps).toEqual([]);
    const d = failedRun(outcome).details as Details;
    expect(d.failures).toEqual([{ artifact: 'speaker-insights', error: expect.stringContaining('无权限') }]);
    expect(speakerStage(d)).toMatchObject({ complete: false, result: { attempts: 1, stage: 'poll', taskId: 'k9' } });
  });

  it('a result that is a text is not a summary: the stage fails after one read', async () => {
    answersInTurn('minutes/get_minutes_keywords', { result: { keywords: [] } });
    answersInTurn('minutes/create_speaker_summary', { success: true, result: { taskId: 'k9' } });
    answersInTurn('minutes/get_speaker_summary', { result: 'later' });
    const { outcome, calls } = await timed(run);
    expect(calls.filter(([name]) => name === 'get_speaker_summary').length).toBe(1);
    const d = failedRun(outcome).details as Details;
    expect(d.failures).toEqual([{ artifact: 'speaker-insights', error: 'the speaker summary result is neither an object nor a list' }]);
  });

  it('a create answer without a taskId is the stage\'s failure at stage create, and nothing is read', async () => {
    answersInTurn('minutes/get_minutes_keywords', { result: { keywords: [] } });
    answersInTurn('minutes/create_speaker_summary', { success: true, result: { status: 'ok' } });
    const { outcome, calls } = await timed(run);
    expect(calls.map(([name]) => name)).toEqual(['get_minutes_keywords', 'create_speaker_summary']);
    const d = failedRun(outcome).details as Details;
    const error = 'the speaker summary create answer has no taskId';
    expect(d.failures).toEqual([{ artifact: 'speaker-insights', error }]);
    expect(speakerStage(d)).toEqual({ complete: false, error, name: 'speaker-insights', result: {
      complete: false, operation: 'minutes.speaker_insights', stage: 'create', taskUuid: 't1',
    } });
  });

  // h56-left: the acknowledgement reads the runner-stamped answer (app/runner.go:774-783@c7521c1c): an answer without
  // success is acknowledged, then fails SpeakerSummaryTask's result check (before: not acknowledged)
  it('a create answer without success or a result object fails at its result (stage create)', async () => {
    answersInTurn('minutes/get_minutes_keywords', { result: { keywords: [] } });
    answersInTurn('minutes/create_speaker_summary', { taskId: 'k9' });
    const { outcome } = await timed(run);
    const d = failedRun(outcome).details as Details;
    expect(d.failures).toEqual([{ artifact: 'speaker-insights', error: 'the speaker summary create answer has no result object' }]);
  });
});

describe('minutes +upload-and-analyze: a failed create call is the stage\'s failure, sent once (workflows.go:309-326, :347-350, :399-402)', () => {
  it('--mindmap: create_mind_graph failing is listed at stage create, no status is read, and the speaker stage still runs', async () => {
    answersInTurn('minutes/get_minutes_keywords', { result: { keywords: [] } });
    answersInTurn('minutes/create_mind_graph', { success: false, errorCode: 'QUOTA', errorMsg: '配额不足' });
    answersInTurn('minutes/create_speaker_summary', { success: true, result: { taskId: 'k9' } });
    answersInTurn('minutes/get_speaker_summary', { result: { speakers: [] } });
    const { outcome, calls } = await timed([...run, '--mindmap']);
    expect(calls.map(([name]) => name)).toEqual(['get_minutes_keywords', 'create_mind_graph', 'create_speaker_summary', 'get_speaker_summary']);
    const f = failedRun(outcome);
    // the speaker summary create did complete: a write of the run, so the incomplete run is a partial outcome
    expect({ exit: f.exit, reason: f.reason }).toEqual({ exit: 7, reason: 'partial_outcome' });
    expect(f.message).toContain('(minutes_upload_analysis_incomplete: ');
    const d = f.details as Details;
    expect(d.failures).toEqual([{ artifact: 'mindmap', error: expect.stringContaining('配额不足') }]);
    expect(d.stages.find((s) => s.name === 'mindmap')).toEqual({ complete: false, error: d.failures[0].error, name: 'mindmap', result: {
      complete: false, operation: 'minutes.mindmap', stage: 'create', taskUuid: 't1',
    } });
    expect(speakerStage(d)).toMatchObject({ complete: true, result: { attempts: 1, taskId: 'k9' } });
  });

  it('--speaker-insights: create_speaker_summary failing is listed at stage create and nothing is read; nothing written, so the reason itself', async () => {
    answersInTurn('minutes/get_minutes_keywords', { result: { keywords: [] } });
    answersInTurn('minutes/create_speaker_summary', { success: false, errorCode: 'E1', errorMsg: '未开通' });
    const { outcome, calls } = await timed(run);
    expect(calls.map(([name]) => name)).toEqual(['get_minutes_keywords', 'create_speaker_summary']);
    const f = failedRun(outcome);
    expect({ exit: f.exit, reason: f.reason }).toEqual({ exit: 1, reason: 'minutes_upload_analysis_incomplete' });
    const d = f.details as Details;
    expect(d.failures).toEqual([{ artifact: 'speaker-insights', error: expect.stringContaining('未开通') }]);
    expect(speakerStage(d)).toEqual({ complete: false, error: d.failures[0].error, name: 'speaker-insights', result: {
      complete: false, operation: 'minutes.speaker_insights', stage: 'create', taskUuid: 't1',
    } });
  });
});
