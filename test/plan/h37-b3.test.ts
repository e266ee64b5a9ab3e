// Session 37 second reading, part b3 (issue 32, notes/h37-b3.md): where a drawn command still differed from upstream's
// body at c7521c1c. Each run as a user types it (`node bin/dws.cjs ...`) against the recording MCP server on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorOf, runCliAsync } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h37b3-');

/** The real binary run as a user types it: its exit status, the calls the server received, the files it fetched, its refusal. */
async function cli(argv: string[]) {
  outputs.mcp.calls.length = 0;
  outputs.mcp.fetched.length = 0;
  const r = await runCliAsync(argv, '', outputs.env());
  const calls = outputs.mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments]);
  const printed = r.stdout ? (JSON.parse(r.stdout) as { result: unknown }).result : undefined;
  const error = r.status === 0 ? undefined : errorOf(r.stderr);
  return { status: r.status, calls, fetched: outputs.mcp.fetched.map((f) => f.name), printed, reason: error?.reason, message: error?.message };
}

/**
 * upstream localio.ValidateDownloadURL (internal/localio/download.go:296-309, allowedDownloadHost :376-379@c7521c1c), as
 * a model: whether a download link may be fetched at all (no http upgrade; the public-IP DNS check is not modelled).
 */
function upstreamAccepts(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.hostname === '' || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/iu.test(text.trim())) return false;
  const host = url.hostname.replace(/^\[(.*)\]$/u, '$1').toLowerCase().replace(/\.$/u, '');
  if (host === '' || /^[\d.]+$/u.test(host) || host.includes(':')) return false;
  const allowed = host === 'dingtalk.com' || host.endsWith('.dingtalk.com') || (host.endsWith('.aliyuncs.com') && host.includes('oss') && !host.includes('internal'));
  return allowed && (url.port === '' || url.port === '443');
}

describe('drive +download fetches only the links localio.Download accepts (drive.go:188-214, localio/download.go:80-86, :296-309, :344-379@c7521c1c)', () => {
  const download = ['drive', '+download', '--node', 'n1', '--output', 'got.bin'];
  it('refuses, before any request, a link that is not https on a DingTalk / OSS host on the default port without user info', async () => {
    for (const url of ['https://evil.example/a', 'http://static.dingtalk.com/a', 'http://bucket.oss-cn-hangzhou.aliyuncs.com/a', 'https://1.2.3.4/a',
      'https://static.dingtalk.com:8443/a', 'https://u@static.dingtalk.com/a', 'https://dingtalk.com.evil.example/a', 'https://b.oss-cn-internal.aliyuncs.com/a']) {
      outputs.answer('drive/download_file', { success: true, result: { downloadUrl: url } });
      const r = await cli(download);
      expect([url, r.status, r.reason, r.calls.length]).toEqual([url, 1, 'backend_error', 1]);
      expect(r.message).toContain('untrusted download URL');
    }
  });
  it('a loopback link is fetched under the test backend\'s DWS_ALLOW_HTTP_ENDPOINTS=1; its headers do not follow a redirect to another host', async () => {
    outputs.mcp.files = { 'a.bin': Buffer.from('BYTES') };
    const hop = `${outputs.mcp.base.replace('127.0.0.1', 'localhost')}/files/a.bin`;
    outputs.answer('drive/download_file', { success: true, result: { downloadUrl: `${outputs.mcp.base}/files/r.bin?location=${encodeURIComponent(hop)}`, headers: { 'x-sig': 's1' } } });
    const r = await cli(download);
    expect([r.status, r.printed]).toEqual([0, { success: true, nodeId: 'n1', savedPath: 'got.bin', sizeBytes: 5 }]);
    expect(outputs.mcp.fetched.map((f) => [f.name, f.headers['x-sig']])).toEqual([['r.bin', 's1'], ['a.bin', undefined]]);
  });
  it('a redirect to a host localio refuses is refused before it is requested', async () => {
    outputs.answer('drive/download_file', { success: true, result: { downloadUrl: `${outputs.mcp.base}/files/r.bin?location=${encodeURIComponent('https://evil.example/a')}` } });
    const r = await cli(download);
    expect([r.status, r.reason, r.fetched]).toEqual([1, 'backend_error', ['r.bin']]);
    expect(r.message).toContain('redirected to an untrusted address');
  });
});

