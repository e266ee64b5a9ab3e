// f-chat7: whole outputs of commands whose upstream writes into a directory given as --output, run as a user types
// them against the fake MCP server on 127.0.0.1 (test/plan/output-runs.ts). sheet export-csv saves sheet-export.csv
// into a directory and prints one info line after a save (helpers/sheet_export_csv.go:185-207@c7521c1c).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { BUSY, useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-f-chat7-');

/** A run in a fresh file root holding `files` and the directories `dirs`; its outcome and the root. */
async function inRoot(argv: string[], dirs: string[] = [], files: Record<string, string> = {}) {
  const env = runs.env();
  const root = env.DWS_FILE_ROOT;
  for (const d of dirs) mkdirSync(path.join(root, d), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  const outcome = await dispatchInProcess(argv, env);
  const result = outcome.error ? undefined : (JSON.parse(outcome.out) as { result: unknown }).result;
  return { root, outcome, result };
}

describe('sheet export-csv --output', () => {
  it('writes sheet-export.csv into an existing directory and prints one info line naming it', async () => {
    runs.answer('sheet/get_range_as_csv', { result: { csv: 'a,b\n1,2\n', hasMore: false } });
    const r = await inRoot(['sheet', 'export-csv', '--node', 'N1', '--output', 'out'], ['out']);
    expect(r.result).toBe('[INFO] CSV saved: out/sheet-export.csv');
    expect(readFileSync(path.join(r.root, 'out', 'sheet-export.csv'), 'utf8')).toBe('a,b\n1,2\n');
  });

  it('takes . as the directory it is', async () => {
    runs.answer('sheet/get_range_as_csv', { csv: 'x\n' });
    const r = await inRoot(['sheet', 'export-csv', '--node', 'N1', '--output', '.']);
    expect(r.result).toBe('[INFO] CSV saved: sheet-export.csv');
    expect(readFileSync(path.join(r.root, 'sheet-export.csv'), 'utf8')).toBe('x\n');
  });

  it('replaces a sheet-export.csv already in the directory', async () => {
    runs.answer('sheet/get_range_as_csv', { csv: 'new\n' });
    const r = await inRoot(['sheet', 'export-csv', '--node', 'N1', '--output', 'out'], ['out'], { 'out/sheet-export.csv': 'old\n' });
    expect(r.result).toBe('[INFO] CSV saved: out/sheet-export.csv');
    expect(readFileSync(path.join(r.root, 'out', 'sheet-export.csv'), 'utf8')).toBe('new\n');
  });

  it('writes a file path as named and says so in the line', async () => {
    runs.answer('sheet/get_range_as_csv', { result: { csv: 'a\n' } });
    const r = await inRoot(['sheet', 'export-csv', '--node', 'N1', '--output', 'data.csv']);
    expect(r.result).toBe('[INFO] CSV saved: data.csv');
    expect(readFileSync(path.join(r.root, 'data.csv'), 'utf8')).toBe('a\n');
  });

  it('says the saved CSV was cut when --allow-truncated let a truncated answer through', async () => {
    runs.answer('sheet/get_range_as_csv', { result: { csv: 'a\n', hasMore: true } });
    const r = await inRoot(['sheet', 'export-csv', '--node', 'N1', '--output', 'out', '--allow-truncated'], ['out']);
    expect(r.result).toBe('[INFO] CSV saved, cut short (not the whole sheet): out/sheet-export.csv');
    expect(readFileSync(path.join(r.root, 'out', 'sheet-export.csv'), 'utf8')).toBe('a\n');
  });

  it('writes nothing into the directory when the answer is truncated and not allowed', async () => {
    runs.answer('sheet/get_range_as_csv', { result: { csv: 'a\n', hasMore: true } });
    const r = await inRoot(['sheet', 'export-csv', '--node', 'N1', '--output', 'out'], ['out']);
    expect(r.outcome.error?.reason).toBe('invalid_parameter');
    expect(r.outcome.out).toBe('');
    expect(existsSync(path.join(r.root, 'out', 'sheet-export.csv'))).toBe(false);
  });

  it('still prints the CSV text itself without --output', async () => {
    runs.answer('sheet/get_range_as_csv', { result: { csv: 'a,b\n' } });
    expect((await inRoot(['sheet', 'export-csv', '--node', 'N1'])).result).toBe('a,b\n');
  });
});

describe('chat message download-media --output (chat.go:6459-6490@c7521c1c)', () => {
  const argv = (output: string) => ['chat', 'message', 'download-media', '--open-conversation-id', 'c', '--message-id', 'm', '--resource-id', 'r', '--type', 'mediaId', '--output', output];

  it('saves into an existing directory under the URL\'s last segment, decoded, and prints that path', async () => {
    runs.mcp.files['p%20q.png'] = Buffer.from('PNG');
    runs.answer('im/get_resource_download_url', { result: { resourceUrl: `${runs.mcp.base}/files/p%2520q.png?sig=1` } });
    const r = await inRoot(argv('media'), ['media']);
    expect(r.result).toEqual({ downloadUrl: `${runs.mcp.base}/files/p%2520q.png?sig=1`, output: 'media/p%20q.png', success: true });
    expect(readFileSync(path.join(r.root, 'media', 'p%20q.png'), 'utf8')).toBe('PNG');
  });

  it('takes a path ending in / as a directory, creating it', async () => {
    runs.mcp.files['v.mp4'] = Buffer.from('MP4');
    runs.answer('im/get_resource_download_url', { downloadUrl: `${runs.mcp.base}/files/v.mp4` });
    const r = await inRoot(argv('new/dir/'));
    expect(r.result).toEqual({ downloadUrl: `${runs.mcp.base}/files/v.mp4`, output: 'new/dir/v.mp4', success: true });
    expect(readFileSync(path.join(r.root, 'new', 'dir', 'v.mp4'), 'utf8')).toBe('MP4');
  });

  it('replaces a file already there, as os.Create does', async () => {
    runs.mcp.files['a.bin'] = Buffer.from('NEW');
    runs.answer('im/get_resource_download_url', { result: { resourceUrl: [`${runs.mcp.base}/files/a.bin`] } });
    const r = await inRoot(argv('.'), [], { 'a.bin': 'OLD' });
    expect(r.result).toEqual({ downloadUrl: `${runs.mcp.base}/files/a.bin`, output: 'a.bin', success: true });
    expect(readFileSync(path.join(r.root, 'a.bin'), 'utf8')).toBe('NEW');
  });

  it('sends the answer\'s headers with the GET, read where the URL is', async () => {
    runs.mcp.files['h.bin'] = Buffer.from('H');
    runs.answer('im/get_resource_download_url', { headers: { 'x-top': 'no' }, result: { resourceUrl: `${runs.mcp.base}/files/h.bin`, headers: { 'x-oss-token': 'k1' } } });
    await inRoot(argv('h.bin'));
    expect(runs.mcp.fetched).toHaveLength(1);
    expect(runs.mcp.fetched[0].headers['x-oss-token']).toBe('k1');
    expect(runs.mcp.fetched[0].headers['x-top']).toBeUndefined();
    runs.mcp.fetched.length = 0;
    runs.answer('im/get_resource_download_url', { resourceUrl: `${runs.mcp.base}/files/h.bin`, headers: { 'x-top': 'yes' } });
    await inRoot(argv('h2.bin'));
    expect(runs.mcp.fetched[0].headers['x-top']).toBe('yes');
  });
});

const { paged } = runs;

/** A message as upstream's readers print it (f-chat8: chatmsg.ProjectMessageV1, chatmsg.go:338@c7521c1c). */
const row = (id: string, text: string | null = null) => ({ createTime: null, messageId: id, sender: null, text });

describe('chat +chat-messages --page-all prints upstream\'s payload (smart/chat_messages.go:689-905@c7521c1c)', () => {
  const rpc = 'chat/list_conversation_message_v2';
  const argv = ['chat', '+chat-messages', '--conversation-id', 'cid1', '--time', '2026-03-09 12:00:00', '--page-all'];
  const page1 = { result: { messages: [{ openMessageId: 'm1', content: 'a' }, { openMessageId: 'm2', content: 'b' }], hasMore: true, nextCursor: 1773028800456 } };
  const page2 = { result: { messages: [{ openMessageId: 'm2', content: 'b' }, { openMessageId: 'm3', content: 'c' }], hasMore: false } };
  const base = { contractVersion: 'im.message-list.v1', paginationKnown: true, truncatedByPageLimit: false, truncatedByResultLimit: false, truncated: false };

  it('two pages to the end: the messages kept once each and the ledger (:866-:884)', async () => {
    const r = await paged(argv, rpc, [page1, page2]);
    expect(r.envelope).toBeUndefined();
    expect(r.sent.map((a) => a.time)).toEqual(['2026-03-09 12:00:00', '2026-03-09T04:00:00.456Z']);
    expect(r.printed).toEqual({
      ...base, messages: [row('m1', 'a'), row('m2', 'b'), row('m3', 'c')], count: 3,
      pagesFetched: 2, complete: true, hasMore: false, stopReason: 'source_complete', failedCount: 0, failures: [], partial: false,
      // h46-a5: attachUnfilteredSenderIdentitySemantics (smart/chat_messages.go:484-498@c7521c1c)
      senderFilter: { requested: false, applied: false, status: 'not_requested' }, identityResult: expect.objectContaining({ status: 'requires_query_check', negativeConclusionAllowed: false }),
    });
  });

  it('a failing first page is listed as a read failure, the payload in the envelope\'s ledger (:723-:731, :885)', async () => {
    const r = await paged(argv, rpc, [BUSY]);
    expect(r.printed).toBeUndefined();
    expect(r.envelope?.error.reason).toBe('pages_incomplete');
    expect(r.envelope?.ledger).toEqual({
      ...base, messages: [], count: 0, pagesFetched: 0, complete: false, hasMore: false, stopReason: 'read_failure', failedCount: 1,
      failures: [{ page: 1, stage: 'read', error: 'page 1 failed (business_error: list_conversation_message_v2 on the "chat" server failed: SYSTEM_ERROR: 服务繁忙)' }],
      partial: false,
    });
  });

  it('a later failing page keeps what was read: partial, hasMore (:723-:731)', async () => {
    const r = await paged(argv, rpc, [page1, BUSY]);
    expect(r.envelope?.error.reason).toBe('pages_incomplete');
    expect(r.envelope?.ledger).toMatchObject({
      messages: [row('m1', 'a'), row('m2', 'b')], count: 2, pagesFetched: 1, complete: false, hasMore: true,
      stopReason: 'read_failure', failedCount: 1, partial: true,
    });
    expect((r.envelope?.ledger as { failures: { page: number; stage: string }[] }).failures.map((f) => [f.page, f.stage])).toEqual([[2, 'read']]);
  });

  it('a page without a boolean hasMore: paginationKnown false, pagination_error (:772-:781)', async () => {
    const r = await paged(argv, rpc, [{ result: { messages: [{ openMessageId: 'm1' }], nextCursor: 5 } }]);
    expect(r.envelope?.ledger).toMatchObject({ paginationKnown: false, stopReason: 'pagination_error', complete: false, failedCount: 1, partial: true });
  });

  it('the page limit with more left: page_limit, truncated, exit 0 (:861-:864)', async () => {
    const r = await paged([...argv, '--page-limit', '1'], rpc, [page1]);
    expect(r.printed).toMatchObject({ count: 2, pagesFetched: 1, complete: false, hasMore: true, stopReason: 'page_limit', truncatedByPageLimit: true, truncated: true, failedCount: 0 });
  });

  it('without --page-all one page prints upstream\'s one-page payload (f-chat8, :650-:687); a failing page is its own error', async () => {
    const one = await paged(argv.slice(0, -1), rpc, [page1]);
    expect(one.printed).toEqual({
      contractVersion: 'im.message-list.v1', messages: [row('m1', 'a'), row('m2', 'b')], count: 2, pagesFetched: 1, enrichedCount: 0, paginationKnown: true,
      complete: false, hasMore: true, failedCount: 0, failures: [], partial: false, truncated: false, stopReason: 'single_page',
      nextPage: { direction: 'older', time: '2026-03-09T04:00:00.456Z', nextCursor: 1773028800456 },
      senderFilter: { requested: false, applied: false, status: 'not_requested' }, identityResult: expect.objectContaining({ status: 'requires_query_check', negativeConclusionAllowed: false }),
    });
    const failed = await paged(argv.slice(0, -1), rpc, [BUSY]);
    expect(failed.envelope?.error.reason).toBe('business_error');
  });
});

describe('chat +thread-replies --page-all prints upstream\'s payload (smart/thread_replies.go:365-489@c7521c1c)', () => {
  const rpc = 'chat/list_topic_replies';
  const argv = ['chat', '+thread-replies', '--group', 'cid1', '--thread-id', 't1', '--page-all'];
  const page1 = { data: { replies: [{ openMessageId: 'r1' }, { openMessageId: 'r2' }], hasMore: true, nextCursor: '1773028800000' } };
  const page2 = { data: { replies: [{ openMessageId: 'r2' }, { openMessageId: 'r3' }], hasMore: false } };
  // f-chat8: the result contract (applyThreadRepliesResultContract :268-:291) on every payload
  const base = { contractVersion: 'im.message-list.v1', paginationKnown: true, truncatedByPageLimit: false, truncated: false, order: 'desc', conversationId: 'cid1', threadId: 't1' };

  it('two pages to the end: the replies kept once each and the ledger (:457-:472)', async () => {
    const r = await paged(argv, rpc, [page1, page2]);
    expect(r.envelope).toBeUndefined();
    expect(r.sent.map((a) => a.startTime)).toEqual([undefined, '2026-03-09T04:00:00Z']);
    expect(r.printed).toEqual({
      ...base, replies: [row('r1'), row('r2'), row('r3')], count: 3, orderScope: 'complete_result',
      pagesFetched: 2, complete: true, hasMore: false, stopReason: 'source_complete', failedCount: 0, failures: [], partial: false,
    });
  });

  it('a failing first page is listed as a read failure, the payload in the envelope\'s ledger (:381-:387, :473)', async () => {
    const r = await paged(argv, rpc, [BUSY]);
    expect(r.envelope?.error.reason).toBe('pages_incomplete');
    expect(r.envelope?.ledger).toEqual({
      ...base, replies: [], count: 0, pagesFetched: 0, complete: false, hasMore: false, stopReason: 'read_failure', failedCount: 1, orderScope: 'fetched_pages',
      failures: [{ page: 1, stage: 'read', error: 'page 1 failed (business_error: list_topic_replies on the "chat" server failed: SYSTEM_ERROR: 服务繁忙)' }],
      partial: false,
    });
  });

  it('hasMore with no reply: a pagination failure after what was read (:417-:423)', async () => {
    const r = await paged(argv, rpc, [page1, { data: { replies: [], hasMore: true, nextCursor: '1773020000000' } }]);
    expect(r.envelope?.ledger).toMatchObject({ count: 2, pagesFetched: 2, complete: false, stopReason: 'pagination_error', failedCount: 1, partial: true });
    expect((r.envelope?.ledger as { failures: { page: number; stage: string }[] }).failures.map((f) => [f.page, f.stage])).toEqual([[2, 'pagination']]);
  });

  it('the page limit with more left: page_limit, truncated, exit 0 (:453-:456)', async () => {
    const r = await paged([...argv, '--page-limit', '1'], rpc, [page1]);
    expect(r.printed).toMatchObject({ count: 2, pagesFetched: 1, complete: false, hasMore: true, stopReason: 'page_limit', truncatedByPageLimit: true, truncated: true });
  });

  it('without --page-all one page prints upstream\'s one-page payload (f-chat8, :311-:361); a failing page is its own error', async () => {
    const { truncated: _t, truncatedByPageLimit: _p, ...one } = base;
    expect((await paged(argv.slice(0, -1), rpc, [page1])).printed).toEqual({
      ...one, replies: [row('r1'), row('r2')], count: 2, pagesFetched: 1, complete: false, hasMore: true, failedCount: 0, failures: [], partial: false,
      stopReason: 'single_page', orderScope: 'fetched_pages', nextPage: { direction: 'older', time: '2026-03-09T04:00:00Z', nextCursor: '1773028800000' },
    });
    expect((await paged(argv.slice(0, -1), rpc, [BUSY])).envelope?.error.reason).toBe('business_error');
  });
});
