// The `sheet_clean_cells` transform (src/domain/sheet-cells.ts): upstream's cleanup of a get_cell_infos answer
// (helpers/sheet_info.go:135-217@c7521c1c), by example and by property.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyTransforms } from '../../src/plan/transforms/index.js';

const clean = (v: unknown): unknown => applyTransforms(['sheet_clean_cells'], v, 'the answer');

/** A metadata shell: null, {} or an object of nulls. */
const shell = fc.oneof(fc.constant(null), fc.dictionary(fc.string({ maxLength: 6 }), fc.constant(null), { maxKeys: 4 }));
/** A value that is not a shell: a scalar, or an object holding a non-null value. */
const filled = fc.oneof(
  fc.string(), fc.integer(), fc.boolean(), fc.constant([]),
  fc.tuple(fc.string({ minLength: 1, maxLength: 6 }), fc.oneof(fc.string(), fc.integer(), fc.boolean())).map(([k, v]) => ({ [k]: v, other: null })),
);
const meta = fc.oneof(shell, filled);
/** A cell as the backend writes it: a value, and maybe a dataValidation and a hyperlink (shells or not). */
const cell = fc.record({ value: fc.oneof(fc.string(), fc.integer(), fc.constant(null)), dataValidation: meta, hyperlink: meta }, { requiredKeys: ['value'] });
const anyCell = fc.oneof(cell, fc.string(), fc.constant(null), fc.integer());
const answer = fc.record({ cells: fc.array(fc.oneof(fc.array(anyCell, { maxLength: 4 }), anyCell), { maxLength: 4 }), hasMore: fc.boolean() });

const isShell = (v: unknown) => v === null || (typeof v === 'object' && !Array.isArray(v) && Object.values(v as object).every((x) => x === null));

describe('sheet_clean_cells', () => {
  it('drops empty dataValidation and hyperlink shells of a cell that has a dataValidation key, keeping the rest in order', () => {
    const input = {
      cells: [
        [{ value: 'a', dataValidation: null, hyperlink: { path: null, sheet: null } },
          { value: 1, dataValidation: { type: 'list', options: ['x'] }, hyperlink: null },
          { value: 2, hyperlink: null }],
        [{ value: null, dataValidation: {}, hyperlink: { path: 'https://x' } }, 'text', null],
        'not a row',
      ],
      rowIndices: [1, 2],
      hasMore: false,
    };
    const before = structuredClone(input);
    expect(clean(input)).toEqual({
      cells: [
        [{ value: 'a' }, { value: 1, dataValidation: { type: 'list', options: ['x'] } }, { value: 2, hyperlink: null }],
        [{ value: null, hyperlink: { path: 'https://x' } }, 'text', null],
        'not a row',
      ],
      rowIndices: [1, 2],
      hasMore: false,
    });
    expect(input).toEqual(before);
  });

  it('leaves an answer that is not an object, or whose cells is not a list, as it came', () => {
    for (const v of ['text', 3, true, [{ dataValidation: null }], { cells: { a: { dataValidation: null } } }, { cells: 'x' }, {}]) {
      expect(clean(v)).toEqual(v);
    }
  });

  it('is idempotent and never modifies its input', () => {
    fc.assert(fc.property(answer, (a) => {
      const before = structuredClone(a);
      const once = clean(a);
      expect(a).toEqual(before);
      expect(clean(once)).toEqual(once);
    }));
  });

  it('changes only the cells upstream looks at, and only by dropping shell keys', () => {
    fc.assert(fc.property(answer, (a) => {
      const out = clean(a) as typeof a;
      expect(Object.keys(out)).toEqual(Object.keys(a));
      expect(out.hasMore).toBe(a.hasMore);
      expect(out.cells).toHaveLength(a.cells.length);
      a.cells.forEach((row, r) => {
        if (!Array.isArray(row)) return expect(out.cells[r]).toEqual(row);
        (row as unknown[]).forEach((c, i) => {
          const got = (out.cells[r] as unknown[])[i];
          if (typeof c !== 'object' || c === null || !('dataValidation' in c)) return expect(got).toEqual(c);
          const src = c as Record<string, unknown>;
          const want = Object.fromEntries(Object.entries(src).filter(([k, v]) => !((k === 'dataValidation' || k === 'hyperlink') && isShell(v))));
          expect(got).toEqual(want);
          expect(Object.keys(got as object)).toEqual(Object.keys(want));
        });
      });
    }));
  });
});
