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

describe('chat message download-media --output (chat.go:6459-6490@c7521c1c)', () => {
  const argv = (output: string) => ['chat', 'message', 'download-media', '--open-conversation-id', 'c', '--message-id', 'm', '--resource-id', 'r', '--type', 'mediaId', '--output', output];

  it('saves into an existing directory under the URL\'s last segment, decoded, and prints that path', async () => {
    runs.mcp.files['p%20q.png'] = Buffer.from('PNG');
    runs.answer('im/get_resource_download_url', { result: { resourceUrl: `${runs.mcp.base}/files/p%2520q.png?sig=1` } });
    const r = await inRoot(argv('media'), ['media']);
    expect(r.result).toEqual({ downloadUrl: `${runs.mcp.base}/files/p%2520q.png?sig=1`, output: 'media/p%20q.png', success: true });
    expect(readFileSync(path.join(r.root, 'media', 'p%20q.png'), 'utf8')).toBe('PNG');
  });

  it('takes a path ending in / as a directory, creating it', async () => {
    runs.mcp.files['v.mp4'] = Buffer.from('MP4');
    runs.answer('im/get_resource_download_url', { downloadUrl: `${runs.mcp.base}/files/v.mp4` });
    const r = await inRoot(argv('new/dir/'));
    expect(r.result).toEqual({ downloadUrl: `${runs.mcp.base}/files/v.mp4`, output: 'new/dir/v.mp4', success: true });
    expect(readFileSync(path.join(r.root, 'new', 'dir', 'v.mp4'), 'utf8')).toBe('MP4');
  });

  it('replaces a file already there, as os.Create does', async () => {
    runs.mcp.files['a.bin'] = Buffer.from('NEW');
    runs.answer('im/get_resource_download_url', { result: { resourceUrl: [`${runs.mcp.base}/files/a.bin`] } });
    const r = await inRoot(argv('.'), [], { 'a.bin': 'OLD' });
    expect(r.result).toEqual({ downloadUrl: `${runs.mcp.base}/files/a.bin`, output: 'a.bin', success: true });
    expect(readFileSync(path.join(r.root, 'a.bin'), 'utf8')).toBe('NEW');
  });

  it('sends the answer\'s headers with the GET, read where the URL is', async () => {
    runs.mcp.files['h.bin'] = Buffer.from('H');
    runs.answer('im/get_resource_download_url', { headers: { 'x-top': 'no' }, result: { resourceUrl: `${runs.mcp.base}/files/h.bin`, headers: { 'x-oss-token': 'k1' } } });
    await inRoot(argv('h.bin'));
    expect(runs.mcp.fetched).toHaveLength(1);
    expect(runs.mcp.fetched[0].headers['x-oss-token']).toBe('k1');
    expect(runs.mcp.fetched[0].headers['x-top']).toBeUndefined();
    runs.mcp.fetched.length = 0;
    runs.answer('im/get_resource_download_url', { resourceUrl: `${runs.mcp.base}/files/h.bin`, headers: { 'x-top': 'yes' } });
    await inRoot(argv('h2.bin'));
    expect(runs.mcp.fetched[0].headers['x-top']).toBe('yes');
  });
});
