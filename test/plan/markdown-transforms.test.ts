// The markdown transforms of the doc write commands (src/plan/transforms/markdown.ts): `{split_markdown: n}`
// (upstream splitMarkdownSafe, helpers/content_splitter.go) and `strip_duplicate_title` (upstream
// stripDuplicateTitle, helpers/doc.go), and `is_json` (src/plan/transforms/json.ts: the JSONML commands' --fix-jsonml).
// Expected pieces are worked out from upstream's algorithm by hand.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import type { Transform } from '../../src/plan/spec.js';

const apply = (ts: Transform[], v: unknown) => applyTransforms(ts, v, '--content');
const split = (n: number, t: string) => apply([{ split_markdown: n }], t) as string[];

describe('split_markdown', () => {
  it('keeps a text within the limit whole, CRLF included', () => {
    expect(split(10, 'a\r\nb')).toEqual(['a\r\nb']);
    expect(split(3, '')).toEqual(['']);
  });
  it('cuts before the last heading that fits and starts the next piece with it', () => {
    // blocks: "# A\n" (4), "xx\n" (3), "## B\n" (5), "yy" (2): 4+3+5 = 12 fits, +2 does not; the last heading is
    // "## B", so the first piece ends before it
    expect(split(12, '# A\nxx\n## B\nyy')).toEqual(['# A\nxx\n', '## B\nyy']);
  });
  it('keeps a table and a fenced code block whole, and counts characters, not bytes', () => {
    // blocks: "中文\n" (3), "| a |\n| b |\n" (12), "末" (1): 3+12 = 15 > 14, so the table starts a new piece
    expect(split(14, '中文\n| a |\n| b |\n末')).toEqual(['中文\n', '| a |\n| b |\n末']);
    // blocks: "p\n" (2), the fence "```\nx\n# no\n```\n" (15, a heading inside stays code), "q" (1)
    expect(split(16, 'p\n```\nx\n# no\n```\nq')).toEqual(['p\n', '```\nx\n# no\n```\nq']);
  });
  it('hard-splits a block over the limit after its blank lines, then by characters', () => {
    // one normal block "aaaa\n\nbbbbbbb\n\ncc" (18 > 8): paragraphs "aaaa\n\n" (6), "bbbbbbb\n\n" (9 > 8: cut by 8), "cc"
    expect(split(8, 'aaaa\n\nbbbbbbb\n\ncc')).toEqual(['aaaa\n\n', 'bbbbbbb\n', '\n', 'cc']);
    // Go strings.SplitAfter: "ab\n\n" (4 > 3: cut by 3) then "\ncd"
    expect(split(3, 'ab\n\n\ncd')).toEqual(['ab\n', '\n', '\ncd']);
  });
  it('keeps the newline before a last line that starts a table or a heading (upstream drops it there)', () => {
    expect(split(4, 'abc\n# H')).toEqual(['abc\n', '# H']);
    expect(split(4, 'abc\n| t')).toEqual(['abc\n', '| t']);
  });
  it('joins back to the text and keeps every piece within the limit (property)', () => {
    const unit = fc.constantFrom('a', '中', '😀', '\n', '\n\n', '# ', '## ', '### ', '| ', '```', ' ');
    fc.assert(fc.property(fc.string({ unit, maxLength: 80 }), fc.integer({ min: 1, max: 12 }), (t, n) => {
      const parts = split(n, t);
      expect(parts.join('')).toBe(t);
      for (const p of parts) expect([...p].length).toBeLessThanOrEqual(n);
    }));
  });
  it('refuses a limit that is not a positive integer at build', () => {
    expect(() => apply([{ split_markdown: 0 }], 'x')).toThrow('split_markdown needs a positive integer');
  });
});

describe('strip_duplicate_title', () => {
  const strip = (text: string | undefined, title: string) => apply(['strip_duplicate_title'], { text, title });
  it('drops a leading "# " heading equal to the title after normalizing both', () => {
    expect(strip('\n  # **周报** ##\n\n正文', '周报')).toBe('正文');
    expect(strip('# `Plan` A', 'plan a')).toBe('');
    expect(strip('# _Q1_ ~~总结~~\nx', 'Q1 总结')).toBe('x');
  });
  it('keeps the text when the heading differs, is not level 1, or is not first', () => {
    expect(strip('# 月报\n正文', '周报')).toBe('# 月报\n正文');
    expect(strip('## 周报\n正文', '周报')).toBe('## 周报\n正文');
    expect(strip('前言\n# 周报', '周报')).toBe('前言\n# 周报');
    expect(strip('#周报\nx', '周报')).toBe('#周报\nx');
  });
  it('is absent without a text', () => {
    expect(strip(undefined, '周报')).toBeUndefined();
  });
});

describe('is_json', () => {
  it('tells text that parses as JSON from text that does not (upstream --fix-jsonml repairs only the latter)', () => {
    expect(['["root",{}]', '{"a":1}', '3', '"x"', 'null'].map((t) => apply(['is_json'], t))).toEqual([true, true, true, true, true]);
    expect(['["root",{}', '{a:1}', '', "['x']"].map((t) => apply(['is_json'], t))).toEqual([false, false, false, false]);
  });
});

// upstream verifyUpdatedDocumentContent (doc/content_shortcuts.go:1002@c7521c1c) without the goldmark rendering
describe('markdown_readback_matches', () => {
  const matches = (answer: unknown, expected: string, mode?: string) => apply(['markdown_readback_matches'], { answer, expected, ...(mode ? { mode } : {}) });
  it('append: the same text, or one ending with a newline and the text; a bare suffix does not count', () => {
    expect(matches({ result: { markdown: '旧\n\n新的 一段' } }, '新的   一段\n')).toBe(true);
    // h56-doc: upstream reads the answer as the map CallMCPData decoded, so a text answer holds no candidate
    expect(matches('新的一段', '新的一段')).toBe(false);
    expect(matches({ markdown: '旧新的一段' }, '新的一段')).toBe(false);
  });
  it('overwrite: the same text after normalizing, or after a leading title line; appended text does not count', () => {
    expect(matches({ data: { content: '# 标题\n\n\n正文\r\n' } }, '正文', 'overwrite')).toBe(true);
    expect(matches({ content: '  | a |   b |  ' }, '| a | b |', 'overwrite')).toBe(true);
    expect(matches({ content: '旧\n正文' }, '正文', 'overwrite')).toBe(false);
  });
  it('reads content/markdown texts at any depth, key case, _ and - ignored, and never the answer itself (upstream\'s answer is always a map)', () => {
    expect(matches({ a: [{ Mark_Down: 'x' }] }, 'x')).toBe(true);
    expect(matches({ a: [{ text: 'x' }] }, 'x')).toBe(false);
    expect(matches({ a: ['x'] }, 'x')).toBe(false);
  });
  it('keeps lines inside a fence as written, only right-trimmed', () => {
    expect(matches({ markdown: '```\n  code  \n```' }, '```\n  code\n```', 'overwrite')).toBe(true);
    expect(matches({ markdown: '```\ncode\n```' }, '```\n  code\n```', 'overwrite')).toBe(false);
  });
});
