// The executor's rules on real plans against the recording MCP backend (127.0.0.1): bounded paging with canned
// cursors, resolution refusals that list candidates, partial_outcome after a write, replay only for reads, the
// confirmation gate for the whole plan, uploads and downloads confined to the file root.
import { mkdtempSync, mkdirSync, readFileSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadFile } from '../../src/backend/transfer.js';
import { dispatchInProcess, type DispatchOutcome } from '../helpers.js';
import { useMcpServer, type McpFixture, recordingEnv } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();
let root: string;
let outside: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'dws-exec-root-'));
  outside = mkdtempSync(path.join(tmpdir(), 'dws-exec-outside-'));
  writeFileSync(path.join(root, 'a.txt'), 'attachment bytes');
  writeFileSync(path.join(outside, 'secret.txt'), 'not yours');
  symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'link.txt'));
  mkdirSync(path.join(root, 'out'));
});

const env = () => ({ ...recordingEnv(mcp.urlTemplate, 'tok-exec'), DWS_FILE_ROOT: root, XDG_STATE_HOME: process.env.XDG_STATE_HOME! });

function run(argv: string[]): Promise<DispatchOutcome> {
  return dispatchInProcess(argv, env());
}

/** Pages of list_all_conversations: page n (cursor n) holds conversation n; the next cursor is n+1 up to `last`. */
function pages(last: number, more = true): McpFixture['answers'][string] {
  return (args) => {
    const n = typeof args.cursor === 'number' ? args.cursor : 0;
    return { result: { conversationList: [{ openConversationId: `c${n}` }], hasMore: more && n < last, nextCursor: n < last ? n + 1 : 0 } };
  };
}

describe('paging', () => {
  const list = ['chat', '+conversation-list', '--limit', '10'];

  it('one page unless --page-all: the cursor is not followed', async () => {
    mcp.answers['im/list_all_conversations'] = pages(9);
    const r = await run(list);
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ limit: 10 }]);
    expect(JSON.parse(r.out).result.conversations).toEqual([{ openConversationId: 'c0' }]);
  });

  it('--page-all follows the cursor up to --page-limit and concatenates the items; the last cursor still says more exists', async () => {
    mcp.answers['im/list_all_conversations'] = pages(9);
    const r = await run([...list, '--page-all', '--page-limit', '3']);
    expect(mcp.calls.map((c) => c.arguments.cursor)).toEqual([undefined, 1, 2]);
    const result = JSON.parse(r.out).result;
    expect(result.conversations.map((c: { openConversationId: string }) => c.openConversationId)).toEqual(['c0', 'c1', 'c2']);
    expect(result).toMatchObject({ hasMore: true, nextCursor: 3, stopReason: 'page_limit', pagesFetched: 3 });
  });

  it('stops when the next cursor is empty, before the bound', async () => {
    mcp.answers['im/list_all_conversations'] = pages(1);
    await run([...list, '--page-all', '--page-limit', '50']);
    expect(mcp.calls.length).toBe(2);
  });

  it('stops when the result says there is no more, even with a cursor', async () => {
    mcp.answers['im/list_all_conversations'] = pages(9, false);
    await run([...list, '--page-all']);
    expect(mcp.calls.length).toBe(1);
  });

  it('stops when the backend repeats the cursor it was sent', async () => {
    mcp.answers['im/list_all_conversations'] = () => ({ result: { conversationList: [], hasMore: true, nextCursor: 5 } });
    await run([...list, '--page-all', '--cursor', '5']);
    expect(mcp.calls.length).toBe(1);
  });

  it('page-number paging numbers the calls (as text) and stops after a short page or at the bound', async () => {
    const cards = (n: number) => ({ result: { todoCards: Array.from({ length: n }, (_, i) => ({ taskId: `t${i}`, dueTime: 1000 })) } });
    mcp.answers['todo/get_user_todos_in_current_org'] = (_a, k) => cards(k < 2 ? 20 : 5);
    const r = await run(['todo', '+overdue']);
    expect(mcp.calls.map((c) => c.arguments)).toEqual(['1', '2', '3'].map((n) => ({ pageNum: n, pageSize: '20', roleTypes: ['executor'] })));
    expect(JSON.parse(r.out).result.overdue.length).toBe(45);
    mcp.calls.length = 0;
    mcp.answers['todo/get_user_todos_in_current_org'] = () => cards(20);
    await run(['todo', '+overdue']);
    expect(mcp.calls.length).toBe(40);
  });

  it('a transient failure of a read page is retried', async () => {
    mcp.answers['im/list_all_conversations'] = pages(0);
    mcp.faults.push({ tool: 'list_all_conversations', status: 503, times: 1 });
    const r = await run(list);
    expect(r.error).toBeUndefined();
    expect(mcp.calls.length).toBe(2);
  });
});

