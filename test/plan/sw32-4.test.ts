// Session 32 sweep, share 4 (issue 32): the commands of notes/sw32-4.md where dws differed from upstream's bodies at
// c7521c1c, run as a user types them against the recording backend on 127.0.0.1.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorOf, runCliAsync } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';
import { rawText } from '../fixtures/mcp/server.js';

const outputs = useOutputRuns('dws-sw32-4-');
const { sent } = outputs;

describe('aitable +record-share-links: each batch read by rt.CallMCPData, each item through recordShareItems (smart/record_share_links.go:100-138, :164-208, runner.go:255-271@c7521c1c)', () => {
  const argv = ['aitable', '+record-share-links', '--base', 'b', '--table', 't', '--record-ids', 'r1'];

  it('an answer that is a list or a non-blank text fails that batch: listed in errors, exit 0, items empty', async () => {
    for (const answer of [[{ items: [{ recordId: 'r1', shareUrl: 'u' }] }], 'not json']) {
      outputs.answer('aitable-helper/get_record_share_url', answer);
      const r = await sent(argv);
      expect(r.reason).toBeUndefined();
      const printed = r.printed as { items: unknown[]; errors?: { recordIds: string[] }[] };
      expect([printed.items, printed.errors?.map((e) => e.recordIds)]).toEqual([[], [['r1']]]);
    }
  });

  it('null and blank answers are empty maps: no items, no errors', async () => {
    for (const answer of [null, rawText(' ')]) {
      outputs.answer('aitable-helper/get_record_share_url', answer);
      const r = await sent(argv);
      expect(r.printed).toEqual({ base: 'b', batches: 1, items: [], table: 't', total: 1 });
    }
  });

  it('shareUrl is the first of shareUrl/share_url/url that is present, a null one kept (firstAny)', async () => {
    outputs.answer('aitable-helper/get_record_share_url', {
      items: [{ recordId: 'r1', shareUrl: null, url: 'u1' }, { record_id: 'r2', share_url: null, url: 'u2' }, { id: 'r3', url: 'u3' }, { recordId: 'r4' }],
    });
    const r = await sent(argv);
    expect((r.printed as { items: unknown[] }).items).toEqual([
      { recordId: 'r1', shareUrl: null }, { recordId: 'r2', shareUrl: null }, { recordId: 'r3', shareUrl: 'u3' }, { recordId: 'r4', shareUrl: null },
    ]);
  });
});

describe('aitable +template-search: resolveNamedList refuses an answer where no container holds a list (shortcut/aitable/aitable.go:67-105, :1075-1108@c7521c1c)', () => {
  const run = async (answer: unknown) => {
    outputs.answer('aitable/search_templates', answer);
    const r = await sent(['aitable', '+template-search', '--query', '周报']);
    return [r.reason, r.printed];
  };

  it('a container holding text, null or an object without a list: backend_error, nothing printed', async () => {
    const refused = ['backend_error', undefined];
    expect([await run({ templates: {} }), await run({ templates: { foo: 1 } }), await run({ templates: 'x' }), await run({ data: null })])
      .toEqual([refused, refused, refused, refused]);
  });

  it('an empty list is a list; a bad key before a good one is passed over', async () => {
    expect(await run({ templates: [] })).toEqual([undefined, { count: 0, templates: [] }]);
    expect(await run({ templates: { list: 5, items: [{ template_id: 'a' }] } })).toEqual([undefined, { count: 1, templates: [{ templateId: 'a' }] }]);
    expect(await run({ templates: 'x', data: { list: [{ id: 7, name: null }] } })).toEqual([undefined, { count: 1, templates: [{ templateId: 7, templateName: null }] }]);
  });
});

describe('aitable +table-copy: the declarations, checks, target id, read-back and summary of executeTableCopy (shortcut/aitable/table_copy.go:52-160, :207-233, base_composite.go:281-394, composite_output.go:14-53@c7521c1c)', () => {
  const argv = ['aitable', '+table-copy', '--source-base-id', 'b1', '--source-table-id', 't1', '--target-base-id', 'b2', '--new-name', '副本', '--yes'];
  const source = { data: { fields: [
    { fieldId: 'f1', fieldName: '名称', type: 'text', config: null },
    { fieldId: 'f2', name: '公式', type: 'Formula' },
    { id: 'f3', name: '数', fieldType: 'number', aiConfig: { x: 1 } },
  ] } };

  it('declares {fieldName, type, config/aiConfig when there} from either spelling, skips types ignoring case, reads the id anywhere, prints the composite summary', async () => {
    outputs.answersInTurn('aitable/get_fields', source, { data: { fields: [{ fieldId: 'g1', fieldName: '名称' }, { fieldId: 'g3', name: '数' }] } });
    outputs.answer('aitable/create_table', { data: { table: { TableId: ' t9 ' } } });
    const r = await sent(argv);
    expect(r.calls).toEqual([
      ['aitable/get_fields', { baseId: 'b1', tableId: 't1' }],
      ['aitable/create_table', { baseId: 'b2', tableName: '副本', fields: [{ fieldName: '名称', type: 'text', config: null }, { fieldName: '数', type: 'number', aiConfig: { x: 1 } }] }],
      ['aitable/get_fields', { baseId: 'b2', tableId: 't9' }],
    ]);
    expect(r.printed).toEqual({
      contractVersion: 'aitable.composite.v1', operation: 'table_copy', status: 'success', executed: true, retryable: false,
      resolved: { sourceBaseId: 'b1', sourceTableId: 't1', targetBaseId: 'b2', targetTableId: 't9' },
      plan: [{ index: 1, name: 'create target table', tool: 'create_table', status: 'planned', count: 2 }],
      completedSteps: [{ index: 1, name: 'create target table', tool: 'create_table', status: 'completed', count: 2, result: { tableId: 't9' } }],
      verification: { status: 'verified', fieldCount: 2, recordCount: 0 },
      knownSideEffects: [{ tool: 'create_table', baseId: 'b2', tableId: 't9' }],
      warnings: ['skipped field "公式" (Formula): formula references field names and may be unsupported by the service'],
      result: { targetBaseId: 'b2', targetTableId: 't9', fieldCount: 2, recordCount: 0 },
    });
  });

  it('a source field without a fieldId, a name or a type (an empty first text counts as none) is refused before any write', async () => {
    for (const field of [{ fieldId: 'f1', type: 'text' }, { fieldId: 'f1', fieldName: '', name: 'x', type: 'text' }, { fieldName: 'x', fieldType: 'text' }]) {
      outputs.answer('aitable/get_fields', { fields: [field] });
      const r = await sent(argv);
      expect([r.reason, r.calls.map((c) => c[0])]).toEqual(['backend_error', ['aitable/get_fields']]);
    }
  });

  it('a create_table answer without a table id ends the run after the write; a read-back missing a copied field fails it', async () => {
    outputs.answer('aitable/get_fields', { fields: [{ fieldId: 'f1', fieldName: 'A', type: 'text' }] });
    outputs.answer('aitable/create_table', { data: { ok: true } });
    const noId = await sent(argv);
    expect([noId.reason, noId.calls.map((c) => c[0])]).toEqual(['partial_outcome', ['aitable/get_fields', 'aitable/create_table']]);
    outputs.answersInTurn('aitable/get_fields', { fields: [{ fieldId: 'f1', fieldName: 'A', type: 'text' }] }, { fields: [{ fieldId: 'g1', fieldName: 'B' }] });
    outputs.answer('aitable/create_table', { tableId: 't9' });
    const missing = await sent(argv);
    expect([missing.reason, missing.printed]).toEqual(['partial_outcome', undefined]);
  });
});