describe('the dingtalk_download policy (src/backend/download-policy.ts) is localio.ValidateDownloadURL', async () => {
  const { policyUrl } = await import('../../src/backend/download-policy.js');
  const verdict = (url: string) => {
    try {
      return policyUrl(url, {}, 'dingtalk_download').href;
    } catch (e) {
      return (e as { reason: string }).reason;
    }
  };
  it('takes https DingTalk hosts and hosts under aliyuncs.com holding "oss" (not "internal"); never upgrades http', () => {
    expect(verdict('https://static.dingtalk.com/a?x=1')).toBe('https://static.dingtalk.com/a?x=1');
    expect(verdict(' https://DingTalk.com:443/a ')).toBe('https://dingtalk.com/a');
    expect(verdict('https://boss-files.aliyuncs.com/k')).toBe('https://boss-files.aliyuncs.com/k');
    for (const url of ['http://bucket.oss-cn-hangzhou.aliyuncs.com/k', 'https://bucket.aliyuncs.com/a', 'http://127.0.0.1:8080/a', 'https://[::1]/a']) {
      expect([url, verdict(url)]).toEqual([url, 'backend_error']);
    }
  });
  it('accepts a link exactly when upstream\'s ValidateDownloadURL does', () => {
    const label = fc.stringMatching(/^[a-z0-9-]{1,8}$/);
    const host = fc.oneof(fc.array(label, { minLength: 1, maxLength: 4 }).map((l) => l.join('.')), fc.tuple(fc.array(fc.oneof(label, fc.constantFrom('oss', 'oss-x', 'internal', 'boss')), { maxLength: 3 }),
      fc.constantFrom('dingtalk.com', 'aliyuncs.com', 'dingtalk.com.x', 'xdingtalk.com', '1.2.3.4')).map(([l, s]) => [...l, s].join('.')));
    fc.assert(fc.property(fc.constantFrom('http', 'https', 'ftp'), fc.constantFrom('', 'u@', ':@'), host, fc.constantFrom('', ':443', ':80', ':8443'), (scheme, user, h, port) => {
      const url = `${scheme}://${user}${h}${port}/p`;
      expect([url, verdict(url) !== 'backend_error']).toEqual([url, upstreamAccepts(url)]);
    }));
  });
});

describe('the siblings that fetch through localio.Download refuse a link it refuses, before any request (h37-b3 siblings)', () => {
  const cases: { argv: string[]; tool: string; answer: (url: string) => unknown }[] = [
    // doc +media-download / +media-preview: downloadResolvedResource (media_style_shortcuts.go:315-330@c7521c1c)
    { argv: ['doc', '+media-download', '--node', 'n', '--resource-id', 'r'], tool: 'doc/download_doc_attachment', answer: (url) => ({ result: { downloadUrl: url } }) },
    { argv: ['doc', '+media-preview', '--node', 'n', '--resource-id', 'r'], tool: 'doc/download_doc_attachment', answer: (url) => ({ result: { downloadUrl: url } }) },
    // minutes +download: executeMinutesDownload (minutes/alignment.go:331@c7521c1c)
    { argv: ['minutes', '+download', '--id', 'u'], tool: 'minutes/query_minutes_audio_url', answer: (url) => ({ result: { url } }) },
  ];
  for (const c of cases) {
    it(`${c.argv.slice(0, 2).join(' ')}: an http OSS link and a foreign host are refused; a loopback link is fetched`, async () => {
      for (const url of ['http://bucket.oss-cn-hangzhou.aliyuncs.com/a.png', 'https://evil.example/a.png']) {
        outputs.answer(c.tool, c.answer(url));
        const r = await cli(c.argv);
        expect([url, r.status, r.reason, r.fetched]).toEqual([url, 1, 'backend_error', []]);
        expect(r.message).toContain('untrusted download URL');
      }
      outputs.mcp.files = { 'a.png': Buffer.from('PNG') };
      outputs.answer(c.tool, c.answer(`${outputs.mcp.base}/files/a.png`));
      const ok = await cli(c.argv);
      expect([ok.status, ok.fetched]).toEqual([0, ['a.png']]);
    });
  }
});

describe('sheet create-with-data reads a JSON null row of --values as Go\'s nil row (sheet_create_with_data.go:164-178, :683-693, :1193-1202, :1259-1271@c7521c1c)', () => {
  const answers = () => {
    outputs.answer('sheet/create_workspace_sheet', { result: { nodeId: 'N1' } });
    outputs.answer('sheet/get_all_sheets', { result: { sheets: [{ sheetId: 's1', name: 'Sheet1' }] } });
    outputs.answer('sheet/get_range_as_csv', { result: { csv: '[row=2] x' } });
  };
  it('creates the sheet, writes the null row as an empty CSV line and reads back the first filled cell below it', async () => {
    answers();
    const r = await cli(['sheet', 'create-with-data', '--name', 'n', '--values', '[null, ["x", null]]']);
    expect(r.status).toBe(0);
    expect(r.calls.filter(([tool]) => tool !== 'sheet/get_all_sheets')).toEqual([
      ['sheet/create_workspace_sheet', { name: 'n' }],
      ['sheet/set_range_from_csv', { nodeId: 'N1', sheetId: 's1', csv: '\nx,\n', startCell: 'A1', allowOverwrite: true }],
      ['sheet/get_range_as_csv', { nodeId: 'N1', sheetId: 's1', range: 'A2' }],
    ]);
  });
  it('a row that is not a list and not null is still refused before any call, as Go fails to decode it', async () => {
    for (const values of ['["x"]', '[false, ["x"]]', '[0, ["x"]]', '[{"a":1}]']) {
      const r = await cli(['sheet', 'create-with-data', '--name', 'n', '--values', values]);
      expect([values, r.status, r.reason, r.calls]).toEqual([values, 3, 'invalid_parameter', []]);
    }
  });
  it('rows of null only write nothing and are refused before any call (valuesHaveContent)', async () => {
    for (const values of ['[null]', '[null, null, []]']) {
      const r = await cli(['sheet', 'create-with-data', '--name', 'n', '--values', values]);
      expect([values, r.status, r.reason, r.calls]).toEqual([values, 3, 'invalid_parameter', []]);
    }
  });
});
