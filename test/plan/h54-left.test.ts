// Session 54 helper left (issue 32, notes/h54-left.md): items session 53 left. Each command runs as a user types it
// against the recording backend on 127.0.0.1, with the answers' text written out (rawText) where a number's literal
// matters, as a server writes it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber, goInt64, goInt64Json } from '../../src/json-number.js';
import { dispatchInProcess } from '../helpers.js';
import { rawText } from '../fixtures/mcp/server.js';
import { helpOf, useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h54left-');

// Item 1. Go's int64(f) of a float64 between 2^53 and 2^63 is the double's exact whole value, and json.Marshal of the
// int64 writes all its digits: int64(2^60) goes out 1152921504606846976, where JavaScript's shortest digits are
// 1152921504606847000 (another number to a server that reads an int64).
describe('goInt64 is Go\'s int64(f) on a 64-bit build: the exact whole part within int64, nothing outside it', () => {
  it('examples: 2^60, -2^62 - 2048.5 rounded to its double, 2^63 - 1024, -2^63, 2^63, fractions, -0, NaN, Infinity', () => {
    const cases = [2 ** 60, -(2 ** 62) - 2048, 2 ** 63 - 1024, -(2 ** 63), 2 ** 63, -(2 ** 63) - 2048, 1.5, -0.5, -0, NaN, Infinity];
    expect(cases.map((x) => goInt64(x)?.toString())).toEqual([
      '1152921504606846976', '-4611686018427389952', '9223372036854774784', '-9223372036854775808', undefined, undefined, '1', '0', '0', undefined, undefined,
    ]);
    expect([2 ** 60, 2 ** 53 - 1, -0.5].map(goInt64Json)).toEqual([new JsonNumber('1152921504606846976'), 2 ** 53 - 1, 0]);
  });

  it('agrees with BigInt on every finite double: within [-2^63, 2^63) the value toward zero, else nothing (property)', () => {
    fc.assert(fc.property(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ min: -(2 ** 64), max: 2 ** 64, noNaN: true })), (x) => {
      const n = goInt64(x);
      const whole = BigInt(Math.trunc(x));
      if (whole < -(2n ** 63n) || whole >= 2n ** 63n) return n === undefined;
      // the whole part, exactly: no more than 1 away from x toward zero, and the double it names
      const sent = goInt64Json(x);
      const text = typeof sent === 'number' ? String(sent) : sent!.literal;
      return n === whole && BigInt(text) === whole && Number(text) === Math.trunc(x) + 0;
    }), { numRuns: 500, examples: [[2 ** 63], [-(2 ** 63)], [2 ** 53 + 2], [-0], [2 ** 62 + 1024]] });
  });
});

describe('chat message list-favorites --page-all sends an answer\'s int64 cursor with Go\'s exact digits (normalizeCursorArg paged_command.go:511-516@c7521c1c)', () => {
  const page = (item: number, more: boolean, next: string) => rawText(`{"result":{"items":[${item}],"hasMore":${more},"nextCursor":${next}}}`);

  it('2^60 written short, 2^61 + 1 (a double of 2^61) and a negative cursor each go out as int64(f)\'s digits', async () => {
    const r = await outputs.paged(['chat', 'message', 'list-favorites', '--page-all'], 'im/list_message_favorites', [
      page(1, true, '1152921504606847000'), page(2, true, '2305843009213693953'), page(3, true, '-4611686018427387905'), page(4, false, '0'),
    ]);
    expect(r.exit).toBe(0);
    expect(r.sent.map((a) => (a as { cursor: unknown }).cursor)).toEqual([
      0, new JsonNumber('1152921504606846976'), new JsonNumber('2305843009213693952'), new JsonNumber('-4611686018427387904'),
    ]);
    expect(r.printed).toMatchObject({ result: { items: [1, 2, 3, 4] }, paging: { pages: 4, total: 4 } });
  });

  it('a cursor at 2^63 or a fraction stops the run; the error writes it as Go\'s %v does', async () => {
    const stop = async (next: string) => {
      const r = await outputs.paged(['chat', 'message', 'list-favorites', '--page-all'], 'im/list_message_favorites', [page(1, true, next), page(2, false, '0')]);
      const paging = (r.envelope?.ledger as { paging: { failedCursor: string; error: string } }).paging;
      return [r.exit, r.envelope?.error.reason, r.sent.length, paging.failedCursor, paging.error];
    };
    expect(await stop('9223372036854775808')).toEqual([1, 'pages_incomplete', 1, '9223372036854775808', 'paged response cursor must be an integer, got 9.223372036854776e+18']);
    expect(await stop('1e20')).toEqual([1, 'pages_incomplete', 1, '100000000000000000000', 'paged response cursor must be an integer, got 1e+20']);
    expect(await stop('7.5')).toEqual([1, 'pages_incomplete', 1, '7', 'paged response cursor must be an integer, got 7.5']);
  });
});

