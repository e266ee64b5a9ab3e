// Markdown transforms of the doc write commands (upstream helpers/content_splitter.go and helpers/doc.go):
// `{split_markdown: n}` cuts a long markdown into pieces at block boundaries (splitMarkdownSafe), and
// `strip_duplicate_title` drops a leading `# heading` equal to the document's name (stripDuplicateTitle), and
// `markdown_readback_matches` says whether a read-back shows a markdown or JSONML write (verifyUpdatedDocumentContent),
// and `unified_diff` is markdown diff's line diff (computeUnifiedDiff over UnifiedDiff, helpers/markdown_diff.go and
// helpers/diff_engine.go@c7521c1c, Go's internal/diff anchored diff with a context parameter).
import { trimSpace } from '../../contract/values.js';
import { readbackMatches } from '../../domain/doc-readback.js';
import { goCase } from '../../text/go-case.js';
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

/** Upstream normalizeHeadingText (helpers/doc.go:5035-5050@c7521c1c): trailing ATX hashes, `** __ ~~ * _ \`` markers dropped, trimmed, Go's strings.ToLower. */
function normalizeHeading(s: string): string {
  let t = trimSpace(s);
  if (t === '') return '';
  const i = t.lastIndexOf(' ');
  if (i >= 0) {
    const suffix = t.slice(i + 1);
    if (suffix.length > 0 && /^#+$/u.test(suffix)) t = trimSpace(t.slice(0, i));
  }
  for (const m of ['**', '__', '~~', '*', '_', '`']) t = t.split(m).join('');
  return trimSpace(goCase(t, 'lower'));
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

interface Pair { x: number; y: number }

/** Upstream diffLines: the lines with their newlines; a last line without one gets BSD/GNU diff's missing-newline note. */
function diffLines(text: string): string[] {
  const lines = text.split('\n').map((l, i, all) => (i < all.length - 1 ? l + '\n' : l));
  if (lines[lines.length - 1] === '') lines.pop();
  else lines[lines.length - 1] += '\n\\ No newline at end of file\n';
  return lines;
}

/**
 * Upstream diffTgs: the longest common subsequence of the lines that appear exactly once on each side (Szymanski's
 * algorithm A), as index pairs, between the sentinels {0,0} and {len(x),len(y)}.
 */
function diffTgs(x: string[], y: string[]): Pair[] {
  const m = new Map<string, number>();
  for (const s of x) {
    const c = m.get(s) ?? 0;
    if (c > -2) m.set(s, c - 1);
  }
  for (const s of y) {
    const c = m.get(s) ?? 0;
    if (c > -8) m.set(s, c - 4);
  }
  const xi: number[] = [];
  const yi: number[] = [];
  const inv: number[] = [];
  y.forEach((s, i) => {
    if (m.get(s) === -5) {
      m.set(s, yi.length);
      yi.push(i);
    }
  });
  x.forEach((s, i) => {
    const j = m.get(s);
    if (j !== undefined && j >= 0) {
      xi.push(i);
      inv.push(j);
    }
  });
  const n = xi.length;
  const T = new Array<number>(n).fill(n + 1);
  const L = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (T[mid] >= inv[i]) hi = mid;
      else lo = mid + 1;
    }
    T[lo] = inv[i];
    L[i] = lo + 1;
  }
  let k = 0;
  for (const v of L) if (k < v) k = v;
  const seq = new Array<Pair>(2 + k);
  seq[1 + k] = { x: x.length, y: y.length };
  const lastj = n; // upstream never lowers it
  for (let i = n - 1; i >= 0; i--) {
    if (L[i] === k && inv[i] < lastj) {
      seq[k] = { x: xi[i], y: yi[inv[i]] };
      k--;
    }
  }
  seq[0] = { x: 0, y: 0 };
  return seq;
}

