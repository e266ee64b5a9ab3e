// What the commands audit-30q-b read send, refuse and print (issue 32, a-q2), as upstream's bodies at c7521c1c do,
// run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { streamingCardUpdate } from '../../src/domain/chat-cards.js';
import { unwrapUntil } from '../../src/plan/transforms/json.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-aq2-');
const { sent } = outputs;


describe('chat +messages-update-card checks, sends and verifies as upstream (chat_message.go:1762-1804, chatmsg/card_update.go)', () => {
  const update = (bizId: string, status = '3') => ['chat', '+messages-update-card', '--biz-id', bizId, '--content', '  进度 50%  ', '--flow-status', status, '--yes'];
  const call = ['im/update_streaming_card', { bizId: 'B1', msgContent: '进度 50%', flowStatus: 3 }];

  it('an accepted-only answer prints the receipt with accepted true, verified false and a warning', async () => {
    outputs.answer('im/update_streaming_card', { success: true });
    const run = await sent(update(' B1 '));
    expect({ ...run, printed: { ...(run.printed as object), warning: typeof (run.printed as { warning?: unknown }).warning } }).toEqual({
      reason: undefined, category: undefined, calls: [call],
      printed: { success: true, contractVersion: 'im.streaming-card.v1', cardRef: { bizId: 'B1' }, accepted: true, verified: false, verificationEvidence: 'success=true', warning: 'string' },
    });
  });

  // h55-a1: the answer is printed as the runner hands it on, with success: true stamped (app/runner.go:779-783@c7521c1c)
  it('an answer with updated=true inside result is verified and carries no warning', async () => {
    outputs.answer('im/update_streaming_card', { result: { updated: true, bizId: 'B1' } });
    expect((await sent(update('B1'))).printed).toEqual({
      result: { updated: true, bizId: 'B1' }, success: true, contractVersion: 'im.streaming-card.v1', cardRef: { bizId: 'B1' }, accepted: true, verified: true, verificationEvidence: 'updated=true',
    });
  });

  // h55-a1: an object without success ({note: 'ok'}) is no longer here: the runner's stamp makes it accepted, as upstream
  // (test/plan/h55-a1.test.ts); `{success: false}` stays refused (by the transport)
  it('evidence both ways, evidence against, another bizId and no evidence are api failures after the one call', async () => {
    for (const answer of [{ success: true, result: false }, { data: { applied: false } }, { success: true, bizId: 'B2' }, { updated: false }]) {
      outputs.answer('im/update_streaming_card', answer);
      expect(await sent(update('B1'))).toEqual({ reason: 'backend_error', category: 'backend', calls: [call], printed: undefined });
    }
  });

  it('a placeholder or spaced bizId and a flow status outside 1-5 are refused before any call', async () => {
    for (const argv of [update('${BIZ-ID}'), update('B\u00851'), update('B1', '6'), update('B1', '-1')]) {
      expect(await sent(argv)).toEqual({ reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined });
    }
  });

  it('streaming_card_update: verdicts as VerifyStreamingCardUpdate gives them', () => {
    expect(streamingCardUpdate({ success: true, response: { modifiedCount: 2 } }, 'b')).toEqual({ outcome: 'verified', accepted: true, verified: true, evidence: 'modifiedCount=2' });
    expect(streamingCardUpdate({ errorCode: '', success: true }, 'b')).toEqual({ outcome: 'accepted', accepted: true, verified: false, evidence: 'success=true' });
    expect(streamingCardUpdate({ errorCode: 0, updatedCount: 1.5 }, 'b').outcome).toEqual('not_applied');
    expect(streamingCardUpdate({ card: [{ biz_id: ' b ' }, true] }, ' b ').outcome).toEqual('verified');
    expect(streamingCardUpdate({ extra: { updated: true } }, 'b').outcome).toEqual('unverified');
    expect(applyTransforms(['streaming_card_update'], { answer: { bizID: 'x', updated: true }, bizId: 'b' }, 'a card answer')).toEqual(
      { outcome: 'biz_id_mismatch', accepted: false, verified: false, evidence: '' });
  });

  it('streaming_card_update: evidence outside result/data/response/card never verifies (property)', () => {
    fc.assert(fc.property(fc.string().filter((k) => !['result', 'data', 'response', 'card', 'success', 'updated', 'applied', 'affectedCount', 'updatedCount', 'modifiedCount', 'errorCode', 'bizId', 'bizID', 'biz_id'].includes(k)),
      (key) => streamingCardUpdate({ [key]: { updated: true, success: true } }, 'b').outcome === 'unverified'));
  });
});

