// minutes +speaker-insights as upstream's runMinutesSpeakerInsights (internal/shortcut/minutes/workflows.go:386-442,
// minutesdata/workflow.go:132-173@c7521c1c): the create answer checked, the summary read in rounds while its failure
// says pending, the attempts counted and printed. Commands run as a user types them against the fake MCP server on
// 127.0.0.1; the waits are recorded, not slept.
import { describe, expect, it } from 'vitest';
import { BUSY, useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-speaker-insights-');
const CREATE = 'minutes/create_speaker_summary';
const READ = 'minutes/get_speaker_summary';
const argv = ['minutes', '+speaker-insights', '--id', 'u1', '--yes'];
const SPEAKERS = { speakers: [{ name: '王芳', summary: '讲了预算' }] };

/** The read answers in turn (the last one again after them). */
const reads = (...answers: unknown[]) => runs.answersInTurn(READ, ...answers);

describe('minutes +speaker-insights', () => {
  it('creates, reads again while the result is empty, and prints the payload with its attempts (keys sorted)', async () => {
    runs.answer(CREATE, { success: true, result: { taskId: 't1', status: 'RUNNING' } });
    reads({ success: true, result: {} }, { success: true, result: SPEAKERS });
    const { outcome, calls, sleeps, result } = await runs.timed(argv);
    expect(outcome.error).toBeUndefined();
    expect(calls).toEqual([['create_speaker_summary', { uuids: ['u1'] }], ['get_speaker_summary', { uuids: ['u1'] }], ['get_speaker_summary', { uuids: ['u1'] }]]);
    expect(sleeps).toEqual([3000]);
    expect(JSON.stringify(result)).toBe(JSON.stringify({
      attempts: 2, complete: true, createStatus: 'running', operation: 'minutes.speaker_insights', result: SPEAKERS, taskId: 't1', taskUuid: 'u1',
    }));
  });

  it('a create answer without a taskId stops before any read, as that create\'s own failure (exit 1)', async () => {
    runs.answer(CREATE, { success: true, result: { status: 'RUNNING' } });
    const { outcome, calls } = await runs.timed(argv);
    expect(calls.map(([name]) => name)).toEqual(['create_speaker_summary']);
    expect([outcome.error?.reason, outcome.error?.exitCode, outcome.out]).toEqual(['backend_error', 1, '']);
  });

  it('still pending when --timeout runs out: minutes_speaker_insights_timeout with the recovery, after the create (partial outcome)', async () => {
    runs.answer(CREATE, { success: true, result: { taskId: 't1' } });
    reads({ success: true, result: {} });
    const { outcome, calls, sleeps } = await runs.timed([...argv, '--timeout', '6', '--interval', '3']);
    expect(calls.map(([name]) => name)).toEqual(['create_speaker_summary', 'get_speaker_summary', 'get_speaker_summary']);
    expect(sleeps).toEqual([3000]);
    expect(outcome.error?.exitCode).toBe(7);
    const envelope = outcome.error!.envelope();
    expect(envelope).toContain('minutes_speaker_insights_timeout');
    expect(envelope).toContain('dws minutes speaker summary get --ids <taskUuid>');
  });

  it('a failure that is not pending ends after one read', async () => {
    runs.answer(CREATE, { success: true, result: { taskId: 't1' } });
    reads(BUSY);
    const { outcome, calls } = await runs.timed(argv);
    expect(calls.map(([name]) => name)).toEqual(['create_speaker_summary', 'get_speaker_summary']);
    expect(outcome.error?.exitCode).toBe(7);
    expect(outcome.error!.envelope()).toContain('backend_error');
  });

  it('--resume reads without creating and prints --task-id and createStatus resume', async () => {
    reads({ success: true, result: SPEAKERS });
    const { calls, result } = await runs.timed([...argv, '--resume', '--task-id', 't9']);
    expect(calls.map(([name]) => name)).toEqual(['get_speaker_summary']);
    expect(result).toEqual({ attempts: 1, complete: true, createStatus: 'resume', operation: 'minutes.speaker_insights', result: SPEAKERS, taskId: 't9', taskUuid: 'u1' });
  });

  it('a --timeout or --interval of 0 is refused before any call', async () => {
    for (const flags of [['--timeout', '0'], ['--interval', '0']]) {
      const { outcome, calls } = await runs.timed([...argv, ...flags]);
      expect([outcome.error?.exitCode, calls]).toEqual([3, []]);
    }
  });
});