describe('chat +conversation-list reads its next cursor as Go\'s int64(f) (conversationPaginationCursor chat_conversation.go:486-499@c7521c1c)', () => {
  const page = (id: string, more: boolean, next: string) => rawText(`{"result":{"conversationList":[{"openConversationId":"${id}"}]},"hasMore":${more},"nextCursor":${next}}`);

  it('a cursor beyond 2^53 is followed and printed with its exact digits', async () => {
    const pages = [page('c1', true, '1152921504606846977'), page('c2', true, '4611686018427387904.0'), page('c3', false, '0')];
    outputs.mcp.calls.length = 0;
    outputs.mcp.answers['im/list_all_conversations'] = (_args, n) => pages[n];
    const r = await dispatchInProcess(['chat', '+conversation-list', '--page-all'], outputs.env());
    expect(r.error).toBeUndefined();
    expect(outputs.mcp.calls.map((c) => c.arguments)).toEqual([{ limit: 100 }, { limit: 100, cursor: new JsonNumber('1152921504606846976') }, { limit: 100, cursor: new JsonNumber('4611686018427387904') }]);
    expect(r.out).toContain('"complete":true,"hasMore":false,"nextCursor":4611686018427387904,');
  });
});

// Item 2. minutes +transcript (transcript.go:111-120, minutesdata/pager.go:26-116@c7521c1c): when the read ends before
// its last page upstream prints TranscriptPayload of what it read (the paragraphs included) on stdout, then fails
// minutes_transcript_incomplete (exit 1). A failed dws run prints nothing on stdout (SPEC 4.4), so that payload is the
// error's details.payload; before, only the counts were there and the paragraphs read were lost.
describe('minutes +transcript on an incomplete read carries upstream\'s printed payload, paragraphs included, in details.payload', () => {
  const p = (id: string) => ({ paragraphId: id, sentence: `s${id}` });
  const page1 = { result: { paragraphList: [p('p1'), p('p2'), p('p1')], hasNext: true, nextToken: 'n1' } };
  const busy = { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' };
  const transcript = async (...pages: unknown[]) => {
    outputs.mcp.answers['minutes/get_minutes_transcription'] = (_args, n) => pages[Math.min(n, pages.length - 1)];
    const r = await dispatchInProcess(['minutes', '+transcript', '--id', 't1'], outputs.env());
    const envelope = JSON.parse(r.error!.envelope()) as { details: { payload: Record<string, unknown> } & Record<string, unknown> };
    const { failure, ...payload } = envelope.details.payload;
    return { exit: r.error!.exitCode, reason: r.error!.reason, out: r.out, payload, failure, counts: { ...envelope.details, payload: undefined, cause: undefined } };
  };

  it('a later page\'s call failing: the first page\'s paragraphs (a repeat dropped), the failing page and its token', async () => {
    const r = await transcript(page1, busy);
    expect({ ...r, failure: typeof r.failure }).toEqual({
      exit: 1, reason: 'minutes_transcript_incomplete', out: '', failure: 'string',
      payload: { complete: false, direction: '0', duplicateCount: 1, failurePage: 2, nextToken: 'n1', pages: 1, paragraphCount: 2, paragraphList: [p('p1'), p('p2')], taskUuid: 't1' },
      counts: { cause: undefined, nextToken: 'n1', pages: 1, paragraphCount: 2, payload: undefined, taskUuid: 't1' },
    });
  });

  it('the first page\'s call failing: an empty paragraphList and no nextToken (none was sent)', async () => {
    const r = await transcript(busy);
    expect([r.exit, r.payload]).toEqual([1, { complete: false, direction: '0', duplicateCount: 0, failurePage: 1, pages: 0, paragraphCount: 0, paragraphList: [], taskUuid: 't1' }]);
  });

  it('a cursor that cycles back: both pages\' paragraphs and the cycled token', async () => {
    const r = await transcript(page1, { result: { paragraphList: [p('p3')], hasNext: true, nextToken: 'n1' } });
    expect([r.exit, r.failure, r.payload]).toEqual([1, 'cursor stalled or cycled', {
      complete: false, direction: '0', duplicateCount: 1, failurePage: 3, nextToken: 'n1', pages: 2, paragraphCount: 3, paragraphList: [p('p1'), p('p2'), p('p3')], taskUuid: 't1',
    }]);
  });
});

// Item 3. pat chmod (chmod.go:556-615, :1006-1026, :1117-1125, :1275-1290@c7521c1c): the batch plan, like the batch
// grant, goes through callPATBatchToolWithIdentityFallback: asked with identity fields (agentCode, sessionId) and
// refused for them (PAT_FORGED_IDENTITY_FIELD in the answer's code, or in the failure the runner makes of a
// success:false answer, whose code it carries), it is asked once more without them, and that answer must name the agent
// asked for. A refusal of dws's transport names the code in its message, which the plan reads.
describe('pat chmod asks again without identity fields when the batch plan or the grant is refused for them', () => {
  const forged = { success: false, errorCode: 'PAT_FORGED_IDENTITY_FIELD', errorMsg: 'identity fields not allowed' };
  const chmod = async (argv: string[], plan: unknown[], grant: unknown[]) => {
    outputs.mcp.answers['pat/pat.batch_plan'] = (_args, n) => plan[Math.min(n, plan.length - 1)];
    outputs.mcp.answers['pat/pat.batch_grant'] = (_args, n) => grant[Math.min(n, grant.length - 1)];
    return outputs.sent(['pat', 'chmod', ...argv, '--yes']);
  };
  const planArgs = { scopes: [], productCodes: ['chat'], recommend: false, grantType: 'permanent', dryRun: true };

  it('a plan refused as a business error naming the code: asked again without agentCode, then granted (the grant refused so too, sent again)', async () => {
    const r = await chmod(['--products', 'chat', '--agentCode', 'a1'], [forged, { agentCode: 'a1', data: { selectedScopes: ['chat.message:list'] } }],
      [{ ...forged, errorCode: ' pat_forged_identity_field ' }, { agentCode: 'a1', granted: true }]);
    expect(r).toEqual({
      reason: undefined, category: undefined, printed: { agentCode: 'a1', granted: true },
      calls: [
        ['pat/pat.batch_plan', { ...planArgs, agentCode: 'a1' }], ['pat/pat.batch_plan', planArgs],
        ['pat/pat.batch_grant', { scopes: ['chat.message:list'], grantType: 'permanent', agentCode: 'a1' }],
        ['pat/pat.batch_grant', { scopes: ['chat.message:list'], grantType: 'permanent' }],
      ],
    });
  });

  it('a plan answered with the code, asked again: an answer naming no agent, or another, is refused before any grant', async () => {
    for (const second of [{ data: { selectedScopes: ['x'] } }, { result: { agentCode: 'b2' }, data: { selectedScopes: ['x'] } }]) {
      const r = await chmod(['--recommend', '--agentCode', 'a1'], [{ errorCode: 'PAT_FORGED_IDENTITY_FIELD' }, second], [{ agentCode: 'a1' }]);
      expect([r.reason, r.calls.map(([tool]) => tool)]).toEqual(['backend_error', ['pat/pat.batch_plan', 'pat/pat.batch_plan']]);
    }
  });

  it('a grant refused as a business error naming the code is sent again without its identity fields; a session id counts as one', async () => {
    const r = await chmod(['chat.message:list', '--grant-type', 'session', '--session-id', 's1'], [{}], [forged, { ok: true }]);
    expect([r.reason, r.calls, r.printed]).toEqual([undefined, [
      ['pat/pat.batch_grant', { scopes: ['chat.message:list'], grantType: 'session', sessionId: 's1' }],
      ['pat/pat.batch_grant', { scopes: ['chat.message:list'], grantType: 'session' }],
    ], { ok: true }]);
  });

  it('without identity fields, or with another code, the refusal is the run\'s error after one call', async () => {
    const alone = await chmod(['chat.message:list'], [{}], [forged]);
    const other = await chmod(['chat.message:list', '--agentCode', 'a1'], [{}], [{ ...forged, errorCode: 'PAT_SCOPE_DENIED' }]);
    const planOther = await chmod(['--products', 'chat', '--agentCode', 'a1'], [{ ...forged, errorCode: 'SYSTEM_ERROR' }], [{}]);
    expect([alone, other, planOther].map((r) => [r.reason, r.calls.length])).toEqual([['business_error', 1], ['business_error', 1], ['business_error', 1]]);
  });
});

// Item 4. Help facts. attendance approve list sends --end as time.ParseInLocation("2006-01-02", ...) formatted
// "2006-01-02 15:04:05" (attendance.go:858-893@c7521c1c): 00:00:00 of that day, which its help now says. drive comment
// list's --page-size is an alias upstream registers hidden (corecmd.go:593-597, file_comment.go:80@c7521c1c): dws's flag
// list leaves it out, and so do the help's constraint lines now; typed, it is still refused with --all.
describe('help says what the command sends and names no hidden flag', () => {
  it('attendance approve list --help says --end is sent as the start of that day, in English and Chinese; the call agrees', async () => {
    const help = helpOf('attendance', 'approve', 'list');
    expect([help.includes('sent as 00:00:00 of that date'), help.includes('按该日 00:00:00 发送')]).toEqual([true, true]);
    const r = await outputs.sent(['attendance', 'approve', 'list', '--users', 'u1', '--types', 'leave', '--start', '2026-04-01', '--end', '2026-04-30']);
    expect(r.calls).toEqual([['attendance-wukong/query_user_approve', { QueryUserApproveRequest: { userIds: ['u1'], bizTypes: [3], fromDate: '2026-04-01 00:00:00', toDate: '2026-04-30 00:00:00' } }]]);
  });

  it('drive comment list --help names no --page-size, keeps --all against --limit, and --all with --page-size is still refused', async () => {
    const help = helpOf('drive', 'comment', 'list');
    expect([help.includes('page-size'), help.includes('Give at most one / 至多提供一个: --all, --limit')]).toEqual([false, true]);
    const r = await outputs.sent(['drive', 'comment', 'list', '--node', 'n', '--all', '--page-size', '5']);
    expect([r.reason, r.calls.length]).toEqual(['constraint_violation', 0]);
  });
});
