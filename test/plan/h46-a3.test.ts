// Session 46 second reading, part a3 (issue 32, seed 20261411): where a drawn command (or a sibling of it) still
// differed from upstream's body at c7521c1c, run as a user types it against the recording backend on 127.0.0.1
// (notes/h46-a3.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rawText } from '../fixtures/mcp/server.js';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h46a3-');
const { sent, mcp } = outputs;

// resolveFileDomain (helpers/drive.go:3902-3910@c7521c1c): the drive probe decides the route by its error alone;
// callMCPToolReturnTextOnServer (helpers/helpers.go:147-150, :205-262) returns no error for a blank text, JSON null,
// false, a list or any other text that is not an error envelope, so every such answer routes the file to the drive
// and the document probe is never sent.
const probeAnswers = fc.constantFrom<unknown>(rawText(''), rawText('  '), null, false, 0, '', [], {}, [1], 'plain', rawText('not json'), { a: 1 });

describe('markdown fetch: any answer of the drive probe that is not an error routes to the drive (drive.go:3902-3910@c7521c1c)', () => {
  it('for every answer shape the probe gives without failing, the drive download follows and no doc probe is sent', async () => {
    await fc.assert(fc.asyncProperty(probeAnswers, async (probe) => {
      mcp.files['a.md'] = Buffer.from('# hi');
      outputs.answer('drive/get_file_info', probe);
      outputs.answer('drive/download_file', { downloadUrl: `${mcp.base}/files/a.md` });
      const r = await sent(['markdown', 'fetch', '--node', 'n1']);
      expect(r.reason).toBeUndefined();
      expect(r.calls).toEqual([['drive/get_file_info', { fileId: 'n1' }], ['drive/download_file', { fileId: 'n1' }]]);
      expect(r.printed).toMatchObject({ content: '# hi', source: 'drive', file_name: 'a.md' });
    }), { numRuns: 24 });
  });
  it('a failing drive probe still routes to the document space, whatever the document probe answers', async () => {
    await fc.assert(fc.asyncProperty(probeAnswers, async (docProbe) => {
      mcp.files['b.md'] = Buffer.from('# doc');
      outputs.answer('drive/get_file_info', { success: false, errorCode: 'NOT_FOUND', errorMsg: 'no such file' });
      outputs.answer('doc/get_document_info', docProbe);
      outputs.answer('doc/download_file', { resourceUrl: `${mcp.base}/files/b.md` });
      const r = await sent(['markdown', 'fetch', '--node', 'n1']);
      expect(r.calls.map((c) => c[0])).toEqual(['drive/get_file_info', 'doc/get_document_info', 'doc/get_document_info', 'doc/download_file']);
      expect(r.printed).toMatchObject({ content: '# doc', source: 'doc' });
    }), { numRuns: 24 });
  });
});

describe('a dry run shows the steps that read a tolerated failure (failure_as) as depending on an earlier step', () => {
  it('markdown fetch --dry-run lists the document probe and both routes, calling nothing', async () => {
    mcp.calls.length = 0;
    const outcome = await dispatchInProcess(['markdown', 'fetch', '--node', 'n1', '--dry-run'], outputs.env());
    expect(mcp.calls).toEqual([]);
    const steps = (JSON.parse(outcome.out) as { steps: { id: string; when?: string }[] }).steps;
    expect(steps.map((s) => s.id)).toEqual(expect.arrayContaining(['drive_probe', 'doc_probe', 'doc_link', 'drive_link']));
    for (const id of ['doc_probe', 'doc_link', 'drive_link']) expect(steps.find((s) => s.id === id)?.when).toBeDefined();
  });
});

/**
 * upstream's attendanceResolveList (internal/shortcut/attendance/attendance.go:636-656@c7521c1c) with the extra keys of
 * searchClassProject (:604): the keys in order, the extra ones first, then result, data, list, items; a list found there
 * is the answer's list, an object is searched for the extra keys and list, items, result, data in turn.
 */
function upstreamResolveList(data: Record<string, unknown>, extra: string[]): unknown[] {
  for (const key of [...extra, 'result', 'data', 'list', 'items']) {
    if (!(key in data)) continue;
    const v = data[key];
    if (Array.isArray(v)) return v;
    if (typeof v === 'object' && v !== null) {
      for (const ik of [...extra, 'list', 'items', 'result', 'data']) {
        const inner = (v as Record<string, unknown>)[ik];
        if (Array.isArray(inner)) return inner;
      }
    }
  }
  return [];
}

