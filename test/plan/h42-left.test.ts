// Session 42 helper "left" (issue 32 / 34, notes/h42-left.md): review gaps earlier sessions left, each run as a user
// types the command against the fake MCP server on 127.0.0.1.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goInferredName } from '../../src/plan/transforms/files.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-h42left-');

/**
 * upstream's inferSheetExportFilename (internal/helpers/sheet_export.go:222-243@c7521c1c), as a model: the raw text
 * after the last `/` (nothing when none, or nothing after it), cut at `?`, PathUnescape'd when that gives something,
 * `\` made `/`, filepath.Base; nothing when that leaves "", "." or "/".
 */
function sheetExportName(rawUrl: string): string | undefined {
  const idx = rawUrl.lastIndexOf('/');
  if (idx < 0 || idx === rawUrl.length - 1) return undefined;
  let name = rawUrl.slice(idx + 1);
  const q = name.indexOf('?');
  if (q >= 0) name = name.slice(0, q);
  if (name === '') return undefined;
  // Go's PathUnescape: every '%' must start two hex digits (else an error, and the name is kept as it was); the bytes
  // are then read as UTF-8, a byte Go keeps raw standing as U+FFFD in a JavaScript string (the transform's reading)
  if (!/%(?![0-9A-Fa-f]{2})/u.test(name)) {
    const decoded = new TextDecoder().decode(Buffer.from(name.replace(/%([0-9A-Fa-f]{2})|[^%]+/gu, (m, hex: string | undefined) => (hex === undefined ? Buffer.from(m).toString('latin1') : String.fromCharCode(Number.parseInt(hex, 16)))), 'latin1'));
    if (decoded !== '') name = decoded;
  }
  name = name.replaceAll('\\', '/');
  const trimmed = name.replace(/\/+$/u, '');
  const base = trimmed === '' ? '/' : trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return base === '' || base === '.' || base === '/' ? undefined : base;
}

describe('transform go_infer_filename_found is upstream inferSheetExportFilename (sheet_export.go:222-243@c7521c1c)', () => {
  it.each([
    ['http://h/files/a.xlsx?x=1/2.xlsx', '2.xlsx'],
    ['http://h/files/a.xlsx/', undefined],
    ['http://h/files/q%2Fr.xlsx', 'r.xlsx'],
    ['http://h/files/download', 'download'],
    ['http://h/files/%zz.xlsx', '%zz.xlsx'],
    ['http://h/files/?sig=1', undefined],
    ['http://h/files/.', undefined],
    ['http://h/files/%2F', undefined],
    ['http://h', 'h'],
    ['no-slash', undefined],
  ])('%s -> %s', (url, name) => {
    expect(goInferredName(url)).toBe(name);
  });

  it('property: agrees with the model for URL texts of separators, escapes, queries and fragments', () => {
    const piece = fc.constantFrom('a', 'x.xlsx', 'download', '/', '\\', '%2F', '%5c', '%41', '%zz', '%', '?', '#', '.', '..', ' ', 'é');
    fc.assert(fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
      const url = `http://127.0.0.1:1/${pieces.join('')}`;
      expect(goInferredName(url)).toBe(sheetExportName(url));
    }));
  });
});

