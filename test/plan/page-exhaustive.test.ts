// Range paging, a page view and the exhaustive read (docs/PLANS.md "page"), and a poll whose read pages (docs/PLANS.md
// "Step kinds", poll): upstream readAllDocumentBlocks (content_shortcuts.go:827-866@c7521c1c) reads a list by
// startIndex/endIndex windows until a page proves the end, and readDocVerification (:778) repeats that whole read on
// its timetable. Through the real validator and executor with a fake effects port.
import { describe, expect, it } from 'vitest';
import { problemsOf, run } from './fake-plan.js';
import type { BackendCall } from '../../src/plan/effects.js';

const ranged = (page: Record<string, unknown> = {}, poll?: Record<string, unknown>) => ({
  facts: 'test plan',
  steps: [{
    id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } },
    page: { offset_arg: 'startIndex', end_arg: 'endIndex', page_size: 2, max_pages: 4, items: 'list', more: 'more', total: 'total', page_key: 'key', exhaustive: true, ...page },
    ...(poll ? { poll } : {}),
  }],
});
/** Pages given by start index; a start with no page answers {}. */
const pages = (byStart: Record<number, unknown>) => (c: BackendCall) => byStart[c.args.startIndex as number] ?? {};
const windows = (calls: BackendCall[]) => calls.map((c) => [c.args.startIndex, c.args.endIndex]);
const failure = async (p: Promise<unknown>) => p.then(() => undefined, (e: Error & { reason?: string }) => `${e.reason}: ${e.message}`);

describe('range paging with an exhaustive read', () => {
  it('sends [n * size, n * size + size - 1] and ends where more is false', async () => {
    const r = await run(ranged(), { name: 'a' }, pages({ 0: { list: [1, 2], more: true }, 2: { list: [3], more: true }, 4: { list: [4, 5], more: false } }));
    // a short page saying more goes on: only a page that does not say ends at its length
    expect(windows(r.calls)).toEqual([[0, 1], [2, 3], [4, 5]]);
    expect(r.result).toEqual({ list: [1, 2, 3, 4, 5], more: false });
  });
  it('without more, ends at the total or at a short page', async () => {
    expect(windows((await run(ranged(), { name: 'a' }, pages({ 0: { list: [1, 2] }, 2: { list: [3, 4], total: 4 } }))).calls)).toEqual([[0, 1], [2, 3]]);
    expect(windows((await run(ranged(), { name: 'a' }, pages({ 0: { list: [1, 2] }, 2: { list: [3] } }))).calls)).toEqual([[0, 1], [2, 3]]);
  });
  it('fails a page without a list, a page saying more with no item, a repeated page and a list longer than max_pages pages', async () => {
    expect(await failure(run(ranged(), { name: 'a' }, pages({ 0: { list: [1, 2] }, 2: { other: [] } })))).toMatch(/^pages_incomplete: .*page 2 holds no list at list/u);
    expect(await failure(run(ranged(), { name: 'a' }, pages({ 0: { list: [], more: true } })))).toMatch(/page 1 says more follow but holds no item/u);
    expect(await failure(run(ranged(), { name: 'a' }, pages({ 0: { list: [1, 2], key: 'k' }, 2: { list: [1, 2], key: 'k' } })))).toMatch(/page 2 repeats an earlier page/u);
    const endless = await run(ranged({ max_pages: 3 }), { name: 'a' }, () => ({ list: [0, 0] })).catch((e: Error) => e);
    expect(String(endless)).toMatch(/3 page\(s\) read without the list's end/u);
  });
  it('reads each page through the view before items, more, total and the key', async () => {
    const r = await run(ranged({ view: { item: true, path: 'result' } }), { name: 'a' }, pages({ 0: { result: { list: [1], more: false } } }));
    expect(r.result).toEqual({ list: [1], more: false });
  });
  it('is checked at build', () => {
    expect(problemsOf(ranged({ page_size: undefined }))).toEqual([expect.stringContaining('offset_arg: needs page_size')]);
    expect(problemsOf(ranged({ exhaustive: undefined }))).toEqual([expect.stringContaining('total: only with exhaustive'), expect.stringContaining('page_key: only with exhaustive')]);
    expect(problemsOf(ranged({ offset_arg: undefined, end_arg: undefined, cursor_arg: 'c', next: 'n', total: undefined, page_key: undefined }))).toEqual([expect.stringContaining('exhaustive: only with page-number or range paging')]);
    expect(problemsOf(ranged({ exhaustive: true, strict: true }))).toEqual([expect.stringContaining('exhaustive: does not combine with strict')]);
  });
});

describe('a poll whose read pages', () => {
  const poll = { until: { holds: { has: [{ item: true, path: 'list' }, 9] } }, delays_ms: [10, 20], verify: true };
  it('reads every page at each attempt, numbering the pages on from attempt * max_pages', async () => {
    let attempt = 0;
    const r = await run(ranged({}, poll), { name: 'a' }, (c) => {
      if (c.args.startIndex === 0) attempt++;
      return c.args.startIndex === 0 ? { list: [1, 2], more: true } : { list: attempt < 2 ? [3] : [9], more: false };
    });
    expect(r.waits).toEqual([10]);
    expect(r.calls.map((c) => c.page)).toEqual([0, 1, 4, 5]);
    expect(r.result).toEqual({ list: [1, 2, 9], more: false });
  });
  it('tries a read that cannot reach the end again, and after the last attempt reports its failure', async () => {
    let n = 0;
    const r = await run(ranged({}, poll), { name: 'a' }, () => (n++ === 0 ? { none: true } : { list: [9], more: false }));
    expect(r.waits).toEqual([10]);
    expect(r.calls.length).toBe(2);
    expect(await failure(run(ranged({}, poll), { name: 'a' }, () => ({ none: true })))).toMatch(/^pages_incomplete: /u);
    expect(await failure(run(ranged({}, poll), { name: 'a' }, () => ({ list: [1], more: false })))).toMatch(/^verification_failed: /u);
  });
});
