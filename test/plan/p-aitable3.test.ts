// What the aitable commands the p-aitable3 pre-audit read send and print (issue 32), as upstream's bodies at c7521c1c
// do, run as a user types them against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-paitable3-');
const { sent } = outputs;

// The characters Go's strings.TrimSpace (unicode.IsSpace) removes, U+0085 and U+00A0 among them; U+FEFF is not one.
const GO_SPACES = [' ', '\t', '\n', '\v', '\f', '\r', '\u0085', '\u00a0', '\u2000', '\u3000'];

describe('aitable comma lists read as parseCSVValues reads them (helpers/contact.go:20-45)', () => {
  it('field get sends a --field-ids of only spaces as null, Go\'s nil slice, and one of commas as [] (aitable.go:1779-1781)', async () => {
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
