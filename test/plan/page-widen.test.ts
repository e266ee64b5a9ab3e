// page.widen and the page record (branch f-chatlist; one record key since f-chatpage, docs/PLANS.md "page"): upstream +chat-list's max-window re-read
// (internal/shortcut/chat/lark_alignment.go:1101-1129@c7521c1c) and the run's record its ledger is printed from,
// through the real validator and executor with a fake effects port.
import { describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { executePlan } from '../../src/plan/executor.js';
import { fake, planOf, problemsOf, tool } from './fake-plan.js';

function plan(page: Record<string, unknown> = {}) {
  return {
    facts: 't',
    steps: [{
      id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { size: { const: 2 }, q: { flag: 'name' } },
      page: {
        cursor_arg: 'cursor', next: 'next', items: 'rows', more: 'more', max_pages: 5,
        unique: { item: true, path: 'id', transform: ['to_string'] }, widen: { arg: 'size', to: 4 }, record: { at: '_page', failures: 'end' }, ...page,
      },
    }],
  };
}

async function run(p: unknown, pages: Record<string, unknown>[]) {
  const { calls, effects } = fake((_c, n) => pages[n] ?? { rows: [], more: false });
  const planned = planOf(p);
  try {
    const out = await executePlan(tool(), planned, { name: 'x' }, { env: {}, dryRun: false, effects });
    return { calls, result: ('result' in out ? out.result : {}) as { rows: { id: number }[]; _page: Record<string, unknown> }, error: undefined };
  } catch (e) {
    if (!(e instanceof DwsError)) throw e;
    return { calls, result: undefined, error: e };
  }
}

const full = { rows: [{ id: 1 }, { id: 2 }], more: false };

describe('page.widen', () => {
  it('reads a full first page that says no more once again with the wider size, keeping its rows and dropping repeats', async () => {
    const { calls, result, error } = await run(plan(), [full, { rows: [{ id: 1 }, { id: 2 }, { id: 3 }], more: false }]);
    expect(error).toBeUndefined();
    expect(calls.map((c) => c.args.size)).toEqual([2, 4]);
    expect(result!.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(result!._page).toEqual({ complete: true, hasMore: false, pagesFetched: 2, stopReason: 'source_complete', failedCount: 0, failures: [], marked: true, pageSize: 4, widened: true, full: false, last: { overflow: false } });
  });
  it('a short first page, or a full one with a next cursor, is not re-read', async () => {
    expect((await run(plan(), [{ rows: [{ id: 1 }], more: false }])).calls).toHaveLength(1);
    const cursor = await run(plan(), [{ ...full, next: 'c9' }]);
    expect(cursor.calls).toHaveLength(1);
    expect(cursor.result!._page).toMatchObject({ pagesFetched: 1, pageSize: 2, widened: false, full: false, stopReason: 'source_complete' });
  });
  it('a full end at the wider size, or a full first page it may not re-read with pages left, is pages_incomplete', async () => {
    const still = await run(plan(), [full, { rows: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }], more: false }]);
    expect(still.error?.reason).toBe('pages_incomplete');
    expect(still.calls).toHaveLength(2);
    const barred = await run(plan({ widen: { arg: 'size', to: 4, reread: { equals: [{ flag: 'name' }, 'y'] } } }), [full]);
    expect(barred.error?.reason).toBe('pages_incomplete');
    expect(barred.calls).toHaveLength(1);
  });
  it('with one page wanted a full page just ends; with its when not holding nothing changes', async () => {
    const one = await run(plan({ pages: { const: 1 } }), [full]);
    expect(one.error).toBeUndefined();
    expect(one.calls).toHaveLength(1);
    const off = await run(plan({ widen: { arg: 'size', to: 4, when: { equals: [{ flag: 'name' }, 'y'] } } }), [full]);
    expect(off.error).toBeUndefined();
    expect(off.calls).toHaveLength(1);
  });
  it('is refused at build without more or without a positive to, and a record needs at and failures', () => {
    const base = { facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: {}, page: { cursor_arg: 'c', next: 'n', items: 'r', max_pages: 2, widen: { arg: 'size', to: 4 } } }] };
    expect(problemsOf(base).join('\n')).toContain('widen: needs more');
    const bad = plan({ widen: { arg: 'size', to: 0 }, record: { at: 'a.b', failures: 'keep' } });
    expect(problemsOf(bad).join('\n')).toMatch(/widen: needs arg[\s\S]*record: needs at \(a path\) and failures \(list or end\)/u);
  });
});
