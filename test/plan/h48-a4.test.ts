// Session 48 helper a4, second-reading audit of seed 20261427 (issue 32, notes/h48-a4.md). Two drawn commands differed
// from upstream's body at c7521c1c: chat +messages-send printed a JSON null send answer as result {} (upstream: null),
// and aitable +record-query sent a blank --cursor as cursor "" (upstream deletes it before the first call). The other
// tests hold readings the audit checked that matter most, each run as a user types it against the recording backend on
// 127.0.0.1, so that a later change that breaks one of them fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyJson } from '../../src/json-number.js';
import { rawText } from '../fixtures/mcp/server.js';
import { GO_SPACES, goTrim } from '../go-spaces.js';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h48a4-');
const { mcp } = outputs;

// chat +messages-send (executeUnifiedMessageWrite, shortcut/chat/unified_send.go:383-396, CallMCPWriteData
// shortcut/runner.go:255-275@c7521c1c): the answer is json.Unmarshal'ed into a map; the text "null" leaves Go's nil map,
// which the payload prints as result null; a blank text is the empty map {}; an object is printed as it came.
// Before: null printed as {}.
describe('chat +messages-send prints the send answer as CallMCPWriteData decodes it', () => {
  const D = 'DAAAAAAAAAAAiE';
  const sends: [string, string, string[]][] = [
    ['user group', 'chat/send_personal_message', ['--chat-id', 'cid1', '--text', 'hi']],
    ['user direct', 'chat/send_personal_message', ['--open-dingtalk-id', D, '--text', 'hi']],
    ['bot group', 'bot/send_robot_group_message', ['--as', 'bot', '--robot-code', 'r', '--chat-id', 'cid1', '--text', 'hi']],
    ['bot users', 'bot/batch_send_robot_msg_to_users', ['--as', 'bot', '--robot-code', 'r', '--users', 'u1', '--text', 'hi']],
    ['webhook', 'bot/send_message_by_custom_robot', ['--as', 'webhook', '--webhook-token', 't', '--text', 'hi']],
  ];
  const printedResult = async (tool: string, argv: string[], answer: unknown) => {
    mcp.answers[tool] = () => answer;
    const run = await outputs.sent(['chat', '+messages-send', ...argv, '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([t]) => t)).toEqual([tool]);
    return (run.printed as { result: unknown }).result;
  };
  for (const [label, tool, argv] of sends) {
    // h56-a1: through upstream's runner (app/runner.go:774-783, tool_caller_adapter.go:141-193@c7521c1c) a blank text is
    // the nil map as well (the text `null`), and an object without success gains success: true (before: {}, unstamped)
    it(`${label}: null -> null, blank -> null, an object with the runner's stamp`, async () => {
      expect(await printedResult(tool, argv, null)).toBeNull();
      expect(await printedResult(tool, argv, rawText('  '))).toBeNull();
      expect(await printedResult(tool, argv, { openMessageId: 'm1', n: 2 })).toEqual({ openMessageId: 'm1', n: 2, success: true });
    });
  }
  it('a --groups ledger entry of a null or blank answer carries no result (batch_write.go:56-59)', async () => {
    let n = 0;
    mcp.answers['bot/send_robot_group_message'] = () => [null, rawText(''), { ok: 1 }][n++];
    const run = await outputs.sent(['chat', '+messages-send', '--as', 'bot', '--robot-code', 'r', '--groups', 'g1,g2,g3', '--text', 'x', '--yes']);
    expect((run.printed as { succeeded: unknown[] }).succeeded).toEqual([{ target: 'g1' }, { target: 'g2' }, { target: 'g3', result: { ok: 1, success: true } }]);
  });
  it('an answer that is not a JSON object is refused after the send', async () => {
    mcp.answers['chat/send_personal_message'] = () => [1];
    const run = await outputs.sent(['chat', '+messages-send', '--chat-id', 'cid1', '--text', 'hi', '--yes']);
    expect(run.reason).toBe('backend_error');
  });
});

// aitable +record-query (aitable.go:733-735, queryRecordWindow record_query_all.go:36-53@c7521c1c): the body puts
// rt.Str("cursor") in when --cursor is typed, but the window reads it trimmed and deletes the key when it is blank, so
// a first call carries cursor only when --cursor holds text after Go's TrimSpace. Before: a blank one sent cursor "".
describe('aitable +record-query sends the starting cursor only when it is not blank', () => {
  const space = fc.constantFrom(...GO_SPACES.filter((c) => c !== '\u2028' && c !== '\u2029'));
  const cursor = fc.tuple(fc.array(space, { maxLength: 3 }), fc.constantFrom('', 'c1', 'abc'), fc.array(space, { maxLength: 3 }))
    .map(([a, core, b]) => a.join('') + core + b.join(''));
  it('for any padded or blank cursor', async () => {
    mcp.answers['aitable/query_records'] = () => ({ records: [] });
    await fc.assert(fc.asyncProperty(cursor, async (c) => {
      const args = await outputs.argsOf(['aitable', '+record-query', '--base-id', 'b', '--table-id', 't', '--cursor', c]);
      const trimmed = goTrim(c);
      expect(args).toEqual([{ baseId: 'b', tableId: 't', limit: 20, ...(trimmed === '' ? {} : { cursor: trimmed }) }]);
    }), { numRuns: 30 });
  });
  it('a next cursor equal to the starting one is a cycle (seen holds the start, :39-42, :91-93)', async () => {
    mcp.answers['aitable/query_records'] = () => ({ records: [{ recordId: 'r1' }], hasMore: true, nextCursor: 'c1' });
    const run = await outputs.sent(['aitable', '+record-query', '--base-id', 'b', '--table-id', 't', '--cursor', ' c1 ']);
    expect(run.reason).toBe('backend_error');
    expect(run.calls).toHaveLength(1);
  });
  it('--record-ids: trimmed, blanks dropped, repeats once, sorted (parseRecordIDs record_batch.go:138-161); limit min(100, ids)', async () => {
    const ids = fc.array(fc.constantFrom('r1', 'r2', 'r10', ' r2 ', '', 'B'), { minLength: 1, maxLength: 6 }).filter((xs) => xs.some((x) => x.trim() !== ''));
    await fc.assert(fc.asyncProperty(ids, async (xs) => {
      const want = [...new Set(xs.map((x) => x.trim()).filter((x) => x !== ''))].sort();
      mcp.answers['aitable/query_records'] = () => ({ records: want.map((recordId) => ({ recordId })) });
      const run = await outputs.sent(['aitable', '+record-query', '--base-id', 'b', '--table-id', 't', '--record-ids', xs.join(',')]);
      expect(run.calls.map(([, a]) => a)).toEqual([{ baseId: 'b', tableId: 't', recordIds: want, limit: Math.min(20, want.length) }]);
      expect((run.printed as { data: { hasMore: boolean; size: number } }).data).toMatchObject({ hasMore: false, size: want.length });
    }), { numRuns: 20 });
  });
});

// attendance checkin records (helpers/attendance.go:4244-4285@c7521c1c): --start/--end must parse with Go's
// time.ParseInLocation("2006-01-02 15:04:05", s, time.Local) as typed (no trim) and are sent as typed; --end before
// --start is refused, equal passes. The model below is Go's layout parser for that layout.
describe('attendance checkin records reads its times as Go\'s ParseInLocation with "2006-01-02 15:04:05"', () => {
  const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  /** Go's reading: year 4 digits, month/day/minute/second exactly 2, hour 1 or 2, an optional ,/. fraction, nothing else. */
  const goAccepts = (s: string): boolean => {
    const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2}):(\d{2})(?:[.,]\d+)?$/.exec(s);
    if (!m) return false;
    const [y, mo, d, h, mi, se] = m.slice(1).map(Number);
    return mo >= 1 && mo <= 12 && d >= 1 && d <= daysIn(y, mo) && h <= 23 && mi <= 59 && se <= 59;
  };
  const digits = (min: number, max: number, width: fc.Arbitrary<number>) => fc.tuple(fc.integer({ min, max }), width)
    .map(([n, w]) => String(n).padStart(w, '0'));
  // June to August only: no daylight-saving change falls there in either hemisphere, whatever time.Local is
  const time = fc.tuple(
    fc.integer({ min: 2000, max: 2090 }), digits(5, 9, fc.constantFrom(1, 2)), digits(0, 32, fc.constantFrom(1, 2, 3)),
    digits(0, 25, fc.constantFrom(1, 2)), digits(0, 61, fc.constantFrom(1, 2)), digits(0, 61, fc.constantFrom(2, 3)),
    fc.constantFrom('', '.5', ',25', '.', ' '), fc.constantFrom('', ' '),
  ).map(([y, mo, d, h, mi, se, frac, lead]) => `${lead}${y}-${mo}-${d} ${h}:${mi}:${se}${frac}`);
  const argv = (start: string, end: string) => ['attendance', 'checkin', 'records', '--operator-corp-id', 'c', '--operator-staff-id', 's',
    '--staff-ids', ' a, ,b', '--start', start, '--end', end];
  it('a start is sent as typed exactly when Go parses it', async () => {
    await fc.assert(fc.asyncProperty(time, async (start) => {
      const run = await outputs.sent(argv(start, '2099-07-01 00:00:00'));
      if (goAccepts(start)) {
        expect(run.calls).toEqual([['attendance-wukong/get_checkin_record', { QueryMcpUserRecordRequest: {
          operatorCorpId: 'c', operatorStaffId: 's', staffIds: ['a', 'b'], startTime: start, endTime: '2099-07-01 00:00:00' } }]]);
      } else {
        expect(run.reason).toBe('invalid_parameter');
        expect(run.calls).toEqual([]);
      }
    }), { numRuns: 60 });
  });
  it('end equal to start passes, end before start (fractions compared) is refused', async () => {
    expect((await outputs.sent(argv('2026-07-01 09:00:00', '2026-07-01 9:00:00'))).calls).toHaveLength(1);
    expect((await outputs.sent(argv('2026-07-01 09:00:00.7', '2026-07-01 09:00:00,5'))).reason).toBe('invalid_parameter');
    expect((await outputs.sent(argv('2026-07-01 09:00:00.5', '2026-07-01 09:00:00.50001'))).calls).toHaveLength(1);
  });
});

