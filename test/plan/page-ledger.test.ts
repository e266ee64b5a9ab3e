// page.strict, unique, empty_more_fails, stop_when, fail_when (branch f-paging, docs/PLANS.md "page"): upstream's page
// ledgers (+thread-replies, +messages-list-direct, +chat-messages, +my-groups) through the real validator and executor
// with a fake effects port; and the message time transforms (message_boundary, message_time_ms).
import { describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { executePlan } from '../../src/plan/executor.js';
import { TRANSFORMS } from '../../src/plan/transforms/index.js';
import { shippedEngine } from '../helpers.js';
import { fake, planOf, problemsOf, tool } from './fake-plan.js';

const ledger = { strict: true, empty_more_fails: true, unique: { item: true, path: 'id', transform: ['to_string'] } };
function plan(extra: Record<string, unknown> = {}) {
  return {
    facts: 't',
    steps: [{
      id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { size: { const: 3 }, q: { flag: 'name' } },
      page: { cursor_arg: 'cursor', next: 'next', items: 'rows', more: 'more', max_pages: 10, ...ledger, ...extra },
    }],
  };
}

type Page = Record<string, unknown> | Error;

async function run(p: unknown, pages: Page[]) {
  const { calls, effects } = fake((_c, n) => {
    const page = pages[n] ?? { rows: [], more: false };
    if (page instanceof Error) throw page;
    return page;
  });
  const planned = planOf(p);
  try {
    const out = await executePlan(tool(), planned, { name: 'x' }, { env: {}, dryRun: false, effects });
    return { calls, result: ('result' in out ? out.result : { rows: [] }) as { rows: unknown[] }, error: undefined };
  } catch (e) {
    if (!(e instanceof DwsError)) throw e;
    return { calls, result: { rows: [] as unknown[] }, error: e };
  }
}

const ids = (rows: unknown[] | undefined) => (rows ?? []).map((r) => (r as { id: unknown }).id);
const partialIds = (e: DwsError | undefined) => ids((e?.payload?.partial as { rows: unknown[] } | undefined)?.rows);

describe('page.strict: upstream page ledgers', () => {
  it('follows the cursors until more is false, dropping an item an earlier page had', async () => {
    const { calls, result, error } = await run(plan(), [
      { rows: [{ id: 1 }, { id: 2 }], more: true, next: 'c1' },
      { rows: [{ id: 2 }, { id: 3 }], more: true, next: 'c2' },
      { rows: [{ id: 4 }], more: false },
    ]);
    expect(error).toBeUndefined();
    expect(calls.map((c) => c.args.cursor)).toEqual([undefined, 'c1', 'c2']);
    expect(ids(result.rows)).toEqual([1, 2, 3, 4]);
  });

  it('keeps every item without an identity, and compares identities as text', async () => {
    const { result } = await run(plan(), [
      { rows: [{ id: 7 }, { name: 'a' }], more: true, next: 'c1' },
      { rows: [{ id: '7' }, { name: 'a' }], more: false },
    ]);
    expect(result.rows).toEqual([{ id: 7 }, { name: 'a' }, { name: 'a' }]);
  });

  it.each([
    ['more is not a boolean', [{ rows: [{ id: 1 }], more: 'yes', next: 'c1' }], 1, /does not say whether more follow/u],
    ['more with no item', [{ rows: [{ id: 1 }], more: true, next: 'c1' }, { rows: [], more: true, next: 'c2' }], 2, /holds no item/u],
    ['a missing next cursor', [{ rows: [{ id: 1 }], more: true }], 1, /next cursor \(next\) is missing/u],
    ['a cursor followed before', [{ rows: [{ id: 1 }], more: true, next: 'c1' }, { rows: [{ id: 2 }], more: true, next: 'c1' }], 2, /already followed/u],
    ['a later page failing', [{ rows: [{ id: 1 }], more: true, next: 'c1' }, new DwsError('backend_error', 'boom')], 1, /page 2 failed \(backend_error: boom\)/u],
  ] as const)('ends as pages_incomplete on %s, with the items read in partial', async (_what, pages, read, why) => {
    const { error } = await run(plan(), [...pages]);
    expect(error?.reason).toBe('pages_incomplete');
    expect(error?.exitCode).toBe(1);
    expect(error?.message).toMatch(why);
    expect(error?.message).toContain(`stopped after ${read} page(s)`);
    expect(partialIds(error)).toEqual(pages.flatMap((p) => (p instanceof Error ? [] : ids((p as unknown as { rows: unknown[] }).rows))).filter((x, i, a) => a.indexOf(x) === i));
  });

  it('lets a failing first page end the run with its own error', async () => {
    const { error } = await run(plan(), [new DwsError('auth_failed', 'no')]);
    expect(error?.reason).toBe('auth_failed');
  });

  it('ends incomplete when a next cursor is refused by next_transform, and counts the first cursor as followed', async () => {
    const bad = await run(plan({ next_transform: ['ms_to_rfc3339'] }), [{ rows: [{ id: 1 }], more: true, next: 'soon' }]);
    expect(bad.error?.reason).toBe('pages_incomplete');
    const p = plan();
    (p.steps[0].args as Record<string, unknown>).cursor = { const: 'c0' };
    const again = await run(p, [{ rows: [{ id: 1 }], more: true, next: 'c0' }]);
    expect(again.error?.message).toMatch(/already followed/u);
  });

  it('ends incomplete when a page holds more items than the cap left room for; exactly the cap stops cleanly', async () => {
    const over = await run(plan({ max_items: { const: 2 }, size_arg: 'size' }), [{ rows: [{ id: 1 }, { id: 2 }, { id: 3 }], more: false }]);
    expect(over.error?.reason).toBe('pages_incomplete');
    expect(partialIds(over.error)).toEqual([1, 2]);
    const exact = await run(plan({ max_items: { const: 2 }, size_arg: 'size' }), [{ rows: [{ id: 1 }, { id: 2 }], more: true, next: 'c1' }]);
    expect(exact.error).toBeUndefined();
    expect(exact.calls.length).toBe(1);
    expect(ids(exact.result.rows)).toEqual([1, 2]);
  });

  it('stops after a page with a stop_when item, before the overflow check; fail_when ends the run incomplete', async () => {
    const stop = { item: true, path: 'end' };
    const stopped = await run(plan({ stop_when: { present: stop }, max_items: { const: 1 } }), [{ rows: [{ id: 1 }, { id: 2, end: true }], more: true, next: 'c1' }]);
    expect(stopped.error).toBeUndefined();
    expect(stopped.calls.length).toBe(1);
    expect(ids(stopped.result.rows)).toEqual([1]);
    const failed = await run(plan({ fail_when: { present: stop } }), [{ rows: [{ id: 1 }, { id: 2, end: true }], more: true, next: 'c1' }]);
    expect(failed.error?.reason).toBe('pages_incomplete');
    expect(partialIds(failed.error)).toEqual([1, 2]);
  });

  it('does nothing when its condition does not hold: a missing cursor or more just end the run', async () => {
    const p = plan({ strict: { equals: [{ flag: 'name' }, 'y'] }, empty_more_fails: true });
    const { error, calls } = await run(p, [{ rows: [{ id: 1 }], next: 'c1' }, { rows: [], more: true }]);
    expect(error).toBeUndefined();
    expect(calls.length).toBe(2);
  });

  it('is refused at build without more, and empty_more_fails or fail_when without strict', () => {
    const noMore = { facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: {}, page: { cursor_arg: 'c', next: 'n', items: 'r', max_pages: 2, strict: true } }] };
    expect(problemsOf(noMore).join('\n')).toContain('strict: needs more');
    const alone = { facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: {}, page: { cursor_arg: 'c', next: 'n', items: 'r', more: 'm', max_pages: 2, empty_more_fails: true } }] };
    expect(problemsOf(alone).join('\n')).toContain('go with strict');
  });
});

