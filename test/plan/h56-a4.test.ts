// Session 56 second reading, helper a4 (issue 32, notes/h56-a4.md; seed 20261471). One drawn command differed from
// its upstream body at c7521c1c: markdown overwrite, without --name, takes the uploaded file's name from the remote
// file's info as parseRemoteFileName reads it (internal/helpers/drive.go:3935-3954, called through
// markdownRemoteNameWithContext markdown.go:811-824@c7521c1c): the info is the answer's result when that is an
// object, else the answer itself; its fileName when that is non-empty text; else its name (text), joined with "." and
// its extension (text) unless the name already ends in that extension (case folded); every name then goes through
// sanitizeFileName (drive.go:3700-3713). dws read only result.fileName / result.name / result.extension, took an empty
// or non-text fileName as the name, joined a non-text extension, kept NUL characters, and sent ".md" for an empty
// name with extension md, where upstream finds no name and stops. markdown patch reads its name the same way
// (markdown.go:712) and had the same expression. Each runs as a user types it against the recording backend.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useOutputRuns } from './output-runs.js';
import { applyTransform } from '../../src/plan/transforms/index.js';

const outputs = useOutputRuns('dws-h56a4-');
const { sent, mcp } = outputs;

/** The remote file infos the drawn reading turned on, and the name upstream uploads under (undefined: it stops). */
const INFOS: [string, unknown, string | undefined][] = [
  ['an info at the top level, no result object', { fileName: 'R.md' }, 'R.md'],
  ['a result that is not an object: the top level is read', { result: 's', fileName: 'R.md' }, 'R.md'],
  ['an empty fileName: the name is read', { result: { fileName: '', name: 'R.md', extension: 'md' } }, 'R.md'],
  ['a fileName that is not text: the name and extension are read', { result: { fileName: 5, name: 'R', extension: 'md' } }, 'R.md'],
  ['an extension that is not text: the name alone', { result: { name: 'R.md', extension: 5 } }, 'R.md'],
  ['a NUL in the fileName is removed (sanitizeFileName)', { result: { fileName: 'a\u0000.md' } }, 'a.md'],
  ['an empty name: no name, so no upload', { result: { name: '', extension: 'md' } }, undefined],
  // controls: the reading dws already had
  ['a name and an upper-case extension', { result: { name: 'R', extension: 'MD' } }, 'R.MD'],
  ['a name that already ends in its extension, case folded', { result: { name: 'R.MD', extension: 'md' } }, 'R.MD'],
  ['a fileName with a Windows directory', { result: { fileName: 'd\\R.md' } }, 'R.md'],
];

describe('markdown overwrite: the remote name is read as parseRemoteFileName reads it (drive.go:3935-3954@c7521c1c)', () => {
  it.each(INFOS)('drive route (--space-id), %s', async (_, info, name) => {
    outputs.answer('drive/get_file_info', info);
    outputs.answer('drive/get_upload_info', { result: { uploadId: 'up1', resourceUrl: `${mcp.base}/upload/h56` } });
    const r = await sent(['markdown', 'overwrite', '--node', 'n1', '--content', '# x', '--space-id', 's1', '--yes']);
    if (name === undefined) {
      expect([r.reason, r.calls.map((c) => c[0])]).toEqual(['invalid_parameter', ['drive/get_file_info']]);
      return;
    }
    expect(r.reason).toBeUndefined();
    expect(r.calls).toEqual([
      ['drive/get_file_info', { fileId: 'n1' }],
      ['drive/get_upload_info', { fileName: name, fileSize: 3, spaceId: 's1', mimeType: 'text/markdown', overwriteFileId: 'n1' }],
      ['drive/commit_upload', { fileName: name, fileSize: 3, uploadId: 'up1', spaceId: 's1', overwriteFileId: 'n1' }],
    ]);
  });

  it.each(INFOS)('doc route (--workspace), %s', async (_, info, name) => {
    outputs.answer('doc/get_document_info', info);
    outputs.answer('doc/get_file_upload_info', { result: { resourceUrl: `${mcp.base}/upload/h56d`, uploadKey: 'k1' } });
    const r = await sent(['markdown', 'overwrite', '--node', 'n1', '--content', '# x', '--workspace', 'w1', '--yes']);
    if (name === undefined) {
      expect([r.reason, r.calls.map((c) => c[0])]).toEqual(['invalid_parameter', ['doc/get_document_info']]);
      return;
    }
    expect(r.reason).toBeUndefined();
    expect(r.calls).toEqual([
      ['doc/get_document_info', { nodeId: 'n1' }],
      ['doc/get_file_upload_info', { workspaceId: 'w1', overwriteNodeId: 'n1', name }],
      ['doc/commit_uploaded_file', { uploadKey: 'k1', name, fileSize: 3, workspaceId: 'w1', overwriteNodeId: 'n1' }],
    ]);
  });

  it('a typed --name is still the name, sanitized, whatever the remote info says', async () => {
    outputs.answer('drive/get_upload_info', { result: { uploadId: 'up1', resourceUrl: `${mcp.base}/upload/h56n` } });
    const r = await sent(['markdown', 'overwrite', '--node', 'n1', '--content', '# x', '--space-id', 's1', '--name', 'x\\y/N.md/', '--yes']);
    expect([r.reason, r.calls.map((c) => (c[1] as { fileName?: string }).fileName)]).toEqual([undefined, ['N.md', 'N.md']]);
  });
});

