// Session 55 helper a2, second-reading audit of seed 20261462 (issue 32, notes/h55-a2.md). One drawn command differed
// from its upstream body at c7521c1c and was fixed: sheet create-with-data. Its RunE (helpers/
// sheet_create_with_data.go:90-120@c7521c1c) reads --name with mustGetFlag and checks nothing, so a run without --name
// creates the spreadsheet with name ""; and it tells --values, --sheets and --styles apart by their text being "" or
// not (`valuesStr == ""`, `useValues := valuesStr != ""`, `if stylesStr != ""`, :98-104, :159, :199), so a flag typed
// as "" is the flag left out. dws refused --name left out, and read a typed "" --values, --sheets or --styles as given
// (it refused the run as unreadable JSON). Each runs as a user types it against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { mcp, sent } = useOutputRuns('dws-h55a2-');

/** Answers of a spreadsheet created as N whose first worksheet is S1 (named Sheet1, then the first table's name). */
function created() {
  mcp.answers['sheet/create_workspace_sheet'] = () => ({ nodeId: 'N', url: 'https://alidocs.example/N' });
  let renamed = false;
  mcp.answers['sheet/update_sheet'] = () => {
    renamed = true;
    return { success: true };
  };
  mcp.answers['sheet/get_all_sheets'] = () => ({ sheets: [{ sheetId: 'S1', name: renamed ? 'T1' : 'Sheet1' }] });
  mcp.answers['sheet/get_range_as_csv'] = () => ({ csv: '1' });
}

const valuesCalls = (name: string) => [
  ['sheet/create_workspace_sheet', { name }],
  ['sheet/get_all_sheets', { nodeId: 'N' }],
  ['sheet/get_all_sheets', { nodeId: 'N' }],
  ['sheet/set_range_from_csv', { nodeId: 'N', sheetId: 'S1', csv: '1\n', startCell: 'A1', allowOverwrite: true }],
  ['sheet/get_range_as_csv', { nodeId: 'N', sheetId: 'S1', range: 'A1' }],
];

describe('sheet create-with-data: --name has no check upstream (sheet_create_with_data.go:116-118@c7521c1c)', () => {
  it('a run without --name creates the spreadsheet with name "" and writes the data', async () => {
    created();
    const run = await sent(['sheet', 'create-with-data', '--values', '[[1]]', '--format', 'json']);
    expect(run).toEqual({ reason: undefined, category: undefined, calls: valuesCalls(''), printed: { nodeId: 'N', url: 'https://alidocs.example/N' } });
  });

  it.each([[''], ['  '], ['名单']])('a typed --name %j is sent as typed (control)', async (name) => {
    created();
    const run = await sent(['sheet', 'create-with-data', '--name', name, '--values', '[[1]]']);
    expect([run.reason, run.calls]).toEqual([undefined, valuesCalls(name)]);
  });
});

describe('sheet create-with-data: a typed "" --values, --sheets or --styles is that flag left out (sheet_create_with_data.go:98-104, :159, :199@c7521c1c)', () => {
  it('--values with --sheets "" writes the values', async () => {
    created();
    const run = await sent(['sheet', 'create-with-data', '--name', 'n', '--values', '[[1]]', '--sheets', '']);
    expect([run.reason, run.calls]).toEqual([undefined, valuesCalls('n')]);
  });

  it('--sheets with --values "" writes the tables', async () => {
    created();
    const sheets = [{ name: 'T1', columns: ['a'], data: [[1]] }];
    const run = await sent(['sheet', 'create-with-data', '--name', 'n', '--values', '', '--sheets', JSON.stringify(sheets)]);
    expect([run.reason, run.calls]).toEqual([undefined, [
      ['sheet/create_workspace_sheet', { name: 'n' }],
      ['sheet/get_all_sheets', { nodeId: 'N' }],
      ['sheet/get_all_sheets', { nodeId: 'N' }],
      ['sheet/update_sheet', { nodeId: 'N', sheetId: 'S1', title: 'T1' }],
      ['sheet/table_put', { nodeId: 'N', sheets }],
      ['sheet/get_all_sheets', { nodeId: 'N' }],
      ['sheet/get_range_as_csv', { nodeId: 'N', sheetId: 'S1', range: 'A1' }],
    ]]);
  });

  it('--styles "" applies no styles', async () => {
    created();
    const run = await sent(['sheet', 'create-with-data', '--name', 'n', '--values', '[[1]]', '--styles', '']);
    expect([run.reason, run.calls]).toEqual([undefined, valuesCalls('n')]);
  });

  it('--styles with --sheets "" styles the first worksheet (the --styles item checked and sent)', async () => {
    created();
    const styles = { styles: [{ cell_styles: [{ range: 'A1', font_weight: 'bold' }] }] };
    const run = await sent(['sheet', 'create-with-data', '--name', 'n', '--values', '[[1]]', '--sheets', '', '--styles', JSON.stringify(styles)]);
    expect(run.reason).toBeUndefined();
    expect(run.calls.slice(0, 5)).toEqual(valuesCalls('n'));
    expect(run.calls.slice(5).map(([tool]) => tool)).toEqual(['sheet/set_cell_range']);
  });

  it.each([
    // both blank: neither was given (upstream refuses: one of them is needed)
    [['--values', '', '--sheets', '']],
    // a blank that is not "" is a value: both given (upstream refuses: only one of them)
    [['--values', '[[1]]', '--sheets', ' ']],
    // a --styles that is not "" is read as JSON (upstream refuses a blank as unreadable)
    [['--values', '[[1]]', '--styles', ' ']],
  ])('%j is still refused before any call (controls)', async (flags) => {
    created();
    const run = await sent(['sheet', 'create-with-data', '--name', 'n', ...flags]);
    expect([run.category, run.calls]).toEqual(['validation', []]);
  });
});
