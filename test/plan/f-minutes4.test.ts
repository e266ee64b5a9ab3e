// What the remaining minutes shortcuts send, check and print (issue 32, f-minutes4), as upstream's bodies at c7521c1c
// do: the record commands' checked acknowledgement (internal/shortcut/minutes/minutes.go:342-356,
// minutesdata/workflow.go:89-108), ... Each run as a user types it against the fake MCP server on 127.0.0.1, the
// whole printed result (or envelope) compared; the calls are pinned by test/fixtures/calls/minutes.yaml (cases
// `f-minutes4`).
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, env, run, answer, paged, refusal } = useOutputRuns('dws-fminutes4-');

/** A failed run's exit code and envelope, parsed; nothing may be on stdout. */
async function failure(argv: string[], files?: Record<string, string>) {
  const outcome = await dispatchInProcess(argv, env(files));
  expect(outcome.out).toBe('');
  return { exit: outcome.error?.exitCode, envelope: JSON.parse(outcome.error!.envelope()) as { details?: unknown; ledger?: unknown; error: { reason: string; message: string } } };
}

const calls = () => mcp.calls.map((c) => [c.name, c.arguments]);
const RECORD = 'minutes/执行听记指令-发起AI听记录音';

describe('minutes +record-* (minutes.go:204-356, minutesdata.RecordResult)', () => {
  it('+record-pause sends {cmd, uuid} and prints {accepted, command, result, taskUuid}, keys sorted', async () => {
    answer(RECORD, { success: true, result: { cmd: 'pause', taskUuid: 't1', state: 'PAUSED' } });
    const result = await run(['minutes', '+record-pause', '--id', ' t1 ', '--yes']);
    expect(calls()).toEqual([['执行听记指令-发起AI听记录音', { cmd: 'pause', uuid: 't1' }]]);
    expect(result).toEqual({ accepted: true, command: 'pause', result: { cmd: 'pause', taskUuid: 't1', state: 'PAUSED' }, taskUuid: 't1' });
    expect(Object.keys(result as object)).toEqual(['accepted', 'command', 'result', 'taskUuid']);
  });

  it('+record-start sends cmd create (sessionId only when typed) and prints taskUuid ""; no task UUID is asked of the answer', async () => {
    answer(RECORD, { result: { cmd: ' create ' } });
    expect(await run(['minutes', '+record-start', '--yes'])).toEqual({ accepted: true, command: 'create', result: { cmd: ' create ' }, taskUuid: '' });
    expect(await run(['minutes', '+record-start', '--session-id', 's1', '--yes'])).toMatchObject({ command: 'create', taskUuid: '' });
    expect(calls()).toEqual([['执行听记指令-发起AI听记录音', { cmd: 'create' }], ['执行听记指令-发起AI听记录音', { cmd: 'create', sessionId: 's1' }]]);
  });

  it('+record-resume and +record-stop accept the task UUID under its other spellings, a number as its text', async () => {
    answer(RECORD, { success: true, result: { cmd: 'resume', taskUUID: ' t9 ' } });
    expect(await run(['minutes', '+record-resume', '--id', 't9', '--session-id', 's1', '--yes'])).toMatchObject({ command: 'resume', taskUuid: 't9' });
    answer(RECORD, { success: true, result: { cmd: 'end', taskUuid: '  ', uuid: 42 } });
    expect(await run(['minutes', '+record-stop', '--id', '42', '--yes'])).toMatchObject({ command: 'end', taskUuid: '42' });
    expect(calls()).toEqual([
      ['执行听记指令-发起AI听记录音', { cmd: 'resume', uuid: 't9', sessionId: 's1' }],
      ['执行听记指令-发起AI听记录音', { cmd: 'end', uuid: '42' }],
    ]);
  });

  it('an answer RecordResult refuses is backend_error (exit 1), not a completed write', async () => {
    const bad: [unknown, string][] = [
      // h56-left: RequireWriteAcknowledgement reads the runner-stamped answer (app/runner.go:774-783@c7521c1c), so {} and
      // {result: {}} are acknowledged and fail on the result object and its cmd
      [{}, 'no result object'],
      [{ result: {} }, 'result.cmd is not end'],
      [{ success: 'true', result: { cmd: 'end', taskUuid: 't1' } }, 'does not acknowledge'],
      [{ success: true }, 'no result object'],
      [{ success: true, result: { cmd: 'pause', taskUuid: 't1' } }, 'result.cmd is not end'],
      [{ success: true, result: { taskUuid: 't1' } }, 'result.cmd is not end'],
      [{ success: true, result: { cmd: 'end', taskUuid: 't2' } }, 'names another minutes'],
      [{ success: true, result: { cmd: 'end', id: 't1' } }, 'names another minutes'],
    ];
    for (const [body, text] of bad) {
      answer(RECORD, body);
      const { exit, envelope } = await failure(['minutes', '+record-stop', '--id', 't1', '--yes']);
      expect({ body, exit, reason: envelope.error.reason, text: envelope.error.message.includes(text) }).toEqual({ body, exit: 1, reason: 'backend_error', text: true });
    }
  });
});

