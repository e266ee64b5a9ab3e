// doc shortcuts printing upstream's doc.operation.v1 envelope (docEnvelope, doc/common.go:145-157@c7521c1c; issue 32,
// f-doc8): +version-revert / +history-revert with upstream's version check and proof, +inspect, +update, +media-list,
// and the answers upstream's CallMCPData cannot decode. Run as a user types them against the recording backend on
// 127.0.0.1; the whole printed object compared.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useMcpServer, recordingEnv } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

async function run(argv: string[]) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dws-doc8-'));
  const outcome = await dispatchInProcess(argv, {
    ...recordingEnv(mcp.urlTemplate, 't'),
    DWS_FILE_ROOT: root, DWS_JOURNAL: path.join(root, 'journal.jsonl'), DWS_STATE_DIR: path.join(root, 'state'),
  });
  const calls = mcp.calls.map((c) => ({ tool: c.name, arguments: c.arguments }));
  mcp.calls.length = 0;
  return { reason: outcome.error?.reason, printed: outcome.out ? (JSON.parse(outcome.out) as { result: Record<string, unknown> }).result : undefined, calls, error: outcome.error };
}
const envelope = (operation: string, data: unknown, steps: unknown) => ({
  compensation: { available: false, reason: '' }, complete: true, contractVersion: 'doc.operation.v1',
  data, ok: true, operation, status: 'success', steps, warnings: [],
});
const ok = (...names: string[]) => names.map((name) => ({ name, status: 'success' }));

const revertSteps = ok('preflight', 'revert', 'verify');
const revertArgv = (cmd: string) => ['doc', cmd, '--node', 'D1', '--version', '3', '--yes'];

