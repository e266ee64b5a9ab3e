// Session 56, helper doc (issue 32): doc +update read in full against upstream (notes/h56-doc.md). The markdown
// read-back of append/overwrite is verifyUpdatedDocumentContent (content_shortcuts.go:1002@c7521c1c) on what
// readDocVerification's CallMCPData decoded (:778-811): always a map. An answer that is not a JSON object (plain text,
// a JSON text, a list, a blank text) is the empty map there (transport/client.go:180-205,
// app/tool_caller_adapter.go:184-188), so documentContentCandidates (:1282) finds no text in it and the read-back never
// shows the write: seven reads, then verification failed. dws read such a text as the document itself and printed the
// write verified. The same reader serves doc +create and doc +checkpoint-update (:159, :450).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { rawText } from '../fixtures/mcp/server.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, timed } = useOutputRuns('dws-h56-doc-');
const TIMETABLE = [250, 500, 1000, 2000, 4000, 8000];

const matches = (answer: unknown, expected: string, mode: string) =>
  applyTransforms(['markdown_readback_matches'], { answer, expected, mode }, '--content') as boolean;

/** doc +update on D1 with `--command mode --content text`, confirmed, get_document_content answering `answer`. */
async function update(mode: string, text: string, answer: unknown) {
  mcp.calls.length = 0;
  mcp.answers['doc/update_document'] = () => ({ success: true });
  mcp.answers['doc/get_document_content'] = () => answer;
  const r = await timed(['doc', '+update', '--node', 'D1', '--command', mode, '--content', text, '--yes']);
  const reads = r.calls.filter(([name]) => name === 'get_document_content').length;
  return { ...r, reads };
}

describe('doc +update append/overwrite: a read-back that is not a JSON object never shows the write', { timeout: 300_000 }, () => {
  for (const [name, answer] of [
    ['plain text', rawText('新的一段')],
    ['a JSON text', '新的一段'],
    ['a list holding the markdown', [{ markdown: '新的一段' }]],
  ] as const) {
    it(`${name}: seven reads, then verification_failed inside partial_outcome`, async () => {
      for (const mode of ['overwrite', 'append']) {
        const r = await update(mode, '新的一段', answer);
        expect(r.outcome.out).toBe('');
        expect(r.outcome.error?.reason).toBe('partial_outcome');
        expect(r.outcome.error?.message).toContain('verification_failed');
        expect(r.reads).toBe(7);
        expect(r.sleeps).toEqual(TIMETABLE);
      }
    });
  }
  it('controls: the same text under markdown or content in an object is verified at the first read', async () => {
    for (const answer of [{ markdown: '新的一段' }, { result: { content: '# 标题\n\n新的一段\n' } }]) {
      const r = await update('overwrite', '新的一段', answer);
      expect(r.outcome.error).toBeUndefined();
      expect(r.reads).toBe(1);
      expect((r.result as { data: { verified: boolean; verification: unknown } }).data).toMatchObject({ verified: true, verification: answer });
    }
  });
});

describe('doc +checkpoint-update shares the reader: a plain-text read-back is not the document', { timeout: 300_000 }, () => {
  it('plain text: seven reads and no success', async () => {
    mcp.answers['doc/update_document'] = () => ({ success: true });
    mcp.answers['doc/get_document_content'] = () => rawText('检查点');
    const r = await timed(['doc', '+checkpoint-update', '--node', 'D1', '--content', '检查点', '--yes']);
    expect(r.outcome.out).toBe('');
    expect(r.outcome.error).toBeDefined();
    expect(r.calls.filter(([name]) => name === 'get_document_content').length).toBe(7);
  });
});

const markdownLine = fc.stringMatching(/^[#|` a-z\u4e00-\u4e09-]{0,12}$/u);
const markdown = fc.array(markdownLine, { maxLength: 6 }).map((lines) => lines.join('\n'));
const wrapped = (text: string, key: string, depth: number): unknown => {
  let v: unknown = { [key]: text };
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? { result: v } : { data: [v] };
  return v;
};

describe('markdown_readback_matches reads the texts of an object answer only (documentContentCandidates on a map)', () => {
  it('no answer that is not an object matches, whatever it holds; the same text inside an object reads as itself', () => {
    fc.assert(fc.property(markdown, markdown, fc.constantFrom('overwrite', 'append'), fc.constantFrom('markdown', 'content', 'Mark_Down'), fc.nat(3), (text, written, mode, key, depth) => {
      for (const bare of [text, [text], [{ [key]: text }], null]) expect(matches(bare, written, mode)).toBe(false);
      // wrapping in result/data objects and lists does not change the verdict (a map walked at any depth)
      expect(matches(wrapped(text, key, depth), written, mode)).toBe(matches({ [key]: text }, written, mode));
      // what was written read back as it was is always shown
      expect(matches(wrapped(written, key, depth), written, mode)).toBe(true);
    }));
  });
});
