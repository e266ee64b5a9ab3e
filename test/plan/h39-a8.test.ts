// Session 39 second reading, part a8 (issue 32, notes/h39-a8.md): where a drawn command still differed from upstream's
// body at c7521c1c, run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { JsonNumber } from '../../src/json-number.js';
import { TRANSFORMS } from '../../src/plan/transforms/index.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h39a8-');
const { paged } = outputs;

/** Answers rt.CallMCPData cannot decode into a map (runner.go:255-271@c7521c1c): json.Unmarshal into map[string]any fails. */
const undecodable = fc.constantFrom<unknown>([], [{ nodeId: 'a' }], 5, 0, true, false, 'x', 'not json');

// doc +search and +list read each page with rt.CallMCPData inside collectDocPages (shortcut/doc/pagination.go:67-70@c7521c1c):
// an answer that does not decode into an object is the page's read failure, docPaginationError page_read_failed, with or
// without --page-all. Before: dws read such a page as an empty one and printed a complete, successful empty list.
const pagedDocs: [string, string[], string][] = [
  ['+search', ['doc', '+search', '--query', 'q'], 'doc/search_documents'],
  ['+list', ['doc', '+list', '--folder', 'f1'], 'doc/list_nodes'],
];

describe('doc +search / +list: a page that is not a JSON object is page_read_failed (doc/pagination.go:67-70@c7521c1c)', () => {
  for (const [name, argv, rpc] of pagedDocs) {
    it(`${name}: a list, number, boolean or text answer fails the read, page 1, nothing printed`, async () => {
      await fc.assert(fc.asyncProperty(undecodable, fc.boolean(), async (answer, pageAll) => {
        const run = await paged([...argv, ...(pageAll ? ['--page-all'] : [])], rpc, [answer]);
        expect(run.printed).toBeUndefined();
        expect(run.exit).not.toBe(0);
        expect(run.envelope?.ledger).toMatchObject({ reason: 'page_read_failed', page: 1, count: 0, items: [] });
      }), { numRuns: 16 });
    });

    it(`${name}: a second page that is a list fails after the first page's rows, which the ledger keeps`, async () => {
      const run = await paged([...argv, '--page-all', '--limit', '1'], rpc, [
        { documents: [{ nodeId: 'a' }], nodes: [{ nodeId: 'a' }], hasMore: true, nextPageToken: 'c2' }, [{ nodeId: 'b' }],
      ]);
      expect(run.envelope?.ledger).toMatchObject({ reason: 'page_read_failed', page: 2, nextCursor: 'c2', count: 1 });
      expect(run.sent).toEqual([{ ...run.sent[0], pageSize: 1 }, { ...run.sent[0], pageSize: 1, pageToken: 'c2' }]);
    });

    it(`${name}: null and blank answers stay the empty page (CallMCPData's nil and empty map)`, async () => {
      for (const answer of [null, {}]) {
        const run = await paged(argv, rpc, [answer]);
        expect(run.exit).toBe(0);
        expect(run.printed).toMatchObject({ status: 'success', count: 0, complete: true });
      }
    });
  }
});

/**
 * upstream's normalizeSheetInfoCoordinatesForAgent (internal/helpers/sheet_info.go:30-130@c7521c1c), as a model: the
 * object `sheet info` prints for a get_sheet answer that decodes into an object.
 */
function upstreamSheetInfo(answer: Record<string, unknown>): Record<string, unknown> {
  const whole = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);
  const letters = (index: number): string => {
    let s = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    return s;
  };
  const out: Record<string, unknown> = { ...answer };
  const given = answer.nonEmptyRange;
  let range: unknown = null;
  if (typeof given === 'object' && given !== null && !Array.isArray(given)) {
    const g = given as Record<string, unknown>;
    if (typeof g.range === 'string' && typeof g.lastCell === 'string' && whole(g.lastRow) !== undefined && typeof g.lastColumn === 'string') {
      range = { range: g.range, lastCell: g.lastCell, lastRow: g.lastRow, lastColumn: g.lastColumn };
    }
  }
  const row = whole(answer.lastNonEmptyRow);
  const col = whole(answer.lastNonEmptyColumn);
  if (range === null && row !== undefined && col !== undefined) {
    const cell = `${letters(col)}${row + 1}`;
    range = { range: `A1:${cell}`, lastCell: cell, lastRow: row + 1, lastColumn: letters(col) };
  }
  out.nonEmptyRange = range;
  for (const key of ['lastNonEmptyRow', 'lastNonEmptyColumn', 'lastNonEmptyIndexBase', 'lastNonEmptyRowNumber', 'lastNonEmptyColumnLetter', 'nonEmptyRangeA1']) delete out[key];
  return out;
}

