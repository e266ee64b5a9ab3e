// Session 44 second reading, part a6 (issue 32, seed 20261395, notes/h44-a6.md): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { failedRun, useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h44a6-');

// upstream's own spellings of --start / --end (internal/helpers/calendar.go:2104, :2115 for event instances,
// :264, :276 for event list; the Changed lists of attachCalendarSearchRange :2970-2971@c7521c1c)
const START = ['start', 'time-min', 'min-time', 'start-time', 'startTime', 'start_time', 'start-date', 'startDate'];
const END = ['end', 'time-max', 'max-time', 'end-time', 'endTime', 'end_time', 'end-date', 'endDate'];

/** upstream attachCalendarSearchRange's hint (calendar.go:2973-2983@c7521c1c): a side is the caller's when any of its spellings was typed (cobra's Changed), blank or not. */
function upstreamHint(startSet: boolean, endSet: boolean): string {
  if (!startSet && !endSet) return '未显式指定 --start/--end，已默认查询当天 00:00:00 ~ 23:59:59（CLI 本地时区）。如需其它区间请显式传入 --start 和 --end。';
  if (!startSet) return '未显式指定 --start，已默认使用当天 00:00:00（CLI 本地时区）。';
  if (!endSet) return '未显式指定 --end，已默认使用当天 23:59:59（CLI 本地时区）。';
  return '本次查询范围由调用方显式指定。';
}

const commands: { argv: string[]; tool: string }[] = [
  { argv: ['calendar', 'event', 'instances', '--id', 'evt1'], tool: 'list_event_instances' },
  { argv: ['calendar', 'event', 'list'], tool: 'list_calendar_events' },
];

// a side: not typed, or one spelling typed blank, or one spelling typed with a time that keeps the range in order
// against the other side's default (the start far back, the end far ahead)
const side = (spellings: string[], time: string) => fc.option(fc.record({ name: fc.constantFrom(...spellings), value: fc.constantFrom('', time) }), { nil: undefined });

describe('calendar event instances / event list: searchRange.hint counts a hidden spelling typed blank as given (attachCalendarSearchRange, calendar.go:2963-2994@c7521c1c)', () => {
  for (const c of commands) {
    it(`${c.argv.slice(0, 3).join(' ')}: --start-time "" alone says only the end defaulted`, async () => {
      outputs.answer(`calendar/${c.tool}`, { result: { events: [] } });
      const run = await outputs.sent([...c.argv, '--start-time', '']);
      expect(run.reason).toBeUndefined();
      expect((run.printed as { result: { searchRange: { hint: string } } }).result.searchRange.hint).toBe(upstreamHint(true, false));
    });
    it(`${c.argv.slice(0, 3).join(' ')}: the hint is upstream's for any typed spelling, blank or not`, async () => {
      outputs.answer(`calendar/${c.tool}`, { result: { events: [] } });
      await fc.assert(fc.asyncProperty(side(START, '2026-03-10'), side(END, '2030-01-01'), async (start, end) => {
        const argv = [...c.argv];
        if (start) argv.push(`--${start.name}`, start.value);
        if (end) argv.push(`--${end.name}`, end.value);
        const run = await outputs.sent(argv);
        expect(run.reason).toBeUndefined();
        expect((run.printed as { result: { searchRange: { hint: string } } }).result.searchRange.hint).toBe(upstreamHint(start !== undefined, end !== undefined));
        // what was sent is unchanged: a blank side is the default day's bound
        const args = run.calls[0][1] as { startTime: number; endTime: number };
        if (start?.value === '2026-03-10') expect(args.startTime).toBe(Date.parse('2026-03-10T00:00:00+08:00'));
        if (end?.value === '2030-01-01') expect(args.endTime).toBe(Date.parse('2030-01-01T00:00:00+08:00'));
      }), { numRuns: 30 });
    });
  }
});

// upstream's run fails after the call (its recover, root.go:101-125: exit 5, internal); dws refuses the answer as the
// unreadable answer it is (backend_error, exit 1), as sheet info does for its null answer (h39-a8, catalog/plans/sheet.yaml)
describe('calendar event instances / event list: an answer of JSON null fails the run, as upstream panics writing searchRange into its nil map (calendar.go:2912-2921, :2993@c7521c1c)', () => {
  for (const c of commands) {
    for (const text of ['null', ' null\n']) {
      it(`${c.argv.slice(0, 3).join(' ')}: ${JSON.stringify(text)} ends the run after the one call, printing nothing`, async () => {
        outputs.answerText(c.tool, text);
        outputs.mcp.calls.length = 0;
        const failed = failedRun(await dispatchInProcess(c.argv, outputs.env()));
        expect(failed.reason).toBe('backend_error');
        expect(outputs.mcp.calls.map((x) => x.name)).toEqual([c.tool]);
      });
    }
    it(`${c.argv.slice(0, 3).join(' ')}: a blank answer, a list and a text still pass as before`, async () => {
      for (const text of ['', '[1]', 'plain', '{}']) {
        outputs.answerText(c.tool, text);
        const run = await outputs.sent(c.argv);
        expect(run.reason).toBeUndefined();
      }
    });
  }
});

