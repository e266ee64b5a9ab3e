// p-minutes4 (issue 32): minutes +prepare-asr fails as upstream's executeMinutesPrepareASR does
// (internal/shortcut/minutes/workflows.go:444-511@c7521c1c): an unacknowledged add or delete ends
// minutes_prepare_asr_add_failed / _delete_failed, and every failure carries the plan upstream prints before failing
// (outputWorkflowResult :755-763) in the error's details, nothing on stdout (SPEC 4.5). Each run as a user types it
// against the fake MCP server on 127.0.0.1; the calls are pinned by test/fixtures/calls/minutes.yaml (`p-minutes4`).
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { failedRun, useOutputRuns } from './output-runs.js';

const { mcp, env, answer } = useOutputRuns('dws-pminutes4-');

/** A failed run: exit code, reason, the tools it called and the envelope's details; it printed nothing. */
async function failed(argv: string[]) {
  mcp.calls.length = 0;
  const { exit, reason, message, details } = failedRun(await dispatchInProcess(argv, env()));
  return { exit, reason, message, called: mcp.calls.map((c) => c.name), details };
}

describe('minutes +prepare-asr failures carry upstream\'s reasons and printed plan (workflows.go:464-508)', () => {
  it('an unacknowledged add is minutes_prepare_asr_add_failed (exit 1) with the plan, its add stage incomplete and the recovery', async () => {
    answer('minutes/list_my_hotwords', { result: { hotWordList: ['钉钉', ' 旧词 ', '钉钉'] } });
    // (a dingOpenErrcode: an errorCode fails on upstream's helper path first, before the acknowledgement is judged)
    answer('minutes/add_personal_hot_word', { success: true, dingOpenErrcode: 7 });
    const run = await failed(['minutes', '+prepare-asr', '--words', '听记,钉钉,阿尔法', '--sync', '--yes']);
    expect({ ...run, message: undefined }).toEqual({
      exit: 1, reason: 'minutes_prepare_asr_add_failed', message: undefined, called: ['list_my_hotwords', 'add_personal_hot_word'],
      details: {
        add: ['听记', '阿尔法'], before: ['钉钉', '旧词'], complete: false, delete: ['旧词'], desired: ['听记', '钉钉', '阿尔法'],
        operation: 'minutes.prepare_asr', recovery: { nextAction: 'review current hot words before retrying' },
        stages: [{ complete: false, name: 'add', words: ['听记', '阿尔法'] }], sync: true,
      },
    });
  });

  it('an unacknowledged delete after a good add stops before the read-back: partial_outcome naming delete_failed, the plan in details', async () => {
    answer('minutes/list_my_hotwords', { result: { hotWordList: ['钉钉'] } });
    answer('minutes/add_personal_hot_word', { result: { added: 1 } });
    answer('minutes/delete_personal_hotword', { success: 'true' });
    const run = await failed(['minutes', '+prepare-asr', '--words', '听记', '--sync', '--yes']);
    expect({ ...run, message: run.message.includes('(minutes_prepare_asr_delete_failed: ') }).toEqual({
      exit: 7, reason: 'partial_outcome', message: true, called: ['list_my_hotwords', 'add_personal_hot_word', 'delete_personal_hotword'],
      details: {
        add: ['听记'], before: ['钉钉'], complete: false, delete: ['钉钉'], desired: ['听记'], operation: 'minutes.prepare_asr',
        recovery: { nextAction: 'list hot words; additions may already be applied' },
        stages: [{ complete: true, name: 'add', words: ['听记'] }, { complete: false, name: 'delete', words: ['钉钉'] }], sync: true,
      },
    });
  });

  it('an unacknowledged delete with nothing added is the run\'s own minutes_prepare_asr_delete_failed (exit 1), only its stage listed', async () => {
    answer('minutes/list_my_hotwords', { result: { hotWordList: ['钉钉', '听记'] } });
    answer('minutes/delete_personal_hotword', { success: null }); // h55: {} is stamped success true by upstream's runner
    const run = await failed(['minutes', '+prepare-asr', '--words', '钉钉', '--sync', '--yes']);
    expect({ ...run, message: undefined }).toEqual({
      exit: 1, reason: 'minutes_prepare_asr_delete_failed', message: undefined, called: ['list_my_hotwords', 'delete_personal_hotword'],
      details: {
        add: [], before: ['钉钉', '听记'], complete: false, delete: ['听记'], desired: ['钉钉'], operation: 'minutes.prepare_asr',
        recovery: { nextAction: 'list hot words; additions may already be applied' },
        stages: [{ complete: false, name: 'delete', words: ['听记'] }], sync: true,
      },
    });
  });

  it('a read-back that is not the asked set carries the whole plan: after, missing, unexpected, verified false', async () => {
    mcp.answers['minutes/list_my_hotwords'] = (_args, n) => (n === 0 ? { result: { hotWordList: ['钉钉'] } } : { result: { hotWordList: [{ word: '钉钉' }, '贝塔'] } });
    answer('minutes/add_personal_hot_word', { success: true });
    answer('minutes/delete_personal_hotword', { success: true });
    const run = await failed(['minutes', '+prepare-asr', '--words', '阿尔法,贝塔', '--sync', '--yes']);
    expect({ ...run, message: run.message.includes('(minutes_prepare_asr_verification_failed: ') }).toEqual({
      exit: 7, reason: 'partial_outcome', message: true,
      called: ['list_my_hotwords', 'add_personal_hot_word', 'delete_personal_hotword', 'list_my_hotwords'],
      details: {
        add: ['贝塔', '阿尔法'], after: ['钉钉', '贝塔'], before: ['钉钉'], complete: false, delete: ['钉钉'], desired: ['阿尔法', '贝塔'],
        missing: ['阿尔法'], operation: 'minutes.prepare_asr',
        stages: [{ complete: true, name: 'add', words: ['贝塔', '阿尔法'] }, { complete: true, name: 'delete', words: ['钉钉'] }],
        sync: true, unexpected: ['钉钉'], verified: false,
      },
    });
  });
});