// sheet info prints get_sheet's answer through normalizeSheetInfoCoordinatesForAgent (callMCPToolSheetInfo,
// internal/helpers/sheet_info.go:10-45@c7521c1c): nonEmptyRange is the answer's own when it holds a text range,
// lastCell and lastColumn and a whole lastRow of 0 or more (only those four keys), else built from the legacy
// zero-based lastNonEmptyRow/lastNonEmptyColumn, else null; the six legacy keys are dropped. Before: printed as it came.
describe('sheet info: the answer is printed with its coordinates normalized (sheet_info.go:10-130@c7521c1c)', () => {
  const argv = ['sheet', 'info', '--node', 'n1'];
  it('legacy zero-based coordinates become an A1 nonEmptyRange and the legacy keys go', async () => {
    outputs.answer('sheet/get_sheet', { sheetId: 's1', lastNonEmptyRow: 4, lastNonEmptyColumn: 27, nonEmptyRangeA1: 'x', lastNonEmptyIndexBase: 0 });
    expect((await outputs.sent(argv)).printed).toEqual({
      sheetId: 's1', nonEmptyRange: { range: 'A1:AB5', lastCell: 'AB5', lastRow: 5, lastColumn: 'AB' },
    });
  });
  it('a JSON null answer fails (upstream panics assigning into the nil map, sheet_info.go:36), a blank one does not', async () => {
    outputs.answer('sheet/get_sheet', null);
    expect((await outputs.sent(argv)).reason).toBe('backend_error');
    outputs.answerText('get_sheet', '');
    expect((await outputs.sent(argv)).reason).toBeUndefined();
  });
  it('an answer without coordinates gets nonEmptyRange null', async () => {
    outputs.answer('sheet/get_sheet', { sheetId: 's1' });
    expect((await outputs.sent(argv)).printed).toEqual({ sheetId: 's1', nonEmptyRange: null });
  });
  it('prints upstream\'s normalization for any mix of given and legacy coordinates', async () => {
    const num = fc.constantFrom<unknown>(0, 1, 25, 26, 701, 702, -1, 2.5, '3', null, true);
    const text = fc.constantFrom<unknown>('A1:B2', 'B2', 'B', '', 5, null);
    const given = fc.option(fc.record({ range: text, lastCell: text, lastRow: num, lastColumn: text, extra: num }, { requiredKeys: [] }), { nil: undefined });
    const answer = fc.record({
      sheetId: fc.constant('s1'), nonEmptyRange: given, lastNonEmptyRow: num, lastNonEmptyColumn: num,
      lastNonEmptyRowNumber: num, lastNonEmptyColumnLetter: text,
    }, { requiredKeys: ['sheetId'] });
    await fc.assert(fc.asyncProperty(answer, async (a) => {
      const body = JSON.parse(JSON.stringify(a)) as Record<string, unknown>;
      outputs.answer('sheet/get_sheet', body);
      expect((await outputs.sent(argv)).printed).toEqual(upstreamSheetInfo(body));
    }), { numRuns: 60 });
  });
});

// NEW MECHANISM column_letters (docs/PLANS.md): upstream's sheetColumnLetterFromZeroBased (sheet_info.go:117-132@c7521c1c).
describe('the transform column_letters', () => {
  const ctx = { env: {}, now: new Date(2031, 6, 16) };
  const letters = (v: unknown) => TRANSFORMS.column_letters!(v, 'lastNonEmptyColumn', ctx);
  it('names a zero-based column in A1 letters', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702, 16383].map(letters)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
  });
  it('is bijective base 26: reading the letters back gives the index', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (n) => {
      const text = letters(n) as string;
      expect(text).toMatch(/^[A-Z]+$/);
      expect([...text].reduce((acc, c) => acc * 26 + (c.charCodeAt(0) - 64), 0) - 1).toBe(n);
    }));
  });
  it('refuses anything but a whole index of 0 or more', () => {
    for (const v of [-1, 2.5, '3', null, true, Number.NaN]) {
      let reason: string | undefined;
      try { letters(v); } catch (e) { reason = (e as DwsError).reason; }
      expect({ v, reason }).toEqual({ v, reason: 'invalid_parameter' });
    }
  });
});

