// Siblings of session 36's issue-32 fixes (notes/h36-sib.md): other commands whose upstream body (c7521c1c) uses the
// same helper or reading as a command the session fixed. Each run as a user types it against the recording backend.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h36sib-');
const { mcp } = outputs;

describe('doc +media-download reads the answer as downloadResolvedResource (media_style_shortcuts.go:237-257, :315-330, :376-397@c7521c1c), as +media-preview does', () => {
  const argv = ['doc', '+media-download', '--node', 'n1', '--resource-id', 'r1', '--output', 'got/'];
  const serve = (bytes: string) => {
    mcp.files['m.png'] = Buffer.from(bytes);
    mcp.fetched.length = 0;
  };
  it('a URL at any depth (nestedStringDeep) is fetched, not only at the top, in result or in data', async () => {
    serve('png!');
    outputs.answer('doc/download_doc_attachment', { result: { data: { attachment: { downloadUrl: `${mcp.base}/files/m.png` } } } });
    const r = await outputs.sent(argv);
    expect([r.reason, mcp.fetched.map((f) => f.name)]).toEqual([undefined, ['m.png']]);
  });
  it('a blank downloadUrl is passed over for the next key, and the URL is trimmed', async () => {
    serve('png!');
    outputs.answer('doc/download_doc_attachment', { downloadUrl: '  ', resourceUrl: ` ${mcp.base}/files/m.png ` });
    const r = await outputs.sent(argv);
    expect([r.reason, mcp.fetched.map((f) => f.name)]).toEqual([undefined, ['m.png']]);
  });
  it('the headers of nestedMap(data) keep only text values', async () => {
    serve('png!');
    outputs.answer('doc/download_doc_attachment', { result: { downloadUrl: `${mcp.base}/files/m.png`, headers: { 'x-a': 'one', 'x-n': 5 } } });
    const r = await outputs.sent(argv);
    expect([r.reason, mcp.fetched[0]?.headers['x-a'], mcp.fetched[0]?.headers['x-n']]).toEqual([undefined, 'one', undefined]);
  });
  it('a download of 0 bytes fails (doc_media_empty_download, an api error) instead of printing verified: false', async () => {
    serve('');
    outputs.answer('doc/download_doc_attachment', { downloadUrl: `${mcp.base}/files/m.png` });
    const r = await outputs.sent(argv);
    expect([r.reason, r.printed]).toEqual(['backend_error', undefined]);
  });
});
