// Multi-step commands through dispatch (`dws <cli path>`, runDispatch in this process) against the recording MCP
// backend (test/fixtures/mcp/server.ts) and the real journal: one confirmation covers the whole plan; --dry-run
// prints every step and calls nothing; a failure after a write is partial_outcome (exit 7) naming the completed
// steps with their ids and the step that failed, and the journal records every call, the failed one included (a mail
// reply sends the draft its first write made, and stops with partial_outcome when the send fails or no draft id came back); an
// upload from a local file is bounded and never leaves the file root; a plan hands over to a local command
// (event +listen-im -> event consume) with that command's own checks, streaming its lines; a download stays inside
// its target directory whatever name the URL carries, keeps an existing file unless told, and is bounded.
import { existsSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dispatchTool } from '../../../src/dispatch/cli.js';
import { downloadUrl } from '../../../src/backend/transfer.js';
import { verifyJournal, type JournalRecord } from '../../../src/journal/record.js';
import { shippedEngine, dispatchInProcess, type DispatchOutcome } from '../../helpers.js';
import { useMcpServer, recordingEnv } from '../../fixtures/mcp/server.js';
import { personalFrame, startEventServer, type EventFixture } from '../../fixtures/events/server.js';

const TOKEN = 'tok-multi-never-printed';
const mcp = useMcpServer();
let events: EventFixture;
let dir: string;

beforeAll(async () => {
  events = await startEventServer();
});
afterAll(async () => {
  await events.close();
});
beforeEach(() => {
  events.reset();
  dir = mkdtempSync(path.join(os.tmpdir(), 'dws-multi-dispatch-'));
  mcp.answers = {
    'contact/search_contact_by_key_word': (args) => ({ result: [{ name: String(args.keyword), userId: `u-${String(args.keyword)}`, openDingTalkId: `od-${String(args.keyword)}` }] }),
    'calendar/create_calendar_event': () => ({ result: { eventId: 'evt-42' } }),
    'calendar/get_calendar_detail': () => ({ result: { eventId: 'evt-42', summary: '周会' } }),
  };
});

function env(): Record<string, string> {
  return {
    ...recordingEnv(mcp.urlTemplate, TOKEN), DWS_FILE_ROOT: dir,
    DWS_JOURNAL: path.join(dir, 'journal.jsonl'), DWS_STATE_DIR: path.join(dir, 'state'),
    DWS_EVENT_URL: events.controlUrl, DWS_CLIENT_ID: 'client-dws-test',
  };
}

function run(argv: string[]): Promise<DispatchOutcome> {
  return dispatchInProcess(argv, env());
}

