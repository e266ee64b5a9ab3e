// What the composite commands audit-30y-b read send and print where dws differed from upstream's bodies at c7521c1c
// (issue 32, a-y2), run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { rawText } from '../fixtures/mcp/server.js';

const outputs = useOutputRuns('dws-ay2-');
const { sent } = outputs;

describe('answers that rt.CallMCPData cannot decode into an object stop the run (runner.go:255-271@c7521c1c)', () => {
  const cases: [string, string[], string, Record<string, unknown>][] = [
    ['oa +list-pending (oa.go:79-82)', ['oa', '+list-pending', '--start', '1', '--end', '2'], 'oa/list_pending_approvals', { count: 0, instances: [] }],
    ['devapp +event-list (devapp.go:1208-1211)', ['devapp', '+event-list', '--unified-app-id', 'U'], 'devapp/list_dev_app_events', { count: 0, events: [] }],
  ];
  for (const [name, argv, tool, none] of cases) {
    it(`${name}: a list, number, boolean or text is backend_error after the one call; null and a blank text print none`, async () => {
      const got = [];
      for (const answer of [[{ id: 'p', eventCode: 'e' }], 5, true, 'oops', null, rawText(' ')]) {
        outputs.answer(tool, answer);
        const r = await sent(argv);
        got.push([r.reason, r.calls.length, r.printed]);
      }
      const refused = ['backend_error', 1, undefined];
      expect(got).toEqual([refused, refused, refused, refused, [undefined, 1, none], [undefined, 1, none]]);
    });
  }

  it('chat +conversation-list: a first page that is not an object ends the run (chat_conversation.go:383-389)', async () => {
    const got = [];
    for (const answer of [[{ openConversationId: 'c1' }], 'oops', 7]) {
      outputs.answer('im/list_all_conversations', answer);
      const r = await sent(['chat', '+conversation-list']);
      got.push([r.reason, r.calls.length, r.printed]);
    }
    expect(got).toEqual([['backend_error', 1, undefined], ['backend_error', 1, undefined], ['backend_error', 1, undefined]]);
  });

  it('chat +conversation-list --page-all: a later page that is not an object is listed as a conversation-page failure', async () => {
    const first = { conversations: [{ openConversationId: 'c1' }], hasMore: true, nextCursor: 5 };
    const r = await outputs.paged(['chat', '+conversation-list', '--page-all'], 'list_all_conversations', [first, [{ openConversationId: 'c2' }]]);
    expect(r.exit).toBe(0);
    expect(r.sent).toHaveLength(2);
    const printed = r.printed as { count: number; pagesFetched: number; failures: { stage: string; cursor: number }[]; partial: boolean };
    expect([printed.count, printed.pagesFetched, printed.partial, printed.failures.map((f) => [f.stage, f.cursor])]).toEqual([1, 1, true, [['conversation-page', 5]]]);
  });
});

describe('aitable +url-resolve --verify: the one read must be an object holding the id (url_resolve.go:108-131@c7521c1c)', () => {
  const url = 'https://alidocs.dingtalk.com/i/nodes/B1?iframeQuery=sheetId%3DT1';
  it('a null or blank answer proves nothing: refused, never printed as verified', async () => {
    for (const [tool, target] of [['aitable/get_tables', url], ['aitable/get_base', 'https://alidocs.dingtalk.com/i/nodes/B1'], ['aitable/get_views', `${url}%26viewId%3DV1`], ['aitable/query_records', `${url}%26recordId%3DR1`]] as const) {
      for (const answer of [null, rawText(' ')]) {
        outputs.answer(tool, answer);
        const r = await sent(['aitable', '+url-resolve', '--url', target, '--verify']);
        expect([tool, r.reason, r.calls.length, r.printed]).toEqual([tool, 'backend_error', 1, undefined]);
      }
    }
  });

  it('a list answer holding the id is refused as upstream cannot decode it; the same object passes', async () => {
    outputs.answer('aitable/get_tables', [{ tableId: 'T1' }]);
    expect((await sent(['aitable', '+url-resolve', '--url', url, '--verify'])).reason).toBe('backend_error');
    outputs.answer('aitable/get_tables', { tables: [{ tableId: 'T1' }] });
    const ok = await sent(['aitable', '+url-resolve', '--url', url, '--verify']);
    expect(ok.reason).toBeUndefined();
    expect((ok.printed as { verificationStatus: string }).verificationStatus).toBe('verified');
  });
});

