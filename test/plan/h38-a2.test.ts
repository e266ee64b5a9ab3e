// Session 38 second reading, part a2 (issue 32, notes/h38-a2.md): where a drawn command (seed 20261339) still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h38a2-');

/**
 * upstream's doc export get after its call (helpers/doc.go:4064-4091@c7521c1c), as a model: a text that does not
 * decode into a Go map (not JSON, a list, a number, a quoted text; a blank text is no JSON either) is printed as it
 * came; a map (null decodes to a nil one) is printed, and then the run fails unless its status, when a text,
 * upper-cased is SUCCESS or PROCESSING.
 */
function upstreamExportGet(text: string): 'printed' | 'failed' {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'printed';
  }
  if (data !== null && (typeof data !== 'object' || Array.isArray(data))) return 'printed';
  const status = (data as Record<string, unknown> | null)?.status;
  const upper = typeof status === 'string' ? status.toUpperCase() : '';
  return upper === 'SUCCESS' || upper === 'PROCESSING' ? 'printed' : 'failed';
}

describe('doc export get fails, after the answer, a job that is not SUCCESS or PROCESSING (helpers/doc.go:4070-4091@c7521c1c)', () => {
  const argv = ['doc', 'export', 'get', '--job-id', 'j1'];
  it('a FAILED job is the command\'s failure (backend_error), not a printed success', async () => {
    outputs.answer('doc/query_export_job', { status: 'FAILED', message: 'too large' });
    const run = await outputs.sent(argv);
    expect(run.calls).toEqual([['doc/query_export_job', { jobId: 'j1' }]]);
    expect(run.reason).toBe('backend_error');
  });
  it('a job whose status is missing or not a text fails too; a lower-case success or processing does not', async () => {
    outputs.answer('doc/query_export_job', { status: 1 });
    expect((await outputs.sent(argv)).reason).toBe('backend_error');
    outputs.answer('doc/query_export_job', {});
    expect((await outputs.sent(argv)).reason).toBe('backend_error');
    outputs.answer('doc/query_export_job', { status: 'success', downloadUrl: 'u' });
    expect(await outputs.sent(argv)).toMatchObject({ reason: undefined, printed: { status: 'success', downloadUrl: 'u' } });
    outputs.answer('doc/query_export_job', { status: 'Processing' });
    expect((await outputs.sent(argv)).reason).toBeUndefined();
  });
  it('printed or failed as upstream\'s reading, for any answer text', async () => {
    const status = fc.constantFrom<unknown>('SUCCESS', 'success', 'PROCESSING', 'processing ', 'FAILED', 'CANCELLED', '', 1, null, true, ['SUCCESS'], 'ſuccess');
    const text = fc.oneof(
      fc.record({ status, message: fc.constantFrom<unknown>('m', 5, null) }, { requiredKeys: [] }).map((o) => JSON.stringify(o)),
      fc.constantFrom('null', ' null ', '[1]', '[]', '5', '"SUCCESS"', 'true', 'not json', '{"result":{"status":"SUCCESS"}}'),
    );
    await fc.assert(fc.asyncProperty(text, async (t) => {
      outputs.answerText('query_export_job', t);
      const run = await outputs.sent(argv);
      if (upstreamExportGet(t) === 'failed') expect(run.reason).toBe('backend_error');
      else expect(run.reason).toBeUndefined();
    }), { numRuns: 60 });
  });
});

