// Session 41 second reading, part a3 (issue 32, notes/h41-a3.md, seed 20261362): where a drawn command, or a sibling
// reading the same upstream helper, still differed from upstream's body at c7521c1c. Each run as a user types it
// against the fake MCP server on 127.0.0.1 (test/plan/output-runs.ts).
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-h41a3-');

/**
 * upstream's inferFilename (internal/helpers/doc.go:441-460@c7521c1c), as a model: the text after the URL's last `/`
 * (none, or `/` last: `download`), cut at its first `?`, url.PathUnescape'd when that succeeds, `\` read as `/`, then
 * filepath.Base; `""`, `.` and `/` give `download`.
 */
function upstreamInferFilename(rawURL: string): string {
  const idx = rawURL.lastIndexOf('/');
  if (idx < 0 || idx >= rawURL.length - 1) return 'download';
  let name = rawURL.slice(idx + 1);
  if (name.includes('?')) name = name.slice(0, name.indexOf('?'));
  if (!/%(?![0-9A-Fa-f]{2})/u.test(name)) {
    const bytes = name.split(/(%[0-9A-Fa-f]{2})/u).map((part) => (part.startsWith('%') ? Buffer.from([parseInt(part.slice(1), 16)]) : Buffer.from(part, 'utf8')));
    name = Buffer.concat(bytes).toString('utf8');
  }
  name = name.replaceAll('\\', '/');
  const trimmed = name.replace(/\/+$/u, '');
  const base = trimmed === '' ? (name === '' ? '.' : '/') : trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return base === '' || base === '.' || base === '/' ? 'download' : base;
}

/** A run in a fresh file root holding the directories `dirs`; its printed result (undefined when it failed), its root and outcome. */
async function inRoot(argv: string[], dirs: string[] = []) {
  const env = runs.env();
  const root = env.DWS_FILE_ROOT;
  for (const d of dirs) mkdirSync(path.join(root, d), { recursive: true });
  const outcome = await dispatchInProcess(argv, env);
  const result = outcome.error ? undefined : (JSON.parse(outcome.out) as { result: Record<string, unknown> }).result;
  return { root, outcome, result };
}

describe('chat message download-media: a directory --output gets upstream inferFilename\'s name (chat.go:6459-6470, doc.go:441-460@c7521c1c)', () => {
  const argv = (output: string) => ['chat', 'message', 'download-media', '--open-conversation-id', 'c', '--message-id', 'm', '--resource-id', 'r', '--type', 'mediaId', '--output', output];

  it('a last segment holding %2F (ddmedia%2Fpic.png) is saved as its base name pic.png, not ddmedia_pic.png', async () => {
    runs.mcp.files['ddmedia/pic.png'] = Buffer.from('PNG');
    const url = `${runs.mcp.base}/files/ddmedia%2Fpic.png?sig=1`;
    runs.answer('im/get_resource_download_url', { result: { resourceUrl: url } });
    const r = await inRoot(argv('media/'), ['media']);
    expect(r.result).toEqual({ downloadUrl: url, output: 'media/pic.png', success: true });
    expect(readFileSync(path.join(r.root, 'media', 'pic.png'), 'utf8')).toBe('PNG');
  });

  it('an escaped backslash (%5C) parts the name as a slash does: dir%5Cv.mp4 is saved as v.mp4', async () => {
    runs.mcp.files['dir\\v.mp4'] = Buffer.from('MP4');
    const url = `${runs.mcp.base}/files/dir%5Cv.mp4`;
    runs.answer('im/get_resource_download_url', { downloadUrl: url });
    const r = await inRoot(argv('out'), ['out']);
    expect(r.result).toEqual({ downloadUrl: url, output: 'out/v.mp4', success: true });
  });

  it('for any last segment, the saved name is the model\'s (names safe on every file system: letters, digits, . _ - and escapes)', async () => {
    let checked = 0;
    const piece = fc.constantFrom('a', 'b', '7', '.', '_', '-', '%2F', '%5C', '%41', '%25', '%zz', '%', 'x.png', 'é');
    await fc.assert(fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 6 }).map((p) => p.join('')), async (segment) => {
      const expected = upstreamInferFilename(`http://h/files/${segment}`);
      // names dws's file-safety would change on its own (leading dots) or Node's URL would reject are left out
      fc.pre(!/^[.]/u.test(expected) && expected !== 'download');
      const key = (() => {
        try {
          return decodeURIComponent(segment);
        } catch {
          return segment;
        }
      })();
      runs.mcp.files[key] = Buffer.from('X');
      runs.answer('im/get_resource_download_url', { downloadUrl: `${runs.mcp.base}/files/${segment}` });
      const r = await inRoot(argv('d/'), ['d']);
      if (r.result === undefined) return; // a URL the fake server cannot serve (a bad escape) fails the GET alike
      expect(r.result.output).toBe(`d/${expected}`);
      expect(readdirSync(path.join(r.root, 'd'))).toEqual([expected]);
      checked++;
    }), { numRuns: 40 });
    expect(checked).toBeGreaterThan(15);
  });
});

