// Session 48 helper a2, second-reading audit of seed 20261425 (issue 32, notes/h48-a2.md). One drawn command differed
// from upstream's body at c7521c1c: minutes +upload counted any cancel answer that was not an error as a rollback,
// where upstream checks it with RequireWriteAcknowledgement (fixed with compensate.took_effect). The other tests hold
// readings the audit checked, each run as a user types it against the recording backend on 127.0.0.1, so that a later
// change that breaks one of them fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goTrim } from '../go-spaces.js';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h48a2-');
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * upstream's minutesdata.RequireWriteAcknowledgement after validateEnvelope (minutesdata/workflow.go:16-31,
 * response.go:283-298, isZeroCode :414-431@c7521c1c) over a decoded answer (a blank text is refused before it by
 * CallMCPWriteDataStrict, runner.go:291-313, and a non-object fails the decoding).
 */
function acknowledged(answer: unknown): boolean {
  if (!isObj(answer)) return false;
  // h55: upstream's runner stamps success: true on an object answer without one (app/runner.go:774-783@c7521c1c), so
  // RequireWriteAcknowledgement always finds a success key on an object
  const stamped: Record<string, unknown> = 'success' in answer ? answer : { ...answer, success: true };
  if (stamped.success === false) return false;
  const zero = (v: unknown) => v === undefined || v === null || v === 0 || (typeof v === 'string' && (goTrim(v) === '' || goTrim(v) === '0'));
  if (!zero(stamped.errorCode) || !zero(stamped.dingOpenErrcode)) return false;
  return stamped.success === true;
}

describe('minutes +upload: a failed PUT cancels the session, counted only when the cancel is acknowledged (alignment.go:393-397, :599-608@c7521c1c)', () => {
  const argv = ['minutes', '+upload', '--file', 'talk.m4a', '--yes'];
  const files = { 'talk.m4a': 'audio bytes' };
  const session = () => outputs.answer('minutes/create_upload_session',
    { success: true, result: { sessionId: 's1', presignedUrl: `${outputs.mcp.base}/upload/talk.m4a?status=403` } });

  it('rolled_back exactly when upstream reports cancelled: true, for any answer shape', async () => {
    const answer = fc.oneof(
      fc.constantFrom<unknown>(null, [], [1], 'x', 5, true, {}),
      fc.record({
        success: fc.constantFrom<unknown>(true, 'true', 1, null),
        result: fc.constantFrom<unknown>({}, { taskUuid: 't' }, [], 'r', null),
        errorCode: fc.constantFrom<unknown>(0, '0', ' ', null, '00'),
        dingOpenErrcode: fc.constantFrom<unknown>(0, ' 0 ', 7),
      }, { requiredKeys: [] }),
    );
    await fc.assert(fc.asyncProperty(answer, async (cancel) => {
      session();
      outputs.answer('minutes/cancel_upload_session', cancel);
      const run = await outputs.sent(argv, files);
      expect(run.calls).toEqual([
        ['minutes/create_upload_session', { fileName: 'talk.m4a', fileSize: 11 }],
        ['minutes/cancel_upload_session', { sessionId: 's1' }],
      ]);
      expect(run.printed).toBeUndefined();
      expect(run.reason).toBe(acknowledged(cancel) ? 'rolled_back' : 'partial_outcome');
    }), { numRuns: 40 });
  });

  it('a blank cancel answer is no cancellation (CallMCPWriteDataStrict refuses it): the run names the session left behind', async () => {
    session();
    outputs.answerText('cancel_upload_session', '  ');
    const run = await outputs.failure(argv, files);
    expect(run.reason).toBe('partial_outcome');
    expect(run.message).toContain('its rollback minutes.cancel_upload_session failed too (its answer does not show that it took effect)');
    expect(run.message).toContain('"sessionId":"s1"');
  });

  it('+upload-and-analyze cancels the same way: {success: null} is not acknowledged; {} (stamped by the runner, h55) and {success: true} are', async () => {
    const both = ['minutes', '+upload-and-analyze', '--file', 'talk.m4a', '--yes'];
    session();
    outputs.answer('minutes/cancel_upload_session', { success: null });
    expect((await outputs.sent(both, files)).reason).toBe('partial_outcome');
    outputs.answer('minutes/cancel_upload_session', {});
    expect((await outputs.sent(both, files)).reason).toBe('rolled_back');
    outputs.answer('minutes/cancel_upload_session', { success: true });
    expect((await outputs.sent(both, files)).reason).toBe('rolled_back');
  });
});

