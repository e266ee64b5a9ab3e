// The sheet style primitive (src/plan/sheet-style.ts) and json_or_file: A1 ranges parse to their shape or a typed
// refusal, style matrices have the range's shape and carry exactly the given styles, every bound refuses before a
// matrix is built, and --ranges / --batch input that cannot be styled is refused naming where it came from.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DwsError } from '../../src/errors.js';
import { TRANSFORMS } from '../../src/plan/transforms/index.js';
import {
  buildStyleCells, parseA1Range, sheetStyleOperations, MAX_BATCH_STYLE_CELLS, MAX_STYLE_CELLS, MAX_STYLE_RANGES, MAX_STYLE_ROWS,
  type KeyLabel, type StyleSpec,
} from '../../src/domain/sheet-style.js';

const flagLabel: KeyLabel = (k) => `--${k}`;

/** 1 -> A, 26 -> Z, 27 -> AA. */
function letters(col: number): string {
  let out = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

/** What the call throws, as {reason, message}; fails the test when it does not throw a DwsError. */
function refusal(f: () => unknown): { reason: string; message: string } {
  try {
    f();
  } catch (e) {
    if (e instanceof DwsError) return { reason: e.reason, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal');
}

const col = fc.integer({ min: 1, max: 18_278 });
const row = fc.integer({ min: 1, max: 2_000_000 });
const corner = fc.record({ col, row });

/** The grammar the parser accepts, written independently of it (after the prefix and surrounding space go). */
const CELL = /^[A-Za-z]+[0-9]+$/u;
const accepted = (addr: string) => addr.split(':').length <= 2 && addr.split(':').every((p) => CELL.test(p));

describe('parseA1Range', () => {
  it('gives the shape of any two corners, in either order, with any prefix, case and surrounding space', () => {
    const lowerMask = fc.array(fc.boolean(), { minLength: 1, maxLength: 8 });
    fc.assert(fc.property(corner, corner, fc.option(fc.stringMatching(/^[^!]{0,6}$/u)), fc.constantFrom('', ' ', '\t'), lowerMask, (a, b, prefix, pad, lower) => {
      const text = [...`${letters(a.col)}${a.row}:${letters(b.col)}${b.row}`].map((c, i) => (lower[i % lower.length] ? c.toLowerCase() : c)).join('');
      const full = `${prefix === null ? '' : prefix + '!'}${pad}${text}${pad}`;
      expect(parseA1Range(full, '--r')).toEqual({ rows: Math.abs(a.row - b.row) + 1, cols: Math.abs(a.col - b.col) + 1 });
    }));
  });

  it('a single cell is 1x1', () => {
    fc.assert(fc.property(corner, (a) => {
      expect(parseA1Range(`${letters(a.col)}${a.row}`, '--r')).toEqual({ rows: 1, cols: 1 });
    }));
  });

  it('refuses every text outside the grammar with invalid_parameter naming where it came from', () => {
    fc.assert(fc.property(fc.string({ maxLength: 12 }), (s) => {
      const addr = s.slice(s.indexOf('!') + 1).trim();
      fc.pre(!accepted(addr) || /(^|[^0-9])0+(:|$)/u.test(addr));
      const r = refusal(() => parseA1Range(s, '--ranges[3]'));
      expect(r.reason).toBe('invalid_parameter');
      expect(r.message.startsWith('--ranges[3]: ')).toBe(true);
    }));
  });

  it('refuses the usual near misses', () => {
    for (const bad of ['', 'Sheet1!', '  ', 'A0', 'A0:B2', '1A', '$A$1', 'A:B', '1:2', 'A1:B2:C3', 'A1 :B2', 'A-1', 'ß1', 'Ａ1']) {
      expect(refusal(() => parseA1Range(bad, '--r')).reason, bad).toBe('invalid_parameter');
    }
  });

  it('refuses coordinates too far out to count exactly instead of rounding them', () => {
    expect(refusal(() => parseA1Range(`A1:A${'9'.repeat(20)}`, '--r')).reason).toBe('invalid_parameter');
    expect(refusal(() => parseA1Range(`A1:${'Z'.repeat(15)}1`, '--r')).reason).toBe('invalid_parameter');
  });
});

const color = fc.stringMatching(/^#[0-9A-F]{6}$/u);
const shape = fc.record({ rows: fc.integer({ min: 1, max: 12 }), cols: fc.integer({ min: 1, max: 12 }) });

describe('buildStyleCells', () => {
  it('has the shape of the range and gives every cell exactly the whole-range styles', () => {
    const whole = fc.record({
      bgColor: color, fontSize: fc.integer({ min: 1, max: 72 }), fontWeight: fc.constantFrom('bold', 'normal'),
      hAlign: fc.constantFrom('left', 'center', 'right', 'general'), vAlign: fc.constantFrom('top', 'middle', 'bottom'),
      fontColor: color, wordWrap: fc.constantFrom('overflow', 'clip', 'autoWrap'), numberFormat: fc.constantFrom('@', '0.00%'),
      fontStyle: fc.constantFrom('normal', 'italic'), fontFamily: fc.constantFrom('Arial', '宋体'),
    }, { requiredKeys: [] }).filter((s) => Object.keys(s).length > 0);
    const out: Record<string, string> = {
      bgColor: 'backgroundColor', fontSize: 'fontSize', fontWeight: 'fontWeight', hAlign: 'horizontalAlignment', vAlign: 'verticalAlignment',
      fontColor: 'fontColor', wordWrap: 'wordWrap', numberFormat: 'numberFormat', fontStyle: 'fontStyle', fontFamily: 'fontFamily',
    };
    fc.assert(fc.property(shape, whole, (sh, spec) => {
      const cells = buildStyleCells(spec, sh, flagLabel);
      expect(cells.length).toBe(sh.rows);
      const want = Object.fromEntries(Object.entries(spec).map(([k, v]) => [out[k], v]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      for (const r of cells) {
        expect(r.length).toBe(sh.cols);
        for (const c of r) {
          expect(c).toEqual({ cellStyles: want });
          // Keys in code point order, as the upstream CLI sends them.
          expect(JSON.stringify(c)).toBe(JSON.stringify({ cellStyles: want }));
        }
      }
    }));
  });

  it('a matrix gives each cell its own value; empty and missing cells stay unset', () => {
    const cellValue = fc.option(fc.constantFrom('left', 'center', ''), { nil: null });
    fc.assert(fc.property(shape.chain((sh) => fc.tuple(fc.constant(sh),
      fc.array(fc.array(cellValue, { minLength: 0, maxLength: sh.cols }), { minLength: sh.rows, maxLength: sh.rows }))), ([sh, m]) => {
      const cols = Math.max(0, ...m.map((r) => r.length));
      fc.pre(cols === sh.cols);
      const cells = buildStyleCells({ hAlignsJson: JSON.stringify(m), fontSize: 10 }, sh, flagLabel);
      expect(cells.map((r) => r.length)).toEqual(Array(sh.rows).fill(sh.cols));
      cells.forEach((r, i) => r.forEach((c, j) => {
        const v = m[i][j];
        expect(c).toEqual({ cellStyles: { fontSize: 10, ...(v ? { horizontalAlignment: v } : {}) } });
      }));
    }));
  });

  it('a matrix of another shape than the range is refused', () => {
    fc.assert(fc.property(shape, shape, (sh, other) => {
      fc.pre(sh.rows !== other.rows || sh.cols !== other.cols);
      const m = Array.from({ length: other.rows }, () => Array(other.cols).fill('#FFFFFF'));
      const r = refusal(() => buildStyleCells({ bgColorsJson: JSON.stringify(m) }, sh, flagLabel));
      expect(r).toEqual({ reason: 'invalid_parameter', message: `--bgColorsJson: the matrix is ${other.rows}x${other.cols}, the range ${sh.rows}x${sh.cols}` });
    }));
  });

  it('refuses a range over the row or cell bound before building anything, however large', () => {
    const huge = fc.record({ rows: fc.integer({ min: 1, max: 2 ** 40 }), cols: fc.integer({ min: 1, max: 2 ** 40 }) })
      .filter((s) => s.rows > MAX_STYLE_ROWS || s.rows * s.cols > MAX_STYLE_CELLS);
    fc.assert(fc.property(huge, (sh) => {
      expect(refusal(() => buildStyleCells({ bgColor: '#FFFFFF' }, sh, flagLabel)).reason).toBe('invalid_parameter');
    }));
    expect(buildStyleCells({ bgColor: '#FFFFFF' }, { rows: MAX_STYLE_ROWS, cols: MAX_STYLE_CELLS / MAX_STYLE_ROWS }, flagLabel).length).toBe(MAX_STYLE_ROWS);
  });

  it('font-line is one choice sent as two booleans; borders go to every cell with their edges in order', () => {
    const lines = (fontLine: string) => buildStyleCells({ fontLine }, { rows: 1, cols: 1 }, flagLabel)[0][0];
    expect([lines('underline'), lines('line-through'), lines('none')]).toEqual([
      { cellStyles: { textLineThrough: false, textUnderline: true } },
      { cellStyles: { textLineThrough: true, textUnderline: false } },
      { cellStyles: { textLineThrough: false, textUnderline: false } },
    ]);
    const cells = buildStyleCells({ borderStylesJson: '{"top":{"style":"solid","color":"#000"},"bottom":{"style":"thick"}}' }, { rows: 1, cols: 2 }, flagLabel);
    expect(JSON.stringify(cells)).toBe('[[{"borderStyles":{"bottom":{"style":"thick"},"top":{"color":"#000","style":"solid"}}},{"borderStyles":{"bottom":{"style":"thick"},"top":{"color":"#000","style":"solid"}}}]]');
  });

  it('refuses styles it cannot send, naming the flag', () => {
    const one = { rows: 1, cols: 1 };
    const cases: [StyleSpec, string, string][] = [
      [{}, 'invalid_parameter', 'no style is given'],
      [{ hAlign: 'middle' }, 'invalid_parameter', '--hAlign: "middle" is not one of left, center, right, general'],
      [{ fontWeight: 'heavy' }, 'invalid_parameter', '--fontWeight: "heavy" is not one of bold, normal'],
      [{ wordWrap: 'wrap' }, 'invalid_parameter', '--wordWrap: "wrap" is not one of overflow, clip, autoWrap'],
      [{ fontLine: 'overline' }, 'invalid_parameter', '--fontLine: "overline" is not one of none, underline, line-through'],
      [{ fontSize: -3 }, 'invalid_parameter', '--fontSize: -3 is not a whole number of points'],
      [{ fontSize: 10.5 }, 'invalid_parameter', '--fontSize: 10.5 is not a whole number of points'],
      // h38-a3: a matrix cell is a Go int (json.Unmarshal into [][]int, sheet_style.go:263-266@c7521c1c): a negative one is
      // sent (only the whole-range size is checked, :254-256), a literal with a fraction or an exponent fails the decode
      [{ fontSizesJson: '[[1.0]]' }, 'invalid_parameter', '--fontSizesJson: 1.0 is not a whole number of points'],
      [{ fontSizesJson: '[["12"]]' }, 'invalid_parameter', '--fontSizesJson: "12" is not a whole number of points'],
      [{ bgColor: '#FFF', bgColorsJson: '[["#FFF"]]' }, 'constraint_violation', '--bgColor and --bgColorsJson cannot both be given'],
      [{ bgColorsJson: '[["#FFF"' }, 'invalid_parameter', '--bgColorsJson: "[["#FFF"" is not valid JSON'],
      [{ bgColorsJson: '["#FFF"]' }, 'invalid_parameter', '--bgColorsJson: not a matrix (a JSON list of rows, each a list of cell values)'],
      [{ bgColorsJson: '[[1]]' }, 'invalid_parameter', '--bgColorsJson: 1 is not text'],
      [{ borderStylesJson: '{}' }, 'invalid_parameter', '--borderStylesJson: not an object of edges (top, bottom, left, right)'],
      [{ borderStylesJson: '{"middle":{"style":"solid"}}' }, 'invalid_parameter', '--borderStylesJson.middle: not an edge (one of bottom, left, right, top)'],
      [{ borderStylesJson: '{"top":{"style":"solid","colour":"#000"}}' }, 'invalid_parameter', '--borderStylesJson.top: unknown key "colour" (an edge has style and color)'],
      [{ borderStylesJson: '{"top":{"color":"#000"}}' }, 'invalid_parameter', '--borderStylesJson.top: style is missing'],
      [{ borderStylesJson: '{"top":{"style":"wavy"}}' }, 'invalid_parameter', '--borderStylesJson.top.style: "wavy" is not one of dashDot, dashDotDot, dashed, dotted, double, hair, medium, mediumDashDot, mediumDashDotDot, mediumDashed, none, slantDashDot, solid, thick'],
      [{ borderStylesJson: '{"top":{"style":"solid","color":123}}' }, 'invalid_parameter', '--borderStylesJson.top.color: 123 is not text'],
      [{ borderStylesJson: '{"top":"solid"}' }, 'invalid_parameter', '--borderStylesJson.top: not an object {style, color}'],
    ];
    for (const [spec, reason, message] of cases) expect(refusal(() => buildStyleCells(spec, one, flagLabel)), JSON.stringify(spec)).toEqual({ reason, message });
  });

  it('a font size of 0 is no font size (as upstream\'s unset flag)', () => {
    expect(buildStyleCells({ fontSize: 0, bgColor: '#000000' }, { rows: 1, cols: 1 }, flagLabel)).toEqual([[{ cellStyles: { backgroundColor: '#000000' } }]]);
    expect(refusal(() => buildStyleCells({ fontSize: 0 }, { rows: 1, cols: 1 }, flagLabel)).message).toBe('no style is given');
  });
});

const sheetName = fc.stringMatching(/^[^!\s]([^!]{0,6}[^!\s])?$/u);
const rangeText = fc.tuple(corner, fc.option(corner, { nil: undefined })).map(([a, b]) => {
  const x = { col: Math.min(a.col, 40), row: Math.min(a.row, 40) };
  return b ? `${letters(x.col)}${x.row}:${letters(Math.min(b.col, 40))}${Math.min(b.row, 40)}` : `${letters(x.col)}${x.row}`;
});

describe('sheetStyleOperations', () => {
  const op = (v: Record<string, unknown>) => sheetStyleOperations({ toolName: 'set_cell_range', ...v });

  it('--ranges: one operation per range, split at the first "!" and trimmed, each with the matrix of its shape', () => {
    fc.assert(fc.property(fc.array(fc.tuple(sheetName, rangeText), { minLength: 1, maxLength: 5 }), (pairs) => {
      const ranges = pairs.map(([s, r]) => ` ${s} ! ${r} `);
      const ops = op({ ranges, bgColor: '#FFF2CC' }) as { input: { cells: unknown[][]; rangeAddress: string; sheetId: string }; toolName: string }[];
      expect(ops.map((o) => [o.toolName, o.input.sheetId, o.input.rangeAddress])).toEqual(pairs.map(([s, r]) => ['set_cell_range', s, r]));
      ops.forEach((o, i) => {
        const sh = parseA1Range(pairs[i][1], 'x');
        expect(o.input.cells.length).toBe(sh.rows);
        expect(o.input.cells.every((r) => r.length === sh.cols)).toBe(true);
      });
    }));
  });

  it('--batch: each item its own style; sheetId and range are sent as written', () => {
    const ops = op({ batch: [
      { sheetId: ' Sheet 1 ', range: 'A1:B1', fontWeight: 'bold', fontSize: 12 },
      { sheetId: 'S2', range: 'C1:C2', bgColorsJson: [['#FF0000'], ['']] },
    ] });
    expect(ops).toEqual([
      { input: { cells: [[{ cellStyles: { fontSize: 12, fontWeight: 'bold' } }, { cellStyles: { fontSize: 12, fontWeight: 'bold' } }]], rangeAddress: 'A1:B1', sheetId: ' Sheet 1 ' }, toolName: 'set_cell_range' },
      { input: { cells: [[{ cellStyles: { backgroundColor: '#FF0000' } }], [{}]], rangeAddress: 'C1:C2', sheetId: 'S2' }, toolName: 'set_cell_range' },
    ]);
  });

  it('refuses what cannot be styled, naming the range or item', () => {
    const many = Array.from({ length: MAX_STYLE_RANGES + 1 }, () => 'S!A1');
    const perRange = Math.floor(MAX_BATCH_STYLE_CELLS / MAX_STYLE_RANGES) + 1;
    const heavy = Array.from({ length: MAX_STYLE_RANGES }, () => `S!A1:A${perRange}`);
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'constraint_violation', 'one of --ranges or --batch is required'],
      [{ ranges: ['S!A1'], batch: [] }, 'constraint_violation', '--ranges and --batch cannot be given together'],
      [{ batch: [{ sheetId: 'S', range: 'A1' }], bgColor: '#FFF', fontSize: 3 }, 'constraint_violation', '--batch takes the styles from its items; --bg-color, --font-size would not apply'],
      [{ ranges: [], bgColor: '#FFF' }, 'invalid_parameter', '--ranges: the list is empty'],
      [{ ranges: 'S!A1', bgColor: '#FFF' }, 'invalid_parameter', '--ranges: not a JSON list'],
      [{ ranges: many, bgColor: '#FFF' }, 'invalid_parameter', `--ranges: ${MAX_STYLE_RANGES + 1} ranges, more than ${MAX_STYLE_RANGES} in one batch`],
      [{ ranges: [' !A1'], bgColor: '#FFF' }, 'invalid_parameter', '--ranges[0]: " !A1" has no worksheet prefix'],
      [{ ranges: ['S!A1', 7], bgColor: '#FFF' }, 'invalid_parameter', '--ranges[1]: 7 is not text'],
      [{ ranges: ['S!A1', 'S!A0'], bgColor: '#FFF' }, 'invalid_parameter', '--ranges[1] "S!A0": "A0" is not a cell address (column letters, then a row number from 1, as in B3)'],
      [{ ranges: ['S!A1:A1001'], bgColor: '#FFF' }, 'invalid_parameter', '--ranges[0] "S!A1:A1001": the range has 1001 rows, more than 1000 in one style update'],
      [{ ranges: ['S!A1:XFD1048576'], bgColor: '#FFF' }, 'invalid_parameter', `--ranges[0] "S!A1:XFD1048576": the ranges up to here have ${16384 * 1048576} cells, more than ${MAX_BATCH_STYLE_CELLS} in one batch`],
      [{ ranges: heavy, bgColor: '#FFF' }, 'invalid_parameter', `--ranges[${MAX_STYLE_RANGES - 1}] "S!A1:A${perRange}": the ranges up to here have ${MAX_STYLE_RANGES * perRange} cells, more than ${MAX_BATCH_STYLE_CELLS} in one batch`],
      [{ ranges: ['S!A1'] }, 'invalid_parameter', '--ranges[0] "S!A1": no style is given'],
      [{ ranges: ['S!A1:B2'], bgColorsJson: '[["#FFF"]]' }, 'invalid_parameter', '--ranges[0] "S!A1:B2": --bg-colors-json: the matrix is 1x1, the range 2x2'],
      [{ batch: null }, 'invalid_parameter', '--batch: the list is empty'],
      [{ batch: { sheetId: 'S', range: 'A1' } }, 'invalid_parameter', '--batch: not a JSON list'],
      [{ batch: ['S!A1'] }, 'invalid_parameter', '--batch[0]: not an object {"sheetId", "range", style keys...}'],
      [{ batch: [{ sheetId: 'S', range: 'A1', bgcolor: '#FFF' }] }, 'invalid_parameter', '--batch[0]: unknown key "bgcolor"'],
      [{ batch: [{ sheetId: 'S', range: 'A1', bgColor: '#FFF' }, { sheetId: '  ', range: 'A1' }] }, 'invalid_parameter', '--batch[1]: no sheetId (non-empty text)'],
      [{ batch: [{ sheetId: 'S', bgColor: '#FFF' }] }, 'invalid_parameter', '--batch[0]: no range (non-empty text)'],
      [{ batch: [{ sheetId: 3, range: 'A1', bgColor: '#FFF' }] }, 'invalid_parameter', '--batch[0]: no sheetId (non-empty text)'],
      [{ batch: [{ sheetId: 'S', range: 'A1', hAlign: 'middle' }] }, 'invalid_parameter', '--batch[0]: hAlign: "middle" is not one of left, center, right, general'],
      [{ batch: [{ sheetId: 'S', range: 'A1', fontSize: '12' }] }, 'invalid_parameter', '--batch[0]: fontSize: "12" is not a whole number of points'],
    ];
    for (const [input, reason, message] of cases) expect(refusal(() => op(input)), JSON.stringify(input).slice(0, 80)).toEqual({ reason, message });
  });

  it('a plan without the toolName constant is a bug of the plan, not of the user', () => {
    expect(refusal(() => sheetStyleOperations({ ranges: ['S!A1'], bgColor: '#FFF' })).reason).toBe('internal_error');
  });
});

describe('json_or_file', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'dws-json-or-file-'));
  const outside = mkdtempSync(path.join(tmpdir(), 'dws-json-or-file-outside-'));
  writeFileSync(path.join(root, 'styles.json'), '[{"sheetId":"S","range":"A1"}]');
  writeFileSync(path.join(outside, 'styles.json'), '[]');
  const ctx = { env: { DWS_FILE_ROOT: root } };

  it('JSON text passes as it is; a path, with or without @, is read inside the file root', () => {
    expect(TRANSFORMS.json_or_file(' [1]', '--batch', ctx)).toBe(' [1]');
    expect(TRANSFORMS.json_or_file('{"a":1}', '--batch', ctx)).toBe('{"a":1}');
    expect(TRANSFORMS.json_or_file('styles.json', '--batch', ctx)).toBe('[{"sheetId":"S","range":"A1"}]');
    expect(TRANSFORMS.json_or_file('@styles.json', '--batch', ctx)).toBe('[{"sheetId":"S","range":"A1"}]');
  });

  it('a missing file or one outside the file root is refused naming the flag', () => {
    expect(refusal(() => TRANSFORMS.json_or_file('missing.json', '--batch', ctx))).toEqual({ reason: 'invalid_parameter', message: 'cannot read --batch "missing.json": ENOENT' });
    const far = path.join(outside, 'styles.json');
    expect(refusal(() => TRANSFORMS.json_or_file(`@${far}`, '--batch', ctx))).toEqual({ reason: 'invalid_parameter', message: `--batch "${far}" is outside the file root` });
  });
});
