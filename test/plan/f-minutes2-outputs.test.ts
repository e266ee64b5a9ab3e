// What the minutes batch readers print (issue 32, f-minutes2), as upstream's bodies at c7521c1c print them: minutes
// +detail reads id by id, each id's artifacts in the typed order, records a failed artifact and goes on, prints one
// bundle (one --id) or the batch payload (--ids), then fails minutes_detail_incomplete with that payload in `details`
// (internal/shortcut/smart/minutes_detail.go:127-264). Each run as a user types it against the fake MCP server on
// 127.0.0.1, the whole printed result (or envelope) compared; the calls are pinned by test/fixtures/calls/minutes.yaml.
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { BUSY, useOutputRuns } from './output-runs.js';

const { mcp, env, run, answer } = useOutputRuns('dws-fminutes2-');

/** The answers of a minutes backend that knows every id (the basic info names the id it is asked for). */
function knowsEveryId() {
  mcp.answers['minutes/get_minutes_basic_info'] = (args) => ({ success: true, result: { taskUuid: args.taskUuid, title: `t-${String(args.taskUuid)}` } });
  answer('minutes/get_minutes_ai_summary', { success: true, result: { fullSummary: '纪要' } });
  answer('minutes/get_minutes_keywords', { success: true, result: { keywords: ['k1'] } });
  answer('minutes/list_minutes_todos', { success: true, result: { actions: [] } });
  mcp.answers['minutes/get_minutes_transcription'] = (args) => (args.nextToken === undefined
    ? { success: true, result: { paragraphList: [{ paragraphId: 'p1', text: 'a' }], hasNext: true, nextToken: 'n2' } }
    : { success: true, result: { paragraphList: [{ paragraphId: 'p1', text: 'a' }, { paragraphId: 'p2', text: 'b' }], hasNext: false } });
}

/** A failed run's envelope, parsed; nothing may be on stdout. */
async function failure(argv: string[]) {
  const outcome = await dispatchInProcess(argv, env());
  expect(outcome.out).toBe('');
  return { exit: outcome.error?.exitCode, envelope: JSON.parse(outcome.error!.envelope()) as { details: unknown; error: { reason: string; category: string } } };
}

const calls = () => mcp.calls.map((c) => [c.name, c.arguments]);