describe('sheet export --output <existing directory> names the file as inferSheetExportFilename (sheet_export.go:80-87, :222-243@c7521c1c)', { timeout: 300_000 }, () => {
  it.each([
    ['a `/` in the query', 'a.xlsx?x=1/2.xlsx', '2.xlsx', 'a.xlsx'],
    ['a trailing slash', 'a.xlsx/', 'sheet-export-J7.xlsx', 'a.xlsx'],
    ['a `/` ending the query', 'a.xlsx?sig=/', 'sheet-export-J7.xlsx', 'a.xlsx'],
    ['an escaped %2F', 'q%2Fr.xlsx', 'r.xlsx', 'q/r.xlsx'],
    ['a last segment that is itself `download`', 'download', 'download', 'download'],
  ])('%s: files/%s is saved as %s', async (_case, tail, saved, served) => {
    runs.mcp.files[served] = Buffer.from('PK-xlsx');
    runs.answer('sheet/submit_export_job', { result: { jobId: 'J7' } });
    const link = `${runs.mcp.base}/files/${tail}`;
    runs.answer('sheet/query_export_job', { result: { status: 'SUCCESS', downloadUrl: link } });
    const r = await runs.timed(['sheet', 'export', '--node', 'N1', '--output', '.']);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(r.result).toEqual({ success: true, jobId: 'J7', outputPath: saved, downloadUrl: link });
    expect(readdirSync(r.dir).filter((f) => !f.startsWith('journal.jsonl'))).toEqual([saved]);
    expect(readFileSync(`${r.dir}/${saved}`, 'utf8')).toBe('PK-xlsx');
  });
});

// findNamedObjectList (shortcut/aitable/base_composite.go:281-317@c7521c1c): at an object, the first key named (in any
// case) ends the search there, found only when it holds a list of objects; else each object value is searched in turn.
describe('aitable +table-copy finds both field lists as findNamedObjectList(fields, fieldList) (table_copy.go:63-66, :124-125@c7521c1c)', () => {
  const copy = ['aitable', '+table-copy', '--source-base-id', 'B1', '--source-table-id', 'T1', '--target-base-id', 'B2', '--new-name', 'Copy', '--yes'];
  const field = { fieldId: 'f1', fieldName: 'Name', type: 'text' };

  it('a list nested deeper, under a key in another case, is found in the source and in the target', async () => {
    runs.answersInTurn('aitable/get_fields', { data: { table: { Fields: [field] } } }, { result: { x: { FIELDLIST: [{ ...field, fieldId: 'g1' }] } } });
    runs.answer('aitable/create_table', { tableId: 'T2' });
    const r = await runs.timed(copy);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(r.calls).toEqual([
      ['get_fields', { baseId: 'B1', tableId: 'T1' }],
      ['create_table', { baseId: 'B2', tableName: 'Copy', fields: [{ fieldName: 'Name', type: 'text' }] }],
      ['get_fields', { baseId: 'B2', tableId: 'T2' }],
    ]);
    expect(r.result).toMatchObject({ status: 'success', verification: { status: 'verified', fieldCount: 1, recordCount: 0 } });
  });

  it.each([
    ['a `fields` key holding text ends the search at the top, so data.fields is not read', { fields: 'x', data: { fields: [field] } }],
    ['a list holding a non-object is no field list', { fields: [field, 5] }],
    ['a list under an unnamed key is no field list', { data: { columns: [field] } }],
  ])('%s: refused before any write', async (_case, answer) => {
    runs.answer('aitable/get_fields', answer);
    const r = await runs.timed(copy);
    expect(r.outcome.error?.reason).toBe('backend_error');
    expect(r.calls).toEqual([['get_fields', { baseId: 'B1', tableId: 'T1' }]]);
  });

  it('a target read-back whose `fields` key holds null is no field list: the copy is not verified', async () => {
    runs.answersInTurn('aitable/get_fields', { fields: [field] }, { fields: null, data: { fields: [{ ...field, fieldId: 'g1' }] } });
    runs.answer('aitable/create_table', { tableId: 'T2' });
    const r = await runs.timed(copy);
    // a failure after the write is dws's partial_outcome (upstream's partial_success composite error)
    expect(r.outcome.error?.reason).toBe('partial_outcome');
    expect(r.calls.map(([rpc]) => rpc)).toEqual(['get_fields', 'create_table', 'get_fields']);
  });
});