/** The answered calls (each call's sent record before it is left out). */
const journal = (): JournalRecord[] => readFileSync(path.join(dir, 'journal.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as JournalRecord)
  .filter((r) => r.outcome !== 'sent');

const BOOK = ['calendar', '+book', '--title', '周会', '--start', '2026-03-10T14:00:00+08:00', '--end', '2026-03-10T15:00:00+08:00', '--with', '张三,李四'];

describe('a multi-step write through dispatch', () => {
  it('needs one --yes for the whole plan: refused without it (no call), then every step runs once', async () => {
    const refused = await run(BOOK);
    expect(refused.error?.reason).toBe('confirmation_required');
    expect(mcp.calls).toEqual([]);
    const done = await run([...BOOK, '--yes']);
    expect(done.error).toBeUndefined();
    expect(mcp.calls.map((c) => `${c.server}/${c.name}`)).toEqual([
      'contact/search_contact_by_key_word', 'contact/search_contact_by_key_word', 'calendar/create_calendar_event', 'calendar/add_calendar_participant', 'calendar/get_calendar_detail',
    ]);
    expect(mcp.calls[3].arguments).toEqual({ eventId: 'evt-42', attendeesToAdd: ['u-张三', 'u-李四'] });
    expect(JSON.parse(done.out)).toEqual({ result: { result: { eventId: 'evt-42', summary: '周会' } } });
    expect(done.out).not.toContain(TOKEN);
  });

  it('--dry-run prints every step, placeholders for what earlier results decide, the rollback, and calls nothing', async () => {
    const r = await run([...BOOK, '--dry-run']);
    expect(r.error).toBeUndefined();
    expect(mcp.calls).toEqual([]);
    const plan = JSON.parse(r.out) as { steps: { id: string; arguments?: Record<string, unknown>; for_each?: unknown; rollback?: unknown }[] };
    // no_event_id is the check after the create, shown because the create's answer decides it
    expect(plan.steps.map((s) => s.id)).toEqual(['attendees', 'create', 'no_event_id', 'invite', 'detail']);
    expect(plan.steps[0].for_each).toEqual(['张三', '李四']);
    // p-cal: the event id is the first non-blank text among the spellings (shortcutPickID, book.go:185-192)
    expect(plan.steps[3].arguments).toEqual({ eventId: '<from create.eventId | keep_matching \\P{White_Space} | first>', attendeesToAdd: '<from attendees.[*].userId>' });
    expect(plan.steps[3].rollback).toEqual({ server: 'calendar', rpc: 'delete_calendar_event', arguments: { eventId: '<from create.eventId | keep_matching \\P{White_Space} | first>' } });
  });

  it('inviting fails after the create: the event is deleted again (upstream book.go:146), rolled_back (exit 1); the journal has every call', async () => {
    mcp.faults.push({ tool: 'add_calendar_participant', status: 400, times: 1 });
    const r = await run([...BOOK, '--yes']);
    expect(r.error?.reason).toBe('rolled_back');
    expect(r.error?.exitCode).toBe(1);
    expect(r.error?.message).toContain('step "invite" failed');
    expect(r.error?.message).toContain('calendar.delete_calendar_event took effect, undoing the completed writes (create {"eventId":"evt-42"})');
    expect(r.out).toBe('');
    expect(mcp.calls.map((c) => c.name)).toEqual(['search_contact_by_key_word', 'search_contact_by_key_word', 'create_calendar_event', 'add_calendar_participant', 'delete_calendar_event']);
    expect(mcp.calls[4].arguments).toEqual({ eventId: 'evt-42' });
    const records = journal();
    expect(records.map((x) => [x.step, x.server, x.rpc, x.outcome])).toEqual([
      [1, 'contact', 'search_contact_by_key_word', 'ok'], [1, 'contact', 'search_contact_by_key_word', 'ok'],
      [2, 'calendar', 'create_calendar_event', 'ok'], [4, 'calendar', 'add_calendar_participant', 'failed'], [4, 'calendar', 'delete_calendar_event', 'ok'],
    ]);
    expect(records[2].ids).toEqual({ eventId: ['evt-42'] });
    const file = path.join(dir, 'journal.jsonl');
    expect(verifyJournal({ text: readFileSync(file, 'utf8'), anchor: readFileSync(`${file}.head`, 'utf8'), requireAnchor: true })).toMatchObject({ valid: true, records: 10 });
    expect(readFileSync(path.join(dir, 'journal.jsonl'), 'utf8')).not.toContain(TOKEN);
  });

  it('a rollback that fails too is partial_outcome (exit 7) naming the event id, both failures and the failed step; the delete is sent once', async () => {
    mcp.faults.push({ tool: 'add_calendar_participant', status: 400, times: 1 }, { tool: 'delete_calendar_event', status: 503, times: 1 });
    const r = await run([...BOOK, '--yes']);
    expect(r.error?.reason).toBe('partial_outcome');
    expect(r.error?.exitCode).toBe(7);
    expect(r.error?.message).toContain('create (write {"eventId":"evt-42"})');
    expect(r.error?.message).toContain('step "invite" failed');
    expect(r.error?.message).toContain('its rollback calendar.delete_calendar_event failed too');
    expect(mcp.calls.filter((c) => c.name === 'delete_calendar_event')).toHaveLength(1);
  });

  it('reads the new event id where upstream looks (eventId or id, at the top or under result, event, data); none found stops before inviting', async () => {
    mcp.answers['calendar/create_calendar_event'] = () => ({ data: { id: 'evt-data' } });
    const ok = await run([...BOOK, '--yes']);
    expect(ok.error).toBeUndefined();
    expect(mcp.calls[3].arguments).toEqual({ eventId: 'evt-data', attendeesToAdd: ['u-张三', 'u-李四'] });
    expect(mcp.calls[4].arguments).toEqual({ eventId: 'evt-data' });

    mcp.calls.length = 0;
    mcp.answers['calendar/create_calendar_event'] = () => ({ result: { title: 'no id here' } });
    const r = await run([...BOOK, '--yes']);
    expect(r.error?.reason).toBe('partial_outcome');
    expect(r.error?.message).toContain('its eventId could not be read from the answer');
    expect(mcp.calls.map((c) => c.name)).toEqual(['search_contact_by_key_word', 'search_contact_by_key_word', 'create_calendar_event']);
  });

  it('--with holding no name is refused before any call, as upstream (book.go:116)', async () => {
    const r = await run([...BOOK.slice(0, -1), ' , ', '--yes']);
    expect(r.error?.reason).toBe('invalid_parameter');
    expect(r.error?.message).toContain('--with needs at least one attendee name');
    expect(mcp.calls).toEqual([]);
  });

  it('a transient failure of the write is not replayed: one create, outcome unknown, and nothing after it', async () => {
    mcp.faults.push({ tool: 'create_calendar_event', status: 503, times: 1 });
    const r = await run([...BOOK, '--yes']);
    expect(r.error?.reason).toBe('outcome_unknown');
    expect(mcp.calls.filter((c) => c.name === 'create_calendar_event')).toHaveLength(1);
    expect(mcp.calls.map((c) => c.name)).not.toContain('add_calendar_participant');
    expect(journal().at(-1)).toMatchObject({ step: 2, rpc: 'create_calendar_event', outcome: 'outcome_unknown' });
  });

  it('an ambiguous attendee stops before any write, listing the candidates', async () => {
    mcp.answers['contact/search_contact_by_key_word'] = () => ({ result: [{ name: '张三', userId: 'u1' }, { name: '张三', userId: 'u2' }] });
    const r = await run([...BOOK, '--yes']);
    expect(r.error?.reason).toBe('ambiguous_match');
    expect(r.error?.message).toContain('{"name":"张三","userId":"u1","openDingTalkId":null}, {"name":"张三","userId":"u2","openDingTalkId":null}');
    expect(mcp.calls.map((c) => c.name)).toEqual(['search_contact_by_key_word']);
  });
});

const REPLY = ['mail', 'message', 'reply', '--from', 'me@example.com', '--id', 'msg-1', '--content', '收到', '--yes'];

describe('mail message reply: the draft, then its sending, in one command (upstream helpers/mail.go:1359)', () => {
  it('sends the draft whose id the draft answer gave; a failed send after it is partial_outcome naming the draft, which is made once', async () => {
    mcp.answers['mail/create_reply_draft'] = () => ({ result: { message: { id: 'draft-9' } } });
    const ok = await run(REPLY);
    expect(ok.error).toBeUndefined();
    expect(mcp.calls.map((c) => c.name)).toEqual(['list_user_mailboxes', 'create_reply_draft', 'send_draft']);
    expect(mcp.calls[2].arguments).toEqual({ email: 'me@example.com', messageId: 'draft-9', saveToSentItems: true });

    mcp.calls.length = 0;
    mcp.faults.push({ tool: 'send_draft', status: 400, times: 1 });
    const r = await run(REPLY);
    expect(r.error?.reason).toBe('partial_outcome');
    expect(r.error?.exitCode).toBe(7);
    expect(r.error?.message).toContain('draft (write {"id":"draft-9"})');
    expect(r.error?.message).toContain('step "send" failed');
    expect(mcp.calls.filter((c) => c.name === 'create_reply_draft')).toHaveLength(1);
  });

  it('a draft answer without a draft id stops after the draft with partial_outcome; nothing is sent', async () => {
    mcp.answers['mail/create_reply_draft'] = () => ({ result: { message: { subject: 'Re: 周报' } } });
    const r = await run(REPLY);
    expect(r.error?.reason).toBe('partial_outcome');
    expect(r.error?.message).toContain('step "no_draft_id" was refused and changed nothing');
    expect(r.error?.message).toContain('dws mail draft send');
    expect(mcp.calls.map((c) => c.name)).toEqual(['list_user_mailboxes', 'create_reply_draft']);
  });
});

describe('uploads of a multi-step plan', () => {
  const upload = (file: string) => ['minutes', '+upload', '--file', file, '--yes'];

  it('never read a file outside the file root, through a relative path or a symlink; nothing is sent', async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'dws-outside-'));
    writeFileSync(path.join(outside, 'secret.m4a'), 'not yours');
    symlinkSync(path.join(outside, 'secret.m4a'), path.join(dir, 'link.m4a'));
    for (const f of [path.join(outside, 'secret.m4a'), `../${path.basename(outside)}/secret.m4a`, 'link.m4a']) {
      const r = await run(upload(f));
      expect(r.error?.reason, f).toBe('invalid_parameter');
      expect(r.error?.message, f).toContain('outside the file root');
    }
    expect(mcp.calls).toEqual([]);
    expect(mcp.uploads).toEqual([]);
  });

  it('sends the file to the session\'s URL (sessionId or uploadId, presignedUrl or uploadUrl, as upstream reads them) and reads the task UUID where upstream does', async () => {
    writeFileSync(path.join(dir, 'talk.m4a'), 'audio bytes');
    mcp.answers['minutes/create_upload_session'] = () => ({ success: true, result: { uploadId: 'sess-7', uploadUrl: `${mcp.base}/upload/talk.m4a` } });
    mcp.answers['minutes/complete_upload_session'] = () => ({ success: true, data: { result: { task_uuid: 'task-9' } } });
    // f-minutes5: the read-back must be a result object naming that task (minutesdata.Basic, alignment.go:410@c7521c1c)
    mcp.answers['minutes/get_minutes_basic_info'] = () => ({ result: { taskUuid: 'task-9' } });
    const r = await run(upload('talk.m4a'));
    expect(r.error).toBeUndefined();
    expect(mcp.uploads.map((u) => [u.name, u.bytes.toString()])).toEqual([['talk.m4a', 'audio bytes']]);
    expect(mcp.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['create_upload_session', { fileName: 'talk.m4a', fileSize: 11 }], ['complete_upload_session', { sessionId: 'sess-7' }], ['get_minutes_basic_info', { taskUuid: 'task-9' }],
    ]);
  });

  it('a failed PUT cancels the session (upstream alignment.go:393) and ends rolled_back; a failed cancel is partial_outcome with the session', async () => {
    writeFileSync(path.join(dir, 'talk.m4a'), 'audio bytes');
    // the fixture answers a PUT to /files/... with 405: the transfer fails
    mcp.answers['minutes/create_upload_session'] = () => ({ success: true, result: { sessionId: 'sess-1', presignedUrl: `${mcp.base}/files/talk.m4a` } });
    // h48-a2: upstream counts the cancel only when its answer acknowledges it (cancelMinutesUpload, alignment.go:599-608@c7521c1c)
    mcp.answers['minutes/cancel_upload_session'] = () => ({ success: true });
    const r = await run(upload('talk.m4a'));
    expect(r.error?.reason).toBe('rolled_back');
    expect(r.error?.message).toContain('minutes.cancel_upload_session took effect');
    expect(mcp.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['create_upload_session', { fileName: 'talk.m4a', fileSize: 11 }], ['cancel_upload_session', { sessionId: 'sess-1' }],
    ]);

    mcp.calls.length = 0;
    mcp.faults.push({ tool: 'cancel_upload_session', status: 400, times: 1 });
    const failed = await run(upload('talk.m4a'));
    expect(failed.error?.reason).toBe('partial_outcome');
    expect(failed.error?.message).toContain('session (write');
    expect(failed.error?.message).toContain('its rollback minutes.cancel_upload_session failed too');
    expect(mcp.calls.map((c) => c.name)).toEqual(['create_upload_session', 'cancel_upload_session']);
  });
});

