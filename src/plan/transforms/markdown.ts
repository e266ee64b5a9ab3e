// Markdown transforms of the doc write commands (upstream helpers/content_splitter.go and helpers/doc.go):
// `{split_markdown: n}` cuts a long markdown into pieces at block boundaries (splitMarkdownSafe), and
// `strip_duplicate_title` drops a leading `# heading` equal to the document's name (stripDuplicateTitle), and
// `markdown_readback_matches` says whether a read-back shows a markdown or JSONML write (verifyUpdatedDocumentContent).
import { trimSpace } from '../../contract/values.js';
import { readbackMatches } from '../../domain/doc-readback.js';
import { isObj, positive, refuse, str, type Fn, type Param } from './types.js';


const runeCount = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

type BlockKind = 'normal' | 'heading' | 'table' | 'code';
interface Block { text: string; kind: BlockKind }

/**
 * Upstream parseMarkdownBlocks: the text (CRLF read as LF) as consecutive blocks that are kept whole: a fenced code
 * block, a run of table lines (`|` after spaces), each `#`/`##`/`###` heading line, and the lines between them;
 * each block keeps the newline that ends it, the last one has none. One deviation: a block closed because the next
 * line starts a table, a fence or a heading keeps its newline even when that line is the last (upstream's
 * `flush(!isLastLine)` drops it there, breaking its own rule that the pieces join back to the text).
 */
function markdownBlocks(content: string): Block[] {
  const lines = content.split('\r\n').join('\n').split('\n');
  const blocks: Block[] = [];
  let current: string[] = [];
  let kind: BlockKind = 'normal';
  let inCode = false;
  const flush = (newline: boolean) => {
    if (current.length === 0) return;
    blocks.push({ text: current.join('\n') + (newline ? '\n' : ''), kind });
    current = [];
    kind = 'normal';
  };
  lines.forEach((line, i) => {
    const trimmed = trimSpace(line);
    const notLast = i !== lines.length - 1;
    if (trimmed.startsWith('```')) {
      if (!inCode) {
        flush(true);
        kind = 'code';
        inCode = true;
        current.push(line);
      } else {
        current.push(line);
        flush(notLast);
        inCode = false;
      }
      return;
    }
    if (inCode) {
      current.push(line);
      return;
    }
    if (trimmed.startsWith('|')) {
      if (kind !== 'table') {
        flush(true);
        kind = 'table';
      }
      current.push(line);
      return;
    }
    if (kind === 'table') flush(true);
    if (line.startsWith('### ') || line.startsWith('## ') || line.startsWith('# ')) {
      flush(true);
      kind = 'heading';
      current.push(line);
      flush(notLast);
      return;
    }
    current.push(line);
  });
  flush(false);
  return blocks;
}

/** Go strings.SplitAfter: the pieces each keep the separator that ended them (non-overlapping, left to right). */
function splitAfter(s: string, sep: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let at = s.indexOf(sep); at >= 0; at = s.indexOf(sep, from)) {
    out.push(s.slice(from, at + sep.length));
    from = at + sep.length;
  }
  out.push(s.slice(from));
  return out;
}

/** Upstream hardSplitBlock: one oversized block cut after its blank lines, a paragraph still too long by runes. */
function hardSplit(text: string, limit: number): string[] {
  const paragraphs = splitAfter(text, '\n\n');
  const chunks: string[] = [];
  let current = '';
  let currentRunes = 0;
  for (const para of paragraphs) {
    const paraRunes = runeCount(para);
    if (currentRunes + paraRunes > limit && currentRunes > 0) {
      chunks.push(current);
      current = '';
      currentRunes = 0;
    }
    if (paraRunes > limit) {
      const runes = [...para];
      for (let start = 0; start < runes.length; start += limit) chunks.push(runes.slice(start, start + limit).join(''));
      continue;
    }
    current += para;
    currentRunes += paraRunes;
  }
  if (currentRunes > 0) chunks.push(current);
  return chunks;
}

