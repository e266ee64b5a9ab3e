// What the doc and calendar commands of the session 32 sweep (share 6, issue 32) send and print where dws differed
// from upstream's bodies at c7521c1c, run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-sw326-');
const { sent } = outputs;

describe('doc --to of the permission shortcuts is a pflag StringSlice: each CSV field is one name, trimmed, blanks skipped, never split again (resolveDocUsers smart/doc_access.go:206-213, permissionFlags :196-204@c7521c1c)', () => {
  const person = { result: [{ userId: 'u1', name: '张三', openDingTalkId: 'o1' }] };
  const keywords = (calls: unknown[][]) => calls.filter((c) => c[0] === 'contact/search_contact_by_key_word').map((c) => (c[1] as { keyword: string }).keyword);

  it.each([
    ['+access-grant', {}],
    ['+access-change', { 'doc/list_permission': { result: { members: [{ userId: 'u1', roleId: 'READER' }] } } }],
    ['+access-revoke', { 'doc/list_permission': { result: { members: [{ userId: 'u1', roleId: 'READER' }] } } }],
    ['+grant-and-share', { 'doc/list_permission': { result: { members: [{ userId: 'u1', roleId: 'READER' }] } } }],
  ])('%s: a quoted field with a comma is searched whole; padded and blank fields trimmed or skipped', async (command, answers) => {
    outputs.answer('contact/search_contact_by_key_word', person);
    for (const [key, body] of Object.entries(answers)) outputs.answer(key, body);
    const extra = command === '+grant-and-share' ? ['--url', 'https://alidocs.dingtalk.com/i/nodes/d1'] : [];
    const r = await sent(['doc', command, '--node', 'd1', '--to', '"张三, 研发", ,李四 ', '--to', '王五', ...extra, '--yes']);
    expect(keywords(r.calls)).toEqual(['张三, 研发', '李四', '王五']);
  });
});

describe('doc +comment-create: the blocks answer is CallMCPData\'s whole map, walked from its top (executeCommentCreate review_shortcuts.go:128-149, collectBlockText :357-371, runner.go:255-271@c7521c1c)', () => {
  it('--block-id: blocks at the top of the answer (no result) give the selected text', async () => {
    outputs.answer('doc/list_document_blocks', { blocks: [{ blockId: 'b1', text: 'abcdef' }] });
    const r = await sent(['doc', '+comment-create', '--node', 'd1', '--content', 'c', '--block-id', 'b1', '--start', '1', '--end', '3', '--yes']);
    expect(r.calls.at(-1)).toEqual(['doc-comment/create_inline_comment', { nodeId: 'd1', content: 'c', blockId: 'b1', start: 1, end: 3, selectedText: 'bc' }]);
  });

  it('--selection: blocks under data are searched', async () => {
    outputs.answer('doc/list_document_blocks', { data: { blocks: [{ id: 'b2', children: [{ text: '计划下周发布' }] }] } });
    const r = await sent(['doc', '+comment-create', '--node', 'd1', '--content', 'c', '--selection', '下周', '--yes']);
    expect(r.calls.at(-1)).toEqual(['doc-comment/create_inline_comment', { nodeId: 'd1', content: 'c', blockId: 'b2', start: 2, end: 4, selectedText: '下周' }]);
  });

  it('an answer that is a list is refused before the write', async () => {
    outputs.answer('doc/list_document_blocks', [{ blockId: 'b1', text: 'abcdef' }]);
    const r = await sent(['doc', '+comment-create', '--node', 'd1', '--content', 'c', '--block-id', 'b1', '--start', '1', '--end', '3', '--yes']);
    expect([r.reason, r.calls.map((c) => c[0])]).toEqual(['backend_error', ['doc/list_document_blocks']]);
  });
});

