// Whether a document's read-back shows a markdown write (upstream doc/content_shortcuts.go
// verifyUpdatedDocumentContent@c7521c1c, :1002): every text of the answer that can be the document's markdown (the
// answer itself when it is text, any `content`/`markdown` text inside it, key case, `_` and `-` ignored) is compared
// with what was written, both normalized line by line. overwrite: the same text, or the same after a leading
// `# title` line; append: the same text, or a text ending with a newline and then what was written. Upstream also
// accepts a text whose goldmark HTML rendering equals (or, for append, ends with) the written one's; dws does not
// render markdown, so such a read-back is not accepted here (a documented deviation: the run then reports
// verification_failed where upstream would pass).
import { fields, trimSpace } from '../text/space.js';

/** The answer's texts that may hold the document (upstream documentContentCandidates, markdown format). */
export function contentCandidates(answer: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, root: boolean): void => {
    if (typeof v === 'string') {
      if (root) out.push(v);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, false));
    else if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) {
        const key = k.replaceAll('_', '').replaceAll('-', '').toLowerCase();
        if (typeof x === 'string' && (key === 'content' || key === 'markdown')) out.push(x);
        walk(x, false);
      }
    }
  };
  walk(answer, true);
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

/** Upstream stripReadbackDocumentTitle: without a first line starting `# ` (after trimming) and the blank lines after it. */
export function stripReadbackTitle(content: string): string {
  const lines = content.split('\n');
  if (!trimSpace(lines[0]).startsWith('# ')) return content;
  let i = 1;
  while (i < lines.length && trimSpace(lines[i]) === '') i++;
  return lines.slice(i).join('\n');
}

/** Whether the read-back `answer` shows `expected` written with `mode` (overwrite, or else append). */
export function readbackMatches(answer: unknown, expected: string, mode: string): boolean {
  const want = normalizeMarkdown(expected);
  return contentCandidates(answer).some((raw) => {
    const actual = normalizeMarkdown(raw);
    if (mode === 'overwrite') return actual === want || stripReadbackTitle(actual) === want;
    return actual === want || actual.endsWith(`\n${want}`);
  });
}
