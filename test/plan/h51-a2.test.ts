// Session 51 helper a2, second-reading audit of seed 20261436 (issue 32, notes/h51-a2.md). One drawn command differed
// from upstream's body at c7521c1c: minutes +record-wrap-up did not refuse a stop answer whose errorCode or
// dingOpenErrcode is not zero, where minutesdata.RecordResult runs RequireWriteAcknowledgement, whose validateEnvelope
// refuses it before any artifact is read (minutesdata/workflow.go:16-19, :89-92, response.go:283-296, :414-432). The
// other tests hold readings the audit checked, each run as a user types it against the recording backend on 127.0.0.1,
// so that a later change that breaks one of them fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goTrim } from '../go-spaces.js';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h51a2-');

const STOP = 'minutes/执行听记指令-发起AI听记录音';

describe('minutes +record-wrap-up checks the stop answer as minutesdata.RecordResult does (minutesdata/workflow.go:16-31, :89-108@c7521c1c)', () => {
  // isZeroCode (response.go:414-432): only absent, null, a blank or "0" text, or the number 0 is zero; the transport's
  // own business-error check (helpers.go:598-660) passes "ok", booleans, lists, objects and every dingOpenErrcode
  const nonZero: [string, unknown][] = [
    ['errorCode', 'ok'], ['errorCode', 'success'], ['errorCode', true], ['errorCode', false], ['errorCode', []], ['errorCode', {}],
    ['dingOpenErrcode', 7], ['dingOpenErrcode', '7'], ['dingOpenErrcode', 'ok'], ['dingOpenErrcode', false],
  ];
  it.each(nonZero)('a stop answer with %s %j is refused before any artifact is read', async (key, code) => {
    outputs.answer(STOP, { success: true, result: { cmd: 'end', uuid: 't1' }, [key]: code });
    outputs.answer('minutes/get_minutes_ai_summary', { result: { fullSummary: 's' } });
    const run = await outputs.sent(['minutes', '+record-wrap-up', '--id', ' t1 ', '--artifacts', 'summary', '--yes']);
    expect(run.reason).toBe('backend_error');
    expect(run.calls).toEqual([[STOP, { cmd: 'end', uuid: 't1' }]]);
    expect(run.printed).toBeUndefined();
  });

  const zero: [string, unknown][] = [['errorCode', '0'], ['errorCode', ' 0 '], ['errorCode', ''], ['errorCode', 0], ['dingOpenErrcode', null], ['dingOpenErrcode', '\u0085']];
  it.each(zero)('a stop answer with %s %j goes on to the artifacts', async (key, code) => {
    outputs.answer(STOP, { result: { cmd: ' end ', taskUuid: 't1' }, [key]: code });
    outputs.answer('minutes/get_minutes_ai_summary', { result: { fullSummary: 's' } });
    const run = await outputs.sent(['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', 'summary', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([tool]) => tool)).toEqual([STOP, 'minutes/get_minutes_ai_summary']);
    expect(run.printed).toMatchObject({ complete: true, artifacts: { summary: 's' }, taskUuid: 't1' });
  });

  const artifacts: [string, string, unknown, unknown][] = [
    ['basic', 'minutes/get_minutes_basic_info', { result: { taskUuid: 't1' } }, { taskUuid: 't1' }],
    ['summary', 'minutes/get_minutes_ai_summary', { result: { fullSummary: 's' } }, 's'],
    ['keywords', 'minutes/get_minutes_keywords', { result: { keywords: [] } }, { keywords: [] }],
    ['todos', 'minutes/list_minutes_todos', { result: { actions: [] } }, { actions: [] }],
  ];
  it.each(artifacts)('a %s answer whose code is not zero is that artifact\'s failure; a zero code passes (ValidateArtifact, response.go:97-100)', async (name, tool, good, printed) => {
    outputs.answer(STOP, { success: true, result: { cmd: 'end', uuid: 't1' } });
    for (const [key, code] of [['dingOpenErrcode', 7], ['errorCode', 'ok'], ['errorCode', true]] as const) {
      outputs.answer(tool, { ...(good as object), [key]: code });
      const bad = await outputs.failure(['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', name, '--wait-timeout', '1', '--yes']);
      expect(bad.reason).toBe('partial_outcome');
      expect(bad.out).toBe('');
    }
    outputs.answer(tool, { ...(good as object), errorCode: ' 0 ', dingOpenErrcode: null });
    const run = await outputs.sent(['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', name, '--yes']);
    expect(run.printed).toMatchObject({ complete: true, artifacts: { [name]: printed } });
  });
});

