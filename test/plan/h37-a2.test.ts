// Session 37 second reading, part a2 (issue 32, notes/h37-a2.md): where a drawn command still differed from upstream's
// body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h37a2-');

/** upstream's inferMimeType (helpers/doc.go:985-1018@c7521c1c), as a model: the lower-cased filepath.Ext in its table. */
const INFER_MIME: Record<string, string> = {
  '.pdf': 'application/pdf', '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel', '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint', '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.svg': 'image/svg+xml',
  '.webp': 'image/webp', '.mp4': 'video/mp4', '.mp3': 'audio/mpeg', '.wav': 'audio/wav', '.zip': 'application/zip',
  '.gz': 'application/gzip', '.tar': 'application/x-tar', '.json': 'application/json', '.xml': 'application/xml',
  '.csv': 'text/csv', '.txt': 'text/plain', '.html': 'text/html', '.md': 'text/markdown',
};
const inferMime = (name: string) => INFER_MIME[(/\.[^./]*$/u.exec(name)?.[0] ?? '').toLowerCase()] ?? 'application/octet-stream';

const credentials = (base: string) => ({ result: { uploadUrl: `${base}/upload/u`, resourceId: 'r1', resourceUrl: 'https://media/r1' } });

describe('doc media upload: the MIME type is inferMimeType\'s, the whole table, the extension lower-cased (doc_media_upload.go:40-43, doc.go:985-1018@c7521c1c)', () => {
  const sentMime = async (argv: string[], file: string) => {
    outputs.answer('doc/get_doc_attachment_upload_info', credentials(outputs.mcp.base));
    const run = await outputs.sent(argv, { [file]: 'bytes' });
    expect(run.reason).toBeUndefined();
    return {
      sent: (run.calls[0]![1] as { mimeType: string }).mimeType,
      put: outputs.mcp.uploads.at(-1)!.headers['content-type'],
      printed: (run.printed as { mimeType: string }).mimeType,
    };
  };
  for (const [file, mime] of [['voice.wav', 'audio/wav'], ['page.HTML', 'text/html'], ['logs.tar.gz', 'application/gzip'], ['feed.xml', 'application/xml'], ['bundle.tar', 'application/x-tar']]) {
    it(`${file} is sent, PUT and printed as ${mime}`, async () => {
      expect(await sentMime(['doc', 'media', 'upload', '--node', 'n1', '--file', file, '--yes'], file)).toEqual({ sent: mime, put: mime, printed: mime });
    });
  }
  it('a --name without an extension takes the file\'s, whose case decides nothing', async () => {
    expect(await sentMime(['doc', 'media', 'upload', '--node', 'n1', '--file', 'clip.WAV', '--name', 'voice', '--yes'], 'clip.WAV'))
      .toEqual({ sent: 'audio/wav', put: 'audio/wav', printed: 'audio/wav' });
  });
  it('for any extension of the table or beside it, in any case, the type is the model\'s', async () => {
    const ext = fc.constantFrom(...Object.keys(INFER_MIME), '.js', '.htm', '.bin', '.tgz', '', '.');
    const cased = fc.tuple(ext, fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }))
      .map(([e, ups]) => [...e].map((c, i) => (ups[i % ups.length] ? c.toUpperCase() : c)).join(''));
    await fc.assert(fc.asyncProperty(cased, async (e) => {
      const file = `f${e}`;
      expect((await sentMime(['doc', 'media', 'upload', '--node', 'n1', '--file', file, '--yes'], file)).sent).toBe(inferMime(file));
    }), { numRuns: 30 });
  });
});

describe('the siblings reading inferMimeType: sheet media-upload, doc media insert (sheet_media.go:44, doc.go:531@c7521c1c)', () => {
  it('sheet media-upload sends a .wav as audio/wav', async () => {
    outputs.answer('doc/get_doc_attachment_upload_info', credentials(outputs.mcp.base));
    const run = await outputs.sent(['sheet', 'media-upload', '--node', 'n1', '--file', 'a.wav'], { 'a.wav': 'x' });
    expect(run.reason).toBeUndefined();
    expect(run.calls[0]![1]).toMatchObject({ mimeType: 'audio/wav' });
  });
  it('doc media insert sends a .gz as application/gzip', async () => {
    outputs.answer('doc/get_doc_attachment_upload_info', credentials(outputs.mcp.base));
    const run = await outputs.sent(['doc', 'media', 'insert', '--node', 'n1', '--file', 'a.gz'], { 'a.gz': 'x' });
    expect(run.calls[0]![1]).toMatchObject({ mimeType: 'application/gzip' });
  });
});
