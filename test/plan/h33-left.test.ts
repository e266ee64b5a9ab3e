// Session 33, h33-left (notes/h33-left.md): differences earlier reviews left open, run as a user types the commands
// against the recording backend on 127.0.0.1 (waits recorded, never slept).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { goDetectContentType } from '../../src/plan/transforms/go-mime.js';
import { BUSY, useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h33-left-');
const { paged, sent } = outputs;

// todo +overdue, +created-todos, +todo-done (shortcutListAllTodoCards todo_shared.go:39-60; shortcutTodoCards and
// shortcutTodoToMaps todo_done.go:148-180@c7521c1c): only the object cards are kept before len(cards) < 20 ends the
// read, so a page of 20 elements holding one text is short and no second page is asked for.
describe('the todo shortcuts stop after a page with fewer than 20 object cards', () => {
  const TODOS = 'todo/get_user_todos_in_current_org';
  const cards = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ taskId: String(from + i + 1), subject: `task ${from + i + 1}`, dueTime: 1000 }));

  it('reads one page when 19 of its 20 elements are objects (+overdue, +created-todos)', async () => {
    for (const argv of [['todo', '+overdue'], ['todo', '+created-todos']]) {
      const run = await paged(argv, TODOS, [{ result: { todoCards: [...cards(19), 'not a card'] } }, { result: { todoCards: cards(1, 19) } }]);
      expect(run.exit).toBe(0);
      expect(run.sent.map((a) => a.pageNum)).toEqual(['1']);
    }
  });

  it('reads on after 20 object cards, a text element besides them not counted against the page', async () => {
    const run = await paged(['todo', '+overdue'], TODOS, [{ data: { todoCards: [...cards(20), 7] } }, { data: { todoCards: cards(3, 20) } }]);
    expect(run.sent).toEqual([{ pageNum: '1', pageSize: '20', roleTypes: ['executor'] }, { pageNum: '2', pageSize: '20', roleTypes: ['executor'] }]);
    expect((run.printed as { overdue: unknown[] }).overdue).toHaveLength(23);
  });

  it('+todo-done counts a card without a usable taskId against the page, though it is no candidate', async () => {
    // page 1: 19 objects (one with taskId "") and a null: short upstream, so "task 25" on page 2 is never seen
    const first = [...cards(18), { taskId: '', subject: 'blank' }, null];
    const run = await paged(['todo', '+todo-done', '--task', 'task 25', '--yes'], TODOS, [{ result: { todoCards: first } }, { result: { todoCards: cards(20, 20) } }]);
    expect([run.envelope?.error.reason, run.sent.map((a) => a.pageNum)]).toEqual(['not_found', ['1']]);
    // 20 objects, one of them with taskId "": a full page, so page 2 is read and the card found there is done
    const full = [...cards(19), { taskId: '', subject: 'blank' }];
    const run2 = await paged(['todo', '+todo-done', '--task', 'task 25', '--yes'], TODOS, [{ result: { todoCards: full } }, { result: { todoCards: cards(10, 20) } }]);
    expect(run2.exit).toBe(0);
    expect(run2.sent).toEqual([
      { pageNum: '1', pageSize: '20', roleTypes: ['executor'] }, { pageNum: '2', pageSize: '20', roleTypes: ['executor'] }, { taskId: '25', isDone: 'true' },
    ]);
  });
});

