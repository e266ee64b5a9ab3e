// Mail attachments (issue 32): what the mail commands that attach files compute locally around their calls, as
// upstream's runMailDraftWithAttachment does (helpers/mail.go:3858-4200 at c7521c1c): the content id of each inline
// image, the body rewritten to HTML with cid references, and the full URL an upload session's answer points at.
// Also an export's file name (p-work), and Go's filepath.Base / Ext, which the plan transforms' Go file-name readers
// share (src/plan/transforms/files.ts). Facts carried over; the code is dws's own (transforms `mail_inline_files`,
// `mail_inline_body`, `mail_upload_url`, `mail_filename`). The smart mail shortcuts' mailbox: src/domain/mail-mailboxes.ts.
import { DwsError } from '../errors.js';
import { isObject } from '../json-object.js';
import { goCase } from '../text/go-case.js';
import { trimSpace } from '../text/space.js';

export interface InlineFile { path: string; name: string; contentId: string }

const bad = (where: string, v: unknown, what: string): never => {
  throw new DwsError('invalid_parameter', `${where}: ${JSON.stringify(v)} is not ${what}`, 'correct the value and run the command again');
};

/** The last element of a path, as Go's filepath.Base: trailing separators dropped; "" -> "."; only separators -> "/". */
export function goBase(p: string): string {
  if (p === '') return '.';
  const trimmed = p.replace(/\/+$/u, '');
  if (trimmed === '') return '/';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** The extension of a path's last element from its final dot (Go's filepath.Ext: ".png" -> ".png"; none -> ""). */
export function goExt(p: string): string {
  for (let i = p.length - 1; i >= 0 && p[i] !== '/'; i--) if (p[i] === '.') return p.slice(i);
  return '';
}

/**
 * An inline image's content id: `inline-<base name without extension, spaces as '-', lower case>-<n>@alimail.com`,
 * lower-cased as Go's strings.ToLower (generateContentId, helpers/mail.go:3858-3864@c7521c1c): `ΑΣ` -> `ασ`, `İ` -> `i`,
 * where JavaScript's toLowerCase gives `ας` and `i̇` (h47-a2).
 */
export function contentId(file: string, n: number): string {
  const base = goBase(file);
  const stem = base.slice(0, base.length - goExt(base).length);
  return `inline-${goCase(stem.replaceAll(' ', '-'), 'lower')}-${n}@alimail.com`;
}

/** `--inline-attachment` paths -> `[{path, name, contentId}]`, numbered from 1 in the order given. */
export function mailInlineFiles(v: unknown, where: string): InlineFile[] {
  const paths = typeof v === 'string' ? [v] : Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : bad(where, v, 'a list of file paths');
  return paths.map((p, i) => ({ path: p, name: goBase(p), contentId: contentId(p, i + 1) }));
}

const imgTag = (f: { name: string; contentId: string }) => `<img src="cid:${f.contentId}" alt="${f.name}">`;

/**
 * `{body, files}` -> the HTML body: newlines become `<br>`, each `[inline:<name>]` the file's `<img>` tag (files in
 * order), then every file whose placeholder the original body lacks appended as `<br><img ...>`, all inside
 * `<html><body>...</body></html>`. Names and body are not escaped (upstream writes them as they are).
 */
export function mailInlineBody(v: unknown, where: string): string {
  if (!isObject(v)) return bad(where, v, 'an object {body, files}');
  const body = v.body === undefined ? '' : typeof v.body === 'string' ? v.body : bad(where, v.body, 'text');
  const files = Array.isArray(v.files) ? v.files : bad(where, v.files, 'a list of inline files');
  const list = files.map((f) => (isObject(f) && typeof f.name === 'string' && typeof f.contentId === 'string' ? { name: f.name, contentId: f.contentId } : bad(where, f, 'an inline file {name, contentId}')));
  let html = body.replaceAll('\n', '<br>');
  for (const f of list) html = html.replaceAll(`[inline:${f.name}]`, imgTag(f));
  for (const f of list) if (!body.includes(`[inline:${f.name}]`)) html += `<br>${imgTag(f)}`;
  return `<html><body>${html}</body></html>`;
}

/**
 * The account type of `email` in a list_user_mailboxes answer (result.emailAccounts[].type, the addresses compared
 * after Go's strings.ToLower, parseMailAccountType mail.go:4130-4149@c7521c1c); ENTERPRISE when unknown.
 */
export function mailAccountType(answer: unknown, email: string): string {
  const data = isObject(answer) && isObject(answer.result) ? answer.result : answer;
  const accounts = isObject(data) && Array.isArray(data.emailAccounts) ? data.emailAccounts : [];
  const wanted = goCase(email, 'lower');
  for (const acc of accounts) {
    if (!isObject(acc) || typeof acc.email !== 'string' || goCase(acc.email, 'lower') !== wanted) continue;
    if (typeof acc.type === 'string') return acc.type;
  }
  return 'ENTERPRISE';
}

export const PERSONAL_UPLOAD_HOST = 'https://alimail-personal.aliyuncs.com';
export const ENTERPRISE_UPLOAD_HOST = 'https://alimail-cn.aliyuncs.com';

/**
 * `{url, mailboxes, email}` -> where the attachment's bytes go: an http(s) URL as it is; a path after the upload host
 * of the sender's account type (PERSONAL, any case: the personal host; else the enterprise one).
 */
export function mailUploadUrl(v: unknown, where: string): string {
  if (!isObject(v)) return bad(where, v, 'an object {url, mailboxes, email}');
  const url = typeof v.url === 'string' && v.url !== '' ? v.url : bad(where, v.url, 'an upload URL');
  if (url.startsWith('http://') || url.startsWith('https://')) return url;
  const type = mailAccountType(v.mailboxes, typeof v.email === 'string' ? v.email : '');
  return (goCase(type, 'upper') === 'PERSONAL' ? PERSONAL_UPLOAD_HOST : ENTERPRISE_UPLOAD_HOST) + url;
}

/**
 * A mail export's file name without its extension, as upstream sanitizeMailFilename makes it (helpers/mail.go:4374-
 * 4383@c7521c1c): trimmed of Go's spaces, every `/` and `\` made `_`, NUL characters removed; `mail` when nothing is
 * left. One path element, so the file stays in the directory it is written to.
 */
export function mailFilename(v: unknown, where: string): string {
  if (typeof v !== 'string') return bad(where, v, 'a file name');
  const name = trimSpace(v).replaceAll('/', '_').replaceAll('\\', '_').replaceAll('\u0000', '');
  return name === '' ? 'mail' : name;
}