// calendar +conflicts (shortcut/smart/conflicts.go:82-150, next_event.go:132-174@c7521c1c): events with a start
// (start.dateTime, else startTime/startDateTime) and an end.dateTime, RFC 3339; sorted by start (a stable sort for
// these few); every overlapping pair labelled with 15:04 in each time's own offset; overlapStart the later start (the
// second of the pair on a tie), overlapEnd the earlier end (the second on a tie).
describe('calendar +conflicts', () => {
  it('labels, ties and offsets as Go formats them', async () => {
    mcp.answers['calendar/list_calendar_events'] = () => ({ result: { events: [
      { summary: ' A ', start: { dateTime: '2026-12-06T01:00:00Z' }, end: { dateTime: '2026-12-06T03:00:00Z' } },
      { summary: '  ', startTime: '2026-12-06T10:00:00+08:00', end: { dateTime: '2026-12-06T10:30:00+08:00' } },
      { summary: 'C', start: { dateTime: '2026-12-06T9:30:00+08:00' }, end: { dateTime: '2026-12-06T11:00:00.5+08:00' } },
      { summary: 'D', start: { dateTime: 'x' }, startDateTime: '2026-12-06T09:00:00+08:00', end: { dateTime: '2026-12-06T09:45:00+08:00' } },
      { summary: 'no end', start: { dateTime: '2026-12-06T09:00:00+08:00' }, endTime: '2026-12-06T09:45:00+08:00' },
      'junk',
    ] } });
    const printed = await outputs.run(['calendar', '+conflicts']) as Record<string, unknown>;
    expect(printed).toMatchObject({ eventCount: 4, conflictCount: 5, hasConflict: true });
    expect(printed.conflicts).toEqual([
      { a: ' A （01:00-03:00）', b: 'D（09:00-09:45）', overlapStart: '09:00', overlapEnd: '09:45' },
      { a: ' A （01:00-03:00）', b: 'C（09:30-11:00）', overlapStart: '09:30', overlapEnd: '03:00' },
      { a: ' A （01:00-03:00）', b: '(无标题)（10:00-10:30）', overlapStart: '10:00', overlapEnd: '10:30' },
      { a: 'D（09:00-09:45）', b: 'C（09:30-11:00）', overlapStart: '09:30', overlapEnd: '09:45' },
      { a: 'C（09:30-11:00）', b: '(无标题)（10:00-10:30）', overlapStart: '10:00', overlapEnd: '10:30' },
    ]);
  });
});

