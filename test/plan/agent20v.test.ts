// Agent test 20v (notes/agent-test-20v.md, notes/agent20v.md): twenty everyday requests, each run with the command lines
// the agent typed (from README, --help and schema search only) against the fake MCP server on 127.0.0.1. The calls
// asserted are written from the upstream command bodies at c7521c1c (the lines named at each case), not from dws's
// output; where upstream reads or projects the answer, the printed result is asserted too. "Now" is Monday 2026-12-07
// 05:23 in Asia/Shanghai; the file runs in that zone. The fix cases: minutes +search lost the rows of an answer holding
// its list at a spelling outside `result` (upstream ParseListPage reads the answer's top level and data too), and the
// help or search text that misled the agent (named at each case).
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, runCli, useTimeZone } from '../helpers.js';
import { type AgentRequest, useOutputRuns } from './output-runs.js';

const { act: actAll, sent, env, mcp } = useOutputRuns('dws-agent20v-');

/** One step of a request: its lines run from a clean call record, the calls upstream makes for them, the last result. */
const act = (r: AgentRequest) => {
  mcp.calls.length = 0;
  return actAll(r);
};

/** A run with extra environment variables: its printed result and the calls it made (it must succeed). */
async function runWith(argv: string[], extra: Record<string, string>) {
  mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, { ...env(), ...extra });
  expect(outcome.error?.envelope()).toBeUndefined();
  return { printed: (JSON.parse(outcome.out) as { result: unknown }).result, calls: mcp.calls.map((c) => [c.server, c.name, c.arguments]) };
}

/** Epoch milliseconds of a Beijing wall-clock time (UTC+8, no daylight saving). */
const beijing = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => Date.UTC(y, m - 1, d, h - 8, min, s);

/** What schema search answers for a request: the ranked paths, whether it is a weak match, and its hint. */
function searched(query: string) {
  const r = runCli(['schema', 'search', '--query', query]);
  expect(r.status).toBe(0);
  const body = JSON.parse(r.stdout) as { candidates: { canonical_path: string }[]; weak_match?: boolean; hint?: string };
  return { paths: body.candidates.map((c) => c.canonical_path), weak: body.weak_match === true, hint: body.hint ?? '' };
}

