// Session 43 second reading, part c3 (issue 32, notes/h43-c3.md, seed 20261387): where a drawn command, or a sibling
// built the same way, still differed from upstream's body at c7521c1c. Each run as a user types it against the
// recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h43c3-');

/**
 * upstream's `v, _ := strconv.ParseFloat(text, 64)` then json.Marshal (internal/helpers/oa.go:628-629, :683-684,
 * :738-739@c7521c1c), as a model over the texts the table below uses: the number, 0 where ParseFloat fails on the
 * syntax (the error is dropped), 'refused' where it gives ±Inf or NaN (an overflow, or Go's inf/infinity/nan), which
 * json.Marshal cannot write, so the call fails before it is sent.
 */
const goTable: [string, number | 'refused'][] = [
  ['20', 20], ['', 0], [' 5', 0], ['5 ', 0], ['abc', 0], ['1x', 0], ['0x10', 0], ['1e', 0], ['--1', 0], ['infin', 0], ['+nan', 0],
  ['1_0', 10], ['0x1p4', 16], ['.5', 0.5], ['5.', 5], ['+3', 3], ['-2', -2], ['1e-400', 0], ['1e3', 1000],
  ['inf', 'refused'], ['-Infinity', 'refused'], ['NaN', 'refused'], ['1e400', 'refused'], ['0x1p2000', 'refused'],
];

const lists: [string, string][] = [
  ['list-executed', 'oa/get_done_tasks'],
  ['list-submitted', 'oa/get_submitted_instances'],
  ['list-cc', 'oa/get_noticed_instances'],
];

describe('oa approval list-executed and its siblings list-submitted / list-cc read --page/--limit as ParseFloat with its error dropped (oa.go:628-629, :683-684, :738-739@c7521c1c)', () => {
  for (const [leaf, tool] of lists) {
    it(`${leaf}: a text Go cannot read is sent as 0, a number as Go reads it, an overflow or inf/nan refused`, async () => {
      for (const [text, expected] of goTable) {
        const run = await outputs.sent(['oa', 'approval', leaf, '--limit', text, '--page', text]);
        if (expected === 'refused') expect([text, run.calls]).toEqual([text, []]);
        else expect([text, run.calls]).toEqual([text, [[tool, { pageNumber: expected, pageSize: expected }]]]);
      }
    });
    it(`${leaf}: any text of letters and spaces is sent as 0, never refused`, async () => {
      const word = fc.stringMatching(/^[a-hj-mo-zA-HJ-MO-Z ]{1,8}$/);
      await fc.assert(fc.asyncProperty(word, word, async (limit, page) => {
        const run = await outputs.sent(['oa', 'approval', leaf, '--limit', limit, '--page', page]);
        expect(run.calls).toEqual([[tool, { pageNumber: 0, pageSize: 0 }]]);
      }), { numRuns: 15 });
    });
  }
  it('untyped, the defaults 1 and 20 are sent', async () => {
    expect(await outputs.argsOf(['oa', 'approval', 'list-executed'])).toEqual([{ pageNumber: 1, pageSize: 20 }]);
  });
});