/** Go's strconv.ParseInt(goTrim(s), 10, 64) (attendance.go:1536-1541@c7521c1c): the number, or undefined when Go refuses. */
function parseInt10(s: string): number | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n >= -(2n ** 63n) && n < 2n ** 63n ? Number(n) : undefined;
}

describe('attendance +query-report-data reads --columns as strconv.ParseInt base 10 per element (shortcut/attendance/attendance.go:1523-1553@c7521c1c)', () => {
  it('each element Go-trimmed, a blank one skipped, the rest decimal int64s; one that is not refuses the run before any call', async () => {
    const element = fc.constantFrom('7', ' 010', '+5', '-3', '-0', '1_0', '0x10', '1e3', ' ', '', '\u00859', '\u30004\u3000', '\ufeff3', '123456789012', '9223372036854775808', '５');
    await fc.assert(fc.asyncProperty(fc.array(element, { minLength: 1, maxLength: 4 }), async (parts) => {
      const run = await outputs.sent(['attendance', '+query-report-data', '--users', 'u1, u2', '--columns', parts.join(','),
        '--start', '2026-03-01 09:00:00', '--end', '2026-03-31 23:59:59']);
      const kept = parts.map(goTrim).filter((p) => p !== '');
      if (kept.length === 0) {
        expect(run.reason).toBe('missing_parameter');
        return;
      }
      const ids = kept.map(parseInt10);
      if (ids.some((n) => n === undefined)) {
        expect(run.reason).toBe('invalid_parameter');
        expect(run.calls).toEqual([]);
        return;
      }
      expect(run.calls).toEqual([['attendance-wukong/get_report_columns_value', { McpQueryParam: {
        targetUserIds: ['u1', ' u2'], columnIds: ids, fromDate: '2026-03-01 09:00:00', toDate: '2026-03-31 23:59:59' } }]]);
    }), { numRuns: 40 });
  });

  it.each([['2026-02-29 09:00:00'], ['2026-03-01 24:00:00'], ['2026-03-01 09:60:00'], ['2026-03-01T09:00:00'], ['2026-3-01 09:00:00'], ['2026-03-01 09:00:00.']])(
    '--start %j is refused before any call (Go layout 2006-01-02 15:04:05)', async (start) => {
      const run = await outputs.sent(['attendance', '+query-report-data', '--users', 'u', '--columns', '1', '--start', start, '--end', '2026-03-31 23:59:59']);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    });

  it('a one-digit hour, a run of spaces, a fraction and padding pass, sent trimmed as typed', async () => {
    const run = await outputs.sent(['attendance', '+query-report-data', '--users', 'u', '--columns', '1', '--start', ' 2026-03-01  9:00:00 ', '--end', '2026-03-31 23:59:59,5']);
    expect(run.calls).toEqual([['attendance-wukong/get_report_columns_value', { McpQueryParam: {
      targetUserIds: ['u'], columnIds: [1], fromDate: '2026-03-01  9:00:00', toDate: '2026-03-31 23:59:59,5' } }]]);
  });
});

describe('aisearch behavior builds its arguments as runAisearchBehavior does (helpers/aisearch.go:136-157, :402-427@c7521c1c)', () => {
  it('queries and types are parseCSVValues of the first non-empty spelling; doc/document read as document; no type left is [all]', async () => {
    const text = fc.constantFrom('', ' ', 'a, b', '["x"," y"]', '[a,b]', "'q'", ',', 'DOC, im', ' document ,Mail', '""');
    await fc.assert(fc.asyncProperty(text, text, text, async (queries, keyword, types) => {
      const argv = ['aisearch', 'behavior', '--queries', queries, '--keyword', keyword, '--types', types];
      const run = await outputs.sent(argv);
      const q = parseCSVValues(queries !== '' ? queries : keyword);
      // aisearchFlagOrDefault: a typed non-empty --types, else the registration value ("" when typed empty), else all
      const t = (parseCSVValues(types !== '' ? types : 'all') ?? []).map((v) => (['doc', 'document'].includes(goTrim(v).toLowerCase()) ? 'document' : v));
      expect(run.calls).toEqual([['aisearch/search_enterprise_behavior', { queries: q, searchTypes: t.length === 0 ? ['all'] : t, behaviorType: 'all' }]]);
    }), { numRuns: 40 });
  });

  it('chatScope, timeRange and direction are sent untrimmed when non-empty; behaviorType from a typed spelling, else all', async () => {
    const run = await outputs.sent(['aisearch', 'behavior', '--chat-scope', '', '--chatScope', ' g ', '--time-range', ' ', '--direction', ' d ', '--behavior-type', '', '--behaviorType', ' send ']);
    expect(run.calls).toEqual([['aisearch/search_enterprise_behavior', { queries: null, searchTypes: ['all'], chatScope: ' g ', behaviorType: ' send ', timeRange: ' ', direction: ' d ' }]]);
  });
});

