// File transforms: a local path (confined to the file root, src/backend/files.ts) to its text, size or MD5, and
// names: base name, extension, MIME type, a safe file name.
import { createHash } from 'node:crypto';
import { closeSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { DwsError } from '../../errors.js';
import { MAX_READ_BYTES, confinedPath, fsRefusal, openConfined, refuseOwnState, safeFilename } from '../../backend/files.js';
import { isObj, refuse, str, type Fn, type TransformContext } from './types.js';
import { trimSpace } from '../../text/space.js';
import { goCase } from '../../text/go-case.js';
import { goDetectContentType, goTypeByExtension } from './go-mime.js';
import { goBase, goExt } from '../../domain/mail-attachments.js';

/**
 * upstream's inferMimeType table (helpers/doc.go:985-1018@c7521c1c), which doc media upload/insert, doc +media-insert,
 * doc style cover-set / +resource-update and sheet media upload / write-image all read: the lower-cased extension
 * (filepath.Ext) looked up here, anything else application/octet-stream.
 */
const MIME: Record<string, string> = {
  '.pdf': 'application/pdf', '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel', '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint', '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.svg': 'image/svg+xml', '.webp': 'image/webp',
  '.mp4': 'video/mp4', '.mp3': 'audio/mpeg', '.wav': 'audio/wav',
  '.zip': 'application/zip', '.gz': 'application/gzip', '.tar': 'application/x-tar',
  '.json': 'application/json', '.xml': 'application/xml', '.csv': 'text/csv', '.txt': 'text/plain', '.html': 'text/html', '.md': 'text/markdown',
};

/** A transform's file argument: a path inside the file root, opened as a regular file. */
function open(v: unknown, where: string, ctx: TransformContext): { fd: number; size: number } {
  if (typeof v !== 'string' || trimSpace(v) === '') return refuse(where, v, 'a file path');
  return openConfined(v, ctx.env, where);
}

const readText: Fn = (v, where, ctx) => {
  const { fd, size } = open(v, where, ctx);
  try {
    if (size > MAX_READ_BYTES) throw new DwsError('invalid_parameter', `${where}: "${String(v)}" has ${size} bytes, more than ${MAX_READ_BYTES}`);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
};

export const PLAIN: Record<string, Fn> = {
  read_text: readText,
  // JSON text as it is; otherwise a file path (a leading @ dropped) read like read_text.
  json_or_file: (v, where, ctx) => (typeof v === 'string' && /^\s*[[{]/u.test(v) ? v : readText(typeof v === 'string' && v.startsWith('@') ? v.slice(1) : v, where, ctx)),
  // upstream's `@path` convention (readTableJSONFlag sheet_table.go:175-193, readPivotProperties
  // sheet_pivot_table.go:115-122@c7521c1c): a leading @ reads the file named after it; anything else is the text itself.
  at_file: (v, where, ctx) => (typeof v === 'string' && v.startsWith('@') ? readText(v.slice(1), where, ctx) : v),
  file_size: (v, where, ctx) => {
    const { fd, size } = open(v, where, ctx);
    closeSync(fd);
    return size;
  },
  // upstream's os.Stat of a local path before it is read (markdown diff's checkFileSize, helpers/markdown_diff.go:54-63@c7521c1c):
  // the size a missing or unreadable path refuses, where a directory passes (its read fails later, as upstream's does)
  stat_size: (v, where, ctx) => {
    if (typeof v !== 'string' || trimSpace(v) === '') return refuse(where, v, 'a file path');
    const real = confinedPath(v, ctx.env, where);
    refuseOwnState(real, ctx.env, `${where} "${v}"`);
    try {
      return statSync(real).size;
    } catch (e) {
      return fsRefusal(e, `cannot read ${where} "${v}"`);
    }
  },
  file_md5: (v, where, ctx) => {
    // read in 1 MiB pieces: the file may be as large as an upload allows
    const { fd } = open(v, where, ctx);
    const hash = createHash('md5');
    const buf = Buffer.allocUnsafe(1024 * 1024);
    try {
      for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) hash.update(buf.subarray(0, n));
    } finally {
      closeSync(fd);
    }
    return hash.digest('hex');
  },
  basename: (v, where) => (typeof v === 'string' ? path.basename(v) : refuse(where, v, 'a file path')),
  // the last part of the file's real path, symlinks resolved (confined as file_size): upstream's os.Stat(filepath.
  // EvalSymlinks(path)).Name(), the name drive +upload sends by default (resolveDriveUploadInput,
  // shortcut/drive/catalog_operations.go:458-460, :516-533@c7521c1c)
  real_basename: (v, where, ctx) => {
    if (typeof v !== 'string' || trimSpace(v) === '') return refuse(where, v, 'a file path');
    return path.basename(confinedPath(v, ctx.env, where));
  },
  /**
   * a path -> Go's filepath.Ext of it without the dot (`report.PDF` -> `PDF`; none -> ""): from the last dot of the last
   * path element, so a dotfile is all extension (`.env` -> `env`), as every upstream body it models reads it
   * (import_flow.go:176, todo.go:1919, minutes alignment.go:592@c7521c1c; h45-a3: before, Node's extname found none there)
   */
  file_ext: (v, where) => goExt(str(v, where)).slice(1),
  /**
   * a local file -> the MIME type upstream's openAttachmentFile guesses for it (attachment_composite.go:279-287@c7521c1c):
   * Go's mime.TypeByExtension of its lower-cased extension, else http.DetectContentType of its first 512 bytes
   */
  go_mime_type: (v, where, ctx) => {
    // filepath.Ext: from the base name's last dot (`.bashrc` is all extension, where Node's extname sees none)
    const ext = typeof v === 'string' ? /\.[^.]*$/u.exec(path.basename(v))?.[0] ?? '' : '';
    const known = ext === '' ? '' : goTypeByExtension(goCase(ext, 'lower'));
    if (known !== '') return known;
    const { fd } = open(v, where, ctx);
    try {
      const head = Buffer.alloc(512);
      return goDetectContentType(head.subarray(0, readSync(fd, head, 0, 512, 0)));
    } finally {
      closeSync(fd);
    }
  },
  mime_type: (v, where) => (typeof v === 'string' ? MIME[goCase(goExt(v), 'lower')] ?? 'application/octet-stream' : refuse(where, v, 'a file name')),
  /** text -> one safe file name: separators, control and reserved characters become `_`; empty -> `unnamed` */
  safe_filename: (v, where) => safeFilename(str(v, where)),
  /** text -> the file name upstream's drive/markdown uploads send (sanitizeFileName): see goFileName */
  go_file_name: (v, where) => goFileName(str(v, where)),
  /** a remote file's info answer -> the name upstream's markdown overwrite / patch upload under: see goRemoteFileName */
  go_remote_file_name: (v) => goRemoteFileName(v),
  /** text -> the download name upstream's localio keeps for it (sanitizeFilename), '' when it refuses it: see goSanitizeFilename */
  go_sanitize_filename: (v, where) => goSanitizeFilename(str(v, where)),
  /** text -> every backslash a slash (upstream's portable path form: strings.ReplaceAll(path, "\\", "/")) */
  slashes: (v, where) => str(v, where).replace(/\\/gu, '/'),
  /** text -> Go's path.Clean of it (lexical: see goPathClean) */
  go_path_clean: (v, where) => goPathClean(str(v, where)),
  /** a URL -> the path Go's url.Parse decodes from it (its Path), '' when url.Parse refuses the URL: see goUrlPath */
  go_url_path: (v, where) => goUrlPath(str(v, where)) ?? '',
  /** a path -> Go's filepath.Base of it (trailing slashes ignored; '' is '.', only slashes '/') */
  go_path_base: (v, where) => goBase(str(v, where)),
  /** a path -> Go's filepath.Ext of it, the dot included: from the last dot of its last element ('.mp3' is all extension) */
  go_file_ext: (v, where) => goExt(str(v, where)),
  /** text -> Go's url.PathUnescape of it, '' when that refuses it (a '%' without two hex digits) */
  go_path_unescape: (v, where) => goPercentDecode(str(v, where)) ?? '',
  /** a download URL -> the file name upstream's helpers give a directory target (inferFilename): see goInferFilename */
  go_infer_filename: (v, where) => goInferFilename(str(v, where)),
  /** the same name, absent where inferFilename falls back to "download" (upstream's inferSheetExportFilename) */
  go_infer_filename_found: (v, where) => goInferredName(str(v, where)),
};

/**
 * upstream's inferFilename (internal/helpers/doc.go:441-460@c7521c1c), which names the directory downloads of chat
 * message download-media, doc download, drive download and markdown fetch: the URL text after its last `/` (none, or
 * nothing after it: "download"), cut at the first `?`, PathUnescape'd (kept as it was when that refuses it), every `\`
 * made `/`, then filepath.Base; "download" when that leaves "", "." or "/". The text is not parsed as a URL: a `/`
 * inside the query or a `#fragment` is read as part of the path, as upstream reads it.
 */
export function goInferFilename(url: string): string {
  return goInferredName(url) ?? 'download';
}

/**
 * the name goInferFilename finds, undefined where it falls back to "download". This is upstream's
 * inferSheetExportFilename (helpers/sheet_export.go:222-243@c7521c1c), which returns "" there so that sheet export
 * names the file sheet-export-<jobId>.xlsx; a URL whose last segment is itself `download` keeps that name in both.
 */
export function goInferredName(url: string): string | undefined {
  const slash = url.lastIndexOf('/');
  if (slash < 0 || slash === url.length - 1) return undefined;
  let name = url.slice(slash + 1);
  const query = name.indexOf('?');
  if (query >= 0) name = name.slice(0, query);
  const base = goBase((goPercentDecode(name) ?? name).replace(/\\/gu, '/'));
  return base === '.' || base === '/' ? undefined : base;
}

/**
 * Go's %-decoding in path mode (net/url unescape with encodePath): every '%' must start two hex digits, whose byte it
 * becomes; the bytes are read back as UTF-8 (an invalid sequence becomes U+FFFD, where Go keeps the raw byte).
 * Undefined when a '%' is not followed by two hex digits.
 */
function goPercentDecode(text: string): string | undefined {
  const bytes = Buffer.from(text, 'utf8');
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 0x25) {
      out.push(bytes[i]!);
      continue;
    }
    const hex = bytes.subarray(i + 1, i + 3).toString('latin1');
    if (!/^[0-9A-Fa-f]{2}$/u.test(hex)) return undefined;
    out.push(Number.parseInt(hex, 16));
    i += 2;
  }
  return Buffer.from(out).toString('utf8');
}

/**
 * Go's url.Parse(raw).Path (net/url/url.go@go1.24): undefined when url.Parse refuses the URL (a control byte, a leading
 * ':', a colon in the first segment of a scheme-less URL, a bad %-escape in the path); the fragment after '#' and the
 * query after '?' are cut, an opaque URL (`mailto:x`) has no path, an authority after '//' is skipped, and the path is
 * %-decoded once. The host itself is not checked (a download checks its URL before this is read).
 */
export function goUrlPath(raw: string): string | undefined {
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c === '\x7f')) return undefined;
  let rest = raw.includes('#') ? raw.slice(0, raw.indexOf('#')) : raw;
  if (rest.startsWith(':')) return undefined;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/u.exec(rest);
  if (scheme) rest = rest.slice(scheme[0].length);
  if (rest.includes('?')) rest = rest.slice(0, rest.indexOf('?'));
  if (scheme && !rest.startsWith('/')) return '';
  if (!scheme && rest.split('/')[0]!.includes(':')) return undefined;
  if (rest.startsWith('//')) rest = rest.includes('/', 2) ? rest.slice(rest.indexOf('/', 2)) : '';
  return goPercentDecode(rest);
}