describe('doc +create-from-template --query: pages read as searchTemplateCandidatesForCreate reads them (history_template_shortcuts.go:491-543, collectTemplateCandidates :581-628, docPageState pagination.go:195-222@c7521c1c)', () => {
  const apply = (r: { calls: unknown[][] }) => r.calls.filter((c) => c[0] === 'doc/apply_doc_template').map((c) => c[1]);

  it('a candidate anywhere in the answer (data.list, template_id), its id trimmed', async () => {
    outputs.answer('doc/search_doc_templates', { data: { list: [{ template_id: ' t8 ', title: '周报' }] } });
    outputs.answer('doc/apply_doc_template', { nodeId: 'n1' });
    const r = await sent(['doc', '+create-from-template', '--query', '周报']);
    expect(apply(r)).toEqual([{ templateId: 't8' }]);
    expect((r.printed as { data: { templateId: string } }).data.templateId).toBe('t8');
  });

  it('the same candidate on two pages is one: it is applied', async () => {
    outputs.answersInTurn('doc/search_doc_templates',
      { result: { templates: [{ templateId: 't1', name: 'b' }], hasMore: true, nextCursor: 'c1' } },
      { result: { templates: [{ templateId: 't1', name: 'b' }], hasMore: false } });
    outputs.answer('doc/apply_doc_template', {});
    const r = await sent(['doc', '+create-from-template', '--query', '周报']);
    expect(r.calls.map((c) => c[0])).toEqual(['doc/search_doc_templates', 'doc/search_doc_templates', 'doc/apply_doc_template']);
    expect(r.calls[1][1]).toEqual({ searchName: '周报', maxResults: 2, nextCursor: 'c1' });
  });

  it('a page saying more with no cursor, or a repeated cursor, is refused before the write', async () => {
    outputs.answer('doc/search_doc_templates', { result: { templates: [{ templateId: 't1' }], hasMore: true } });
    const noCursor = await sent(['doc', '+create-from-template', '--query', '周报']);
    outputs.answer('doc/search_doc_templates', { result: { templates: [{ templateId: 't1' }], hasMore: true, nextCursor: 'c1' } });
    const stalled = await sent(['doc', '+create-from-template', '--query', '周报']);
    expect([noCursor.reason, apply(noCursor), stalled.reason, apply(stalled)]).toEqual(['pages_incomplete', [], 'pages_incomplete', []]);
  });

  it('a page naming no hasMore goes on by its trimmed cursor, and ends without one', async () => {
    outputs.answersInTurn('doc/search_doc_templates', { templates: [{ templateId: 't1' }], nextCursor: ' c1 ' }, { templates: [] });
    outputs.answer('doc/apply_doc_template', {});
    const r = await sent(['doc', '+create-from-template', '--query', '周报']);
    expect(r.calls.map((c) => c[1])).toEqual([{ searchName: '周报', maxResults: 2 }, { searchName: '周报', maxResults: 2, nextCursor: 'c1' }, { templateId: 't1' }]);
  });
});

describe('doc +export-get: status and download URL read as nestedString reads them (executeExportGet content_shortcuts.go:1546, :1563; nestedString common.go:311-325@c7521c1c)', () => {
  it('a status nested under result.data is found: FAILED refuses', async () => {
    outputs.answer('doc/query_export_job', { result: { data: { status: 'failed', message: 'm' } } });
    const r = await sent(['doc', '+export-get', '--job-id', 'j1']);
    expect([r.reason, r.printed]).toEqual(['backend_error', undefined]);
  });

  it('a status that is not text is passed over for the one inside result', async () => {
    outputs.answer('doc/query_export_job', { status: 5, result: { status: 'success' } });
    const r = await sent(['doc', '+export-get', '--job-id', 'j1']);
    expect(r.printed).toMatchObject({ status: 'success', complete: true });
  });

  it('a blank downloadUrl is passed over for resourceUrl; a URL nested two wrappers deep is found', async () => {
    outputs.mcp.files['e.docx'] = Buffer.from('DOCX');
    outputs.answer('doc/query_export_job', { status: 'SUCCESS', downloadUrl: ' ', resourceUrl: `${outputs.mcp.base}/files/e.docx` });
    const blank = await sent(['doc', '+export-get', '--job-id', 'j1', '--output', 'a.docx']);
    outputs.answer('doc/query_export_job', { status: 'SUCCESS', result: { result: { downloadUrl: `${outputs.mcp.base}/files/e.docx` } } });
    const deep = await sent(['doc', '+export-get', '--job-id', 'j1', '--output', 'b.docx']);
    expect([blank.printed, deep.printed]).toMatchObject([{ data: { jobId: 'j1', sizeBytes: 4, verified: true } }, { data: { jobId: 'j1', sizeBytes: 4, verified: true } }]);
  });
});

describe('doc style cover set: --image and --file typed together are refused whatever their values (MarkFlagsMutuallyExclusive, helpers/doc_style.go:225@c7521c1c)', () => {
  it('a typed blank --image beside --file: nothing is asked or written', async () => {
    const r = await sent(['doc', 'style', 'cover', 'set', '--node', 'd1', '--image', '', '--file', 'a.png'], { 'a.png': 'PNG' });
    expect([r.reason, r.calls]).toEqual(['invalid_parameter', []]);
  });

  it('a filled --image beside --file is refused the same way; --image alone writes it as typed', async () => {
    const both = await sent(['doc', 'style', 'cover', 'set', '--node', 'd1', '--image', 'u', '--file', 'a.png'], { 'a.png': 'PNG' });
    const alone = await sent(['doc', 'style', 'cover', 'set', '--node', 'd1', '--image', ' https://x/a.png ']);
    expect([both.calls, alone.calls]).toEqual([[], [['doc/update_document_style', { nodeId: 'd1', cover: { action: 'set', imageUrl: ' https://x/a.png ' } }]]]);
  });
});

