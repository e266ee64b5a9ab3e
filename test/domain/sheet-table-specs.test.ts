// sheet create-with-data's --sheets contract, --values limits and read-back probes (src/domain/sheet-table-specs.ts),
// as upstream's helpers/sheet_create_with_data.go@c7521c1c checks them before anything is created.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowsToCsv } from '../../src/domain/csv.js';
import { sheetCsvFilled, sheetTableProbes, sheetTableSpecs, sheetValuesBudget } from '../../src/domain/sheet-table-specs.js';

const cell = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
/** A sheet table_put takes: distinct trimmed column names, rows as wide as the columns, dtypes keyed by columns. */
const spec = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/u), { minLength: 1, maxLength: 5 }).chain((columns) => fc.record({
  columns: fc.constant(columns),
  data: fc.array(fc.array(cell, { minLength: columns.length, maxLength: columns.length }), { maxLength: 4 }),
  dtypes: fc.subarray(columns).map((keys) => Object.fromEntries(keys.map((k) => [k, 'text']))),
  mode: fc.constantFrom('overwrite', 'append', ' '),
  header: fc.boolean(),
  startCell: fc.constantFrom('A1', ' $c$7 ', 'ab12', ''),
}, { requiredKeys: ['columns'] }));
const specs = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,4}$/u), { minLength: 1, maxLength: 4 })
  .chain((names) => fc.tuple(...names.map((name) => spec.map((s) => ({ name, ...s })))));

describe('sheetTableSpecs', () => {
  it('passes every sheet table_put takes through unchanged, as a list, a {sheets} wrapper or one object', () => {
    fc.assert(fc.property(specs, (list) => {
      expect(sheetTableSpecs(list)).toEqual(list);
      expect(sheetTableSpecs({ sheets: list })).toEqual(list);
      expect(sheetTableSpecs(list[0])).toEqual([list[0]]);
    }));
  });
  it('refuses any key outside the contract, naming the sheet', () => {
    fc.assert(fc.property(specs, fc.stringMatching(/^[a-z]{1,8}$/u), fc.nat(), (list, key, at) => {
      fc.pre(!['name', 'startcell', 'mode', 'header', 'allowoverwrite', 'columns', 'data', 'dtypes', 'formats', 'cellstyles', 'sheetid'].includes(key));
      const i = at % list.length;
      const bad = list.map((s, j) => (j === i ? { ...s, [key]: 1 } : s));
      expect(() => sheetTableSpecs(bad)).toThrow(`--sheets[${i}]: unknown key "${key}"`);
    }));
  });
  it('refuses a sheet over 30000 cells counting its header row', () => {
    const columns = Array.from({ length: 100 }, (_, i) => `c${i}`);
    const rows = (n: number) => Array.from({ length: n }, () => columns.map(() => 1));
    expect(() => sheetTableSpecs([{ name: 'a', columns, data: rows(299) }])).not.toThrow();
    expect(() => sheetTableSpecs([{ name: 'a', columns, data: rows(300) }])).toThrow('301 rows x 100 columns = 30100');
    expect(() => sheetTableSpecs([{ name: 'a', columns, data: rows(300), header: false }])).not.toThrow();
  });
});

describe('sheetValuesBudget', () => {
  it('takes 30000 cells counted as rows x the widest row, and no more', () => {
    const wide = [Array.from({ length: 300 }, () => 'x'), ['y']];
    expect(sheetValuesBudget(Array.from({ length: 100 }, () => wide[0]))).toHaveLength(100);
    expect(() => sheetValuesBudget([...Array.from({ length: 100 }, () => wide[0]), ['y']])).toThrow('101 rows x 300 columns = 30300');
  });
  it('counts the CSV in code points, its last line end included', () => {
    const big = [['界'.repeat(1_999_999)]];
    expect(sheetValuesBudget(big)).toBe(big);
    expect(() => sheetValuesBudget([['界'.repeat(2_000_000)]])).toThrow('2000001 characters');
  });
});

describe('the read-back probes', () => {
  it('read each sheet that writes something at its first filled cell, by the id its name has after the write', () => {
    const probes = sheetTableProbes({
      specs: [
        { name: 'a', columns: ['x', 'y'], header: false, startCell: '$B$3', data: [[null, ''], ['', 5]] },
        { name: 'b', columns: ['x'], header: false },
        { name: 'c', columns: ['x'], mode: 'append', startCell: 'C9' },
        { name: 'd', columns: ['x'] },
      ],
      sheets: { result: { sheets: [{ name: 'a', sheetId: 'S1' }, { name: 'c', sheetId: 'S3' }, { name: 'd', sheetId: '' }] } },
    });
    expect(probes).toEqual([
      { name: 'a', range: 'C4', sheetId: 'S1' },
      { name: 'c', range: 'C1', sheetId: 'S3' },
      { name: 'd', range: 'A1', sheetId: null },
    ]);
  });
  it('a csv of row marks, commas, line ends and spaces shows nothing; any other character shows data', () => {
    expect(sheetCsvFilled({ csv: '[row=1] , \n[row=2]\t,\t' })).toBe(false);
    expect(sheetCsvFilled({ csv: '[row=1] , \n[row=2] ,-' })).toBe(true);
    expect(sheetCsvFilled({ csv: '[row=12]' })).toBe(false);
    expect(sheetCsvFilled({ result: { csv: '0' } })).toBe(true);
    expect(sheetCsvFilled({ result: 'x', csv: 'y' })).toBe(true);
    expect(sheetCsvFilled({})).toBe(false);
  });
});

describe('rowsToCsv quotes as Go encoding/csv', () => {
  it('quotes a field with a comma, quote or line end, a leading space, or the text \\.', () => {
    expect(rowsToCsv([[' a', 'b,c', 'd"e', '\\.', 'f ', '']], 'x')).toBe('" a","b,c","d""e","\\.",f ,');
  });
  it('round-trips any rows of texts through an RFC 4180 reader', () => {
    const read = (csv: string): string[][] => {
      const rows: string[][] = [[]];
      let field = '';
      let quoted = false;
      for (let i = 0; i < csv.length; i++) {
        const c = csv[i];
        if (quoted) {
          if (c === '"' && csv[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
        } else if (c === '"') quoted = true;
        else if (c === ',') { rows[rows.length - 1].push(field); field = ''; } else if (c === '\n') { rows[rows.length - 1].push(field); field = ''; rows.push([]); } else field += c;
      }
      rows[rows.length - 1].push(field);
      return rows;
    };
    fc.assert(fc.property(fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }), (rows) => {
      expect(read(rowsToCsv(rows, 'x'))).toEqual(rows);
    }));
  });
});