describe('oa approval list-initiated / list-forms: the text flagOrFallback picks is read by ParseFloat with its error dropped (oa.go:440-441, :546-547@c7521c1c)', () => {
  const initiated = (...more: string[]) =>
    ['oa', 'approval', 'list-initiated', '--process-code', 'P', '--start', '2026-03-01T00:00:00+08:00', '--end', '2026-03-02T00:00:00+08:00', ...more];
  it('list-initiated: --cursor and --limit as Go reads them, 0 for a text it cannot read, refused on an overflow or inf/nan', async () => {
    for (const [text, expected] of goTable) {
      if (text === '') continue; // a typed blank falls through to the hidden spelling (below)
      const run = await outputs.sent(initiated('--cursor', text, '--limit', text));
      if (expected === 'refused') expect([text, run.calls]).toEqual([text, []]);
      else expect([text, run.calls.map(([, a]) => [(a as Record<string, unknown>).nextToken, (a as Record<string, unknown>).maxResults])]).toEqual([text, [[expected, expected]]]);
    }
  });
  it('list-initiated: a typed blank --limit passes to the hidden --max-results, read the same way', async () => {
    const pick = (run: { calls: unknown[][] }) => run.calls.map(([, a]) => (a as Record<string, unknown>).maxResults);
    expect(pick(await outputs.sent(initiated('--limit', '', '--max-results', 'abc')))).toEqual([0]);
    expect(pick(await outputs.sent(initiated('--limit', '', '--max-results', '0x1p3')))).toEqual([8]);
    expect(pick(await outputs.sent(initiated('--limit', '', '--max-results', '')))).toEqual([0]);
    expect(pick(await outputs.sent(initiated('--limit', '', '--max-results', 'inf')))).toEqual([]);
    expect(pick(await outputs.sent(initiated('--limit', '')))).toEqual([20]);
    expect(pick(await outputs.sent(initiated('--max-results', '7')))).toEqual([20]);
  });
  it('list-forms: --cursor and --limit (or a typed blank --limit, then the hidden --size) the same way', async () => {
    for (const [text, expected] of goTable) {
      if (text === '') continue;
      const run = await outputs.sent(['oa', 'approval', 'list-forms', '--cursor', text, '--limit', text]);
      if (expected === 'refused') expect([text, run.calls]).toEqual([text, []]);
      else expect([text, run.calls]).toEqual([text, [['oa/list_user_visible_process', { cursor: expected, pageSize: expected }]]]);
    }
    expect(await outputs.argsOf(['oa', 'approval', 'list-forms', '--limit', '', '--size', 'x'])).toEqual([{ cursor: 0, pageSize: 0 }]);
    expect(await outputs.argsOf(['oa', 'approval', 'list-forms', '--cursor', '', '--limit', ''])).toEqual([{ cursor: 0, pageSize: 100 }]);
    expect(await outputs.argsOf(['oa', 'approval', 'list-forms'])).toEqual([{ cursor: 0, pageSize: 100 }]);
  });
});

describe('oa approval approve / reject: --task-id read by ParseFloat with its error dropped (oa.go:214, :270@c7521c1c)', () => {
  for (const [leaf, tool] of [['approve', 'oa/approve_processInstance'], ['reject', 'oa/reject_processInstance']]) {
    it(`${leaf}: a text Go cannot read is sent as 0, a number as Go reads it, an overflow or inf/nan refused`, async () => {
      for (const [text, expected] of goTable) {
        if (text === '') continue; // --task-id is required: a blank one is refused before the body
        const run = await outputs.sent(['oa', 'approval', leaf, '--instance-id', 'i1', '--task-id', text, '--yes']);
        if (expected === 'refused') expect([text, run.calls]).toEqual([text, []]);
        else expect([text, run.calls]).toEqual([text, [[tool, { processInstanceId: 'i1', taskId: expected }]]]);
      }
    });
  }
});

describe('oa approval list-pending: --page/--limit sent only when ParseFloat reads them without an error (oa.go:99-108@c7521c1c)', () => {
  const pending = (...more: string[]) =>
    ['oa', 'approval', 'list-pending', '--start', '2026-03-01T00:00:00+08:00', '--end', '2026-03-02T00:00:00+08:00', ...more];
  it('a syntax error or an overflow leaves the field out; inf/nan is refused; a number is sent as Go reads it', async () => {
    const model = (text: string): number | 'refused' | undefined => {
      if (/^(?:[+-]?inf(?:inity)?|nan)$/i.test(text)) return 'refused';
      if (text === '1e400' || text === '0x1p2000') return undefined;
      const row = goTable.find(([t]) => t === text);
      return row && row[1] !== 0 ? row[1] as number : text === '1e-400' ? 0 : undefined;
    };
    for (const [text] of goTable) {
      if (text === '') continue; // a typed blank --limit falls through to the hidden --size
      const run = await outputs.sent(pending('--page', text, '--limit', text));
      const expected = model(text);
      if (expected === 'refused') expect([text, run.calls]).toEqual([text, []]);
      else {
        const args = run.calls.map(([, a]) => a as Record<string, unknown>);
        expect([text, args.map((a) => [a.pageNum, a.pageSize])]).toEqual([text, [[expected, expected]]]);
        if (expected === undefined) expect([text, 'pageNum' in args[0], 'pageSize' in args[0]]).toEqual([text, false, false]);
      }
    }
  });
});