describe('aitable +workflow-deploy --enable finds each list_workflows page\'s list as findNamedObjectList(workflows, list, items) (workflow_deploy.go:214-233@c7521c1c)', () => {
  const deploy = ['aitable', '+workflow-deploy', '--base-id', 'B1', '--dsl', '{"version":"workflow-dsl/v1"}', '--enable', '--yes'];
  const published = () => {
    runs.answer('aitable/create_workflow', { valid: true, flowId: 'W1' });
    runs.answer('aitable-helper/get_workflow', { flowId: 'W1' });
  };

  it('a list nested deeper, under a key in another case, shows the workflow running', async () => {
    published();
    runs.answer('aitable-helper/list_workflows', { data: { page: { Workflows: [{ flowId: 'W1', status: 'RUNNING' }] } } });
    const r = await runs.timed(deploy);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(r.result).toMatchObject({ status: 'success', verification: { running: true, status: 'verified', valid: true, workflowId: 'W1' } });
  });

  it('the pages go on by offsets of 100 while each page\'s list is found wherever it is', async () => {
    published();
    const others = Array.from({ length: 100 }, (_, i) => ({ flowId: `x${i}`, status: 'RUNNING' }));
    runs.answersInTurn('aitable-helper/list_workflows', { items: others }, { Result: { List: [{ id: 'W1', enabled: true }] } });
    const r = await runs.timed(deploy);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(r.calls.filter(([rpc]) => rpc === 'list_workflows')).toEqual([
      ['list_workflows', { baseId: 'B1', limit: 100, offset: 0 }],
      ['list_workflows', { baseId: 'B1', limit: 100, offset: 100 }],
    ]);
    expect(r.result).toMatchObject({ status: 'success', completedSteps: [expect.anything(), { index: 2, result: { id: 'W1', enabled: true } }] });
  });

  it.each([
    ['a list holding a non-object is no workflow list', { workflows: [{ flowId: 'W1', status: 'RUNNING' }, 5] }],
    ['a `workflows` key holding text ends the search at the top, so data.workflows is not read', { workflows: 'x', data: { workflows: [{ flowId: 'W1', status: 'RUNNING' }] } }],
  ])('%s: the run ends partly done, after the write', async (_case, page) => {
    published();
    runs.answer('aitable-helper/list_workflows', page);
    const r = await runs.timed(deploy);
    expect(r.outcome.error?.reason).toBe('partial_outcome');
    expect(JSON.parse(r.outcome.error!.envelope()).details.result).toMatchObject({ status: 'partial_success', checkpoint: { nextStep: 'inspect and enable workflow', workflowId: 'W1' } });
    expect(r.calls.map(([rpc]) => rpc)).toEqual(['create_workflow', 'get_workflow', 'enable_workflow', 'list_workflows']);
  });
});

// Item 3: an `each` over an answer path reads a non-list as a one-element list (src/plan/values.ts asList), where these
// upstream readers type-check `.([]any)` and read anything else as no items.
describe('aitable +record-share-links reads items and data.items only when they hold a list (recordShareItems, record_share_links.go:165-188@c7521c1c)', () => {
  const links = ['aitable', '+record-share-links', '--base', 'B', '--table', 'T', '--record-ids', 'r1'];
  it.each([
    ['an object at items', { items: { recordId: 'r1', shareUrl: 'u1' } }, []],
    ['an object at items, a list at data.items', { items: { recordId: 'r1', shareUrl: 'u1' }, data: { items: [{ record_id: 'r2', url: 'u2' }] } }, [{ recordId: 'r2', shareUrl: 'u2' }]],
    ['an object at data.items', { data: { items: { recordId: 'r1', shareUrl: 'u1' } } }, []],
    ['a list at items', { items: [{ id: 'r3', share_url: 'u3' }] }, [{ recordId: 'r3', shareUrl: 'u3' }]],
  ])('%s', async (_case, answer, items) => {
    runs.answer('aitable-helper/get_record_share_url', answer);
    const r = await runs.timed(links);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(r.result).toMatchObject({ items, total: 1 });
  });
});

