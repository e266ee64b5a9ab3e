// Session 43 second reading, part c2 (issue 32, notes/h43-c2.md; seed 20261386): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h43c2-');

// verifyUpdateBatch (shortcut/aitable/record_batch.go:247-266@c7521c1c) files the read-back records in a Go map by
// recordID, so of two records with one id the LAST is the one compared (verifyRecordCells, record_upsert_by_key.go:315).
// +record-update, +record-upsert (verifyUpsertBatch :282) and +record-bulk-patch (record_bulk_patch.go:122) share it.
describe('aitable record writers compare the last read-back record of a repeated id (record_batch.go:247-266@c7521c1c)', () => {
  const runs: { name: string; argv: string[] }[] = [
    {
      name: '+record-update',
      argv: ['aitable', '+record-update', '--base-id', 'b', '--table-id', 't', '--records', '[{"recordId":"r","cells":{"f":1}}]', '--yes'],
    },
    {
      name: '+record-upsert',
      argv: ['aitable', '+record-upsert', '--base-id', 'b', '--table-id', 't', '--records', '[{"recordId":"r","cells":{"f":1}}]', '--yes'],
    },
    {
      name: '+record-bulk-patch',
      argv: ['aitable', '+record-bulk-patch', '--base-id', 'b', '--table-id', 't', '--record-ids', 'r', '--patch', '{"f":1}', '--yes'],
    },
  ];
  for (const r of runs) {
    it(`${r.name}: refused or verified as upstream's map reads the read-back, for any order of two records of one id`, async () => {
      await fc.assert(fc.asyncProperty(fc.constantFrom(1, 2), fc.constantFrom(1, 2), async (a, b) => {
        const records = [{ recordId: 'r', cells: { f: a } }, { recordId: 'r', cells: { f: b } }];
        outputs.answer('aitable/query_records', { records });
        const run = await outputs.sent(r.argv);
        // upstream: the map holds the last record; verified when its cell equals the one sent
        if (b === 1) expect(run.reason).toBeUndefined();
        else expect(run.reason).toBeDefined();
      }), { numRuns: 8 });
    });
  }
});

/** Go's filepath.Base on a slash path (path/filepath, unix). */
function goBase(p: string): string {
  if (p === '') return '.';
  const s = p.replace(/\/+$/, '');
  if (s === '') return '/';
  return s.slice(s.lastIndexOf('/') + 1);
}
/** upstream sanitizeFileName (helpers/drive.go:3700-3713@c7521c1c). */
function sanitizeFileName(name: string): string {
  const base = goBase(name.replaceAll('\\', '/'));
  if (base === '.' || base === '..' || base === '/' || base === '') return 'unnamed';
  const out = base.replaceAll('/', '_').replaceAll('\\', '_').replaceAll('\0', '');
  return out === '' ? 'unnamed' : out;
}

// markdown fetch prints file_name as downloadFromDrive/downloadFromDoc return it (helpers/drive.go:3836-3900,
// markdown.go:171-178, :217-222@c7521c1c): the answer's fileName as it came (or the URL's name), "download.md" when
// that is "" or "unnamed", then sanitizeFileName. The saved file keeps dws's safe name (the download step's own).
describe('markdown fetch prints upstream\'s file_name for the answer\'s fileName (drive.go:3700-3713, :3836-3900@c7521c1c)', () => {
  const part = fc.constantFrom('a', '.', '/', '\\', ' ', '\0', ':', 'b.md', '..', 'unnamed');
  it('file_name is sanitizeFileName of the fileName, "download.md" for "unnamed", for any name', async () => {
    await fc.assert(fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 4 }), async (parts) => {
      const fileName = parts.join('');
      outputs.mcp.files['x.bin'] = Buffer.from('# md');
      outputs.answer('drive/get_file_info', { result: { name: 'x' } });
      outputs.answer('drive/download_file', { result: { downloadUrl: `${outputs.mcp.base}/files/x.bin`, fileName } });
      const r = await outputs.sent(['markdown', 'fetch', '--node', 'n1']);
      expect(r.reason).toBeUndefined();
      expect((r.printed as { file_name: string }).file_name).toBe(sanitizeFileName(fileName === 'unnamed' ? 'download.md' : fileName));
    }), { numRuns: 60 });
  });
});
