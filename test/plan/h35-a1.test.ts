// Session 35 second reading, part a1 (issue 32): where a drawn command still differed from upstream's body at
// c7521c1c, run as a user types it against the recording backend on 127.0.0.1 (notes/h35-a1.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { createdRecordIds } from '../../src/plan/transforms/ids.js';
import { refuseUnsafeArguments } from '../../src/backend/transport.js';

const outputs = useOutputRuns('dws-h35a1-');
const { sent, answerText } = outputs;

// callProjectedChatMessages (helpers/chat.go:31-61@c7521c1c): a text blank after strings.TrimSpace is
// empty_tool_response, an api error (:45-53); a JSON null decodes into the nil map and prints {messages: []}
// (:54-60, projectChatMessagesPayload :63-101).
describe('chat message list: the answer read as callProjectedChatMessages reads it (helpers/chat.go:45-60@c7521c1c)', () => {
  it('a blank answer text fails the command (upstream empty_tool_response); any non-blank one does not', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom(' ', '\n', '\t', '\u3000', '\u0085'), { maxLength: 4 }).map((p) => p.join('')), async (blank) => {
      answerText('list_conversation_message_v2', blank);
      const r = await sent(['chat', 'message', 'list', '--group', 'cid1']);
      expect(r.calls.map((c) => c[0])).toEqual(['chat/list_conversation_message_v2']);
      expect(r.reason).toBe('backend_error');
      expect(r.printed).toBeUndefined();
    }), { numRuns: 8 });
    answerText('list_conversation_message_v2', ' x ');
    expect((await sent(['chat', 'message', 'list', '--group', 'cid1'])).printed).toBe(' x ');
  });
  it('a JSON null answer prints {messages: []}', async () => {
    outputs.answer('chat/list_conversation_message_v2', null);
    const r = await sent(['chat', 'message', 'list', '--group', 'cid1']);
    expect(r.reason).toBeUndefined();
    expect(r.printed).toEqual({ messages: [] });
  });
});

// parseExtension (chat/toolbar_helpers.go:48-70@c7521c1c) builds a map[string]string; the transport's check
// (transport/client.go:1093-1125@c7521c1c) reads texts, map[string]any and []any only, so an extension value or key
// holding a control or zero-width character is sent as typed; the other arguments are still checked.
describe('chat toolbar create-custom / update-custom --extension: a typed map the transport does not read (toolbar_helpers.go:48-70@c7521c1c)', () => {
  const base = ['--conversation-id', 'c', '--title', 't', '--url', 'u', '--icon-url', 'i', '--pc-url', 'p'];
  it('create-custom sends a control character and a zero-width key in --extension', async () => {
    const r = await sent(['chat', 'toolbar', 'create-custom', ...base, '--extension', 'k=a\u0001', '--extension', '\u200bj=1']);
    expect(r.reason).toBeUndefined();
    expect(r.calls[0][1]).toMatchObject({ extension: { k: 'a\u0001', '\u200bj': '1' } });
  });
  it('update-custom the same; a control character in --tag (a top-level text) is still refused', async () => {
    const r = await sent(['chat', 'toolbar', 'update-custom', ...base, '--shortcut-id', '7', '--extension', 'k=\u200b']);
    expect(r.reason).toBeUndefined();
    expect(r.calls[0][1]).toMatchObject({ shortcutId: 7, extension: { k: '\u200b' } });
    const tag = await sent(['chat', 'toolbar', 'create-custom', ...base, '--tag', 'a\u0001']);
    expect(tag.reason).toBe('invalid_argument');
    expect(tag.calls).toEqual([]);
  });
});

