// `dws recover` against the recording MCP backend on 127.0.0.1, run as a user types it (the built CLI, spawned). For
// each reviewed write: (a) the server accepts the write and then drops the connection -> recover says done and sends
// nothing; (b) the connection drops before the server accepts it -> not_done, and --retry --yes sends it exactly
// once; (c) the verification read fails -> still_unknown, nothing sent. Also: +book whose invite fails is undone by
// --compensate --yes (the journal shows it), 10 concurrent `recover --retry --yes` send one retry, and audit verify
// passes across recover and compensate and fails on tampering. The backend's reads answer from what it accepted.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useMcpServer, type McpFixture, recordingEnv } from '../fixtures/mcp/server.js';
import { errorOf, runCliAsync, type RunResult } from '../helpers.js';
import { appendRecord } from '../../src/journal/journal.js';
import type { JournalRecord } from '../../src/journal/record.js';

const TOKEN = 'tok-recover-secret';
const mcp = useMcpServer();
let dir: string;
let journal: string;
let n = 0;

/** The text a send_personal_message content carries: a markdown message's text, a reply's content. */
const textOf = (content: unknown): string => {
  const c = JSON.parse(String(content)) as { text?: string; content?: string };
  return c.text ?? c.content ?? '';
};

/** The backend's state is what it accepted (recorded calls): messages, events, attendees, deleted events. */
function answerFromState(m: McpFixture): void {
  const accepted = (tool: string) => m.calls.filter((c) => c.name === tool);
  m.answers = {
    list_conversation_message_v2: (args) => ({
      messages: accepted('send_personal_message').filter((c) => c.arguments.openConversationId === args.openconversation_id)
        .map((c, i) => ({ openMessageId: `msg-${i}`, content: textOf(c.arguments.content) })),
    }),
    list_individual_chat_message: (args) => ({
      result: { messages: accepted('send_personal_message').filter((c) => c.arguments.receiverOpenDingTalkId === args.openDingTalkId)
        .map((c, i) => ({ openMessageId: `dm-${i}`, text: textOf(c.arguments.content) })) },
    }),
    create_calendar_event: () => ({ result: { eventId: 'ev-1' } }),
    list_calendar_events: () => ({
      result: accepted('create_calendar_event').filter(() => accepted('delete_calendar_event').length === 0).map((c) => ({ eventId: 'ev-1', summary: c.arguments.summary })),
    }),
    get_calendar_participants: (args) => ({
      result: accepted('add_calendar_participant').filter((c) => c.arguments.eventId === args.eventId)
        .flatMap((c) => (c.arguments.attendeesToAdd as string[]).map((userId) => ({ userId }))),
    }),
    search_contact_by_key_word: (args) => ({ result: [{ name: args.keyword, userId: 'u-alice', openDingTalkId: 'Dalice-open-0001' }] }),
    delete_calendar_event: () => ({ result: true }),
    get_user_todos_in_current_org: () => ({
      result: { todoCards: accepted('create_personal_todo').map((c, i) => ({ taskId: `todo-${i}`, subject: (c.arguments.PersonalTodoCreateVO as { subject: string }).subject })) },
    }),
    search_emails: (args) => ({
      messages: accepted('send_email').filter((c) => c.arguments.from === args.email && String(args.query).includes(`subject:"${String(c.arguments.subject)}"`))
        .map((c, i) => ({ messageId: `mail-${i}`, subject: c.arguments.subject })),
    }),
    get_processInstance_detail: (args) => ({
      result: { processInstanceId: args.processInstanceId, tasks: [{ taskId: 4001, status: 'RUNNING', result: 'NONE' }, { taskId: 4002, status: 'RUNNING', result: 'NONE' }].map((t) => {
        const by = (tool: string) => accepted(tool).some((c) => c.arguments.processInstanceId === args.processInstanceId && c.arguments.taskId === t.taskId);
        return by('approve_processInstance') ? { ...t, status: 'COMPLETED', result: 'AGREE' } : by('reject_processInstance') ? { ...t, status: 'COMPLETED', result: 'REFUSE' } : t;
      }) },
    }),
    query_records: (args) => ({
      data: { records: (args.recordIds as string[]).filter((id) => !accepted('delete_records').some((c) => (c.arguments.recordIds as string[]).includes(id)))
        .map((recordId) => ({ recordId, cells: { fldName: recordId } })) },
    }),
    get_upload_info: () => ({ result: { uploadId: 'up-1', resourceUrls: [{ url: `${m.base}/upload/any` }] } }),
    commit_upload: () => ({ result: { fileId: 'f-1' } }),
    get_file_info: () => ({ result: { fileId: 'f-1', name: 'report.txt' } }),
    list_files: (args) => ({
      result: { items: [{ fileId: 'f-old', name: 'old.txt' }, ...accepted('commit_upload').filter((c) => c.arguments.parentId === args.parentId).map((c) => ({ fileId: 'f-1', name: c.arguments.fileName }))] },
    }),
    list_ding_messages: () => ({ result: { list: accepted('send_personal_ding').map((c, i) => ({ openDingId: `ding-${i}`, content: c.arguments.content })) } }),
    list_nodes: () => ({ result: { nodes: [{ nodeId: 'n-old', name: '旧文档' }, ...accepted('create_document').map((c, i) => ({ nodeId: `n-${i}`, name: c.arguments.name }))] } }),
  };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dws-recover-'));
  writeFileSync(path.join(dir, 'report.txt'), 'quarterly numbers\n');
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  answerFromState(mcp);
  journal = path.join(dir, `case-${++n}`, 'journal.jsonl');
});