describe('message time transforms (upstream formatDingTalkMessageBoundary, parseMessageTimestamp)', () => {
  it.each([
    ['2026-03-09', '2026-03-09 00:00:00'],
    [' 2026-03-09 08:30:00 ', '2026-03-09 08:30:00'],
    ['2026-03-09T00:30:00Z', '2026-03-09 08:30:00'],
    ['2026-03-09T00:30:00.250Z', '2026-03-09T08:30:00.25+08:00'],
    ['2026-03-09T08:30:00.000000001+08:00', '2026-03-09T08:30:00.000000001+08:00'],
    ['2026-03-08T20:30:00-05:00', '2026-03-09 09:30:00'],
    [1773028800456, '2026-03-09T12:00:00.456+08:00'],
    [1773028800000, '2026-03-09 12:00:00'],
  ])('message_boundary(%j) = %j', (v, text) => {
    expect(TRANSFORMS.message_boundary(v, '--end', { env: {} })).toBe(text);
  });

  it('message_boundary refuses what upstream cannot parse', () => {
    for (const v of ['2026-03-09 08:30', '2026-02-30', 'soon', 1.5]) expect(() => TRANSFORMS.message_boundary(v, '--end', { env: {} })).toThrow(DwsError);
  });

  it.each([
    ['2026-03-09 08:30:00', Date.UTC(2026, 2, 9, 0, 30)],
    ['2026-03-09T00:30:00.250Z', Date.UTC(2026, 2, 9, 0, 30, 0, 250)],
    [1773028800, 1773028800000],
    ['1773028800', 1773028800000],
    [1773028800456, 1773028800456],
    ['not a time', undefined],
    [true, undefined],
  ])('message_time_ms(%j) = %j', (v, ms) => {
    expect(TRANSFORMS.message_time_ms(v, 'createTime', { env: {} })).toBe(ms);
  });
});

