// `dws sheet range batch-set-style` against the recording MCP backend (127.0.0.1, real SDK transport): one
// batch_update on the sheet server whose operations are set_cell_range per range, from --ranges with style flags
// or from a --batch file; bad input of either kind is refused before any call.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dispatchInProcess, type DispatchOutcome } from '../helpers.js';
import { useMcpServer, recordingEnv } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();
// Made at collection: the refusal cases below name the outside directory.
const root = mkdtempSync(path.join(tmpdir(), 'dws-style-root-'));
const outside = mkdtempSync(path.join(tmpdir(), 'dws-style-outside-'));

const ITEMS = [
  { sheetId: 'Sheet1', range: 'A1:B1', fontWeight: 'bold', bgColor: '#DDEBF7', fontLine: 'line-through' },
  { sheetId: '汇总 ', range: 'c1:c2', fontSizesJson: '[[14],[0]]', borderStylesJson: { left: { style: 'dashed' } } },
];

beforeAll(async () => {
  writeFileSync(path.join(root, 'styles.json'), JSON.stringify(ITEMS));
  writeFileSync(path.join(root, 'broken.json'), '[{"sheetId": "S", "range": "A1",');
  writeFileSync(path.join(root, 'typo.json'), JSON.stringify([{ sheetId: 'S', range: 'A1', fontweight: 'bold' }]));
  writeFileSync(path.join(outside, 'styles.json'), JSON.stringify(ITEMS));
});

const env = () => ({ ...recordingEnv(mcp.urlTemplate, 'tok-style'), DWS_FILE_ROOT: root, XDG_STATE_HOME: process.env.XDG_STATE_HOME! });

function run(...flags: string[]): Promise<DispatchOutcome> {
  return dispatchInProcess(['sheet', 'range', 'batch-set-style', '--node', 'dnt_1', ...flags], env());
}

const op = (sheetId: string, rangeAddress: string, cells: unknown[][]) => ({ input: { cells, rangeAddress, sheetId }, toolName: 'set_cell_range' });

describe('sheet range batch-set-style', () => {
  it('--ranges with style flags: one batch_update, one set_cell_range per range with the cells of its shape', async () => {
    const r = await run('--ranges', '["一月!A1:B1","二月!A1:B1"]', '--font-weight', 'bold', '--bg-colors-json', '[["#FFF2CC",""]]');
    expect(r.error).toBeUndefined();
    const cells = [[{ cellStyles: { backgroundColor: '#FFF2CC', fontWeight: 'bold' } }, { cellStyles: { fontWeight: 'bold' } }]];
    const sent = { nodeId: 'dnt_1', operations: [op('一月', 'A1:B1', cells), op('二月', 'A1:B1', cells)] };
    expect(mcp.calls.map((c) => ({ server: c.server, name: c.name, arguments: c.arguments }))).toEqual([{ server: 'sheet', name: 'batch_update', arguments: sent }]);
    expect(JSON.parse(r.out)).toEqual({ result: { server: 'sheet', tool: 'batch_update', arguments: sent } });
  });

  it('--batch file (a path or @path) with --continue-on-error: each item its own style, sheetId and range as written', async () => {
    const want = {
      continueOnError: true, nodeId: 'dnt_1', operations: [
        op('Sheet1', 'A1:B1', Array(1).fill(Array(2).fill({ cellStyles: { backgroundColor: '#DDEBF7', fontWeight: 'bold', textLineThrough: true, textUnderline: false } }))),
        op('汇总 ', 'c1:c2', [[{ borderStyles: { left: { style: 'dashed' } }, cellStyles: { fontSize: 14 } }], [{ borderStyles: { left: { style: 'dashed' } } }]]),
      ],
    };
    for (const file of ['styles.json', '@styles.json', path.join(root, 'styles.json')]) {
      mcp.calls.length = 0;
      const r = await run('--batch', file, '--continue-on-error');
      expect(r.error, file).toBeUndefined();
      expect(mcp.calls.map((c) => [c.server, c.name, c.arguments]), file).toEqual([['sheet', 'batch_update', want]]);
    }
  });

  it('--dry-run prints the same call and makes none', async () => {
    const r = await run('--batch', JSON.stringify(ITEMS.slice(0, 1)), '--dry-run');
    expect(mcp.calls).toEqual([]);
    expect(JSON.parse(r.out).steps).toEqual([{
      id: 'call', server: 'sheet', rpc: 'batch_update', effect: 'write',
      arguments: { nodeId: 'dnt_1', operations: [op('Sheet1', 'A1:B1', Array(1).fill(Array(2).fill({ cellStyles: { backgroundColor: '#DDEBF7', fontWeight: 'bold', textLineThrough: true, textUnderline: false } })))] },
    }]);
  });

  const refusals: [string, string[], string, string][] = [
    ['neither --ranges nor --batch', ['--bg-color', '#FFF'], 'constraint_violation', 'one of --ranges, --batch is required'],
    // upstream's 二选一 check on the texts as typed (sheet_style.go:647-649@c7521c1c): the plan's refuse step, so a blank
    // --ranges next to --batch is no conflict (the group is constraints.plan_refuses, not the validator's)
    ['both --ranges and --batch', ['--ranges', '["S!A1"]', '--batch', 'styles.json'], 'invalid_parameter', 'sheet.range_batch_set_style: --ranges and --batch cannot be given together'],
    ['a style flag next to --batch', ['--batch', 'styles.json', '--h-align', 'left'], 'constraint_violation', '--batch takes the styles from its items; --h-align would not apply'],
    ['a --batch file that is not JSON', ['--batch', 'broken.json'], 'invalid_parameter', `--batch: ${JSON.stringify('[{"sheetId": "S", "range": "A1",')} is not valid JSON`],
    ['a --batch file that does not exist', ['--batch', 'missing.json'], 'invalid_parameter', 'cannot read --batch "missing.json": ENOENT'],
    ['a --batch file outside the file root', ['--batch', path.join('..', path.basename(outside), 'styles.json')], 'invalid_parameter',
      `--batch "${path.join('..', path.basename(outside), 'styles.json')}" is outside the file root`],
    ['a misspelt --batch item key', ['--batch', 'typo.json'], 'invalid_parameter', '--batch[0]: unknown key "fontweight"'],
    ['--ranges that are not JSON', ['--ranges', 'S!A1', '--bg-color', '#FFF'], 'invalid_parameter', '--ranges: "S!A1" is not valid JSON'],
    ['a range too large to style at once', ['--ranges', '["S!A1:Z2000"]', '--bg-color', '#FFF'], 'invalid_parameter',
      '--ranges[0] "S!A1:Z2000": the range has 2000 rows, more than 1000 in one style update'],
    ['a whole sheet', ['--ranges', '["S!A1:XFD1048576"]', '--bg-color', '#FFF'], 'invalid_parameter',
      '--ranges[0] "S!A1:XFD1048576": the ranges up to here have 17179869184 cells, more than 200000 in one batch'],
    ['a value outside the choices', ['--ranges', '["S!A1"]', '--v-align', 'center'], 'invalid_parameter', '--ranges[0] "S!A1": --v-align: "center" is not one of top, middle, bottom'],
  ];
  for (const [what, flags, reason, message] of refusals) {
    it(`refuses ${what} (${reason}, exit 3) and calls nothing`, async () => {
      const r = await run(...flags);
      expect({ reason: r.error?.reason, exit: r.error?.exitCode, message: r.error?.message, out: r.out }).toEqual({ reason, exit: 3, message, out: '' });
      expect(mcp.calls).toEqual([]);
    });
  }
});
