// Session 32 sweep, share 7 (drive, wiki; issue 32): where a command differed from upstream's body at c7521c1c, run
// as a user types it against the recording backend on 127.0.0.1, asserting what is sent, fetched and printed.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-sw32-7-');
const { sent, mcp } = outputs;

describe('drive +version-download reads the link as driveDownloadPayload does: only the object requireDriveObject gives (version_operations.go:112-131, :270-291; common.go:99-122, :198-205@c7521c1c)', () => {
  const argv = ['drive', '+version-download', '--node', 'n', '--version', '3', '--output', 'out/'];
  const run = async (link: unknown) => {
    mcp.files['v3.pdf'] = Buffer.from('PDFDATA');
    mcp.files['empty.pdf'] = Buffer.alloc(0);
    mcp.files['top.pdf'] = Buffer.from('TOP');
    outputs.answer('drive/list_file_versions', { result: { versions: [{ version: 3 }], hasMore: false } });
    outputs.answer('drive/download_file_version', link);
    mcp.fetched.length = 0;
    const r = await sent(argv);
    const fetched = mcp.fetched.map((f) => [f.name, Object.fromEntries(Object.entries(f.headers).filter(([k]) => k.startsWith('x-')))]);
    return { reason: r.reason, fetched, printed: r.printed as { savedPath?: string } | undefined };
  };
  const url = (name: string) => `${mcp.base}/files/${name}`;

  it('a URL beside a result object that names none is not read: missing_download_url before any fetch', async () => {
    const r = await run({ result: { fileName: 'x', a: 1 }, downloadUrl: url('top.pdf') });
    expect([r.reason, r.fetched]).toEqual(['backend_error', []]);
  });

  it('a blank URL text is skipped for the next spelling; header values that are not text are dropped', async () => {
    const blank = await run({ result: { downloadUrl: '  ', url: url('v3.pdf') } });
    expect([blank.reason, blank.fetched, blank.printed?.savedPath]).toEqual([undefined, [['v3.pdf', {}]], 'out/v3.pdf']);
    const headers = await run({ result: { downloadUrl: url('v3.pdf'), fileName: 'a.pdf', headers: { 'x-a': '1', 'x-n': 5 } } });
    expect([headers.fetched, headers.printed?.savedPath]).toEqual([[['v3.pdf', { 'x-a': '1' }]], 'out/a.pdf']);
  });

  it('the headers and the file name come from the object that gave the URL, never mixed across levels', async () => {
    const own = await run({ result: { downloadUrl: url('v3.pdf'), resourceUrls: [{ headers: { 'x-r': 'r' }, name: 'res.pdf' }] } });
    expect([own.fetched, own.printed?.savedPath]).toEqual([[['v3.pdf', {}]], 'out/v3.pdf']);
    const resource = await run({ result: { resourceUrls: [{ resourceUrl: url('v3.pdf'), headers: { 'x-q': 'q' } }], headers: { 'x-top': 't' }, fileName: 'outer.pdf' } });
    expect([resource.fetched, resource.printed?.savedPath]).toEqual([[['v3.pdf', { 'x-q': 'q' }]], 'out/v3.pdf']);
  });

  it('a download of 0 bytes is refused (empty_download_artifact), nothing printed', async () => {
    const r = await run({ result: { downloadUrl: url('empty.pdf') } });
    expect([r.reason, r.fetched, r.printed]).toEqual(['backend_error', [['empty.pdf', {}]], undefined]);
  });
});