// drive +star-list (shortcut/drive/catalog_operations.go:284-305, common.go:136-203@c7521c1c): contentTypes is pflag's
// StringSlice as typed (CSV: elements untrimmed, blanks kept, a quoted element keeps its comma), limit always sent
// (default 20, Go spellings); the paging marks are copied from the container holding starList, a later spelling
// (nextToken, then nextPageToken) replacing an earlier one.
describe('drive +star-list', () => {
  it('sends contentTypes as pflag reads them and copies the paging marks of the list\'s container', async () => {
    mcp.answers['drive/get_star_list'] = () => ({ result: { starList: [{ nodeId: null, fileId: 'f', title: 't', starTime: 1 }], nextCursor: 'c1', nextPageToken: 'c3', hasMore: null }, nextToken: 'top' });
    const run = await outputs.sent(['drive', '+star-list', '--content-types', ' a, ,"b,c"', '--cursor', ' x ', '--limit', '010']);
    expect(run.calls).toEqual([['drive/get_star_list', { limit: 8, cursor: 'x', contentTypes: [' a', ' ', 'b,c'] }]]);
    expect(run.printed).toEqual({ count: 1, items: [{ nodeId: 'f', name: 't', createTime: 1 }], nextCursor: 'c3' });
  });
});

// chat group audit-join-validation (helpers/chat.go:8865-8893@c7521c1c): --record-id is strconv.ParseInt(s, 10, 64)
// as typed: an optional sign, decimal digits only (no 0x, no _, no spaces), within int64; sent as a number.
describe('chat group audit-join-validation reads --record-id as ParseInt base 10', () => {
  const goParseInt10 = (s: string): bigint | undefined => {
    if (!/^[+-]?\d+$/.test(s)) return undefined;
    const n = BigInt(s);
    return n >= -(2n ** 63n) && n < 2n ** 63n ? n : undefined;
  };
  const spelling = fc.oneof(
    fc.integer({ min: -99999, max: 99999 }).map(String),
    fc.constantFrom('+5', '010', '0x10', '1_0', ' 5', '5 ', '1e3', '-0', '9223372036854775807', '9223372036854775808', '-9223372036854775808', '00'),
  );
  it('for any spelling', async () => {
    await fc.assert(fc.asyncProperty(spelling, async (s) => {
      const run = await outputs.sent(['chat', 'group', 'audit-join-validation', '--conversation-id', ' c ', '--record-id', s,
        '--applicant', ' a ', '--inviter', 'i', '--status', 'AuditApprove']);
      const n = goParseInt10(s);
      if (n === undefined) {
        expect(run.reason).toBe('invalid_parameter');
        expect(run.calls).toEqual([]);
      } else {
        expect(run.calls).toHaveLength(1);
        // the wire text: the int64 as Go writes it (a number past 2^53 kept exact by the fixture's reader)
        const { applyRecordId, ...rest } = run.calls[0][1] as Record<string, unknown>;
        expect(stringifyJson({ applyRecordId })).toBe(`{"applyRecordId":${n.toString()}}`);
        expect(rest).toEqual({ openConversationId: 'c', applicantUid: ' a ', inviterUid: 'i', status: 'AuditApprove' });
      }
    }), { numRuns: 40 });
  });
});