// aitable +table-copy (executeTableCopy shortcut/aitable/table_copy.go:112-131@c7521c1c): a create_fields chunk that
// fails (CallMCPWriteDataStrict's error, runner.go:291-312: a backend failure or an answer that is not an object) is
// a warning; every further chunk is still sent and the target's read-back decides.
describe('aitable +table-copy goes on after a failed create_fields and lets the read-back decide', () => {
  const argv = ['aitable', '+table-copy', '--source-base-id', 'b1', '--source-table-id', 't1', '--target-base-id', 'b2', '--new-name', 'copy', '--yes'];
  const fields = Array.from({ length: 47 }, (_, i) => ({ fieldId: `f${i}`, fieldName: `n${i}`, type: 'text' }));
  const names = (from: number, to: number) => fields.slice(from, to).map((f) => ({ fieldName: f.fieldName, type: 'text' }));

  it('sends every chunk, prints the summary with a warning per failed chunk (offsets 15 and 45) when the read-back holds all fields', async () => {
    outputs.answersInTurn('aitable/get_fields', { fields }, { data: { fields: fields.map((f) => ({ fieldId: `g${f.fieldId}`, fieldName: f.fieldName })) } });
    outputs.answer('aitable/create_table', { tableId: 't9' });
    outputs.answersInTurn('aitable/create_fields', BUSY, { ok: true }, [1]);
    const r = await sent(argv);
    expect(r.reason).toBeUndefined();
    expect(r.calls).toEqual([
      ['aitable/get_fields', { baseId: 'b1', tableId: 't1' }],
      ['aitable/create_table', { baseId: 'b2', tableName: 'copy', fields: names(0, 15) }],
      ['aitable/create_fields', { baseId: 'b2', tableId: 't9', fields: names(15, 30) }],
      ['aitable/create_fields', { baseId: 'b2', tableId: 't9', fields: names(30, 45) }],
      ['aitable/create_fields', { baseId: 'b2', tableId: 't9', fields: names(45, 47) }],
      ['aitable/get_fields', { baseId: 'b2', tableId: 't9' }],
    ]);
    const warnings = (r.printed as { warnings: string[] }).warnings;
    expect(warnings.map((w) => w.replace(/success: .*/su, 'success: ...'))).toEqual([
      'create_fields offset 15 returned an error; final schema verification decides success: ...',
      'create_fields offset 45 returned an error; final schema verification decides success: ...',
    ]);
    expect((r.printed as { verification: unknown }).verification).toEqual({ status: 'verified', fieldCount: 47, recordCount: 0 });
  });

  it('a failed chunk whose fields the read-back lacks ends the run after the writes (the read-back decides)', async () => {
    outputs.answersInTurn('aitable/get_fields', { fields }, { fields: fields.slice(0, 15).map((f) => ({ fieldId: `g${f.fieldId}`, fieldName: f.fieldName })) });
    outputs.answer('aitable/create_table', { tableId: 't9' });
    outputs.answer('aitable/create_fields', BUSY);
    const r = await sent(argv);
    expect([r.reason, r.printed, r.calls.map((c) => c[0])]).toEqual(['partial_outcome', undefined,
      ['aitable/get_fields', 'aitable/create_table', 'aitable/create_fields', 'aitable/create_fields', 'aitable/create_fields', 'aitable/get_fields']]);
  });
});

// aitable +resolve-base (ResolveBaseName aitabletarget/resolver.go:188-236, findObjectList :298-338, pagination
// :349-374@c7521c1c): the cursor and hasMore are found depth first through data/result/page/pagination/meta at any
// depth; a key of another kind where no list is found is an invalid response at that page; a read that does not come
// to an end is incomplete.
describe('aitable +resolve-base reads each search_bases page as ResolveBaseName', () => {
  const SEARCH = 'aitable/search_bases';
  const base = (id: string, name: string) => ({ baseId: id, baseName: name });

  it('follows a cursor nested two levels down (data.page.nextCursor) and finds the base on page 2', async () => {
    const run = await paged(['aitable', '+resolve-base', '--name', ' Plan '], SEARCH, [
      { data: { bases: [base('b1', 'other')], page: { nextCursor: ' c2 ' } } },
      { result: { items: [base('b2', 'plan')] } },
    ]);
    expect(run.sent).toEqual([{ query: 'Plan' }, { query: 'Plan', cursor: 'c2' }]);
    expect(run.printed).toEqual({ resolved: true, status: 'resolved', matchType: 'exact', baseId: 'b2', name: 'plan' });
  });

  it('a page whose bases key holds text is an invalid response at that page, not not_found', async () => {
    for (const page of [{ bases: 'x' }, { data: { items: 3 } }, { bases: [base('b1', 'plan'), 'y'] }, { bases: [{ baseId: 'b1', baseName: ' ' }] }]) {
      const run = await paged(['aitable', '+resolve-base', '--name', 'plan'], SEARCH, [page]);
      expect([run.envelope?.error.reason, run.sent.length]).toEqual(['backend_error', 1]);
    }
    // the second page's bad list stops there, after page 1 was read
    const second = await paged(['aitable', '+resolve-base', '--name', 'plan'], SEARCH, [{ bases: [base('b1', 'plan')], nextCursor: 'c2' }, { list: null }]);
    expect([second.envelope?.error.reason, second.sent.length]).toEqual(['backend_error', 2]);
  });

  it('finds a list nested inside a bases object, as findObjectList recurses', async () => {
    const run = await paged(['aitable', '+resolve-base', '--name', 'plan'], SEARCH, [{ bases: { items: [base('b7', 'Plan')] } }]);
    expect(run.printed).toEqual({ resolved: true, status: 'resolved', matchType: 'exact', baseId: 'b7', name: 'Plan' });
  });

  it('a page saying hasMore (nested) without a cursor, or repeating its cursor, is incomplete; hasMore false with a cursor reads on', async () => {
    const noCursor = await paged(['aitable', '+resolve-base', '--name', 'plan'], SEARCH, [{ bases: [base('b1', 'plan')], result: { meta: { hasMore: true } } }]);
    expect([noCursor.envelope?.error.reason, noCursor.sent.length]).toEqual(['backend_error', 1]);
    const repeated = await paged(['aitable', '+resolve-base', '--name', 'plan'], SEARCH, [{ bases: [base('b1', 'plan')], cursor: 'c1' }, { bases: [], cursor: 'c1' }]);
    expect([repeated.envelope?.error.reason, repeated.sent.length]).toEqual(['backend_error', 2]);
    const onward = await paged(['aitable', '+resolve-base', '--name', 'plan'], SEARCH, [{ bases: [], hasMore: false, nextCursor: 'c2' }, { bases: [base('b3', 'plan')], hasMore: true, data: { hasMore: false } }]);
    // the second page's top hasMore true comes first and no cursor follows it: incomplete
    expect([onward.envelope?.error.reason, onward.sent]).toEqual(['backend_error', [{ query: 'plan' }, { query: 'plan', cursor: 'c2' }]]);
    const done = await paged(['aitable', '+resolve-base', '--name', 'plan'], SEARCH, [{ bases: [], hasMore: false, nextCursor: 'c2' }, { bases: [base('b3', 'plan')], data: { hasMore: false } }]);
    expect([done.exit, done.sent.length, (done.printed as { baseId: string }).baseId]).toEqual([0, 2, 'b3']);
  });
});