describe('agent test 20v: each request sends what upstream sends for the same flags', () => {
  useTimeZone('Asia/Shanghai');

  it('1. approvals I handled, then one instance with its records: get_done_tasks {pageNumber 1, pageSize 20 as numbers (ParseFloat of the flag defaults)}; get_processInstance_detail and get_processInstance_records {processInstanceId} (helpers/oa.go:155-166, :371-381, :623-638)', async () => {
    await act({
      lines: [
        ['oa', 'approval', 'list-executed'],
        ['oa', 'approval', 'detail', '--instance-id', 'PROC-INST-3301'],
        ['oa', 'approval', 'records', '--instance-id', 'PROC-INST-3301'],
      ],
      calls: [
        ['oa', 'get_done_tasks', { pageNumber: 1, pageSize: 20 }],
        ['oa', 'get_processInstance_detail', { processInstanceId: 'PROC-INST-3301' }],
        ['oa', 'get_processInstance_records', { processInstanceId: 'PROC-INST-3301' }],
      ],
    });
  });

  it('2. hand approval task 70021 over with a remark: dws asks first (declared, upstream does not); then redirect_task {taskId as text, toActionerId, remark} (helpers/oa.go:789-806)', async () => {
    const line = ['oa', 'approval', 'redirect-task', '--task-id', '70021', '--to-actioner-id', 'manager7788', '--remark', '我下周休假，请代为处理'];
    const first = await sent(line);
    expect([first.reason, first.calls]).toEqual(['confirmation_required', []]);
    await act({
      lines: [[...line, '--yes']],
      calls: [['oa', 'redirect_task', { taskId: '70021', toActionerId: 'manager7788', remark: '我下周休假，请代为处理' }]],
    });
  });

  it('3. an SMS DING from the robot of DINGTALK_DING_ROBOT_CODE, then its recall: send_ding_message {robotCode from the env, remindType 2 (sms), receiverUserIdList split and trimmed, content}; recall_ding_message {robotCode, openDingId} (helpers/ding.go:18, :56-86, :131-150)', async () => {
    const robot = { DINGTALK_DING_ROBOT_CODE: 'dingrobot9' };
    mcp.answers['ding/send_ding_message'] = () => ({ success: true, result: { openDingId: 'ding_77aa' } });
    const sentDing = await runWith(['ding', 'message', 'send', '--users', '0933445566,0944556677', '--type', 'sms', '--content', '今晚 20:00 发版，请保持在线', '--yes'], robot);
    expect(sentDing.calls).toEqual([['ding', 'send_ding_message', {
      robotCode: 'dingrobot9', remindType: 2, receiverUserIdList: ['0933445566', '0944556677'], content: '今晚 20:00 发版，请保持在线',
    }]]);
    expect(sentDing.printed).toEqual({ success: true, result: { openDingId: 'ding_77aa' } });
    const recalled = await runWith(['ding', 'message', 'recall', '--id', 'ding_77aa'], robot);
    expect(recalled.calls).toEqual([['ding', 'recall_ding_message', { robotCode: 'dingrobot9', openDingId: 'ding_77aa' }]]);
  });

  it('5. yesterday afternoon\'s minutes about 预算, then the first one\'s transcript: list_by_keyword_and_time_range {belongingConditionId noLimit, maxResults 20, keyword, createTimeStart/End epoch ms}; get_minutes_transcription {taskUuid, direction "0"} (shortcut/minutes/alignment.go:222-305; smart/transcript.go:80-130; minutesdata/pager.go:92-116)', async () => {
    const listed = await act({
      lines: [['minutes', '+search', '--query', '预算', '--start', '2026-12-06T12:00:00+08:00', '--end', '2026-12-06T18:00:00+08:00']],
      answers: { 'minutes/list_by_keyword_and_time_range': { success: true, result: { itemList: [
        { taskUuid: 'MIN-aa01', title: '预算评审会', createTime: beijing(2026, 12, 6, 12, 20) },
        { taskUuid: 'MIN-aa02', title: '周会', createTime: beijing(2026, 12, 6, 13) },
      ], hasMore: false } } },
      calls: [['minutes', 'list_by_keyword_and_time_range', {
        belongingConditionId: 'noLimit', maxResults: 20, keyword: '预算',
        createTimeStart: beijing(2026, 12, 6, 12), createTimeEnd: beijing(2026, 12, 6, 18),
      }]],
    });
    expect(listed).toEqual({ complete: true, count: 1, scannedCount: 2, pages: 1,
      minutes: [{ taskUuid: 'MIN-aa01', title: '预算评审会', startTime: beijing(2026, 12, 6, 12, 20) }] });
    const transcript = await act({
      lines: [['minutes', '+transcript', '--id', 'MIN-aa01']],
      answers: { 'minutes/get_minutes_transcription': { success: true, result: { paragraphList: [{ speaker: '张三', text: '预算要压缩' }], hasNext: false } } },
      calls: [['minutes', 'get_minutes_transcription', { taskUuid: 'MIN-aa01', direction: '0' }]],
    });
    expect(transcript).toEqual({ taskUuid: 'MIN-aa01', direction: '0', complete: true, pages: 1, paragraphCount: 1, duplicateCount: 0,
      paragraphList: [{ speaker: '张三', text: '预算要压缩' }] });
  });

  it('5b. minutes +search reads a list at the answer\'s top level or under data as upstream\'s ParseListPage does (collectionContainers: the answer, result, data and their result/data; minutesdata/response.go:30-60, :300-313): the rows are counted and kept (before: count 0, scannedCount 0, exit 0)', async () => {
    const rows = [{ taskUuid: 'MIN-aa01', title: '预算评审会' }, { taskUuid: 'MIN-aa02', title: '周会' }];
    for (const body of [{ itemList: rows, hasMore: false }, { data: { itemList: rows }, hasMore: false }, { list: rows }, { success: true, data: { result: { records: rows } } }]) {
      const printed = await act({
        lines: [['minutes', '+search', '--query', '预算']],
        answers: { 'minutes/list_by_keyword_and_time_range': body },
        calls: [['minutes', 'list_by_keyword_and_time_range', { belongingConditionId: 'noLimit', maxResults: 20, keyword: '预算' }]],
      });
      expect(printed).toEqual({ complete: true, count: 1, scannedCount: 2, pages: 1, minutes: [{ taskUuid: 'MIN-aa01', title: '预算评审会' }] });
    }
  });
});