describe('minutes +detail (minutes_detail.go:127-264)', () => {
  it('one --id: reads its artifacts in the typed order and prints the bundle, keys sorted, transcript as TranscriptPayload', async () => {
    knowsEveryId();
    const result = await run(['minutes', '+detail', '--id', 'u1', '--artifacts', 'transcript,basic']);
    expect(calls()).toEqual([
      ['get_minutes_transcription', { taskUuid: 'u1', direction: '0' }],
      ['get_minutes_transcription', { taskUuid: 'u1', direction: '0', nextToken: 'n2' }],
      ['get_minutes_basic_info', { taskUuid: 'u1' }],
    ]);
    expect(result).toEqual({
      basic: { result: { taskUuid: 'u1', title: 't-u1' }, success: true },
      complete: true,
      failureCount: 0,
      taskUuid: 'u1',
      transcript: {
        complete: true, direction: '0', duplicateCount: 1, pages: 2, paragraphCount: 2,
        paragraphList: [{ paragraphId: 'p1', text: 'a' }, { paragraphId: 'p2', text: 'b' }], taskUuid: 'u1',
      },
    });
    expect(Object.keys(result as object)).toEqual(['basic', 'complete', 'failureCount', 'taskUuid', 'transcript']);
  });

  it('--ids: id by id, every artifact (default order), then {operation, complete, requested, succeeded, failed, results, failures}', async () => {
    knowsEveryId();
    const result = await run(['minutes', '+detail', '--ids', 'u1,u2', '--single-page']) as Record<string, unknown>;
    expect(calls().map(([name, args]) => `${String(name)}:${String((args as { taskUuid: string }).taskUuid)}`)).toEqual([
      'get_minutes_basic_info:u1', 'get_minutes_ai_summary:u1', 'get_minutes_keywords:u1', 'get_minutes_transcription:u1', 'list_minutes_todos:u1',
      'get_minutes_basic_info:u2', 'get_minutes_ai_summary:u2', 'get_minutes_keywords:u2', 'get_minutes_transcription:u2', 'list_minutes_todos:u2',
    ]);
    expect(Object.keys(result)).toEqual(['complete', 'failed', 'failures', 'operation', 'requested', 'results', 'succeeded']);
    expect({ ...result, results: undefined }).toEqual({ complete: true, failed: 0, failures: [], operation: 'minutes.detail', requested: 2, results: undefined, succeeded: 2 });
    const [first] = result.results as Record<string, unknown>[];
    expect(first).toEqual({
      basic: { result: { taskUuid: 'u1', title: 't-u1' }, success: true },
      complete: true,
      failureCount: 0,
      keywords: { result: { keywords: ['k1'] }, success: true },
      summary: { result: { fullSummary: '纪要' }, success: true },
      taskUuid: 'u1',
      todos: { result: { actions: [] }, success: true },
      transcript: { complete: false, direction: '0', duplicateCount: 0, nextToken: 'n2', pages: 1, paragraphCount: 1, paragraphList: [{ paragraphId: 'p1', text: 'a' }], taskUuid: 'u1' },
    });
  });

  it('a failed artifact is recorded and the reads go on; the run then fails minutes_detail_incomplete (exit 1) with the payload in details', async () => {
    knowsEveryId();
    mcp.answers['minutes/get_minutes_ai_summary'] = (args) => (args.taskUuid === 'u1' ? BUSY : { success: true, result: { fullSummary: 's' } });
    answer('minutes/get_minutes_keywords', { success: true, result: { keywords: 'not a list' } });
    const { exit, envelope } = await failure(['minutes', '+detail', '--ids', 'u1', '--ids', 'u2', '--artifacts', 'summary,keywords']);
    expect(calls().map(([name]) => name)).toEqual(['get_minutes_ai_summary', 'get_minutes_keywords', 'get_minutes_ai_summary', 'get_minutes_keywords']);
    expect(exit).toBe(1);
    expect(envelope.error).toMatchObject({ category: 'backend', reason: 'minutes_detail_incomplete' });
    const details = envelope.details as { results: Record<string, unknown>[]; failures: Record<string, unknown>[] } & Record<string, unknown>;
    expect({ ...details, results: undefined, failures: undefined }).toEqual({ complete: false, failed: 2, failures: undefined, operation: 'minutes.detail', requested: 2, results: undefined, succeeded: 0 });
    const summaryError = (details.results[0].summary as { error: string }).error;
    expect(summaryError).toContain('服务繁忙');
    const keywordsError = 'the minutes keywords answer has no keywords list';
    expect(details.results).toEqual([
      { complete: false, failureCount: 2, failures: [{ artifact: 'summary', error: summaryError, taskUuid: 'u1' }, { artifact: 'keywords', error: keywordsError, taskUuid: 'u1' }],
        keywords: { error: keywordsError }, summary: { error: summaryError }, taskUuid: 'u1' },
      { complete: false, failureCount: 1, failures: [{ artifact: 'keywords', error: keywordsError, taskUuid: 'u2' }],
        keywords: { error: keywordsError }, summary: { result: { fullSummary: 's' }, success: true }, taskUuid: 'u2' },
    ]);
    expect(details.failures).toEqual([...(details.results[0].failures as unknown[]), ...(details.results[1].failures as unknown[])]);
  });

  it('checks each answer as upstream ValidateArtifact: basic naming another id, summary without fullSummary, todos without a list', async () => {
    answer('minutes/get_minutes_basic_info', { success: true, result: { taskUuid: 'other' } });
    answer('minutes/get_minutes_ai_summary', { success: true, result: { summary: 'x' } });
    answer('minutes/list_minutes_todos', { success: true, result: { dingtalkTodoList: [{ id: 't' }] } });
    const { envelope } = await failure(['minutes', '+detail', '--id', 'u1', '--artifacts', 'basic,summary,todos']);
    expect(envelope.details).toEqual({
      basic: { error: 'the minutes basic info answer names another taskUuid' },
      complete: false,
      failureCount: 2,
      failures: [
        { artifact: 'basic', error: 'the minutes basic info answer names another taskUuid', taskUuid: 'u1' },
        { artifact: 'summary', error: 'the minutes summary answer has no fullSummary', taskUuid: 'u1' },
      ],
      summary: { error: 'the minutes summary answer has no fullSummary' },
      taskUuid: 'u1',
      todos: { result: { dingtalkTodoList: [{ id: 't' }] }, success: true },
    });
  });

  it('a transcript that fails, or does not end within --page-limit, is a failure with its payload', async () => {
    answer('minutes/get_minutes_transcription', BUSY);
    let { envelope } = await failure(['minutes', '+detail', '--id', 'u1', '--artifacts', 'transcript', '--cursor', 'c0']);
    const t = (envelope.details as { transcript: Record<string, unknown> }).transcript;
    expect(t).toEqual({ complete: false, direction: '0', duplicateCount: 0, failure: t.failure, failurePage: 1, nextToken: 'c0', pages: 0, paragraphCount: 0, paragraphList: [], taskUuid: 'u1' });
    expect(t.failure).toContain('服务繁忙');
    // n counts this tool's earlier calls in the test: the failed one above was call 0
    mcp.answers['minutes/get_minutes_transcription'] = (_args, n) => ({ success: true, result: { paragraphList: [{ paragraphId: `p${n}` }], hasNext: true, nextToken: `n${n + 1}` } });
    ({ envelope } = await failure(['minutes', '+detail', '--id', 'u1', '--artifacts', 'transcript', '--page-limit', '2', '--direction', '1']));
    expect(envelope.details).toEqual({
      complete: false, failureCount: 1, taskUuid: 'u1',
      failures: [{ artifact: 'transcript', error: 'the transcript did not reach its last page within --page-limit pages', taskUuid: 'u1' }],
      transcript: {
        complete: false, direction: '1', duplicateCount: 0, failure: 'the transcript did not reach its last page within --page-limit pages', failurePage: 3,
        nextToken: 'n3', pages: 2, paragraphCount: 2, paragraphList: [{ paragraphId: 'p1' }, { paragraphId: 'p2' }], taskUuid: 'u1',
      },
    });
  });
});