describe('attendance +search-class reads the class list in attendanceResolveList\'s key order (attendance.go:604, :636-656@c7521c1c)', () => {
  const argv = ['attendance', '+search-class'];
  it('a list under list or items is taken before one under result or data', async () => {
    outputs.answer('get_class_list', { result: [{ id: 1 }], list: [{ id: 2 }] });
    expect((await sent(argv)).printed).toEqual({ count: 1, classes: [{ classId: 2 }] });
    outputs.answer('get_class_list', { data: { list: [{ id: 3 }] }, items: [{ id: 4 }] });
    expect((await sent(argv)).printed).toEqual({ count: 1, classes: [{ classId: 4 }] });
  });
  it('for any envelope of lists and objects under the container keys, the ids printed are those of upstream\'s list', async () => {
    const keys = ['classList', 'shiftList', 'result', 'data', 'list', 'items'];
    const rows = (n: number) => fc.constant([{ id: n }]);
    const value = (n: number) => fc.oneof(rows(n), fc.constant(null), fc.constant('x'),
      fc.dictionary(fc.constantFrom(...keys), rows(n + 100), { maxKeys: 3 }));
    const envelope = fc.record(Object.fromEntries(keys.map((k, i) => [k, value(i + 1)])), { requiredKeys: [] });
    await fc.assert(fc.asyncProperty(envelope, async (answer) => {
      outputs.answer('get_class_list', answer);
      const expected = upstreamResolveList(answer, ['classList', 'shiftList', 'list', 'items']) as { id: number }[];
      expect((await sent(argv)).printed).toEqual({ count: expected.length, classes: expected.map((r) => ({ classId: r.id })) });
    }), { numRuns: 40 });
  });
});

// callWhiteboardTool (helpers/whiteboard.go:326-341@c7521c1c): resultJson is decoded when it is text that
// strings.TrimSpace leaves non-empty; U+0085 is Go white space, U+FEFF is not.
describe('whiteboard query: resultJson is decoded when Go\'s TrimSpace leaves text (whiteboard.go:326@c7521c1c)', () => {
  const argv = ['whiteboard', 'query', '--node', 'n', '--part-id', 'p'];
  it('a resultJson of Go white space only (U+0085, U+00A0, U+3000) is printed as it came', async () => {
    for (const blank of ['\u0085', ' \u00a0', '\u3000\t']) {
      outputs.answer('whiteboard/read_whiteboard_content', { resultJson: blank });
      expect(await sent(argv)).toMatchObject({ reason: undefined, printed: { resultJson: blank } });
    }
  });
  it('a resultJson holding U+FEFF, which Go does not trim, is decoded and refused as not JSON', async () => {
    outputs.answer('whiteboard/read_whiteboard_content', { resultJson: '\ufeff' });
    expect((await sent(argv)).reason).toBe('backend_error');
  });
});

describe('whiteboard update reads its answer with the same callWhiteboardTool (whiteboard.go:136-141, :326@c7521c1c)', () => {
  const source = JSON.stringify({ overwrite: true, source: { schemaVersion: '1.0', catalogVersion: 'dml-v1', nodes: [] } });
  const argv = ['whiteboard', 'update', '--node', 'n', '--part-id', 'p', '--source', 'wb.json', '--yes'];
  it('a resultJson of Go white space only is printed as it came; one holding U+FEFF is refused', async () => {
    outputs.answer('whiteboard/update_whiteboard', { resultJson: '\u0085' });
    expect(await sent(argv, { 'wb.json': source })).toMatchObject({ reason: undefined, printed: { resultJson: '\u0085' } });
    outputs.answer('whiteboard/update_whiteboard', { resultJson: '\ufeff' });
    expect((await sent(argv, { 'wb.json': source })).reason).toBe('backend_error');
  });
});

// mergeUpdateBlock (helpers/aitable.go:889-908@c7521c1c): a typed flag's key that --json also sets is written over, and
// upstream says so on stderr (one line per such key) before update_view; dws gives one notice per key too (since the merge).
describe('aitable view update aggregate: a typed key that --json also sets gives a notice (aitable.go:901-905@c7521c1c)', () => {
  const base = ['aitable', 'view', 'update', 'aggregate', '--base-id', 'B', '--table-id', 'T', '--view-id', 'V', '--yes'];
  const notices = async (argv: string[]) => {
    mcp.calls.length = 0;
    outputs.answer('aitable/get_views', { data: { views: [{ viewType: 'Grid' }] } });
    const outcome = await dispatchInProcess(argv, outputs.env());
    const warnings = outcome.err.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { warning: unknown }).warning);
    return { warnings, error: outcome.error?.reason, calls: mcp.calls.map((c) => c.name) };
  };
  it('a --field-id or --clear-field-id key the --json object also holds: one notice naming the keys, then the write', async () => {
    const r = await notices([...base, '--json', '{"f1":"SUM","f2":"MAX","f3":null}', '--field-id', 'f1', '--action', 'AVG', '--clear-field-id', 'f3,f4']);
    expect(r.error).toBeUndefined();
    expect(r.calls).toEqual(['get_views', 'update_view']);
    // at the merge h46-a3's one notice naming the keys became one json_flag_overlap notice per key (upstream's line per key)
    expect(r.warnings).toEqual(['f1', 'f3'].map((key) => expect.objectContaining({ reason: 'json_flag_overlap', details: { key } })));
  });
  it('no notice when the keys do not meet, when --json is not given, or when no typed key is given', async () => {
    for (const extra of [
      ['--json', '{"f2":"MAX"}', '--field-id', 'f1', '--action', 'AVG'],
      ['--field-id', 'f1', '--action', 'AVG', '--clear-field-id', 'f1'],
      ['--json', '{"f1":"SUM"}'],
      ['--json', 'null', '--clear-field-id', 'f1'],
    ]) {
      const r = await notices([...base, ...extra]);
      expect(r.error).toBeUndefined();
      expect(r.warnings).toEqual([]);
    }
  });
});

