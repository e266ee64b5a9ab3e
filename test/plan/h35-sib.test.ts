// Session 35 second wave, siblings (issue 32): commands sharing an upstream pattern that h35-a1/a2/a3/lists fixed
// elsewhere, run as a user types them against the recording backend on 127.0.0.1 (notes/h35-sib.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h35sib-');
const { sent, mcp } = outputs;

/** The next call of `tool` answers HTTP 200 with one text content holding exactly `text` (a blank one included). */
const answerText = (tool: string, text: string) => mcp.faults.push({
  tool, times: 1,
  body: { contentType: 'application/json', text: JSON.stringify({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text }] } }) },
});

// chat message search without a group and without --page-all runs RunPagedMCPCommand's Fallback (paged_command.go:72-74),
// which is callProjectedChatMessages (helpers/chat.go:1102-1108, :4183@c7521c1c): a blank answer text is
// empty_tool_response, an api error (:45-53); a JSON null decodes into the nil map and prints {messages: []} (:54-60).
describe('chat message search: the one page read as callProjectedChatMessages reads it (helpers/chat.go:45-60, :1105@c7521c1c)', () => {
  const search = ['chat', 'message', 'search', '--query', 'q'];
  it('a blank answer text fails the command; a non-blank one is printed', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom(' ', '\n', '\t', '\u3000', '\u0085'), { maxLength: 4 }).map((p) => p.join('')), async (blank) => {
      answerText('search_messages_by_keyword', blank);
      const r = await sent(search);
      expect(r.calls.map((c) => c[0])).toEqual(['chat/search_messages_by_keyword']);
      expect(r.reason).toBe('backend_error');
      expect(r.printed).toBeUndefined();
    }), { numRuns: 8 });
    answerText('search_messages_by_keyword', ' x ');
    expect((await sent(search)).printed).toBe(' x ');
  });
  it('a JSON null answer prints {messages: []}; an object answer is still projected', async () => {
    outputs.answer('chat/search_messages_by_keyword', null);
    const r = await sent(search);
    expect(r.reason).toBeUndefined();
    expect(r.printed).toEqual({ messages: [] });
    outputs.answer('chat/search_messages_by_keyword', { result: { conversationMessagesList: [] } });
    const o = await sent(search);
    expect(o.printed).toEqual({ result: { conversationMessagesList: [] }, messages: [] });
  });
});
