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
