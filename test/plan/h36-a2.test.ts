// Session 36 second reading, part a2 (issue 32): where a drawn command still differed from upstream's body at
// c7521c1c, run as a user types it against the recording backend on 127.0.0.1 (notes/h36-a2.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h36a2-');
const { sent, answerText, paged } = outputs;

// collectOneChatMessagesPage / collectAllChatMessages read each page with rt.CallMCPData (smart/chat_messages.go:651,
// :727@c7521c1c), which decodes the text into map[string]any (shortcut/runner.go:255-271): a blank text is {} and
// JSON null the nil map (an empty page), anything else that is not an object fails the read. One page: no payload,
// the error (:575-:584). --page-all: a read failure in the ledger (:728-:735), printed with chat_messages_incomplete.
describe('chat +chat-messages: an answer that is not a JSON object fails the read (shortcut/runner.go:263-269@c7521c1c)', () => {
  const notObjects = fc.oneof(
    fc.array(fc.integer(), { maxLength: 3 }).map((l) => JSON.stringify(l)),
    fc.integer().map(String),
    fc.constantFrom('true', '"text"', 'hello', '{"a":1} x'),
  );
  it('one page, group or person: no payload, exit 1', async () => {
    await fc.assert(fc.asyncProperty(notObjects, fc.boolean(), async (text, group) => {
      const [tool, target] = group ? ['list_conversation_message_v2', ['--conversation-id', 'cid1']] as const : ['list_individual_chat_message', ['--user', 'u1']] as const;
      answerText(tool, text);
      const r = await sent(['chat', '+chat-messages', ...target]);
      expect(r.calls.map((c) => c[0])).toEqual([`chat/${tool}`]);
      expect(r.reason).toBe('backend_error');
      expect(r.printed).toBeUndefined();
    }), { numRuns: 10 });
  });
  it('blank and null stay an empty page (printed, exit 0)', async () => {
    for (const text of [' ', 'null']) {
      answerText('list_conversation_message_v2', text);
      const r = await sent(['chat', '+chat-messages', '--conversation-id', 'cid1']);
      expect(r.reason).toBeUndefined();
      expect(r.printed).toMatchObject({ messages: [], count: 0, pagesFetched: 1, stopReason: 'single_page' });
    }
  });
  it('--page-all: a later page that is a list is page 2\'s read failure, what was read kept (:727-:735)', async () => {
    const page1 = { messages: [{ messageId: 'm1', createTime: '2025-03-01 00:00:00' }], hasMore: true, nextCursor: 1740758400000 };
    const r = await paged(['chat', '+chat-messages', '--conversation-id', 'cid1', '--page-all'], 'chat/list_conversation_message_v2', [page1, ['x']]);
    expect(r.printed).toBeUndefined();
    expect(r.envelope?.error.reason).toBe('pages_incomplete');
    expect(r.envelope?.ledger).toMatchObject({ count: 1, pagesFetched: 1, complete: false, stopReason: 'read_failure', failedCount: 1, partial: true });
    expect((r.envelope?.ledger as { failures: { page: number; stage: string }[] }).failures.map((f) => [f.page, f.stage])).toEqual([[2, 'read']]);
  });
});

// +messages-reply sends with rt.CallMCPWriteData (shortcut/chat/lark_alignment.go:248@c7521c1c), which reads a blank
// answer text as the empty map (runner.go:224-233, :255-265); enrichReplyResult then fills it (:259-307) and the
// command prints it, exit 0: the message was sent.
describe('chat +messages-reply: a blank answer to the send is the empty map enrichReplyResult fills (lark_alignment.go:248-252@c7521c1c)', () => {
  it.each([' ', '', '\n\t'])('answer %j: the reply context printed, exit 0', async (blank) => {
    outputs.answer('im/list_messages_by_ids', { result: [{ openMsgId: 'm1', senderOpenDingTalkId: 'od2' }] });
    answerText('send_personal_message', blank);
    const r = await sent(['chat', '+messages-reply', '--conversation-id', 'c1', '--ref-msg-id', 'm1', '--text', 'hi', '--yes']);
    expect(r.calls.map((c) => c[0])).toEqual(['im/list_messages_by_ids', 'chat/send_personal_message']);
    expect(r.reason).toBeUndefined();
    expect(r.printed).toEqual({
      contractVersion: 'im.message-reply.v1', conversationId: 'c1',
      referencedMessage: { messageId: 'm1', senderOpenDingTalkId: 'od2', resolutionSource: 'message_lookup' },
      deliveryStatus: 'unknown', deliveryStatusKnown: false,
    });
  });
});

