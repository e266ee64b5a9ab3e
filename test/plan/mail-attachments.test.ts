// Mail attachments (issue 32): the mail commands that attach files do what upstream runMailDraftWithAttachment
// (helpers/mail.go:3921@c7521c1c) does, as a user types them against the recording backend: the files checked first,
// the mailboxes read, the draft, one create_upload_session and one POST of the file's bytes per file, then the send.
// And the named primitives behind it (content ids, the cid body, the upload host), with properties.
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { recordingEnv, useMcpServer } from '../fixtures/mcp/server.js';
import { ENTERPRISE_UPLOAD_HOST, PERSONAL_UPLOAD_HOST, contentId, goBase, mailInlineBody, mailInlineFiles, mailUploadUrl } from '../../src/domain/mail-attachments.js';

const mcp = useMcpServer();

function root(files: Record<string, string | Buffer> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-mailattach-'));
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), bytes);
  }
  return dir;
}

const env = (dir: string) => ({
  ...recordingEnv(mcp.urlTemplate, 'tok-mail'), DWS_FILE_ROOT: dir,
  DWS_JOURNAL: path.join(dir, 'journal.jsonl'), DWS_STATE_DIR: path.join(dir, 'state'),
});

/** `dws <line>` as a user types it (the words split on spaces), in the file root `dir`. */
const dws = (line: string, dir: string) => dispatchInProcess(line.split(' '), env(dir));

/** The backend answers: a mailbox list, a draft id, and an upload URL per session (named after the file). */
function answer(draftId = 'draft-9', accounts: unknown = { result: { emailAccounts: [{ email: 'a@x.com', type: 'ENTERPRISE' }] } }) {
  mcp.answers = {
    'mail/list_user_mailboxes': () => accounts,
    'mail/create_draft': () => ({ result: { message: { id: draftId } } }),
    'mail/create_reply_draft': () => ({ result: { message: { id: draftId } } }),
    'mail/create_upload_session': (args) => ({ result: { uploadUrl: `${mcp.base}/upload/${encodeURIComponent(String(args.name))}` } }),
  };
}

const sent = () => mcp.calls.map((c) => [c.name, c.arguments]);

describe('mail message send --attachment, as typed', () => {
  // bytes that are not text: every byte value, so nothing is decoded or re-encoded on the way
  const pdf = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 256));

  it('creates a draft, opens a session for the file, POSTs its exact bytes there, then sends the draft', async () => {
    const dir = root({ 'f.pdf': pdf });
    answer();
    const out = await dws('mail message send --from a@x.com --to b@x.com --subject s --content c --attachment ./f.pdf --yes', dir);
    expect(out.error?.envelope()).toBeUndefined();
    expect(sent()).toEqual([
      ['list_user_mailboxes', {}],
      ['create_draft', { from: 'a@x.com', subject: 's', body: 'c', toRecipients: ['b@x.com'] }],
      ['create_upload_session', { email: 'a@x.com', messageId: 'draft-9', name: 'f.pdf', isInline: false }],
      ['send_draft', { email: 'a@x.com', messageId: 'draft-9', saveToSentItems: true }],
    ]);
    expect(mcp.uploads).toHaveLength(1);
    expect(mcp.uploads[0].name).toBe('f.pdf');
    expect(mcp.uploads[0].method).toBe('POST');
    expect(mcp.uploads[0].headers['content-type']).toBe('application/octet-stream');
    expect(Buffer.compare(mcp.uploads[0].bytes, pdf)).toBe(0);
  });

  it('without files it still sends with send_email, one call', async () => {
    const dir = root();
    const out = await dws('mail message send --from a@x.com --to b@x.com --subject s --content c --yes', dir);
    expect(out.error?.envelope()).toBeUndefined();
    expect(sent()).toEqual([['send_email', { from: 'a@x.com', toRecipients: ['b@x.com'], subject: 's', body: 'c' }]]);
    expect(mcp.uploads).toEqual([]);
  });

  it('reads a relative path inside DWS_FILE_ROOT, whatever the process directory', async () => {
    const dir = root({ 'sub/r.txt': 'report' });
    answer();
    const out = await dws('mail message send --from a@x.com --to b@x.com --subject s --content c --attachment sub/r.txt --yes', dir);
    expect(out.error?.envelope()).toBeUndefined();
    expect(mcp.uploads.map((u) => [u.name, u.bytes.toString('utf8')])).toEqual([['r.txt', 'report']]);
  });

  it.each([
    ['a missing file', {}, './f.pdf', /f\.pdf/u],
    ['an empty file', { 'f.pdf': '' }, './f.pdf', /--attachment 1 is an empty file/u],
    ['a directory', { 'd/x': 'x' }, 'd', /not a regular file/u],
  ])('refuses %s before any call, nothing uploaded', async (_what, files, arg, message) => {
    const dir = root(files);
    answer();
    const out = await dws(`mail message send --from a@x.com --to b@x.com --subject s --content c --attachment ${arg} --yes`, dir);
    expect(out.error?.reason).toBe('invalid_parameter');
    expect(out.error?.message).toMatch(message);
    expect(mcp.calls).toEqual([]);
    expect(mcp.uploads).toEqual([]);
  });

  it('refuses a second file that is empty before any call, though the first is fine', async () => {
    const dir = root({ 'a.pdf': 'A', 'b.pdf': '' });
    answer();
    const out = await dws('mail message send --from a@x.com --to b@x.com --subject s --content c --attachment a.pdf --attachment b.pdf --yes', dir);
    expect(out.error?.message).toMatch(/--attachment 2 is an empty file/u);
    expect(mcp.calls).toEqual([]);
  });

  it('refuses a symlink that leads outside the file root', async () => {
    const outside = root({ 'secret.txt': 'nope' });
    const dir = root();
    symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'link.txt'));
    answer();
    const out = await dws('mail message send --from a@x.com --to b@x.com --subject s --content c --attachment link.txt --yes', dir);
    expect(out.error?.reason).toBe('invalid_parameter');
    expect(mcp.calls).toEqual([]);
    expect(mcp.uploads).toEqual([]);
  });

  it('asks for confirmation first: without --yes nothing is called', async () => {
    const dir = root({ 'f.pdf': pdf });
    const out = await dws('mail message send --from a@x.com --to b@x.com --subject s --content c --attachment ./f.pdf', dir);
    expect(out.error?.reason).toBe('confirmation_required');
    expect(mcp.calls).toEqual([]);
  });

  it('a failed upload after the draft is partial_outcome, and the draft is not sent', async () => {
    const dir = root({ 'f.pdf': pdf });
    answer();
    mcp.answers['mail/create_upload_session'] = () => ({ result: { uploadUrl: `${mcp.base}/nowhere/f.pdf` } });
    const out = await dws('mail message send --from a@x.com --to b@x.com --subject s --content c --attachment ./f.pdf --yes', dir);
    expect(out.error?.reason).toBe('partial_outcome');
    expect(mcp.calls.map((c) => c.name)).toEqual(['list_user_mailboxes', 'create_draft', 'create_upload_session']);
  });
});