// upstream's chat +broadcast sends with rt.CallMCPWriteData (smart/broadcast.go:136-139@c7521c1c), whose callMCPData
// decodes the answer into a map (shortcut/runner.go:228-233, :255-271): a blank text is {} and JSON null a nil map (sent),
// anything else that is not a JSON object fails that send, which is listed as failed; nobody sent is a validation error
describe('chat +broadcast: a send answered by something that is not a JSON object failed (runner.go:255-271, broadcast.go:136-147@c7521c1c)', () => {
  const argv = ['chat', '+broadcast', '--to', '张三', '--text', '你好', '--yes'];
  const decodesToMap = (text: string) => {
    if (text.trim() === '') return true;
    try {
      const v: unknown = JSON.parse(text);
      return v === null || (typeof v === 'object' && !Array.isArray(v));
    } catch {
      return false;
    }
  };
  it('a list answer fails the send: nobody got the message, the run is refused after the one send', async () => {
    outputs.answer('aisearch/enterprise_person_search', { result: [{ name: '张三', userId: 'u1' }], hasMore: false });
    outputs.answerText('send_personal_message', '[1]');
    const run = await outputs.sent(argv);
    expect(run.reason).toBe('invalid_parameter');
    expect(run.calls.map(([tool]) => tool)).toEqual(['aisearch/enterprise_person_search', 'chat/send_personal_message']);
  });
  it('sent or failed as upstream decodes the send answer, for any answer text', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom('', ' ', 'null', '{}', '{"success":true}', '[1]', '[]', 'plain', '5', 'true', '"x"'), async (text) => {
      outputs.answer('aisearch/enterprise_person_search', { result: [{ name: '张三', userId: 'u1' }], hasMore: false });
      outputs.answerText('send_personal_message', text);
      const run = await outputs.sent(argv);
      if (decodesToMap(text)) {
        expect(run.reason).toBeUndefined();
        expect(run.printed).toMatchObject({ sentCount: 1, failedCount: 0, sent: ['张三'] });
      } else {
        expect(run.reason).toBe('invalid_parameter');
      }
    }), { numRuns: 22 });
  });
  it('with two names, the one whose send failed is listed as 发送失败 and the other is sent', async () => {
    outputs.answersInTurn('aisearch/enterprise_person_search',
      { result: [{ name: '张三', userId: 'u1' }], hasMore: false }, { result: [{ name: '李四', userId: 'u2' }], hasMore: false });
    outputs.answerText('send_personal_message', 'not json');
    const run = await outputs.sent(['chat', '+broadcast', '--to', '张三,李四', '--text', '你好', '--yes']);
    expect(run.reason).toBeUndefined();
    const printed = run.printed as { sentCount: number; failedCount: number; sent: string[]; failed: string[] };
    expect(printed).toMatchObject({ sentCount: 1, failedCount: 1, sent: ['李四'] });
    expect(printed.failed[0]).toMatch(/^张三（发送失败：/);
  });
});

// sibling (the same CallMCPWriteData decode): minutes +mindmap's create (internal/shortcut/minutes/workflows.go:351-354@c7521c1c)
// returns at the create stage when the answer does not decode into a map; no status read is made
describe('minutes +mindmap: a create answer that is not a JSON object ends the run at the create stage (workflows.go:351-354, runner.go:255-271@c7521c1c)', () => {
  const argv = ['minutes', '+mindmap', '--id', 't1', '--timeout', '5', '--interval', '1', '--yes'];
  for (const text of ['[1]', 'plain', '5', '"x"']) {
    it(`create answered ${JSON.stringify(text)}: failed after the one create, the stage payload in details`, async () => {
      outputs.answerText('create_mind_graph', text);
      outputs.answer('minutes/query_mind_graph_status', { success: true, result: { taskStatus: 2, mindGraph: { a: 1 } } });
      outputs.mcp.calls.length = 0;
      const failed = failedRun(await dispatchInProcess(argv, outputs.env(), undefined, { sleep: async () => {} }));
      expect(failed.reason).toBe('backend_error');
      expect(failed.details).toEqual({ complete: false, operation: 'minutes.mindmap', stage: 'create', taskUuid: 't1' });
      expect(outputs.mcp.calls.map((c) => c.name)).toEqual(['create_mind_graph']);
    });
  }
  it('a blank or null create answer still goes on to the status read (an unacknowledged create, proven by the read-back)', async () => {
    for (const text of ['', 'null']) {
      outputs.answerText('create_mind_graph', text);
      outputs.answer('minutes/query_mind_graph_status', { success: true, result: { taskStatus: 2, mindGraph: { a: 1 } } });
      outputs.mcp.calls.length = 0;
      await dispatchInProcess(argv, outputs.env(), undefined, { sleep: async () => {} });
      expect(outputs.mcp.calls.map((c) => c.name)).toEqual(['create_mind_graph', 'query_mind_graph_status']);
    }
  });
});

describe('minutes +upload-and-analyze --mindmap: the same create, a stage of the run (workflows.go:309-317, :351-354@c7521c1c)', () => {
  it('a create answered by a list fails the mindmap stage there: no status read, the stage listed among the failures', async () => {
    outputs.answerText('create_mind_graph', '[1]');
    outputs.answer('minutes/query_mind_graph_status', { success: true, result: { taskStatus: 2, mindGraph: { a: 1 } } });
    outputs.mcp.calls.length = 0;
    const argv = ['minutes', '+upload-and-analyze', '--resume-id', 't1', '--mindmap', '--wait-timeout', '2', '--poll-interval', '1', '--yes'];
    const failed = failedRun(await dispatchInProcess(argv, outputs.env(), undefined, { sleep: async () => {} }));
    const names = outputs.mcp.calls.map((c) => c.name);
    expect(names).toContain('create_mind_graph');
    expect(names).not.toContain('query_mind_graph_status');
    expect((failed.details as { failures: { artifact: string }[] }).failures.map((f) => f.artifact)).toContain('mindmap');
  });
});
