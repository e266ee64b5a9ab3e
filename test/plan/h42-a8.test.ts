// Session 42 second reading, part a8 (issue 32, seed 20261379, notes/h42-a8.md): where a drawn command, or a sibling
// reading the same upstream helper, still differed from upstream's body at c7521c1c. Each run as a user types it
// against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h42a8-');

/** upstream's isZeroCode (internal/shortcut/minutesdata/response.go:414-431@c7521c1c), as a model. */
function isZeroCode(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '' || value.trim() === '0';
  if (typeof value === 'number') return value === 0;
  return false;
}

/** upstream's validateEnvelope error-code test (response.go:290-296): errorCode, then dingOpenErrcode. */
function envelopeRefused(answer: Record<string, unknown>): boolean {
  return ['errorCode', 'dingOpenErrcode'].some((key) => key in answer && !isZeroCode(answer[key]));
}

// codes upstream's generic business-error check (helpers.go:598-634) lets through, so only validateEnvelope decides
const code = fc.constantFrom<unknown>(null, '', ' ', '0', ' 0 ', 0, false, true, 'ok', 'E1', 5, [], {}, 'success');

describe('minutes +summary reads the summary as minutesdata.SummaryText, which runs validateEnvelope first (response.go:151-153, :283-296@c7521c1c)', () => {
  const argv = ['minutes', '+summary', '--id', 't1', '--content', 'new text', '--yes'];

  it('a first read whose dingOpenErrcode is not zero is refused before any write', async () => {
    outputs.answer('minutes/get_minutes_ai_summary', { dingOpenErrcode: 5, result: { fullSummary: 'old' } });
    const run = await outputs.sent(argv);
    expect(run.reason).toBe('backend_error');
    expect(run.calls.map(([tool]) => tool)).toEqual(['minutes/get_minutes_ai_summary']);
  });

  it('a first read whose errorCode is false (not a zero code) is refused, even when the text is unchanged', async () => {
    outputs.answer('minutes/get_minutes_ai_summary', { errorCode: false, result: { fullSummary: 'new text' } });
    expect((await outputs.sent(argv)).reason).toBe('backend_error');
  });

  it('a read-back carrying an error code is minutes_summary_verification_failed inside partial_outcome', async () => {
    outputs.answer('minutes/update_minutes_summary', { success: true });
    const run = await outputs.paged(argv, 'minutes/get_minutes_ai_summary',
      [{ result: { fullSummary: 'old' } }, { dingOpenErrcode: 'E1', result: { fullSummary: 'new text' } }]);
    expect(run.exit).toBe(7);
    expect(run.sent).toHaveLength(3);
  });

  it('refused or written as upstream decides, for any errorCode / dingOpenErrcode on the first read', async () => {
    await fc.assert(fc.asyncProperty(fc.record({ errorCode: code, dingOpenErrcode: code }, { requiredKeys: [] }), async (codes) => {
      const answer = { ...codes, result: { fullSummary: 'old' } };
      outputs.answersInTurn('minutes/get_minutes_ai_summary', answer, { result: { fullSummary: 'new text' } });
      outputs.answer('minutes/update_minutes_summary', { success: true });
      const run = await outputs.sent(argv);
      if (envelopeRefused(answer)) {
        expect(run.calls.map(([tool]) => tool)).toEqual(['minutes/get_minutes_ai_summary']);
        expect(run.reason).toBeDefined();
      } else {
        expect(run.reason).toBeUndefined();
        expect(run.printed).toMatchObject({ changed: true, verified: true });
      }
    }), { numRuns: 30 });
  });
});

