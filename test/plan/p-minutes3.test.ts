// p-minutes3 (issue 32): minutes +prepare-asr checks each hot-word write's answer as upstream's
// minutesdata.RequireWriteAcknowledgement (internal/shortcut/minutes/workflows.go:466-486,
// minutesdata/workflow.go:16-31@c7521c1c). Each run as a user types it against the fake MCP server on 127.0.0.1;
// the calls are pinned by test/fixtures/calls/minutes.yaml (cases `p-minutes3`).
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, env, answer } = useOutputRuns('dws-pminutes3-');

/** A run's exit code, reason, the tools it called (in order) and what it printed. */
async function outcome(argv: string[]) {
  mcp.calls.length = 0;
  const o = await dispatchInProcess(argv, env());
  return {
    exit: o.error?.exitCode ?? 0,
    reason: o.error?.reason,
    called: mcp.calls.map((c) => c.name),
    printed: o.out ? (JSON.parse(o.out) as { result: unknown }).result : undefined,
  };
}

const ADD_ONLY = ['minutes', '+prepare-asr', '--words', '钉钉,听记', '--yes'];
const WITH_SYNC = ['minutes', '+prepare-asr', '--words', '听记', '--sync', '--yes'];

describe('minutes +prepare-asr write acknowledgement (workflows.go:466-486)', () => {
  // p-minutes4: the failures carry upstream's reasons (workflows.go:474, :485@c7521c1c); their details: test/plan/p-minutes4.test.ts
  it('an add answer that does not acknowledge the write ends the run minutes_prepare_asr_add_failed (exit 1), nothing read back', async () => {
    const unacknowledged = [
      { success: true, errorCode: 'E2' },
      { success: true, dingOpenErrcode: 7 },
      { success: 'true' },
      // h55: with no success key upstream's runner stamps success: true (app/runner.go:774-783@c7521c1c), so these
      // carry a non-boolean one
      { success: null, result: {} },
      { success: 1, result: [] },
      { success: null, data: { ok: true } },
    ];
    for (const body of unacknowledged) {
      answer('minutes/list_my_hotwords', { result: { hotWordList: ['钉钉'] } });
      answer('minutes/add_personal_hot_word', body);
      const seen = await outcome(ADD_ONLY);
      // lead-s32: a top-level errorCode other than 0/ok/success/succeed fails the call on upstream's helper path
      // (parseMCPToolTextResult -> isBusinessError, helpers.go:598-660@c7521c1c) before the shortcut reads it; upstream
      // then wraps that call error in its own reason, as dws does since h33-fail (the add step's on_failure)
      expect({ body, ...seen }).toEqual({ body, exit: 1, reason: 'minutes_prepare_asr_add_failed', called: ['list_my_hotwords', 'add_personal_hot_word'], printed: undefined });
    }
  });

  it('a delete answer that does not acknowledge the write, after the add stood, is a partial outcome (exit 7), nothing read back', async () => {
    answer('minutes/list_my_hotwords', { result: { hotWordList: ['钉钉'] } });
    answer('minutes/add_personal_hot_word', { success: true });
    answer('minutes/delete_personal_hotword', { success: true, errorCode: '40001' });
    expect(await outcome(WITH_SYNC)).toEqual({
      exit: 7, reason: 'partial_outcome',
      called: ['list_my_hotwords', 'add_personal_hot_word', 'delete_personal_hotword'], printed: undefined,
    });
  });

  it('a delete with nothing added before it that is not acknowledged is the run\'s own minutes_prepare_asr_delete_failed (exit 1)', async () => {
    answer('minutes/list_my_hotwords', { result: { hotWordList: ['钉钉', '听记'] } });
    answer('minutes/delete_personal_hotword', { success: null, result: {} });
    expect(await outcome(WITH_SYNC)).toEqual({
      exit: 1, reason: 'minutes_prepare_asr_delete_failed', called: ['list_my_hotwords', 'delete_personal_hotword'], printed: undefined,
    });
  });

  it('h55: an answer with no success key, even {} or an empty result, is stamped success true by the runner (app/runner.go:774-783@c7521c1c) and acknowledges the write', async () => {
    for (const [add, del] of [[{}, { result: {} }], [{ result: [] }, { data: { ok: true } }]]) {
      mcp.answers['minutes/list_my_hotwords'] = (_args, n) => (n === 0 ? { result: { hotWordList: ['钉钉'] } } : { result: { hotWordList: ['听记'] } });
      answer('minutes/add_personal_hot_word', add);
      answer('minutes/delete_personal_hotword', del);
      const seen = await outcome(WITH_SYNC);
      expect({ add, del, exit: seen.exit, called: seen.called }).toEqual({
        add, del, exit: 0, called: ['list_my_hotwords', 'add_personal_hot_word', 'delete_personal_hotword', 'list_my_hotwords'],
      });
    }
  });

  it('success true, or a non-empty result without a success key, beside zero codes acknowledges both writes and the run prints its plan', async () => {
    mcp.answers['minutes/list_my_hotwords'] = (_args, n) => (n === 0 ? { result: { hotWordList: ['钉钉'] } } : { result: { hotWordList: ['听记'] } });
    answer('minutes/add_personal_hot_word', { result: { added: 1 }, errorCode: ' 0 ' });
    answer('minutes/delete_personal_hotword', { success: true, dingOpenErrcode: 0 });
    expect(await outcome(WITH_SYNC)).toEqual({
      exit: 0, reason: undefined,
      called: ['list_my_hotwords', 'add_personal_hot_word', 'delete_personal_hotword', 'list_my_hotwords'],
      printed: {
        add: ['听记'], after: ['听记'], before: ['钉钉'], complete: true, delete: ['钉钉'], desired: ['听记'],
        operation: 'minutes.prepare_asr',
        stages: [{ complete: true, name: 'add', words: ['听记'] }, { complete: true, name: 'delete', words: ['钉钉'] }],
        sync: true, verified: true,
      },
    });
  });
});