/** Upstream UnifiedDiff("left", old, "right", new, context): the anchored unified diff, "" when the texts are equal. */
export function unifiedDiff(oldText: string, newText: string, context: number): string {
  if (oldText === newText) return '';
  const x = diffLines(oldText);
  const y = diffLines(newText);
  let out = 'diff left right\n--- left\n+++ right\n';
  let done: Pair = { x: 0, y: 0 };
  let chunk: Pair = { x: 0, y: 0 };
  const count: Pair = { x: 0, y: 0 };
  let ctext: string[] = [];
  const C = context < 0 ? 0 : context;
  for (const m of diffTgs(x, y)) {
    if (m.x < done.x) continue;
    const start = { ...m };
    while (start.x > done.x && start.y > done.y && x[start.x - 1] === y[start.y - 1]) {
      start.x--;
      start.y--;
    }
    const end = { ...m };
    while (end.x < x.length && end.y < y.length && x[end.x] === y[end.y]) {
      end.x++;
      end.y++;
    }
    for (const s of x.slice(done.x, start.x)) {
      ctext.push('-' + s);
      count.x++;
    }
    for (const s of y.slice(done.y, start.y)) {
      ctext.push('+' + s);
      count.y++;
    }
    if ((end.x < x.length || end.y < y.length) && (end.x - start.x < C || (ctext.length > 0 && end.x - start.x < 2 * C))) {
      for (const s of x.slice(start.x, end.x)) {
        ctext.push(' ' + s);
        count.x++;
        count.y++;
      }
      done = end;
      continue;
    }
    if (ctext.length > 0) {
      const n = Math.min(end.x - start.x, C);
      for (const s of x.slice(start.x, start.x + n)) {
        ctext.push(' ' + s);
        count.x++;
        count.y++;
      }
      // (upstream also sets done to start+n here; the break or `done = end` below always overrides it)
      if (count.x > 0) chunk.x++;
      if (count.y > 0) chunk.y++;
      out += `@@ -${chunk.x},${count.x} +${chunk.y},${count.y} @@\n` + ctext.join('');
      count.x = 0;
      count.y = 0;
      ctext = [];
    }
    if (end.x >= x.length && end.y >= y.length) break;
    chunk = { x: Math.max(end.x - C, 0), y: Math.max(end.y - C, 0) };
    for (const s of x.slice(chunk.x, end.x)) {
      ctext.push(' ' + s);
      count.x++;
      count.y++;
    }
    done = end;
  }
  return out;
}

/** Upstream computeUnifiedDiff: the diff and its counts (+ and - lines after the first @@ line, @@ lines). */
export function markdownDiff(left: string, right: string, context: number) {
  const diff = unifiedDiff(left, right, context);
  let added = 0;
  let deleted = 0;
  let hunks = 0;
  let inHunk = false;
  if (diff !== '') {
    for (const line of diff.split('\n')) {
      if (line.startsWith('@@')) {
        hunks++;
        inHunk = true;
      } else if (inHunk && line.startsWith('+')) added++;
      else if (inHunk && line.startsWith('-')) deleted++;
    }
  }
  return { changed: added > 0 || deleted > 0, added_lines: added, deleted_lines: deleted, hunks, diff };
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
  /** `{left, right, context}` -> `{changed, added_lines, deleted_lines, hunks, diff}` (upstream computeUnifiedDiff) */
  unified_diff: (v, where) => {
    if (!isObj(v)) return refuse(where, v, 'an object {left, right, context}');
    const context = typeof v.context === 'number' && Number.isInteger(v.context) ? v.context : refuse(where, v.context, 'an integer context');
    return markdownDiff(str(v.left, where), str(v.right, where), context);
  },
};

export const PARAM: Record<string, Param> = {
  /** text -> pieces of at most n characters cut at markdown block boundaries (upstream splitMarkdownSafe) */
  split_markdown: (arg) => {
    const n = positive('split_markdown')(arg);
    return (v, where) => splitMarkdown(str(v, where), n);
  },
};