describe('siblings reading get_minutes_basic_info as minutesdata.Basic, which runs validateEnvelope first (response.go:143-147@c7521c1c)', () => {
  const listed = { result: { itemList: [{ taskUuid: 't1', createTime: 5 }] } };

  it('minutes +latest: a basic info answer whose dingOpenErrcode is not zero is refused, not printed (latest_minutes.go:89-99)', async () => {
    outputs.answer('minutes/list_by_keyword_and_time_range', listed);
    outputs.answer('minutes/get_minutes_basic_info', { dingOpenErrcode: 7, result: { taskUuid: 't1', title: 'x' } });
    expect((await outputs.sent(['minutes', '+latest'])).reason).toBe('backend_error');
  });

  it('minutes +latest: refused or printed as upstream decides, for any errorCode / dingOpenErrcode', async () => {
    await fc.assert(fc.asyncProperty(fc.record({ errorCode: code, dingOpenErrcode: code }, { requiredKeys: [] }), async (codes) => {
      const answer = { ...codes, result: { taskUuid: 't1', title: 'x' } };
      outputs.answer('minutes/list_by_keyword_and_time_range', listed);
      outputs.answer('minutes/get_minutes_basic_info', answer);
      const run = await outputs.sent(['minutes', '+latest']);
      if (envelopeRefused(answer)) expect(run.reason).toBeDefined();
      else expect(run.printed).toEqual({ taskUuid: 't1', title: 'x' });
    }), { numRuns: 30 });
  });

  it('minutes +unshare: a preflight answer carrying an error code stops the run before remove_member_permission (workflows.go:617-627)', async () => {
    outputs.answersInTurn('minutes/get_minutes_basic_info',
      { result: { taskUuid: 't1' } }, { errorCode: false, result: { taskUuid: 't2' } });
    const run = await outputs.sent(['minutes', '+unshare', '--id', 't1,t2', '--member-uids', 'm', '--yes']);
    expect(run.reason).toBe('backend_error');
    expect(run.calls.map(([tool]) => tool)).toEqual(['minutes/get_minutes_basic_info', 'minutes/get_minutes_basic_info']);
  });

  it('minutes +unshare: zero codes (" 0", null) pass the preflight and the member is removed', async () => {
    outputs.answer('minutes/get_minutes_basic_info', { errorCode: ' 0', dingOpenErrcode: null, result: { taskUuid: 't1' } });
    outputs.answer('minutes/remove_member_permission', { success: true, result: { resultMap: { t1: ['m'] } } });
    const run = await outputs.sent(['minutes', '+unshare', '--id', 't1', '--member-uids', 'm', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([tool]) => tool)).toEqual(['minutes/get_minutes_basic_info', 'minutes/remove_member_permission']);
  });
});

describe('minutes +unshare reads each remove_member_permission answer as RequirePermissionMutationAcknowledgement, validateEnvelope first (minutesdata/workflow.go:37-39@c7521c1c)', () => {
  const argv = ['minutes', '+unshare', '--id', 't1', '--member-uids', 'm,n', '--yes'];
  const removed = { success: true, result: { resultMap: { t1: ['m'] } } };

  it('an answer with success true and a full resultMap but a non-zero dingOpenErrcode fails that member, and stop leaves the rest', async () => {
    outputs.answer('minutes/get_minutes_basic_info', { result: { taskUuid: 't1' } });
    outputs.answer('minutes/remove_member_permission', { ...removed, dingOpenErrcode: 5 });
    const run = await outputs.sent(argv);
    expect(run.reason).toBe('minutes_permission_partial');
    expect(run.calls.map(([tool]) => tool)).toEqual(['minutes/get_minutes_basic_info', 'minutes/remove_member_permission']);
  });

  it('counted as removed or failed as upstream decides, for any errorCode / dingOpenErrcode', async () => {
    await fc.assert(fc.asyncProperty(fc.record({ errorCode: code, dingOpenErrcode: code }, { requiredKeys: [] }), async (codes) => {
      const answer = { ...removed, ...codes };
      outputs.answer('minutes/get_minutes_basic_info', { result: { taskUuid: 't1' } });
      outputs.answer('minutes/remove_member_permission', answer);
      const run = await outputs.sent(['minutes', '+unshare', '--id', 't1', '--member-uids', 'm', '--yes']);
      if (envelopeRefused(answer)) expect(run.reason).toBeDefined();
      else expect(run.printed).toMatchObject({ complete: true, succeeded: 1 });
    }), { numRuns: 30 });
  });
});
