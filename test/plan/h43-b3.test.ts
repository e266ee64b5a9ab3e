// Session 43 second reading, part b3 (issue 32, notes/h43-b3.md, seed 20261383): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h43b3-');

describe('drive +rename reads its preflight as requireDriveObject (shortcut/drive/operations.go:224-231, common.go:79-122@c7521c1c)', () => {
  const argv = ['drive', '+rename', '--node', 'n1', '--name', 'rep', '--yes'];
  it('a JSON null preflight answer (Go nil map, refused as empty) stops the run before the rename', async () => {
    outputs.answersInTurn('drive/get_file_info', null, { result: { name: 'rep' } });
    outputs.answer('doc/rename_document', { success: true });
    const run = await outputs.sent(argv);
    expect(run.reason).toBe('backend_error');
    expect(run.calls).toEqual([['drive/get_file_info', { fileId: 'n1' }]]);
  });
  it('an extension of dots only is no extension (TrimLeft leaves ""), so a read-back of the name plus "." is refused after the rename', async () => {
    outputs.answersInTurn('drive/get_file_info', { result: { type: 'file', extension: '...' } }, { result: { name: 'rep.' } });
    outputs.answer('doc/rename_document', { success: true });
    const run = await outputs.sent(argv);
    expect(run.calls.map(([tool]) => tool)).toEqual(['drive/get_file_info', 'doc/rename_document', 'drive/get_file_info']);
    expect(run.calls[1]).toEqual(['doc/rename_document', { nodeId: 'n1', newName: 'rep' }]);
    expect(run.reason).toBe('partial_outcome');
  });
  it('a preflight object lets the rename and its read-back through', async () => {
    outputs.answersInTurn('drive/get_file_info', { result: { type: 'file' } }, { result: { name: 'rep' } });
    outputs.answer('doc/rename_document', { success: true });
    const run = await outputs.sent(argv);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([tool]) => tool)).toEqual(['drive/get_file_info', 'doc/rename_document', 'drive/get_file_info']);
  });
});