describe('inline images, as typed', () => {
  it('rewrites the body to HTML with the cid, uploads the image with isInline and its contentId, then sends', async () => {
    const dir = root({ 'img/Chart A.png': 'PNGBYTES' });
    answer('draft-7');
    const out = await dispatchInProcess(['mail', 'message', 'reply', '--from', 'a@x.com', '--id', 'm1', '--content', 'see [inline:Chart A.png]', '--inline-attachment', 'img/Chart A.png', '--yes'], env(dir));
    expect(out.error?.envelope()).toBeUndefined();
    expect(sent()).toEqual([
      ['list_user_mailboxes', {}],
      ['create_reply_draft', { from: 'a@x.com', messageId: 'm1', body: '<html><body>see <img src="cid:inline-chart-a-1@alimail.com" alt="Chart A.png"></body></html>' }],
      ['create_upload_session', { email: 'a@x.com', messageId: 'draft-7', name: 'Chart A.png', isInline: true, contentId: 'inline-chart-a-1@alimail.com' }],
      ['send_draft', { email: 'a@x.com', messageId: 'draft-7', saveToSentItems: true }],
    ]);
    expect(mcp.uploads.map((u) => [u.name, u.bytes.toString('utf8'), u.method])).toEqual([['Chart A.png', 'PNGBYTES', 'POST']]);
  });

  it('refuses an inline file that is not an image before any call', async () => {
    const dir = root({ 'a.pdf': 'x' });
    answer();
    const out = await dws('mail draft create --from a@x.com --subject s --inline-attachment a.pdf', dir);
    expect(out.error?.reason).toBe('invalid_parameter');
    expect(out.error?.message).toMatch(/not an image/u);
    expect(mcp.calls).toEqual([]);
  });
});

describe('the dry run of a send with a file', () => {
  it('shows the draft, the session, the POST and the send, and calls nothing', async () => {
    const dir = root({ 'f.pdf': 'x' });
    const out = await dws('mail message send --from a@x.com --to b@x.com --subject s --content c --attachment f.pdf --dry-run', dir);
    expect(out.error?.envelope()).toBeUndefined();
    const steps = (JSON.parse(out.out) as { steps: { id: string; upload?: { method?: string } }[] }).steps;
    expect(steps.map((s) => s.id)).toEqual(expect.arrayContaining(['mailboxes', 'draft', 'attach_sessions', 'attach_put', 'send']));
    expect(steps.find((s) => s.id === 'attach_put')?.upload?.method).toBe('POST');
    expect(mcp.calls).toEqual([]);
  });
});

