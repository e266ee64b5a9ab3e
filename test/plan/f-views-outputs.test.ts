// What aitable +view-preset-apply, wiki +move / +delete-space and the drive read-backs print or refuse, as upstream's
// bodies at c7521c1c do: view_preset.go:46-139 (no write for a view that already holds the preset, the "unchanged"
// result; after a write the read-back proven or a failure), wiki nodes.go:145-195 and wiki.go:128-145 (the read-back
// node id; requireWikiObject, common.go:83-100), drive common.go:99-122 (requireDriveObject). Run as a user types them,
// against the recording backend on 127.0.0.1; the calls are pinned by test/fixtures/calls/{aitable,wiki,drive}.yaml
// (cases f-views:).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, resultOf } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

const env = () => privateEnv(mcp.urlTemplate, 't', mkdtempSync(path.join(os.tmpdir(), 'dws-fviews-')));
const run = (argv: string[]) => resultOf(argv, env());
/** A run that must fail: its error's reason and message. */
const failure = async (argv: string[]) => {
  const outcome = await dispatchInProcess(argv, env());
  expect(outcome.out).toBe('');
  return { reason: outcome.error?.reason, message: outcome.error?.message ?? '' };
};
const calls = () => mcp.calls.map((c) => `${c.server}/${c.name}`);

describe('aitable +view-preset-apply', () => {
  const argv = ['aitable', '+view-preset-apply', '--base-id', 'b1', '--table-id', 't1', '--name', ' 待处理 ', '--view-type', 'Grid',
    '--config', '{"visibleFieldIds":["f1"],"filter":{"operator":"and"}}', '--yes'];
  const config = { visibleFieldIds: ['f1'], filter: { operator: 'and' } };

  it('writes nothing to a view that already holds the preset and prints upstream\'s unchanged result', async () => {
    mcp.answers['aitable/get_views'] = () => ({ data: { views: [
      { viewId: 'v0', viewName: '全部', viewType: 'Grid' },
      { viewId: 'v1', viewName: '待处理', viewType: 'Grid', config: { filter: { operands: [], operator: 'and' }, visibleFieldIds: ['f1'] } },
    ] } });
    const printed = await run(argv);
    expect(calls()).toEqual(['aitable/get_views']);
    expect(JSON.stringify(printed)).toBe(JSON.stringify({
      contractVersion: 'aitable.composite.v1', operation: 'view_preset_apply', status: 'unchanged', executed: false, retryable: false,
      resolved: { action: 'unchanged', name: '待处理', viewId: 'v1' }, verification: { status: 'verified', viewId: 'v1' },
    }));
  });

  it('updates a view whose config lacks part of the preset, reads it back and prints upstream\'s success result', async () => {
    mcp.answers['aitable/get_views'] = (_args, n) => ({ data: { views: [
      { viewId: 'v1', viewName: '待处理', viewType: 'Grid', config: n === 0 ? { visibleFieldIds: ['f1'] } : { ...config, sorts: [] } },
    ] } });
    mcp.answers['aitable/update_view'] = () => ({ success: true });
    const printed = await run(argv);
    expect(calls()).toEqual(['aitable/get_views', 'aitable/update_view', 'aitable/get_views']);
    expect(mcp.calls[1].arguments).toEqual({ baseId: 'b1', tableId: 't1', viewId: 'v1', newViewName: '待处理', config });
    const view = { config: { filter: { operator: 'and' }, sorts: [], visibleFieldIds: ['f1'] }, viewId: 'v1', viewName: '待处理', viewType: 'Grid' };
    expect(JSON.stringify(printed)).toBe(JSON.stringify({
      contractVersion: 'aitable.composite.v1', operation: 'view_preset_apply', status: 'success', executed: true, retryable: false, completedCount: 1,
      resolved: { action: 'update', name: '待处理', viewId: 'v1' },
      plan: [{ index: 1, name: 'update view preset', tool: 'update_view', status: 'planned',
        arguments: { baseId: 'b1', config: { filter: { operator: 'and' }, visibleFieldIds: ['f1'] }, newViewName: '待处理', tableId: 't1', viewId: 'v1' } }],
      verification: { status: 'verified', viewId: 'v1', viewType: 'Grid' },
      result: { action: 'update', view, viewId: 'v1' },
    }));
  });

  it('creates a view that is not there and prints the created view proven by the read-back', async () => {
    mcp.answers['aitable/get_views'] = (_args, n) => ({ views: n === 0 ? [] : [{ viewId: 'v9', viewName: '待处理', viewType: 'Grid', config }] });
    mcp.answers['aitable/create_view'] = () => ({ data: { viewId: 'v9' } });
    const printed = (await run(argv)) as Record<string, unknown>;
    expect(calls()).toEqual(['aitable/get_views', 'aitable/create_view', 'aitable/get_views']);
    expect(printed).toMatchObject({ status: 'success', resolved: { action: 'create', name: '待处理', viewId: 'v9' },
      plan: [{ name: 'create view preset', tool: 'create_view', arguments: { baseId: 'b1', config, tableId: 't1', viewName: '待处理', viewType: 'Grid' } }],
      result: { action: 'create', viewId: 'v9' } });
  });

  it('fails after the write when the read-back does not hold the preset, or names another view', async () => {
    mcp.answers['aitable/get_views'] = (_args, n) => ({ data: { views: [{ viewId: 'v1', viewName: '待处理', viewType: 'Grid', config: n === 0 ? {} : { visibleFieldIds: ['f1'] } }] } });
    mcp.answers['aitable/update_view'] = () => ({ success: true });
    expect(await failure(argv)).toEqual({ reason: 'partial_outcome', message: expect.stringContaining('does not hold --view-type and --config') as unknown });
    expect(calls()).toEqual(['aitable/get_views', 'aitable/update_view', 'aitable/get_views']);
    mcp.calls.length = 0;
    mcp.answers['aitable/get_views'] = (_args, n) => ({ data: { views: n === 0 ? [] : [{ viewId: 'v8', viewName: '待处理', viewType: 'Grid', config }] } });
    mcp.answers['aitable/create_view'] = () => ({ data: { viewId: 'v9' } });
    expect(await failure(argv)).toEqual({ reason: 'partial_outcome', message: expect.stringContaining('another one than the view written') as unknown });
  });

  it('refuses a view of that name and another type before any write', async () => {
    mcp.answers['aitable/get_views'] = () => ({ data: { views: [{ viewId: 'v1', viewName: '待处理', type: 'Kanban', config }] } });
    expect(await failure(argv)).toEqual({ reason: 'invalid_parameter', message: expect.stringContaining('another view type') as unknown });
    expect(calls()).toEqual(['aitable/get_views']);
  });
});