describe('minutes +search (alignment.go:222-305, minutesdata.ParseListPage/ProjectList)', () => {
  const LIST = 'minutes/list_by_keyword_and_time_range';
  const page = (items: unknown[], more: boolean, next?: string) => ({ success: true, result: { itemList: items, hasMore: more, ...(next ? { nextToken: next } : {}) } });
  const m = (id: string, title: string, extra: Record<string, unknown> = {}) => ({ taskUuid: id, title, ...extra });

  it('one page: rows projected, filtered by title ignoring case, {complete, count, minutes, nextToken, pages, scannedCount}', async () => {
    const { printed, exit, sent } = await paged(['minutes', '+search', '--query', ' 周会 '], LIST, [
      page([m('a', '产品周会', { creatorName: '张三', gmtStart: 1, other: 'x' }), m('b', '站会'), { uuid: 7, name: '周会Review' }], true, 'n1'),
    ]);
    expect(sent).toEqual([{ belongingConditionId: 'noLimit', maxResults: 20, keyword: '周会' }]);
    expect({ printed, exit }).toEqual({ exit: 0, printed: {
      complete: false, count: 2, nextToken: 'n1', pages: 1, scannedCount: 3,
      minutes: [{ creator: '张三', startTime: 1, taskUuid: 'a', title: '产品周会' }, { taskUuid: '7', title: '周会Review' }],
    } });
    expect(Object.keys(printed!)).toEqual(['complete', 'count', 'minutes', 'nextToken', 'pages', 'scannedCount']);
  });

  it('the title filter ignores case and a title equal to the query is kept; without --query every row is kept', async () => {
    const one = await paged(['minutes', '+search', '--query', 'abc'], LIST, [page([m('a', 'ABC'), m('b', 'xaBcx'), m('c', 'ab c'), { taskUuid: 'd' }], false)]);
    expect(one.printed).toEqual({ complete: true, count: 2, pages: 1, scannedCount: 4, minutes: [{ taskUuid: 'a', title: 'ABC' }, { taskUuid: 'b', title: 'xaBcx' }] });
    const all = await paged(['minutes', '+search', '--start', '2026-03-01T00:00:00+08:00', '--scope', 'shared'], LIST, [page([], false)]);
    expect(all.sent).toEqual([{ belongingConditionId: 'sharedToMe', maxResults: 20, createTimeStart: 1772294400000 }]);
    expect(all.printed).toEqual({ complete: true, count: 0, minutes: [], pages: 1, scannedCount: 0 });
  });

  it('--page-all follows nextToken, drops rows already seen, and ends complete', async () => {
    const { printed, sent } = await paged(['minutes', '+search', '--query', '会', '--page-all', '--limit', '2'], LIST, [
      page([m('a', '周会'), m('b', '例会')], true, 'n1'),
      page([m('b', '例会'), m('c', '复盘会')], false),
    ]);
    expect(sent).toEqual([
      { belongingConditionId: 'noLimit', maxResults: 2, keyword: '会' },
      { belongingConditionId: 'noLimit', maxResults: 2, keyword: '会', nextToken: 'n1' },
    ]);
    expect(printed).toEqual({ complete: true, count: 3, pages: 2, scannedCount: 3, minutes: [{ taskUuid: 'a', title: '周会' }, { taskUuid: 'b', title: '例会' }, { taskUuid: 'c', title: '复盘会' }] });
  });

  it('the answer checks: no list, a row without a task UUID, hasMore without nextToken, the page limit, a repeated cursor: backend_error', async () => {
    const cases: [string[], unknown[], string][] = [
      [[], [{ success: true, result: {} }], 'holds no list'],
      [[], [page([m('', 'x')], false)], 'without a task UUID'],
      [[], [page(['x'], false)], 'not an object'],
      [[], [page([m('a', 'q')], true)], 'gives no nextToken'],
      [['--page-all', '--page-limit', '2'], [page([m('a', 'q')], true, 'n1'), page([m('b', 'q')], true, 'n2')], 'still says more'],
      [['--page-all'], [page([m('a', 'q')], true, 'n1'), page([m('b', 'q')], true, 'n1')], 'repeats'],
    ];
    for (const [flags, pages, text] of cases) {
      const { envelope, exit, printed } = await paged(['minutes', '+search', '--query', 'q', ...flags], LIST, pages);
      expect({ text, exit, printed, reason: envelope?.error.reason, has: (envelope?.error as { message?: string } | undefined)?.message?.includes(text) })
        .toEqual({ text, exit: 1, printed: undefined, reason: 'backend_error', has: true });
    }
  });

  it('--limit or --page-limit not above 0 and --start after --end are refused before any call', async () => {
    for (const flags of [['--limit', '0'], ['--page-limit', '-1'], ['--start', '2026-03-02T00:00:00+08:00', '--end', '2026-03-01T00:00:00+08:00']]) {
      mcp.calls.length = 0;
      const { reason } = await refusal(['minutes', '+search', '--query', 'q', ...flags]);
      expect({ flags, reason, calls: mcp.calls.length }).toEqual({ flags, reason: 'invalid_parameter', calls: 0 });
    }
    answer(LIST, page([], false));
    expect(await run(['minutes', '+search', '--start', '2026-03-01T00:00:00+08:00', '--end', '2026-03-01T00:00:00+08:00'])).toMatchObject({ count: 0 });
  });
});