const env = () => ({ ...recordingEnv(mcp.urlTemplate, TOKEN), DWS_JOURNAL: journal, DWS_FILE_ROOT: dir });
const dws = (args: string[]) => runCliAsync(args, '', env());
const sentTo = (tool: string) => mcp.calls.filter((c) => c.name === tool).length;
const records = (): JournalRecord[] => readFileSync(journal, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as JournalRecord);
const result = (r: RunResult) => {
  expect(r.status, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { result: Record<string, unknown> }).result;
};

/** Runs the write and returns the invocation its outcome_unknown (or partial_outcome) error names. */
async function unknownWrite(args: string[], reason = 'outcome_unknown'): Promise<string> {
  const r = await dws(args);
  expect(errorOf(r.stderr).reason, r.stderr).toBe(reason);
  const line = JSON.parse(r.stderr.trim().split('\n').pop()!) as { invocation: string; error: { hint: string } };
  expect(line.error.hint).toContain(`dws recover ${line.invocation}`);
  return line.invocation;
}

async function verified(): Promise<void> {
  const v = await dws(['audit', 'verify']);
  expect(v.status, v.stderr).toBe(0);
}

const REVIEWED = [
  { canonical: 'chat.send_personal_message', write: 'send_personal_message', read: 'list_conversation_message_v2',
    args: ['chat', 'message', 'send', '--conversation-id', 'cid-group-0001abc', '--text', '周会改到下午三点'] },
  { canonical: 'chat.shortcut_send_to_group', write: 'send_personal_message', read: 'list_conversation_message_v2',
    args: ['chat', '+send-to-group', '--group', 'cid-group-0002abc', '--text', 'release is out', '--yes'] },
  { canonical: 'calendar.create_calendar_event', write: 'create_calendar_event', read: 'list_calendar_events',
    args: ['calendar', 'event', 'create', '--title', '项目同步', '--start', '2026-03-02T10:00:00+08:00', '--end', '2026-03-02T11:00:00+08:00'] },
  { canonical: 'calendar.shortcut_book', write: 'create_calendar_event', read: 'list_calendar_events',
    args: ['calendar', '+book', '--title', 'Design review', '--start', '2026-03-03T10:00:00+08:00', '--end', '2026-03-03T11:00:00+08:00', '--yes'] },
  { canonical: 'chat.reply_personal_message', write: 'send_personal_message', read: 'list_conversation_message_v2',
    args: ['chat', 'message', 'reply', '--conversation-id', 'cid-group-0003abc', '--ref-msg-id', 'msg-orig-1', '--ref-sender', 'Db3BlbmlkMDEiE', '--text', '收到，马上处理 @DbWVtYmVyMDEiE', '--at-open-dingtalk-ids', 'DbWVtYmVyMDEiE,DbWVtYmVyMDIiE'] },
  { canonical: 'chat.shortcut_dm', write: 'send_personal_message', read: 'list_individual_chat_message',
    args: ['chat', '+dm', '--to', 'Alice', '--text', 'are you free at 3?', '--yes'] },
  { canonical: 'mail.send_email', write: 'send_email', read: 'search_emails',
    args: ['mail', 'message', 'send', '--from', 'me@corp.example', '--to', 'bob@corp.example', '--subject', 'Q3 plan', '--content', 'see the doc', '--yes'] },
  { canonical: 'todo.create_personal_todo', write: 'create_personal_todo', read: 'get_user_todos_in_current_org',
    args: ['todo', 'task', 'create', '--title', '提交周报', '--executors', 'u-alice'] },
  { canonical: 'calendar.add_calendar_participant', write: 'add_calendar_participant', read: 'get_calendar_participants',
    args: ['calendar', 'attendee', 'add', '--event', 'ev-7', '--attendees', 'u-bob,u-carol'] },
  { canonical: 'doc.create_document', write: 'create_document', read: 'list_nodes',
    args: ['doc', 'create', '--name', '周报模板', '--content', '# 本周进展'] },
  { canonical: 'oa.approve_processInstance', write: 'approve_processInstance', read: 'get_processInstance_detail',
    args: ['oa', 'approval', 'approve', '--instance-id', 'pi-0001', '--task-id', '4001', '--remark', '同意', '--yes'] },
  { canonical: 'oa.reject_processInstance', write: 'reject_processInstance', read: 'get_processInstance_detail',
    args: ['oa', 'approval', 'reject', '--instance-id', 'pi-0002', '--task-id', '4002', '--remark', '预算不足', '--yes'] },
  { canonical: 'aitable.record_delete', write: 'delete_records', read: 'query_records',
    args: ['aitable', 'record', 'delete', '--base-id', 'base-0001', '--table-id', 'tbl-0001', '--record-ids', 'rec-1,rec-2', '--yes'] },
  { canonical: 'ding.shortcut_send_personal', write: 'send_personal_ding', read: 'list_ding_messages',
    args: ['ding', '+send-personal', '--users', 'Duser-0001', '--content', '线上告警，请尽快处理', '--yes'] },
  { canonical: 'drive.upload', write: 'commit_upload', read: 'list_files',
    args: () => ['drive', 'upload', '--file', path.join(dir, 'report.txt'), '--folder', 'fld-0001abc', '--yes'], outcome: 'partial_outcome' },
  { canonical: 'drive.shortcut_upload', write: 'commit_upload', read: 'list_files',
    args: () => ['drive', '+upload', '--file', 'report.txt', '--folder', 'fld-0002abc', '--yes'], outcome: 'partial_outcome' },
];