// branch f-chat3: items_from (grouped pages flattened), cut_ends (upstream truncatedWithinPage), size_when
describe('page.items_from, cut_ends, size_when', () => {
  const flat = { each: { item: true, path: 'groups' }, to: { item: true, path: 'rows' }, transform: ['flatten'] };
  it('reads the items of grouped pages through items_from, counted one by one against max_items', async () => {
    const r = await run(plan({ items_from: flat, max_items: { const: 3 }, size_arg: 'size' }), [
      { groups: [{ rows: [{ id: 1 }] }, { rows: [{ id: 2 }] }], more: true, next: 'c2' },
      { groups: [{ rows: [{ id: 3 }] }], more: true, next: 'c3' },
    ]);
    expect(r.error).toBeUndefined();
    expect(r.calls.map((c) => c.args)).toEqual([{ size: 3, q: 'x' }, { size: 1, q: 'x', cursor: 'c2' }]);
    expect(ids(r.result.rows)).toEqual([1, 2, 3]);
  });
  it('falls back to the items path when items_from is absent', async () => {
    const r = await run(plan({ items_from: { ...flat, when: { equals: [{ flag: 'name' }, 'zzz'] } } }), [{ rows: [{ id: 7 }], more: false }]);
    expect(ids(r.result.rows)).toEqual([7]);
  });
  it('with cut_ends a page holding more than the room left is cut and ends the run; without it the run is incomplete', async () => {
    const pages = [{ rows: [{ id: 1 }, { id: 2 }, { id: 3 }], more: true, next: 'c2' }];
    const cut = await run(plan({ max_items: { const: 2 }, cut_ends: true }), pages);
    expect(cut.error).toBeUndefined();
    expect(cut.calls).toHaveLength(1);
    expect(ids(cut.result.rows)).toEqual([1, 2]);
    const strict = await run(plan({ max_items: { const: 2 } }), pages);
    expect(strict.error?.reason).toBe('pages_incomplete');
  });
  it('size_when keeps the declared page size when it does not hold', async () => {
    const r = await run(plan({ max_items: { const: 2 }, size_arg: 'size', size_when: { equals: [{ flag: 'name' }, 'zzz'] }, cut_ends: true }), [
      { rows: [{ id: 1 }], more: true, next: 'c2' },
      { rows: [{ id: 2 }], more: false },
    ]);
    expect(r.calls.map((c) => c.args.size)).toEqual([3, 3]);
  });
  it('refuses cut_ends without strict and max_items, and size_when without size_arg', () => {
    const bare = { facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: {}, page: { cursor_arg: 'c', next: 'n', items: 'rows', max_pages: 2, cut_ends: true, size_when: { flag: 'name' } } }] };
    const problems = problemsOf(bare);
    expect(problems.join('\n')).toMatch(/cut_ends: goes with strict and max_items/);
    expect(problems.join('\n')).toMatch(/size_when: only with size_arg/);
  });
});