describe('minutes +share / +unshare (workflows.go:595-664, RequireWriteAcknowledgement, RequirePermissionMutationAcknowledgement)', () => {
  const ledger = (over: Record<string, unknown>) => ({
    complete: true, failed: 0, failures: [], memberCount: 2, members: ['u1', 'u2'], operation: 'minutes.share',
    results: [{ complete: true, memberUid: 'u1' }, { complete: true, memberUid: 'u2' }], succeeded: 2, taskUuids: ['t1', 't2'], unattempted: [], ...over,
  });

  it('+share prints the member ledger, keys sorted', async () => {
    answer('minutes/add_member_permission', { success: true });
    const result = await run(['minutes', '+share', '--ids', 't1, t2', '--member-uids', 'u1,u2,u1', '--permission', 'view', '--yes']);
    expect(calls()).toEqual([
      ['add_member_permission', { uuids: ['t1', 't2'], memberUids: ['u1'], policyId: 4 }],
      ['add_member_permission', { uuids: ['t1', 't2'], memberUids: ['u2'], policyId: 4 }],
    ]);
    expect(result).toEqual(ledger({}));
    expect(Object.keys(result as object)).toEqual(['complete', 'failed', 'failures', 'memberCount', 'members', 'operation', 'results', 'succeeded', 'taskUuids', 'unattempted']);
  });

  it('an unacknowledged answer fails its member; stop leaves the rest unattempted: minutes_permission_partial (exit 1) with the ledger in details', async () => {
    // h55-stamp: {result: {}} alone is stamped success: true by upstream's runner (app/runner.go:774-783@c7521c1c) and passes
    answer('minutes/add_member_permission', { success: 'yes', result: {} });
    const { exit, envelope } = await failure(['minutes', '+share', '--ids', 't1,t2', '--member-uids', 'u1,u2', '--permission', 'edit', '--yes']);
    expect(calls()).toHaveLength(1);
    expect({ exit, reason: envelope.error.reason }).toEqual({ exit: 1, reason: 'minutes_permission_partial' });
    expect(envelope.details).toEqual(ledger({
      complete: false, failed: 1, succeeded: 0, results: [], unattempted: ['u2'],
      failures: [{ memberUid: 'u1', error: expect.stringContaining('does not acknowledge the share') as unknown }],
    }));
  });

  it('continue: a member after a failed one is still shared; a share done makes it partial_outcome (exit 7), the ledger still in details', async () => {
    mcp.answers['minutes/add_member_permission'] = (_args, n) => (n === 0 ? { success: false, errorCode: 'NO_PERMISSION', errorMsg: '无权限' } : { success: true });
    const { exit, envelope } = await failure(['minutes', '+share', '--ids', 't1,t2', '--member-uids', 'u1,u2', '--permission', 'view', '--failure-policy', 'continue', '--yes']);
    expect(calls()).toHaveLength(2);
    expect({ exit, reason: envelope.error.reason }).toEqual({ exit: 7, reason: 'partial_outcome' });
    expect(envelope.error.message).toContain('(minutes_permission_partial: ');
    expect(envelope.details).toEqual(ledger({
      complete: false, failed: 1, succeeded: 1, results: [{ complete: true, memberUid: 'u2' }],
      failures: [{ memberUid: 'u1', error: expect.stringContaining('无权限') as unknown }],
    }));
  });

  it('+unshare checks the preflight as Basic, then each answer\'s resultMap, and prints the ledger', async () => {
    mcp.answers['minutes/get_minutes_basic_info'] = (args) => ({ success: true, result: { taskUuid: args.taskUuid } });
    mcp.answers['minutes/remove_member_permission'] = (args) => ({ success: true, result: { resultMap: { t1: args.memberUids, t2: [` ${(args.memberUids as string[])[0]} `] } } });
    const result = await run(['minutes', '+unshare', '--ids', 't1,t2', '--member-uids', 'u1,u2', '--yes']);
    expect(calls().map(([name]) => name)).toEqual(['get_minutes_basic_info', 'get_minutes_basic_info', 'remove_member_permission', 'remove_member_permission']);
    expect(result).toEqual(ledger({ operation: 'minutes.unshare' }));
  });

  it('+unshare: a preflight answer naming another minutes is backend_error before any write', async () => {
    answer('minutes/get_minutes_basic_info', { success: true, result: { taskUuid: 't1' } });
    const { exit, envelope } = await failure(['minutes', '+unshare', '--ids', 't1,t2', '--member-uids', 'u1', '--yes']);
    expect(calls().map(([name]) => name)).toEqual(['get_minutes_basic_info', 'get_minutes_basic_info']);
    expect({ exit, reason: envelope.error.reason, msg: envelope.error.message.includes('minutes 2 names another taskUuid') }).toEqual({ exit: 1, reason: 'backend_error', msg: true });
  });

  it('+unshare: a resultMap missing an id, listing another member or none, or no success: true fails the member', async () => {
    mcp.answers['minutes/get_minutes_basic_info'] = (args) => ({ success: true, result: { taskUuid: args.taskUuid } });
    for (const body of [
      { success: true, result: { resultMap: { t1: ['u1'] } } },
      { success: true, result: { resultMap: { t1: ['u1'], t2: ['u1', 'u9'] } } },
      { success: true, result: { resultMap: { t1: ['u1'], t2: [] } } },
      { success: true, result: { resultMap: { t1: ['u1'], t2: 'u1' } } },
      // h55-stamp: without a success key the runner stamps success: true (app/runner.go:774-783@c7521c1c), so a text one
      { success: 'true', result: { resultMap: { t1: ['u1'], t2: ['u1'] } } },
    ]) {
      answer('minutes/remove_member_permission', body);
      const { exit, envelope } = await failure(['minutes', '+unshare', '--ids', 't1,t2', '--member-uids', 'u1', '--yes']);
      expect({ body, exit, reason: envelope.error.reason, failed: (envelope.details as { failed: number }).failed }).toEqual({ body, exit: 1, reason: 'minutes_permission_partial', failed: 1 });
    }
  });
});

