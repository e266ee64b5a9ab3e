// Whether a document's read-back shows a write (upstream doc/content_shortcuts.go verifyUpdatedDocumentContent
// @c7521c1c, :1002), in markdown or JSONML: every text of an object answer that can be the document's content (any
// `content` and `markdown` (jsonml: `jsonml`) text inside it, key case, `_` and `-` ignored) is compared with what was written, both normalized (markdown line by line; JSONML as
// normalizeJSONMLForVerification :1361, also used for the blocks in doc-blocks.ts). overwrite: the same text, or the same after a leading
// `# title` line; append: the same text, or a text ending with a newline and then what was written. Upstream also
// accepts a text whose goldmark HTML rendering equals (or, for append, ends with) the written one's; dws does not
// render markdown, so such a read-back is not accepted here (a documented deviation: the run then reports
// verification_failed where upstream would pass).
import canonicalize from 'canonicalize';
import { isObject as isObj } from '../json-object.js';
import { fields, trimSpace } from '../text/space.js';
import { parseJsonWellFormed } from '../json-well-formed.js';

type Obj = Record<string, unknown>;

/**
 * The answer's texts that may hold the document (upstream documentContentCandidates): content, and markdown or
 * (jsonml) jsonml, at any depth below an object answer. Every upstream caller hands it what CallMCPData decoded into
 * a map (readDocVerification, content_shortcuts.go:778-811@c7521c1c); an answer that is not a JSON object (plain or
 * blank text, a list, null) reaches it as an empty map, so it holds no candidate: upstream's branch for a text at the
 * root never runs, and such a read-back shows nothing (h56-doc).
 */
export function contentCandidates(answer: unknown, format = 'markdown'): string[] {
  const wanted = format === 'jsonml' ? 'jsonml' : 'markdown';
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObj(v)) {
      for (const [k, x] of Object.entries(v)) {
        const key = k.replaceAll('_', '').replaceAll('-', '').toLowerCase();
        if (typeof x === 'string' && (key === 'content' || key === wanted)) out.push(x);
        walk(x);
      }
    }
  };
  if (isObj(answer)) walk(answer);
  return out;
}

/**
 * Upstream normalizeMarkdownForVerification: line ends unified; outside fences each line trimmed with its inner runs
 * of space collapsed (cell by cell in a table line), runs of blank lines kept as one, leading blank lines dropped;
 * fence lines trimmed and lines inside a fence only right-trimmed of spaces and tabs; trailing blank lines dropped.
 */
export function normalizeMarkdown(raw: string): string {
  const lines: string[] = [];
  let inFence = false;
  for (const line of raw.replaceAll('\r\n', '\n').replaceAll('\r', '\n').split('\n')) {
    const trimmed = trimSpace(line);
    if (trimmed.startsWith('```') || trimmed.startsWith('~~~')) {
      inFence = !inFence;
      lines.push(trimmed);
    } else if (inFence) lines.push(line.replace(/[ \t]+$/u, ''));
    else if (trimmed === '') {
      if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('');
    } else lines.push(trimmed.includes('|') ? trimmed.split('|').map((cell) => fields(cell).join(' ')).join('|') : fields(trimmed).join(' '));
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

/** Upstream's JSONML attribute defaults the backend adds on its own (generatedJSONMLAttributeDefaults). */
const GENERATED_DEFAULTS: Record<string, Obj> = {
  hr: { sz: 1 },
  tc: { colspan: 1, rowspan: 1, valign: 'middle' },
  code: { code: '', syntax: 'plaintext', theme: 'default', wrap: true, showlinenumber: true, fold: false },
};

/** Go's strings.EqualFold(tag, "span"): `ſ` folds to `s`. */
const isSpan = (tag: string) => tag.replaceAll('ſ', 's').toLowerCase() === 'span';

function normalizeJsonmlValue(v: unknown): unknown {
  if (Array.isArray(v)) {
    if (v.length === 0 || typeof v[0] !== 'string') return v.map(normalizeJsonmlValue);
    const tag = v[0];
    let attrs: Obj = {};
    let start = 1;
    if (v.length > 1 && isObj(v[1])) {
      const defaults = GENERATED_DEFAULTS[tag.toLowerCase()] ?? {};
      attrs = Object.fromEntries(Object.entries(normalizeJsonmlValue(v[1]) as Obj).filter(([key, value]) =>
        !(isObj(value) && Object.keys(value).length === 0) && !(Object.hasOwn(defaults, key) && defaults[key] === value)));
      start = 2;
    }
    const children = v.slice(start).map(normalizeJsonmlValue).filter((child) => child !== null);
    const keys = Object.keys(attrs);
    const generatedSpan = keys.length === 0 || (keys.length === 1 && (attrs.datatype === 'text' || attrs.datatype === 'leaf'));
    if (isSpan(tag) && generatedSpan) return children.length === 1 ? children[0] : children;
    return [tag.toLowerCase(), attrs, ...children];
  }
  if (isObj(v)) {
    return Object.fromEntries(Object.entries(v).flatMap(([key, child]) => {
      const k = key.replaceAll('_', '').replaceAll('-', '').toLowerCase();
      return ['uuid', 'blockid', 'elementid', 'index'].includes(k) ? [] : [[k, normalizeJsonmlValue(child)]];
    }));
  }
  return typeof v === 'string' ? v.replaceAll('\r\n', '\n').replaceAll('\r', '\n') : v;
}

/**
 * Upstream normalizeJSONMLForVerification: text that is not JSON is normalized as markdown; JSONML loses its block
 * ids (uuid, blockId, elementId, index; keys lower-cased without `_`/`-`), tags are lower-cased, the attribute
 * defaults the backend adds and empty style objects are dropped, null children too, and a plain text span becomes
 * its text (or its children); the result as canonical JSON (keys sorted, as Go marshals a map).
 */
export function normalizeJsonml(raw: string): string {
  let value: unknown;
  try {
    value = parseJsonWellFormed(raw);
  } catch {
    return normalizeMarkdown(raw);
  }
  return canonicalize(normalizeJsonmlValue(value))!;
}

/** Upstream stripReadbackDocumentTitle: without a first line starting `# ` (after trimming) and the blank lines after it. */
export function stripReadbackTitle(content: string): string {
  const lines = content.split('\n');
  if (!trimSpace(lines[0]).startsWith('# ')) return content;
  let i = 1;
  while (i < lines.length && trimSpace(lines[i]) === '') i++;
  return lines.slice(i).join('\n');
}

/**
 * Whether the read-back `answer` shows `expected` written with `mode` (overwrite, or else append), in `format`
 * (jsonml: both normalized as JSONML, normalizeJSONMLForVerification; any other format as markdown; a leading title line is
 * dropped from the read-back only for markdown, as upstream's `format == "markdown"`, content_shortcuts.go:1009@c7521c1c).
 */
export function readbackMatches(answer: unknown, expected: string, mode: string, format = 'markdown'): boolean {
  const normalize = (raw: string) => (format === 'jsonml' ? normalizeJsonml(raw) : normalizeMarkdown(raw));
  const want = normalize(expected);
  return contentCandidates(answer, format).some((raw) => {
    const actual = normalize(raw);
    if (mode === 'overwrite') return actual === want || (format === 'markdown' && stripReadbackTitle(actual) === want);
    return actual === want || actual.endsWith(`\n${want}`);
  });
}
