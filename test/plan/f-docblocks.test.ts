// doc +update's block writes read back as upstream's executeVerifiedDocMutation (content_shortcuts.go:699-727
// @c7521c1c): list_document_blocks read on the 7-read timetable of readDocVerification (:778, docVerifyDelays :39),
// each read paging the whole list by startIndex/endIndex windows of 50 (readAllDocumentBlocks :827), until the
// inserted block shows the text, the replaced block's content equals it or the deleted block is gone. Run as a user
// types the command, against the fake MCP server on 127.0.0.1: the check holds at once, on a later read, only on a
// second page, and never (verification_failed inside partial_outcome after the write). Waits go through the
// injected sleep; every call is journaled once. The calls are pinned by test/fixtures/calls/doc.yaml (f-docblocks:).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { mcp, timed } = useOutputRuns('dws-docblocks-');

const para = (id: string, text: string) => ({ blockId: id, blockType: 'paragraph', paragraph: { text } });

/** doc +update on D1, confirmed; `reads` are the journaled pages of list_document_blocks, `windows` the ranges asked. */
async function dws(argv: string[]) {
  const r = await timed(['doc', '+update', '--node', 'D1', ...argv, '--yes']);
  const reads = r.journal.filter((x) => x.rpc === 'list_document_blocks' && x.outcome !== 'sent').map((x) => x.page);
  const windows = r.calls.filter(([name]) => name === 'list_document_blocks').map(([, args]) => [args.startIndex, args.endIndex]);
  return { ...r, reads, windows };
}

describe('doc +update block writes: the paged read-back on upstream\'s timetable (f-docblocks)', { timeout: 300_000 }, () => {
  it('block_replace: the first read shows the new text, so it is the only one and the run prints the blocks read (f-docupd: inside upstream\'s {nodeId, verified, result, verification})', async () => {
    mcp.answers['doc/update_document_block'] = () => ({ success: true });
    mcp.answers['doc/list_document_blocks'] = () => ({ result: { blocks: [para('b1', '甲'), para('b2', ' 替换后 ')], hasMore: false } });
    const r = await dws(['--command', 'block_replace', '--block-id', 'b2', '--content', '替换后']);
    expect(r.sleeps).toEqual([]);
    expect(r.windows).toEqual([[0, 49]]);
    // f-doc8: the data of the doc.operation.v1 envelope the run prints
    expect((r.result as { data: unknown }).data).toEqual({
      nodeId: 'D1', verified: true, result: { success: true }, verification: { blocks: [para('b1', '甲'), para('b2', ' 替换后 ')], hasMore: false, totalCount: 2 },
    });
  });

  it('block_delete: the block is still listed twice, gone at the third read after waits of 250 and 500 ms', async () => {
    let reads = 0;
    mcp.answers['doc/delete_document_block'] = () => ({ success: true });
    mcp.answers['doc/list_document_blocks'] = () => ({ data: { items: ++reads < 3 ? [para('b1', '甲'), para('b2', '乙')] : [para('b1', '甲')] } });
    const r = await dws(['--command', 'block_delete', '--block-id', 'b2']);
    expect(r.outcome.error).toBeUndefined();
    expect(r.sleeps).toEqual([250, 500]);
    // one page per read (short pages without hasMore end the list), journaled as pages 0, 100, 200 of the step
    expect(r.reads).toEqual([0, 100, 200]);
  });

  it('block_insert_after: the block after the reference is on the second page (startIndex 50), read because the first says hasMore', async () => {
    mcp.answers['doc/insert_document_block'] = () => ({ success: true });
    mcp.answers['doc/list_document_blocks'] = (args) => (args.startIndex === 0
      ? { result: { blocks: [para('b0', '开头'), para('b1', '前文')], hasMore: true } }
      : { result: { blocks: [para('b8', '新段落'), para('b9', '后文')], hasMore: false } });
    const r = await dws(['--command', 'block_insert_after', '--after-block-id', 'b1', '--content', '新段落']);
    expect(r.outcome.error).toBeUndefined();
    expect(r.sleeps).toEqual([]);
    expect(r.windows).toEqual([[0, 49], [50, 99]]);
    expect((r.result as { data: unknown }).data).toMatchObject({ verification: { blocks: [para('b0', '开头'), para('b1', '前文'), para('b8', '新段落'), para('b9', '后文')], hasMore: false, totalCount: 4 } });
  });

  it('a first page alone does not show the inserted block: without the second page the check would fail', async () => {
    mcp.answers['doc/insert_document_block'] = () => ({ success: true });
    // the first page says more, the second repeats it (a stalled list): each read fails, seven times
    mcp.answers['doc/list_document_blocks'] = () => ({ result: { blocks: [para('b0', '开头'), para('b1', '前文')], hasMore: true } });
    const r = await dws(['--command', 'block_insert_after', '--after-block-id', 'b1', '--content', '新段落']);
    expect(r.outcome.error?.reason).toBe('partial_outcome');
    expect(r.outcome.error?.message).toContain('pages_incomplete');
    expect(r.outcome.error?.message).toContain('repeats an earlier page');
    expect(r.windows).toEqual(Array(7).fill([[0, 49], [50, 99]]).flat());
    expect(r.sleeps).toEqual([250, 500, 1000, 2000, 4000, 8000]);
  });

  it('block_replace never shows the text: seven reads, then verification_failed inside partial_outcome naming the write', async () => {
    mcp.answers['doc/update_document_block'] = () => ({ success: true });
    mcp.answers['doc/list_document_blocks'] = () => ({ blocks: [para('b2', '替换前')], totalCount: 1 });
    const r = await dws(['--command', 'block_replace', '--block-id', 'b2', '--content', '替换后']);
    expect(r.sleeps).toEqual([250, 500, 1000, 2000, 4000, 8000]);
    expect(r.reads).toEqual([0, 100, 200, 300, 400, 500, 600]);
    expect(r.outcome.error?.reason).toBe('partial_outcome');
    expect(r.outcome.error?.message).toContain('completed steps replace (write)');
    expect(r.outcome.error?.message).toContain('verification_failed');
  });
});
