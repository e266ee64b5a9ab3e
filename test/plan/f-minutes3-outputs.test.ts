// What the minutes write shortcuts print (issue 32, f-minutes3), as upstream's bodies at c7521c1c print them:
// +apply-permission's acknowledged request (internal/shortcut/minutes/alignment.go:449-464), +summary's verified
// overwrite (:466-504). Each run as a user types it against the fake MCP server on 127.0.0.1, the whole printed
// result (or envelope) compared; the calls are pinned by test/fixtures/calls/minutes.yaml (cases `f-minutes3`).
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, env, run, answer } = useOutputRuns('dws-fminutes3-');

/** A failed run's envelope, parsed; nothing may be on stdout. */
async function failure(argv: string[], files?: Record<string, string>) {
  const outcome = await dispatchInProcess(argv, env(files));
  expect(outcome.out).toBe('');
  return { exit: outcome.error?.exitCode, envelope: JSON.parse(outcome.error!.envelope()) as { details?: unknown; error: { reason: string; message: string } } };
}

const calls = () => mcp.calls.map((c) => [c.name, c.arguments]);

describe('minutes +apply-permission (minutes/alignment.go:449-464)', () => {
  it('prints {permission, policyId, requested, result, taskUuid}, keys sorted, result as answered', async () => {
    answer('minutes/apply_minutes_permission', { success: true, result: { applyId: 'a1' } });
    const result = await run(['minutes', '+apply-permission', '--id', 'u1', '--permission', 'view', '--yes']);
    expect(calls()).toEqual([['apply_minutes_permission', { taskUuid: 'u1', policyId: 4 }]]);
    expect(result).toEqual({ permission: 'view', policyId: 4, requested: true, result: { applyId: 'a1' }, taskUuid: 'u1' });
    expect(Object.keys(result as object)).toEqual(['permission', 'policyId', 'requested', 'result', 'taskUuid']);
  });

  it('success true without a result prints result null', async () => {
    answer('minutes/apply_minutes_permission', { success: true });
    expect(await run(['minutes', '+apply-permission', '--id', 'u1', '--permission', 'edit', '--yes']))
      .toEqual({ permission: 'edit', policyId: 2, requested: true, result: null, taskUuid: 'u1' });
  });

  it('a non-empty result without a success key is an acknowledgement too', async () => {
    answer('minutes/apply_minutes_permission', { result: { ok: 1 } });
    expect(await run(['minutes', '+apply-permission', '--id', 'u1', '--permission', 'download', '--yes']))
      .toEqual({ permission: 'download', policyId: 3, requested: true, result: { ok: 1 }, taskUuid: 'u1' });
  });

  // h55-stamp: {result: {}} and {other: 1} are stamped success: true by upstream's runner (app/runner.go:774-783@c7521c1c)
  // before RequireWriteAcknowledgement reads them, so they pass (test/plan/h55-stamp.test.ts)
  it('an answer whose success is not true is backend_error (exit 1)', async () => {
    for (const body of [{ success: 'yes', result: { ok: 1 } }, { success: null, result: {} }, { success: 1, other: 1 }]) {
      answer('minutes/apply_minutes_permission', body);
      const { exit, envelope } = await failure(['minutes', '+apply-permission', '--id', 'u1', '--permission', 'view', '--yes']);
      expect({ body, exit, reason: envelope.error.reason }).toEqual({ body, exit: 1, reason: 'backend_error' });
    }
  });
});

