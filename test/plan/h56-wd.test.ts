// Session 56 helper wd (issue 32, notes/h56-wd.md): the shortcuts that print a call's answer through the fragment
// `write_data` (catalog/plans/fragments.yaml). Upstream reads that answer with rt.CallMCPWriteData / CallMCPData /
// CallMCPReadData (internal/shortcut/runner.go:200-271@c7521c1c), whose text has come through its runner: transport
// ToolCallResult.UnmarshalJSON keeps only an object answer (transport/client.go:159-205), the runner adds `success: true`
// to it when it has no success key (app/runner.go:774-783), and convertResult writes a missing object as the text
// `null` (app/tool_caller_adapter.go:141-193), which decodes to the nil map, printed null. dws printed the object
// unstamped and a blank answer as {}. Each command runs as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h56wd-');
const { mcp } = outputs;

/** Reads every case's command needs before the answer under test (a person, the permissions, a version). */
function helperAnswers() {
  mcp.answers['contact/get_current_user_profile'] = () => ({ result: { userId: 'me' } });
  mcp.answers['contact/search_contact_by_key_word'] = () => ({ result: [{ userId: 'u1', name: 'u1' }] });
  mcp.answers['doc/list_permission'] = () => ({ result: { members: [{ userId: 'u1', role: 'READER' }] } });
  mcp.answers['doc/list_doc_versions'] = () => ({ result: { versions: [{ version: 1 }] } });
  mcp.answers['doc/list_document_blocks'] = () => ({ result: { blocks: [] } });
}

interface Case {
  name: string;
  argv: string[];
  tool: string;
  /** the printed value that holds the answer */
  pick: (printed: unknown) => unknown;
  /** a helper answer that must differ from the tool under test (doc +version-revert's read-back) */
  before?: () => void;
}

const at = (...path: string[]) => (printed: unknown) => path.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], printed);

const chatCases: Case[] = [
  { name: 'chat +unread-chats', argv: ['chat', '+unread-chats'], tool: 'unread_message_conversation_list', pick: at() },
  { name: 'chat +chat-create', argv: ['chat', '+chat-create', '--name', 'n', '--users', 'u1', '--yes'], tool: 'create_group_conversation', pick: at() },
];
const oaCases: Case[] = [
  { name: 'oa +my-initiated', argv: ['oa', '+my-initiated'], tool: 'get_submitted_instances', pick: at() },
];
const revertBack = () => {
  mcp.answers['doc/get_document_info'] = () => ({ result: { restoredFromVersion: 1 } });
};
const docCases: Case[] = [
  { name: 'doc +access-grant', argv: ['doc', '+access-grant', '--node', 'n', '--to', 'u1', '--role', 'READER', '--yes'], tool: 'add_permission', pick: at('data', 'result') },
  { name: 'doc +access-change', argv: ['doc', '+access-change', '--node', 'n', '--to', 'u1', '--role', 'EDITOR', '--yes'], tool: 'update_permission', pick: at('data') },
  { name: 'doc +access-revoke', argv: ['doc', '+access-revoke', '--node', 'n', '--to', 'u1', '--yes'], tool: 'remove_permission', pick: at('data') },
  { name: 'doc +comment-create', argv: ['doc', '+comment-create', '--node', 'n', '--content', 'c', '--yes'], tool: 'create_comment', pick: at('data', 'result') },
  { name: 'doc +create-from-template', argv: ['doc', '+create-from-template', '--template-id', 't', '--yes'], tool: 'apply_doc_template', pick: at('data', 'result') },
  { name: 'doc +fetch', argv: ['doc', '+fetch', '--node', 'n'], tool: 'get_document_content', pick: at('content') },
  { name: 'doc +inspect (document)', argv: ['doc', '+inspect', '--node', 'n'], tool: 'get_document_info', pick: at('data', 'document') },
  { name: 'doc +inspect (style)', argv: ['doc', '+inspect', '--node', 'n', '--include-style'], tool: 'get_document_style', pick: at('data', 'style') },
  { name: 'doc +update', argv: ['doc', '+update', '--node', 'n', '--command', 'block_delete', '--block-id', 'b', '--yes'], tool: 'delete_document_block', pick: at('data', 'result') },
  { name: 'doc +version-revert', argv: ['doc', '+version-revert', '--node', 'n', '--version', '1', '--yes'], tool: 'revert_doc_version', pick: at('data', 'revertResult'), before: revertBack },
  { name: 'doc +export-get', argv: ['doc', '+export-get', '--job-id', 'j'], tool: 'query_export_job', pick: at('data', 'result') },
  { name: 'doc +export-submit', argv: ['doc', '+export-submit', '--node', 'n', '--export-format', 'pdf'], tool: 'submit_export_job', pick: at('data', 'result') },
];

