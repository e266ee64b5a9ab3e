// What the composite commands audit-30z-b read send and print where dws differed from upstream's bodies at c7521c1c
// (issue 32, a-z2), run as a user types them against the recording backend on 127.0.0.1 (the personal-event service
// fixture for event status).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { rawText } from '../fixtures/mcp/server.js';
import { dispatchInProcess } from '../helpers.js';
import { eventEnv, startEventServer, type EventFixture } from '../fixtures/events/server.js';

const outputs = useOutputRuns('dws-az2-');
const { sent, mcp } = outputs;

describe('calendar +my-free reads both answers through rt.CallMCPData (smart/my_free.go:86, :121-128, runner.go:255-271@c7521c1c)', () => {
  it('a busy answer that is not an object is backend_error after the two calls; null and blank print no busy slot', async () => {
    outputs.answer('contact/get_current_user_profile', { result: { userId: 'u1' } });
    const got = [];
    for (const answer of [[{ result: [] }], 3, 'busy', null, rawText(' ')]) {
      outputs.answer('calendar/query_busy_status', answer);
      const r = await sent(['calendar', '+my-free']);
      got.push([r.reason, r.calls.length, r.printed]);
    }
    const refused = ['backend_error', 2, undefined];
    const none = [undefined, 2, { busy: [], free: true, userId: 'u1' }];
    expect(got).toEqual([refused, refused, refused, none, none]);
  });

  it('a profile answer that is not an object fails the call itself (no busy query)', async () => {
    outputs.answer('contact/get_current_user_profile', [{ result: { userId: 'u1' } }]);
    const r = await sent(['calendar', '+my-free']);
    expect([r.reason, r.calls.map((c) => c[0])]).toEqual(['backend_error', ['contact/get_current_user_profile']]);
  });
});

describe('sheet write-image / media-upload never read the hidden --file-id and --file-path (sheet_media.go:15-22, :136-155@c7521c1c)', () => {
  const files = { 'a.png': 'PNG1' };
  it('--file-path alone leaves --file missing and --file-id alone leaves --node missing: refused before any call', async () => {
    const got = [];
    for (const argv of [
      ['sheet', 'write-image', '--node', 'N1', '--sheet-id', 'S1', '--range', 'A1', '--file-path', 'a.png'],
      ['sheet', 'write-image', '--file-id', 'N1', '--sheet-id', 'S1', '--range', 'A1', '--file', 'a.png'],
      ['sheet', 'media-upload', '--node', 'N1', '--file-path', 'a.png'],
      ['sheet', 'media-upload', '--file-id', 'N1', '--file', 'a.png'],
    ]) {
      const r = await sent(argv, files);
      got.push([r.reason === undefined ? 'sent' : 'refused', r.calls.length]);
    }
    expect(got).toEqual([['refused', 0], ['refused', 0], ['refused', 0], ['refused', 0]]);
  });

  it('beside --node and --file they change nothing', async () => {
    outputs.answer('doc/get_doc_attachment_upload_info', { uploadUrl: `${mcp.base}/upload/w1`, resourceId: 'R1' });
    const r = await sent(['sheet', 'write-image', '--node', 'N1', '--file-id', 'X', '--sheet-id', 'S1', '--range', 'A1', '--file', 'a.png', '--file-path', 'b.png'], files);
    expect(r.calls).toEqual([
      ['doc/get_doc_attachment_upload_info', { nodeId: 'N1', fileName: 'a.png', fileSize: 4, mimeType: 'image/png' }],
      ['sheet/write_image', { nodeId: 'N1', sheetId: 'S1', rangeAddress: 'A1', resourceId: 'R1', resourceUrl: '' }],
    ]);
  });
});

