// What p-left31 (issue 32) changed where dws differed from upstream's bodies at c7521c1c, run as a user types the
// commands against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { rawText } from '../fixtures/mcp/server.js';

const outputs = useOutputRuns('dws-pl31-');
const { sent, mcp } = outputs;

describe('markdown overwrite reads its upload credentials as uploadToDrive/uploadToDocSpace do (markdown.go:572-574, drive.go:3745-3834, drive_transfer.go:828-850, drive.go:227-280, doc.go:263-291@c7521c1c)', () => {
  const drive = ['markdown', 'overwrite', '--node', 'n1', '--name', 'R.md', '--content', '# x', '--space-id', 's1', '--yes'];
  const doc = ['markdown', 'overwrite', '--node', 'n1', '--name', 'R.md', '--content', '# x', '--workspace', 'w1', '--yes'];

  it('drive credentials at the top of the answer (uploadUrl fallback, text headers only) are used; so are doc ones', async () => {
    outputs.answer('drive/get_upload_info', { uploadId: 'up1', uploadUrl: `${mcp.base}/upload/o1`, headers: { 'x-sign': 's', 'x-n': 5 } });
    const d = await sent(drive);
    expect(d.reason).toBeUndefined();
    expect(d.calls.map((c) => c[0])).toEqual(['drive/get_upload_info', 'drive/commit_upload']);
    expect(d.calls[1][1]).toEqual({ fileName: 'R.md', fileSize: 3, uploadId: 'up1', spaceId: 's1', overwriteFileId: 'n1' });
    expect(mcp.uploads.at(-1)?.headers['x-sign']).toBe('s');
    expect(mcp.uploads.at(-1)?.headers['x-n']).toBeUndefined();
    outputs.answer('doc/get_document_info', { result: { nodeId: 'n1', name: 'R', extension: 'md' } });
    outputs.answer('doc/get_file_upload_info', { resourceUrl: `${mcp.base}/upload/o2`, uploadKey: 'k1', headers: { 'x-d': 'v' } });
    const c = await sent(doc);
    expect(c.reason).toBeUndefined();
    // h44-a2: with --workspace and --name upstream reads nothing before the upload (markdown.go:522-548, :790-803)
    expect(c.calls).toEqual([
      ['doc/get_file_upload_info', { workspaceId: 'w1', overwriteNodeId: 'n1', name: 'R.md' }],
      ['doc/commit_uploaded_file', { uploadKey: 'k1', name: 'R.md', fileSize: 3, workspaceId: 'w1', overwriteNodeId: 'n1' }],
    ]);
    expect(mcp.uploads.at(-1)?.headers['x-d']).toBe('v');
  });

  it('credentials without uploadId / uploadKey (or without a URL) stop before the PUT: backend_error, nothing committed', async () => {
    mcp.uploads.length = 0;
    outputs.answer('drive/get_upload_info', { result: { resourceUrls: [{ url: `${mcp.base}/upload/o3` }] } });
    const d = await sent(drive);
    outputs.answer('drive/get_upload_info', { result: { uploadId: 'u' } });
    const d2 = await sent(drive);
    outputs.answer('doc/get_document_info', { result: { nodeId: 'n1' } });
    outputs.answer('doc/get_file_upload_info', { result: { resourceUrl: `${mcp.base}/upload/o4` } });
    const c = await sent(doc);
    expect([d.reason, d.calls.length, d2.reason, d2.calls.length, c.reason, c.calls.map((x) => x[0]), mcp.uploads.length])
      .toEqual(['backend_error', 1, 'backend_error', 1, 'backend_error', ['doc/get_file_upload_info'], 0]);
  });

  it('a drive PUT refused with 403 asks for fresh credentials with the same arguments and commits the fresh uploadId', async () => {
    outputs.answersInTurn('drive/get_upload_info', { result: { uploadId: 'old', resourceUrls: [{ url: `${mcp.base}/upload/o5?status=403` }] } },
      { result: { uploadId: 'new', resourceUrls: [{ url: `${mcp.base}/upload/o6` }] } });
    const r = await sent(drive);
    expect(r.reason).toBeUndefined();
    expect(r.calls.map((c) => c[0])).toEqual(['drive/get_upload_info', 'drive/get_upload_info', 'drive/commit_upload']);
    expect(r.calls[1][1]).toEqual(r.calls[0][1]);
    expect(r.calls[2][1]).toMatchObject({ uploadId: 'new', overwriteFileId: 'n1' });
  });
});

