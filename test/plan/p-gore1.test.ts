// Go's whitespace where upstream reads text with Go (issue 32, notes/p-gore1.md): plan checks of minutes, aitable,
// sheet, hrbrain, aisearch and oa that were written with JavaScript's \s / \S (U+FEFF a space, U+0085 not), run as a
// user types the commands against the recording backend on 127.0.0.1. Upstream trims with strings.TrimSpace
// (unicode.IsSpace: U+0085 and U+00A0 are spaces, U+FEFF is not) and decodes JSON with only space, tab, LF and CR.
// The oracle's space list is written here from Go's unicode.IsSpace, not read from src/text/space.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { GO_SPACES, NOT_GO_SPACES, goTrim } from '../go-spaces.js';

const { sent, mcp, failure } = useOutputRuns('dws-p-gore1-');

const goSpaceText = fc.array(fc.constantFrom(...GO_SPACES), { minLength: 1, maxLength: 4 }).map((a) => a.join(''));
const padText = (min = 0) => fc.array(fc.constantFrom(...GO_SPACES, ...NOT_GO_SPACES), { minLength: min, maxLength: 4 }).map((a) => a.join(''));

/** The tool's canned answer for the next runs (every other tool echoes). */
const answer = (tool: string, body: unknown) => { mcp.answers = { [tool]: () => body }; };
const firstCall = async (argv: string[]) => {
  const run = await sent(argv);
  return { reason: run.reason, call: run.calls[0] as [string, Record<string, unknown>] | undefined, printed: run.printed };
};

