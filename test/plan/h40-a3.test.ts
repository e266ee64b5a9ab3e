// Session 40 second reading, part a3 (issue 32): where a drawn command still differed from upstream's body at
// c7521c1c, run as a user types it against the recording backend on 127.0.0.1 (notes/h40-a3.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h40a3-');
const { sent } = outputs;

// Go's strings.TrimSpace spaces (U+0085 and U+00A0 among them; U+FEFF is not one)
const goSpace = fc.constantFrom(' ', '\t', '\n', '\u000b', '\f', '\r', '\u0085', '\u00a0', '\u3000');
const pad = fc.array(goSpace, { maxLength: 3 }).map((a) => a.join(''));
// the spellings strings.EqualFold takes for axls: each letter in either case, and the long s (U+017F) for s
const axls = fc.tuple(fc.constantFrom('a', 'A'), fc.constantFrom('x', 'X'), fc.constantFrom('l', 'L'), fc.constantFrom('s', 'S', '\u017f'))
  .map((letters) => letters.join(''));
// where documentInfoExtension reads the extension (doc_download_preflight.go:112-124@c7521c1c)
const place = fc.constantFrom('result', 'data', 'top');
const infoWith = (where: string, extension: string) => (where === 'top' ? { extension } : { [where]: { extension } });

const LINK = () => `${outputs.mcp.base}/files/f.bin`;

// runtimeRunner.Run (app/runner.go:648@c7521c1c) runs preflightDocDownload (app/doc_download_preflight.go:34-83) before
// every doc/download_file call: get_document_info{nodeId: the node trimmed} when that is not blank; an answer naming
// the extension axls (strings.EqualFold, trimmed) is refused as unsupported_alidoc_extension before download_file.
describe('doc download: get_document_info comes first and an axls node is refused (doc_download_preflight.go:34-83@c7521c1c)', () => {
  it('the node trimmed is read first, then download_file gets the node as typed', async () => {
    outputs.mcp.files['f.bin'] = Buffer.from('payload');
    outputs.answer('doc/get_document_info', { result: { extension: 'pdf', name: 'a.pdf' } });
    outputs.answer('doc/download_file', { result: { resourceUrl: LINK() } });
    const r = await sent(['doc', 'download', '--node', ' n1 ', '--output', 'a.pdf']);
    expect(r.reason).toBeUndefined();
    expect(r.calls).toEqual([['doc/get_document_info', { nodeId: 'n1' }], ['doc/download_file', { nodeId: ' n1 ' }]]);
  });
  it('an axls extension, in any case and padding, at result, data or the top: refused before download_file', async () => {
    await fc.assert(fc.asyncProperty(axls, pad, pad, place, async (ext, before, after, where) => {
      outputs.answer('doc/get_document_info', infoWith(where, before + ext + after));
      outputs.answer('doc/download_file', { result: { resourceUrl: LINK() } });
      const r = await sent(['doc', 'download', '--node', 'n1', '--output', 'a.xlsx']);
      expect(r.reason).toBe('invalid_parameter');
      expect(r.calls).toEqual([['doc/get_document_info', { nodeId: 'n1' }]]);
    }), { numRuns: 25 });
  });
  it('the first non-blank text extension decides: a blank or non-text one yields to the next place', async () => {
    outputs.answer('doc/get_document_info', { result: { extension: ' ' }, data: { extension: 7 }, extension: 'AXLS' });
    const blankFirst = await sent(['doc', 'download', '--node', 'n1', '--output', 'a.xlsx']);
    expect(blankFirst.reason).toBe('invalid_parameter');
    expect(blankFirst.calls).toHaveLength(1);
    outputs.mcp.files['f.bin'] = Buffer.from('payload');
    outputs.answer('doc/get_document_info', { result: { extension: 'adoc' }, extension: 'axls' });
    outputs.answer('doc/download_file', { result: { resourceUrl: LINK() } });
    const adoc = await sent(['doc', 'download', '--node', 'n1', '--output', 'a.bin']);
    expect(adoc.reason).toBeUndefined();
    expect(adoc.calls.map((c) => c[0])).toEqual(['doc/get_document_info', 'doc/download_file']);
  });
  it('an answer that is no JSON object names no extension: the download goes on', async () => {
    for (const text of ['not json', '[{"extension":"axls"}]', '"axls"', '']) {
      outputs.mcp.files['f.bin'] = Buffer.from('payload');
      outputs.answerText('get_document_info', text);
      outputs.answer('doc/download_file', { result: { resourceUrl: LINK() } });
      const r = await sent(['doc', 'download', '--node', 'n1', '--output', `t${text.length}.bin`]);
      expect(r.reason).toBeUndefined();
      expect(r.calls.map((c) => c[0])).toEqual(['doc/get_document_info', 'doc/download_file']);
    }
  });
  it('a business error of the preflight stops the run before download_file', async () => {
    outputs.answer('doc/get_document_info', { success: false, errorCode: 'NODE_NOT_FOUND', errorMsg: 'no such node' });
    const r = await sent(['doc', 'download', '--node', 'n1', '--output', 'a.bin']);
    expect(r.reason).toBe('business_error');
    expect(r.calls.map((c) => c[0])).toEqual(['doc/get_document_info']);
  });
  it('a node blank after trimming is not read first (docDownloadNodeID, :89-98)', async () => {
    outputs.mcp.files['f.bin'] = Buffer.from('payload');
    outputs.answer('doc/download_file', { result: { resourceUrl: LINK() } });
    const r = await sent(['doc', 'download', '--node', ' \u0085', '--output', 'a.bin']);
    expect(r.calls).toEqual([['doc/download_file', { nodeId: ' \u0085' }]]);
  });
});