describe('siblings that name a directory --output\'s file with inferFilename (doc.go:376-382, drive.go:752-758, :930-935@c7521c1c)', () => {
  it('doc download: x%2Fy.pdf into an existing directory is saved as y.pdf', async () => {
    runs.mcp.files['x/y.pdf'] = Buffer.from('PDF');
    runs.answer('doc/download_file', { result: { resourceUrl: `${runs.mcp.base}/files/x%2Fy.pdf` } });
    const r = await inRoot(['doc', 'download', '--node', 'n1', '--output', 'out'], ['out']);
    expect(r.result).toMatchObject({ savedPath: 'out/y.pdf' });
    expect(readdirSync(path.join(r.root, 'out'))).toEqual(['y.pdf']);
  });

  it('drive download: without a fileName, a%2Fb.docx is saved as b.docx; a URL ending in / as download', async () => {
    runs.mcp.files['a/b.docx'] = Buffer.from('DOCX');
    runs.answer('drive/download_file', { result: { downloadUrl: `${runs.mcp.base}/files/a%2Fb.docx` } });
    const r = await inRoot(['drive', 'download', '--node', 'n1', '--output', 'out'], ['out']);
    expect(r.result).toMatchObject({ savedPath: 'out/b.docx' });
    runs.mcp.files['dir'] = Buffer.from('D');
    runs.answer('drive/download_file', { result: { downloadUrl: `${runs.mcp.base}/files/dir/` } });
    const r2 = await inRoot(['drive', 'download', '--node', 'n1', '--output', 'out'], ['out']);
    expect(r2.result).toMatchObject({ savedPath: 'out/download' });
  });

  it('drive download: the answer\'s fileName still comes first (extractFileNameFromResponse)', async () => {
    runs.mcp.files['a/b.docx'] = Buffer.from('DOCX');
    runs.answer('drive/download_file', { result: { downloadUrl: `${runs.mcp.base}/files/a%2Fb.docx`, fileName: 'named.docx' } });
    const r = await inRoot(['drive', 'download', '--node', 'n1', '--output', 'out'], ['out']);
    expect(r.result).toMatchObject({ savedPath: 'out/named.docx' });
  });

  it('drive download-version: resourceUrls[0].url v%2Fw.txt is saved as w.txt', async () => {
    runs.mcp.files['v/w.txt'] = Buffer.from('TXT');
    runs.answer('drive/download_file_version', { result: { resourceUrls: [{ url: `${runs.mcp.base}/files/v%2Fw.txt` }] } });
    const r = await inRoot(['drive', 'download-version', '--node', 'n1', '--version', '2', '--output', 'out'], ['out']);
    expect(r.result).toMatchObject({ savedPath: 'out/w.txt' });
  });
});
