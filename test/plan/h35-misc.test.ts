// Session 35, the differences earlier helpers noticed and left (notes/h34-a2.md, h34-page.md, h34-json.md,
// h34-alias.md; issue 32): commands run as a user types them against the recording backend on 127.0.0.1, compared with
// upstream's bodies at c7521c1c (notes/h35-misc.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, shippedEngine } from '../helpers.js';
import { helpPath } from '../../src/dispatch/resolve.js';
import { failedRun, useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h35misc-');
const { sent } = outputs;

// normalizeDevAppVersionApproval (helpers/devapp.go:2314-2395@c7521c1c) runs before devAppCommandResult on the
// publish_dev_app_version answer (runDevAppTool :1858-1864; DevAppCommandResultFromPayload :1938-1941; :2306-2307): for
// approvalMode SELECT_APPROVER with an object among approvalCandidates it writes completionState
// WAITING_FOR_APPROVER_SELECTION, mustAskUser, terminal false and a nextSteps publish command, so devAppPendingResult
// (:2208-2240) fails exactly when the answer names no taskId/versionId/unifiedAppId/requestId. `dev app version
// check-approval` sends precheckOnly true and skips devAppPendingResult (:1877-1882).
describe('dev app version publish / devapp +version-check-approval read the SELECT_APPROVER answer upstream normalizes', () => {
  const TOOL = 'devapp/publish_dev_app_version';
  const PENDING_READERS = [
    ['dev', 'app', 'version', 'publish', '--unified-app-id', 'a1', '--version-id', 'v1', '--yes'],
    ['devapp', '+version-check-approval', '--unified-app-id', 'a1', '--version-id', 'v1', '--yes'],
  ];
  const PRECHECK = ['dev', 'app', 'version', 'check-approval', '--unified-app-id', 'a1', '--version-id', 'v1', '--yes'];
  const select = { approvalMode: 'select_approver', approvalCandidates: [{ userId: 'u1', name: '甲' }] };

  for (const argv of PENDING_READERS) {
    it(`${argv.slice(0, 4).join(' ')}: a SELECT_APPROVER answer naming no id is refused (internal_error); naming one it prints the pending state`, async () => {
      outputs.answer(TOOL, { success: true, result: select });
      const bare = await sent(argv);
      expect([bare.reason, bare.calls.length]).toEqual(['internal_error', 1]);
      outputs.answer(TOOL, { success: true, result: { ...select, requestId: 'r1' } });
      const named = await sent(argv);
      expect(named.reason).toBeUndefined();
      expect(named.printed).toMatchObject({ completionState: 'WAITING_FOR_APPROVER_SELECTION', mustAskUser: true, terminal: false, requestId: 'r1' });
    });
    it(`${argv.slice(0, 4).join(' ')}: a pending answer that would have no way on is followed by the synthesized publish command`, async () => {
      // raw: status PENDING, a requestId, no nextSteps, no taskId, no versionId: without the normalization no way on
      outputs.answer(TOOL, { success: true, result: { ...select, status: 'PENDING', requestId: 'r1' } });
      const run = await sent(argv);
      expect(run.reason).toBeUndefined();
      outputs.answer(TOOL, { success: true, result: { approvalMode: 'AUTO', approvalCandidates: [{ userId: 'u1' }], status: 'PENDING', requestId: 'r1' } });
      expect((await sent(argv)).reason).toBe('internal_error');
    });
  }
  it('dev app version check-approval (precheckOnly) prints the same SELECT_APPROVER answer naming no id', async () => {
    outputs.answer(TOOL, { success: true, result: select });
    const run = await sent(PRECHECK);
    expect(run.reason).toBeUndefined();
    expect(run.printed).toMatchObject({ completionState: 'WAITING_FOR_APPROVER_SELECTION' });
  });
  it('for any mode, candidates, ids and raw state: refused exactly when upstream\'s normalized answer is pending without an id or a way on (property)', async () => {
    const ids = ['taskId', 'versionId', 'unifiedAppId', 'requestId'] as const;
    const candidate = fc.oneof(fc.constant({ userId: 'u' }), fc.constant({ name: 'n' }), fc.constant('text'), fc.constant(3));
    const answer = fc.record({
      mode: fc.constantFrom('SELECT_APPROVER', 'Select_Approver', 'AUTO', undefined),
      candidates: fc.option(fc.array(candidate, { maxLength: 3 }), { nil: undefined }),
      present: fc.subarray([...ids]),
      state: fc.constantFrom(undefined, 'PENDING', 'DONE', 'WAITING_X'),
      terminal: fc.boolean(),
    });
    await fc.assert(fc.asyncProperty(fc.constantFrom(...PENDING_READERS), answer, async (argv, a) => {
      const result: Record<string, unknown> = {};
      if (a.mode !== undefined) result.approvalMode = a.mode;
      if (a.candidates !== undefined) result.approvalCandidates = a.candidates;
      if (a.state !== undefined) result.status = a.state;
      if (a.terminal) result.terminal = true;
      for (const k of a.present) result[k] = `${k}-1`;
      outputs.answer(TOOL, { success: true, result });
      const run = await sent(argv);
      // upstream, read from the source: normalizeDevAppVersionApproval then devAppPendingResult
      const selects = a.mode?.toUpperCase() === 'SELECT_APPROVER' && (a.candidates ?? []).some((c) => typeof c === 'object');
      const state = selects ? 'WAITING_FOR_APPROVER_SELECTION' : (a.state ?? '');
      const pending = ['PENDING'].includes(state) || state.startsWith('WAITING_');
      const hasId = a.present.length > 0;
      const wayOn = selects || a.present.includes('taskId') || (a.present.includes('unifiedAppId') && a.present.includes('versionId'));
      expect(run.reason).toBe(pending && (!hasId || !wayOn) ? 'internal_error' : undefined);
    }), { numRuns: 60 });
  });
});

// devapp +list / +permission-list / +event-list / +version-list: rt.Output stores the projection through resultForPayload
// -> DevAppCommandResultFromPayload (shortcut/runner.go:319-338; helpers/devapp.go:1922-1943@c7521c1c), whose
// devAppPaginationMeta (:2005-2045) reads the projection's hasMore/nextCursor (devAppListProjection
// shortcut/devapp/devapp.go:1406-1441: those of the first object holding either): a contradiction fails (type api)
describe('devapp list shortcuts check the projected hasMore / nextCursor as devAppPaginationMeta does', () => {
  const LISTS = [
    { argv: ['devapp', '+list'], tool: 'devapp/list_dev_app', key: 'apps' },
    { argv: ['devapp', '+permission-list', '--unified-app-id', 'a1'], tool: 'devapp/list_dev_app_permissions', key: 'permissions' },
    { argv: ['devapp', '+event-list', '--unified-app-id', 'a1'], tool: 'devapp/list_dev_app_events', key: 'events' },
    { argv: ['devapp', '+version-list', '--unified-app-id', 'a1'], tool: 'devapp/list_dev_app_versions', key: 'versions' },
  ] as const;
  for (const l of LISTS) {
    it(`${l.argv[1]}: a hasMore that is no boolean, a nextCursor that is no text, more without a cursor, a blank cursor alone are refused`, async () => {
      for (const marks of [{ hasMore: 'true' }, { hasMore: null }, { hasMore: true }, { hasMore: true, nextCursor: ' ' }, { nextCursor: '' }, { nextCursor: 5 }, { hasMore: false, nextCursor: null }]) {
        outputs.answer(l.tool, { result: { list: [], ...marks } });
        const run = await sent([...l.argv]);
        expect([marks, run.reason, run.calls.length]).toEqual([marks, 'backend_error', 1]);
      }
    });
    it(`${l.argv[1]}: a consistent or absent pair prints; only the first object holding either is read`, async () => {
      for (const marks of [{}, { hasMore: false, nextCursor: '' }, { hasMore: true, nextCursor: 'c2' }, { nextCursor: 'c2' }]) {
        outputs.answer(l.tool, { list: [], ...marks });
        const run = await sent([...l.argv]);
        expect([marks, run.reason]).toEqual([marks, undefined]);
        expect(run.printed).toEqual({ count: 0, [l.key]: [], ...marks });
      }
      outputs.answer(l.tool, { hasMore: false, result: { hasMore: 'x' }, list: [] });
      expect((await sent([...l.argv])).reason).toBeUndefined();
    });
  }
  it('for any hasMore and nextCursor at any place: refused exactly when devAppPaginationMeta errs on the first holder (property)', async () => {
    const mark = fc.oneof(fc.constant(undefined), fc.constantFrom(true, false, null, 'true', 0, '', ' ', 'c', 7));
    const place = fc.constantFrom('', 'content', 'result', 'data', 'result.data', 'content.result');
    await fc.assert(fc.asyncProperty(fc.constantFrom(...LISTS), mark, mark, place, async (l, hasMore, nextCursor, at) => {
      const holder: Record<string, unknown> = { list: [] };
      if (hasMore !== undefined) holder.hasMore = hasMore;
      if (nextCursor !== undefined) holder.nextCursor = nextCursor;
      let answer: Record<string, unknown> = holder;
      for (const k of at.split('.').filter(Boolean).reverse()) answer = { [k]: answer };
      outputs.answer(l.tool, answer);
      const run = await sent([...l.argv]);
      // devAppPaginationMeta (helpers/devapp.go:2005-2045@c7521c1c), read from the source
      const hasFlag = hasMore !== undefined;
      const hasCursor = nextCursor !== undefined;
      let fails = false;
      if (hasFlag && typeof hasMore !== 'boolean') fails = true;
      else if (hasCursor && typeof nextCursor !== 'string') fails = true;
      else if (hasFlag || hasCursor) {
        const cursor = typeof nextCursor === 'string' ? nextCursor.trim() : '';
        fails = hasMore === true ? cursor === '' : !hasFlag && cursor === '';
      }
      expect(run.reason).toBe(fails ? 'backend_error' : undefined);
    }), { numRuns: 60 });
  });
});

// The spellings RegisterCrossProductAliases registers on these commands that their bodies never read (doc.go:4442,
// :4497, :4297; drive.go:2200, :2606-2615, :2753-2765, :2820-2824, :2872-2876; wiki.go:705@c7521c1c): accepted and
// ignored (h34-args removed the plans' refusals; checked here as a user types them)
describe('never-read hidden spellings are accepted and ignored: the call is the one sent without them', () => {
  const CASES: [string[], string[]][] = [
    [['doc', 'template', 'list'], ['--page-size', '5']],
    [['doc', 'template', 'search', '--query', 'q'], ['--page-size', '5']],
    [['doc', 'version', 'list', '--node', 'n1'], ['--page-size', '5']],
    [['drive', 'permission', 'list', '--node', 'n1'], ['--page-size', '5']],
    [['drive', 'recycle', 'list'], ['--page-size', '5']],
    [['wiki', 'member', 'list', '--workspace', 'w1'], ['--page-size', '5']],
    [['drive', 'publish', 'get', '--node', 'n1'], ['--doc-id', 'd9']],
    [['drive', 'publish', 'set', '--node', 'n1', '--yes'], ['--doc-id', 'd9']],
    [['drive', 'publish', 'unset', '--node', 'n1', '--yes'], ['--doc-id', 'd9']],
  ];
  for (const [argv, extra] of CASES) {
    it(`${argv.slice(0, 3).join(' ')} ${extra[0]}`, async () => {
      const plain = await sent(argv);
      const spelled = await sent([...argv, ...extra]);
      expect(plain.calls.length).toBe(1);
      expect([spelled.reason, spelled.calls]).toEqual([plain.reason, plain.calls]);
    });
  }
  it('drive publish get --doc-id alone is a missing --node (mustFlagOrFallback(node, url, id, node-id, file-id), drive.go:2872)', async () => {
    const run = await sent(['drive', 'publish', 'get', '--doc-id', 'd9']);
    expect([run.reason, run.calls]).toEqual(['missing_parameter', []]);
  });
});

// aitable +record-upsert-by-key: verifyRecordCells (record_upsert_by_key.go:315-326@c7521c1c) writes the record id with
// %q and got/want with %#v of the decoded values (cells json.Unmarshal'd, aitable.go:41-47; the read-back too,
// runner.go:255-271): the failure payload's verification.error carries that text
describe('aitable +record-upsert-by-key read-back errors are written as Go\'s %q and %#v', () => {
  const base = ['aitable', '+record-upsert-by-key', '--base-id', 'b', '--table-id', 't', '--key-field-id', 'fK', '--key-value', 'K1', '--yes'];
  const verification = async (cells: string, readBack: Record<string, unknown>) => {
    outputs.mcp.answers['aitable/query_records'] = (_args, n) => (n === 0 ? { data: { records: [] } } : { data: { records: [readBack] } });
    outputs.answer('aitable/create_records', { success: true, data: { recordIds: ['r1'] } });
    const got = failedRun(await dispatchInProcess([...base, '--cells', cells], outputs.env()));
    return (got.details as { result: { verification: { error: string } } }).result.verification.error;
  };
  it('a map, a list holding null, a small and a large number, and a missing field print as Go\'s %#v', async () => {
    expect(await verification('{"fM":{"b":[1,null,"x\\n"],"a":true}}', { recordId: 'r1', cells: { fK: 'K1', fM: { a: false } } }))
      .toBe('read-back mismatch for field fM: got map[string]interface {}{"a":false}, want map[string]interface {}{"a":true, "b":[]interface {}{1, interface {}(nil), "x\\n"}}');
    expect(await verification('{"fS":1e-7}', { recordId: 'r1', cells: { fK: 'K1', fS: 2e21 } })).toBe('read-back mismatch for field fS: got 2e+21, want 1e-07');
    expect(await verification('{"fS":[]}', { recordId: 'r1', cells: { fK: 'K1' } })).toBe('read-back mismatch for field fS: got <nil>, want []interface {}{}');
  });
  it('a read-back record without cells names its id as %q', async () => {
    expect(await verification('{"fS":"x"}', { recordId: 'r"1\t' })).toBe('read-back record "r\\"1" is missing cells');
  });
});

// h36-left (issue 32): the key value is compared as Go's reflect.DeepEqual compares it. --key-value-json keeps a number
// as json.Number (recordKeyValue decoder.UseNumber, record_upsert_by_key.go:184-198@c7521c1c) while --cells and the
// read-back decode numbers as float64 (aitable.go:41-47, runner.go:255-271), so a numeric key never equals them: a key
// field in --cells is then key_value_conflict before any call (:96-101), and the read-back after the write always
// differs (verifyRecordCells :315-326, want %#v of the json.Number: its text quoted). A key field holding null in
// --cells is present (Go's `_, present := cells[k]`) and differs from any key value.
const mcpTools = (o: typeof outputs) => o.mcp.calls.map((c) => c.name);

describe('aitable +record-upsert-by-key compares the key value as upstream (json.Number, a present null)', () => {
  const base = ['aitable', '+record-upsert-by-key', '--base-id', 'b', '--table-id', 't', '--key-field-id', 'fK', '--yes'];
  it('a key field in --cells conflicts with a numeric --key-value-json, and a null one with any key value: refused before any call', async () => {
    const got = [];
    for (const more of [['--cells', '{"fK":5}', '--key-value-json', '5'], ['--cells', '{"fK":"5"}', '--key-value-json', '5'], ['--cells', '{"fK":null}', '--key-value', 'K1'], ['--cells', '{"fK":null}', '--key-value-json', 'true']]) {
      const r = await outputs.sent([...base, ...more]);
      got.push([r.reason, r.calls.length]);
    }
    expect(got).toEqual(Array.from({ length: 4 }, () => ['invalid_parameter', 0]));
    // the same text or bool is no conflict (string and bool compare equal)
    outputs.mcp.answers['aitable/query_records'] = (_args, n) => (n === 0 ? { data: { records: [] } } : { data: { records: [{ recordId: 'r1', cells: { fK: true } }] } });
    outputs.answer('aitable/create_records', { success: true, data: { recordIds: ['r1'] } });
    expect((await outputs.sent([...base, '--cells', '{"fK":true}', '--key-value-json', 'true'])).reason).toBeUndefined();
  });
  it('a numeric --key-value-json is written, and its read-back differs: the key as typed, quoted, is what was wanted', async () => {
    outputs.mcp.answers['aitable/query_records'] = (_args, n) => (n === 0 ? { data: { records: [] } } : { data: { records: [{ recordId: 'r1', cells: { fK: 5, fS: 'x' } }] } });
    outputs.answer('aitable/create_records', { success: true, data: { recordIds: ['r1'] } });
    const outcome = await dispatchInProcess([...base, '--cells', '{"fS":"x"}', '--key-value-json', '5.0'], outputs.env());
    expect(mcpTools(outputs)).toEqual(['query_records', 'create_records', 'query_records']);
    const got = failedRun(outcome);
    expect(got.reason).toBe('partial_outcome');
    expect((got.details as { result: { verification: { error: string } } }).result.verification.error).toBe('read-back mismatch for field fK: got 5, want "5.0"');
  });
});

// A printed Go map orders every level's keys by their bytes (json.Marshal of a map[string]any): aitable
// +record-upsert-by-key's failure payload carries the write's answer as a map (compositeStep.Result, record_upsert_by_key.go:133-134@c7521c1c)
describe('an output sorted as a Go map prints numeral keys in Go\'s order', () => {
  it('+record-upsert-by-key: a write answer {"9", "10", "a"} is carried as {"10", "9", "a"}', async () => {
    outputs.mcp.answers['aitable/query_records'] = (_args, n) => (n === 0 ? { data: { records: [] } } : { data: { records: [{ recordId: 'r1', cells: { fK: 'K1', fS: 'y' } }] } });
    outputs.answer('aitable/create_records', { success: true, data: { a: 1, 9: 2, 10: 3 } });
    const outcome = await dispatchInProcess(['aitable', '+record-upsert-by-key', '--base-id', 'b', '--table-id', 't', '--key-field-id', 'fK', '--key-value', 'K1', '--cells', '{"fS":"x"}', '--yes'], outputs.env());
    expect(outcome.error?.envelope()).toContain('"result":{"data":{"10":3,"9":2,"a":1},"success":true}');
  });
});

// whiteboard update: loadWhiteboardUpdateFile decodes the file into whiteboardUpdateFile with DisallowUnknownFields
// (helpers/whiteboard.go:26-35, :220-226@c7521c1c): keys match the fields ignoring case, a repeated `source` decodes
// into the one *whiteboardOpenSource (merged; null clears it), a repeated scalar's last value wins
describe('whiteboard update reads its file as Go decodes it into the struct', () => {
  const argv = ['whiteboard', 'update', '--node', 'D1', '--part-id', 'P1', '--source', 'wb.json', '--yes'];
  const send = async (file: string) => {
    outputs.answer('whiteboard/update_whiteboard', { resultJson: '{}' });
    const run = await sent(argv, { 'wb.json': file });
    return run.reason ?? run.calls.map(([, a]) => a);
  };
  it('keys in any case are the fields', async () => {
    expect(await send('{"Overwrite": true, "SOURCE": {"SchemaVersion": "1.0", "CATALOGVERSION": "dml-v1", "Nodes": [ {"a": 1} ]}}'))
      .toEqual([{ mode: 'overwrite', nodeId: 'D1', nodes: '[{"a":1}]', partId: 'P1' }]);
  });
  it('a repeated source merges into one; a repeated overwrite or nodes keeps its last value', async () => {
    expect(await send('{"overwrite": true, "source": {"schemaVersion": "1.0", "nodes": [{"x": 1}]}, "source": {"catalogVersion": "dml-v1"}, "overwrite": false}'))
      .toEqual([{ mode: 'append', nodeId: 'D1', nodes: '[{"x":1}]', partId: 'P1' }]);
    expect(await send('{"source": {"schemaVersion": "1.0", "catalogVersion": "dml-v1", "nodes": [], "nodes": [{"y": 2}]}}'))
      .toEqual([{ mode: 'append', nodeId: 'D1', nodes: '[{"y":2}]', partId: 'P1' }]);
  });
  it('a null source after one clears it; an unknown key, a wrong type or a second value is refused', async () => {
    for (const file of [
      '{"source": {"schemaVersion": "1.0", "catalogVersion": "dml-v1", "nodes": [{}]}, "source": null}',
      '{"source": {"schemaVersion": "1.0", "catalogVersion": "dml-v1", "nodes": [{}], "extra": 1}}',
      '{"overwrite": "true", "source": {"schemaVersion": "1.0", "catalogVersion": "dml-v1", "nodes": [{}]}}',
      '{"source": {"schemaVersion": "1.0", "catalogVersion": "dml-v1", "nodes": [{}]}} {}',
    ]) expect([file, await send(file)]).toEqual([file, 'invalid_parameter']);
  });
});

// dws help <words>: upstream's help command (app/root_help.go:31-44@c7521c1c) runs Root().Find(words): the deepest
// command or group the words reach, no path fallback (`help chat +members` is chat's help; `chat +members --help`
// goes through the fallback to +group-members)
describe('dws help <words> finds the deepest command or group as Root().Find does', () => {
  const e = shippedEngine();
  it('a fallback word after a group stops at the group; a leaf keeps its path whatever follows', () => {
    expect(helpPath(['chat', '+members'], e)).toEqual(['chat']);
    expect(helpPath(['chat', 'message', 'send', 'extra'], e)).toEqual(['chat', 'message', 'send']);
    expect(helpPath(['zzz', 'chat'], e)).toBeUndefined();
  });
  it('for any visible command and any word that names nothing after its group or after it (property)', () => {
    const tools = e.tools().filter((t) => t.visibility === 'visible' && t.cli_path.split(' ').length >= 2);
    fc.assert(fc.property(fc.constantFrom(...tools), fc.stringMatching(/^\+?zz[a-z]{0,4}$/), (t, word) => {
      const path = t.cli_path.split(' ');
      expect(helpPath([...path, word], e)).toEqual(path);
      expect(helpPath([...path.slice(0, -1), word], e)).toEqual(path.slice(0, -1));
    }), { numRuns: 100 });
  });
});