describe('minutes +speaker-replace (alignment.go:508-540, speakerCounts :718-750)', () => {
  it('counts the paragraphs naming --from anywhere inside them and prints {affectedParagraphs, changed, from, taskUuid, to, verified}', async () => {
    mcp.answers['minutes/get_minutes_transcription'] = (_args, n) => (n === 0
      ? { result: { paragraphList: [{ paragraphId: 'p1', speakerNick: '发言人1', sentences: [{ nickname: '发言人1' }] }, { paragraphId: 'p2', subSpeakerNickname: ' 发言人1 ' }, { paragraphId: 'p3', speakerNick: '李四' }], hasNext: false } }
      : { result: { paragraphList: [{ paragraphId: 'p1', speakerNick: '张三' }, { paragraphId: 'p2', speakerNick: '张三' }, { paragraphId: 'p3', speakerNick: '李四' }], hasNext: false } });
    answer('minutes/replace_speaker', { success: true });
    const result = await run(['minutes', '+speaker-replace', '--id', 't1', '--from', '发言人1', '--to', '张三', '--yes']);
    expect(calls().map(([name]) => name)).toEqual(['get_minutes_transcription', 'replace_speaker', 'get_minutes_transcription']);
    expect(result).toEqual({ affectedParagraphs: 2, changed: true, from: '发言人1', taskUuid: 't1', to: '张三', verified: true });
    expect(Object.keys(result as object)).toEqual(['affectedParagraphs', 'changed', 'from', 'taskUuid', 'to', 'verified']);
  });

  it('fewer paragraphs naming --to than named --from before fails the verification with {fromRemaining, targetCount, taskUuid}', async () => {
    mcp.answers['minutes/get_minutes_transcription'] = (_args, n) => (n === 0
      ? { result: { paragraphList: [{ paragraphId: 'p1', speakerNick: 'A' }, { paragraphId: 'p2', speakerNick: 'A' }], hasNext: false } }
      : { result: { paragraphList: [{ paragraphId: 'p1', speakerNick: 'B' }, { paragraphId: 'p2', speakerNick: 'C' }], hasNext: false } });
    answer('minutes/replace_speaker', { success: true });
    const { exit, envelope } = await failure(['minutes', '+speaker-replace', '--id', 't1', '--from', 'A', '--to', 'B', '--yes']);
    expect({ exit, reason: envelope.error.reason, details: envelope.details }).toEqual({ exit: 7, reason: 'partial_outcome', details: { fromRemaining: 0, targetCount: 1, taskUuid: 't1' } });
    expect(envelope.error.message).toContain('(minutes_speaker_verification_failed: ');
  });
});