// buildChatCrossOrgDataAuthArgs (helpers/chat.go:1912-1931@c7521c1c) trims --target-org-id before its own checks, so
// a blank id beside --all is no target: the grant goes to every organization ("*"); the schema's exclusive pair
// (schema_constraints_runtime.go:45) is documentation, not checked at run time.
describe('chat data-auth cross-org: a blank --target-org-id beside --all is no conflict (helpers/chat.go:1913-1923@c7521c1c)', () => {
  it.each([' ', '\u3000', '\t'])('--target-org-id %j --all sends targetOrgId *', async (blank) => {
    const r = await sent(['chat', 'data-auth', 'cross-org', '--target-org-id', blank, '--all', '--yes']);
    expect(r.reason).toBeUndefined();
    expect(r.calls).toEqual([['im/chat_permission_grant', { agentCode: 'wukong', scope: 'chat.data:cross-org', grantType: 'timed', ttl: '24h', grantCategory: 'data', grantParams: '{"targetOrgId":"*"}' }]]);
  });
  it('a real id beside --all is still refused, before any call', async () => {
    const r = await sent(['chat', 'data-auth', 'cross-org', '--target-org-id', ' 43 ', '--all', '--yes']);
    expect(r.reason).toBe('invalid_parameter');
    expect(r.calls).toEqual([]);
  });
});

// chat message add-emoji checks chatMessageID first (helpers/chat.go:5757@c7521c1c): chatFlagOrAlias (:198-215)
// refuses --message-id and --msg-id when both are non-blank once trimmed and differ; the body then sends
// flagOrFallback(message-id, msg-id) as typed (:5765), so equal-once-trimmed or blank spellings pass.
describe('chat message add-emoji: two message id spellings that differ once trimmed are refused (helpers/chat.go:198-215, :5757@c7521c1c)', () => {
  const argv = (...ids: string[]) => ['chat', 'message', 'add-emoji', '--conversation-id', 'c', '--emoji', 'e', ...ids];
  it('--message-id a --msg-id b is refused before any call', async () => {
    const r = await sent(argv('--message-id', 'a', '--msg-id', 'b'));
    expect(r.reason).toBe('invalid_parameter');
    expect(r.calls).toEqual([]);
  });
  it.each([
    [[' m', 'm '], ' m'],
    [[' ', 'm'], ' '],
    [['', ' x'], ' x'],
  ])('--message-id %j --msg-id: sends %j', async ([a, b], want) => {
    const r = await sent(argv('--message-id', a, '--msg-id', b));
    expect(r.calls).toEqual([['im/add_emoji_reaction', { openConversationId: 'c', openMsgId: want, emojiName: 'e' }]]);
  });
});

// the same check in the bodies of remove-emoji, add-text-emotion and remove-text-emotion (helpers/chat.go:5826, :5894,
// :5967@c7521c1c), each sending flagOrFallback(message-id, msg-id) after it
describe('chat message remove-emoji / add-text-emotion / remove-text-emotion: the same spelling check (helpers/chat.go:5826, :5894, :5967@c7521c1c)', () => {
  const emotion = ['--emotion-id', 'x', '--emotion-name', 'n', '--text', 't', '--background-id', 'g'];
  it.each([
    [['remove-emoji', '--emoji', 'e']],
    [['add-text-emotion', ...emotion]],
    [['remove-text-emotion', ...emotion]],
  ])('%j: differing spellings refused, equal-once-trimmed ones send --message-id as typed', async ([command, ...rest]) => {
    const base = ['chat', 'message', command, '--conversation-id', 'c', ...rest];
    const refused = await sent([...base, '--message-id', 'a', '--msg-id', 'b']);
    expect([refused.reason, refused.calls]).toEqual(['invalid_parameter', []]);
    const ok = await sent([...base, '--message-id', ' a', '--msg-id', 'a ']);
    expect(ok.calls[0][1]).toMatchObject({ openMsgId: ' a' });
  });
});

// resolveSpaceItemsStrict (shortcut/smart/resolve_space.go:153-161@c7521c1c): a `success` key holding anything but the
// boolean true is remote_failure, an api error, before any list is read (a JSON false is the transport's business error).
describe('wiki +resolve-space: a success that is not the boolean true fails (resolve_space.go:156-161@c7521c1c)', () => {
  const spaces = [{ workspaceId: 'w1', name: 'a' }];
  it.each([['true'], [null], [1], [{}]])('success %j is a backend error', async (success) => {
    outputs.answer('wiki/search_wikiSpaces', { success, wikiSpaces: spaces });
    const r = await sent(['wiki', '+resolve-space', '--name', 'a']);
    expect(r.reason).toBe('backend_error');
    expect(r.printed).toBeUndefined();
  });
  it('success true, or none, resolves the one space', async () => {
    for (const answer of [{ success: true, wikiSpaces: spaces }, { wikiSpaces: spaces }]) {
      outputs.answer('wiki/search_wikiSpaces', answer);
      expect((await sent(['wiki', '+resolve-space', '--name', 'a'])).printed).toEqual({ resolved: true, spaceId: 'w1', name: 'a' });
    }
  });
});