describe('dev connect restart: the connector directory key is sanitizeLockID\'s, one _ per code point (helpers/connect_daemon.go:114-122, connect_lock.go:64-72@c7521c1c)', () => {
  it('a --robot-client-id holding an astral character finds the record upstream wrote under one _', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dws-sw32-4-connect-'));
    const dir = path.join(root, 'state', 'connect', 'bot_1');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'daemon-state.json'), JSON.stringify({ pid: 0, clientId: 'bot\u{1F600}1' }));
    const env = { DWS_STATE_DIR: path.join(root, 'state'), DWS_CONFIG_DIR: path.join(root, 'config'), DWS_CONFIG: '/nonexistent/dws.json' };
    const r = await runCliAsync(['dev', 'connect', 'restart', '--robot-client-id', 'bot\u{1F600}1'], '', env);
    // the record is found (so the refusal is about its missing unifiedAppId, not a missing record)
    expect(errorOf(r.stderr)).toMatchObject({ reason: 'local_state_missing', message: expect.stringContaining('bot_1 has no recorded unifiedAppId') });
  });
});

describe('markdown diff: prints computeUnifiedDiff\'s result, the anchored unified diff of the two sides (helpers/markdown_diff.go:146-174, :316-365, diff_engine.go:59-282@c7521c1c)', () => {
  const { mcp } = outputs;
  const links = (version: string, latest: string) => {
    outputs.answer('drive/get_file_info', { result: { name: 'a.md', extension: 'md' } });
    outputs.answer('drive/download_file_version', { result: { resourceUrl: `${mcp.base}/files/${version}` } });
    outputs.answer('drive/download_file', { result: { resourceUrl: `${mcp.base}/files/${latest}` } });
  };

  it('a version against the latest: mode remote_vs_remote, the hunks with 3 context lines and their counts', async () => {
    mcp.files['v1.md'] = Buffer.from('1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n14½\n15\n16\n17\n18\n19\n20\n');
    mcp.files['latest.md'] = Buffer.from('1\n2\n3\n4\n5\n6\n8\n9\n10\n11\n12\n13\n14\n17\n18\n19\n20\n');
    links('v1.md', 'latest.md');
    const r = await sent(['markdown', 'diff', '--node', 'n1', '--version', '1']);
    expect(r.printed).toEqual({
      mode: 'remote_vs_remote', changed: true, added_lines: 0, deleted_lines: 4, hunks: 2,
      diff: 'diff left right\n--- left\n+++ right\n@@ -4,7 +4,6 @@\n 4\n 5\n 6\n-7\n 8\n 9\n 10\n@@ -12,9 +11,6 @@\n 12\n 13\n 14\n-14½\n-15\n-16\n 17\n 18\n 19\n',
    });
  });

  it('the latest against a local file, --context 0, a missing last newline noted; equal texts print changed false and an empty diff', async () => {
    mcp.files['latest.md'] = Buffer.from('w\na\nb\nc\n');
    links('latest.md', 'latest.md');
    const r = await sent(['markdown', 'diff', '--node', 'n1', '--file', 'mine.md', '--context', '0'], { 'mine.md': 'w\na\nB\nc' });
    expect(r.printed).toEqual({
      mode: 'remote_vs_local', changed: true, added_lines: 2, deleted_lines: 2, hunks: 1,
      diff: 'diff left right\n--- left\n+++ right\n@@ -3,2 +3,2 @@\n-b\n-c\n+B\n+c\n\\ No newline at end of file\n',
    });
    const same = await sent(['markdown', 'diff', '--node', 'n1', '--file', 'mine.md'], { 'mine.md': 'w\na\nb\nc\n' });
    expect(same.printed).toEqual({ mode: 'remote_vs_local', changed: false, added_lines: 0, deleted_lines: 0, hunks: 0, diff: '' });
  });
});