describe('projections that keep or stop at a null spelling, as the upstream first-present readers do', () => {
  it('mail +thread-list keeps the first spelling present, a null included (threadListFirst, mail.go:172-180)', async () => {
    outputs.answer('mail/list_mailbox_threads', { data: { threads: [{ conversationId: null, id: 't1', subject: 's' }, { title: null }, 'x'] } });
    expect(await sent(['mail', '+thread-list', '--email', ' a@b.c ', '--folder', '104', '--ascending=false'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['mail/list_mailbox_threads', { email: 'a@b.c', folderId: '104', size: 20, isAscending: false }]],
      printed: { count: 2, threads: [{ conversationId: null, subject: 's' }, { subject: null }] },
    });
  });

  it('todo +list-comment leaves a field out at a null first spelling and reads no later one (todo.go:493-505, :538-545)', async () => {
    outputs.answer('todo/list_todo_comment', { result: { comments: [{ commentId: null, id: 'c1', content: 'hi', creator: 'u1' }, { id: null }] } });
    expect((await sent(['todo', '+list-comment', '--task-id', 'T1'])).printed).toEqual({ count: 1, comments: [{ content: 'hi', creatorId: 'u1' }] });
  });

  it('chat +bot-search prints {count, robots}, sends no pageSize of 0 (chat_bot.go:61-132)', async () => {
    outputs.answer('bot/search_my_robots', { result: { records: [{ code: 'r1', robot_name: '日报', state: null, gmtCreate: 1 }, 7, {}] } });
    expect(await sent(['chat', '+bot-search', '--size', '0', '--name', ' 日报 '])).toEqual({
      reason: undefined, category: undefined,
      calls: [['bot/search_my_robots', { currentPage: 1, robotName: '日报' }]],
      printed: { count: 1, robots: [{ robotCode: 'r1', robotName: '日报', status: null, gmtCreate: 1 }] },
    });
  });

  it('oa +search-forms keeps a null processCode (oaFormFirst, oa.go:232-239)', async () => {
    outputs.answer('oa/search_form', { data: { forms: [{ processCode: null, code: 'x', flowTitle: '报销' }] } });
    expect((await sent(['oa', '+search-forms', '--query', ' 报销 '])).printed).toEqual({ count: 1, forms: [{ processCode: null, name: '报销' }] });
  });
});

describe('answer checks of drive +star-remove, drive comment list and whiteboard query', () => {
  // h55-stamp: an answer without success is stamped success: true by upstream's runner (app/runner.go:774-783@c7521c1c)
  // before requireDriveWrite reads it, so it passes (test/plan/h55-stamp.test.ts); a null success is the refusal here
  it('drive +star-remove: a text or null success is an api failure; success true prints the receipt (common.go:79-134)', async () => {
    for (const answer of [{ success: 'true' }, { success: null, result: { nodeId: 'n1' } }]) {
      outputs.answer('drive/unmark_star', answer);
      expect(await sent(['drive', '+star-remove', '--node', 'n1'])).toEqual({ reason: 'backend_error', category: 'backend', calls: [['drive/unmark_star', { nodeId: 'n1' }]], printed: undefined });
    }
    outputs.answer('drive/unmark_star', { success: true });
    expect((await sent(['drive', '+star-remove', '--node', ' n1 '])).printed).toEqual({ success: true, nodeId: 'n1', result: { success: true } });
  });

  it('drive comment list reads the payload inside data then result and prints it (file_comment.go:374-455, :508-527)', async () => {
    outputs.answer('doc-comment/list_file_comments', { data: { result: { fileId: ' f1 ', total: 1, hasMore: false, nextToken: null, items: [{ commentId: 'c1', anchor: {}, creatorId: 'u1' }] } } });
    expect((await sent(['drive', 'comment', 'list', '--node', 'f1'])).printed).toEqual({
      nodeId: 'f1', total: 1, count: 1, hasMore: false, nextCursor: null, complete: true, scope: 'all', comments: [{ commentId: 'c1', anchor: {}, creator: { userId: 'u1' } }],
    });
  });

  it('drive comment list: one page saying hasMore with a missing, non-numeric or repeated cursor is refused (file_comment.go:529-546)', async () => {
    for (const [token, cursor] of [[undefined, undefined], ['next', undefined], [' 9 ', '9']] as const) {
      outputs.answer('doc-comment/list_file_comments', { fileId: 'f1', total: 9, hasMore: true, ...(token === undefined ? {} : { nextToken: token }), items: [] });
      const run = await sent(['drive', 'comment', 'list', '--node', 'f1', ...(cursor === undefined ? [] : ['--cursor', cursor])]);
      expect([run.reason, run.calls.length, run.printed]).toEqual(['backend_error', 1, undefined]);
    }
    outputs.answer('doc-comment/list_file_comments', { fileId: 'f1', total: 9, hasMore: true, nextToken: '10', items: [] });
    expect((await sent(['drive', 'comment', 'list', '--node', 'f1', '--cursor', '9'])).printed).toMatchObject({ hasMore: true, nextCursor: '10', complete: false });
  });

  it('unwrap_until: steps in only while the key is missing, at most depth times, result before data', () => {
    expect(unwrapUntil({ result: { data: { fileId: 1 } } }, 'fileId', ['result', 'data'], 2)).toEqual({ fileId: 1 });
    expect(unwrapUntil({ result: 'x', data: { fileId: 2 } }, 'fileId', ['result', 'data'], 2)).toEqual({ fileId: 2 });
    expect(unwrapUntil({ result: { other: 1 }, data: { fileId: 3 } }, 'fileId', ['result', 'data'], 2)).toEqual({ other: 1 });
    expect(unwrapUntil({ a: { b: { c: { fileId: 4 } } } }, 'fileId', ['a', 'b', 'c'], 2)).toEqual({ c: { fileId: 4 } });
    expect(unwrapUntil([1], 'fileId', ['result'], 2)).toEqual([1]);
  });

  it('whiteboard query prints resultJson decoded; a blank one is left as it is (whiteboard.go:329-341)', async () => {
    outputs.answer('whiteboard/read_whiteboard_content', { resultJson: '{"nodes": [{"id": "n1"}]}', partId: 'P1' });
    expect(await sent(['whiteboard', 'query', '--node', 'D1', '--part-id', 'P1'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['whiteboard/read_whiteboard_content', { nodeId: 'D1', partId: 'P1' }]],
      printed: { resultJson: { nodes: [{ id: 'n1' }] }, partId: 'P1' },
    });
    outputs.answer('whiteboard/read_whiteboard_content', { resultJson: '  ' });
    expect((await sent(['whiteboard', 'query', '--node', 'D1', '--part-id', 'P1'])).printed).toEqual({ resultJson: '  ' });
  });
});