describe('minutes +download (minutes/alignment.go:307-345)', () => {
  it('--url-only: one query per id, each media URL as MediaURL reads it, printed as {failed, ok, requested, results, succeeded}', async () => {
    mcp.answers['minutes/query_minutes_audio_url'] = (args) => ({ success: true, result: { videoUrl: '  ', audioUrl: ` https://m.example/${String(args.taskUuid)}.m4a ` } });
    const result = await run(['minutes', '+download', '--ids', 'u1,u2', '--url-only']);
    expect(result).toEqual({ failed: 0, ok: true, requested: 2, results: [{ taskUuid: 'u1', url: 'https://m.example/u1.m4a' }, { taskUuid: 'u2', url: 'https://m.example/u2.m4a' }], succeeded: 2 });
    expect(Object.keys(result as object)).toEqual(['failed', 'ok', 'requested', 'results', 'succeeded']);
  });

  it('a failed query or an answer without a URL is listed and the next id is read; then minutes_download_incomplete (exit 1) with the payload in details', async () => {
    mcp.answers['minutes/query_minutes_audio_url'] = (args) => (args.taskUuid === 'u1' ? BUSY : args.taskUuid === 'u2' ? { success: true, result: {} } : { success: true, result: { url: 'https://m.example/u3.mp4' } });
    const { exit, envelope } = await failure(['minutes', '+download', '--ids', 'u1,u2,u3', '--url-only']);
    expect(calls().map(([, args]) => (args as { taskUuid: string }).taskUuid)).toEqual(['u1', 'u2', 'u3']);
    expect(exit).toBe(1);
    expect(envelope.error).toMatchObject({ category: 'backend', reason: 'minutes_download_incomplete' });
    const details = envelope.details as { failures: { error: string }[] };
    expect(details.failures[0].error).toContain('服务繁忙');
    expect(details).toEqual({
      failed: 2, ok: false, requested: 3, succeeded: 1,
      failures: [{ error: details.failures[0].error, taskUuid: 'u1' }, { error: 'the media answer has no audio or video URL', taskUuid: 'u2' }],
      results: [{ taskUuid: 'u3', url: 'https://m.example/u3.mp4' }],
    });
  });

  it('one id downloaded: {taskUuid, path, sizeBytes}; its failed query downloads nothing and ends minutes_download_incomplete', async () => {
    mcp.files['rec.MP4'] = Buffer.from('MEDIA');
    answer('minutes/query_minutes_audio_url', { success: true, result: { videoUrl: `${mcp.base}/files/rec.MP4?sig=1` } });
    expect(await run(['minutes', '+download', '--id', 'u1'])).toEqual({ failed: 0, ok: true, requested: 1, results: [{ path: 'minutes-downloads/u1.mp4', sizeBytes: 5, taskUuid: 'u1' }], succeeded: 1 });
    answer('minutes/query_minutes_audio_url', BUSY);
    const { envelope } = await failure(['minutes', '+download', '--id', 'u2']);
    expect(envelope.error.reason).toBe('minutes_download_incomplete');
    expect({ ...(envelope.details as object), failures: undefined }).toEqual({ failed: 1, failures: undefined, ok: false, requested: 1, results: [], succeeded: 0 });
  });
});

