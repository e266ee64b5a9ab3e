// Session 51 helper a2, second-reading audit of seed 20261436 (issue 32, notes/h51-a2.md). One drawn command differed
// from upstream's body at c7521c1c: minutes +record-wrap-up did not refuse a stop answer whose errorCode or
// dingOpenErrcode is not zero, where minutesdata.RecordResult runs RequireWriteAcknowledgement, whose validateEnvelope
// refuses it before any artifact is read (minutesdata/workflow.go:16-19, :89-92, response.go:283-296, :414-432). The
// other tests hold readings the audit checked, each run as a user types it against the recording backend on 127.0.0.1,
// so that a later change that breaks one of them fails here.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h51a2-');

const STOP = 'minutes/执行听记指令-发起AI听记录音';

describe('minutes +record-wrap-up checks the stop answer as minutesdata.RecordResult does (minutesdata/workflow.go:16-31, :89-108@c7521c1c)', () => {
  // isZeroCode (response.go:414-432): only absent, null, a blank or "0" text, or the number 0 is zero; the transport's
  // own business-error check (helpers.go:598-660) passes "ok", booleans, lists, objects and every dingOpenErrcode
  const nonZero: [string, unknown][] = [
    ['errorCode', 'ok'], ['errorCode', 'success'], ['errorCode', true], ['errorCode', false], ['errorCode', []], ['errorCode', {}],
    ['dingOpenErrcode', 7], ['dingOpenErrcode', '7'], ['dingOpenErrcode', 'ok'], ['dingOpenErrcode', false],
  ];
  it.each(nonZero)('a stop answer with %s %j is refused before any artifact is read', async (key, code) => {
    outputs.answer(STOP, { success: true, result: { cmd: 'end', uuid: 't1' }, [key]: code });
    outputs.answer('minutes/get_minutes_ai_summary', { result: { fullSummary: 's' } });
    const run = await outputs.sent(['minutes', '+record-wrap-up', '--id', ' t1 ', '--artifacts', 'summary', '--yes']);
    expect(run.reason).toBe('backend_error');
    expect(run.calls).toEqual([[STOP, { cmd: 'end', uuid: 't1' }]]);
    expect(run.printed).toBeUndefined();
  });

  const zero: [string, unknown][] = [['errorCode', '0'], ['errorCode', ' 0 '], ['errorCode', ''], ['errorCode', 0], ['dingOpenErrcode', null], ['dingOpenErrcode', '\u0085']];
  it.each(zero)('a stop answer with %s %j goes on to the artifacts', async (key, code) => {
    outputs.answer(STOP, { result: { cmd: ' end ', taskUuid: 't1' }, [key]: code });
    outputs.answer('minutes/get_minutes_ai_summary', { result: { fullSummary: 's' } });
    const run = await outputs.sent(['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', 'summary', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([tool]) => tool)).toEqual([STOP, 'minutes/get_minutes_ai_summary']);
    expect(run.printed).toMatchObject({ complete: true, artifacts: { summary: 's' }, taskUuid: 't1' });
  });
});