// minutes get batch (helpers/minutes.go:502-511@c7521c1c) and minutes speaker summary get (:1195-1203): the ids are
// parseCSVValues of the flag as typed (a blank-only one is Go's nil slice, sent as null; only commas give []).
describe('minutes id lists are parseCSVValues', () => {
  const part = fc.constantFrom('a', ' b ', '"c"', "'d'", '', ' ', '[e]');
  const text = fc.oneof(
    fc.array(part, { minLength: 1, maxLength: 4 }).map((xs) => xs.join(',')),
    fc.array(fc.constantFrom('a', ' b', ''), { maxLength: 3 }).map((xs) => JSON.stringify(xs)),
  ).filter((s) => s !== '');
  it('get batch: requestBody.taskUuids; speaker summary get: uuids (from --ids, else --task-uuids)', async () => {
    await fc.assert(fc.asyncProperty(text, async (s) => {
      expect(await outputs.argsOf(['minutes', 'get', 'batch', '--ids', s])).toEqual([{ requestBody: { taskUuids: parseCSVValues(s) } }]);
      expect(await outputs.argsOf(['minutes', 'speaker', 'summary', 'get', '--ids', '', '--task-uuids', s])).toEqual([{ uuids: parseCSVValues(s) }]);
    }), { numRuns: 30 });
  });
});

// sheet move-dimension (helpers/sheet_dimension.go:154-183@c7521c1c): ROW/COLUMN read as ROWS/COLUMNS, any other
// dimension refused (case and spaces count); the three indexes required non-empty as typed and sent untrimmed.
describe('sheet move-dimension', () => {
  it('folds ROW/COLUMN and sends the indexes as typed', async () => {
    expect(await outputs.argsOf(['sheet', 'move-dimension', '--node', ' n ', '--sheet-id', 's', '--dimension', 'ROW', '--start-index', ' 2', '--end-index', '3', '--destination-index', ' ']))
      .toEqual([{ nodeId: ' n ', sheetId: 's', dimension: 'ROWS', startIndex: ' 2', endIndex: '3', destinationIndex: ' ' }]);
    expect(await outputs.argsOf(['sheet', 'move-dimension', '--dimension', 'COLUMN', '--start-index', 'B', '--end-index', 'C', '--destination-index', 'D']))
      .toEqual([{ nodeId: '', sheetId: '', dimension: 'COLUMNS', startIndex: 'B', endIndex: 'C', destinationIndex: 'D' }]);
    expect(await outputs.argsOf(['sheet', 'move-dimension', '--dimension', 'rows', '--start-index', '1', '--end-index', '1', '--destination-index', '2'])).toBe('invalid_parameter');
  });
});