describe('chat +chat-list finds a page\'s conversations as conversationListResolveList (chat_conversation.go:533-564, lark_alignment.go:1331-1360@c7521c1c)', () => {
  const group = { openConversationId: 'c1', singleChat: false };
  const row = { openConversationId: 'c1', conversationType: 'group', chatMode: 'group' };
  it.each([
    ['an object at conversationList is no list', { conversationList: group, hasMore: false }, []],
    ['a text at conversationList passes to the next key', { conversationList: 'x', items: [group], hasMore: false }, [row]],
    ['a list one level inside conversationList', { conversationList: { list: [group] }, hasMore: false }, [row]],
    ['a tuple at conversationList is unwrapped', { conversationList: [[group], 0, false], hasMore: false }, [row]],
  ])('%s', async (_case, answer, chats) => {
    runs.answer('im/list_all_conversations', answer);
    const r = await runs.timed(['chat', '+chat-list']);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(r.result).toMatchObject({ count: chats.length, chats });
  });
});

describe('mail +recent-mail reads a thread\'s senders only when they hold a list (recentMailSenders, recent_mail.go:187-213@c7521c1c)', () => {
  const recent = ['mail', '+recent-mail', '--email', 'me@example.com', '--folder', '2'];
  it.each([
    ['an object falls to the thread\'s from', { senders: { name: 'A', email: 'a@x' }, from: 'f@x' }, 'f@x'],
    ['a text falls to the thread\'s from', { senders: 'bob@x', from: { name: 'F', email: 'f@x' } }, 'F <f@x>'],
    ['an object without any from spelling gives ""', { senders: { name: 'A', email: 'a@x' } }, ''],
    ['a list is read', { senders: [{ name: 'A', email: 'a@x' }, 'c@x'], from: 'f@x' }, ['A <a@x>', 'c@x']],
  ])('%s', async (_case, thread, from) => {
    runs.answer('mail/list_mailbox_threads', { conversations: [{ conversationId: 't1', subject: 's', ...thread }] });
    const r = await runs.timed(recent);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(r.result).toMatchObject({ count: 1, mails: [{ threadId: 't1', subject: 's', from }] });
  });
});

describe('aitable +base-bootstrap reads each table\'s field read-back as findNamedObjectList(fields, fieldList) (base_composite.go:260-262@c7521c1c)', () => {
  const bootstrap = ['aitable', '+base-bootstrap', '--name', 'P', '--tables', JSON.stringify([{ name: 'Tasks', fields: [{ fieldName: 'Title', type: 'text' }] }]), '--yes'];
  const backend = (fieldsAnswer: unknown) => {
    runs.answer('aitable/create_base', { data: { baseId: 'B1' } });
    runs.answer('aitable/get_base', { data: { baseId: 'B1', tables: [] } });
    runs.answer('aitable/create_table', { data: { tableId: 'T1' } });
    runs.answer('aitable/get_tables', { data: { tables: [{ tableId: 'T1' }] } });
    runs.answer('aitable/get_fields', fieldsAnswer);
  };
  it.each([
    ['a list nested deeper under a key in another case', { data: { table: { FieldList: [{ name: 'Title' }] } } }],
    ['a top-level list beside an object at data.fields', { data: { fields: { fieldName: 'Title' } }, fields: [{ fieldName: 'Title' }] }],
  ])('%s verifies the table', async (_case, answer) => {
    backend(answer);
    const r = await runs.timed(bootstrap);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(r.result).toMatchObject({ status: 'success', verification: { baseId: 'B1', status: 'verified', tableCount: 1 } });
  });

  it('a list holding a non-object is no field list: the run ends partly done', async () => {
    backend({ fields: [{ fieldName: 'Title' }, 'x'] });
    const r = await runs.timed(bootstrap);
    expect(r.outcome.error?.reason).toBe('partial_outcome');
  });
});