describe('minutes +summary (minutes/alignment.go:466-504)', () => {
  it('writes, reads back and prints {afterBytes, beforeBytes, changed, preservedImages, taskUuid, verified}, keys sorted', async () => {
    mcp.answers['minutes/get_minutes_ai_summary'] = (_args, n) => ({ success: true, result: { fullSummary: n === 0 ? '旧 ![a](x.png)' : '新纪要 ![a](x.png)' } });
    const result = await run(['minutes', '+summary', '--id', 'u1', '--content', '新纪要 ![a](x.png)', '--yes']);
    expect(calls()).toEqual([
      ['get_minutes_ai_summary', { taskUuid: 'u1' }],
      ['update_minutes_summary', { taskUuid: 'u1', summaryText: '新纪要 ![a](x.png)' }],
      ['get_minutes_ai_summary', { taskUuid: 'u1' }],
    ]);
    expect(result).toEqual({ afterBytes: 21, beforeBytes: 15, changed: true, preservedImages: true, taskUuid: 'u1', verified: true });
    expect(Object.keys(result as object)).toEqual(['afterBytes', 'beforeBytes', 'changed', 'preservedImages', 'taskUuid', 'verified']);
  });

  it('an empty current summary is 0 bytes before', async () => {
    mcp.answers['minutes/get_minutes_ai_summary'] = (_args, n) => ({ success: true, result: { fullSummary: n === 0 ? '' : 'abc' } });
    expect(await run(['minutes', '+summary', '--id', 'u1', '--content', 'abc', '--yes']))
      .toEqual({ afterBytes: 3, beforeBytes: 0, changed: true, preservedImages: true, taskUuid: 'u1', verified: true });
  });

  it('an equal text is not written: {changed: false, taskUuid, verified: true}', async () => {
    answer('minutes/get_minutes_ai_summary', { success: true, result: { fullSummary: '纪要' } });
    const result = await run(['minutes', '+summary', '--id', 'u1', '--content', '纪要', '--yes']);
    expect(result).toEqual({ changed: false, taskUuid: 'u1', verified: true });
    expect(Object.keys(result as object)).toEqual(['changed', 'taskUuid', 'verified']);
    expect(calls().map(([name]) => name)).toEqual(['get_minutes_ai_summary']);
  });

  it('a summary answer without fullSummary text is backend_error before any write', async () => {
    for (const body of [{ success: true, result: { title: 'x' } }, { success: true, result: { fullSummary: 3 } }]) {
      mcp.calls.length = 0;
      answer('minutes/get_minutes_ai_summary', body);
      const { exit, envelope } = await failure(['minutes', '+summary', '--id', 'u1', '--content', 'abc', '--yes']);
      expect({ exit, reason: envelope.error.reason }).toEqual({ exit: 1, reason: 'backend_error' });
      expect(calls().map(([name]) => name)).toEqual(['get_minutes_ai_summary']);
    }
  });
});

describe('the minutes read-backs that do not show the write (alignment.go:439-444, :495-501)', () => {
  it('+update: a read-back with another title is minutes_title_verification_failed inside partial_outcome, details kept', async () => {
    answer('minutes/get_minutes_basic_info', { success: true, result: { taskUuid: 'u1', title: '旧标题' } });
    const { exit, envelope } = await failure(['minutes', '+update', '--id', 'u1', '--title', '新标题', '--yes']);
    expect(calls().map(([name]) => name)).toEqual(['get_minutes_basic_info', 'update_minutes_title', 'get_minutes_basic_info']);
    expect({ exit, reason: envelope.error.reason, details: envelope.details }).toEqual({ exit: 7, reason: 'partial_outcome', details: { expectedTitle: '新标题', taskUuid: 'u1' } });
    expect(envelope.error.message).toContain('(minutes_title_verification_failed: ');
  });

  it('+update: a read-back naming another minutes fails the same way', async () => {
    mcp.answers['minutes/get_minutes_basic_info'] = (_args, n) => ({ success: true, result: { taskUuid: n === 0 ? 'u1' : 'u9', title: n === 0 ? '旧' : '新' } });
    const { envelope } = await failure(['minutes', '+update', '--id', 'u1', '--title', '新', '--yes']);
    expect(envelope.error.message).toContain('(minutes_title_verification_failed: ');
  });

  it('+summary: a read-back that differs is minutes_summary_verification_failed inside partial_outcome, details {expectedBytes, taskUuid}', async () => {
    answer('minutes/get_minutes_ai_summary', { success: true, result: { fullSummary: '旧' } });
    const { exit, envelope } = await failure(['minutes', '+summary', '--id', 'u1', '--content', '新纪要', '--yes']);
    expect(calls().map(([name]) => name)).toEqual(['get_minutes_ai_summary', 'update_minutes_summary', 'get_minutes_ai_summary']);
    expect({ exit, reason: envelope.error.reason, details: envelope.details }).toEqual({ exit: 7, reason: 'partial_outcome', details: { expectedBytes: 9, taskUuid: 'u1' } });
    expect(envelope.error.message).toContain('(minutes_summary_verification_failed: ');
  });

  it('+summary: an empty read-back is not the text sent', async () => {
    mcp.answers['minutes/get_minutes_ai_summary'] = (_args, n) => ({ success: true, result: { fullSummary: n === 0 ? '旧' : '' } });
    const { envelope } = await failure(['minutes', '+summary', '--id', 'u1', '--content', '新纪要', '--yes']);
    expect(envelope.error.message).toContain('(minutes_summary_verification_failed: ');
  });
});

