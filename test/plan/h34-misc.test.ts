// Session 34, issue 32 left-overs (notes/h34-misc.md): the aitable read-backs page as upstream's queryRecordWindow
// (record_query_all.go:32-104@c7521c1c, through queryRecordsByIDs record_batch.go:305-317, queryDeletedRecordsByIDs
// :319-333, readAttachmentCell attachment_composite.go:307-308) and +record-bulk-patch's matches as queryAllRecords
// (record_query_all.go:245-283). Run as a user types the commands against the fake MCP server on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useOutputRuns } from './output-runs.js';
import { dispatchInProcess, runCliAsync } from '../helpers.js';
import { durationMs, goDurationText } from '../../src/events/consume.js';
import fallbacks from '../../catalog/data/command-path-fallbacks.json' with { type: 'json' };

const { run, answer, failure, sent, mcp, env } = useOutputRuns('dws-h34-misc-');
const table = ['--base-id', 'b1', '--table-id', 't1'];
const update = (records: unknown[]) => ['aitable', '+record-update', ...table, '--records', JSON.stringify(records), '--yes'];
const del = (ids: string) => ['aitable', '+record-delete', ...table, '--record-ids', ids, '--yes'];
const patch = (...more: string[]) => ['aitable', '+record-bulk-patch', ...table, '--patch', '{"f":"done"}', ...more, '--yes'];
/** query_records answering these pages in turn (the last one again after them). */
const pages = (...bodies: unknown[]) => {
  mcp.calls.length = 0;
  mcp.answers['aitable/query_records'] = (_args, n) => bodies[Math.min(n, bodies.length - 1)];
};
const reads = () => mcp.calls.filter((c) => c.name === 'query_records').map((c) => c.arguments);
const two = [{ recordId: 'r1', cells: { f: 1 } }, { recordId: 'r2', cells: { f: 2 } }];