describe('markdown patch uploads the patched text through the same helpers (markdown.go:732-734, drive.go:3745-3834, drive_transfer.go:828-850, drive.go:227-280@c7521c1c)', () => {
  const patch = ['markdown', 'patch', '--node', 'n1', '--space-id', 's1', '--pattern', 'old', '--content', 'new', '--yes'];
  const current = () => {
    mcp.files['cur.md'] = Buffer.from('an old line');
    outputs.answer('drive/get_file_info', { result: { fileName: 'R.md' } });
    outputs.answer('drive/download_file', { result: { resourceUrl: `${mcp.base}/files/cur.md` } });
  };

  it('credentials at the top of the answer are used; a 403 PUT is retried with fresh credentials, whose uploadId is committed', async () => {
    current();
    outputs.answer('drive/get_upload_info', { uploadId: 'up1', resourceUrl: `${mcp.base}/upload/p1` });
    const top = await sent(patch);
    current();
    outputs.answersInTurn('drive/get_upload_info', { result: { uploadId: 'old', resourceUrls: [{ url: `${mcp.base}/upload/p2?status=403` }] } },
      { result: { uploadId: 'new', resourceUrls: [{ url: `${mcp.base}/upload/p3` }] } });
    const retried = await sent(patch);
    expect([top.reason, top.calls.at(-1), retried.reason, retried.calls.map((c) => c[0]).slice(-3), retried.calls.at(-1)?.[1]]).toEqual([
      undefined, ['drive/commit_upload', { fileName: 'R.md', fileSize: 11, uploadId: 'up1', spaceId: 's1', overwriteFileId: 'n1' }],
      undefined, ['drive/get_upload_info', 'drive/get_upload_info', 'drive/commit_upload'], { fileName: 'R.md', fileSize: 11, uploadId: 'new', spaceId: 's1', overwriteFileId: 'n1' },
    ]);
  });

  it('credentials without an uploadId stop before the PUT', async () => {
    current();
    mcp.uploads.length = 0;
    outputs.answer('drive/get_upload_info', { result: { resourceUrls: [{ url: `${mcp.base}/upload/p4` }] } });
    const r = await sent(patch);
    expect([r.reason, r.calls.at(-1)?.[0], mcp.uploads.length]).toEqual(['backend_error', 'drive/get_upload_info', 0]);
  });
});

describe('a group name is searched with a Reader whose CallMCPData fails on an answer that is not an object (targetresolver/resolver.go:499-506; shortcut/runner.go:255-271; helpers/chat.go:143-156; app/event_listen_im.go:51-64@c7521c1c)', () => {
  const found = { result: [{ openConversationId: 'cidFound0001', title: 'G' }], hasMore: false };

  it('chat +chat-update: a list, number, boolean or text answer is backend_error with nothing renamed; null and blank stay not_found; a found group is renamed', async () => {
    const update = ['chat', '+chat-update', '--group', 'G', '--name', 'N', '--yes'];
    const got = [];
    for (const answer of [[found.result[0]], 7, true, 'groups', null, rawText(' ')]) {
      outputs.answer('im/search_groups', answer);
      const r = await sent(update);
      got.push([r.reason, r.calls.map((c) => c[0])]);
    }
    const refused = (reason: string) => [reason, ['im/search_groups']];
    expect(got).toEqual([refused('backend_error'), refused('backend_error'), refused('backend_error'), refused('backend_error'), refused('not_found'), refused('not_found')]);
    outputs.answer('im/search_groups', found);
    const r = await sent(update);
    expect(r.reason).toBeUndefined();
    expect(r.calls[1]).toEqual(['chat/update_group_name', { openconversation_id: 'cidFound0001', group_name: 'N' }]); // lark_alignment.go:185-188
  });

  it('the other plans sharing the group search refuse a list answer as backend_error after the one search, where a null answer is not_found', async () => {
    const lines = [
      ['chat', '+send-to-group', '--group', 'G', '--text', 'hi', '--yes'],
      ['chat', '+chat-bots', '--group', 'G'],
      ['chat', '+chat-invite-url', '--group', 'G'],
      ['chat', '+group-members', '--group', 'G'],
      ['chat', '+chat-members-list', '--group', 'G'],
      ['chat', '+at-me', '--group', 'G'],
      ['chat', '+chat-messages', '--group', 'G'],
      ['chat', '+search-msg', '--query', 'x', '--group', 'G'],
      ['chat', '+search-msg', '--query', 'x', '--chat-query', 'G'],
      ['chat', '+messages-send', '--chat-query', 'G', '--text', 'hi', '--yes'],
      ['chat', 'group', 'bots', '--group', 'G'],
      ['event', '+listen-im', '--kind', 'group', '--chat-query', 'G', '--yes'],
    ];
    const got = [];
    for (const argv of lines) {
      outputs.answer('im/search_groups', [found.result[0]]);
      const list = await sent(argv);
      outputs.answer('im/search_groups', null);
      const none = await sent(argv);
      got.push([argv.slice(0, 2).join(' '), list.reason, list.calls.map((c) => c[0]), none.reason]);
    }
    expect(got).toEqual(lines.map((argv) => [argv.slice(0, 2).join(' '), 'backend_error', ['im/search_groups'], 'not_found']));
  });
});