// markdown fetch / patch on the doc route read the file with downloadFromDoc (helpers/drive.go:3870-3872@c7521c1c), a
// doc/download_file call through the same runner: the same preflight (a second get_document_info after the route
// probe) and the same axls refusal.
describe('markdown fetch / patch: the doc route\'s download_file has the same preflight (drive.go:3870-3872, doc_download_preflight.go@c7521c1c)', () => {
  it('markdown fetch --workspace: get_document_info{node trimmed}, then download_file', async () => {
    outputs.mcp.files['f.md'] = Buffer.from('# t');
    outputs.answer('doc/get_document_info', { result: { extension: 'md' } });
    outputs.answer('doc/download_file', { result: { resourceUrl: `${outputs.mcp.base}/files/f.md` } });
    const r = await sent(['markdown', 'fetch', '--node', ' n1 ', '--workspace', 'w1']);
    expect(r.reason).toBeUndefined();
    expect(r.calls).toEqual([['doc/get_document_info', { nodeId: 'n1' }], ['doc/download_file', { nodeId: ' n1 ' }]]);
  });
  it('markdown fetch, routed to doc by the probe: the probe, the preflight, then an axls node refused', async () => {
    await fc.assert(fc.asyncProperty(axls, pad, place, async (ext, padding, where) => {
      outputs.answer('drive/get_file_info', { success: false, errorCode: 'NOT_FOUND', errorMsg: 'not a drive file' });
      outputs.answer('doc/get_document_info', infoWith(where, padding + ext));
      const r = await sent(['markdown', 'fetch', '--node', 'n1']);
      expect(r.reason).toBe('invalid_parameter');
      expect(r.calls).toEqual([['drive/get_file_info', { fileId: 'n1' }], ['doc/get_document_info', { nodeId: 'n1' }], ['doc/get_document_info', { nodeId: 'n1' }]]);
    }), { numRuns: 10 });
  });
  it('markdown patch, routed to doc: refused before download_file and before any write', async () => {
    outputs.answer('drive/get_file_info', { success: false, errorCode: 'NOT_FOUND', errorMsg: 'not a drive file' });
    outputs.answer('doc/get_document_info', { data: { extension: 'Axls' } });
    const r = await sent(['markdown', 'patch', '--node', ' n1', '--pattern', 'a', '--content', 'b', '--yes']);
    expect(r.reason).toBe('invalid_parameter');
    expect(r.calls).toEqual([['drive/get_file_info', { fileId: ' n1' }], ['doc/get_document_info', { nodeId: ' n1' }], ['doc/get_document_info', { nodeId: 'n1' }]]);
  });
});