describe('the other view update commands that merge --json with typed flags (mergeUpdateBlock, aitable.go:3489, :3550, :3670@c7521c1c) give the same notice', () => {
  const base = ['--base-id', 'B', '--table-id', 'T', '--view-id', 'V', '--yes'];
  const cases: { sub: string; viewType: string; flags: string[]; json: Record<string, unknown>; keys: string[] }[] = [
    { sub: 'field-widths', viewType: 'Grid', flags: ['--field-id', 'f1', '--width', '120'], json: { f1: 80, f2: 90 }, keys: ['f1'] },
    { sub: 'card', viewType: 'Kanban', flags: ['--cover-field-id', 'c', '--display-field-name=false'], json: { coverFieldId: 'x', displayFieldName: true, coverMode: 'm' }, keys: ['coverFieldId', 'displayFieldName'] },
    { sub: 'timebar', viewType: 'Gantt', flags: ['--start-field', 's', '--official-holiday=true'], json: { endField: 'e', officialHoliday: false }, keys: ['officialHoliday'] },
  ];
  for (const c of cases) {
    it(`view update ${c.sub}: a notice naming the keys both set, none when they do not meet`, async () => {
      const run = async (json: Record<string, unknown>) => {
        mcp.calls.length = 0;
        outputs.answer('aitable/get_views', { data: { views: [{ viewType: c.viewType }] } });
        const outcome = await dispatchInProcess(['aitable', 'view', 'update', c.sub, ...base, ...c.flags, '--json', JSON.stringify(json)], outputs.env());
        expect(outcome.error?.envelope()).toBeUndefined();
        expect(mcp.calls.map((x) => x.name)).toEqual(['get_views', 'update_view']);
        return outcome.err.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { warning: { reason: string; details: unknown } }).warning);
      };
      expect(await run(c.json)).toEqual(c.keys.map((key) => expect.objectContaining({ reason: 'json_flag_overlap', details: { key } })));
      expect(await run({ other: 1 })).toEqual([]);
    });
  }
});

describe('markdown patch and overwrite route as fetch does: the drive probe\'s error alone decides (resolveMarkdownRoute markdown.go:790-803@c7521c1c)', () => {
  it('patch: a drive probe answering null, false or a list reads the drive copy and sends no doc probe', async () => {
    for (const probe of [null, false, [], rawText('')]) {
      mcp.files['a.md'] = Buffer.from('# hi');
      outputs.answer('drive/get_file_info', probe);
      outputs.answer('drive/download_file', { downloadUrl: `${mcp.base}/files/a.md` });
      const r = await sent(['markdown', 'patch', '--node', 'n1', '--pattern', 'zzz', '--content', 'y', '--yes']);
      expect(r.calls).toEqual([['drive/get_file_info', { fileId: 'n1' }], ['drive/download_file', { fileId: 'n1' }]]);
      expect(r.printed).toMatchObject({ changed: false, match_count: 0 });
    }
  });
  it('patch: a failed drive probe still takes the document route', async () => {
    mcp.files['b.md'] = Buffer.from('# doc');
    outputs.answer('drive/get_file_info', { success: false, errorCode: 'NOT_FOUND', errorMsg: 'no' });
    outputs.answer('doc/get_document_info', null);
    outputs.answer('doc/download_file', { resourceUrl: `${mcp.base}/files/b.md` });
    const r = await sent(['markdown', 'patch', '--node', 'n1', '--pattern', 'zzz', '--content', 'y', '--yes']);
    expect(r.calls.map((c) => c[0])).toEqual(['drive/get_file_info', 'doc/get_document_info', 'doc/get_document_info', 'doc/download_file']);
    expect(r.printed).toMatchObject({ changed: false, match_count: 0 });
  });
  it('overwrite --name: a drive probe answering null uploads to the drive, with no doc probe', async () => {
    outputs.answer('drive/get_file_info', null);
    const r = await sent(['markdown', 'overwrite', '--node', 'n1', '--content', '# new', '--name', 'a.md', '--yes']);
    expect(r.calls.map((c) => c[0]).slice(0, 2)).toEqual(['drive/get_file_info', 'drive/get_upload_info']);
    expect(r.calls.map((c) => c[0])).not.toContain('doc/get_document_info');
  });
});
