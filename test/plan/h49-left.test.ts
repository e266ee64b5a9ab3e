// Session 49 helper "left" (issue 32, notes/h49-left.md): the fidelity items session 48 left alone, each run as a user
// types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rawText } from '../fixtures/mcp/server.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h49left-');
const { mcp } = outputs;

// chat +messages-reply (lark_alignment.go:250-255, enrichReplyResult :259-288; CallMCPWriteData runner.go:228-233,
// :255-271@c7521c1c): the send answer is json.Unmarshal'ed into a map[string]any; an answer that is no object fails
// the decode, the run's error after the send; a blank text is the empty map the enrichment fills; an object gets the
// reply's identity written over it. Before: a non-object answer was refused as invalid_parameter ('only objects merge').
describe('chat +messages-reply reads the send answer as CallMCPWriteData decodes it', () => {
  const argv = ['chat', '+messages-reply', '--conversation-id', 'cid1', '--message-id', 'm1', '--text', '收到', '--ref-sender', 'DAAAAAAAAAAAiE', '--yes'];
  const identity = {
    contractVersion: 'im.message-reply.v1',
    conversationId: 'cid1',
    referencedMessage: { messageId: 'm1', senderOpenDingTalkId: 'DAAAAAAAAAAAiE', resolutionSource: 'explicit' },
  };
  const notObject = fc.oneof(
    fc.array(fc.jsonValue(), { maxLength: 3 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.string({ minLength: 1 }).filter((s) => s.trim() !== '').map((s) => JSON.stringify(s)).map(rawText),
    fc.constantFrom('plain text', 'ok', '<html>').map(rawText),
  );
  it('any answer that is not a JSON object: backend_error after the one send, nothing printed', async () => {
    await fc.assert(fc.asyncProperty(notObject, async (answer) => {
      mcp.answers['chat/send_personal_message'] = () => answer;
      const run = await outputs.sent(argv);
      expect(run.calls.map(([tool]) => tool)).toEqual(['chat/send_personal_message']);
      expect([run.reason, run.category, run.printed]).toEqual(['backend_error', 'backend', undefined]);
    }), { numRuns: 25 });
  });
  it('a blank text and an empty object print the reply identity alone, delivery unknown', async () => {
    for (const answer of [rawText(''), rawText(' \t'), {}]) {
      mcp.answers['chat/send_personal_message'] = () => answer;
      const run = await outputs.sent(argv);
      expect(run.printed).toEqual({ ...identity, deliveryStatus: 'unknown', deliveryStatusKnown: false });
    }
  });
  it('an object keeps its keys, with the identity and what it names over them', async () => {
    mcp.answers['chat/send_personal_message'] = () => ({ result: { openMessageId: 'om9', sendStatus: 'SENT' }, extra: 1, conversationId: 'other' });
    const run = await outputs.sent(argv);
    expect(run.printed).toEqual({
      result: { openMessageId: 'om9', sendStatus: 'SENT' }, extra: 1, ...identity,
      messageId: 'om9', deliveryStatus: 'SENT', deliveryStatusKnown: true,
    });
  });
});

// chat mark-unread / chat hide (helpers/chat.go:8957-8971, :9552-9568@c7521c1c) register --conversation-id and the
// hidden --id/--chat; upstream's PreParse SemanticAliasHandler (pipeline/handlers/semantic_alias.go:44-90, wired at
// app/root.go:2045-2052, table cli/param_aliases_generated.go:1262-1289@c7521c1c) rewrites --group,
// --open-conversation-id and --chat-id to --conversation-id before cobra parses, and refuses an alias typed beside
// another spelling of the same flag (rejectMixedAliasSpellings). So those spellings are upstream's; the blocked ones
// (--group-id, --name, ...) stay unknown. h48-a4 thought them dws-only; nothing changed, these hold the reading.
describe('chat mark-unread and chat hide take exactly the spellings upstream accepts', () => {
  for (const [command, rpc] of [['mark-unread', 'mark_conversation_unread'], ['hide', 'hide_conversation']] as const) {
    it(`${command}: the semantic aliases send the conversation; a mixed or blocked spelling is refused`, async () => {
      for (const flag of ['--conversation-id', '--id', '--chat', '--group', '--open-conversation-id', '--chat-id']) {
        expect(await outputs.argsOf(['chat', command, flag, 'cid7'])).toEqual([{ openConversationId: 'cid7' }]);
      }
      expect(mcp.calls.map((c) => `${c.server}/${c.name}`)).toEqual([`im/${rpc}`]);
      expect(await outputs.argsOf(['chat', command, '--group', 'a', '--conversation-id', 'b'])).toBe('invalid_parameter');
      for (const flag of ['--group-id', '--name', '--open-conversation-ids', '--target']) {
        expect(await outputs.argsOf(['chat', command, flag, 'cid7'])).toBe('unknown_option');
      }
    });
  }
});
