// Session 55, stamp2 (issue 32): requireDriveObject / requireWikiObject (shortcut/drive/common.go:79-122,
// shortcut/wiki/common.go:52-101@c7521c1c) read every answer after the runner's success stamp (app/runner.go:774-783):
// each of their callers gets it through rt.CallMCPData / CallMCPReadData (shortcut/runner.go:200-289). So a raw
// one-key answer {id: x} is {id: x, success: true}, two keys, accepted and returned stamped; a lone {success: true}
// is still no business object. The transform answer_object reads it the same way (notes/h55-stamp2.md).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply } from './fake-plan.js';
import { dispatchInProcess, resultOf } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();
const env = () => privateEnv(mcp.urlTemplate, 't', mkdtempSync(path.join(os.tmpdir(), 'dws-h55-stamp2-')));
const run = (argv: string[]) => resultOf(argv, env());
async function failure(argv: string[]): Promise<string> {
  const { out, error } = await dispatchInProcess(argv, env());
  expect(out).toBe('');
  expect(error).toBeDefined();
  return error!.reason;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Upstream's check, written from drive/common.go:79-122 on the stamped map: the picked object, or undefined when refused. */
function upstream(raw: Obj): Obj | undefined {
  if (Object.keys(raw).length === 0) return undefined; // a blank text (unstamped {}) or a stamped {} (one key): refused
  const data: Obj = Object.hasOwn(raw, 'success') ? raw : { ...raw, success: true };
  if (Object.hasOwn(data, 'success') && data.success !== true) return undefined;
  for (const wrapper of ['result', 'data']) {
    if (!Object.hasOwn(data, wrapper)) continue;
    const inner = data[wrapper];
    return isObj(inner) && Object.keys(inner).length > 0 ? inner : undefined;
  }
  return Object.keys(data).length === 1 ? undefined : data;
}

const value = fc.oneof(fc.constant(null), fc.boolean(), fc.string({ maxLength: 3 }), fc.integer(), fc.constant({}), fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }), fc.constant([]));
const key = fc.oneof(fc.constantFrom('success', 'result', 'data', 'id', 'nodeId', 'name'), fc.string({ maxLength: 4 }));
const answer = fc.dictionary(key, value, { maxKeys: 4 });

describe('the transform answer_object reads the stamped answer', () => {
  it('accepts an object iff upstream accepts the stamped one, and gives what upstream picks (fast-check)', () => {
    fc.assert(fc.property(answer, (raw) => {
      const want = upstream(raw);
      let got: unknown;
      let refused: unknown;
      try {
        got = apply(['answer_object'], raw);
      } catch (e) {
        refused = e;
      }
      if (want === undefined) expect(refused, JSON.stringify(raw)).toMatchObject({ reason: 'backend_error' });
      else expect(got, JSON.stringify(raw)).toEqual(want);
    }), { numRuns: 400 });
  });
  it('a raw one-key answer is stamped and accepted; a lone success, an empty answer and a text success are refused', () => {
    expect(apply(['answer_object'], { id: 'n1' })).toEqual({ id: 'n1', success: true });
    expect(apply(['answer_object'], { id: 'n1', success: true })).toEqual({ id: 'n1', success: true });
    for (const raw of [{ success: true }, {}, { id: 'n1', success: 'true' }, { id: 'n1', success: null }]) {
      expect(() => apply(['answer_object'], raw), JSON.stringify(raw)).toThrow(expect.objectContaining({ reason: 'backend_error' }) as Error);
    }
  });
});