// drive +recycle-restore (RecycleRestore drive/catalog_operations.go:96-126, findDriveRecycleItem :129-153,
// findRestoredDriveNode :155-214, findRestoredDriveNodeAtOriginalPath :216-262@c7521c1c): a restore answer without a
// node id is followed by a search for the restored node by the item's original name, in at most 4 rounds 750 ms apart
// (the waits recorded, not slept); the find re-reads a repeated cursor up to its 20 pages.
describe('drive +recycle-restore finds the restored node by name when the answer names none', () => {
  const { mcp, timed } = outputs;
  const argv = ['drive', '+recycle-restore', '--id', 'r1', '--yes'];
  const item = (extra: Record<string, unknown>) => ({ recycleItems: [{ recycleItemId: 'r1', ...extra }], hasMore: false });
  const setup = (recycle: Record<string, unknown>, search: (keyword: unknown, n: number) => unknown, list?: unknown) => {
    mcp.calls.length = 0;
    outputs.answer('drive/list_recycle_items', item(recycle));
    outputs.answer('drive/restore_recycle_item', { success: true });
    let searches = 0;
    mcp.answers['drive/search_files'] = (args) => search((args as { keyword: unknown }).keyword, searches++);
    if (list !== undefined) outputs.answer('drive/list_files', list);
    outputs.answer('drive/get_file_info', { fileId: 'n9', name: 'report.pdf' });
  };

  it('lists the one folder named as the original path\'s parent and takes the node named exactly there', async () => {
    setup({ originalName: ' report.pdf ', originalPath: '/team/docs/report.pdf' },
      (keyword) => (keyword === 'docs' ? { items: [{ name: 'docs', fileId: 'p1' }, { name: 'docs2', fileId: 'p2' }] } : { items: [] }),
      { data: { files: [{ name: 'report.pdf', fileId: 'n9' }, { name: 'other', fileId: 'n8' }] } });
    const run = await timed(argv);
    expect(run.calls.slice(1)).toEqual([
      ['restore_recycle_item', { recycleItemId: 'r1' }],
      ['search_files', { keyword: 'docs', pageSize: 30 }],
      ['list_files', { parentId: 'p1', maxResults: 50 }],
      ['get_file_info', { fileId: 'n9' }],
    ]);
    expect([run.sleeps, run.result]).toEqual([[], { success: true, nodeId: 'n9', file: { fileId: 'n9', name: 'report.pdf', success: true } }]);
  });

  it('without a parent folder searches by the name without its extension, round after round, 750 ms apart', async () => {
    setup({ name: 'report.pdf', originalPath: '/report.pdf' }, (_k, n) => (n < 2 ? { items: [{ name: 'report.pdf', fileId: 'x', path: '/elsewhere/report.pdf' }] } : { items: [{ name: 'report', extension: '.pdf', fileId: 'n9' }] }));
    const run = await timed(argv);
    expect(run.calls.filter(([rpc]) => rpc === 'search_files')).toEqual(Array(3).fill(['search_files', { keyword: 'report', pageSize: 30 }]));
    expect([run.sleeps, (run.result as { nodeId: string }).nodeId]).toEqual([[750, 750], 'n9']);
  });

  it('4 rounds without the node end after the write with the node not proven; two candidates are ambiguous at once', async () => {
    setup({ title: 'a.txt' }, () => ({ list: [] }));
    const none = await timed(argv);
    expect([none.outcome.error?.reason, none.calls.filter(([rpc]) => rpc === 'search_files').length, none.sleeps]).toEqual(['partial_outcome', 4, [750, 750, 750]]);
    setup({ title: 'a.txt' }, () => ({ list: [{ name: 'a', fileId: 'n1' }, { title: 'a.txt', id: 'n2' }] }));
    const two = await timed(argv);
    expect([two.outcome.error?.reason, two.calls.at(-1)?.[0], two.sleeps]).toEqual(['partial_outcome', 'search_files', []]);
  });

  it('a folder holding a second node of the name after one with an id is ambiguous; one without an id before the named one is not', async () => {
    const folder = (files: unknown[]) => setup({ originalName: 'a.txt', originalPath: 'x/a.txt' }, (keyword) => (keyword === 'x' ? { items: [{ name: 'x', fileId: 'p1' }] } : { items: [] }), { items: files });
    folder([{ name: 'a.txt', fileId: 'n1' }, { name: 'a.txt' }]);
    const two = await timed(argv);
    expect([two.outcome.error?.reason, two.calls.at(-1)?.[0]]).toEqual(['partial_outcome', 'list_files']);
    folder([{ name: 'a.txt' }, { fileName: 'a.txt', nodeId: 'n2' }]);
    const one = await timed(argv);
    expect([one.outcome.error?.reason, one.calls.at(-1)]).toEqual([undefined, ['get_file_info', { fileId: 'n2' }]]);
  });

  it('a name that is all extension (.bashrc) searches the empty stem, and an entry without a name matches it', async () => {
    setup({ originalName: '.bashrc' }, () => ({ items: [{ fileId: 'n5' }] }));
    const run = await timed(argv);
    expect(run.calls.slice(2)).toEqual([['search_files', { keyword: '', pageSize: 30 }], ['get_file_info', { fileId: 'n5' }]]);
  });

  it('an item without a name cannot be found: refused after the write, nothing searched', async () => {
    setup({ originalPath: '/a/b' }, () => ({ items: [] }));
    const run = await timed(argv);
    expect([run.outcome.error?.reason, run.calls.map(([rpc]) => rpc)]).toEqual(['partial_outcome', ['list_recycle_items', 'restore_recycle_item']]);
  });

  it('the find re-reads a repeated cursor up to 20 pages before the item is not found', async () => {
    mcp.calls.length = 0;
    outputs.answer('drive/list_recycle_items', { recycleItems: [{ recycleItemId: 'other' }], nextCursor: 'c1' });
    const run = await timed(argv);
    expect([run.outcome.error?.reason, run.calls.length]).toEqual(['backend_error', 20]);
    expect(run.calls[1]).toEqual(['list_recycle_items', { maxResults: 50, nextCursor: 'c1' }]);
  });
});