describe('resolve', () => {
  // upstream's get_tables answer names a table by tableName (aitabletarget ResolveTableName, resolver.go:238-296@c7521c1c;
  // f-mix7: the plan matches as selectCandidate does and prints status and matchType)
  const tables = (names: string[]) => () => ({ tables: names.map((tableName, i) => ({ tableName, tableId: `t${i}` })) });
  const resolve = ['aitable', '+resolve-table', '--base', 'b1', '--name', '任务'];

  it('exactly one exact name: later values read the candidate', async () => {
    mcp.answers['aitable/get_tables'] = tables(['任务', '任务归档']);
    const r = await run(resolve);
    expect(JSON.parse(r.out).result).toEqual({ base: 'b1', matchType: 'exact', name: '任务', resolved: true, status: 'resolved', tableId: 't0' });
  });

  it('no exact name: not_found (exit 3), unless --fuzzy finds exactly one containing it', async () => {
    mcp.answers['aitable/get_tables'] = tables(['任务归档', '其他']);
    const r = await run(resolve);
    expect({ reason: r.error?.reason, exit: r.error?.exitCode }).toEqual({ reason: 'not_found', exit: 3 });
    const fuzzy = await run([...resolve, '--fuzzy']);
    expect(JSON.parse(fuzzy.out).result.tableId).toBe('t0');
  });

  it('several candidates: ambiguous_match (exit 3) listing them, never a guess', async () => {
    mcp.answers['aitable/get_tables'] = tables(['任务一', '任务二', '其他']);
    const r = await run([...resolve, '--fuzzy']);
    expect({ reason: r.error?.reason, exit: r.error?.exitCode }).toEqual({ reason: 'ambiguous_match', exit: 3 });
    expect((JSON.parse(r.error!.envelope()) as { details: unknown }).details).toEqual({
      status: 'ambiguous', entityType: 'table', query: '任务', candidates: [{ id: 't0', name: '任务一' }, { id: 't1', name: '任务二' }],
    });
    expect(r.out).toBe('');
  });
});

