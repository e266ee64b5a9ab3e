// Session 39 second reading, part b2 (issue 32, notes/h39-b2.md, seed 20261350): all 30 drawn commands sent what
// upstream's bodies at c7521c1c send, so nothing was fixed. These pin the least obvious of the readings confirmed, each
// run as a user types it against the recording backend on 127.0.0.1, so that a later change cannot drift from them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h39b2-');
const { argsOf, sent } = outputs;

/** Go's strings.TrimSpace over the ASCII the generators use, then strings.Trim(v, `"'`). */
const clean = (parts: string[]) => parts.map((p) => p.trim().replace(/^["']+|["']+$/g, '')).filter((v) => v !== '');

/**
 * upstream parseCSVValues (internal/helpers/contact.go:20-45@c7521c1c) as a model: a blank text is a nil slice (sent as
 * null); a bracketed text that decodes as a JSON list of strings (a null element decodes to "") is that list cleaned;
 * any other bracketed text loses its brackets and is split on commas.
 */
function parseCSVValues(raw: string): string[] | null {
  let text = raw.trim();
  if (text === '') return null;
  if (text.startsWith('[') && text.endsWith(']')) {
    let decoded: unknown;
    try {
      decoded = JSON.parse(text);
    } catch {
      decoded = undefined;
    }
    if (Array.isArray(decoded) && decoded.every((v) => v === null || typeof v === 'string')) {
      return clean(decoded.map((v) => (v === null ? '' : (v as string))));
    }
    text = text.slice(1, -1).trim();
  }
  return clean(text.split(','));
}

describe('minutes get batch: requestBody.taskUuids is parseCSVValues of the untrimmed --ids (helpers/minutes.go:502-510@c7521c1c)', () => {
  it('any --ids text that passes the untrimmed not-empty check is sent as the model reads it', async () => {
    const ids = fc.array(fc.constantFrom('a', 'b', ' ', ',', '"', "'", '[', ']', 'null', '1'), { minLength: 1, maxLength: 12 })
      .map((parts) => parts.join(''));
    await fc.assert(fc.asyncProperty(ids, async (raw) => {
      expect(await argsOf(['minutes', 'get', 'batch', '--ids', raw])).toEqual([{ requestBody: { taskUuids: parseCSVValues(raw) } }]);
    }), { numRuns: 60, examples: [[' '], [' \t '], [','], ['[]'], ['[ ]'], ['["a",null]'], ['["a", 1]'], ['[a'], [" 'x' , \"y\" "]] });
  });
});

describe('chat +chat-role-set-user: role ids are pflag CSV records kept raw; the user is classified by the canonical open id test (chat_group.go:1880-1932@c7521c1c)', () => {
  it('a quoted record keeps its comma, padded and blank elements are sent as typed, repeated flags add up', async () => {
    expect(await argsOf(['chat', '+chat-role-set-user', '--group', ' g ', '--user', ' u1 ', '--role-ids', ' a , ,"b,c"', '--role-ids', 'd', '-y']))
      .toEqual([{ openConversationId: 'g', openRoleIds: [' a ', ' ', 'b,c', 'd'], userId: 'u1' }]);
  });
  it('only the canonical escaped base64 spelling is an openDingTalkId (sent trimmed); a decodable other spelling stays a userId', async () => {
    expect(await argsOf(['chat', '+chat-role-set-user', '--group', 'g', '--user', ' DMTIzNDU2NzgiE ', '--role-ids', 'a', '-y']))
      .toEqual([{ openConversationId: 'g', openDingTalkId: 'DMTIzNDU2NzgiE', openRoleIds: ['a'] }]);
    expect(await argsOf(['chat', '+chat-role-set-user', '--group', 'g', '--user', 'DMTIzNDU2Nzg=', '--role-ids', 'a', '-y']))
      .toEqual([{ openConversationId: 'g', openRoleIds: ['a'], userId: 'DMTIzNDU2Nzg=' }]);
  });
});

describe('chat message send-by-webhook (helpers/chat.go:3724-3775, webhookErrcodeFailure :1336-1353@c7521c1c)', () => {
  const argv = (...more: string[]) => ['chat', 'message', 'send-by-webhook', '--token', ' t ', '--title', 'T', '--text', 'x', ...more];
  it('a non-empty --at-mobiles with no number sends atMobiles as null (a nil slice); the required texts go untrimmed', async () => {
    expect(await argsOf(argv('--at-mobiles', ' , ', '--at-users', ', u1 ,, u2')))
      .toEqual([{ robotToken: ' t ', title: 'T', text: 'x', atMobiles: null, atUserIds: ['u1', 'u2'] }]);
  });
  it('an errcode that prints as something other than 0 (null prints <nil>, false) is the send failing; a numeric 0.0 is not', async () => {
    for (const errcode of [null, false]) {
      outputs.answer('bot/send_message_by_custom_robot', { errcode, errmsg: 'm' });
      expect(await sent(argv())).toMatchObject({ reason: 'backend_error' });
    }
    outputs.answer('bot/send_message_by_custom_robot', { errcode: 0, ok: 1 });
    expect(await sent(argv())).toMatchObject({ reason: undefined, printed: { errcode: 0, ok: 1 } });
  });
});

describe('chat +messages-reply: the looked-up sender is written as Go fmt.Sprint writes it (lark_alignment.go:309-392@c7521c1c)', () => {
  const argv = ['chat', '+messages-reply', '--conversation-id', 'c', '--message-id', 'm1', '--text', 'hi', '-y'];
  it('a number sender of seven digits is sent in %v exponent form, as upstream sends it', async () => {
    outputs.answer('im/list_messages_by_ids', { result: [{ openMessageId: 'm1', senderOpenDingTalkId: 1234567 }] });
    const run = await sent(argv);
    const content = JSON.parse((run.calls[1][1] as { content: string }).content) as Record<string, unknown>;
    expect(content.srcMsgSendOpenDingTalkId).toBe('1.234567e+06');
  });
  it('the first list met (an empty result list at the top) ends the search: no sender, refused before the reply', async () => {
    outputs.answer('im/list_messages_by_ids', { result: [], data: { messages: [{ senderOpenDingTalkId: 's' }] } });
    const run = await sent(argv);
    expect(run.reason).toBe('invalid_parameter');
    expect(run.calls.map(([tool]) => tool)).toEqual(['im/list_messages_by_ids']);
  });
});

describe('chat group quit / group-role list / group transfer-owner: migrated conversation ids (chat.go:371-466, :6560-6587, :6747-6755, :7511-7521@c7521c1c)', () => {
  it('a padded id is set back trimmed by the migration PreRunE; a blank one is left as typed and sent', async () => {
    expect(await argsOf(['chat', 'group', 'quit', '--conversation-id', ' c '])).toEqual([{ openConversationId: 'c' }]);
    expect(await argsOf(['chat', 'group', 'quit', '--conversation-id', ' '])).toEqual([{ openConversationId: ' ' }]);
    expect(await argsOf(['chat', 'group-role', 'list', '--conversation-id', ' ', '--id', 'x'])).toEqual([{ openConversationId: 'x' }]);
  });
  it('transfer-owner sends a padded canonical open id untrimmed as newOwnerOpenDingTalkId, anything else as newOwnerUid', async () => {
    expect(await argsOf(['chat', 'group', 'transfer-owner', '--conversation-id', 'c', '--new-owner', ' DMTIzNDU2NzgiE ']))
      .toEqual([{ openConversationId: 'c', newOwnerOpenDingTalkId: ' DMTIzNDU2NzgiE ' }]);
    expect(await argsOf(['chat', 'group', 'transfer-owner', '--conversation-id', 'c', '--new-owner', ' ']))
      .toEqual([{ openConversationId: 'c', newOwnerUid: ' ' }]);
  });
});

describe('sheet unmerge-cells (helpers/sheet_dimension.go:387-393@c7521c1c) checks nothing and sends the flags as typed', () => {
  it('with no flag at all it sends three empty texts', async () => {
    expect(await argsOf(['sheet', 'unmerge-cells'])).toEqual([{ nodeId: '', sheetId: '', rangeAddress: '' }]);
  });
});

/**
 * upstream doc nestedString (internal/shortcut/doc/common.go:311-325@c7521c1c) as a model: the first of `keys` holding a
 * non-blank text (trimmed) in the object, then the same search, recursively, inside its result, data and content
 * objects in that order.
 */
function docNestedString(data: unknown, keys: string[]): string {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return '';
  const obj = data as Record<string, unknown>;
  for (const key of keys) {
    const v = obj[key];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  for (const wrapper of ['result', 'data', 'content']) {
    const found = docNestedString(obj[wrapper], keys);
    if (found !== '') return found;
  }
  return '';
}

describe('doc +create reads the new nodeId as doc nestedString does, at any depth of result/data/content (content_shortcuts.go:111, common.go:311-325@c7521c1c)', () => {
  const argv = ['doc', '+create', '--name', 'N'];
  it('a nodeId two envelopes deep is the new document (before: refused as a created document without a nodeId)', async () => {
    outputs.answer('doc/create_document', { result: { data: { nodeId: 'n9' } } });
    const run = await sent(argv);
    expect(run.reason).toBeUndefined();
    expect(run.calls[1]).toEqual(['doc/get_document_info', { nodeId: 'n9' }]);
    expect((run.printed as { data: { nodeId: string } }).data.nodeId).toBe('n9');
  });
  it('depth first: data\'s own content is searched before the top-level content', async () => {
    outputs.answer('doc/create_document', { data: { content: { documentId: 'n7' } }, content: { nodeId: 'x' } });
    expect((await sent(argv)).calls[1]).toEqual(['doc/get_document_info', { nodeId: 'n7' }]);
  });
  it('for any nesting of the three envelopes, the id read (or the refusal when none) is the model\'s', async () => {
    const leaf = fc.record({
      nodeId: fc.constantFrom<unknown>('a', ' b ', '', ' ', 5, null, ['c']),
      documentId: fc.constantFrom<unknown>('d', ' ', true),
      id: fc.constantFrom<unknown>('e', 7, ''),
    }, { requiredKeys: [] });
    const tree: fc.Arbitrary<Record<string, unknown>> = fc.letrec((tie) => ({
      node: fc.tuple(leaf, fc.record({
        result: fc.oneof({ depthSize: 'small' }, tie('node'), fc.constant('s')),
        data: fc.oneof({ depthSize: 'small' }, tie('node'), fc.constant(null)),
        content: fc.oneof({ depthSize: 'small' }, tie('node'), fc.constant([])),
      }, { requiredKeys: [] })).map(([l, w]) => ({ ...l, ...w })),
    })).node as fc.Arbitrary<Record<string, unknown>>;
    await fc.assert(fc.asyncProperty(tree, async (answer) => {
      outputs.answer('doc/create_document', answer);
      const run = await sent(argv);
      const expected = docNestedString(answer, ['nodeId', 'documentId', 'id']);
      if (expected === '') expect(run.reason).toBe('partial_outcome');
      else expect(run.calls[1]).toEqual(['doc/get_document_info', { nodeId: expected }]);
    }), { numRuns: 40 });
  });
});

describe('sibling doc +export reads jobId, status and the download URL with the same nestedString (content_shortcuts.go:1470-1528@c7521c1c)', () => {
  const argv = ['doc', '+export', '--node', 'n', '--output', 'out.docx', '--max-polls', '3', '--yes'];
  it('a jobId under data is the job polled, and a status written Success (ToUpper) is done', async () => {
    outputs.answer('doc/submit_export_job', { data: { jobId: ' j1 ' } });
    outputs.mcp.files['x.docx'] = Buffer.from('DOCX');
    outputs.answer('doc/query_export_job', { data: { result: { status: 'Success', downloadUrl: `${outputs.mcp.base}/files/x.docx` } } });
    const run = await outputs.timed(argv);
    expect(run.outcome.error?.envelope()).toBeUndefined();
    expect(run.calls).toEqual([['submit_export_job', { nodeId: 'n', exportFormat: 'docx' }], ['query_export_job', { jobId: 'j1' }]]);
    expect((run.result as { data: { jobId: string } }).data.jobId).toBe('j1');
  });
  it('a status other than SUCCESS, INIT or PROCESSING (a missing one included) ends the polling at once', async () => {
    outputs.answer('doc/submit_export_job', { result: { jobId: 'j1' } });
    outputs.answer('doc/query_export_job', { result: { downloadUrl: 'x' } });
    const run = await outputs.timed(argv);
    expect(run.outcome.error).toBeDefined();
    expect(run.calls.filter(([tool]) => tool === 'query_export_job')).toHaveLength(1);
  });
});

describe('sibling doc +export-get: nestedString enters objects only, never a list (common.go:311-325, content_shortcuts.go:1540-1579@c7521c1c)', () => {
  it('a FAILED status inside a result list is not read: the job is printed with status unknown, not refused', async () => {
    outputs.answer('doc/query_export_job', { result: [{ status: 'FAILED' }] });
    const run = await sent(['doc', '+export-get', '--job-id', 'j1']);
    expect(run.reason).toBeUndefined();
    expect(run.printed).toMatchObject({ status: 'unknown', complete: false });
  });
  it('a status under result.data is read (depth first), padded and in any case', async () => {
    outputs.answer('doc/query_export_job', { result: { data: { status: ' processing ' } } });
    expect((await sent(['doc', '+export-get', '--job-id', 'j1'])).printed).toMatchObject({ status: 'processing', complete: false });
  });
});
