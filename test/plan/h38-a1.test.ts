// Session 38 second reading, part a1 (issue 32): where a drawn command still differed from upstream's body at
// c7521c1c, run as a user types it against the recording backend on 127.0.0.1 (notes/h38-a1.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resultOf } from '../../src/backend/transport.js';
import { problemsOf } from './fake-plan.js';
import { useOutputRuns } from './output-runs.js';
import { UNIFIED_DEVAPP_SHORTCUTS } from './devapp-unified.js';

const outputs = useOutputRuns('dws-h38a1-');
const { sent } = outputs;

// newSheetExportCsvCmd (helpers/sheet_export_csv.go:28-104@c7521c1c) is handed to RegisterCrossProductAliases by
// sheet.go:243-252 (standaloneCmds), which registers --doc-id, --file-id and --node-id hidden beside --node
// (cross_product_aliases.go:37); runSheetExportCsv reads --node only (:118-121). A run with --node and one of them
// reads the CSV of --node; one with only them has no --node and is refused before any call.
describe('sheet export-csv: the cross-product node spellings are accepted and ignored (sheet.go:243-252, sheet_export_csv.go:118-121@c7521c1c)', () => {
  const spelling = fc.constantFrom('--doc-id', '--file-id', '--node-id');
  const id = fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/);
  it('beside --node: the CSV of --node is read, the other spelling sent nowhere', async () => {
    await fc.assert(fc.asyncProperty(spelling, id, id, async (flag, node, other) => {
      outputs.answer('sheet/get_range_as_csv', { result: { csv: 'a,b', hasMore: false } });
      const r = await sent(['sheet', 'export-csv', '--node', node, flag, other]);
      expect(r.reason).toBeUndefined();
      expect(r.calls).toEqual([['sheet/get_range_as_csv', { nodeId: node, annotateRowNumbers: false }]]);
      expect(r.printed).toBe('a,b');
    }), { numRuns: 6 });
  });
  it('alone: no --node, refused before any call', async () => {
    const r = await sent(['sheet', 'export-csv', '--doc-id', 'd1']);
    expect(r.reason).toBe('missing_parameter');
    expect(r.calls).toEqual([]);
  });
});

// Sibling (the scanner's constructor case, scripts/scan-upstream-flags.mjs): newSheetCreateWithDataCmd is handed to
// the same loop (sheet.go:243-252@c7521c1c), which registers --parent-id, --parent-folder, --parent-node-id and
// --parent-folder-id hidden beside --folder (cross_product_aliases.go:38); the body reads --folder only
// (sheet_create_with_data.go:103-105), so upstream creates the spreadsheet at the root. dws declares them and refuses
// them for safety before any call, as drive mkdir does (h34-args).
describe('sheet create-with-data: an unread parent spelling is refused before any call (sheet_create_with_data.go:103-105@c7521c1c)', () => {
  it.each(['--parent-id', '--parent-folder', '--parent-node-id', '--parent-folder-id'])('%s', async (flag) => {
    const r = await sent(['sheet', 'create-with-data', '--name', 'n', '--values', '[["a"]]', flag, 'fld1']);
    expect(r.reason).toBe('invalid_parameter');
    expect(r.calls).toEqual([]);
  });
});

