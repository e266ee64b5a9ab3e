// What the remaining minutes shortcuts send, check and print (issue 32, f-minutes4), as upstream's bodies at c7521c1c
// do: the record commands' checked acknowledgement (internal/shortcut/minutes/minutes.go:342-356,
// minutesdata/workflow.go:89-108), ... Each run as a user types it against the fake MCP server on 127.0.0.1, the
// whole printed result (or envelope) compared; the calls are pinned by test/fixtures/calls/minutes.yaml (cases
// `f-minutes4`).
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, env, run, answer } = useOutputRuns('dws-fminutes4-');

/** A failed run's exit code and envelope, parsed; nothing may be on stdout. */
async function failure(argv: string[], files?: Record<string, string>) {
  const outcome = await dispatchInProcess(argv, env(files));
  expect(outcome.out).toBe('');
  return { exit: outcome.error?.exitCode, envelope: JSON.parse(outcome.error!.envelope()) as { details?: unknown; ledger?: unknown; error: { reason: string; message: string } } };
}

const calls = () => mcp.calls.map((c) => [c.name, c.arguments]);
const RECORD = 'minutes/执行听记指令-发起AI听记录音';

describe('minutes +record-* (minutes.go:204-356, minutesdata.RecordResult)', () => {
  it('+record-pause sends {cmd, uuid} and prints {accepted, command, result, taskUuid}, keys sorted', async () => {
    answer(RECORD, { success: true, result: { cmd: 'pause', taskUuid: 't1', state: 'PAUSED' } });
    const result = await run(['minutes', '+record-pause', '--id', ' t1 ', '--yes']);
    expect(calls()).toEqual([['执行听记指令-发起AI听记录音', { cmd: 'pause', uuid: 't1' }]]);
    expect(result).toEqual({ accepted: true, command: 'pause', result: { cmd: 'pause', taskUuid: 't1', state: 'PAUSED' }, taskUuid: 't1' });
    expect(Object.keys(result as object)).toEqual(['accepted', 'command', 'result', 'taskUuid']);
  });

  it('+record-start sends cmd create (sessionId only when typed) and prints taskUuid ""; no task UUID is asked of the answer', async () => {
    answer(RECORD, { result: { cmd: ' create ' } });
    expect(await run(['minutes', '+record-start', '--yes'])).toEqual({ accepted: true, command: 'create', result: { cmd: ' create ' }, taskUuid: '' });
    expect(await run(['minutes', '+record-start', '--session-id', 's1', '--yes'])).toMatchObject({ command: 'create', taskUuid: '' });
    expect(calls()).toEqual([['执行听记指令-发起AI听记录音', { cmd: 'create' }], ['执行听记指令-发起AI听记录音', { cmd: 'create', sessionId: 's1' }]]);
  });

  it('+record-resume and +record-stop accept the task UUID under its other spellings, a number as its text', async () => {
    answer(RECORD, { success: true, result: { cmd: 'resume', taskUUID: ' t9 ' } });
    expect(await run(['minutes', '+record-resume', '--id', 't9', '--session-id', 's1', '--yes'])).toMatchObject({ command: 'resume', taskUuid: 't9' });
    answer(RECORD, { success: true, result: { cmd: 'end', taskUuid: '  ', uuid: 42 } });
    expect(await run(['minutes', '+record-stop', '--id', '42', '--yes'])).toMatchObject({ command: 'end', taskUuid: '42' });
    expect(calls()).toEqual([
      ['执行听记指令-发起AI听记录音', { cmd: 'resume', uuid: 't9', sessionId: 's1' }],
      ['执行听记指令-发起AI听记录音', { cmd: 'end', uuid: '42' }],
    ]);
  });

  it('an answer RecordResult refuses is backend_error (exit 1), not a completed write', async () => {
    const bad: [unknown, string][] = [
      [{}, 'does not acknowledge'],
      [{ result: {} }, 'does not acknowledge'],
      [{ success: 'true', result: { cmd: 'end', taskUuid: 't1' } }, 'does not acknowledge'],
      [{ success: true }, 'no result object'],
      [{ success: true, result: { cmd: 'pause', taskUuid: 't1' } }, 'result.cmd is not end'],
      [{ success: true, result: { taskUuid: 't1' } }, 'result.cmd is not end'],
      [{ success: true, result: { cmd: 'end', taskUuid: 't2' } }, 'names another minutes'],
      [{ success: true, result: { cmd: 'end', id: 't1' } }, 'names another minutes'],
    ];
    for (const [body, text] of bad) {
      answer(RECORD, body);
      const { exit, envelope } = await failure(['minutes', '+record-stop', '--id', 't1', '--yes']);
      expect({ body, exit, reason: envelope.error.reason, text: envelope.error.message.includes(text) }).toEqual({ body, exit: 1, reason: 'backend_error', text: true });
    }
  });
});
