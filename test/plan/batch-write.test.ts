// The im batch writes (chat/batch_write.go:23-92@c7521c1c, executeShortcutBatchWrite): chat +conversation-set-top,
// +flag-create, +flag-cancel and a bot's +messages-send to several groups send one call per target in the order
// upstream collects them, go on after a failed target, and with no failure print the im.batch-write.v1 ledger.
// Commands run as a user types them against the fake MCP server on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { BUSY, useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-batch-write-');

/** The ledger upstream prints when every target succeeded (batch_write.go:63-75): Go's sorted keys. */
const ledger = (succeeded: { target: string; result?: unknown }[]) => ({
  contractVersion: 'im.batch-write.v1',
  failedCount: 0,
  failures: [],
  ok: true,
  partial: false,
  requestedCount: succeeded.length,
  succeeded,
  succeededCount: succeeded.length,
});

/** Answers `<server>/<tool>` by the call's argument `key`: BUSY (a failed call) for the values in `failing`. */
const answerBy = (tool: string, key: string, failing: string[], ok: (v: string) => unknown) => {
  runs.mcp.answers[tool] = (args) => (failing.includes(String(args[key])) ? BUSY : ok(String(args[key])));
};

describe('chat +conversation-set-top, +flag-create, +flag-cancel print the im.batch-write.v1 ledger', () => {
  it('sets each conversation of --conversation-ids, then --conversation-id, trimmed and deduplicated, and lists each answer', async () => {
    answerBy('im/set_top_conversation', 'openConversationId', [], (cid) => ({ success: true, result: { cid } }));
    const { outcome, calls, result } = await runs.timed(['chat', '+conversation-set-top', '--conversation-ids', ' cidB==, cidC==,cidB==', '--conversation-id', ' cidA== ', '--yes']);
    expect(outcome.error).toBeUndefined();
    expect(calls).toEqual(['cidB==', 'cidC==', 'cidA=='].map((id) => ['set_top_conversation', { cid: id, openConversationId: id, top: true }]));
    expect(result).toEqual(ledger(['cidB==', 'cidC==', 'cidA=='].map((target) => ({ target, result: { success: true, result: { cid: target } } }))));
  });

  // h56-a1: upstream keeps a non-empty answer (batch_write.go:56-58), and the runner has stamped an object answer first
  // (app/runner.go:774-783@c7521c1c), so `{}` is the one-key {success: true} and is kept (before: left out)
  it('keeps the stamped {success: true} of a target whose answer is an empty object', async () => {
    runs.answer('im/add_message_favorite', {});
    const { result } = await runs.timed(['chat', '+flag-create', '--conversation-id', 'cidA==', '--message-ids', 'm1,m2', '--yes']);
    expect(result).toEqual(ledger([{ target: 'm1', result: { success: true } }, { target: 'm2', result: { success: true } }]));
  });

  it('sends every message after a failed one, then ends partial_outcome naming the failure, with nothing on stdout', async () => {
    answerBy('im/remove_message_favorite', 'openMessageId', ['m2'], () => ({ success: true }));
    const { outcome, calls } = await runs.timed(['chat', '+flag-cancel', '--conversation-id', 'cidA==', '--message-ids', 'm1,m2,m3', '--yes']);
    expect(calls.map(([, a]) => a.openMessageId)).toEqual(['m1', 'm2', 'm3']);
    expect(outcome.out).toBe('');
    expect(outcome.error?.reason).toBe('partial_outcome');
    expect(outcome.error?.exitCode).toBe(7);
    const envelope = JSON.parse(outcome.error!.envelope()) as { ledger: { done: { item: string }[]; failed: { item: string }[] } };
    expect(envelope.ledger.done.map((d) => d.item)).toEqual(['m1', 'm3']);
    expect(envelope.ledger.failed.map((d) => d.item)).toEqual(['m2']);
  });

  it('a run whose every target failed ends with the failure itself (exit 1), not a partial outcome', async () => {
    runs.answer('im/set_top_conversation', BUSY);
    const { outcome, calls } = await runs.timed(['chat', '+conversation-set-top', '--conversation-ids', 'cidA==,cidB==', '--off', '--yes']);
    expect(calls.map(([, a]) => [a.openConversationId, a.top])).toEqual([['cidA==', false], ['cidB==', false]]);
    expect(outcome.error?.exitCode).toBe(1);
    expect(outcome.error?.reason).not.toBe('partial_outcome');
  });

  it('refuses more than 10 distinct ids before any call', async () => {
    const ids = Array.from({ length: 11 }, (_, i) => `m${i}`).join(',');
    const { outcome, calls } = await runs.timed(['chat', '+flag-create', '--conversation-id', 'cidA==', '--message-ids', ids, '--yes']);
    expect(outcome.error?.exitCode).toBe(3);
    expect(calls).toEqual([]);
  });
});

describe('chat +messages-send as a bot to several groups (unified_send.go:302-325, messagesSendBotGroups :682-712)', () => {
  const argv = ['chat', '+messages-send', '--as', 'bot', '--robot-code', 'rb1', '--text', '上线通知', '--yes'];

  it('reads a groups file as upstream: lines trimmed, blank and # lines dropped, commas split, repeats dropped; prints the ledger', async () => {
    answerBy('bot/send_robot_group_message', 'openConversationId', [], (g) => ({ result: { processQueryKey: `pq-${g}` } }));
    const { outcome, calls, result } = await runs.timed([...argv, '--groups-file', 'groups.txt'], { 'groups.txt': 'cidA==\n   # the ops rooms\n\n cidB==, cidA==\n' });
    expect(outcome.error).toBeUndefined();
    expect(calls.map(([, a]) => a.openConversationId)).toEqual(['cidA==', 'cidB==']);
    expect(calls[0][1]).toEqual({ robotCode: 'rb1', title: '上线通知', markdown: '上线通知', openConversationId: 'cidA==' });
    expect(result).toEqual(ledger(['cidA==', 'cidB=='].map((target) => ({ target, result: { result: { processQueryKey: `pq-${target}` }, success: true } }))));
  });

  it('sends to every group after a failed one, then ends partial_outcome', async () => {
    answerBy('bot/send_robot_group_message', 'openConversationId', ['cidA=='], () => ({ result: { processQueryKey: 'pq' } }));
    const { outcome, calls } = await runs.timed([...argv, '--groups', 'cidA==,cidB==']);
    expect(calls.map(([, a]) => a.openConversationId)).toEqual(['cidA==', 'cidB==']);
    expect(outcome.error?.reason).toBe('partial_outcome');
  });

  it('one group by --group still prints the single send payload, not a ledger', async () => {
    runs.answer('bot/send_robot_group_message', { result: { processQueryKey: 'pq1' } });
    const { result } = await runs.timed([...argv, '--group', 'cidG==']);
    expect(result).toEqual({ identity: 'bot', ok: true, result: { result: { processQueryKey: 'pq1' }, success: true }, tool: 'send_robot_group_message' });
  });
});