/**
 * Upstream's localio sanitizeFilename (internal/localio/download.go:455-475@c7521c1c), which SafeFilename (:281-293)
 * tries on a download's preferred name and then on the URL's last segment: backslashes read as slashes; a text that Go's
 * TrimSpace would change is refused; the last element (Go's filepath.Base: trailing slashes ignored, "" is ".") is
 * refused when it is ".", "..", ends with "." or " ", holds a control character (below U+0020, U+007F) or one of
 * <>:"/\|?*, or its stem (the part before the first ".", trailing spaces and dots dropped, upper-cased) is a Windows
 * device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9). '' for a refused name, else the name.
 */
export function goSanitizeFilename(raw: string): string {
  const normalized = raw.replace(/\\/gu, '/');
  if (trimSpace(normalized) !== normalized) return '';
  const name = goBase(normalized);
  if (name === '' || name === '.' || name === '..' || name.endsWith('.') || name.endsWith(' ')) return '';
  // eslint-disable-next-line no-control-regex -- control characters are what Go's check refuses
  if (/[\u0000-\u001f\u007f<>:"/\\|?*]/u.test(name)) return '';
  const stem = goCase(name.split('.')[0].replace(/[ .]+$/u, ''), 'upper');
  return /^(CON|PRN|AUX|NUL|(COM|LPT)[1-9])$/u.test(stem) ? '' : name;
}

/**
 * Go's path.Clean (slash-separated, purely lexical): repeated slashes become one, `.` elements go, each `..` removes
 * the element before it (kept at the start of a relative path, dropped after the root), no trailing slash except
 * the root's; an empty result is ".". So "a/../../b" is "../b" and "/../x" is "/x".
 */
export function goPathClean(p: string): string {
  if (p === '') return '.';
  const rooted = p[0] === '/';
  const n = p.length;
  let out = rooted ? '/' : '';
  // out[0, dotdot) cannot be backtracked over: the root, or the leading `..` elements of a relative path
  let dotdot = out.length;
  let r = rooted ? 1 : 0;
  while (r < n) {
    if (p[r] === '/') r++;
    else if (p[r] === '.' && (r + 1 === n || p[r + 1] === '/')) r++;
    else if (p[r] === '.' && p[r + 1] === '.' && (r + 2 === n || p[r + 2] === '/')) {
      r += 2;
      if (out.length > dotdot) {
        let w = out.length - 1;
        while (w > dotdot && out[w] !== '/') w--;
        out = out.slice(0, w);
      } else if (!rooted) {
        out += out.length > 0 ? '/..' : '..';
        dotdot = out.length;
      }
    } else {
      if ((rooted && out.length !== 1) || (!rooted && out.length !== 0)) out += '/';
      while (r < n && p[r] !== '/') out += p[r++];
    }
  }
  return out === '' ? '.' : out;
}

/**
 * Upstream's sanitizeFileName (internal/helpers/drive.go:3700-3713@c7521c1c): backslashes read as slashes, then Go's
 * filepath.Base (trailing slashes ignored, the last element; "" is "."), `.`, `..` and `/` become `unnamed`, NUL
 * characters removed. Nothing is trimmed: a padded name stays padded.
 */
export function goFileName(text: string): string {
  const base = goBase(text.replace(/\\/gu, '/'));
  if (base === '.' || base === '..' || base === '/' || base === '') return 'unnamed';
  const name = base.split('\u0000').join('');
  return name === '' ? 'unnamed' : name;
}

/**
 * Upstream's parseRemoteFileName (internal/helpers/drive.go:3935-3954@c7521c1c), which names the file markdown
 * overwrite and patch upload when no --name is typed: the answer's result when that is an object, else the answer
 * (one that is not an object has no name); its fileName when that is non-empty text; else its name (text), with "."
 * and its extension (text) added unless the name already ends in them (Go's ToLower on both); each through
 * sanitizeFileName (goFileName). No name gives "" (upstream's caller then stops: it finds no remote name).
 */
export function goRemoteFileName(answer: unknown): string {
  if (!isObj(answer)) return '';
  const info = isObj(answer.result) ? answer.result : answer;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  if (text(info.fileName) !== '') return goFileName(text(info.fileName));
  const name = text(info.name);
  const ext = text(info.extension);
  if (name === '') return '';
  if (ext === '' || goCase(name, 'lower').endsWith('.' + goCase(ext, 'lower'))) return goFileName(name);
  return goFileName(`${name}.${ext}`);
}
