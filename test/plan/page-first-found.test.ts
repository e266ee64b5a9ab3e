// page.record.first_found (branch h37-tbl, docs/PLANS.md "page" record): a value read from each page's answer that the
// record keeps from the first page giving one (upstream queryRecordWindow's totalCount, record_query_all.go:58-60
// @c7521c1c), through the real validator and executor with a fake effects port.
import { describe, expect, it } from 'vitest';
import { executePlan } from '../../src/plan/executor.js';
import { fake, planOf, problemsOf, tool } from './fake-plan.js';

function plan(firstFound: unknown) {
  return {
    facts: 't',
    steps: [{
      id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { q: { flag: 'name' } },
      page: { cursor_arg: 'cursor', next: 'next', items: 'rows', more: 'more', max_pages: 10, record: { at: 'paging', failures: 'list', first_found: firstFound } },
    }],
    output: { from: 'a', path: 'paging' },
  };
}

async function record(firstFound: unknown, pages: Record<string, unknown>[]) {
  const { effects } = fake((_c, n) => pages[n]);
  const out = await executePlan(tool(), planOf(plan(firstFound)), { name: 'x' }, { env: {}, dryRun: false, effects });
  return ('result' in out ? out.result : undefined) as Record<string, unknown>;
}

const total = { item: true, path: 'total', keep_null: true };

describe('page.record.first_found', () => {
  it('keeps each name\'s value from the first page that gives one, whatever later pages say', async () => {
    const r = await record({ total, kind: { item: true, path: 'kind' } }, [
      { rows: [1], more: true, next: 'c1' },
      { rows: [2], more: true, next: 'c2', total: 5 },
      { rows: [3], more: false, total: 9, kind: 'k' },
    ]);
    expect(r.firstFound).toEqual({ total: 5, kind: 'k' });
  });
  it('a null the source keeps is a value found; no page giving one leaves the record without firstFound', async () => {
    expect((await record({ total }, [{ rows: [1], more: true, next: 'c1', total: null }, { rows: [], more: false, total: 3 }])).firstFound).toEqual({ total: null });
    expect(await record({ total }, [{ rows: [1], more: false }])).not.toHaveProperty('firstFound');
  });
  it('is refused at build when it is not a non-empty map of sources', () => {
    expect(problemsOf(plan({})).join('\n')).toMatch(/record\.first_found/u);
    expect(problemsOf(plan('total')).join('\n')).toMatch(/record\.first_found/u);
    expect(problemsOf(plan({ total: { bogus: 1 } })).length).toBeGreaterThan(0);
  });
});