// A plan that puts the file's bytes before the commit stops with partial_outcome (the bytes were written).
describe.each(REVIEWED as { canonical: string; write: string; read: string; args: string[] | (() => string[]); outcome?: string }[])('$canonical', ({ write, read, args: given, outcome }) => {
  const args = () => (typeof given === 'function' ? given() : given);
  it('(a) the server accepted the write and the connection dropped: recover says done and sends nothing', async () => {
    mcp.faults.push({ tool: write, drop: 'after', times: 1 });
    const id = await unknownWrite(args(), outcome);
    expect(sentTo(write)).toBe(1);
    const r = result(await dws(['recover', id]));
    expect(r).toMatchObject({ invocation: id, answer: 'done' });
    expect((r.writes as { state: string; evidence: { holds: boolean } }[])[0]).toMatchObject({ state: 'done', evidence: { holds: true } });
    expect(result(await dws(['recover', id, '--retry', '--yes']))).toMatchObject({ answer: 'done', retried: [] });
    expect(sentTo(write)).toBe(1);
    expect(records().filter((x) => x.of === id).map((x) => x.outcome)).toContain('verified_done');
    await verified();
  });

  it('(b) the connection dropped before the server accepted: not_done, and --retry --yes sends it exactly once', async () => {
    mcp.faults.push({ tool: write, drop: 'before', times: 1 });
    const id = await unknownWrite(args(), outcome);
    expect(sentTo(write)).toBe(0);
    expect(result(await dws(['recover', '--last']))).toMatchObject({ invocation: id, answer: 'not_done' });
    const refused = await dws(['recover', id, '--retry']);
    expect([refused.status, errorOf(refused.stderr).reason]).toEqual([3, 'confirmation_required']);
    expect(sentTo(write)).toBe(0);
    const retried = result(await dws(['recover', id, '--retry', '--yes']));
    expect(retried.retried).toMatchObject([{ sent: true }]);
    expect(sentTo(write)).toBe(1);
    expect(result(await dws(['recover', id, '--retry', '--yes']))).toMatchObject({ answer: 'done', retried: [] });
    expect(sentTo(write)).toBe(1);
    await verified();
  });

  it('(c) the verification read fails: still_unknown, and --retry --yes sends nothing', async () => {
    mcp.faults.push({ tool: write, drop: 'before', times: 1 }, { tool: read, status: 500, times: 100 });
    const id = await unknownWrite(args(), outcome);
    const r = result(await dws(['recover', id, '--retry', '--yes']));
    expect(r).toMatchObject({ answer: 'still_unknown', retried: [] });
    expect((r.writes as { evidence: { failed: { reason: string } } }[])[0].evidence.failed.reason).toMatch(/transport_error|backend_error/);
    expect(sentTo(write)).toBe(0);
    await verified();
  });
});

