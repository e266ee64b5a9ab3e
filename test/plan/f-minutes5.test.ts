// What minutes +replace-batch sends, checks and prints (issue 32, f-minutes5), as upstream's body at c7521c1c does
// (internal/shortcut/smart/replace_batch.go:146-236): every original must occur in the transcript before any write,
// each write's answer must acknowledge it, each read-back is verified by counts (replaceReadbackVerified :387-400),
// the payload {applied, failed, failurePolicy, ok, partial, results, taskUuid, total, unattempted} is printed, and a
// failure ends minutes_replace_partial_failure with it in details. Each run as a user types it against the fake MCP
// server on 127.0.0.1; the calls are pinned by test/fixtures/calls/minutes.yaml (cases `f-minutes5`).
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, env, run, answer } = useOutputRuns('dws-fminutes5-');

async function failure(argv: string[], files?: Record<string, string>) {
  const outcome = await dispatchInProcess(argv, env(files));
  expect(outcome.out).toBe('');
  return { exit: outcome.error?.exitCode, envelope: JSON.parse(outcome.error!.envelope()) as { details?: Record<string, unknown>; error: { reason: string; message: string } } };
}

const calls = () => mcp.calls.map((c) => [c.name, c.arguments]);
const page = (...texts: string[]) => ({ result: { paragraphList: texts.map((t, i) => ({ paragraphId: `p${i}`, paragraph: t, sentences: [{ text: t }] })), hasNext: false } });
/** transcript answers in turn: the n-th read gets texts[n] (the last one repeats) */
function transcripts(...reads: string[][]) {
  mcp.answers['minutes/get_minutes_transcription'] = (_args, n) => page(...reads[Math.min(n, reads.length - 1)]);
}

describe('minutes +replace-batch (smart/replace_batch.go:146-236)', () => {
  it('reads the transcript, writes each rule, reads back after each, and prints the payload with keys sorted', async () => {
    transcripts(['张山说了丁丁'], ['张三说了丁丁'], ['张三说了钉钉']);
    mcp.answers['minutes/replace_minutes_text'] = () => ({ success: true });
    const result = await run(['minutes', '+replace-batch', '--id', 't1', '--pair', '张山=>张三', '--pair', '丁丁=>钉钉', '--yes']);
    expect(calls()).toEqual([
      ['get_minutes_transcription', { taskUuid: 't1', direction: '0' }],
      ['replace_minutes_text', { taskUuid: 't1', originalText: '张山', replacedText: '张三' }],
      ['get_minutes_transcription', { taskUuid: 't1', direction: '0' }],
      ['replace_minutes_text', { taskUuid: 't1', originalText: '丁丁', replacedText: '钉钉' }],
      ['get_minutes_transcription', { taskUuid: 't1', direction: '0' }],
    ]);
    expect(result).toEqual({
      applied: 2, failed: 0, failurePolicy: 'stop', ok: true, partial: false, taskUuid: 't1', total: 2, unattempted: 0,
      results: [
        { acknowledged: true, applied: true, originalText: '张山', replacedText: '张三', verified: true },
        { acknowledged: true, applied: true, originalText: '丁丁', replacedText: '钉钉', verified: true },
      ],
    });
    expect(Object.keys(result as object)).toEqual(['applied', 'failed', 'failurePolicy', 'ok', 'partial', 'results', 'taskUuid', 'total', 'unattempted']);
  });

  it('an original missing from the transcript is refused before any write (invalid_parameter, exit 3)', async () => {
    transcripts(['张山说了']);
    const { exit, envelope } = await failure(['minutes', '+replace-batch', '--id', 't1', '--pair', '张山=>张三', '--pair', '丁丁=>钉钉', '--yes']);
    expect({ exit, reason: envelope.error.reason }).toEqual({ exit: 3, reason: 'invalid_parameter' });
    expect(envelope.error.message).toContain('rule 2 does not occur in the transcript');
    expect(calls().map(([name]) => name)).toEqual(['get_minutes_transcription']);
  });

  it('an unacknowledged write fails its rule; stop leaves the rest unattempted; nothing written: minutes_replace_partial_failure (exit 1)', async () => {
    transcripts(['甲乙']);
    mcp.answers['minutes/replace_minutes_text'] = () => ({ success: 'true' });
    const { exit, envelope } = await failure(['minutes', '+replace-batch', '--id', 't1', '--pair', '甲=>丙', '--pair', '乙=>丁', '--yes']);
    expect({ exit, reason: envelope.error.reason }).toEqual({ exit: 1, reason: 'minutes_replace_partial_failure' });
    expect(envelope.details).toEqual({
      applied: 0, failed: 1, failurePolicy: 'stop', ok: false, partial: false, taskUuid: 't1', total: 2, unattempted: 1,
      results: [
        { error: expect.stringContaining('does not acknowledge the replacement'), originalText: '甲', remoteEffectUnknown: false, replacedText: '丙' },
        { originalText: '乙', replacedText: '丁', unattempted: true },
      ],
    });
    expect(calls().map(([name]) => name)).toEqual(['get_minutes_transcription', 'replace_minutes_text']);
  });

  it('a read-back that does not show the rule fails it; continue goes on: partial_outcome naming minutes_replace_partial_failure, results in order', async () => {
    // rule 1's read-back is unchanged (not verified); rule 2's shows 乙 -> 丁
    transcripts(['甲乙'], ['甲乙'], ['甲丁']);
    mcp.answers['minutes/replace_minutes_text'] = () => ({ result: { ok: 1 } });
    const { exit, envelope } = await failure(['minutes', '+replace-batch', '--id', 't1', '--pair', '甲=>丙', '--pair', '乙=>丁', '--failure-policy', 'continue', '--yes']);
    expect({ exit, reason: envelope.error.reason }).toEqual({ exit: 7, reason: 'partial_outcome' });
    expect(envelope.error.message).toContain('(minutes_replace_partial_failure: ');
    expect(envelope.details).toEqual({
      applied: 1, failed: 1, failurePolicy: 'continue', ok: false, partial: true, taskUuid: 't1', total: 2, unattempted: 0,
      results: [
        { acknowledged: true, error: expect.stringContaining('does not show it'), originalText: '甲', remoteEffectUnknown: true, replacedText: '丙' },
        { acknowledged: true, applied: true, originalText: '乙', replacedText: '丁', verified: true },
      ],
    });
  });

  it('verification by counts: an empty replacement needs fewer originals; a replacement holding the original needs more replacements', async () => {
    transcripts(['嗯嗯好的', 'AB'], ['好的', 'AB'], ['好的', 'ABC']);
    mcp.answers['minutes/replace_minutes_text'] = () => ({ success: true });
    const result = await run(['minutes', '+replace-batch', '--id', 't1', '--pair', '嗯=>', '--pair', 'AB=>ABC', '--yes']);
    expect(result).toMatchObject({ applied: 2, failed: 0, ok: true });
  });

  it('a transcript still saying more after --page-limit pages is backend_error before any write', async () => {
    mcp.answers['minutes/get_minutes_transcription'] = () => ({ result: { paragraphList: [{ paragraphId: 'p', text: '甲' }], hasNext: true, nextToken: 'x' } });
    const { exit, envelope } = await failure(['minutes', '+replace-batch', '--id', 't1', '--pair', '甲=>丙', '--page-limit', '1', '--yes']);
    expect({ exit, reason: envelope.error.reason }).toEqual({ exit: 1, reason: 'backend_error' });
    expect(calls().map(([name]) => name)).toEqual(['get_minutes_transcription']);
  });
});