/**
 * Upstream splitMarkdownSafe + mergeBlocksIntoChunks: a text of at most `limit` runes is one piece; else blocks are
 * gathered greedily up to the limit, and a piece that stopped short of the end gives back the blocks from its last
 * heading on (when that heading is not its first block) to start the next piece; a block alone over the limit is
 * hard-split.
 */
export function splitMarkdown(content: string, limit: number): string[] {
  if (runeCount(content) <= limit) return [content];
  const blocks = markdownBlocks(content);
  const chunks: string[] = [];
  let i = 0;
  while (i < blocks.length) {
    let taken: Block[] = [];
    let runes = 0;
    while (i < blocks.length) {
      const n = runeCount(blocks[i].text);
      if (n > limit && runes === 0) {
        chunks.push(...hardSplit(blocks[i].text, limit));
        i++;
        taken = [];
        runes = 0;
        continue;
      }
      if (runes + n > limit && runes > 0) break;
      taken.push(blocks[i]);
      runes += n;
      i++;
    }
    if (taken.length === 0) continue;
    if (i < blocks.length && taken.length > 1) {
      let at = -1;
      for (let j = taken.length - 1; j > 0; j--) {
        if (taken[j].kind === 'heading') {
          at = j;
          break;
        }
      }
      if (at > 0) {
        chunks.push(taken.slice(0, at).map((b) => b.text).join(''));
        i -= taken.length - at;
        continue;
      }
    }
    chunks.push(taken.map((b) => b.text).join(''));
  }
  return chunks;
}

/** Upstream normalizeHeadingText: trailing ATX hashes, `** __ ~~ * _ \`` markers dropped, trimmed, lower case. */
function normalizeHeading(s: string): string {
  let t = trimSpace(s);
  if (t === '') return '';
  const i = t.lastIndexOf(' ');
  if (i >= 0) {
    const suffix = t.slice(i + 1);
    if (suffix.length > 0 && /^#+$/u.test(suffix)) t = trimSpace(t.slice(0, i));
  }
  for (const m of ['**', '__', '~~', '*', '_', '`']) t = t.split(m).join('');
  return trimSpace(t.toLowerCase());
}

/**
 * Upstream stripDuplicateTitle over `{text, title}`: when the text (after leading spaces, tabs and newlines) starts
 * with a `# ` heading whose normalized text equals the normalized title, the text after that heading line (its
 * leading newlines dropped); otherwise the text unchanged.
 */
export function stripDuplicateTitle(markdown: string, title: string): string {
  const trimmed = markdown.replace(/^[ \t\n\r]+/u, '');
  if (!trimmed.startsWith('# ')) return markdown;
  const nl = trimmed.indexOf('\n');
  const heading = nl < 0 ? trimmed.slice(2) : trimmed.slice(2, nl);
  if (normalizeHeading(heading) !== normalizeHeading(title)) return markdown;
  return nl < 0 ? '' : trimmed.slice(nl + 1).replace(/^\n+/u, '');
}

export const PLAIN: Record<string, Fn> = {
  /** `{text, title}` -> the text without a leading `# heading` equal to the title (no title: the text; no text: absent) */
  strip_duplicate_title: (v, where) => {
    if (!isObj(v)) return refuse(where, v, 'an object {text, title}');
    if (v.text === undefined) return undefined;
    const text = str(v.text, where);
    return v.title === undefined ? text : stripDuplicateTitle(text, str(v.title, where));
  },
  /** `{answer, expected, mode?, format?}` -> whether the read-back answer shows what was written, markdown or jsonml (src/domain/doc-readback.ts) */
  markdown_readback_matches: (v, where) => {
    if (!isObj(v)) return refuse(where, v, 'an object {answer, expected, mode, format}');
    return readbackMatches(v.answer, str(v.expected, where), v.mode === undefined ? 'append' : str(v.mode, where), v.format === undefined ? 'markdown' : str(v.format, where));
  },
};

export const PARAM: Record<string, Param> = {
  /** text -> pieces of at most n characters cut at markdown block boundaries (upstream splitMarkdownSafe) */
  split_markdown: (arg) => {
    const n = positive('split_markdown')(arg);
    return (v, where) => splitMarkdown(str(v, where), n);
  },
};
