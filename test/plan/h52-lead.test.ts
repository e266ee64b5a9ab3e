// Session 52 lead (issue 32): minutes +upload-and-analyze with --resume-id uploads nothing, so upstream's Validate hook
// only checks a typed --complete-timeout above 0 and then never reads it (internal/shortcut/minutes/workflows.go:92-97,
// :284-332@c7521c1c). dws refused any typed --complete-timeout, with --resume-id too (h52-a2 noticed it); with --file
// it still refuses it, a declared deviation: dws sends the completion once and never replays it.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-h52lead-');
const resumed = ['minutes', '+upload-and-analyze', '--resume-id', 't1', '--artifacts', 'basic', '--yes'];

describe('minutes +upload-and-analyze --complete-timeout (workflows.go:92-97@c7521c1c)', () => {
  it('with --resume-id a positive --complete-timeout is accepted and changes nothing sent, waited or printed', async () => {
    runs.mcp.answers['minutes/get_minutes_basic_info'] = () => ({ result: { taskUuid: 't1', title: '周会' } });
    const run = async (argv: string[]) => {
      runs.mcp.calls.length = 0;
      const { outcome, calls, sleeps } = await runs.timed(argv);
      return { error: outcome.error?.reason, out: outcome.out, calls, sleeps };
    };
    const plain = await run(resumed);
    // the artifact rounds read basic info for the resumed task (whether it then counts as ready is not this test's)
    expect(plain.error).not.toBe('invalid_parameter');
    expect(plain.calls.length).toBeGreaterThan(0);
    expect(new Set(plain.calls.map((c) => JSON.stringify(c)))).toEqual(new Set([JSON.stringify(['get_minutes_basic_info', { taskUuid: 't1' }])]));
    for (const timeout of ['30', '1', '90', '007']) expect(await run([...resumed, '--complete-timeout', timeout])).toEqual(plain);
  });

  it('with --resume-id a --complete-timeout of 0 or below is refused before any call', async () => {
    for (const timeout of ['0', '-1', '-90']) {
      const run = await runs.sent([...resumed, '--complete-timeout', timeout]);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }
  });

  it('with --file any typed --complete-timeout is still refused before any call (the declared deviation)', async () => {
    const run = await runs.sent(['minutes', '+upload-and-analyze', '--file', 'a.mp3', '--complete-timeout', '30', '--yes'], { 'a.mp3': 'ID3' });
    expect(run.reason).toBe('invalid_parameter');
    expect(run.calls).toEqual([]);
  });
});