// callWhiteboardTool (helpers/whiteboard.go:303-325@c7521c1c), shared by whiteboard query and update: a blank answer
// text (parseMCPToolTextResult hands on "") ends the command with exit 0; any other answer must decode as exactly one
// JSON object, else invalidWhiteboardToolResult (an api error): a JSON null (the nil map), a list, a quoted text, two
// values in a row.
describe('whiteboard query / update: the answer read as callWhiteboardTool reads it (whiteboard.go:307-325@c7521c1c)', () => {
  const file = { 'wb.json': JSON.stringify({ overwrite: true, source: { schemaVersion: '1.0', catalogVersion: 'dml-v1', nodes: [] } }) };
  const update = ['whiteboard', 'update', '--node', 'n', '--part-id', 'p', '--source', 'wb.json', '--yes'];
  const query = ['whiteboard', 'query', '--node', 'n', '--part-id', 'p'];
  it.each([[null], [[1]], ['s'], [3]])('answer %j: a backend error after the call', async (answer) => {
    outputs.answer('whiteboard/update_whiteboard', answer);
    outputs.answer('whiteboard/read_whiteboard_content', answer);
    const u = await sent(update, file);
    expect(u.calls.map((c) => c[0])).toEqual(['whiteboard/update_whiteboard']);
    expect(u.category).toBe('backend');
    expect((await sent(query)).category).toBe('backend');
  });
  it('two JSON values in one answer text are refused; a blank one succeeds', async () => {
    answerText('update_whiteboard', '{"a":1} {}');
    expect((await sent(update, file)).category).toBe('backend');
    answerText('update_whiteboard', '  ');
    const blank = await sent(update, file);
    expect(blank.reason).toBeUndefined();
    expect(blank.calls).toHaveLength(1);
  });
  it('an object answer is printed with its resultJson decoded', async () => {
    outputs.answer('whiteboard/read_whiteboard_content', { resultJson: ' {"x":1} ', ok: true });
    expect((await sent(query)).printed).toEqual({ resultJson: { x: 1 }, ok: true });
  });
});

// createdRecordIDs (shortcut/aitable/record_batch.go:343-378@c7521c1c), read by verifyUpsertBatch (:287-300): below any
// key whose lower-cased name holds "created", at any depth, an object's recordID and a list's non-blank text (trimmed),
// each once; the batch fails when their number differs from the records to create, else they are read back.
describe('aitable +record-upsert: the created ids found as createdRecordIDs finds them (record_batch.go:343-378@c7521c1c)', () => {
  const argv = ['aitable', '+record-upsert', '--base-id', 'b', '--table-id', 't', '--records', '[{"cells":{"f":2}}]', '--yes'];
  const readBack = { records: [{ recordId: 'r9', cells: { f: 2 } }] };
  it.each([
    [{ data: { createdRecordIds: [{ recordId: 'r9' }] } }],
    [{ data: { createdRecordIds: [' r9 ', ''] } }],
    [{ data: { created: [{ recordId: ' r9' }] } }],
    [{ result: { CreatedRecords: { list: ['r9'] } } }],
  ])('%j: the one created id r9 is read back', async (answer) => {
    outputs.answer('aitable-helper/record_upsert', answer);
    outputs.answer('aitable/query_records', readBack);
    const r = await sent(argv);
    expect(r.reason).toBeUndefined();
    expect(r.calls[1]).toEqual(['aitable/query_records', { baseId: 'b', tableId: 't', recordIds: ['r9'], limit: 1 }]);
  });
  it.each([
    [{ createdRecordIds: ['r9'], data: { createdRecordIds: ['r8'] } }],
    [{ result: { records: [{ recordId: 'r9' }] } }],
  ])('%j: a number of created ids other than one fails after the write, nothing read back', async (answer) => {
    outputs.answer('aitable-helper/record_upsert', answer);
    outputs.answer('aitable/query_records', readBack);
    const r = await sent(argv);
    expect(r.reason).toBe('partial_outcome');
    expect(r.calls.map((c) => c[0])).toEqual(['aitable-helper/record_upsert']);
  });
  it('any answer: every id found sits below a created key, and none is blank or repeated (property)', () => {
    const key = fc.constantFrom('created', 'CreatedIds', 'data', 'result', 'list', 'records');
    const tree: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.constantFrom('r1', ' r2 ', '', 'r1'), fc.record({ recordId: fc.constantFrom('a', ' b', '') }),
        fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(key, tie('node'), { maxKeys: 3 })),
    })).node;
    fc.assert(fc.property(tree, (answer) => {
      const ids = createdRecordIds(answer) ?? [];
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id === id.trim() && id !== '').toBe(true);
      if (!JSON.stringify(answer ?? null).toLowerCase().includes('created')) expect(ids).toEqual([]);
    }), { numRuns: 200 });
  });
});