describe('mail attachment primitives', () => {
  const name = fc.stringMatching(/^[A-Za-z0-9 _-]{1,12}$/u);
  const ext = fc.constantFrom('', '.png', '.JPG', '.tar.gz', '.svg');

  it('contentId: inline-<stem, spaces as -, lower case>-<n>@alimail.com, whatever the directory', () => {
    fc.assert(fc.property(fc.array(name, { maxLength: 3 }), name, ext, fc.integer({ min: 1, max: 1000 }), (dirs, stem, e, n) => {
      const file = [...dirs, stem + e].join('/');
      const dot = e.lastIndexOf('.');
      const expectedStem = (e === '' ? stem : stem + e.slice(0, dot)).replaceAll(' ', '-').toLowerCase();
      expect(contentId(file, n)).toBe(`inline-${expectedStem}-${n}@alimail.com`);
      expect(contentId(file, n)).not.toMatch(/[ A-Z]/u);
    }));
    expect(contentId('./img/My Chart.PNG', 2)).toBe('inline-my-chart-2@alimail.com');
    expect(contentId('.png', 1)).toBe('inline--1@alimail.com');
  });

  it('mailInlineFiles numbers the files from 1 in order and names each by its base name', () => {
    fc.assert(fc.property(fc.array(fc.tuple(name, ext), { minLength: 1, maxLength: 6 }), (parts) => {
      const paths = parts.map(([n, e]) => `d/${n}${e}`);
      const files = mailInlineFiles(paths, '--inline-attachment');
      expect(files.map((f) => f.path)).toEqual(paths);
      files.forEach((f, i) => {
        expect(f.name).toBe(goBase(paths[i]));
        expect(f.contentId.endsWith(`-${i + 1}@alimail.com`)).toBe(true);
      });
    }));
    expect(() => mailInlineFiles([1], '--inline-attachment')).toThrow(/not a list of file paths/u);
  });

  it('mailInlineBody: no newline left, every image exactly once when its placeholder appears once, wrapped in html/body', () => {
    const text = fc.stringMatching(/^[a-z \n]{0,20}$/u);
    fc.assert(fc.property(text, fc.uniqueArray(name.filter((n) => !n.includes('[')), { minLength: 1, maxLength: 4 }), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), (body, names, placed) => {
      const files = names.map((n, i) => ({ name: `${n}.png`, contentId: `cid-${i}` }));
      const withPlaceholders = body + files.filter((_, i) => placed[i]).map((f) => `[inline:${f.name}]`).join('\n');
      const html = mailInlineBody({ body: withPlaceholders, files }, 'body');
      expect(html.startsWith('<html><body>')).toBe(true);
      expect(html.endsWith('</body></html>')).toBe(true);
      expect(html).not.toContain('\n');
      expect(html).not.toContain('[inline:');
      for (const f of files) expect(html.split(`src="cid:${f.contentId}"`).length - 1).toBe(1);
      // the body's own text keeps its order, newlines as <br>
      expect(html).toContain(body.replaceAll('\n', '<br>'));
    }));
    expect(mailInlineBody({ body: 'a\nb', files: [{ name: 'x.png', contentId: 'c1' }] }, 'body'))
      .toBe('<html><body>a<br>b<br><img src="cid:c1" alt="x.png"></body></html>');
  });

  it('mailUploadUrl: a full URL as it is; a path after the host of the sender\'s account type', () => {
    const mailboxes = { result: { emailAccounts: [{ email: 'Me@X.com', type: 'personal' }, { email: 'b@x.com', type: 'ENTERPRISE' }] } };
    expect(mailUploadUrl({ url: 'https://h/p', mailboxes, email: 'me@x.com' }, 'u')).toBe('https://h/p');
    expect(mailUploadUrl({ url: '/v2/stream/1', mailboxes, email: 'me@x.com' }, 'u')).toBe(`${PERSONAL_UPLOAD_HOST}/v2/stream/1`);
    expect(mailUploadUrl({ url: '/v2/stream/1', mailboxes, email: 'b@x.com' }, 'u')).toBe(`${ENTERPRISE_UPLOAD_HOST}/v2/stream/1`);
    expect(mailUploadUrl({ url: '/v2/stream/1', mailboxes: 'not json', email: 'b@x.com' }, 'u')).toBe(`${ENTERPRISE_UPLOAD_HOST}/v2/stream/1`);
    // an answer without a result object is read at its top
    expect(mailUploadUrl({ url: '/s', mailboxes: { emailAccounts: [{ email: 'me@x.com', type: 'PERSONAL' }] }, email: 'me@x.com' }, 'u')).toBe(`${PERSONAL_UPLOAD_HOST}/s`);
    expect(() => mailUploadUrl({ url: '', mailboxes, email: 'me@x.com' }, 'u')).toThrow(/not an upload URL/u);
    fc.assert(fc.property(fc.stringMatching(/^\/[a-z0-9/]{0,20}$/u), fc.constantFrom('PERSONAL', 'personal', 'ENTERPRISE', 'other'), (p, type) => {
      const url = mailUploadUrl({ url: p, mailboxes: { result: { emailAccounts: [{ email: 'me@x.com', type }] } }, email: 'ME@x.com' }, 'u');
      expect(url).toBe((type.toUpperCase() === 'PERSONAL' ? PERSONAL_UPLOAD_HOST : ENTERPRISE_UPLOAD_HOST) + p);
    }));
  });
});
