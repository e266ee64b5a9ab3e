// Session 43 helper "left" (issue 32 / 34, notes/h43-left.md): the review h42-left began (each over an answer path,
// resolveProductID, the pager's collected page), each case run as a user types the command against the fake MCP
// server on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-h43left-');

// The conversation-scoped message search (helpers/chat.go:500-640@c7521c1c) reads each page with chatmsg.SearchItems
// (chatmsg/search.go:26-52): conversationMessagesList groups, at the top or in result, only when a list (searchMapSlice
// :86-95), flattened with each message taking its group's openConversationId, title (as conversationTitle) and
// singleChat when it has none (:61-84); else the first list of objects at list, messages, messageList, items, data,
// records, result or one level inside. The payload groups the kept messages as GroupSearchMessages (:143-171): a group
// takes its first message's conversationTitle as title and its singleChat.
const scoped: Array<[string, string[], string]> = [
  ['chat message search --group', ['chat', 'message', 'search', '--query', 'hi', '--group', 'cid1'], 'chat/search_messages_by_keyword'],
  ['chat message search-advanced --conversation-ids', ['chat', 'message', 'search-advanced', '--query', 'hi', '--conversation-ids', 'cid1'], 'im/search_messages'],
];
describe.each(scoped)('%s reads each page as chatmsg.SearchItems and groups as GroupSearchMessages (chat.go:577-637, chatmsg/search.go@c7521c1c)', (_name, argv, tool) => {
  const info = () => runs.answer('chat/get_conversation_info', { result: { openConversationId: 'cid1', title: 'G1' } });
  const groupsOf = (r: unknown) => (r as { result: { conversationMessagesList: unknown } }).result.conversationMessagesList;

  it('a group\'s title and singleChat go onto its messages and back onto the printed group', async () => {
    info();
    runs.answer(tool, { result: { conversationMessagesList: [{ openConversationId: 'cid1', title: ' G1 ', singleChat: false, messages: [{ openMessageId: 'm1', text: 'hi' }] }], hasMore: false } });
    const r = await runs.timed(argv);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(groupsOf(r.result)).toEqual([{ openConversationId: 'cid1', title: 'G1', singleChat: false, messages: [{ openMessageId: 'm1', text: 'hi', openConversationId: 'cid1', conversationTitle: 'G1', singleChat: false }] }]);
  });

  it('an object at result.conversationMessagesList is no group list: the messages are read from result.messages', async () => {
    info();
    runs.answer(tool, { result: { conversationMessagesList: { openConversationId: 'cid1', messages: [{ openMessageId: 'm9' }] }, messages: [{ openMessageId: 'm2', openConversationId: 'cid1' }], hasMore: false } });
    const r = await runs.timed(argv);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(groupsOf(r.result)).toEqual([{ openConversationId: 'cid1', messages: [{ openMessageId: 'm2', openConversationId: 'cid1' }] }]);
  });

  it('groups at the top of the answer are read', async () => {
    info();
    runs.answer(tool, { conversationMessagesList: [{ openConversationId: 'cid1', messages: [{ openMessageId: 'm3' }] }], result: { hasMore: false } });
    const r = await runs.timed(argv);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(groupsOf(r.result)).toEqual([{ openConversationId: 'cid1', messages: [{ openMessageId: 'm3', openConversationId: 'cid1' }] }]);
  });

  it('a group whose messages are no list, and elements that are no object, give no message', async () => {
    info();
    runs.answer(tool, { result: { conversationMessagesList: [{ openConversationId: 'cid1', messages: { openMessageId: 'm4' } }, 'x', { openConversationId: 'cid1', messages: ['y', { openMessageId: 'm5' }] }], hasMore: false } });
    const r = await runs.timed(argv);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(groupsOf(r.result)).toEqual([{ openConversationId: 'cid1', messages: [{ openMessageId: 'm5', openConversationId: 'cid1' }] }]);
  });
});

// search-advanced's scoped scan prints the payload runConversationScopedMessageSearchWithProjector builds (chat.go:636-655,
// no projector: chat.go:4245-4250@c7521c1c): result {conversationMessagesList, hasMore, complete, pagesFetched} and the
// scope envelope, nothing of the last page's own result (a flat list there holds messages of other conversations).
describe('chat message search-advanced --conversation-ids prints the scoped payload, not the last page merged (chat.go:636-655@c7521c1c)', () => {
  it('a flat list with a message of another conversation: only the kept group is printed, with the scope envelope', async () => {
    runs.answer('chat/get_conversation_info', { result: { openConversationId: 'cid1' } });
    runs.answer('im/search_messages', { result: { messages: [{ openMessageId: 'm1', openConversationId: 'cid1' }, { openMessageId: 'm2', openConversationId: 'cid2' }], hasMore: false, extra: 'x' } });
    const r = await runs.timed(['chat', 'message', 'search-advanced', '--query', 'hi', '--conversation-ids', 'cid1']);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(r.result).toEqual({
      result: { conversationMessagesList: [{ openConversationId: 'cid1', messages: [{ openMessageId: 'm1', openConversationId: 'cid1' }] }], hasMore: false, complete: true, pagesFetched: 1 },
      scope: { requestedConversationIds: ['cid1'], targetsValidated: true, filterApplied: true, filterMode: 'client', resultsWithinScope: true, sourceComplete: true },
    });
  });

  it('a page cut at --limit says more, with the cursor it gave', async () => {
    runs.answer('chat/get_conversation_info', { result: { openConversationId: 'cid1' } });
    runs.answer('im/search_messages', { result: { conversationMessagesList: [{ openConversationId: 'cid1', messages: [{ openMessageId: 'm1' }, { openMessageId: 'm2' }] }], hasMore: true, nextCursor: 'n2' } });
    const r = await runs.timed(['chat', 'message', 'search-advanced', '--query', 'hi', '--conversation-ids', 'cid1', '--limit', '1']);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(r.result).toMatchObject({ result: { conversationMessagesList: [{ openConversationId: 'cid1', messages: [{ openMessageId: 'm1', openConversationId: 'cid1' }] }], hasMore: true, complete: false, pagesFetched: 1, nextCursor: 'n2' }, scope: { sourceComplete: false } });
  });
});

// sheet export's --output takes a file or an existing directory (runSheetExport sheet_export.go:79-87, the flag's own
// help :287@c7521c1c); the flag help said "not a directory", against the command's description and its behaviour.
describe('sheet export --help describes --output as a file or an existing directory (sheet_export.go:79-87, :287@c7521c1c)', () => {
  it('the flag help no longer says it cannot be a directory, and names the directory case', () => {
    const help = runCli(['sheet', 'export', '--help']).stdout;
    const flag = help.slice(help.indexOf('--output <string>'), help.indexOf('Dispatch flags'));
    expect(flag).not.toMatch(/not a directory|不能是目录/u);
    expect(flag).toMatch(/existing directory/u);
    expect(flag).toMatch(/已有目录/u);
  });
});