describe('aitable record commands read query_records through findRecords: a top-level records key holding null is no records collection (record_upsert_by_key.go:257-284, record_query_all.go:55-70, :259-262@c7521c1c)', () => {
  const base = ['--base-id', 'b1', '--table-id', 't1'];
  // the records under data and a null records key at the top: findRecords stops at the top key
  const nullTop = (records: unknown[]) => ({ records: null, data: { records, hasMore: false } });
  const underData = (records: unknown[]) => ({ data: { records, hasMore: false } });
  const rec = { recordId: 'r1', cells: { f1: 'v' } };

  it('+record-update and +record-upsert (an update) stop after the write when the read-back has records: null at the top; the same records under data alone verify', async () => {
    const got = [];
    for (const cmd of ['+record-update', '+record-upsert']) {
      const argv = ['aitable', cmd, ...base, '--records', JSON.stringify([rec]), '--yes'];
      outputs.answer('aitable/query_records', nullTop([rec]));
      const bad = await sent(argv);
      outputs.answer('aitable/query_records', underData([rec]));
      const good = await sent(argv);
      got.push([cmd, bad.reason, bad.calls.length, good.reason]);
    }
    expect(got).toEqual([['+record-update', 'partial_outcome', 2, undefined], ['+record-upsert', 'partial_outcome', 2, undefined]]);
  });

  it('+record-delete: a read-back with records: null at the top does not prove the deletion; {data: {records: []}} does', async () => {
    const argv = ['aitable', '+record-delete', ...base, '--record-ids', 'r1', '--yes'];
    outputs.answer('aitable/query_records', nullTop([]));
    const bad = await sent(argv);
    outputs.answer('aitable/query_records', underData([]));
    const good = await sent(argv);
    expect([bad.reason, bad.calls.map((c) => c[0]), good.reason]).toEqual(['partial_outcome', ['aitable/delete_records', 'aitable/query_records'], undefined]);
  });

  it('+record-bulk-patch and +record-upsert-by-key refuse a match read with records: null at the top before any write', async () => {
    outputs.answer('aitable/query_records', nullTop([rec]));
    const bulk = await sent(['aitable', '+record-bulk-patch', ...base, '--record-ids', 'r1', '--patch', '{"f1":"v"}', '--yes']);
    outputs.answer('aitable/query_records', nullTop([]));
    const byKey = await sent(['aitable', '+record-upsert-by-key', ...base, '--key-field-id', 'k', '--key-value', 'x', '--cells', '{"f1":"v"}', '--yes']);
    expect([bulk.reason, bulk.calls.map((c) => c[0]), byKey.reason, byKey.calls.map((c) => c[0])])
      .toEqual(['backend_error', ['aitable/query_records'], 'backend_error', ['aitable/query_records']]);
  });

  it('+attachment-put refuses a first read with records: null at the top before the upload', async () => {
    mcp.uploads.length = 0;
    outputs.answer('aitable/query_records', nullTop([{ recordId: 'r1', cells: { f1: [] } }]));
    const r = await sent(['aitable', '+attachment-put', ...base, '--record-id', 'r1', '--field-id', 'f1', '--file', 'a.pdf', '--yes'], { 'a.pdf': 'pdf' });
    expect([r.reason, r.calls.map((c) => c[0]), mcp.uploads.length]).toEqual(['backend_error', ['aitable/query_records'], 0]);
  });
});
