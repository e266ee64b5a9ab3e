// Session 33 second reading, part a2 (issue 32): where the drawn commands differed from upstream's bodies at
// c7521c1c, run as a user types them against the recording backend on 127.0.0.1 (notes/h33-a2.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h33a2-');
const { sent } = outputs;

// table create: validateRequiredFlags(base-id, name) (aitable.go:1591) before mustFlagOrFallback(base-id, base) and
// flagOrFallback(name, table-name) (:1599-1602); both hidden spellings registered (:7096-7097, :7755-7760@c7521c1c)
describe('aitable table create: --base and --table-name are registered, never read once --base-id and --name passed', () => {
  it('beside --base-id/--name they change nothing; alone they leave the required flag missing', async () => {
    const both = await sent(['aitable', 'table', 'create', '--base-id', 'b1', '--name', 'n1', '--base', 'b2', '--table-name', 'n2']);
    expect(both.calls).toEqual([['aitable/create_table', { baseId: 'b1', tableName: 'n1', fields: [] }]]);
    const alone = await sent(['aitable', 'table', 'create', '--base', 'b2', '--name', 'n1']);
    expect([alone.reason, alone.calls]).toEqual(['missing_parameter', []]);
    const name = await sent(['aitable', 'table', 'create', '--base-id', 'b1', '--table-name', 'n2']);
    expect([name.reason, name.calls]).toEqual(['missing_parameter', []]);
  });
});

// filter delete: requireSheetMutationTargets (sheet_batch.go:429-437) passes on any non-empty node, node-id, doc-id or
// file-id (url/id not registered here), then --yes (:359-375), then the body sends mustGetFlag(node) and
// mustGetFlag(sheet-id) (sheet_filter_view.go:296-299@c7521c1c)
describe('sheet filter delete takes the node from --node only; the hidden spellings count only in the presence check', () => {
  it('--node-id/--doc-id/--file-id alone send nodeId ""; none of the four is refused before confirmation', async () => {
    expect((await sent(['sheet', 'filter', 'delete', '--node-id', 'n1', '--yes'])).calls).toEqual([['sheet/delete_filter', { nodeId: '', sheetId: '' }]]);
    expect((await sent(['sheet', 'filter', 'delete', '--file-id', 'f1', '--sheet-id', 's1', '--yes'])).calls).toEqual([['sheet/delete_filter', { nodeId: '', sheetId: 's1' }]]);
    const none = await sent(['sheet', 'filter', 'delete', '--node', '', '--sheet-id', 's1']);
    expect([none.reason, none.calls]).toEqual(['missing_parameter', []]);
    expect((await sent(['sheet', 'filter', 'delete', '--doc-id', 'd1'])).reason).toBe('confirmation_required');
  });

  it('for any values of the four spellings: refused iff none is non-empty, else --node as typed (or "") is sent (property)', async () => {
    const value = fc.option(fc.constantFrom('', ' ', 'n1', 'x2'), { nil: undefined });
    await fc.assert(fc.asyncProperty(value, value, value, value, async (node, nodeId, docId, fileId) => {
      const flags = ([['--node', node], ['--node-id', nodeId], ['--doc-id', docId], ['--file-id', fileId]] as const)
        .flatMap(([f, v]) => (v === undefined ? [] : [f, v]));
      const run = await sent(['sheet', 'filter', 'delete', ...flags, '--yes']);
      const passes = [node, nodeId, docId, fileId].some((v) => v !== undefined && v !== '');
      expect(passes ? run.calls : run.reason).toEqual(passes ? [['sheet/delete_filter', { nodeId: node ?? '', sheetId: '' }]] : 'missing_parameter');
    }), { numRuns: 40 });
  });
});

// export data: taskID := TrimSpace(--task-id) before the exclusions (aitable.go:6168-6174@c7521c1c)
describe('aitable export data: a blank --task-id is no task and excludes nothing', () => {
  it('exports with --scope/--export-format beside a --task-id of Go spaces; a real task id still excludes them', async () => {
    expect((await sent(['aitable', 'export', 'data', '--base-id', 'b', '--task-id', ' ', '--scope', 'all', '--export-format', 'excel'])).calls)
      .toEqual([['aitable/export_data', { baseId: 'b', scope: 'all', format: 'excel' }]]);
    expect((await sent(['aitable', 'export', 'data', '--base-id', 'b', '--task-id', '\u3000', '--scope', 'table', '--table-id', 't', '--export-format', 'EXCEL'])).calls)
      .toEqual([['aitable/export_data', { baseId: 'b', scope: 'table', format: 'excel', tableId: 't' }]]);
    const task = await sent(['aitable', 'export', 'data', '--base-id', 'b', '--task-id', 't1', '--scope', 'all', '--export-format', 'excel']);
    expect([task.reason, task.calls]).toEqual(['invalid_parameter', []]);
    expect((await sent(['aitable', 'export', 'data', '--base-id', 'b', '--task-id', ' t1 ', '--view-id', ''])).reason).toBe('invalid_parameter');
  });
});