describe('commands whose answer upstream reads through requireDriveObject / requireWikiObject', () => {
  it('drive +info prints a raw one-key answer stamped (drive.go:155-161); a lone success is refused', async () => {
    mcp.answers['drive/get_file_info'] = () => ({ fileId: 'n1' });
    expect(await run(['drive', '+info', '--node', 'n1'])).toEqual({ fileId: 'n1', success: true });
    mcp.answers['drive/get_file_info'] = () => ({ success: true });
    expect(await failure(['drive', '+info', '--node', 'n1'])).toBe('backend_error');
    mcp.answers['drive/get_file_info'] = () => ({ fileId: 'n1', success: 'yes' });
    expect(await failure(['drive', '+info', '--node', 'n1'])).toBe('backend_error');
  });
  it('drive +stats prints a wrapped answer unstamped, as upstream picks the result (operations.go:322-331)', async () => {
    mcp.answers['drive/get_node_stats'] = () => ({ result: { viewCount: 3 } });
    expect(await run(['drive', '+stats', '--node', 'n1'])).toEqual({ viewCount: 3 });
  });
  it('wiki +node-get prints a raw {nodeId} stamped (nodes.go:43-55); a lone success is refused', async () => {
    mcp.answers['doc/get_document_info'] = () => ({ nodeId: 'n1' });
    expect(await run(['wiki', '+node-get', '--node', 'n1'])).toEqual({ nodeId: 'n1', success: true });
    mcp.answers['doc/get_document_info'] = () => ({ success: true });
    expect(await failure(['wiki', '+node-get', '--node', 'n1'])).toBe('backend_error');
  });
  it('wiki +delete-space goes on past a raw one-key preflight {workspaceId} (wiki.go:131-137) and deletes', async () => {
    mcp.answers['wiki/get_wikiSpace'] = () => ({ workspaceId: 'ws1' });
    mcp.answers['wiki/delete_wikiSpace'] = () => ({ success: true });
    await run(['wiki', '+delete-space', '--workspace', 'ws1', '--yes']);
    expect(mcp.calls.map((c) => c.name)).toEqual(['get_wikiSpace', 'delete_wikiSpace']);
  });
  it('drive +rename goes on past a raw one-key preflight {name} and takes a one-key read-back (operations.go:224-248)', async () => {
    mcp.answers['drive/get_file_info'] = (_a, n) => (n === 0 ? { name: '周报.pdf' } : { name: '季报' });
    mcp.answers['doc/rename_document'] = () => ({ success: true });
    const printed = await run(['drive', '+rename', '--node', 'n1', '--name', '季报', '--yes']);
    expect(mcp.calls.map((c) => c.name)).toEqual(['get_file_info', 'rename_document', 'get_file_info']);
    expect(printed).toMatchObject({ success: true });
  });
});

// explicitEmptyRecordQuery (record_query_all.go:109-125@c7521c1c) reads the stamped page in queryRecordWindow, which
// every aitable record read-back pages through (record_batch.go:305-333: +record-delete, +record-update,
// +record-upsert, +record-bulk-patch, the attachment commands); +record-query's page was fixed in h55-stamp
describe('aitable read-backs: the explicit empty page without success is the empty set', () => {
  const del = ['aitable', '+record-delete', '--base-id', 'b1', '--table-id', 't1', '--record-ids', 'r1', '--yes'];
  it('+record-delete: {status: success, data: {}} is stamped success true, so the records are verified absent', async () => {
    mcp.answers['aitable/delete_records'] = () => ({ data: {} });
    mcp.answers['aitable/query_records'] = () => ({ status: 'success', data: {} });
    expect(await run(del)).toMatchObject({ verification: { status: 'verified_absent', verifiedCount: 1 } });
  });
  it('controls: a success that is not true, a non-empty data or an error object is no empty set (partial_outcome)', async () => {
    mcp.answers['aitable/delete_records'] = () => ({ data: {} });
    for (const page of [{ success: 'true', status: 'success', data: {} }, { status: 'success', data: { n: 1 } }, { status: 'success', data: {}, error: { code: 1 } }, { status: 'done', data: {} }]) {
      mcp.answers['aitable/query_records'] = () => page;
      expect(await failure(del), JSON.stringify(page)).toBe('partial_outcome');
    }
  });
});

// minutes +mindmap (workflows.go:345-355@c7521c1c): createAcknowledged is RequireWriteAcknowledgement on the
// CallMCPWriteData answer, which the runner stamped: an object without success acknowledges the create
describe('minutes +mindmap: createAcknowledged reads the stamped create answer', () => {
  const argv = ['minutes', '+mindmap', '--id', 't1', '--yes'];
  const acknowledged = async (create: unknown) => {
    mcp.answers['minutes/create_mind_graph'] = () => create;
    mcp.answers['minutes/query_mind_graph_status'] = () => ({ result: { status: 1, taskStatus: 1 } });
    return ((await run(argv)) as Record<string, unknown>).createAcknowledged;
  };
  it('an object without success ({a: 1}, {result: {}}) acknowledges the create', async () => {
    expect(await acknowledged({ a: 1 })).toBe(true);
    expect(await acknowledged({ result: {} })).toBe(true);
  });
  it('controls: success true acknowledges; a text success does not', async () => {
    expect(await acknowledged({ success: true })).toBe(true);
    expect(await acknowledged({ success: 'yes' })).toBe(false);
  });
});