describe('paged transcript reads refuse a page before the last without a paragraphList list (ParseTranscriptPage, response.go:64-91)', () => {
  const page1 = { result: { paragraphList: [{ paragraphId: 'p1', nickName: '张三', sentence: 'a' }], hasNext: true, nextToken: 'n1' } };
  const last = { result: { paragraphList: [{ paragraphId: 'p3', nickName: '张三', sentence: 'c' }], hasNext: false } };
  const listless = [
    { result: { hasNext: true, nextToken: 'n2' } },
    { result: { paragraphList: { p2: 'x' }, hasNext: true, nextToken: 'n2' } },
    { data: { items: [], hasNext: true }, nextToken: 'n2' },
  ];
  const transcriptPages = (middle: unknown) => {
    mcp.answers['minutes/get_minutes_transcription'] = (_args, n) => [page1, middle, last][Math.min(n, 2)];
  };
  const TWO_READS = ['get_minutes_transcription', 'get_minutes_transcription'];

  it('+transcript ends the read at that page as minutes_transcript_incomplete (exit 1), no third page asked', async () => {
    for (const middle of listless) {
      transcriptPages(middle);
      const run = await failed(['minutes', '+transcript', '--id', 't1']);
      expect({ middle, exit: run.exit, reason: run.reason, called: run.called }).toEqual({ middle, exit: 1, reason: 'minutes_transcript_incomplete', called: TWO_READS });
    }
  });

  it('+transcript still reads on past a page whose empty paragraphList is a list', async () => {
    transcriptPages({ result: { paragraphList: [], hasNext: true, nextToken: 'n2' } });
    mcp.calls.length = 0;
    const o = await dispatchInProcess(['minutes', '+transcript', '--id', 't1'], env());
    expect({ exit: o.error?.exitCode ?? 0, called: mcp.calls.map((c) => c.name), count: (JSON.parse(o.out) as { result: { paragraphCount: number } }).result.paragraphCount })
      .toEqual({ exit: 0, called: [...TWO_READS, 'get_minutes_transcription'], count: 2 });
  });

  it('+speaker-replace, +replace-batch and +detail refuse such a page before any write (exit 1)', async () => {
    transcriptPages(listless[0]);
    const runs = [];
    runs.push(await failed(['minutes', '+speaker-replace', '--id', 't1', '--from', '张三', '--to', '李四', '--yes']));
    runs.push(await failed(['minutes', '+replace-batch', '--id', 't1', '--pair', 'a=>z', '--yes']));
    runs.push(await failed(['minutes', '+detail', '--id', 't1', '--artifacts', 'transcript']));
    expect(runs.map((r) => [r.exit, r.reason, r.called])).toEqual([[1, 'backend_error', TWO_READS], [1, 'backend_error', TWO_READS], [1, 'minutes_detail_incomplete', TWO_READS]]);
    // h35-edge: the refused page is neither counted nor collected (pager.go:52-58@c7521c1c): failurePage 2, pages 1
    expect(runs[2]!.details).toMatchObject({ failures: [{ error: 'a transcript page was refused (a backend error code, no paragraphList list of objects, or more pages said without a next token)' }], transcript: { failurePage: 2, pages: 1, paragraphCount: 1 } });
  });
});