describe('aitable +record-share-links reads --record-ids as pflag StringSlice, then dedupStrings (record_share_links.go:89-138, :147-162@c7521c1c)', () => {
  it('elements untrimmed, empty ones dropped, repeats once in order, sent 20 to a call; all blank is refused', async () => {
    const token = fc.constantFrom('a', ' a', 'b ', '', 'c', 'd', ' ');
    await fc.assert(fc.asyncProperty(fc.array(token, { minLength: 1, maxLength: 30 }), async (parts) => {
      const ids = [...new Set(parts.filter((p) => p !== ''))];
      const run = await outputs.sent(['aitable', '+record-share-links', '--base', ' b ', '--table', 't', '--record-ids', parts.join(',')]);
      if (!parts.some((p) => goTrim(p) !== '')) {
        expect(run.reason).toBe('missing_parameter');
        expect(run.calls).toEqual([]);
        return;
      }
      const batches = [];
      for (let i = 0; i < ids.length; i += 20) batches.push(ids.slice(i, i + 20));
      expect(run.calls).toEqual(batches.map((chunk) => ['aitable-helper/get_record_share_url', { baseId: 'b', tableId: 't', recordIds: chunk }]));
      expect(run.printed).toEqual({ base: 'b', table: 't', total: ids.length, batches: batches.length, items: [] });
    }), { numRuns: 30 });
  });
});

describe('chat message list-focused (chat.go:858-867, paged_command.go@c7521c1c)', () => {
  it('--cursor is a pflag Int64 (base 0), sent only above 0; --limit defaults to 50 and is sent only above 0', async () => {
    const sent = async (...flags: string[]) => outputs.argsOf(['chat', 'message', 'list-focused', ...flags]);
    expect(await sent()).toEqual([{ limit: 50 }]);
    expect(await sent('--cursor', '0x10', '--limit', '0')).toEqual([{ cursor: 16 }]);
    expect(await sent('--cursor', '010', '--limit', '-1')).toEqual([{ cursor: 8 }]);
    expect(await sent('--cursor', '1_0')).toEqual([{ limit: 50, cursor: 10 }]);
    expect(await sent('--cursor', '-3')).toEqual([{ limit: 50 }]);
    for (const bad of ['1e3', ' 7', '']) expect(await sent('--cursor', bad)).toBe('invalid_parameter');
  });
  it('--page-all sends each next cursor as an int64 (a padded text trimmed) and stops, with the pages read, at a fractional one', async () => {
    const r = await outputs.paged(['chat', 'message', 'list-focused', '--page-all', '--page-delay', '0'], 'chat/list_special_focus_messages', [
      { result: { messages: [1, 2], hasMore: true, nextCursor: ' 5 ' } },
      { result: { messages: [3], hasMore: true, nextCursor: 9 } },
      { result: { messages: [4], hasMore: true, nextCursor: 1.5 } },
    ]);
    expect(r.sent).toEqual([{ limit: 50 }, { limit: 50, cursor: 5 }, { limit: 50, cursor: 9 }]);
    expect(r.envelope?.error.reason).toBe('pages_incomplete');
    expect((r.envelope?.ledger as { result: unknown }).result).toEqual({ messages: [1, 2, 3, 4], hasMore: true, nextCursor: '1' });
  });
});