// formListResolveList -> resolveNamedList (shortcut/aitable/aitable.go:67-103, :1705-1709@c7521c1c): only an explicit
// list at forms/views/formViews/result/data/list/items, or one level inside them, establishes the result; a key holding
// a text or an object with no list inside is an error, so is no key at all.
describe('aitable +form-list: no list of forms is an error, not an empty result (aitable.go:67-103@c7521c1c)', () => {
  const argv = ['aitable', '+form-list', '--base-id', 'b', '--table-id', 't'];
  it.each([[{ forms: 'x' }], [{ forms: { a: 1 } }], [{ result: { x: 1 } }], [{}]])('%j is a backend error', async (answer) => {
    outputs.answer('aitable-helper/list_form_views', answer);
    const r = await sent(argv);
    expect(r.reason).toBe('backend_error');
    expect(r.printed).toBeUndefined();
  });
  it.each([
    [{ forms: [] }, { count: 0, forms: [] }],
    [{ result: { forms: 'x' }, data: [{ id: 'v' }] }, { count: 1, forms: [{ viewId: 'v' }] }],
  ])('%j prints %j', async (answer, want) => {
    outputs.answer('aitable-helper/list_form_views', answer);
    expect((await sent(argv)).printed).toEqual(want);
  });
});

// hrbrain search employees-structured decodes --fields with json.Unmarshal into []any (hrbrain.go:601-611@c7521c1c);
// validateCallArguments (transport/client.go:1093-1125@c7521c1c) reads a []any's text elements and objects, not a list
// inside it; orderByClauses is parseCSVValues' []string, not read.
describe('hrbrain search employees-structured --fields: a decoded []any whose texts the transport reads (hrbrain.go:601-611@c7521c1c)', () => {
  const argv = (fields: string, ...more: string[]) => ['hrbrain', 'search', 'employees-structured', '--origin-json', '{}', '--fields', fields, ...more];
  it.each(['["x\\u0001"]', '["a\\u200b"]', '[{"label":"\\u2028"}]'])('--fields %s is refused before any call', async (fields) => {
    const r = await sent(argv(fields));
    expect(r.reason).toBe('invalid_argument');
    expect(r.calls).toEqual([]);
  });
  it('a list inside the list, and an --order-by element, are sent as typed', async () => {
    const r = await sent(argv('[["x\\u0001"]]', '--order-by', 'a\u200b'));
    expect(r.calls).toEqual([['hrbrain/search_employees_structured', { originJson: '{}', currentPage: 1, pageSize: 20, fields: [['x\u0001']], orderByClauses: ['a\u200b'] }]]);
  });
  it('refuseUnsafeArguments: a top-level text list is read only when named as []any (property)', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('a', '\u0001', '\u200b', 'b c'), { maxLength: 4 }), (list) => {
      const unsafe = list.some((x) => x !== 'a' && x !== 'b c');
      expect(() => refuseUnsafeArguments({ ids: list })).not.toThrow();
      if (unsafe) expect(() => refuseUnsafeArguments({ ids: list }, [], ['ids'])).toThrow();
      else expect(() => refuseUnsafeArguments({ ids: list }, [], ['ids'])).not.toThrow();
    }));
  });
});
