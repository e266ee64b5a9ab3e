// Session 35 second wave, siblings (issue 32): commands sharing an upstream pattern that h35-a1/a2/a3/lists fixed
// elsewhere, run as a user types them against the recording backend on 127.0.0.1 (notes/h35-sib.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h35sib-');
const { sent, answerText } = outputs;

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

// resolveNamedList (shortcut/aitable/aitable.go:67-105@c7521c1c) returns the first list of its containers, in order, even
// after a malformed one; with no list anywhere it fails: a container key holding a text, null or an object with no list
// inside is no empty result. Its readers besides +form-list (h35-a1): baseListResolveList :206 (+base-list :164,
// +base-search :269), viewGetResolveList :1247 (+view-get :1203), workflowListResolveList :2095 (+workflow-list :2052).
describe('aitable list readers: no list at any container is an error, as resolveNamedList says (shortcut/aitable/aitable.go:67-105@c7521c1c)', () => {
  const readers: [string, string, string[], string, string][] = [
    ['aitable/list_bases', 'list_bases', ['aitable', '+base-list'], 'bases', 'baseId'],
    ['aitable/search_bases', 'search_bases', ['aitable', '+base-search', '--query', 'q'], 'bases', 'baseId'],
    ['aitable/get_views', 'get_views', ['aitable', '+view-get', '--base-id', 'b', '--table-id', 't'], 'views', 'viewId'],
    ['aitable-helper/list_workflows', 'list_workflows', ['aitable', '+workflow-list', '--base-id', 'b'], 'workflows', 'workflowId'],
  ];
  it.each(readers)('%s: a collection key holding a text, null or an object with no list is backend_error', async (tool, _rpc, argv, key) => {
    for (const bad of ['x', null, { a: 1 }, { other: [] }]) {
      outputs.answer(tool, { [key]: bad });
      const r = await sent(argv);
      expect(r.calls.map((c) => c[0])).toEqual([tool]);
      expect(r.reason).toBe('backend_error');
      expect(r.printed).toBeUndefined();
    }
  });
  it.each(readers)('%s: a list after a malformed container is still read', async (tool, _rpc, argv, key, id) => {
    outputs.answer(tool, { data: { other: 1 }, list: [{ [id]: 'i1' }] });
    const r = await sent(argv);
    expect(r.reason).toBeUndefined();
    expect(r.printed).toMatchObject({ count: 1, [key]: [{ [id]: 'i1' }] });
  });
});

// viewGetProject (shortcut/aitable/aitable.go:1215-1242@c7521c1c): an element that is not an object, or holds none of the
// viewId spellings, fails the command; each field is the first spelling present (viewGetFirst :1254-1261), a null kept.
describe('aitable +view-get: the rows checked and projected as viewGetProject does (shortcut/aitable/aitable.go:1215-1261@c7521c1c)', () => {
  const argv = ['aitable', '+view-get', '--base-id', 'b', '--table-id', 't'];
  it.each([[[1]], [[{ name: 'n' }]], [[{ viewId: 'v1' }, 'x']]])('views %j is backend_error', async (views) => {
    outputs.answer('aitable/get_views', { views });
    const r = await sent(argv);
    expect(r.reason).toBe('backend_error');
    expect(r.printed).toBeUndefined();
  });
  it('the first spelling present is read, a null included', async () => {
    outputs.answer('aitable/get_views', { views: [{ viewId: null, id: 'v2', name: 'N', type: 'grid' }] });
    const r = await sent(argv);
    expect(r.reason).toBeUndefined();
    expect(r.printed).toEqual({ count: 1, views: [{ viewId: null, viewName: 'N', viewType: 'grid' }] });
  });
});

// sheet filter / filter-view --criteria: json.Unmarshal into a []any sent at the top (sheet_filter_view.go:242-248, :356-364,
// :626-632, :721-727@c7521c1c); the transport's check (transport/client.go:1093-1125) reads its text elements, so a text
// holding U+FEFF or U+200B is refused before any call; an object element was already read.
describe('sheet filter(-view) --criteria: a []any whose texts the transport reads (sheet_filter_view.go:243, :357, :627, :722@c7521c1c)', () => {
  const lines: [string, string[]][] = [
    ['filter create', ['sheet', 'filter', 'create', '--node', 'n', '--sheet-id', 's', '--range', 'A1:B2']],
    ['filter update', ['sheet', 'filter', 'update', '--node', 'n', '--sheet-id', 's', '--yes']],
    ['filter-view create', ['sheet', 'filter-view', 'create', '--node', 'n', '--sheet-id', 's', '--range', 'A1:B2']],
    ['filter-view update', ['sheet', 'filter-view', 'update', '--node', 'n', '--sheet-id', 's', '--filter-view-id', 'v', '--yes']],
  ];
  it.each(lines)('%s: a text element with an unsafe character is refused, a clean one sent', async (_name, argv) => {
    for (const bad of ['\ufeffx', 'x\u200b']) {
      const r = await sent([...argv, '--criteria', JSON.stringify([bad])]);
      expect(r.reason).toBe('invalid_argument');
      expect(r.calls).toEqual([]);
    }
    const ok = await sent([...argv, '--criteria', '["x", {"column": 1}]']);
    expect(ok.reason).toBeUndefined();
    expect(ok.calls[0][1]).toMatchObject({ criteria: ['x', { column: 1 }] });
  });
});

// chatMessageID's other callers (helpers/chat.go:4528 read-status, :9256 mark-read@c7521c1c) register only --message-id:
// chatFlagOrAlias sees one spelling, so the id is sent trimmed, and a blank one passes ValidateRequiredFlagWithAliases
// (cmdutil/flags.go:141-148 reads it untrimmed) and goes as ""; --msg-id is a PreParse synonym refused beside
// --message-id whatever the values (pipeline/handlers/semantic_alias.go:100-149). Controls: dws already matched.
describe('chat mark-read / message read-status: the message id as chatMessageID reads one spelling (helpers/chat.go:198-238@c7521c1c)', () => {
  it.each([
    [['chat', 'mark-read'], 'im/mark_message_read'],
    [['chat', 'message', 'read-status'], 'im/query_msg_read_status'],
  ])('%j: trimmed, a blank sent as "", two spellings refused', async (path, tool) => {
    const padded = await sent([...path, '--conversation-id', 'c', '--message-id', ' m1 ']);
    expect(padded.calls).toEqual([[tool, { openConversationId: 'c', openMessageId: 'm1' }]]);
    const blank = await sent([...path, '--conversation-id', 'c', '--message-id', '\u3000']);
    expect(blank.calls).toEqual([[tool, { openConversationId: 'c', openMessageId: '' }]]);
    const two = await sent([...path, '--conversation-id', 'c', '--message-id', 'a', '--msg-id', 'a']);
    expect(two.reason).toBe('invalid_parameter');
    expect(two.calls).toEqual([]);
  });
});
