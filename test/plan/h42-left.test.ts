// Session 42 helper "left" (issue 32 / 34, notes/h42-left.md): review gaps earlier sessions left, each run as a user
// types the command against the fake MCP server on 127.0.0.1.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goInferredName } from '../../src/plan/transforms/files.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-h42left-');

/**
 * upstream's inferSheetExportFilename (internal/helpers/sheet_export.go:222-243@c7521c1c), as a model: the raw text
 * after the last `/` (nothing when none, or nothing after it), cut at `?`, PathUnescape'd when that gives something,
 * `\` made `/`, filepath.Base; nothing when that leaves "", "." or "/".
 */
function sheetExportName(rawUrl: string): string | undefined {
  const idx = rawUrl.lastIndexOf('/');
  if (idx < 0 || idx === rawUrl.length - 1) return undefined;
  let name = rawUrl.slice(idx + 1);
  const q = name.indexOf('?');
  if (q >= 0) name = name.slice(0, q);
  if (name === '') return undefined;
  try {
    const decoded = decodeURIComponent(name);
    if (decoded !== '') name = decoded;
  } catch {
    // Go's PathUnescape error keeps the name as it was
  }
  name = name.replaceAll('\\', '/');
  const trimmed = name.replace(/\/+$/u, '');
  const base = trimmed === '' ? '/' : trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return base === '' || base === '.' || base === '/' ? undefined : base;
}

describe('transform go_infer_filename_found is upstream inferSheetExportFilename (sheet_export.go:222-243@c7521c1c)', () => {
  it.each([
    ['http://h/files/a.xlsx?x=1/2.xlsx', '2.xlsx'],
    ['http://h/files/a.xlsx/', undefined],
    ['http://h/files/q%2Fr.xlsx', 'r.xlsx'],
    ['http://h/files/download', 'download'],
    ['http://h/files/%zz.xlsx', '%zz.xlsx'],
    ['http://h/files/?sig=1', undefined],
    ['http://h/files/.', undefined],
    ['http://h/files/%2F', undefined],
    ['http://h', 'h'],
    ['no-slash', undefined],
  ])('%s -> %s', (url, name) => {
    expect(goInferredName(url)).toBe(name);
  });

  it('property: agrees with the model for URL texts of separators, escapes, queries and fragments', () => {
    const piece = fc.constantFrom('a', 'x.xlsx', 'download', '/', '\\', '%2F', '%5c', '%41', '%zz', '%', '?', '#', '.', '..', ' ', 'é');
    fc.assert(fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
      const url = `http://127.0.0.1:1/${pieces.join('')}`;
      expect(goInferredName(url)).toBe(sheetExportName(url));
    }));
  });
});

describe('sheet export --output <existing directory> names the file as inferSheetExportFilename (sheet_export.go:80-87, :222-243@c7521c1c)', { timeout: 30_000 }, () => {
  it.each([
    ['a `/` in the query', 'a.xlsx?x=1/2.xlsx', '2.xlsx', 'a.xlsx'],
    ['a trailing slash', 'a.xlsx/', 'sheet-export-J7.xlsx', 'a.xlsx'],
    ['a `/` ending the query', 'a.xlsx?sig=/', 'sheet-export-J7.xlsx', 'a.xlsx'],
    ['an escaped %2F', 'q%2Fr.xlsx', 'r.xlsx', 'q/r.xlsx'],
    ['a last segment that is itself `download`', 'download', 'download', 'download'],
  ])('%s: files/%s is saved as %s', async (_case, tail, saved, served) => {
    runs.mcp.files[served] = Buffer.from('PK-xlsx');
    runs.answer('sheet/submit_export_job', { result: { jobId: 'J7' } });
    const link = `${runs.mcp.base}/files/${tail}`;
    runs.answer('sheet/query_export_job', { result: { status: 'SUCCESS', downloadUrl: link } });
    const r = await runs.timed(['sheet', 'export', '--node', 'N1', '--output', '.']);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(r.result).toEqual({ success: true, jobId: 'J7', outputPath: saved, downloadUrl: link });
    expect(readdirSync(r.dir).filter((f) => !f.startsWith('journal.jsonl'))).toEqual([saved]);
    expect(readFileSync(`${r.dir}/${saved}`, 'utf8')).toBe('PK-xlsx');
  });
});
