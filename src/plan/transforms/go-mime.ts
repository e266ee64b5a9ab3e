// Go's MIME guess for a local file, as upstream's openAttachmentFile makes it (shortcut/aitable/attachment_composite.go:
// 279-287@c7521c1c): mime.TypeByExtension of the lower-cased extension, else http.DetectContentType of the first 512
// bytes. The extension table is Go's (mime/type.go builtinTypesLower, then mime/type_unix.go's machine files read the
// way Go reads them), the sniffing the WHATWG signature list net/http/sniff.go keeps. Written from those facts, not
// copied: the tables below are data.
import { readFileSync } from 'node:fs';
import { goCase } from '../../text/go-case.js';
import { trimSpace } from '../../text/space.js';

/** Go's built-in extension table (mime/type.go, Go 1.21 and later). */
const BUILTIN: Readonly<Record<string, string>> = {
  '.avif': 'image/avif', '.css': 'text/css; charset=utf-8', '.gif': 'image/gif', '.htm': 'text/html; charset=utf-8',
  '.html': 'text/html; charset=utf-8', '.jpeg': 'image/jpeg', '.jpg': 'image/jpeg', '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json', '.mjs': 'text/javascript; charset=utf-8', '.pdf': 'application/pdf', '.png': 'image/png',
  '.svg': 'image/svg+xml', '.wasm': 'application/wasm', '.webp': 'image/webp', '.xml': 'text/xml; charset=utf-8',
};

/** The machine's MIME databases Go reads on a Unix build, in its order: the first globs2 found wins, else every mime.types. */
const GLOBS = ['/usr/local/share/mime/globs2', '/usr/share/mime/globs2'];
const TYPE_FILES = ['/etc/mime.types', '/etc/apache2/mime.types', '/etc/apache/mime.types', '/etc/httpd/conf/mime.types'];

interface Tables { exact: Map<string, string>; lower: Map<string, string> }
let tables: Tables | undefined;

const readLines = (file: string): string[] | undefined => {
  try {
    return readFileSync(file, 'utf8').split('\n').map((l) => l.replace(/\r$/u, ''));
  } catch {
    return undefined;
  }
};

/** Go's setExtensionType: a text/ type without a charset gets `; charset=utf-8`; both maps learn it (lower case: Go's strings.ToLower). */
function learn(t: Tables, ext: string, type: string): void {
  const semi = type.indexOf(';');
  const bare = goCase(trimSpace(semi < 0 ? type : type.slice(0, semi)), 'lower');
  if (!/^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/u.test(bare)) return;
  const full = type.startsWith('text/') && !/;\s*charset=/iu.test(type) ? `${bare}; charset=utf-8` : type;
  t.exact.set(ext, full);
  t.lower.set(goCase(ext, 'lower'), full);
}

