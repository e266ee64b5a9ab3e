// Session 43 second reading, part a8 (issue 32, seed 20261379, notes/h43-a8.md): where a drawn command, or a sibling
// writing its file the same way, still differed from upstream's body at c7521c1c. Each run as a user types it against
// the recording backend on 127.0.0.1, in a private directory holding the files named.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h43a8-');

// doc download writes --output with httpGetFile, which opens it with os.Create after a 200 answer (helpers/doc.go:387,
// :461-492@c7521c1c): an existing file is truncated and replaced. drive download and drive download-version reach the
// same os.Create through driveTransferDownload (downloadSingleWithAuthRetry -> httpGetFile, writeStreamToFile, or the
// ranged parts renamed over it: drive.go:776, :951; drive_transfer.go:282-330, :443-453@c7521c1c). Before: dws refused
// an existing --output (invalid_parameter) after the download_file read, where upstream saves over it.
describe('an existing --output file is replaced, as upstream\'s os.Create does (doc download and its siblings)', () => {
  const link = (status?: number) => `${outputs.mcp.base}/files/d.bin${status ? `?status=${status}` : ''}`;
  const cases: [string, (status?: number) => void, string[]][] = [
    ['doc download', (s) => outputs.answer('doc/download_file', { resourceUrl: link(s) }), ['doc', 'download', '--node', 'N1']],
    ['drive download', (s) => outputs.answer('drive/download_file', { downloadUrl: link(s) }), ['drive', 'download', '--node', 'N1']],
    ['drive download-version', (s) => outputs.answer('drive/download_file_version', { downloadUrl: link(s) }),
      ['drive', 'download-version', '--node', 'N1', '--version', '2']],
    // sibling: sheet export's xlsx goes through the same httpGetFile (sheet_export.go:91@c7521c1c)
    ['sheet export', (s) => {
      outputs.answer('sheet/submit_export_job', { jobId: 'j1' });
      outputs.answer('sheet/query_export_job', { status: 'SUCCESS', downloadUrl: link(s) });
    }, ['sheet', 'export', '--node', 'N1']],
  ];

  it.each(cases)('%s saves over an existing file of any content', async (_name, answer, argv) => {
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 40 }), fc.uint8Array({ minLength: 1, maxLength: 64 }), async (old, payload) => {
      outputs.mcp.files['d.bin'] = Buffer.from(payload);
      answer();
      const r = await outputs.timed([...argv, '--output', 'x.out'], { 'x.out': old });
      expect(r.outcome.error).toBeUndefined();
      expect(readFileSync(path.join(r.dir, 'x.out'))).toEqual(Buffer.from(payload));
    }), { numRuns: 5 });
  });

  it.each(cases)('%s: an existing file inside a directory --output is replaced too', async (_name, answer, argv) => {
    outputs.mcp.files['d.bin'] = Buffer.from('new bytes');
    answer();
    const r = await outputs.timed([...argv, '--output', '.'], { 'd.bin': 'old' });
    expect(r.outcome.error).toBeUndefined();
    expect(readFileSync(path.join(r.dir, 'd.bin'), 'utf8')).toBe('new bytes');
  });

  it.each(cases)('%s: a refused GET (403) leaves the existing file as it was', async (_name, answer, argv) => {
    outputs.mcp.files['d.bin'] = Buffer.from('new bytes');
    answer(403);
    const r = await outputs.timed([...argv, '--output', 'x.out'], { 'x.out': 'old' });
    expect(r.outcome.error).toBeDefined();
    expect(readFileSync(path.join(r.dir, 'x.out'), 'utf8')).toBe('old');
  });
});
