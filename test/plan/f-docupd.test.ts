// doc +update's str_replace and block_copy_insert_after (upstream executePlainTextReplace / executeBlockCopy,
// content_shortcuts.go:637-697@c7521c1c) and what every mode prints (the data of upstream's doc.operation.v1
// envelope: executeVerifiedDocMutation :720-724, executeVerifiedDocContentMutation :772-774). Run as a user types the
// command, against the fake MCP server on 127.0.0.1: the whole block list is read (paged), one text or block is
// picked, written and read back on the 7-read timetable. Waits go through the injected sleep. The calls are pinned
// by test/fixtures/calls/doc.yaml (f-docupd:).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { mcp, timed } = useOutputRuns('dws-docupd-');

const para = (id: string, text: string) => ({ blockId: id, blockType: 'paragraph', paragraph: { text } });

/** doc +update on D1, confirmed; `writes` are the calls that are not reads of the document. */
async function dws(argv: string[]) {
  const r = await timed(['doc', '+update', '--node', 'D1', ...argv, '--yes']);
  // f-doc8: the run prints the whole doc.operation.v1 envelope; `printed` is its data, `envelope` the whole object
  const envelope = r.result as { data?: unknown } | undefined;
  return { ...r, writes: r.calls.filter(([name]) => name !== 'list_document_blocks' && name !== 'get_document_content'), printed: envelope?.data, envelope };
}

describe('doc +update --command str_replace (f-docupd)', { timeout: 300_000 }, () => {
  it('replaces the first --old of the one text holding it, found on the second page, and prints upstream\'s data', async () => {
    let reads = 0;
    mcp.answers['doc/update_document_block'] = () => ({ success: true });
    mcp.answers['doc/list_document_blocks'] = (args) => {
      reads += 1;
      if (args.startIndex === 0) return { result: { blocks: [para('b1', '开头')], hasMore: true } };
      return { result: { blocks: [para('b2', reads > 2 ? '截止 7月15日，另 6月30日' : '截止 6月30日，另 6月30日')], hasMore: false } };
    };
    const r = await dws(['--command', 'str_replace', '--old', '6月30日', '--new', '7月15日']);
    expect(r.outcome.error).toBeUndefined();
    expect(r.writes).toEqual([['update_document_block', { nodeId: 'D1', blockId: 'b2', element: { blockType: 'paragraph', paragraph: { text: '截止 7月15日，另 6月30日' } } }]]);
    expect(r.sleeps).toEqual([]);
    expect(r.printed).toEqual({
      nodeId: 'D1', verified: true, result: { success: true },
      verification: { blocks: [para('b1', '开头'), para('b2', '截止 7月15日，另 6月30日')], hasMore: false, totalCount: 2 },
    });
  });

  it('writes nothing when no text holds --old (the match is case-sensitive)', async () => {
    mcp.answers['doc/list_document_blocks'] = () => ({ blocks: [para('b1', 'Alpha')], hasMore: false });
    const r = await dws(['--command', 'str_replace', '--old', 'alpha', '--new', 'beta']);
    expect(r.outcome.error?.reason).toBe('invalid_parameter');
    expect(r.outcome.error?.message).toContain('no text block of the document holds --old');
    expect(r.writes).toEqual([]);
  });

  it('writes nothing when --old is in two texts, even of one block', async () => {
    mcp.answers['doc/list_document_blocks'] = () => ({
      blocks: [{ blockId: 'b1', children: [{ text: 'alpha one' }, { text: 'alpha two' }] }], hasMore: false,
    });
    const r = await dws(['--command', 'str_replace', '--old', 'alpha', '--new', 'beta']);
    expect(r.outcome.error?.reason).toBe('invalid_parameter');
    expect(r.outcome.error?.message).toContain('more than one text');
    expect(r.writes).toEqual([]);
  });

  it('an explicit empty --new deletes the text; a read-back that never shows it is verification_failed after seven reads', async () => {
    mcp.answers['doc/update_document_block'] = () => ({ success: true });
    mcp.answers['doc/list_document_blocks'] = () => ({ blocks: [para('b1', '删掉这句 保留')], hasMore: false });
    const r = await dws(['--command', 'str_replace', '--old', '删掉这句', '--new', '']);
    expect(r.writes).toEqual([['update_document_block', { nodeId: 'D1', blockId: 'b1', element: { blockType: 'paragraph', paragraph: { text: ' 保留' } } }]]);
    expect(r.sleeps).toEqual([250, 500, 1000, 2000, 4000, 8000]);
    expect(r.calls.filter(([name]) => name === 'list_document_blocks')).toHaveLength(8);
    expect(r.outcome.error?.reason).toBe('partial_outcome');
    expect(r.outcome.error?.message).toContain('text_replace (write)');
    expect(r.outcome.error?.message).toContain('verification_failed');
  });
});

