// Session 45 second reading, helper b3 (issue 32, notes/h45-b3.md, seed 20261407): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h45b3-');

const reply = ['chat', '+messages-reply', '--conversation-id', 'cid1', '--message-id', 'm1', '--text', 'hi', '--yes'];

/**
 * upstream rt.CallMCPData (shortcut/runner.go:255-271@c7521c1c) as a model: a blank text is the empty map, JSON that
 * decodes into a Go map (an object or null) is read, anything else fails the read.
 */
function decodesIntoMap(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    const v: unknown = JSON.parse(text);
    return v === null || (typeof v === 'object' && !Array.isArray(v));
  } catch {
    return false;
  }
}

describe('chat +messages-reply reads the referenced message with rt.CallMCPData (lark_alignment.go:320-326, runner.go:255-271@c7521c1c)', () => {
  it('a list answer of list_messages_by_ids fails the read (backend_error), not "no sender" (validation), and nothing is sent', async () => {
    outputs.answerText('list_messages_by_ids', '[{"senderOpenDingTalkId":"A"}]');
    const run = await outputs.sent(reply);
    expect(run.reason).toBe('backend_error');
    expect(run.calls.map(([tool]) => tool)).toEqual(['im/list_messages_by_ids']);
  });
  it('for any answer text: refused as unreadable exactly when it does not decode into an object; never a reply after it', async () => {
    const text = fc.oneof(
      fc.constantFrom('', '  ', 'null', '[]', '[1]', '5', 'true', '"x"', 'not json', '{}', '{"result":[]}'),
      fc.json(),
    );
    await fc.assert(fc.asyncProperty(text, async (t) => {
      outputs.answerText('list_messages_by_ids', t);
      const run = await outputs.sent(reply);
      if (decodesIntoMap(t)) {
        expect(run.reason).not.toBe('backend_error');
      } else {
        expect(run.reason).toBe('backend_error');
        expect(run.calls.map(([tool]) => tool)).toEqual(['im/list_messages_by_ids']);
      }
    }), { numRuns: 25 });
  });
  it('an object answer naming the sender still replies with it', async () => {
    outputs.answerText('list_messages_by_ids', '{"result":[{"openMessageId":"m1","senderOpenDingTalkId":"S"}]}');
    const run = await outputs.sent(reply);
    expect(run.reason).toBeUndefined();
    const send = run.calls.find(([tool]) => tool === 'chat/send_personal_message');
    expect(JSON.parse((send?.[1] as { content: string }).content)).toMatchObject({ srcMsgSendOpenDingTalkId: 'S' });
  });
});