describe('aitable +attachment-remove reads the record as readAttachmentCell does (attachment_composite.go:315-362, record_upsert_by_key.go:257-284@c7521c1c)', () => {
  const argv = (...sel: string[]) => ['aitable', '+attachment-remove', '--base-id', 'B', '--table-id', 'T', '--record-id', 'R', '--field-id', 'F', ...sel, '--yes'];
  it('a kept item whose token is only a line break is kept as it is (any non-empty text is a token)', async () => {
    const cell = (items: object[]) => ({ records: [{ recordId: 'R', cells: { F: items } }] });
    outputs.answersInTurn('aitable/query_records', cell([{ fileName: 'a.pdf', fileToken: 't1' }, { name: 'b', fileToken: '\n' }]), cell([{ fileToken: '\n' }]));
    const r = await sent(argv('--remove-name', 'a.pdf'));
    expect(r.reason).toBeUndefined();
    expect(r.calls[1]).toEqual(['aitable/update_records', { baseId: 'B', tableId: 'T', records: [{ recordId: 'R', cells: { F: [{ fileToken: '\n' }] } }] }]);
  });

  it('a records key holding anything but a list is refused before any write, data and result not read', async () => {
    const got = [];
    for (const answer of [{ records: null, data: { records: [{ recordId: 'R', cells: { F: [{ fileToken: 't' }] } }] } }, { records: { R: 1 } }, { records: 'x' }]) {
      outputs.answer('aitable/query_records', answer);
      const r = await sent(argv('--clear-all'));
      got.push([r.reason, r.calls.length]);
    }
    expect(got).toEqual([['backend_error', 1], ['backend_error', 1], ['backend_error', 1]]);
  });
});

describe('chat +chat-invite-url / +chat-bots: the group is the trimmed --group, else --chat-query/--group-query (resolver.go:588-624, chat_group.go:1358-1368@c7521c1c)', () => {
  it('a stable id typed through the hidden query spellings is sent', async () => {
    const invite = await sent(['chat', '+chat-invite-url', '--group', ' ', '--chat-query', ' cidAAAAAAAAAAAA ', '--expires-seconds', '0']);
    expect(invite.calls).toEqual([['im/get_group_invite_url', { openConversationId: 'cidAAAAAAAAAAAA', cid: 'cidAAAAAAAAAAAA', expiresSeconds: 0 }]]);
    const bots = await sent(['chat', '+chat-bots', '--group-query', 'cidAAAAAAAAAAAA']);
    expect(bots.calls).toEqual([['bot/list_group_bots', { openConversationId: 'cidAAAAAAAAAAAA' }]]);
  });
});

describe('drive +version-get numbers a version as versionNumber does (version_operations.go:255-268@c7521c1c)', () => {
  it('a text is read by fmt.Sscanf %d: its leading whole number after spaces and a sign; a newline first reads none', async () => {
    const got = [];
    for (const text of ['3abc', '03', ' +3', '3.0', '\n3', 'v3']) {
      outputs.answer('drive/list_file_versions', { versions: [{ version: text }] });
      const r = await sent(['drive', '+version-get', '--node', 'n1', '--version', '3']);
      got.push(r.reason ?? (r.printed as { version: { version: unknown } }).version.version);
    }
    expect(got).toEqual(['3abc', '03', ' +3', '3.0', 'backend_error', 'backend_error']);
  });
});