describe('minutes +latest / +action-items (smart/latest_minutes.go:63-106, action_items.go:62-98)', () => {
  it('+latest prints the chosen minutes\' basic info result only', async () => {
    answer('minutes/list_by_keyword_and_time_range', { result: { itemList: [{ taskUuid: 't1', createTime: 1 }, { taskUuid: 't2', createTime: 5 }] } });
    answer('minutes/get_minutes_basic_info', { success: true, result: { taskUuid: 't2', title: '周会' } });
    expect(await run(['minutes', '+latest'])).toEqual({ taskUuid: 't2', title: '周会' });
    expect(calls()).toEqual([
      ['list_by_keyword_and_time_range', { belongingConditionId: 'created', maxResults: 20 }],
      ['get_minutes_basic_info', { taskUuid: 't2' }],
    ]);
  });

  it('+action-items prints the todos answer\'s result, an empty actions list included', async () => {
    answer('minutes/list_minutes_todos', { success: true, result: { actions: [] } });
    expect(await run(['minutes', '+action-items', '--id', 't1'])).toEqual({ actions: [] });
    answer('minutes/list_minutes_todos', { success: true, result: { dingtalkTodoList: [{ title: 'x' }] } });
    expect(await run(['minutes', '+action-items', '--id', 't1'])).toEqual({ dingtalkTodoList: [{ title: 'x' }] });
  });
});