describe('doc +create --doc-format "" passes the enum check and is neither markdown nor jsonml (corecmd.go:1009-1034, content_shortcuts.go:84-156@c7521c1c)', () => {
  const argv = (...more: string[]) => ['doc', '+create', '--name', 'N', '--content', 'abc', '--doc-format', '', ...more];
  it('creates without a markdown body, then reads back with format "" and prints the envelope', async () => {
    outputs.answer('doc/create_document', { nodeId: 'N1' });
    outputs.answer('doc/get_document_content', { markdown: 'abc' });
    const t = await outputs.timed(argv());
    expect(t.outcome.error?.envelope()).toBeUndefined();
    expect(t.calls).toEqual([
      ['create_document', { name: 'N' }],
      ['get_document_content', { nodeId: 'N1', format: '' }],
    ]);
    expect(t.result).toMatchObject({ operation: 'doc.create', status: 'success', steps: [{ name: 'create_document', status: 'success' }, { name: 'verify', status: 'success' }] });
  });
  it('a read-back with the title line is no match there (the title is dropped only for markdown, :1009)', async () => {
    outputs.answer('doc/create_document', { nodeId: 'N1' });
    outputs.answer('doc/get_document_content', { markdown: '# N\n\nabc' });
    const t = await outputs.timed(argv());
    expect(t.outcome.error?.reason).toBe('partial_outcome');
    expect(t.sleeps).toEqual([250, 500, 1000, 2000, 4000, 8000]);
  });
  it('markdown still drops the title line; a blank of spaces is still refused by the enum check', async () => {
    outputs.answer('doc/create_document', { nodeId: 'N1' });
    outputs.answer('doc/get_document_content', { markdown: '# N\n\nabc' });
    const t = await outputs.timed(['doc', '+create', '--name', 'N', '--content', 'abc']);
    expect(t.calls).toEqual([
      ['create_document', { name: 'N', markdown: 'abc' }],
      ['get_document_content', { nodeId: 'N1', format: 'markdown' }],
    ]);
    expect(t.outcome.error?.envelope()).toBeUndefined();
    expect((await outputs.sent(['doc', '+create', '--name', 'N', '--doc-format', ' '])).reason).toBe('invalid_parameter');
  });
});

describe('sheet template search / list: the hidden --page-size RegisterCrossProductAliases registers is a text flag that is never read (cross_product_aliases.go:41, :78; sheet_template.go:92, :31@c7521c1c)', () => {
  it('any --page-size text is accepted and nothing of it is sent', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom('abc', '1e3', '', ' ', '0x10', '-1', '5'), async (size) => {
      expect(await outputs.argsOf(['sheet', 'template', 'search', '--query', 'q', '--page-size', size])).toEqual([{ searchName: 'q' }]);
      expect(await outputs.argsOf(['sheet', 'template', 'list', '--limit', '3', '--page-size', size])).toEqual([{ maxResults: 3 }]);
    }), { numRuns: 7 });
  });
});

describe('doc +update --doc-format "", the sibling (corecmd.go:1009-1034, content_shortcuts.go:544-556, :731-776@c7521c1c)', () => {
  const long = `${'a'.repeat(9999)}\n${'b'.repeat(20)}`;
  it('append sends the whole content in one update_document (the 10000-character split is markdown\'s only) and reads back with format ""', async () => {
    outputs.answer('doc/update_document', { success: true });
    outputs.answer('doc/get_document_content', { markdown: `x\n${long}` });
    const t = await outputs.timed(['doc', '+update', '--node', 'D', '--command', 'append', '--content', long, '--doc-format', '', '--yes']);
    expect(t.outcome.error?.envelope()).toBeUndefined();
    expect(t.calls).toEqual([
      ['update_document', { nodeId: 'D', mode: 'append', markdown: long }],
      ['get_document_content', { nodeId: 'D', format: '' }],
    ]);
    expect(t.result).toMatchObject({ data: { chunksWritten: 1 }, steps: [{ name: 'update_document', status: 'success' }, { name: 'verify', status: 'success' }] });
  });
  it('block_replace treats it as markdown: a paragraph element, read back in the element format (:577-588, :1067)', async () => {
    outputs.answer('doc/update_document_block', { success: true });
    outputs.answer('doc/list_document_blocks', { blocks: [{ blockId: 'B', element: { blockType: 'paragraph', paragraph: { text: 'hi' } } }], hasMore: false });
    const t = await outputs.timed(['doc', '+update', '--node', 'D', '--command', 'block_replace', '--block-id', 'B', '--content', 'hi', '--doc-format', '', '--yes']);
    expect(t.outcome.error?.envelope()).toBeUndefined();
    expect(t.calls).toEqual([
      ['update_document_block', { nodeId: 'D', blockId: 'B', element: { blockType: 'paragraph', paragraph: { text: 'hi' } } }],
      ['list_document_blocks', { nodeId: 'D', format: 'element', startIndex: 0, endIndex: 49 }],
    ]);
  });
  it('markdown still splits: two pieces, two writes', async () => {
    outputs.answer('doc/update_document', { success: true });
    outputs.answer('doc/get_document_content', { markdown: `x\n${long}` });
    const t = await outputs.timed(['doc', '+update', '--node', 'D', '--command', 'append', '--content', long, '--yes']);
    expect(t.calls.map(([tool]) => tool)).toEqual(['update_document', 'update_document', 'get_document_content']);
    expect(t.result).toMatchObject({ data: { chunksWritten: 2 } });
  });
});