describe('writes', () => {
  const share = ['minutes', '+share', '--id', 'm1', '--member-uids', 'u1,u2,u3', '--permission', 'view', '--yes'];

  it('the whole plan needs one confirmation: without --yes nothing is called', async () => {
    const r = await run(share.slice(0, -1));
    expect(r.error?.reason).toBe('confirmation_required');
    expect(mcp.calls).toEqual([]);
  });

  it('one call per element, in order', async () => {
    // each answer acknowledges its write, as upstream's RequireWriteAcknowledgement asks (workflows.go:648)
    mcp.answers['minutes/add_member_permission'] = () => ({ success: true, result: true });
    const r = await run(share);
    expect(r.error).toBeUndefined();
    expect(mcp.calls.map((c) => c.arguments)).toEqual(['u1', 'u2', 'u3'].map((u) => ({ memberUids: [u], policyId: 4, uuids: ['m1'] })));
  });

  it('a failure after a write completed is partial_outcome (exit 7) naming the completed calls and the failed step', async () => {
    // The first call succeeds and queues a refusal (HTTP 400) for the next one.
    mcp.answers['minutes/add_member_permission'] = (_a, k) => {
      if (k === 0) mcp.faults.push({ tool: 'add_member_permission', status: 400, times: 1 });
      return { success: true, permissionId: `p${k}` };
    };
    const r = await run(share);
    expect({ reason: r.error?.reason, exit: r.error?.exitCode, category: r.error?.category }).toEqual({ reason: 'partial_outcome', exit: 7, category: 'partial' });
    expect(r.error?.message).toContain('call[0] (write {"permissionId":"p0"})');
    // upstream's default failure policy (stop, workflows.go:652): the ledger of results, the failed member and the one
    // not attempted ends the run as minutes_permission_partial, inside partial_outcome once a member was granted
    expect(r.error?.message).toContain('minutes_permission_partial');
    const ledger = (r.error?.payload as { details?: Record<string, unknown> } | undefined)?.details;
    expect({ failed: ledger?.failed, succeeded: ledger?.succeeded, unattempted: ledger?.unattempted }).toEqual({ failed: 1, succeeded: 1, unattempted: ['u3'] });
    expect(r.out).toBe('');
    expect(mcp.calls.length).toBe(2);
  });

  it('a write step is never replayed: a transient failure after sending is outcome_unknown with one call', async () => {
    mcp.faults.push({ tool: 'add_message_favorite', status: 503, times: 1 });
    const r = await run(['chat', '+flag-create', '--conversation-id', 'c1', '--message-id', 'm1', '--yes']);
    expect({ reason: r.error?.reason, exit: r.error?.exitCode }).toEqual({ reason: 'outcome_unknown', exit: 1 });
    expect(mcp.calls.length).toBe(1);
  });

  it('--dry-run of a multi-element write shows every element and calls nothing', async () => {
    const r = await run([...share, '--dry-run']);
    expect(JSON.parse(r.out).steps[0]).toMatchObject({ id: 'call', for_each: ['u1', 'u2', 'u3'], arguments: { memberUids: ['<item>'] } });
    expect(mcp.calls).toEqual([]);
  });
});