describe('aitable read-backs page as queryRecordWindow (record_query_all.go:32-104@c7521c1c)', () => {
  it('+record-update: a page saying hasMore false with a cursor reads on (responseHasMore, record_upsert_by_key.go:286-304)', async () => {
    answer('aitable/update_records', { data: {} });
    pages({ records: [two[0]], hasMore: false, nextCursor: ' c2 ' }, { records: [two[1]] });
    const out = await run(update(two)) as Record<string, unknown>;
    expect(out.verification).toEqual({ status: 'verified', verifiedCount: 2 });
    expect(reads().map((a) => [a.limit, a.cursor ?? null])).toEqual([[2, null], [1, 'c2']]);
  });
  it('+record-update: a cursor two levels down (data.pagination) is followed', async () => {
    answer('aitable/update_records', { data: {} });
    pages({ data: { records: [two[0]], pagination: { hasMore: true, nextCursor: 'c2' } } }, { data: { records: [two[1]] } });
    const out = await run(update(two)) as Record<string, unknown>;
    expect(out.verification).toEqual({ status: 'verified', verifiedCount: 2 });
    expect(reads().map((a) => a.cursor ?? null)).toEqual([null, 'c2']);
  });
  it('+record-delete: a read-back whose cursor repeats fails after the write (cursor cycle), never verified_absent', async () => {
    answer('aitable/delete_records', { data: {} });
    pages({ records: [], hasMore: true, nextCursor: 'c1' });
    const outcome = await failure(del('r1,r2'));
    expect(outcome.reason).toBe('partial_outcome');
    expect(outcome.out).toBe('');
    expect(reads()).toHaveLength(2);
  });
  it('three pages in a row saying more without a record fail (:77-86); a record between resets the count', async () => {
    answer('aitable/delete_records', { data: {} });
    const empty = (n: number) => ({ records: [], hasMore: true, nextCursor: `e${n}` });
    pages(empty(1), empty(2), empty(3), { records: [] });
    expect((await failure(del('r1'))).reason).toBe('partial_outcome');
    expect(reads()).toHaveLength(3);
    answer('aitable/update_records', { data: {} });
    pages(empty(1), empty(2), { records: [two[0]], hasMore: true, nextCursor: 'x' }, empty(4), empty(5), { records: [two[1]] });
    const out = await run(update(two)) as Record<string, unknown>;
    expect(out.verification).toEqual({ status: 'verified', verifiedCount: 2 });
  });
  it('+record-delete: the explicit empty answer ends the read (explicitEmptyRecordQuery :109-124); any other page without records fails', async () => {
    answer('aitable/delete_records', { data: {} });
    pages({ success: true, status: 'success', data: {} });
    const out = await run(del('r1')) as Record<string, unknown>;
    expect(out.verification).toEqual({ status: 'verified_absent', verifiedCount: 1 });
    pages({ records: [], hasMore: true, nextCursor: 'c1' }, { success: true, data: {} });
    const outcome = await failure(del('r1'));
    expect([outcome.reason, outcome.message.includes('no records collection')]).toEqual(['partial_outcome', true]);
  });
  it('+attachment-put: the record read before the upload follows a page that says more with no record', async () => {
    const rec = { recordId: 'r1', cells: { fa: [] } };
    pages({ records: [], hasMore: true, nextCursor: 'c1' }, { records: [rec] }, { records: [rec] }, { records: [{ ...rec, cells: { fa: [{ fileToken: 'tok' }] } }] });
    answer('aitable/prepare_attachment_upload', { data: { uploadUrl: 'http://127.0.0.1:9/none', fileToken: 'tok' } });
    const r = await sent(['aitable', '+attachment-put', ...table, '--record-id', 'r1', '--field-id', 'fa', '--file', 'a.txt', '--yes'], { 'a.txt': 'x' });
    const q = r.calls.filter(([k]) => k === 'aitable/query_records').map(([, a]) => a as Record<string, unknown>);
    expect(q.slice(0, 2)).toEqual([
      { baseId: 'b1', tableId: 't1', recordIds: ['r1'], limit: 1 },
      { baseId: 'b1', tableId: 't1', recordIds: ['r1'], limit: 1, cursor: 'c1' },
    ]);
    expect(r.calls.map(([k]) => k)).toContain('aitable/prepare_attachment_upload');
  });
  it('property: a read-back is read on exactly while responseHasMore holds and records are still wanted', async () => {
    answer('aitable/update_records', { data: {} });
    // each page holds one record of the two; whether it says more by hasMore, by a cursor only, or not at all
    await fc.assert(fc.asyncProperty(fc.constantFrom('hasMore', 'cursorOnly', 'none', 'hasMoreFalseCursor'), async (how) => {
      const marks = { hasMore: { hasMore: true, nextCursor: 'c2' }, cursorOnly: { cursor: 'c2' }, none: { hasMore: false }, hasMoreFalseCursor: { hasMore: false, next_cursor: 'x', nextCursor: 'c2' } }[how];
      pages({ result: { records: [two[0]], ...marks } }, { records: [two[1]] });
      const outcome = await failure(update(two)).catch(() => undefined);
      const follows = how !== 'none';
      expect(reads()).toHaveLength(follows ? 2 : 1);
      expect(outcome?.reason).toBe(follows ? undefined : 'partial_outcome');
    }), { numRuns: 8 });
  });
});

describe('aitable +record-bulk-patch matches page as queryAllRecords (record_query_all.go:245-283@c7521c1c)', () => {
  const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ recordId: `r${from + i}`, cells: { f: 'done' } }));
  it('hasMore false beside a cursor in data reads on; a cycle is refused before any write', async () => {
    pages({ records: ids(2), hasMore: false, data: { nextCursor: 'c2' } }, { records: ids(1, 2) }, { records: ids(3) });
    const r = await sent(patch('--all'));
    const q = r.calls.filter(([k]) => k === 'aitable/query_records').map(([, a]) => (a as Record<string, unknown>).cursor ?? null);
    expect(q.slice(0, 2)).toEqual([null, 'c2']);
    expect(r.calls.filter(([k]) => k === 'aitable/update_records')[0][1]).toMatchObject({ records: [{ recordId: 'r0' }, { recordId: 'r1' }, { recordId: 'r2' }] });
    pages({ records: ids(2), hasMore: true, nextCursor: 'c1' }, { records: ids(1, 2), hasMore: true, nextCursor: 'c1' });
    const cycle = await sent(patch('--all'));
    expect([cycle.reason, cycle.calls.map(([k]) => k)]).toEqual(['backend_error', ['aitable/query_records', 'aitable/query_records']]);
  });
  it('more than --max-matches ends the read before its marks: a page saying more with no cursor past the cap is too_many', async () => {
    pages({ records: ids(3), hasMore: true });
    const r = await sent(patch('--all', '--max-matches', '2'));
    expect([r.reason, r.calls.length]).toEqual(['constraint_violation', 1]);
  });
});