describe('doc +review projects the comments as projectReviewComments (review_shortcuts.go:28-47, :308-375@c7521c1c)', () => {
  it('firstString keys, the block of a unique selection match (overlaps counted), the last text of a block, null when none', async () => {
    outputs.answer('doc-comment/list_comments', { result: { list: [
      { commentKey: '', commentId: 'x', inner: { commentId: 'c1', content: 5, text: 't', quote: 'aa', replies: [1] } },
      { commentKey: 'c2', blockId: 'b1', selectedText: 'q' },
      { commentKey: 'c3', quote: 'b...d' },
      { commentKey: 'c4', quote: 'zz' },
    ] } });
    outputs.answer('doc/list_document_blocks', { result: { blocks: [
      { id: ' b1 ', text: 'aaa', children: [{ text: 'abcd' }] }, { blockId: 'b2', text: 'xbxdzz' },
    ] } });
    const run = await outputs.sent(['doc', '+review', '--node', ' n ']);
    expect(run.calls).toEqual([
      ['doc-comment/list_comments', { nodeId: 'n', resolveStatus: 'unresolved' }],
      ['doc/list_document_blocks', { nodeId: 'n', format: 'element' }],
    ]);
    expect(run.printed).toEqual({ status: 'unresolved', counts: { total: 4, global: 2, inline: 2 }, comments: [
      { commentKey: 'c1', content: 't', selectedText: 'aa', blockId: '', context: '', replies: [1] },
      { commentKey: 'c2', content: '', selectedText: 'q', blockId: 'b1', context: 'abcd', replies: null },
      { commentKey: 'c3', content: '', selectedText: 'b...d', blockId: '', context: '', replies: null },
      { commentKey: 'c4', content: '', selectedText: 'zz', blockId: 'b2', context: 'xbxdzz', replies: null },
    ] });
    outputs.answer('doc-comment/list_comments', null);
    expect((await outputs.sent(['doc', '+review', '--node', 'n'])).printed).toEqual({ status: 'unresolved', counts: { total: 0, global: 0, inline: 0 }, comments: null });
  });
});

describe('sheet chart create checks --properties as validateChartProperties (sheet_chart.go:26-118, :227-250@c7521c1c)', () => {
  const props = (type: unknown, width: unknown = 600) => JSON.stringify({ position: { row: null, col: 'A' }, dimensions: { width, height: 1 }, chart: { type, series: [{ value: ['B2:B3'] }] } });
  it('chart.type is matched trimmed (Go spaces) and lower-cased; ids are sent even when empty; a width that is no number passes', async () => {
    const types = fc.tuple(fc.constantFrom('', ' ', '\u00a0', '\u0085', '\u200b'), fc.constantFrom('column', 'PIE', 'Doughnut', 'areaPercentStacked', 'donut', ''), fc.constantFrom('', ' ', '\u3000'));
    await fc.assert(fc.asyncProperty(types, async ([lead, core, tail]) => {
      const type = lead + core + tail;
      const ok = ['column', 'pie', 'doughnut', 'areapercentstacked'].includes(goTrim(type).toLowerCase());
      const run = await outputs.sent(['sheet', 'chart', 'create', '--properties', props(type, 'x')]);
      if (!ok) {
        expect(run.reason).toBe('invalid_parameter');
        expect(run.calls).toEqual([]);
        return;
      }
      expect(run.calls).toEqual([['sheet/create_float_chart', { nodeId: '', sheetId: '', properties: JSON.parse(props(type, 'x')) }]]);
    }), { numRuns: 30 });
  });
  it('a numeric width of 0 or less, a null --properties and a series value that is no list are refused before any call', async () => {
    for (const p of [props('pie', 0), props('pie', -0.5), ' null ', JSON.stringify({ position: { row: 1, col: 'A' }, dimensions: { width: 1, height: 1 }, chart: { type: 'pie', series: [{ value: {} }] } })]) {
      const run = await outputs.sent(['sheet', 'chart', 'create', '--node', 'n', '--properties', p]);
      expect(run.reason, p).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }
  });
});

describe('sheet delete-dimension reads --length with strconv.Atoi, 1..5000 (sheet_dimension.go:452-474@c7521c1c)', () => {
  it('a sign and leading zeros are read; spaces, 0x, _ and exponents are refused before any call', async () => {
    const argv = (length: string) => ['sheet', 'delete-dimension', '--node', ' n ', '--sheet-id', 's', '--dimension', 'ROWS', '--position', ' 3 ', '--length', length, '--yes'];
    for (const [length, n] of [['+5', 5], ['010', 10], ['5000', 5000]] as const) {
      expect(await outputs.argsOf(argv(length))).toEqual([{ nodeId: ' n ', sheetId: 's', dimension: 'ROWS', position: ' 3 ', length: n }]);
    }
    for (const bad of [' 5', '0x10', '1_0', '0', '-0', '5001', '1e3']) expect(await outputs.argsOf(argv(bad)), bad).toBe('invalid_parameter');
  });
});

