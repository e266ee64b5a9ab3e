// h33-fail (issue 32): a call step's `on_failure` — upstream's composite bodies that wrap a failed call in their own
// reason and print their payload. Each command runs as a user types it (node bin/dws.cjs, the built CLI) against the
// recording MCP server on 127.0.0.1; each asserts the exit code, the error envelope (reason, details) and stdout.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorOf, runCliAsync } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

/** A backend answer upstream's helper path fails (isBusinessError: a non-zero errorCode), as dws's classifier does. */
const CODE = { errorCode: 'E500', errorMsg: 'backend busy' };
/** A backend answer both runners fail (success false). */
const BUSY = { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' };

/** `dws <argv>` as a user types it: exit code, stdout, the error envelope's reason and details, the tools called. */
async function dws(argv: string[], files: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-h33fail-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const env = privateEnv(mcp.urlTemplate, 't', dir);
  mcp.calls.length = 0;
  const r = await runCliAsync(argv, '', env);
  const envelope = r.status === 0 ? undefined : (JSON.parse(r.stderr.trim().split('\n').pop()!) as { details?: unknown });
  return {
    exit: r.status,
    stdout: r.stdout,
    reason: r.status === 0 ? undefined : errorOf(r.stderr).reason,
    message: r.status === 0 ? '' : errorOf(r.stderr).message,
    details: envelope?.details,
    called: mcp.calls.map((c) => c.name),
  };
}

const answer = (key: string, body: unknown) => {
  mcp.answers[key] = () => body;
};
const inTurn = (key: string, ...bodies: unknown[]) => {
  mcp.answers[key] = (_args, n) => bodies[Math.min(n, bodies.length - 1)];
};

describe('minutes +prepare-asr: a failed hot-word write call is upstream\'s add_failed / delete_failed (workflows.go:466-486@c7521c1c)', () => {
  it('an add call the backend fails (errorCode on the helper path, success false) ends minutes_prepare_asr_add_failed (exit 1) with the plan', async () => {
    for (const body of [CODE, BUSY]) {
      answer('minutes/list_my_hotwords', { result: { hotWordList: ['钉钉', '旧词'] } });
      answer('minutes/add_personal_hot_word', body);
      const run = await dws(['minutes', '+prepare-asr', '--words', '听记,钉钉', '--sync', '--yes']);
      expect({ body, ...run, message: run.message.includes('business_error') }).toEqual({
        body, exit: 1, stdout: '', reason: 'minutes_prepare_asr_add_failed', message: true, called: ['list_my_hotwords', 'add_personal_hot_word'],
        details: {
          add: ['听记'], before: ['钉钉', '旧词'], complete: false, delete: ['旧词'], desired: ['听记', '钉钉'], operation: 'minutes.prepare_asr',
          recovery: { nextAction: 'review current hot words before retrying' }, stages: [{ complete: false, name: 'add', words: ['听记'] }], sync: true,
        },
      });
    }
  });

  it('a delete call the backend fails after a good add is partial_outcome (exit 7) naming delete_failed, the plan in details', async () => {
    answer('minutes/list_my_hotwords', { result: { hotWordList: ['钉钉'] } });
    answer('minutes/add_personal_hot_word', { success: true });
    answer('minutes/delete_personal_hotword', CODE);
    const run = await dws(['minutes', '+prepare-asr', '--words', '听记', '--sync', '--yes']);
    expect({ ...run, message: run.message.includes('(minutes_prepare_asr_delete_failed: ') }).toEqual({
      exit: 7, stdout: '', reason: 'partial_outcome', message: true, called: ['list_my_hotwords', 'add_personal_hot_word', 'delete_personal_hotword'],
      details: {
        add: ['听记'], before: ['钉钉'], complete: false, delete: ['钉钉'], desired: ['听记'], operation: 'minutes.prepare_asr',
        recovery: { nextAction: 'list hot words; additions may already be applied' },
        stages: [{ complete: true, name: 'add', words: ['听记'] }, { complete: false, name: 'delete', words: ['钉钉'] }], sync: true,
      },
    });
  });

  it('a read-back call that fails keeps its own reason inside partial_outcome, with the plan upstream prints first (workflows.go:487-493)', async () => {
    inTurn('minutes/list_my_hotwords', { result: { hotWordList: ['钉钉'] } }, BUSY);
    answer('minutes/add_personal_hot_word', { success: true });
    const run = await dws(['minutes', '+prepare-asr', '--words', '听记,钉钉', '--yes']);
    expect({ ...run, message: run.message.includes('(business_error: ') }).toEqual({
      exit: 7, stdout: '', reason: 'partial_outcome', message: true, called: ['list_my_hotwords', 'add_personal_hot_word', 'list_my_hotwords'],
      details: {
        add: ['听记'], before: ['钉钉'], complete: false, delete: [], desired: ['听记', '钉钉'], operation: 'minutes.prepare_asr',
        stages: [{ complete: true, name: 'add', words: ['听记'] }], sync: false,
      },
    });
  });

  it('a failure of the first read is its own error, no details (upstream returns it as it is, workflows.go:451-454)', async () => {
    answer('minutes/list_my_hotwords', BUSY);
    const run = await dws(['minutes', '+prepare-asr', '--words', '听记', '--yes']);
    expect(run).toEqual({ exit: 1, stdout: '', reason: 'business_error', message: run.message, details: undefined, called: ['list_my_hotwords'] });
  });
});

describe('minutes +transcript: a failed page read is minutes_transcript_incomplete (smart/transcript.go:115-150, minutesdata/pager.go:44-50@c7521c1c)', () => {
  const page1 = { result: { paragraphList: [{ paragraphId: 'p1', sentence: 'a' }, { paragraphId: 'p2', sentence: 'b' }], hasNext: true, nextToken: 'n1' } };

  it('the first page failing: exit 1, no page read, the token sent as nextToken', async () => {
    for (const body of [CODE, BUSY]) {
      answer('minutes/get_minutes_transcription', body);
      const plain = await dws(['minutes', '+transcript', '--id', 't1']);
      const resumed = await dws(['minutes', '+transcript', '--id', 't1', '--cursor', 'c9']);
      expect([plain.exit, plain.reason, plain.stdout, resumed.exit, resumed.reason]).toEqual([1, 'minutes_transcript_incomplete', '', 1, 'minutes_transcript_incomplete']);
      expect({ ...(plain.details as object), cause: undefined }).toEqual({ cause: undefined, nextToken: '', pages: 0, paragraphCount: 0, taskUuid: 't1', payload: expect.objectContaining({ complete: false, pages: 0, paragraphCount: 0, taskUuid: 't1' }) });
      expect((resumed.details as { nextToken: string }).nextToken).toBe('c9');
      expect((plain.details as { cause: string }).cause).toContain('page 1');
    }
  });

  it('a later page failing: exit 1, what was read counted, the failing page\'s token as nextToken', async () => {
    inTurn('minutes/get_minutes_transcription', page1, BUSY);
    const run = await dws(['minutes', '+transcript', '--id', 't1']);
    expect({ ...run, message: undefined, details: { ...(run.details as object), cause: undefined } }).toEqual({
      exit: 1, stdout: '', reason: 'minutes_transcript_incomplete', message: undefined, called: ['get_minutes_transcription', 'get_minutes_transcription'],
      details: { cause: undefined, nextToken: 'n1', pages: 1, paragraphCount: 2, taskUuid: 't1', payload: expect.objectContaining({ complete: false, pages: 1, paragraphCount: 2, taskUuid: 't1' }) },
    });
    expect((run.details as { cause: string }).cause).toContain('page 2');
  });

  it('a page saying more without a next cursor, or with the one just read, is upstream\'s stalled cursor: exit 1, not a complete-false success (pager.go:38-43)', async () => {
    // h35-edge: no next token fails on that very page (ParseTranscriptPage response.go:87-89, pager.go:52-58@c7521c1c):
    // it is neither counted nor collected, and nextToken is the token it was asked with; the token just read fails
    // before the next call (pager.go:38-43), that page counted
    for (const [second, cause, pages, paragraphCount] of [
      [{ result: { paragraphList: [{ paragraphId: 'p3' }], hasNext: true } }, 'a transcript page was refused (a backend error code, no paragraphList list of objects, or more pages said without a next token)', 1, 2],
      [{ result: { paragraphList: [{ paragraphId: 'p3' }], hasNext: true, nextToken: 'n1' } }, 'cursor stalled or cycled', 2, 3],
    ] as const) {
      inTurn('minutes/get_minutes_transcription', page1, second);
      const run = await dws(['minutes', '+transcript', '--id', 't1']);
      expect({ exit: run.exit, reason: run.reason, stdout: run.stdout, called: run.called.length, details: run.details }).toEqual({
        exit: 1, reason: 'minutes_transcript_incomplete', stdout: '', called: 2,
        details: { cause, nextToken: 'n1', pages, paragraphCount, taskUuid: 't1', payload: expect.objectContaining({ complete: false, pages, paragraphCount, taskUuid: 't1' }) },
      });
    }
    // the last page saying no more is complete, as before
    inTurn('minutes/get_minutes_transcription', page1, { result: { paragraphList: [], hasNext: false } });
    const done = await dws(['minutes', '+transcript', '--id', 't1']);
    expect([done.exit, (JSON.parse(done.stdout) as { result: { complete: boolean } }).result.complete]).toEqual([0, true]);
  });
});

describe('minutes +speaker-insights / +mindmap: a failed call keeps its reason and carries the stage payload upstream prints (workflows.go:346-367, :397-402@c7521c1c)', () => {
  it('+speaker-insights: a failed create is its own error (exit 1) with {complete, operation, stage: create, taskUuid}', async () => {
    answer('minutes/create_speaker_summary', CODE);
    const run = await dws(['minutes', '+speaker-insights', '--id', 't1', '--yes']);
    expect({ ...run, message: undefined }).toEqual({
      exit: 1, stdout: '', reason: 'business_error', message: undefined, called: ['create_speaker_summary'],
      details: { complete: false, operation: 'minutes.speaker_insights', stage: 'create', taskUuid: 't1' },
    });
  });

  it('+mindmap: a failed create is its own error with its stage payload; a failed status read after it is partial_outcome with the poll payload', async () => {
    answer('minutes/create_mind_graph', BUSY);
    const create = await dws(['minutes', '+mindmap', '--id', ' t1 ', '--yes']);
    expect([create.exit, create.reason, create.stdout, create.called, create.details])
      .toEqual([1, 'business_error', '', ['create_mind_graph'], { complete: false, operation: 'minutes.mindmap', stage: 'create', taskUuid: 't1' }]);
    answer('minutes/create_mind_graph', { success: true });
    answer('minutes/query_mind_graph_status', CODE);
    const poll = await dws(['minutes', '+mindmap', '--id', 't1', '--yes']);
    expect([poll.exit, poll.reason, poll.message.includes('(business_error: '), poll.called, poll.details]).toEqual([7, 'partial_outcome', true, ['create_mind_graph', 'query_mind_graph_status'], {
      attempts: 1, complete: false, operation: 'minutes.mindmap', recovery: { nextAction: 'dws minutes mind-graph status --id <taskUuid>', taskUuid: 't1' }, stage: 'poll', taskUuid: 't1',
    }]);
    // with --resume nothing was written: the status read's failure is the run's own error
    const resumed = await dws(['minutes', '+mindmap', '--id', 't1', '--resume', '--yes']);
    expect([resumed.exit, resumed.reason, (resumed.details as { stage: string }).stage]).toEqual([1, 'business_error', 'poll']);
  });

  it('+mindmap: a status answer MindGraphStatus refuses carries {attempts, complete, operation, stage: poll, taskUuid} (workflows.go:364-367)', async () => {
    answer('minutes/query_mind_graph_status', { result: { taskStatus: 9 } });
    const run = await dws(['minutes', '+mindmap', '--id', 't1', '--resume', '--yes']);
    expect([run.exit, run.reason, run.details]).toEqual([1, 'backend_error', { attempts: 1, complete: false, operation: 'minutes.mindmap', stage: 'poll', taskUuid: 't1' }]);
  });
});

describe('minutes +upload / +upload-and-analyze: a failed complete or read-back call ends as upstream\'s performMinutesUpload (alignment.go:398-411, :630-676@c7521c1c)', () => {
  const session = () => answer('minutes/create_upload_session', { result: { sessionId: 's1', presignedUrl: `${mcp.base}/upload/a.mp4` } });

  it('a failed complete call: partial_outcome (exit 7) naming minutes_upload_completion_unknown, the session kept and the recovery in details', async () => {
    for (const argv of [['minutes', '+upload', '--file', 'a.mp4', '--yes'], ['minutes', '+upload-and-analyze', '--file', 'a.mp4', '--yes']]) {
      session();
      answer('minutes/complete_upload_session', BUSY);
      const run = await dws(argv, { 'a.mp4': 'MP4!' });
      expect({ argv, exit: run.exit, reason: run.reason, cause: run.message.includes('(minutes_upload_completion_unknown: '), stdout: run.stdout, called: run.called })
        .toEqual({ argv, exit: 7, reason: 'partial_outcome', cause: true, stdout: '', called: ['create_upload_session', 'complete_upload_session'] });
      expect({ ...(run.details as object), cause: undefined }).toEqual({
        cancelled: false, cause: undefined, completeAttempts: 1, remoteEffect: 'unknown', sessionId: 's1', stage: 'complete',
        recovery: { action: 'verify_before_cancel', nextAction: '保留 sessionId；先重试 complete_upload_session 或查询最近听记确认服务端状态，只有明确证明未完成时才取消会话' },
      });
      expect((run.details as { cause: string }).cause).toContain('服务繁忙');
    }
  });

  it('a failed read-back call: partial_outcome naming minutes_upload_failed at stage verify, nothing analysed', async () => {
    for (const argv of [['minutes', '+upload', '--file', 'a.mp4', '--yes'], ['minutes', '+upload-and-analyze', '--file', 'a.mp4', '--yes']]) {
      session();
      answer('minutes/complete_upload_session', { success: true, result: { taskUuid: 't1' } });
      answer('minutes/get_minutes_basic_info', CODE);
      const run = await dws(argv, { 'a.mp4': 'MP4!' });
      expect({ argv, exit: run.exit, reason: run.reason, cause: run.message.includes('(minutes_upload_failed: '), called: run.called })
        .toEqual({ argv, exit: 7, reason: 'partial_outcome', cause: true, called: ['create_upload_session', 'complete_upload_session', 'get_minutes_basic_info'] });
      expect({ ...(run.details as object), cause: undefined }).toEqual({ cancelled: false, cause: undefined, sessionId: 's1', stage: 'verify' });
    }
  });
});

describe('doc +grant-and-share: a failed role upgrade after a grant is doc_grant_permission_partial_failure (smart/doc_access.go:443-471@c7521c1c)', () => {
  const argv = ['doc', '+grant-and-share', '--node', 'D1', '--url', 'https://alidocs.dingtalk.com/i/nodes/D1', '--to', '张三,李四', '--role', 'EDITOR', '--yes'];
  const backend = (collaborators: unknown[]) => {
    inTurn('contact/search_contact_by_key_word', { result: [{ name: '张三', userId: 'u1', openDingTalkId: 'od1' }] }, { result: [{ name: '李四', userId: 'u2', openDingTalkId: 'od2' }] });
    answer('doc/list_permission', { data: { collaborators } });
    answer('doc/add_permission', { success: true });
    answer('doc/update_permission', BUSY);
  };

  it('after 张三 was granted: partial_outcome (exit 7) naming it, upstream\'s steps, data and compensation in details, no message sent', async () => {
    backend([{ userId: 'u2', permissionRole: 'READER' }]);
    const run = await dws(argv);
    expect({ exit: run.exit, reason: run.reason, named: run.message.includes('(doc_grant_permission_partial_failure: '), stdout: run.stdout, details: run.details }).toEqual({
      exit: 7, reason: 'partial_outcome', named: true, stdout: '',
      details: {
        compensation: { action: 'revoke_new_permissions', available: true, users: ['张三(u1)'] },
        data: { granted: ['张三(u1)'], messagesSent: 0, upgradePending: ['李四(u2)'] },
        status: 'partial_success',
        steps: [{ name: 'add_permission', status: 'success' }, { name: 'update_permission', status: 'failed' }, { name: 'send_messages', status: 'not_started' }],
      },
    });
    expect(run.called.filter((c) => c !== 'search_contact_by_key_word')).toEqual(['list_permission', 'add_permission', 'update_permission']);
  });

  it('with nobody granted the failed upgrade is the call\'s own error (exit 1), no details (:468-470)', async () => {
    backend([{ userId: 'u1', permissionRole: 'READER' }, { userId: 'u2', permissionRole: 'READER' }]);
    const run = await dws(argv);
    expect([run.exit, run.reason, run.details, run.called.filter((c) => c !== 'search_contact_by_key_word')]).toEqual([1, 'business_error', undefined, ['list_permission', 'update_permission']]);
  });
});

describe('minutes +replace-batch: each read-back is judged against the text the last verified rule left (smart/replace_batch.go:171-184@c7521c1c)', () => {
  const transcript = (text: string) => ({ result: { paragraphList: [{ paragraphId: 'p1', text }], hasNext: false } });

  it('a later rule whose target an earlier rule removed is verified on the counts after that rule, not the first read\'s', async () => {
    // c=>z removes the only c, so b=>c raises c from 0 to 1 (the first read had one c already)
    inTurn('minutes/get_minutes_transcription', transcript('a c b'), transcript('a z b'), transcript('a z c'));
    answer('minutes/replace_minutes_text', { success: true });
    const run = await dws(['minutes', '+replace-batch', '--id', 't1', '--pair', 'c=>z', '--pair', 'b=>c', '--yes']);
    expect([run.exit, run.reason]).toEqual([0, undefined]);
    expect((JSON.parse(run.stdout) as { result: unknown }).result).toMatchObject({ ok: true, applied: 2, failed: 0, unattempted: 0 });
  });

  it('a rule whose read-back is the text the previous rule left (nothing changed) fails there, though it differs from the first read', async () => {
    inTurn('minutes/get_minutes_transcription', transcript('a c b'), transcript('a z b'), transcript('a z b'));
    answer('minutes/replace_minutes_text', { success: true });
    const run = await dws(['minutes', '+replace-batch', '--id', 't1', '--pair', 'c=>z', '--pair', 'b=>c', '--yes']);
    expect([run.exit, run.reason, run.message.includes('(minutes_replace_partial_failure: ')]).toEqual([7, 'partial_outcome', true]);
    expect(run.details).toMatchObject({ applied: 1, failed: 1, ok: false });
  });
});

describe('doc +create: a helper-path error of create_document is doc_write_commit_unknown (doc/common.go:176-276, content_shortcuts.go:107-110@c7521c1c)', () => {
  it('a business error (success false, errorCode) ends exit 1 with upstream\'s details, nothing else sent', async () => {
    for (const body of [BUSY, CODE]) {
      answer('doc/create_document', body);
      const run = await dws(['doc', '+create', '--name', '周报', '--yes']);
      expect({ body, exit: run.exit, reason: run.reason, stdout: run.stdout, called: run.called, details: run.details }).toEqual({
        body, exit: 1, reason: 'doc_write_commit_unknown', stdout: '', called: ['create_document'],
        details: { contractVersion: 'doc.operation.v1', nodeId: '', stage: 'create_document', state: 'unknown', status: 'unknown' },
      });
    }
  });
});