describe('a write the reviewed plan cannot verify', () => {
  it('drive upload --node (an overwrite keeps name and id): still_unknown with the reason, no read and no retry sent', async () => {
    mcp.faults.push({ tool: 'commit_upload', drop: 'after', times: 1 });
    const id = await unknownWrite(['drive', 'upload', '--file', path.join(dir, 'report.txt'), '--node', 'f-existing-1', '--yes'], 'partial_outcome');
    const r = result(await dws(['recover', id, '--retry', '--yes']));
    expect(r).toMatchObject({ answer: 'still_unknown', retried: [] });
    expect((r.writes as { evidence: { reason: string } }[])[0].evidence.reason).toMatch(/no read can establish/);
    expect([sentTo('list_files'), sentTo('commit_upload')]).toEqual([0, 1]);
    await verified();
  });
});

describe('calendar +book whose invite failed', () => {
  const book = ['calendar', '+book', '--title', 'Kickoff', '--start', '2026-03-04T10:00:00+08:00', '--end', '2026-03-04T11:00:00+08:00', '--with', 'Alice', '--yes'];

  it('--compensate --yes deletes the event it created when the command\'s own rollback failed too, the journal shows it, and a second run undoes nothing more', async () => {
    // the invite is lost and so is the command's own rollback (delete_calendar_event, upstream book.go:146): partial
    mcp.faults.push({ tool: 'add_calendar_participant', drop: 'before', times: 1 }, { tool: 'delete_calendar_event', drop: 'before', times: 1 });
    const id = await unknownWrite(book, 'partial_outcome');
    const seen = result(await dws(['recover', id]));
    expect(seen).toMatchObject({ answer: 'not_done' });
    expect((seen.writes as { step: string; state: string }[]).map((w) => [w.step, w.state])).toEqual([['create', 'done'], ['invite', 'not_done']]);
    const undone = result(await dws(['recover', id, '--compensate', '--yes']));
    expect(undone.compensated).toMatchObject([{ step: 'create', ids: { eventId: ['ev-1'] }, by: ['calendar.delete_calendar_event'] }]);
    expect(mcp.calls.filter((c) => c.name === 'delete_calendar_event').map((c) => c.arguments)).toEqual([{ eventId: 'ev-1' }]);
    const create = records().find((x) => x.invocation === id && x.outcome === 'sent' && x.rpc === 'create_calendar_event')!;
    expect(records().filter((x) => x.outcome === 'compensated').map((x) => [x.of, x.ref])).toEqual([[id, create.seq]]);
    expect(result(await dws(['recover', id, '--compensate', '--yes']))).toMatchObject({ compensated: [] });
    expect(sentTo('delete_calendar_event')).toBe(1);
    await verified();
  });
});

describe('concurrent recoveries and the journal', () => {
  it('10 concurrent `dws recover --retry --yes` of one invocation send one retry', async () => {
    mcp.faults.push({ tool: 'send_personal_message', drop: 'before', times: 1 });
    const id = await unknownWrite(['chat', 'message', 'send', '--conversation-id', 'cid-group-0009abc', '--text', 'only once']);
    const runs = await Promise.all(Array.from({ length: 10 }, () => dws(['recover', id, '--retry', '--yes'])));
    expect(runs.map((r) => r.status)).toEqual(runs.map(() => 0));
    expect(sentTo('send_personal_message')).toBe(1);
    expect(runs.filter((r) => (JSON.parse(r.stdout) as { result: { retried: unknown[] } }).result.retried.length === 1)).toHaveLength(1);
    await verified();
  });

  it('audit verify fails on an edited verdict and on a record that moves an invocation back', async () => {
    mcp.faults.push({ tool: 'send_personal_message', drop: 'after', times: 1 });
    const id = await unknownWrite(['chat', 'message', 'send', '--conversation-id', 'cid-group-0010abc', '--text', 'tamper']);
    result(await dws(['recover', id]));
    await verified();
    const original = readFileSync(journal, 'utf8');
    writeFileSync(journal, original.replace('"outcome":"verified_done"', '"outcome":"verified_not_done"'));
    const edited = await dws(['audit', 'verify']);
    expect([edited.status, errorOf(edited.stderr).reason]).toEqual([5, 'journal_broken']);
    writeFileSync(journal, original);
    // A well-chained record that judges the same write again (backwards) is refused by verify too.
    const sent = records().find((x) => x.invocation === id && x.outcome === 'sent')!;
    appendRecord(journal, { canonical_path: sent.canonical_path, catalog: sent.catalog, step: 0, server: sent.server, rpc: sent.rpc, args_sha256: sent.args_sha256,
      outcome: 'verified_not_done', of: id, ref: sent.seq, ids: {} });
    const backwards = await dws(['audit', 'verify']);
    expect([backwards.status, errorOf(backwards.stderr).reason]).toEqual([5, 'journal_broken']);
    expect(errorOf(backwards.stderr).message).toMatch(/move forward only/);
    expect(readFileSync(journal, 'utf8')).not.toContain(TOKEN);
  });

  it('says what it needs: an unknown invocation and a missing id are refused (exit 3)', async () => {
    await dws(['chat', 'message', 'send', '--conversation-id', 'cid-group-0011abc', '--text', 'fine']);
    const unknown = await dws(['recover', 'no-such-invocation']);
    expect([unknown.status, errorOf(unknown.stderr).reason]).toEqual([3, 'invalid_parameter']);
    const none = await dws(['recover']);
    expect([none.status, errorOf(none.stderr).reason]).toEqual([3, 'invalid_parameter']);
  });
});

