// The eighteenth audit, part a (seed 20261219, notes/audit-30r-a.md): its fixed commands run as a user types them
// against the recording backend on 127.0.0.1. The calls are also pinned by the `a-r1:` cases of
// test/fixtures/calls/{aitable,sheet}.yaml.
//
// sheet filter-view get-criteria reads column 0 when --column is not given (pflag Int default 0,
// sheet_filter_view.go:1181@c7521c1c) and prints a criterion holding null (:155-161); aitable record
// create/update/upsert trim the --records-file path and the file's text (resolveRecordsFlag, aitable.go:63-89) and send
// JSON null records as null (:2306-2321, :2384-2397); sheet range update checks every style object as
// validateComplexValueStyle (sheet_validate.go:17-47) and a cell's pieces only when it is a richText cell (:163-177).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { mcp, answer, run, sent } = useOutputRuns('dws-audit30r-a-');

describe('sheet filter-view get-criteria without --column', () => {
  it('prints the criterion of column 0, as upstream\'s Int flag defaults to 0', async () => {
    answer('sheet/get_filter_views', { result: { filterViews: [{ id: 'V1', criteria: { 0: { type: 'values', values: ['a'] }, 2: { type: 'x' } } }] } });
    expect(await run(['sheet', 'filter-view', 'get-criteria', '--node', 'N1', '--sheet-id', 'S1', '--filter-view-id', 'V1'])).toEqual({ type: 'values', values: ['a'] });
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ nodeId: 'N1', sheetId: 'S1' }]);
  });

  it('prints null for a criterion key holding null and refuses criteria that are empty or not an object', async () => {
    const argv = ['sheet', 'filter-view', 'get-criteria', '--node', 'N1', '--sheet-id', 'S1', '--filter-view-id', 'V1', '--column', '1'];
    const outcomes = [];
    for (const criteria of [{ 1: null }, {}, [{ a: 1 }], { 2: 'x' }, 'x']) {
      answer('sheet/get_filter_views', { result: { filterViews: [{ id: 'V1', criteria }] } });
      const { reason, printed } = await sent(argv);
      outcomes.push({ criteria, reason, printed });
    }
    expect(outcomes).toEqual([
      { criteria: { 1: null }, reason: undefined, printed: null },
      { criteria: {}, reason: 'invalid_parameter', printed: undefined },
      { criteria: [{ a: 1 }], reason: 'invalid_parameter', printed: undefined },
      { criteria: { 2: 'x' }, reason: 'invalid_parameter', printed: undefined },
      { criteria: 'x', reason: 'invalid_parameter', printed: undefined },
    ]);
  });
});

describe('aitable record --records-file and JSON null records', () => {
  const RECORDS = '[{"recordId":"r1","cells":{"f1":"a"}}]';
  it('reads a padded path and a file padded with Go spaces (update, create, upsert)', async () => {
    const files = { 'r.json': `\u3000${RECORDS}\u00a0\n` };
    const lines: [string[], string][] = [
      [['aitable', 'record', 'update', '--base-id', 'b1', '--table-id', 't1', '--records-file', ' r.json ', '--yes'], 'aitable/update_records'],
      [['aitable', 'record', 'create', '--base-id', 'b1', '--table-id', 't1', '--records-file', 'r.json\t'], 'aitable/create_records'],
      [['aitable', 'record', 'upsert', '--base-id', 'b1', '--table-id', 't1', '--records-file', ' r.json', '--yes'], 'aitable-helper/record_upsert'],
    ];
    for (const [argv, tool] of lines) {
      mcp.calls.length = 0;
      await run(argv, files);
      expect(mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments])).toEqual([[tool, { baseId: 'b1', tableId: 't1', records: JSON.parse(RECORDS) }]]);
    }
  });

  it('sends records: null for JSON null from --records or hidden --fields', async () => {
    for (const spelling of [['--records', ' null '], ['--fields', 'null']]) {
      for (const verb of ['update', 'create']) {
        const { reason, calls } = await sent(['aitable', 'record', verb, '--base-id', 'b1', '--table-id', 't1', ...spelling, '--yes']);
        expect({ verb, spelling, reason, calls }).toEqual({ verb, spelling, reason: undefined, calls: [[`aitable/${verb}_records`, { baseId: 'b1', tableId: 't1', records: null }]] });
      }
    }
  });

  it('still refuses a records-file path of only spaces, --records notwithstanding, and upsert\'s null', async () => {
    expect((await sent(['aitable', 'record', 'update', '--base-id', 'b1', '--table-id', 't1', '--records-file', '   ', '--records', '[]', '--yes'])).calls).toEqual([]);
    expect(await sent(['aitable', 'record', 'upsert', '--base-id', 'b1', '--table-id', 't1', '--records', 'null', '--yes'])).toMatchObject({ reason: 'invalid_parameter', calls: [] });
  });
});

// validateComplexValueStyle (sheet_validate.go:17-47@c7521c1c), written out as the model the runs are held to.
const KINDS: Record<string, (v: unknown) => boolean> = {
  bold: (v) => typeof v === 'boolean', italic: (v) => typeof v === 'boolean', underline: (v) => typeof v === 'boolean',
  strike: (v) => typeof v === 'boolean', color: (v) => typeof v === 'string', size: (v) => typeof v === 'number',
};
const goAcceptsStyle = (style: Record<string, unknown>) => Object.entries(style).every(([k, v]) => Object.hasOwn(KINDS, k) && KINDS[k](v));

describe('sheet range update style objects (validateComplexValueStyle)', () => {
  const argv = (values: unknown) => ['sheet', 'range', 'update', '--node', 'N1', '--sheet-id', 'S1', '--range', 'A1', '--values', JSON.stringify(values)];
  it('sends a style exactly when upstream accepts it, in a text cell and in a text or link piece (property)', async () => {
    const value = fc.oneof(fc.boolean(), fc.integer({ min: -5, max: 40 }), fc.constantFrom('#f00', '', null), fc.constant([]), fc.constant({}));
    const style = fc.dictionary(fc.constantFrom('bold', 'italic', 'underline', 'strike', 'color', 'size', 'fontSize', 'Bold'), value, { maxKeys: 4 });
    const where = fc.constantFrom('cell', 'text piece', 'link piece');
    await fc.assert(fc.asyncProperty(style, where, async (s, w) => {
      const cell = w === 'cell'
        ? { type: 'text', text: 'a', style: s }
        : { type: 'richText', texts: [w === 'text piece' ? { type: 'text', text: 'a', style: s } : { type: 'link', text: 'a', link: 'https://x', style: s }] };
      const { reason, calls } = await sent(argv([[cell]]));
      const want = goAcceptsStyle(s) ? { reason: undefined, calls: [['sheet/set_cell_range', { nodeId: 'N1', sheetId: 'S1', rangeAddress: 'A1', cells: [[cell]] }]] } : { reason: 'invalid_parameter', calls: [] };
      expect({ s, w, reason, calls }).toEqual({ s, w, ...want });
    }), { numRuns: 40 });
  });

  it('does not read a texts key on a text cell, and still checks a richText cell\'s pieces', async () => {
    const textCell = { type: 'text', text: 'a', texts: [1] };
    expect(await sent(argv([[textCell]]))).toMatchObject({ reason: undefined, calls: [['sheet/set_cell_range', { cells: [[textCell]] }]] });
    expect(await sent(argv([[{ type: 'richText', texts: [1] }]]))).toMatchObject({ reason: 'invalid_parameter', calls: [] });
  });
});