// event stop: its Validate (event_command.go:1251-1275) runs before ConfirmSafety (helpers/leaf.go:286-305@c7521c1c)
describe('event stop checks its identity and target before asking for confirmation', () => {
  it('without --yes: no target, both targets and --as bot are refused as such; a good run asks for confirmation', async () => {
    const reasons = [];
    for (const argv of [[], [' '], ['s1', '--all'], ['s1', '--as', 'bot'], ['s1'], ['--all']]) {
      reasons.push((await sent(['event', 'stop', ...argv])).reason);
    }
    expect(reasons).toEqual(['missing_parameter', 'missing_parameter', 'constraint_violation', 'invalid_parameter', 'confirmation_required', 'confirmation_required']);
  });
});

// doc +review: both reads are rt.CallMCPData (review_shortcuts.go:30, :34; runner.go:255-271@c7521c1c)
describe('doc +review fails on an answer that does not decode into an object', () => {
  it('a list of comments stops before the blocks read; a text blocks answer fails after it; null answers are empty', async () => {
    outputs.answer('doc-comment/list_comments', [{ commentKey: 'k1' }]);
    const list = await sent(['doc', '+review', '--node', 'd1']);
    expect([list.reason, list.calls.length]).toEqual(['backend_error', 1]);
    outputs.answer('doc-comment/list_comments', { result: { comments: [{ commentKey: 'k1' }] } });
    outputs.answer('doc/list_document_blocks', 'text');
    const blocks = await sent(['doc', '+review', '--node', 'd1']);
    expect([blocks.reason, blocks.calls.length]).toEqual(['backend_error', 2]);
    outputs.answer('doc-comment/list_comments', null);
    outputs.answer('doc/list_document_blocks', null);
    expect((await sent(['doc', '+review', '--node', 'd1'])).printed).toEqual({ status: 'unresolved', counts: { total: 0, global: 0, inline: 0 }, comments: null });
  });
});

// todo +todo-done: shortcutListAllTodoCards reads each page with rt.CallMCPData and stops at a short page, keeping the
// cards read (smart/todo_shared.go:39-60; runner.go:255-271@c7521c1c)
describe('todo +todo-done reads its pages as shortcutListAllTodoCards does', () => {
  const full = Array.from({ length: 20 }, (_, i) => ({ subject: `s${i}`, taskId: `t${i}` }));
  it('a page that is no object fails the run before any write', async () => {
    outputs.answersInTurn('todo/get_user_todos_in_current_org', { result: { todoCards: full } }, ['s19']);
    const run = await sent(['todo', '+todo-done', '--task', 's19', '--yes']);
    expect([run.reason, run.calls.length]).toEqual(['backend_error', 2]);
  });
  it('a JSON null page ends the pages and keeps the cards read before it', async () => {
    outputs.answersInTurn('todo/get_user_todos_in_current_org', { result: { todoCards: full } }, null);
    const run = await sent(['todo', '+todo-done', '--task', 's19', '--yes']);
    expect(run.calls.at(-1)).toEqual(['todo/update_todo_done_status', { taskId: 't19', isDone: 'true' }]);
  });
});

// doc share messages: content is json.Marshal(map[string]string{title, text}) (sendDocLinks smart/doc_access.go:480-481@c7521c1c)
describe('doc +share-doc / +share write the message content as Go\'s json.Marshal does', () => {
  it('<, > and & in the link and the note are \\u003c, \\u003e and \\u0026 in the content text', async () => {
    outputs.answer('contact/search_contact_by_key_word', { result: [{ name: '张三', userId: 'u1', openDingTalkId: 'od1' }] });
    outputs.answer('chat/send_personal_message', { success: true });
    for (const command of ['+share-doc', '+share']) {
      const run = await sent(['doc', command, '--to', '张三', '--url', 'https://x/d?a=1&b=<2>', '--note', 'a & b', '--ai-tag=false', '--yes']);
      expect(run.calls.at(-1)).toEqual(['chat/send_personal_message', {
        receiverOpenDingTalkId: 'od1', msgType: 'markdown',
        content: '{"text":"[文档](https://x/d?a=1\\u0026b=\\u003c2\\u003e)\\n\\na \\u0026 b","title":"文档分享"}',
      }]);
    }
  });
});

// filter update: the body sends mustGetFlag(node) and mustGetFlag(sheet-id) (sheet_filter_view.go:355-364@c7521c1c);
// --node-id/--doc-id/--file-id are registered by RegisterCrossProductAliases (sheet.go:249-256) and never read
describe('sheet filter update takes the node from --node only', () => {
  it('a hidden node spelling is accepted and sends nodeId ""', async () => {
    for (const flag of ['--node-id', '--doc-id', '--file-id']) {
      expect((await sent(['sheet', 'filter', 'update', flag, 'n1', '--criteria', '[]'])).calls).toEqual([['sheet/update_filter', { nodeId: '', sheetId: '', criteria: [] }]]);
    }
    expect((await sent(['sheet', 'filter', 'update', '--node', 'n1', '--node-id', 'n2', '--criteria', '[]'])).calls).toEqual([['sheet/update_filter', { nodeId: 'n1', sheetId: '', criteria: [] }]]);
  });
});