describe('doc +update --command block_copy_insert_after (f-docupd)', { timeout: 300_000 }, () => {
  it('inserts the block without its ids after --after-block-id and reads back until the next block shows its text', async () => {
    let reads = 0;
    const source = { blockId: 'b1', blockType: 'heading', heading: { level: 2, children: [{ id: 'r1', text: '标题  一' }] } };
    mcp.answers['doc/insert_document_block'] = () => ({ success: true });
    mcp.answers['doc/list_document_blocks'] = () => {
      reads += 1;
      const copy = { blockId: 'n9', blockType: 'heading', heading: { level: 2, children: [{ id: 'r9', text: '标题 一' }] } };
      return { result: { blocks: reads < 4 ? [source, para('b2', '后')] : [source, para('b2', '后'), copy], totalCount: reads < 4 ? 2 : 3 } };
    };
    const r = await dws(['--command', 'block_copy_insert_after', '--block-id', 'b1', '--after-block-id', 'b2']);
    expect(r.outcome.error).toBeUndefined();
    expect(r.writes).toEqual([['insert_document_block', {
      nodeId: 'D1', referenceBlockId: 'b2', where: 'after', element: { blockType: 'heading', heading: { level: 2, children: [{ text: '标题  一' }] } },
    }]]);
    // one read before the write, then three: the copy shows at the third, after waits of 0.25 and 0.5 s
    expect(r.sleeps).toEqual([250, 500]);
    expect(r.printed).toMatchObject({ nodeId: 'D1', verified: true, result: { success: true }, verification: { hasMore: false, totalCount: 3 } });
  });

  it('refuses a block that is not in the document, and one that holds a resource, before any write', async () => {
    mcp.answers['doc/list_document_blocks'] = () => ({ blocks: [para('b1', '甲'), { blockId: 'img', image: { src: 'https://x/y.png' } }], hasMore: false });
    const missing = await dws(['--command', 'block_copy_insert_after', '--block-id', 'zz', '--after-block-id', 'b1']);
    expect(missing.outcome.error?.reason).toBe('invalid_parameter');
    expect(missing.outcome.error?.message).toContain('DOCUMENT_NOT_FOUND');
    const image = await dws(['--command', 'block_copy_insert_after', '--block-id', 'img', '--after-block-id', 'b1']);
    expect(image.outcome.error?.message).toContain('UNSUPPORTED_RESOURCE_TYPE');
    expect(mcp.calls.map((c) => c.name)).toEqual(['list_document_blocks', 'list_document_blocks']);
  });
});

describe('doc +update prints the data of upstream\'s doc.operation.v1 envelope (f-docupd)', { timeout: 300_000 }, () => {
  it('append: {nodeId, mode, chunksWritten, verified, verification} with the read that showed the text', async () => {
    mcp.answers['doc/update_document'] = () => ({ success: true });
    mcp.answers['doc/get_document_content'] = () => ({ result: { markdown: '旧\n补充' } });
    const r = await dws(['--command', 'append', '--content', '补充']);
    expect(r.envelope).toEqual({
      compensation: { available: false, reason: '' }, complete: true, contractVersion: 'doc.operation.v1',
      data: { chunksWritten: 1, mode: 'append', nodeId: 'D1', verification: { result: { markdown: '旧\n补充' } }, verified: true },
      ok: true, operation: 'doc.update', status: 'success',
      steps: [{ name: 'update_document', status: 'success' }, { name: 'verify', status: 'success' }], warnings: [],
    });
  });

  it('a markdown overwrite written in three pieces says chunksWritten 3', async () => {
    const text = `${'a'.repeat(9999)}\n${'b'.repeat(9999)}\n${'c'.repeat(10)}`;
    mcp.answers['doc/update_document'] = () => ({ success: true });
    mcp.answers['doc/get_document_content'] = () => ({ markdown: text });
    const r = await dws(['--command', 'overwrite', '--content', text]);
    expect(r.writes.map(([, args]) => (args as { mode: string }).mode)).toEqual(['overwrite', 'append', 'append']);
    expect(r.printed).toMatchObject({ nodeId: 'D1', mode: 'overwrite', chunksWritten: 3, verified: true });
    // f-doc8: upstream names the pieces' steps write_chunk_1..n when there is more than one (content_shortcuts.go:740-743)
    expect((r.envelope as { steps: unknown }).steps).toEqual(['write_chunk_1', 'write_chunk_2', 'write_chunk_3', 'verify'].map((name) => ({ name, status: 'success' })));
  });

  it('a block list without hasMore that ends at its totalCount prints that count (readAllDocumentBlocks :855-857)', async () => {
    mcp.answers['doc/delete_document_block'] = () => ({ ok: 1 });
    mcp.answers['doc/list_document_blocks'] = () => ({ blocks: [para('b0', '甲'), para('b2', '丙')], totalCount: 1 });
    const r = await dws(['--command', 'block_delete', '--block-id', 'b1']);
    // h56-wd: the write's answer stamped by the runner (app/runner.go:774-783@c7521c1c)
    expect(r.printed).toEqual({ nodeId: 'D1', verified: true, result: { ok: 1, success: true }, verification: { blocks: [para('b0', '甲'), para('b2', '丙')], hasMore: false, totalCount: 1 } });
    // f-doc8: the block modes' steps are the write's tool and verify (executeVerifiedDocMutation :711-719)
    expect((r.envelope as { steps: unknown; operation: unknown })).toMatchObject({ operation: 'doc.update', steps: [{ name: 'delete_document_block', status: 'success' }, { name: 'verify', status: 'success' }] });
  });
});