describe('paged transcript reads validate every page (CollectTranscript, minutesdata/pager.go:52-58)', () => {
  const page1 = { result: { paragraphList: [{ paragraphId: 'p1', nickName: '张三', sentence: 'a' }], hasNext: true, nextToken: 'n1' } };
  const bad = (codes: Record<string, unknown>) => ({ ...codes, result: { paragraphList: [{ paragraphId: 'p2', nickName: '张三', sentence: 'b' }], hasNext: true, nextToken: 'n2' } });

  it('+transcript: a middle page carrying a non-zero code ends the read there as minutes_transcript_incomplete (exit 1)', async () => {
    for (const codes of [{ errorCode: 'E1' }, { dingOpenErrcode: 40001 }, { errorCode: ' 7 ' }]) {
      mcp.answers['minutes/get_minutes_transcription'] = (_args, n) => (n === 0 ? page1 : bad(codes));
      const seen = await outcome(['minutes', '+transcript', '--id', 't1']);
      // lead-s32: a top-level errorCode other than 0/ok/success/succeed fails the call on upstream's helper path
      // (parseMCPToolTextResult -> isBusinessError, helpers.go:598-660@c7521c1c) before the shortcut reads it; upstream
      // then wraps that call error in its own reason, as dws does since h33-fail (the transcript step's on_failure)
      expect({ codes, ...seen }).toEqual({ codes, exit: 1, reason: 'minutes_transcript_incomplete', called: ['get_minutes_transcription', 'get_minutes_transcription'], printed: undefined });
    }
  });

  it('+transcript: a middle page with zero codes goes on to the next page', async () => {
    const last = { result: { paragraphList: [{ paragraphId: 'p3', sentence: 'c' }], hasNext: false } };
    mcp.answers['minutes/get_minutes_transcription'] = (_args, n) => [page1, bad({ errorCode: '0', dingOpenErrcode: 0 }), last][Math.min(n, 2)];
    const seen = await outcome(['minutes', '+transcript', '--id', 't1']);
    expect({ exit: seen.exit, called: seen.called }).toEqual({ exit: 0, called: ['get_minutes_transcription', 'get_minutes_transcription', 'get_minutes_transcription'] });
  });

  it('+speaker-replace: a middle transcript page carrying a code is refused before the replace (exit 1)', async () => {
    mcp.answers['minutes/get_minutes_transcription'] = (_args, n) => (n === 0 ? page1 : bad({ errorCode: 'E1' }));
    // lead-s32: the errorCode fails the page's call on upstream's helper path (helpers.go:598-660@c7521c1c)
    expect(await outcome(['minutes', '+speaker-replace', '--id', 't1', '--from', '张三', '--to', '李四', '--yes'])).toEqual({
      exit: 1, reason: 'business_error', called: ['get_minutes_transcription', 'get_minutes_transcription'], printed: undefined,
    });
  });

  it('+replace-batch: a middle transcript page carrying a code is refused before any replacement (exit 1)', async () => {
    mcp.answers['minutes/get_minutes_transcription'] = (_args, n) => (n === 0 ? page1 : bad({ dingOpenErrcode: 3 }));
    const seen = await outcome(['minutes', '+replace-batch', '--id', 't1', '--pair', 'a=>z', '--yes']);
    expect(seen).toEqual({ exit: 1, reason: 'backend_error', called: ['get_minutes_transcription', 'get_minutes_transcription'], printed: undefined });
  });
});

describe('minutes +speaker-insights create answer (SpeakerSummaryTask, minutesdata/workflow.go:132-146)', () => {
  it('a create answer naming a taskId but carrying a non-zero code, or success not true, stops before any read (exit 1)', async () => {
    for (const body of [
      { success: true, errorCode: 'E1', result: { taskId: 'k1' } },
      { dingOpenErrcode: 5, result: { taskId: 'k1' } },
      { success: 'yes', result: { taskId: 'k1' } },
    ]) {
      answer('minutes/create_speaker_summary', body);
      const seen = await outcome(['minutes', '+speaker-insights', '--id', 't1', '--yes']);
      // lead-s32: the errorCode fails the call on upstream's helper path first (helpers.go:598-660@c7521c1c)
      expect({ body, ...seen }).toEqual({ body, exit: 1, reason: 'errorCode' in body ? 'business_error' : 'backend_error', called: ['create_speaker_summary'], printed: undefined });
    }
  });
});
