// What the aitable commands the p-aitable3 pre-audit read send and print (issue 32), as upstream's bodies at c7521c1c
// do, run as a user types them against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { GO_SPACES } from '../go-spaces.js';

const outputs = useOutputRuns('dws-paitable3-');
const { sent } = outputs;

// The characters Go's strings.TrimSpace (unicode.IsSpace) removes, U+0085 and U+00A0 among them; U+FEFF is not one.

describe('aitable comma lists read as parseCSVValues reads them (helpers/contact.go:20-45)', () => {
  it('field get sends a --field-ids of only spaces as null, Go\'s nil slice, and one of commas as [] (aitable.go:1781-1783)', async () => {
    outputs.answer('aitable/get_fields', { data: { fields: [] } });
    expect(await sent(['aitable', 'field', 'get', '--base-id', 'b1', '--table-id', 't1', '--field-ids', ' \u0085 '])).toEqual({
      reason: undefined, category: undefined,
      calls: [['aitable/get_fields', { baseId: 'b1', tableId: 't1', fieldIds: null }]],
      printed: { data: { fields: [] } },
    });
    expect((await sent(['aitable', 'field', 'get', '--base-id', 'b1', '--table-id', 't1', '--field-ids', ' , '])).calls)
      .toEqual([['aitable/get_fields', { baseId: 'b1', tableId: 't1', fieldIds: [] }]]);
  });

  it('a list of Go spaces is null and one holding a comma is [] for every such spelling (property)', async () => {
    const spaces = fc.array(fc.constantFrom(...GO_SPACES), { minLength: 1, maxLength: 6 }).map((xs) => xs.join(''));
    await fc.assert(fc.asyncProperty(spaces, spaces, async (a, b) => {
      const blank = await sent(['aitable', 'record', 'get', '--base-id', 'b1', '--table-id', 't1', '--record-ids', 'r1', '--field-ids', a]);
      expect(blank.calls).toEqual([['aitable/query_records', { baseId: 'b1', tableId: 't1', recordIds: ['r1'], fieldIds: null }]]);
      const commas = await sent(['aitable', 'record', 'query', '--base-id', 'b1', '--table-id', 't1', '--record-ids', `${a},${b}`]);
      expect(commas.calls).toEqual([['aitable/query_records', { baseId: 'b1', tableId: 't1', recordIds: [] }]]);
    }), { numRuns: 15 });
  });

  it('a list led by U+FEFF is not blank to Go: the id is sent as it is', async () => {
    expect((await sent(['aitable', 'field', 'list', '--base-id', 'b1', '--table-id', 't1', '--field-ids', '\ufeff'])).calls)
      .toEqual([['aitable/get_fields', { baseId: 'b1', tableId: 't1', fieldIds: ['\ufeff'] }]]);
  });
});

describe('aitable record query --sort decodes as []map[string]any (aitable.go:2177-2190)', () => {
  it('sends a null element as null beside the others, order renamed direction where direction is absent', async () => {
    const sort = '[{"fieldId":"f1","order":"desc"},null]';
    expect((await sent(['aitable', 'record', 'query', '--base-id', 'b1', '--table-id', 't1', '--sort', sort])).calls)
      .toEqual([['aitable/query_records', { baseId: 'b1', tableId: 't1', sort: [{ fieldId: 'f1', direction: 'desc' }, null] }]]);
  });

  it('leaves the sort out when an element is text, a number, a boolean or a list (the decoding fails)', async () => {
    for (const bad of ['"f1"', '1', 'true', '[]']) {
      expect((await sent(['aitable', 'record', 'query', '--base-id', 'b1', '--table-id', 't1', '--sort', `[{"fieldId":"f1"},${bad}]`])).calls)
        .toEqual([['aitable/query_records', { baseId: 'b1', tableId: 't1' }]]);
    }
  });
});

describe('the atomic aitable commands print the answer as callMCPTool renders it (helpers.go:429-454)', () => {
  it('record query without --all prints the one page as it came, hasMore and cursor included', async () => {
    const page = { data: { records: [{ recordId: 'r1', cells: { f1: 1 } }], hasMore: true, nextCursor: 'c2' } };
    outputs.answer('aitable/query_records', page);
    expect(await sent(['aitable', 'record', 'query', '--base-id', 'b1', '--table-id', 't1'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['aitable/query_records', { baseId: 'b1', tableId: 't1' }]],
      printed: page,
    });
  });

  it('dashboard share update prints the answer and sends the parsed --enabled', async () => {
    const answer = { success: true, data: { enabled: false } };
    outputs.answer('aitable/update_dashboard_share', answer);
    expect(await sent(['aitable', 'dashboard', 'share', 'update', '--base-id', 'b1', '--dashboard-id', 'd1', '--enabled', ' 0 '])).toEqual({
      reason: undefined, category: undefined,
      calls: [['aitable/update_dashboard_share', { baseId: 'b1', dashboardId: 'd1', enabled: false }]],
      printed: answer,
    });
  });
});