describe('minutes +update (minutes/alignment.go:416-447)', () => {
  it('writes a new title, reads it back and prints {after, before, changed, taskUuid, verified}', async () => {
    mcp.answers['minutes/get_minutes_basic_info'] = (_args, n) => ({ success: true, result: { taskUuid: 'u1', title: n === 0 ? '旧标题' : '新标题' } });
    expect(await run(['minutes', '+update', '--id', 'u1', '--title', ' 新标题 ', '--yes'])).toEqual({ after: '新标题', before: '旧标题', changed: true, taskUuid: 'u1', verified: true });
    expect(calls().map(([name]) => name)).toEqual(['get_minutes_basic_info', 'update_minutes_title', 'get_minutes_basic_info']);
  });

  it('an unchanged title is not written: {changed: false, taskUuid, title, verified: true}', async () => {
    answer('minutes/get_minutes_basic_info', { success: true, result: { taskUuid: 'u1', title: '周会' } });
    const result = await run(['minutes', '+update', '--id', 'u1', '--title', '周会', '--yes']);
    expect(result).toEqual({ changed: false, taskUuid: 'u1', title: '周会', verified: true });
    expect(Object.keys(result as object)).toEqual(['changed', 'taskUuid', 'title', 'verified']);
    expect(calls().map(([name]) => name)).toEqual(['get_minutes_basic_info']);
  });

  it('a basic info that does not name the minutes is refused before any write', async () => {
    answer('minutes/get_minutes_basic_info', { success: true, result: { title: '周会' } });
    const { exit, envelope } = await failure(['minutes', '+update', '--id', 'u1', '--title', '新', '--yes']);
    expect({ exit, reason: envelope.error.reason }).toEqual({ exit: 1, reason: 'backend_error' });
    expect(calls().map(([name]) => name)).toEqual(['get_minutes_basic_info']);
  });
});

describe('wiki list shortcuts with page evidence (wiki.go:66-74, :212-219; common.go:103-163)', () => {
  it('+space-search prints {count, spaces} and the page evidence of the object holding the list, keys sorted', async () => {
    answer('wiki/search_wikiSpaces', { success: true, hasMore: 'ignored: not the list\'s object', result: {
      wikiSpaces: [{ spaceId: 's1', spaceName: '产品', desc: 'd', url: 'https://x/s1', extra: 1 }, { workspaceId: 's2', name: null, title: '研发' }],
      nextToken: 'n1', pageToken: 'p1', hasMore: true, totalCount: 9, truncated: null,
    } });
    const result = await run(['wiki', '+space-search', '--query', '产品']);
    expect(result).toEqual({
      count: 2, hasMore: true, nextCursor: 'p1', totalCount: 9,
      spaces: [{ workspaceId: 's1', name: '产品', description: 'd', url: 'https://x/s1' }, { workspaceId: 's2', name: '研发' }],
    });
    expect(Object.keys(result as object)).toEqual(['count', 'hasMore', 'nextCursor', 'spaces', 'totalCount']);
  });

  it('+member-list prints {count, members}; an answer without a members list is refused (backend_error)', async () => {
    answer('wiki/list_member', { members: [{ userId: 'u1', nick: '张三', roleId: 'EDITOR', outer: false }] });
    expect(await run(['wiki', '+member-list', '--workspace', 'ws1'])).toEqual({ count: 1, members: [{ id: 'u1', name: '张三', outer: false, role: 'EDITOR' }] });
    answer('wiki/list_member', { result: { total: 0 } });
    const { exit, envelope } = await failure(['wiki', '+member-list', '--workspace', 'ws1']);
    expect({ exit, reason: envelope.error.reason }).toEqual({ exit: 1, reason: 'backend_error' });
  });
});