// +messages-mget counts an asked-for id found when strings.TrimSpace(fmt.Sprint(chatmsg.MessageID(message))) is that
// text (shortcut/chat/chat_message.go:885-890@c7521c1c): a number id is written as %v writes a float64 (1000000 is
// 1e+06), so `--msg-ids 1000000` is not found by it while `--msg-ids 1e+06` is.
describe('chat +messages-mget: found ids compared as fmt.Sprint writes them (chat_message.go:885-890@c7521c1c)', () => {
  it('a number id 1000000 answers --msg-ids 1e+06, not --msg-ids 1000000; 12 answers 12', async () => {
    const answer = { result: [{ openMsgId: 1000000 }, { msgId: ' m2 ' }, { openMsgId: 12 }] };
    outputs.answer('im/list_messages_by_ids', answer);
    const plain = await sent(['chat', '+messages-mget', '--msg-ids', '1000000, m2 ,12,m2']);
    expect(plain.calls).toEqual([['im/list_messages_by_ids', { openMsgIds: ['1000000', 'm2', '12'] }]]);
    expect(plain.printed).toMatchObject({
      requestedCount: 3, foundCount: 2, notFoundCount: 1, notFoundMessageIds: ['1000000'], complete: false, failedCount: 1,
      failures: [{ stage: 'mget', messageId: '1000000', error: 'the backend did not return this message' }],
    });
    const sprinted = await sent(['chat', '+messages-mget', '--msg-ids', '1e+06,12']);
    expect(sprinted.printed).toMatchObject({ requestedCount: 2, foundCount: 2, notFoundCount: 0, notFoundMessageIds: [], complete: true, failures: [] });
  });
});

// searchTemplateCandidatesForCreate (shortcut/doc/history_template_shortcuts.go:497-544@c7521c1c) returns the
// candidates as soon as more than one was collected (:524-526), before the page's hasMore/nextCursor are read: the
// search stops there and the command refuses the selection, one call where two candidates came on page 1.
describe('doc +create-from-template --query: no page after the one that brought a second candidate (history_template_shortcuts.go:524-526@c7521c1c)', () => {
  it('two candidates on page 1 with a next cursor: one search call, the selection refused, nothing applied', async () => {
    outputs.answersInTurn('doc/search_doc_templates', { templates: [{ templateId: 'a', name: 'A' }, { templateId: 'b', name: 'B' }], hasMore: true, nextCursor: 'c1' }, { templates: [], hasMore: false });
    const r = await sent(['doc', '+create-from-template', '--query', 'q']);
    expect(r.calls).toEqual([['doc/search_doc_templates', { searchName: 'q', maxResults: 2 }]]);
    expect(r.reason).toBe('ambiguous_match');
  });
  it('two candidates on page 1 saying more but with no cursor: still the selection refusal, not a pagination failure', async () => {
    outputs.answersInTurn('doc/search_doc_templates', { templates: [{ templateId: 'a' }, { templateId: 'b' }], hasMore: true });
    const r = await sent(['doc', '+create-from-template', '--query', 'q']);
    expect(r.calls.map((c) => c[0])).toEqual(['doc/search_doc_templates']);
    expect(r.reason).toBe('ambiguous_match');
  });
  it('one candidate a page: the second page is read, a repeat of the first is no second candidate (:506-519)', async () => {
    outputs.answersInTurn('doc/search_doc_templates',
      { templates: [{ templateId: 'a', name: 'A' }], hasMore: true, nextCursor: 'c1' }, { templates: [{ templateId: 'a', name: 'A' }], hasMore: false });
    const r = await sent(['doc', '+create-from-template', '--query', 'q']);
    expect(r.calls).toEqual([
      ['doc/search_doc_templates', { searchName: 'q', maxResults: 2 }],
      ['doc/search_doc_templates', { searchName: 'q', maxResults: 2, nextCursor: 'c1' }],
      ['doc/apply_doc_template', { templateId: 'a' }],
    ]);
  });
});
