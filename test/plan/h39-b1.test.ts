// Session 39 second reading, part b1 (issue 32, notes/h39-b1.md): where a drawn command still differed from upstream's
// body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h39b1-');

const base = ['sheet', 'range', 'set-style', '--node', 'n', '--sheet-id', 's', '--range', 'A1:B1'];

/** The style pairs of upstream's buildStyleCells (helpers/sheet_style.go:290-320@c7521c1c): scalar flag, its -json flag, a valid scalar, a valid matrix for A1:B1, and the cellStyles key. */
const pairs: [string, string, string, string, string][] = [
  ['bg-color', 'bg-colors-json', '#FF0000', '[["#00FF00","#0000FF"]]', 'backgroundColor'],
  ['h-align', 'h-aligns-json', 'left', '[["center","right"]]', 'horizontalAlignment'],
  ['v-align', 'v-aligns-json', 'top', '[["middle","bottom"]]', 'verticalAlignment'],
  ['font-color', 'font-colors-json', '#111111', '[["#222222","#333333"]]', 'fontColor'],
  ['font-weight', 'font-weights-json', 'bold', '[["normal","bold"]]', 'fontWeight'],
];

describe('sheet range set-style reads a style pair as buildStyleCells/strGrid/intGrid do (helpers/sheet_style.go:212-275, :288-320@c7521c1c)', () => {
  it('--font-size 0 is "not set" (intGrid: scalar != 0 && json != ""): with --font-sizes-json the matrix is sent', async () => {
    const run = await outputs.sent([...base, '--font-size', '0', '--font-sizes-json', '[[12,14]]']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([['sheet/set_cell_range', {
      nodeId: 'n', sheetId: 's', rangeAddress: 'A1:B1',
      cells: [[{ cellStyles: { fontSize: 12 } }, { cellStyles: { fontSize: 14 } }]],
    }]]);
  });

  it('--font-size and --font-sizes-json both set are still refused before any call', async () => {
    const run = await outputs.sent([...base, '--font-size', '9', '--font-sizes-json', '[[12,14]]']);
    expect(run.reason).toMatch(/^(invalid_parameter|constraint_violation)$/);
    expect(run.calls).toEqual([]);
  });

  for (const [scalar, json, value, matrix, key] of pairs) {
    it(`a blank --${json} is "not set" (strGrid: jsonStr == "" -> nil): --${scalar} alone decides`, async () => {
      const run = await outputs.sent([...base, '--' + json, '', '--' + scalar, value]);
      expect(run.reason).toBeUndefined();
      expect(run.calls).toEqual([['sheet/set_cell_range', {
        nodeId: 'n', sheetId: 's', rangeAddress: 'A1:B1',
        cells: [[{ cellStyles: { [key]: value } }, { cellStyles: { [key]: value } }]],
      }]]);
    });
    it(`--${scalar} and --${json} both filled are refused before any call; the matrix alone is sent per cell`, async () => {
      const both = await outputs.sent([...base, '--' + scalar, value, '--' + json, matrix]);
      expect(both.reason).toMatch(/^(invalid_parameter|constraint_violation)$/);
      expect(both.calls).toEqual([]);
      const alone = await outputs.sent([...base, '--' + json, matrix]);
      const cells = (JSON.parse(matrix) as string[][])[0].map((v) => ({ cellStyles: { [key]: v } }));
      expect(alone.calls).toEqual([['sheet/set_cell_range', { nodeId: 'n', sheetId: 's', rangeAddress: 'A1:B1', cells: [cells] }]]);
    });
  }

  it('a blank --font-sizes-json beside another style is not set; a text that is not JSON is refused before any call', async () => {
    const blank = await outputs.sent([...base, '--font-sizes-json', '', '--word-wrap', 'clip']);
    expect(blank.calls).toEqual([['sheet/set_cell_range', {
      nodeId: 'n', sheetId: 's', rangeAddress: 'A1:B1', cells: [[{ cellStyles: { wordWrap: 'clip' } }, { cellStyles: { wordWrap: 'clip' } }]],
    }]]);
    const bad = await outputs.sent([...base, '--bg-colors-json', '[["x"', '--word-wrap', 'clip']);
    expect(bad.reason).toBe('invalid_parameter');
    expect(bad.calls).toEqual([]);
  });

  it('property: for any font size scalar and matrix cell, sent or refused as intGrid decides', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: -3, max: 3 }), fc.boolean(), fc.integer({ min: 0, max: 40 }), async (size, withJson, cell) => {
      const argv = [...base, '--font-size', String(size), '--word-wrap', 'clip'];
      if (withJson) argv.push('--font-sizes-json', `[[${cell},${cell}]]`);
      const run = await outputs.sent(argv);
      // upstream (sheet_style.go:249-275@c7521c1c): both set refused; a negative scalar refused; 0 is unset; a 0 cell is unset
      if (size !== 0 && withJson) { expect(run.reason).toMatch(/^(invalid_parameter|constraint_violation)$/); expect(run.calls).toEqual([]); return; }
      if (size < 0) { expect(run.reason).toBe('invalid_parameter'); expect(run.calls).toEqual([]); return; }
      const fontSize = size !== 0 ? size : withJson && cell !== 0 ? cell : undefined;
      const style = fontSize === undefined ? { wordWrap: 'clip' } : { fontSize, wordWrap: 'clip' };
      expect(run.calls).toEqual([['sheet/set_cell_range', { nodeId: 'n', sheetId: 's', rangeAddress: 'A1:B1', cells: [[{ cellStyles: style }, { cellStyles: style }]] }]]);
    }), { numRuns: 30 });
  });
});
