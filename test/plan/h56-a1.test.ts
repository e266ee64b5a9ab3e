// Session 56 helper a1, second-reading audit of seed 20261468 (issue 32, notes/h56-a1.md). One drawn command differed
// from its upstream body at c7521c1c in what it prints: chat +messages-send prints the send's answer as `result`
// (executeUnifiedMessageWrite, internal/shortcut/chat/unified_send.go:375-397@c7521c1c) and a bot's --groups send
// prints one ledger entry per group (executeShortcutBatchWrite, chat/batch_write.go:46-75). Upstream's shortcut reads
// that answer with rt.CallMCPWriteData, through its runner: an object answer without a `success` key gains
// `success: true` (app/runner.go:774-783), and an answer that is no JSON object (a blank text included) reaches the
// shortcut as the runner's nil map, marshalled to the text `null` (transport/client.go:159-205,
// app/tool_caller_adapter.go:141-193). dws printed the object unstamped and a blank answer as {}, and left a group's
// `{}` answer out of its ledger entry. The ledger is one fragment, so chat +conversation-set-top, +flag-create and
// +flag-cancel (the other executeShortcutBatchWrite callers) print their entries the same way. Each runs as a user types
// it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h56a1-');

const sends: { argv: string[]; tool: string; rpc: string }[] = [
  { argv: ['chat', '+messages-send', '--group', 'g', '--text', 'hi', '--yes'], tool: 'send_personal_message', rpc: 'chat/send_personal_message' },
  { argv: ['chat', '+messages-send', '--as', 'bot', '--robot-code', 'r', '--group', 'g', '--text', 'hi', '--yes'], tool: 'send_robot_group_message', rpc: 'bot/send_robot_group_message' },
  { argv: ['chat', '+messages-send', '--as', 'bot', '--robot-code', 'r', '--users', 'u', '--text', 'hi', '--yes'], tool: 'batch_send_robot_msg_to_users', rpc: 'bot/batch_send_robot_msg_to_users' },
  { argv: ['chat', '+messages-send', '--as', 'webhook', '--webhook-token', 't', '--text', 'hi', '--yes'], tool: 'send_message_by_custom_robot', rpc: 'bot/send_message_by_custom_robot' },
];

const resultOf = (printed: unknown) => (printed as { result: unknown }).result;

describe('chat +messages-send prints the answer as the runner stamps it (unified_send.go:383-396, app/runner.go:774-783@c7521c1c)', () => {
  for (const c of sends) {
    it.each([
      [{}, { success: true }],
      [{ openTaskId: 'k', x: 1 }, { openTaskId: 'k', x: 1, success: true }],
      [{ result: { a: 1 } }, { result: { a: 1 }, success: true }],
    ])(`${c.tool}: an answer %j without success prints result %j`, async (answer, want) => {
      outputs.answerText(c.tool, JSON.stringify(answer));
      const run = await outputs.sent(c.argv);
      expect([run.reason, run.calls.map(([rpc]) => rpc)]).toEqual([undefined, [c.rpc]]);
      expect(resultOf(run.printed)).toEqual(want);
    });

    // controls: an answer that already says success is printed as it came
    it(`${c.tool}: an answer with success: true prints as it came`, async () => {
      outputs.answerText(c.tool, JSON.stringify({ success: true, openTaskId: 'k' }));
      const run = await outputs.sent(c.argv);
      expect(resultOf(run.printed)).toEqual({ success: true, openTaskId: 'k' });
    });

    // a blank text is no JSON object: the runner hands the shortcut its nil map, the text `null`
    it.each(['', '  ', 'null'])(`${c.tool}: the answer %j prints result null`, async (text) => {
      outputs.answerText(c.tool, text);
      const run = await outputs.sent(c.argv);
      expect(run.reason).toBeUndefined();
      expect(resultOf(run.printed)).toBeNull();
    });
  }

  it('any object answer without success is printed with success: true added, one with success as it came (property)', async () => {
    const key = fc.constantFrom('a', 'openTaskId', 'result', 'x', 'success');
    const value = fc.oneof(fc.constant(true), fc.integer(), fc.string({ maxLength: 4 }), fc.constant(null));
    await fc.assert(fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 4 }), async (answer) => {
      // success false (or a non-boolean success) is the backend's failure or refused: only the accepted answers here
      fc.pre(!('success' in answer) || answer.success === true);
      outputs.answerText('send_message_by_custom_robot', JSON.stringify(answer));
      const run = await outputs.sent(sends[3]!.argv);
      expect(resultOf(run.printed)).toEqual('success' in answer ? answer : { ...answer, success: true });
    }), { numRuns: 25 });
  });
});

describe('im.batch-write.v1 ledger entries hold the stamped answer (batch_write.go:46-75@c7521c1c)', () => {
  it('chat +messages-send --groups: `{}` is {success: true}, an object is stamped, a blank answer has no result', async () => {
    outputs.answerText('send_robot_group_message', '{}');
    outputs.answerText('send_robot_group_message', '{"openTaskId":"k"}');
    outputs.answerText('send_robot_group_message', ' ');
    const run = await outputs.sent(['chat', '+messages-send', '--as', 'bot', '--robot-code', 'r', '--groups', 'g1,g2,g3', '--text', 'hi', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([, args]) => (args as { openConversationId: string }).openConversationId)).toEqual(['g1', 'g2', 'g3']);
    expect((run.printed as { succeeded: unknown }).succeeded).toEqual([
      { target: 'g1', result: { success: true } },
      { target: 'g2', result: { openTaskId: 'k', success: true } },
      { target: 'g3' },
    ]);
  });

  it('sibling chat +conversation-set-top: the same entries (chat_conversation.go:132@c7521c1c)', async () => {
    outputs.answerText('set_top_conversation', '{}');
    outputs.answerText('set_top_conversation', '{"success":true,"x":1}');
    const run = await outputs.sent(['chat', '+conversation-set-top', '--conversation-ids', 'cidA==,cidB==', '--yes']);
    expect(run.reason).toBeUndefined();
    expect((run.printed as { succeeded: unknown }).succeeded).toEqual([
      { target: 'cidA==', result: { success: true } },
      { target: 'cidB==', result: { success: true, x: 1 } },
    ]);
  });
});