/** Go's strconv.Atoi as devdoc reads --page/--size (devdoc.go:56-63@c7521c1c): the value, 0 when Atoi fails (in range here). */
const atoi = (s: string) => (/^[+-]?[0-9]+$/.test(s) ? Number(s) : 0);

describe('devdoc article search reads --page and --size with strconv.Atoi, errors ignored (helpers/devdoc.go:49-67@c7521c1c)', () => {
  it('a value Atoi cannot read or below 1 becomes 1 (page) or 10 (size); the keyword is sent untrimmed', async () => {
    const spelling = fc.constantFrom('3', '+5', '0005', '-2', '0', '-0', '0x10', '1_0', '1e3', ' 5', '', 'abc', '５', '25');
    await fc.assert(fc.asyncProperty(spelling, spelling, async (page, size) => {
      const run = await outputs.sent(['devdoc', 'article', 'search', ' MCP ', '--page', page, '--size', size]);
      const p = atoi(page);
      const z = atoi(size);
      expect(run.calls).toEqual([['devdoc/search_open_platform_docs', { keyword: ' MCP ', page: p < 1 ? 1 : p, size: z < 1 ? 10 : z }]]);
    }), { numRuns: 30 });
  });

  it('--query wins over the positional keyword; with neither the run is refused', async () => {
    expect((await outputs.sent(['devdoc', 'article', 'search', 'pos', '--keyword', 'k'])).calls).toEqual([['devdoc/search_open_platform_docs', { keyword: 'k', page: 1, size: 10 }]]);
    expect((await outputs.sent(['devdoc', 'article', 'search', '--query', ''])).reason).toBe('missing_parameter');
  });
});

describe('calendar attendee delete sends attendeesToRemove as parseCSVValues of the first non-empty spelling (helpers/calendar.go:946-971@c7521c1c)', () => {
  it('the event and calendar ids untrimmed, the attendees parsed (null when blank), no confirmation', async () => {
    const text = fc.constantFrom(' ', ',', ' a ,b', '["x", " y"]', "'u1',\"u2\"", '[u3]');
    await fc.assert(fc.asyncProperty(text, async (attendees) => {
      const run = await outputs.sent(['calendar', 'attendee', 'delete', '--event', '', '--eventId', ' e ', '--attendees', '', '--members', attendees, '--calendar', ' c ']);
      expect(run.calls).toEqual([['calendar/remove_calendar_participant', { eventId: ' e ', attendeesToRemove: parseCSVValues(attendees), calendarId: ' c ' }]]);
    }), { numRuns: 12 });
  });
});

describe('doc +background-update checks --color as upstream\'s Validate does (shortcut/doc/media_style_shortcuts.go:188-216@c7521c1c)', () => {
  it('a Go-trimmed #RRGGBB passes with no confirmation; any other text is refused before any call', async () => {
    const ch = fc.constantFrom('#', '0', '9', 'a', 'F', 'g', ' ', 'é', '\u0085');
    const hex = fc.array(fc.constantFrom('0', '9', 'a', 'F', 'c', 'E'), { minLength: 5, maxLength: 7 }).map((h) => `#${h.join('')}`);
    const pad = fc.constantFrom('', ' ', '\u0085', '\u3000', '\ufeff');
    const shaped = fc.tuple(pad, hex, pad).map(([a, h, b]) => a + h + b);
    await fc.assert(fc.asyncProperty(fc.oneof(shaped, fc.array(ch, { minLength: 5, maxLength: 9 }).map((c) => c.join(''))), async (color) => {
      const run = await outputs.sent(['doc', '+background-update', '--node', ' n ', '--color', color]);
      const trimmed = goTrim(color);
      if (/^#[0-9a-fA-F]{6}$/.test(trimmed)) {
        expect(run.calls).toEqual([['doc/update_document_style', { nodeId: 'n', background: { action: 'set', backgroundColor: trimmed } }]]);
      } else {
        expect(run.reason).toBe(trimmed === '' ? 'missing_parameter' : 'invalid_parameter');
        expect(run.calls).toEqual([]);
      }
    }), { numRuns: 40 });
  });
});

