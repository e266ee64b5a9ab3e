// The transform `sheet_batch_operations` (src/domain/sheet-batch.ts): sheet command names and their flag keys become
// the MCP tools and camelCase arguments upstream's batchOpDispatch builds; anything outside the table is refused.
// The command against the recording backend is pinned by test/fixtures/calls/sheet.yaml (sheet.batch_update).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BATCH_COMMANDS, sheetBatchOperations } from '../../src/domain/sheet-batch.js';
import { goNumberText } from '../../src/go-fmt.js';

const noFile = (p: string): string => {
  throw new Error(`unexpected read of ${p}`);
};
const one = (toolName: string, input: unknown, read = noFile) => sheetBatchOperations([{ toolName, input }], read)[0] as { toolName: string; input: Record<string, unknown> };

describe('sheet_batch_operations', () => {
  it('translates every command name of upstream\'s table to its MCP tool', () => {
    const tools = BATCH_COMMANDS.map((name) => one(name, { 'sheet-id': 'S', range: 'A1', options: [{ value: 'x' }] }).toolName);
    expect(tools).toEqual(['clear_range', 'set_cell_range', 'merge_range', 'unmerge_range', 'fill_range', 'copy_range', 'add_dimension',
      'delete_dimension', 'move_dimension', 'insert_dropdown_lists', 'delete_dropdown_lists', 'set_range_from_csv', 'delete_float_image',
      'update_dimension', 'group_dimension', 'ungroup_dimension']);
  });

  it('refuses every other name, the MCP tool names included', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.constantFrom('clear_range', 'Range Clear', 'range  clear', 'toString', '__proto__')), (name) => {
      fc.pre(!BATCH_COMMANDS.includes(name));
      expect(() => one(name, {})).toThrow(/unsupported toolName/u);
    }));
    expect(() => sheetBatchOperations([{ input: {} }], noFile)).toThrow(/unsupported toolName null/u);
  });

  it('formats text keys as Go\'s %v and refuses null, lists and objects there', () => {
    expect(one('unmerge-cells', { 'sheet-id': 7, range: true }).input).toEqual({ sheetId: '7', range: 'true' });
    expect(one('update-dimension', { 'start-index': 1_000_000, dimension: 'columns' }).input).toEqual({ sheetId: '', dimension: 'COLUMNS', startIndex: '1e+06', length: 0 });
    for (const bad of [null, ['A1'], { a: 1 }]) expect(() => one('unmerge-cells', { range: bad })).toThrow(/input\["range"\]/u);
  });

  it('reads integers as upstream\'s batchInt: the first present key, truncated numbers, leading digits of text, else 0', () => {
    const move = (input: Record<string, unknown>) => one('move-dimension', input).input;
    expect(move({ 'start-index': 2.9, startIndex: 5, 'end-index': '-3x', destinationIndex: 'x' })).toEqual({ sheetId: '', dimension: '', startIndex: 2, endIndex: -3, destinationIndex: 0 });
    expect(one('delete-dimension', { position: null, startIndex: 4 }).input.startIndex).toBe(0);
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.string(), (n, tail) => {
      expect(one('add-dimension', { length: ` ${n}${/^\d/u.test(tail) ? '' : tail}` }).input.length).toBe(n);
    }));
  });

  it('leaves optional keys out unless upstream sends them', () => {
    expect(one('range fill', { 'fill-type': '' }).input).toEqual({ sheetId: '', sourceRange: '', destinationRange: '' });
    expect(one('update-dimension', { 'pixel-size': '0', hidden: null }).input).toEqual({ sheetId: '', dimension: '', startIndex: '', length: 0, hidden: null });
    expect(one('range clear', { type: null }).input.type).toBe('content');
    expect(one('group-dimension', { groupState: 'fold' }).input.groupState).toBe('fold');
  });

  it('checks set-dropdown as upstream does', () => {
    const ok = one('set-dropdown', { range: 'A1', 'source-range': 'B1:B3', 'source-sheet-id': 'S2', 'multi-select': false }).input;
    expect(ok).toEqual({ sheetId: '', range: 'A1', sourceRange: { sheetId: 'S2', a1Notation: 'B1:B3' }, enableMultiSelect: false });
    for (const input of [{}, { options: [], 'source-range': 'B1', 'source-sheet-id': 'S' }, { options: [], 'source-colors': [] }, { 'source-range': 'B1' },
      { 'source-range': 'B1', 'source-sheet-id': ' ' }, { 'source-range': '=B1', 'source-sheet-id': 'S' }, { 'source-range': 'B1,C1', 'source-sheet-id': 'S' }]) {
      expect(() => one('set-dropdown', input)).toThrow(/set-dropdown|source-/u);
    }
    expect(one('set-dropdown', { options: null, 'source-range': 'B1', 'source-sheet-id': 'S' }).input.sourceRange).toEqual({ sheetId: 'S', a1Notation: 'B1' });
  });

  it('reads a csv-put @file through the caller and strips carriage returns and a leading byte-order mark', () => {
    const read = (p: string) => (p === 'a.csv' ? '\uFEFFx,y\r\n1,2\r\n' : noFile(p));
    expect(one('csv-put', { csv: '@a.csv' }, read).input.csv).toBe('x,y\n1,2\n');
    expect(one('csv-put', { csv: '\uFEFFa\r\nb' }).input).toEqual({ sheetId: '', csv: 'a\nb', startCell: '' });
    expect(() => one('csv-put', { csv: '-' })).toThrow(/standard input/u);
  });

  it('refuses what is not a list of objects, naming the operation', () => {
    expect(() => sheetBatchOperations({ toolName: 'range clear' }, noFile)).toThrow(/not a JSON list/u);
    expect(() => sheetBatchOperations([{ toolName: 'range clear', input: {} }, 3], noFile)).toThrow(/--operations\[1\]/u);
  });
});

describe('goNumberText (Go %v of a float64)', () => {
  it('prints exponent form from 1e+06 up and below 1e-04', () => {
    expect([0, 5, -42, 123456, 1e6, 1234567, 1.5, 0.0001, 0.00001, 1.5e-7, 1e21, -2.5e8].map(goNumberText))
      .toEqual(['0', '5', '-42', '123456', '1e+06', '1.234567e+06', '1.5', '0.0001', '1e-05', '1.5e-07', '1e+21', '-2.5e+08']);
  });

  it('gives back the number it prints, a negative zero\'s sign included (Go\'s %v writes "-0"; h53-left)', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
      expect(Number(goNumberText(n))).toBe(n);
    }));
  });
});