describe('doc whiteboard insert: the card is read back as runWhiteboardInsert reads it and the run prints {success, result: {blockId, whiteboardId}} (helpers/doc_whiteboard.go:60-121, :150-204@c7521c1c)', () => {
  const argv = ['doc', 'whiteboard', 'insert', '--node', 'd1', '--yes'];
  type Args = { blockId: string };
  const card = (id: unknown) => JSON.stringify(['card', { uuid: 'x', metadata: { type: 'application/x-alidocs-plugin-draw', id } }]);
  const blockOf = (calls: [string, Record<string, unknown>][]) => String(calls[1][1].blockId);

  it('a pending card (no block yet, then an empty jsonml) is read again after 0.5 s and 1 s until its metadata.id shows', async () => {
    outputs.mcp.answers['doc/list_document_blocks'] = (args, n) => {
      const blockId = (args as Args).blockId;
      return [{ blocks: [] }, { result: { blocks: [{ blockId, jsonml: '' }] } }, { blocks: [{ blockId: 'other', jsonml: card('no') }, { blockId, jsonml: card('wb-1') }] }][Math.min(n, 2)];
    };
    outputs.mcp.calls.length = 0;
    const r = await outputs.timed(argv);
    expect(r.sleeps).toEqual([500, 1000]);
    expect(r.result).toEqual({ success: true, result: { blockId: blockOf(r.calls), whiteboardId: 'wb-1' } });
  });

  it('never shown within four reads: whiteboardId null, the run succeeds', async () => {
    outputs.mcp.answers['doc/list_document_blocks'] = (args) => ({ blocks: [{ blockId: (args as Args).blockId, jsonml: card(5) }] });
    outputs.mcp.calls.length = 0;
    const r = await outputs.timed(argv);
    expect([r.sleeps, r.calls.length]).toEqual([[500, 1000, 2000], 5]);
    expect(r.result).toEqual({ success: true, result: { blockId: blockOf(r.calls), whiteboardId: null } });
  });

  it('an answer without a blocks list, or a jsonml that is no list, ends the run after the write at the first read', async () => {
    for (const answer of [(_a: Args) => ({ result: { blocks: 'x' } }), (_a: Args) => null, (a: Args) => ({ blocks: [{ blockId: a.blockId, jsonml: '{"a":1}' }] })]) {
      outputs.mcp.answers['doc/list_document_blocks'] = (args) => answer(args as Args);
      outputs.mcp.calls.length = 0;
      const r = await outputs.timed(argv);
      expect([r.outcome.error?.reason, r.calls.length, r.sleeps]).toEqual(['partial_outcome', 2, []]);
    }
  });
});

describe('doc +media-preview / +resource-download: the download headers are nestedMap(answer)["headers"] (downloadResolvedResource media_style_shortcuts.go:320-328, nestedMap common.go:327-334@c7521c1c)', () => {
  const fetchedHeaders = () => outputs.mcp.fetched.map((f) => [f.headers['x-a'], f.headers['x-b']]);

  it('+media-preview: with result an object, the top-level headers are not sent; result.data.headers are', async () => {
    outputs.mcp.files['p.png'] = Buffer.from('PNG');
    outputs.answer('doc/download_doc_attachment', { result: { downloadUrl: `${outputs.mcp.base}/files/p.png` }, headers: { 'x-a': '1' } });
    outputs.mcp.fetched.length = 0;
    await sent(['doc', '+media-preview', '--node', 'd1', '--resource-id', 'r1']);
    outputs.answer('doc/download_doc_attachment', { result: { data: { downloadUrl: `${outputs.mcp.base}/files/p.png`, headers: { 'x-b': '2' } } } });
    await sent(['doc', '+media-preview', '--node', 'd1', '--resource-id', 'r1']);
    expect(fetchedHeaders()).toEqual([[undefined, undefined], [undefined, '2']]);
  });

  it('+resource-download: the attachment answer read the same way', async () => {
    outputs.mcp.files['c.png'] = Buffer.from('PNG');
    outputs.answer('doc/get_document_style', { result: { cover: { resourceId: 'r9' } } });
    outputs.answer('doc/download_doc_attachment', { data: { result: { downloadUrl: `${outputs.mcp.base}/files/c.png`, headers: { 'x-b': '3' } } }, headers: { 'x-a': '1' } });
    outputs.mcp.fetched.length = 0;
    await sent(['doc', '+resource-download', '--node', 'd1', '--output', 'c.png']);
    expect(fetchedHeaders()).toEqual([[undefined, '3']]);
  });
});