describe('todo task list --size above 20 decodes each page as todoListAutoPage (helpers/todo.go:1806-1862@c7521c1c)', () => {
  const cards = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ taskId: `t${from + i}` }));
  const list = (size: string) => ['todo', 'task', 'list', '--size', size];
  const todoPages = (...bodies: unknown[]) => {
    mcp.calls.length = 0;
    mcp.answers['todo/get_user_todos_in_current_org'] = (_args, n) => bodies[Math.min(n, bodies.length - 1)];
  };
  it('keys are matched ignoring case, as json.Unmarshal into struct {Result {TodoCards []any}}', async () => {
    todoPages({ Result: { TodoCards: cards(20) } }, { result: { todoCards: [...cards(5, 20), 'text'] } });
    const r = await sent(list('30'));
    expect(r.calls.map(([, a]) => [(a as Record<string, unknown>).pageNum, (a as Record<string, unknown>).pageSize])).toEqual([['1', '20'], ['2', '20']]);
    expect(((r.printed as { result: { todoCards: unknown[] } }).result.todoCards)).toEqual([...cards(25), 'text']);
  });
  it('a page whose result or todoCards is of another kind fails the command (failed to parse todo response)', async () => {
    for (const bad of [{ result: { todoCards: 'x' } }, { result: [] }, { result: { todoCards: { a: 1 } } }, 'not json']) {
      todoPages({ result: { todoCards: cards(20) } }, bad);
      const r = await sent(list('45'));
      expect([r.reason, r.printed, r.calls.length]).toEqual(['backend_error', undefined, 2]);
    }
  });
  it('null or a missing key is no card and ends the pages; the merged list is null when none came', async () => {
    todoPages({ result: null });
    expect((await sent(list('21'))).printed).toEqual({ result: { todoCards: null } });
    todoPages({ result: { todoCards: cards(20) } }, { other: 1 });
    const r = await sent(list('60'));
    expect([r.calls.length, (r.printed as { result: { todoCards: unknown[] } }).result.todoCards.length]).toEqual([2, 20]);
  });
});

describe('chat +search-msg checks and resolves every value typed, no bound (search_msg.go:478-516, :613-623@c7521c1c)', () => {
  it('101 conversation ids are each read with get_conversation_info before the search', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => `cid${i}`);
    const r = await sent(['chat', '+search-msg', '--query', 'x', '--chat-id', ids.join(',')]);
    const infos = r.calls.filter(([k]) => k === 'chat/get_conversation_info').map(([, a]) => (a as Record<string, unknown>).openConversationId);
    expect(infos).toEqual(ids);
    expect(r.reason).not.toBe('invalid_parameter');
    expect(r.calls.map(([k]) => k)).toContain('im/search_messages');
  });
  it('21 --senders values are each resolved', async () => {
    const names = Array.from({ length: 21 }, (_, i) => `user${i}`);
    const r = await sent(['chat', '+search-msg', '--query', 'x', '--senders', names.join(',')]);
    expect(r.calls.filter(([k]) => k === 'contact/search_contact_by_key_word')).toHaveLength(21);
    expect(r.reason).not.toBe('invalid_parameter');
  });
});