describe('flags read with strings.TrimSpace (parseCSVValues, Go-trimmed shortcut flags)', () => {
  it('hrbrain talent-pool list --labels: null only when Go trims it to nothing (contact.go:20-24, hrbrain.go:78-80@c7521c1c)', async () => {
    mcp.answers = {};
    const labels = async (v: string) => (await firstCall(['hrbrain', 'talent-pool', 'list', '--labels', v])).call?.[1].labels;
    expect(await labels('\u0085')).toBeNull();
    expect(await labels('\u000b\u00a0')).toBeNull();
    expect(await labels('\ufeff')).toEqual(['\ufeff']);
    expect(await labels('\u0085a,\ufeff')).toEqual(['a', '\ufeff']);
  });

  it('hrbrain search employees-structured --order-by: the same reading (hrbrain.go:614-616@c7521c1c)', async () => {
    mcp.answers = {};
    const order = async (v: string) => (await firstCall(['hrbrain', 'search', 'employees-structured', '--origin-json', '{}', '--fields', '[1]', '--order-by', v])).call?.[1].orderByClauses;
    expect(await order('\u0085')).toBeNull();
    expect(await order('\ufeff')).toEqual(['\ufeff']);
  });

  it('property: a Go-blank --labels is sent as null, any other text as a list', async () => {
    mcp.answers = {};
    await fc.assert(fc.asyncProperty(padText(1), async (v) => {
      const call = (await firstCall(['hrbrain', 'talent-pool', 'list', '--labels', v])).call!;
      if (goTrim(v) === '') expect(call[1].labels).toBeNull();
      else expect(call[1].labels).toEqual([goTrim(v)]);
    }), { numRuns: 25 });
  });

  it('property: every --order-by of Go spaces only is sent as null, one with a U+FEFF/U+180E/U+200B in it as a list', async () => {
    mcp.answers = {};
    const order = async (v: string) => (await firstCall(['hrbrain', 'search', 'employees-structured', '--origin-json', '{}', '--fields', '[1]', '--order-by', v])).call?.[1].orderByClauses;
    await fc.assert(fc.asyncProperty(goSpaceText, fc.constantFrom(...NOT_GO_SPACES), goSpaceText, async (a, other, b) => {
      expect(await order(a + b)).toBeNull();
      expect(await order(a + other + b)).toEqual([other]);
    }), { numRuns: 20 });
  });

  it('aisearch enterprise / behavior --types: doc is document after Go trims it (aisearch.go:159-170@c7521c1c)', async () => {
    mcp.answers = {};
    const types = async (cmd: string, v: string) => (await firstCall(['aisearch', cmd, '--types', v])).call?.[1].searchTypes;
    expect(await types('enterprise', '\u0085doc')).toEqual(['document']);
    expect(await types('enterprise', '\ufeffdoc')).toEqual(['\ufeffdoc']);
    expect(await types('enterprise', '["\u0085Doc"]')).toEqual(['document']);
    expect(await types('behavior', '\u0085doc')).toEqual(['document']);
    expect(await types('behavior', '\ufeffdoc')).toEqual(['\ufeffdoc']);
  });

  it('property: --types im,<pad>doc<pad> sends document exactly when Go trims the pads away', async () => {
    mcp.answers = {};
    await fc.assert(fc.asyncProperty(padText(), padText(), fc.constantFrom('doc', 'Document', "'doc'"), async (a, b, word) => {
      const element = `${a}${word}${b}`;
      // parseCSVValues: TrimSpace, then the quotes; normalizeAisearchSearchTypes: ToLower(TrimSpace(v))
      const cleaned = goTrim(element).replace(/^["']+|["']+$/gu, '');
      const expected = ['doc', 'document'].includes(goTrim(cleaned).toLowerCase()) ? 'document' : cleaned;
      const call = (await firstCall(['aisearch', 'enterprise', '--types', `im,${element}`])).call!;
      expect(call[1].searchTypes).toEqual(cleaned === '' ? ['im'] : ['im', expected]);
    }), { numRuns: 30 });
  });

  it('aitable +record-bulk-patch --query and a filter field id: blank only by Go (record_bulk_patch.go:67-73, :172@c7521c1c)', async () => {
    mcp.answers = {};
    const base = ['aitable', '+record-bulk-patch', '--base-id', 'b', '--table-id', 't', '--patch', '{"f":1}', '--yes'];
    // U+FEFF is not blank to Go, so it is the keyword (a filter operand) of the first read, which upstream's transport
    // refuses before sending it (client.go:394-402, :1093-1125@c7521c1c; the filters a decoded map[string]any, so
    // their []any operands are read): invalid_argument, not the blank check's invalid_parameter, nothing sent
    const query = await firstCall([...base, '--query', 'k']);
    expect(query.call).toEqual(['aitable/query_records', { baseId: 'b', tableId: 't', keyword: 'k', limit: 20 }]);
    expect(await firstCall([...base, '--query', '\ufeff'])).toMatchObject({ reason: 'invalid_argument', call: undefined });
    expect(await firstCall([...base, '--query', '\u0085'])).toMatchObject({ reason: 'invalid_parameter', call: undefined });
    const filters = (id: string) => JSON.stringify({ operator: 'and', operands: [{ operator: 'eq', operands: [id, 1] }] });
    const kept = await firstCall([...base, '--filters', filters('f1')]);
    expect(kept.call?.[1].filters).toEqual(JSON.parse(filters('f1')));
    expect(await firstCall([...base, '--filters', filters('\ufeff')])).toMatchObject({ reason: 'invalid_argument', call: undefined });
    expect(await firstCall([...base, '--filters', filters('\u0085')])).toMatchObject({ reason: 'invalid_parameter', call: undefined });
  });

  it('aitable +base-bootstrap --tables: names and field names blank only by Go (base_composite.go:91-110@c7521c1c)', async () => {
    // h45-a4: create_base's answer names the base (base_composite.go:201-206@c7521c1c: without a baseId the run ends there)
    mcp.answers = { 'aitable/create_base': () => ({ baseId: 'b1' }), 'aitable/get_base': () => ({ baseId: 'b1' }) };
    const base = ['aitable', '+base-bootstrap', '--name', 'B', '--yes', '--tables'];
    // names of U+FEFF are not blank to Go, so the base is made and read back; the create_table call carrying the name
    // (tableName, or a field of its []any fields, :97-101, :225-227@c7521c1c) is then refused by upstream's transport
    // before it is sent (client.go:394-402, :1093-1125): the run stops after a write, partial, naming the argument
    for (const [tables, key] of [['[{"name":"\ufeff"}]', 'tableName'], ['[{"name":"T","fields":[{"fieldName":"\ufeff","type":"text"}]}]', 'fieldName']]) {
      mcp.calls.length = 0;
      const run = await failure([...base, tables]);
      expect([run.reason, mcp.calls.map((c) => c.name)]).toEqual(['partial_outcome', ['create_base', 'get_base']]);
      expect(run.message).toContain(`invalid_argument: ${key} contains invisible`);
    }
    const field = await sent([...base, '[{"name":"T","fields":[{"fieldName":"f\u0085","type":"text"}]}]']);
    expect(field.calls.find((c) => c[0] === 'aitable/create_table')?.[1]).toMatchObject({ tableName: 'T', fields: [{ fieldName: 'f\u0085', type: 'text' }] });
    for (const bad of ['[{"name":"\u0085"}]', '[{"name":"T","fields":[{"fieldName":"\u0085","type":"text"}]}]', '[{"name":"T","fields":[{"fieldName":"f","type":"\u3000"}]}]']) {
      expect(await sent([...base, bad])).toMatchObject({ reason: 'invalid_parameter', calls: [] });
    }
  });
});

describe('JSON written in a flag (sheet range update --values)', () => {
  const update = (cell: unknown) => ['sheet', 'range', 'update', '--node', 'n', '--sheet-id', 's', '--range', 'A1', '--values', JSON.stringify([[cell]])];
  const dropdown = (sheetId: string, a1Notation: string) => ({ dataValidation: { type: 'dropdown', sourceRange: { sheetId, a1Notation } } });
  const link = (l: string) => ({ type: 'text', text: 'x', hyperlink: { type: 'path', link: l } });

  it('a dropdown sourceRange and a hyperlink link are blank only by strings.TrimSpace (sheet_validate.go:215, :271-278@c7521c1c)', async () => {
    mcp.answers = {};
    expect((await firstCall(update(dropdown('\ufeff', 'A1')))).call?.[0]).toBe('sheet/set_cell_range');
    expect(await firstCall(update(dropdown('s2', '\u0085')))).toMatchObject({ reason: 'invalid_parameter', call: undefined });
    expect((await firstCall(update(link('\ufeff')))).call?.[1].cells).toEqual([[link('\ufeff')]]);
    expect(await firstCall(update(link('\u0085')))).toMatchObject({ reason: 'invalid_parameter', call: undefined });
  });

  it('property: a hyperlink link of spaces only is refused exactly when Go trims it to nothing', async () => {
    mcp.answers = {};
    await fc.assert(fc.asyncProperty(padText(1), async (l) => {
      const run = await firstCall(update(link(l)));
      if (goTrim(l) === '') expect(run).toMatchObject({ reason: 'invalid_parameter', call: undefined });
      else expect(run.call?.[1].cells).toEqual([[link(l)]]);
    }), { numRuns: 25 });
  });
});

describe('answers read with strings.TrimSpace (minutesdata, my_initiated, list_tables)', () => {
  it('minutes +list-mine: taskUuid and errorCode as minutesdata reads them (response.go:361-383, :414-432@c7521c1c)', async () => {
    const list = (extra: Record<string, unknown>, items: unknown[]) => ({ success: true, ...extra, result: { itemList: items, hasMore: false } });
    answer('minutes/list_by_keyword_and_time_range', list({}, [{ taskUuid: '\ufeff', title: 'a' }, { taskUuid: '\u0085u2\u0085', title: 'b' }]));
    expect((await firstCall(['minutes', '+list-mine'])).printed).toEqual({ count: 2, minutes: [{ taskUuid: '\ufeff', title: 'a' }, { taskUuid: 'u2', title: 'b' }] });
    answer('minutes/list_by_keyword_and_time_range', list({ errorCode: '\u00850\u0085' }, [{ taskUuid: 'u1' }]));
    expect((await firstCall(['minutes', '+list-mine'])).printed).toEqual({ count: 1, minutes: [{ taskUuid: 'u1' }] });
    // lead-s32: a code Go does not trim to 0 fails first on upstream's helper path (isErrorCodeValue,
    // helpers.go:636-660@c7521c1c), before minutesdata's envelope check
    answer('minutes/list_by_keyword_and_time_range', list({ errorCode: '\ufeff0' }, [{ taskUuid: 'u1' }]));
    expect((await firstCall(['minutes', '+list-mine'])).reason).toBe('business_error');
  });

  it('property: an errorCode text fails the answer unless Go trims it to "" or "0"', async () => {
    await fc.assert(fc.asyncProperty(padText(), fc.constantFrom('', '0', '1'), padText(), async (a, digit, b) => {
      const code = `${a}${digit}${b}`;
      answer('minutes/list_by_keyword_and_time_range', { success: true, errorCode: code, result: { itemList: [{ taskUuid: 'u1' }], hasMore: false } });
      const run = await firstCall(['minutes', '+list-mine']);
      expect(run.reason).toBe(['', '0'].includes(goTrim(code)) ? undefined : 'business_error');
    }), { numRuns: 25 });
  });

  it('minutes +record-pause: the answer cmd is compared after TrimSpace (RecordResult workflow.go:97-100@c7521c1c)', async () => {
    const tool = '执行听记指令-发起AI听记录音';
    answer(tool, { success: true, result: { cmd: '\u0085pause', uuid: 'u1' } });
    expect((await firstCall(['minutes', '+record-pause', '--id', 'u1', '--yes'])).printed).toMatchObject({ accepted: true, command: 'pause', taskUuid: 'u1' });
    answer(tool, { success: true, result: { cmd: '\ufeffpause', uuid: 'u1' } });
    expect((await firstCall(['minutes', '+record-pause', '--id', 'u1', '--yes'])).reason).toBe('backend_error');
  });

  it('minutes +latest: a creation time parses after TrimSpace (timestamp response.go:385-412@c7521c1c)', async () => {
    // a's time is 100 once Go trims U+0085; b's U+FEFF-led time does not parse, so b has no time and a is the latest
    answer('minutes/list_by_keyword_and_time_range', { success: true, result: { itemList: [{ taskUuid: 'a', createTime: '\u0085100' }, { taskUuid: 'b', createTime: '\ufeff200' }], hasMore: false } });
    const run = await sent(['minutes', '+latest']);
    expect(run.calls.map((c) => c[0])).toContain('minutes/list_by_keyword_and_time_range');
    expect(JSON.stringify(run.calls.slice(1))).not.toContain('"b"');
    expect(JSON.stringify(run.calls.slice(1)) + JSON.stringify(run.printed ?? null)).toContain('"a"');
  });

  it('oa +my-initiated: a U+FEFF id is an id, a U+0085-padded title is trimmed (my_initiated.go:223-240@c7521c1c)', async () => {
    answer('oa/get_submitted_instances', { result: { list: [{ processInstanceId: '\ufeff', instanceId: 'i2', title: '\u0085t\u0085' }] } });
    expect((await firstCall(['oa', '+my-initiated'])).printed).toEqual({ initiated: [{ businessId: null, processInstanceId: '\ufeff', status: null, title: 't' }] });
  });

  it('aitable +list-tables: a U+FEFF table id is kept, a U+0085-padded name trimmed (list_tables.go:143-166@c7521c1c)', async () => {
    answer('aitable/get_tables', { tables: [{ tableId: '\ufeff', id: 'x', tableName: '\u0085n\u0085' }] });
    expect((await firstCall(['aitable', '+list-tables', '--base', 'b'])).printed).toEqual({ tables: [{ tableId: '\ufeff', tableName: 'n' }] });
  });
});

describe('JSON shape checks read JSON whitespace only (kept outcomes: the decode refuses the rest)', () => {
  it('a U+00A0, U+0085, U+FEFF or \\v before a JSON flag is refused before any call; JSON whitespace is not', async () => {
    mcp.answers = {};
    const cases: [(v: string) => string[], string][] = [
      [(v) => ['aitable', 'record', 'batch-update', '--base-id', 'b', '--table-id', 't', '--record-ids', 'r1', '--cells', v, '--yes'], '{"f":1}'],
      [(v) => ['aitable', 'view', 'update', 'fill-color-rule', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--json', v, '--yes'], '[]'],
      [(v) => ['hrbrain', 'profile', 'query', '--work-no', 'w', '--data-queries', v], '[{"modelCode":"basic"}]'],
    ];
    for (const [argv, json] of cases) {
      for (const pad of ['\u00a0', '\u0085', '\ufeff', '\u000b']) expect(await sent(argv(pad + json))).toMatchObject({ reason: 'invalid_parameter', calls: [] });
      expect((await sent(argv(` \t\n\r${json}`))).calls).toHaveLength(1);
    }
  });
});