describe('markdown patch: the same reading of the remote name (markdown.go:712, drive.go:3935-3954@c7521c1c)', () => {
  it.each(INFOS)('drive route (--space-id), %s', async (_, info, name) => {
    mcp.files['cur.md'] = Buffer.from('keep old line');
    outputs.answer('drive/get_file_info', info);
    outputs.answer('drive/download_file', { result: { downloadUrl: `${mcp.base}/files/cur.md` } });
    outputs.answer('drive/get_upload_info', { result: { uploadId: 'up1', resourceUrl: `${mcp.base}/upload/h56p` } });
    const r = await sent(['markdown', 'patch', '--node', 'n1', '--space-id', 's1', '--pattern', ' old', '--content', ' new', '--yes']);
    const writes = r.calls.filter((c) => c[0] === 'drive/get_upload_info' || c[0] === 'drive/commit_upload');
    if (name === undefined) {
      expect([r.reason, writes]).toEqual(['invalid_parameter', []]);
      return;
    }
    expect(r.reason).toBeUndefined();
    expect(writes.map((c) => (c[1] as { fileName: string }).fileName)).toEqual([name, name]);
  });
});

/** upstream's parseRemoteFileName then sanitizeFileName, written from drive.go:3700-3713, :3935-3954@c7521c1c. */
function upstreamName(answer: unknown): string {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const sanitize = (s: string) => {
    const parts = s.replace(/\\/gu, '/').replace(/\/+$/u, '').split('/');
    const base = s === '' ? '.' : /^\/+$/u.test(s.replace(/\\/gu, '/')) ? '/' : parts[parts.length - 1];
    if (['.', '..', '/', ''].includes(base)) return 'unnamed';
    const out = base.split('\u0000').join('');
    return out === '' ? 'unnamed' : out;
  };
  if (!isObject(answer)) return '';
  const data = isObject(answer.result) ? answer.result : answer;
  if (typeof data.fileName === 'string' && data.fileName !== '') return sanitize(data.fileName);
  const name = typeof data.name === 'string' ? data.name : '';
  const ext = typeof data.extension === 'string' ? data.extension : '';
  if (name === '') return '';
  if (ext === '' || name.toLowerCase().endsWith(`.${ext.toLowerCase()}`)) return sanitize(name);
  return sanitize(`${name}.${ext}`);
}

describe('go_remote_file_name: any info of texts, numbers and nesting reads as upstream reads it', () => {
  const text = fc.constantFrom('', 'R', 'R.md', 'r.MD', 'md', '.md', 'a\u0000b', 'd/R', 'd\\R.md', '..', '/', 'x.txt');
  const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.boolean());
  const info = fc.record({ fileName: value, name: value, extension: value }, { requiredKeys: [] });
  it('matches the upstream reading for the info at the top level or under result', () => {
    fc.assert(fc.property(info, fc.oneof(fc.constant('top'), fc.constant('result'), fc.constant('text-result')), (i, where) => {
      const answer = where === 'top' ? i : where === 'result' ? { result: i } : { result: 'x', ...i };
      expect(applyTransform('go_remote_file_name', answer, 't')).toBe(upstreamName(answer));
    }), { numRuns: 300 });
  });
});