describe('minutes +upload (minutes/alignment.go:359-414)', () => {
  it('creates the session, PUTs the file, completes it, reads the minutes back and prints upstream\'s payload, keys sorted', async () => {
    answer('minutes/create_upload_session', { result: { sessionId: ' s1 ', presignedUrl: `${mcp.base}/upload/a.mp4` } });
    answer('minutes/complete_upload_session', { success: true, result: { taskUuid: 't1' } });
    answer('minutes/get_minutes_basic_info', { result: { taskUuid: 't1', title: '周会' } });
    const result = await run(['minutes', '+upload', '--file', 'a.mp4', '--input-language', ' zh ', '--yes'], { 'a.mp4': 'MP4!' });
    expect(calls()).toEqual([
      ['create_upload_session', { fileName: 'a.mp4', fileSize: 4, minutesOption: { inputLanguage: 'zh' } }],
      ['complete_upload_session', { sessionId: 's1' }],
      ['get_minutes_basic_info', { taskUuid: 't1' }],
    ]);
    expect(mcp.uploads.map((u) => [u.name, u.bytes.toString()])).toEqual([['a.mp4', 'MP4!']]);
    expect(result).toEqual({ complete: true, completeAttempts: 1, operation: 'minutes.upload', sessionId: 's1', sizeBytes: 4, taskUuid: 't1', uploadAttempts: 1, verified: true });
    expect(Object.keys(result as object)).toEqual(['complete', 'completeAttempts', 'operation', 'sessionId', 'sizeBytes', 'taskUuid', 'uploadAttempts', 'verified']);
  });

  it('a completion naming no task UUID: partial_outcome naming minutes_upload_failed, details {cancelled, cause, sessionId, stage}', async () => {
    answer('minutes/create_upload_session', { result: { uploadId: 's1', uploadUrl: `${mcp.base}/upload/a.mp4` } });
    answer('minutes/complete_upload_session', { success: true });
    const { exit, envelope } = await failure(['minutes', '+upload', '--file', 'a.mp4', '--yes'], { 'a.mp4': 'MP4!' });
    expect({ exit, reason: envelope.error.reason }).toEqual({ exit: 7, reason: 'partial_outcome' });
    expect(envelope.error.message).toContain('(minutes_upload_failed: ');
    expect(envelope.details).toEqual({ cancelled: false, cause: 'minutes upload complete response has no task UUID', sessionId: 's1', stage: 'complete_response' });
  });
});
