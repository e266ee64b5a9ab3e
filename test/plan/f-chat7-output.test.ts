// f-chat7: whole outputs of commands whose upstream writes into a directory given as --output, run as a user types
// them against the fake MCP server on 127.0.0.1 (test/plan/output-runs.ts). sheet export-csv saves sheet-export.csv
// into a directory and prints one info line after a save (helpers/sheet_export_csv.go:185-207@c7521c1c).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-f-chat7-');

/** A run in a fresh file root holding `files` and the directories `dirs`; its outcome and the root. */
async function inRoot(argv: string[], dirs: string[] = [], files: Record<string, string> = {}) {
  const env = runs.env();
  const root = env.DWS_FILE_ROOT;
  for (const d of dirs) mkdirSync(path.join(root, d), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  const outcome = await dispatchInProcess(argv, env);
  const result = outcome.error ? undefined : (JSON.parse(outcome.out) as { result: unknown }).result;
  return { root, outcome, result };
}

describe('sheet export-csv --output', () => {
  it('writes sheet-export.csv into an existing directory and prints one info line naming it', async () => {
    runs.answer('sheet/get_range_as_csv', { result: { csv: 'a,b\n1,2\n', hasMore: false } });
    const r = await inRoot(['sheet', 'export-csv', '--node', 'N1', '--output', 'out'], ['out']);
    expect(r.result).toBe('[INFO] CSV saved: out/sheet-export.csv');
    expect(readFileSync(path.join(r.root, 'out', 'sheet-export.csv'), 'utf8')).toBe('a,b\n1,2\n');
  });

  it('takes . as the directory it is', async () => {
    runs.answer('sheet/get_range_as_csv', { csv: 'x\n' });
    const r = await inRoot(['sheet', 'export-csv', '--node', 'N1', '--output', '.']);
    expect(r.result).toBe('[INFO] CSV saved: sheet-export.csv');
    expect(readFileSync(path.join(r.root, 'sheet-export.csv'), 'utf8')).toBe('x\n');
  });

  it('replaces a sheet-export.csv already in the directory', async () => {
    runs.answer('sheet/get_range_as_csv', { csv: 'new\n' });
    const r = await inRoot(['sheet', 'export-csv', '--node', 'N1', '--output', 'out'], ['out'], { 'out/sheet-export.csv': 'old\n' });
    expect(r.result).toBe('[INFO] CSV saved: out/sheet-export.csv');
    expect(readFileSync(path.join(r.root, 'out', 'sheet-export.csv'), 'utf8')).toBe('new\n');
  });

  it('writes a file path as named and says so in the line', async () => {
    runs.answer('sheet/get_range_as_csv', { result: { csv: 'a\n' } });
    const r = await inRoot(['sheet', 'export-csv', '--node', 'N1', '--output', 'data.csv']);
    expect(r.result).toBe('[INFO] CSV saved: data.csv');
    expect(readFileSync(path.join(r.root, 'data.csv'), 'utf8')).toBe('a\n');
  });

  it('says the saved CSV was cut when --allow-truncated let a truncated answer through', async () => {
    runs.answer('sheet/get_range_as_csv', { result: { csv: 'a\n', hasMore: true } });
    const r = await inRoot(['sheet', 'export-csv', '--node', 'N1', '--output', 'out', '--allow-truncated'], ['out']);
    expect(r.result).toBe('[INFO] CSV saved, cut short (not the whole sheet): out/sheet-export.csv');
    expect(readFileSync(path.join(r.root, 'out', 'sheet-export.csv'), 'utf8')).toBe('a\n');
  });

  it('writes nothing into the directory when the answer is truncated and not allowed', async () => {
    runs.answer('sheet/get_range_as_csv', { result: { csv: 'a\n', hasMore: true } });
    const r = await inRoot(['sheet', 'export-csv', '--node', 'N1', '--output', 'out'], ['out']);
    expect(r.outcome.error?.reason).toBe('invalid_parameter');
    expect(r.outcome.out).toBe('');
    expect(existsSync(path.join(r.root, 'out', 'sheet-export.csv'))).toBe(false);
  });

  it('still prints the CSV text itself without --output', async () => {
    runs.answer('sheet/get_range_as_csv', { result: { csv: 'a,b\n' } });
    expect((await inRoot(['sheet', 'export-csv', '--node', 'N1'])).result).toBe('a,b\n');
  });
});