describe('doc +version-revert checks the version, reverts, and prints the proven revert (history_template_shortcuts.go:151-207@c7521c1c)', () => {
  it('pages the versions by docPageState until one names the version, then reverts, reads back and prints the envelope', async () => {
    mcp.answers['doc/list_doc_versions'] = (_a, n) => (n === 0 ? { data: { items: [{ revision: '2' }], hasMore: true, nextPageToken: ' c2 ' } } : { result: { list: [{ versionNumber: ' 3 ' }] } });
    mcp.answers['doc/revert_doc_version'] = () => ({ success: true, result: { restoredVersion: 3 } });
    mcp.answers['doc/get_document_info'] = () => ({ result: { title: 'T' } });
    const r = await run(revertArgv('+version-revert'));
    expect(r).toEqual({
      reason: undefined, error: undefined,
      printed: envelope('doc.history_revert', {
        // h56-wd: the read-back stamped by the runner (app/runner.go:774-783@c7521c1c); the revert answer has its success
        current: { result: { title: 'T' }, success: true }, revertResult: { success: true, result: { restoredVersion: 3 } },
        verification: 'target_version_proven', verified: true, version: 3,
      }, revertSteps),
      calls: [
        { tool: 'list_doc_versions', arguments: { nodeId: 'D1' } },
        { tool: 'list_doc_versions', arguments: { nodeId: 'D1', nextCursor: 'c2' } },
        { tool: 'revert_doc_version', arguments: { nodeId: 'D1', version: 3 } },
        { tool: 'get_document_info', arguments: { nodeId: 'D1' } },
      ],
    });
  });

  it('+history-revert runs the same body and prints the same envelope; the read-back alone may prove the version, a null revert answer stays null', async () => {
    mcp.answers['doc/list_doc_versions'] = () => ({ versions: [{ version: 3 }] });
    mcp.answers['doc/revert_doc_version'] = () => null;
    mcp.answers['doc/get_document_info'] = () => ({ result: { restored_from_version: '3' } });
    const r = await run(revertArgv('+history-revert'));
    expect({ reason: r.reason, printed: r.printed, tools: r.calls.map((c) => c.tool) }).toEqual({
      reason: undefined,
      printed: envelope('doc.history_revert', {
        current: { result: { restored_from_version: '3' }, success: true }, revertResult: null,
        verification: 'target_version_proven', verified: true, version: 3,
      }, revertSteps),
      tools: ['list_doc_versions', 'revert_doc_version', 'get_document_info'],
    });
  });

  it('refuses a version no page names (hasMore false, or neither hasMore nor a cursor) before any write, as a validation error', async () => {
    for (const page of [{ result: { versions: [{ version: 2 }], hasMore: false, nextCursor: 'c9' } }, { versions: [{ version: 2 }] }, '', null]) {
      mcp.answers['doc/list_doc_versions'] = () => page;
      const r = await run(revertArgv('+version-revert'));
      expect({ page, reason: r.reason, tools: r.calls.map((c) => c.tool) }).toEqual({ page, reason: "invalid_parameter", tools: ["list_doc_versions"] });
    }
  });

  it('stops without writing when a page says more but gives no cursor, repeats a cursor, or 20 pages pass without the version', async () => {
    const cases: [(a: unknown, n: number) => unknown, string, number][] = [
      [() => ({ hasMore: true, nextCursor: '  ' }), 'pages_incomplete', 1],
      [(_a, n) => ({ result: { hasMore: true, nextCursor: n === 0 ? 'a' : n === 1 ? 'b' : 'a' } }), 'pages_incomplete', 3],
      [(_a, n) => ({ nextCursor: `c${n}` }), 'backend_error', 20],
    ];
    for (const [answer, reason, pages] of cases) {
      mcp.answers['doc/list_doc_versions'] = answer as (a: Record<string, unknown>, n: number) => unknown;
      const r = await run(revertArgv('+version-revert'));
      expect({ reason: r.reason, tools: r.calls.map((c) => c.tool) }).toEqual({ reason, tools: Array(pages).fill('list_doc_versions') });
    }
  });

  it('after the revert, an answer pair that does not prove the target (no evidence, an explicit failure, evidence only under an echo key) is a partial outcome', async () => {
    mcp.answers['doc/list_doc_versions'] = () => ({ versions: [{ version: 3 }] });
    mcp.answers['doc/get_document_info'] = () => ({ result: { version: 3, params: { sourceVersion: 3 } } });
    for (const answer of [{ success: true }, { targetVersion: 3, status: 'FAILED' }, { args: { targetVersion: 3 } }]) {
      mcp.answers['doc/revert_doc_version'] = () => answer;
      const r = await run(revertArgv('+version-revert'));
      expect({ reason: r.reason, printed: r.printed, tools: r.calls.map((c) => c.tool) })
        .toEqual({ reason: 'partial_outcome', printed: undefined, tools: ['list_doc_versions', 'revert_doc_version', 'get_document_info'] });
    }
    // lead-s32: a top-level code or errorCode other than 0/ok/success/succeed fails the write's answer on upstream's
    // helper path (CallMCPWriteData -> parseMCPToolTextResult -> isBusinessError, helpers.go:598-660@c7521c1c), before
    // the revert is judged: the write's own failure, nothing read back
    for (const answer of [{ targetVersion: 3, code: '500' }, { targetVersion: 3, errorCode: 'E_DENIED' }]) {
      mcp.answers['doc/revert_doc_version'] = () => answer;
      const r = await run(revertArgv('+version-revert'));
      expect({ reason: r.reason, printed: r.printed, tools: r.calls.map((c) => c.tool) })
        .toEqual({ reason: 'business_error', printed: undefined, tools: ['list_doc_versions', 'revert_doc_version'] });
    }
    mcp.answers['doc/revert_doc_version'] = () => ({ data: { revertedToVersion: 3, code: 200, ok: 'true' } });
    expect((await run(revertArgv('+version-revert'))).reason).toBeUndefined();
  });

  it('fails, without reading back, on a revert answer that does not decode into an object (a list, a number, a text)', async () => {
    mcp.answers['doc/list_doc_versions'] = () => ({ versions: [{ version: 3 }] });
    for (const answer of [[{ targetVersion: 3 }], 7, 'reverted']) {
      mcp.answers['doc/revert_doc_version'] = () => answer;
      const r = await run(revertArgv('+version-revert'));
      expect({ reason: r.reason, tools: r.calls.map((c) => c.tool) }).toEqual({ reason: 'backend_error', tools: ['list_doc_versions', 'revert_doc_version'] });
    }
  });

  it('fails before any write on a versions page that does not decode into an object', async () => {
    mcp.answers['doc/list_doc_versions'] = () => [{ version: 3 }];
    const r = await run(revertArgv('+version-revert'));
    expect({ reason: r.reason, tools: r.calls.map((c) => c.tool) }).toEqual({ reason: 'backend_error', tools: ['list_doc_versions'] });
  });
});