describe('downloads of a multi-step plan', () => {
  // the URL's last segment decoded, then its base name (h41-left: upstream inferFilename, helpers/doc.go:441-460@c7521c1c):
  // `..%2F..%2Fescape.bin` names escape.bin inside the directory, never a path outside it
  it('into a directory: the URL\'s last segment decoded to its base name, inside the directory; an existing file is kept unless overwrite', async () => {
    mcp.files['../../escape.bin'] = Buffer.from('payload');
    const url = `${mcp.base}/files/..%2F..%2Fescape.bin`;
    const first = await downloadUrl({ url, file: 'out/', maxBytes: 100, timeoutMs: 5000 }, env());
    expect(first).toEqual({ file: path.join('out', 'escape.bin'), bytes: 7, status: 200 });
    expect(readFileSync(path.join(dir, 'out', 'escape.bin'), 'utf8')).toBe('payload');
    expect(existsSync(path.join(dir, 'escape.bin'))).toBe(false);
    await expect(downloadUrl({ url, file: 'out/', overwrite: false, maxBytes: 100, timeoutMs: 5000 }, env())).rejects.toMatchObject({ reason: 'invalid_parameter' });
    expect((await downloadUrl({ url, file: 'out/', overwrite: true, maxBytes: 100, timeoutMs: 5000 }, env())).bytes).toBe(7);
  });

  it('without a file the text is the result, within the bound', async () => {
    mcp.files['note.md'] = Buffer.from('# 标题\n');
    expect(await downloadUrl({ url: `${mcp.base}/files/note.md`, maxBytes: 100, timeoutMs: 5000 }, env())).toEqual({ content: '# 标题\n', bytes: 9, status: 200 });
    await expect(downloadUrl({ url: `${mcp.base}/files/note.md`, maxBytes: 4, timeoutMs: 5000 }, env())).rejects.toMatchObject({ reason: 'backend_error' });
  });

  it('f-mix8: a status among refusedStatuses is the result and writes nothing (a file, the text, a temporary directory); another stays backend_error', async () => {
    mcp.files['r.bin'] = Buffer.from('kept');
    const refused = { status: 403, bytes: 0, refused: true };
    const url = `${mcp.base}/files/r.bin?status=403`;
    expect(await downloadUrl({ url, file: 'r-out.bin', maxBytes: 100, timeoutMs: 5000, refusedStatuses: [401, 403] }, env())).toEqual(refused);
    expect(existsSync(path.join(dir, 'r-out.bin'))).toBe(false);
    expect(await downloadUrl({ url, maxBytes: 100, timeoutMs: 5000, refusedStatuses: [403] }, env())).toEqual(refused);
    const before = readdirSync(os.tmpdir()).filter((f) => f.startsWith('dws-mix8-refused-')).length;
    expect(await downloadUrl({ url, tempDir: 'dws-mix8-refused', maxBytes: 100, timeoutMs: 5000, refusedStatuses: [403] }, env())).toEqual(refused);
    expect(readdirSync(os.tmpdir()).filter((f) => f.startsWith('dws-mix8-refused-')).length).toBe(before);
    await expect(downloadUrl({ url, file: 'r-out.bin', maxBytes: 100, timeoutMs: 5000, refusedStatuses: [401] }, env())).rejects.toMatchObject({ reason: 'backend_error' });
  });
});

