// The transforms `sheet_create_styles` and `first_filled_cell` (src/domain/sheet-create-styles.ts): upstream's
// --styles of sheet create-with-data checked as a whole and split into the arguments of each styling call, and the
// cell its read-back probes. The command against the recording backend is pinned by test/fixtures/calls/sheet.yaml.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstFilledCell, sheetCreateStyles, STYLE_TOOLS } from '../../src/domain/sheet-create-styles.js';

const calls = (styles: unknown, sheets?: unknown) => Object.fromEntries(STYLE_TOOLS.map((tool) => [tool, sheetCreateStyles({ styles, sheets, tool })]));

describe('sheet_create_styles', () => {
  it('splits one sheet\'s styles by tool, in upstream\'s order, leaving the sheet id to the plan with --values', () => {
    const out = calls({ styles: [{ cell_styles: [{ range: 'B2', fontColor: '#111111', font_line: 'underline', number_format: '0.00' }],
      row_sizes: [{ range: '5:3', type: 'AUTO' }], col_sizes: [{ range: 'Sheet1!b:B', type: 'pixel', size: 64 }], cell_merges: [{ range: 'A1:C1', merge_type: 'rows' }] }] });
    expect(out).toEqual({
      set_cell_range: [{ rangeAddress: 'B2', cells: [[{ cellStyles: { fontColor: '#111111', numberFormat: '0.00', textLineThrough: false, textUnderline: true } }]] }],
      update_dimension: [{ dimension: 'ROWS', sizeType: 'auto', startIndex: '3', length: 3 }, { dimension: 'COLUMNS', sizeType: 'pixel', pixelSize: 64, startIndex: 'B', length: 1 }],
      merge_cells: [{ rangeAddress: 'A1:C1', mergeType: 'mergeRows' }],
    });
  });

  it('names each table\'s sheet by its --sheets name, in order, in every accepted --sheets shape', () => {
    const styles = [{ name: 'a', cell_merges: [{ range: 'A1:B1' }] }, { name: 'b', cell_merges: [{ range: 'A1:B1', mergeType: 'mergeColumns' }] }];
    const want = [{ sheetId: 'a', rangeAddress: 'A1:B1', mergeType: 'mergeAll' }, { sheetId: 'b', rangeAddress: 'A1:B1', mergeType: 'mergeColumns' }];
    expect(sheetCreateStyles({ styles, sheets: [{ name: 'a' }, { name: 'b' }], tool: 'merge_cells' })).toEqual(want);
    expect(sheetCreateStyles({ styles: { styles }, sheets: { sheets: [{ name: 'a' }, { name: 'b' }] }, tool: 'merge_cells' })).toEqual(want);
    expect(sheetCreateStyles({ styles: [styles[0]], sheets: { name: 'a' }, tool: 'merge_cells' })).toEqual([want[0]]);
  });

  it('takes upstream\'s text values only when they are non-empty strings, first spelling first', () => {
    const [op] = sheetCreateStyles({ styles: [{ cell_styles: [{ range: 'A1', background_color: '', backgroundColor: 5, bgColor: '#FF0000', word_wrap: 'word-clip' }] }], tool: 'set_cell_range' });
    expect(op).toEqual({ rangeAddress: 'A1', cells: [[{ cellStyles: { backgroundColor: '#FF0000', wordWrap: 'clip' } }]] });
  });

  it('refuses every bad item whichever tool is asked for, naming it', () => {
    const bad: [unknown, RegExp][] = [
      ['x', /give \{"styles"/u], [{ style: [] }, /"styles" list/u], [[], /empty/u], [[{}, {}], /takes 1 item/u], [[{ name: 'x' }], /at least one/u],
      [[{ cell_styles: [{ range: 'A1', colour: 'red' }] }], /cell_styles\[0\]: unknown key "colour"/u],
      [[{ cell_styles: [{ range: 'A1', font_size: 'big' }] }], /font_size/u],
      [[{ cell_styles: [{ range: 'A1', h_align: 'left' }] }], /unknown key/u],
      [[{ cell_styles: [{ range: 'A1', hAlign: 'justify' }] }], /cell_styles\[0\]/u],
      [[{ row_sizes: [{ range: '1:x', size: 3 }] }], /row range/u],
      [[{ col_sizes: [{ range: 'A1:B1', size: 3 }] }], /column range/u],
      [[{ col_sizes: [{ range: 'A:B', type: 'standard', size: 3 }] }], /takes no size/u],
      [[{ row_sizes: [{ range: '1:2', size: 2 ** 31 }] }], /out of range/u],
      [[{ cell_merges: [{ range: 'A1:B1', merge_type: 'diagonal' }] }], /merge_type/u],
      [[{ cell_merges: [{ merge_type: 'all' }] }], /no range/u],
    ];
    for (const [styles, message] of bad) {
      for (const tool of STYLE_TOOLS) expect(() => sheetCreateStyles({ styles, tool })).toThrow(message);
    }
    expect(() => sheetCreateStyles({ styles: [{ name: 'b', cell_merges: [{ range: 'A1' }] }], sheets: [{ name: 'a' }], tool: 'merge_cells' })).toThrow(/not --sheets\[0\]\.name/u);
  });

  it('reads any row pair and any column pair as its first index and count', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }), (a, b) => {
      const [op] = sheetCreateStyles({ styles: [{ row_sizes: [{ range: ` ${a} : ${b} `, size: 10 }] }], tool: 'update_dimension' });
      expect(op).toMatchObject({ startIndex: String(Math.min(a, b)), length: Math.abs(a - b) + 1 });
    }));
    const letters = (n: number): string => (n < 26 ? String.fromCharCode(65 + n) : letters(Math.floor(n / 26) - 1) + String.fromCharCode(65 + (n % 26)));
    fc.assert(fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 20_000 }), (a, b) => {
      const [op] = sheetCreateStyles({ styles: [{ col_sizes: [{ range: `${letters(a).toLowerCase()}:${letters(b)}`, size: 10 }] }], tool: 'update_dimension' });
      expect(op).toMatchObject({ startIndex: letters(Math.min(a, b)), length: Math.abs(a - b) + 1 });
    }));
  });
});

describe('first_filled_cell', () => {
  it('is the first cell, row by row, that is not null or empty text', () => {
    expect(firstFilledCell([['', null], [null, '', 0]])).toBe('C2');
    expect(firstFilledCell([[], ['', false]])).toBe('B2');
    expect(firstFilledCell([['']])).toBe('A1');
    expect(firstFilledCell([Array(27).fill(''), [], Array(27).fill('').concat(['x'])])).toBe('AB3');
  });

  it('names the cell it finds', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 800 }), (row, col) => {
      const rows = Array.from({ length: row + 1 }, (_, i) => (i === row ? [...Array(col).fill(null), 'v'] : ['', null]));
      const letters = (n: number): string => (n < 26 ? String.fromCharCode(65 + n) : letters(Math.floor(n / 26) - 1) + String.fromCharCode(65 + (n % 26)));
      expect(firstFilledCell(rows)).toBe(`${letters(col)}${row + 1}`);
    }));
  });
});