async function printedFor(c: Case, text: string) {
  helperAnswers();
  c.before?.();
  outputs.answerText(c.tool, text);
  const run = await outputs.sent(c.argv);
  expect(run.reason).toBeUndefined();
  expect(run.calls.map(([rpc]) => (rpc as string).split('/')[1])).toContain(c.tool);
  return c.pick(run.printed);
}

function group(title: string, cases: Case[]) {
  describe(title, () => {
    for (const c of cases) {
      it.each([
        ['{}', { success: true }],
        ['{"a":1}', { a: 1, success: true }],
        ['{"result":{"a":1}}', { result: { a: 1 }, success: true }],
      ])(`${c.name}: the answer %s prints %j`, async (text, want) => {
        expect(await printedFor(c, text)).toEqual(want);
      });
      // the nil map: a blank text and a JSON null both come to the shortcut as the text null
      it.each(['', '  ', 'null'])(`${c.name}: the answer %j prints null`, async (text) => {
        expect(await printedFor(c, text)).toBeNull();
      });
      // control: an answer that says success already is printed as it came
      it(`${c.name}: an answer with success true prints as it came`, async () => {
        expect(await printedFor(c, '{"success":true,"b":2}')).toEqual({ success: true, b: 2 });
      });
    }
  });
}

group('chat shortcuts print the stamped answer (smart/unread_chats.go:113-123, chat/lark_alignment.go:118-123@c7521c1c)', chatCases);
group('oa +my-initiated prints the stamped answer when it holds no rows (smart/my_initiated.go:118-128@c7521c1c)', oaCases);
group('doc shortcuts print the stamped answer (smart/doc_access.go:93-169, doc/review_shortcuts.go:191-198, history_template_shortcuts.go:164-206, :483-487, content_shortcuts.go:243-258, :284-337, :708-729, :1542-1562, doc.go:645-652@c7521c1c)', docCases);

describe('chat +messages-reply merges the stamped answer under the reply identity (lark_alignment.go:250-307@c7521c1c)', () => {
  const argv = ['chat', '+messages-reply', '--yes', '--text', 'hi', '--ref-msg-id', 'm1', '--ref-sender', 'DAAAAAAAAAAAiE', '--conversation-id', 'cidXXXXXXXXXXXX'];
  it.each([
    ['{}', { success: true }],
    ['{"a":1}', { a: 1, success: true }],
  ])('the answer %s is printed with its keys %j', async (text, want) => {
    outputs.answerText('send_personal_message', text);
    const run = await outputs.sent(argv);
    expect(run.reason).toBeUndefined();
    expect(run.printed).toMatchObject({ ...want, contractVersion: 'im.message-reply.v1', conversationId: 'cidXXXXXXXXXXXX' });
  });
  // declared deviation kept: upstream's enrichReplyResult writes into the nil map (a panic); dws reads it as {}
  it.each(['', '  ', 'null'])('the answer %j prints the reply identity alone', async (text) => {
    outputs.answerText('send_personal_message', text);
    const run = await outputs.sent(argv);
    expect(run.reason).toBeUndefined();
    expect(run.printed).not.toHaveProperty('success');
    expect(run.printed).toMatchObject({ contractVersion: 'im.message-reply.v1' });
  });
});

describe('chat +chat-create stamps an answer that holds a result object before renaming openCid (lark_alignment.go:118-162@c7521c1c)', () => {
  it('{result: {openCid, cid}} prints {result: {openConversationId}, success: true}', async () => {
    helperAnswers();
    outputs.answerText('create_group_conversation', '{"result":{"openCid":"c1","cid":"x"}}');
    const run = await outputs.sent(['chat', '+chat-create', '--name', 'n', '--users', 'u1', '--yes']);
    expect(run.printed).toEqual({ result: { openConversationId: 'c1' }, success: true });
  });
});

describe('property: any answer shape prints as the runner hands it on (runner.go:774-783, tool_caller_adapter.go:141-193@c7521c1c)', () => {
  const key = fc.constantFrom('a', 'jobId', 'result', 'status', 'success');
  const value = fc.oneof(fc.constant(true), fc.integer(), fc.string({ maxLength: 4 }), fc.constant(null), fc.constant({ x: 1 }));
  const shape = fc.oneof(
    fc.dictionary(key, value, { maxKeys: 4 }).filter((o) => !('success' in o) || o.success === true).map((o) => ({ text: JSON.stringify(o), object: o as Record<string, unknown> | null })),
    fc.constantFrom('', ' ', '\t\n', 'null', ' null ').map((text) => ({ text, object: null as Record<string, unknown> | null })),
  );
  it('doc +export-submit prints the object stamped and every nil-map answer null', async () => {
    await fc.assert(fc.asyncProperty(shape, async ({ text, object }) => {
      const got = await printedFor(docCases.at(-1)!, text);
      expect(got).toEqual(object === null ? null : 'success' in object ? object : { ...object, success: true });
    }), { numRuns: 30 });
  });
});
