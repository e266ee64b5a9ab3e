// What the composite commands audit-30v-b read print for the answers upstream's output code tells apart (issue 32,
// a-v2), as upstream's bodies at c7521c1c do, run as a user types them against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { rawText } from '../fixtures/mcp/server.js';

const outputs = useOutputRuns('dws-av2-');
const { sent } = outputs;

describe('chat +messages-list-direct reads one page as CallMCPData hands it on (runner.go:255-271, chat_message.go:522-537)', () => {
  const argv = ['chat', '+messages-list-direct', '--user', 'u1', '--time', '2025-03-01 00:00:00'];
  const call = ['chat/list_individual_chat_message', { time: '2025-03-01 00:00:00', forward: true, userId: 'u1' }];
  const emptyPage = {
    complete: false, contractVersion: 'im.message-list.v1', count: 0, enrichedCount: 0, failedCount: 1,
    failures: [{ error: 'the page does not say whether more follow (no boolean hasMore), so it cannot show the list is complete', stage: 'pagination' }],
    hasMore: false, messages: [], pagesFetched: 1, paginationKnown: false, stopReason: 'single_page',
  };

  it('a JSON null or a blank answer prints the payload of an empty page, as the empty object does', async () => {
    const runs = [];
    for (const answer of [null, rawText(''), rawText('  '), {}]) {
      outputs.answer('chat/list_individual_chat_message', answer);
      runs.push(await sent(argv));
    }
    const want = { reason: undefined, category: undefined, calls: [call], printed: emptyPage };
    expect(runs).toEqual([want, want, want, want]);
  });

  it('a page with messages and a cursor still prints them with the next page', async () => {
    outputs.answer('chat/list_individual_chat_message', { result: [{ openMessageId: 'm1', text: 'a', sender: 's', createTime: 1 }], hasMore: true, nextCursor: 1740787200000 });
    expect((await sent(argv)).printed).toEqual({
      complete: false, contractVersion: 'im.message-list.v1', count: 1, enrichedCount: 0, failedCount: 0, failures: [], hasMore: true,
      messages: [{ createTime: 1, messageId: 'm1', sender: 's', text: 'a' }],
      nextPage: { direction: 'newer', nextCursor: 1740787200000, time: '2025-03-01T00:00:00Z' },
      pagesFetched: 1, paginationKnown: true, stopReason: 'single_page',
    });
  });
});

describe('chat +messages-list, which shares message_page, reads a null or blank answer the same way (chat_message.go:318-328)', () => {
  it('a JSON null or a blank answer prints {count: 0, messages: []} with the empty page\'s marks, as {} does', async () => {
    const printed = [];
    for (const answer of [null, rawText(''), {}]) {
      outputs.answer('chat/list_conversation_message_v2', answer);
      printed.push((await sent(['chat', '+messages-list', '--group', 'g', '--time', 't'])).printed);
    }
    const want = {
      complete: false, contractVersion: 'im.message-list.v1', count: 0, enrichedCount: 0, failedCount: 1,
      failures: [{ error: 'the page does not say whether more follow (no boolean hasMore), so it cannot show the list is complete', stage: 'pagination' }],
      hasMore: false, messages: [], pagesFetched: 1, paginationKnown: false,
    };
    expect(printed).toEqual([want, want, want]);
  });
});

// A model of upstream listSheetsResolveList / listSheetsProject / listSheetsFirst (shortcut/sheet/sheet.go:81-149).
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const resolveList = (data: Obj): unknown[] => {
  for (const key of ['sheets', 'result', 'data', 'list', 'items', 'worksheets']) {
    if (!Object.hasOwn(data, key)) continue;
    const v = data[key];
    if (Array.isArray(v)) return v;
    if (isObj(v)) {
      for (const ik of ['sheets', 'list', 'items', 'worksheets', 'result', 'data']) if (Array.isArray(v[ik])) return v[ik] as unknown[];
    }
  }
  return [];
};
const FIELDS: [string, string[]][] = [
  ['sheetId', ['sheetId', 'sheet_id', 'id']], ['title', ['title', 'name', 'sheetName', 'sheet_name']], ['index', ['index', 'sheetIndex']],
  ['visibility', ['visibility', 'hidden', 'visible']], ['rowCount', ['rowCount', 'row_count', 'rows']], ['columnCount', ['columnCount', 'column_count', 'columns', 'colCount']],
];
const project = (data: Obj) => resolveList(data).flatMap((item) => {
  if (!isObj(item)) return [];
  const row: Obj = {};
  for (const [out, keys] of FIELDS) {
    const k = keys.find((key) => Object.hasOwn(item, key));
    if (k !== undefined) row[out] = item[k];
  }
  return Object.keys(row).length > 0 ? [row] : [];
});

describe('sheet +list-sheets prints {count, sheets} as listSheetsProject reads the answer (shortcut/sheet/sheet.go:63-149)', () => {
  const cell = fc.constantFrom<unknown>(null, 'x', 0, false, 7);
  const row = fc.dictionary(fc.constantFrom('sheetId', 'sheet_id', 'id', 'name', 'sheetName', 'index', 'hidden', 'visible', 'rows', 'colCount', 'other'), cell, { maxKeys: 4 });
  const rows = fc.array(fc.oneof(row, fc.constantFrom<unknown>(5, 'r', null)), { maxLength: 3 });
  const holder = fc.oneof(rows, fc.dictionary(fc.constantFrom('sheets', 'list', 'items', 'worksheets', 'result', 'data', 'other'), fc.oneof(rows, fc.constantFrom<unknown>('t', null, {})), { maxKeys: 3 }), fc.constantFrom<unknown>('t', null, 3));
  const answer = fc.dictionary(fc.constantFrom('sheets', 'result', 'data', 'list', 'items', 'worksheets', 'other'), holder, { maxKeys: 3 });

  it('the list is the first outer key holding a list, or an object holding one under an inner key; each object element with a known key becomes a row', async () => {
    await fc.assert(fc.asyncProperty(answer, async (a) => {
      outputs.answer('sheet/get_all_sheets', a);
      const run = await sent(['sheet', '+list-sheets', '--node', ' n ']);
      const sheets = project(a);
      expect(run).toEqual({ reason: undefined, category: undefined, calls: [['sheet/get_all_sheets', { nodeId: 'n' }]], printed: { count: sheets.length, sheets } });
    }), { numRuns: 40 });
  });

  it('an answer that is not a JSON object is refused after the call; null and a blank text are an empty list', async () => {
    const runs = [];
    for (const a of [[1], 5, true, 'oops', null, ' ']) {
      outputs.answer('sheet/get_all_sheets', a);
      const { reason, printed } = await sent(['sheet', '+list-sheets', '--node', 'n']);
      runs.push({ reason, printed });
    }
    const refused = { reason: 'backend_error', printed: undefined };
    const empty = { reason: undefined, printed: { count: 0, sheets: [] } };
    expect(runs).toEqual([refused, refused, refused, refused, empty, empty]);
  });
});