describe('doc +list pages as collectDocPages does (shortcut/doc/pagination.go:22-147@c7521c1c)', () => {
  it('--page-all follows the nested cursor (trimmed), the last page asks only for the room left, repeated ids are dropped', async () => {
    outputs.answersInTurn('doc/list_nodes',
      { data: { items: [{ id: 'a' }, { id: 'b' }, 5] }, nextPageToken: 7, result: { nextCursor: ' c2 ' } },
      { nodes: [{ id: 'b' }, { id: 'c' }, { url: 'u' }], has_more: false });
    const run = await outputs.sent(['doc', '+list', '--folder', ' f ', '--page-all', '--limit', '1_0', '--max-items', '4']);
    expect(run.calls).toEqual([['doc/list_nodes', { folderId: 'f', pageSize: 4 }], ['doc/list_nodes', { folderId: 'f', pageSize: 2, pageToken: 'c2' }]]);
    expect(run.printed).toEqual({ complete: true, contractVersion: 'doc.list.v1', count: 4, failures: [], hasMore: false, nextCursor: '',
      nodes: [{ nodeId: 'a' }, { nodeId: 'b' }, { nodeId: 'c' }, { url: 'u' }], pagesRead: 2, status: 'success', stopReason: '', truncated: false });
  });

  it('a --limit of 0 asks for 50 and a negative one for 30 (doc.go:262-265, pagination.go:29-31)', async () => {
    outputs.answer('doc/list_nodes', null);
    expect((await outputs.sent(['doc', '+list', '--limit', '0'])).calls).toEqual([['doc/list_nodes', { pageSize: 50 }]]);
    expect((await outputs.sent(['doc', '+list', '--limit', '-4', '--workspace', ''])).calls).toEqual([['doc/list_nodes', { pageSize: 30, workspaceId: '' }]]);
  });
});

describe('aitable view update aggregate merges its block as mergeUpdateBlock does (helpers/aitable.go:878-910, :3598-3622@c7521c1c)', () => {
  it('--json, then --field-id/--action, then --clear-field-id as nulls (a JSON list too); no typed flag sends an empty block', async () => {
    outputs.answer('aitable/get_views', { data: { views: [{ viewType: 'Grid' }] } });
    const run = await outputs.sent(['aitable', 'view', 'update', 'aggregate', '--base', ' b ', '--table-id', 't', '--view-id', 'v',
      '--json', '{"a":"SUM","a":"MAX","f":"MIN"}', '--field-id', 'f', '--action', 'AVG', '--clear-field-id', '["x", " y"]']);
    expect(run.calls).toEqual([
      ['aitable/get_views', { baseId: ' b ', tableId: 't', viewIds: ['v'] }],
      ['aitable/update_view', { baseId: ' b ', tableId: 't', viewId: 'v', config: { aggregate: { a: 'MAX', f: 'AVG', x: null, y: null } } }],
    ]);
    const bare = await outputs.sent(['aitable', 'view', 'update', 'aggregate', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--json', ' null ']);
    expect(bare.calls[1]).toEqual(['aitable/update_view', { baseId: 'b', tableId: 't', viewId: 'v', config: { aggregate: {} } }]);
  });
});

describe('chat category delete needs --yes and a non-zero pflag Int64 id (helpers/chat.go:5326-5349@c7521c1c)', () => {
  it('0x10 is 16; -0 is refused; without --yes nothing is sent', async () => {
    expect((await outputs.sent(['chat', 'category', 'delete', '--category-id', '0x10', '--yes'])).calls).toEqual([['im/delete_conv_category', { categoryId: 16 }]]);
    expect((await outputs.sent(['chat', 'category', 'delete', '--category-id', '-0', '--yes'])).calls).toEqual([]);
    const unconfirmed = await outputs.sent(['chat', 'category', 'delete', '--category-id', '5']);
    expect(unconfirmed.reason).toBe('confirmation_required');
    expect(unconfirmed.calls).toEqual([]);
  });
});

describe('attendance record get sends workDate as the local midnight of a strict YYYY-MM-DD (helpers/attendance.go:557-573@c7521c1c)', () => {
  it('the date untrimmed by Go\'s layout 2006-01-02 in the machine zone; the user id untrimmed', async () => {
    expect((await outputs.sent(['attendance', 'record', 'get', '--user', ' u ', '--date', '2024-02-29'])).calls)
      .toEqual([['attendance/get_user_attendance_record', { userId: ' u ', workDate: new Date(2024, 1, 29).getTime() }]]);
    for (const date of [' 2026-03-08', '2026-3-08', '2026-02-29', '2026-03-08 10:00:00']) {
      const run = await outputs.sent(['attendance', 'record', 'get', '--user', 'u', '--date', date]);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }
  });
});