describe('aitable record query --all reads as upstream recordQueryFetchAll and paging.FetchAll (aitable.go:197-304, paging.go:128-271)', () => {
  const query = ['aitable', 'record', 'query', '--base-id', 'b1', '--table-id', 't1', '--all'];
  const { paged } = outputs;

  it('follows the next cursor past hasMore false until a page gives none and prints the complete result', async () => {
    const run = await paged(query, 'aitable/query_records', [
      { data: { records: [{ recordId: 'r1' }], hasMore: false, nextCursor: 'c2', totalCount: 3 } },
      { records: [{ recordId: 'r2' }], nextCursor: '  ', cursor: 'c3', totalCount: 9 },
      { data: { records: [{ recordId: 'r3' }], hasMore: false, totalCount: null } },
    ]);
    expect(run).toEqual({
      printed: { data: { records: [{ recordId: 'r1' }, { recordId: 'r2' }, { recordId: 'r3' }], fetchedCount: 3, hasMore: false, complete: true, pages: 3, totalCount: 3 } },
      envelope: undefined, exit: 0,
      sent: [{ baseId: 'b1', tableId: 't1' }, { baseId: 'b1', tableId: 't1', cursor: 'c2' }, { baseId: 'b1', tableId: 't1', cursor: 'c3' }],
    });
  });

  it('fails with the records read when hasMore is true without a cursor (parseRecordQueryPage :286-289)', async () => {
    const run = await paged(query, 'aitable/query_records', [
      { data: { records: [{ recordId: 'r1' }], nextCursor: 'c2' } },
      { data: { records: [{ recordId: 'r2' }], hasMore: true, nextCursor: '' } },
    ]);
    expect(run.exit).toBe(1);
    expect(run.envelope?.error.reason).toBe('pages_incomplete');
    expect((run.envelope as unknown as { partial: unknown }).partial).toEqual({
      records: [{ recordId: 'r1' }], fetchedCount: 1, pages: 1, attempts: 2, complete: false, hasMore: true, stopReason: 'fetch_error', cursor: 'c2',
    });
  });

  it('fails on a cursor met before, the one the run started from included (FetchAll :228-254)', async () => {
    const run = await paged([...query, '--cursor', 'c0'], 'aitable/query_records', [
      { data: { records: [{ recordId: 'r1' }], nextCursor: 'c1' } },
      { data: { records: [], nextCursor: 'c0' } },
    ]);
    expect(run.sent).toEqual([{ baseId: 'b1', tableId: 't1', cursor: 'c0' }, { baseId: 'b1', tableId: 't1', cursor: 'c1' }]);
    expect((run.envelope as unknown as { partial: { stopReason: string; cursor: string; pages: number } }).partial)
      .toMatchObject({ stopReason: 'cursor_cycle', cursor: 'c0', pages: 2 });
  });

  it('fails when --page-limit pages were read with a cursor left, naming the cursor to resume from (:257-269)', async () => {
    const run = await paged([...query, '--page-limit', '1'], 'aitable/query_records', [{ data: { records: [{ recordId: 'r1' }], nextCursor: 'c2', totalCount: 7 } }]);
    expect(run.sent).toHaveLength(1);
    expect((run.envelope as unknown as { partial: unknown }).partial).toEqual({
      records: [{ recordId: 'r1' }], fetchedCount: 1, pages: 1, attempts: 1, complete: false, hasMore: true, stopReason: 'page_limit', cursor: 'c2', totalCount: 7,
    });
  });

  it('refuses a page it cannot read: data not an object, no records, a record not an object, a bad totalCount (:254-302)', async () => {
    for (const page of [{ data: [] }, { data: { hasMore: false } }, { records: [{ recordId: 'r1' }, 'r2'] }, { records: [], totalCount: -1 }, { records: [], totalCount: '5' }, { records: [], totalCount: 1.5 }]) {
      const run = await paged(query, 'aitable/query_records', [page]);
      expect([run.exit, run.envelope?.error.reason, run.printed]).toEqual([1, 'pages_incomplete', undefined]);
    }
  });
});