describe('doc +inspect prints its reads in the envelope (content_shortcuts.go:281-331@c7521c1c)', () => {
  it('wraps {document} with the one step get_document_info when nothing is opted in', async () => {
    mcp.answers['doc/get_document_info'] = () => ({ result: { title: 'T' } });
    const r = await run(['doc', '+inspect', '--node', 'D1']);
    expect({ reason: r.reason, printed: r.printed, calls: r.calls }).toEqual({
      reason: undefined,
      printed: envelope('doc.inspect', { document: { result: { title: 'T' }, success: true } }, ok('get_document_info')),
      calls: [{ tool: 'get_document_info', arguments: { nodeId: 'D1' } }],
    });
  });

  // h56-wd: each read stamped by the runner, and a blank answer the nil map as null is (app/runner.go:774-783,
  // app/tool_caller_adapter.go:141-193@c7521c1c)
  it('adds each opted-in read under its key and its tool as a step, in upstream order; a null or blank answer is printed null', async () => {
    mcp.answers['doc/get_document_info'] = () => ({ title: 'T' });
    mcp.answers['doc/get_document_style'] = () => null;
    mcp.answers['doc/list_permission'] = () => ({ members: [] });
    // a blank answer TEXT (a JSON string holding a space is no object: upstream's decode fails it, see below)
    mcp.faults.push({ tool: 'list_doc_versions', times: 1, body: { contentType: 'application/json', text: JSON.stringify({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: ' ' }] } }) } });
    mcp.answers['doc/list_document_blocks'] = () => ({ jsonml: '[]' });
    mcp.answers['doc-comment/list_comments'] = () => ({ comments: [] });
    const r = await run(['doc', '+inspect', '--node', 'D1', '--include-comments', '--include-media', '--include-history', '--include-permissions', '--include-style']);
    expect({ reason: r.reason, printed: r.printed }).toEqual({
      reason: undefined,
      printed: envelope('doc.inspect', {
        comments: { comments: [], success: true }, document: { title: 'T', success: true }, history: null, media: { jsonml: '[]', success: true },
        permissions: { members: [], success: true }, style: null,
      }, ok('get_document_info', 'get_document_style', 'list_permission', 'list_doc_versions', 'list_document_blocks', 'list_comments')),
    });
  });

  it('fails on a read whose answer does not decode into an object', async () => {
    mcp.answers['doc/get_document_info'] = () => ({ title: 'T' });
    mcp.answers['doc/get_document_style'] = () => ['cover'];
    expect((await run(['doc', '+inspect', '--node', 'D1', '--include-style'])).reason).toBe('backend_error');
    mcp.answers['doc/get_document_info'] = () => 'no such document';
    expect((await run(['doc', '+inspect', '--node', 'D1'])).reason).toBe('backend_error');
  });
});

describe('doc +update prints the whole envelope (content_shortcuts.go:699-776@c7521c1c)', () => {
  it('block_delete: {nodeId, result, verification, verified} with the steps delete_document_block, verify; a null write answer is printed null', async () => {
    mcp.answers['doc/delete_document_block'] = () => null;
    mcp.answers['doc/list_document_blocks'] = () => ({ blocks: [{ blockId: 'b1', text: '甲' }], hasMore: false });
    const r = await run(['doc', '+update', '--node', 'D1', '--command', 'block_delete', '--block-id', 'b2', '--yes']);
    expect({ reason: r.reason, printed: r.printed }).toEqual({
      reason: undefined,
      printed: envelope('doc.update', {
        nodeId: 'D1', result: null, verification: { blocks: [{ blockId: 'b1', text: '甲' }], hasMore: false, totalCount: 1 }, verified: true,
      }, ok('delete_document_block', 'verify')),
    });
  });

  it('a write answer that does not decode into an object fails before the read-back', async () => {
    mcp.answers['doc/update_document_block'] = () => ['done'];
    const r = await run(['doc', '+update', '--node', 'D1', '--command', 'block_replace', '--block-id', 'b2', '--content', '新', '--yes']);
    expect({ reason: r.reason, tools: r.calls.map((c) => c.tool) }).toEqual({ reason: 'backend_error', tools: ['update_document_block'] });
  });
});