// aitable +attachment-put's MIME type (openAttachmentFile attachment_composite.go:279-287, the PUT :148-150@c7521c1c):
// Go's mime.TypeByExtension of the lower-cased extension, else http.DetectContentType of the first 512 bytes; the
// same type goes to prepare_attachment_upload, the PUT's Content-Type and the printed result.
describe('aitable +attachment-put guesses the MIME type as Go does', () => {
  const { mcp } = outputs;
  const put = (file: string) => ['aitable', '+attachment-put', '--base-id', 'b1', '--table-id', 't1', '--record-id', 'r1', '--field-id', 'fA', '--file', file, '--yes'];
  const guess = async (name: string, content: string | Buffer) => {
    outputs.answersInTurn('aitable/query_records', { data: { records: [{ recordId: 'r1', cells: { fA: null } }] } },
      { data: { records: [{ recordId: 'r1', cells: { fA: [{ fileToken: 'k2' }] } }] } });
    outputs.answer('aitable/prepare_attachment_upload', { data: { uploadUrl: `${mcp.base}/upload/u1`, fileToken: 'k2' } });
    mcp.uploads.length = 0;
    const run = await sent(put(name), { [name]: content as string });
    const prepared = run.calls.find(([rpc]) => rpc === 'aitable/prepare_attachment_upload')?.[1] as { mimeType: string };
    const printed = (run.printed as { result: { mimeType: string } }).result.mimeType;
    expect([run.reason, printed, mcp.uploads[0]?.headers['content-type']]).toEqual([undefined, prepared.mimeType, prepared.mimeType]);
    return prepared.mimeType;
  };

  it('types a Go built-in extension, a text one with charset utf-8, ignoring its case', async () => {
    expect(await guess('page.HTML', 'x')).toBe('text/html; charset=utf-8');
    expect(await guess('pic.png', 'not really a png')).toBe('image/png');
  });

  it('sniffs the content when the extension is unknown: text, PNG bytes, HTML, binary', async () => {
    expect(await guess('notes.zq9', 'plain words\n')).toBe('text/plain; charset=utf-8');
    expect(await guess('img.zq9', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    expect(await guess('page.zq9', '  <html><body>x')).toBe('text/html; charset=utf-8');
    expect(await guess('blob.zq9', Buffer.from([1, 2, 3]))).toBe('application/octet-stream');
    expect(await guess('noext', '%PDF-1.7')).toBe('application/pdf');
  });
});

// http.DetectContentType against cases of Go's own sniff tests (net/http/sniff_test.go), and a property: bytes that
// hold no binary control byte and start with no signature are plain UTF-8 text.
describe('goDetectContentType', () => {
  const b = (s: string) => Buffer.from(s, 'latin1');
  it('types the signatures as Go does', () => {
    const cases: [Buffer, string][] = [
      [Buffer.alloc(0), 'text/plain; charset=utf-8'], [Buffer.from([1, 2, 3]), 'application/octet-stream'],
      [b('<HtMl><bOdY>blah blah blah</body></html>'), 'text/html; charset=utf-8'], [b('   <!DOCTYPE HTML>...'), 'text/html; charset=utf-8'],
      [b('\r\n<html>...'), 'text/html; charset=utf-8'], [Buffer.from('This is not HTML. It has \u2603 though.'), 'text/plain; charset=utf-8'],
      [b('\n<?xml!'), 'text/xml; charset=utf-8'], [b('\x00\x00\x01\x00'), 'image/x-icon'], [b('\x00\x00\x02\x00'), 'image/x-icon'],
      [b('BM...'), 'image/bmp'], [b('GIF87a'), 'image/gif'], [b('RIFF\x00\x00\x00\x00WEBPVP'), 'image/webp'], [b('\xFF\xD8\xFF'), 'image/jpeg'],
      [b('MThd\x00\x00\x00\x06\x00\x01'), 'audio/midi'], [b('ID3\x03\x00\x00\x00\x00\x0f'), 'audio/mpeg'],
      [b('RIFF,\x00\x00\x00WAVEfmt \x12\x00\x00\x00\x06'), 'audio/wave'], [b('\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom<\x06t\xbfmdat'), 'video/mp4'],
      [b('wOF2'), 'font/woff2'], [b('PK\x03\x04'), 'application/zip'], [b('Rar!\x1A\x07\x01\x00'), 'application/x-rar-compressed'], [b('\x00asm'), 'application/wasm'],
      [b('<HTMLx'), 'text/plain; charset=utf-8'], [b('\xEF\xBB\xBF\x01'), 'text/plain; charset=utf-8'],
    ];
    for (const [data, want] of cases) expect([data.toString('latin1'), goDetectContentType(data)]).toEqual([data.toString('latin1'), want]);
  });

  it('bytes without a binary control byte and without a leading "<", "%", BOM or signature letter are plain text', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 600 }).map((a) => a.filter((x) => x >= 0x20 && x < 0x7f && !'<%BFGIMOPRtw'.includes(String.fromCharCode(x)))), (data) => {
      expect(goDetectContentType(data)).toBe('text/plain; charset=utf-8');
    }));
  });
});