describe('dws help <path> is the help of the deepest command or group it names; <path> --help follows the path fallbacks (command_fallback.go:20-60, app/root_help.go:31-44@c7521c1c)', () => {
  // h35-misc: upstream's help command runs Root().Find(words), no fallback: it stops at the fallback word and prints the
  // group's help, while `<words> --help` goes through the fallback table
  const shown = async (argv: string[]) => {
    const r = await runCliAsync(argv, '', env());
    return { out: r.stdout, err: r.stderr, status: r.status };
  };
  const paths = fallbacks.paths as Record<string, { to?: string }>;
  it('help <path> prints the group\'s help; <path> --help prints the rewrite\'s command\'s help or the ambiguity refusal (exit 3)', async () => {
    for (const from of ['chat +members', 'chat +bot-list', 'chat +conversation-category-list', 'chat +group-send-text']) {
      const words = from.split(' ');
      const viaHelp = await shown(['help', ...words]);
      expect(viaHelp, from).toEqual(await shown([words[0]!, '--help']));
      const viaFlag = await shown([...words, '--help']);
      const to = paths[from].to;
      if (to !== undefined) expect([viaFlag.status, viaFlag.out.split('\n')[0]], from).toEqual([0, expect.stringContaining(`dws ${to} - `)]);
      else expect([viaFlag.status, JSON.parse(viaFlag.err).error.reason], from).toEqual([3, 'ambiguous_command']);
    }
  });
});

describe('event consume --duration as pflag DurationVar reads it (time.ParseDuration; consume/run.go:214, validate.go:82@c7521c1c)', () => {
  const dry = async (...more: string[]) => {
    const o = await dispatchInProcess(['event', 'consume', 'user_im_message_receive_group', 'user_im_message_receive_at', '--group', 'cid1', ...more, '--dry-run'], env());
    return o.error?.reason ?? 'ok';
  };
  it('Go\'s spellings are taken (a sign, 0 alone, .5s, 1.s, both micro signs); others refused as invalid_parameter', async () => {
    for (const d of ['-1s', '+0', '0', '-0', '.5s', '1.s', '1\u00b5s', '1\u03bcs', '1h2m3.5s', '-1m30s']) expect([d, await dry(`--duration=${d}`)]).toEqual([d, 'ok']);
    for (const d of ['--1s', '1', 's', '.s', '1.5', '0s0', '1 s', '1hh', '1d', '+']) expect([d, await dry(`--duration=${d}`)]).toEqual([d, 'invalid_parameter']);
    expect(await dry('--duration', '-1s')).toBe('ok');
  });
  it('a negative duration is no bound: --format json then needs --max-events (ErrJSONFormatRequiresBounded)', async () => {
    expect(await dry('--duration', '-1s', '--format', 'json')).toBe('constraint_violation');
    expect(await dry('--duration', '-1s', '--format', 'json', '--max-events', '2')).toBe('ok');
    expect(await dry('--duration', '1s', '--format', 'json')).toBe('ok');
  });
  it('durationMs sums the parts and keeps the sign (property over parts)', () => {
    expect([durationMs('-1m30s'), durationMs('.5s'), durationMs('1.s'), durationMs('2\u03bcs'), durationMs('0'), durationMs('+1h')]).toEqual([-90000, 500, 1000, 0.002, 0, 3600000]);
    fc.assert(fc.property(fc.constantFrom('', '-', '+'), fc.array(fc.tuple(fc.integer({ min: 0, max: 999 }), fc.constantFrom('h', 'm', 's', 'ms')), { minLength: 1, maxLength: 4 }), (sign, parts) => {
      const unit: Record<string, number> = { h: 3600000, m: 60000, s: 1000, ms: 1 };
      const total = parts.reduce((a, [n, u]) => a + n * unit[u], 0);
      expect(durationMs(sign + parts.map(([n, u]) => `${n}${u}`).join(''))).toBe(sign === '-' ? -total : total);
    }));
  });
});

describe('event consume\'s exit line prints the run\'s time as Go\'s Duration String (consume/run.go:317@c7521c1c)', () => {
  it('known texts, and every whole millisecond reads back as itself (property)', () => {
    expect([0, 5, 999, 1000, 1500, 61040, 3600000, 3723004].map(goDurationText)).toEqual(['0s', '5ms', '999ms', '1s', '1.5s', '1m1.04s', '1h0m0s', '1h2m3.004s']);
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 * 3_600_000 }), (ms) => {
      expect(durationMs(goDurationText(ms))).toBeCloseTo(ms, 6);
      expect(goDurationText(ms)).toMatch(/^(0s|[1-9]\d{0,2}ms|([1-9]\d*h\d+m|[1-9]\d*m)?\d+(\.\d*[1-9])?s)$/u);
    }));
  });
});