// branch f-wiki2: cap_first (upstream collectWikiPages, common.go:273-287@c7521c1c)
describe('page.cap_first', () => {
  it('the cap reached ends the run before the page\'s marks and cursor are read; without it they are still checked', async () => {
    const pages = [{ rows: [{ id: 1 }], more: true, next: 'c2' }, { rows: [{ id: 2 }, { id: 3 }] }];
    const first = await run(plan({ max_items: { const: 2 }, cap_first: true, record: { at: 'rec', failures: 'list' } }), pages);
    expect(first.error).toBeUndefined();
    expect(first.calls).toHaveLength(2);
    expect(ids(first.result.rows)).toEqual([1, 2]);
    expect((first.result as unknown as { rec: { stopReason: string; pagesFetched: number } }).rec).toMatchObject({ stopReason: 'result_limit', pagesFetched: 2 });
    // the same pages without cap_first: the second page says nothing of more, a pagination failure
    const checked = await run(plan({ max_items: { const: 2 }, cut_ends: true }), pages);
    expect(checked.error?.reason).toBe('pages_incomplete');
    // a cap reached exactly on a page saying more without a cursor still ends well
    const repeated = await run(plan({ max_items: { const: 2 }, cap_first: true }), [{ rows: [{ id: 1 }, { id: 2 }], more: true, next: undefined }]);
    expect(repeated.error).toBeUndefined();
  });
  it('under the cap the page is checked as before', async () => {
    const r = await run(plan({ max_items: { const: 5 }, cap_first: true }), [{ rows: [{ id: 1 }], more: true }]);
    expect(r.error?.reason).toBe('pages_incomplete');
  });
  it('refuses cap_first without strict and max_items, or other than true', () => {
    const bare = { facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: {}, page: { cursor_arg: 'c', next: 'n', items: 'rows', max_pages: 2, cap_first: true } }] };
    expect(problemsOf(bare).join('\n')).toMatch(/cap_first: goes with strict and max_items/);
    expect(problemsOf(plan({ max_items: { const: 2 }, cap_first: 'yes' })).join('\n')).toMatch(/cap_first: true or absent/);
  });
});