describe('audit prune', () => {
  it('removes the records before a date and keeps the rest verifiable through its head line; an edited head fails verify', async () => {
    mcp.faults.push({ tool: 'send_personal_message', drop: 'before', times: 1 });
    const id = await unknownWrite(['chat', 'message', 'send', '--conversation-id', 'cid-group-0012abc', '--text', 'prune me']);
    result(await dws(['recover', id]));
    const before = records().length;
    const refused = await dws(['audit', 'prune', '--before', '2100-01-01']);
    expect([refused.status, errorOf(refused.stderr).reason]).toEqual([3, 'confirmation_required']);
    const pruned = result(await dws(['audit', 'prune', '--before', '2100-01-01', '--yes']));
    expect(pruned).toMatchObject({ pruned: before, through_seq: before, record: before + 1 });
    const lines = readFileSync(journal, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    await verified();
    // the chain goes on after the prune, and recover still answers from what is left
    await dws(['chat', 'message', 'send', '--conversation-id', 'cid-group-0012abc', '--text', 'after prune']);
    await verified();
    const text = readFileSync(journal, 'utf8');
    writeFileSync(journal, text.replace(/"seq":(\d+)\},"v":1\}/, (_m, k: string) => `"seq":${Number(k) - 1}},"v":1}`));
    const edited = await dws(['audit', 'verify']);
    expect([edited.status, errorOf(edited.stderr).reason]).toEqual([5, 'journal_broken']);
  });
});

describe('the same recovery through dws serve (MCP execute)', () => {
  it('answers not_done, refuses a retry without confirmation, and with confirmed: true re-sends it exactly once', async () => {
    mcp.faults.push({ tool: 'send_personal_message', drop: 'before', times: 1 });
    const id = await unknownWrite(['chat', 'message', 'send', '--group', 'cid-group-0009abc', '--text', 'via serve', '--yes']);
    const { loadEngine } = await import('../../src/index.js');
    const { serve, reasonOf } = await import('../serve/client.js');
    const h = loadEngine().catalogHashes;
    const hashes = { expected_source_hash: h.source_hash, expected_surface_hash: h.surface_hash };
    const served = await serve(env());
    try {
      const audit = await served.call('execute', { canonical_path: 'audit.recover', arguments: { invocation: id }, ...hashes });
      expect(audit.isError, audit.text).toBe(false);
      expect(JSON.parse(audit.text).result).toMatchObject({ invocation: id, answer: 'not_done' });
      const unconfirmed = await served.call('execute', { canonical_path: 'audit.recover', arguments: { invocation: id, retry: true }, ...hashes });
      expect(reasonOf(unconfirmed)).toBe('confirmation_required');
      expect(sentTo('send_personal_message')).toBe(0);
      const retried = await served.call('execute', { canonical_path: 'audit.recover', arguments: { invocation: id, retry: true }, confirmed: true, ...hashes });
      expect(retried.isError, retried.text).toBe(false);
      expect(JSON.parse(retried.text).result.retried).toMatchObject([{ sent: true }]);
      expect(sentTo('send_personal_message')).toBe(1);
    } finally {
      await served.close();
    }
    await verified();
  });
});