describe('wiki +move and +delete-space', () => {
  const move = ['wiki', '+move', '--workspace', 'ws2', '--node', 'n1', '--yes'];
  const before = { nodeId: 'n1', workspaceId: 'ws1' };

  it('+move prints the read-back object unwrapped once it names the node, read from id after a blank nodeId', async () => {
    mcp.answers['doc/get_document_info'] = (_args, n) => (n === 0 ? before : { success: true, data: { nodeId: ' ', id: 'n1', workspaceId: 'ws2' } });
    mcp.answers['doc/move_document'] = () => ({ success: true });
    expect(await run(move)).toEqual({ success: true, nodeId: 'n1', node: { nodeId: ' ', id: 'n1', workspaceId: 'ws2' } });
  });

  it('+move fails after the write when the read-back names another node', async () => {
    mcp.answers['doc/get_document_info'] = (_args, n) => (n === 0 ? before : { result: { nodeId: 'n9', workspaceId: 'ws2' } });
    mcp.answers['doc/move_document'] = () => ({ success: true });
    expect(await failure(move)).toEqual({ reason: 'partial_outcome', message: expect.stringContaining("another node's id than --node") as unknown });
    expect(calls()).toEqual(['doc/get_document_info', 'doc/move_document', 'doc/get_document_info']);
  });

  // h55-stamp2: a raw one-key answer is stamped by upstream's runner ({nodeId, success: true}, two keys), so only a
  // lone success is one key when requireWikiObject reads it (wiki/common.go:97-99, app/runner.go:774-783@c7521c1c)
  it('+move and +delete-space refuse a preflight answer of one key before writing', async () => {
    mcp.answers['doc/get_document_info'] = () => ({ success: true });
    expect(await failure(move)).toEqual({ reason: 'backend_error', message: expect.stringContaining('single key') as unknown });
    mcp.answers['wiki/get_wikiSpace'] = () => ({ success: true });
    expect(await failure(['wiki', '+delete-space', '--workspace', 'ws1', '--yes'])).toEqual({ reason: 'backend_error', message: expect.stringContaining('single key') as unknown });
    expect(calls()).toEqual(['doc/get_document_info', 'wiki/get_wikiSpace']);
  });
});