describe('page.missing_cursors and page.record with failures listed (branch f-chat4; one record since f-chatpage)', () => {
  type Report = { complete: boolean; hasMore: boolean; nextCursor?: unknown; pagesFetched: number; stopReason: string; failedCount: number; failures: { page: number; stage: string; error: string }[] };
  const listed = { record: { at: 'ledger', failures: 'list' } };
  const reportOf = (r: { result: unknown }) => (r.result as { ledger: Report }).ledger;

  it('missing_cursors: a listed next cursor (text or number, trimmed) is none; strict ends incomplete, plain paging ends', async () => {
    for (const next of ['0', 0, ' 0 ']) {
      const strict = await run(plan({ missing_cursors: ['0'] }), [{ rows: [{ id: 1 }], more: true, next }]);
      expect(strict.error?.message).toMatch(/next cursor \(next\) is missing/u);
      expect(strict.calls.length).toBe(1);
    }
    const plain = await run(plan({ strict: { equals: [{ flag: 'name' }, 'y'] }, missing_cursors: ['0'] }), [{ rows: [{ id: 1 }], more: true, next: '0' }]);
    expect(plain.error).toBeUndefined();
    expect(plain.calls.length).toBe(1);
    // without the key "0" is an ordinary cursor: it is followed
    const followed = await run(plan(), [{ rows: [{ id: 1 }], more: true, next: '0' }, { rows: [{ id: 2 }], more: false }]);
    expect(followed.calls.map((c) => c.args.cursor)).toEqual([undefined, '0']);
  });

  it('record: a complete run carries its ledger; nextCursor is the last one followed', async () => {
    const done = await run(plan(listed), [{ rows: [{ id: 1 }], more: true, next: 'c1' }, { rows: [{ id: 2 }], more: false }]);
    expect(done.error).toBeUndefined();
    expect(ids(done.result.rows)).toEqual([1, 2]);
    expect(reportOf(done)).toEqual({ complete: true, hasMore: false, nextCursor: 'c1', pagesFetched: 2, stopReason: 'source_complete', failedCount: 0, failures: [], marked: true, widened: false, full: false, last: { overflow: false } });
  });

  it.each([
    ['no boolean more', [{ rows: [{ id: 1 }], next: 'c1' }], 'pagination_error', { page: 1, stage: 'pagination' }],
    ['a repeated cursor', [{ rows: [{ id: 1 }], more: true, next: 'c1' }, { rows: [{ id: 2 }], more: true, next: 'c1' }], 'pagination_error', { page: 2, stage: 'pagination' }],
    ['a later page failing', [{ rows: [{ id: 1 }], more: true, next: 'c1' }, new DwsError('backend_error', 'boom')], 'read_failure', { page: 2, stage: 'read' }],
  ] as const)('record: %s ends the run without an error, the failure listed', async (_what, pages, stop, failure) => {
    const r = await run(plan(listed), [...pages]);
    expect(r.error).toBeUndefined();
    const ledger = reportOf(r);
    expect(ledger).toMatchObject({ complete: false, stopReason: stop, failedCount: 1 });
    expect(ledger.failures[0]).toMatchObject(failure);
    expect(ids(r.result.rows)).toEqual(pages.flatMap((p) => (p instanceof Error ? [] : ids((p as unknown as { rows: unknown[] }).rows))).filter((x, i, a) => a.indexOf(x) === i));
  });

  it('record: the page bound is page_limit with more left; a failing first page is still its own error', async () => {
    const bounded = await run(plan({ ...listed, pages: { const: 1 } }), [{ rows: [{ id: 1 }], more: true, next: 'c1' }]);
    expect(reportOf(bounded)).toEqual({ complete: false, hasMore: true, nextCursor: 'c1', pagesFetched: 1, stopReason: 'page_limit', failedCount: 0, failures: [], marked: true, widened: false, full: false, last: { next: 'c1', overflow: false } });
    const first = await run(plan(listed), [new DwsError('backend_error', 'boom')]);
    expect(first.error?.reason).toBe('backend_error');
  });

  it('record.last: the last page read as it was: its next cursor even when refused as repeated, none when missing; overflow past the cap (branch f-chat6)', async () => {
    const repeated = await run(plan(listed), [{ rows: [{ id: 1 }], more: true, next: 'c1' }, { rows: [{ id: 2 }], more: true, next: 'c1' }]);
    expect(reportOf(repeated)).toMatchObject({ nextCursor: 'c1', stopReason: 'pagination_error', last: { next: 'c1', overflow: false } });
    const moved = await run(plan(listed), [{ rows: [{ id: 1 }], more: true, next: 'c1' }, { rows: [{ id: 2 }], more: true, next: 'c2' }, { rows: [{ id: 3 }], more: true, next: 'c1' }]);
    expect(reportOf(moved)).toMatchObject({ nextCursor: 'c2', last: { next: 'c1' } });
    const gone = await run(plan({ ...listed, missing_cursors: ['0'] }), [{ rows: [{ id: 1 }], more: true, next: 'c1' }, { rows: [{ id: 2 }], more: true, next: '0' }]);
    expect(reportOf(gone)).toMatchObject({ nextCursor: 'c1', last: { overflow: false } });
    expect((reportOf(gone) as unknown as { last: object }).last).not.toHaveProperty('next');
    const capped = await run(plan({ ...listed, max_items: { const: 2 } }), [{ rows: [{ id: 1 }, { id: 2 }, { id: 3 }], more: true, next: 'c1' }]);
    expect(ids(capped.result.rows)).toEqual([1, 2]);
    expect(reportOf(capped)).toMatchObject({ stopReason: 'pagination_error', last: { next: 'c1', overflow: true } });
  });

  it('record: a failed read is listed with the cursor it sent (branch f-chat6)', async () => {
    const r = await run(plan(listed), [{ rows: [{ id: 1 }], more: true, next: 'c1' }, new DwsError('backend_error', 'boom')]);
    expect(reportOf(r).failures).toEqual([{ page: 2, stage: 'read', cursor: 'c1', error: 'page 2 failed (backend_error: boom)' }]);
    expect(reportOf(r)).toMatchObject({ hasMore: true, nextCursor: 'c1', last: { next: 'c1', overflow: false } });
  });

  it('record.end_when: a listed failure ends the command (pages_incomplete, the answer in "ledger") only when the condition holds for the record (branch f-chat6)', async () => {
    const endWhen = { record: { at: 'ledger', failures: 'list', end_when: { equals: [{ item: true, path: 'last.overflow' }, true] } } };
    const quiet = await run(plan(endWhen), [{ rows: [{ id: 1 }], more: true, next: 'c1' }, new DwsError('backend_error', 'boom')]);
    expect(quiet.error).toBeUndefined();
    expect(reportOf(quiet)).toMatchObject({ stopReason: 'read_failure', failedCount: 1 });
    const loud = await run(plan({ ...endWhen, max_items: { const: 1 } }), [{ rows: [{ id: 1 }, { id: 2 }], more: true, next: 'c1' }]);
    expect(loud.error?.reason).toBe('pages_incomplete');
    expect((loud.error?.payload?.ledger as { ledger: Report }).ledger).toMatchObject({ stopReason: 'pagination_error', last: { overflow: true } });
    const base = { cursor_arg: 'c', next: 'n', items: 'r', more: 'm', max_pages: 2, strict: true };
    const step = (record: unknown) => ({ facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: {}, page: { ...base, record } }] });
    expect(problemsOf(step({ at: 'l', failures: 'end', end_when: { equals: [{ item: true }, true] } })).join('\n')).toContain('record.end_when: only with failures: list');
    expect(problemsOf(step({ at: 'l', failures: 'list', end_when: { equals: [{ item: true, path: 'last.overflow' }, true] } })).join('\n')).not.toMatch(/record/u);
  });

  it('record.first_page: list: a failing first read is listed (page 1, read, the cursor it sent), nothing fetched; a refusal still throws (branch f-chat7)', async () => {
    const firstListed = { record: { at: 'ledger', failures: 'list', first_page: 'list' } };
    const r = await run(plan(firstListed), [new DwsError('backend_error', 'boom')]);
    expect(r.error).toBeUndefined();
    expect(reportOf(r)).toEqual({ complete: false, hasMore: false, pagesFetched: 0, stopReason: 'read_failure', failedCount: 1,
      failures: [{ page: 1, stage: 'read', error: 'page 1 failed (backend_error: boom)' }], marked: false, widened: false, full: false, last: { overflow: false } });
    const ended = await run(plan({ record: { at: 'ledger', failures: 'end', first_page: 'list' } }), [new DwsError('backend_error', 'boom')]);
    expect(ended.error?.reason).toBe('pages_incomplete');
    const refused = await run(plan(firstListed), [new DwsError('invalid_parameter', 'bad')]);
    expect(refused.error?.reason).toBe('invalid_parameter');
    const base = { cursor_arg: 'c', next: 'n', items: 'r', more: 'm', max_pages: 2, strict: true };
    const step = (record: unknown) => ({ facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: {}, page: { ...base, record } }] });
    expect(problemsOf(step({ at: 'l', failures: 'list', first_page: 'throw' })).join('\n')).toContain('record.first_page: only list');
  });

  it('is refused at build: the old record keys (report, record_at), a record without at or failures, missing_cursors that is not a list of trimmed texts', () => {
    const base = { cursor_arg: 'c', next: 'n', items: 'r', more: 'm', max_pages: 2 };
    const step = (page: Record<string, unknown>) => ({ facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: {}, page: { ...base, ...page } }] });
    expect(problemsOf(step({ strict: true, report: 'ledger' })).join('\n')).toContain('.report: the page record is written record: {at: <path>, failures: list | end}');
    expect(problemsOf(step({ record_at: '_page' })).join('\n')).toContain('.record_at: the page record is written record: {at: <path>, failures: list | end}');
    expect(problemsOf(step({ record: { at: 'ledger' } })).join('\n')).toContain('record: needs at (a path) and failures (list or end)');
    expect(problemsOf(step({ missing_cursors: [' 0'] })).join('\n')).toContain('missing_cursors');
    expect(problemsOf(step({ missing_cursors: '0' })).join('\n')).toContain('missing_cursors');
    expect(problemsOf(step({ strict: true, record: { at: 'ledger', failures: 'list' }, missing_cursors: ['0'] })).join('\n')).not.toMatch(/record|missing_cursors/u);
  });

  it('is refused at build: marks_in that is not a list of paths, more_from_cursor without strict and a page size, failure_as without tolerate_failure (branch f-chatpage)', () => {
    const base = { cursor_arg: 'c', next: ['n', 'next_n'], items: 'r', more: ['m', 'has_m'], max_pages: 2 };
    const plan = (page: Record<string, unknown>, step: Record<string, unknown> = {}) => ({ facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: {}, page: { ...base, ...page }, ...step }] });
    const problems = (p: unknown) => problemsOf(p).filter((x) => !x.includes('is not used by any step'));
    expect(problems(plan({ marks_in: 'result' })).join('\n')).toContain('marks_in: a non-empty list of paths ("" for the whole answer)');
    expect(problems(plan({ more_from_cursor: true })).join('\n')).toContain('more_from_cursor: goes with strict and a page size');
    expect(problems(plan({}, { failure_as: 'oops' })).join('\n')).toContain('failure_as: only with tolerate_failure');
    expect(problems(plan({ next: [] })).join('\n')).toContain('next: must be a path or a non-empty list of paths');
    expect(problems(plan({ marks_in: ['', 'result', 'data'], tuple_at: ['result'], strict: true, more_from_cursor: true, size_arg: 's', max_items: { const: 2 } }, { tolerate_failure: { flag: 'name' }, failure_as: 'a_failed' }))).toEqual([]);
  });
});