// Sibling of doc +search (rt.CallMCPData on each page): chat +at-me reads search_at_me_message so (smart/at_me.go:165,
// :265-274@c7521c1c): an undecodable answer is the command's error on the first page (with or without --page-all) and a
// read failure in the ledger after it. Before: dws read it as an empty page and printed success.
describe('chat +at-me: a page that is not a JSON object fails the read (at_me.go:165, :265-274@c7521c1c)', () => {
  it('the first page, with or without --page-all, is the command\'s error', async () => {
    await fc.assert(fc.asyncProperty(undecodable, fc.boolean(), async (answer, pageAll) => {
      const run = await paged(['chat', '+at-me', ...(pageAll ? ['--page-all'] : [])], 'chat/search_at_me_message', [answer]);
      expect(run.printed).toBeUndefined();
      expect(run.envelope?.error.reason).toBe('backend_error');
    }), { numRuns: 12 });
  });
  it('a later page is a read failure after the rows already read', async () => {
    const run = await paged(['chat', '+at-me', '--page-all'], 'chat/search_at_me_message', [
      { result: { messages: [{ openMessageId: 'm1', content: 'x' }], hasMore: true, nextCursor: '5' } }, [1],
    ]);
    expect(run.envelope?.ledger).toMatchObject({ count: 1, stopReason: 'read_failure', failures: [{ page: 2, stage: 'read', cursor: '5' }] });
  });
  it('a null answer stays an empty page', async () => {
    const run = await paged(['chat', '+at-me'], 'chat/search_at_me_message', [null]);
    expect(run.exit).toBe(0);
    expect(run.printed).toMatchObject({ count: 0 });
  });
});

// minutes +action-items (and +latest, which chooses the newest minutes the same way) reads each row's time with
// minutesdata's timestamp (internal/shortcut/minutesdata/response.go:385-412@c7521c1c): a text is TrimSpace'd and read
// with strconv.ParseFloat; when that fails (a syntax error, or out of range as `1e400`) the RFC 3339 reading is tried and
// then the next key. Before: only plain decimal texts were read (`0x1p3` and `1_0` were passed over), and `1e400` stopped
// the command as invalid_parameter.
describe('minutes +action-items: a row\'s time text is read as Go\'s ParseFloat reads it (minutesdata/response.go:385-412@c7521c1c)', () => {
  const choose = async (rows: unknown[]) => {
    outputs.answer('minutes/list_by_keyword_and_time_range', { result: { itemList: rows } });
    outputs.answer('minutes/list_minutes_todos', { result: { actions: [] } });
    const run = await outputs.sent(['minutes', '+action-items']);
    return run.reason ?? run.calls.find(([tool]) => tool === 'minutes/list_minutes_todos')?.[1];
  };
  it('hexadecimal floats and digit underscores are times', async () => {
    expect(await choose([{ taskUuid: 'a', createTime: ' 0x1p3 ' }, { taskUuid: 'b', createTime: 5 }])).toEqual({ taskUuid: 'a' });
    expect(await choose([{ taskUuid: 'a', createTime: '1_0' }, { taskUuid: 'b', createTime: 5 }])).toEqual({ taskUuid: 'a' });
  });
  it('a time Go cannot read (out of range, hex without p) falls through to the next key', async () => {
    expect(await choose([{ taskUuid: 'a', createTime: '1e400', gmtCreate: 3 }, { taskUuid: 'b', createTime: 2 }])).toEqual({ taskUuid: 'a' });
    expect(await choose([{ taskUuid: 'a', createTime: '0x10', startTime: 1 }, { taskUuid: 'b', createTime: 2 }])).toEqual({ taskUuid: 'b' });
  });
  it('plain decimal and RFC 3339 texts are read as before', async () => {
    expect(await choose([{ taskUuid: 'a', createTime: '2024-01-01T00:00:00Z' }, { taskUuid: 'b', createTime: ' 1e3 ' }])).toEqual({ taskUuid: 'a' });
  });
});

// NEW MECHANISM go_parse_float (docs/PLANS.md): strconv.ParseFloat's reading, absent where Go returns an error.
describe('the transform go_parse_float', () => {
  const ctx = { env: {}, now: new Date(2031, 6, 16) };
  const read = (v: unknown) => TRANSFORMS.go_parse_float!(v, 'createTime', ctx);
  it('reads what Go reads and is absent where Go fails', () => {
    expect(['1e3', '+5', '-0.5', '.5', '5.', '1_000', '0x1p3', '0X1.8P1', '1e-400'].map(read)).toEqual([1000, 5, -0.5, 0.5, 5, 1000, 8, 3, 0]);
    expect([' 1', '0x10', '1__0', '_1', '1e400', '-1e400', 'inf', 'NaN', '', 'abc', null, true, [1]].map(read)).toEqual(Array(13).fill(undefined));
    expect([7, 2.5].map(read)).toEqual([7, 2.5]);
  });
  it('agrees with the refusing float transform wherever that one reads a text', () => {
    fc.assert(fc.property(fc.stringMatching(/^[-+]?[0-9_.xXpPeEa-f]{0,8}$/), (text) => {
      let strict: unknown;
      try { strict = TRANSFORMS.float!(text, 'x', ctx); } catch { strict = undefined; }
      // float keeps a negative zero as the literal it sends (-0, as Go's json.Marshal writes it); its value is -0
      expect(read(text)).toBe(strict instanceof JsonNumber ? Number(strict.literal) : strict);
    }), { examples: [['-0'], ['-0.0'], ['-0e5'], ['-0x0p0'], ['+0'], ['0']] });
  });
});