describe('minutes +transcript (smart/transcript.go:80-153, minutesdata TranscriptPayload)', () => {
  const TR = 'minutes/get_minutes_transcription';
  const pg = (ids: string[], more: boolean, next?: string) => ({ success: true, result: { paragraphList: ids.map((id) => ({ paragraphId: id, text: id })), hasNext: more, ...(next ? { nextToken: next } : {}) } });

  it('reads every page and prints {complete, direction, duplicateCount, pages, paragraphCount, paragraphList, taskUuid}', async () => {
    const { printed, sent, exit } = await paged(['minutes', '+transcript', '--id', 't1', '--direction', '1'], TR, [pg(['a', 'b'], true, 'n1'), pg(['b', 'c'], false)]);
    expect(sent).toEqual([{ taskUuid: 't1', direction: '1' }, { taskUuid: 't1', direction: '1', nextToken: 'n1' }]);
    expect({ exit, printed }).toEqual({ exit: 0, printed: {
      complete: true, direction: '1', duplicateCount: 1, pages: 2, paragraphCount: 3, taskUuid: 't1',
      paragraphList: [{ paragraphId: 'a', text: 'a' }, { paragraphId: 'b', text: 'b' }, { paragraphId: 'c', text: 'c' }],
    } });
    expect(Object.keys(printed!)).toEqual(['complete', 'direction', 'duplicateCount', 'pages', 'paragraphCount', 'paragraphList', 'taskUuid']);
  });

  it('--single-page reads one page: complete false and its nextToken when more follow', async () => {
    const { printed, sent } = await paged(['minutes', '+transcript', '--id', 't1', '--single-page', '--cursor', 'c0'], TR, [pg(['a'], true, 'n1')]);
    expect(sent).toEqual([{ taskUuid: 't1', direction: '0', nextToken: 'c0' }]);
    expect(printed).toEqual({ complete: false, direction: '0', duplicateCount: 0, nextToken: 'n1', pages: 1, paragraphCount: 1, paragraphList: [{ paragraphId: 'a', text: 'a' }], taskUuid: 't1' });
  });

  it('still more after --page-limit pages: minutes_transcript_incomplete (exit 1), {cause, nextToken, pages, paragraphCount, taskUuid} in details', async () => {
    const { envelope, exit, printed } = await paged(['minutes', '+transcript', '--id', 't1', '--page-limit', '2'], TR, [pg(['a'], true, 'n1'), pg(['b'], true, 'n2')]);
    expect({ exit, printed, reason: envelope?.error.reason, details: (envelope as { details?: unknown }).details })
      .toEqual({ exit: 1, printed: undefined, reason: 'minutes_transcript_incomplete', details: { cause: 'page safety limit exceeded', nextToken: 'n2', pages: 2, paragraphCount: 2, taskUuid: 't1', payload: expect.objectContaining({ complete: false, pages: 2, paragraphCount: 2, taskUuid: 't1' }) } });
  });
});