describe('drive read-backs through answer_object', () => {
  it('+create-shortcut prints a top-level read-back of two keys, and fails after the write on one of a single key', async () => {
    mcp.answers['drive/create_shortcut'] = () => ({ success: true, result: { fileId: 's1' } });
    mcp.answers['drive/get_file_info'] = () => ({ fileId: 's1', name: '快捷方式' });
    expect(await run(['drive', '+create-shortcut', '--node', 'n1'])).toEqual({ success: true, nodeId: 's1', shortcut: { fileId: 's1', name: '快捷方式', success: true } });
    mcp.answers['drive/get_file_info'] = () => ({ success: true });
    expect(await failure(['drive', '+create-shortcut', '--node', 'n1'])).toEqual({ reason: 'partial_outcome', message: expect.stringContaining('single key') as unknown });
  });

  it('+copy fails after the write on a read-back whose result is not an object, even with a data object beside it', async () => {
    mcp.answers['doc/get_document_info'] = (_args, n) => (n === 0 ? { result: { extension: 'adoc' } } : { result: 'n2', data: { nodeId: 'n2' } });
    mcp.answers['doc/copy_document'] = () => ({ success: true, result: { nodeId: 'n2' } });
    expect(await failure(['drive', '+copy', '--node', 'n1', '--yes'])).toEqual({ reason: 'partial_outcome', message: expect.stringContaining('result that is not a non-empty object') as unknown });
  });

  it('+info, +stats and +publish-get print the object unwrapped; +publish-set and +version-revert print it under publish/file', async () => {
    mcp.answers['drive/get_file_info'] = () => ({ success: true, result: { fileId: 'n1', name: '周报.pdf' } });
    expect(await run(['drive', '+info', '--node', 'n1'])).toEqual({ fileId: 'n1', name: '周报.pdf' });
    mcp.answers['drive/get_node_stats'] = () => ({ success: true, viewCount: 3 });
    expect(await run(['drive', '+stats', '--node', 'n1'])).toEqual({ success: true, viewCount: 3 });
    mcp.answers['drive/get_file_publish_status'] = () => ({ data: { published: 'yes', isPublished: true } });
    expect(await run(['drive', '+publish-get', '--node', 'f1'])).toEqual({ published: 'yes', isPublished: true });
    mcp.answers['drive/set_file_publish'] = () => ({ success: true });
    expect(await run(['drive', '+publish-set', '--node', 'f1', '--yes'])).toEqual({ success: true, nodeId: 'f1', publish: { published: 'yes', isPublished: true } });
    mcp.answers['drive/get_file_publish_status'] = () => ({ data: { isPublished: false, publish: true } });
    expect(await failure(['drive', '+publish-set', '--node', 'f1', '--yes'])).toEqual({ reason: 'partial_outcome', message: expect.stringContaining('published=true') as unknown });
    mcp.answers['drive/list_file_versions'] = () => ({ result: { versions: [{ version: 3 }] } });
    mcp.answers['drive/revert_file_version'] = () => ({ success: true });
    expect(await run(['drive', '+version-revert', '--node', 'n1', '--version', '3', '--yes'])).toEqual({ success: true, nodeId: 'n1', revertedTo: 3, file: { fileId: 'n1', name: '周报.pdf' } });
  });

  it('+rename refuses a one-key preflight before renaming', async () => {
    mcp.answers['drive/get_file_info'] = () => ({ success: true });
    expect(await failure(['drive', '+rename', '--node', 'n1', '--name', '季报', '--yes'])).toEqual({ reason: 'backend_error', message: expect.stringContaining('single key') as unknown });
    expect(calls()).toEqual(['drive/get_file_info']);
  });
});