describe('aitable +url-resolve --verify of a base: one of baseName, base_name, tables, dashboards as a key anywhere proves it (responseHasAnyKey url_resolve.go:166-187@c7521c1c)', () => {
  const argv = ['aitable', '+url-resolve', '--url', 'https://alidocs.dingtalk.com/i/nodes/B1', '--verify'];
  it('whatever the key holds and however deep; the same word inside a text or as a value proves nothing', async () => {
    const got = [];
    for (const answer of [{ data: { base_name: null } }, { x: [{ y: { tables: 1 } }] }, { result: { dashboards: [] } }, { baseName: '' }, { note: ',"tables":' }, { kind: 'baseName' }, {}, { baseId: 'B2' }]) {
      outputs.answer('aitable/get_base', answer);
      got.push((await sent(argv)).reason ?? 'verified');
    }
    expect(got).toEqual(['verified', 'verified', 'verified', 'verified', 'backend_error', 'backend_error', 'backend_error', 'backend_error']);
  });
});

describe('sheet table-put and pivot-table read a file only after @, and parse anything else as JSON (sheet_table.go:175-193, sheet_pivot_table.go:115-126@c7521c1c)', () => {
  const pivot = ['sheet', 'pivot-table', 'update', '--node', 'N', '--sheet-id', 'S', '--pivot-table-id', 'P', '--properties'];
  const files = { 'p.json': '{"values":[{"field":"a","summarize_by":" SUM "}]}', 't.json': '[{"name":"S1"}]' };
  it('pivot-table update --properties @file reads the file (the catalog example) and a bare path is refused', async () => {
    const at = await sent([...pivot, '@p.json'], files);
    expect([at.reason, at.calls]).toEqual([undefined, [['sheet/update_pivot_table', { nodeId: 'N', sheetId: 'S', pivotTableId: 'P', properties: { values: [{ field: 'a', summarize_by: 'sum' }] } }]]]);
    const bare = await sent([...pivot, 'p.json'], files);
    expect([bare.category, bare.calls]).toEqual(['validation', []]);
  });

  it('pivot-table create --properties @file reads the file', async () => {
    const r = await sent(['sheet', 'pivot-table', 'create', '--node', 'N', '--source', "'S'!A1:B2", '--properties', '@p.json'], files);
    expect([r.reason, (r.calls[0]?.[1] as { properties?: unknown } | undefined)?.properties]).toEqual([undefined, { values: [{ field: 'a', summarize_by: 'sum' }] }]);
  });

  it('table-put --sheets @file reads the file; a bare path is refused, not read', async () => {
    const at = await sent(['sheet', 'table-put', '--node', 'N', '--sheets', '@t.json'], files);
    expect([at.reason, at.calls]).toEqual([undefined, [['sheet/table_put', { nodeId: 'N', sheets: [{ name: 'S1' }] }]]]);
    const bare = await sent(['sheet', 'table-put', '--node', 'N', '--sheets', 't.json'], files);
    expect([bare.category, bare.calls]).toEqual(['validation', []]);
    const padded = await sent(['sheet', 'table-put', '--node', 'N', '--sheets', ' \n{"name":"S2"} '], files);
    expect([padded.reason, padded.calls]).toEqual([undefined, [['sheet/table_put', { nodeId: 'N', sheets: [{ name: 'S2' }] }]]]);
  });
});

describe('minutes +speaker-replace: a transcript read that cannot be completed stops before the write (CollectTranscript pager.go:37-44, response.go:84-86@c7521c1c)', () => {
  const argv = ['minutes', '+speaker-replace', '--id', 'T', '--from', 'A', '--to', 'B', '--yes'];
  const page = (id: string, more: Record<string, unknown>) => ({ result: { paragraphList: [{ paragraphId: id, speakerNick: 'A' }], ...more } });
  it('a page saying more without a nextToken, and a nextToken already followed, are backend_error with no replace', async () => {
    for (const [pages, reads] of [[[page('1', { hasNext: true })], 1], [[page('1', { hasNext: true, nextToken: 't1' }), page('2', { hasNext: true, nextToken: 't1' })], 2]] as const) {
      const r = await outputs.paged(argv, 'get_minutes_transcription', [...pages]);
      expect([r.envelope?.error.reason, r.sent.length]).toEqual(['backend_error', reads]);
    }
  });

  it('a last page without hasNext, or saying false, ends the read and the replace goes on', async () => {
    outputs.answer('minutes/replace_speaker', { success: true });
    for (const last of [{}, { hasNext: false }]) {
      const before = page('1', last);
      const after = { result: { paragraphList: [{ paragraphId: '1', speakerNick: 'B' }], ...last } };
      const r = await outputs.paged(argv, 'get_minutes_transcription', [before, after]);
      expect([r.exit, r.printed]).toEqual([0, { affectedParagraphs: 1, changed: true, from: 'A', taskUuid: 'T', to: 'B', verified: true }]);
    }
  });
});