describe('a hand-over to a local command', () => {
  it('event +listen-im resolves the group by name, then streams event consume lines for the group key', async () => {
    mcp.answers['im/search_groups'] = () => ({ result: [{ title: '发布群', openConversationId: 'cid_team' }, { title: '发布群二', openConversationId: 'cid_2' }], hasMore: false });
    events.framesFor = (subs) => [1, 2].map((i) => personalFrame({
      eventKey: 'user_im_message_receive_group', subId: subs[0].subId, eventId: `e${i}`,
      body: { openMessageId: `om_${i}`, openConversationId: 'cid_team', sender: 'S', senderOpenDingTalkId: 'od', content: `hi ${i}`, createTime: '2026-12-01 10:00:00' },
    }));
    const lines: string[] = [];
    const tool = shippedEngine().tools().find((t) => t.canonical_path === 'event.listen_im')!;
    const out = await dispatchTool(shippedEngine(), {
      tool, values: { kind: 'group', 'chat-query': '发布群', 'max-events': 2 }, positionals: {}, yes: true, dryRun: false,
      writeLine: async (l) => void lines.push(l),
    }, { ...env(), DWS_TOKEN: events.token });
    expect(out).toEqual({ streamed: true });
    expect(mcp.calls.map((c) => c.name)).toEqual(['search_groups']);
    const create = events.requests.find((q) => q.path === '/dws/subscription/user')!;
    expect(create.body).toMatchObject({ eventKey: 'user_im_message_receive_group', filterRule: JSON.stringify({ openConversationId: 'cid_team' }) });
    expect(lines.map((l) => (JSON.parse(l) as { content: string }).content)).toEqual(['hi 1', 'hi 2']);
    expect(events.subscriptions).toEqual([]);
  });

  // h35-edge2: upstream's +listen-im runs the personal consume, which arms the stdin-EOF stop too
  // (event_listen_im.go:77-100 -> runPersonalEventConsume, applyEventConsumeStdin event_personal_command.go:394@c7521c1c)
  it('event +listen-im hands the CLI\'s stdin-EOF watch to event consume: an unbounded run ends when it fires', async () => {
    mcp.answers['im/search_groups'] = () => ({ result: [{ title: '发布群', openConversationId: 'cid_team' }], hasMore: false });
    events.framesFor = () => [];
    let armed = 0;
    const watch = (onEof: () => void) => {
      armed++;
      const t = setTimeout(onEof, 50);
      return () => clearTimeout(t);
    };
    const tool = shippedEngine().tools().find((t) => t.canonical_path === 'event.listen_im')!;
    const out = await dispatchTool(shippedEngine(), {
      tool, values: { kind: 'group', 'chat-query': '发布群' }, positionals: {}, yes: true, dryRun: false,
      // the bound: a run the watch does not end stops here, and the test fails on `armed`
      writeLine: async () => undefined, watchStdinEof: watch, signal: AbortSignal.timeout(10_000),
    }, { ...env(), DWS_TOKEN: events.token });
    expect([out, armed]).toEqual([{ streamed: true }, 1]);
    expect(events.subscriptions).toEqual([]);
  });

  it('two groups with the title are ambiguous_match listing both, before any subscription', async () => {
    mcp.answers['im/search_groups'] = () => ({ result: [{ title: '发布群', openConversationId: 'cid_a' }, { title: '发布群', openConversationId: 'cid_b' }], hasMore: false });
    const r = await run(['event', '+listen-im', '--kind', 'group', '--chat-query', '发布群', '--yes']);
    expect(r.error?.reason).toBe('ambiguous_match');
    expect(r.error?.message).toContain('"openConversationId":"cid_a"');
    expect(r.error?.message).toContain('"openConversationId":"cid_b"');
    expect(events.requests).toEqual([]);
  });

  it('the local command\'s own validation applies: a sender with no person found is not_found before any subscription', async () => {
    mcp.answers['contact/search_contact_by_key_word'] = () => ({ result: [] });
    const r = await run(['event', '+listen-im', '--kind', 'sender', '--user-query', '无此人', '--yes']);
    expect(r.error?.reason).toBe('not_found');
    expect(events.requests).toEqual([]);
  });
});