// The six devapp shortcuts registered frameworkUnified that print one call (shortcut/devapp/devapp.go:1699-1735@c7521c1c:
// +get, +webapp-get, +robot-get, +version-get, +version-check-approval, +version-status) read it with rt.CallMCP's
// unified branch (shortcut/runner.go:134-147), helpers.CallMCPToolDataOnServer (helpers.go:257-273): the first text that
// is not blank must be JSON (any JSON value passes) or the run fails; no such text is the empty object {}, which
// DevAppCommandResultFromPayload (helpers/devapp.go:1922-1943) prints as a success.
describe('devapp unified shortcuts: the answer is decoded as CallMCPToolDataOnServer decodes it (helpers.go:257-273@c7521c1c)', () => {
  const commands = UNIFIED_DEVAPP_SHORTCUTS;
  const notJson = fc.string({ minLength: 1, maxLength: 20 }).filter((t) => {
    if (t.trim() === '') return false;
    try { JSON.parse(t); return false; } catch { return true; }
  });
  it.each(commands)('%s: a text that is not JSON fails the run after its one call', async (cmd, rpc, flags) => {
    await fc.assert(fc.asyncProperty(notJson, async (text) => {
      outputs.answerText(rpc, text);
      const r = await sent(['devapp', cmd, ...flags]);
      expect(r.reason).toBe('backend_error');
      expect(r.printed).toBeUndefined();
      expect(r.calls.map((c) => c[0])).toEqual([`devapp/${rpc}`]);
    }), { numRuns: 4 });
  });
  it.each(commands)('%s: a blank answer prints the empty object', async (cmd, rpc, flags) => {
    for (const blank of ['', ' \n\t']) {
      outputs.answerText(rpc, blank);
      const r = await sent(['devapp', cmd, ...flags]);
      expect(r.reason).toBeUndefined();
      expect(r.printed).toEqual({});
    }
  });
  it('a JSON answer of any kind still prints as it came (a quoted text, a list, a number)', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(fc.string(), fc.array(fc.integer()), fc.integer()), async (value) => {
      outputs.answerText('get_extension_webapp_config', JSON.stringify(value));
      const r = await sent(['devapp', '+webapp-get', '--unified-app-id', 'u1']);
      expect(r.reason).toBeUndefined();
      expect(r.printed).toEqual(value);
    }), { numRuns: 8 });
  });
});

// The step key of the fix above (docs/PLANS.md "Step kinds", answer_json): `blank_object` is the build's third
// spelling; it is taken on an MCP call only, and any other value is still refused.
describe('answer_json: blank_object (NEW MECHANISM, h38-a1)', () => {
  const step = { id: 'call', server: 'contact', rpc: 'search_user', effect: 'read', args: { keyword: { flag: 'name' } } };
  it('the build takes it on an MCP call, and not on another step or as another word', () => {
    expect(problemsOf({ facts: 't', steps: [{ ...step, answer_json: 'blank_object' }] })).toEqual([]);
    expect(problemsOf({ facts: 't', steps: [{ ...step, answer_json: 'blank' }] }).join()).toContain('blank_object');
    expect(problemsOf({ facts: 't', steps: [step, { id: 'v', value: { const: 1 }, answer_json: 'blank_object' }] }).join()).toContain('answer_json: only on an MCP call');
  });
  it('resultOf: no non-blank text is {}, text that is not JSON is refused, JSON passes as decoded', () => {
    const server: Parameters<typeof resultOf>[1] = { url: 'http://127.0.0.1:1/mcp' };
    const texts = (...t: string[]) => ({ content: t.map((text) => ({ type: 'text', text })) }) as unknown as Parameters<typeof resultOf>[0];
    expect(resultOf(texts(''), server, 'x', { jsonText: 'blank_object' })).toEqual({});
    expect(resultOf(texts(' ', '\n'), server, 'x', { jsonText: 'blank_object' })).toEqual({});
    expect(resultOf({ content: [] } as unknown as Parameters<typeof resultOf>[0], server, 'x', { jsonText: 'blank_object' })).toEqual({});
    expect(() => resultOf(texts('not json'), server, 'x', { jsonText: 'blank_object' })).toThrow(/not JSON/);
    expect(resultOf(texts('"s"'), server, 'x', { jsonText: 'blank_object' })).toBe('s');
    expect(resultOf(texts('[1]'), server, 'x', { jsonText: 'blank_object' })).toEqual([1]);
    // `true` still refuses the blank answer
    expect(() => resultOf(texts(' '), server, 'x', { jsonText: true })).toThrow(/no text that is not blank/);
  });
});