describe('calendar event create (calendar.go:431-488, buildReminders :3052-3063@c7521c1c)', () => {
  it('--remind-minutes: parseCSVValues, each strconv.Atoi above 0 kept in order, the rest passed over', async () => {
    const part = fc.constantFrom('5', ' 10 ', '0', '-3', 'x', '+7', '1_0', '"15"', '', '010');
    await fc.assert(fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 5 }), async (parts) => {
      const raw = parts.join(',');
      fc.pre(raw !== '');
      const reminders = (parseCSVValues(raw) ?? []).flatMap((p) => (/^[+-]?\d+$/u.test(p) && Number(p) > 0 ? [{ minutes: Number(p) }] : []));
      expect(await outputs.argsOf(['calendar', 'event', 'create', '--title', 't', '--start', 's', '--end', 'e', '--remind-minutes', raw]))
        .toEqual([{ summary: 't', startDateTime: 's', endDateTime: 'e', reminders }]);
    }), { numRuns: 30 });
  });
  it('the times are sent as typed; a blank-only list is null, a list of commas []', async () => {
    expect(await outputs.argsOf(['calendar', 'event', 'create', '--summary', ' T ', '--startDate', '2026-03-10', '--end_time', ' x ',
      '--attendees', ' ', '--open-dingtalk-ids', ',', '--room-ids', '["r1"," r2 "]'])).toEqual([
      { summary: ' T ', startDateTime: '2026-03-10', endDateTime: ' x ', attendees: null, openDingTalkIds: [], roomIds: ['r1', 'r2'] },
    ]);
  });
});

describe('aitable dashboard share update reads --enabled as parseBoolFlag (aitable.go:27-34, :5748-5775@c7521c1c)', () => {
  it('TrimSpace then strconv.ParseBool, for any spelling', async () => {
    const spelling = fc.tuple(fc.constantFrom('', ' ', '\u00a0'), fc.constantFrom('1', 't', 'T', 'TRUE', 'true', 'True', '0', 'f', 'F', 'FALSE', 'false', 'False', 'tRue', 'yes', 'on', '2'), fc.constantFrom('', '\t'));
    const goBool: Record<string, boolean> = { 1: true, t: true, T: true, TRUE: true, true: true, True: true, 0: false, f: false, F: false, FALSE: false, false: false, False: false };
    await fc.assert(fc.asyncProperty(spelling, async ([lead, core, tail]) => {
      const got = await outputs.argsOf(['aitable', 'dashboard', 'share', 'update', '--base-id', 'b', '--dashboard-id', 'd', '--enabled', lead + core + tail]);
      expect(got).toEqual(core in goBool ? [{ baseId: 'b', dashboardId: 'd', enabled: goBool[core] }] : 'invalid_parameter');
    }), { numRuns: 30 });
  });
});

describe('todo task add-participant reads --participants as parseExecutorIds (todo.go:743-755, :1871-1884@c7521c1c)', () => {
  it('split on commas, trimmed, blanks dropped, no JSON or quote handling; a blank-only value is null', async () => {
    const part = fc.constantFrom('a', ' b ', '', '"q"', '[c]', '\u0085');
    await fc.assert(fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 5 }), async (parts) => {
      const raw = parts.join(',');
      fc.pre(raw !== '');
      const ids = goTrim(raw) === '' ? null : raw.split(',').map(goTrim).filter((v) => v !== '');
      expect(await outputs.argsOf(['todo', 'task', 'add-participant', '--task-id', ' t ', '--participants', raw, '--yes']))
        .toEqual([{ todoParticipantsAddRequest: { taskId: ' t ', participantIds: ids } }]);
    }), { numRuns: 30 });
  });
});

describe('contact user profile get (contact.go:1073-1085@c7521c1c)', () => {
  it('staffId untrimmed when not empty; fieldCodeList parseCSVValues, sent only when it holds a code', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom('a', ' b ', '', '"c"', "'d'", ',', '[', ']', '1'), { maxLength: 5 }).map((p) => p.join('')), async (fields) => {
      const codes = parseCSVValues(fields);
      expect(await outputs.argsOf(['contact', 'user', 'profile', 'get', '--staff-id', ' s ', '--fields', fields]))
        .toEqual([codes !== null && codes.length > 0 ? { staffId: ' s ', fieldCodeList: codes } : { staffId: ' s ' }]);
    }), { numRuns: 30 });
  });
});