describe('minutes +prepare-asr (minutes/workflows.go:444-511)', () => {
  it('adds and (with --sync) deletes the sorted differences, reads back and prints the plan with its stages, keys sorted', async () => {
    mcp.answers['minutes/list_my_hotwords'] = (_args, n) => (n === 0
      ? { success: true, result: { hotWordList: [' 旧词 ', { hotWord: '钉钉' }, '钉钉'] } }
      : { success: true, result: { hotWordList: ['钉钉', { word: 'b词' }, 'a词'] } });
    answer('minutes/add_personal_hot_word', { success: true });
    answer('minutes/delete_personal_hotword', { success: true });
    const result = await run(['minutes', '+prepare-asr', '--words', '钉钉, b词,a词', '--sync', '--yes']);
    expect(calls()).toEqual([
      ['list_my_hotwords', {}],
      ['add_personal_hot_word', { hotWordList: ['a词', 'b词'] }],
      ['delete_personal_hotword', { hotWordList: ['旧词'] }],
      ['list_my_hotwords', {}],
    ]);
    expect(result).toEqual({
      add: ['a词', 'b词'], after: ['钉钉', 'b词', 'a词'], before: ['旧词', '钉钉'], complete: true, delete: ['旧词'],
      desired: ['钉钉', 'b词', 'a词'], operation: 'minutes.prepare_asr',
      stages: [{ complete: true, name: 'add', words: ['a词', 'b词'] }, { complete: true, name: 'delete', words: ['旧词'] }],
      sync: true, verified: true,
    });
    expect(Object.keys(result as object)).toEqual(['add', 'after', 'before', 'complete', 'delete', 'desired', 'operation', 'stages', 'sync', 'verified']);
  });

  it('nothing to change: no write, empty add/delete/stages, sync false', async () => {
    answer('minutes/list_my_hotwords', { success: true, result: { hotWordList: ['钉钉', '其他'] } });
    expect(await run(['minutes', '+prepare-asr', '--words', '钉钉', '--yes'])).toEqual({
      add: [], after: ['钉钉', '其他'], before: ['钉钉', '其他'], complete: true, delete: [], desired: ['钉钉'],
      operation: 'minutes.prepare_asr', stages: [], sync: false, verified: true,
    });
    expect(calls().map(([name]) => name)).toEqual(['list_my_hotwords', 'list_my_hotwords']);
  });

  it('a hot-word answer without a list of words is backend_error before any write', async () => {
    for (const body of [{ success: true, result: {} }, { success: true, result: { hotWordList: ['a', { other: 'x' }] } }]) {
      mcp.calls.length = 0;
      answer('minutes/list_my_hotwords', body);
      const { exit, envelope } = await failure(['minutes', '+prepare-asr', '--words', 'b', '--yes']);
      expect({ exit, reason: envelope.error.reason }).toEqual({ exit: 1, reason: 'backend_error' });
      expect(calls().map(([name]) => name)).toEqual(['list_my_hotwords']);
    }
  });

  it('a read-back missing a word is minutes_prepare_asr_verification_failed inside partial_outcome, the whole plan in details', async () => {
    answer('minutes/list_my_hotwords', { success: true, result: { hotWordList: ['x'] } });
    answer('minutes/add_personal_hot_word', { success: true });
    const { exit, envelope } = await failure(['minutes', '+prepare-asr', '--words', 'b', '--yes']);
    // p-minutes4: upstream's details are the whole plan (workflows.go:500-508@c7521c1c)
    expect({ exit, reason: envelope.error.reason, details: envelope.details }).toEqual({
      exit: 7, reason: 'partial_outcome',
      details: {
        add: ['b'], after: ['x'], before: ['x'], complete: false, delete: [], desired: ['b'], missing: ['b'], operation: 'minutes.prepare_asr',
        stages: [{ complete: true, name: 'add', words: ['b'] }], sync: false, unexpected: [], verified: false,
      },
    });
    expect(envelope.error.message).toContain('(minutes_prepare_asr_verification_failed: ');
  });
});