describe('chat message search-advanced --conversation-ids (branch f-chat3, the shipped plan)', () => {
  it('keeps the asked conversations\' messages of the unscoped pages and regroups them by conversation', async () => {
    const search = shippedEngine().tools().find((t) => t.canonical_path === 'chat.search_messages')!;
    const answers: unknown[] = [
      { result: {} }, { result: {} },
      { result: { conversationMessagesList: [{ openConversationId: 'cidA', messages: [{ openMessageId: 'm1' }] }, { openConversationId: 'cidX', messages: [{ openMessageId: 'm9' }] }], hasMore: true, nextCursor: 'c2' } },
      { result: { conversationMessagesList: [{ openConversationId: 'cidB', messages: [{ openMessageId: 'm2' }] }, { openConversationId: 'cidA', messages: [{ openMessageId: 'm1' }, { openMessageId: 'm3' }] }], hasMore: false } },
    ];
    const { calls, effects } = fake((_c, n) => answers[n]);
    const out = await executePlan(search, search.plan!, { 'conversation-ids': 'cidA,cidB', limit: 10 }, { env: {}, dryRun: false, effects });
    const result = ('result' in out ? out.result : undefined) as { result: { conversationMessagesList: unknown; hasMore: boolean } };
    expect(calls.map((c) => c.rpc)).toEqual(['get_conversation_info', 'get_conversation_info', 'search_messages', 'search_messages']);
    expect(calls[3].args).toEqual({ cursor: 'c2', limit: 9 });
    expect(result.result.hasMore).toBe(false);
    expect(result.result.conversationMessagesList).toEqual([
      { openConversationId: 'cidA', messages: [{ openConversationId: 'cidA', openMessageId: 'm1' }, { openConversationId: 'cidA', openMessageId: 'm3' }] },
      { openConversationId: 'cidB', messages: [{ openConversationId: 'cidB', openMessageId: 'm2' }] },
    ]);
  });
});