function load(): Tables {
  if (tables) return tables;
  const t: Tables = { exact: new Map(Object.entries(BUILTIN)), lower: new Map(Object.entries(BUILTIN)) };
  let globbed = false;
  for (const file of GLOBS) {
    const lines = readLines(file);
    if (!lines) continue;
    globbed = true;
    // weight:type:glob[:more]; only plain `*.ext` globs, the first (heaviest) kept, the built-ins kept too
    for (const line of lines) {
      const f = line.split(':');
      if (f.length < 3 || f[0].length < 1 || f[2].length < 3 || f[0][0] === '#' || f[2][0] !== '*' || f[2][1] !== '.') continue;
      const ext = f[2].slice(1);
      if (/[?*[]/u.test(ext) || t.exact.has(ext)) continue;
      learn(t, ext, f[1]);
    }
    break;
  }
  if (!globbed) {
    // `type ext ext ...`, a # starting a comment; a later line replaces an earlier one and the built-ins
    for (const file of TYPE_FILES) {
      for (const line of readLines(file) ?? []) {
        const f = line.split(/[ \t\n\v\f\r\u0085\u00a0]+/u).filter((x) => x !== '');
        if (f.length <= 1 || f[0].startsWith('#')) continue;
        for (const ext of f.slice(1)) {
          if (ext.startsWith('#')) break;
          learn(t, `.${ext}`, f[0]);
        }
      }
    }
  }
  tables = t;
  return t;
}

/** Go's mime.TypeByExtension: the exact extension, then its lower-cased form; "" when neither is known. */
export function goTypeByExtension(ext: string): string {
  const t = load();
  return t.exact.get(ext) ?? t.lower.get(goCase(ext, 'lower')) ?? '';
}

// The sniffing signatures, in Go's order (net/http/sniff.go): [kind, pattern, mask?, type]
type Sig = ['html', string] | ['exact', number[], string] | ['masked', number[], number[], string, boolean?] | ['mp4'] | ['text'];
const bytes = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
const ff = (n: number): number[] => Array<number>(n).fill(0xff);
const riff = (tag: string): number[] => [...bytes('RIFF'), 0, 0, 0, 0, ...bytes(tag)];
const riffMask = (n: number): number[] => [...ff(4), 0, 0, 0, 0, ...ff(n)];
const SIGS: Sig[] = [
  ...['<!DOCTYPE HTML', '<HTML', '<HEAD', '<SCRIPT', '<IFRAME', '<H1', '<DIV', '<FONT', '<TABLE', '<A', '<STYLE', '<TITLE', '<B', '<BODY', '<BR', '<P', '<!--']
    .map((tag): Sig => ['html', tag]),
  ['masked', bytes('<?xml'), ff(5), 'text/xml; charset=utf-8', true],
  ['exact', bytes('%PDF-'), 'application/pdf'],
  ['exact', bytes('%!PS-Adobe-'), 'application/postscript'],
  ['masked', [0xfe, 0xff, 0, 0], [0xff, 0xff, 0, 0], 'text/plain; charset=utf-16be'],
  ['masked', [0xff, 0xfe, 0, 0], [0xff, 0xff, 0, 0], 'text/plain; charset=utf-16le'],
  ['masked', [0xef, 0xbb, 0xbf, 0], [0xff, 0xff, 0xff, 0], 'text/plain; charset=utf-8'],
  ['exact', [0, 0, 1, 0], 'image/x-icon'],
  ['exact', [0, 0, 2, 0], 'image/x-icon'],
  ['exact', bytes('BM'), 'image/bmp'],
  ['exact', bytes('GIF87a'), 'image/gif'],
  ['exact', bytes('GIF89a'), 'image/gif'],
  ['masked', riff('WEBPVP'), riffMask(6), 'image/webp'],
  ['exact', [0x89, ...bytes('PNG\r\n'), 0x1a, 0x0a], 'image/png'],
  ['exact', [0xff, 0xd8, 0xff], 'image/jpeg'],
  ['masked', [...bytes('FORM'), 0, 0, 0, 0, ...bytes('AIFF')], riffMask(4), 'audio/aiff'],
  ['masked', bytes('ID3'), ff(3), 'audio/mpeg'],
  ['masked', [...bytes('OggS'), 0], ff(5), 'application/ogg'],
  ['masked', [...bytes('MThd'), 0, 0, 0, 6], ff(8), 'audio/midi'],
  ['masked', riff('AVI '), riffMask(4), 'video/avi'],
  ['masked', riff('WAVE'), riffMask(4), 'audio/wave'],
  ['mp4'],
  ['exact', [0x1a, 0x45, 0xdf, 0xa3], 'video/webm'],
  ['masked', [...Array<number>(34).fill(0), ...bytes('LP')], [...Array<number>(34).fill(0), 0xff, 0xff], 'application/vnd.ms-fontobject'],
  ['exact', [0, 1, 0, 0], 'font/ttf'],
  ['exact', bytes('OTTO'), 'font/otf'],
  ['exact', bytes('ttcf'), 'font/collection'],
  ['exact', bytes('wOFF'), 'font/woff'],
  ['exact', bytes('wOF2'), 'font/woff2'],
  ['exact', [0x1f, 0x8b, 0x08], 'application/x-gzip'],
  ['exact', bytes('PK\u0003\u0004'), 'application/zip'],
  ['exact', [...bytes('Rar!'), 0x1a, 0x07, 0], 'application/x-rar-compressed'],
  ['exact', [...bytes('Rar!'), 0x1a, 0x07, 1, 0], 'application/x-rar-compressed'],
  ['exact', [0, 0x61, 0x73, 0x6d], 'application/wasm'],
  ['text'],
];

const isWs = (b: number) => b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x20;

function matches(sig: Sig, data: Uint8Array, firstNonWs: number): string {
  switch (sig[0]) {
    case 'html': {
      const tag = bytes(sig[1]);
      const d = data.subarray(firstNonWs);
      if (d.length < tag.length + 1) return '';
      // letters compare ignoring case (the byte & 0xDF); the tag must end with a space or '>'
      if (!tag.every((b, i) => b === (b >= 0x41 && b <= 0x5a ? d[i] & 0xdf : d[i]))) return '';
      return d[tag.length] === 0x20 || d[tag.length] === 0x3e ? 'text/html; charset=utf-8' : '';
    }
    case 'exact':
      return data.length >= sig[1].length && sig[1].every((b, i) => data[i] === b) ? sig[2] : '';
    case 'masked': {
      const d = sig[4] ? data.subarray(firstNonWs) : data;
      return d.length >= sig[1].length && sig[1].every((b, i) => (d[i] & sig[2][i]) === b) ? sig[3] : '';
    }
    case 'mp4': {
      if (data.length < 12) return '';
      const box = ((data[0] << 24) >>> 0) + (data[1] << 16) + (data[2] << 8) + data[3];
      if (data.length < box || box % 4 !== 0 || String.fromCharCode(...data.subarray(4, 8)) !== 'ftyp') return '';
      for (let at = 8; at < box; at += 4) {
        // bytes 12..15 are the major brand's version
        if (at !== 12 && String.fromCharCode(...data.subarray(at, at + 3)) === 'mp4') return 'video/mp4';
      }
      return '';
    }
    case 'text':
      // no binary control byte after the leading white space
      return data.subarray(firstNonWs).some((b) => b <= 0x08 || b === 0x0b || (b >= 0x0e && b <= 0x1a) || (b >= 0x1c && b <= 0x1f)) ? '' : 'text/plain; charset=utf-8';
  }
}

/** Go's http.DetectContentType: the first signature matching the first 512 bytes, else application/octet-stream. */
export function goDetectContentType(head: Uint8Array): string {
  const data = head.subarray(0, 512);
  let firstNonWs = 0;
  while (firstNonWs < data.length && isWs(data[firstNonWs])) firstNonWs++;
  for (const sig of SIGS) {
    const type = matches(sig, data, firstNonWs);
    if (type !== '') return type;
  }
  return 'application/octet-stream';
}