describe('uploads and downloads', () => {
  const upload = (file: string) => ['doc', 'media', 'upload', '--node', 'n1', '--file', file, '--yes'];
  beforeEach(() => {
    mcp.answers['doc/get_doc_attachment_upload_info'] = () => ({ result: { uploadUrl: `${mcp.base}/upload/att`, resourceId: 'r1', resourceUrl: 'https://example.invalid/r1' } });
  });

  it('PUTs the file bytes to the URL the first step returned, with its size and type, and prints the resource', async () => {
    const r = await run(upload('a.txt'));
    expect(r.error).toBeUndefined();
    expect(mcp.calls[0].arguments).toEqual({ fileName: 'a.txt', fileSize: 16, mimeType: 'text/plain', nodeId: 'n1' });
    expect(mcp.uploads.map((u) => ({ name: u.name, bytes: u.bytes.toString(), type: u.headers['content-type'], length: u.headers['content-length'] })))
      .toEqual([{ name: 'att', bytes: 'attachment bytes', type: 'text/plain', length: '16' }]);
    expect(mcp.uploads[0].headers.authorization).toBeUndefined();
    // upstream's receipt (runDocMediaUpload, helpers/doc_media_upload.go:74-81@c7521c1c; p-misc)
    expect(JSON.parse(r.out).result).toEqual({ nodeId: 'n1', resourceId: 'r1', resourceUrl: 'https://example.invalid/r1', fileName: 'a.txt', mimeType: 'text/plain', size: 16 });
  });

  it('refuses a symlink that leads outside the file root, and a path outside it, before any call', async () => {
    for (const file of ['link.txt', path.join(outside, 'secret.txt'), '../x.txt']) {
      const r = await run(upload(file));
      expect(r.error?.reason, file).toBe('invalid_parameter');
    }
    expect(mcp.calls).toEqual([]);
    expect(mcp.uploads).toEqual([]);
  });

  it('refuses a file larger than the bound', async () => {
    await expect(uploadFile({ file: 'a.txt', url: `${mcp.base}/upload/x`, headers: {}, maxBytes: 4, timeoutMs: 5000 }, env()))
      .rejects.toMatchObject({ reason: 'invalid_parameter' });
    expect(mcp.uploads).toEqual([]);
  });

  it('downloads the URL the first step returned into --output inside the file root', async () => {
    mcp.files['m.bin'] = Buffer.from('media bytes');
    mcp.answers['im/get_resource_download_url'] = () => ({ result: { resourceUrl: `${mcp.base}/files/m.bin` } });
    const argv = ['chat', 'message', 'download-media', '--open-conversation-id', 'c', '--message-id', 'm', '--resource-id', 'r', '--type', 'mediaId', '--output'];
    const r = await run([...argv, 'out/m.bin']);
    expect(r.error).toBeUndefined();
    expect(readFileSync(path.join(root, 'out', 'm.bin'), 'utf8')).toBe('media bytes');
    // upstream's JSON mode prints the URL it fetched and the path (chat.go:6487); a-j2
    expect(JSON.parse(r.out).result).toEqual({ downloadUrl: `${mcp.base}/files/m.bin`, output: 'out/m.bin', success: true });
    const escape = await run([...argv, path.join(outside, 'stolen.bin')]);
    expect(escape.error?.reason).toBe('invalid_parameter');
    expect(existsSync(path.join(outside, 'stolen.bin'))).toBe(false);
  });

  it('doc +create writes markdown over 10000 characters as upstream: the first piece with the create, the rest appended in order', async () => {
    const text = `${'a'.repeat(9000)}\n${'b'.repeat(2500)}\n${'c'.repeat(9000)}`;
    mcp.answers['doc/create_document'] = () => ({ result: { nodeId: 'n9' } });
    // the read-back shows the whole text, so it is accepted at the first read (readDocVerification; a-k2)
    mcp.answers['doc/get_document_content'] = () => ({ result: { markdown: text } });
    const r = await run(['doc', '+create', '--name', 'long', '--content', text]);
    expect(r.error).toBeUndefined();
    expect(mcp.calls.filter((c) => c.name !== 'get_document_content').map((c) => [c.name, c.arguments])).toEqual([
      ['create_document', { name: 'long', markdown: `${'a'.repeat(9000)}\n` }],
      ['update_document', { nodeId: 'n9', markdown: `${'b'.repeat(2500)}\n`, mode: 'append' }],
      ['update_document', { nodeId: 'n9', markdown: 'c'.repeat(9000), mode: 'append' }],
    ]);
  });

  // h40-a3: the runner's preflight get_document_info goes first (app/doc_download_preflight.go:34-83@c7521c1c)
  it('an atomic command whose upstream body also fetches the file writes --output (doc download: the preflight, download_file, then the signed URL)', async () => {
    mcp.files['doc.pdf'] = Buffer.from('%PDF bytes');
    mcp.answers['doc/get_document_info'] = () => ({ result: { extension: 'pdf' } });
    mcp.answers['doc/download_file'] = () => ({ result: { resourceUrl: [`${mcp.base}/files/doc.pdf`], headers: { 'x-oss-sig': 's1' } } });
    const r = await run(['doc', 'download', '--node', 'n1', '--output', 'out/doc.pdf']);
    expect(r.error).toBeUndefined();
    expect(mcp.calls.map((c) => [c.name, c.arguments])).toEqual([['get_document_info', { nodeId: 'n1' }], ['download_file', { nodeId: 'n1' }]]);
    expect(readFileSync(path.join(root, 'out', 'doc.pdf'), 'utf8')).toBe('%PDF bytes');
    expect(JSON.parse(r.out).result).toEqual({ success: true, nodeId: 'n1', savedPath: 'out/doc.pdf', sizeBytes: 10 });
  });
});
