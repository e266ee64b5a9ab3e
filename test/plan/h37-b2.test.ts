// Session 37 second reading, part b2 (issue 32, notes/h37-b2.md): where a drawn command (seed 20261332) still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h37b2-');

describe('chat +messages-query-send-status reads a blank answer as the empty map (runner.go:263-265@c7521c1c)', () => {
  // rt.CallMCPData gives back map[string]any{} for an answer whose text is blank; ProjectMessageSendStatus then prints
  // the projection around it (chatmsg/send_status.go:65-90@c7521c1c): the flag's trimmed task id, not ready, one retry.
  for (const blank of ['', ' ', '\n\t ']) {
    it(`a blank answer ${JSON.stringify(blank)} prints the not-ready projection with exit 0`, async () => {
      outputs.answerText('query_message_send_status', blank);
      const run = await outputs.sent(['chat', '+messages-query-send-status', '--open-task-id', ' t1 ']);
      expect(run.reason).toBeUndefined();
      expect(run.calls).toEqual([['im/query_message_send_status', { openTaskId: 't1' }]]);
      expect(run.printed).toEqual({
        contractVersion: 'im.message-send-status.v1',
        nextActions: [{
          arguments: { 'open-task-id': 't1' }, cliPath: 'chat message query-send-status', ready: false,
          when: '投递任务尚未返回 openMessageId 和 openConversationId 时稍后重查',
        }],
        openTaskId: 't1',
        readyForMessageActions: false,
      });
    });
  }
  it('an object answer is still merged into the projection (not replaced by the empty map)', async () => {
    outputs.answer('im/query_message_send_status', { openMessageId: 'm', openConversationId: 'c', extra: 1 });
    const run = await outputs.sent(['chat', '+messages-query-send-status', '--open-task-id', 't']);
    expect(run.printed).toMatchObject({ extra: 1, readyForMessageActions: true, messageRef: { openMessageId: 'm', openConversationId: 'c' } });
  });
});

/**
 * upstream's reading of a query_robot_create_result answer X (the result of {success: true, result: X}), as a model:
 * normalizeDevAppRobotResult (devapp.go:2421-2490@c7521c1c) rewrites X before devAppPendingResult (:2208-2240) reads it,
 * so the pending check sees the generated nextSteps and the BLOCKED_BY_* marks. Returns 'no_id', 'no_way' or 'ok'
 * (only for answers whose status is no failure; FAIL/EXPIRED are refused earlier by devAppFailureResult).
 */
function upstreamRobotPending(x: Record<string, unknown>): 'no_id' | 'no_way' | 'ok' {
  const text = (k: string) => {
    const v = x[k];
    if (v === undefined || v === null) return '';
    return (typeof v === 'string' ? v : String(v)).trim();
  };
  const first = (...ks: string[]) => ks.map(text).find((v) => v !== '') ?? '';
  const bool = (k: string) => text(k).toLowerCase() === 'true';
  const status = text('status').toUpperCase();
  let steps: unknown = x.nextSteps;
  let completionState = text('completionState');
  let mustContinue = bool('mustContinue');
  let mustAskUser = bool('mustAskUser');
  let terminal = bool('terminal');
  const appId = text('unifiedAppId');
  const local = first('clientId', 'appKey') !== '' && first('clientSecret', 'appSecret') !== '';
  if (status === 'WAITING') steps = [{ command: 'poll' }];
  if (status === 'SUCCESS' || status === 'APPROVAL_REQUIRED') {
    steps = appId !== '' ? [{ command: 'create_version' }] : [{ id: 'provide' }];
    if (local) (steps as unknown[]).push({ command: 'connect' });
    completionState = appId !== '' ? 'BLOCKED_BY_VERSION_PUBLISH' : 'BLOCKED_BY_MISSING_UNIFIED_APP_ID';
    mustContinue = true;
    terminal = false;
    if (appId === '') mustAskUser = true;
  }
  const state = (completionState || first('status', 'taskStatus', 'versionStatus', 'processStatus', 'approvalStatus')).toUpperCase();
  const pendingState = ['WAITING', 'PENDING', 'PROCESSING', 'AUDIT', 'UNDER_REVIEW'].includes(state)
    || state.startsWith('WAITING_') || state.startsWith('BLOCKED_BY_');
  const nonTerminal = !terminal && (mustContinue || mustAskUser);
  const approvalPending = bool('approvalSubmitted') && !bool('published');
  if (!pendingState && !nonTerminal && !approvalPending) return 'ok';
  if (first('taskId', 'versionId', 'unifiedAppId', 'requestId') === '') return 'no_id';
  const stepCommand = Array.isArray(steps) && steps.some((s) => typeof s === 'object' && s !== null && !Array.isArray(s)
    && ['command', 'dryRunCommand'].some((k) => {
      const v = (s as Record<string, unknown>)[k];
      return v !== undefined && v !== null && String(v).trim() !== '';
    }));
  if (stepCommand) return 'ok';
  if (text('taskId') !== '') return 'ok';
  if (appId !== '' && text('versionId') !== '') return 'ok';
  return 'no_way';
}