describe('aitable batch read-backs ask for each record id once, as verifyUpdateBatch\'s recordIDs de-duplicates (shortcut/aitable/record_batch.go:247-249, :335-346@c7521c1c)', () => {
  const readBack = { records: [{ recordId: 'r1', cells: { f: 1 } }] };
  it('+record-bulk-patch: a match query listing one record twice patches it twice and reads it back once', async () => {
    outputs.answersInTurn('aitable/query_records', { records: [{ recordId: 'r1' }, { recordId: ' r1 ' }] }, readBack);
    outputs.answer('aitable/update_records', { success: true });
    const run = await outputs.sent(['aitable', '+record-bulk-patch', '--base-id', 'b', '--table-id', 't', '--patch', '{"f":1}', '--all', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([
      ['aitable/query_records', { baseId: 'b', tableId: 't', limit: 20 }],
      ['aitable/update_records', { baseId: 'b', tableId: 't', records: [{ recordId: 'r1', cells: { f: 1 } }, { recordId: 'r1', cells: { f: 1 } }] }],
      ['aitable/query_records', { baseId: 'b', tableId: 't', recordIds: ['r1'], limit: 1 }],
    ]);
  });
  it('+record-upsert: --records naming one record twice (padded once) is read back once, and the step lists it once', async () => {
    outputs.answer('aitable/query_records', readBack);
    outputs.answer('aitable-helper/record_upsert', { success: true });
    const records = '[{"recordId":"r1","cells":{"f":1}},{"recordId":" r1 ","cells":{"f":1}}]';
    const run = await outputs.sent(['aitable', '+record-upsert', '--base-id', 'b', '--table-id', 't', '--records', records, '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls[1]).toEqual(['aitable/query_records', { baseId: 'b', tableId: 't', recordIds: ['r1'], limit: 1 }]);
    expect((run.printed as { completedSteps: { result: unknown }[] }).completedSteps[0].result).toEqual({ recordIds: ['r1'], status: 'verified' });
  });
  it('+record-update (already so): the same --records are read back once', async () => {
    outputs.answer('aitable/query_records', readBack);
    outputs.answer('aitable/update_records', { success: true });
    const records = '[{"recordId":"r1","cells":{"f":1}},{"recordId":" r1 ","cells":{"f":1}}]';
    const run = await outputs.sent(['aitable', '+record-update', '--base-id', 'b', '--table-id', 't', '--records', records, '--yes']);
    expect(run.calls[1]).toEqual(['aitable/query_records', { baseId: 'b', tableId: 't', recordIds: ['r1'], limit: 1 }]);
  });
});

/**
 * upstream's normalizedDriveRename and the +rename read-back check (shortcut/drive/operations.go:224-270, common.go:198-205
 * @c7521c1c), as a model over ASCII: the name sent and the read-back names accepted.
 */
function upstreamRename(name: string, info: Record<string, string>): { sent: string; expected: Set<string> } {
  const first = (...keys: string[]) => keys.map((k) => info[k]).find((v) => typeof v === 'string' && v.trim() !== '')?.trim() ?? '';
  const trimmed = name.trim();
  const expected = new Set([trimmed]);
  if (['folder', 'dir', 'directory'].includes(first('type', 'nodeType', 'fileType').toLowerCase())) return { sent: trimmed, expected };
  const extension = first('extension', 'fileExtension', 'ext').toLowerCase().replace(/^\.+/, '');
  if (extension === '') return { sent: trimmed, expected };
  const suffix = `.${extension}`;
  if (trimmed.length > suffix.length && trimmed.slice(-suffix.length).toLowerCase() === suffix) return { sent: trimmed.slice(0, -suffix.length), expected };
  expected.add(trimmed + suffix);
  return { sent: trimmed, expected };
}

describe('drive +rename: the name sent and the read-back accepted are upstream\'s for any extension (operations.go:224-270@c7521c1c)', () => {
  it('matches the model of normalizedDriveRename', async () => {
    const extension = fc.constantFrom('', '.', '...', 'pdf', '.PDF', ' .pdf ', 'p', '..d', 'D');
    // the read-back name, from the name typed: as typed, plus ".", plus ".pdf", plus ".p", its first 3 letters, another
    const readBack = (name: string, kind: number) => [name.trim(), `${name.trim()}.`, `${name.trim()}.pdf`, `${name.trim()}.p`, name.trim().slice(0, 3), 'other'][kind];
    await fc.assert(fc.asyncProperty(
      fc.constantFrom('rep', 'rep.pdf', 'rep.PDF', ' rep.p ', '.pdf', 'r.d'), fc.constantFrom('file', ' Folder ', ''), extension, fc.integer({ min: 0, max: 5 }),
      async (name, type, ext, kind) => {
        const readName = readBack(name, kind);
        outputs.answersInTurn('drive/get_file_info', { result: { type, extension: ext } }, { result: { name: readName } });
        outputs.answer('doc/rename_document', { success: true });
        const run = await outputs.sent(['drive', '+rename', '--node', 'n1', '--name', name, '--yes']);
        const model = upstreamRename(name, { type, extension: ext });
        expect(run.calls[1]).toEqual(['doc/rename_document', { nodeId: 'n1', newName: model.sent }]);
        expect(run.reason).toBe(model.expected.has(readName) ? undefined : 'partial_outcome');
      },
    ), { numRuns: 60 });
  });
});

describe('event +listen-im reads the person search with its eventTargetReader, which decodes into an object (app/event_listen_im.go:51-64, targetresolver/resolver.go:101-116@c7521c1c)', () => {
  const argv = ['event', '+listen-im', '--kind', 'sender', '--user-query', '张三', '--duration', '1s'];
  for (const answer of [[1], 'text', 5, true]) {
    it(`a ${JSON.stringify(answer)} answer fails that read (backend_error), not a person-not-found refusal`, async () => {
      outputs.answer('contact/search_contact_by_key_word', answer);
      const run = await outputs.sent(argv);
      expect(run.calls).toEqual([['contact/search_contact_by_key_word', { keyword: '张三' }]]);
      expect(run.reason).toBe('backend_error');
    });
  }
  it('null stays an empty answer: no person found', async () => {
    outputs.answer('contact/search_contact_by_key_word', null);
    expect((await outputs.sent(argv)).reason).toBe('not_found');
  });
});

// calendar +suggest-time and todo +assign-multi fold such a failure into their failed-name refusal (p-ansobj3 guards them)
describe('siblings: the chat person searches upstream reads with rt.CallMCPData (ResolveUser/ResolveUsers, resolveUserOpenDingTalkID; shortcut/runner.go:255-271@c7521c1c) fail on an answer that is not an object', () => {
  const cases: string[][] = [
    ['chat', '+chat-create', '--name', 'g', '--member-query', '张三'], // chat/lark_alignment.go:60
    ['chat', '+chat-create', '--name', 'g', '--owner-query', '张三', '--users', 'u'], // chat/lark_alignment.go:70
    ['chat', '+chat-messages', '--user-query', '张三'], // smart/chat_messages.go:522
    ['chat', '+search-msg', '--sender-query', '张三', '--query', 'q'], // smart/search_msg.go:511
    ['chat', '+messages-send', '--user-query', '张三', '--text', 'hi'], // chat/unified_send.go:451
    ['chat', '+messages-send', '--user', 'u1', '--text', 'hi'], // chat/unified_send.go:522-528
    ['chat', '+messages-reply', '--conversation-id', 'cid1', '--ref-sender', 'u1', '--ref-msg-id', 'm', '--text', 'hi'], // unified_send.go:522-528
    ['chat', '+messages-send-card', '--receiver', 'u1', '--content', 'hi'], // chat_message.go:1565, unified_send.go:522-528
  ];
  for (const argv of cases) {
    it(`${argv.join(' ')}: a list answer is backend_error after the one search`, async () => {
      outputs.answer('contact/search_contact_by_key_word', [1]);
      const run = await outputs.sent([...argv, '--yes']);
      expect(run.calls.map(([tool]) => tool)).toEqual(['contact/search_contact_by_key_word']);
      expect(run.reason).toBe('backend_error');
    });
  }
});