describe('markdown create reads its upload credentials as uploadToDrive/uploadToDocSpace do (drive.go:3745-3834, drive_transfer.go:828-850, drive.go:227-280, doc.go:263-291@c7521c1c)', () => {
  const drive = ['markdown', 'create', '--name', 'R.md', '--content', '# x', '--space-id', 's1'];
  it('credentials at the top of the answer, resourceUrl and uploadUrl fallbacks, text headers only', async () => {
    outputs.answer('drive/get_upload_info', { uploadId: 'up1', uploadUrl: `${mcp.base}/upload/d1`, headers: { 'x-sign': 's', 'x-n': 5 } });
    const d = await sent(drive);
    expect(d.calls.map((c) => c[0])).toEqual(['drive/get_upload_info', 'drive/commit_upload']);
    expect(d.calls[1][1]).toMatchObject({ uploadId: 'up1' });
    expect(mcp.uploads.at(-1)?.headers['x-sign']).toBe('s');
    expect(mcp.uploads.at(-1)?.headers['x-n']).toBeUndefined();
    outputs.answer('doc/get_file_upload_info', { resourceUrl: `${mcp.base}/upload/k1`, uploadKey: 'k1' });
    const doc = await sent(['markdown', 'create', '--name', 'R.md', '--content', '# x']);
    expect(doc.calls).toEqual([['doc/get_file_upload_info', {}], ['doc/commit_uploaded_file', { uploadKey: 'k1', name: 'R.md', fileSize: 3 }]]);
  });

  it('incomplete credentials stop before the PUT', async () => {
    mcp.uploads.length = 0;
    outputs.answer('drive/get_upload_info', { result: { resourceUrls: [{ url: `${mcp.base}/upload/d2` }] } });
    const d = await sent(drive);
    outputs.answer('doc/get_file_upload_info', { result: { resourceUrl: `${mcp.base}/upload/k2` } });
    const doc = await sent(['markdown', 'create', '--name', 'R.md', '--content', '# x']);
    expect([d.reason, d.calls.length, doc.reason, doc.calls.length, mcp.uploads.length]).toEqual(['backend_error', 1, 'backend_error', 1, 0]);
  });

  it('a drive PUT refused with 403 asks for fresh credentials and commits the fresh uploadId', async () => {
    outputs.answersInTurn('drive/get_upload_info', { result: { uploadId: 'old', resourceUrls: [{ url: `${mcp.base}/upload/d3?status=403` }] } },
      { result: { uploadId: 'new', resourceUrls: [{ url: `${mcp.base}/upload/d4` }] } });
    const r = await sent(drive);
    expect(r.calls.map((c) => c[0])).toEqual(['drive/get_upload_info', 'drive/get_upload_info', 'drive/commit_upload']);
    expect(r.calls[2][1]).toMatchObject({ uploadId: 'new' });
  });
});

describe('event status filters as runPersonalEventStatus / ListSubscriptions do (personal/client.go:220-282@c7521c1c)', () => {
  let fx: EventFixture;
  let stateRoot: string;
  beforeAll(async () => {
    fx = await startEventServer();
    stateRoot = mkdtempSync(path.join(os.tmpdir(), 'dws-az2-event-'));
  });
  afterAll(async () => {
    await fx.close();
    rmSync(stateRoot, { recursive: true, force: true });
  });
  const ids = async (...args: string[]) => {
    const o = await dispatchInProcess(['event', 'status', ...args], eventEnv(fx, stateRoot));
    if (o.error) return o.error.reason;
    const result = (JSON.parse(o.out) as { result: unknown }).result;
    return typeof result === 'string' ? 'text' : (result as { subscriptions: { subscribe_id: string }[] }).subscriptions.map((s) => s.subscribe_id);
  };

  it('--status "" keeps every status; filters are compared untrimmed; an unknown key matches nothing; only json prints JSON', async () => {
    fx.reset();
    fx.subscriptions.push({ subId: 'sub_1', eventKey: 'user_im_message_receive_at', ruleType: 'at', sourceId: 'open', status: 1, gmtCreate: '' },
      { subId: 'sub_2', eventKey: 'user_im_message_receive_at', ruleType: 'at', sourceId: 'open', status: 3, gmtCreate: '' });
    expect(await ids('--format', 'json')).toEqual(['sub_1']);
    expect(await ids('--format', 'json', '--status', '')).toEqual(['sub_1', 'sub_2']);
    expect(await ids('--format', 'json', '--status', ' all ')).toEqual([]);
    expect(await ids('--format', 'json', '--event', ' user_im_message_receive_at ')).toEqual([]);
    expect(await ids('--format', 'json', '--event', 'no_such_event')).toEqual([]);
    expect(await ids('--format', 'json', '--subscribe-id', 'sub_1 ')).toEqual([]);
    expect(await ids('--format', 'JSON')).toBe('text');
    expect(await ids('--format', 'xml')).toBe('text');
  });
});
