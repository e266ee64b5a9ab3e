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

describe("a download link's headers keep only text values (upstream reads each with `value.(string)`), in every download reading the same helpers", () => {
  const url = () => `${mcp.base}/files/h.bin`;
  const cases: { what: string; argv: string[]; files?: Record<string, string>; answers: (headers: unknown) => Record<string, unknown> }[] = [
    {
      what: 'chat message download-media (parseDownloadInfo, helpers/doc.go:425-433@c7521c1c)',
      argv: ['chat', 'message', 'download-media', '--open-conversation-id', 'cid1', '--message-id', 'm1', '--resource-id', 'r1', '--type', 'mediaId', '--output', 'a.bin'],
      answers: (headers) => ({ 'im/get_resource_download_url': { result: { resourceUrl: url(), headers } } }),
    },
    {
      what: 'chat +messages-resource-download (resourceDownloadInfo, shortcut/chat/resource_download.go:284-291@c7521c1c)',
      argv: ['chat', '+messages-resource-download', '--open-conversation-id', 'cid1', '--message-id', 'm1', '--resource-id', 'r1', '--output', 'c.bin'],
      answers: (headers) => ({ 'im/get_resource_download_url': { result: { resourceUrl: url(), headers } } }),
    },
    {
      what: 'markdown fetch (downloadFromDrive, helpers/drive.go:3836-3850, parseDownloadInfo doc.go:425-433@c7521c1c)',
      argv: ['markdown', 'fetch', '--node', 'F1'],
      answers: (headers) => ({ 'drive/get_file_info': { result: { fileName: 'a.md' } }, 'drive/download_file': { result: { downloadUrl: url(), headers } } }),
    },
    {
      what: 'markdown diff (markdown_diff.go:84, parseDownloadInfo doc.go:425-433@c7521c1c)',
      argv: ['markdown', 'diff', '--node', 'F1', '--file', 'local.md'],
      files: { 'local.md': 'two\n' },
      answers: (headers) => ({ 'drive/get_file_info': { result: { fileName: 'a.md' } }, 'drive/download_file': { result: { downloadUrl: url(), headers } } }),
    },
    {
      what: 'doc +media-preview (nestedMap(data)["headers"], media_style_shortcuts.go:319-327@c7521c1c)',
      argv: ['doc', '+media-preview', '--node', 'D1', '--resource-id', 'R1'],
      answers: (headers) => ({ 'doc/download_doc_attachment': { result: { downloadUrl: url(), fileName: 'p.bin', headers } } }),
    },
    {
      what: 'doc +resource-download (the same downloadResolvedResource, media_style_shortcuts.go:302-330@c7521c1c)',
      argv: ['doc', '+resource-download', '--node', 'D1', '--output', 'r.bin'],
      answers: (headers) => ({ 'doc/get_document_style': { result: { cover: { resourceId: 'R9' } } }, 'doc/download_doc_attachment': { result: { downloadUrl: url(), headers } } }),
    },
  ];
  for (const c of cases) {
    it(`${c.what}: a number or object header value is dropped, a headers text gives none`, async () => {
      for (const [headers, expected] of [
        [{ 'x-a': 'one', 'x-n': 5, 'x-o': { k: 1 } }, { a: 'one', n: undefined, o: undefined, zero: undefined }],
        ['ab', { a: undefined, n: undefined, o: undefined, zero: undefined }],
      ] as const) {
        mcp.files['h.bin'] = Buffer.from('one\n');
        mcp.fetched.length = 0;
        for (const [tool, body] of Object.entries(c.answers(headers))) outputs.answer(tool, body);
        const r = await outputs.sent(c.argv, c.files);
        const got = mcp.fetched[0]?.headers ?? {};
        expect([r.reason, mcp.fetched.length, { a: got['x-a'], n: got['x-n'], o: got['x-o'], zero: got['0'] }]).toEqual([undefined, 1, expected]);
      }
    });
  }
});

// As sheet write-image / media-upload (h36-left): runDocMediaUpload returns parseAttachmentUploadInfo's, the missing
// resourceUrl's and httpPutFile's errors before anything took effect (doc_media_upload.go:57-76@c7521c1c)
describe('doc media upload: bad credentials or a refused PUT fail as themselves, nothing written (doc_media_upload.go:57-76@c7521c1c)', () => {
  const argv = ['doc', 'media', 'upload', '--node', 'N1', '--file', 'c.png', '--yes'];
  it('credentials without uploadUrl/resourceId/resourceUrl, or a PUT refused with 403: backend_error, not partial_outcome', async () => {
    const got = [];
    for (const info of [
      { resourceId: 'R4', resourceUrl: 'https://x/r4' },
      { uploadUrl: `${mcp.base}/upload/p4`, resourceUrl: 'https://x/r4' },
      { uploadUrl: `${mcp.base}/upload/p4`, resourceId: 'R4' },
      { result: { uploadUrl: `${mcp.base}/upload/p4?status=403`, resourceId: 'R4', resourceUrl: 'https://x/r4' } },
    ]) {
      mcp.calls.length = 0;
      outputs.answer('doc/get_doc_attachment_upload_info', info);
      const r = await outputs.failure(argv, { 'c.png': 'PNG' });
      got.push([r.reason, r.out, mcp.calls.map((c) => c.name)]);
    }
    expect(got).toEqual(Array.from({ length: 4 }, () => ['backend_error', '', ['get_doc_attachment_upload_info']]));
  });
  it('still asks before the credentials request without --yes (the confirmation gate at its first call)', async () => {
    mcp.calls.length = 0;
    const r = await outputs.failure(argv.slice(0, -1), { 'c.png': 'PNG' });
    expect([r.reason, mcp.calls.length]).toEqual(['confirmation_required', 0]);
  });
  it('good credentials upload the bytes and print the receipt', async () => {
    mcp.uploads.length = 0;
    outputs.answer('doc/get_doc_attachment_upload_info', { result: { uploadUrl: `${mcp.base}/upload/p5`, resourceId: 'R5', resourceUrl: 'https://x/r5' } });
    const printed = await outputs.run(argv, { 'c.png': 'PNG' });
    expect([printed, mcp.uploads.map((u) => u.bytes.toString())]).toEqual([
      { nodeId: 'N1', resourceId: 'R5', resourceUrl: 'https://x/r5', fileName: 'c.png', mimeType: 'image/png', size: 3 }, ['PNG']]);
  });
});
