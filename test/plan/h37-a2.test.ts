// Session 37 second reading, part a2 (issue 32, notes/h37-a2.md): where a drawn command still differed from upstream's
// body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/**
 * upstream's parseMailAccountType + mailUploadBaseURL (helpers/mail.go:4126-4159@c7521c1c), as a model: the accounts in
 * result when result is an object, else at the top; the first account whose email (a text, any case) is the address and
 * whose type is a text gives the type; PERSONAL in any case picks the personal host.
 */
function upstreamHost(answer: Record<string, unknown>, email: string): string {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const data = isObject(answer.result) ? answer.result : answer;
  const accounts = Array.isArray(data.emailAccounts) ? data.emailAccounts : [];
  let type = 'ENTERPRISE';
  for (const acc of accounts) {
    if (!isObject(acc)) continue;
    if ((typeof acc.email === 'string' ? acc.email : '').toLowerCase() !== email.toLowerCase()) continue;
    if (typeof acc.type === 'string') { type = acc.type; break; }
  }
  return type.toUpperCase() === 'PERSONAL' ? 'alimail-personal.aliyuncs.com' : 'alimail-cn.aliyuncs.com';
}

describe('mail attachment download: a relative downloadUrl goes to the host of parseMailAccountType (mail.go:4343-4348, :4126-4159, :4290-4296@c7521c1c)', () => {
  const realFetch = globalThis.fetch;
  const hosts: string[] = [];
  afterEach(() => vi.restoreAllMocks());
  const fetchedHost = async (mailboxes: Record<string, unknown>) => {
    hosts.length = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.hostname.endsWith('aliyuncs.com')) {
        hosts.push(url.hostname);
        return new Response('attachment bytes', { status: 200 });
      }
      return realFetch(input, init);
    });
    outputs.answer('mail/list_user_mailboxes', mailboxes);
    outputs.answer('mail/create_download_session', { result: { downloadUrl: '/v2/stream/s1' } });
    const run = await outputs.sent(['mail', 'attachment', 'download', '--email', 'me@corp.com', '--message-id', 'm1', '--attachment-id', 'a1', '--name', 'a.pdf']);
    expect(run.reason).toBeUndefined();
    return hosts[0];
  };
  it('accounts beside a result object are not read: the enterprise host', async () => {
    expect(await fetchedHost({ result: { total: 1 }, emailAccounts: [{ email: 'me@corp.com', type: 'PERSONAL' }] })).toBe('alimail-cn.aliyuncs.com');
  });
  it('a matching account without a text type is passed over for the next match', async () => {
    expect(await fetchedHost({ result: { emailAccounts: [{ email: 'ME@corp.com', type: 5 }, { email: 'me@CORP.com', type: 'personal' }] } })).toBe('alimail-personal.aliyuncs.com');
  });
  it('for any mailbox answer, the host is the model\'s', async () => {
    const account = fc.record({
      email: fc.constantFrom<unknown>('me@corp.com', 'ME@Corp.com', 'me@corp.com', 'other@corp.com', 5),
      type: fc.constantFrom<unknown>('PERSONAL', 'personal', 'ENTERPRISE', 3, 'PERSONAL'),
    }, { requiredKeys: [] });
    const accounts = fc.array(fc.oneof(account, fc.constantFrom<unknown>('x', 7)), { maxLength: 3 });
    const answer = fc.record({
      result: fc.oneof(fc.record({ emailAccounts: fc.oneof(accounts, fc.constant('x')) }, { requiredKeys: [] }), fc.constantFrom<unknown>(null, 'x', [])),
      emailAccounts: accounts,
    }, { requiredKeys: [] });
    await fc.assert(fc.asyncProperty(answer, async (a) => {
      expect(await fetchedHost(a)).toBe(upstreamHost(a, 'me@corp.com'));
    }), { numRuns: 120 });
  });
});