describe('doc +media-list prints collectMediaItems in the envelope (media_style_shortcuts.go:28-35, :333-374@c7521c1c)', () => {
  it('lists every object with a resourceId or a resource URL, node before children, each taking its own or its parent\'s block id', async () => {
    mcp.answers['doc/list_document_blocks'] = () => ({
      result: {
        blocks: [
          { blockId: ' b1 ', image: { resourceId: 'R1', src: 'https://x/1.png', name: '图', viewType: null } },
          { id: 'b2', resourceId: 42, attachment: { uuid: 'u3', downloadUrl: '', imageUrl: 'https://x/3.png', mimeType: 'image/png', type: 'image' } },
          { blockId: 'b4', resourceId: '', src: '', paragraph: { text: '无' } },
          { blockId: 'b5', resourceId: null, resourceUrl: 'https://x/5' },
        ],
      },
    });
    const r = await run(['doc', '+media-list', '--node', 'D1']);
    expect({ reason: r.reason, printed: r.printed, calls: r.calls }).toEqual({
      reason: undefined,
      printed: envelope('doc.media_list', {
        count: 4,
        media: [
          { blockId: 'b1', resourceId: 'R1', resourceUrl: 'https://x/1.png', name: '图', viewType: null },
          { blockId: 'b2', resourceId: '42' },
          { blockId: 'u3', resourceUrl: 'https://x/3.png', type: 'image', mimeType: 'image/png' },
          { blockId: 'b5', resourceUrl: 'https://x/5' },
        ],
        nodeId: 'D1',
      }, null),
      calls: [{ tool: 'list_document_blocks', arguments: { nodeId: 'D1', format: 'element' } }],
    });
  });

  it('prints media null and count 0 when nothing holds a resource (a Go nil slice), also for a null or blank answer', async () => {
    for (const answer of [{ blocks: [{ blockId: 'b1', text: '甲' }] }, null, ' ']) {
      mcp.answers['doc/list_document_blocks'] = () => answer;
      const r = await run(['doc', '+media-list', '--node', 'D1']);
      expect({ answer, printed: r.printed }).toEqual({ answer, printed: envelope('doc.media_list', { count: 0, media: null, nodeId: 'D1' }, null) });
    }
  });

  it('fails on an answer that does not decode into an object', async () => {
    mcp.answers['doc/list_document_blocks'] = () => [{ resourceId: 'R1' }];
    expect((await run(['doc', '+media-list', '--node', 'D1'])).reason).toBe('backend_error');
  });
});

describe('doc shortcuts printing the envelope read a write answer as CallMCPWriteData does (runner.go:228-233, :255-271@c7521c1c)', () => {
  // h56-wd: through the runner a blank text is the nil map too (app/tool_caller_adapter.go:141-193@c7521c1c)
  it('doc +create-from-template prints a null or blank answer as null', async () => {
    for (const [answer, result] of [[null, null], ['  ', null]] as const) {
      mcp.answers['doc/apply_doc_template'] = () => answer;
      const r = await run(['doc', '+create-from-template', '--template-id', 'T1', '--yes']);
      expect({ reason: r.reason, printed: r.printed }).toEqual({
        reason: undefined, printed: envelope('doc.create_from_template', { templateId: 'T1', result }, ok('apply_template')),
      });
    }
  });

  it('doc +export-submit, +create-from-template, +comment-create, +export-get, +template-search and +create fail on an answer that does not decode into an object', async () => {
    const runs: [string, string[], unknown][] = [
      ['doc/submit_export_job', ['doc', '+export-submit', '--node', 'D1'], [1, 2]],
      ['doc/apply_doc_template', ['doc', '+create-from-template', '--template-id', 'T1', '--yes'], 'created'],
      ['doc-comment/create_comment', ['doc', '+comment-create', '--node', 'D1', '--content', '好', '--yes'], 5],
      ['doc/query_export_job', ['doc', '+export-get', '--job-id', 'J1', '--yes'], [{ status: 'SUCCESS' }]],
      ['doc/search_doc_templates', ['doc', '+template-search', '--query', '周报'], 'no templates'],
      ['doc/create_document', ['doc', '+create', '--name', '周报', '--yes'], true],
    ];
    for (const [tool, argv, answer] of runs) {
      mcp.answers[tool] = () => answer;
      const r = await run(argv);
      expect({ tool, reason: r.reason, printed: r.printed }).toEqual({ tool, reason: 'backend_error', printed: undefined });
    }
  });
});