describe('dev app robot result: the pending check reads the answer after normalizeDevAppRobotResult (devapp.go:1841-1882, :2208-2274, :2421-2490@c7521c1c)', () => {
  const argv = ['dev', 'app', 'robot', 'result', '--task-id', 't'];
  const outcome = (run: { reason?: string }) => (run.reason === undefined ? 'ok' : run.reason);
  it('SUCCESS with no unifiedAppId and no operation id is refused (upstream: missing an operation identifier)', async () => {
    outputs.answer('devapp/query_robot_create_result', { success: true, result: { status: 'SUCCESS', clientId: 'c', clientSecret: 's' } });
    expect(outcome(await outputs.sent(argv))).toBe('internal_error');
  });
  it('APPROVAL_REQUIRED with a requestId but no way on (no unifiedAppId, no local keys, no taskId) is refused', async () => {
    outputs.answer('devapp/query_robot_create_result', { success: true, result: { status: 'approval_required', requestId: 'r' } });
    expect(outcome(await outputs.sent(argv))).toBe('internal_error');
  });
  it('WAITING with a requestId is pending, not refused: the generated poll step is the way on', async () => {
    outputs.answer('devapp/query_robot_create_result', { success: true, result: { status: 'WAITING', requestId: 'r' } });
    expect(outcome(await outputs.sent(argv))).toBe('ok');
  });
  it('SUCCESS with a unifiedAppId, mustContinue and no versionId is pending, not refused (the create_version step)', async () => {
    outputs.answer('devapp/query_robot_create_result', { success: true, result: { status: 'SUCCESS', unifiedAppId: 'u', mustContinue: true } });
    expect(outcome(await outputs.sent(argv))).toBe('ok');
  });
  it('refused or printed as upstream\'s reading, for any answer', async () => {
    const word = fc.constantFrom<unknown>(undefined, '', ' ', 'x', 5, null);
    const answer = fc.record({
      status: fc.constantFrom<unknown>(undefined, 'WAITING', ' waiting ', 'SUCCESS', 'approval_required', 'RUNNING', 'PENDING', ''),
      completionState: fc.constantFrom<unknown>(undefined, '', 'BLOCKED_BY_X', 'DONE'),
      taskId: word, versionId: word, unifiedAppId: word, requestId: word,
      clientId: word, appSecret: word,
      mustContinue: fc.constantFrom<unknown>(undefined, true, 'true', false),
      terminal: fc.constantFrom<unknown>(undefined, true, false),
      nextSteps: fc.constantFrom<unknown>(undefined, [], [{ id: 'a' }], [{ command: 'go' }], [5]),
    }, { requiredKeys: [] });
    await fc.assert(fc.asyncProperty(answer, async (raw) => {
      const x = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
      outputs.answer('devapp/query_robot_create_result', { success: true, result: x });
      const run = await outputs.sent(argv);
      const want = upstreamRobotPending(x);
      expect(outcome(run)).toBe(want === 'ok' ? 'ok' : 'internal_error');
    }), { numRuns: 150 });
  });
});

describe('sibling: chat +messages-send prints a blank answer as result null (unified_send.go:383-396, app/runner.go:774-783@c7521c1c)', () => {
  // executeUnifiedMessageWrite reads every identity's answer with rt.CallMCPWriteData. h56-a1: the answer reaches it
  // through upstream's runner, which hands a shortcut the text `null` for an answer that is no JSON object (a blank text
  // included: transport/client.go:159-205, app/tool_caller_adapter.go:141-193) and stamps success: true on an object
  // without one; this pinned the blank text as map{} and the object unstamped
  const cases: { argv: string[]; tool: string; rpc: string }[] = [
    { argv: ['chat', '+messages-send', '--group', 'g', '--text', 'hi', '-y'], tool: 'send_personal_message', rpc: 'chat/send_personal_message' },
    { argv: ['chat', '+messages-send', '--as', 'bot', '--robot-code', 'r', '--group', 'g', '--text', 'hi', '-y'], tool: 'send_robot_group_message', rpc: 'bot/send_robot_group_message' },
    { argv: ['chat', '+messages-send', '--as', 'bot', '--robot-code', 'r', '--users', 'u', '--text', 'hi', '-y'], tool: 'batch_send_robot_msg_to_users', rpc: 'bot/batch_send_robot_msg_to_users' },
    { argv: ['chat', '+messages-send', '--as', 'webhook', '--webhook-token', 't', '--text', 'hi', '-y'], tool: 'send_message_by_custom_robot', rpc: 'bot/send_message_by_custom_robot' },
  ];
  for (const c of cases) {
    for (const blank of ['', '  ']) {
      it(`${c.tool}: the blank answer ${JSON.stringify(blank)} is result null`, async () => {
        outputs.answerText(c.tool, blank);
        const run = await outputs.sent(c.argv);
        expect(run.reason).toBeUndefined();
        expect(run.calls.map(([rpc]) => rpc)).toEqual([c.rpc]);
        expect((run.printed as { result: unknown }).result).toBeNull();
      });
    }
    it(`${c.tool}: an object answer is printed with the runner's stamp`, async () => {
      outputs.answer(c.rpc, { openTaskId: 'k', x: 1 });
      const run = await outputs.sent(c.argv);
      expect((run.printed as { result: unknown }).result).toEqual({ openTaskId: 'k', x: 1, success: true });
    });
  }
});
